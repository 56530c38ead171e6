"""Same answers before and after a refactor or a speed change: every question of some
question sets asked, the answer written as JSON lines, or compared with such a file.

    python benchmarks/answer_digest.py SET.yaml... --write /tmp/before.jsonl [--edition E]
    python benchmarks/answer_digest.py SET.yaml... --compare /tmp/before.jsonl [--edition E]

A set is the YAML list ``benchmarks/score_questions.py`` reads (``q`` of each item is
asked). Each line is ``{q, route, verdict, citations, text}`` of ``bot.judge.ask`` (the
text: every block of the answer joined). ``--compare`` prints how many answers differ and
the first few questions that changed (exit 1 when any did). The sets and the files
written stay outside the repository.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def answers(paths: list[Path], edition: str | None) -> list[str]:
    """One JSON line per question of the sets at ``paths``, in order."""
    from bot.judge import ask

    out = []
    for path in paths:
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            q = str(case["q"])
            a = ask(q) if edition is None else ask(q, edition=edition)
            out.append(json.dumps({"q": q, "route": a.route, "verdict": a.verdict, "citations": list(a.citations),
                                   "text": "\n".join(b.text for b in a.blocks)}, ensure_ascii=False, sort_keys=True))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", type=Path, nargs="+")
    ap.add_argument("--edition", default=None)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path)
    g.add_argument("--compare", type=Path)
    args = ap.parse_args(argv)
    now = answers(args.sets, args.edition)
    digest = hashlib.sha256("\n".join(now).encode()).hexdigest()[:16]
    if args.write:
        args.write.write_text("\n".join(now) + "\n", encoding="utf-8")
        print(f"{len(now)} answers written, digest {digest}")
        return 0
    before = args.compare.read_text(encoding="utf-8").splitlines()
    if len(before) != len(now):
        print(f"{len(before)} answers before, {len(now)} now")
        return 1
    diff = [i for i, (a, b) in enumerate(zip(before, now)) if a != b]
    print(f"{len(now)} answers, {len(diff)} differ, digest {digest}")
    for i in diff[:8]:
        old, new = json.loads(before[i]), json.loads(now[i])
        print(f"  changed: {new['q'][:90]!r}\n    {old['verdict']!r} {old['citations'][:3]} -> {new['verdict']!r} {new['citations'][:3]}")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
