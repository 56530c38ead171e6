"""A question (``bot.rules_text.question.Question``) matched against an edition's rule
propositions (issue 14).

A rule proposition is a bag of concepts too (``Rule``): ``req`` — what the rule is about
and every condition it states (a question must name each, or a narrower concept:
«существо» for the rule's «карта», «разряд» for «магическая атака»); ``opt`` — words
that widen it or that a question may leave implicit. A rule *fits* a question when it
covers every concept of the question (fillers aside) and the question names every
concept of the rule; a prohibition also *applies* to a question that names more
(«закрытое летающее существо» under «закрытая карта не может двигаться») — unless an
exception it points at, or one it states («кроме …»), fits the question.

``decide(q, idx)`` -> ``Decision``: ``fits`` (each with the truth it gives), ``near``
(with the reason each does not fit), ``excepted``. ``Decision.agreed`` is the verdict:
one truth every fit gives, no exception, no fitting rule saying otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import re
from functools import lru_cache

from bot.rules_text.index import PropIndex, Rule
from bot.rules_text.language import _VERB_ENDS, language, verb_key
from bot.rules_text.propositions import Prop
from bot.rules_text.question import Question


@dataclass(frozen=True)
class Fit:
    """A proposition ``prop`` that decides the question; ``truth``: the asked thing holds;
    ``how``: a note on a count or «только»; ``full``: it covers the whole question (else
    a prohibition that applies to a narrower case)."""

    prop: Prop
    truth: bool
    how: str = ""
    full: bool = True
    condition: str = ""
    """The rule's own condition the question does not state («Да, если оно стоит рядом с
    целью этого удара»): the verdict holds only under it."""


@dataclass
class Decision:
    """``fits`` (``Fit``), ``near`` (``(Prop, reason)``), ``excepted`` (``(Prop, reason)``)."""

    fits: list[Fit] = field(default_factory=list)
    near: list[tuple[Prop, str]] = field(default_factory=list)
    excepted: list[tuple[Prop, str]] = field(default_factory=list)
    conditional: dict[int, Fit] = field(default_factory=dict)
    """Fits but for a condition of the rule the question does not state (by index)."""

    @property
    def agreed(self) -> bool | None:
        """The one truth every fit gives, or ``None`` (no fit, they disagree, an exception)."""
        truths = {f.truth for f in self.fits}
        if len(truths) != 1 or self.excepted:
            return None
        return truths.pop()


@lru_cache(maxsize=65536)
def covers(q: str, p: str) -> bool:
    """The question's concept ``q`` is the rule's ``p`` or a kind of it («не X» only «не X»)."""
    nq, np_ = q.startswith("не "), p.startswith("не ")
    if nq != np_:
        return False
    return language().is_kind_of(q.removeprefix("не "), p.removeprefix("не "))


@lru_cache(maxsize=16384)
def _ups(c: str) -> frozenset[str]:
    """Every concept ``c`` covers (itself, the broader ones, its verb stem as «§stem»), with
    its «не » kept: ``covers(c, p)`` is ``p in _ups(c)`` or their stems meet."""
    L = language()
    neg = "не " if c.startswith("не ") else ""
    b = c.removeprefix("не ")
    out = {neg + b} | {neg + x for x in L.broader.get(b, ())}
    if b[-2:] in _VERB_ENDS:
        out.add(neg + "§" + verb_key(b))
    return frozenset(out)


@lru_cache(maxsize=32768)
def covered_by(told: frozenset[str]) -> frozenset[str]:
    """The union of ``_ups`` over ``told``: a rule's concept ``w`` is covered by one of them
    when ``_covered(w, ...)``."""
    out: set[str] = set()
    for x in told:
        out |= _ups(x)
    return frozenset(out)


def _covered(w: str, ups: frozenset[str]) -> bool:
    """``w`` is covered by a question concept whose ``_ups`` (or their union) is ``ups``."""
    return w in ups or _stem(w) in ups


@lru_cache(maxsize=16384)
def _stem(w: str) -> str:
    b = w.removeprefix("не ")
    if b[-2:] not in _VERB_ENDS:
        return ""
    return ("не " if w.startswith("не ") else "") + "§" + verb_key(b)


_KEYS: dict[int, tuple[frozenset[str], tuple[tuple[str, str], ...], frozenset[str]]] = {}


def _keys(words: frozenset[str]) -> tuple[tuple[tuple[str, str], ...], frozenset[str]]:
    """``(pairs, keys)`` of a rule's concept set ``words`` (built once per set, kept by its
    identity so its iteration order is the set's own): ``pairs`` each concept with its verb
    stem (``_stem``, "" when none), in the set's order; ``keys`` every concept and stem. A
    concept ``w`` is covered by ``ups`` when ``w in ups or stem in ups``; a question concept
    hits ``words`` when ``_ups(x)`` meets ``keys`` (``_hits`` without a per-pair cache)."""
    got = _KEYS.get(id(words))
    if got is None or got[0] is not words:
        pairs = tuple((w, _stem(w)) for w in words)
        got = (words, pairs, frozenset(k for pair in pairs for k in pair))
        if len(_KEYS) > 200_000:
            _KEYS.clear()
        _KEYS[id(words)] = got
    return got[1], got[2]


@lru_cache(maxsize=65536)
def _hits(x: str, words: frozenset[str]) -> bool:
    ups = _ups(x)
    return any(_covered(w, ups) for w in words)


@lru_cache(maxsize=16384)
def _opposite(q: str, o: str) -> bool:
    """``q`` names another case than ``o``: an antonym, or another kind of the same thing
    («выстрел» for «простой удар»: both attacks, neither a kind of the other)."""
    L = language()
    if L.antonyms.get(q) == o:
        return True
    if L.is_kind_of(q, o) or L.is_kind_of(o, q):
        return False
    return bool(L.broader.get(q, frozenset()) & L.broader.get(o, frozenset()))


_KINDS = {
    "modal:can": {"modal:can", "fact", "consequence"},
    "modal:must": {"modal:must", "fact", "consequence"},   # «должен ли атакующий закрыться?» — «атакующий закрывается»
    "state": {"state"},
    "happens": {"fact", "consequence", "modal:can-"},
}


def _bound_meets(q: Question, p: Prop) -> bool:
    """«может ли колода содержать 40 карт?» against «Колода … должна содержать не менее 30 и
    не более 50 карт»: a count a rule requires within bounds says which counts may be."""
    return (q.kind == "modal" and q.mode == "can" and bool(q.numbers) and p.kind == "modal"
            and p.mode == "must" and p.positive and (p.limit is not None or p.lower is not None))


def _compatible(q: Question, p: Prop) -> bool:
    return _kinds_meet(q.kind, q.mode, p.kind, p.mode, p.positive)


@lru_cache(maxsize=256)
def _kinds_meet(q_kind: str, q_mode: str, p_kind: str, p_mode: str, p_positive: bool) -> bool:
    qk = f"modal:{q_mode}" if q_kind == "modal" else q_kind
    pk = f"modal:{p_mode}" if p_kind == "modal" else p_kind
    ok = _KINDS.get(qk, set())
    return pk in ok or (pk == "modal:can" and not p_positive and "modal:can-" in ok)


_SEVERAL = "несколько"
"""The concept of «несколько» (several): a count of two or more told by a question names it."""


def _numbers(q: Question, p: Prop) -> tuple[bool | None, str]:
    """``(flip, how)`` for a question naming a count; ``flip`` None: the rule says nothing of it."""
    n = max(q.numbers)
    per = _per_unit_of(p)
    if per and any(x in language().distinct for x in q.bag) and any(covers(x, per) for x in q.bag):
        return None, f"правило считает для каждого «{_shown(per)}», а в вопросе они разные"
    if q.bounded and p.limit is not None and p.lower is None:   # «может быть только одна?» — «до трёх»
        return n != p.limit, f"в правиле не более {p.limit}, в вопросе — только {n}"
    if p.limit is not None or p.lower is not None:
        ok = (p.limit is None or n <= p.limit) and (p.lower is None or n >= p.lower)
        bounds = " и ".join(x for x in (f"не менее {p.lower}" if p.lower is not None else "",
                                        f"не более {p.limit}" if p.limit is not None else "") if x)
        return (not ok), f"в правиле {bounds}, в вопросе {n}"
    if p.only and p.numbers:   # «можно поместить только одного симбиота»
        bound = max(p.numbers)
        return n > bound, f"в правиле только {bound}, в вопросе {n}"
    times = _times_per(p)
    if times is not None and "раз" in q.bag and any(covers(x, times[1]) for x in q.bag):
        # «Каждая карта использует особенность «авангард» один раз за бой»: N times per period is at most N
        return n > times[0], f"в правиле {times[0]} раз за «{_shown(times[1])}», в вопросе {n}"
    if n in p.numbers or (n >= 2 and _SEVERAL in p.words | p.conditions):
        return False, ""     # «двум картам» against «нескольким картам»: the count the rule names
    return None, "в вопросе названо число, о котором правило не говорит"


@lru_cache(maxsize=4096)
def _times_per(p: Prop) -> tuple[int, str] | None:
    """``(N, period concept)`` of a rule stating how often per period («один раз за бой»,
    «1 раз за ход»): a number right before «раз», «за» and a noun after it; else ``None``."""
    from bot.reading.tokens import tokenize

    L = language()
    toks = tokenize(p.sentence)[0]
    for i in range(1, len(toks) - 2):
        t = toks[i]
        if t.lemma == "раз" and toks[i + 1].lemma == "за" and toks[i + 2].pos == "NOUN":
            b = toks[i - 1]
            n = int(b.text) if b.text.isdigit() else L.numbers.get(b.lemma)
            if n is not None:
                return n, L.norm(toks[i + 2].lemma, toks[i + 2].text)
    return None


@lru_cache(maxsize=4096)
def _per_unit_of(p: Prop) -> str:
    """The concept a rule counts per unit («… каждого названия» -> «название»), ``""`` when none."""
    from bot.reading.tokens import tokenize

    L = language()
    toks = tokenize(p.sentence)[0]
    for i, t in enumerate(toks[:-1]):
        if t.lemma in L.each and toks[i + 1].pos == "NOUN":
            return L.norm(toks[i + 1].lemma, toks[i + 1].text)
    return ""


def _shown(concept: str) -> str:
    """A concept key as the user reads it («простой_удар» → «простой удар»)."""
    return concept.replace("_", " ")


def fit(q: Question, r: Rule, bag: frozenset[str] | None = None) -> tuple[str, bool, str]:
    """``(status, truth, how)``: status ``full`` / ``applies`` / ``conditional`` (it fits
    but for its own condition, which the question does not state) / the reason it does not
    fit. The question's ``context`` (sentences told before it) may name what the rule
    requires; what of it the rule does not name narrows nothing."""
    L = language()
    p = r.prop
    if not r.req:   # «Их можно направить на любую карту …»: every word widens, nothing says what it is about
        return "правило не называет, о чём оно (все его слова только расширяют его)", False, ""
    bag = q.bag if bag is None else bag
    told = bag | q.context
    if q.kind == "modal" and not q.action and len(bag) < 2 and sum(
            1 for w in r.req | r.opt if any(covers(x, w) for x in told)) < 2:
        # «можно экипировку?», «можно на него шмотку?»: no action asked and one word shared —
        # «Экипировка не может получать раны» says nothing of what is asked
        return "в вопросе не названо действие, а с правилом у него общее одно слово", False, ""
    flip = False
    how = ""
    used: set[str] = set()
    opposed: set[str] = set()     # the rule's «только» words the question names the opposite of
    ups = covered_by(told)
    uncovered = [w for w, stem in _keys(r.req)[0] if w not in ups and stem not in ups]
    if _SEVERAL in uncovered and any(n >= 2 for n in q.numbers):
        uncovered.remove(_SEVERAL)   # «двум картам» is «нескольким картам» (306.8)
    if q.context and not uncovered:
        act = L.norm(p.action)
        if act in r.req and p.action not in L.light and act not in L.light and not _covered(act, covered_by(bag)):
            # «карта восстановила запас движения. могу походить?»: the rule's predicate told in
            # the story, another one asked — the rule states what the story did, not what is asked
            return f"действие правила («{act}») названо только в рассказе, спрошено другое", False, ""
    if p.only and (q.context or q.stated & bag):   # «только на карту»: the one case allowed is what the asked
        asked_ups = covered_by(bag - (q.stated - q.subject))   # sentence names, not a card told in the story or
        # in the question's own «если …» («…, если золото кончилось?»)
        uncovered += [o for o in p.only if o in r.req and o not in uncovered and not _covered(o, asked_ups)]
        # (an opposite told stays for the loop below: «золото кончилось, могу оплатить серебром?» is the flip)
    for o in list(uncovered):
        if o in p.only:
            alt = next((x for x in sorted(told) if _opposite(x, o)
                        and not (p.only_agent and x in q.complement)), None)   # who acts, not what is acted on
            if alt is not None and _becomes(o, told):
                alt = None      # «было закрытое …, а одна карта его открыла»: the story tells the change to «открытый»
            if alt is not None:
                uncovered.remove(o)
                used.add(alt)
                opposed.add(o)
                flip = True
                how = f"правило разрешает только «{_shown(o)}», в вопросе «{_shown(alt)}»"
        elif o in L.exclusive and p.kind != "modal" and not flip:
            # «округляется в меньшую сторону» for «округляется вверх?»: one value of a pair
            # stated, the other asked — the rule says the other does not hold
            alt = next((x for x in sorted(bag) if L.antonyms.get(x) == o), None)
            if alt is not None:
                uncovered.remove(o)
                used.add(alt)
                flip = True
                how = f"правило говорит «{_shown(o)}», в вопросе «{_shown(alt)}»"
    if uncovered and p.only_agent and (flip or q.only) and not (set(uncovered) & p.only) \
            and any(covers(x, w) for x in told for w in r.req - p.only):
        # «Движение может объявить только Активный игрок в подфазу Выбора»: asked who may
        # («только активный?», «неактивный может?») — the rest restricts when, not who
        how = how or f"правило разрешает только «{' '.join(_shown(o) for o in sorted(p.only))}»"
        uncovered = []
    if not flip and p.only and q.without and "без" not in r.req | r.opt:
        alt = next((x for x in sorted(q.without) if any(covers(x, o) for o in p.only)), None)
        if alt is not None:   # «оплатить без золота» against «оплатить только золотыми кристаллами»
            used |= {"без", alt}
            flip = True
            how = f"правило разрешает только «{_shown(alt)}», в вопросе — без него"
    conditional = False
    # the asked subject alone states no circumstance («симбиот погибает?» against 209.6 «Если
    # существо стало симбиотом, его симбиот погибает»): a question telling nothing but it
    circumstance = q.stated | q.context if q.context or q.stated - q.subject else frozenset()
    if not uncovered and r.cond_same and not r.cond and not any(
            covers(x, w) for x in circumstance for w in r.cond_same):
        if q.context:   # «мой симб не бестелесный. хозяина сделали бестелесным. симб же не умирает?»: the story
            # tells the circumstances, and none of them is the rule's condition («если существо стало симбиотом»)
            return f"правило действует только при условии «{p.condition_text}», а в рассказе его нет", False, ""
        conditional = True   # «…, если в его отряде уже есть местность»: a circumstance at all
    elif uncovered and set(uncovered) <= r.cond and _may_condition(q, r, told):
        uncovered, conditional = [], True   # only the rule's own condition is not stated
    if r.target and not any(covers(x, "цель") for x in told) and not any(
            covers(x, w) for x in q.complement for w in p.subject_words if w not in L.implicit):
        return "правило — о том, что делают с картой, вопрос — о том, что делает она сама", False, ""
    agent = p.only if p.only_agent else p.subject_words   # «Движение может объявить только Активный игрок»
    if q.complement and agent and not p.impersonal and not p.patient and not (p.only_agent and q.only):
        clash = [w for w in agent if w.removeprefix("не ") not in L.implicit
                 and any(covers(x, w) for x in q.complement)
                 and not any(covers(x, w) for x in told if x not in q.complement)]
        if clash:   # «закрытая карта не может атаковать» vs «можно ли атаковать закрытую карту»
            return f"в правиле {_words(clash)} — тот, кто действует, в вопросе — то, над чем действуют", False, ""
    if uncovered:
        return f"правило говорит об узком случае ({_words(uncovered)}), вопрос — шире или о другом", False, ""
    if q.numbers and q.kind != "count":
        f2, how2 = _numbers(q, p)
        if f2 is None:
            return how2, False, ""
        flip, how = flip or f2, how2 or how
    elif p.limit is not None or p.lower is not None:
        return "правило говорит о количестве, а вопрос его не называет", False, ""
    truth = p.positive != flip
    opposite = _opposite_condition(q, r)
    if opposite:
        if p.kind != "state" and not _only_condition(p):   # «можно …, если …» says nothing of the other case
            return f"в вопросе условие, противоположное условию правила («{p.condition_text}»)", False, ""
        # «считается пустым, если в нём нет ни одного …» (a definition), «можно объявлять только
        # когда …» (the one case allowed): in the other case it does not hold
        truth = not truth
        how = f"в правиле условие «{p.condition_text}», в вопросе — противоположное"
    if q.only and q.only_words and not q.bounded and not p.only and not p.only_agent and p.positive and not flip and (
            (p.kind == "modal" and q.kind == "modal" and q.mode == p.mode) or (p.kind != "modal" and q.kind == "happens")):
        # (a stated fact too: «броня восстанавливается только в мой ход?» against «… в начале каждого хода –
        # как своего, так и хода противника»)
        # «сдаться можно только в свой ход?» asks about the restriction, not the act: a rule that
        # allows it more widely («в любой момент партии, в том числе в ход противника») says no;
        # a rule that only allows it says nothing of whether only so
        wide = _widened_for(q.only_words, p.sentence)
        if wide is None:
            return "в вопросе «только», а правило не говорит, только ли так", False, ""
        truth = False
        how = f"{WIDER}«{wide}»"
    extras = [x for x in bag if x not in used and x.removeprefix("не ") not in L.filler
              and not _hits(x, r.req | r.opt)]
    if conditional:
        if extras:
            return f"правило действует только при условии «{p.condition_text}»", False, ""
        return "conditional", truth, how
    if extras:
        # a prohibition holds for a narrower case too — when it names what is asked
        # (at least two concepts, its verb among them unless a light one)
        named = sum(1 for w in r.req if any(covers(x, w) for x in bag))
        action_named = p.action in L.light or any(covers(x, L.norm(p.action)) for x in bag)
        asked_named = not q.action or q.action in L.light or any(covers(q.action, w) for w in r.req | r.opt)
        # and its grammatical subject is the question's («закрытая карта не может объявлять
        # атаки» says nothing of attacking a closed card)
        named_subject = {w for w in agent if w.removeprefix("не ") not in L.implicit} - opposed
        same_subject = not (q.subject and named_subject and not p.impersonal) or all(
            any(covers(x, w) for x in q.subject) for w in named_subject)
        # and the role the question's nominal predicate names («может быть целью атаки?») is one it names
        role_named = (q.action and q.action not in L.light) or all(_hits(x, r.req | r.opt) for x in bag if x in L.roles)
        if not truth and named >= 2 and action_named and asked_named and same_subject and role_named:
            return "applies", truth, how
        return f"в вопросе есть то, о чём правило не говорит: {_words(extras)}", False, ""
    return "full", truth, how


WIDER = "правило разрешает шире: "
"""How a fit's ``how`` opens when the question's «только» is answered by a wider permission."""


def _widened_for(only_words: frozenset[str], sentence: str) -> str | None:
    """The widening phrase of ``sentence`` («в любой момент партии, в том числе …»: the words
    after a ``widening`` phrase of the rule language) when it concerns what a question
    restricts by «только» (``only_words``: each named by a widened word, or each a filler of
    time or turn like the widened «момент»); ``None`` when the sentence widens nothing, or
    widens something else («может быть целью любых атак» for «только закрытую?»)."""
    L = language()
    widened = _widened_words(sentence)
    if not widened or not only_words:
        return None
    plain = {w.lstrip("~") for w in widened}
    for x in only_words:
        if x.removeprefix("не ") in L.filler:
            if not any(w in L.filler or w.split("_")[0] == x for w in plain):   # «хода противника» is a turn
                return None
        elif not any(covers(x, w) or covers(w, x) for w in plain):
            return None
    m = re.search(r"(?i)(?:в\s+любо\w+|в\s+том\s+числе|независимо|любо\w+|как\s+[а-яё]+,?\s+так\s+и)"
                  r"[^.;]*?(?=,\s*(?:если|когда|пока)\b|[.;]|$)", sentence)
    return m.group(0).strip(" ,") if m else None


@lru_cache(maxsize=4096)
def _widened_words(sentence: str) -> frozenset[str]:
    """The «~» (widened) concepts of a rule sentence (``propositions._content``)."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.propositions import _content

    return frozenset(w for w in _content(tokenize(sentence)[0])[0] if w.startswith("~"))


