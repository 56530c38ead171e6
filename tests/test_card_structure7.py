"""Tree structure and typing families of card text (issue 12), round 7: a bracket holding an
effect of its own, a label over a real trigger, «Вместо гибели» as a replacement trigger,
a choice of two optional parts each with its own subject, a limit of the whole ability
written in a bracket with a qualifier or inside the sentence, a fallback «; если не может
…» as the alternative (505.6), a declared spell as a named header, misspelled effect words,
«Авангард» as a keyword. Texts written for these tests in the styles of both card
databases (the 2023+ one with {icons}, the classic one with [:icons])."""

from __future__ import annotations

import pytest

from bot.abilities.effects import vocabulary_typo
from bot.abilities.parser import parse


def _kinds(res, kind):
    return [n for n in res.ast.walk() if n.kind == kind]


def _leaf(res, text):
    return next(n for n in res.ast.walk() if n.kind == "effect" and n.text == text)


# ---- a bracket holding an effect of its own ----------------------------------------------------
def test_a_conditional_effect_in_brackets_after_a_leaf_is_its_own_part():
    res = parse("Воскрешается только на клетке с маркером, в закрытом виде (если клетка занята, то уничтожить "
                "карту на ней); ранить все стоящие рядом карты на 2.")
    assert res.complete
    top = res.ast
    assert top.kind == "and_then" and [c.kind for c in top.children] == ["effect", "condition", "effect"]
    assert top.children[0].text == "Воскрешается только на клетке с маркером, в закрытом виде"
    cond = top.children[1]
    assert cond.attr("head") == "если клетка занята"
    assert cond.children[0].text == "уничтожить карту на ней" and cond.children[0].attr("action") == "destroy"


def test_an_instruction_in_brackets_after_a_condition_is_not_the_condition():
    res = parse("[:tap]: Не имеет особенностей, пока у вас есть 2 закрытых существа (вскройте его в начале боя).")
    cond = _kinds(res, "condition")[0]
    assert cond.attr("head") == "пока у вас есть 2 закрытых существа"
    reveal = _leaf(res, "вскройте его в начале боя")
    assert reveal.attr("action") == "reveal"
    assert res.ast.kind == "cost" and res.ast.children[0].kind == "and_then"
    assert res.ast.children[0].rule == "505.4"


def test_a_marker_rule_in_brackets_is_a_trigger_of_its_own():
    res = parse("При {strike} атакованная карта получает маркер «яда» (когда она закрывается – ранить ее на 1).")
    trig = _kinds(res, "trigger")
    assert [t.attr("head") for t in trig] == ["При {strike}", "когда она закрывается"]
    assert _leaf(res, "атакованная карта получает маркер «яда»").attr("action") == "gain"
    assert _leaf(res, "ранить ее на 1").attr("action") == "wound"


@pytest.mark.parametrize("text, leaf", [
    # a note, a restriction, a clause with no effect of its own, how to use a choice: words of the leaf
    ("В начале хода положите маркер на две свободные клетки (сохраняются до конца хода противника).",
     "положите маркер на две свободные клетки (сохраняются до конца хода противника)"),
    ("{tap}: Вызвать существо (кроме летающих и симбиотов) на свободную клетку.",
     "Вызвать существо (кроме летающих и симбиотов) на свободную клетку"),
    ("При [:atk] – ранить атакованного на 2 (если он уже имеет отравление).",
     "ранить атакованного на 2 (если он уже имеет отравление)"),
])
def test_a_bracket_without_an_effect_of_its_own_stays_in_the_leaf(text, leaf):
    res = parse(text)
    assert res.complete
    assert _leaf(res, leaf)


# ---- a label over a real trigger -----------------------------------------------------------
@pytest.mark.parametrize("text, label, event", [
    ("Отпор: В начале хода – получить {counter}.", "Отпор", "В начале хода"),
    ("Ярость: при [:atk] – ранить себя на 1.", "Ярость", "при {strike}"),
])
def test_a_label_over_a_trigger_gates_it(text, label, event):
    res = parse(text)
    assert res.ast.shape() == "(condition (trigger effect))"
    assert res.ast.attr("head") == label and res.ast.children[0].attr("head") == event


def test_a_label_with_a_plain_body_is_still_the_event():
    res = parse("Вальхалла: ранить выбранное существо на 2.")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "Вальхалла"


