"""Simultaneous triggered abilities read as a proposition (issue 11, 305.1): whose abilities
went off together («у меня и у противника», «моя и противника», «у меня две»), who is active
when told («я неактивный», «противник активный»), and the asked property:

- ``first_in`` — who puts his abilities onto the stack first («кто первым заносит в стек?»,
  «в каком порядке они заносятся в стек?»);
- ``first_resolved`` — whose resolve first («чьи выполнятся первыми?»);
- ``own_order`` — the order of one player's own abilities («в каком порядке неактивный кладёт
  свои сработки?», «кто выбирает порядок своих?»);
- ``can`` — «могут ли особенности сработать одновременно?».

``answer`` compiles the reading into a ``scenarios/`` mapping with one ``triggers`` step — the
abilities of each player in the order he chose — runs it (for ``own_order`` once per order
of the player's abilities) and reads the stack off the results. Every content word must be
used, else ``None``. Words: section ``triggers`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.lexicon import section_sets
from bot.reading.tokens import SentenceReader, Tok

ME, OPP = "first", "second"


def _w() -> dict[str, frozenset[str]]:
    return section_sets("triggers")


@dataclass
class TriggerReading:
    """``owners``: whose abilities went off (``first`` = the asker, ``second``; both when the
    question names both or neither); ``count`` of one player's abilities when told («две»);
    ``active`` (who is active, when told); ``asked`` (see the module); ``side`` — the player
    ``own_order`` asks about (``active`` / ``inactive`` / ``each``); ``yes_no`` and ``claim``
    (for a yes/no question: ``active_first_in`` / ``inactive_first_in`` /
    ``active_first_resolved`` / ``inactive_first_resolved`` / ``chosen``); ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    owners: set[str] = field(default_factory=set)
    count: int = 1
    active: str | None = None
    asked: str | None = None
    side: str | None = None
    yes_no: bool = True
    claim: str | None = None
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


