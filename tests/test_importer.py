"""The importer: seed pages -> rulebook/5ed.yaml (issue 2, part 3)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.errors import RulebookError
from bot.importer import dump_yaml, import_sources
from bot.pages import Header, Para, fix_quotes, is_header, read_html, read_text
from bot.rulebook import Rulebook, is_subpoint, load, number_key

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "rulebook" / "sources").glob("*.txt"))
EDITION = ROOT / "rulebook" / "5ed.yaml"


@pytest.fixture(scope="module")
def built():
    return import_sources(SOURCES, "5ed")


@pytest.fixture(scope="module")
def rb(built) -> Rulebook:
    return Rulebook.from_dict(built[0])


def test_import_reproduces_committed_edition_byte_for_byte(built):
    assert dump_yaml(built[0]) == EDITION.read_text(encoding="utf-8")


def test_committed_edition_is_what_load_returns():
    assert [c.number for c in load("5ed").clauses][:3] == ["209.1", "209.2", "209.3"]


PRINTED = (
    [f"209.{i}" for i in range(1, 12)]
    + "212.1 212.4 212.5 301.2 302.3 302.5 302.6 302.8 303.1 303.2 303.3 303.5 304.2 304.3 305.1".split()
    + "405.1 405.2 406.1 407.1 408.2 505.4.1 505.4.2 505.5 505.6 505.7 505.8 505.9".split()
    + "506.1 506.4 506.7 507.3 508.1 508.1.1".split()
)


@pytest.mark.parametrize("number", PRINTED)
def test_every_printed_number_is_a_clause_not_inferred(rb, number):
    c = rb.get(number)
    assert c is not None, number
    assert not c.inferred
    assert len(c.text) > 20


def test_printed_texts_are_complete(rb):
    assert rb.get("209.5").text == (
        "Небестелесного симбиота нельзя поместить на бестелесное существо. "
        "Если существо стало бестелесным, его небестелесный симбиот погибает."
    )
    assert rb.get("209.10").text == "Нельзя объявить движение симбиота."
    assert rb.get("508.1.1").text.endswith("маркеров дополнительных или отрицательных жизней.")
    # run-together line of page 004: the text stops where 405.2 begins
    assert rb.get("405.1").text.startswith("Шаг вскрытия. Первый игрок вскрывает")
    assert rb.get("405.1").text.endswith("до конца первого хода Первого игрока.")
    assert rb.get("405.2").text.endswith("симбиоты (паразиты) и экипировки погибают.")
    assert rb.get("407.1").text.endswith("один раз за бой.")


INFERRED = {
    "210.1": "Артефакты располагаются на поле боя",
    "210.2": "Артефакты не могут двигаться",
    "210.3": "Простой удар по артефакту",
    "211.1": "После набора местности в отряд",
    "211.2": "Местность не может быть целью атаки",
    "211.3": "Под контролем каждого игрока",
    "211.4": "Если какая-либо особенность позволяет взять в отряд вторую местность",
    "212.2": "Экипировку нельзя помещать на существ без класса",
    "212.3": "Нельзя помещать экипировку на летающее существо",
    "212.6": "Если в тексте карты указано, что вызываемая (возрождаемая) экипировка",
    "212.9": "Экипировка не может быть целью атаки",
    "301.1": "Игродействие – это единица игрового процесса",
    "302.1": "Стек состоит из последовательности",
    "302.2": "Игродействие, использующее стек, после объявления",
    "302.4": "Игродействие, не использующее стек",
    "302.7": "Верхним в стеке считается",
    "303.4": "Объявленное игродействие выполняется",
    "303.6": "Если в какой-то момент игры должны быть рассмотрены какие-либо эффекты",
    "304.1": "Игродействия, использующие стек, подразделяются",
    "408.1": "Когда завершается Предварительная Фаза боя",
    "505.4": "Если использование составной особенности требует оплаты",
    "506.2": "Движение может объявить только Активный игрок",
    "506.3": "Использовать движение может только открытое существо",
    "506.5": "Когда карта действует",
    "506.6": "Особенность, заменяющая движение",
    "507.1": "Карты могут изменять своё местоположение",
    "507.2": "Перемещение может быть объявлено и выполнено только на незанятую клетку",
}


@pytest.mark.parametrize("number,start", sorted(INFERRED.items()))
def test_unnumbered_paragraphs_get_their_number_from_position(rb, number, start):
    c = rb.get(number)
    assert c is not None and c.text.startswith(start), (number, c and c.text[:60])
    assert c.inferred


def test_twins_on_other_pages_give_the_number_not_inference(rb):
    # page 000 prints these without numbers; their twins on 002/003 carry the number
    for n in ("209.5", "209.11", "302.8", "303.1", "303.2", "303.5", "304.2"):
        c = rb.get(n)
        assert not c.inferred
        assert len(c.sources) == 2, n


def test_one_paragraph_on_two_pages_is_one_clause_with_both_sources(rb):
    assert rb.get("302.8").sources == ("000_ec5f41f764c60386.txt", "002_5c00df85aaf93d2c.txt")
    # no paragraph twice; list items repeat only across lists («бросок кубика.» in 302.3 and 304.3)
    texts = [(c.number.rsplit(".", 1)[0] if is_subpoint(c.number) else "", c.text) for c in rb.clauses]
    assert len(texts) == len(set(texts))
    assert rb.get("302.3.г").text == rb.get("304.3.в").text == "бросок кубика."


def test_different_wordings_are_variants_and_reported(built, rb):
    c = rb.get("209.9")
    assert "нападать на симбиота" in c.text
    assert len(c.variants) == 1 and "объявлять атаку по симбиоту" in c.variants[0]
    report = built[1]
    assert [n for n, _ in report.variants] == ["209.9"]
    assert any("209.9" in line for line in report.lines())


def test_similar_but_distinct_paragraphs_are_not_merged(rb):
    # 209.11 (symbiote) and 212.8 (equipment) differ in one noun only
    assert rb.get("209.11").text.startswith("Симбиот не может перемещаться")
    assert rb.get("212.8").text.startswith("Экипировка не может перемещаться")
    assert rb.get("212.8").variants == ()


def test_examples_and_notes_attach_to_the_paragraph_they_illustrate(rb):
    assert rb.get("505.4").examples[0].startswith("ПРИМЕР.")
    assert "излечение на Х не срабатывает" in rb.get("505.4").examples[0]
    assert "разряд на 4" in rb.get("505.4.2").examples[0]
    assert "переместиться на соседнюю клетку" in rb.get("505.8").examples[0]
    assert rb.get("305.1").notes[0].startswith("Обратите внимание!")
    assert not any(c.text.startswith(("ПРИМЕР", "Обратите")) for c in rb.clauses)


def test_bullet_items_become_lettered_subpoints(rb):
    """«·» items are the paragraph's sub-points а, б, в … (letters not printed: inferred);
    the paragraph keeps its lead-in sentence."""
    assert rb.get("302.3").text == "Игродействия, использующие стек, это:"
    assert not rb.get("302.3").inferred
    subs = rb.subpoints("302.3")
    assert [(c.number, c.text) for c in subs] == [
        ("302.3.а", "действие карты;"),
        ("302.3.б", "срабатывающая или играемая особенность карты;"),
        ("302.3.в", "перемещение карты;"),
        ("302.3.г", "бросок кубика."),
    ]
    assert all(c.inferred and c.section == "302" and c.sources == rb.get("302.3").sources for c in subs)
    assert rb.parent_of("302.3.в").number == "302.3"
    assert rb.text_with_subpoints("302.3").split("\n") == [
        "Игродействия, использующие стек, это:",
        "  а) действие карты;",
        "  б) срабатывающая или играемая особенность карты;",
        "  в) перемещение карты;",
        "  г) бросок кубика.",
    ]
    counts = {n: len(rb.subpoints(n)) for n in ("301.2", "302.3", "302.5", "302.6", "304.2", "304.3")}
    assert counts == {"301.2": 2, "302.3": 4, "302.5": 3, "302.6": 3, "304.2": 3, "304.3": 3}
    assert not any("·" in c.text for c in rb.clauses)


def test_bullets_of_twin_paragraphs_merge_like_paragraphs(built, rb):
    # 304.2 is printed on pages 000 and 002; page 000 writes «" до набора отряда"»,
    # page 002 «"до набора отряда"»: the same item, one sub-point with both sources
    both = ("000_ec5f41f764c60386.txt", "002_5c00df85aaf93d2c.txt")
    for n in ("304.2.а", "304.2.б", "304.2.в", "304.3.а", "304.3.б", "304.3.в"):
        assert rb.get(n).sources == both, n
        assert rb.get(n).variants == ()
    assert rb.get("304.2.в").text.startswith("использование особенностей «до набора отряда», «после расстановки карт»")
    assert rb.get("304.2").variants == ()
    assert not any(n.startswith("304.") for n, _ in built[1].variants)


def _twin_pages(tmp_path, second_items):
    a = tmp_path / "a.txt"
    a.write_text("Стек.\n302.3. Игродействия, использующие стек, это:\n· действие карты;\n· перемещение карты;\n· бросок кубика.\n"
                 "302.4. Игродействие, не использующее стек, сразу выполняется.\n", encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("Стек.\nИгродействия, использующие стек, это:\n" + "".join(f"· {t}\n" for t in second_items)
                 + "302.4. Игродействие, не использующее стек, сразу выполняется.\n", encoding="utf-8")
    data, report = import_sources([a, b], "t")
    return Rulebook.from_dict(data), report


def test_twin_list_items_align_and_keep_other_wordings(tmp_path):
    rb, report = _twin_pages(tmp_path, ["действие карты;", "перемещение карт;", "бросок кубика."])
    assert [c.number for c in rb.subpoints("302.3")] == ["302.3.а", "302.3.б", "302.3.в"]
    assert rb.get("302.3.б").text == "перемещение карты;"
    assert rb.get("302.3.б").variants == ("перемещение карт;",)
    assert rb.get("302.3.б").sources == ("a.txt", "b.txt")
    assert ("302.3.б", ["перемещение карты;", "перемещение карт;"]) in report.variants


def test_list_item_on_one_page_only_is_placed_after_its_predecessor(tmp_path):
    rb, report = _twin_pages(tmp_path, ["действие карты;", "срабатывающая особенность;", "перемещение карты;", "бросок кубика."])
    assert [c.text for c in rb.subpoints("302.3")] == [
        "действие карты;", "срабатывающая особенность;", "перемещение карты;", "бросок кубика."]
    assert rb.get("302.3.б").sources == ("b.txt",)
    assert rb.get("302.3.в").sources == ("a.txt", "b.txt")
    assert any("302.3: пункт списка «срабатывающая особенность;» есть только на странице b.txt" in n for n in report.notes)


def test_sections_and_titles(rb):
    titles = {s.number: s.title for s in rb.sections}
    assert titles["209"] == "Симбиоты, паразиты"
    assert titles["210"] == "Артефакты"
    assert titles["211"] == "Местности"
    assert titles["212"] == "Экипировки"
    assert titles["301"] == "Игродействие"
    assert titles["302"] == "Стек"
    assert titles["303"] == "Приоритет"
    assert titles["304"] == "Медленные и быстрые игродействия"
    assert titles["305"] == "Одновременное срабатывание особенностей"
    assert titles["405"] == "Подфаза Вскрытия"
    assert titles["408"] == "Основная фаза боя"
    assert titles["505"] == ""  # no title for 505 in the seeds: none invented
    assert rb.section("301").part.startswith("Часть 3.")
    assert rb.section("209").part is None
    assert [s.number for s in rb.sections] == sorted((s.number for s in rb.sections), key=int)


def test_clause_count_and_order(rb, built):
    # 73 distinct paragraphs in the seeds + 18 bullet items of 301.2, 302.3, 302.5,
    # 302.6, 304.2, 304.3 as lettered sub-points; nothing left unplaced
    assert len(rb.clauses) == 91
    assert len(rb.clauses) >= 90  # issue 2 acceptance
    assert sum(1 for c in rb.clauses if is_subpoint(c.number)) == 18
    assert built[0]["unplaced"] == []
    keys = [number_key(c.number) for c in rb.clauses]
    assert keys == sorted(keys)
    assert all(c.section == c.number.split(".")[0] for c in rb.clauses)


CHROME = re.compile(r"⇐|⇒|Стр \d|Поделиться|Популярное|Дата добавления|КАТЕГОРИИ|Главная страница|Оргазм|Bizz|\|")


def test_no_site_chrome_anywhere():
    rb = load("5ed")
    texts = [t for c in rb.clauses for t in (c.text, *c.examples, *c.notes, *c.variants)]
    texts += [s.title for s in rb.sections] + [s.part or "" for s in rb.sections]
    for t in texts:
        assert not CHROME.search(t), t


def test_typography_normalised_without_quote_artefacts():
    text = EDITION.read_text(encoding="utf-8")
    assert '"' not in text.replace("'", "")
    for bad in ("“", "”", "—", "« ", " »"):
        assert bad not in text
    rb = load("5ed")
    assert "«хозяином экипировки» (существо «носит экипировку»)" in rb.get("212.1").text
    assert "особенность «Симбиот» или «Паразит»" in rb.get("209.1").text


# --- page reading ------------------------------------------------------------


def test_fix_quotes_repairs_nested_unclosed_quotes():
    assert fix_quotes('(" существо может " носить экипировки разных классов" ).') == (
        "(«существо может «носить экипировки разных классов»»)."
    )


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Артефакты.", True),
        ("Подфаза Начала боя.", True),
        ("Симбиоты, паразиты", True),
        ("Одновременное срабатывание особенностей", True),
        ("Нельзя объявить движение симбиота.", False),
        ("Использовать движение может только открытое существо.", False),
        ("Пас не является игродействием.", False),
        ("Медленные игродействия – это:", False),
    ],
)
def test_is_header(text, expected):
    assert is_header(text) is expected


def test_run_together_line_splits_numbers_and_headers():
    items, orphans = read_text(
        "Подфаза Авангарда. 407.1.Игроки чередуют особенности. Основная фаза боя. "
        "Когда завершается фаза, игра переходит дальше. 408.2. Каждый раз ход начинается.",
        "x.txt",
    )
    kinds = [(type(i).__name__, getattr(i, "number", None), i.text) for i in items]
    assert kinds == [
        ("Header", None, "Подфаза Авангарда."),
        ("Para", "407.1", "Игроки чередуют особенности."),
        ("Header", None, "Основная фаза боя."),
        ("Para", None, "Когда завершается фаза, игра переходит дальше."),
        ("Para", "408.2", "Каждый раз ход начинается."),
    ]
    assert orphans == []


def test_three_level_numbers_with_and_without_space():
    items, _ = read_text("505.4.1.Запись вида А.\n\n505.4.2. Запись вида Б.\n\n209.10.Нельзя.", "x.txt")
    assert [i.number for i in items] == ["505.4.1", "505.4.2", "209.10"]


def test_references_are_not_read_as_numbers():
    items, _ = read_text("303.6. Эффекты правил (см. Эффекты правил игры, п.503), затем (см. 209.4. Это).", "x.txt")
    assert len(items) == 1 and items[0].number == "303.6"


HTML = """<html><body><nav>Главная страница Случайная страница</nav>
<h2>Часть 1. Общие правила</h2>
<ol>
  <li>Общие положения
    <ol>
      <li>Игра ведётся двумя игроками.</li>
      <li>Каждый игрок начинает с колодой, в которой:
        <ol type="а">
          <li>не менее 30 карт;</li>
          <li>не более 3 копий одной карты.</li>
        </ol>
      </li>
      <li><p>Победитель определяется в конце боя.</p><p>ПРИМЕР. Игрок уничтожил все карты противника.</p></li>
    </ol>
  </li>
  <li>Поле боя
    <ol><li>Поле боя состоит из 30 клеток.</li></ol>
  </li>
