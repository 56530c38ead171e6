"""Disputes (issue 11): who claims what, the claimed proposition asked through every
verdict route, the ruling relative to the claimer (bot.reading.claims)."""

import pytest

from bot.judge import ask
from bot.reading.claims import _conjuncts, find_claim, holds_of


# ------------------------------------------------------------------ who claims what
def test_speaker_is_told_by_the_verb_person():
    c = find_claim("я третий ход подряд говорю что симбиота нельзя класть на летуна, соперник спорит. я прав?")
    assert (c.who, c.denies, c.other_word) == ("me", False, "соперник")
    assert c.proposition == "симбиота нельзя класть на летуна"
    assert c.setup == "Я третий ход подряд."


def test_a_bare_counter_word_denies_the_other_sides_claim():
    c = find_claim("Оппонент утверждает, что шмотку можно надеть на существо без класса. А я говорю: нельзя. Я прав?")
    assert (c.who, c.denies) == ("me", True)
    assert c.proposition == "шмотку можно надеть на существо без класса"


def test_a_reason_is_split_off_the_claim():
    c = find_claim("напарник думает что хозяин не может атаковать симбиота раз они на одной клетке. прав он?")
    assert c.proposition == "хозяин не может атаковать симбиота"
    assert c.reason == "они на одной клетке"
    lead = find_claim("Друг говорит, раз там написано «или», я выбираю одно. Верно?")
    assert lead.proposition == "я выбираю одно" and lead.reason.startswith("там написано")


def test_once_is_a_count_not_a_reason():
    c = find_claim("друг считает что ход кончается если один раз спасовал. прав?")
    assert c.reason == "" and "один раз" in c.proposition


def test_reflexive_verb_is_not_a_claim():
    c = find_claim("Прыжок считается движением, верно?")
    assert c is not None and c.who == "asker" and c.proposition.lower() == "прыжок считается движением"


def test_who_is_right_with_a_trailing_particle():
    c = find_claim("я говорю что летуну симбиота не дать, а кореш спорит. кто прав то?")
    assert (c.check, c.who, c.other_word) == ("who", "me", "кореш")


def test_quoted_full_stop_does_not_end_the_setup():
    c = find_claim("У меня «Закрыть существо. Нанести ему рану». Противник говорит, что я обязан сделать оба. Прав?")
    assert c.setup == "У меня «Закрыть существо. Нанести ему рану»."
    assert c.proposition == "я обязан сделать оба"


def test_no_claim_without_a_check():
    assert find_claim("Противник говорит, что симбиота можно на летуна.") is None


# ------------------------------------------------------------------ whether P holds
@pytest.mark.parametrize("verdict,prop,holds", [
    ("Нет, нельзя: нельзя помещать", "симбиота можно положить", False),
    ("Да, не может: так сказано", "артефакт не может двигаться", True),
    ("Нет, не может: экипировка не может получать раны", "раны экипировка не получает", None),   # no modal in P
    ("Нет, может атаковать симбиота", "хозяин не может бить симба", False),
    ("Да, Активный игрок: он", "приоритет получает активный игрок", True),
    ("Нет: часть 2 не выполняется", "лечение не будет", None),    # a negated P with no modal answer: undecided
    ("Симбиот погибает", "симбиот погибает", True),
    ("Разряд на 3", "лечение будет", None),
    ("Да, эффект правил игры не использует стек: сразу", "эффект правил игры не использует стек", True),
    ("Да, эффект правил игры использует стек", "эффект правил игры не использует стек", False),
])
def test_holds_is_read_from_the_verdicts_own_modal_word(verdict, prop, holds):
    got = holds_of(verdict, prop)
    assert (got[0] if got else None) == holds


