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

__all__ = ["CardMention", "find_cards_in_text", "card_phrase", "CardReading", "read_cards", "took"]

TOOK_TEXT_CHARS = 300
"""Most characters of a card's text quoted in «Как я понял» (the card answer has it whole)."""


def took(card: Card) -> str:
    """Which card the answer took, for «Как я понял»: «карта «Дхиру» из вашей базы:
    паразит, бестелесное, текст: «…»» (text clipped at ``TOOK_TEXT_CHARS``; «без текста»
    for none)."""
    from bot.textnorm import clip

    text = f"текст: «{clip(card.text, TOOK_TEXT_CHARS)}»" if card.text else "без текста"
    return f"карта «{card.name}» из вашей базы: {card.kind_words()}, {text}"


def _noun_parse(word: str):
    from bot.morph import analyzer

    ps = analyzer().parse(word)
    return next((p for p in ps if p.tag.POS == "NOUN" and p.tag.case == "nomn"), ps[0])


def card_phrase(card: Card, like: str | None = None) -> str:
    """The words a card name is read as: «симбиот», «летающее существо», «артефакт»
    (grammar/card_formats.yaml ``mention_words``); inflected into the case and number
    of ``like`` (the name as written in the question) when given."""
    from bot.morph import analyzer

    spec = vocabulary().get("mention_words") or {}
    nouns = spec.get("nouns") or {}
    noun = next((nouns[t] for t in spec.get("noun_traits") or () if t in card.traits and t in nouns),
                nouns.get(card.kind, card.kind))
    adjs = [spec["adjectives"][t] for t in card.traits if t in (spec.get("adjectives") or {})]
    np = _noun_parse(noun)
    grams: set[str] = set()
    if like:
        words = [w.casefold() for w in re.findall(r"[А-Яа-яЁё]+", like)] or [like.casefold()]
        # the head noun: the first word read as a noun («Сердца бурь», «Болотного тролля»)
        head = next((w for w in words if analyzer().parse(w)[0].tag.POS == "NOUN"), words[-1])
        tag = analyzer().parse(head)[0].tag
        grams = {g for g in (tag.case, tag.number) if g}
    form = np.inflect(grams) if grams else None
    noun_form = form.word if form is not None else noun
    case = (form or np).tag.case or "nomn"
    number = (form or np).tag.number or "sing"
    adj_grams = {case, number}
    if number == "sing" and np.tag.gender:
        adj_grams.add(np.tag.gender)
    if case == "accs" and np.tag.animacy == "anim" and (number == "plur" or np.tag.gender == "masc"):
        adj_grams.add("anim")
    out = []
    for a in adjs:
        p = next((q for q in analyzer().parse(a) if q.tag.POS == "ADJF"), analyzer().parse(a)[0])
        f = p.inflect(adj_grams)
        out.append(f.word if f is not None else a)
    return " ".join([*out, noun_form])


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


def _lemmas(text: str) -> set[str]:
    from bot.morph import lemma

    return {lemma(w) for w in re.findall(r"[а-яё]+", text.casefold().replace("ё", "е"))}


def _asks_about_ability(question: str, card: Card, span: tuple[int, int]) -> bool:
    """The question asks about the card's ability: it names an ability («способность»,
    «текст»), or shares an effect word with the card's text («разряд», «ранить») other
    than the everyday words listed in ``mention_words.not_ability_words``."""
    spec = vocabulary().get("mention_words") or {}
    rest = question[:span[0]] + " " + question[span[1]:]
    asked = _lemmas(rest)
    if asked & set(spec.get("ability_words") or ()):
        return True
    if not card.text:
        return False
    common = set(spec.get("not_ability_words") or ()) | _lemmas(card.name)
    shared = {w for w in asked & _lemmas(card.text) if len(w) >= 4} - common
    return bool(shared)


