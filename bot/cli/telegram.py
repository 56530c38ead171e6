"""``berserk-judge telegram [--webhook-url URL --webhook-secret S --listen H --port P] [--edition E]``:
run the Telegram bot (bot.chat.telegram; token in ``TELEGRAM_BOT_TOKEN``)."""

from __future__ import annotations

from bot.argparse_ru import whole_number
from bot.cli.parser import edition_flag


def add_parser(sub) -> None:
    """Declare ``telegram``."""
    sp = sub.add_parser("telegram", help="запустить Telegram-бота (токен в TELEGRAM_BOT_TOKEN)")
    sp.add_argument("--webhook-url", default=None, metavar="АДРЕС",
                    help="адрес webhook (https://…); без него — long polling")
    sp.add_argument("--webhook-secret", default=None, metavar="СЕКРЕТ",
                    help="секрет, который Telegram присылает с каждым обновлением (обязателен, если --listen "
                         "не локальный адрес)")
    sp.add_argument("--listen", default="0.0.0.0", metavar="АДРЕС", help="адрес, на котором слушает webhook (по умолчанию 0.0.0.0)")
    sp.add_argument("--port", type=whole_number, default=8443, metavar="ПОРТ",
                    help="порт webhook (по умолчанию 8443)")
    edition_flag(sp)
    sp.set_defaults(run=run, cli_name="telegram")


def run(args) -> int:
    """Start the bot (long polling, or a webhook when ``--webhook-url`` is given); the
    exit codes are those of ``bot.chat.telegram.run``: 0 stopped by a signal; 1
    Telegram (or ``TELEGRAM_API_URL``) unreachable at start; 2 no, malformed,
    rejected or revoked token, bad webhook flags (``--listen`` beyond loopback
    without ``--webhook-secret``), bad ``TELEGRAM_API_URL``; 3 another instance
    polls this token (409)."""
    from bot.chat.telegram import run as run_bot

    return run_bot(args)
