"""The evaluator's verdict rule (benchmarks.score_questions.verdict_ok): polarity first,
whole words, and a negated word is not the word."""

import pytest

from benchmarks.score_questions import verdict_ok


@pytest.mark.parametrize("want, got, ok", [
    (["да", "можно"], "Да, можно (209.4).", True),
    (["да", "можно"], "Нет, невозможно.", False),        # opposite polarity, and «можно» inside a word
    (["может"], "Не может: 210.2.", False),               # negated expected word
    (["может"], "Может, если особенность позволяет.", True),
    (["нет", "не прав"], "Противник не прав.", True),     # expected word is itself negated
    (["прав"], "Противник не прав.", False),
    (["одну", "1"], "1 местность.", True),
    (["1"], "См. 101.3.", False),                         # a number is a whole word
    (["нет", "нельзя"], "Нет.", True),
    (["да"], "Данный случай …", False),                   # «да» only as the opening word
    (["нет"], None, False),
])
def test_verdict_ok(want, got, ok):
    assert verdict_ok(want, got) is ok
