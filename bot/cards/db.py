"""Cards in the bot's store (``bot.store``): the ``cards`` table, its migrations, upsert
and loading. SQL is portable (SQLite and PostgreSQL, see bot/store.py).

``cards_meta`` holds one ``revision`` number, raised by every import, so that a process
keeping cards in memory (``bot.cards.index``) notices another worker's import with one
cheap query.
"""

from __future__ import annotations

import json
import weakref
from typing import Iterable

from bot.cards.model import Card
from bot.store import Store, open_store

COMPONENT = "cards"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE cards ("
        " card_key TEXT PRIMARY KEY,"
        " name TEXT NOT NULL,"
        " name_fold TEXT NOT NULL,"
        " set_name TEXT,"
        " card_number TEXT,"
        " kind TEXT NOT NULL,"
        " traits TEXT NOT NULL,"
        " equipment_class TEXT,"
        " classes TEXT NOT NULL,"
        " element TEXT,"
        " cost INTEGER,"
        " elite INTEGER,"
        " is_unique INTEGER,"
        " lives INTEGER,"
        " movement INTEGER,"
        " strikes TEXT NOT NULL,"
        " card_text TEXT NOT NULL,"
        " complete INTEGER,"
        " typed INTEGER,"
        " forms TEXT NOT NULL,"
        " source TEXT NOT NULL)",
        "CREATE INDEX cards_name_fold ON cards (name_fold)",
        "CREATE TABLE cards_meta (meta_key TEXT PRIMARY KEY, meta_value BIGINT NOT NULL)",
        "INSERT INTO cards_meta (meta_key, meta_value) VALUES ('revision', 0)",
    ),
    (
        "ALTER TABLE cards ADD COLUMN name_keys TEXT",
    ),
    (
        "CREATE TABLE card_name_keys ("
        " name_key TEXT NOT NULL,"
        " card_key TEXT NOT NULL,"
        " word_pos INTEGER NOT NULL,"
        " n_words INTEGER NOT NULL,"
        " PRIMARY KEY (name_key, card_key, word_pos))",
        "CREATE INDEX card_name_keys_card ON card_name_keys (card_key)",
        "CREATE TABLE card_name_deletes (del_key TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (del_key, word))",
        "INSERT INTO cards_meta (meta_key, meta_value) VALUES ('name_tables', 0)",
    ),
)
"""Schema steps of the ``cards`` component (``Store.migrate``); append, never edit."""

_COLUMNS = ("card_key", "name", "name_fold", "set_name", "card_number", "kind", "traits", "equipment_class",
            "classes", "element", "cost", "elite", "is_unique", "lives", "movement", "strikes", "card_text",
            "complete", "typed", "forms", "source", "name_keys")


def cards_store(store: Store | None = None) -> Store:
    """The store with the cards schema in place (``open_store()`` by default); the name
    tables of ``bot.cards.name_keys`` are filled once for cards imported before they
    existed (schema step 3)."""
    st = store or open_store()
    if st in _READY:
        return st
    if st.version(COMPONENT) < len(MIGRATIONS):
        st.migrate(COMPONENT, MIGRATIONS)
    _fill_name_tables(st)
    _READY.add(st)
    return st


_READY: "weakref.WeakSet[Store]" = weakref.WeakSet()
"""The stores this process has brought to the current cards schema."""


def _fill_name_tables(store: Store) -> None:
    """Write the name tables for every card once (meta ``name_tables`` 0 -> 1); a
    store whose cards were imported by an older bot gets them here."""
    rows = store.query("SELECT meta_value FROM cards_meta WHERE meta_key = 'name_tables'")
    if rows and int(rows[0][0]):
        return
    with store.transaction():
        from bot.cards import name_keys

        name_keys.write(store, all_cards(store))
        store.execute("UPDATE cards_meta SET meta_value = 1 WHERE meta_key = 'name_tables'")


