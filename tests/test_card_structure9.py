"""Tree structure and typing families of card text (issue 12), round 9: a keyword naming an
act done in a trigger's body («При метании – подлость 1»: a wound then), one modifier written
for two stats («+1 к {strike} и {direct}»: +1 to each, two leaves), and a header with no dash
that swallowed the subject of its ability («если выпало четное число атака блокируется»,
«При гибели … с {regen} существо противника … получает», «Когда … атаковано Страж Башни также
может …»). Texts written for these tests in the styles of both card databases (the 2023+ one
with {icons}, the classic one with [:icons], dashes and full stops often missing)."""

from __future__ import annotations

import pytest

from bot.abilities.effects import thaw
from bot.abilities.parser import parse


def _leaves(res):
    return [(n.text, n.attr("action")) for n in res.ast.walk() if n.kind == "effect"]


def _args(node):
    return thaw(node.attr("args") or ())


# ---- a keyword naming an act, in a trigger's or a paid ability's body ---------------------------
@pytest.mark.parametrize("text, amount", [
    ("При броске – подлость 2; атакованный теряет {counter}.", 2),
    ("В начале вашего хода - подлость1; получить {ova}1 до конца хода", 1),
    ("[:tap]: Подлость 3.", 3),
])
def test_a_dirty_trick_in_a_body_is_a_wound_done_then(text, amount):
    res = parse(text)
    leaf = next(n for n in res.ast.walk() if n.kind == "effect")
    assert leaf.attr("action") == "wound" and leaf.attr("keyword") is None
    assert _args(leaf)["amount"]["n"] == amount


def test_a_dirty_trick_written_alone_is_a_trait_of_the_card():
    res = parse("Подлость 2. {tap}: Выстрел на 1.")
    assert _leaves(res) == [("Подлость 2", "trait"), ("Выстрел на 1", "shot")]


# ---- one modifier for two stats -----------------------------------------------------------------
def test_a_modifier_for_two_stats_is_two_modifiers_sharing_the_target():
    res = parse("+2 к {strike} и {direct} по нежити")
    assert res.ast.kind == "and_then" and res.ast.attr("shared") == "по нежити"
    assert [(c.text, c.attr("action"), _args(c)["stat"], _args(c)["amount"]["n"]) for c in res.ast.children] == [
        ("+2 к {strike}", "modify", "strike", 2), ("{direct}", "modify", "direct", 2)]


def test_a_reduction_listed_for_three_stats_in_the_bracket_style():
    res = parse("-1 от [:ovs], {direct} и {uchr}.")
    assert [(_args(c)["stat"], _args(c)["amount"]["n"], _args(c)["direction"]) for c in res.ast.children] == [
        ("shot", -1, "from"), ("direct", -1, "from"), ("uchr", -1, "from")]


def test_a_granted_modifier_for_two_stats_keeps_the_duration_shared():
    res = parse("В начале боя ваши гномы получают +1 к [:atk] и [:mvt] до конца хода.")
    body = res.ast.children[0]
    assert body.kind == "and_then" and body.attr("shared") == "до конца хода"
    assert [(_args(c)["stat"], c.attr("action")) for c in body.children] == [("strike", "modify"), ("move", "modify")]


def test_an_ability_icon_after_a_modifier_is_gained_not_modified():
    res = parse("Получает +1 к {strike} и {ova}, пока рядом стоит ваш эльф.")
    assert [a for _, a in _leaves(res)] == ["modify", "gain"]


# ---- a header that swallowed the subject of its ability --------------------------------------------
def test_a_roll_clause_ends_at_its_own_subject_before_the_ability_s():
    res = parse("Если выпало нечетное число атака отменяется")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "Если выпало нечетное число"
    assert _leaves(res) == [("атака отменяется", "prevent")]


def test_a_roll_clause_after_a_semicolon_in_a_trigger_body():
    res = parse("Когда атакован выстрелом бросьте кубик; если выпало четное число эта атака блокируется.")
    cond = next(n for n in res.ast.walk() if n.kind == "condition")
    assert cond.attr("head") == "если выпало четное число"
    assert _leaves(res) == [("бросьте кубик", "roll"), ("эта атака блокируется", "prevent")]


def test_the_subject_after_an_icon_ending_the_event_opens_the_ability():
    res = parse("При гибели вашего существа с [:rgn] существо противника с ядом получает +1 к отравлению")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "При гибели вашего существа с {regen}"
    assert _leaves(res) == [("существо противника с ядом получает +1 к отравлению", "modify")]


