"""`cards import` (issue 15): each format, the report, broken rows, duplicates, bad
encodings, bounds, re-import in place, a failed import changing nothing, 20,000 rows."""

from __future__ import annotations

import json

import pytest

from bot.cards import db
from bot.cards.formats import CardImportError
from bot.cards.importer import import_files
from tests.work_bounds import cpu_bound
from tests.cards_support import CLASSIC_CARDS, CSV_HEADER, CSV_ROWS, NXT_CARDS, all_formats, card_home, write_csv, write_json  # noqa: F401


def cards_by_name():
    return {c.name: c for c in db.all_cards(db.cards_store())}


def test_nxt_fields_kinds_traits_and_parsed_text(card_home):
    r = import_files([str(write_json(card_home / "n.json", NXT_CARDS))])
    assert (r.added, r.updated, r.rejected, r.files[0][1]) == (7, 0, [], "nxt")
    assert r.texts["empty"] == 1 and r.texts["complete"] + r.texts["partial"] + r.texts["failed"] == 6
    c = cards_by_name()
    g = c["Гном-камнетёс"]
    assert (g.kind, g.traits, g.element, g.cost, g.elite, g.lives, g.movement, g.strikes, g.set_name, g.number) == \
        ("creature", (), "горы", 5, False, 9, 1, (1, 2, 3), "90", "1")
    assert g.classes == ("Гном",) and g.complete is True and g.text.startswith("{tap}: Ранить")
    assert c["Светлячок-помощник"].traits == ("symbiote",)
    assert c["Дхиру"].traits == ("parasite", "incorporeal") and c["Дхиру"].unique is True
    assert c["Огнекрыл"].traits == ("flying",)
    assert (c["Башня Ветров"].kind, c["Мшистые Топи"].kind) == ("artifact", "terrain")
    assert c["Мшистые Топи"].complete is None      # no text: nothing to parse


def test_classic_icons_normalised_equipment_class_and_inflections(card_home):
    r = import_files([str(write_json(card_home / "c.json", CLASSIC_CARDS))], "classic")
    assert r.imported == 5 and not r.rejected
    c = cards_by_name()
    s = c["Каменный Страж"]
    assert s.text.startswith("{tap}: Закрыть") and "[:" not in s.text and s.elite is True and s.set_name == "9"
    assert "Каменного Стража" in s.forms
    assert c["Призрачный дозорный"].traits == ("incorporeal",)
    assert c["Призрачный дозорный"].text == "Бестелесный. -1 от {strike}."
    k = c["Кольчуга Предков"]
    assert (k.kind, k.equipment_class) == ("equipment", "доспех") and k.rules() == ["212"]
    assert (c["Маяк Заката"].kind, c["Маяк Заката"].unique) == ("artifact", True)
    assert c["Летучий ястреб"].traits == ("flying",)


def test_csv_semicolon_with_kind_words(card_home):
    r = import_files([str(write_csv(card_home / "c.csv"))])
    assert r.files[0][1] == "csv" and r.imported == 3
    c = cards_by_name()
    assert c["Слизень-прилипала"].traits == ("parasite",) and c["Слизень-прилипала"].rules() == ["209", "209.2"]
    assert (c["Ведьма Сумерек"].unique, c["Ведьма Сумерек"].elite, c["Ведьма Сумерек"].strikes) == (True, False, (1, 2, 2))
    assert c["Щитоносец"].text == "" and c["Щитоносец"].movement == 1


def test_broken_rows_are_rejected_with_reasons_the_rest_imported(card_home):
    rows = CSV_ROWS + [
        ";существо;;;;;;;;;;;безымянная\n",
        "Кривой;дракон;;;;;;;;;;;\n",
        "Кривой-2;существо;;;много;;;;;;;;\n",
        "Кривой-3;существо;летучий;;;;;;;;;;\n",
        "Кривой-4;существо;;;;может быть;;;;;;;\n",
        "Кривой-5;существо;;;3;;;;;1-2-3-4;;;\n",
        "Д" * 200 + ";существо;;;;;;;;;;;\n",
    ]
    r = import_files([str(write_csv(card_home / "b.csv", rows))])
    reasons = [x[2] for x in r.rejected]
    assert r.imported == 3 and len(r.rejected) == 7
    assert reasons[0] == "нет имени карты"
    assert "неизвестный вид карты «дракон»" in reasons[1]
    assert "ожидалось число, а не «много»" in reasons[2]
    assert "неизвестное свойство «летучий»" in reasons[3]
    assert "ожидалось да или нет" in reasons[4]
    assert "больше трёх чисел" in reasons[5]
    assert "имя карты слишком длинное (200 символов" in reasons[6]
    assert [x[1] for x in r.rejected][:2] == ["строка 5", "строка 6"]
    text = "\n".join(r.lines())
    assert "Отклонено строк: 7." in text and "строка 5: нет имени карты" in text


