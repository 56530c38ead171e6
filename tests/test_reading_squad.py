"""The squad told at the seating step (bot.reading.squad, 405.2): «в отряде только летуны да
симбиоты», «одни сущи без класса», «в первом ряду ни одного сущ нет» — the card waiting for a
host is assigned to every creature named, and the simulator's seating rules decide."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.reader import read
from bot.sim import phases
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer


def test_a_told_squad_is_read_as_the_candidate_hosts():
    r = read("у меня в отряде только летуны да симбиоты. что станет с моей шмоткой на рассадке?")
    assert r.asked.what == "fate" and r.unread == [] and r.seating
    (keys,) = r.squad.values()
    assert sorted((r.cards[k].kind, tuple(sorted(t for t, v in r.cards[k].traits.items() if v))) for k in keys) == \
        [("creature", ("flying",)), ("symbiote", ())]
    assert r.cards[r.asked.card].unhosted


def test_an_empty_front_row_names_no_card():
    r = read("противник на рассадке хочет назначить мне паразита. а у меня в первом ряду ни одного сущ нет. что с его паразитом?")
    assert r.unread == [] and r.squad == {"me:1": []}
    assert [c.kind for c in r.cards.values()] == ["parasite"] and r.cards[r.asked.card].owner == "opponent"


@pytest.mark.parametrize("q,word,cite", [
    ("выставил в отряд экипировку, а у меня в отряде только летуны да симбиоты. что станет со шмоткой на рассадке?",
     "погибает", "212.3"),
    ("у меня в отряде одни сущи без класса. что будет с моей шмоткой на рассадке?", "погибает", "212.2"),
    ("у меня в отряде одни летуны. что станет с моим симбом на рассадке?", "погибает", "209.4"),
    ("противник на рассадке хочет назначить мне паразита. а у меня в первом ряду ни одного сущ нет. что с его паразитом?",
     "погибает", "209.7"),
])
def test_no_told_creature_can_host_it_so_it_dies(q, word, cite):
    a = scenario_answer(q)
    assert word in a.verdict and cite in a.citations[:3], (a.verdict, a.citations)
    assert "только" in a.understood or "нет существ" in a.understood


@pytest.mark.parametrize("q", [
    "у меня в отряде только гномы и летуны. на рассадке что будет с моей шмоткой?",
    "у меня в отряде только летуны и гномы. на рассадке что будет с моей шмоткой?",
])
def test_a_creature_that_can_host_it_leaves_no_verdict_on_its_fate(q):
    r = read(q)
    (keys,) = r.squad.values()
    assert len(keys) == 2       # a list names two creatures, not one «летающий гном»
    a = ask(q)
    assert not a.verdict


def test_a_card_left_without_a_host_is_not_said_to_stand_next_to_one():
    a = ask("в рассадку я свою шмотку так никому и не назначил. она стоит на своей клетке?")
    assert not a.verdict or "хозяин" not in a.verdict


# ------------------------------------------------------------------ property: squad × card × list form
SQUAD = {"летуны": dict(traits={"flying"}, creature_class="воин"), "гномы": dict(creature_class="воин"),
         "сущи без класса": dict(creature_class=None), "симбиоты": dict(traits={"symbiote"}, creature_class="воин")}
SUBJ = {"шмотка": ("шмоткой", dict(kind="equipment", equipment_class="оружие")),
        "симб": ("симбом", dict(traits={"symbiote"}, creature_class="воин"))}


def _direct(subj: str, squad: list[str]) -> bool:
    """Whether the card gets a host at the seating step when assigned to each creature told."""
    s = GameState()
    s.phase = "reveal"
    for k, w in enumerate(squad):
        s.cards[f"H{k}"] = Card(id=f"H{k}", owner="first", cell=parse_cell("bcd"[k] + "3"), **SQUAD[w])
    s.cards["S"] = Card(id="S", owner="first", cell=parse_cell("a1"), movement=None, **SUBJ[subj][1])
    sim = Simulator(s)
    phases.seating_step(sim, [("S", f"H{k}") for k in range(len(squad))])
    return sim.state.cards["S"].host is not None


@settings(max_examples=30, deadline=None)
@given(subj=st.sampled_from(sorted(SUBJ)), squad=st.lists(st.sampled_from(sorted(SQUAD)), min_size=1, max_size=2, unique=True),
       only=st.sampled_from(["только", "одни"]), join=st.sampled_from([" и ", " да ", ", "]), order=st.integers(0, 1))
def test_property_told_squad_equals_the_seating_step(subj, squad, only, join, order):
    listed = join.join(squad)
    ablt = SUBJ[subj][0]
    q = [f"у меня в отряде {only} {listed}. что станет с моей {ablt} на рассадке?" if subj == "шмотка"
         else f"у меня в отряде {only} {listed}. что станет с моим {ablt} на рассадке?",
         f"в моём отряде {only} {listed}. на рассадке что будет с {ablt}?"][order]
    hosted = _direct(subj, squad)
    a = ask(q)
    if hosted:
        assert not a.verdict, (q, a.verdict)      # who hosts it is the player's choice: no fate ruled
    else:
        assert a.verdict and "погибает" in a.verdict, (q, a.verdict, a.unread)


@pytest.mark.parametrize("q,start", [
    ("Я назначил своих симбов и шмотки, противник тоже назначил своих. Кто теперь первым назначает паразитов?", "Первый игрок"),
    ("шаг рассадки. паразитов назначают до того как второй игрок рассадит своих симбов и шмотки или после?", "После"),
    ("шаг рассадки. первый игрок назначает своих паразитов раньше чем второй игрок назначает своих симбиотов и шмотки?", "Нет"),
])
def test_the_seating_order_told_with_players_and_the_step_before(q, start):
    a = scenario_answer(q)
    assert a.verdict.startswith(start) and a.citations[0] == "405.2", (a.verdict, a.citations)


def test_players_named_with_two_kinds_of_one_group_stay_unread():
    # the first player's symbiotes come before the second's equipment, which the kinds alone do not say (405.2)
    r = read("первый игрок назначает симбиотов раньше, чем второй игрок назначает экипировку?")
    assert r.unread


@pytest.mark.parametrize("q,word,cite", [
    ("на гноме сидел мой симб. гнома убили разрядом. что с симбом?", "погибает", "209.4"),
    ("хозяин моего симба перестал быть существом. симб живёт дальше?", "Нет", "209.3"),
    ("можно ли паразита назначить на существо в своём же отряде?", "Нет", "209.1"),
])
def test_how_it_died_stays_and_a_stressed_owner_are_read(q, word, cite):
    a = scenario_answer(q)
    assert word in a.verdict and cite in a.citations[:3], (a.verdict, a.citations)


@pytest.mark.parametrize("q,word,cite", [
    ("что происходит со шмоткой у которой после подфазы вскрытия нет хозяина?", "погибает", "212.5"),
    ("что будет с симбом, у которого после подфазы вскрытия нет хозяина?", "погибает", "209.7"),
])
def test_no_host_after_the_reveal_subphase_in_a_relative_clause(q, word, cite):
    a = scenario_answer(q)
    assert word in a.verdict and a.citations[0] == cite, (a.verdict, a.citations)
