"""Card text plus a described board (issue 11): the board the question describes, not
flags, decides which parts are legal, fail or are refused (505.4–505.9), through the
simulator's ``use`` step; the verdict leads with the consequence or with Да / Нет
(bot.sim.board_text, bot.sim.board_ask)."""

from __future__ import annotations

from bot.judge import ask
from bot.sim.board_ask import read_asked
from bot.sim.board_text import read_board_facts
from bot.sim.card_board_route import answer

REFUSABLE = ("«{tap}: противник открывает одно своё закрытое существо; если противник не может или не хочет "
             "этого сделать – нанесите 2 раны выбранному существу противника».")
OTHERWISE_MOVE = "«{tap}: переместите выбранное существо противника на соседнюю клетку, в противном случае – нанесите ему рану»."


def _facts(q):
    f = read_board_facts(q)
    return [(x.kind, x.owner, x.restriction, x.action) for x in f.facts], f.unread


# ------------------------------------------------------------------ reading the board
def test_every_creature_already_closed_is_one_fact():
    facts, unread = _facts(REFUSABLE + " У соперника все существа и так открыты. Что будет?")
    assert facts == [("none", "enemy", "closed", None)] and unread == []


def test_a_failed_action_told_is_an_event_of_that_action():
    facts, _ = _facts("«Уничтожьте выбранное существо противника – разряд на 2». Я выбрал существо, "
                      "но уничтожить его не удалось. Разряд будет?")
    assert ("failed", None, None, "destroy") in facts


def test_cells_and_quantified_extra_lives_are_read():
    assert _facts(OTHERWISE_MOVE + " Вокруг его существа все клетки заняты. Что будет?")[0] == [("cells_full", None, None, None)]
    assert _facts(OTHERWISE_MOVE + " Рядом с ним есть пустая клетка. Что будет?")[0] == [("cells_free", None, None, None)]
    facts, _ = _facts("«Снимите с вашего существа 1 дополнительную жизнь, при этом нанесите 3 раны выбранному существу». "
                      "Ни у одного моего существа нет доп жизней. Раны будут?")
    assert facts == [("none", "own", "extra_lives", None)]


def test_nothing_to_pay_with_decides_only_a_self_destroying_text():
    # 505 says what happens with nothing to pay with only for «уничтожить себя, при этом …» (505.9)
    q = "«{tap}: уничтожьте выбранное существо противника – разряд на 2». Кристаллов на оплату нет. Что будет?"
    assert _facts(q) == ([("no_resources", None, None, None)], []) and answer(q, "5ed") is None
    a = ask("«Уничтожьте это существо, при этом излечите все ваши существа на 2». У меня два раненых сущ, "
            "а платить нечем. Лечение будет?")
    assert a.verdict.startswith("Да: часть 2 «излечите все ваши существа на 2» выполняется"), a.verdict
    assert "независимо от наличия ресурсов" in a.verdict and a.citations[0] == "505.9"


def test_the_asking_clause_states_no_refusal():
    facts, _ = _facts(REFUSABLE + " У него закрытые есть. Может ли он отказаться?")
    assert ("refuse", "enemy", None, None) not in facts


def test_what_is_asked():
    parts = [(1, "нанесите 2 раны выбранному летающему существу"), (2, "излечите ваше существо на 2")]
    acts = {1: "wound", 2: "heal"}
    assert read_asked("«…». Можно мне просто подлечить своего?", parts, acts).kind == "may"
    assert read_asked("«…». Можно мне просто подлечить своего?", parts, acts).part == 2
    assert read_asked("«…». Что произойдёт?", parts, acts).kind == "consequence"
    assert read_asked("«…». Лечение будет?", parts, acts).kind == "whether"
    got = read_asked("«…». Могу я выбрать излечение вместо ран?", parts, acts)
    assert (got.kind, got.part, got.instead) == ("may", 2, 1)


