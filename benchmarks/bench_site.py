"""Speed and size of the rulebook site (bot/site.py): render time and page weight.

Uses rulebook/5ed.yaml when built, else the site test fixture; also a 10x edition
(the same paragraphs renumbered) to see how the page grows.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rulebook import Rulebook, edition_path, load  # noqa: E402
from bot.site import render_edition  # noqa: E402

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "site_rulebook.yaml"


def _rulebook() -> tuple[str, Rulebook]:
    if edition_path("5ed").exists():
        return "5ed", load("5ed")
    return "fixture", Rulebook.load_file(FIXTURE)


def _times_ten(rb: Rulebook) -> Rulebook:
    sections, clauses = [], []
    for k in range(10):
        for s in rb.sections:
            sections.append({"number": f"{k}{s.number}", "title": s.title, "part": s.part})
        for c in rb.clauses:
            head, _, tail = c.number.partition(".")
            clauses.append({"number": f"{k}{head}" + (f".{tail}" if tail else ""), "section": f"{k}{c.section}",
                            "text": c.text, "examples": list(c.examples), "variants": list(c.variants),
                            "inferred": c.inferred})
    return Rulebook.from_dict({"edition": rb.edition + "x10", "title": rb.title, "sections": sections, "clauses": clauses})


def _render_ms(rb: Rulebook, repeat: int = 5) -> tuple[float, int]:
    render_edition(rb)  # warm the template cache
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        html = render_edition(rb)
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, len(html.encode("utf-8"))


def rows() -> list[tuple[str, float, str, str]]:
    name, rb = _rulebook()
    ms, size = _render_ms(rb)
    big = _times_ten(rb)
    ms10, size10 = _render_ms(big, repeat=2)
    return [
        (f"site: render {name} page ({len(rb.clauses)} paragraphs)", ms, "ms", ""),
        (f"site: {name} page size", size / 1024, "KiB", ""),
        (f"site: render 10x {name} page ({len(big.clauses)} paragraphs)", ms10, "ms", ""),
        (f"site: 10x {name} page size", size10 / 1024, "KiB", ""),
    ]
