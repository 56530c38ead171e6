"""Telegram messages that carry a file or media instead of text (``bot.chat.telegram``).

A judge may send a scenario as a file: a document named ``*.yaml`` / ``*.yml`` — or any
text document whose caption is ``/scenario`` — of at most ``bot.limits.SCENARIO_FILE_BYTES``
is downloaded and handled as ``/scenario`` with the file's text (the caption's
``/scenario@bot`` is kept, so a group's addressing rules apply as to a text message).
Anything else — a photo, a sticker, a voice message, another document — gets a Russian
note saying what the bot reads, instead of silence; in a group only when the message is
addressed to the bot (a command or mention in the caption, or a reply to the bot).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.limits import SCENARIO_FILE_BYTES

SCENARIO_SUFFIXES = (".yaml", ".yml")
TEXT_SUFFIXES = (".yaml", ".yml", ".txt")

NOT_READ = ("Файлы, картинки и голосовые сообщения я не читаю — только текст. Вопрос напишите сообщением; "
            "сценарий пришлите текстом после /scenario или файлом .yaml (до {kb} КБ, UTF-8).")
TOO_BIG = "Файл «{name}»: {size} КБ, а файл сценария — не больше {kb} КБ (YAML, UTF-8)."
NOT_DOWNLOADED = "Файл «{name}» не удалось получить у Telegram ({why}). Пришлите его ещё раз или вставьте YAML текстом после /scenario."

_CAPTION_COMMAND = re.compile(r"\s*/(scenario)(@[A-Za-z0-9_]{1,64})?(?=\s|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Attachment:
    """What to do with a message's file: ``command`` — the ``/scenario`` (with its
    ``@bot``, if any) that the downloaded text follows; ``None`` when the file is not
    read (then ``note`` says why)."""

    command: str | None
    note: str | None = None


def _kb(size: int) -> int:
    return max(1, (size + 999) // 1000)   # kB as README counts them: 400 КБ = 400,000 bytes


def plan(file_name: str | None, file_size: int | None, caption: str | None) -> Attachment:
    """Decide what to do with a message addressed to the bot that carries a document
    (``file_name``, ``file_size`` in bytes; either may be unknown) or media (both
    ``None``). The caller has already left unanswered what a group did not address to
    the bot."""
    name = (file_name or "").strip()
    m = _CAPTION_COMMAND.match(caption or "")
    is_text = name.lower().endswith(TEXT_SUFFIXES)
    wanted = name.lower().endswith(SCENARIO_SUFFIXES) or (m is not None and is_text)
    kb = SCENARIO_FILE_BYTES // 1000
    if not wanted:
        return Attachment(None, NOT_READ.format(kb=kb))
    if file_size is not None and file_size > SCENARIO_FILE_BYTES:
        return Attachment(None, TOO_BIG.format(name=name[:80], size=_kb(file_size), kb=kb))
    return Attachment(f"/scenario{m.group(2) or ''}" if m else "/scenario")


def scenario_message(command: str, raw: bytes, name: str) -> str:
    """The chat text for a downloaded scenario file: ``command`` then the file's text,
    decoded as scenario files are (UTF-8, a BOM dropped). Raises ``InputFileError``
    (Russian, naming the file) for a file that is too big or not UTF-8 text."""
    from bot.errors import InputFileError
    from bot.textfile import decode_text

    if len(raw) > SCENARIO_FILE_BYTES:
        raise InputFileError(name, f"{_kb(len(raw))} КБ, а файл сценария — не больше {SCENARIO_FILE_BYTES // 1000} КБ")
    text, _ = decode_text(raw, name, "файл сценария (YAML, UTF-8)")
    return f"{command}\n{text}"
