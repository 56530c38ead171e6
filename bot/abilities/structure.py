"""Facts about a parsed compound structure (505.4–505.9) that the question reading
and the verdicts need: which part numbers sit under which connective
(``structure_info``), and the outcomes that show the structure «both ways» (``ways``).
"""

from __future__ import annotations

from bot.abilities.ast import Node
from bot.abilities.resolve import Outcome, is_self_source, number_parts


def structure_info(root: Node) -> dict:
    """Facts the reading needs: ``parts``, and per connective the part numbers —
    ``choices`` (first part of each option), ``optional_items`` (parts of each item),
    ``refusable_first``, ``and_then_first``, ``otherwise_first``, ``self_source``."""
    nums, parts = number_parts(root)

    def ps(n: Node) -> list[int]:
        return [nums[id(x)] for x in n.walk() if id(x) in nums]

    info = {"parts": list(parts), "choices": [], "choice_parts": [], "optional_items": [], "refusable_first": [],
            "and_then_first": [], "otherwise_first": [], "self_source": False}
    for n in root.walk():
        if n.kind == "choice":
            info["choices"].append([ps(c)[0] for c in n.children if ps(c)])
            info["choice_parts"] += ps(n)
        elif n.kind == "optional":
            info["optional_items"].append([ps(c) for c in n.children])
        elif n.kind == "refusable" and ps(n):
            info["refusable_first"].append(ps(n)[0])
        elif n.kind == "and_then" and ps(n):
            info["and_then_first"].append(ps(n)[0])
            info["self_source"] |= is_self_source(n)
        elif n.kind == "otherwise" and ps(n):
            info["otherwise_first"].append(ps(n)[0])
    return info


def ways(root: Node) -> list[Outcome]:
    """The outcomes that show a structure «both ways»: everything performed, then one
    variation per connective present (first part failed for 505.4, the other option
    for 505.5, first illegal for 505.6, refusal for 505.7, only some declared for
    505.8, no resources for 505.9)."""
    info = structure_info(root)
    out = [Outcome()]
    for opts in info["choices"][:1]:
        out += [Outcome(choose=o) for o in opts]
    for first in info["and_then_first"][:1]:
        out.append(Outcome(failed=frozenset({first})))
    for first in info["otherwise_first"][:1]:
        out.append(Outcome(illegal=frozenset({first})))
    if info["refusable_first"]:
        out.append(Outcome(refuse=True))
    for items in info["optional_items"][:1]:
        out.append(Outcome(declare=frozenset(items[-1]) if len(items) > 1 else frozenset()))
    if info["self_source"]:
        out.append(Outcome(no_resources=True))
    uniq = []
    for o in out:
        if o not in uniq:
            uniq.append(o)
    return uniq


__all__ = ["structure_info", "ways"]
