"""Yes/no verdicts from the rule text where the question's polarity, modality or condition
differs from the rule sentence's (issue 14): a condition stated the other way round, «только»
asked of a rule that allows more widely, an object pronoun naming the card a premise spoke
of, a rule's own condition the question does not state, «никак» against a rule with
exceptions, and a plain negated question answered by its own predicate."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text.route import answer


# --- a condition stated with the other polarity (302.8: «…, если в нём нет ни одного игродействия») ---

@pytest.mark.parametrize("q,verdict", [
    ("Считается ли стек пустым, если в нём есть игродействие?", "Нет, не считается"),
    ("стек не считается пустым, когда в нём лежит хоть одно игродействие?", "Да, не считается"),
    ("стек считается пустым если в стеке нет игродействий?", "Да, считается"),
])
def test_a_definition_with_its_condition_turned_round_answers_the_other_case(q, verdict):
    a = answer(q)
    assert (a.verdict, a.citations[0]) == (verdict, "302.8")


def test_a_permission_with_its_condition_turned_round_decides_nothing():
    # 304.1 «Быстрое игродействие игрок может объявлять …, если имеет приоритет» says nothing
    # of the player without priority
    a = answer("быстрое игродействие можно объявить, если у игрока нет приоритета?")
    assert a is None or a.verdict is None


def test_the_pronoun_in_a_rule_after_a_preposition_is_still_its_subject(tested_edition):
    # 402.4 «Защита от выстрелов … . От метания и от удара через ряд она не защищает.»: «ряд»
    # after «через» is no subject — «она» is the protection, so a guard is not ruled by it
    a = answer("страж не может защитить от удара через ряд?", tested_edition)
    assert a is None or "402.4" not in a.citations[:1]
    b = answer("защита от выстрелов защищает от удара через ряд?", tested_edition)
    assert b.verdict == "Нет, не защищает" and "402.4" in b.citations[:3]   # 304.7 says so too


# --- «только» asks about the restriction ------------------------------------------------------

def test_only_asked_of_a_rule_allowing_it_widely_is_no(tested_edition):
    a = ask("игроку разрешено сдаться лишь в собственный ход?", tested_edition)
    assert a.verdict.startswith("Нет, не только") and "в любой момент партии" in a.verdict
    assert a.citations[0] == "103.4" and a.route == "rule_text"
    b = answer("Сдаваться можно не только в свой ход?", tested_edition)
    assert (b.verdict, b.citations[0]) == ("Да, можно", "103.4")


def test_only_asked_of_a_plain_permission_decides_nothing_else_the_condition_is_kept():
    a = answer("Быстрое игродействие можно объявлять только в свой ход?")
    assert a.verdict == "Нет, не только: можно в любой момент игры, если имеет приоритет"
    assert a.citations[0] == "304.1"


# --- a premise with a modality, then the act asked of what it spoke of -------------------------

@pytest.mark.parametrize("q", [
    "Закрытое существо не может объявлять атаки. Можно ли его атаковать?",
    "закрытая карта атаковать не может. а атаковать её разрешено?",
])
def test_an_object_pronoun_names_the_card_the_premise_spoke_of(tested_edition, q):
    a = ask(q, tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Да, можно", "408.8")


def test_an_object_pronoun_with_another_noun_of_its_gender_is_not_resolved():
    # «его» may be the strike («простым ударом»): the artifact stays who acts (210.2)
    a = ask("рядом с моим бойцом стоит артефакт противника. если я ударю по нему простым ударом, "
            "он может его отразить?")
    assert (a.verdict, a.citations[0]) == ("Нет, не может", "210.2")


# --- the rule's own condition unstated: «Да, если …» with every condition --------------------

def test_an_unconditional_question_gets_the_rules_conditions():
    a = answer("симбиот погибает?")
    assert a.verdict == "Да, погибает, если существо покидает поле боя или если существо стало симбиотом"
    assert a.citations[:2] == ["209.4", "209.6"]


# --- «никак / никогда» against a rule that names exceptions -----------------------------------

def test_never_asked_of_a_rule_with_exceptions_gives_no_verdict(tested_edition):
    a = answer("от метания вообще никак нельзя назначить защитника?", tested_edition)
    assert a.verdict is None and "303.4" in a.citations
    assert any("исключения" in t for t in a.trace)
    b = answer("от метания нельзя назначить защитника?", tested_edition)
    assert (b.verdict, b.citations[0]) == ("Да, нельзя", "303.4")


# --- a plain negated question answered by its own predicate -----------------------------------

def test_a_plain_negated_question_keeps_the_verdict_led_by_its_predicate(tested_edition):
    a = ask("Бестелесные существа не лечатся?", tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Не лечатся", "407.3")
    b = ask("бестелесное существо вылечиться может?", tested_edition)
    assert (b.verdict, b.citations[0]) == ("Нет, не может", "407.3")


# --- a bracketed statement about the sentence's subject is a rule of its own ------------------

def test_a_bracketed_such_statement_holds_of_the_sentences_subject_only():
    # 302.4 «Игродействие, не использующее стек, … (такие игродействия никогда не требуют
    # расчёта и оплаты)»: said of the actions not using the stack, not of every action
    a = ask("игродействие, которое не использует стек, разве требует оплаты или расчёта?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "302.4"
    b = answer("игродействие которое не использует стек не требует ни оплаты ни расчёта?")
    assert (b.verdict, b.citations[0]) == ("Да, не требует", "302.4")
    c = answer("игродействие требует оплаты?")
    assert c is None or c.verdict is None


# --- a simple strike told by its three values --------------------------------------------------

def test_a_strike_of_three_zeros_is_the_rules_all_three_values_zero(tested_edition):
    a = answer("существо с простым ударом 0-0-0 может объявить простой удар?", tested_edition)
    assert (a.verdict, a.citations[0]) == ("Нет, не может", "302.7")
    b = answer("у моего существа удар 1-2-3. может оно объявить простой удар?", tested_edition)
    assert b is None or b.verdict is None or "302.7" not in b.citations[:1]


# --- «без X», «никак не …», «ни с кем» ------------------------------------------------------

def test_without_the_exceptions_ability_the_prohibition_decides(tested_edition):
    # 305.3 «Нельзя объявить выстрел … по карте, стоящей рядом …, кроме случаев п. 305.6»: «без
    # «Меткого»» says the asked case lacks what the exception names
    a = ask("без «Меткого» нельзя метать в рядом стоящую карту?", tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Нельзя", "305.3")


def test_no_way_with_a_bare_infinitive_is_answered_can_or_cannot(tested_edition):
    a = ask("без золотых кристаллов элитную карту никак не оплатить?", tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Нельзя оплатить", "202.3")
    b = ask("на существо без класса экипировку никак не поместить?")
    assert (b.verdict, b.citations[0]) == ("Нельзя поместить", "212.2")


def test_a_negative_pronoun_asks_no_person():
    from bot.rules_text.question import read

    q = read("летающее существо ни с кем рядом не стоит?")
    assert (q.kind, q.positive) == ("happens", False)


# --- «остались одни X» says the other kind did not remain -------------------------------------

@pytest.mark.parametrize("q", [
    "у врага остались одни летуны. мои нелетающие могут теперь нападать на них простым ударом?",
    "у противника остались только летуны. мои наземные существа могут их атаковать простым ударом?",
])
def test_only_one_kind_left_meets_the_rule_on_the_other_kind_gone(tested_edition, q):
    # 307.6 «Если в отряде противника не осталось нелетающих существ, то нелетающие существа могут …»
    a = ask(q, tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Да, может", "307.6")


def test_only_in_a_condition_clause_restricts_nothing_asked(tested_edition):
    from bot.rules_text.question import read

    q = read("летающие существа могут нападать простым ударом, если у противника остались только летающие?", tested_edition)
    assert q.only_words == frozenset()
    assert read("Сдаться можно только в свой ход?", tested_edition).only_words == frozenset({"ход"})
