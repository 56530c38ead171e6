"""``python -m bot`` and the ``berserk-judge`` console script."""

from __future__ import annotations

import sys


def _replace_unencodable(err: UnicodeEncodeError) -> tuple[bytes, int]:
    """Codec error handler: a character the stream cannot encode (an undecodable byte of
    a file name or an argument, which Python carries as a lone surrogate «\\udcff») is
    shown as «\ufffd» (or «?» where even that cannot be encoded), never as a Python escape."""
    try:  # bytes: the UTF-8 encoder takes only ASCII text from a handler
        return "\ufffd".encode(err.encoding) * (err.end - err.start), err.end
    except (UnicodeEncodeError, LookupError):
        return b"?" * (err.end - err.start), err.end


def safe_streams() -> None:
    """stdout and stderr replace what they cannot encode (``_replace_unencodable``)
    instead of raising (stdout) or printing «\\udcff» (stderr)."""
    import codecs

    codecs.register_error("berserk_replace", _replace_unencodable)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="berserk_replace")
        except (AttributeError, ValueError):  # not a text stream of the process (embedded, replaced)
            pass


def main() -> None:
    """Run the CLI and exit with its code (see bot.cli)."""
    from bot.cli import main as cli_main

    safe_streams()

    try:
        code = cli_main(sys.argv[1:])
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    main()
