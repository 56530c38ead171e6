"""``ask`` latency, warm, on ≥ 1,000 questions composed from the reader's lexicon (issue 11: p99 < 20 ms).

The questions are composed from the reader's lexicon (kinds × traits ± «не» × events ×
asked property, several word orders), the repository's question sets, and 500-character
questions (a long set-up told before the asked sentence). Every question is asked once
to warm the caches' shapes, then the whole set is timed twice; the row reports p50 and p99.

    python benchmarks/bench_reading.py      # prints the rows
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import percentiles_ms  # noqa: E402

_SUBJ = [("симбиота", "симбиот", "симбиотом"), ("шмотку", "шмотка", "шмоткой"), ("паразита", "паразит", "паразитом"),
         ("симба", "симб", "симбом"), ("экипировку", "экипировка", "экипировкой")]
_HOST = ["летающее существо", "не летающее существо", "бестелесное существо", "существо без класса", "летуна",
         "орка", "не бестелесного тролля", "своего гнома", "существо противника", "фиолетовое существо"]
_EVENT = ["погибло", "стало летающим", "стало бестелесным", "перестало быть существом", "стало симбиотом",
          "поменяло класс на другой", "потеряло класс", "перестало быть небестелесным"]


def questions(n: int = 1000, seed: int = 11) -> list[str]:
    """``n`` or more questions: composed ones, the repository sets, and 500-character ones."""
    rnd = random.Random(seed)
    out: list[str] = []
    for (acc, nom, ablt), host in itertools.product(_SUBJ, _HOST):
        out += [f"Можно ли положить {acc} на {host}?", f"{acc.capitalize()} на {host} можно?",
                f"Противник говорит, что {acc} можно посадить на {host}. Он прав?"]
    for (acc, nom, ablt), ev in itertools.product(_SUBJ, _EVENT):
        out += [f"{nom.capitalize()} сидит на существе. Потом существо {ev}. Что с {ablt}?",
                f"На моём орке {nom}. Орк {ev}. {nom.capitalize()} выживет?"]
    for f in sorted((ROOT / "tests" / "data").glob("questions*.yaml")):
        out += [str(c["q"]) for c in yaml.safe_load(f.read_text(encoding="utf-8"))]
    base = list(out)
    while len(out) < n:
        q = rnd.choice(base)
        filler = " ".join(rnd.choice(base).rstrip("?") + "." for _ in range(8))
        out.append((filler[:500 - len(q)] + " " + q).strip())
    return out


def rows() -> list[tuple[str, float, str, str]]:
    from bot.judge import ask

    qs = questions()
    long_n = sum(len(q) >= 450 for q in qs)
    for q in qs:
        ask(q)
    p50, p99 = percentiles_ms(ask, qs, repeat=2)
    cpu: list[float] = []
    for q in qs:        # CPU time of this thread: the figure on a machine shared with other work
        t = time.thread_time()
        ask(q)
        cpu.append((time.thread_time() - t) * 1000)
    cpu.sort()
    return [
        (f"ask (reader set) warm p50 wall ({len(qs)} questions, {long_n} of ~500 chars)", p50, "ms", ""),
        (f"ask (reader set) warm p99 wall ({len(qs)} questions, {long_n} of ~500 chars)", p99, "ms", "< 20 ms"),
        (f"ask (reader set) warm p99 CPU ({len(qs)} questions, {long_n} of ~500 chars)", cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], "ms", "< 20 ms"),
    ]


if __name__ == "__main__":
    for name, value, unit, target in rows():
        print(f"{name:<58} {value:>10.3f} {unit:<4} {target}")
