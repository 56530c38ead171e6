"""``berserk-judge scenario run PATH... [--json]``."""

from __future__ import annotations

import sys

from bot.chat.render import dump_json, print_error
from bot.errors import ScenarioError
from bot.sim.scenario import run_file, scenario_files


def run_scenario(args) -> int:
    """Run scenario files / folders. JSON: ``[{file, passed, expected, actual, trace}]``.

    Exit 0 when all passed, 1 when any failed, 2 on a load error: a missing,
    unreadable or malformed file, or a folder without ``*.yaml`` (Russian message on
    stderr; with ``--json`` also ``{"error": message}`` on stdout).
    """
    try:
        files = scenario_files(args.paths)
        results = [run_file(f) for f in files]
    except ScenarioError as e:
        print_error(str(e), getattr(args, "json", False), "scenario")
        return 2
    if getattr(args, "json", False):
        sys.stdout.write(dump_json([r.to_json() for r in results]) + "\n")
    else:
        for r in results:
            mark = "OK  " if r.passed else "FAIL"
            sys.stdout.write(f"{mark} {r.file}: {r.title}\n")
            for f in r.failures:
                sys.stdout.write(f"     {f}\n")
        passed = sum(r.passed for r in results)
        sys.stdout.write(f"\nПройдено {passed} из {len(results)}\n")
    return 0 if all(r.passed for r in results) else 1
