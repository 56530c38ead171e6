"""The console chat: ``berserk-judge`` with no arguments (docs/architecture.md, «Command-line contract and JSON»).

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
import re
import sys
from pathlib import Path
from typing import Any, Iterator, TextIO

from bot.chat import handlers
from bot.chat.handlers import Ctx, Reply
from bot.chat.render import render_reply_plain
from bot.errors import InputFileError, InputLimitError
from bot.paths import DEFAULT_EDITION
from bot.textfile import read_text_file

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


class _LongLine(str):
    """The first characters of a console line longer than any message may be; ``size``:
    its whole length, counted while the rest was read and dropped."""

    size: int = 0


def readable(line: str) -> str:
    """A line read from stdin with its undecodable bytes (Python keeps them as lone
    surrogates «\\udcff») made text: the line read as cp1251 when it is Russian there (a
    Windows pipe), else each such byte as «\ufffd». Lines without them are returned as
    they are."""
    if not any("\udc80" <= ch <= "\udcff" for ch in line):
        return line
    raw = line.encode("utf-8", "surrogateescape")
    from bot.textfile import looks_like_cp1251

    return looks_like_cp1251(raw) or raw.decode("utf-8", "replace")


def bounded_lines(inp: TextIO, limit: int) -> Iterator[str]:
    """The lines of ``inp`` without their line break. A line longer than ``limit``
    characters (a binary file piped in, an endless line) is not kept whole: its first
    ``limit + 1`` characters come as a ``_LongLine`` whose ``size`` is its full length, so
    memory stays bounded and the chat refuses it by its real length."""
    chunk = 1 << 16
    while True:
        ln = inp.readline(limit + 1)
        if not ln:
            return
        if ln.endswith("\n"):
            yield readable(ln[:-1])
            continue
        if len(ln) <= limit:     # the last line, without a line break
            yield readable(ln)
            continue
        size = len(ln)
        while True:
            rest = inp.readline(chunk)
            size += len(rest)
            if not rest or rest.endswith("\n"):
                size -= rest.endswith("\n")
                break
        long = _LongLine(ln)
        long.size = size
        yield long


def _scenario_text(arg: str, lines: Iterator[str]) -> tuple[str | None, str | None]:
    """YAML for ``/scenario`` -> ``(yaml_text, pending_line)``.

    No argument: the following lines up to an empty line, a line starting with «/»
    (a command: it is handed back as ``pending_line`` to be answered next) or the end
    of input; past ``bot.limits.SCENARIO_CHARS`` characters the lines are counted, not
    kept, and ``InputLimitError`` says how long the scenario was. A path argument (no
    «:» in it): the file's text; a missing file, a folder or a non-UTF-8 file raises
    ``InputFileError`` (Russian message). ``yaml_text`` is ``None`` when the argument is
    inline YAML already.
    """
    if not arg:
        from bot.limits import SCENARIO_CHARS, too_long

        body: list[str] = []
        pending = None
        size = 0
        for ln in lines:
            if not ln.strip():
                break
            if ln.lstrip().startswith("/"):
                pending = ln
                break
            size += getattr(ln, "size", len(ln)) + (1 if body or size else 0)
            if size <= SCENARIO_CHARS:
                body.append(ln.rstrip("\n"))
        if size > SCENARIO_CHARS:
            raise too_long("Сценарий", size, SCENARIO_CHARS)
        return "\n".join(body), pending
    if "\n" not in arg and ":" not in arg:
        from bot.limits import SCENARIO_FILE_BYTES

        quoted = re.fullmatch(r"\s*([\"'«“])(.+)([\"'»”])\s*", arg)
        if quoted and {quoted.group(1) + quoted.group(3)} & {'""', "''", "«»", "“”"}:
            arg = quoted.group(2)   # «/scenario "мой файл.yaml"»: a path with spaces, quoted as in a shell
        return read_text_file(arg, "файл сценария (YAML, UTF-8)", SCENARIO_FILE_BYTES), None
    return None, None


class _Lines:
    """Input lines with push-back: a command that ended a multi-line /scenario is
    put back and answered as the next line."""

    def __init__(self, it: Iterator[str]) -> None:
        self._it = iter(it)
        self._back: list[str] = []

    def __iter__(self) -> "_Lines":
        return self

    def __next__(self) -> str:
        return self._back.pop() if self._back else next(self._it)

    def push(self, line: str) -> None:
        """Make ``line`` the next line read."""
        self._back.append(line)


def answer_line(line: str, lines: Iterator[str], ctx: Ctx) -> Reply:
    """Handle one console line (reading more lines for a multi-line /scenario).

    A command line that ended a multi-line /scenario is pushed back into ``lines``
    when it supports ``push`` (the chat loop's ``_Lines``), else dropped."""
    cmd = handlers.parse_command(line)
    if cmd is not None and cmd.name == "scenario":
        try:
            text, pending = _scenario_text(cmd.args, lines)
        except InputFileError as e:
            return Reply([handlers.note_answer(line, f"Сценарий не загружен: {e}")])
        except InputLimitError as e:
            return Reply([handlers.note_answer(line, str(e))])
        if pending is not None and hasattr(lines, "push"):
            lines.push(pending)
        if text is not None:
            return handlers.handle("/scenario\n" + text if text.strip() else "/scenario", ctx)
    return handlers.handle(line, ctx)


def chat(inp: TextIO, out: TextIO, interactive: bool, edition: str = DEFAULT_EDITION) -> int:
    """The chat loop over ``inp``; returns the exit code (0 at end of input)."""
    from bot.chat.settings import ChatSettings
    from bot.store import Store

    # the console session is one chat: /edition holds for the rest of the session
    ctx = Ctx(edition=edition, transport="console", chat_id=0, store=ChatSettings(Store("sqlite:///:memory:")))
    if interactive:
        _setup_readline()
        out.write("Судья по правилам «Берсерка». Задайте вопрос или наберите /help; выход — /quit или Ctrl-D.\n")
        lines: Iterator[str] = _lines_interactive()
    else:
        from bot.limits import SCENARIO_CHARS

        lines = bounded_lines(inp, SCENARIO_CHARS)     # the longest message any command takes
    lines = _Lines(lines)
    first = True
    for raw in lines:
        if isinstance(raw, _LongLine):
            from bot.limits import QUESTION_CHARS, SCENARIO_CHARS, too_long
            from bot.textnorm import clip

            limit = SCENARIO_CHARS if raw.lstrip().lower().startswith("/scenario") else QUESTION_CHARS
            out.write(("" if first or interactive else SEPARATOR + "\n")
                      + render_reply_plain(Reply([handlers.note_answer(clip(raw), str(too_long("Сообщение", raw.size, limit)))]))
                      + ("\n" if interactive else ""))
            out.flush()
            first = False
            continue
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
    """CLI entry (no sub-command): the console chat on stdin/stdout. Exit 0; 2 with a
    Russian message when the edition (``BERSERK_EDITION``) does not exist."""
    from bot.errors import RulebookError
    from bot.rulebook import require_edition

    edition = getattr(args, "edition", None) or os.environ.get("BERSERK_EDITION") or DEFAULT_EDITION
    try:
        require_edition(edition)
    except RulebookError as e:
        sys.stderr.write(f"berserk-judge: ошибка: BERSERK_EDITION: {e}\n")
        return 2
    handler = logging.StreamHandler()
    handler.setLevel(logging.WARNING)  # libraries such as bm25s set their loggers to DEBUG
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    from bot.warm import ready

    ready(edition)      # the data loaded and the heap frozen before the first line (bot.warm)
    return chat(sys.stdin, sys.stdout, interactive=sys.stdin.isatty() and sys.stdout.isatty(), edition=edition)
