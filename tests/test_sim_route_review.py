"""Scenario-route fixes from the review: the words that pick a situation (simultaneity
needs triggered abilities, slang for a host's fate), citations limited to the paragraphs
the conclusion rests on, negated yes/no questions, movement and phase questions that
used to fall through to search. Each family is tested with paraphrases."""

from __future__ import annotations

import pytest

from bot.sim import route


def _ask(q: str):
    a = route.answer(q, "5ed")
    assert a is not None and a.route == "scenario", q
    return a


# ------------------------------------------------ citations: the decisive paragraphs only
@pytest.mark.parametrize("q", [
    "Можно ли атаковать артефакт простым ударом?",
    "Артефакт можно ударить простым ударом?",
    "Можно ли нанести простой удар по артефакту?",
    "Простой удар по артефакту считается как по открытой или по закрытой карте?",
])
def test_strike_on_artifact_cites_210_3_only_and_keeps_the_stack_in_the_trace(q):
    a = _ask(q)
    assert a.citations == ["210.3"], a.citations
    assert any("303.4" in line for line in a.trace)      # the resolution is still shown step by step


@pytest.mark.parametrize("q,rule", [
    ("Хозяина переместили. Экипировка остаётся на прежней клетке?", "212.8"),
    ("Если хозяин переместился, симбиот переместится с ним?", "209.11"),
    ("Хозяина убили. Симбиот выживет?", "209.4"),
])
def test_host_events_do_not_cite_the_stack_steps_around_them(q, rule):
    a = _ask(q)
    assert a.citations == [rule], a.citations
