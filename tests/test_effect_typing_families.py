"""Families of effect typing judged wrong on real cards (texts written for these tests in the
databases' style): a state read as an event, a keyword vs the act it names, a granted quoted
ability, verbs not recognised, a standing rule vs an act done now, a permission for a while.
Each asserts the tree shape and the action (and args) of every leaf."""

from __future__ import annotations

import pytest

from bot.abilities.effects import thaw
from bot.abilities.parser import parse


def _leaves(res):
    return [(n.text, n.attr("action")) for n in res.ast.walk() if n.kind == "effect"]


def _args(res, k=0):
    return thaw([n for n in res.ast.walk() if n.kind == "effect"][k].attr("args") or ())


# ---- «когда [не] имеет …» is a state, not an event ----------------------------------------
@pytest.mark.parametrize("text, head, leaf", [
    ("Если должна излечиться на X,когда не имеет ран получить X {counter} вместо этого.",
     "Если должна излечиться на X,когда не имеет ран", ("получить X {counter} вместо этого", "counters")),
    ("Если должен излечиться когда не имеет ран, получить 2 {counter}.",
     "Если должен излечиться когда не имеет ран", ("получить 2 {counter}", "counters")),
    ("Если атакован, когда стоит рядом с вашим артефактом, получает +1 к {strike}.",
     "Если атакован, когда стоит рядом с вашим артефактом", ("получает +1 к {strike}", "modify")),
])
def test_state_when_inside_a_condition_stays_in_it(text, head, leaf):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(condition effect)"
    assert res.ast.attr("head") == head
    assert _leaves(res) == [leaf]


def test_state_when_opening_an_ability_is_a_condition():
    res = parse("Когда не имеет ран, получает +1 к {strike}.")
    assert res.ast.shape() == "(condition effect)"
    assert _leaves(res) == [("получает +1 к {strike}", "modify")]
    # an event stays a trigger
    res = parse("Когда получает рану, теряет {counter}.")
    assert res.ast.shape() == "(trigger effect)"
    assert _leaves(res) == [("теряет {counter}", "lose")]


# ---- a keyword vs the act it names -----------------------------------------------------------
def test_lone_poison_with_a_value_is_the_cards_keyword():
    res = parse("Гном. Отравление на 3. Броня 1.")
    assert _leaves(res) == [("Гном", "class"), ("Отравление на 3", "trait"), ("Броня 1", "trait")]
    assert _args(res, 1)["amount"]["n"] == 3


@pytest.mark.parametrize("text, shape, leaves", [
    ("При {strike} – отравление на 2.", "(trigger effect)", [("отравление на 2", "poison")]),
    ("{tap}: Отравление на 1.", "(cost effect)", [("Отравление на 1", "poison")]),
    ("{tap}: Воздействие «рывок тени» – телепортация, при этом – особый удар на 3.",
     "(cost (named (and_then effect effect)))", [("телепортация", "move"), ("особый удар на 3", "strike")]),
    ("При гибели существа рядом – прыжок.", "(trigger effect)", [("прыжок", "move")]),
])
def test_keyword_in_a_paid_or_triggered_body_is_the_act(text, shape, leaves):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == shape
    assert _leaves(res) == leaves


@pytest.mark.parametrize("text", ["Телепортация.", "Строй: Телепортация.", "Прыжок. Броня 1."])
def test_movement_keyword_of_the_card_stays_a_trait(text):
    res = parse(text)
    assert _leaves(res)[0][1] == "trait"


def test_elided_grant_in_an_option_is_gain():
    res = parse("При {strike} атакованный получает отравление на 1, либо благословление (если уже имеет "
                "отравление), либо ранить его на 3.")
    assert res.ast.shape() == "(trigger (choice effect effect effect))"
    assert [a for _, a in _leaves(res)] == ["poison", "gain", "wound"]
    assert _args(res, 1)["keyword"] == "благословление"


