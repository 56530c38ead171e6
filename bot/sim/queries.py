"""Simulator queries behind the scenario route: each builds a small board, runs the
simulator and reads the verdict off the results (never a stored answer string).

A query is ``fn(ctx: Ctx) -> Finding | None`` (``None``: the words do not give a situation
the query can model). ``QUERIES`` maps the names used in ``lexicon.SITUATIONS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from bot.sim import phases
from bot.sim.actions import ACTIONS
from bot.sim.effects import label
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence, StepResult
from bot.sim.state import Card, GameState, StackItem, parse_cell


@dataclass
class Ctx:
    """The question as concepts: ``found[concept] = [token index, ...]``; ``tokens`` the
    folded words. ``has`` records every concept a query consulted (``used``), so the
    route can report the words nothing used."""

    tokens: list[str]
    found: dict[str, list[int]]
    yes_no: bool = False
    used: set[str] = field(default_factory=set)
    event: str | None = None

    def has(self, *concepts: str) -> bool:
        """Any of ``concepts`` is in the question (and is marked as used)."""
        hit = [c for c in concepts if c in self.found]
        self.used.update(hit)
        return bool(hit)

    def first(self, concepts: tuple[str, ...], skip_after: str | None = None) -> str | None:
        """The concept of ``concepts`` mentioned first (optionally ignoring mentions
        right after the word ``skip_after``, e.g. «на симбиота» = the host)."""
        best: tuple[int, str] | None = None
        for c in concepts:
            for i in self.found.get(c, []):
                if skip_after and i > 0 and self.tokens[i - 1] == skip_after:
                    continue
                if best is None or i < best[0]:
                    best = (i, c)
        if best:
            self.used.add(best[1])
        return best[1] if best else None

    def count(self, concept: str) -> int:
        """How many times ``concept`` is mentioned."""
        return len(self.found.get(concept, []))

    def after(self, a: str, b: str) -> bool:
        """Some mention of ``b`` comes after the first mention of ``a``."""
        if a not in self.found or b not in self.found:
            return False
        return any(j > self.found[a][0] for j in self.found[b])

    def preceded_by(self, concept: str, word: str) -> bool:
        """Some mention of ``concept`` directly follows ``word`` («на симбиота»)."""
        return any(i > 0 and self.tokens[i - 1] == word for i in self.found.get(concept, []))


@dataclass
class Finding:
    """A query's answer: ``verdict`` («Да, …», «Нет, …», «погибает» …), ``lines`` (the
    decisive reasons / consequences with paragraphs), ``citations`` (most relevant first),
    ``trace`` (the simulator trace)."""

    verdict: str
    lines: list[Consequence]
    citations: list[str]
    trace: list[str]
    explanation: str = ""


# ---------------------------------------------------------------------- helpers
def _card(cid: str, owner: str = "first", cell: str | None = "c2", **kw) -> Card:
    return Card(id=cid, owner=owner, cell=parse_cell(cell) if cell else None, **kw)


def _sim(cards: list[Card], **state) -> Simulator:
    st = GameState(**state)
    for c in cards:
        st.cards[c.id] = c
        if c.host:
            c.cell = st.cards[c.host].cell
    return Simulator(st)


def _cites(*results: StepResult, extra: tuple[str, ...] = ()) -> list[str]:
    out: list[str] = []
    for r in results:
        for n in [*[x for c in r.reasons for x in c.rules], *r.cites]:
            if n not in out:
                out.append(n)
    for n in extra:
        if n not in out:
            out.append(n)
    return out


def _first_rules(lines: list[Consequence]) -> list[str]:
    out: list[str] = []
    for c in lines:
        for n in c.rules:
            if n not in out:
                out.append(n)
    return out


def _legal(sim: Simulator, r: StepResult, yes: str, no: str, extra: tuple[str, ...] = ()) -> Finding:
    """A yes/no finding from the legality of step ``r``."""
    if r.legal:
        lines = [c for c in r.consequences if c.rules] or r.consequences
        rules = [*extra, *_first_rules(lines)]
        return Finding(f"Да, {yes}" if yes else "Да", lines, _dedup(rules + _cites(r)), sim.trace)
    reason = _short(r.reasons[0].text) if r.reasons else ""
    return Finding(f"Нет, {no}: {_low(reason)}" if reason else f"Нет, {no}", r.reasons,
                   _dedup([*_first_rules(r.reasons), *extra]), sim.trace)


_CELL_RE = re.compile(r"\b[a-e][1-6]\b")
_PAREN_RE = re.compile(r"\s*\([^()]*\)")


def _short(reason: str) -> str:
    """The rule part of a reason for the verdict: no parentheses with the modelled cards,
    no clause about the modelled cells («c3 занята»); the full text stays in the blocks."""
    parts = [p for p in _PAREN_RE.sub("", reason).split("; ") if not _CELL_RE.search(p)]
    parts = [p.split(", а ")[0] for p in parts]   # «…, а существо «Хозяин» — …» names the model
    return "; ".join(parts) or _PAREN_RE.sub("", reason)


def _dedup(xs: list[str]) -> list[str]:
    out: list[str] = []
    for x in xs:
        if x and x not in out:
            out.append(x)
    return out


def _low(s: str) -> str:
    return s[:1].lower() + s[1:] if s and not s.startswith("«") else s


def _fate(sim: Simulator, rs: list[StepResult], cid: str, what: str | None = None) -> Finding:
    """What happened to card ``cid`` during results ``rs``; ``what`` names it as it was
    before (a symbiote that became a creature is still «симбиот» in the verdict)."""
    lines = [c for r in rs for c in r.consequences if c.card == cid and c.result]
    if not lines:
        c = sim.state.cards[cid]
        where = "остаётся у хозяина" if c.host else "остаётся"
        return Finding(f"Ничего: {label(c)} {where}", [], _cites(*rs), sim.trace)
    last = lines[-1]
    word = {"остаётся": "не уничтожается и используется как обычно"}.get(last.result or "", last.result)
    what = what or label(sim.state.cards[cid]).split(" «")[0]
    if last.result == "становится существом":
        word = "становится самостоятельным существом (это не использует стек)"
    return Finding(f"{what[:1].upper()}{what[1:]} {word}", lines,
                   _dedup([*_first_rules(lines), *_cites(*rs)]), sim.trace)


SUBJECT_IDS = {"symbiote": "Лиана", "parasite": "Клещ", "equipment": "Меч"}


def _worn_after_host(ctx: Ctx) -> str | None:
    """«хозяин экипировки»: the card named right after «хозяин» is the worn one."""
    for i in ctx.found.get("host", []):
        for c in ("equipment", "symbiote", "parasite"):
            if i + 1 in ctx.found.get(c, []):
                ctx.used.add(c)
                return c
    return None


def _subject(ctx: Ctx) -> str | None:
    return ctx.first(("symbiote", "parasite", "equipment"), skip_after="на")


def _subject_card(ctx: Ctx, subj: str, cid: str = "S", host: str | None = "H", cell: str | None = None) -> Card:
    if subj == "equipment":
        return _card(cid, kind="equipment", equipment_class="оружие", host=host, cell=cell, movement=None)
    traits = {"symbiote"} | ({"parasite"} if subj == "parasite" else set())
    if _subject_incorporeal(ctx, subj):
        traits.add("incorporeal")
    return _card(cid, owner="second" if subj == "parasite" else "first", traits=traits, host=host, cell=cell, movement=None)


def _subject_incorporeal(ctx: Ctx, subj: str) -> bool:
    """«бестелесный симбиот»: incorporeal mentioned twice, or right before the subject."""
    inc = ctx.found.get("incorporeal", [])
    subj_at = ctx.found.get(subj, [])
    if len(inc) >= 2:
        return True
    return any(i + 1 in subj_at for i in inc) and subj != "equipment"


# ---------------------------------------------------------------------- symbiotes, parasites, equipment
def q_place_on_host(ctx: Ctx) -> Finding | None:
    """Can a symbiote / parasite / equipment be put on a described creature (209.1–209.6, 212.2–212.4)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    worn = _worn_after_host(ctx)
    host_is_symbiote = False
    if worn and worn != subj and subj in ("symbiote", "parasite"):
        subj, host_is_symbiote = worn, True     # «симбиот — хозяин экипировки»
    sid = SUBJECT_IDS[subj]
    host_traits: set[str] = set()
    if ctx.has("flying"):
        host_traits.add("flying")
    inc = ctx.found.get("incorporeal", [])
    if inc and (len(inc) >= 2 or not _subject_incorporeal(ctx, subj)):
        ctx.has("incorporeal")
        host_traits.add("incorporeal")
    host_is_symbiote = host_is_symbiote or subj == "equipment" and ctx.has("symbiote") or (subj != "equipment" and ctx.count("symbiote") + ctx.count("parasite") >= 2 and ctx.preceded_by("symbiote", "на"))
    if host_is_symbiote:
        host_traits.add("symbiote")
    cls = None if ctx.has("no_class") else "воин"
    enemy = ctx.has("enemy")
    own = ctx.has("own")
    host_owner = "first"
    if subj == "parasite":
        host_owner = "first" if own and not enemy else "second"
    elif enemy:
        host_owner = "second"
    cards = [
        _card("Хозяин", owner=host_owner, cell="c3" if host_owner == "first" else "c4", traits=host_traits, creature_class=cls),
        _card("Другой", owner="first", cell="a1", creature_class="воин"),
        _card("Другой2", owner="second", cell="a6", creature_class="воин"),
    ]
    if host_is_symbiote:
        cards[0].cell = None
        cards[0].host = "Другой"
    subject = _subject_card(ctx, subj, sid, host="Другой" if subj != "parasite" else "Другой2")
    if subj == "parasite":
        subject.owner = "first"
        subject.host = "Другой2"
    cards.append(subject)
    if ctx.has("two", "same_class", "different"):
        ctx.has("class")
        if subj == "equipment":
            diff = ctx.has("different")
            cards.append(_card("Первая", kind="equipment", equipment_class="броня" if diff else "оружие", host="Хозяин", cell=None, movement=None))
        else:
            cards.append(_card("Первый", owner=subject.owner, traits=set(subject.traits), host="Хозяин", cell=None, movement=None))
    if host_is_symbiote:
        cards.sort(key=lambda c: c.id != "Другой")
    ctx.has("place", "creature", "host")
    if subj == "parasite" and ctx.has("front_row", "second_row", "third_row", "reveal", "seating"):
        return _parasite_seating(ctx, host_owner, host_traits)
    sim = _sim(cards)
    r = sim.place(sid, "Хозяин")
    what = {"symbiote": "симбиота", "parasite": "паразита", "equipment": "экипировку"}[subj]
    extra = ("212.4",) if subj == "equipment" and ctx.has("two", "same_class", "different") else ("209.6",) if ctx.has("two") else ()
    return _legal(sim, r, f"можно: {what} можно поместить на это существо", "нельзя", extra=extra)


