"""The phases of a turn read as a proposition (issue 11, 408.2, 302.5): the phase or subphase
named («фаза Открытия», «Главная фаза», «подфаза Движения»), what the question tells («я ничего
не делал за ход») and the asked property:

- ``first`` — which phase a turn starts with («с какой фазы начинается ход?», «ход начинается
  с Начальной фазы?»);
- ``order`` — in which order the phases go («в каком порядке идут фазы хода?»);
- ``mandatory`` — must a phase happen every turn («обязательна ли фаза Открытия?», «может ли
  Заключительная фаза отсутствовать?», «может ли не быть подфазы Движения?»);
- ``count`` — how many times a turn has it («сколько раз за ход проходит Главная фаза?»);
- ``between`` — can anything happen between phases or turns («между фазами можно что-то
  сыграть?»).

``answer`` compiles the reading into a ``scenarios/`` mapping — the start of a turn (its
``value`` is the turn's phases in order, 408.2); for a subphase of the choice, two passes on an
empty stack in the subphase of Choice (the phase ends with no slow action declared); for
``between``, the move to a new subphase (no stack, the active player gets priority) — runs it
with the strict loader and reads the verdict off the results. Every content word must be used,
else ``None``. Words: section ``turn`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.lexicon import section_sets
from bot.reading.tokens import SentenceReader, Tok
from bot.sim.engine import TURN_PHASE_RU
from bot.vocab import section, words as vocab_words

ME, OPP = "first", "second"
SUBPHASE_RU = {"movement": "подфаза Движения", "action": "подфаза Действия"}


@dataclass
class TurnReading:
    """``asked`` (see the module) or ``None``; ``phase``: the phase or subphase named (a key
    of ``TURN_PHASE_RU`` or ``movement`` / ``action``); ``claim``: for a yes/no ``first`` the
    phase stated; ``skip``: the question asks whether it may be left out (not whether it is
    obligatory); ``between``: ``phases`` / ``turns``; ``neg_word``: the negated modal of the
    asked sentence («не может»); ``yes_no``; ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    phase: str | None = None
    claim: str | None = None
    skip: bool = False
    between: str | None = None
    neg_word: str | None = None
    yes_no: bool = True
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


