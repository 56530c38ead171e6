"""Card text plus a board: the verdict answers the asked proposition — which part, whether
two parts go in an order or together, a part without an earlier one, what a self-destroying
text does with nothing to pay — from the simulated run and the connective (505.4–505.9),
led by Да / Нет (issue 11 «card text in the question», issue 12 acceptance)."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.sim.board_ask import read_asked

DASH = "«{tap}: уничтожьте выбранное ваше существо – разряд на 2 по выбранному существу»."
EITHER = "у мага «разряд на 1 по выбранному существу либо излечите ваше существо на 2»."
SEMI = "«нанесите 2 раны выбранному закрытому существу противника; излечите ваше существо на 1»."
MOVE_HEAL = "«переместите выбранное ваше существо на соседнюю клетку – излечите его на 2»."
MAY = "у сущ «в начале хода может излечиться на 2 и переместиться на соседнюю клетку»."
OTHERWISE = "«закройте выбранное открытое существо противника, в противном случае – нанесите себе 1 рану»."
REFUSE = ("«противник закрывает одно своё открытое существо; если противник не может или не хочет этого сделать – "
          "нанесите 2 раны выбранному существу противника».")


def _lead(a) -> str:
    return (a.verdict or "").split(":")[0]


# ------------------------------------------------------------------ what is asked
def test_order_both_and_without_are_read():
    parts = [(1, "уничтожьте выбранное ваше существо"), (2, "разряд на 2 по выбранному существу")]
    acts = {1: "destroy", 2: "discharge"}
    got = read_asked(DASH + " можно сначала разряд кинуть а потом уже решить кого уничтожать?", parts, acts)
    assert (got.kind, got.parts) == ("order", (2, 1))
    got = read_asked(DASH + " могу и уничтожить и разряд кинуть?", parts, acts)
    assert (got.kind, got.parts) == ("both", (1, 2))
    got = read_asked(DASH + " разряд будет без уничтожения?", parts, acts)
    assert (got.kind, got.part, got.instead) == ("whether", 2, 1)
    got = read_asked(DASH + " я хочу просто разряд кинуть, можно так?", parts, acts)
    assert (got.kind, got.part) == ("may", 2)


# ------------------------------------------------------------------ order (505.4.2 / 505.5)
def test_a_later_part_first_is_no_and_the_written_order_is_yes():
    no = ask(DASH + " можно сначала разряд кинуть а потом уже решить кого уничтожать?")
    assert _lead(no) == "Нет" and "вначале часть 1 «уничтожьте выбранное ваше существо»" in no.verdict
    assert no.citations[0] == "505.4.2"
    yes = ask(DASH + " можно сначала уничтожить своего, а потом кинуть разряд?")
    assert _lead(yes) == "Да" and yes.citations[0] == "505.4.2"
    one = ask(EITHER + " можно сперва полечить а потом разряд?")
    assert _lead(one) == "Нет" and "только одна" in one.verdict and one.citations[0] == "505.5"


# ------------------------------------------------------------------ both parts
def test_both_options_of_a_choice_is_no_whatever_the_board():
    a = ask(EITHER + " у меня раненый гном, у врага два сущ. могу и разряд и лечилку сразу?")
    assert _lead(a) == "Нет" and "только одна из способностей" in a.verdict and a.citations[0] == "505.5"


def test_both_parts_after_a_semicolon_is_what_the_board_allows():
    no = ask(SEMI + " у противника нет ни одного закрытого сущ. будут и раны и лечение?")
    assert _lead(no) == "Нет" and "часть 1" in no.verdict and no.citations[0] == "505.4.1"
    yes = ask(SEMI + " у противника есть закрытое существо. будут и раны и лечение?")
    assert _lead(yes) == "Да" and "часть 2 «излечите ваше существо на 1» выполняется" in yes.verdict


def test_both_after_may_is_yes_when_the_board_allows_both_and_no_when_a_cell_is_missing():
    yes = ask(MAY + " оно ранено и рядом есть свободная клетка. могу и излечиться и переместиться?")
    assert _lead(yes) == "Да" and yes.citations[0] == "505.8"
    no = ask(MAY + " все соседние клетки заняты. могу и излечиться и переместиться?")
    assert _lead(no) == "Нет" and "507.2" in no.citations[:3]


@pytest.mark.parametrize("text, rule", [(OTHERWISE, "505.6"), (REFUSE, "505.7")])
def test_both_alternatives_is_no(text, rule):
    a = ask(text + " у противника есть открытые сущ. можно сделать оба?")
    assert _lead(a) == "Нет" and a.citations[0] == rule, a.verdict


# ------------------------------------------------------------------ a part without the earlier one
def test_a_later_part_without_the_earlier_one_is_no_and_the_board_says_why():
    full = ask(MOVE_HEAL + " вокруг моего раненого сущ все клетки заняты. лечение пройдёт без перемещения?")
    assert _lead(full) == "Нет" and "часть 2 «излечите его на 2» используется, только если выполнена часть 1" in full.verdict
    assert full.citations[:2] == ["505.4.2", "505.4"] and "507.2" in full.citations[:4]
    free = ask(MOVE_HEAL + " рядом с моим сущ есть пустая клетка. можно полечить без перемещения?")
    assert _lead(free) == "Нет" and "часть 1 «переместите выбранное ваше существо на соседнюю клетку» выполняется" \
        in free.verdict


def test_whether_a_later_part_happens_names_the_earlier_part_the_board_stopped():
    a = ask("«переместите выбранное ваше существо на соседнюю клетку; излечите его на 2». хочу полечить свое "
            "раненое сущ но у него все соседние клетки заняты. лечение пройдёт?")
    assert a.verdict.startswith("Нет: часть 2 «излечите его на 2» не выполняется"), a.verdict
    assert "часть 1 «переместите выбранное ваше существо на соседнюю клетку» не объявляется" in a.verdict
    assert "507.2" in a.citations[:3]


# ------------------------------------------------------------------ 505.9 and payment
def test_a_self_destroying_text_heals_with_nothing_to_pay_and_the_chat_or_not_question_is_yes_no():
    a = ask("у меня сущ «уничтожьте это существо, при этом излечите все ваши существа на 2». на столе у меня трое "
            "раненых, ресурсов на оплату ноль. лечилка сработает или нет")
    assert a.verdict.startswith("Да: часть 2 «излечите все ваши существа на 2» выполняется"), a.verdict
    assert a.citations[0] == "505.9"
    # the same with a creature of the player destroyed, not the source: 505 does not say → no board verdict
    b = ask("у меня сущ «уничтожьте выбранное ваше существо, при этом излечите все ваши существа на 2». на столе у "
            "меня трое раненых, ресурсов на оплату ноль. лечилка сработает или нет")
    assert not (b.verdict or "").startswith("Да: часть 2")


def test_this_card_is_the_source():
    a = ask("Способность: «Закройте выбранное открытое существо противника, в противном случае – эта карта получает "
            "рану 1». У противника все сущ уже закрыты. Что будет?")
    assert a.verdict.startswith("Эта карта получает рану 1: часть 1"), a.verdict
    steps = next(b for b in a.blocks if b.title == "Выполнение на поле:")
    assert any("«Источник» получает 1 ран" in x for x in steps.items)


# ------------------------------------------------------------------ honest limits
def test_a_cost_restriction_the_board_does_not_keep_gets_no_verdict():
    a = ask("«закройте: верните в колоду выбранное существо противника стоимостью 4 или меньше, в противном случае – "
            "разряд на 1 по выбранному существу». у противника стоит сущ. я хочу просто разряд кинуть, можно так?")
    assert a.verdict is None or not a.verdict.startswith(("Да", "Нет: часть 1 «верните")), a.verdict


def test_close_before_the_colon_is_the_tap_cost():
    from bot.abilities.parser import parse

    r = parse("Закройте: уничтожьте выбранное ваше существо – разряд на 2")
    assert r.complete and r.ast.shape() == "(cost (and_then effect effect))"
    cost = next(n for n in r.ast.walk() if n.kind == "cost")
    assert cost.attr("icons") == ("tap",) and cost.attr("payment") is None


# ------------------------------------------------------------------ payment time, who decides
def test_payment_comes_after_every_part():
    no = ask(DASH + " своего уже уничтожил. оплата идёт ещё до разряда?")
    assert no.verdict.startswith("Нет: оплата происходит после того, как игрок пройдёт все способности"), no.verdict
    assert no.citations[:2] == ["505.4", "505.4.2"]
    yes = ask(DASH + " платим уже после разряда?")
    assert _lead(yes) == "Да" and yes.citations[0] == "505.4"
    self_gone = ask("«{tap}: уничтожьте это существо – разряд на 3 по выбранному существу». когда оплата?")
    assert self_gone.verdict.startswith("Оплата происходит после") and "505.9" in self_gone.citations


@pytest.mark.parametrize("q, lead, rule", [
    (EITHER + " противник говорит что выбирать будет он. это так?", "Нет, противник не прав", "505.5"),
    (EITHER + " выбираю я?", "Да", "505.5"),
    (MAY + " кто решает, что объявлять?", "Контролирующий игрок", "505.8"),
    (REFUSE + " кто решает, отказаться или нет?", "Противник", "505.7"),
    (OTHERWISE + " я выбираю, что из двух делать?", "Нет", "505.6"),
])
def test_who_decides(q, lead, rule):
    a = ask(q)
    assert (a.verdict or "").startswith(lead + ":"), a.verdict
    assert a.citations[0] == rule


# ------------------------------------------------------------------ events told
def test_a_negated_past_action_is_a_failed_part_and_a_told_done_event_must_agree():
    no = ask("Действие: «Уничтожьте выбранное ваше существо – разряд на 3». Выбрал своего орка, но он не уничтожился. "
             "Разряд будет?")
    assert no.verdict.startswith("Нет: часть 2 «разряд на 3» не выполняется"), no.verdict
    assert no.citations[0] == "505.4.2"
    yes = ask("«Вернуть эту карту в колоду, при этом разряд на 3 по выбранному существу». Карта ушла в колоду. "
              "Разряд всё равно пройдёт?")
    assert yes.verdict.startswith("Да: часть 2") and yes.citations[0] == "505.9", yes.verdict
    # the question says a part happened that the text has no part for: no verdict from the board
    odd = ask("«Нанесите 2 раны выбранному существу противника; излечите ваше существо на 1». Карта ушла в колоду. "
              "Лечение будет?")
    assert not (odd.verdict or "").startswith(("Да: часть", "Нет: часть"))


def test_abbreviated_extra_lives_and_targets_are_board_facts():
    a = ask("Карта: «Снять с вашего существа 2 дополнительные жизни, при этом излечить выбранное существо на 2». "
            "У моих существ вообще нет доп. жизней. Лечение сработает?")
    assert a.verdict.startswith("Нет: часть 2 «излечить выбранное существо на 2» не выполняется"), a.verdict
    b = ask("«Выбранное существо противника получает рану 1, в противном случае – излечить эту карту на 3». Цели у "
            "противника есть, но мне лечение нужнее. Могу сразу выбрать лечение?")
    assert b.verdict.startswith("Нет: часть 1") and b.citations[0] == "505.6", b.verdict


# ------------------------------------------------------------------ must, given-up words, targets
FLYER = "у моего сущ «{tap}: нанесите 3 раны выбранному летающему существу противника, в противном случае – излечите себя на 2»."
MAY_MOVE = "текст «в начале вашего хода может переместиться на соседнюю клетку и излечиться на 1»."


def test_must_a_part_be_declared():
    no = ask(MAY_MOVE + " рядом есть пустая клетка. обязан ли я перемещаться?")
    assert no.verdict.startswith("Нет: часть 1 «переместиться на соседнюю клетку» перечислена после «может»"), no.verdict
    assert no.citations[0] == "505.8"
    yes = ask(FLYER + " у врага есть летун. я должен кинуть раны?")
    assert _lead(yes) == "Да" and yes.citations[0] == "505.6", yes.verdict
    alt = ask(FLYER + " у врага летунов нет. я должен кинуть раны?")
    assert _lead(alt) == "Нет" and "не объявляется" in alt.verdict


def test_the_words_after_instead_are_given_up_and_the_verb_after_them_is_asked():
    a = ask(FLYER + " у врага есть летун. могу вместо ран подлечиться?")
    assert a.verdict.startswith("Нет: часть 1 «нанесите 3 раны выбранному летающему существу противника» объявить "
                                "легально"), a.verdict
    assert a.citations[0] == "505.6"


def test_a_short_adjective_and_a_condition_without_comma():
    a = ask("«закройте: уничтожьте выбранное закрытое существо противника; разряд на 2 по выбранному существу». "
            "у противника все открыты. разряд кину?")
    assert a.verdict.startswith("Нет: часть 2 «разряд на 2 по выбранному существу» не выполняется"), a.verdict
    b = ask("«верните это существо в колоду, при этом излечите выбранное ваше существо на 3». у меня раненый гоблин. "
            "лечение будет если я ушел в колоду?")
    assert b.verdict.startswith("Да: часть 2 «излечите выбранное ваше существо на 3»") and b.citations[0] == "505.9"


def test_a_later_part_does_not_target_the_card_an_earlier_part_destroyed():
    a = ask("«закройте: уничтожьте выбранное закрытое существо противника; разряд на 2 по выбранному существу». "
            "у противника одно закрытое сущ. разряд будет?")
    assert a.verdict.startswith("Да: часть 2 «разряд на 2 по выбранному существу» выполняется"), a.verdict


def test_several_fitting_targets_make_a_chosen_option_legal():
    text = "«разряд на 3 по выбранному существу или излечите выбранное ваше существо на 3»."
    a = ask(text + " у противника нет существ вообще. могу ли я кинуть разряд?")
    assert a.verdict.startswith("Да: часть 1 «разряд на 3 по выбранному существу» объявить можно"), a.verdict
    b = ask(text.replace("выбранному существу", "выбранному существу противника") +
            " у противника нет существ вообще. могу ли я кинуть разряд?")
    assert b.verdict.startswith("Нет: часть 1 объявить нелегально") and b.citations[0] == "505.5", b.verdict


# ------------------------------------------------------------------ the state a card ends in
SELF_WOUND = ("«{tap}: нанесите 3 раны выбранному закрытому существу противника, в противном случае – нанесите себе 2 "
              "раны».")


def test_the_asked_card_ends_in_the_asked_state():
    hurt = ask(SELF_WOUND + " у противника нет закрытых сущ. моё существо получит раны?")
    assert hurt.verdict.startswith("Да: часть 2 «нанесите себе 2 раны» выполняется"), hurt.verdict
    assert "«Источник» получает 2 ран" in hurt.verdict and hurt.citations[0] == "505.6"
    safe = ask(SELF_WOUND + " у противника есть закрытое сущ. моё существо получит раны?")
    assert _lead(safe) == "Нет", safe.verdict
    closed = ask(SELF_WOUND + " у противника нет закрытых сущ. моя карта закроется?")
    assert closed.verdict.startswith("Да: оплата происходит после того, как пройдены все способности (п. 505.4)")
    refused = ask(REFUSE + " противник отказался. его существо закроется?")
    assert _lead(refused) == "Нет" and refused.citations[0] == "505.7"


def test_healing_a_card_without_wounds_is_not_assumed_performed():
    a = ask("«{tap}: излечите выбранное ваше существо на 2 – нанесите 1 рану выбранному существу противника». "
            "у меня нет раненых. будет рана?")
    assert a.verdict is None
    steps = next(b for b in a.blocks if b.title == "Выполнение на поле:")
    assert any("на цели нет ран" in x for x in steps.items)


def test_the_source_the_question_calls_an_artifact_is_no_creature_to_destroy():
    text = "«закройте: уничтожьте выбранное ваше существо – разряд на 3 по выбранному существу»."
    art = ask("у арта текст " + text + " у меня нет существ. разряд будет?")
    assert art.verdict.startswith("Нет: часть 2 «разряд на 3 по выбранному существу» не выполняется"), art.verdict
    # a creature that is the only creature of its player may destroy itself: 505.9
    own = ask("у сущ " + text + " у меня нет сущ кроме этой карты. разряд будет?")
    assert own.verdict.startswith("Да: часть 2") and own.citations[0] == "505.9", own.verdict


# ------------------------------------------------------------------ negation and the opponent's «своё»
def test_a_negated_question_is_answered_agreeing_with_its_statement():
    base = "«уничтожьте выбранное существо противника – разряд на 2». у противника нет существ."
    # «разве …?» doubts the denial: «Нет, не будет»; «…, да?» confirms it: «Да, не будет» (bot.yesno.settle)
    for q, lead in ((" разве разряда не будет?", "Нет"), (" разряда не будет, да?", "Да")):
        a = ask(base + q)
        assert a.verdict.startswith(f"{lead}, не будет: часть 2 «разряд на 2» не выполняется"), a.verdict
    b = ask("«уничтожьте выбранное существо противника – разряд на 2». у противника есть существо. разряда не будет?")
    assert b.verdict.startswith("Будет: часть 2 «разряд на 2» выполняется"), b.verdict     # never «Нет, будет»


def test_the_opponents_own_creature_is_the_opponents():
    q = ("«противник закрывает одно своё открытое существо; если противник не может или не хочет этого сделать – "
         "нанесите 2 раны выбранному существу противника». у противника все сущ закрыты. что будет?")
    a = ask(q)
    assert a.verdict.startswith("Нанесите 2 раны выбранному существу противника: часть 1"), a.verdict
    steps = next(b for b in a.blocks if b.title == "Выполнение на поле:")
    assert not any("«Источник» закрывается" in x for x in steps.items)
