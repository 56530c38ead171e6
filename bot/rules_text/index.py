"""The propositions of one edition, built once on first use and cached with the edition.

``index_for(edition)`` -> ``PropIndex``: every sentence of every paragraph read by
``bot.rules_text.propositions.read_sentence``, each proposition also as a ``Rule`` — the
bag of concepts a question is matched against (``bot.rules_text.match``) — indexed by
concept, so a question meets only the rules that share a concept with it (or a broader
one), never a scan of the edition. The cache is keyed by the edition's name and the
loaded ``Rulebook`` object, so an edition re-imported and reloaded
(``bot.rulebook.load.cache_clear``) is read afresh.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, parts, read_sentence, sentences


@dataclass(frozen=True)
class Rule:
    """A proposition ``prop`` as concepts: ``req`` every concept a question must name (its
    action unless a light verb, participants, conditions other than «unless a card says
    otherwise»), ``opt`` concepts that widen it or may stay implicit, ``refs`` the
    paragraphs its «кроме случаев, описанных в п. N» exceptions point at, ``inline`` the
    concepts of each exception it states in words («кроме первой»)."""

    prop: Prop
    req: frozenset[str]
    opt: frozenset[str]
    refs: tuple[str, ...] = ()
    inline: tuple[frozenset[str], ...] = ()
    cond: frozenset[str] = frozenset()
    """The concepts of its conditions that its main part does not name too: a question
    must state them; ``cond_same`` — conditions all named by the main part («…, если в
    его отряде уже есть местность»): the question must state a circumstance at all."""
    cond_same: frozenset[str] = frozenset()
    target: bool = False
    """«X может / не может быть целью Y»: read as «X можно / нельзя Y» — a question must
    have X as what is acted on (its object, or «цель» named), not as who acts."""


@dataclass
class PropIndex:
    """``props`` in paragraph order and their ``rules``; ``by_action`` action -> indexes;
    ``by_word`` participant -> indexes of consequence propositions; ``by_concept`` concept ->
    indexes of the rules naming it; ``by_number`` paragraph -> indexes; ``overrides``
    indexes of propositions whose condition is a card's ability allowing otherwise."""

    props: list[Prop] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    by_action: dict[str, list[int]] = field(default_factory=dict)
    by_word: dict[str, list[int]] = field(default_factory=dict)
    by_concept: dict[str, list[int]] = field(default_factory=dict)
    by_number: dict[str, list[int]] = field(default_factory=dict)
    overrides: list[int] = field(default_factory=list)
    names: tuple[str, ...] = ()
    """The edition's quoted names of several words («Действует дважды»), folded, longest
    first: a question may write them without quotes."""
    inflected_names: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The edition's ability names of several words (quoted with a capital, «Направленный
    удар»), each ``(folded name, lemmas of its words)``: a question may write them
    inflected and without quotes («с направленным ударом»)."""
    valued: frozenset[str] = frozenset()
    """Concepts the edition defines with a value («Броня Х», «Отравить существо на Х»): a
    number after them in a question is that value, not a count."""
    lists: dict[str, frozenset[str]] = field(default_factory=dict)
    """A noun -> the members the edition lists for it («Существует пять стихий: Степи,
    Леса, …» -> стихия: {степь, лес, …}), folded lemmas."""
    values: object = None
    """What the sentences state for value questions (``bot.rules_text.values.ValueIndex``:
    counts, persons, ordered items, lists, what a thing denotes)."""
    tables: tuple = ()
    """The paragraphs' printed tables (``bot.rules_text.tables.TableFact``)."""
    outcomes: tuple | None = None
    """The rules of effect (``bot.rules_text.consequence.Outcome``), read at build time."""


_TARGET = "цель"


def rule_of(p: Prop) -> Rule:
    """The ``Rule`` of a proposition (see ``Rule``)."""
    from bot.rulebook import find_refs
    from bot.rules_text.question import clean_bag

    L = language()
    conds = p.conditions
    if any(dc <= {w.removeprefix("не ") for w in conds} | ({"не"} if any(w.startswith("не ") for w in conds) else set())
           for dc in L.default_conditions):
        conds = frozenset()     # «если текст особенности не …»: the rule is the default
    bag = clean_bag({p.action} | set(p.words) | set(conds) | set(p.context))
    req = frozenset(w for w in bag if not w.startswith("~") and (w in p.only or (
        w.removeprefix("не ") not in L.implicit and w.removeprefix("не ") not in L.filler)))
    target = p.patient and _TARGET in req and len(req) > 1
    if target:
        req = req - {_TARGET}   # «X не может быть целью добивания» = «X нельзя добить»
    opt = frozenset(w.lstrip("~") for w in bag if w not in req) | {
        w for w in set(p.words) | {p.action} | set(p.conditions) if w not in req}
    refs: list[str] = []
    inline: list[frozenset[str]] = []
    low = p.sentence.casefold()
    at = min((i for i in (low.find("кроме"), low.find("за исключением")) if i >= 0), default=-1)
    for ex in p.exceptions:
        ns = find_refs(ex) or (find_refs(p.sentence[at:]) if at >= 0 and re.search(r"описанн|указанн|п\b", ex) else [])
        if ns:
            refs.extend(ns)
        else:
            from bot.reading.tokens import tokenize
            from bot.rules_text.propositions import _content

            ws = frozenset(w for w in _content([t for t in tokenize(ex)[0] if t.lemma not in L.exception])[0]
                           if not w.startswith("~") and w not in L.implicit)
            if ws:
                inline.append(ws)
    main = clean_bag({p.action} | set(p.words))
    cw = frozenset(w for w in clean_bag(set(conds)) if not w.startswith("~") and w not in L.light
                   and w.removeprefix("не ") not in L.implicit and w.removeprefix("не ") not in L.filler)
    opt = frozenset(opt) | p.optional
    return Rule(p, req, frozenset(w.lstrip("~") for w in opt), tuple(dict.fromkeys(refs)), tuple(inline),
                cond=cw - main, cond_same=cw & main, target=target)


_PRONOUN = re.compile(r"(?i)(?<![а-яё])(он|она|оно|они|его|её|ее|их|ему|ей|им|ним|неё|нее|нему|них|такие|таких|такая|такой|таким|такими"
                      r"|при этом|в этом случае|в таком случае)(?![а-яё])")


def _pronoun_subject(sentence: str) -> bool:
    """The sentence's subject is «он / она / оно / они» with no noun before it in its
    clause: it names the subject of the sentence before («Существо … . Оно не может …»)."""
    from bot.reading.tokens import tokenize

    toks = tokenize(sentence)[0]
    for i, t in enumerate(toks):
        if t.text in ("он", "она", "оно", "они"):   # «от удара через ряд она …»: «ряд» after a preposition
            return not any(u.pos == "NOUN" and u.case == "nomn" and (u.clause == t.clause or _agrees(u, t.text))
                           and not (j > 0 and toks[j - 1].pos == "PREP") for j, u in enumerate(toks[:i]))
    return False


def _agrees(noun, pronoun: str) -> bool:
    """Whether the noun token ``noun`` agrees with the subject pronoun ``pronoun`` in gender
    and number: «Если игрок …, то … он не сможет» — «он» is that player, not a noun of the
    sentence before."""
    from bot.morph import analyzer

    plural = any(p.tag.number == "plur" and p.tag.case == "nomn" for p in analyzer().parse(noun.text))
    if pronoun == "они":
        return plural
    return not plural and noun.gender == _GENDERED.get(pronoun)


def _read_parts(sentence: str, number: str, context: frozenset[str],
                before: frozenset[str] = frozenset()) -> list[Prop]:
    """The propositions of a sentence, part by part («:», «;»); a part that speaks of «он /
    его / такие …» may be asked about with the words of the part before it (or of the
    sentence before): they are added as optional words («Добивание является действием:
    объявив его, существо закрывается» — a question may name «добивание»)."""
    out: list[Prop] = []
    referent: frozenset[str] = frozenset()
    if before and _pronoun_subject(sentence):   # «Защита от выстрелов … . От метания она не защищает.»
        referent = before
    prev = ""
    for part in parts(sentence):
        ps = [replace(p, sentence=sentence) for p in read_sentence(part, number)]
        if context and _PRONOUN.search(part):
            meant = _by_gender(prev, part) if prev else None
            ps = [replace(p, optional=p.optional | {w.lstrip("~") for w in context},
                          context=referent if meant is None else meant) for p in ps]
        out.extend(ps)
        if ps:
            context = frozenset(w for p in ps for w in p.words | {p.action})
            referent = ps[0].subject_words
        prev = part
    return out


_GENDERED = {"он": "masc", "она": "femn", "оно": "neut"}


def _by_gender(before: str, part: str) -> frozenset[str] | None:
    """What the subject pronoun of ``part`` («оно не находится на поле боя») stands for in
    the part ``before`` it, by gender: the one noun of the pronoun's gender there with the
    adjectives and participles before it («по летающему существу» -> {летать, существо}),
    not the subject of ``before`` when that is of another gender («Удар через ряд …»);
    ``None`` when the part has no such pronoun or ``before`` no single such noun."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.propositions import _content

    toks = tokenize(part)[0]
    pron = next((t for t in toks if t.text in _GENDERED), None)
    if pron is None or any(u.pos == "NOUN" and u.case == "nomn" and u.clause == pron.clause
                           for u in toks[:toks.index(pron)]):
        return None
    prev = tokenize(before)[0]
    nouns = [i for i, t in enumerate(prev) if t.pos == "NOUN" and t.gender == _GENDERED[pron.text] and not t.quote]
    if len(nouns) != 1:
        return None
    i = a = nouns[0]
    while a > 0 and prev[a - 1].pos in ("ADJF", "PRTF"):
        a -= 1
    got = frozenset(w.lstrip("~") for w in _content(prev[a:i + 1])[0])
    return got or None


_DEFINITION = re.compile(r"^([^–—:,()]+?)\s+[–—]\s+[^,()]+,\s+котор(?:ый|ая|ое|ые)\s+((?:не\s+)?[а-яё]+(?:ет|ют|ит|ят|ется|ются|ится|ятся)\b.*)$")


def _defined(sentence: str, number: str) -> list[Prop]:
    """«X – Y, которые VERB …» says VERB of X too: «Счётчики – жетоны, которые отмечают ход
    событий и не тратятся» -> «Счётчики отмечают ход событий и не тратятся» (the relative
    pronoun the subject of its clause; one that is its object — «которые карта накапливает»
    — is left alone)."""
    m = _DEFINITION.match(sentence.rstrip(". "))
    if m is None:
        return []
    return read_sentence(f"{m.group(1)} {m.group(2)}", number)


def build(rb) -> PropIndex:
    """Read every paragraph of the ``bot.rulebook.Rulebook`` ``rb`` into a ``PropIndex``."""
    from bot.rules_text.definitions import read_definition
    from bot.rules_text.lists import is_list_head, list_props

    from bot.rules_text import values

    L = language()
    idx = PropIndex()
    clauses = list(rb.clauses)
    facts: list = []
    lists: list = []
    for n, c in enumerate(clauses):
        context: frozenset[str] = frozenset()
        subject: frozenset[str] = frozenset()   # of the sentence before: what «он / она …» names
        for s in sentences(c.text):
            ps = _read_parts(s, c.number, context, subject)
            ps += [replace(p, sentence=s) for p in _defined(s, c.number)]
            lead = next((p for p in ps if p.condition_text), None)
            f, lst = values.read_facts(s, c.number, lead.conditions if lead else frozenset(),
                                       lead.condition_text if lead else "")
            facts.append(f)
            if lst is not None:
                lists.append(lst)
            if ps:
                subject = ps[0].subject_words or subject
            for p in ps:
                context = p.words | {p.action}
                _add(idx, p)
            if not ps:   # «Пас – это передача приоритета …»: a definition states what X is
                for p in read_definition(s, c.number):
                    r = rule_of(p)
                    _add(idx, p, replace(r, req=r.req | p.subject_words))
        if is_list_head(c.text):   # «Игродействия, использующие стек, это:» + its lettered items
            items = []
            for d in clauses[n + 1:]:
                if not re.fullmatch(re.escape(c.number) + r"\.[а-я]", d.number):
                    break
                items.append(d)
            for p in list_props(c, items):   # the item is the subject: each of its words is asked
                r = rule_of(p)
                _add(idx, p, replace(r, req=r.req | {w for w in p.subject_words if w not in L.light}))
            lf = values.read_list(c.number, c.text, [d.text for d in items])
            if lf is not None:
                lists.append(lf)
    from bot.textnorm import fold

    names = {fold(m.group(1)).strip() for c in rb.clauses for m in re.finditer(r"«([^«»]{3,40})»", c.text)}
    idx.names = tuple(sorted((n for n in names if " " in n and not any(ch.isdigit() for ch in n)),
                             key=lambda n: -len(n)))
    idx.inflected_names = _inflected_names(rb)
    idx.lists = _lists(rb)
    idx.values = values.index(facts, lists)
    idx.valued = _valued(rb)
    from bot.rules_text.tables import read_tables

    idx.tables = read_tables(rb)
    from bot.rules_text.consequence import read_outcomes

    idx.outcomes = tuple(read_outcomes(idx))
    return idx


def _inflected_names(rb) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``PropIndex.inflected_names`` of rulebook ``rb``: quoted names of two words or more
    written with a capital letter (an ability's name, not a quoted phrase of card text),
    longest first."""
    from bot.morph import lemma
    from bot.textnorm import fold

    out = {}
    for c in rb.clauses:
        for m in re.finditer(r"«([А-ЯЁ][^«»]{2,40})»", c.text):
            words = re.findall(r"[а-яё]+", fold(m.group(1)))
            if len(words) >= 2 and not any(ch.isdigit() for ch in m.group(1)):
                out.setdefault(fold(m.group(1)).strip(), tuple(lemma(w) for w in words))
    return tuple(sorted(out.items(), key=lambda kv: -len(kv[1])))


def _add(idx: PropIndex, p: Prop, r: Rule | None = None) -> None:
    """Index proposition ``p`` and its ``Rule`` (``r``, else ``rule_of(p)``)."""
    L = language()
    k = len(idx.props)
    idx.props.append(p)
    r = rule_of(p) if r is None else r
    idx.rules.append(r)
    idx.by_action.setdefault(p.action, []).append(k)
    idx.by_number.setdefault(p.number, []).append(k)
    for w in r.req | r.opt:
        idx.by_concept.setdefault(w.removeprefix("не "), []).append(k)
    if p.kind == "consequence":
        for w in p.words:
            idx.by_word.setdefault(w, []).append(k)
    if any(all(w in p.conditions for w in ph) for ph in L.override if ph):
        idx.overrides.append(k)


_VALUED = re.compile(r"^([А-ЯЁ][а-яё]+)(?:\s+[а-яё]+)?\s+(?:на\s+)?Х\b")


def _valued(rb) -> frozenset[str]:
    """See ``PropIndex.valued``: «Броня Х …», «Отравить существо на Х – …», «Добивание на Х»."""
    from bot.morph import lemma

    L = language()
    return frozenset(L.norm(lemma(m.group(1).casefold()), m.group(1).casefold())
                     for c in rb.clauses if (m := _VALUED.match(c.text)))


_LIST = re.compile(r"([А-ЯЁа-яё]+)\s*:\s*((?:[А-ЯЁ][а-яё]+\s*,\s*)+[А-ЯЁ][а-яё]+\s+(?:и|или)\s+[А-ЯЁ][а-яё]+)")


def _lists(rb) -> dict[str, frozenset[str]]:
    """See ``PropIndex.lists``: «… пять стихий: Степи, Леса, Горы, Болота и Тьма.»"""
    from bot.morph import lemma

    out: dict[str, frozenset[str]] = {}
    for c in rb.clauses:
        for m in _LIST.finditer(c.text):
            members = frozenset(lemma(w.casefold()) for w in re.findall(r"[А-ЯЁа-яё]+", m.group(2))
                                if w not in ("и", "или"))
            out.setdefault(lemma(m.group(1).casefold()), members)
    return out


_CACHE: dict[str, tuple[object, PropIndex]] = {}


def index_for(edition: str) -> PropIndex:
    """The ``PropIndex`` of ``edition`` (built on first use; ``RulebookError`` for an
    unknown edition). A built index is also kept on disk next to the user's editions
    (``stored``), so another process reads it instead of reading every sentence again
    (2 s on a 637-paragraph edition)."""
    from bot.rulebook import load

    rb = load(edition)
    hit = _CACHE.get(edition)
    if hit is not None and hit[0] is rb:
        return hit[1]
    idx = stored(edition, lambda: build(rb))
    _CACHE[edition] = (rb, idx)
    return idx


def _store_key(edition: str) -> str:
    """A digest of what an index is read from: the edition's file, and the code and data it
    is read with (``_code_digest``) — any change reads the edition anew, so an index written
    by another version of the bot (another checkout sharing the user folder) is never read."""
    import hashlib

    from bot.rulebook import edition_path

    h = hashlib.sha256(_code_digest().encode())
    f = edition_path(edition)
    h.update(f.read_bytes() if f.is_file() else b"-")
    return h.hexdigest()[:20]


def _code_digest() -> str:
    """A digest of every Python module of the ``bot`` package, every file of the grammar folder
    (the rule language, the lexicon, the spelling stems …), the glossary and the morphology's
    version: all an index may be read with. Every module, not a list of the readers' own —
    a list goes stale when a reader starts using another module (a cached index then kept
    the propositions of the old code). About 10 ms, once per index read from the cache."""
    import hashlib
    from importlib.metadata import version

    from bot.paths import glossary_file, grammar_dir, package_dir

    h = hashlib.sha256()
    files = sorted(package_dir().rglob("*.py")) + sorted(p for p in grammar_dir().rglob("*") if p.is_file())
    for f in (*files, glossary_file()):
        h.update(str(f.name).encode())
        h.update(f.read_bytes() if f.is_file() else b"-")
    try:
        h.update(version("pymorphy3").encode())
    except Exception:  # noqa: BLE001 - no metadata: the files decide
        pass
    return h.hexdigest()


def stored(edition: str, make) -> PropIndex:
    """The index of ``edition`` from the user's cache folder (``<user data>/cache/``) when
    one with the same ``_store_key`` is there, else ``make()`` — written there for next time.
    A folder that cannot be read or written only costs the build."""
    from bot.picklecache import stored as _stored

    return _stored(f"{edition}.propositions", lambda: _store_key(edition), make,
                   lambda got: isinstance(got, PropIndex))


def clear() -> None:
    """Forget every built index (tests that replace editions)."""
    _CACHE.clear()
