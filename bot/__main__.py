"""``python -m bot`` and the ``berserk-judge`` console script."""

from __future__ import annotations

import sys


def main() -> None:
    """Run the CLI and exit with its code (see bot.cli)."""
    from bot.cli import main as cli_main

    try:
        code = cli_main(sys.argv[1:])
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    main()
