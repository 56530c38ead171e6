"""Disputes (issue 11): the speakers' pronouns of a claim resolved to the asker's terms
(bot.reading.speakers), verdicts that open with their modal word, counts and
abbreviations that are no reasons, a second statement after «а друг — что …»."""

import pytest

from bot.judge import ask
from bot.reading.claims import _conjuncts, find_claim, holds_of
from bot.reading.speakers import addressed, in_asker_terms


# ------------------------------------------------------------------ pronouns of the speakers
@pytest.mark.parametrize("said,direct,asker_terms", [
    # reported speech: «он» with a player's word is the claimer, the asker's «мои» stay his
    ("очередь моих срабатываний в стеке выбирает он", False, "очередь моих срабатываний в стеке выбирает противник"),
    ("ход кончается как только он спасует", False, "ход кончается как только противник спасует"),
    # «его» beside the asker's own card is the claimer's
    ("мой орк не может атаковать его летуна", False, "мой орк не может атаковать летуна противника"),
    # «его» that may name a card told before it is left
    ("если орк погиб то его симбиот тоже", False, "если орк погиб то его симбиот тоже"),
    # with none of the asker's cards named, every card is of one side: left as written
    ("его шмотку можно надеть на летуна", False, "его шмотку можно надеть на летуна"),
    # «он» of a card, «его» as an object: left
    ("если хозяин стал летающим то он погибает", False, "если хозяин стал летающим то он погибает"),
    ("в ответ его объявлять нельзя", False, "в ответ его объявлять нельзя"),
    # «он как второй игрок»: his role is told beside him
    ("он как первый игрок ходит раньше", False, "он как первый игрок ходит раньше"),
    # direct speech: «я» is the claimer (his verb in the third person), «ты» the asker
    ("я контролирую обе местности, а ты пасуешь", True, "противник контролирует обе местности, а я пасую"),
    ("мне уже нельзя двигаться", True, "противнику уже нельзя двигаться"),
])
def test_a_claim_is_restated_in_the_askers_terms(said, direct, asker_terms):
    assert in_asker_terms(said, claimer="other", direct=direct) == asker_terms


def test_the_asker_is_addressed_in_the_second_person():
    assert addressed("очередь моих срабатываний выбирает противник") == "очередь ваших срабатываний выбирает противник"
    assert addressed("если у меня остался артефакт то я не проиграл") == "если у вас остался артефакт то вы не проиграли"


def test_a_claim_is_read_with_the_speakers_resolved():
    c = find_claim("я активный игрок. соперник утверждает что очередь моих срабатываний в стеке выбирает он. так?")
    assert c.proposition == "очередь моих срабатываний в стеке выбирает противник"
    d = find_claim("оппонент говорит: мне уже нельзя двигаться. прав?")
    assert (d.direct, d.proposition) == (True, "противнику уже нельзя двигаться")
    # a judge is no player: his «его» is not the opponent's
    j = find_claim("судья сказал что мой орк может атаковать его летуна. он прав?")
    assert j.proposition == "мой орк может атаковать его летуна"


def test_the_opponents_own_order_of_the_askers_triggers_is_not_confirmed():
    # the asker's triggers are ordered by the asker (305.1): «Да, противник прав» would be wrong
    a = ask("одновременно сработали две особенности, я активный игрок. оппонент говорит что порядок моих "
            "сработок в стеке выбирает он. прав?")
    assert not (a.verdict or "").startswith("Да"), a.verdict
    assert "305.1" in a.citations


# ------------------------------------------------------------------ a verdict that opens with its modal word
@pytest.mark.parametrize("verdict,prop,holds", [
    ("Не может: артефакты не могут двигаться и атаковать", "артефакт противника не может атаковать", True),
    ("Не может: артефакты не могут двигаться и атаковать", "артефакт может атаковать", False),
    ("Нельзя: нельзя помещать симбиота на летающее существо", "симбиота можно положить на летуна", False),
    # of «A и B» a modal lead cannot tell which part it answers
    ("Нельзя: быстрое игродействие", "кубик – медленное игродействие и в ответ его бросать нельзя", None),
    # a modal lead on another action
    ("Нельзя: симбиота нельзя поместить на летающее существо", "хозяину туда нельзя двигаться", None),
])
def test_a_modal_lead_tells_whether_the_claim_holds(verdict, prop, holds):
    got = holds_of(verdict, prop)
    assert (got[0] if got else None) == holds


