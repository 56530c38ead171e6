"""The card-text AST (docs/architecture.md): frozen nodes whose compound structure follows 505.

Node kinds: compound ``and_then`` (505.4, 505.4.1, 505.4.2), ``choice`` (505.5),
``otherwise`` (505.6), ``refusable`` (505.7), ``optional`` (505.8); card structure
``cost``, ``trigger``, ``condition``, ``named``, ``card``, ``cases`` (a case split:
conditions side by side, "если герой-воин – A, если герой-маг – B"); leaf ``effect``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

COMPOUND_KINDS = ("and_then", "choice", "otherwise", "refusable", "optional")
STRUCTURE_KINDS = ("cost", "trigger", "condition", "named", "card", "cases")
LEAF_KIND = "effect"


@dataclass(frozen=True)
class Node:
    """One AST node.

    kind: one of COMPOUND_KINDS, STRUCTURE_KINDS or ``effect``.
    rule: the paragraph governing this node ("505.4.2"), or ``None``.
    span: ``(start, end)`` character offsets into the normalised text (end exclusive).
    text: the text of the span.
    children: child nodes in reading order (empty for ``effect``).
    attrs: extra facts as sorted ``(key, value)`` pairs, e.g. ``("self_source", True)``
        for 505.9, ``("icons", ("tap",))`` for a cost, ``("limit", "1 раз за ход")``.
    """

    kind: str
    rule: str | None
    span: tuple[int, int]
    text: str
    children: tuple["Node", ...] = ()
    attrs: tuple[tuple[str, Any], ...] = ()

    def attr(self, key: str, default: Any = None) -> Any:
        """Value of attribute ``key`` or ``default``."""
        for k, v in self.attrs:
            if k == key:
                return v
        return default

    def with_attrs(self, **extra: Any) -> "Node":
        """A copy of this node with the attributes ``extra`` set (the others kept; ``attrs``
        stays sorted by key)."""
        attrs = dict(self.attrs)
        attrs.update(extra)
        return replace(self, attrs=tuple(sorted(attrs.items())))

    def walk(self):
        """Yield this node and all descendants, depth first, in reading order."""
        yield self
        for c in self.children:
            yield from c.walk()

    def shape(self) -> str:
        """S-expression of kinds only, e.g. ``(cost (and_then effect effect))``."""
        if not self.children:
            return self.kind
        return "(" + " ".join([self.kind] + [c.shape() for c in self.children]) + ")"

    def rules(self) -> list[str]:
        """Every paragraph cited in this subtree, in reading order, without repeats."""
        out: list[str] = []
        for n in self.walk():
            for r in (n.rule, *(n.attr("rules") or ())):
                if r and r not in out:
                    out.append(r)
        return out

    def to_json(self) -> dict[str, Any]:
        """``{kind, rule, span, text, children}`` (+ ``attrs`` when any; an ``effect`` also
        ``action`` and ``args``) per docs/architecture.md."""
        d: dict[str, Any] = {
            "kind": self.kind,
            "rule": self.rule,
            "span": [self.span[0], self.span[1]],
            "text": self.text,
            "children": [c.to_json() for c in self.children],
        }
        attrs = [(k, v) for k, v in self.attrs if k not in ("action", "args")]
        if self.kind == LEAF_KIND:
            from bot.abilities.effects import thaw

            d["action"] = self.attr("action")
            d["args"] = thaw(self.attr("args") or ())
        if attrs:
            d["attrs"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in attrs}
        return d


@dataclass(frozen=True)
class Unparsed:
    """A span of the text that the grammar did not turn into nodes."""

    span: tuple[int, int]
    text: str
    reason: str = ""


@dataclass(frozen=True)
class ParseResult:
    """Result of reading one card text.

    text: the normalised text the spans refer to; complete: ``False`` whenever any
    part was not turned into nodes; ast: the root node (``None`` only when nothing
    was understood); unparsed: the spans left over.
    """

    text: str
    complete: bool
    ast: Node | None
    unparsed: tuple[Unparsed, ...] = field(default_factory=tuple)

    @property
    def typed(self) -> bool:
        """Complete, and every effect leaf has an ``action`` (its meaning is typed)."""
        if not self.complete or self.ast is None:
            return False
        leaves = [n for n in self.ast.walk() if n.kind == LEAF_KIND]
        return bool(leaves) and all(n.attr("action") for n in leaves)

    def to_json(self) -> dict[str, Any]:
        """``{text, complete, typed, ast, unparsed:[{span,text}]}`` per docs/architecture.md."""
        return {
            "text": self.text,
            "complete": self.complete,
            "typed": self.typed,
            "ast": self.ast.to_json() if self.ast else None,
            "unparsed": [
                {"span": [u.span[0], u.span[1]], "text": u.text, **({"reason": u.reason} if u.reason else {})}
                for u in self.unparsed
            ],
        }
