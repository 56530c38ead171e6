"""``berserk-judge scenario run PATH... [--json] [--edition E]``: run judge scenario files (bot.sim.scenario)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, group, json_flag


def add_parser(sub) -> None:
    """Declare ``scenario`` and its action ``run``."""
    actions = group(sub, "scenario", "сценарии судьи (YAML)", "scenario_command")
    sr = actions.add_parser("run", help="прогнать файлы или папки сценариев")
    sr.add_argument("paths", nargs="+", metavar="ПУТЬ")
    json_flag(sr); edition_flag(sr)
    sr.set_defaults(run=run, cli_name="scenario")


def run(args) -> int:
    """Run scenario files / folders. JSON: ``[{file, passed, expected, actual, trace}]``;
    plain: «OK   file: title» / «FAIL file: title» with the failures, then the count.

    Exit 0 when all passed, 1 when any failed, 2 on a load error: a missing,
    unreadable or malformed file, or a folder without ``*.yaml`` (Russian message on
    stderr; with ``--json`` also ``{"error": message}`` on stdout).
    """
    import sys

    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import ScenarioError
    from bot.sim.scenario import run_file, scenario_files

    try:
        files = scenario_files(args.paths)
        results = [run_file(f) for f in files]
    except ScenarioError as e:
        print_error(str(e), wants_json(args), "scenario")
        return 2
    if wants_json(args):
        print_json([r.to_json() for r in results])
    else:
        for r in results:
            mark = "OK  " if r.passed else "FAIL"
            sys.stdout.write(f"{mark} {r.file}: {r.title}\n")
            for f in r.failures:
                sys.stdout.write(f"     {f}\n")
        passed = sum(r.passed for r in results)
        sys.stdout.write(f"\nПройдено {passed} из {len(results)}\n")
    return 0 if all(r.passed for r in results) else 1