_WH = frozenset("кто чьи чья чей чье чьё как каком какой когда что".split())


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = _w()
        self.r = TriggerReading(question, self.toks)

    def read(self) -> TriggerReading:
        r = self.r
        from bot.reading.scope import is_trigger_name

        # a quoted trigger condition («при гибели») names a triggered ability; «в начале боя», «авангард» do not (406, 407)
        triggered = [t for t in self.toks if self.has("trigger_verbs", t) or self.has("trigger_nouns", t)
                     or t.quote and is_trigger_name(t.text)]
        if any(t.quote and not is_trigger_name(t.text) for t in self.toks):
            return r
        ability = [t for t in self.toks if self.has("ability_nouns", t)]
        together = [t for t in self.toks if self.has("together", t)]
        roles = [t for t in self.toks if self.has("active", t) or self.has("inactive", t) or self.has("order", t)]
        # «одновременно сработали …», or abilities with a side or an order («активный кладёт свои особенности первым?»)
        if not (triggered or together and ability or ability and roles):
            return r
        self.use(*(t.i for t in triggered + ability + together))
        self.read_owners()
        self.read_roles()
        self.read_told_time()
        self.read_asked()
        self.read_unread()
        return r

    def read_told_time(self) -> None:
        """«в начале хода / боя», «в один момент», «у каждого по одной»: when they triggered and
        that each side has one — the situation 305.1 rules whatever the moment."""
        for t in self.toks:
            p, n = self.tok(t.i - 1), self.tok(t.i + 1)
            if self.has("time_nouns", t) and p is not None and p.text in ("в", "во") and self.has("time_of", n):
                self.use(p.i, t.i, n.i)         # «в начале хода»
            elif t.lemma == "каждый" and p is not None and p.text == "у" and n is not None and n.text == "по" \
                    and self.tok(t.i + 2) is not None and self.toks[t.i + 2].lemma in ("один", "одна"):
                self.use(p.i, t.i, n.i, t.i + 2)    # «у каждого по одной»

    def read_owners(self) -> None:
        """«у меня и у противника», «у моей карты», «моя и противника», «у обоих игроков»,
        «разных игроков», «у меня … две особенности»."""
        for t in self.toks:
            p = self.tok(t.i - 1)
            if self.has("me", t) and not self.role_word_after(t):
                self.r.owners.add(ME)
                self.use(t.i, p.i if p is not None and p.text == "у" else None)
            elif self.has("opponent", t) and not self.role_word_after(t):
                self.r.owners.add(OPP)
                self.use(t.i, p.i if p is not None and p.text == "у" else None)
            elif self.has("both", t):
                self.r.owners |= {ME, OPP}
                self.use(t.i, p.i if p is not None and p.text == "у" else None)
                nx = self.tok(t.i + 1)
                if nx is not None and nx.lemma == "игрок":
                    self.use(nx.i)
            elif t.text in ("его", "него", "ее", "её", "нее", "неё") and p is not None and p.text == "у" \
                    and ME in self.r.owners and OPP not in self.r.owners:
                self.r.owners.add(OPP)      # «и у моих карт, и у его»: the other player
                self.use(t.i, p.i)
            elif t.text in ("две", "два", "2", "несколько"):
                self.r.count = 2
                self.use(t.i)
            elif t.lemma == "карта" and p is not None and (self.has("me", p) or self.has("opponent", self.tok(t.i + 1))):
                self.use(t.i)       # «у моей карты», «у карты противника»
            elif t.text in ("и",):
                self.use(t.i)

    def role_word_after(self, t: Tok) -> bool:
        nx = self.tok(t.i + 1)
        return nx is not None and (self.has("active", nx) or self.has("inactive", nx)) and t.lemma == "я" or \
            t.lemma in ("противник", "соперник") and nx is not None and (self.has("active", nx) or self.has("inactive", nx)) \
            and t.sent == nx.sent and not any(u.text == "у" for u in self.toks[max(0, t.i - 1):t.i])

    def read_roles(self) -> None:
        """«я активный (игрок)», «я неактивный», «противник активный»."""
        for t in self.toks:
            if not (self.has("active", t) or self.has("inactive", t)):
                continue
            p = self.tok(t.i - 1)
            how = None
            if p is not None and p.text == "как" and self.tok(t.i - 2) is not None:
                how, p = p, self.tok(t.i - 2)    # «он как неактивный кладёт …», «я как активный»: the role of the subject
            who = ME if p is not None and p.lemma == "я" else OPP if p is not None and (
                self.has("opponent", p) or how is not None and p.lemma == "он") else None
            if who is None or t.sent == self.asked_sent and t.sent != 0 and p.i < 0:
                continue
            if how is not None:
                self.use(how.i)
                if t.sent == self.asked_sent:     # «… он как неактивный кладёт свои первыми?»: the role of the asked subject
                    self.subject_role = "active" if self.has("active", t) else "inactive"
            act = self.has("active", t)
            self.r.active = who if act else (OPP if who == ME else ME)
            self.use(t.i, p.i, t.i + 1 if self.tok(t.i + 1) is not None and self.toks[t.i + 1].lemma == "игрок" else None)
        for t in self.toks:     # «ход мой», «в ход противника»: whose turn it is — that player is active (303.1)
            if t.lemma != "ход" or self.r.active is not None:
                continue
            near = [u for u in (self.tok(t.i - 1), self.tok(t.i + 1)) if u is not None and u.clause == t.clause]
            who = next((ME if self.has("me", u) else OPP for u in near if self.has("me", u) or self.has("opponent", u)), None)
            if who is not None:
                self.r.active = who
                self.use(t.i, *(u.i for u in near if self.has("me", u) or self.has("opponent", u)))

    def read_asked(self) -> None:
        r = self.r
        sent = [t for t in self.toks if t.sent == self.asked_sent]
        texts = {t.text for t in sent}
        if sent and sent[0].text == "когда" and any(t.clause != sent[0].clause for t in sent):
            texts.discard("когда")      # «когда сработки возникают одновременно, …?»: a time clause, not «когда?»
            self.use(sent[0].i)
        # «я как активный кладу …?»: a «как» the roles' reading used asks nothing
        r.yes_no = "ли" in texts or not ({t.text for t in sent if t.i not in r.used} & _WH)
        for t in sent:
            if t.text in ("ли", "в", "их", "они", "свои", "своих", "сам", "сама") or self.has("stack", t) \
                    or self.has("into_stack", t) or t.text in _WH:
                self.use(t.i)
        side = [t for t in sent if (self.has("active", t) or self.has("inactive", t)) and t.i not in r.used]
        order = [t for t in sent if self.has("order", t)]
        choose = [t for t in sent if self.has("choose", t)]
        first = [t for t in sent if self.has("first", t)]
        last = [t for t in sent if self.has("last", t)]
        resolve = [t for t in sent if self.has("resolve", t)]
        can = [t for t in sent if t.text in ("могут", "может", "бывает", "бывают")]
        self.use(*(t.i for t in order + choose + first + last + resolve + can))
        own = any(t.text in ("свои", "своих", "своё", "свое") for t in sent)
        if own and (order or choose) and (len(side) == 1 or any(t.text == "кто" for t in sent) or r.count == 2):
            r.asked = "own_order"
            if len(side) == 1:
                r.side = "active" if self.has("active", side[0]) else "inactive"
                self.use(side[0].i, side[0].i + 1 if self.tok(side[0].i + 1) is not None and self.toks[side[0].i + 1].lemma == "игрок" else None)
            else:
                r.side = "each"
            r.claim = "chosen" if r.yes_no else None
            return
        if r.count == 2 and len(r.owners) <= 1 and order and not side:
            r.asked, r.side = "own_order", "active" if r.active == (r.owners and next(iter(r.owners))) else "each"
            if r.owners and r.active:
                r.side = "active" if r.active in r.owners else "inactive"
            return
        if can and r.yes_no and not (side or first or last or order):
            r.asked = "can"
            return
        if r.yes_no:
            role = getattr(self, "subject_role", None)
            if not (first or last) or not side and role is None:
                return      # «особенности неактивного выполняются раньше особенностей активного?»: the first side is the subject
            if side:
                s = "active" if self.has("active", side[0]) else "inactive"
                self.use(side[0].i, side[0].i + 1 if self.tok(side[0].i + 1) is not None and self.toks[side[0].i + 1].lemma == "игрок" else None)
            else:
                s = role
            other = [t for t in sent if (self.has("active", t) or self.has("inactive", t)) and side and t is not side[0]]
            self.use(*(t.i for t in other))
            if last:
                s = "inactive" if s == "active" else "active"
            r.asked = "first_resolved" if resolve else "first_in"
            r.claim = f"{s}_{r.asked}"
            return
        if len(side) == 2 and self.has("active", side[0]) != self.has("active", side[1]) and any(t.text == "или" for t in sent):
            # «кто первым заносит их в стек, активный или неактивный?»: the two roles are the answer's options
            self.use(*(x.i for x in side), *(x.i + 1 for x in side if self.tok(x.i + 1) is not None
                                             and self.toks[x.i + 1].lemma == "игрок"))
        r.asked = "first_resolved" if resolve else "first_in"


