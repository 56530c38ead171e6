"""Russian morphology (pymorphy3), loaded once per process and cached per word.

Used by search (lemmas), the card-text grammar (parts of speech: «или» between
nouns vs between verbs) and the question routes (lemma patterns).
"""

from __future__ import annotations

from functools import lru_cache

import pymorphy3

# Game words the dictionary does not know or lemmatises wrongly -> lemma
# (pymorphy3 guesses «симбиота»/«симбиоту» -> «симбиота», «ран» -> «ран»).
DOMAIN_LEMMAS: dict[str, str] = {
    **{f"симбиот{e}": "симбиот" for e in ("", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах")},
    **{f"паразит{e}": "паразит" for e in ("", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах")},
    **{f"игродействи{e}": "игродействие" for e in ("е", "я", "ю", "ем", "и", "й", "ям", "ями", "ях")},
    **{f"подфаз{e}": "подфаза" for e in ("а", "ы", "е", "у", "ой", "ам", "ами", "ах", "")},
    **{f"небестелесн{e}": "небестелесный" for e in ("ый", "ого", "ому", "ым", "ом", "ая", "ой", "ую", "ое", "ые", "ых", "ыми", "ым")},
    "ран": "рана",
    "нем": "он",    # «в нём» (folded «нем»): the pronoun, not «немой» — no rule speaks of the mute
    "ранит": "ранить", "ранят": "ранить",
    **{f"юза{e}": "юзать" for e in ("ть", "ет", "ют", "ю", "ешь", "ем", "ете", "л", "ла", "ли", "ло", "й", "йте")},
}


# Words whose most likely parse has the wrong part of speech in card text
# (pymorphy3 reads «ранит» as a name, «Ранита»).
DOMAIN_POS: dict[str, str] = {"ранит": "VERB", "ранят": "VERB", "нем": "NPRO"}


PARSE_CACHE_WORDS = 8192
"""How many distinct words the shared analyzer remembers the parses of."""


class _MemoAnalyzer(pymorphy3.MorphAnalyzer):
    """A MorphAnalyzer that parses each word once: the readers ``ask`` tries one after another
    (and pymorphy3's own units) parse the same words of a question again and again. ``parse``
    returns a fresh list each call (the parses themselves are immutable named tuples)."""

    def parse(self, word: str) -> list:
        """``pymorphy3.MorphAnalyzer.parse`` of ``word``, remembered (``_parses``)."""
        return list(_parses(word))

    def word_is_known(self, word: str, strict: bool = False) -> bool:
        """``pymorphy3.MorphAnalyzer.word_is_known`` of ``word``, remembered (``_known``)."""
        return _known(word, strict)


@lru_cache(maxsize=PARSE_CACHE_WORDS)     # a per-word cache (module level: the benchmarks' cold runs empty it)
def _parses(word: str) -> tuple:
    return tuple(pymorphy3.MorphAnalyzer.parse(analyzer(), word))


@lru_cache(maxsize=PARSE_CACHE_WORDS)
def _known(word: str, strict: bool) -> bool:
    return pymorphy3.MorphAnalyzer.word_is_known(analyzer(), word, strict)


@lru_cache(maxsize=1)
def analyzer() -> pymorphy3.MorphAnalyzer:
    """The shared MorphAnalyzer (about 15 MB, ~0.3 s to load); its ``parse`` and
    ``word_is_known`` remember the last ``PARSE_CACHE_WORDS`` words."""
    return _MemoAnalyzer(lang="ru")


@lru_cache(maxsize=200_000)
def _best(w: str) -> tuple[str, str | None]:
    """``(normal form, part of speech)`` of the most likely parse of the folded word
    ``w``: one dictionary look-up serves both ``lemma`` and ``pos``."""
    p = analyzer().parse(w)[0]
    return p.normal_form.replace("ё", "е"), p.tag.POS


@lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    """Normal form of a folded word (``bot.textnorm.fold``): «симбиота» -> «симбиот»."""
    w = word.casefold().replace("ё", "е")
    if w in DOMAIN_LEMMAS:
        return DOMAIN_LEMMAS[w]
    return _best(w)[0]


@lru_cache(maxsize=200_000)
def pos(word: str) -> str | None:
    """Part of speech tag of the most likely parse (``"NOUN"``, ``"INFN"``, ``"VERB"``, …)."""
    w = word.casefold().replace("ё", "е")
    if w in DOMAIN_POS:
        return DOMAIN_POS[w]
    return _best(w)[1]
