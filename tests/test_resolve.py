"""The resolver (bot.abilities.resolve): every connective of 505 both ways, each
step's paragraph asserted. ASTs are built by hand (tests/ast_build.py) so that these
tests pin the resolver, not the grammar."""

from __future__ import annotations

import json

import pytest

from bot.abilities.resolve import Outcome, explain, explain_answer, verdict_of
from bot.errors import OutcomeError
from tests.ast_build import build

EXTRA_LIVES = "Снять с вашего существа Х дополнительных жизней, при этом излечить выбранное существо на Х"
DESTROY_DISCHARGE = "{tap}: Уничтожить ваше существо – разряд на 4"
OPEN_MOVE = "В начале хода противника может открыться и переместиться на соседнюю клетку"


def extra_lives():
    return build(EXTRA_LIVES, ("and_then", "505.4", ["Снять с вашего существа Х дополнительных жизней",
                                                     "излечить выбранное существо на Х"]))


def destroy_discharge():
    return build(DESTROY_DISCHARGE, ("cost", None, [("and_then", "505.4.2", ["Уничтожить ваше существо",
                                                                              "разряд на 4"])],
                                     {"icons": ("tap",)}))


def open_move():
    return build(OPEN_MOVE, ("trigger", None, [("optional", "505.8", ["открыться", "переместиться на соседнюю клетку"])],
                             {"head": "В начале хода противника"}))


def statuses(expl):
    return [(s.part, s.status, s.rule) for s in expl.steps if s.part is not None]


# --- 505.4 and its example ---------------------------------------------------

def test_and_then_performed_both_parts_done_505_4():
    e = explain(extra_lives())
    assert statuses(e) == [(1, "done", "505.4"), (2, "done", "505.4")]
    assert e.citations[0] == "505.4"


def test_and_then_example_extra_lives_not_removed_no_heal_505_4():
    e = explain(extra_lives(), Outcome(failed={1}))
    assert statuses(e) == [(1, "failed", "505.4"), (2, "failed", "505.4")]
    assert not e.part_step(2).done
    assert "только если выполнена предыдущая" in e.part_step(2).reason


def test_dash_example_destroy_then_discharge_then_payment_505_4_2():
    e = explain(destroy_discharge())
    assert statuses(e) == [(1, "done", "505.4.2"), (2, "done", "505.4.2")]
    pay = [s for s in e.steps if s.status == "payment"]
    # payment comes after all the parts (505.4) and does not use the stack (302.6)
    assert [s.rule for s in pay] == ["505.4", "302.6"]
    assert e.steps.index(pay[0]) > max(e.steps.index(e.part_step(n)) for n in (1, 2))
    assert "«{tap}»" in pay[0].text
    assert e.citations[:2] == ("505.4.2", "505.4")


def test_dash_example_not_destroyed_no_discharge_but_payment_505_4_2():
    e = explain(destroy_discharge(), Outcome(failed={1}))
    assert statuses(e) == [(1, "failed", "505.4.2"), (2, "failed", "505.4.2")]
    assert any(s.status == "payment" and s.rule == "505.4" for s in e.steps)


def test_semicolon_505_4_1_chain_of_three_stops_at_first_failure():
    t = "Ранить выбранное существо на 2; получить фишку; противник получает фишку"
    node = build(t, ("and_then", "505.4.1", ["Ранить выбранное существо на 2", "получить фишку",
                                             "противник получает фишку"]))
    assert statuses(explain(node, Outcome(failed={2}))) == [
        (1, "done", "505.4.1"), (2, "failed", "505.4.1"), (3, "failed", "505.4.1")]
    assert [s for _, s, _ in statuses(explain(node))] == ["done"] * 3


# --- 505.5 choice ------------------------------------------------------------

CHOICE = "Излечить ваше существо на 2 или ранить существо противника на 1"


def choice():
    return build(CHOICE, ("choice", "505.5", ["Излечить ваше существо на 2", "ранить существо противника на 1"]))


def test_choice_undecided_controlling_player_chooses_505_5():
    e = explain(choice())
    decision = [s for s in e.steps if s.status == "decision"]
    assert decision[0].rule == "505.5" and "контролирующий игрок" in decision[0].reason
    assert statuses(e) == [(1, "option", "505.5"), (2, "option", "505.5")]


def test_choice_second_chosen_first_not_declared_505_5():
    e = explain(choice(), Outcome(choose=2))
    assert statuses(e) == [(1, "not_declared", "505.5"), (2, "done", "505.5")]


def test_choice_first_illegal_forces_second_505_5():
    e = explain(choice(), Outcome(illegal={1}))
    assert statuses(e) == [(1, "not_declared", "505.5"), (2, "done", "505.5")]


