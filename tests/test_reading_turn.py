"""The phases of a turn read as a proposition (bot.reading.turn, 408.2, 302.5): the phase or
subphase named, the asked property -> a start of a turn (its phases in order), two passes in
the subphase of Choice, or a move to a new subphase, run by the simulator."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import turn as tr
from bot.sim.engine import TURN_PHASES, Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer as _scenario


def test_what_is_read():
    r = tr.read("Может ли Заключительная фаза не наступить в каком-нибудь ходу?")
    assert (r.asked, r.phase, r.unread) == ("mandatory", "end", [])
    r = tr.read("Подфаза Действия может отсутствовать?")
    assert (r.asked, r.phase, r.skip) == ("mandatory", "action", True)
    assert "фиолетовая" in tr.read("Сколько раз за ход бывает фиолетовая фаза?").unread


CASES = [
    ("Фаза Открытия бывает каждый ход обязательно?", "Да,", "408.2"),
    ("Может ли главная фаза пропуститься?", "Нет,", "408.2"),
    ("Подфазы Действия в ходе может не быть?", "Да,", "408.2"),
    ("Сколько раз за ход проходит заключительная фаза?", "Один раз за ход", "408.2"),
    ("Ход начинается с начальной фазы?", "Да,", "408.2"),
    ("Ход начинается с фазы открытия?", "Нет,", "408.2"),
    ("В каком порядке проходят фазы хода?", "Начальная фаза, фаза Открытия", "408.2"),
    ("Можно ли что-нибудь сыграть между фазами?", "Нет, нельзя", "408.2"),
    ("Может ли что-то произойти между ходами?", "Нет, не может", "408.2"),
    ("Разве начальная фаза не может пропуститься?", "Нет, не может", "408.2"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == first, a.citations


def test_a_claim_about_acting_between_turns():
    a = ask("друг говорит, что между ходами можно сыграть внезапное действие. он прав?")
    assert a.verdict.startswith("Нет, друг не прав"), a.verdict


# ------------------------------------------------------------------ property: the answer == the start of a turn run directly
WORDS = {"start": "начальная фаза", "opening": "фаза открытия", "main": "главная фаза", "end": "заключительная фаза"}


@settings(max_examples=25, deadline=None)
@given(phase=st.sampled_from(sorted(WORDS)), skip=st.booleans(), order=st.integers(0, 1))
def test_a_phase_of_the_turn_equals_the_direct_run(phase, skip, order):
    s = GameState()
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c2"), creature_class="воин")
    every_turn = phase in Simulator(s).start_turn("first").value       # each phase of the turn happens every turn
    w = WORDS[phase]
    if skip:
        q = [f"Может ли {w} пропуститься?", f"{w[:1].upper() + w[1:]} может отсутствовать?"][order]
    else:
        q = [f"Обязательна ли {w} каждый ход?", f"{w[:1].upper() + w[1:]} обязательна в каждом ходу?"][order]
    a = ask(q)
    assert a.reading is not None and a.verdict.startswith("Да" if every_turn != skip else "Нет"), (q, a.verdict)
    assert list(TURN_PHASES).index(phase) >= 0