def test_after_this_attack_is_no_trigger_under_a_label():
    res = parse("Бешенство 2: после этой атаки не закрывается.")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "Бешенство 2"


# ---- «Вместо гибели» replaces the event --------------------------------------------------------
@pytest.mark.parametrize("text, head", [
    ("Вместо гибели может ранить выбранное существо на 1 (2 раза за бой).", "Вместо гибели"),
    ("Вместо гибели хозяина – излечить его на 2, затем уничтожить себя.", "Вместо гибели хозяина"),
    ("[:rgn]-1. Вместо своей регенерации может излечить стоящее рядом существо на 1.", "Вместо своей регенерации"),
])
def test_instead_of_death_is_a_replacement_trigger(text, head):
    res = parse(text)
    trig = _kinds(res, "trigger")[0]
    assert trig.attr("head") == head and trig.attr("instead") is True
    assert not [c for c in _kinds(res, "condition") if (c.attr("head") or "").startswith("Вместо")]


def test_instead_of_an_own_action_stays_a_condition_of_use():
    # «вместо движения» is the creature's movement (506.6), not an event that befalls it
    res = parse("Вместо движения: переместиться на любую свободную клетку.")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "Вместо движения"


def test_instead_of_death_limit_is_the_triggers():
    res = parse("Вместо гибели может ранить выбранное существо на 1 (2 раза за бой).")
    assert res.ast.kind == "trigger" and res.ast.attr("limit") == "2 раза за бой"


# ---- a choice of two optional parts, each with its own subject ------------------------------------
@pytest.mark.parametrize("text, subjects, leaves", [
    ("Когда ваше существо теряет {counter} ваши два существа могут получить {counter} или ваше существо "
     "может получить 2 {counter}.", ["ваши два существа", "ваше существо"], ["получить {counter}", "получить 2 {counter}"]),
    ("[:tap]: выбранное существо может излечиться на 2 или существо противника может получить [:cnt].",
     ["выбранное существо", "существо противника"], ["излечиться на 2", "получить {counter}"]),
])
def test_each_option_has_its_own_optional_and_subject(text, subjects, leaves):
    res = parse(text)
    choice = _kinds(res, "choice")[0]
    assert [c.kind for c in choice.children] == ["optional", "optional"]
    assert [c.attr("subject") for c in choice.children] == subjects
    assert [c.children[0].text for c in choice.children] == leaves
    assert choice.rule == "505.5" and all(c.rule == "505.8" for c in choice.children)


def test_one_may_over_a_choice_keeps_the_choice_under_it():
    res = parse("При атаке может получить {counter} или излечиться на 2.")
    assert res.ast.shape() == "(trigger (optional (choice effect effect)))"


# ---- the limit of the whole ability ------------------------------------------------------------
def test_a_capped_amount_and_a_count_limit_the_whole_trigger():
    res = parse("Когда ваше существо выполняет удар на X может излечить его на X и объявить разряд на X "
                "(максимум на 3, 2 раза за ход).")
    trig = res.ast
    assert trig.kind == "trigger" and trig.attr("limit") == "максимум на 3, 2 раза за ход"
    leaves = _kinds(res, "effect")
    assert [n.text for n in leaves] == ["излечить его на X", "объявить разряд на X"]
    assert not any(n.attr("limit") for n in leaves)


def test_a_qualifier_before_the_count_is_the_last_effects_note():
    res = parse("При атаке может переместиться на соседнюю клетку (не по диагонали, 1 раз за ход).")
    assert res.ast.attr("limit") == "1 раз за ход"
    leaf = _kinds(res, "effect")[0]
    assert leaf.text == "переместиться на соседнюю клетку" and leaf.attr("note") == "не по диагонали"


def test_a_limit_under_a_label_is_the_gated_triggers():
    res = parse("На глубине: При ударе по нему – может переместиться на одну клетку (кроме клеток рядом с ним, "
                "1 раз за ход).")
    assert res.ast.kind == "condition" and res.ast.attr("limit") is None
    assert res.ast.children[0].kind == "trigger" and res.ast.children[0].attr("limit") == "1 раз за ход"