def test_a_name_after_a_passive_clause_is_the_subject_of_may():
    res = parse("Когда ваша карта атакована Страж Башни также может открыться (1 раз за ход).")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "Когда ваша карта атакована"
    opt = res.ast.children[0]
    assert opt.kind == "optional" and opt.attr("subject") == "Страж Башни"
    assert _leaves(res) == [("открыться", "open")]


# ---- a time window opening an ability is a condition, not an event ------------------------------
@pytest.mark.parametrize("text, head", [
    ("В течение вашего хода - может потерять [:cnt], при этом - переместиться на соседнюю клетку.",
     "В течение вашего хода"),
    ("В течении своего первого хода может закрыть выбранное существо (один раз за бой).",
     "В течение своего первого хода"),
    ("В первый ход противника – атаки ваших существ сводятся к 1", "В первый ход противника"),
    ("В свой первый ход получает +2 к [:atk].", "В свой первый ход"),
])
def test_a_time_window_opening_an_ability_is_a_condition(text, head):
    res = parse(text)
    assert res.complete and res.ast.kind == "condition" and res.ast.attr("head") == head


def test_a_time_window_after_a_side_condition_is_a_nested_condition():
    res = parse("Если вы ходите первым: В первый ход противника - его существа не могут двигаться.")
    assert res.ast.shape() == "(condition (condition effect))"
    assert res.ast.children[0].attr("head") == "В первый ход противника"
    assert _leaves(res) == [("его существа не могут двигаться", "restrict")]


def test_an_event_inside_a_time_window_opens_its_body():
    res = parse("В течение хода при [:atk] хозяина - Секира может ранить атакованного на 1.")
    assert res.ast.shape() == "(condition (trigger (optional effect)))"
    assert [n.attr("head") for n in res.ast.walk() if n.kind in ("condition", "trigger")] == [
        "В течение хода", "при {strike} хозяина"]


# ---- «открывают верхние карты»: turning deck cards over is a reveal ------------------------------
def test_turning_over_the_top_cards_is_a_reveal_and_opening_a_creature_is_open():
    res = parse("[:tap]: Игроки открывают верхние карты своих колод, если ваша дороже - ранить выбранное существо на 2.")
    assert _leaves(res)[0] == ("Игроки открывают верхние карты своих колод", "reveal")
    assert _leaves(parse("{tap}: Открыть выбранное закрытое существо."))[0][1] == "open"


# ---- «даже если …» is concessive: a word of the effect, not a condition ----------------------------
@pytest.mark.parametrize("text, leaf, action", [
    ("{tap}: Воздействие «сбор» – вызвать артефакт, даже если у вас уже есть артефакт с таким названием.",
     "вызвать артефакт, даже если у вас уже есть артефакт с таким названием", "summon"),
    ("При гибели может ранить выбранное существо на 2 даже если оно летает",
     "ранить выбранное существо на 2 даже если оно летает", "wound"),
])
def test_even_if_is_part_of_the_effect(text, leaf, action):
    res = parse(text)
    assert res.complete and not any(n.kind == "condition" for n in res.ast.walk())
    assert _leaves(res) == [(leaf, action)]


# ---- a sentence continuing the act of the one before -------------------------------------------
def test_this_equipment_after_the_placement_continues_the_trigger():
    res = parse("Гном. Когда открывается - положить на себя экипировку с вашего кладбища. "
                "Эта экипировка переходит под ваш контроль.")
    assert [c.kind for c in res.ast.children] == ["effect", "trigger"]
    assert res.ast.children[1].shape() == "(trigger (and_then effect effect))"
    assert [a for _, a in _leaves(res)] == ["class", "place", "control"]


def test_a_sentence_about_the_card_itself_stays_an_ability_of_its_own():
    res = parse("{tap}: Ранить выбранное существо на 1. Эта карта не может быть целью заклинаний.")
    assert [c.kind for c in res.ast.children] == ["cost", "effect"]


# ---- two verbs joined by «и» when a later «либо» joins two objects ---------------------------------
def test_and_between_two_verbs_splits_when_either_joins_objects_of_the_second():
    res = parse("{tap}: Вернуть Волколака в колоду и вызвать на его клетку рядовое существо стоимостью 5 "
                "или менее, либо элитное существо стоимостью 4 или менее.")
    assert [a for _, a in _leaves(res)] == ["return_to_deck", "summon"]
    assert _leaves(res)[1][0].endswith("либо элитное существо стоимостью 4 или менее")


