"""Ordinals of a question against those of the rule sentence a verdict rests on (issue 14).

«Второй игрок может оставить любые карты своего 3-го ряда скрытыми …» (405.1) says nothing of
the cards «второго ряда»: a question naming a noun with an ordinal («второго ряда», «2-й ряд»)
that the sentence names only with other ordinals («3-го ряда») asks about another thing, and a
verdict matched on the shared words would answer it wrongly. ``conflict`` tells such a pair.
The ordinal words live in ``grammar/rule_values.yaml`` (``ordinal_numbers``).
"""

from __future__ import annotations

import re
from functools import lru_cache

_DIGIT_ORDINAL = re.compile(r"^(\d{1,2})-?(?:й|го|ого|ой|ий|ему|ому|ом|ем|ая|ую|ое|ых|м)$")


@lru_cache(maxsize=1)
def _numbers() -> dict[str, int]:
    from bot.rules_text.values import section
    from bot.textnorm import fold

    return {fold(str(k)): int(v) for k, v in (section("ordinal_numbers") or {}).items()}


def ordinals(text: str) -> dict[str, frozenset[int]]:
    """Noun lemma -> the ordinals written right before it in ``text`` («3-го ряда», «второго
    ряда», «первого хода»: {"ряд": {2, 3}, "ход": {1}}); quoted card text is skipped."""
    from bot.reading.tokens import tokenize
    from bot.textnorm import replace_quoted

    text = replace_quoted(text, lambda _: " ")     # the same spans, in linear time
    toks, _ = tokenize(text)
    nums = _numbers()
    out: dict[str, set[int]] = {}
    for t, u in zip(toks, toks[1:]):
        if u.pos != "NOUN":
            continue
        m = _DIGIT_ORDINAL.match(t.text)
        n = int(m.group(1)) if m else nums.get(t.lemma)
        if n is not None:
            out.setdefault(u.lemma, set()).add(n)
    return {k: frozenset(v) for k, v in out.items()}


def conflict(question: str, sentence: str | None) -> str | None:
    """The noun the question names with an ordinal that ``sentence`` names only with other
    ones («ряд»: question «второго ряда», sentence «3-го ряда»), or ``None``."""
    if not sentence:
        return None
    asked = ordinals(question)
    if not asked:
        return None
    stated = ordinals(sentence)
    for noun, ns in asked.items():
        if noun in stated and not ns & stated[noun]:
            return noun
    return None
