"""«Когда X …?» answered by the condition one rule sentence states for X
(``bot.rules_text.when``): the condition is the verdict, with its paragraph; several sentences
stating different conditions, a yes/no question or a «когда …, то …» condition of another
question give none from this reader."""

from __future__ import annotations

import pytest

from bot.rules_text import when
from bot.rules_text.route import answer


@pytest.mark.parametrize("q, plain", [
    ("когда стек пустой считается?", "стек пустой считается?"),
    ("а подфаза когда заканчивается то?", "а подфаза заканчивается?"),
    ("в какой момент фаза считается завершённой", "фаза считается завершенной?"),
    ("можно ли двигаться, когда стек не пуст?", None),
    ("когда карта действует, что с её движением?", None),
    ("когда я пасую, приоритет уходит противнику?", None),
])
def test_the_asked_statement(q, plain):
    assert when.asked(q) == plain


def test_condition_of_an_empty_stack():
    a = answer("в какой момент стек считается пустым?")
    assert a.route == "rule_text" and a.citations == ["302.8"]
    assert "ни одного игродействия" in a.verdict
    assert a.sentence.startswith("Стек считается пустым")


def test_a_phase_told_as_ending_is_the_rules_completing():
    a = answer("когда фаза считается законченной?")
    assert a.citations == ["408.2"]
    assert "оба игрока последовательно пасуют" in a.verdict


def test_several_conditions_give_no_verdict_here():
    assert when.answer("когда симбиот погибает?") is None    # 209.4, 209.5, 209.6 …: different conditions


@pytest.mark.parametrize("q, lead", [
    ("эффекты правил игры игрок применяет до того, как получит приоритет, или после?", "До: сначала"),
    ("приоритет игрок получает до того как применит эффекты правил игры или после?", "После: сначала"),
    ("когда надо применять эффекты правил игры, а игрок должен получить приоритет, что сначала?", "Сначала"),
])
def test_which_of_two_events_comes_first(q, lead):
    a = answer(q)
    assert a is not None and a.citations[0] == "303.6"
    assert a.verdict.startswith(lead)
    assert "применяет все эффекты правил игры, а затем получает приоритет" in a.verdict


def test_which_first_needs_both_events_in_one_sentence():
    from bot.rules_text import order

    assert order.answer("эффекты правил игры применяются до того как существо погибнет или после?", "5ed") is None


def test_resolution_told_as_a_noun_is_the_rules_resolved_action():
    a = answer("у кого приоритет после выполнения игродействия?")
    assert a is not None and a.citations[0] == "303.4"
    assert a.verdict.lower().startswith("активный игрок")
