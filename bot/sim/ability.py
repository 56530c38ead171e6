"""Card abilities executed on a board: the card-text AST (``bot.abilities``) evaluated by
the simulator against a ``GameState`` (issue 12, part 3).

``resolve_on_board(state, source, text, use) -> Resolution`` goes through the parts of one
ability as 505 says and changes ``state``:

- a part is declared only when the board makes it legal (a target that fits its
  restrictions exists; a cell is free, 507.2); otherwise it is «не объявлено» and the
  alternatives of 505.6 / 505.7 are taken by the board, not by a flag;
- ``and_then`` (505.4, «;» 505.4.1, «–» 505.4.2): a later part only after the earlier one
  was performed (a destroy that did not happen stops the rest);
- ``choice`` (505.5): ``Use.choose`` or the only legal option; ``otherwise`` (505.6);
  ``refusable`` (505.7: ``Use.refuse`` or the first part impossible); ``optional``
  (505.8: ``Use.declare``, default all that are legal); 505.9 for «уничтожить / вернуть
  в колоду себя, при этом …»;
- a ``cost`` is paid after all parts (505.4; payment does not use the stack, 302.6):
  ``{tap}`` closes the source;
- an effect whose ``action`` is null or not executable here is reported «не умею
  выполнить: …» and its result is unknown (never assumed done).

The executed actions are ``EXECUTED`` (wound, discharge, shot, throw, heal, destroy,
return_to_deck, return_to_hand, exile, open, close, move, counters, extra lives by
gain / lose). Deaths from wounds and the rule effects 209–212 are applied by the engine
before priority (303.6, ``bot.sim.effects.apply_rule_effects``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.abilities.ast import LEAF_KIND, Node, ParseResult
from bot.abilities.effects import thaw
from bot.abilities.resolve import DEFAULT_RULES, MEANING, number_parts
from bot.memo import per_question
from bot.sim.effects import label
from bot.sim.outcome import Consequence
from bot.sim.state import Card, GameState, cell_name, other, parse_cell
from bot.textnorm import fold

EXECUTED = ("wound", "discharge", "shot", "throw", "heal", "destroy", "return_to_deck", "return_to_hand",
            "exile", "open", "close", "move", "counters", "gain", "lose", "place", "modify")
"""Actions of grammar/effects.yaml this module executes (gain / lose / place only for extra
lives and counters, see ``_resource``; ``modify`` is kept on the card as written, 505.4 asks only
whether it was done)."""

DAMAGE = ("wound", "discharge", "shot", "throw")
STATUS_RU = {"done": "выполнено", "failed": "не выполнено", "not_declared": "не объявлено",
             "unsupported": "не умею выполнить", "conditional": "зависит от выбора",
             "unknown": "неизвестно", "option": "на выбор",
             "decision": "выбор", "payment": "оплата", "circumstance": "условие", "stack": "стек"}
PAY_RULE, PAY_NO_STACK = "505.4", "302.6"
SELF_SOURCE_RULE = "505.9"


class UseError(ValueError):
    """A ``use`` that does not fit the text or the board (a chosen option that is not in
    the text, a target that is not a card or a cell). Russian message; ``rules``: the
    paragraphs that forbid it (505.5 for an illegal chosen option)."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.rules = rules


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    from bot.vocab import section

    return section("card_board")


@dataclass
class Use:
    """What the controlling player decides when using an ability.

    card: id of the source card; ability: the name of one of its ``abilities`` (``None``:
    its only one); targets: part number (1-based, reading order) -> card id, a cell
    («c4») or ``{"card": id, "to": cell}`` for a relocation; choose: a part number of the
    chosen option (505.5; for «в противном случае» a later alternative, refused with
    ``UseError`` while an earlier one is legal, 505.6); refuse: the opponent refuses the
    first part (505.7); declare:
    parts declared after «может» (505.8, ``None`` = every legal one).
    """

    card: str
    ability: str | None = None
    targets: dict[int, Any] = field(default_factory=dict)
    choose: int | None = None
    refuse: bool = False
    declare: frozenset[int] | None = None
    told: dict[int, str] = field(default_factory=dict)
    """Part number -> ``done`` | ``failed``: what the question says happened to a part the
    simulator does not execute («защиту снять получилось»); such a part takes that result
    instead of «не умею выполнить»."""


@dataclass(frozen=True)
class AbilityStep:
    """One step of a resolution on a board: ``text`` (Russian), ``done`` (``None`` when the
    result is not known), ``rule`` (deciding paragraph), ``rules`` (all it rests on),
    ``part`` number, ``status`` (a key of ``STATUS_RU``), ``reason``, ``card`` concerned and
    ``result`` word for scenario checks («уничтожается», «ранен», «не объявлено» …)."""

    text: str
    done: bool | None
    rule: str | None
    rules: tuple[str, ...] = ()
    part: int | None = None
    status: str = "done"
    reason: str = ""
    card: str | None = None
    result: str | None = None

    def line(self) -> str:
        tail = f": {self.reason}" if self.reason else ""
        ref = f" (п. {', '.join(self.rules)})" if self.rules else ""
        return f"{self.text}{tail}{ref}"

    def consequence(self) -> Consequence:
        """The step as an engine ``Consequence`` (text with reason, rules, card, result)."""
        return Consequence(self.text + (f": {self.reason}" if self.reason else ""), self.rules, self.card, self.result)

    def to_json(self) -> dict:
        """``{text, done, rule, rules, part, status, reason}`` (DESIGN.md ``explain`` steps)."""
        return {"text": self.text + (f": {self.reason}" if self.reason else ""), "done": self.done, "rule": self.rule,
                "rules": list(self.rules), "part": self.part, "status": self.status, "reason": self.reason}


@dataclass
class Resolution:
    """A resolved ability: ``steps`` in order, ``citations`` (505 first), ``parts``
    ``[(number, text)]``, ``results`` part -> ``"done"|"failed"|"not_declared"|"unsupported"|
    "conditional"``, ``unsupported`` (texts not executed), ``shape`` of the tree."""

    text: str
    parts: list[tuple[int, str]]
    steps: list[AbilityStep]
    citations: list[str]
    results: dict[int, str]
    unsupported: list[str]
    shape: str = ""

    def to_json(self) -> dict:
        return {"text": self.text, "shape": self.shape,
                "parts": [{"part": n, "text": t} for n, t in self.parts],
                "steps": [s.to_json() for s in self.steps], "citations": list(self.citations),
                "results": {str(k): v for k, v in sorted(self.results.items())},
                "unsupported": list(self.unsupported)}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def parse_ability(text: str, name: str | None = None) -> ParseResult:
    """Parse card text with the grammar; ``name``: the source card's name (505.9). Cached
    (``bot.abilities.parser.parse_cached``): one question's answer parses its text several
    times (reading, board, run, the ability route); the result is immutable (frozen nodes)."""
    from bot.abilities.parser import parse_cached

    return parse_cached(text, name)


