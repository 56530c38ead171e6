"""«что означает X?» where the question names the answer's head noun (``values._what_is``): a
question naming the sentence's whole subject is answered by what it denotes even when it names
the noun of the answer («значок жизней в текстовом поле карты» -> «текущие жизни карты»); a
question naming only part of two sentences' subjects gets no value."""

from __future__ import annotations

from bot.rules_text.route import answer


def test_subject_named_whole_with_the_answers_noun():
    a = answer("а значок жизней в текстовом поле карты что обозначает?")
    assert a is not None and a.citations == ["508.1.1"]
    assert a.verdict.startswith("Текущие жизни")


def test_subject_named_in_part_gives_no_value():
    a = answer("что означает значок жизней на карте?")
    assert a is None or not a.verdict
