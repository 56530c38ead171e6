"""Simulator speed: every bundled scenario file (informational; the scenario route of
``ask`` is measured in bench_ask by route)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, ROOT, Config, Row, Runs, percentile, time_each, time_once  # noqa: E402


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.sim.scenario import run_file

    files = sorted((ROOT / "scenarios").glob("*.yaml"))
    runs = Runs()
    for _ in range(cfg.runs):
        results: list = []
        runs.add("all", time_once(lambda: results.extend(run_file(f) for f in files)))
        if not all(r.passed for r in results):
            raise RuntimeError("a bundled scenario fails: the benchmark would time a broken simulator")
        runs.add("one", percentile(time_each(run_file, files), 99))
    return [
        Row(f"sim: run all {len(files)} scenario files", runs.values["all"], "ms"),
        Row("sim: one scenario file, slowest 1%", runs.values["one"], "ms"),
    ]
