"""A question about game actions read as a proposition (issue 11): which game action is
named (a kind — «бросок кубика», «в начале боя» — or any game action of a speed / stack
class — «медленное игродействие», «игродействие, которое использует стек»), what the
question tells about the stack and priority («стек не пуст», «в ответ на атаку», «я объявил
…», «оба спасовали», «в начале новой подфазы»), and the asked property:

- ``uses_stack`` — «X использует стек?», «X идёт в стек или сразу выполняется?» (302.3, 302.5);
- ``speed`` — «X — медленное или быстрое?», «X — быстрое игродействие?» (304.2, 304.3);
- ``is_action`` — «X является игродействием?», «пас — это игродействие?» (301.1, 303.2);
- ``legal`` — «можно ли объявить X, если стек не пуст / в ответ на Y?» (304.1, 303.3);
- ``priority`` — «у кого приоритет после …?», «приоритет переходит к противнику?» (303);
- ``which_stack`` — «какие игродействия используют стек?» (302.3, 302.5).

``read(question)`` returns an ``ActionReading`` (or ``None`` when the question names no such
proposition); ``compile_reading`` turns it into a ``scenarios/`` mapping — the board, what
lies on the stack, who is active and holds priority, one step per told event and the asked
step — and ``answer`` runs it with the strict scenario loader and reads the verdict off the
results. A class of game actions is run once per kind of the class: the verdict is given
only when every kind gives the same result, otherwise the answer says which kinds differ.
Every content word of the question must be used, else the route declines (``None``).
Words: section ``game_actions`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from bot.answer import Answer, Block
from bot.reading.tokens import SentenceReader, Tok
from bot.sim.actions import ACTIONS
from bot.textnorm import fold
from bot.vocab import section, words as vocab_words

ME, OPP = "first", "second"
_RU_PLAYER = {ME: "вы", OPP: "противник"}
# Kinds run for a class of game actions: one per speed and stack use (304.1, 302.3, 302.5).
CLASS_KINDS = ("card_action", "movement", "sudden_action", "dice_roll", "triggered_ability", "rule_effect")
_CARD_OF = {ME: "Ваше существо", OPP: "Существо противника"}
_CELL = {ME: "c2", OPP: "c5"}
_TO = {ME: "c3", OPP: "c4"}


@dataclass(frozen=True)
class _Words:
    kinds: tuple[tuple[tuple[str, ...], str], ...]
    quoted: dict[str, str]
    context: dict[str, frozenset[str]]
    sets: dict[str, frozenset[str]]

    def has(self, name: str, t: Tok | None) -> bool:
        return t is not None and (t.lemma in self.sets[name] or t.text in self.sets[name])


@lru_cache(maxsize=1)
def _words() -> _Words:
    s = section("game_actions")
    kinds = tuple(sorted(((tuple(fold(str(p)).split()), str(k)) for p, k in s["kinds"]), key=lambda x: -len(x[0])))
    sets = {k: frozenset(fold(str(x)) for x in v) for k, v in s.items() if isinstance(v, list) and k != "kinds"}
    return _Words(kinds, {fold(k): v for k, v in s["quoted"].items()},
                  {k: frozenset(fold(str(x)) for x in v) for k, v in s["kind_context"].items()}, sets)


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
    одно»), ``used`` word indices, ``unread`` content words nothing used."""

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
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


