"""A player's question read for the rule-text route (issue 14): what is asked and about what.

``read(text, edition)`` -> ``Question`` or ``None`` (not a question this route answers).
Chat style is expected: no «?», typos (corrected against the edition's own words by
``bot.search``), «я …, можно?», numbers as digits or words, slang (the synonyms of
``grammar/rule_language.yaml``). The question is read as one bag of concepts — the same
concepts ``bot.rules_text.propositions`` reads rule sentences into — plus what is asked:

- ``modal``  «можно ли / может ли / нельзя …» (``mode`` ``can`` or ``must``);
- ``state``  «является ли / считается ли / X — это Y?»;
- ``happens`` «закрывается ли …?», «броня защищает от …?» (a plain verb);
- ``count``  «сколько / скока / максимум …» (``bound`` ``max`` / ``min`` / ``""``);
- ``what``   «что будет, если …?» (``about``: the words of «с X»);
- ``who``    «кто получает приоритет при переходе к новой фазе?» (the person is answered).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from bot.memo import per_question
from bot.reading.tokens import Tok, tokenize
from bot.rules_text.language import language
from bot.rules_text.propositions import _content, against, alternatives, elided
from bot.vocab import words_regex
from bot.reading.lexicon import section_sets
from bot.yesno import TSYA as _TSYA

# Tail patterns start only where a run of separators starts and never give back what a
# run took (possessive): linear also on thousands of line breaks (qa5: 19,000 took minutes).
# The words are the lists of ``rule_question`` in grammar/lexicon.yaml.
_TAIL_CAN = re.compile(r"(?<![,\s—–-])[,\s—–-]*+(а\s++)?(так\s++)?(" + words_regex("rule_question", "tail_can")
                       + r")\s*+(ли\s*+)?[?!.\s]*+$")
_QUESTION_START = re.compile(r"^(" + words_regex("rule_question", "lead") + r"\s+|" + words_regex("rule_question", "polite_lead")
                             + r",?\s+)?(" + words_regex("rule_question", "question_start") + r")\b")


_MODAL_ANYWHERE = re.compile(r"\b(" + words_regex("rule_question", "modal_anywhere") + r")\b")
# «…, или нет», «…, да?», «…, нет?»: a yes/no tail, not part of what is asked
_TAIL_YESNO = re.compile(r"(?i)(?<![,\s])[,\s]++" + words_regex("rule_question", "tail_yes_no", r"\s++")
                         + r"\s*+([?!.]*+)\s*+$")
_WORD = re.compile(r"[А-Яа-яЁё]+")
# «…, может быть?», «Может быть, …», «…, наверное, …»: a parenthetical word set off by a comma
# (or opening the sentence before one, or closing it after one; «или» before it is part of it) —
# no modality and nothing asked. Without a comma («может быть только одна?») it stays.
_PARENTHETICAL = re.compile(
    r"(?i)(?:,\s*+|^\s*+)(?:или\s++)?" + words_regex("rule_question", "parenthetical", r"\s++", "")
    + r"(?![а-яё-])\s*+(?:,\s*+|(?=[?!.]*+\s*+$))")


_PHRASES: dict[int, tuple[dict, list, re.Pattern | None]] = {}


def _phrases(table: dict[str, str]) -> tuple[list[tuple[re.Pattern, str]], re.Pattern | None]:
    """``(patterns, one pattern matching wherever any of them does)``: the phrases of ``table``
    (keys with a space), longest first, each compiled once as a whole-words pattern («е» also
    matching «ё») with its replacement — compiled once per table; the second is ``None`` for
    a table without phrases."""
    got = _PHRASES.get(id(table))
    if got is None or got[0] is not table:
        out, alts = [], []
        for key in sorted((k for k in table if " " in k), key=len, reverse=True):   # phrases first, longest first
            pattern = re.escape(key).replace("е", "[её]")                               # «идёт» is «идет»
            out.append((re.compile(rf"(?i)(?<![а-яё]){pattern}(?![а-яё])"), table[key]))
            alts.append(pattern)
        anyone = re.compile(rf"(?i)(?<![а-яё])(?:{'|'.join(alts)})(?![а-яё])") if alts else None
        got = (table, out, anyone)
        _PHRASES[id(table)] = got
    return got[1], got[2]


@per_question     # the readers respell the same sentences of a question
def respell(text: str) -> str:
    """``text`` with the chat forms of words (``chat_spelling`` of the rule language:
    «тока» -> «только», «сущ» -> «существо», «без стека» -> «не использующее стек») written
    out; whole words and phrases only, the case of a word's first letter kept."""
    table = language().chat_spelling
    if not table:
        return text
    patterns, anyone = _phrases(table)
    if anyone is not None and anyone.search(text):     # no phrase at all (most texts): no pass per phrase
        for rx, new in patterns:
            text = rx.sub(new, text)

    def one(m: re.Match) -> str:
        w = m.group(0)
        new = table.get(w.casefold().replace("ё", "е"))
        if new is None:
            return w
        return new[:1].upper() + new[1:] if w[:1].isupper() else new

    return _WORD.sub(one, text)


@dataclass(frozen=True)
class Question:
    """What is asked (see the module docstring). ``bag``: the concepts of the whole question
    (action, participants, conditions); ``numbers`` the counts it names; ``verb`` the asked
    predicate as written («может», «закрывается»); ``impersonal`` for «можно / нельзя»;
    ``condition_text`` the «если …» part as written; ``text`` the question as read (typos
    corrected)."""

    kind: str
    mode: str
    positive: bool
    bag: frozenset[str]
    numbers: tuple[int, ...] = ()
    verb: str = ""
    impersonal: bool = False
    bound: str = ""
    counted: str = ""
    about: frozenset[str] = frozenset()
    cond: frozenset[str] = frozenset()
    condition_text: str = ""
    text: str = ""
    subject: frozenset[str] = frozenset()
    """The concepts of the question's grammatical subject (``propositions.subject_concepts``)."""
    complement: frozenset[str] = frozenset()
    """Concepts named only after the asked infinitive («можно ли атаковать закрытую карту»:
    {закрытый, карта}) — what the action is done to, not who does it."""
    action: str = ""
    """The concept of the asked verb (the infinitive after a modal, or the plain verb)."""
    stated: frozenset[str] = frozenset()
    """Concepts the question states as circumstances: its «если / когда …» part and what it
    says before the asked predicate in a clause of its own («у меня закрытое существо, …»)."""
    alternatives: tuple[frozenset[str], ...] = field(default_factory=tuple)
    context: frozenset[str] = frozenset()
    """Concepts of the sentences told before the asked one («у моего сущ защита от
    выстрелов. защита спасет?»): circumstances a rule may name; a rule that does not name
    them is not narrowed by them (``bot.rules_text.match``)."""
    without: frozenset[str] = frozenset()
    """Concepts named right after «без» («оплатить без золота» -> {золотой_кристалл}): against a
    rule allowing «только» them, the question asks the case the rule excludes."""
    only: bool = False
    """The question says «только» («движение может объявить только активный игрок?»)."""
    absolute: bool = False
    """The question asks whether there is no case at all («вообще никак нельзя …?», «никогда не
    …?», «ни при каких условиях»): a rule's exceptions bear on it."""
    only_words: frozenset[str] = frozenset()
    """The concepts named after the question's «только» in its clause («сдаться можно только в
    свой ход?» -> {ход}): the one case the question asks whether the act is restricted to."""
    bounded: bool = False
    """The question's count is a bound it asks about («может быть только одна?», «не более
    двух?»): the rule's bound must be that number, not merely allow it."""
    choice: tuple[tuple[str, str], ...] = ()
    """«X быстрое или медленное?»: the two options as ``(concept, word as written)`` —
    opposites joined by «или»; the answer names the one that holds."""
    passes: str = ""
    """«удар пройдёт?» read as «защита не защищает от удара?» (``_passes``): the verb of getting
    through as written, for the verdict («Да, пройдёт»); ``""`` otherwise."""
    cond_negated: bool | None = None
    """The «если / пока …» clause says what is not («если в нём нет ни одного …»: ``True``;
    «если в нём лежит хоть одно …»: ``False``); ``None`` when there is no such clause or it
    is not a clause of its own (the asked predicate inside it)."""


def _fix_typos(text: str, edition: str) -> str:
    """Words neither the dictionary nor the edition knows, corrected to the edition's words."""
    try:
        from bot.search import index_for
        index_for(edition)
    except Exception:  # noqa: BLE001 - no search index: read the words as written
        return text

    def fix(m: re.Match) -> str:
        w = m.group(0)
        return _word_fixed(edition, w.casefold().replace("ё", "е")) or w

    return _LONG_WORD.sub(fix, text)


_LONG_WORD = re.compile(r"[А-Яа-яЁё]{4,}")


@per_question   # a word of every told sentence, read by several readers of one question: decided once
def _word_fixed(edition: str, low: str) -> str | None:
    """The correction ``_fix_typos`` makes of the folded word ``low`` under ``edition``, or
    ``None`` to keep the word as written."""
    from bot.search import index_for

    L = language()
    idx = index_for(edition)
    if low in L.synonyms or idx._known(low) or _lemma(low) in L.synonyms:
        return None     # «абилкой»: a chat word the rule language knows, inflected (its case is read)
    fixed = idx._correct(low) or None
    own = _chat_word_near(low)
    if own is None or (fixed is not None and L.norm(_lemma(fixed), fixed) == L.norm(_lemma(own), own)):
        return fixed    # «работат» -> «работает»: the same word as the chat one, its inflection kept
    return own