</ol>
<p>Дата добавления: 2015-06-27</p>
</body></html>"""


def test_html_nested_ordered_lists_give_dotted_and_lettered_numbers():
    items, orphans = read_html(HTML, "r.html")
    got = [(type(i).__name__, i.number, i.text) for i in items]
    assert got == [
        ("Header", None, "Часть 1. Общие правила"),
        ("Header", "1", "Общие положения"),
        ("Para", "1.1", "Игра ведётся двумя игроками."),
        ("Para", "1.2", "Каждый игрок начинает с колодой, в которой:"),
        ("Para", "1.2.а", "не менее 30 карт;"),
        ("Para", "1.2.б", "не более 3 копий одной карты."),
        ("Para", "1.3", "Победитель определяется в конце боя."),
        ("Header", "2", "Поле боя"),
        ("Para", "2.1", "Поле боя состоит из 30 клеток."),
    ]
    assert items[6].examples == ["ПРИМЕР. Игрок уничтожил все карты противника."]
    assert orphans == []


def test_html_edition_imports_with_sections(tmp_path):
    src = tmp_path / "rules.html"
    src.write_text(HTML, encoding="utf-8")
    data, report = import_sources([src], "html1")
    rb = Rulebook.from_dict(data)
    assert [c.number for c in rb.clauses] == ["1.1", "1.2", "1.2.а", "1.2.б", "1.3", "2.1"]
    assert rb.section("1").title == "Общие положения"
    assert rb.section("2").title == "Поле боя"
    assert [c.number for c in rb.children("1.2")] == ["1.2.а", "1.2.б"]
    assert rb.get("1.2.А").text == "не менее 30 карт;"


def test_plain_text_with_lettered_subpoints(tmp_path):
    src = tmp_path / "rules.txt"
    src.write_text("1. Общие положения\n1.1. Игра ведётся двумя игроками.\nа) первый игрок;\nб) второй игрок.\n1.2. Бой идёт до победы.\n", encoding="utf-8")
    data, _ = import_sources([src], "txt1")
    assert [c["number"] for c in data["clauses"]] == ["1.1", "1.1.а", "1.1.б", "1.2"]
    assert data["sections"] == [{"number": "1", "title": "Общие положения", "part": None}]


# --- bad input -------------------------------------------------------------


def _run_import(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "bot", "rulebook", "import", *map(str, args)], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize(
    "content,expected",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "двоичный файл"),
        (b"", "пустой файл"),
        (b"   \n\n", "пустой файл"),
        ("Просто текст без номеров.\n\nЕщё абзац без номера.".encode(), "номеров пунктов"),
        ("Игрок может объявить атаку, если существо открыто.\n\nЭто правило действует всегда.".encode(), "нет номеров пунктов"),
        (b"\xff\xfe\xfa bad", "UTF-8"),
    ],
)
def test_bad_file_gives_russian_message_exit_1_and_writes_nothing(tmp_path, content, expected):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    keep = out_dir / "5ed.yaml"
    keep.write_text("edition: 5ed\n", encoding="utf-8")
    r = _run_import(bad, "--edition", "5ed", "--out-dir", out_dir)
    assert r.returncode == 1
    assert expected in r.stderr and "Ошибка импорта" in r.stderr
    assert "Traceback" not in r.stderr
    assert keep.read_text(encoding="utf-8") == "edition: 5ed\n"
    assert sorted(p.name for p in out_dir.iterdir()) == ["5ed.yaml"]


def test_a_bad_page_among_good_ones_fails_the_whole_import(tmp_path):
    bad = tmp_path / "empty.txt"
    bad.write_bytes(b"")
    with pytest.raises(RulebookError, match="empty.txt"):
        import_sources([*SOURCES, bad], "x")


def test_missing_file_is_a_clear_error(tmp_path):
    r = _run_import(tmp_path / "nope.txt", "--edition", "x", "--out-dir", tmp_path)
    assert r.returncode == 1 and "nope.txt" in r.stderr and "Traceback" not in r.stderr


def test_cli_import_writes_edition_and_prints_report(tmp_path):
    r = _run_import(*SOURCES, "--edition", "5ed", "--out-dir", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "пунктов: 91" in r.stdout
    assert "209.9" in r.stdout
    assert (tmp_path / "5ed.yaml").read_bytes() == EDITION.read_bytes()
    assert yaml.safe_load((tmp_path / "5ed.yaml").read_text(encoding="utf-8"))["edition"] == "5ed"


HTML2 = """<!DOCTYPE html><html><head><style>p{}</style><script>var x = "1.1. no";</script></head><body>
<div class="menu">Главная страница Случайная страница КАТЕГОРИИ: Спорт</div>
<h1>3. Стек</h1>
<ol start="3">
 <li>Стек
  <ol>
   <li>Игродействия, использующие стек, это:
     <ul><li>действие карты;</li><li>бросок кубика.</li></ul>
   </li>
   <li>Стек состоит из " игродействий" . <ol type="а"><li>первое;</li></ol> Так и есть.</li>
  </ol>
 </li>