class _Board:
    """One pass over an ability's AST on ``state`` (changes it)."""

    def __init__(self, state: GameState, source: Card, root: Node, use: Use) -> None:
        self.st, self.src, self.root, self.use = state, source, root, use
        self.num, parts = number_parts(root)
        self.parts = [(p.number, p.text) for p in parts]
        self.steps: list[AbilityStep] = []
        self.cites: list[str] = []
        self.results: dict[int, str] = {}
        self.unsupported: list[str] = []
        self.last_target: list[Card] = []
        self.named_target: list[Card] = []     # the targets the last checked part named
        self.self_gone = False
        self.controller = source.owner
        self.whos: dict[int, str | None] = {}

    # ---------------------------------------------------------------- bookkeeping
    def add(self, text: str, done: bool | None, rules: tuple[str | None, ...], status: str, reason: str = "",
            part: int | None = None, card: str | None = None, result: str | None = None) -> None:
        rs = tuple(dict.fromkeys(r for r in rules if r))
        for r in rs:
            if r not in self.cites:
                self.cites.append(r)
        self.steps.append(AbilityStep(text, done, rs[0] if rs else None, rs, part, status, reason, card, result))

    def pn(self, leaf: Node) -> int:
        return self.num[id(leaf)]

    def ptext(self, leaf: Node) -> str:
        return f"Часть {self.pn(leaf)} «{leaf.text.strip()}»"

    def leaves(self, node: Node) -> list[Node]:
        return [n for n in node.walk() if id(n) in self.num]

    def lbl(self, node: Node) -> str:
        ps = [self.pn(x) for x in self.leaves(node)]
        return f"часть {ps[0]}" if len(ps) == 1 else f"способность (части {', '.join(map(str, ps))})"

    def skip(self, node: Node, status: str, reason: str, rule: str, also: tuple[str, ...] = ()) -> None:
        """Mark every part under ``node`` ``status`` with ``reason``, citing the connective's
        ``rule`` and ``also`` (the paragraphs that made a part illegal: 209.6, 212.3 …)."""
        for leaf in self.leaves(node):
            self.results.setdefault(self.pn(leaf), status)
            self.add(f"{self.ptext(leaf)} — {STATUS_RU[status]}", False, (*_with_base(rule), *also), status, reason,
                     self.pn(leaf), result=STATUS_RU[status])

    # ---------------------------------------------------------------- targets and legality
    def _spec(self, leaf: Node) -> tuple[str | None, dict]:
        action, args = leaf_action(leaf)
        if args.get("target"):
            args = dict(args, target=subject_relative(leaf.text, args["target"]))
            args = dict(args, target=_other_than_source(action, leaf.text, args["target"]))
        return action, args

    def _fits(self, c: Card, spec: dict) -> str | None:
        """Why card ``c`` does not fit the target ``spec``; ``None`` when it does."""
        if c.zone != "battlefield":
            return f"«{c.id}» не на поле боя"
        kind = spec.get("kind") or "creature"
        if kind == "creature" and c.kind != "creature":
            return f"{label(c)} не существо"
        if kind == "symbiote" and not c.is_symbiote:
            return f"{label(c)} не симбиот"
        if kind not in ("creature", "card", "symbiote") and kind != c.kind:
            return f"{label(c)} не {kind}"
        owner = spec.get("owner") or ({"own": "own", "enemy": "enemy"}.get(spec.get("who") or ""))
        if owner == "own" and c.owner != self.controller:
            return f"«{c.id}» — карта противника, а нужна ваша"
        if owner == "enemy" and c.owner == self.controller:
            return f"«{c.id}» — ваша карта, а нужна карта противника"
        for r in spec.get("restrictions") or ():
            if r == "closed" and c.open:
                return f"«{c.id}» открыто, а нужно закрытое"
            if r == "open" and not c.open:
                return f"«{c.id}» закрыто, а нужно открытое"
            if r == "flying" and "flying" not in c.traits:
                return f"«{c.id}» не летающее"
            if r == "ground" and "flying" in c.traits:
                return f"«{c.id}» летающее"
            if r == "wounded" and c.wounds <= 0:
                return f"на «{c.id}» нет ран"
            if r == "adjacent" and spec.get("kind") != "cell" and not _adjacent(self.src, c):
                return f"«{c.id}» не на соседней клетке"
            if r == "other" and c.id == self.src.id:
                return f"«{c.id}» — сама эта карта, а нужна другая"
        return None

    def _unknown_restriction(self, spec: dict) -> str | None:
        known = {"closed", "open", "flying", "ground", "wounded", "adjacent", "other"}
        bad = [r for r in spec.get("restrictions") or () if r not in known]
        return bad[0] if bad else None

    def who(self, leaf: Node, spec: dict) -> str | None:
        """The target's ``who`` of ``leaf``, with a demonstrative naming the source read as
        ``self`` («эта карта получает рану 1», «уничтожьте это существо»: ``this_card``),
        decided once per part (whether an earlier part named a target is asked the first time)."""
        if id(leaf) not in self.whos:
            who = spec.get("who")
            if host_object(leaf.text) and self.src.host:
                who = "host"    # «переместите хозяина на …» of an equipment or symbiote: its host
            self.whos[id(leaf)] = "self" if this_card(leaf.text, who, bool(self.last_target or self.named_target)) else who
        return self.whos[id(leaf)]

    def targets(self, leaf: Node, action: str, spec: dict) -> tuple[str, list[Card], str, tuple[str, ...]]:
        """``(verdict, cards, reason, rules)``: verdict ``ok`` | ``illegal`` | ``undecided`` |
        ``unsupported``; cards: the targets when ``ok``."""
        n = self.pn(leaf)
        who = self.who(leaf, spec)
        given = self.use.targets.get(n)
        if isinstance(given, dict):
            given = given.get("card")
        if isinstance(given, str) and parse_cell(given) and given not in self.st.cards:
            given = None  # a cell: the destination of a relocation
        bad = self._unknown_restriction(spec) or _unchecked_words(leaf.text)
        if bad:
            return "unsupported", [], f"ограничение цели «{bad}» я проверять не умею", ()
        if who == "host":
            host = self.st.cards.get(self.src.host or "")
            if host is None or host.zone != "battlefield":
                return "illegal", [], f"у «{self.src.id}» нет хозяина на поле боя", ()
            return "ok", [host], "", ()
        if who == "self" or (action in ("move", "open", "close", "counters", "modify") and who is None
                             and spec.get("kind") in (None, "cell")):
            if self.src.zone != "battlefield":
                return "illegal", [], f"источник «{self.src.id}» уже не на поле боя", ()
            return "ok", [self.src], "", ()
        if who == "it":
            if not self.last_target and self.named_target:
                # «…, в противном случае – нанести ему рану»: the card the earlier part named,
                # though that part could not be declared (its destination was taken)
                self.last_target = self.named_target
            alive = [c for c in self.last_target if c.zone == "battlefield"]
            if not self.last_target:
                return "unsupported", [], "не знаю, к какой карте относится местоимение", ()
            if not alive:
                return "illegal", [], f"цель предыдущей части («{self.last_target[0].id}») уже не на поле боя", ()
            return "ok", alive, "", ()
        if who == "named":
            return "unsupported", [], "цель названа именем другой карты", ()
        spec = implied_state(action, spec)
        pool = [c for c in self.st.cards.values() if c.zone == "battlefield" and not c.attached]
        fitting = [c for c in pool if self._fits(c, spec) is None]
        numbers = [(a, op, k) for a, op, k, _ in numeric_restrictions(leaf.text)]
        if numbers:
            unknown = [c for c in fitting if any(_number_fits(c, *x) is None for x in numbers)]
            if unknown:
                what = {"cost": "стоимость", "lives": "число жизней"}[next(a for a, _, _ in numbers)]
                return "unsupported", [], f"{what} карты «{unknown[0].id}» не известна — в вопросе её нет", ()
            fitting = [c for c in fitting if all(_number_fits(c, *x) for x in numbers)]
        if who == "all":
            if not fitting:
                return "illegal", [], "на поле боя нет ни одной подходящей карты", ()
            return "ok", sorted(fitting, key=lambda c: c.id), "", ()
        if given is not None:
            c = self.st.cards.get(str(given))
            if c is None:
                raise UseError(f"цель части {n}: нет карты «{given}»; есть: {', '.join(self.st.cards)}")
            why = self._fits(c, spec) or (None if c in fitting or not numbers else
                                         f"«{c.id}» не подходит по {'стоимости' if numbers[0][0] == 'cost' else 'числу жизней'}")
            if why:
                return "illegal", [], f"цель «{c.id}» не подходит: {why}", ()
            return "ok", [c], "", ()
        if not fitting:
            why = _no_target(spec)
            if numbers:
                why += " " + ", ".join(f"с {'стоимостью' if a == 'cost' else 'числом жизней'} "
                                       f"{ {'<=': '≤ ', '>=': '≥ ', '==': ''}[op]}{k}" for a, op, k in numbers)
            return "illegal", [], why, ()
        if len(fitting) == 1:
            return "ok", fitting, "", ()
        return "undecided", [], "цель не указана; подходят: " + ", ".join(f"«{c.id}»" for c in sorted(fitting, key=lambda c: c.id)), ()

    def legal(self, leaf: Node) -> tuple[str, str, tuple[str, ...]]:
        """Whether the part may be declared on the board now: ``(verdict, reason, rules)``."""
        action, args = self._spec(leaf)
        if action == "place" and not self._resource(leaf, action):
            return self.placement(leaf, args.get("target") or {})[:3]
        if action not in EXECUTED or (action in ("gain", "lose", "place") and not self._resource(leaf, action)):
            spec = args.get("target") or {}
            if action is None and not spec:
                from bot.abilities.effects import target_of

                spec = target_of(leaf.text) or {}
            if spec.get("who") in ("chosen", "enemy", "own") and spec.get("kind") in (None, "creature"):
                # «оглушите выбранное существо противника» with none on the board: whatever the act, it has
                # no target to be declared on
                verdict, _, why, rules = self.targets(leaf, action or "", spec)
                if verdict == "illegal":
                    return verdict, why, rules
            return "unsupported", "", ()
        spec = args.get("target") or {}
        verdict, cards, why, rules = self.targets(leaf, action, spec)
        if verdict != "ok":
            return verdict, why, rules
        if self.who(leaf, spec) != "it":
            # the card this part names — the source for «переместите это существо …» — is what a later
            # «его» stands for, though this part is not declared («…, в противном случае – закройте его»)
            self.named_target = cards
        if action in DAMAGE:
            for c in cards:
                if c.kind == "terrain":
                    return "illegal", f"местность не может получать раны ({label(c)})", ("211.2",)
                if c.kind == "equipment":
                    return "illegal", f"экипировка не может получать раны ({label(c)})", ("212.9",)
        if action == "close" and len(cards) == 1 and not cards[0].open:
            return "illegal", f"«{cards[0].id}» уже закрыто", ()
        if action == "open" and len(cards) == 1 and cards[0].open:
            return "illegal", f"«{cards[0].id}» уже открыто", ()
        if action == "move":
            dest = self._dest(leaf)
            if dest is None:
                return "undecided", "не указана клетка, на которую перемещается карта", ()
            occ = self.st.occupant(dest)
            if occ is not None and occ not in cards:
                return "illegal", (f"клетка {cell_name(dest)} занята ({label(occ)}), а перемещение объявляется "
                                   "только на незанятую клетку"), ("507.2",)
            if "adjacent" in (spec.get("restrictions") or ()) and cards[0].cell and not _adjacent_cells(cards[0].cell, dest):
                return "illegal", f"клетка {cell_name(dest)} не соседняя с {cell_name(cards[0].cell)}", ()
            for c in cards:
                for a in (c, *self.st.attachments(c.id)):
                    if dest in a.forbidden_cells:
                        # a ban on the symbiote / equipment binds its host too (209.11, 212.8)
                        rules = ("209.11",) if a.is_symbiote else ("212.8",) if a.kind == "equipment" else ()
                        tail = "; этот запрет действует и на хозяина" if a is not c else ""
                        return "illegal", f"{label(a)} не может перемещаться на клетку {cell_name(dest)}{tail}", rules
        return "ok", "", ()

    def placement(self, leaf: Node, spec: dict) -> tuple[str, str, tuple[str, ...], Card | None, Card | None]:
        """«Поместите выбранную вашу экипировку на другое ваше существо», «поместите этого
        симбиота на …»: ``(verdict, reason, rules, card, host)``. The card placed is the part's
        target (a symbiote / parasite or equipment, the source itself for «этого симбиота»);
        the host is a creature the words after «на» describe (``bot.abilities.effects.target_of``;
        «другое» — not the card's present host, nor the source), which the placement rules
        allow (``bot.sim.effects.host_problems``: 209.1–209.6 for symbiotes and parasites, 212.2–212.4
        for equipment — no equipment on a flying, incorporeal creature or a symbiote, 212.3).
        A part whose every candidate host is refused is not declared, with those paragraphs."""
        from bot.sim.effects import host_problems

        n = self.pn(leaf)
        given = self.use.targets.get(n)
        given_card = given.get("card") if isinstance(given, dict) else given
        given_on = given.get("on") if isinstance(given, dict) else None
        split = placement_specs(leaf.text)
        if split is None:
            return "unsupported", "не сказано, на какую карту она помещается", (), None, None
        spec, onto, other_word, who = split
        kind = spec.get("kind")
        if who == "self":
            placed = [self.src] if self.src.zone == "battlefield" else []
        else:
            owner = spec.get("owner") or {"own": "own", "enemy": "enemy"}.get(spec.get("who") or "")
            zone = placed_from(leaf.text) or "battlefield"     # «… симбиота из вашего сброса»: that zone's cards
            placed = [c for c in self.st.cards.values() if c.zone == zone
                      and (c.kind == "equipment" if kind == "equipment" else c.is_symbiote if kind == "symbiote"
                           else c.kind == "equipment" or c.is_symbiote)
                      and (owner != "own" or c.owner == self.controller) and (owner != "enemy" or c.owner != self.controller)]
        if given_card is not None:
            placed = [c for c in placed if c.id == str(given_card)]
        if not placed:
            what = {"equipment": "экипировки", "symbiote": "симбиота"}.get(kind or "", "симбиота или экипировки")
            where = {"graveyard": "в сбросе", "deck": "в колоде", "hand": "в руке"}.get(placed_from(leaf.text) or "", "на поле боя")
            return "illegal", f"{where} нет {what}, которую можно поместить", (), None, None
        if not (placed[0].kind == "equipment" or placed[0].is_symbiote):
            return "illegal", f"{label(placed[0])} не симбиот и не экипировка — помещать её на хозяина нельзя", ("209.1", "212.1"), None, None
        if len(placed) > 1:
            return "undecided", "какая карта помещается, не указано; подходят: " + ", ".join(f"«{c.id}»" for c in placed), (), None, None
        card = placed[0]
        h_owner = onto.get("owner") or {"own": "own", "enemy": "enemy"}.get(onto.get("who") or "")
        hosts = []
        for c in self.st.cards.values():
            if c.zone != "battlefield" or c.kind != "creature" or c is card:
                continue
            if other_word and (c.id == card.host or (card is not self.src and c is self.src and card.host is None)):
                continue
            if h_owner == "own" and c.owner != self.controller or h_owner == "enemy" and c.owner == self.controller:
                continue
            if self._fits(c, dict(onto, kind="creature", who=None, owner=None)) is not None:
                continue
            hosts.append(c)
        if given_on is not None:
            hosts = [c for c in hosts if c.id == str(given_on)]
        if not hosts:
            return "illegal", "на поле боя нет существа, на которое её можно поместить", \
                ("209.3",) if card.is_symbiote else ("212.1",), card, None
        refused = {c.id: host_problems(self.st, card, c) for c in hosts}
        allowed = [c for c in hosts if not refused[c.id]]
        if not allowed:
            why = "; ".join(f"«{cid}»: " + "; ".join(p.text for p in ps) for cid, ps in refused.items())
            rules = tuple(dict.fromkeys(r for ps in refused.values() for p in ps for r in p.rules))
            return "illegal", f"«{card.id}» поместить не на кого — {why}", rules, card, None
        if len(allowed) > 1:
            return "undecided", "на какое существо она помещается, не указано; подходят: " + \
                ", ".join(f"«{c.id}»" for c in allowed), (), card, None
        return "ok", "", (), card, allowed[0]

    def _dest(self, leaf: Node) -> tuple[int, int] | None:
        given = self.use.targets.get(self.pn(leaf))
        if isinstance(given, dict):
            given = given.get("to")
        return parse_cell(str(given)) if given is not None and parse_cell(str(given)) else None

    def _resource(self, leaf: Node, action: str) -> str | None:
        """For gain / lose / place: ``extra_lives`` or ``counters`` when the leaf is about
        them (words of the ``card_board`` lexicon section), else ``None``."""
        from bot.textnorm import fold

        t = fold(leaf.text)
        w = _words()
        if any(s in t for s in w["extra_lives"]):
            return "extra_lives"
        if action in ("gain", "place", "lose") and any(s in t for s in w["counters"]):
            return "counters"
        return None

    # ---------------------------------------------------------------- the recursion
    def resolve(self, node: Node, why: str, rule: str | None) -> str:
        """Result of a node: ``done`` | ``failed`` | ``not_declared`` | ``unknown``."""
        if id(node) in self.num:
            return self.leaf(node, why, rule)
        handler = getattr(self, "k_" + node.kind, None)
        if handler is None:
            res = "done"
            for c in node.children:
                res = self.resolve(c, why, rule or node.rule)
            return res
        return handler(node, why, rule)

    def leaf(self, leaf: Node, why: str, rule: str | None, checked: tuple | None = None) -> str:
        n = self.pn(leaf)
        action, args = self._spec(leaf)
        verdict, reason, rules = checked or self.legal(leaf)
        base = _with_base(rule)
        if verdict == "unsupported" and self.use.told.get(n) in ("done", "failed"):
            status = self.use.told[n]     # the question tells what became of a part the simulator cannot run
            self.results[n] = status
            self.add(f"{self.ptext(leaf)} — {STATUS_RU[status]}", status == "done", base, status,
                     f"{why}; {'выполнена' if status == 'done' else 'не выполнена'} (так сказано в вопросе)" if why else
                     f"{'выполнена' if status == 'done' else 'не выполнена'} (так сказано в вопросе)", n,
                     result=STATUS_RU[status])
            return status
        if verdict == "unsupported":
            what = reason or (f"действие «{action}» симулятор не выполняет" if action else "смысл части не распознан (action = null)")
            self.unsupported.append(leaf.text.strip())
            self.results[n] = "unsupported"
            self.add(f"{self.ptext(leaf)} — не умею выполнить", None, base, "unsupported", what, n, result="не умею выполнить")
            return "unknown"
        if verdict == "undecided":
            self.results[n] = "conditional"
            self.add(f"{self.ptext(leaf)} — зависит от выбора", None, base, "conditional", reason, n, result="зависит от выбора")
            return "unknown"
        if verdict == "illegal":
            self.results[n] = "not_declared"
            self.add(f"{self.ptext(leaf)} — не объявлено", False, (*base, *rules), "not_declared",
                     f"объявить нелегально: {reason}", n, result="не объявлено")
            return "not_declared"
        spec = args.get("target") or {}
        if action == "place" and not self._resource(leaf, action):
            _, _, _, card, host = self.placement(leaf, spec)
            prev = card.host
            card.host, card.cell, card.zone = host.id, host.cell, "battlefield"
            rules = ("209.3", "209.9") if card.is_symbiote else ("212.1", "212.7")
            self.last_target = [host]   # «…, при этом излечите его»: the creature it was put on
            self.results[n] = "done"
            self.add(f"{self.ptext(leaf)} — {STATUS_RU['done']}", True, base, "done", why, n, result=STATUS_RU["done"])
            self.add(f"{_cap(label(host))} становится хозяином: {label(card)} на клетке {cell_name(host.cell)}", True, rules,
                     "done", "", n, card.id, "помещается")
            if prev and prev != host.id:
                self.add(f"Существо «{prev}» перестаёт быть хозяином", True, rules[:1], "done", "", n, card.id)
            return "done"
        _, cards, _, _ = self.targets(leaf, action, spec)
        self.last_target = cards
        if action == "heal" and cards and all(c.wounds <= 0 for c in cards):
            # 505 and 508 do not say whether healing a card with no wounds counts as performed
            self.results[n] = "unknown"
            self.add(f"{self.ptext(leaf)} — неизвестно", None, base, "unknown",
                     "на цели нет ран: правила не говорят, считается ли такое излечение выполненным", n,
                     result="неизвестно")
            return "unknown"
        if action == "lose" and cards and self._resource(leaf, action) and not (args.get("amount") or {}).get("n") \
                and _ALL_OF.search(fold(leaf.text)) \
                and all((c.counters if self._resource(leaf, action) == "counters" else c.extra_lives) == 0 for c in cards):
            # «снимите с него все фишки» with none on it: 505 and 508 do not say whether removing none is done
            self.results[n] = "unknown"
            self.add(f"{self.ptext(leaf)} — неизвестно", None, base, "unknown",
                     "снимать нечего: правила не говорят, считается ли «снять все» с карты без них выполненным", n,
                     result="неизвестно")
            return "unknown"
        done_any, lines = self.execute(leaf, action, args, cards)
        status = "done" if done_any else "failed"
        self.results[n] = status
        self.add(f"{self.ptext(leaf)} — {STATUS_RU[status]}", done_any, base, status, why, n,
                 result=STATUS_RU[status])
        for text, rs, card, result in lines:
            self.add(text, True, rs, "done", "", n, card, result)
        return status

    # ---------------------------------------------------------------- actions
    def execute(self, leaf: Node, action: str, args: dict, cards: list[Card]) -> tuple[bool, list]:
        amount = (args.get("amount") or {}).get("n")
        lines: list = []
        done = False
        for c in cards:
            if action in _immune_actions(c, action):
                lines.append((f"По тексту карты «{c.id}» на неё это не действует — «{leaf.text.strip()}» не выполняется",
                              (), c.id, "не выполняется"))
                continue
            if action in DAMAGE:
                n = int(amount or 0) or _one_wound(leaf.text)
                if not n:
                    raise UseError(f"часть «{leaf.text.strip()}»: не указано число ран")
                c.wounds += n
                lines.append((f"{_cap(label(c))} получает {n} ран(ы): жизней {c.current_lives} из {c.lives + c.extra_lives}",
                              ("508.1.1",), c.id, "ранен"))
                done = True
            elif action == "heal":
                n = int(amount or 0)
                healed = min(n, c.wounds)
                c.wounds -= healed
                lines.append((f"С «{c.id}» снимается ран: {healed} (излечение на {n}); жизней {c.current_lives}",
                              ("508.1.1",), c.id, "излечен"))
                done = True
            elif action in ("destroy", "return_to_deck", "return_to_hand", "exile"):
                zone, verb, res = {"destroy": ("graveyard", "уничтожается", "уничтожается"),
                                   "return_to_deck": ("deck", "возвращается в колоду", "в колоду"),
                                   "return_to_hand": ("hand", "возвращается в руку", "в руку"),
                                   "exile": ("out_of_game", "изгоняется из игры", "изгоняется")}[action]
                from bot.sim.effects import remove

                remove(self.st, c, zone)
                if c is self.src:
                    self.self_gone = True
                lines.append((f"{_cap(label(c))} {verb}", (), c.id, res))
                done = True
            elif action in ("open", "close"):
                c.open = action == "open"
                if c.open:
                    c.movement_left = c.movement
                    lines.append((f"{_cap(label(c))} открывается и восстанавливает запас движения", ("506.4",), c.id, "открывается"))
                else:
                    lines.append((f"{_cap(label(c))} закрывается", (), c.id, "закрывается"))
                done = True
            elif action == "move":
                dest = self._dest(leaf)
                src = c.cell
                c.cell = dest
                lines.append((f"{_cap(label(c))} перемещается {cell_name(src) if src else ''} → {cell_name(dest)}; "
                              "запас движения не тратится", ("507.1",), c.id, "перемещается"))
                for a in self.st.attachments(c.id):
                    a.cell = dest
                    lines.append((f"{_cap(label(a))} перемещается вместе с хозяином", ("209.11",) if a.is_symbiote else ("212.8",), a.id, "перемещается"))
                done = True
            elif action == "modify":
                # «ваше существо получает +2 к удару до конца хода»: the modifier as written
                what = _modifier_words(leaf.text, args)
                c.modifiers.append(what)
                lines.append((f"{_cap(label(c))} получает {what}", (), c.id, "модификатор"))
                done = True
            elif action in ("counters", "gain", "lose", "place"):
                what = "counters" if action == "counters" else self._resource(leaf, action)
                n = int(amount or 1)
                if what == "counters" and action == "lose":
                    if c.counters < n:      # «снимите с этой карты фишку» with none on it: not performed
                        lines.append((f"На «{c.id}» фишек: {c.counters} — снять {n} не удалось", (), c.id, "не выполняется"))
                        continue
                    c.counters -= n
                    lines.append((f"С «{c.id}» снимается фишек: {n} (осталось {c.counters})", (), c.id, "фишки"))
                    done = True
                elif what == "counters":
                    c.counters += n
                    lines.append((f"На «{c.id}» кладётся фишек: {n} (всего {c.counters})", (), c.id, "фишки"))
                    done = True
                elif action == "lose":
                    if c.extra_lives < n:
                        lines.append((f"На «{c.id}» только {c.extra_lives} дополнительных жизней — снять {n} не удалось",
                                      ("508.1.1",), c.id, "не выполняется"))
                        continue
                    c.extra_lives -= n
                    lines.append((f"С «{c.id}» снимается дополнительных жизней: {n}; жизней {c.current_lives}", ("508.1.1",), c.id, "теряет жизни"))
                    done = True
                else:
                    c.extra_lives += n
                    lines.append((f"{_cap(label(c))} получает дополнительных жизней: {n}; жизней {c.current_lives}", ("508.1.1",), c.id, "получает жизни"))
                    done = True
        return done, lines

    # ---------------------------------------------------------------- compounds
    def k_and_then(self, node: Node, why: str, rule: str | None) -> str:
        r = node.rule or DEFAULT_RULES["and_then"]
        self_source = _self_source(node, self.src)
        prev, prev_node = "done", None
        for i, child in enumerate(node.children):
            if i == 0:
                prev = self.resolve(child, why or "способности объявляются по порядку", r)
                if not self_source and self.self_gone and child.attr("action") in ("destroy", "return_to_deck"):
                    self_source = True  # «уничтожьте выбранное ваше существо»: the one chosen was the source (505.9)
            elif prev == "done":
                if self_source and i == 1:
                    prev = self.resolve(child, "источник этой особенности уничтожен / возвращён в колоду — "
                                               f"{self.lbl(child)} выполняется при этом независимо от наличия ресурсов",
                                        SELF_SOURCE_RULE)
                else:
                    prev = self.resolve(child, f"{self.lbl(prev_node)} выполнена, поэтому используется {self.lbl(child)}", r)
            elif prev == "unknown":
                self.skip(child, "unknown", f"используется, только если выполнена {self.lbl(prev_node)}, "
                                            "а её результат неизвестен", r)
            else:
                self.skip(child, "failed", f"{self.lbl(prev_node)} не выполнена, а следующая способность используется, "
                                           "только если выполнена предыдущая", r)
            prev_node = child
        return prev

    def first_leaf(self, node: Node) -> Node | None:
        ls = self.leaves(node)
        return ls[0] if ls else None

    def k_choice(self, node: Node, why: str, rule: str | None) -> str:
        r = node.rule or DEFAULT_RULES["choice"]
        opts = list(node.children)
        checks = [self.legal(self.first_leaf(o)) for o in opts]
        labels = " или ".join(self.lbl(o) for o in opts)
        chosen, auto = None, False
        if self.use.choose is not None:
            chosen = next((o for o in opts if self.use.choose in [self.pn(x) for x in self.leaves(o)]), None)
            if chosen is None:
                raise UseError(f"choose {self.use.choose}: эта часть не входит в выбор «или» (505.5)", ("505.5",))
            if checks[opts.index(chosen)][0] == "illegal":
                raise UseError(f"choose {self.use.choose}: {self.lbl(chosen)} объявить нелегально "
                               f"({checks[opts.index(chosen)][1]}) — её выбрать нельзя (505.5)",
                               ("505.5", *checks[opts.index(chosen)][2]))
            reason = f"{MEANING['505.5']}; выбрана {self.lbl(chosen)}"
        else:
            legal = [o for o, c in zip(opts, checks) if c[0] != "illegal"]
            if not legal:
                self.add(f"Выбор: {labels}", False, (r,), "decision", "ни одну из способностей объявить нельзя")
                for o, c in zip(opts, checks):
                    self.skip(o, "not_declared", f"объявить нелегально: {c[1]}", r, c[2])
                return "not_declared"
            if len(legal) > 1:
                self.add(f"Выбор: {labels}", None, (r,), "decision", f"{MEANING['505.5']}; выбор не указан")
                for o in opts:
                    self.skip(o, "option", "используется, если её выберет контролирующий игрок", r)
                return "unknown"
            chosen = legal[0]
            auto = True
            reason = (f"{MEANING['505.5']}; остальные объявить нелегально "
                      f"({'; '.join(c[1] for o, c in zip(opts, checks) if o is not chosen)}), поэтому используется {self.lbl(chosen)}")
        self.add(f"Выбор: {labels}", True, (r,), "decision", reason)
        res = "not_declared"
        for o, c in zip(opts, checks):
            if o is chosen:
                res = self.resolve(o, "единственная способность, которую можно объявить" if auto else "выбрана контролирующим игроком", r)
            elif auto and c[0] == "illegal":
                self.skip(o, "not_declared", f"объявить нелегально: {c[1]}", r, c[2])
            else:
                self.skip(o, "not_declared", "не выбрана: используется только одна из способностей", r)
        return res

    def k_otherwise(self, node: Node, why: str, rule: str | None) -> str:
        r = node.rule or DEFAULT_RULES["otherwise"]
        kids = list(node.children)
        if self.use.choose is not None:    # the player wants a later alternative: only when the earlier are illegal
            ci = next((i for i, k in enumerate(kids) if self.use.choose in [self.pn(x) for x in self.leaves(k)]), None)
            for k in kids[:ci or 0]:
                check = self.legal(self.first_leaf(k))
                if check[0] == "unsupported":
                    # whether the earlier alternative is legal is not known: nor is the chosen one
                    self.leaf(self.first_leaf(k), "", r, check)
                    for rest in kids[kids.index(k) + 1:]:
                        self.skip(rest, "unknown", f"объявляется, только если {self.lbl(k)} объявить нелегально, "
                                                   "а это неизвестно", r)
                    return "unknown"
                if check[0] != "illegal":
                    raise UseError(f"{self.lbl(k)} «{k.text.strip()}» объявить легально, поэтому игрок обязан объявить её; "
                                   f"{self.lbl(kids[ci])} «{kids[ci].text.strip()}» объявляется, только если "
                                   f"{self.lbl(k)} объявить нелегально (п. {r})", (r,))
        reason = "игрок обязан объявить эту способность"
        for i, child in enumerate(kids):
            check = self.legal(self.first_leaf(child))
            if check[0] == "unsupported" and i < len(kids) - 1 and self.use.told.get(self.pn(self.first_leaf(child))) is None:
                # whether this alternative can be declared is not known: nor is which one is used
                self.leaf(self.first_leaf(child), reason, r, check) if self.first_leaf(child) is child else \
                    self.resolve(child, reason, r)
                for rest in kids[i + 1:]:
                    self.skip(rest, "unknown", f"объявляется, только если {self.lbl(child)} объявить нелегально, "
                                               "а это неизвестно", r)
                return "unknown"
            if check[0] == "illegal" and i < len(kids) - 1:
                if self.first_leaf(child) is child:
                    self.leaf(child, "", r, check)
                else:
                    self.skip(child, "not_declared", f"объявить нелегально: {check[1]}", r, check[2])
                reason = f"{self.lbl(child)} объявить нелегально, поэтому игрок обязан объявить {self.lbl(kids[i + 1])}"
                continue
            res = self.resolve(child, reason, r)
            for rest in kids[i + 1:]:
                self.skip(rest, "not_declared", f"{self.lbl(child)} объявлена легально — «в противном случае» не применяется", r)
            return res
        return "not_declared"

    def k_refusable(self, node: Node, why: str, rule: str | None) -> str:
        r = node.rule or DEFAULT_RULES["refusable"]
        first, rest = node.children[0], node.children[1:]
        second = None
        if self.use.refuse:
            self.skip(first, "not_declared", "противник отказался от получения эффекта этой способности", r)
            second = f"противник отказался от эффекта способности 1 ({self.lbl(first)}), поэтому объявляется"
            res = "not_declared"
        else:
            res = self.resolve(first, "противник не отказался от эффекта", r)
            if res == "not_declared":
                second = f"{self.lbl(first)} объявить нелегально (противник не может этого сделать), поэтому объявляется"
            elif res == "failed":
                second = "противник не смог этого сделать, поэтому объявляется"
            elif res == "unknown":
                for child in rest:
                    self.skip(child, "conditional", f"объявляется, если {self.lbl(first)} не удастся или противник откажется", r)
                return res
        for child in rest:
            if second is None:
                self.skip(child, "not_declared", f"противник не отказался от эффекта, и {self.lbl(first)} объявлена легально", r)
            else:
                res = self.resolve(child, f"{second} {self.lbl(child)}", r)
        return res

    def k_optional(self, node: Node, why: str, rule: str | None) -> str:
        r = node.rule or DEFAULT_RULES["optional"]
        items = list(node.children)
        wanted = self.use.declare
        said = "объявлены все, которые можно объявить" if wanted is None else (
            "объявлены части " + ", ".join(map(str, sorted(wanted))) if wanted else "не объявлено ничего")
        self.add(f"Выбор после «может» ({', '.join(self.lbl(i) for i in items)})", True, (r,), "decision",
                 f"{MEANING['505.8']}; {said}")
        results = []
        for item in items:
            ps = {self.pn(x) for x in self.leaves(item)}
            if wanted is not None and not ps & wanted:
                self.skip(item, "not_declared", "контролирующий игрок вправе её не объявлять и не объявил", r)
                continue
            results.append(self.resolve(item, "объявлена контролирующим игроком", r))
        if "done" in results:
            return "done"
        return "unknown" if "unknown" in results else "not_declared"

    def k_cost(self, node: Node, why: str, rule: str | None) -> str:
        icons = tuple(node.attr("icons") or ())
        res = "done"
        for c in node.children:
            res = self.resolve(c, why, rule)
        self.pay(icons, node.attr("payment"))
        return res

    def pay(self, icons: tuple[str, ...], words: str | None = None) -> None:
        """Pay the cost after all parts (505.4, 302.6): ``{tap}`` closes the source; a
        payment written in words («закрыть стоящее рядом ваше существо») is told, not
        executed (reported unsupported: its result is unknown)."""
        rs: tuple[str, ...] = (PAY_RULE, "302.6")
        reason = "оплата происходит после того, как игрок пройдёт все способности особенности"
        if self.self_gone:
            rs = (SELF_SOURCE_RULE, PAY_RULE)
            reason += "; источник уничтожен / возвращён в колоду — оставшиеся для оплаты ресурсы тратятся"
        shown = ", ".join(["{" + i + "}" for i in icons] + ([words] if words else [])) or "стоимость"
        self.add(f"Оплата «{shown}»", True, rs, "payment", reason)
        if words:
            self.add(f"Оплата «{words}» — не умею учесть на поле", None, (PAY_RULE,), "unsupported",
                     "оплату, записанную словами, симулятор не выполняет")
            self.unsupported.append(words)
        for icon in icons:
            if icon == "tap":
                if self.src.zone == "battlefield" and self.src.open:
                    self.src.open = False
                    self.add(f"{_cap(label(self.src))} закрывается — оплата {{tap}}", True, (PAY_NO_STACK,), "payment",
                             "оплата игродействия не использует стек", card=self.src.id, result="закрывается")
                elif self.src.zone != "battlefield":
                    self.add(f"Оплата {{tap}}: «{self.src.id}» уже не на поле боя — ресурс потрачен", True,
                             (SELF_SOURCE_RULE,) if self.self_gone else (PAY_RULE,), "payment", card=self.src.id)
            else:
                self.add(f"Оплата «{{{icon}}}» — не умею учесть на поле", None, (PAY_RULE,), "unsupported",
                         "этот ресурс симулятор не отслеживает")
                self.unsupported.append("{" + icon + "}")

    def _circumstance(self, node: Node, why: str, rule: str | None, what: str, r: str | None) -> str:
        head = str(node.attr("head") or "").strip() or node.text[:max(node.children[0].span[0] - node.span[0], 0)].strip(" :—–-,") \
            if node.children else node.text
        if head:
            self.add(f"{what}: «{head}»", True, (r,) if r else (), "circumstance",
                     "обстоятельство, которое требует текст; считается наступившим (оно объявлено шагом use)")
        res = "done"
        for c in node.children:
            res = self.resolve(c, why, rule)
        return res

    def k_trigger(self, node, why, rule):
        return self._circumstance(node, why, rule, "Срабатывает", "304.3")

    def k_condition(self, node, why, rule):
        return self._circumstance(node, why, rule, "Условие", None)

    def k_named(self, node, why, rule):
        return self._circumstance(node, why, rule, "Объявляется", None)

    def k_card(self, node, why, rule):
        res = "done"
        for c in node.children:
            res = self.resolve(c, "", None)
        return res


