"""``berserk-judge parse TEXT [--json]`` and ``parse --file F``: card text -> AST (bot.abilities.parser)."""

from __future__ import annotations

import re
from typing import Any

from bot.cli.parser import json_flag


def add_parser(sub) -> None:
    """Declare ``parse``."""
    sp = sub.add_parser("parse", help="текст карты -> дерево (AST)")
    sp.add_argument("text", nargs="*", default=None, metavar="ТЕКСТ",
                    help="текст карты; без кавычек его слова соединяются через пробел")
    sp.add_argument("--file", default=None, metavar="ФАЙЛ", help="файл: по тексту карты на строку (\\n внутри текста — два символа); «-» — stdin")
    json_flag(sp)
    sp.set_defaults(run=run, cli_name="parse")


def error_json(text: str, err) -> dict[str, Any]:
    """``{"error": message, "text", "position", "expected"}`` for a ``ParseError``: the
    CLI's common error object (see ``bot.cli.output.print_error``) plus where."""
    return {"error": str(err), "text": text, "position": err.position, "expected": err.expected}


def reason_kind(reason: str) -> str:
    """Group reasons of partial parses for the summary: drop the quoted specifics."""
    return re.sub(r"«[^»]*»", "«…»", reason).split(",")[0]


def run(args) -> int:
    """``parse TEXT [--json]``: the tree (or JSON ``{text, complete, ast, unparsed}``);
    exit 0, or 1 with a Russian message on stderr for a ``ParseError``.

    ``parse --file F``: one card text per line (``\\n`` inside a text written as the two
    characters ``\\n``; empty lines and lines starting with ``#`` skipped); stdout gets
    one JSON object per line (``{text, error}`` for a ``ParseError``); the summary
    (complete / partial / failed and the top reasons of partial parses) goes to stderr.
    Exit 0 when at least one text was read; 1 with a Russian message when the file
    cannot be read (missing, a folder, neither UTF-8 nor UTF-16 nor Russian cp1251 —
    ``bot.textfile.decode_text``, whose note on the encoding goes to stderr —, larger than
    ``bot.limits.PARSE_FILE_BYTES`` or with more than ``PARSE_FILE_LINES`` lines), has
    no card text, or when every text failed; 2 when both a text and ``--file`` are given.
    """
    from bot.cli.output import print_error, wants_json

    if isinstance(args.text, list):   # «parse Ранить на 1» unquoted: the words are one text
        args.text = " ".join(args.text) if args.text else None
    if args.file is not None and args.text is not None:
        print_error("укажите либо текст, либо --file, но не то и другое сразу", wants_json(args), "parse")
        return 2
    if args.file is not None:
        return _run_file(args)
    if args.text is None:
        print_error("укажите текст карты или --file ФАЙЛ", wants_json(args), "parse")
        return 2
    return _run_text(args)


def _run_text(args) -> int:
    import sys

    from bot.abilities.parser import format_result, parse
    from bot.chat.render import dump_json
    from bot.errors import ParseError

    out = sys.stdout
    try:
        res = parse(args.text)
    except ParseError as err:
        if args.json:
            out.write(dump_json(error_json(args.text, err)) + "\n")
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


def _run_file(args) -> int:
    import sys
    from collections import Counter

    from bot.abilities.parser import parse
    from bot.chat.render import dump_json
    from bot.cli.output import print_error, wants_json
    from bot.errors import InputFileError, ParseError
    from bot.textfile import read_text_file

    from bot.limits import PARSE_FILE_BYTES, PARSE_FILE_LINES

    out = sys.stdout
    try:
        notes: list[str] = []  # UTF-16 and cp1251 are read as the card importer reads them
        lines = read_text_file(args.file, "файл с текстами карт", PARSE_FILE_BYTES, notes).splitlines()
        if len(lines) > PARSE_FILE_LINES:
            raise InputFileError(args.file, f"слишком много строк: {len(lines)} (не больше {PARSE_FILE_LINES})")
    except InputFileError as err:
        print_error(str(err), wants_json(args), "parse")
        return 1
    shown = "стандартный ввод" if str(args.file) == "-" else args.file
    for note in notes:
        sys.stderr.write(f"{shown}: {note}\n")
    counts: Counter = Counter()
    reasons: Counter = Counter()
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        text = line.replace("\\n", "\n")
        try:
            res = parse(text)
        except ParseError as err:
            counts["failed"] += 1
            out.write(dump_json(error_json(text, err), indent=None) + "\n")
            continue
        counts["complete" if res.complete else "partial"] += 1
        for u in res.unparsed:
            reasons[reason_kind(u.reason)] += 1
        out.write(dump_json(res.to_json(), indent=None) + "\n")
    total = sum(counts.values())
    pct = 100.0 * counts["complete"] / total if total else 0.0
    sys.stderr.write(f"Итого: {total}; полностью: {counts['complete']} ({pct:.1f}%), "
                     f"частично: {counts['partial']}, ошибки: {counts['failed']}\n")
    for r, n in reasons.most_common(5):
        sys.stderr.write(f"  {n} × {r}\n")
    if total == 0:
        print_error(f"{shown}: нет ни одного текста карты (пустые строки и строки с «#» пропускаются)", False, "parse")
        return 1
    if counts["failed"] == total:
        print_error(f"{shown}: ни одна строка не прочитана как текст карты ({total} из {total} — ошибки)", False, "parse")
        return 1
    return 0
