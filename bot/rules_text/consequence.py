"""«Что будет с …?» over a told story (issue 14): the consequence a rule sentence states
when every condition of it is a fact the story tells.

A rule of effect is a sentence «Если <условие>, то <следствие>» (``Prop.kind``
``consequence`` or ``fact`` with a condition): «Если свободных клеток нет, то оно погибает».
Its condition is read into *clauses* — the concepts of each part and whether the part is
negated («свободных клеток нет» is a negated clause) — and, when the consequence's subject
is a pronoun and the sentence before it in the paragraph states a condition too («Если
летающее существо теряет полёт, то …. Если свободных клеток нет, то оно погибает»), that
condition's clauses as well. A comparison of two counts («количество ран на карте равно её
жизням или превышает их») is a clause computed from the numbers the story tells («3
жизни», «уже 1 рана», «наносит ещё 2»: wounds 3 ≥ lives 3).

The story — every sentence of the question, and the asked one's own circumstance («… в
конце хода?») — is read into clauses the same way. A rule clause is

- *told* when one story clause of the same polarity names each of its concepts, or the
  comparison holds;
- *denied* when a story clause of the other polarity names each of them, or the
  comparison fails;
- *unknown* otherwise.

A verdict only when one rule's clauses are all told, no rule with a denied clause is
chosen, and no more specific rule (its clauses a superset) is left unknown — then the
consequence, its paragraph and its sentence; an unknown condition gives no verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.memo import declines_per_question
from bot.reading.tokens import Tok, tokenize

_ASKS = re.compile(
    r"(?i)(?<![а-яё])(?:что|чо|че|шо)\s+(?:(?:же|тогда|теперь|в итоге|при этом)\s*)?(?:(?:с|со)\s+[а-яё]+(?:\s+[а-яё]+)?\s*)?"
    r"(?:(?:будет|станет|случится|произойд[её]т|происходит|бывает|делать|дальше)(?![а-яё])|[?,]|$)")
_NEG = frozenset({"не", "нет", "ни", "без"})
_SPLIT = re.compile(r"(?i)[,;:.!?()—–]|\s(?:а|но|и|потом|затем|после чего)\s"
                    r"|\s(?=(?:(?:у|на|в|с|со|под|из|к|от|по)\s+)?котор[а-яё]+\s)")   # «со шмоткой | у которой нет …»
STORY_CHARS = 800
"""The longest question whose story is read against the rules of effect."""
_DEFAULT = frozenset({"текст", "слово"})
_BECOME = frozenset({"стать", "становиться", "сделать", "делать", "превратиться", "превращаться"})
_COMPARE = re.compile(r"(?i)(?:количество|число)\s+([а-яё]+).*?\bравн[а-яё]*\s+(?:е[её]|его|их)?\s*([а-яё]+)"
                      r"(\s+или\s+превыша[а-яё]*)?")


@dataclass(frozen=True)
class Clause:
    """A part of a condition or of a story: its ``concepts``, ``negated``, and for a
    comparison the two counted nouns (``counts``: (more, than)) with ``strict`` False for «равно или превышает»."""

    concepts: frozenset[str]
    negated: bool
    counts: tuple[str, str] | None = None
    at_least: bool = False
    alternatives: tuple["Clause", ...] = ()
    """A rule's clause «A или B»: its alternatives, each with the subject named before the first verb."""


def _concepts(toks: list[Tok]) -> frozenset[str]:
    """The concepts of a clause a rule or a story must share: content words, not filler nor
    implicit nor light — but a verb of becoming («стало симбиотом», «его сделали
    бестелесным») is kept as «стать»: it is the event the clause tells."""
    from bot.rules_text.language import language
    from bot.rules_text.propositions import _content
    from bot.rules_text.question import clean_bag

    L = language()
    ws = _content([t for t in toks if t.lemma not in _NEG])[0]
    out = {w for w in clean_bag({w.removeprefix("не ") for w in ws})
           if not w.startswith("~") and w not in L.filler and w not in L.implicit and w not in L.light
           and not w.isdigit()}
    if any(t.lemma in _BECOME for t in toks):
        out.add("стать")
    out |= {"не" + t.lemma for u, t in zip(toks, toks[1:]) if u.lemma == "не" and t.pos in ("ADJF", "ADJS", "PRTF")}
    return frozenset(out)


