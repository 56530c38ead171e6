"""Reading a text file the user named (``parse --file``, ``scenario run``, console
``/scenario FILE``) with Russian messages instead of tracebacks.

One place for the checks every command needs: the path exists, is a regular file
(not a folder, not a device such as ``/dev/null``), is readable and is UTF-8
(or, where asked, UTF-16 or Russian cp1251: ``decode_text``, shared with the card importer).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
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


WRITE_REASONS = {
    errno.ENOENT: "нет такой папки",
    errno.EEXIST: "на этом месте уже есть файл",
    errno.ENOTDIR: "часть пути — файл, а не папка",
    errno.EACCES: "нет прав на запись",
    errno.EPERM: "нет прав на запись",
    errno.EROFS: "файловая система только для чтения",
    errno.ENOSPC: "нет места на диске",
    errno.ENAMETOOLONG: "слишком длинное имя файла",
}
"""errno -> the Russian reason a folder or file could not be created."""


def os_write_reason(e: OSError) -> str:
    """The Russian reason creating a folder or file failed (``WRITE_REASONS``; others
    as ``os_reason``)."""
    return WRITE_REASONS.get(e.errno) or os_reason(e)


def broken_link_reason(p: Path) -> str | None:
    """«ссылка ведёт на несуществующий файл …» when ``p`` is a symbolic link whose target
    is missing; ``None`` otherwise (also when the link cannot be read)."""
    try:
        if p.is_symlink():
            return f"ссылка ведёт на несуществующий файл {os.readlink(p)}"
    except OSError:
        return None
    return None


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
        raise InputFileError(str(path), broken_link_reason(p) or "файл не найден") from None
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


def read_text_file(path: str | Path, what: str = "текстовый файл", max_bytes: int | None = None,
                   notes: list[str] | None = None) -> str:
    """The text of the file ``path``; ``"-"`` reads standard input, so card texts can
    be piped in. Decoded by ``decode_text``: UTF-8 (a leading BOM is dropped) only,
    unless ``notes`` is a list: then also UTF-16 with a BOM and Russian cp1251, with a
    Russian note about the encoding appended to ``notes``.

    Raises ``InputFileError`` with a Russian reason: see ``check_regular_file``;
    «нет прав на чтение»; ``decode_text``'s reasons (the first bad byte's 0-based
    offset, «двоичный файл»); «файл слишком большой: …» when it has more than
    ``max_bytes`` bytes (checked before reading it).
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
    text, note = decode_text(raw, str(path), what, legacy=notes is not None)
    if note and notes is not None:
        notes.append(note)
    return text


_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
CP1251_NOTE = "файл не в UTF-8: прочитан как cp1251 (Windows-1251)"
UTF16_NOTE = "файл в кодировке UTF-16"


def looks_like_cp1251(raw: bytes) -> str | None:
    """``raw`` decoded as cp1251 when it reads as Russian text there (at least 30 % of
    its letters Cyrillic, most of those lower-case), else ``None``. UTF-8 Russian with
    one stray byte is not taken: as cp1251 its lead bytes read as «Р»/«С», upper-case."""
    try:
        text = raw.decode("cp1251")
    except UnicodeDecodeError:
        return None
    letters = sum(ch.isalpha() for ch in text)
    cyrillic = _CYRILLIC.findall(text)
    lower = sum(ch.islower() for ch in cyrillic)
    return text if letters and len(cyrillic) >= 0.3 * letters and lower > len(cyrillic) / 2 else None


def _utf16_without_bom(raw: bytes) -> str | None:
    """``raw`` decoded as UTF-16 (little- or big-endian) without a byte-order mark, when it
    reads as Russian text there: no control characters but line breaks and tabs, and at
    least 30 % of its letters Cyrillic; else ``None`` (random binary decodes to neither)."""
    if len(raw) % 2:
        return None
    for codec in ("utf-16-le", "utf-16-be"):
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        if any(ch < " " and ch not in "\n\r\t" for ch in text):
            continue
        letters = sum(ch.isalpha() for ch in text)
        if letters and len(_CYRILLIC.findall(text)) >= 0.3 * letters:
            return text
    return None


def decode_text(raw: bytes, path: str, what: str, legacy: bool = False) -> tuple[str, str | None]:
    """The text of a user's file and a Russian note on its encoding (``None`` for UTF-8).

    UTF-8, with or without BOM. With ``legacy`` (card files, ``parse --file``) also
    UTF-16 with a BOM (or without one, when it reads as Russian text) and cp1251 (the common Windows Russian encoding) when the bytes
    are not UTF-8 but read as Russian text; without it a file that looks like cp1251
    is refused with that said, so the user knows what to re-save.
    Raises ``InputFileError``: «не читается как UTF-8 (байт N) …; ожидалось: <what>»,
    «двоичный файл (байт N — нулевой) …», «файл с меткой UTF-16 не читается …».
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif legacy and raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16"), UTF16_NOTE
        except UnicodeDecodeError as e:
            raise InputFileError(path, f"файл с меткой UTF-16 не читается как UTF-16 (байт {e.start}); ожидалось: {what}") from None
    if legacy and b"\x00" in raw:
        text = _utf16_without_bom(raw)
        if text is not None:
            return text, UTF16_NOTE + " (без метки порядка байтов)"
        raise InputFileError(path, f"двоичный файл (байт {raw.index(0)} — нулевой); ожидалось: {what}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = e.start
    else:
        if "\x00" in text:
            raise InputFileError(path, f"двоичный файл (байт {raw.index(0)} — нулевой); ожидалось: {what}")
        return text, None
    cp1251 = looks_like_cp1251(raw) if b"\x00" not in raw else None
    if legacy and cp1251 is not None:
        return cp1251, CP1251_NOTE
    if legacy:
        raise InputFileError(path, f"не читается как UTF-8 (байт {bad}) и не похож на русский текст в cp1251; "
                                   f"сохраните файл в UTF-8; ожидалось: {what}")
    hint = "; похоже на кодировку cp1251 (Windows-1251) — сохраните файл в UTF-8" if cp1251 is not None else ""
    raise InputFileError(path, f"не читается как UTF-8 (байт {bad}){hint}; ожидалось: {what}")


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
