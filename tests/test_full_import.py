"""Complete rulebooks in the layout real sites use (issue 13): HTML, plain-text dumps, PDF.

The tested edition (tests/data/edition_tested.html, our own text in the layout of the
archived classic «Расширенные правила») is checked clause by clause against
tests/data/edition_tested_expected.yaml, written independently of the importer.
"""

from __future__ import annotations

import re

from pathlib import Path

import pytest
import yaml

from bot.errors import RulebookError
from bot.fullbook import read_full
from bot.importer import import_sources
from bot.rulebook import Rulebook, is_subpoint

DATA = Path(__file__).resolve().parent / "data"
TESTED = DATA / "edition_tested.html"
EXPECTED = yaml.safe_load((DATA / "edition_tested_expected.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tested():
    data, report = import_sources([TESTED], "tested")
    return data, report, Rulebook.from_dict(data)


def test_tested_edition_every_clause_number_and_text(tested):
    data, _, _ = tested
    got = [(c["number"], c["section"]) for c in data["clauses"]]
    want = [(e["number"], e["section"]) for e in EXPECTED["clauses"]]
    assert got == want  # every number, in document order, nothing invented, nothing lost
    for clause, exp in zip(data["clauses"], EXPECTED["clauses"]):
        assert clause["text"][: len(exp["text"])] == exp["text"], exp["number"]
        assert clause["inferred"] is False, exp["number"]


def test_tested_edition_sections_and_titles_no_invented_section(tested):
    data, _, _ = tested
    assert [(s["number"], s["title"]) for s in data["sections"]] == [
        (s["number"], s["title"]) for s in EXPECTED["sections"]
    ]
    assert {c["section"] for c in data["clauses"]} == {s["number"] for s in EXPECTED["sections"]}


def test_tested_edition_dictionary_entries(tested):
    data, report, rb = tested
    got = [(d["term"], d["text"]) for d in data["dictionary"]]
    assert [t for t, _ in got] == [e["term"] for e in EXPECTED["dictionary"]]
    for (term, text), exp in zip(got, EXPECTED["dictionary"]):
        assert text.startswith(exp["definition_start"]), term
    assert report.dictionary == len(EXPECTED["dictionary"])
    assert rb.dictionary[2].term == "Бестелесность" and rb.dictionary[2].section == "Словарь"


def test_tested_edition_layout_details(tested):
    _, _, rb = tested
    # a table stays a table, with its caption, inside its clause
    caption, rows = rb.get("202.2").tables[0]
    assert caption == "Таблица кристаллов"
    assert rows[0] == ("Формат партии", "Игрок", "Золотые кристаллы", "Серебряные кристаллы")
    assert rows[1] == ("Констрактед", "Первый игрок", "24", "22")
    # a bullet list is not a set of lettered points
    c = rb.get("301.2")
    assert c.text.split("\n")[1:] == [
        "· ближние атаки – простой удар, особый удар и магический удар;",
        "· дальние атаки – удар через ряд, выстрел, метание и разряд.",
    ]
    assert rb.subpoints("301.2") == []
    # an example after a lettered point is that point's example, not a clause
    assert rb.get("101.3.а").examples[0].startswith("Пример: правила разрешают отряду")
    assert rb.get("102.4.б").notes[0].startswith("Примечание: штраф за мулиган")
    # site chrome is gone
    everything = " ".join(c.text for c in rb.clauses)
    assert "Produced by" not in everything and "Контакты" not in everything and "Регистрация" not in everything


REAL_LAYOUT = """<html><body><div class="menu"><ul><li><a href="/">Игрокам</a></li></ul></div>
<p><strong>Содержание</strong></p><ol><li><a href="#1">Игра</a><ol start="100"><li><a href="#100">Общие</a></li></ol></li></ol>
<p><a name="1"></a><strong>1.Игра</strong></p>
<p align="justify"><u><a name="100"></a>100. Общие положения.</u></p><ol><li><p>Первый пункт.</p></li>
<li><p>Второй пункт со списком:</p><ul><li><p>раз</p></li><li><p>два</p></li></ul><ol type="a"><li><p>Буква а.</p>
<p><font color="white"><em>Пример: пояснение.</em></font></p></li><li><p>Буква б.</p></li></ol></li></ol>
<p align="justify"><u>104.Числа и символы.</u></p><ol><li><p>Символ (<img src="http://x/rules/sym-tap.gif" alt="" />) значит закрытие.</p></li>
<li><p>Таблица:</p><center><strong>Таблица Ударов</strong><table><tr><td>1</td><td>Слабый</td></tr></table>   <li><p>Пункт после таблицы без закрытого li.</p></li></center></li></ol>
<p><u>412. Определение Цели Особенностей. Перенаправление.</u></p><ol><li><p>Цель.</p></li></ol>
<p><strong>Глоссарий.</strong></p><p>Вступление.</p><center><table><tr><td>Броня Х</td><td><ul><li><p>Предотвращает раны.</p></li><li><p>Вторая строка.</p></li></ul></td></tr>
<tr><td>Полёт</td><td><ul><li><p>Свойство существа.</p></li></ul></td></tr></table></center>
<p><strong>Контакты.</strong></p><p>Пишите нам.</p><div class="footer">© 2004, Produced by Someone.</div></body></html>"""


def test_real_layout_quirks():
    book = read_full(REAL_LAYOUT.encode(), "page.html")
    assert [(s["number"], s["title"], s["part"]) for s in book.sections] == [
        ("100", "Общие положения", "1. Игра"),
        ("104", "Числа и символы", "1. Игра"),
        ("412", "Определение Цели Особенностей. Перенаправление", "1. Игра"),
    ]
    got = {c.number: c for c in book.clauses}
    assert list(got) == ["100.1", "100.2", "100.2.а", "100.2.б", "104.1", "104.2", "104.3", "412.1"]
    assert got["100.2"].text == "Второй пункт со списком:\n· раз\n· два"
    assert got["100.2.а"].examples == ["Пример: пояснение."]
    assert got["104.1"].text == "Символ ({tap}) значит закрытие."
    assert got["104.2"].tables[0].caption == "Таблица Ударов" and got["104.2"].tables[0].rows == [["1", "Слабый"]]
    assert got["104.3"].text == "Пункт после таблицы без закрытого li."
    assert [(e.term, e.text, e.section) for e in book.dictionary] == [
        ("Броня Х", "Предотвращает раны.\nВторая строка.", "Глоссарий"),
        ("Полёт", "Свойство существа.", "Глоссарий"),
    ]


def test_section_number_twice_is_a_russian_error_with_the_line():
    html = REAL_LAYOUT.replace("412. Определение", "104. Определение")
    with pytest.raises(RulebookError, match=r"page\.html, строка 9: раздел 104 встречается второй раз \(первый – строка 7\)"):
        read_full(html.encode(), "page.html")


def _dump(rb: Rulebook) -> list[str]:
    """The tested edition as a plain-text dump: what copying the page from a browser gives."""
    lines = ["Расширенные правила игры Берсерк", "Содержание", ""]
    for s in rb.sections:
        lines.append(f"{s.number}. {s.title}.")
        for c in rb.clauses:
            if c.section != s.number:
                continue
            head, *bullets = c.text.split("\n")
            label = f"{c.number.rsplit('.', 1)[1]})" if is_subpoint(c.number) else f"{c.number.rsplit('.', 1)[1]}."
            lines.append(f"{label} {head}")
            lines.extend("• " + b[2:] for b in bullets)
            lines.extend(c.examples)
    lines += ["", "Словарь."]
    lines += [f"{e.term} – {e.text.splitlines()[0]}" for e in rb.dictionary]
    lines += ["", "© 2025, Produced by Тестовый Лаар"]
    return lines


def test_plain_text_dump_imports_with_the_same_numbers(tested, tmp_path):
    _, _, rb = tested
    src = tmp_path / "tested.txt"
    src.write_text("\n".join(_dump(rb)) + "\n", encoding="utf-8")
    data, _ = import_sources([src], "tested-txt")
    assert [(c["number"], c["text"][:60]) for c in data["clauses"]] == [(c.number, c.text[:60]) for c in rb.clauses]
    assert [s["number"] for s in data["sections"]] == [s.number for s in rb.sections]
    assert [d["term"] for d in data["dictionary"]] == [e.term for e in rb.dictionary]


def test_pdf_imports_with_the_same_numbers(tested, tmp_path):
    pytest.importorskip("pypdf")
    from tests.pdfmake import make_pdf

    _, _, rb = tested
    lines = [ln for ln in _dump(rb) if len(ln) <= 400]
    wrapped: list[str] = []
    for ln in lines:  # PDF lines are hard-wrapped
        while len(ln) > 90:
            cut = ln.rfind(" ", 0, 90)
            wrapped.append(ln[:cut])
            ln = ln[cut + 1:]
        wrapped.append(ln)
    pages = [wrapped[i:i + 60] + [f"— {i // 60 + 1} —"] for i in range(0, len(wrapped), 60)]
    src = tmp_path / "tested.pdf"
    src.write_bytes(make_pdf(pages))
    data, _ = import_sources([src], "tested-pdf")
    assert [c["number"] for c in data["clauses"]] == [c.number for c in rb.clauses]
    assert [c["text"][:50] for c in data["clauses"]] == [c.text[:50] for c in rb.clauses]
    assert len(data["dictionary"]) == len(rb.dictionary)


def test_unreadable_pdf_is_a_russian_error(tmp_path):
    pytest.importorskip("pypdf")
    src = tmp_path / "broken.pdf"
    src.write_bytes(b"%PDF-1.4\nnot a pdf at all")
    with pytest.raises(RulebookError, match=r"broken\.pdf: PDF не читается"):
        import_sources([src], "x")


def _broken_pdfs() -> dict[str, bytes]:
    from tests.pdfmake import make_pdf

    good = make_pdf([["205. Сражение.", "205.1. Атакующее существо наносит удар."]])
    return {"обрезан": good[: len(good) // 2], "xref": good.replace(b"xref", b"xrex"),
            "мусор": b"%PDF-1.4\n" + b"\x00" * 500, "поток": good.replace(b"stream\n", b"stream\n\x00\x01", 1)}


@pytest.mark.parametrize("kind", ["обрезан", "xref", "мусор", "поток"])
def test_broken_pdf_is_told_in_russian_without_the_libraries_english(tmp_path, kind):
    pytest.importorskip("pypdf")
    src = tmp_path / "rules.pdf"
    src.write_bytes(_broken_pdfs()[kind])
    with pytest.raises(RulebookError) as e:
        import_sources([src], "x")
    msg = str(e.value)
    assert msg.startswith("rules.pdf: PDF не читается (") and "ожидался PDF с текстовым слоем" in msg, msg
    inner = msg.split("(", 1)[1].rsplit(")", 1)[0]
    assert not re.search(r"[A-Za-z]{4,}", inner.replace("PDF", "").replace("xref", "")), msg


def test_password_protected_pdf_says_so(tmp_path):
    pytest.importorskip("pypdf")
    import io

    from pypdf import PdfReader, PdfWriter

    from tests.pdfmake import make_pdf
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf([["205. Сражение."]]))))
    w.encrypt("secret", algorithm="RC4-128")
    buf = io.BytesIO()
    w.write(buf)
    src = tmp_path / "locked.pdf"
    src.write_bytes(buf.getvalue())
    with pytest.raises(RulebookError, match=r"locked\.pdf: PDF не читается \(PDF защищён паролем"):
        import_sources([src], "x")


