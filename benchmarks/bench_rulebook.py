"""Rulebook speed: import of the seed pages, warm lookup by number, glossary, load."""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.common import percentiles_ms
from bot.glossary import _edition_terms, lookup_term, terms
from bot.lookup import resolve, rule_answer
from bot.rulebook import Rulebook, edition_path, load

SOURCES = sorted((Path(__file__).resolve().parent.parent / "rulebook" / "sources").glob("*.txt"))


def rows():
    from bot.importer import import_sources

    t = time.perf_counter()
    import_sources(SOURCES, "5ed")
    import_ms = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    import_sources(SOURCES, "5ed")
    import_warm_ms = (time.perf_counter() - t) * 1000

    t = time.perf_counter()
    Rulebook.load_file(edition_path("5ed"))
    load_ms = (time.perf_counter() - t) * 1000

    rb = load("5ed")
    numbers = [c.number for c in rb.clauses] + ["п. 209.5", "209", "209.4-209.6", "999.9"]
    _, p99_resolve = percentiles_ms(lambda q: resolve(q, rb), numbers, repeat=20)
    _, p99_answer = percentiles_ms(rule_answer, numbers, repeat=20)

    _edition_terms.cache_clear()  # another bench module may have asked the glossary already
    t = time.perf_counter()
    terms("5ed")
    terms_ms = (time.perf_counter() - t) * 1000
    _, p99_term = percentiles_ms(lookup_term, ["пасом", "медленных игродействий", "симбиота", "pass"], repeat=50)
    return [
        ("rulebook import of 5 seed pages (first, incl. imports)", import_ms, "ms", ""),
        ("rulebook import of 5 seed pages (warm)", import_warm_ms, "ms", ""),
        ("rulebook load 5ed.yaml (cold, YAML parse)", load_ms, "ms", ""),
        ("rule lookup resolve p99 (warm)", p99_resolve, "ms", "< 1 ms"),
        ("rule lookup rule_answer p99 (warm)", p99_answer, "ms", "< 1 ms"),
        ("glossary: defining paragraphs of all terms (first call)", terms_ms, "ms", ""),
        ("glossary lookup_term p99 (warm)", p99_term, "ms", "< 1 ms"),
    ]
