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
_PRONOUN = re.compile(r"^(?:она|он|оно|это|они|её|ее|его)\b\s*")


@dataclass
class Argument:
    """``facts``: the sentences / clauses told as board facts; ``argument``: the asker's
    reasoning clauses; ``asked``: the asked sentence, rewritten; ``subject``: what a pronoun
    of the asked sentence stood for (or ``None``); ``intended``: see below."""

    facts: list[str]
    argument: list[str]
    asked: str
    subject: str | None
    intended: bool = False
    """The asked proposition is the told intention («хочу атаковать …, значит могу?»)."""


def _words(name: str) -> tuple[str, ...]:
    raw = section(name)
    return tuple(raw.split() if isinstance(raw, str) else raw)


# «в этот же ход», «на той же клетке», «так же»: «же» after a demonstrative means «the same», not an argument.
_SAME = re.compile(r"(?<![а-я])(?:этот|эта|этого|этой|этом|этому|эту|эти|этих|тот|та|того|той|том|тому|ту|те|тех|"
                   r"там|тут|тогда|туда|сюда|мой|моя|мое|мою|моем|моего|моей|свой|своя|свое|свою|своем|своего|своей|"
                   r"его|ее|сам|сама|само|сразу)\s+(?:же|ж)(?![а-я])")
# «в мой же ход», «сам же сразу кинул», «его же открыл»: «же» after a possessive or «сам» stresses, it argues nothing


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
    from bot.reading.lexicon import kind_of
    first = fold(c).split()[:1]
    if first and kind_of(first[0]) is not None:
        return c.split()[0]     # «местность стоит на клетке …, как арт»: the card it opens with
    return None


# «раз X» opening a clause: the asker's reason («…, раз у неё авангард»), not «ещё раз», «раз в ход»
_SINCE = re.compile(r"^(?:а\s+)?раз\s+(?!в\s|за\s|за$|и\s)(?=[а-яё«])")
# «… считаются стоящими рядом», «…, как артефакт»: a claim about the rules before «значит»
_CLAIMED = re.compile(r"\s[—–-]\s+это\b|\sэто\s|(?:^|\s)счита(?:ется|ются|ем|ют)\s|,\s+как\s+[а-яё]+$")
# the asked words that ask only whether «it» may be done («значит можно?», «раз так — могу?»)
_BARE_MODAL = re.compile(r"^(?:(?:ну|так|то|и|это|тогда|значит)\s+)*(?:можно|могу|может|можем|норм|нормально|законно)"
                         r"(?:\s+(?:ли|же|ведь|так|это|да|или\s+нет))*$")
# «хочу / хочет / собираюсь + infinitive»: the intention a bare modal asks about
_WANT = {"хочу": "могу", "хочет": "может", "хотим": "можем", "хотят": "могут", "собираюсь": "могу", "собирается": "может",
         "хотел": "могу", "хотела": "могу", "хочется": "можно"}


def _clauses(sentence: str) -> list[str]:
    return [c.strip() for c in re.split(r",\s+|\s+[—–-]\s+", sentence.rstrip("?!.… ")) if c.strip()]