PARAGRAPH_DICTIONARY = """<html><body>
<p><u>101. Общие положения.</u></p><ol><li><p>Партию играют два игрока.</p></li><li><p>Каждый игрок приносит свою колоду.</p></li></ol>
<p><strong>Словарь.</strong></p>
<p>Термины собраны в алфавитном порядке.</p>
<p><b>Броня Х</b> – постоянная особенность, предотвращающая первые Х ран.</p>
<p>Несколько особенностей «Броня» одной карты суммируются.</p>
<p><b>Полёт:</b> свойство существа находиться во вспомогательной зоне.</p>
<ul><li><strong>Регенерация Х</strong> &ndash; в начале своего хода существо излечивается на Х.</li></ul>
<p>Rambler Top100</p>
<div>© 2025 Produced by Тестовый Лаар</div>
</body></html>"""


def test_dictionary_written_as_bold_paragraphs_is_read_as_entries_not_a_section():
    data, report = import_sources_text(PARAGRAPH_DICTIONARY, "dict.html")
    assert [c["number"] for c in data["clauses"]] == ["101.1", "101.2"]
    assert [s["number"] for s in data["sections"]] == ["101"]
    assert [(d["term"], d["text"], d["section"]) for d in data["dictionary"]] == [
        ("Броня Х", "постоянная особенность, предотвращающая первые Х ран.\n"
                    "Несколько особенностей «Броня» одной карты суммируются.", "Словарь"),
        ("Полёт", "свойство существа находиться во вспомогательной зоне.", "Словарь"),
        ("Регенерация Х", "в начале своего хода существо излечивается на Х.", "Словарь"),
    ]
    assert report.dictionary == 3
    assert any("dict.html, строка 9:" in n and "Rambler" in n for n in report.notes)  # the footer is not an entry's line


