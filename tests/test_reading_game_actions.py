"""Game-action questions read as propositions (bot.reading.game_actions, issue 11): the
action named, the stack / priority facts told, the asked property -> a compiled scenario
the simulator runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading import game_actions as ga
from bot.reading.compile import dump
from bot.sim import scenario as sc
from bot.sim.actions import ACTIONS
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, StackItem, parse_cell
from tests.reading_support import scenario_answer as _scenario


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


# ------------------------------------------------------------------ paraphrases, through ``ask``
def _opens(verdict: str | None, word: str) -> bool:
    return verdict is not None and re.match(word + r"\b", verdict) is not None


PARAPHRASES = [
    ("Движение — медленное или быстрое игродействие?", "Медленное", "304.2"),
    ("Срабатывающая особенность — медленная или быстрая?", "Быстрое", "304.3"),
    ("Можно ли бросить кубик, если стек не пуст?", "Да", "304.1"),
    ("Использует ли бросок кубика стек?", "Да", "302.3"),
    ("Атака — быстрое действие?", "Нет", "304.2"),
    ("Кто получает приоритет после выполнения игродействия из стека?", "Активный", "303.4"),
    ("Переход к следующей фазе использует стек?", "Нет", "302.5"),
    ("Является ли пас игродействием?", "Нет", "303.2"),
    ("Можно ли объявить действие карты, если в стеке есть срабатывающая особенность?", "Нет", "304.1"),
    ("Когда можно объявлять быстрые игродействия?", "В любой момент", "304.1"),
    ("Передаётся ли приоритет противнику при объявлении игродействия?", "Нет", "303.3"),
    ("Кто получает приоритет в начале новой фазы?", "Активный", "303.1"),
    ("Использует ли стек превращение симбиота в самостоятельное существо при гибели хозяина?", "Нет", "302.5"),
    ("Может ли неактивный игрок объявить быстрое действие?", "Да", "304.1"),
    ("Переносится ли местность во вспомогательную зону через стек?", "Нет", "211.1"),
    ("Передаётся ли приоритет, если игродействие не использует стек?", "Нет", "303.5"),
    ("Является ли движение игродействием?", "Да", "301.1"),
    ("Бросок кубика — это игродействие?", "Да", "301.1"),
    ("Переход к следующей фазе считается игродействием?", "Да", "301.1"),
    ("Оплата является игродействием?", "Нет", "301.1"),
    ("Является ли пас игродействием?", "Нет", "303.2"),
    ("Противник объявил движение, оно в стеке. Могу я в ответ бросить кубик?", "Да", "304.1"),
    ("В стеке лежит атака противника. Можно ли в ответ объявить действие карты?", "Нет", "304.1"),
    ("Соперник объявил действие карты. Могу я ответить срабатывающей особенностью?", "Да", "304.1"),
    ("Можно ли бросить кубик в ответ на атаку?", "Да", "304.1"),
    ("Может ли игрок объявить два игродействия подряд?", "Да", "303.3"),
    ("Атака использует стек?", "Да", "302.3"),
    ("Кто получает приоритет после того, как выполнилось игродействие из стека?", "Активный", "303.4"),
    ("кубик можно кинуть когда стек не пуст", "Да", "304.1"),
    ("действие карты можно если в стеке движение", "Нет", "304.1"),
    ("Кубик или движение — что быстрое?", "бросок кубика — быстрое", "304.3"),
    ("Местность переносится во вспомогательную зону сразу или через стек?", "Сразу, без стека", "211.1"),
    ("Бросок кубика медленное или быстрое действие?", "Быстрое", "304.3"),
    ("Является ли оплата частью игродействия?", "Да", "301.1"),
    ("Движение использует стек или выполняется сразу?", "Через стек", "302.3"),
    ("Переход фазы использует стек или выполняется сразу?", "Сразу, без стека", "302.5"),
    ("Приоритет получает активный или неактивный игрок после выполнения верхнего игродействия?", "Активный игрок", "303.4"),
    ("Мой ход, стек пуст. Могу я объявить действие карты?", "Да", "304.1"),
    ("Сейчас ход противника. Могу я бросить кубик?", "Да", "304.1"),
    ("Противник спасовал, я тоже спасовал. Что происходит с верхним игродействием?", "выполняется", "303.4"),
    ("Я объявил движение. Могу сразу объявить ещё и бросок кубика?", "Да", "303.3"),
    # the «Нет» rests on the speed (304.1); that priority stays with the declarer (303.3) is the trace
    ("Я объявил движение. Могу сразу объявить ещё одно движение?", "Нет", "304.1"),
    ("Какие игродействия медленные?", "Медленные: движение существа", "304.2"),
    ("Какие игродействия быстрые?", "бросок кубика", "304.3"),
    ("Когда выполняется объявленное игродействие?", "оба игрока подряд пасуют", "303.4"),
    ("Можно ли объявлять быстрые игродействия после выполнения верхнего?", "Да", "303.4"),
]


@pytest.mark.parametrize("q,verdict,first", PARAPHRASES, ids=[c[0] for c in PARAPHRASES])
def test_paraphrases(q, verdict, first):
    from tests.sim_support import assert_ruling
    assert_ruling(_scenario(q), verdict, first)


@pytest.mark.parametrize("q, word, rule", [
    ("После выполнения верхнего игродействия приоритет получает неактивный игрок?", "Нет", "303.4"),
    ("После выполнения верхнего игродействия приоритет получает активный игрок?", "Да", "303.4"),
    ("Получает ли неактивный игрок приоритет после выполнения верхнего игродействия в стеке?", "Нет", "303.4"),
    ("Приоритет в начале фазы получает неактивный игрок?", "Нет", "303.1"),
    ("Приоритет в начале фазы получает активный игрок?", "Да", "303.1"),
    ("Пас передаёт приоритет противнику?", "Да", "303.2"),
    ("После паса приоритет остаётся у спасовавшего игрока?", "Нет", "303.2"),
    ("Оба игрока спасовали подряд — выполняется верхнее игродействие?", "Да", "303.4"),
    ("Переход к следующей фазе происходит сразу, без стека?", "Да", "302.5"),
    ("Переход к следующей фазе использует стек?", "Нет", "302.5"),
    ("Медленные игродействия можно объявлять только при пустом стеке?", "Да", "304.1"),
    ("Быстрое игродействие можно объявлять только при пустом стеке?", "Нет", "304.1"),
    ("Быстрые игродействия можно объявлять при пустом стеке?", "Да", "304.1"),
    ("Быстрые игродействия можно объявлять, когда стек не пуст?", "Да", "304.1"),
    ("Медленное игродействие можно объявить, если стек не пуст?", "Нет", "304.1"),
])
def test_yes_no_from_a_fact(q, word, rule):
    a = _scenario(q)
    assert _opens(a.verdict, word), a.verdict
    assert a.citations[0] == rule


@pytest.mark.parametrize("q, start", [
    ("Кто получает приоритет после выполнения верхнего игродействия в стеке?", "Активный игрок"),
    ("Кто получает приоритет в начале новой фазы?", "Активный игрок"),
    ("Когда оплачивается игродействие?", "После выполнения"),
])
def test_a_wh_question_still_gets_the_fact(q, start):
    assert _scenario(q).verdict.startswith(start)


@pytest.mark.parametrize("q", [
    "Я объявил игродействие со стеком. Могу ли я сразу объявить ещё одно, не пасуя?",
    "Я объявил движение. Могу ли я объявить ещё одно игродействие, не передавая приоритет?",
    "Я объявил игродействие. Могу ли я сразу объявить ещё одно без паса?",
])
def test_no_pass_keeps_priority(q):
    a = _scenario(q)
    assert _opens(a.verdict, "Да"), a.verdict
    assert a.citations[0] == "303.3"


@pytest.mark.parametrize("q", [
    "Противник объявил атаку, она в стеке. Могу я в ответ сыграть внезапное действие?",
    "Можно ли бросить кубик, когда в стеке лежит движение?",
])
def test_fast_on_a_full_stack_cites_the_speed_not_the_stack_entry(q):
    a = _scenario(q)
    assert _opens(a.verdict, "Да"), a.verdict
    assert a.citations[:2] == ["304.1", "304.3"], a.citations
    assert any("302.2" in line for line in a.trace)


@pytest.mark.parametrize("q", [
    "Входит ли оплата в состав игродействия?",
    "Оплата — это часть игродействия?",
    "Оплата входит в состав игродействия или нет?",
])
def test_payment_is_part_of_a_game_action(q):
    a = _scenario(q)
    assert a.verdict.startswith("Да, оплата"), a.verdict
    assert a.citations[0] == "301.1", a.citations


def test_payment_is_not_a_game_action_of_its_own():
    a = _scenario("Оплата является игродействием?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "301.1"


@pytest.mark.parametrize("q,verdict,first", [
    ("Бросок кубика нельзя объявить, когда стек не пуст?", "Можно: бросок кубика", "304.1"),
    ("Если стек не пуст, нельзя объявить движение?", "Нельзя", "304.1"),
])
def test_negated_questions_are_answered_about_the_statement_asked(q, verdict, first):
    a = _scenario(q)
    assert a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first, a.citations


@pytest.mark.parametrize("q,who", [
    ("После паса кто ходит?", "Противник спасовавшего игрока"),
    ("Я спасовал. Кто теперь ходит?", "Ваш противник"),
    ("Кто получает приоритет после паса?", "Противник спасовавшего игрока"),
    ("Противник пасанул — кто действует?", "Вы"),
    ("Кому переходит приоритет, если я пасую?", "Ваш противник"),
])
def test_after_a_pass_priority_goes_to_the_opponent(q, who):
    a = _scenario(q)
    assert a.verdict.startswith(who + ":"), a.verdict
    assert a.citations[0] == "303.2" and "506.2" not in a.citations


@pytest.mark.parametrize("q,start", [
    ("Противник спасовал, что теперь?", "Приоритет переходит к вам"),
    ("Я спасовал, что дальше?", "Приоритет переходит к вашему противнику"),
])
def test_what_happens_after_a_pass(q, start):
    a = _scenario(q)
    assert a.verdict.startswith(start) and a.citations[0] == "303.2", (a.verdict, a.citations)


def test_slow_on_a_full_stack_is_refused_with_the_stack_shown():
    a = _scenario("Можно ли объявить движение, если стек не пуст?")
    assert a.verdict.startswith("Нет, нельзя") and a.citations[:2] == ["304.1", "304.2"]
    assert any("Стек: [срабатывающая особенность (противника)]" in t for t in a.trace)


def test_the_priority_fact_names_the_active_player():
    assert "Активный" in _scenario("После выполнения верхнего игродействия приоритет получает неактивный игрок?").verdict


def test_a_pass_is_still_a_pass():
    a = _scenario("Я спасовал. Кто теперь получает приоритет?")
    assert "противник" in a.verdict.lower(), a.verdict
    assert a.citations[0] == "303.2"


def test_the_stacked_action_is_the_one_the_question_says_lies_there():
    a = _scenario("Противник объявил атаку, она в стеке. Могу я в ответ сыграть внезапное действие?")
    assert a.verdict.startswith("Да") and a.citations[:2] == ["304.1", "304.3"]
    assert [next(iter(st)) for st in a.reading["steps"]] == ["declare", "pass", "declare"]
    assert a.reading["steps"][0]["declare"]["kind"] == "attack" and a.reading["steps"][0]["declare"]["player"] == "second"
    assert any(t.startswith("  Стек: [атака (простой удар) «Существо противника», внезапное действие") for t in a.trace)


def test_claims_about_game_actions_are_ruled_on():
    assert ask("Противник говорит, что бросок кубика — медленное игродействие. Он прав?").verdict.startswith("Нет, противник не прав")
    assert ask("Я думаю, что эффект правил игры не использует стек. Верно?").verdict.startswith("Да, вы правы")


# ------------------------------------------------------------------ what a game action is made of, watched on a run
DEFINITIONS = [
    ("Из каких частей вообще состоит игродействие?", "Из объявления, выполнения и оплаты", "301.1"),
    ("Игродействие состоит из чего?", "Из объявления, выполнения и оплаты", "301.1"),
    ("Сколько игроков сразу владеют приоритетом?", "Один игрок", "303.1"),
    ("Приоритет может быть у обоих игроков одновременно?", "Нет,", "303.1"),
    ("Эффекты правил игры применяются до того, как игрок получит приоритет?", "Да,", "303.6"),
    ("Эффекты правил игры применяются после получения приоритета?", "Нет,", "303.6"),
    ("Когда применяются эффекты правил игры, до или после получения игроком приоритета?", "До того", "303.6"),
    ("Надо ли вслух объявлять эффекты правил игры?", "Нет:", "301.1"),
    ("Атаку нужно объявлять вслух?", "Да,", "301.1"),
]


@pytest.mark.parametrize("q,start,first", DEFINITIONS, ids=[c[0] for c in DEFINITIONS])
def test_definitions_watched_on_a_run(q, start, first):
    test_answered_from_the_compiled_scenario(q, start, first)


def test_a_claim_about_when_rule_effects_apply():
    a = ask("Друг говорит, что эффекты правил игры применяются после того, как игрок получил приоритет. Я говорю — до. Кто прав?")
    assert a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "303.6"


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(sorted(KIND_ACCS)), order=st.integers(0, 1))
def test_said_aloud_equals_the_kind(kind, order):
    w = KIND_ACCS[kind]
    q = [f"Нужно ли объявлять вслух {w}?", f"{w[:1].upper() + w[1:]} надо объявлять вслух?"][order]
    a = ask(q)
    assert a.reading is not None and a.verdict.startswith("Да" if ACTIONS[kind].aloud else "Нет"), (q, a.verdict)


@pytest.mark.parametrize("q,start", [
    ("Можно ли объявить движение, пока в стеке что то лежит?", "Нет, нельзя"),           # «что то» is «что-то»
    ("Могу объявить действие карты в ответ на внезапку противника?", "Нет, нельзя"),      # slang kind
    ("У кого приоритет, когда начинается новая подфаза ну или фаза?", "Активный игрок"),   # one event named twice
    ("После выполнения игродействия из стека приоритет получает активный игрок?", "Да,"),
])
def test_wording_of_told_facts(q, start):
    a = ask(q)
    assert a.route == "scenario" and a.verdict.startswith(start), a.verdict


@pytest.mark.parametrize("q", [
    # the terrain's move told as an event (its own words, «доп зона»), then «это через стек?» and «можно на это ответить»
    "моя местность вскрылась и ушла в доп зону. это через стек идёт?",
    "местность после вскрытия уходит во вспомогательную зону, это через стек идёт? можно на это ответить",
])
def test_a_told_terrain_move_is_no_stack_action(q):
    a = ask(q)
    assert a.verdict is not None and "не использует стек" in a.verdict, (q, a.verdict, a.unread)
    assert a.citations[0] == "211.1"


# ------------------------------------------------------------------ speed words alone, priority lacking (reading12)
@pytest.mark.parametrize("q,start,first", [
    ("Нельзя объявлять медленное, пока в стеке что-то лежит?", "Нельзя", "304.1"),
    ("быстрое ж можно объявить, когда в стеке уже что то есть?", "Да", "304.1"),
    ("Можно ли объявить медленное, если стек пуст?", "Да", "304.1"),
])
def test_a_speed_adjective_alone_names_an_action_of_that_speed(q, start, first):
    a = _scenario(q)
    assert a.verdict.startswith(start) and a.citations[0] == first, (q, a.verdict, a.citations)


def test_a_speed_adjective_as_the_predicate_stays_the_asked_speed():
    r = ga.read("Бросок кубика это быстрое?")
    assert r.asked == "speed" and r.action.kind == "dice_roll"


@pytest.mark.parametrize("q", [
    "Без приоритета можно объявить внезапное действие?",
    "можно ли кинуть кубик, когда приоритета у меня нет?",
    "Можно ли объявить быстрое действие, не имея приоритета?",
])
def test_without_priority_nothing_is_declared(q):
    r = ga.read(q)
    assert r.asked == "legal" and r.no_priority and r.unread == []
    a = _scenario(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "303.1", (q, a.verdict, a.citations)
    holder = a.reading["state"]["priority"]
    declarer = a.reading["steps"][-1]["declare"]["player"]
    assert holder != declarer


def test_the_priority_of_the_other_player_is_not_read_as_the_askers():
    assert not ga.read("можно ли объявить быстрое действие, когда у противника нет приоритета?").no_priority


def test_the_opponent_who_declares_is_the_declarer():
    a = _scenario("В стеке лежит моё действие. Противник хочет прямо сейчас объявить движение своего сущ, может?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "304.1"
    assert a.reading["steps"][-1]["declare"]["player"] == "second"
    assert "противник объявляет" in a.understood


def test_the_action_answered_is_the_askers_own_after_a_possessive():
    r = ga.read("можно ли противнику объявить медленное действие в ответ на мою атаку?")
    assert r.on_stack.kind == "attack" and r.on_stack.player == "first" and r.action.player == "second"


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(sorted(KIND_ACCS)), order=st.integers(0, 2))
def test_legality_without_priority_equals_the_direct_run(kind, order):
    w = KIND_ACCS[kind]
    q = [f"Можно ли объявить {w} без приоритета?", f"Можно ли объявить {w}, когда приоритета у меня нет?",
         f"Без приоритета можно объявить {w}?"][order]
    a = ask(q)
    s = GameState()
    s.cards["A"] = Card(id="A", owner="first", cell=parse_cell("c2"), creature_class="воин", movement=2)
    s.priority = "second"
    card = "A" if kind in ("movement", "card_action", "sudden_action", "relocation") else None
    to = parse_cell("c3") if kind in ("movement", "relocation") else None
    legal = Simulator(s).declare("first", kind, card=card, to=to).legal
    assert a.reading is not None and a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)


@pytest.mark.parametrize("q,start", [
    ("могу прыгнуть, пока в стеке висит срабатка противника?", "Нет"),
    ("в стеке лежит срабатка. могу походить своим сущем?", "Нет"),
    ("можно походить, если стек пуст?", "Да"),
])
def test_a_motion_verb_names_the_motion_declared(q, start):
    a = _scenario(q)
    assert a.verdict.startswith(start) and a.citations[0] == "304.1", (q, a.verdict, a.citations)


@pytest.mark.parametrize("q", [
    "хозяин симба погиб, а у симба в тексте написано что он тогда становится самостоятельным существом. "
    "это превращение через стек идёт? противник может ответить чем то",
    "его хозяин погиб, а у симба в тексте написано что тогда он становится самостоятельным существом. "
    "это через стек идёт, можно на это ответить?",
])
def test_the_told_transformation_named_again_and_a_response_asked_again(q):
    r = ga.read(q)
    assert r.asked == "uses_stack" and r.action.kind == "symbiote_becomes_creature" and r.unread == []
    a = _scenario(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "302.5"


def test_a_response_clause_with_other_words_is_not_the_same_question():
    assert ga.read("бросок кубика через стек идёт, можно ли на него ответить атакой противника?").unread