@pytest.mark.parametrize("text, leaf", [
    ("При [:atk] хозяина – возродить существо с вашего кладбища (один раз за ход), при этом – оно "
     "погибает в конце хода.", "возродить существо с вашего кладбища"),
    ("При вызове существа противника – бросить кубик (два раза за ход), если выпало 2 или менее – "
     "уничтожить вызванное существо.", "бросить кубик"),
])
def test_a_count_inside_the_sentence_limits_the_whole_trigger(text, leaf):
    res = parse(text)
    trig = _kinds(res, "trigger")[0]
    assert trig.attr("limit") in ("один раз за ход", "два раза за ход")
    assert _leaf(res, leaf).attr("limit") is None


def test_a_count_in_one_option_stays_with_that_option():
    res = parse("При атаке – получает 1 дополнительную {health} (1 раз за ход) или +1 к {strike} до конца хода.")
    assert res.ast.attr("limit") is None
    assert _kinds(res, "effect")[0].attr("limit") == "1 раз за ход"


def test_a_limit_of_the_only_effect_of_a_paid_ability_stays_there():
    res = parse("{tap}: Ранить выбранное существо на 1 (заклинание «укол», 1 раз за ход)")
    assert _kinds(res, "named")[0].attr("limit") == "1 раз за ход" and res.ast.attr("limit") is None


# ---- a declared spell is a named header ----------------------------------------------------------
@pytest.mark.parametrize("text, kind, name, body", [
    ("При ударе на X – может объявить заклинание «каменная кожа» (один раз за ход) – другое выбранное "
     "существо получает -X от немагических атак до конца хода.", "заклинание", "каменная кожа",
     "другое выбранное существо получает -X от немагических атак до конца хода"),
    ("[:tap]: может воздействие «укол» – ранить выбранное существо на 1.", "воздействие", "укол",
     "ранить выбранное существо на 1"),
])
def test_a_declared_named_effect_heads_the_part_after_its_dash(text, kind, name, body):
    res = parse(text)
    opt = _kinds(res, "optional")[0]
    named = opt.children[0]
    assert named.kind == "named" and (named.attr("effect_kind"), named.attr("name")) == (kind, name)
    assert named.children[0].text == body and named.children[0].attr("action") in ("modify", "wound")


def test_a_declared_spell_with_a_limit_limits_the_trigger():
    res = parse("При ударе на X – может объявить заклинание «каменная кожа» (один раз за ход) – другое выбранное "
                "существо получает -X от ударов.")
    assert res.ast.kind == "trigger" and res.ast.attr("limit") == "один раз за ход"


def test_a_bare_spell_kind_after_a_connective_heads_the_next_part():
    res = parse("Х[:cnt][:tap]: Воздействие «вьюга» – переместить Х существ противника на одну клетку, при этом "
                "заклинание – ранить каждое из них на 1.")
    inner = [n for n in _kinds(res, "named") if n.attr("effect_kind") == "заклинание"]
    assert len(inner) == 1 and inner[0].children[0].text == "ранить каждое из них на 1"
    assert all(n.attr("action") for n in _kinds(res, "effect"))
    assert not any(n.text == "заклинание" for n in _kinds(res, "effect"))


# ---- a fallback is the alternative (505.6) ---------------------------------------------------------
@pytest.mark.parametrize("text, first, second, head", [
    ("В конце хода противника обязан телепортироваться на свободную клетку, при этом ранить всех стоящих рядом "
     "существ на 1; если не может переместиться получает 2 раны.", "and_then", "получает 2 раны",
     "если не может переместиться"),
    ("[:tap]: переместите выбранное существо на соседнюю клетку; если оно не может переместиться – ранить его на 2.",
     "effect", "ранить его на 2", "если оно не может переместиться"),
    ("При атаке закрыть выбранное существо; если не удалось – получить {counter}.", "effect", "получить {counter}",
     "если не удалось"),
])
def test_what_to_do_when_a_part_cannot_be_done_is_its_alternative(text, first, second, head):
    res = parse(text)
    alt = _kinds(res, "otherwise")[0]
    assert alt.rule == "505.6" and alt.attr("head") == head
    assert alt.children[0].kind == first and alt.children[1].text == second
    assert not _kinds(res, "condition")


@pytest.mark.parametrize("text", [
    "При атаке закрыть выбранное существо; если оно погибло – получить {counter}.",
    # a different act cannot be done: a state of the target, not the first part failing
    "[:tap]: ранить выбранное существо на 1; если оно не может атаковать – ранить его еще на 1.",
])
def test_other_conditions_on_a_later_part_stay_conditions(text):
    res = parse(text)
    assert not _kinds(res, "otherwise") and len(_kinds(res, "condition")) == 1


