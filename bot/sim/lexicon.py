"""Words of board-situation questions -> concepts -> simulator queries (data, not answers).

``CONCEPTS`` maps a concept to word patterns (the ``concepts`` section of the one question
lexicon, ``grammar/lexicon.yaml``, which a judge edits without Python). A pattern is one or more space-separated
items matched on consecutive words of the question; an item is
``stem*`` (the folded word starts with ``stem``), ``=lemma`` (``bot.morph.lemma`` of the word
equals it) or a plain word (the folded word equals it).

``SITUATIONS`` is the routing table: the first situation whose every group of concepts
is present (each group: any one concept of it), and none of whose ``forbid`` concepts is
present, names the simulator query (``bot.sim.queries.QUERIES``) that answers the question.
Order matters: more specific situations come first.

``STOP_WORDS`` (function words) and ``FILLER_LEMMAS`` (generic words) come from the one question
lexicon, ``grammar/lexicon.yaml`` (``bot.vocab``): they are never reported as not understood.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.vocab import section, words

def _concepts() -> dict[str, tuple[str, ...]]:
    """The ``concepts`` section of ``grammar/lexicon.yaml``: concept -> word patterns."""
    from bot.errors import RulebookError

    raw = section("concepts")
    if not isinstance(raw, dict):
        raise RulebookError("словарь вопросов: раздел «concepts» должен быть словарём «понятие: [образцы]»")
    return {str(k): tuple(str(p) for p in (v or ())) for k, v in raw.items()}


CONCEPTS: dict[str, tuple[str, ...]] = _concepts()

STOP_WORDS: frozenset[str] = words("stop_words")

# Lemmas of generic words that never change the situation (not reported as not understood).
FILLER_LEMMAS: frozenset[str] = words("filler")

# Concepts of generic nouns: always counted as used by the situation.
GENERIC_CONCEPTS: tuple[str, ...] = ("creature", "card", "player", "cell", "game_action")

# Interrogative words: a question without any of them (and with «ли» or none) is a yes/no question.
WH_WORDS: frozenset[str] = words("wh_words")

# Openings of a definition question («что такое …»): the glossary / search routes answer those.
QUESTION_MARKERS: tuple[str, ...] = tuple(str(m) for m in section("question_markers"))


@dataclass(frozen=True)
class Situation:
    """A row of the routing table: all ``groups`` present (any concept of each),
    no concept of ``forbid`` present -> ``query`` (a key of ``queries.QUERIES``)."""

    query: str
    groups: tuple[tuple[str, ...], ...]
    forbid: tuple[str, ...] = ()


SUBJECTS = ("symbiote", "parasite", "equipment")


SITUATIONS: tuple[Situation, ...] = (
)