def _chat_word_near(low: str) -> str | None:
    """The word of the rule language's synonym groups one edit from the unknown word ``low``
    («перездать» -> «пересдать», a players' word for the mulligan), ``None`` when there is none:
    a chat word the reader knows beats a dictionary word as near («передать»), unless that is
    the same word inflected (``_word_fixed``)."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    from bot.typo import best_correction

    words = _chat_words()
    found = [(w, int(d)) for w, d, _ in process.extract(low, words.get(len(low), ()), scorer=OSA.distance,
                                                        score_cutoff=1, limit=None)]
    found += [(w, int(d)) for n in (len(low) - 1, len(low) + 1) for w, d, _ in process.extract(
        low, words.get(n, ()), scorer=OSA.distance, score_cutoff=1, limit=None)]
    return best_correction(low, found)


@lru_cache(maxsize=1)
def _chat_words() -> dict[int, tuple[str, ...]]:
    """The one-word entries of the rule language's synonym groups (5 letters or more), by length."""
    out: dict[int, list[str]] = {}
    for w in language().synonyms:
        if " " not in w and len(w) >= 5 and w.isalpha():
            out.setdefault(len(w), []).append(w)
    return {n: tuple(sorted(ws)) for n, ws in out.items()}


def _lemma(word: str) -> str:
    from bot.morph import lemma

    return lemma(word)


_REASON_HEAD = re.compile(r"(?i)^\s*(?:а\s+|и\s+|но\s+)?раз\s+(?!в\s|за\s|и\s|два\s|от\s)[^,?]+,\s*(?:то\s+(?:и\s+)?)?")
_REASON_TAIL = re.compile(r"(?i),\s*раз\s+(?!в\s|за\s|и\s|два\s|от\s)[^,?]+(?=\?|$)")


def _without_reason(sentence: str) -> str:
    """``sentence`` without the asker's «раз …» reason clause («раз X, (то) Y?» -> «Y?», «Y, раз
    X?» -> «Y?»): the reason is his argument, its modal word is not the asked predicate (a
    «нельзя» of the reason answered as the question was a wrong verdict); unchanged when
    fewer than two words would be left."""
    out = _REASON_TAIL.sub("", _REASON_HEAD.sub("", sentence, count=1), count=1)
    return out if len(_WORD.findall(out)) >= 2 else sentence


def read(text: str, edition: str = "") -> Question | None:
    """The ``Question`` asked by ``text`` (its last sentence), or ``None``."""
    L = language()
    t = text.strip()
    if not t:
        return None
    parts = [p for p in re.split(r"(?<=[.!?])\s+", t) if p.strip()]
    parts = [_only_left(_strike_values(_ORDINAL.sub(r"\1", _TSYA.sub(r"\1ется", p)))) for p in parts]
    last = parts[-1] if parts else t
    at = len(parts) - 1     # the asked sentence among ``parts``
    if not last.rstrip().endswith("?") and len(parts) > 1 and parts[-2].rstrip().endswith("?") \
            and not re.search(r"(?i)(?<![а-яё])(?:разве|неужели|ли)(?![а-яё])", last):
        last, at = parts[-2], len(parts) - 2    # «…? стража у него нет»; «…? … не сработает разве» asks itself
    told_clause = asked_clause(last)
    if told_clause is not None:   # «добиваю тварь с бронёй 5, броня спасёт?»: the last clause asks, the one before tells
        parts = parts[:at] + list(told_clause) + parts[at + 1:]
        last, at = told_clause[1], at + 1
    last = _BYVAET.sub(r"\1может быть", last)   # «бывает летун со стражем?» asks «может быть …?»
    no_way = bool(_NO_WAY.search(last))     # «никак не оплатить?» asks «нельзя …?» with no exception at all
    last = _DECIMAL.sub(" ", _NO_WAY.sub("нельзя ", split_compounds(respell(last))))   # «дробь типа 2,5»: an example value, no count
    last = without_parenthetical(last)
    last = _without_reason(last)    # «раз на сущ без класса шмотку нельзя надевать, она уничтожается?» asks the main clause
    tail = _TAIL_YESNO.search(last)
    if tail and len(_WORD.findall(last[:tail.start()])) >= 2:
        last = last[:tail.start()] + "?"
    asked = "?" in last
    low = last.casefold()
    tail_can = bool(_TAIL_CAN.search(low)) and not _QUESTION_START.match(low)
    if tail_can:
        last = _TAIL_CAN.sub("", last)
    if not (asked or tail_can or _QUESTION_START.match(low) or re.search(r"\bли\b", low)
            or (len(parts) == 1 and (_MODAL_ANYWHERE.search(low) or re.search(r"\b(или|кто)\b", low)))
            or _chat_asks(last) or (len(parts) == 1 and _opens_with_count(last))):
        return None
    ability_text = ""
    if edition:
        last, ability_text = _quoted_ability(_quote_names(_fix_typos(last, edition), edition), edition)
    last = re.sub(r"\s[—–-]\s*это\s", " это ", last)
    toks, _ = tokenize(last.rstrip("?!. "))
    if not toks:
        return None
    q = _read_tokens(toks, last, tail_can)
    if q is None and asked:
        said = _with_have(toks)       # «у скрытой карты есть особенности?» -> «скрытая карта имеет …?»
        if said is not None:
            q = _read_tokens(tokenize(said)[0], said, tail_can)
    if q is None and asked:
        said = _with_copula(toks)     # «особенность после расстановки карт не медленное игродействие?»
        if said is not None:
            last = said
            toks, _ = tokenize(last)
            q = _read_tokens(toks, last, tail_can)
    if q is not None and not q.bag and q.kind == "modal" and last in parts and parts.index(last) > 0:
        # «стрелять в соседа нельзя, но у моего лучника меткий. можно?»: the modal alone asks the
        # sentence before it again, in its own modality
        prev = parts[parts.index(last) - 1]
        ptoks, _ = tokenize((_quote_names(_fix_typos(prev, edition), edition) if edition else prev).rstrip("?!. "))
        pq = _read_tokens(ptoks, prev, False) if ptoks else None
        if pq is not None and pq.kind == "modal" and pq.bag:
            q = replace(pq, positive=q.positive, mode=q.mode, verb=q.verb, impersonal=q.impersonal, text=last)
            last, at = prev, at - 1
    if q is not None and no_way and not q.absolute:
        q = replace(q, absolute=True)
    if q is not None and edition:
        q = _creatures(q, " ".join(parts), edition)
        if q.numbers and q.kind != "count":
            q = replace(q, numbers=_counts(toks, q.numbers, edition))
    before = parts[:max(at, 0)] + parts[at + 1:]   # told before the asked sentence, or after it («… стража у него нет»)
    if q is not None and before:
        ctx = set()
        for told in before:
            told = respell(told)
            done = ""
            if edition:   # «у сущ особенность «при ближнем ударе …».»: the quoted name, as in the asked sentence
                told, done = _quoted_ability(_quote_names(_fix_typos(told, edition), edition), edition)
            ctx |= set(_collocated(frozenset(_told(told)), "")[0]) | (_told(done) if done else set())   # «пропустил свой черёд» = «отказался»
        if at > 0:
            meant = _pronoun_subject(toks, respell(parts[at - 1]))
            if meant is not None and meant not in q.bag:   # «атака нанесла 0 ран. она … считается проведённой?»
                q = replace(q, bag=q.bag | {meant}, subject=q.subject | {meant})
                ctx.discard(meant)
            head, attrs = _pronoun_object(toks, respell(parts[at - 1]))
            if head and q.kind in ("modal", "happens"):
                # «закрытая карта не может объявлять атаки. а её саму атаковать можно?»: «её» is
                # the closed card — what the asked act is done to, not who does it; its noun is
                # asked, its adjectives are told (a rule not naming them is not narrowed by them)
                acted_on = head | attrs
                q = replace(q, bag=q.bag | head, complement=q.complement | acted_on,
                            subject=q.subject - acted_on)
                ctx.difference_update(head)
                ctx |= attrs - q.bag
        ctx -= q.bag
        if q.action == _DEFENDER and _DEFENDER not in _told(q.text) and any(
                language().is_kind_of(c, "защита") or c == "броня" for c in ctx):
            # «у меня защита от выстрелов. … защищает?»: what protects was told before — the protection, not a defender
            q = replace(q, action=_PROTECT, bag=(q.bag - {_DEFENDER}) | {_PROTECT})
        q = replace(q, **{"context": frozenset(ctx) | q.context, **_resolved(q, ctx)})
    if q is not None and ability_text:
        q = replace(q, context=q.context | (_clean(_content(tokenize(ability_text)[0])[0]) - q.bag))
    if q is not None:
        q = _passes(q, toks)
        implied = {L.owner_implies[c] for c in q.bag | q.context if c in L.owner_implies} - q.bag - q.context
        if implied:   # «у противника не осталось …»: his squad (``owner_implies``)
            q = replace(q, context=q.context | implied)
    return q


def _passes(q: Question, toks: list[Tok]) -> Question:
    """«у цели защита от выстрелов. я её бью ударом через ряд, пройдёт?»: a verb of getting
    through (``pass_verbs`` of the rule language) asked of an attack, with one protection (a
    kind of «защита», or «броня») told in the question or before it, asks whether that
    protection does not protect from the attack — the question as the rules word it
    («Защита от выстрелов не защищает от удара через ряд», 304.7 of the test edition).
    ``q`` unchanged when no such verb is asked, no attack is named, or no protection or
    several are told."""
    L = language()
    if q.kind != "happens":
        return q
    verbs = [t for t in toks if t.pos in ("VERB", "INFN") and t.lemma in L.pass_verbs]
    if len(verbs) != 1:
        return q
    v = verbs[0]
    told = q.bag | q.context
    prot = {c for c in told if L.is_kind_of(c, "защита") and c != "защита" or c == "броня"}
    attack = {c for c in told if c not in prot and L.is_kind_of(c, "атака")}
    if len(prot) != 1 or not attack or any(u.lemma == "через" for u in toks if u.clause == v.clause):
        return q    # «пройти через занятую клетку» is a move
    negated = v.i > 0 and toks[v.i - 1].lemma == "не"
    gone = {L.norm(v.lemma, v.text), v.lemma}
    bag = (q.bag - gone - ({q.action} if q.action in L.light or L.is_kind_of(q.action, "атака") else set())) | prot | attack
    return replace(q, bag=frozenset(bag | {_PROTECT}), action=_PROTECT, verb="", positive=negated,
                   subject=frozenset(prot), complement=q.complement - prot, context=q.context - prot - attack,
                   passes=v.text)