# ---- misspelled words of the vocabulary ---------------------------------------------------------------
@pytest.mark.parametrize("word, fixed", [
    ("отравленме", "отравление"), ("отравленмя", "отравление"), ("телепортцию", "телепортация"),
    ("излечиьт", "излечить"),
])
def test_a_misspelling_one_edit_off_a_vocabulary_word_is_read_as_it(word, fixed):
    assert vocabulary_typo(word) == fixed


@pytest.mark.parametrize("word", ["разрядом", "лесного", "существо", "ранитель", "отравленный"])
def test_known_words_and_far_words_are_not_corrected(word):
    assert vocabulary_typo(word) is None


@pytest.mark.parametrize("text, action", [
    ("{counter}{tap}: Особый удар на 3; при этом атакованное существо получает отравленме на 1.", "poison"),
    ("[:tap]: атакованное существо получает отравлениэ на 2.", "poison"),
])
def test_a_misspelled_effect_word_keeps_the_action(text, action):
    res = parse(text)
    assert _kinds(res, "effect")[-1].attr("action") == action


# ---- «Авангард» is an ability of the card (304.2, 407.1) -----------------------------------------------
@pytest.mark.parametrize("text", ["Авангард.", "[:unq]. Гном. Авангард. Броня 1."])
def test_vanguard_is_a_keyword_ability_not_a_class(text):
    res = parse(text)
    leaf = next(n for n in _kinds(res, "effect") if n.text == "Авангард")
    assert leaf.attr("action") == "trait"


# ---- two keywords granted by one verb with «или» are a choice ---------------------------------------
@pytest.mark.parametrize("text, first, second", [
    ("Концентрация: существо получает благословление или проклятие.", "существо получает благословление", "проклятие"),
    ("[:tap]: выбранное существо получает броню 1 или регенерацию 1.", "выбранное существо получает броню 1",
     "регенерацию 1"),
])
def test_two_keywords_granted_with_or_are_two_options(text, first, second):
    res = parse(text)
    choice = _kinds(res, "choice")[0]
    assert [c.text for c in choice.children] == [first, second]
    assert [c.attr("action") for c in choice.children] == ["gain", "gain"]


def test_or_inside_a_keywords_own_words_is_no_choice():
    res = parse("Получает защиту от выстрелов или метаний.")
    assert not _kinds(res, "choice")


# ---- «Отпор:» is a state of the card, as «Строй:» -------------------------------------------------------
@pytest.mark.parametrize("text, shape", [
    ("Отпор: [:ova]1. [:tap]: Разряд на 1.", "(card (condition effect) (cost effect))"),
    ("Отпор: +1 к метанию.", "(condition effect)"),
])
def test_a_state_label_over_a_static_ability_is_a_condition(text, shape):
    res = parse(text)
    assert res.ast.shape() == shape


# ---- two modifiers written without a full stop ----------------------------------------------------------
def test_a_second_modifier_after_a_word_starts_an_ability():
    res = parse("+1 к {strike} за каждую открытую карту противника с {health} +2 к {strike} по героям.")
    assert [n.text for n in _kinds(res, "effect")] == [
        "+1 к {strike} за каждую открытую карту противника с {health}", "+2 к {strike} по героям"]
    assert all(n.attr("action") == "modify" for n in _kinds(res, "effect"))


@pytest.mark.parametrize("text", ["Получает +1 к {strike} и +2 к {health}.", "Получает +1 к {strike} до конца хода."])
def test_a_modifier_after_its_verb_or_and_is_not_cut(text):
    res = parse(text)
    assert res.ast.kind != "card"


# ---- «, если X – Y» saying what X is, after a part, is that part's condition --------------------------
@pytest.mark.parametrize("text, head, body", [
    ("Щит. +1 к излечению, если хозяин – страж леса.", "если хозяин – страж леса", "+1 к излечению"),
    ("[:tap]: Ранить выбранное существо на 1, если хозяин – герой-маг.", "если хозяин – герой-маг",
     "Ранить выбранное существо на 1"),
])
def test_a_trailing_if_with_a_defining_dash_is_one_condition(text, head, body):
    res = parse(text)
    cond = _kinds(res, "condition")[0]
    assert cond.attr("head") == head and cond.children[0].text == body
    assert not any(n.attr("action") == "class" for n in _kinds(res, "effect"))


