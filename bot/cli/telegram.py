"""``berserk-judge telegram [--webhook-url URL --webhook-secret S --listen H --port P] [--edition E]``:
run the Telegram bot (bot.chat.telegram; token in ``TELEGRAM_BOT_TOKEN``)."""

from __future__ import annotations

from bot.argparse_ru import whole_number
from bot.cli.parser import edition_flag


def add_parser(sub) -> None:
    """Declare ``telegram``."""
    sp = sub.add_parser("telegram", help="запустить Telegram-бота (токен в TELEGRAM_BOT_TOKEN)")
    sp.add_argument("--webhook-url", default=None)
    sp.add_argument("--webhook-secret", default=None)
    sp.add_argument("--listen", default="0.0.0.0")
    sp.add_argument("--port", type=whole_number, default=8443)
    edition_flag(sp)
    sp.set_defaults(run=run, cli_name="telegram")


def run(args) -> int:
    """Start the bot (long polling, or a webhook when ``--webhook-url`` is given); the
    exit codes are those of ``bot.chat.telegram.run`` (2: no or malformed token, bad
    webhook flags; 3: another instance polls this token)."""
    from bot.chat.telegram import run as run_bot

    return run_bot(args)
