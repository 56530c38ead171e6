"""Card text -> AST: ``parse(text) -> ParseResult`` (grammar/card.lark, paragraph 505).

Pipeline: ``bot.textnorm.normalize_card_text`` -> Lark lexer (grammar/terminals.lark)
-> ``CardPostLex`` (bot/abilities/postlex.py: which words are connectives) -> LALR
parser (grammar/card.lark, loaded once by bot/abilities/grammar.py) -> ``ToAst``
(bot/abilities/transform.py: frozen ``Node``s). When the whole text does not parse,
bot/abilities/recovery.py reads it sentence by sentence; what still fails is reported
in ``unparsed`` and the result is ``complete=False`` — nothing is dropped silently.

Also the command-line and chat faces: ``parse_answer(text) -> Answer`` and
``run_parse(args)`` (``berserk-judge parse TEXT [--json]`` / ``parse --file F``).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from typing import Any

from lark.exceptions import LarkError

from bot.abilities.ast import Node, ParseResult, Unparsed
from bot.abilities.grammar import read
from bot.abilities.recovery import expected_names, leftover_connectives, read_by_sentence, to_original
from bot.abilities.tree_text import format_result, format_tree
from bot.answer import Answer, Block
from bot.errors import ParseError
from bot.textnorm import normalize_card_text

__all__ = ["parse", "parse_answer", "run_parse", "format_tree", "format_result", "MAX_LENGTH"]

MAX_LENGTH = 20_000
"""Longest text accepted (characters); the longest real card text is well under 1,000."""


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
    m = re.search(r"[А-Яа-яЁё]", raw)
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


def _result(norm: str, ast: Node, unparsed: list[Unparsed]) -> ParseResult:
    unparsed = sorted(unparsed + leftover_connectives(norm, ast, unparsed), key=lambda u: u.span)
    return ParseResult(norm, not unparsed, ast, tuple(unparsed))


def parse(text: str) -> ParseResult:
    """Read one card text (one or several abilities) into an AST.

    Returns ``ParseResult(text, complete, ast, unparsed)``: ``text`` is the normalised
    text all spans refer to; ``complete`` is False when some sentence could not be read
    (it is then listed in ``unparsed`` with a Russian reason). Compound nodes cite
    505.4–505.9, see bot/abilities/transform.py.

    Raises ``ParseError`` (a ``ValueError``) for input that is not card text: empty,
    without Russian words, unbalanced «», longer than ``MAX_LENGTH``, or with no part
    readable at all. Nothing else is raised.
    """
    _check_input(text)
    norm = normalize_card_text(text)
    try:
        return _result(norm, read(norm, "card"), [])
    except (LarkError, RecursionError):
        pass
    except Exception:  # noqa: BLE001 — never crash on card text; fall back per sentence
        pass
    nodes, unparsed, first_error = read_by_sentence(norm)
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
    return _result(norm, ast, unparsed)


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


# ---- command line ------------------------------------------------------------------------
def _error_json(text: str, err: ParseError) -> dict[str, Any]:
    """``{"error": message, "text", "position", "expected"}``: the CLI's common error
    object (``{"error": "<Russian message>"}``, see render.print_error) plus where."""
    return {"error": str(err), "text": text, "position": err.position, "expected": err.expected}


def _reason_kind(reason: str) -> str:
    """Group reasons for the summary: drop the quoted specifics."""
    return re.sub(r"«[^»]*»", "«…»", reason).split(",")[0]


def run_parse(args) -> int:
    """``parse TEXT [--json]``: the tree (or JSON ``{text, complete, ast, unparsed}``);
    exit 0, or 1 with a Russian message on stderr for a ``ParseError``.

    ``parse --file F``: one card text per line (``\\n`` inside a text written as the two
    characters ``\\n``; empty lines and lines starting with ``#`` skipped); stdout gets
    one JSON object per line (``{text, error}`` for a ``ParseError``); the summary
    (complete / partial / failed and the top reasons of partial parses) goes to stderr.
    Exit 0 when the file was read; 1 with a Russian message when it cannot be read
    (missing, a folder, not UTF-8); 2 when both a text and ``--file`` are given.
    """
    from bot.chat.render import dump_json, print_error
    from bot.errors import InputFileError
    from bot.textfile import read_text_file

    out = sys.stdout
    if getattr(args, "file", None) is not None and args.text is not None:
        print_error("укажите либо текст, либо --file, но не то и другое сразу", bool(getattr(args, "json", False)), "parse")
        return 2
    if getattr(args, "file", None) is not None:
        try:
            lines = read_text_file(args.file, "файл с текстами карт").splitlines()
        except InputFileError as err:
            print_error(str(err), bool(getattr(args, "json", False)), "parse")
            return 1
        counts = Counter()
        reasons = Counter()
        for line in lines:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            text = line.replace("\\n", "\n")
            try:
                res = parse(text)
            except ParseError as err:
                counts["failed"] += 1
                out.write(dump_json(_error_json(text, err), indent=None) + "\n")
                continue
            counts["complete" if res.complete else "partial"] += 1
            for u in res.unparsed:
                reasons[_reason_kind(u.reason)] += 1
            out.write(dump_json(res.to_json(), indent=None) + "\n")
        total = sum(counts.values())
        pct = 100.0 * counts["complete"] / total if total else 0.0
        sys.stderr.write(f"Итого: {total}; полностью: {counts['complete']} ({pct:.1f}%), "
                         f"частично: {counts['partial']}, ошибки: {counts['failed']}\n")
        for r, n in reasons.most_common(5):
            sys.stderr.write(f"  {n} × {r}\n")
        return 0
    if args.text is None:
        print_error("укажите текст карты или --file ФАЙЛ", bool(getattr(args, "json", False)), "parse")
        return 2
    try:
        res = parse(args.text)
    except ParseError as err:
        if args.json:
            out.write(dump_json(_error_json(args.text, err)) + "\n")
        sys.stderr.write(f"Ошибка разбора: {err}\n")  # the message names the position where it matters
        return 1
    if args.json:
        out.write(dump_json(res.to_json()) + "\n")
    else:
        out.write(format_result(res) + "\n")
        cites = res.ast.rules() if res.ast else []
        if cites:
            out.write("Пункты: " + ", ".join(cites) + "\n")
    return 0
