"""Reading a text file the user named (``parse --file``, ``scenario run``, console
``/scenario FILE``) with Russian messages instead of tracebacks.

One place for the checks every command needs: the path exists, is a regular file
(not a folder, not a device such as ``/dev/null``), is readable and is UTF-8.
"""

from __future__ import annotations

import errno
import sys
import stat
from pathlib import Path

from bot.errors import InputFileError


OS_REASONS = {
    errno.ENAMETOOLONG: "слишком длинное имя файла",
    errno.ELOOP: "слишком много символических ссылок",
    errno.EIO: "ошибка ввода-вывода",
    errno.EACCES: "нет прав на чтение",
    errno.EPERM: "нет прав на чтение",
    errno.ENOENT: "файл не найден",
    errno.ENOTDIR: "часть пути — не папка",
    errno.EISDIR: "это папка",
    errno.ENXIO: "устройство недоступно",
    errno.EMFILE: "открыто слишком много файлов",
    errno.ENFILE: "открыто слишком много файлов",
    errno.ENOMEM: "не хватает памяти",
}
"""errno -> the Russian reason shown to the user (``os.strerror`` speaks English)."""


def os_reason(e: OSError) -> str:
    """The Russian reason for ``e`` (``OS_REASONS``); an errno not listed is named by
    its number: «системная ошибка 5»."""
    return OS_REASONS.get(e.errno, f"системная ошибка {e.errno}" if e.errno else "системная ошибка")


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
        raise InputFileError(str(path), f"не удаётся открыть ({os_reason(e)})") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(str(path), f"это папка, а не {what}")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(str(path), f"не обычный файл (устройство или канал); ожидалось: {what}")
    return p


def read_text_file(path: str | Path, what: str = "текстовый файл", max_bytes: int | None = None) -> str:
    """The text of the UTF-8 file ``path`` (a leading BOM is dropped); ``"-"`` reads
    standard input, so card texts can be piped in.

    Raises ``InputFileError`` with a Russian reason: see ``check_regular_file``;
    «нет прав на чтение»; «не читается как UTF-8 (байт N); ожидалось: <what>»
    where N is the 0-based offset of the first bad byte; «файл слишком большой: …»
    when it has more than ``max_bytes`` bytes (checked before reading it).
    """
    if str(path) == "-":
        raw = sys.stdin.buffer.read() if max_bytes is None else sys.stdin.buffer.read(max_bytes + 1)
        path = "стандартный ввод"
    else:
        p = check_regular_file(path, what)
        if max_bytes is not None:
            _check_size(p.stat().st_size, max_bytes, path)
        raw = _read_bytes(p, path)
    if max_bytes is not None:
        _check_size(len(raw), max_bytes, path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputFileError(str(path), f"не читается как UTF-8 (байт {e.start}); ожидалось: {what}") from None
    if "\x00" in text:
        raise InputFileError(str(path), f"двоичный файл (байт {raw.index(0)} — нулевой); ожидалось: {what}")
    return text.removeprefix("\ufeff")


def _check_size(size: int, max_bytes: int, path: str | Path) -> None:
    if size > max_bytes:
        raise InputFileError(str(path), f"слишком большой: больше {max_bytes:,} байт".replace(",", "\u00a0"))


def _read_bytes(p: Path, path: str | Path) -> bytes:
    try:
        return p.read_bytes()
    except PermissionError:
        raise InputFileError(str(path), "нет прав на чтение") from None
    except OSError as e:
        raise InputFileError(str(path), f"не удаётся прочитать ({os_reason(e)})") from None
