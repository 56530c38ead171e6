"""``explain`` flags that cannot describe one table situation are usage errors
(exit 2, Russian message; validation in bot.abilities.resolve)."""

from __future__ import annotations

import json

import pytest

from bot.abilities.resolve import Outcome, explain
from bot.chat import handlers
from bot.chat.render import render_plain
from bot.cli import main
from bot.errors import OutcomeError

TEXT = "Ранить цель на 1 или она получает -1 к удару; затем получить фишку"  # (and_then (choice 1 2) 3)


@pytest.mark.parametrize("flags,message", [
    (["--choose", "1", "--choose", "2"], "--choose указан 2 раза (1, 2): выбирается один вариант «или» (505.5)"),
    (["--declare", "1", "--declare", "2"], "--declare указан 2 раза (1, 2): укажите все объявленные части одним списком"),
    (["--declare", ""], "--declare: пустой список; ожидались номера объявленных частей через запятую"),
    (["--declare", "1,x"], "--declare 1,x: ожидались номера частей через запятую"),
    (["--choose", "1", "--failed", "2"], "--failed 2: часть 2 не входит в выбранный вариант (--choose 1: части 1); "
                                          "невыбранный вариант «или» не объявляется и не выполняется (505.5)."),
])
def test_bad_flag_combinations_exit_2(flags, message, capsys):
    assert main(["explain", TEXT, *flags]) == 2
    assert message in capsys.readouterr().err
    assert main(["explain", "--json", TEXT, *flags]) == 2
    assert message in json.loads(capsys.readouterr().out)["error"]


def test_failed_part_inside_the_chosen_option_or_after_the_choice_is_fine(capsys):
    assert main(["explain", TEXT, "--choose", "2", "--failed", "2"]) == 0
    assert main(["explain", TEXT, "--choose", "1", "--failed", "3"]) == 0


def test_library_validation_of_failed_outside_chosen_option():
    with pytest.raises(OutcomeError, match="часть 1 не входит в выбранный вариант"):
        explain(TEXT, Outcome(choose=2, failed={1}))


def test_chat_repeated_choose_is_a_note_not_a_silent_overwrite():
    reply = handlers.handle(f"/explain --choose 1 --choose 2 {TEXT}", handlers.Ctx(transport="console"))
    assert "--choose указан 2 раза" in render_plain(reply.answers[0])
