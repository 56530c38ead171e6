"""Simultaneous triggered abilities read as a proposition (bot.reading.triggers, 305.1):
whose went off, who is active, the asked order -> a ``triggers`` scenario the simulator runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import triggers as tr
from bot.reading.scope import belongs_elsewhere
from bot.sim.engine import Simulator
from bot.sim.state import GameState
from tests.reading_support import scenario_answer


def _scenario(q: str):
    a = scenario_answer(q)
    assert a.citations[0] == "305.1", a.citations
    return a


def _opens(verdict: str | None, word: str) -> bool:
    return verdict is not None and re.match(word + r"\b", verdict) is not None


# ------------------------------------------------------------------ what is read
def test_owners_roles_and_quoted_trigger_names_are_read():
    r = tr.read("Одновременно сработали «при ударе» у моей карты и «когда получает Х ран» у карты противника. "
                "Я неактивный. Кто первым заносит особенности в стек?")
    assert r.owners == {"first", "second"} and r.active == "second" and r.asked == "first_in" and r.unread == []


def test_one_players_two_abilities_ask_his_own_order():
    r = tr.read("Я активный игрок, у меня одновременно сработали две особенности. В каком порядке они идут в стек?")
    assert r.owners == {"first"} and r.count == 2 and r.asked == "own_order" and r.side == "active"


def test_wearing_two_things_at_once_is_no_trigger_question():
    assert tr.answer("Может ли существо одновременно носить две экипировки разных классов?") is None


# ------------------------------------------------------------------ answers
@pytest.mark.parametrize("q", [
    "Одновременно сработали «при ударе» у моей карты и «когда получает Х ран» у карты противника. Я неактивный. "
    "Кто первым заносит особенности в стек?",
    "У меня и у соперника одновременно сработали «в конце хода» и «когда открывается». Я неактивный. Кто первым кладёт в стек?",
    "Одновременно сработали «при атаке» у меня и «при получении раны» у противника. Я неактивный. Кто первым заносит в стек?",
    "Одновременно сработали особенности у обоих игроков. В каком порядке они заносятся в стек?",
    "Если особенности моя и противника срабатывают одновременно, кто первым кладёт в стек?",
])
def test_the_active_players_go_onto_the_stack_first(q):
    assert not belongs_elsewhere(q)      # a quoted trigger name is a rule term, not card text
    v = _scenario(q).verdict
    if "неактивный" in q:    # the asker is told inactive: the answer names whose go first — the opponent's (305.1)
        assert v.startswith("Сначала особенности противника: он Активный игрок"), q
    else:
        assert v.startswith("Первыми в стек заносит свои особенности Активный"), q


@pytest.mark.parametrize("q", [
    "Одновременно сработали особенности «при атаке» у меня и у противника. Я неактивный. Чьи выполнятся первыми?",
    "Моя особенность и особенность противника сработали одновременно, противник активный. Чья выполнится первой?",
])
def test_the_asker_is_told_his_role(q):
    assert "вы Неактивный игрок" in _scenario(q).verdict


@pytest.mark.parametrize("q, word", [
    ("Активный кладёт свои особенности в стек первым?", "Да"),
    ("Неактивный кладёт свои особенности в стек первым?", "Нет"),
    ("Сработавшие особенности неактивного игрока выполняются первыми?", "Да"),
    ("Активный игрок заносит свои особенности в стек последним?", "Нет"),
    ("Особенности неактивного выполняются раньше особенностей активного?", "Да"),
    ("Особенности активного выполняются раньше особенностей неактивного?", "Нет"),
])
def test_yes_no_about_who_is_first(q, word):
    assert _opens(_scenario(q).verdict, word)


@pytest.mark.parametrize("q, side", [
    ("в каком порядке неактивный кладёт свои сработки в стек?", "Неактивный"),
    ("В каком порядке активный игрок кладёт в стек свои сработавшие особенности?", "Активный"),
    ("Я активный игрок, у меня одновременно сработали две особенности. В каком порядке они идут в стек?", "Активный"),
])
def test_order_within_ones_own_triggers_is_chosen(q, side):
    a = _scenario(q)
    assert a.verdict.startswith("В порядке, который выбирает он сам") and side in a.verdict, a.verdict


def test_each_player_chooses_the_order_of_his_own_triggers():
    assert _scenario("Кто выбирает порядок своих особенностей в стеке?").verdict.startswith("Каждый игрок сам")
    a = _scenario("Неактивный игрок сам выбирает порядок своих сработавших особенностей?")
    assert _opens(a.verdict, "Да") and "Неактивный" in a.verdict, a.verdict
    assert _scenario("Одновременно сработали две особенности, в каком порядке их класть в стек?").verdict.startswith("Каждый игрок сам")


@pytest.mark.parametrize("q", ["Могут ли две особенности сработать одновременно?",
                               "Могут ли особенности разных игроков срабатывать одновременно?"])
def test_can_triggers_be_simultaneous_is_a_yes(q):
    assert _scenario(q).verdict.startswith("Да, могут; тогда первыми в стек заносит")


def test_quoted_ability_names_and_pronouns_are_read():
    a = _scenario("У меня и у противника одновременно сработали особенности «при гибели». Я активный игрок. "
                  "Чьи особенности первыми заносятся в стек?")
    assert "Активный" in a.verdict and "вы Активный игрок" in a.verdict
    assert not [b for b in a.blocks if b.kind == "note"]


# ------------------------------------------------------------------ property: the answer == the triggers step run directly
SIDES = {"first": ("у меня", "моя"), "second": ("у противника", "противника")}


@settings(max_examples=30, deadline=None)
@given(me_active=st.booleans(), asked=st.sampled_from(["first_in", "first_resolved"]), order=st.integers(0, 1),
       trigger=st.sampled_from(["«при гибели»", "«при атаке»", "«в начале хода»", ""]))
def test_who_is_first_equals_the_direct_run(me_active, asked, order, trigger):
    role = "Я активный игрок." if me_active else "Я неактивный."
    told = f"Одновременно сработали особенности {trigger} у меня и у противника.".replace("  ", " ")
    q_ask = "Кто первым заносит особенности в стек?" if asked == "first_in" else "Чьи особенности выполнятся первыми?"
    q = " ".join([told, role, q_ask] if order == 0 else [role, told, q_ask])
    a = ask(q)
    s = GameState()
    s.active = "first" if me_active else "second"
    r = Simulator(s).triggers([("first", "моя", None), ("second", "противника", None)])
    mine_first_in = r.stack[0] == "моя"           # the bottom went in first
    mine_first_resolved = r.value[0] == "моя"     # the top resolves first
    assert a.reading is not None and a.citations[0] == "305.1", q
    assert ("ваши особенности заносятся в стек первыми" in a.verdict) == mine_first_in, (q, a.verdict)
    assert ("и выполнятся первыми" in a.verdict) == mine_first_resolved, (q, a.verdict)


@pytest.mark.parametrize("q", [
    "я активный, в начале хода одновременно сработали особенности и у моих карт и у его. чьи выполнятся первыми?",
    "я активный игрок. у меня и у противника в один момент сработали особенности, у каждого по одной. чья сработка выполнится первой?",
])
def test_when_they_triggered_and_one_each_are_read(q):
    from bot.reading.triggers import read as read_triggers
    r = read_triggers(q)
    assert r.asked == "first_resolved" and r.owners == {"first", "second"} and r.unread == []
    a = ask(q)
    assert a.route == "scenario" and "Неактивного" in a.verdict and a.citations[0] == "305.1"
