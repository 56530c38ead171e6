"""A rule whose condition has several parts joined by «и», asked about a case that meets only
part of it (issue 14): «фаза заканчивается, как только противник спасовал?» against 408.2 of
5ed «Фаза (подфаза, шаг) завершается, когда в стеке нет игродействий, …, и оба игрока
последовательно пасуют» — «Нет: …, только когда …».

A part of the condition (a clause of its own, with a verb or «нет») is, for the concepts the
question and its story tell (``Question.bag`` and ``Question.context``):

- *untold* — none of its concepts is told;
- *short* — its other concepts are told, but a word of it counting who must all do it
  (``all_of`` of ``grammar/rule_language.yaml``: «оба», «все») is not («я пасанул»);
- *told* — otherwise.

The act does not happen when a part is short, or when a part is untold and the question asks
whether what it tells is enough by itself (``alone``: «как только», «сразу», «сама»); and at
least one part is told or short (the question is about this condition). A rule whose every
part is told, or a question naming what the rule does not, decides nothing; two rules that
disagree neither. Only a positive question of what happens («… заканчивается?»,
«… выполняется?») is read.

``answer(question, q, idx, edition)`` -> ``Answer`` (route ``rule_text``) or ``None``.
"""

from __future__ import annotations

import re

from bot.answer import Answer
from bot.reading.tokens import tokenize
from bot.rules_text.index import PropIndex
from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, _content
from bot.rules_text.question import Question

_OPENER = re.compile(r"(?i)^\s*(?:если|когда|пока)\s+")
_AND = re.compile(r"\s*,?\s+и\s+")


def _parts(condition: str) -> list[str]:
    """The clauses of a condition joined by «и» at its top level (outside parentheses), each
    with a verb or «нет» of its own; one part when it has no such «и»."""
    text = _OPENER.sub("", condition)
    depth, cuts = 0, []
    for m in re.finditer(r"[()]|\s*,?\s+и\s+", text):
        if m.group(0) == "(":
            depth += 1
        elif m.group(0) == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            cuts.append(m)
    parts, start = [], 0
    for m in cuts:
        parts.append(text[start:m.start()])
        start = m.end()
    parts.append(text[start:])
    if len(parts) < 2:
        return [text]
    joined: list[str] = []
    for p in parts:     # «фаз и подфаз»: an «и» joining words, not clauses, stays inside its part
        if joined and not _predicated(p):
            joined[-1] += " и " + p
        else:
            joined.append(p)
    if joined and not _predicated(joined[0]):
        return [text]
    return [p.strip(" ,") for p in joined]


def _predicated(part: str) -> bool:
    toks, _ = tokenize(part)
    return any(t.pos == "VERB" or t.lemma == "нет" for t in toks)


def _concepts(part: str) -> frozenset[str]:
    """The concepts of a condition part, its parentheses and relative clause left out («в
    стеке нет игродействий, которые должны быть рассмотрены …» -> {стек, игродействие, …})."""
    text = re.sub(r"\([^()]*\)", " ", part)
    text = re.split(r",\s*(?:котор|где|когда)", text)[0]
    return frozenset(w.lstrip("~") for w in _content(tokenize(text)[0])[0])


def _status(part: str, told: frozenset[str]) -> str:
    """``untold`` / ``short`` / ``told`` of one condition part (module docstring)."""
    from bot.rules_text.match import covers

    L = language()
    words = {w for w in _concepts(part) if w.removeprefix("не ") not in L.implicit}
    named = {w for w in words if any(covers(x, w) for x in told)}
    if not named - L.all_of:
        return "untold"
    if any(w in L.all_of and w not in named for w in words):
        return "short"
    return "told"


def _asks_alone(text: str) -> bool:
    from bot.textnorm import fold

    low = f" {fold(text)} "
    return any(re.search(rf"(?<![а-яё]){re.escape(w)}(?![а-яё])", low) for w in language().alone)


def answer(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    """The act of ``q`` ruled not to happen on part of a rule's condition, or ``None``."""
    from bot.rules_text.match import candidates, covers
    from bot.rules_text.route import _answer

    L = language()
    if q.kind != "happens" or not q.positive or not q.bag:
        return None
    told = q.bag | q.context
    alone = _asks_alone(question)
    found: list[tuple[Prop, str]] = []
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if p.kind not in ("fact", "consequence") or not p.positive or not p.condition_text:
            continue
        act = L.norm(p.action)
        if not any(covers(x, act) for x in q.bag):
            continue    # the rule's act is what is asked
        main = r.req - r.cond - {act}
        if not all(any(covers(x, w) for x in told) for w in main if w.removeprefix("не ") not in L.implicit):
            continue    # its subject is what the question is about
        rule_words = r.req | r.opt | p.words | p.conditions | {act}
        extra = [x for x in q.bag if x.removeprefix("не ") not in L.filler and not any(covers(x, w) for w in rule_words)
                 and not _asks_alone(x)]
        if extra:
            continue    # the question names what the rule does not
        parts = _parts(p.condition_text)
        if len(parts) < 2:
            continue
        status = [_status(part, told) for part in parts]
        if "untold" not in status and "short" not in status:
            return None     # the question tells every part: this rule says it does happen
        if all(s == "untold" for s in status):
            continue
        if "short" in status or alone:
            found.append((p, "short" if "short" in status else "untold"))
    if not found or len({f[0].sentence for f in found}) != 1:
        return None
    p = found[0][0]
    cond = _OPENER.sub("", p.condition_text).strip()
    opener = _OPENER.match(p.condition_text).group(0).strip().casefold() if _OPENER.match(p.condition_text) else "если"
    verb = p.verb.removeprefix("не ").strip() or p.action
    verdict = f"Нет: {verb}, только {opener} {cond}"
    how = ("не выполнена часть условия правила" if found[0][1] == "short"
           else "в вопросе выполнена не каждая часть условия правила")
    return _answer(question, q, verdict, p, [], how, edition, idx,
                   [f"условие правила из частей: {' | '.join(_parts(p.condition_text))}"])
