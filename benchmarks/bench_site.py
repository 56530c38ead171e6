"""Speed and size of the rulebook site (bot/site.py): render time and page weight,
for the default edition and a 10x one (the same paragraphs renumbered)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, time_once  # noqa: E402


def _times(rb, factor: int):
    """``rb`` repeated ``factor`` times: the first copy as it is, copy k > 0 under sections
    600 + 40·(k-1) + i (a paragraph number has a three-digit section: «0209.1» is none)."""
    from bot.rulebook import Rulebook

    order = {s.number: i for i, s in enumerate(rb.sections)}
    if len(order) > 40 or 600 + 40 * (factor - 1) > 999:
        raise ValueError(f"bench_site: {len(order)} sections × {factor} copies do not fit three-digit numbers")

    def renum(number: str, k: int) -> str:
        head, dot, tail = number.partition(".")
        return number if k == 0 else f"{600 + 40 * (k - 1) + order.get(head, 0)}{dot}{tail}"

    sections, clauses = [], []
    for k in range(factor):
        for s in rb.sections:
            sections.append({"number": renum(s.number, k), "title": s.title, "part": s.part})
        for c in rb.clauses:
            clauses.append({"number": renum(c.number, k), "section": renum(c.section, k),
                            "text": c.text, "examples": list(c.examples), "variants": list(c.variants),
                            "inferred": c.inferred})
    return Rulebook.from_dict({"edition": f"{rb.edition}x{factor}", "title": rb.title, "sections": sections, "clauses": clauses})


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import load
    from bot.site import render_edition

    rb = load(DEFAULT_EDITION)
    big = _times(rb, cfg.factor)
    sizes = {}
    runs = Runs()
    render_edition(rb)  # template cache
    for _ in range(cfg.runs):
        for name, book in ((DEFAULT_EDITION, rb), (big.edition, big)):
            html: list[str] = []
            runs.add(name, time_once(lambda: html.append(render_edition(book))))
            sizes[name] = len(html[0].encode("utf-8")) / 1024
    out = []
    for name, book in ((DEFAULT_EDITION, rb), (big.edition, big)):
        out.append(Row(f"site: render {name} page ({len(book.clauses)} paragraphs)", runs.values[name], "ms"))
        out.append(Row(f"site: {name} page size", [sizes[name]], "KiB"))
    return out