def test_json_rows_not_objects_or_unknown_type(card_home):
    cards = [*NXT_CARDS[:2], "строка", {**NXT_CARDS[2], "id": "x9", "type": 9}, {**NXT_CARDS[3], "id": "x10", "life": "??"}]
    r = import_files([str(write_json(card_home / "n.json", cards))])
    assert r.imported == 2
    assert [(w, why.split(" (")[0].split(";")[0]) for _, w, why in r.rejected] == [
        ("запись 3", "не объект карты"), ("запись 4", "неизвестный тип карты «9»"),
        ("запись 5", "поле «жизни»: ожидалось число, а не «??»")]


def test_duplicates_reported_first_kept(card_home):
    cards = NXT_CARDS + [dict(NXT_CARDS[0], name="Гном-камнетёс", cost=9)]
    r = import_files([str(write_json(card_home / "n.json", cards))])
    assert [(w, n) for _, w, n in r.duplicates] == [("запись 8", "Гном-камнетёс")]
    assert cards_by_name()["Гном-камнетёс"].cost == 5
    rows = CSV_ROWS + [CSV_ROWS[0]]
    r2 = import_files([str(write_csv(card_home / "d.csv", rows))])
    assert len(r2.duplicates) == 1 and r2.imported == 3


def test_reimport_updates_in_place(card_home):
    p = write_json(card_home / "n.json", NXT_CARDS)
    import_files([str(p)])
    changed = [dict(c) for c in NXT_CARDS]
    changed[0]["cost"] = 8
    changed[0]["text"] = "{tap}: Ранить выбранное существо на 3."
    r = import_files([str(write_json(p, changed))])
    assert (r.added, r.updated, r.total) == (0, 7, 7)
    g = cards_by_name()["Гном-камнетёс"]
    assert (g.cost, g.text) == (8, "{tap}: Ранить выбранное существо на 3.")


def test_failed_import_changes_nothing(card_home):
    import_files([str(write_json(card_home / "n.json", NXT_CARDS))])
    before = db.revision(db.cards_store())
    bad = card_home / "bad.json"
    bad.write_text("[{\"name\": ", encoding="utf-8")
    with pytest.raises(CardImportError, match=r"bad\.json: строка 1, столбец \d+: это не JSON"):
        import_files([str(write_csv(card_home / "ok.csv")), str(bad)])
    assert db.count(db.cards_store()) == 7 and db.revision(db.cards_store()) == before
    # a store failure in the middle of the write rolls the whole transaction back
    from bot.cards import importer

    def broken_upsert(store, cards):
        store.execute("INSERT INTO cards_meta (meta_key, meta_value) VALUES ('probe', 1)")
        raise RuntimeError("disk full")

    real = db.upsert
    db.upsert = broken_upsert
    try:
        with pytest.raises(RuntimeError):
            importer.import_files([str(write_csv(card_home / "ok.csv"))])
    finally:
        db.upsert = real
    st = db.cards_store()
    assert db.count(st) == 7 and st.query("SELECT COUNT(*) FROM cards_meta WHERE meta_key = 'probe'")[0][0] == 0


