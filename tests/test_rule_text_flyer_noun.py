"""«летун» is a flying creature (grammar/rule_language.yaml ``chat_spelling``), issue 14: the
chat noun was read as the concept «летать» alone, so a rule naming «летающих существ»
(202.6 of the full-layout test edition, tests/data/edition_tested.html, «tested»: «Суммарная
стоимость летающих существ в отряде не может превышать 15 кристаллов») missed the noun and a
count question about «летунов» got no answer."""

from __future__ import annotations

from bot.judge import ask
from bot.rules_text.question import read, respell


def test_flyer_noun_is_respelled_as_flying_creature():
    assert respell("бью летуна") == "бью летающего существа"
    assert respell("у меня три летуна и летун") == "у меня три летающего существа и летающее существо"


def test_flyer_noun_names_the_creature(tested_edition):
    q = read("до скольких кристаллов можно тратить на летунов?", tested_edition)
    assert {"существо", "летать"} <= q.bag


def test_count_about_flyers_answered_from_the_cost_limit(tested_edition):
    a = ask("сколько кристаллов максимум идёт на летунов?", tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Не более 15 («15 кристаллов»)", "202.6")
