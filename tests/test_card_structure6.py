"""Tree structure families of card text (issue 12): where a text splits and what each
node covers — conditions written after a part, a time inside an «если» header, «может»
whose scope ends at the next part, two effects of one clause inside a later part, a
granted ability kept whole, icon headers. Texts written for these tests in the styles
of both card databases (the 2023+ one with {icons}, the classic one with [:icons])."""

from __future__ import annotations

import pytest

from bot.abilities.effects import thaw
from bot.abilities.parser import format_tree, parse


def _leaves(res):
    return [n for n in res.ast.walk() if n.kind == "effect"]


# ---- a trailing «, если …» about the target is a condition node ------------------------------
@pytest.mark.parametrize("text, head, body", [
    ("[:tap]: Закрыть выбранное существо противника, если оно летающее.", "если оно летающее",
     "Закрыть выбранное существо противника"),
    ("{tap}: Излечить выбранное ваше существо на 2, если у него нет фишек.", "если у него нет фишек",
     "Излечить выбранное ваше существо на 2"),
    # a gerund phrase between commas is inside the clause
    ("[:tap]: Открыть хозяина, если он, будучи закрытым, не открылся в начале хода.",
     "если он, будучи закрытым, не открылся в начале хода", "Открыть хозяина"),
])
def test_trailing_if_about_the_target_is_a_condition(text, head, body):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == "(cost (condition effect))"
    cond = res.ast.children[0]
    assert cond.attr("head") == head and cond.attr("written_after") is True
    assert cond.children[0].text == body


def test_trailing_if_inside_a_choice_branch_governs_that_branch():
    res = parse("При атаке – получить {counter}, если оно открыто, либо может потерять {counter}.")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and choice.rule == "505.5"
    assert [c.kind for c in choice.children] == ["condition", "optional"]
    assert choice.children[0].attr("head") == "если оно открыто"
    assert choice.children[0].children[0].attr("action") == "counters"


def test_a_clause_joined_after_the_condition_keeps_it_in_the_leaf():
    # «…, если она свободна, и наоборот»: the leaf goes on after the clause
    res = parse("Вы можете переместить его на клетку справа, если она свободна, и наоборот.")
    assert not [n for n in res.ast.walk() if n.kind == "condition"]


# ---- «Если <state> в начале хода …» is a trigger at that time over the condition ---------------
@pytest.mark.parametrize("text, time, state", [
    ("Если открыт в начале хода противника – выстрел на 2, при этом – закрывается.",
     "в начале хода противника", "Если открыт"),
    ("Если в начале вашего хода не имеет ран – возвращается в колоду.", "в начале вашего хода", "Если не имеет ран"),
    ("Если в конце хода противника все его существа закрыты – ранить выбранное существо на 1.",
     "в конце хода противника", "Если все его существа закрыты"),
    ("Если в начале хода игрока у него больше существ – он получает {counter}.",
     "в начале хода игрока", "Если у него больше существ"),
])
def test_time_in_an_if_header_is_a_trigger_with_a_condition(text, time, state):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.kind == "trigger" and res.ast.attr("head") == time
    cond = res.ast.children[0]
    assert cond.kind == "condition" and cond.attr("head") == state


def test_an_if_header_without_a_time_stays_a_condition():
    res = parse("Если в вашем отряде есть лес – ранить выбранное существо на 2.")
    assert res.ast.kind == "condition" and res.ast.attr("head") == "Если в вашем отряде есть лес"


# ---- a value icon heading a sentence with a verb ---------------------------------------------
def test_value_icon_with_a_verb_after_its_colon_is_a_condition_header():
    res = parse("{tap}: Получить {counter}. {strike}: Начинает бой с {counter}.")
    assert res.ast.shape() == "(card (cost effect) (condition effect))"
    cond = res.ast.children[1]
    assert cond.attr("head") == "{strike}" and cond.children[0].text == "Начинает бой с {counter}"
    # the value of a trait after its icon stays the trait
    assert parse("Строй: [:armor]: 1.").ast.children[0].attr("keyword") == "armor"


# ---- a granted ability is one unit ------------------------------------------------------------
@pytest.mark.parametrize("text, leaf", [
    ("Пока на Сове нет {counter} получает {tap}: {shot} на 2, при этом может получить {counter}.",
     "получает {tap}: {shot} на 2, при этом может получить {counter}"),
    ("Ваши эльфы имеют «{tap}: Выстрел на 1, при этом может получить {counter}».",
     "Ваши эльфы имеют «{tap}: Выстрел на 1, при этом может получить {counter}»"),
])
def test_a_granted_ability_stays_one_leaf(text, leaf):
    res = parse(text)
    assert res.complete, res.unparsed
    assert [n.text for n in _leaves(res)] == [leaf]
    assert _leaves(res)[0].attr("action") == "gain"
    assert not [n for n in res.ast.walk() if n.kind in ("optional", "and_then")]


def test_a_granted_ability_ends_before_then():
    res = parse("{tap}: Ваш эльф получает {tap}: Выстрел на 1 до конца хода, затем выберите до двух ваших существ.")
    assert res.ast.shape() == "(cost (and_then effect effect))"
    assert _leaves(res)[0].text == "Ваш эльф получает {tap}: Выстрел на 1 до конца хода"


# ---- two effects of one clause inside a later part's body --------------------------------------
def test_two_effects_in_a_later_trigger_body_are_two_leaves():
    res = parse("При {strike} – оно может получить полет; когда Лис покидает поле боя – это существо теряет "
                "полет и ранится на 2 (1 раз за бой).")
    assert res.complete, res.unparsed
    trig = [n for n in res.ast.walk() if n.kind == "trigger" and n.attr("head") == "когда Лис покидает поле боя"][0]
    assert trig.children[0].kind == "and_then" and trig.children[0].rule == "505.4"
    assert [(c.text, c.attr("action")) for c in trig.children[0].children] == [
        ("это существо теряет полет", "lose"), ("ранится на 2", "wound")]


def test_two_effects_in_a_later_condition_body_stay_under_it():
    res = parse("[:tap]: Разряд на 1; если оно погибло – получить [:cnt] и +1 к [:atk].")
    cond = res.ast.children[0].children[1]
    assert cond.kind == "condition" and cond.attr("head") == "если оно погибло"
    assert cond.children[0].shape() == "(and_then effect effect)"
    assert [c.attr("action") for c in cond.children[0].children] == ["counters", "modify"]


def test_a_clause_with_its_own_subject_stays_under_the_while_part():
    res = parse("При {strike} – оно может получить полет; пока оно летающее, он может нападать на него, "
                "а оно может нападать только на Лиса.")
    cond = [n for n in res.ast.walk() if n.kind == "condition"][0]
    assert cond.children[0].kind == "and_then"
    assert [c.text for c in cond.children[0].children] == ["он может нападать на него", "оно может нападать только на Лиса"]


def test_and_before_may_inside_a_later_part_stays_one_leaf():
    res = parse("При {strike} метание на 1, затем, если в отряде противника нет карт без ран, не закрывается "
                "и может нападать еще раз.")
    assert res.complete, res.unparsed


# ---- «может» whose scope ends at the next part ------------------------------------------------
def test_the_opponents_option_does_not_cover_the_cards_own_act():
    res = parse("Когда открывается каждое стоящее рядом существо противника может переместиться на соседнюю "
                "клетку (по выбору противника) затем он ранит каждое стоящее рядом существо противника на 1.")
    body = res.ast.children[0]
    assert body.shape() == "(and_then (optional effect) effect)" and body.rule == "505.4"
    assert body.children[0].attr("subject") == "каждое стоящее рядом существо противника"
    assert body.children[1].attr("action") == "wound"


@pytest.mark.parametrize("text", [
    "В начале боя – воздействие «допрос» – противник может вскрыть любое количество своих скрытых карт, затем "
    "ранить существо противника на X.",
    "{tap}: Закройте выбранное существо противника, противник может вскрыть одну карту, затем ранить его на 1.",
])
def test_the_opponent_may_is_an_optional_part_with_its_subject(text):
    res = parse(text)
    opt = [n for n in res.ast.walk() if n.kind == "optional"]
    assert len(opt) == 1 and opt[0].attr("subject") == "противник" and opt[0].rule == "505.8"
    assert [c.kind for c in opt[0].children] == ["effect"]
    assert opt[0].children[0].attr("action") == "reveal"
    assert _leaves(res)[-1].attr("action") == "wound"     # the wound is not the opponent's option


def test_the_opponent_may_in_a_static_ability_is_a_standing_permission():
    assert parse("Противник может перенаправить {strike} Голема на свое существо.").ast.kind == "effect"


def test_a_later_time_part_after_may_is_a_part_of_its_own():
    res = parse("В начале хода противника – выберите до 2 ваших существ; при гибели любого из них в этот ход – "
                "может объявить магический удар на 3, в конце этого хода, если все выбранные существа на поле боя – "
                "каждое из них получает 1 дополнительную {health}.")
    seq = res.ast.children[0]
    assert [c.kind for c in seq.children] == ["effect", "trigger", "trigger"]
    assert seq.children[1].children[0].shape() == "(optional effect)"
    assert seq.children[2].attr("head") == "в конце этого хода"
    assert seq.children[2].children[0].attr("head") == "если все выбранные существа на поле боя"


def test_with_the_declared_part_stays_under_may():
    # «при этом» after «может A» is what comes with A (505.8 over both)
    res = parse("{tap}: Может объявить особый удар на 2, при этом раниться на 1.")
    assert res.ast.shape() == "(cost (optional (and_then effect effect)))"


# ---- one leaf per effect ----------------------------------------------------------------------
def test_a_modifier_then_extra_lives_are_two_effects():
    res = parse("При атаке вы можете снять {counter}, при этом Волк получает +1 к {strike} до конца хода и "
                "2 дополнительные {health}.")
    assert [(n.text, n.attr("action")) for n in _leaves(res)] == [
        ("снять {counter}", "lose"), ("Волк получает +1 к {strike} до конца хода", "modify"),
        ("2 дополнительные {health}", "gain")]
    res = parse("Получает +2 к [:atk] и 3 дополнительные [:tgh].")
    assert res.ast.shape() == "(and_then effect effect)" and res.ast.rule == "505.4"


@pytest.mark.parametrize("text, parts", [
    ("При появлении найдите в колоде гоблина покажите его противнику.",
     [("найдите в колоде гоблина", "take"), ("покажите его противнику", "reveal")]),
    ("[:tap]: Найдите в колоде двух гномов с таким же названием покажите их и возьмите в руку.",
     [("Найдите в колоде двух гномов с таким же названием", "take"), ("покажите их", "reveal"),
      ("возьмите в руку", "take")]),
])
def test_orders_written_without_a_comma_are_parts(text, parts):
    res = parse(text)
    assert [(n.text, n.attr("action")) for n in _leaves(res)] == parts
    assert [n for n in res.ast.walk() if n.kind == "and_then"][0].rule == "505.4"


@pytest.mark.parametrize("text, first, second", [
    ("При перемещении получает {armor} 1 или +1 к {armor} до конца хода противника.",
     "получает {armor} 1", "+1 к {armor}"),
    ("Каждый ваш страж леса получает опыт в защите или +1 к опыту в защите.",
     "Каждый ваш страж леса получает опыт в защите", "+1 к опыту в защите"),
])
def test_a_value_or_a_modifier_of_it_is_a_choice(text, first, second):
    res = parse(text)
    choice = [n for n in res.ast.walk() if n.kind == "choice"][0]
    assert choice.rule == "505.5"
    assert [c.text for c in choice.children] == [first, second]


# ---- a qualifier written once after the last part belongs to every part -----------------------
@pytest.mark.parametrize("text, shared, leaves", [
    ("{drs} и +2 к {strike} по существам с чумой.", "по существам с чумой", ["{drs}", "+2 к {strike}"]),
    ("[:zor] и +1 к [:atk] по существам с [:prm].", "по существам с {prm}", ["{zor}", "+1 к {strike}"]),
    ("При перемещении получает {armor} 1 или +1 к {armor} до конца хода противника.", "до конца хода противника",
     ["получает {armor} 1", "+1 к {armor}"]),
    ("При гибели карты противника получить +1 к {move} или +1 к {strike} до конца вашего хода.",
     "до конца вашего хода", ["получить +1 к {move}", "+1 к {strike}"]),
])
def test_a_shared_qualifier_is_on_the_compound(text, shared, leaves):
    res = parse(text)
    node = [n for n in res.ast.walk() if n.kind in ("and_then", "choice")][0]
    assert node.attr("shared") == shared
    assert [c.text for c in node.children] == leaves
    assert node.children[-1].attr("action") == "modify"
    assert "общее для всех частей: " + shared in format_tree(res.ast)


@pytest.mark.parametrize("text, last", [
    ("Получает полет и +1 к {strike} по летающим.", "+1 к {strike} по летающим"),      # the modifier's own target
    ("Ранить выбранное существо на 2 и получить +1 к {strike} до конца хода.", "получить +1 к {strike} до конца хода"),
    ("Получает 1 дополнительную {health} (1 раз за ход) или +1 к {strike} до конца хода.", "+1 к {strike} до конца хода"),
])
def test_a_qualifier_of_the_last_part_alone_stays_there(text, last):
    res = parse(text)
    assert _leaves(res)[-1].text == last
    assert not [n for n in res.ast.walk() if n.attr("shared")]


def test_a_condition_after_options_of_one_clause_governs_the_choice():
    res = parse("Хозяин получает опыт в атаке или +1 к опыту в атаке, пока носит Клинок.")
    assert res.ast.shape() == "(condition (choice effect effect))"
    assert res.ast.attr("head") == "пока носит Клинок"
    # one condition per option stays with its option
    res = parse("Они получают +1 к {strike}, если оба открыты, или -1 к {strike}, если оба закрыты.")
    assert res.ast.shape() == "(cases (condition effect) (condition effect))"


def test_both_and_inside_a_trailing_condition():
    res = parse("+1 к дальним атакам, пока имеет и выстрел, и метание.")
    assert res.ast.shape() == "(condition effect)" and res.ast.attr("head") == "пока имеет и выстрел, и метание"


def test_options_each_under_its_own_condition_then_otherwise():
    res = parse("Когда перемещается через 2 клетки, они получают благословление, если оба ваши, или проклятие, "
                "если оба противника, иначе существа сражаются [:atk] как открытые карты.")
    alt = res.ast.children[0]
    assert alt.kind == "otherwise" and alt.rule == "505.6"
    assert alt.children[0].shape() == "(cases (condition effect) (condition effect))"
    assert [c.attr("head") for c in alt.children[0].children] == ["если оба ваши", "если оба противника"]
    # the grant verb left out of the second case is still a gain
    assert [c.children[0].attr("action") for c in alt.children[0].children] == ["gain", "gain"]
    assert alt.children[1].attr("action") == "attack"


# ---- glued words and sentences ----------------------------------------------------------------
def test_a_sentence_glued_to_a_number_is_split():
    res = parse("{counter}{tap}: Разряд на 2-3-3, дальность 4Имеет {tap}: Разряд на 2, пока у трех ваших карт есть {counter}.")
    assert res.ast.shape() == "(card (cost effect) (condition effect))"
    assert res.ast.children[0].children[0].text == "Разряд на 2-3-3, дальность 4"
    assert res.ast.children[1].children[0].text == "Имеет {tap}: Разряд на 2"


def test_words_glued_together_are_split():
    res = parse("При погружениина глубинуили всплытии на поверхностьранить все стоящие рядом карты на 1.")
    assert res.ast.attr("head") == "При погружении на глубину или всплытии на поверхность"
    assert res.ast.children[0].attr("action") == "wound"
    # a game word the dictionary does not know is not cut
    assert "небестелесное" in parse("Ранить небестелесное существо на 1.").text
    assert "добивание" in parse("Добивание на 2.").text.casefold()


# ---- keywords listed in quotes; a note on how the effect applies -------------------------------
def test_keywords_listed_in_quotes_are_one_leaf_each():
    res = parse("[:prs]. Строй: «Схрон. Опыт в защите». [:tap]: Метание на 2.")
    cond = res.ast.children[1]
    assert cond.kind == "condition" and cond.attr("head") == "Строй"
    assert cond.children[0].kind == "and_then"
    assert [(c.text, c.attr("keyword"), c.attr("action")) for c in cond.children[0].children] == [
        ("Схрон", "Схрон", "trait"), ("Опыт в защите", "Опыт в защите", "trait")]
    # a quoted ability that is not a list of keywords stays one granted leaf
    assert parse("Получает «Может двигаться по диагонали».").ast.kind == "effect"


def test_regardless_note_belongs_to_the_effect_not_the_condition():
    res = parse("Карты противника могут объявлять выстрел только по Резчику, пока он стоит рядом с существом "
                "противника (вне зависимости от дальности).")
    assert res.ast.kind == "condition"
    assert res.ast.attr("head") == "пока он стоит рядом с существом противника"
    assert res.ast.children[0].attr("note") == "вне зависимости от дальности"


# ---- limits, elliptic clauses, «вместо … , если …», an option under its condition --------------
@pytest.mark.parametrize("text, limit", [
    ("При атаке вашего героя – метание на 1 по атакованному (два раза за ход).", "два раза за ход"),
    ("При разряде вашей карты – Владыка получает +1 к [:atk] (три раза за ваш ход).", "три раза за ваш ход"),
    ("При гибели вашего гнома – он получает +1 к броне (четыре раза за бой).", "четыре раза за бой"),
])
def test_a_limit_in_words_at_the_end_is_the_abilitys(text, limit):
    res = parse(text)
    assert res.ast.kind == "trigger" and res.ast.attr("limit") == limit
    assert "(" not in _leaves(res)[-1].text


def test_an_elliptic_clause_after_comma_a_is_the_next_part():
    res = parse("Когда стоящее рядом существо должно получить отравление на X – вместо этого оно может получить "
                "{zoo}, а Дегустатор – отравление на X.")
    seq = [n for n in res.ast.walk() if n.kind == "and_then"][0]
    assert seq.rule == "505.4" and "505.4.2" not in res.ast.rules()
    assert [(c.text, c.attr("action")) for c in seq.children] == [
        ("получить {zoo}", "gain"), ("Дегустатор – отравление на X", "poison")]


def test_instead_then_if_then_the_body():
    res = parse("Вместо гибели хозяина Ящерки, если он стоит в вашем первом ряду излечить его на X, затем уничтожить ее.")
    assert res.ast.attr("head") == "Вместо гибели хозяина Ящерки"
    inner = res.ast.children[0]
    assert inner.kind == "condition" and inner.attr("head") == "если он стоит в вашем первом ряду"
    assert [c.attr("action") for c in inner.children[0].children] == ["heal", "destroy"]


def test_an_option_under_its_own_condition():
    res = parse("Когда сражается – излечиться на X или если не имеет ран – получить X дополнительных [:tgh].")
    choice = res.ast.children[0]
    assert choice.kind == "choice" and choice.rule == "505.5" and "505.4.2" not in res.ast.rules()
    assert choice.children[0].text == "излечиться на X"
    assert choice.children[1].kind == "condition" and choice.children[1].attr("head") == "если не имеет ран"
    assert choice.children[1].children[0].attr("action") == "gain"


def test_a_keyword_value_or_its_modifier_under_a_condition():
    res = parse("Доспех. Хозяин получает [:regen]-1 или +1 к [:regen], пока носит Шкуру.")
    cond = res.ast.children[1]
    assert cond.kind == "condition" and cond.attr("head") == "пока носит Шкуру"
    assert [c.text for c in cond.children[0].children] == ["Хозяин получает {regen}-1", "+1 к {regen}"]
    # a bare sign, then the value, is one effect
    assert parse("существо получает -1 или +1 к выбранному броску кубика").ast.kind == "effect"


def test_a_keyword_value_after_a_modifier_shares_the_duration():
    res = parse("Когда Клаэр становится защитником, она получает +2 к {strike} и {ova} 1 до конца вашего хода.")
    node = res.ast.children[0]
    assert node.attr("shared") == "до конца вашего хода"
    assert [(c.text, c.attr("action")) for c in node.children] == [
        ("она получает +2 к {strike}", "modify"), ("{ova} 1", "gain")]


