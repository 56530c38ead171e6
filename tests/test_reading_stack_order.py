"""The order of the stack, the end of a phase and the payment read as a proposition
(bot.reading.stack_order, 302.6–302.8, 408.2) -> a compiled scenario the simulator runs.
The paraphrases come from the keyword route's tests (its stack_top / phase_end / payment
rows are gone)."""

from __future__ import annotations

import re

import pytest

from bot.judge import ask
from bot.reading import stack_order as so
from bot.reading.compile import dump
from bot.sim import scenario as sc


def _scenario(q: str):
    a = ask(q)
    assert a.route == "scenario" and a.reading is not None and a.unread == [], (q, a.route, a.verdict)
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))      # the reading runs with `scenario run` and passes
    assert res.passed, res.failures
    return a


def test_what_is_read():
    assert so.read("Сначала выполняется нижнее игродействие в стеке?").claim == "bottom"
    assert so.read("В стеке два броска кубика, какое из них верхнее?").asked == "which_top"
    assert so.read("Сколько игродействий может быть верхними в стеке одновременно?").asked == "tops_count"
    assert "зеленое" in so.read("Какое зелёное игродействие в стеке верхнее?").unread     # folded: ё -> е


CASES = [
    ("Какое игродействие в стеке считается верхним?", "Верхнее — то, что помещено в стек последним", "302.7"),
    ("Какое игродействие в стеке верхнее?", "Верхнее — то, что помещено в стек последним", "302.7"),
    ("Что считается верхним игродействием в стеке?", "Верхнее — то, что помещено в стек последним", "302.7"),
    ("В стеке два броска кубика, какое из них верхнее?", "Верхнее — то, что помещено в стек последним", "302.7"),
    ("Какое игродействие выполняется первым — верхнее или нижнее в стеке?", "Верхнее", "302.7"),
    ("Верхнее игродействие в стеке выполняется первым?", "Да", "302.7"),
    ("Сначала выполняется нижнее игродействие в стеке?", "Нет", "302.7"),
    ("Могут ли в стеке одновременно оказаться два верхних игродействия?", "Нет", "302.7"),
    ("Бывает ли так, что верхними в стеке являются сразу два игродействия?", "Нет", "302.7"),
    ("Может ли быть несколько верхних игродействий в стеке?", "Нет", "302.7"),
    ("Сколько игродействий может быть верхними в стеке одновременно?", "Одно", "302.7"),
    ("Когда заканчивается фаза?", "Фаза (подфаза) завершается, когда в стеке нет игродействий и оба игрока", "408.2"),
    ("Когда завершается фаза хода?", "Фаза (подфаза) завершается", "408.2"),
    ("если оба пасанули а стек пустой что дальше", "Фаза (подфаза) завершается", "408.2"),
    ("Что будет, если оба игрока спасуют при пустом стеке?", "Фаза (подфаза) завершается", "408.2"),
    ("Оплата происходит после выполнения?", "Да", "302.6"),
    ("Оплата происходит до выполнения игродействия?", "Нет", "302.6"),
    ("Когда производится оплата игродействия — до выполнения или после?", "После выполнения", "302.6"),
    ("Когда оплачивается игродействие?", "После выполнения", "302.6"),
    ("Игродействие, не использующее стек, требует оплаты?", "Нет", "302.4"),
    ("Требует ли игродействие, не использующее стек, расчёта и оплаты?", "Нет", "302.4"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start), a.verdict
    if start in ("Да", "Нет"):
        assert re.match(start + ",", a.verdict)
    if start == "Нет" and "верхн" in q:
        assert "только одно" in a.verdict
    assert a.citations[0] == first, a.citations


def test_a_pass_on_an_empty_stack_is_not_read_as_resolving_a_top_action():
    # the game-action reader's «оба спасовали — что происходит?» puts an action on the stack; an empty stack told is not that
    assert "выполняется" not in _scenario("Что будет, если оба игрока спасуют при пустом стеке?").verdict
