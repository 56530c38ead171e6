"""Rulebook speed: import of the seed pages, loading an edition file, the glossary
(rule lookup by number: bench_core)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, ROOT, Config, Row, Runs, percentile, time_each, time_once  # noqa: E402

SOURCES = sorted((ROOT / "rulebook" / "sources").glob("*.txt"))
TERM_FORMS = ["пасом", "медленных игродействий", "симбиота", "pass", "летающее существо", "стеком", "хозяина",
              "экипировки", "вскрытия", "бестелесного", "артефакту", "неизвестное"]


def rows(cfg: Config = FULL) -> list[Row]:
    from bot import glossary
    from bot.importer import import_sources
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import Rulebook, edition_path

    runs = Runs()
    first = time_once(lambda: import_sources(SOURCES, DEFAULT_EDITION))
    for _ in range(cfg.runs):
        runs.add("import", time_once(lambda: import_sources(SOURCES, DEFAULT_EDITION)))
        runs.add("load", time_once(lambda: Rulebook.load_file(edition_path(DEFAULT_EDITION))))
        glossary._edition_terms.cache_clear()
        runs.add("terms", time_once(lambda: glossary.terms(DEFAULT_EDITION)))
        forms = TERM_FORMS * max(1, cfg.questions // len(TERM_FORMS))
        runs.add("term", percentile(time_each(glossary.lookup_term, forms), 99))
    v = runs.values
    return [
        Row(f"rulebook import of {len(SOURCES)} seed pages (first, incl. imports)", [first], "ms"),
        Row(f"rulebook import of {len(SOURCES)} seed pages (again)", v["import"], "ms"),
        Row(f"rulebook load {DEFAULT_EDITION}.yaml (YAML parse)", v["load"], "ms"),
        Row("glossary: defining paragraphs of all terms", v["terms"], "ms"),
        Row("glossary lookup_term p99 (warm)", v["term"], "ms", "< 1"),
    ]
