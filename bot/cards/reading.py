"""Card names in a question, for ``ask`` (issue 15): which imported cards a question
names («мой Гном-басаарг», «у противника Болотный тролль»), what the reader may use
about them (``Card.facts``: kind, traits, text — only what the database states), and the
question as the situation reader reads it: each card name told as its kind and traits
(«Гнома-басаарга» -> «симбиота» for a symbiote), inflected like the name, and — when
the question asks about the card's ability — the card's text quoted after it.

A name the database does not have is left as it is: no trait is ever invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.cards.index import CardMention, find_cards_in_text
from bot.cards.model import Card, vocabulary

__all__ = ["CardMention", "find_cards_in_text", "card_phrase", "CardReading", "read_cards"]


def _inflect(word: str, like: str) -> str:
    """``word`` (nominative singular) in the case and number of ``like`` (pymorphy3)."""
    from bot.morph import analyzer

    m = analyzer()
    tag = m.parse(like.casefold())[0].tag
    grams = {g for g in (tag.case, tag.number) if g}
    if not grams:
        return word
    p = m.parse(word)[0]
    noun = next((q for q in m.parse(word) if q.tag.POS == "NOUN"), p)
    out = noun.inflect(grams)
    return out.word if out is not None else word


def card_phrase(card: Card, like: str | None = None) -> str:
    """The words a card name is read as: «симбиот», «летающее существо», «артефакт»
    (grammar/card_formats.yaml ``mention_words``); inflected like ``like`` (the name as
    written in the question) when given."""
    spec = vocabulary().get("mention_words") or {}
    nouns = spec.get("nouns") or {}
    noun = next((nouns[t] for t in spec.get("noun_traits") or () if t in card.traits and t in nouns),
                nouns.get(card.kind, card.kind))
    adjs = [spec["adjectives"][t] for t in card.traits if t in (spec.get("adjectives") or {})]
    if like:
        from bot.morph import analyzer

        head = re.findall(r"[А-Яа-яЁё]+", like)[-1] if re.findall(r"[А-Яа-яЁё]+", like) else like
        noun_form = _inflect(noun, head)
        gender = next((q.tag.gender for q in analyzer().parse(noun) if q.tag.POS == "NOUN"), None)
        tag = analyzer().parse(noun_form)[0].tag
        grams = {g for g in (tag.case, tag.number, gender if tag.number == "sing" else None) if g}
        adj_forms = []
        for a in adjs:
            p = analyzer().parse(a)[0]
            f = p.inflect(grams) if grams else None
            adj_forms.append(f.word if f is not None else a)
        return " ".join([*adj_forms, noun_form])
    if adjs:
        from bot.morph import analyzer

        gender = next((q.tag.gender for q in analyzer().parse(noun) if q.tag.POS == "NOUN"), None)
        forms = []
        for a in adjs:
            f = analyzer().parse(a)[0].inflect({gender}) if gender else None
            forms.append(f.word if f is not None else a)
        return " ".join([*forms, noun])
    return noun


@dataclass(frozen=True)
class CardReading:
    """A question with the cards it names: ``mentions`` (left to right), ``question``
    as the situation reader gets it (see the module docstring), ``notes`` one Russian
    line per card saying which card was taken and what of it is used."""

    original: str
    question: str
    mentions: tuple[CardMention, ...]
    notes: tuple[str, ...]

    def facts(self) -> list[dict]:
        """``[{span, written, card: Card.facts()}]`` for a reader."""
        return [{"span": list(m.span), "written": m.text, "card": m.card.facts()} for m in self.mentions]


def _asks_about_ability(question: str) -> bool:
    from bot.morph import lemma

    words = set((vocabulary().get("mention_words") or {}).get("ability_words") or ())
    return any(lemma(w) in words for w in re.findall(r"[а-яё]+", question.casefold()))


def read_cards(question: str, store=None) -> CardReading | None:
    """The cards ``question`` names and the question as read with them; ``None`` when
    it names no imported card (or there is no card database)."""
    mentions = find_cards_in_text(question, store)
    if not mentions:
        return None
    parts: list[str] = []
    notes: list[str] = []
    pos = 0
    quote_text = _asks_about_ability(question) and "«" not in question and '"' not in question
    for m in mentions:
        parts.append(question[pos:m.span[0]])
        phrase = card_phrase(m.card, m.text)
        parts.append(phrase)
        if quote_text and m.card.text:
            parts.append(f" (текст карты: «{m.card.text.replace('«', '„').replace('»', '“')}»)")
        pos = m.span[1]
        rules = ", ".join(m.card.rules())
        notes.append(f"«{m.text}» — карта «{m.card.name}» из вашей базы: {m.card.kind_words()}"
                     + (f" ({rules})" if rules else "") + f"; в вопросе прочитана как «{phrase}»"
                     + (f"; других карт с этим именем: {len(m.others)}" if m.others else "") + ".")
    parts.append(question[pos:])
    return CardReading(question, "".join(parts), tuple(mentions), tuple(notes))
