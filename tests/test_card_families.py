"""Families of card-text shapes the 2023+ database writes without dashes or quotes
(texts written for these tests in that style): named effects as headers, «затем» and
«иначе» as structure, costs written in words. Exact AST shapes, paragraphs, names."""

from __future__ import annotations

import pytest

from bot.abilities.parser import format_tree, parse


def _named(res):
    return [n for n in res.ast.walk() if n.kind == "named"]


# ---- a named effect without a dash: «Воздействие <имя> <способность>» -----------------------
@pytest.mark.parametrize("text, shape, name, first_leaf", [
    ("{tap}: Воздействие тихий шаг переместить ваше открытое существо на 1 клетку.",
     "(cost (named effect))", "тихий шаг", "переместить ваше открытое существо на 1 клетку"),
    ("{tap}: Заклинание «ледяной взгляд» ранить выбранное существо на 2.",
     "(cost (named effect))", "ледяной взгляд", "ранить выбранное существо на 2"),
    ("При ударе по Стражу болот заклинание тина ранить атаковавшего на 1.",
     "(trigger (named effect))", "тина", "ранить атаковавшего на 1"),
    ("В начале хода противника воздействие туман ваше существо получает +1 к {strike}.",
     "(trigger (named effect))", "туман", "ваше существо получает +1 к {strike}"),
    ("{tap}: Воздействие ветер если в вашем отряде нет леса вызвать из колоды лес.",
     "(cost (named (condition effect)))", "ветер", "вызвать из колоды лес"),
    ("При гибели воздействие рухнуть выберите клетку рядом.",
     "(trigger (named effect))", "рухнуть", "выберите клетку рядом"),
    ("{tap}: Заклинание холод ущелий существо противника получает -2 к {strike}.",
     "(cost (named effect))", "холод ущелий", "существо противника получает -2 к {strike}"),
    ("{tap}: Воздействие зов глубин пророчество 1.", "(cost (named effect))", "зов глубин", "пророчество 1"),
])
def test_named_effect_without_dash_is_a_header(text, shape, name, first_leaf):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == shape
    assert _named(res)[0].attr("name") == name
    assert next(n for n in res.ast.walk() if n.kind == "effect").text == first_leaf


def test_named_effect_with_range_keeps_the_name_and_range():
    res = parse("{tap}: Заклинание песня ветра, дальность 3 выбрать существо противника.")
    node = _named(res)[0]
    assert res.ast.shape() == "(cost (named effect))"
    assert node.attr("name") == "песня ветра" and node.attr("reach") == "3"


def test_a_verb_object_named_effect_stays_a_word():
    # «объявляет заклинание …» names what is declared: not a header
    res = parse("Когда ваше существо объявляет заклинание, получить {counter}.")
    assert res.complete and not _named(res)


