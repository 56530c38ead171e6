"""Several values of one valued ability, combined as a rule sentence says (issue 14).

An edition defines some abilities with a value («Броня Х», «Отравить существо на Х»:
``PropIndex.valued``) and says how two of them on one card combine: «… их значения
суммируются» (sum), «новое отравление не складывается с прежним» (no sum), «остаётся
большее из двух значений» (the greater), «меньшее» (the lesser). ``answer(question,
edition, idx)`` answers a question that tells two or more values of one such ability («своя
броня 1 и ещё броня 2 от другой карты. скока всего брони?», «отравленного на 2 отравить ещё
на 3 — будет 5 или 3?»): the combined value, citing the sentences. No verdict when the
sentences of the edition disagree on how the values combine, or state nothing, when fewer
than two values are told, or when the question offers options («5 или 3») none of which is
the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.memo import declines_per_question
from bot.reading.tokens import Tok, tokenize

_CLAIM = re.compile(r"(?i)(?<![а-яё])(?:говорит|говорят|утверждает|считает|думает|сказал|уверяет|спорит)(?![а-яё])")
_ASKS = frozenset({"сколько", "скок", "скока", "скоко", "какой", "каков"})
_NO_SUM = re.compile(r"(?i)не\s+(?:суммиру|складыва)")
_SUM = re.compile(r"(?i)(?:суммиру|складыва)")
_MAX = re.compile(r"(?i)больш(?:ее|ая|ий|ую)\s+из")
_MIN = re.compile(r"(?i)меньш(?:ее|ая|ий|ую)\s+из")


@dataclass(frozen=True)
class Combination:
    """Sentence ``sentence`` of paragraph ``number`` says values of ``concept`` combine by
    ``mode``: ``sum``, ``max``, ``min`` or ``none`` (they do not add up)."""

    number: str
    sentence: str
    concept: str
    mode: str


def combinations(idx) -> list[Combination]:
    """The combination sentences of an edition's ``PropIndex`` (cached on it)."""
    got = getattr(idx, "_combinations", None)
    if got is not None:
        return got
    from bot.rules_text.language import language

    L = language()
    valued = getattr(idx, "valued", frozenset())
    out: list[Combination] = []
    seen: set[tuple[str, str]] = set()
    for p in idx.props:
        s = p.sentence
        if (p.number, s) in seen:
            continue
        seen.add((p.number, s))
        mode = ("none" if _NO_SUM.search(s) else "sum" if _SUM.search(s) else "max" if _MAX.search(s)
                else "min" if _MIN.search(s) else "")
        if not mode:
            continue
        named = {L.norm(t.lemma, t.text) for t in tokenize(s)[0]} & valued
        for c in named:
            out.append(Combination(p.number, s, c, mode))
    try:
        object.__setattr__(idx, "_combinations", out)
    except Exception:  # noqa: BLE001
        pass
    return out


def _names(t: Tok, concept: str) -> bool:
    from bot.rules_text.language import language
    from bot.textnorm import fold

    L = language()
    return L.norm(t.lemma, t.text) == concept or (len(concept) >= 5 and fold(t.text)[:5] == concept[:5])