# ------------------------------------------------------------------ the simulator decides
def test_consequence_leads_when_the_first_part_is_impossible():
    a = ask(REFUSABLE + " У соперника все существа и так открыты. Что будет?")
    assert a.route == "ability"
    assert a.verdict.startswith("Нанесите 2 раны выбранному существу противника: часть 1"), a.verdict
    assert a.citations[0] == "505.7"


def test_a_failed_destroy_stops_the_dash_part():
    a = ask("«Уничтожьте выбранное существо противника – разряд на 2». Я выбрал существо, но уничтожить его "
            "не получилось. Разряд всё-таки будет?")
    assert a.verdict.startswith("Нет: часть 2 «разряд на 2» не выполняется"), a.verdict
    assert a.citations[0] == "505.4.2"


def test_may_take_the_only_legal_option_of_a_choice():
    a = ask("«{tap}: нанесите 2 раны выбранному летающему существу либо излечите ваше существо на 2». "
            "У соперника ни одного летающего существа нет. Можно мне просто подлечить своего?")
    assert a.verdict.startswith("Да: часть 2 «излечите ваше существо на 2» выполняется"), a.verdict
    assert a.citations[0] == "505.5"


def test_may_not_take_the_alternative_while_the_first_part_is_legal():
    a = ask(OTHERWISE_MOVE + " Рядом с ним есть пустая клетка. Могу я выбрать рану вместо перемещения?")
    assert a.verdict.startswith("Нет: часть 1"), a.verdict
    assert a.citations[0] == "505.6"


def test_alternative_when_every_neighbouring_cell_is_taken():
    a = ask(OTHERWISE_MOVE + " Вокруг его существа все клетки заняты. Что будет?")
    assert a.verdict.startswith("Нанесите ему рану: часть 1"), a.verdict
    assert "507.2" in a.citations and a.citations[0] == "505.6"


def test_the_opponent_may_refuse_a_refusable_part():
    a = ask(REFUSABLE + " У него закрытые есть, но он отказывается. Он вправе отказаться?")
    assert a.verdict.startswith("Да: противник вправе отказаться от эффекта части 1"), a.verdict
    assert "часть 2 «нанесите 2 раны выбранному существу противника» выполняется" in a.verdict


def test_refusal_of_a_text_without_505_7_gets_no_verdict():
    a = ask("«{tap}: противник открывает одно своё закрытое существо, при этом нанесите себе 1 рану». "
            "У него закрытые есть. Может он отказаться?")
    assert a.verdict is None or not a.verdict.startswith("Да: противник вправе")


def test_after_may_one_part_may_be_declared_alone():
    a = ask("У меня «Когда открывается, может излечиться на 2 и переместиться на соседнюю клетку». "
            "Рядом нет ни одной пустой клетки. Излечиться-то могу?")
    assert a.verdict is not None and a.verdict.startswith("Да: часть 1 «излечиться на 2» выполняется"), a.verdict
    assert a.citations[0] == "505.8"


def test_no_extra_lives_anywhere_stops_the_next_part():
    a = ask("«Снимите с вашего существа 1 дополнительную жизнь; нанесите 3 раны выбранному существу противника». "
            "Ни у одного моего существа нет доп жизней. Раны будут?")
    assert a.verdict.startswith("Нет: часть 2"), a.verdict
    assert a.citations[0] == "505.4.1"


def test_a_refusal_in_the_condition_of_the_asked_sentence_is_a_fact():
    q = REFUSABLE + " Что будет, если противник откажется?"
    facts, _ = _facts(q)
    assert facts == [("refuse", "enemy", None, None)]
    a = ask(q)
    assert a.verdict.startswith("Нанесите 2 раны выбранному существу противника: часть 1"), a.verdict


def test_the_askers_own_unwillingness_is_not_the_opponents_refusal():
    facts, unread = _facts(REFUSABLE + " Я не хочу, чтобы он открывал. Что будет?")
    assert ("refuse", "enemy", None, None) not in facts


