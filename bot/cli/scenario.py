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
    """Run scenario files / folders. JSON: ``[{file, passed, expected, actual, trace}]``
    (a file that cannot be loaded: ``passed`` false and ``error``, its message);
    plain: «OK   file: title» / «FAIL file: title» with the failures, «ОШИБКА message»
    for a file that cannot be loaded, then the count.

    Every file is run even when another cannot be loaded. Exit 0 when all passed,
    1 when any failed, 2 when any file could not be loaded (each message also on
    stderr) or a path is missing, not a regular file, or a folder without ``*.yaml``
    (then nothing runs; with ``--json`` also ``{"error": message}`` on stdout).
    """
    import sys

    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import ScenarioError
    from bot.sim.binding import SIM_EDITION, scenario_result_for
    from bot.sim.scenario import run_files, scenario_files

    try:
        files = scenario_files(args.paths)
    except ScenarioError as e:
        print_error(str(e), wants_json(args), "scenario")
        return 2
    results = run_files(files)
    for r in results:
        if r.error is not None:
            print_error(r.error, False, "scenario")
    edition = getattr(args, "edition", None)
    other = edition is not None and edition != SIM_EDITION
    told = [scenario_result_for(r.to_json(), edition) if other else r.to_json() for r in results]
    if wants_json(args):
        print_json(told)
    else:
        if other:
            sys.stdout.write(f"Пункты – по редакции {edition} (правила симулятора, найденные в её тексте по содержанию).\n")
        for r, t in zip(results, told):
            if r.error is not None:
                sys.stdout.write(f"ОШИБКА {r.error}\n")
                continue
            mark = "OK  " if r.passed else "FAIL"
            sys.stdout.write(f"{mark} {r.file}: {r.title}\n")
            for f in t["failures"]:
                sys.stdout.write(f"     {f}\n")
            if t.get("not_in_edition"):
                sys.stdout.write(f"     в редакции {edition} нет правил: "
                                 + "; ".join(f"«{w}»" for w in t["not_in_edition"]) + "\n")
        passed = sum(r.passed for r in results)
        broken = sum(r.error is not None for r in results)
        sys.stdout.write(f"\nПройдено {passed} из {len(results)}" + (f"; не загружено: {broken}" if broken else "") + "\n")
    if any(r.error is not None for r in results):
        return 2
    return 0 if all(r.passed for r in results) else 1
