"""Quoted rule terms are judge-editable data (``rule_terms_in_quotes`` of grammar/lexicon.yaml),
not a list kept in code (bot/reading/scope.py)."""

import bot.reading.scope as scope
from bot.vocab import section


def test_rule_terms_come_from_the_lexicon():
    listed = {str(t) for t in section("rule_terms_in_quotes")}
    assert "авангард" in listed and "хозяин экипировки" in listed
    assert scope.rule_terms_in_quotes() == frozenset(listed)
    assert not hasattr(scope, "RULE_TERMS_IN_QUOTES")


def test_listed_term_in_another_case_is_a_rule_term():
    assert scope.is_rule_term_quote("авангарда")
    assert scope.is_rule_term_quote("Хозяин симбиота")
    assert not scope.is_rule_term_quote("Нанесите 2 раны выбранному существу")
    assert not scope.is_trigger_name("в начале боя")
