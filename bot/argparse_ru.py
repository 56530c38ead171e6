"""Russian messages for argparse (usage errors, help headings).

argparse builds its texts with ``gettext`` — ``_()`` and ``ngettext()`` looked up
as globals of the ``argparse`` module at call time. ``install()`` points them at
``RussianArgparse``, a ``gettext.NullTranslations`` that maps argparse's msgids
(Python 3.10–3.13 wordings) to Russian; unknown msgids stay as they are. It must be
called before the parser is built (headings and the ``-h`` help are translated
when the parser is constructed).
"""

from __future__ import annotations

import argparse
import gettext

MESSAGES: dict[str, str] = {
    "usage: ": "использование: ",
    "positional arguments": "аргументы",
    "options": "параметры",
    "optional arguments": "параметры",
    "show this help message and exit": "показать эту справку и выйти",
    "show program's version number and exit": "показать версию программы и выйти",
    "%(prog)s: error: %(message)s\n": "%(prog)s: ошибка: %(message)s\n",
    "the following arguments are required: %s": "не указаны обязательные аргументы: %s",
    "unrecognized arguments: %s": "неизвестные аргументы: %s",
    "expected one argument": "ожидалось одно значение",
    "expected at least one argument": "ожидалось хотя бы одно значение",
    "expected at most one argument": "ожидалось не больше одного значения",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "недопустимое значение %(value)r (возможны: %(choices)s)",
    "invalid choice: %(value)r, choose from %(choices)s": "недопустимое значение %(value)r (возможны: %(choices)s)",
    "invalid %(type)s value: %(value)r": "неверное значение %(value)r: ожидалось %(type)s",
    "ambiguous option: %(option)s could match %(matches)s": "неоднозначный параметр %(option)s: подходят %(matches)s",
    "not allowed with argument %s": "нельзя вместе с аргументом %s",
    "one of the arguments %s is required": "нужен один из аргументов: %s",
    "ignored explicit argument %r": "лишнее значение %r",
    "can't open '%(filename)s': %(error)s": "не удаётся открыть «%(filename)s»: %(error)s",
    "unexpected option string: %s": "неожиданный параметр: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "неизвестная команда %(parser_name)r (есть: %(choices)s)",
}
"""argparse msgid -> Russian text (same %-placeholders)."""

PLURALS: dict[str, str] = {
    "expected %s argument": "ожидалось значений: %s",
    "conflicting option string: %s": "конфликтующие параметры: %s",
}
"""argparse singular msgid of an ``ngettext`` pair -> Russian text for any count."""


class RussianArgparse(gettext.NullTranslations):
    """Translations of argparse's messages; see ``MESSAGES`` and ``PLURALS``."""

    def gettext(self, message: str) -> str:
        return MESSAGES.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if msgid1 in PLURALS:
            return PLURALS[msgid1]
        return msgid1 if n == 1 else msgid2


def install() -> RussianArgparse:
    """Make argparse speak Russian in this process (idempotent); returns the translation."""
    tr = RussianArgparse()
    argparse._ = tr.gettext
    argparse.ngettext = tr.ngettext
    return tr


def whole_number(text: str) -> int:
    """argparse ``type=`` for integers; its ``__name__`` makes the error read
    «неверное значение 'x': ожидалось целое число»."""
    return int(text)


whole_number.__name__ = "целое число"
