"""A rule condition whose «или» joins predicates is one condition per alternative
(``propositions._condition_alternatives``): «Если хозяин теряет класс или получает другой
класс – его экипировка не уничтожается» (212.2) rules a question naming either one; the rules of
effect still read the whole condition once."""

from __future__ import annotations

import pytest

from bot.reading.tokens import tokenize
from bot.rules_text.propositions import _condition_alternatives, read_sentence
from bot.rules_text.route import answer


def _texts(cond: str) -> list[str]:
    return [" ".join(t.text for t in alt) for alt in _condition_alternatives(tokenize(cond)[0])]


def test_predicates_joined_by_or_are_alternatives():
    assert _texts("если карта закрывается или теряет жизнь") == ["если карта закрывается", "если карта теряет жизнь"]


@pytest.mark.parametrize("cond", ["если карта закрывается и теряет жизнь", "если карта закрывается",
                                  "если карта с особенностью или артефакт закрывается"])
def test_no_alternatives_of_predicates(cond):
    assert _texts(cond) == [cond]


def test_each_alternative_is_a_proposition_beside_the_whole_condition():
    props = [p for p in read_sentence("Если хозяин закрывается или теряет жизнь – его симбиот погибает.")
             if p.kind == "consequence"]
    assert sorted((p.condition_text, p.whole_condition) for p in props) == [
        ("если хозяин закрывается", "если хозяин закрывается или теряет жизнь"),
        ("если хозяин закрывается или теряет жизнь", ""),
        ("если хозяин теряет жизнь", "если хозяин закрывается или теряет жизнь")]


@pytest.mark.parametrize("q", ["если у хозяина сменился класс, его экипировка уничтожается?",
                               "хозяин экипировки потерял класс. экипировка уничтожается?"])
def test_either_alternative_rules(q):
    a = answer(q)
    assert a is not None and a.verdict.startswith("Нет") and a.citations[0] == "212.2"