def _values(toks: list[Tok], concept: str) -> tuple[list[int], list[int]] | None:
    """``(values told, options offered)`` of ``concept`` in ``toks``: a number right after a
    word of it («броня 1»), or after «на» right after it («отравить на 2»); numbers joined by
    «или» are options («5 или 3»)."""
    options: set[int] = set()
    for i in range(1, len(toks) - 1):
        if toks[i].lemma == "или" and toks[i - 1].text.isdigit() and toks[i + 1].text.isdigit():
            options |= {i - 1, i + 1}
    used: list[int] = []
    for i, t in enumerate(toks):
        if not _names(t, concept):
            continue
        j = i + 1
        while j < len(toks) and toks[j].lemma in ("на", "ещё", "еще", "уже"):
            j += 1
        if j < len(toks) and toks[j].text.isdigit() and j not in options:
            used.append(j)
        elif j < len(toks) and not toks[j].text.isdigit():
            # «отравить ещё на 3» with the verb told before: look a little further
            k = next((k for k in range(j, min(j + 3, len(toks))) if toks[k].text.isdigit()), None)
            if k is not None and k not in options and toks[k - 1].lemma == "на":
                used.append(k)
    if used:   # «отравили на 3, потом ещё на 1»: the verb not repeated
        used += [i + 2 for i in range(len(toks) - 2) if toks[i].lemma in ("ещё", "еще") and toks[i + 1].lemma == "на"
                 and toks[i + 2].text.isdigit() and i + 2 not in options and i + 2 not in used]
    told = [int(toks[j].text) for j in sorted(set(used))]
    return told, sorted(int(toks[i].text) for i in options)


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx):
    """The combined value ``question`` asks (see the module docstring), or ``None``."""
    from bot.rules_text.question import respell

    if len(question) > 800 or len(re.findall(r"\d+", question)) < 2:
        return None
    combos = combinations(idx)
    if not combos:
        return None
    if _CLAIM.search(question):
        return None     # «друг говорит, что будет 5»: a claim is ruled on by the claims reader
    toks, _ = tokenize(respell(question))
    concepts = {c for c in getattr(idx, "valued", frozenset()) if any(_names(t, c) for t in toks)}
    if len(concepts) != 1:
        return None     # two valued abilities named: which one is asked is not read here
    concept = concepts.pop()
    rules = [c for c in combos if c.concept == concept]
    modes = {c.mode for c in rules}
    if modes == {"none", "max"} or modes == {"none", "min"}:
        modes -= {"none"}    # «не складывается»; «остаётся большее»: one rule, said twice
    if len(modes) != 1 or modes == {"none"}:
        return None
    mode = modes.pop()
    told, options = _values(toks, concept)
    stated = [int(m.group(1)) for m in re.finditer(r"(?i)(?:будет|станет|получится|выйдет)\s+(?:[а-яё]+\s+)?(\d+)",
                                                  question)]
    stated = [n for n in stated if n not in options]
    for n in set(stated):
        if n in told:
            told.remove(n)      # «… будет броня 3?»: the value asked about, not one told
    asks_value = bool(options) or any(t.lemma in _ASKS for t in toks)
    if len(told) < 2 or not (asks_value or len(set(stated)) == 1):
        return None     # «… или всё-таки суммируются?» asks whether, not how much
    value = sum(told) if mode == "sum" else max(told) if mode == "max" else min(told)
    if options and value not in options:
        return None
    if len(set(stated)) == 1 and not options:
        verdict = f"Да, {value}" if stated[0] == value else f"Нет, {value}"
    else:
        verdict = str(value)
    how = {"sum": " + ".join(map(str, told)) + f" = {value}",
           "max": f"большее из {', '.join(map(str, told))} — {value}",
           "min": f"меньшее из {', '.join(map(str, told))} — {value}"}[mode]
    return _reply(question, verdict, how, [c for c in rules if c.mode in (mode, "none")], edition)


def _reply(question: str, verdict: str, how: str, rules: list[Combination], edition: str):
    from bot.answer import Answer, Block
    from bot.rulebook import load

    rb = load(edition)
    main = next((c for c in rules if c.mode != "none"), rules[0])
    cites = list(dict.fromkeys([main.number] + [c.number for c in rules]))
    blocks = [Block("text", f"По тексту правил (п. {main.number}: «{main.sentence}»)."), Block("text", how + ".")]
    blocks += [Block("rule", c.text, number=n) for n in cites[:3] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=["значения одной особенности складываются так, как говорит правило",
                         *(f"п. {c.number}: «{c.sentence}»" for c in rules), how], sentence=main.sentence)
