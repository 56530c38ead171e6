"""Shared helpers of the tests that ask situation questions and build small boards."""

from __future__ import annotations

from bot.answer import Answer
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


def ask_judge(q: str) -> Answer:
    """``bot.judge.ask(q)`` on the seed edition, asserting a scenario route took it (a
    reader of ``bot.reading`` that compiled the question into a scenario)."""
    from bot.judge import ask

    a = ask(q, "5ed")
    assert a.route == "scenario", (q, a.route)
    return a


def make_card(cid: str, owner: str = "first", cell: str | None = "c2", **kw) -> Card:
    """A card ``cid`` of ``owner`` on ``cell`` ("c2"; ``None`` = off the battlefield);
    ``kw`` are further ``Card`` fields."""
    return Card(id=cid, owner=owner, cell=parse_cell(cell) if cell else None, **kw)


def make_sim(cards: list[Card], **state) -> Simulator:
    """A simulator over ``GameState(**state)`` holding ``cards``; an attached card
    (``host`` set) is put on its host's cell (209.9, 212.7)."""
    st = GameState(**state)
    for c in cards:
        st.cards[c.id] = c
        if c.host:
            c.cell = st.cards[c.host].cell
    return Simulator(st)
