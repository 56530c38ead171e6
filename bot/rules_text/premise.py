"""A question asked after the asker's own premise, answered from the rule text (issue 14):
«X это ж Y. значит Z?», «особенности «в начале боя» это же срабатывающие, значит быстрые?»,
«местность атаковать нельзя это понятно. а разрядом ей раны нанести можно? разряд то не атака».

The premise (a clause with a reasoning particle «же / ж / ведь / то», a definition «X — это Y»,
a general statement told before «значит …», «… это понятно / помню») is the asker's
argument: the verdict never rests on it. It is read by the one reader of the asker's
argument, ``bot.reading.argument.read`` (the situation routes read the same reading, with
its board facts: ``bot.reading.reasoning``). ``split(question)`` -> ``Premised`` or ``None``:
the premise clauses and the asked proposition Z (the words after «значит», or the asked
sentence), with the premise's subject put in when Z names none («значит быстрые?» ->
«особенности «в начале боя» быстрые?»). ``answer(question, edition)`` rules Z by the rule
text (``bot.rules_text.route``) and checks each premise of the form «X это Y» / «X — Y» /
«X считается Y» the same way: a premise the rules deny is said so with its paragraph.
No verdict on Z — ``None`` (the premise alone never gives one); nor when Z is ruled by
the very sentence that rules the premise («арт же не может бить, значит и по нему бить
нельзя?»: 210.2 says what the artifact does, not what is done to it) — the premise restated
is no ruling on the conclusion. Particles and conclusion
words: ``reasoning_particles`` / ``conclusion_words`` of ``grammar/lexicon.yaml``; a told
board fact («у меня …», a past-tense event) is not a premise: such a question is left to
the situation routes (``None``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block
from bot.vocab import words_regex

_LEAD = re.compile(r"^" + words_regex("rule_question", "premise_lead") + r"\s+")   # grammar/lexicon.yaml


@dataclass(frozen=True)
class Premised:
    """``premises``: the asker's argument clauses as written; ``asked``: Z as its own
    question (ending in «?»); ``subject``: the premise subject put into Z, or ``""``."""

    premises: tuple[str, ...]
    asked: str
    subject: str = ""


def chat_sentences(question: str) -> list[str]:
    """The sentences of a chat message as written (``bot.reading.argument.chat_sentences``)."""
    from bot.reading.argument import chat_sentences as sentences

    return sentences(question)


def argued(question: str) -> bool:
    """The asked sentence of ``question`` concludes from the asker's argument told inside it
    («…, но симбиот же не может перемещаться, значит особенность не сработает?»): read whole
    it would be ruled on its argument; ``split`` gives its conclusion unless the question
    tells board facts too, and then the rule text must not rule on it at all (``route``)
    (``bot.reading.argument.argued``)."""
    from bot.reading.argument import argued as argued_

    return argued_(question)


def split(question: str) -> Premised | None:
    """The premise and the asked proposition of ``question`` as the rule text reads them —
    the one reader's (``bot.reading.argument.read``) when it tells no board fact: no told
    fact beside the premises, no premise that is itself a told fact or event («у меня …»,
    «сходил …»), no intention; else ``None`` (the situation routes read such a question)."""
    from bot.reading.argument import read_cached

    r = read_cached(question)
    if r is None or r.facts or r.told or r.intended or not r.premises:
        return None
    return Premised(r.premises, r.asked, r.subject)


def _premise_question(premise: str) -> str | None:
    """«X это ж Y» / «X — это Y» / «X считается Y» as the question «X это Y?», else ``None``."""
    p = _LEAD.sub("", premise.strip().rstrip("?!. "))
    p = re.sub(r"(?<![а-яё])(?:же|ж|ведь|получается|типа)(?![а-яё])", " ", p)
    p = re.sub(r"\s*[—–]\s*(?:это\s+)?", " это ", p)
    p = " ".join(p.split())
    if not re.search(r"(?<![а-яё])(это|считается|считаются|является|являются)(?![а-яё])", p.casefold()):
        return None
    return p + "?"


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """Z ruled by the rule text with the premise checked, or ``None`` (see the module docstring)."""
    from bot.rules_text import route

    s = split(question)
    if s is None:
        return None
    z = route.answer(s.asked, edition)
    if z is None or not z.verdict:
        return None
    notes, cites = [], list(z.citations)
    for p in s.premises:
        pq = _premise_question(p)
        pa = route.answer(pq, edition) if pq else None
        plain = pa if pq else route.answer(_LEAD.sub("", p.strip()).rstrip("?!. ") + "?", edition)
        if z.sentence and plain is not None and plain.verdict and plain.sentence == z.sentence:
            return None     # Z ruled by the very sentence that states the premise: the premise restated, not Z ruled
            # («арт же не может бить, значит и по нему бить нельзя?» — 210.2 is about the artifact striking)
        if pa is not None and pa.verdict and pa.verdict.startswith("Нет") and pa.sentence:
            notes.append(f"Неверно, что «{p}»: п. {pa.citations[0]} — «{pa.sentence}»")
            cites.extend(n for n in pa.citations[:1] if n not in cites)
    said = "; ".join(f"«{p}»" for p in s.premises)
    blocks = [Block("note", f"Ваш довод {said} я не принимал за факт: ответ — по правилам на вопрос «{s.asked}»."
                    + ("\n" + "\n".join(notes) if notes else ""))]
    understood = f"Как я понял: довод {said}; вопрос: «{s.asked}»."
    return Answer(question=question, route="rule_text", verdict=z.verdict, blocks=[*blocks, *z.blocks],
                  citations=list(dict.fromkeys(cites)), trace=[f"довод: {said}", *notes, *z.trace],
                  understood=understood, sentence=z.sentence)