def _intention(facts: list[str]) -> tuple[int, int, str] | None:
    """``(sentence, clause, asked)``: the last clause of ``facts`` telling what someone wants
    to do («хочу атаковать местность противника») rewritten as the asked «могу атаковать …»,
    or ``None``."""
    for k in range(len(facts) - 1, -1, -1):
        cl = _clauses(facts[k])
        for j in range(len(cl) - 1, -1, -1):
            words = cl[j].split()
            for n, w in enumerate(words):
                modal = _WANT.get(fold(w))
                if modal is not None and n + 1 < len(words):
                    rest = words[n + 1:]
                    while rest and fold(rest[0]) in ("и", "тоже"):
                        rest = rest[1:]     # «хочу и её взять»: «и» joins the wish to the story, not the asked act
                    if rest:
                        return k, j, " ".join([*words[:n], modal, *rest])
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
        # a sentence with a reasoning particle — or a definition («X — это Y», «X считаются …») before «значит» — is
        # argument; a «раз …» clause of a told sentence is argument, the rest of it facts
        definitional = concluding and _CLAIMED.search(fold(s.rstrip(".!… ")))
        if _has_particle(s) or definitional:
            argument.append(s.rstrip(".!… ").strip())
            continue
        cl = _clauses(s)
        since = [c for c in cl if _SINCE.match(fold(c))]
        if since and len(since) < len(cl):
            argument += since
            facts.append(", ".join(c for c in cl if c not in since))
        else:
            facts.append(s.rstrip(".!… ").strip())
    # the asked sentence: «значит …» opens the asked part; what comes before it is argument;
    # after the first clause, a clause with a particle is argument («…, бестелесность ведь не мешает?»);
    # a «раз …» clause is argument wherever it stands
    asked_parts: list[str] = []
    particle_parts: list[str] = []
    clauses = _clauses(last)
    for k, c in enumerate(clauses):
        opener = re.match(rf"^(?:а\s+)?(?:{'|'.join(map(re.escape, conclusions))})\b[,\s]*", fold(c))
        if opener:
            argument += asked_parts
            argument.append(c[:opener.end()].strip(" ,"))
            asked_parts = [c[opener.end():]]
            continue
        if _SINCE.match(fold(c)) and (k > 0 or len(clauses) > 1):
            argument.append(c)
            continue
        if k > 0 and _has_particle(c):
            argument.append(c)
            continue
        if _has_particle(c):
            particle_parts.append(c)
        asked_parts.append(c)
    asked = ", ".join(p for p in asked_parts if p).strip()
    intent = _intention(facts) if argument or particle_parts else None    # no argument: the readers read «хочу …. можно?»
    intended = False
    if intent is not None and (not asked or _BARE_MODAL.match(fold(asked)) or (
            asked_parts and all(p in particle_parts or not p for p in asked_parts))):
        # «хочу атаковать местность …, значит могу?», «… арт же не существо, клетка считай свободна?»: the asked
        # proposition is the told intention; the asked words are the asker's reasoning
        k, j, asked = intent
        intended = True
        argument += [p for p in asked_parts if p and not _BARE_MODAL.match(fold(p))]
        cl = _clauses(facts[k])
        before, after = cl[:j], cl[j + 1:]
        if after and k == len(facts) - 1:   # «…хочет надеть шмотку, класс у него есть»: what follows stays with it
            asked = ", ".join([asked, *after])
        elif after:
            before = [*before, *after]
        facts = [*facts[:k], *([", ".join(before)] if before else []), *facts[k + 1:]]
    if not argument:
        return None
    if not asked:
        return None
    subject = None
    from bot.reading.lexicon import kind_of
    cmp_ = re.search(r",?\s+как\s+([а-яё]+)$", fold(asked))
    if cmp_ and kind_of(cmp_.group(1)) is not None and any(cmp_.group(1) in fold(a) for a in argument):
        argument.append(asked[cmp_.start():].strip(" ,"))
        asked = asked[:cmp_.start()]     # «… атаковать как арт?»: the comparison is the argument's
    m = _PRONOUN.match(fold(asked))
    if m:
        subject = next((s for s in map(_subject, argument + facts) if s), None)
        if subject is None:
            return None
        asked = subject + " " + asked[m.end():]
    return Argument(facts, argument, asked[:1].upper() + asked[1:] + "?", subject, intended)


def _asked_whole(q: str, edition: str) -> Answer | None:
    """``q`` (the question without the asker's argument) asked as ``bot.judge.ask`` asks any
    question — a verdict of the simulator, card-text or rule-text route, else ``None``: with
    the argument gone it may be a plain rule question («Могу атаковать местность противника?»)."""
    from bot.judge import _ask

    try:
        a = _ask(q, edition)
    except Exception:  # noqa: BLE001 - no verdict rather than a failure
        return None
    return a if a.verdict and a.route in ("scenario", "ability", "rule_text") else None


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The ruling on the question asked after the asker's argument, or ``None`` when there
    is no argument or the rewritten question gets no verdict from the situation routes."""
    from bot.reading.claims import _inner

    arg = split_reasoning(question)
    if arg is None:
        return None
    q = (". ".join(arg.facts) + ". " if arg.facts else "") + arg.asked
    inner = _inner(q, edition)
    if (inner is None or inner.verdict is None) and arg.intended:
        inner = _asked_whole(q, edition)    # a plain rule question once the intention is asked
    if inner is None or inner.verdict is None:
        return None
    said = "; ".join(f"«{a}»" for a in arg.argument if a)
    understood = f"Как я понял: ваше рассуждение {said} — не факт о поле, ответ на него не опирается; вопрос: «{q}»."
    if inner.understood:
        understood = understood.rstrip(".") + "; " + inner.understood.removeprefix("Как я понял: ")
    note = Block("note", f"Рассуждение {said} я не принимал за факт: ответ — по правилам на вопрос «{q}».")
    return Answer(question=question, route=inner.route, verdict=inner.verdict, blocks=[note, *inner.blocks],
                  citations=list(inner.citations), trace=[f"рассуждение: {said}", *inner.trace],
                  understood=understood, reading=inner.reading, unread=list(inner.unread or []))
