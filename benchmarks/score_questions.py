"""Score ``bot.judge.ask`` on a set of judge questions, per family.

A set is a YAML list of ``{q, cites, verdict, family}`` (``verdict``: a word or a list of
words, any one of which will do; «да» / «нет» must open the verdict; ``cites``: paragraph
numbers, any one of which is a right citation). Each question is scored as the evaluator
scores it:

- right      — a verdict that contains an expected word, and an expected paragraph among
               the first three citations;
- wrong      — a verdict given that contains no expected word;
- cites off  — the verdict matches but no expected paragraph is in the top three;
- no verdict — no verdict at all (declined, a partial answer, search).

A question without ``verdict`` is scored on its citations only (right / cites off); an
``offtopic: true`` question is right when no verdict is given, wrong otherwise.

    python benchmarks/score_questions.py SET.yaml            # table per family + totals
    python benchmarks/score_questions.py SET.yaml -v         # also every non-right question
    python benchmarks/score_questions.py SET.yaml --edition tested   # under an imported edition
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUTCOMES = ("right", "wrong", "cites off", "no verdict")


def verdict_ok(want, got: str | None) -> bool:
    """``want`` (a word or a list of words) found in ``got`` (case ignored), as the evaluator reads it.

    «да» / «нет» must open the verdict, and a verdict that opens with the opposite polarity
    («Нет, …» where only «да» words are expected, and the reverse) is not right whatever
    words follow. Any other word must start a word of ``got`` («можно» is not found in
    «невозможно») and must not be negated there («может» is not found in «не может»)
    unless the expected word is itself negated («не прав»); a number must be a whole word
    («1» is not found in «101» or «1.2»)."""
    if not got:
        return False
    low = got.lower().replace("ё", "е")
    wants = [str(w).lower().replace("ё", "е") for w in (want if isinstance(want, list) else [want])]
    lead = re.match(r"(да|нет)\b", low)
    if lead:
        opposite = "нет" if lead.group(1) == "да" else "да"
        if opposite in wants and lead.group(1) not in wants:
            return False
    for w in wants:
        if w in ("да", "нет"):
            if lead and lead.group(1) == w:
                return True
            continue
        tail = r"(?![\w.])" if w.isdigit() else ""
        for m in re.finditer(r"(?<!\w)" + re.escape(w) + tail, low):
            if w.startswith("не ") or not re.search(r"(?<!\w)не\s+$", low[:m.start()]):
                return True
    return False


def score_one(case: dict, answer) -> str:
    """One of ``OUTCOMES`` for ``case`` answered by ``answer`` (a ``bot.answer.Answer``)."""
    if case.get("offtopic"):
        return "wrong" if answer.verdict else "right"
    cites = [str(c) for c in case.get("cites") or []]
    cite_ok = not cites or any(c in answer.citations[:3] for c in cites)
    if case.get("verdict") is None:
        return "right" if cite_ok else "cites off"
    if not answer.verdict:
        return "no verdict"
    if not verdict_ok(case["verdict"], answer.verdict):
        return "wrong"
    return "right" if cite_ok else "cites off"


def score(cases: list[dict], edition: str | None = None) -> list[tuple[dict, object, str]]:
    """``[(case, answer, outcome)]`` for every case, answered in-process by ``bot.judge.ask``
    under ``edition`` (``None``: the default edition)."""
    from bot.judge import ask
    rows = []
    for c in cases:
        a = ask(str(c["q"])) if edition is None else ask(str(c["q"]), edition=edition)
        rows.append((c, a, score_one(c, a)))
    return rows


def table(rows) -> str:
    """Per family: questions, right, wrong, cites off, no verdict; then the totals."""
    fams: dict[str, Counter] = defaultdict(Counter)
    for c, _, o in rows:
        fams[str(c.get("family", "-"))][o] += 1
    lines = [f"{'family':<28} {'n':>3} {'right':>6} {'wrong':>6} {'cites off':>10} {'no verdict':>11}"]
    total: Counter = Counter()
    for f in sorted(fams):
        cnt = fams[f]
        total.update(cnt)
        lines.append(f"{f:<28} {sum(cnt.values()):>3} " + " ".join(f"{cnt[o]:>{w}}" for o, w in zip(OUTCOMES, (6, 6, 10, 11))))
    n = sum(total.values())
    lines.append(f"{'TOTAL':<28} {n:>3} " + " ".join(f"{total[o]:>{w}}" for o, w in zip(OUTCOMES, (6, 6, 10, 11))))
    with_verdict = sum(1 for c, _, _ in rows if c.get("verdict") is not None)
    if n:
        lines.append(f"right {total['right']}/{n} ({100 * total['right'] / n:.0f} %), "
                     f"wrong {total['wrong']}/{with_verdict} verdict questions "
                     f"({100 * total['wrong'] / max(with_verdict, 1):.0f} %)")
    return "\n".join(lines)



def report(rows, verbose: bool) -> None:
    """Print ``table(rows)``; with ``verbose`` first every question that is not right, with
    its route, verdict, first three citations and what was expected."""
    if verbose:
        for c, a, o in rows:
            if o != "right":
                print(f"[{o}] ({c.get('family', '-')}) {c['q']}\n    -> {a.route}: {a.verdict!r} {a.citations[:3]}"
                      f"  (ожидалось {c.get('verdict', 'без вердикта')} {c.get('cites')})")
        print()
    print(table(rows))

def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file", type=Path)
    p.add_argument("-v", "--verbose", action="store_true", help="print every question that is not right")
    p.add_argument("--edition", default=None,
                   help="ask under this edition (imported beforehand, e.g. under BERSERK_USER_DIR); default: 5ed")
    args = p.parse_args(argv)
    cases = yaml.safe_load(args.file.read_text(encoding="utf-8"))
    report(score(cases, args.edition), args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
