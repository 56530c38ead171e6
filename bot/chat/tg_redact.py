"""Keep the bot token (and the webhook secret) out of every log line and stream.

The token is a password: whoever holds it controls the bot. It still turns up in
text the bot prints: python-telegram-bot's ``InvalidToken: The token `…` was
rejected`` tracebacks, its DEBUG line with the API URL, httpx's request lines
(``POST https://api.telegram.org/bot<token>/getMe``), exception texts. Two layers
remove it:

- ``SecretFilter``, a ``logging.Filter`` put on every handler (a filter on a
  handler sees the records of every logger, PTB's and httpx's included), rewrites
  the message, its arguments, the formatted traceback and stack;
- ``RedactingStream`` wraps ``sys.stderr`` and ``sys.stdout``, so text written
  outside logging (an uncaught traceback, a ``print``) is cleaned as well.

A secret is replaced by ``***``; for a bot token ``123456:ABC…`` only the part after
the colon is secret (the number is the bot's public user id), so it becomes
``123456:***``.
"""

from __future__ import annotations

import io
import logging
import sys
from typing import Iterable

MASK = "***"


class Redactor:
    """Replaces each of ``secrets`` (strings of 6+ characters; shorter ones and empty
    values are ignored, they would mask ordinary words) by ``MASK``.

    For a token ``ID:SECRET`` the secret half is masked wherever it appears, so the
    token shows as ``ID:***``.
    """

    def __init__(self, secrets: Iterable[str | None]) -> None:
        parts: set[str] = set()
        for s in secrets:
            if not s:
                continue
            s = s.strip()
            head, colon, tail = s.partition(":")
            if colon and head.isdigit() and tail:
                s = tail
            if len(s) >= 6:
                parts.add(s)
        # longest first, so a secret that contains another is masked whole
        self._secrets = sorted(parts, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        """``text`` with every secret masked."""
        for s in self._secrets:
            if s in text:
                text = text.replace(s, MASK)
        return text

    def __bool__(self) -> bool:
        return bool(self._secrets)


class SecretFilter(logging.Filter):
    """A handler filter that masks secrets in a record before it is formatted.

    The message is rendered (``getMessage``) and masked, its arguments dropped; a
    traceback (``exc_info``) is formatted here and masked into ``exc_text``, which
    the formatter then prints instead of formatting the exception itself (the
    ``exc_info`` is cleared so that no other handler re-formats it unmasked).
    Never drops a record.
    """

    def __init__(self, redact: Redactor) -> None:
        super().__init__()
        self.redact = redact
        self._fmt = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            msg = record.getMessage()
        except Exception:  # a broken %-format: keep what there is
            msg = str(record.msg)
        record.msg = self.redact(msg)
        record.args = None
        if record.exc_info and record.exc_info[0] is not None:
            record.exc_text = self.redact(record.exc_text or self._fmt.formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


class RedactingStream(io.TextIOBase):
    """A text stream that masks secrets in whatever is written, then passes it on to
    ``inner`` (``sys.stderr`` or ``sys.stdout``). Other attributes (``fileno``,
    ``encoding``, ``isatty``…) are the inner stream's.

    Writes are masked one call at a time: a secret split across two ``write`` calls
    would pass, which neither ``print`` nor ``logging`` nor ``traceback`` does.
    """

    def __init__(self, inner, redact: Redactor) -> None:
        super().__init__()
        self.inner = inner
        self.redact = redact

    def write(self, text: str) -> int:
        self.inner.write(self.redact(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self.inner.flush()

    def fileno(self) -> int:
        return self.inner.fileno()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self):  # type: ignore[override]
        return getattr(self.inner, "encoding", "utf-8")

    @property
    def errors(self):  # type: ignore[override]
        return getattr(self.inner, "errors", "strict")

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


def install(secrets: Iterable[str | None]) -> Redactor:
    """Mask ``secrets`` in all output of this process from now on: wrap
    ``sys.stderr``/``sys.stdout`` (once; a second call adds secrets to the same
    wrappers) and put a ``SecretFilter`` on every handler of every logger that exists
    now, and on ``logging.lastResort``. Call it before logging is configured, so that
    handlers created later write to the wrapped streams; ``configure`` filters the
    handlers it creates. Returns the ``Redactor``.
    """
    redact = Redactor(secrets)
    for name in ("stderr", "stdout"):
        stream = getattr(sys, name)
        if isinstance(stream, RedactingStream):
            stream.redact = _merge(stream.redact, redact)
        elif stream is not None:
            setattr(sys, name, RedactingStream(stream, redact))
    for handler in _all_handlers():
        add_filter(handler, redact)
    return redact


def add_filter(handler: logging.Handler, redact: Redactor) -> None:
    """Put a ``SecretFilter`` for ``redact`` on ``handler`` (unless it has one)."""
    for f in handler.filters:
        if isinstance(f, SecretFilter):
            f.redact = _merge(f.redact, redact)
            return
    handler.addFilter(SecretFilter(redact))


def _merge(a: Redactor, b: Redactor) -> Redactor:
    merged = Redactor([])
    merged._secrets = sorted(set(a._secrets) | set(b._secrets), key=len, reverse=True)
    return merged


def _all_handlers() -> list[logging.Handler]:
    handlers: list[logging.Handler] = list(logging.getLogger().handlers)
    for logger in list(logging.Logger.manager.loggerDict.values()):
        if isinstance(logger, logging.Logger):
            handlers.extend(logger.handlers)
    if logging.lastResort is not None:
        handlers.append(logging.lastResort)
    return handlers
