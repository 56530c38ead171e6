"""Quantities told on the board against the quantities of the card text (505.4), and a
summoned card's fate decided by the quoted text (212.6, 209.8). Questions written for
these tests, in the chat style of the dev sets."""

from bot.judge import ask
from bot.sim.board_text import read_board_facts

LIVES_THEN_HEAL = "«{tap}: Снимите с вашего существа 2 дополнительные жизни, при этом излечите выбранное существо на 3»"
COUNTERS_THEN_WOUND = "«Снимите с выбранного существа противника 2 фишки, при этом нанесите ему 2 раны»"


def _facts(q):
    f = read_board_facts(q)
    return [(x.kind, x.owner, x.restriction, x.attrs) for x in f.facts], f.unread


# ------------------------------------------------------------------ reading the quantities
def test_a_number_of_extra_lives_on_my_creature_is_one_fact():
    facts, unread = _facts(f"карта {LIVES_THEN_HEAL}. у моего сущ только одна доп. жизнь. вылечу?")
    assert facts == [("quantity", "own", "extra_lives", (("extra_lives", "==", 1),))] and unread == []


def test_no_counters_on_the_enemy_creatures_is_zero():
    facts, _ = _facts(f"текст {COUNTERS_THEN_WOUND}. на сущах противника фишек нет. раны будут?")
    assert facts == [("quantity", "enemy", "counters", (("counters", "==", 0),))]


def test_a_number_next_to_another_noun_is_no_quantity():
    # «одно существо» counts creatures, not the counters on them
    facts, _ = _facts(f"текст {COUNTERS_THEN_WOUND}. у противника одно существо. раны будут?")
    assert not any(k == "quantity" for k, *_ in facts)


# ------------------------------------------------------------------ the board decides 505.4
def test_fewer_extra_lives_than_the_text_removes_stops_the_later_part():
    a = ask(f"у меня {LIVES_THEN_HEAL}. на моём существе сейчас 1 доп жизнь. излечение на 3 сработает?")
    assert a.route == "ability" and a.verdict.startswith("Нет") and a.citations[0] == "505.4"
    assert "только 1 дополнительных жизней" in " ".join(a.trace)


def test_enough_extra_lives_lets_the_later_part_happen():
    a = ask(f"у меня {LIVES_THEN_HEAL}. на моём существе три доп жизни. излечение на 3 сработает?")
    assert a.verdict.startswith("Да") and "505.4" in a.citations


