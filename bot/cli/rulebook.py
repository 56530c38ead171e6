"""``berserk-judge rulebook import | check | html``: build, validate and publish editions.

One module per action: ``bot.cli.rulebook_import``, ``bot.cli.rulebook_check``,
``bot.cli.rulebook_html``.
"""

from __future__ import annotations

import importlib

from bot.cli.parser import group

ACTIONS: tuple[str, ...] = ("bot.cli.rulebook_import", "bot.cli.rulebook_check", "bot.cli.rulebook_html")
"""Action modules, in the order ``rulebook --help`` lists them."""


def add_parser(sub) -> None:
    """Declare ``rulebook`` and its actions."""
    actions = group(sub, "rulebook", "сборка и проверка редакций правил", "rulebook_command")
    for name in ACTIONS:
        importlib.import_module(name).add_parser(actions)