def read(question: str) -> TriggerReading:
    """Read ``question`` into a ``TriggerReading`` (``asked`` ``None``: not about simultaneous triggers)."""
    return _Reader(question).read()


def _mapping(r: TriggerReading, items: list[tuple[str, str]]) -> dict:
    cards = [{"id": "Ваша карта", "owner": ME, "class": "воин", "cell": "c2"},
             {"id": "Карта противника", "owner": OPP, "class": "воин", "cell": "c5"}]
    card = {ME: "Ваша карта", OPP: "Карта противника"}
    return {"title": "Вопрос: " + " ".join(r.question.split())[:120],
            "state": {"active": r.active or ME, "cards": cards},
            "steps": [{"triggers": [{"player": p, "name": n, "card": card[p]} for p, n in items]}]}


def _run(mapping: dict):
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": 1, "legal": True}]}}), "<вопрос>"))
    mapping["expect"] = {"steps": [{"step": 1, "stack": res.results[0].stack}]}
    res = sc.run(sc.load(dump(mapping), "<вопрос>"))
    return res if res.passed else None


_RU_SIDE = {"active": "Активный", "inactive": "Неактивный"}


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The simultaneous-trigger question answered by the simulator, or ``None``."""
    from bot.reading.route import read_asked, simulated_answer

    r = read_asked(question, read)
    if r is None:
        return None
    active = r.active or ME
    inactive = OPP if active == ME else ME
    runs = []
    if r.asked == "own_order":
        who = {"active": active, "inactive": inactive}.get(r.side or "", active)
        for order in (("особенность 1", "особенность 2"), ("особенность 2", "особенность 1")):
            m = _mapping(r, [(who, f"{n} ({'ваша' if who == ME else 'противника'})") for n in order])
            runs.append((m, _run(m)))
    else:
        m = _mapping(r, [(inactive, "особенность Неактивного"), (active, "особенность Активного")])
        runs.append((m, _run(m)))
    if any(res is None for _, res in runs):
        return None
    res0 = runs[0][1].results[0]
    stack = res0.stack     # bottom -> top: the first put is at the bottom, the last resolves first
    lines = [c.line() for c in res0.consequences if c.rules]
    cites = ["305.1", "302.7"]
    if r.asked == "own_order":
        kept = all(res.results[0].stack == [x["name"] for x in m["steps"][0]["triggers"]] for m, res in runs)
        if not kept:
            return None
        if r.side == "each":
            verdict = ("Каждый игрок сам: свои одновременно сработавшие особенности игрок заносит в стек в выбранном им "
                       "порядке; сначала заносит Активный игрок, затем Неактивный")
        else:
            who = _RU_SIDE[r.side or "active"]
            when = "первыми, до особенностей Неактивного" if r.side != "inactive" else "после особенностей Активного"
            verdict = (f"В порядке, который выбирает он сам: {who} игрок заносит свои одновременно сработавшие особенности "
                       f"в стек в выбранном им порядке, {when}")
        if r.yes_no:
            verdict = "Да, " + verdict[:1].lower() + verdict[1:]
    else:
        if stack != ["особенность Активного", "особенность Неактивного"]:
            return None
        first_in, first_resolved = "active", "inactive"     # read off the stack: bottom first in, top resolves first
        verdict = ("Первыми в стек заносит свои особенности Активный игрок (в выбранном им порядке), затем Неактивный; "
                   "поэтому первыми выполнятся особенности Неактивного игрока")
        if r.active == ME and not r.yes_no and r.asked == "first_in":
            verdict = ("Сначала ваши: вы Активный игрок, ваши особенности заносятся в стек первыми (в выбранном вами "
                       "порядке), затем — особенности противника; поэтому первыми выполнятся особенности противника")
        elif r.active == OPP and not r.yes_no and r.asked == "first_in":
            verdict = ("Сначала особенности противника: он Активный игрок и заносит свои в стек первым (в выбранном им "
                       "порядке); ваши особенности заносятся в стек после особенностей противника и выполнятся первыми")
        elif r.active == ME:
            verdict += " (вы Активный игрок: ваши особенности заносятся в стек первыми, а выполнятся первыми особенности противника)"
        elif r.active == OPP:
            verdict += " (вы Неактивный игрок: ваши особенности заносятся в стек после особенностей противника и выполнятся первыми)"
        if r.asked == "can":
            verdict = "Да, могут; тогда " + verdict[:1].lower() + verdict[1:]
        elif r.yes_no and r.claim:
            side, what = r.claim.split("_", 1)
            yes = side == (first_in if what == "first_in" else first_resolved)
            verdict = f"{'Да' if yes else 'Нет'}, {verdict[:1].lower()}{verdict[1:]}"
        elif r.yes_no:
            return None
    mapping = runs[0][0]
    trace = [t for _, res in runs for t in res.trace]
    owners = {frozenset({ME, OPP}): "у вас и у противника", frozenset({ME}): "у вас", frozenset({OPP}): "у противника"}
    told = owners.get(frozenset(r.owners), "у игроков")
    role = {ME: "; Активный игрок — вы", OPP: "; Активный игрок — противник"}.get(r.active or "", "")
    ask_ru = {"first_in": "кто первым заносит особенности в стек", "first_resolved": "чьи особенности выполнятся первыми",
              "own_order": "в каком порядке игрок заносит свои особенности", "can": "могут ли особенности сработать одновременно"}
    understood = f"Как я понял: {told} одновременно срабатывают особенности{role}; вопрос: {ask_ru[r.asked]}."
    return simulated_answer(question, verdict, lines, cites, trace, understood, mapping, edition)
