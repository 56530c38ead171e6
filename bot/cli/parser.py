"""The argument parser of ``berserk-judge`` and ``main``: which sub-command runs.

Each sub-command module in ``COMMANDS`` declares its own arguments
(``add_parser(sub)``) and sets ``run`` as its default; ``main`` checks ``--edition``
for every command in one place and calls ``args.run(args)``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bot.argparse_ru import install as install_russian_argparse
from bot.paths import DEFAULT_EDITION

COMMANDS: tuple[str, ...] = (
    "bot.cli.ask",
    "bot.cli.rule",
    "bot.cli.search",
    "bot.cli.glossary",
    "bot.cli.parse",
    "bot.cli.explain",
    "bot.cli.scenario",
    "bot.cli.rulebook",
    "bot.cli.cards",
    "bot.cli.card",
    "bot.cli.paths",
    "bot.cli.telegram",
)
"""Sub-command modules, in the order ``--help`` lists them."""


class RussianParser(argparse.ArgumentParser):
    """argparse with Russian error messages and exit code 2; when the command line
    asks for ``--json`` (``json_errors``), the usage error is also printed as
    ``{"error": message}`` on stdout, like every other CLI error."""

    json_errors = False

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        if RussianParser.json_errors:
            from bot.chat.render import dump_json

            sys.stdout.write(dump_json({"error": message}) + "\n")
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: ошибка: {message}\n")


def edition_flag(sp: argparse.ArgumentParser, check: str = "exists") -> None:
    """Add ``--edition E`` (default ``DEFAULT_EDITION``). ``check`` says how ``main``
    validates it before the command runs: ``exists`` (an edition that is there),
    ``list`` (names separated by commas, or ``all``); ``name`` (set by hand, for
    ``rulebook import``): only a valid name."""
    sp.add_argument("--edition", default=DEFAULT_EDITION, metavar="РЕДАКЦИЯ",
                    help=f"редакция правил (по умолчанию {DEFAULT_EDITION})")
    sp.set_defaults(edition_check=check)


def json_flag(sp: argparse.ArgumentParser) -> None:
    """Add ``--json`` (machine-readable output; errors then also go to stdout as ``{"error": …}``)."""
    sp.add_argument("--json", action="store_true", help="машиночитаемый вывод (JSON)")


def group(sub, name: str, help: str, dest: str):
    """A command with actions (``scenario run``, ``rulebook import``): returns the
    sub-parsers for the actions. Without an action, ``main`` prints the group's help
    to stderr and exits 2."""
    sp = sub.add_parser(name, help=help)
    sp.set_defaults(print_group_help=sp.print_help, run=None)
    return sp.add_subparsers(dest=dest, parser_class=RussianParser, metavar="ДЕЙСТВИЕ", title="действия")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (used by ``main`` and by the README's examples).
    argparse's own texts are Russian (``bot.argparse_ru``)."""
    install_russian_argparse()
    p = RussianParser(prog="berserk-judge", description="Судья по правилам «Берсерка». Без аргументов — консольный чат.")
    sub = p.add_subparsers(dest="command", parser_class=RussianParser, metavar="КОМАНДА", title="команды")
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return p


def _edition_error(args: argparse.Namespace) -> str | None:
    """The Russian message when ``--edition`` names no edition (or is not a valid
    name), else ``None``. ``rulebook import`` creates the edition and checks only
    the name itself; ``rulebook html`` also takes «5ed,4ed» and «all»."""
    from bot.errors import RulebookError
    from bot.rulebook import check_edition_name, require_edition

    edition = getattr(args, "edition", None)
    check = getattr(args, "edition_check", None)
    if edition is None or check is None:
        return None
    try:
        if check == "name":
            check_edition_name(edition)
        elif check == "list":
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

    Exit 2 for bad usage, checked here for every command: no action after
    ``scenario`` / ``rulebook`` (help on stderr), an unknown or malformed
    ``--edition`` (Russian message on stderr; with ``--json`` also
    ``{"error": message}`` on stdout), and an argument beyond its bound
    (``InputLimitError``, ``bot.limits``) in any command.
    """
    parser = build_parser()
    RussianParser.json_errors = "--json" in (sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.command is None:
        from bot.cli import console

        return int(console.run(args) or 0)
    run = getattr(args, "run", None)
    if run is None:
        args.print_group_help(sys.stderr)
        return 2
    message = _edition_error(args)
    if message is not None:
        from bot.cli.output import print_error

        print_error(message, bool(getattr(args, "json", False)), args.cli_name)
        return 2
    from bot.errors import InputLimitError

    try:
        return int(run(args) or 0)
    except InputLimitError as e:
        from bot.cli.output import print_error

        print_error(str(e), bool(getattr(args, "json", False)), args.cli_name)
        return 2
