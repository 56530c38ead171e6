"""Renderers: an ``Answer`` (or a chat ``Reply``) -> plain console text or JSON
(Telegram HTML lives in ``bot.chat.html``). No rules logic here."""

from __future__ import annotations

import json
from typing import Any

from bot.answer import Answer


def several_editions() -> bool:
    """True when more than one edition is installed: citations then name their edition."""
    try:
        from bot.rulebook import editions

        return len(editions()) > 1
    except Exception:  # noqa: BLE001 - an unreadable data folder must not break rendering
        return False


def render_plain(answer: Answer) -> str:
    """Plain text for the console and the CLI: verdict, blocks, then «Пункты: …»."""
    lines: list[str] = []
    if answer.understood:
        lines.append(answer.understood)
    if answer.verdict:
        lines.append(f"Вердикт: {answer.verdict}")
        lines.append("")
    body = answer.text
    if body:
        lines.append(body)
    if answer.citations:
        lines.append("")
        lines.append("Пункты: " + ", ".join(answer.cited_labels(several_editions())))
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