MAY_BOTH = "«Может нанести 1 рану выбранному существу противника и переместиться на соседнюю клетку»."


def test_only_closed_and_a_counted_creature_are_facts():
    facts, _ = _facts(REFUSABLE + " У врага лишь открытые существа. Что произойдёт?")
    assert facts == [("none", "enemy", "closed", None)]
    facts, _ = _facts(REFUSABLE + " У противника одно закрытое существо. Что произойдёт?")
    assert facts == [("exists", "enemy", "closed", None)]
    facts, _ = _facts(REFUSABLE + " Только у противника есть закрытые существа. Что произойдёт?")
    assert facts == [("exists", "enemy", "closed", None)]      # «только» limits the owner here


def test_a_counted_legal_target_makes_the_first_part_happen():
    a = ask(REFUSABLE + " У противника одно закрытое существо. Что произойдёт?")
    assert a.verdict.startswith("Противник открывает одно своё закрытое существо: часть 1") or \
        a.verdict.startswith("Противник открывает одно свое закрытое существо: часть 1"), a.verdict


def test_may_leave_out_a_part_after_may():
    a = ask(MAY_BOTH + " Рядом все клетки заняты. Могу ли я не перемещаться?")
    assert a.verdict.startswith("Да: контролирующий игрок вправе не объявлять часть 2"), a.verdict
    assert a.citations[0] == "505.8"


def test_may_not_leave_out_a_legal_first_alternative():
    no = ask(OTHERWISE_MOVE + " Рядом с ним есть пустая клетка. Можно не перемещать его?")
    assert no.verdict.startswith("Нет: часть 1"), no.verdict
    assert no.citations[0] == "505.6"
    yes = ask(OTHERWISE_MOVE + " Вокруг его существа все клетки заняты. Можно не перемещать его?")
    assert yes.verdict.startswith("Да: часть 1"), yes.verdict


def test_a_text_that_opens_its_own_card_presupposes_a_closed_card():
    # the question does not say the card's state: the state the part needs is taken and said,
    # not a default «open» that makes «открыться» illegal
    q = ("Текст: «В конце хода может открыться и переместиться на соседнюю клетку». "
         "Все клетки рядом с ним заняты. Что будет?")
    a = ask(q)
    assert a.verdict.startswith("Открыться: часть 1 «открыться» выполняется")
    assert "часть 2 «переместиться на соседнюю клетку» не объявляется" in a.verdict
    assert "505.8" in a.citations and "507.2" in a.citations
    board = next(b for b in a.blocks if b.title == "Поле, на котором выполняется текст:")
    assert any("«Источник» закрыто: часть 1 открывает его" in x for x in board.items)


def test_the_part_left_out_is_the_one_under_the_negation():
    # «A и не B», «B, не A», «не A, а B»: the part under «не» is skipped, whatever the word order
    parts = [(1, "нанести 1 рану выбранному существу противника"), (2, "переместиться на соседнюю клетку")]
    assert read_asked("Могу я ранить его и не перемещаться?", parts).part == 2
    assert read_asked("Могу я переместиться, не нанося рану?", parts).part == 1
    assert read_asked("Могу я не ранить, а только переместиться?", parts).part == 1
    a = ask(MAY_BOTH + " У противника одно открытое существо. Могу я ранить его и не перемещаться?")
    assert a.verdict.startswith("Да: контролирующий игрок вправе не объявлять часть 2"), a.verdict


def test_a_left_out_word_that_names_no_part_gets_no_verdict():
    parts = [(1, "нанести 1 рану выбранному существу противника"), (2, "переместиться на соседнюю клетку")]
    assert read_asked("Могу я переместиться и не закрываться?", parts).kind == "unread"
    a = ask(MAY_BOTH + " У противника одно открытое существо. Могу я переместиться и не закрываться?")
    assert a.verdict is None
