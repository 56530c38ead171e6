"""Scenario-route fixes from the review: the words that pick a situation (simultaneity
needs triggered abilities, slang for a host's fate), citations limited to the paragraphs
the conclusion rests on, negated yes/no questions, movement and phase questions that
used to fall through to search. Each family is tested with paraphrases."""

from __future__ import annotations

import pytest

from bot.yesno import agree_with_negation
from tests.sim_support import ask_judge, assert_ruling


# ------------------------------------------------ citations: the decisive paragraphs only
@pytest.mark.parametrize("q", [
    "Можно ли атаковать артефакт простым ударом?",
    "Артефакт можно ударить простым ударом?",
    "Можно ли нанести простой удар по артефакту?",
    "Простой удар по артефакту считается как по открытой или по закрытой карте?",
])
def test_strike_on_artifact_cites_210_3_only_and_keeps_the_stack_in_the_trace(q):
    a = ask_judge(q)
    assert a.citations == ["210.3"], a.citations
    assert any("303.4" in line for line in a.trace)      # the resolution is still shown step by step


@pytest.mark.parametrize("q,rule", [
    ("Хозяина переместили. Экипировка остаётся на прежней клетке?", "212.8"),
    ("Если хозяин переместился, симбиот переместится с ним?", "209.11"),
    ("Хозяина убили. Симбиот выживет?", "209.4"),
])
def test_host_events_do_not_cite_the_stack_steps_around_them(q, rule):
    a = ask_judge(q)
    assert a.citations == [rule], a.citations


# ------------------------------------------------ «одновременно» is about triggers only next to abilities
@pytest.mark.parametrize("q", [
    "Может ли существо носить меч и щит одновременно?",
    "Можно ли надеть на воина шлем и кольчугу?",
    "Могу я одновременно повесить на существо топор и щит?",
])
def test_two_named_pieces_of_equipment_are_limited_per_class(q):
    a = ask_judge(q)
    assert a.verdict.startswith("Да, если у них разные классы"), a.verdict
    assert a.citations[0] == "212.4" and "305.1" not in a.citations


