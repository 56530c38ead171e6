"""Shared helper of the scenario-route tests."""

from __future__ import annotations

from bot.answer import Answer
from bot.sim import route


def ask_scenario(q: str) -> Answer:
    """``bot.sim.route.answer(q)`` on the seed edition, asserting the scenario route took it."""
    a = route.answer(q, "5ed")
    assert a is not None and a.route == "scenario", q
    return a


def ask_judge(q: str) -> Answer:
    """``bot.judge.ask(q)`` on the seed edition, asserting a scenario route took it: the
    compositional reader (``bot.reading``) or what remains of the keyword route."""
    from bot.judge import ask

    a = ask(q, "5ed")
    assert a.route == "scenario", (q, a.route)
    return a