def _opposite_condition(q: Question, r: Rule) -> bool:
    """The question states the rule's condition with the other polarity: every concept of
    the rule's condition is named by the question's «если …» clause, and one of the two
    clauses says what is not and the other does not («стек не считается пустым, если в нём
    лежит хоть одно игродействие?» against 302.8 «…, если в нём нет ни одного игродействия»)."""
    p = r.prop
    if q.cond_negated is None or not p.condition_text or not r.cond:
        return False
    if q.cond_negated == _negated_condition(p.condition_text):
        return False
    named = covered_by(q.stated)
    return all(_covered(w, named) for w in r.cond)


def condition_polarity_agrees(text: str, conds, condition_text: str) -> bool:
    """Whether the question ``text`` states a rule's condition with its polarity: the clauses
    of the question naming a concept of the condition (``conds``) say what is not exactly
    when the rule's condition does («Если свободных клеток нет» — «а свободных клеток нет»,
    not «а свободные клетки есть»). ``True`` when the rule states no condition or no clause of
    the question names one of its concepts."""
    if not condition_text or not conds:
        return True
    from bot.reading.tokens import tokenize
    from bot.rules_text.question import negated_words

    L = language()
    toks = tokenize(text)[0]
    clauses = {t.clause for t in toks if t.pos != "PREP" and any(covers(L.norm(t.lemma, t.text), w) for w in conds)}
    if not clauses:
        return True
    return negated_words(t.lemma for t in toks if t.clause in clauses) == _negated_condition(condition_text)


