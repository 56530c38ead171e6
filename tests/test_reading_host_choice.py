"""Which creature a card goes on, read compositionally: «на кого / на своих или на чужих?» at
seating (bot.reading.seating: every candidate host tried in one seating step, 405.2, 209.1,
209.2, 212.1), «X быть хозяином Y» (a placing), two named pieces of equipment (both class
cases, 212.4), two cards of different kinds on one host (209.6), two fates asked at once."""

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
    ("На кого сажают симбиотов при рассадке?", "На своих существ (в любом ряду)", "209.1"),
    ("шмотку вешают на своих или на вражеских?", "На своих", "212.1"),
    ("Куда назначают паразитов?", "На существ противника в первом ряду", "209.2"),
    ("Может ли экипировка стать хозяином симбиота?", "Нет, нельзя", None),
    ("Можно ли надеть на гнома меч и топор?", "Да, если у них разные классы", "212.4"),
    ("Можно ли надеть на летуна щит и кольчугу?", "Нет, нельзя", "212.3"),
    ("Может ли на орке сидеть симбиот и паразит?", "Нет, нельзя", "209.6"),
    ("Хозяина со шмоткой и симбом убили. Что будет со шмоткой и симбом?", "Симбиот погибает; экипировка уничтожается", "209.4"),
])
def test_host_choices_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:3])
    if first:
        assert a.citations[0] == first, a.citations
    assert a.understood.startswith("Как я понял:") and a.unread == []
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


_NOUN = {"symbiote": "симбиота", "parasite": "паразита", "equipment": "экипировку"}


def _seated_on(kind: str) -> set[tuple[str, int]]:
    """Candidate hosts (owner, row) a card of ``kind`` is seated on by the simulator (405.2)."""
    s = GameState(phase="reveal")
    kw = dict(kind="equipment", equipment_class="оружие") if kind == "equipment" else dict(traits={kind} | {"symbiote"})
    cand = [("me", 1, "c3"), ("me", 2, "c2"), ("opponent", 1, "c4"), ("opponent", 2, "c5")]
    for k, (who, _row, cell) in enumerate(cand):
        s.cards[f"H{k}"] = Card(id=f"H{k}", owner="first" if who == "me" else "second", cell=parse_cell(cell), creature_class="воин")
        s.cards[f"S{k}"] = Card(id=f"S{k}", owner="first", cell=parse_cell(f"{'abde'[k]}1"), movement=None, **kw)
    sim = Simulator(s)
    phases.seating_step(sim, [(f"S{k}", f"H{k}") for k in range(4)])
    return {(w, r) for k, (w, r, _c) in enumerate(cand) if sim.state.cards[f"S{k}"].host == f"H{k}"}


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), form=st.integers(0, 2))
def test_property_which_host_reading_equals_direct_seating(kind, form):
    """kind × wording: the answer names the side and rows the simulator seats the card on."""
    q = [f"На кого кладут {_NOUN[kind]} при рассадке?", f"{_NOUN[kind].capitalize()} кладут на своих или на чужих существ?",
         f"Куда можно назначить {_NOUN[kind]}?"][form]
    got = _seated_on(kind)
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:3])
    v = a.verdict.lower()
    assert ("своих" in v) == ({w for w, _ in got} == {"me"}), (q, a.verdict, got)
    assert ("первом ряду" in v) == ({r for _, r in got} == {1}), (q, a.verdict, got)
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


@pytest.mark.parametrize("q,verdict,first", [
    ("Способность переложила шмотку на другое существо. Кто теперь её хозяин?", "Хозяином становится", "212.1"),
    ("Особенность поместила моего симба на гнома. Прежний хозяин всё ещё хозяин?", "Нет", "209.3"),
    ("Моего тролля со шмоткой закрыли. Шмотка остаётся?", "Да", "212.3"),
    ("Вызвал симбиота, а в тексте без указания, на кого его положить. Он выживет?", "Нет", "209.8"),
    ("На орке висят две шмотки разных классов. Орк потерял класс. Что со шмотками?", "Экипировка не уничтожается", "212.2"),
    ("Мой симб остался без хозяина. Он погибнет?", "Да", "209.7"),
])
def test_host_events_and_new_hosts_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:3])
    assert a.citations[0] == first, a.citations
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_a_partial_reading_names_the_words_it_could_not_place():
    a = ask("Можно ли положить симбиота на фиолетовое существо?")
    assert a.verdict is None and a.route == "scenario" and "фиолетовое" in a.unread


@pytest.mark.parametrize("q,verdict", [
    ("Кто первым назначает шмотки на рассадке?", "Первый игрок"),
    ("Паразитов рассаживают раньше экипировки?", "Нет"),
    ("Экипировку назначают до паразитов?", "Да"),
    ("Когда рассаживают паразитов?", "Последними"),
    ("Симбиотов назначают до паразитов или после?", "До"),
])
def test_seating_order_is_read_off_one_seating_step(q, verdict):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict)
    assert a.citations == ["405.2"] and a.reading["steps"][0]["seating"]
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


@pytest.mark.parametrize("q,verdict,first", [
    ("Скока местностей можно держать в отряде?", "Одна", "211.3"),
    ("В отряде уже есть местность. Можно взять вторую?", "Нет", "211.3"),
    ("Особенность разрешает взять вторую местность. Можно взять ещё одну?", "Да", "211.4"),
    ("Две мои местности были под контролем по особенности, одна покинула игровую зону. Сколько местностей я могу контролировать?",
     "Одна", "211.4"),
])
def test_terrain_counts_are_recruited_one_by_one(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict)
    assert a.citations[0] == first, a.citations
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed
