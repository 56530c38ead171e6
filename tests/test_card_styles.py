"""Card text as the public card databases write it (texts written for these tests in
their styles: missing dashes and full stops, «[:x]» icons, en-dash minus), and typed
effects (grammar/effects.yaml): exact AST shapes, paragraphs and actions."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.abilities.effects import classify, thaw
from bot.abilities.parser import parse
from bot.errors import ParseError
from bot.textnorm import normalize_card_text


def _actions(res) -> list[str | None]:
    return [n.attr("action") for n in res.ast.walk() if n.kind == "effect"]


def _args(node) -> dict:
    return thaw(node.attr("args") or ())


# ---- structure: the classic database style («[:x]» icons, «, при этом - …») ----------------
@pytest.mark.parametrize("text, shape, rules, actions", [
    ("[:tap]: Закрыть хозяина, при этом - Кольцо помещается на выбранное существо противника",
     "(cost (and_then effect effect))", ["505.4"], ["close", "place"]),
    ("[:tap]: Ранить на 3 стоящее напротив существо противника, при этом - оно получает -1 к [:mvt]",
     "(cost (and_then effect effect))", ["505.4"], ["wound", "modify"]),
    ("[:unq].", "effect", [], ["trait"]),
    ("[:rgn]-2.", "effect", [], ["trait"]),
    ("[:2hod]: Начинает бой с [:cnt].", "(condition effect)", [], ["counters"]),
    ("Гном. Опыт в защите. [:tap]: Разряд на 2-2-3.", "(card effect effect (cost effect))", [],
     ["class", "trait", "discharge"]),
    ("-Х к своему [:atk], где Х - число [:cnt] на Тролле.", "effect", [], ["modify"]),
])
def test_classic_style(text, shape, rules, actions):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == shape
    assert res.ast.rules() == rules
    assert _actions(res) == actions


def test_bracket_icons_take_the_grammar_names():
    assert normalize_card_text("[:atk] [:cnt] [:tgh] [:2hod] [:1hod] [:tap] [:xyz]") == \
        "{strike} {counter} {health} {second} {first} {tap} {xyz}"


def test_a_minus_written_as_a_dash_is_a_sign():
    for text in ("Бестелесный: –1 от [:atk]", "получить −1 к разряду", "–2 от выстрелов"):
        res = parse(text)
        assert res.complete and "505.4.2" not in res.ast.rules(), text
    res = parse("Бестелесный: –1 от {strike}")
    assert res.ast.shape() == "(named effect)" and res.ast.attr("head") == "Бестелесный"
    assert res.ast.attr("effect_kind") == "особенность" and res.ast.attr("keyword") == "бестелесный"
    leaf = res.ast.children[0]
    assert leaf.text == "-1 от {strike}" and leaf.attr("action") == "modify"
    assert _args(leaf)["amount"]["n"] == -1 and _args(leaf)["stat"] == "strike"
    # a range keeps its hyphens, a dash between words stays 505.4.2
    assert parse("Ранить на 1-2-3 – получить {counter}").ast.rule == "505.4.2"


@pytest.mark.parametrize("text", ["{second}: Начинает бой с {counter}", "{first}: +1 к {move}",
                                  "{wolf}: в начале вашего хода – выбранное существо получает -1 к {strike}"])
def test_move_order_and_form_icons_are_conditions_not_costs(text):
    res = parse(text)
    assert res.complete and res.ast.kind == "condition"
    assert not [n for n in res.ast.walk() if n.kind == "cost"]
    assert res.ast.attr("head") == text.split(":")[0]


# ---- structure: the 2023+ database style (no dashes, no full stops) -------------------------
@pytest.mark.parametrize("text, shape, heads", [
    ("Когда получает вторую {counter} потерять все {counter}, при этом получить 2 раны",
     "(trigger (and_then effect effect))", ["Когда получает вторую {counter}"]),
    ("Когда уничтожает выстрелом карту противника получает +1 к выстрелу",
     "(trigger effect)", ["Когда уничтожает выстрелом карту противника"]),
    ("При {strike} может излечиться на 2", "(trigger (optional effect))", ["При {strike}"]),
    ("В начале вашего хода пророчество 1; если показанная карта {elite} получить {counter}",
     "(trigger (and_then effect (condition effect)))", ["В начале вашего хода", "если показанная карта {elite}"]),
    ("После того как ваше существо уничтожает существо противника Волколак может открыть это существо",
     "(trigger (optional effect))", ["После того как ваше существо уничтожает существо противника"]),
    ("Пока у Вдовы больше 8 {health} может блокировать первое излечение",
     "(condition (optional effect))", ["Пока у Вдовы больше 8 {health}"]),
    ("На глубине: {instant}{tap}: Закрыть выбранное существо", "(condition (cost effect))", ["На глубине"]),
    ("Вальхалла: ранить ваше существо на 1, при этом оно получает {counter}",
     "(trigger (and_then effect effect))", ["Вальхалла"]),
])
def test_headers_without_a_dash(text, shape, heads):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == shape
    assert [n.attr("head") for n in res.ast.walk() if n.attr("head")] == heads


@pytest.mark.parametrize("text, head, body", [
    # the ability's subject stays with the ability, not the header
    ("При гибели вашего существа от атаки противника Мститель получает +2 к ударам",
     "При гибели вашего существа от атаки противника", "Мститель получает +2 к ударам"),
    ("Когда ваш пират атакует он получает +1 к броску кубика", "Когда ваш пират атакует",
     "он получает +1 к броску кубика"),
    ("В начале боя ваше существо с классом получает класс пират", "В начале боя",
     "ваше существо с классом получает класс пират"),
    ("Пока в отряде противника есть существа с экипировкой, Ворон может объявлять атаку только по ним",
     "Пока в отряде противника есть существа с экипировкой", "Ворон может объявлять атаку только по ним"),
    ("До начала хода противника – свободная клетка получает маркер «костра»", "До начала хода противника",
     "свободная клетка получает маркер «костра»"),
    ("В ход противника – предотвращает первые 2 раны от выстрелов", "В ход противника",
     "предотвращает первые 2 раны от выстрелов"),
    ("Cтрой: Опыт в защите", "Строй", "Опыт в защите"),   # a Latin «C»
    ("Когда ваш тролль должен получить X ран может получить X ран вместо него",
     "Когда ваш тролль должен получить X ран", "получить X ран вместо него"),
    ("Когда уничтожает существо противника стоящее рядом существо становится темным",
     "Когда уничтожает существо противника", "стоящее рядом существо становится темным"),
    ("При гибели вашего лесного существа Лесной страж может получить 2 раны",
     "При гибели вашего лесного существа", "получить 2 раны"),
    ("При {strike} ваше существо получает благословление", "При {strike}", "ваше существо получает благословление"),
    ("Когда ваше существо погружается на глубину или всплывает на поверхность Чертог получает {tok}",
     "Когда ваше существо погружается на глубину или всплывает на поверхность", "Чертог получает {tok}"),
    ("Когда получает раны от атаки стоимостью X можете найти в колоде существо, оно считается погибшим",
     "Когда получает раны от атаки стоимостью X", ("найти в колоде существо", "оно считается погибшим")),
    ("В ваш ход атаки ваших эльфов по закрытым картам сводятся к сильным", "В ваш ход",
     "атаки ваших эльфов по закрытым картам сводятся к сильным"),
    ("Когда перемещается на клетку третьего ряда полностью излечиться", "Когда перемещается на клетку третьего ряда",
     "полностью излечиться"),
    ("При гибели показанный демон переходит под контроль противника", "При гибели",
     "показанный демон переходит под контроль противника"),
    ("Когда закрывается, чтобы переместить вашу машину может открыться", "Когда закрывается, чтобы переместить вашу машину",
     "открыться"),     # (trigger (optional effect))
    ("Когда существо противника закрывается на удар по летающим ранить его на 1-2-2",
     "Когда существо противника закрывается на удар по летающим", "ранить его на 1-2-2"),
])
def test_where_a_header_ends(text, head, body):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.attr("head") == head
    # (a pronoun clause after the comma is a part of its own: two leaves)
    assert [n.text for n in res.ast.walk() if n.kind == "effect"] == (list(body) if isinstance(body, tuple) else [body])


def test_a_definition_dash_inside_a_clause_is_not_a_connective():
    res = parse("В начале хода противника – хозяин получает маркер «удушение», пока Отпрыск – его паразит")
    assert res.ast.shape() == "(trigger (condition effect))" and "505.4.2" not in res.ast.rules()
    assert res.ast.children[0].attr("head") == "пока Отпрыск – его паразит"


def test_a_named_effect_as_a_later_part():
    res = parse("В конце хода, если имеет 24 или более {health} – уничтожается, при этом – воздействие "
                "«лопнуть» – ранить каждую стоящую рядом карту на 5")
    assert res.ast.shape() == "(trigger (condition (and_then effect (named effect))))"
    assert res.ast.rules() == ["505.4"]
    named = [n for n in res.ast.walk() if n.kind == "named"][0]
    assert named.attr("name") == "лопнуть" and named.children[0].attr("action") == "wound"


def test_a_trigger_as_a_later_part():
    res = parse("При {strike} – может изгнать это существо; при гибели Медного дракона – вернуть из изгнания "
                "существо с 5 ранами")
    assert res.ast.shape() == "(trigger (optional (and_then effect (trigger effect))))"
    assert res.ast.rules() == ["505.8", "505.4.1"]


def test_a_condition_after_a_clause_trigger_without_commas():
    res = parse("Когда другое ваше существо нападает {strike} если оно уже нападало {strike} в этот ход открыться")
    assert res.ast.shape() == "(trigger (condition effect))"
    assert [n.attr("head") for n in res.ast.walk() if n.attr("head")] == [
        "Когда другое ваше существо нападает {strike}", "если оно уже нападало {strike} в этот ход"]


def test_a_named_effect_after_a_condition():
    res = parse("При выстреле – атакованное существо бросает кубик, если оно выбросило меньше – воздействие "
                "«кровотечение» – ранить атакованного на 1")
    assert res.ast.shape() == "(trigger (and_then effect (condition (named effect))))"


def test_before_recruiting_is_a_header():
    res = parse("До набора отряда вы можете показать Шпионку из своей раздачи, при этом посмотреть 2 карты")
    assert res.ast.shape() == "(trigger (optional (and_then effect effect)))" and res.ast.attr("head") == "До набора отряда"
    assert res.ast.children[0].attr("subject") == "вы"   # «вы можете» is 505.8 with its subject


def test_a_note_in_parentheses_is_not_a_limit():
    leaf = parse("В конце вашего хода разряд на 1 (+2 к разряду за каждую {counter})").ast.children[0]
    assert leaf.attr("limit") is None


def test_a_refusal_to_be_moved_is_one_connective():
    res = parse("При {strike} может переместить атакованное существо; если атакованный не может или не хочет "
                "быть перемещен Молотобоец ранит его на 2")
    ref = [n for n in res.ast.walk() if n.kind == "refusable"][0]
    assert [c.text for c in ref.children] == ["переместить атакованное существо", "Молотобоец ранит его на 2"]


@pytest.mark.parametrize("text, shape, parts", [
    ("{tap}: Разряд на 1, дальность 3 (до 2 раз в ход) {counter}{tap}: Выстрел на 3",
     "(card (cost effect) (cost effect))", ["Разряд на 1, дальность 3", "Выстрел на 3"]),
    ("Получить {counter} (воздействие прилив сил ) В конце вашего хода разряд на 1",
     "(card (named effect) (trigger effect))", ["Получить {counter}", "разряд на 1"]),
    ("X {counter}{tap}: Ранить выбранное существо на X", "(cost effect)", ["Ранить выбранное существо на X"]),
])
def test_abilities_without_a_full_stop(text, shape, parts):
    res = parse(text)
    assert res.complete, res.unparsed
    assert res.ast.shape() == shape
    assert [n.text for n in res.ast.walk() if n.kind == "effect"] == parts


def test_a_limit_before_a_cost_without_a_full_stop_stays_with_its_ability():
    with_stop = parse("{tap}: Разряд на 1 (до 2 раз в ход). {counter}{tap}: Выстрел на 3")
    without = parse("{tap}: Разряд на 1 (до 2 раз в ход) {counter}{tap}: Выстрел на 3")
    assert without.ast.shape() == with_stop.ast.shape() == "(card (cost effect) (cost effect))"
    # (the limit is the paid ability's, as «(1 раз за ход)» at the end of a sentence)
    assert without.ast.children[0].attr("limit") == with_stop.ast.children[0].attr("limit") == "до 2 раз в ход"


def test_a_count_before_a_cost_icon_is_the_cost_variable():
    res = parse("X {counter}{tap}: Ранить выбранное существо на X")
    assert res.ast.attr("variable") == "X" and res.ast.attr("icons") == ("counter", "tap")
    assert _args(res.ast.children[0])["amount"] == {"n": None, "x": True, "range": None}


def test_a_granted_ability_is_one_effect():
    res = parse("Получает {tap}: Магический удар на 3, пока стоит рядом с врагом")
    assert res.complete and res.ast.shape() == "(condition effect)" and res.ast.children[0].attr("action") == "gain"
    assert res.ast.attr("head") == "пока стоит рядом с врагом"


# ---- what complete parses used to get wrong ---------------------------------------------------
def test_a_case_split_is_cases_not_do_all():
    res = parse("В начале боя, если в вашем отряде есть герой-воин – получить {counter}, "
                "если герой-маг – разряд на 1, если герой-жрец – излечиться на 2")
    assert res.complete
    assert res.ast.shape() == "(trigger (cases (condition effect) (condition effect) (condition effect)))"
    cases = res.ast.children[0]
    assert [c.attr("head") for c in cases.children] == [
        "если в вашем отряде есть герой-воин", "если герой-маг", "если герой-жрец"]
    assert _actions(res) == ["counters", "discharge", "heal"]
    assert res.ast.rules() == []
    # without dashes (2023+ style), after a first part
    res = parse("При {strike} пророчество 2; если обе карты {elite} ранить атакованного на 2, "
                "если обе карты {ordinary} атакованный получает отравление на 2")
    assert res.ast.shape() == "(trigger (and_then effect (cases (condition effect) (condition effect))))"
    assert res.ast.rules() == ["505.4.1"]
    assert _actions(res) == ["prophecy", "wound", "poison"]


def test_libo_libo_libo_is_a_choice():
    res = parse("В начале хода получает либо {regen} 2, либо +2 к {strike}, либо +1 к {move}")
    assert res.ast.shape() == "(trigger (choice effect effect effect))"
    assert res.ast.rules() == ["505.5"]
    assert [c.text for c in res.ast.children[0].children] == [
        "получает либо {regen} 2", "+2 к {strike}", "+1 к {move}"]
    # nouns joined by «либо … либо» stay one effect
    assert parse("Ранить либо существо, либо артефакт противника на 2").ast.shape() == "effect"


def test_a_trailing_condition_with_a_dash_governs_the_next_part():
    res = parse("{tap}: Закрыть выбранное существо, если оно летающее – ранить его на 1")
    assert res.ast.shape() == "(cost (and_then effect (condition effect)))"
    and_then = res.ast.children[0]
    assert and_then.rule == "505.4" and "505.4.2" not in res.ast.rules()
    assert and_then.children[1].attr("head") == "если оно летающее"
    # a trailing condition with no dash after it is the condition of its own part
    assert parse("Ранить выбранное существо на 2, если оно закрыто").ast.shape() == "(condition effect)"


def test_a_closing_pri_etom_is_no_connective():
    res = parse("В начале боя может объявить простой удар по карте противника, не закрываясь при этом.")
    assert res.complete and res.ast.shape() == "(trigger (optional effect))"
    assert not parse("Ранить на 2, при этом").complete


@pytest.mark.parametrize("text", ["как приготовить борщ", "привет", "Привет. Как дела?"])
def test_text_that_is_not_card_text_is_an_error(text):
    with pytest.raises(ParseError) as exc:
        parse(text)
    assert "не похоже на текст карты" in str(exc.value)


def test_cli_exit_code_for_text_that_is_not_card_text():
    out = subprocess.run([sys.executable, "-m", "bot", "parse", "как приготовить борщ"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "не похоже на текст карты" in out.stderr


# ---- typed effects ------------------------------------------------------------------------------
def test_typed_effects_carry_action_target_and_amount():
    res = parse("{tap}: Уничтожить Гроксу, при этом ранить выбранное закрытое существо противника на 3",
                name="Грокса")
    destroy, wound = [n for n in res.ast.walk() if n.kind == "effect"]
    assert destroy.attr("action") == "destroy" and _args(destroy)["target"]["who"] == "self"
    and_then = res.ast.children[0]
    assert and_then.attr("self_source") is True and res.ast.rules() == ["505.4", "505.9"]
    assert wound.attr("action") == "wound"
    assert _args(wound) == {"amount": {"n": 3, "x": False, "range": None},
                            "target": {"who": "chosen", "owner": "enemy", "kind": "creature",
                                       "restrictions": ["closed"]}}
    assert res.typed


@pytest.mark.parametrize("text, action, args", [
    ("Разряд на 1-2-2, дальность 3", "discharge", {"amount": {"n": None, "x": False, "range": [1, 2, 2]}}),
    ("Излечиться на 2", "heal", {"amount": {"n": 2, "x": False, "range": None},
                                 "target": {"who": "self", "owner": None, "kind": None, "restrictions": []}}),
    ("Получить 2 раны", "wound", {"amount": {"n": 2, "x": False, "range": None},
                                  "target": {"who": "self", "owner": None, "kind": None, "restrictions": []}}),
    ("ранить его на 1", "wound", {"amount": {"n": 1, "x": False, "range": None},
                                  "target": {"who": "it", "owner": None, "kind": None, "restrictions": []}}),
    ("Ранить всех стоящих рядом существ противника на 1", "wound",
     {"amount": {"n": 1, "x": False, "range": None},
      "target": {"who": "all", "owner": "enemy", "kind": "creature", "restrictions": ["adjacent"]}}),
    ("+1 к {strike} по горным", "modify", {"amount": {"n": 1, "x": False, "range": None}, "stat": "strike",
                                           "direction": "to"}),
    ("Не может атаковать", "restrict", {"what": "attack"}),
    ("{uchr} на 1", "strike", {"icon": "uchr", "amount": {"n": 1, "x": False, "range": None}}),
    ("Герой-маг", "class", {"classes": ["Герой-маг"]}),
    ("Броня 2", "trait", {"keyword": "Броня", "amount": {"n": 2, "x": False, "range": None}}),
    ("Атакованный спорит с судьей", None, {}),
    ("Воздействие натравить сову закрыть летающее существо противника", "close",
     {"target": {"who": "enemy", "owner": "enemy", "kind": "creature", "restrictions": ["flying"]}}),
    ("совершить прыжок, дальность 3", "move", {"amount": {"n": 3, "x": False, "range": None}}),
    ("{direct} по героям", "trait", {"icon": "direct"}),
    # a standing permission (imperfective verb after «может»), not a one-time move
    ("Может двигаться по диагонали", "permission", {"what": "move"}),
    ("Может атаковать летающих", "permission",
     {"what": "attack", "target": {"who": None, "owner": None, "kind": None, "restrictions": ["flying"]}}),
    ("Безответный удар", "trait", {"keyword": "Безответный удар"}),
    ("Стоящие рядом существа противника получают на 1 рану больше от отравления", "modify",
     {"amount": {"n": 1, "x": False, "range": None}, "stat": "рана", "direction": "to",
      "target": {"who": "enemy", "owner": "enemy", "kind": "creature", "restrictions": ["adjacent"]}}),
    ("Ваши существа с выстрелом или метанием получают +1 к дальности", "modify",
     {"amount": {"n": 1, "x": False, "range": None}, "stat": "дальность", "direction": "to",
      "target": {"who": "own", "owner": "own", "kind": "creature", "restrictions": []}}),
    ("объявить движение на клетку напротив", "move",
     {"target": {"who": None, "owner": None, "kind": "cell", "restrictions": ["opposite"]}}),
    ("покажите 2 карты из руки", "reveal",
     {"amount": {"n": 2, "x": False, "range": None}, "target": {"who": None, "owner": None, "kind": "card", "restrictions": []}}),
])
def test_classify(text, action, args):
    assert classify(text) == (action, args)


def test_json_has_typed_and_effect_action_args():
    out = subprocess.run([sys.executable, "-m", "bot", "parse", "--json", "{tap}: Ранить выбранное существо на 2"],
                         capture_output=True, text=True, timeout=60)
    data = json.loads(out.stdout)
    assert data["complete"] is True and data["typed"] is True
    leaf = data["ast"]["children"][0]
    assert leaf["kind"] == "effect" and leaf["action"] == "wound"
    assert leaf["args"]["target"]["who"] == "chosen" and leaf["args"]["amount"]["n"] == 2
    assert "attrs" not in leaf or "action" not in leaf["attrs"]


def test_untyped_effect_is_complete_but_not_typed():
    res = parse("Атакованный спорит с выбранным существом")
    assert res.complete and not res.typed
    assert res.to_json()["typed"] is False and res.to_json()["ast"]["action"] is None
