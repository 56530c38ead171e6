"""The asker's own reasoning before the question: «арт же не существо, клетка считай
свободна?», «внезапная атака — это атака, … значит она медленная?» (issue 11).

A clause with a reasoning particle («же», «ж», «ведь», «считай») or a sentence opening with
«значит / выходит / получается» is the asker's argument, not a board fact: the ruling must
not rest on it (it may be wrong — that is the trap). ``split_reasoning(question)`` returns
the board facts, the argument and the asked sentence with «значит …» removed and a pronoun
standing for the argument's subject («она», «он», «это») replaced by that subject.
``answer(question, edition)`` asks that question through the situation routes and, when they
give a verdict, returns it with the argument named as what was not taken for a fact.
The particles are ``reasoning_particles`` / ``conclusion_words`` in ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block
from bot.textnorm import fold
from bot.vocab import section

_SENT = re.compile(r"(?<=[.!?…])\s+")
_CLAUSE = re.compile(r",\s+|\s+[—–-]\s+(?=[а-яё«])")
_PRONOUN = re.compile(r"^(?:она|он|оно|это|они)\b\s*")


@dataclass
class Argument:
    """``facts``: the sentences / clauses told as board facts; ``argument``: the asker's
    reasoning clauses; ``asked``: the asked sentence, rewritten; ``subject``: what a pronoun
    of the asked sentence stood for (or ``None``)."""

    facts: list[str]
    argument: list[str]
    asked: str
    subject: str | None


def _words(name: str) -> tuple[str, ...]:
    raw = section(name)
    return tuple(raw.split() if isinstance(raw, str) else raw)


# «в этот же ход», «на той же клетке», «так же»: «же» after a demonstrative means «the same», not an argument.
_SAME = re.compile(r"(?<![а-я])(?:этот|эта|этого|этой|этом|этому|эту|эти|этих|тот|та|того|той|том|тому|ту|те|тех|"
                   r"там|тут|тогда|туда|сюда)\s+(?:же|ж)(?![а-я])")


def _has_particle(clause: str) -> bool:
    f = f" {_SAME.sub(' ', fold(clause))} "
    return any(re.search(rf"[\s,]{re.escape(p)}[\s,?.!]", f) for p in _words("reasoning_particles"))


def _subject(clause: str) -> str | None:
    """The noun phrase a reasoning sentence is about: its words before «—», «это», «же»,
    or a quoted name at its start («в начале боя»)."""
    c = clause.strip()
    m = re.match(r"(«[^»]+»)", c)
    if m:
        return m.group(1)
    m = re.match(r"(.+?)\s+(?:[—–-]\s+|это\s+|же\s+|ж\s+)", c)
    if m and 1 <= len(m.group(1).split()) <= 4:
        return m.group(1)
    return None


def split_reasoning(question: str) -> Argument | None:
    """The asker's argument in ``question``, or ``None`` when it has none."""
    sents = [s for s in _SENT.split(" ".join(question.split())) if s.strip()]
    if not sents:
        return None
    *head, last = sents
    conclusions = _words("conclusion_words")
    facts: list[str] = []
    argument: list[str] = []
    concluding = bool(re.search(rf"(?:^|[\s,])(?:{'|'.join(map(re.escape, conclusions))})\b", fold(last)))
    for s in head:
        # a sentence with a reasoning particle — or a definition («X — это Y») before «значит» — is argument
        definitional = concluding and re.search(r"\s[—–-]\s+это\b|\sэто\s", fold(s))
        (argument if _has_particle(s) or definitional else facts).append(s.rstrip(".!… ").strip())
    # the asked sentence: «значит …» opens the asked part; what comes before it is argument;
    # after the first clause, a clause with a particle is argument («…, бестелесность ведь не мешает?»)
    asked_parts: list[str] = []
    clauses = [c.strip() for c in re.split(r",\s+", last.rstrip("?!. ")) if c.strip()]
    for k, c in enumerate(clauses):
        opener = re.match(rf"^(?:а\s+)?(?:{'|'.join(map(re.escape, conclusions))})\b[,\s]*", fold(c))
        if opener:
            argument += asked_parts
            argument.append(c[:opener.end()].strip(" ,"))
            asked_parts = [c[opener.end():]]
            continue
        if k > 0 and _has_particle(c):
            argument.append(c)
            continue
        asked_parts.append(c)
    if not argument:
        return None
    asked = ", ".join(p for p in asked_parts if p).strip()
    if not asked:
        return None
    subject = None
    m = _PRONOUN.match(fold(asked))
    if m:
        subject = next((s for s in map(_subject, argument + facts) if s), None)
        if subject is None:
            return None
        asked = subject + " " + asked[m.end():]
    return Argument(facts, argument, asked[:1].upper() + asked[1:] + "?", subject)


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The ruling on the question asked after the asker's argument, or ``None`` when there
    is no argument or the rewritten question gets no verdict from the situation routes."""
    from bot.reading.claims import _inner

    arg = split_reasoning(question)
    if arg is None:
        return None
    q = (". ".join(arg.facts) + ". " if arg.facts else "") + arg.asked
    inner = _inner(q, edition)
    if inner is None or inner.verdict is None:
        return None
    said = "; ".join(f"«{a}»" for a in arg.argument if a)
    understood = f"Как я понял: ваше рассуждение {said} — не факт о поле, ответ на него не опирается; вопрос: «{q}»."
    if inner.understood:
        understood = understood.rstrip(".") + "; " + inner.understood.removeprefix("Как я понял: ")
    note = Block("note", f"Рассуждение {said} я не принимал за факт: ответ — по правилам на вопрос «{q}».")
    return Answer(question=question, route="scenario", verdict=inner.verdict, blocks=[note, *inner.blocks],
                  citations=list(inner.citations), trace=[f"рассуждение: {said}", *inner.trace],
                  understood=understood, reading=inner.reading, unread=list(inner.unread or []))