def test_paragraph_dictionary_entries_are_glossary_terms_of_the_edition():
    from bot.glossary import edition_terms_of, find_term

    data, _ = import_sources_text(PARAGRAPH_DICTIONARY, "dict.html")
    rb = Rulebook.from_dict(data)
    terms = edition_terms_of(rb)
    t = find_term(terms, "бронёй")
    assert t is not None and t.entry is not None and t.entry.term == "Броня Х" and t.edition == "x"
    assert find_term(terms, "полёт").entry.text.startswith("свойство существа")


def test_scraped_pages_with_a_dictionary_header_give_entries_not_an_invented_section(tmp_path):
    (tmp_path / "p1.txt").write_text(
        "209.1. Симбиот помещается на существо.\n209.2. Нельзя помещать симбиота на летающее существо.\n"
        "Словарь.\nБроня Х – постоянная особенность, предотвращающая раны.\nПолёт – свойство существа.\n", encoding="utf-8")
    (tmp_path / "p2.txt").write_text("210.1. Артефакты стоят на поле.\n210.2. Артефакты не двигаются.\n", encoding="utf-8")
    data, report = import_sources([tmp_path / "p1.txt", tmp_path / "p2.txt"], "x")
    assert [c["number"] for c in data["clauses"]] == ["209.1", "209.2", "210.1", "210.2"]
    assert [(s["number"], s["title"]) for s in data["sections"]] == [("209", ""), ("210", "")]
    assert [(d["term"], d["section"]) for d in data["dictionary"]] == [("Броня Х", "Словарь"), ("Полёт", "Словарь")]
    assert report.unplaced == []


