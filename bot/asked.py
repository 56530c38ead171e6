"""The asked sentence of a question as written: the last sentence with «?», else the last.

A question is split into sentences after «.», «!» or «?» followed by white space (empty
pieces dropped); the sentence that asks is the last one containing «?» — a story told
before it, or a remark after it («…? ну или от метания хотя бы»), is not the question. One
helper for every reader that needs the asked sentence of the raw text (the wh-readers of
rule text, the guessed answer, the route's test for a wh-question); ``bot.yesno.asked_sentence``
is the folded form with quoted card text blanked, for the yes/no test.
"""

from __future__ import annotations

import re

_BREAK = re.compile(r"(?<=[.!?])\s+")


def split_asked(question: str) -> tuple[list[str], int]:
    """``(sentences, i)``: the sentences of ``question`` in order and the index of the asked
    one (the last containing «?», else the last sentence); ``i`` is -1 when the text has no
    sentence at all (empty or white space)."""
    parts = [p for p in _BREAK.split(question.strip()) if p.strip()]
    for i in range(len(parts) - 1, -1, -1):
        if "?" in parts[i]:
            return parts, i
    return parts, len(parts) - 1


def last_asked(question: str, marked: bool = False) -> str | None:
    """The asked sentence of ``question`` (see ``split_asked``), or ``None`` when there is no
    sentence — or, with ``marked``, when no sentence contains «?»."""
    parts, i = split_asked(question)
    if i < 0 or marked and "?" not in parts[i]:
        return None
    return parts[i]