_WH = frozenset("что кто кого кому как когда где куда сколько какой какие каком какое какую чей чьи чьё чье почему зачем".split())
_MODALS = frozenset("можно могу может можем могут нельзя".split())
_CLAUSE_OPEN = frozenset({"если", "когда", "пока", "который", "которое", "которая", "после", "при"})


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = _words()
        self.r = ActionReading(question, self.toks)
        self.mentions: list[Mention] = []

    def is_(self, name: str, i: int) -> bool:
        return self.w.has(name, self.tok(i))

    def asked_toks(self) -> list[Tok]:
        return [t for t in self.toks if t.sent == self.asked_sent]

    # ------------------------------------------------------------------ game actions named
    def match_kind(self, i: int) -> tuple[str, list[int]] | None:
        """The longest kind phrase starting at word ``i`` (one extra word allowed between
        phrase words of one clause: «переход к следующей фазе», «смена симбиотом типа …»)."""
        t = self.toks[i]
        if t.quote:
            k = self.w.quoted.get(fold(t.text).strip(" .,!?"))
            if k:
                return k, [i]
            if fold(t.text).startswith(("при ", "когда ", "в начале ", "в конце ")):
                return "triggered_ability", [i]     # a quoted trigger condition names a triggered ability
            return None
        for pat, kind in self.w.kinds:
            if t.lemma != pat[0] and t.text != pat[0]:
                continue
            idx, j = [i], i + 1
            for p in pat[1:]:
                for k in (j, j + 1):
                    u = self.tok(k)
                    if u is not None and u.clause == t.clause and (u.lemma == p or u.text == p):
                        idx.append(k)
                        j = k + 1
                        break
                else:
                    idx = []
                    break
            if idx:
                return kind, idx
        return None

    def read_mentions(self) -> None:
        taken: set[int] = set()
        for t in self.toks:
            if t.i in taken:
                continue
            hit = self.match_kind(t.i)
            if hit is None:
                if self.w.has("any_action", t) or t.lemma == "действие" and (self.is_("slow", t.i - 1) or self.is_("fast", t.i - 1)):
                    self.mentions.append(Mention(None, t.i, [t.i]))
                    taken.add(t.i)
                continue
            kind, idx = hit
            # «использование / объявление особенности «…»»: the noun names the same action
            prev = self.tok(idx[0] - 1)
            if prev is not None and prev.lemma in ("использование", "объявление") and prev.clause == t.clause:
                idx = [prev.i, *idx]
            q = self.tok(idx[-1] + 1)
            if q is not None and q.quote and q.clause == t.clause and self.match_kind(q.i):
                kind2, _ = self.match_kind(q.i)
                kind, idx = kind2, [*idx, q.i]      # «особенности «в начале боя»»
            elif t.lemma == "особенность" and q is not None and q.quote:
                pass
            for u in self.toks:
                if u.sent == t.sent and u.lemma in self.w.context.get(kind, ()) and u.i not in taken:
                    idx.append(u.i)
            self.mentions.append(Mention(kind, idx[0], sorted(set(idx))))
            taken.update(idx)
        for m in self.mentions:
            self.use(*m.words)
        # «особенности «в начале боя»», «особенности «при гибели»»: the noun before a quoted name
        for m in self.mentions:
            p = self.tok(m.at - 1)
            if p is not None and p.lemma in ("особенность", "использование") and p.clause == self.toks[m.at].clause:
                m.words.insert(0, p.i)
                self.use(p.i)
                pp = self.tok(p.i - 1)
                if pp is not None and pp.lemma == "использование":
                    self.use(pp.i)

    def narrow_classes(self) -> None:
        """«медленное игродействие», «игродействие со стеком», «игродействие, которое (не)
        использует стек», «если игродействие не использует стек»: the class of a generic mention."""
        for m in self.mentions:
            if m.kind is not None:
                continue
            t = self.toks[m.at]
            for k in (m.at - 1, m.at - 2):
                if self.is_("slow", k) or self.is_("fast", k):
                    if self.toks[k].clause == t.clause and not self.speed_predicate(k):
                        m.speed = "slow" if self.is_("slow", k) else "fast"
                        self.use(k)
            nx, nx2 = self.tok(m.at + 1), self.tok(m.at + 2)
            if nx is not None and nx.text in ("со", "с") and self.w.has("stack_word", nx2):
                m.stack = True
                self.use(nx.i, nx2.i)
                continue
            # a relative or conditional clause: «которое использует стек», «если игродействие не использует стек»
            cond = self.toks[m.at - 1].text in _CLAUSE_OPEN if m.at > 0 else False
            for j in range(m.at + 1, min(m.at + 5, len(self.toks))):
                u = self.toks[j]
                if u.lemma == "использовать" and self.w.has("stack_word", self.tok(j + 1)):
                    rel = any(self.toks[x].lemma == "который" for x in range(m.at + 1, j))
                    if not (rel or cond or t.sent != self.asked_sent):
                        break
                    neg = self.toks[j - 1].text == "не"
                    m.stack = not neg
                    self.use(j, j + 1, *( [j - 1] if neg else []), *[x for x in range(m.at + 1, j) if self.toks[x].lemma == "который"])
                    if cond:
                        self.use(m.at - 1)
                    break

    def speed_predicate(self, k: int) -> bool:
        """The speed word at ``k`` is the asked predicate («X — медленное игродействие?»): it is
        in the asked sentence, and a game action of a named kind is in that sentence too."""
        t = self.toks[k]
        return t.sent == self.asked_sent and any(m.kind is not None and self.toks[m.at].sent == t.sent for m in self.mentions)

    # ------------------------------------------------------------------ players
    def player_of(self, clause: int, default: str | None = None) -> str | None:
        for t in self.toks:
            if t.clause != clause:
                continue
            if self.w.has("me", t):
                self.use(t.i)
                return ME
            if self.w.has("opponent", t):
                self.use(t.i)
                return OPP
        return default

    def read_roles(self) -> None:
        """«Я активный игрок», «я неактивный»: who is active."""
        for t in self.toks:
            if (self.w.has("active", t) or self.w.has("inactive", t)) and t.sent != self.asked_sent:
                who = self.player_of(t.clause)
                if who is None:
                    continue
                act = self.w.has("active", t) and not (t.i > 0 and self.toks[t.i - 1].text == "не")
                self.r.active = who if act else (OPP if who == ME else ME)
                self.use(t.i, t.i - 1 if t.i > 0 and self.toks[t.i - 1].text == "не" else None)
                nx = self.tok(t.i + 1)
                if self.w.has("player", nx):
                    self.use(nx.i)

    # ------------------------------------------------------------------ stack facts and told steps
    def read_stack_facts(self) -> None:
        """«стек (не) пуст», «при пустом стеке», «в стеке (что-то / X) лежит», «она в стеке»,
        «в ответ (на X)»: the stack and what lies on it."""
        for t in self.toks:
            if self.w.has("stack_word", t):
                clause = [u for u in self.toks if u.clause == t.clause]
                empty = next((u for u in clause if self.w.has("empty_words", u)), None)
                if empty is not None:
                    neg = self.tok(empty.i - 1)
                    nonempty = neg is not None and neg.text == "не"
                    self.r.stack = "nonempty" if nonempty else "empty"
                    self.use(t.i, empty.i, neg.i if nonempty else None)
                    p = self.tok(t.i - 1)
                    if p is not None and p.text in ("при",):
                        self.use(p.i)
                    continue
                p = self.tok(t.i - 1)
                lies = next((u for u in clause if self.w.has("lies_verbs", u)), None)
                if p is not None and p.text == "в" and (lies is not None or any(u.lemma in ("он", "она", "оно") for u in clause)
                                                        or any(self.tok(u.i) and u.lemma == "что-то" for u in clause)):
                    self.r.stack = "nonempty"
                    self.use(p.i, t.i, lies.i if lies else None)
                    for u in clause:
                        if u.lemma in ("он", "она", "оно", "что-то", "что", "уже") or u.text in ("пока",):
                            self.use(u.i)
                    self.lies_on_stack(t)
                elif p is not None and p.text == "в" and any(m.at in (t.i + 1, t.i + 2) for m in self.mentions):
                    self.r.stack = "nonempty"       # «если в стеке движение»
                    self.use(p.i, t.i)
                    self.lies_on_stack(t)
            if self.w.has("response_words", t):
                p = self.tok(t.i - 1)
                if p is not None and p.text == "в":
                    self.r.stack = "nonempty"
                    self.use(p.i, t.i)
                    nx = self.tok(t.i + 1)
                    if nx is not None and nx.text == "на":
                        on = next((m for m in self.mentions if m.at in (t.i + 2, t.i + 3)), None)
                        if on is not None:
                            self.use(nx.i)
                            self.r.on_stack = on
                            on.player = self.player_of(self.toks[on.at].clause) if on.player is None else on.player
                            for w_ in on.words[-1:]:
                                nxt = self.tok(w_ + 1)
                                if self.w.has("opponent", nxt):
                                    on.player = OPP
                                    self.use(nxt.i)

    def lies_on_stack(self, t: Tok) -> None:
        """The game action named in the clause of «в стеке» (word ``t``) lies on the stack; «атака
        противника» — the opponent's."""
        on = next((m for m in self.mentions if self.toks[m.at].clause == t.clause), None)
        if on is None:
            return
        self.r.on_stack = on
        nxt = self.tok(on.words[-1] + 1)
        if self.w.has("opponent", nxt) and nxt.clause == t.clause:
            on.player = OPP
            self.use(nxt.i)
        elif self.w.has("me", self.tok(on.at - 1)):
            on.player = ME
            self.use(on.at - 1)

    def read_told(self) -> None:
        """Declarations, passes, resolutions and new (sub)phases told: sentences before the asked
        one, a past tense, or a «после / если / при» clause or noun in the asked one."""
        for t in self.toks:
            told_clause = t.sent != self.asked_sent or t.tense == "past" or self.opens_condition(t)
            prev = self.tok(t.i - 1)
            after_prep = prev is not None and prev.text in ("после", "при", "без") and prev.clause == t.clause
            if self.w.has("declare_verbs", t) and told_clause and (t.tense == "past" or t.sent != self.asked_sent):
                m = next((m for m in self.mentions if m.at > t.i and self.toks[m.at].clause == t.clause), None)
                if m is None:
                    continue
                who = self.player_of(t.clause, ME)
                m.player = who
                self.r.told.append(("declare", who, m))
                self.use(t.i)
                if t.lemma == "ответить":
                    self.r.stack = "nonempty"
            elif t.lemma == "объявление" and (after_prep or self.opens_condition(t)):
                m = next((m for m in self.mentions if m.at == t.i + 1 or (t.i + 1) in m.words), None)
                if m is not None:
                    self.r.told.append(("declare", None, m))
                    self.use(t.i, prev.i if after_prep else None)
            elif self.w.has("pass_verbs", t) and t.pos not in ("PRTF", "PRTS") and not (prev is not None and prev.text in ("не", "без")) and (
                    told_clause or after_prep or t.pos in ("NOUN", "INTJ") or t.tense == "pres" and self.opens_condition(t)):
                clause = [u for u in self.toks if u.clause == t.clause]
                both = next((u for u in clause if self.w.has("both", u)), None)
                if both is not None:
                    self.r.told.append(("both_pass",))
                    self.use(t.i, both.i)
                    for u in clause:
                        if u.lemma in ("подряд", "игрок", "последовательно"):
                            self.use(u.i)
                else:
                    who = self.player_of(t.clause, ME) if t.pos not in ("NOUN", "INTJ") else None
                    self.r.told.append(("pass", who))
                    self.use(t.i, prev.i if after_prep else None)
            elif t.lemma in self.w.sets["resolve_verbs"] or t.lemma == "выполнение":
                clause = [u for u in self.toks if u.clause == t.clause]
                top = next((u for u in clause if self.w.has("top", u)), None)
                from_stack = next((u for u in clause if self.w.has("stack_word", u)), None)
                if (top is None and from_stack is None) or not (told_clause or after_prep or t.lemma == "выполнение"):
                    continue
                if t.sent == self.asked_sent and t.lemma != "выполнение" and not told_clause:
                    continue
                self.r.told.append(("resolved",))
                self.use(t.i, top.i if top else None, prev.i if after_prep else None)
                for m in list(self.mentions):
                    if top is not None and m.kind is None and m.at == top.i + 1:
                        self.mentions.remove(m)     # «верхнее игродействие» is the stack's top, not an action asked
                        self.use(m.at)
                        break
                for u in clause:
                    if self.w.has("stack_word", u) or u.text in ("в", "из") and self.w.has("stack_word", self.tok(u.i + 1)) \
                            or u.text in ("того", "как", "то"):
                        self.use(u.i)
            elif self.w.has("phase_nouns", t) and (self.is_("new_phase", t.i - 1) or self.tok(t.i - 1) is not None
                                                    and self.tok(t.i - 1).lemma == "начало"):
                self.r.told.append(("subphase",))
                self.use(t.i, t.i - 1)
                for u in self.toks:
                    if u.clause == t.clause and u.lemma in ("начало", "переход", "при", "в", "к") and abs(u.i - t.i) <= 3:
                        self.use(u.i)
                self.mentions = [m for m in self.mentions if not (set(m.words) & {t.i, t.i - 1})]

    def opens_condition(self, t: Tok) -> bool:
        first = next((u for u in self.toks if u.clause == t.clause), None)
        if first is not None and first.text in ("после", "если", "при", "когда"):
            self.use(first.i)
            return True
        return False

    # ------------------------------------------------------------------ asked property
    def read_asked(self) -> None:
        """The asked property, tried in order: priority, what happens / when it resolves,
        speed, stack use, being a game action (or a part of one), when it may be declared,
        whether it may be declared now."""
        sent = self.asked_toks()
        if not sent:
            return
        texts = [t.text for t in sent]
        # «можно ли бросить кубик, когда …»: after «ли» or a modal word «когда» is a conjunction
        modal_at = next((k for k, t in enumerate(texts) if t in _MODALS), len(texts))
        self.r.yes_no = "ли" in texts or not any(t in _WH for t in texts[:modal_at])
        for t in sent:
            if t.text in ("ли", "разве", "вообще", "сейчас") or t.text in _MODALS:
                self.use(t.i)
            if t.text == "нельзя" or t.text == "не" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).text in _MODALS:
                self.r.neg_word = "нельзя" if t.text == "нельзя" else "не " + self.toks[t.i + 1].text
                self.use(t.i)
        alt = next((t for t in sent if t.text == "или"), None)
        if alt is not None:
            nx = self.tok(alt.i + 1)
            if nx is not None and nx.text in ("нет", "не"):
                self.use(alt.i, nx.i)
            else:
                self.r.choice = True
                self.r.yes_no = False
                self.use(alt.i)
        self.read_turn_owner()
        asked_mentions = [m for m in self.mentions if self.toks[m.at].sent == self.asked_sent and m is not self.r.on_stack
                          and not any(s[0] == "declare" and s[2] is m for s in self.r.told)]
        this = next((t for t in sent if t.text == "это"), None)
        if this is not None and not any(m.kind is not None for m in asked_mentions):
            # «… симбиот становится самостоятельным существом. Это использует стек?»: «это» is the action told before
            before = [m for m in self.mentions if self.toks[m.at].sent < self.asked_sent and m.kind is not None]
            if before:
                asked_mentions.append(before[-1])
                self.use(this.i)
        named = [m for m in asked_mentions if m.kind is not None]
        wh = next((t for t in sent if t.text in ("что", "когда", "кто", "кому") or t.lemma == "момент"), None)
        passes = [s_ for s_ in self.r.told if s_[0] == "pass"]
        resolved = any(x[0] in ("both_pass", "resolved") for x in self.r.told) or len(passes) >= 2
        kept = {t.i for t in sent if self.w.has("priority_word", t) and t.i >= 2 and self.toks[t.i - 2].text in ("не", "без")}
        if any(self.w.has("priority_word", t) and t.i not in kept for t in sent) or passes and len(passes) < 2 and wh is not None \
                and any(self.w.has("turn_verbs", t) or t.text in ("теперь", "дальше") for t in sent):
            self.read_priority(sent)
            return
        happens = [t for t in sent if t.lemma in ("происходить", "произойти", "случиться", "быть", "выполняться", "выполниться")
                   and t.i not in self.r.used]
        if happens and resolved and self.r.stack != "empty" and (wh is not None and wh.text == "что" or self.r.yes_no):
            # «что происходит с игродействием в стеке, если оба спасовали?», «… — выполняется верхнее?»
            if len(passes) >= 2:
                self.r.told = [x for x in self.r.told if x[0] != "pass"] + [("both_pass",)]
            self.r.asked = "next"
            for t in sent:
                if t.text in ("что", "с", "со", "в") or t in happens or self.w.has("stack_word", t) \
                        or self.w.has("any_action", t) or self.w.has("top", t):
                    self.use(t.i)
            self.mentions = [m for m in self.mentions if m.kind is not None or self.toks[m.at].sent != self.asked_sent]
            return
        if wh is not None and wh.text == "когда" and not any(t.text in _MODALS for t in sent) and any(
                t.lemma in ("выполняться", "выполниться", "разрешаться") for t in sent):
            self.r.asked = "when_resolves"      # «когда выполняется объявленное игродействие?»
            for t in sent:
                if t.lemma in ("выполняться", "выполниться", "разрешаться", "объявить", "объявленный") or self.w.has("any_action", t) \
                        or self.w.has("stack_word", t) or t.text in ("в", "лежащее", "когда"):
                    self.use(t.i)
            self.r.action = asked_mentions[0] if asked_mentions else Mention(None, sent[0].i, [])
            return
        paid = next((t for t in sent if t.lemma in ("оплачиваться", "оплатить", "оплачивать", "производиться")), None)
        if paid is not None and wh is not None and wh.text == "когда":
            self.r.asked = "when_paid"
            self.use(paid.i, wh.i, *(m.at for m in asked_mentions))
            return
        speed = [t for t in sent if (self.is_("slow", t.i) or self.is_("fast", t.i)) and t.i not in self.r.used]
        if speed and any(t.lemma == "какой" for t in sent) and not named:
            self.r.asked, self.r.asked_speed = "which_speed", "slow" if self.is_("slow", speed[0].i) else "fast"
            self.use(*(t.i for t in sent if t.lemma == "какой" or self.w.has("any_action", t)), speed[0].i)
            return
        if speed and named:
            self.r.asked, self.r.action = "speed", named[0]
            self.r.options = named if self.r.choice and len(named) > 1 else []
            self.use(*(t.i for t in speed))
            if self.r.options or not self.r.choice and not (wh is not None and wh.text == "что"):
                self.r.asked_speed = "slow" if self.is_("slow", speed[0].i) else "fast"
            if wh is not None and wh.text == "что":
                self.use(wh.i)
            self.use_generic(sent)
            return
        if self.read_uses_stack(sent, named, asked_mentions):
            return
        part = [t for t in sent if t.lemma in ("часть", "состав", "входить")]
        is_q = next((t for t in sent if self.w.has("any_action", t)), None)
        if is_q is not None and not speed and (named or any(self.w.has("pass_verbs", t) for t in sent)):
            subj = named[0] if named else None
            pas = next((t for t in sent if self.w.has("pass_verbs", t)), None)
            self.r.asked = "part_of" if part else "is_action"
            self.r.action = subj if subj is not None else Mention("pass", pas.i, [pas.i])
            self.use(is_q.i, pas.i if pas is not None else None, *(t.i for t in part))
            self.mentions = [m for m in self.mentions if m.at != is_q.i]
            for t in sent:
                if self.w.has("is_verbs", t) or t.text == "в" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).lemma == "состав":
                    self.use(t.i)
            return
        self.read_legal(sent, asked_mentions, wh)

    def read_turn_owner(self) -> None:
        """«мой ход», «сейчас ход противника»: who is active; «неактивный игрок может …»: the asker is not."""
        for t in self.toks:
            if t.lemma != "ход":
                continue
            near = [u for u in self.toks[max(0, t.i - 1):t.i + 2] if u.clause == t.clause]
            for u in near:
                if self.w.has("me", u):
                    self.r.active = ME
                    self.use(t.i, u.i)
                elif self.w.has("opponent", u):
                    self.r.active = OPP
                    self.use(t.i, u.i)

    def read_uses_stack(self, sent: list[Tok], named: list[Mention], asked_mentions: list[Mention]) -> bool:
        """«X использует стек?», «X идёт в стек или сразу выполняется?», «X происходит сразу, без стека?»."""
        stack_tok = next((t for t in sent if self.w.has("stack_word", t) and t.i not in self.r.used), None)
        if stack_tok is None:
            return False
        verb = next((t for t in sent if self.w.has("into_stack_verbs", t) and t.i not in self.r.used), None)
        prep = self.tok(stack_tok.i - 1)
        without = prep is not None and prep.text == "без"
        if verb is None and not (prep is not None and prep.text in ("через", "без")):
            return False
        if not named and any(t.lemma == "какой" for t in sent):
            self.r.asked = "which_stack"
            self.use(stack_tok.i, verb.i if verb else None, *(t.i for t in sent if t.lemma == "какой"))
            self.use(*(m.at for m in asked_mentions if m.kind is None))
            return True
        if not named:
            return False
        self.r.asked, self.r.action = "uses_stack", named[0]
        neg = verb is not None and self.tok(verb.i - 1) is not None and self.toks[verb.i - 1].text == "не"
        # «X происходит сразу, без стека?», «X не использует стек?»: the negative proposition is asked
        self.r.without_stack = (without and verb is None) or neg
        self.use(stack_tok.i, verb.i if verb else None, verb.i - 1 if neg else None)
        if prep is not None and prep.text in ("в", "через", "без"):
            self.use(prep.i)
        for t in sent:      # «или сразу выполняется», «происходит сразу»: the other option / the same one
            if t.text == "сразу" or t.lemma in ("выполняться", "выполниться", "происходить"):
                self.use(t.i)
        return True

    def read_legal(self, sent: list[Tok], asked_mentions: list[Mention], wh: Tok | None) -> None:
        """«можно ли объявить X (если …)?», «могу сразу объявить ещё одно, не пасуя?», «когда можно
        объявлять быстрые?», «медленные можно только при пустом стеке?»."""
        if not any(t.text in _MODALS for t in sent):
            return
        decl = next((t for t in sent if self.w.has("declare_verbs", t)), None)
        cand = list(asked_mentions)
        two = next((t for t in sent if t.text in ("два", "две", "2") and t.i + 1 < len(self.toks)
                    and self.w.has("any_action", self.toks[t.i + 1])), None)
        if two is not None:
            # «может ли игрок объявить два игродействия подряд?»: one told, the other asked
            m0 = next(m for m in cand if m.at == two.i + 1)
            self.r.told.append(("declare", ME, Mention(None, m0.at, [])))
            cand = [Mention(None, m0.at, [m0.at])]
            self.use(two.i)
            for t in sent:
                if t.lemma in ("подряд", "игрок"):
                    self.use(t.i)
        if not cand:
            # «могу ли я сразу объявить ещё одно?»: another game action, of any kind
            other = next((t for t in sent if self.w.has("another", t) and decl is not None and t.i > decl.i), None)
            if other is None:
                return
            cand = [Mention(None, other.i, [other.i])]
            nx = self.tok(other.i + 1)
            if nx is not None and nx.lemma == "один":
                self.use(nx.i)
        m = cand[0]
        self.use(decl.i if decl else None)
        if decl is not None and decl.lemma == "ответить":
            self.r.stack = "nonempty"
        for t in sent:
            if self.w.has("another", t) and t.i not in self.r.used:
                self.r.another = True
                self.use(t.i)
            nx = self.tok(t.i + 1)
            if t.text == "сразу":
                self.use(t.i)
            if t.text in ("не", "без") and nx is not None and (self.w.has("pass_verbs", nx) or nx.lemma in ("передавать", "передать")):
                self.use(t.i, nx.i)     # «не пасуя», «без паса», «не передавая приоритет»: the declarer keeps priority
                if self.w.has("priority_word", self.tok(nx.i + 1)):
                    self.use(nx.i + 1)
            if t.text == "и" and self.tok(t.i - 1) is not None and self.w.has("another", self.tok(t.i - 1)):
                self.use(t.i)       # «ещё и бросок кубика»
        if self.w.has("inactive", self.tok(m.at - 3)) or any(self.w.has("inactive", t) and t.i < m.at for t in sent):
            t = next(t for t in sent if self.w.has("inactive", t))
            self.r.active = OPP
            self.use(t.i, t.i + 1 if self.is_("player", t.i + 1) else None)
        for t in sent:
            if self.w.has("player", t) and t.i not in self.r.used and t.i < m.at:
                self.use(t.i)       # «может ли игрок объявить …»: the asker stands for any player
        self.narrow_here(m)
        m.player = ME
        only = next((t for t in sent if t.text == "только"), None)
        when = wh is not None and (wh.text == "когда" or wh.lemma == "момент")
        if not self.r.yes_no and not when:
            return      # «кто может объявить …?» asks who, not whether: not read here
        if (not self.r.yes_no and when) or (only is not None and self.r.stack == "empty"):
            # «когда / в какой момент можно объявить X?», «X можно объявлять только при пустом стеке?»
            self.r.asked, self.r.action, self.r.only = "when", m, only is not None
            if wh is not None:
                self.use(wh.i, wh.i - 1 if wh.lemma == "момент" else None, wh.i - 2 if wh.lemma == "момент" else None)
            self.use(only.i if only else None)
            return
        self.player_of(self.toks[m.at].clause)
        self.r.asked, self.r.action = "legal", m

    def narrow_here(self, m: Mention) -> None:
        """«новые быстрые игродействия»: a speed word right before the asked mention."""
        for i in range(m.at - 2, m.at):
            if self.is_("slow", i) or self.is_("fast", i):
                m.speed = "slow" if self.is_("slow", i) else "fast"
                self.use(i)
            elif self.is_("another", i):
                self.r.another = True
                self.use(i)

    def use_generic(self, sent: list[Tok]) -> None:
        """The predicate noun «(игро)действие» and «это / является» of «X — медленное игродействие?»."""
        for t in sent:
            if self.w.has("any_action", t) or self.w.has("is_verbs", t) or t.lemma == "действие" and t.i not in self.r.used \
                    and (self.is_("slow", t.i - 1) or self.is_("fast", t.i - 1)):
                self.use(t.i)
        self.mentions = [m for m in self.mentions if not (m.kind is None and m.at in self.r.used and self.toks[m.at].sent == self.asked_sent)]

    def read_priority(self, sent: list[Tok]) -> None:
        """«у кого (после этого) приоритет?», «кто получает приоритет?», «приоритет переходит к
        противнику?», «получает неактивный игрок?», «после паса приоритет остаётся у спасовавшего?»,
        «я спасовал, кто теперь ходит / что дальше?»."""
        self.r.asked = "priority"
        roles = []
        for t in sent:
            if self.w.has("priority_word", t) or self.w.has("priority_verbs", t) or self.w.has("turn_verbs", t) \
                    or t.text in ("у", "к", "кто", "кого", "кому", "что", "дальше", "теперь") or t.lemma in ("после", "это", "этот"):
                self.use(t.i)
            if self.w.has("opponent", t):
                roles.append("opponent")
                self.use(t.i)
            elif self.w.has("inactive", t):
                roles.append("inactive")
                self.use(t.i, t.i + 1 if self.is_("player", t.i + 1) else None)
            elif self.w.has("active", t):
                roles.append("active")
                self.use(t.i, t.i + 1 if self.is_("player", t.i + 1) else None)
            elif t.lemma in ("спасовавший", "спасовать") and t.i not in self.r.used or t.text.startswith("спасовавш"):
                roles.append("passer")
                self.use(t.i, t.i + 1 if self.is_("player", t.i + 1) else None)
        if self.r.choice:
            self.r.recipient = None     # «активный или неактивный игрок?»: the holder is named
        elif self.r.yes_no:
            if not roles and any(t.lemma in ("передаваться", "передаться", "переходить", "перейти", "передавать") for t in sent):
                roles = ["opponent"]    # «передаётся ли приоритет?»: to the opponent
            if len(roles) != 1:
                self.r.asked = None     # a yes/no about priority with no single holder asked: not read
                return
            self.r.recipient = roles[0]
        if not self.r.told:
            # «если игродействие не использует стек, …»: the action of the condition is told as declared
            pri = next(t for t in sent if self.w.has("priority_word", t))
            m = next((m for m in self.mentions if self.toks[m.at].clause != pri.clause and self.opens_condition(self.toks[m.at])), None)
            if m is not None:
                self.r.told.append(("declare", None, m))

    # ------------------------------------------------------------------ unread
    def read_unread(self) -> None:
        stop, filler = vocab_words("stop_words"), vocab_words("filler")
        out = []
        for t in self.toks:
            if t.i in self.r.used or t.text.isdigit():
                continue
            if t.text in ("не", "ни"):
                nx = self.tok(t.i + 1)
                if nx is not None and nx.i in self.r.used:
                    out.append(f"не {nx.text}")
                continue
            if (t.text in stop or t.lemma in filler) and t.lemma not in self.w.sets["content"] and t.text not in self.w.sets["content"]:
                continue
            out.append(t.text)
        self.r.unread = list(dict.fromkeys(out))

    def run(self) -> ActionReading:
        self.read_mentions()
        self.narrow_classes()
        self.read_roles()
        self.read_stack_facts()
        self.read_told()
        self.read_asked()
        self.read_unread()
        return self.r


