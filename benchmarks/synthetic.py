"""A generated edition N times larger than a real one, for the speed benchmarks.

New paragraphs are built by recombining the real paragraphs' sentences (so the
vocabulary and sentence lengths are realistic) under new section and paragraph
numbers; the real paragraphs stay, so real questions still have their answers.
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import yaml

_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")


def scaled_edition(data: dict, factor: int = 10, seed: int = 7, name: str = "x10") -> dict:
    """The edition mapping ``data`` (YAML shape of bot.rulebook) grown to about
    ``factor`` × as many clauses; deterministic for a given ``seed``."""
    rng = random.Random(seed)
    clauses = list(data["clauses"])
    sentences = [s for c in clauses for s in _SENTENCE.split(c["text"]) if len(s) > 15]
    titles = [s["title"] for s in data.get("sections", [])] or ["Раздел"]
    per_section = 12
    new_sections, new_clauses = [], []
    want = len(clauses) * (factor - 1)
    sec = 600
    while len(new_clauses) < want:
        new_sections.append({"number": str(sec), "title": rng.choice(titles)})
        for i in range(1, per_section + 1):
            if len(new_clauses) >= want:
                break
            text = " ".join(rng.sample(sentences, rng.randint(1, 3)))
            new_clauses.append({"number": f"{sec}.{i}", "section": str(sec), "text": text})
        sec += 1
    return {
        "edition": name,
        "title": f"{data.get('title', '')} ×{factor} (synthetic)",
        "sections": list(data.get("sections", [])) + new_sections,
        "clauses": clauses + new_clauses,
    }


@contextmanager
def editions_dir(extra: dict[str, dict]):
    """Temporarily make ``bot.rulebook`` read editions from a scratch folder holding
    copies of the real editions plus ``extra`` (name -> mapping); restores on exit."""
    import bot.rulebook as rb

    real = rb.rulebook_dir()
    tmp = Path(tempfile.mkdtemp(prefix="bench_rulebook_"))
    for p in real.glob("*.yaml"):
        shutil.copy(p, tmp / p.name)
    for name, data in extra.items():
        (tmp / f"{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    old = rb.rulebook_dir
    rb.rulebook_dir = lambda: tmp
    rb.load.cache_clear()
    try:
        yield tmp
    finally:
        rb.rulebook_dir = old
        rb.load.cache_clear()
        shutil.rmtree(tmp, ignore_errors=True)