def _only_condition(p: Prop) -> bool:
    """The rule allows its act only under its condition («… можно объявлять только когда в
    стеке нет ни одного игродействия»): «только» right before the condition's opener."""
    return bool(p.condition_text) and bool(re.search(
        r"(?i)(?<![а-яё])(?:только|лишь)\s+" + re.escape(p.condition_text.split()[0]) + r"(?![а-яё])", p.sentence))


@lru_cache(maxsize=4096)
def _negated_condition(text: str) -> bool:
    """Whether a rule's condition clause (``Prop.condition_text``) says what is not."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.question import negated_words

    return negated_words(t.lemma for t in tokenize(text)[0])


def _becomes(state: str, told: frozenset[str]) -> bool:
    """Whether ``told`` names the verb a card gets into ``state`` by («открытый» — «открыть»:
    the concept «открывать»): a story telling that event tells the state changed, so the
    opposite state it told before is no longer the card's."""
    from bot.morph import analyzer

    L = language()
    verbs = {x.normal_form for x in analyzer().parse(state) if x.tag.POS == "PRTF"}
    return any(L.norm(v) in told or v in told for v in verbs)


def _may_condition(q: Question, r: Rule, told: frozenset[str]) -> bool:
    """A rule of what may / must be done whose main part the question names (its action and
    one more concept at least) may answer «Да, если …» with its own condition — when the
    question is silent on that condition: it names none of the condition's words but those
    its main part names too (a question naming part of it states another circumstance)."""
    p = r.prop
    if q.context:     # a story told first: its circumstances may or may not be the condition
        return False
    if not p.condition_text or not ((q.kind == "modal" and p.kind == "modal")
                                    or (q.kind == "happens" and p.kind in ("fact", "consequence"))):
        return False
    L = language()
    main = r.req - r.cond
    named = [w for w in main if any(covers(x, w) for x in told)]
    bounded = bool(q.numbers) and (p.lower is not None or p.limit is not None)   # «стать меньше 1»: the bound is named
    action = L.norm(p.action)
    if len(named) + bounded < 2 or not (p.action in L.light or any(covers(x, action) for x in told)):
        return False
    for w in r.cond:
        for x in told:
            if covers(x, w) and not any(covers(x, m) for m in main):
                return False
    return True


