"""Card-text parser speed (DESIGN.md «Speed»: a card text parses in < 2 ms, p99 warm,
and in time linear in its length).

Texts per run: ``Config.questions`` distinct card texts (tests/data texts with their
numbers re-rolled, some two joined on one card), never parsed before in the process
for the warm rows; the same set after every per-word cache was emptied for the cold
rows. Length: a 2,000- and a 19,000-character card (whole texts joined) and 19,000
characters of noise (the recovery path); linearity is the ratio of the time per
character of the long card to that of the short one (1 = linear).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, clear_word_caches, time_each, time_once  # noqa: E402
from benchmarks.questions import _reroll_numbers, card_texts  # noqa: E402


def _safe_parse(text: str) -> None:
    from bot.abilities.parser import parse

    try:
        parse(text)
    except ValueError:  # ParseError: not card text at all — timed all the same
        pass


def texts(n: int, seed: int, exclude: set[str]) -> list[str]:
    """``n`` distinct card texts not in ``exclude`` (added to it)."""
    rng = random.Random(seed)
    base = card_texts()
    out: list[str] = []
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        t = _reroll_numbers(rng.choice(base), rng)
        if rng.random() < 0.25:
            t = t.rstrip(".") + ".\n" + _reroll_numbers(rng.choice(base), rng)
        if t not in exclude:
            exclude.add(t)
            out.append(t)
    return out


def _long_text(n: int) -> str:
    """Whole corpus texts joined by ". " up to about ``n`` characters (never cut inside
    a text: a cut «» would make it an input error instead of a parse)."""
    base = card_texts()
    out, size, i = [], 0, 0
    while True:
        t = base[i % len(base)].rstrip(".").replace("\n", " ")
        if out and size + len(t) + 2 > n:
            break
        out.append(t)
        size += len(t) + 2
        i += 1
    return ". ".join(out) + "."


def rows(cfg: Config = FULL) -> list[Row]:
    seen: set[str] = set()
    for t in card_texts():  # warm-up: grammar, morphology of the corpus words
        _safe_parse(t)
        seen.add(t)
    cold = texts(cfg.questions, cfg.seed + 700, seen)
    short, long_ = _long_text(2000), _long_text(19_000)
    rng = random.Random(cfg.seed)
    noise = "".join(rng.choice("абвгд ежз@#;,.–X{}()") for _ in range(19_000))
    runs = Runs()
    for r in range(cfg.runs):
        clear_word_caches()
        runs.add_percentiles("cold", time_each(_safe_parse, cold))
        warm = texts(cfg.questions, cfg.seed + 710 + r, seen)
        samples = time_each(_safe_parse, warm)
        runs.add_percentiles("warm", samples)
        runs.add("per second", len(warm) / (sum(samples) / 1000))
        s = time_once(lambda: _safe_parse(short))
        lg = time_once(lambda: _safe_parse(long_))
        runs.add("short", s)
        runs.add("long", lg)
        runs.add("ratio", (lg / len(long_)) / (s / len(short)))
        runs.add("noise", time_once(lambda: _safe_parse(noise)))
    v = runs.values
    return [
        Row("parse: card texts per second (warm, new texts)", v["per second"], "texts/s"),
        Row("parse: one card text p50 (warm, new texts)", v["warm p50"], "ms", "< 2"),
        Row("parse: one card text p99 (warm, new texts)", v["warm p99"], "ms", "< 2"),
        Row("parse: one card text p50 (cold caches)", v["cold p50"], "ms"),
        Row("parse: one card text p99 (cold caches)", v["cold p99"], "ms"),
        Row(f"parse: {len(short):,}-character card", v["short"], "ms"),
        Row(f"parse: {len(long_):,}-character card", v["long"], "ms"),
        Row(f"parse: time per character, {len(long_):,} vs {len(short):,} characters (1 = linear)", v["ratio"], "×", "< 2"),
        Row("parse: 19,000 characters of noise (recovery path)", v["noise"], "ms"),
    ]
