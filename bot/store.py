"""The bot's one store: per-chat settings (the chat's edition) and, later, cards.

``open_store(url=None) -> Store``. Embedded by default: SQLite (stdlib ``sqlite3``) in
the user data folder (``<user data>/bot.sqlite3``). ``DATABASE_URL`` (or ``url``) points
the same schema at another database: ``sqlite:///path/file.db``, ``sqlite://:memory:``,
or ``postgresql://user:pass@host/db`` for several webhook workers sharing state (needs
the ``psycopg`` package; the schema uses only types and statements both engines read:
``BIGINT``, ``TEXT``, ``INTEGER``, composite primary keys, ``INSERT … ON CONFLICT … DO
UPDATE``).

The schema is a list of numbered migrations (``MIGRATIONS``); other parts of the bot add
their tables by appending a migration (the cards database will). ``Store`` methods:
``get_setting`` / ``set_setting`` (chat id, key -> text), ``chat_edition`` /
``set_chat_edition``, ``execute`` / ``query`` for modules with their own tables, ``close``.
Errors are ``StoreError`` (Russian, naming the database).
"""

from __future__ import annotations

import os
import threading
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlparse

from bot.errors import BerserkError

DATABASE_URL_ENV = "DATABASE_URL"
"""Environment variable with the database URL (default: SQLite in the user data folder)."""

MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        "CREATE TABLE IF NOT EXISTS chat_settings ("
        " chat_id BIGINT NOT NULL,"
        " key TEXT NOT NULL,"
        " value TEXT NOT NULL,"
        " updated_at TEXT NOT NULL,"
        " PRIMARY KEY (chat_id, key))",
    ]),
]
"""(version, statements) applied in order, each once (table ``schema_version``)."""

EDITION_KEY = "edition"


class StoreError(BerserkError):
    """The store cannot be opened or used (Russian message naming the database)."""


def default_url() -> str:
    """``$DATABASE_URL`` when set, else SQLite in the user data folder."""
    url = os.environ.get(DATABASE_URL_ENV, "").strip()
    if url:
        return url
    from bot.paths import user_data_dir

    return f"sqlite:///{user_data_dir() / 'bot.sqlite3'}"


class Store:
    """A connection to the bot's database (thread-safe: one lock around each call).

    ``engine`` is ``"sqlite"`` or ``"postgresql"``; ``where`` names the database in
    messages (a file path or a host, never a password)."""

    def __init__(self, conn, engine: str, where: str) -> None:
        self._conn = conn
        self.engine = engine
        self.where = where
        self._lock = threading.Lock()
        self._migrate()

    # -- generic ------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.engine == "postgresql" else sql

    def execute(self, sql: str, params: tuple = ()) -> None:
        """Run one statement (``?`` placeholders on every engine) and commit."""
        with self._lock:
            try:
                cur = self._conn.cursor()
                cur.execute(self._sql(sql), params)
                self._conn.commit()
            except Exception as e:  # noqa: BLE001 - driver errors differ per engine
                self._rollback()
                raise StoreError(f"база {self.where}: не удалось записать ({e})") from e

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Rows of one query (``?`` placeholders on every engine)."""
        with self._lock:
            try:
                cur = self._conn.cursor()
                cur.execute(self._sql(sql), params)
                return [tuple(r) for r in cur.fetchall()]
            except Exception as e:  # noqa: BLE001
                self._rollback()
                raise StoreError(f"база {self.where}: не удалось прочитать ({e})") from e

    def _rollback(self) -> None:
        try:
            self._conn.rollback()
        except Exception:  # noqa: BLE001
            pass

    def _migrate(self) -> None:
        self.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        done = {r[0] for r in self.query("SELECT version FROM schema_version")}
        for version, statements in MIGRATIONS:
            if version in done:
                continue
            for sql in statements:
                self.execute(sql)
            self.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()

    # -- chat settings ------------------------------------------------------------
    def get_setting(self, chat_id: int, key: str) -> str | None:
        """The chat's setting ``key``, or ``None``."""
        rows = self.query("SELECT value FROM chat_settings WHERE chat_id = ? AND key = ?", (int(chat_id), key))
        return rows[0][0] if rows else None

    def set_setting(self, chat_id: int, key: str, value: str) -> None:
        """Set (or replace) the chat's setting ``key``."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.execute(
            "INSERT INTO chat_settings (chat_id, key, value, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (chat_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (int(chat_id), key, value, now),
        )

    def chat_edition(self, chat_id: int) -> str | None:
        """The edition the chat chose with ``/edition``, or ``None``."""
        return self.get_setting(chat_id, EDITION_KEY)

    def set_chat_edition(self, chat_id: int, edition: str) -> None:
        """Remember the chat's edition (the caller checked that it exists)."""
        self.set_setting(chat_id, EDITION_KEY, edition)


def open_store(url: str | None = None) -> Store:
    """Open (and create or migrate) the store at ``url`` (default ``default_url()``).
    Raises ``StoreError`` for an unknown URL scheme, a missing ``psycopg`` for
    PostgreSQL, or a database that cannot be opened."""
    url = url or default_url()
    parsed = urlparse(url)
    scheme = parsed.scheme.lower()
    if scheme in ("sqlite", ""):
        import sqlite3

        rest = url[len("sqlite://"):] if scheme else url
        if rest in (":memory:", "/:memory:"):
            path = ":memory:"
        else:  # SQLAlchemy's form: sqlite:///relative.db, sqlite:////absolute/path.db
            path = rest[1:] if rest.startswith("/") else rest
        where = path
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, check_same_thread=False, timeout=10)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"база {where}: не открывается ({e})") from e
        return Store(conn, "sqlite", where)
    if scheme in ("postgres", "postgresql"):
        where = f"{parsed.hostname or 'localhost'}/{parsed.path.lstrip('/')}"
        try:
            import psycopg  # type: ignore[import-not-found]
        except ImportError:
            raise StoreError(
                f"база {where}: для PostgreSQL (DATABASE_URL) нужен пакет psycopg – установите его: pip install psycopg"
            ) from None
        try:
            conn = psycopg.connect(url)
        except Exception as e:  # noqa: BLE001
            raise StoreError(f"база {where}: не открывается ({type(e).__name__})") from None
        return Store(conn, "postgresql", where)
    raise StoreError(
        f"DATABASE_URL: неизвестная схема «{scheme}»; ожидались sqlite:///путь/к/файлу.db или postgresql://…"
    )
