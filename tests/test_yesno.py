"""The lead word of a verdict (bot.yesno, issue 11): yes/no questions open with «Да» / «Нет»,
«кто прав?» with the person, claims are ruled on relative to the claim, and a finding that
does not say whether the asked proposition holds is not given as a verdict."""

import pytest

from bot.judge import ask
from bot.yesno import fits, lead, question_kind, rule_on_claim


@pytest.mark.parametrize("q, kind", [
    ("Лечение будет?", "yes_no"),
    ("«Закрыть. Ранить?» Разве нельзя не ранить?", "yes_no"),
    ("Он же летает, ведь так?", "yes_no"),
    ("Прав ли он?", "yes_no"),
    ("Прав он?", "yes_no"),
    ("Верно?", "yes_no"),
    ("Правда, что симбиот лежит отдельно?", "yes_no"),
    ("Противник решает, какую часть я применю?", "yes_no"),
    ("Противник выбирает, открыть или закрыть?", "yes_no"),
    ("Если существо закрыто, оно может атаковать?", "yes_no"),
    ("Я говорю одно, друг другое. Кто из нас прав?", "who_right"),
    ("Что будет?", "open"),
    ("Если существо закрыто, что будет?", "open"),
    ("Хозяин шмотки погиб, что с ней?", "open"),
    ("Бросок кубика — медленное или быстрое игродействие?", "open"),
    ("В каком порядке идут фазы?", "open"),
    ("Чьи особенности первыми идут в стек?", "open"),
    ("объясни 505.8", "open"),
])
def test_question_kind(q, kind):
    assert question_kind(q) == kind


def test_lead_and_fits():
    assert lead(True, "часть 2 выполняется (п. 505.7)") == "Да: часть 2 выполняется (п. 505.7)"
    assert lead(False, "x") == "Нет: x"
    assert lead(None, "x") is None
    assert fits("Лечение будет?", "Да: лечение будет")
    assert not fits("Лечение будет?", "Часть 2 выполняется (п. 505.7)")
    assert fits("Что будет?", "Часть 2 выполняется (п. 505.7)")
    assert fits("Кто прав?", "Прав противник: …")
    assert not fits("Кто прав?", "Контролирующий игрок вправе …")


def test_rule_on_claim_relative_to_claimer():
    assert rule_on_claim(False, "w", claimer_is_me=False, other="противник", who_check=False) == "Нет, противник не прав: w"
    assert rule_on_claim(True, "w", claimer_is_me=True, other="друг", who_check=False) == "Да, вы правы: w"
    assert rule_on_claim(False, "w", claimer_is_me=False, other="друг", who_check=True) == "Вы правы: w"
    assert rule_on_claim(False, "w", claimer_is_me=True, other="друг", who_check=True) == "Прав друг: w"


TEXT = "На карте: «Может закрыть существо и нанести ему рану 2». "


def test_card_text_claim_answered_relative_to_claim():
    a = ask(TEXT + "Противник говорит, раз написано «и», я обязан сделать оба. Прав он?")
    assert a.route == "ability"
    assert a.verdict.startswith("Нет, противник не прав: контролирующий игрок вправе не объявлять")
    assert a.citations[0] == "505.8"


def test_card_text_claim_who_is_right():
    a = ask(TEXT + "Противник говорит, что я обязан сделать оба. Кто прав?")
    # the asker said nothing himself: the claimer is named as not right
    assert a.verdict.startswith("Противник не прав: контролирующий игрок вправе не объявлять")
    a = ask(TEXT + "Противник говорит, что я обязан сделать оба. Я не согласен. Кто прав?")
    assert a.verdict.startswith("Вы правы: контролирующий игрок вправе не объявлять")
    mine = ask(TEXT + "Я говорю, что обязан сделать оба. Верно?")
    assert mine.verdict.startswith("Нет, вы не правы: ")


def test_yes_no_on_card_board_leads_with_da():
    a = ask("«Закрыть выбранное открытое существо противника; если противник не может или не хочет этого "
            "сделать – излечить ваше существо на 2». У противника все существа закрыты. Лечение будет?")
    assert a.verdict.startswith("Да: часть 2 «излечить ваше существо на 2» выполняется")
    assert "505.7" in a.citations[:1]


def test_bare_statement_for_yes_no_is_not_a_verdict():
    a = ask(TEXT + "Так это работает?")
    assert a.verdict is None
    assert a.blocks[0].text.startswith("Вердикт «да» или «нет» не даю")
    assert "505.8" in a.blocks[0].text
    # the same finding answers a «как?» question as it is
    how = ask(TEXT + "Как это работает?")
    assert how.verdict.startswith("Контролирующий игрок вправе не объявлять") and how.citations[0] == "505.8"


@pytest.mark.parametrize("s,kind", [
    ("противник ответил быстрым игродействием, после того как оно выполнится у кого приоритет", "open"),
    ("я объявил атаку, когда противник спасует кто ходит", "open"),
    ("если стек пуст кто получает приоритет", "open"),
    ("можно атаковать, если кто-то объявил движение", "yes_no"),
    ("можно ходить, если он закрыт как раз", "yes_no"),
    ("он может атаковать, если противник знает что делать", "yes_no"),
])
def test_a_wh_question_glued_to_a_subordinate_clause_is_open(s, kind):
    from bot.yesno import sentence_kind
    assert sentence_kind(s) == kind
