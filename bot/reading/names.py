"""Card names the question gives without a kind (issue 11, «Bad input»: unknown card names
are cards of unknown kind — ask, do not guess a kind).

A word is read as such a name when it is written with a capital letter inside its sentence
(«мой Болотник», «на моего Гремлина») — or, lower-case, when it is an animate noun right
after an owner word («мой копейщик») or the host a card is told to sit on («симб на
копейщике») — and it is no word the readers know: not a kind, a creature name or any other
word of ``grammar/lexicon.yaml``, and not a word of the rulebook (phase and rule terms such as
«Выбора», «Стек» are capitalised in chat too). The reader keeps such a card as a creature
while it reads relations; ``bot.reading.reader`` then keeps the creature only where a told
fact makes it one (a symbiote or equipment told lying on it: only a creature carries one,
209.1, 212.1) and otherwise asks which kind it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.reading.tokens import Tok

_WORD = re.compile(r"[а-яё]+")


@lru_cache(maxsize=1)
def _lexicon_words() -> frozenset[str]:
    """Every word of ``grammar/lexicon.yaml`` (folded, as written)."""
    from bot.textnorm import fold
    from bot.vocab import texts

    # the lexicon writes lemmas: a token's lemma or form is compared
    return frozenset(w for x in texts() for w in _WORD.findall(fold(x)))


@lru_cache(maxsize=8)
def _rulebook_lemmas(edition: str = "5ed") -> frozenset[str]:
    """The words of ``edition``'s rulebook as written (folded; empty when it cannot be read) —
    a token is known when its form or its lemma is one of them (no lemmatising of the whole
    rulebook: the set is built at the first capitalised word a question has)."""
    from bot.textnorm import fold

    try:
        from bot.rulebook import load
        rb = load(edition)
    except Exception:  # noqa: BLE001 - without the rulebook only the lexicon tells known words
        return frozenset()
    return frozenset(w for c in rb.clauses for w in _WORD.findall(fold(c.text)))


def _known(t: Tok) -> bool:
    lex = _lexicon_words()
    if t.text in lex or t.lemma in lex:
        return True
    rb = _rulebook_lemmas()
    return t.text in rb or t.lemma in rb


@lru_cache(maxsize=4096)
def _animate(word: str) -> bool:
    from bot.morph import analyzer

    p = analyzer().parse(word)[0]
    return p.tag.POS == "NOUN" and "anim" in p.tag


def unknown_name(t: Tok, prev: Tok | None, owner_words: frozenset[str], after_host_on: bool = False) -> bool:
    """Whether ``t`` names a card the lexicon does not know (see module doc). ``prev``: the
    word before it; ``owner_words``: the owner lemmas («мой», «противник» …);
    ``after_host_on``: ``t`` follows «на» in a clause where an attachable card is told."""
    if t.quote or len(t.text) < 3 or t.text.isdigit():
        return False
    if t.pos not in ("NOUN", None) and not (t.cap and t.pos in ("ADJS", "ADJF")):
        return False        # the dictionary guesses an unknown name's part of speech: «Кривонога» is no short adjective
    inside = prev is not None and prev.sent == t.sent
    if t.cap and inside:
        pass
    elif not t.cap and ((prev is not None and prev.clause == t.clause and prev.lemma in owner_words) or after_host_on) \
            and _animate(t.text):      # the cheap test first: most words follow no owner word
        pass
    else:
        return False
    return not _known(t)


def display_name(t: Tok) -> str:
    """The name as the answer shows it: the dictionary form of a noun, else the word as written
    («Кривонога» stays «кривонога»: a guessed adjective's lemma would be another word)."""
    return t.lemma if t.pos == "NOUN" else t.text


def same_name(name: str, t: Tok) -> bool:
    """Whether ``t`` names the card called ``name`` again in another case («Жабоеде» /
    «Жабоед»): its lemma or its word without the last two letters equal."""
    if t.lemma == name or t.text == name:
        return True
    stem = min(len(name), len(t.text)) - 2
    return stem >= 4 and t.text[:stem] == name[:stem]


def rule_word(name: str, edition: str) -> bool:
    """Whether ``name`` (as ``unknown_name`` read it) is a word of ``edition``'s rulebook — a
    term of that edition («Страж»), not a card's name: then the readers do not ask its kind."""
    from bot.morph import lemma
    from bot.textnorm import fold

    w = fold(name)
    words = _rulebook_lemmas(edition)
    return w in words or lemma(w) in words or any(x.startswith(w[:max(4, len(w) - 2)]) for x in words if x[:2] == w[:2])
