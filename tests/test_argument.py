"""The one reader of the asker's argument (bot.reading.argument): both the situation routes
(bot.reading.reasoning) and the rule text (bot.rules_text.premise) read its reading."""

import pytest

from bot.reading.argument import argued, has_particle, read
from bot.reading.reasoning import split_reasoning
from bot.rules_text import premise


def test_one_reading_serves_both_routes():
    q = "телепорт это ж не обычное движение. значит арт тоже может телепортироваться?"
    r = read(q)
    assert r.premises == ("телепорт это ж не обычное движение",) and r.conclusion == "значит"
    assert r.asked == "Арт может телепортироваться?" and r.facts == ()
    assert premise.split(q).asked == r.asked
    arg = split_reasoning(q)
    assert arg.asked == r.asked and arg.argument == ["телепорт это ж не обычное движение", "значит"]


def test_a_told_fact_keeps_the_rule_text_out_but_not_the_situation_routes():
    q = "у меня на поле артефакт. он же не существо, значит его можно атаковать?"
    r = read(q)
    assert r.facts == ("у меня на поле артефакт",) and r.premises == ("он же не существо",)
    assert premise.split(q) is None
    assert split_reasoning(q).facts == ["у меня на поле артефакт"]


@pytest.mark.parametrize("clause,particle", [
    ("удар то не атака", True),             # «то» after a word stresses it
    ("если хозяин погиб, то симбиот тоже погибает", False),     # a conditional's «то»
    ("если хозяин погиб то симбиот погибает", False),
    ("а то нельзя будет", False),
    ("в этот же ход", False),
    ("«закройте же цель»", False),          # quoted card text is the card's
])
def test_the_particle_to_is_told_from_the_conditional(clause, particle):
    assert has_particle(clause) is particle


def test_a_premise_after_the_question_and_a_contrast_before_it():
    r = read("симбиота хозяин атаковать может, а свою шмотку он тоже может атаковать? она ж тоже рядом")
    assert r.asked == "Свою шмотку он может атаковать?"
    assert set(r.premises) == {"она ж тоже рядом", "симбиота хозяин атаковать может"}


def test_a_particle_in_the_main_clause_after_a_condition_is_asked():
    assert read("если симбиота вернули в руку, его «при гибели» же не работает?") is None


def test_a_pronoun_is_the_premise_subject_only_when_it_agrees():
    r = read("разряд ведь не атака. а разрядом ей раны нанести можно? местность то атаковать нельзя")
    assert r.asked == "Разрядом местности раны нанести можно?"
    # «его» agrees with no subject told: the question is left unread rather than guessed
    assert read("его ж можно надеть, бестелесность ведь не мешает?") is None


def test_a_bare_modal_keeps_the_situation_told():
    r = read("у моего орка есть прыжок. хозяин же стоит, а орк хочет сам прыгнуть, запас ведь полный. можно?")
    assert r.asked == "Можно?"


def test_argued_reads_a_definition_before_the_conclusion():
    assert argued("у меня карта. прыжок — это особенность, значит его можно где угодно?")
    assert not argued("у меня карта. значит её можно атаковать?")


def test_since_then_concludes_and_that_is_restates():
    r = read("у моего орка особенность при ударе. раз удар медленный, то и особенность медленная, т.е. ждать пустого стека?")
    assert r.premises == ("раз удар медленный",) and r.asked == "Особенность медленная?"
    assert r.facts == ("у моего орка особенность при ударе",)


def test_a_determiner_opens_a_subject_of_its_own():
    r = read("раз атака медленная, то и эта способность медленная?")
    assert r.asked == "Эта способность медленная?" and r.subject == ""


@pytest.mark.parametrize("question,premise_", [
    ("стрелять в летающих можно только особенностью, это понятно. а ударом можно?", "стрелять в летающих можно только особенностью"),
    ("закрытое существо не атакует это я помню. а защищаться оно может?", "закрытое существо не атакует"),
    ("Симбиот живёт на хозяине, ясно. А снять его можно?", "Симбиот живёт на хозяине"),
])
def test_a_statement_told_as_known_is_a_premise(question, premise_):
    assert read(question).premises == (premise_,)


@pytest.mark.parametrize("question", [
    "В начале партии всё было понятно. Может ли симбиот атаковать?",
    "Я всё понял. Может ли закрытое существо защищаться?",
    "Сначала ничего не ясно. Может ли артефакт перемещаться?",
])
def test_a_remark_of_the_story_is_no_statement_told_as_known(question):
    # the known word is the predicate of its own clause («всё было понятно»): nothing argued
    assert read(question) is None


def test_every_particle_of_the_lexicon_is_read_as_a_word_of_its_own():
    from bot.vocab import section

    for p in section("reasoning_particles"):
        assert has_particle(f"арт {p} не существо"), p
        assert has_particle(f"арт не существо {p}?"), p
        assert not has_particle(f"арт {p}ребёнок не существо"), p    # inside a longer word it is no particle
