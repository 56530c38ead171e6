"""Lives read as a proposition (bot.reading.lives, 508.1, 508.1.1): the lives told, the card's
appearance, the asked property -> summon / use / wound steps the simulator runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import lives as lv
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer as _scenario


def test_what_is_read():
    r = lv.read("У существа в свойствах 4 жизни. Его вызвали. Текущий максимум жизней равен 4?")
    assert (r.asked, r.lives, r.claim, r.unread) == ("entry", 4, 4, [])
    r = lv.read("Цифра жизней в свойствах карты — текущие жизни?")
    assert (r.asked, r.place, r.claim) == ("icon", "properties", "current")
    assert lv.read("Максимум жизней может уменьшиться?").asked is None        # only a rise is run
    assert lv.read("Что показывает фиолетовый значок жизней в текстовом поле?").unread == ["фиолетовый"]


CASES = [
    ("Каков текущий максимум жизней у существа при его появлении в игровой зоне?", "Начальному количеству", "508.1"),
    ("Существо вызвали, в свойствах у него 3 жизни. Текущий максимум жизней равен 3?", "Да,", "508.1"),
    ("Существо вызвали, в свойствах у него 3 жизни. Текущий максимум жизней равен 4?", "Нет,", "508.1"),
    ("Максимум жизней существа может увеличиться в процессе игры?", "Да, может", "508.1"),
    ("Как отмечаются изменения жизней?", "Ранами и маркерами", "508.1.1"),
    ("Что показывает значок жизней в свойствах карты?", "Начальное количество жизней", "508.1.1"),
    ("Значок жизней в свойствах — начальные или текущие жизни?", "Начальное количество жизней", "508.1.1"),
    ("Значок жизней в текстовом поле показывает текущие жизни?", "Да,", "508.1.1"),
    ("Разве значок жизней в текстовом поле не начальные жизни?", "Нет,", "508.1.1"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == first, a.citations


# ------------------------------------------------------------------ property: the answer == the card's lives run directly
PLACES = {"properties": "в свойствах карты", "text_field": "в текстовом поле"}


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 9), place=st.sampled_from(sorted(PLACES)), value=st.sampled_from(["начальные", "текущие"]),
       order=st.integers(0, 1))
def test_the_icon_equals_the_wounded_card(n, place, value, order):
    s = GameState()
    s.cards["X"] = Card(id="X", owner="first", cell=parse_cell("c2"), creature_class="воин", lives=n)
    Simulator(s).wound("X", 2)
    current = s.cards["X"].current_lives != n       # the text field shows the current lives, the properties the initial
    shows_current = place == "text_field"
    assert current
    q = [f"Значок жизней {PLACES[place]} — это {value} жизни?", f"{PLACES[place].capitalize()} значок жизней показывает {value} жизни?"][order]
    a = ask(q)
    yes = (value == "текущие") == shows_current
    assert a.reading is not None and a.verdict.startswith("Да" if yes else "Нет"), (q, a.verdict)


@settings(max_examples=20, deadline=None)
@given(n=st.integers(1, 9), claim=st.integers(1, 9))
def test_the_maximum_on_entry_equals_the_summoned_card(n, claim):
    s = GameState()
    s.cards["Y"] = Card(id="Y", owner="second", cell=parse_cell("c5"), creature_class="воин")
    sim = Simulator(s)
    sim.summon(Card(id="X", owner="first", cell=parse_cell("c2"), creature_class="воин", lives=n), None)
    have = s.cards["X"].current_lives
    a = ask(f"Существо вышло в игровую зону, в свойствах у него {n} жизней. Его текущий максимум жизней равен {claim}?")
    assert a.reading is not None and a.verdict.startswith("Да" if have == claim else "Нет"), a.verdict
