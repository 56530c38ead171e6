"""Updates of different chats run concurrently; the updates of one chat run one at
a time, in the order Telegram sent them.

python-telegram-bot hands each update to ``BaseUpdateProcessor.process_update`` as
soon as it is fetched (``ApplicationBuilder.concurrent_updates(processor)``).
``ChatOrderedProcessor`` takes a per-chat lock first and only then one of
``workers`` running places, so a busy group whose answers wait for its 20-a-minute
limit (or for a 429) holds one place at most and never delays a private chat.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable

from telegram import Update
from telegram.ext import BaseUpdateProcessor


def chat_key(update: object) -> tuple[str, int] | None:
    """What orders ``update``: ``("chat", id)`` for a message or a button under a
    message, ``("user", id)`` for an inline query or a button under an inline-mode
    message (they have no chat); ``None`` for anything else (no ordering)."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return ("chat", update.effective_chat.id)
    if update.effective_user is not None:
        return ("user", update.effective_user.id)
    return None


class _Slot:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Per-chat order, cross-chat concurrency.

    workers: updates handled at the same moment (default 32); pending: updates
    accepted and waiting, of all chats together (default 10,000; beyond it
    python-telegram-bot's queue holds them). Locks of idle chats are dropped, so
    memory follows the number of chats with work in flight.

    Order within a chat: python-telegram-bot starts one task per update in arrival
    order and a task reaches the chat's lock before it first yields; ``asyncio.Lock``
    wakes waiters first come, first served.
    """

    def __init__(self, workers: int = 32, pending: int = 10_000) -> None:
        super().__init__(max(pending, workers))
        self.workers = workers
        self._running: asyncio.Semaphore | None = None
        self._slots: dict[tuple[str, int], _Slot] = {}

    async def initialize(self) -> None:
        """Create the running-places semaphore (on the running loop)."""
        self._running = asyncio.Semaphore(self.workers)

    async def shutdown(self) -> None:
        """Forget the chat locks."""
        self._slots.clear()

    @property
    def busy_chats(self) -> int:
        """Chats with an update running or waiting."""
        return len(self._slots)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Await ``coroutine`` under the chat's lock, then a running place."""
        if self._running is None:
            self._running = asyncio.Semaphore(self.workers)
        key = chat_key(update)
        if key is None:
            async with self._running:
                await coroutine
            return
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _Slot()
        slot.users += 1
        try:
            async with slot.lock:
                async with self._running:
                    await coroutine
        finally:
            slot.users -= 1
            if slot.users == 0 and self._slots.get(key) is slot:
                del self._slots[key]
