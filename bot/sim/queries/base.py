"""Shared pieces of the simulator queries: the question as concepts (``Ctx``), the answer
(``Finding``) and helpers that build small boards and read verdicts off step results."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from bot.sim.effects import label
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence, StepResult, rules_of
from bot.sim.state import Card, GameState, parse_cell


@dataclass
class Ctx:
    """The question as concepts: ``found[concept] = [token index, ...]``; ``tokens`` the
    folded words. ``has`` records every concept a query consulted (``used``), so the
    route can report the words nothing used. ``ask_from``: token index where the asked
    sentence starts (earlier sentences describe the situation); ``main_from``: where its
    main clause starts (after a leading «если …,»); ``found["alternative"]``
    marks an either/or question («на своих или на чужих?»)."""

    tokens: list[str]
    found: dict[str, list[int]]
    yes_no: bool = False
    used: set[str] = field(default_factory=set)
    event: str | None = None
    ask_from: int = 0
    main_from: int = 0
    read_idx: set[int] = field(default_factory=set)

    def read_words(self, *words: str, start: int | None = None) -> bool:
        """Mark every token equal to one of ``words`` (from ``start``, default the asked
        sentence) as read by the query — words it consults directly, not through a
        concept («только», «сразу»); the route reports only unread words. True if any."""
        at = self.ask_from if start is None else start
        hit = {i for i, t in enumerate(self.tokens) if i >= at and t in words}
        self.read_idx |= hit
        return bool(hit)

    def asked(self, *concepts: str) -> bool:
        """Any of ``concepts`` is mentioned in the asked sentence (marked as used)."""
        hit = [c for c in concepts if any(i >= self.ask_from for i in self.found.get(c, []))]
        self.used.update(hit)
        return bool(hit)

    @property
    def alternative(self) -> bool:
        """An either/or question: the verdict must name the option, not say «Да» / «Нет»."""
        return "alternative" in self.found

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
    ``trace`` (the simulator trace). A fact verdict («Активный игрок», «Во вспомогательную
    зону») may name the concept it states (``option``) and the concepts it rules out
    (``rivals``): a yes/no question naming one of them is answered «Да, …» / «Нет, …»
    (``yes_no_from_fact``)."""

    verdict: str
    lines: list[Consequence]
    citations: list[str]
    trace: list[str]
    explanation: str = ""
    option: str | None = None
    rivals: tuple[str, ...] = ()


# ---------------------------------------------------------------------- helpers
def make_card(cid: str, owner: str = "first", cell: str | None = "c2", **kw) -> Card:
    """A card ``cid`` of ``owner`` on ``cell`` ("c2"; ``None`` = off the battlefield);
    ``kw`` are further ``Card`` fields."""
    return Card(id=cid, owner=owner, cell=parse_cell(cell) if cell else None, **kw)


def make_sim(cards: list[Card], **state) -> Simulator:
    """A simulator over ``GameState(**state)`` holding ``cards``; an attached card
    (``host`` set) is put on its host's cell (209.9, 212.7)."""
    st = GameState(**state)
    for c in cards:
        st.cards[c.id] = c
        if c.host:
            c.cell = st.cards[c.host].cell
    return Simulator(st)


def cites_of(*results: StepResult, extra: tuple[str, ...] = ()) -> list[str]:
    """Every paragraph of the steps ``results`` (reasons first), then ``extra``; the step
    paragraphs are ``TraceRule``s — cited only if the conclusion rests on them."""
    out: list[str] = []
    for r in results:
        for n in [*[x for c in r.reasons for x in c.rules], *r.cites]:
            if n not in out:
                out.append(TraceRule(n))
    for n in extra:
        if n not in out:
            out.append(n)
    return out


