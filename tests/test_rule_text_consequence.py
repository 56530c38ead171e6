"""«Что с ним будет?» after a told story (issue 14, ``bot.rules_text.consequence``): the
consequence of a rule of effect whose every condition the story tells — a negated part
(«свободных клеток нет»), a condition inherited from the sentence before («оно»), an «или»
list, a verb of becoming, a count compared («ран … равно жизням или превышает»); no
verdict when a condition is denied or left untold. Stories written here, in chat style,
on the full-layout test edition and on the 5ed seed pages."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text import consequence
from bot.rules_text.index import index_for


def test_condition_clauses_keep_negation_alternatives_and_comparisons():
    [c] = consequence.clauses("Если свободных клеток нет", rule=True)
    assert c.negated and c.concepts == frozenset({"свободный", "клетка"})
    [c] = consequence.clauses("если количество ран на карте равно её жизням или превышает их", rule=True)
    assert (c.counts, c.at_least) == (("рана", "жизнь"), True)
    [c] = consequence.clauses("Если существо покидает поле боя, становится летающим или бестелесным", rule=True)
    assert [sorted(a.concepts) for a in c.alternatives] == [["покидать", "поле_бой"], ["летать", "стать"],
                                                            ["бестелесный", "стать"]]
    told = consequence.clauses("его сделали бестелесным, а симбиот не бестелесный")
    assert [(sorted(s.concepts), s.negated) for s in told] == [(["бестелесный", "стать"], False),
                                                               (["бестелесный", "небестелесный", "симбиот"], True)]


def test_a_pronoun_consequence_inherits_the_condition_before_it(tested_edition):
    got = [o for o in consequence.outcomes(index_for(tested_edition)) if o.prop.number == "307.9"]
    assert [[(sorted(c.concepts), c.negated) for c in o.conds] for o in got] == [
        [(["летать", "терять"], False)],
        [(["летать", "терять"], False), (["клетка", "свободный"], True)]]


STORIES = [
    # the flyer's paragraph: the narrower rule when the story tells its extra condition, either way
    ("мой летун потерял полёт, а свободных клеток на поле уже нет. что с ним будет?", "Оно погибает", "307.9"),
    ("летун лишился полёта, свободные клетки на поле есть. что теперь с ним?",
     "Оно помещается на свободную клетку поля боя по выбору контролирующего игрока", "307.9"),
    # wounds against lives: the numbers the story tells, summed
    ("у моей твари 4 жизни, на ней уже 2 раны. враг бьёт её и наносит ещё 2. что с ней?",
     "Карта погибает и помещается на кладбище", "405.2"),
    ("у моего сущ 2 жизни, ему нанесли 2 раны — он погибает или остаётся стоять?",
     "Карта погибает и помещается на кладбище", "405.2"),
    ("у моего сущ 2 жизни, ему нанесли 2 раны. он погибнет?", "Да: карта погибает и помещается на кладбище",
     "405.2"),
    # «или» in the condition: one alternative told is enough
    ("при броске кубик упал со стола. что теперь делать?", "Бросок повторяется", "104.5"),
    ("кубик упал со стола. что теперь делать?", None, None),   # the roll («бросок») not told: no verdict
    ("сущ со стражем стал летающим. что с ним будет?", "Оно теряет «Страж»", "307.8"),
]


@pytest.mark.parametrize("q, verdict, number", STORIES)
def test_story_consequences(tested_edition, q, verdict, number):
    a = consequence.answer(q, tested_edition, index_for(tested_edition))
    if verdict is None:
        assert a is None, (q, a and a.verdict)
        return
    assert a is not None and a.verdict == verdict and a.citations[0] == number, (q, a and (a.verdict, a.citations))
    assert a.route == "rule_text" and a.sentence


@pytest.mark.parametrize("q", [
    "летун потерял полёт. что с ним будет?",                        # free cells not told: 307.9 undecided
    "у моего сущ 5 жизней, ему нанесли 3 раны. что с ним?",           # the comparison fails: no rule says what
    "у моего сущ 3 жизни, ему нанесли 3 раны. он не погибнет?",      # a negated consequence is not asked here
    "сущ со стражем стал летающим. он теряет полёт?",                # another object than the rule's
    "сущ получил раны. что с ним?",                                  # no counts told
])
def test_no_verdict_when_a_condition_is_not_told(tested_edition, q):
    a = consequence.answer(q, tested_edition, index_for(tested_edition))
    assert a is None, (q, a and a.verdict)


def test_ask_gives_the_story_consequence_after_the_simulator_declines(tested_edition):
    a = ask("у моего сущ 3 жизни, на нём 1 рана. ему нанесли ещё 2 раны. он погибает или выживает?",
            tested_edition)
    assert a.route == "rule_text" and a.verdict == "Карта погибает и помещается на кладбище"
    assert a.citations[0] == "405.2" and any("рана: 1 + 2 = 3" in b.text for b in a.blocks if b.text)


@pytest.mark.parametrize("q, verdict, number", [
    # the consequence's own subject must be what the story tells about
    ("на моём воине шмотка. его сделали летающим, что с ней будет?", "Его экипировка уничтожается", "212.3"),
    ("у моего сущ висит симб. сущ сам стал симбиотом. что с симбом?", "Его симбиот погибает", "209.6"),
])
def test_5ed_consequences(q, verdict, number):
    a = consequence.answer(q, "5ed", index_for("5ed"))
    assert a is not None and (a.verdict, a.citations[0]) == (verdict, number), (q, a and a.verdict)


def test_5ed_a_story_of_another_thing_gets_no_consequence_of_it():
    # «его небестелесный симбиот погибает» (209.5) is of a symbiote the story does not have
    a = consequence.answer("на воине шмотка. его сделали бестелесным. что будет?", "5ed", index_for("5ed"))
    assert (a.verdict, a.citations[0]) == ("Его экипировка уничтожается", "212.3")
    assert consequence.answer("воина сделали бестелесным. что будет?", "5ed", index_for("5ed")) is None


# --- values of one ability combined as a sentence says (bot.rules_text.combine) ---------------

@pytest.mark.parametrize("q, verdict, first", [
    ("на моём сущ своя броня 2 и ещё броня 1 от шмотки. скока всего брони?", "3", "403.5"),
    ("у твари броня 1 и от артефакта ещё броня 1. будет броня 2?", "Да, 2", "403.5"),
    ("сущ отравили на 3, потом ещё на 1. какое отравление на нём?", "3", "406.3.а"),
    ("сущ отравлен на 1, его отравили ещё на 2 — будет отравление 3 или 2?", "2", "406.3.а"),
])
def test_values_of_one_ability_combined(tested_edition, q, verdict, first):
    from bot.rules_text import combine

    a = combine.answer(q, tested_edition, index_for(tested_edition))
    assert a is not None and (a.verdict, a.citations[0]) == (verdict, first), (q, a and a.verdict)


@pytest.mark.parametrize("q", [
    "у твари броня 1 и ещё броня 2. они складываются?",                 # asks whether, not how much
    "у твари броня 1 и ещё броня 2 и регенерация 1. сколько брони?",   # two valued abilities named
    "у твари регенерация 1 и ещё регенерация 2. сколько регенерации?", # no sentence says how they combine
    "друг говорит, что броня 1 и броня 2 дают броню 3. скока брони?",  # a claim: the claims reader's
    "у твари броня 2. сколько брони?",                                  # one value told
])
def test_no_combined_value_when_the_rules_or_the_question_do_not_decide(tested_edition, q):
    from bot.rules_text import combine

    assert combine.answer(q, tested_edition, index_for(tested_edition)) is None
