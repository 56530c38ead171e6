"""Per-question memos (bot.memo) and the shared caches the speed work added: a memo serves
one question only, stays bounded, and no caller can change what another caller gets."""

from __future__ import annotations

from bot import memo
from bot.memo import MEMO_ENTRIES, new_question, per_question


def _counted():
    calls: list[tuple] = []

    @per_question
    def double(x):
        calls.append((x,))
        return x * 2

    return double, calls


def test_a_memo_serves_the_same_question_and_forgets_at_the_next():
    double, calls = _counted()
    new_question()
    assert double(2) == 4 and double(2) == 4
    assert calls == [(2,)]
    new_question()
    assert double(2) == 4
    assert calls == [(2,), (2,)]


def test_a_memo_is_bounded_outside_ask():
    double, calls = _counted()
    new_question()
    for i in range(MEMO_ENTRIES + 5):
        double(i)
    double(0)       # forgotten when the memo started afresh at MEMO_ENTRIES results
    assert len(calls) == MEMO_ENTRIES + 6


def test_unhashable_and_keyword_arguments_are_computed_each_time():
    seen = []

    @per_question
    def size(x, pad=0):
        seen.append(1)
        return len(x) + pad

    new_question()
    assert size([1, 2]) == 2 and size([1, 2]) == 2
    assert size("ab", pad=1) == 3 and size("ab", pad=1) == 3
    assert len(seen) == 4


def test_ask_starts_a_new_question():
    from bot.judge import ask

    before = memo._question
    ask("Что такое пас?")
    assert memo._question == before + 1


def test_the_shared_analyzer_gives_each_caller_its_own_list():
    from bot.morph import analyzer

    a = analyzer().parse("симбиота")
    a.clear()
    b = analyzer().parse("симбиота")
    assert b and b[0].word == "симбиота"
    assert analyzer().word_is_known("существо") is True
    assert analyzer().word_is_known("щщщъ") is False


def test_each_caller_of_the_reader_gets_its_own_reading():
    from bot.reading.reader import read

    q = "Посадил симбиота на своего орка. Орка убили. Что с симбиотом?"
    new_question()
    first = read(q)
    first.unread.append("лишнее")
    first.events.clear()
    again = read(q)
    assert "лишнее" not in again.unread
    assert again.events and again.events == read(q).events
    assert again.tokens[0] is first.tokens[0]      # the immutable tokens are shared


def test_declines_are_remembered_for_the_question_answers_are_made_anew():
    from bot.memo import declines_per_question

    calls: list[str] = []

    @declines_per_question
    def answer(question, edition, idx):
        calls.append(question)
        return {"verdict": question} if "?" in question else None    # a mutable answer, made anew

    idx = {"edition index": 1}     # unhashable: told by its identity
    new_question()
    assert answer("пас", "5ed", idx) is None and answer("пас", "5ed", idx) is None
    first = answer("пас?", "5ed", idx)
    first["verdict"] = "changed by the caller"
    assert answer("пас?", "5ed", idx) == {"verdict": "пас?"}
    assert answer("пас", "5ed", {"edition index": 1}) is None      # another index: asked again
    assert calls == ["пас", "пас?", "пас?", "пас"]
    new_question()
    assert answer("пас", "5ed", idx) is None and calls[-1] == "пас" and len(calls) == 5
