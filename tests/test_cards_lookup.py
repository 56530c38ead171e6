"""Card lookup (issue 15): `card NAME`, `/card`, inline mode, card names in `ask`
questions — any case and inflection, typos, several hits, no database."""

from __future__ import annotations

import json

from bot.cards.index import CardIndex, find_cards, find_cards_in_text
from bot.cards.model import Card
from tests.cards_support import all_formats, card_home  # noqa: F401


def top(q):
    hits = find_cards(q)
    return hits[0].card.name if hits else None


def test_inflection_case_and_typos(all_formats):
    assert top("гнома-камнетёса") == "Гном-камнетёс"
    assert top("ГНОМ-КАМНЕТЕС") == "Гном-камнетёс"
    assert top("дхиру") == "Дхиру"
    assert top("топяного тролля") == "Топяной тролль"
    assert top("Каменному Стражу") == "Каменный Страж"         # the classic base's own inflections
    assert top("гном-камнетсё") == "Гном-камнетёс"            # two letters swapped
    assert top("топяной трол") == "Топяной тролль"            # a letter dropped
    assert top("огнекрвл") == "Огнекрыл"
    assert top("гномкамнетес") == "Гном-камнетёс"             # hyphen left out
    assert find_cards("совсем другое имя") == []


def test_several_hits_give_a_short_list_with_buttons(all_formats):
    from bot.chat.handlers import callback, handle

    r = handle("/card тролль")
    assert r.answers[0].route == "card" and r.answers[0].blocks[0].title == "Топяной тролль"
    r = handle("/card призрачный")           # one word of several names? only one here
    assert r.answers[0].route == "card"
    idx_names = ["Гном-рудокоп", "Гном-рудознатец", "Гном-камнетёс"]
    cards = [Card(key=n, name=n, kind="creature") for n in idx_names]
    hits = CardIndex(cards).find("гном")
    assert sorted(h.card.name for h in hits) == sorted(idx_names) and not any(h.whole for h in hits)
    # with the imported store: «ведьма» — one name matches, «гном» is a list only with several gnomes
    r = handle("/card ведьма")
    assert r.answers[0].blocks[0].title == "Ведьма Сумерек" and r.buttons == []
    from bot.cards import importer
    from tests.cards_support import write_json
    extra = [{"id": f"8{i}", "set_id": 80, "number": i, "name": n, "type": 0, "color": 2, "text": ""}
             for i, n in enumerate(["Гном-рудокоп", "Гном-рудознатец"])]
    importer.import_files([str(write_json(all_formats_dir(), extra))])
    r = handle("/card гном")
    assert r.answers[0].route == "card_list" and len(r.buttons) == 3
    assert all(b[0].data.startswith("k:") for b in r.buttons)
    picked = callback(r.buttons[0][0].data)
    assert picked.answers[0].route == "card"
    assert callback("k:000000000000").answers[0].route == "help"


def all_formats_dir():
    import os
    from pathlib import Path

    from bot import paths

    return Path(os.environ[paths.USER_DIR_ENV]).parent / "extra.json"


def test_card_answer_stats_tree_resolution_and_paragraphs(all_formats):
    from bot.cards.answer import card_answer, card_json

    ans = card_answer("топяного тролля", "5ed")
    text = ans.text
    assert "Вид: существо" in text and "Стоимость: 6, элитная" in text and "Удар: 2-3-4" in text
    assert "Особенности словами" in text and "«Уничтожить ваше существо», при этом «разряд на 4»" in text
    assert "Разрешение «Уничтожить ваше существо – разряд на 4» (505)" in text
    assert ans.citations == ["505.4.2"]
    sym = card_answer("светлячок-помощник", "5ed")
    assert sym.citations[0] == "209" and "Вид: существо, симбиот" in sym.text
    eq = card_answer("кольчугу предков", "5ed")
    assert eq.citations[0] == "212" and "экипировка (доспех)" in eq.text
    obj = card_json(find_cards("огнекрыл")[0].card)
    assert (obj["kind"], obj["traits"], obj["stats"]["strikes"]) == ("creature", ["flying"], [2, 3, 3])
    assert obj["ast"]["kind"] == "cost" and obj["citations"] == ["405.1", "505.5"]
    assert obj["abilities"][0]["resolution"][0]["rule"] in ("505.5", "302.6")


