"""The asked property of a game-action question (bot.reading.game_actions): priority, what
happens next, when an action resolves or is paid, speed, stack use, being a game action (or a
part of one), when it may be declared and whether it may be declared now — and the content
words nothing used. ``read(question)`` runs the whole reader."""

from __future__ import annotations

from bot.reading.game_actions.model import ME, OPP, ActionReading, Mention
from bot.reading.game_actions.situation import _MODALS, _WH, SituationReader
from bot.reading.tokens import Tok
from bot.vocab import words as vocab_words


_TAG_OPTIONS = frozenset(("как", "что", "чо", "че", "шо"))
"""«X — это игродействие или как?»: a last «или как / или что» asks yes or no about X, it names no option."""


class AskedReader(SituationReader):
    """``SituationReader`` plus the asked property and the unread words."""

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
        tag_tail = len(texts) >= 2 and texts[-2] == "или" and texts[-1] in _TAG_OPTIONS     # «… или как?» asks yes or no
        # «местность когда вскрывается …, это через стек идёт?»: «когда» after the subject opens a clause, it asks nothing
        inner_when = {k for k, t in enumerate(sent) if t.text == "когда" and k > 0 and sent[k - 1].pos == "NOUN"}
        self.r.yes_no = "ли" in texts or not any(t in _WH for k, t in enumerate(texts[:min(modal_at, len(texts) - (1 if tag_tail else 0))])
                                                 if k not in inner_when)
        for t in sent:
            if t.text in ("ли", "разве", "вообще", "сейчас") or t.text in _MODALS:
                self.use(t.i)
            if t.text == "нельзя" or t.text == "не" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).text in _MODALS:
                self.r.neg_word = "нельзя" if t.text == "нельзя" else "не " + self.toks[t.i + 1].text
                self.use(t.i)
        alt = next((t for t in sent if t.text == "или"), None)
        if alt is not None:
            nx = self.tok(alt.i + 1)
            tail = nx is not None and nx.text in _TAG_OPTIONS and nx.i == sent[-1].i     # «… игродействие или как?»
            if nx is not None and (nx.text in ("нет", "не") or tail):
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
                nx = self.tok(this.i + 1)
                if self.w.has("this_nouns", nx) and nx.i not in self.r.used:
                    self.use(nx.i)      # «это превращение»: the action told, named again
        named = [m for m in asked_mentions if m.kind is not None]
        wh = next((t for k, t in enumerate(sent) if (t.text in ("что", "когда", "кто", "кому") or t.lemma == "момент")
                   and k not in inner_when), None)
        if wh is None and self.read_response_to_told(sent):
            return
        if self.read_definition(sent, named, asked_mentions, wh):
            return
        passes = [s_ for s_ in self.r.told if s_[0] == "pass"]
        resolved = any(x[0] in ("both_pass", "resolved") for x in self.r.told) or len(passes) >= 2
        kept = {t.i for t in sent if self.w.has("priority_word", t) and (t.i >= 2 and self.toks[t.i - 2].text in ("не", "без")
                                                                        or t.i in self.r.used and self.r.no_priority)}
        kept |= self.own_priority_condition(sent)
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
                        or self.w.has("stack_word", t) or self.w.has("top", t) or self.w.has("stack_things", t) \
                        or t.text in ("в", "лежащее", "когда"):
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
        # «пас — это игродействие?»: a pass the sentence names, not one it tells («оба спасовали»);
        # «верхнее игродействие» is the stack's top, not the predicate «игродействие»
        pas = next((t for t in sent if self.w.has("pass_verbs", t) and (t.i not in self.r.used or t.pos in ("NOUN", "INTJ"))), None)
        if is_q is not None and not speed and (named or pas is not None) and not self.is_("top", is_q.i - 1):
            subj = named[0] if named else None
            self.r.asked = "part_of" if part else "is_action"
            self.r.action = subj if subj is not None else Mention("pass", pas.i, [pas.i])
            self.use(is_q.i, pas.i if pas is not None else None, *(t.i for t in part))
            self.mentions = [m for m in self.mentions if m.at != is_q.i]
            for t in sent:
                if self.w.has("is_verbs", t) or t.text == "в" and self.tok(t.i + 1) is not None and self.tok(t.i + 1).lemma == "состав":
                    self.use(t.i)
            return
        self.read_legal(sent, asked_mentions, wh)

    def read_definition(self, sent: list[Tok], named: list[Mention], asked_mentions: list[Mention], wh: Tok | None) -> bool:
        """What every game action is made of, said of the class or a kind, watched on a run:

        - ``parts`` — «из чего состоит игродействие?», «из каких частей / этапов оно состоит?» (301.1, 302.6);
        - ``priority_count`` — «сколько игроков одновременно владеют приоритетом?», «может ли
          приоритет быть у обоих?» (303.1);
        - ``rule_effects`` — «когда применяются эффекты правил игры: до или после получения
          приоритета?», «… применяются после того, как игрок получил приоритет?» (303.6);
        - ``aloud`` — «нужно ли объявлять вслух заявки, обусловленные правилами игры / X?» (301.1)."""
        r = self.r
        consists = [t for t in sent if self.w.has("consists", t)]
        if consists and any(self.w.has("any_action", t) for t in sent) and not named:
            r.asked, r.action = "parts", Mention(None, consists[0].i, [])
            r.yes_no = not any(t.text in ("чего", "каких", "какой", "какие", "каков") for t in sent)
            self.use(*(t.i for t in consists), *(t.i for t in sent if self.w.has("any_action", t) or self.w.has("part_nouns", t)
                                                 or t.text in ("из", "чего", "каких", "какой", "какие")))
            self.mentions = [m for m in self.mentions if self.toks[m.at].sent != self.asked_sent or m.kind is not None]
            if r.yes_no:
                r.asked = None      # «состоит ли игродействие из …?»: the parts named are not read
            return True
        divide = [t for t in sent if self.w.has("divide_verbs", t)]
        if divide and any(self.w.has("any_action", t) for t in sent) and not named and not r.yes_no:
            r.asked, r.action = "divide", Mention(None, divide[0].i, [])     # «на какие группы делятся игродействия?»
            self.use(*(t.i for t in divide), *(t.i for t in sent if self.w.has("any_action", t) or self.w.has("group_nouns", t)
                                               or t.text in ("на", "какие", "какой", "каких")))
            self.mentions = [m for m in self.mentions if self.toks[m.at].sent != self.asked_sent or m.kind is not None]
            return True
        stack_tok = next((t for t in sent if self.w.has("stack_word", t)), None)
        into = next((t for t in sent if self.w.has("into_stack_verbs", t) and t.lemma != "использовать"), None)
        opens = wh is not None and (wh.i == sent[0].i or self.tok(wh.i - 1) is not None and self.toks[wh.i - 1].text in ("а", "и", "но")
                                    and wh.i - 1 == sent[0].i)    # «местность когда вскрывается …»: a conjunction
        if stack_tok is not None and into is not None and wh is not None and wh.text == "когда" and opens and not r.told \
                and len(named) <= 1 and (named or any(self.w.has("any_action", t) for t in sent)):
            # «когда игродействие заносится в стек?», «когда атака попадает в стек?»
            r.asked = "when_stacked"
            r.action = named[0] if named else next(m for m in asked_mentions if m.kind is None)
            self.use(stack_tok.i, into.i, wh.i, *(t.i for t in sent if t.text in ("в", "на") or self.w.has("any_action", t)))
            return True
        prio = [t for t in sent if self.w.has("priority_word", t)]
        count = [t for t in sent if self.w.has("how_many", t) or self.w.has("both", t)]
        if prio and count and not r.told and not named:
            r.asked = "priority_count"
            self.use(*(t.i for t in prio + count), *(t.i for t in sent if self.w.has("player", t) or self.w.has("hold_verbs", t)
                                                    or self.w.has("at_once", t) or t.text in ("у", "сразу")))
            if r.yes_no and not any(self.w.has("both", t) for t in count):
                r.asked = None
            return True
        rule = [m for m in named if m.kind == "rule_effect"]
        apply = [t for t in sent if self.w.has("apply_verbs", t)]
        if rule and apply and (prio or wh is not None and wh.text == "когда" and not r.told):
            r.asked, r.action = "rule_effects", rule[0]
            before = [t for t in sent if self.w.has("before_words", t)]
            after = [t for t in sent if self.w.has("after_words", t)]
            self.use(*(t.i for t in prio + apply + before + after), *(t.i for t in sent if t.lemma in ("тот", "как", "того")
                                                                       or self.w.has("player", t) or self.w.has("priority_verbs", t)
                                                                       or t.text in ("когда",)))
            # «после того, как игрок получил приоритет»: that «как» is a conjunction, not «how»
            r.yes_no = "ли" in [t.text for t in sent] or not any(
                t.text in _WH and not (t.text == "как" and self.tok(t.i - 1) is not None and self.toks[t.i - 1].text in ("того", "так"))
                for t in sent)
            r.claim = "before" if before and not after else "after" if after and not before else None
            if r.yes_no and r.claim is None:
                r.asked = None
            return True
        aloud = [t for t in sent if self.w.has("aloud", t)]
        if aloud:
            subject = rule[0] if rule else named[0] if len(named) == 1 else None
            if subject is None or not r.yes_no:
                return False
            r.asked, r.action = "aloud", subject
            self.use(*(t.i for t in aloud), *(t.i for t in sent if self.w.has("declare_verbs", t) or self.w.has("claim_nouns", t)
                                              or self.w.has("must_words", t) or self.w.has("say_verbs", t)
                                              or self.w.has("player", t)))
            return True
        return False

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
            nx, nx2 = self.tok(t.i + 1), self.tok(t.i + 2)
            if t.text == "без" and nx is not None and nx.lemma == "передача" and self.w.has("priority_word", nx2):
                self.use(t.i, nx.i, nx2.i)  # «без стека и без передачи приоритета»: not using the stack says it (303.5)
        # «… через стек идёт? можно (на это) ответить», «противник может в ответ что-то кинуть, пока она
        # переносится»: a response needs the stack — the same question asked again
        kind_words = self.action_words(named[0])
        for t in self.toks:
            response = self.w.has("respond_verbs", t) or self.w.has("response_words", t) and \
                self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "в"
            if response and t.sent >= stack_tok.sent:
                # the sentence of the response, or its clause when it shares the stack's sentence
                rest = [u for u in self.toks if (u.clause == t.clause if t.sent == stack_tok.sent else u.sent == t.sent)
                        and u.i != t.i]
                rest = [u for u in rest if not self.restated_while(u, kind_words)]
                if all(u.text in self.w.sets["respond_again"] for u in rest) and \
                        not any(u.text == "нельзя" for u in rest):
                    self.use(t.i, *(u.i for u in self.toks if (u.clause == t.clause if t.sent == stack_tok.sent
                                                                 else u.sent == t.sent)))
        return True

    def own_priority_condition(self, sent: list[Tok]) -> set[int]:
        """«могу объявить …, если приоритет у меня?»: a condition that the asker holds priority —
        told, not asked (the asker declares holding it, 303.1). Its words are used; the indices
        of its «приоритет» are returned (not the asked property). Only for the asker («у меня»)
        in a clause opened by «если / когда / раз» with a modal of his before it."""
        out: set[int] = set()
        if not any(t.text in ("могу", "можно", "может") for t in sent):
            return out
        for t in sent:
            if not self.w.has("priority_word", t):
                continue
            clause = [u for u in sent if u.clause == t.clause]
            if not clause or clause[0].text not in ("если", "когда", "раз") or clause[0].i <= sent[0].i:
                continue
            mine = [u for u in clause if u.text == "меня" and self.tok(u.i - 1) is not None and self.toks[u.i - 1].text == "у"]
            if not mine or len(clause) > 6:
                continue
            out.add(t.i)
            self.use(*(u.i for u in clause if u.i in (clause[0].i, t.i, mine[0].i, mine[0].i - 1) or self.w.has("lies_verbs", u)
                       or u.lemma in ("есть", "быть")))
        return out

    def read_response_to_told(self, sent: list[Tok]) -> bool:
        """«… симб по тексту становится самостоятельным существом. Противник хочет в ответ на это
        кинуть внезапку, пока оно в стеке, можно?», «местность уходит во вспомогательную зону.
        противник может на это ответить?», «противник хочет на эту смену ответить — она через стек
        идёт?»: a response to the game action told just before, one that does not use the stack
        (302.5: it resolves at once — nothing lies on the stack to respond to, 302.4). The asked
        property is then whether it uses the stack (``uses_stack``, ``respond``); the answer says
        the response is impossible. Only when the asked sentence says nothing but the response
        (``respond_again``, a say verb framing what the opponent does), the stack it is thought
        to lie on («пока оно в стеке», «она через стек идёт?»), the told action named again
        («на эту смену», «пока она переносится»), and the asker's reason or comparison («это ж
        игродействие», «как на любое игродействие»); an action told that uses the stack is left
        to the other readings (a response to it may be legal), and so is a stack question about
        another action named in the asked sentence."""
        from bot.sim.actions import ACTIONS

        first_sent = self.asked_sent
        bare = _MODALS | {"так", "ли", "это", "вообще"}
        if sent and first_sent > 0 and all(u.text in bare for u in sent):
            # «… соперник хочет ответить на это. Может?»: the bare modal asks the sentence before it
            first_sent -= 1
            sent = [u for u in self.toks if u.sent == first_sent] + sent
        later = [u for u in self.toks if u.sent > self.asked_sent]
        if later and any(self.w.has("respond_verbs", u) for u in later) and all(
                u.text in self.w.sets["respond_again"] or self.w.has("respond_verbs", u) for u in later):
            sent = sent + later     # «… это через стек идёт? можно ответить»: the response asked again, without «?»
        resp = next((t for t in sent if self.w.has("respond_verbs", t) or self.w.has("response_words", t)
                     and self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "в"), None)
        if resp is None:
            return False
        # the action told before the response: in an earlier sentence, or an earlier clause of its own
        # («вскрылась моя местность и уехала во вспомогательную зону, а противник кидает в ответ …»)
        told = [m for m in self.mentions if m.kind is not None and m.at < resp.i and (
            self.toks[m.at].sent < first_sent or self.toks[m.at].clause < resp.clause)]
        if not told or told[-1].kind not in ACTIONS or ACTIONS[told[-1].kind].uses_stack:
            return False
        m = told[-1]
        if self.toks[m.at].sent >= first_sent:
            end = max(m.words)      # the told action's words and what stands between them
            sent = [u for u in sent if u.i > end]
            if sent and sent[0].text in ("а", "и", "но"):
                self.use(sent[0].i)
                sent = sent[1:]
        in_sent = [x for x in self.mentions if x is not m and any(u.i == x.at for u in sent)]
        stack_at = {u.clause for u in sent if self.w.has("stack_word", u)}
        if any(x.kind is not None for x in in_sent) and any(self.w.has("into_stack_verbs", u) and u.clause in stack_at
                                                              and u.lemma != "кидать" for u in sent):
            return False    # «… ответить атакой — атака через стек?»: the stack of another action is asked
        allowed = self.w.sets["respond_again"] | self.w.sets["declare_verbs"] | bare
        responding = {i for x in in_sent for i in x.words}
        kind_words = self.action_words(m)
        particles = set(vocab_words("reasoning_particles"))
        say = {"говорить", "сказать", "утверждать", "заявлять", "заявить"}
        words = []
        for u in sent:
            clause = [x for x in sent if x.clause == u.clause]
            if u.i in self.r.used or u.text in allowed or u.lemma in allowed or u.i in responding or u.i == resp.i \
                    or u.lemma == "хотеть" or u.lemma in say or u.text == "что":
                words.append(u.i)     # the response, the action it would be declared with, «противник говорит, что …»
            elif u.clause in stack_at and (self.w.has("stack_word", u) or self.w.has("lies_verbs", u)
                                               or self.w.has("into_stack_verbs", u) or u.pos == "NPRO"
                                               or u.text in ("пока", "в", "через", "еще", "ещё", "уже", "идет", "идёт")):
                words.append(u.i)     # «пока оно (ещё) в стеке», «она через стек идёт?»: where the asker thinks it lies
            elif self.restated_while(u, kind_words) or self.w.has("this_nouns", u) or u.lemma in ("этот", "тип") \
                    and any(self.w.has("this_nouns", x) for x in clause):
                words.append(u.i)     # «пока она переносится», «на эту смену (типа)»: the told action named again
            elif any(x.text in particles for x in clause) and all(
                    x.text in particles or x.text in ("это", "оно", "она", "он") or self.w.has("any_action", x)
                    or self.w.has("is_verbs", x) for x in clause):
                words.append(u.i)     # «это ж игродействие»: the asker's reason, not ruled on
            elif clause[0].text == "как" and all(x.text in ("как", "на", "в", "и") or x.lemma in ("любой", "всякий", "другой",
                                                 "обычный") or self.w.has("any_action", x) for x in clause):
                words.append(u.i)     # «…, как на любое игродействие»: the asker's comparison
            else:
                return False
        self.r.asked, self.r.action, self.r.respond, self.r.yes_no = "uses_stack", m, True, True
        self.r.stack = None
        self.r.on_stack = None
        self.mentions = [x for x in self.mentions if x not in in_sent]
        self.use(*words)
        return True

    def action_words(self, m: Mention) -> frozenset[str]:
        """The lemmas of the phrases that name ``m``'s kind («переноситься», «местность», «зона» of
        ``terrain_to_additional_zone``): a «пока …» clause of only these restates the action."""
        if m.kind is None:
            return frozenset()
        return frozenset(w for phrase, kind in self.w.kinds for w in phrase if kind == m.kind)

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
        on = next((j for j in range(m.at - 1, max(decl.i, m.at - 3) if decl is not None else m.at, -1)
                   if self.toks[j].text == "на"), None) if decl is not None and decl.i < m.at else None
        if on is not None and self.w.has("respond_verbs", decl) and all(
                self.toks[j].pos in ("ADJF", "NPRO", "PRTF", "ADJS") for j in range(on + 1, m.at)):
            return      # «можно ли ответить на эффект правил игры?»: what is answered, not what is declared
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
        m.player = self.player_of(self.toks[m.at].clause, ME)     # «противник может объявить …?»: the opponent declares
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
            elif t.text in ("сразу", "немедленно") and any(self.w.has("priority_verbs", u) for u in sent if abs(u.i - t.i) == 1):
                self.use(t.i)       # «приоритет сразу переходит …?»: when it passes, not to whom
            elif t.lemma == "первый" and ("subphase",) in self.r.told and any(u.text == "кто" for u in sent):
                self.use(t.i)       # «кто первым получает приоритет в начале фазы?»: at a new phase it goes to one player
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
        from bot.reading.tokens import filler_phrase_words

        stop, filler = vocab_words("stop_words"), vocab_words("filler")
        phrases = filler_phrase_words(self.toks)
        out = []
        for t in self.toks:
            if t.i in self.r.used or t.text.isdigit() or t.i in phrases:
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
        self.read_no_priority()
        self.read_told()
        self.read_asked()
        self.read_unread()
        return self.r


def read(question: str) -> ActionReading:
    """Read ``question`` into an ``ActionReading`` (``asked`` is ``None`` when no property of
    this module is asked)."""
    return AskedReader(question).run()
