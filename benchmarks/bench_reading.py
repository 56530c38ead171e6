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

from benchmarks.common import FULL, Config, Row, percentile, time_each  # noqa: E402

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


def rows(cfg: Config = FULL) -> list[Row]:
    """Warm p50 / p99 of ``ask`` (the process clock of ``common``) per run, on the composed set."""
    from bot.judge import ask

    qs = questions(cfg.questions, seed=cfg.seed)
    long_n = sum(len(q) >= 450 for q in qs)
    for q in qs:
        ask(q)
    p50s, p99s = [], []
    for _ in range(cfg.runs):
        t = sorted(time_each(ask, qs))
        p50s.append(percentile(t, 50))
        p99s.append(percentile(t, 99))
    name = f"ask warm on reader-composed questions ({len(qs)}, {long_n} of ~500 chars)"
    return [Row(name + " p50", p50s, "ms"), Row(name + " p99", p99s, "ms", "< 20")]


if __name__ == "__main__":
    for row in rows():
        print(f"{row.name:<70} {row.median:>10.3f} {row.unit:<4} {row.target} {row.verdict}")
