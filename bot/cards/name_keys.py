"""Card names as the store keeps them for reading names inside a question (issue 15:
process start to first answer < 1 s with 10,000 cards).

Reading the card names of one question must not load every card or build the whole
name index (``bot.cards.index.CardIndex``, about 2 s for 10,000 cards). So an import
also writes, per card, what a name lookup needs, into two tables of the store (same
schema on SQLite and PostgreSQL, ``bot.cards.db.MIGRATIONS`` step 3):

- ``card_name_keys (name_key, card_key, word_pos, n_words)``: for word ``word_pos``
  of the card's folded name (``n_words`` words in all), each form it is found under
  (``Card.name_keys``: the word and its normal forms);
- ``card_name_deletes (del_key, word)``: for each name word (not a number), the strings
  reached by deleting at most one letter of its first ``bot.typo.PREFIX`` letters (the
  symmetric-deletion idea of ``bot.typo``), so a word one edit from a name word is
  found by one indexed query.

``mention_candidates(store, text)`` then answers with the few cards whose every name
word a word of ``text`` may stand for (by form, or one edit away for a misspelt
name): a question that names no card costs one or two indexed queries, one that does
loads only those cards. Words that no longer belong to any name (after a re-import
renamed a card) may stay in ``card_name_deletes``: they reach no ``card_name_keys`` row
and so no card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from bot.cards.model import Card

_TOKEN = re.compile(r"[0-9A-Za-zА-Яа-яЁё]+")
_CHUNK = 400
"""Parameters per ``IN (…)`` list (SQLite builds before 3.32 allow at most 999)."""

WINDOW = 3
"""Words after a capitalised word that may belong to a misspelt name (as many as
``bot.cards.index.CardIndex._misspelt_name`` tries)."""


def card_keys(card: Card) -> list[list[str]]:
    """Per folded word of ``card``'s name, the forms it is found under: the import's
    ``Card.name_keys`` when they fit the name, else computed (``word_keys``)."""
    from bot.cards.index import name_words, word_keys

    ws = name_words(card.name)
    if len(card.name_keys) == len(ws):
        return [list(k) for k in card.name_keys]
    return [sorted(word_keys(w)) for w in ws]


@lru_cache(maxsize=8192)
def deletes(word: str) -> frozenset[str]:
    """``word``'s prefix and every string one deletion from it (``bot.typo.deletions``);
    remembered per word (every question's capitalised words and their neighbours are
    looked up, and chat repeats the same words)."""
    from bot.typo import deletions

    return frozenset(deletions(word, 1))


def write(store, cards: Iterable[Card]) -> None:
    """Replace the name rows of ``cards`` (call inside the import's transaction)."""
    from bot.cards.index import name_words

    cards = list(cards)
    keys = [c.key for c in cards]
    for i in range(0, len(keys), _CHUNK):
        part = keys[i:i + _CHUNK]
        store.execute(f"DELETE FROM card_name_keys WHERE card_key IN ({', '.join('?' for _ in part)})", part)
    rows: list[tuple] = []
    words: set[str] = set()
    for c in cards:
        per_word = card_keys(c)
        for pos, ks in enumerate(per_word):
            rows += [(k, c.key, pos, len(per_word)) for k in dict.fromkeys(ks)]
        words.update(w for w in name_words(c.name) if not w.isdigit())   # a number is not corrected
    store.executemany("INSERT INTO card_name_keys (name_key, card_key, word_pos, n_words) VALUES (?, ?, ?, ?) "
                      "ON CONFLICT (name_key, card_key, word_pos) DO NOTHING", rows)
    store.executemany("INSERT INTO card_name_deletes (del_key, word) VALUES (?, ?) ON CONFLICT (del_key, word) DO NOTHING",
                      [(d, w) for w in sorted(words) for d in sorted(deletes(w))])


def _in(store, sql: str, values: list, extra: tuple = ()) -> list[tuple]:
    """``sql`` with ``{marks}`` run per chunk of ``values``; rows of every chunk."""
    out: list[tuple] = []
    for i in range(0, len(values), _CHUNK):
        part = values[i:i + _CHUNK]
        out += store.query(sql.format(marks=", ".join("?" for _ in part)), (*extra, *part))
    return out


def near_words(store, words: Iterable[str]) -> dict[str, set[str]]:
    """``{word: name words one OSA edit from it}`` (the word itself excluded), from
    ``card_name_deletes``."""
    from rapidfuzz.distance import OSA

    words = [w for w in dict.fromkeys(words) if len(w) >= 2]
    by_del: dict[str, list[str]] = {}
    for w in words:
        for d in deletes(w):
            by_del.setdefault(d, []).append(w)
    out: dict[str, set[str]] = {w: set() for w in words}
    for d, cand in _in(store, "SELECT del_key, word FROM card_name_deletes WHERE del_key IN ({marks})", list(by_del)):
        for w in by_del.get(d, ()):
            if cand != w and abs(len(cand) - len(w)) <= 1 and OSA.distance(w, cand, score_cutoff=1) <= 1:
                out[w].add(cand)
    return out


def mention_candidates(store, text: str) -> list[Card]:
    """The cards whose name ``text`` may contain: every word of the name stands for a
    word of ``text`` by one of its forms — or, in the few words after a capitalised
    word (where ``CardIndex.mentions`` reads a misspelt name), one edit from it. Cards
    in name order (``[]`` when none: the common case, one or two indexed queries).
    A superset of what ``CardIndex.mentions`` finds; it decides."""
    from bot.cards.index import word_keys
    from bot.textnorm import fold

    toks = _TOKEN.findall(text)
    if not toks:
        return []
    folded = [fold(t) for t in toks]
    keys: set[str] = set()
    for w in folded:
        keys |= word_keys(w)
    near: set[str] = set()
    starts = [i for i, t in enumerate(toks) if t[:1].isupper()]
    window = sorted({j for i in starts for j in range(i, min(i + WINDOW, len(toks))) if len(folded[j]) >= 2})
    known = _known_keys(store)
    if known is not None and known[0].isdisjoint(keys) and not any(
            not known[1].isdisjoint(deletes(folded[j])) for j in window):
        return []   # no form of a word and no deletion of a capitalised one is any name's: no row would match
    if window:
        for found in near_words(store, [folded[j] for j in window]).values():
            for w in found:
                near |= word_keys(w)
    reach = sorted(keys | near)
    hits: dict[str, tuple[int, set[int]]] = {}
    for _, card_key, pos, n in _in(store, "SELECT name_key, card_key, word_pos, n_words FROM card_name_keys "
                                          "WHERE name_key IN ({marks})", reach):
        hits.setdefault(card_key, (int(n), set()))[1].add(int(pos))
    want = [k for k, (n, seen) in hits.items() if len(seen) == n]
    if not want:
        return []
    from bot.cards.db import cards_by_key

    return cards_by_key(store, want)


KNOWN_KEYS_ROWS = 50_000
"""The most rows of the two name tables kept in memory (``_known_keys``); a larger base is
asked by its indexes only."""

_KNOWN: dict[int, tuple] = {}
"""``id(store) -> (store, state, (name keys, deletion keys) or None)``: ``state`` is what
``cards_meta`` said when they were read (the import revision, whether the name tables are
filled)."""


def _known_keys(store) -> tuple[frozenset[str], frozenset[str]] | None:
    """``(every name_key of card_name_keys, every del_key of card_name_deletes)`` of a store
    whose two tables hold at most ``KNOWN_KEYS_ROWS`` rows, read again whenever an import
    raised the revision (one small query per question); ``None`` for a larger store. With them
    a question naming no card costs no query of the name tables (``mention_candidates``)."""
    state = tuple(sorted(store.query("SELECT meta_key, meta_value FROM cards_meta")))
    got = _KNOWN.get(id(store))
    if got is not None and got[0] is store and got[1] == state:
        return got[2]
    n = sum(int(store.query(f"SELECT COUNT(*) FROM {t}")[0][0]) for t in ("card_name_keys", "card_name_deletes"))
    sets = None
    if n <= KNOWN_KEYS_ROWS:
        sets = (frozenset(r[0] for r in store.query("SELECT DISTINCT name_key FROM card_name_keys")),
                frozenset(r[0] for r in store.query("SELECT DISTINCT del_key FROM card_name_deletes")))
    if len(_KNOWN) >= 16:
        _KNOWN.clear()
    _KNOWN[id(store)] = (store, state, sets)
    return sets


def lookup_candidates(store, query: str) -> list[Card]:
    """The cards a name lookup (``CardIndex.find``) of ``query`` may rank as a whole
    match with at most one typo edit per word: those with a name word that a query
    word stands for by one of its forms or one edit away. Name order; ``[]`` when none."""
    from bot.cards.index import word_keys
    from bot.textnorm import fold

    words = [fold(t) for t in _TOKEN.findall(query)]
    if not words:
        return []
    keys: set[str] = set()
    for w in words:
        keys |= word_keys(w)
    for found in near_words(store, words).values():
        for w in found:
            keys |= word_keys(w)
    rows = _in(store, "SELECT DISTINCT card_key FROM card_name_keys WHERE name_key IN ({marks})", sorted(keys))
    if not rows:
        return []
    from bot.cards.db import cards_by_key

    return cards_by_key(store, sorted({r[0] for r in rows}))
