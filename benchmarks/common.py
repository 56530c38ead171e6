"""Benchmark machinery shared by the ``bench_*.py`` modules: run configuration, rows
with their per-run values (median and range printed), percentiles, subprocess workers.

A row holds one value per run (``Config.runs`` ≥ 5 for the real table); the table
shows the median and the range (min–max) over the runs and marks the row ``pass`` or
``FAIL`` when the median meets / misses its target (DESIGN.md «Speed»). A p99 is taken
over the samples of one run (``Config.questions`` ≥ 1,000 distinct inputs), nearest
rank, so it is the 990th of 1,000 values, not the maximum.
"""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Config:
    """How much to measure. ``runs``: repetitions behind each row's median and range;
    ``questions``: distinct inputs per run (p99 over them); ``answers``: answers before
    the memory reading; ``factor``: size of the large synthetic edition; ``seed``: of
    every generated input."""

    runs: int = 5
    questions: int = 1000
    answers: int = 2000
    factor: int = 10
    seed: int = 17

    @property
    def large(self) -> str:
        """Name of the large synthetic edition («x10»)."""
        return f"x{self.factor}"


FULL = Config()
QUICK = Config(runs=2, questions=20, answers=30, factor=2)
"""A tiny run of the same machinery (the smoke test; ``run.py --quick``)."""

_TARGET = re.compile(r"^\s*([<>]=?)\s*([\d.,]+)\s*(\S*)\s*$")


@dataclass
class Row:
    """One line of the table: ``values`` one per run, in ``unit``; ``target`` like
    "< 20" (in the row's unit) or "" for a figure without a target."""

    name: str
    values: list[float]
    unit: str
    target: str = ""
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        return min(self.values)

    @property
    def high(self) -> float:
        return max(self.values)

    @property
    def verdict(self) -> str:
        """``pass`` / ``FAIL`` for the median against the target; "" without one."""
        m = _TARGET.match(self.target)
        if not m:
            return ""
        op, limit = m.group(1), float(m.group(2).replace(",", ""))
        ok = {"<": self.median < limit, "<=": self.median <= limit, ">": self.median > limit, ">=": self.median >= limit}[op]
        return "pass" if ok else "FAIL"


def percentile(samples: Iterable[float], q: float) -> float:
    """Nearest-rank percentile ``q`` (0..100) of ``samples``."""
    s = sorted(samples)
    if not s:
        return float("nan")
    return s[max(0, math.ceil(q / 100 * len(s)) - 1)]


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""``cpu``: CPU seconds of this process — what the code costs, without the pauses in
which a shared machine's scheduler runs other processes (on a machine of 2 cores
shared by several jobs those pauses alone put every p99 at 10 ms or more); ``wall``:
elapsed time."""
_clock = ["cpu"]


def use_clock(name: str) -> None:
    """Time the following measurements with ``CLOCKS[name]``."""
    if name not in CLOCKS:
        raise ValueError(f"unknown clock {name!r}: expected one of {', '.join(CLOCKS)}")
    _clock[0] = name


def clock_name() -> str:
    """The clock in use (``use_clock``)."""
    return _clock[0]


def now() -> float:
    """Seconds on the clock in use."""
    return CLOCKS[_clock[0]]()


def time_each(fn: Callable[[object], object], inputs: Iterable[object]) -> list[float]:
    """Milliseconds of ``fn(x)`` for every input, in order (clock: ``use_clock``)."""
    out = []
    clock = CLOCKS[_clock[0]]
    for x in inputs:
        t = clock()
        fn(x)
        out.append((clock() - t) * 1000)
    return out


def time_once(fn: Callable[[], object]) -> float:
    """Milliseconds of one call of ``fn`` (clock: ``use_clock``)."""
    t = now()
    fn()
    return (now() - t) * 1000


class Runs:
    """Collects per-run values by row name: ``add(name, value)`` in each run, then
    ``row(name, unit, target)``."""

    def __init__(self) -> None:
        self.values: dict[str, list[float]] = {}

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, []).append(value)

    def add_percentiles(self, name: str, samples: list[float], qs: Iterable[int] = (50, 99)) -> None:
        for q in qs:
            self.add(f"{name} p{q}", percentile(samples, q))

    def row(self, name: str, unit: str = "ms", target: str = "", note: str = "") -> Row:
        return Row(name, self.values[name], unit, target, note)


def worker(task: str, env: dict[str, str] | None = None, **args) -> dict:
    """Run ``benchmarks/worker.py TASK`` in a fresh interpreter (cold caches; ``env``
    added to the environment) and return its JSON result; raises ``RuntimeError`` with
    its stderr when it fails."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "worker.py"), task, json.dumps(args)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, **(env or {})},
    )
    if out.returncode != 0:
        raise RuntimeError(f"worker {task} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def clear_word_caches(editions: Iterable[str] = ()) -> int:
    """Empty every per-word and per-question cache of the bot (``functools.lru_cache``
    of more than 64 entries in a loaded ``bot.*`` module, the per-question memos of
    ``bot.memo`` and the corrections the search indexes of ``editions`` remember),
    keeping loaded resources (rulebooks, indexes, grammar: caches of at most 64 entries).
    Returns how many were cleared."""
    import functools

    n = 0
    memo = sys.modules.get("bot.memo")
    if memo is not None:
        memo.new_question()
        n += 1
    for name, mod in list(sys.modules.items()):
        if not (name == "bot" or name.startswith("bot.")) or mod is None:
            continue
        for obj in list(vars(mod).values()):
            if isinstance(obj, functools._lru_cache_wrapper):
                size = obj.cache_parameters().get("maxsize")
                if size is None or size > 64:
                    obj.cache_clear()
                    n += 1
    if editions:
        from bot import search

        for edition in editions:
            search.index_for(edition)._corrections.clear()
            n += 1
    return n


@dataclass
class Table:
    """Rows printed as the benchmark table."""

    rows: list[Row] = field(default_factory=list)

    def render(self) -> str:
        head = f"{'benchmark':<66} {'median':>10} {'range (min–max)':>21} {'unit':<7} {'target':<9} result"
        lines = [head, "-" * len(head)]
        for r in self.rows:
            rng = f"{_fmt(r.low)}–{_fmt(r.high)}"
            lines.append(f"{r.name:<66} {_fmt(r.median):>10} {rng:>21} {r.unit:<7} {r.target:<9} {r.verdict}".rstrip())
        failed = [r for r in self.rows if r.verdict == "FAIL"]
        timed = [len(r.values) for r in self.rows if len(r.values) > 1]
        lines.append("-" * len(head))
        lines.append(f"{len(self.rows)} rows: {sum(r.verdict == 'pass' for r in self.rows)} pass, {len(failed)} FAIL"
                     + (f"; FAIL: {', '.join(r.name for r in failed)}" if failed else ""))
        lines.append(f"repeated rows: median and range over {min(timed, default=0)} runs; rows of one value are sizes"
                     " and one-off first builds")
        return "\n".join(lines)


def _fmt(v: float) -> str:
    if v != v:
        return "nan"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    if abs(v) >= 100:
        return f"{v:.1f}"
    if abs(v) >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"
