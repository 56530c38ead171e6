"""Running the real ``berserk-judge telegram`` in a subprocess against ``FakeBotApi``
(``TELEGRAM_API_URL`` points it there), and reading what it answered."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

from fake_bot_api import Delivered, FakeBotApi

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "123456789:AAE" + "Qz7_-" * 7
"""Well-formed (so the bot gets as far as the network), valid only at the fake server."""
SECRET_PART = TOKEN.split(":", 1)[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, timeout: float, host: str = "127.0.0.1") -> bool:
    """True once something accepts TCP connections on ``host:port`` (tried every 50 ms
    for up to ``timeout`` seconds). The bot's webhook server starts listening only after
    setWebhook has returned (python-telegram-bot bootstraps first), so a test waits for
    this readiness before it has updates delivered, instead of sleeping."""
    end = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            if time.monotonic() >= end:
                return False
            time.sleep(0.05)


class BotProcess:
    """``python -m bot telegram ARGS`` with the token and ``TELEGRAM_API_URL`` of
    ``api``; stdout and stderr go to temporary files (read with ``output()``). The
    ``with`` block kills a process still running at its end."""

    def __init__(self, api: FakeBotApi | None, *args: str, token: str = TOKEN, api_url: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self._out = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self._err = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        full_env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "BERSERK_"))}
        full_env.update({"TELEGRAM_BOT_TOKEN": token, "PYTHONUNBUFFERED": "1"})
        url = api_url or (api.url if api is not None else None)
        if url:
            full_env["TELEGRAM_API_URL"] = url
        full_env.update(env or {})
        self.started = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "bot", "telegram", *args], cwd=ROOT, env=full_env,
                                     stdin=subprocess.DEVNULL, stdout=self._out, stderr=self._err)

    def wait_exit(self, timeout: float) -> int | None:
        """The exit code, or ``None`` when still running after ``timeout`` seconds."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self, timeout: float = 15) -> int | None:
        """SIGTERM, then the exit code (``None``: it did not stop in ``timeout``)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.wait_exit(timeout)

    def output(self) -> str:
        """stdout + stderr so far."""
        text = []
        for f in (self._out, self._err):
            f.flush()
            f.seek(0)
            text.append(f.read())
        return "\n".join(text)

    def __enter__(self) -> "BotProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._out.close()
        self._err.close()


@lru_cache(maxsize=1)
def short_paragraphs() -> tuple[str, ...]:
    """Numbers of 5ed paragraphs without sub-points whose ``/rule`` answer is one
    short message (so one update = one message), in rulebook order."""
    from bot.rulebook import load

    rb = load("5ed")
    out = []
    for c in rb.clauses.values() if isinstance(rb.clauses, dict) else rb.clauses:
        if len(c.text) < 400 and not rb.children(c.number) and c.number.count(".") == 1:
            out.append(c.number)
    return tuple(out)


_HEAD = re.compile(r"^(?:<b>)?(?:<a [^>]*>)?(\d+(?:\.\d+)+)(?:</a>)?\.(?:</b>)? ", re.M)


def paragraph_of(d: Delivered) -> str | None:
    """The paragraph a ``/rule`` answer shows (its first «N. text» line, HTML or
    plain), or ``None``."""
    m = _HEAD.search(d.params.get("text", ""))
    return m.group(1) if m else None


def by_chat(api: FakeBotApi) -> dict[int, list[str | None]]:
    """Paragraph numbers answered, per chat, in delivery order."""
    out: dict[int, list[str | None]] = {}
    for d in api.sent("sendMessage"):
        out.setdefault(int(d.params["chat_id"]), []).append(paragraph_of(d))
    return out
