"""A rule sentence (or a question) read into propositions (issue 14).

``read_sentence(text)`` -> ``list[Prop]``. One proposition per predicate and coordinated
action: «Артефакты не могут двигаться, объявлять простой удар» gives two, both
``cannot``. The words come from ``bot.reading.tokens.tokenize`` (lemma, part of speech,
clause); the modal words, consequence verbs and condition / exception openers from
``grammar/rule_language.yaml`` (``bot.rules_text.language``).

A proposition is *what* is said, not who says it: ``kind`` ``modal`` (``can`` / ``must``
with ``positive``), ``state`` («считается», «является») or ``consequence`` («погибает»);
``action`` the verb lemma (aspect folded: «поместить» = «помещать»); ``words`` the content
lemmas of the subject and object («летающее существо» -> {«летать», «существо»});
``conditions`` the content lemmas of «если …» / «пока …»; ``exceptions`` the text of
«кроме …»; ``only`` / ``limit`` when the sentence says «только» / «не более N».
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.reading.tokens import Tok, tokenize
from bot.rules_text.language import language

_PAREN = re.compile(r"\(([^()]*)\)")
_REF = re.compile(r"(?i)\b(?:пп?|пункт[а-я]*)\.?\s*\d+(?:\.\d+)*(?:\.[а-я])?(?:\s*[–-]\s*\d+(?:\.\d+)*)?")
_CONTENT_POS = frozenset({"NOUN", "ADJF", "ADJS", "PRTF", "PRTS", "INFN", "VERB", "NUMR", "ADVB", "GRND", "COMP", "INTJ", None})


@dataclass(frozen=True)
class Prop:
    """One proposition (see the module docstring). ``number`` / ``sentence``: the paragraph
    and the exact sentence it was read from ("" for a question); ``verb`` the predicate as
    written («погибает», «не может»); ``impersonal`` True for «можно» / «нельзя»;
    ``numbers`` the counts the words name («двух» -> 2)."""

    kind: str
    mode: str
    positive: bool
    action: str
    words: frozenset[str]
    conditions: frozenset[str] = frozenset()
    condition_text: str = ""
    exceptions: tuple[str, ...] = ()
    only: frozenset[str] = frozenset()
    limit: int | None = None
    lower: int | None = None
    """«не менее N»: the least count allowed."""
    numbers: tuple[int, ...] = ()
    verb: str = ""
    subject: str = ""
    subject_words: frozenset[str] = frozenset()
    """The concepts of the grammatical subject («Закрытая карта …» -> {закрытый, карта});
    empty for «можно / нельзя …» and when the subject is not in the nominative."""
    impersonal: bool = False
    number: str = ""
    sentence: str = ""
    what: bool = False
    """A question «Что будет с X, если …?»: the consequence is asked, not a yes/no."""
    optional: frozenset[str] = frozenset()
    """Words of a «даже если …» clause: they widen the rule, a question may name them."""
    only_agent: bool = False
    """«… может объявить только открытая карта»: the «только» words name who acts."""
    patient: bool = False
    """The subject undergoes the action («Бестелесное существо не может быть излечено»,
    «… быть целью …»): it is what a question's object names."""
    whole_condition: str = ""
    """The sentence's whole condition when ``condition_text`` is one of its «или»
    alternatives («если хозяин теряет класс или получает другой класс»); else ``""``."""
    context: frozenset[str] = frozenset()
    """The subject a pronoun of this part refers to (the part or sentence before it:
    «Добивание является действием: объявив его, …» -> {добивание}); a question must name it."""


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph's text, as written; a period inside brackets
    («(см. Эффекты правил игры, п.503)») ends no sentence."""
    text = text.replace("\n", " ")
    out: list[str] = []
    depth = start = 0
    for m in re.finditer(r"[()]|(?<=[.!?])\s+(?=[А-ЯЁA-Z«])", text):
        g = m.group(0)
        if g == "(":
            depth += 1
        elif g == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(text[start:m.start()].strip())
            start = m.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def _content(toks: list[Tok]) -> tuple[frozenset[str], tuple[int, ...]]:
    """Content concepts of ``toks`` («не X» -> «не X»; multi-word terms and synonyms put
    into their concept, ``RuleLanguage.norm``), and the numbers they name; number words,
    «только» and «не более» are told by ``numbers`` / ``Prop.only`` / ``Prop.limit``.
    Words after a widening phrase («в том числе», «независимо от того», «любой») are
    marked optional with a leading «~»: they cover a question's word, they narrow nothing."""
    L = language()
    out: set[str] = set()
    nums: list[int] = []
    neg = False
    opt = ""
    i = 0
    while i < len(toks):
        t = toks[i]
        if not opt:
            for ph in _widening_from(t.lemma):
                if tuple(u.lemma for u in toks[i:i + len(ph)]) == ph:
                    opt = "~"
                    i += len(ph) - 1
                    break
            if opt:
                i += 1
                continue
        term = _term(toks, i)
        if term is not None:
            c, width = term
            out.add(opt + (("не " + c) if neg else c))
            neg = False
            i += width
            continue
        i += 1
        if t.quote:
            out.add(opt + L.norm(t.text, t.text))
            continue
        if t.lemma == "не":
            neg = True
            continue
        if t.lemma == "друг" and _reciprocal(toks, i - 1):
            continue     # «копиями друг друга», «друг с другом»: a reciprocal pronoun, not a friend
        if t.text.isdigit():
            nums.append(int(t.text))
            continue
        if t.lemma in L.times:   # «дважды» = «два раза»
            n, noun = L.times[t.lemma]
            nums.append(n)
            out.add(opt + noun)
            neg = False
            continue
        if t.lemma in L.numbers:
            if not (i >= 2 and toks[i - 2].lemma == "ни"):   # «ни одной карты» counts nothing
                more = i >= 2 and toks[i - 2].lemma in ("ещё", "еще") and L.numbers[t.lemma] == 1
                nums.append(2 if more else L.numbers[t.lemma])   # «ещё одно действие»: the second
            neg = False
            continue
        if (t.text in L.limit or t.text in L.lower_limit) and not neg and i < len(toks) and (
                toks[i].text.isdigit() or toks[i].lemma in L.numbers):
            # «быть больше 6», «стать меньше 1»: the value past the bound (7, 0), not «большой» / «маленький»
            n = int(toks[i].text) if toks[i].text.isdigit() else L.numbers[toks[i].lemma]
            nums.append(n + 1 if t.text in L.limit else n - 1)
            i += 1
            continue
        if t.lemma in L.only or t.lemma in L.limit or t.lemma in L.lower_limit:
            neg = False
            continue
        if t.pos == "PREP":
            if t.lemma in L.keep_prepositions:
                out.add(opt + t.lemma)
            continue
        if (t.pos not in _CONTENT_POS and not (t.pos == "PRCL" and t.lemma in ("максимум", "минимум")
                                                and i >= 2 and toks[i - 2].pos in ("ADJF", "PREP", "NPRO", "PRTF"))) \
                or t.lemma in L.ignore:   # «чем указанный у неё максимум»: the noun, not «at most»
            neg = False
            continue
        head = next((u for u in toks[i:i + 3] if u.pos == "NOUN"), None)
        if L.norm(t.lemma, t.text) == "свой" and head is not None and L.norm(head.lemma, head.text) in L.filler:
            continue     # «в начале своего хода»: whose turn is the subject's own, nothing to match
        lm = L.norm(t.lemma, t.text)
        if t.pos == "PRTF":   # «нападающий» (who attacks) is its own concept, not «нападать»
            pf = _participle(t.text)
            if pf in L.ignore:    # «данной стихии»: «данный» is «этот», not «дать»
                neg = False
                continue
            if pf in L.synonyms:
                lm = L.synonyms[pf]
        out.add(opt + (("не " + lm) if neg else lm))
        neg = False
    return frozenset(out), tuple(nums)


