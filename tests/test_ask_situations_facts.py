"""Scenario-route fixes from the second held-out round: yes/no questions answered by a fact
(the fact compared with the asked proposition → «Да» / «Нет»), either/or about where a
symbiote / equipment stands, claims made by the rules need not be said aloud (301.1),
quoted trigger names of any wording, «не пасуя» as the absence of a pass (303.3), the order
within one player's own triggers (305.1), and citations of legality verdicts limited to the
paragraphs the «Да» rests on. Each family is tested with paraphrases, both polarities."""

from __future__ import annotations

import re

import pytest

from bot.reading.scope import belongs_elsewhere
from tests.sim_support import ask_judge, ask_judge as _ask


def _opens(verdict: str, word: str) -> bool:
    return re.match(word + r"\b", verdict) is not None


# ------------------------------------------------ 1. where a symbiote / equipment stands (209.9, 212.7)
@pytest.mark.parametrize("q, rule", [
    ("симбиот стоит на отдельной клетке или на той же что и хозяин?", "209.9"),
    ("Экипировка занимает свою клетку или ту же, что и хозяин?", "212.7"),
    ("Паразит стоит на другой клетке или на той же, что и его хозяин?", "209.9"),
])
def test_either_or_about_the_cell_names_the_option(q, rule):
    a = _ask(q)
    assert a.verdict.startswith("На той же клетке, что и хозяин"), a.verdict
    assert a.citations[0] == rule


@pytest.mark.parametrize("q, rule", [
    ("Где стоит симбиот?", "209.9"),
    ("Где находится экипировка на поле?", "212.7"),
])
def test_where_does_it_stand(q, rule):
    a = _ask(q)
    assert a.verdict.startswith("На той же клетке, что и хозяин"), a.verdict
    assert a.citations[0] == rule


def test_where_may_a_parasite_be_placed_is_about_hosts():
    a = _ask("Где можно разместить паразита?")
    assert a.verdict.startswith("На существ противника"), a.verdict


@pytest.mark.parametrize("q, word", [
    ("Экипировка занимает отдельную клетку?", "Нет"),
    ("Симбиот стоит на отдельной клетке от хозяина?", "Нет"),
    ("Симбиот стоит на той же клетке, что и хозяин?", "Да"),
    ("Экипировка находится на той же клетке, что и её хозяин?", "Да"),
    ("Паразит находится на клетке своего хозяина?", "Да"),
])
def test_yes_no_about_the_cell(q, word):
    a = _ask(q)
    assert _opens(a.verdict, word), a.verdict
    assert a.citations[0] in ("209.9", "212.7")


# ------------------------------------------------ 2. claims made by the rules are not said aloud (301.1)
@pytest.mark.parametrize("q", [
    "Нужно ли объявлять вслух заявки, обусловленные правилами игры?",
    "Обязательно ли проговаривать вслух эффекты правил игры?",
    "Должен ли игрок озвучивать заявки, обусловленные правилами?",
    "Надо ли говорить вслух заявки, которые требуют правила игры?",
])
def test_rule_claims_need_not_be_said_aloud(q):
    a = ask_judge(q)        # the game-action reader (bot.reading.game_actions) reads it
    assert _opens(a.verdict, "Нет"), a.verdict
    assert a.citations[0] == "301.1"


def test_a_players_own_claim_is_declared():
    a = ask_judge("Нужно ли объявлять вслух атаку?")
    assert _opens(a.verdict, "Да"), a.verdict
    assert a.citations[0] == "301.1"


# ------------------------------------------------ 3. any quoted trigger name is a trigger (305.1)
def test_card_text_in_quotes_is_still_card_text():
    assert belongs_elsewhere("Как работает «Когда это существо погибает, нанесите рану противнику»?")
    assert belongs_elsewhere("На карте «Когда X погибает, нанесите ему рану 2». Что будет?")


# ------------------------------------------------ 4. yes/no answered by a fact: compare and say Да / Нет
@pytest.mark.parametrize("q, word, rule", [
    ("Переносятся ли летающие существа во вспомогательную зону при вскрытии?", "Да", "405.1"),
    ("Летающие при вскрытии уходят в дополнительную зону?", "Да", "405.1"),
    ("Остаются ли летающие существа на поле боя при вскрытии?", "Нет", "405.1"),
    ("Эффекты правил игры применяются до получения приоритета?", "Да", "303.6"),
    ("Эффекты правил игры применяются после получения приоритета?", "Нет", "303.6"),
    ("Ход начинается с начальной фазы?", "Да", "408.2"),
    ("Ход начинается с главной фазы?", "Нет", "408.2"),
    ("Первым вскрывает карты второй игрок?", "Нет", "405.1"),
    ("Вскрытие карт начинает первый игрок?", "Да", "405.1"),
    ("Изменение жизней отмечают ранами?", "Да", "508.1.1"),
    ("Паразитов рассаживают после экипировки?", "Да", "405.2"),
    ("Симбиотов помещают раньше паразитов?", "Да", "405.2"),
    ("Паразитов назначают раньше симбиотов?", "Нет", "405.2"),
    ("Экипировку рассаживают после паразитов?", "Нет", "405.2"),
])
def test_yes_no_from_a_fact(q, word, rule):
    a = ask_judge(q)
    assert _opens(a.verdict, word), a.verdict
    assert a.citations[0] == rule


# ------------------------------------------------ 5. «не пасуя» is no pass (303.3)
# ------------------------------------------------ 6. one player's own triggers; the reason cited first
@pytest.mark.parametrize("q", [
    "Можно ли переместить существо на клетку, где стоит артефакт?",
    "Может ли существо пойти на клетку с артефактом?",
])
def test_cell_with_artifact_cites_the_reason_first(q):
    a = _ask(q)
    assert _opens(a.verdict, "Нет"), a.verdict
    assert a.citations[:2] == ["507.2", "210.1"], a.citations


# ------------------------------------------------ 7. a «Да» from legality cites what it rests on
@pytest.mark.parametrize("q", [
    "Может ли хозяин атаковать своего симбиота?",
    "Можно ли хозяином ударить своего симбиота?",
    "Может ли хозяин ранить своего симбиота?",
])
def test_legal_yes_cites_only_its_reason(q):
    from tests.sim_support import ask_judge
    a = ask_judge(q)
    assert _opens(a.verdict, "Да"), a.verdict
    assert a.citations == ["209.9"], a.citations
    assert any("302.2" in line or "304.2" in line for line in a.trace)   # the declaration stays in the trace