def database_exists() -> bool:
    """Whether the bot's default store may hold cards: ``DATABASE_URL`` is set, or the
    SQLite file exists (read paths must not create an empty database file)."""
    from bot.store import default_url

    url = default_url()
    if not url.startswith("sqlite:"):
        return True
    path = url[len("sqlite:"):]
    path = path[2:] if path.startswith("//") else path
    if path in ("", "/:memory:", ":memory:"):
        return True
    from pathlib import Path

    return Path(path).expanduser().is_file()


def _b(v: bool | None) -> int | None:
    return None if v is None else int(bool(v))


def _row(c: Card) -> tuple:
    from bot.textnorm import fold

    return (c.key, c.name, fold(c.name), c.set_name, c.number, c.kind, ",".join(c.traits), c.equipment_class,
            json.dumps(list(c.classes), ensure_ascii=False), c.element, c.cost, _b(c.elite), _b(c.unique), c.lives,
            c.movement, "-".join(map(str, c.strikes)), c.text, _b(c.complete), _b(c.typed),
            json.dumps(list(c.forms), ensure_ascii=False), c.source,
            json.dumps([list(k) for k in c.name_keys], ensure_ascii=False) if c.name_keys else None)


def _card(r: tuple) -> Card:
    def b(v):
        return None if v is None else bool(v)

    return Card(key=r[0], name=r[1], set_name=r[3], number=r[4], kind=r[5],
                traits=tuple(t for t in r[6].split(",") if t), equipment_class=r[7], classes=tuple(json.loads(r[8])),
                element=r[9], cost=r[10], elite=b(r[11]), unique=b(r[12]), lives=r[13], movement=r[14],
                strikes=tuple(int(x) for x in r[15].split("-") if x), text=r[16], complete=b(r[17]), typed=b(r[18]),
                forms=tuple(json.loads(r[19])), source=r[20],
                name_keys=tuple(tuple(k) for k in json.loads(r[21])) if r[21] else ())


def existing_keys(store: Store) -> set[str]:
    """Keys of every card in the store."""
    return {r[0] for r in store.query("SELECT card_key FROM cards")}


def upsert(store: Store, cards: Iterable[Card]) -> None:
    """Insert the cards, replacing a card with the same key in place, with their name
    rows (``bot.cards.name_keys``); raise the revision. Call inside ``store.transaction()`` to keep an import atomic."""
    cols = ", ".join(_COLUMNS)
    marks = ", ".join("?" for _ in _COLUMNS)
    updates = ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS[1:])
    from bot.cards import name_keys

    cards = list(cards)
    store.executemany(f"INSERT INTO cards ({cols}) VALUES ({marks}) ON CONFLICT (card_key) DO UPDATE SET {updates}",
                      (_row(c) for c in cards))
    name_keys.write(store, cards)
    store.execute("UPDATE cards_meta SET meta_value = meta_value + 1 WHERE meta_key = 'revision'")


def revision(store: Store) -> int:
    """The import revision (0 before any import)."""
    rows = store.query("SELECT meta_value FROM cards_meta WHERE meta_key = 'revision'")
    return int(rows[0][0]) if rows else 0


def count(store: Store) -> int:
    """Number of cards in the store."""
    return int(store.query("SELECT COUNT(*) FROM cards")[0][0])


def all_cards(store: Store) -> list[Card]:
    """Every card, in name order."""
    return [_card(r) for r in store.query(f"SELECT {', '.join(_COLUMNS)} FROM cards ORDER BY name_fold, card_key")]


def cards_by_key(store: Store, keys: list[str]) -> list[Card]:
    """The cards of ``keys`` (those the store has), in name order like ``all_cards``."""
    out: list[tuple] = []
    for i in range(0, len(keys), 400):
        part = keys[i:i + 400]
        out += store.query(f"SELECT {', '.join(_COLUMNS)} FROM cards WHERE card_key IN ({', '.join('?' for _ in part)})",
                           part)
    return [_card(r) for r in sorted(out, key=lambda r: (r[2], r[0]))]