def clauses(text: str, rule: bool = False) -> list[Clause]:
    """The clauses of ``text`` (see the module docstring); ``rule``: a rule's condition,
    where a comparison of counts is one clause, and a list ending in «или» («покидает поле
    боя, становится летающим, бестелесным или симбиотом») is one clause of alternatives."""
    from bot.morph import lemma

    out: list[Clause] = []
    if rule:
        m = _COMPARE.search(text)
        if m is not None:
            return [Clause(frozenset(), False, (lemma(m.group(1).casefold()), lemma(m.group(2).casefold())),
                           bool(m.group(3)))]
        if re.search(r"(?i)\sили\s", text):
            alts = _either(text) or _either_noun(text)
            if alts:
                return [Clause(frozenset().union(*(a.concepts for a in alts)), False, alternatives=alts)]
    for part in _SPLIT.split(text):
        toks, _ = tokenize(part)
        if not toks:
            continue
        c = _concepts(toks)
        if c:
            out.append(Clause(c, any(t.lemma in _NEG for t in toks)))
    return out


def _either_noun(text: str) -> tuple[Clause, ...]:
    """The alternatives of a condition one clause long whose «или» joins two nouns of one case
    («если цель выстрела или метания покинула …» -> «цель выстрела покинула …» / «цель
    метания покинула …»); ``()`` for any other."""
    m = re.search(r"(?i)([а-яё]+)\s+или\s+([а-яё]+)", text)
    if m is None or re.search(r"[,;:]", text):
        return ()
    a, b = (_noun_cases(m.group(k)) for k in (1, 2))
    if not a & b:
        return ()
    out = []
    for k in (1, 2):
        toks, _ = tokenize(text[:m.start()] + m.group(k) + text[m.end():])
        c = _concepts(toks)
        if not c:
            return ()
        out.append(Clause(c, any(t.lemma in _NEG for t in toks)))
    return tuple(out)


def _noun_cases(word: str) -> frozenset[str]:
    """Every case ``word`` may be in as a noun (``bot.morph``): «метания» is genitive too."""
    from bot.morph import analyzer

    return frozenset(str(p.tag.case) for p in analyzer().parse(word.casefold()) if p.tag.POS == "NOUN")


def _either(text: str) -> tuple[Clause, ...]:
    """The alternatives of a condition «A, B или C»: each piece with the subject named
    before the first verb, and the last verb carried to a piece without one («становится
    летающим, бестелесным» -> «становится бестелесным»)."""
    pieces = [tokenize(p)[0] for p in re.split(r"(?i),|\sили\s", text)]
    pieces = [p for p in pieces if p]
    if len(pieces) < 2:
        return ()
    first = pieces[0]
    verb_at = next((i for i, t in enumerate(first) if t.pos in ("VERB", "INFN", "PRTS")), None)
    if verb_at is None:
        return ()
    subject = _concepts(first[:verb_at])
    out = []
    verb: list[Tok] = []
    for p in pieces:
        verbs = [t for t in p if t.pos in ("VERB", "INFN", "PRTS")]
        if verbs:
            verb = verbs[:1]
        toks = p if verbs else verb + p
        c = _concepts(toks) | subject
        if not c:
            return ()
        out.append(Clause(c, any(t.lemma in _NEG for t in toks)))
    return tuple(out)


def _quantities(toks: list[Tok]) -> dict[str, list[int]] | None:
    """The counts a story tells, by counted noun lemma («3 жизни», «1 рана», «наносит ещё 2»
    -> рана: a verb of ``grammar/rule_values.yaml`` ``counted_by``); ``None`` when a number
    counts nothing the reader can name."""
    counted = _counted()
    out: dict[str, list[int]] = {}
    for i, t in enumerate(toks):
        if not t.text.isdigit():
            continue
        n = int(t.text)
        noun = next((u.lemma for u in toks[i + 1:i + 3] if u.pos == "NOUN"), None)
        if noun is None:
            verb = next((u.lemma for u in reversed(toks[max(0, i - 3):i]) if u.pos in ("VERB", "INFN")), None)
            noun = counted.get(verb or "")
        if noun is None:
            return None
        out.setdefault(noun, []).append(n)
    return out


