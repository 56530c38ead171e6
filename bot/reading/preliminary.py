"""The preliminary phase read as a proposition (issue 11, 406–408): the abilities named —
«в начале боя» (406.1), «авангард» (407.1) — and the main phase (408.1), what a player did
(«я отказался от …», «первый игрок не воспользовался …»), and the asked property:

- ``first`` — who uses them first («кто первым использует авангард?», «может ли второй
  игрок использовать его первым?»);
- ``alternate`` — in turns or not («по очереди или одновременно?»);
- ``later`` — may a declined ability be used later; ``other`` — may the other player use
  his after one declined;
- ``once`` — how many times a card uses it per battle;
- ``sequence`` — which comes earlier («что раньше: в начале боя или авангард?»);
- ``main_active`` — who becomes active in the main phase;
- ``declared`` — must the move to the next phase be declared.

``answer`` compiles the reading into ``scenarios/`` mappings — ``battle_start`` / ``vanguard``
/ ``main_phase`` steps with the players' turns — runs them with the strict loader and reads
the verdict off which steps the simulator accepts. Every content word must be used, else
``None``. Words: section ``preliminary`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.lexicon import section_sets
from bot.reading.tokens import SentenceReader, Tok
from bot.textnorm import fold

ME, OPP = "first", "second"
OP = {"battle_start": "battle_start", "vanguard": "vanguard"}
RULE = {"battle_start": "406.1", "vanguard": "407.1", "main": "408.1"}
RU = {"battle_start": "«в начале боя»", "vanguard": "«авангард»", "main": "Основная фаза"}


def _w() -> dict[str, frozenset[str]]:
    return section_sets("preliminary")


@dataclass
class PreliminaryReading:
    """``named``: the abilities / phase named, in told order (``battle_start`` / ``vanguard``
    / ``main``); ``declined``: who declined his ability when told (``first`` / ``second``);
    ``declined_by_opponent``: he was named «противник» (his turn role untold);
    ``asked`` (see the module); ``player``: the player the question asks about; ``yes_no``;
    ``claim`` for a yes/no ``sequence`` / ``main_active``: the option the question states;
    ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    named: list[str] = field(default_factory=list)
    declined: str | None = None
    declined_by_opponent: bool = False
    asked: str | None = None
    player: str | None = None
    yes_no: bool = True
    claim: str | None = None
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


_WH = frozenset("кто что какой когда сколько чей".split())


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = _w()
        self.r = PreliminaryReading(question, self.toks)

    def read(self) -> PreliminaryReading:
        self.read_named()
        if not self.r.named and not any(self.has("phase", t) for t in self.toks):
            return self.r
        self.read_declined()
        self.read_asked()
        self.read_unread()
        return self.r

    def read_named(self) -> None:
        """«в начале боя» (quoted or not), «авангард», «основная фаза», «предварительная фаза»."""
        for t in self.toks:
            what = None
            if t.quote:
                what = {"в начале боя": "battle_start", "авангард": "vanguard"}.get(fold(t.text).strip(" .,!?"))
                if what is None:
                    return      # other quoted text: not this module's
                self.use(t.i)
            elif self.has("vanguard", t):
                what = "vanguard"
                self.use(t.i)
            elif t.text == "в" and self.tok(t.i + 1) is not None and self.toks[t.i + 1].lemma == "начало" \
                    and self.tok(t.i + 2) is not None and self.toks[t.i + 2].lemma == "бой":
                what = "battle_start"
                self.use(t.i, t.i + 1, t.i + 2)
            elif t.lemma == "начало" and self.has("phase", self.tok(t.i - 1)) and self.tok(t.i + 1) is not None \
                    and self.toks[t.i + 1].lemma == "бой":
                what = "battle_start"       # «в подфазу начала боя»: the subphase of «в начале боя» (406)
                p = self.tok(t.i - 2)
                self.use(t.i - 1, t.i, t.i + 1, p.i if p is not None and p.text in ("в", "во", "на") else None)
            elif self.has("main", t) and (self.has("phase", self.tok(t.i + 1)) or any(self.has("phase", u) for u in self.toks
                                                                                   if u.sent == t.sent)):
                what = "main"       # «основная фаза (боя)», «из предварительной фазы в основную»
                self.use(t.i, t.i + 1 if self.has("phase", self.tok(t.i + 1)) else None)
                if self.tok(t.i + 2) is not None and self.toks[t.i + 2].lemma == "бой":
                    self.use(t.i + 2)
            elif self.has("preliminary", t) and self.has("phase", self.tok(t.i + 1)):
                self.use(t.i, t.i + 1)
                p = self.tok(t.i - 1)
                if p is not None and p.text == "после":
                    self.r.named.append("main")     # «после предварительной фазы»: the main phase follows it
                    self.use(p.i)
                continue
            if what is not None:
                self.r.named.append(what)
                p = self.tok(t.i - 1)
                if p is not None and p.lemma in ("особенность", "использование"):
                    self.use(p.i)
                    pp = self.tok(p.i - 1)
                    if pp is not None and pp.lemma == "использование":
                        self.use(pp.i)

    def player_word(self, t: Tok | None) -> str | None:
        """«первый (игрок)» / «второй (игрок)» / «я» at ``t``."""
        if t is None:
            return None
        if t.lemma == "первый" or t.lemma == "я":
            return ME if t.lemma == "первый" else "me"
        if t.lemma == "второй":
            return OPP
        return None

    def read_declined(self) -> None:
        """«я отказался от …», «пропустил», «не воспользовался», «не стал использовать»,
        «первый игрок отказался …» — told, in the past tense."""
        for t in self.toks:
            neg = self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "не"
            if not (self.has("decline", t) and t.tense == "past" or neg and self.has("use_verbs", t) and t.tense == "past"):
                if not (neg and t.lemma == "стать" and self.has("use_verbs", self.tok(t.i + 1))):
                    continue
                self.use(t.i + 1)
            self.use(t.i, t.i - 1 if neg else None)
            who = None
            for u in self.toks:
                if u.clause == t.clause and u.i < t.i and self.player_word(u):
                    who = self.player_word(u)
                    self.use(u.i, u.i + 1 if self.tok(u.i + 1) is not None and self.toks[u.i + 1].lemma == "игрок" else None)
            if who is None and any(u.clause == t.clause and u.i < t.i and u.lemma in self.w["opponent"] for u in self.toks):
                who = OPP       # «противник отказался от авангарда»: the other player declined
                self.r.declined_by_opponent = True
                self.use(*(u.i for u in self.toks if u.clause == t.clause and u.i < t.i and u.lemma in self.w["opponent"]))
            self.r.declined = ME if who in (None, "me") else who
            for u in self.toks:     # «в свой черёд», «в свою очередь», «свою особенность», «от»
                if u.clause == t.clause and (self.has("turn", u) or u.text in ("в", "свой", "свою", "от", "её", "ее", "его")):
                    self.use(u.i)

    def read_asked(self) -> None:
        r = self.r
        sent = [t for t in self.toks if t.sent == self.asked_sent]
        texts = [t.text for t in sent]
        r.yes_no = "ли" in texts or not any(x in _WH for x in texts)
        for t in sent:
            if t.text in ("ли", "можно", "может", "могу", "могут", "надо", "нужно", "как-то") or self.has("use_verbs", t):
                self.use(t.i)
        alt = next((t for t in sent if t.text == "или"), None)
        if alt is not None:
            r.yes_no = False
            self.use(alt.i)
        later = [t for t in sent if self.has("later", t)]
        order = [t for t in sent if self.has("in_turn", t) or t.text in ("по", "очереди") and any(u.text == "очереди" for u in sent)]
        first = [t for t in sent if self.has("first", t)]
        count = [t for t in sent if self.has("count", t)]
        before = [t for t in sent if self.has("before", t)]
        after = [t for t in sent if self.has("after", t)]
        active = [t for t in sent if self.has("active", t)]
        declare = [t for t in sent if self.has("declare", t)]
        change = [t for t in sent if self.has("change", t)]
        if declare and (change or "main" in r.named):
            r.asked = "declared"
            self.use(*(t.i for t in declare + change))
            self.use(*(t.i for t in sent if t.text in ("из", "в") or self.has("phase", t)))
            return
        if "main" in r.named and (active or any(t.lemma == "начинать" for t in sent)) and len(set(r.named)) == 1:
            r.asked = "main_active"
            self.use(*(t.i for t in active), *(t.i for t in sent if t.lemma in ("становиться", "стать", "начинать", "какой", "кто")
                                              or t.lemma == "игрок" or t.text in ("в", "после", "когда", "начинается")))
            who = next((self.player_word(t) for t in sent if self.player_word(t)), None)
            inactive = next((t for t in sent if t.lemma == "неактивный"), None)
            if r.yes_no:
                r.claim = "first" if who == ME else "second" if who == OPP or inactive is not None else None
                self.use(*(t.i for t in sent if self.player_word(t)), inactive.i if inactive is not None else None)
                if r.claim is None:
                    r.asked = None
            return
        if len(set(r.named)) >= 2 and (before or after or first or any(t.text in ("что", "когда") for t in sent)):
            r.asked = "sequence"
            self.use(*(t.i for t in before + after + first), *(t.i for t in sent if t.text in ("что", "когда", "идет", "идёт")
                                                                 or t.lemma in ("идти", "играть", "использоваться")))
            if r.yes_no:
                # «авангард идёт раньше «в начале боя»?»: the first named is claimed earlier (or later, with «после»)
                r.claim = "first_earlier" if before or first else "first_later"
            return
        if not r.named:
            return
        if count:
            r.asked = "once"
            self.use(*(t.i for t in count), *(t.i for t in sent if t.text in ("за", "бой", "раз", "раза", "карта") or t.lemma in ("бой", "раз", "карта", "один")))
            return
        if r.declined is not None and any(self.player_word(t) == OPP for t in sent) and not later:
            r.asked, r.player = "other", OPP
            self.use(*(t.i for t in sent if self.player_word(t) or t.text in ("свой", "свою", "своё")))
            return
        if r.declined is not None and later:
            r.asked = "later"
            self.use(*(t.i for t in later), *(t.i for t in sent if t.text in ("её", "ее", "его", "их")))
            # «противник отказался …. противник может сыграть его позже?»: the one who declined asks again
            self.use(*(t.i for t in sent if t.lemma in self.w["opponent"] or t.text in ("он", "она")))
            return
        if order:
            r.asked = "alternate"
            self.use(*(t.i for t in order), *(t.i for t in sent if t.lemma in ("одновременно", "игрок", "сначала", "все", "свой",
                                                                              "один", "юзать")))
            return
        if first or any(t.lemma == "начинать" for t in sent):
            r.asked = "first"
            self.use(*(t.i for t in first), *(t.i for t in sent if t.lemma in ("кто", "начинать", "игрок")))
            r.player = next((self.player_word(t) for t in sent if self.player_word(t) in (ME, OPP) and t not in first), None)
            self.use(*(t.i for t in sent if self.player_word(t) in (ME, OPP)))
            if r.yes_no and r.player is None:
                r.asked = None


def read(question: str) -> PreliminaryReading:
    """Read ``question`` into a ``PreliminaryReading`` (``asked`` ``None``: not about the preliminary phase)."""
    return _Reader(question).read()


_CARDS = [{"id": "Ваше существо", "owner": ME, "class": "воин", "cell": "c2"},
          {"id": "Ваше второе существо", "owner": ME, "class": "воин", "cell": "b2"},
          {"id": "Существо противника", "owner": OPP, "class": "воин", "cell": "c5"}]
A, A2, B = "Ваше существо", "Ваше второе существо", "Существо противника"


def _turns(*xs: tuple[str, str, bool]) -> list[dict]:
    return [{"player": p, "card": c, "use": u} for p, c, u in xs]


def _run(r: PreliminaryReading, steps: list[dict]):
    """Load and run the steps from the seating step's end (the preliminary phase before «в
    начале боя»); ``expect`` is filled with each step's legality as run."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = {"title": "Вопрос: " + " ".join(r.question.split())[:120], "state": {"phase": "seating", "cards": _CARDS},
               "steps": steps}
    res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": 1, "legal": True}]}}), "<вопрос>"))
    mapping["expect"] = {"steps": [{"step": k + 1, "legal": x.legal} for k, x in enumerate(res.results)]}
    res = sc.run(sc.load(dump(mapping), "<вопрос>"))
    return mapping, res


def _ruling(r: PreliminaryReading) -> tuple[str, dict, object, list[str]] | None:
    """``(verdict, mapping, result, citations)`` or ``None`` when the runs show nothing decisive."""
    what = r.named[0] if r.named else None
    op = OP.get(what or "")
    rule = RULE.get(what or "", "408.1")
    ru = RU.get(what or "", "")
    if r.asked == "first":
        m, res = _run(r, [{op: _turns((OPP, B, True))}, {op: _turns((ME, A, True))}])
        if res.results[0].legal or not res.results[1].legal:
            return None
        fact = "первым использует Первый игрок; затем игроки чередуются"
        if r.yes_no:
            return (f"{'Да' if r.player == ME else 'Нет'}, {fact}", m, res, [rule, "304.2"])
        return "Первый игрок; затем игроки чередуются", m, res, [rule, "304.2"]
    if r.asked == "alternate":
        m, res = _run(r, [{op: _turns((ME, A, True), (ME, A2, True))}, {op: _turns((ME, A, True), (OPP, B, True), (ME, A2, True))}])
        if res.results[0].legal or not res.results[1].legal:
            return None
        return "По очереди: игроки чередуются, начиная с Первого игрока", m, res, [rule, "304.2"]
    if r.asked == "later":
        m, res = _run(r, [{op: _turns((ME, A, False))}, {op: _turns((ME, A, True))}])
        if not res.results[0].legal or res.results[1].legal:
            return None
        return (f"Нет, нельзя: игрок отказался от особенности {ru} в свой черёд — сыграть её позже нельзя", m, res, [rule, "304.2"])
    if r.asked == "other":
        m, res = _run(r, [{op: _turns((ME, A, False), (OPP, B, True))}])
        if not res.results[0].legal:
            return None
        return (f"Да, может: отказ Первого игрока от {ru} не мешает Второму использовать свою — игроки чередуются", m, res, [rule, "304.2"])
    if r.asked == "once":
        m, res = _run(r, [{op: _turns((ME, A, True), (OPP, B, True))}, {op: _turns((ME, A, True))}])
        if not res.results[0].legal or res.results[1].legal:
            return None
        if r.yes_no:
            return f"Нет, каждая карта использует особенность {ru} один раз за бой", m, res, [rule, "304.2"]
        return f"Один раз за бой: каждая карта использует особенность {ru} один раз", m, res, [rule, "304.2"]
    if r.asked in ("main_active", "declared"):
        m, res = _run(r, [{"main_phase": None}])
        s = res.results[0]
        if not s.legal:
            return None
        if r.asked == "declared":
            return ("Нет, объявлять не нужно: игра переходит к следующей фазе автоматически, без объявления и без стека",
                    m, res, ["408.1", "302.5"])
        who = s.value
        fact = "Активным становится Первый игрок" if who == ME else "Активным становится Второй игрок"
        if r.yes_no:
            return f"{'Да' if r.claim == who else 'Нет'}, {fact[:1].lower()}{fact[1:]}", m, res, ["408.1", "408.2"]
        return ("Первый игрок" if who == ME else "Второй игрок") + ": с началом Основной фазы он становится Активным", m, res, ["408.1", "408.2"]
    if r.asked == "sequence":
        a, b = r.named[0], next(x for x in r.named if x != r.named[0])
        order = ["battle_start", "vanguard", "main"]

        def step(x: str, card: str) -> dict:
            return {"main_phase": None} if x == "main" else {OP[x]: _turns((ME, card, True))}

        m, res = _run(r, [step(b, A), step(a, A2)])     # the second named first: refused if the first named is earlier
        earlier_first = not res.results[1].legal
        if earlier_first != (order.index(a) < order.index(b)):
            return None     # the simulator and the order of 405–408 disagree: no verdict
        early, late = (a, b) if earlier_first else (b, a)
        cites = [RULE[early], RULE[late]] if early != "main" else [RULE[late], RULE[early]]
        fact = f"сначала {RU[early]}, затем {RU[late]}: Предварительная фаза идёт по порядку — Вскрытие, Начало боя, Авангард, затем Основная фаза"
        if r.yes_no:
            yes = earlier_first if r.claim == "first_earlier" else not earlier_first
            return f"{'Да' if yes else 'Нет'}, {fact}", m, res, cites
        if any(t.lemma in ("до", "после") or t.text in ("до", "после") for t in r.toks if t.sent == max(t_.sent for t_ in r.toks)):
            head = "До" if earlier_first else "После"
            return f"{head}: {fact}", m, res, cites
        return f"Раньше — {RU[early]}: {fact}", m, res, cites
    return None


_ASKED_RU = {"first": "кто использует первым", "alternate": "по очереди ли", "later": "можно ли сыграть её позже",
             "other": "может ли Второй игрок использовать свою", "once": "сколько раз за бой",
             "sequence": "что раньше", "main_active": "кто становится Активным в Основной фазе",
             "declared": "нужно ли объявлять переход к фазе"}


def _told(r) -> list[str]:
    told = ", ".join(RU[x] for x in dict.fromkeys(r.named))
    parts = [f"названо: {told}"] if told else []
    if r.declined:
        who = "вы отказались" if r.declined == ME else "противник отказался" if r.declined_by_opponent \
            else "Второй игрок отказался"
        parts.append(f"{who} от своей особенности в свой черёд")
    return parts


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The preliminary-phase question answered by the simulator, or ``None``."""
    from bot.reading.route import proposition_answer, refused_or_stated_lines

    return proposition_answer(question, edition, read, _ruling, _told, _ASKED_RU, lines=refused_or_stated_lines)