_HOST_OBJECT = re.compile(r"^\s*[а-яё]+\s+(?:своего\s+|его\s+|её\s+|ее\s+)?хозяин(?:а|у|ом)?(?![а-яё])")


_ALL_OF = re.compile(r"(?<![а-яё])(?:все|всех)(?![а-яё])")
"""«снимите все фишки»: every one of them, however many (none is not a number the text names)."""
_SIGNED_MOD = re.compile(r"[+\-–−]\s*(?:\d+|[XХ])\b.*$")


def _modifier_words(text: str, args: dict) -> str:
    """The modifier a ``modify`` part gives, as written from its sign on («+2 к удару до конца
    хода»); else its amount and stat («+2 к удар»)."""
    m = _SIGNED_MOD.search(text.strip().rstrip("."))
    if m:
        return m.group(0).replace("–", "-").replace("−", "-")
    amount = (args.get("amount") or {}).get("n")
    return f"{'+' if (amount or 0) >= 0 else ''}{amount if amount is not None else 'X'} к {args.get('stat') or '?'}"


def host_object(text: str) -> bool:
    """Whether a part acts on the host of the card with the text («переместите хозяина на
    соседнюю клетку», «излечите своего хозяина на 1»): the verb's object is «хозяин»."""
    return _HOST_OBJECT.match(fold(text)) is not None


