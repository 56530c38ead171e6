"""Courtesy around a chat question: a greeting or a call before it («привет, вопрос: …»,
«народ, подскажите: …») and thanks after it («… заранее спс»), issue 11.

They carry no fact of the game and ask nothing, yet a reader that must place every content
word declined on them and another route matched other sentences instead (the metamorphic
check, benchmarks/metamorphic.py). ``strip(question)`` removes them at the message's edges
only; the words live in ``courtesy`` of grammar/lexicon.yaml (``lead``: openers ending in «,»
«:» «!» «.» or «—»; ``trail``: closing thanks).
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.textnorm import fold


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    from bot.vocab import section

    words = section("courtesy")
    lead = "|".join(sorted((re.escape(fold(str(w))).replace(r"\ ", r"\s+") for w in words["lead"]), key=len, reverse=True))
    trail = "|".join(sorted((re.escape(fold(str(w))).replace(r"\ ", r"\s+") for w in words["trail"]), key=len, reverse=True))
    # «народ подскажите плиз: …»: calls written one after another, the mark after the last one;
    # the run is atomic (no backtracking into it: «подскажите пожалуйста» is one call or two)
    return (re.compile(rf"^\s*(?:(?>(?:{lead})(?:\s+(?:{lead}))*)\s*[,:!.—–-]+\s*)+"),
            re.compile(rf"[\s,.!)]*(?<![а-яё])(?:{trail})[\s!.)]*$"))


def strip(question: str) -> str:
    """``question`` without a leading greeting or call and trailing thanks; the question itself
    when nothing is left (a message that is only «привет!» or «спасибо»)."""
    lead, trail = _patterns()
    if len(fold(question)) != len(question):
        return question     # folding changed the length: spans would not map back
    low = fold(question)
    m = lead.match(low)
    start = m.end() if m else 0
    t = trail.search(low, start)
    end = t.start() if t else len(question)
    out = question[start:end].strip()
    if not out or (start == 0 and end == len(question)):
        return question
    return out[:1].upper() + out[1:] if question[:1].isupper() and start else out
