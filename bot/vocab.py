"""The one lexicon of question wording (``grammar/lexicon.yaml``), loaded once per process.

Sections are plain YAML a judge edits without Python (their meaning is written at the top
of the file). ``words(section)`` gives a space-separated section as a frozenset of folded
words; ``section(name)`` gives any section as loaded. A missing file or section raises
``bot.errors.RulebookError`` with the file named (the lexicon ships with the bot).
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterator
from typing import Any

from bot.paths import grammar_dir

LEXICON_FILE = "lexicon.yaml"


@lru_cache(maxsize=1)
def _load() -> dict[str, Any]:
    from bot.errors import RulebookError
    from bot.yamlsafe import load_data_file

    path = grammar_dir() / LEXICON_FILE
    data = load_data_file(path, "словарь вопросов")
    if not isinstance(data, dict):
        raise RulebookError(f"словарь вопросов {path}: ожидался словарь разделов")
    return data


def texts(skip: tuple[str, ...] = ()) -> Iterator[str]:
    """Every string written in the lexicon, keys and values, at any depth (sections named in
    ``skip`` left out), as written: the one walk for readers that need every word of the file
    (card-name guard, typo form table)."""
    stack: list[Any] = [v for k, v in _load().items() if k not in skip]
    stack += [k for k in _load() if k not in skip]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)


def section(name: str) -> Any:
    """Section ``name`` of the lexicon as loaded (a mapping, list or string)."""
    data = _load()
    if name not in data:
        from bot.errors import RulebookError
        raise RulebookError(f"словарь вопросов {grammar_dir() / LEXICON_FILE}: нет раздела «{name}»")
    return data[name]


@lru_cache(maxsize=None)
def words(name: str) -> frozenset[str]:
    """A space-separated section as folded words (ё→е kept as written and also folded)."""
    from bot.textnorm import fold
    raw = section(name)
    items = raw.split() if isinstance(raw, str) else [str(x) for x in raw]
    return frozenset(w for x in items for w in {x, fold(x)})


def pattern_regex(items) -> str:
    """A regular expression (no groups) matching any of the word patterns ``items`` in
    folded or typed text, each from a word boundary: a pattern is words separated by
    spaces, a word ``основа*`` matches any word starting so, any other word matches that
    word whole («не хоч*» ~ «не хочет», «сведен* на нет» ~ «сведено на нет»).
    The format of the pattern lists of ``grammar/lexicon.yaml``; raises ``RulebookError``
    for an empty list (the lexicon ships with every pattern list filled)."""
    import re

    alts: list[str] = []
    for item in items or ():
        parts = []
        for w in str(item).split():
            parts.append(re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) + r"\b")
        if parts:
            alts.append(r"\s+".join(parts))
    if not alts:
        from bot.errors import RulebookError
        raise RulebookError(f"словарь вопросов {LEXICON_FILE}: пустой список образцов слов")
    return r"\b(?:" + "|".join(alts) + ")"


def alternation(items, space: str = r"\s+", ending: str = "[а-яё]*") -> str:
    """One non-capturing group of regular-expression alternatives for the word list
    ``items``, in its order (the first alternative that fits wins): words of an item
    separated by spaces match any white space, a word ending in «*» any Russian ending
    («получа*» ~ «получает», «получаю»), everything else literally. Unlike
    ``pattern_regex`` it adds no word boundary: the code around it says where a match may
    start and end; ``space`` is what stands between the words of an item (the possessive
    «\\s++» for patterns that must stay linear), ``ending`` what a «*» stands for. Raises
    ``RulebookError`` for an empty list."""
    import re

    alts = []
    for item in items or ():
        words = [re.escape(w[:-1]) + ending if w.endswith("*") else re.escape(w) for w in str(item).split()]
        if words:
            alts.append(space.join(words))
    if not alts:
        from bot.errors import RulebookError
        raise RulebookError(f"словарь вопросов {LEXICON_FILE}: пустой список слов")
    return "(?:" + "|".join(alts) + ")"


def words_regex(name: str, key: str, space: str = r"\s+", ending: str = "[а-яё]*") -> str:
    """``alternation`` of the list ``key`` in section ``name`` of the lexicon."""
    return alternation(section(name)[key], space, ending)


def patterns(name: str, key: str) -> str:
    """``pattern_regex`` of the list ``key`` in section ``name`` of the lexicon."""
    return pattern_regex(section(name)[key])
