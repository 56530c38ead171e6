"""Test support for the chat tests: a small fixture edition and a recording fake
of python-telegram-bot's HTTP layer (no network is ever touched)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest
import yaml
from telegram.request import BaseRequest, RequestData

import bot.rulebook as rulebook_mod

EDITION = "chattest"

# Texts from the seed pages (rulebook/sources); 212.3 gets an explicit reference to
# 209.4 and 209.6 one to 209.5 so that «cited by» has something to show.
FIXTURE = {
    "edition": EDITION,
    "title": "Тестовая редакция для чата",
    "sections": [
        {"number": "209", "title": "Симбиоты, паразиты", "part": None},
        {"number": "212", "title": "Экипировка", "part": None},
    ],
    "clauses": [
        {"number": "209.4", "section": "209", "text": "Нельзя помещать симбиота на летающее существо. Если существо покидает поле боя (например, погибает, становится летающим и т.п.), его симбиот погибает."},
        {"number": "209.5", "section": "209", "text": "Небестелесного симбиота нельзя поместить на бестелесное существо. Если существо стало бестелесным, его небестелесный симбиот погибает."},
        {"number": "209.6", "section": "209", "text": "На существо можно поместить только одного симбиота. На симбиота нельзя помещать другого симбиота (см. 209.5)."},
        {"number": "212.3", "section": "212", "text": "Если хозяин экипировки стал летающим, экипировка уничтожается (как и симбиот, п. 209.4)."},
    ],
}


@pytest.fixture
def edition(tmp_path, monkeypatch) -> str:
    """The fixture edition, loadable by ``bot.rulebook.load(EDITION)``."""
    (tmp_path / f"{EDITION}.yaml").write_text(yaml.safe_dump(FIXTURE, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(rulebook_mod, "rulebook_dir", lambda: tmp_path)
    rulebook_mod.load.cache_clear()
    yield EDITION
    rulebook_mod.load.cache_clear()


BOT_USER = {
    "id": 999,
    "is_bot": True,
    "first_name": "Судья",
    "username": "judge_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": True,
}
USER = {"id": 7, "is_bot": False, "first_name": "Игрок", "language_code": "ru"}


class FakeRequest(BaseRequest):
    """Records every Bot API call as ``(method, parameters)`` in ``calls`` and answers
    like Telegram would. ``fail[method]`` is a list of ``(http_status, body)`` answers
    used (once each) before the normal answer, e.g. a 429 with retry_after or a 400
    «can't parse entities»; an exception in the list is raised instead (as httpx
    raises a timeout or a broken connection)."""

    def __init__(self, calls: list | None = None) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = calls if calls is not None else []
        self.fail: dict[str, list[tuple[int, dict]]] = {}
        self._ids = itertools.count(100)
        self.on_call = None  # optional callable(method) run after recording a call
        self.files: dict[str, bytes] = {}  # file_id -> content served by getFile and the file URL

    @property
    def read_timeout(self) -> float:
        return 5.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(self, url, method, request_data: RequestData | None = None, read_timeout=None,
                         write_timeout=None, connect_timeout=None, pool_timeout=None) -> tuple[int, bytes]:
        api = url.rsplit("/", 1)[-1]
        params = dict(request_data.parameters) if request_data else {}
        if "/file/bot" in url:   # a file download (File.download_*): the raw bytes
            self.calls.append(("download", {"file_id": api}))
            return (200, self.files[api]) if api in self.files else (404, b"Not Found")
        self.calls.append((api, params))
        if self.on_call is not None:
            self.on_call(api)
        if api == "getUpdates":
            await asyncio.sleep(0.01)  # a long-poll that returned nothing, not a busy loop
        if self.fail.get(api):
            answer = self.fail[api].pop(0)
            if isinstance(answer, BaseException):
                raise answer
            status, body = answer
            return status, json.dumps(body).encode()
        return 200, json.dumps({"ok": True, "result": self._result(api, params)}).encode()

    def _result(self, api: str, p: dict[str, Any]) -> Any:
        if api == "getMe":
            return BOT_USER
        if api == "sendMessage":
            return {"message_id": next(self._ids), "date": 0, "from": BOT_USER,
                    "chat": {"id": p["chat_id"], "type": "private"}, "text": p["text"]}
        if api == "getUpdates":
            return []
        if api == "getFile":
            fid = p["file_id"]
            return {"file_id": fid, "file_unique_id": "u" + fid, "file_size": len(self.files.get(fid, b"")), "file_path": fid}
        return True

    def sent(self, method: str) -> list[dict[str, Any]]:
        """Parameters of every recorded call of ``method``."""
        return [p for m, p in self.calls if m == method]


async def app_session(updates, *, edition: str, rules_url=None, fail=None, files=None) -> "FakeRequest":
    """Run ``updates`` (Bot API update dicts) through a real PTB ``Application`` of the bot
    over a recording ``FakeRequest`` (``fail``: its injected failures; ``files``: file_id ->
    bytes it serves) and return the request with every call."""
    from telegram import Update

    from bot.chat import telegram as tg

    req = FakeRequest()
    req.fail.update(fail or {})
    req.files.update(files or {})
    app = tg.build_application(TOKEN, edition=edition, rules_url=rules_url, request=req,
                               updates_request=FakeRequest(req.calls), limiter=fast_limiter())
    await app.initialize()
    await tg.post_init(app)
    for u in updates:
        await app.process_update(Update.de_json(u, app.bot))
    await app.shutdown()
    return req


TOKEN = "123456:TEST-TOKEN-not-real"
"""The token of the offline sessions (never sent anywhere: FakeRequest answers)."""


def fast_limiter(**kw):
    """The bot's ``ResilientLimiter`` with millisecond backoffs (tests need no real waits)."""
    from bot.chat.tg_retry import ResilientLimiter

    return ResilientLimiter(**{"backoff": 0.001, "max_backoff": 0.01, **kw})


