"""Card text -> AST: ``parse(text) -> ParseResult`` (grammar/card.lark, paragraph 505).

Pipeline: ``bot.textnorm.normalize_card_text`` -> Lark lexer (grammar/terminals.lark)
-> ``CardPostLex`` (bot/abilities/postlex.py: which words are connectives) -> LALR
parser (grammar/card.lark, loaded once by bot/abilities/grammar.py) -> ``ToAst``
(bot/abilities/transform.py: frozen ``Node``s). When the whole text does not parse,
bot/abilities/recovery.py reads it sentence by sentence; what still fails is reported
in ``unparsed`` and the result is ``complete=False`` — nothing is dropped silently.

Also the chat face ``parse_answer(text) -> Answer``; the command line
(``berserk-judge parse``) is ``bot.cli.parse``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark.exceptions import LarkError

from bot.abilities import lexicon
from bot.abilities.ast import Node, ParseResult, Unparsed
from bot.abilities.effects import type_tree, vocabulary
from bot.abilities.fallback import fallback_alternatives
from bot.abilities.grammar import read
from bot.abilities.move_order import join_move_order
from bot.abilities.shared import share_qualifiers
from bot.abilities.recovery import expected_names, leftover_connectives, read_by_sentence, to_original
from bot.abilities.tree_text import format_result, format_tree
from bot.answer import Answer, Block
from bot.errors import ParseError
from bot.limits import CARD_TEXT_CHARS
from bot.textnorm import normalize_card_text

__all__ = ["parse", "parse_answer", "format_tree", "format_result", "MAX_LENGTH"]

MAX_LENGTH = CARD_TEXT_CHARS
"""Longest text accepted (characters, ``bot.limits``); the longest real card text is well under 1,000."""


# ---- input checks (ParseError) --------------------------------------------------------
def _check_input(raw: str) -> None:
    """Raise ``ParseError`` for input that is not card text at all (see ``parse``)."""
    if not isinstance(raw, str):
        raise ParseError("Ожидался текст карты (строка).", 0, "текст карты")
    if len(raw) > MAX_LENGTH:
        raise ParseError(
            f"Текст слишком длинный для текста карты: {len(raw)} символов (не больше {MAX_LENGTH}).",
            MAX_LENGTH, "текст карты не длиннее нескольких тысяч символов")
    if not raw.strip():
        raise ParseError("Пустой текст: нечего разбирать.", 0, "текст особенности карты")
    m = re.search(r"[А-Яа-яЁё]|\{[A-Za-z0-9_]+\}|\[:[A-Za-z0-9_]+\]", raw)   # a word or an icon ("{unq}.")
    if not m:
        first = re.search(r"\S", raw)
        raise ParseError("Это не текст карты: в нём нет ни одного русского слова.",
                         first.start() if first else 0, "русский текст особенности")
    opened: list[int] = []
    for i, ch in enumerate(raw):
        if ch == "«":
            opened.append(i)
        elif ch == "»":
            if not opened:
                raise ParseError(f"Непарная закрывающая кавычка » в позиции {i}: перед ней нет открывающей «.", i, "«")
            opened.pop()
    if opened:
        i = opened[-1]
        raise ParseError(f"Непарная открывающая кавычка « в позиции {i}: после неё нет закрывающей ».", i, "»")


_CARD_SIGNS = re.compile(r"\{[a-z0-9_]+\}|\d|[+\-]X\b")
# connectives of everyday speech («и», «или», «;», «–»): between untyped parts they make no card text
_PLAIN_CONNECTIVES = frozenset({"and_then", "choice"})


def _check_card_text(raw: str, norm: str, ast: Node) -> None:
    """Raise ``ParseError`` for a text that parses but is not card text («как приготовить
    борщ», «привет», «как приготовить борщ и съесть его»): no word of the game
    (grammar/effects.yaml), no effect typed, no header, cost or card connective of 505
    (a plain «и» / «или» between untyped parts is none), no icon and no number."""
    if _CARD_SIGNS.search(norm) or vocabulary().mentions_game(norm):
        return
    for n in ast.walk():
        if n.kind not in ("effect", "card") and n.kind not in _PLAIN_CONNECTIVES:
            return
        if n.kind == "effect" and n.attr("action"):
            return
    raise ParseError("Это не похоже на текст карты: в нём нет ни одного действия, условия или "
                     "значка особенности (например, «Ранить выбранное существо на 2»).", 0,
                     "текст особенности карты")


_PAYMENT_ONLY = re.compile(r"\s*((X|\d+)?\s*\{([a-z0-9_]+)\}\s*)+:?\s*")
_PAYMENT_REST = re.compile(r"(?:X|\d+)?\s*\{[a-z0-9_]+\}|\s+|:\s*$")


def payment_only_leaves(ast: Node) -> list[Unparsed]:
    """Effect leaves that are nothing but payment icons (grammar/icons.yaml role ``cost``:
    a bare «{tap}», «X{counter}{tap}»): a cost with no effect after it is not an ability,
    so the text is not read completely."""
    roles = lexicon.icon_roles()
    out = []
    for n in ast.walk():
        if n.kind != "effect" or n.text[:1] not in "{X0123456789":
            continue
        # nothing but icons, counts and a colon (one linear pass; a run of 2,000 «{tap}» is
        # a payment with no action as much as one «{tap}» is — the length no longer hides it)
        m = _PAYMENT_ONLY.fullmatch(n.text) if len(n.text) <= 60 else not _PAYMENT_REST.sub("", n.text)
        if m and all(roles.get(i) == "cost" for i in re.findall(r"\{([a-z0-9_]+)\}", n.text)):
            out.append(Unparsed(n.span, n.text, "оплата без особенности: после значков оплаты нет действия"))
    return out


def _result(norm: str, ast: Node, unparsed: list[Unparsed], name: str | None = None) -> ParseResult:
    ast = join_move_order(ast, norm)
    unparsed = unparsed + payment_only_leaves(ast)
    unparsed = sorted(unparsed + leftover_connectives(norm, ast, unparsed), key=lambda u: u.span)
    typed = share_qualifiers(type_tree(ast, name), lambda node, done: type_tree(node, name, done))
    typed = fallback_alternatives(typed, norm, 0)
    return ParseResult(norm, not unparsed, typed, tuple(unparsed))


def parse(text: str, name: str | None = None) -> ParseResult:
    """Read one card text (one or several abilities) into an AST.

    Returns ``ParseResult(text, complete, ast, unparsed)``: ``text`` is the normalised
    text all spans refer to; ``complete`` is False when some sentence could not be read
    (it is then listed in ``unparsed`` with a Russian reason). Compound nodes cite
    505.4–505.9, see bot/abilities/transform.py.

    Raises ``ParseError`` (a ``ValueError``) for input that is not card text: empty,
    without Russian words, unbalanced «», longer than ``MAX_LENGTH``, or with no part
    readable at all. Nothing else is raised.

    Every effect leaf is typed (bot/abilities/effects.py, grammar/effects.yaml):
    attributes ``action`` and ``args``; ``name`` is the card's own name when known
    (then «уничтожьте <имя>, при этом …» is marked 505.9).
    """
    _check_input(text)
    norm = normalize_card_text(text)
    try:
        res = _result(norm, read(norm, "card"), [], name)
    except (LarkError, RecursionError):
        pass
    except Exception:  # noqa: BLE001 — never crash on card text; fall back per sentence
        pass
    else:
        _check_card_text(text, norm, res.ast)
        return res
    nodes, unparsed, first_error = read_by_sentence(norm)
    if not unparsed:
        _check_card_text(text, norm, Node("card", None, (0, len(norm)), norm, tuple(nodes)))
    if not nodes:
        u = unparsed[0] if unparsed else Unparsed((0, len(norm)), norm, "не найдено ни одной особенности")
        pos = to_original(first_error[0], text, norm) if first_error else 0
        exp = expected_names(getattr(first_error[1], "expected", ())) if first_error else []
        raise ParseError(f"Не удалось прочитать текст карты (позиция {pos}): {u.reason}.",
                         pos, ", ".join(exp[:3]) or "особенность карты")
    if len(nodes) == 1:
        ast = nodes[0]
    else:
        s, e = nodes[0].span[0], nodes[-1].span[1]
        ast = Node("card", None, (s, e), norm[s:e], tuple(nodes))
    return _result(norm, ast, unparsed, name)



def parse_cached(text: str, name: str | None = None) -> ParseResult:
    """``parse(text, name)``, remembered for the last 256 texts: one answer parses its quoted
    text in several routes (the card-board route, the ability route, the simulator's run);
    the result is immutable (frozen nodes). Raises what ``parse`` raises — a ``ParseError``
    is remembered too, so a quote that is no card text is read once per question, not once
    per route that looks at it. ``parse_cached(t)`` and ``parse_cached(t, None)`` are one
    entry (``functools.lru_cache`` keys them apart)."""
    res = _parse_or_error(text, name)
    if isinstance(res, ParseError):
        raise res.with_traceback(None)
    return res


@lru_cache(maxsize=256)     # a per-question cache (the benchmarks' cold runs empty it)
def _parse_or_error(text: str, name: str | None) -> ParseResult | ParseError:
    """``parse(text, name)`` or the ``ParseError`` it raised (``parse_cached``)."""
    try:
        return parse(text, name)
    except ParseError as err:
        return err

def parse_answer(text: str) -> Answer:
    """Route "parse": the tree as a ``code`` block, citations = the paragraphs of the tree.

    A ``ParseError`` becomes a ``note`` block with its Russian message (never raised).
    """
    try:
        res = parse(text)
    except ParseError as err:
        return Answer(question=text, route="parse", verdict=None,
                      blocks=[Block("note", str(err), title="Не удалось разобрать текст карты")],
                      trace=[f"ошибка разбора в позиции {err.position}: ожидалось {err.expected}"])
    blocks = [Block("code", format_tree(res.ast), title="Дерево особенности (505)")]
    if not res.complete:
        blocks.append(Block("note", "Не разобрано: " + "; ".join(
            f"«{u.text}»" + (f" ({u.reason})" if u.reason else "") for u in res.unparsed)))
    citations = res.ast.rules() if res.ast else []
    return Answer(question=text, route="parse",
                  verdict="разобрано полностью" if res.complete else "разобрано частично",
                  blocks=blocks, citations=citations,
                  trace=[f"{n.kind}: {n.rule}" for n in res.ast.walk() if n.rule] if res.ast else [])