@pytest.mark.parametrize("body, numbers", [
    ("412. Определение цели особенностей. Перенаправление.\n412.1. Цель выбирается при объявлении.\n"
     "412.2. Перенаправление меняет цель.\n", ["412.1", "412.2"]),
    ("102. Начало игры. Мулиган.\n1. Игроки тасуют колоды.\n2. Мулиган разрешён один раз.\n", ["102.1", "102.2"]),
])
def test_text_page_opening_with_a_section_heading_imports(tmp_path, body, numbers):
    src = tmp_path / "page.txt"
    src.write_text(body, encoding="utf-8")
    data, report = import_sources([src], "x")
    assert [c["number"] for c in data["clauses"]] == numbers
    assert [s["title"] for s in data["sections"]] == [body.split("\n")[0].split(". ", 1)[1].rstrip(".")]
    assert report.unplaced == [] and data["clauses"][0]["inferred"] is False


def test_scraped_page_heading_with_periods_is_a_header_not_a_paragraph():
    from bot.pages import Header, read_text

    items, orphans = read_text("412. Определение цели особенностей. Перенаправление.\n"
                               "412.1. Цель выбирается при объявлении.\n", "p")
    assert items[0] == Header("Определение цели особенностей. Перенаправление.", "section", "p", 0, "412")
    assert [it.number for it in items[1:]] == ["412.1"] and orphans == []


