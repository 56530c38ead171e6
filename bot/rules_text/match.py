"""A question's proposition matched against an edition's propositions (issue 14).

``decide(q, idx)`` -> ``Decision``: ``fits`` — propositions whose action, participants and
conditions all fit the question, each with the truth it gives («the asked thing holds»);
``near`` — propositions of the same action that do not fit, each with the reason in
Russian. A verdict is given only when every fit agrees and no fit is excepted; otherwise
the candidates and the reasons are told. Nothing here guesses: a word of the question the
rule does not name, or a condition the rule states and the question does not, is a reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules_text.index import PropIndex
from bot.rules_text.language import language
from bot.rules_text.propositions import Prop


@dataclass(frozen=True)
class Fit:
    """A fitting proposition ``prop``; ``truth``: the asked action / state / consequence holds."""

    prop: Prop
    truth: bool
    how: str = ""


@dataclass
class Decision:
    """``fits`` (``Fit``), ``near`` (``(Prop, reason)``), ``excepted`` (``(Prop, reason)``:
    fits whose exception the question falls under)."""

    fits: list[Fit] = field(default_factory=list)
    near: list[tuple[Prop, str]] = field(default_factory=list)
    excepted: list[tuple[Prop, str]] = field(default_factory=list)

    @property
    def agreed(self) -> bool | None:
        """The one truth every fit gives, or ``None`` (no fit, they disagree, or an exception applies)."""
        truths = {f.truth for f in self.fits}
        if len(truths) != 1 or self.excepted:
            return None
        return truths.pop()


def _words(ws: frozenset[str]) -> str:
    return ", ".join(f"«{w}»" for w in sorted(ws))


def _compatible(q: Prop, p: Prop) -> bool:
    if q.kind != p.kind:
        return False
    if q.kind == "modal":
        return q.mode == p.mode
    return q.what or q.action == p.action


def _fit_words(q: Prop, p: Prop) -> tuple[bool | None, str]:
    """``(flip, how)``: ``flip`` False — the words fit as they are; True — they fit and the
    rule's «только …» / «не более N» makes the answer the opposite; ``None`` with the reason."""
    L = language()
    qw, pw = q.words, p.words
    if qw == pw:
        if q.numbers and (p.limit is not None or p.only) and p.numbers:
            bound = p.limit if p.limit is not None else max(p.numbers)
            n = max(q.numbers)
            return (n > bound), f"в правиле {'не более' if p.limit is not None else 'только'} {bound}, в вопросе {n}"
        if q.numbers and not p.numbers and p.limit is None:
            return None, "в вопросе названо число, о котором правило не говорит"
        return False, ""
    if p.only:
        diff_q, diff_p = qw - pw, pw - qw
        if len(diff_q) == 1 and len(diff_p) == 1:
            a, b = next(iter(diff_q)), next(iter(diff_p))
            if L.antonyms.get(a) == b and b in p.only:
                return True, f"правило разрешает только «{b}», в вопросе «{a}»"
    if qw < pw:
        return None, f"правило говорит об узком случае ({_words(pw - qw)}), вопрос — шире"
    if qw > pw:
        return None, f"в вопросе есть то, о чём правило не говорит: {_words(qw - pw)}"
    return None, f"в правиле {_words(pw - qw)}, в вопросе {_words(qw - pw)}"


def _fit_conditions(q: Prop, p: Prop) -> str | None:
    """``None`` when the conditions agree, else the reason."""
    if q.conditions == p.conditions:
        return None
    if p.conditions and not q.conditions:
        return f"правило действует только при условии «{p.condition_text}»"
    if q.conditions and not p.conditions:
        return f"в вопросе условие «{q.condition_text}», о котором правило не говорит"
    return f"условие правила «{p.condition_text}» не совпадает с условием вопроса «{q.condition_text}»"


def _exception_applies(q: Prop, p: Prop) -> str | None:
    from bot.rules_text.propositions import read_sentence  # noqa: F401 - same reader of words

    L = language()
    asked = q.words | q.conditions
    for ex in p.exceptions:
        ws = {L.norm(w) for w in _exception_words(ex)}
        if ws and ws <= asked:
            return f"вопрос попадает под исключение «{ex}»"
    return None


def _exception_words(text: str) -> frozenset[str]:
    from bot.reading.tokens import tokenize
    from bot.rules_text.propositions import _content

    L = language()
    return _content([t for t in tokenize(text)[0] if t.lemma not in L.exception])[0]


def decide(q: Prop, idx: PropIndex) -> Decision:
    """Match the question proposition ``q`` against the edition's index ``idx``."""
    d = Decision()
    if q.what:
        ids = sorted({k for w in q.words for k in idx.by_word.get(w, ())})
    else:
        ids = idx.by_action.get(q.action, [])
    for k in ids:
        p = idx.props[k]
        if not _compatible(q, p):
            continue
        if not (q.words & p.words) and (q.words or p.words):
            continue
        flip, how = _fit_words(q, p)
        if flip is None:
            d.near.append((p, how))
            continue
        why = _fit_conditions(q, p)
        if why is not None:
            d.near.append((p, why))
            continue
        ex = _exception_applies(q, p)
        if ex is not None:
            d.excepted.append((p, ex))
            continue
        d.fits.append(Fit(p, p.positive != flip, how))
    return d


def overrides_of(p: Prop, idx: PropIndex) -> list[Prop]:
    """Propositions elsewhere in the edition that allow otherwise by a card's ability and
    name ``p``'s action in their condition (211.4 «Если какая-либо особенность позволяет
    взять в отряд вторую местность, …» for 211.3 «… не может взять в отряд местность»)."""
    out = []
    for k in idx.overrides:
        o = idx.props[k]
        if o.number != p.number and p.action in o.conditions and (p.words & (o.words | o.conditions)):
            out.append(o)
    return out
