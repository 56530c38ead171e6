"""One base error type per concern (docs/architecture.md, «Errors»); all are ValueErrors.

Messages are Russian and say where (position in card text, file and line in
YAML, paragraph number) and what was expected.
"""

from __future__ import annotations


class BerserkError(ValueError):
    """Base of the project's user-facing errors; ``str(err)`` is the Russian message."""


class RulebookError(BerserkError):
    """A rulebook file or source page is unreadable or inconsistent."""


class ParseError(BerserkError):
    """Card text that cannot be read as card text at all.

    Attributes:
        position: 0-based character offset in the (original) text where reading stopped.
        expected: short Russian description of what was expected there.
    """

    def __init__(self, message: str, position: int = 0, expected: str = "") -> None:
        super().__init__(message)
        self.position = position
        self.expected = expected


class ScenarioError(BerserkError):
    """A scenario file or described situation that cannot be loaded.

    Attributes:
        file: path of the YAML file, when there is one.
        line: 1-based line in that file, when known.
        column: 1-based column on that line, when known (YAML syntax errors).
    """

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        parts = [file] if file else []
        if line:
            parts.append(f"строка {line}" + (f", столбец {column}" if column else ""))
        where = ", ".join(parts)
        super().__init__(f"{where}: {message}" if where else message)
        self.file = file
        self.line = line
        self.column = column


class OutcomeError(BerserkError):
    """What is said to have happened at the table does not fit the card text
    (a part number that does not exist, «отказался» where the text has no
    refusable part, a choice on a text without «или»). Russian message; the CLI
    exits with code 2."""


class InputFileError(BerserkError):
    """A file named by the user cannot be read as UTF-8 text: missing, a folder,
    not a regular file, no permission, or not UTF-8.

    Attributes:
        path: the path as the user gave it.
        reason: the Russian reason without the path (``str(err)`` is «path: reason»),
            so that callers can re-raise it as their own error type.
    """

    def __init__(self, path: str, reason: str) -> None:
        from bot.textnorm import clip

        # a path of thousands of characters (a pasted text taken for a file name) is
        # shown clipped, not echoed whole
        super().__init__(f"{clip(str(path), 200)}: {reason}")
        self.path = path
        self.reason = reason


class InputLimitError(BerserkError):
    """An input beyond its documented bound (README, «Коды выхода и ошибки»): a
    question or chat message longer than allowed, a scenario file too large or too
    deep, a number with too many digits. Raised before the input is processed, so a
    hostile input costs no more than reading it.

    Attributes:
        limit: the bound that was exceeded (characters, digits, nodes, levels).
        size: the measured size of the input in the same unit.
    """

    def __init__(self, message: str, limit: int = 0, size: int = 0) -> None:
        super().__init__(message)
        self.limit = limit
        self.size = size
