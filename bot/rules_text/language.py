"""The rule language of ``grammar/rule_language.yaml`` as lookup tables, loaded once per process.

Every word is folded (``bot.textnorm.fold``); a missing or malformed file raises
``bot.errors.RulebookError`` naming it (the file ships with the bot).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.textnorm import fold

FILE = "rule_language.yaml"


@dataclass(frozen=True)
class RuleLanguage:
    """Tables of the rule-sentence reader: modal lemma -> modality (``can`` / ``cannot`` /
    ``must`` / ``is``), phrase modals (tuple of folded words -> modality), the ``only`` and
    ``limit`` words, consequence verbs, condition / exception openers, override phrases
    (tuples of lemmas), aspect pairs (perfective -> imperfective), antonym pairs, ignored
    lemmas, kept prepositions, «what happens» verbs, number words -> int, «дважды» words ->
    (count, noun) and the openers of a reason clause («поэтому»)."""

    personal: dict[str, str]
    impersonal: dict[str, str]
    state: dict[str, str]
    phrases: dict[tuple[str, ...], str]
    only: frozenset[str]
    limit: frozenset[str]
    consequence: frozenset[str]
    condition: frozenset[str]
    exception: frozenset[str]
    override: tuple[tuple[str, ...], ...]
    aspect: dict[str, str]
    antonyms: dict[str, str]
    ignore: frozenset[str]
    keep_prepositions: frozenset[str]
    what_happens: frozenset[str]
    numbers: dict[str, int]
    times: dict[str, tuple[int, str]]
    reason: frozenset[str]

    def norm(self, lemma: str) -> str:
        """A verb lemma with its aspect pair folded to one form («поместить» -> «помещать»)."""
        return self.aspect.get(lemma, lemma)


def _set(xs) -> frozenset[str]:
    return frozenset(fold(str(x)) for x in xs or ())


def _map(d) -> dict[str, str]:
    return {fold(str(k)): str(v) for k, v in (d or {}).items()}


@lru_cache(maxsize=1)
def language() -> RuleLanguage:
    """The tables of ``grammar/rule_language.yaml``."""
    from bot.errors import RulebookError
    from bot.paths import grammar_dir
    from bot.yamlsafe import load_data_file

    path = grammar_dir() / FILE
    d = load_data_file(path, "язык правил")
    if not isinstance(d, dict) or not isinstance(d.get("modal"), dict):
        raise RulebookError(f"язык правил {path}: ожидался словарь с разделом «modal»")
    m = d["modal"]
    ants: dict[str, str] = {}
    for pair in d.get("antonyms") or ():
        a, b = (fold(str(x)) for x in pair)
        ants[a], ants[b] = b, a
    return RuleLanguage(
        personal=_map(m.get("personal")), impersonal=_map(m.get("impersonal")), state=_map(m.get("state")),
        phrases={tuple(fold(k).split()): str(v) for k, v in (m.get("phrases") or {}).items()},
        only=_set(d.get("only")), limit=_set(d.get("limit")), consequence=_set(d.get("consequence")),
        condition=_set(d.get("condition")), exception=_set(d.get("exception")),
        override=tuple(tuple(fold(p).split()) for p in d.get("override") or ()),
        aspect=_map(d.get("aspect")), antonyms=ants, ignore=_set(d.get("ignore")),
        keep_prepositions=_set(d.get("keep_prepositions")), what_happens=_set(d.get("what_happens")),
        numbers={fold(str(k)): int(v) for k, v in (d.get("numbers") or {}).items()},
        times={fold(str(k)): (int(v[0]), fold(str(v[1]))) for k, v in (d.get("times") or {}).items()},
        reason=_set(d.get("reason")),
    )
