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


# ---- two «пока» clauses joined by «и» after a leaf ---------------------------------------------------
@pytest.mark.parametrize("text, body, head", [
    ("Ваши эльфы получают {zoz}, пока находятся на вашей половине поля и пока Древо в вашем отряде.",
     "Ваши эльфы получают {zoz}", "пока находятся на вашей половине поля и пока Древо в вашем отряде"),
    ("+1 к [:atk], пока стоит рядом с лесом и пока не имеет ран",
     "+1 к {strike}", "пока стоит рядом с лесом и пока не имеет ран"),
])
def test_two_while_clauses_after_a_leaf_are_one_condition(text, body, head):
    res = parse(text)
    assert res.ast.kind == "condition" and res.ast.attr("head") == head and res.ast.attr("written_after")
    assert [(c.text, c.kind) for c in res.ast.children] == [(body, "effect")]


def test_a_while_and_an_if_clause_are_not_joined_into_one_condition():
    res = parse("+1 к {strike}, пока закрыт и если в отряде 2 гнома")
    assert not any(n.kind == "condition" and n.attr("written_after") for n in res.ast.walk())


# ---- «если» glued to the next word; a one-time «если» after the last option ---------------------------
def test_if_glued_to_a_preposition_is_read_as_two_words():
    res = parse("Когда ваше существо атакует – открыться или получить жетон инкарнации, еслина кладбище.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and choice.rule == "505.5"
    first, second = choice.children
    assert (first.kind, first.text, first.attr("action")) == ("effect", "открыться", "open")
    assert second.kind == "condition" and second.attr("head") == "если на кладбище"
    assert [(c.text, c.attr("action")) for c in second.children] == [("получить жетон инкарнации", "gain")]


def test_a_standing_while_after_the_last_option_still_governs_the_choice():
    res = parse("Получает опыт в атаке или +1 к опыту в атаке, пока носит Клинок.")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "пока носит Клинок"
    assert res.ast.children[0].kind == "choice"


def test_a_long_header_word_glued_to_a_short_word_is_left_alone():
    res = parse("Получает на 1 рану больше от всех атак (заклинаниене является атакой)")
    assert not any(n.kind == "named" for n in res.ast.walk())