def _words(ws) -> str:
    return ", ".join(f"«{_shown(w)}»" for w in sorted(ws))


def candidates(q: Question, idx: PropIndex, bag: frozenset[str] | None = None) -> list[int]:
    """Indexes of the rules sharing a concept (or a broader one) with the question."""
    L = language()
    ids: set[int] = set()
    for x in (q.bag if bag is None else bag):
        b = x.removeprefix("не ")
        for c in (b, *L.broader.get(b, ())):
            ids.update(idx.by_concept.get(c, ()))
    return sorted(ids)


def decide(q: Question, idx: PropIndex) -> Decision:
    """Match ``q`` against ``idx`` (see the module docstring)."""
    d = Decision()
    found = _fits(q, idx, (q.bag,), d)
    if q.alternatives and not any(f.full for f in found.values()):
        # «летающим, бестелесным или симбиотом»: each must fit; a rule that covers each
        # member wholly beats one that only applies to the whole list as a narrower case
        alt = Decision()
        per = [_fits(q, idx, (b,), alt) for b in q.alternatives]
        if all(per) and (not found or all(any(f.full for f in fs.values()) for fs in per)):
            found = {k: f for fs in per for k, f in fs.items()}
    return _decide_rest(q, idx, d, found)


def _fits(q: Question, idx: PropIndex, bags, d: Decision) -> dict[int, Fit]:
    found: dict[int, Fit] = {}
    exclusive = language().exclusive
    for bag in bags:
        ups = covered_by(bag | q.context)
        for k in candidates(q, idx, bag):
            r = idx.rules[k]
            if not _compatible(q, r.prop) and not _bound_meets(q, r.prop):
                continue
            if _surely_unfit(r, ups, exclusive) and _overlap(bag, r) < 2:
                continue   # ``fit`` would give a reason of no use (not near): skip building it
            status, truth, how = fit(q, r, bag)
            if status in ("full", "applies"):
                found.setdefault(k, Fit(r.prop, truth, how, status == "full"))
            elif status == "conditional":
                d.conditional.setdefault(k, Fit(r.prop, truth, how, True, condition=r.prop.condition_text))
            elif _overlap(bag, r) >= 2:
                d.near.append((r.prop, status))
    return found


