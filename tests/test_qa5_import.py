"""A new user's own rulebook files (qa5): headers in headings, a table of contents in a
PDF or text dump, tables shown by ``rule``."""

from __future__ import annotations

import json

import pytest

from bot.fullbook import looks_like_full_html, read_full
from bot.importer import import_sources
from bot.lookup import answer_for, json_for, resolve
from bot.rulebook import Rulebook

HEADINGS = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Мини</title></head><body>
<nav><a href="/">Главная</a></nav>
<h2>Оглавление</h2><ul><li>101. Общие положения</li><li>102. Колода</li></ul>
<h2>101. Общие положения.</h2>
<ol><li>Игра ведётся двумя игроками.</li>
<li>Игроки договариваются о порядке:<ol type="a"><li>первый ход определяет жребий;</li><li>второй получает кристалл.</li></ol></li></ol>
<h3><b>102. Колода.</b></h3>
<ol><li>В колоде не менее 30 карт.</li>
<li>Стоимость карт:<table><tr><th>Стихия</th><th>Кристаллы</th></tr><tr><td>Лес</td><td>золотые</td></tr></table></li></ol>
<h2>Словарь терминов</h2><table><tr><td>Мулиган</td><td>замена стартовой руки.</td></tr><tr><td>Кристалл</td><td>единица ресурса.</td></tr></table>
<footer>© 2026 Мини</footer></body></html>"""


def test_section_headers_in_headings_are_a_full_rulebook(tmp_path):
    assert looks_like_full_html(HEADINGS)
    src = tmp_path / "mini.html"
    src.write_text(HEADINGS, encoding="utf-8")
    data, report = import_sources([src], "mini")
    assert [c["number"] for c in data["clauses"]] == ["101.1", "101.2", "101.2.а", "101.2.б", "102.1", "102.2"]
    assert [(s["number"], s["title"]) for s in data["sections"]] == [("101", "Общие положения"), ("102", "Колода")]
    assert [d["term"] for d in data["dictionary"]] == ["Мулиган", "Кристалл"]
    assert not any("©" in n for n in report.notes)  # the footer is chrome, not «текст после словаря»


def test_a_scraped_item_with_its_list_inside_is_not_a_full_rulebook():
    assert not looks_like_full_html("<ol><li>209. Симбиоты<ol><li>209.1 Текст.</li></ol></li></ol>")


def test_rule_shows_the_tables_of_a_clause(tmp_path):
    src = tmp_path / "mini.html"
    src.write_text(HEADINGS, encoding="utf-8")
    data, _ = import_sources([src], "mini")
    rb = Rulebook.from_dict(data)
    text = "\n".join(b.text for b in answer_for(resolve("102.2", rb), rb).blocks if b.text)
    assert "Стоимость карт:\n| Стихия | Кристаллы |\n| Лес | золотые |" in text
    got = json_for(resolve("102.2", rb), rb)
    assert got["tables"] == [{"caption": "", "rows": [["Стихия", "Кристаллы"], ["Лес", "золотые"]]}]
    json.dumps(got, ensure_ascii=False)


BODY = ["101. Общие положения.", "1. Игра ведётся двумя игроками.", "2. Второй пункт.",
        "102. Колода.", "1. В колоде не менее 30 карт.", "а) кроме героев;", "", "Словарь.", "Кристалл – единица ресурса."]


@pytest.mark.parametrize("toc", [
    ["101. Общие положения", "102. Колода"],
    ["101. Общие положения ....... 3", "102. Колода ....... 4", "103. Приложение ....... 9"],
    ["101. Общие положения 3", "102. Колода 4"],
])
def test_a_table_of_contents_before_the_sections_is_skipped(toc):
    book = read_full("\n".join(["Мини-правила", "Содержание", *toc, "", *BODY]).encode(), "t.txt")
    assert [(s["number"], s["title"]) for s in book.sections] == [("101", "Общие положения"), ("102", "Колода")]
    assert [c.number for c in book.clauses] == ["101.1", "101.2", "102.1", "102.1.а"]
    assert any("оглавление" in n for n in book.notes)


def test_a_pdf_with_a_table_of_contents_imports(tmp_path):
    pytest.importorskip("pypdf")
    from tests.pdfmake import make_pdf

    src = tmp_path / "mini.pdf"
    src.write_bytes(make_pdf([["Мини-правила", "Содержание", "101. Общие положения", "102. Колода", "— 1 —"], BODY]))
    data, _ = import_sources([src], "minipdf")
    assert [c["number"] for c in data["clauses"]] == ["101.1", "101.2", "102.1", "102.1.а"]


def test_a_section_repeated_after_its_items_is_still_an_error():
    from bot.errors import RulebookError

    with pytest.raises(RulebookError, match=r"t\.txt, строка 4: раздел 101 встречается второй раз"):
        read_full("\n".join(["101. Общие положения.", "1. Игра.", "2. Второй.", "101. Общие положения.", "1. Снова."]).encode(), "t.txt")


HEAD = "<html><body><p>101. Общие положения.</p>"


def test_lists_nested_thousands_deep_are_a_russian_error_not_a_recursion_error():
    from bot.errors import RulebookError

    with pytest.raises(RulebookError, match=r"d\.html, строка 1: элементы страницы вложены глубже 100 уровней, и <ol> там не прочитать"):
        read_full((HEAD + "<ol><li>Текст пункта." * 3000).encode(), "d.html")
    with pytest.raises(RulebookError, match=r"вложены глубже 100 уровней"):
        read_full(("<html><body>" + "<div>" * 5000 + "<p>101. Общие положения.</p><ol><li>Игра.</li></ol>").encode(), "d.html")


def test_thousands_of_unclosed_inline_tags_keep_the_text():
    book = read_full((HEAD + "<ol><li>Игра" + "<font>" * 5000 + " ведётся.</li><li>Два.</li></ol>").encode(), "f.html")
    assert [(c.number, c.text) for c in book.clauses] == [("101.1", "Игра ведётся."), ("101.2", "Два.")]


def test_a_self_closing_dropped_element_does_not_swallow_the_page():
    book = read_full(("<html><body><iframe src='x'/>" + HEAD[12:] + "<ol><li>Игра.</li><li>Два.</li></ol>").encode(), "i.html")
    assert [c.number for c in book.clauses] == ["101.1", "101.2"]


def test_item_numbers_from_attributes_are_bounded():
    from bot.errors import RulebookError

    with pytest.raises(RulebookError, match=r"s\.html, строка 1: start=«999999999999…» у <ol> – слишком большой номер пункта"):
        read_full((HEAD + "<ol start='" + "9" * 5000 + "'><li>Игра.</li></ol>").encode(), "s.html")
    book = read_full((HEAD + "<ol start='²'><li>Игра.</li><li value='٣'>Два.</li></ol>").encode(), "s.html")
    assert [c.number for c in book.clauses] == ["101.1", "101.2"]   # not numbers: ignored, as browsers do
    with pytest.raises(RulebookError, match=r"в списке пунктов 101 \(строка 1\) больше 999 пунктов"):
        read_full((HEAD + "<ol>" + "<li>Пункт правил.</li>" * 1000 + "</ol>").encode(), "m.html")


def test_wrapped_lines_of_a_text_rulebook_join_in_order():
    text = "\n".join(["101. Общие положения.", "1. Игра", "ведётся", "двумя игроками.", "Пример: один", "и два.",
                      "· пункт", "2. Второй.", "Словарь.", "Кристалл – единица", "ресурса."])
    book = read_full(text.encode(), "t.txt")
    assert [(c.number, c.text, c.examples) for c in book.clauses] == [
        ("101.1", "Игра ведётся двумя игроками.\n· пункт", ["Пример: один и два."]), ("101.2", "Второй.", [])]
    assert [(e.term, e.text) for e in book.dictionary] == [("Кристалл", "единица ресурса.")]
