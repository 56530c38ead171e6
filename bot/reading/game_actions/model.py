"""What a game-action question was read into (bot.reading.game_actions): the players, the
word tables of section ``game_actions`` of ``grammar/lexicon.yaml``, a game action named
(``Mention``) and the whole reading (``ActionReading``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from bot.reading.tokens import Tok
from bot.sim.actions import ACTIONS
from bot.textnorm import fold
from bot.vocab import section

ME, OPP = "first", "second"
RU_PLAYER = {ME: "вы", OPP: "противник"}
# Kinds run for a class of game actions: one per speed and stack use (304.1, 302.3, 302.5).
CLASS_KINDS = ("card_action", "movement", "sudden_action", "dice_roll", "triggered_ability", "rule_effect")


@dataclass(frozen=True)
class Words:
    """The ``game_actions`` section: kind phrases (longest first), quoted ability names,
    context words of a kind, and the other word lists as folded sets."""

    kinds: tuple[tuple[tuple[str, ...], str], ...]
    quoted: dict[str, str]
    context: dict[str, frozenset[str]]
    sets: dict[str, frozenset[str]]
    by_first: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Index built at load: the first word of a kind phrase -> the positions in ``kinds`` of
    the phrases it opens, in order (``kinds_opened_by``)."""

    def has(self, name: str, t: Tok | None) -> bool:
        return t is not None and (t.lemma in self.sets[name] or t.text in self.sets[name])

    def kinds_opened_by(self, t: Tok) -> list[tuple[tuple[str, ...], str]]:
        """The kind phrases (of ``kinds``, in their order: longest first) whose first word is
        ``t``'s lemma or form — the only ones that may start at ``t``."""
        at = self.by_first.get(t.lemma, ())
        if t.text != t.lemma:
            at = sorted({*at, *self.by_first.get(t.text, ())})
        return [self.kinds[k] for k in at]


@lru_cache(maxsize=1)
def action_words() -> Words:
    """The ``game_actions`` section of ``grammar/lexicon.yaml``, loaded once."""
    s = section("game_actions")
    kinds = tuple(sorted(((tuple(fold(str(p)).split()), str(k)) for p, k in s["kinds"]), key=lambda x: -len(x[0])))
    sets = {k: frozenset(fold(str(x)) for x in v) for k, v in s.items() if isinstance(v, list) and k != "kinds"}
    by_first: dict[str, list[int]] = {}
    for k, (pat, _) in enumerate(kinds):
        if pat:
            by_first.setdefault(pat[0], []).append(k)
    return Words(kinds, {fold(k): v for k, v in s["quoted"].items()},
                  {k: frozenset(fold(str(x)) for x in v) for k, v in s["kind_context"].items()}, sets,
                  {w: tuple(ks) for w, ks in by_first.items()})


@dataclass
class Mention:
    """A game action named: ``kind`` (a key of ``actions.ACTIONS``) or ``None`` for «игродействие»
    (any kind; ``speed`` / ``stack`` narrow the class), ``at`` its first word index, ``words``
    every word index it covers, ``player`` who declares it (``first`` = the asker) or ``None``."""

    kind: str | None
    at: int
    words: list[int]
    speed: str | None = None
    stack: bool | None = None
    player: str | None = None

    def kinds(self) -> list[str]:
        """The kinds this mention stands for (one, or every kind of its class)."""
        if self.kind is not None:
            return [self.kind]
        # a player's game action of any kind: rule effects are not declared by a player (302.5)
        return [k for k in CLASS_KINDS if (self.speed is None or ACTIONS[k].speed == self.speed)
                and (self.stack is None or ACTIONS[k].uses_stack == self.stack)
                and (self.stack is not None or ACTIONS[k].speed is not None)]


@dataclass
class ActionReading:
    """What was read: ``asked`` (one of the module's properties), ``action`` (the asked
    mention), ``asked_speed`` (``slow`` / ``fast`` for a yes/no speed question), ``choice``
    (an either/or question), ``stack`` (``empty`` / ``nonempty`` / ``None``), ``on_stack``
    (the mention lying on the stack), ``told`` (steps in order: ``("declare", player,
    mention)``, ``("pass", player)``, ``("both_pass",)``, ``("resolved",)``, ``("subphase",)``),
    ``active`` (who is active when told), ``recipient`` (for a yes/no priority question: the
    role asked about — ``opponent`` / ``inactive`` / ``active`` / ``declarer``), ``another`` («ещё
    одно»), ``claim`` (for a yes/no ``rule_effects``: ``before`` / ``after`` the priority), ``no_priority``
    (the asked action's declarer is told not to hold priority),
    ``used`` word indices, ``unread`` content words nothing used."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    action: Mention | None = None
    asked_speed: str | None = None
    choice: bool = False
    yes_no: bool = True
    stack: str | None = None
    on_stack: Mention | None = None
    told: list[tuple] = field(default_factory=list)
    active: str | None = None
    recipient: str | None = None
    another: bool = False
    neg_word: str | None = None
    options: list = field(default_factory=list)
    without_stack: bool = False
    only: bool = False
    claim: str | None = None
    no_priority: bool = False       # «без приоритета»: the declarer of the asked action does not hold priority (303.1)
    respond: bool = False           # ``uses_stack`` asked as «можно ли в ответ на это …?» of the told action (302.4)
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)