def _decide_rest(q: Question, idx: PropIndex, d: Decision, found: dict[int, Fit]) -> Decision:
    if not found and d.conditional:   # «Да, если …»: the rule holds under a condition not stated
        found = dict(d.conditional)
    fits = dict(found)
    for k, f in found.items():
        why = _excepted(q, idx, k, fits) or _neighbour_case(q, idx, k, found)
        if why:
            d.excepted.append((f.prop, why))
            fits.pop(k, None)
    if any(f.full for f in fits.values()):   # a sentence about exactly this case wins over a broader prohibition
        fits = {k: f for k, f in fits.items() if f.full}
        _specific_first(idx, fits)
    d.fits = list(fits.values())
    if d.excepted and d.fits and all(_answers_exception(f, d, idx) for f in d.fits):
        d.excepted = []   # the exception itself fits and decides: «кроме случаев п. 307.6» and 307.6 fits
    if q.absolute:   # «вообще никак нельзя …?» asks about the exceptions too: a rule naming some does not decide
        for f in [f for f in d.fits if f.prop.exceptions]:
            d.fits.remove(f)
            d.excepted.append((f.prop, "вопрос — «никак / никогда», а у правила есть исключения: "
                                       + "; ".join(f"«{e}»" for e in f.prop.exceptions)))
    d.near.sort(key=lambda x: x[0].number)
    return d


