"""Rule pages named by what they are: «Правила 5-й редакции: разделы 209–212, 301–304».

An edition records, for each clause, the pages (``sources``: file names such as
«000_ec5f41f764c60386.txt») it was read from. Users are shown a page's *title* instead:
the edition's rules («Правила 5-й редакции») and the sections whose paragraphs the page
holds, consecutive section numbers written as a range. The title is computed from the
loaded edition (no page file is needed), so every edition YAML gets it, old or new.
Two pages that would get the same title are told apart by their paragraph range
(«пп. 209.1–209.11»), and, if still equal, by the file name.
"""

from __future__ import annotations

import re
from collections import Counter

from bot.rulebook import Rulebook, number_key

_INT = re.compile(r"\d+")


def edition_rules_title(edition: str) -> str:
    """«Правила 5-й редакции» for ``5ed`` (any «<N>ed»), else «Правила редакции <name>»."""
    m = re.fullmatch(r"(\d+)ed", edition)
    return f"Правила {m.group(1)}-й редакции" if m else f"Правила редакции {edition}"


def section_ranges(sections: list[str]) -> str:
    """Section numbers -> «раздел 209» / «разделы 209–212, 301–304»: sorted, runs of
    consecutive whole numbers joined by «–»; other numbers listed one by one."""
    ordered = sorted(set(sections), key=lambda s: number_key(s) if re.fullmatch(r"\d+(?:\.\d+)*", s) else (10**9,))
    runs: list[list[str]] = []
    for s in ordered:
        if runs and _INT.fullmatch(s) and _INT.fullmatch(runs[-1][-1]) and int(s) == int(runs[-1][-1]) + 1:
            runs[-1].append(s)
        else:
            runs.append([s])
    text = ", ".join(r[0] if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
    return ("раздел " if len(ordered) == 1 else "разделы ") + text


def page_titles(rb: Rulebook) -> dict[str, str]:
    """{file name: title} for every page the edition's clauses name, e.g.
    ``{"003_a9ef4a6298fdc175.txt": "Правила 5-й редакции: раздел 209"}``.
    In rulebook order of each page's first paragraph; computed once per loaded
    ``Rulebook`` and kept on it."""
    cached = rb.__dict__.get("_page_titles")
    if cached is not None:
        return cached
    sections: dict[str, list[str]] = {}
    numbers: dict[str, list[str]] = {}
    for c in rb.clauses:
        for src in c.sources:
            sections.setdefault(src, []).append(c.section)
            numbers.setdefault(src, []).append(c.number)
    head = edition_rules_title(rb.edition)
    titles = {src: f"{head}: {section_ranges(secs)}" for src, secs in sections.items()}
    clash = _clashing(titles)
    for src in clash:
        nums = sorted(numbers[src], key=number_key)
        titles[src] += f" (пп. {nums[0]}–{nums[-1]})" if nums[0] != nums[-1] else f" (п. {nums[0]})"
    for src in _clashing(titles):
        titles[src] += f", {src}"
    rb.__dict__["_page_titles"] = titles
    return titles


def _clashing(titles: dict[str, str]) -> list[str]:
    """The pages whose title another page has too."""
    counts = Counter(titles.values())
    return [src for src, t in titles.items() if counts[t] > 1]


def source_titles(rb: Rulebook, sources) -> list[str]:
    """The titles of ``sources`` (file names of ``rb``'s pages), in their order; a name
    the edition does not know stays as it is."""
    titles = page_titles(rb)
    return [titles.get(s, s) for s in sources]