_BYVAET = re.compile(r"(?i)^(\s*(?:а|и|ну)?\s*)(?:бывает|бывают)(?:\s+ли)?(?![а-яё])")
"""«бывает (ли) …» opening the asked sentence: whether there may be such a thing («может быть»);
not «какие фазы бывают …» (a value asked)."""

_COMMA = re.compile(r",\s+")
_RELATIVE_OPEN = re.compile(r"(?i),\s+(?:[а-яё]+\s+)?(?:котор|чей|чья|чьё|чье|чьи|где|куда|откуда)")


@lru_cache(maxsize=1)
def _clause_words() -> dict[str, frozenset[str]]:
    return section_sets("rule_question")


def asked_clause(sentence: str) -> tuple[str, str] | None:
    """``(told, asked)`` when a question sentence is a story clause and an asked clause joined
    by a comma — «добиваю тварь у которой броня 5, броня спасёт?», «моё сущ выступило
    защитником, оно закрывается?»: the clause after the last comma asks (its own predicate,
    «?» at the end), the one before tells what happened (a finite verb of its own, no question
    word, no modal). ``None`` when the sentence is not so built: a condition or relative clause
    («…, если …?», «…, которое летает?»), a list, a question asked before the comma. The
    words are the lists ``rule_question.clause_*`` of grammar/lexicon.yaml."""
    s = sentence.strip()
    if not s.endswith("?") or "," not in s:
        return None
    cut = None
    for m in _COMMA.finditer(s):
        cut = m
    if cut is None:
        return None
    told, asked = s[:cut.start()].strip(), s[cut.end():].strip()
    w = _clause_words()
    told_toks = tokenize(told)[0]
    asked_toks = tokenize(asked.rstrip("?!. "))[0]
    while asked_toks and asked_toks[0].lemma in w["clause_lead"]:   # «…, а броня спасёт?»
        asked = asked.split(None, 1)[1] if " " in asked else ""
        asked_toks = asked_toks[1:]
    if len(told_toks) < 2 or len(asked_toks) < 2:
        return None
    if told_toks[0].lemma in w["clause_told_open"] or asked_toks[0].lemma in w["clause_asked_open"]:
        return None
    if any(t.lemma in w["clause_subordinate"] for t in (*told_toks, *asked_toks)):
        return None     # «если …, то …?», «…, броня спасёт, если …?»: a condition is read with the sentence whole
    if any(t.lemma in w["clause_asks"] for t in told_toks) or told.count("«") != told.count("»"):
        return None     # the told clause asks itself («можно ли …, …?»), tells a claim, or a quote runs over the comma
    if not any(t.pos == "VERB" for t in told_toks):
        return None     # «у противника летун, …»: no event told — the whole sentence is read as one
    if not any(t.pos in ("VERB", "PRED", "ADJS", "PRTS") or t.lemma in w["clause_asks"] for t in asked_toks):
        return None
    if _RELATIVE_OPEN.search(told) and not any(t.case == "nomn" and t.pos == "NOUN" for t in asked_toks):
        return None     # «Симбиот, который потерял хозяина, погибает?»: the comma closes the relative clause
    L = language()
    told_verbs = {L.norm(t.lemma) for t in told_toks if t.pos in ("VERB", "INFN")}
    if any(t.pos in ("VERB", "INFN") and L.norm(t.lemma) in told_verbs for t in asked_toks):
        return None     # «простое излечение не снимает, а полное снимает?»: two claims of one verb, read together
    if any(t.pos == "NPRO" and t.case == "nomn" and t.lemma in w["clause_same_subject"] for t in asked_toks):
        return None     # «мой гоблин отразил удар, он закрывается?»: the story says who is asked about — one sentence
    return told + ".", asked


def without_parenthetical(sentence: str) -> str:
    """``sentence`` without its parenthetical words set off by commas («симбиот погибает, может
    быть?» -> «Симбиот погибает?», «Может быть, симбиот погибает?» -> «Симбиот погибает?»): words of
    ``rule_question.parenthetical`` in grammar/lexicon.yaml. Words not set off by a comma
    («может быть только одна?») and a lone «может» («может, если он закрыт, двигаться?») are
    kept: they may be the asked modal. Linear: one pass of one pattern."""
    out = _PARENTHETICAL.sub(" ", sentence)
    if out == sentence:
        return sentence
    out = re.sub(r"\s+([?!.,])", r"\1", re.sub(r"\s{2,}", " ", out)).strip()
    return out[:1].upper() + out[1:] if sentence[:1].isupper() else out


def _opens_with_count(sentence: str) -> bool:
    """The sentence opens with a count word (after «какой») and a noun («минимальный размер
    колоды для драфта», «какой размер колоды …»): a question without «?» — a rule question of
    one noun phrase asks its value."""
    L = language()
    toks = tokenize(sentence.rstrip("?!. "))[0]
    if len(toks) >= 3 and toks[0].lemma in ("какой", "каков"):   # «какой размер колоды …»
        toks = toks[1:]
    return len(toks) >= 2 and toks[0].lemma in L.count_words and toks[0].lemma != "количество" \
        and any(t.pos == "NOUN" for t in toks[1:3])


_NO_COPULA_POS = frozenset({"VERB", "INFN", "PRTS", "ADJS", "GRND", "PRED"})


def _with_copula(toks: list[Tok]) -> str | None:
    """A verbless «X Y?» question as «X это Y?»: «а особенность после расстановки карт не
    медленное игродействие?» -> «а особенность после расстановки карт это не медленное
    игродействие?». Y is the last noun in the nominative with the adjectives in the nominative
    (and a «не») right before it; X must have a noun in the nominative of its own. ``None`` when
    the question has a verb or a short form, a question word, or no such two noun phrases."""
    if any(t.pos in _NO_COPULA_POS or t.lemma in ("это", "какой", "кто", "что", "как", "сколько", "или", "если")
           for t in toks):
        return None
    heads = [i for i, t in enumerate(toks) if t.pos == "NOUN" and t.case == "nomn" and not t.quote]
    if len(heads) < 2:
        return None
    j = heads[-1]
    while j > 0 and toks[j - 1].pos in ("ADJF", "PRTF") and toks[j - 1].case == "nomn":
        j -= 1
    if j > 0 and toks[j - 1].text == "не":
        j -= 1
    if not any(i < j for i in heads) or j == 0 or toks[j - 1].pos == "PREP":
        return None
    words = [f"«{t.text}»" if t.quote else t.text for t in toks]
    return " ".join(words[:j] + ["это"] + words[j:]) + "?"


_HOLDER_POS = frozenset({"NOUN", "NPRO", "ADJF", "PRTF"})


def _with_have(toks: list[Tok]) -> str | None:
    """A verbless «у X есть Y?» as «X имеет Y?», «у X нет Y?» as «X не имеет Y?» (401.6 of the
    test edition «Скрытая карта … не имеет особенностей»: «у скрытой карты есть особенности?»
    had no predicate). X is the words in the genitive right after «у» (put in the nominative),
    at least one a noun or pronoun; Y must name a noun after «есть / нет». ``None`` when the
    question has another verb or short form, or no such «у X есть / нет Y»."""
    from bot.morph import analyzer

    have = [i for i, t in enumerate(toks) if t.text in ("есть", "нет") and not t.quote]
    if len(have) != 1 or any(t.pos in _NO_COPULA_POS for i, t in enumerate(toks) if i != have[0]):
        return None
    e = have[0]
    a = e - 1
    while a >= 0 and toks[a].pos in _HOLDER_POS and toks[a].case == "gent" and not toks[a].quote:
        a -= 1
    if a < 0 or a == e - 1 or toks[a].text != "у" or not any(t.pos in ("NOUN", "NPRO") for t in toks[a + 1:e]) \
            or not any(t.pos == "NOUN" for t in toks[e + 1:]):
        return None

    def nominative(t: Tok) -> str:
        form = analyzer().parse(t.text)[0].inflect({"nomn"})
        return form.word if form is not None else t.text

    words = [f"«{t.text}»" if t.quote else t.text for t in toks]
    holder = [nominative(t) for t in toks[a + 1:e]]
    verb = ["имеет"] if toks[e].text == "есть" else ["не", "имеет"]
    return " ".join(words[:a] + holder + verb + words[e + 1:]) + "?"


_COMPOUND = re.compile(r"(?<![а-яёА-ЯЁ-])([а-яёА-ЯЁ]{3,})-([а-яёА-ЯЁ]{3,})(?![а-яёА-ЯЁ-])")


def split_compounds(text: str) -> str:
    """Two nouns joined by a hyphen that the dictionary does not know as one word
    («существо-страж», «защитнику-стражу») written apart: each is a concept of the
    question (read whole, the compound was an unknown creature and «страж» was lost)."""
    from bot.morph import analyzer

    def one(m: re.Match) -> str:
        whole = m.group(0).casefold()
        if analyzer().word_is_known(whole):
            return m.group(0)
        a, b = ({p.tag.case for p in analyzer().parse(x.casefold()) if p.tag.POS == "NOUN"}
                for x in (m.group(1), m.group(2)))
        if a & b:   # both nouns, in one case
            return f"{m.group(1)} {m.group(2)}"
        return m.group(0)

    return _COMPOUND.sub(one, text) if "-" in text else text


