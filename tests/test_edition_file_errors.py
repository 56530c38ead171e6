"""A hand-edited or damaged edition file in the user's editions folder (QA pass): every
fault is a Russian message naming the file and what was expected, never a traceback;
`rulebook check` flags an empty edition and a name that does not match the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.errors import RulebookError
from bot.rulebook import Rulebook


@pytest.mark.parametrize("content, words", [
    (b"edition: x\nsections: []\nclauses:\n  - {number: 209.5, text: 5}\n", "пункт 1 (209.5): text — ожидался текст"),
    (b"edition: x\nclauses: 5\n", "«clauses» — не список"),
    (b"edition: x\nsections: []\nclauses:\n  - {number: abc, text: t}\n", "пункт 1: number «abc» — не номер пункта"),
    (b"edition: x\nsections: []\nclauses:\n  - {text: t}\n", "пункт 1: number «None» — не номер пункта"),
    (b"edition: x\nsections: []\nclauses:\n  - {number: '209.1', text: t, examples: [1]}\n",
     "пункт 1 (209.1): examples — ожидался список строк"),
    (b"edition: x\nsections: [5]\nclauses: []\n", "раздел 1: ожидался словарь с ключами number и title"),
    (b"edition: x\nclauses:\n  - [209.1, t]\n", "пункт 1: ожидался словарь"),
    (b"\xff\xfe\x00\x01garbage", "не читается как UTF-8 (байт 0)"),
])
def test_malformed_edition_file_is_a_russian_error(tmp_path: Path, content, words):
    f = tmp_path / "x.yaml"
    f.write_bytes(content)
    with pytest.raises(RulebookError) as e:
        Rulebook.load_file(f)
    assert str(e.value).startswith(str(f)) and words in str(e.value)


def test_a_folder_in_place_of_the_file_is_a_russian_error(tmp_path: Path):
    (tmp_path / "x.yaml").mkdir()
    with pytest.raises(RulebookError, match=r"x\.yaml: файл редакции не читается"):
        Rulebook.load_file(tmp_path / "x.yaml")


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


def test_cli_on_a_broken_user_edition_names_it_and_the_others_still_work(user_editions, capsys):
    (user_editions / "broken.yaml").write_bytes(b"edition: broken\nsections: []\nclauses:\n  - {number: 209.5, text: 5}\n")
    assert main(["rule", "209.5", "--edition", "broken"]) == 1
    err = capsys.readouterr().err
    assert "broken.yaml: пункт 1 (209.5): text — ожидался текст" in err and "Traceback" not in err
    assert main(["rule", "209.5", "--json"]) == 0          # the default edition is unaffected
    assert json.loads(capsys.readouterr().out)["number"] == "209.5"


def test_check_flags_an_empty_edition_and_a_name_that_is_not_its_file(user_editions, capsys):
    (user_editions / "empty.yaml").write_text("edition: other\nsections: []\nclauses: []\n", encoding="utf-8")
    assert main(["rulebook", "check", "--edition", "empty", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["problems"][:2] == [
        "в файле empty.yaml записано имя редакции «other», а ожидалось «empty» (ответы подписываются этим именем)",
        "в редакции нет ни одного пункта правил"]
    assert main(["rule", "209", "--edition", "empty"]) == 1
    assert "В редакции other нет ни одного пункта правил" in capsys.readouterr().out


def test_chat_does_not_choose_an_edition_whose_file_does_not_load(user_editions):
    from bot.chat.handlers import Ctx, handle
    from bot.chat.settings import ChatSettings
    from bot.store import Store

    (user_editions / "broken.yaml").write_text("edition: broken\nclauses: 5\n", encoding="utf-8")
    ctx = Ctx(chat_id=1, store=ChatSettings(Store("sqlite:///:memory:")))
    text = handle("/edition broken", ctx).answers[0].text
    assert text.startswith("Редакция «broken» не выбрана: её файл не загружается") and "«clauses» — не список" in text
    assert handle("/rule 209.5", ctx).answers[0].citations == ["209.5"]   # the chat keeps its edition


def test_search_and_ask_on_an_edition_with_no_paragraph_answer_instead_of_crashing(user_editions, capsys):
    # QA pass: bm25 raised «max() arg is an empty sequence» for an empty corpus
    (user_editions / "empty.yaml").write_text("edition: empty\nsections: []\nclauses: []\n", encoding="utf-8")
    assert main(["search", "симбиот", "--edition", "empty", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["ask", "--json", "--edition", "empty", "Можно ли положить симбиота на летающее существо?"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] is None and out["citations"] == []


def test_ask_exit_codes_for_an_edition_that_does_not_load_and_one_that_does_not_exist(user_editions, capsys):
    """README «Коды выхода»: an edition whose file does not load is refused on the merits
    (1, the file and line named); an edition name that is unknown or malformed is bad usage (2)."""
    (user_editions / "broken.yaml").write_text("edition: broken\nclauses: [\n  - {number: 1\n", encoding="utf-8")
    assert main(["ask", "--json", "--edition", "broken", "Можно ли положить симбиота на летающее существо?"]) == 1
    cap = capsys.readouterr()
    assert "broken.yaml, строка 3" in json.loads(cap.out)["error"] and "Traceback" not in cap.err
    assert main(["ask", "--edition", "nosuch", "Можно ли?"]) == 2
    assert "нет редакции «nosuch»" in capsys.readouterr().err
    assert main(["ask", "--edition", "a/b", "Можно ли?"]) == 2
    assert "имя редакции «a/b» не годится" in capsys.readouterr().err
