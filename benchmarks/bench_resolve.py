"""Speed of resolving card texts step by step (bot.abilities.resolve.explain), warm,
on distinct generated card texts (see bench_parse.texts)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_parse import texts  # noqa: E402
from benchmarks.common import FULL, Config, Row, Runs, time_each  # noqa: E402


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.abilities.resolve import Outcome, explain
    from bot.errors import BerserkError

    def safe(t: str) -> None:
        try:
            explain(t, Outcome())
        except (BerserkError, ValueError):
            pass

    seen: set[str] = set()
    for t in texts(50, cfg.seed + 800, seen):
        safe(t)
    runs = Runs()
    for r in range(cfg.runs):
        runs.add_percentiles("explain", time_each(safe, texts(cfg.questions, cfg.seed + 810 + r, seen)))
    return [
        Row("explain: card text -> steps p50 (warm, new texts)", runs.values["explain p50"], "ms"),
        Row("explain: card text -> steps p99 (warm, new texts)", runs.values["explain p99"], "ms", "< 20"),
    ]
