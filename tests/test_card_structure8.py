"""Tree structure and typing families of card text (issue 12), round 8: the «{first}: A.
{second}: B.» branches of one header across sentences, a header that swallowed the ability's
subject («… Страж также может …») or stopped inside a list of effect nouns, a clause of its
own written with no punctuation inside a leaf (a marker and its standing rule, a marker and
its restriction), «X исчезает» as a loss, «может также …» as 505.8, «обязан это сделать»
typed as the act its condition names, case splits «если A … , если B …» and «если выпало …;
если выпало …», and a condition written after two parts when the first has its own
duration. Texts written for these tests in the styles of both card databases (the 2023+ one
with {icons}, the classic one with [:icons])."""

from __future__ import annotations

from bot.abilities.parser import parse


def _leaf(res, text):
    return next(n for n in res.ast.walk() if n.kind == "effect" and n.text == text)


def _leaves(res):
    return [(n.text, n.attr("action")) for n in res.ast.walk() if n.kind == "effect"]


# ---- «{first}: A. {second}: B.» under one header ---------------------------------------------
def test_the_second_branch_in_the_next_sentence_belongs_to_the_same_trigger_and_name():
    res = parse("{tap}: Разряд на 1. В начале боя воздействие «смута»: {first}: выбранное существо противника "
                "получает отравление на 2. {second}: Закройте выбранное существо противника.")
    assert res.complete and res.ast.kind == "card"
    assert [c.kind for c in res.ast.children] == ["cost", "trigger"]
    trigger = res.ast.children[1]
    assert trigger.shape() == "(trigger (named (cases (condition effect) (condition effect))))"
    cases = trigger.children[0].children[0]
    assert [c.attr("head") for c in cases.children] == ["{first}", "{second}"]
    assert [c.children[0].attr("action") for c in cases.children] == ["poison", "close"]
    assert trigger.text.endswith("Закройте выбранное существо противника")


def test_the_second_branch_joins_a_paid_named_effect():
    res = parse("{tap}: Заклинание «морок»: {first}: ранить выбранное существо на 1. {second}: излечить выбранное "
                "существо на 2.")
    assert res.ast.shape() == "(cost (named (cases (condition effect) (condition effect))))"
    assert _leaves(res) == [("ранить выбранное существо на 1", "wound"), ("излечить выбранное существо на 2", "heal")]


def test_branches_opening_their_own_sentences_stay_abilities_of_the_card():
    res = parse("{first}: +1 к {move}. {second}: {direct}.")
    assert res.ast.shape() == "(card (condition effect) (condition effect))"


# ---- a header cut mid-phrase --------------------------------------------------------------------
def test_a_particle_between_the_subject_and_may_does_not_end_the_header_after_it():
    res = parse("Когда ваш тролль закрывается Лесной страж тоже может закрыться (1 раз за ход)")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "Когда ваш тролль закрывается"
    opt = res.ast.children[0]
    assert opt.kind == "optional" and opt.attr("subject") == "Лесной страж"
    assert _leaves(res) == [("закрыться", "close")]


def test_a_list_of_effect_nouns_is_the_object_of_the_clause_not_its_end():
    res = parse("Когда ваши существа выполняют выстрел, удар и метание за один ход получить {counter}.")
    assert res.ast.kind == "trigger"
    assert res.ast.attr("head") == "Когда ваши существа выполняют выстрел, удар и метание за один ход"
    assert _leaves(res) == [("получить {counter}", "counters")]


# ---- a clause of its own with no punctuation inside a leaf ---------------------------------
def test_a_marker_and_its_standing_rule_after_a_bracket_are_two_effects():
    res = parse("{tap}: Воздействие «ловушка» положите маркер ловушки на свободную клетку (до конца боя) "
                "клетка с ловушкой считается занятой.")
    assert res.ast.shape() == "(cost (named (and_then effect effect)))"
    assert _leaves(res) == [("положите маркер ловушки на свободную клетку (до конца боя)", "place"),
                            ("клетка с ловушкой считается занятой", "count_as")]


def test_a_marker_gained_and_its_restriction_are_two_effects():
    res = parse("[:tap]: Воздействие путы, дальность 3 выбранное существо противника получает путы на свой "
                "следующий ход не может атаковать.")
    assert _leaves(res) == [("выбранное существо противника получает путы на свой следующий ход", "gain"),
                            ("не может атаковать", "restrict")]


