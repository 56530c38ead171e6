"""``berserk-judge cards import FILE... [--format auto|nxt|classic|csv] [--json]``: load a
user's card database into the bot's store (bot.cards.importer)."""

from __future__ import annotations

from bot.cli.parser import group, json_flag


def add_parser(sub) -> None:
    """Declare ``cards import``."""
    actions = group(sub, "cards", "база карт пользователя: cards import ФАЙЛ…", "cards_action")
    sp = actions.add_parser("import", help="загрузить карты из JSON (редакция 2023+ или классическая база) или CSV")
    sp.add_argument("files", nargs="+", metavar="ФАЙЛ")
    sp.add_argument("--format", default="auto", choices=("auto", "nxt", "classic", "csv"),
                    help="формат файлов (по умолчанию определяется сам)")
    json_flag(sp)
    sp.set_defaults(run=run, cli_name="cards import")


def run(args) -> int:
    """Import the files in one transaction and print the report (JSON: the report
    object of ``ImportReport.to_json``). Exit 0 when cards were imported; 1 when a file
    cannot be read, the store cannot be used, or no row became a card (nothing is
    changed then)."""
    import sys

    from bot.cards.importer import import_files
    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import BerserkError

    try:
        report = import_files(args.files, args.format)
    except BerserkError as e:
        print_error(str(e), wants_json(args), "cards import")
        return 1
    if wants_json(args):
        print_json(report.to_json())
    else:
        sys.stdout.write("\n".join(report.lines()) + "\n")
    return 0 if report.imported else 1
