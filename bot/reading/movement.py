"""A movement question read as a proposition (issue 11, 506–507): who moves (the active or
inactive player, an own or enemy creature, its state — closed, points full / left / spent,
already moved, acted or attacked), the kind of motion (a movement, a relocation, an ability
«вместо движения» — a jump, or a card that «помещается»), where (the next cell, a diagonal
one, an occupied cell, a cell with an artifact), when (a subphase, after the turn starts),
the events told in order («походил, потом подействовал», «закрылся, потом его открыли»),
and the asked property:

- ``legal`` — can it (declare) this motion now («может ли оно ещё походить?», «можно ли
  прыгнуть, если уже сделал шаг?»), or act / attack after the told movement;
- ``count`` — how many cells it may go («сколько клеток может пройти с запасом 2?»);
- ``spends`` — does the motion spend movement points («перемещение тратит запас движения?»);
- ``cost`` — how many points a step costs («сколько единиц движения тратит шаг?»);
- ``is_movement`` / ``kind_of`` — is a jump / relocation / placement a movement or a
  relocation («прыжок считается движением?», «движение — разновидность перемещения?»);
- ``who`` — who may declare movement; ``when_declare`` — in which subphase;
  ``when_restored`` — when the movement points come back.

``read(question)`` returns a ``MoveReading`` (``asked`` ``None``: not a movement question);
``bot.reading.movement_run`` compiles it into a ``scenarios/`` mapping the simulator runs.
Words: section ``movement`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from bot.reading.lexicon import kind_of, name_of, section_sets
from bot.reading.tokens import SentenceReader, Tok
from bot.textnorm import fold
from bot.vocab import section, words as vocab_words

ME, OPP = "first", "second"
# Motion kinds (``bot.sim.actions`` keys, and ``placement`` for 507.3).
MOVE, JUMP, RELOCATE, PLACE = "movement", "instead_of_movement", "relocation", "placement"
ACT, ATTACK = "act", "attack"

_WH = frozenset("кто когда сколько какой какую какие каком где куда".split())
_MODAL = frozenset("можно может могу можем могут сможет смогу нельзя".split())
_JUMP_QUOTES = frozenset({"вместо движения", "прыжок", "телепортация"})
_PLACE_QUOTES = frozenset({"помещается", "переносится", "располагается", "помещаются", "переносятся", "располагаются"})


@dataclass(frozen=True)
class _Words:
    sets: dict[str, frozenset[str]]
    subphases: dict[str, str]
    numbers: dict[str, int]


@lru_cache(maxsize=1)
def _words() -> _Words:
    s = section("movement")
    return _Words(section_sets("movement"), {fold(k): str(v) for k, v in s["subphases"].items()},
                  {fold(k): int(v) for k, v in s["number_words"].items()})


@dataclass
class Motion:
    """A motion or act word: ``kind`` (``movement`` / ``instead_of_movement`` / ``relocation``
    / ``placement`` / ``act`` / ``attack``), ``at`` its token, ``told`` — an event told (past
    tense, an earlier sentence, «после …») rather than asked, ``steps`` cells told («на две
    клетки»)."""

    kind: str
    at: int
    told: bool
    steps: int = 1


@dataclass
class MoveReading:
    """What was read. ``asked`` — one of the module's properties (``None``: not this
    module's question); ``kind`` the asked motion; ``subject`` / ``predicate`` the two
    kinds of an ``is_movement`` / ``kind_of`` question; ``yes_no``; ``neg_word`` («нельзя» /
    «не может» of a negated question); ``owner`` whose creature moves, ``declarer`` who
    declares, ``active`` whose turn; ``open``; ``movement`` the full points told, ``left``
    the points left told; ``dest`` ``next`` | ``diagonal`` | ``occupied`` | ``artifact``;
    ``subphase`` told; ``turn`` whose turn it is — ``first`` / ``second`` («в мой ход», «в ход
    противника») or ``own`` / ``other`` of the declarer («в свой / чужой ход»); ``events`` the told motions and state changes in order (``Motion``
    or ``("close"|"open"|"turn_start", at)``); ``steps`` cells asked; ``more`` («ещё»);
    ``name`` the creature's name; ``only`` the player of «может только активный игрок?»; ``whose_unclear`` — one player's
    creature moved by the other («двигать существо противника»); ``attached`` the kind of an
    attached card asked to move (symbiote / parasite / equipment); ``flying`` the mover
    flies, ``zone`` its zone when told («в доп зоне»: ``additional_zone``); ``carries`` the
    kinds of cards told attached to the mover («на моём сущ висит симб», «сущ со шмоткой»);
    ``bonus`` a movement modifier told («шмотка даёт +1 движения»); ``ahead`` the kind of card
    told standing on the cell in front of the mover («прямо перед моим сущем стоит артефакт»:
    ``artifact``); ``side`` the asked step goes sideways («шагнуть в сторону», «обойти арт»);
    ``also`` — a second motion asked with «или» («может оно пойти или прыгнуть?»: both are
    run, a verdict only when they agree); ``mover_kind`` — ``artifact`` when an artifact is asked to move («мой арт может
    телепортнуться?»: artifacts do not move, 210.2); ``contradictions`` — states told both ways with no event between («закрыт. … открыт»,
    Russian lines); ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    kind: str | None = None
    subject: str | None = None
    predicate: str | None = None
    yes_no: bool = True
    neg_word: str | None = None
    owner: str = ME
    declarer: str | None = None
    active: str | None = None
    open: bool = True
    movement: int | None = None
    left: int | None = None
    dest: str = "next"
    subphase: str | None = None
    any_subphase: bool = False
    events: list = field(default_factory=list)
    steps: int = 1
    more: bool = False
    name: str | None = None
    turn: str | None = None
    only: str | None = None
    whose_unclear: bool = False
    attached: str | None = None
    flying: bool = False
    zone: str | None = None
    carries: list[str] = field(default_factory=list)
    bonus: int | None = None
    ahead: str | None = None
    side: bool = False
    contradictions: list[str] = field(default_factory=list)
    mover_kind: str = "creature"
    spend_negated: bool = False     # «разве запас движения не тратится …?»: a ``spends`` question asked negated
    also: str | None = None
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.W = _words()
        self.w = self.W.sets
        self.r = MoveReading(question, self.toks)
        self.motions: list[Motion] = []
        self.taken: set[int] = set()      # tokens read as part of a phrase (not a motion on their own)
        self.mentions: list[tuple[int, str]] = []      # (token, "creature" | "attached") in order
        self.while_thinking = False     # «пока он думает» read
        self.rival: set[int] = set()    # words of a rival statement after the question (``rival_sentences``)

    def is_(self, name: str, i: int) -> bool:
        return self.has(name, self.tok(i))

    def number(self, t: Tok | None) -> int | None:
        if t is None:
            return None
        if t.text.isdigit():
            return int(t.text)
        return self.W.numbers.get(t.text, self.W.numbers.get(t.lemma))

    # ------------------------------------------------------------------ phrases
    def read_phrases(self) -> None:
        """Multi-word phrases first: «запас / единицы движения» (points), «подфаза выбора»
        (a subphase), «вместо движения» (a jump), «в начале хода» (the turn starts)."""
        r = self.r
        self.read_modifiers()
        for t in self.toks:
            nxt = self.tok(t.i + 1)
            if t.i in self.taken:
                continue
            if self.has("points", t) and nxt is not None and nxt.lemma == "движение":
                self.taken |= {t.i, nxt.i}
                self.use(t.i, nxt.i)
                self.read_points(t)
            elif t.lemma == "запас" and (nxt is None or nxt.lemma != "движение") and self.lost_all(t):
                self.taken.add(t.i)     # «потеряло весь запас»
            elif t.lemma == "движение" and any(u is not None and u.sent == t.sent and self.has("full", u)
                                               for u in (nxt, self.tok(t.i - 1))):
                k = next(u.i for u in (nxt, self.tok(t.i - 1)) if u is not None and u.sent == t.sent and self.has("full", u))
                self.taken |= {t.i, k}
                self.use(t.i, k)        # «движения полно»: the points are full (the model's default)
            elif t.lemma == "запас" and self.number(nxt) is not None and nxt.sent == t.sent:
                self.taken |= {t.i, nxt.i}
                self.use(t.i, nxt.i)
                self.use_prep(t.i)
                r.movement = self.number(nxt)      # «с запасом 2»
            elif t.lemma == "движение" and self.number(self.tok(t.i - 1)) is not None and \
                    self.tok(t.i - 1).sent == t.sent:
                self.taken |= {t.i, t.i - 1}
                self.use(t.i, t.i - 1)
                r.movement = self.number(self.tok(t.i - 1))        # «у существа 2 движения»: its points
            elif self.has("phase_nouns", t) and nxt is not None and (nxt.lemma in self.W.subphases or nxt.text in self.W.subphases):
                self.taken |= {t.i, nxt.i}
                self.use(t.i, nxt.i)
                r.subphase = self.W.subphases.get(nxt.lemma, self.W.subphases.get(nxt.text))
                self.use_prep(t.i)
            elif self.has("phase_nouns", t) and self.is_("any", t.i - 1):
                self.taken.add(t.i)
                self.use(t.i, t.i - 1)
                r.any_subphase = True
                self.use_prep(t.i - 1)
            elif t.text == "вместо" and nxt is not None and nxt.lemma == "движение":
                self.taken |= {t.i, nxt.i}
                self.motions.append(Motion(JUMP, t.i, False))
                self.use(t.i, nxt.i)
            elif self.has("turn", t) and (self.is_("turn_start", t.i - 1) or self.is_("turn_start", t.i + 1)):
                k = t.i - 1 if self.is_("turn_start", t.i - 1) else t.i + 1
                self.taken |= {t.i, k}
                self.use(t.i, k)
                self.use_prep(min(t.i, k))
                # «начался мой новый ход», «новый ход наступил»: the verb only says the turn starts
                self.use(*(u.i for u in self.in_clause(t.clause) if self.has("turn_begins", u)
                           or u.i == t.i - 2 and self.has("me", u) and k == t.i - 1))
                r.events.append(("turn_start", t.i))
            elif self.has("turn", t) and self.past_turn(t):
                self.taken.add(t.i)

    def past_turn(self, t: Tok) -> bool:
        """«в прошлый (свой) ход», «на прошлом ходу»: ``t`` is «ход» after a word of
        ``turn_past`` (and a possessive between), and the question tells a new turn starting
        later («сейчас начался мой новый ход») — the events of the earlier turn come before
        it, so the phrase only says when they happened (506.4). Without a told turn start it
        is left unread: the asked moment is not told. ``True`` when read (words used)."""
        p = self.tok(t.i - 1)
        mine = p is not None and p.sent == t.sent and self.has("me", p)
        past = self.tok(t.i - 2) if mine else p
        if past is None or past.sent != t.sent or not self.has("turn_past", past):
            return False
        later = any(self.has("turn", u) and (self.is_("turn_start", u.i - 1) or self.is_("turn_start", u.i + 1))
                    for u in self.toks[t.i + 1:])
        if not later:
            return False
        self.use(t.i, past.i, p.i if mine else None)
        self.use_prep(past.i)
        return True

    def read_modifiers(self) -> None:
        """A modifier of the movement points and where it comes from («из-за минуса к
        движению», «за счёт бонуса от шмотки»: the modifier's words, its card as carried),
        «шмотка даёт +1 движения» (``bonus``), «у сущ теперь 0 ходов» after a modifier (the
        points as they are), the additional zone («в доп зоне»), «пока он думает» (only the
        moment the question is about)."""
        r = self.r
        for t in self.toks:
            nxt = self.tok(t.i + 1)
            if self.has("modifier", t):
                self.use(t.i)
                self.taken.add(t.i)
                p, pp = self.tok(t.i - 1), self.tok(t.i - 2)
                if p is not None and p.text in ("из-за", "благодаря"):
                    self.use(p.i)
                elif p is not None and p.lemma == "счёт" or (p is not None and p.text == "счет"):
                    self.use(p.i, pp.i if pp is not None and pp.text == "за" else None)
                k = t.i + 1
                if nxt is not None and nxt.text in ("к", "на"):
                    k += 1
                u = self.tok(k)
                if u is not None and u.lemma == "движение" and u.sent == t.sent:
                    self.use(k, nxt.i)
                    self.taken |= {k, nxt.i}
                elif nxt is not None and nxt.text == "от" and self.tok(t.i + 2) is not None:
                    src = self.tok(t.i + 2)
                    kind = kind_of(src.text)
                    if kind in ("symbiote", "parasite", "equipment"):
                        self.use(nxt.i, src.i)
                        self.taken |= {nxt.i, src.i}
                        if kind not in r.carries:
                            r.carries.append(kind)
            elif self.has("modifier_verbs", t) and nxt is not None and self.number(nxt) is not None:
                u = self.tok(t.i + 2)
                if u is not None and u.lemma == "движение" and u.sent == t.sent:
                    self.use(t.i, nxt.i, u.i)
                    self.taken |= {t.i, nxt.i, u.i}
                    r.bonus = self.number(nxt)      # «даёт +1 движения»
            elif t.lemma == "ход" and self.number(self.tok(t.i - 1)) is not None and \
                    any(self.has("modifier", u) for u in self.toks if u.sent == t.sent and u.i < t.i):
                p = self.tok(t.i - 1)
                q = self.tok(p.i - 1)
                if q is None or q.text not in ("в", "во", "за", "через", "на", "до"):
                    self.use(t.i, p.i)
                    self.taken |= {t.i, p.i}
                    r.movement = self.number(p)     # «из-за минуса … у сущ теперь 0 ходов»: the points
            elif self.has("zone_adj", t) and nxt is not None and self.has("zone", nxt):
                self.use(t.i, nxt.i)
                self.taken |= {t.i, nxt.i}
                self.use_prep(t.i)
                r.zone = "additional_zone"
            elif t.text == "пока" and nxt is not None and self.tok(t.i + 2) is not None and \
                    (nxt.pos == "NPRO" or self.has("opponent", nxt)) and self.has("deliberate", self.tok(t.i + 2)):
                self.use(t.i, nxt.i, t.i + 2)
                self.taken |= {t.i, nxt.i, t.i + 2}
                self.while_thinking = True

    def use_prep(self, i: int) -> None:
        """The preposition before word ``i`` («в», «на», «по», «во», «с»)."""
        p = self.tok(i - 1)
        if p is not None and p.text in ("в", "во", "на", "по", "с", "со", "к", "за"):
            self.use(p.i)

    def lost_all(self, t: Tok) -> bool:
        """«потеряло всё движение», «потеряло весь запас (движения)»: ``t`` the points noun
        after «весь» and a past verb of losing (``lose``) or spending. Told after the creature
        acted or attacked in its sentence it is that act's consequence (506.5) — the words are
        used and nothing is added; told alone, no points are left (``left`` 0). ``True`` when read."""
        b1, b2 = self.tok(t.i - 1), self.tok(t.i - 2)
        if b1 is None or b2 is None or b1.lemma not in ("весь", "все", "всё") or b2.sent != t.sent or \
                not (self.has("lose", b2) or self.has("spend", b2)) or b2.tense != "past":
            return False
        self.use(t.i, b1.i, b2.i)
        self.taken.add(b2.i)
        if not any(u.sent == t.sent and u.i < b2.i and (self.has("act", u) or self.has("attack", u)) for u in self.toks):
            self.r.left = 0
        return True

    def read_points(self, t: Tok) -> None:
        """«запас движения 2 / был 2 / равен 0», «с запасом движения 3», «нулевой запас»,
        «осталось 1 единица движения», «не осталось единиц движения», «потратило все
        единицы движения»."""
        r = self.r
        for k in range(t.i + 2, t.i + 6):      # «запас движения 0 с модификаторами»: the points as they are
            u = self.tok(k)
            if u is not None and u.sent == t.sent and self.has("points_context", u):
                self.use(u.i)
                self.use_prep(u.i)
        before = [self.tok(t.i - k) for k in (1, 2, 3)]
        after = [self.tok(t.i + k) for k in (2, 3, 4)]
        for u in after:
            if u is None or u.sent != t.sent:
                break
            n = self.number(u)
            if n is not None:
                self.use(u.i)
                self.use(*[x.i for x in after if x is not None and x.i < u.i and x.text in ("был", "было", "равен", "равно", "есть")])
                if any(b is not None and self.has("left", b) for b in before):
                    r.left = n
                else:
                    r.movement = n
                return
            if u.text not in ("был", "было", "равен", "равно", "есть", "у", "него", "нее", "неё"):
                break
        for b in before:
            if b is None or b.sent != t.sent:
                break
            if b.lemma in ("нулевой", "пустой"):
                self.use(b.i)
                r.movement = 0
                return
            n = self.number(b)
            if n is not None and b.i == t.i - 1:
                self.use(b.i)
                if any(x is not None and self.has("left", x) for x in before):
                    r.left = n
                else:
                    r.movement = n
                return
        b1, b2 = before[0], before[1]
        if b1 is not None and self.has("left", b1):
            self.use(b1.i)
            if b2 is not None and b2.text == "не":
                self.use(b2.i)
                r.left = 0
        elif b1 is not None and b1.text == "нет":
            self.use(b1.i)
            r.left = 0
        elif b1 is not None and b1.lemma in ("весь", "все") and b2 is not None and self.has("spend", b2) and b2.tense == "past":
            self.use(b1.i, b2.i)
            self.taken.add(b2.i)
            r.left = 0
        elif self.lost_all(t):
            pass        # «потеряло все единицы движения»
        for u in after[:2]:
            if u is not None and u.sent == t.sent and self.has("full", u):
                self.use(u.i)       # «запас движения полный»: the model's default
        near = [k for k in (t.i + 2, t.i + 3, t.i - 1, t.i - 2) if self.tok(k) is not None and self.tok(k).sent == t.sent]
        k = next((k for k in near if self.has("no_points", self.tok(k))), None)
        if k is not None:
            self.use(k)
            r.left = 0

    # ------------------------------------------------------------------ motions and state
    def read_motions(self) -> None:
        for t in self.toks:
            if t.i in self.taken:
                continue
            kind = None
            if t.quote:
                q = fold(t.text).strip(" .,!?")
                kind = JUMP if q in _JUMP_QUOTES else PLACE if q in _PLACE_QUOTES else None
            elif t.lemma == "движение" and self.points_noun(t):
                self.use(t.i)
                self.lost_all(t)
                continue        # «сколько движения тратит», «тратит движение»: the points
            elif self.has("move_verbs", t) or self.has("move_nouns", t):
                kind = MOVE
            elif self.has("relocate", t):
                kind = RELOCATE
            elif self.has("jump", t):
                kind = JUMP
            elif self.has("placement", t):
                kind = PLACE
            elif self.has("act", t) or (t.lemma == "действие" and self.tok(t.i - 1) is not None and self.tok(t.i - 1).text == "после"):
                kind = ACT
            elif self.has("attack", t):
                kind = ATTACK
            if kind is None:
                continue
            self.use(t.i)
            if t.sent != self.asked_sent and t.pos == "NOUN" and not self.after_told_word(t):
                if t.lemma in self.w["jump"] and self.tok(t.i - 1) is not None and self.tok(t.i - 1).text == "есть":
                    self.use(t.i - 1)
                    continue        # «у существа есть прыжок»: the creature has the ability
                owner = self.possessor(t) if t.lemma in self.w["jump"] else None
                if owner is not None:
                    self.use(*owner)
                    # «у него телепортация вместо движения»: the ability it has, the phrase after it its name
                    self.motions = [m for m in self.motions if not (m.kind == JUMP and m.at == t.i + 1)]
                    continue
            p0 = self.tok(t.i - 1)
            if kind in (ACT, ATTACK) and t.pos == "NOUN" and p0 is not None and p0.text == "после" and any(
                    u is not None and u.sent == t.sent and (self.has("closed", u) or self.has("opened", u))
                    for u in (self.tok(t.i - 2), self.tok(t.i - 3))):
                self.use(p0.i)
                continue        # «закрыт (тапнут после удара)»: why it is closed, not an event to run
            if kind == MOVE and t.pos in ("VERB", "INFN") and self.by_ability(t):
                kind = RELOCATE     # «особенность карты двигает моё сущ»: moved by an ability (507.1)
            p = self.tok(t.i - 1)
            told = self.told(t)
            if told and p is not None and p.text == "не" and kind in (MOVE, JUMP, ACT, ATTACK):
                self.use(p.i)
                continue        # «ещё не ходил», «не атаковало»: not having done it is the model's default
            self.motions.append(Motion(kind, t.i, told))
        self.motions.sort(key=lambda m: m.at)
        self.motions = [m for k, m in enumerate(self.motions) if not (
            m.kind == ACT and m.told and k + 1 < len(self.motions) and self.motions[k + 1].kind == ATTACK
            and self.motions[k + 1].told and self.motions[k + 1].at == m.at + 1)]     # «подействовал (атаковал)»: one act
        first = next((t for t in self.toks if t.sent == self.asked_sent and self.has("first", t)), None)
        then = next((t for t in self.toks if first is not None and t.i > first.i and t.sent == first.sent
                     and t.text in ("потом", "затем")), None)
        if first is not None and then is not None:
            self.use(first.i, then.i)
            for m in self.motions:
                if first.i < m.at < then.i:
                    m.told = True       # «сначала двигаюсь, потом атакую»: the first is told
        elif then is None:
            then = next((t for t in self.toks if t.sent == self.asked_sent and t.text in ("потом", "затем")
                         and self.tok(t.i - 1) is not None and self.tok(t.i - 1).text in ("а", "и")), None)
            before = [m for m in self.motions if then is not None and not m.told and m.at < then.i
                      and self.toks[m.at].sent == then.sent]
            after = [m for m in self.motions if then is not None and m.at > then.i and self.toks[m.at].sent == then.sent]
            if before and after:
                self.use(then.i, then.i - 1)
                for m in before:
                    m.told = True       # «атаковать, а потом походить»: the first is told
        for m in self.motions:
            t = self.toks[m.at]
            if m.kind == JUMP and t.lemma in ("особенность", "способность"):
                continue
            self.read_steps(m)

    def possessor(self, t: Tok) -> list[int] | None:
        """The tokens of «у него», «у моего хозяина» right before ``t`` in its clause: the card
        that has the ability ``t`` names; ``None`` when ``t`` does not follow one."""
        seen: list[int] = []
        for k in (1, 2, 3):
            u = self.tok(t.i - k)
            if u is None or u.clause != t.clause:
                return None
            if u.text == "у":
                return [u.i, *seen] if seen else None
            if not (u.pos == "NPRO" or kind_of(u.text) == "creature" or name_of(u.text) or self.has("me", u)
                    or u.lemma in ("хозяин", "носитель")):
                return None
            seen.append(u.i)
        return None

    def by_ability(self, t: Tok) -> bool:
        """A movement verb whose doer is an ability («особенность карты двигает …», «двигает
        эффектом»): the card is relocated by it (507.1), it does not move itself."""
        for u in self.in_clause(t.clause):
            if not self.has("ability", u):
                continue
            p = self.tok(u.i - 1)
            if p is not None and p.text in ("с", "со", "без"):
                continue
            if u.case == "ablt" or (u.case == "nomn" and u.i < t.i):
                return True
        return False

    def points_noun(self, t: Tok) -> bool:
        """«движение» standing for the movement points: right after «сколько» / a spend verb,
        or right before one («сколько движения тратит», «тратит движение», «всё движение»)."""
        p, n = self.tok(t.i - 1), self.tok(t.i + 1)
        return (p is not None and (p.text in ("сколько", "всё", "все", "весь") or self.has("spend", p))) or \
            (n is not None and self.has("spend", n) and p is not None and p.text == "сколько")

    def told(self, t: Tok) -> bool:
        """The word tells an event rather than asks: an earlier sentence, a past tense, a
        noun after «после» or after a past verb («сделало шаг»)."""
        if t.sent != self.asked_sent:
            return True
        if t.tense == "past" and t.pos in ("VERB", None):
            return True
        p = self.tok(t.i - 1)
        if p is not None and p.text == "после":
            self.use(p.i)
            return True
        if p is not None and p.tense == "past" and self.has("declare_verbs", p):
            self.use(p.i)
            return True
        pp = self.tok(t.i - 2)
        if pp is not None and pp.tense == "past" and self.has("declare_verbs", pp) and p is not None and self.number(p) is not None:
            self.use(pp.i)
            return True
        return False

    def after_told_word(self, t: Tok) -> bool:
        """A motion noun of an earlier sentence tells an event only after «после» or a past
        verb («сделал шаг»); «у существа есть прыжок» names an ability it has."""
        p = self.tok(t.i - 1)
        return p is not None and (p.text == "после" or (p.tense == "past" and p.sent == t.sent))

    def read_steps(self, m: Motion) -> None:
        """«на одну клетку», «на 2 клетки», «один шаг», «два шага» after / before the word."""
        t = self.toks[m.at]
        window = [self.tok(t.i + k) for k in (1, 2, 3)] + [self.tok(t.i - 1)]
        for u in window:
            if u is None or u.sent != t.sent:
                continue
            if u.lemma == "клетка" or (u.lemma == "шаг" and u.i != t.i):
                n = self.number(self.tok(u.i - 1))
                self.use(u.i)
                self.taken.add(u.i)
                if n is not None:
                    self.use(u.i - 1)
                    m.steps = n
                self.use_prep((u.i - 1) if n is not None else u.i)
                return
        for u in window[:2]:
            if u is not None and u.sent == t.sent and u.lemma == "раз" and self.number(self.tok(u.i - 1)) is not None \
                    and u.i - 1 > t.i and m.told:
                m.steps = self.number(self.tok(u.i - 1))       # «сходило 3 раза»
                self.use(u.i, u.i - 1)
                self.taken.add(u.i)
                return
        if t.lemma == "шаг":
            n = self.number(self.tok(t.i - 1))
            if n is not None:
                self.use(t.i - 1)
                m.steps = n

    def read_state(self) -> None:
        """«закрытое / открытое существо» (a state), «закрылся», «его открыли» (events);
        «не открытое» is closed."""
        r = self.r
        said: tuple[int, bool] | None = None     # the last state adjective read: (token, opened)
        stated: tuple[int, bool] | None = None   # the last state told: (token, open)
        for t in self.toks:
            closed, opened = self.has("closed", t), self.has("opened", t)
            if not (closed or opened) or t.i in self.rival:
                continue
            self.use(t.i)
            if said is not None and t.sent == self.toks[said[0]].sent and t.i - said[0] <= 2 and said[1] == opened:
                continue        # «закрыт (тапнут …)»: the state said again, no event
            p = self.tok(t.i - 1)
            neg = p is not None and p.text == "не"
            if neg:
                self.use(p.i)
            alt = [u for u in (self.tok(t.i - 1), self.tok(t.i - 2)) if u is not None and u.text == "или"]
            if alt and t.sent == self.asked_sent:
                self.use(alt[0].i, *[u.i for u in (self.tok(t.i - 1),) if u is not None and u.text == "только"])
                continue        # «… или только открытое?»: the alternative asked about, not a state
            if t.pos == "NOUN" and p is not None and self.has("phase_nouns", p):
                # «в фазу открытия»: the phase named (408.2), no opening told
                pp = self.tok(p.i - 1)
                self.use(p.i, pp.i if pp is not None and pp.text in ("в", "во") else None)
                continue
            if t.pos == "NOUN" and p is not None and p.text in ("после", "при"):
                self.use(p.i)
                r.events.append(("open" if opened else "close", t.i))     # «после открытия»
            elif t.pos in ("ADJF", "ADJS", "PRTF", "PRTS") or t.lemma in ("закрытый", "открытый", "открыто", "закрыто"):
                value = opened != neg
                if stated is not None and stated[1] != value and not any(
                        not isinstance(e, Motion) and stated[0] < e[1] < t.i for e in r.events):
                    r.contradictions.append("существо названо и открытым, и закрытым")   # no event between the two
                stated = (t.i, value)
                r.open = value
                said = (t.i, opened) if not neg else None
                for u in self.in_clause(t.clause):    # «было закрытое с прошлого хода»: the state told lasts into this turn
                    a, b = self.tok(u.i + 1), self.tok(u.i + 2)
                    if u.text == "с" and a is not None and self.has("turn_past", a) and b is not None and self.has("turn", b):
                        self.use(u.i, a.i, b.i)
            elif neg and (t.tense == "past" or t.sent != self.asked_sent):
                r.open = not opened     # «не открылось»: it stays closed; «не закрылся»: it stays open
            elif t.tense == "past" or t.sent != self.asked_sent:
                r.events.append(("open" if opened else "close", t.i))

    def read_players(self) -> None:
        """Whose creature and turn: «неактивный / активный игрок», «противник», «мой / своё»,
        «в ход противника», «в мой ход», «в чужой ход»."""
        r = self.r
        role_named = False      # «неактивный игрок …»: a player named by his role, in the third person
        opp_turn = False        # «в ход противника»
        for t in self.toks:
            if self.has("inactive", t) or self.has("active", t):
                role_named = True
                self.use(t.i)
                nxt = self.tok(t.i + 1)
                if nxt is not None and self.has("player", nxt):
                    self.use(nxt.i)
                r.declarer = OPP if self.has("inactive", t) else ME
                r.active = ME
                continue
            if self.has("turn", t) and t.i not in self.taken:
                p, n = self.tok(t.i - 1), self.tok(t.i + 1)
                if p is not None and p.text == "же":        # «в этот же ход»
                    self.use(p.i)
                    p = self.tok(t.i - 2)
                whose = None
                if p is not None and (p.text in ("посреди", "течение", "этот", "этом", "за", "одного", "один", "тот", "том")
                                      or p.lemma == "середина"):
                    self.use(t.i, p.i)
                    self.taken.add(t.i)
                    self.use_prep(p.i)
                    continue
                if p is not None and p.lemma == "свой":
                    whose, k = "own", p.i
                elif p is not None and self.has("me", p):
                    whose, k = ME, p.i
                elif p is not None and p.lemma in ("чужой",):
                    whose, k = "other", p.i
                elif n is not None and self.has("opponent", n):
                    whose, k = OPP, n.i
                if whose is None:
                    continue
                self.use(t.i, k)
                self.taken |= {t.i, k}
                neg = self.tok(min(t.i, k) - 2)
                if neg is not None and neg.text == "не":
                    self.use(neg.i)
                    whose = {"own": "other", "other": "own", ME: OPP, OPP: ME}[whose]
                self.use_prep(min(t.i, k))
                r.turn = whose       # «в мой ход» (first), «в ход противника» (second), «в свой / чужой ход» (own / other)
                opp_turn = whose == OPP and k == (n.i if n is not None else -1)
        if role_named and opp_turn and r.declarer is not None:
            # «неактивный игрок может в ход противника двигать своё сущ»: «противника» is the named
            # player's opponent, not the asker's — the turn of the other side than the declarer's
            r.turn = ME if r.declarer == OPP else OPP
        mine = theirs = False
        for t in self.toks:
            if t.i in self.taken:
                continue
            p = self.tok(t.i - 1)
            if self.has("opponent", t) and t.case == "gent" and p is not None and self.has("ability", p):
                self.use(t.i)       # «из-за особенности противника»: whose ability, not whose creature
                continue
            verb = next((u for u in self.in_clause(t.clause) if u.i > t.i and u.tense == "past"
                         and (self.has("closed", u) or self.has("opened", u))), None) \
                if self.has("opponent", t) and t.case == "nomn" else None
            if verb is not None and any(
                    u.i > t.i and (u.text in ("его", "ее", "её") or (
                        self.has("me", u) and u.lemma != "свой" and (u.i > verb.i or u.case in ("accs", "gent"))))
                    for u in self.in_clause(t.clause)):
                # «противник его эффектом закрыл», «противник закрыл моего тролля»: who closed it, not
                # whose creature it is (the object named after the agent)
                self.use(t.i)
                continue
            if self.has("opponent", t):
                self.use(t.i)
                r.owner, theirs = OPP, True
            elif self.has("me", t):
                self.use(t.i)
                mine = mine or t.lemma != "свой"        # «своё» belongs to whoever is the subject
        if mine and theirs:
            r.whose_unclear = True      # «противник двигает моё существо»: whose card and who declares are not modelled

    def read_mover(self) -> None:
        """The creature moving: a creature word («существо», «воин», «орк»), a pronoun; any
        other kind of card is not this module's (``asked`` stays ``None``)."""
        r = self.r
        for t in self.toks:
            if t.quote or t.i in self.taken:
                continue
            k = kind_of(t.text)
            if self.has("flying", t):
                self.use(t.i)
                r.flying = True         # «летун»: a flying creature
                self.mentions.append((t.i, "creature"))
                continue
            if k in ("symbiote", "parasite", "equipment") and self.carried(t):
                self.use(t.i)
                self.use_prep(t.i)
                if k not in r.carries:
                    r.carries.append(k)     # «на моём сущ висит симб»: a fact about the mover, not the mover
                self.mentions.append((t.i, "attached"))
                continue
            if k in ("symbiote", "parasite", "equipment") and r.attached is None:
                r.attached = k          # «движение симбиота»: an attached card moves with its host only (209.10, 212.8)
                self.use(t.i)
                continue
            if k is not None and k != "creature":
                if self.has("artifact", t) and self.near_cell(t):
                    continue
                if k == "artifact" and not any(kind == "creature" for _, kind in self.mentions):
                    r.mover_kind = "artifact"       # «мой арт может телепортнуться?»: an artifact asked to move (210.2)
                    self.use(t.i)
                    self.mentions.append((t.i, "artifact"))
                    nxt, nxt2 = self.tok(t.i + 1), self.tok(t.i + 2)
                    if nxt is not None and nxt.text in ("с", "со") and self.has("jump", nxt2):
                        self.use(nxt.i, nxt2.i)     # «арт с телепортом»: the ability it has
                        self.taken.add(nxt2.i)
                        self.motions = [m for m in self.motions if m.at != nxt2.i]
                    continue
                r.name = "?"        # another kind of card: not a creature's movement
                return
            if r.attached is not None and t.lemma in ("хозяин", "носитель"):
                near = [u for u in (self.tok(t.i - 1), self.tok(t.i - 2)) if u is not None and u.lemma in ("отдельно", "без", "от")]
                if near:        # «отдельно от хозяина», «без хозяина»: the attached card on its own
                    self.use(t.i, *[u.i for u in near])
                continue
            if k == "creature" or name_of(t.text):
                self.mentions.append((t.i, "creature"))
                self.use(t.i)
                if name_of(t.text):
                    r.name = name_of(t.text)
            elif t.lemma == "карта":
                self.use(t.i)
                p = self.tok(t.i - 1)
                if p is not None and p.lemma == "другой":
                    self.use(p.i)       # «открыл другой картой»: by another card's ability

    def carried(self, t: Tok) -> bool:
        """An attached card's word told as carried by the mover: after «с / со» («сущ со
        шмоткой»), or in a set-up sentence after «на <creature>» («на моём сущ висит симб»)."""
        p = self.tok(t.i - 1)
        if p is not None and p.text in ("с", "со"):
            return True
        if t.sent == self.asked_sent:
            return False
        na = [u for u in self.toks if u.sent == t.sent and u.i < t.i and u.text == "на"]
        def host(v: Tok) -> bool:       # «на орке», «на нём» after a creature was named
            return kind_of(v.text) == "creature" or bool(name_of(v.text)) or (
                (v.pos == "NPRO" or v.text in ("нем", "нём", "ней", "нее", "неё", "них")) and bool(self.mentions) and self.mentions[-1][1] == "creature")
        return any(any(host(v) for v in (self.tok(u.i + 1), self.tok(u.i + 2)) if v is not None and v.i < t.i) for u in na)

    def near_cell(self, t: Tok) -> bool:
        return any(u is not None and u.lemma == "клетка" for u in (self.tok(t.i - 1), self.tok(t.i - 2), self.tok(t.i - 3)))

    def read_occupant(self) -> None:
        """«на клетку, где стоит артефакт противника», «на клетку с существом», «клетку, на
        которой уже есть другое существо»: the card there occupies the cell (507.2, 210.1) —
        its words (and its owner's) are the destination's, not the mover's."""
        r = self.r
        for t in self.toks:
            if t.lemma != "клетка":
                continue
            k, seen = t.i + 1, []
            while self.tok(k) is not None and self.tok(k).sent == t.sent and len(seen) < 6:
                u = self.tok(k)
                if u.text in ("где", "с", "со", "на", "которой", "которую", "уже", "стоит", "стоят", "находится", "есть",
                              "лежит", "другое", "другим", "другой", "чужое", "чужим") or self.has("me", u) or \
                        self.has("opponent", u):
                    seen.append(k)
                    k += 1
                    continue
                kind = kind_of(u.text) if not u.quote else None
                if kind in ("creature", "artifact") or name_of(u.text):
                    if not any(self.tok(j).text in ("где", "с", "со", "которой") for j in seen):
                        break
                    nxt = self.tok(k + 1)
                    end = k + 1 if nxt is not None and self.has("opponent", nxt) else k
                    r.dest = "artifact" if kind == "artifact" else "occupied"
                    self.use(t.i, *seen, *range(k, end + 1))
                    self.taken |= {*seen, *range(k, end + 1)}
                    self.use_prep(t.i)
                break

    def read_ahead(self) -> None:
        """«у противника прямо перед моим сущем стоит артефакт»: an artifact on the cell in front
        of the mover (``ahead``) — its words and its owner's are the artifact's, not the
        mover's; «обойти арт» later names the same artifact (``side``)."""
        r = self.r
        for t in self.toks:
            if not self.has("artifact", t) or t.i in self.taken or self.near_cell(t):
                continue
            front = next((u for u in self.toks if u.sent == t.sent and self.has("ahead", u)), None)
            if front is None or r.ahead is not None:
                continue
            nxt = self.tok(front.i + 1)
            if not any(v is not None and (kind_of(v.text) == "creature" or name_of(v.text) or v.pos == "NPRO")
                       for v in (nxt, self.tok(front.i + 2))):
                continue        # «перед боем»: no creature in front of which it stands
            r.ahead = "artifact"
            words = [t.i, front.i]
            p = self.tok(front.i - 1)
            if p is not None and p.text in ("прямо", "прям", "сразу"):
                words.append(p.i)
            for u in self.toks:
                if u.sent != t.sent:
                    continue
                if self.has("carried_verbs", u) or u.lemma == "стоить":
                    words.append(u.i)       # «стоит» (pymorphy: «стоить»)
                if self.has("opponent", u) and self.tok(u.i - 1) is not None and self.tok(u.i - 1).text == "у":
                    words += [u.i, u.i - 1]     # «у противника … артефакт»: whose artifact (the opponent's in the model)
                elif self.has("opponent", u) and u.i == t.i + 1:
                    words.append(u.i)           # «артефакт противника»
            self.use(*words)
            self.taken |= set(words)
            for u in self.toks:
                if u.i > t.i and self.has("artifact", u) and u.i not in self.taken and any(
                        self.has("around", v) for v in (self.tok(u.i - 1), self.tok(u.i - 2)) if v is not None):
                    self.use(u.i)
                    self.taken.add(u.i)
                    r.side = True       # «обойти арт»: past it, not onto its cell
        for t in self.toks:
            if self.has("around", t):
                r.side = True

    def read_dest(self) -> None:
        r = self.r
        for t in self.toks:
            if self.has("diagonal", t):
                r.dest = "diagonal"
                self.use(t.i)
                self.use_prep(t.i)
            elif self.has("occupied", t):
                r.dest = "occupied"
                self.use(t.i)
                self.use_prep(t.i)
            elif self.has("artifact", t) and self.near_cell(t):
                r.dest = "artifact"
                self.use(t.i)
                self.use_prep(t.i)
            elif self.has("free", t) or self.has("adjacent", t) or self.has("directions", t):
                self.use(t.i)
                self.use_prep(t.i)
                if t.lemma in ("сторона", "бок", "вбок", "влево", "вправо") and t.sent == self.asked_sent:
                    r.side = True       # «шагнуть в сторону»
            elif t.lemma == "другой" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).lemma == "клетка":
                self.use(t.i)       # «на другую клетку»: the cell it goes to
            elif t.lemma == "клетка" and t.i not in self.taken:
                self.use(t.i)
                self.use_prep(t.i)

    # ------------------------------------------------------------------ asked
    def read_asked(self) -> None:
        r = self.r
        sent = [t for t in self.toks if t.sent == self.asked_sent]
        texts = [t.text for t in sent]
        wh = next((t for t in sent if t.text in _WH and t.i not in self.taken), None)
        r.yes_no = wh is None
        for t in sent:
            if t.text in _MODAL or t.text == "ли" or t.text == "разве":
                self.use(t.i)
            if t.text == "нельзя" and not (self.tok(t.i + 1) and self.tok(t.i + 1).text == "ли"):
                r.neg_word = "нельзя"
            if t.text == "не" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).text in _MODAL - {"нельзя"}:
                if not (self.tok(t.i + 2) and self.tok(t.i + 2).text == "ли"):
                    r.neg_word = "не " + self.tok(t.i + 1).text
                    self.use(t.i)
        for t in self.toks:
            if self.has("more", t) or self.has("already", t) or (self.has("after", t) and t.text != "после") or \
                    (t.text == "после" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).text in ("этого", "того")):
                self.use(t.i)
                if self.has("more", t) and not (self.tok(t.i + 1) is not None and self.tok(t.i + 1).text == "не"):
                    r.more = True       # «ещё раз», not «ещё не ходил»
                    if self.tok(t.i + 1) is not None and self.has("once", self.tok(t.i + 1)):
                        self.use(t.i + 1)
                if t.text == "после":
                    self.use(t.i + 1)
            if self.has("declare_verbs", t) or self.has("ability", t) or self.has("particles", t):
                self.use(t.i)
        asked_m = [m for m in self.motions if not m.told]
        for t in sent:              # «… или нет?»: a yes/no question
            if t.text == "или" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).text == "нет":
                self.use(t.i, t.i + 1)
        cut = self.reason_clause(sent)
        if cut is None:
            cut = self.rival_clause(sent, asked_m)
        if cut is not None:         # «…, раз ходить нечем», «… или движение только в начале хода восстанавливается?»
            sent = [t for t in sent if t.i < cut]
            asked_m = [m for m in asked_m if m.at < cut]
        told_m = [m for m in self.motions if m.told]
        spend = next((t for t in sent if self.has("spend", t) and t.tense != "past" and t.i not in self.taken), None)
        if spend is not None and not asked_m and len(told_m) == 1 and told_m[0].kind in (MOVE, JUMP, RELOCATE) and \
                not r.events:
            # «противник переместил моего рыцаря … у рыцаря при этом тратится единица движения?»: the told motion is asked
            asked_m, told_m = [Motion(told_m[0].kind, told_m[0].at, False, told_m[0].steps)], []
            self.motions = [m for m in self.motions if m.at != asked_m[0].at] + asked_m
        for t in sent:      # «у него ещё осталось движение?»: whether it may move on
            if self.has("left", t) and any(m.kind == MOVE and abs(m.at - t.i) <= 2 for m in asked_m):
                self.use(t.i)
                r.more = True
        r.events = sorted(told_m + r.events, key=lambda e: e.at if isinstance(e, Motion) else e[1])
        restore = next((t for t in sent if self.has("restore", t)), None)
        kind_of_w = [t for t in sent if self.has("kind_of", t)]
        is_w = next((t for t in sent if self.has("is_verbs", t) and not (
            self.tok(t.i - 1) is not None and self.tok(t.i - 1).text in ("после", "до", "из-за", "от"))), None)   # «после этого»
        cnt = wh is not None and wh.text == "сколько"
        if wh is not None:
            self.use(wh.i)
        if restore is not None:
            self.use(restore.i)
            r.asked = "when_restored"
            if r.yes_no:       # «запас восстанавливается в начале хода / при открытии?»
                told = [e for e in r.events if not isinstance(e, Motion)]
                if not told and r.open:
                    r.asked = None
            return
        if not asked_m and r.more and told_m and told_m[-1].kind in (MOVE, JUMP) and \
                any(t.text in _MODAL or (cnt and t.lemma == "клетка") for t in sent):
            asked_m = [Motion(told_m[-1].kind, sent[-1].i, False)]     # «могу ещё?»: the told motion once more
            for t in sent:
                if t.lemma == "раз":
                    self.use(t.i)
        if not asked_m:
            return
        a = asked_m[0]
        if kind_of_w and len(asked_m) >= 2:
            self.use(*[t.i for t in kind_of_w])
            if is_w is not None:
                self.use(is_w.i)
            r.asked, r.subject, r.predicate = "kind_of", asked_m[0].kind, asked_m[1].kind
            return
        if spend is not None:
            self.use(spend.i)
            ne = self.tok(spend.i - 1)
            if ne is not None and ne.text == "не" and not cnt and (r.yes_no or any(t.text in ("разве", "неужели") for t in sent)):
                self.use(ne.i)      # «разве запас не тратится?»: the lead word agrees with the negated statement
                r.spend_negated = True
            r.asked, r.kind = ("cost" if cnt else "spends"), a.kind
            return
        if cnt and any(u.lemma in ("единица", "очко") for u in sent):
            r.asked, r.kind = "cost", a.kind
            return
        if is_w is not None and len(asked_m) >= 2 and asked_m[-1].at > is_w.i:
            self.use(is_w.i)
            r.asked, r.subject, r.predicate = "is_movement", asked_m[0].kind, asked_m[-1].kind
            return
        if is_w is not None and len(asked_m) == 1 and a.at > is_w.i and any(isinstance(e, Motion) and e.kind in (PLACE, RELOCATE, JUMP) for e in told_m):
            self.use(is_w.i)
            subj = next(e for e in told_m if e.kind in (PLACE, RELOCATE, JUMP))
            r.asked, r.subject, r.predicate = "is_movement", subj.kind, a.kind
            return
        if wh is not None and wh.text == "кто":
            r.asked, r.kind = "who", a.kind
            return
        only = next((t for t in sent if t.text in ("только", "тока", "лишь")), None)
        if only is not None and r.declarer is not None and not r.events and a.kind in (MOVE, JUMP):
            nxt = self.tok(only.i + 1)
            if nxt is not None and (self.has("active", nxt) or self.has("inactive", nxt)):
                self.use(only.i)
                r.asked, r.kind, r.only = "who", a.kind, r.declarer     # «… может только активный игрок?»
                return
        if (wh is not None and wh.text in ("когда", "какой", "какую")) or (r.any_subphase and "или" in texts):
            r.asked, r.kind = "when_declare", a.kind
            self.use(*[t.i for t in sent if self.has("phase_nouns", t)])
            if "или" in texts:
                self.use(*[t.i for t in sent if t.text in ("или", "тока", "только") or
                           t.lemma in ("определённый", "определенный", "конкретный")])
            return
        if cnt:
            r.asked, r.kind = "count", a.kind
            r.steps = 0
            self.use(*[t.i for t in sent if t.lemma in ("раз",)])
            return
        if not r.yes_no or (is_w is not None and is_w.lemma in ("являться", "считаться")):
            return      # «является ли движение игродействием?»: a property this module does not ask
        r.asked, r.kind, r.steps = "legal", a.kind, a.steps if any(u.lemma == "клетка" for u in sent) else 1
        kinds = list(dict.fromkeys(m.kind for m in asked_m))
        alt = [t for t in sent if t.text == "или" and asked_m[0].at < t.i < asked_m[-1].at]
        merged = [m for k, m in enumerate(asked_m) if k == 0 or not (m.kind == asked_m[k - 1].kind
                                                                     and m.at - asked_m[k - 1].at <= 2)]
        if len(kinds) == 2 and set(kinds) <= {MOVE, JUMP} and len(merged) == 2 and alt and told_m:
            r.also = kinds[1]       # «может оно пойти или прыгнуть?»: both run, one verdict when they agree
            self.use(*(t.i for t in alt))
        elif len(kinds) > 1:
            r.asked = None      # two different motions asked at once: not read
        # «два раза», «дважды»: that many movements in a row
        for t in sent:
            if t.lemma == "раз" and self.number(self.tok(t.i - 1)) is not None:
                r.steps = self.number(self.tok(t.i - 1))
                self.use(t.i, t.i - 1)
            elif t.text == "дважды":
                r.steps = 2
                self.use(t.i)

    def reason_clause(self, sent: list[Tok]) -> int | None:
        """Index of a reason the asker gives after the question («…, раз ходить нечем»,
        «… так как он уже сходил»): the asker's argument, not the asked proposition nor a
        fact the ruling rests on — the answer decides it. Only when the reason follows a
        modal and every word of it is a movement word, a word read already or a function
        word; its words are then used. ``None`` otherwise."""
        def times(t: Tok) -> bool:      # «несколько раз», «два раза», «в который раз» — «раз» counts
            p = self.tok(t.i - 1)
            return t.text == "раз" and p is not None and (self.number(p) is not None or p.lemma in (
                "сколько", "несколько", "каждый", "второй", "первый", "последний", "который", "этот", "один", "лишний",
                "ещё", "еще", "очередной", "следующий", "другой"))
        opener = next((t for t in sent if t.text in ("раз", "ведь", "поскольку") and not times(t) and
                       any(u.text in _MODAL for u in sent if u.i < t.i)), None)
        if opener is None:
            return None
        stop = vocab_words("stop_words")
        rest = [t for t in sent if t.i > opener.i]
        if not rest:
            return None
        for t in rest:
            if t.text in ("не", "ни", "без") and t.i not in self.r.used:
                return None     # a negation nothing read («раз он не ходил»)
            if not (t.i in self.r.used or t.text in stop or t.pos in ("NPRO", "PREP", "CONJ", "PRCL") or
                    any(self.has(k, t) for k in ("move_verbs", "move_nouns", "points", "no_points"))):
                return None
        self.use(opener.i, *[t.i for t in rest])
        return opener.i

    def rival_clause(self, sent: list[Tok], asked_m: list[Motion]) -> int | None:
        """Index of the «или» that opens the rival statement after a yes/no question about
        a motion («…, оно может снова походить или движение только в начале хода
        восстанавливается»): the answer to the first part decides it. Only when every word
        after «или» is a movement word, a phrase read already or a function word; its
        words are then used. ``None`` otherwise."""
        alt = next((t for t in sent if t.text == "или"), None)
        if alt is None or not any(m.at < alt.i for m in asked_m) or \
                not any(t.text in _MODAL for t in sent if t.i < alt.i):
            return None
        if any(m.at > alt.i and self.toks[m.at].pos != "NOUN" for m in self.motions):
            return None     # «сходить или прыгнуть?»: two motions asked, not a rival statement
        stop = vocab_words("stop_words")
        rest = [t for t in sent if t.i > alt.i]
        if not rest or any(t.text in ("нет", "не") for t in rest[:1]):
            return None
        for t in rest:
            if t.text in ("не", "ни", "без") and t.i not in self.r.used:
                return None
            if not (t.i in self.r.used or t.text in stop or t.text in ("только", "тока", "лишь") or
                    any(self.has(k, t) for k in ("restore", "move_nouns", "points", "spend"))):
                return None
        self.use(alt.i, *[t.i for t in rest])
        return alt.i

    def rival_sentences(self) -> set[int]:
        """The words of sentences after the asked one that open with «или» — the asker's rival
        statement («… может оно пойти? или раз уже действовало, то всё, до следующего хода
        стоит»): the answer to the question decides it, so its motions and events are no story."""
        out: set[int] = set()
        for k in range(self.asked_sent + 1, max((t.sent for t in self.toks), default=0) + 1):
            sent = [t for t in self.toks if t.sent == k]
            if sent and sent[0].text == "или":
                out |= {t.i for t in sent}
        return out

    def use_rival(self, rival: set[int]) -> None:
        """A rival statement's words are used when each is a function word or a word of this
        module's vocabulary («раз», «действовало», «до следующего хода», «стоит»); else they stay
        unread (no verdict)."""
        stop = vocab_words("stop_words")
        vocab = set().union(*(v for k, v in self.w.items() if k not in ("content",)))
        if all(self.toks[i].text in stop or self.toks[i].lemma in vocab or self.toks[i].text in vocab
               or self.toks[i].lemma in ("раз", "стоять", "стоить", "весь", "всё") for i in rival):
            self.use(*rival)

    def run(self) -> MoveReading:
        rival = self.rival = self.rival_sentences()
        self.taken |= rival
        self.read_phrases()
        self.read_state()
        self.read_motions()
        self.motions = [m for m in self.motions if m.at not in rival]
        self.r.events = [e for e in self.r.events if (e.at if isinstance(e, Motion) else e[1]) not in rival]
        self.read_occupant()
        self.read_ahead()
        self.read_players()
        self.read_mover()
        self.read_dest()
        self.read_asked()
        if self.r.name == "?":
            self.r.asked = None
        a = self.r
        if a.carries:
            asked_at = min((m.at for m in self.motions if not m.told), default=len(self.toks))
            last = [k for i, k in sorted(self.mentions) if i < asked_at]
            if a.attached is not None or not last or last[-1] != "creature":
                a.asked = None      # «на орке висит симбиот. может ли он ходить?»: which card moves is not clear
        if a.attached is not None and any(k == "creature" and self.toks[i].sent == self.asked_sent for i, k in self.mentions):
            a.asked = None          # an attached card told, a creature asked about: which card moves is not clear
        if self.while_thinking and a.turn is None and a.declarer is None:
            a.asked = None          # «пока противник думает» with no turn told: whose turn it is is not clear
        if a.mover_kind == "artifact" and (a.asked != "legal" or a.events or a.carries or a.attached or a.flying
                                            or a.name or a.kind not in (MOVE, JUMP)):
            a.asked = None          # an artifact: only «может ли он двигаться / прыгнуть?» (210.2)
        if a.flying and a.zone is None and a.asked is not None:
            a.asked = None          # a flyer on the battlefield: its movement is not modelled here (405.1)
        if a.zone is not None and not a.flying:
            a.asked = None          # only a flyer is in the additional zone
        if a.attached is not None and (a.asked != "legal" or a.events or a.dest != "next" or a.name or
                                       a.kind not in (MOVE, JUMP, RELOCATE)):
            a.asked = None      # an attached card: only «может ли симбиот двигаться / быть перемещён?»
        for t in self.toks:
            if (a.attached is not None and t.lemma in ("сам", "самостоятельно", "отдельно", "сама", "само")) or \
                    (a.attached is None and t.text in ("сам", "сама", "само", "самостоятельно")):
                self.use(t.i)
        if rival:
            self.use_rival(rival)
        self.read_unread()
        return self.r


_MOTION_SETS = ("move_verbs", "move_nouns", "relocate", "jump", "placement", "restore")


def mentions_motion(question: str) -> bool:
    """Whether any word of ``question`` names a motion or the restoring of movement points
    (a cheap test before reading: most questions ``ask`` gets are about something else)."""
    from bot.reading.tokens import tokenize

    motion = _motion_words(_words())
    toks, _ = tokenize(question)
    return any(t.quote or t.lemma in motion or t.text in motion for t in toks)


_MOTION_WORDS: list = [None, frozenset()]


def _motion_words(words) -> frozenset[str]:
    """Every word of the ``_MOTION_SETS`` lists of ``words`` in one set (built once per load)."""
    if _MOTION_WORDS[0] is not words:
        _MOTION_WORDS[:] = [words, frozenset().union(*(words.sets[k] for k in _MOTION_SETS))]
    return _MOTION_WORDS[1]


def read(question: str) -> MoveReading:
    """Read ``question`` into a ``MoveReading`` (``asked`` ``None`` when it asks no movement
    property)."""
    return _Reader(question).run()
