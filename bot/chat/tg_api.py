"""Where the Bot API is and how the bot talks to it.

``api_urls`` reads ``TELEGRAM_API_URL`` / ``TELEGRAM_FILE_URL`` (a self-hosted
Bot API server, https://github.com/tdlib/telegram-bot-api); ``WatchedRequest``
wraps python-telegram-bot's HTTP layer and reports a 401 (the token was revoked)
on any call, ``getUpdates`` included, so a bot whose token stopped working exits
instead of staying alive and deaf. ``is_loopback`` tells whether a listen address
is reachable from this machine only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Callable
from urllib.parse import urlparse

from telegram.request import BaseRequest, RequestData

from bot.errors import BerserkError

log = logging.getLogger("bot.chat.telegram")

API_URL_ENV = "TELEGRAM_API_URL"
FILE_URL_ENV = "TELEGRAM_FILE_URL"
DEFAULT_API_URL = "https://api.telegram.org/bot"
DEFAULT_FILE_URL = "https://api.telegram.org/file/bot"


class ApiUrlError(BerserkError):
    """``TELEGRAM_API_URL`` or ``TELEGRAM_FILE_URL`` is not an http(s) address."""


def api_urls(env: dict[str, str]) -> tuple[str, str]:
    """``(base_url, base_file_url)`` for ``ApplicationBuilder`` from ``env``.

    ``TELEGRAM_API_URL`` is the server's root (``http://127.0.0.1:8081``; the bot
    calls ``<root>/bot<token>/<method>``), or a URL already ending in ``/bot``, or
    one with a ``{token}`` placeholder (python-telegram-bot's form). Unset: Telegram's
    own ``https://api.telegram.org/bot``. ``TELEGRAM_FILE_URL`` likewise for files
    (root, ``…/file/bot`` or ``{token}``); unset, the API server's ``/file/bot``.
    Raises ``ApiUrlError`` (a Russian message) for anything but an http(s) URL with
    a host.
    """
    raw = (env.get(API_URL_ENV) or "").strip()
    if raw:
        _check(API_URL_ENV, raw)
        base = _with_suffix(raw, "/bot")
        if "/bot{token}" in base:
            files = base.replace("/bot{token}", "/file/bot{token}", 1)
        elif base.endswith("/bot"):
            files = base[: -len("/bot")] + "/file/bot"
        else:
            p = urlparse(raw)
            files = f"{p.scheme}://{p.netloc}/file/bot"
        if _is_plain_http_outside(raw):
            log.warning("%s: адрес без https на другой машине — токен пойдёт по сети открытым текстом", API_URL_ENV)
    else:
        base, files = DEFAULT_API_URL, DEFAULT_FILE_URL
    raw_file = (env.get(FILE_URL_ENV) or "").strip()
    if raw_file:
        _check(FILE_URL_ENV, raw_file)
        files = _with_suffix(raw_file, "/file/bot")
    return base, files


def _with_suffix(url: str, suffix: str) -> str:
    """``url`` as python-telegram-bot wants it: kept when it has ``{token}``, else
    without a trailing «/» and ending in ``/bot`` (``suffix`` added to a bare root)."""
    if "{token}" in url:
        return url
    url = url.rstrip("/")
    return url if url.endswith("/bot") else url + suffix


def _check(name: str, url: str) -> None:
    """Raise ``ApiUrlError`` unless ``url`` is http(s) with a host, a valid port and
    no query or fragment."""
    p = urlparse(url)
    if p.scheme not in ("http", "https") or not p.hostname or p.query or p.fragment:
        raise ApiUrlError(
            f"{name}: ожидался адрес сервера Bot API вида http://127.0.0.1:8081 "
            "(схема http или https, имя или адрес машины, без «?» и «#»)."
        )
    try:
        p.port
    except ValueError:
        raise ApiUrlError(f"{name}: номер порта должен быть от 1 до 65535.") from None


def _is_plain_http_outside(url: str) -> bool:
    p = urlparse(url)
    return p.scheme == "http" and not is_loopback(p.hostname or "")


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and addresses of 127.0.0.0/8 or ``::1``; False for
    ``0.0.0.0``, ``::``, the empty string (all interfaces) and any other name."""
    host = host.strip().strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class WatchedRequest(BaseRequest):
    """A ``BaseRequest`` that passes every call to ``inner`` and calls
    ``on_unauthorized(method)`` when Telegram answers 401 Unauthorized (a revoked
    token). The answer goes on unchanged (python-telegram-bot turns it into
    ``InvalidToken``) except for ``getUpdates`` once ``on_unauthorized`` returned
    True (the bot is stopping): from then on polls are answered here, after
    ``STOPPING_POLL`` seconds, with no updates and without the network, so the
    polling loop winds down quietly instead of dying with a traceback."""

    STOPPING_POLL = 0.2
    _NO_UPDATES = (200, b'{"ok":true,"result":[]}')

    def __init__(self, inner: BaseRequest, on_unauthorized: Callable[[str], bool]) -> None:
        self.inner = inner
        self.on_unauthorized = on_unauthorized
        self.stopping = False

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout=BaseRequest.DEFAULT_NONE, write_timeout=BaseRequest.DEFAULT_NONE,
                         connect_timeout=BaseRequest.DEFAULT_NONE, pool_timeout=BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]
        if self.stopping and endpoint == "getUpdates":
            await asyncio.sleep(self.STOPPING_POLL)
            return self._NO_UPDATES
        code, payload = await self.inner.do_request(url, method, request_data, read_timeout=read_timeout,
                                                    write_timeout=write_timeout, connect_timeout=connect_timeout,
                                                    pool_timeout=pool_timeout)
        if code == 401 and self.on_unauthorized(endpoint):
            self.stopping = True
            if endpoint == "getUpdates":
                return self._NO_UPDATES
        return code, payload