def test_two_named_pieces_on_a_flying_creature_are_refused_by_the_host():
    a = ask_judge("Можно ли повесить меч и щит на летающее существо?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "212.3"


def test_simultaneously_without_abilities_is_not_305_1():
    a = ask_judge("Может ли существо одновременно носить две экипировки разных классов?")
    assert a is not None and a.citations[0] == "212.4" and a.verdict.startswith("Да")


# ------------------------------------------------ slang for the host's fate
@pytest.mark.parametrize("q,verdict,first", [
    ("Если мой хозяин взлетел, что будет с симбиотом?", "погибает", "209.4"),
    ("Хозяин взлетел. Симбиот выживет?", "Нет", "209.4"),
    ("Мой хозяин стал летать — сим сдохнет?", "Да", "209.4"),
    ("Хозяин получил полёт, что со шмоткой?", "уничтожается", "212.3"),
    ("Что будет с экипировкой, если хозяин обрёл полёт?", "уничтожается", "212.3"),
    ("Хозяин получил бестелесность. Что с симбиотом?", "погибает", "209.5"),
    ("Хозяин стал бестелесным, симбиот погибнет?", "Да", "209.5"),
    ("Бестелесный симбиот погибнет, если хозяин станет бестелесным?", "Нет", "209.5"),
    ("Хозяин сдох, что с симбиотом?", "погибает", "209.4"),
    ("Хозяин помер, что будет с экипировкой?", "уничтожается", "212.3"),
    ("Хозяина убили, симбиот живёт?", "Нет", "209.4"),
    ("Хозяин умер — что с паразитом?", "погибает", "209.4"),
    ("хозяин скончался, симбиот остается?", "Нет", "209.4"),
])
def test_host_fate_slang(q, verdict, first):
    assert_ruling(ask_judge(q), verdict, first)


# ------------------------------------------------ negated questions: the answer agrees with the statement
@pytest.mark.parametrize("q,verdict,first", [
    # allowed -> the positive word leads («Нет, можно» would contradict itself); «разве …» -> «Да, можно»
    ("Артефакт нельзя атаковать?", "Можно атаковать", "210.3"),
    ("Разве нельзя положить симбиота на своё существо?", "Да, можно", "209.1"),
    # banned -> «Да, нельзя / Да, не может»
    ("Симбиота нельзя двигать?", "Да, нельзя", "209.10"),
    ("Нельзя класть симбиота на летающее существо?", "Да, нельзя", "209.4"),
    ("Артефакт не может атаковать?", "Да, не может", "210.2"),
    ("Симбиот не может двигаться сам?", "Да, не может", "209.10"),
    # a negated fate
    ("Симбиот не погибает, если хозяин взлетел?", "Погибает: симбиот погибает", "209.4"),
    ("Если хозяин умер, экипировка не уничтожается?", "Уничтожается: экипировка уничтожается", "212.3"),
    ("Бестелесный симбиот не погибнет, если хозяин станет бестелесным?", "Да", "209.5"),
])
def test_negated_questions_are_answered_about_the_statement_asked(q, verdict, first):
    a = ask_judge(q)
    assert a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first, a.citations


@pytest.mark.parametrize("q,verdict", [
    ("Артефакт можно атаковать?", "Да, можно"),
    ("Симбиота можно двигать?", "Нет"),
    ("Нельзя ли атаковать артефакт?", "Да"),                   # «не … ли»: a positive question
    ("Можно или нельзя класть симбиота на симбиота?", "Нет, нельзя"),
    ("Второй игрок может не вскрывать карты третьего ряда до конца боя?", "Нет"),   # the infinitive is negated
])
def test_positive_questions_keep_their_polarity(q, verdict):
    assert ask_judge(q).verdict.startswith(verdict)


def test_agree_with_negation_text():
    assert agree_with_negation("Да, можно: удар по артефакту", "нельзя") == "Нет, можно: удар по артефакту"
    assert agree_with_negation("Нет, не может: так нельзя", "нельзя") == "Да, нельзя: так нельзя"
    assert agree_with_negation("Нет, не может: так нельзя", "не может") == "Да, не может: так нельзя"
    assert agree_with_negation("Симбиот погибает", "нельзя") == "Симбиот погибает"


# ------------------------------------------------ order of the preliminary subphases (406, 407, 408)
def test_simulator_refuses_going_back_in_the_preliminary_phase():
    from bot.sim import phases
    from tests.sim_support import make_card, make_sim
    sim = make_sim([make_card("Воин", cell="c3"), make_card("Орк", owner="second", cell="c4")], phase="vanguard", subphase=None)
    r = phases.battle_start(sim, [("first", "Воин", True)])
    assert not r.legal and r.reasons[0].rules == ("406.1", "407.1")
    r = phases.vanguard(sim, [("first", "Воин", True)])
    assert r.legal


# ------------------------------------------------ an artifact relocated by an ability: the verdict names its basis
@pytest.mark.parametrize("q", [
    "Артефакт можно переместить способностью карты?",
    "Можно ли переместить артефакт особенностью?",
    "Особенность перемещает артефакт на соседнюю клетку — это законно?",
])
def test_artifact_relocation_rests_on_relocation_not_being_movement(q):
    a = ask_judge(q)
    assert a.verdict.startswith("Да, можно") and "различие перемещения и движения" in a.verdict, a.verdict
    assert a.citations[:2] == ["507.1", "210.2"], a.citations


def test_artifact_relocation_negated_and_artifact_movement():
    a = ask_judge("Артефакт нельзя переместить способностью?")
    assert a.verdict.startswith("Можно: вывод опирается"), a.verdict
    a = ask_judge("Может ли артефакт двигаться?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "210.2"


@pytest.mark.parametrize("q", ["Можно переместить местность особенностью?", "Местность можно переместить способностью карты?"])
def test_a_revealed_terrain_is_not_relocated_on_the_battlefield(q):
    a = ask_judge(q)
    assert a.verdict.startswith("Нет") and "вспомогательной зоне" in a.verdict, a.verdict
    assert a.citations[:2] == ["507.1", "211.1"], a.citations
