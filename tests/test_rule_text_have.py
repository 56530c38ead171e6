"""«у X есть Y?» / «у X нет Y?» read as «X имеет Y?» / «X не имеет Y?»
(``bot.rules_text.question._with_have``), issue 14: the verbless possessive had no predicate,
so the rule text never answered it. On the full-layout test edition
(tests/data/edition_tested.html, «tested») 401.3 says «Скрытая карта, лежащая рубашкой вверх,
не имеет особенностей»."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.reading.tokens import tokenize
from bot.rules_text.question import _with_have


def test_possessive_is_rewritten_with_the_holder_in_the_nominative():
    assert _with_have(tokenize("у скрытой карты есть особенности")[0]) == "скрытая карта имеет особенности?"
    assert _with_have(tokenize("у неё нет особенностей")[0]) == "она не имеет особенностей?"


@pytest.mark.parametrize("text", [
    "у карты есть",                          # nothing after «есть»
    "есть у скрытой карты особенности",      # «у X» is not right before «есть»
    "у карты есть особенности и она ходит",  # another verb is the predicate
])
def test_no_rewrite_without_the_plain_pattern(text):
    assert _with_have(tokenize(text)[0]) is None


@pytest.mark.parametrize("q, verdict", [
    ("у скрытой карты есть особенности?", "Нет, не имеет"),
    ("у скрытой карты нет особенностей?", "Да, не имеет"),
])
def test_possessive_question_answered_from_the_rule(tested_edition, q, verdict):
    a = ask(q, tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", verdict, "401.3")
