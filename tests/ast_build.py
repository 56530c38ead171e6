"""Hand-built ASTs for resolver tests: ``build(text, spec)`` where spec is
``(kind, rule, [children], attrs?)`` for inner nodes and a substring of ``text`` for
an effect leaf. Spans are found left to right, so repeated words are fine."""

from __future__ import annotations

from bot.abilities.ast import Node


def build(text: str, spec, start: int = 0) -> Node:
    node, _ = _build(text, spec, start)
    return node


def _build(text, spec, pos):
    if isinstance(spec, str):
        i = text.index(spec, pos)
        return Node("effect", None, (i, i + len(spec)), spec), i + len(spec)
    kind, rule, kids, *rest = spec
    attrs = tuple(sorted((rest[0] if rest else {}).items()))
    children = []
    p = pos
    for k in kids:
        c, p = _build(text, k, p)
        children.append(c)
    s = pos if kind in ("cost", "trigger", "condition", "named", "card") else children[0].span[0]
    e = children[-1].span[1] if children else len(text)
    if kind in ("cost", "trigger", "condition", "named", "card") and pos == 0:
        s = 0
    return Node(kind, rule, (s, e), text[s:e], tuple(children), attrs), p
