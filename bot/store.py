"""The bot's one store of what users add: card databases, per-chat settings (docs/architecture.md,
«Where data lives»).

SQLite (stdlib ``sqlite3``) by default, in ``bot.paths.user_data_dir()/berserk.sqlite3``;
``DATABASE_URL`` points the same schema at another database:

- ``sqlite:///path/to/file.sqlite3`` (``sqlite:///:memory:`` for a throw-away store);
- ``postgresql://user:pass@host:port/db`` (or ``postgres://``) — PostgreSQL through
  psycopg 3 (``pip install 'berserk-judge[postgres]'``), for several webhook workers.

SQL written for the store is portable: ``?`` placeholders (turned into ``%s`` for
PostgreSQL), standard types (``TEXT``, ``INTEGER``, ``BIGINT``), ``INSERT … ON CONFLICT
(…) DO UPDATE`` for upserts, no ``AUTOINCREMENT``/``SERIAL``, no ``%`` in statements.

Schema migrations are kept per component (``"cards"``, ``"chats"``, …) so that concerns
evolve independently: ``store.migrate(component, steps)`` runs the steps not yet applied,
each in one transaction, and records the component's version in ``schema_versions``.
"""

from __future__ import annotations

import os
import re
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from bot.errors import BerserkError

DB_FILE_NAME = "berserk.sqlite3"
"""File name of the default SQLite store inside the user data folder."""

SQLITE_REASONS = (
    ("file is not a database", "файл — не база SQLite (повреждён или чужой файл)"),
    ("unable to open database file", "файл базы не открывается (на его месте папка, нет прав или нет папки)"),
    ("database is locked", "база занята другим процессом"),
    ("readonly database", "база только для чтения"),
    ("disk i/o error", "ошибка ввода-вывода"),
    ("database disk image is malformed", "файл базы повреждён"),
)
"""Fragments of SQLite's English error texts -> the Russian reason shown to the user."""


POSTGRES_REASONS = (
    ("connection refused", "сервер не принимает соединения (не запущен или слушает другой порт)"),
    ("failed to resolve host", "имя сервера не найдено"),
    ("name or service not known", "имя сервера не найдено"),
    ("could not translate host name", "имя сервера не найдено"),
    ("password authentication failed", "неверный пользователь или пароль"),
    ("no password supplied", "сервер требует пароль, а в адресе его нет"),
    ("role", "такого пользователя нет на сервере"),
    ("does not exist", "такой базы нет на сервере"),
    ("timeout expired", "сервер не ответил за 10 с"),
    ("timed out", "сервер не ответил за 10 с"),
    ("no such file or directory", "локальный сервер PostgreSQL не найден (нет его сокета); укажите сервер в адресе"),
    ("network is unreachable", "сеть недоступна"),
    ("no route to host", "сервер недоступен по сети"),
    ("invalid dsn", "адрес не разобран"),
    ("invalid uri", "адрес не разобран"),
    ("invalid connection option", "в адресе неизвестный параметр"),
    ("invalid integer value", "порт в адресе — не число"),
    ("invalid port", "порт в адресе — не число"),
    ("end of string reached", "адрес не разобран"),
    ("unexpected spaces", "адрес не разобран"),
    ("ssl", "не удалось установить SSL-соединение"),
    ("too many connections", "у сервера кончились соединения"),
    ("the database system is starting up", "сервер ещё запускается"),
    ("the database system is shutting down", "сервер останавливается"),
)
"""Fragments of libpq's English connection errors -> the Russian reason shown to the
user, first match wins («role … does not exist» before the database's «does not exist»)."""


def postgres_reason(e: Exception) -> str:
    """The Russian reason a PostgreSQL connection failed (``POSTGRES_REASONS``),
    followed by the driver's own first line in parentheses so nothing is lost:
    «сервер не принимает соединения (…) (connection to server at … failed: …)»."""
    text = str(e).strip()
    first = text.splitlines()[0] if text else type(e).__name__
    low = first.lower()
    for fragment, ru in POSTGRES_REASONS:
        if fragment in low:
            return f"{ru} ({first})"
    return f"ошибка подключения ({first})"


def db_reason(e: Exception) -> str:
    """The Russian reason for a database error ``e``: SQLite's texts by
    ``SQLITE_REASONS``; another text is shown as the driver wrote it, after
    «ошибка базы данных»."""
    text = str(e).strip()
    low = text.lower()
    for fragment, ru in SQLITE_REASONS:
        if fragment in low:
            return ru
    return f"ошибка базы данных ({text})" if text else "ошибка базы данных"


class StoreError(BerserkError):
    """The store cannot be opened or used (bad ``DATABASE_URL``, no driver, no server,
    a file that is not a database). Russian message saying what and where."""


def default_url() -> str:
    """``$DATABASE_URL`` when set, else ``sqlite:///<user data dir>/berserk.sqlite3``."""
    env = os.environ.get("DATABASE_URL", "").strip()
    if env:
        return env
    from bot.paths import user_data_dir

    return "sqlite:///" + str(user_data_dir() / DB_FILE_NAME)


