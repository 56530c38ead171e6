"""The card-text grammar: eval set, structure, attributes, spans, errors, CLI, corpus."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.abilities.ast import Node
from bot.abilities.parser import parse, parse_answer, format_tree
from bot.errors import ParseError

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CASES = yaml.safe_load((DATA / "abilities.yaml").read_text(encoding="utf-8"))
HOLDOUT = [c for f in sorted(DATA.glob("abilities_holdout*.yaml")) for c in yaml.safe_load(f.read_text(encoding="utf-8"))]


def _ws(s: str) -> str:
    return " ".join(s.split())


def _find(node: Node, kind: str) -> list[Node]:
    return [n for n in node.walk() if n.kind == kind]


# ---- the development eval set ------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=[c["text"][:40] for c in CASES])
def test_eval_case_tree_and_rules(case):
    res = parse(case["text"])
    assert res.complete, res.unparsed
    assert _ws(res.ast.shape()) == _ws(case["tree"])
    assert set(res.ast.rules()) == set(case["rules"])


@pytest.mark.parametrize("case", HOLDOUT, ids=[c["text"][:40] for c in HOLDOUT])
def test_holdout_case_tree_and_rules(case):
    res = parse(case["text"])
    assert res.complete, res.unparsed
    assert _ws(res.ast.shape()) == _ws(case["tree"])
    assert set(res.ast.rules()) == set(map(str, case["rules"]))


# ---- compound structure (505) ---------------------------------------------------------------
def test_and_then_forms_cite_their_paragraphs():
    assert parse("Ранить существо на 2, при этом получить фишку").ast.rule == "505.4"
    assert parse("Ранить существо на 2; получить фишку").ast.rule == "505.4.1"
    assert parse("Ранить существо на 2 – получить фишку").ast.rule == "505.4.2"
    assert parse("Ранить существо на 2 — получить фишку").ast.rule == "505.4.2"
    assert parse("Ранить существо на 2 - получить фишку").ast.rule == "505.4.2"


def test_and_then_is_nary_and_mixed_separators_cite_all():
    ast = parse("Ранить себя на 1 – разряд на 2; получить фишку, при этом излечиться на 1").ast
    assert ast.shape() == "(and_then effect effect effect effect)"
    assert ast.rule == "505.4.2"
    assert ast.rules() == ["505.4.2", "505.4.1", "505.4"]


def test_choice_binds_tighter_than_and_then():
    ast = parse("Ранить существо на 2 или закрыть его; получить фишку").ast
    assert ast.shape() == "(and_then (choice effect effect) effect)"
    assert [c.text for c in ast.children[0].children] == ["Ранить существо на 2", "закрыть его"]


def test_libo_is_a_choice():
    ast = parse("Получить фишку, либо излечить ваше существо на 1").ast
    assert (ast.kind, ast.rule) == ("choice", "505.5")


@pytest.mark.parametrize("text", [
    "Ранить существо или артефакт противника на 2",
    "Ранить себя или стоящее рядом существо на 1",
    "Уничтожить выбранный артефакт или экипировку противника",
    "Выбранное существо получает +1 к удару или к движению",
])
def test_noun_ili_stays_inside_one_effect(text):
    ast = parse(text).ast
    assert ast.kind == "effect" and ast.text == text


def test_ili_between_two_modifiers_is_a_choice():
    # each alternative is a whole modifier: the player gets one of them (505.5)
    ast = parse("Выбранное существо получает +1 к удару или +1 к движению").ast
    assert ast.shape() == "(choice effect effect)" and ast.rule == "505.5"
    assert [c.text for c in ast.children] == ["Выбранное существо получает +1 к удару", "+1 к движению"]


def test_ili_before_a_verb_or_effect_noun_is_a_choice():
    assert parse("Разряд на 1 или особый удар на 2").ast.shape() == "(choice effect effect)"
    assert parse("Оно получает -1 к удару или теряет фишку").ast.shape() == "(choice effect effect)"


def test_otherwise_and_refusable_bind_loosest():
    ast = parse("Закрыть выбранное существо, в противном случае – ранить его на 2 или получить фишку").ast
    assert ast.shape() == "(otherwise effect (choice effect effect))"
    assert ast.rules() == ["505.6", "505.5"]
    ast = parse("Противник теряет фишку; если противник не может или не хочет этого сделать – разряд на 2").ast
    assert (ast.kind, ast.rule) == ("refusable", "505.7")
    assert [c.text for c in ast.children] == ["Противник теряет фишку", "разряд на 2"]


def test_may_lists_abilities_joined_by_and_and_commas():
    ast = parse("{tap}: Может закрыться, переместиться на соседнюю клетку и ранить стоящее рядом существо на 1").ast
    assert ast.shape() == "(cost (optional effect effect effect))"
    assert [c.text for c in ast.children[0].children] == [
        "закрыться", "переместиться на соседнюю клетку", "ранить стоящее рядом существо на 1"]
    assert ast.children[0].text.startswith("Может")


def test_may_covers_everything_after_it():
    ast = parse("Ранить выбранное существо на 2, при этом может получить фишку или излечиться на 1").ast
    assert ast.shape() == "(and_then effect (optional (choice effect effect)))"


@pytest.mark.parametrize("text", [
    "Выбранное существо может атаковать дважды до конца хода",
    "Существо противника не может атаковать это существо",
    "Может закрыть существо и артефакт противника",
])
def test_may_not_opening_an_ability_or_and_joining_nouns(text):
    ast = parse(text).ast
    assert ast.shape() in ("effect", "(optional effect)")
    assert all(n.kind in ("effect", "optional") for n in ast.walk())


def test_self_source_505_9():
    for text in ("Уничтожить себя, при этом ранить выбранное существо на 3",
                 "Вернуть в колоду себя, при этом излечить ваше существо на 4",
                 "Вернуть себя в колоду, при этом получить 2 фишки"):
        ast = parse(text).ast
        assert ast.attr("self_source") is True
        assert ast.rules() == ["505.4", "505.9"]
    ast = parse("Уничтожить выбранное существо, при этом получить фишку").ast
    assert ast.attr("self_source") is None and ast.rules() == ["505.4"]


# ---- card structure ------------------------------------------------------------------------
def test_cost_icons_variable_and_bracket_form():
    ast = parse("X{counter}{tap}: Разряд на X").ast
    assert ast.kind == "cost" and ast.attr("icons") == ("counter", "tap") and ast.attr("variable") == "X"
    res = parse("[:counter][:tap]: Разряд на 1")
    assert res.text == "{counter}{tap}: Разряд на 1"
    assert res.ast.attr("icons") == ("counter", "tap")


def test_seed_example_with_lost_icon_still_has_a_cost():
    res = parse('" : Уничтожить ваше существо - разряд на 4"')
    assert res.text == ": Уничтожить ваше существо – разряд на 4"
    assert res.ast.shape() == "(cost (and_then effect effect))"


def test_trigger_condition_named_heads():
    ast = parse("Когда существо рядом погибает — получить фишку").ast
    assert ast.kind == "trigger" and ast.attr("head") == "Когда существо рядом погибает"
    ast = parse("В начале хода противника может открыться").ast
    assert ast.kind == "trigger" and ast.attr("head") == "В начале хода противника"
    ast = parse("Если рядом есть враг, то получает +1 к удару").ast
    assert ast.kind == "condition" and ast.children[0].text == "получает +1 к удару"
    ast = parse("Воздействие «удар молнии» — разряд на 2").ast
    assert ast.kind == "named" and ast.attr("name") == "удар молнии" and ast.attr("effect_kind") == "воздействие"
    ast = parse("Заклинание каменная кожа — выбранное существо получает броню 2").ast
    assert ast.kind == "named" and ast.attr("name") == "каменная кожа"


def test_header_words_inside_a_sentence_are_words():
    ast = parse("Получает +1 к удару, пока рядом есть ваше существо").ast
    # «пока» after the leaf is its condition, not a header over the sentence
    assert ast.kind == "condition" and ast.attr("head") == "пока рядом есть ваше существо"
    assert ast.children[0].text == "Получает +1 к удару" and ast.children[0].attr("action") == "modify"


def test_keyword_abilities_and_limits_are_attributes():
    ast = parse("Броня 2.\nИнкарнация 3.\nТелепортация.").ast
    assert ast.kind == "card"
    assert [(c.attr("keyword"), c.attr("value")) for c in ast.children] == [
        ("Броня", "2"), ("Инкарнация", "3"), ("Телепортация", None)]
    assert parse("Разряд на 2").ast.attr("keyword") is None
    ast = parse("{tap}: Разряд на 1 (не более 2 раз за ход)").ast
    assert ast.kind == "cost" and ast.attr("limit") == "не более 2 раз за ход"
    assert ast.text.endswith("(не более 2 раз за ход)")
    assert parse("Строй: {armor}2.").ast.children[0].attr("keyword") == "armor"


def test_several_abilities_by_line_and_by_sentence():
    ast = parse("Броня 1.\n{tap}: Разряд на 1. При гибели — получить фишку.").ast
    assert ast.shape() == "(card effect (cost effect) (trigger effect))"


# ---- spans and JSON ---------------------------------------------------------------------------
def test_spans_refer_to_the_normalised_text():
    res = parse("{tap}:  Уничтожить  ваше существо — разряд на 4 ")
    assert res.text == "{tap}: Уничтожить ваше существо – разряд на 4"
    for n in res.ast.walk():
        assert res.text[n.span[0]:n.span[1]] == n.text
    leaves = [n.span for n in res.ast.walk() if n.kind == "effect"]
    assert leaves == [(7, 31), (34, 45)]


def test_typography_normalised_yo_and_variable():
    res = parse("Снять с вашего существа Х дополнительных жизней, при этом излечить её на х")
    assert "X дополнительных" in res.text and res.text.endswith("ее на X")


def test_json_form():
    d = parse("{tap}: Ранить существо на 1; получить фишку").to_json()
    assert d["complete"] is True and d["unparsed"] == []
    assert d["ast"]["kind"] == "cost" and d["ast"]["attrs"]["icons"] == ["tap"]
    inner = d["ast"]["children"][0]
    assert {k: inner[k] for k in ("kind", "rule", "span")} == {"kind": "and_then", "rule": "505.4.1", "span": [7, 43]}
    assert [c["text"] for c in inner["children"]] == ["Ранить существо на 1", "получить фишку"]


# ---- honest coverage ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, kept, unparsed", [
    ("Ранить выбранное существо на 1; если противник не может или не хочет этого сделать",
     "Ранить выбранное существо на 1", "; если противник не может или не хочет этого сделать"),
    ("Ранить на 2, при этом", "Ранить на 2", ", при этом"),
    ("Ранить на 2, либо", "Ранить на 2", ", либо"),
    ("ранить @ существо", "ранить", "@ существо"),
])
def test_a_dangling_connective_or_unknown_sign_makes_the_result_partial(text, kept, unparsed):
    res = parse(text)
    assert res.complete is False
    assert res.ast.text == kept
    assert [u.text for u in res.unparsed] == [unparsed]
    u = res.unparsed[0]
    assert res.text[u.span[0]:u.span[1]] == unparsed and u.reason


def test_unfinished_header_is_reported_not_guessed():
    res = parse("При гибели. Получить фишку.")
    assert res.complete is False
    assert res.unparsed[0].text == "При гибели" and "конец условия" in res.unparsed[0].reason
    assert res.ast.text == "Получить фишку"


# ---- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, position", [
    ("", 0), ("   ", 0), ("...;,", 0), ("{tap}:", 6),
    ("Воздействие «удар молнии — разряд на 2", 12),
    ("ранить» существо", 6),
    ("При гибели", 10),
    ("@@@ ###", 0),
])
def test_not_card_text_raises_parse_error_with_position(text, position):
    with pytest.raises(ParseError) as exc:
        parse(text)
    err = exc.value
    assert isinstance(err, ValueError)
    assert err.position == position
    assert err.expected
    assert re.search(r"[А-Яа-я]", str(err))


def test_huge_noise_is_a_parse_error():
    with pytest.raises(ParseError) as exc:
        parse("ъ" * 100_000)
    assert "длинный" in str(exc.value)


def test_parse_answer():
    ans = parse_answer("Излечить ваше существо на 3 или получить фишку; противник получает фишку")
    assert ans.route == "parse"
    assert ans.citations == ["505.4.1", "505.5"]
    assert ans.blocks[0].kind == "code" and "and_then [505.4.1]" in ans.blocks[0].text
    bad = parse_answer("")
    assert bad.route == "parse" and bad.blocks[0].kind == "note" and bad.citations == []


def test_format_tree_is_indented_with_paragraphs():
    text = format_tree(parse("{tap}: Уничтожить ваше существо – разряд на 4").ast)
    assert text.splitlines() == [
        "cost (значки: {tap})",
        "  and_then [505.4.2]",
        "    effect «Уничтожить ваше существо» → destroy",
        "    effect «разряд на 4» → discharge",
    ]


# ---- CLI ---------------------------------------------------------------------------------------
def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "parse", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_parse_text_and_json():
    out = _run("При гибели — особый удар на 2")
    assert out.returncode == 0
    assert "trigger" in out.stdout and "effect «особый удар на 2»" in out.stdout
    out = _run("Ранить на 2; получить фишку", "--json")
    d = json.loads(out.stdout)
    assert d["ast"]["rule"] == "505.4.1" and d["complete"] is True


def test_cli_parse_error_exit_1_russian():
    out = _run("«ранить")
    assert out.returncode == 1 and "кавычка" in out.stderr


def test_cli_parse_file_json_lines_and_summary(tmp_path):
    f = tmp_path / "cards.txt"
    f.write_text("{tap}: Разряд на 2.\\nПри гибели — получить фишку.\nРанить на 2, при этом\n\n«плохо\n", encoding="utf-8")
    out = _run("--file", str(f))
    assert out.returncode == 0
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r.get("complete") for r in rows] == [True, False, None]
    assert rows[0]["ast"]["kind"] == "card"
    assert "error" in rows[2]
    assert "полностью: 1" in out.stderr and "частично: 1" in out.stderr and "ошибки: 1" in out.stderr


# ---- the corpus ---------------------------------------------------------------------------------
def _corpus() -> list[str]:
    lines = (DATA / "cards.txt").read_text(encoding="utf-8").splitlines()
    return [ln.replace("\\n", "\n") for ln in lines if ln.strip() and not ln.startswith("#")]


# every text of the corpus the grammar reads only in part: (text, unparsed text)
CORPUS_PARTIAL = {
    "{tap}: Ранить выбранное существо на 2, при этом.": ", при этом",
    "Ранить выбранное существо на 1; если противник не может или не хочет этого сделать.":
        "; если противник не может или не хочет этого сделать",
    "При гибели.\nЗащита от магии.": "При гибели",
    "{tap}: Разряд на 2 ★ по выбранному существу.": "★ по выбранному существу",
}


def test_corpus_size_and_completeness():
    texts = _corpus()
    assert len(texts) >= 150
    results = [parse(t) for t in texts]
    complete = sum(r.complete for r in results)
    assert complete / len(texts) >= 0.95
    partial = {t: r for t, r in zip(texts, results) if not r.complete}
    assert set(partial) == set(CORPUS_PARTIAL)
    for t, r in partial.items():
        assert [u.text for u in r.unparsed] == [CORPUS_PARTIAL[t]]
        u = r.unparsed[0]
        assert r.text[u.span[0]:u.span[1]] == u.text


def test_corpus_covers_every_compound_and_structure_kind():
    kinds = set()
    for t in _corpus():
        kinds |= {n.kind for n in parse(t).ast.walk()}
    assert kinds >= {"and_then", "choice", "otherwise", "refusable", "optional",
                     "cost", "trigger", "condition", "named", "card", "effect"}


# ---- further written forms ----------------------------------------------------------------
@pytest.mark.parametrize("text, shape, rules", [
    ("Ранить существо на 2. При этом получить фишку.", "(and_then effect effect)", ["505.4"]),
    ("Ранить существо на 2. В противном случае – получить фишку.", "(otherwise effect effect)", ["505.6"]),
    ("Противник теряет фишку. Если противник не может или не хочет этого сделать – разряд на 2.",
     "(refusable effect effect)", ["505.7"]),
    ("Либо ранить существо на 2, либо получить фишку", "(choice effect effect)", ["505.5"]),
    ("Вместо атаки может ранить себя на 2, при этом разряд на 3",
     "(condition (optional (and_then effect effect)))", ["505.8", "505.4"]),
])
def test_connectives_across_a_full_stop_and_leading_libo(text, shape, rules):
    ast = parse(text).ast
    assert ast.shape() == shape and ast.rules() == rules


def test_limit_before_the_cost_colon():
    ast = parse("{tap} (1 раз за ход): Разряд на 2").ast
    assert ast.kind == "cost" and ast.attr("limit") == "1 раз за ход" and ast.attr("icons") == ("tap",)


def test_clause_header_ends_at_the_comma_before_the_ability():
    ast = parse("Когда существо, стоящее рядом, погибает, получить фишку").ast
    assert ast.attr("head") == "Когда существо, стоящее рядом, погибает"
    assert ast.children[0].text == "получить фишку"
    ast = parse("При гибели выбранного существа получить фишку").ast
    assert ast.kind == "trigger" and ast.attr("head") == "При гибели выбранного существа"
    ast = parse("При гибели:\nранить все существа рядом на 1").ast
    assert ast.kind == "trigger" and ast.children[0].text == "ранить все существа рядом на 1"


def test_refusal_with_any_subject_and_verb_order():
    for text in ("Закрыть существо; если владелец цели не может или не хочет этого сделать – ранить его на 2",
                 "Закрыть существо; если противник не хочет или не может этого сделать – ранить его на 2"):
        ast = parse(text).ast
        assert ast.shape() == "(refusable effect effect)" and ast.rule == "505.7"


def test_a_connective_left_inside_an_effect_makes_the_result_incomplete():
    res = parse("Противник может отказаться, если не может или не хочет платить")
    assert res.complete is False
    assert [u.text for u in res.unparsed] == ["не может или не хочет"]
    assert "505" in res.unparsed[0].reason


def test_a_sentence_with_too_many_connectives_is_reported_not_nested():
    res = parse("Броня 2. " + "Ранить на 1; " * 60 + "получить фишку.")
    assert res.complete is False and res.ast.attr("keyword") == "Броня"
    assert "слишком сложное" in res.unparsed[0].reason
    with pytest.raises(ParseError) as exc:
        parse("Может ранить, при этом " * 800 + "ранить")
    assert exc.value.position == 0 and "связок" in str(exc.value)


def test_an_effect_on_a_variable_value_is_not_a_keyword():
    assert parse("Разряд на X").ast.attr("keyword") is None
    assert parse("Разряд на 2").ast.attr("keyword") is None


def test_keyword_with_an_explanation_in_parentheses():
    ast = parse("Регенерация 1 (в начале хода излечивается на 1)").ast
    assert (ast.attr("keyword"), ast.attr("value"), ast.attr("note")) == (
        "Регенерация", "1", "в начале хода излечивается на 1")


@pytest.mark.parametrize("raw, norm", [
    ("При гибели- ранить цель на 1", "При гибели– ранить цель на 1"),
    ("При гибели -ранить цель на 1", "При гибели –ранить цель на 1"),
    ("{TAP}: Разряд на 1", "{tap}: Разряд на 1"),
])
def test_glued_dashes_and_icon_case_are_normalised(raw, norm):
    res = parse(raw)
    assert res.text == norm and res.complete
    assert res.ast.kind in ("trigger", "cost")


def test_minus_before_a_number_stays_a_sign():
    ast = parse("Выбранное существо получает -1 к удару").ast
    assert ast.kind == "effect" and "-1" in ast.text


def test_cli_parse_file_missing_and_no_text():
    out = _run("--file", "/nonexistent/cards.txt")
    assert out.returncode == 1 and "/nonexistent/cards.txt: файл не найден" in out.stderr
    out = _run()
    assert out.returncode == 2 and "текст карты" in out.stderr


def test_ili_before_a_clause_after_an_ability_is_a_choice():
    ast = parse("Ранить цель на 1 или она получает -1 к удару").ast
    assert ast.shape() == "(choice effect effect)"
    assert [c.text for c in ast.children] == ["Ранить цель на 1", "она получает -1 к удару"]
    # no ability before «или»: the subject is two nouns
    assert parse("Выбранное существо или артефакт получает защиту от магии").ast.kind == "effect"


# ---- «или» under a modal, definition dashes, nested headers ---------------------------------
@pytest.mark.parametrize("text", [
    "Выбранное существо противника не может атаковать или защищаться до конца хода",
    "Выбранное существо может атаковать или двигаться до конца хода",
    "Существа противника не могут атаковать или двигаться до конца хода",
    "Не может атаковать или быть целью воздействий",
    "Выбранное существо нельзя атаковать или ранить до конца хода",
    "Заклинание «оковы» — выбранное существо не может двигаться или открываться",
])
def test_ili_joining_the_verbs_of_a_property_modal_is_one_ability(text):
    res = parse(text)
    assert res.complete
    assert not _find(res.ast, "choice") and not _find(res.ast, "optional")
    assert "505.5" not in res.ast.rules()


def test_ili_after_a_comma_past_a_modal_clause_is_a_choice():
    ast = parse("Может закрыть существо, которое может атаковать, или ранить его на 1").ast
    assert ast.shape() == "(optional (choice effect effect))"
    assert ast.children[0].children[1].text == "ранить его на 1"


def test_property_modal_after_a_connective_stays_inside_its_part():
    ast = parse("Ранить выбранное существо на 1; оно не может атаковать или защищаться до конца хода").ast
    assert ast.shape() == "(and_then effect effect)" and ast.rules() == ["505.4.1"]
    assert ast.children[1].text == "оно не может атаковать или защищаться до конца хода"


def test_ili_after_a_modal_before_a_finite_verb_or_under_505_8_is_a_choice():
    # another ability with its own verb: still a choice of two abilities
    ast = parse("Оно не может атаковать до конца хода или теряет фишку").ast
    assert ast.shape() == "(choice effect effect)"
    assert [c.text for c in ast.children] == ["Оно не может атаковать до конца хода", "теряет фишку"]
    # «может» opening the ability is 505.8: the card's optional abilities, a choice of them
    ast = parse("Может открыть выбранное существо или закрыть его").ast
    assert ast.shape() == "(optional (choice effect effect))" and ast.rules() == ["505.8", "505.5"]
    # verbs sharing one object: «[способность 1] или [способность 2]» (505.5)
    ast = parse("Открыть или закрыть выбранное существо").ast
    assert ast.shape() == "(choice effect effect)"
    assert [c.text for c in ast.children] == ["Открыть", "закрыть выбранное существо"]


@pytest.mark.parametrize("text, shape, rules", [
    ("Разряд на X, где X — число ваших существ рядом", "effect", []),
    ("Ранить выбранное существо на X (X — число фишек на нём)", "effect", []),
    ("Ранить выбранное существо на X, где X — число фишек на нём; получить фишку",
     "(and_then effect effect)", ["505.4.1"]),
    ("Излечить ваше существо на X, где X – число фишек – получить фишку",
     "(and_then effect effect)", ["505.4.2"]),
    ("{tap}: Разряд на X, X — число ваших существ рядом", "(cost effect)", []),
    ("Разряд на X. X — число ваших существ рядом", "(card effect effect)", []),
])
def test_a_dash_defining_a_value_is_not_505_4_2(text, shape, rules):
    res = parse(text)
    assert res.complete and res.ast.shape() == shape and res.ast.rules() == rules
    # the definition stays whole inside one effect
    holder = [n for n in res.ast.walk() if n.kind == "effect" and "X –" in n.text]
    assert len(holder) == 1 and re.search(r"X – (число|количество)", holder[0].text)


@pytest.mark.parametrize("text, shape, heads, body", [
    ("В начале хода — если на существе нет фишек — получить фишку", "(trigger (condition effect))",
     ["В начале хода", "если на существе нет фишек"], "получить фишку"),
    ("В начале вашего хода, если рядом нет существ противника, излечиться на 1",
     "(trigger (condition effect))", ["В начале вашего хода", "если рядом нет существ противника"],
     "излечиться на 1"),
    ("В начале хода если на существе нет фишек — получить фишку", "(trigger (condition effect))",
     ["В начале хода", "если на существе нет фишек"], "получить фишку"),
    ("Когда это существо атакует, если рядом есть ваш артефакт, получить фишку",
     "(trigger (condition effect))", ["Когда это существо атакует", "если рядом есть ваш артефакт"],
     "получить фишку"),
    ("При атаке — если атакованное существо закрыто, ранить его на 1", "(trigger (condition effect))",
     ["При атаке", "если атакованное существо закрыто"], "ранить его на 1"),
    ("Строй: при гибели — получить фишку", "(condition (trigger effect))",
     ["Строй", "при гибели"], "получить фишку"),
    ("Строй: при атаке получает +1 к удару", "(condition (trigger effect))",
     ["Строй", "при атаке"], "получает +1 к удару"),
    ("Строй: когда существо противника погибает — может получить фишку",
     "(condition (trigger (optional effect)))", ["Строй", "когда существо противника погибает"],
     "получить фишку"),
])
def test_headers_nest(text, shape, heads, body):
    res = parse(text)
    assert res.complete and res.ast.shape() == shape
    assert [n.attr("head") for n in res.ast.walk() if n.attr("head")] == heads
    assert [n.text for n in res.ast.walk() if n.kind == "effect"] == [body]


def test_a_condition_governs_a_cost_ability():
    ast = parse("Пока на поле есть ваш артефакт — {tap}: Разряд на 1").ast
    assert ast.shape() == "(condition (cost effect))"
    cost = ast.children[0]
    assert cost.attr("icons") == ("tap",) and cost.text == "{tap}: Разряд на 1"
    ast = parse("Если рядом есть ваше существо — {counter}{tap}: Излечить выбранное существо на 2 (1 раз за ход)").ast
    assert ast.shape() == "(condition (cost effect))" and ast.attr("limit") == "1 раз за ход"
    assert ast.children[0].attr("icons") == ("counter", "tap")
    # a cost after an ability with no full stop opens a new ability (the card databases
    # drop full stops: "… (до 2 раз в ход) {tap}: Разряд на 1")
    res = parse("Ранить существо на 1 {tap}: разряд на 2")
    assert res.complete and res.ast.shape() == "(card effect (cost effect))"
    assert [c.text for c in res.ast.children] == ["Ранить существо на 1", "{tap}: разряд на 2"]
    res = parse("Получить +1 к разряду до конца хода (до 2 раз в ход) {tap}: Разряд на 1")
    assert res.ast.shape() == "(card effect (cost effect))" and res.ast.children[0].attr("limit") == "до 2 раз в ход"
    # a cost granted by an ability ("имеет {tap}: …") is a word of that ability, not its payment
    res = parse("Пока является хозяином симбиота имеет {tap}: Магический удар на 2")
    assert res.complete and res.ast.shape() == "(condition effect)"
    assert res.ast.children[0].text == "имеет {tap}: Магический удар на 2"


def test_a_nested_header_that_never_ends_is_reported():
    with pytest.raises(ParseError) as exc:
        parse("В начале хода — если на существе нет фишек")
    assert "конец условия" in str(exc.value)


def test_otherwise_runs_to_the_end_of_the_sentence():
    # documented in grammar/card.lark: "A, в противном случае – B; C" = otherwise(A, and_then(B, C))
    ast = parse("Закрыть выбранное существо, в противном случае – ранить его на 1; получить фишку").ast
    assert ast.shape() == "(otherwise effect (and_then effect effect))"
    assert ast.rules() == ["505.6", "505.4.1"]
    # a new sentence makes C a separate ability
    ast = parse("Закрыть выбранное существо, в противном случае – ранить его на 1. Получить фишку.").ast
    assert ast.shape() == "(card (otherwise effect effect) effect)"


@pytest.mark.parametrize("text, shape, rules", [
    ("Ранить выбранное существо на 2; если оно погибло — получить фишку",
     "(and_then effect (condition effect))", ["505.4.1"]),
    ("Ранить выбранное существо на 2, при этом если оно погибло, получить фишку",
     "(and_then effect (condition effect))", ["505.4"]),
    ("Ранить выбранное существо на 2; если оно погибло — получить фишку или излечиться на 1; противник теряет фишку",
     "(and_then effect (condition (choice effect effect)) effect)", ["505.4.1", "505.5"]),
    ("Ранить выбранное существо на 2; если оно закрыто — может получить фишку",
     "(and_then effect (condition (optional effect)))", ["505.4.1", "505.8"]),
    ("Закрыть существо, в противном случае – если рядом есть ваше существо — ранить его на 1",
     "(otherwise effect (condition effect))", ["505.6"]),
    ("Закрыть существо, в противном случае – если рядом есть ваше существо — ранить его на 1; получить фишку",
     "(otherwise effect (and_then (condition effect) effect))", ["505.6", "505.4.1"]),
    ("Противник теряет фишку; если противник не может или не хочет этого сделать – если оно закрыто, ранить его",
     "(refusable effect (condition effect))", ["505.7"]),
])
def test_a_later_part_may_be_a_condition_whose_dash_is_not_505_4_2(text, shape, rules):
    res = parse(text)
    assert res.complete and res.ast.shape() == shape and res.ast.rules() == rules
    cond = _find(res.ast, "condition")[0]
    assert cond.attr("head") in ("если оно погибло", "если оно закрыто", "если рядом есть ваше существо")
    assert "505.4.2" not in res.ast.rules()


@pytest.mark.parametrize("text, shape, limit", [
    ("Раз в ход: если на существе нет фишек — получить фишку", "(condition effect)", "Раз в ход"),
    ("Один раз за ход: {tap}: Разряд на 1", "(cost effect)", "Один раз за ход"),
    ("Не более 2 раз за ход: получить фишку", "effect", "Не более 2 раз за ход"),
])
def test_a_limit_written_as_a_header(text, shape, limit):
    res = parse(text)
    assert res.complete and res.ast.shape() == shape and res.ast.attr("limit") == limit
    assert res.ast.span == (0, len(res.text))
    assert "505.4.2" not in res.ast.rules()
    # elsewhere in a sentence the same words are plain words
    assert parse("Получить фишку раз в ход: ранить").ast.attr("limit") is None


@pytest.mark.parametrize("text", [
    "Ранить существо либо артефакт противника на 2",
    "{tap}: Уничтожить выбранный артефакт, либо экипировку противника",
    "Ранить либо существо, либо артефакт противника на 2",
])
def test_libo_joining_nouns_stays_inside_one_effect(text):
    res = parse(text)
    assert res.complete and not _find(res.ast, "choice") and res.ast.rules() == []


def test_libo_before_a_clause_after_an_ability_is_a_choice():
    ast = parse("{tap}: Ранить выбранное существо на 1, либо оно получает -1 к удару").ast
    assert ast.shape() == "(cost (choice effect effect))"
    assert ast.children[0].children[1].text == "оно получает -1 к удару"


def test_may_after_ili_is_the_optional_second_choice():
    ast = parse("Ранить выбранное существо на 1 или может получить фишку").ast
    assert ast.shape() == "(choice effect (optional effect))" and ast.rules() == ["505.5", "505.8"]
    # «может» covers the rest of the sentence (see grammar/card.lark)
    ast = parse("Ранить выбранное существо на 1 или может получить фишку; излечиться на 1").ast
    assert ast.shape() == "(choice effect (optional (and_then effect effect)))"


@pytest.mark.parametrize("text, head", [
    ("При атаке либо защите — получает +1 к удару", "При атаке либо защите"),
    ("Пока это существо закрыто, либо ранено — получает +1 к удару", "Пока это существо закрыто, либо ранено"),
])
def test_libo_inside_a_header_is_a_word(text, head):
    ast = parse(text).ast
    assert ast.shape() in ("(trigger effect)", "(condition effect)") and ast.attr("head") == head
    assert ast.children[0].text == "получает +1 к удару"


@pytest.mark.parametrize("text", [
    "Получает защиту от разрядов или ударов",
    "Получает защиту от заклинаний или разрядов до конца хода",
])
def test_an_effect_noun_in_another_case_does_not_open_an_ability(text):
    res = parse(text)
    assert res.complete and res.ast.shape() == "effect"
    # in the form that opens an ability it does
    assert parse("Ранить выбранное существо на 2 или разряд на 1").ast.shape() == "(choice effect effect)"


@pytest.mark.parametrize("text", [
    "Существо, которое атакует или защищается, получает +1 к удару",
    "Ранить существо, которое атаковало или двигалось в этот ход, на 2",
    "Выбранное существо, если оно закрыто или атакует, получает +1 к удару",
])
def test_ili_inside_a_subordinate_clause_joins_its_verbs(text):
    res = parse(text)
    assert res.complete and res.ast.shape() == "effect"


def test_ili_after_the_closing_comma_of_a_subordinate_clause_is_a_choice():
    ast = parse("Ранить существо на 1, если оно закрыто, или получить фишку").ast
    assert ast.shape() == "(choice (condition effect) effect)"
    assert ast.children[1].text == "получить фишку"


def test_card_grammar_reads_each_thread_own_text():
    """The card grammar builds the AST while parsing (bot/abilities/grammar.py): texts
    parsed at once in several threads keep their own spans and leaf texts (505.4.1)."""
    import threading

    from bot.abilities.parser import parse

    texts = ["Ранить выбранное существо на 2; получить фишку",
             "Закрыть выбранное существо; излечить себя на 3",
             "Получить фишку; ранить выбранное существо на 1"]
    expected = {t: [n.text for n in parse(t).ast.walk() if n.kind == "effect"] for t in texts}
    got: dict[str, set] = {t: set() for t in texts}

    def work(t: str) -> None:
        for _ in range(40):
            got[t].add(tuple(n.text for n in parse(t).ast.walk() if n.kind == "effect"))

    threads = [threading.Thread(target=work, args=(t,)) for t in texts]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert expected["Ранить выбранное существо на 2; получить фишку"] == ["Ранить выбранное существо на 2", "получить фишку"]
    assert all(got[t] == {tuple(expected[t])} for t in texts)
    assert parse(texts[0]).ast.rule == "505.4.1"


def test_with_attrs_sets_attributes_keeps_the_others_sorted_and_leaves_the_node_alone():
    n = Node("effect", None, (0, 4), "тест", (), (("limit", "1 раз за ход"), ("note", "x")))
    m = n.with_attrs(note="y", action="wound")
    assert m.attrs == (("action", "wound"), ("limit", "1 раз за ход"), ("note", "y"))
    assert n.attr("note") == "x" and m.span == n.span and m.text == n.text