def test_an_order_after_the_optional_part_comes_with_it():
    res = parse("В конце хода противника вы можете изгнать с вашего кладбища существо стоимостью X,положите на "
                "кладбище из колоды существо стоимостью X+1.")
    opt = res.ast.children[0]
    assert opt.kind == "optional" and opt.children[0].shape() == "(and_then effect effect)"
    assert [c.attr("action") for c in opt.children[0].children] == ["exile", "place"]


def test_a_passive_may_with_only_is_no_option():
    res = parse("При рассадке симбиотов может быть помещена только на существо с магическими особенностями.")
    assert not [n for n in res.ast.walk() if n.kind == "optional"]


def test_the_obliged_subject_opens_the_ability():
    res = parse("При движении Тови на соседнюю клетку противник обязан переместить свое существо; если он не может "
                "или не хочет этого делать Тови получает +2 к следующему метанию.")
    assert res.ast.attr("head") == "При движении Тови на соседнюю клетку"
    assert res.ast.children[0].kind == "refusable"
    assert res.ast.children[0].children[0].text == "противник обязан переместить свое существо"


def test_modifiers_listed_with_commas_then_a_value_are_parts():
    res = parse("Мракоборец получает +1 к {move}, +2 к {strike} и {armor}2.")
    assert [(n.text, n.attr("action")) for n in _leaves(res)] == [
        ("Мракоборец получает +1 к {move}", "modify"), ("+2 к {strike}", "modify"), ("{armor}2", "gain")]
    # one modifier written for two stats is +1 to each: two leaves, the qualifier shared
    both = parse("+1 к {strike} и {direct} по лесным существам.").ast
    assert both.kind == "and_then" and both.attr("shared") == "по лесным существам"
    assert [(n.text, n.attr("action"), thaw(n.attr("args"))["stat"]) for n in both.children] == [
        ("+1 к {strike}", "modify", "strike"), ("{direct}", "modify", "direct")]


def test_a_preposition_glued_to_its_word_is_split():
    res = parse("Получает +1 к {strike}, +1 квыстрелу и +1 к {armor}.")
    assert [n.text for n in _leaves(res)] == ["Получает +1 к {strike}", "+1 к выстрелу", "+1 к {armor}"]


def test_for_each_scope_is_a_header_over_the_next_part():
    res = parse("В начале боя – назовите до 3 разных классов; для каждого из них – другое ваше существо с таким "
                "классом получает маркер «страж».")
    seq = res.ast.children[0]
    assert seq.rule == "505.4.1" and "505.4.2" not in res.ast.rules()
    assert seq.children[1].kind == "condition" and seq.children[1].attr("head") == "для каждого из них"
    assert seq.children[1].children[0].attr("action") == "gain"


def test_an_order_glued_to_the_optional_infinitive_comes_with_it():
    res = parse("До набора отряда – вы можете заплатить 2{elite} положите Элементаля на кладбище.")
    opt = res.ast.children[0]
    assert opt.kind == "optional" and opt.children[0].kind == "and_then"
    assert [c.text for c in opt.children[0].children] == ["заплатить 2{elite}", "положите Элементаля на кладбище"]


def test_after_clause_with_a_negated_verb_is_the_next_part():
    res = parse("Может нападать [:atk] два раза за ход, после первого [:atk] не закрывается.")
    assert res.ast.shape() == "(and_then effect (trigger effect))"
    assert res.ast.children[1].attr("head") == "после первого {strike}"
    assert res.ast.children[1].children[0].attr("action") == "restrict"


def test_a_clause_opened_by_this_noun_after_a_comma_is_the_next_part():
    res = parse("[:tap]: Излечить лесное существо на X, где X – число, выпавшее на кубике, это существо теряет отравление.")
    assert [(n.text, n.attr("action")) for n in _leaves(res)] == [
        ("Излечить лесное существо на X, где X – число, выпавшее на кубике", "heal"),
        ("это существо теряет отравление", "lose")]
