"""Shared helper of the scenario-route tests."""

from __future__ import annotations

from bot.answer import Answer
from bot.sim import route


def ask_scenario(q: str) -> Answer:
    """``bot.sim.route.answer(q)`` on the seed edition, asserting the scenario route took it."""
    a = route.answer(q, "5ed")
    assert a is not None and a.route == "scenario", q
    return a
