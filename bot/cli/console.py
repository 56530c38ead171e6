"""``berserk-judge`` with no sub-command: the console chat (bot.chat.console).

Each input line is handled exactly as a Telegram message; the edition comes from
``BERSERK_EDITION`` (default ``5ed``)."""

from __future__ import annotations


def run(args) -> int:
    """Run the console chat on stdin/stdout; exit 0 at end of input, 2 when
    ``BERSERK_EDITION`` names no edition."""
    from bot.chat.console import run as run_chat

    return run_chat(args)
