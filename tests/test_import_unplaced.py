"""Scraped-page imports refuse rule text they cannot place (issue 13: «every failure
is a Russian message with the source line; nothing is written unless the import
succeeds»): file and line of the first unplaceable paragraph, how many more, nothing
written; site chrome is dropped, not refused; ``--keep-unplaced`` keeps the old
review flow (``unplaced`` in the YAML, flagged by ``rulebook check``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.check import check_report
from bot.cli import main
from bot.importer import UnplacedError, import_sources
from bot.rulebook import Rulebook

GOOD = (
    "Симбиоты.\n"
    "209.1. Симбиот помещается на существо при вызове.\n"
    "209.2. Нельзя помещать симбиота на летающее существо.\n"
)
# lines 1-2: pagination chrome and a blank; 3 and 5: rule text before any header or number
STRAY = (
    "⇐ ПредыдущаяСтр 7 из 15Следующая ⇒\n"
    "\n"
    "Небестелесного симбиота нельзя поместить на бестелесное существо.\n"
    "\n"
    "Симбиот, который после подфазы Вскрытия не имеет хозяина, погибает.\n"
    "Артефакты.\n"
    "210.1. Артефакты располагаются на поле боя.\n"
)


def _pages(tmp_path: Path, **pages: str) -> list[Path]:
    out = []
    for name, text in pages.items():
        p = tmp_path / f"{name}.txt"
        p.write_text(text, encoding="utf-8")
        out.append(p)
    return out


def _import_cli(tmp_path: Path, pages: list[Path], *flags: str, before: str | None = None) -> tuple[int, Path]:
    out_dir = tmp_path / "out"
    out_dir.mkdir(exist_ok=True)
    if before is not None:
        (out_dir / "t.yaml").write_text(before, encoding="utf-8")  # a file there before
    code = main(["rulebook", "import", *map(str, pages), "--edition", "t", "--out-dir", str(out_dir), *flags])
    return code, out_dir


def test_unplaceable_paragraphs_fail_naming_file_line_and_count_and_nothing_is_written(tmp_path, capsys):
    pages = _pages(tmp_path, a=GOOD, b=STRAY)
    code, out_dir = _import_cli(tmp_path, pages, before="edition: t\n")
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("Ошибка импорта: b.txt, строка 3: не удалось разместить текст правил "
                          "«Небестелесного симбиота нельзя поместить на бестелесное существо.»: "
                          "у абзаца нет номера пункта")
    assert "; и ещё 1 абзац (b.txt, строка 5). Ничего не записано." in err
    assert "--keep-unplaced" in err and "Traceback" not in err
    assert "ПредыдущаяСтр" not in err  # chrome is not what is refused
    assert [p.name for p in out_dir.iterdir()] == ["t.yaml"]
    assert (out_dir / "t.yaml").read_text(encoding="utf-8") == "edition: t\n"


def test_the_error_lists_every_unplaced_paragraph_in_page_order(tmp_path):
    pages = _pages(tmp_path, a=GOOD, b=STRAY)
    with pytest.raises(UnplacedError) as e:
        import_sources(pages[::-1], "t")
    assert [(s, ln, t[:20]) for s, ln, t, _ in e.value.unplaced] == [
        ("b.txt", 3, "Небестелесного симби"), ("b.txt", 5, "Симбиот, который пос")]


def test_example_with_no_paragraph_before_it_is_refused_at_its_line(tmp_path):
    pages = _pages(tmp_path, a=GOOD + "Артефакты.\nПРИМЕР. Артефакт стоит на клетке c3.\n210.1. Артефакты не двигаются.\n")
    with pytest.raises(UnplacedError) as e:
        import_sources(pages, "t")
    msg = str(e.value)
    assert msg.startswith("a.txt, строка 5: не удалось разместить текст правил «ПРИМЕР. Артефакт стоит на клетке c3.»: "
                          "перед ним нет пункта правил")
    assert "и ещё" not in msg


def test_a_second_paragraph_with_a_taken_number_is_refused_naming_both_lines(tmp_path):
    pages = _pages(tmp_path, a=GOOD, b="Симбиоты.\n209.1. Паразит помещается на вражеское существо и ранит его в конце хода.\n")
    with pytest.raises(UnplacedError) as e:
        import_sources(pages, "t")
    assert str(e.value).startswith(
        "b.txt, строка 2: не удалось разместить текст правил «Паразит помещается на вражеское существо и ранит его в конце хода.»: "
        "номер 209.1 уже у другого абзаца (a.txt, строка 2)")


def test_html_page_bullet_outside_any_paragraph_names_its_html_line(tmp_path):
    html = ("<html><body>\n<h2>Стек</h2>\n<ul>\n  <li>действие карты;</li>\n</ul>\n"
            "<ol start=\"302\"><li>Стек<ol>\n<li>Стек состоит из игродействий.</li>\n</ol></li></ol>\n</body></html>\n")
    src = tmp_path / "s.html"
    src.write_text(html, encoding="utf-8")
    second = _pages(tmp_path, a=GOOD)[0]
    with pytest.raises(UnplacedError) as e:
        import_sources([second, src], "t")
    assert str(e.value).startswith("s.html, строка 4: не удалось разместить текст правил «· действие карты;»")


def test_site_chrome_is_dropped_not_refused(tmp_path):
    page = ("Главная страница Случайная страница КАТЕГОРИИ: Спорт | Симбиоты.\n"
            + GOOD.split("\n", 1)[1]
            + "⇐ Предыдущая 2 3 Следующая ⇒\nПоделиться:\n© 2015 Все права защищены.\nProduced by SiteBuilder 3.1\n"
            "Дата добавления: 2015-06-27\n")
    data, report = import_sources(_pages(tmp_path, a=page), "t")
    assert [(c["number"], c["text"]) for c in data["clauses"]] == [
        ("209.1", "Симбиот помещается на существо при вызове."),
        ("209.2", "Нельзя помещать симбиота на летающее существо.")]
    assert data["unplaced"] == [] and report.unplaced == []


def test_keep_unplaced_writes_them_for_review_and_check_flags_them(tmp_path, capsys):
    pages = _pages(tmp_path, a=GOOD, b=STRAY)
    code, out_dir = _import_cli(tmp_path, pages, "--keep-unplaced")
    out = capsys.readouterr().out
    assert code == 0
    assert "Не удалось разместить (2):" in out and "b.txt, строка 3: Небестелесного симбиота" in out
    data = yaml.safe_load((out_dir / "t.yaml").read_text(encoding="utf-8"))
    assert data["unplaced"] == [
        {"source": "b.txt", "line": 3, "text": "Небестелесного симбиота нельзя поместить на бестелесное существо."},
        {"source": "b.txt", "line": 5, "text": "Симбиот, который после подфазы Вскрытия не имеет хозяина, погибает."},
    ]
    assert [c["number"] for c in data["clauses"]] == ["209.1", "209.2", "210.1"]
    problems, _ = check_report(Rulebook.from_dict(data), len(data["unplaced"]))
    assert "не размещено абзацев: 2 (см. раздел unplaced файла редакции)" in problems


def test_html_navigation_made_of_links_is_chrome_not_unplaced_rule_text(tmp_path):
    html = ("<html><body>\n<ul class=\"menu\"><li><a href=\"/\">Главная</a></li><li><a href=\"/rules\">Правила игры</a></li></ul>\n"
            "<h2><a href=\"#s302\">Стек</a></h2>\n"
            "<ol start=\"302\"><li>Стек<ol>\n<li>Стек состоит из игродействий (см. <a href=\"#p3\">п. 302.3</a>).</li>\n"
            "<li><a href=\"/next\">Читать далее</a></li>\n</ol></li></ol>\n</body></html>\n")
    src = tmp_path / "s.html"
    src.write_text(html, encoding="utf-8")
    data, report = import_sources([_pages(tmp_path, a=GOOD)[0], src], "t")
    assert [(c["number"], c["text"]) for c in data["clauses"] if c["section"] == "302"] == [
        ("302.1", "Стек состоит из игродействий (см. п. 302.3).")]
    assert {s["number"]: s["title"] for s in data["sections"]}["302"] == "Стек"
    assert report.unplaced == []