def _redacted(url: str) -> str:
    """``url`` without its password (for messages)."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def shown_url() -> str:
    """The store's address as it may be shown to a user (``berserk-judge paths``):
    ``default_url()`` with any password replaced by ``***``."""
    return _redacted(default_url())


class Store:
    """A connection to the store with portable SQL helpers.

    ``Store(url)``: ``url`` as in the module docstring (``None`` -> ``default_url()``).
    ``dialect`` is ``"sqlite"`` or ``"postgresql"``. Methods take SQL with ``?``
    placeholders. Not opened twice per URL in one process: use ``open_store``.
    Raises ``StoreError`` when the URL is malformed or the database cannot be opened.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self._lock = threading.RLock()
        self._depth = 0
        if self.url.startswith("sqlite:"):
            self.dialect = "sqlite"
            self._conn = self._open_sqlite(self.url)
        elif self.url.startswith(("postgresql:", "postgres:")):
            self.dialect = "postgresql"
            self._conn = self._open_postgres(self.url)
        else:
            raise StoreError(f"DATABASE_URL «{_redacted(self.url)}»: ожидался адрес вида sqlite:///путь/к/файлу "
                             "или postgresql://пользователь@сервер/база.")
        try:
            self.execute("CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)")
        except Exception as e:  # noqa: BLE001 - sqlite3.DatabaseError / psycopg.Error: not a usable database
            self._conn.close()
            raise StoreError(f"База {_redacted(self.url)} не открывается как база данных: {db_reason(e)}.") from None

    # -- opening ----------------------------------------------------------------------
    @staticmethod
    def _open_sqlite(url: str):
        import sqlite3

        path = url[len("sqlite:"):]
        path = path[2:] if path.startswith("//") else path   # sqlite:///abs -> /abs ; sqlite:rel -> rel
        path = "/" + path.lstrip("/") if path.startswith("//") else path
        if path in ("", "/:memory:", ":memory:"):
            target = ":memory:"
        else:
            target = path
            try:
                Path(target).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                from bot.textfile import os_write_reason

                raise StoreError(f"Не удаётся создать папку для базы {target}: {os_write_reason(e)}.") from None
            target = str(Path(target).expanduser())
        try:
            conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False, timeout=30)
            conn.execute("PRAGMA foreign_keys = ON")
            if target != ":memory:":
                conn.execute("PRAGMA journal_mode = WAL")
        except sqlite3.Error as e:
            raise StoreError(f"База SQLite {target} не открывается как база данных: {db_reason(e)}.") from None
        return conn

    @staticmethod
    def _open_postgres(url: str):
        try:
            import psycopg
        except ImportError:
            raise StoreError("Для PostgreSQL нужен драйвер psycopg: pip install 'berserk-judge[postgres]'.") from None
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=10)
        except (psycopg.Error, ValueError) as e:  # ValueError: psycopg's check of the URL itself
            raise StoreError(f"Не удаётся подключиться к PostgreSQL {_redacted(url)} (DATABASE_URL): "
                             f"{postgres_reason(e)}.") from None

    # -- SQL ------------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.dialect == "postgresql" else sql

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement (no result)."""
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql(sql), tuple(params))
            finally:
                cur.close()

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.executemany(self._sql(sql), [tuple(r) for r in rows])
            finally:
                cur.close()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Run a query and return all rows as tuples."""
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql(sql), tuple(params))
                return [tuple(r) for r in cur.fetchall()]
            finally:
                cur.close()

    @contextmanager
    def transaction(self) -> Iterator["Store"]:
        """All statements inside happen together or not at all (an exception rolls back
        and propagates). Nested use joins the outer transaction."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            self.execute("BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN")
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._depth = 0
                self.execute("ROLLBACK")
                raise
            self._depth = 0
            self.execute("COMMIT")

    # -- schema ---------------------------------------------------------------------------
    def version(self, component: str) -> int:
        """The schema version of ``component`` (0 when it has no tables yet)."""
        rows = self.query("SELECT version FROM schema_versions WHERE component = ?", (component,))
        return int(rows[0][0]) if rows else 0

    def migrate(self, component: str, steps: Sequence[Sequence[str]]) -> int:
        """Bring ``component`` to version ``len(steps)``: step ``i`` (a list of SQL
        statements) turns version ``i`` into ``i + 1``; each step runs in one
        transaction with its version update. Returns the version reached.
        Raises ``StoreError`` when the store holds a newer version than ``steps``
        know (a newer bot wrote it)."""
        with self.transaction():
            if self.dialect == "postgresql":   # several workers may start at once
                self.execute("SELECT pg_advisory_xact_lock(?)", (_lock_id(component),))
            current = self.version(component)
            if current > len(steps):
                raise StoreError(f"База {_redacted(self.url)} создана более новой версией бота "
                                 f"(схема «{component}» версии {current}, эта версия знает {len(steps)}).")
            for i in range(current, len(steps)):
                for stmt in steps[i]:
                    self.execute(stmt)
            if current < len(steps):
                self.execute("INSERT INTO schema_versions (component, version) VALUES (?, ?) "
                             "ON CONFLICT (component) DO UPDATE SET version = excluded.version",
                             (component, len(steps)))
        return len(steps)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()


def _lock_id(component: str) -> int:
    """A stable 63-bit number for ``component`` (PostgreSQL advisory lock key)."""
    import zlib

    return zlib.crc32(("berserk-store:" + component).encode("utf-8"))


_OPEN: dict[str, Store] = {}
_OPEN_LOCK = threading.Lock()


def open_store(url: str | None = None) -> Store:
    """The process's ``Store`` for ``url`` (default: ``default_url()``), opened once.
    Raises ``StoreError`` (see ``Store``)."""
    key = url or default_url()
    with _OPEN_LOCK:
        st = _OPEN.get(key)
        if st is None:
            st = _OPEN[key] = Store(key)
        return st


def close_all() -> None:
    """Close every store ``open_store`` opened (tests, shutdown)."""
    with _OPEN_LOCK:
        for st in _OPEN.values():
            try:
                st.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
        _OPEN.clear()
