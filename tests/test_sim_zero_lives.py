"""A creature whose current lives are 0 has no lives left and dies as a rule effect before
priority (508.1, 508.1.1: current lives = initial lives + additional − wounds; 303.6),
whether the lives went by wounds or were 0 from the start; lives below 0 are refused at load."""

import pytest

from bot.sim import scenario as sc

_STATE = """
title: ноль жизней
state:
  cards:
    - {{id: Пустышка, owner: first, cell: b2, lives: {lives}}}
    - {{id: Страж, owner: first, cell: c2, lives: 2}}
steps:
  - pass: first
expect:
  cards:
    Пустышка: {{zone: graveyard}}
    Страж: {{zone: battlefield}}
"""


def test_zero_initial_lives_dies_without_wounds():
    res = sc.run(sc.load(_STATE.format(lives=0), "<тест>"))
    assert res.passed, res.actual
    lines = [c.line() for c in res.results[0].consequences]
    assert any("Пустышка" in x and "погибает" in x and "508.1.1" in x for x in lines), lines


def test_one_life_without_wounds_stays():
    res = sc.run(sc.load(_STATE.format(lives=1), "<тест>"))
    assert not res.passed and res.actual["cards"]["Пустышка"]["zone"] == "battlefield"


def test_negative_lives_refused_with_line():
    with pytest.raises(sc.ScenarioError) as e:
        sc.load(_STATE.format(lives=-1), "<тест>")
    assert "строка 5" in str(e.value) and "меньше 0" in str(e.value)
