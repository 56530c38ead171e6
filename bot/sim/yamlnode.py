"""Strict, bounded YAML reading with line numbers, for YAML that users send.

``compose(text, file)`` returns a ``Y`` tree: every value remembers its 1-based line, so
a scenario error can say «файл, строка N: …». Accessors raise ``ScenarioError``.

The tree is built straight from the parser's event stream (libyaml when available),
never through PyYAML's composer or constructor of collections, so a hostile text is
refused before anything large is built: anchors and aliases (``&a`` / ``*a``, the
«alias bomb»), explicit tags other than the core scalar ones, more than one document,
and anything beyond the bounds of ``bot.limits`` (characters, nodes, nesting depth,
scalar length, digits of an integer). YAML syntax errors are told in Russian with line
and column (``yaml_problem_ru``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from bot import limits
from bot.errors import ScenarioError
from bot.yamlsafe import LOADER as _LOADER
from bot.yamlsafe import describe_error, yaml_problem_ru  # noqa: F401 - yaml_problem_ru is part of this module's face


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



_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {None, "!", _CORE + "str", _CORE + "int", _CORE + "float", _CORE + "bool", _CORE + "null"}
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _syntax_error(e: yaml.YAMLError, text: str, file: str | None) -> ScenarioError:
    message, line, col = describe_error(e, text)
    return ScenarioError(f"не читается как YAML: {message}", file, line, col)


class _Builder:
    """Builds a ``Y`` tree from parser events, checking the bounds of ``bot.limits``
    at every event (so nothing beyond them is ever built)."""

    def __init__(self, loader, file: str | None) -> None:
        self.loader = loader
        self.file = file
        self.nodes = 0

    def _at(self, event, message: str) -> ScenarioError:
        m = event.start_mark
        return ScenarioError(message, self.file, m.line + 1, m.column + 1)

    def _count(self, event, depth: int) -> None:
        self.nodes += 1
        if self.nodes > limits.SCENARIO_NODES:
            raise self._at(event, f"слишком много значений в YAML: больше {limits.SCENARIO_NODES} "
                                  "(сценарий описывает одну ситуацию на поле)")
        if depth > limits.SCENARIO_DEPTH:
            raise self._at(event, f"слишком глубокая вложенность YAML: больше {limits.SCENARIO_DEPTH} уровней")
        if getattr(event, "anchor", None) is not None:
            raise self._at(event, f"якорь YAML «&{event.anchor}» не поддерживается: "
                                  "повторите значение вместо ссылки на него")

    def node(self, depth: int = 1) -> Y:
        """Read one node (the next event starts it) and return it as ``Y``."""
        ev = self.loader.get_event()
        line = ev.start_mark.line + 1
        if isinstance(ev, yaml.AliasEvent):
            raise self._at(ev, f"ссылка YAML «*{ev.anchor}» не поддерживается: повторите значение вместо ссылки")
        self._count(ev, depth)
        if isinstance(ev, yaml.ScalarEvent):
            return Y(self._scalar(ev), line, self.file)
        if isinstance(ev, yaml.SequenceStartEvent):
            self._collection_tag(ev, "seq")
            items: list[Y] = []
            while not self.loader.check_event(yaml.SequenceEndEvent):
                items.append(self.node(depth + 1))
            self.loader.get_event()
            return Y(items, line, self.file)
        if isinstance(ev, yaml.MappingStartEvent):
            self._collection_tag(ev, "map")
            out: dict[str, Y] = {}
            while not self.loader.check_event(yaml.MappingEndEvent):
                kev = self.loader.peek_event()
                if not isinstance(kev, yaml.ScalarEvent):
                    if isinstance(kev, yaml.AliasEvent):
                        raise self._at(kev, f"ссылка YAML «*{kev.anchor}» не поддерживается: повторите значение вместо ссылки")
                    raise self._at(kev, "ключ словаря должен быть строкой")
                self.loader.get_event()
                self._count(kev, depth + 1)
                if len(kev.value) > limits.SCENARIO_SCALAR_CHARS:
                    raise self._at(kev, f"слишком длинный ключ: {len(kev.value)} символов (не больше {limits.SCENARIO_SCALAR_CHARS})")
                key = str(kev.value)  # raw text: «on» stays a string
                if key in out:
                    raise self._at(kev, f"ключ «{key}» повторяется")
                y = self.node(depth + 1)
                y.key_line = kev.start_mark.line + 1  # type: ignore[attr-defined]
                out[key] = y
            self.loader.get_event()
            return Y(out, line, self.file)
        raise self._at(ev, "здесь ожидалось значение")  # pragma: no cover - the parser never yields this

    def _collection_tag(self, ev, kind: str) -> None:
        if ev.tag not in (None, "!", _CORE + kind):
            raise self._at(ev, f"тег YAML «{ev.tag}» не поддерживается")

    def _scalar(self, ev) -> Any:
        value = ev.value
        if len(value) > limits.SCENARIO_SCALAR_CHARS:
            raise self._at(ev, f"слишком длинное значение: {len(value)} символов (не больше {limits.SCENARIO_SCALAR_CHARS})")
        if ev.tag not in _SCALAR_TAGS:
            raise self._at(ev, f"тег YAML «{ev.tag}» не поддерживается; допустимы !!str, !!int, !!float, !!bool, !!null")
        tag = ev.tag
        if tag is None or tag == "!":
            tag = _CORE + "str" if tag == "!" else self.loader.resolve(yaml.ScalarNode, value, ev.implicit)
        digits = len(value.strip().lstrip("+-").replace("_", ""))
        if tag == _CORE + "int" and digits > limits.SCENARIO_INT_DIGITS:
            raise self._at(ev, f"слишком длинное целое число: {digits} цифр (не больше {limits.SCENARIO_INT_DIGITS})")
        node = yaml.ScalarNode(tag, value, ev.start_mark, ev.end_mark, ev.style)
        try:
            return _CONSTRUCTOR.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, KeyError, TypeError):
            raise self._at(ev, f"значение «{value[:40]}» не читается как {_TAG_RU.get(tag, 'значение')}") from None


_TAG_RU = {_CORE + "int": "целое число", _CORE + "float": "число", _CORE + "bool": "true или false",
           _CORE + "null": "null"}


def compose(text: str, file: str | None = None) -> Y:
    """Parse YAML ``text`` into a ``Y`` tree.

    Raises ``ScenarioError`` with file, line (and column for syntax) on bad YAML, on an
    empty text, on anchors / aliases / unknown tags / several documents, and beyond the
    bounds of ``bot.limits`` (``SCENARIO_CHARS`` characters, ``SCENARIO_NODES`` values,
    ``SCENARIO_DEPTH`` levels, ``SCENARIO_SCALAR_CHARS`` per value,
    ``SCENARIO_INT_DIGITS`` digits per integer).
    """
    if len(text) > limits.SCENARIO_CHARS:
        raise ScenarioError(f"файл сценария слишком большой: {len(text)} символов (не больше {limits.SCENARIO_CHARS})", file, None)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:   # undecodable bytes kept as lone surrogates: libyaml refuses them
        text = re.sub("[\ud800-\udfff]", "\ufffd", text)
    loader = _LOADER(text)
    try:
        loader.get_event()  # StreamStart
        if loader.check_event(yaml.StreamEndEvent):
            raise ScenarioError("пустой файл сценария", file, 1)
        loader.get_event()  # DocumentStart
        if loader.check_event(yaml.DocumentEndEvent):
            raise ScenarioError("пустой файл сценария", file, 1)
        root = _Builder(loader, file).node()
        loader.get_event()  # DocumentEnd
        if not loader.check_event(yaml.StreamEndEvent):
            ev = loader.peek_event()
            raise ScenarioError("в тексте несколько документов YAML (разделитель «---»); ожидался один сценарий",
                                file, ev.start_mark.line + 1)
    except yaml.YAMLError as e:
        raise _syntax_error(e, text, file) from None
    finally:
        loader.dispose()
    return root
