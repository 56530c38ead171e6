"""Which questions the situation readers of ``bot.reading`` leave to other routes.

A definition («что такое …», ``question_markers`` of ``grammar/lexicon.yaml``) belongs to
the glossary / search routes; quoted card text and the compound-ability connectives of 505
(«при этом», «в противном случае», …) belong to the ability routes. A quoted rule term
(«авангард», «хозяин») or a short quoted trigger name («при гибели», «когда получает Х
ран») is not card text: it names a rule or an ability kind (305.1), and the readers read it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.memo import per_question
from bot.textnorm import fold, quoted_spans

_CLOSERS = dict.fromkeys("«\"“„", "»\"”“")

@lru_cache(maxsize=1)
def rule_terms_in_quotes() -> frozenset[str]:
    """Quoted words that are rule terms (folded): the question is about the rule, not about
    card text. The words live in ``rule_terms_in_quotes`` of ``grammar/lexicon.yaml``,
    loaded once; a missing section raises ``RulebookError`` (``bot.vocab.section``)."""
    from bot.vocab import section

    return frozenset(fold(str(t)).strip() for t in section("rule_terms_in_quotes") or ())


ABILITY_MARKERS = ("при этом", "в противном случае", "если противник не может", "не хочет", "способность 1",
                   "способности 1", "составн", "на карте написано", "в тексте карты написано", "текст карты")
"""Phrases of compound card text (505): the ability routes answer those."""

TRIGGER_OPENINGS = ("при ", "в начале ", "в конце ", "когда ", "после ")
"""Openings of a quoted trigger condition named as an ability («при гибели», «в начале хода»)."""

_TRIGGER_NAME_WORDS = 5
"""Longest quoted trigger name read as a rule term («когда получает Х ран» — 4 words)."""

_ABILITY_NOUN = re.compile(r"(особенност|способност)[а-я]*\s*$")


def quoted(q: str) -> list[tuple[int, str]]:
    """``(start offset, inner text)`` of each quoted phrase of ``q`` («…», "…", “…”, „…“),
    found in linear time (``bot.textnorm.quoted_spans``)."""
    return [(a, q[a + 1:b - 1]) for a, b in quoted_spans(q, _CLOSERS, 1)]


def normalize_quotes(q: str) -> str:
    """Straight quotes as «…» so that quoted text is found the same way."""
    return re.sub(r'"([^"]+)"', r"«\1»", q)


def is_trigger_name(phrase: str) -> bool:
    """A quoted trigger condition naming an ability («при ударе», «когда получает Х ран»,
    «в конце хода»): a trigger opening (``TRIGGER_OPENINGS``), at most five words, no
    sentence punctuation inside (card text «Когда X погибает, …» has it). Listed rule
    terms («в начале боя», ``rule_terms_in_quotes``) are not trigger names."""
    qf = fold(phrase).strip(" .,!?")
    if qf in rule_terms_in_quotes() or re.search(r"[,.;:!?]", qf):
        return False
    return 0 < len(qf.split()) <= _TRIGGER_NAME_WORDS and qf.startswith(TRIGGER_OPENINGS)


def is_rule_term_quote(phrase: str, before: str = "") -> bool:
    """A quoted phrase names a rule term or an ability kind, not card text: a listed term
    (``rule_terms_in_quotes``; one word in any case), a trigger name (``is_trigger_name``), or a short (≤ 3 words)
    phrase right after «особенность / способность» (``before``: the text before the quote)."""
    qf = fold(phrase).strip(" .,!?")
    if qf in rule_terms_in_quotes() or is_trigger_name(qf):
        return True
    words = qf.split()
    if len(words) == 1:
        from bot.morph import lemma
        if lemma(qf) in rule_terms_in_quotes():
            return True     # «использование «авангарда»»: a listed term in another case
    if len(words) > 3 or not words:
        return False
    return bool(_ABILITY_NOUN.search(fold(before)))


@lru_cache(maxsize=1)
def _question_markers() -> tuple[str, ...]:
    from bot.vocab import section

    return tuple(str(m) for m in section("question_markers") or ())


def _card_text_pri_etom(f: str) -> bool:
    """Some «при этом» of folded ``f`` joins parts of card text (505.4): an effect follows it — an
    infinitive or an imperative («при этом ранить выбранное существо», «при этом нанесите») —
    or it stands inside quoted text. «у рыцаря при этом тратится единица движения?» tells a
    situation: a finite verb follows."""
    from bot.morph import analyzer

    for m in re.finditer(r"(?<![а-я])при этом(?![а-я])", f):
        nxt = re.match(r"\W*([а-я]+)", f[m.end():])
        if nxt is None:
            return True
        tag = analyzer().parse(nxt.group(1))[0].tag
        if tag.POS == "INFN" or tag.mood == "impr" or tag.POS not in ("VERB", "PRTS", "ADVB", "NOUN", "NPRO", "ADJF", "PREP"):
            return True
        if "«" in f[:m.start()] and "»" in f[m.end():]:
            return True
    return False


@per_question     # every situation reader asks it of the same question
def belongs_elsewhere(question: str) -> bool:
    """The question is a definition («что такое …»), quotes card text (a quoted phrase that
    is no rule term, ``is_rule_term_quote``) or names a 505 connective (``ABILITY_MARKERS``):
    the situation readers do not answer it."""
    f = fold(question)
    if any(m in f for m in _question_markers()) or any(m in f and (m != "при этом" or _card_text_pri_etom(f))
                                                      for m in ABILITY_MARKERS):
        return True
    q = normalize_quotes(question)
    return any(not is_rule_term_quote(inner, q[:at]) for at, inner in quoted(q))


__all__ = ["ABILITY_MARKERS", "TRIGGER_OPENINGS", "belongs_elsewhere", "is_rule_term_quote",
           "is_trigger_name", "normalize_quotes", "quoted", "rule_terms_in_quotes"]