@lru_cache(maxsize=1)
def _counted() -> dict[str, str]:
    """``stories.counted_by`` of ``grammar/rule_values.yaml``: verb -> the noun it counts (folded)."""
    from bot.rules_text.values import section
    from bot.textnorm import fold

    t = section("stories") or {}
    return {fold(str(k)): fold(str(v)) for k, v in (t.get("counted_by") or {}).items()}


def _state(rc: Clause, story: list[Clause], amounts: dict[str, list[int]] | None) -> bool | None:
    """``True`` told, ``False`` denied, ``None`` unknown (see the module docstring)."""
    from bot.rules_text.match import covers

    if rc.counts is not None:
        if amounts is None:
            return None
        more, than = rc.counts
        if more not in amounts or than not in amounts or len(amounts[than]) != 1:
            return None
        a, b = sum(amounts[more]), amounts[than][0]
        return a >= b if rc.at_least else a == b

    def named(s: Clause) -> bool:
        return all(any(covers(x, w) for x in s.concepts) for w in rc.concepts)

    if any(s.negated == rc.negated and named(s) for s in story):
        return True
    if any(s.negated != rc.negated and named(s) for s in story):
        return False
    if not rc.negated and len(rc.concepts) >= 2 and not any(w[-2:] in ("ть", "ся", "ти") for w in rc.concepts) and all(
            any(not s.negated and any(covers(x, w) for x in s.concepts) for s in story) for w in rc.concepts) \
            and not any(s.negated and any(covers(x, w) for x in s.concepts for w in rc.concepts) for s in story):
        return True     # «моё сущ отравлено. потом оно получило защиту от отравления»: things (no event verb) told over two clauses
    return None


@dataclass(frozen=True)
class Outcome:
    """A rule of effect: ``prop`` (the consequence), ``conds`` its condition clauses (with
    those it inherits), ``about`` concepts the story must name (the subject a pronoun stands for)."""

    prop: object
    conds: tuple[Clause, ...]
    about: frozenset[str]
    texts: tuple[str, ...] = ()
    """The condition texts as written (the inherited one first)."""
    subject: frozenset[str] = frozenset()
    """The concepts of the consequence's own subject («его экипировка»): the story must name it."""
    state_only: bool = False
    """A negated consequence («атака ран не наносит») or a fact whose condition is the subject's
    relative clause («Существо, на котором лежит счётчик оцепенения, не открывается …»): it
    answers a yes/no on the asked state (``asked_state``), never «что будет?» (a consequence
    verb after a relative clause — «Экипировка, которая …, – погибает» — answers both)."""

    @property
    def named(self) -> frozenset[str]:
        """Every concept the condition names."""
        return frozenset().union(*(c.concepts for c in self.conds)) if self.conds else frozenset()


def outcomes(idx) -> tuple[Outcome, ...]:
    """The rules of effect of an edition's ``PropIndex`` (read when it was built)."""
    got = getattr(idx, "outcomes", None)
    return got if got is not None else tuple(read_outcomes(idx))


