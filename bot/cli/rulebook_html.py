"""``berserk-judge rulebook html OUTDIR [--edition E|E1,E2|all]``: the hyperlinked rulebook site (bot.site)."""

from __future__ import annotations

import errno

from bot.cli.parser import edition_flag

OS_ERRORS = {
    errno.ENOENT: "нет такой папки",
    errno.EACCES: "нет прав на запись",
    errno.EPERM: "нет прав на запись",
    errno.EROFS: "файловая система только для чтения",
    errno.ENOSPC: "нет места на диске",
    errno.ENOTDIR: "это не папка",
    errno.EEXIST: "на этом месте уже есть файл",
}
"""errno -> Russian reason why the site could not be written."""


def add_parser(actions) -> None:
    """Declare ``rulebook html``."""
    rh = actions.add_parser("html", help="гипертекстовые правила (статический сайт)")
    rh.add_argument("outdir", metavar="ПАПКА")
    edition_flag(rh, check="list")
    rh.set_defaults(run=run, cli_name="rulebook html")


def run(args) -> int:
    """Build the site and print the written files. ``--edition`` takes one name, a
    comma-separated list, or ``all``. On an unknown edition or an unwritable folder
    prints a Russian error to stderr and returns 1; an empty OUTDIR is refused with
    exit 2."""
    import sys

    from bot.errors import RulebookError
    from bot.site import build_site, edition_names

    if not str(args.outdir).strip():
        print("berserk-judge rulebook html: ошибка: укажите папку для сайта (пустой путь не годится)", file=sys.stderr)
        return 2
    names = edition_names(args.edition)
    if not names:
        print("ошибка: не указано ни одной редакции (--edition 5ed, --edition 5ed,4ed или --edition all)", file=sys.stderr)
        return 1
    try:
        written = build_site(args.outdir, names)
    except RulebookError as e:
        print(f"ошибка: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        why = OS_ERRORS.get(e.errno, e.strerror or str(e))
        print(f"ошибка: не удалось записать сайт в {args.outdir}: {why}", file=sys.stderr)
        return 1
    for path in written:
        print(f"записано: {path}")
    return 0
