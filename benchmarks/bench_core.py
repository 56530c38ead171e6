"""Core speed rows (DESIGN.md «Speed»): process start to first answer, rule lookup,
resident memory after a few asks."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import percentiles_ms  # noqa: E402
from benchmarks.synthetic import editions_dir, scaled_edition  # noqa: E402

_RSS_SCRIPT = """
import resource, sys
from bot import judge
for q in ["Можно ли положить симбиота на летающее существо?", "Что такое пас?",
          "пожно ли положть симбиота на летающего", "как приготовить борщ?", "209.5"]:
    judge.ask(q)
kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(kb / 1024)
"""


def _start_to_first_answer(runs: int = 5, question: str = "Можно ли положить симбиота на летающее существо?") -> float:
    """Median wall time (ms) of ``python -m bot ask QUESTION`` in a fresh process."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "bot", "ask", question],
            cwd=ROOT, capture_output=True, text=True,
        )
        times.append((time.perf_counter() - t) * 1000)
        if out.returncode != 0:
            raise RuntimeError(out.stderr)
    return statistics.median(times)


def _rss_mb() -> float:
    out = subprocess.run([sys.executable, "-c", _RSS_SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def rows() -> list[tuple[str, float, str, str]]:
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import load

    out = [
        ("process start to first answer (python -m bot ask, search)", _start_to_first_answer(), "ms", "< 1000 ms"),
        (
            "process start to first answer (card text in «…»)",
            _start_to_first_answer(question="Как работает «Уничтожить ваше существо – разряд на 4»?"),
            "ms",
            "< 1000 ms",
        ),
    ]
    base = yaml.safe_load(open(ROOT / "rulebook" / f"{DEFAULT_EDITION}.yaml", encoding="utf-8"))
    with editions_dir({"x10": scaled_edition(base, 10)}):
        for edition in (DEFAULT_EDITION, "x10"):
            rb = load(edition)
            numbers = [c.number for c in rb.clauses] + ["п. 209.5", "999.9"]
            p50, p99 = percentiles_ms(rb.get, numbers, repeat=20)
            out.append((f"rule lookup Rulebook.get p50 ({edition}, {len(rb.clauses)} paragraphs)", p50, "ms", "< 1 ms"))
            out.append((f"rule lookup Rulebook.get p99 ({edition})", p99, "ms", "< 1 ms"))
    out.append(("resident memory after 5 asks (ru_maxrss)", _rss_mb(), "MB", "< 150 MB"))
    return out


if __name__ == "__main__":
    for r in rows():
        print(f"{r[0]:<58} {r[1]:>10.3f} {r[2]:<4} {r[3]}")