def import_sources_text(text: str, name: str):
    """Import one page given as text (written to a temporary file)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / name
        src.write_text(text, encoding="utf-8")
        return import_sources([src], "x")


WELL_FORMED = """<html><body>
<p><u>101. Общие положения.</u></p><ol><li><p>Партию играют два игрока.</p></li><li><p>Каждый игрок приносит свою колоду.</p></li></ol>
<p><u>102. Начало игры.</u></p><ol><li><p>Игроки тасуют колоды.</p></li><li><p>Мулиган разрешён один раз.</p></li></ol>
<p><u>103. Победа.</u></p><ol><li><p>Побеждает тот, кто уничтожил отряд противника.</p></li></ol>
</body></html>"""


@pytest.mark.parametrize("old, new, message", [
    # unclosed structure that would lose text
    ("колоду.</p></li></ol>", "колоду.</p></li>",
     r"p\.html, строка 3: текст «102\. Начало игры\.» стоит внутри списка пунктов 101 \(строка 2\), но вне пункта <li>; "
     r"список не закрыт \(нет </ol>\)"),
    ("колоду.</p></li></ol>", "колоду.</p>",
     r"p\.html, строка 3: заголовок раздела «102\. Начало игры\.» оказался внутри пункта 101\.2 \(строка 2\)"),
    ("<p><u>102.", "<script>var x = 1;\n<p><u>102.",
     r"p\.html, строка 3: элемент <script> не закрыт и поглотил текст правил \(заголовок раздела в строке 4\)"),
    ("<p><u>102.", "<form>\n<p><u>102.",
     r"p\.html, строка 3: элемент <form> не закрыт и поглотил текст правил \(заголовок раздела в строке 4\)"),
    ("<p><u>102.", "<!-- забытый комментарий\n<p><u>102.", r"p\.html, строка 3: комментарий «<!--» не закрыт"),
    # text that cannot be placed
    ("колоду.</p></li></ol>", "колоду.</p></li></ol><li><p>Потерянный пункт правил без списка.</p></li>",
     r"p\.html, строка 2: пункт списка <li> вне списка <ol> .* после пункта 101\.2, текст «Потерянный пункт правил без списка\.»"),
    ("<p><u>102.", "<p>Этот абзац правил стоит вне списка пунктов.</p>\n<p><u>102.",
     r"p\.html, строка 3: абзац вне пунктов после пункта 101\.2, текст «Этот абзац правил стоит вне списка пунктов\.»"),
    ("<p><u>102. Начало игры.</u></p>", "<p><u>102. Начало игры.</u></p>\n<p>Вводный абзац раздела без номера.</p>",
     r"p\.html, строка 4: после заголовка раздела 102 \(строка 3\) идёт текст без номера «Вводный абзац раздела без номера\.»"),
    ("<ol><li><p>Игроки тасуют колоды.</p></li><li><p>Мулиган разрешён один раз.</p></li></ol>", "<ol></ol>",
     r"p\.html, строка 3: в разделе 102 нет ни одного пункта"),
    # numbers out of order or twice
    ("<li><p>Мулиган", '<li value="1"><p>Мулиган', r"p\.html, строка 3: пункт 102\.1 после пункта 102\.1; ожидались номера пунктов по возрастанию"),
    ("<li><p>Каждый", '<li value="5"><p>Каждый</p></li>\n<li value="3"><p>Ещё',
     r"p\.html, строка 3: пункт 101\.3 после пункта 101\.5"),
    ("103. Победа", "100. Победа", r"p\.html, строка 4: раздел 100 стоит после раздела 102 \(строка 3\); ожидались разделы по возрастанию"),
])
def test_malformed_html_is_refused_naming_the_line_and_nothing_is_written(tmp_path, old, new, message):
    assert old in WELL_FORMED
    src = tmp_path / "p.html"
    src.write_text(WELL_FORMED.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulebookError, match=message):
        import_sources([src], "x")
    from bot.cli import main

    assert main(["rulebook", "import", str(src), "--edition", "x", "--out-dir", str(tmp_path / "out")]) == 1
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


@pytest.mark.parametrize("old, new", [
    ("<p>Игроки тасуют колоды.</p>", "<p><b>Игроки тасуют колоды."),  # unclosed <p> and <b>: nothing lost
    ("<p><u>102.", "<p><img src='/img/sep.gif'></p><p>&nbsp;</p><p><u>102."),  # a separator image between sections
    ("<p><u>102.", "<table><tr><td>Меню раздела</td></tr>\n<p><u>102."),  # an unclosed layout table
    ("<p><u>103.", "<p><strong>3. Победа и поражение</strong></p><p><u>103."),  # a part heading
])
def test_tolerable_html_faults_import_every_clause(tmp_path, old, new):
    src = tmp_path / "p.html"
    src.write_text(WELL_FORMED.replace(old, new, 1), encoding="utf-8")
    data, _ = import_sources([src], "x")
    assert [c["number"] for c in data["clauses"]] == ["101.1", "101.2", "102.1", "102.2", "103.1"]
    assert data["clauses"][2]["text"] == "Игроки тасуют колоды."


_TEXT_BOOK = """Правила игры Берсерк

