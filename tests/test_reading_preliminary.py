"""The preliminary phase read as a proposition (bot.reading.preliminary, 406–408): «в начале
боя», «авангард», the main phase, a declined ability, the asked property -> battle_start /
vanguard / main_phase steps the simulator runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import preliminary as pre
from bot.sim import phases
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer as _scenario


def test_what_is_read():
    r = pre.read("Первый игрок отказался от авангарда. Второй может использовать свой?")
    assert r.named == ["vanguard"] and r.declined == "first" and r.asked == "other" and r.unread == []
    r = pre.read("Что раньше: в начале боя или авангард?")
    assert r.named == ["battle_start", "vanguard"] and r.asked == "sequence" and not r.yes_no
    assert pre.read("Кто первым использует фиолетовый авангард?").unread == ["фиолетовый"]


CASES = [
    ("Кто первым использует особенности «в начале боя»?", "Первый игрок", "406.1"),
    ("Кто начинает использование особенностей «авангард»?", "Первый игрок", "407.1"),
    ("Кто первым использует авангард?", "Первый", "407.1"),
    ("Может ли второй игрок использовать авангард первым?", "Нет", "407.1"),
    ("особенности «в начале боя» игроки юзают по очереди или один сначала все свои?", "По очереди", "406.1"),
    ("Авангард используют по очереди или одновременно?", "По очереди", "407.1"),
    ("Я отказался от особенности «в начале боя». Можно сыграть её позже?", "Нет", "406.1"),
    ("Я в свою очередь пропустил авангард, могу сыграть его потом?", "Нет", "407.1"),
    ("Не воспользовался авангардом в свой черёд — можно потом?", "Нет", "407.1"),
    ("Я пропустил свою особенность «в начале боя». Можно её использовать позже?", "Нет", "406.1"),
    ("Я не стал использовать «в начале боя» в свою очередь. Могу потом?", "Нет", "406.1"),
    ("Первый игрок отказался от авангарда. Второй может использовать свой?", "Да", "407.1"),
    ("Сколько раз за бой карта может использовать особенность «в начале боя»?", "Один раз", "406.1"),
    ("Сколько раз за бой можно использовать авангард?", "Один раз", "407.1"),
    ("авангард у одной карты можно юзать два раза за бой?", "Нет", "407.1"),
    ("Можно ли использовать авангард два раза за бой?", "Нет", "407.1"),
    ("Кто становится активным игроком, когда начинается основная фаза боя?", "Первый игрок", "408.1"),
    ("Кто становится активным в основной фазе?", "Первый", "408.1"),
    ("Какой игрок становится активным после предварительной фазы?", "Первый", "408.1"),
    ("Основную фазу начинает первый игрок?", "Да", "408.1"),
    ("Основную фазу начинает неактивный игрок?", "Нет", "408.1"),
    ("переход из предварительной фазы в основную надо как-то объявлять?", "Нет, объявлять не нужно", "408.1"),
    ("Нужно ли объявлять переход в основную фазу?", "Нет, объявлять не нужно", "408.1"),
    ("Смену фазы надо заявлять?", "Нет, объявлять не нужно", "408.1"),
    ("Что раньше: в начале боя или авангард?", "Раньше — «в начале боя»", "406.1"),
    ("Сначала авангард или в начале боя?", "Раньше — «в начале боя»", "406.1"),
    ("«В начале боя» играют до авангарда или после?", "До:", "406.1"),
    ("Авангард до или после «в начале боя»?", "После:", "406.1"),
    ("Авангард идёт раньше «в начале боя»?", "Нет,", "406.1"),
    ("Авангард используется после особенностей «в начале боя»?", "Да,", "406.1"),
    ("Авангард раньше, чем в начале боя?", "Нет,", "406.1"),
    ("Когда авангард — до или после основной фазы?", "До:", "407.1"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == first and len(a.citations) >= 2, a.citations
    if start in ("Да", "Нет"):
        assert re.match(start + r",", a.verdict)


def test_the_move_to_the_main_phase_cites_408_1_then_302_5():
    assert _scenario("Смену фазы надо заявлять?").citations[:2] == ["408.1", "302.5"]


# ------------------------------------------------------------------ property: the answer == the steps run directly
ABILITY = {"battle_start": ("«в начале боя»", phases.battle_start), "vanguard": ("авангард", phases.vanguard)}


def _board() -> Simulator:
    s = GameState()
    s.phase = "seating"
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c2"), creature_class="воин")
    s.cards["B"] = Card(id="B", owner="second", cell=parse_cell("c5"), creature_class="воин")
    return Simulator(s)


@settings(max_examples=30, deadline=None)
@given(what=st.sampled_from(sorted(ABILITY)), asked=st.sampled_from(["later", "once", "second_first"]), order=st.integers(0, 1))
def test_legality_equals_the_direct_run(what, asked, order):
    word, step = ABILITY[what]
    sim = _board()
    if asked == "later":
        q = [f"Я отказался от особенности {word}. Можно сыграть её позже?", f"Я пропустил {word}. Могу сыграть потом?"][order]
        step(sim, [("first", "A", False)])
        legal = step(sim, [("first", "A", True)]).legal
    elif asked == "once":
        q = [f"Можно ли использовать {word} два раза за бой?", f"Можно {word} у одной карты юзать два раза за бой?"][order]
        step(sim, [("first", "A", True), ("second", "B", True)])
        legal = step(sim, [("first", "A", True)]).legal
    else:
        q = [f"Может ли второй игрок использовать {word} первым?", f"Второй игрок может использовать {word} первым?"][order]
        legal = step(sim, [("second", "B", True)]).legal
    a = ask(q)
    assert a.reading is not None and a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)
