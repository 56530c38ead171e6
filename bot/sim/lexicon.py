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
    # «нужно ли объявлять вслух заявки, обусловленные правилами игры?» (301.1)
    Situation("declare_aloud", (("aloud",), ("declare", "game_action", "rule_effect"))),
    # symbiotes, parasites, equipment
    Situation("new_host", (SUBJECTS, ("who", "stays"), ("host",), ("place",))),
    Situation("seating_order", (("symbiote", "parasite", "equipment", "seating"), ("who", "order"), ("first", "order")),
              forbid=("count",)),
    Situation("seating_order", (SUBJECTS, ("before_after", "when"), ("place", "seating")), forbid=("summon", "reveal")),
    # «паразитов рассаживают после экипировки?» — two kinds compared (405.2)
    Situation("seating_order", (("parasite",), ("symbiote", "equipment"), ("after", "before_word", "later"), ("place", "seating")),
              forbid=("summon", "reveal", "count")),
    Situation("parasite_hosts", (("parasite",), ("who", "where"))),
    Situation("parasite_hosts", (("parasite",), ("alternative",), ("own", "enemy"))),
    Situation("summoned", (SUBJECTS, ("summon",))),
    Situation("unhosted", (SUBJECTS, ("no_host",))),
    Situation("attached_ban", (SUBJECTS, ("forbidden",), ("move", "relocate", "host", "cell"))),
    # the host events the reader (bot.reading) does not read yet: two cards on one host, «при смене класса», typos
    Situation("host_event", (SUBJECTS, ("host", "creature"), ("dies", "leaves", "become", "lose", "change", "stop_being_creature", "destroyed", "closed", "open")), forbid=("place", "alone", "uses_stack", "forbidden", "move", "relocate")),
    Situation("place_on_host", (SUBJECTS, ("place", "creature", "host", "flying", "incorporeal", "no_class"))),
    Situation("count_terrain", (("terrain",), ("count", "two", "control", "one_more"))),
    Situation("cell_with_artifact", (("cell",), ("artifact",), ("move", "relocate", "jump"))),
    Situation("noncreature_moves", (("artifact", "terrain"), ("move", "relocate", "jump"))),
    # movement and relocation
    Situation("placement_word", (("placement_word",), ("relocate", "move"))),
    Situation("relocation_spends", (("relocate",), ("spend", "movement_points")), forbid=("act",)),
    # «движение — это разновидность перемещения?» — movement is a particular case of relocation (507.1)
    Situation("movement_kind_of_relocation", (("kind_of",), ("move",), ("relocate",)), forbid=("jump", "instead") + SUBJECTS),
    Situation("relocation_is_movement", (("relocate",), ("movement_q",)), forbid=("jump", "instead")),
    Situation("occupied_cell", (("occupied",), ("move", "relocate", "cell", "jump"))),
    Situation("diagonal", (("diagonal",),)),
    # «походил на одну клетку, запас движения был 2 — могу ещё?»: the told steps against the told points
    Situation("move_remaining", (("move", "already"), ("cell",), ("movement_points",)),
              forbid=("jump", "instead", "relocate", "attack", "act", "artifact", "closed") + SUBJECTS),
    Situation("move_repeat", (("count",), ("cell",), ("move",)), forbid=("spend", "jump", "instead", "relocate")),
    Situation("move_cost", (("count",), ("movement_points", "spend")), forbid=("jump", "instead")),
    Situation("no_points_move", (("no_points",), ("move", "jump", "instead"))),
    Situation("jump_zero", (("jump", "instead"), ("zero_movement",))),
    Situation("jump_after_move", (("jump", "instead"), ("already",))),
    Situation("jump_spends", (("jump", "instead"), ("spend",))),
    Situation("jump_is_movement", (("jump", "instead"), ("move", "movement_q", "slow", "fast"))),
    Situation("closed_moves", (("closed",), ("move", "jump"))),
    Situation("phase_mandatory", (("phase_named", "turn_phases"), ("skip", "once", "count"))),
    Situation("move_repeat", (("move",), ("once", "two")), forbid=("jump", "instead", "relocate", "symbiote", "equipment", "parasite", "artifact")),
    Situation("move_outside_choice", (("other_subphase",), ("move",)), forbid=("inactive",)),
    Situation("open_restores", (("open", "restore", "turn_start"), ("move", "movement_points"))),
    Situation("act_then_move", (("act",), ("move", "movement_points")), forbid=("card_action", "slow", "fast", "stack")),
    Situation("act_then_move", (("attack",), ("move", "movement_points"), ("already", "later", "after")), forbid=("slow", "fast", "stack")),
    # «может ли существо двигаться, если оно атаковало?»: the order is told by the tense (the query checks)
    Situation("act_then_move", (("attack",), ("move", "movement_points")),
              forbid=("slow", "fast", "stack", "artifact", "terrain", "who", "inactive", "jump", "instead") + SUBJECTS),
    Situation("action_parts", (("game_action",), ("consists",))),
    Situation("action_divide", (("game_action",), ("divide",)), forbid=("uses_stack", "slow", "fast")),
    Situation("when_on_stack", (("enters_stack",), ("when",)), forbid=("simultaneous", "trigger", "order")),
    Situation("priority_count", (("priority",), ("count", "who", "player")), forbid=("resolve", "declare", "new_phase", "pass", "rule_effect")),
    Situation("rule_effects_first", (("rule_effect",),)),
    Situation("reveal_hidden", (("second", "first"), ("hidden", "third_row")), forbid=("who",)),
    Situation("reveal_zones", (("reveal",), ("flying", "terrain"))),
    Situation("reveal_order", (("reveal",), ("who", "order", "first"))),
    Situation("between_phases", (("between_phases",),)),
    Situation("lives_icon", (("lives",), ("icon",))),
    Situation("lives_on_entry", (("lives", "lives_max"), ("appears", "summon"))),
    # «может ли текущий максимум жизней меняться по ходу игры?» (508.1)
    Situation("lives_max_change", (("lives_max",), ("change", "lives_change", "grow_shrink")), forbid=("appears", "summon", "icon")),
    Situation("lives_change", (("lives_change",),)),
    Situation("lives_change", (("wound", "lives"), ("shown",))),
    Situation("turn_phases", (("turn_phases",),)),
    Situation("who_moves", (("who",), ("move",))),
    Situation("inactive_moves", (("inactive",), ("move",))),
    Situation("symbiote_no_declare", (("move",), ("symbiote", "parasite"))),
    # «паразита можно на своего?» — no placing verb, only whose creature
    Situation("place_on_host", (SUBJECTS, ("own", "enemy")), forbid=("attack", "redirect", "wound", "target", "move", "relocate", "defend")),
)
