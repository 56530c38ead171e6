"""The one lexicon of question wording (``grammar/lexicon.yaml``), loaded once per process.

Sections are plain YAML a judge edits without Python (their meaning is written at the top
of the file). ``words(section)`` gives a space-separated section as a frozenset of folded
words; ``section(name)`` gives any section as loaded. A missing file or section raises
``bot.errors.RulebookError`` with the file named (the lexicon ships with the bot).
"""

from __future__ import annotations

from functools import lru_cache
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