def read(question: str) -> ActionReading:
    """Read ``question`` into an ``ActionReading`` (``asked`` is ``None`` when no property of
    this module is asked)."""
    return _Reader(question).run()


# ---------------------------------------------------------------------- compile
def _declare(kind: str, player: str) -> dict:
    """The ``declare`` step of a game action of ``kind`` by ``player`` on the module's board."""
    st: dict = {"player": player, "kind": kind}
    if kind in ("movement", "instead_of_movement", "relocation", "attack", "sudden_attack", "card_action", "sudden_action",
                "battle_start_ability", "vanguard_ability"):
        st["card"] = _CARD_OF[player]
    if kind in ("movement", "instead_of_movement", "relocation"):
        st["to"] = _TO[player]
    if kind in ("attack", "sudden_attack"):
        st["target"] = _CARD_OF[OPP if player == ME else ME]
    return {"declare": st}


def _board(active: str, priority: str, stack: list[tuple[str, str]], phase: str = "main") -> dict:
    cards = [{"id": _CARD_OF[p], "owner": p, "class": "воин", "cell": _CELL[p], "movement": 2} for p in (ME, OPP)]
    state: dict = {"active": active, "priority": priority, "cards": cards}
    if phase != "main":
        state["phase"] = phase
    if stack:
        state["stack"] = [{"name": f"{ACTIONS[k].ru} ({'ваше' if p == ME else 'противника'})", "player": p, "kind": k}
                          for p, k in stack]
    return state