def test_a_marker_gained_and_its_restriction_joined_by_and_are_two_effects_too():
    res = parse("Выбранное существо получает путы и не может атаковать.")
    assert res.ast.kind == "and_then" and res.ast.rule == "505.4"
    assert _leaves(res) == [("Выбранное существо получает путы", "gain"), ("не может атаковать", "restrict")]


def test_a_marker_that_disappears_is_lost():
    res = parse("Если существо с путами атаковано, эта атака блокируется, а путы исчезают.")
    assert _leaf(res, "путы исчезают").attr("action") == "lose"


# ---- «может также …» is 505.8 ----------------------------------------------------------------
def test_may_also_is_optional():
    res = parse("При гибели вашего тролля – он может также открыться (2 раза за ход).")
    opt = next(n for n in res.ast.walk() if n.kind == "optional")
    assert opt.rule == "505.8" and opt.attr("subject") == "он"
    assert _leaves(res) == [("также открыться", "open")]


# ---- «обязан это сделать» -------------------------------------------------------------------
def test_obliged_to_do_it_is_the_act_its_condition_names():
    res = parse("Если может атаковать {strike} закрытое существо противника – обязан это сделать.")
    leaf = _leaf(res, "обязан это сделать")
    assert leaf.attr("action") == "attack" and dict(leaf.attr("args"))["obliged"] is True
    res = parse("Если от [:atk] Стража можно назначить защитника, противник обязан это сделать.")
    assert _leaf(res, "противник обязан это сделать").attr("action") == "defend"


def test_obliged_to_do_it_under_a_condition_with_no_act_stays_untyped():
    res = parse("Если рядом стоит ваш тролль, он обязан это сделать.")
    assert res.ast.attr("head") == "Если рядом стоит ваш тролль"
    assert _leaf(res, "он обязан это сделать").attr("action") is None


# ---- case splits ----------------------------------------------------------------------------
def test_a_case_split_with_no_dashes_after_a_prophecy():
    res = parse("{tap}: Пророчество 1; если показана карта четной стоимости существо получает отравление на 1, "
                "если нечетной существо получает проклятие.")
    assert res.ast.shape() == "(cost (and_then effect (cases (condition effect) (condition effect))))"
    cases = res.ast.children[0].children[1]
    assert [c.attr("head") for c in cases.children] == ["если показана карта четной стоимости", "если нечетной"]
    assert [c.children[0].text for c in cases.children] == ["существо получает отравление на 1",
                                                            "существо получает проклятие"]


def test_a_case_ended_by_a_comma_then_a_dashed_case():
    res = parse("При ударе бросьте кубик: если выпал чет, атакованный получает отравление на 1, если нечет – "
                "закройте его.")
    cases = next(n for n in res.ast.walk() if n.kind == "cases")
    assert [c.attr("head") for c in cases.children] == ["если выпал чет", "если нечет"]
    assert [c.children[0].attr("action") for c in cases.children] == ["poison", "close"]


def test_outcomes_of_one_roll_joined_by_semicolons_are_cases():
    res = parse("[:tap]: Бросьте кубик; если выпало 1-3 - ранить выбранное существо на 2; если выпало 4-6 - "
                "излечить его на 2.")
    assert res.ast.shape() == "(cost (and_then effect (cases (condition effect) (condition effect))))"


def test_two_different_checks_joined_by_a_semicolon_stay_two_parts():
    res = parse("При гибели ранить выбранное существо на 2; если оно погибло – получить {counter}; "
                "если у вас есть лес – излечиться на 1.")
    assert res.ast.shape() == "(trigger (and_then effect (condition effect) (condition effect)))"


# ---- a condition written after two parts ------------------------------------------------------
def test_a_condition_after_a_part_with_its_own_duration_bounds_only_the_next_part():
    res = parse("Гарпия. В начале боя выбранное существо противника теряет [:fly] до конца хода и получает "
                "отравление на 1, пока Страж в отряде.")
    trigger = res.ast.children[1]
    assert trigger.shape() == "(trigger (and_then effect (condition effect)))"
    cond = trigger.children[0].children[1]
    assert cond.attr("head") == "пока Страж в отряде" and cond.children[0].text == "получает отравление на 1"


def test_a_condition_after_parts_of_one_clause_bounds_them_all():
    res = parse("Получает {ova} 1 и -1 от ударов, пока стоит рядом с лесом.")
    assert res.ast.shape() == "(condition (and_then effect effect))"


# ---- own-sample families (seeds 7301 / 7302) -------------------------------------------------
def test_a_granted_triggered_ability_is_a_gain():
    res = parse("{tap}: Выбранное существо получает отравление на 1, при этом оно получает при движении потерять "
                "отравление до конца хода.")
    assert _leaves(res)[1] == ("оно получает при движении потерять отравление до конца хода", "gain")


