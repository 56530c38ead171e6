"""``berserk-judge rulebook html OUTDIR [--edition E|E1,E2|all]``: the hyperlinked rulebook site (bot.site)."""

from __future__ import annotations

from bot.cli.parser import edition_flag

def add_parser(actions) -> None:
    """Declare ``rulebook html``."""
    rh = actions.add_parser("html", help="гипертекстовые правила (статический сайт)")
    rh.add_argument("outdir", metavar="ПАПКА")
    edition_flag(rh, check="list")
    rh.set_defaults(run=run, cli_name="rulebook html")


def run(args) -> int:
    """Build the site and print the written files. ``--edition`` takes one name, a
    comma-separated list, or ``all``. An edition that is unknown or does not load is
    reported in Russian on stderr and the others are still built; then, as for an
    unwritable folder, the exit code is 1. An empty OUTDIR is refused with exit 2."""
    import sys

    from bot.cli.output import print_error
    from bot.errors import RulebookError
    from bot.site import build_site, edition_names
    from bot.textfile import os_write_reason

    if not str(args.outdir).strip():
        print_error("укажите папку для сайта (пустой путь не годится)", False, "rulebook html")
        return 2
    names = edition_names(args.edition)
    if not names:
        print_error("не указано ни одной редакции (--edition 5ed, --edition 5ed,4ed или --edition all)", False, "rulebook html")
        return 1
    broken: list[tuple[str, str]] = []
    try:
        written = build_site(args.outdir, names, broken=broken)
    except RulebookError as e:
        print_error(str(e), False, "rulebook html")
        return 1
    except OSError as e:  # the Russian reason of bot.textfile, not the OS's English strerror
        print_error(f"не удалось записать сайт в {args.outdir}: {os_write_reason(e)}", False, "rulebook html")
        return 1
    for path in written:
        print(f"записано: {path}")
    for name, reason in broken:
        print_error(f"редакция «{name}» не собрана: {reason}", False, "rulebook html")
    if broken and written:
        built = ", ".join(p.stem for p in written if p.name != "index.html")
        print(f"собраны остальные редакции: {built}", file=sys.stderr)
    return 1 if broken else 0