def read_outcomes(idx) -> list[Outcome]:
    """Read the rules of effect of the propositions of ``idx`` (see ``Outcome``)."""
    from bot.rules_text.language import language

    L = language()
    out: list[Outcome] = []
    last_cond: dict[str, tuple] = {}   # paragraph -> (sentence, its condition clauses, its condition text)
    for p in idx.props:
        if p.whole_condition:
            continue    # one «или» alternative of a condition: the proposition with the whole one is read here
        rel = _relative_condition(p) if p.kind in ("consequence", "fact") and not p.condition_text else None
        if rel is not None:
            conds = tuple(clauses(rel, rule=True))
            if conds:
                subject = frozenset(w for w in p.subject_words if w not in L.implicit and w not in L.filler
                                    and w not in L.light)
                for alt in _alternatives(conds):   # «Экипировка, которая … не имеет хозяина, – погибает»: «что с ней?» too
                    out.append(Outcome(p, alt, frozenset(), (rel,), subject,
                                       state_only=not (p.positive and p.kind == "consequence")))
            continue
        if p.kind in ("consequence", "fact") and p.condition_text and not p.positive:
            own = tuple(clauses(_as_written(p.sentence, p.condition_text), rule=True))
            if own and not p.context:
                for alt in _alternatives(own):
                    out.append(Outcome(p, alt, frozenset(), (p.condition_text,), frozenset(), state_only=True))
            continue
        if p.kind in ("consequence", "fact") and p.condition_text and p.positive:
            own = tuple(c for c in clauses(_as_written(p.sentence, p.condition_text), rule=True)
                        if not (c.negated and c.concepts & _DEFAULT))   # «если текст карты не требует иного»
            body = re.split(r"(?i),\s*то\s+", p.sentence, maxsplit=1)
            pronoun = len(body) == 2 and bool(re.match(r"(?i)(он|она|оно|они)\b", body[1].strip()))
            conds, texts = own, (p.condition_text,)
            prev = last_cond.get(p.number)
            if pronoun and prev is not None and prev[0] != p.sentence and not p.context:
                conds = prev[1] + own   # «Если …, то …. Если свободных клеток нет, то оно погибает»
                texts = (prev[2], p.condition_text)
            if own:
                about = frozenset(w for w in p.context if w not in L.implicit and w not in L.filler)
                subject = frozenset(w for w in p.subject_words if w not in L.implicit and w not in L.filler
                                    and w not in L.light)
                for alt in _alternatives(conds):
                    out.append(Outcome(p, alt, about, texts, subject))
                last_cond[p.number] = (p.sentence, own, p.condition_text)
    return out


_RELATIVE = re.compile(r"^(?P<head>[А-ЯЁ][^,;:()]{1,60}?),\s+(?P<rel>(?:(?:на|в|у|с|под|из|к|от|по)\s+)?котор[а-яё]+\s"
                       r"[^,;:()]{3,120}?)(?:\s*\([^()]*\))?\s*,\s+(?:[–—-]\s+)?(?P<main>[^;]+)")


def _relative_condition(p) -> str | None:
    """The relative clause of the subject of ``p``'s sentence when ``p`` is its main clause
    («Существо, на котором лежит счётчик оцепенения, не открывается …» -> «на котором лежит
    счётчик оцепенения»): what must hold of the subject for the predicate to; ``None`` otherwise."""
    m = _RELATIVE.match(p.sentence)
    if m is None or not p.subject_words or not p.verb:
        return None
    if p.verb.casefold().replace("ё", "е") not in m.group("main").casefold().replace("ё", "е"):
        return None     # another part of the sentence («вместо этого с него снимается …»)
    return m.group("rel")


def _as_written(sentence: str, words: str) -> str:
    """The span of ``sentence`` that ``words`` (a condition as read, its words joined by
    spaces) was read from, with its commas; ``words`` itself when it is not found."""
    ws = re.findall(r"[\w«»-]+", words)
    if not ws:
        return words
    m = re.search(r"(?i)" + r"[\W]+".join(re.escape(w) for w in ws), sentence.replace("ё", "е").replace("Ё", "Е"))
    return sentence[m.start():m.end()] if m else words


def _alternatives(conds: tuple[Clause, ...]) -> list[tuple[Clause, ...]]:
    """One condition per choice of its «или» alternatives («кубик упал со стола или встал
    на ребро» -> «кубик упал со стола» / «кубик встал на ребро»)."""
    out: list[tuple[Clause, ...]] = [()]
    for c in conds:
        out = [o + (alt,) for o in out for alt in (c.alternatives or (c,))]
    return out


