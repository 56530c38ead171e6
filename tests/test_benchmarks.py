"""The benchmark machinery (benchmarks/) on a tiny sample: rows, percentiles, the
question generator, the 10x-vocabulary edition, the table. No timing is asserted."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import run  # noqa: E402
from benchmarks.common import QUICK, Row, Table, percentile, worker  # noqa: E402
from benchmarks.questions import KINDS, generate  # noqa: E402
from benchmarks.synthetic import scaled_edition, seed_words  # noqa: E402
from bot.rulebook import edition_path, load  # noqa: E402


def test_row_median_range_and_verdict():
    r = Row("x", [3.0, 1.0, 2.0, 9.0, 2.5], "ms", "< 2.6")
    assert (r.median, r.low, r.high, r.verdict) == (2.5, 1.0, 9.0, "pass")
    assert Row("x", [3.0, 4.0], "ms", "< 2").verdict == "FAIL"
    assert Row("x", [10.8], "×", ">= 9").verdict == "pass"
    assert Row("x", [1.0], "ms").verdict == ""


def test_p99_of_a_thousand_samples_is_not_the_maximum():
    samples = [float(i) for i in range(1, 1001)]
    assert percentile(samples, 99) == 990.0
    assert percentile(samples, 50) == 500.0
    assert percentile([5.0], 99) == 5.0


def test_questions_are_reproducible_distinct_and_of_every_kind():
    rb = load()
    a = generate(300, 3, rb)
    assert a == generate(300, 3, rb)
    assert len({q.text for q in a}) == 300
    kinds = {k: sum(q.kind == k for q in a) for k in KINDS}
    assert all(kinds[k] >= 20 for k in KINDS), kinds
    assert any(len(q.text) >= 500 for q in a if q.kind == "long")
    assert any(re.fullmatch(r"(п\. ?|§|пункт )?\d{3}(\.\d+)*\.?", q.text) for q in a if q.kind == "rule")
    assert any("«" in q.text for q in a if q.kind == "card")
    seen = {q.text for q in a}
    b = generate(300, 4, rb, exclude=seen)
    assert not {q.text for q in b} & {q.text for q in a}


def test_large_edition_has_a_larger_vocabulary_of_new_words():
    base = yaml.safe_load(edition_path().read_text(encoding="utf-8"))
    big = scaled_edition(base, 3, name="x3")
    assert big == scaled_edition(base, 3, name="x3")
    assert len(big["clauses"]) == 3 * len(base["clauses"])
    old, new = seed_words(base), seed_words(big)
    assert len(new) >= 2.7 * len(old)
    added = new - old
    # the new words are synthesised, not the seed's words again
    assert len(added) >= 1.7 * len(old)


def test_table_of_a_tiny_run(capsys):
    cfg = replace(QUICK, runs=2, questions=8)
    rows = run.collect(run.modules(["parse", "chat"]), cfg)
    assert rows and all(len(r.values) >= 1 for r in rows)
    text = Table(rows).render()
    assert "median" in text and "range (min–max)" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("parse: one card text p99 (warm"))
    assert line.split()[-1] in ("pass", "FAIL") and "< 2" in line


def test_memory_worker_reports_megabytes():
    out = worker("memory", answers=3, seed=1)
    assert out["answers"] == 3 and 10 < out["rss_mb"] < 10_000 and out["peak_mb"] >= out["rss_mb"] * 0.5


def test_every_bench_module_takes_a_config_and_imports():
    import importlib.util
    import inspect

    files = run.modules([])
    assert len(files) >= 8
    for f in files:
        spec = importlib.util.spec_from_file_location(f"benchmarks.{f.stem}", f)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        assert list(inspect.signature(mod.rows).parameters) == ["cfg"], f.name
