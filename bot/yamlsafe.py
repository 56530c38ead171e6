"""Reading YAML safely and telling its problems in Russian (shared by every YAML reader).

- ``yaml_problem_ru(problem)``: the Russian wording of a PyYAML / libyaml problem text;
- ``describe_error(err, text)``: ``(Russian message, line, column)`` of a ``YAMLError``,
  without the library's English («did not find expected node content», «in "<unicode
  string>", position 8»);
- ``load_without_aliases(text)``: ``yaml.load`` with the safe loader that first refuses
  anchors and aliases (``&a`` / ``*a``): a file of plain data never needs them, and
  aliases let a few hundred bytes stand for gigabytes once walked («alias bomb»).

Scenario YAML from users goes through the stricter, bounded ``bot.sim.yamlnode``.
"""

from __future__ import annotations

from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available: ~10x faster

# PyYAML / libyaml problem texts -> Russian (first matching fragment wins).
_PROBLEMS_RU: tuple[tuple[str, str], ...] = (
    ("did not find expected node content", "здесь ожидалось значение"),
    ("did not find expected ',' or ']'", "ожидалась «,» или «]» (список в квадратных скобках не закрыт)"),
    ("did not find expected ',' or '}'", "ожидалась «,» или «}» (словарь в фигурных скобках не закрыт)"),
    ("expected ',' or ']'", "ожидалась «,» или «]» (список в квадратных скобках не закрыт)"),
    ("expected ',' or '}'", "ожидалась «,» или «}» (словарь в фигурных скобках не закрыт)"),
    ("did not find expected key", "ожидался ключ словаря («ключ: значение») с тем же отступом"),
    ("did not find expected '-' indicator", "ожидался элемент списка «- …» с тем же отступом"),
    ("expected <block end>", "неверный отступ: строка не продолжает ни список, ни словарь"),
    ("did not find expected <document start>", "лишний текст после конца документа"),
    ("expected '<document start>'", "лишний текст после конца документа"),
    ("block sequence entries are not allowed", "элемент списка «-» здесь не допускается (проверьте отступ)"),
    ("mapping values are not allowed", "двоеточие «:» здесь не допускается (строку с «: » возьмите в кавычки)"),
    ("mapping keys are not allowed", "ключ «?» здесь не допускается"),
    ("could not find expected ':'", "ожидалось двоеточие «:» после ключа"),
    ("tab character", "табуляция в отступе: отступы делаются пробелами"),
    ("'\\t' that cannot start", "табуляция в отступе: отступы делаются пробелами"),
    ("cannot start any token", "символ, с которого не может начинаться значение (например, «@» или «`»: возьмите значение в кавычки)"),
    ("found unexpected end of stream", "текст кончился внутри кавычек: кавычка не закрыта"),
    ("found unknown escape character", "неизвестная экранированная последовательность «\\…» в кавычках"),
    ("hexdecimal number", "после «\\x», «\\u» или «\\U» ожидались шестнадцатеричные цифры"),
    ("invalid Unicode character escape", "неверный код символа в «\\u…»"),
    ("found unexpected document indicator", "разделитель документов «---» или «...» внутри значения"),
    ("did not find expected alphabetic or numeric character", "после «&», «*» или «!» ожидалось имя"),
    ("did not find expected whitespace or line break", "ожидался пробел или конец строки"),
    ("did not find expected comment or line break", "ожидался комментарий «#» или конец строки"),
    ("tag", "неверный тег YAML («!…»)"),
    ("%YAML", "неверная директива %YAML"),
    ("%TAG", "неверная директива %TAG"),
    ("directive", "неверная директива YAML («%…»)"),
    ("found unexpected ':'", "двоеточие «:» здесь не допускается"),
    ("maximum nesting depth", "слишком глубокая вложенность YAML"),
    ("control characters are not allowed", "управляющий символ в тексте (не допускается в YAML)"),
    ("special characters are not allowed", "управляющий символ в тексте (не допускается в YAML)"),
    ("indentation indicator", "неверный указатель отступа у многострочного значения"),
    ("while scanning a quoted scalar", "кавычка не закрыта"),
)


def yaml_problem_ru(problem: str) -> str:
    """The Russian wording of a PyYAML / libyaml ``problem`` text (never English)."""
    for fragment, ru in _PROBLEMS_RU:
        if fragment in problem:
            return ru
    return "синтаксическая ошибка YAML"


def _line_col(text: str, position: int) -> tuple[int, int]:
    """1-based (line, column) of 0-based character ``position`` in ``text``."""
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


def describe_error(e: yaml.YAMLError, text: str) -> tuple[str, int | None, int | None]:
    """``(Russian message, 1-based line, 1-based column)`` of the YAML error ``e`` raised
    while reading ``text``; line and column are ``None`` when the error has no place."""
    if isinstance(e, yaml.reader.ReaderError):
        line, col = _line_col(text, e.position)
        return yaml_problem_ru(e.reason), line, col
    problem = getattr(e, "problem", None) or getattr(e, "context", None) or ""
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    message = problem if isinstance(e, AliasRefused) else yaml_problem_ru(problem)
    if mark is None:
        return message, None, None
    if text[mark.index:mark.index + 1] == "\t":
        message = "табуляция: отступы и промежутки в YAML делаются пробелами"
    return message, mark.line + 1, mark.column + 1


class AliasRefused(yaml.MarkedYAMLError):
    """An anchor or alias in a file read by ``load_without_aliases`` (its ``problem`` is
    already Russian; ``describe_error`` passes it through)."""


def load_without_aliases(text: str) -> Any:
    """``yaml.load(text)`` with the safe loader, after one pass over the parser's events
    that refuses anchors and aliases (``AliasRefused`` at the first one). Other problems
    raise PyYAML's own ``YAMLError`` subclasses; see ``describe_error``."""
    loader = LOADER(text)
    try:
        while loader.check_event():
            ev = loader.get_event()
            anchor = getattr(ev, "anchor", None)
            if anchor is not None:
                sign = "*" if isinstance(ev, yaml.AliasEvent) else "&"
                raise AliasRefused(problem=f"якоря и ссылки YAML («{sign}{anchor}») не поддерживаются",
                                   problem_mark=ev.start_mark)
    finally:
        loader.dispose()
    return yaml.load(text, Loader=LOADER)


def load_data_file(path, what: str) -> Any:
    """The YAML data file ``path`` (a judge-edited list or dictionary such as
    ``grammar/lexicon.yaml``) read with ``load_without_aliases``.

    ``what`` names it in the message («словарь вопросов»). Raises ``RulebookError``
    in Russian: «<path>: не читается <what>: нет файла» / «<path>, строка N, столбец M:
    не читается <what>: <the YAML problem in Russian>».
    """
    from bot.errors import RulebookError

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulebookError(f"{path}: не читается {what}: нет файла") from None
    except (OSError, UnicodeDecodeError) as e:
        why = "не UTF-8" if isinstance(e, UnicodeDecodeError) else "файл не открывается"
        raise RulebookError(f"{path}: не читается {what}: {why}") from None
    try:
        return load_without_aliases(text)
    except yaml.YAMLError as e:
        message, line, col = describe_error(e, text)
        where = f", строка {line}, столбец {col}" if line else ""
        raise RulebookError(f"{path}{where}: не читается {what}: {message}") from None