# ---- a full stop typed inside a phrase ---------------------------------------------------------
def test_a_full_stop_between_a_possessive_and_its_noun_is_a_typo():
    res = parse("При разряде по вашей карте – нежить на вашем. кладбище может получить жетон инкарнации.")
    assert res.ast.kind == "trigger"
    assert res.ast.children[0].kind == "optional" and res.ast.children[0].attr("subject") == "нежить на вашем. кладбище"


def test_a_full_stop_before_a_lowercase_ability_still_ends_the_sentence():
    res = parse("Строй: {direct}. Прыжок, дальность 3. может нападать {strike} на закрытые карты.")
    assert [c.kind for c in res.ast.children] == ["condition", "effect", "effect"]


# ---- a bracketed delayed trigger after a marker -------------------------------------------------
def test_a_bracketed_event_after_a_marker_is_a_delayed_trigger_whatever_its_subject():
    res = parse("В начале хода противника два стоящих рядом существа получают маркер цепи до конца хода "
                "(когда они перестают стоять рядом каждое из них ранится на 2 и цепь пропадает) {tap}: Разряд на 1.")
    trig = res.ast.children[0]
    assert trig.shape() == "(trigger (and_then effect (trigger (and_then effect effect))))"
    inner = trig.children[0].children[1]
    assert inner.attr("head") == "когда они перестают стоять рядом"
    assert [(c.text, c.attr("action")) for c in inner.children[0].children] == [
        ("каждое из них ранится на 2", "wound"), ("цепь пропадает", "lose")]


def test_a_keyword_done_then_keeps_no_trait_value():
    leaf = next(n for n in parse("При {strike} – подлость 2; получить {counter}.").ast.walk() if n.kind == "effect")
    assert leaf.attr("value") is None and _args(leaf)["amount"]["n"] == 2


# ---- two abilities granted by one verb; one verb written twice -------------------------------------
def test_a_keyword_and_an_icon_granted_by_one_verb_are_two_gains():
    res = parse("Пока стоит в 3 ряду, Сова имеет полет и [:ovs] до конца хода.")
    body = res.ast.children[0]
    assert body.kind == "and_then" and [c.attr("action") for c in body.children] == ["gain", "gain"]
    assert [c.text for c in body.children] == ["Сова имеет полет", "{shot}"]


def test_the_same_verb_written_after_a_comma_opens_a_second_effect():
    res = parse("В начале боя существа слева от Ведьмы получают проклятие, существа справа от Ведьмы получают "
                "благословление")
    assert _leaves(res) == [("существа слева от Ведьмы получают проклятие", "gain"),
                            ("существа справа от Ведьмы получают благословление", "gain")]


def test_a_list_of_objects_after_one_verb_stays_one_effect():
    res = parse("При гибели ранить выбранное существо, стоящее рядом, и каждую карту в его ряду на 1.")
    assert len(_leaves(res)) == 1 and _leaves(res)[0][1] == "wound"


def test_a_relative_clause_inside_a_trailing_condition_stays_in_it():
    res = parse("Может открыться, если совершил рывок на клетку, которую занимала карта противника.")
    cond = next(n for n in res.ast.walk() if n.kind == "condition")
    assert cond.attr("head") == "если совершил рывок на клетку, которую занимала карта противника"
    assert _leaves(res) == [("открыться", "open")]


# ---- an order followed by a second one with no punctuation, or by a clause of its own ---------------
def test_an_order_then_an_infinitive_with_no_comma_are_two_parts():
    res = parse("{tap}: Воздействие «обвал» выберите до 2 клеток в одном ряду от Голема ранить каждую карту "
                "на этих клетках на 1.")
    assert _leaves(res) == [("выберите до 2 клеток в одном ряду от Голема", "choose"),
                            ("ранить каждую карту на этих клетках на 1", "wound")]


def test_an_order_then_a_clause_with_its_own_subject_after_a_comma_are_two_parts():
    res = parse("[:tap]: Изгнать все карты в выбранном ряду, пустые клетки этого ряда получают маркеры пепла.")
    assert _leaves(res) == [("Изгнать все карты в выбранном ряду", "exile"),
                            ("пустые клетки этого ряда получают маркеры пепла", "gain")]


