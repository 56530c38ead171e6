"""Measure the card database on real public dumps without shipping them (issue 15).

    python benchmarks/cards_real.py FILE... [--seed 1507] [--pad 10000] [--runs 3]

FILE: card databases mirrored from public repositories (never committed: the texts
belong to the publisher) — EshiNanase/parse_proberserk ``data/nxt_data.json`` (2023+
edition) and FREEKILLER201020/berserk_3 ``cards_parser/all_cards.json`` (classic).

Prints, each file imported alone into a fresh temporary SQLite store, then all together:
rows, cards, rejected, duplicates, texts complete / partial / failed / empty, import
time; import time of 2,000 cards taken from the files in order (median and range over
``--runs``); exact-name rank-1 rate (a lookup of each card's own name returns a card of
that name first); one-random-typo rank-1 rate (one substitution, deletion, insertion or
swap of two adjacent letters at a random letter of the name; the seed fixed before
looking); and warm lookup p50 / p99 over all those queries with the index padded to
``--pad`` cards by invented names (real name words recombined, some syllables; drawn with
the same seed) — wall-clock and the thread's CPU time (on a shared machine the wall
clock also counts other processes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


def fresh_store(tmp: Path, name: str):
    """A new SQLite store in ``tmp`` (and the card index forgotten)."""
    from bot.cards import index
    from bot.store import Store

    index.invalidate()
    return Store(f"sqlite:///{tmp / name}")


def import_one(paths: list[str], tmp: Path, name: str):
    from bot.cards.importer import import_files

    st = fresh_store(tmp, name)
    t0 = time.perf_counter()
    rep = import_files(paths, store=st)
    return st, rep, time.perf_counter() - t0


def typo(name: str, rng: random.Random) -> str:
    """``name`` with one random edit at a random letter (case kept elsewhere)."""
    pos = [i for i, ch in enumerate(name) if ch.isalpha()]
    i = rng.choice(pos)
    kind = rng.choice(("sub", "del", "ins", "swap"))
    if kind == "swap" and i + 1 < len(name) and name[i + 1].isalpha() and name[i + 1].lower() != name[i].lower():
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    if kind == "del" and len(pos) > 2:
        return name[:i] + name[i + 1:]
    if kind == "ins":
        return name[:i] + rng.choice(LETTERS) + name[i:]
    c = rng.choice([x for x in LETTERS if x != name[i].lower()])
    return name[:i] + c + name[i + 1:]


def invented_names(n: int, rng: random.Random, real: list[str]) -> list[str]:
    """``n`` names not among ``real``, made of the real names' words (one to three of
    them, as card names are), so that a padded index has the vocabulary a larger card
    base would have; a third of them get an invented word of syllables."""
    import re

    words = sorted({w for name in real for w in re.findall(r"[А-Яа-яЁё]+", name)})
    syl = "ба бе ви го ду ка ле ми но пу ра се ти фа хо ча ша эр ют як".split()
    taken = {x.casefold() for x in real}
    out: set[str] = set()
    while len(out) < n:
        ws = [rng.choice(words) for _ in range(rng.choice((1, 2, 2, 3)))]
        if rng.random() < 0.33:
            ws[rng.randrange(len(ws))] = "".join(rng.choice(syl) for _ in range(rng.randint(2, 3)))
        name = " ".join(ws).capitalize()
        if name.casefold() not in taken:
            out.add(name)
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--seed", type=int, default=1507)
    ap.add_argument("--pad", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args(argv)
    from bot.cards import db
    from bot.cards.index import CardIndex
    from bot.cards.model import Card
    from bot.cards.index import name_words

    tmp = Path(tempfile.mkdtemp(prefix="cards-bench-"))
    os.environ["BERSERK_USER_DIR"] = str(tmp / "user")
    for i, f in enumerate(a.files):
        c0 = time.process_time()
        _, rep, took = import_one([f], tmp, f"one{i}.sqlite3")
        took_cpu = time.process_time() - c0
        t = rep.texts
        print(f"{Path(f).name}: rows {sum(n for _, _, n in rep.files)}, cards {rep.imported}, rejected "
              f"{len(rep.rejected)}, duplicates {len(rep.duplicates)}, texts complete {t['complete']} / partial "
              f"{t['partial']} / failed {t['failed']} / empty {t['empty']} / typed {t['typed']}, import {took:.2f} s wall "
              f"({took_cpu:.2f} s CPU)")
        for _, w, why in rep.rejected[:5]:
            print(f"    rejected {w}: {why}")
    # 2,000 cards: the first files whole, the last one cut so that the total is 2,000
    subs, left = [], 2000
    for i, f in enumerate(a.files):
        data = json.loads(Path(f).read_text(encoding="utf-8"))[:left]
        if not data:
            break
        p = tmp / f"sub{i}.json"
        p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        subs.append(str(p))
        left -= len(data)
    times, cpus = [], []
    for r in range(a.runs):
        c0 = time.process_time()
        _, rep, took = import_one(subs, tmp, f"sub{r}.sqlite3")
        times.append(took)
        cpus.append(time.process_time() - c0)
    print(f"import of {rep.imported} cards (parse included): median {statistics.median(times):.2f} s, "
          f"range {min(times):.2f}–{max(times):.2f} s wall over {a.runs} runs (CPU median {statistics.median(cpus):.2f} s)")
    st, rep, took = import_one(list(a.files), tmp, "all.sqlite3")
    print(f"all files together: cards {rep.imported} (total {rep.total}), import {took:.2f} s")
    t0, c0 = time.perf_counter(), time.process_time()
    cards = db.all_cards(st)
    CardIndex(cards)
    print(f"index of the imported store ({len(cards)} cards, name forms stored at import): "
          f"{time.perf_counter() - t0:.2f} s wall, {time.process_time() - c0:.2f} s CPU")
    rng = random.Random(a.seed)
    pad = [Card(key=f"pad:{i}", name=n, kind="creature") for i, n in enumerate(invented_names(max(0, a.pad - len(cards)), rng,
                                                                                         [c.name for c in cards]))]
    t0, c0 = time.perf_counter(), time.process_time()
    idx = CardIndex(cards + pad)
    print(f"index of {len(idx)} cards ({len(cards)} real + {len(pad)} invented names, their forms computed "
          f"now): {time.perf_counter() - t0:.2f} s wall, {time.process_time() - c0:.2f} s CPU")
    names = sorted({c.name for c in cards})
    queries = [(n, n) for n in names] + [(typo(n, rng), n) for n in names]
    for q, _ in queries:        # warm the caches (morphology of query words)
        idx.find(q)
    import gc

    gc.collect()
    lat: list[float] = []
    cpu: list[tuple[float, str]] = []
    ok_exact = ok_typo = 0
    misses = []
    for k, (q, want) in enumerate(queries):
        t0, c0 = time.perf_counter(), time.thread_time()
        hits = idx.find(q)
        lat.append((time.perf_counter() - t0) * 1000)
        cpu.append(((time.thread_time() - c0) * 1000, q))
        good = bool(hits) and name_words(hits[0].card.name) == name_words(want)
        if k < len(names):
            ok_exact += good
            if not good:
                misses.append(f"exact {q!r} -> {hits[0].card.name if hits else None!r}")
        else:
            ok_typo += good
            if not good and len(misses) < 12:
                misses.append(f"{q!r} -> {hits[0].card.name if hits else None!r} (want {want!r})")
    n = len(names)
    lat.sort()
    print(f"exact name rank-1: {ok_exact}/{n} = {100 * ok_exact / n:.2f} %")
    print(f"one random typo rank-1 (seed {a.seed}): {ok_typo}/{n} = {100 * ok_typo / n:.2f} %")
    print(f"lookup (warm, {len(lat)} queries on {len(idx)} cards): p50 {lat[len(lat) // 2]:.2f} ms, "
          f"p99 {lat[int(len(lat) * 0.99)]:.2f} ms, max {lat[-1]:.2f} ms")
    cpu.sort()
    print(f"lookup CPU time (thread time, not slowed by other processes): p50 {cpu[len(cpu) // 2][0]:.2f} ms, "
          f"p99 {cpu[int(len(cpu) * 0.99)][0]:.2f} ms; slowest: " + ", ".join(f"{q!r} {t:.1f}" for t, q in cpu[-4:]))
    # the same queries as a one-off process asks them (card NAME): only the cards the name
    # reaches, the whole index when that does not settle it (bot.cards.answer.find_hits)
    from dataclasses import replace

    from bot.cards.answer import _settled, pick
    from bot.cards.index import name_keys_of

    with st.transaction():
        db.upsert(st, [replace(c, name_keys=name_keys_of(c.name)) for c in pad])
    from bot.cards.name_keys import lookup_candidates

    near_ok = settled = 0
    for q, want in queries:
        hits = pick(CardIndex(lookup_candidates(st, q)).find(q, limit=8))
        if _settled(hits):
            settled += 1
        else:
            hits = pick(idx.find(q, limit=8))
        near_ok += bool(hits) and name_words(hits[0].card.name) == name_words(want)
    print(f"one-off lookup (card NAME in a fresh process): rank-1 {near_ok}/{len(queries)} = "
          f"{100 * near_ok / len(queries):.2f} % of exact + one-typo queries; settled without the whole index "
          f"{settled}/{len(queries)}")
    # process start to first answer on this store padded to --pad cards (CPU time of the child)
    import subprocess

    url = f"sqlite:///{tmp / 'all.sqlite3'}"
    st.close()
    named = rng.choice(names)
    for label, argv in (("ask, question names a card", ["ask", f"Может ли {named} атаковать летающее существо?"]),
                        ("ask, question names no card", ["ask", "Может ли симбиот атаковать летающее существо?"]),
                        ("card NAME", ["card", named.lower()])):
        cpus = []
        for _ in range(max(3, a.runs)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "bot", *argv], cwd=ROOT, capture_output=True, check=False,
                           env={**os.environ, "DATABASE_URL": url})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
        print(f"process start to first answer, {len(cards) + len(pad)} cards ({label}): median "
              f"{statistics.median(cpus):.0f} ms CPU, range {min(cpus):.0f}–{max(cpus):.0f} ms over {len(cpus)} runs")
    print(f"peak resident memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    for m in misses:
        print("    typo miss:", m)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
