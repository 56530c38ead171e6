"""A quoted card wording classified by the rule sentence quoting its word
(``bot.rules_text.wording``; 507.3 of 5ed: «помещается», «переносится», «располагается» are no
relocation): inflected and other-aspect forms meet the quoted word, words of saying and the
card's kind ask nothing more; another word, another class or a second question rule nothing."""

from __future__ import annotations

import pytest

from bot.rules_text import wording


@pytest.mark.parametrize("q", [
    "в тексте абилки сказано «расположите карту на любой клетке». это перемещение?",
    "мой артефакт по тексту «переносится в соседнюю клетку» — считается перемещением?",
    "особенность пишет «поместите экипировку на другое существо», это ведь перемещение экипировки?",
])
def test_quoted_wording_is_no_relocation(q):
    a = wording.answer(q)
    assert a is not None and a.citations == ["507.3"]
    assert a.verdict == "Нет, не является перемещением карты"
    assert a.sentence.startswith("Если сказано, что карта «помещается»")


def test_negated_question_keeps_the_rules_polarity():
    a = wording.answer("написано, что существо «переносится» на клетку — разве это не перемещение?")
    assert a is not None and a.verdict.endswith("не является перемещением карты")


@pytest.mark.parametrize("q", [
    "«переместите существо на соседнюю клетку» это перемещение?",       # not a word 507.3 quotes
    "«поместите существо на клетку» это движение?",                     # a class 507.3 does not state
    "«поместите существо на клетку» это перемещение? а закрыть его можно?",   # a second question follows
    "«поместите существо на клетку» это перемещение, если существо закрыто?",  # more than the wording asked
])
def test_no_verdict_beyond_the_sentence(q):
    assert wording.answer(q) is None


@pytest.mark.parametrize("q, said", [
    ("использование особенности «в начале боя» медленное игродействие?",
     "использование особенности «в начале боя» это медленное игродействие?"),
    ("а движение существа не медленное игродействие?", "а движение существа это не медленное игродействие?"),
    ("движение существа медленное?", None),             # no predicate noun
    ("можно ли атаковать закрытое существо?", None),    # a verb
])
def test_verbless_question_read_with_its_copula(q, said):
    from bot.reading.tokens import tokenize
    from bot.rules_text.question import _with_copula

    assert _with_copula(tokenize(q.rstrip("?"))[0]) == said


def test_verbless_question_is_ruled():
    from bot.rules_text.route import answer

    a = answer("использование особенности «в начале боя» медленное игродействие?")
    assert a is not None and a.verdict.startswith("Да") and a.citations[0] == "304.2"