def asks(question: str) -> bool:
    """The asked sentence of ``question`` asks what happens («что с ним?», «что будет …»)."""
    from bot.asked import last_asked

    last = last_asked(question)
    return last is not None and bool(_ASKS.search(last))


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx) -> "Answer | None":
    """The consequence of ``question``'s story (see the module docstring), or ``None``."""
    from bot.rules_text.match import covers
    from bot.rules_text.question import _fix_typos, respell

    if len(question) > STORY_CHARS:
        return None     # a story this long is told for the simulator; reading it here costs ask's p99
    verbs: frozenset[str] = frozenset()
    choice, named = False, frozenset()
    state: AskedState | None = None
    if not asks(question):
        got = _asked_verbs(question)   # «… он погибает или остаётся жить?», «он погибнет?»
        if got is None:
            state = asked_state(question)   # «… оно открывается?», «отравление остаётся?»
            if state is None:
                return None
        else:
            verbs, choice, named = got
    text = _fix_typos(respell(question), edition)
    story_text = _ASKS.sub(" , ", text) if state is None else _without_asked(text)
    story = clauses(story_text)
    if not story:
        return None
    amounts = _quantities(tokenize(story_text)[0])
    told_all = frozenset().union(*(s.concepts for s in story if not s.negated)) | {
        c for s in story if s.negated for c in s.concepts if c.startswith("не")}   # «симб не бестелесный»
    fits: list[Outcome] = []
    open_: list[Outcome] = []
    holds: dict[int, bool] = {}
    for o in outcomes(idx):
        if o.state_only and state is None:
            continue
        if verbs and not any(covers(v, o.prop.action) or covers(o.prop.action, v) for v in verbs):
            continue
        if state is not None:
            h = state_holds(state, o.prop)
            if h is None or not all(any(covers(x, w) for w in o.prop.words | o.prop.subject_words | o.named
                                        | told_all) or _a_card(x, o.prop) for x in state.named):
                continue    # another state, or a thing the rule's consequence does not speak of
            holds[id(o)] = h
        if named and not all(any(covers(x, w) for w in o.prop.words) for x in named):
            continue    # «он теряет полёт?» against «оно теряет «Страж»»: another object
        if o.about and not all(any(covers(x, w) for x in told_all) for w in o.about):
            continue
        if not all(any(covers(x, w) for x in told_all | o.named) for w in o.subject):
            continue    # «его симбиот погибает» for a story of equipment: another thing
        states = [_state(c, story, amounts) for c in o.conds]
        if any(s is False for s in states):
            continue
        if all(s is True for s in states):
            fits.append(o)
        elif sum(1 for s in states if s is True) * 2 >= len(states) and any(s is True for s in states):
            open_.append(o)
    if not fits:
        return None
    best = [o for o in fits if not any(_narrower(f, o) for f in fits)]
    if len({_consequence(o.prop) for o in best}) != 1:
        return None     # two rules, two consequences
    o = best[0]
    if any(_narrower(u, o) for u in open_):
        return None     # a more specific rule whose extra condition the story does not tell
    sums = [f"{c.counts[0]}: {' + '.join(map(str, amounts[c.counts[0]]))} = {sum(amounts[c.counts[0]])}, "
            f"{c.counts[1]}: {amounts[c.counts[1]][0]} — "
            f"{sum(amounts[c.counts[0]])} {'≥' if c.at_least else '='} {amounts[c.counts[1]][0]}"
            for c in o.conds if c.counts is not None and amounts]
    if state is not None:
        if len({holds[id(b)] for b in best}) != 1:
            return None
        lead = "Да: " if holds[id(o)] else "Нет: "
    else:
        lead = "Да: " if verbs and not choice else ""
    return _reply(question, o, edition, idx, lead=lead, sums=sums)


def _without_asked(text: str) -> str:
    """``text`` without the clause of its last sentence that asks («…. начался мой ход, оно
    открывается?» -> «…. начался мой ход»): what is asked is never a fact told."""
    parts = [p for p in re.split(r"(?<=[.!?])\s+", text.strip()) if p.strip()]
    last = re.split(r"[,;:—–]", parts[-1])
    return " ".join(parts[:-1] + [", ".join(last[:-1])]) if len(last) > 1 else " ".join(parts[:-1])