def test_no_counters_on_the_enemy_creature_means_no_wounds():
    a = ask(f"текст {COUNTERS_THEN_WOUND}. на существе противника ни одной фишки нет. раны будут?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "505.4"


def test_a_quantity_statement_is_not_a_part_done_for_the_outcome_reader():
    # the outcome reader (no board route) once read «… 1 доп жизнь» as «часть 1 выполнена» (a wrong «Да»)
    from bot.abilities.route import answer

    a = answer(f"у меня {LIVES_THEN_HEAL}. на моём сущ всего 1 маркер дополнительной жизни. излечение будет?", "5ed")
    assert a is None or not (a.verdict or "").startswith("Да")


# ------------------------------------------------------------------ 212.6 / 209.8 from the text
def test_summoned_equipment_the_text_places_does_not_perish():
    a = ask("призываю шмотку картой, там написано «поместите её на выбранное ваше существо». она ведь погибнет?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "212.6" and "хозяином" in a.verdict


def test_summoned_equipment_the_text_does_not_place_perishes():
    a = ask("карта «Вызовите экипировку из вашей колоды». вызванная так шмотка погибнет?")
    assert a.verdict.startswith("Да") and a.citations[0] == "212.6"


def test_summoned_symbiote_follows_209_8():
    a = ask("текст «Возродите симбиота из вашего сброса и поместите его на ваше существо». возрождённый симб умрёт?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "209.8"


# ------------------------------------------------------------------ a modifier is a part the board executes
def test_a_modifier_after_a_destroyed_equipment_is_done():
    a = ask("у меня сущ с текстом «{tap}: Уничтожьте вашу экипировку, при этом ваше существо получает +1 к выстрелу "
            "до конца хода». на нём висит оружие, его и уничтожаю. +1 к выстрелу будет?")
    assert a.verdict.startswith("Да") and a.citations[0] == "505.4"
    assert any("получает +1 к выстрелу до конца хода" in t for t in a.trace)


def test_a_modifier_with_no_creature_to_take_it_is_not_declared():
    a = ask("текст «{tap}: Выбранное существо противника получает -2 к удару до конца хода». у противника нет ни одного "
            "существа. что будет?")
    assert a.verdict.startswith("Ни одна часть") and "не объявляется" in a.verdict


# ------------------------------------------------------------------ «X сработает или …?» is asked of X
def test_an_either_or_question_about_one_part_is_answered_for_that_part():
    a = ask("у сущ «Уничтожьте это существо, при этом нанесите 2 раны выбранному существу противника». моё сущ само "
            "себя уничтожило. раны пройдут или раз его нет, то ничего?")
    assert a.verdict.startswith("Пройдут") and a.citations[0] == "505.9"


# ------------------------------------------------------------------ 505.8: the asker's own choice, told as a story
OPEN_THEN = "«Когда открывается – может излечиться на 1 и получить фишку»"


def test_the_texts_own_trigger_and_the_dispute_told_are_no_board():
    facts, unread = _facts(f"у моего мага {OPEN_THEN}. в свой ход он открылся, лечиться я не хотел. "
                           "мы ругались, спорили минут пять. мог ли я взять только фишку?")
    assert unread == [] and all(k != "done" for k, *_ in facts)


def test_a_negated_infinitive_of_the_asker_is_a_part_he_leaves_out():
    facts, _ = _facts(f"у моего мага {OPEN_THEN}. он открылся, я решил фишку не получать. что будет?")
    assert ("decline", "own", None, ()) in facts


def test_who_was_right_and_could_i_is_answered_by_505_8():
    a = ask(f"у моего мага {OPEN_THEN}. когда он открылся, я хотел только фишку, лечиться не хотел. противник "
            "заявил, что после «может» нужно делать всё или ничего. мы поспорили. кто был прав и мог ли я взять "
            "только фишку?")
    assert a.verdict.startswith("Да") and a.citations[0] == "505.8" and "не объявлять" in a.verdict


# ------------------------------------------------------------------ payment time asked as «сразу … или после …?»
def test_payment_time_asked_either_or_after_a_topic_label():
    a = ask("такой вопрос. у артефакта «{tap}: Излечите выбранное существо на 2; получите фишку». он поворачивается "
            "сразу при объявлении или в конце, после обеих способностей?")
    assert a.verdict.startswith("Оплата происходит после") and a.citations[0] == "505.4"


# ------------------------------------------------------------------ counts told in a row, topic labels
def test_wounds_told_after_counters_of_the_same_creature():
    facts, unread = _facts("«{tap}: Снимите с выбранного существа противника фишку, при этом излечите его на 1». выбрал его "
                           "тролля, на нём 2 фишки и 1 рана. излечится?")
    assert [(k, a) for k, _, _, a in facts if k == "target"] == [("target", (("counters", "==", 2),)),
                                                                 ("target", (("wounds", "==", 1),))] and unread == []
    a = ask("«{tap}: Снимите с вашего существа фишку, при этом излечите его на 1». у меня сущ, на нём одна фишка "
            "и 2 раны. излечится?")
    assert a.verdict.startswith("Да") and a.citations[0] == "505.4"


def test_a_topic_label_is_no_unread_board_clause():
    facts, unread = _facts("короткий вопрос. «{tap}: Снимите с вашего существа 2 фишки; излечите его на 2». "
                           "на моих сущах по одной фишке. излечится?")
    assert unread == [] and facts == [("quantity", "own", "counters", (("counters", "==", 1),))]


def test_a_count_over_several_creatures_is_not_read_as_each_ones():
    # «на моих сущах две фишки» may be one on each: whose counters is not told — named, not guessed
    for said in ("на моих сущах две фишки.", "у меня на сущах три фишки в сумме."):
        facts, unread = _facts(f"текст «{{tap}}: Снимите с вашего существа 2 фишки – откройте выбранное существо». {said} "
                               "откроется?")
        assert not any(k == "quantity" for k, *_ in facts) and unread
    facts, _ = _facts("текст «{tap}: Снимите с вашего существа 2 фишки – откройте выбранное существо». на моих сущах "
                      "по две фишки. откроется?")
    assert facts == [("quantity", "own", "counters", (("counters", "==", 2),))]


# ------------------------------------------------------------------ the board told in chat style
CLOSE_THEN = "«{tap}: Закройте выбранное открытое существо противника, при этом получите фишку»"


def test_both_of_the_creatures_named_are_in_the_state_told_after_them():
    facts, unread = _facts(f"у меня {CLOSE_THEN}. у врага 3 сущ, все они в тапе. фишку получу?")
    assert ("none", "enemy", "open", ()) in facts and unread == []
    a = ask(f"у меня {CLOSE_THEN}. у врага 2 сущ, оба в тапе. фишку получу?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "505.4"


def test_every_one_but_one_is_not_every_one():
    # «все закрыты, кроме одного» leaves an open creature: neither reader may read «все закрыты»
    a = ask(f"у меня {CLOSE_THEN}. все существа противника закрыты, кроме одного. фишку получу?")
    assert not (a.verdict or "").startswith("Нет")


def test_a_pronoun_after_another_card_is_not_the_source():
    facts, unread = _facts("у меня сущ «{tap}: Откройте выбранное закрытое существо противника». у противника тролль, "
                           "он закрыт. что будет?")
    assert not any(k == "source" for k, *_ in facts) and unread == ["у противника тролль", "он закрыт."]


def test_a_summoned_card_put_on_a_restricted_creature_is_left_to_the_placement_rules():
    # «на летающее существо» may not be allowed (212.3): the text's «поместите» alone does not decide it
    a = ask("вызываю шмотку, в тексте «поместите её на выбранное летающее существо». она погибнет?")
    assert not (a.verdict or "").startswith("Нет, не погибает")


def test_an_opponents_card_of_untold_kind_is_named_not_dropped():
    facts, unread = _facts(f"у меня {CLOSE_THEN}. у противника гоблин-разведчик. фишку получу?")
    assert facts == [] and unread == ["у противника гоблин-разведчик."]


def test_a_negated_state_is_the_opposite_one_and_zero_is_none():
    for said, fact in (("у противника все не закрыты.", ("none", "enemy", "closed", ())),
                       ("у противника нет не закрытых.", ("none", "enemy", "open", ())),
                       ("у противника 0 открытых сущей.", ("none", "enemy", "open", ())),
                       ("открытых у противника ноль.", ("none", "enemy", "open", ())),
                       ("у врага ни одного открытого.", ("none", "enemy", "open", ()))):
        facts, unread = _facts(f"у меня {CLOSE_THEN}. {said} фишку получу?")
        assert facts == [fact] and unread == [], said
    facts, unread = _facts(f"у меня {CLOSE_THEN}. у противника все не летающие. фишку получу?")
    assert facts == [] and unread == ["у противника все не летающие."]
    a = ask(f"у меня {CLOSE_THEN}. у противника 0 открытых сущей. фишку получу?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "505.4"


def test_removing_all_counters_from_a_card_with_none_is_not_decided():
    # «снимите все фишки» names no number: with none on the card the rules do not say whether it is done
    a = ask("у меня артефакт «{tap}: Снимите с выбранного существа противника все фишки, при этом нанесите ему 2 раны». "
            "на существе противника фишек нет. раны будут?")
    assert a.verdict is None
