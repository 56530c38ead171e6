"""The asker's guess after a wh-question (bot.proposed): «у кого приоритет, у противника?»."""

import pytest

from bot.judge import ask
from bot.proposed import proposal, weigh


@pytest.mark.parametrize("q,person,number", [
    ("у кого после этого приоритет, у противника?", "opponent", None),
    ("кто выбирает порядок сработок, я?", "asker", None),
    ("скок карт сдают в начале, 15?", None, 15),
    ("сколько симбиотов можно на сущ, двух?", None, 2),
])
def test_the_guess_is_read(q, person, number):
    p = proposal(q)
    assert p is not None and (p.person, p.number) == (person, number)


@pytest.mark.parametrize("q", [
    "можно ли посадить симба, если хозяин закрыт?",          # not a wh-question
    "у кого приоритет, можно ли пасовать?",                   # the last clause predicates: another question
    "кто выбирает порядок сработок",                          # no guess
    "кто выбирает, когда у обоих игроков срабатывают особенности в начале хода?",   # a long clause
])
def test_no_guess(q):
    assert proposal(q) is None


@pytest.mark.parametrize("q,verdict,out", [
    ("у кого приоритет, у противника?", "У игрока, объявившего игродействие: он может … (вы)",
     "Нет, у игрока, объявившего игродействие: он может … (вы)"),
    ("у кого приоритет, у меня?", "Вы: приоритет остаётся", "Да, вы: приоритет остаётся"),
    ("у кого приоритет, у меня?", "Противник получает приоритет", "Нет, противник получает приоритет"),
    ("скок карт сдают, 15?", "15 («15 карт»)", "Да, 15 («15 карт»)"),
    ("скок симбов можно на одно сущ, два?", "Одного («только одного симбиота»)", "Нет, одного («только одного симбиота»)"),
    # no certain comparison: the value stays as it is
    ("какая фаза после открытия, главная?", "Главная фаза", "Главная фаза"),
    ("у кого приоритет, у меня?", "Первый игрок", "Первый игрок"),
    ("у кого приоритет, у меня?", "Да, у вас", "Да, у вас"),
])
def test_weigh(q, verdict, out):
    assert weigh(q, verdict) == out


def test_the_guess_is_answered_through_ask():
    a = ask("я объявил игродействие со стеком. у кого теперь приоритет, у противника?")
    assert a.verdict is not None and a.verdict.startswith("Нет, у игрока, объявившего игродействие"), a.verdict
    assert "303.3" in a.citations
