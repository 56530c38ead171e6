"""Search and ask latency (DESIGN.md «Speed»): p50/p99 over the dev questions,
warm, on the bundled edition and on a generated edition 10× larger."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import percentiles_ms  # noqa: E402
from benchmarks.synthetic import editions_dir, scaled_edition  # noqa: E402


def _questions() -> list[str]:
    data = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
    qs = [c["q"] for c in data]
    # plus typed-with-typos variants, which take the rapidfuzz path
    return qs + ["пожно ли положть симбиота на летающего", "может ли сущестов хадить по диоганали", "как приготовить борщ?"]


def _clear_word_caches() -> None:
    from bot import morph, search

    for f in (morph.lemma, morph.pos, search.word_term, search._fold_cached, search.canonical, search._negation_base):
        f.cache_clear()


def rows() -> list[tuple[str, float, str, str]]:
    from bot import judge, search
    from bot.paths import DEFAULT_EDITION
    from bot.rulebook import load

    qs = _questions()
    out = []
    with editions_dir({"x10": scaled_edition(yaml.safe_load(open(ROOT / "rulebook" / f"{DEFAULT_EDITION}.yaml", encoding="utf-8")), 10)}):
        for edition, target in ((DEFAULT_EDITION, "< 20 ms"), ("x10", "< 50 ms")):
            n = len(load(edition).clauses)
            # initialise every route once (index, grammar), with questions not in the set
            for warm in ("Можно ли атаковать экипировку?", "Что значит «Закрыться: разряд на 2 или излечить на 2»?"):
                judge.ask(warm, edition)
            _clear_word_caches()  # cold: every question word goes through pymorphy3/rapidfuzz again
            p50, p99 = percentiles_ms(lambda q: judge.ask(q, edition), qs, repeat=1)
            out.append((f"ask p50, first time each question ({edition})", p50, "ms", target))
            out.append((f"ask p99, first time each question ({edition})", p99, "ms", target))
            for q in qs:  # warm: index built, lemmas cached
                judge.ask(q, edition)
            p50, p99 = percentiles_ms(lambda q: search.search(q, 5, edition), qs, repeat=5)
            out.append((f"search p50 ({edition}, {n} paragraphs)", p50, "ms", target))
            out.append((f"search p99 ({edition}, {n} paragraphs)", p99, "ms", target))
            p50, p99 = percentiles_ms(lambda q: judge.ask(q, edition), qs, repeat=5)
            out.append((f"ask p50 ({edition})", p50, "ms", target))
            out.append((f"ask p99 ({edition})", p99, "ms", target))
            search.index_for.cache_clear()
            import time

            t = time.perf_counter()
            search.index_for(edition)
            out.append((f"search index rebuild, word caches warm ({edition})", (time.perf_counter() - t) * 1000, "ms", ""))
    search.index_for.cache_clear()
    return out


if __name__ == "__main__":
    for r in rows():
        print(f"{r[0]:<58} {r[1]:>10.3f} {r[2]:<4} {r[3]}")