def test_nested_choice_inside_semicolon_chain():
    t = "Излечить ваше существо на 3 или получить фишку; противник получает фишку"
    node = build(t, ("and_then", "505.4.1", [("choice", "505.5", ["Излечить ваше существо на 3", "получить фишку"]),
                                             "противник получает фишку"]))
    e = explain(node, Outcome(choose=2, failed={2}))
    assert statuses(e) == [(1, "not_declared", "505.5"), (2, "failed", "505.5"), (3, "failed", "505.4.1")]
    e = explain(node, Outcome(choose=1))
    assert statuses(e) == [(1, "done", "505.5"), (2, "not_declared", "505.5"), (3, "done", "505.4.1")]
    assert e.citations == ("505.4.1", "505.4", "505.5")
    # an option that failed was declared, so it was the one chosen (505.5); the chain stops (505.4.1)
    e = explain(node, Outcome(failed={1}))
    assert statuses(e) == [(1, "failed", "505.5"), (2, "not_declared", "505.5"), (3, "failed", "505.4.1")]


# --- 505.6 otherwise ---------------------------------------------------------

OTHERWISE = "Переместить выбранное существо противника на соседнюю клетку, в противном случае – ранить его на 2"


def otherwise():
    return build(OTHERWISE, ("otherwise", "505.6", ["Переместить выбранное существо противника на соседнюю клетку",
                                                    "ранить его на 2"]))


def test_otherwise_first_legal_second_not_declared_505_6():
    assert statuses(explain(otherwise())) == [(1, "done", "505.6"), (2, "not_declared", "505.6")]


def test_otherwise_first_illegal_second_must_be_declared_505_6():
    e = explain(otherwise(), Outcome(illegal={1}))
    assert statuses(e) == [(1, "not_declared", "505.6"), (2, "done", "505.6")]
    assert "обязан" in e.part_step(2).reason


def test_otherwise_first_failed_is_not_illegal_so_second_not_declared_505_6():
    e = explain(otherwise(), Outcome(failed={1}))
    assert statuses(e) == [(1, "failed", "505.6"), (2, "not_declared", "505.6")]


# --- 505.7 refusable ---------------------------------------------------------

REFUSABLE = ("Противник теряет 2 кристалла; если противник не может или не хочет этого сделать – "
             "ранить выбранное существо противника на 3")


def refusable():
    return build(REFUSABLE, ("refusable", "505.7", ["Противник теряет 2 кристалла",
                                                    "ранить выбранное существо противника на 3"]))


def test_refusable_not_refused_505_7():
    assert statuses(explain(refusable())) == [(1, "done", "505.7"), (2, "not_declared", "505.7")]


def test_refusable_refused_second_declared_505_7():
    e = explain(refusable(), Outcome(refuse=True))
    assert statuses(e) == [(1, "failed", "505.7"), (2, "done", "505.7")]
    assert "отказался" in e.part_step(1).reason


def test_refusable_first_illegal_second_declared_505_7():
    e = explain(refusable(), Outcome(illegal={1}))
    assert statuses(e) == [(1, "not_declared", "505.7"), (2, "done", "505.7")]


# --- 505.8 optional and the example -------------------------------------------

def test_optional_example_both_declared_505_8():
    e = explain(open_move())
    assert statuses(e) == [(1, "done", "505.8"), (2, "done", "505.8")]
    trig = e.steps[0]
    assert trig.status == "circumstance" and "В начале хода противника" in trig.text and trig.rule == "304.3"


def test_optional_example_only_move_declared_505_8():
    e = explain(open_move(), Outcome(declare={2}))
    assert statuses(e) == [(1, "not_declared", "505.8"), (2, "done", "505.8")]
    assert verdict_of(e) == "Выполняется: часть 2; не выполняется: часть 1"


def test_optional_nothing_declared_505_8():
    e = explain(open_move(), Outcome(declare=frozenset()))
    assert statuses(e) == [(1, "not_declared", "505.8"), (2, "not_declared", "505.8")]


def test_optional_choice_declare_picks_the_option_505_8_505_5():
    t = "Когда существо противника погибает – может получить фишку или излечиться на 1"
    node = build(t, ("trigger", None, [("optional", "505.8", [("choice", "505.5", ["получить фишку",
                                                                                   "излечиться на 1"])])]))
    e = explain(node, Outcome(declare={2}))
    assert statuses(e) == [(1, "not_declared", "505.5"), (2, "done", "505.5")]


# --- 505.9 the source pays with itself -----------------------------------------

SELF = "Уничтожить себя, при этом ранить выбранное существо на 3"


