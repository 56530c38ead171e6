"""A response to a game action needs it on the stack (``needs_stack`` of
grammar/rule_language.yaml, ``bot.rules_text.needs``): «можно ли ответить на X?» is ruled out
by the sentence saying X does not use the stack (302.5) with the reason (303.5); a game action
using the stack, or one no sentence classifies, rules nothing. The game-action reader does
not take what is answered for what is declared («ответить на X»)."""

from __future__ import annotations

import pytest

from bot.judge import ask


@pytest.mark.parametrize("q", [
    "можно ли ответить на эффект правил игры?",
    "а на переход к следующей фазе противник может ответить быстрым действием?",
    "эффект правил игры ведь игродействие. значит он проходит через стек и на него можно ответить?",
])
def test_response_to_an_action_not_using_the_stack_is_ruled_out(q):
    a = ask(q)
    assert a.route == "rule_text"
    assert a.verdict.startswith("Нет, ")
    assert a.citations[:2] == ["302.5", "303.5"]
    assert "не использует стек" in a.verdict


def test_negated_question_is_answered_relative_to_its_statement():
    a = ask("нельзя ответить на эффект правил игры?")
    assert a.route == "rule_text" and a.citations[:2] == ["302.5", "303.5"]
    assert a.verdict.lower().lstrip("да, ").startswith("нельзя")


@pytest.mark.parametrize("q", [
    "можно ли ответить на бросок кубика?",       # it uses the stack: speed and priority decide, not 302.5
    "можно ли ответить на атаку броском кубика?",   # what is answered is the attack, not the roll
])
def test_no_ruling_when_the_answered_action_uses_the_stack(q):
    a = ask(q)
    assert a.verdict is None or not a.verdict.startswith("Нет"), a.verdict


def test_action_declared_as_a_response_is_still_read_by_the_simulator():
    a = ask("можно ли ответить броском кубика на атаку?")
    assert a.route == "scenario" and a.verdict.startswith("Да")
    assert "304.3" in a.citations


def test_phase_change_told_as_passing_through_the_stack():
    a = ask("переход к следующей фазе проходит через стек?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "302.5"
