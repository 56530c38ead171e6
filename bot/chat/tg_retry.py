"""Every Bot API call but ``getUpdates`` passes through ``ResilientLimiter``: flood
limits, Telegram's «retry after», and retries of transient failures.

Rate limits (Telegram's published ones): 30 messages a second in all, 20 a minute
in one group. A 429 («Too Many Requests: retry after N») pauses only the chat it
came from (python-telegram-bot's own ``AIORateLimiter`` pauses every chat); a call
without a chat (answering a button or an inline query, start-up calls) waits alone.

Transient failures — an HTTP 5xx answer, a timeout, a dropped or refused
connection — are retried with a bounded exponential backoff (by default 4 attempts
in all, waiting 0.25 s, 0.5 s, 1 s between them, ±20 %) before the error reaches
the handler, which only then apologises.

Never twice. A call that fails may still have been carried out by Telegram: when
the answer timed out or the connection broke after the request was written, the
outcome is unknown. So:

- a failure where Telegram surely did *not* carry the call out — it answered with
  an error status (5xx), or the request never left (connection refused, connect or
  pool timeout, a write that failed) — is retried for every method;
- an unknown outcome is retried only for methods whose repetition changes nothing
  (``IDEMPOTENT``: editing a message to the same text, answering a button or an
  inline query, start-up settings). A repeated edit or answer that Telegram refuses
  because the first one did arrive («message is not modified», «query is too old»)
  counts as success;
- for any other method (``sendMessage``) an unknown outcome is not retried: it
  raises ``DeliveryUnknown`` and the message is taken as probably delivered
  (at-most-once). A slow Telegram usually did deliver it; a second copy would be a
  visible duplicate, a rare missing answer is logged as a warning.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any, Callable, Coroutine

import httpx
from aiolimiter import AsyncLimiter
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import BaseRateLimiter

log = logging.getLogger("bot.chat.telegram")

IDEMPOTENT = frozenset({
    "getMe", "getWebhookInfo", "deleteWebhook", "setWebhook", "setMyCommands", "deleteMyCommands",
    "editMessageText", "editMessageReplyMarkup", "answerCallbackQuery", "answerInlineQuery",
})
"""Methods whose repetition after a success changes nothing visible."""

NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.WriteError, httpx.WriteTimeout,
            httpx.UnsupportedProtocol)
"""httpx failures that happen before the whole request reached the server."""

_ALREADY_DONE = ("message is not modified", "query is too old", "query id is invalid")


class DeliveryUnknown(NetworkError):
    """A non-idempotent call (``sendMessage``) failed after its request may have
    reached Telegram (a read timeout, a connection dropped before the answer); it is
    not repeated. ``cause`` is the original error."""

    def __init__(self, endpoint: str, cause: Exception) -> None:
        super().__init__(f"{endpoint}: исход неизвестен ({cause}); повторно не отправляю")
        self.cause = cause


def outcome(exc: NetworkError) -> str:
    """``"not_done"`` when Telegram surely did not carry the call out, else
    ``"unknown"`` (see the module docstring). ``exc`` is a ``NetworkError`` other than
    ``BadRequest``: python-telegram-bot raises it for a 5xx answer (no ``__cause__``,
    or the JSON parse error as cause) and wraps transport errors of httpx (the
    ``__cause__``)."""
    cause = exc.__cause__
    if isinstance(cause, NOT_SENT):
        return "not_done"
    if cause is None or not isinstance(cause, Exception) or _is_telegram_error(cause):
        return "unknown" if isinstance(exc, TimedOut) else "not_done"
    return "unknown"


def _is_telegram_error(e: BaseException) -> bool:
    return isinstance(e, TelegramError)


def retry_after_seconds(exc: RetryAfter) -> float:
    """Seconds Telegram asked to wait (``retry_after``, int or timedelta by PTB's
    version and settings)."""
    value = getattr(exc, "_retry_after", None)
    if value is None:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = exc.retry_after
    return float(value.total_seconds()) if hasattr(value, "total_seconds") else float(value)


class ResilientLimiter(BaseRateLimiter[int]):
    """A ``BaseRateLimiter`` for ``ApplicationBuilder.rate_limiter``.

    overall_rate per overall_period: calls that carry a ``chat_id`` (default 30/1 s);
    group_rate per group_period: calls to one group or channel, a negative or
    ``@name`` chat id (default 20/60 s; 0 disables);
    flood_retries: how many times a 429 is waited out for one call (default 3), and
    max_flood_wait: the longest «retry after» waited out, in seconds (longer: the
    ``RetryAfter`` is raised at once);
    attempts: tries in all for a transient failure (default 4), waiting
    ``backoff * 2**k`` seconds (capped at ``max_backoff``, ±20 %) before try k+2.

    ``rate_limit_args`` (``ExtBot``'s per-call argument) overrides flood_retries.
    """

    def __init__(self, *, overall_rate: float = 30, overall_period: float = 1, group_rate: float = 20,
                 group_period: float = 60, flood_retries: int = 3, max_flood_wait: float = 120,
                 attempts: int = 4, backoff: float = 0.25, max_backoff: float = 4.0) -> None:
        self._overall = AsyncLimiter(overall_rate, overall_period) if overall_rate and overall_period else None
        self._group_rate, self._group_period = group_rate, group_period
        self._groups: dict[int | str, AsyncLimiter] = {}
        self._paused_until: dict[int | str, float] = {}
        self.flood_retries = flood_retries
        self.max_flood_wait = max_flood_wait
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.max_backoff = max_backoff

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to free."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Any:
        """Run ``callback(*args, **kwargs)`` (the HTTP call of ``endpoint``) under the
        rate limits, waiting out 429s of this chat and retrying transient failures as
        the module docstring says. Raises the last error when the retries are used
        up, ``DeliveryUnknown`` for an unknown outcome of a non-idempotent call."""
        chat = _chat_key(data.get("chat_id"))
        flood_retries = rate_limit_args if rate_limit_args is not None else self.flood_retries
        floods = failures = 0
        uncertain = False
        while True:
            await self._wait_if_paused(chat)
            try:
                async with self._limits(chat):
                    return await callback(*args, **kwargs)
            except RetryAfter as e:
                wait = retry_after_seconds(e)
                if floods >= flood_retries or wait > self.max_flood_wait:
                    log.warning("%s: Telegram просит подождать %.0f с; попыток больше не делаю", endpoint, wait)
                    raise
                floods += 1
                log.info("%s: лимит Telegram, жду %.1f с (чат %s)", endpoint, wait, chat if chat is not None else "—")
                if chat is None:
                    await asyncio.sleep(wait + 0.1)
                else:
                    self._pause(chat, wait + 0.1)
            except BadRequest as e:
                if uncertain and any(s in str(e).lower() for s in _ALREADY_DONE):
                    log.info("%s: повтор не понадобился, первый запрос дошёл (%s)", endpoint, e)
                    return True
                raise
            except NetworkError as e:
                kind = outcome(e)
                if kind == "unknown" and endpoint not in IDEMPOTENT:
                    log.warning("%s: ответ Telegram не получен (%s); сообщение, вероятно, доставлено — "
                                "повторно не отправляю", endpoint, e)
                    raise DeliveryUnknown(endpoint, e) from e
                failures += 1
                if failures >= self.attempts:
                    log.warning("%s: %d попыток не удались: %s", endpoint, failures, e)
                    raise
                uncertain = uncertain or kind == "unknown"
                delay = min(self.max_backoff, self.backoff * 2 ** (failures - 1)) * random.uniform(0.8, 1.2)
                log.info("%s: временная ошибка (%s), повтор через %.2f с", endpoint, e, delay)
                await asyncio.sleep(delay)

    # -- limits ---------------------------------------------------------------
    def _limits(self, chat: int | str | None):
        if chat is not None and self._group_rate and self._group_period and _is_group(chat):
            limiter = self._groups.get(chat)
            if limiter is None:
                self._forget_idle_groups()
                limiter = self._groups[chat] = AsyncLimiter(self._group_rate, self._group_period)
            return _Both(limiter, self._overall)
        return _Both(None, self._overall if chat is not None else None)

    def _forget_idle_groups(self) -> None:
        if len(self._groups) > 512:
            for key, limiter in list(self._groups.items()):
                if limiter.has_capacity(limiter.max_rate):
                    del self._groups[key]

    def _pause(self, chat: int | str, seconds: float) -> None:
        until = time.monotonic() + seconds
        self._paused_until[chat] = max(until, self._paused_until.get(chat, 0.0))

    async def _wait_if_paused(self, chat: int | str | None) -> None:
        if chat is None:
            return
        while True:
            until = self._paused_until.get(chat)
            if until is None:
                return
            left = until - time.monotonic()
            if left <= 0:
                self._paused_until.pop(chat, None)
                return
            await asyncio.sleep(left)


class _Both:
    """``async with`` a group limiter, then the overall one (either may be ``None``):
    a group waiting for its minute does not hold a place in the overall limit."""

    def __init__(self, group: AsyncLimiter | None, overall: AsyncLimiter | None) -> None:
        self.group, self.overall = group, overall

    async def __aenter__(self) -> None:
        if self.group is not None:
            await self.group.acquire()
        if self.overall is not None:
            await self.overall.acquire()

    async def __aexit__(self, *exc: object) -> None:
        return None


def _chat_key(chat_id: Any) -> int | str | None:
    if chat_id is None:
        return None
    with contextlib.suppress(TypeError, ValueError):
        return int(chat_id)
    return str(chat_id)


def _is_group(chat: int | str) -> bool:
    return isinstance(chat, str) or chat < 0
