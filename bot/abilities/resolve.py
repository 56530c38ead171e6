"""How a compound ability resolves, step by step (505.4–505.9).

A parsed card text (``bot.abilities.ast``) plus what happened at the table (an
``Outcome``) becomes an ordered list of ``Step``s, each with its status and the
paragraph that decides it:

- ``and_then`` (505.4, «;» 505.4.1, «–» 505.4.2): parts in reading order; a later
  part is used only if the part before it was performed.
- ``choice`` (505.5): the controlling player uses one option of their choice.
- ``otherwise`` (505.6): the first part must be declared; only if that is illegal,
  the next one.
- ``refusable`` (505.7): the opponent may refuse the first part's effect; then (or
  when the first is illegal) the second is declared.
- ``optional`` (505.8): the controlling player may leave some parts undeclared.
- 505.9: «уничтожить / вернуть в колоду себя, при этом …» — the later part happens
  on that destruction / return regardless of resources; remaining payment is spent.
- ``cost``: paid after all parts have been gone through (505.4); payment does not
  use the stack (302.6). ``trigger`` / ``condition`` / ``named`` are reported as the
  circumstances the text needs.

Parts are the effect leaves, numbered 1.. in reading order (``explain`` shows them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from bot.abilities.ast import LEAF_KIND, Node, ParseResult, Unparsed
from bot.answer import Answer, Block
from bot.errors import BerserkError, OutcomeError
from bot.textnorm import clip

# Paragraph of each compound kind when the node carries none.
DEFAULT_RULES = {
    "and_then": "505.4",
    "choice": "505.5",
    "otherwise": "505.6",
    "refusable": "505.7",
    "optional": "505.8",
}
SELF_SOURCE_RULE = "505.9"
PAYMENT_RULE = "505.4"
PAYMENT_NO_STACK_RULE = "302.6"
TRIGGER_RULE = "304.3"  # using a triggered ability is a fast game action

# What each connective means, one sentence per paragraph (505.*), used in the
# reasons of steps and in summaries of a structure.
MEANING = {
    "505.4": "следующая способность используется, только если выполнена предыдущая; "
             "оплата — после того, как пройдены все способности",
    "505.4.1": "запись «[способность 1]; [способность 2]» равносильна «[способность 1], при этом "
               "[способность 2]»",
    "505.4.2": "запись «[способность 1] – [способность 2]» равносильна «[способность 1], при этом "
               "[способность 2]»",
    "505.5": "контролирующий игрок использует одну из способностей на свой выбор",
    "505.6": "игрок обязан объявить способность 1, и только если это нелегально — способность 2",
    "505.7": "противник вправе отказаться от эффекта способности 1, и тогда (а также если "
             "способность 1 объявить нелегально) объявляется способность 2",
    "505.8": "контролирующий игрок вправе не объявлять некоторые из способностей, "
             "перечисленных после «может»",
    "505.9": "если уничтожается или возвращается в колоду сам источник, следующая способность "
             "выполняется при этом независимо от наличия ресурсов; оставшиеся для оплаты ресурсы тратятся",
    "302.6": "оплата игродействия не использует стек",
}

# Who decides at each connective (505.5–505.8); and_then / otherwise are decided by
# what happened and by legality, not by a player.
DECIDER = {
    "choice": "контролирующий игрок",
    "optional": "контролирующий игрок",
    "refusable": "противник",
}

CHOICE_PRINCIPLE = f"{DECIDER['choice']} использует одну из этих способностей на свой выбор"
OPTIONAL_PRINCIPLE = f"{DECIDER['optional']} вправе не объявлять некоторые из способностей, перечисленных после «может»"

STATUS_LABEL = {
    "done": "выполнено",
    "failed": "не выполнено",
    "not_declared": "не объявлено",
    "option": "на выбор",
    "conditional": "зависит от выбора",
    "decision": "выбор",
    "payment": "оплата",
    "circumstance": "условие",
    "unparsed": "не понято",
}

_SELF_SOURCE_RE = re.compile(
    r"^\s*(уничтожить|вернуть\s+в\s+колоду)\s+(себя|эту\s+карту|это\s+существо|данную\s+карту)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Outcome:
    """What happened at the table; part numbers are the effect leaves, 1-based,
    in reading order.

    failed: parts declared but not performed («существо не уничтожилось»).
    illegal: parts that cannot legally be declared (505.6, 505.7).
    refuse: the opponent refuses the first part of a refusable structure (505.7).
    choose: the part (or a part of the option) the controlling player chose (505.5).
    declare: the parts declared under «может» (505.8); ``None`` = all of them.
    no_resources: not enough resources to pay (505.9).
    """

    failed: frozenset[int] = frozenset()
    illegal: frozenset[int] = frozenset()
    refuse: bool = False
    choose: int | None = None
    declare: frozenset[int] | None = None
    no_resources: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "failed", frozenset(self.failed or ()))
        object.__setattr__(self, "illegal", frozenset(self.illegal or ()))
        if self.declare is not None:
            object.__setattr__(self, "declare", frozenset(self.declare))

    def describe(self) -> list[str]:
        """Russian lines saying what was assumed, e.g. «часть 1 не выполнена»."""
        out = [f"часть {n} не выполнена" for n in sorted(self.failed)]
        out += [f"часть {n} объявить нелегально" for n in sorted(self.illegal)]
        if self.refuse:
            out.append("противник отказался от эффекта")
        if self.choose is not None:
            out.append(f"выбрана часть {self.choose}")
        if self.declare is not None:
            ns = sorted(self.declare)
            out.append(("объявлена только часть " if len(ns) == 1 else "объявлены только части ")
                       + ", ".join(map(str, ns)) if ns else "не объявлено ничего из перечисленного после «может»")
        if self.no_resources:
            out.append("ресурсов для оплаты не хватает")
        return out


@dataclass(frozen=True)
class Step:
    """One step of a resolution.

    text: Russian line («Часть 2 «разряд на 4» — не выполнено»); done: whether it
    happened; rule: the paragraph deciding it (``None`` only for unparsed text);
    reason: why, in Russian; part: the part number for part steps; status: one of
    ``STATUS_LABEL``'s keys.
    """

    text: str
    done: bool
    rule: str | None
    reason: str = ""
    part: int | None = None
    status: str = "done"

    def line(self) -> str:
        """``text — reason (rule)`` as one line."""
        tail = f": {self.reason}" if self.reason else ""
        ref = f" (п. {self.rule})" if self.rule else ""
        return f"{self.text}{tail}{ref}"

    def to_json(self) -> dict:
        """``{text, done, rule, part, status, reason}``."""
        return {"text": self.text, "done": self.done, "rule": self.rule, "part": self.part,
                "status": self.status, "reason": self.reason}


@dataclass(frozen=True)
class Part:
    """An effect leaf: its number (1-based, reading order) and its text."""

    number: int
    text: str


@dataclass(frozen=True)
class Explanation:
    """A resolved card text: ``steps`` in order, ``citations`` most relevant first,
    ``parts`` as numbered, and whatever of the text was not understood."""

    text: str
    parts: tuple[Part, ...]
    steps: tuple[Step, ...]
    citations: tuple[str, ...]
    outcome: Outcome = field(default_factory=Outcome)
    complete: bool = True
    unparsed: tuple[Unparsed, ...] = ()
    shape: str = ""
    untyped: tuple[int, ...] = ()
    """Parts whose action is not recognised (no ``action`` in grammar/effects.yaml): their step
    follows the order of 505 only — what they do at the table is not known."""

    def part_step(self, number: int) -> Step:
        """The step of part ``number`` (raises KeyError if there is none)."""
        for s in self.steps:
            if s.part == number:
                return s
        raise KeyError(number)

    def to_json(self) -> dict:
        """``{text, complete, parts, steps:[{text, done, rule, ...}], citations, unparsed, untyped}``."""
        return {
            "text": self.text,
            "complete": self.complete,
            "shape": self.shape,
            "parts": [{"part": p.number, "text": p.text} for p in self.parts],
            "outcome": self.outcome.describe(),
            "steps": [s.to_json() for s in self.steps],
            "citations": list(self.citations),
            "unparsed": [{"span": list(u.span), "text": u.text} for u in self.unparsed],
            "untyped": list(self.untyped),
        }


# ---------------------------------------------------------------------------
# tree helpers

def is_self_source(node: Node) -> bool:
    """505.9: an and_then whose first part destroys / returns to deck the source itself."""
    if node.kind != "and_then" or not node.children:
        return False
    first = node.children[0]
    if node.attr("self_source") or first.attr("self_source"):
        return True
    if SELF_SOURCE_RULE in (node.rule, first.rule) or SELF_SOURCE_RULE in (node.attr("rules") or ()):
        return True
    return first.kind == "effect" and bool(_SELF_SOURCE_RE.match(first.text))


def _head(node: Node) -> str:
    """Text of a structure node before its first child: «{tap}», «При гибели»."""
    if node.attr("head"):
        return str(node.attr("head")).strip()
    if not node.children:
        return node.text.strip()
    cut = node.children[0].span[0] - node.span[0]
    head = node.text[:max(cut, 0)]
    return head.strip().rstrip(":—–-, ").strip()


class _Resolver:
    """One pass over an AST under one Outcome; collects steps and citations.

    ``resolve(node)`` returns True (performed), False (not) or None (depends on a
    choice the controlling player has not made, 505.5)."""

    def __init__(self, root: Node, outcome: Outcome, numbers: dict[int, int]):
        self.root = root
        self.o = outcome
        self.num = numbers
        self.steps: list[Step] = []
        self.cites: list[str] = []
        self.self_source_done = False

    # -- bookkeeping
    def cite(self, *rules: str | None) -> None:
        for r in rules:
            if r and r not in self.cites:
                self.cites.append(r)

    def parts_of(self, node: Node) -> list[int]:
        return [self.num[id(n)] for n in node.walk() if id(n) in self.num]

    def label(self, node: Node) -> str:
        """«часть 2», or for a group «способность (части 1, 2)» / «выбранная способность (…)»."""
        ps = self.parts_of(node)
        if len(ps) == 1:
            return f"часть {ps[0]}"
        head = "выбранная способность" if node.kind == "choice" else "способность"
        return f"{head} (части {', '.join(map(str, ps))})"

    def first_part(self, node: Node) -> int | None:
        ps = self.parts_of(node)
        return ps[0] if ps else None

    def add(self, text: str, done: bool, rule: str | None, reason: str = "", part: int | None = None,
            status: str = "done") -> None:
        self.cite(rule)
        self.steps.append(Step(text, done, rule, reason, part, status))

    def part_text(self, leaf: Node) -> str:
        n = self.num[id(leaf)]
        return f"Часть {n} «{leaf.text.strip()}»"

    def skip(self, node: Node, status: str, reason: str, rule: str | None) -> None:
        for leaf in node.walk():
            if id(leaf) in self.num:
                self.add(f"{self.part_text(leaf)} — {STATUS_LABEL[status]}", False, rule, reason,
                         self.num[id(leaf)], status)

    def silent(self, node: Node) -> bool | None:
        sub = _Resolver(self.root, self.o, self.num)
        return sub.resolve(node, "", None)

    # -- the recursion: returns True (performed), False (not), None (depends on a choice)
    def resolve(self, node: Node, why: str, rule: str | None) -> bool | None:
        kind = node.kind
        if id(node) in self.num:
            return self.effect(node, why, rule)
        handler = getattr(self, "k_" + kind, None)
        if handler is None:  # unknown structure: go through its children in order
            result: bool | None = True
            for c in node.children:
                result = self.resolve(c, why, rule or node.rule)
            return result
        return handler(node, why, rule)

    def effect(self, node: Node, why: str, rule: str | None) -> bool:
        n = self.num[id(node)]
        rule = rule or node.rule
        if n in self.o.illegal:
            self.add(f"{self.part_text(node)} — не объявлено", False, rule,
                     "объявить эту способность нелегально (так сказано в условии)", n, "not_declared")
            return False
        if n in self.o.failed:
            self.add(f"{self.part_text(node)} — не выполнено", False, rule,
                     (why + "; " if why else "") + "выполнить не удалось (так сказано в условии)", n, "failed")
            return False
        self.add(f"{self.part_text(node)} — выполнено", True, rule, why, n, "done")
        return True

    def k_and_then(self, node: Node, why: str, rule: str | None) -> bool | None:
        r = node.rule or DEFAULT_RULES["and_then"]
        self.cite(r, DEFAULT_RULES["and_then"])
        self_source = is_self_source(node)
        prev: bool | None = True
        prev_node: Node | None = None
        for i, child in enumerate(node.children):
            if i == 0:
                prev = self.resolve(child, why or "способности объявляются по порядку", r)
                if self_source and prev:
                    self.self_source_done = True
            elif prev is True:
                if self_source and i == 1:
                    res = ("ресурсов для оплаты не хватает, но " if self.o.no_resources else "")
                    self.cite(SELF_SOURCE_RULE)
                    prev = self.resolve(
                        child,
                        f"{res}источник этой особенности уничтожен / возвращён в колоду — {self.label(child)} "
                        "выполняется при этом независимо от наличия ресурсов",
                        SELF_SOURCE_RULE)
                else:
                    prev = self.resolve(child, f"{self.label(prev_node)} выполнена, поэтому используется "
                                               f"{self.label(child)}", r)
            elif prev is False:
                self.skip(child, "failed", f"{self.label(prev_node)} не выполнена, а следующая способность "
                                           "используется, только если выполнена предыдущая", r)
            else:
                self.skip(child, "conditional", f"используется, только если будет выполнена "
                                                f"{self.label(prev_node)}", r)
            prev_node = child
        return prev

    def k_choice(self, node: Node, why: str, rule: str | None) -> bool | None:
        r = node.rule or DEFAULT_RULES["choice"]
        self.cite(r)
        options = list(node.children)
        labels = " или ".join(self.label(o) for o in options)
        legal = [o for o in options if self.first_part(o) not in self.o.illegal]
        chosen = None
        if self.o.choose is not None:
            chosen = next((o for o in options if self.o.choose in self.parts_of(o)), None)
        if chosen is None and self.o.failed:  # a part that failed was declared, so it was chosen
            picked = [o for o in options if set(self.parts_of(o)) & self.o.failed]
            if len(picked) == 1:
                chosen = picked[0]
        if chosen is None and self.o.declare is not None:
            picked = [o for o in options if set(self.parts_of(o)) & self.o.declare]
            if len(picked) == 1:
                chosen = picked[0]
        if chosen is not None:
            if chosen not in legal:
                raise OutcomeError(f"Выбрана {self.label(chosen)}, но она названа нелегальной для объявления: "
                                   "нелегальную способность выбрать нельзя (505.5).")
            self.add(f"Выбор: {labels}", True, r, f"{CHOICE_PRINCIPLE}; выбрана {self.label(chosen)}", None,
                     "decision")
            result = None
            for o in options:
                if o is chosen:
                    result = self.resolve(o, "выбрана контролирующим игроком", r)
                else:
                    self.skip(o, "not_declared", "не выбрана: используется только одна из способностей", r)
            return result
        if not legal:
            for o in options:
                self.skip(o, "not_declared", "объявить нелегально", r)
            return False
        if len(legal) == 1 and len(options) > 1:
            self.add(f"Выбор: {labels}", True, r,
                     f"{CHOICE_PRINCIPLE}; остальные объявить нелегально, поэтому используется {self.label(legal[0])}",
                     None, "decision")
            result = None
            for o in options:
                if o is legal[0]:
                    result = self.resolve(o, "единственная способность, которую можно объявить", r)
                else:
                    self.skip(o, "not_declared", "объявить нелегально", r)
            return result
        self.add(f"Выбор: {labels}", False, r,
                 CHOICE_PRINCIPLE, None, "decision")
        outcomes = []
        for o in options:
            if o in legal:
                outcomes.append(self.silent(o))
                self.skip(o, "option", f"используется, если её выберет {DECIDER['choice']}", r)
            else:
                self.skip(o, "not_declared", "объявить нелегально", r)
        if all(x is True for x in outcomes):
            return True
        if all(x is False for x in outcomes):
            return False
        return None

    def k_otherwise(self, node: Node, why: str, rule: str | None) -> bool | None:
        r = node.rule or DEFAULT_RULES["otherwise"]
        self.cite(r)
        children = list(node.children)
        reason = "игрок обязан объявить эту способность"
        for i, child in enumerate(children):
            last = i == len(children) - 1
            if self.first_part(child) in self.o.illegal:
                self.skip(child, "not_declared", "объявить эту способность нелегально", r)
                reason = f"{self.label(child)} объявить нелегально, поэтому игрок обязан объявить {{}}"
                continue
            result = self.resolve(child, reason.format(self.label(child)), r)
            for rest in children[i + 1:]:
                self.skip(rest, "not_declared", f"{self.label(child)} объявлена легально — "
                                                "«в противном случае» не применяется", r)
            return result
        return False

    def k_refusable(self, node: Node, why: str, rule: str | None) -> bool | None:
        r = node.rule or DEFAULT_RULES["refusable"]
        self.cite(r)
        first, rest = node.children[0], node.children[1:]
        second_why = None
        if self.o.refuse:
            self.skip(first, "failed", "противник отказался от получения эффекта этой способности", r)
            second_why = f"противник отказался от эффекта способности 1 ({self.label(first)}), поэтому объявляется"
            result: bool | None = False
        elif self.first_part(first) in self.o.illegal:
            self.skip(first, "not_declared", "объявить эту способность нелегально", r)
            second_why = f"{self.label(first)} объявить нелегально, поэтому объявляется"
            result = False
        elif set(self.parts_of(first)) & self.o.failed:
            self.skip(first, "failed", "противник не может этого сделать", r)
            second_why = "противник не может сделать то, что требует способность 1, поэтому объявляется"
            result = False
        else:
            result = self.resolve(first, "противник не отказался от эффекта", r)
            if result is False:
                second_why = ("противник не смог этого сделать («если противник не может…»), "
                              "поэтому объявляется")
        for child in rest:
            if second_why is None:
                self.skip(child, "not_declared", f"противник не отказался от эффекта, и {self.label(first)} "
                                                 "объявлена легально", r)
            else:
                result = self.resolve(child, f"{second_why} {self.label(child)}", r)
        return result

    def k_optional(self, node: Node, why: str, rule: str | None) -> bool | None:
        r = node.rule or DEFAULT_RULES["optional"]
        self.cite(r)
        items = list(node.children)
        labels = ", ".join(self.label(i) for i in items)
        labels = labels if len(items) > 1 else f"объявлять ли {labels}"
        if self.o.declare is None:
            declared = items
            self.add(f"Выбор после «может» ({labels})", True, r, f"{OPTIONAL_PRINCIPLE}; объявлены все", None,
                     "decision")
        else:
            declared = [i for i in items if set(self.parts_of(i)) & self.o.declare]
            said = ("объявлена " + ", ".join(self.label(i) for i in declared)) if declared else "не объявлено ничего"
            self.add(f"Выбор после «может» ({labels})", True, r, f"{OPTIONAL_PRINCIPLE}; {said}", None, "decision")
        results = []
        for item in items:
            if item in declared:
                results.append(self.resolve(item, "объявлена контролирующим игроком", r))
            else:
                self.skip(item, "not_declared", f"{DECIDER['optional']} вправе её не объявлять и не объявил", r)
        if any(x is True for x in results):
            return True
        if any(x is None for x in results):
            return None
        return False

    def k_cost(self, node: Node, why: str, rule: str | None) -> bool | None:
        pay = _head(node) or "стоимость"
        result: bool | None = True
        for c in node.children:
            result = self.resolve(c, why, rule)
        self._payment(pay)
        return result

    def _payment(self, pay: str | None) -> None:
        reason = "оплата происходит после того, как игрок пройдёт все способности особенности"
        rule = PAYMENT_RULE
        if self.self_source_done:
            reason += "; источник уничтожен / возвращён в колоду — оставшиеся для оплаты ресурсы тратятся"
            if self.o.no_resources:
                reason += " (ресурсов не хватает, но способность уже выполнена)"
            rule = SELF_SOURCE_RULE
        text = f"Оплата «{pay}»" if pay else "Оплата"
        self.add(text, True, rule, reason, None, "payment")
        self.cite(PAYMENT_RULE)
        self.add("Оплата не заносится в стек", True, PAYMENT_NO_STACK_RULE,
                 "оплата игродействия не использует стек", None, "payment")

    def _structure(self, node: Node, why: str, rule: str | None, label: str, reason: str = "",
                   default_rule: str | None = None) -> bool | None:
        head = _head(node)
        if head:
            self.add(f"{label}: «{head}»", True, node.rule or default_rule,
                     "обстоятельство, которое требует текст; считается наступившим" + reason, None, "circumstance")
        result: bool | None = True
        for c in node.children:
            result = self.resolve(c, why, rule)
        return result

    def k_trigger(self, node, why, rule):
        return self._structure(node, why, rule, "Срабатывает",
                               " (использование срабатывающей особенности — быстрое игродействие)", TRIGGER_RULE)

    def k_condition(self, node, why, rule):
        return self._structure(node, why, rule, "Условие")

    def k_named(self, node, why, rule):
        return self._structure(node, why, rule, "Объявляется")

    def k_card(self, node, why, rule):
        result: bool | None = True
        for c in node.children:
            result = self.resolve(c, "", None)
        return result


# ---------------------------------------------------------------------------
# public API

def number_parts(root: Node) -> tuple[dict[int, int], tuple[Part, ...]]:
    """Number the effect leaves of ``root`` 1.. in reading order.

    Returns ``({id(leaf): number}, (Part, ...))``.
    """
    nums: dict[int, int] = {}
    parts: list[Part] = []
    for n in root.walk():
        if n.kind == LEAF_KIND:
            nums[id(n)] = len(parts) + 1
            parts.append(Part(len(parts) + 1, n.text.strip()))
    return nums, tuple(parts)


def _kinds_with_parts(root: Node, nums: dict[int, int], kind: str) -> list[tuple[Node, list[int]]]:
    out = []
    for n in root.walk():
        if n.kind == kind:
            out.append((n, [nums[id(x)] for x in n.walk() if id(x) in nums]))
    return out


def validate(root: Node, outcome: Outcome) -> None:
    """Check that ``outcome`` fits the text; raises ``OutcomeError`` (Russian) if not."""
    nums, parts = number_parts(root)
    total = len(parts)
    span = f"1–{total}" if total > 1 else "1"

    def check(ns: Iterable[int], flag: str) -> None:
        for n in sorted(ns):
            if not 1 <= n <= total:
                raise OutcomeError(f"{flag} {n}: такой части нет — в тексте {total} "
                                   f"{'часть' if total == 1 else 'части' if total < 5 else 'частей'} ({span}).")

    check(outcome.failed, "--failed")
    check(outcome.illegal, "--illegal")
    both = outcome.failed & outcome.illegal
    if both:
        n = min(both)
        raise OutcomeError(f"Часть {n} не может быть сразу невыполненной (--failed) и нелегальной для объявления "
                           "(--illegal): нелегальную способность не объявляют вовсе.")
    if outcome.refuse and not _kinds_with_parts(root, nums, "refusable"):
        raise OutcomeError("--refuse: в тексте нет записи «…; если противник не может или не хочет этого "
                           "сделать – …» (505.7), отказываться противнику не от чего.")
    if outcome.choose is not None:
        check([outcome.choose], "--choose")
        choices = _kinds_with_parts(root, nums, "choice")
        if not choices:
            raise OutcomeError("--choose: в тексте нет выбора «… или …» / «…, либо …» (505.5).")
        if not any(outcome.choose in ps for _, ps in choices):
            opts = "; ".join(", ".join(map(str, ps)) for _, ps in choices)
            raise OutcomeError(f"--choose {outcome.choose}: эта часть не входит в выбор «или» (505.5); "
                               f"варианты выбора — части {opts}.")
        for node, _ in choices:
            options = [[nums[id(x)] for x in opt.walk() if id(x) in nums] for opt in node.children]
            chosen = next((o for o in options if outcome.choose in o), None)
            if chosen is None:
                continue
            dropped = sorted(n for o in options if o is not chosen for n in o)
            for n in sorted(outcome.failed):
                if n in dropped:
                    raise OutcomeError(
                        f"--failed {n}: часть {n} не входит в выбранный вариант (--choose {outcome.choose}: "
                        f"части {', '.join(map(str, chosen))}); невыбранный вариант «или» не объявляется "
                        "и не выполняется (505.5).")
    if outcome.declare is not None:
        check(outcome.declare, "--declare")
        optionals = _kinds_with_parts(root, nums, "optional")
        if not optionals:
            raise OutcomeError("--declare: в тексте нет способностей, перечисленных после «может» (505.8); "
                               "объявлять не все из них здесь нельзя.")
        inside = set().union(*(set(ps) for _, ps in optionals))
        outside = sorted(set(outcome.declare) - inside)
        if outside:
            raise OutcomeError(f"--declare {outside[0]}: эта часть не перечислена после «может» (505.8); "
                               f"после «может» стоят части {', '.join(map(str, sorted(inside)))}.")
    if outcome.no_resources and not any(is_self_source(n) for n in root.walk()):
        raise OutcomeError("--no-resources: в тексте нет записи «уничтожить / вернуть в колоду себя, при этом …» "
                           "(505.9); для остальных составных особенностей оплата происходит после всех "
                           "способностей (505.4), а нехватку ресурсов пункты 505 не описывают.")


def _parse(text: str) -> ParseResult:
    from bot.abilities.parser import parse  # the grammar module (raises ParseError)

    return parse(text)


def explain(text_or_result: str | ParseResult | Node, outcome: Outcome | None = None) -> Explanation:
    """Resolve a card text under ``outcome``.

    text_or_result: card text (parsed with ``bot.abilities.parser.parse``), a
    ``ParseResult`` or an AST root ``Node``. Returns an ``Explanation`` whose steps
    follow 505.4–505.9 (and 302.6 for payment). Raises ``ParseError`` when the text
    is not card text at all, ``OutcomeError`` when the outcome does not fit it.
    """
    outcome = outcome or Outcome()
    if isinstance(text_or_result, Node):
        result = ParseResult(text_or_result.text, True, text_or_result)
    elif isinstance(text_or_result, ParseResult):
        result = text_or_result
    else:
        result = _parse(text_or_result)
    root = result.ast
    steps: list[Step] = []
    if root is None:
        from bot.errors import ParseError

        raise ParseError("Текст не разобран как текст карты: ни одной способности не найдено.", 0,
                         "текст способности")
    validate(root, outcome)
    nums, parts = number_parts(root)
    res = _Resolver(root, outcome, nums)
    res.resolve(root, "", None)
    if any(is_self_source(n) for n in root.walk()) and root.kind != "cost" and res.self_source_done \
            and outcome.no_resources:
        res._payment(None)
    steps = list(res.steps)
    for u in result.unparsed:
        steps.append(Step(f"«{u.text}» — не понято", False, None,
                          "эта часть текста не разобрана и в разрешении не учтена", None, "unparsed"))
    # compound paragraphs first, then the rest, each in order of first use
    cites = [c for c in res.cites if c.startswith("505")] + [c for c in res.cites if not c.startswith("505")]
    untyped = tuple(nums[id(n)] for n in root.walk() if id(n) in nums and not n.attr("action"))
    return Explanation(result.text, parts, tuple(steps), tuple(cites), outcome, result.complete,
                       tuple(result.unparsed), root.shape(), untyped)


def verdict_of(expl: Explanation) -> str:
    """Short summary: which parts are performed and which are not."""
    done = [s.part for s in expl.steps if s.part is not None and s.status == "done"]
    notdone = [s.part for s in expl.steps if s.part is not None and s.status in ("failed", "not_declared")]
    open_ = [s.part for s in expl.steps if s.part is not None and s.status in ("option", "conditional")]
    bits = []
    if done:
        bits.append("выполняется: " + ", ".join(f"часть {p}" for p in done))
    if notdone:
        bits.append("не выполняется: " + ", ".join(f"часть {p}" for p in notdone))
    if open_:
        bits.append("зависит от выбора: " + ", ".join(f"часть {p}" for p in open_))
    s = "; ".join(bits) or "нет частей"
    return s[0].upper() + s[1:]


def rule_blocks(citations: Iterable[str], edition: str | None) -> list[Block]:
    """Quote the cited paragraphs from the rulebook when it is available."""
    if not edition:
        return []
    from bot.rulebook import load

    try:
        book = load(edition)
    except (BerserkError, OSError):
        return []
    out = []
    for c in citations:
        try:
            clause = book.get(c)
        except (KeyError, BerserkError):
            clause = None
        if clause is not None:
            out.append(Block("rule", text=clause.text, number=c))
    return out


def explanation_blocks(expl: Explanation) -> list[Block]:
    """Blocks showing the numbered parts and the steps of ``expl``."""
    blocks = [Block("list", title="Части текста:", items=tuple(f"{p.number}. {p.text}" for p in expl.parts))]
    assumed = expl.outcome.describe()
    if assumed:
        blocks.append(Block("text", title="Что произошло:", text="; ".join(assumed)))
    blocks.append(Block("steps", title="Разрешение:",
                        items=tuple(f"{i}. {s.line()}" for i, s in enumerate(expl.steps, 1))))
    if not expl.complete:
        blocks.append(Block("note", text="Текст разобран не полностью: "
                                         + "; ".join(f"«{u.text}»" for u in expl.unparsed)))
    if expl.untyped:    # «станцевать»: its «выполнено» is the order of 505 only, not a known effect
        names = "; ".join(f"часть {p.number} «{p.text}»" for p in expl.parts if p.number in expl.untyped)
        blocks.append(Block("note", text=f"Действие не распознано: {names}. В разрешении такая часть идёт "
                                         "только по порядку частей (505): что она делает на поле и выполнима "
                                         "ли, не известно."))
    return blocks


def explanation_answer(text: str, expl: Explanation, edition: str | None = None) -> Answer:
    """An ``Explanation`` of ``text`` as an ``Answer`` (route ``ability``): the steps,
    the verdict, and the cited paragraphs quoted from ``edition`` (none when ``None``).
    With ``edition`` the paragraphs are that edition's own, bound by content
    (``bot.sim.binding.bind_answer``): a rule it does not state gives no verdict."""
    blocks = explanation_blocks(expl) + rule_blocks(expl.citations, edition)
    ans = Answer(question=text, route="ability", verdict=verdict_of(expl), blocks=blocks,
                 citations=list(expl.citations), trace=[s.line() for s in expl.steps])
    if edition is None:
        return ans
    from bot.sim.binding import bind_answer

    ans = bind_answer(ans, edition)  # 505.x as the paragraphs of ``edition`` stating the same rules
    ans.edition = edition
    return ans


def explain_answer(text: str, outcome: Outcome | None = None, edition: str | None = None) -> Answer:
    """``explain`` as an ``Answer`` (route ``ability``) for the chat and the CLI.
    Raises ``ParseError`` / ``OutcomeError`` as ``explain``."""
    ans = explanation_answer(text, explain(text, outcome), edition)
    if edition is None:
        return ans
    from bot.sim.binding import bind_answer

    ans = bind_answer(ans, edition)  # 505.x as the paragraphs of ``edition`` stating the same rules
    ans.edition = edition
    return ans


def _once(value: Any, flag: str, why: str) -> Any:
    """A flag that may be given once: argparse ``append`` gives a list (chat: a scalar)."""
    if isinstance(value, (list, tuple)):
        if len(value) > 1:
            raise OutcomeError(f"{flag} указан {len(value)} раза ({', '.join(map(str, value))}): {why}")
        return value[0] if value else None
    return value


def outcome_from_args(args) -> Outcome:
    """Build an ``Outcome`` from the ``explain`` CLI flags (``--choose`` / ``--declare``
    as argparse ``append`` lists or single values).

    Raises ``OutcomeError`` (Russian) for ``--choose`` or ``--declare`` given more
    than once, an empty ``--declare`` and a ``--declare`` that is not numbers.
    Whether the numbers fit the text is checked by ``validate``."""
    choose = _once(getattr(args, "choose", None), "--choose",
                   "выбирается один вариант «или» (505.5); укажите одну часть выбранного варианта.")
    raw = _once(getattr(args, "declare", None), "--declare",
                "укажите все объявленные части одним списком через запятую, например --declare 1,2.")
    declare = None
    if raw is not None:
        items = str(raw).replace(" ", "").split(",")
        if not any(items):
            raise OutcomeError("--declare: пустой список; ожидались номера объявленных частей через запятую, "
                               "например 1,2 (505.8).")
        try:
            declare = frozenset(int(x) for x in items if x)
        except ValueError:
            raise OutcomeError(f"--declare {clip(str(raw))}: ожидались номера частей через запятую, например 1,2.") from None
    return Outcome(failed=frozenset(args.failed or ()), illegal=frozenset(args.illegal or ()),
                   refuse=bool(args.refuse), choose=choose, declare=declare,
                   no_resources=bool(args.no_resources))


__all__ = ["Outcome", "Step", "Part", "Explanation", "explain", "is_self_source", "explain_answer", "explanation_answer", "validate",
           "number_parts", "verdict_of", "MEANING", "DEFAULT_RULES", "DECIDER", "STATUS_LABEL"]
