"""Strict scenario loading: every problem is a ScenarioError with file and line."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.sim.scenario import load, scenario_answer

GOOD = """title: t
state:
  cards:
    - {id: Воин, owner: first, cell: c2, class: воин}
    - {id: Меч, owner: first, kind: equipment, equipment_class: оружие, host: Воин}
steps:
  - die: Воин
expect:
  cards:
    Меч: {zone: graveyard}
"""


def _err(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        load(text, "s.yaml")
    return e.value


def test_good_scenario_loads():
    sc = load(GOOD, "s.yaml")
    assert sc.state.cards["Меч"].cell == sc.state.cards["Воин"].cell
    assert [s.op for s in sc.steps] == ["die"]


def test_unknown_top_key_names_line():
    e = _err(GOOD + "extra: 1\n")
    assert (e.file, e.line) == ("s.yaml", 11)
    assert "неизвестный ключ «extra»" in str(e)


def test_unknown_card_key():
    e = _err(GOOD.replace("cell: c2, class", "cell: c2, colour: red, class"))
    assert e.line == 4 and "colour" in str(e)


def test_bad_cell():
    e = _err(GOOD.replace("cell: c2", "cell: f7"))
    assert e.line == 4 and "неверная клетка «f7»" in str(e)


def test_missing_host():
    e = _err(GOOD.replace("host: Воин", "host: Никто"))
    assert e.line == 5 and "хозяин «Никто»" in str(e)


def test_unknown_card_in_step_and_expect():
    assert _err(GOOD.replace("die: Воин", "die: Орк")).line == 7
    assert _err(GOOD.replace("    Меч: {zone", "    Орк: {zone")).line == 10


def test_bad_enum_and_types():
    assert "допустимы" in str(_err(GOOD.replace("kind: equipment", "kind: weapon")))
    assert "целое число" in str(_err(GOOD.replace("class: воин}", "class: воин, lives: many}")))


def test_duplicate_key_and_bad_yaml():
    assert "повторяется" in str(_err(GOOD.replace("title: t", "title: t\ntitle: u")))
    e = _err("title: [\n")
    assert e.file == "s.yaml" and e.line is not None


def test_step_expectation_out_of_range():
    e = _err(GOOD.replace("  cards:\n    Меч", "  steps:\n    - {step: 3, legal: true}\n  cards:\n    Меч"))
    assert "шага 3 нет" in str(e)


def test_on_key_is_not_yaml_true():
    sc = load(GOOD.replace("die: Воин", "place: {card: Меч, on: Воин}"), "s.yaml")
    assert sc.steps[0].args == ("Меч", "Воин")


def test_scenario_answer_reports_load_errors_without_raising():
    a = scenario_answer("title: x\n")
    assert a.verdict is None and "нет обязательного ключа «state»" in a.blocks[0].text
    ok = scenario_answer(GOOD)
    assert ok.verdict == "сценарий выполнен" and "212.3" in ok.citations


def test_card_expectation_cites_are_checked():
    from bot.sim.scenario import run

    ok = run(load(GOOD.replace("Меч: {zone: graveyard}", "Меч: {zone: graveyard, cites: [\"212.3\"]}"), "s.yaml"))
    assert ok.passed, ok.failures
    bad = run(load(GOOD.replace("Меч: {zone: graveyard}", "Меч: {zone: graveyard, cites: [\"209.4\"]}"), "s.yaml"))
    assert not bad.passed and "209.4" in bad.failures[0]


def test_negative_wounds_and_wound_amount_are_refused_with_line():
    e = _err(GOOD.replace("class: воин}", "class: воин, wounds: -3}"))
    assert (e.file, e.line) == ("s.yaml", 4) and "wounds не может быть меньше 0" in str(e)
    e = _err(GOOD.replace("  - die: Воин", "  - wound: {card: Воин, n: -7}"))
    assert (e.file, e.line) == ("s.yaml", 7) and "n не может быть меньше 0" in str(e)


@pytest.mark.parametrize("expect, line, message", [
    # found by the QA pass: «cites: 507.2» (not a list) was a TypeError traceback from `scenario run`
    ("  steps:\n    - {step: 1, cites: 209.4}\n", 10, "ожидался список cites"),
    ("  steps:\n    - {step: 1, results: 5}\n", 10, "ожидался список results"),
    ("  steps:\n    - {step: 1, priority: third}\n", 10, "неверное значение «third» для priority"),
    ("  steps:\n    - {step: 1, stack: [[a]]}\n", 10, "ожидался список значений stack"),
    # a mistyped card expectation could never hold: refused at load, not reported as a failed run
    ("  cards:\n    Меч: {zone: graveyard, lives: много}\n", 10, "ожидалось целое число lives"),
    ("  cards:\n    Меч: {open: да}\n", 10, "ожидалось true или false open"),
    ("  cards:\n    Меч: {traits: flying}\n", 10, "ожидался список traits"),
    ("  cards:\n    Меч: {counters: 1.5}\n", 10, "ожидалось целое число counters"),
])
def test_mistyped_expectations_are_load_errors_with_line(expect, line, message):
    text = GOOD.split("expect:\n")[0] + "expect:\n" + expect
    e = _err(text)
    assert (e.file, e.line) == ("s.yaml", line) and message in str(e)


def test_expectations_of_the_right_shape_still_load():
    text = GOOD.split("expect:\n")[0] + ("expect:\n  steps:\n    - {step: 1, cites: [\"212.3\"], results: [погибает], "
                                         "priority: first, stack: []}\n  cards:\n    Меч: {zone: graveyard, "
                                         "movement_left: null, wounds: 0, traits: [], open: true}\n")
    assert load(text, "s.yaml").expect["steps"][0]["cites"] == ["212.3"]