@dataclass(frozen=True)
class AskedState:
    """A yes/no asked sentence about a state or an event after a story: ``verb`` its concept
    («открывать» for «оно открывается?»; for «остаётся закрытым?» the verb of leaving the state,
    ``negated`` flipped), ``negated`` («не открывается?»), ``stays`` — «X остаётся?» asked of a
    thing's staying at all, ``named`` the other concepts of the sentence («отравление»)."""

    verb: str
    negated: bool
    stays: bool
    named: frozenset[str]


def asked_state(question: str) -> AskedState | None:
    """The ``AskedState`` of the last question sentence of ``question`` when it follows a story
    (two sentences or more) and asks whether one verb holds, no modal, no «или», no question
    word; else ``None``."""
    from bot.rules_text.language import language
    from bot.rules_text.values import opens_with_wh

    L = language()
    from bot.yesno import asks as chat_asks

    parts = [p for p in re.split(r"(?<=[.!?])\s+", question.strip()) if p.strip()]
    if len(parts) < 2 or opens_with_wh(parts[-1]) or not ("?" in parts[-1] or chat_asks(parts[-1])):
        return None     # «… в начале моего хода оно открывается как все» asks without «?»
    toks, _ = tokenize(parts[-1])
    if any(t.lemma in L.personal or t.lemma in L.impersonal or t.lemma in ("или", "ли") for t in toks):
        return None     # a modal, a choice or «ли» question is the yes/no reader's
    toks = [t for t in toks if t.clause == toks[-1].clause] if toks else toks   # «начался мой ход, оно открывается?»
    at = [i for i, t in enumerate(toks) if t.pos in ("VERB", "INFN")]
    if len(at) != 1:
        return None
    i = at[0]
    neg = i > 0 and toks[i - 1].lemma == "не"
    if neg and (toks[i].lemma in L.consequence or L.aspect.get(toks[i].lemma, toks[i].lemma) in L.consequence):
        return None     # «он не погибнет?»: a negated consequence is not asked here (``_asked_verbs``)
    verb = L.norm(toks[i].lemma, toks[i].text)
    rest = [t for k, t in enumerate(toks) if k != i]
    stays = False
    if toks[i].lemma in L.remain_verbs or verb in L.remain_verbs:
        held = next((L.norm(t.lemma, t.text) for t in rest if L.norm(t.lemma, t.text) in L.remain), None)
        if held is not None:    # «остаётся закрытым?» asks «не открывается?»
            verb, neg = L.remain[held], not neg
            rest = [t for t in rest if L.norm(t.lemma, t.text) != held]
        else:
            stays = True
    things = [t for t in rest if t.pos == "NOUN" or t.quote]   # «на нём» names nothing new
    named = frozenset(w for w in _concepts(things) if w not in L.filler and w not in L.implicit)
    return AskedState(verb, neg, stays, named)


def state_holds(state: AskedState, p) -> bool | None:
    """Whether the consequence ``p`` (a positive rule part) says ``state`` holds: its verb the
    asked one (``True``); «остаётся закрытой» against «открывается?» (``False``); «снимается»
    (an ending verb of ``grammar/rule_values.yaml`` ``stories.ends``) against «остаётся?»
    (``False``) — then flipped for a negated question; ``None`` when it speaks of another."""
    from bot.rules_text.language import language
    from bot.rules_text.match import covers

    L = language()
    pv, pos = L.norm(p.action), p.positive
    if pv in L.remain_verbs or p.action in L.remain_verbs:
        held = next((w for w in p.words if w in L.remain), None)
        if held is None:
            return None
        pv, pos = L.remain[held], not pos
    if state.stays:
        if pv not in _ends() and p.action not in _ends():
            return None
        said = not pos
    elif covers(state.verb, pv) or covers(pv, state.verb):
        said = pos
    else:
        return None
    return said != state.negated


def _a_card(x: str, p) -> bool:
    """``x`` names a card the rule's subject is a kind of («мой стрелок» of «атакующая карта»)."""
    from bot.rules_text.language import language
    from bot.rules_text.match import covers

    L = language()
    return bool(p.subject_words) and any(covers(w, "карта") for w in p.subject_words) and (
        L.is_kind_of(x, "карта") or x in _card_words())


