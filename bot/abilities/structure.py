"""Facts about a parsed compound structure (505.4–505.9) that the question reading
and the verdicts need: which part numbers sit under which connective
(``structure_info``), the outcomes that show the structure «both ways» (``ways``),
and whether the controlling player may declare given parts of it on their own
decision (``check_declaration``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.abilities.ast import COMPOUND_KINDS, Node
from bot.abilities.resolve import DEFAULT_RULES, MEANING, Outcome, is_self_source, number_parts


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


@dataclass(frozen=True)
class DeclarationCheck:
    """Whether a declaration the player intends is allowed: ``allowed``, the
    paragraph that decides (``rule``, e.g. "505.6") and the Russian ``reason``."""

    allowed: bool
    rule: str
    reason: str


def check_declaration(root: Node, declared: set[int] | frozenset[int], left_out: set[int] | frozenset[int] = frozenset(),
                      outcome: Outcome | None = None, legal: set[int] | frozenset[int] = frozenset()
                      ) -> DeclarationCheck | None:
    """May the controlling player, on their own decision, declare the parts
    ``declared`` (1-based), leaving ``left_out`` undeclared, given what happened
    (``outcome``: parts illegal to declare, the opponent's refusal)?

    Each connective holding a declared part decides, outermost first:
    505.4 (and «;» 505.4.1, «–» 505.4.2) — parts go in order, an earlier one cannot be
    skipped and a later one cannot be left out by choice; 505.5 — one option of «или»;
    505.6 — part 2 only when part 1 is illegal to declare; 505.7 — part 2 only after
    the opponent's refusal (the opponent decides, not the player) or when part 1 is
    illegal; 505.8 — any of the parts after «может». ``legal``: parts stated legal
    (named so in the reason). Returns ``None`` when no declared part is inside a
    connective.
    """
    outcome = outcome or Outcome()
    nums, parts = number_parts(root)
    decl, out = set(declared), set(left_out)

    def ps(n: Node) -> list[int]:
        return [nums[id(x)] for x in n.walk() if id(x) in nums]

    def phrase(n: int) -> str:
        return f"часть {n} «{parts[n - 1].text}»"

    allowed: DeclarationCheck | None = None
    for node in root.walk():
        if node.kind not in COMPOUND_KINDS:
            continue
        kids = [ps(c) for c in node.children]
        hit = [i for i, k in enumerate(kids) if set(k) & decl]
        if not hit or any(not k for k in kids):
            continue
        rule = node.rule or DEFAULT_RULES[node.kind]
        if node.kind == "and_then":
            for i, k in enumerate(kids):
                if set(k) & decl or node.children[i].kind == "optional":
                    continue
                if i < max(hit):
                    return DeclarationCheck(False, rule, f"{phrase(k[0])} идёт раньше и пропустить её нельзя: "
                                                         f"{MEANING['505.4'].split('; ')[0]}")
                if set(k) & out:
                    return DeclarationCheck(False, rule, f"выбора здесь нет: {phrase(k[0])} объявляется вслед за "
                                                         "предыдущей, если та выполнена")
            allowed = allowed or DeclarationCheck(True, rule, MEANING["505.4"].split("; ")[0])
        elif node.kind == "otherwise":
            if len(hit) > 1:
                return DeclarationCheck(False, rule, f"объявляется только одна способность: {MEANING[rule]}")
            i = hit[0]
            for k in kids[:i]:
                if k[0] not in outcome.illegal:
                    said = " (так сказано в условии)" if k[0] in legal else ""
                    return DeclarationCheck(False, rule, f"{phrase(k[0])} объявить можно{said}, а игрок обязан "
                                                         f"объявить её; {phrase(kids[i][0])} объявляется, только "
                                                         f"если часть {k[0]} объявить нелегально")
            if i > 0:
                allowed = DeclarationCheck(True, rule, f"{phrase(kids[0][0])} объявить нелегально, поэтому игрок "
                                                       f"обязан объявить {phrase(kids[i][0])}")
            else:
                allowed = allowed or DeclarationCheck(True, rule, MEANING[rule])
        elif node.kind == "refusable":
            first = kids[0]
            if any(i > 0 for i in hit) and not outcome.refuse and first[0] not in outcome.illegal \
                    and not set(first) & outcome.failed:
                return DeclarationCheck(False, rule, "решает противник, а не игрок: отказаться от эффекта "
                                                     f"способности 1 вправе только противник; пока он не отказался "
                                                     f"и {phrase(first[0])} можно объявить, "
                                                     f"{phrase(kids[hit[-1]][0])} не объявляется")
            allowed = DeclarationCheck(True, rule, MEANING[rule])
        elif node.kind == "choice":
            if len(hit) > 1:
                return DeclarationCheck(False, rule, f"{MEANING[rule]} — только одну")
            k = kids[hit[0]]
            if k[0] in outcome.illegal:
                return DeclarationCheck(False, rule, f"{phrase(k[0])} объявить нелегально, а нелегальную "
                                                     "способность выбрать нельзя")
            allowed = DeclarationCheck(True, rule, MEANING[rule])
        elif node.kind == "optional":
            allowed = DeclarationCheck(True, rule, MEANING[rule])
    return allowed


__all__ = ["structure_info", "ways", "check_declaration", "DeclarationCheck"]
