"""What every command prints the same way: errors and lists of answers.

Plain-text and JSON rendering of one ``Answer`` lives in ``bot.chat.render``
(shared with the console chat); this module adds the CLI's conventions on top.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable

from bot.answer import Answer
from bot.chat.render import dump_json, render_plain

RULE_LINE = "\n" + "—" * 40 + "\n\n"
"""Separator between several plain-text answers of one command."""


def print_error(message: str, as_json: bool = False, command: str = "", out=None, err=None) -> None:
    """Report a user-facing error of a CLI command.

    stderr always gets «berserk-judge <command>: ошибка: <message>»; with ``as_json``
    stdout also gets the JSON object ``{"error": message}`` so that a script reading
    stdout sees the failure (the exit code says which kind; see docs/architecture.md).
    """
    out = out or sys.stdout
    err = err or sys.stderr
    if as_json:
        out.write(dump_json({"error": message}) + "\n")
    name = f"berserk-judge {command}".rstrip()
    err.write(f"{name}: ошибка: {message}\n")


def print_json(obj: Any, out=None) -> None:
    """``obj`` as indented UTF-8 JSON and a newline on stdout."""
    (out or sys.stdout).write(dump_json(obj) + "\n")


def print_answers(
    answers: Iterable[Answer],
    as_json: bool,
    json_of: Callable[[Answer], Any],
    out=None,
) -> int:
    """Print answers: JSON (one object, or a list for several) or plain text
    separated by a rule line. Returns exit code 0."""
    out = out or sys.stdout
    answers = list(answers)
    if as_json:
        objs = [json_of(a) for a in answers]
        out.write(dump_json(objs[0] if len(objs) == 1 else objs) + "\n")
    else:
        out.write(RULE_LINE.join(render_plain(a) for a in answers))
    return 0


def wants_json(args) -> bool:
    """Whether the command line asked for ``--json`` (commands without the flag: no)."""
    return bool(getattr(args, "json", False))
