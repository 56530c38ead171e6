"""Debts a new user hit (qa5): broken editions listed as if choosable, broken links
skipped in silence, «\\udcff» for an undecodable byte, unlabelled search citations."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def user_editions(tmp_path, monkeypatch):
    from bot import paths
    from tests.conftest import clear_edition_caches

    monkeypatch.setenv(paths.USER_DIR_ENV, str(tmp_path))
    d = tmp_path / "editions"
    d.mkdir()
    clear_edition_caches()
    yield d
    clear_edition_caches()


def _chat():
    from bot.chat.handlers import Ctx
    from bot.chat.settings import ChatSettings
    from bot.store import Store

    return Ctx(chat_id=1, store=ChatSettings(Store("sqlite:///:memory:")))


def test_edition_list_marks_an_edition_whose_file_does_not_load(user_editions):
    from bot.chat.handlers import handle

    (user_editions / "broken.yaml").write_text("edition: broken\nclauses: 5\n", encoding="utf-8")
    (user_editions / "folder.yaml").mkdir()   # a folder is no edition at all
    items = handle("/edition", _chat()).answers[0].blocks[0].items
    assert items[0] == "5ed — выбрана"
    assert items[1].startswith("broken — не загружается: ") and "broken.yaml: «clauses» — не список" in items[1]
    assert len(items) == 2


def test_search_and_glossary_in_chat_label_their_paragraphs_with_the_edition(user_editions):
    from bot.chat.handlers import handle
    from bot.chat.render import render_plain

    (user_editions / "other.yaml").write_text(
        "edition: other\nsections: [{number: '101', title: Общие}]\nclauses:\n  - {number: '101.1', text: Симбиот есть карта.}\n",
        encoding="utf-8")
    ctx = _chat()
    assert render_plain(handle("/search симбиот летающий -k 1", ctx).answers[0]).rstrip().endswith("Пункты: 209.4 (5ed)")
    assert "Пункты: 303.2 (5ed)" in render_plain(handle("/glossary пасом", ctx).answers[0])


def _broken_link(folder: Path) -> Path:
    link = folder / "broken.yaml"
    link.symlink_to(folder / "missing" / "x.yaml")
    return link


def test_scenario_folder_reports_a_broken_link(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_bytes((ROOT / "scenarios" / "209_10_no_symbiote_movement.yaml").read_bytes())
    _broken_link(tmp_path)
    assert main(["scenario", "run", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert f"ОШИБКА {tmp_path / 'broken.yaml'}: ссылка ведёт на несуществующий файл {tmp_path / 'missing' / 'x.yaml'}" in out
    assert "Пройдено 1 из 2; не загружено: 1" in out
    assert main(["scenario", "run", str(tmp_path / "broken.yaml")]) == 2
    assert "broken.yaml: ссылка ведёт на несуществующий файл" in capsys.readouterr().err


def test_rulebook_import_folder_reports_a_broken_link(tmp_path, user_editions):
    from bot.errors import RulebookError
    from bot.importer import import_sources

    for src in (ROOT / "rulebook" / "sources").iterdir():
        (tmp_path / src.name).write_bytes(src.read_bytes())
    _broken_link(tmp_path)
    with pytest.raises(RulebookError, match=r"broken\.yaml: ссылка ведёт на несуществующий файл"):
        import_sources([str(tmp_path)], "x")


def test_streams_replace_what_they_cannot_encode(monkeypatch):
    import io

    from bot.__main__ import safe_streams

    raw_out, raw_err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw_out, encoding="utf-8"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(raw_err, encoding="cp1251", errors="backslashreplace"))
    safe_streams()
    print("файл /tmp/\udcff\udcfe.yaml")
    print("файл /tmp/\udcff.yaml ✓", file=sys.stderr)
    sys.stdout.flush(); sys.stderr.flush()
    assert raw_out.getvalue().decode("utf-8") == "файл /tmp/\ufffd\ufffd.yaml\n"
    assert raw_err.getvalue().decode("cp1251") == "файл /tmp/?.yaml ?\n"   # cp1251 has no «\ufffd»


def test_undecodable_bytes_of_a_file_name_are_shown_as_a_replacement_character(tmp_path):
    name = os.fsencode(str(tmp_path)) + b"/\xff\xfe.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable.encode(), b"-m", b"bot", b"parse", b"--file", name], capture_output=True, env=env,
                       timeout=120, cwd=ROOT)
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr.decode("utf-8").endswith("/\ufffd\ufffd.yaml: файл не найден\n"), p.stderr


def test_console_lines_with_undecodable_bytes_are_answered_not_apologised_for():
    import io

    from bot.chat.console import chat

    cp1251 = "Можно ли положить симбиота на летающее существо?".encode("cp1251")
    raw = b"/scenario\ntitle: \xff\n\n" + cp1251 + b"\n"
    inp = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="surrogateescape")  # as Python reads a pipe
    out = io.StringIO()
    assert chat(inp, out, interactive=False) == 0
    text = out.getvalue()
    assert "Извините" not in text
    assert "<сценарий>, строка 1: нет обязательного ключа «state» в сценарии" in text
    assert "Вердикт: Нет, нельзя: нельзя помещать симбиота на летающее существо" in text and "Пункты: 209.4" in text


def test_a_scenario_text_with_lone_surrogates_is_read_with_replacement_characters():
    from bot.sim.scenario import scenario_answer

    a = scenario_answer("title: a\udcffb\ud800\nstate: {cards: []}\nsteps: []\nexpect: {unchanged: true}")
    assert a.verdict == "сценарий выполнен" and a.blocks[0].text == "a\ufffdb\ufffd"


def test_an_unreadable_single_ability_text_is_named_as_the_abilities_text():
    from bot.sim.scenario import scenario_answer

    y = "title: t\nstate:\n  cards:\n  - {id: a, owner: first, cell: c3, abilities: \"«Ранить\"}\nsteps: []\nexpect: {unchanged: true}"
    assert scenario_answer(y).blocks[0].text == ("<сценарий>, строка 4: текст особенности (abilities) не читается как текст "
                                                 "карты: Непарная открывающая кавычка « в позиции 0: после неё нет закрывающей ».")
    named = y.replace('abilities: "«Ранить"', 'abilities: {Удар: "«Ранить"}')
    assert "особенность «Удар» не читается как текст карты" in scenario_answer(named).blocks[0].text
