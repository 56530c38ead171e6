"""What a question about a card text on a described board asks, and the simulator run
that answers it (issue 11, «card text plus a described board»; issue 12, part 3).

``read_asked(question, parts) -> Asked`` reads the asking clause:

- ``consequence`` — «что будет?», «что происходит?»: the verdict leads with what happens
  («Разряд на 3 по выбранной карте: …»), then every part's fate with its paragraph;
- ``whether`` — «разряд всё равно будет?», «лечение пройдёт?»: «Да» / «Нет» for the part named;
- ``may`` — «могу (ли) просто вылечить своего?», «могу я выбрать рану вместо перемещения?»,
  «хоть излечиться то могу?»: the controller's choice is put into the ``use`` step (505.5
  ``choose``, 505.6 a later alternative, 505.8 ``declare``) and the simulator says whether
  the board allows it;
- ``may_skip`` — «могу ли я не перемещаться?»: after «может» yes (505.8); the first
  alternative of «в противном случае» no while it is legal (505.6); otherwise no verdict;
- ``may_refuse`` — «имеет право отказаться?», «может ли противник отказаться?»: the text's
  505.7 part is run refused; a text with no 505.7 part gets no verdict (the rule that
  would forbid the refusal is not this text's).

``answer_on_board(text, facts, question) -> BoardVerdict`` builds the board the facts
describe (``bot.sim.board_text.board_for``), sets the ``use`` step from the asked kind and
resolves the text on it (``bot.sim.board_text.resolve_text``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.textnorm import fold

_MAY = re.compile(r"(?<![а-я])(могу|можно|можем|может|сможет|смогу|вправе|право|разрешено|имею|имеет|позволено)(?![а-я])")
_CONSEQUENCE = re.compile(r"(?<![а-я])что(?![а-я])")


@dataclass(frozen=True)
class Asked:
    """``kind``: ``consequence`` | ``whether`` | ``may`` | ``may_skip`` | ``may_refuse`` | ``unread``
    (a part left out that names no single part); ``part``: the part
    the asking clause names (1-based) or ``None``; ``instead``: the part it gives up
    («рану вместо перемещения»), or ``None``."""

    kind: str
    part: int | None = None
    instead: int | None = None


def _asking_clause(question: str) -> str:
    from bot.abilities.outcome_words import sentences
    from bot.yesno import asks

    sents = sentences(question)
    last = sents[-1] if sents else question
    if not asks(last) and "?" not in last:
        return ""
    clauses = [c for c in re.split(r"[,;:—–]|\s-\s", last) if c.strip()]
    return fold(clauses[-1] if clauses else last)


def _asking_sentence(question: str) -> str:
    """The asked sentence from its permission word on («могу я открыться и не перемещаться?»,
    «могу переместиться, не открываясь?»), folded; ``""`` without a permission word."""
    from bot.abilities.outcome_words import sentences

    sents = sentences(question)
    last = fold(sents[-1] if sents else question)
    m = _MAY.search(last)
    return last[m.start():] if m else ""


# «не X» / «без X» up to the next «и / а / но / или», comma or the end: one left-out span; not
# «не могу», «не только», «не ли».
_LEFT_OUT = re.compile(r"(?<![а-я])(?:не|без)\s+(?!мог|мож|смог|вправе|только|ли(?![а-я]))"
                       r"((?:(?!(?:и|а|но|или|либо)(?![а-я]))[а-я0-9-]+\s*)+)")


def _left_out(sentence: str, parts, actions: dict[int, str | None]) -> int | None:
    """The part the asked sentence leaves out: the one its «не …» / «без …» span names (by
    words, else by the action its verb names). ``None``: no such span; ``0``: a span that
    names no single part (which part is skipped is not read)."""
    from bot.abilities.outcome_words import match_parts

    spans = [m.group(1) for m in _LEFT_OUT.finditer(sentence)] if sentence else []
    if not spans:
        return None
    named = {(match_parts(s, parts) or _by_action(s, actions) or [0])[0] for s in spans}
    return named.pop() if len(named) == 1 else 0


def _by_action(clause: str, actions: dict[int, str | None]) -> list[int]:
    """Parts whose action is the one the clause's verb names («вылечить» -> heal), when the
    words themselves match no part («вылечить своего» against «излечить ваше существо»)."""
    from bot.sim.board_text import _action_named

    act = _action_named(clause)
    return [n for n, a in actions.items() if act and a == act]


def read_asked(question: str, parts: list[tuple[int, str]], actions: dict[int, str | None] | None = None) -> Asked:
    """The asked kind of ``question`` about a text with ``parts`` (see module doc);
    ``actions``: part number -> the action of its effect (for verbs the parts spell
    otherwise)."""
    actions = actions or {}
    from bot.abilities.outcome_words import match_parts
    from bot.abilities.resolve import Part
    from bot.sim.board_text import _has, _words
    from bot.yesno import question_kind

    clause = _asking_clause(question)
    if not clause:
        return Asked("consequence")
    ps = [Part(n, t) for n, t in parts]
    if _has(clause, _words()["refuse"]) and _has(clause, ["отказ"]):
        return Asked("may_refuse")
    skipped = _left_out(_asking_sentence(question), ps, actions)
    if skipped is not None:
        # «могу ли я не перемещаться?», «могу я открыться и не перемещаться?», «переместиться, не
        # открываясь?»: the part under «не» is the one left out; an unplaced «не …» — no verdict
        return Asked("may_skip", skipped) if skipped else Asked("unread")
    head, _, given_up = clause.partition(" вместо ")
    hits = match_parts(head, ps) or _by_action(head, actions)
    instead = (match_parts(given_up, ps) or _by_action(given_up, actions) or [None])[0] if given_up else None
    part = next((h for h in hits if h != instead), None)
    if _MAY.search(clause) and part is not None:
        return Asked("may", part, instead)
    if question_kind(question) == "yes_no" and part is not None:
        return Asked("whether", part)
    if _CONSEQUENCE.search(clause) or question_kind(question) != "yes_no":
        return Asked("consequence")
    return Asked("whether", part)


def _holder(root, leaf_id: int, kinds: tuple[str, ...]):
    """The innermost node of ``kinds`` above the leaf with ``id`` ``leaf_id``."""
    found = None

    def walk(node, above):
        nonlocal found
        if id(node) == leaf_id:
            found = above
            return True
        here = node if node.kind in kinds else above
        return any(walk(c, here) for c in node.children)

    walk(root, None)
    return found


def answer_on_board(text: str, facts, question: str):
    """The ``BoardVerdict`` of ``text`` on the board ``facts`` describe, for what
    ``question`` asks (``bot.sim.board_text.BoardVerdict``; its ``verdict`` is ``None``
    when the board does not decide it). Raises ``ParseError`` for text that is not card
    text."""
    from bot.abilities.resolve import number_parts
    from bot.sim.ability import UseError, parse_ability
    from bot.sim.board_text import BoardVerdict, board_for, part_phrase, resolve_text

    state, src, use, assumed = board_for(text, facts)
    result = parse_ability(text)
    nums, parts = number_parts(result.ast)
    leaf_of = {n: i for i, n in nums.items()}
    node_of = {id(x): x for x in result.ast.walk()}
    asked = read_asked(question, [(p.number, p.text) for p in parts],
                       {p.number: node_of[leaf_of[p.number]].attr("action") for p in parts if p.number in leaf_of})
    if asked.kind == "may_refuse":
        holder = next((n for n in result.ast.walk() if n.kind == "refusable"), None)
        if holder is None:
            bv = resolve_text(text, state, src, use, "", assumed)
            return replace(bv, verdict=None)
        bv = resolve_text(text, state, src, replace(use, refuse=True), "", assumed)
        first = [p for p in parts if id(holder.children[0]) == leaf_of.get(p.number)
                 or any(id(x) == leaf_of.get(p.number) for x in holder.children[0].walk())]
        rest = [p.number for p in parts if p not in first and any(
            id(x) == leaf_of.get(p.number) for c in holder.children[1:] for x in c.walk())]
        then = "; ".join(part_phrase(bv.resolution, n) for n in rest)
        label = ", ".join(f"части {p.number} «{p.text}»" for p in first)
        bv.verdict = f"Да: противник вправе отказаться от эффекта {label} (п. 505.7)" + (f"; тогда {then}" if then else "")
        if "505.7" not in bv.citations:
            bv.citations.insert(0, "505.7")
        return bv
    if asked.kind == "unread":     # a part left out that the words do not name: no verdict
        bv = resolve_text(text, state, src, use, "", assumed)
        return replace(bv, verdict=None)
    if asked.kind == "may_skip":
        return _skip(text, state, src, use, assumed, result, parts, leaf_of, asked.part)
    if asked.kind == "may":
        holder = _holder(result.ast, leaf_of[asked.part], ("choice", "otherwise", "optional"))
        kind = holder.kind if holder is not None else None
        if kind in ("choice", "otherwise"):
            use = replace(use, choose=asked.part)
        elif kind == "optional":
            use = replace(use, declare=frozenset({asked.part}))
        try:
            bv = resolve_text(text, state, src, use, "", assumed)
        except UseError as e:
            bv = resolve_text(text, state, src, replace(use, choose=None), "", assumed)
            rules = [r for r in e.rules if r]
            bv.verdict = f"Нет: {e}"
            bv.citations = [*rules, *(c for c in bv.citations if c not in rules)]
            return bv
        r = bv.resolution.results.get(asked.part)
        phrase = part_phrase(bv.resolution, asked.part)
        bv.verdict = "Да: " + phrase if r == "done" else "Нет: " + phrase if r in ("failed", "not_declared") else None
        return bv
    if asked.kind == "whether":
        bv = resolve_text(text, state, src, use, "", assumed)
        r = bv.resolution.results.get(asked.part) if asked.part else None
        phrase = part_phrase(bv.resolution, asked.part) if asked.part else ""
        bv.verdict = "Да: " + phrase if r == "done" else "Нет: " + phrase if r in ("failed", "not_declared") else None
        return bv
    bv = resolve_text(text, state, src, use, "", assumed)
    return bv if isinstance(bv, BoardVerdict) else bv


def _skip(text, state, src, use, assumed, result, parts, leaf_of, n):
    """«Могу ли я не объявлять часть N?»: after «может» yes (505.8, the rest declared as
    legal); the first alternative of «в противном случае» no while it is legal (505.6); any
    other connective — no verdict (whether the part may be left out is not this text's rule)."""
    from bot.sim.board_text import part_phrase, resolve_text

    holder = _holder(result.ast, leaf_of[n], ("optional", "otherwise", "choice", "refusable", "and_then"))
    kind = holder.kind if holder is not None else None
    label = next(f"часть {p.number} «{p.text}»" for p in parts if p.number == n)
    if kind == "optional":
        inside = {p.number for p in parts if any(id(x) == leaf_of.get(p.number) for x in holder.walk())}
        bv = resolve_text(text, state, src, replace(use, declare=frozenset(inside - {n})), "", assumed)
        others = "; ".join(part_phrase(bv.resolution, k) for k in sorted(inside - {n}))
        bv.verdict = f"Да: контролирующий игрок вправе не объявлять {label} (п. 505.8)" + (f"; {others}" if others else "")
        return bv
    bv = resolve_text(text, state, src, use, "", assumed)
    if kind == "otherwise" and any(id(x) == leaf_of.get(n) for x in holder.children[0].walk()):
        r = bv.resolution.results.get(n)
        if r == "not_declared":
            bv.verdict = f"Да: {part_phrase(bv.resolution, n)}"
        elif r in ("done", "failed"):
            bv.verdict = (f"Нет: {label} объявить легально, а игрок обязан её объявить; другая способность — только "
                          "если её объявить нелегально (п. 505.6)")
        else:
            bv.verdict = None
        return bv
    bv.verdict = None
    return bv


__all__ = ["Asked", "read_asked", "answer_on_board"]
