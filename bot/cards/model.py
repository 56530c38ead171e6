"""A card as the bot keeps it (issue 15): one ``Card`` per card of a user's database.

Kinds and traits use the code names of docs/glossary.md; their Russian words and the
paragraphs that govern them come from grammar/card_formats.yaml (``vocabulary``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

KINDS = ("creature", "artifact", "terrain", "equipment")
"""Card kinds: существо, артефакт (210), местность (211), экипировка (212)."""

TRAITS = ("flying", "symbiote", "parasite", "incorporeal")
"""Traits a card may carry: летающее (405.1), симбиот (209), паразит (209.2),
бестелесное (209.5, 212.2)."""


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    """grammar/card_formats.yaml as a mapping (loaded once). Raises ``OSError`` /
    ``yaml.YAMLError`` only when the packaged data file is missing or broken."""
    import yaml

    from bot.paths import grammar_dir

    return yaml.safe_load((grammar_dir() / "card_formats.yaml").read_text(encoding="utf-8")) or {}


def kind_word(kind: str | None) -> str:
    """Russian word of a kind («существо»); «неизвестный вид» for ``None``."""
    return str(vocabulary().get("kinds", {}).get(kind, kind or "неизвестный вид"))


def trait_word(trait: str) -> str:
    """Russian word of a trait («симбиот»)."""
    spec = vocabulary().get("traits", {}).get(trait) or {}
    return str(spec.get("ru", trait))


def trait_rules(trait: str) -> list[str]:
    """Paragraphs defining ``trait`` (``["209"]`` for a symbiote)."""
    spec = vocabulary().get("traits", {}).get(trait) or {}
    return [str(r) for r in spec.get("rules", ())]


def kind_rules(kind: str | None) -> list[str]:
    """Paragraphs governing a card of ``kind`` (``["212"]`` for equipment)."""
    return [str(r) for r in (vocabulary().get("kind_rules", {}) or {}).get(kind, ())]


@dataclass(frozen=True)
class Card:
    """One card of a user's database.

    key: identity in the store (re-import of the same card updates this row);
    name: as printed; set_name / number: edition set and collector number (text, may be
    ``None``); kind: one of ``KINDS``; traits: a subset of ``TRAITS`` in that order;
    equipment_class: for equipment (оружие, доспех, …), else ``None``; classes: the
    creature's classes («Гном», «Тролль»); element: «горы», «болота», … or ``None``;
    cost: crystals; elite / unique: ``None`` when the database does not say; lives,
    movement: numbers or ``None``; strikes: weak/medium/strong simple strike, or ``()``;
    text: the ability text normalised to the grammar's icons (``{tap}``); complete /
    typed: what the grammar made of the text at import (``None`` for no text);
    forms: other written forms of the name (inflections the database gives);
    source: the format it came from (``nxt`` | ``classic`` | ``csv``); name_keys: per
    folded name word, the forms it is found under (computed at import by
    ``bot.cards.index.word_keys`` so that the lookup index builds without morphology).
    """

    key: str
    name: str
    kind: str
    set_name: str | None = None
    number: str | None = None
    traits: tuple[str, ...] = ()
    equipment_class: str | None = None
    classes: tuple[str, ...] = ()
    element: str | None = None
    cost: int | None = None
    elite: bool | None = None
    unique: bool | None = None
    lives: int | None = None
    movement: int | None = None
    strikes: tuple[int, ...] = ()
    text: str = ""
    complete: bool | None = None
    typed: bool | None = None
    forms: tuple[str, ...] = field(default=(), compare=False)
    source: str = ""
    name_keys: tuple[tuple[str, ...], ...] = field(default=(), compare=False, repr=False)

    def kind_words(self) -> str:
        """Kind with traits in Russian: «существо, симбиот», «экипировка (оружие)»."""
        words = [kind_word(self.kind)]
        if self.kind == "equipment" and self.equipment_class:
            words[0] += f" ({self.equipment_class})"
        words += [trait_word(t) for t in self.traits]
        return ", ".join(words)

    def rules(self) -> list[str]:
        """Paragraphs that govern this card by its kind and traits: 209 for a symbiote,
        212 for equipment, 209.5 / 212.2 for an incorporeal one, …"""
        out: list[str] = []
        for r in (*kind_rules(self.kind), *(r for t in self.traits for r in trait_rules(t))):
            if r not in out:
                out.append(r)
        return out

    def stats(self) -> dict[str, Any]:
        """``{cost, elite, unique, element, lives, movement, strikes}`` (JSON-ready)."""
        return {"cost": self.cost, "elite": self.elite, "unique": self.unique, "element": self.element,
                "lives": self.lives, "movement": self.movement, "strikes": list(self.strikes)}

    def facts(self) -> dict[str, Any]:
        """What a reader of a question may use about this card: ``{name, kind, traits,
        equipment_class, classes, text, rules}`` — only what the database states."""
        return {"name": self.name, "kind": self.kind, "traits": list(self.traits),
                "equipment_class": self.equipment_class, "classes": list(self.classes),
                "text": self.text, "rules": self.rules()}