_ONTO = re.compile(r"(?<![а-яё])на\s+")
_OTHER = re.compile(r"(?<![а-яё])друг(?:ое|ого|ую|ой|ому|им|ие|их|ая)(?![а-яё])")


_FROM_ZONE = ((re.compile(r"(?<![а-яё])из\s+(?:\w+\s+)?(?:сброс|кладбищ)"), "graveyard"),
              (re.compile(r"(?<![а-яё])из\s+(?:\w+\s+)?колод"), "deck"),
              (re.compile(r"(?<![а-яё])из\s+(?:\w+\s+)?рук"), "hand"))


def placed_from(text: str) -> str | None:
    """The zone the card a placement part puts on a host comes from («поместите симбиота из
    вашего сброса на …»: ``graveyard``; «из колоды»: ``deck``; «из руки»: ``hand``), or
    ``None`` when the text names none (the card is on the battlefield)."""
    from bot.textnorm import fold

    t = fold(text)
    return next((zone for rx, zone in _FROM_ZONE if rx.search(t)), None)


def placement_specs(text: str) -> tuple[dict, dict, bool, str | None] | None:
    """A placement part split at its last «на»: ``(placed, onto, other, who)`` — the target
    spec of the card placed (the words before «на»), of the creature it goes on (the words
    after), whether that one is «другое» (not the card's present host, nor the source), and
    ``who`` of the placed card (``self`` for «этого симбиота»); ``None`` without «на»."""
    from bot.abilities.effects import target_of

    t = fold(text)
    m = list(_ONTO.finditer(t))
    if not m:
        return None
    before, after = t[:m[-1].start()], t[m[-1].end():]
    placed = target_of(before) or {}
    onto = target_of(after) or {}
    who = "self" if this_card(before, placed.get("who"), False) or placed.get("who") == "self" else placed.get("who")
    return placed, onto, _OTHER.search(after) is not None, who