def test_cli_card_json_and_no_database(card_home, capsys):
    from bot.cli import main

    assert main(["card", "дхиру"]) == 1
    err = capsys.readouterr().err
    assert "Базы карт нет" in err and "berserk-judge cards import" in err
    from bot.chat.handlers import handle

    assert "cards import" in handle("/card дхиру").answers[0].text
    from bot.cards.importer import import_files
    from tests.cards_support import NXT_CARDS, write_json

    import_files([str(write_json(card_home / "n.json", NXT_CARDS))])
    assert main(["card", "дхиру", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["name"], obj["traits"], obj["citations"][:2]) == ("Дхиру", ["parasite", "incorporeal"], ["209", "209.2"])
    assert main(["card", "нет", "такой", "карты"]) == 1
    assert "не найдена" in capsys.readouterr().err
    assert main(["card", " "]) == 2
    assert "укажите имя карты, например: berserk-judge card" in capsys.readouterr().err


def test_inline_mode_finds_cards_and_paragraphs(all_formats):
    from bot.chat.handlers import inline

    items = inline("огнекрыл")
    assert items and items[0].title == "Карта: Огнекрыл" and items[0].answer.route == "card"
    assert inline("209.5")[0].title.startswith("п. 209.5")
    para = inline("симбиот летающий")
    assert para and all(not i.title.startswith("Карта") for i in para)


def test_mentions_in_a_question(all_formats):
    q = "Может ли мой Гном-камнетёс атаковать, если у противника Топяной тролль?"
    ms = find_cards_in_text(q)
    assert [(q[m.span[0]:m.span[1]], m.card.name) for m in ms] == [("Гном-камнетёс", "Гном-камнетёс"),
                                                                   ("Топяной тролль", "Топяной тролль")]
    assert [m.card.name for m in find_cards_in_text("а гнома-камнетёса можно закрыть?")] == ["Гном-камнетёс"]
    # a name that is a common word only when written as a name
    cards = [Card(key="w", name="Ведьма", kind="creature"), Card(key="s", name="Страж", kind="creature")]
    idx = CardIndex(cards)
    assert idx.mentions("ведьма может двигаться?") == []
    assert [m.card.name for m in idx.mentions("Может ли моя Ведьма двигаться?")] == ["Ведьма"]
    assert [m.card.name for m in idx.mentions("карта «страж» закрыта")] == ["Страж"]
    assert find_cards_in_text("Можно ли положить симбиота на летающее существо?") == []
    # a typo only in a capitalised unknown word one edit from exactly one name
    typo = find_cards_in_text("Может ли мой Гном-камнетс атаковать?")
    assert [(m.text, m.card.name, m.edits) for m in typo] == [("Гном-камнетс", "Гном-камнетёс", 1)]
    assert find_cards_in_text("может ли мой гном-камнетс атаковать?") == []      # not written as a name
    assert find_cards_in_text("А Дхиру и Огнекрл?")[1].card.name == "Огнекрыл"
    # the game's own name is never a card inside a question (grammar/card_formats.yaml)
    game = CardIndex([Card(key="b", name="Берсерк", kind="creature")])
    assert game.mentions("Где купить бустеры Берсерка?") == [] and game.find("берсерк")[0].card.name == "Берсерк"


def test_ask_reads_the_card_kind_and_says_which_card(all_formats):
    from bot.judge import ask

    ans = ask("Можно ли положить Светлячка-помощника на летающее существо?")
    assert ans.route == "scenario" and ans.verdict.startswith("Нет")
    assert "209.4" in ans.citations
    assert "карта «Светлячок-помощник» из вашей базы: существо, симбиот" in ans.blocks[0].text
    assert ans.cards[0]["card"]["traits"] == ["symbiote"] and ans.cards[0]["written"] == "Светлячка-помощника"
    assert ans.to_json()["cards"][0]["card"]["name"] == "Светлячок-помощник"
    assert ans.question == "Можно ли положить Светлячка-помощника на летающее существо?"
    # an unknown name stays unknown: no card, no invented trait
    plain = ask("Можно ли положить Шмыгуна на летающее существо?")
    assert plain.cards == [] and "to_json" and "cards" not in plain.to_json()


def test_the_reading_shows_the_card_with_its_database_kind(all_formats):
    from bot.judge import ask

    ans = ask("Можно ли положить Светлячка-помощника на Огнекрыла?")
    assert ans.verdict.startswith("Нет") and "209.4" in ans.citations
    cards = {c["id"]: c for c in ans.reading["state"]["cards"]}
    assert cards["Светлячок-помощник"]["traits"] == ["symbiote"]
    assert cards["Огнекрыл"]["traits"] == ["flying"]          # the database says it flies; the question does not
    ans = ask("Хозяин Светлячка-помощника погиб. Что со Светлячком-помощником?")
    assert ans.verdict == "Симбиот погибает" and "Светлячок-помощник" in {c["id"] for c in ans.reading["state"]["cards"]}
    # the same question about a creature the database does not know: no trait invented
    plain = ask("Можно ли положить Светлячка-помощника на Шмыгуна?")
    assert "Шмыгун" not in str(plain.reading)
    from bot.cards.reading import align, reader_kind
    from bot.cards.index import find_cards

    card = find_cards("дхиру")[0].card
    assert reader_kind(card) == ("parasite", {"incorporeal": True})
    ms = find_cards_in_text("мой Гном-камнетёс и Дхиру")
    assert [(a, b) for a, b, _ in align(ms, [["мой"], ["гном", "камнетес"], ["и"], ["дхиру"]])] == [(1, 2), (3, 4)]


def test_ask_without_database_is_unchanged(card_home):
    from bot.judge import ask

    ans = ask("Можно ли положить симбиота на летающее существо?")
    assert ans.cards == [] and ans.verdict.startswith("Нет") and "209.4" in ans.citations
    import os
    from bot import paths

    assert not (paths.user_data_dir() / "berserk.sqlite3").exists()     # reading never creates a database
    assert os.environ[paths.USER_DIR_ENV]


def test_unreachable_database_costs_ask_nothing(card_home, monkeypatch):
    import socket

    from bot.cards import index
    from bot.judge import ask

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("DATABASE_URL", f"postgresql://u@127.0.0.1:{port}/db")
    ans = ask("Можно ли положить симбиота на летающее существо?")
    assert ans.verdict.startswith("Нет") and ans.cards == [] and "209.4" in ans.citations
    assert index._STATE.get("failed_until", 0) > 0       # not retried for the next questions
    # the answer says the card base was not consulted, instead of reading a card as unknown silently
    note = ans.blocks[0]
    assert note.kind == "note" and note.title == "База карт недоступна"
    assert "Не удаётся подключиться к PostgreSQL" in note.text and "без вашей базы карт" in note.text
    named = ask("Можно ли положить мой Огнекрыл на летающее существо?")   # within the retry window: same note
    assert named.blocks[0].title == "База карт недоступна" and "Не удаётся подключиться" in named.blocks[0].text
    assert any("база карт недоступна" in t for t in named.trace)
    assert "База карт недоступна" in named.to_json()["answer"]
    from bot.chat.handlers import handle

    assert "Не удаётся подключиться к PostgreSQL" in handle("/card огнекрыл").answers[0].text
    chat = handle("Можно ли положить мой Огнекрыл на летающее существо?").answers[0].text
    assert "База карт недоступна" in chat and "Не удаётся подключиться к PostgreSQL" in chat


def test_same_name_cards_that_disagree_are_not_guessed(card_home):
    from bot.cards.importer import import_files
    from bot.judge import ask
    from tests.cards_support import NXT_CARDS, write_json

    flying = dict(NXT_CARDS[4])                                   # «Огнекрыл», flying
    walking = dict(NXT_CARDS[4], id="99", number=99, type=0)       # the same name, not flying
    import_files([str(write_json(card_home / "n.json", [NXT_CARDS[2], flying, walking]))])
    ans = ask("Можно ли положить Светлячка-помощника на Огнекрыла?")
    note = ans.blocks[0].text
    assert "несколько карт «Огнекрыл» с разными свойствами" in note and "карта не учтена" in note
    assert [c["card"]["name"] for c in ans.cards] == ["Светлячок-помощник"]
    assert ans.verdict is None and "огнекрыла" in ans.unread    # no flying guessed either way


def test_names_in_a_question_never_load_the_whole_database(all_formats, monkeypatch):
    """ask reads card names from the name tables the import wrote (bot/cards/name_keys.py):
    only the cards the question may name are loaded, never every card."""
    from bot.cards import db

    def no_full_load(store):
        raise AssertionError("the whole card database was loaded for one question")

    monkeypatch.setattr(db, "all_cards", no_full_load)
    loaded: list[list[str]] = []
    real = db.cards_by_key
    monkeypatch.setattr(db, "cards_by_key", lambda st, keys: loaded.append(sorted(keys)) or real(st, keys))
    assert find_cards_in_text("Можно ли положить симбиота на летающее существо?") == [] and loaded == []
    ms = find_cards_in_text("Может ли мой Гном-камнетс атаковать Топяного тролля?")
    assert [(m.card.name, m.edits) for m in ms] == [("Гном-камнетёс", 1), ("Топяной тролль", 0)]
    assert len(loaded) == 1 and len(loaded[0]) <= 3


def test_older_store_gets_name_tables_and_renames_are_followed(card_home):
    """A store imported before the name tables existed (schema step 2) gets them on first
    use; a re-import that renames a card moves its name rows (the old name is no card)."""
    from bot.cards import db
    from bot.cards.importer import import_files
    from bot.store import close_all, open_store
    from tests.cards_support import NXT_CARDS, write_json

    st = open_store()
    st.migrate(db.COMPONENT, db.MIGRATIONS[:2])
    cols = "card_key, name, name_fold, kind, traits, classes, strikes, card_text, forms, source"
    st.execute(f"INSERT INTO cards ({cols}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               ("old:1", "Руновед Ольх", "руновед ольх", "creature", "", "[]", "", "", "[]", "csv"))
    close_all()
    assert [m.card.key for m in find_cards_in_text("Может ли мой Руновед Ольх двигаться?")] == ["old:1"]
    p = write_json(card_home / "n.json", NXT_CARDS)
    import_files([str(p)])
    renamed = [dict(c, name="Гном-резчик") if c["id"] == "90001" else c for c in NXT_CARDS]
    import_files([str(write_json(card_home / "r.json", renamed))])
    assert find_cards_in_text("Может ли мой Гном-камнетёс атаковать?") == []
    assert [m.card.key for m in find_cards_in_text("Может ли мой Гном-резчик атаковать?")] == ["nxt:90001"]


def test_one_off_lookup_reads_only_the_cards_the_name_reaches(all_formats, monkeypatch):
    """`card NAME` in a fresh process: a name that settles the lookup (one name, every word
    matched with at most one typo) is found without building the whole index; a name that
    does not (a list, two typos) is asked of the whole index — the same hits either way."""
    from bot.cards import db
    from bot.cards import index as index_mod
    from bot.cards.answer import find_hits, pick

    queries = ["гнома-камнетёса", "ГНОМ-КАМНЕТЕС", "Огнекрл", "каменного стража", "ведьма", "тролль",
               "гном камнетес", "огнкрыл", "кольчуга", "летучий ястрб", "дхиру", "маяк", "гном", "башня ветров",
               "шитоносец", "мшистые", "слизень", "нет такой карты"]
    whole = CardIndex(db.all_cards(db.cards_store()))
    expected = {q: [h.card.key for h in pick(whole.find(q, limit=8))] for q in queries}
    index_mod.invalidate()
    real_all = db.all_cards
    built: list[int] = []
    monkeypatch.setattr(db, "all_cards", lambda st: built.append(1) or real_all(st))
    for q in ["гнома-камнетёса", "Огнекрл", "каменного стража", "дхиру"]:
        index_mod.invalidate()
        hits, total = find_hits(q)
        assert [h.card.key for h in hits] == expected[q] and total == 15 and built == [], q
    for q in queries:
        index_mod.invalidate()
        hits, _ = find_hits(q)
        assert [h.card.key for h in hits] == expected[q], q
    assert built, "an unsettled lookup («гном», two typos) is asked of the whole index"
