"""Tree structure and typing families of card text (issue 12), round 10: counters moved between
cards («переместить с атакованного на себя X или менее {counter}») are counters, not a card's
move; a roll reduced to a number («бросок сводится к 6») is a roll result set, while an attack
«сводится к слабому» stays a reduction; «совершить такой {uchr}» is the strike its icon names.
Texts written for these tests in the styles of both card databases (the 2023+ one with {icons},
the classic one with [:icons], dashes and full stops often missing)."""

from __future__ import annotations

import pytest

from bot.abilities.effects import thaw
from bot.abilities.parser import parse


def _leaves(res):
    return [(n.text, n.attr("action")) for n in res.ast.walk() if n.kind == "effect"]


def _args(node):
    return thaw(node.attr("args") or ())


# ---- counters moved between cards -----------------------------------------------------------------
@pytest.mark.parametrize("text, leaf", [
    ("При {strike}: переместить с атакованного на себя 2 или менее {counter}.",
     "переместить с атакованного на себя 2 или менее {counter}"),
    ("[:tap]: Переместить все [:counter] с себя на другое ваше существо",
     "Переместить все [:counter] с себя на другое ваше существо"),
    ("{tap}: переместить {counter} с вашего существа на себя.", "переместить {counter} с вашего существа на себя"),
])
def test_moving_counters_between_cards_is_counters(text, leaf):
    res = parse(text)
    assert res.complete
    got = dict(_leaves(res))
    assert got[leaf.replace("[:counter]", "{counter}")] == "counters"


def test_moving_a_card_to_a_cell_is_still_a_move():
    res = parse("{tap}: переместить стоящее рядом ваше существо на свободную клетку.")
    assert [a for _, a in _leaves(res)] == ["move"]


# ---- a roll reduced to a number ---------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "При атаке по Стражу – бросок сводится к 6.",
    "В начале хода противника его следующий бросок кубика сводится к 1",
])
def test_a_roll_reduced_to_a_number_is_a_roll_result(text):
    res = parse(text)
    leaf = [n for n in res.ast.walk() if n.kind == "effect"][-1]
    assert leaf.attr("action") == "roll_result"
    assert _args(leaf)["amount"]["n"] in (6, 1)


def test_an_attack_reduced_to_weak_stays_a_reduction():
    res = parse("{strike} по существам с отравлением сводится к слабому.")
    assert [a for _, a in _leaves(res)] == ["reduce"]


# ---- an act named by a strike icon after «совершить» ------------------------------------------------
@pytest.mark.parametrize("text", [
    "После {strike} может совершить такой {uchr} повторно.",
    "После атаки может совершить ещё один [:uchr] не закрываясь",
])
def test_performing_a_strike_named_by_its_icon_is_a_strike(text):
    res = parse(text)
    assert "strike" in [a for _, a in _leaves(res)]
    assert "perform" not in [a for _, a in _leaves(res)]