def _quoted_ability(text: str, edition: str) -> tuple[str, str]:
    """``(text, rest)``: a quoted card text that opens with a quoted name of the edition
    («у него есть «при гибели разряд на 2»») cut to that name («при гибели»), which is what a
    rule names; ``rest`` the words cut off (what the ability does: circumstances of the
    question, ``Question.context``)."""
    from bot.rules_text.index import index_for
    from bot.textnorm import fold

    try:
        names = index_for(edition).names
    except Exception:  # noqa: BLE001 - no index: the words as written
        return text, ""
    rest: list[str] = []

    def cut(m: re.Match) -> str:
        inner = fold(m.group(1)).strip()
        for n in names:   # longest first
            if inner.startswith(n + " ") and len(inner) > len(n) + 1:
                rest.append(m.group(1).strip()[len(n):].strip())
                return f"«{m.group(1).strip()[:len(n)]}»"
        return m.group(0)

    out = re.sub(r"«([^«»]+)»", cut, text)
    return out, " ".join(rest)


_DECIMAL = re.compile(r"(?<![\d.,])\d+[,.]\d+(?![\d.,])")
"""A decimal number («2,5 раны»): an example value a rule never counts."""

_NO_WAY = re.compile(r"(?i)(?<![а-яё])" + words_regex("rule_question", "no_way") + r"\s+(?=[а-яё]+(?:ть|ти|чь)(?:ся)?(?![а-яё]))")
"""«никак не оплатить?» before an infinitive: «нельзя оплатить?»."""

_NONE_OF = re.compile(r"(?i)(?<![а-яё])" + words_regex("rule_question", "none_of") + r"(?![а-яё])")


_PRONOUNS = {"он": "masc", "она": "femn", "оно": "neut"}


def _pronoun_subject(asked: list[Tok], before: str) -> str | None:
    """The concept a subject pronoun of the asked sentence stands for («атака нанесла 0 ран.
    она же не считается проведённой?» -> «атака»): the one noun in the nominative of the
    sentence told just before whose gender is the pronoun's; ``None`` when the asked sentence
    names its subject, has no such pronoun, or two nouns could be meant."""
    L = language()
    pron = next((t for t in asked if t.pos == "NPRO" and t.case == "nomn" and t.lemma in _PRONOUNS), None)
    if pron is None or any(t.pos == "NOUN" and t.case == "nomn" and t.clause == pron.clause for t in asked):
        return None
    told = tokenize(before)[0]
    found = {L.norm(t.lemma, t.text) for i, t in enumerate(told)   # «через ряд»: after a preposition, no subject
             if t.pos == "NOUN" and t.case == "nomn" and t.gender == _PRONOUNS[pron.lemma] and not t.quote
             and not (i > 0 and told[i - 1].pos == "PREP")}
    found = {c for c in found if c not in L.filler and c not in L.people}
    return found.pop() if len(found) == 1 else None


def _pronoun_object(asked: list[Tok], before: str) -> tuple[frozenset[str], frozenset[str]]:
    """The concepts an object pronoun of the asked sentence stands for («… . а её саму
    атаковать можно?» after «закрытая карта …» -> {закрытый, карта}): a pronoun «он / она /
    оно» in the accusative with no preposition before it (or after «по»), and the one noun in
    the nominative of the sentence told just before whose gender is the pronoun's, with the
    adjectives and participles right before that noun. Empty when there is no such pronoun
    or two nouns could be meant. Returned as ``(noun concepts, adjective concepts)``."""
    L = language()
    none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    pron = next((t for i, t in enumerate(asked) if t.pos == "NPRO" and t.lemma in _PRONOUNS and t.case == "accs"
                 and (i == 0 or asked[i - 1].pos != "PREP" or asked[i - 1].lemma == "по")), None)
    if pron is None:
        return none
    genders = {"masc", "neut"} if fold_(pron.text) in ("его", "него", "ему", "нему") else {_PRONOUNS[pron.lemma]}
    if any(t is not pron and t.gender in genders and (t.pos == "NOUN" or (t.pos == "NPRO" and t.lemma in _PRONOUNS))
           for t in asked):
        return none   # «ударю по нему простым ударом, он может его отразить?»: «его» may be the strike
    told = tokenize(before)[0]
    found = [i for i, t in enumerate(told) if t.pos == "NOUN" and t.case == "nomn" and not t.quote
             and t.gender in genders and not (i > 0 and told[i - 1].pos == "PREP")
             and L.norm(t.lemma, t.text) not in L.filler and L.norm(t.lemma, t.text) not in L.people]
    if len(found) != 1:
        return none
    j = found[0]
    head = _clean(_content([told[j]])[0])
    attrs = []
    while j > 0 and told[j - 1].pos in ("ADJF", "PRTF") and told[j - 1].case == "nomn":
        j -= 1
        attrs.insert(0, told[j])
    return frozenset(head), frozenset(_clean(_content(attrs)[0])) - head if attrs else frozenset()


def _told(sentence: str) -> set[str]:
    """The concepts a sentence told beside the asked one names; a sentence saying what there
    is not («стража у него нет») names its concepts negated («не страж»)."""
    bag, nums = _content(tokenize(_TSYA.sub(r"\1ется", sentence))[0])
    bag = set(_clean(bag)) | ({"несколько"} if nums and max(nums) >= 2 else set())   # «две цели» are «несколько»
    if _NONE_OF.search(sentence) and not re.search(r"(?i)\bили\s+нет\b", sentence):
        return {w if w.startswith("не ") else "не " + w for w in bag}
    return set(bag)


def _resolved(q: Question, ctx: set[str]) -> dict:
    """A broad word of the asked sentence that names a concept told before it
    («у моего сущ защита от выстрелов … . защита спасет?»: «защита» is that protection):
    the narrower told concept replaces it in the bag, the subject and the complement."""
    L = language()
    swap = {}
    for x in q.bag:
        narrow = [c for c in ctx if c != x and L.is_kind_of(c, x)]
        if len(narrow) == 1:
            swap[x] = narrow[0]
    if not swap:
        return {}
    ctx.difference_update(swap.values())
    sub = lambda ws: frozenset(swap.get(w, w) for w in ws)   # noqa: E731
    return dict(bag=sub(q.bag), subject=sub(q.subject), complement=sub(q.complement), stated=sub(q.stated),
                context=frozenset(ctx) | q.context)




def _counts(toks: list[Tok], numbers: tuple[int, ...], edition: str) -> tuple[int, ...]:
    """The numbers of a question that count something: a number right after a concept the
    edition gives a value («броня 2», «отравили на 1», «разряд на 2», «броня противника 3»: an
    owner in between) is that value — a rule that holds whatever the value is not narrowed by it."""
    from bot.rules_text.index import index_for

    L = language()
    try:
        valued = index_for(edition).valued
    except Exception:  # noqa: BLE001 - no index: every number counts
        return numbers
    drop: list[int] = []
    for i, t in enumerate(toks):
        if not t.text.isdigit():
            continue
        before = [L.norm(u.lemma, u.text) for u in toks[max(0, i - 3):i] if u.lemma != "на"]
        owned = [c for c in before if c not in L.owners]   # «броня противника 3»: whose armour, then its value
        near = owned[-1:] if i == 0 or toks[i - 1].lemma != "на" else before
        if any(c in valued or L.is_kind_of(c, "атака") for c in near):
            drop.append(int(t.text))
    out = list(numbers)
    for n in drop:
        if n in out:
            out.remove(n)
    return tuple(out)


_STRIKE_TRIPLE = re.compile(r"(?i)(?<![а-яё])(?:простой\s+|простым\s+|простого\s+)?удар[а-яё]*\s*(?:[:=]\s*)?(\d+)\s*[-–/]\s*(\d+)\s*[-–/]\s*(\d+)(?![\d-])")


def _strike_values(text: str) -> str:
    """A simple strike told by its three values with all three the same («удар 0-0-0»)
    written as the rulebook says it («все три значения простого удара равны 0»): the values
    are no count of anything (read as numbers they met «не более одной атаки»). Other
    triples are left as written."""
    def one(m: re.Match) -> str:
        a, b, c = m.group(1), m.group(2), m.group(3)
        if a == b == c:
            return f"все три значения простого удара равны {a}"
        return m.group(0)

    return _STRIKE_TRIPLE.sub(one, text) if "-" in text or "–" in text or "/" in text else text


_ONLY_LEFT = re.compile(r"(?i)(?<![а-яё])(остал(?:ись|ось|ся|ась)|остаются|остается|остаётся)\s+(?:только|одни|одно|лишь)\s+([а-яё]+)")


def _only_left(text: str) -> str:
    """«у противника остались одни летуны» says what did not remain — the opposite of the one
    kind left (``antonyms`` of the rule language): written «у противника не осталось
    нелетающий, летуны», so a rule «Если в отряде противника не осталось нелетающих существ,
    …» meets it (the kind left is still named)."""
    L = language()

    def one(m: re.Match) -> str:
        toks = tokenize(m.group(2))[0]
        if not toks:
            return m.group(0)
        other = L.antonyms.get(L.norm(toks[0].lemma, toks[0].text))
        if not other:
            return m.group(0)
        return f"не осталось {other}, {m.group(2)}"

    return _ONLY_LEFT.sub(one, respell(text)) if "остал" in text.casefold() else text   # «у противника» first


_ORDINAL = re.compile(r"(?i)(?<![\d.])(\d+)-?(?:й|ой|ый|ий|ая|ое|ья|я|е|го|му)(?![а-яё])")
"""«2й раз», «3-я карта»: the number (a count for the matcher)."""