def _specific_first(idx: PropIndex, fits: dict[int, Fit]) -> None:
    """Full fits that disagree, one naming everything the other names and more (303.5 «От
    простого удара существа с особенностью «Направленный удар» … нельзя» beside 303.4
    «Защитника можно назначить только от простого удара»): the narrower rule decides the
    case it names, the broader one is dropped from ``fits`` (in place)."""
    if len({f.truth for f in fits.values()}) < 2:
        return
    drop = set()
    for k, f in fits.items():
        rk = idx.rules[k].req
        for j, g in fits.items():
            if j == k or g.truth == f.truth:
                continue
            rj = idx.rules[j].req
            if len(rj) > len(rk) and all(any(covers(w, v) for v in rj) for w in rk):
                drop.add(k)
    if drop and len(drop) < len(fits):
        for k in drop:
            fits.pop(k, None)


def _answers_exception(f: Fit, d: Decision, idx: PropIndex) -> bool:
    """``f`` is the exception named by every excepted proposition."""
    return all(any(_within(f.prop.number, ref) for ref in _refs(p, idx)) for p, _ in d.excepted)


def _refs(p: Prop, idx: PropIndex) -> tuple[str, ...]:
    """The paragraphs ``p``'s rule points at as exceptions (a map built once per index)."""
    by_prop = idx.__dict__.get("_refs_by_prop")
    if by_prop is None:
        by_prop = {}
        for r in idx.rules:
            by_prop.setdefault(id(r.prop), r.refs)
        idx.__dict__["_refs_by_prop"] = by_prop
    return by_prop.get(id(p), ())


