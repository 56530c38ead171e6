"""Game-action questions read as propositions (bot.reading.game_actions, issue 11): the
action named, the stack / priority facts told, the asked property -> a compiled scenario
the simulator runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import game_actions as ga
from bot.reading.compile import dump
from bot.sim import scenario as sc
from bot.sim.actions import ACTIONS
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, StackItem, parse_cell


# ------------------------------------------------------------------ what is read
def test_a_kind_a_class_and_the_stack_are_read():
    r = ga.read("Можно ли объявить действие карты в ответ на атаку противника, пока она в стеке?")
    assert r.asked == "legal" and r.action.kind == "card_action"
    assert r.stack == "nonempty" and r.on_stack.kind == "attack" and r.on_stack.player == "second"
    assert r.unread == []


def test_a_class_of_actions_by_stack_use_in_a_condition():
    r = ga.read("Если игродействие не использует стек, передаётся ли приоритет противнику?")
    assert r.asked == "priority" and r.recipient == "opponent"
    (op, who, m), = r.told
    assert op == "declare" and who is None and m.kind is None and m.stack is False
    assert m.kinds() == ["rule_effect"]


def test_told_steps_in_order():
    r = ga.read("оба спасовали, верхнее игродействие выполнилось. кто теперь получает приоритет?")
    assert [s[0] for s in r.told] == ["both_pass", "resolved"] and r.asked == "priority" and not r.yes_no


def test_a_word_nothing_reads_keeps_the_route_out():
    r = ga.read("Использует ли фиолетовый бросок кубика стек?")
    assert "фиолетовый" in r.unread and ga.answer("Использует ли фиолетовый бросок кубика стек?") is None


def test_words_that_are_filler_elsewhere_count_here():
    # «подфаза», «действие», «кто» are general filler words, but they change a game-action question
    assert "подфазу" in ga.read("Можно ли объявить движение в подфазу действия?").unread
    assert ga.answer("Кто может объявить движение?") is None


# ------------------------------------------------------------------ answers
CASES = [
    ("Использует ли бросок кубика стек?", "Да", "302.3"),
    ("Эффекты правил игры заносятся в стек?", "Нет", "302.5"),
    ("сработка особенности идёт в стек или сразу выполняется?", "Через стек", "302.3"),
    ("переход к следующей фазе кидаем в стек или нет?", "Нет", "302.5"),
    ("Перенос местности во вспомогательную зону после вскрытия использует стек?", "Нет", "211.1"),
    ("Хозяин погиб, и по тексту карты мой симбиот становится самостоятельным существом. Это использует стек?", "Нет", "302.5"),
    ("Бросок кубика — медленное или быстрое игродействие?", "Быстрое", "304.3"),
    ("Использование особенности «в начале боя» — медленное игродействие?", "Да", "304.2"),
    ("Авангард это медленное или быстрое игродействие?", "Медленное", "304.2"),
    ("Эффект правил игры является игродействием?", "Да", "301.1"),
    ("Пас — это игродействие?", "Нет", "303.2"),
    ("Можно ли объявить движение существа, если стек не пуст?", "Нет", "304.1"),
    ("Противник объявил атаку, она в стеке. Могу я в ответ сыграть внезапное действие?", "Да", "304.1"),
    ("можно ли сделать прыжок, если в стеке что-то лежит?", "Нет", "304.1"),
    ("В какой момент можно объявить медленное игродействие?", "Только когда стек пуст", "304.1"),
    ("Я объявил игродействие, которое использует стек. У кого после этого приоритет?", "У игрока, объявившего", "303.3"),
    ("Если игродействие не использует стек, передаётся ли приоритет противнику?", "Нет", "303.5"),
    ("После объявления действия карты приоритет переходит к противнику?", "Нет", "303.3"),
    ("Я объявил игродействие со стеком. Могу ли я сразу объявить ещё одно, не пасуя?", "Да", "303.3"),
    ("оба спасовали, верхнее игродействие выполнилось. кто теперь получает приоритет?", "Активный игрок", "303.4"),
    ("После выполнения верхнего игродействия приоритет получает неактивный игрок?", "Нет", "303.4"),
    ("Что происходит с игродействием в стеке, если оба игрока спасовали подряд?", "Верхнее игродействие", "303.4"),
    ("Кто получает приоритет в начале новой подфазы?", "Активный игрок", "303.1"),
    ("Можно ли объявлять новые быстрые игродействия после того, как верхнее игродействие в стеке выполнилось?", "Да", "303.4"),
    ("Какие игродействия используют стек?", "Используют стек: действие карты", "302.3"),
]


@pytest.mark.parametrize("q,start,first", CASES, ids=[c[0] for c in CASES])
def test_answered_from_the_compiled_scenario(q, start, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict.startswith(start), (a.verdict, a.trace[:2])
    assert a.citations[0] == first, a.citations
    assert a.understood.startswith("Как я понял: ") and a.unread == []
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))      # the reading runs with `scenario run` and passes
    assert res.passed, res.failures


def test_a_class_whose_kinds_differ_says_which_may():
    a = ask("Я объявил игродействие со стеком. Могу ли я сразу объявить ещё одно, не пасуя?")
    assert "только быстрое" in a.verdict and "медленное" in a.verdict and "304.1" in a.citations


# ------------------------------------------------------------------ property: the answer == the scenario run directly
KIND_WORDS = {"dice_roll": "бросок кубика", "card_action": "действие карты", "movement": "движение",
              "triggered_ability": "срабатывающая особенность", "sudden_action": "внезапное действие",
              "rule_effect": "эффект правил игры", "relocation": "перемещение карты"}
# forms after «объявить»
KIND_ACCS = {"dice_roll": "бросок кубика", "card_action": "действие карты", "movement": "движение",
             "triggered_ability": "срабатывающую особенность", "sudden_action": "внезапное действие",
             "relocation": "перемещение карты"}


def _direct(kind: str, stack: list[str]) -> tuple[bool, bool]:
    """Declare ``kind`` by the first player with ``stack`` (kinds, the opponent's) on the
    stack: ``(legal, went onto the stack)``."""
    s = GameState()
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c2"), creature_class="воин", movement=2)
    s.cards["B"] = Card(id="B", owner="second", cell=parse_cell("c5"), creature_class="воин", movement=2)
    for k in stack:
        s.stack.append(StackItem(k, "second", k, None))
    card = "A" if kind in ("movement", "card_action", "sudden_action", "relocation") else None
    to = parse_cell("c3") if kind in ("movement", "relocation") else None
    n = len(s.stack)
    r = Simulator(s).declare("first", kind, card=card, to=to)
    return r.legal, r.legal and len(r.stack) > n


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(KIND_WORDS)), order=st.integers(0, 2))
def test_uses_stack_equals_the_direct_run(kind, order):
    w = KIND_WORDS[kind]
    q = [f"{w} использует стек?", f"Использует ли {w} стек?", f"{w} идёт в стек или нет?"][order]
    a = ask(q[:1].upper() + q[1:])
    _, stacked = _direct(kind, [])
    assert a.reading is not None and a.verdict.startswith("Да" if stacked else "Нет"), (q, a.verdict)


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(KIND_ACCS)), full=st.booleans(), order=st.integers(0, 2),
       below=st.sampled_from(["movement", "attack", "dice_roll"]))
def test_legality_on_a_stack_equals_the_direct_run(kind, full, order, below):
    w = KIND_ACCS[kind]
    b = {"movement": "движение", "attack": "атака", "dice_roll": "бросок кубика"}[below]
    if full:
        q = [f"Можно ли объявить {w}, если стек не пуст?", f"В стеке лежит {b}. Можно ли объявить {w}?",
             f"Можно ли объявить {w}, когда в стеке лежит {b}?"][order]
    else:
        q = [f"Можно ли объявить {w}, если стек пуст?", f"Стек пуст. Можно ли объявить {w}?",
             f"Можно ли объявить {w} при пустом стеке?"][order]
    a = ask(q)
    legal, _ = _direct(kind, [below] if full else [])
    assert a.reading is not None and a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from([k for k in KIND_WORDS if ACTIONS[k].speed]), word=st.sampled_from(["медленное", "быстрое"]))
def test_speed_equals_the_direct_run(kind, word):
    q = f"{KIND_WORDS[kind][:1].upper()}{KIND_WORDS[kind][1:]} — {word} игродействие?"
    a = ask(q)
    legal_on_full, _ = _direct(kind, ["card_action"])
    fast = legal_on_full
    assert a.reading is not None and a.verdict.startswith("Да" if (word == "быстрое") == fast else "Нет"), (q, a.verdict)
