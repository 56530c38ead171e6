"""Score the rule-text route on judge questions about the full-layout test edition
(issue 14): ``tests/data/edition_tested.html`` imported as «tested» into a temporary user
folder, every question of a set asked with ``bot.judge.ask`` on that edition.

A set is a YAML list in the format of ``benchmarks/score_questions.py`` (``q``, ``cites``,
``verdict``, ``family``), plus ``decides: false`` for a question the edition does not
decide: right when no verdict is given, wrong otherwise. The others are scored as
``score_questions.score_one`` scores them (right / wrong / cites off / no verdict).

    python benchmarks/score_rule_text.py                      # tests/data/rule_text_dev.yaml
    python benchmarks/score_rule_text.py SET.yaml -v          # also every question not right
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.score_questions import report, score_one  # noqa: E402

DEV_SET = ROOT / "tests" / "data" / "rule_text_dev.yaml"
EDITION_HTML = ROOT / "tests" / "data" / "edition_tested.html"


def import_tested(user_dir: Path) -> str:
    """Import the test edition into ``user_dir`` (set as ``BERSERK_USER_DIR``); its name."""
    from bot.cli import main

    os.environ["BERSERK_USER_DIR"] = str(user_dir)
    _clear()
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        if main(["rulebook", "import", str(EDITION_HTML), "--edition", "tested"]) != 0:
            raise SystemExit("import of the test edition failed")
    _clear()
    return "tested"


def _clear() -> None:
    import bot.search
    from bot import glossary
    from bot.rulebook import load
    from bot.rules_text import index
    from bot.sim import binding

    load.cache_clear()
    bot.search.index_for.cache_clear()
    glossary._edition_terms.cache_clear()
    binding.binding.cache_clear()
    index.clear()


def outcome(case: dict, answer) -> str:
    """``score_one`` with ``decides: false`` (a verdict is wrong, none is right)."""
    if case.get("decides") is False:
        return "wrong" if answer.verdict else "right"
    return score_one(case, answer)


def score(cases: list[dict], edition: str) -> list[tuple[dict, object, str]]:
    """``[(case, answer, outcome)]`` for every case asked on ``edition``."""
    from bot.judge import ask

    return [(c, a, outcome(c, a)) for c in cases for a in [ask(str(c["q"]), edition)]]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file", type=Path, nargs="?", default=DEV_SET)
    p.add_argument("-v", "--verbose", action="store_true", help="print every question that is not right")
    args = p.parse_args(argv)
    cases = yaml.safe_load(args.file.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        rows = score(cases, import_tested(Path(tmp) / "user"))
    report(rows, args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
