"""Usage errors of the command line: unknown --edition (exit 2 for every command,
JSON error object with --json), sub-command groups without a sub-command."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.errors import RulebookError
from bot.rulebook import check_edition_name, editions, require_edition

# the editions in rulebook/ (5ed, plus any a developer imported into the checkout)
MISSING = f"нет редакции «nope»; есть: {', '.join(editions())}"

COMMANDS = [
    ["ask", "что такое пас"],
    ["rule", "209.5"],
    ["search", "пас"],
    ["glossary"],
    ["explain", "Ранить цель на 2"],
    ["scenario", "run", "scenarios"],
    ["rulebook", "check"],
]


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_unknown_edition_exit_2_everywhere(cmd, capsys):
    assert main(cmd + ["--edition", "nope"]) == 2
    out = capsys.readouterr()
    assert out.err.endswith(f"ошибка: {MISSING}\n")
    assert out.out == ""


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_unknown_edition_with_json_prints_error_object(cmd, capsys):
    assert main(cmd + ["--edition", "nope", "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": MISSING}


def test_html_checks_each_listed_edition(tmp_path, capsys):
    assert main(["rulebook", "html", str(tmp_path / "o"), "--edition", "5ed,nope"]) == 2
    assert MISSING in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("name", ["../evil", "", ".hidden", "-x", "a/b", "a\\b"])
def test_bad_edition_names_are_refused(name):
    with pytest.raises(RulebookError, match="не годится: ожидались буквы, цифры"):
        check_edition_name(name)
    with pytest.raises(RulebookError, match="не годится"):
        require_edition(name)


def test_an_edition_name_too_long_for_a_file_name_is_refused_everywhere(capsys):
    """A 300-letter name used to reach the file system («File name too long»): a traceback
    in the CLI, «что-то пошло не так» in the chat."""
    from bot.chat.handlers import Ctx, handle

    long = "а" * 300
    with pytest.raises(RulebookError, match="имя редакции слишком длинное: 300 символов"):
        require_edition(long)
    assert check_edition_name("а" * 64) == "а" * 64
    assert main(["ask", "--edition", long, "что такое пас"]) == 2
    assert "слишком длинное" in capsys.readouterr().err
    (reply,) = handle("/edition " + long, Ctx(transport="console", chat_id=1)).answers
    assert "имя редакции слишком длинное" in reply.blocks[0].text


def test_good_edition_names():
    for name in ("5ed", "пятая-ред_1.2", "4ed.beta"):
        assert check_edition_name(name) == name


@pytest.mark.parametrize("group,sub", [("scenario", "run"), ("rulebook", "import")])
def test_group_without_subcommand_prints_help_to_stderr_exit_2(group, sub, capsys):
    assert main([group]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert f"berserk-judge {group}" in out.err and sub in out.err


def test_search_k_out_of_range_exit_2(capsys):
    for k in ("0", "-1", "51"):
        assert main(["search", "-k", k, "пас"]) == 2
        assert capsys.readouterr().err.endswith("ошибка: -k должно быть от 1 до 50\n")
    assert main(["search", "-k", "0", "--json", "пас"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": "-k должно быть от 1 до 50"}
    assert main(["search", "-k", "50", "пас"]) == 0
