"""``ask`` latency on questions the rule-text route answers (issue 14: p99 < 20 ms warm on
5ed, < 50 ms on a 600-paragraph edition), and the time to read an edition's sentences into
propositions (built once per edition, on first use).

Questions: every proposition-bearing sentence of 5ed turned into a question, positive and
negated (the predicate made positive or negated, «?» appended), plus «что будет с …»
questions; and the chat-style development questions on the full-layout test edition
(``tests/data/edition_tested.html``, 220 paragraphs). The 600-paragraph edition is 5ed grown 7× by ``benchmarks.synthetic`` (its own
paragraphs stay in it, so the same questions meet the same sentences among 6× more).
Each run empties every per-word and per-question cache first (``clear_word_caches``).

    python benchmarks/bench_rule_text.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import FULL, Config, Row, Runs, Table, clear_word_caches, time_each, time_once  # noqa: E402
from benchmarks.synthetic import editions_dir, scaled_edition  # noqa: E402


def _flip(sentence: str, verb: str, positive: bool) -> str:
    s = re.sub(r"\s*\([^()]*\)", "", sentence)
    base = verb.removeprefix("не ")
    new = base if positive else "не " + base
    if base in ("нельзя", "можно"):
        new = "можно" if positive else "нельзя"
    m = list(re.finditer(rf"(?i)(?<![а-яё])(не )?{re.escape(verb if base == 'нельзя' else base)}(?![а-яё])", s))
    if m:
        a, b = m[-1].span()
        s = s[:a] + (new if s[a].islower() else new[:1].upper() + new[1:]) + s[b:]
    return s.rstrip(". ") + "?"


def questions(edition: str = "5ed") -> list[str]:
    """Questions from the edition's own propositions (see the module docstring)."""
    from bot.rules_text.index import index_for

    out: list[str] = []
    for p in index_for(edition).props:
        out += [_flip(p.sentence, p.verb, True), _flip(p.sentence, p.verb, False)]
    out += ["Что будет с небестелесным симбиотом, если существо стало бестелесным?",
            "Что будет с экипировкой, если хозяин экипировки перестаёт быть небестелесным существом?",
            "Может ли симбиот перемещаться?", "Может ли игрок взять в отряд местность?"]
    return list(dict.fromkeys(out))


def _rows_for(cfg: Config, edition: str, qs: list[str], target: str) -> list[Row]:
    from bot import rules_text
    from bot.judge import ask
    from bot.rulebook import load
    from bot.rules_text.index import build

    rb = load(edition)
    runs = Runs()
    for q in qs:
        ask(q, edition)
    n_rt = sum(ask(q, edition).route == "rule_text" for q in qs)
    for _ in range(cfg.runs):
        clear_word_caches([edition])
        runs.add_percentiles(f"ask, rule-text questions ({edition})", time_each(lambda q: ask(q, edition), qs))
        runs.add(f"propositions of {edition} built ({len(rb.clauses)} paragraphs)", time_once(lambda: build(rb)))
    assert rules_text
    label = f"{len(qs)} questions, {n_rt} answered by rule_text"
    return [
        Row(f"ask, rule-text questions ({edition}) p50 ({label})", runs.values[f"ask, rule-text questions ({edition}) p50"], "ms"),
        Row(f"ask, rule-text questions ({edition}) p99 ({label})", runs.values[f"ask, rule-text questions ({edition}) p99"], "ms", target),
        runs.row(f"propositions of {edition} built ({len(rb.clauses)} paragraphs)"),
    ]


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.rulebook import edition_path

    qs = questions("5ed")
    if cfg.questions < len(qs):
        qs = qs[: max(cfg.questions, 20)]
    out = _rows_for(cfg, "5ed", qs, "< 20")
    data = yaml.safe_load(edition_path("5ed").read_text(encoding="utf-8"))
    big = scaled_edition(data, factor=7, name="x7")
    with editions_dir({"x7": big}):
        out += _rows_for(cfg, "x7", qs, "< 50")
    out += _tested_rows(cfg)
    return out


def _tested_rows(cfg: Config) -> list[Row]:
    """The chat-style development questions (tests/data/rule_text_dev.yaml) on the
    full-layout test edition, imported into a temporary user folder."""
    import os
    import tempfile

    from benchmarks.score_rule_text import DEV_SET, _clear, import_tested

    cases = yaml.safe_load(DEV_SET.read_text(encoding="utf-8"))
    qs = [str(c["q"]) for c in cases]
    old = os.environ.get("BERSERK_USER_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            ed = import_tested(Path(tmp) / "user")
            return _rows_for(cfg, ed, qs, "< 20")
        finally:
            if old is None:
                os.environ.pop("BERSERK_USER_DIR", None)
            else:
                os.environ["BERSERK_USER_DIR"] = old
            _clear()


if __name__ == "__main__":
    print(Table(rows()).render())