def _reciprocal(toks: list[Tok], i: int) -> bool:
    """``toks[i]`` («друг») is part of «друг друга / друг другу / друг с другом»: another «друг»
    right before or after it, or beyond one preposition."""
    def at(j: int) -> str:
        return toks[j].lemma if 0 <= j < len(toks) else ""

    return "друг" in (at(i + 1), at(i - 1)) or (at(i + 2) == "друг" and toks[i + 1].pos == "PREP") or (
        at(i - 2) == "друг" and toks[i - 1].pos == "PREP")


@lru_cache(maxsize=4096)
def _widening_from(first: str) -> tuple[tuple[str, ...], ...]:
    """The widening phrases of the rule language opening with the lemma ``first``."""
    return tuple(ph for ph in language().widening if ph and ph[0] == first)


_PARTICIPLE_END = re.compile(r"(ого|его|ому|ему|ыми|ими|ым|им|ом|ем|ая|яя|ую|юю|ой|ей|ое|ее|ые|ие|ых|их|ый|ий)$")


@lru_cache(maxsize=8192)
def _participle(word: str) -> str:
    """A participle in its own dictionary form («нападающего» -> «нападающий»,
    «являющихся» -> «являющийся»): the adjectival ending replaced by the masculine
    nominative one (-ий after г к х ж ш щ ч, else -ый), the reflexive «-ся» kept — the form
    pymorphy's ``inflect`` gives, without building the participle's whole lexeme (~20 ms
    on first use); a word with no such ending goes to pymorphy."""
    base, refl = (word[:-2], "ся") if word.endswith(("ся", "сь")) else (word, "")
    m = _PARTICIPLE_END.search(base)
    if m is not None and m.start() >= 3:
        stem = base[:m.start()]
        return (stem + ("ий" if stem[-1] in "гкхжшщч" else "ый") + refl).replace("ё", "е")
    from bot.morph import analyzer

    p = analyzer().parse(word)[0]
    f = p.inflect({"masc", "sing", "nomn"}) if p.tag.POS == "PRTF" else None
    return f.word.replace("ё", "е") if f is not None else word


def _term(toks: list[Tok], i: int) -> tuple[str, int] | None:
    """``(concept, width)`` of a multi-word term (``phrases`` of the rule language) at ``toks[i]``."""
    L = language()
    for ws, c in L.terms.get(toks[i].lemma, ()):
        if len(ws) > 1 and tuple(u.lemma for u in toks[i:i + len(ws)]) == ws:
            return c, len(ws)
        if len(ws) == 1:
            return c, 1
    return None


