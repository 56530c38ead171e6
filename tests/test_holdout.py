"""Held-out judge questions (written by an evaluator, not by the team): verdict and
top-3 citation hit rates of ``bot.judge.ask``, scored as the evaluator scores them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.judge import ask
from benchmarks.score_questions import verdict_ok  # the evaluator's own rule: one definition

DATA = Path(__file__).resolve().parent / "data"
# every held-out round: questions_holdout.yaml, questions_holdout2.yaml, …
CASES = [c for f in sorted(DATA.glob("questions_holdout*.yaml")) for c in yaml.safe_load(f.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def scored():
    rows = []
    for c in CASES:
        a = ask(c["q"])
        if c.get("offtopic"):
            rows.append((c, a, None, a.verdict is None))
            continue
        cite = any(n in a.citations[:3] for n in c["cites"])
        verdict = verdict_ok(c["verdict"], a.verdict) if "verdict" in c else None
        rows.append((c, a, cite, verdict))
    return rows


def _report(rows, idx: int, label: str) -> float:
    judged = [r for r in rows if r[idx] is not None]
    misses = [r for r in judged if not r[idx]]
    for c, a, *_ in misses:
        print(f"MISS {label}: {c['q']} -> {a.route}: {a.verdict!r} {a.citations[:3]} (ожидалось {c.get('verdict')} {c['cites']})")
    return (len(judged) - len(misses)) / len(judged)


def test_holdout_verdicts_at_least_90_percent(scored):
    assert _report(scored, 3, "verdict") >= 0.9


def test_holdout_citations_in_top3_at_least_95_percent(scored):
    assert _report(scored, 2, "cite") >= 0.95


def test_offtopic_questions_get_no_verdict(scored):
    off = [(c, a) for c, a, _, _ in scored if c.get("offtopic")]
    assert off and all(a.verdict is None for _, a in off)
