"""The asker's own reasoning before the question: «арт же не существо, клетка считай
свободна?», «внезапная атака — это атака, … значит она медленная?» (issue 11).

The asker's argument is read by the one reader of it, ``bot.reading.argument.read`` (the
rule text reads the same reading, ``bot.rules_text.premise``): ``split_reasoning(question)``
gives its board facts, the argument and the asked proposition (the conclusion after
«значит …», a pronoun standing for the argument's subject put back). ``answer(question,
edition)`` asks that question — the told facts, then the asked proposition — through the
situation routes and, when they give a verdict, returns it with the argument named as what
was not taken for a fact (it may be wrong — that is the trap).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block
from bot.reading.argument import has_particle, read_cached


@dataclass
class Argument:
    """``facts``: the sentences / clauses told as board facts; ``argument``: the asker's
    reasoning clauses (and the conclusion word «значит» when the asked sentence draws one);
    ``asked``: the asked sentence, rewritten; ``subject``: what a pronoun of the asked
    sentence stood for (or ``None``); ``intended``: the asked proposition is the told
    intention («хочу атаковать …, значит могу?»)."""

    facts: list[str]
    argument: list[str]
    asked: str
    subject: str | None
    intended: bool = False


_has_particle = has_particle
"""A reasoning particle in a clause (``bot.reading.argument.has_particle``)."""


def split_reasoning(question: str) -> Argument | None:
    """The asker's argument in ``question`` as the situation routes read it (the one
    reader, ``bot.reading.argument.read``), or ``None`` when it has none."""
    r = read_cached(question)
    if r is None:
        return None
    argument = [*r.premises, *([r.conclusion] if r.conclusion else [])]
    return Argument(list(r.facts), argument, r.asked, r.subject or None, r.intended)


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
    notes, cites = _denied_premises(arg.argument, edition), list(inner.citations)
    cites += [n for _, n in notes if n not in cites]
    note = Block("note", f"Рассуждение {said} я не принимал за факт: ответ — по правилам на вопрос «{q}»."
                 + "".join("\n" + text for text, _ in notes))
    return Answer(question=question, route=inner.route, verdict=inner.verdict, blocks=[note, *inner.blocks],
                  citations=cites, trace=[f"рассуждение: {said}", *(t for t, _ in notes), *inner.trace],
                  understood=understood, reading=inner.reading, unread=list(inner.unread or []))


def _denied_premises(argument: list[str], edition: str) -> list[tuple[str, str]]:
    """``(note, paragraph)`` of each of the asker's premises the routes rule false
    (``bot.reading.claims.false_premise``): a false premise is said so, with its paragraph;
    the ruling never rests on it either way. A failing check costs the answer nothing."""
    from bot.errors import RulebookError
    from bot.reading.claims import false_premise

    found = []
    for p in argument:
        try:
            d = false_premise(p, "", edition)
        except RulebookError:
            raise
        except Exception:  # noqa: BLE001 - the ruling stands without the note
            d = None
        if d is not None and d[2].citations:
            cite = d[2].citations[0]
            why = d[1] if re.search(r"(?<![а-яё])п\.\s*\d", d[1]) else f"{d[1]} (п. {cite})"
            found.append((f"Неверно, что «{p}»: {why}", cite))
    return found
