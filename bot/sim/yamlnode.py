"""Strict YAML reading with line numbers (yaml.compose node marks).

``compose(text, file)`` returns a ``Y`` tree: every value remembers its 1-based line, so
a scenario error can say «файл, строка N: …». Accessors raise ``ScenarioError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from bot.errors import ScenarioError


@dataclass
class Y:
    """A YAML value with its line: ``value`` is a str/int/bool/None scalar, a list of
    ``Y`` or a dict ``{key: Y}``; ``line`` is 1-based; ``file`` the source file."""

    value: Any
    line: int
    file: str | None

    def error(self, message: str) -> ScenarioError:
        """A ``ScenarioError`` pointing at this value."""
        return ScenarioError(message, self.file, self.line)

    # -- typed access -------------------------------------------------------
    def mapping(self, allowed: set[str] | None = None, required: set[str] = frozenset(), what: str = "") -> dict[str, "Y"]:
        """The dict; unknown keys (not in ``allowed``) and missing ``required`` keys are errors."""
        if not isinstance(self.value, dict):
            raise self.error(f"ожидался словарь (ключ: значение){' в ' + what if what else ''}")
        if allowed is not None:
            for k, v in self.value.items():
                if k not in allowed:
                    raise ScenarioError(f"неизвестный ключ «{k}»{' в ' + what if what else ''}; допустимы: {', '.join(sorted(allowed))}", self.file, v.key_line if hasattr(v, 'key_line') else v.line)
        for k in sorted(required):
            if k not in self.value:
                raise self.error(f"нет обязательного ключа «{k}»{' в ' + what if what else ''}")
        return self.value

    def seq(self, what: str = "") -> list["Y"]:
        """The list (a single scalar is an error)."""
        if not isinstance(self.value, list):
            raise self.error(f"ожидался список{' ' + what if what else ''}")
        return self.value

    def str(self, what: str = "", choices: tuple[str, ...] | None = None) -> str:
        """A scalar as a string, optionally one of ``choices``."""
        if isinstance(self.value, (dict, list)) or self.value is None:
            raise self.error(f"ожидалась строка{' ' + what if what else ''}")
        s = str(self.value)
        if choices is not None and s not in choices:
            raise self.error(f"неверное значение «{s}»{' для ' + what if what else ''}; допустимы: {', '.join(choices)}")
        return s

    def opt_str(self, what: str = "") -> str | None:
        """A string or ``None`` (YAML null)."""
        return None if self.value is None else self.str(what)

    def int(self, what: str = "", minimum: int | None = None) -> int:
        """An integer scalar, at least ``minimum`` when given (raises with the line)."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"ожидалось целое число{' ' + what if what else ''}")
        if minimum is not None and self.value < minimum:
            raise self.error(f"{what or 'число'} не может быть меньше {minimum} (указано {self.value})")
        return self.value

    def bool(self, what: str = "") -> bool:
        """A boolean scalar (true/false)."""
        if not isinstance(self.value, bool):
            raise self.error(f"ожидалось true или false{' ' + what if what else ''}")
        return self.value

    def plain(self) -> Any:
        """The value without line information (nested)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def _convert(node: yaml.Node, file: str | None) -> Y:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Y] = {}
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else {}  # raw text: «on» stays a string
            if isinstance(key, (dict, list)):
                raise ScenarioError("ключ словаря должен быть строкой", file, k.start_mark.line + 1)
            key = str(key)
            if key in out:
                raise ScenarioError(f"ключ «{key}» повторяется", file, k.start_mark.line + 1)
            y = _convert(v, file)
            y.key_line = k.start_mark.line + 1  # type: ignore[attr-defined]
            out[key] = y
        return Y(out, line, file)
    if isinstance(node, yaml.SequenceNode):
        return Y([_convert(v, file) for v in node.value], line, file)
    return Y(_scalar(node), line, file)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    return _CONSTRUCTOR.construct_object(node, deep=True)


def compose(text: str, file: str | None = None) -> Y:
    """Parse YAML ``text`` into a ``Y`` tree; ``ScenarioError`` with the line on bad YAML."""
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ScenarioError(f"не читается как YAML: {getattr(e, 'problem', None) or e}", file, mark.line + 1 if mark else None) from e
    if node is None:
        raise ScenarioError("пустой файл сценария", file, 1)
    return _convert(node, file)