def _parasite_seating(ctx: Ctx, host_owner: str, host_traits: set[str]) -> Finding:
    """Seat a parasite at the seating step on a creature in the described row (209.2, 405.2)."""
    row = 2 if ctx.has("second_row") else 3 if ctx.has("third_row") else 1
    cell = {("second", 1): "c4", ("second", 2): "c5", ("second", 3): "c6", ("first", 1): "c3", ("first", 2): "c2", ("first", 3): "c1"}[(host_owner, row)]
    sim = _sim([_card("Хозяин", owner=host_owner, cell=cell, traits=host_traits),
                _card("Клещ", traits={"symbiote", "parasite"}, cell="a1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Клещ", "Хозяин")])
    if sim.state.cards["Клещ"].host == "Хозяин":
        lines = [c for c in r.consequences if c.card == "Клещ"]
        return Finding("Да, можно: паразит назначается этому существу", lines, _dedup(["209.2", "405.2", *_cites(r)]), sim.trace)
    lines = [c for c in r.consequences if c.result in ("нельзя", "погибает")]
    reason = lines[0].text.split(": ", 1)[-1] if lines else ""
    return Finding(f"Нет, нельзя: {_low(reason)}", lines, _dedup([*_first_rules(lines), "209.2", "405.2"]), sim.trace)


def q_new_host(ctx: Ctx) -> Finding | None:
    """An ability puts a symbiote / equipment on another card: that card is the host (209.3, 212.1)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    ctx.has("who", "host", "place", "creature", "card")
    sid = SUBJECT_IDS[subj]
    owner = "second" if subj == "parasite" else "first"
    sim = _sim([_card("Прежний", owner=owner, creature_class="воин", cell="c2" if owner == "first" else "c5"),
                _card("Новый", owner=owner, creature_class="воин", cell="d2" if owner == "first" else "d5"),
                _subject_card(ctx, subj, sid, host="Прежний")])
    sim.state.cards[sid].owner = "first"
    r = sim.place(sid, "Новый")
    if not r.legal:
        return _legal(sim, r, "", "нельзя")
    lines = [c for c in r.consequences if c.rules]
    return Finding("Хозяином становится карта, на которую его поместили; прежний хозяин перестаёт им быть", lines,
                   _dedup(["209.3" if subj != "equipment" else "212.1", *_cites(r)]), sim.trace)


def q_count_attached(ctx: Ctx) -> Finding | None:
    """How many symbiotes (209.6) / equipment cards (212.4) a creature may carry."""
    subj = _subject(ctx)
    if subj is None:
        return None
    ctx.has("count", "two", "place", "creature", "host", "same_class", "class")
    if subj == "equipment":
        sim = _sim([_card("Воин", creature_class="воин"),
                    _card("Меч", kind="equipment", equipment_class="оружие", host="Воин", cell=None, movement=None),
                    _card("Топор", kind="equipment", equipment_class="оружие", cell="a1", movement=None),
                    _card("Щит", kind="equipment", equipment_class="броня", cell="b1", movement=None)])
        r1 = sim.place("Топор", "Воин")
        r2 = sim.place("Щит", "Воин")
        verdict = ("По одной экипировке каждого класса" if not r1.legal and r2.legal else "Без ограничения")
        lines = [*r1.reasons, *[c for c in r2.consequences if c.card == "Щит"]]
        return Finding(f"{verdict}: две экипировки одного класса — нельзя, экипировки разных классов — можно",
                       lines, _dedup(["212.4", *_cites(r1, r2)]), sim.trace)
    owner = "second" if subj == "parasite" else "first"
    sim = _sim([_card("Воин", owner="second" if subj == "parasite" else "first", cell="c4" if subj == "parasite" else "c3"),
                _subject_card(ctx, subj, "Первый", host="Воин"),
                _subject_card(ctx, subj, "Второй", host=None, cell="a1" if owner == "first" else "a6")])
    sim.state.cards["Первый"].owner = sim.state.cards["Второй"].owner = "first"
    sim.state.cards["Второй"].cell = parse_cell("a1")
    r = sim.place("Второй", "Воин")
    n = 1 if not r.legal else 2
    word = "одного" if n == 1 else "несколько"
    return Finding(f"Только {word} (1): второго симбиота на то же существо поместить нельзя", r.reasons,
                   _dedup([*_first_rules(r.reasons), *_cites(r)]), sim.trace)


# host event -> paragraphs that govern it (symbiote, equipment): cited even when nothing happens
EVENT_RULES = {
    "independent": ("302.5", "209.4"), "stop_being_creature": ("209.3", "212.2"), "flying": ("209.4", "212.3"),
    "incorporeal": ("209.5", "212.3"), "symbiote": ("209.6", "212.3"), "class": ("212.2", "212.2"),
    "dies": ("209.4", "212.3"), "leaves": ("209.4", "212.3"), "move": ("209.11", "212.8"),
}


def _host_event(ctx: Ctx, sim: Simulator, host: str) -> list[StepResult] | None:
    """Run the host event the question names; sets ``ctx.event`` (a key of ``EVENT_RULES``)."""
    rs = _host_event_run(ctx, sim, host)
    return rs


def _host_event_run(ctx: Ctx, sim: Simulator, host: str) -> list[StepResult] | None:
    if ctx.has("independent"):
        ctx.event = "independent"
        ctx.has("dies", "become")
        return [sim.die(host)]
    if ctx.has("stop_being_creature"):
        ctx.event = "stop_being_creature"
        return [sim.gain(host, "artifact")]
    if ctx.has("become", "flying", "incorporeal") and (ctx.has("flying", "incorporeal") or ctx.after("become", "symbiote")):
        if ctx.has("flying"):
            ctx.event = "flying"
            return [sim.gain(host, "flying")]
        if ctx.has("incorporeal"):
            ctx.event = "incorporeal"
            return [sim.gain(host, "incorporeal")]
        ctx.has("symbiote")
        ctx.event = "symbiote"
        return [sim.gain(host, "symbiote")]
    if ctx.has("lose", "no_class") and ctx.has("class", "no_class"):
        ctx.event = "class"
        return [sim.set_class(host, None)]
    if ctx.has("change") and ctx.has("class"):
        ctx.event = "class"
        return [sim.set_class(host, "маг")]
    if ctx.has("dies", "destroyed"):
        ctx.event = "dies"
        return [sim.die(host)]
    if ctx.has("leaves"):
        ctx.event = "leaves"
        return [sim.leave(host)]
    if ctx.has("move", "relocate"):
        ctx.event = "move"
        sim.state.cards[host].movement = sim.state.cards[host].movement_left = 2
        return [sim.declare("first", "movement", card=host, to=parse_cell("c3")), sim.pass_priority("first"), sim.pass_priority("second")]
    return None


# concept asked about in a yes/no question -> the result word that confirms it
_ASKED = {"dies": ("погибает",), "destroyed": ("уничтожается",), "together": ("перемещается",),
          "relocate": ("перемещается",), "move": ("перемещается",)}
_CLAUSE = ("если", "когда", "при", "после")


def _yes_no_fate(ctx: Ctx, f: Finding) -> Finding:
    """Turn «Симбиот погибает» into «Да, …» / «Нет, …» when a yes/no question asks about
    the result in its main clause («Погибает ли симбиот, если …», «Перемещается ли … вместе …»)."""
    if not ctx.yes_no:
        return f
    cut = next((i for i, t in enumerate(ctx.tokens) if t in _CLAUSE), len(ctx.tokens))
    li = [i - 1 for i, t in enumerate(ctx.tokens) if t == "ли"]     # «погибнет ли …»: the asked word
    asked = [c for c in _ASKED if any(i < cut or i in li for i in ctx.found.get(c, []))]
    if "together" in ctx.found:
        asked.append("together")
    if not asked:
        return f
    ctx.used.update(asked)
    got = {c.result for c in f.lines}
    yes = any(r in got for c in asked for r in _ASKED[c])
    f.verdict = f"{'Да' if yes else 'Нет'}, {f.verdict[:1].lower()}{f.verdict[1:]}"
    return f


def q_host_event(ctx: Ctx) -> Finding | None:
    """What happens to a symbiote / equipment when its host dies, leaves, becomes flying,
    incorporeal or a symbiote, loses its class, moves (209.3–209.6, 209.11, 212.2–212.3, 212.8)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    sid = SUBJECT_IDS[subj]
    ctx.has("host", "creature")
    host_owner = "second" if subj == "parasite" else "first"
    sim = _sim([_card("Хозяин", owner=host_owner, creature_class="воин"), _subject_card(ctx, subj, sid, host="Хозяин")])
    sim.state.cards[sid].owner = "first"
    sim.state.cards[sid].independent_on_host_death = subj != "equipment" and ctx.has("independent")
    what = label(sim.state.cards[sid]).split(" «")[0]
    rs = _host_event(ctx, sim, "Хозяин")
    if rs is None:
        return None
    f = _fate(sim, rs, sid, what)
    rule = EVENT_RULES.get(ctx.event or "", ("", ""))[1 if subj == "equipment" else 0]
    if rule and not f.lines:   # nothing happened: the paragraph that would have acted says why
        c = sim.state.cards[sid]
        f.lines = [Consequence(f"{what[:1].upper()}{what[1:]} остаётся у хозяина: правило этого пункта к нему не применяется"
                               + (" (симбиот бестелесный)" if "incorporeal" in c.traits and ctx.event == "incorporeal" else ""), (rule,), sid)]
        f.trace = [*f.trace, "  " + f.lines[0].line()]
    f.citations = _dedup([*f.citations, rule])
    return _yes_no_fate(ctx, f)


def q_unhosted(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment without a host after the reveal subphase dies (209.7, 212.5)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    sid = SUBJECT_IDS[subj]
    ctx.has("no_host", "reveal")
    sim = _sim([_card("Воин", cell="c3"), _subject_card(ctx, subj, sid, host=None, cell="a1")], phase="reveal")
    r = phases.seating_step(sim, [])
    return _yes_no_fate(ctx, _fate(sim, [r], sid))


def q_summoned(ctx: Ctx) -> Finding | None:
    """A summoned symbiote / equipment: placed where the card text says, else it dies (209.8, 212.6)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    ctx.has("summon", "place", "host", "creature", "card")
    sim = _sim([_card("Воин", creature_class="воин")])
    r1 = sim.summon(_subject_card(ctx, subj, "Вызванный", host=None, cell=None), None)
    r2 = sim.summon(_subject_card(ctx, subj, "Вызванный2", host=None, cell=None), "Воин")
    f = _fate(sim, [r1], "Вызванный")
    placed = [c for c in r2.consequences if c.card == "Вызванный2" and c.result]
    f.verdict = f"{f.verdict.split(' ', 1)[0]} погибает, если в тексте карты не указано, на какую карту он помещается; если указано — эта карта становится хозяином"
    f.lines = f.lines + placed
    f.citations = _dedup(f.citations + _cites(r2))
    return f


def q_attached_moves(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment cannot move on its own (209.10, 209.11, 212.8)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    sid = SUBJECT_IDS[subj]
    ctx.has("move", "relocate", "alone", "host")
    sim = _sim([_card("Хозяин", creature_class="воин"), _subject_card(ctx, subj, sid, host="Хозяин")])
    sim.state.cards[sid].owner = "first"
    sim.state.cards[sid].movement = sim.state.cards[sid].movement_left = 1
    kind = "relocation" if ctx.has("relocate") and not ctx.has("move") else "movement"
    r = sim.declare("first", kind, card=sid, to=parse_cell("c3"))
    return _legal(sim, r, "может", "не может")


def q_attached_ban(ctx: Ctx) -> Finding | None:
    """A ban on a symbiote / equipment moving to a cell binds its host (209.11, 212.8)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    ctx.has("forbidden", "move", "relocate", "host", "cell", "creature")
    sid = SUBJECT_IDS[subj]
    card = _subject_card(ctx, subj, sid, host="Хозяин")
    card.owner = "first"
    card.forbidden_cells = {parse_cell("c3")}
    sim = _sim([_card("Хозяин", creature_class="воин", movement=2), card])
    r = sim.declare("first", "movement", card="Хозяин", to=parse_cell("c3"))
    f = _legal(sim, r, "может", "нельзя")
    if not r.legal:
        f.verdict = f"{'Нет, хозяин тоже не может туда переместиться' if ctx.yes_no else 'Хозяин тоже не может туда переместиться'}: запрет {'симбиоту' if subj != 'equipment' else 'экипировке'} влияет и на хозяина"
    return f


def q_before_reveal(ctx: Ctx) -> Finding | None:
    """Before its reveal a symbiote / equipment / terrain stands on a separate cell (209.2, 212.1, 211.1)."""
    kind = ctx.first(("symbiote", "parasite", "equipment", "terrain"))
    ctx.has("before_reveal", "reveal", "cell", "place")
    sim = _sim([_card("Воин", cell="c3", revealed=False)], phase="reveal")
    card = (_card("Карта", kind="terrain", cell="a1", movement=None, revealed=False) if kind == "terrain"
            else _card("Карта", kind="equipment", equipment_class="оружие", cell="a1", movement=None, revealed=False) if kind == "equipment"
            else _card("Карта", traits={"symbiote"} | ({"parasite"} if kind == "parasite" else set()), cell="a1", movement=None, revealed=False))
    sim.state.cards["Карта"] = card
    occ = sim.state.occupant(parse_cell("a1"))
    rule = {"terrain": "211.1", "equipment": "212.1"}.get(kind or "", "209.2")
    line = Consequence(f"До вскрытия карта стоит на отдельной клетке a1 и занимает её", (rule,), "Карта")
    r = phases.reveal_step(sim)
    after = [c for c in r.consequences if c.card == "Карта"]
    verdict = "На отдельной клетке поля боя" if occ is card else "Модель не смогла определить"
    return Finding(verdict, [line, *after], _dedup([rule, *_cites(r)]), [*sim.trace, "  " + line.line()])


def q_attached_nearby(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment occupies its host's cell and stands next to it (209.9, 212.7)."""
    subj = _subject(ctx)
    if subj is None:
        return None
    ctx.has("nearby", "host", "cell", "creature")
    sid = SUBJECT_IDS[subj]
    sim = _sim([_card("Хозяин", owner="second" if subj == "parasite" else "first", creature_class="воин", cell="c4" if subj == "parasite" else "c2"),
                _subject_card(ctx, subj, sid, host=None, cell="a1")], phase="reveal")
    sim.state.cards[sid].owner = "first"
    r = phases.seating_step(sim, [(sid, "Хозяин")])
    c, h = sim.state.cards[sid], sim.state.cards["Хозяин"]
    rule = "212.7" if subj == "equipment" else "209.9"
    same = c.cell == h.cell and c.host == h.id
    line = Consequence(f"{label(c)[:1].upper()}{label(c)[1:]} занимает ту же клетку, что и хозяин; они считаются стоящими рядом", (rule,), sid)
    verdict = ("Да, " if ctx.yes_no else "") + ("на той же клетке, что и хозяин; они считаются стоящими рядом" if same else "модель не смогла определить")
    return Finding(verdict[:1].upper() + verdict[1:], [line], _dedup([rule, *_cites(r)]), sim.trace)


def q_attached_attack_host(ctx: Ctx) -> Finding | None:
    """Host and symbiote stand next to each other and may attack each other (209.9)."""
    ctx.has("symbiote", "parasite", "host", "attack")
    sim = _sim([_card("Хозяин"), _card("Симбиот", traits={"symbiote"}, host="Хозяин", cell=None)])
    r = sim.declare("first", "attack", card="Хозяин", target="Симбиот")
    sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    f = _legal(sim, r, "может: симбиот и его хозяин считаются стоящими рядом, атака идёт по общим правилам", "не может", extra=("209.9",))
    f.citations = _dedup(["209.9", *f.citations, *_cites(r2)])
    return f


def q_seating_order(ctx: Ctx) -> Finding | None:
    """Seating order (405.2): first player's symbiotes and equipment, the second's, then parasites."""
    ctx.has("symbiote", "parasite", "equipment", "seating", "who", "order", "first", "place", "player")
    sim = _sim([_card("Воин", cell="c3", creature_class="воин"), _card("Орк", owner="second", cell="c4", creature_class="воин"),
                _card("Паразит_2", owner="second", traits={"symbiote", "parasite"}, cell="a6", movement=None),
                _card("Паразит_1", traits={"symbiote", "parasite"}, cell="b1", movement=None),
                _card("Меч_2", owner="second", kind="equipment", equipment_class="оружие", cell="b6", movement=None),
                _card("Лиана_1", traits={"symbiote"}, cell="a1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Паразит_2", "Воин"), ("Меч_2", "Орк"), ("Паразит_1", "Орк"), ("Лиана_1", "Воин")])
    order = [c.card for c in r.consequences if c.result == "помещается"]
    parasite = ctx.has("parasite") and not ctx.has("symbiote", "equipment")
    if parasite:
        verdict = "Паразиты назначаются последними: сначала паразиты Первого игрока, затем Второго"
    else:
        verdict = "Первый игрок: сначала он назначает своих симбиотов и экипировки, затем Второй игрок; паразиты — после них"
    if order[:1] != ["Лиана_1"]:
        verdict = "Модель не смогла определить"
    lines = [c for c in r.consequences if c.rules == ("405.2",)]
    return Finding(verdict, lines, _dedup(["405.2", *_cites(r)]), sim.trace)


def q_parasite_hosts(ctx: Ctx) -> Finding | None:
    """Which creatures a parasite can be seated on (209.1, 209.2, 405.2)."""
    ctx.has("parasite", "who", "place", "reveal", "seating")
    sim = _sim([_card("Своё", owner="first", cell="c3"), _card("Первый_ряд", owner="second", cell="c4"),
                _card("Второй_ряд", owner="second", cell="c5"),
                _card("Паразит1", traits={"symbiote", "parasite"}, cell="a1", movement=None),
                _card("Паразит2", traits={"symbiote", "parasite"}, cell="b1", movement=None),
                _card("Паразит3", traits={"symbiote", "parasite"}, cell="d1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Паразит1", "Своё"), ("Паразит2", "Второй_ряд"), ("Паразит3", "Первый_ряд")])
    ok = sim.state.cards["Паразит3"].host == "Первый_ряд" and sim.state.cards["Паразит1"].host is None and sim.state.cards["Паразит2"].host is None
    verdict = ("На существ противника в первом ряду его половины поля боя; назначаются после своих симбиотов и экипировок обоих игроков"
               if ok else "Модель не смогла определить")
    lines = [c for c in r.consequences if c.result in ("нельзя", "помещается")]
    return Finding(verdict, lines, _dedup(["209.2", "405.2", *_cites(r)]), sim.trace)


# ---------------------------------------------------------------------- artifacts, terrains, attacks
def _target_kind(ctx: Ctx) -> str | None:
    k = ctx.first(("terrain", "equipment", "artifact", "symbiote", "creature"))
    return k


def _target_card(kind: str) -> Card:
    if kind == "terrain":
        return _card("Цель", owner="second", kind="terrain", cell=None, zone="additional_zone", movement=None)
    if kind == "equipment":
        return _card("Цель", owner="second", kind="equipment", equipment_class="оружие", host="Носитель", cell=None, movement=None)
    if kind == "artifact":
        return _card("Цель", owner="second", kind="artifact", cell="c4", movement=None)
    return _card("Цель", owner="second", cell="c4")


def q_redirect(ctx: Ctx) -> Finding | None:
    """Redirecting an attack: never to a terrain (211.2) or equipment (212.9)."""
    kind = ctx.first(("terrain", "equipment"))
    if kind is None:      # the seed pages rule only on terrains and equipment
        return None
    ctx.has("redirect", "attack")
    sim = _sim([_card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind)])
    r = sim.redirect("Цель")
    return _legal(sim, r, "можно", "нельзя")


def q_artifact_struck(ctx: Ctx) -> Finding | None:
    """A simple strike on an artifact is calculated as on a closed card (210.3)."""
    ctx.has("artifact", "attack", "simple_strike", "by_target", "closed", "open", "card")
    sim = _sim([_card("Воин", cell="c3"), _target_card("artifact")])
    sim.declare("first", "attack", card="Воин", target="Цель")
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if c.card == "Цель"]
    return Finding("Как по закрытой карте" if any(c.result == "как по закрытой" for c in lines) else "Как по открытой карте",
                   lines, _dedup([*_first_rules(lines), *_cites(r)]), sim.trace)


