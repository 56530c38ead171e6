"""The reader's words: the ``reader`` section of ``grammar/lexicon.yaml`` as lookup tables.

Every table maps a folded lemma (``bot.morph.lemma``) to its role; slang nouns also match
by their written form with a noun ending («симба», «арту»). Loaded once per process.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from bot.morph import lemma
from bot.textnorm import fold
from bot.vocab import section

# Noun endings a slang kind word may carry («симб» -> «симба», «симбом»; «арт» -> «арту»).
_NOUN_ENDINGS = ("", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "и", "ой", "ою", "ей", "ю", "я", "ем", "ью", "ям",
                 "ями", "ях", "о", "ок")     # «шмоток»: the genitive plural of «шмотка»


@dataclass(frozen=True)
class ReaderWords:
    """Lookup tables of the reader (folded lemmas)."""

    kinds: dict[str, str]
    names: frozenset[str]
    host_words: frozenset[str]
    trait_nouns: dict[str, str]
    traits: dict[str, str]
    negated_traits: dict[str, str]
    class_word: frozenset[str]
    owner_me: frozenset[str]
    owner_opponent: frozenset[str]
    events: dict[str, str]
    place_verbs: frozenset[str]
    attached_verbs: frozenset[str]
    fate_stays: frozenset[str]
    fate_gone: frozenset[str]
    modal: frozenset[str]
    filler: frozenset[str]
    claim_say: frozenset[str]
    claim_right: frozenset[str]
    no_host_told: frozenset[str] = frozenset()
    attack_verbs: frozenset[str] = frozenset()
    move_verbs: frozenset[str] = frozenset()
    wound_verbs: frozenset[str] = frozenset()
    attack_nouns: frozenset[str] = frozenset()
    places_off_board: frozenset[str] = frozenset()
    slang: dict[str, str] = field(default_factory=dict)
    trait_verbs: dict[str, str] = field(default_factory=dict)
    content: frozenset[str] = frozenset()
    bare_asked: frozenset[str] = frozenset()
    choose_words: frozenset[str] = frozenset()
    only_words: frozenset[str] = frozenset()
    generic_equipment: frozenset[str] = frozenset()
    event_time: frozenset[str] = frozenset()
    phase_names: frozenset[str] = frozenset()
    carry_verbs: frozenset[str] = frozenset()
    kind_is_verbs: frozenset[str] = frozenset()
    replace_verbs: frozenset[str] = frozenset()
    means_words: frozenset[str] = frozenset()
    means_preps: frozenset[str] = frozenset()
    means_determiners: frozenset[str] = frozenset()
    stays_adverbs: frozenset[str] = frozenset()
    class_names: dict[str, str] = field(default_factory=dict)

    @cached_property
    def owner_words(self) -> frozenset[str]:
        """``owner_me | owner_opponent``: made once, not per word the reader looks at."""
        return self.owner_me | self.owner_opponent


def _set(xs) -> frozenset[str]:
    return frozenset(fold(str(x)) for x in xs or ())


@lru_cache(maxsize=None)
def section_sets(name: str) -> dict[str, frozenset[str]]:
    """The ``name`` section of ``grammar/lexicon.yaml`` (a mapping of lists) as folded word
    sets, ``{key: frozenset(folded words)}``; loaded once per section. Raises ``KeyError``
    for a section the lexicon does not have."""
    return {k: _set(v) for k, v in section(name).items()}


_STEM = 4
"""Most letters of a lemma kept as the stem ``might_mention`` looks for."""


@lru_cache(maxsize=None)
def _stems(name: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    sets = section_sets(name)
    # «фаза» -> «фаз» (so «фазы» has it): at most four letters, the last one dropped, at least three
    return tuple(sorted({w[:max(3, min(_STEM, len(w) - 1))] for k in keys for w in sets[k] if w}))


def might_mention(question: str, name: str, keys: tuple[str, ...]) -> bool:
    """Whether the folded ``question`` contains the stem (first three or four letters) of a word of
    the lists ``keys`` of section ``name`` — a cheap test a reader makes before tokenising:
    without one of its words the question is not its to read. ``KeyError`` for a list the
    section does not have."""
    q = fold(question)
    return any(st in q for st in _stems(name, keys))


@lru_cache(maxsize=1)
def words() -> ReaderWords:
    """The reader's tables from ``grammar/lexicon.yaml`` (``reader`` section)."""
    r = section("reader")
    kinds = {fold(w): k for k, ws in r["kinds"].items() for w in ws}
    return ReaderWords(
        kinds=kinds,
        names=_set(r["creature_names"]),
        host_words=_set(r["host_words"]),
        trait_nouns={fold(k): v for k, v in r["trait_nouns"].items()},
        traits={fold(w): t for t, ws in r["traits"].items() for w in ws},
        negated_traits={fold(k): v for k, v in r["negated_traits"].items()},
        class_word=_set(r["class_word"]),
        owner_me=_set(r["owner_me"]),
        owner_opponent=_set(r["owner_opponent"]),
        events={fold(w): e for e, ws in r["events"].items() for w in ws},
        place_verbs=_set(r["place_verbs"]),
        attached_verbs=_set(r["attached_verbs"]),
        fate_stays=_set(r["fate_stays"]),
        fate_gone=_set(r["fate_gone"]),
        modal=_set(r["modal"]),
        filler=_set(r["filler"]),
        claim_say=_set(r["claim_say"]),
        claim_right=_set(r["claim_right"]),
        no_host_told=_set(r.get("no_host_told")),
        attack_verbs=_set(r.get("attack_verbs")),
        move_verbs=_set(r.get("move_verbs")),
        wound_verbs=_set(r.get("wound_verbs")),
        attack_nouns=_set(r.get("attack_nouns")),
        places_off_board=_set(r.get("places_off_board")),
        content=_set(r.get("content")),
        bare_asked=_set(r.get("bare_asked")),
        choose_words=_set(r.get("choose_words")),
        only_words=_set(r.get("only_words")),
        generic_equipment=_set(r.get("generic_equipment")),
        event_time=_set(r.get("event_time")),
        phase_names=_set(r.get("phase_names")),
        carry_verbs=_set(r.get("carry_verbs")),
        kind_is_verbs=_set(r.get("kind_is_verbs")),
        replace_verbs=_set(r.get("replace_verbs")),
        means_words=_set(r.get("means_words")),
        means_preps=_set(r.get("means_preps")),
        means_determiners=_set(r.get("means_determiners")),
        stays_adverbs=_set(r.get("stays_adverbs")),
        class_names={fold(w): fold(str(c)) for c, ws in (r.get("equipment_class_names") or {}).items() for w in ws},
        trait_verbs={fold(k): str(v) for k, v in (r.get("trait_verbs") or {}).items()},
        slang={(w[:-1] if w[-1] in "аяоеьй" and len(w) > 3 else w): k for w, k in kinds.items()},
    )


@lru_cache(maxsize=8192)
def kind_of(word: str) -> str | None:
    """The card kind a folded word names («шмотку» -> equipment), or ``None``."""
    w = words()
    lm = lemma(word)
    if lm in w.kinds:
        return w.kinds[lm]
    if word in w.kinds:
        return w.kinds[word]
    for stem, k in w.slang.items():
        if word.startswith(stem) and word[len(stem):] in _NOUN_ENDINGS and len(word) - len(stem) <= 3:
            return k
    return None


@lru_cache(maxsize=8192)
def name_of(word: str) -> str | None:
    """A creature name («орка» -> «орк»), or ``None``."""
    lm = lemma(word)
    return lm if lm in words().names else None
