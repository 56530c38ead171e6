"""Asked attack-like actions read compositionally (bot.reading.attack): attack, wound, defend,
redirect and how a strike is calculated, for any card kind, word order and negation — the
answer is what the simulator does (210.2, 210.3, 211.2, 212.9, 209.9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.compile import dump
from bot.reading.reader import read
from bot.sim import scenario as sc
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


@pytest.mark.parametrize("q,verdict,first", [
    ("Артефакт противника может стать защитником?", "Нет, не может", "210.2"),
    ("Может ли мой арт прикрыть моего гнома как защитник?", "Нет, не может", "210.2"),
    ("Можно перенаправить атаку в шмотку?", "Нет, нельзя", "212.9"),
    ("Атаку можно перенаправить в местность противника?", "Нет, нельзя", "211.2"),
    ("Может ли местность быть целью атаки?", "Нет, не может", "211.2"),
    ("Артефакт может получать раны?", "Да, может", None),
    ("Может ли артефакт нанести удар?", "Нет, не может", "210.2"),
    ("Удар по артефакту идёт как по открытой карте?", "Нет, как по закрытой карте", "210.3"),
    ("Удар по артефакту считается как по закрытой карте?", "Да, как по закрытой карте", "210.3"),
    ("Можно ли хозяином атаковать своего симбиота?", "Да, можно", "209.9"),
    ("Экипировку нельзя атаковать?", "Да, нельзя", "212.9"),
    ("Нельзя ли атаковать артефакт?", "Да, можно", "210.3"),
])
def test_asked_actions_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:3])
    if first:
        assert a.citations[0] == first, a.citations
    assert a.understood.startswith("Как я понял:") and a.unread == []
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed      # the reading runs with the same verdict


def test_struck_as_either_names_the_option():
    a = ask("Удар по артефакту считается как по открытой или как по закрытой карте?")
    assert a.verdict.startswith("Как по закрытой") and a.citations == ["210.3"]


def test_a_pronoun_object_read_as_the_attacker_is_no_target():
    """«он может его атаковать?» with «его» taken for the attacker: no verdict about some other target."""
    r = read("хозяин моего паразита — существо противника. он может его атаковать?")
    assert r.asked is None or r.asked.card is not None


_NOUN = {"creature": ("существо", "существо", "существу"), "artifact": ("артефакт", "артефакт", "артефакту"),
         "terrain": ("местность", "местность", "местности"), "equipment": ("экипировка", "экипировку", "экипировке")}


def _direct(kind: str, action: str) -> bool:
    """Whether the simulator allows ``action`` on (or, for ``defend``, by) a card of ``kind``."""
    s = GameState()
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c3"), creature_class="воин")
    s.cards["V"] = Card(id="V", owner="second", cell=parse_cell("b4"), creature_class="воин")
    if kind == "equipment":
        s.cards["T"] = Card(id="T", owner="second", host="V", kind="equipment", equipment_class="оружие", movement=None)
        s.cards["T"].cell = s.cards["V"].cell
    else:
        s.cards["T"] = Card(id="T", owner="second", cell=parse_cell("c4"), kind=kind,
                            creature_class="воин" if kind == "creature" else None)
    sim = Simulator(s)
    if action == "attack":
        return sim.declare("first", "attack", card="A", target="T").legal
    if action == "wound":
        return sim.wound("T", 1).legal
    sim.declare("first", "attack", card="A", target="V")
    return (sim.defend("T") if action == "defend" else sim.redirect("T")).legal


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), action=st.sampled_from(["attack", "wound", "defend", "redirect"]),
       neg=st.booleans(), order=st.integers(0, 1))
def test_property_action_reading_equals_direct_simulation(kind, action, neg, order):
    """kind × asked action × negation × word order: «Да» exactly when the simulator allows it."""
    nom, acc, _dat = _NOUN[kind]
    if kind == "equipment" and action == "defend":
        return      # equipment stands on its host and is no defender candidate the reader models
    modal = "нельзя" if neg else "можно"
    personal = "не может" if neg else "может"
    q = {"attack": [f"{acc.capitalize()} противника {modal} атаковать?", f"Атаковать {acc} противника {modal}?"],
         "wound": [f"{nom.capitalize()} {personal} получать раны?", f"Раны {nom} {personal} получить?"],
         "defend": [f"{nom.capitalize()} противника {personal} быть защитником?",
                    f"Защитником {personal} стать {nom} противника?"],
         "redirect": [f"Атаку {modal} перенаправить в {acc}?", f"Перенаправить атаку в {acc} {modal}?"]}[action][order]
    legal = _direct(kind, action)
    a = ask(q)
    # a negated question: «Да, нельзя / Да, не может» when banned, the positive word leads when allowed
    allowed = ("Можно" if modal in q else "Может") if neg else "Да"
    if legal and action in ("defend", "redirect"):
        assert a.verdict is None or a.verdict.startswith(allowed), (q, a.verdict)
        return      # allowed, but no paragraph of the model says so: no verdict is the honest answer
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:3])
    assert a.verdict.startswith(allowed if legal else ("Да, " + (modal if modal in q else personal) if neg else "Нет")), \
        (q, a.verdict)
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed
