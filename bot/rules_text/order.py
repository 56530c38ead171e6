"""«Сначала A, а потом B? или наоборот», «A до того как B или после?», «A, а B — что
раньше?» answered by the one rule sentence that states the order of the two events (issue 14).

The asked events are the parts of the question after «сначала» and after «потом / затем /
после этого». A sentence states their order when an order marker of
``grammar/rule_values.yaml`` (``order_said``: «а затем», «после чего» …) stands between a clause
naming every concept of one event and the clause right after it naming every concept of the
other («… вместо этого применяет все эффекты правил игры, а затем получает приоритет»). The
asked order is confirmed («Да: сначала …, а затем …») or reversed («Нет, наоборот: …»); no
sentence, two sentences disagreeing, or an event named on both sides give no verdict.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.reading.tokens import tokenize

_ASKED = re.compile(r"(?i)(?:^|[\s,])(?:сначала|сперва|вначале|первым делом)\s+(?P<a>[^?!.]{1,300}?),?\s+(?:а\s+|и\s+)?"
                    r"(?:потом|затем|после\s+этого|уже\s+потом)\s+(?P<b>[^?!.]+)")
"""An event is at most 300 characters: each «сначала» of a long text tried every length (7 s)."""
_BEFORE = re.compile(r"(?i)^(?:а\s+|и\s+)?(?P<a>[^?!.]+?),?\s+(?:до\s+того,?\s+как|прежде\s+чем|перед\s+тем,?\s+как)\s+"
                     r"(?P<b>[^?!.]+?),?\s+или\s+(?:после|потом|наоборот)\s*[?!.]*\s*$")
"""«A до того как B или после?»: which of the two comes first, A asked first."""
_WHICH = re.compile(r"(?i)^(?:если\s+|когда\s+)?(?P<a>[^?!.]+?),?\s+(?:а|и)\s+(?P<b>[^?!.]+?),?\s+(?:что|кто|какое)\s+"
                    r"(?:раньше|сначала|первым|первее|вперед|вперёд)(?:\s+(?:будет|идет|идёт|делается|происходит))?"
                    r"\s*[?!.]*\s*$")
"""«если надо A, а B, что раньше?»: which of the two comes first, neither asked first."""
_BEFORE_TAIL = re.compile(r"(?i)\sили\s+(?:после|потом|наоборот)\s*[?!.]*\s*$")
_WHICH_TAIL = re.compile(r"(?i)\s(?:что|кто|какое)\s+(?:раньше|сначала|первым|первее|вперед|вперёд)"
                         r"(?:\s+(?:будет|идет|идёт|делается|происходит))?\s*[?!.]*\s*$")
"""The closing words ``_BEFORE`` / ``_WHICH`` need, found without their event groups."""
_RELATIVE = re.compile(r"(?i)^(?:а\s+|и\s+|ну\s+|так\s+)?(?P<a>[^?!.,]+?)\s+(?:(?:идет|идёт|будет|происходит|делается|"
                       r"наступает|бывает|следует|стоит)\s+)?(?P<rel>раньше|перед|прежде|позже|после)\s+(?:чем\s+)?"
                       r"(?P<b>[^?!.,]+?)\s*\?")
"""«оплата игродействия раньше выполнения?», «главная фаза идёт перед фазой открытия?»: whether A
comes before (after) B, answered by an ordered list naming both."""


def _events_concepts(text: str) -> frozenset[str]:
    from bot.rules_text.language import language
    from bot.rules_text.values import _concepts

    L = language()
    return frozenset(w for w in _concepts(tokenize(text)[0])
                     if w not in L.filler and w not in L.implicit and w not in L.light
                     and w not in L.personal and w not in L.impersonal)   # «я должен получить приоритет»: the event


@lru_cache(maxsize=1)
def _markers() -> re.Pattern:
    from bot.rules_text.values import section

    ms = [str(m) for m in section("order_said") or ()]
    alts = "|".join(r"\s+".join(map(re.escape, m.split())) for m in sorted(ms, key=len, reverse=True))
    return re.compile(rf"(?i),?\s+(?:{alts})\s+") if alts else re.compile(r"(?!x)x")


def answer(question: str, edition: str) -> "Answer | None":
    """The order the edition states for the two events ``question`` asks about (see the
    module docstring), or ``None``."""
    from bot.rules_text.match import covers
    from bot.rulebook import load

    m = _ASKED.search(question)
    asked = "then"
    if m is None:
        q = " ".join(question.split())
        # the two anchored forms end in their own words: tested first, since the lazy event groups
        # try every split of a long text (10,000 «а» took 1.2 s per question)
        m = _BEFORE.search(q) if _BEFORE_TAIL.search(q) else None
        asked = "before"
        if m is None:
            m = _WHICH.search(q) if _WHICH_TAIL.search(q) else None
            asked = "which"
    if m is None:
        return _relative(question, edition) or _first(question, edition)
    a, b = _events_concepts(m.group("a")), _events_concepts(m.group("b"))
    if not a or not b:
        return None
    if a & b:
        return _listed(question, m.group("a"), m.group("b"), asked, edition)

    def names(side: frozenset[str], ev: frozenset[str]) -> bool:
        return all(any(covers(x, w) or covers(w, x) for w in side) for x in ev)

    found: dict[bool, tuple[str, str, str, str]] = {}
    for number, s, left, right, lc, rc in _ordered(load(edition)):
        ab = names(lc, a) and names(rc, b)
        ba = names(lc, b) and names(rc, a)
        if ab == ba:
            continue
        found.setdefault(ab, (number, s, left, right))
    if not found:
        return _listed(question, m.group("a"), m.group("b"), asked, edition)
    if len(found) != 1:
        return None
    same, (number, sentence, left, right) = next(iter(found.items()))
    told = f"сначала {_lower(left)}, а затем {_lower(right)}"
    if asked == "before":     # «A до того как B или после?»
        verdict = ("До: " if same else "После: ") + told
    elif asked == "which":    # «A, а B — что раньше?»
        verdict = told[:1].upper() + told[1:]
    else:
        verdict = ("Да: " if same else "Нет, наоборот: ") + told
    return _reply(question, verdict, number, sentence, edition)


def _relative(question: str, edition: str) -> "Answer | None":
    """«A раньше / перед / после B?» (``_RELATIVE``) in the asked sentence, answered by the
    ordered lists of the edition (``_listed``); ``None`` for any other question."""
    from bot.reading.argument import chat_sentences

    sents = chat_sentences(question)
    asked = next((x for x in sents if "?" in x), None)
    m = _RELATIVE.search(" ".join(asked.split())) if asked else None
    if m is None:
        return None
    a, b = m.group("a"), m.group("b")
    after = m.group("rel").casefold() in ("позже", "после")
    return _listed(question, b if after else a, a if after else b, "after" if after else "then", edition)


def _item_concepts(text: str) -> frozenset[str]:
    """The concepts of an asked event as a list item names it: like ``_events_concepts``, but
    a light verb kept («выполнение» names the step «Выполнение игродействия»)."""
    from bot.rules_text.language import language
    from bot.rules_text.values import _concepts

    L = language()
    return frozenset(w for w in _concepts(tokenize(text)[0])
                     if w not in L.filler and w not in L.implicit and w not in L.personal and w not in L.impersonal)


def _listed(question: str, a_text: str, b_text: str, asked: str, edition: str) -> "Answer | None":
    """The order of events ``a`` and ``b`` (A asked first) by the edition's ordered lists
    (``bot.rules_text.values``: «Начальная Фаза, Фаза Открытия, Главная Фаза и Заключительная
    Фаза … именно в таком порядке», the lettered steps of «Общая схема …:»): each event (its
    text ``a_text`` / ``b_text``) names
    exactly one item of a list (every concept of it named by the item), the two different
    items; lists that disagree give no verdict. ``asked``: ``then`` / ``before`` / ``which`` as
    in ``answer``, ``after`` for «A после B?» (``a`` is then B, asked to come first)."""
    from bot.rules_text.index import index_for
    from bot.rules_text.values import _names, _ordered_lists

    vi = getattr(index_for(edition), "values", None)
    a, b = _item_concepts(a_text), _item_concepts(b_text)
    if vi is None or not a or not b:
        return None
    found: dict[bool, tuple[str, str, str, str]] = {}
    for number, sentence, items, _ in _ordered_lists(vi):
        ia = [k for k, it in enumerate(items) if all(_names(it.words, c) for c in a)]
        ib = [k for k, it in enumerate(items) if all(_names(it.words, c) for c in b)]
        if len(ia) != 1 or len(ib) != 1 or ia == ib:
            continue
        first, second = sorted((ia[0], ib[0]))
        found.setdefault(ia[0] < ib[0], (number, sentence, items[first].text, items[second].text))
    if len(found) != 1:
        return None
    same, (number, sentence, left, right) = next(iter(found.items()))
    told = f"сначала {left}, затем {right}"     # the items as the list writes them («Фаза Открытия»)
    if asked == "before":
        verdict = ("До: " if same else "После: ") + told
    elif asked == "which":
        verdict = told[:1].upper() + told[1:]
    elif asked == "after":
        verdict = ("Да: " if same else "Нет, раньше: ") + told
    else:
        verdict = ("Да: " if same else "Нет, после: ") + told
    return _reply(question, verdict, number, sentence, edition)


_FIRST = re.compile(r"(?i)(?<![а-яё])(?P<w>первым|первыми|первой|первая|первое|первый|в первую очередь|"
                    r"последним|последними|последней|последнее|последний)(?![а-яё])")
"""«особенности неактивного игрока заносятся в стек первыми?»: whether the one event asked
comes first (or last) of the two a sentence orders."""


def _first(question: str, edition: str) -> "Answer | None":
    """«X … первым(и)?» / «… последним?» — one event asked with its place: answered by the one
    sentence ordering two events («сначала в стек заносятся особенности от карт Активного
    Игрока …, затем особенности от карт Неактивного Игрока …», 305.1) told apart by opposite
    concepts (``antonyms``), when the question names the one of one event and not the other;
    every other concept asked is named by the sentence's paragraph. ``None`` otherwise."""
    from bot.reading.argument import chat_sentences
    from bot.rulebook import load
    from bot.rules_text.match import covers

    sents = chat_sentences(question)
    asked = next((x for x in sents if "?" in x), None)
    m = _FIRST.search(asked) if asked else None
    if m is None or re.search(r"(?i)(?<![а-яё])(?:кто|что|какой|какая|какое|какие|чей|чья|чьё|чье|чьи)(?![а-яё])",
                              asked):
        return None     # «кто первым …?» asks who: another reader's
    last = m.group("w").casefold().startswith("последн")
    ev = _events_concepts(asked[:m.start()] + " " + asked[m.end():]) - {"первый", "последний"}
    if not ev:
        return None
    from bot.rules_text.language import language as _language

    L0 = _language()
    verbs = {L0.norm(t.lemma, t.text) for t in tokenize(asked)[0] if t.pos in ("VERB", "INFN")
             and t.lemma not in L0.personal and t.lemma not in L0.impersonal}
    if not verbs:
        return None     # what is done first is not told («… первыми?» of what: put on the stack, resolved?)
    rb = load(edition)

    def named(x: str, side: frozenset[str]) -> bool:
        return any(covers(x, w) for w in side)

    from bot.rules_text.language import language

    L = language()
    found: dict[bool, tuple[str, str, str, str]] = {}
    for number, sentence, left, right, lc, rc in _ordered(rb):
        # what tells the two events apart: opposite concepts («Активного» / «Неактивного»), one on each
        # side — not the words the second event leaves out («…, затем особенности от карт Неактивного …»)
        only_l = frozenset(w for w in lc - rc if L.antonyms.get(w) in rc - lc)
        only_r = frozenset(w for w in rc - lc if L.antonyms.get(w) in lc - rc)
        hit_l = [x for x in ev if named(x, only_l) and not named(x, rc)]
        hit_r = [x for x in ev if named(x, only_r) and not named(x, lc)]
        if bool(hit_l) == bool(hit_r):
            continue    # the question names neither side alone, or both
        said = {L.norm(t.lemma, t.text) for t in tokenize(sentence)[0] if t.pos in ("VERB", "INFN")}
        if not all(any(covers(v, w) for w in said) for v in verbs):
            continue    # «… выполнятся первыми?» of «сначала в стек заносятся …»: another act ordered
        c = rb.get(number)
        para = _events_concepts(c.text) if c is not None else lc | rc
        stems = {t.lemma[:6] for t in tokenize(c.text)[0] if len(t.lemma) >= 6} if c is not None else set()
        if not all(named(x, para | lc | rc) or (len(x) >= 6 and x[:6] in stems) for x in ev):
            continue    # the question names what the paragraph does not («одновременный»: «одновременно»)
        first_asked = bool(hit_l) != last     # the left (first) event asked as first, or the right one as last
        found.setdefault(first_asked, (number, sentence, left, right))
    if len(found) != 1:
        return None
    same, (number, sentence, left, right) = next(iter(found.items()))
    told = f"сначала {_lower(left)}, а затем {_lower(right)}"
    return _reply(question, ("Да: " if same else "Нет: ") + told, number, sentence, edition)


_CACHE: dict[str, tuple[object, tuple]] = {}


_THEN = re.compile(r"(?i),\s+(?:затем|потом)\s+")
_SO_FIRST = re.compile(r"(?i)(?<![а-яё])(?:сначала|сперва|вначале)(?![а-яё])")


def _ordered(rb) -> tuple:
    """Every (number, sentence, left clause, right clause, their concepts) of the edition ``rb``
    around an order marker, read once per loaded edition."""
    from bot.rules_text.propositions import sentences

    hit = _CACHE.get(rb.edition)
    if hit is not None and hit[0] is rb:
        return hit[1]
    out = []
    for c in rb.clauses:
        for s in sentences(c.text):
            marks = list(_markers().finditer(s))
            if not marks:   # «сначала A, затем B»: a bare «затем / потом» after «сначала» orders the two
                marks = [mk for mk in _THEN.finditer(s) if _SO_FIRST.search(s[:mk.start()])]
            for mk in marks:
                left = re.split(r"[,;:]", s[:mk.start()])[-1].strip()
                right = re.split(r"[,;:.]", s[mk.end():])[0].strip()
                out.append((c.number, s, left, right, _events_concepts(left), _events_concepts(right)))
    _CACHE[rb.edition] = (rb, tuple(out))
    return _CACHE[rb.edition][1]


def _lower(text: str) -> str:
    text = re.sub(r"(?i)^(?:вместо этого|при этом|тогда|причём|причем)\s+", "", text.strip())
    text = re.sub(r"(?i)^(?:сначала|сперва)\s+", "", text)     # «… сначала в стек заносятся …»: told as «сначала …»
    return text[:1].lower() + text[1:]


def _reply(question, verdict, number, sentence, edition):
    from bot.rules_text.values import _reply as reply

    return reply(question, verdict, [(number, sentence)], "", edition, "порядок")
