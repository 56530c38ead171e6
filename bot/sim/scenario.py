"""Judge scenario files (``scenarios/*.yaml``, schema in scenarios/README.md).

``load(text, file)`` reads a scenario strictly (unknown keys, bad cells, unknown cards,
unknown hosts -> ``ScenarioError`` with file and line); ``run(scenario)`` plays its steps
on a ``Simulator`` and compares the expectations; ``run_file(path)`` does both;
``scenario_answer(yaml_text)`` wraps a run as an ``Answer`` for the chat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from bot import limits
from bot.answer import Answer, Block
from bot.errors import ScenarioError
from bot.sim import phases
from bot.sim.actions import ACTIONS
from bot.sim.engine import Simulator
from bot.sim.outcome import StepResult, rules_of
from bot.sim.state import KINDS, PLAYERS, TRAITS, ZONES, Card, GameState, StackItem, cell_name, parse_cell
from bot.sim.yamlnode import Y, compose

TOP_KEYS = {"title", "description", "state", "steps", "expect"}
STATE_KEYS = {"phase", "subphase", "first", "active", "priority", "cards", "stack", "extra_terrain"}
CARD_KEYS = {"id", "owner", "kind", "traits", "class", "equipment_class", "open", "movement",
             "movement_left", "lives", "wounds", "cell", "zone", "host", "revealed", "independent_on_host_death",
             "forbidden_cells", "abilities", "counters", "extra_lives", "immune", "cost"}
USE_KEYS = {"card", "ability", "targets", "choose", "refuse", "declare", "told", "resolve"}
PHASES = ("recruit", "reveal", "seating", "battle_start", "vanguard", "main")
EFFECT_KEYS = {"dies", "leaves", "gains", "wound", "place", "to", "target"}
EXPECT_KEYS = {"steps", "cards", "stack", "priority", "active", "cites", "unchanged"}
STEP_EXPECT_KEYS = {"step", "legal", "value", "cites", "stack", "priority", "results"}
CARD_EXPECT_KEYS = {"zone", "cell", "host", "open", "revealed", "movement_left", "wounds", "kind", "traits", "creature_class", "cites",
                    "lives", "extra_lives", "counters"}
ALL_TRAITS = TRAITS + ("creature", "artifact", "terrain", "equipment")


@dataclass
class Step:
    """One scenario step: ``op`` (a key of ``STEP_OPS``), its parsed ``args`` and line."""

    op: str
    args: Any
    line: int


@dataclass
class Scenario:
    """A loaded scenario: title, initial ``state``, ``steps``, ``expect`` (plain dict)."""

    title: str
    state: GameState
    steps: list[Step]
    expect: dict
    file: str | None = None
    description: str = ""


@dataclass
class ScenarioResult:
    """Outcome of running one scenario file.

    passed: every expectation held; expected / actual: the compared values (same keys);
    failures: Russian lines saying what differed; trace: the simulator trace;
    results: per-step ``StepResult``; citations: every paragraph cited, in order;
    error: the Russian ``ScenarioError`` message when the file could not be loaded
    (then ``passed`` is false and nothing was run; see ``run_files``).
    """

    file: str | None
    title: str
    passed: bool
    expected: dict
    actual: dict
    failures: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    results: list[StepResult] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    error: str | None = None

    def to_json(self) -> dict:
        """``{file, passed, expected, actual, trace}`` of docs/architecture.md plus title and failures
        (and ``error`` for a file that could not be loaded)."""
        out = {"file": self.file, "title": self.title, "passed": self.passed, "expected": self.expected,
               "actual": self.actual, "failures": self.failures, "trace": self.trace}
        if self.error is not None:
            out["error"] = self.error
        return out


# ---------------------------------------------------------------------- loading
def _player(y: Y, what: str) -> str:
    return y.str(what, PLAYERS)


def _cell(y: Y) -> tuple[int, int]:
    s = y.str("клетки")
    c = parse_cell(s)
    if c is None:
        raise y.error(f"неверная клетка «{s}»; ожидалась буква столбца a–e и номер ряда 1–6, например c3")
    return c


def card_from(y: Y, cards: dict[str, Card] | None = None) -> Card:
    """A ``Card`` from a card mapping (keys ``CARD_KEYS``); host is checked by the caller."""
    m = y.mapping(CARD_KEYS, {"id", "owner"}, "карте")
    traits = set()
    for t in (m["traits"].seq("свойств") if "traits" in m else []):
        traits.add(t.str("свойства", TRAITS))
    if "parasite" in traits:
        traits.add("symbiote")
    c = Card(
        id=m["id"].str("id"),
        owner=_player(m["owner"], "owner"),
        kind=m["kind"].str("kind", KINDS) if "kind" in m else "creature",
        traits=traits,
        creature_class=m["class"].opt_str("class") if "class" in m else None,
        equipment_class=m["equipment_class"].opt_str("equipment_class") if "equipment_class" in m else None,
        open=m["open"].bool("open") if "open" in m else True,
        movement=m["movement"].int("movement") if "movement" in m else (None if traits & {"symbiote"} else 1),
        lives=m["lives"].int("lives", minimum=0) if "lives" in m else 1,
        wounds=m["wounds"].int("wounds", minimum=0) if "wounds" in m else 0,
        zone=m["zone"].str("zone", ZONES) if "zone" in m else "battlefield",
        cell=_cell(m["cell"]) if "cell" in m else None,
        revealed=m["revealed"].bool("revealed") if "revealed" in m else True,
        independent_on_host_death=m["independent_on_host_death"].bool("independent_on_host_death") if "independent_on_host_death" in m else False,
    )
    if "movement_left" in m:
        c.movement_left = m["movement_left"].int("movement_left")
    if "forbidden_cells" in m:
        c.forbidden_cells = {_cell(x) for x in m["forbidden_cells"].seq("forbidden_cells")}
    if "host" in m:
        c.host = m["host"].str("host")
    if "abilities" in m:
        c.abilities = _abilities(m["abilities"])
    for k in ("counters", "extra_lives", "cost"):
        if k in m:
            setattr(c, k, m[k].int(k, minimum=0))
    if "immune" in m:
        from bot.sim.ability import EXECUTED
        c.immune = {x.str("immune", EXECUTED) for x in m["immune"].seq("immune")}
    c._line = y.line  # type: ignore[attr-defined]
    c._host_line = m["host"].line if "host" in m else y.line  # type: ignore[attr-defined]
    return c


def _abilities(y: Y) -> dict[str, str]:
    """``abilities:`` of a card: one text (named «особенность») or a mapping name -> text.
    Each text must be card text the grammar reads (``ParseError`` -> a file error here)."""
    from bot.errors import ParseError
    from bot.sim.ability import parse_ability

    if isinstance(y.value, dict):
        out = {str(k): v.str("текста особенности") for k, v in y.mapping(None, set(), "abilities").items()}
    else:
        out = {"особенность": y.str("текста особенности")}
    if not out:
        raise y.error("пустой список особенностей abilities")
    for name, text in out.items():
        try:
            parse_ability(text)
        except ParseError as e:
            what = "текст особенности (abilities)" if name == "особенность" and len(out) == 1 else f"особенность «{name}»"
            raise y.error(f"{what} не читается как текст карты: {e}") from None
    return out


def _use(y: Y, ref) -> tuple:
    """A ``use`` step -> ``(Use, resolve_now)``."""
    from bot.sim.ability import Use

    g = y.mapping(USE_KEYS, {"card"}, "use")
    targets: dict[int, Any] = {}
    if "targets" in g:
        for k, v in g["targets"].mapping(None, set(), "targets").items():
            try:
                n = int(str(k))
            except ValueError:
                raise v.error(f"ключ целей «{k}» — не номер части (1, 2, …)") from None
            if isinstance(v.value, dict):
                tm = v.mapping({"card", "to", "on"}, set(), "цели")
                t: Any = {}
                if "card" in tm:
                    t["card"] = ref(tm["card"])
                if "on" in tm:
                    t["on"] = ref(tm["on"])     # the host a placement puts the card on
                if "to" in tm:
                    t["to"] = cell_name(_cell(tm["to"]))
                targets[n] = t
            else:
                raw = v.str("цели")
                targets[n] = cell_name(_cell(v)) if parse_cell(raw) else ref(v)
    declare = frozenset(x.int("declare", minimum=1) for x in g["declare"].seq("declare")) if "declare" in g else None
    told: dict[int, str] = {}
    if "told" in g:     # «told: {1: done}»: what the question says became of a part the simulator cannot run
        for k, v in g["told"].mapping(None, set(), "told").items():
            try:
                n = int(str(k))
            except ValueError:
                raise v.error(f"ключ «told» «{k}» — не номер части (1, 2, …)") from None
            told[n] = v.str("told", ("done", "failed"))
    use = Use(card=ref(g["card"]), ability=g["ability"].str("ability") if "ability" in g else None, targets=targets,
              choose=g["choose"].int("choose", minimum=1) if "choose" in g else None,
              refuse=g["refuse"].bool("refuse") if "refuse" in g else False, declare=declare, told=told)
    return use, (g["resolve"].bool("resolve") if "resolve" in g else True)


def _state(y: Y) -> GameState:
    m = y.mapping(STATE_KEYS, {"cards"}, "state")
    st = GameState()
    if "phase" in m:
        st.phase = m["phase"].str("phase", PHASES)
    st.subphase = m["subphase"].opt_str("subphase") if "subphase" in m else ("choice" if st.phase == "main" else None)
    if "first" in m:
        st.first = _player(m["first"], "first")
    st.active = _player(m["active"], "active") if "active" in m else st.first
    st.priority = _player(m["priority"], "priority") if "priority" in m else st.active
    for p in (m["extra_terrain"].seq("extra_terrain") if "extra_terrain" in m else []):
        st.extra_terrain.add(_player(p, "extra_terrain"))
    for cy in m["cards"].seq("карт"):
        c = card_from(cy)
        if c.id in st.cards:
            raise cy.error(f"карта «{c.id}» описана дважды")
        st.cards[c.id] = c
    for c in st.cards.values():
        if c.host is not None:
            h = st.cards.get(c.host)
            if h is None:
                raise ScenarioError(f"хозяин «{c.host}» карты «{c.id}» не существует; есть: {', '.join(st.cards)}", y.file, c._host_line)  # type: ignore[attr-defined]
            if not (c.is_symbiote or c.kind == "equipment"):
                raise ScenarioError(f"у карты «{c.id}» не может быть хозяина: она не симбиот и не экипировка", y.file, c._host_line)  # type: ignore[attr-defined]
    for c in st.cards.values():
        if c.host is not None:
            c.cell = _root_host(st, c, y.file).cell
        if c.zone == "battlefield" and c.cell is None and c.host is None and st.phase not in ("recruit",):
            raise ScenarioError(f"карта «{c.id}» на поле боя без клетки: укажите cell, host или zone", y.file, c._line)  # type: ignore[attr-defined]
    seen: dict[tuple[int, int], str] = {}
    for c in st.cards.values():
        if c.zone == "battlefield" and c.cell and not c.attached:
            if c.cell in seen:
                raise ScenarioError(f"клетка {cell_name(c.cell)} занята дважды: «{seen[c.cell]}» и «{c.id}»", y.file, c._line)  # type: ignore[attr-defined]
            seen[c.cell] = c.id
    for sy in (m["stack"].seq("стека") if "stack" in m else []):
        sm = sy.mapping({"name", "player", "kind", "card"}, {"name", "player", "kind"}, "элементе стека")
        st.stack.append(StackItem(sm["name"].str("name"), _player(sm["player"], "player"),
                                  sm["kind"].str("kind", tuple(ACTIONS)), sm["card"].str("card") if "card" in sm else None))
    return st


def _root_host(st: GameState, c: Card, file: str | None) -> Card:
    """The card at the end of ``c``'s host chain (the one standing on a cell).

    A card cannot be its own host, nor can hosts form a loop (209.1, 212.1: a symbiote
    or equipment is put on another card that stands on the battlefield) — either is a
    ``ScenarioError`` at the ``host`` line of ``c``.
    """
    chain = [c.id]
    h = c
    while h.host is not None:
        if h.host == c.id:
            if len(chain) == 1:
                raise ScenarioError(f"карта «{c.id}» не может быть хозяином сама себе", file, c._host_line)  # type: ignore[attr-defined]
            loop = " → ".join(f"«{x}»" for x in chain + [c.id])
            raise ScenarioError(f"хозяева карт образуют круг: {loop}; у круга нет карты на клетке", file, c._host_line)  # type: ignore[attr-defined]
        if h.host in chain:  # a loop further down the chain: reported at its own card
            return _root_host(st, st.cards[h.host], file)
        chain.append(h.host)
        h = st.cards[h.host]
    return h


def _card_ref(y: Y, st: GameState, what: str = "карты") -> str:
    cid = y.str(what)
    if cid not in st.cards:
        raise y.error(f"нет карты «{cid}»; есть: {', '.join(st.cards)}")
    return cid


def _effect(y: Y, st: GameState) -> dict:
    m = y.mapping(EFFECT_KEYS, set(), "effect")
    out: dict = {}
    for k in ("dies", "leaves", "target"):
        if k in m:
            out[k] = _card_ref(m[k], st)
    if "to" in m:
        out["to"] = cell_name(_cell(m["to"]))
    if "gains" in m:
        g = m["gains"].mapping({"card", "trait"}, {"card", "trait"}, "gains")
        out["gains"] = {"card": _card_ref(g["card"], st), "trait": g["trait"].str("trait", ALL_TRAITS)}
    if "wound" in m:
        w = m["wound"].mapping({"card", "n"}, {"card", "n"}, "wound")
        out["wound"] = {"card": _card_ref(w["card"], st), "n": w["n"].int("n", minimum=0)}
    if "place" in m:
        p = m["place"].mapping({"card", "on"}, {"card", "on"}, "place")
        out["place"] = {"card": _card_ref(p["card"], st), "on": _card_ref(p["on"], st)}
    return out


def _turns(y: Y, st: GameState) -> list[tuple[str, str, bool]]:
    out = []
    for t in y.seq("очерёдности"):
        m = t.mapping({"player", "card", "use"}, {"player", "card", "use"}, "очереди")
        out.append((_player(m["player"], "player"), _card_ref(m["card"], st), m["use"].bool("use")))
    return out


def _parse_step(y: Y, st: GameState, known: set[str]) -> Step:
    m = y.mapping(set(STEP_OPS), set(), "шаге")
    if len(m) != 1:
        raise y.error(f"шаг должен быть одним действием из: {', '.join(STEP_OPS)}")
    (op, a), = m.items()
    line = a.line

    def ref(v: Y) -> str:
        cid = v.str("карты")
        if cid not in known:
            raise v.error(f"нет карты «{cid}»; есть: {', '.join(sorted(known))}")
        return cid

    if op in ("die", "leave", "open", "close", "act", "redirect", "defend", "locate"):
        args = ref(a)
    elif op in ("gain", "lose"):
        g = a.mapping({"card", "trait"}, {"card", "trait"}, op)
        args = (ref(g["card"]), g["trait"].str("trait", ALL_TRAITS))
    elif op == "set_class":
        g = a.mapping({"card", "class"}, {"card", "class"}, op)
        args = (ref(g["card"]), g["class"].opt_str("class"))
    elif op == "place":
        g = a.mapping({"card", "on"}, {"card", "on"}, op)
        args = (ref(g["card"]), ref(g["on"]))
    elif op == "summon":
        g = a.mapping({"card", "on"}, {"card"}, op)
        c = card_from(g["card"])
        if c.id in known:
            raise g["card"].error(f"карта «{c.id}» уже есть")
        on = ref(g["on"]) if "on" in g and g["on"].value is not None else None
        known.add(c.id)
        args = (c, on)
    elif op == "recruit":
        c = card_from(a)
        if c.id in known:
            raise a.error(f"карта «{c.id}» уже есть")
        known.add(c.id)
        args = c
    elif op == "wound":
        g = a.mapping({"card", "n"}, {"card", "n"}, op)
        args = (ref(g["card"]), g["n"].int("n", minimum=0))
    elif op in ("start_turn", "end_turn", "pass"):
        args = _player(a, op)
    elif op == "subphase":
        args = a.str("subphase")
    elif op == "declare":
        g = a.mapping({"player", "kind", "name", "card", "to", "target", "effect"}, {"player", "kind"}, "declare")
        args = dict(player=_player(g["player"], "player"), kind=g["kind"].str("kind", tuple(ACTIONS)),
                    name=g["name"].str("name") if "name" in g else None,
                    card=ref(g["card"]) if "card" in g else None,
                    to=_cell(g["to"]) if "to" in g else None,
                    target=ref(g["target"]) if "target" in g else None,
                    effect=_effect(g["effect"], st) if "effect" in g else None)
    elif op == "triggers":
        items = []
        for t in a.seq("срабатываний"):
            tm = t.mapping({"player", "name", "card"}, {"player", "name"}, "срабатывании")
            items.append((_player(tm["player"], "player"), tm["name"].str("name"), ref(tm["card"]) if "card" in tm else None))
        args = items
    elif op == "put":
        g = a.mapping({"card", "to", "word"}, {"card", "to"}, op)
        args = (ref(g["card"]), _cell(g["to"]), g["word"].str("word", ("помещается", "переносится", "располагается")) if "word" in g else "помещается")
    elif op == "reveal":
        g = a.mapping({"keep_hidden"}, set(), op) if a.value is not None else {}
        args = [ref(v) for v in g["keep_hidden"].seq("keep_hidden")] if "keep_hidden" in g else []
    elif op == "seating":
        pairs = []
        for p in (a.seq("рассадки") if a.value is not None else []):
            pm = p.mapping({"card", "host"}, {"card", "host"}, "рассадке")
            pairs.append((ref(pm["card"]), ref(pm["host"])))
        args = pairs
    elif op in ("battle_start", "vanguard"):
        args = _turns(a, st)
    elif op == "main_phase":
        args = None
    elif op == "use":
        args = _use(a, ref)
    else:  # pragma: no cover - STEP_OPS and this chain list the same ops
        raise y.error(f"неизвестный шаг «{op}»")
    return Step(op, args, line)


def _run_step(sim: Simulator, s: Step) -> StepResult:
    return STEP_OPS[s.op](sim, s.args)


STEP_OPS: dict[str, Callable[[Simulator, Any], StepResult]] = {
    "die": lambda sim, a: sim.die(a),
    "leave": lambda sim, a: sim.leave(a),
    "gain": lambda sim, a: sim.gain(*a),
    "lose": lambda sim, a: sim.lose(*a),
    "set_class": lambda sim, a: sim.set_class(*a),
    "place": lambda sim, a: sim.place(*a),
    "summon": lambda sim, a: sim.summon(*a),
    "recruit": lambda sim, a: sim.recruit(a),
    "wound": lambda sim, a: sim.wound(*a),
    "open": lambda sim, a: sim.open(a, True),
    "close": lambda sim, a: sim.open(a, False),
    "act": lambda sim, a: sim.act(a),
    "start_turn": lambda sim, a: sim.start_turn(a),
    "end_turn": lambda sim, a: sim.end_turn(a),
    "subphase": lambda sim, a: sim.subphase(a),
    "declare": lambda sim, a: sim.declare(**a),
    "pass": lambda sim, a: sim.pass_priority(a),
    "triggers": lambda sim, a: sim.triggers(a),
    "redirect": lambda sim, a: sim.redirect(a),
    "defend": lambda sim, a: sim.defend(a),
    "locate": lambda sim, a: sim.locate(a),
    "put": lambda sim, a: sim.put(*a),
    "reveal": lambda sim, a: phases.reveal_step(sim, a),
    "seating": lambda sim, a: phases.seating_step(sim, a),
    "battle_start": lambda sim, a: phases.battle_start(sim, a),
    "vanguard": lambda sim, a: phases.vanguard(sim, a),
    "main_phase": lambda sim, a: phases.main_phase(sim),
    "use": lambda sim, a: sim.use(*a),
}


STEP_EXPECT_TYPES = {"legal": "bool", "cites": "list", "stack": "list", "results": "list", "priority": "player"}
CARD_EXPECT_TYPES = {"open": "bool", "revealed": "bool", "movement_left": "int?", "wounds": "int", "lives": "int",
                     "extra_lives": "int", "counters": "int", "traits": "list", "cites": "list"}
"""The shape each expected value must have (``int?``: an integer or null), so a
mistyped expectation («cites: 507.2», «lives: много») is a load error with its line
instead of a crash or a comparison that can never hold."""


def _check_expected(m: dict[str, Y], types: dict[str, str]) -> None:
    """Raise ``ScenarioError`` (with the line) for a value of ``m`` not of its ``types`` shape."""
    for k, shape in types.items():
        if k not in m:
            continue
        v = m[k]
        if shape == "bool":
            v.bool(k)
        elif shape == "player":
            _player(v, k)
        elif shape == "list":
            for item in v.seq(k):
                if isinstance(item.value, (list, dict)):
                    raise item.error(f"ожидался список значений {k}, а не вложенный список или словарь")
        elif v.value is not None or shape == "int":
            v.int(k)


def _expect(y: Y, st: GameState, known: set[str], nsteps: int) -> dict:
    m = y.mapping(EXPECT_KEYS, set(), "expect")
    out: dict = {}
    if "steps" in m:
        out["steps"] = []
        for sy in m["steps"].seq("ожиданий шагов"):
            sm = sy.mapping(STEP_EXPECT_KEYS, {"step"}, "ожидании шага")
            n = sm["step"].int("step")
            if not 1 <= n <= nsteps:
                raise sm["step"].error(f"шага {n} нет: в сценарии шагов {nsteps}")
            _check_expected(sm, STEP_EXPECT_TYPES)
            out["steps"].append({k: v.plain() for k, v in sm.items()})
    if "cards" in m:
        out["cards"] = {}
        for cid, cy in m["cards"].mapping(None, set(), "cards").items():
            if cid not in known:
                raise ScenarioError(f"нет карты «{cid}»; есть: {', '.join(sorted(known))}", cy.file, getattr(cy, "key_line", cy.line))
            cm = cy.mapping(CARD_EXPECT_KEYS, set(), f"ожидании карты «{cid}»")
            if "cell" in cm and cm["cell"].value is not None:
                _cell(cm["cell"])
            if "zone" in cm:
                cm["zone"].str("zone", ZONES)
            _check_expected(cm, CARD_EXPECT_TYPES)
            out["cards"][cid] = {k: v.plain() for k, v in cm.items()}
    for k in ("stack", "cites"):
        if k in m:
            out[k] = [str(v.plain()) for v in m[k].seq(k)]
    for k in ("priority", "active"):
        if k in m:
            out[k] = _player(m[k], k)
    if "unchanged" in m:
        out["unchanged"] = m["unchanged"].bool("unchanged")
    return out


def _has_check(expect: dict) -> bool:
    """True when ``expect`` compares at least one value. Vacuous entries do not count:
    a step expectation with only ``step``, a card expectation with no keys, and empty
    ``cites`` / ``results`` lists (nothing is missing from them whatever happens)."""
    def real(d: dict, skip: tuple[str, ...] = ()) -> bool:
        return any(k not in skip and not (k in ("cites", "results") and not v) for k, v in d.items())

    steps = any(real(e, ("step",)) for e in expect.get("steps", []))
    cards = any(real(c) for c in expect.get("cards", {}).values())
    return steps or cards or real({k: v for k, v in expect.items() if k not in ("steps", "cards")})


def load(text: str, file: str | None = None) -> Scenario:
    """Read a scenario from YAML ``text``; ``ScenarioError(message, file, line)`` on any
    problem: bad or hostile YAML (``yamlnode.compose``), unknown keys or values, a host
    loop, and an ``expect`` that checks nothing (it would pass whatever happened)."""
    root = compose(text, file)
    m = root.mapping(TOP_KEYS, {"title", "state", "steps"}, "сценарии")
    st = _state(m["state"])
    known = set(st.cards)
    steps = [_parse_step(s, st, known) for s in m["steps"].seq("шагов")]
    if "expect" not in m:
        raise root.error("нет ключа «expect»: сценарий должен что-то проверять "
                         f"(допустимы проверки: {', '.join(sorted(EXPECT_KEYS))})")
    expect = _expect(m["expect"], st, known, len(steps))
    if not expect or not _has_check(expect):
        raise ScenarioError("в «expect» нет ни одной проверки, сценарий прошёл бы при любом исходе; "
                            f"добавьте хотя бы одну из: {', '.join(sorted(EXPECT_KEYS))}",
                            file, getattr(m["expect"], "key_line", m["expect"].line))
    return Scenario(title=m["title"].str("title"), state=st, steps=steps, expect=expect, file=file,
                    description=m["description"].str("description") if "description" in m else "")


def load_file(path: str | Path) -> Scenario:
    """Read a scenario file; ``ScenarioError`` when it is missing or malformed."""
    from bot.errors import InputFileError
    from bot.textfile import read_text_file

    try:
        text = read_text_file(path, "файл сценария (YAML, UTF-8)", limits.SCENARIO_FILE_BYTES)
    except InputFileError as e:
        raise ScenarioError(e.reason, str(path)) from None
    return load(text, str(path))


# ---------------------------------------------------------------------- running
def _match(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list) and isinstance(actual, list):
        return [str(x) for x in expected] == [str(x) for x in actual]
    if isinstance(expected, str) and not isinstance(actual, str) and actual is not None:
        return expected == str(actual)
    return expected == actual


def run(sc: Scenario) -> ScenarioResult:
    """Play the scenario and compare; never raises for rule breaches (they are results)."""
    before = sc.state.copy().snapshot()
    sim = Simulator(sc.state.copy())
    for s in sc.steps:
        _run_step(sim, s)
    st = sim.state
    exp, act = sc.expect, {}
    failures: list[str] = []
    cites: list[str] = []
    for r in sim.results:
        for n in r.cites:
            if n not in cites:
                cites.append(n)
    if "steps" in exp:
        act["steps"] = []
        for e in exp["steps"]:
            r = sim.results[e["step"] - 1]
            a = {"step": e["step"]}
            for k in e:
                if k == "step":
                    continue
                if k == "cites":
                    a[k] = r.cites
                    missing = [n for n in e[k] if str(n) not in r.cites]
                    if missing:
                        failures.append(f"шаг {e['step']}: не процитированы пункты {', '.join(map(str, missing))} (есть: {', '.join(r.cites) or 'нет'})")
                    continue
                a[k] = {"legal": r.legal, "value": r.value, "stack": r.stack, "priority": r.priority,
                        "results": [c.result for c in r.consequences if c.result]}[k]
                if k == "results":
                    missing = [x for x in e[k] if x not in a[k]]
                    if missing:
                        failures.append(f"шаг {e['step']}: нет результатов {missing} (есть: {a[k]})")
                elif not _match(e[k], a[k]):
                    failures.append(f"шаг {e['step']}: {k} ожидалось {e[k]!r}, получено {a[k]!r}")
            act["steps"].append(a)
    if "cards" in exp:
        act["cards"] = {}
        for cid, want in exp["cards"].items():
            got = st.cards[cid].to_json()
            got["cites"] = rules_of(c for r in sim.results for c in r.consequences if c.card == cid)
            act["cards"][cid] = {k: got[k] for k in want}
            for k, v in want.items():
                if k == "cites":
                    missing = [str(n) for n in v if str(n) not in got["cites"]]
                    if missing:
                        failures.append(f"карта «{cid}»: не процитированы пункты {', '.join(missing)} (есть: {', '.join(got['cites']) or 'нет'})")
                    continue
                if not _match(v, got[k]):
                    failures.append(f"карта «{cid}»: {k} ожидалось {v!r}, получено {got[k]!r}")
    if "stack" in exp:
        act["stack"] = [s.name for s in st.stack]
        if not _match(exp["stack"], act["stack"]):
            failures.append(f"стек: ожидалось {exp['stack']}, получено {act['stack']}")
    for k in ("priority", "active"):
        if k in exp:
            act[k] = getattr(st, k)
            if exp[k] != act[k]:
                failures.append(f"{k}: ожидалось {exp[k]}, получено {act[k]}")
    if "cites" in exp:
        act["cites"] = cites
        missing = [n for n in exp["cites"] if n not in cites]
        if missing:
            failures.append(f"не процитированы пункты {', '.join(missing)}")
    if "unchanged" in exp:
        act["unchanged"] = st.snapshot() == before
        if exp["unchanged"] != act["unchanged"]:
            failures.append(f"unchanged: ожидалось {exp['unchanged']}, получено {act['unchanged']}")
    return ScenarioResult(file=sc.file, title=sc.title, passed=not failures, expected=exp, actual=act,
                          failures=failures, trace=sim.trace, results=sim.results, citations=cites)


def run_file(path: str | Path) -> ScenarioResult:
    """Load and run one scenario file (``ScenarioError`` when it cannot be loaded)."""
    return run(load_file(path))


def run_files(files: list[Path]) -> list[ScenarioResult]:
    """Load and run every file; a file that cannot be loaded becomes a result with
    ``error`` set (``passed`` false, title empty) and the others still run."""
    out: list[ScenarioResult] = []
    for f in files:
        try:
            out.append(run_file(f))
        except ScenarioError as e:
            out.append(ScenarioResult(file=str(f), title="", passed=False, expected={}, actual={},
                                      failures=[str(e)], error=str(e)))
    return out


def scenario_files(paths: list[str]) -> list[Path]:
    """Expand files and folders (``*.yaml`` inside, sorted; a symbolic link among them is
    kept even when broken, so that running it reports it).

    ``ScenarioError`` for a missing path, a device / pipe (e.g. ``/dev/null``), or a
    folder with no ``*.yaml`` in it («нет ни одного сценария (*.yaml) в …»).
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            # a broken link is listed (and reported when it is run), never skipped in silence
            found = sorted(x for x in p.glob("*.yaml") if x.is_file() or x.is_symlink())
            if not found:
                raise ScenarioError(f"нет ни одного сценария (*.yaml) в папке {p}")
            out.extend(found)
        elif p.is_file():
            out.append(p)
        elif p.exists():
            raise ScenarioError("не обычный файл (устройство или канал); ожидался файл сценария *.yaml или папка", str(p))
        else:
            from bot.textfile import broken_link_reason

            raise ScenarioError(broken_link_reason(p) or "нет такого файла или папки", str(p))
    return out


def scenario_answer(yaml_text: str, question: str = "") -> Answer:
    """Run a scenario given as YAML text and present it as an ``Answer`` (route ``scenario``).

    Verdict «сценарий выполнен» / «сценарий не выполнен»; a load problem becomes an
    answer whose note block carries the ``ScenarioError`` message (never raises).
    """
    try:
        res = run(load(yaml_text, "<сценарий>"))
    except ScenarioError as e:
        return Answer(question=question or yaml_text, route="scenario", verdict=None,
                      blocks=[Block("note", str(e), title="Сценарий не загружен")])
    blocks = [Block("text", res.title)]
    if res.failures:
        blocks.append(Block("list", items=tuple(res.failures), title="Не совпало"))
    blocks.append(Block("steps", items=tuple(res.trace), title="Ход событий"))
    return Answer(question=question or res.title, route="scenario",
                  verdict="сценарий выполнен" if res.passed else "сценарий не выполнен",
                  blocks=blocks, citations=res.citations, trace=res.trace)