def _surely_unfit(r: Rule, ups: frozenset[str], exclusive: frozenset[str]) -> bool:
    """``fit`` of ``r`` fails whatever else the question says: a concept the rule requires is
    not covered by the question's (``ups``: ``covered_by`` of its bag and context) and none of
    ``fit``'s ways of setting a required concept aside applies to it (a «только» word, one of
    an exclusive pair, a condition of the rule, a rule of who alone acts)."""
    p = r.prop
    if p.only_agent:
        return False
    return any(w not in ups and stem not in ups and w not in p.only and w not in exclusive
               and w not in r.cond for w, stem in _keys(r.req)[0])


def _overlap(bag: frozenset[str], r: Rule) -> int:
    keys = _keys(r.req)[1]
    return sum(1 for x in bag if not _ups(x).isdisjoint(keys))


def _excepted(q: Question, idx: PropIndex, k: int, fits: dict[int, Fit]) -> str:
    """Why the fit ``k`` does not decide: an exception it points at fits the question with
    the other truth, or the question names words of that exception, or of one it states."""
    r = idx.rules[k]
    f = fits.get(k)
    if f is None:
        return ""
    for ref in r.refs:
        others = [j for j, g in fits.items() if j != k and _within(idx.rules[j].prop.number, ref)]
        if any(fits[j].truth != f.truth for j in others):
            return f"исключение п. {ref} подходит к вопросу"
        if not others:
            own = {v for j in idx.by_number.get(r.prop.number, ()) if idx.rules[j].prop.sentence == r.prop.sentence
                   for v in idx.rules[j].req | idx.rules[j].opt}
            touched = {x for x in (q.bag | q.context) - q.without for j in idx.by_number.get(ref, ()) for w in idx.rules[j].req
                       if covers(x, w) and not any(covers(x, v) for v in own)}   # «без меткого»: said not to have it
            if touched:
                return f"вопрос касается исключения п. {ref} ({_words(touched)})"
    for ex in r.inline:
        if ex and all(any(covers(x, w) for x in (q.bag | q.context) - q.without) for w in ex):
            return f"вопрос попадает под исключение «{' '.join(sorted(ex))}»"
    return ""