def test_a_claim_with_a_modal_lead_verdict_is_ruled():
    a = ask("я говорю что артефакт противника не может выступить защитником от простого удара а он спорит. прав я?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert a.citations[0] == "210.2"


def test_a_copula_claim_is_ruled_part_by_part():
    a = ask("кореш говорит что бросок кубика — медленное игродействие и в ответ на него кубик бросать нельзя. прав?")
    assert a.verdict.startswith("Нет, кореш не прав"), a.verdict
    assert "304.3" in a.citations


# ------------------------------------------------------------------ counts, abbreviations, a second statement
def test_a_counted_raz_is_no_reason():
    assert find_claim("соперник говорит что срабатку можно юзать сколько угодно раз за ход. так?").reason == ""
    assert find_claim("друг говорит что можно ещё раз открыть открытое существо. прав?").reason == ""
    c = find_claim("друг говорит что орк может бить дважды, раз у него две шмотки. прав?")
    assert (c.proposition, c.reason) == ("орк может бить дважды", "у него две шмотки")


def test_an_abbreviated_reason_does_not_end_the_sentence():
    c = find_claim("противник говорит что симба нельзя на мой орк, т.к. орк закрыт. прав?")
    assert (c.proposition, c.reason) == ("симба нельзя на мой орк", "орк закрыт")


def test_the_other_sides_statement_after_a_dash():
    c = find_claim("я говорю что фишка снимается при оплате, а друг — что только в конце хода. кто прав?")
    assert c.proposition == "фишка снимается при оплате"
    assert (c.counter, c.counter_who) == ("только в конце хода", "other")
    # an elliptic «а он — что наоборот» only denies: the claim is ruled by itself
    r = ask("я говорю что симбиота нельзя помещать на летающее существо, а кореш — что наоборот. кто прав?")
    assert r.verdict.startswith("Вы правы"), r.verdict
    assert r.citations[0] == "209.4"


# ------------------------------------------------------------------ facts, stances in the check, asides, one of two ruled
def test_a_fact_verdict_against_a_negated_claim():
    assert holds_of("Игродействие: бросок кубика — игродействие", "бросок кубика — не игродействие")[0] is False
    assert holds_of("Игродействие: бросок кубика — игродействие", "бросок кубика — игродействие")[0] is True
    # a negation elsewhere in the claim leaves it open
    assert holds_of("Игродействие: бросок кубика — игродействие", "бросок кубика не всегда игродействие") is None


def test_a_modal_lead_over_another_finding_is_not_read():
    # «Нельзя: быстрое игродействие» mirrors the question's «нельзя», it says nothing of it
    assert holds_of("Нельзя: быстрое игродействие", "сработку нельзя объявлять когда в стеке что-то есть") is None


def test_the_asked_persons_stance_in_the_check():
    c = find_claim("соперник утверждает что шмотку можно надеть на летуна. прав ли я, что нельзя?")
    assert (c.who, c.denies) == ("me", True)
    a = ask("соперник утверждает что шмотку можно надеть на летуна. прав ли я, что нельзя?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert "212.3" in a.citations
    # the claimer's own stance repeated in the check is not read as a denial
    assert find_claim("я говорю что шмотку можно надеть на летуна. я прав что можно?") is None


def test_a_bracketed_aside_is_not_ruled_on():
    c = find_claim("кореш говорит что шмотку (не симбиота) можно надеть на летуна. прав?")
    assert c.proposition == "шмотку можно надеть на летуна"


def test_who_is_right_when_only_one_statement_is_ruled_true():
    a = ask("я говорю что симбиота нельзя помещать на летающее существо, а друг говорит что летуны вообще всегда "
            "бестелесные. кто прав?")
    assert a.verdict.startswith("Вы правы"), a.verdict
    assert "проверить не смог" in a.verdict and a.citations[0] == "209.4"


# ------------------------------------------------------------------ a negated claim ruled through its positive form
def test_a_negated_claim_is_ruled_through_its_positive_form():
    a = ask("кореш говорит что бросок кубика — не игродействие. так?")
    assert a.verdict.startswith("Нет, кореш не прав"), a.verdict
    assert a.citations[0] == "301.1"
    # with a conjunction the positive form of one part says nothing of the whole
    from bot.reading.claims import _ruled_by_positive
    assert _ruled_by_positive("", "бросок кубика — быстрое игродействие и его не кладут в стек", "5ed") is None


def test_a_condition_after_a_definition_is_its_own_part():
    assert _conjuncts("сработка — это медленное игродействие и её нельзя объявить когда стек не пуст") == [
        "сработка — это медленное игродействие", "её нельзя объявить когда стек не пуст"]
    # «A и B, когда C»: C may govern A too
    assert _conjuncts("симбиот погибает и экипировка уходит когда хозяин погиб") == []


# ------------------------------------------------------------------ a claim no route reads
def test_a_claim_no_route_rules_is_declined_with_what_was_understood():
    a = ask("кореш говорит что судья на турнире обязан носить чёрную футболку. прав?")
    assert a.verdict is None
    assert a.understood.startswith("Как я понял: кореш утверждает, что судья на турнире обязан")
    assert a.blocks[0].text.startswith("Проверить утверждение не могу")
    assert a.citations      # the nearest paragraphs are given


def test_a_hyphen_abbreviation_in_a_claim_is_read_out():
    c = find_claim("друг говорит что закрытое сущ-во не может двигаться. прав?")
    assert c.proposition == "закрытое существо не может двигаться"


def test_the_addressee_of_the_say_verb_is_no_part_of_the_claim():
    c = find_claim("соперник сказал мне: твой симб не может лежать на летуне. прав?")
    assert (c.direct, c.proposition) == (True, "мой симб не может лежать на летуне")


def test_a_copula_negation_is_ruled_through_its_positive_form():
    a = ask("кореш думает, что пас — не игродействие. так?")
    assert a.verdict.startswith("Да, кореш прав"), a.verdict
    assert a.citations[0] == "303.2"


def test_an_elliptic_claim_is_ruled_on_the_action_the_route_read():
    # «можно на летуна» names no action: the placement the route read is the claim's
    a = ask("соперник говорит что шмотку можно на летуна, а я говорю что нельзя. я прав?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert a.citations[0] == "212.3"


def test_a_restricted_claim_is_not_confirmed_by_a_bare_possibility():
    # «можно» does not say «только»: the restriction is left undecided
    assert holds_of("Да, можно", "атаковать можно только в свой ход") is None
    assert holds_of("Да, можно", "атаковать можно только в свой ход", "Атаковать можно только в свой ход.")[0] is True
    assert holds_of("Нет, нельзя", "атаковать можно только в свой ход")[0] is False
    a = ask("кореш говорит что на одно существо можно посадить только одного симбиота. прав?")
    assert a.verdict.startswith("Да, кореш прав"), a.verdict
    assert a.citations[0] == "209.6"


def test_a_threatened_consequence_is_split_off():
    c = find_claim("соперник говорит что эффекты правил игры нужно объявлять вслух, иначе они не работают. прав?")
    assert (c.proposition, c.reason) == ("эффекты правил игры нужно объявлять вслух", "они не работают")


def test_the_askers_own_words_to_the_other_side():
    # «я говорю противнику, что он …»: the addressee is no part of the claim, «он» is the other side
    c = find_claim("я говорю сопернику что он не может положить свою шмотку на летуна. я прав?")
    assert (c.who, c.proposition) == ("me", "противник не может положить свою шмотку на летуна")
    # «я сказал ему: ты …» — «ты» is the other side
    d = find_claim("я сказал ему: твой артефакт не может ходить. прав я?")
    assert (d.who, d.direct, d.proposition) == ("me", True, "артефакт противника не может ходить")
    a = ask("я сказал ему: твой артефакт не может ходить. прав я?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert a.citations[0] == "210.2"


def test_a_past_say_verb_without_its_subject_shares_the_subject_of_its_sentence():
    from bot.reading.claims import _speakers
    said = _speakers("я в свой черёд отказался от авангарда, думал сыграю потом. он говорит всё поздно")
    assert [(s.who, s.content) for s in said][:2] == [("me", "сыграю потом"), ("other", "всё поздно")]
