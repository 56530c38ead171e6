"""The asked sentence of a question (bot/asked.py): the last sentence with «?», else the last."""

from __future__ import annotations

from bot.asked import last_asked, split_asked


def test_asked_is_the_last_sentence_with_a_question_mark():
    q = "Посадил симба на орка. Орка убили. Что с симбом? ну или с его шмоткой хотя бы"
    parts, at = split_asked(q)
    assert parts == ["Посадил симба на орка.", "Орка убили.", "Что с симбом?", "ну или с его шмоткой хотя бы"]
    assert at == 2 and parts[:at] == ["Посадил симба на орка.", "Орка убили."]
    assert last_asked(q) == "Что с симбом?"


def test_without_a_question_mark_the_last_sentence_asks_unless_marked_is_required():
    q = "Орк погиб. симбиот уходит в сброс"
    assert last_asked(q) == "симбиот уходит в сброс"
    assert last_asked(q, marked=True) is None
    assert split_asked("   ") == ([], -1) and last_asked("") is None


def test_a_repeated_sentence_is_asked_at_its_last_place():
    parts, at = split_asked("Можно ли? Орк погиб. Можно ли?")
    assert at == 2 and parts[:at] == ["Можно ли?", "Орк погиб."]
