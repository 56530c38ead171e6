"""A later part that says what happens when an earlier one cannot be done is its
alternative (505.6), not a consequence of it (505.4.1): «обязан телепортироваться …,
при этом ранить …; если не может переместиться, получает 3 раны» — the wounds come
instead of the teleport, when declaring it is not legal.

``fallback_alternatives(node) -> node`` rewrites, in a typed tree (bot/abilities/effects.py),
an ``and_then`` whose later part is ``condition(если [оно] не может <verb> …)`` with the
verb doing what an earlier part does (the same action of grammar/effects.yaml), or
``condition(если не удалось …)`` with no verb, into
``otherwise(<the earlier parts>, <the condition's body> [+ the parts after it])`` (505.6:
the player must declare ability 1; if that is not legal, ability 2). Any other condition
(«; если оно погибло – …», «; если он закрыт – …») stays a condition over its part.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.abilities.ast import Node

_CANNOT = re.compile(
    r"^если\s+(?:(?P<subj>[А-Яа-яЁё]+)\s+)?не\s+(?:(?:может|могут|сможет|смогло?|смогла)\s+(?P<verb>[А-Яа-яЁё]+)"
    r"|(?P<failed>удалось|удалось\s+это\s+сделать|получилось))\s*$", re.I)
# subjects that name another player: «если противник не может …» is not this card failing its part
_OTHER_PLAYERS = frozenset({"противник", "владелец", "игрок"})
_SEPARATOR_RULE = (("при этом", "505.4"), ("затем", "505.4"), (";", "505.4.1"), ("–", "505.4.2"))


def _leaf_actions(node: Node) -> set[str]:
    return {n.attr("action") for n in node.walk() if n.kind == "effect" and n.attr("action")}


def _verb_action(verb: str) -> str | None:
    from bot.abilities.effects import classify

    return classify(verb)[0]


def _fallback_at(parts: tuple[Node, ...], k: int) -> bool:
    """Is ``parts[k]`` a condition saying what to do when the earlier parts cannot be done?"""
    cond = parts[k]
    if cond.kind != "condition" or len(cond.children) != 1 or cond.attr("written_after"):
        return False
    m = _CANNOT.match(" ".join(str(cond.attr("head") or "").split()))
    if m is None or (m.group("subj") or "").casefold() in _OTHER_PLAYERS:
        return False
    if m.group("failed"):
        return True
    action = _verb_action(m.group("verb"))
    return action is not None and any(action in _leaf_actions(p) for p in parts[:k])


def _joined(parts: tuple[Node, ...], text: str, offset: int) -> Node:
    """``parts`` as one node: the part itself, or an ``and_then`` citing the separators
    written between them."""
    if len(parts) == 1:
        return parts[0]
    rules: list[str] = []
    for a, b in zip(parts, parts[1:]):
        gap = text[a.span[1] - offset:b.span[0] - offset]
        rule = next((r for w, r in _SEPARATOR_RULE if w in gap), "505.4")
        if rule not in rules:
            rules.append(rule)
    s, e = parts[0].span[0], parts[-1].span[1]
    attrs = (("rules", tuple(rules[1:])),) if len(rules) > 1 else ()
    return Node("and_then", rules[0], (s, e), text[s - offset:e - offset], parts, attrs)


def fallback_alternatives(node: Node, text: str | None = None, offset: int = 0) -> Node:
    """``node`` with each «A; если не может <A's verb> – B» written as otherwise(A, B), 505.6.
    ``text``: the text the spans of ``node`` point into, from ``offset`` (default: the
    node's own text and start)."""
    if text is None:
        text, offset = node.text, node.span[0]
    kids = tuple(fallback_alternatives(c, text, offset) for c in node.children)
    if kids != node.children:
        node = replace(node, children=kids)
    if node.kind != "and_then" or len(kids) < 2:
        return node
    k = next((i for i in range(1, len(kids)) if _fallback_at(kids, i)), None)
    if k is None:
        return node
    first = _joined(kids[:k], text, offset)
    second = _joined((kids[k].children[0], *kids[k + 1:]), text, offset)
    attrs = dict((a, v) for a, v in node.attrs if a not in ("rules", "self_source"))
    attrs["head"] = kids[k].attr("head")     # the words that say when the alternative is used
    return Node("otherwise", "505.6", node.span, node.text, (first, second), tuple(sorted(attrs.items())))
