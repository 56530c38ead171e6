"""Bounds on the work a block of a test does — CPU time and memory of this process —
for the tests that guard against a hang or a blow-up (an alias bomb, quadratic text
normalisation, a megabyte chat line, a 20,000-row import).

Wall time is the wrong measure for those on a shared 2-core machine: other processes'
load stretches it without this process doing any more work, so a wall-clock bound
either fails under load or is so loose that it cannot catch anything. CPU time of this
process (``time.process_time``: every thread, user + system) and the peak of Python
allocations (``tracemalloc``) do not grow with other processes' load, so their bounds
can be tight enough to catch the regressions they name. Speed targets stay in
``benchmarks/``.
"""

from __future__ import annotations

import time
import tracemalloc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def cpu_bound(seconds: float, what: str = "") -> Iterator[None]:
    """Fail when the block used more than ``seconds`` of this process's CPU time."""
    start = time.process_time()
    yield
    used = time.process_time() - start
    assert used < seconds, f"{what or 'the block'} used {used:.2f} s of CPU time (bound {seconds} s)"


@contextmanager
def memory_bound(megabytes: float, what: str = "") -> Iterator[None]:
    """Fail when Python allocations inside the block peaked above ``megabytes`` MB
    (``tracemalloc``; memory allocated before the block does not count)."""
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    try:
        yield
        peak = (tracemalloc.get_traced_memory()[1] - base) / 1e6
    finally:
        if not was_tracing:
            tracemalloc.stop()
    assert peak < megabytes, f"{what or 'the block'} allocated {peak:.1f} MB at its peak (bound {megabytes} MB)"


def cpu_per_call(seconds: float):
    """Decorator: each call of the test function (each Hypothesis example, when placed
    under ``@given``) must use less than ``seconds`` of CPU time — a hang or a blow-up
    bound that, unlike Hypothesis's wall-clock ``deadline``, a loaded machine does not
    trip (a wall deadline missed once and met on the re-run is reported as «Flaky»)."""
    import functools

    def wrap(fn):
        @functools.wraps(fn)
        def bounded(*args, **kwargs):
            with cpu_bound(seconds, fn.__name__):
                return fn(*args, **kwargs)
        return bounded
    return wrap
