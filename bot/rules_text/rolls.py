"""A die roll with modifiers, counted by the rule that bounds it (issue 14).

An edition states the bounds of a roll's result in a sentence such as «Результат броска
кубика с учётом модификаторов не может быть меньше 1 и больше 6, кроме сражения двух
открытых существ». ``bounds_of(idx)`` finds such sentences (a sentence naming «модификатор»
and a lower and/or upper bound of a «результат»); ``answer(question, edition, idx)``
answers a question that tells one rolled number and its modifiers («стреляю с
модификатором +2 к кубу и выпало 5. какой результат?»): the sum, held within the bounds —
«6 (5 + 2 = 7; не больше 6)». No verdict when the question names the case the sentence
excepts (its qualifiers: «открытых»), tells no roll or two, or the edition states no bound.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.memo import declines_per_question
from bot.reading.tokens import tokenize
from bot.vocab import words_regex

# The words are the lists of ``rolls`` in grammar/lexicon.yaml.
_SIGNED = re.compile(r"(?i)(?:" + words_regex("rolls", "modifier") + r"\s*(?:на\s+)?)?([+−–-])\s*(\d+)\s*(к|на)?\s*([а-яё]*)")
_ROLL = re.compile(r"(?i)" + words_regex("rolls", "roll") + r"\s+(\d+)(?![\d.,]\d)")
_ANOTHER = re.compile(r"\s*(?:и|или|либо|,|/)\s*\d")
"""Another number right after the rolled one («выпало 1 и 6», «выпало 5, 6»)."""
_ASKS_RESULT = re.compile(r"(?i)" + words_regex("rolls", "asks_result") + r"|будет\s+\d")
_LOW = re.compile(r"(?i)" + words_regex("rolls", "cannot_be") + r"\s+" + words_regex("rolls", "below") + r"\s+(\d+)")
_HIGH = re.compile(r"(?i)(?:" + words_regex("rolls", "cannot_be") + r"\s+|\s+и\s+)" + words_regex("rolls", "above") + r"\s+(\d+)")


@dataclass(frozen=True)
class Bound:
    """A sentence bounding a roll's result: ``low`` / ``high`` (``None`` when not stated),
    ``excepted`` the stems of the qualifiers of its «кроме …» case."""

    number: str
    sentence: str
    low: int | None
    high: int | None
    excepted: frozenset[str]


def bounds_of(idx) -> list[Bound]:
    """The roll-bounding sentences of an edition's ``PropIndex`` (cached on it)."""
    got = getattr(idx, "_roll_bounds", None)
    if got is not None:
        return got
    from bot.rules_text.tables import stem

    out: list[Bound] = []
    seen: set[tuple[str, str]] = set()
    for p in idx.props:
        s = p.sentence
        if (p.number, s) in seen or "модификатор" not in s.casefold() or "результат" not in s.casefold():
            continue
        seen.add((p.number, s))
        lo, hi = _LOW.search(s), _HIGH.search(s)
        if lo is None and hi is None:
            continue
        at = s.casefold().find("кроме")
        ex = frozenset()
        if at >= 0:
            toks, _ = tokenize(re.split(r"[(;]", s[at:])[0])
            ex = frozenset(stem(t.lemma) for t in toks if t.pos in ("ADJF", "PRTF", "ADJS"))
        out.append(Bound(p.number, s, int(lo.group(1)) if lo else None, int(hi.group(1)) if hi else None, ex))
    try:
        object.__setattr__(idx, "_roll_bounds", out)
    except Exception:  # noqa: BLE001
        pass
    return out


def _told(question: str) -> tuple[int, list[int]] | None:
    """``(rolled number, modifiers)`` the question tells, or ``None``."""
    found = list(_ROLL.finditer(question))
    rolls = [int(m.group(1)) for m in found]
    if len(set(rolls)) != 1 or any(_ANOTHER.match(question, m.end()) for m in found):
        return None     # «выпало 1 и 6»: two rolls told (only the first followed the verb)
    mods = []
    for m in _SIGNED.finditer(question):
        before = question[max(0, m.start() - 14):m.start()].casefold()
        target = (m.group(4) or "").casefold()
        if "модификатор" in m.group(0).casefold() or "модификатор" in before or target.startswith(("брос", "куб")):
            mods.append(int(m.group(2)) * (1 if m.group(1) == "+" else -1))
    if not mods:
        return None
    return rolls[0], mods


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx):
    """The bounded result of the roll ``question`` tells (see the module docstring), or ``None``."""
    from bot.rules_text.tables import stem

    if "модификатор" not in question.casefold() and not re.search(r"[+−–-]\s*\d+\s*к\s+(?:броск|кубик|куб)", question,
                                                                   re.I):
        return None
    if not _ASKS_RESULT.search(question):
        return None     # «… какой удар я нанесу?» asks what the result gives, not the result
    told = _told(question)
    if told is None:
        return None
    found = bounds_of(idx)
    if len(found) != 1:
        return None
    b = found[0]
    qstems = {stem(t.lemma) for t in tokenize(question)[0]}
    if b.excepted & qstems:
        return None     # the case the rule excepts («сражение двух открытых существ»)
    roll, mods = told
    total = roll + sum(mods)
    value = total
    why = ""
    if b.low is not None and total < b.low:
        value, why = b.low, f"не меньше {b.low}"
    elif b.high is not None and total > b.high:
        value, why = b.high, f"не больше {b.high}"
    stated = _stated(question, roll, mods)
    from collections import Counter

    told_numbers = Counter(int(n) for n in re.findall(r"\d+", question))
    if told_numbers - Counter([roll, *map(abs, mods), *([stated] if stated is not None else [])]):
        return None     # a number the roll and its modifiers do not account for («… и 6 с модификатором +2»)
    verdict = str(value) if stated is None else (f"Да, {value}" if stated == value else f"Нет, {value}")
    sums = f"{roll} " + " ".join(f"{'+' if m > 0 else '−'} {abs(m)}" for m in mods) + f" = {total}"
    how = sums + (f"; результат броска с учётом модификаторов {why}" if why else "")
    return _reply(question, verdict, how, b, edition)


def _stated(question: str, roll: int, mods: list[int]) -> int | None:
    """The result the question says it expects («результат 0 получается?»): the one number
    told after «результат» / «будет» / «получится» that is not the roll nor a modifier."""
    got = [int(m.group(1)) for m in re.finditer(
        r"(?i)(?:результат[а-яё]*|будет|получится|получается|выйдет|итоге?)\s+(?:будет\s+)?(\d+)(?![\d.,]\d)", question)]
    got = [n for n in got if n != roll or got.count(n) > 1]
    return got[0] if len(set(got)) == 1 else None


def _reply(question: str, verdict: str, how: str, b: Bound, edition: str):
    from bot.answer import Answer, Block
    from bot.rulebook import load

    rb = load(edition)
    c = rb.get(b.number)
    blocks = [Block("text", f"По тексту правил (п. {b.number}: «{b.sentence}»)."), Block("text", how + ".")]
    if c is not None:
        blocks.append(Block("rule", c.text, number=b.number))
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=[b.number],
                  trace=["бросок кубика с модификаторами: сумма в границах, которые ставит правило", how],
                  sentence=b.sentence)