_MOVE_KEYWORDS = ("прыжок", "рывок", "телепортац")


def leaf_action(leaf: Node) -> tuple[str | None, dict]:
    """``(action, args)`` of an effect leaf as the simulator executes it: its typed ones, except
    a movement keyword written as the effect («вместо движения: прыжок на любую свободную
    клетку») — the card itself moves (506.6: such an ability is movement), typed ``trait``
    by the grammar as a property would be."""
    args = thaw(leaf.attr("args") or ())
    args = args if isinstance(args, dict) else {}
    action = leaf.attr("action")
    if action == "trait" and fold(str(args.get("keyword") or "")).startswith(_MOVE_KEYWORDS) \
            and re.search(r"(?<![а-яё])на\s", fold(leaf.text)):
        return "move", {"target": {"who": "self", "owner": None, "kind": "cell", "restrictions": []}}
    return action, args


def implied_state(action: str | None, spec: dict) -> dict:
    """The target ``spec`` with the state its action presupposes: closing needs an open card,
    opening a closed one («закройте выбранное существо противника» cannot be declared on a
    closed creature: there is nothing to close). An explicit «открытое» / «закрытое» stays."""
    need = {"close": "open", "open": "closed"}.get(action or "")
    restrictions = list(spec.get("restrictions") or ())
    if need is None or need in restrictions or {"open", "closed"} & set(restrictions):
        return spec
    return dict(spec, restrictions=[*restrictions, need])


