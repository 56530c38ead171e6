"""Game state of the simulator: battlefield, zones, players, cards, host links.

Battlefield (GLOSSARY «поле боя»): 5 columns ``a``–``e`` x 6 rows ``1``–``6``. The first
player's half is rows 1–3 with row 3 its front row; the second player's half is rows 4–6
with row 4 its front row. A cell is written ``"c3"`` (column letter, absolute row).
``player_row(cell, player)`` gives the row counted from that player's front row (1 = front
row, 3 = third row, as 405.1 and 405.2 count them).

Symbiotes, parasites and equipment that have a host sit on the host's cell but do not
occupy it (209.9, 212.7); everything else on the battlefield occupies its own cell (210.1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COLUMNS = "abcde"
ROWS = range(1, 7)
PLAYERS = ("first", "second")
KINDS = ("creature", "artifact", "terrain", "equipment")
TRAITS = ("flying", "incorporeal", "symbiote", "parasite")
ZONES = ("battlefield", "additional_zone", "graveyard", "out_of_game", "deck", "hand")

PLAYER_RU = {"first": "Первый игрок", "second": "Второй игрок"}
ZONE_RU = {
    "battlefield": "поле боя",
    "additional_zone": "дополнительная зона",
    "graveyard": "кладбище",
    "out_of_game": "вне игры",
    "deck": "колода",
    "hand": "рука",
}

_CELL_RE = re.compile(r"^([a-e])([1-6])$")


def parse_cell(text: str) -> tuple[int, int] | None:
    """``"c3"`` -> ``(2, 3)`` (0-based column, absolute row 1–6); ``None`` if not a cell."""
    m = _CELL_RE.match(str(text).strip().lower())
    if not m:
        return None
    return COLUMNS.index(m.group(1)), int(m.group(2))


def cell_name(cell: tuple[int, int]) -> str:
    """``(2, 3)`` -> ``"c3"``."""
    return f"{COLUMNS[cell[0]]}{cell[1]}"


def half_of(cell: tuple[int, int]) -> str:
    """Which player's half of the battlefield a cell is in (``first`` rows 1–3)."""
    return "first" if cell[1] <= 3 else "second"


def player_row(cell: tuple[int, int], player: str) -> int | None:
    """Row number counted from ``player``'s front row (1–3), or ``None`` for the other half."""
    if half_of(cell) != player:
        return None
    return 4 - cell[1] if player == "first" else cell[1] - 3


