"""Families of fresh phrasing the scenario route used to decline (issue 11, reading13): each
test asks questions written for it in chat style, not taken from an evaluation set, and
checks the verdict, its paragraphs and that the compiled reading runs with `scenario run`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ a piece's class told after «класса»
CLASS_WORDS = {"оружие": "оружие", "доспех": "доспех", "броня": "доспех", "щит": "щит"}


def _second_piece_legal(c1: str, c2: str) -> bool:
    st_ = GameState()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    st_.cards["O"] = Card(id="O", owner="first", cell=parse_cell("a3"), creature_class="воин")
    for cid, host, cls in (("E1", "H", c1), ("E2", "O", c2)):
        st_.cards[cid] = Card(id=cid, owner="first", kind="equipment", equipment_class=cls, host=host, movement=None)
        st_.cards[cid].cell = st_.cards[host].cell
    return Simulator(st_).place("E2", "H").legal


@settings(max_examples=30, deadline=None)
@given(c1=st.sampled_from(sorted(CLASS_WORDS)), c2=st.sampled_from(sorted(CLASS_WORDS)),
       host=st.sampled_from(["орка", "паладина", "кентавра", "гнома"]), order=st.integers(0, 2))
def test_property_classes_told_per_piece_equal_direct_simulation(c1, c2, host, order):
    """class × class × creature name × word order: «одна класса X, другая (класса) Y» is two
    pieces of those classes on one host (212.4) — the verdict is the simulator's placing."""
    other = f"другая класса {c2}" if order != 1 else f"другая {c2}"
    q = [f"у моего {host} две шмотки, одна класса {c1}, {other}. так можно?",
         f"на моём {host[:-1] + 'е'} две шмотки: одна класса {c1}, {other}. так можно вообще?",
         f"у {host} две шмотки, одна класса {c1}, {other}. так можно?"][order]
    a = scenario_answer(q)
    legal = _second_piece_legal(CLASS_WORDS[c1], CLASS_WORDS[c2])
    assert a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)
    assert "212.4" in a.citations[:3]


def test_a_class_word_is_no_piece_of_equipment_and_one_class_told_is_no_verdict():
    a = ask("у моего гнома две шмотки, одна класса оружие. так можно?")
    assert a.verdict is None and "оружие" in a.unread
    a = ask("у моего гнома две шмотки, одна класса оружие, другая доспех. так можно?")
    assert a.verdict.startswith("Да") and a.citations[0] == "212.4"


# ------------------------------------------------------------------ the placed card as the subject
@pytest.mark.parametrize("q,verdict,first", [
    ("паразит может сесть на моё сущ?", "Нет", "209.1"),
    ("мой симб садится на летуна?", "Нет", "209.4"),
    ("симбиот может сесть на нелетающее существо?", "Да", "209.4"),
    ("противник говорит что мой паразит не может сесть на его сущ в третьем ряду. он прав?", "Да, противник прав", "209.2"),
])
def test_a_card_that_sits_on_a_host_is_placed(q, verdict, first):
    a = scenario_answer(q) if "говорит" not in q else ask(q)
    assert a.verdict and a.verdict.startswith(verdict), (q, a.verdict)
    assert first in a.citations[:3], a.citations


# ------------------------------------------------------------------ an earlier turn and a new turn told
@pytest.mark.parametrize("q", [
    "в прошлый ход мой гном потратил весь запас движения. сейчас начался мой новый ход, может он ходить?",
    "на прошлом ходу мой орк истратил весь запас движения. наступил следующий ход, он может походить?",
    "мой паладин потратил весь запас движения. начался новый ход, он может ходить?",
])
def test_points_spent_in_an_earlier_turn_are_restored_at_the_new_turn(q):
    a = scenario_answer(q)
    assert a.verdict.startswith("Да") and a.citations[0] == "506.4", (q, a.verdict, a.citations)


def test_an_earlier_turn_without_a_told_new_turn_stays_unread():
    a = ask("в прошлый ход моё сущ потратило весь запас движения. может оно ходить?")
    assert a.verdict is None and "прошлый" in a.unread


def test_a_closed_card_at_a_new_turn_gets_no_verdict():
    """What the Opening phase does to a closed card is not modelled (408.2): no «Нет» from 506.3."""
    a = ask("моё сущ закрылось. начался мой новый ход, оно может ходить?")
    assert a.verdict is None


@pytest.mark.parametrize("name", ["кентавр", "паладин", "вампир", "минотавр"])
def test_creature_names_of_common_races_are_creatures(name):
    a = scenario_answer(f"мой {name} может ходить?")
    assert a.verdict.startswith("Да") and "506.1" in a.citations


# ------------------------------------------------------------------ the squad told as «все мои сущи …»
@pytest.mark.parametrize("q,verdict,first", [
    ("на рассадке все мои существа летающие. что будет с симбиотом?", "Симбиот погибает", "209.4"),
    ("на шаге рассадки все мои сущи летающие, симбиоту некуда сесть. что с ним?", "Симбиот погибает", "209.4"),
    ("на рассадке все мои сущи без класса. что будет со шмоткой?", "Экипировка погибает", "212.2"),
    ("при рассадке у противника все существа летающие. что с моим паразитом?", "Паразит погибает", "209.4"),
])
def test_every_creature_of_a_player_told_is_the_squad_at_seating(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)
    assert a.reading["state"]["phase"] == "reveal"


def test_every_named_creature_is_no_whole_squad():
    """«все мои орки летающие» says nothing of the other creatures: no seating verdict."""
    assert ask("на рассадке все мои орки летающие. что с симбиотом?").verdict is None


def test_a_trait_after_a_comma_is_not_the_next_clauses_card():
    from bot.reading.reader import read

    r = read("на рассадке все мои сущи летающие, симбиоту некуда сесть. что с ним?")
    sym = next(c for c in r.cards.values() if c.kind == "symbiote")
    assert sym.traits == {} and any(c.traits.get("flying") for c in r.cards.values() if c.kind == "creature")


# ------------------------------------------------------------------ a response asked after the stack question
@pytest.mark.parametrize("q,verdict,first", [
    ("моя местность уходит во вспомогательную зону. это идёт через стек? соперник может в ответ что-нибудь кинуть?",
     "Нет", "211.1"),
    ("симб становится самостоятельным существом. это через стек? можно в ответ кинуть внезапку пока он становится "
     "самостоятельным?", "Нет", "302.5"),
    ("местность ушла во вспомогательную зону. это через стек? противник может в ответ что-то кинуть, пока она переносится",
     "Нет", "211.1"),
    ("я объявил атаку. это через стек? противник может в ответ кинуть внезапку?", "Да", "302.3"),
    ("симб по тексту становится самостоятельным существом. это выполняется без стека и без передачи приоритета?",
     "Да", "302.5"),
])
def test_a_response_asked_after_the_stack_question_is_the_same_question(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)


def test_a_response_sentence_with_more_than_the_response_is_not_folded_into_the_stack_question():
    a = ask("моя местность уходит во вспомогательную зону. это идёт через стек? противник может в ответ атаковать моего орка?")
    assert a.verdict is None and "ответ" in a.unread
