"""A question sentence told as a story clause and an asked clause joined by a comma
(``bot.rules_text.question.asked_clause``), and «X остаётся?» of something a card has read as
«не теряет X?» (``bot.rules_text.question._kept``) — issue 14. Questions written here, in chat
style, on the full-layout test edition."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text.question import asked_clause, read


def test_the_clause_after_the_last_comma_asks_and_the_one_before_tells():
    assert asked_clause("противник добивает моё существо с бронёй, броня спасёт?") == (
        "противник добивает моё существо с бронёй.", "броня спасёт?")
    assert asked_clause("хозяин погиб, а симбиот остаётся?") == ("хозяин погиб.", "симбиот остаётся?")
    assert asked_clause("я сыграл карту «Ярость, гнев», противник погибает?") == (
        "я сыграл карту «Ярость, гнев».", "противник погибает?")


@pytest.mark.parametrize("q", [
    "можно ли положить симбиота на существо, которое летает?",     # a relative clause
    "симбиот погибает, если хозяин погиб?",                         # a condition after
    "если хозяин погиб, симбиот погибает?",                         # a condition before
    "у противника летун, можно его бить?",                          # nothing happened: no verb told
    "противник говорит, что так можно?",                            # a claim told
    "я хочу сделать второй мулиган, можно?",                        # the asked clause is one word
    "хозяин погиб, симбиот погибает",                               # no «?»
    "на карте написано «ранить на 2, затем открыть»?",             # the comma inside a quote
    "мой гоблин отразил простой удар, он после этого закрывается?",  # the story tells who is asked about
    "Симбиот, который потерял хозяина, погибает?",                  # the comma closes a relative clause
    "простое излечение не снимает яд, а полное снимает?",           # two claims of one verb
    "подфаза заканчивается сразу, как только я спасовал?",          # a subordinate clause after the asked one
])
def test_a_sentence_not_so_built_is_read_whole(q):
    assert asked_clause(q) is None


def test_the_told_clause_is_context_and_the_asked_clause_the_bag(tested_edition):
    q = read("противник добивает моё существо с бронёй 3, броня от этого защитит?", tested_edition)
    assert q.action == "защищать" and q.bag == frozenset({"броня", "защищать"})
    assert "добивание" in q.context


def test_a_protection_asked_after_the_story_of_a_finishing_blow(tested_edition):
    a = ask("противник добивает моё существо, у которого броня 3, броня от этого защитит?", edition=tested_edition)
    assert a.route == "rule_text" and a.verdict.startswith("Нет"), (a.verdict, a.trace)
    assert a.citations[0] == "410.2" and "броня от добивания не защищают" in a.sentence


def test_what_a_card_has_staying_is_asked_as_not_losing_it(tested_edition):
    q = read("моё существо со «Стражем» стало летающим, страж у него остаётся?", tested_edition)
    assert (q.action, q.positive) == ("терять", False) and "страж" in q.bag
    a = ask("моё существо со «Стражем» стало летающим, страж у него остаётся?", edition=tested_edition)
    assert a.route == "rule_text" and a.verdict == "Нет, теряет", (a.verdict, a.trace)
    assert a.citations[0] == "307.8"


def test_staying_somewhere_or_a_card_staying_is_not_keeping(tested_edition):
    q = read("существо со «Стражем» стало летающим, оно остаётся на поле?", tested_edition)
    assert q.action != "терять"
    q = read("в конце хода существо остаётся?", tested_edition)
    assert q is None or q.action != "терять"


def test_keeping_without_the_rule_condition_told_gets_no_verdict(tested_edition):
    a = ask("моё существо со «Стражем» атаковали, страж у него остаётся?", edition=tested_edition)
    assert not a.verdict, (a.verdict, a.trace)
