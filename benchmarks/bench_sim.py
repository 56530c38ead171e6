"""Simulator speed: all scenario files, and one ``ask`` through the scenario route."""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.common import percentiles_ms

ROOT = Path(__file__).resolve().parent.parent

QUESTIONS = [
    "Можно ли положить симбиота на летающее существо?",
    "Что будет с экипировкой, если её хозяин стал летающим?",
    "Можно ли объявить движение существа, если стек не пуст?",
    "В каком порядке в стек заносятся особенности, сработавшие одновременно?",
    "Кто первым вскрывает свои карты?",
    "Может ли существо ходить по диагонали?",
]


def rows() -> list[tuple[str, float, str, str]]:
    from bot.sim import route
    from bot.sim.scenario import run_file

    files = sorted((ROOT / "scenarios").glob("*.yaml"))
    t = time.perf_counter()
    results = [run_file(f) for f in files]
    all_ms = (time.perf_counter() - t) * 1000
    assert all(r.passed for r in results)
    p50, p99 = percentiles_ms(run_file, files, repeat=3)
    route.answer(QUESTIONS[0], "5ed")  # warm: morphology, rulebook
    q50, q99 = percentiles_ms(lambda q: route.answer(q, "5ed"), QUESTIONS, repeat=20)

    def uncached(q: str):
        route._concepts_cached.cache_clear()
        return route.answer(q, "5ed")

    u50, u99 = percentiles_ms(uncached, QUESTIONS, repeat=20)
    return [
        (f"sim: run all {len(files)} scenarios (cold)", all_ms, "ms", ""),
        ("sim: one scenario file p50", p50, "ms", ""),
        ("sim: one scenario file p99", p99, "ms", ""),
        ("sim: ask via scenario route p50", q50, "ms", "< 20 ms"),
        ("sim: ask via scenario route p99", q99, "ms", "< 20 ms"),
        ("sim: ask via scenario route, concept cache cleared p50", u50, "ms", "< 20 ms"),
        ("sim: ask via scenario route, concept cache cleared p99", u99, "ms", "< 20 ms"),
    ]