def _neighbour_case(q: Question, idx: PropIndex, k: int, found: dict[int, Fit]) -> str:
    """Why the fit ``k`` does not decide: another sentence of its own paragraph, whose polarity
    is the other of the fit's verdict and which is about the same thing (it names the subject
    of ``k``'s sentence), names what the question tells and ``k``'s sentence does not name at
    all — by a required concept or by an example in its parentheses. That sentence states a case apart, given right after the rule without a
    «кроме» (301.6 of the test edition: «Закрытая карта не может объявлять атаки.
    Срабатывающая атака закрытой карты (например, «при гибели – разряд на 2») выполняется по
    общим правилам»): a question about a triggered attack of a closed card is not ruled by the
    first sentence. ``""`` when no such sentence is there, or it fits the question itself (then
    it decides beside ``k``)."""
    L = language()
    r = idx.rules[k]
    p = r.prop
    told = {x for x in (q.bag | q.context) - q.without
            if x.removeprefix("не ") not in L.filler and x.removeprefix("не ") not in L.implicit and x not in L.light}
    if not told:
        return ""
    own = _said_concepts(p.sentence)     # every word of its sentence («… но не от магического удара» too)
    if not own:
        return ""
    own_ups = _keys(own)[1]
    subject = {w.lstrip("~") for w in p.subject_words if w.removeprefix("не ") not in L.implicit
               and w.removeprefix("не ") not in L.filler} or {w for w in r.req if w not in L.light}
    for j in idx.by_number.get(p.number, ()):
        s = idx.rules[j]
        if j in found or s.prop.sentence == p.sentence or s.prop.positive == found[k].truth:
            continue    # it says what the fit says («… только от простого удара. От … выстрела … нельзя»)
        theirs = s.req | s.opt
        if not all(_hits(w, theirs) for w in subject):
            continue    # about another thing («Защита от магии …» beside «Защита от разрядов …»)
        words = (s.req - {s.prop.action, L.norm(s.prop.action)}) | _examples(s.prop.sentence)   # its circumstances
        hit = sorted(x for x in told if _hits(x, words) and _ups(x).isdisjoint(own_ups))
        if hit:
            return (f"соседнее предложение п. {p.number} говорит об особом случае, который называет вопрос "
                    f"({_words(hit)}): «{s.prop.sentence}»")
    return ""


@lru_cache(maxsize=4096)
def _said_concepts(sentence: str) -> frozenset[str]:
    """The concepts of every word of a rule sentence (``propositions._content`` of it whole,
    «~» dropped; a negated one also without its «не»: «не уничтожается» names «уничтожать»)."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.propositions import _content

    return frozenset(v for w in _content(tokenize(sentence)[0])[0] for v in (w.lstrip("~"), w.lstrip("~").removeprefix("не ")))


@lru_cache(maxsize=4096)
def _examples(sentence: str) -> frozenset[str]:
    """The concepts of the parenthesised asides of a rule sentence («(например, «при гибели –
    разряд на 2»)»): examples of what it is about, which a question may name instead."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.propositions import _content

    out: set[str] = set()
    for m in re.finditer(r"\(([^()]*)\)", sentence):
        out |= {w.lstrip("~") for w in _content(tokenize(m.group(1).replace("«", " ").replace("»", " "))[0])[0]}
    return frozenset(w for w in out if w.removeprefix("не ") not in language().filler)


def _within(number: str, ref: str) -> bool:
    return number == ref or number.startswith(ref + ".")


def overrides_of(p: Prop, idx: PropIndex) -> list[Prop]:
    """Propositions elsewhere in the edition that allow otherwise by a card's ability and
    name ``p``'s action in their condition (211.4 «Если какая-либо особенность позволяет
    взять в отряд вторую местность, …» for 211.3 «… не может взять в отряд местность»)."""
    out = []
    for k in idx.overrides:
        o = idx.props[k]
        if o.number != p.number and p.action in o.conditions and (p.words & (o.words | o.conditions)):
            out.append(o)
    return out