@lru_cache(maxsize=4096)
def elided(lemma: str) -> tuple[str, str]:
    """``(concept, noun)``: the one compound concept (``простой_удар``, ``серебряный_кристалл``) of
    the two-word terms of the rule language opening with the adjective ``lemma``, and that term's
    noun (lemma) — what a chat question leaves out («бить простым», «оплатить серебряными»);
    ``("", "")`` when the adjective opens no such term or terms of two concepts («магический»
    удар / атака)."""
    got = {(c, ws[1]) for ws, c in language().terms.get(lemma, ()) if len(ws) == 2 and "_" in c}
    if len({c for c, _ in got}) != 1:
        return "", ""
    return sorted(got)[0]


def _predicate(toks: list[Tok], i: int, facts: bool = False) -> tuple[str, str, bool, int] | None:
    """``(kind, mode, impersonal, width)`` when a predicate starts at ``toks[i]``; ``facts``:
    a finite verb of a main clause is a predicate too (kind ``fact``: «Броня
    восстанавливается в начале каждого хода»), not one of a relative clause («который …»)."""
    L = language()
    t = toks[i]
    for words, mode in L.phrases.items():
        if tuple(x.text for x in toks[i:i + len(words)]) == words:
            return "modal", mode, False, len(words)
    if t.lemma in L.personal and t.pos in ("VERB", "ADJS", "PRTS", "PRED", "ADVB", None):
        return "modal", L.personal[t.lemma], False, 1
    if t.lemma in L.impersonal:
        return "modal", L.impersonal[t.lemma], True, 1
    if t.lemma in L.state and t.pos == "VERB":
        return "state", L.state[t.lemma], False, 1
    if t.lemma in L.consequence and t.pos == "VERB":
        return "consequence", "happens", False, 1
    if facts and t.pos == "VERB" and not _relative(toks, i):
        return "fact", "happens", False, 1
    return None


def _relative(toks: list[Tok], i: int) -> bool:
    """``toks[i]`` stands in a relative or subordinate clause («…, который отражает …»)."""
    cl = toks[i].clause
    k = i - 1
    while k >= 0 and toks[k].clause == cl:
        if toks[k].lemma in ("который", "что", "чтобы", "как", "где", "куда"):
            return True
        k -= 1
    return False


_NP_POS = frozenset({"ADJF", "PRTF", "NOUN"})   # «летающее существо»: a participle is an adjective here


def _np(t: Tok) -> bool:
    return t.quote or t.pos in _NP_POS


def alternatives(toks: list[Tok]) -> list[list[Tok]]:
    """Coordinated noun phrases expanded: «на летающее существо, симбиота или бестелесное
    существо» -> three token lists, each with one member and the words they share (a
    relative clause after the last member — «…, в оплату которых …» — goes with it only).
    Members are runs of adjectives and nouns (with «через»: «удар через ряд») joined by
    «и» / «или» and commas; a list without two such members is returned as it is."""
    for i in range(1, len(toks) - 1):   # «от метания и от удара через ряд»: the preposition said twice
        if toks[i].lemma in ("и", "или") and toks[i + 1].pos == "PREP" and any(
                u.lemma == toks[i + 1].lemma for u in toks[max(0, i - 6):i]):
            toks = toks[:i + 1] + toks[i + 2:]
            break
    c = next((i for i, t in enumerate(toks) if t.lemma in ("и", "или") and not t.quote
              and i + 1 < len(toks) and _np(toks[i + 1]) and i > 0 and _np(toks[i - 1])), None)
    if c is None:
        return [toks]

    spans: set[int] = set()   # «защиты от атак»: a multi-word term is one member
    for i in range(len(toks)):
        tm = _term(toks, i)
        if tm is not None and tm[1] > 1:
            spans.update(range(i, i + tm[1]))

    def inside(i: int) -> bool:
        t = toks[i]
        return _np(t) or i in spans or (t.lemma == "через" and i + 1 < len(toks) and _np(toks[i + 1]))

    e = c + 1
    while e < len(toks) and toks[e].clause == toks[c + 1].clause and inside(e):
        e += 1
    members = [(c + 1, e)]
    b = c
    while True:
        st = b
        while st - 1 >= 0 and toks[st - 1].clause == toks[b - 1].clause and inside(st - 1):
            st -= 1
        if st == b:
            break
        members.insert(0, (st, b))
        if st - 1 >= 0 and toks[st - 1].clause != toks[st].clause and _np(toks[st - 1]):
            b = st
            continue
        break
    has_noun = [any(t.pos == "NOUN" or t.quote for t in toks[a:z]) for a, z in members]
    borrowed: dict[int, list[Tok]] = {}
    if len(members) >= 2 and has_noun[0] and not all(has_noun):
        # «серебряными кристаллами, золотыми или …»: an adjective alone takes the noun before it
        nouns = [t for t in toks[members[0][0]:members[0][1]] if t.pos == "NOUN"]
        if all(all(t.pos in ("ADJF", "PRTF") for t in toks[a:z]) for (a, z), h in zip(members, has_noun) if not h):
            borrowed = {k: nouns[-1:] for k, h in enumerate(has_noun) if not h}
            has_noun = [True] * len(members)
    if len(members) < 2 or not all(has_noun):
        return [toks]
    ra = e   # a relative clause right after the last member belongs to it
    while ra < len(toks) and toks[ra].clause != toks[ra - 1].clause and (
            toks[ra].lemma == "который" or toks[ra].pos == "PRTF"
            or (toks[ra].pos == "PREP" and any(u.lemma == "который" for u in toks[ra:ra + 3]))):
        cl = toks[ra].clause
        while ra < len(toks) and toks[ra].clause == cl:
            ra += 1
    before, after = toks[:members[0][0]], toks[ra:]
    out: list[list[Tok]] = []
    for k, (a, z) in enumerate(members):
        m = toks[a:z] + borrowed.get(k, []) + (toks[e:ra] if k == len(members) - 1 else [])
        out.extend(alternatives(before + m + after))
    return out