def _ends() -> frozenset[str]:
    return _story_words()[0]


def _card_words() -> frozenset[str]:
    return _story_words()[1]


@lru_cache(maxsize=1)
def _story_words() -> tuple[frozenset[str], frozenset[str]]:
    """(``stories.ends``, ``stories.cards``) of ``grammar/rule_values.yaml``."""
    from bot.rules_text.values import section
    from bot.textnorm import fold

    t = section("stories") or {}
    return (frozenset(fold(str(w)) for w in t.get("ends") or ()),
            frozenset(fold(str(w)) for w in t.get("cards") or ()))


def _asked_verbs(question: str) -> tuple[frozenset[str], bool, frozenset[str]] | None:
    """The consequence verb the asked sentence of ``question`` asks about (as concepts),
    whether it offers it as a choice («погибает или остаётся …»), and the other concepts of
    its option («теряет полёт» -> {летать}); ``None`` when it names none or several, or
    negates it («он не погибнет?» is not asked here)."""
    from bot.rules_text.language import language

    L = language()
    from bot.asked import last_asked

    last = last_asked(question, marked=True)
    if last is None:
        return None
    last = re.split(r"\s[—–-]\s", last)[-1]   # «… наносит ещё 2 — он погибает или …?»
    toks, _ = tokenize(last)
    out = set()
    option: list[Tok] = []
    for i, t in enumerate(toks):
        lem = L.aspect.get(t.lemma, t.lemma)
        if t.pos in ("VERB", "INFN") and (t.lemma in L.consequence or lem in L.consequence):
            if i > 0 and toks[i - 1].lemma == "не":
                return None
            out.add(L.norm(t.lemma, t.text))
            ors = [j for j, u in enumerate(toks) if u.lemma == "или"]
            start = max((j + 1 for j in ors if j < i), default=0)
            end = min((j for j in ors if j > i), default=len(toks))
            option = [u for k, u in enumerate(toks[start:end], start) if k != i]
    if len(out) != 1:
        return None
    return frozenset(out), any(t.lemma == "или" for t in toks), _concepts(option)


def _narrower(a: Outcome, b: Outcome) -> bool:
    """``a``'s condition says all ``b``'s does and more: each clause of ``b`` is within a
    clause of ``a`` of the same polarity, and ``a`` names more («летающее существо теряет
    полёт; свободных клеток нет» is narrower than «карта теряет особенность»)."""
    if a is b:
        return False
    for c in b.conds:
        if not any(d.negated == c.negated and d.counts == c.counts and c.concepts <= d.concepts for d in a.conds):
            return False
    size = lambda o: sum(len(c.concepts) + (2 if c.counts else 0) for c in o.conds) + len(o.about)  # noqa: E731
    return size(a) > size(b)


def _consequence(p) -> str:
    """What the rule says happens: its main clause («Экипировка, которая …, – погибает» ->
    «Экипировка погибает»)."""
    from bot.rules_text.route import _consequence_text

    m = _RELATIVE.match(p.sentence) if not p.condition_text else None
    if m is not None:
        main = re.split(r"(?<=[.!?])\s", m.group("main"))[0].rstrip(". ")
        return f"{m.group('head').strip()} {main}"
    return _consequence_text(p)


def _reply(question: str, o: Outcome, edition: str, idx, lead: str = "", sums: list[str] | None = None):
    from bot.rules_text.question import read
    from bot.rules_text.route import _answer

    q = read(question, edition)
    p = o.prop
    told = " и ".join(f"«{t.strip(' ,')}»" for t in o.texts)
    from bot.rules_text.question import Question

    if q is None:
        q = Question(kind="happens", mode="happens", positive=True, bag=frozenset(), text=question)
    text = _consequence(p)
    how = f"условие правила ({told}) сказано в вопросе" + (" (" + "; ".join(sums) + ")" if sums else "")
    return _answer(question, q, lead + text[:1].lower() + text[1:] if lead else text, p, [], how, edition, idx)