def read_cards(question: str, store=None) -> CardReading | None:
    """The cards ``question`` names and the question as read with them; ``None`` when
    it names no imported card (or there is no card database). Raises ``StoreError``
    when the card database cannot be opened (``find_cards_in_text``)."""
    found = find_cards_in_text(question, store)
    if not found:
        return None
    mentions, notes = [], []
    for m in found:
        shapes = {(reader_kind(c)[0], tuple(sorted(reader_kind(c)[1]))) for c in (m.card, *m.others)}
        if len(shapes) > 1:     # reprints that disagree: which card is meant is not known
            kinds = "; ".join(dict.fromkeys(c.kind_words() for c in (m.card, *m.others)))
            notes.append(f"«{m.text}»: в вашей базе несколько карт «{m.card.name}» с разными свойствами ({kinds}) — "
                         "карта не учтена; уточните в вопросе её вид и свойства.")
            continue
        mentions.append(m)
    if not mentions:
        return CardReading(question, question, (), tuple(notes))
    parts: list[str] = []
    written: dict[str, list[str]] = {}
    for m in mentions:
        written.setdefault(m.card.key, [])
        if m.text not in written[m.card.key]:
            written[m.card.key].append(m.text)
    pos = 0
    quoted = "«" in question or '"' in question
    for m in mentions:
        texts = {c.text for c in (m.card, *m.others)}
        quote_text = not quoted and len(texts) == 1 and _asks_about_ability(question, m.card, m.span)
        parts.append(question[pos:m.span[0]])
        phrase = card_phrase(m.card, m.text)
        parts.append(phrase)
        if quote_text and m.card.text:
            parts.append(f" (текст карты: «{m.card.text.replace('«', '„').replace('»', '“')}»)")
        pos = m.span[1]
        if m.card.key not in written:
            continue        # the card was named before: one note per card
        rules = ", ".join(m.card.rules())
        said = ", ".join(f"«{w}»" for w in written.pop(m.card.key))
        typo = " (имя с опечаткой)" if any(x.edits for x in mentions if x.card.key == m.card.key) else ""
        notes.append(f"{said}{typo} — карта «{m.card.name}» из вашей базы: {m.card.kind_words()}"
                     + (f" ({rules})" if rules else "")
                     + (f"; других карт с этим именем: {len(m.others)}" if m.others else "")
                     + ("; тексты у них разные — текст карты не учтён" if len({c.text for c in (m.card, *m.others)}) > 1
                        else "") + ".")
    parts.append(question[pos:])
    return CardReading(question, "".join(parts), tuple(mentions), tuple(notes))


READER_TRAITS = ("flying", "incorporeal")
"""Traits the question reader (``bot.reading.reader``) models as adjectives of a card."""


def reader_kind(card: Card) -> tuple[str, dict[str, bool]]:
    """A card as the question reader's card: ``(kind, traits)`` — kind ``symbiote`` /
    ``parasite`` for a creature with that trait, else the card's kind (``creature``,
    ``artifact``, ``terrain``, ``equipment``); traits ``{flying: True, incorporeal: True}``
    for those the database states (a trait it does not state is left unsaid, never False)."""
    kind = next((t for t in ("symbiote", "parasite") if t in card.traits), card.kind)
    return kind, {t: True for t in READER_TRAITS if t in card.traits}


def align(mentions, token_words: list[list[str]]) -> list[tuple[int, int, CardMention]]:
    """Token ranges ``(start, end, mention)`` of card mentions in a tokenised text:
    ``token_words[i]`` are the folded words of token ``i`` (a hyphenated or quoted token
    has several); each mention is matched to the first run of whole tokens after the
    previous one whose words are the mention's words."""
    from bot.cards.index import name_words

    out = []
    start = 0
    for m in mentions:
        want = name_words(m.text)
        for a in range(start, len(token_words)):
            got: list[str] = []
            b = a
            while b < len(token_words) and len(got) < len(want):
                got += token_words[b]
                b += 1
            if got == want:
                out.append((a, b, m))
                start = b
                break
    return out


def text_bears_on(card: Card, question: str) -> str | None:
    """The part of ``card``'s text that may change a situation verdict about ``question``
    (grammar/card_formats.yaml ``mention_words.verdict_families``): a part sharing a word of
    a family the question asks about, or restricting that family («Хозяин не может
    двигаться» for «может ли … двигаться?»); ``None`` when the text says nothing of it."""
    if not card.text:
        return None
    spec = vocabulary().get("mention_words") or {}
    families = {str(k): set(v or ()) for k, v in (spec.get("verdict_families") or {}).items()}
    asked = {name for name, ws in families.items() if ws & _lemmas(question)}
    if not asked:
        return None
    from bot.abilities.effects import thaw
    from bot.abilities.parser import parse
    from bot.errors import ParseError

    try:
        res = parse(card.text)
        leaves = [n for n in res.ast.walk() if n.kind == "effect"] if res.ast is not None else []
    except ParseError:
        leaves = []
    for leaf in leaves:
        what = (thaw(leaf.attr("args")) or {}).get("what") if leaf.attr("action") == "restrict" else None
        if what in asked or any(families[f] & _lemmas(leaf.text) for f in asked):
            return leaf.text
    if not leaves and any(families[f] & _lemmas(card.text) for f in asked):
        return card.text
    return None