def _with_base(rule: str | None) -> tuple[str, ...]:
    """The paragraphs a part step cites: its connective's, and 505.4 for «;» / «–» (505.4.1 and
    505.4.2 say they are «при этом»)."""
    if not rule:
        return ()
    return (rule, "505.4") if rule in ("505.4.1", "505.4.2") else (rule,)


def _one_wound(text: str) -> int:
    """1 for a damage part naming one wound without a number («нанести ему рану»), else 0."""
    t = fold(text)
    return 1 if re.search(r"(?<![а-я])ран[уа](?![а-я])", t) and not re.search(r"\d|(?<![а-я])[xх](?![а-я])", t) else 0


def _adjacent_cells(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Neighbouring cells, diagonals included (a «соседняя клетка» of card text; movement's
    own «по вертикали или горизонтали» is 506.1)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _adjacent(a: Card, b: Card) -> bool:
    """Cards on neighbouring cells; a symbiote and its host count as standing next to each
    other (209.9)."""
    if (a.is_symbiote and a.host == b.id) or (b.is_symbiote and b.host == a.id):
        return True
    return bool(a.cell and b.cell and _adjacent_cells(a.cell, b.cell))


def _immune_actions(c: Card, action: str) -> set[str]:
    return set(c.immune)


@lru_cache(maxsize=1)
def _other_target_re() -> re.Pattern:
    """The words of ``card_board.other_target`` (grammar/lexicon.yaml) as one whole-word
    pattern over folded text, built once."""
    words = _words().get("other_target") or ()
    return re.compile(r"(?<![а-яё])(?:" + "|".join(re.escape(fold(str(w))) for w in words) + r")(?![а-яё])")


def _other_than_source(action: str | None, text: str, spec: dict) -> dict:
    """``spec`` with the restriction ``other`` (not the source itself) when the part names its
    target «другое …» («Ранить другое ваше существо на 1»: the source is no target, 505.4.1 then
    finds the part undeclarable when no other creature is there); words ``card_board.other_target``
    of grammar/lexicon.yaml. A placement («поместите … на другое ваше существо») keeps its spec:
    «другое» there is other than the host, read by the placement itself."""
    if action in ("place", "move") or spec.get("kind") not in ("creature", "card", None):
        return spec
    if "other" in (spec.get("restrictions") or ()):
        return spec
    if not _other_target_re().search(fold(text)):
        return spec
    return dict(spec, restrictions=[*(spec.get("restrictions") or ()), "other"])


def _unchecked_words(text: str) -> str | None:
    """A restriction of the target the typed args do not carry and the board does not keep
    («с уровнем …»: ``card_board.unchecked_restrictions`` of grammar/lexicon.yaml), so the
    part's legality is not known; ``None`` when there is none. A number restriction the
    board keeps («стоимостью 4 или меньше», «с 2 или меньше жизнями»: ``numeric_restrictions``)
    is checked, not unchecked."""
    t = fold(text)
    for _, _, _, (a, b) in numeric_restrictions(text):
        t = t[:a] + " " * (b - a) + t[b:]
    return next((w for w in _words()["unchecked_restrictions"] if re.search(r"(?<![а-яё])" + re.escape(w), t)), None)


_NUM_TOKEN = re.compile(r"[а-яё]+|\d+")
_DIGIT = re.compile(r"\d")


def numeric_restrictions(text: str) -> list[tuple[str, str, int, tuple[int, int]]]:
    """Number restrictions a text puts on a card: ``(attribute, op, n, span)`` with attribute
    ``cost`` | ``lives``, op ``<=`` | ``>=`` | ``==`` and the span in the folded text —
    «стоимостью 4 или меньше» -> ``(cost, <=, 4)``, «с 2 или меньше жизнями» -> ``(lives, <=,
    2)``, «с 5 жизнями и больше» -> ``(lives, >=, 5)``, «стоимостью 3» -> ``(cost, ==, 3)``.
    Words: ``card_board.numeric`` of grammar/lexicon.yaml."""
    return list(_numeric_restrictions(text))


@per_question     # the board reader and the run read the same clauses of a question
def _numeric_restrictions(text: str) -> tuple[tuple[str, str, int, tuple[int, int]], ...]:
    t = fold(text)
    if _DIGIT.search(t) is None:
        return ()       # every restriction needs a number written in digits (most clauses have none)
    w = _words()["numeric"]
    toks = [(m.group(0), m.start(), m.end()) for m in _NUM_TOKEN.finditer(t)]
    out = []
    attributes = [(k, tuple(stems)) for k, stems in w["attributes"].items()]
    for i, (tok, a, b) in enumerate(toks):
        attr = next((k for k, stems in attributes if tok.startswith(stems)), None)
        if attr is None:
            continue
        near = [j for j in range(max(0, i - 3), min(len(toks), i + 4)) if toks[j][0].isdigit()]
        if not near:
            continue
        j = min(near, key=lambda k: abs(k - i))
        lo, hi = min(i, j), max(i, j)
        window_a, window_b = toks[max(0, lo - 2)][1], toks[min(len(toks) - 1, hi + 2)][2]
        window = t[window_a:window_b]
        op = "=="
        for key, sign in (("at_most", "<="), ("at_least", ">=")):
            if any(re.search(r"(?<![а-яё])" + re.escape(x) + r"(?![а-яё])", window) for x in w[key]):
                op = sign
                break
        if attr == "lives":
            # «с 2 или меньше жизнями» restricts; «снимите 2 дополнительные жизни», «получает 2 жизни»
            # count what is done — only a «с …» phrase or a comparison makes it a restriction
            before = [x for x, _, _ in toks[max(0, lo - 2):lo]]
            if re.search(r"(?<![а-яё])доп", window) or not (op != "==" or "с" in before or "со" in before):
                continue
        span = (min(a, toks[j][1]), max(b, toks[j][2]))
        out.append((attr, op, int(toks[j][0]), span))
    return tuple(out)


def _number_fits(c: Card, attr: str, op: str, n: int) -> bool | None:
    """Whether ``c``'s ``attr`` (``cost``; ``lives`` — its current lives) satisfies ``op n``;
    ``None`` when the board does not know it (a cost not told)."""
    value = c.cost if attr == "cost" else c.current_lives
    if value is None:
        return None
    return value <= n if op == "<=" else value >= n if op == ">=" else value == n


def _no_target(spec: dict) -> str:
    bits = []
    rmap = {"closed": "закрытого", "open": "открытого", "flying": "летающего", "ground": "нелетающего",
            "wounded": "раненого", "adjacent": "соседнего"}
    for r in spec.get("restrictions") or ():
        if r in rmap:
            bits.append(rmap[r])
    kind = {"creature": "существа", "card": "карты", "artifact": "артефакта"}.get(spec.get("kind") or "creature", "карты")
    owner = spec.get("owner") or {"own": "own", "enemy": "enemy"}.get(spec.get("who") or "")
    whose = " противника" if owner == "enemy" else " вашего" if owner == "own" else ""
    if owner == "own":
        return f"на поле боя нет ни одного вашего {' '.join(bits + [kind])}".replace("  ", " ")
    return f"на поле боя нет ни одного {' '.join(bits + [kind])}{whose}"


_THIS_CARD = re.compile(r"(?<![а-яё])эт(?:а|у|ой|ою|ой)\s+карт")
_THIS_NOUN = re.compile(r"(?<![а-яё])эт(?:от|а|о|у|ого|ой|ому|им|ом|ою)\s+[а-яё]{3,}")


_OPPONENT_SUBJECT = re.compile(r"\s*(?:противник|соперник|оппонент)(?![а-яё])")
_REFLEXIVE_OWNER = re.compile(r"(?<![а-яё])сво(?:й|е|ё|я|его|ей|ю|их|им|ими|ем|ём)(?![а-яё])")


def subject_relative(text: str, spec: dict) -> dict:
    """The target ``spec`` of a part whose subject is the opponent, with «свой» read as the
    subject's: «противник закрывает одно своё открытое существо» is the opponent's creature
    (the typed args say ``own`` — the controller's). «ваше» stays the controller's."""
    t = fold(text)
    if spec.get("owner") != "own" or not _OPPONENT_SUBJECT.match(t) or not _REFLEXIVE_OWNER.search(t):
        return spec
    return dict(spec, owner="enemy", who="enemy" if spec.get("who") == "own" else spec.get("who"))


def this_card(text: str, who: str | None, antecedent: bool) -> bool:
    """Whether a part whose target was typed ``who`` (``it`` or none) names the source card
    by a demonstrative: «эта карта» always («…, в противном случае – эта карта получает
    рану 1»); «это существо», «этого гоблина» when no earlier part named a target
    (``antecedent`` false), else it is that target."""
    if who not in ("it", None):
        return False
    t = fold(text)
    if _THIS_CARD.search(t):
        return True
    return not antecedent and _THIS_NOUN.search(t) is not None


def _self_source(node: Node, src: Card) -> bool:
    """505.9: the first part destroys / returns to deck the source itself."""
    if node.attr("self_source") or SELF_SOURCE_RULE in (node.attr("rules") or ()):
        return True
    first = node.children[0] if node.children else None
    if first is None or first.kind != LEAF_KIND:
        return False
    args = thaw(first.attr("args") or ())
    who = ((args or {}).get("target") or {}).get("who") if isinstance(args, dict) else None
    return first.attr("action") in ("destroy", "return_to_deck") and (who == "self" or this_card(first.text, who, False))


def pick_ability(card: Card, name: str | None) -> tuple[str, str]:
    """``(name, text)`` of the ability ``name`` of ``card`` (its only one when ``None``);
    ``UseError`` when the card has no such ability."""
    if not card.abilities:
        raise UseError(f"у карты «{card.id}» нет текста особенностей (ключ abilities)")
    if name is None:
        if len(card.abilities) > 1:
            raise UseError(f"у карты «{card.id}» несколько особенностей ({', '.join(card.abilities)}): укажите ability")
        return next(iter(card.abilities.items()))
    if name not in card.abilities:
        raise UseError(f"у карты «{card.id}» нет особенности «{name}»; есть: {', '.join(card.abilities)}")
    return name, card.abilities[name]


def resolve_on_board(state: GameState, source: Card, text: str | ParseResult, use: Use) -> Resolution:
    """Resolve the ability ``text`` of ``source`` on ``state`` (changed in place).

    Returns a ``Resolution``; raises ``ParseError`` when ``text`` is not card text and
    ``UseError`` when ``use`` does not fit the text or the board (a chosen option that is
    illegal, a target that is no card). Rule effects are not applied here (the caller,
    the engine, applies them before priority, 303.6)."""
    result = text if isinstance(text, ParseResult) else parse_ability(text, source.id)
    if result.ast is None:
        from bot.errors import ParseError

        raise ParseError("Текст не разобран как текст карты: ни одной способности не найдено.", 0, "текст способности")
    b = _Board(state, source, result.ast, use)
    if instead_of_movement(result) and source.kind == "creature":
        # used instead of its movement: the card's full, unspent supply is what allows it, and it is spent (506.6, 506.7)
        b.add(f"{_cap(label(source))} использует особенность вместо движения", True, ("506.7", "506.6"), "circumstance",
              "объявляется в подфазу Выбора при полном (неистраченном) запасе движения, даже если он 0; запас тратится",
              card=source.id)
        source.movement_left = 0 if source.movement is None or source.movement >= 0 else source.movement
    b.resolve(result.ast, "", None)
    for u in result.unparsed:
        b.add(f"«{u.text}» — не понято", None, (), "unsupported", "эта часть текста не разобрана и не выполнена")
        b.unsupported.append(u.text)
    cites = [c for c in b.cites if c.startswith("505")] + [c for c in b.cites if not c.startswith("505")]
    return Resolution(result.text, b.parts, b.steps, cites, b.results, b.unsupported, result.ast.shape())


def ability_kind(text_or_result: str | ParseResult) -> str:
    """The stack kind of using an ability (``bot.sim.actions``): ``triggered_ability`` when
    the text starts with a trigger, else ``played_ability`` (both fast, 304.3)."""
    result = text_or_result if isinstance(text_or_result, ParseResult) else parse_ability(text_or_result)
    root = result.ast
    while root is not None and root.kind == "card" and root.children:
        root = root.children[0]
    return "triggered_ability" if root is not None and root.kind == "trigger" else "played_ability"


_INSTEAD_OF_MOVEMENT = re.compile(r"^\s*вместо\s+движени")


def instead_of_movement(result: ParseResult) -> bool:
    """Whether the ability is used «вместо движения» (a header of that name, 506.6, 506.7)."""
    return any(n.kind in ("condition", "named", "trigger") and _INSTEAD_OF_MOVEMENT.match(fold(str(n.attr("head") or n.text)))
               for n in (result.ast.walk() if result.ast else ()))


def use_problems(state: GameState, src: Card, result: ParseResult) -> list[tuple[str, tuple[str, ...]]]:
    """Why ``src`` cannot use the ability ``result`` on ``state`` at all (each ``(reason,
    rules)``; empty when it can): a source off the battlefield; a closed card with a
    ``{tap}`` cost (payment after all parts, 505.4, and a closed card cannot close again,
    302.6 — not for 505.9); an ability «вместо движения», which is movement (506.6): only a
    creature (506.6), only open (506.3), only by the active player in the Choice subphase
    (506.2), only with its full movement unspent (506.7)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    if src.zone != "battlefield":
        return [(f"карта «{src.id}» не на поле боя — её особенность не используется", ())]
    if tap_cost(result) and not src.open and not self_source_text(result, src):
        out.append((f"карта «{src.id}» закрыта — оплатить {{tap}} нечем; оплата происходит после всех способностей "
                    "(505.4), но закрытая карта не может закрыться ещё раз", ("505.4", "302.6")))
    if instead_of_movement(result):
        if src.kind != "creature":
            out.append((f"особенности, заменяющие движение, могут использовать только существа ({label(src)})", ("506.6",)))
        elif not src.open:
            out.append((f"особенность «вместо движения» — это движение (506.6), а использовать движение может только "
                        f"открытое существо; «{src.id}» закрыто", ("506.3", "506.6")))
        elif state.active != src.owner or state.subphase != "choice":
            out.append(("особенность «вместо движения» — это движение; его объявляет только Активный игрок в подфазу "
                        "Выбора", ("506.2", "506.6")))
        elif src.movement_left is not None and src.movement is not None and src.movement_left != src.movement:
            out.append((f"особенность «вместо движения» объявляется только при полном (неистраченном) запасе движения; "
                        f"у «{src.id}» осталось {src.movement_left} из {src.movement}", ("506.7",)))
    return out


def tap_cost(result: ParseResult) -> bool:
    """Whether the ability's cost includes ``{tap}``."""
    return any(n.kind == "cost" and "tap" in (n.attr("icons") or ()) for n in (result.ast.walk() if result.ast else ()))


def self_source_text(result: ParseResult, src: Card) -> bool:
    """Whether some ``and_then`` of the text is 505.9 for ``src``."""
    return any(n.kind == "and_then" and _self_source(n, src) for n in (result.ast.walk() if result.ast else ()))


__all__ = ["Use", "UseError", "AbilityStep", "Resolution", "resolve_on_board", "pick_ability", "ability_kind",
           "EXECUTED", "tap_cost", "self_source_text", "use_problems", "instead_of_movement", "implied_state", "placement_specs", "host_object", "leaf_action",
           "numeric_restrictions", "this_card", "subject_relative", "other"]
