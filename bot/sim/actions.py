"""Kinds of game actions: does it use the stack, is it slow or fast (301.2, 302.3, 302.5, 304).

The table is data a judge can read: ``ACTIONS[kind] = ActionKind(...)``. ``ru`` is the
Russian name used in answers and in the question route.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionKind:
    """One kind of game action.

    uses_stack: goes to the stack when declared (302.2, 302.3) or resolves at once
    (302.4, 302.5); speed: ``slow`` | ``fast`` | ``None`` (actions that do not use the
    stack are neither, 304.1); rules: paragraphs that classify it, most specific first.
    """

    kind: str
    ru: str
    uses_stack: bool
    speed: str | None
    rules: tuple[str, ...]
    aloud: bool = True


ACTIONS: dict[str, ActionKind] = {a.kind: a for a in (
    ActionKind("movement", "движение существа", True, "slow", ("304.2", "302.3", "506.1")),
    ActionKind("instead_of_movement", "особенность, заменяющая движение (прыжок, телепортация)", True, "slow", ("304.2", "506.6")),
    ActionKind("card_action", "действие карты", True, "slow", ("304.2", "302.3")),
    ActionKind("attack", "атака (простой удар)", True, "slow", ("304.2", "302.3")),
    ActionKind("sudden_action", "внезапное действие", True, "fast", ("304.3", "302.3")),
    ActionKind("sudden_attack", "внезапная атака", True, "fast", ("304.3", "302.3")),
    ActionKind("triggered_ability", "срабатывающая особенность", True, "fast", ("304.3", "302.3")),
    ActionKind("played_ability", "играемая особенность", True, "fast", ("304.3", "302.3")),
    ActionKind("battle_start_ability", "особенность «в начале боя»", True, "slow", ("304.2", "406.1")),
    ActionKind("vanguard_ability", "особенность «авангард»", True, "slow", ("304.2", "407.1")),
    ActionKind("before_recruit_ability", "особенность «до набора отряда»", True, "slow", ("304.2",)),
    ActionKind("after_setup_ability", "особенность «после расстановки карт»", True, "slow", ("304.2",)),
    ActionKind("relocation", "перемещение карты", True, "fast", ("302.3", "304.3", "507.1")),
    ActionKind("dice_roll", "бросок кубика", True, "fast", ("304.3", "302.3")),
    ActionKind("rule_effect", "эффект правил игры", False, None, ("302.5", "303.5"), aloud=False),
    ActionKind("symbiote_becomes_creature", "смена симбиотом типа на «самостоятельное существо» при гибели хозяина", False, None, ("302.5", "303.5")),
    ActionKind("phase_transition", "переход к следующей фазе или подфазе", False, None, ("302.5", "303.5")),
    ActionKind("terrain_to_additional_zone", "перенос местности во вспомогательную зону после вскрытия", False, None, ("211.1", "302.4")),
    ActionKind("payment", "оплата игродействия", False, None, ("302.6",)),
)}

MOVEMENT_KINDS = ("movement", "instead_of_movement")
ATTACK_KINDS = ("attack", "sudden_attack")


def classify(kind: str) -> ActionKind:
    """The ``ActionKind`` of ``kind``; ``KeyError`` for an unknown kind."""
    return ACTIONS[kind]
