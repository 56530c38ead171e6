"""Speed of resolving card texts and of the ability route (DESIGN.md «Speed»:
ask p99 < 20 ms on the seed rulebook)."""

from __future__ import annotations

from pathlib import Path

import yaml

from benchmarks.common import percentiles_ms

ROOT = Path(__file__).resolve().parent.parent


def rows():
    from bot.abilities.resolve import Outcome, explain
    from bot.abilities.route import answer

    texts = [c["text"] for c in yaml.safe_load((ROOT / "tests/data/abilities.yaml").read_text(encoding="utf-8"))]
    questions = [c["q"] for c in yaml.safe_load((ROOT / "tests/data/questions.yaml").read_text(encoding="utf-8"))]
    out = []
    try:
        explain(texts[0])  # warm up: grammar, morphology
        p50, p99 = percentiles_ms(lambda t: explain(t, Outcome()), texts, repeat=20)
        out += [("explain: card text -> steps, p50", p50, "ms", ""), ("explain: card text -> steps, p99", p99, "ms", "")]
    except ModuleNotFoundError:  # grammar not installed: only the route numbers below
        pass
    for q in questions:
        answer(q, "5ed")
    p50, p99 = percentiles_ms(lambda q: answer(q, "5ed"), questions, repeat=10)
    out += [("ability route on every eval question, p50", p50, "ms", ""),
            ("ability route on every eval question, p99", p99, "ms", "< 20 ms")]
    return out
