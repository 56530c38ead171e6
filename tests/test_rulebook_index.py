"""Rulebook lookups that use per-section positions (children, between, nearest) give
what a scan of every paragraph gives, on a generated edition with uneven sections."""

from __future__ import annotations

import random

from bot.rulebook import Rulebook, number_key


def _edition(seed: int) -> Rulebook:
    rng = random.Random(seed)
    sections, clauses = [], []
    for head in sorted(rng.sample(range(100, 999), 40)):
        sections.append({"number": str(head), "title": f"Раздел {head}"})
        for i in range(1, rng.choice((0, 1, 2, 5, 12)) + 1):
            clauses.append({"number": f"{head}.{i}", "text": "Текст пункта."})
            if rng.random() < 0.2:
                clauses.append({"number": f"{head}.{i}.1", "text": "Подпункт."})
    return Rulebook.from_dict({"edition": "t", "title": "t", "sections": sections, "clauses": clauses})


def _nearest_by_scan(rb: Rulebook, n: str, k: int = 3) -> list[str]:
    key = number_key(n)

    def dist(c):
        ck = number_key(c.number)
        common = 0
        for a, b in zip(key, ck):
            if a != b:
                break
            common += 1
        first_diff = abs((ck + (0,) * 4)[common] - (key + (0,) * 4)[common]) if common < 4 else 0
        return (-common, first_diff, ck)

    return [c.number for c in sorted(rb.clauses, key=dist)[:k]]


def test_children_between_and_nearest_equal_a_full_scan():
    rb = _edition(3)
    rng = random.Random(4)
    numbers = [c.number for c in rb.clauses]
    for s in rb.sections:
        assert rb.children(s.number) == [c for c in rb.clauses if c.number.startswith(s.number + ".")]
    for _ in range(300):
        a, b = sorted(rng.sample(numbers, 2), key=number_key)
        want = [c for c in rb.clauses if number_key(a) <= number_key(c.number) <= number_key(b) or c.number.startswith(b + ".")]
        assert rb.between(a, b) == want, (a, b)
        q = rng.choice([f"{rng.randint(100, 999)}.{rng.randint(1, 15)}", rng.choice(numbers) + ".9", str(rng.randint(100, 999))])
        assert rb.nearest(q) == _nearest_by_scan(rb, q), q
    heads = [s.number for s in rb.sections]
    lo, hi = sorted(rng.sample(heads, 2), key=number_key)
    assert rb.between(lo, hi) == [c for c in rb.clauses if number_key(lo) <= number_key(c.number) <= number_key(hi)
                                  or c.number.startswith(hi + ".")]
