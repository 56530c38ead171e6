"""Run every ``benchmarks/bench_*.py`` and print one table (targets: DESIGN.md «Speed»).

Each bench module defines ``rows() -> list[tuple[name, value, unit, target]]``
(``target`` a string like "< 1 ms", or "" when there is none).

    python benchmarks/run.py            # all
    python benchmarks/run.py search     # only bench_search*.py
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def main(argv: list[str]) -> int:
    pattern = argv[0] if argv else ""
    files = sorted(p for p in HERE.glob("bench_*.py") if pattern in p.stem)
    print(f"{'benchmark':<58} {'value':>12} {'unit':<8} target")
    print("-" * 92)
    for f in files:
        spec = importlib.util.spec_from_file_location(f.stem, f)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for name, value, unit, target in mod.rows():
            print(f"{name:<58} {value:>12.3f} {unit:<8} {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
