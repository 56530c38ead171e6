"""A qualifier written once after the last of parts joined in one clause that belongs to
every part (issue 12, card-text structure): «{drs} и +2 к {strike} по существам с чумой»,
«получает {armor} 1 или +1 к {armor} до конца хода противника».

``share_qualifiers(node) -> node``: the compound (``and_then`` 505.4 or ``choice`` 505.5)
gets the attribute ``shared`` (the qualifier's words) and its last leaf covers only its own
effect, retyped. Only for parts that are values — traits, modifiers, gains — written in one
clause («и», «или», «,»): «ранить … на 2 и получить +1 к {strike} до конца хода» keeps the
duration on the gain alone.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.abilities.ast import Node

# the last leaf: a modifier («+2 к {strike}», «-1 от ударов») and the qualifier after it
_MODIFIER_THEN = re.compile(r"^(?P<core>[+\-]\s?(\d+|X)\s+(к|от)\s+(\{[a-z0-9_]+\}|[А-Яа-яЁё]+)(\s+[А-Яа-яЁё]+){0,2}?"
                            r"|[+\-]\s?(\d+|X)\s+\{[a-z0-9_]+\}"
                            r"|\{[a-z0-9_]+\}(\s?(\d+|X))?)\s+"
                            r"(?P<q>(по|против)\s+\S.*|до\s+конца\s+\S.*)$", re.S)
_JOIN = re.compile(r"\s*(,|и|или|, и|, или)\s*")
_VALUE_ACTIONS = frozenset({"trait", "gain", "modify"})
_OWN_QUALIFIER = re.compile(r"\s(по|против|до\s+конца)\s", re.I)
_BARE_VALUE = re.compile(r"^(\{[a-z0-9_]+\}\s*)+\d*$")
_BARE_MODIFIER = re.compile(r"^[+\-]\s?(\d+|X)\s+(к|от)\s+\{[a-z0-9_]+\}$")


def _value_part(node: Node) -> bool:
    """A value effect, or (an option of a choice) values joined in one clause («+1 к {strike} и
    {ova} 1 или +1 к {ova} до конца хода»: the duration is of both options)."""
    if node.kind == "effect":
        return node.attr("action") in _VALUE_ACTIONS
    return node.kind == "and_then" and all(c.kind == "effect" and c.attr("action") in _VALUE_ACTIONS
                                           for c in node.children)


def share_qualifiers(node: Node, retype, done: bool = False) -> Node:
    """The tree with shared qualifiers lifted onto their compound (see the module
    docstring); ``retype(node, done) -> node`` types a changed compound again (its leaves
    in their context: a keyword after «получает» is granted; ``done``: inside the body of
    a trigger or a paid ability, as ``bot.abilities.effects.type_tree`` reads it)."""
    if not node.children:
        return node
    inner = done or node.kind in ("trigger", "cost")
    kids = tuple(share_qualifiers(c, retype, inner) for c in node.children)
    node = replace(node, children=kids) if kids != node.children else node
    if node.kind not in ("and_then", "choice") or len(kids) < 2 or node.attr("shared"):
        return node
    if any(not _value_part(k) for k in kids) or kids[-1].kind != "effect":
        return node
    for a, b in zip(kids, kids[1:]):
        if not _JOIN.fullmatch(node.text[a.span[1] - node.span[0]:b.span[0] - node.span[0]]):
            return node
    last = kids[-1]
    m = _MODIFIER_THEN.match(last.text)
    if m is None or "(" in m.group("q") or any(_OWN_QUALIFIER.search(" " + k.text + " ") or "(" in k.text
                                                  for k in kids[:-1]):
        return node     # (a part with its own note or limit in brackets keeps its own terms)
    by_target = m.group("q").startswith(("по", "против"))
    if by_target and not all(_BARE_VALUE.match(k.text) or (_BARE_MODIFIER.match(k.text) and _BARE_VALUE.match(m.group("core")))
                             for k in kids[:-1]):
        return node     # "получает полет и +1 к {strike} по летающим": the target is the modifier's
        #                 (but "+1 к {strike} и {direct} по героям": both against heroes)
    core = m.group("core")
    s = last.span[0]
    own = {k: v for k, v in last.attrs if k not in ("action", "args")}
    icon = re.fullmatch(r"\{([a-z0-9_]+)\}(\s?(\d+|X))?", core)
    if icon:
        own["keyword"] = icon.group(1)      # "{ova} 1", "{direct}": a keyword (with its value)
        if icon.group(3):
            own["value"] = icon.group(3)
    leaf = Node("effect", None, (s, s + len(core)), core, (), tuple(sorted(own.items())))
    attrs = dict(node.attrs)
    attrs["shared"] = m.group("q").strip()
    return retype(replace(node, children=(*kids[:-1], leaf), attrs=tuple(sorted(attrs.items()))), done)


__all__ = ["share_qualifiers"]
