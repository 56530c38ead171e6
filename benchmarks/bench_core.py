"""Core speed rows (DESIGN.md «Speed»): process start to first answer (< 1 s), rule
lookup by number, section and range (< 1 ms) on the seed and the 10x edition,
resident memory after 2,000 answers (< 150 MB)."""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, ROOT, Config, Row, Runs, clock_name, time_each, worker  # noqa: E402
from benchmarks.synthetic import editions_dir, scaled_edition  # noqa: E402

FIRST_QUESTIONS = {
    "search question": "Что такое пас?",
    "scenario question": "Можно ли положить симбиота на летающее существо?",
    "card text in «…»": "Как работает «Уничтожить ваше существо – разряд на 4»?",
    "rule number": "209.5",
}


def start_ms(question: str, env: dict[str, str] | None = None, command: str = "ask") -> float:
    """Time (ms) of ``python -m bot COMMAND QUESTION`` (``ask`` by default, or ``card``)
    in a fresh process (``env`` added to its environment): its CPU time (user + system)
    with the ``cpu`` clock, elapsed time with ``wall``."""
    import os

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "bot", command, question], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, **(env or {})})
    wall = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall if clock_name() == "wall" else cpu


def rule_queries(rb, n: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """``n`` lookups as players type them (numbers, «п.»/«§» forms, sections, lettered
    items, unknown numbers) and ``n`` ranges inside a section, of rulebook ``rb``."""
    numbers = [c.number for c in rb.clauses]
    sections = [s.number for s in rb.sections]
    forms = ("{}", "п. {}", "п.{}", "§{}", "пункт {}", "{}.")
    out = []
    for _ in range(n):
        r = rng.random()
        x = rng.choice(numbers) if r < 0.75 else rng.choice(sections) if r < 0.9 else f"{rng.randint(100, 999)}.{rng.randint(1, 60)}"
        out.append(rng.choice(forms).format(x))
    ranges = []
    by_section: dict[str, list[str]] = {}
    for c in rb.clauses:
        by_section.setdefault(c.number.split(".")[0], []).append(c.number)
    groups = [g for g in by_section.values() if len(g) >= 2]
    for _ in range(n):
        g = rng.choice(groups)
        i = rng.randrange(len(g) - 1)
        j = rng.randrange(i + 1, len(g))
        ranges.append(f"{g[i]}{rng.choice(('-', '–', ' - '))}{g[j]}")
    return out, ranges


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.lookup import resolve, rule_answer
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import edition_path, load

    runs = Runs()
    for _ in range(cfg.runs):
        for label, q in FIRST_QUESTIONS.items():
            runs.add(f"process start to first answer ({label})", start_ms(q))
        mem = worker("memory", answers=cfg.answers, seed=cfg.seed + 500 + _)
        runs.add("mem", mem["rss_mb"])
        runs.add("peak", mem["peak_mb"])
    out = [runs.row(f"process start to first answer ({label})", target="< 1000") for label in FIRST_QUESTIONS]
    out.append(Row(f"resident memory after {cfg.answers:,} answers (VmRSS)", runs.values["mem"], "MB", "< 150"))
    out.append(Row(f"resident memory peak after {cfg.answers:,} answers (VmHWM)", runs.values["peak"], "MB", "< 150"))

    base = yaml.safe_load(edition_path(DEFAULT_EDITION).read_text(encoding="utf-8"))
    with editions_dir({cfg.large: scaled_edition(base, cfg.factor, name=cfg.large)}):
        for edition in (DEFAULT_EDITION, cfg.large):
            rb = load(edition)
            runs = Runs()
            for r in range(cfg.runs):
                queries, ranges = rule_queries(rb, cfg.questions, random.Random(cfg.seed + 600 + r))
                runs.add_percentiles("get", time_each(rb.get, [q.split()[-1].rstrip(".").lstrip("§п.") for q in queries]))
                runs.add_percentiles("resolve", time_each(lambda q: resolve(q, rb), queries))
                runs.add_percentiles("answer", time_each(lambda q: rule_answer(q, edition), queries))
                runs.add_percentiles("range", time_each(lambda q: rule_answer(q, edition), ranges))
            n = len(rb.clauses)
            out += [
                Row(f"rule lookup Rulebook.get p99 ({edition}, {n} paragraphs)", runs.values["get p99"], "ms", "< 1"),
                Row(f"rule lookup resolve p99 ({edition}: numbers, sections, unknown)", runs.values["resolve p99"], "ms", "< 1"),
                Row(f"rule answer rule_answer p50 ({edition})", runs.values["answer p50"], "ms"),
                Row(f"rule answer rule_answer p99 ({edition})", runs.values["answer p99"], "ms", "< 1"),
                Row(f"rule range rule_answer p99 ({edition})", runs.values["range p99"], "ms", "< 1"),
            ]
    return out