def test_an_order_with_a_relative_clause_after_its_object_stays_one_part():
    res = parse("{tap}: Переместить выбранное существо на клетку, которая свободна.")
    assert len(_leaves(res)) == 1


def test_an_order_then_the_opponent_s_act_with_no_comma_are_two_parts():
    res = parse("В начале боя вскройте Лазутчика противник вскрывает карты своего второго ряда.")
    assert _leaves(res) == [("вскройте Лазутчика", "reveal"), ("противник вскрывает карты своего второго ряда", "reveal")]


def test_a_finite_effect_then_a_clause_of_all_other_creatures_after_a_comma_are_two_parts():
    res = parse("Когда существо противника атакует – оно получает маркер «гнева», все другие существа противника "
                "теряют маркеры «гнева».")
    assert _leaves(res) == [("оно получает маркер «гнева»", "gain"),
                            ("все другие существа противника теряют маркеры «гнева»", "lose")]


def test_an_accusative_object_after_an_order_is_not_a_new_subject():
    res = parse("{tap}: Закройте карту противника стоящую рядом.")
    assert len(_leaves(res)) == 1


# ---- round 9, sample nxt 9005 families ----------------------------------------------------------
def test_a_participle_phrase_with_a_list_stays_in_the_subject_of_the_ability():
    res = parse("При {strike} ваше существо, обладающее выстрелом, метанием или разрядом, получает +1 к {move}.")
    assert res.ast.kind == "trigger" and res.ast.attr("head") == "При {strike}"
    assert _leaves(res) == [("ваше существо, обладающее выстрелом, метанием или разрядом, получает +1 к {move}", "modify")]