def test_each_with_its_own_verb_after_an_order_is_the_next_part():
    res = parse("В начале хода вы можете закрыть до трех ваших гоблинов каждый закрытый так гоблин получает "
                "{counter}, Вожак получает +1 к {strike}.")
    opt = res.ast.children[0]
    assert opt.kind == "optional" and opt.children[0].kind == "and_then"
    assert _leaves(res) == [("закрыть до трех ваших гоблинов", "close"),
                            ("каждый закрытый так гоблин получает {counter}", "counters"),
                            ("Вожак получает +1 к {strike}", "modify")]


def test_a_capitalised_trigger_after_and_is_a_part_of_its_own():
    res = parse("Пока летающий, имеет [:dir] и При [:atk] по карте приземлиться на клетку рядом с ней.")
    assert res.ast.shape() == "(condition (and_then effect (trigger effect)))"
    assert res.ast.children[0].children[1].attr("head") == "При {strike} по карте"


def test_two_counts_of_uses_in_one_bracket_both_limit_the_ability():
    res = parse("При гибели вашего существа – можете излечиться на 2 (1 раз за ход, 3 раза за бой).")
    assert res.ast.attr("limit") == "1 раз за ход, 3 раза за бой"
    assert all(not n.attr("note") for n in res.ast.walk())


def test_may_be_placed_only_on_is_a_restriction():
    res = parse("При рассадке может быть помещен только на существо с разрядом.")
    assert res.ast.children[0].attr("action") == "restrict"


def test_a_limit_opening_the_sentence_with_a_comma_or_in_the_course_of():
    res = parse("Один раз за бой, в свой ход, может получить +2 к [:atk].")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "в свой ход"
    assert res.ast.attr("limit") == "Один раз за бой"
    assert res.ast.children[0].kind == "optional"
    res = parse("Один раз в течение вашего хода может вызвать экипировку на себя.")
    assert res.ast.kind == "optional" and res.ast.attr("limit") == "Один раз в течение вашего хода"


def test_in_the_course_of_misspelt_is_the_time_window():
    # a time window is a condition over the ability (round 9), not an event that triggers it
    res = parse("В течении вашего хода может открыться (два раза за ход).")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "В течение вашего хода"
    assert res.ast.children[0].kind == "optional"


def test_a_parameter_of_an_effect_that_cannot_be_changed_is_a_restriction():
    assert parse("Дальность выстрела Лучника не может быть изменена.").ast.attr("action") == "restrict"
    assert parse("[:tap]: Метание на 2, дальность 3.").ast.children[0].attr("action") == "throw"


def test_to_perform_a_keyword_ability_is_perform():
    res = parse("Когда существо противника должно выполнить трупоедство – может выполнить трупоедство вместо него.")
    assert _leaf(res, "выполнить трупоедство вместо него").attr("action") == "perform"


# ---- own sample nxt 7307 and the «может» left in a leaf ----------------------------------------
def test_a_standing_permission_after_and_in_a_later_part_is_a_leaf_of_its_own():
    res = parse("При {strike} выстрел на 1, затем, если рядом нет карт противника, не закрывается после {strike} "
                "и может нападать {strike} еще раз до конца хода.")
    cond = next(n for n in res.ast.walk() if n.kind == "condition")
    assert cond.shape() == "(condition (and_then effect effect))"
    assert [(c.text, c.attr("action")) for c in cond.children[0].children] == [
        ("не закрывается после {strike}", "restrict"), ("может нападать {strike} еще раз до конца хода", "permission")]


def test_a_keyword_and_a_value_of_one_either_option_are_two_effects():
    res = parse("В начале боя может получить либо +1 к [:atk], либо полет и [:ova] 1.")
    choice = next(n for n in res.ast.walk() if n.kind == "choice")
    assert [c.kind for c in choice.children] == ["effect", "and_then"]
    assert [c.text for c in choice.children[1].children] == ["полет", "{ova} 1"]


def test_may_use_only_on_is_a_restriction_whatever_the_verb():
    res = parse("Трупоедство. Может использовать трупоедство только на [:ordinary] существах.")
    assert _leaf(res, "Может использовать трупоедство только на {ordinary} существах").attr("action") == "restrict"


def test_or_and_a_subject_with_a_place_phrase_and_may_is_the_other_option():
    res = parse("При {strike} – может закрыть существо слева от Химеры, или существо позади Химеры может получить "
                "отравление на 1.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and [c.kind for c in choice.children] == ["optional", "optional"]
    assert choice.children[1].attr("subject") == "существо позади Химеры"
    assert _leaves(res) == [("закрыть существо слева от Химеры", "close"), ("получить отравление на 1", "poison")]


def test_either_between_two_values_granted_is_a_choice():
    res = parse("[:tap]: Ваше существо получает +1 к [:move] до конца хода либо 2 дополнительные [:tgh].")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and choice.rule == "505.5"
    assert _leaves(res) == [("Ваше существо получает +1 к {move} до конца хода", "modify"),
                            ("2 дополнительные {health}", "gain")]


# ---- own sample nxt 7311 -------------------------------------------------------------------------
def test_a_trigger_with_its_own_verb_after_a_comma_is_the_next_part():
    res = parse("+1 к разряду за каждую {counter} на Маге, при разряде теряет все {counter}.")
    assert res.ast.shape() == "(and_then effect (trigger effect))"
    trig = res.ast.children[1]
    assert trig.attr("head") == "при разряде" and trig.children[0].attr("action") == "lose"


def test_a_keyword_and_a_poison_with_its_amount_are_two_gains():
    res = parse("[:tap]: Вызвать гоблина стоимостью 3; он получает неповоротливость и отравление на 1.")
    assert _leaves(res) == [("Вызвать гоблина стоимостью 3", "summon"), ("он получает неповоротливость", "gain"),
                            ("отравление на 1", "poison")]


def test_a_clause_opening_with_its_time_after_an_order_is_the_next_part():
    res = parse("{tap}: Выберите ряд поля боя противника до конца хода противника карты получают на 1 рану больше "
                "от выстрелов.")
    assert _leaves(res) == [("Выберите ряд поля боя противника", "choose"),
                            ("до конца хода противника карты получают на 1 рану больше от выстрелов", "modify")]


# ---- own sample nxt 7313 -------------------------------------------------------------------------
def test_a_bare_subject_after_the_event_words_opens_the_ability():
    res = parse("После прыжка Лягушки существо противника по его выбору перемещается на освободившуюся клетку.")
    assert res.ast.attr("head") == "После прыжка Лягушки"
    assert res.ast.children[0].text == "существо противника по его выбору перемещается на освободившуюся клетку"


def test_the_rule_of_a_marker_in_brackets_is_an_effect_of_its_own():
    res = parse("{tap}: Положите маркер ловушки на свободную клетку (клетка с ловушкой считается занятой).")
    assert _leaves(res) == [("Положите маркер ловушки на свободную клетку", "place"),
                            ("клетка с ловушкой считается занятой", "count_as")]
    res = parse("{tap}: Положите маркер на клетку (сохраняется до конца хода).")
    assert _leaves(res) == [("Положите маркер на клетку (сохраняется до конца хода)", "place")]


def test_a_participle_after_a_comma_agreeing_with_the_noun_before_it_stays_in_the_header():
    res = parse("Когда двигается на клетку, занятую существом оно получает +1 к [:atk].")
    assert res.ast.attr("head") == "Когда двигается на клетку, занятую существом"
    assert res.ast.children[0].text == "оно получает +1 к {strike}"
    res = parse("Когда ваше существо гибнет, стоящее рядом существо получает +1 к удару.")
    assert res.ast.attr("head") == "Когда ваше существо гибнет"
    assert res.ast.children[0].text == "стоящее рядом существо получает +1 к удару"


def test_a_verb_no_action_names_inside_an_unquoted_name_is_a_word_of_the_name():
    res = parse("В начале хода воздействие охота летать бросить кубик; если выпало 6 – получить полет.")
    named = res.ast.children[0]
    assert named.kind == "named" and named.attr("name") == "охота летать"
    assert _leaves(res)[0] == ("бросить кубик", "roll")


def test_a_relative_clause_with_a_preposition_stays_in_the_header():
    res = parse("Когда нападает [:atk] на существо, на которое уже нападал в этот ход получает -1 к [:atk].")
    assert res.ast.attr("head") == "Когда нападает {strike} на существо, на которое уже нападал в этот ход"
    assert _leaves(res) == [("получает -1 к {strike}", "modify")]


def test_a_property_icon_then_a_class_with_the_full_stop_lost_are_two():
    res = parse("[:unq] Тролль. Маскировка.")
    assert [(n.text, n.attr("action")) for n in res.ast.children] == [
        ("{unq}", "trait"), ("Тролль", "class"), ("Маскировка", "trait")]
