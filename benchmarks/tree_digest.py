"""Same trees before and after a speed change: the parse result of every text of a
card corpus as JSON lines, written to a file, or compared with such a file.

    python benchmarks/tree_digest.py CORPUS.json --write /tmp/before.jsonl
    python benchmarks/tree_digest.py CORPUS.json --compare /tmp/before.jsonl

CORPUS is read as ``benchmarks/card_corpus.py`` reads it (a JSON list with ``text`` /
``desc`` and ``name``, or one text per line). Each line is the ``parse --json`` shape
(``ParseResult.to_json``) of one text with the card's name passed, or
``{"error": …}`` for a ``ParseError``. ``--compare`` prints how many lines differ and
the first few texts whose trees changed; exit 1 when any differs. The corpus texts and
the written files stay outside the repository (no licence).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.card_corpus import load_cards  # noqa: E402
from bot.abilities.parser import parse  # noqa: E402
from bot.errors import ParseError  # noqa: E402


def _line(text: str, name: str | None) -> str:
    try:
        res = parse(text, name)
    except ParseError as err:
        return json.dumps({"text": text, "error": str(err)}, ensure_ascii=False, sort_keys=True)
    return json.dumps(res.to_json(), ensure_ascii=False, sort_keys=True)


def lines(path: Path) -> list[str]:
    """One JSON line per non-empty text of the corpus at ``path``."""
    return [_line(t, n) for t, n in load_cards(path)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path, help="write the JSON lines to this file")
    g.add_argument("--compare", type=Path, help="compare with JSON lines written before")
    args = ap.parse_args(argv)
    now = lines(args.corpus)
    digest = hashlib.sha256("\n".join(now).encode()).hexdigest()[:16]
    if args.write:
        args.write.write_text("\n".join(now) + "\n", encoding="utf-8")
        print(f"{len(now)} trees written, digest {digest}")
        return 0
    before = args.compare.read_text(encoding="utf-8").splitlines()
    diff = [i for i, (a, b) in enumerate(zip(before, now)) if a != b]
    if len(before) != len(now):
        print(f"{len(before)} trees before, {len(now)} now")
        return 1
    print(f"{len(now)} trees, {len(diff)} differ, digest {digest}")
    for i in diff[:5]:
        print("  changed:", json.loads(now[i])["text"][:100])
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
