"""Run every ``benchmarks/bench_*.py`` and print one table (targets: DESIGN.md «Speed»).

Each bench module defines ``rows(cfg: Config) -> list[Row]`` (benchmarks/common.py):
one value per run, printed as the median and range (min–max) over ``cfg.runs`` runs,
with ``pass``/``FAIL`` against the row's target.

    python benchmarks/run.py                 # everything, 5 runs, 1,000 questions per run
    python benchmarks/run.py ask core        # only bench_ask.py and bench_core.py
    python benchmarks/run.py --quick         # the machinery on a tiny sample (seconds)
    python benchmarks/run.py --runs 7 --questions 2000
    python benchmarks/run.py --wall          # elapsed time instead of CPU time

Latencies are CPU time of the process by default (``common.CLOCKS``): on a shared
machine elapsed time mostly measures the other processes.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.common import FULL, QUICK, Row, Table, clock_name, use_clock  # noqa: E402


def modules(patterns: list[str]) -> list[Path]:
    """The bench_*.py files whose name contains one of ``patterns`` (all when empty)."""
    files = sorted(HERE.glob("bench_*.py"))
    return [p for p in files if not patterns or any(pt in p.stem for pt in patterns)]


def collect(files: list[Path], cfg, seconds: dict[str, float] | None = None) -> list[Row]:
    """Rows of every module in ``files``, in order; ``seconds`` gets each module's
    elapsed time when given."""
    rows: list[Row] = []
    for f in files:
        t = time.perf_counter()
        spec = importlib.util.spec_from_file_location(f"benchmarks.{f.stem}", f)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        rows.extend(mod.rows(cfg))
        if seconds is not None:
            seconds[f.stem.removeprefix("bench_")] = time.perf_counter() - t
    return rows


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("patterns", nargs="*", help="only bench_*.py files whose name contains one of these")
    ap.add_argument("--quick", action="store_true", help="tiny sample: 2 runs of 20 questions (checks the machinery)")
    ap.add_argument("--runs", type=int)
    ap.add_argument("--questions", type=int)
    ap.add_argument("--wall", action="store_true",
                    help="time in elapsed seconds instead of CPU seconds (includes other processes' share of a busy machine)")
    args = ap.parse_args(argv)
    cfg = QUICK if args.quick else FULL
    if args.runs:
        cfg = replace(cfg, runs=args.runs)
    if args.questions:
        cfg = replace(cfg, questions=args.questions)
    use_clock("wall" if args.wall else "cpu")
    t = time.perf_counter()
    seconds: dict[str, float] = {}
    table = Table(collect(modules(args.patterns), cfg, seconds))
    print(table.render())
    print(f"{cfg.runs} runs, {cfg.questions:,} questions/texts per run, {cfg.answers:,} answers before the memory reading, "
          f"large edition {cfg.large}; clock: {clock_name()} time; took {time.perf_counter() - t:.0f} s"
          f" ({', '.join(f'{k} {v:.0f} s' for k, v in seconds.items())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
