"""Timing helpers shared by the bench_*.py modules."""

from __future__ import annotations

import time
from typing import Callable, Iterable


def percentiles_ms(fn: Callable[[object], object], inputs: Iterable[object], repeat: int = 1) -> tuple[float, float]:
    """Call ``fn`` on every input ``repeat`` times; return (p50, p99) in milliseconds."""
    samples: list[float] = []
    for _ in range(repeat):
        for x in inputs:
            t = time.perf_counter()
            fn(x)
            samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    p50 = samples[len(samples) // 2]
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return p50, p99
