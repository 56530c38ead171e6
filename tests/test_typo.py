"""Typo index (bot.typo): the deletion index proposes exactly the words a full scan
of the vocabulary finds, on the seed rulebook's own words with random typos."""

from __future__ import annotations

import random

import pytest

from bot.search import index_for
from bot.typo import TypoIndex, best_correction, deletions, dictionary_edits, max_edits, scan

_LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


def _typo(word: str, edits: int, rng: random.Random) -> str:
    """``word`` with ``edits`` random edits: substitution, insertion, deletion or a swap."""
    w = word
    for _ in range(edits):
        i = rng.randrange(len(w))
        kind = rng.choice("sids" if len(w) > 2 else "si")
        if kind == "s":
            w = w[:i] + rng.choice(_LETTERS) + w[i + 1 :]
        elif kind == "i":
            w = w[:i] + rng.choice(_LETTERS) + w[i:]
        elif kind == "d":
            w = w[:i] + w[i + 1 :]
        elif i + 1 < len(w):
            w = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return w


def test_deletions_of_a_short_word():
    assert deletions("абв", 1) == {"абв", "бв", "ав", "аб"}
    assert deletions("абвгдежзий", 0) == {"абвгдеж"}  # only the prefix takes part
    assert len(deletions("абвгдежзий", 3)) == 1 + 7 + 21 + 35


def test_edit_budget_by_length():
    assert [max_edits(n) for n in (4, 5, 6, 9, 10, 15)] == [1, 1, 2, 2, 3, 3]
    # a 7-letter word can be reached by a 10-letter typed word, allowed 3 edits
    assert dictionary_edits(7) == 3 and dictionary_edits(4) == 2 and dictionary_edits(6) == 2


def test_index_finds_what_a_full_scan_finds_on_the_seed_vocabulary():
    words = index_for().typo_index().words
    assert len(words) > 500
    idx = TypoIndex(words)
    rng = random.Random(17)
    checked = 0
    for w in rng.sample(words, 300):
        q = _typo(w, rng.randint(1, 3), rng)
        if len(q) < 4:
            continue
        for k in sorted({1, max_edits(len(q))}):
            assert sorted(idx.near(q, k)) == sorted(scan(q, words, k)), (w, q, k)
        checked += 1
    assert checked > 250


def test_search_corrections_equal_the_full_scan_choice():
    index = index_for()
    words = index.typo_index().words
    rng = random.Random(5)
    corrected = 0
    for w in rng.sample(words, 150):
        q = _typo(w, 1 if len(w) <= 5 else 2, rng)
        if len(q) < 4:
            continue
        want = best_correction(q, scan(q, words, max_edits(len(q))))
        assert index._correct(q) == want, (w, q)
        corrected += want is not None
    assert corrected > 100


def test_too_many_edits_for_the_word_length_is_refused():
    idx = TypoIndex(["существо", "симбиот"])
    assert idx.near("сущестов", 2) == [("существо", 1)]
    assert idx.near("симбеот", 1, accept=lambda w: w != "симбиот") == []
    with pytest.raises(ValueError):
        idx.near("симб", 2)