# ---- a granted ability in quotes is gained whole --------------------------------------------
@pytest.mark.parametrize("text, ability", [
    ("В начале хода – до конца хода оно получает «+2 к {strike}. Может атаковать летающих».",
     "+2 к {strike}. Может атаковать летающих"),
    ("{tap}: Выбранное ваше существо получает «-1 от {shot}. Не может двигаться» до конца хода.",
     "-1 от {shot}. Не может двигаться"),
])
def test_quoted_granted_ability_is_gain_of_it(text, ability):
    res = parse(text)
    (leaf_text, action), = _leaves(res)
    assert action == "gain"
    assert _args(res)["ability"] == ability


def test_grant_of_a_restriction_written_with_a_capital_is_restrict():
    res = parse("Выбранное существо, которое не двигалось в этот ход, получает Не может атаковать до конца хода.")
    assert _leaves(res)[0][1] == "restrict"
    assert _args(res)["what"] == "attack"


# ---- verbs: landing, markers, redirection, a misspelt «объявить», shooting -----------------
@pytest.mark.parametrize("text, action", [
    ("Когда теряет полет, приземляется на клетку в вашем третьем ряду.", "move"),
    ("В конце хода может приземлиться на свободную клетку.", "move"),
    ("В начале боя клетка, на которой стоит Вепрь, получает маркер «нора».", "gain"),
    ("Первая за ход атака существа противника перенаправляется в Стража.", "redirect"),
    ("Все {shot} по вашим гномам перенаправляются в Кузнеца.", "redirect"),
    ("При атаке может обьявить особый удар на 2 по карте противника.", "strike"),
    ("Может стрелять по летающим картам.", "permission"),
    ("В конце хода замешать 2 случайные карты с вашего кладбища в колоду.", "return_to_deck"),
])
def test_verbs_recognised(text, action):
    res = parse(text)
    assert res.complete, res.unparsed
    assert _leaves(res)[-1][1] == action


def test_unknown_verb_after_a_keyword_word_is_not_a_trait():
    res = parse("Первая за ход способность вашей карты срабатывает дважды.")
    assert _leaves(res) == [("Первая за ход способность вашей карты срабатывает дважды", None)]


# ---- «начинает бой с …»: what the card has when the battle starts ---------------------------
@pytest.mark.parametrize("text, action, extra", [
    ("Начинает бой с {counter}.", "counters", {}),
    ("Начинает бой с 3 {counter}.", "counters", {"amount": {"n": 3, "x": False, "range": None}}),
    ("Начинает бой с 2 дополнительными {health}.", "gain", {"icon": "health"}),
    ("Начинает бой с 3 ранами.", "wound", {}),
    ("Начинает бой с +1 к {strike}.", "modify", {"stat": "strike"}),
])
def test_starts_the_battle_with(text, action, extra):
    res = parse(text)
    assert _leaves(res)[0][1] == action
    args = _args(res)
    assert args["when"] == "battle_start"
    assert args["target"]["who"] == "self"
    for k, v in extra.items():
        assert args[k] == v


# ---- a standing rule on how an act happens vs the act done now ------------------------------
@pytest.mark.parametrize("text, action", [
    ("Ваши другие гномы инкарнируют в открытом виде.", "manner"),
    ("Инкарнирует на любой свободной клетке.", "manner"),
    ("При гибели союзника инкарнирует рядом с ним.", "resurrect"),
    ("{tap}: Возродить выбранное существо в открытом виде.", "resurrect"),
    ("Может инкарнировать в открытом виде в любом ряду.", "permission"),
])
def test_indicative_arrival_in_a_static_ability_is_a_manner(text, action):
    res = parse(text)
    assert _leaves(res)[-1][1] == action
    if action == "manner":
        assert _args(res)["what"] == "resurrect"


def test_permission_until_end_of_turn_after_a_trigger_is_no_option():
    res = parse("Концентрация: может двигаться по диагонали до конца хода.")
    assert res.ast.shape() == "(trigger effect)"
    assert _leaves(res) == [("может двигаться по диагонали до конца хода", "permission")]
    assert _args(res)["what"] == "move"
    # a one-time move stays 505.8
    res = parse("При атаке может переместиться на соседнюю клетку.")
    assert res.ast.shape() == "(trigger (optional effect))"
    assert res.ast.rules() == ["505.8"]


