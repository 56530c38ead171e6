"""Command line of ``berserk-judge`` (DESIGN.md, «Command-line contract»).

This module only declares the arguments; each sub-command is run by a
``run_<name>(args) -> int`` function in the module that owns the concept, imported
lazily so that start-up stays fast. With no sub-command the console chat starts.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bot.argparse_ru import install as install_russian_argparse
from bot.argparse_ru import whole_number
from bot.paths import DEFAULT_EDITION

# sub-command -> (module, function)
RUNNERS: dict[str, tuple[str, str]] = {
    "ask": ("bot.judge", "run_ask"),
    "rule": ("bot.lookup", "run_rule"),
    "search": ("bot.search", "run_search"),
    "glossary": ("bot.glossary", "run_glossary"),
    "parse": ("bot.abilities.parser", "run_parse"),
    "explain": ("bot.abilities.resolve", "run_explain"),
    "scenario": ("bot.sim.cli", "run_scenario"),
    "rulebook-import": ("bot.importer", "run_import"),
    "rulebook-check": ("bot.check", "run_check"),
    "rulebook-html": ("bot.site", "run_html"),
    "telegram": ("bot.chat.telegram", "run"),
    "console": ("bot.chat.console", "run"),
}


class _Parser(argparse.ArgumentParser):
    """argparse with Russian error messages and exit code 2; when the command line
    asks for ``--json`` (``json_errors``), the usage error is also printed as
    ``{"error": message}`` on stdout, like every other CLI error."""

    json_errors = False

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        if _Parser.json_errors:
            from bot.chat.render import dump_json

            sys.stdout.write(dump_json({"error": message}) + "\n")
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: ошибка: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (used by ``main`` and by the README's examples).
    argparse's own texts are Russian (``bot.argparse_ru``)."""
    install_russian_argparse()
    p = _Parser(prog="berserk-judge", description="Судья по правилам «Берсерка». Без аргументов — консольный чат.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="КОМАНДА", title="команды")

    def edition(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--edition", default=DEFAULT_EDITION, metavar="РЕДАКЦИЯ", help=f"редакция правил (по умолчанию {DEFAULT_EDITION})")

    def json_flag(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--json", action="store_true", help="машиночитаемый вывод (JSON)")

    sp = sub.add_parser("ask", help="ответить на вопрос судье")
    sp.add_argument("text", nargs="+", metavar="ВОПРОС", help="вопрос(ы); несколько вопросов — несколько аргументов")
    json_flag(sp); edition(sp)

    sp = sub.add_parser("rule", help="пункт правил по номеру, раздел или диапазон")
    sp.add_argument("numbers", nargs="+", metavar="НОМЕР", help="209.5, п.209.5, 209, 209.4-209.6")
    json_flag(sp); edition(sp)

    sp = sub.add_parser("search", help="поиск по правилам")
    sp.add_argument("text", nargs="+", metavar="ТЕКСТ")
    sp.add_argument("-k", type=whole_number, default=5, help="сколько пунктов показать (по умолчанию 5)")
    json_flag(sp); edition(sp)

    sp = sub.add_parser("glossary", help="термины правил и пункты, где они определены")
    sp.add_argument("word", nargs="*", default=[], metavar="ТЕРМИН", help="термин, можно из нескольких слов без кавычек")
    json_flag(sp); edition(sp)

    sp = sub.add_parser("parse", help="текст карты -> дерево (AST)")
    sp.add_argument("text", nargs="?", default=None, metavar="ТЕКСТ")
    sp.add_argument("--file", default=None, help="файл: по тексту карты на строку (\\n внутри текста — два символа)")
    json_flag(sp)

    sp = sub.add_parser("explain", help="пошаговое разрешение составной особенности (505)")
    sp.add_argument("text", metavar="ТЕКСТ")
    sp.add_argument("--failed", type=whole_number, action="append", default=[], metavar="N", help="часть N не выполнена")
    sp.add_argument("--illegal", type=whole_number, action="append", default=[], metavar="N", help="часть N нелегально объявить")
    sp.add_argument("--refuse", action="store_true", help="противник отказался (505.7)")
    sp.add_argument("--choose", type=whole_number, action="append", default=None, metavar="N",
                    help="выбран вариант, в который входит часть N (505.5); один раз")
    sp.add_argument("--declare", action="append", default=None, metavar="N,M",
                    help="объявлены только части N,M (505.8); один раз, списком")
    sp.add_argument("--no-resources", action="store_true", help="ресурсов для оплаты не хватает (505.9)")
    json_flag(sp); edition(sp)

    sp = sub.add_parser("scenario", help="сценарии судьи (YAML)")
    sp.set_defaults(print_group_help=sp.print_help)
    ssub = sp.add_subparsers(dest="scenario_command", parser_class=_Parser, metavar="ДЕЙСТВИЕ", title="действия")
    sr = ssub.add_parser("run", help="прогнать файлы или папки сценариев")
    sr.add_argument("paths", nargs="+", metavar="ПУТЬ")
    json_flag(sr); edition(sr)

    sp = sub.add_parser("rulebook", help="сборка и проверка редакций правил")
    sp.set_defaults(print_group_help=sp.print_help)
    rsub = sp.add_subparsers(dest="rulebook_command", parser_class=_Parser, metavar="ДЕЙСТВИЕ", title="действия")
    ri = rsub.add_parser("import", help="собрать редакцию из страниц правил")
    ri.add_argument("sources", nargs="+", metavar="СТРАНИЦА")
    ri.add_argument("--edition", required=True, metavar="РЕДАКЦИЯ", help="имя новой редакции: буквы, цифры, «-», «_», «.»")
    ri.add_argument("--out-dir", default=None,
                    help="куда писать <edition>.yaml; по умолчанию папка правил программы: rulebook/ "
                         "в исходниках, а в установленном пакете — его папка данных в site-packages "
                         "(полный путь печатается в отчёте)")
    rc = rsub.add_parser("check", help="проверить редакцию")
    edition(rc); json_flag(rc)
    rh = rsub.add_parser("html", help="гипертекстовые правила (статический сайт)")
    rh.add_argument("outdir", metavar="ПАПКА")
    edition(rh)

    sp = sub.add_parser("telegram", help="запустить Telegram-бота (токен в TELEGRAM_BOT_TOKEN)")
    sp.add_argument("--webhook-url", default=None)
    sp.add_argument("--webhook-secret", default=None)
    sp.add_argument("--listen", default="0.0.0.0")
    sp.add_argument("--port", type=whole_number, default=8443)
    edition(sp)
    return p


def _runner_key(args: argparse.Namespace) -> str | None:
    if args.command == "rulebook":
        return f"rulebook-{args.rulebook_command}" if args.rulebook_command else None
    if args.command == "scenario":
        return "scenario" if args.scenario_command else None
    return args.command


def _edition_error(args: argparse.Namespace, key: str) -> str | None:
    """The Russian message when ``--edition`` names no edition (or is not a valid
    name), else ``None``. ``rulebook import`` creates the edition: only its name is
    checked; ``rulebook html`` also takes «5ed,4ed» and «all»."""
    from bot.errors import RulebookError
    from bot.rulebook import check_edition_name, require_edition

    edition = getattr(args, "edition", None)
    if edition is None:
        return None
    try:
        if key == "rulebook-import":
            check_edition_name(edition)
        elif key == "rulebook-html":
            for name in (n.strip() for n in edition.split(",")):
                if name != "all":
                    require_edition(name)
        else:
            require_edition(edition)
    except RulebookError as e:
        return str(e)
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``berserk-judge`` / ``python -m bot``; returns the exit code.

    Exit 2 for bad usage, checked here for every command: no sub-command after
    ``scenario`` / ``rulebook`` (help on stderr), an unknown or malformed
    ``--edition`` (Russian message on stderr; with ``--json`` also
    ``{"error": message}`` on stdout).
    """
    parser = build_parser()
    _Parser.json_errors = "--json" in (sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.command is None:
        key = "console"
    else:
        key = _runner_key(args)
        if key is None:
            args.print_group_help(sys.stderr)
            return 2
    message = _edition_error(args, key)
    if message is not None:
        from bot.chat.render import print_error

        print_error(message, bool(getattr(args, "json", False)), key.replace("-", " "))
        return 2
    module, func = RUNNERS[key]
    return int(getattr(importlib.import_module(module), func)(args) or 0)
