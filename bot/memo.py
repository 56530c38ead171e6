"""Per-question memos: a pure function of a text that the routes ``bot.judge.ask`` tries one
after another call on the same question (its sentences, its clauses) computes it once.

``@per_question`` remembers a function's results until the next question: ``bot.judge.ask``
calls ``new_question()`` first, which forgets every memo (so nothing a question computed
serves another, and the benchmarks' «new questions» stay new). A memo holds at most
``MEMO_ENTRIES`` results (a caller outside ``ask`` — a test, the CLI — never grows it
without bound). Only functions whose result depends on their arguments alone, and is
immutable (``str``, ``bool``, tuples), may be decorated; arguments must be hashable
(keyword arguments are not remembered: the call is made as is).
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

F = TypeVar("F", bound=Callable)

MEMO_ENTRIES = 512
"""The most results one memo keeps before it starts afresh."""

_question = 0
"""The number of the question being answered (``new_question``)."""


def new_question() -> None:
    """Forget every per-question memo: a new question is being answered."""
    global _question
    _question += 1


def per_question(fn: F) -> F:
    """``fn`` remembering its results for the current question (see module doc)."""
    cache: dict = {}
    seen = [_question]

    @functools.wraps(fn)
    def memo(*args, **kwargs):
        if kwargs:
            return fn(*args, **kwargs)
        if seen[0] != _question or len(cache) >= MEMO_ENTRIES:
            cache.clear()
            seen[0] = _question
        try:
            return cache[args]
        except KeyError:
            pass
        except TypeError:   # an unhashable argument: not remembered
            return fn(*args)
        value = cache[args] = fn(*args)
        return value

    memo.cache_clear = cache.clear     # type: ignore[attr-defined]
    return memo     # type: ignore[return-value]


def declines_per_question(fn: F) -> F:
    """``fn`` remembering, for the current question, the arguments it returned ``None`` for
    (it declined): a second call with them returns ``None`` without the work. For a pure
    function whose answers are mutable objects (an ``Answer`` the caller changes), which
    ``per_question`` may not hold; only the declines are kept. An unhashable argument (an
    edition's index) is told by its identity and kept referenced until the next question, so
    no other object can take its id meanwhile."""
    seen: dict = {}
    at = [_question]

    @functools.wraps(fn)
    def memo(*args, **kwargs):
        if kwargs:
            return fn(*args, **kwargs)
        if at[0] != _question or len(seen) >= MEMO_ENTRIES:
            seen.clear()
            at[0] = _question
        key = tuple(a if isinstance(a, (str, int, float, bool, type(None))) else ("id", id(a)) for a in args)
        if key in seen:
            return None
        value = fn(*args)
        if value is None:
            seen[key] = args
        return value

    memo.cache_clear = seen.clear     # type: ignore[attr-defined]
    return memo     # type: ignore[return-value]


__all__ = ["MEMO_ENTRIES", "declines_per_question", "new_question", "per_question"]