100. Общие положения.
1. Игра ведётся двумя игроками.
2. Каждый игрок имеет колоду.
101. Поле боя.
1. Поле боя состоит из 30 клеток.
2. У каждого игрока своя половина поля.
а) Первый ряд ближе к противнику.
"""


@pytest.mark.parametrize("toc", [
    "\nСодержание\n100. Общие положения\n3\n101. Поле боя\n4\n",
    "\nОглавление\n100. Общие положения ........ 3\n101. Поле боя ........ 4\n© 2025\n",
])
def test_a_table_of_contents_after_the_sections_of_a_text_book_is_skipped(toc):
    from bot.fullbook import read_text_book

    for text in (_TEXT_BOOK + toc, toc + _TEXT_BOOK):
        book = read_text_book(text, "r.txt")
        assert [c.number for c in book.clauses] == ["100.1", "100.2", "101.1", "101.2", "101.2.а"]
        assert [s["number"] for s in book.sections] == ["100", "101"]
        assert book.clauses[-1].text == "Первый ряд ближе к противнику."   # the contents are no part of it
        assert any(n.startswith("Пропущено строк вне разделов") for n in book.notes)


def test_a_section_told_twice_with_items_is_still_an_error_in_a_text_book():
    from bot.fullbook import read_text_book

    with pytest.raises(RulebookError, match=r"r\.txt, строка 10: раздел 100 встречается второй раз \(первый – строка 3\)"):
        read_text_book(_TEXT_BOOK + "100. Общие положения.\n1. Ещё раз.\n", "r.txt")
