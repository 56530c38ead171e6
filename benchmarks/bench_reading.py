"""``ask`` latency, warm, on ≥ 1,000 questions composed from the reader's lexicon (issue 11: p99 < 20 ms).

The questions are composed from the reader's lexicon (kinds × traits ± «не» × events ×
asked property, several word orders), the repository's question sets, and 500-character
questions (a long set-up told before the asked sentence). Every question is asked once
to warm up, then the whole set is timed once per run after every per-word and
per-question cache was emptied; the rows give p50 and p99 (median and range over runs).

    python benchmarks/bench_reading.py      # prints the rows
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import FULL, Config, Row, Runs, Table, clear_word_caches, time_each  # noqa: E402

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
    from bot.judge import ask

    qs = questions(cfg.questions)[: max(cfg.questions, 20)] if cfg.questions < 1000 else questions(cfg.questions)
    long_n = sum(len(q) >= 450 for q in qs)
    for q in qs:  # warm-up: routes, grammar, words
        ask(q)
    runs = Runs()
    for _ in range(cfg.runs):
        clear_word_caches()  # the same questions each run: no per-question cache may answer them
        runs.add_percentiles("reader", time_each(ask, qs))
    label = f"{len(qs)} questions, {long_n} of ~500 chars, caches emptied"
    return [
        Row(f"ask (reader set) p50 ({label})", runs.values["reader p50"], "ms"),
        Row(f"ask (reader set) p99 ({label})", runs.values["reader p99"], "ms", "< 20"),
    ]


if __name__ == "__main__":
    print(Table(rows()).render())
