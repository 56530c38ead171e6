"""The asked motion of a card of any kind (bot.reading.card_moves): movement, relocation and
«вместо движения» of creatures, artifacts, terrains and attached cards, onto a cell an
artifact occupies or a cell an ability bans — the simulator's movement checks decide (506,
507, 209.10, 209.11, 210.2, 212.8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.compile import dump
from bot.sim import scenario as sc
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


@pytest.mark.parametrize("q,verdict,first", [
    ("Может ли мой арт телепортнуться?", "Нет, не может", "506.6"),     # only creatures (506.6); artifacts do not move (210.2)
    ("Можно ли передвинуть гнома на клетку, где стоит артефакт противника?", "Нет", "507.2"),
    ("Способность запрещает шмотке перемещаться на эту клетку. Хозяин шмотки может туда пойти?", "Нет, не может", "212.8"),
    ("Если паразиту запрещено перемещаться на клетку, может ли его носитель туда переместиться?", "Нет, не может", "209.11"),
    ("Паразит может объявить движение сам?", "Нет, не может", "209.10"),
    ("Местность можно переместить особенностью?", "Нет", "507.1"),
])
def test_card_motions_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:3])
    assert a.citations[0] == first, a.citations
    assert a.understood.startswith("Как я понял:") and a.unread == []
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


_NOUN = {"artifact": "артефакт", "symbiote": "симбиот", "creature": "существо"}
_VERB = {"movement": "двигаться", "relocation": "переместиться", "instead_of_movement": "телепортироваться"}


@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), motion=st.sampled_from(sorted(_VERB)), order=st.integers(0, 1))
def test_property_motion_reading_equals_direct_simulation(kind, motion, order):
    """kind × motion × word order: «Да» exactly when the simulator lets the card declare it."""
    q = [f"Может ли {_NOUN[kind]} {_VERB[motion]}?", f"{_NOUN[kind].capitalize()} может {_VERB[motion]}?"][order]
    s = GameState()
    s.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    if kind == "symbiote":
        s.cards["X"] = Card(id="X", owner="first", host="H", traits={"symbiote"}, cell=parse_cell("c3"), movement=None)
    else:
        s.cards["X"] = Card(id="X", owner="first", cell=parse_cell("b3"), kind=kind, creature_class="воин")
    legal = Simulator(s).declare("first", motion, card="X", to=parse_cell("b2")).legal
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:3])
    assert a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict, legal)