def _phase_words() -> dict[str, str]:
    return {str(k): str(v) for k, v in section("turn")["phases"].items()}


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = section_sets("turn")
        self.r = TurnReading(question, self.toks)

    def read(self) -> TurnReading:
        nouns = [t for t in self.toks if self.has("phase_nouns", t)]
        turns = [t for t in self.toks if self.has("turn", t)]
        between = [t for t in self.sent() if self.has("between", t)]
        if not nouns and not (between and turns):
            return self.r
        self.read_phase(nouns)
        self.read_told()
        if between:
            self.read_between(between)
        else:
            self.read_asked()
        self.read_unread()
        return self.r

    def read_phase(self, nouns: list[Tok]) -> None:
        """«фаза Открытия», «Главная фаза», «подфаза Движения», «заключительная фаза»: the
        phase word next to «фаза» / «подфаза»."""
        names = _phase_words()
        found = []
        for n in nouns:
            self.use(n.i)
            for k in (n.i - 1, n.i + 1):
                u = self.tok(k)
                if u is not None and u.clause == n.clause and u.lemma in names:
                    kind = names[u.lemma]
                    if kind in ("movement", "action") and n.lemma != "подфаза":
                        continue
                    found.append(kind)
                    self.use(u.i)
        if len(set(found)) == 1:
            self.r.phase = found[0]
        elif not found:
            # «все (четыре) фазы»: every phase of the turn
            every = [u for n in nouns for u in self.toks[max(0, n.i - 2):n.i] if self.has("all_phases", u) and u.clause == n.clause]
            if every:
                self.r.phase = "all"
                self.use(*(u.i for u in every))

    def read_told(self) -> None:
        """«если я ничего не делал за ход»: no game action declared — what the turn's phases do
        not depend on (408.2)."""
        for t in self.toks:
            if self.has("nothing", t):
                clause = [u for u in self.toks if u.clause == t.clause]
                verb = next((u for u in clause if self.has("do_verbs", u)), None)
                if verb is not None:
                    self.use(t.i, verb.i, *(u.i for u in clause if u.text in ("не", "я", "если", "за", "то") or self.has("turn", u)))

    def read_between(self, between: list[Tok]) -> None:
        """«между фазами / ходами можно что-то сыграть?», «может ли что-то произойти между фазами?»."""
        r, sent = self.r, self.sent()
        nx = [self.tok(t.i + 1) for t in between]
        if any(u is not None and self.has("phase_nouns", u) for u in nx):
            r.between = "phases"
        elif any(u is not None and self.has("turn", u) for u in nx):
            r.between = "turns"
        else:
            return
        r.yes_no = "ли" in [t.text for t in sent] or not any(t.text in vocab_words("wh_words") and t.text not in ("что",)
                                                              for t in sent)
        self.use(*(t.i for t in between), *(u.i for u in nx if u is not None),
                 *(t.i for t in sent if self.has("happen", t) or self.has("something", t) or self.has("turn", t)
                   or self.has("modal", t) or t.text in ("ли", "в", "то", "вообще") or t.lemma == "игра"
                   or self.has("phase_nouns", t)))
        # «пока следующий не начался»: before the next one starts — the same moment between them
        for t in sent:
            if self.has("starts", t) and self.tok(t.i - 1) is not None and self.toks[t.i - 1].text == "не":
                self.use(t.i, t.i - 1, *(u.i for u in sent if u.clause == t.clause and u.text in ("пока", "следующий")))
        kinds = [t for t in sent if t.i not in r.used and self.has("action_words", t)]
        self.use(*(t.i for t in kinds))
        # «… может что-то произойти? например, сработать особенность»: a sentence after the asked one that
        # only gives an example of the «что-то» asked (an event or an action) is read with it
        for k in range(self.asked_sent + 1, max((t.sent for t in self.toks), default=0) + 1):
            words = self.in_sent(k)
            if words and self.has("example", words[0]) and all(
                    self.has("example", u) or self.has("happen", u) or self.has("action_words", u) or u.text in ("или", "и", "там")
                    for u in words):
                self.use(*(u.i for u in words))
        r.asked = "between" if r.yes_no else None

    def read_asked(self) -> None:
        r, sent = self.r, self.sent()
        texts = [t.text for t in sent]
        r.yes_no = "ли" in texts or not any(t.text in vocab_words("wh_words") for t in sent)
        for t in sent:
            if t.text in ("ли", "разве", "вообще", "каждый", "каждом", "каждого") or self.has("modal", t) or self.has("every", t) \
                    or self.has("turn", t) or t.lemma == "игрок" or t.text in ("в", "за", "с"):
                self.use(t.i)
        starts = [t for t in sent if self.has("starts", t)]
        order = [t for t in sent if self.has("order", t)]
        count = [t for t in sent if self.has("count", t)]
        must = [t for t in sent if self.has("mandatory", t)]
        skip = [t for t in sent if self.has("skip", t) or self.has("go_verbs", t) and self.tok(t.i - 1) is not None
                and self.toks[t.i - 1].text == "не"
                or t.text == "без" and self.has("phase_nouns", self.tok(t.i + 1))]     # «фаза пройдёт без подфазы Движения?»
        if starts:
            r.asked = "first"
            self.use(*(t.i for t in starts), *(t.i for t in sent if t.lemma == "какой"))
            if r.yes_no:
                r.claim = r.phase
                if r.claim is None:
                    r.asked = None
            return
        if order:
            r.asked = "order"
            self.use(*(t.i for t in order), *(t.i for t in sent if t.lemma == "какой" or self.has("go_verbs", t)))
            if r.yes_no:
                r.asked = None
            return
        if r.phase is None:
            return
        if count:
            r.asked = "count"
            self.use(*(t.i for t in count), *(t.i for t in sent if self.has("times", t) or self.has("go_verbs", t)))
            if r.yes_no:
                r.asked = None
            return
        if must or skip:
            r.asked, r.skip = "mandatory", bool(skip) and not must
            self.use(*(t.i for t in must + skip), *(t.i - 1 for t in skip if self.tok(t.i - 1) is not None
                                                      and self.toks[t.i - 1].text == "не"),
                     *(t.i for t in sent if self.has("go_verbs", t)))
            neg = [t for t in sent if t.text == "не" and self.tok(t.i + 1) is not None and self.has("modal", self.tok(t.i + 1))]
            if neg:
                # «разве … не может пропуститься?»: answered about the statement asked (agree_with_negation)
                self.use(*(t.i for t in neg))
                r.neg_word = "не " + self.toks[neg[0].i + 1].text
            if not r.yes_no:
                r.asked = None


def read(question: str) -> TurnReading:
    """Read ``question`` into a ``TurnReading`` (``asked`` ``None``: no property of a turn's phases asked)."""
    return _Reader(question).read()


# ---------------------------------------------------------------------- compile and run
def _mapping(r: TurnReading) -> dict:
    cards = [{"id": "Ваше существо", "owner": ME, "cell": "c2", "class": "воин"},
             {"id": "Существо противника", "owner": OPP, "cell": "c5", "class": "воин"}]
    state: dict = {"active": OPP, "priority": OPP, "cards": cards}
    if r.asked == "mandatory" and r.phase in SUBPHASE_RU:
        state = {"active": ME, "priority": ME, "subphase": "choice", "cards": cards}
        steps: list[dict] = [{"pass": ME}, {"pass": OPP}]
    elif r.asked == "between":
        state = {"active": ME, "priority": ME, "subphase": "choice", "cards": cards}
        steps = [{"subphase": "action"}]
    else:
        steps = [{"start_turn": ME}]
    return {"title": "Вопрос: " + " ".join(r.question.split())[:120], "state": state, "steps": steps}


