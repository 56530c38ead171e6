"""Measurements that need a fresh interpreter, run by ``benchmarks.common.worker``:

    python benchmarks/worker.py memory '{"answers": 2000, "seed": 17}'

prints one JSON line. ``cards_db``: fill the card store (see the function). ``memory``: answer ``answers`` distinct generated questions
(benchmarks/questions.py) on the default edition, then report the resident set
(``rss_mb``, VmRSS now) and its peak (``peak_mb``, VmHWM), in MB.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _status_mb(field: str) -> float:
    """A ``/proc/self/status`` memory field (``VmRSS``, ``VmHWM``) in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory(answers: int, seed: int) -> dict:
    from benchmarks.questions import generate
    from bot import judge
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import load

    qs = generate(answers, seed, load(DEFAULT_EDITION))
    for q in qs:
        judge.ask(q.text)
    # the peak is VmHWM, not ru_maxrss: a child started by fork + exec reports the
    # parent's resident size at the fork as its ru_maxrss (the benchmark process is large)
    return {"answers": len(qs), "rss_mb": _status_mb("VmRSS"), "peak_mb": _status_mb("VmHWM")}


def cards_db(cards: int, seed: int) -> dict:
    """Write ``cards`` invented cards (benchmarks/bench_cards.py) into the default store
    (``$BERSERK_USER_DIR`` chosen by the caller) as an import does (name forms computed
    first); returns ``{"cards": n, "name": one name}``."""
    from dataclasses import replace

    from benchmarks.bench_cards import invented_cards
    from bot.cards import db
    from bot.cards.index import name_keys_of
    from bot.store import open_store

    made = [replace(c, name_keys=name_keys_of(c.name)) for c in invented_cards(cards, seed)]
    st = db.cards_store(open_store())
    with st.transaction():
        db.upsert(st, made)
    return {"cards": len(made), "name": made[len(made) // 2].name}


TASKS = {"memory": memory, "cards_db": cards_db}

if __name__ == "__main__":
    task, args = sys.argv[1], json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
    print(json.dumps(TASKS[task](**args)))