def _creatures(q: Question, text: str, edition: str) -> Question:
    """Animate nouns no sentence of the edition names and no synonym knows («мой воин»,
    «гоблины», «у тролля») are creatures: read as «существо» (a judge's chat names cards by
    race or name). The people of ``people`` of ``grammar/rule_language.yaml`` stay themselves."""
    from bot.morph import analyzer
    from bot.rules_text.index import index_for

    L = language()
    try:
        known = index_for(edition).by_concept
    except Exception:  # noqa: BLE001 - no index: the words as read
        return q
    swap = {}
    for t in tokenize(text)[0]:
        c = L.norm(t.lemma, t.text)
        if t.pos != "NOUN" or c in known or c in L.synonyms or c in L.people or c in L.ignore or t.quote:
            continue
        if "anim" in analyzer().parse(t.text)[0].tag:
            swap[c] = "существо"
    if not swap:
        return q
    sub = lambda ws: frozenset(swap.get(w, w) for w in ws)   # noqa: E731
    return replace(q, bag=_clean(sub(q.bag)), subject=sub(q.subject), complement=sub(q.complement),
                   stated=sub(q.stated), context=sub(q.context) - sub(q.bag), about=sub(q.about))


def _quote_names(text: str, edition: str) -> str:
    """The edition's quoted names of several words written without quotes put in «»
    («у сущ есть действует дважды» -> «…есть «действует дважды»»; an ability's name also
    inflected: «с направленным ударом» -> «с «направленным ударом»», ``PropIndex.inflected_names``),
    unless that would cut a multi-word term of the question («при ударе через ряд» keeps
    «удар через ряд»)."""
    from bot.rules_text.index import index_for
    from bot.textnorm import fold

    try:
        idx = index_for(edition)
    except Exception:  # noqa: BLE001 - no index: the words as written
        return text
    folded = fold(text)
    for n, rx in _name_patterns(idx.names):
        if n not in folded:
            continue    # the pattern needs the name itself: most texts have none of them
        m = rx.search(folded)
        if m is not None:
            text = _quoted_at(text, m.start(), m.end())
            folded = fold(text)
    for _, lemmas in idx.inflected_names:
        span = _lemma_span(text, lemmas)
        if span is not None:
            text = _quoted_at(text, *span)
    return text


@lru_cache(maxsize=16)
def _name_patterns(names: tuple[str, ...]) -> tuple[tuple[str, re.Pattern], ...]:
    """Each quoted name of an edition with its pattern as a whole phrase outside «» (compiled
    once per edition, not once per sentence read)."""
    return tuple((n, re.compile(rf"(?<![«а-яё]){re.escape(n)}(?![а-яё»])")) for n in names)


def _lemma_span(text: str, lemmas: tuple[str, ...]) -> tuple[int, int] | None:
    """``(start, end)`` in ``text`` of the first run of words outside «» whose lemmas are
    ``lemmas``, else ``None``."""
    if lemmas[0] not in _text_lemmas(text):
        return None
    words = []
    depth = 0
    for m in re.finditer(r"[«»]|[А-Яа-яЁё]+", text):
        if m.group(0) in "«»":
            depth += 1 if m.group(0) == "«" else -1
            words.append(None)
            continue
        words.append((m.start(), m.end(), _lemma(m.group(0).casefold()) if depth == 0 else None))
    w = len(lemmas)
    for i in range(len(words) - w + 1):
        run = words[i:i + w]
        if all(x is not None and x[2] == lm for x, lm in zip(run, lemmas)):
            return run[0][0], run[-1][1]
    return None


@lru_cache(maxsize=256)
def _text_lemmas(text: str) -> frozenset[str]:
    """The lemmas of the words of ``text`` (once per question, for every name tried)."""
    return frozenset(_lemma(w) for w in _WORD.findall(fold_(text)))


def fold_(text: str) -> str:
    from bot.textnorm import fold

    return fold(text)


def _quoted_at(text: str, start: int, end: int) -> str:
    """``text`` with ``text[start:end]`` (a name) put in «», unless a multi-word term of
    the question begins inside it and ends outside it, or the reverse."""
    from bot.rules_text.propositions import _term

    toks = tokenize(text)[0]
    a = len(tokenize(text[:start])[0])
    z = a + len(tokenize(text[start:end])[0])
    for i in range(len(toks)):
        tm = _term(toks, i)
        if tm is not None and tm[1] > 1 and (a <= i < z) != (a <= i + tm[1] - 1 < z):
            return text     # a term begins inside the name and ends outside it, or the reverse
    return text[:start] + "«" + text[start:end] + "»" + text[end:]


def _chat_asks(sentence: str) -> bool:
    """A chat line without «?» that still asks (``bot.yesno.asks``: its last verb in the
    present or future, «броня у закрытого существа вообще работает»)."""
    from bot.yesno import asks

    return asks(sentence)


def with_elided_nouns(toks: list[Tok]) -> list[Tok]:
    """``toks`` with the noun a chat question leaves out after an adjective put back («бить
    простым» -> «простым удар», «оплатить серебряными» -> «серебряными кристалл»:
    ``propositions.elided``) — an adjective with no noun after it and whose term's noun its
    clause names nowhere («какие атаки дальние» names it). Question side only: a rule sentence
    names its nouns."""
    out: list[Tok] = []
    for n, t in enumerate(toks):
        out.append(t)
        if t.pos != "ADJF" or t.quote or any(u.pos == "NOUN" and u.clause == t.clause for u in toks[n + 1:n + 3]):
            continue
        concept, noun = elided(t.lemma)
        if concept and not any(u.lemma == noun and u.clause == t.clause for u in toks):
            out.append(replace(t, text=noun, lemma=noun, pos="NOUN"))
    return out