def test_encodings_bom_cp1251_utf16_and_refusal(card_home):
    r = import_files([str(write_csv(card_home / "bom.csv", encoding="utf-8-sig"))])
    assert r.imported == 3 and not r.notes
    r = import_files([str(write_csv(card_home / "win.csv", encoding="cp1251"))])
    assert r.imported == 3 and "cp1251" in r.notes[0]
    assert cards_by_name()["Ведьма Сумерек"].element == "тьма"
    r = import_files([str(write_csv(card_home / "u16.csv", encoding="utf-16"))])
    assert r.imported == 3 and "UTF-16" in r.notes[0]
    junk = card_home / "junk.csv"
    junk.write_bytes(CSV_HEADER.encode() + bytes(range(0x80, 0xA0)) * 4)
    with pytest.raises(CardImportError, match=r"не читается как UTF-8 \(байт \d+\) и не похож на русский текст"):
        import_files([str(junk)])
    binary = card_home / "bin.json"
    binary.write_bytes(b"[\x00\x01]")
    with pytest.raises(CardImportError, match="двоичный файл"):
        import_files([str(binary)])


def test_bounds_file_rows_and_missing(card_home, monkeypatch):
    from bot.cards import formats

    with pytest.raises(CardImportError, match="файл не найден"):
        import_files([str(card_home / "nope.json")])
    monkeypatch.setattr(formats, "MAX_ROWS", 5)
    with pytest.raises(CardImportError, match=r"слишком много карт \(7, не больше 5\)"):
        import_files([str(write_json(card_home / "n.json", NXT_CARDS))])
    monkeypatch.setattr(formats, "MAX_FILE_BYTES", 100)
    with pytest.raises(CardImportError, match="файл слишком большой"):
        import_files([str(write_csv(card_home / "c.csv"))])
    long_text = [dict(NXT_CARDS[0], text="Ранить выбранное существо на 1. " * 400)]
    monkeypatch.setattr(formats, "MAX_FILE_BYTES", 10**7)
    r = import_files([str(write_json(card_home / "long.json", long_text))])
    assert r.imported == 0 and "текст карты слишком длинный" in r.rejected[0][2]
    with pytest.raises(CardImportError, match="нет столбца с именем карты"):
        import_files([str(write_csv(card_home / "h.csv", header="кто;что\n", rows=["а;б\n"]))])
    with pytest.raises(CardImportError, match="формат JSON не распознан"):
        import_files([str(write_json(card_home / "o.json", [{"title": "x"}]))])


def test_twenty_thousand_rows_import_fast(card_home):
    texts = [f"{{tap}}: Ранить выбранное существо на {n}; получить {{counter}}." for n in range(1, 6)] + [""]
    syll = "ба ге ди ко лу ма не ро су ты фа хи це чу ша эр юн яр".split()
    cards = []
    for i in range(20_000):
        name = syll[i % 18].capitalize() + syll[(i // 18) % 18] + syll[(i // 324) % 18] + "-" + str(i)
        cards.append({"id": str(i), "set_id": 1 + i // 1000, "number": i, "name": name, "cost": i % 10,
                      "elite": bool(i % 2), "uniq": False, "color": 1 << (i % 6), "class": [""], "type": i % 6,
                      "life": 5, "move": 1, "hit": [1, 2, 3], "icons": {}, "text": texts[i % 6]})
    p = write_json(card_home / "big.json", cards)
    with cpu_bound(60, "importing 20,000 rows"):   # a hang guard; speed is measured in benchmarks/cards_real.py
        r = import_files([str(p)])
    assert (r.added, len(r.rejected), r.total) == (20_000, 0, 20_000)
    assert (r.texts["empty"], r.texts["complete"]) == (3333, 16667)
    r2 = import_files([str(p)])
    assert (r2.added, r2.updated) == (0, 20_000)


def test_cli_cards_import_report_and_json(card_home, capsys):
    from bot.cli import main

    p = write_json(card_home / "n.json", NXT_CARDS)
    assert main(["cards", "import", str(p)]) == 0
    out = capsys.readouterr().out
    assert "Загружено карт: 7 (новых 7, обновлено 0); всего в базе: 7." in out and "формат nxt" in out
    assert main(["cards", "import", str(p), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["added"], obj["updated"], obj["texts"]["empty"]) == (0, 7, 1)
    assert main(["cards", "import", str(card_home / "nope.csv")]) == 1
    assert "файл не найден" in capsys.readouterr().err
    assert main(["cards", "import", str(p), "--format", "csv"]) == 1     # JSON read as CSV: no name column
    assert "нет столбца с именем карты" in capsys.readouterr().err
