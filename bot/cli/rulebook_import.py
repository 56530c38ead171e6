"""``berserk-judge rulebook import SRC... --edition E [--out-dir D]``: build an edition from pages (bot.importer)."""

from __future__ import annotations


def add_parser(actions) -> None:
    """Declare ``rulebook import``."""
    ri = actions.add_parser("import", help="собрать редакцию из страниц правил")
    ri.add_argument("sources", nargs="+", metavar="СТРАНИЦА")
    ri.add_argument("--edition", required=True, metavar="РЕДАКЦИЯ", help="имя новой редакции: буквы, цифры, «-», «_», «.»")
    ri.add_argument("--out-dir", default=None,
                    help="куда писать <edition>.yaml; по умолчанию папка правил программы: rulebook/ "
                         "в исходниках, а в установленном пакете — его папка данных в site-packages "
                         "(полный путь печатается в отчёте)")
    ri.set_defaults(run=run, cli_name="rulebook import", edition_check="name")


def run(args) -> int:
    """Build and write the edition, print the import report ending with the absolute
    path written.

    Without ``--out-dir`` the file goes to ``bot.paths.rulebook_dir()``. Exit 0; 2 for
    an invalid edition name; 1 with a Russian message when a page is unreadable or the
    folder is not writable (nothing is written then)."""
    import sys
    from pathlib import Path

    from bot.chat.render import render_plain
    from bot.errors import RulebookError
    from bot.importer import import_sources, write_edition
    from bot.paths import rulebook_dir
    from bot.rulebook import check_edition_name

    try:
        check_edition_name(args.edition)
    except RulebookError as e:
        print(f"berserk-judge rulebook import: ошибка: {e}", file=sys.stderr)
        return 2
    out_dir = Path(args.out_dir) if args.out_dir else rulebook_dir()
    try:
        data, report = import_sources(args.sources, args.edition)
        target = write_edition(data, out_dir)
    except RulebookError as e:
        print(f"Ошибка импорта: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        why = "нет прав на запись" if isinstance(e, PermissionError) else (
            "это не папка" if isinstance(e, (NotADirectoryError, FileExistsError)) else "не удалось записать файл")
        print(f"Ошибка импорта: {out_dir}: {why}", file=sys.stderr)
        return 1
    sys.stdout.write(render_plain(report.answer(args.edition, target)))
    return 0
