"""Ask and search latency (DESIGN.md «Speed»: p99 < 20 ms on the seed rulebook, < 50 ms
on a 10x larger one; issue 17: search p99 < 20 ms at a 10x vocabulary), and typo
correction on the 10x vocabulary.

Questions: ``Config.questions`` generated per run (benchmarks/questions.py: every
route, typos, slang, filler, 500- and 1,500-character ones).

- cold: every per-word and per-question cache emptied before each run
  (``clear_word_caches``), the same questions in every run; the index and grammar
  stay loaded (their building is a row of its own);
- warm: in one process after a warm-up, each run on questions never asked before in
  the process (no answer or question cache can serve them);
- by route and length: p95 of the warm questions each route answered, and of the
  400–1,000-character ones (a share of 1,000 is too small for a p99 that is not its
  maximum); the slowest of the few 1,500-character ones.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, clear_word_caches, now, percentile, time_each, time_once  # noqa: E402
from benchmarks.questions import generate, typo  # noqa: E402
from benchmarks.synthetic import editions_dir, scaled_edition, seed_words  # noqa: E402

ROUTES = ("rule", "ability", "scenario", "search")


def _edition_rows(cfg: Config, edition: str, ask_target: str, search_target: str) -> list[Row]:
    from bot import judge, search
    from bot.rulebook import load

    rb = load(edition)
    runs = Runs()
    seen: set[str] = set()
    build = time_once(lambda: search.index_for(edition))
    for q in generate(max(10, cfg.questions // 3), cfg.seed + 999, rb, seen):  # warm-up: grammar, routes, words
        judge.ask(q.text, edition)
    cold = generate(cfg.questions, cfg.seed + 1, rb, seen)
    cold_search = generate(cfg.questions, cfg.seed + 2, rb, seen)
    for _ in range(cfg.runs):
        clear_word_caches([edition])
        runs.add_percentiles(f"ask, cold caches ({edition})", time_each(lambda q: judge.ask(q.text, edition), cold))
        clear_word_caches([edition])
        runs.add_percentiles(f"search, cold caches ({edition})", time_each(lambda q: search.search(q.text, 5, edition), cold_search))
    for r in range(cfg.runs):
        qs = generate(cfg.questions, cfg.seed + 100 + r, rb, seen)
        samples: list[float] = []
        by_route: dict[str, list[float]] = {}
        for q in qs:
            t = now()
            a = judge.ask(q.text, edition)
            dt = (now() - t) * 1000
            samples.append(dt)
            by_route.setdefault(a.route, []).append(dt)
        runs.add_percentiles(f"ask, warm, new questions ({edition})", samples)
        for route in ROUTES:
            runs.add(f"ask, warm, {route} route ({edition}) p95", percentile(by_route.get(route, [0.0]), 95))
        runs.add(f"ask, warm, questions of 400-1,000 characters ({edition}) p95",
                 percentile([dt for q, dt in zip(qs, samples) if 400 <= len(q.text) < 1000] or [0.0], 95))
        runs.add(f"ask, warm, questions of 1,000+ characters ({edition}) max",
                 max([dt for q, dt in zip(qs, samples) if len(q.text) >= 1000] or [0.0]))
        qs = generate(cfg.questions, cfg.seed + 200 + r, rb, seen)
        runs.add_percentiles(f"search, warm, new questions ({edition})", time_each(lambda q: search.search(q.text, 5, edition), qs))
        names = search._glossary_names()
        runs.add(f"search index build, word caches warm ({edition}, {len(rb.clauses)} paragraphs)",
                 time_once(lambda: search.SearchIndex(rb, names)))
    n = cfg.questions
    out = [
        Row(f"search index first build ({edition}, incl. lemmas)", [build], "ms"),
        runs.row(f"search index build, word caches warm ({edition}, {len(rb.clauses)} paragraphs)"),
        runs.row(f"ask, warm, new questions ({edition}) p50", note=f"{n}/run"),
        runs.row(f"ask, warm, new questions ({edition}) p99", target=ask_target),
        runs.row(f"ask, cold caches ({edition}) p50"),
        runs.row(f"ask, cold caches ({edition}) p99"),
        runs.row(f"search, warm, new questions ({edition}) p50"),
        runs.row(f"search, warm, new questions ({edition}) p99", target=search_target),
        runs.row(f"search, cold caches ({edition}) p50"),
        runs.row(f"search, cold caches ({edition}) p99"),
    ]
    out += [runs.row(f"ask, warm, {route} route ({edition}) p95") for route in ROUTES]
    out.append(runs.row(f"ask, warm, questions of 400-1,000 characters ({edition}) p95"))
    out.append(runs.row(f"ask, warm, questions of 1,000+ characters ({edition}) max"))
    return out


def _typo_rows(cfg: Config, edition: str) -> list[Row]:
    import random

    from bot import search
    from bot.typo import TypoIndex, best_correction, max_edits, scan

    index = search.index_for(edition)
    words = index.typo_index().words
    runs = Runs()
    for r in range(cfg.runs):
        rng = random.Random(cfg.seed + 300 + r)
        typed = [typo(w, rng) for w in rng.sample(words, min(cfg.questions, len(words)))]
        typed = [w for w in typed if len(w) >= 4]
        index._corrections.clear()
        runs.add_percentiles("typo fix of one word, index", time_each(index._correct, typed))
        runs.add_percentiles("typo fix of one word, full scan (reference)",
                             time_each(lambda w: best_correction(w, scan(w, words, max_edits(len(w)))), typed))
        runs.add("typo index build", time_once(lambda: TypoIndex(words)))
    label = f"({edition}, {len(words):,} words)"
    return [
        Row(f"{name} {label}", runs.values[name], "ms")
        for name in ("typo fix of one word, index p50", "typo fix of one word, index p99",
                     "typo fix of one word, full scan (reference) p50",
                     "typo fix of one word, full scan (reference) p99", "typo index build")
    ]


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import edition_path

    base = yaml.safe_load(edition_path(DEFAULT_EDITION).read_text(encoding="utf-8"))
    large = scaled_edition(base, cfg.factor, name=cfg.large)
    ratio = len(seed_words(large)) / len(seed_words(base))
    out = [Row(f"{cfg.large} edition: {len(large['clauses'])} paragraphs, distinct words vs the seed's ({len(seed_words(base))})",
               [ratio], "×", f">= {cfg.factor * 0.9:g}")]
    from bot import search

    with editions_dir({cfg.large: large}):
        out += _edition_rows(cfg, DEFAULT_EDITION, "< 20", "< 20")
        out += _edition_rows(cfg, cfg.large, "< 50", "< 20")
        out += _typo_rows(cfg, cfg.large)
        search.index_for.cache_clear()
    return out