# ---- actions added to the vocabulary: named by their words, nothing guessed ---------------
@pytest.mark.parametrize("text, action", [
    ("Ваш первый за ход бросок кубика равен 6.", "roll_result"),
    ("Первый бросок кубика Шамана за бой равен 1.", "roll_result"),
    ("При атаке – может сделать результатом сражения «слабый-слабый».", "roll_result"),
    ("При гибели – убрать все ваши маркеры «пламя».", "remove"),
    ("При вскрытии может заплатить {elite}.", "pay"),
    ("В начале боя перемешайте колоду.", "shuffle"),
    ("Ваша местность считается лесом.", "count_as"),
    ("{tap}: Усилить следующий удар стоящего рядом гнома на 2.", "modify"),
    ("+ 2 к {strike} по героям.", "modify"),
    ("Ваши существа рядом получают только половину ран от атак.", "reduce"),
])
def test_vocabulary_actions(text, action):
    res = parse(text)
    assert res.complete, res.unparsed
    assert _leaves(res)[-1][1] == action


def test_roll_in_brackets_is_not_the_leafs_act():
    res = parse("Ранить существо напротив на 1 (если бросок кубика равен 3).")
    assert _leaves(res)[0][1] == "wound"


def test_strengthen_names_the_stat_and_amount():
    res = parse("{tap}: Усилить отравление выбранного существа на 2.")
    args = _args(res)
    assert (args["stat"], args["amount"]["n"], args["direction"]) == ("отравление", 2, "to")


@pytest.mark.parametrize("text, action, extra", [
    ("При атаке – может объявить {uchr} на 1.", "strike", {"icon": "uchr"}),
    ("При {strike} – объявить {shot} на 2 в атакованного.", "shot", {"icon": "shot"}),
    ("Может объявить добивание на 2 карты, стоящей рядом.", "strike", {}),
    ("Когда рядом гибнет существо – может объявить по нему особый удар на 1-2-2.", "strike", {}),
    ("{tap}: Объявить особенность вальхаллы вашего существа на кладбище.", "perform", {"what": "особенность"}),
])
def test_declare_names_what_is_declared(text, action, extra):
    res = parse(text)
    leaf = next(n for n in res.ast.walk() if n.kind == "effect")
    assert leaf.attr("action") == action
    args = thaw(leaf.attr("args") or ())
    for k, v in extra.items():
        assert args[k] == v


def test_elided_grant_of_an_icon_ability_in_an_option():
    res = parse("В начале боя может получить либо +1 к {strike}, либо полёт и {ova} 1.")
    # the second option is two values (505.4 inside 505.5), each granted by «получить»
    assert [a for _, a in _leaves(res)] == ["modify", "gain", "gain"]


def test_value_before_its_icon_and_swapping_places():
    res = parse("Строй: 2{armor}.")
    assert _leaves(res) == [("2{armor}", "trait")]
    assert (_args(res)["icon"], _args(res)["amount"]["n"]) == ("armor", 2)
    res = parse("Может блокировать ближнюю атаку по себе, при этом меняется местами с атакующим.")
    assert [a for _, a in _leaves(res)] == ["prevent", "move"]


@pytest.mark.parametrize("text, n", [
    ("Ваша местность стоит на 1 кристалл меньше.", -1),
    ("Вы тратите на 2 {elite} меньше при наборе Кузнеца в отряд.", -2),
    ("Рекрут стоит на 1{ordinary} больше.", 1),
])
def test_recruitment_cost_change_is_a_modifier_of_the_cost(text, n):
    res = parse(text)
    assert _leaves(res)[0][1] == "modify"
    args = _args(res)
    assert (args["stat"], args["amount"]["n"]) == ("стоимость", n)


def test_cost_words_in_brackets_are_not_the_act():
    res = parse("При вскрытии – возьмите их в отряд (этот демон стоит на 3 кристалла меньше).")
    assert _leaves(res)[0][1] == "take"


@pytest.mark.parametrize("text, action, what", [
    ("Если рядом нет врагов – может быть излечена.", "permission", "heal"),
    ("Не может быть вызвана.", "restrict", "summon"),
    ("Существо не может быть атаковано.", "restrict", "attack"),
])
def test_passive_after_a_modal(text, action, what):
    res = parse(text)
    leaf = [n for n in res.ast.walk() if n.kind == "effect"][-1]
    assert leaf.attr("action") == action
    assert thaw(leaf.attr("args"))["what"] == what


