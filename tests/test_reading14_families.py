"""Families of fresh phrasing the scenario route answered wrongly or declined (issue 11,
reading14): each test asks questions written for it in chat style, not taken from an
evaluation set, and checks the verdict, its paragraphs and that the compiled reading runs
with `scenario run`."""

from __future__ import annotations

import pytest

from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ a tag asking to confirm a denial
@pytest.mark.parametrize("q, lead, cite", [
    # the denial is false: «Нет, может» (the asker asked to confirm «не может»)
    ("хозяин не может атаковать своего симба, правда же?", "Нет, может", "209.9"),
    ("симб не может напасть на своего хозяина, да ведь?", "Нет, может", "209.9"),
    # the denial holds: «Да, …»
    ("артефакт не может двигаться, правда же?", "Да", "210.2"),
    ("местность ведь не может получать раны, правда?", "Да", "211.2"),
])
def test_confirm_tag_answers_the_denial_it_asks_to_confirm(q, lead, cite):
    """«…не может …, правда же?»: the particle after the tag word only stresses it; the
    lead word says whether the denial holds (bot.yesno.settle)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


# ------------------------------------------------------------------ who may keep 3rd-row cards hidden (405.1)
@pytest.mark.parametrize("q, lead", [
    ("я первый игрок. могу я тоже оставить карты третьего ряда скрытыми, как второй игрок?", "Нет"),
    ("я первый игрок, я тоже могу держать карты 3-го ряда закрытыми, как второй игрок?", "Нет"),
    ("я как второй игрок могу оставить карты третьего ряда скрытыми?", "Да"),
])
def test_reveal_player_compared_with_is_not_the_subject(q, lead):
    """«тоже …, как второй игрок»: the player compared with is not the one asked about; «я
    как второй игрок» tells the asker's role (405.1: only the second player may keep them)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "405.1"


@pytest.mark.parametrize("q, verdict", [
    ("соперник (он первый игрок) утверждает, что тоже может оставить карты своего третьего ряда скрытыми. он прав?",
     "Нет, соперник не прав"),
    ("противник (он второй игрок) говорит, что может оставить карты третьего ряда скрытыми. прав?",
     "Да, противник прав"),
    ("я первый игрок и говорю, что могу оставить карты третьего ряда скрытыми. я прав?", "Нет, вы не правы"),
])
def test_claim_about_oneself_is_checked_for_the_claimers_role(q, verdict):
    """A claimer speaking of himself without a subject («говорит, что может …») is the player
    the story says he is: the rule on who may do it is checked against that role (405.1)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert "405.1" in a.citations[:3]


# ------------------------------------------------------------------ a response to a game action without the stack (302.5)
@pytest.mark.parametrize("q, cite", [
    ("у меня симб, по тексту карты при гибели хозяина он становится самостоятельным существом. "
     "соперник хочет в ответ на это сыграть внезапку, можно?", "302.5"),
    ("хозяин моего симба погиб, и симб по тексту становится самостоятельным существом. противник может на это ответить?",
     "302.5"),
    ("моя местность после вскрытия ушла во вспомогательную зону. противник хочет на это ответить быстрым действием. может?",
     "211.1"),
    ("местность после вскрытия уходит во вспомогательную зону. соперник может в ответ что-то кинуть, пока она в стеке?",
     "211.1"),
])
def test_response_to_a_told_action_that_uses_no_stack_is_refused(q, cite):
    """A response to the game action told just before, one that resolves at once without the
    stack: nothing lies on the stack to respond to — «Нет» with the paragraph (302.5, 211.1)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and "не использует стек" in a.verdict, a.verdict
    assert cite in a.citations[:3]


def test_response_to_a_told_action_on_the_stack_stays_legal():
    """The control: a response to an action that does use the stack is legal for a fast one (304.1)."""
    a = scenario_answer("противник объявил атаку. могу я в ответ на это кинуть внезапку?")
    assert a.verdict.startswith("Да"), a.verdict
