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


def assert_ruling(a: Answer, verdict: str, first: str | None) -> None:
    """``a`` rules as expected: for ``verdict`` «Да» / «Нет» it opens «Да, …» / «Нет, …»;
    otherwise it contains ``verdict`` (any case) and names the thing (no «Да» / «Нет»: a wh-
    or either/or question); its first paragraph is ``first`` (unless ``None``)."""
    assert a.verdict, (a.question, a.route)
    if verdict in ("Да", "Нет"):
        assert a.verdict.startswith(verdict + ","), a.verdict
    else:
        assert verdict.lower() in a.verdict.lower(), a.verdict
        assert not a.verdict.startswith(("Да", "Нет")), a.verdict
    if first:
        assert a.citations[0] == first, a.citations


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