def _read_tokens(toks: list[Tok], text: str, tail_can: bool) -> Question | None:
    L = language()
    toks = with_elided_nouns(toks)
    alt = next((i for i, t in enumerate(toks) if i > 2 and t.lemma == "или" and i + 1 < len(toks)
                and (toks[i + 1].lemma in ("это", "нет", "как", "что") or _denied_after(toks, i))), None)
    if alt is not None:   # «…, или это уже читерство», «… или нет», «… или закрытых не трогают»: the other answer offered, not asked
        toks = toks[:alt]
    lemmas = [t.lemma for t in toks]
    # what happens
    k_what = next((i for i, t in enumerate(toks[:-1]) if t.lemma == "что" and toks[i + 1].lemma in L.what_happens), None)
    if k_what is not None and k_what <= 2:
        place = next((t for t in toks[k_what + 2:] if t.lemma in L.where_words and t.clause != toks[k_what].clause), None)
        if place is None:
            return _what(toks, k_what, text)
        toks = [t for t in toks if t.clause == place.clause or t.i > place.i]   # «что будет, на чьё кладбище она идёт?» asks the place
    if any(t.lemma in L.where_words for t in toks):   # «куда / где / на чьё кладбище …?»
        return _where(toks, text)
    k_who = next((i for i, t in enumerate(toks) if t.lemma == "кто" and not (   # «с кем нибудь»: no question word
        i + 1 < len(toks) and toks[i + 1].text in _INDEFINITE) and not _negative_pronoun(toks, i)), None)
    if k_who is not None and not any(t.lemma in ("прав", "правый") for t in toks):
        return _who(toks, k_who, text)
    cond_at = next((i for i, t in enumerate(toks) if t.lemma in L.condition and i > 0), None)
    how_many = any(L.norm(t.lemma, t.text) == "сколько" for t in toks)
    if how_many or (any(t.lemma in L.count_words for t in toks) and _asked_predicate(toks) is None) or (
            _opens_with_count(text) and (_asked_predicate(toks) or (0,))[0] < 0):
        return _count(toks, text)    # «какой размер колоды … минимальный»: the copula only implied
    if any(t.lemma in ("какой", "каков", "почему", "зачем") for t in toks):
        return None     # «на какие сущи можно вешать симба?» asks which, not whether
    pred = None if tail_can else _asked_predicate(toks)
    if pred is None and not tail_can and _choice(toks):   # «… то округлять вверх или вниз?»: which way it is done
        inf = next((i for i, t in enumerate(toks) if t.pos == "INFN" and not _subordinate(toks, i)), None)
        if inf is not None:
            pred = (inf, "happens", "happens", False, toks[inf].text)
    if pred is None:   # «я хочу сделать второй мулиган, можно?»
        if not tail_can:
            return None
        pred = (-1, "modal", "can", True, "можно")
    k, kind, mode, impersonal, verb = pred
    positive = True
    if k > 0 and toks[k - 1].lemma == "не":
        positive = False
    if k >= 0 and any((t.lemma == toks[k].lemma or t.pos in ("VERB", "INFN") and L.norm(t.lemma) == L.norm(toks[k].lemma))
                      and (toks[j - 1].lemma == "не") != (not positive)
                      for j, t in enumerate(toks) if j > k):
        return None     # «обычное излечение не снимает, а полное снимет»: two claims of opposite polarity (either aspect)
    remain = _remain(toks, k) if kind == "happens" else None
    kept = remain is None and kind == "happens" and _kept(toks, k)
    if kind == "modal" and mode == "cannot":
        from bot.yesno import _polarity_words

        polite = k + 1 < len(toks) and toks[k + 1].lemma == "ли" and (   # «нельзя ли …?» asks «можно ли …?»,
            toks[k].text in _polarity_words().get("polite_negative", ()))    # «запрещено ли …?» the ban
        mode, positive = "can", positive if polite else not positive
    skip = {k} if k >= 0 and kind != "happens" else set()
    if k > 0 and toks[k - 1].lemma == "не":
        skip.add(k - 1)
    if kind == "modal" and k >= 0 and toks[k].lemma == "иметь" and k + 1 < len(toks):
        skip.add(k + 1)
    likened = _likened(toks)
    liked = set(likened)     # membership by set: a list's ``in`` compared every pair (1,500 words took 2 s)
    rest = [t for i, t in enumerate(toks) if i not in skip and t.lemma not in ("ли", "разве") and t not in liked]
    owners = _possessors(rest) + _means(rest) + likened
    owned = set(owners)
    rest = [t for t in rest if t not in owned]
    rest = [t for i, t in enumerate(rest) if not (   # «хоть на одну клетку» names no count
        (t.lemma in L.numbers or t.text.isdigit()) and any(u.lemma in ("хоть", "хотя") for u in rest[max(0, i - 3):i]))]
    bag, nums = _content(rest)
    alts = [_clean(_content(a)[0]) for a in alternatives(rest)]
    infs = [t for t in rest if t.pos == "INFN"]
    if len(infs) >= 2 and any(t.lemma in ("и", "или") for t in rest):   # «уменьшать или увеличивать»
        alts = [_clean(_content([t for t in rest if t.pos != "INFN" or t is f])[0]) for f in infs]
    cond_text = " ".join(t.text for t in toks[cond_at:]) if cond_at is not None else ""
    cond_negated = None
    if cond_at is not None and (k < 0 or toks[k].clause != toks[cond_at].clause):
        cond_negated = negated_words(t.lemma for t in toks[cond_at:] if t.clause == toks[cond_at].clause)
    action = _action(toks, k, kind)
    bag = _clean(bag)
    meant = against(action, toks[k + 1:]) if kind == "happens" and k >= 0 else ""
    if meant:   # «броня работает против разряда?» = «защищает от разряда?» (as the rule reader reads it)
        bag, action = (bag - {action}) | {meant}, meant
    f = next((i for i, t in enumerate(toks) if t.pos == "INFN"), None)
    if f is not None and any(t.lemma in ("мой", "наш") and t.clause == toks[f].clause and toks[j - 1].lemma != "у"
                             and not (toks[j - 1].pos == "PREP" and toks[j - 1].lemma not in ("по", "на", "в"))
                             and not any(u.lemma == "который" for u in toks[f:j])
                             for j, t in enumerate(toks) if j > f):   # «… который стоит рядом с моим магом»: a place
        bag = bag | {"свой"}   # «атаковать моё же существо»: what is acted on is the asker's own
    bag, action = _collocated(bag, action)
    if _sibling_named(action, bag):   # «разряд кинуть»: the noun says which attack, the verb is light
        bag, action = bag - {action}, ""
    if remain is not None:   # «так и остаётся закрытым?» asks «не открывается?»
        state = remain
        left = L.remain[state]
        once = sum(1 for t in toks if L.norm(t.lemma, t.text) == state) == 1
        bag = (bag - {L.norm(toks[k].lemma, toks[k].text)} - ({state} if once else set())) | {left}
        action, verb, positive = left, "", not positive
    if kept:   # «страж остался?» asks «не теряет стража?» (what a card has, not where it is)
        lose = L.remain_lose
        bag = (bag - {L.norm(toks[k].lemma, toks[k].text)}) | {lose}
        action, verb, positive = lose, "", not positive
    if action == _PROTECT and not any(t.lemma == "от" for t in toks) and not any(
            L.is_kind_of(b, "защита") or b == "броня" for b in bag):
        bag, action = (bag - {_PROTECT}) | {_DEFENDER}, _DEFENDER   # «одной тварью защищать два раза»: the defender
    elif _PROTECT in bag and action != _PROTECT and not any(t.lemma == "от" for t in toks) and not any(
            L.is_kind_of(b, "защита") or b == "броня" for b in bag):
        bag = (bag - {_PROTECT}) | {_DEFENDER}   # «страж закрывается, после того как защитил?»: acted as a defender
    return Question(absolute=_absolute(toks), only_words=_only_words(toks, k), cond_negated=cond_negated, without=_without(rest), choice=_choice(toks), bounded=_bounded(toks), only=any(t.lemma in L.only and not (i > 0 and toks[i - 1].lemma == "не") for i, t in enumerate(toks)), kind=kind, mode=mode,
                    positive=positive, bag=bag, numbers=nums, verb=verb,
                    impersonal=impersonal, text=text, condition_text=cond_text, stated=_stated(toks, k),
                    action=action, subject=_subject(toks, k),
                    complement=_complement(toks, k, kind),
                    alternatives=alts if len(alts) > 1 else (),
                    context=_clean(_content(owners)[0]) if owners else frozenset())


NEGATION_WORDS = frozenset({"не", "нет", "нету", "ни", "без"})
"""Words that make a clause say what is not (Russian negative concord: «нет ни одного» is one
negation, not two)."""


def _denied_after(toks: list[Tok], i: int) -> bool:
    """The words after «или» at ``toks[i]`` are a clause denying with a verb of its own («…
    можно выбрать целью разряда или закрытых не трогают»): «не» right before a finite verb
    among them, and a modal asked before the «или» outside any «если …» — the other answer
    offered, not a second option of what is asked («быстрое или медленное») nor a member of
    a condition («Если существо …, становится летающим … или симбиотом – … не уничтожается?»)."""
    L = language()
    after = toks[i + 1:]
    denied = any(t.lemma == "не" and j + 1 < len(after) and after[j + 1].pos == "VERB" for j, t in enumerate(after))
    before = toks[:i]
    return denied and not any(t.lemma in L.condition for t in before) and any(
        t.lemma in L.personal or t.lemma in L.impersonal for t in before)


def negated_words(lemmas) -> bool:
    """Whether the words (lemmas) of a clause say what is not (``NEGATION_WORDS``)."""
    return any(w in NEGATION_WORDS for w in lemmas)


def _absolute(toks: list[Tok]) -> bool:
    """``Question.absolute``: «никак», «никогда», «ни в коем случае», «ни при каких …»."""
    for i, t in enumerate(toks):
        if t.lemma in ("никак", "никогда"):
            return True
        if t.lemma == "ни" and i + 2 < len(toks) and toks[i + 1].lemma in ("в", "при") and toks[i + 2].lemma in (
                "коем", "кой", "какой", "каков"):
            return True
    return False


def _only_words(toks: list[Tok], k: int) -> frozenset[str]:
    """The concepts after the first «только / лишь» of the asked predicate's clause (``toks[k]``)
    to the end of that clause (``Question.only_words``); none when «только» stands in another
    clause («…, если у противника остались только летающие?» restricts nothing asked)."""
    L = language()
    at = next((i for i, t in enumerate(toks) if t.lemma in L.only and (k < 0 or t.clause == toks[k].clause)), None)
    if at is None or (at > 0 and toks[at - 1].lemma == "не"):   # «не только в свой ход?» restricts nothing
        return frozenset()
    return _clean(_content([t for t in toks[at + 1:] if t.clause == toks[at].clause])[0])


def _bounded(toks: list[Tok]) -> bool:
    """A number word right after «только / лишь», «не более / не больше» or «максимум»
    («может быть только одна?»): the question asks whether that is the bound."""
    L = language()
    for i, t in enumerate(toks[:-1]):
        nxt = toks[i + 2] if toks[i + 1].pos == "PREP" and i + 2 < len(toks) else toks[i + 1]   # «только в одной»
        if not (nxt.text.isdigit() or nxt.lemma in L.numbers):
            continue
        if t.lemma in L.only or t.lemma in ("максимум", "макс") or (
                t.lemma in L.limit and i > 0 and toks[i - 1].lemma == "не"):
            return True
    return False


def _remain(toks: list[Tok], k: int) -> str | None:
    """The state concept of «оставаться / остаться» + a state word (``remain`` of the rule
    language) at the asked verb ``toks[k]``: «так и остаётся закрытым» -> «закрытый»."""
    L = language()
    if k < 0 or toks[k].lemma not in L.remain_verbs:
        return None
    for t in toks[k + 1:k + 4]:
        if t.clause != toks[k].clause:
            break
        c = L.norm(t.lemma, t.text)
        if c in L.remain:
            return c
    return None


def _kept(toks: list[Tok], k: int) -> bool:
    """«страж остаётся?», «у него остался страж?»: the asked verb ``toks[k]`` is one of staying
    (``remain_verbs``) whose subject is something a card has — a noun in the nominative in its
    clause that names no card, player or person (``card_kinds``, ``broader`` of «карта» /
    «игрок», ``people``) — and no place or state is said after it («остаётся на поле»,
    «остаётся закрытым»): it asks whether the card keeps it, i.e. does not lose it
    (``remain_lose`` of the rule language)."""
    L = language()
    if k < 0 or toks[k].lemma not in L.remain_verbs or not L.remain_lose:
        return False
    clause = [t for t in toks if t.clause == toks[k].clause]
    if any(t.pos in ("PREP", "ADJF", "PRTF", "ADJS", "PRTS", "ADVB", "INFN") and t.lemma != "у"
           for t in clause if t.i > toks[k].i):
        return False
    subj = [t for t in clause if t.pos == "NOUN" and t.case == "nomn" and t.i != toks[k].i]
    if len(subj) != 1:
        return False
    c = L.norm(subj[0].lemma, subj[0].text)
    return not (c in L.card_kinds or c in L.people or L.is_kind_of(c, "карта") or L.is_kind_of(c, "игрок")
                or c in ("карта", "игрок"))


def _likened(toks: list[Tok]) -> list[Tok]:
    """The asker's comparison «как при простом», «как за выстрел», «как с мулиганом» (a
    «как» after the first word, then a preposition) to the end of its clause: what the asked
    case is likened to is a circumstance (``Question.context``), not a word of what is asked."""
    for i, t in enumerate(toks[:-1]):
        if i > 0 and t.lemma == "как" and toks[i + 1].pos == "PREP" and toks[i + 1].lemma != "только":
            return [u for u in toks[i:] if u.clause == t.clause]
    return []


