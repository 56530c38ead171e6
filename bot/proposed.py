"""The asker's own guess after a wh-question: «у кого приоритет, у противника?», «сколько
симбиотов можно, два?», «кто выбирает порядок, я?» (issue 11: a question is answered as
asked — here the asker proposes a value and wants to hear whether it is the one).

``proposal(question)`` reads the guess: the last clause of the asked sentence, when the
sentence opens with a question word (``bot.rules_text.values.opens_with_wh``) and that clause
is a short phrase with no predicate of its own. ``weigh(question, verdict)`` compares it with
the value a route answered and puts «Да, …» / «Нет, …» before the value only where the
comparison is certain:

- a *person*: the guess names the asker («я», «у меня») or the opponent («у противника»,
  «он») and the value names exactly one of them («вы», «ваш» / «противник»; a pronoun «он»
  of the value stands for whoever the value named, so it names nobody);
- a *number*: the guess is one number (digits or a numeral word) and so is the first number
  of the value; a guess with a modifier («не два», «ни одного», «больше одного», «максимум
  две», «один или два», ``proposed.modifiers``), a sign or a fraction («-1», «1.5») is no
  single value and gets no «Да» / «Нет».

Any other guess leaves the value as it is (no «Да» / «Нет» on a likeness of words). The
words live in ``proposed`` of ``grammar/lexicon.yaml`` (numerals: ``movement.number_words``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_PREDICATE_POS = ("VERB", "INFN", "PRTS", "PRED")


@dataclass(frozen=True)
class Proposal:
    """A guess: ``words`` its folded words; ``person`` «asker» / «opponent» / ``None``;
    ``number`` the number it names or ``None``."""

    words: tuple[str, ...]
    person: str | None
    number: int | None


@lru_cache(maxsize=1)
def _words() -> dict:
    from bot.textnorm import fold
    from bot.vocab import section

    w = section("proposed")
    return {
        "asker_q": frozenset(fold(x) for x in w["asker_in_question"]),
        "opponent": frozenset(fold(x) for x in w["opponent"]),
        "opponent_v": frozenset(fold(x) for x in w["opponent_in_verdict"]),
        "asker_v": frozenset(fold(x) for x in w["asker_in_verdict"]),
        "numbers": {fold(k): int(v) for k, v in section("movement")["number_words"].items()},
        "max_words": int(w.get("max_words", 4)),
        "modifiers": frozenset(fold(x) for x in w.get("modifiers", ())),
    }


def _asked(question: str) -> str:
    from bot.asked import last_asked

    return last_asked(question) or ""


def _number(toks, numbers: dict[str, int]) -> int | None:
    for t in toks:
        if t.text.isdigit():
            return int(t.text)
        for x in (t.text, t.lemma):      # «одного», «двух»: the numeral's lemma
            if x in numbers and x != "несколько":
                return numbers[x]
    return None


def _person(texts, w) -> str | None:
    found = {"asker" if x in w["asker_q"] else "opponent" for x in texts if x in w["asker_q"] | w["opponent"]}
    return found.pop() if len(found) == 1 else None


def proposal(question: str) -> Proposal | None:
    """The guess closing the asked sentence of ``question`` (``Proposal``), or ``None``: not a
    wh-question, no comma before a last clause, or that clause predicates or is long."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.question import respell
    from bot.rules_text.values import opens_with_wh

    s = respell(_asked(question))       # «скок» is «сколько»
    if "," not in s or not opens_with_wh(s):
        return None
    toks, _ = tokenize(s.rstrip("?!. "))
    if not toks:
        return None
    last = toks[-1].clause
    tail = [t for t in toks if t.clause == last]
    if len(tail) == len(toks) or len(tail) > _words()["max_words"]:
        return None
    if any(t.pos in _PREDICATE_POS for t in tail):
        return None      # «…, можно ли потом?» is another question, not a guess
    w = _words()
    texts = tuple(t.text for t in tail)
    guess = s.rstrip("?!. ").rsplit(",", 1)[-1]
    if any(t.text in w["modifiers"] or t.lemma in w["modifiers"] for t in tail) or re.search(
            r"[-−–]\s*\d", guess) or re.search(r"\d\s*[.,/]\s*\d+\s*$", s.rstrip("?!. ")):
        return Proposal(texts, None, None)    # «ни одного?», «больше одного?», «-1?», «1.5?»: no one value
    if sum(1 for t in tail if t.text.isdigit() or t.text in w["numbers"] or t.lemma in w["numbers"]) > 1:
        return Proposal(texts, _person(texts, w), None)     # «два три?»: several numbers
    return Proposal(texts, _person(texts, w), _number(tail, w["numbers"]))


def _verdict_person(verdict: str, w) -> str | None:
    from bot.reading.tokens import tokenize

    # the value: before «:» comes the value, after it its reason — and a closing «(вы)» names
    # the player the value's role is in this question
    named = re.search(r"\(([^()]{1,40})\)\s*$", verdict)
    toks = tokenize(verdict.split(":", 1)[0] + (f". {named.group(1)}" if named and ":" in verdict else ""))[0]
    # «противник спасовавшего игрока», «противник активного игрока»: a role relative to another
    # player, not the asker's opponent — whom it names depends on who that player is
    ws = {t.text for k, t in enumerate(toks)
          if not (k + 1 < len(toks) and toks[k + 1].clause == t.clause and toks[k + 1].case == "gent"
                  and toks[k + 1].pos in ("ADJF", "PRTF", "NOUN", "NPRO"))}
    asker, opp = bool(ws & w["asker_v"]), bool(ws & w["opponent_v"])
    if asker == opp:
        return None
    return "asker" if asker else "opponent"


def weigh(question: str, verdict: str | None) -> str | None:
    """``verdict`` (a value, no «Да» / «Нет») with «Да, » / «Нет, » before it when the guess
    of ``question`` can be compared with it for certain (see the module); else ``verdict``
    unchanged. ``None`` stays ``None``."""
    if not verdict or re.match(r"(?i)(да|нет)(?![а-яё])", verdict.lstrip()):
        return verdict
    p = proposal(question)
    if p is None:
        return verdict
    w = _words()
    same = None
    if p.person is not None:
        vp = _verdict_person(verdict, w)
        if vp is not None:
            same = vp == p.person
    elif p.number is not None:
        from bot.reading.tokens import tokenize

        n = _number(tokenize(verdict)[0], w["numbers"])
        if n is not None:
            same = n == p.number
    if same is None:
        return verdict
    return ("Да, " if same else "Нет, ") + verdict[:1].lower() + verdict[1:]
