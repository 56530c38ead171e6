"""``berserk-judge rulebook import SRC... --edition E [--out-dir D] [--force] [--keep-unplaced]``: build an
edition from pages (bot.importer)."""

from __future__ import annotations


def add_parser(actions) -> None:
    """Declare ``rulebook import``."""
    ri = actions.add_parser("import", help="собрать редакцию из страниц правил")
    ri.add_argument("sources", nargs="+", metavar="СТРАНИЦА")
    ri.add_argument("--edition", required=True, metavar="РЕДАКЦИЯ", help="имя новой редакции: буквы, цифры, «-», «_», «.»")
    ri.add_argument("--out-dir", default=None, metavar="ПАПКА",
                    help="куда писать <редакция>.yaml; по умолчанию папка редакций пользователя "
                         "(editions/ в папке данных пользователя, см. berserk-judge paths; полный путь "
                         "печатается в отчёте)")
    ri.add_argument("--force", action="store_true",
                    help="заменить установленную редакцию, даже если пропадёт больше 10 %% её пунктов")
    ri.add_argument("--keep-unplaced", action="store_true",
                    help="записать редакцию, даже если часть текста правил не удалось отнести к пунктам "
                         "(такие абзацы остаются в разделе unplaced файла; rulebook check укажет на них)")
    ri.set_defaults(run=run, cli_name="rulebook import", edition_check="name")


def run(args) -> int:
    """Build and write the edition, print the import report ending with the absolute
    path written.

    Without ``--out-dir`` the file goes to ``bot.rulebook.user_editions_dir()`` (never
    into the installed package). Replacing an installed edition of the same name that
    would lose more than 10 % of its paragraphs is refused without ``--force``
    (``bot.importer.check_replace``; the diff summary is printed). Exit 0; 2 for an
    invalid edition name; 1 with a Russian message when a page is unreadable, rule
    text cannot be placed (file and line of the first paragraph; ``--keep-unplaced``
    writes it under ``unplaced`` instead), the replacement is refused or the folder is
    not writable (nothing is written then)."""
    import sys
    from pathlib import Path

    from bot.chat.render import render_plain
    from bot.errors import RulebookError
    from bot.importer import check_replace, import_sources, write_edition
    from bot.rulebook import Rulebook, check_edition_name, edition_path, user_editions_dir

    try:
        check_edition_name(args.edition)
    except RulebookError as e:
        print(f"berserk-judge rulebook import: ошибка: {e}", file=sys.stderr)
        return 2
    out_dir = Path(args.out_dir) if args.out_dir else user_editions_dir()
    try:
        data, report = import_sources(args.sources, args.edition, keep_unplaced=getattr(args, "keep_unplaced", False))
        installed = [p for p in (out_dir / f"{args.edition}.yaml", edition_path(args.edition)) if p.is_file()]
        for path in dict.fromkeys(p.resolve() for p in installed):
            diff = check_replace(Rulebook.load_file(path), data, force=getattr(args, "force", False))
            if diff is not None and (diff.lost or diff.added or diff.changed):
                report.notes.extend(["Замена установленной редакции:", *diff.lines()])
        target = write_edition(data, out_dir)
    except RulebookError as e:
        print(f"Ошибка импорта: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        from bot.textfile import os_write_reason

        print(f"Ошибка импорта: {out_dir}: не удалось записать файл редакции: {os_write_reason(e)}", file=sys.stderr)
        return 1
    sys.stdout.write(render_plain(report.answer(args.edition, target)))
    return 0