def _means(toks: list[Tok]) -> list[Tok]:
    """A generic means told in the instrumental («перенаправить абилкой», «своей
    особенностью вернул …»): a concept of ``means`` of the rule language, with the adjectives
    and pronouns before it in the same case. By what the action is done is a circumstance
    (``Question.context``): a rule that does not name it is not narrowed by it."""
    L = language()
    out: list[Tok] = []
    for i, t in enumerate(toks):
        if t.pos == "NOUN" and t.case == "ablt" and L.norm(t.lemma, t.text) in L.means:
            j = i - 1
            while j >= 0 and toks[j].pos in ("ADJF", "NPRO", "PRTF") and toks[j].case == "ablt":
                j -= 1
            out += toks[j + 1:i + 1]
    return out


def _possessors(toks: list[Tok]) -> list[Tok]:
    """The owners named after what they own («простой удар противника», «сущ соперника»):
    a person of ``owners`` of the rule language in the genitive right after a noun, with no
    preposition between. Whose card it is is a circumstance, not what is asked: a rule that
    does not name the owner is not narrowed by it (it goes to ``Question.context``)."""
    L = language()
    out = []
    for i in range(1, len(toks)):
        t, before = toks[i], toks[i - 1]
        if t.case == "gent" and t.pos == "NOUN" and L.norm(t.lemma, t.text) in L.owners \
                and before.pos == "NOUN" and before.clause == t.clause and not before.quote:
            out.append(t)
    return out


def _without(toks: list[Tok]) -> frozenset[str]:
    """The concept of the words right after each «без» (a multi-word term or the first
    content word; ``Question.without``)."""
    out: set[str] = set()
    for i, t in enumerate(toks[:-1]):
        if t.lemma != "без":
            continue
        got = _content(toks[i + 1:i + 4])[0]
        first = _content(toks[i + 1:i + 2])[0]
        term = next((c for c in got if "_" in c), None)   # «без золотого кристалла»
        out |= {term} if term else set(first)
    return frozenset(out)


def _collocated(bag: frozenset[str], action: str) -> tuple[frozenset[str], str]:
    """``(bag, action)`` with a verb that means another next to a noun of the bag put into
    that verb («поставить защитника» -> «назначить»; ``collocations`` of the rule language)."""
    L = language()
    for noun, verbs in L.collocations.items():
        if noun not in bag:
            continue
        for verb, meant in verbs.items():
            if verb in bag or action == verb:
                bag = (bag - {verb}) | {meant} if verb in bag else bag | {meant}
                action = meant if action == verb else action
    return bag, action


def _choice(toks: list[Tok]) -> tuple[tuple[str, str], ...]:
    """``((a, word), (b, word))`` for «A или B» whose concepts are opposites (``antonyms``
    of the rule language), else ``()``."""
    L = language()
    for i in range(1, len(toks) - 1):
        if toks[i].lemma != "или":
            continue
        a, b = toks[i - 1], toks[i + 1]
        ca, cb = L.norm(a.lemma, a.text), L.norm(b.lemma, b.text)
        if L.antonyms.get(ca) == cb:
            return (ca, a.text), (cb, b.text)
    return ()


_PROTECT, _DEFENDER = "защищать", "защитник"
"""«защищать» without «от …» and no protection or armour named is a creature's role: the
defender of 303 («одной тварью защищать два раза за ход»), not «защита от …»."""


def _sibling_named(action: str, bag: frozenset[str]) -> bool:
    """The asked verb's concept and a noun of the question are two kinds of one thing,
    neither a kind of the other («разряд кинуть»: «кинуть» is «метание», «разряд» the
    attack meant) — the verb only carries the noun."""
    L = language()
    if not action or action not in bag:
        return False
    up = L.broader.get(action, frozenset())
    return bool(up) and any(b != action and not L.is_kind_of(b, action) and not L.is_kind_of(action, b)
                            and up & L.broader.get(b, frozenset()) for b in bag)


def _complement(toks: list[Tok], k: int, kind: str) -> frozenset[str]:
    """Concepts after the asked infinitive (between a fronted infinitive and the modal:
    «Использовать движение может …» -> {движение}), not named before it."""
    if kind != "modal":
        return frozenset()
    f = next((i for i, t in enumerate(toks) if t.pos == "INFN"), None)
    if f is None:
        return frozenset()
    if k < 0:   # «… по закрытой карте бить, можно?»: the modal was a tail, read off already
        k = len(toks)
    span = toks[f + 1:k] if f < k else toks[f + 1:]
    span = [t for t in span if t.clause == toks[f].clause]   # «закрыться, объявив удар через ряд»: another clause
    others = toks[:f] + (toks[k + 1:] if f < k else [])
    personal = k < len(toks) and toks[k].lemma not in language().impersonal   # «могут» has a subject, «можно» none
    reflexive = toks[f].text.endswith(("ся", "сь")) or toks[f].lemma == "быть"   # «может быть летающее существо …»: no object
    clause = toks[min(k, len(toks) - 1)].clause
    aimed = _aimed([t for t in others if t.clause == clause], toks[f])
    agent = set()   # «закрытой картой»: the instrumental names who acts, with its adjectives
    for i, t in enumerate(span):
        j = i - 1
        while j >= 0 and span[j].pos in ("ADJF", "PRTF"):
            j -= 1
        free = t.pos == "NOUN" and not (j >= 0 and span[j].pos == "PREP")
        if (t.pos == "NOUN" and t.case == "ablt") or (free and personal and (
                ((reflexive or aimed) and t.case in ("nomn", "accs")) or _only_nominative(t.text))):
            # «обязан ли закрыться защитник?», «на летуна может напасть нелетающее существо?»: after the
            # infinitive, yet the one who acts (a nominative with a personal modal; a reflexive verb,
            # or an attack whose target «на …» is named, has no direct object)
            # «обязан ли закрыться защитник?»: after the infinitive, yet the one who acts (a
            # nominative with a personal modal; a reflexive verb has no direct object)
            agent.add(i)
            j = i - 1
            while j >= 0 and span[j].pos in ("ADJF", "PRTF"):
                agent.add(j)
                j -= 1
    after = _clean(_content([t for i, t in enumerate(span) if t.lemma not in ("ли", "разве", "не")
                             and i not in agent])[0])
    objects = _accusative_objects([t for t in others if t.clause == clause], personal)
    before = _clean(_content([t for t in others if t.lemma not in ("ли", "разве", "не")
                              and t not in objects])[0])
    targets = _struck([t for t in others if t.clause == clause]) + aimed
    return frozenset(after - before) | _clean(_content(objects + targets)[0])


def _aimed(toks: list[Tok], verb: Tok) -> list[Tok]:
    """The target of an attack verb named by «на + accusative» before it («на летающее
    существо может напасть …»), with its adjectives; ``[]`` when ``verb`` is no attack."""
    L = language()
    if not L.is_kind_of(L.norm(verb.lemma, verb.text), "атака"):
        return []
    for i, t in enumerate(toks[:-1]):
        if t.lemma != "на":
            continue
        j = i + 1
        while j < len(toks) and toks[j].pos in ("ADJF", "PRTF"):
            j += 1
        if j < len(toks) and toks[j].pos == "NOUN" and toks[j].case in ("accs", "nomn"):   # after «на», no nominative:
            return toks[i + 1:j + 1]                                                          # the accusative read so
    return []


def _only_nominative(word: str) -> bool:
    """``word`` is a noun in the nominative and no parse makes it an accusative
    («защитник», not «артефакт», whose accusative is the same word)."""
    from bot.morph import analyzer

    cases = {p.tag.case for p in analyzer().parse(word) if p.tag.POS == "NOUN"}
    return "nomn" in cases and "accs" not in cases


def _struck(toks: list[Tok]) -> list[Tok]:
    """What «по …» names before the infinitive («простым ударом по нему бить»): the target
    of an attack is acted on, wherever it stands (with its adjectives)."""
    out: list[Tok] = []
    for i, t in enumerate(toks[:-1]):
        if t.lemma != "по":
            continue
        j = i + 1
        while j < len(toks) and toks[j].pos in ("ADJF", "PRTF"):
            j += 1
        if j < len(toks) and toks[j].pos == "NOUN":
            out.extend(toks[i + 1:j + 1])
    return out


def _accusative_objects(toks: list[Tok], personal: bool = False) -> list[Tok]:
    """The direct objects among ``toks``: nouns in the accusative with no preposition
    before them, with their adjectives and participles («закрытую карту нельзя атаковать»
    — the closed card is what is attacked, not who attacks; the case says so, not the
    word order). With a personal modal («Артефакты могут …») a form that may be the
    nominative too is its subject."""
    from bot.rules_text.propositions import _may_be_nominative

    out: list[Tok] = []
    for i, t in enumerate(toks):
        if t.pos == "NOUN" and t.case == "accs" and not (i > 0 and toks[i - 1].pos == "PREP") and not (
                personal and _may_be_nominative(t.text)):
            j = i - 1
            group = [t]
            while j >= 0 and toks[j].pos in ("ADJF", "PRTF", "NPRO"):
                group.insert(0, toks[j])
                j -= 1
            if j >= 0 and toks[j].pos == "PREP":
                continue
            group = [u for u in group if u.case == "accs"]
            out.extend(group)
    return out


def _subject(toks: list[Tok], k: int) -> frozenset[str]:
    """The subject in the clause of the asked predicate (``k``; the whole question when
    the predicate is a «…, можно?» tail)."""
    from bot.rules_text.propositions import subject_concepts

    main = [t for t in toks if k < 0 or t.clause == toks[k].clause]
    return subject_concepts([t for t in main if t.lemma not in ("ли", "разве")])


