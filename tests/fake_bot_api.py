"""A fake Telegram Bot API server on 127.0.0.1 for the fault suite and the load
benchmark: real HTTP, so the bot's real httpx layer, polling loop and webhook
server are exercised; faults are injected per call.

``FakeBotApi`` runs an aiohttp server in a background thread (its own event loop)
and stops with ``close()`` (or the ``with`` block). It speaks the subset of the
Bot API the bot uses: getMe, deleteWebhook, setWebhook, setMyCommands, getUpdates
(long polling with ``offset`` confirmation, as Telegram does), sendMessage,
editMessageText, answerCallbackQuery, answerInlineQuery. What was carried out is
recorded in ``delivered`` (one entry per message sent or edited, callback or inline
query answered); every HTTP call, with the fault applied, in ``calls``. As
Telegram does, an edit to the text a message already shows is refused («message
is not modified») and so is a second answer to a query («query is too old»).

Faults (``Fault(method, kind, times=1, when=None, skip=0)``), applied to the
matching calls in order:
  ``429`` Too Many Requests (``retry_after`` seconds) — not carried out;
  ``500``/``503`` a JSON error answer, ``502`` an HTML error page (a proxy) — not
  carried out;
  ``entities`` 400 «can't parse entities» — not carried out (the bot re-sends as
  plain text);
  ``409`` Conflict; ``401`` Unauthorized once; ``revoke`` the token stops working
  from this call on (401 for every later call);
  ``timeout`` carried out, but the answer comes ``delay`` seconds late (longer than
  the client waits: it sees a read timeout);
  ``drop`` the connection is closed before the call is carried out;
  ``drop_after`` carried out, then the connection is closed without an answer.

Webhook mode: after ``setWebhook``, ``push()``ed updates are POSTed to
``webhook_target`` (the bot's local listener; the URL given to setWebhook is
https and public) with the secret header, each retried until the bot answers 200,
as Telegram does.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from aiohttp import ClientSession, ClientTimeout, web

BOT_USER = {"id": 999, "is_bot": True, "first_name": "Судья", "username": "judge_bot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": True}
USER = {"id": 7, "is_bot": False, "first_name": "Игрок", "language_code": "ru"}
_JSON_KEYS = {"chat_id", "message_id", "reply_markup", "link_preview_options", "reply_parameters", "commands",
              "results", "allowed_updates", "offset", "timeout", "limit", "cache_time", "show_alert",
              "drop_pending_updates", "max_connections"}


@dataclass
class Fault:
    """Inject ``kind`` into the next ``times`` calls of ``method`` (``"*"``: any
    method) for which ``when(params)`` is true, after letting ``skip`` such calls
    pass. ``retry_after``: seconds for a 429; ``delay``: how late a ``timeout``
    answer comes."""

    method: str
    kind: str
    times: int = 1
    when: Callable[[dict[str, Any]], bool] | None = None
    skip: int = 0
    retry_after: int = 1
    delay: float = 7.0

    def matches(self, method: str, params: dict[str, Any]) -> bool:
        if self.times <= 0 or self.method not in (method, "*"):
            return False
        if self.when is not None and not self.when(params):
            return False
        if self.skip > 0:
            self.skip -= 1
            return False
        return True


@dataclass
class Call:
    """One HTTP call the server received: Bot API ``method``, decoded ``params``, the
    fault applied (``None``: answered normally) and ``at`` (``time.monotonic()``)."""

    method: str
    params: dict[str, Any]
    fault: str | None
    at: float


@dataclass
class Delivered:
    """Something Telegram would have shown: ``method`` (sendMessage, editMessageText,
    answerCallbackQuery, answerInlineQuery), its ``params``, ``at`` (monotonic)."""

    method: str
    params: dict[str, Any]
    at: float
    message_id: int | None = None


class FakeBotApi:
    """The fake server; ``url`` is its root for ``TELEGRAM_API_URL``.

    token: the one valid token (any other gets 401); faults: the initial fault
    list (``add_fault`` adds more while running); long_poll: the longest a
    getUpdates waits for an update, seconds (kept short so that stops are quick).
    """

    def __init__(self, token: str, faults: list[Fault] | None = None, long_poll: float = 1.0) -> None:
        self.token = token
        self.faults: list[Fault] = list(faults or [])
        self.long_poll = long_poll
        self.calls: list[Call] = []
        self.delivered: list[Delivered] = []
        self.updates: list[dict[str, Any]] = []  # not yet confirmed by an offset
        self.revoked = False
        self.webhook: dict[str, Any] | None = None
        self.webhook_target: str | None = None
        self.webhook_posts: list[int] = []  # status of each webhook delivery attempt
        self._contents: dict[tuple, tuple] = {}  # what each message shows now (edits to the same are refused)
        self._answered: set[str] = set()  # callback and inline queries answered (a second answer is refused)
        self._ids = itertools.count(1)
        self._queued_ids = itertools.count(1)
        self._msg_ids = itertools.count(5000)
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._new_update: asyncio.Event | None = None
        self._hook_queue: asyncio.Queue | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="fake-bot-api", daemon=True)
        self.port = 0
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("fake Bot API did not start")

    # -- public API (any thread) -----------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def add_fault(self, fault: Fault) -> None:
        with self._lock:
            self.faults.append(fault)

    def push(self, *updates: dict[str, Any]) -> None:
        """Queue updates for getUpdates (or, in webhook mode, for delivery). As
        Telegram does, update ids grow in the order updates are queued (each
        ``update_id`` is set here), so confirming an offset never skips one."""
        for u in updates:
            u["update_id"] = next(self._queued_ids)

        def put() -> None:
            for u in updates:
                if self.webhook is not None and self._hook_queue is not None:
                    self._hook_queue.put_nowait(u)
                else:
                    self.updates.append(u)
            if self._new_update is not None:
                self._new_update.set()
        self._loop.call_soon_threadsafe(put)

    def revoke(self) -> None:
        """From now on every call gets 401."""
        self.revoked = True

    def sent(self, method: str = "sendMessage") -> list[Delivered]:
        with self._lock:
            return [d for d in self.delivered if d.method == method]

    def called(self, method: str) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.method == method]

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Poll ``condition`` every 50 ms for up to ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return True
            time.sleep(0.05)
        return condition()

    def close(self) -> None:
        if self._loop.is_running():
            fut = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
            try:
                fut.result(10)
            except Exception:
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def __enter__(self) -> "FakeBotApi":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- update builders ---------------------------------------------------------
    def next_update_id(self) -> int:
        return next(self._ids)

    def message(self, text: str, chat_id: int = 42, chat_type: str = "private") -> dict[str, Any]:
        """An ``Update`` with a text message (a command gets its bot_command entity)."""
        uid = self.next_update_id()
        chat = {"id": chat_id, "type": chat_type}
        if chat_type != "private":
            chat["title"] = "Турнир"
        msg: dict[str, Any] = {"message_id": 100000 + uid, "date": 0, "chat": chat, "from": USER, "text": text}
        if text.startswith("/"):
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return {"update_id": uid, "message": msg}

    def callback(self, data: str, chat_id: int = 42, message_id: int = 77) -> dict[str, Any]:
        """An ``Update`` with a button press under message ``message_id``."""
        uid = self.next_update_id()
        chat = {"id": chat_id, "type": "private"}
        query = {"id": f"cq{uid}", "from": USER, "chat_instance": "ci", "data": data,
                 "message": {"message_id": message_id, "date": 0, "chat": chat, "from": BOT_USER, "text": "…"}}
        return {"update_id": uid, "callback_query": query}

    def inline(self, query: str, user_id: int = 7) -> dict[str, Any]:
        """An ``Update`` with an inline query."""
        uid = self.next_update_id()
        user = {**USER, "id": user_id}
        return {"update_id": uid, "inline_query": {"id": f"iq{uid}", "from": user, "query": query, "offset": ""}}

    # -- server -----------------------------------------------------------------
    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._new_update = asyncio.Event()
        self._hook_queue = asyncio.Queue()
        app = web.Application(client_max_size=8 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self._loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._hook_task = self._loop.create_task(self._deliver_webhooks())
        self._ready.set()
        self._loop.run_forever()
        self._loop.close()

    async def _shutdown(self) -> None:
        self._hook_task.cancel()
        await self._runner.cleanup()

    async def _params(self, request: web.Request) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        if request.content_type == "application/json":
            raw = await request.json()
        elif request.can_read_body:
            raw = dict(await request.post())
        out = {}
        for k, v in raw.items():
            if isinstance(v, str) and k in _JSON_KEYS:
                try:
                    v = json.loads(v)
                except ValueError:
                    pass
            out[k] = v
        return out

    def _take_fault(self, method: str, params: dict[str, Any]) -> Fault | None:
        with self._lock:
            for f in self.faults:
                if f.matches(method, params):
                    f.times -= 1
                    return f
        return None

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        method = request.match_info["method"]
        params = await self._params(request)
        if request.match_info["token"] != self.token or self.revoked:
            return self._record(method, params, "401", _error(401, "Unauthorized"))
        fault = self._take_fault(method, params)
        kind = fault.kind if fault else None
        if kind == "revoke":
            self.revoked = True
            return self._record(method, params, kind, _error(401, "Unauthorized"))
        if kind in ("429", "500", "502", "503", "entities", "409", "401"):
            return self._record(method, params, kind, _fault_response(kind, fault))
        if kind == "drop":
            self._record(method, params, kind, None)
            return _drop(request)
        try:
            result = await self._carry_out(method, params)
        except _Refused as e:
            return self._record(method, params, "refused", _error(400, str(e)))
        if kind == "timeout":
            self._record(method, params, kind, None)
            await asyncio.sleep(fault.delay)
            return _ok(result)
        if kind == "drop_after":
            self._record(method, params, kind, None)
            return _drop(request)
        return self._record(method, params, None, _ok(result))

    def _record(self, method: str, params: dict[str, Any], fault: str | None, response):
        with self._lock:
            self.calls.append(Call(method, params, fault, time.monotonic()))
        return response

    async def _carry_out(self, method: str, p: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT_USER
        if method == "getUpdates":
            return await self._get_updates(p)
        if method == "setWebhook":
            self.webhook = {"url": p.get("url"), "secret_token": p.get("secret_token")}
            return True
        if method == "deleteWebhook":
            self.webhook = None
            return True
        if method in ("sendMessage", "editMessageText"):
            mid = next(self._msg_ids) if method == "sendMessage" else p.get("message_id")
            key = (p.get("chat_id"), p.get("inline_message_id"), mid)
            content = (p.get("text"), json.dumps(p.get("reply_markup"), sort_keys=True))
            with self._lock:
                if method == "editMessageText" and self._contents.get(key) == content:
                    raise _Refused("Bad Request: message is not modified: specified new message content and "
                                   "reply markup are exactly the same as a current content and reply markup of the message")
                self._contents[key] = content
                self.delivered.append(Delivered(method, p, time.monotonic(), mid))
            chat_id = p.get("chat_id")
            if chat_id is None:  # an inline-mode message
                return True
            return {"message_id": mid, "date": 0, "from": BOT_USER,
                    "chat": {"id": chat_id, "type": "private" if int(chat_id) > 0 else "supergroup"},
                    "text": p.get("text", "")}
        if method in ("answerCallbackQuery", "answerInlineQuery"):
            qid = p.get("callback_query_id") or p.get("inline_query_id")
            with self._lock:
                if qid in self._answered:
                    raise _Refused("Bad Request: query is too old and response timeout expired or query ID is invalid")
                self._answered.add(qid)
                self.delivered.append(Delivered(method, p, time.monotonic()))
            return True
        return True

    async def _get_updates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(p.get("offset") or 0)
        if offset:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
        wait = min(float(p.get("timeout") or 0), self.long_poll)
        end = self._loop.time() + wait
        while not self.updates and self._loop.time() < end:
            assert self._new_update is not None
            self._new_update.clear()
            try:
                await asyncio.wait_for(self._new_update.wait(), end - self._loop.time())
            except asyncio.TimeoutError:
                break
        limit = int(p.get("limit") or 100)
        return self.updates[:limit]

    async def _deliver_webhooks(self) -> None:
        assert self._hook_queue is not None
        async with ClientSession(timeout=ClientTimeout(total=5)) as session:
            while True:
                update = await self._hook_queue.get()
                while True:
                    target, hook = self.webhook_target, self.webhook
                    if target and hook:
                        headers = {"X-Telegram-Bot-Api-Secret-Token": hook.get("secret_token") or ""}
                        try:
                            async with session.post(target, json=update, headers=headers) as r:
                                self.webhook_posts.append(r.status)
                                if r.status == 200:
                                    break
                        except Exception:
                            self.webhook_posts.append(0)
                    await asyncio.sleep(0.1)


class _Refused(Exception):
    """Telegram refuses the call with a 400 (the text is the description)."""


def _ok(result: Any) -> web.Response:
    return web.json_response({"ok": True, "result": result})


def _error(code: int, description: str, **parameters: Any) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=code)


def _fault_response(kind: str, fault: Fault) -> web.Response:
    if kind == "429":
        return _error(429, f"Too Many Requests: retry after {fault.retry_after}", retry_after=fault.retry_after)
    if kind == "500":
        return _error(500, "Internal Server Error")
    if kind == "503":
        return _error(503, "Service Unavailable")
    if kind == "502":
        return web.Response(status=502, text="<html><body><h1>502 Bad Gateway</h1></body></html>", content_type="text/html")
    if kind == "entities":
        return _error(400, "Bad Request: can't parse entities: Unsupported start tag \"x\" at byte offset 3")
    if kind == "409":
        return _error(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
    return _error(401, "Unauthorized")


def _drop(request: web.Request) -> web.StreamResponse:
    """Close the connection without an answer (the client sees it broken)."""
    if request.transport is not None:
        request.transport.abort()
    raise ConnectionResetError("fake Bot API dropped the connection")
