"""Reading a text file the user named (``parse --file``, ``scenario run``, console
``/scenario FILE``) with Russian messages instead of tracebacks.

One place for the checks every command needs: the path exists, is a regular file
(not a folder, not a device such as ``/dev/null``), is readable and is UTF-8.
"""

from __future__ import annotations

import errno
import os
import sys
import stat
from pathlib import Path

from bot.errors import InputFileError


def check_regular_file(path: str | Path, what: str = "текстовый файл") -> Path:
    """Return ``Path(path)`` when it is an existing regular file.

    ``what`` names the expected content in the message («файл сценария»).
    Raises ``InputFileError`` («файл не найден», «это папка, а не …», «не обычный
    файл (устройство или канал) …»).
    """
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputFileError(str(path), "файл не найден") from None
    except NotADirectoryError:
        raise InputFileError(str(path), "файл не найден (часть пути — не папка)") from None
    except PermissionError:
        raise InputFileError(str(path), "нет прав на чтение") from None
    except OSError as e:
        raise InputFileError(str(path), f"не удаётся открыть ({os.strerror(e.errno or errno.EIO)})") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(str(path), f"это папка, а не {what}")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(str(path), f"не обычный файл (устройство или канал); ожидался {what}")
    return p


def read_text_file(path: str | Path, what: str = "текстовый файл") -> str:
    """The text of the UTF-8 file ``path`` (a leading BOM is dropped); ``"-"`` reads
    standard input, so card texts can be piped in.

    Raises ``InputFileError`` with a Russian reason: see ``check_regular_file``;
    «нет прав на чтение»; «не читается как UTF-8 (байт N); ожидался <what>»
    where N is the 0-based offset of the first bad byte.
    """
    if str(path) == "-":
        raw = sys.stdin.buffer.read()
        path = "стандартный ввод"
    else:
        raw = _read_bytes(check_regular_file(path, what), path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputFileError(str(path), f"не читается как UTF-8 (байт {e.start}); ожидался {what}") from None
    if "\x00" in text:
        raise InputFileError(str(path), f"двоичный файл (байт {raw.index(0)} — нулевой); ожидался {what}")
    return text.removeprefix("\ufeff")


def _read_bytes(p: Path, path: str | Path) -> bytes:
    try:
        return p.read_bytes()
    except PermissionError:
        raise InputFileError(str(path), "нет прав на чтение") from None
    except OSError as e:
        raise InputFileError(str(path), f"не удаётся прочитать ({os.strerror(e.errno or errno.EIO)})") from None