def legal_finding(sim: Simulator, r: StepResult, yes: str, no: str, extra: tuple[str, ...] = ()) -> Finding:
    """A yes/no finding from the legality of step ``r``. ``extra``: the paragraphs the
    query's «Да» rests on (209.9 for a host attacking its symbiote) — then the declaration's
    own steps (the stack, the speed: 302.2, 304.2 …) are trace only, not cited; without
    ``extra`` the step's consequences are the reasons."""
    if r.legal:
        lines = [c for c in r.consequences if c.rules] or r.consequences
        # «приоритет остаётся у объявившего» (303.3) follows every stack declaration: never why it was allowed
        lines = [c for c in lines if tuple(c.rules) != ("303.3",)] or lines
        if extra:
            why = yes.split(":", 1)[1].strip() if ":" in yes else ""
            lines = [c for c in lines if set(c.rules) & set(extra)] or (
                [Consequence(why[:1].upper() + why[1:], tuple(extra))] if why else [])
        rules = [*extra, *rules_of(lines)]
        return Finding(f"Да, {yes}" if yes else "Да", lines, dedup(rules + cites_of(r)), sim.trace)
    reason = short_reason(r.reasons[0].text) if r.reasons else ""
    return Finding(f"Нет, {no}: {lower_first(reason)}" if reason else f"Нет, {no}", r.reasons,
                   dedup([*rules_of(r.reasons), *extra]), sim.trace)


_CELL_RE = re.compile(r"\b[a-e][1-6]\b")
_PAREN_RE = re.compile(r"\s*\([^()]*\)")


def short_reason(reason: str) -> str:
    """The rule part of a reason for the verdict: no parentheses with the modelled cards,
    no clause about the modelled cells («c3 занята»); the full text stays in the blocks."""
    parts = [p for p in _PAREN_RE.sub("", reason).split("; ") if not _CELL_RE.search(p)]
    parts = [p.split(", а ")[0] for p in parts]   # «…, а существо «Хозяин» — …» names the model
    return "; ".join(parts) or _PAREN_RE.sub("", reason)


class TraceRule(str):
    """A paragraph number that came from the simulator steps (``cites_of``) rather than from
    the query's own reasoning: it documents the trace (passing priority, resolving the
    stack …) and is cited only when the decisive lines rest on it (``decisive_citations``)."""

    __slots__ = ()


def decisive_citations(f: Finding) -> list[str]:
    """The paragraphs the conclusion rests on, most relevant first (plain strings):
    ``f.citations`` without the trace-only ones (``TraceRule``) — kept are the first
    citation, the paragraphs of the decisive lines (``f.lines``) and the paragraphs the
    query named itself. The trace keeps every paragraph of every step."""
    # «приоритет остаётся у объявившего» (303.3) follows every stack declaration: decisive only when the query names it
    decisive = set(rules_of([c for c in f.lines if tuple(c.rules) != ("303.3",)]))
    return [str(n) for i, n in enumerate(f.citations) if i == 0 or n in decisive or not isinstance(n, TraceRule)]


def asked_in(ctx: Ctx, concept: str) -> bool:
    """``concept`` is mentioned in the asked sentence (not only in the scene before it)."""
    return any(i >= ctx.ask_from for i in ctx.found.get(concept, []))


_ROLE_WORDS = ("Активн", "Неактивн", "Первый игрок", "Второй игрок")


def yes_no_from_fact(ctx: Ctx, f: Finding) -> str | None:
    """The «Да, …» / «Нет, …» verdict of a yes/no question whose query states a fact
    (``f.option`` / ``f.rivals``): the asked sentence names the option and no rival → «Да»,
    a rival and not the option → «Нет» («После выполнения верхнего приоритет получает
    неактивный?» → «Нет, … Активный игрок»); both named: the first named is the subject;
    ``None`` when it names neither."""
    if f.option is None:
        return None
    has_option = asked_in(ctx, f.option)
    has_rival = any(asked_in(ctx, c) for c in f.rivals)
    if has_option and has_rival:
        # «особенности неактивного выполняются раньше особенностей активного?»: the first named is the subject
        at = {c: min(i for i in ctx.found[c] if i >= ctx.ask_from) for c in (f.option, *f.rivals) if asked_in(ctx, c)}
        has_option = min(at, key=at.get) == f.option
        has_rival = not has_option
    if has_option == has_rival:
        return None
    ctx.used.update(c for c in (f.option, *f.rivals) if c in ctx.found)
    body = f.verdict if f.verdict.startswith(_ROLE_WORDS) else lower_first(f.verdict)
    return f"{'Да' if has_option else 'Нет'}, {body}"