def _phase_of(kind: str) -> str:
    return {"battle_start_ability": "battle_start", "vanguard_ability": "vanguard"}.get(kind, "main")


@dataclass
class Run:
    """One compiled scenario and its run: ``kind`` the action kind it stands for, ``mapping``
    (with ``expect`` filled from the run), ``result`` (``bot.sim.scenario.ScenarioResult``),
    ``lines`` («Как я понял» parts)."""

    kind: str
    mapping: dict
    result: object
    lines: list[str]


def _run(title: str, state: dict, steps: list[dict], expect_of) -> tuple[dict, object]:
    """Load and run ``state`` + ``steps`` with a provisional check, then fill ``expect`` with
    ``expect_of(results)`` and check that the mapping passes as it will be shown."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = {"title": title, "state": state, "steps": steps}
    res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": len(steps), "legal": True}]}}), "<вопрос>"))
    mapping["expect"] = expect_of(res.results)
    final = sc.run(sc.load(dump(mapping), "<вопрос>"))
    if not final.passed:    # pragma: no cover - the expectation is read off the same run
        from bot.errors import ScenarioError
        raise ScenarioError("сценарий вопроса не воспроизводит свой ответ: " + "; ".join(final.failures))
    return mapping, final


def compile_runs(r: ActionReading) -> list[Run]:
    """One scenario per kind the asked action stands for, run. ``[]`` when nothing can be
    compiled (e.g. a priority question with no told step)."""
    title = "Вопрос: " + " ".join(r.question.split())[:120]
    a = r.asked
    kinds = r.action.kinds() if r.action is not None and r.action.kind != "pass" else [None]
    if a == "priority":
        told = next((s for s in r.told if s[0] == "declare"), None)
        kinds = told[2].kinds() if told is not None else [None]
    if a == "speed" and r.options:
        kinds = [m.kind for m in r.options]
    runs: list[Run] = []
    if a in ("part_of", "when_paid") or (a == "is_action" and r.action.kind == "payment"):
        return [_payment_run(title)]
    if a == "when_resolves":
        state = _board(ME, ME, [])
        mapping, res = _run(title, state, [_declare("card_action", ME), {"pass": ME}, {"pass": OPP}],
                            lambda rs: {"steps": [{"step": 1, "stack": rs[0].stack}, {"step": 2, "stack": rs[1].stack},
                                                  {"step": 3, "value": rs[2].value, "stack": rs[2].stack}]})
        return [Run("card_action", mapping, res, ["вы объявляете действие карты", "вы пасуете", "противник пасует"])]
    if a == "which_speed":
        for kind in ("movement", "card_action", "attack", "battle_start_ability", "vanguard_ability", "sudden_action", "dice_roll",
                     "triggered_ability", "relocation"):
            state = _board(ME, ME, [], _phase_of(kind))
            mapping, res = _run(title, state, [_declare(kind, ME)], lambda rs: {"steps": [{"step": 1, "value": rs[0].value}]})
            runs.append(Run(kind, mapping, res, []))
        return runs
    for kind in kinds:
        if a == "which_stack":
            break
        if a == "is_action" and r.action.kind == "pass":
            state = _board(ME, ME, [("second", "card_action")][:0] or [])
            mapping, res = _run(title, state, [{"pass": ME}], lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "priority": rs[0].priority}]})
            runs.append(Run("pass", mapping, res, ["вы пасуете"]))
            break
        if a in ("uses_stack", "speed", "is_action"):
            state = _board(ME, ME, [], _phase_of(kind))
            mapping, res = _run(title, state, [_declare(kind, ME)],
                                lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "stack": rs[0].stack, "value": rs[0].value}]})
            runs.append(Run(kind, mapping, res, [f"вы объявляете: {ACTIONS[kind].ru}"]))
        elif a == "legal":
            runs.append(_legal_run(r, kind, title))
        elif a == "when":
            for stack in ([], [(OPP, "triggered_ability")]):
                state = _board(ME, ME, stack, _phase_of(kind))
                mapping, res = _run(title, state, [_declare(kind, ME)], lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal}]})
                runs.append(Run(kind, mapping, res, ["стек пуст" if not stack else "в стеке лежит срабатывающая особенность противника"]))
        elif a == "next":
            state = _board(ME, ME, [(OPP, "card_action")])
            mapping, res = _run(title, state, [{"pass": ME}, {"pass": OPP}],
                                lambda rs: {"steps": [{"step": 2, "value": rs[1].value, "priority": rs[1].priority}]})
            runs.append(Run("card_action", mapping, res, ["в стеке лежит игродействие", "оба игрока пасуют подряд"]))
            break
        elif a == "priority":
            run = _priority_run(r, kind, title)
            if run is None:
                return []
            runs.append(run)
    if a == "which_stack":
        for kind in CLASS_KINDS + ("relocation", "phase_transition"):
            state = _board(ME, ME, [], _phase_of(kind))
            mapping, res = _run(title, state, [_declare(kind, ME)], lambda rs: {"steps": [{"step": 1, "stack": rs[0].stack}]})
            runs.append(Run(kind, mapping, res, []))
    return runs


def _payment_run(title: str) -> Run:
    """A movement declared and resolved: its payment (the movement point spent) comes in the
    resolution step, after the effect (302.6)."""
    mapping, res = _run(title, _board(ME, ME, []), [_declare("movement", ME), {"pass": ME}, {"pass": OPP}],
                        lambda rs: {"steps": [{"step": 3, "results": [c.result for c in rs[2].consequences if c.result]}]})
    return Run("movement", mapping, res, ["вы объявляете движение", "оба игрока пасуют: движение выполняется"])


def _legal_run(r: ActionReading, kind: str, title: str) -> Run:
    """«Можно ли объявить X, если стек не пуст / в ответ на Y / после своего объявления?»"""
    player = r.action.player or ME
    lines: list[str] = []
    stack: list[tuple[str, str]] = []
    steps: list[dict] = []
    told = [s for s in r.told if s[0] == "declare"]
    if any(s[0] in ("resolved", "both_pass") for s in r.told) and not told:
        # «после того, как верхнее игродействие выполнилось»: two actions lie there, both pass, the top resolves
        active = r.active or player
        stack = [(OPP if player == ME else ME, "card_action"), (player, "dice_roll")]
        steps = [{"pass": active}, {"pass": OPP if active == ME else ME}, _declare(kind, player)]
        lines = ["в стеке два игродействия", "оба игрока пасуют подряд: верхнее выполняется", 
                 f"{'вы объявляете' if player == ME else 'противник объявляет'}: {ACTIONS[kind].ru}"]
        mapping, res = _run(title, _board(active, active, stack, _phase_of(kind)), steps,
                            lambda rs: {"steps": [{"step": 2, "priority": rs[1].priority}, {"step": 3, "legal": rs[2].legal}]})
        return Run(kind, mapping, res, lines)
    if told:
        for _, who, m in told:
            k = m.kinds()[0]
            steps.append(_declare(k, who or player))
            lines.append(f"{'вы объявляете' if (who or player) == ME else 'противник объявляет'}: {ACTIONS[k].ru}")
    elif r.stack == "nonempty" or r.on_stack is not None:
        below = r.on_stack.kinds()[0] if r.on_stack is not None else "triggered_ability"
        owner = r.on_stack.player if r.on_stack is not None and r.on_stack.player else (OPP if player == ME else ME)
        stack = [(owner, below)]
        lines.append(f"в стеке лежит {ACTIONS[below].ru}")
    else:
        lines.append("стек пуст")
    if r.stack == "nonempty" and told and told[-1][1] not in (None, player):
        steps.append({"pass": told[-1][1]})      # the opponent declared; the asker answers after the opponent's pass
        lines.append("противник пасует")
    active = r.active or player
    holder = player if not told else (told[0][1] or player)
    steps.append(_declare(kind, player))
    lines.append(f"{'вы объявляете' if player == ME else 'противник объявляет'}: {ACTIONS[kind].ru}")
    n = len(steps)
    mapping, res = _run(title, _board(active, holder, stack, _phase_of(kind)), steps,
                        lambda rs: {"steps": [{"step": n, "legal": rs[n - 1].legal}]})
    return Run(kind, mapping, res, lines)


def _priority_run(r: ActionReading, kind: str | None, title: str) -> Run | None:
    """«У кого приоритет после …?»: the told steps on a board where the active player, the
    declarer and the last passer differ where they can, so the answer tells them apart."""
    steps: list[dict] = []
    lines: list[str] = []
    told = list(r.told)
    if r.action is not None and not told:
        told = [("declare", None, r.action)]      # «если игродействие не использует стек, …» read as told
    if not told:
        return None
    active = r.active or ME
    first = told[0]
    stack: list[tuple[str, str]] = []
    if first[0] == "declare":
        holder = first[1] or (OPP if active == ME else ME)     # an unnamed declarer: the non-active one, to tell them apart
    elif first[0] in ("both_pass", "resolved"):
        holder = active
        stack = [(OPP, "card_action"), (active, "dice_roll")]
    elif first[0] == "subphase":
        holder = OPP if active == ME else ME
    else:
        holder = first[1] or ME
    roles = {"declarer": None, "active": active, "passer": None}
    for s in told:
        if s[0] == "declare":
            who = s[1] or holder
            k = kind if kind and s is next(x for x in told if x[0] == "declare") else s[2].kinds()[0]
            steps.append(_declare(k, who))
            roles["declarer"] = who
            lines.append(f"{'вы объявляете' if who == ME else 'противник объявляет'}: {ACTIONS[k].ru}")
            holder = who
        elif s[0] == "pass":
            who = s[1] or holder
            steps.append({"pass": who})
            roles["passer"] = who
            holder = OPP if who == ME else ME
            lines.append("вы пасуете" if who == ME else "противник пасует")
        elif s[0] in ("both_pass", "resolved"):
            if steps and s[0] == "resolved" and any(x[0] == "both_pass" for x in told):
                continue
            steps += [{"pass": holder}, {"pass": OPP if holder == ME else ME}]
            lines.append("оба игрока пасуют подряд: верхнее игродействие выполняется")
        elif s[0] == "subphase":
            steps.append({"subphase": "choice"})
            lines.append("начинается новая подфаза")
    n = len(steps)
    mapping, res = _run(title, _board(active, holder if first[0] != "subphase" else (OPP if active == ME else ME), stack), steps,
                        lambda rs: {"steps": [{"step": n, "legal": rs[n - 1].legal, "priority": rs[n - 1].priority}]})
    run = Run(kind or "", mapping, res, lines)
    run.roles = roles   # type: ignore[attr-defined]
    return run


# ---------------------------------------------------------------------- verdicts
def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _step(run: Run, n: int = -1):
    return run.result.results[n]


def _verdict(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    """``(verdict, lines, citations)`` read off the runs, or ``None`` when the kinds of a class
    disagree or the run shows nothing the question asks."""
    a = r.asked
    if a in ("part_of", "when_paid") or (a == "is_action" and r.action.kind == "payment"):
        return _payment_verdict(r, runs[0])
    if a == "which_stack":
        used = [ACTIONS[x.kind].ru for x in runs if _step(x, 0).stack]
        not_used = [ACTIONS[x.kind].ru for x in runs if not _step(x, 0).stack]
        return ("Используют стек: " + ", ".join(used) + "; не используют: " + ", ".join(not_used),
                [f"Заносятся в стек при объявлении: {', '.join(used)} (302.2, 302.3)",
                 f"Выполняются сразу, без стека: {', '.join(not_used)} (302.4, 302.5)"], ["302.3", "302.5", "302.2", "302.4"])
    if a == "uses_stack":
        x = runs[0]
        ak = ACTIONS[x.kind]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        yes, no = ("Нет", "Да") if r.without_stack else ("Да", "Нет")
        if s.stack:
            v = f"{yes}, {ak.ru} использует стек" if r.yes_no else f"Через стек: {ak.ru} использует стек"
            return v, lines, _dedup(["302.3", *ak.rules, *s.cites])
        v = f"{no}, {ak.ru} не использует стек: выполняется сразу" if r.yes_no else f"Сразу, без стека: {ak.ru} не использует стек"
        return v, lines, _dedup([*ak.rules[:1], "302.5", *ak.rules, *s.cites])
    if a == "speed" and r.options and len(runs) > 1:
        parts = []
        for x in runs:
            v = _step(x, 0).value
            parts.append(f"{ACTIONS[x.kind].ru} — {v or 'не использует стек'}")
        lines = [p[:1].upper() + p[1:] for p in parts]
        v = "; ".join(parts)
        asked_first = [x for x in runs if ACTIONS[x.kind].speed == r.asked_speed] + runs     # the asked speed's paragraph first
        return v[:1].upper() + v[1:], lines, _dedup([ACTIONS[x.kind].rules[0] for x in asked_first])
    if a == "speed":
        x = runs[0]
        ak = ACTIONS[x.kind]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        if s.value is None:
            return (f"Нет: {ak.ru} не использует стек и выполняется сразу — оно ни медленное, ни быстрое" if r.yes_no else
                    f"Ни то ни другое: {ak.ru} не использует стек и выполняется сразу"), lines, _dedup([*ak.rules, "304.1", *s.cites])
        word = str(s.value)
        got = "slow" if word == "медленное" else "fast"
        if r.yes_no and r.asked_speed:
            return f"{'Да' if got == r.asked_speed else 'Нет'}, {word} игродействие", lines, _dedup([*ak.rules, *s.cites])
        return f"{_cap(word)} игродействие", lines, _dedup([*ak.rules, *s.cites])
    if a == "is_action":
        x = runs[0]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        if x.kind == "pass":
            return ("Нет, пас — это передача приоритета противнику без объявления игродействия" if r.yes_no else
                    "Пас — не игродействие: это передача приоритета противнику"), lines, _dedup(["303.2", *s.cites])
        ak = ACTIONS[x.kind]
        if not s.legal:
            return None
        how = "объявляется и заносится в стек" if s.stack else "объявляется и сразу выполняется, без стека"
        return (f"Да, {ak.ru} — игродействие: {how}" if r.yes_no else f"{_cap(ak.ru)} — игродействие: {how}"), lines, \
            _dedup(["301.1", *s.cites])
    if a == "when_resolves":
        s3 = _step(runs[0], 2)
        if not s3.value or s3.stack or not _step(runs[0], 0).stack:
            return None
        return ("Когда оба игрока последовательно спасовали (а оно верхнее в стеке): тогда оно выполняется и выходит из стека",
                [c.line() for c in s3.consequences if c.rules], _dedup(["303.4", "302.7", *s3.cites]))
    if a == "which_speed":
        want = "медленное" if r.asked_speed == "slow" else "быстрое"
        names = [ACTIONS[x.kind].ru for x in runs if _step(x, 0).value == want]
        head = "Медленные" if want == "медленное" else "Быстрые"
        return (f"{head}: " + ", ".join(names), [f"{head} игродействия: {', '.join(names)}"],
                ["304.2" if want == "медленное" else "304.3", "304.1"])
    if a == "legal":
        return _legal_verdict(r, runs)
    if a == "when":
        return _when_verdict(r, runs)
    if a == "next":
        s = _step(runs[0])
        if not s.value or s.value == "phase_end" or s.priority != ME:
            return None
        return (("Да, в" if r.yes_no else "В") + "ерхнее игродействие в стеке выполняется (и выходит из стека), затем приоритет получает Активный игрок",
                [c.line() for c in s.consequences if c.rules], _dedup(["303.4", "302.7", *s.cites]))
    if a == "priority":
        got = [_priority_verdict(r, x) for x in runs]
        if any(g is None for g in got) or len({g[0] for g in got}) != 1:
            return None     # kinds of the told class give different holders
        return got[0]
    return None


def _legal_verdict(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    ok = [x for x in runs if _step(x).legal]
    bad = [x for x in runs if not _step(x).legal]
    if ok and bad:
        # a class of actions: fast ones may, slow ones may not (304.1)
        if not r.yes_no:
            return None
        okn = ", ".join(ACTIONS[x.kind].ru for x in ok)
        badn = ", ".join(ACTIONS[x.kind].ru for x in bad)
        kept = any(c.rules == ("303.3",) for x in ok for res in x.result.results for c in res.consequences)
        lines = [c.line() for x in ok for c in _step(x).consequences if c.rules][:2] + [c.line() for c in _step(bad[0]).reasons]
        head = "Да, приоритет остаётся у вас, и можно сразу объявить ещё одно — " if kept else "Да, можно — "
        return (f"{head}но только быстрое ({okn}); медленное ({badn}) — нельзя, пока стек не пуст", lines,
                _dedup([*(["303.3"] if kept else []), "304.1", *[n for x in ok for n in _step(x).cites], *_step(bad[0]).cites]))
    x = runs[0]
    ak = ACTIONS[x.kind]
    s = _step(x)
    told = [n for res in x.result.results[:-1] for c in res.consequences if c.rules and c.result == "выполняется" for n in c.rules]
    if s.legal and told:
        return (f"Да, можно: после выполнения верхнего игродействия приоритет получает Активный игрок, а {ak.ru} — "
                f"{'быстрое' if ak.speed == 'fast' else 'медленное'} игродействие", [c.line() for res in x.result.results for c in res.consequences if c.rules],
                _dedup(["303.4", "304.1", *ak.rules[:1], *told]))
    mine = [st for st in x.mapping["steps"][:-1] if "declare" in st and st["declare"]["player"] == x.mapping["steps"][-1]["declare"]["player"]]
    if s.legal and mine and not any("pass" in st for st in x.mapping["steps"]):
        return (f"Да, можно: после объявления приоритет остаётся у вас, а {ak.ru} — "
                + ("быстрое игродействие: его можно объявлять, даже если стек не пуст" if ak.speed == "fast" else "не использует стек"),
                [c.line() for res in x.result.results for c in res.consequences if c.rules], _dedup(["303.3", "304.1", *ak.rules[:1], *s.cites]))
    if s.legal:
        how = ("быстрое игродействие: его можно объявлять, даже если стек не пуст, когда есть приоритет" if ak.speed == "fast"
               else "стек пуст, а медленное игродействие объявляется при пустом стеке" if ak.speed == "slow"
               else "не использует стек и выполняется сразу")
        return (f"Да, можно: {ak.ru} — {how}", [c.line() for c in s.consequences if c.rules],
                _dedup(["304.1", *ak.rules[:1], *s.cites]))
    reason = s.reasons[0].text if s.reasons else ""
    return (f"Нет, нельзя: {reason[:1].lower()}{reason[1:]}", [c.line() for c in s.reasons],
            _dedup([n for c in s.reasons for n in c.rules] + ["304.1"]))


def _payment_verdict(r: ActionReading, x: Run) -> tuple[str, list[str], list[str]] | None:
    """Payment read off the resolution of a movement: it is paid in that step, after the effect."""
    s3 = _step(x, 2)
    res = [c.result for c in s3.consequences if c.result]
    pay = max((k for k, c in enumerate(s3.consequences) if "302.6" in c.rules), default=None)
    done = next((k for k, c in enumerate(s3.consequences) if c.result == "перемещается"), None)
    if pay is None or done is None or not res:
        return None
    lines = [c.line() for c in s3.consequences if c.rules]
    if r.asked == "when_paid":
        return ("После выполнения игродействия: оплата — последняя его часть" if pay > done else None), lines, ["302.6", "301.1"]
    if r.asked == "part_of":
        head = "Да, оплата" if r.yes_no else "Оплата"
        return f"{head} — последняя часть игродействия (объявление, выполнение, оплата), а не отдельное игродействие", lines, \
            ["301.1", "302.6"]
    return ("Нет, оплата — не отдельное игродействие, а последняя часть игродействия (объявление, выполнение, оплата)", lines,
            ["301.1", "302.6"])


def _when_verdict(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    """Each kind declared on an empty and on a non-empty stack: slow only on the empty one,
    fast on both (304.1); kinds of a class that differ give no verdict."""
    pattern = {(x.kind, bool(x.mapping["state"].get("stack"))): _step(x).legal for x in runs}
    kinds = list(dict.fromkeys(x.kind for x in runs))
    shapes = {(pattern[(k, False)], pattern[(k, True)]) for k in kinds}
    if len(shapes) != 1:
        return None
    empty, full = shapes.pop()
    ak = ACTIONS[kinds[0]]
    lines = [c.line() for x in runs for c in (_step(x).reasons or [c for c in _step(x).consequences if c.rules][:1])]
    cites = _dedup(["304.1", *ak.rules[:1], "303.1"])
    if empty and not full:
        return ("Да, только когда стек пуст (и у игрока есть приоритет)" if r.yes_no and r.only
                else "Только когда стек пуст (и у игрока есть приоритет)"), lines, cites
    if empty and full:
        return ("Нет, в любой момент, когда у игрока есть приоритет, даже если стек не пуст" if r.yes_no and r.only
                else "В любой момент, когда у игрока есть приоритет, даже если стек не пуст"), lines, cites
    return None


def _priority_verdict(r: ActionReading, x: Run) -> tuple[str, list[str], list[str]] | None:
    s = _step(x)
    holder = s.priority
    roles = getattr(x, "roles", {})
    active = roles.get("active")
    declarer = roles.get("declarer")
    passer = roles.get("passer")
    last = x.mapping["steps"][-1]
    lines = [c.line() for res in x.result.results for c in res.consequences if c.rules]
    cites = _dedup([n for c in s.consequences for n in c.rules if n not in ("302.2",)] or list(s.cites))
    if "declare" in last:
        if holder != declarer:
            return None
        ak = ACTIONS[last["declare"]["kind"]]
        cites = ["303.3", "302.2"] if ak.uses_stack else ["303.5", "302.4"]
        fact, role = "приоритет остаётся у объявившего игрока", "declarer"
    elif "pass" in last and not s.value and passer is not None and holder != passer:
        fact, role = "пас передаёт приоритет противнику спасовавшего игрока", "passer_opponent"
        cites = ["303.2"]
    elif holder == active:
        fact, role = "приоритет получает Активный игрок", "active"
        if "subphase" in last:
            cites = ["303.1", "408.2"]
        else:
            cites = ["303.4", "302.7"]
    else:
        return None
    if not r.yes_no:
        if role == "passer_opponent":
            told_passer = next((s_[1] for s_ in r.told if s_[0] == "pass"), None)
            if not any(t.text in ("кто", "кому", "кого") or t.lemma == "приоритет" for t in r.toks):     # «я спасовал, что дальше?»
                return ("Приоритет переходит к вам" if holder == ME else "Приоритет переходит к вашему противнику") + \
                    ": пас передаёт приоритет противнику", lines, cites
            who = {None: "Противник спасовавшего игрока", ME: "Ваш противник", OPP: "Вы"}[told_passer]
            return f"{who}: пас передаёт приоритет противнику (пас — не игродействие)", lines, cites
        who = {"declarer": "У игрока, объявившего игродействие: он может объявить ещё одно или спасовать",
               "active": "Активный игрок"}[role]
        if r.active is not None or any(s_[1] is not None for s_ in r.told if s_[0] in ("declare", "pass")):
            who += f" ({_RU_PLAYER[holder]})"
        return who, lines, cites
    asked = r.recipient
    if asked == "opponent" and passer is not None and declarer is None:
        yes = holder != passer
    elif asked == "opponent":
        yes = declarer is not None and holder != declarer
    elif asked == "inactive":
        yes = holder != active
    elif asked == "active":
        yes = holder == active
    elif asked == "passer":
        yes = passer is not None and holder == passer
    else:
        return None
    return f"{'Да' if yes else 'Нет'}, {fact}", lines, cites


def _dedup(xs) -> list[str]:
    return list(dict.fromkeys(str(x) for x in xs if x))


_ASKED_RU = {"when": "когда его можно объявить", "next": "что происходит дальше", "part_of": "часть ли это игродействия",
             "when_paid": "когда производится оплата", "when_resolves": "когда выполняется объявленное игродействие",
             "which_speed": "какие игродействия такой скорости", "uses_stack": "использует ли оно стек", "speed": "медленное оно или быстрое", "is_action": "игродействие ли это",
             "legal": "можно ли его объявить", "priority": "у кого приоритет", "which_stack": "какие игродействия используют стек"}


def understood(r: ActionReading, runs: list[Run]) -> str:
    """«Как я понял: …» — the action(s), the told steps and the asked property."""
    parts: list[str] = []
    if r.active:
        parts.append(f"Активный игрок — {_RU_PLAYER[r.active]}")
    if r.asked in ("uses_stack", "speed", "is_action", "legal") and r.action is not None:
        names = ", ".join(ACTIONS[x.kind].ru if x.kind in ACTIONS else "пас" for x in runs)
        parts.append(f"игродействие: {names}")
    if runs and runs[0].lines and r.asked in ("legal", "priority"):
        parts += runs[0].lines
    parts.append("вопрос: " + _ASKED_RU[r.asked])
    return "Как я понял: " + "; ".join(parts) + "."


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The game-action question answered by the simulator, or ``None`` (no property of this
    module asked, a content word unread, or no scenario that answers it)."""
    from bot.errors import ScenarioError
    from bot.reading.route import read_asked

    r = read_asked(question, read)
    if r is None:
        return None
    try:
        runs = compile_runs(r)
    except ScenarioError:
        return None
    if not runs:
        return None
    got = _verdict(r, runs)
    if got is None:
        return None
    verdict, lines, cites = got
    if r.neg_word and r.asked in ("legal",) and r.yes_no:
        from bot.sim.route import agree_with_negation
        verdict = agree_with_negation(verdict, r.neg_word)     # «нельзя объявить …?» answered about the ban asked
    from bot.reading.route import _rule_blocks

    blocks = [Block("list", title="Почему", items=tuple(lines[:6]))] if lines else []
    blocks.extend(_rule_blocks(cites[:3], edition))
    trace = [t for x in runs for t in x.result.trace]
    blocks.append(Block("steps", title="Моделирование", items=tuple(trace[:40])))
    reading = runs[0].mapping if len(runs) == 1 else {**runs[0].mapping, "description": "Первый из сценариев вопроса; "
                                                      "остальные — те же шаги для видов: " + ", ".join(x.kind for x in runs[1:])}
    return Answer(question=question, route="scenario", verdict=verdict, blocks=blocks, citations=cites, trace=trace,
                  understood=understood(r, runs), reading=reading, unread=[])