def q_artifact_defends(ctx: Ctx) -> Finding | None:
    """Artifacts cannot reflect a simple strike or be defenders (210.2)."""
    ctx.has("artifact", "defend", "attack", "simple_strike")
    sim = _sim([_target_card("artifact")])
    r = sim.defend("Цель")
    return _legal(sim, r, "может", "не может")


def q_attack_target(ctx: Ctx) -> Finding | None:
    """Attack with / on an artifact, terrain or equipment (210.2, 210.3, 211.2, 212.9)."""
    kind = ctx.first(("terrain", "equipment", "artifact"))
    if kind is None:
        return None
    ctx.has("attack", "target")
    if kind == "artifact" and not ctx.has("by_target", "target"):
        sim = _sim([_card("Артефакт", kind="artifact", cell="c3", movement=None), _card("Орк", owner="second", cell="c4")])
        r = sim.declare("first", "attack", card="Артефакт", target="Орк")
        return _legal(sim, r, "может", "не может")
    if kind == "artifact":
        return q_artifact_struck(ctx)
    sim = _sim([_card("Воин", cell="c3"), _card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind)])
    r = sim.declare("first", "attack", card="Воин", target="Цель")
    return _legal(sim, r, "может", "нельзя")


def q_wound_target(ctx: Ctx) -> Finding | None:
    """Terrains (211.2) and equipment (212.9) cannot get wounds."""
    kind = ctx.first(("terrain", "equipment"))
    ctx.has("wound")
    sim = _sim([_card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind or "terrain")])
    r = sim.wound("Цель", 1)
    return _legal(sim, r, "может", "не может")


def q_noncreature_moves(ctx: Ctx) -> Finding | None:
    """Artifacts (210.2) and other non-creatures (506.6) cannot move."""
    kind = ctx.first(("artifact", "terrain"))
    ctx.has("move", "relocate", "jump")
    card = _card("Обелиск", kind=kind or "artifact", cell="c2", movement=1)
    sim = _sim([card])
    r = sim.declare("first", "instead_of_movement" if ctx.has("jump") else "movement", card="Обелиск", to=parse_cell("c3"))
    return _legal(sim, r, "может", "не может")


def q_count_terrain(ctx: Ctx) -> Finding | None:
    """At most one terrain per player (211.3) unless an ability allows a second (211.4)."""
    ctx.has("terrain", "count", "two", "control", "player", "recruit")
    sim = _sim([_card("Болото", kind="terrain", cell="a1", movement=None)], phase="recruit")
    r1 = sim.recruit(_card("Лес", kind="terrain", cell="b1", movement=None))
    sim.state.extra_terrain.add("first")
    r2 = sim.recruit(_card("Лес", kind="terrain", cell="b1", movement=None))
    one = not r1.legal
    verdict = ("Не более одной местности; две — только если особенность позволяет взять в отряд вторую"
               if one and r2.legal else "Без ограничения")
    if ctx.yes_no and one:
        verdict = "Нет, " + verdict[:1].lower() + verdict[1:]
    return Finding(verdict, [*r1.reasons, *[c for c in r2.consequences if c.rules]], _dedup(["211.3", "211.4", *_cites(r1, r2)]), sim.trace)


# ---------------------------------------------------------------------- movement and relocation
def q_placement_word(ctx: Ctx) -> Finding | None:
    """«помещается / переносится / располагается» is not a relocation (507.3)."""
    ctx.has("placement_word", "relocate", "move", "cell", "card")
    word = next((t for t in ctx.tokens if t.startswith(("помещает", "переносит", "располагает"))), "помещается")
    word = {"помещаются": "помещается", "переносятся": "переносится", "располагаются": "располагается"}.get(word, word)
    sim = _sim([_card("Воин", movement=1)])
    r = sim.put("Воин", parse_cell("e1"), word)
    lines = [c for c in r.consequences if c.card == "Воин"]
    return Finding("Нет, это не перемещение", lines, _dedup(["507.3", *_cites(r)]), sim.trace)


def q_relocation_spends(ctx: Ctx) -> Finding | None:
    """A relocation by an ability spends no movement points (507.1)."""
    ctx.has("relocate", "spend", "movement_points")
    sim = _sim([_card("Воин", movement=2)])
    sim.declare("first", "relocation", card="Воин", to=parse_cell("a1"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    left = sim.state.cards["Воин"].movement_left
    lines = [c for c in r.consequences if c.card == "Воин"]
    return Finding("Нет, перемещение особенностью не тратит запас движения" if left == 2 else "Да, тратит", lines,
                   _dedup(["507.1", *_cites(r)]), sim.trace)


def q_occupied_cell(ctx: Ctx) -> Finding | None:
    """Movement and relocation only onto an unoccupied cell (507.2, 506.1)."""
    ctx.has("occupied", "cell", "creature", "card")
    kind = "instead_of_movement" if ctx.has("jump") else ("relocation" if ctx.has("relocate") and not ctx.has("move") else "movement")
    ctx.has("move", "relocate")
    sim = _sim([_card("Воин"), _card("Страж", cell="c3")])
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    f = _legal(sim, r, "можно", "нельзя")
    f.citations = _dedup(["507.2", *f.citations])
    return f


def q_diagonal(ctx: Ctx) -> Finding | None:
    """Movement is orthogonal only (506.1)."""
    ctx.has("diagonal", "move", "relocate", "creature")
    sim = _sim([_card("Воин", movement=2)])
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("d3"))
    return _legal(sim, r, "может", "нельзя")


def q_jump_after_move(ctx: Ctx) -> Finding | None:
    """An ability «вместо движения» needs full movement points (506.7)."""
    ctx.has("jump", "instead", "already", "spend", "movement_points", "move")
    sim = _sim([_card("Прыгун", movement=2, movement_left=1)])
    r = sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    return _legal(sim, r, "можно", "нельзя")


def q_jump_spends(ctx: Ctx) -> Finding | None:
    """An ability used instead of movement takes the whole (full) movement (506.6, 506.7)."""
    ctx.has("jump", "instead", "spend", "movement_points", "move")
    sim = _sim([_card("Прыгун", movement=2)])
    sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    left = sim.state.cards["Прыгун"].movement_left
    lines = [c for c in r.consequences if c.card == "Прыгун"]
    verdict = "Да, весь запас движения: особенность используется вместо движения" if left == 0 else "Нет"
    return Finding(verdict, lines, _dedup(["506.7", "506.6", *_cites(r)]), sim.trace)


def q_move_outside_choice(ctx: Ctx) -> Finding | None:
    """Movement is declared only in the choice subphase (506.2)."""
    ctx.has("other_subphase", "move")
    sim = _sim([_card("Воин")], subphase="action")
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    return _legal(sim, r, "можно", "нельзя")


def q_jump_is_movement(ctx: Ctx) -> Finding | None:
    """Abilities replacing movement are movement (506.6) and slow (304.2)."""
    ctx.has("jump", "instead", "move", "movement_q", "slow", "fast")
    sim = _sim([_card("Прыгун", movement=2)])
    r = sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    is_move = r.legal and "instead_of_movement" in ("movement", "instead_of_movement")
    lines = [Consequence("Особенность, заменяющая движение (Прыжок, Телепортация и т. п.), также является движением; использовать её могут только существа", ("506.6",))]
    lines += [c for c in r.consequences if c.rules]
    verdict = "Да, это движение (медленное игродействие)" if is_move else "Нет"
    if ctx.has("slow", "fast") and not ctx.has("movement_q", "move"):
        verdict = f"{r.value.capitalize()}: это движение" if r.value else verdict
    return Finding(verdict, lines, _dedup(["506.6", "304.2", *_cites(r)]), sim.trace)


def q_move_cost(ctx: Ctx) -> Finding | None:
    """One step of movement costs one movement point (506.1)."""
    ctx.has("count", "movement_points", "spend", "move", "cell")
    sim = _sim([_card("Воин", movement=3)])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    spent = 3 - (sim.state.cards["Воин"].movement_left or 0)
    lines = [c for c in r.consequences if c.card == "Воин" and c.rules]
    verdict = f"{'Одна единица' if spent == 1 else str(spent) + ' единицы'} движения за каждую клетку; трата — оплата движения"
    return Finding(verdict, lines, _dedup(["506.1", *_cites(r)]), sim.trace)


def q_no_points_move(ctx: Ctx) -> Finding | None:
    """Without movement points left a creature cannot move (506.1), nor use «вместо движения» (506.7)."""
    ctx.has("no_points", "move", "jump", "instead", "movement_points", "creature")
    jump = ctx.has("jump", "instead")
    sim = _sim([_card("Воин", movement=2, movement_left=0)])
    r = sim.declare("first", "instead_of_movement" if jump else "movement", card="Воин", to=parse_cell("c3"))
    return _legal(sim, r, "может", "не может")


def q_jump_zero(ctx: Ctx) -> Finding | None:
    """«вместо движения» with a full movement of 0 is still allowed (506.7)."""
    ctx.has("jump", "instead", "zero_movement", "movement_points", "move")
    sim = _sim([_card("Голем", movement=0)])
    r = sim.declare("first", "instead_of_movement", card="Голем", name="прыжок", to=parse_cell("e4"))
    f = _legal(sim, r, "можно: запас движения полный, даже если он равен 0", "нельзя")
    f.citations = _dedup(["506.7", *f.citations])
    return f


def q_cell_with_artifact(ctx: Ctx) -> Finding | None:
    """«клетка с артефактом»: the artifact occupies the cell (210.1), so no movement there (507.2)."""
    if not ctx.after("cell", "artifact"):
        return None
    ctx.has("cell", "artifact", "move", "relocate", "jump")
    sim = _sim([_card("Воин"), _card("Обелиск", owner="second", kind="artifact", cell="c3", movement=None)])
    kind = "relocation" if ctx.has("relocate") and not ctx.has("move") else "movement"
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    f = _legal(sim, r, "можно", "нельзя")
    f.citations = _dedup(["210.1", *f.citations])
    return f


def q_closed_moves(ctx: Ctx) -> Finding | None:
    """Only an open creature uses movement (506.3)."""
    ctx.has("closed", "move", "creature")
    sim = _sim([_card("Воин", open=False)])
    kind = "instead_of_movement" if ctx.has("jump") else "movement"
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    return _legal(sim, r, "может", "не может")


def q_open_restores(ctx: Ctx) -> Finding | None:
    """Movement points are restored on opening and at the start of the turn (506.4)."""
    ctx.has("open", "restore", "turn_start", "move", "movement_points", "creature", "card")
    sim = _sim([_card("Воин", movement=2, movement_left=0, open=not ctx.has("open"))])
    r0 = sim.start_turn("first") if ctx.has("turn_start") and not ctx.has("open") else sim.open("Воин")
    sim.state.subphase = "choice"
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    f = _legal(sim, r, "запас движения восстановился, существо снова может двигаться", "не может")
    f.lines = [c for c in r0.consequences if "506.4" in c.rules] + f.lines
    f.citations = _dedup(["506.4", *f.citations])
    return f


def q_act_then_move(ctx: Ctx) -> Finding | None:
    """A card that acts loses all its movement (506.5)."""
    ctx.has("act", "move", "movement_points", "creature")
    sim = _sim([_card("Воин", movement=3)])
    r0 = sim.act("Воин")
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    f = _legal(sim, r, "может", "не может")
    f.lines = [c for c in r0.consequences if c.rules] + f.lines
    f.citations = _dedup(["506.5", *f.citations])
    return f


def q_who_moves(ctx: Ctx) -> Finding | None:
    """Only the active player declares movement, in the choice subphase (506.2)."""
    ctx.has("who", "move", "player", "active")
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")], priority="second")
    r1 = sim.declare("second", "movement", card="Орк", to=parse_cell("c6"))
    sim.state.priority = "first"
    r2 = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    verdict = "Только Активный игрок, в подфазу Выбора" if (not r1.legal and r2.legal) else "Модель не смогла определить"
    return Finding(verdict, r1.reasons, _dedup(["506.2", *_cites(r1, r2)]), sim.trace)


def q_inactive_moves(ctx: Ctx) -> Finding | None:
    """The inactive player cannot declare movement (506.2)."""
    ctx.has("inactive", "move", "player")
    sim = _sim([_card("Орк", owner="second", cell="c5")], priority="second")
    r = sim.declare("second", "movement", card="Орк", to=parse_cell("c6"))
    return _legal(sim, r, "может", "нельзя")


# ---------------------------------------------------------------------- stack, priority, speed
def action_kind(ctx: Ctx) -> str | None:
    """The game action the question names, as an ``actions.ACTIONS`` key."""
    table = (("independent", "symbiote_becomes_creature"), ("additional_zone", "terrain_to_additional_zone"), ("dice", "dice_roll"), ("sudden", "sudden_action"), ("trigger", "triggered_ability"),
             ("jump", "instead_of_movement"), ("instead", "instead_of_movement"), ("battle_start", "battle_start_ability"),
             ("vanguard", "vanguard_ability"), ("card_action", "card_action"), ("rule_effect", "rule_effect"),
             ("phase_transition", "phase_transition"), ("played", "played_ability"), ("relocate", "relocation"),
             ("move", "movement"), ("attack", "attack"), ("act", "card_action"))
    cut = next((i for i, t in enumerate(ctx.tokens) if t in ("если", "пока", "когда", "при")), len(ctx.tokens))
    best: tuple[int, int, str, str] | None = None
    for rank, (concept, kind) in enumerate(table):
        for i in ctx.found.get(concept, []):
            key = (0 if i < cut else 1, i, rank)
            if best is None or key < best[:3]:
                best = (*key, concept, kind)  # type: ignore[assignment]
    if best is None:
        return None
    ctx.used.add(best[3])
    return best[4]


def _declare_kind(kind: str, stack: bool) -> tuple[Simulator, StepResult]:
    cards = [_card("Воин", movement=2), _card("Орк", owner="second", cell="c4")]
    sim = _sim(cards, phase="main", subphase="choice")
    if kind == "symbiote_becomes_creature":
        sim.state.cards["Личинка"] = _card("Личинка", traits={"symbiote"}, host="Воин", cell="c2", movement=None,
                                            independent_on_host_death=True)
        sim.state.cards["Воин"].zone = "graveyard"
        sim.state.cards["Воин"].cell = None
        r = sim.run("хозяин «Воин» погиб", lambda res: None)
        return sim, r
    if kind == "battle_start_ability":
        sim.state.phase, sim.state.subphase = "battle_start", None
    if stack:
        sim.state.stack.append(StackItem("срабатывающая особенность противника", "second", "triggered_ability", "Орк"))
    target = "Орк" if kind in ("attack", "sudden_attack") else None
    to = parse_cell("c3") if kind in ("movement", "relocation", "instead_of_movement") else None
    card = None if kind in ("dice_roll", "rule_effect", "phase_transition") else "Воин"
    r = sim.declare("first", kind, card=card, to=to, target=target)
    return sim, r


def q_slow_nonempty_stack(ctx: Ctx) -> Finding | None:
    """Slow actions only with an empty stack, fast ones whenever holding priority (304.1)."""
    ctx.has("stack", "nonempty")
    kind = action_kind(ctx) or "movement"
    ctx.has("trigger", "sudden", "dice", "game_action")  # what lies on the stack
    sim, r = _declare_kind(kind, stack=True)
    ak = ACTIONS[kind]
    if r.legal:
        return Finding(f"Да, можно: {ak.ru} — {'быстрое' if ak.speed == 'fast' else 'не использующее стек'} игродействие", [c for c in r.consequences if c.rules],
                       _dedup(["304.1", *ak.rules, *_cites(r)]), sim.trace)
    return _legal(sim, r, "", "нельзя", extra=("304.1", "304.2"))


def q_speed(ctx: Ctx) -> Finding | None:
    """Slow or fast (304.2, 304.3) — read from the declaration the simulator makes."""
    kind = action_kind(ctx)
    if kind is None:
        return None
    ctx.has("slow", "fast")
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    if not ak.uses_stack:
        return Finding(f"Ни то ни другое: {ak.ru} не использует стек и выполняется сразу", [c for c in r.consequences if c.rules],
                       _dedup([*ak.rules, "304.1", *_cites(r)]), sim.trace)
    word = {"slow": "Медленное", "fast": "Быстрое"}[ak.speed]
    line = Consequence(f"{ak.ru[:1].upper()}{ak.ru[1:]} — {word.lower()} игродействие", ak.rules)
    verdict = f"{word} игродействие"
    asked = [c for c in ("slow", "fast") if c in ctx.found]
    if ctx.yes_no and len(asked) == 1:
        verdict = f"{'Да' if asked[0] == ak.speed else 'Нет'}, {word.lower()} игродействие"
    return Finding(verdict, [line, *[c for c in r.consequences if c.rules]], _dedup([*ak.rules, *_cites(r)]), sim.trace)


def q_uses_stack(ctx: Ctx) -> Finding | None:
    """Does an action use the stack (302.3, 302.5)."""
    kind = action_kind(ctx)
    if kind is None:
        return None
    ctx.has("uses_stack", "stack")
    if kind == "symbiote_becomes_creature":
        ctx.has("symbiote", "parasite", "host", "dies", "become")
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    on_stack = bool(r.stack)
    lines = [c for c in r.consequences if c.rules]
    if on_stack:
        return Finding(f"Да, {ak.ru} использует стек", lines, _dedup(["302.3", *ak.rules, *_cites(r)]), sim.trace)
    if kind == "terrain_to_additional_zone":
        ctx.has("terrain", "placement_word", "relocate", "reveal")
    return Finding(f"Нет, {ak.ru} не использует стек: выполняется сразу", lines, _dedup([*ak.rules[:1], "302.5", *ak.rules, *_cites(r)]), sim.trace)


def q_which_use_stack(ctx: Ctx) -> Finding | None:
    """Which actions use the stack: declare one of each kind and see (302.3, 302.5)."""
    ctx.has("uses_stack", "stack")
    used, not_used, trace = [], [], []
    for kind in ("card_action", "triggered_ability", "relocation", "dice_roll", "rule_effect", "phase_transition"):
        sim, r = _declare_kind(kind, stack=False)
        (used if r.stack else not_used).append(ACTIONS[kind].ru)
        trace += sim.trace
    verdict = "Используют стек: " + ", ".join(used) + "; не используют: " + ", ".join(not_used)
    lines = [Consequence("Игродействия, использующие стек: " + ", ".join(used), ("302.3",)),
             Consequence("Не используют стек: " + ", ".join(not_used), ("302.5",))]
    return Finding(verdict, lines, ["302.3", "302.5", "302.2", "302.4"], trace)


def q_when_speed(ctx: Ctx) -> Finding | None:
    """When slow / fast actions may be declared (304.1): try both with an empty and a full stack."""
    slow = ctx.has("slow") and not ctx.has("fast")
    kind = action_kind(ctx) or ("movement" if slow else "dice_roll")
    _, empty = _declare_kind(kind, stack=False)
    sim, full = _declare_kind(kind, stack=True)
    if ACTIONS[kind].speed == "slow":
        verdict = "Только когда стек пуст (и у игрока есть приоритет)" if empty.legal and not full.legal else "Модель не смогла определить"
    else:
        verdict = "В любой момент, когда у игрока есть приоритет, даже если стек не пуст" if empty.legal and full.legal else "Модель не смогла определить"
    return Finding(verdict, [*full.reasons, *[c for c in full.consequences if c.rules][:1]], _dedup(["304.1", *_cites(full, empty)]), sim.trace)


def q_pass_is_action(ctx: Ctx) -> Finding | None:
    """A pass gives priority away without declaring anything; it is not a game action (303.2)."""
    ctx.has("pass", "act", "declare")
    sim = _sim([_card("Воин")])
    before = list(sim.state.stack)
    r = sim.pass_priority("first")
    is_action = bool(sim.state.stack != before)
    lines = [c for c in r.consequences if c.rules]
    verdict = ("Нет, пас — это передача приоритета противнику без объявления игродействия" if not is_action else "Да")
    return Finding(verdict, lines, _dedup(["303.2", *_cites(r)]), sim.trace)


def q_priority_after_declare(ctx: Ctx) -> Finding | None:
    """After declaring a stack action the declarer keeps priority (303.3); a non-stack one
    resolves at once without passing priority (303.5)."""
    ctx.has("priority", "declare", "transfer", "who", "enemy")
    kind = "rule_effect" if ctx.has("no_stack") else (action_kind(ctx) or "movement")
    sim, r = _declare_kind(kind, stack=False)
    stays = r.priority == "first"
    lines = [c for c in r.consequences if c.rules]
    rule = "303.3" if ACTIONS[kind].uses_stack else "303.5"
    if ctx.has("transfer") and ctx.yes_no:
        verdict = "Нет, приоритет остаётся у объявившего игрока" if stays else "Да, приоритет переходит к противнику"
    else:
        verdict = "У игрока, объявившего игродействие: он может объявить ещё одно или спасовать" if stays else "У противника"
    return Finding(verdict, lines, _dedup([rule, *_cites(r)]), sim.trace)


def q_priority_new_phase(ctx: Ctx) -> Finding | None:
    """At each new phase / subphase / step the active player receives priority (303.1, 408.2)."""
    ctx.has("priority", "new_phase", "who", "phase_transition")
    sim = _sim([_card("Воин")], active="second", priority="first")
    r = sim.subphase("action")
    verdict = "Активный игрок" if r.priority == "second" else "Неактивный игрок"
    return Finding(verdict, [c for c in r.consequences if c.rules], _dedup(["303.1", "408.2", *_cites(r)]), sim.trace)


def q_action_parts(ctx: Ctx) -> Finding | None:
    """A game action is declared, resolved and paid (301.1, 302.6) — watched on a movement."""
    ctx.has("game_action", "consists", "declare", "resolve", "pay")
    sim = _sim([_card("Воин", movement=2)])
    r1 = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    lines = [c for c in r1.consequences if "302.2" in c.rules] + [c for c in r2.consequences if "302.6" in c.rules]
    return Finding("Из объявления, выполнения и оплаты (для стековых: объявление — в стек, выполнение — из стека, затем оплата)",
                   lines, _dedup(["301.1", "302.6", *_cites(r1, r2)]), sim.trace)


def q_action_divide(ctx: Ctx) -> Finding | None:
    """Actions are slow or fast, and use the stack or not (301.2) — classified by declaring each kind."""
    ctx.has("game_action", "divide")
    groups: dict[str, list[str]] = {"slow": [], "fast": [], "none": []}
    trace: list[str] = []
    for kind in ("movement", "card_action", "sudden_action", "triggered_ability", "dice_roll", "rule_effect"):
        sim, r = _declare_kind(kind, stack=False)
        groups[ACTIONS[kind].speed or "none"].append(ACTIONS[kind].ru)
        trace += sim.trace
    lines = [Consequence("Медленные: " + ", ".join(groups["slow"]), ("304.2",)),
             Consequence("Быстрые: " + ", ".join(groups["fast"]), ("304.3",)),
             Consequence("Не используют стек: " + ", ".join(groups["none"]), ("302.5",))]
    return Finding("На медленные и быстрые; на использующие стек и не использующие стек", lines,
                   ["301.2", "304.1", "302.3", "302.5"], trace)


def q_when_on_stack(ctx: Ctx) -> Finding | None:
    """A stack action goes on the stack right after its declaration, before it is resolved and paid (302.2)."""
    ctx.has("enters_stack", "when", "game_action", "declare")
    sim = _sim([_card("Воин")])
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    lines = [c for c in r.consequences if "302.2" in c.rules]
    return Finding("Сразу после объявления — до расчёта, выполнения и оплаты", lines, _dedup(["302.2", *_cites(r)]), sim.trace)


def q_payment(ctx: Ctx) -> Finding | None:
    """A stack action is paid after it resolves; paying uses no stack (302.6)."""
    ctx.has("pay", "when", "order", "uses_stack", "stack", "game_action")
    sim = _sim([_card("Воин", movement=2)])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if "302.6" in c.rules]
    if ctx.has("uses_stack", "stack") and ctx.yes_no:
        verdict = "Нет, оплата игродействия не использует стек"
    else:
        verdict = "После выполнения игродействия; оплата не использует стек"
    return Finding(verdict, lines, _dedup(["302.6", *_cites(r)]), sim.trace)