def dedup(xs: list[str]) -> list[str]:
    out: list[str] = []
    for x in xs:
        if x and x not in out:
            out.append(x)
    return out


def lower_first(s: str) -> str:
    return s[:1].lower() + s[1:] if s and not s.startswith("«") else s


def fate_finding(sim: Simulator, rs: list[StepResult], cid: str, what: str | None = None) -> Finding:
    """What happened to card ``cid`` during results ``rs``; ``what`` names it as it was
    before (a symbiote that became a creature is still «симбиот» in the verdict)."""
    lines = [c for r in rs for c in r.consequences if c.card == cid and c.result]
    if not lines:
        c = sim.state.cards[cid]
        where = "остаётся у хозяина" if c.host else "остаётся"
        name = what or label(c).split(" «")[0]
        return Finding(f"Ничего: {name} {where}", [], cites_of(*rs), sim.trace)
    last = lines[-1]
    word = {"остаётся": "не уничтожается и используется как обычно"}.get(last.result or "", last.result)
    what = what or label(sim.state.cards[cid]).split(" «")[0]
    if last.result == "становится существом":
        word = "становится самостоятельным существом (это не использует стек)"
    return Finding(f"{what[:1].upper()}{what[1:]} {word}", lines,
                   dedup([*rules_of(lines), *cites_of(*rs)]), sim.trace)


SUBJECT_IDS = {"symbiote": "Лиана", "parasite": "Клещ", "equipment": "Меч"}


def worn_after_host(ctx: Ctx) -> str | None:
    """«хозяин экипировки»: the card named right after «хозяин» is the worn one."""
    for i in ctx.found.get("host", []):
        for c in ("equipment", "symbiote", "parasite"):
            if i + 1 in ctx.found.get(c, []):
                ctx.used.add(c)
                return c
    return None


def subject_of(ctx: Ctx) -> str | None:
    return ctx.first(("symbiote", "parasite", "equipment"), skip_after="на")


def subject_card(ctx: Ctx, subj: str, cid: str = "S", host: str | None = "H", cell: str | None = None) -> Card:
    if subj == "equipment":
        return make_card(cid, kind="equipment", equipment_class="оружие", host=host, cell=cell, movement=None)
    traits = {"symbiote"} | ({"parasite"} if subj == "parasite" else set())
    if subject_incorporeal(ctx, subj):
        traits.add("incorporeal")
    return make_card(cid, owner="second" if subj == "parasite" else "first", traits=traits, host=host, cell=cell, movement=None)


def subject_incorporeal(ctx: Ctx, subj: str) -> bool:
    """«бестелесный симбиот»: incorporeal mentioned twice, or right before the subject."""
    inc = ctx.found.get("incorporeal", [])
    subj_at = ctx.found.get(subj, [])
    if len(inc) >= 2:
        return True
    become = set(ctx.found.get("become", []))
    return subj != "equipment" and any(i + 1 in subj_at and i - 1 not in become and _agree(ctx.tokens[i], ctx.tokens[i + 1])
                                       for i in inc)


def _agree(adjective: str, noun: str) -> bool:
    """The adjective can stand in the noun's case («бестелесный симбиот»), so it describes
    the noun; «стал бестелесным симбиот помрёт» (instrumental before a nominative) does not."""
    from bot.morph import analyzer
    cases = {p.tag.case for p in analyzer().parse(noun) if p.tag.case}
    return not cases or any(p.tag.case in cases for p in analyzer().parse(adjective) if p.tag.case)
