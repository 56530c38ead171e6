"""Where a card is, read compositionally (bot.reading.location) and stated by the simulator's
``locate`` step: on its host's cell (209.9, 212.7), on a cell of its own before the reveal
(209.2, 212.1, 211.1), an artifact on one cell (210.1), a revealed terrain in the additional
zone (211.1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.compile import dump
from bot.sim import phases
from bot.sim import scenario as sc
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


@pytest.mark.parametrize("q,verdict,first", [
    ("Где стоит паразит?", "На той же клетке, что и хозяин", "209.9"),
    ("Шмотка и её носитель считаются стоящими рядом?", "Да", "212.7"),
    ("Симб занимает свою клетку?", "Нет", "209.9"),
    ("Где лежит шмотка до вскрытия?", "На отдельной клетке", "212.1"),
    ("Паразит до вскрытия стоит на отдельной клетке?", "Да", "209.2"),
    ("Сколько клеток поля боя занимает артефакт противника?", "Артефакт занимает одну клетку", "210.1"),
    ("Местность после вскрытия во вспомогательной зоне находится?", "Да", "211.1"),
    ("Где располагается артефакт: на поле боя или в дополнительной зоне?", "На поле боя", "210.1"),
])
def test_asked_places_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:3])
    assert a.citations[0] == first, a.citations
    assert a.understood.startswith("Как я понял:") and a.unread == []
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_a_premise_of_standing_together_is_not_the_asked_place():
    """«…, если они на одной клетке стоят»: the attack is asked, the cell is told."""
    a = ask("Может ли хозяин ударить своего симба, если они на одной клетке стоят?")
    assert a.verdict.startswith("Да") and a.reading["steps"][0]["declare"]["kind"] == "attack"


def test_locate_step_states_the_paragraph():
    s = GameState()
    s.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    s.cards["S"] = Card(id="S", owner="first", host="H", traits={"symbiote"}, movement=None, cell=parse_cell("c3"))
    r = Simulator(s).locate("S")
    assert r.legal and r.value == {"zone": "battlefield", "cells": 0, "with_host": True}
    assert r.consequences[0].rules == ("209.9",)


_NOUN = {"symbiote": "симбиот", "equipment": "экипировка", "artifact": "артефакт", "terrain": "местность"}
_ASK = {"separate_cell": "стоит на отдельной клетке", "same_cell": "стоит на той же клетке, что и хозяин",
        "additional_zone": "находится во вспомогательной зоне", "battlefield": "находится на поле боя"}


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), option=st.sampled_from(sorted(_ASK)), before=st.booleans(),
       order=st.integers(0, 1))
def test_property_place_reading_equals_direct_simulation(kind, option, before, order):
    """kind × asked option × before / after the reveal × word order: «Да» exactly when the
    simulator's ``locate`` puts the card there."""
    if option == "same_cell" and (before or kind in ("artifact", "terrain")):
        return      # no host to share a cell with
    when = " до вскрытия" if before else ""
    q = [f"{_NOUN[kind].capitalize()}{when} {_ASK[option]}?", f"{'До вскрытия ' if before else ''}{_ASK[option]} ли {_NOUN[kind]}?"][order]
    s = GameState(phase="reveal")
    attached = kind in ("symbiote", "equipment") and not before
    kw = dict(kind="equipment", equipment_class="оружие") if kind == "equipment" else dict(traits={"symbiote"}) \
        if kind == "symbiote" else dict(kind=kind)
    if attached:
        s.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
        s.cards["X"] = Card(id="X", owner="first", host="H", cell=parse_cell("c3"), movement=None, **kw)
    else:
        s.cards["X"] = Card(id="X", owner="first", cell=parse_cell("b2"), revealed=False, movement=None, **kw)
    sim = Simulator(s)
    if not before and kind in ("artifact", "terrain"):
        phases.reveal_step(sim)
    v = sim.locate("X").value
    truth = {"same_cell": v["with_host"], "separate_cell": v["cells"] == 1 and not v["with_host"],
             "battlefield": v["zone"] == "battlefield", "additional_zone": v["zone"] == "additional_zone"}[option]
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:3])
    assert a.verdict.startswith("Да" if truth else "Нет"), (q, a.verdict)
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed
