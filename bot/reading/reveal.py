"""The reveal step read as a proposition (issue 11, 405.1, 211.1): whose cards, which row
(«карты 3-го ряда»), which kind of card («местность», «летуны», «артефакт»), what was told
(«первый игрок закончил свой первый ход»), and the asked property:

- ``first`` — who reveals first («кто первым вскрывает?», «может ли второй вскрыть раньше
  первого?»);
- ``keep`` — may a player keep cards hidden («может ли второй игрок не вскрывать карты
  третьего ряда?», «… держать их закрытыми всю игру / дальше?», «первый игрок тоже может
  оставить карты скрытыми?»), with the time the question names (none, «до конца первого хода
  первого игрока», longer);
- ``until`` — until when («до какого момента второй игрок может держать их закрытыми?»);
- ``zone`` — where a kind of card goes when revealed («куда девается местность после
  вскрытия?», «летающие переносятся во вспомогательную зону?»);
- ``stack`` — does that transfer use the stack («перенос во вспомогательную зону через стек
  идёт?»).

``answer`` compiles the reading into a ``scenarios/`` mapping — hidden cards of both players on
the board (the asked one on the row named), the ``reveal`` step with the cards asked to stay
hidden, and for a time beyond the first turn the main phase and the end of the first player's
turn — runs it with the strict loader and reads the verdict off the results. Every content
word must be used, else ``None``. Words: section ``reveal`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.lexicon import section_sets
from bot.reading.tokens import SentenceReader, Tok
from bot.vocab import words as vocab_words

ME, OPP = "first", "second"
_PLAYER_RU = {ME: "Первый игрок", OPP: "Второй игрок"}
_KIND_RU = {"flying": "летающее существо", "terrain": "местность", "artifact": "артефакт", "creature": "существо"}


@dataclass
class RevealReading:
    """``asked`` (see the module) or ``None``; ``player``: whose cards the question is about
    (``first`` / ``second``; for ``first`` the player claimed to reveal first); ``row``: the
    row named (1–3, counted from the player's front), ``kind``: ``flying`` / ``terrain`` /
    ``artifact`` / ``creature`` for ``zone`` / ``stack``; ``zone_claim``: the zone a yes/no
    ``zone`` question states; ``span``: ``None`` / ``first_turn`` / ``longer`` for ``keep``;
    ``turn_over``: the end of the first player's first turn was told; ``yes_no``."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    player: str | None = None
    row: int | None = None
    kind: str | None = None
    zone_claim: str | None = None
    span: str | None = None
    turn_over: bool = False
    yes_no: bool = True
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = section_sets("reveal")
        self.r = RevealReading(question, self.toks)

    def read(self) -> RevealReading:
        if not any(self.has("reveal", t) or self.has("hidden", t) and (self.row_near(t) or self.keep_near(t)) for t in self.toks):
            return self.r
        for t in self.toks:
            if self.has("reveal", t):
                self.use(t.i)
                p = self.tok(t.i - 1)
                if p is not None and p.text in ("когда", "при", "после") and p.clause == t.clause:
                    self.use(p.i)       # «когда вскрывается», «при вскрытии», «после вскрытия»
        self.read_players()
        self.read_row()
        self.read_kind()
        self.read_told()
        self.read_asked()
        for t in self.toks:     # «(рубашкой вверх)»: the side up that says the card is hidden, read with it
            nx = self.tok(t.i + 1)
            if t.i in self.r.used and self.has("hidden", t) and nx is not None and self.has("face_down_tail", nx):
                self.use(nx.i)
        self.read_unread()
        return self.r

    def keep_near(self, t: Tok) -> bool:
        """«оставить / держать карты скрытыми»: a keeping verb in the sentence of ``t``."""
        return any(self.has("keep", u) for u in self.toks if u.sent == t.sent)

    def row_near(self, t: Tok) -> bool:
        return any(self.has("row", u) for u in self.toks if u.sent == t.sent)

    # ------------------------------------------------------------------ who, which cards
    def player_at(self, t: Tok) -> str | None:
        """«первый / второй игрок» at ``t`` (the ordinal before «игрок»), or ``None``."""
        nx, p = self.tok(t.i + 1), self.tok(t.i - 1)
        if nx is None or nx.lemma != "игрок" or p is not None and p.lemma == "ход" and p.sent == t.sent:
            return None     # «до конца первого хода первого игрока»: the turn's owner, not a subject
        return ME if self.has("first", t) else OPP if self.has("second", t) else None

    def read_players(self) -> None:
        """«я второй игрок», «он как второй игрок», «карты второго игрока»: whose cards; the
        first player named in the asked sentence is its subject."""
        me = None
        likened: set[int] = set()
        for t in self.toks:
            who = self.player_at(t)
            if who is None:
                continue
            self.use(t.i, t.i + 1)
            p = self.tok(t.i - 1)
            if p is not None and p.text == "как" and p.clause == t.clause and not self.as_role(p):
                likened.add(t.i)    # «тоже может …, как второй игрок»: the player compared with, not the subject
                self.use(p.i)
                continue
            if p is not None and p.text in ("я", "как") and p.clause == t.clause:
                me = who
                self.use(p.i)
                if p.text == "как" and self.tok(p.i - 1) is not None and self.toks[p.i - 1].text == "он":
                    self.use(p.i - 1)
        asked = [self.player_at(t) for t in self.sent() if self.player_at(t) and t.i not in likened]
        compared = {t.i + 1 for t in self.sent() if self.has("earlier", t) or self.has("later", t) or t.text == "чем"}
        compared |= likened
        subject = [self.player_at(t) for t in self.sent() if self.player_at(t) and t.i not in compared]
        self.r.player = (subject or asked or [None])[0] or me
        if self.r.player is None and me is not None:
            self.r.player = me
        for t in self.sent():       # «могу», «я»: the asker, the player he said he is
            if t.text in ("я", "мои", "мои", "свои") and me is not None:
                self.use(t.i)
        if self.r.player is None and me is None and any(t.text in ("он", "его", "им") for t in self.sent()):
            # «Карты 3-го ряда второго игрока …. Он может держать их скрытыми?»: the player told before
            told = [self.player_at(t) for t in self.toks if t.sent < self.asked_sent and self.player_at(t)]
            self.r.player = told[-1] if told else None

    def as_role(self, how: Tok) -> bool:
        """«я как второй игрок могу …», «он как второй игрок»: «как» after a personal pronoun
        tells the role the person has; after a comma or with «тоже / также / и» in the
        sentence («тоже может, как второй игрок», «как и второй игрок») it compares with
        another player."""
        p = self.tok(how.i - 1)
        nx = self.tok(how.i + 1)
        if nx is not None and nx.text == "и":
            return False
        if any(u.text in ("тоже", "также") for u in self.toks if u.sent == how.sent):
            return False
        return p is not None and p.clause == how.clause and p.text in ("я", "он", "она", "ты", "вы", "мы")

    def read_row(self) -> None:
        """«карты третьего / 3-го ряда», «второго ряда», «переднего ряда»."""
        for t in self.toks:
            if not self.has("row", t):
                continue
            p = self.tok(t.i - 1)
            if p is None:
                continue
            row = 3 if self.has("third", p) or p.text.startswith("3") else 2 if self.has("second_row", p) else \
                1 if self.has("front", p) or self.has("first", p) else None
            if row is not None:
                self.r.row = row
                self.use(p.i, t.i)

    def read_kind(self) -> None:
        for t in self.toks:
            if t.sent > self.asked_sent:
                break       # «…? его ж не переносят в зону как местность»: a kind after the question is compared, not asked
            for kind in ("flying", "terrain", "artifact"):
                if self.has(kind, t):
                    self.r.kind = kind
                    self.use(t.i)
                    nx = self.tok(t.i + 1)
                    if kind == "flying" and nx is not None and self.has("creature", nx):
                        self.use(nx.i)

    def read_told(self) -> None:
        """«Первый игрок закончил свой первый ход»: the end of the first player's first turn."""
        for t in self.toks:
            if t.sent == self.asked_sent or t.lemma not in ("закончить", "кончиться", "закончиться", "завершить", "пройти"):
                continue
            clause = [u for u in self.toks if u.clause == t.clause]
            turn = next((u for u in clause if self.has("turn", u)), None)
            if turn is None:
                continue
            self.r.turn_over = True
            self.use(t.i, turn.i, *(u.i for u in clause if self.has("first", u) or u.lemma == "свой"))
        for t in self.toks:     # «всё ещё рубашкой вверх», «закрыты»: the cards are still hidden
            if t.sent != self.asked_sent and self.has("hidden", t):
                self.use(t.i, *(u.i for u in self.toks if u.clause == t.clause and u.text in ("все", "еще", "вверх", "лежат")))
                if t.lemma == "рубашка":
                    self.use(t.i + 1 if self.tok(t.i + 1) is not None and self.toks[t.i + 1].text == "вверх" else None)

    def read_zone_restated(self) -> None:
        """A sentence after the asked zone question that only names where the card goes again —
        «на поле остаётся или куда», «его ж не переносят во вспомогательную зону как местность»:
        go verbs, zones, «или / не / как», card kinds, pronouns and particles. It adds no fact
        (the asker's options, or his reason for the one he expects): its words are used."""
        later = sorted({t.sent for t in self.toks if t.sent > self.asked_sent})
        # «после вскрытия местность куда девается? на поле остаётся?»: the open question before the
        # asker's guess asks the same place — the guess's answer names it
        earlier = sorted({t.sent for t in self.toks if t.sent < self.asked_sent and self.has("where", t)})
        stop = vocab_words("stop_words")
        kinds = ("terrain", "artifact", "flying", "creature")
        for k in later + earlier:
            words = [t for t in self.toks if t.sent == k]
            if k < self.asked_sent:
                words = [t for t in words if not self.has("reveal", t)
                         and not (t.text in ("после", "при", "когда") and self.tok(t.i + 1) is not None
                                  and self.has("reveal", self.toks[t.i + 1]))]
            if not any(self.has("go_verbs", t) for t in words) or not any(
                    self.has(z, t) for t in words for z in ("additional_zone", "zone", "battlefield", "where")):
                continue
            compared = {t.i for t in words if any(self.has(x, t) for x in kinds) and self.tok(t.i - 1) is not None
                        and self.toks[t.i - 1].text == "как"}     # «как местность»: the card it is compared with
            if all(t.text in stop or t.pos == "NPRO" or t.lemma == "бой" or t.i in compared or t.i in self.r.used
                   or any(self.has(x, t) for x in (
                    "go_verbs", "additional_zone", "zone", "battlefield", "where")) for t in words):
                self.use(*(t.i for t in words))

    def in_time_phrase(self, t: Tok) -> bool:
        """``t`` qualifies a turn («первого хода», «первый ход»), not the order of revealing."""
        nx = self.tok(t.i + 1)
        return nx is not None and nx.lemma == "ход"

    # ------------------------------------------------------------------ asked
    def read_asked(self) -> None:
        r, sent = self.r, self.sent()
        texts = [t.text for t in sent]
        # «он как второй игрок»: a «как» the players' reading used asks nothing
        r.yes_no = "ли" in texts or not any(t.text in vocab_words("wh_words") and t.i not in r.used for t in sent)
        for t in sent:
            if t.text in ("ли", "можно", "может", "могу", "могут", "разве", "вообще", "тоже", "свои", "свой"):
                self.use(t.i)
            if t.lemma == "карта":
                self.use(t.i)
        stack = next((t for t in sent if self.has("stack", t)), None)
        goes = [t for t in sent if self.has("go_verbs", t)]
        zone = [t for t in sent if self.has("additional_zone", t) or self.has("zone", t)
                or self.has("battlefield", t) or self.has("where", t)]
        if stack is not None and (goes or zone):
            r.asked = "stack"
            self.use(stack.i, *(t.i for t in goes + zone), *(t.i for t in sent if t.text in ("через", "без", "это", "с", "в", "во", "на")))
            return
        before = any(self.has("reveal", t) and any(u.text in ("до", "перед") and u.clause == t.clause for u in self.toks[max(0, t.i - 3):t.i])
                     for t in self.toks)
        if before:
            return      # «где местность до своего вскрытия?»: the state before the step, not read here
        if zone and not goes and r.kind is not None and any(self.has("where", t) for t in self.toks if t.sent < self.asked_sent):
            # «куда девается местность после вскрытия? во вспомогательную зону?»: the guess of the open question before
            goes = [t for t in self.toks if t.sent < self.asked_sent and self.has("go_verbs", t)][-1:]
        if goes and zone or zone and r.kind is not None and any(self.has("where", t) for t in zone):
            r.asked = "zone"
            self.use(*(t.i for t in goes + zone), *(t.i for t in sent if t.text in ("с", "в", "во", "на", "при", "после")))
            self.read_zone_restated()
            if r.yes_no:
                r.zone_claim = "additional_zone" if any(self.has("additional_zone", t) for t in zone) else \
                    "battlefield" if any(self.has("battlefield", t) for t in zone) or any(t.lemma in ("оставаться", "остаться") for t in goes) else None
                if r.zone_claim is None:
                    r.asked = None
            return
        keep = [t for t in sent if self.has("keep", t) or self.has("hidden", t)]
        so = next((t for t in sent if t.text == "так" and self.tok(t.i + 1) is not None
                   and self.toks[t.i + 1].lemma in ("лежать", "оставаться", "остаться", "быть", "стоять", "держать")), None)
        if not keep and so is not None:
            # «оставил карту в 3-м ряду скрытой. до какого момента она может так лежать?»: «так» is the state told
            told = [t for t in self.toks if t.sent < self.asked_sent and (self.has("keep", t) or self.has("hidden", t))]
            if told:
                keep = [so, self.toks[so.i + 1], *told]
        neg_reveal = [t for t in sent if self.has("reveal", t) and self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "не"]
        earlier = [t for t in sent if (self.has("earlier", t) or self.has("starts", t)) and not self.player_at(t)
                   and not self.in_time_phrase(t)]
        if earlier and not keep and not neg_reveal:
            r.asked = "first"
            self.use(*(t.i for t in earlier), *(t.i for t in sent if t.text in ("кто", "чем")))
            if r.yes_no and r.player is None:
                r.asked = None
            return
        if not keep and not neg_reveal:
            return
        self.use(*(t.i for t in keep), *(t.i - 1 for t in neg_reveal), *(t.i for t in sent if t.text in ("их", "они")))
        till = next((t for t in sent if self.has("till", t)), None)
        how_long = [t for t in sent if t.text == "как" and self.tok(t.i + 1) is not None and self.toks[t.i + 1].lemma in ("долго", "долгий")]
        when = [t for t in sent if t.text == "когда" and t.i not in r.used]
        if till is not None and any(self.has("moment", t) or t.lemma == "какой" for t in sent) or how_long or when:
            # «до какого момента …?», «как долго …?», «когда второй игрок должен вскрыть …?»
            r.asked = "until"
            self.use(*(t.i for t in sent if self.has("till", t) or self.has("moment", t) or t.lemma == "какой"),
                     *(t.i for t in how_long), *(t.i + 1 for t in how_long), *(t.i for t in when),
                     *(t.i for t in sent if self.has("reveal", t) or self.has("must", t)))
            return
        r.asked = "keep"
        if till is not None and any(self.has("end", t) for t in sent) and any(self.has("turn", t) for t in sent):
            r.span = "first_turn"
            self.use(*(t.i for t in sent if self.has("till", t) or self.has("end", t) or self.has("turn", t)
                       or self.has("first", t) and not self.player_at(t)))
            # «второй игрок … до конца своего первого хода»: his own first turn ends after the first
            # player's (405.1 allows only until the first player's) — longer than the rule allows
            turn = next(t for t in sent if self.has("turn", t))
            owner = [u for u in sent if u.i in (turn.i - 1, turn.i - 2) and u.lemma == "свой"
                     or u.i in (turn.i + 1, turn.i + 2) and self.player_at(u) == OPP]
            if owner and r.player == OPP:
                r.span = "longer"
                self.use(*(u.i for u in owner), *(u.i + 1 for u in owner if self.player_at(u) == OPP))
        elif till is not None and any(self.has("end", t) for t in sent) and any(self.has("battle", t) for t in sent):
            r.span = "longer"       # «до конца боя»: longer than the first player's first turn
            self.use(*(t.i for t in sent if self.has("till", t) or self.has("end", t) or self.has("battle", t)))
        longer = [t for t in sent if self.has("forever", t)]
        if longer:
            r.span = "longer"
            self.use(*(t.i for t in longer), *(t.i + 1 for t in longer if self.tok(t.i + 1) is not None
                                               and self.toks[t.i + 1].lemma in ("игра", "время", "бой")))
        if not r.yes_no or r.player is None:
            r.asked = None


def read(question: str) -> RevealReading:
    """Read ``question`` into a ``RevealReading`` (``asked`` ``None``: not about the reveal step)."""
    return _Reader(question).read()


# ---------------------------------------------------------------------- compile and run
def _cell(player: str, row: int) -> str:
    """The cell on ``player``'s row ``row`` (1 = front): the first player's rows run 3, 2, 1,
    the second's 4, 5, 6 (scenarios/README.md)."""
    return f"b{4 - row}" if player == ME else f"b{3 + row}"


def _mapping(r: RevealReading) -> tuple[dict, str]:
    """The scenario of the reading and the id of the card asked about."""
    cards = [{"id": "Карта Первого игрока", "owner": ME, "cell": "c2", "revealed": False, "class": "воин"},
             {"id": "Карта Второго игрока", "owner": OPP, "cell": "c5", "revealed": False, "class": "воин"}]
    asked = "Карта Второго игрока"
    if r.asked in ("zone", "stack"):
        kind = r.kind or "creature"
        card = {"id": "Карта", "owner": ME, "cell": "a2", "revealed": False}
        if kind == "flying":
            card.update({"traits": ["flying"], "class": "воин"})
        elif kind == "creature":
            card["class"] = "воин"
        else:
            card["kind"] = kind
        cards.append(card)
        asked = "Карта"
    steps: list[dict] = [{"reveal": None}]
    if r.asked in ("keep", "until"):
        owner = r.player or OPP
        asked = f"Карта {r.row or 3}-го ряда"
        cards.append({"id": asked, "owner": owner, "cell": _cell(owner, r.row or 3), "revealed": False, "class": "воин"})
        steps = [{"reveal": {"keep_hidden": [asked]}}]
        if r.asked == "until" or r.span == "longer" or r.turn_over:
            steps += [{"main_phase": None}, {"end_turn": ME}]
    title = "Вопрос: " + " ".join(r.question.split())[:120]
    return {"title": title, "state": {"phase": "reveal", "cards": cards}, "steps": steps}, asked


def _run(r: RevealReading):
    """Run the compiled scenario, fill ``expect`` from that run (each step's legality, the
    asked card's zone and whether it is revealed, the reveal order) and run it again with the
    strict loader. Returns ``(mapping, result, card id, card's final {zone, revealed})``."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping, card = _mapping(r)
    probe = {"steps": [{"step": 1, "legal": True}], "cards": {card: {"zone": "battlefield", "revealed": True}}}
    res = sc.run(sc.load(dump({**mapping, "expect": probe}), "<вопрос>"))
    got = res.actual["cards"][card]
    steps = [{"step": k + 1, "legal": x.legal} for k, x in enumerate(res.results)]
    if r.asked == "first":
        steps[0]["value"] = res.results[0].value
    mapping["expect"] = {"steps": steps, "cards": {card: dict(got)}}
    final = sc.run(sc.load(dump(mapping), "<вопрос>"))
    return mapping, final, card, got


def _ruling(r: RevealReading) -> tuple[str, dict, object, list[str]] | None:
    mapping, res, card, c = _run(r)
    if not res.passed:
        return None
    first = res.results[0]
    if r.asked == "first":
        order = first.value or []
        if order[:1] != [ME]:
            return None
        fact = "первым вскрывает карты Первый игрок, после него — Второй"
        if r.yes_no:
            return f"{'Да' if r.player == ME else 'Нет'}, {fact}", mapping, res, ["405.1"]
        return "Первый игрок; после него — Второй", mapping, res, ["405.1"]
    if r.asked in ("zone", "stack"):
        kind = _KIND_RU[r.kind or "creature"]
        moved = c["zone"] == "additional_zone"
        cites = [n for x in first.consequences if x.card == card for n in x.rules] or ["405.1"]
        cites = list(dict.fromkeys([*cites, "405.1"]))
        if r.asked == "stack":
            told = [x for x in first.consequences if x.card == card and "211.1" in x.rules]
            if not moved or not told or first.stack:
                return None     # only the terrain's transfer is stated to go without the stack (211.1)
            return f"Нет, {kind} переносится во вспомогательную зону без стека", mapping, res, ["211.1", "405.1"]
        fact = f"{kind} после вскрытия " + ("переносится во вспомогательную зону" if moved else "остаётся на поле боя")
        if r.yes_no:
            yes = (r.zone_claim == "additional_zone") == moved
            return f"{'Да' if yes else 'Нет'}, {fact}", mapping, res, cites
        return ("Во вспомогательную зону: " if moved else "Остаётся на поле боя: ") + fact, mapping, res, cites
    if r.asked in ("keep", "until"):
        if not first.legal:
            reason = first.reasons[0].text if first.reasons else ""
            return f"Нет, нельзя: {reason[:1].lower()}{reason[1:]}", mapping, res, ["405.1"]
        shown_at_end = len(res.results) == 3 and c["revealed"]
        limit = "до конца первого хода Первого игрока"
        if r.asked == "until":
            if not shown_at_end or r.player not in (None, OPP):
                return None
            return f"{limit[:1].upper()}{limit[1:]}: тогда скрытые карты 3-го ряда Второго игрока вскрываются", mapping, res, ["405.1"]
        if r.span == "longer" or r.turn_over:
            if not shown_at_end:
                return None
            return f"Нет, только {limit} — тогда скрытые карты 3-го ряда вскрываются", mapping, res, ["405.1"]
        row = "" if r.row else " (только карты 3-го ряда)"
        return f"Да, может{row} — {limit}", mapping, res, ["405.1"]
    return None


_ASKED_RU = {"first": "кто вскрывает карты первым", "keep": "можно ли оставить карты скрытыми", "until": "до какого момента",
             "zone": "куда переносится карта после вскрытия", "stack": "использует ли перенос стек"}


def _told(r: RevealReading) -> list[str]:
    parts = []
    if r.player and r.asked != "first":
        parts.append(f"карты: {_PLAYER_RU[r.player]}" + (f", {r.row}-й ряд" if r.row else ""))
    if r.kind and r.asked in ("zone", "stack"):
        parts.append(f"карта: {_KIND_RU[r.kind]}")
    if r.turn_over:
        parts.append("первый ход Первого игрока закончился")
    if r.span:
        parts.append("срок: " + ("до конца первого хода Первого игрока" if r.span == "first_turn" else "дольше первого хода"))
    return parts


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The reveal-step question answered by the simulator, or ``None``."""
    from bot.reading.route import proposition_answer, refused_or_stated_lines

    return proposition_answer(question, edition, read, _ruling, _told, _ASKED_RU, words=("reveal", ("reveal", "hidden")),
                              lines=refused_or_stated_lines)