def test_granted_ability_after_colon_is_part_of_the_grant():
    res = parse("{tap}: Воздействие морок выбранное существо до конца хода получает: {tap}: Разряд на 1.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(cost (named effect))"
    assert res.ast.children[0].children[0].text == "выбранное существо до конца хода получает: {tap}: Разряд на 1"


# ---- «затем» and «иначе» -------------------------------------------------------------------
def test_then_is_a_sequence_not_one_leaf():
    res = parse("При гибели вызвать гнома стоимостью 3 или менее, затем ранить стоящие рядом карты на 2.")
    assert res.ast.shape() == "(trigger (and_then effect effect))"
    assert res.ast.rules() == ["505.4"]
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["summon", "wound"]


def test_then_without_comma_after_a_note():
    res = parse("Может переместиться на 1 клетку (по выбору противника) затем ранить стоящее рядом существо на 1.")
    assert res.ast.shape() == "(optional (and_then effect effect))"


def test_else_after_a_condition_is_its_alternative():
    res = parse("Если в вашем отряде есть лес ранить выбранное существо на 2, иначе ранить его на 1.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(otherwise (condition effect) effect)"
    assert res.ast.rule == "505.6"
    assert res.ast.children[0].attr("head") == "Если в вашем отряде есть лес"


def test_else_with_dash_and_named_alternative():
    res = parse("В начале хода, если рядом нет врагов – получить {counter}, иначе – воздействие «шорох» – "
                "переместиться на соседнюю клетку.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(trigger (otherwise (condition effect) (named effect)))"


def test_reflexive_clause_verb_takes_no_object():
    # before «может» the words after a reflexive clause verb open the ability's subject …
    res = parse("Когда открывается каждое стоящее рядом существо противника может переместиться на 1 клетку.")
    assert res.ast.attr("head") == "Когда открывается"
    assert res.ast.children[0].attr("subject") == "каждое стоящее рядом существо противника"
    # … before another verb they are the clause's own subject
    res = parse("Когда изгоняется выбранная карта получает {counter}.")
    assert res.ast.attr("head") == "Когда изгоняется выбранная карта"
    assert res.ast.children[0].text == "получает {counter}"


# ---- a payment written in words before the colon --------------------------------------------
@pytest.mark.parametrize("text, icons, payment, leaf", [
    ("Закрыть стоящее рядом ваше существо: переместить Осадную башню на соседнюю клетку.",
     None, "Закрыть стоящее рядом ваше существо", "переместить Осадную башню на соседнюю клетку"),
    ("{instant}, изгнать карту с вашего кладбища: получить +1 к броску кубика.",
     ("instant",), "изгнать карту с вашего кладбища", "получить +1 к броску кубика"),
    ("{tap}, снять X {counter} с ваших существ: ранить выбранное существо на X.",
     ("tap",), "снять X {counter} с ваших существ", "ранить выбранное существо на X"),
    ("Заплатите 2 кристалла: излечить ваше существо на 2.",
     None, "Заплатите 2 кристалла", "излечить ваше существо на 2"),
    ("{tap}, потерять маркер «смолы»: уничтожить выбранный артефакт.",
     ("tap",), "потерять маркер «смолы»", "уничтожить выбранный артефакт"),
])
def test_payment_in_words_is_the_cost(text, icons, payment, leaf):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(cost effect)"
    assert res.ast.attr("icons") == icons and res.ast.attr("payment") == payment
    assert res.ast.children[0].text == leaf


def test_a_choice_before_a_colon_is_not_a_payment():
    # «выберите одно:» and «получает:» are not payments
    for text in ("Выберите одно: получает +1 к {strike}.", "Ваш гном получает: +1 к {move}."):
        res = parse(text)
        assert not any(n.kind == "cost" for n in res.ast.walk()), text


def test_a_payment_in_words_is_told_on_the_board_but_not_executed():
    from bot.sim.ability import Use, resolve_on_board
    from bot.sim.state import Card, GameState, parse_cell

    st = GameState()
    for c in (Card(id="Таран", owner="first", cell=parse_cell("c2"), lives=4),
              Card(id="Орк", owner="second", cell=parse_cell("c4"), lives=3)):
        st.cards[c.id] = c
    r = resolve_on_board(st, st.cards["Таран"], "Закрыть стоящее рядом ваше существо: ранить выбранное существо "
                                                 "противника на 1.", Use("Таран", targets={1: "Орк"}))
    assert st.cards["Орк"].wounds == 1
    pay = [s for s in r.steps if s.status in ("payment", "unsupported")]
    assert [s.status for s in pay] == ["payment", "unsupported"]
    assert pay[0].rule == "505.4" and "закрыть стоящее рядом ваше существо" in pay[1].text.casefold()
    assert r.unsupported == ["Закрыть стоящее рядом ваше существо"]


# ---- granted abilities, refusal with a verb, conditions after «после этого» ------------------
def test_granted_ability_after_a_grant_verb_is_not_a_new_ability():
    res = parse("В начале боя ваше существо получает Когда атакует ранить атакованного на 1. {tap}: Разряд на 1.")
    assert res.ast.shape() == "(card (trigger effect) (cost effect))"
    assert res.ast.children[0].children[0].text == "ваше существо получает Когда атакует ранить атакованного на 1"


def test_granted_label_colon_does_not_end_the_header():
    res = parse("Когда излечивается на X получает Ярость X: не закрывается до конца хода.")
    assert res.ast.shape() == "(trigger effect)"
    assert res.ast.attr("head") == "Когда излечивается на X"


def test_refusal_naming_the_refused_verb():
    res = parse("Может переместить существо напротив на 1 клетку; если существо не может или не хочет "
                "переместиться Голем ранит его на 3.")
    assert res.ast.shape() == "(optional (refusable effect effect))"
    second = res.ast.children[0].children[1]
    assert second.text == "Голем ранит его на 3" and second.attr("action") == "wound"


def test_condition_after_then_governs_the_next_part():
    res = parse("При {strike} излечиться на 2, если после этого у Лекаря нет ран не закрывается.")
    assert res.ast.shape() == "(trigger (and_then effect (condition effect)))"
    assert res.ast.children[0].children[1].attr("head") == "если после этого у Лекаря нет ран"


def test_signed_modifier_after_a_note_starts_a_new_ability():
    res = parse("+1 к {strike} за каждый лес в вашем отряде (максимум +2) -1 от выстрелов, пока есть болото.")
    assert res.ast.shape() == "(card effect (condition effect))"
    assert [n.text for n in res.ast.children] == ["+1 к {strike} за каждый лес в вашем отряде (максимум +2)",
                                                 "-1 от выстрелов, пока есть болото"]
    # the «пока» written after the modifier is its condition (as a «Пока … –» header would be)
    assert res.ast.children[1].attr("head") == "пока есть болото"
    assert res.ast.children[1].children[0].text == "-1 от выстрелов"


# ---- a card-text question with a board: the board decides ------------------------------------
BOARD_TEXT = "Уничтожьте выбранное закрытое существо противника, иначе нанесите себе 1 рану"


@pytest.mark.parametrize("question", [
    f"Карта: \"{BOARD_TEXT}\". У противника нет ни одного закрытого существа — что будет?",
    f"Текст карты: «{BOARD_TEXT}». У противника нет ни одного закрытого существа. Что будет?",
    f"«{BOARD_TEXT}». Закрытых существ у противника нет. Что будет?",
    f"«{{tap}}: Воздействие кара {BOARD_TEXT[0].lower() + BOARD_TEXT[1:]}». У противника нет ни одного "
    "закрытого существа — что будет?",
])
def test_board_question_gets_the_verdict_the_board_implies(question):
    from bot.judge import ask

    a = ask(question)
    assert a.route == "ability"
    assert "часть 1" in a.verdict.casefold() and "не объявляется" in a.verdict
    assert "часть 2 «нанесите себе 1 рану» выполняется" in a.verdict
    assert a.citations[:1] == ["505.6"]


def test_board_question_with_a_closed_creature_declares_the_first_part():
    from bot.judge import ask

    a = ask(f"Карта: «{BOARD_TEXT}». У противника есть закрытое существо — что будет?")
    # «что будет?» leads with what happens (issue 11), then every part's fate
    assert a.verdict.startswith("Уничтожьте выбранное закрытое существо противника: часть 1 «Уничтожьте выбранное "
                                "закрытое существо противника» выполняется")
    assert "часть 2 «нанесите себе 1 рану» не объявляется" in a.verdict


# ---- «может» after its subject ---------------------------------------------------------------
@pytest.mark.parametrize("text, shape, subject", [
    ("Когда ваше существо уничтожает карту противника оно может получить {counter}.",
     "(trigger (optional effect))", "оно"),
    ("В начале вашего хода вы можете посмотреть 2 верхние карты вашей колоды.", "(trigger (optional effect))", "вы"),
    ("{tap}: каждая ваша лесная карта может потерять {counter}, при этом получить +1 к {strike}.",
     "(cost (optional (and_then effect effect)))", "каждая ваша лесная карта"),
])
def test_subject_before_may_is_505_8(text, shape, subject):
    res = parse(text)
    assert res.ast.shape() == shape
    opt = next(n for n in res.ast.walk() if n.kind == "optional")
    assert opt.rule == "505.8" and opt.attr("subject") == subject


@pytest.mark.parametrize("text", [
    "Карты противника могут объявлять разряд только по Стражу.",      # a restriction
    "Повозка может перемещаться между крайними клетками ряда.",       # a permission (imperfective)
    "Выбранное существо может атаковать или двигаться до конца хода.",
])
def test_permission_or_restriction_with_may_is_not_505_8(text):
    assert not any(n.kind == "optional" for n in parse(text).ast.walk())


# ---- second sample's families ----------------------------------------------------------------
def test_count_apart_from_counter_icon_is_the_cost():
    res = parse("Ваши карты могут атаковать только по Чучелу (кроме {uchr}) 3 {counter}{tap}: Воздействие «пробуждение» "
                "становится существом с полетом.")
    assert res.ast.shape() == "(card effect (cost (named effect)))"
    cost = res.ast.children[1]
    assert cost.attr("count") == 3 and cost.attr("icons") == ("counter", "tap")
    assert res.ast.children[0].text.endswith("(кроме {uchr})")


def test_limit_written_as_a_header_without_colon():
    res = parse("Один раз за ход ваш не стоящий рядом дух может объявить движение на клетку с Ткачем, при этом Ткач "
                "получает +1 к {strike}.")
    assert res.ast.shape() == "(optional (and_then effect effect))"
    assert res.ast.attr("limit") == "Один раз за ход" and res.ast.attr("subject") == "ваш не стоящий рядом дух"


def test_mozhete_opening_an_ability_is_505_8():
    res = parse("В начале вашего хода можете изгнать всех ваших духов; вызвать Упыря на любую клетку.")
    assert res.ast.shape() == "(trigger (optional (and_then effect effect)))"


def test_opponent_may_is_not_the_controlling_players_option():
    assert parse("Противник может перенаправить {strike} Голема на свое существо.").ast.kind == "effect"


def test_verbless_condition_after_a_semicolon():
    res = parse("При атаке бросает кубик два раза; если значения одинаковые получает +1 к этой атаке.")
    assert res.ast.shape() == "(trigger (and_then effect (condition effect)))"
    assert res.ast.children[0].children[1].attr("head") == "если значения одинаковые"


def test_imperative_ends_a_condition_and_cases_follow():
    res = parse("В начале хода положите верхнюю карту колоды на кладбище; если это гном положите {counter} на "
                "вашу карту, если это орк ваши существа получают +1 к {strike}.")
    assert res.ast.shape() == "(trigger (and_then effect (cases (condition effect) (condition effect))))"
    heads = [n.attr("head") for n in res.ast.walk() if n.kind == "condition"]
    assert heads == ["если это гном", "если это орк"]


def test_time_trigger_after_semicolon_with_a_condition():
    res = parse("В начале вашего хода выберите два существа противника; в конце этого хода, если они не стоят рядом – "
                "ранить каждое из них на 1.")
    assert res.ast.shape() == "(trigger (and_then effect (trigger (condition effect))))"


def test_named_effect_listing_nouns_in_its_name():
    res = parse("{tap}: Заклинание град, снег и ветер выбрать ряд противника.")
    assert _named(res)[0].attr("name") == "град, снег и ветер"
    assert res.ast.shape() == "(cost (named effect))"


# ---- third sample's families -----------------------------------------------------------------
def test_commas_around_a_gerund_do_not_end_the_header():
    res = parse("Если, сражаясь, выбрасывает на кубике 6 ранить существо напротив на 2.")
    assert res.ast.attr("head") == "Если, сражаясь, выбрасывает на кубике 6"
    assert res.ast.children[0].text == "ранить существо напротив на 2"


def test_or_between_effect_nouns_with_an_object_is_one_ability():
    res = parse("{instant}: Перенаправить в себя выстрел или метание с соседней карты.")
    assert res.ast.shape() == "(cost effect)"
    assert parse("{tap}: Выстрел на 2 или метание на 1.").ast.shape() == "(cost (choice effect effect))"


def test_condition_before_a_named_subject_governs_the_next_part():
    res = parse("{tap}: Ранить существо на 1, если оно темное Жнец получает {counter}.")
    assert res.ast.shape() == "(cost (and_then effect (condition effect)))"
    assert res.ast.children[0].children[1].children[0].text == "Жнец получает {counter}"


def test_subject_with_a_prepositional_phrase_before_may():
    res = parse("При прыжке – ваше соседнее существо с ранами может получить 1 дополнительную {health}.")
    assert res.ast.children[0].attr("subject") == "ваше соседнее существо с ранами"


# ---- fourth sample's families ----------------------------------------------------------------
def test_comma_joining_the_bodys_verbs_does_not_end_the_header():
    res = parse("Когда получает проклятие теряет благословление, переносится на клетку вашей половины, затем разряд на 2.")
    assert res.ast.attr("head") == "Когда получает проклятие"
    # (the two finite verbs listed with a comma are two parts, each its own leaf)
    assert res.ast.shape() == "(trigger (and_then effect effect effect))"
    assert [n.text for n in res.ast.walk() if n.kind == "effect"] == [
        "теряет благословление", "переносится на клетку вашей половины", "разряд на 2"]


def test_comparison_comma_stays_in_the_header():
    res = parse("После того, как ваше существо уничтожает карту дороже, чем оно само открыть это существо.")
    assert res.ast.attr("head") == "После того, как ваше существо уничтожает карту дороже, чем оно само"


def test_granted_payment_colon_does_not_end_the_header():
    res = parse("Пока на кладбище, имеет {instant}, потерять жетон: ослабить выбранную атаку на 2.")
    assert res.ast.attr("head") == "Пока на кладбище"
    assert res.ast.children[0].text == "имеет {instant}, потерять жетон: ослабить выбранную атаку на 2"


def test_time_trigger_after_semicolon_opening_a_named_effect():
    res = parse("В начале хода выбрать свободную клетку; в конце вашего следующего хода заклинание обвал ранить "
                "стоящие на ней карты на 2.")
    assert res.ast.shape() == "(trigger (and_then effect (trigger (named effect))))"


def test_comma_before_or_belongs_to_the_connective():
    res = parse("{tap}: Воздействие жребий +1 к броску кубика, или перебросить кубик.")
    assert [c.text for c in res.ast.children[0].children[0].children] == ["+1 к броску кубика", "перебросить кубик"]


def test_limit_of_your_turn_is_not_a_subject():
    res = parse("Один раз за ваш ход может переместить ваше существо на одну клетку, при этом переместиться на "
                "освободившуюся клетку.")
    assert res.ast.kind == "optional" and res.ast.attr("limit") == "Один раз за ваш ход"
    assert res.ast.attr("subject") is None
    # «Один раз в течение хода» is the same limit as «Один раз за ваш ход» (never a subject)
    res = parse("Один раз в течение хода может вызвать гнома.")
    assert res.ast.kind == "optional" and res.ast.attr("limit") == "Один раз в течение хода"
    assert res.ast.attr("subject") is None


# ---- final sample's families -----------------------------------------------------------------
def test_adjective_after_a_preposition_stays_in_the_header():
    res = parse("При прыжке по прямой особый удар когтями на 2.")
    assert res.ast.attr("head") == "При прыжке по прямой"
    assert res.ast.children[0].text == "особый удар когтями на 2"


def test_negated_modal_is_the_conditions_own_verb():
    # (the part that cannot be done has its alternative: 505.6, bot/abilities/fallback.py)
    res = parse("В конце хода переместиться на свободную клетку; если не может переместиться получает 2 раны.")
    alt = next(n for n in res.ast.walk() if n.kind == "otherwise")
    assert alt.attr("head") == "если не может переместиться"
    assert alt.children[1].text == "получает 2 раны" and alt.children[1].attr("action") == "wound"


def test_later_time_trigger_after_a_comma_is_the_next_part():
    res = parse("При гибели – может объявить удар на 3, в конце этого хода, если выбранные существа на поле – "
                "каждое получает 1 дополнительную {health}.")
    trig = [n for n in res.ast.walk() if n.kind == "trigger"]
    assert [t.attr("head") for t in trig] == ["При гибели", "в конце этого хода"]
    assert next(n for n in res.ast.walk() if n.kind == "effect").text == "объявить удар на 3"


def test_value_icon_with_a_number_is_a_trait_whatever_follows():
    res = parse("{ova} 2 по картам на клетках, на которые Туман двигался в этот ход.")
    assert res.ast.attr("action") == "trait"


def test_colon_before_if_opens_the_conditions():
    res = parse("В начале хода – бросает кубик: если выпало 2 или менее – ранить выбранное существо на 1; "
                "если 5 или более – излечиться на 1.")
    # the two outcomes of the roll are cases of one test (the second leaves «выпало» out)
    assert res.ast.shape() == "(trigger (and_then effect (cases (condition effect) (condition effect))))"
    assert res.ast.children[0].children[0].text == "бросает кубик"
    assert "505.4.2" not in res.ast.rules()


# ---- second final sample's families ----------------------------------------------------------
def test_may_with_only_is_a_restriction_not_505_8():
    assert parse("Может нападать {strike} только на карту напротив.").ast.kind == "effect"
    # a standing permission is a static ability, not a part the player may decline (505.8)
    ast = parse("Может атаковать {strike} 2 раза за ход.").ast
    assert (ast.kind, ast.attr("action")) == ("effect", "permission")


@pytest.mark.parametrize("text, what", [
    ("Может двигаться по диагонали.", "move"),
    ("Может нападать ударом два раза за ход, после первого нападения не закрывается.", "attack"),
    ("Может атаковать летающих", "attack"),
    ("Могут нападать {strike} два раза за ход", "attack"),
    ("Пока открыт, может передвигаться через занятые клетки.", "move"),
])
def test_standing_permission_is_not_505_8(text, what):
    res = parse(text)
    assert not [n for n in res.ast.walk() if n.kind == "optional"]
    leaf = [n for n in res.ast.walk() if n.kind == "effect" and n.attr("action") == "permission"][-1]
    assert dict(leaf.attr("args"))["what"] == what


def test_may_with_a_one_time_verb_or_after_a_trigger_stays_505_8():
    assert parse("Может открыться и переместиться на соседнюю клетку.").ast.shape() == "(optional effect effect)"
    assert parse("При {strike} может совершить прыжок, дальность 3.").ast.shape() == "(trigger (optional effect))"


def test_mogut_opening_an_ability_after_a_header():
    res = parse("Когда ваше существо получает раны – могут излечить другое ваше существо на 1.")
    assert res.ast.shape() == "(trigger (optional effect))"


def test_relative_clause_in_the_subject_after_a_header():
    res = parse("При гибели вашего существа в ход противника существа, которые стояли с ним рядом, получают +2 к {strike}.")
    assert res.ast.attr("head") == "При гибели вашего существа в ход противника"
    assert res.ast.children[0].text.startswith("существа, которые стояли")


def test_numbers_listed_with_commas_stay_in_the_condition():
    res = parse("В начале боя, если в вашем отряде есть карты стоимостью 3,4 и 5 вызвать гнома на свободную клетку.")
    cond = next(n for n in res.ast.walk() if n.kind == "condition")
    assert cond.attr("head") == "если в вашем отряде есть карты стоимостью 3,4 и 5"


def test_erratum_stamp_is_not_card_text():
    res = parse("[Эррата 2024.01.02]При гибели ранить выбранное существо на 1.")
    assert res.ast.shape() == "(trigger effect)" and res.ast.attr("head") == "При гибели"


# ---- third final sample's families -----------------------------------------------------------
def test_or_inside_a_pri_phrase_is_not_a_connective():
    # the «при …» after the comma is a trigger of its own (the next part, 505.4); its «или»
    # stays inside the header
    res = parse("{tap}: Разряд на 1-2-2, при среднем или сильном разряде атакованный получает отравление на 1.")
    assert res.ast.shape() == "(cost (and_then effect (trigger effect)))"
    assert next(n for n in res.ast.walk() if n.kind == "trigger").attr("head") == "при среднем или сильном разряде"


def test_modal_with_its_verb_is_the_conditions():
    res = parse("Если от {strike} Стража можно назначить защитника, противник обязан это сделать.")
    assert res.ast.attr("head") == "Если от {strike} Стража можно назначить защитника"


def test_pronoun_subject_after_a_participle_clause():
    res = parse("При перемещении на клетку, занятую существом противника, это существо получает -1 к {strike}.")
    assert res.ast.attr("head") == "При перемещении на клетку, занятую существом противника"
    assert res.ast.children[0].text == "это существо получает -1 к {strike}"


def test_when_clauses_after_semicolons_are_triggers():
    res = parse("В начале хода выберите до 3 существ;когда погибают двое получить +2 к {strike};когда погибают все "
                "трое откройте двух гномов.")
    assert [n.attr("head") for n in res.ast.walk() if n.kind == "trigger"] == [
        "В начале хода", "когда погибают двое", "когда погибают все трое"]


def test_a_esli_is_the_next_case_and_may_does_not_cover_it():
    res = parse("Когда ваш орк сражается, если результат слабый-промах может свести его к средний-слабый, а если "
                "средний-промах может свести его к сильный-слабый.")
    assert res.ast.shape() == "(trigger (cases (condition (optional effect)) (condition (optional effect))))"


def test_adverb_before_the_verb_is_not_the_named_effects():
    res = parse("{tap}: Воздействие починка полностью восстановить {armor} вашей карты.")
    assert next(n for n in res.ast.walk() if n.kind == "named").attr("name") == "починка"


def test_commas_around_a_participle_phrase_do_not_end_the_header():
    res = parse("Когда существо с магической способностью, не стоявшее рядом с Магом, перемещается на соседнюю с ним "
                "клетку получить +1 к разряду.")
    assert res.ast.attr("head") == ("Когда существо с магической способностью, не стоявшее рядом с Магом, "
                                    "перемещается на соседнюю с ним клетку")


def test_finishing_blow_noun_opens_the_ability_after_a_header():
    res = parse("При {strike} добивание на X, где X число клеток, на которое передвинулся Кентавр.")
    assert res.ast.attr("head") == "При {strike}"
    assert res.ast.children[0].attr("action") == "strike"


def test_board_facts_shown_to_the_user_carry_no_quote_placeholder():
    from bot.judge import ask
    from bot.sim.board_text import read_board_facts

    q = f"«{BOARD_TEXT}.» У противника нет ни одного закрытого существа — что будет?"
    assert [f.said for f in read_board_facts(q).facts] == ["У противника нет ни одного закрытого существа"]
    assert "⟪" not in ask(q).understood


def test_else_after_cases_is_their_alternative_not_the_sequences():
    res = parse("{tap}: Пророчество 1; если показан гном ранить существо на 2, если показан орк ранить его на 1 "
                "иначе излечиться на 1.")
    assert res.ast.shape() == "(cost (and_then effect (otherwise (cases (condition effect) (condition effect)) effect)))"


# ---- glued property icons: one property per icon ---------------------------------------------
@pytest.mark.parametrize("text, keywords", [
    ("{unq}{prm}{regen}-1. Гоблин.", ["unq", "prm", "regen"]),
    ("{unq}{zoz}.", ["unq", "zoz"]),
    ("[:unq][:rgn]-2. Тролль.", ["unq", "regen"]),
])
def test_a_run_of_property_icons_is_one_trait_per_icon(text, keywords):
    res = parse(text)
    assert res.complete, res.unparsed
    traits = [n for n in res.ast.walk() if n.kind == "effect" and n.attr("action") == "trait"]
    assert [n.attr("keyword") for n in traits] == keywords
    if "regen" in keywords:
        assert traits[-1].text.startswith("{regen}-") and traits[-1].attr("value") in ("-1", "-2")


def test_a_payment_icon_run_is_not_split_into_properties():
    res = parse("{counter}{tap}: Ранить выбранное существо на 1.")
    assert res.ast.shape() == "(cost effect)"
    assert res.ast.attr("icons") or res.ast.kind == "cost"


# ---- «или» between two modifiers is a choice (505.5) -----------------------------------------
def test_or_between_two_modifiers_is_a_choice():
    res = parse("{tap}: Выбранное существо получает +1 к {move} или +2 к {strike} до конца хода.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(cost (choice effect effect))"
    assert res.ast.children[0].rule == "505.5"
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["modify", "modify"]
    assert [dict(n.attr("args"))["stat"] for n in res.ast.walk() if n.kind == "effect"] == ["move", "strike"]


def test_or_between_two_stats_of_one_modifier_stays_one_leaf():
    res = parse("Получить +1 к {move} или к {strike}.")
    assert res.ast.shape() == "effect"


# ---- a comma before a clause with its own subject and verb (or trigger) is a sequence --------
def test_comma_before_a_new_subject_and_verb_is_the_next_part():
    res = parse("При атаке по Волку – излечить ваше существо на 2, ваше существо получает 1 дополнительную {health}.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(trigger (and_then effect effect))"
    assert res.ast.children[0].rule == "505.4"
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["heal", "gain"]


def test_comma_before_a_trigger_with_its_own_clause_is_the_next_part():
    res = parse("{tap}: Разряд на 1-2-2, при сильном разряде атакованный получает отравление на 1.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(cost (and_then effect (trigger effect)))"
    trig = next(n for n in res.ast.walk() if n.kind == "trigger")
    assert trig.attr("head") == "при сильном разряде"
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["discharge", "poison"]


@pytest.mark.parametrize("text", [
    "Ранить существо, которое атакует Волка, на 1.",
    "При гибели существа противника, атаковавшего Волка, Волк получает {counter}.",
    "Ваше существо, стоящее рядом, получает +1 к {strike}.",
    "Ранить выбранное существо на 1, закрыв его.",
])
def test_participle_gerund_and_relative_commas_stay_in_one_part(text):
    res = parse(text)
    assert res.complete, res.unparsed
    assert not any(n.kind == "and_then" for n in res.ast.walk())


def test_a_summoned_card_entering_with_a_property_is_a_typed_next_part():
    res = parse("При гибели вызовите из колоды гоблина, он входит в игру с +1 к {strike}.")
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(trigger (and_then effect effect))"
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["summon", "enter"]


# ---- two effects written in one clause are two leaves (grammar4) ------------------------------
@pytest.mark.parametrize("text, leaves", [
    ("При метании – подлость 1, атакованный получает отравление на 2.",
     [("подлость 1", "wound"), ("атакованный получает отравление на 2", "poison")]),
    ("{zor} и +1 к {strike} по существам с проклятием.",
     [("{zor}", "trait"), ("+1 к {strike}", "modify")]),     # «по …» shared by both (bot/abilities/shared.py)
    ("[:2hod]: +2 к [:tgh] и опыт в атаке.", [("+2 к {health}", "modify"), ("опыт в атаке", "trait")]),
    ("Строй: {prm}, броня 2.", [("{prm}", "trait"), ("броня 2", "trait")]),
    ("При {strike} – излечить себя на 1 и снять с себя отравление.",
     [("излечить себя на 1", "heal"), ("снять с себя отравление", "lose")]),
    ("При ударе получает +1 к удару, а противник теряет {counter}.",
     [("получает +1 к удару", "modify"), ("противник теряет {counter}", "lose")]),
    ("Игнорирует {zoal} стоящих рядом существ, и имеет +1 к {strike} по ним.",
     [("Игнорирует {zoal} стоящих рядом существ", "prevent"), ("имеет +1 к {strike} по ним", "modify")]),
    ("Вместо гибели потерять полет, получить -1 к {move}, излечиться на 3 и стать артефактом.",
     [("потерять полет", "lose"), ("получить -1 к {move}", "modify"), ("излечиться на 3", "heal"),
      ("стать артефактом", "gain")]),
])
def test_two_effects_in_one_clause_are_two_leaves(text, leaves):
    res = parse(text)
    assert res.complete
    got = [(n.text, n.attr("action")) for n in res.ast.walk() if n.kind == "effect"]
    assert got == leaves
    joins = [n for n in res.ast.walk() if n.kind == "and_then"]
    assert joins and joins[0].rule == "505.4"


@pytest.mark.parametrize("text", [
    "+1 к метанию по картам, которые получали раны в этот ход.",   # a relative clause
    "Прыжок, дальность 3.",                                    # a parameter, not an ability
    "Взять под контроль и открыть выбранное существо стоимостью 5 или менее.",   # one object, two verbs
    "+1 к выстрелу по картам, обладающим {ova}, {ovz} или {armor}.",
])
def test_one_effect_stays_one_leaf(text):
    res = parse(text)
    assert res.complete and res.ast.kind == "effect", format_tree(res.ast)


def test_choice_alternative_is_not_split_by_i():
    # «и» inside the second alternative joins that alternative's two modifiers: the choice stays
    # on top (the and_then is the option's own, bot/abilities/postlex.py AND_IN)
    res = parse("В начале хода получает либо {regen} 2, либо +2 к {strike} и +1 к {move}.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and [c.kind for c in choice.children] == ["effect", "and_then"]


# ---- header scope (grammar4) ---------------------------------------------------------------------
@pytest.mark.parametrize("text, head, body", [
    ("Если должен погибнуть от отравления вместо этого получает {counter}.",
     "Если должен погибнуть от отравления", "получает {counter}"),
    ("Когда ваш гном должен получить X ран от выстрела вместо этого излечить его на X.",
     "Когда ваш гном должен получить X ран от выстрела", "излечить его на X"),
])
def test_instead_ends_the_header_and_marks_a_replacement(text, head, body):
    res = parse(text)
    assert res.complete
    top = res.ast
    assert (top.attr("head"), top.attr("instead")) == (head, True)
    assert top.children[0].text == body


def test_instead_after_a_dash_is_no_condition_of_its_own():
    res = parse("Когда должен стать {wolf} – воздействие «навсегда» – вместо этого теряет все особенности.")
    assert res.ast.shape() == "(trigger (named effect))"
    assert res.ast.children[0].attr("instead") is True


def test_clause_header_keeps_the_object_of_its_verb():
    res = parse("Если ваше стоящее рядом существо должно нанести ответный удар Горгул наносит ответный удар вместо него.")
    assert res.ast.attr("head") == "Если ваше стоящее рядом существо должно нанести ответный удар"
    assert res.ast.children[0].attr("action") == "strike"


def test_named_effect_right_after_the_event_opens_the_body():
    res = parse("При {strike} воздействие прилив особенности вашей карты работают на любой клетке.")
    assert res.ast.attr("head") == "При {strike}"


# ---- third sample's families (grammar4) ----------------------------------------------------------
@pytest.mark.parametrize("text, action", [
    ("Может нападать {strike} 3 раза за ход, только подряд.", "permission"),
    ("Существа противника могут объявлять дальние атаки только по Чучелу.", "restrict"),
    ("следующий магический удар Мага сводится к сильному", "reduce"),
    ("атакованный наносит слабый {strike} по стоящей рядом карте", "strike"),
    ("Молотобоец ранит его на 2 (воздействие удар молота)", "wound"),
    ("Выстрел огненной стрелой на 5 (игнорирует особенности атакованного)", "shot"),
    ("Существа с проклятием получают на одну рану больше от отравления", "modify"),
    ("Безответный удар, пока имеет больше 10 {health}", "trait"),
])
def test_third_sample_actions(text, action):
    leaves = [n for n in parse(text).ast.walk() if n.kind == "effect"]
    assert [n.attr("action") for n in leaves] == [action]


def test_pronoun_subject_before_a_negated_verb_is_the_body_s():
    res = parse("При особом ударе по закрытому существу оно не открывается в свой следующий ход.")
    assert res.ast.attr("head") == "При особом ударе по закрытому существу"
    assert res.ast.children[0].text == "оно не открывается в свой следующий ход"


def test_imperative_before_a_colon_opens_the_trigger_s_body():
    res = parse("При прыжке бросьте кубик: если выпало 1 или 2 ранить стоящее рядом существо на 2; "
                "если выпало 3 или более излечить себя на 1.")
    assert res.ast.attr("head") == "При прыжке"
    assert res.ast.shape() == "(trigger (and_then effect (cases (condition effect) (condition effect))))"


def test_a_clause_with_its_own_trigger_after_a_comma_ends_the_condition():
    res = parse("{tap}: Воздействие «насмешка» – если выбранное существо противника в свой следующий ход "
                "не нападет {strike}, в конце своего хода оно ранится на 2")
    cond = [n for n in res.ast.walk() if n.kind == "condition"][0]
    assert cond.attr("head") == "если выбранное существо противника в свой следующий ход не нападет {strike}"
    assert cond.children[0].kind == "trigger"


def test_obliged_subject_after_a_comma_ends_the_condition():
    res = parse("Если в свой ход Гном может атаковать простым ударом закрытое существо, он обязан это сделать.")
    assert res.ast.attr("head") == "Если в свой ход Гном может атаковать простым ударом закрытое существо"


# ---- fifth sample's families (grammar4) ----------------------------------------------------------
def test_several_libo_list_one_choice_nouns_included():
    res = parse("При {strike} атакованный получает отравление на 1, либо проклятие (если уже имеет отравление), "
                "либо ранить его на 2.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and len(choice.children) == 3


def test_or_joining_the_verbs_of_a_closed_clause_is_a_word():
    res = parse("При ударе атакованное существо не может передвигаться, пока Гидра не переместится, "
                "или не покинет поле боя.")
    assert not [n for n in res.ast.walk() if n.kind == "choice"]


def test_en_dash_minus_after_a_grant_verb_is_a_sign():
    res = parse("При атаке по Снагу – до конца хода получает – 1 от атак карт той же стихии.")
    assert res.ast.shape() == "(trigger effect)"
    assert res.ast.children[0].attr("action") == "modify"


@pytest.mark.parametrize("text, n", [
    ("При гибели Дозор может получить полет и +1 к {strike} до конца боя.", 2),
    ("Голем получает +1 к {strike}, +1 к {move}, +1 к {armor} и +1 к {regen}.", 4),
    ("Голем получает +1 к {strike}, {ova} 1 и -1 от немагических атак.", 3),
])
def test_grant_verb_with_several_modifiers_lists_them(text, n):
    leaves = [x for x in parse(text).ast.walk() if x.kind == "effect"]
    assert len(leaves) == n and all(x.attr("action") in ("modify", "gain", "trait") for x in leaves)


def test_quoted_marker_is_not_wounds():
    leaf = parse("атакованный получает «незаживающие раны» до конца своего хода").ast
    assert leaf.attr("action") == "gain"


# ---- sixth sample's families (grammar4) ----------------------------------------------------------
def test_case_split_inside_a_later_part():
    res = parse("При {strike} пророчество 1; если показан компаньон может вызвать его на себя, "
                "если показан паразит может вызвать его на атакованное существо.")
    assert res.ast.shape() == "(trigger (and_then effect (cases (condition (optional effect)) (condition (optional effect)))))"


def test_clause_header_with_its_own_main_verb_before_esli():
    res = parse("Когда существо передвигается на клетку слева от Килхе вы можете переместить его "
                "на клетку справа от Килхе, если она свободна.")
    assert res.ast.attr("head") == "Когда существо передвигается на клетку слева от Килхе"
    assert res.ast.children[0].kind == "optional"


def test_no_split_inside_a_later_part_or_before_a_choice():
    res = parse("В начале хода положите карту на кладбище; если это нежить ваши демоны получают "
                "+1 к {strike} и {ova} 1 или +1 к {ova} до конца хода.")
    cond = [n for n in res.ast.walk() if n.kind == "condition"][0]
    assert cond.children[0].kind == "choice"
    assert parse("Закрыть X ваших гномов и закрыть существо противника стоимостью X или менее.").ast.kind == "and_then"


# ---- seventh sample's families (grammar4) --------------------------------------------------------
@pytest.mark.parametrize("text, shape", [
    # (a «, пока / если …» written after the leaf, listing nouns with commas, is its condition)
    ("+1 к метанию, пока имеет проклятие, неповоротливость и отравление.", "(condition effect)"),
    ("Имеет +2 к {strike}, если в этом ходу ваши карты совершили {strike}, магический и особый удар.",
     "(condition effect)"),
    # (a value or a modifier of it: two effects, 505.5, the duration shared by both)
    ("При перемещении получает {ova} 1 или +1 к {ova} до конца вашего хода.", "(trigger (choice effect effect))"),
    ("существо получает -1 или +1 к выбранному броску кубика", "effect"),
    ("В начале хода может получить отравление на 1 или +1 к {strike}.", "(trigger (optional (choice effect effect)))"),
    ("Когда нетемное существо должно излечиться на X оно вместо этого излечивается на X-1.", "(trigger effect)"),
    ("При движении Тови – противник обязан переместить свое существо; если он не может или не хочет "
     "этого делать – Тови получает +2 к следующему метанию.", "(trigger (refusable effect effect))"),
])
def test_seventh_sample_shapes(text, shape):
    assert parse(text).ast.shape() == shape


def test_granted_keyword_in_a_list_is_gain():
    res = parse("Когда выступает защитником получает +1 к {move}, благословление и +2 к {strike} до конца боя.")
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["modify", "gain", "modify"]


# ---- ninth sample's families (grammar4) ----------------------------------------------------------
def test_parts_after_pri_etom_inside_may_are_not_optional_again():
    res = parse("До начала вашего хода – может объявить инкарнацию с любым числом жетонов, при этом "
                "раниться на 2 и получить -1 к {strike}.")
    assert res.ast.shape() == "(trigger (optional (and_then effect effect effect)))"
    assert res.ast.children[0].children[0].children[0].attr("action") == "resurrect"


def test_wounds_only_from_is_a_restriction():
    assert parse("Карлик получает раны только от хозяина.").ast.attr("action") == "restrict"


def test_grant_verb_with_a_valued_icon_and_another_icon():
    res = parse("Пока рядом с ним стоят ваши существа, он получает {ova} 1 и {direct}.")
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["gain", "gain"]


# ---- classic sample's families (grammar4) --------------------------------------------------------
@pytest.mark.parametrize("text, actions", [
    ("В начале боя – выбрать существо, при этом – оно не может двигаться до начала вашего хода и получает "
     "отравление на 1.", ["choose", "restrict", "poison"]),
    ("{tap}: Выбранное существо получает +1 к {move} и «Может двигаться по диагонали» до конца хода.", ["modify", "gain"]),
    ("При {strike} – атакованный получает незаживающие раны до конца своего следующего хода.", ["gain"]),
    ("Отравление 1.", ["trait"]),
    ("При особом ударе – отравление 1.", ["poison"]),
    ("При {strike} – прыжок, дальность 2.", ["move"]),
    ("Прыжок, дальность 2.", ["trait"]),
    ("При вызове существа противника – кинуть кубик.", ["roll"]),
])
def test_classic_sample_actions(text, actions):
    assert [n.attr("action") for n in parse(text).ast.walk() if n.kind == "effect"] == actions


def test_granted_keyword_only_in_a_list_of_the_same_clause():
    res = parse("{tap}: Воздействие «ягоды» – существо получает 1 дополнительную {health}, при этом подлость 1; "
                "оно получает благословление.")
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["gain", "wound", "gain"]   # «подлость 1» done then (act_keywords), not granted


def test_comparative_is_not_the_start_of_the_body():
    res = parse("если показана карта стоимостью 4 или менее получить +2 к дальности.")
    assert res.ast.attr("head") == "если показана карта стоимостью 4 или менее"


def test_icon_under_a_trailing_condition_is_a_trait():
    ast = parse("{direct}, пока находится во 2 или 3 ряду.").ast
    assert ast.kind == "condition" and ast.attr("head") == "пока находится во 2 или 3 ряду"
    assert ast.children[0].attr("action") == "trait"


@pytest.mark.parametrize("text, actions", [
    ("{tap}: Заклинание топь выбранная клетка получает маркер омута, ранить все карты на клетках с омутом на 2.",
     ["gain", "wound"]),
    ("При сильном {strike} атакованный закрывается и не открывается в свой следующий ход.", ["close", "restrict"]),
    ("клетка считается глубиной и не считается поверхностью до конца хода", ["count_as"]),
])
def test_twelfth_sample_splits(text, actions):
    assert [n.attr("action") for n in parse(text).ast.walk() if n.kind == "effect"] == actions


def test_payment_of_a_granted_ability_is_not_split():
    res = parse("Пока на кладбище, имеет {instant}, потерять жетон инкарнации: ослабить выбранную атаку на 2.")
    assert [n.kind for n in res.ast.walk()].count("effect") == 1


# ---- fourteenth sample's families (grammar4) -----------------------------------------------------
@pytest.mark.parametrize("text, head, body", [
    ("При трупоедстве, если хозяин болотный полностью излечить хозяина.", "если хозяин болотный",
     "полностью излечить хозяина"),
    ("При {strike} атакованный до конца хода получает на 1 рану больше от слабых выстрелов.", "При {strike}",
     "атакованный до конца хода получает на 1 рану больше от слабых выстрелов"),
    ("При гибели рядом стоящее существо получает 1 рану.", "При гибели", "рядом стоящее существо получает 1 рану"),
])
def test_fourteenth_sample_header_ends(text, head, body):
    res = parse(text)
    node = [n for n in res.ast.walk() if n.attr("head") == head][0]
    assert node.children[0].text == body


def test_instead_right_after_a_quoted_name():
    res = parse("Когда существо противника должно выполнить трупоедство воздействие «украсть добычу» вместо этого Демон "
                "может телепортироваться на клетку рядом с ним.")
    named = [n for n in res.ast.walk() if n.kind == "named"][0]
    assert named.attr("instead") is True and named.children[0].kind == "optional"


@pytest.mark.parametrize("text, actions", [
    ("{tap}: Разряд на 2-1-1, дальность – 4.", ["discharge"]),
    ("Хозяин может не открываться в свой ход.", ["permission"]),
    ("Может не открываться в начале вашего хода.", ["permission"]),
    ("{tap}: Заклинание взгляд существо противника ранится на 1 и не может двигаться в этот ход.", ["wound", "restrict"]),
    ("вы выбираете один из результатов бросков", ["choose"]),
])
def test_fifteenth_sample_actions(text, actions):
    assert [n.attr("action") for n in parse(text).ast.walk() if n.kind == "effect"] == actions


def test_condition_icon_without_its_colon_opens_a_condition():
    res = parse("[:2hod] +3 к [:tgh].")
    assert (res.ast.kind, res.ast.attr("head"), res.ast.children[0].attr("action")) == ("condition", "{second}", "modify")


def test_two_attacks_joined_by_i_are_two_leaves():
    res = parse("При {strike} магический удар на 2-2-3 и особый удар ядовитым шипом на 2.")
    assert [n.attr("action") for n in res.ast.walk() if n.kind == "effect"] == ["strike", "strike"]


def test_comma_then_a_time_trigger_with_its_subject_is_the_next_part():
    res = parse("При {strike} атакованное существо получает отравление на 1, в конце хода выбранное существо "
                "противника, стоящее рядом с атакованным, получает отравление на 1.")
    assert res.ast.shape() == "(trigger (and_then effect (trigger effect)))"


def test_declaring_a_named_strike_is_a_strike():
    # «объявить особый удар … на 2»: the declared thing decides the action (as after «совершить»)
    leaf = parse("{tap}: объявить особый удар кованым сапогом на 2.").ast.children[0]
    assert leaf.attr("action") == "strike"
    leaf = parse("{tap}: объявить выстрел на 1 по выбранному существу.").ast.children[0]
    assert leaf.attr("action") == "shot"


def test_a_trailing_while_condition_governs_its_own_leaf_only():
    ast = parse("Броня 1. +1 к {strike}, пока рядом стоит ваше существо без ран.").ast
    assert ast.shape() == "(card effect (condition effect))"
    cond = ast.children[1]
    assert cond.attr("head") == "пока рядом стоит ваше существо без ран"
    assert cond.children[0].text == "+1 к {strike}" and cond.children[0].attr("action") == "modify"
    # «, если …» about the target after an activated ability's effect is a condition on that part too
    res = parse("{tap}: ранить выбранное существо на 2, если оно закрыто.")
    assert res.ast.shape() == "(cost (condition effect))"
    assert res.ast.children[0].attr("head") == "если оно закрыто"
    assert res.ast.children[0].children[0].text == "ранить выбранное существо на 2"


# ---- sentence ends kept by the post-lexer (consist2) ---------------------------------------------
@pytest.mark.parametrize("text, ends", [
    # an empty sentence between two ends ("..", a full stop then a line break): every end is kept
    ("Получает +2 к {health}.. Получает +1 к {move}. Получает {armor} 1.", [22, 23, 45, 65]),
    ("Получает +2 к {health}.\nПолучает +1 к {move}.", [22, 23, 44]),
])
def test_postlex_keeps_every_sentence_end(text, ends):
    from bot.abilities.grammar import load
    from bot.textnorm import normalize_card_text
    norm = normalize_card_text(text)
    got = [t.start_pos for t in load().lex(norm) if t.type == "_END" and t.value]
    assert got == ends
    assert all(norm[i] in ".\n" for i in got)
    res = parse(text)
    assert res.complete and len(res.ast.children) == len(ends) - 1
