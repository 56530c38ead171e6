"""An act done to a game action lying on the stack (``needs_stack`` of
``grammar/rule_language.yaml``: «ответить на X»), ruled by the sentence saying whether that
action uses the stack (issue 14).

«можно ли ответить на эффект правил игры?», «переход … ложится в стек и на него можно
ответить?», «… заносится в стек и противник может на него ответить внезапкой?»: a response
is declared while what it answers lies on the stack, so it needs that game action to use the
stack; a sentence of the edition saying the action does not use the stack («Игродействия, не
использующие стек, это: … эффекты правил игры», 302.5 of 5ed) rules the act out, with the
sentence saying why (an action not using the stack resolves at once, priority not passed:
303.5 of 5ed). A sentence saying the action does use the stack rules nothing (the response may
still be illegal: speed, priority), nor does a question naming no such action.

``answer(question, q, idx, edition)`` -> ``Answer`` with route ``rule_text`` or ``None``.
"""

from __future__ import annotations

from dataclasses import replace

from bot.answer import Answer, Block
from bot.reading.tokens import tokenize
from bot.rules_text.index import PropIndex
from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, _content
from bot.rules_text.question import Question

STACK, USE = "стек", "использовать"
"""The concepts of «X использует стек» as the rule-text reader reads it."""


def _acted_on(q: Question, need: str) -> frozenset[str]:
    """The concepts of ``q`` naming what the act ``need`` is done to: the question's bag
    without the act, and without the words of the act's own clause that tell who does it
    (a person or player in the nominative) and with what (the instrumental: «быстрым
    действием», «внезапкой»)."""
    L = language()
    toks, _ = tokenize(q.text.rstrip("?!. "))
    acts = [t for t in toks if L.norm(t.lemma, t.text) == need]
    if not acts:
        return frozenset()
    act = acts[0]
    doer = [t for t in toks if t.clause == act.clause and t.i != act.i and (
        (t.case == "ablt" and t.i > act.i)
        or (t.case == "nomn" and t.pos == "NOUN" and (L.norm(t.lemma, t.text) in L.owners | L.people
                                                       or L.norm(t.lemma, t.text) == "игрок")))]
    drop = set(_content(doer)[0]) | {need} if doer else {need}
    return frozenset(w for w in q.bag if w not in drop)


def answer(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    """The act ``q`` asks about ruled out by the fact it needs, or ``None`` (module docstring)."""
    from bot.rules_text.match import decide
    from bot.rules_text.route import verdict_for

    L = language()
    if q.kind != "modal" or q.mode != "can":
        return None
    for need in sorted(L.needs_stack):
        if need not in q.bag:
            continue
        rest = _acted_on(q, need) - {STACK}
        if not rest:
            return None
        fq = replace(q, kind="happens", mode="happens", positive=True, bag=rest | {STACK}, verb="использует",
                     action=USE, impersonal=False, subject=(q.subject & rest) or rest,
                     complement=frozenset(), stated=q.stated & rest, only=False, only_words=frozenset(),
                     absolute=False, choice=())
        d = decide(fq, idx)
        if d.agreed is not False or not all(f.full and not f.condition for f in d.fits):
            return None     # the action uses the stack, or no sentence says: the act is not ruled out
        main = d.fits[0].prop
        why = _reason(idx, L.stack_reason)
        cites = list(dict.fromkeys([main.number] + ([why.number] if why else [])))
        verdict = verdict_for(q, main, False)
        text = (f"{verdict}: это игродействие не использует стек (п. {main.number}: «{main.sentence}»)"
                + (f", а такое игродействие выполняется сразу, приоритет противнику не передаётся "
                   f"(п. {why.number}: «{why.sentence}»)." if why else "."))
        blocks = [Block("text", text)]
        return Answer(question=question, route="rule_text", verdict=verdict + ": игродействие не использует стек",
                      blocks=blocks, citations=cites, sentence=main.sentence,
                      trace=[f"вопрос прочитан как: можно ли {need} — нужно, чтобы игродействие использовало стек",
                             f"п. {main.number}: «{main.sentence}» — не использует стек"]
                      + ([f"п. {why.number}: «{why.sentence}»"] if why else []))
    return None


def _reason(idx: PropIndex, reason: frozenset[str]) -> Prop | None:
    """The first sentence of the edition whose concepts hold every concept of ``reason``."""
    for r in idx.rules:
        if reason <= r.req:
            return r.prop
    return None