def test_a_value_or_a_modifier_written_without_k_is_a_choice():
    res = parse("[:tap]: Выбранное существо получает [:armor] 1 или +1 {armor} до конца хода.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and choice.attr("shared") == "до конца хода"
    assert [c.attr("action") for c in choice.children] == ["gain", "modify"]


def test_or_inside_the_shared_target_does_not_keep_two_stats_in_one_leaf():
    res = parse("+1 к {strike} и {direct} по существам с ядом или {zoo}.")
    assert res.ast.kind == "and_then" and res.ast.attr("shared") == "по существам с ядом или {zoo}"


def test_a_granted_ability_opening_with_a_header_word_is_not_the_condition_s_words():
    res = parse("Пока не имеет ран, получает Если должен излечиться вместо этого может закрыться (1 раз за ход).")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "Пока не имеет ран"
    assert _leaves(res)[0][1] == "gain"


def test_a_marker_s_rule_in_brackets_told_by_a_pronoun_is_its_own_part():
    res = parse("В начале боя выбранное существо получает маркер «дар» (оно теряет особенности, имеет {ova}1 и "
                "{ovz}1, его {strike} становится 2-3-4).")
    assert [a for _, a in _leaves(res)] == ["gain", "lose", "gain", "gain", "gain"]
    assert _leaves(res)[-1][0] == "его {strike} становится 2-3-4"


def test_an_extra_life_and_a_keyword_gained_after_may_are_two_abilities():
    res = parse("При гибели – ваше существо может получить 1 дополнительную {health} и благословление.")
    opt = res.ast.children[0]
    assert opt.kind == "optional" and [c.attr("action") for c in opt.children] == ["gain", "gain"]


def test_abilities_listed_after_may_then_a_later_part_are_parts_of_one_optional():
    res = parse("В начале хода Искатель может получить полет и +1 к {strike} до конца боя, при этом теряет все "
                "особенности.")
    assert res.ast.shape() == "(trigger (optional (and_then effect effect effect)))"
    assert res.ast.children[0].attr("subject") == "Искатель"


def test_a_bracketed_delayed_trigger_with_an_elided_verb_is_its_own_trigger():
    res = parse("В конце хода – соседняя клетка получает маркер «бомбы» (в конце хода противника – ранить карты на "
                "этой клетке на 3, а карты на соседних клетках – на 1).")
    inner = next(n for n in res.ast.walk() if n.kind == "trigger" and n.attr("head") == "в конце хода противника")
    leaves = [(n.text, n.attr("action"), _args(n)["amount"]["n"]) for n in inner.walk() if n.kind == "effect"]
    assert leaves == [("ранить карты на этой клетке на 3", "wound", 3), ("карты на соседних клетках – на 1", "wound", 1)]


def test_a_time_of_the_effect_after_the_event_is_a_delayed_trigger_not_the_event_s_words():
    res = parse("После выстрела в начале своего следующего хода не открывается.")
    assert res.ast.attr("head") == "После выстрела"
    assert res.ast.shape() == "(trigger (trigger effect))"
    assert res.ast.children[0].attr("head") == "в начале своего следующего хода"


def test_two_icons_gained_are_two_gains_two_icons_lost_stay_one_loss():
    res = parse("{tap}: Получить {direct} и [:zoal].")
    assert [a for _, a in _leaves(res)] == ["gain", "gain"]
    assert _leaves(parse("Существа противника с ядом теряют {ovz} и {ova}.")) == [
        ("Существа противника с ядом теряют {ovz} и {ova}", "lose")]


def test_a_name_before_the_verb_is_the_subject_after_a_list_ending_with_and():
    res = parse("При наборе отряда, если в вашем отряде есть эльф, гном и другой тролль Гарм берется в отряд бесплатно.")
    cond = res.ast.children[0]
    assert cond.attr("head") == "если в вашем отряде есть эльф, гном и другой тролль"
    assert _leaves(res) == [("Гарм берется в отряд бесплатно", "take")]


def test_a_roll_set_after_a_comma_is_a_part_of_its_own():
    res = parse("При {strike} – не закрывается, следующий бросок кубика этого существа равен 6.")
    assert _leaves(res) == [("не закрывается", "restrict"), ("следующий бросок кубика этого существа равен 6", "roll_result")]


def test_may_after_a_comma_following_a_finite_effect_opens_a_part_of_its_own():
    res = parse("При {strike} – оно не закрывается после этого {strike}, может сразу же нападать {strike} еще раз.")
    body = res.ast.children[0]
    assert body.kind == "and_then" and [c.kind for c in body.children] == ["effect", "optional"]


def test_a_participle_read_first_as_an_adjective_still_brackets_a_phrase_in_the_clause():
    res = parse("[:unq]. Когда ваше существо, стоящее рядом с Ясенем, получает раны, Ясень сразу же излечивается на 1.")
    trig = res.ast.children[1]
    assert trig.attr("head") == "Когда ваше существо, стоящее рядом с Ясенем, получает раны"
    assert _leaves(res)[1:] == [("Ясень сразу же излечивается на 1", "heal")]


def test_a_clause_whose_commas_all_bracket_a_participle_still_ends():
    res = parse("Пока в вашем отряде есть горы Стражница и существо, стоящее напротив нее, имеют {stamina}.")
    assert res.complete and res.ast.kind == "condition"


# ---- round 9, sample nxt 9011 families --------------------------------------------------------------
def test_a_marker_gained_by_its_quoted_name_keeps_its_rule_as_parts_of_their_own():
    res = parse("В начале хода противника выбранное существо получает «путы» до конца хода (существо с «путами» не "
                "может двигаться, если оно атаковано – заблокировать эту атаку, удалив «путы»).")
    assert [a for _, a in _leaves(res)] == ["gain", "restrict", "prevent"]


def test_a_marker_s_rule_told_of_this_cell_is_a_count_as_of_its_own():
    res = parse("При гибели существа его клетка получает маркер «пепла» до конца хода (эта клетка считается занятой).")
    assert _leaves(res) == [("его клетка получает маркер «пепла» до конца хода", "gain"),
                            ("эта клетка считается занятой", "count_as")]


def test_a_valued_property_and_another_property_after_and_are_two_traits():
    res = parse("Строй: {ova}1 и {stamina}.")
    assert res.ast.shape() == "(condition (and_then effect effect))"


def test_a_per_turn_limit_after_a_delayed_trigger_inside_a_turn_start_is_the_delayed_trigger_s():
    res = parse("В начале хода выбрать направление; когда существо перемещается в этом направлении получить {counter} "
                "(1 раз за ход для каждого существа).")
    assert res.ast.attr("limit") is None
    inner = res.ast.children[0].children[1]
    assert inner.kind == "trigger" and inner.attr("limit") == "1 раз за ход для каждого существа"


def test_a_later_part_opening_with_a_turn_start_and_a_subject_with_a_place_is_a_delayed_trigger():
    res = parse("[:tap]: Метание бочки на 1, дальность 3; в начале вашего следующего хода все карты на этой клетке "
                "ранятся на 2.")
    body = res.ast.children[0]
    assert body.shape() == "(and_then effect (trigger effect))"
    assert body.children[1].attr("head") == "в начале вашего следующего хода"