def _action(toks: list[Tok], k: int, kind: str) -> str:
    L = language()
    if kind == "happens" and k >= 0:
        return L.norm(toks[k].lemma, toks[k].text)
    inf = next((t for t in toks[max(k, 0):] if t.pos == "INFN"), None)
    return L.norm(inf.lemma, inf.text) if inf is not None else ""


def _stated(toks: list[Tok], k: int) -> frozenset[str]:
    L = language()
    out: list[Tok] = []
    at = next((i for i, t in enumerate(toks) if t.lemma in L.condition), None)
    if at is not None:
        out += [t for t in toks[at:] if t.clause >= toks[at].clause]
    if k > 0:   # «у меня закрытое существо, …»: a clause of its own before the asked one (not its subject)
        out += [t for t in toks[:k] if t.clause != toks[k].clause]
    return _clean(_content(out)[0]) if out else frozenset()


def _asked_predicate(toks: list[Tok]) -> tuple[int, str, str, bool, str] | None:
    """``(index, kind, mode, impersonal, word)`` of the asked predicate: the first modal word,
    else a state word («является», «это»), else the first finite verb of the main clause."""
    L = language()
    for i, t in enumerate(toks):
        if t.lemma in L.impersonal:
            return i, "modal", L.impersonal[t.lemma], True, t.text
        if t.lemma in L.personal and t.pos in ("VERB", "ADJS", "PRTS", "PRED", "ADVB", None):
            return i, "modal", L.personal[t.lemma], False, t.text
    for i, t in enumerate(toks):
        if (t.lemma in L.state and t.pos == "VERB") or (t.text == "это" and 0 < i < len(toks) - 1
                                                            and not any(u.pos == "VERB" for u in toks)):
            return i, "state", "is", False, t.text if t.lemma != "это" else "является"
    if not any(t.pos in ("VERB", "INFN") for t in toks) and len(toks) >= 2 and toks[-1].pos in ("ADJF", "ADJS") \
            and toks[-1].case in ("nomn", None) and any(t.pos == "NOUN" for t in toks[:-1]):
        return -1, "state", "is", False, "является"   # «бросок кубика медленный?»: the adjective is asked
    verbs = [i for i, t in enumerate(toks) if t.pos == "VERB" and not _subordinate(toks, i)]
    if not verbs and toks[0].lemma in L.condition and not any(   # «если … она не уничтожается?» without a comma
            t.lemma in ("что", "кто", "как", "какой", "где", "куда", "почему", "зачем") for t in toks):
        verbs = [i for i, t in enumerate(toks) if t.pos == "VERB"][1:]
    if verbs:   # after a leading «если …» the asked verb is the last one
        i = verbs[-1] if toks[0].lemma in L.condition else verbs[0]
        but = [j for j, t in enumerate(toks) if j > 0 and t.lemma in _CONTRAST and toks[j - 1].clause != t.clause]
        if but and i < but[-1] and any(j > but[-1] for j in verbs):
            # «все закрытые открываются, но X так и остаётся закрытым?»: the contrasted clause is asked
            i = next(j for j in verbs if j > but[-1])
        if toks[i].tense == "past":   # «карту вернули в колоду, сработает …?»: the story, then the question
            i = next((j for j in verbs if j > i and toks[j].tense in ("pres", "futr")), i)
        return i, "happens", "happens", False, toks[i].text
    return None


def _negative_pronoun(toks: list[Tok], i: int) -> bool:
    """``toks[i]`` («кем», «кого») is part of a negative pronoun written apart: «ни с кем», «ни
    кого» — «летун ни с кем рядом не стоит?» asks no person."""
    return (i > 0 and toks[i - 1].lemma == "ни") or (i > 1 and toks[i - 1].pos == "PREP" and toks[i - 2].lemma == "ни")


_INDEFINITE = ("нибудь", "либо", "то")
"""Particles written apart after «кто / что» that make an indefinite pronoun («кем нибудь»)."""

_CONTRAST = ("но", "однако")
"""Conjunctions opening a clause that contrasts with the one before: what it says is asked."""


def _subordinate(toks: list[Tok], i: int) -> bool:
    """The verb ``toks[i]`` is the predicate of a «который / если / когда / что …» clause: the
    first verb after that word in its clause. A chat question writes no comma to close the
    clause («сущ который встал защитником закрывается?»): a later verb is the main one."""
    t = toks[i]
    for j in range(i - 1, -1, -1):
        u = toks[j]
        if u.clause != t.clause:
            return False
        if u.pos == "VERB":
            return False    # a verb between: that one is the clause's predicate
        if u.lemma in ("который", "если", "когда", "что"):
            return True
    return False


def _clean(bag: frozenset[str]) -> frozenset[str]:
    """A bag without light verbs (when something else is named) and without a concept a
    narrower one of the bag already names («бить ударом через ряд»: «атака» goes)."""
    return clean_bag(bag, plain_only=True)


def clean_bag(bag: frozenset[str] | set[str], plain_only: bool = False) -> frozenset[str]:
    """See ``_clean`` (shared with the rule side, ``bot.rules_text.match``); ``plain_only``:
    the widening marks («~») dropped (a question's words all count)."""
    L = language()
    if plain_only:
        bag = {w.lstrip("~") for w in bag}
    core = {w for w in bag if w.lstrip("~") not in L.light}
    if not core:
        core = set(bag)
    named = L.broader_named({w.lstrip("~") for w in core})    # what a narrower word of the bag names
    return frozenset(w for w in core if w.lstrip("~") not in named)


def _count(toks: list[Tok], text: str) -> Question:
    L = language()
    bound = ""
    rest = []
    counted = ""
    after = False
    next_to = False   # the counted noun stands right after «сколько»
    prev = None
    for t in toks:
        if after and not counted and t.pos == "NOUN" and t.lemma not in L.count_words:
            counted = L.norm(t.lemma, t.text)
            next_to = prev is not None and L.norm(prev.lemma, prev.text) == "сколько"
        prev = t
        c = L.norm(t.lemma, t.text)
        if t.lemma in ("максимум", "макс", "максимальный", "больше", "более") or t.text == "макс":
            bound = "max" if bound in ("", "max") else "both"   # «мин и макс»: both bounds asked
            continue
        if t.lemma in ("минимум", "мин", "минимальный", "меньше", "менее") or t.text == "мин":   # «мин» read as «мина»
            bound = "min" if bound in ("", "min") else "both"
            continue
        if c == "сколько" or t.lemma in L.count_words or t.lemma in L.personal or t.lemma in L.impersonal:
            after = after or c == "сколько"
            continue
        rest.append(t)
    at = next((t.clause for t in toks if L.norm(t.lemma, t.text) == "сколько" or t.lemma in L.count_words), None)
    told = [t for t in rest if at is not None and t.clause != at]
    if told and len(told) < len(rest):   # «три стихии плюс нейтралы, скока кристаллов теряю»: the asked clause
        rest = [t for t in rest if t.clause == at]
    else:
        told = []
    bag, nums = _content(rest)
    if counted in L.filler and not next_to:   # «сколько раз …» counts «раз», a filler elsewhere («раз он …»)
        counted = ""
    ctx = _clean(_content(told)[0]) - _clean(bag) if told else frozenset()
    bound = "" if bound == "both" else bound
    return Question(kind="count", mode="count", positive=True, bag=_clean(bag), numbers=nums, bound=bound,
                    counted=counted, text=text, context=frozenset(ctx))


def _who(toks: list[Tok], k: int, text: str) -> Question:
    """«кто получает приоритет …?»: the concepts asked about, «кто» and an ordinal next to
    it («кто первый …», «… первым») dropped — they ask for the person, not name one."""
    skip = {k}
    for j in (k + 1, len(toks) - 1):
        if 0 <= j < len(toks) and toks[j].lemma in ("первый", "сначала", "раньше"):
            skip.add(j)
    rest = [t for i, t in enumerate(toks) if i not in skip]
    bag, nums = _content(rest)
    return Question(kind="who", mode="who", positive=True, bag=_clean(bag), numbers=nums, text=text,
                    action=next((language().norm(t.lemma, t.text) for t in rest if t.pos == "VERB"), ""))


def _where(toks: list[Tok], text: str) -> Question:
    """«Куда / где / на чьё кладбище идёт карта?»: the place a rule puts something —
    ``bag`` the question's words without the place word, ``action`` its verb."""
    L = language()
    rest = [t for t in toks if t.lemma not in L.where_words]
    verb = next((t for t in rest if t.pos in ("VERB", "INFN")), None)
    bag, nums = _content(rest)
    return Question(kind="where", mode="where", positive=True, bag=_clean(bag), numbers=nums, text=text,
                    action=L.norm(verb.lemma, verb.text) if verb is not None else "", verb=verb.text if verb else "")


def _what(toks: list[Tok], k: int, text: str) -> Question:
    L = language()
    rest = toks[k + 2:]
    about: frozenset[str] = frozenset()
    cond_at = next((i for i, t in enumerate(rest) if t.lemma in L.condition), None)
    head, tail = (rest[:cond_at], rest[cond_at + 1:]) if cond_at is not None else ([], rest)
    if head and head[0].lemma == "с":
        about = _clean(_content(head[1:])[0])
    elif cond_at is None and rest and rest[0].lemma == "с":
        about, tail = _clean(_content(rest[1:])[0]), []
    cond = _clean(_content(tail)[0])
    return Question(kind="what", mode="what", positive=True, bag=about | cond, about=about, cond=cond, text=text,
                    condition_text=" ".join(t.text for t in tail))
