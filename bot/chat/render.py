"""Renderers: an ``Answer`` (or a chat ``Reply``) -> plain console text or JSON
(Telegram HTML lives in ``bot.chat.html``). No rules logic here."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Iterable

from bot.answer import Answer


def render_plain(answer: Answer) -> str:
    """Plain text for the console and the CLI: verdict, blocks, then «Пункты: …»."""
    lines: list[str] = []
    if answer.verdict:
        lines.append(f"Вердикт: {answer.verdict}")
        lines.append("")
    body = answer.text
    if body:
        lines.append(body)
    if answer.citations:
        lines.append("")
        lines.append("Пункты: " + ", ".join(answer.citations))
    return "\n".join(lines).rstrip() + "\n"


def render_reply_plain(reply) -> str:
    """A chat ``Reply`` (bot.chat.handlers) as console text: its answers in order,
    separated by a blank line. Buttons are not shown (the console has none)."""
    return "\n".join(render_plain(a) for a in reply.answers)


def reply_json(reply) -> dict[str, Any]:
    """A chat ``Reply`` as JSON: ``{answers: [ask-JSON objects], buttons: [[{text, data}]]}``."""
    return {
        "answers": [a.to_json() for a in reply.answers],
        "buttons": [[{"text": b.text, "data": b.data} for b in row] for row in reply.buttons],
    }


def dump_json(obj: Any, indent: int | None = 2) -> str:
    """JSON as the CLI prints it: UTF-8 Russian kept readable (no ``\\uXXXX``),
    stable key order. ``indent=None`` gives one line (JSON Lines output)."""
    return json.dumps(obj, ensure_ascii=False, indent=indent)


def print_error(message: str, as_json: bool = False, command: str = "", out=None, err=None) -> None:
    """Report a user-facing error of a CLI command.

    stderr always gets «berserk-judge <command>: ошибка: <message>»; with ``as_json``
    stdout also gets the JSON object ``{"error": message}`` so that a script reading
    stdout sees the failure (the exit code says which kind; see DESIGN.md).
    """
    out = out or sys.stdout
    err = err or sys.stderr
    if as_json:
        out.write(dump_json({"error": message}) + "\n")
    name = f"berserk-judge {command}".rstrip()
    err.write(f"{name}: ошибка: {message}\n")


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
        out.write(("\n" + "—" * 40 + "\n\n").join(render_plain(a) for a in answers))
    return 0