def q_priority_count(ctx: Ctx) -> Finding | None:
    """Only one player holds priority at any moment (303.1)."""
    ctx.has("priority", "count", "who", "player", "simultaneous")
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")])
    r = sim.declare("second", "dice_roll")
    verdict = "Только один игрок: в каждый момент приоритетом владеет один игрок"
    if ctx.yes_no:
        verdict = "Нет, в каждый момент приоритетом владеет только один игрок"
    return Finding(verdict, r.reasons, _dedup(["303.1", *_cites(r)]), sim.trace)


def q_stack_top(ctx: Ctx) -> Finding | None:
    """The top action — the one put on the stack last — resolves first (302.7, 303.4)."""
    ctx.has("stack", "top", "resolve", "first", "order")
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")])
    sim.declare("first", "dice_roll", name="первое объявленное")
    sim.pass_priority("first")
    sim.declare("second", "dice_roll", name="последнее объявленное")
    sim.pass_priority("second")
    r = sim.pass_priority("first")
    verdict = ("Верхнее — то, что помещено в стек последним; оно выполняется первым" if r.value == "последнее объявленное"
               else "Модель не смогла определить")
    return Finding(verdict, [c for c in r.consequences if "302.7" in c.rules or "303.4" in c.rules],
                   _dedup(["302.7", "303.4", *_cites(r)]), sim.trace)


def q_inactive_fast(ctx: Ctx) -> Finding | None:
    """Fast actions need only priority (304.1) — the inactive player may declare them when holding it."""
    ctx.has("inactive", "fast", "player", "declare")
    kind = action_kind(ctx) or "sudden_action"
    if ACTIONS[kind].speed != "fast" and any(i + 1 in ctx.found.get("act", []) for i in ctx.found.get("fast", [])):
        kind = "sudden_action"        # «быстрое действие» is a fast action, not a card action
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")], priority="second")
    sim.state.stack.append(StackItem("движение", "first", "movement", "Воин"))
    r = sim.declare("second", kind, card=None if kind == "dice_roll" else "Орк")
    f = _legal(sim, r, "может, если у него приоритет: быстрое игродействие объявляется в любой момент", "не может")
    f.citations = _dedup(["304.1", *f.citations])
    return f


def q_stack_resolves(ctx: Ctx) -> Finding | None:
    """When the top of the stack resolves and who gets priority after (303.4)."""
    ctx.has("stack", "priority", "resolve", "pass")
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    r1 = sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    lines = [c for c in r2.consequences if "303.4" in c.rules]
    verdict = ("Когда оно лежит верхним в стеке и оба игрока последовательно спасовали; после выполнения приоритет вновь получает Активный игрок"
               if r2.value and not r1.value else "Модель не смогла определить")
    if ctx.has("who") and r2.priority == sim.state.active:
        verdict = "Активный игрок: " + verdict[:1].lower() + verdict[1:]
    elif ctx.has("pass") and not ctx.has("resolve"):
        verdict = "Верхнее игродействие в стеке выполняется, затем приоритет получает Активный игрок; если стек пуст — фаза завершается"
    return Finding(verdict, lines, _dedup(["303.4", "302.7", *_cites(r1, r2)]), sim.trace)


def q_rule_effects_first(ctx: Ctx) -> Finding | None:
    """Rule effects are applied before a player receives priority (303.6)."""
    ctx.has("rule_effect", "priority")
    sim = _sim([_card("Воин", owner="second", cell="c5"), _card("Лиана", owner="second", traits={"symbiote"}, host="Воин", cell=None, movement=None),
                _card("Колдун", cell="c2")])
    sim.declare("first", "card_action", card="Колдун", name="Проклятие", effect={"dies": "Воин"})
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if c.rules]
    return Finding("До того, как игрок получит приоритет: сначала применяются все эффекты правил игры", lines,
                   _dedup(["303.6", *_cites(r)]), sim.trace)


def q_trigger_order(ctx: Ctx) -> Finding | None:
    """Simultaneous triggers: active player's first onto the stack, inactive's resolve first (305.1)."""
    ctx.has("trigger", "simultaneous", "order", "who", "stack", "resolve")
    sim = _sim([_card("Воин"), _card("Орк", owner="second", cell="c5")])
    r = sim.triggers([("second", "особенность Неактивного", "Орк"), ("first", "особенность Активного", "Воин")])
    first_resolved = r.value[0] if r.value else ""
    verdict = ("Сначала в стек заносятся особенности Активного игрока (в выбранном им порядке), затем Неактивного; "
               "поэтому первыми выполняются особенности Неактивного игрока") if first_resolved == "особенность Неактивного" else "Модель не смогла определить"
    return Finding(verdict, [c for c in r.consequences if c.rules], _dedup(["305.1", *_cites(r)]), sim.trace)


# ---------------------------------------------------------------------- phases
def q_decline_later(ctx: Ctx) -> Finding | None:
    """A declined «в начале боя» / «авангард» cannot be played later (406.1, 407.1)."""
    van = ctx.has("vanguard")
    ctx.has("battle_start", "decline", "later")
    phase = "vanguard" if van else "battle_start"
    sim = _sim([_card("Воин", cell="c3"), _card("Орк", owner="second", cell="c4")], phase=phase, subphase=None)
    run = phases.vanguard if van else phases.battle_start
    r1 = run(sim, [("first", "Воин", False), ("second", "Орк", True)])
    r = sim.declare("first", "vanguard_ability" if van else "battle_start_ability", card="Воин")
    f = _legal(sim, r, "можно", "нельзя")
    f.lines = [c for c in r1.consequences if c.result == "отказ"] + f.lines
    return f


def q_once_per_battle(ctx: Ctx) -> Finding | None:
    """Each card uses «в начале боя» / «авангард» once per battle (406.1, 407.1)."""
    van = ctx.has("vanguard")
    ctx.has("battle_start", "once", "count")
    sim = _sim([_card("Воин", cell="c3"), _card("Орк", owner="second", cell="c4")], phase="vanguard" if van else "battle_start", subphase=None)
    run = phases.vanguard if van else phases.battle_start
    r1 = run(sim, [("first", "Воин", True), ("second", "Орк", False)])
    r2 = run(sim, [("first", "Воин", True)])
    once = r1.legal and not r2.legal
    verdict = ("Один раз за бой" if not ctx.yes_no else "Нет, каждая карта использует её один раз за бой") if once else "Модель не смогла определить"
    return Finding(verdict, r2.reasons, _dedup([*_first_rules(r2.reasons), *_cites(r1)]), sim.trace)


def q_preliminary_order(ctx: Ctx) -> Finding | None:
    """«в начале боя» / «авангард» alternate starting with the first player (406.1, 407.1)."""
    van = ctx.has("vanguard")
    ctx.has("battle_start", "who", "order", "first", "player")
    sim = _sim([_card("Воин", cell="c3"), _card("Орк", owner="second", cell="c4")], phase="vanguard" if van else "battle_start", subphase=None)
    run = phases.vanguard if van else phases.battle_start
    r1 = run(sim, [("second", "Орк", True)])
    r2 = run(sim, [("first", "Воин", True), ("second", "Орк", True)])
    verdict = "Первый игрок; затем игроки чередуются" if (not r1.legal and r2.legal) else "Модель не смогла определить"
    return Finding(verdict, [*r1.reasons], _dedup([*_cites(r1, r2)]), sim.trace)


