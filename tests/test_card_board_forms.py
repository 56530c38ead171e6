"""Card text plus a described board: the asked proposition over the executed ability —
the order of parts told «сначала A, а B потом» (505.4.x), «либо все, либо ничего» and
«обязан сделать и то и другое» (505.5, 505.8), the asked sentence before a remark
(issue 11 «card text in the question», issue 12 acceptance)."""

from __future__ import annotations

from bot.judge import ask
from bot.sim.board_ask import asks_order, read_asked

WOUND_HEAL = "«{tap}: нанесите 1 рану выбранному вашему существу – излечите выбранное существо на 3»."
OR = "у жреца «{tap}: разряд на 2 по выбранному существу или излечите ваше существо на 2»."
MAY = "у стража «в начале вашего хода может открыться и нанести 1 рану выбранному существу противника»."
SEMI = "«{tap}: закройте выбранное существо противника; нанесите 2 раны выбранному существу»."


def _lead(a) -> str:
    return (a.verdict or "").split(":")[0]


# ------------------------------------------------------------------ order told «сначала A, а B потом»
def test_the_later_act_told_before_potom_is_read():
    parts = [(1, "нанесите 1 рану выбранному вашему существу"), (2, "излечите выбранное существо на 3")]
    acts = {1: "wound", 2: "heal"}
    got = read_asked(WOUND_HEAL + " можно я сначала вылечу, а своего раню потом?", parts, acts)
    assert (got.kind, got.parts) == ("order", (2, 1))
    got = read_asked(WOUND_HEAL + " можно я вылечу сначала, а потом раню своего?", parts, acts)
    assert (got.kind, got.parts) == ("order", (2, 1))
    assert asks_order("можно я сначала вылечу, а своего раню потом?")
    assert not asks_order("сначала он закрылся. что будет?")


def test_a_later_part_first_after_a_dash_is_no():
    a = ask(WOUND_HEAL + " можно я сначала вылечу, а своего раню потом?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.2"
    assert "вначале часть 1" in a.verdict
    a = ask(WOUND_HEAL + " сначала раню своего, а вылечу потом — так можно?")
    assert _lead(a) == "Да" and a.citations[0] == "505.4.2"


def test_no_order_of_both_options_of_a_choice():
    a = ask(OR + " можно сначала полечить, а разряд потом?")
    assert _lead(a) == "Нет" and "только одна" in a.verdict and a.citations[0] == "505.5"


# ------------------------------------------------------------------ every part or none
def test_must_both_is_no_for_a_choice_and_a_claim_of_it_is_wrong():
    parts = [(1, "{tap}: разряд на 2 по выбранному существу"), (2, "излечите ваше существо на 2")]
    assert read_asked(OR + " я обязан сделать и то и другое?", parts, {1: "discharge", 2: "heal"}).kind == "all_or_none"
    a = ask(OR + " соперник утверждает, что я должен сделать и то и другое. так?")
    assert a.verdict and a.verdict.startswith("Нет") and "не прав" in a.verdict
    assert a.citations[0] == "505.5"


def test_all_or_nothing_after_may_is_no():
    a = ask(MAY + " я обязан сделать и то и другое?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.8"
    a = ask(MAY + " друг говорит, раз написано «может», то либо всё делаю, либо ничего. кто прав?")
    assert a.verdict and a.verdict.startswith(("Вы правы", "Нет, друг не прав"))
    assert a.citations[0] == "505.8"


# ------------------------------------------------------------------ the asked sentence before a remark
def test_a_remark_after_the_question_does_not_hide_it():
    a = ask(SEMI + " закрыть выбранное не вышло. раны всё равно будут? там же точка с запятой, значит отдельно")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.1"
    assert "часть 2" in a.verdict