def test_the_alternative_is_of_the_part_that_cannot_be_done_only():
    res = parse("[:tap]: Заклинание «холод» – ранить выбранное существо на 2, затем переместить его на клетку назад, "
                "если оно не может быть перемещено – оно не открывается в начале своего хода.")
    seq = _kinds(res, "and_then")[0]
    assert [c.kind for c in seq.children] == ["effect", "otherwise"]
    alt = seq.children[1]
    assert alt.attr("head") == "если оно не может быть перемещено"
    assert [c.attr("action") for c in alt.children] == ["move", "restrict"]


def test_a_failed_part_with_no_verb_is_the_one_just_before():
    res = parse("При атаке ранить себя на 1, затем закрыть выбранное существо; если не удалось – получить {counter}.")
    seq = _kinds(res, "and_then")[0]
    assert [c.kind for c in seq.children] == ["effect", "otherwise"]
    assert [c.attr("action") for c in seq.children[1].children] == ["close", "counters"]


# ---- typing: a prohibition, a granted labelled ability -----------------------------------------------------
@pytest.mark.parametrize("text, what", [
    ("Если рядом нет свободных клеток использовать прыжок нельзя.", None),
    ("Нельзя излечивать существ противника.", "heal"),
])
def test_nelzya_is_a_prohibition(text, what):
    leaf = _kinds(parse(text), "effect")[-1]
    assert leaf.attr("action") == "restrict"
    assert dict(leaf.attr("args") or ()).get("what") == what


def test_a_labelled_ability_granted_after_a_colon_is_gained():
    res = parse("В начале хода противника ваши линунги получают: Концентрация: Ярл получает +1 к разряду до конца хода.")
    leaf = _kinds(res, "effect")[0]
    assert leaf.attr("action") == "gain" and dict(leaf.attr("args"))["granted"] == "Концентрация"


# ---- a sentence in brackets, a cap after a trailing condition, two modifiers in one option -----------------
def test_a_whole_sentence_in_brackets_is_an_ability():
    res = parse("{wolf}: +1 к ударам. (До начала вашего хода – получить {wolf} до конца хода противника). Орда.")
    trig = _kinds(res, "trigger")[0]
    assert trig.attr("head") == "До начала вашего хода"
    assert trig.children[0].attr("action") == "gain"


def test_a_cap_after_a_trailing_condition_is_the_effects_note():
    res = parse("При {strike} получает +1 к ударам, пока не совершит промах (максимум +3).")
    cond = _kinds(res, "condition")[0]
    assert cond.attr("head") == "пока не совершит промах"
    assert cond.children[0].attr("note") == "максимум +3"


def test_two_modifiers_of_one_option_are_two_effects():
    res = parse("При атаке получает либо {regen} 2, либо +2 к {strike} и +1 к {move}.")
    choice = _kinds(res, "choice")[0]
    assert [c.kind for c in choice.children] == ["effect", "and_then"]
    assert [n.text for n in choice.children[1].children] == ["+2 к {strike}", "+1 к {move}"]


def test_two_values_of_the_first_option_are_two_effects_and_the_duration_is_shared():
    res = parse("При атаке ваши орки получают +1 к сильному {strike} и {ova} 1 или +1 к {ova} до конца хода.")
    choice = _kinds(res, "choice")[0]
    assert choice.attr("shared") == "до конца хода"
    assert [c.kind for c in choice.children] == ["and_then", "effect"]
    assert [n.attr("action") for n in choice.children[0].children] == ["modify", "gain"]
    assert choice.children[1].text == "+1 к {ova}"


def test_abilities_listed_after_may_under_a_trailing_name_are_one_optional():
    res = parse("В начале хода противника – может закрыть стоящее рядом существо противника и ранить его на 2 "
                "(заклинание «иней»).")
    assert res.ast.shape() == "(trigger (named (optional effect effect)))"


def test_soul_catcher_is_a_keyword_ability():
    res = parse("Герой-маг. Душелов. Ярость 1.")
    assert [n.attr("action") for n in _kinds(res, "effect")] == ["class", "trait", "trait"]


def test_a_restriction_in_brackets_is_an_effect_of_its_own():
    res = parse("При сильной атаке получить {counter} (не может иметь более 3 {counter}).")
    assert [n.attr("action") for n in _kinds(res, "effect")] == ["counters", "restrict"]
    assert _kinds(res, "effect")[0].text == "получить {counter}"
