"""Per-chat settings in the bot's store (``bot.store``): the edition a chat chose with
``/edition``. Component ``"chats"`` of the store's schema (``Store.migrate``)."""

from __future__ import annotations

from datetime import datetime, timezone

from bot.store import Store, open_store

SCHEMA: list[list[str]] = [
    [
        "CREATE TABLE IF NOT EXISTS chat_settings ("
        " chat_id BIGINT NOT NULL,"
        " key TEXT NOT NULL,"
        " value TEXT NOT NULL,"
        " updated_at TEXT NOT NULL,"
        " PRIMARY KEY (chat_id, key))",
    ],
]
"""Migrations of the ``chats`` component: step i turns version i into i + 1."""

EDITION_KEY = "edition"


class ChatSettings:
    """Settings of chats, by Telegram chat id (the console uses 0). Raises
    ``bot.store.StoreError`` when the store cannot be used."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store or open_store()
        self.store.migrate("chats", SCHEMA)

    def get(self, chat_id: int, key: str) -> str | None:
        """The chat's setting ``key``, or ``None``."""
        rows = self.store.query("SELECT value FROM chat_settings WHERE chat_id = ? AND key = ?", (int(chat_id), key))
        return rows[0][0] if rows else None

    def set(self, chat_id: int, key: str, value: str) -> None:
        """Set (or replace) the chat's setting ``key``."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.store.execute(
            "INSERT INTO chat_settings (chat_id, key, value, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (chat_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (int(chat_id), key, value, now),
        )

    def chat_edition(self, chat_id: int) -> str | None:
        """The edition the chat chose with ``/edition``, or ``None``."""
        return self.get(chat_id, EDITION_KEY)

    def set_chat_edition(self, chat_id: int, edition: str) -> None:
        """Remember the chat's edition (the caller checked that it exists)."""
        self.set(chat_id, EDITION_KEY, edition)
