"""``berserk-judge scenario run PATH... [--json]``."""

from __future__ import annotations

import sys

from bot.chat.render import dump_json, print_error
from bot.errors import ScenarioError
from bot.sim.scenario import run_files, scenario_files


def run_scenario(args) -> int:
    """Run scenario files / folders. JSON: ``[{file, passed, expected, actual, trace}]``
    (a file that cannot be loaded: ``passed`` false and ``error``, the message).

    Every file is run even when another cannot be loaded. Exit 0 when all passed,
    1 when any failed, 2 when any file could not be loaded (each message on stderr) or
    a path is missing, not a regular file, or a folder without ``*.yaml`` (then nothing
    runs; with ``--json`` also ``{"error": message}`` on stdout).
    """
    as_json = getattr(args, "json", False)
    try:
        files = scenario_files(args.paths)
    except ScenarioError as e:
        print_error(str(e), as_json, "scenario")
        return 2
    results = run_files(files)
    for r in results:
        if r.error is not None:
            print_error(r.error, False, "scenario")
    if as_json:
        sys.stdout.write(dump_json([r.to_json() for r in results]) + "\n")
    else:
        for r in results:
            if r.error is not None:
                sys.stdout.write(f"ОШИБКА {r.error}\n")
                continue
            mark = "OK  " if r.passed else "FAIL"
            sys.stdout.write(f"{mark} {r.file}: {r.title}\n")
            for f in r.failures:
                sys.stdout.write(f"     {f}\n")
        passed = sum(r.passed for r in results)
        broken = sum(r.error is not None for r in results)
        sys.stdout.write(f"\nПройдено {passed} из {len(results)}" + (f"; не загружено: {broken}" if broken else "") + "\n")
    if any(r.error is not None for r in results):
        return 2
    return 0 if all(r.passed for r in results) else 1