def _run(r: TurnReading):
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = _mapping(r)
    res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": 1, "legal": True}]}}), "<вопрос>"))
    mapping["expect"] = {"steps": [{"step": k + 1, "legal": x.legal, "value": x.value, "stack": x.stack, "priority": x.priority}
                                   for k, x in enumerate(res.results)]}
    return mapping, sc.run(sc.load(dump(mapping), "<вопрос>"))


def _ruling(r: TurnReading) -> tuple[str, dict, object, list[str]] | None:
    mapping, res = _run(r)
    if not res.passed or not all(x.legal for x in res.results):
        return None
    last = res.results[-1]
    if r.asked == "between":
        if last.stack or last.priority != ME:
            return None
        where = "ходами" if r.between == "turns" else "фазами"
        head = "нельзя" if any(t.text == "можно" for t in r.toks) else "не может"
        return (f"Нет, {head}: между {where} (как и между подфазами и шагами) никакое событие произойти не может — переход выполняется "
                "сразу, без стека, и приоритет получает Активный игрок уже в новой фазе"), mapping, res, ["408.2", "302.5"]
    if r.asked == "mandatory" and r.phase in SUBPHASE_RU:
        if last.value != "phase_end":
            return None
        fact = (f"{SUBPHASE_RU[r.phase]} может отсутствовать: если Активный игрок не объявляет медленных игродействий, "
                "подфаза Выбора завершается двумя пасами подряд при пустом стеке")
        yes = r.skip
        return f"{'Да' if yes else 'Нет'}, {fact}", mapping, res, ["408.2"]
    phases = last.value or []
    if list(phases) != list(TURN_PHASE_RU):
        return None
    order = ", ".join(TURN_PHASE_RU[x] for x in phases)
    if r.asked == "first":
        fact = f"ход начинается с Начальной фазы; фазы хода по порядку: {order}"
        if r.yes_no:
            return f"{'Да' if r.claim == phases[0] else 'Нет'}, {fact}", mapping, res, ["408.2"]
        return f"Ход начинается с Начальной фазы; фазы хода по порядку: {order}", mapping, res, ["408.2"]
    if r.asked == "order":
        return f"{order[:1].upper()}{order[1:]} — каждая 1 раз за ход, именно в этом порядке", mapping, res, ["408.2"]
    if r.phase == "all" and r.asked == "mandatory":
        return (f"{'Нет' if r.skip else 'Да'}, все четыре фазы ({order}) обязательно осуществляются каждый ход, 1 раз за ход "
                "и в этом порядке"), mapping, res, ["408.2"]
    if r.phase not in phases:
        return None
    name = TURN_PHASE_RU[r.phase]
    if r.asked == "count":
        return f"Один раз за ход: {name} осуществляется каждый ход 1 раз (фазы хода: {order})", mapping, res, ["408.2"]
    if r.asked == "mandatory":
        fact = f"{name} обязательно осуществляется каждый ход, 1 раз за ход (фазы хода: {order})"
        return f"{'Нет' if r.skip else 'Да'}, {fact[:1].lower()}{fact[1:]}", mapping, res, ["408.2"]
    return None


_ASKED_RU = {"first": "с какой фазы начинается ход", "order": "в каком порядке идут фазы хода",
             "mandatory": "обязательна ли фаза каждый ход", "count": "сколько раз за ход она бывает",
             "between": "может ли что-то произойти между фазами"}


def _agreed_ruling(r: TurnReading) -> tuple[str, dict, object, list[str]] | None:
    """``_ruling`` with a negated question answered agreeing with its statement («разве она
    не может пропуститься?» — «Да, не может: …», ``bot.yesno.agree_with_negation``)."""
    got = _ruling(r)
    if got is not None and r.neg_word and got[0].startswith(("Да", "Нет")):
        from bot.yesno import agree_with_negation

        got = (agree_with_negation(got[0], r.neg_word), *got[1:])
    return got


def _told(r: TurnReading) -> list[str]:
    if not r.phase:
        return []
    return ["названы: все фазы хода" if r.phase == "all" else "названа: " + (SUBPHASE_RU.get(r.phase) or TURN_PHASE_RU[r.phase])]


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The turn-phase question answered by the simulator, or ``None``."""
    from bot.reading.route import proposition_answer

    return proposition_answer(question, edition, read, _agreed_ruling, _told, _ASKED_RU,
                              words=("turn", ("phase_nouns", "between")))
