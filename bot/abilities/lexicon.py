"""Word classes the card-text post-lexer needs (parts of speech via bot.morph).

Which «или» joins two abilities (505.5) and which joins two nouns inside one
ability, which «и» lists abilities after «может» (505.8), and where a header
without a dash ends — all decided from the part of speech of the next word.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.morph import lemma, pos

# Nouns that open an ability by themselves, without a verb: "разряд на 2",
# "особый удар на 1", "излечение на 3" (lemmas).
EFFECT_NOUNS = frozenset({"разряд", "удар", "выстрел", "излечение", "ранение", "отравление", "метание", "пророчество",
                          "добивание"})

# Parts of speech that open an ability: infinitive ("ранить") or finite verb ("теряет").
_PREDICATE_POS = frozenset({"INFN", "VERB"})

_WORDISH = re.compile(r"[А-Яа-яЁёA-Za-z]")


@lru_cache(maxsize=50_000)
def is_predicate(word: str) -> bool:
    """True when ``word`` is an infinitive or a finite verb («ранить», «теряет»)."""
    if not _WORDISH.match(word):
        return False
    return pos(word) in _PREDICATE_POS


@lru_cache(maxsize=50_000)
def is_infinitive(word: str) -> bool:
    """True when ``word`` is an infinitive («открыться»)."""
    return bool(_WORDISH.match(word)) and pos(word) == "INFN"


@lru_cache(maxsize=50_000)
def is_effect_noun(word: str) -> bool:
    """True for a noun that names an effect on its own, in the form that opens an
    ability («разряд», «Удар», «излечение»); not another case or number, which only
    names the effect inside an ability («защита от разрядов или ударов»)."""
    if not _WORDISH.match(word):
        return False
    folded = word.casefold()
    return lemma(folded) in EFFECT_NOUNS and lemma(folded) == folded


@lru_cache(maxsize=50_000)
def is_adjective(word: str) -> bool:
    """True for a full adjective or participle («особый», «стоящее»)."""
    return bool(_WORDISH.match(word)) and pos(word) in ("ADJF", "PRTF")


@lru_cache(maxsize=50_000)
def is_noun(word: str) -> bool:
    """True for a noun («броня», «телепортация»)."""
    return bool(_WORDISH.match(word)) and pos(word) == "NOUN"


@lru_cache(maxsize=50_000)
def word_lemma(word: str) -> str:
    """Lemma of a word in any case («Уничтожить» -> «уничтожить»)."""
    return lemma(word.casefold())


@lru_cache(maxsize=50_000)
def is_nominal(word: str) -> bool:
    """True for a noun, pronoun, adjective, participle or numeral («она», «существо»)."""
    return bool(_WORDISH.match(word)) and pos(word) in ("NOUN", "NPRO", "ADJF", "PRTF", "NUMR")


@lru_cache(maxsize=50_000)
def is_finite_verb(word: str) -> bool:
    """True for a finite verb («получает», «теряет»)."""
    return bool(_WORDISH.match(word)) and pos(word) == "VERB"


# Modal words (lemmas) whose infinitives form one ability: "не может атаковать или
# двигаться", "могут атаковать", "нельзя атаковать", "должен атаковать".
MODAL_LEMMAS = frozenset({"мочь", "нельзя", "должный", "можно"})


@lru_cache(maxsize=50_000)
def is_modal(word: str) -> bool:
    """True for a modal word («может», «могут», «нельзя», «должен»)."""
    return bool(_WORDISH.match(word)) and word_lemma(word) in MODAL_LEMMAS


@lru_cache(maxsize=50_000)
def may_be_nominative(word: str) -> bool:
    """True when some reading of ``word`` is in the nominative case («ваши», «он»,
    «существо»): it may open the subject of an ability; «других», «существ» may not."""
    from bot.morph import analyzer

    if not _WORDISH.match(word):
        return False
    return any("nomn" in p.tag for p in analyzer().parse(word.casefold()))


@lru_cache(maxsize=1)
def icon_roles() -> dict[str, str]:
    """``{icon name: role}`` from grammar/icons.yaml (``cost`` | ``condition`` | ``value``)."""
    import yaml

    from bot.paths import grammar_dir

    data = yaml.safe_load((grammar_dir() / "icons.yaml").read_text(encoding="utf-8")) or {}
    return {str(k): str((v or {}).get("role", "value")) for k, v in data.items()}


@lru_cache(maxsize=1)
def icon_words() -> dict[str, str]:
    """``{icon name: its Russian name}`` from grammar/icons.yaml (``strike`` -> «простой удар»)."""
    import yaml

    from bot.paths import grammar_dir

    data = yaml.safe_load((grammar_dir() / "icons.yaml").read_text(encoding="utf-8")) or {}
    return {str(k): str((v or {}).get("ru", "")) for k, v in data.items()}


_ICON_NAME = re.compile(r"\{([a-z0-9_]+)\}")


def is_condition_icons(cost_text: str) -> bool:
    """Is "{second}:" / "{wolf}:" (a COST token's text) a condition on the card, not a
    payment: every icon before the colon has the role ``condition`` in grammar/icons.yaml
    and no count is written before them?"""
    names = _ICON_NAME.findall(cost_text)
    roles = icon_roles()
    return bool(names) and all(roles.get(n) == "condition" for n in names) and cost_text.lstrip()[:1] == "{"


def is_value_icons(cost_text: str) -> bool:
    """Is "{armor}:" (a COST token's text) a trait written with a colon ("Строй: {armor}:
    1"), not a payment: every icon has the role ``value`` and no count is before them?"""
    names = _ICON_NAME.findall(cost_text)
    roles = icon_roles()
    return bool(names) and all(roles.get(n) == "value" for n in names) and cost_text.lstrip()[:1] == "{"


@lru_cache(maxsize=50_000)
def is_preposition(word: str) -> bool:
    """True for a preposition («в», «на», «по»)."""
    return bool(_WORDISH.match(word)) and pos(word) == "PREP"
