"""Chat wording bridged to the rule wording, read the same way on both sides (issue 14): a
quoted card text opening with a name the edition quotes, the noun a chat question leaves out
after an adjective, «работает против» as «защищает от», «штраф» as the rules' «потеря
кристаллов», the demonstrative «данный», «только» against a stated fact, and a «только» case
told in the story with its opposite asked. Questions written here, in chat style, on the
full-layout test edition."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.reading.tokens import tokenize
from bot.rules_text.propositions import _content, against, elided
from bot.rules_text.question import read, with_elided_nouns


def test_an_adjective_alone_names_its_one_term():
    assert elided("простой") == ("простой_удар", "удар")
    assert elided("серебряный") == ("серебряный_кристалл", "кристалл")
    assert elided("магический") == ("", "")        # «магический удар» and «магическая атака»: which is meant?
    assert elided("летающий") == ("", "")


def test_the_left_out_noun_is_put_back_only_where_no_noun_follows_or_is_named():
    toks = with_elided_nouns(tokenize("может оно бить простым")[0])
    assert [t.lemma for t in toks][-2:] == ["простой", "удар"]
    toks = with_elided_nouns(tokenize("бить простым ударом")[0])
    assert [t.lemma for t in toks] == ["бить", "простой", "удар"]
    toks = with_elided_nouns(tokenize("какие атаки дальние")[0])
    assert [t.lemma for t in toks] == ["какой", "атака", "дальний"]     # the noun is named: a predicate


def test_against_after_a_working_verb_is_protecting_in_rule_and_question():
    assert against("действовать", tokenize("и против атак")[0]) == "защищать"
    assert against("действовать", tokenize("в ход противника")[0]) == ""
    assert against("закрывать", tokenize("против атак")[0]) == ""


def test_the_demonstrative_danny_is_no_concept():
    words, _ = _content(tokenize("за каждую карту данной стихии")[0])
    assert "дать" not in words and "стихия" in words


CASES = [
    # a quoted card text opening with the trigger name the rules quote (304.2)
    ("у существа особенность «при ближнем ударе оглушить цель». я бью ударом через ряд, особенность сработает?",
     "Нет", "304.2"),
    # «штраф» is the rules' «потеря кристаллов»; «даёт» next to it is «вызывает» (203.2)
    ("моя карта нейтральная. она даёт штраф за стихии?", "Нет", "203.2"),
    # «работает против» = «защищает от» in the question (306.5) and in the rule «действуют и против» (402.6)
    ("защита от разрядов работает против магического удара?", "Нет", "306.5"),
    ("защиты карты работают против атак карт своего же отряда?", "Да", "402.6"),
    # «простым» is «простым ударом» (302.7)
    ("у моего существа удар 0-0-0. может оно бить простым?", "Нет", "302.7"),
    # the one case allowed told in the story, its opposite asked: «только золотыми» (202.3)
    ("золотые кристаллы кончились, могу элитную карту оплатить серебряными?", "Нет", "202.3"),
]


@pytest.mark.parametrize("q,lead,number", CASES)
def test_chat_wording_meets_the_rule_sentence(tested_edition, q, lead, number):
    a = ask(q, edition=tested_edition)
    assert a.route == "rule_text" and a.verdict and a.verdict.startswith(lead), (a.verdict, a.trace)
    assert a.citations[0] == number and a.sentence


def test_a_quoted_text_opening_with_a_quoted_name_is_that_name_and_words(tested_edition):
    q = read("у меня «при ближнем ударе +1 рана». удар через ряд сработает?", tested_edition)
    assert "при ближнем ударе" in q.context and "рана" in q.context


def test_only_asked_against_a_fact_stated_wider_gets_no_yes(tested_edition):
    # 403.4 «Броня восстанавливается в начале каждого хода – как своего, так и хода противника»
    a = ask("броня восстанавливается только в мой ход?", edition=tested_edition)
    assert not (a.verdict or "").startswith("Да"), (a.verdict, a.trace)
    a = ask("броня восстанавливается в начале каждого хода?", edition=tested_edition)
    assert a.verdict.startswith("Да") and a.citations[0] == "403.4"


CASES_MORE = [
    # the one case allowed named only in the question's «если …» is told, the opposite asked (202.3)
    ("можно оплатить элитную карту серебряными кристаллами, если золотые кончились?", "Нет", "202.3"),
    # who shoots is a creature: «стрелка» is not the arrow (305.6)
    ("у моего стрелка есть «Меткий». можно ему стрелять по соседней карте?", "Да", "305.6"),
    # «защищает?» after a protection told before: the protection protects, no defender is asked (304.7)
    ("у моего существа защита от выстрелов. его бьют ударом через ряд. защищает?", "Нет", "402.4"),
]


@pytest.mark.parametrize("q,lead,number", CASES_MORE)
def test_more_chat_wording_meets_the_rule_sentence(tested_edition, q, lead, number):
    a = ask(q, edition=tested_edition)
    assert a.route == "rule_text" and a.verdict and a.verdict.startswith(lead), (a.verdict, a.trace)
    assert a.citations[0] == number and a.sentence


def test_a_defender_told_before_is_still_a_defender(tested_edition):
    q = read("у моего существа есть защитник. он защищает?", tested_edition)
    assert q is None or q.action != "защищать"
