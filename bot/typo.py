"""Typo correction without scanning the vocabulary: a symmetric-deletion index
(the SymSpell idea) whose candidates rapidfuzz then checks.

Why it is exact: if a typed word ``q`` and a vocabulary word ``w`` are within
optimal-string-alignment distance ``k`` (substitution, insertion, deletion and a
swap of two adjacent letters each cost one edit), then deleting at most ``k``
letters from the first ``PREFIX`` letters of each yields one common string — every
edit costs at most one deletion on each side (a substitution: that letter on both
sides; a swap: the same one of the two letters on both sides; an insertion: the
extra letter on one side), and cutting both at ``PREFIX`` letters only removes
letters that the shorter side's deletions account for. So the index stores, for
every vocabulary word, the (hashed) strings reachable by deleting up to
``dictionary_edits(len(w))`` letters of its prefix; a lookup generates the typed
word's own deletion strings, collects the words they reach and keeps those whose
real OSA distance (rapidfuzz) is at most ``k``. The result equals a full scan of
the vocabulary with the same distance; hash collisions only add candidates that
the distance check then drops.

Size: at most 64 entries per word (``PREFIX`` 7, 3 deletions), 12 bytes each
(a sorted numpy array of hashes and one of word ids): about 6 MB for 10,000 words.
A lookup touches about 64 hash ranges and the few hundred words they hold.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

PREFIX = 7
"""Only the first PREFIX letters of a word take part in the deletion strings."""


def max_edits(length: int) -> int:
    """The most edits a typed word of ``length`` letters may be from its correction:
    1 up to 5 letters, 2 up to 9, 3 beyond (so «таоке» → «такое», «сущестов» → «существо»)."""
    return 1 if length <= 5 else 2 if length <= 9 else 3


@lru_cache(maxsize=256)
def dictionary_edits(length: int, rule: Callable[[int], int] = max_edits) -> int:
    """Deletions indexed for a vocabulary word of ``length`` letters: the largest
    ``rule(m)`` of any typed length ``m`` that may reach it (``|m - length| <= rule(m)``)."""
    top = rule(length)
    for m in range(max(1, length - 4), length + 5):
        k = rule(m)
        if abs(m - length) <= k:
            top = max(top, k)
    return top


def deletions(word: str, k: int) -> set[str]:
    """Every string obtained by deleting at most ``k`` letters of ``word[:PREFIX]``
    (the prefix itself included); ``deletions("абв", 1)`` == {"абв", "бв", "ав", "аб"}."""
    start = word[:PREFIX]
    out = {start}
    frontier = {start}
    for _ in range(k):
        nxt = {x[:i] + x[i + 1 :] for x in frontier for i in range(len(x))}
        nxt -= out
        if not nxt:
            break
        out |= nxt
        frontier = nxt
    return out


class TypoIndex:
    """Words within a few OSA edits of a typed word, from a fixed vocabulary.

    ``TypoIndex(words)``: ``words`` any iterable of strings (duplicates dropped);
    building costs about 30 µs per word. ``near(word, k)`` -> ``[(candidate,
    distance)]`` for every vocabulary word within ``k`` edits (``k`` at most
    ``max_edits(len(word))``, else ``ValueError``), in vocabulary order.
    """

    def __init__(self, words: Iterable[str]) -> None:
        import numpy as np

        self.words: list[str] = sorted(set(words))
        counts: list[int] = []

        def hashes():
            for w in self.words:
                ds = deletions(w, dictionary_edits(len(w)))
                counts.append(len(ds))
                yield from map(hash, ds)

        keys = np.fromiter(hashes(), dtype=np.int64)
        ids = np.repeat(np.arange(len(self.words), dtype=np.int32), counts)
        order = np.argsort(keys, kind="stable")
        self._keys = keys[order]
        self._ids = ids[order]
        self._np = np

    def __len__(self) -> int:
        return len(self.words)

    def candidates(self, word: str, k: int) -> list[str]:
        """Vocabulary words sharing a deletion string with ``word`` (a superset of
        those within ``k`` edits, length difference at most ``k``), vocabulary order."""
        if k > max_edits(len(word)):
            raise ValueError(f"at most {max_edits(len(word))} edits are indexed for a {len(word)}-letter word, not {k}")
        np = self._np
        q = np.fromiter((hash(d) for d in deletions(word, k)), dtype=np.int64)
        lo = np.searchsorted(self._keys, q, side="left")
        hi = np.searchsorted(self._keys, q, side="right")
        parts = [self._ids[a:b] for a, b in zip(lo.tolist(), hi.tolist()) if b > a]
        if not parts:
            return []
        n = len(word)
        return [w for w in (self.words[i] for i in np.unique(np.concatenate(parts)).tolist()) if abs(len(w) - n) <= k]

    def near(self, word: str, k: int, accept: Callable[[str], bool] | None = None) -> list[tuple[str, int]]:
        """``[(vocabulary word, OSA distance)]`` for every word within ``k`` edits of
        ``word`` (and passing ``accept`` when given), in vocabulary order."""
        from rapidfuzz.distance import OSA

        cands = self.candidates(word, k)
        if accept is not None:
            cands = [c for c in cands if accept(c)]
        out = []
        for c in cands:
            d = OSA.distance(word, c, score_cutoff=k)
            if d <= k:
                out.append((c, d))
        return out


def best_correction(word: str, found: Iterable[tuple[str, int]]) -> str | None:
    """The correction of ``word`` among ``found`` ``(candidate, distance)`` pairs:
    fewest edits, then the higher rapidfuzz ``ratio``, then the shorter word, then
    alphabetical order; None when ``found`` is empty."""
    from rapidfuzz import fuzz

    found = list(found)
    if not found:
        return None
    return min(found, key=lambda m: (m[1], -fuzz.ratio(word, m[0]), len(m[0]), m[0]))[0]


def scan(word: str, words: Iterable[str], k: int) -> list[tuple[str, int]]:
    """The same pairs as ``TypoIndex.near`` by a full scan of ``words`` (rapidfuzz
    ``process.extract``, every word compared): the reference the index is checked
    against in tests and benchmarks, never used to answer."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    return [(w, int(d)) for w, d, _ in process.extract(word, list(words), scorer=OSA.distance, score_cutoff=k, limit=None)]
