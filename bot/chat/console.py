"""The console chat: ``berserk-judge`` with no arguments (DESIGN.md, «Command-line contract»).

Each input line is handled exactly as a Telegram message would be
(``bot.chat.handlers.handle``: commands and plain questions) and the answer is
printed as plain text. On a terminal there is a prompt and line editing/history
(readline, history kept in ``~/.berserk_judge_history``); with input from a pipe
every line is answered without prompt noise and the process exits 0 at end of input.
No token, no network.

Console extras: ``/scenario`` alone reads the YAML from the following lines up to
an empty line; ``/scenario FILE`` reads a scenario file; ``/quit`` or Ctrl-D ends.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any, Iterator, TextIO

from bot.chat import handlers
from bot.chat.handlers import Ctx, Reply
from bot.chat.render import render_reply_plain
from bot.paths import DEFAULT_EDITION

log = logging.getLogger("bot.chat.console")

PROMPT = "судья> "
QUIT = {"/quit", "/exit", "/выход"}
HISTORY_FILE = Path.home() / ".berserk_judge_history"
SEPARATOR = "—" * 40


def _lines_interactive() -> Iterator[str]:
    while True:
        try:
            yield input(PROMPT)
        except EOFError:
            print()
            return
        except KeyboardInterrupt:  # Ctrl-C drops the current line, Ctrl-D ends
            print()
            continue


def _setup_readline() -> None:
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: plain input() still works
        return
    try:
        readline.read_history_file(HISTORY_FILE)
    except OSError:
        pass
    readline.set_history_length(1000)
    import atexit

    def save() -> None:
        try:
            readline.write_history_file(HISTORY_FILE)
        except OSError:
            pass

    atexit.register(save)


def _scenario_text(arg: str, lines: Iterator[str]) -> str | None:
    """YAML for ``/scenario``: a file path argument, or (no argument) the following
    lines up to an empty one. ``None`` when the argument is inline YAML already."""
    if not arg:
        body: list[str] = []
        for ln in lines:
            if not ln.strip():
                break
            body.append(ln.rstrip("\n"))
        return "\n".join(body)
    if "\n" not in arg and ":" not in arg:
        p = Path(arg).expanduser()
        if p.is_file():
            return p.read_text(encoding="utf-8")
    return None


def answer_line(line: str, lines: Iterator[str], ctx: Ctx) -> Reply:
    """Handle one console line (reading more lines for a multi-line /scenario)."""
    cmd = handlers.parse_command(line)
    if cmd is not None and cmd.name == "scenario":
        text = _scenario_text(cmd.args, lines)
        if text is not None:
            return handlers.handle("/scenario\n" + text if text.strip() else "/scenario", ctx)
    return handlers.handle(line, ctx)


def chat(inp: TextIO, out: TextIO, interactive: bool, edition: str = DEFAULT_EDITION) -> int:
    """The chat loop over ``inp``; returns the exit code (0 at end of input)."""
    ctx = Ctx(edition=edition, transport="console")
    if interactive:
        _setup_readline()
        out.write("Судья по правилам «Берсерка». Задайте вопрос или наберите /help; выход — /quit или Ctrl-D.\n")
        lines: Iterator[str] = _lines_interactive()
    else:
        lines = (ln.rstrip("\n") for ln in inp)
    first = True
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower() in QUIT:
            break
        try:
            reply = answer_line(line, lines, ctx)
        except Exception:  # noqa: BLE001 - one bad line must not end the chat
            log.exception("error while answering %r", line)
            reply = Reply([handlers.note_answer(line, "Извините, при обработке запроса произошла ошибка; подробности в журнале (stderr).")])
        if reply.empty:
            continue
        if not first and not interactive:
            out.write(SEPARATOR + "\n")
        out.write(render_reply_plain(reply) + ("\n" if interactive else ""))
        out.flush()
        first = False
    return 0


def run(args: Any) -> int:
    """CLI entry (no sub-command): the console chat on stdin/stdout. Exit 0."""
    handler = logging.StreamHandler()
    handler.setLevel(logging.WARNING)  # libraries such as bm25s set their loggers to DEBUG
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    edition = getattr(args, "edition", None) or os.environ.get("BERSERK_EDITION") or DEFAULT_EDITION
    return chat(sys.stdin, sys.stdout, interactive=sys.stdin.isatty() and sys.stdout.isatty(), edition=edition)
