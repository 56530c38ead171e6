"""Editions a user imports live in the user data folder, and replacing an installed
edition that would lose more than 10 % of its paragraphs needs --force (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import clear_edition_caches

from bot.cli import main
from bot.paths import rulebook_dir
from bot.rulebook import Rulebook, edition_path, editions, load, user_editions_dir

DATA = Path(__file__).resolve().parent / "data"
TESTED = DATA / "edition_tested.html"
SMALL = """<html><body><p><u>209. Симбиоты.</u></p><ol><li><p>Первый.</p></li><li><p>Второй.</p></li></ol>
<p><u>210. Артефакты.</u></p><ol><li><p>Третий.</p></li></ol></body></html>"""


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path / "user"))
    clear_edition_caches()
    yield tmp_path / "user"
    clear_edition_caches()


def test_import_without_out_dir_goes_to_the_user_folder(user_dir, capsys):
    packaged = sorted(p.name for p in rulebook_dir().glob("*.yaml"))
    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    target = user_dir / "editions" / "tested.yaml"
    assert f"Записано: {target}" in capsys.readouterr().out
    assert user_editions_dir() == user_dir / "editions"
    assert sorted(p.name for p in rulebook_dir().glob("*.yaml")) == packaged  # nothing in the package
    assert editions() == ["5ed", "tested"]  # every packaged *.yaml is an edition: no data files beside them
    assert edition_path("tested") == target
    assert load("tested").get("102.4.в").text.startswith("Второй мулиган в той же партии")


def test_replacing_an_edition_that_loses_paragraphs_needs_force(user_dir, tmp_path, capsys):
    page = tmp_path / "small.html"
    page.write_text(SMALL, encoding="utf-8")
    before = edition_path("5ed").read_bytes()
    assert main(["rulebook", "import", str(page), "--edition", "5ed"]) == 1
    err = capsys.readouterr().err
    assert "редакция «5ed» уже есть, и новый импорт потеряет 97% её пунктов (больше 10%); ничего не записано." in err
    assert "Редакция 5ed: было пунктов 91, станет 3." in err
    assert "Пропадут (88, 97%): 209.3, 209.4, 209.5" in err
    assert "Изменится текст (3): 209.1, 209.2, 210.1" in err and "Появятся" not in err
    assert "--force" in err
    assert not (user_dir / "editions" / "5ed.yaml").exists()
    assert edition_path("5ed").read_bytes() == before
    assert main(["rulebook", "import", str(page), "--edition", "5ed", "--force"]) == 0
    out = capsys.readouterr().out
    assert "Замена установленной редакции:" in out and "Пропадут (88, 97%)" in out
    assert [c.number for c in Rulebook.load_file(user_dir / "editions" / "5ed.yaml").clauses] == ["209.1", "209.2", "210.1"]
    assert edition_path("5ed") == user_dir / "editions" / "5ed.yaml"  # the user's copy wins


def test_reimport_of_the_same_edition_is_not_refused(user_dir, capsys):
    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    assert "Пропадут" not in capsys.readouterr().out


def test_the_glossary_of_an_installed_edition_is_its_own(user_dir, capsys):
    from bot.glossary import lookup_term, terms

    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    rb = load("tested")
    ts = terms("tested")
    entries = [t for t in ts if t.entry is not None]
    assert sorted(t.entry.term for t in entries) == sorted(e.term for e in rb.dictionary)  # all 38 entries
    assert all(t.edition == "tested" for t in ts)
    assert all(rb.get(t.number) is not None for t in ts if t.number)  # only this edition's paragraphs
    armour = lookup_term("бронёй", "tested")  # any inflection
    assert (armour.name, armour.number, armour.entry.label) == ("Броня Х", "403.1", "Словарь: Броня Х")
    assert armour.citations == ["403.1", "Словарь: Броня Х"]
    assert lookup_term("мулиганом", "tested").entry.text.startswith("Однократная пересдача сдачи")
    # 5ed keeps its own paragraphs, and has no dictionary
    assert lookup_term("пасом", "5ed").number == "303.2" and lookup_term("пасом", "5ed").entry is None
    assert lookup_term("броня", "5ed") is None
    assert main(["glossary", "бронёй", "--edition", "tested"]) == 0
    out = capsys.readouterr().out
    assert "403.1. Броня Х предотвращает первые Х ран" in out and "Словарь: Броня Х" in out


def test_defined_terms_of_the_edition_text(user_dir, tmp_path):
    from bot.glossary import lookup_term

    page = tmp_path / "def.html"
    page.write_text(SMALL.replace("<p>Первый.</p>", "<p>Владелец карты – это игрок, который начал игру с этой картой.</p>"),
                    encoding="utf-8")
    assert main(["rulebook", "import", str(page), "--edition", "defs"]) == 0
    t = lookup_term("владельцем карты", "defs")
    assert (t.name, t.number, t.strong, t.code_name) == ("Владелец карты", "209.1", True, "")


def test_ask_what_is_answers_from_the_editions_dictionary(user_dir):
    from bot.judge import ask

    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    a = ask("Что такое мулиган?", "tested")
    assert a.route == "glossary" and a.edition == "tested"
    assert a.citations[-1] == "Словарь: Мулиган"
    assert "Однократная пересдача сдачи до начала набора отряда" in a.text
    assert a.verdict.startswith("Однократная пересдача сдачи до начала набора отряда")   # the entry quoted
    b = ask("Что такое пас?", "5ed")    # 5ed has no dictionary: its defining sentence answers (303.2)
    assert b.route == "rule_text" and b.verdict.startswith("Пас – это передача приоритета") and b.citations[0] == "303.2"


def test_site_of_an_imported_edition_shows_tables_and_dictionary(user_dir, tmp_path):
    import re

    assert main(["rulebook", "import", str(TESTED), "--edition", "tested"]) == 0
    assert main(["rulebook", "html", str(tmp_path / "site"), "--edition", "tested"]) == 0
    page = (tmp_path / "site" / "tested.html").read_text(encoding="utf-8")
    assert "<caption>Таблица кристаллов</caption>" in page and "<td>Констрактед</td><td>Первый игрок</td><td>24</td>" in page
    assert len(re.findall(r'<dt id="dict-\d+">', page)) == 38
    assert '<dt id="dict-4">Броня Х</dt><dd>Постоянная особенность, предотвращающая первые Х ран' in page