</ol>
<p>⇐ Предыдущая 2 3 Следующая ⇒</p>
</body></html>"""


def test_html_bullets_start_values_chrome_and_text_after_sublist():
    items, orphans = read_html(HTML2, "s.html")
    paras = [i for i in items if isinstance(i, Para)]
    assert [p.number for p in paras] == ["3.1", "3.2", "3.2.а"]
    assert paras[0].text == "Игродействия, использующие стек, это:\n· действие карты;\n· бросок кубика."
    assert paras[1].text == "Стек состоит из «игродействий».\nТак и есть."
    heads = [(h.number, h.text) for h in items if isinstance(h, Header)]
    assert heads == [("3", "Стек"), ("3", "Стек")]
    assert not any("Главная" in p.text or "⇐" in p.text for p in paras)


from hypothesis import given, settings, strategies as st


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("209.1 5абвАБВ\n«\"–-<>/ol li")), max_size=200))
def test_reading_any_text_never_crashes(text):
    try:
        items, orphans = read_text(text, "h.txt")
        read_html(text, "h.html")
    except RulebookError:
        pass
    for it in items:
        assert it.text == it.text.strip() or "\n" in it.text


def test_page_000_alone_is_refused_at_the_first_paragraph_it_cannot_place():
    with pytest.raises(RulebookError) as e:
        import_sources([SOURCES[0]], "one")
    assert str(e.value).startswith(f"{SOURCES[0].name}, строка 1: не удалось разместить текст правил «Небестелесного симбиота")
    assert f"и ещё 6 абзацев ({SOURCES[0].name}, строки 5, 7, 9, 11, 13, 15)" in str(e.value)


def test_page_000_alone_with_keep_unplaced_places_what_it_can_and_reports_the_rest():
    data, report = import_sources([SOURCES[0]], "one", keep_unplaced=True)
    rb = Rulebook.from_dict(data)
    # sections without numbers are placed below the next numbered one (212), marked inexact
    assert rb.get("210.1").text.startswith("Артефакты располагаются")
    assert rb.get("211.4").inferred
    assert "Раздел «Артефакты.» получил номер 210 по положению (неточно)." in report.notes
    # the headerless symbiote paragraphs that open the page cannot be placed: kept, reported
    assert len(data["unplaced"]) == 7
    assert data["unplaced"][0] == {
        "source": SOURCES[0].name,
        "line": 1,
        "text": "Небестелесного симбиота нельзя поместить на бестелесное существо. "
                "Если существо стало бестелесным, его небестелесный симбиот погибает.",
    }
    assert any(line.startswith("Не удалось разместить (7)") for line in report.lines())


def test_page_order_does_not_change_the_edition():
    a, _ = import_sources(SOURCES, "5ed")
    b, _ = import_sources(SOURCES[::-1], "5ed")
    assert [(c["number"], c["text"], c["inferred"]) for c in a["clauses"]] == [
        (c["number"], c["text"], c["inferred"]) for c in b["clauses"]
    ]
    assert a["sections"] == b["sections"]


def test_chrome_glued_to_rule_text_is_cut_out():
    items, _ = read_text(
        "Главная страница Случайная страница КАТЕГОРИИ: АвтомобилиСпорт | Подфаза Вскрытия.\n"
        "405.1.Шаг вскрытия. Первый игрок вскрывает карты. ⇐ ПредыдущаяСтр 7 из 15Следующая ⇒\n"
        "Поделиться:\n\nПопулярное:\n\n1. B. Что-то.\n2. Bizz: ещё.\n\n405.2. Шаг рассадки. Дата добавления: 2014-10-31",
        "c.txt",
    )
    assert [(type(i).__name__, getattr(i, "number", None), i.text) for i in items] == [
        ("Header", None, "Подфаза Вскрытия."),
        ("Para", "405.1", "Шаг вскрытия. Первый игрок вскрывает карты."),
        ("Para", "405.2", "Шаг рассадки."),
    ]


def test_html_bullet_list_items_become_subpoints(tmp_path):
    src = tmp_path / "s.html"
    src.write_text(HTML2, encoding="utf-8")
    data, _ = import_sources([src], "h")
    got = [(c["number"], c["text"], c["inferred"]) for c in data["clauses"]]
    assert got == [
        ("3.1", "Игродействия, использующие стек, это:", False),
        ("3.1.а", "действие карты;", True),
        ("3.1.б", "бросок кубика.", True),
        ("3.2", "Стек состоит из «игродействий».\nТак и есть.", False),
        ("3.2.а", "первое;", False),
    ]


def test_bullets_next_to_printed_letters_stay_in_the_text(tmp_path):
    src = tmp_path / "m.txt"
    src.write_text("1. Общие\n1.1. Колода, в которой:\nа) не менее 30 карт;\n· не более 3 копий.\n"
                   "1.2. Бой, в котором:\n· первый ход;\nа) второй ход.\n", encoding="utf-8")
    data, report = import_sources([src], "m")
    assert [(c["number"], c["text"]) for c in data["clauses"]] == [
        ("1.1", "Колода, в которой:"),
        ("1.1.а", "не менее 30 карт;\n· не более 3 копий."),
        ("1.2", "Бой, в котором:\n· первый ход;"),
        ("1.2.а", "второй ход."),
    ]
    assert "1.2: пункты списка «·» оставлены в тексте (у пункта уже есть напечатанные подпункты с буквами)." in report.notes
    assert Rulebook.from_dict(data).get("1.1.а") is not None


_PAGE = "209. Симбиоты, паразиты\n209.1. Симбиот помещается на существо своего отряда.\n209.2. Паразит помещается на существо противника.\n"


@pytest.mark.parametrize("name, data, note", [
    ("win.txt", _PAGE.encode("cp1251"), "win.txt: файл не в UTF-8: прочитан как cp1251 (Windows-1251)"),
    ("bom16.txt", _PAGE.encode("utf-16"), "bom16.txt: файл в кодировке UTF-16"),
    ("nobom16.txt", _PAGE.encode("utf-16-le"), "nobom16.txt: файл в кодировке UTF-16 (без метки порядка байтов)"),
    ("site.html", ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head><body>'
                   + "".join(f"<p>{line}</p>" for line in _PAGE.splitlines()) + "</body></html>").encode("cp1251"),
     "site.html: страница в кодировке cp1251 (так указано в её HTML)"),
    ("koi.html", ('<html><head><meta charset="KOI8-R"></head><body>'
                  + "".join(f"<p>{line}</p>" for line in _PAGE.splitlines()) + "</body></html>").encode("koi8_r"),
     "koi.html: страница в кодировке koi8_r (так указано в её HTML)"),
])
def test_pages_in_russian_windows_encodings_import_with_a_note(tmp_path, name, data, note):
    # QA pass: a cp1251 page was refused, a UTF-16 one called «двоичный файл»
    f = tmp_path / name
    f.write_bytes(data)
    book, report = import_sources([f], "enc")
    texts = {c["number"]: c["text"] for c in book["clauses"]}
    assert texts == {"209.1": "Симбиот помещается на существо своего отряда.",
                     "209.2": "Паразит помещается на существо противника."}
    assert report.notes[0] == note


def test_a_saved_fragment_opening_with_a_long_script_is_read_as_html(tmp_path):
    f = tmp_path / "fragment.html"
    f.write_text("<script>" + "var x = 1;" * 1000 + "</script>" + "".join(f"<p>{line}</p>" for line in _PAGE.splitlines()),
                 encoding="utf-8")
    book, _ = import_sources([f], "frag")
    assert [c["number"] for c in book["clauses"]] == ["209.1", "209.2"]


def test_undecodable_and_binary_pages_are_still_refused(tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("209. Règles\n209.1. Ça va.\n".encode("latin-1"))
    with pytest.raises(RulebookError, match=r"latin\.txt: не читается как UTF-8 \(байт \d+\)"):
        import_sources([latin], "enc")
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\x01\x02" * 100)
    with pytest.raises(RulebookError, match=r"junk\.txt: двоичный файл"):
        import_sources([junk], "enc")