# ------------------------------------------------------------------ end to end
def test_counter_claim_is_ruled_for_the_asker():
    a = ask("Оппонент утверждает, что симбиота можно положить на летающее существо. А я говорю нельзя. Я прав?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert a.citations[0] == "209.4"


def test_claim_with_a_reason_is_ruled_on_the_claim():
    a = ask("Соперник уверяет что хозяин не может атаковать своего симбиота раз они стоят вместе. Он прав?")
    assert a.verdict is not None and a.verdict.startswith("Нет, соперник не прав"), a.verdict
    assert "209.9" in a.citations
    assert "довод" in a.understood


def test_claim_nobody_states_gets_da_or_net():
    a = ask("Симбиота можно положить на летающее существо. Правда?")
    assert a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "209.4"


def test_unread_claim_gets_no_verdict_and_says_what_was_understood():
    a = ask("Товарищ говорит что у гномов борода растёт быстрее в полнолуние. Он прав?")
    assert a.verdict is None


def test_a_quoted_claim_is_the_claimers_words():
    c = find_claim("Противник утверждает: «симбиот остаётся на поле». Прав?")
    assert c.proposition == "симбиот остаётся на поле" and c.who == "other"


def test_a_check_word_not_set_off_is_no_claim():
    assert find_claim("Можно сделать так?") is None


def test_the_rejected_alternative_is_split_off():
    c = find_claim("Приятель уверяет, что симбиот погибает вместе с хозяином, а не остаётся на поле. Верно?")
    assert c.proposition == "симбиот погибает вместе с хозяином" and c.rejected == "остаётся на поле"


def test_the_other_sides_word_without_a_say_verb():
    c = find_claim("я говорю что симбиота нельзя сажать на летающее существо, а он что можно. кто прав?")
    assert (c.who, c.check, c.proposition) == ("me", "who", "симбиота нельзя сажать на летающее существо")
    assert ask("я говорю что симбиота нельзя сажать на летающее существо, а он что можно. кто прав?").verdict.startswith("Вы правы")


def test_a_conjunction_with_one_false_part_is_false():
    a = ask("Напарник говорит что симбиота можно положить на летающее существо и экипировку можно атаковать. Прав?")
    assert a.verdict.startswith("Нет, напарник не прав: неверно, что симбиота можно положить"), a.verdict
    assert a.citations[0] == "209.4"


def test_a_verdict_defining_another_thing_does_not_rule_on_the_claim():
    # «пас — это …» is about the pass, not about what happens after both passed
    assert holds_of("Нет, пас — это передача приоритета противнику", "если оба спасовали то верхнее игродействие выполняется") is None
    assert holds_of("Нет, пас — это передача приоритета противнику", "пас — это игродействие")[0] is False


def test_a_claimed_consequence_after_to_is_asked_not_told():
    a = ask("друг говорит, что если оба подряд спасовали то верхнее игродействие выполняется. так?")
    assert a.verdict.startswith("Да"), a.verdict
    assert "303.4" in a.citations[:2]


def test_a_conditional_claim_is_not_split_at_its_and():
    assert _conjuncts("если на хозяине симбиот, то и хозяину туда нельзя") == []


# ------------------------------------------------------------------ disputes (claims2)
@pytest.mark.parametrize("q,verdict,first", [
    # «прав ли я был» after a story; the asker's counter-word carries its own reason
    ("Противник говорит, что артефакт может двигаться. Я говорю не может. Прав ли я был", "Да, вы правы", "210.2"),
    ("Друг говорит, что симбиота можно положить на летающее существо, я говорю нельзя, потому что он летает. Я прав?",
     "Да, вы правы", "209.4"),
    # a sentence that only frames the dispute is not a set-up for the routes; the pronoun's person is named there
    ("Спорим с другом. Он говорит, что симбиота можно положить на летающее существо. Я говорю нельзя. Кто из нас прав",
     "Вы правы", "209.4"),
    ("У нас спор. Соперник утверждает, что артефакт может двигаться. Так?", "Нет, соперник не прав", "210.2"),
    # «уверен» claims too; a verdict giving its reason as «нельзя объявить движение …» rules on «может двигаться»
    # the asker said nothing himself: «кто прав?» names the claimer as not right
    ("Соперник уверен, что артефакт может двигаться. Кто прав?", "Соперник не прав", "210.2"),
    ("Соперник уверен, что артефакт может двигаться, а я спорю. Кто прав?", "Вы правы", "210.2"),
    ("Я думаю, что симбиот может двигаться сам. Прав ли я?", "Нет, вы не правы", "209.10"),
])
def test_disputes_name_who_is_right(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first


def test_claim_words_come_from_the_lexicon():
    from bot.reading.claims import _pronouns
    from bot.vocab import section

    me, other = _pronouns()
    assert set(me) == set(section("claims")["me"]) and "он" in other
    c = find_claim("Спорим с другом. Он говорит, что артефакт может двигаться. Кто прав?")
    assert (c.who, c.other_word, c.setup, c.proposition) == ("other", "друг", "", "артефакт может двигаться")


def test_a_conclusion_ruled_by_the_premises_own_rule_is_not_confirmed():
    # 210.2 says what an artifact does, not what is done to it (210.3): no «Да, нельзя» from the premise
    a = ask("Арт же не может ни бить, ни отражать, значит и простым ударом по нему бить нельзя?")
    assert not (a.verdict or "").startswith(("Да, нельзя", "Нет, нельзя")), a.verdict
    assert "210.3" in a.citations[:3], a.citations


def test_two_statements_each_ruled_on_and_the_counter_stated_by_the_ruling():
    a = ask("Приятель в клубе утверждает, что при составной особенности сначала платишь, а потом проходишь "
            "способности. А я считаю, оплата после всех способностей. Кто прав?")
    assert a.verdict.startswith("Вы правы: оплата происходит после"), a.verdict
    assert a.citations[0] == "505.4"
    # a counter-statement the ruling does not state («до») is not taken as stated
    b = ask("Приятель утверждает, что при составной особенности сначала платишь, а потом проходишь способности. "
            "А я считаю, оплата до всех способностей. Я прав?")
    assert b.verdict is None


@pytest.mark.parametrize("q,head", [
    ("Напарник говорит, что артефакт может двигаться. Я говорю, что симбиота можно положить на летающее существо. "
     "Кто прав?", "Оба утверждения неверны"),
    ("Друг говорит, что артефакт не может двигаться. Я говорю, что симбиота нельзя положить на летающее существо. "
     "Кто прав?", "Оба утверждения верны"),
])
def test_two_statements_that_do_not_contradict_force_no_winner(q, head):
    a = ask(q)
    assert a.verdict is None and a.blocks[0].text.startswith(head), a.blocks[0].text
    assert {"210.2", "209.4"} <= set(a.citations)


def test_an_elliptic_counter_word_denies_the_claim():
    c = find_claim("Друг говорит, что эффекты правил игры применяются после приоритета. Я говорю — до. Я прав?")
    assert (c.who, c.denies, c.counter) == ("me", True, "")


def test_a_story_opener_is_no_set_up_but_the_told_event_is():
    c = find_claim("Ситуация вчера была. Орк погиб. Друг говорит, что симбиот на нём остаётся. Прав?")
    assert (c.setup, c.proposition, c.other_word) == ("Орк погиб.", "симбиот на нём остаётся", "друг")


def test_the_opponents_claim_is_read_from_the_askers_side():
    """In «противник говорит что может повесить свою шмотку на моего сущ» «свою» is his and
    «моего» the asker's: his equipment on the asker's creature (212.1), not the asker's own."""
    from bot.reading.claims import _as_asker_says
    assert _as_asker_says("может повесить свою шмотку на моего сущ") == "может повесить вражескую шмотку на моего сущ"
    assert _as_asker_says("может повесить свою шмотку на своего сущ") == "может повесить свою шмотку на своего сущ"
    a = ask("противник говорит что на рассадке может повесить свою шмотку на моего гнома. прав?")
    assert a.verdict.startswith("Нет, противник не прав") and a.citations[0] == "212.1", a.verdict
    # one owner on both sides reads the same from either side
    b = ask("противник говорит что он может повесить свою шмотку на своего сущ. прав?")
    assert b.verdict.startswith("Да, противник прав") and b.citations[0] == "212.1", b.verdict


# ------------------------------------------------------------------ claims4: predicate word, copula, told action
@pytest.mark.parametrize("verdict,prop,holds", [
    ("Нет, считаются", "симбиот и хозяин не считаются стоящими рядом", False),     # the predicate alone, positive
    ("Да, погибает", "шмотка не погибает", False),
    ("Нет, считаются", "если шмотка не надета, они считаются рядом", None),          # another «не» it may not speak of
])
def test_a_verdict_that_is_the_predicate_word_alone_rules_a_negated_claim(verdict, prop, holds):
    got = holds_of(verdict, prop)
    assert (got[0] if got else None) == holds


def test_a_copular_adjective_is_a_conjunct_of_its_own():
    parts = _conjuncts("движение медленное и его можно объявить только при пустом стеке")
    assert parts == ["движение медленное", "его можно объявить только при пустом стеке"]


def test_a_false_copular_part_decides_a_conjunction():
    a = ask("соперник уверяет что внезапная атака медленная и её можно только при пустом стеке. он прав?")
    assert a.verdict.startswith("Нет, соперник не прав: неверно, что внезапная атака медленная"), a.verdict
    assert a.citations[0] == "304.3"


@pytest.mark.parametrize("q,prop,who,denies", [
    ("мой артефакт хочет сходить на соседнюю клетку, а кореш говорит нельзя. кто прав?",
     "мой артефакт может сходить на соседнюю клетку", "other", True),
    ("противник кладёт симбиота на своего летуна и говорит, что так можно. прав он?",
     "противник может класть симбиота на своего летуна", "other", False),
    ("собираюсь положить симбиота на летающее существо, а друг говорит что нельзя. я прав?",
     "я могу положить симбиота на летающее существо", "me", False),
])
def test_a_bare_stance_claims_the_action_told_before_it(q, prop, who, denies):
    c = find_claim(q)
    assert (c.proposition, c.who, c.denies) == (prop, who, denies)


@pytest.mark.parametrize("q,verdict,first", [
    ("мой артефакт хочет сходить на соседнюю клетку, а кореш говорит нельзя. кто прав?", "Прав кореш", "210.2"),
    ("собираюсь положить симбиота на летающее существо, а друг говорит что нельзя. я прав?", "Нет, вы не правы", "209.4"),
])
def test_a_stance_on_a_told_action_is_ruled(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first


def test_a_stance_without_a_told_action_is_no_claim():
    assert find_claim("друг говорит можно. прав?") is None


@pytest.mark.parametrize("q,verdict,first", [
    ("друг уверен что в подфазе авангарда первым свои особенности играет второй игрок. прав?", "Нет, друг не прав", "407.1"),
    ("я думаю что на рассадке первым своих симбиотов назначает первый игрок. так?", "Да, вы правы", "405.2"),
])
def test_a_claim_naming_who_acts_is_ruled_by_asking_who(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first


def test_a_who_claim_about_a_later_turn_is_not_ruled_by_who_is_first():
    from bot.reading.claims import _ruled_by_who
    assert _ruled_by_who("", "вторым в подфазе авангарда играет второй игрок", "5ed") is None


def test_a_claim_resting_on_a_false_premise_is_false():
    a = ask("соперник говорит, что прыжок это не движение, значит запрет на движение прыгать не мешает. прав?")
    assert a.verdict.startswith("Нет, соперник не прав: неверно, что прыжок это не движение"), a.verdict
    assert a.citations[0] == "506.6"


def test_a_counter_this_names_what_the_claim_defines():
    a = ask("друг считает, что прыжок — это не движение, значит артефакт может прыгать. я говорю, что это тоже движение. кто прав?")
    assert a.verdict.startswith("Вы правы"), a.verdict
    assert "506.6" in a.citations[:2]
