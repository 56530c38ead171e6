"""Import a real complete rulebook page into a temporary folder and print what came out.

    python benchmarks/import_real.py /tmp/feralyst/expanded-rules.html [--clauses 452] [--dictionary 96]

The page (e.g. the archived classic «Расширенные правила», delebedev/feralyst
docs/rules/source/expanded-rules.html.txt) is never committed: only these figures are
reported. Printed figures:

- numbered clauses with their printed numbers (``inferred: false``), of the reference count;
- dictionary entries that the edition's glossary finds as terms of that edition, of the reference;
- invented sections: sections of the edition whose number is not printed as a «NNN.» header
  in the page text (checked on the raw page, independently of the importer);
- rule effects of the simulator bound to the edition's paragraphs by content, of all effects
  (``--bindings`` lists the pairs, effect number -> paragraph, to check them by hand);
- import time: median and range over ``--runs`` runs (seconds).
"""

from __future__ import annotations

import argparse
import html
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page", type=Path)
    ap.add_argument("--clauses", type=int, default=452, help="reference number of numbered clauses")
    ap.add_argument("--dictionary", type=int, default=96, help="reference number of dictionary entries")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--edition", default="real-import")
    ap.add_argument("--bindings", action="store_true", help="list every bound effect with both texts")
    args = ap.parse_args(argv)

    from bot.importer import import_sources, write_edition
    from bot.rulebook import Rulebook

    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        data, report = import_sources([args.page], args.edition)
        times.append(time.perf_counter() - t)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_edition(data, Path(tmp))
        rb = Rulebook.load_file(path)
        t = time.perf_counter()
        found = _glossary_hits(rb)
        gloss_s = time.perf_counter() - t
        from bot.sim.binding import binding_of, effects

        bound = {k: v for k, v in binding_of(rb).items() if v}

    raw = html.unescape(args.page.read_text(encoding="utf-8", errors="replace"))
    text = re.sub(r"<[^>]+>", "\n", raw)
    printed_sections = set(re.findall(r"(?m)^\s*(\d{2,3})\.\s*\S", text))
    invented = [s.number for s in rb.sections if s.number not in printed_sections]
    printed = [c for c in rb.clauses if not c.inferred]
    print(f"page: {args.page.name}")
    print(f"numbered clauses with printed numbers: {len(printed)} of {args.clauses}")
    print(f"sections: {len(rb.sections)}; invented sections: {len(invented)} {invented or ''}")
    print(f"dictionary entries: {len(rb.dictionary)}; as glossary terms of the edition: {found} of {args.dictionary}")
    print(f"glossary of the edition built in {gloss_s:.2f} s")
    print(f"rule effects bound by content: {len(bound)} of {len(effects())}")
    if args.bindings:
        from bot.rulebook import load

        seed = load("5ed")
        for k, v in bound.items():
            print(f"  {k} {seed.get(k).text[:100]}\n    -> {v} {rb.get(v).text[:160]}")
    print(f"import time: median {statistics.median(times):.3f} s, range {min(times):.3f}–{max(times):.3f} s over {len(times)} runs")
    for line in report.notes[:10]:
        print("  note:", line)
    return 0


def _glossary_hits(rb) -> int:
    """How many dictionary entries are glossary terms of this edition carrying that entry."""
    from bot.glossary import edition_terms_of, find_term

    terms = edition_terms_of(rb)
    hits = 0
    for e in rb.dictionary:
        t = find_term(terms, e.term)  # looked up by its printed name, as a user would
        hits += t is not None and t.entry is e and t.edition == rb.edition
    return hits


if __name__ == "__main__":
    raise SystemExit(main())
