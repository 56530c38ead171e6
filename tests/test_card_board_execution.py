"""Card text on a described board, executed (issues 11 and 12): the rules that constrain
each effect's target (placement 209.x / 212.x, closing an open card, the host moved with
its equipment 212.8), the use itself (506.3 for «вместо движения», a closed {tap} card),
the asker's own declined part (505.8), cards that are not creatures («ни одного арта»),
decide each part — the board both ways — and every answer's ``reading`` runs with
``scenario run`` to the same result. Questions written for these tests."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.reading.compile import dump
from bot.sim import scenario as sc

EQUIP = "«{tap}: поместите выбранную вашу экипировку на другое ваше существо, при этом излечите его на 2»."
SYMB = "У симбиота текст «в начале вашего хода: поместите этого симбиота на другое ваше существо, при этом разряд на 1 по выбранному существу»."
MAY = "У моего мага «в начале вашего хода может излечить ваше существо на 1 и переместиться на соседнюю клетку»."
ARTEFACT = "«{tap}: уничтожьте выбранный ваш артефакт – нанесите 2 раны выбранному существу противника»."
JUMP = "«вместо движения: переместите это существо на любую свободную клетку»."
CLOSE = "«{tap}: закройте выбранное существо противника, в противном случае – разряд на 1 по выбранному существу»."


def _ask(q: str):
    """``ask(q)`` on the card-board route whose reading runs with ``scenario run`` and passes."""
    a = ask(q)
    assert a.route == "ability" and a.reading is not None, (a.route, a.verdict)
    assert a.understood and a.understood.startswith("Как я понял:"), a.understood
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))
    assert res.passed, res.failures
    return a


def _top(a, n: int = 3) -> list[str]:
    return a.citations[:n]


# ------------------------------------------------------------------ placement: the host rules decide
def test_equipment_onto_a_flyer_is_refused_by_212_3_so_the_heal_after_it_does_not_happen():
    a = _ask(EQUIP + " Другое моё существо только одно, и оно летающее. Лечение будет?")
    assert a.verdict.startswith("Нет: часть 2 «излечите его на 2» не выполняется"), a.verdict
    assert "212.3" in _top(a) and "505.4" in _top(a)
    assert "летающее" in a.verdict


def test_equipment_onto_a_plain_creature_is_placed_and_the_heal_happens():
    a = _ask(EQUIP + " У меня есть ещё одно раненое существо. Лечение будет?")
    assert a.verdict.startswith("Да: часть 2 «излечите его на 2» выполняется"), a.verdict
    steps = a.reading["steps"][0]["use"]
    assert steps["card"] == "Источник"
    placed = [c for c in a.reading["state"]["cards"] if c["id"] == "Экипировка ваша"]
    assert placed and placed[0]["host"] == "Источник" and placed[0]["kind"] == "equipment"


def test_a_symbiote_onto_flyers_only_is_refused_by_209_4():
    a = _ask(SYMB + " Все мои другие существа летающие. Что будет?")
    assert a.verdict.startswith("Ни одна часть текста не выполняется"), a.verdict
    assert "209.4" in a.citations[:4]


def test_a_symbiote_onto_a_free_creature_moves_and_the_discharge_follows():
    a = _ask(SYMB + " У меня есть ещё одно существо. Разряд будет?")
    assert a.verdict.startswith("Да: часть 2 «разряд на 1 по выбранному существу» выполняется"), a.verdict


# ------------------------------------------------------------------ the use itself: 506.3, a closed {tap}
def test_instead_of_movement_by_a_closed_creature_is_refused_by_506_3():
    a = _ask("У существа " + JUMP + " Оно сейчас закрыто. Можно использовать?")
    assert a.verdict.startswith("Нет: особенность использовать нельзя"), a.verdict
    assert a.citations[0] == "506.3"
    assert a.reading["expect"]["steps"][0]["legal"] is False


def test_instead_of_movement_by_an_open_creature_is_used():
    a = _ask("У существа " + JUMP + " Оно открыто. Можно использовать?")
    assert a.verdict.startswith("Да: особенность можно использовать"), a.verdict


def test_a_closed_card_cannot_pay_tap():
    a = _ask("«{tap}: разряд на 2 по выбранному существу». Эта карта уже закрыта. Что будет?")
    assert a.verdict.startswith("Ничего не происходит: особенность использовать нельзя"), a.verdict
    assert _top(a, 2) == ["505.4", "302.6"]


# ------------------------------------------------------------------ 505.8: the asker declines a part
def test_the_asker_declines_the_move_after_may_so_only_the_heal():
    a = _ask(MAY + " Клетки рядом свободны, но я не хочу перемещаться. Можно только вылечить?")
    assert a.verdict.startswith("Да: часть 1 «излечить ваше существо на 1» выполняется"), a.verdict
    assert a.citations[0] == "505.8"
    assert a.reading["steps"][0]["use"]["declare"] == [1]


def test_without_declining_a_move_to_an_occupied_cell_is_not_declared():
    a = _ask(MAY + " Все соседние клетки вокруг него заняты. Переместиться получится?")
    assert a.verdict.startswith("Нет: часть 2 «переместиться на соседнюю клетку» не объявляется"), a.verdict
    assert "507.2" in a.verdict


# ------------------------------------------------------------------ a destroy part impossible on the board
def test_no_artifact_to_destroy_so_no_wounds_505_4_2():
    a = _ask(ARTEFACT + " Артефактов у меня на поле нет ни одного. Раны будут?")
    assert a.verdict.startswith("Нет: часть 2"), a.verdict
    assert "нет ни одного вашего артефакта" in a.verdict and a.citations[0] == "505.4.2"


def test_an_artifact_to_destroy_so_the_wounds_follow():
    a = _ask(ARTEFACT + " У меня есть артефакт. Раны будут?")
    assert a.verdict.startswith("Да: часть 2"), a.verdict
    arts = [c for c in a.reading["state"]["cards"] if c.get("kind") == "artifact"]
    assert len(arts) == 1


def test_a_creature_that_survived_is_a_failed_destroy():
    a = _ask("«уничтожьте выбранное ваше существо – разряд на 3». Уничтожить не получилось, существо живое. "
             "Разряд будет?")
    assert a.verdict.startswith("Нет: часть 2 «разряд на 3» не выполняется"), a.verdict
    assert a.citations[0] == "505.4.2"


# ------------------------------------------------------------------ closing needs an open card (505.6 both ways)
@pytest.mark.parametrize("board, lead", [
    ("У соперника все существа уже закрыты.", "Разряд на 1 по выбранному существу:"),
    ("У соперника есть открытое существо.", "Закройте выбранное существо противника:"),
])
def test_closing_presupposes_an_open_creature(board, lead):
    a = _ask(CLOSE + " " + board + " Что будет?")
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "505.6"


# ------------------------------------------------------------------ an equipment moves its host: 212.8
def test_the_equipment_moves_with_the_host_its_text_moves():
    a = _ask("У шмотки текст «{tap}: переместите хозяина на соседнюю свободную клетку». Хозяина переместили. "
             "Шмотка осталась на прежней клетке?")
    assert a.verdict.startswith("Нет:"), a.verdict
    assert "перемещается вместе с хозяином" in a.verdict and a.citations[0] == "212.8"


# ------------------------------------------------------------------ a subordinate «когда» is not the question word
def test_a_subordinate_when_clause_leaves_a_yes_no_question():
    a = _ask("«Верните эту карту в колоду, при этом разряд на 2». Оплатить нечем. "
             "Разряд выполнится когда она уйдёт в колоду?")
    assert a.verdict.startswith("Да: часть 2 «разряд на 2» выполняется"), a.verdict
    assert a.citations[0] == "505.9"


# ------------------------------------------------------------------ number restrictions the board keeps (cost, lives)
RETURN_CHEAP = ("«{tap}: верните в колоду выбранное существо противника стоимостью 3 или меньше, в противном случае – "
                "нанесите 1 рану выбранному существу противника».")


def test_a_cheap_enough_creature_makes_the_first_alternative_obligatory_505_6():
    a = _ask(RETURN_CHEAP + " У соперника есть существо стоимостью 2. Могу я сразу нанести рану?")
    assert a.verdict.startswith("Нет:"), a.verdict
    assert "обязан" in a.verdict and a.citations[0] == "505.6"
    costs = [c.get("cost") for c in a.reading["state"]["cards"] if c["owner"] == "second"]
    assert costs == [2]


def test_only_expensive_creatures_so_the_second_alternative_505_6():
    a = _ask(RETURN_CHEAP + " У соперника существо стоимостью 5. Что будет?")
    assert a.verdict.startswith("Нанесите 1 рану выбранному существу противника:"), a.verdict
    assert "стоимостью ≤ 3" in a.verdict


def test_a_cost_the_question_does_not_tell_is_named_as_missing_not_assumed():
    a = ask(RETURN_CHEAP + " У соперника все существа открыты. Что будет?")
    assert a.route == "ability" and a.verdict is None
    assert "не сказано — стоимость существ противника" in a.text


def test_lives_restriction_with_every_creature_above_it():
    a = _ask("«{tap}: уничтожьте выбранное существо противника с 2 или меньше жизнями, в противном случае – разряд на 1 "
             "по выбранному существу противника». У соперника все существа с 4 жизнями и больше. Что будет?")
    assert a.verdict.startswith("Разряд на 1 по выбранному существу противника:"), a.verdict


# ------------------------------------------------------------------ a symbiote's ban binds its host (209.11)
MOVER = "У моего существа «{tap}: переместите это существо на любую свободную клетку». "


def test_the_host_cannot_go_where_its_symbiote_may_not():
    a = _ask(MOVER + "На нём сидит мой симбиот, у которого в тексте «не может перемещаться на клетки первого ряда». "
                     "В первом ряду есть свободная клетка, я хочу туда переместить своё существо. Можно так?")
    assert a.verdict.startswith("Нет: часть 1"), a.verdict
    assert a.citations[0] == "209.11"


def test_the_host_goes_to_a_row_its_symbiote_is_not_banned_from():
    a = _ask(MOVER + "На нём сидит мой симбиот, у которого в тексте «не может перемещаться на клетки первого ряда». "
                     "В третьем ряду есть свободная клетка, я хочу туда переместить своё существо. Можно так?")
    assert a.verdict.startswith("Да: часть 1"), a.verdict


# ------------------------------------------------------------------ «вместо движения» and the movement told (506.7)
LEAP = "У волка «вместо движения: прыжок на любую свободную клетку»."


def test_a_full_supply_of_zero_still_allows_instead_of_movement():
    a = _ask(LEAP + " Запас движения у него 0 из-за модификатора, в этот ход он ещё не ходил. Прыгнуть можно?")
    assert a.verdict.startswith("Да: часть 1 «прыжок на любую свободную клетку» выполняется"), a.verdict
    assert "506.7" in a.citations[:3]


def test_a_spent_supply_forbids_instead_of_movement():
    a = _ask(LEAP + " Запас движения у него 2, и он уже ходил в этот ход. Прыгнуть можно?")
    assert a.verdict.startswith("Нет: особенность использовать нельзя"), a.verdict
    assert a.citations[0] == "506.7"


def test_a_part_the_asker_will_not_do_is_not_declared_after_may():
    a = _ask("«В начале вашего хода может излечиться на 1 и нанести 2 раны выбранному существу противника». "
             "Лечиться не буду, хочу только нанести раны. Так можно?")
    assert a.verdict.startswith("Да: часть 2"), a.verdict
    assert a.citations[0] == "505.8" and a.reading["steps"][0]["use"]["declare"] == [2]


def test_when_is_it_paid_is_answered_on_the_board_route_with_a_reading():
    a = _ask("«Разряд на 1 по выбранному существу, при этом излечите это существо на 1». "
             "Когда карта платит за особенность — до разряда или после всего?")
    assert a.verdict.startswith("Оплата происходит после того, как игрок пройдёт все способности"), a.verdict
    assert a.citations[0] == "505.4"


# ------------------------------------------------------------------ more board facts the rules read
def test_an_incorporeal_other_creature_refuses_equipment_212_3():
    a = _ask("«{tap}: поместите выбранную вашу экипировку на другое ваше существо». Другое моё существо бестелесное. Можно?")
    assert a.verdict.startswith("Нет: часть 1"), a.verdict
    assert a.citations[0] == "212.3" and "бестелесное" in a.verdict


def test_choosing_an_option_the_host_rules_forbid_505_5_with_212_3():
    a = _ask("У сущ «{tap}: разряд на 1 по выбранному существу или поместите выбранную вашу экипировку на другое ваше "
             "существо». Другое моё существо летает. Могу выбрать экипировку?")
    assert a.verdict.startswith("Нет: часть 2 объявить нелегально"), a.verdict
    assert a.citations[:2] == ["505.5", "212.3"]


def test_a_symbiote_text_names_its_card_and_no_creature_to_go_on():
    a = _ask("«поместите этого симбиота на другое ваше существо». Других существ у меня нет. Что будет?")
    assert a.verdict.startswith("Ни одна часть текста не выполняется"), a.verdict
    assert a.citations[0] == "209.3"
    src = next(c for c in a.reading["state"]["cards"] if c["id"] == "Источник")
    assert src["traits"] == ["symbiote"] and src["host"] == "Хозяин"


def test_the_host_told_wounded_is_healed_by_its_symbiote():
    a = _ask("Симб с текстом «{tap}: излечите хозяина на 2». Хозяин ранен. Что будет?")
    assert a.verdict.startswith("Излечите хозяина на 2: часть 1"), a.verdict
    host = next(c for c in a.reading["state"]["cards"] if c["id"] == "Хозяин")
    assert host.get("wounds", 0) > 0


def test_instead_of_movement_in_the_opponents_turn_is_refused_506_2():
    a = _ask(JUMP + " Сейчас ход противника. Можно использовать?")
    assert a.verdict.startswith("Нет: особенность использовать нельзя"), a.verdict
    assert a.citations[0] == "506.2"
    assert a.reading["state"]["active"] == "second" and a.reading["state"]["priority"] == "first"


def test_a_closed_creature_destroying_itself_still_heals_505_9():
    a = _ask("У моего сущ «{tap}: уничтожьте это существо, при этом излечите все ваши существа на 3». "
             "Моё существо закрыто. Лечение будет?")
    assert a.verdict.startswith("Да: часть 2"), a.verdict
    assert a.citations[0] == "505.9"


def test_everything_around_taken_without_the_word_cell_507_2():
    a = _ask("У артефакта «{tap}: переместите выбранное существо противника на соседнюю клетку». У противника одно "
             "существо, вокруг него всё занято. Что будет?")
    assert a.verdict.startswith("Ни одна часть текста не выполняется"), a.verdict
    assert "507.2" in a.citations[:3]


def test_everything_around_free_the_move_happens():
    a = _ask("У артефакта «{tap}: переместите выбранное существо противника на соседнюю клетку». У противника одно "
             "существо, вокруг него всё свободно. Что будет?")
    assert a.verdict.startswith("Переместите выбранное существо противника на соседнюю клетку:"), a.verdict


def test_the_chosen_creature_is_the_source_itself_505_9():
    a = _ask("«Уничтожьте выбранное ваше существо, при этом нанесите 2 раны выбранному существу противника». "
             "Я выбрал эту же карту, платить нечем. Раны будут?")
    assert a.verdict.startswith("Да: часть 2"), a.verdict
    assert a.citations[0] == "505.9"
    assert a.reading["steps"][0]["use"]["targets"][1] == "Источник"


# ------------------------------------------------------------------ parasites and hosts already taken (209.1, 209.6)
def test_a_parasite_cannot_go_on_its_own_players_creature_209_1():
    a = _ask("«поместите этого паразита на другое ваше существо». У меня есть ещё одно существо. Можно?")
    assert a.verdict.startswith("Нет: часть 1"), a.verdict
    assert a.citations[0] == "209.1"


def test_a_parasite_goes_on_another_enemy_creature():
    a = _ask("У паразита «в начале вашего хода: поместите этого паразита на другое существо противника, при этом "
             "разряд на 1 по выбранному существу противника». У противника есть ещё одно существо. Разряд будет?")
    assert a.verdict.startswith("Да: часть 2"), a.verdict


@pytest.mark.parametrize("pick, lead, cite", [
    ("перенести симбиота", "Нет: часть 1 объявить нелегально", "505.5"),
    ("лечение хозяина", "Да: часть 2", "505.5"),
])
def test_every_other_creature_already_has_a_symbiote_209_6(pick, lead, cite):
    a = _ask("Симбиот с текстом «в начале хода: поместите этого симбиота на другое ваше существо или излечите хозяина "
             f"на 1». На всех моих других существах уже сидят симбиоты. Могу выбрать {pick}?")
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite
    if lead.startswith("Нет"):
        assert "209.6" in a.citations[:3]


# ------------------------------------------------------------------ counters on the card (505.4.1 both ways)
COUNTER = "«Снимите с этой карты фишку; нанесите 2 раны выбранному существу противника»."


@pytest.mark.parametrize("board, lead", [
    ("Фишек на карте нет.", "Нет: часть 2"),
    ("На ней 2 фишки.", "Да: часть 2"),
])
def test_a_counter_to_remove_decides_the_next_part(board, lead):
    a = _ask(COUNTER + " " + board + " Раны будут?")
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "505.4.1"


def test_counters_not_told_are_named_missing():
    from bot.sim.card_board_route import answer

    a = answer(COUNTER + " У противника все существа закрыты. Раны будут?", "5ed")
    assert a is not None and a.verdict is None
    assert "не сказано — сколько фишек на «Источник»" in a.text
