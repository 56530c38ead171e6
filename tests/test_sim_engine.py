"""The simulator itself: illegal requests change nothing, stack and priority, rule effects."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from bot.sim import phases
from bot.sim.engine import Simulator
from tests.sim_support import make_sim
from bot.sim.state import Card, GameState, StackItem, parse_cell


def _sim(*cards: Card, **kw) -> Simulator:
    return make_sim(list(cards), **kw)


def test_equipment_on_flyer_is_refused_and_state_unchanged():
    sim = _sim(Card("Воин", "first", creature_class="воин", cell=parse_cell("c2")),
               Card("Дракон", "first", creature_class="воин", traits={"flying"}, cell=parse_cell("d2")),
               Card("Меч", "first", kind="equipment", equipment_class="оружие", host="Воин", movement=None))
    before = sim.state.snapshot()
    r = sim.place("Меч", "Дракон")
    assert not r.legal and r.cites == ["212.3"]
    assert sim.state.snapshot() == before


def test_slow_action_with_nonempty_stack_is_refused_and_state_unchanged():
    sim = _sim(Card("Воин", "first", cell=parse_cell("c2")))
    sim.state.stack.append(StackItem("особенность", "second", "triggered_ability"))
    before = sim.state.snapshot()
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    assert not r.legal and r.cites[:2] == ["304.1", "304.2"]
    assert sim.state.snapshot() == before
    r2 = sim.declare("first", "dice_roll")
    assert r2.legal and r2.value == "быстрое" and r2.stack == ["особенность", "бросок кубика"]


def test_both_pass_resolves_top_then_active_player_gets_priority():
    sim = _sim(Card("Воин", "first", cell=parse_cell("c2")), Card("Орк", "second", cell=parse_cell("c5")))
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    assert sim.state.priority == "first"          # 303.3
    sim.pass_priority("first")
    sim.declare("second", "dice_roll")
    assert sim.state.priority == "second"
    sim.pass_priority("second")
    r = sim.pass_priority("first")
    assert r.value == "бросок кубика" and "303.4" in r.cites
    assert sim.state.priority == "first" and [s.name for s in sim.state.stack] == ["движение существа «Воин»"]


def test_simultaneous_triggers_inactive_resolve_first():
    sim = _sim(Card("Воин", "first", cell=parse_cell("c2")), active="first")
    r = sim.triggers([("second", "B1", None), ("first", "A1", None), ("first", "A2", None), ("second", "B2", None)])
    assert [s.name for s in sim.state.stack] == ["A1", "A2", "B1", "B2"]
    assert r.value == ["B2", "B1", "A2", "A1"] and r.cites[0] == "305.1"


def test_rule_effects_applied_before_priority():
    sim = _sim(Card("Воин", "second", cell=parse_cell("c5")),
               Card("Лиана", "second", traits={"symbiote"}, host="Воин", movement=None),
               Card("Колдун", "first", cell=parse_cell("c2")))
    sim.declare("first", "card_action", card="Колдун", effect={"dies": "Воин"})
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    texts = [c.rules for c in r.consequences]
    i_effect = texts.index(("209.4",))
    i_priority = max(i for i, t in enumerate(texts) if t == ("303.4",))
    assert i_effect < i_priority and sim.state.cards["Лиана"].zone == "graveyard"


def test_reveal_then_seating_kills_unhosted_and_moves_flyers():
    sim = _sim(Card("Воин", "first", cell=parse_cell("c3"), revealed=False),
               Card("Дракон", "second", traits={"flying"}, cell=parse_cell("c4"), revealed=False),
               Card("Лиана", "second", traits={"symbiote"}, cell=parse_cell("a6"), revealed=False, movement=None),
               phase="reveal")
    phases.reveal_step(sim)
    assert sim.state.cards["Дракон"].zone == "additional_zone"
    r = phases.seating_step(sim, [("Лиана", "Дракон")])
    assert sim.state.cards["Лиана"].zone == "graveyard"
    assert "209.4" in r.cites and "209.7" in r.cites


def test_movement_moves_attachments_and_spends_a_point():
    sim = _sim(Card("Воин", "first", cell=parse_cell("c2"), movement=2, creature_class="воин"),
               Card("Меч", "first", kind="equipment", equipment_class="оружие", host="Воин", movement=None),
               Card("Лиана", "first", traits={"symbiote"}, host="Воин", movement=None))
    sim.declare("first", "movement", card="Воин", to=parse_cell("b2"))
    sim.pass_priority("first")
    sim.pass_priority("second")
    cards = sim.state.cards
    assert cards["Воин"].cell == cards["Меч"].cell == cards["Лиана"].cell == parse_cell("b2")
    assert cards["Воин"].movement_left == 1


_OPS = st.lists(st.tuples(st.sampled_from(["declare_move", "declare_dice", "declare_action", "pass_first", "pass_second", "place", "wound"]),
                          st.sampled_from(["a1", "b2", "c3", "c2", "d5"])), max_size=12)


@settings(max_examples=60, deadline=None)
@given(_OPS)
def test_refused_requests_never_change_the_state(ops):
    sim = _sim(Card("Воин", "first", cell=parse_cell("c2"), movement=2, creature_class="воин"),
               Card("Орк", "second", cell=parse_cell("c4"), traits={"flying"}),
               Card("Болото", "second", kind="terrain", zone="additional_zone", movement=None),
               Card("Меч", "first", kind="equipment", equipment_class="оружие", host="Воин", movement=None))
    for op, cell in ops:
        before = sim.state.snapshot()
        if op == "declare_move":
            r = sim.declare("first", "movement", card="Воин", to=parse_cell(cell))
        elif op == "declare_dice":
            r = sim.declare(sim.state.priority, "dice_roll")
        elif op == "declare_action":
            r = sim.declare("second", "card_action", card="Орк")
        elif op == "pass_first":
            r = sim.pass_priority("first")
        elif op == "pass_second":
            r = sim.pass_priority("second")
        elif op == "place":
            r = sim.place("Меч", "Орк")
        else:
            r = sim.wound("Болото", 1)
        if not r.legal:
            assert sim.state.snapshot() == before
            assert r.reasons and all(c.rules for c in r.reasons)
        assert len(sim.state.stack) <= len(ops)