def _clauses(toks: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = []
    for t in toks:
        if not out or out[-1][-1].clause != t.clause:
            out.append([])
        out[-1].append(t)
    return out


def _has_predicate(cl: list[Tok], modal_only: bool = False, facts: bool = False) -> bool:
    for i in range(len(cl)):
        p = _predicate(cl, i, facts)
        if p and (not modal_only or p[0] != "consequence"):
            return True
    return False


_REASON_CUT = re.compile(r"(?i),\s+(?:(?=(?:поэтому|следовательно|так\s+как|потому\s+что|поскольку|ибо|значит)\s)"
                         r"|(?:но|а|однако)\s+(?=если\s))")
_REASON_WORD = re.compile(r"(?i)^(?:поэтому|следовательно|так\s+как|потому\s+что|поскольку|ибо|значит)\s+")


def parts(sentence: str) -> list[str]:
    """A sentence cut at its «:» and «;» outside brackets and quotes: each part states its
    own rule («Удар через ряд нельзя нанести по летающему существу: оно не находится …»);
    and at «…, поэтому / так как / следовательно …»: the consequence or the reason is a
    statement of the rulebook too («Раны от отравления не являются атакой, поэтому броня
    их не предотвращает» -> «броня их не предотвращает»); and at «…, но если …»: the
    exception is a rule of its own («… может двигаться на занятую клетку, но если в конце
    хода оно стоит на одной клетке с другой картой, то оно погибает»)."""
    out: list[str] = []
    depth = start = 0
    for i, ch in enumerate(sentence):
        if ch in "(«":
            depth += 1
        elif ch in ")»":
            depth = max(0, depth - 1)
        elif ch in ":;" and depth == 0:
            out.append(sentence[start:i])
            start = i + 1
    out.append(sentence[start:])
    cut: list[str] = []
    for p in out:
        at = 0
        for m in _REASON_CUT.finditer(p):
            head = p[:m.start()]
            if head.count("(") == head.count(")") and head.count("«") == head.count("»"):
                cut.append(_REASON_WORD.sub("", p[at:m.start()]))
                at = m.end()
        cut.append(_REASON_WORD.sub("", p[at:]))
    return [q.strip() for p in cut for q in _aside(p) if q.strip()]


_ASIDE = re.compile(r"\s*\((так(?:ие|ое|ая|ой)\s+[а-яё]+)(\s[^()]+)\)\s*([.!]?)\s*$", re.I)


def _aside(part: str) -> list[str]:
    """A part ending in a bracketed statement about its subject («Игродействие, не
    использующее стек, … сразу выполняется (такие игродействия никогда не требуют расчёта и
    оплаты)»): the bracket is a statement of its own, «такие X» written as the part's
    subject phrase («Игродействие, не использующее стек, никогда не требуют …» — what it
    says holds only of that subject); else ``[part]``. A subject phrase is the part's first
    word, a noun in the nominative, with the participle clause right after it."""
    m = _ASIDE.search(part)
    if m is None or not re.search(r"[а-яё](?:ет|ют|ит|ят|ется|ются|ится|ятся)\b", m.group(2)):
        return [part]
    head = part[:m.start()]
    toks = tokenize(head)[0]
    if len(toks) < 3 or toks[0].pos != "NOUN" or toks[0].case != "nomn":
        return [part]
    rel = [t for t in toks if t.clause == 1]
    if not any(t.pos == "PRTF" for t in rel[:2]) or not any(t.clause >= 2 for t in toks):
        return [part]   # no «, не использующее стек,» after the subject, or nothing said after it
    first = re.match(r"\s*[^,]+,[^,]+,", head)
    if first is None:
        return [part]
    return [head + m.group(3), first.group(0).strip() + m.group(2)]


def read_sentence(text: str, number: str = "", question: bool = False, facts: bool | None = None) -> list[Prop]:
    """The propositions of one sentence (``[]`` when it states none). ``question``: read a
    question — «Что будет с X, если Y?» gives one proposition with ``what`` set. A sentence
    without a modal, state or consequence word is read once more with its finite verbs as
    predicates (``facts``: «Отражающее существо не закрывается»)."""
    if facts is None:
        return read_sentence(text, number, question, False) or read_sentence(text, number, question, True)
    L = language()
    exceptions: list[str] = []

    def paren(m: re.Match) -> str:
        inner = m.group(1).strip()
        first = inner.split()[0].casefold() if inner.split() else ""
        if first in L.exception or inner.casefold().startswith("за исключением"):
            exceptions.append(inner)
        return " "

    clean = _REF.sub(" ", _PAREN.sub(paren, text))   # «п. 303.7» names a paragraph, not a count
    toks, _ = tokenize(clean)
    if not toks:
        return []
    cls = _clauses(toks)
    cond: list[Tok] = []
    main: list[Tok] = []
    even: list[Tok] = []
    i = 0
    while i < len(cls):
        cl = cls[i]
        head = cl[0].lemma
        if head in L.exception or (head == "за" and len(cl) > 1 and cl[1].lemma == "исключение"):
            ex = list(cl)
            i += 1   # «кроме случаев, описанных в п. 307.4», «кроме случаев, когда …»
            while i < len(cls) and (cls[i][0].pos == "PRTF" or cls[i][0].lemma in ("когда", "если", "который")):
                ex.extend(cls[i])
                i += 1
            exceptions.append(" ".join(t.text for t in ex))
            continue
        if head in L.reason or (head == "так" and len(cl) > 1 and cl[1].lemma == "как"):
            break    # «…, поэтому …», «…, так как …»: the reason, not the rule
        if main and head in ("до", "прежде") and any(u.lemma in ("тот", "чем", "как") for u in cl[1:3]) \
                and not any(t.lemma in L.only for t in main):
            even.extend(cl)   # «…, до того как какой-либо игрок получит приоритет»: when, precisely — no restriction
            i += 1
            while i < len(cls) and cls[i][0].lemma in ("как", "чем"):
                even.extend(cls[i])
                i += 1
            continue
        if head == "даже" and len(cl) == 1 and i + 1 < len(cls) and cls[i + 1][0].lemma in L.condition:
            even.extend(cls[i + 1])
            i += 2   # «даже если …» restricts nothing: its words widen the rule
            while i < len(cls) and cls[i][0].lemma not in L.condition and not _has_predicate(cls[i], True):
                even.extend(cls[i])
                i += 1
            continue
        if head in L.condition:
            cond.extend(cl)
            i += 1
            if not main:  # a leading condition runs until «то», a modal or a consequence
                while i < len(cls) and cls[i][0].lemma != "то" and (
                        not _has_predicate(cls[i], facts=facts) or _coordinated(cls[i])):
                    cond.extend(cls[i])
                    i += 1
            else:        # a trailing condition runs to the end
                while i < len(cls):
                    cond.extend(cls[i])
                    i += 1
            continue
        if main and len(cl) > 1 and cl[0].lemma in ("но", "а") and cl[1].lemma == "не" and any(
                t.lemma in L.only for t in main):
            i += 1   # «…только от разрядов, но не от магического удара»: «только» says it already
            continue
        main.extend(t for t in cl if not (t is cl[0] and t.lemma == "то"))
        i += 1
    if question and toks[0].lemma == "что":
        return _what_question(main, cond, exceptions)
    conditions, cond_nums = _content(cond)
    cond_text = " ".join(t.text for t in cond)
    # split the main part at its predicates
    preds: list[tuple[int, tuple[str, str, bool, int], bool]] = []
    j = 0
    while j < len(main):
        p = _predicate(main, j, facts)
        if p:
            neg = j > 0 and main[j - 1].lemma == "не"
            preds.append((j, p, neg))
            j += p[3]
        else:
            j += 1
    if not preds:
        return []
    if any(p[1][0] != "consequence" for p in preds):
        preds = [p for p in preds if p[1][0] != "consequence" or not _inside_action(main, p[0])]
    out: list[Prop] = []
    subject: list[Tok] = main[:preds[0][0]]
    if any(t.pos == "VERB" and not _relative(subject, n) for n, t in enumerate(subject)):   # «Сдавшийся игрок проигрывает, и никакая особенность …»
        subject = [t for t in subject if t.clause == main[preds[0][0]].clause and t.lemma not in ("и", "а", "но")]
    for k, (j, (kind, mode, impersonal, width), neg) in enumerate(preds):
        end = preds[k + 1][0] if k + 1 < len(preds) else len(main)
        if k + 1 < len(preds) and main[end - 1].lemma == "не":
            end -= 1
        if k > 0:
            pj = preds[k - 1][0]
            if main[j].clause != main[pj].clause:
                own = [t for t in main[pj:j] if t.clause == main[j].clause and t.lemma not in ("и", "не", "а", "но")]
                if own:
                    subject = own
        seg = main[j + width:end]
        if k + 1 < len(preds):  # the next predicate's own subject is not this one's object
            nj = preds[k + 1][0]
            if main[nj].clause != main[j].clause:
                seg = [t for t in seg if t.clause != main[nj].clause]
        out.extend(_props(kind, mode, impersonal, neg, subject, seg, main[j:j + width], conditions, cond_text,
                          tuple(exceptions), number, text))
    if even:
        widen = frozenset(w.lstrip("~") for w in _content(even)[0])
        out = [replace(p, optional=widen) for p in out]
    if cond_nums:   # «если игрок уже потратил хотя бы один кристалл»
        out = [replace(p, numbers=tuple(dict.fromkeys(p.numbers + cond_nums))) for p in out]
    alts = [] if question else _condition_alternatives(cond)
    if len(alts) > 1:   # «если хозяин теряет класс или получает другой класс»: either one is the condition
        out = out + [replace(p, conditions=_content(a)[0], condition_text=" ".join(t.text for t in a),
                             whole_condition=cond_text) for p in out for a in alts]
    return out


def _condition_alternatives(cond: list[Tok]) -> list[list[Tok]]:
    """The alternatives of a condition whose «или» joins predicates («если хозяин теряет
    класс или получает другой класс», «если существо покидает поле боя, становится летающим,
    бестелесным или симбиотом»): one token list per alternative, each with the words before
    the first predicate (the opener and the subject) and its own predicate's words, a list
    of nouns inside one expanded too (``alternatives``). ``[cond]`` when its predicates are
    joined by «и» or there is one."""
    verbs = [i for i, t in enumerate(cond) if t.pos == "VERB" and not _relative(cond, i)]
    if len(verbs) < 2 or not any(t.lemma == "или" for t in cond[verbs[1] - 1:]):
        return [cond]
    cuts = [v for v in verbs[1:] if cond[v - 1].lemma == "или" or cond[v].clause != cond[v - 1].clause]
    if not cuts or any(cond[v - 1].lemma == "и" for v in verbs[1:]):
        return [cond]
    head = cond[:verbs[0]]
    bounds = [verbs[0], *cuts, len(cond)]
    out: list[list[Tok]] = []
    for a, b in zip(bounds, bounds[1:]):
        piece = cond[a:b]
        while piece and piece[-1].lemma in ("или", "и"):
            piece = piece[:-1]
        for alt in alternatives(piece):
            out.append(head + alt)
    return out


def subject_concepts(toks: list[Tok], whole: bool = False) -> frozenset[str]:
    """The concepts of the first nominative noun of ``toks`` with the adjectives and
    participles right before it («летающее существо» -> {летать, существо}); empty when
    there is none (a question «можно ли отравить …» names no subject)."""
    for i, t in enumerate(toks):
        nomn = t.case == "nomn" or (whole and t.pos == "NOUN" and all(u.pos in ("ADJF", "PRTF") for u in toks[:i])
                                    and _may_be_nominative(t.text))   # «Раны от отравления …»: «раны» read as genitive
        if t.pos == "NOUN" and nomn and not (i > 0 and toks[i - 1].pos == "INFN"):
            j = i - 1
            while j >= 0 and toks[j].pos in ("ADJF", "PRTF") and toks[j].clause == t.clause:
                j -= 1
            if j >= 0 and toks[j].pos == "PREP" and toks[j].clause == t.clause:
                continue    # «на летающее существо …»: a noun after a preposition is no subject
            a = i
            while a > 0 and toks[a - 1].pos in ("ADJF", "PRTF") and toks[a - 1].case == "nomn" \
                    and toks[a - 1].clause == t.clause:
                a -= 1
            z = i + 1   # «Существо, уничтоженное добиванием, …»: the participle phrase after it too
            while whole and z < len(toks) and toks[z].clause == t.clause and (   # «Раны от отравления …»
                    toks[z].pos in ("PREP", "ADJF") or (toks[z].pos == "NOUN" and toks[z].case != "nomn")):
                z += 1
            if z < len(toks) and toks[z].clause != t.clause and toks[z].pos == "PRTF" and toks[z].case == "nomn":
                cl = toks[z].clause
                while z < len(toks) and toks[z].clause == cl:
                    z += 1
            return frozenset(w.lstrip("~") for w in _content(toks[a:z])[0])
    return frozenset()


@lru_cache(maxsize=8192)
def _may_be_nominative(word: str) -> bool:
    from bot.morph import analyzer

    return any(p.tag.case == "nomn" for p in analyzer().parse(word))


def _coordinated(cl: list[Tok]) -> bool:
    """A clause opening with a consequence verb continues the condition before it
    («Если существо покидает поле боя, становится летающим …, – его экипировка …»)."""
    p = _predicate(cl, 0)
    return p is not None and p[0] == "consequence"


def _inside_action(main: list[Tok], j: int) -> bool:
    """A consequence verb right after a modal is the modal's action («может терять»)."""
    return j > 0 and _predicate(main, j - 1) is not None


def _only_and_limit(toks: list[Tok]) -> tuple[frozenset[str], int | None, int | None]:
    """``(only, limit, lower)``: the concepts after «только», the bound of «не более N» /
    «до N» (N included) and of «не менее N»."""
    L = language()
    only: set[str] = set()
    limit = lower = None

    def number_after(i: int) -> int | None:
        for u in toks[i + 1:i + 3]:
            if u.text.isdigit():
                return int(u.text)
            if u.lemma in L.numbers:
                return L.numbers[u.lemma]
        return None

    for i, t in enumerate(toks):
        if t.lemma in L.only:
            only |= {w for w in _content(toks[i + 1:i + 4])[0] if not w.startswith("~")}
        negated = i > 0 and toks[i - 1].lemma == "не"
        if (t.lemma in L.limit and negated) or (t.lemma in L.upto and t.pos == "PREP"):
            n = number_after(i)
            if n is not None and limit is None:
                limit = n
        if t.lemma in L.lower_limit and negated:
            n = number_after(i)
            if n is not None and lower is None:
                lower = n
    return frozenset(only), limit, lower


def _copula_bound(seg: list[Tok]) -> tuple[int | None, int | None] | None:
    """``(lower, limit)`` of a negated modal's predicate «стать / быть меньше N» (the value is at
    least N) and «… больше M» (at most M), read in its first six words («не может быть меньше 1
    и больше 6»); ``None`` for any other predicate."""
    L = language()
    head = seg[:6]
    if not head or head[0].lemma not in ("стать", "становиться", "быть", "оказаться"):
        return None
    lower = limit = None
    for i, t in enumerate(head[1:], 1):
        word = t.text.casefold()
        if word not in L.lower_limit and word not in L.limit:
            continue
        u = seg[i + 1] if i + 1 < len(seg) else None
        n = (int(u.text) if u.text.isdigit() else L.numbers.get(u.lemma)) if u is not None else None
        if n is None:
            return None
        if word in L.lower_limit:
            lower = n
        else:
            limit = n
    return (lower, limit) if lower is not None or limit is not None else None


def _props(kind, mode, impersonal, neg, subject, seg, pred_toks, conditions, cond_text, exceptions, number, text):
    out = _props_raw(kind, mode, impersonal, neg, subject, seg, pred_toks, conditions, cond_text, exceptions,
                     number, text)
    desc = _descriptive(subject) | _redundant_gerund(subject, seg) | _coordinated_predicate(subject)
    if not desc:
        return out
    return [replace(p, words=frozenset("~" + w if w in desc else w for w in p.words)) for p in out]


def _coordinated_predicate(subject: list[Tok]) -> frozenset[str]:
    """«Существо с особенностью «Действует дважды» после первого действия в ход
    открывается и может …»: what stands before the modal holds a predicate of its own
    («… открывается и»); its words (from the first circumstance after the subject's noun to
    that verb) are optional for the modal's proposition — they are not who may act."""
    v = next((i for i, t in enumerate(subject) if t.pos == "VERB" and not _relative(subject, i)
              and (i + 1 == len(subject) or subject[i + 1].lemma == "и")), None)
    if v is None:
        return frozenset()
    noun = next((i for i, t in enumerate(subject[:v]) if t.pos == "NOUN" or t.quote), None)
    if noun is None:
        return frozenset()
    start = next((i for i in range(noun + 1, v) if subject[i].pos == "PREP" and subject[i].lemma not in ("с", "со", "без")
                  and not any(u.quote for u in subject[i:v])), v)
    own = _content(subject[:start])[0]
    return frozenset(w.lstrip("~") for w in _content(subject[start:v + 1])[0]) - own


def _redundant_gerund(subject: list[Tok], seg: list[Tok]) -> frozenset[str]:
    """A gerund phrase that says again what the subject already says («Отражающее
    существо не закрывается, отвечая на простой удар»: who reflects answers a strike) —
    its words are optional."""
    L = language()
    own = {w.lstrip("~") for w in _content(subject)[0]}
    for i, t in enumerate(seg):
        if t.pos == "GRND" and L.norm(t.lemma, t.text) in own:
            phrase = [u for u in seg[i:] if u.clause == t.clause]
            return frozenset(w.lstrip("~") for w in _content(phrase)[0]) - own
    return frozenset()


def _descriptive(subject: list[Tok]) -> frozenset[str]:
    """Concepts of a participle phrase set off by commas after a subject that has its own
    adjective («Скрытая карта, лежащая рубашкой вверх, …»): it describes the card, it does
    not narrow the rule — optional words. After a bare noun it restricts («Существо,
    уничтоженное добиванием, …»): kept."""
    for i, t in enumerate(subject[:-1]):
        if t.pos != "NOUN" or not (i > 0 and subject[i - 1].pos == "ADJF" and subject[i - 1].clause == t.clause):
            continue
        nxt = subject[i + 1]
        if nxt.clause != t.clause and nxt.pos == "PRTF":
            phrase = [u for u in subject[i + 1:] if u.clause == nxt.clause]
            rest = [u for u in subject if u.clause != nxt.clause]
            return frozenset(w.lstrip("~") for w in _content(phrase)[0]) - _content(rest)[0]
        return frozenset()
    return frozenset()


def _props_raw(kind, mode, impersonal, neg, subject, seg, pred_toks, conditions, cond_text, exceptions, number, text):
    L = language()
    positive = not neg
    if mode == "cannot":
        mode, positive = "can", not positive
    verb = ("не " if neg else "") + " ".join(t.text for t in pred_toks)
    while subject and subject[-1].lemma == "не":   # the predicate's own «не»
        subject = subject[:-1]
    subj_words, subj_nums = _content(subject)
    only, limit, lower = _only_and_limit(subject + seg)
    if mode == "can" and not positive and limit is None and any(t.lemma in L.limit_verbs for t in seg[:2]):
        ns = _content(seg)[1]     # «не может превышать 15 кристаллов» = «может быть не более 15»
        if ns:
            limit, positive = max(ns), True
    if mode == "can" and not positive and limit is None and lower is None:
        bound = _copula_bound(seg)   # «стоимость … не может стать меньше 1» = «может быть не менее 1»
        if bound is not None:
            (lower, limit), positive = bound, True
    both = subject + seg
    only_agent = not impersonal and any(u.case == "nomn" and u.pos in ("NOUN", "ADJF", "PRTF")
                     for i, t in enumerate(both) if t.lemma in L.only for u in both[i + 1:i + 4])
    base = dict(kind=kind, mode=mode, positive=positive, conditions=conditions, condition_text=cond_text,
                exceptions=exceptions, only=only, limit=limit, lower=lower, verb=verb, impersonal=impersonal,
                number=number, sentence=text,
                subject=next((t.lemma for t in subject if t.pos == "NOUN"), ""),
                subject_words=subject_concepts(subject, whole=True), only_agent=only_agent)
    if kind != "modal":
        action = L.norm(pred_toks[0].lemma)
        meant = against(action, seg)
        out = []
        for alt in alternatives(subject + seg):
            words, nums = _content(alt)
            if meant:   # «Защиты карты действуют и против атак …» = «защищают от атак …»
                words = (words - {action}) | {meant}
            out.append(Prop(action=meant or action, words=words - {"не " + (meant or action)}, numbers=nums, **base))
        return out
    # coordinated infinitives: one proposition each, with the words up to the next one
    starts = [i for i, t in enumerate(seg)
              if t.pos == "INFN" and not (i > 0 and seg[i - 1].pos == "INFN" and seg[i - 1].clause == t.clause)]
    starts = [i for i in starts if not (i > 0 and seg[i - 1].lemma == "не" and i - 1 > 0)]
    if not starts:  # a fronted infinitive: «Использовать движение может только открытое существо»
        fronted = [i for i, t in enumerate(subject) if t.pos == "INFN"]
        if not fronted and pred_toks and pred_toks[0].pos in ("ADJS", "PRTS"):   # «мулиган ему недоступен»
            return [Prop(action=L.norm(pred_toks[0].lemma), words=w, numbers=n, patient=True, **base)
                    for alt in alternatives(subject + seg) for w, n in [_content(alt)]]
        if len(fronted) != 1:
            return []
        f = fronted[0]
        base["subject_words"] = subject_concepts(seg)   # «Использовать движение может только открытое существо»
        return [Prop(action=L.norm(subject[f].lemma), words=w, numbers=n, **base)
                for alt in alternatives(subject[:f] + subject[f + 1:] + seg) for w, n in [_content(alt)]]
    out = []
    parts = []
    for n, s in enumerate(starts):
        e = starts[n + 1] if n + 1 < len(starts) else len(seg)
        part = seg[s + 1:e]
        while part and part[-1].lemma in ("и", "или", "не", "а"):
            part = part[:-1]
        parts.append(part)
    for n in range(len(parts) - 2, -1, -1):  # «стрелять и метать по рядом стоящей карте»: one object
        if not parts[n] and seg[starts[n + 1] - 1].lemma in ("и", "или"):
            parts[n] = parts[n + 1]
    for n, s in enumerate(starts):
        part = (seg[:s] if n == 0 else []) + parts[n]
        # the subject stays whole: a list of objects after a comma is not the subject's list
        alts = [subject + a for a in alternatives(part)] if len(starts) > 1 else alternatives(subject + part)
        patient = seg[s].lemma == "быть" or any(t.pos == "PRTS" for t in parts[n][:2])
        for alt in alts:
            words, nums = _content(alt)
            out.append(Prop(action=L.norm(seg[s].lemma), words=words, numbers=nums, patient=patient, **base))
    return out


_AGAINST_GAP = frozenset({"и", "же", "ж", "также", "тоже", "вообще", "даже"})


def against(action: str, after: list[Tok]) -> str:
    """The concept ``action`` (a verb concept) means when «против» follows it (``against`` of the
    rule language: «действуют и против атак» -> «защищать»), else ``""``. ``after``: the tokens
    right after the verb; only particles («и», «же», «тоже») may stand between. Shared by the rule
    reader and the question reader (``bot.rules_text.question``)."""
    meant = language().against.get(action)
    if not meant:
        return ""
    for t in after[:4]:
        if t.lemma == "против":
            return meant
        if t.lemma not in _AGAINST_GAP:
            return ""
    return ""


def _what_question(main: list[Tok], cond: list[Tok], exceptions) -> list[Prop]:
    """«Что будет / происходит с X, если Y?» -> one consequence proposition with ``what``."""
    L = language()
    if not any(t.lemma in L.what_happens for t in main[:4]):
        return []
    k = next((i for i, t in enumerate(main) if t.lemma == "с" and t.pos == "PREP"), None)
    if k is None:
        return []
    words, nums = _content(main[k + 1:])
    conditions, _ = _content(cond)
    return [Prop(kind="consequence", mode="happens", positive=True, action="", words=words, numbers=nums,
                 conditions=conditions, condition_text=" ".join(t.text for t in cond), what=True,
                 exceptions=tuple(exceptions))]


def read_question(question: str) -> list[Prop]:
    """The propositions a question asks about (its last sentence, «?» dropped)."""
    ss = sentences(question.strip())
    if not ss:
        return []
    return read_sentence(ss[-1].rstrip("?!. "), question=True)


def with_source(p: Prop, number: str, sentence: str) -> Prop:
    """``p`` told with its paragraph and sentence."""
    return replace(p, number=number, sentence=sentence)
