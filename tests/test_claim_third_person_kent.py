"""A claimer called «кент» (chat for a friend) is a third person named as such
(``claims.people`` / ``claims.players`` of grammar/lexicon.yaml, ``people`` of
grammar/rule_language.yaml), issue 14: he was read as the opponent and the answer said
«противник прав». On the full-layout test edition (tests/data/edition_tested.html, «tested»)
301.6 says «Закрытая карта не может объявлять атаки»."""

from __future__ import annotations

import pytest

from bot.judge import ask


@pytest.mark.parametrize("q, verdict", [
    ("кент говорит, что закрытая карта не может объявлять атаки. прав?", "Да, кент прав"),
    ("мой кент считает, что закрытая карта может атаковать. верно?", "Нет, кент не прав"),
])
def test_kent_is_named_as_the_claimer(tested_edition, q, verdict):
    a = ask(q, tested_edition)
    assert a.route == "rule_text" and a.verdict.startswith(verdict + ":") and a.citations[0] == "301.6"
