"""Shared checks of the simulator readers' tests (tests/test_reading_*.py)."""

from __future__ import annotations


def scenario_answer(q: str):
    """``ask(q)`` answered on the scenario route with a complete reading (every content
    word used), whose compiled scenario (``reading``) loads and passes with
    ``scenario run``; returns the answer."""
    from bot.judge import ask
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    a = ask(q)
    assert a.route == "scenario" and a.reading is not None and a.unread == [], (q, a.route, a.verdict)
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))      # the reading runs with `scenario run` and passes
    assert res.passed, res.failures
    return a
