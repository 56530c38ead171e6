"""Bad input of issue 11: a card named without a kind is a card of unknown kind (the kind is
asked back when the verdict depends on it, never guessed), and a set-up that contradicts
itself — a trait, a kind, an owner or the open / closed state told both ways, in one
sentence or in two — gets «в вопросе противоречие: …», no verdict."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import UNKNOWN_KIND_TRACE, ask
from bot.reading.compile import dump
from bot.reading.reader import read
from bot.sim import scenario as sc

NAMES = ["Гремлин", "Болотник", "Шептун", "Людоед", "Кобольд"]
"""Invented card names: no word of the lexicon or of the rulebook."""


def _asks_kind(a, name: str) -> bool:
    return (a.verdict is None and a.route == "scenario" and any(t.startswith(UNKNOWN_KIND_TRACE) for t in a.trace)
            and f"«{name}»" in (a.understood or "") and any("Какого вида" in (b.text or "") for b in a.blocks))


# ------------------------------------------------------------------ unknown names
@pytest.mark.parametrize("q,name", [
    ("можно ли посадить симба на Гремлина?", "Гремлин"),                 # placing on it: the kind decides (209.1)
    ("можно ли надеть шмотку на моего Шептуна?", "Шептун"),
    ("мой Болотник подействовал. может он ещё походить?", "Болотник"),   # only a creature moves (506)
    ("мой Кривоног летающий. можно посадить на него симба?", "Кривоног"),
])
def test_a_name_without_a_kind_is_asked_about(q, name):
    a = ask(q)
    assert _asks_kind(a, name), (a.route, a.verdict, a.trace)


def test_a_name_a_told_fact_makes_a_creature_is_ruled():
    # a symbiote told sitting on it: only a creature carries one (209.1) — the kind does not have to be asked
    a = ask("мой симб сидит на моём Людоеде. Людоеда убили. что с симбом?")
    assert a.verdict == "Симбиот погибает" and a.citations[0] == "209.4"
    assert "«Людоед»" in a.understood and a.unread == []
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))
    assert res.passed, res.failures


def test_a_lower_case_host_name_is_read_as_the_card_it_carries():
    a = ask("у меня симбиот на алебардщике. алебардщика переместили на клетку рядом. симбиот поедет за ним?")
    assert a.verdict is not None and a.verdict.startswith("Да") and a.citations[0] == "209.11", a.verdict
    assert "«Алебардщик»" in a.understood


def test_capitalised_rule_terms_are_no_card_names():
    r = read("Можно ли в подфазу Выбора посадить симба на орка?")
    assert r.unknown_names == [] and not any(c.kind_unknown for c in r.cards.values())
    r = read("мой Орк летающий. можно посадить на него симба?")
    assert r.unknown_names == [] and r.cards[r.asked.on].name == "орк"


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(NAMES), fate=st.sampled_from(["погиб", "стал летающим", "стал бестелесным"]),
       kind=st.sampled_from(["симб", "шмотка"]))
def test_a_named_host_rules_as_a_creature_of_the_lexicon(name, fate, kind):
    """A told host of unknown name gives the same verdict as the same story told of an «орк»."""
    told = {"симб": "мой симб сидит", "шмотка": "моя шмотка висит"}[kind]
    asked = {"симб": "что с симбом?", "шмотка": "что со шмоткой?"}[kind]
    a = ask(f"{told} на моём {name}е. {name} {fate}. {asked}")
    b = ask(f"{told} на моём орке. орк {fate}. {asked}")
    assert b.verdict is not None
    assert a.verdict == b.verdict and a.citations[:1] == b.citations[:1], (a.verdict, b.verdict)


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(NAMES), kind=st.sampled_from(["симба", "шмотку", "паразита"]))
def test_placing_on_a_named_card_always_asks_its_kind(name, kind):
    a = ask(f"можно ли посадить {kind} на моего {name}а?")
    assert _asks_kind(a, name), (a.route, a.verdict, a.trace)


# ------------------------------------------------------------------ contradictions
@pytest.mark.parametrize("q", [
    "мой эльф летающий. эльф не летающий. можно на него посадить симбиота?",     # a trait, in two sentences
    "у меня эльф. это артефакт. можно надеть на него шмотку?",                   # a kind
    "мой гоблин — артефакт. можно посадить на него симба?",
    "на моём гоблине висит мой симб. это симб противника. что с симбом, если гоблин погибнет?",   # an owner
    "мой симб сидит на гноме противника. это мой гном. что с симбом, если гном погибнет?",
    "мой гном закрыт. мой гном открыт. может он сходить?",                       # open / closed
    "моё существо открыто, оно закрыто. может ли оно походить?",
])
def test_a_set_up_told_both_ways_is_a_contradiction(q):
    a = ask(q)
    assert a.verdict is None and "противоречие" in a.blocks[0].text, (q, a.route, a.verdict)


@pytest.mark.parametrize("q,lead,cite", [
    ("хозяин моего паразита — существо противника. он может его атаковать?", "Да", "209.9"),   # a role, not a kind
    ("моё существо закрыто. потом его открыли, теперь оно открыто. может ли оно походить?", "Да", "506.4"),
    ("моё существо не закрыто, оно открыто. может ли оно походить?", "Да", "506.1"),
])
def test_what_changed_or_only_restates_is_no_contradiction(q, lead, cite):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead) and a.citations[0] == cite, (q, a.verdict)


@settings(max_examples=12, deadline=None)
@given(trait=st.sampled_from([("летающий", "не летающий"), ("бестелесный", "небестелесный")]),
       split=st.booleans(), asked=st.sampled_from(["можно на него посадить симба?", "можно на него надеть шмотку?"]))
def test_a_trait_told_both_ways_is_a_contradiction_in_any_split(trait, split, asked):
    yes, no = trait
    q = f"мой орк {yes}. орк {no}. {asked}" if split else f"мой {yes} {no} орк. {asked}"
    a = ask(q)
    assert a.verdict is None and "противоречие" in a.blocks[0].text, (q, a.verdict)