def self_source(attr=True):
    return build(SELF, ("and_then", "505.4", ["Уничтожить себя", "ранить выбранное существо на 3"],
                        {"self_source": True, "rules": ("505.9",)} if attr else {}))


def test_self_source_later_part_regardless_of_resources_505_9():
    e = explain(self_source(), Outcome(no_resources=True))
    assert statuses(e) == [(1, "done", "505.4"), (2, "done", "505.9")]
    pay = [s for s in e.steps if s.status == "payment"]
    assert pay[0].rule == "505.9" and "тратятся" in pay[0].reason
    assert "505.9" in e.citations


def test_self_source_not_destroyed_later_part_not_done_505_4():
    e = explain(self_source(), Outcome(failed={1}))
    assert statuses(e) == [(1, "failed", "505.4"), (2, "failed", "505.4")]


def test_self_source_recognised_from_text_without_attr():
    e = explain(self_source(attr=False), Outcome(no_resources=True))
    assert e.part_step(2).rule == "505.9"


def test_self_source_with_cost_spends_remaining_resources():
    t = "{tap}: Вернуть в колоду себя, при этом излечить ваше существо на 4"
    node = build(t, ("cost", None, [("and_then", "505.4", ["Вернуть в колоду себя", "излечить ваше существо на 4"],
                                     {"self_source": True})]))
    e = explain(node, Outcome(no_resources=True))
    pay = [s for s in e.steps if s.status == "payment"]
    assert [s.rule for s in pay] == ["505.9", "302.6"]


# --- bad outcomes ------------------------------------------------------------

@pytest.mark.parametrize("node, outcome, words", [
    (extra_lives, Outcome(failed={3}), "такой части нет"),
    (extra_lives, Outcome(illegal={0}), "такой части нет"),
    (extra_lives, Outcome(refuse=True), "505.7"),
    (extra_lives, Outcome(choose=1), "505.5"),
    (extra_lives, Outcome(declare={1}), "505.8"),
    (extra_lives, Outcome(no_resources=True), "505.9"),
    (extra_lives, Outcome(failed={1}, illegal={1}), "нелегальную"),
    (choice, Outcome(choose=5), "такой части нет"),
    (choice, Outcome(choose=1, illegal={1}), "нелегальн"),
])
def test_bad_outcomes_raise_russian_outcome_error(node, outcome, words):
    with pytest.raises(OutcomeError) as ei:
        explain(node(), outcome)
    assert isinstance(ei.value, ValueError)
    assert words in str(ei.value)


def test_choose_outside_choice_names_the_options():
    t = "Ранить выбранное существо на 1, при этом оно получает -1 к броскам кубика или теряет фишку"
    node = build(t, ("and_then", "505.4", ["Ранить выбранное существо на 1",
                                           ("choice", "505.5", ["оно получает -1 к броскам кубика", "теряет фишку"])]))
    with pytest.raises(OutcomeError, match="части 2, 3"):
        explain(node, Outcome(choose=1))


# --- output shapes -----------------------------------------------------------

def test_json_shape_per_design():
    e = explain(destroy_discharge(), Outcome(failed={1}))
    d = json.loads(json.dumps(e.to_json(), ensure_ascii=False))
    assert d["citations"][:2] == ["505.4.2", "505.4"]
    assert d["parts"] == [{"part": 1, "text": "Уничтожить ваше существо"}, {"part": 2, "text": "разряд на 4"}]
    first = d["steps"][0]
    assert set(first) >= {"text", "done", "rule", "part", "status", "reason"}
    assert (first["part"], first["done"], first["rule"]) == (1, False, "505.4.2")


def test_unparsed_text_is_reported_as_a_step():
    from bot.abilities.ast import ParseResult, Unparsed

    node = extra_lives()
    res = ParseResult(EXTRA_LIVES + " абракадабра", False, node, (Unparsed((len(EXTRA_LIVES) + 1, len(EXTRA_LIVES) + 12),
                                                                           "абракадабра"),))
    e = explain(res)
    assert e.steps[-1].status == "unparsed" and "абракадабра" in e.steps[-1].text
    assert not e.complete


def test_explain_answer_route_and_citations(monkeypatch):
    import bot.abilities.resolve as r
    from bot.abilities.ast import ParseResult

    monkeypatch.setattr(r, "_parse", lambda text: ParseResult(text, True, destroy_discharge()))
    a = explain_answer(DESTROY_DISCHARGE, Outcome(failed={1}))
    assert a.route == "ability" and a.citations[:2] == ["505.4.2", "505.4"]
    assert "Часть 2 «разряд на 4» — не выполнено" in a.text
