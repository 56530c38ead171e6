"""The command line of ``berserk-judge`` / ``python -m bot`` (docs/architecture.md, «Command-line contract and JSON»).

This package owns every sub-command: its arguments, the call into the domain
function, the rendering (plain text or ``--json``) and the exit code. One module
per sub-command (``bot/cli/<command>.py``), each with

- ``add_parser(sub)`` — declare the sub-command on the ``argparse`` sub-parsers
  (``bot.cli.parser.json_flag`` / ``edition_flag`` for the common flags) and
  ``set_defaults(run=run)``;
- ``run(args) -> int`` — do it and return the exit code (0 success, 1 refused on
  the merits, 2 bad usage).

Domain modules (``bot.search``, ``bot.lookup``, …) return values and raise the
project's errors (``bot.errors``); they never import this package or ``bot.chat``
(tests/test_layering.py checks it). Command modules import their domain modules
inside ``run`` so that start-up stays fast. With no sub-command the console chat
starts (``bot.cli.console``).
"""

from __future__ import annotations

from bot.cli.parser import build_parser, main

__all__ = ["build_parser", "main"]