def run(coro):
    """Run a coroutine in a fresh event loop (no pytest-asyncio needed)."""
    return asyncio.run(coro)


_update_ids = itertools.count(1)


def message_update(text: str, chat_type: str = "private", chat_id: int = 42, reply_to_bot: bool = False,
                   edited: bool = False) -> dict:
    """A Bot API ``Update`` carrying a text message (with bot_command / mention entities)."""
    chat = {"id": chat_id if chat_type == "private" else -100 - chat_id, "type": chat_type}
    if chat_type != "private":
        chat["title"] = "Турнир"
    msg: dict[str, Any] = {"message_id": next(_update_ids) + 1000, "date": 0, "chat": chat, "from": USER, "text": text}
    ents = []
    if text.startswith("/"):
        ents.append({"type": "bot_command", "offset": 0, "length": len(text.split()[0])})
    at = text.find("@judge_bot")
    if at >= 0 and not text.startswith("/"):
        ents.append({"type": "mention", "offset": at, "length": len("@judge_bot")})
    if ents:
        msg["entities"] = ents
    if reply_to_bot:
        msg["reply_to_message"] = {"message_id": 5, "date": 0, "chat": chat, "from": BOT_USER, "text": "209.4 …"}
    return {"update_id": next(_update_ids), ("edited_message" if edited else "message"): msg}


def file_update(file_name: str | None, file_id: str = "doc1", caption: str | None = None, chat_type: str = "private",
                file_size: int | None = None, media: str = "document", reply_to_bot: bool = False) -> dict:
    """A message carrying a document (``file_name``; served by ``FakeRequest.files[file_id]``)
    or other media (``media``: ``photo``, ``sticker``, ``voice``) with an optional caption."""
    upd = message_update("x", chat_type=chat_type, reply_to_bot=reply_to_bot)
    msg = upd["message"]
    del msg["text"]
    msg.pop("entities", None)
    if media == "document":
        msg["document"] = {"file_id": file_id, "file_unique_id": "u" + file_id,
                           **({"file_name": file_name} if file_name else {}),
                           **({"file_size": file_size} if file_size is not None else {})}
    elif media == "photo":
        msg["photo"] = [{"file_id": file_id, "file_unique_id": "u" + file_id, "width": 90, "height": 90}]
    elif media == "sticker":
        msg["sticker"] = {"file_id": file_id, "file_unique_id": "u" + file_id, "type": "regular", "width": 512,
                          "height": 512, "is_animated": False, "is_video": False}
    elif media == "voice":
        msg["voice"] = {"file_id": file_id, "file_unique_id": "u" + file_id, "duration": 2}
    if caption is not None:
        msg["caption"] = caption
        if caption.startswith("/"):
            msg["caption_entities"] = [{"type": "bot_command", "offset": 0, "length": len(caption.split()[0])}]
    return upd


def callback_update(data: str, chat_id: int = 42, inline: bool = False) -> dict:
    """A button press on a message the bot sent earlier (``inline``: on a message
    sent through inline mode, which has no chat for the bot, only an inline id)."""
    chat = {"id": chat_id, "type": "private"}
    query = {"id": f"cq{next(_update_ids)}", "from": USER, "chat_instance": "ci", "data": data}
    if inline:
        query["inline_message_id"] = "inl-1"
    else:
        query["message"] = {"message_id": 77, "date": 0, "chat": chat, "from": BOT_USER, "text": "209.5 …"}
    return {"update_id": next(_update_ids), "callback_query": query}


def inline_update(query: str) -> dict:
    """An inline query «@judge_bot <query>»."""
    return {"update_id": next(_update_ids), "inline_query": {"id": f"iq{next(_update_ids)}", "from": USER, "query": query, "offset": ""}}
