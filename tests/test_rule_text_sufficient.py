"""A rule whose condition has parts joined by «и», asked about a case meeting only part of it
(bot.rules_text.sufficient, issue 14)."""

from bot.rules_text import route
from bot.rules_text.sufficient import _parts


def test_a_condition_splits_into_clauses_not_into_joined_words():
    assert _parts("если игродействие лежит верхним в стеке и оба игрока последовательно пасуют") == [
        "игродействие лежит верхним в стеке", "оба игрока последовательно пасуют"]
    assert _parts("если у карты нет фаз и подфаз") == ["у карты нет фаз и подфаз"]


def test_one_player_passing_does_not_meet_both_players_passing():
    # 303.4 «Объявленное игродействие выполняется, если игродействие лежит верхним в стеке и оба игрока …»
    a = route.answer("противник пасанул. моё объявленное игродействие сразу выполняется?")
    assert a.verdict.startswith("Нет: выполняется, только если") and "оба игрока" in a.verdict
    assert a.citations[0] == "303.4"
    # 408.2 «Фаза … завершается, когда в стеке нет игродействий …, и оба игрока последовательно пасуют»
    a = route.answer("подфаза заканчивается сразу, как только я спасовал?")
    assert a.verdict.startswith("Нет: завершается, только когда") and a.citations[0] == "408.2"


def test_every_part_told_or_none_asked_alone_gives_no_such_verdict():
    assert route.answer("в стеке пусто, оба игрока последовательно спасовали. фаза сразу завершается?") is None
    # a part left untold is not «not enough» unless the question asks whether the rest is enough by itself
    assert route.answer("фаза завершается, когда стек пуст?") is None