@pytest.mark.parametrize("text, action", [
    ("Средние и сильные атаки по Вересеню сводятся к 1.", "reduce"),
    ("При вскрытии – вернуть из изгнания существо с 3 ранами.", "return_from_exile"),
    ("Местность противника лишается особенностей.", "lose"),
    ("При сильном {strike} – удваивает число своих {counter}.", "counters"),
    ("При {strike} – изменить между собой эти броски.", "roll_result"),
    ("{tap}: Перевернуть кубик на противоположную грань.", "roll_result"),
    ("{tap}: Пернаправить дальнюю атаку на стоящую рядом карту.", "redirect"),
])
def test_more_verbs_recognised(text, action):
    res = parse(text)
    assert _leaves(res)[-1][1] == action


def test_subject_of_a_reflexive_verb_is_the_target_not_the_card_itself():
    res = parse("Местность противника лишается особенностей.")
    tgt = _args(res)["target"]
    assert (tgt["who"], tgt["owner"], tgt["kind"]) == ("enemy", "enemy", "terrain")
    res = parse("При атаке – излечиться на 1.")
    assert _args(res)["target"]["who"] == "self"


def test_recruiting_and_having_no_abilities():
    res = parse("Может быть набран в отряд за {ordinary}.")
    assert _leaves(res)[0][1] == "permission"
    assert _args(res)["what"] == "take"
    res = parse("Не имеет особенностей.")
    assert _leaves(res)[0][1] == "lose"
    assert _args(res)["keyword"] == "особенность"
    res = parse("Не может иметь более 3 {counter}.")
    assert _leaves(res)[0][1] == "restrict"


@pytest.mark.parametrize("text, what", [
    ("Может объявлять движение на клетку, занятую другим вашим существом.", "move"),
    ("Может объявлять {shot} через карту противника.", "shot"),
    ("Может нападать {strike} 2 раза за ход.", "attack"),
])
def test_permission_names_the_act_its_object_names(text, what):
    res = parse(text)
    assert _leaves(res)[0][1] == "permission"
    assert _args(res)["what"] == what


def test_attack_noun_subject_of_a_later_reducing_verb():
    res = parse("Удары летающих существ по Стражу Северных Врат сводятся к 1.")
    assert _leaves(res)[0][1] == "reduce"


def test_icon_label_left_in_a_leaf_is_typed_by_what_follows():
    from bot.abilities.effects import classify
    assert classify("{strike}: {uchr} на 2")[0] == "strike"
    assert classify("{strike}: Начинает бой с {counter}")[0] == "counters"
    assert classify("{armor}: 1") == ("trait", {"icon": "armor", "amount": {"n": 1, "x": False, "range": None}})


@pytest.mark.parametrize("text, action", [
    ("Только для гномов.", "restrict"),
    ("При вскрытии другой герой-маг Ульф берется в отряд бесплатно.", "take"),
    ("В начале боя назовите до 3 разных классов.", "choose"),
    ("Тоа Дан. Броня 1.", "class"),
])
def test_equipment_owner_recruiting_naming_and_a_spaced_class(text, action):
    res = parse(text)
    assert _leaves(res)[0][1] == action


# ---- an equipment class written alone is the card's class (212.4) ---------------------------
@pytest.mark.parametrize("text, word", [
    ("{unq}. Доспех. Хозяин получает +1 к {strike}.", "Доспех"),
    ("Оружие. Только для гномов. {tap}: Хозяин получает {counter}.", "Оружие"),
    ("Щит. В начале хода – получает {counter}.", "Щит"),
])
def test_equipment_class_alone_is_a_class(text, word):
    res = parse(text)
    leaf = next(k for k, (t, _) in enumerate(_leaves(res)) if t == word)
    assert _leaves(res)[leaf] == (word, "class")
    assert _args(res, leaf) == {"equipment_class": word}


def test_equipment_class_word_with_a_value_stays_a_keyword():
    res = parse("Гном. Щит Архааля 2. Броня 1.")
    assert _leaves(res)[1] == ("Щит Архааля 2", "trait")