def q_reveal_order(ctx: Ctx) -> Finding | None:
    """Who reveals first (405.1)."""
    ctx.has("reveal", "who", "order", "first", "player", "card")
    sim = _sim([_card("Воин", cell="c3", revealed=False), _card("Орк", owner="second", cell="c4", revealed=False)], phase="reveal")
    r = phases.reveal_step(sim)
    order = r.value or []
    verdict = "Первый игрок; после него — Второй" if order == ["first", "second"] else "Второй игрок"
    if ctx.yes_no:
        asked = ctx.first(("first", "second"))
        yes = (asked == "first") == (order[:1] == ["first"])
        verdict = f"{'Да' if yes else 'Нет'}, первым вскрывает карты Первый игрок, после него — Второй"
    return Finding(verdict, [c for c in r.consequences if c.result == "вскрывает"], _dedup(["405.1", *_cites(r)]), sim.trace)


def q_reveal_hidden(ctx: Ctx) -> Finding | None:
    """The second player may keep 3rd-row cards hidden until the end of the first player's first turn (405.1)."""
    who = "first" if ctx.has("first") and not ctx.has("second") else "second"
    ctx.has("second", "hidden", "third_row", "reveal", "player", "card")
    cell = "b6" if who == "second" else "b1"
    if ctx.has("front_row"):
        cell = "b4" if who == "second" else "b3"
    sim = _sim([_card("Воин", cell="c3", revealed=False), _card("Орк", owner="second", cell="c4", revealed=False),
                _card("Карта", owner=who, cell=cell, revealed=False)], phase="reveal")
    r = phases.reveal_step(sim, ["Карта"])
    f = _legal(sim, r, "может — до конца первого хода Первого игрока", "нельзя")
    if not ctx.yes_no and r.legal:
        f.verdict = "До конца первого хода Первого игрока: до тех пор Второй игрок может держать карты 3-го ряда скрытыми"
    return f


def q_reveal_zones(ctx: Ctx) -> Finding | None:
    """At the reveal step flyers and terrains go to the additional zone (405.1, 211.1)."""
    ctx.has("reveal", "flying", "terrain", "creature", "card", "placement_word", "relocate")
    kind = "terrain" if ctx.has("terrain") and not ctx.has("flying") else "creature"
    card = _card("Карта", kind=kind, traits=set() if kind == "terrain" else {"flying"}, cell="a1", revealed=False)
    sim = _sim([card], phase="reveal")
    r = phases.reveal_step(sim)
    lines = [c for c in r.consequences if c.card == "Карта"]
    zone = sim.state.cards["Карта"].zone
    verdict = "Во вспомогательную (дополнительную) зону" if zone == "additional_zone" else "Остаются на поле боя"
    if kind == "terrain":
        verdict += "; это не использует стек"
    return Finding(verdict, lines, _dedup([*_first_rules(lines), *_cites(r)]), sim.trace)


def q_lives_on_entry(ctx: Ctx) -> Finding | None:
    """A card appearing in the game zone has its current maximum of lives equal to its initial lives (508.1)."""
    ctx.has("lives", "lives_max", "appears", "card", "creature")
    sim = _sim([_card("Воин")])
    r = sim.summon(_card("Волк", cell="c3", lives=4), None)
    c = sim.state.cards["Волк"]
    verdict = ("Начальному количеству жизней (без учёта эффектов)" if c.current_lives == c.lives else "Модель не смогла определить")
    return Finding(verdict, [x for x in r.consequences if x.rules], _dedup(["508.1", *_cites(r)]), sim.trace)


def q_lives_change(ctx: Ctx) -> Finding | None:
    """Any change of lives is put on the card as wounds or extra / negative lives markers (508.1.1)."""
    ctx.has("lives_change", "lives", "wound", "card", "creature")
    sim = _sim([_card("Воин", lives=5)])
    r = sim.wound("Воин", 2)
    return Finding("В виде ран, маркеров дополнительных или отрицательных жизней", [x for x in r.consequences if x.rules],
                   _dedup(["508.1.1", *_cites(r)]), sim.trace)


def q_turn_phases(ctx: Ctx) -> Finding | None:
    """A turn starts with the start phase; start, opening, main, end — once each, in order (408.2)."""
    ctx.has("turn_phases", "turn_start", "order")
    sim = _sim([_card("Воин")], active="second", priority="second")
    r = sim.start_turn("first")
    verdict = ("Ход начинается с Начальной фазы; затем фаза Открытия, Главная и Заключительная — каждая один раз за ход, именно в этом порядке"
               if sim.state.subphase == "start" else "Модель не смогла определить")
    return Finding(verdict, [c for c in r.consequences if "408.2" in c.rules], _dedup(["408.2", *_cites(r)]), sim.trace)


def q_between_phases(ctx: Ctx) -> Finding | None:
    """Nothing happens between turns, phases, subphases or steps (408.2); the transition uses no stack (302.5)."""
    ctx.has("between_phases", "phase_transition")
    sim = _sim([_card("Воин")])
    r = sim.subphase("action")
    lines = [Consequence("Никакое событие не может произойти в игре между ходами, фазами, подфазами или шагами", ("408.2",)),
             *[c for c in r.consequences if c.rules]]
    verdict = "Нет, между ходами, фазами, подфазами и шагами ничего не происходит" if ctx.yes_no else "Ничего: переход выполняется сразу, без стека"
    return Finding(verdict, lines, _dedup(["408.2", *_cites(r)]), sim.trace)


def q_phase_end(ctx: Ctx) -> Finding | None:
    """A phase ends when the stack holds nothing for it and both players pass in turn (408.2)."""
    ctx.has("phase_end", "stack", "pass", "both", "when")
    sim = _sim([_card("Воин")])
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    verdict = ("Когда в стеке нет игродействий этой фазы и оба игрока последовательно пасуют; затем игра переходит к следующей"
               if r.value == "phase_end" else "Модель не смогла определить")
    return Finding(verdict, [c for c in r.consequences if c.rules], _dedup(["408.2", *_cites(r)]), sim.trace)


def q_main_phase_active(ctx: Ctx) -> Finding | None:
    """The first player is active when the main phase starts (408.1)."""
    ctx.has("main_phase", "active", "who", "first", "player")
    sim = _sim([_card("Воин")], phase="vanguard", active="second", priority="second")
    r = phases.main_phase(sim)
    verdict = "Первый игрок" if r.value == "first" else "Второй игрок"
    return Finding(verdict, [c for c in r.consequences if c.rules], _dedup(["408.1", *_cites(r)]), sim.trace)


QUERIES: dict[str, Callable[[Ctx], Finding | None]] = {
    "place_on_host": q_place_on_host,
    "count_attached": q_count_attached,
    "host_event": q_host_event,
    "unhosted": q_unhosted,
    "summoned": q_summoned,
    "attached_moves": q_attached_moves,
    "symbiote_no_declare": q_attached_moves,
    "attached_attack_host": q_attached_attack_host,
    "parasite_hosts": q_parasite_hosts,
    "redirect": q_redirect,
    "artifact_struck": q_artifact_struck,
    "artifact_defends": q_artifact_defends,
    "attack_target": q_attack_target,
    "wound_target": q_wound_target,
    "noncreature_moves": q_noncreature_moves,
    "count_terrain": q_count_terrain,
    "placement_word": q_placement_word,
    "relocation_spends": q_relocation_spends,
    "occupied_cell": q_occupied_cell,
    "diagonal": q_diagonal,
    "jump_after_move": q_jump_after_move,
    "jump_is_movement": q_jump_is_movement,
    "closed_moves": q_closed_moves,
    "open_restores": q_open_restores,
    "act_then_move": q_act_then_move,
    "who_moves": q_who_moves,
    "inactive_moves": q_inactive_moves,
    "slow_nonempty_stack": q_slow_nonempty_stack,
    "speed": q_speed,
    "uses_stack": q_uses_stack,
    "which_use_stack": q_which_use_stack,
    "stack_resolves": q_stack_resolves,
    "rule_effects_first": q_rule_effects_first,
    "trigger_order": q_trigger_order,
    "decline_later": q_decline_later,
    "preliminary_order": q_preliminary_order,
    "reveal_order": q_reveal_order,
    "reveal_hidden": q_reveal_hidden,
    "main_phase_active": q_main_phase_active,
    "new_host": q_new_host,
    "jump_zero": q_jump_zero,
    "cell_with_artifact": q_cell_with_artifact,
    "reveal_zones": q_reveal_zones,
    "attached_nearby": q_attached_nearby,
    "jump_spends": q_jump_spends,
    "move_outside_choice": q_move_outside_choice,
    "when_speed": q_when_speed,
    "pass_is_action": q_pass_is_action,
    "priority_after_declare": q_priority_after_declare,
    "priority_new_phase": q_priority_new_phase,
    "once_per_battle": q_once_per_battle,
    "move_cost": q_move_cost,
    "no_points_move": q_no_points_move,
    "stack_top": q_stack_top,
    "inactive_fast": q_inactive_fast,
    "seating_order": q_seating_order,
    "attached_ban": q_attached_ban,
    "before_reveal": q_before_reveal,
    "action_parts": q_action_parts,
    "action_divide": q_action_divide,
    "when_on_stack": q_when_on_stack,
    "payment": q_payment,
    "priority_count": q_priority_count,
    "lives_on_entry": q_lives_on_entry,
    "lives_change": q_lives_change,
    "turn_phases": q_turn_phases,
    "between_phases": q_between_phases,
    "phase_end": q_phase_end,
}
