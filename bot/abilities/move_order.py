"""The two alternatives of one ability by who moves first (issue 12, card-text structure):
«В начале боя воздействие интриги: {first}: A. {second}: B.» — «{second}: B» written as the
next sentence is the other branch of the same trigger / named effect, not an ability of the
card of its own.

``join_move_order(ast, text) -> ast``: on the card's abilities, when one ability's body ends
(through single-child headers and costs) in the condition «{first}» (or «{second}») and the
next ability is the condition with the other icon, the two conditions become a ``cases`` node
(each branch under its own condition; which player moves first decides) inside that header,
whose span grows over the second sentence. A card whose «{first}: …» opens the sentence
itself keeps its two conditions side by side as abilities of the card (they already are the
card's two branches). ``text`` is the normalised text the spans refer to.
"""

from __future__ import annotations

from dataclasses import replace

from bot.abilities.ast import Node

_PAIR = {"{first}": "{second}", "{second}": "{first}"}
_WRAPPERS = frozenset({"trigger", "named", "cost", "condition"})


def _icon(node: Node) -> str | None:
    """The move-order icon heading condition ``node`` («{first}», «{second}»), or ``None``."""
    if node.kind != "condition":
        return None
    head = str(node.attr("head") or "").strip().rstrip(":").strip()
    return head if head in _PAIR else None


def _path_to_branch(node: Node) -> list[Node] | None:
    """``node`` and its single children down to a move-order condition strictly inside it
    (``node`` itself a header or cost), or ``None``."""
    path = [node]
    while path[-1].kind in _WRAPPERS and len(path[-1].children) == 1 and _icon(path[-1]) is None:
        path.append(path[-1].children[0])
    return path if len(path) > 1 and _icon(path[-1]) is not None else None


def _joined(path: list[Node], other: Node, text: str) -> Node:
    """The top of ``path`` with its last node (a move-order condition) and ``other`` as a
    ``cases`` node, every node on the path spanning to the end of ``other``."""
    first = path[-1]
    s, e = first.span[0], other.span[1]
    node = Node("cases", None, (s, e), text[s:e], (first, other))
    for up in reversed(path[:-1]):
        s = up.span[0]
        node = replace(up, span=(s, e), text=text[s:e], children=(node,))
    return node


def join_move_order(ast: Node, text: str) -> Node:
    """``ast`` with a header's «{first}: A» and the next sentence's «{second}: B» joined
    as the two cases of that header (see the module docstring); unchanged otherwise."""
    if ast.kind != "card":
        return ast
    out: list[Node] = []
    changed = False
    for kid in ast.children:
        path = _path_to_branch(out[-1]) if out else None
        if path is not None and _icon(kid) == _PAIR[_icon(path[-1])]:
            out[-1] = _joined(path, kid, text)
            changed = True
        else:
            out.append(kid)
    if not changed:
        return ast
    if len(out) == 1:
        return out[0]
    return replace(ast, children=tuple(out))


__all__ = ["join_move_order"]
