"""A later part that says what happens when an earlier one cannot be done is its
alternative (505.6), not a consequence of it (505.4.1): «обязан телепортироваться …,
при этом ранить …; если не может переместиться, получает 3 раны» — the wounds come
instead of the teleport, when declaring it is not legal.

``fallback_alternatives(node) -> node`` rewrites, in a typed tree (bot/abilities/effects.py),
an ``and_then`` whose later part is ``condition(если [оно] не может <verb> …)`` with the
verb doing what an earlier part does (the same action of grammar/effects.yaml), or
``condition(если не удалось …)`` with no verb, into
``otherwise(<that part and the ones after it>, <the condition's body> [+ the parts after
it])``, the parts before that part staying parts of the ``and_then`` (505.6:
the player must declare ability 1; if that is not legal, ability 2). Any other condition
(«; если оно погибло – …», «; если он закрыт – …») stays a condition over its part.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.abilities.ast import Node

_CANNOT = re.compile(
    r"^если\s+(?:(?P<subj>[А-Яа-яЁё]+)\s+)?не\s+(?:(?:может|могут|сможет|смогло?|смогла)\s+(?:быть\s+)?(?P<verb>[А-Яа-яЁё]+)"
    r"|(?P<failed>удалось|удалось\s+это\s+сделать|получилось))\s*$", re.I)
# subjects that name another player: «если противник не может …» is not this card failing its part
_OTHER_PLAYERS = frozenset({"противник", "владелец", "игрок"})
_SEPARATOR_RULE = (("при этом", "505.4"), ("затем", "505.4"), (";", "505.4.1"), ("–", "505.4.2"))


def _leaf_actions(node: Node) -> set[str]:
    return {n.attr("action") for n in node.walk() if n.kind == "effect" and n.attr("action")}


def _verb_action(verb: str) -> str | None:
    """The action of the verb (or the passive participle: «быть перемещено») after «не может»."""
    from bot.abilities import lexicon
    from bot.abilities.effects import classify
    from bot.morph import pos

    action = classify(verb)[0]
    if action is None and pos(verb) in ("PRTS", "PRTF"):
        action = classify(lexicon.word_lemma(verb))[0]     # «перемещено» -> «переместить»
    return action


def _fallback_from(parts: tuple[Node, ...], k: int) -> int | None:
    """Where the part that ``parts[k]`` is the fallback of starts: ``parts[k]`` is a condition
    saying what to do when that earlier part cannot be done («если не может переместиться»:
    the last earlier part that moves; «если не удалось»: the part just before); ``None``
    when ``parts[k]`` is no such condition."""
    cond = parts[k]
    if cond.kind != "condition" or len(cond.children) != 1 or cond.attr("written_after"):
        return None
    m = _CANNOT.match(" ".join(str(cond.attr("head") or "").split()))
    if m is None or (m.group("subj") or "").casefold() in _OTHER_PLAYERS:
        return None
    if m.group("failed"):
        return k - 1
    action = _verb_action(m.group("verb"))
    if action is None:
        return None
    return next((j for j in range(k - 1, -1, -1) if action in _leaf_actions(parts[j])), None)


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
    found = next(((i, j) for i in range(1, len(kids)) for j in [_fallback_from(kids, i)] if j is not None), None)
    if found is None:
        return node
    k, j = found
    # the alternative is of the part that cannot be done and what is done with it («обязан
    # телепортироваться …, при этом ранить …; если не может переместиться …»), not of the
    # parts before it («ранить …, затем переместить …, если оно не может быть перемещено …»)
    first = _joined(kids[j:k], text, offset)
    second = _joined((kids[k].children[0], *kids[k + 1:]), text, offset)
    s, e = first.span[0], second.span[1]
    alt = Node("otherwise", "505.6", (s, e), text[s - offset:e - offset], (first, second),
               (("head", kids[k].attr("head")),))     # the words that say when the alternative is used
    if j == 0:
        attrs = dict((a, v) for a, v in node.attrs if a not in ("rules", "self_source"))
        attrs["head"] = kids[k].attr("head")
        return replace(alt, span=node.span, text=node.text, attrs=tuple(sorted(attrs.items())))
    before = _joined((*kids[:j], alt), text, offset)
    return replace(before, span=node.span, text=node.text)
