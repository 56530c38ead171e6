"""The reveal step read as a proposition (bot.reading.reveal, 405.1, 211.1): whose cards,
which row, which kind of card, the end of the first turn told, the asked property -> a
``reveal`` step (and the end of the first player's turn) the simulator runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import reveal as rv
from bot.sim import phases
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer as _scenario


def test_what_is_read():
    r = rv.read("Я второй игрок. Могу не вскрывать карты 3-го ряда до конца первого хода первого игрока?")
    assert (r.asked, r.player, r.row, r.span, r.unread) == ("keep", "second", 3, "first_turn", [])
    r = rv.read("Куда после вскрытия уходит летающее существо?")
    assert (r.asked, r.kind, r.yes_no) == ("zone", "flying", False)
    assert rv.read("Куда после вскрытия уходит фиолетовая местность?").unread == ["фиолетовая"]
    assert rv.read("Где стоит местность до вскрытия?").asked is None      # the state before the step: not read here


CASES = [
    ("Кто вскрывает карты первым?", "Первый игрок", "405.1"),
    ("Второй игрок вскрывает свои карты раньше первого?", "Нет,", "405.1"),
    ("Первый игрок вскрывает карты первым?", "Да,", "405.1"),
    ("Второй игрок может оставить карты третьего ряда скрытыми?", "Да, может", "405.1"),
    ("Я второй игрок. Можно не вскрывать карты 3-го ряда?", "Да, может", "405.1"),
    ("Может ли первый игрок держать карты третьего ряда закрытыми?", "Нет, нельзя", "405.1"),
    ("Второй игрок может оставить скрытыми карты переднего ряда?", "Нет, нельзя", "405.1"),
    ("Второй игрок может держать карты 3-го ряда скрытыми всю игру?", "Нет, только до конца", "405.1"),
    ("Первый игрок закончил первый ход. Второй игрок может держать карты 3-го ряда закрытыми и дальше?", "Нет, только", "405.1"),
    ("До какого момента второй игрок держит карты третьего ряда скрытыми?", "До конца первого хода", "405.1"),
    ("Куда после вскрытия уходит местность?", "Во вспомогательную зону", "405.1"),
    ("летающие после вскрытия переносятся во вспомогательную зону?", "Да,", "405.1"),
    ("артефакт после вскрытия уходит во вспомогательную зону?", "Нет,", "405.1"),
    ("Местность после вскрытия остаётся на поле?", "Нет,", "405.1"),
    ("При вскрытии перенос местности во вспомогательную зону идёт через стек?", "Нет,", "211.1"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == first, a.citations


def test_a_claim_about_keeping_cards_hidden_is_ruled_on():
    a = ask("я второй игрок и говорю, что могу держать карты третьего ряда скрытыми до конца первого хода первого игрока. друг спорит, я прав?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict


# ------------------------------------------------------------------ property: the answer == the reveal step run directly
ROWS = {1: "переднего", 2: "второго", 3: "третьего"}
KINDS = {"flying": ("летающее существо", {"flying"}, "creature"), "terrain": ("местность", set(), "terrain"),
         "artifact": ("артефакт", set(), "artifact")}


def _board(cards) -> Simulator:
    s = GameState()
    s.phase = "reveal"
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c2"), creature_class="воин", revealed=False)
    s.cards["B"] = Card(id="B", owner="second", cell=parse_cell("c5"), creature_class="воин", revealed=False)
    for c in cards:
        s.cards[c.id] = c
    return Simulator(s)


@settings(max_examples=30, deadline=None)
@given(player=st.sampled_from(["first", "second"]), row=st.sampled_from([1, 2, 3]), order=st.integers(0, 2))
def test_keeping_hidden_equals_the_direct_run(player, row, order):
    who = "первый" if player == "first" else "второй"
    cell = f"b{4 - row}" if player == "first" else f"b{3 + row}"
    legal = phases.reveal_step(_board([Card(id="X", owner=player, cell=parse_cell(cell), revealed=False)]), ["X"]).legal
    q = [f"Может ли {who} игрок оставить карты {ROWS[row]} ряда скрытыми?",
         f"{who.capitalize()} игрок может не вскрывать карты {ROWS[row]} ряда?",
         f"Карты {ROWS[row]} ряда {who} игрок может держать закрытыми?"][order]
    a = ask(q)
    assert a.reading is not None and a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(sorted(KINDS)), order=st.integers(0, 1))
def test_the_zone_equals_the_direct_run(kind, order):
    word, traits, ck = KINDS[kind]
    sim = _board([Card(id="X", owner="first", cell=parse_cell("a2"), kind=ck, traits=set(traits), revealed=False)])
    phases.reveal_step(sim)
    moved = sim.state.cards["X"].zone == "additional_zone"
    q = [f"{word} после вскрытия переносится во вспомогательную зону?", f"при вскрытии {word} уходит во вспомогательную зону?"][order]
    a = ask(q)
    assert a.reading is not None and a.verdict.startswith("Да" if moved else "Нет"), (q, a.verdict)


@pytest.mark.parametrize("q", [
    "я второй игрок, оставил карту в третьем ряду скрытой. до какого момента она может так лежать?",
    "я второй игрок, оставил карту в 3м ряду скрытой. до какого момента она может так лежать",
])
def test_so_in_the_asked_sentence_is_the_hidden_state_told_before(q):
    from bot.reading.reveal import read as read_reveal
    r = read_reveal(q)
    assert r.asked == "until" and r.player == "second" and r.unread == []
    a = ask(q)
    assert a.route == "scenario" and "первого хода" in a.verdict and a.citations[0] == "405.1"


def test_the_first_players_card_kept_hidden_gets_no_until():
    assert not ask("я первый игрок, оставил карту в третьем ряду скрытой. до какого момента она может так лежать?").verdict