def orthogonal(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Cells next to each other vertically or horizontally (506.1)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def other(player: str) -> str:
    """The opponent of ``player``."""
    return "second" if player == "first" else "first"


@dataclass
class Card:
    """One card of a squad.

    kind: one of ``KINDS``; traits: subset of ``TRAITS`` (a parasite also has
    ``symbiote``); creature_class / equipment_class: class names or ``None``;
    movement: full movement points (``None`` = none printed), movement_left: what is
    left this turn; lives: initial lives (508.1.1), wounds: wounds on it (508.1.1);
    zone: one of ``ZONES``; cell: battlefield cell or ``None``; host: id of the host
    card (symbiote / equipment) or ``None``; revealed: face up (405.1); summoned: put
    into play by a summoning ability (209.8, 212.6); independent_on_host_death: its text
    says the symbiote becomes an independent creature when its host dies (302.5);
    forbidden_cells: cells an ability forbids it to move to (for a symbiote or equipment the
    ban binds its host too, 209.11, 212.8); abilities: its card text, ability name -> text
    (executed by ``bot.sim.ability``); counters: counters on it; extra_lives: markers of
    additional lives (508.1.1); immune: actions of grammar/effects.yaml its own text says
    do not work on it («не может быть уничтожено» -> ``destroy``).
    """

    id: str
    owner: str
    kind: str = "creature"
    traits: set[str] = field(default_factory=set)
    creature_class: str | None = None
    equipment_class: str | None = None
    open: bool = True
    movement: int | None = 1
    movement_left: int | None = None
    lives: int = 1
    wounds: int = 0
    zone: str = "battlefield"
    cell: tuple[int, int] | None = None
    host: str | None = None
    revealed: bool = True
    summoned: bool = False
    independent_on_host_death: bool = False
    forbidden_cells: set[tuple[int, int]] = field(default_factory=set)
    abilities: dict[str, str] = field(default_factory=dict)
    counters: int = 0
    extra_lives: int = 0
    immune: set[str] = field(default_factory=set)
    cost: int | None = None
    """The card's printed cost (``None``: not known) — what «стоимостью 4 или меньше» checks."""
    modifiers: list[str] = field(default_factory=list)
    """Modifiers an ability gave it, as written («+2 к удару до конца хода»); the simulator keeps
    them, it does not apply them to strikes."""

    def __post_init__(self) -> None:
        if self.movement_left is None:
            self.movement_left = self.movement

    @property
    def is_symbiote(self) -> bool:
        """Symbiote or parasite (209.1)."""
        return "symbiote" in self.traits or "parasite" in self.traits

    @property
    def attached(self) -> bool:
        """Sits on a host's cell without occupying it (209.9, 212.7)."""
        return self.host is not None and (self.is_symbiote or self.kind == "equipment")

    @property
    def current_lives(self) -> int:
        """Lives plus additional lives minus wounds (508.1.1)."""
        return self.lives + self.extra_lives - self.wounds

    def to_json(self) -> dict:
        """The card's observable state as scenario files compare it."""
        return {
            "zone": self.zone,
            "cell": cell_name(self.cell) if self.cell else None,
            "host": self.host,
            "open": self.open,
            "revealed": self.revealed,
            "movement_left": self.movement_left,
            "wounds": self.wounds,
            "kind": self.kind,
            "traits": sorted(self.traits),
            "creature_class": self.creature_class,
            "lives": self.current_lives,
            "extra_lives": self.extra_lives,
            "counters": self.counters,
            "modifiers": list(self.modifiers),
        }


@dataclass
class StackItem:
    """A declared game action waiting on the stack (302.1)."""

    name: str
    player: str
    kind: str
    card: str | None = None
    effect: dict | None = None


@dataclass
class GameState:
    """Everything the simulator knows about one battle.

    phase: ``recruit`` | ``reveal`` | ``seating`` | ``battle_start`` | ``vanguard`` |
    ``main``; subphase: e.g. ``choice`` (506.2) or ``None``; first / active /
    priority: player names; stack: bottom first, top last (302.7); passes: players
    who passed in a row since the last declaration or resolution (303.4); turn: number
    of the turn in the main phase (0 before it); declined: ability names a player
    declined in their turn (406.1, 407.1); extra_terrain: players an ability allows a
    second terrain (211.4).
    """

    cards: dict[str, Card] = field(default_factory=dict)
    phase: str = "main"
    subphase: str | None = "choice"
    first: str = "first"
    active: str = "first"
    priority: str = "first"
    stack: list[StackItem] = field(default_factory=list)
    passes: list[str] = field(default_factory=list)
    turn: int = 1
    declined: set[str] = field(default_factory=set)
    used_once: set[str] = field(default_factory=set)
    extra_terrain: set[str] = field(default_factory=set)

    def copy(self) -> "GameState":
        """A deep copy (illegal requests are answered on a copy, never applied;
        ``bot.fastcopy.deep_copy``: the same copy as ``copy.deepcopy``, made faster)."""
        from bot.fastcopy import deep_copy

        return deep_copy(self)

    def card(self, cid: str) -> Card:
        """The card ``cid``; ``KeyError`` when absent."""
        return self.cards[cid]

    def occupant(self, cell: tuple[int, int]) -> Card | None:
        """The card occupying ``cell`` (attached symbiotes / equipment do not)."""
        for c in self.cards.values():
            if c.zone == "battlefield" and c.cell == cell and not c.attached:
                return c
        return None

    def attachments(self, host_id: str) -> list[Card]:
        """Symbiotes and equipment whose host is ``host_id``, in id order."""
        return [c for c in self.cards.values() if c.host == host_id and c.zone == "battlefield"]

    def in_play(self, c: Card) -> bool:
        """On the battlefield or in the additional zone."""
        return c.zone in ("battlefield", "additional_zone")

    def terrains(self, player: str) -> list[Card]:
        """Terrains ``player`` controls (211.3)."""
        return [c for c in self.cards.values() if c.owner == player and c.kind == "terrain" and self.in_play(c)]

    def snapshot(self) -> dict:
        """A comparable picture of the state (used to prove illegal requests change nothing)."""
        return {
            "cards": {k: v.to_json() for k, v in sorted(self.cards.items())},
            "stack": [s.name for s in self.stack],
            "phase": self.phase,
            "subphase": self.subphase,
            "active": self.active,
            "priority": self.priority,
            "passes": list(self.passes),
        }
