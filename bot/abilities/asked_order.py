"""Whether a question asks the order of two acts of a card text («сначала излечу, а потом
раню», «сначала излечу, а раню потом», «разряд раньше уничтожения») — the words of the two
acts, for the readers that match them against the text's parts (``bot.sim.board_ask``,
``bot.abilities.route``). Keywords only, linear in the sentence."""

from __future__ import annotations

import re

_FIRST = re.compile(r"(?<![а-я])(?:сначала|сперва|вначале|сперваначала)(?![а-я])")
_THEN = re.compile(r"(?<![а-я])(?:потом|затем|после)(?![а-я])")
_BEFORE = re.compile(r"(?<![а-я])(?:раньше|прежде|перед)(?![а-я])")
_LETTERS = re.compile(r"[а-я]{2,}")
_LATER_JOIN = re.compile(r",\s*(?:а|и|но)?\s*|\s+(?:а|и)\s+")
"""Where «сначала A, а B потом» turns from the first act to the later one."""
PAYMENT = re.compile(r"(?<![а-я])(?:о?плат|о?плач|заплат|ресурс)")
"""A payment word: a question about paying is no order question (also ``bot.sim.board_ask``)."""


REVERSED = re.compile(r"(?<![а-я])(?:в\s+обратном\s+порядке|наоборот|помен\w*\s+(?:их\s+)?(?:местами|порядок|очер[её]дность)|"
                      r"перестав\w*\s+(?:их\s+)?(?:местами)?|в\s+другом\s+порядке|не\s+по\s+порядку)(?![а-я])")
"""«можно в обратном порядке?», «поменять их местами»: the text's parts asked in reverse order."""


def asks_order(sent: str) -> bool:
    """Whether the folded sentence ``sent`` asks an order of two acts told by «сначала … потом»
    («сначала излечу, а потом раню», «сначала излечу, а раню потом») or the reverse order of
    the text («в обратном порядке», «поменять местами»), the payment's time aside (cheap:
    keywords only)."""
    if PAYMENT.search(sent):
        return False
    if REVERSED.search(sent):
        return True
    m = _FIRST.search(sent)
    return m is not None and _THEN.search(sent, m.end()) is not None and ordered(sent) is not None


def ordered(sent: str) -> tuple[str, str] | None:
    """``(first words, then words)`` of «сначала A, (а) потом B» or «A раньше / прежде /
    перед B» in ``sent``; ``None`` otherwise (linear: a keyword search, no backtracking)."""
    m = _FIRST.search(sent)
    if m is not None:
        t = _THEN.search(sent, m.end())
        if t is not None:
            first, then = sent[m.end():t.start()], re.split(r"[,;:—–]|\s-\s", sent[t.end():], maxsplit=1)[0]
            if not _LETTERS.search(first):
                # «излечу сначала, а потом раню»: the first act is told before «сначала»
                first = re.split(r"[,;:—–]", sent[:m.start()])[-1]
            if not _LETTERS.search(then):
                # «сначала излечу, а своего раню потом»: the later act is told before «потом»
                cut = list(_LATER_JOIN.finditer(first))
                if not cut:
                    return None
                first, then = first[:cut[-1].start()], first[cut[-1].end():]
            return first, then
    b = _BEFORE.search(sent)
    return (sent[:b.start()], sent[b.end():]) if b is not None else None


__all__ = ["ordered", "asks_order", "REVERSED", "PAYMENT"]
