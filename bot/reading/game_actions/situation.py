"""The situation a game-action question tells (bot.reading.game_actions): the game actions
named and their classes («медленное игродействие», «игродействие со стеком»), who is active,
what lies on the stack («стек не пуст», «в ответ на атаку») and the steps told in order
(«я объявил …», «оба спасовали», «верхнее выполнилось», «в начале новой подфазы»)."""

from __future__ import annotations

from bot.reading.game_actions.model import ME, OPP, ActionReading, Mention, action_words
from bot.reading.tokens import SentenceReader, Tok
from bot.textnorm import fold

_WH = frozenset("что кто кого кому как когда где куда сколько какой какие каком какое какую чей чьи чьё чье почему зачем".split())
_MODALS = frozenset("можно могу может можем могут нельзя".split())
_CLAUSE_OPEN = frozenset({"если", "когда", "пока", "который", "которое", "которая", "после", "при"})


class SituationReader(SentenceReader):
    """Reads the told situation into ``self.r`` (an ``ActionReading``); ``AskedReader``
    (``bot.reading.game_actions.asked``) reads the asked property on top of it."""

    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = action_words()
        self.r = ActionReading(question, self.toks)
        self.mentions: list[Mention] = []
        self._clause_first: dict[int, Tok] | None = None
        self._then_at: dict[int, int] | None = None
        self._context_at: dict[tuple[int, str], list[int]] = {}
        self.asked_sent = self.stack_question_before_response()

    def stack_question_before_response(self) -> int:
        """The asked sentence: the last one with «?», unless it only asks again whether one may
        respond («… это через стек? можно в ответ кинуть внезапку?») right after a question
        about the stack — then that question is the asked one (a response needs the stack,
        302.4); its reader uses the response sentence's words."""
        k = self.asked_sent
        sent = self.in_sent(k)
        prev = self.in_sent(k - 1) if k > 0 else []
        respond = next((t for t in sent if self.w.has("respond_verbs", t) or self.w.has("response_words", t)
                        and self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "в"), None)
        if respond is None or not prev or not any(self.w.has("stack_word", t) for t in prev):
            return k
        named = frozenset(w for phrase, _ in self.w.kinds for w in phrase)
        if not all(t is respond or t.text in self.w.sets["respond_again"] or self.restated_while(t, named) for t in sent) or \
                any(t.text == "нельзя" for t in sent):
            return k
        return k - 1

    def restated_while(self, u: Tok, kind_words: frozenset[str]) -> bool:
        """``u`` is a word of a clause «пока она переносится», «пока он становится самостоятельным»:
        «пока», then only pronouns and words of the phrases naming the action (``kind_words``) —
        it only says while the action happens, which a response to it already is («пока он не
        умер» — before it happens: the same moment)."""
        words = self.in_clause(u.clause)
        if not words or words[0].text != "пока" or len(words) > 5:
            return False
        return all(x.text in ("пока", "не") or x.pos == "NPRO" or x.lemma in kind_words for x in words)

    def clause_first(self, clause: int) -> Tok | None:
        """The first word of clause ``clause`` (in the order of ``toks``); ``None`` for no word.
        One pass over the words for all clauses (a scan per asked word was quadratic)."""
        if self._clause_first is None:
            self._clause_first = {}
            for u in self.toks:
                self._clause_first.setdefault(u.clause, u)
        return self._clause_first.get(clause)

    def _context_words(self, sent: int, kind: str) -> list[int]:
        """The words of sentence ``sent`` that are context words of ``kind`` (``w.context``), in
        order — found once per sentence and kind (a scan of the question per mention was
        quadratic: 20,000 characters of «кубик» took 9 s)."""
        key = (sent, kind)
        if key not in self._context_at:
            words = self.w.context.get(kind, ())
            self._context_at[key] = [u.i for u in self.in_sent(sent) if u.lemma in words] if words else []
        return self._context_at[key]

    def _then_before(self, first: Tok, t: Tok) -> bool:
        """A «то» of ``t``'s clause stands after ``first`` (the clause's first word) and before
        ``t``: the clause's first such «то» is found once (a slice per word was quadratic)."""
        if self._then_at is None:
            self._then_at = {}
            for u in self.toks:
                if u.text == "то" and self.clause_first(u.clause) is not u:
                    self._then_at.setdefault(u.clause, u.i)
        at = self._then_at.get(t.clause)
        return at is not None and first.i < at < t.i

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
            said = fold(t.text).strip(" .,!?")
            k = self.w.quoted.get(said)
            if k is None and said and " " not in said:
                from bot.morph import lemma
                k = self.w.quoted.get(lemma(said))     # «использование «авангарда»»: a quoted name in another case
            if k:
                return k, [i]
            if fold(t.text).startswith(("при ", "когда ", "в начале ", "в конце ")):
                return "triggered_ability", [i]     # a quoted trigger condition names a triggered ability
            return None
        for pat, kind in self.w.kinds_opened_by(t):
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
                if self.w.has("any_action", t) or t.lemma == "действие" and (
                        self.is_("slow", t.i - 1) or self.is_("fast", t.i - 1) or self.stack_relative(t.i)):
                    self.mentions.append(Mention(None, t.i, [t.i]))
                    taken.add(t.i)
                elif self.substantive_speed(t):
                    # «нельзя объявлять быстрое», «медленное ж нельзя объявить»: a game action of that speed
                    self.mentions.append(Mention(None, t.i, [t.i], speed="slow" if self.w.has("slow", t) else "fast"))
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
            idx += [k for k in self._context_words(t.sent, kind) if k not in taken]
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

    def substantive_speed(self, t: Tok) -> bool:
        """Word ``t`` is a speed adjective standing for a game action of that speed: a neuter
        «быстрое / медленное» with no noun after it, in a clause with a declare verb («нельзя
        объявлять быстрое, пока …») — not the predicate of «X — быстрое?»."""
        if not (self.w.has("slow", t) or self.w.has("fast", t)) or t.pos not in ("ADJF", "NOUN") or \
                t.gender not in ("neut", None) or t.case not in ("nomn", "accs"):
            return False
        nx = self.tok(t.i + 1)
        if nx is not None and nx.clause == t.clause and nx.pos == "NOUN":
            return False
        return any(u.clause == t.clause and self.w.has("declare_verbs", u) for u in self.toks[max(0, t.i - 4):t.i + 5])

    def read_no_priority(self) -> None:
        """«без приоритета», «когда приоритета у меня нет», «не имея приоритета»: the declarer
        does not hold priority (303.1). Told of the asker only (no other player in the phrase)."""
        for t in self.toks:
            if not self.w.has("priority_word", t) or t.case != "gent":
                continue
            p = self.tok(t.i - 1)
            idx = None
            if p is not None and p.text == "без":
                idx = [p.i, t.i]
            else:
                near = [u for u in self.toks[max(0, t.i - 3):t.i + 5] if u.clause == t.clause]
                no = next((u for u in near if u.text == "нет" and u.i > t.i), None)
                if no is None and p is not None and p.lemma == "иметь" and self.tok(p.i - 1) is not None \
                        and self.toks[p.i - 1].text == "не":
                    idx = [p.i - 1, p.i, t.i]
                elif no is not None:
                    mid = [u for u in near if t.i < u.i < no.i]
                    if any(u.text not in ("у", "меня") for u in mid):
                        continue
                    idx = [t.i, no.i, *(u.i for u in mid)]
            if idx is None or any(self.w.has("opponent", u) for u in self.toks if u.clause == t.clause):
                continue
            self.r.no_priority = True
            self.use(*idx)
            first = self.clause_first(t.clause)
            if first is not None and first.text in ("когда", "если", "пока") and first.i < t.i:
                self.use(first.i)

    def stack_relative(self, at: int) -> bool:
        """A «который» clause about the stack right after the word at ``at`` («действие, которое идёт
        через стек»): the word names a game action of that class."""
        nx = self.tok(at + 1)
        return nx is not None and nx.lemma == "который" and any(
            self.w.has("stack_word", u) for u in self.toks[at + 2:at + 6] if u.clause == nx.clause)

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
                # «идёт через стек / в стек»: uses the stack, as «использует стек»
                via = u.lemma in ("идти", "проходить") and self.tok(j + 1) is not None and self.toks[j + 1].text in ("через", "в") \
                    and self.w.has("stack_word", self.tok(j + 2))
                if via or u.lemma == "использовать" and self.w.has("stack_word", self.tok(j + 1)):
                    rel = any(self.toks[x].lemma == "который" for x in range(m.at + 1, j))
                    if not (rel or cond or t.sent != self.asked_sent):
                        break
                    neg = self.toks[j - 1].text == "не"
                    m.stack = not neg
                    self.use(j, j + 1, j + 2 if via else None, *([j - 1] if neg else []),
                             *[x for x in range(m.at + 1, j) if self.toks[x].lemma == "который"])
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
                k = t.i + 1
                while self.w.has("stack_particles", self.tok(k)):
                    k += 1      # «в стеке уже что то лежит»: a particle before «что то»
                nx, nx2 = self.tok(k), self.tok(k + 1)
                if nx is not None and nx.text == "что" and nx2 is not None and nx2.text == "то":
                    # «в стеке что то лежит»: «что то» is «что-то», not a clause of its own
                    clause += [u for u in self.toks if u.clause in (nx.clause, nx2.clause) and u not in clause]
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
                none = next((u for u in clause if u.text in ("нет", "нету") and u.i > t.i    # «… в стеке или нет?» asks
                             and not (self.tok(u.i - 1) is not None and self.toks[u.i - 1].text == "или")), None)
                if p is not None and p.text == "в" and none is not None:
                    # «если в стеке нет (ни одного) игродействия»: the stack is empty — not what lies on it
                    self.r.stack = "empty"
                    self.use(p.i, t.i, none.i)
                    for u in clause:
                        if u.text in ("ни", "одного", "одной") or any(m.at == u.i for m in self.mentions):
                            self.use(u.i)
                    continue
                lies = next((u for u in clause if self.w.has("lies_verbs", u)), None)
                if p is not None and p.text == "в" and (lies is not None or any(u.lemma in ("он", "она", "оно") for u in clause)
                                                        or any(self.tok(u.i) and u.lemma == "что-то" or u.text == "что" for u in clause)):
                    self.r.stack = "nonempty"
                    self.use(p.i, t.i, lies.i if lies else None)
                    for u in clause:
                        if u.lemma in ("он", "она", "оно", "что-то", "что", "уже") or u.text in ("пока",) \
                                or self.w.has("stack_things", u) and not any(u.i in m.words for m in self.mentions) \
                                or u.text == "то" and self.tok(u.i - 1) is not None and self.toks[u.i - 1].text == "что":
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
                            pos = self.tok(on.at - 1)     # «в ответ на мою атаку»: the possessive before it
                            if on.player is None and (self.w.has("me", pos) or self.w.has("opponent", pos)) and pos.lemma != "свой":
                                on.player = ME if self.w.has("me", pos) else OPP
                                self.use(pos.i)
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
                # «без стека»: an action that does not use the stack resolves from no stack (303.5)
                no_stack = any(u.text == "без" and self.w.has("stack_word", self.tok(u.i + 1)) for u in clause) or \
                    any(u.text == "не" and self.tok(u.i + 1) is not None and self.toks[u.i + 1].lemma == "использовать"
                        for u in clause)
                from_stack = None if no_stack else next((u for u in clause if self.w.has("stack_word", u)), None)
                nx = self.tok(t.i + 1)
                # «после выполнения игродействия»: only the top one resolves (302.7), so it is the top's resolution
                generic = t.lemma == "выполнение" and after_prep and nx is not None and nx.lemma == "игродействие" \
                    and not no_stack
                if (top is None and from_stack is None and not generic) or not (told_clause or after_prep
                                                                                or t.lemma == "выполнение"):
                    continue
                if t.sent == self.asked_sent and t.lemma != "выполнение" and not told_clause:
                    continue
                self.r.told.append(("resolved",))
                self.use(t.i, top.i if top else None, prev.i if after_prep else None)
                if t.lemma == "выполнение" and nx is not None and (self.w.has("any_action", nx) or nx.lemma == "действие"):
                    self.use(nx.i)      # «после выполнения действия из стека»: the top action, named generically
                    self.mentions = [m for m in self.mentions if m.at != nx.i]
                for m in list(self.mentions):
                    if top is not None and m.kind is None and m.at == top.i + 1:
                        self.mentions.remove(m)     # «верхнее игродействие» is the stack's top, not an action asked
                        self.use(m.at)
                        break
                for u in clause:
                    if self.w.has("stack_word", u) or u.text in ("в", "из") and self.w.has("stack_word", self.tok(u.i + 1)) \
                            or u.text in ("того", "как", "то"):
                        self.use(u.i)
            elif (self.w.has("phase_nouns", t) or t.lemma == "ход" and t.case == "gent") and (
                    self.is_("new_phase", t.i - 1) or self.tok(t.i - 1) is not None and self.tok(t.i - 1).lemma == "начало"):
                # «в начале хода»: a turn starts with its Start phase — a new phase (408.2)
                self.r.told.append(("subphase",))
                self.use(t.i, t.i - 1)
                # «новая фаза ну или подфаза»: the same event named twice
                for k in (t.i + 2, t.i + 3):
                    u = self.tok(k)
                    if u is not None and self.w.has("phase_nouns", u) and self.toks[k - 1].text == "или":
                        self.use(*range(t.i + 1, k + 1))
                for u in self.toks:
                    if u.clause == t.clause and u.lemma in ("начало", "переход", "при", "в", "к") and abs(u.i - t.i) <= 3:
                        self.use(u.i)
                nx = self.tok(t.i + 1)
                if nx is not None and nx.lemma == "ход" and nx.case == "gent":
                    self.use(nx.i)      # «новая фаза хода»: a phase of the turn
                self.mentions = [m for m in self.mentions if not (set(m.words) & {t.i, t.i - 1})]

    def opens_condition(self, t: Tok) -> bool:
        """Word ``t`` is in a condition told by its clause («если оба спасовали», «после паса»):
        the clause opens with «после / если / при / когда» and no «то» stands between that word
        and ``t`` — after «то» comes the consequence, what is asked («если оба спасовали то
        верхнее выполняется?»)."""
        first = self.clause_first(t.clause)
        if first is not None and first.text in ("после", "если", "при", "когда") \
                and not self._then_before(first, t):
            self.use(first.i)
            return True
        return False
