"""Measure the card-text grammar on a real card corpus without shipping it.

    python benchmarks/card_corpus.py FILE.json [--top 12] [--examples 2] [--timing]
    python benchmarks/card_corpus.py FILE.json --sample 60 --seed 1207   # texts to judge

FILE is a card database mirrored from a public repository (never committed: the texts
have no licence). Two formats are read:

- a JSON list of cards with the text in ``"text"`` (EshiNanase/parse_proberserk
  ``data/nxt_data.json``: icons written ``{tap}``);
- a JSON list of cards with the text in ``"desc"`` (FREEKILLER201020/berserk_3
  ``cards_parser/all_cards.json``: icons written ``[:tap]``, normalised to the
  grammar's names by ``bot.textnorm.normalize_card_text`` via grammar/icons.yaml);
- or a plain text file, one card text per line (``\\n`` inside a line = line break).

Prints, over the non-empty texts: complete / partial / failed (``ParseError``) counts,
typed (complete and every effect leaf has an ``action``; the card's name is passed to
the parser, so «уничтожьте <имя>» is the card itself), the top families of what is
not read (grouped by the shape of the reason, with counts and two examples each), the
actions that occur, and with ``--timing`` p50 / p99 parse time per text (warm).
``--sample N --seed S`` instead prints N complete parses drawn at random (the seed
fixed before looking) as text + tree, for judging text against tree by hand.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.abilities.parser import parse  # noqa: E402
from bot.abilities.tree_text import format_tree  # noqa: E402
from bot.errors import ParseError  # noqa: E402


def load_cards(path: Path) -> list[tuple[str, str | None]]:
    """``(text, card name)`` of the non-empty card texts of ``path`` (JSON list with
    ``text`` or ``desc`` and ``name``, or one text per line with no name)."""
    raw = path.read_text(encoding="utf-8")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, list):
        out = []
        for card in data:
            if not isinstance(card, dict):
                continue
            t = card.get("text") if "text" in card else card.get("desc")
            if isinstance(t, str) and t.strip():
                name = card.get("name")
                out.append((t, name if isinstance(name, str) else None))
        return out
    return [(ln.replace("\\n", "\n"), None) for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")]


def load_texts(path: Path) -> list[str]:
    """The non-empty card texts of ``path`` (see ``load_cards``)."""
    return [t for t, _ in load_cards(path)]


def family(reason: str, text: str) -> str:
    """A family of failures: the reason with its specifics dropped, plus the first
    word of what was left unread (the shape that failed)."""
    r = re.sub(r"«[^»]*»", "«…»", reason)
    r = re.sub(r"\d+", "N", r)
    r = r.split(", ожидалось")[0]
    head = re.match(r"\s*(\{[a-z_]+\}|[^\s,.;:]+)", text)
    return f"{r} | {head.group(1).casefold() if head else ''}"


def measure(cards: list[tuple[str, str | None]], top: int, examples: int, timing: bool) -> None:
    counts: Counter = Counter()
    fams: Counter = Counter()
    fam_ex: dict[str, list[str]] = defaultdict(list)
    actions: Counter = Counter()
    untyped_leaves: Counter = Counter()
    leaves = typed_leaves = 0
    times: list[float] = []
    texts = [t for t, _ in cards]
    for text, name in cards:
        t0 = time.perf_counter()
        try:
            res = parse(text, name)
        except ParseError as err:
            times.append((time.perf_counter() - t0) * 1000)
            counts["failed"] += 1
            f = "ошибка: " + family(str(err).split(":")[0], "")
            fams[f] += 1
            if len(fam_ex[f]) < examples:
                fam_ex[f].append(text)
            continue
        times.append((time.perf_counter() - t0) * 1000)
        counts["complete" if res.complete else "partial"] += 1
        if res.typed:
            counts["typed"] += 1
        if res.ast is not None:
            for n in res.ast.walk():
                if n.kind == "effect":
                    leaves += 1
                    a = n.attr("action")
                    if a:
                        typed_leaves += 1
                        actions[a] += 1
                    else:
                        w = re.match(r"\s*(\{[a-z_]+\}|[^\s,.;:]+)", n.text)
                        untyped_leaves[w.group(1).casefold() if w else ""] += 1
        seen = set()
        for u in res.unparsed:
            f = family(u.reason, u.text)
            if f in seen:
                continue
            seen.add(f)
            fams[f] += 1
            if len(fam_ex[f]) < examples:
                fam_ex[f].append(u.text[:160].replace("\n", " | ") + "   <<  " + text[:200].replace("\n", " | "))
    n = len(texts)

    def pct(k: str) -> str:
        return f"{counts[k]} ({100.0 * counts[k] / n:.1f} %)" if n else "0"

    print(f"texts: {n}")
    print(f"complete: {pct('complete')}   partial: {pct('partial')}   failed: {pct('failed')}")
    print(f"typed (complete, every effect typed): {pct('typed')}")
    if leaves:
        print(f"effect leaves: {leaves}, typed {typed_leaves} ({100.0 * typed_leaves / leaves:.1f} %)")
    if timing and times:
        # warm: each text's best of 5 runs (the machine is shared: single runs are noisy)
        times = []
        per_char: dict[int, list[float]] = defaultdict(list)
        for text, name in cards:
            best = float("inf")
            for _ in range(5):
                t0 = time.perf_counter()
                try:
                    parse(text, name)
                except ParseError:
                    pass
                best = min(best, (time.perf_counter() - t0) * 1000)
            times.append(best)
            per_char[min(len(text) // 200, 4)].append(1000 * best / len(text))
        s = sorted(times)
        print(f"time per text (warm, best of 5): p50 {s[len(s) // 2]:.2f} ms, p99 {s[int(len(s) * 0.99)]:.2f} ms, "
              f"max {s[-1]:.2f} ms")
        print("µs per character (median) by length: " + ", ".join(
            f"{200 * k}–{200 * k + 199}: {sorted(v)[len(v) // 2]:.1f}" for k, v in sorted(per_char.items())))
    print(f"\ntop {top} families of what is not read (texts):")
    for f, c in fams.most_common(top):
        print(f"  {c:4d}  {f}")
        for ex in fam_ex[f]:
            print(f"          e.g. {ex}")
    if actions:
        print("\nactions:", ", ".join(f"{a} {c}" for a, c in actions.most_common()))
    if untyped_leaves:
        print("untyped leaves by first word:", ", ".join(f"{w} {c}" for w, c in untyped_leaves.most_common(25)))


def sample(cards: list[tuple[str, str | None]], size: int, seed: int) -> None:
    """Print ``size`` complete parses drawn with ``seed`` (drawn before looking)."""
    complete = []
    for i, (text, name) in enumerate(cards):
        try:
            res = parse(text, name)
        except ParseError:
            continue
        if res.complete:
            complete.append((i, res))
    rng = random.Random(seed)
    for k, (i, res) in enumerate(rng.sample(complete, min(size, len(complete))), 1):
        print(f"### {k} (text {i})\n{res.text}\n{format_tree(res.ast)}\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--examples", type=int, default=2)
    ap.add_argument("--timing", action="store_true")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    cards = load_cards(a.file)
    if a.sample:
        sample(cards, a.sample, a.seed)
    else:
        measure(cards, a.top, a.examples, a.timing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
