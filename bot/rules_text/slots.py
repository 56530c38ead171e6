"""Wh-questions answered by one part of one rule sentence (issue 14).

A short question asking *what is done*, *when*, *which* or *what a thing does* is answered
by the slot of the one sentence that names every concept of the question
(``grammar/rule_slots.yaml`` lists the question phrases of each slot):

- ``then`` — «кубик упал со стола при броске, что делаем?»: the main clause of a rule with
  a condition («Если кубик упал со стола …, то бросок повторяется» -> «Бросок повторяется»);
- ``when`` — «когда срабатывает регенерация?»: the one time phrase («в начале своего хода»)
  or the condition («если в его отряде не осталось ни одного существа …») of the sentence;
- ``which`` — «какие атаки дальние?»: the members a sentence gives to the asked noun phrase
  («· дальние атаки – удар через ряд, выстрел …», «Магическими атаками являются …»), or the
  word qualifying the asked noun there («в какую сторону округлять?» -> «в меньшую сторону»);
- ``does`` — «что даёт медитация?»: the sentence whose subject names the edition's quoted
  term («Карта с особенностью «Медитация» может …»); «от чего защищает защита от дальних
  атак?»: the phrase after the asked verb opening with the asked preposition.

Every concept of the question must be named by the sentence (for «какой X» qualifiers: by
its paragraph), and a sentence naming a subject the question does not is another rule.
Two sentences giving two different answers give no verdict: both are listed. The answer
leads with the slot and quotes the sentence, citing its paragraph
(``bot.rules_text.values._reply``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.memo import declines_per_question
from bot.reading.tokens import Tok, tokenize

FILE = "rule_slots.yaml"
MAX_CHARS = 120
"""The longest asked sentence read here: a plain rule question is short; a story is not."""


@dataclass(frozen=True)
class SlotWords:
    """The tables of ``grammar/rule_slots.yaml``: slot -> question phrases (lemma tuples),
    the «which» words, the copulas and the openers of a time phrase."""

    phrases: dict[str, tuple[tuple[str, ...], ...]]
    which: frozenset[str]
    copulas: frozenset[str]
    time: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=1)
def words() -> SlotWords:
    """``SlotWords`` of ``grammar/rule_slots.yaml``; raises ``RulebookError`` naming the file
    when it is missing or not a mapping."""
    from bot.errors import RulebookError
    from bot.paths import grammar_dir
    from bot.textnorm import fold
    from bot.yamlsafe import load_data_file

    path = grammar_dir() / FILE
    d = load_data_file(path, "слова вопросов о части правила")
    if not isinstance(d, dict):
        raise RulebookError(f"{path}: ожидался словарь с разделами then, when, does, which")
    phrases = {k: tuple(tuple(fold(str(w)) for w in ph) for ph in d.get(k) or ()) for k in ("then", "when", "does")}
    return SlotWords(phrases, frozenset(fold(str(w)) for w in d.get("which") or ()),
                     frozenset(fold(str(w)) for w in d.get("copulas") or ()),
                     tuple(tuple(fold(str(w)) for w in ph) for ph in d.get("time_openers") or ()))


@dataclass(frozen=True)
class Asked:
    """A wh-question read for its slot: ``slot`` (``then`` / ``when`` / ``which`` / ``does``),
    ``toks`` the asked sentence, ``at`` / ``width`` the question phrase among them, ``concepts``
    what the rule must name (the phrase, copulas and fillers left out), ``verb`` the concept of
    the asked verb (``""`` when none), ``noun`` the token after «какой» (``which``),
    ``prep`` the preposition before «что» («от чего»), ``term`` the edition's quoted term named."""

    slot: str
    toks: tuple[Tok, ...]
    at: int
    width: int
    concepts: frozenset[str]
    verb: str = ""
    noun: Tok | None = None
    prep: str = ""
    term: str = ""


def _opens_clause(toks, i: int) -> bool:
    """``toks[i]`` opens the sentence or a clause of it (after a comma), a preposition before it allowed."""
    j = i - 1 if i > 0 and toks[i - 1].pos == "PREP" else i
    return j == 0 or toks[j - 1].clause != toks[j].clause


def read(question: str, edition: str) -> Asked | None:
    """The ``Asked`` of ``question`` (its asked sentence, ``bot.asked.split_asked``), or ``None``
    when no slot phrase opens a clause of it, it is long or modal (a yes/no question)."""
    from bot.asked import split_asked
    from bot.rules_text.language import language
    from bot.rules_text.question import _fix_typos, respell

    parts, k = split_asked(question)
    if k < 0 or len(parts[k]) > MAX_CHARS:
        return None
    W = words()
    L = language()
    toks, _ = tokenize(_fix_typos(respell(parts[k]), edition).rstrip("?!. "))
    if not toks or any(t.lemma in L.personal or t.lemma in L.impersonal or t.lemma in ("ли", "или", "разве")
                       for t in toks):
        return None
    got = _slot_of(toks, edition, story=k > 0)
    if got is None or k == 0:
        return got
    from dataclasses import replace

    from bot.rules_text.values import _concepts

    # the sentences told before it are the case asked about: the rule must say them too
    told = [t for p in parts[:k] for t in tokenize(_fix_typos(respell(p), edition).rstrip("?!. "))[0]]
    ctx = frozenset(x for x in _concepts(told) if x.removeprefix("не ") not in L.filler)
    return replace(got, concepts=got.concepts | ctx)


def _slot_of(toks, edition: str, story: bool = False) -> Asked | None:
    from bot.rules_text.values import _phrase_at

    W = words()
    for i in range(len(toks)):
        if toks[i].lemma == "что" and 0 < i < len(toks) - 1 and toks[i - 1].pos == "PREP" \
                and toks[i + 1].pos == "VERB":   # «защита от дальних атак от чего защищает»
            return _asked("does", toks, i, 2, edition)
        for slot in ("then", "when", "does"):
            w = _phrase_at(toks, i, W.phrases[slot]) if _opens_clause(toks, i) else 0
            if w:
                return _asked(slot, toks, i, w, edition, story=story)
        if toks[i].lemma in W.which and i + 1 < len(toks):   # «… в какую сторону округлять»: anywhere
            nxt = next((j for j in range(i + 1, len(toks)) if toks[j].pos == "NOUN"), None)
            if nxt is not None and all(toks[j].pos in ("ADJF", "PRTF") for j in range(i + 1, nxt)):
                return _asked("which", toks, i, nxt - i + 1, edition, noun=toks[nxt])
    return None


def _asked(slot: str, toks, at: int, width: int, edition: str, noun: Tok | None = None,
           story: bool = False) -> Asked | None:
    from bot.rules_text.language import language
    from bot.rules_text.values import _concepts

    W = words()
    L = language()
    rest = [t for j, t in enumerate(toks) if not at <= j < at + width and t.lemma not in W.copulas]
    prep = toks[at - 1].lemma if at > 0 and toks[at - 1].pos == "PREP" else ""
    if prep:
        rest = [t for t in rest if t is not toks[at - 1]]
    verbs = [t for t in rest if t.pos in ("VERB", "INFN")]
    if slot == "then" and toks[at + width - 1].lemma == "делать" and not verbs and not story and not any(
            t.pos in ("ADJS", "PRTS") for t in rest):
        slot = "does"   # «что делает особенность точность»: what a thing does, no event told
    if slot == "then" and not story and not verbs and not any(
            t.pos in ("ADJS", "PRTS") or t.lemma in L.condition for t in rest):
        return None     # «что будет?» with nothing told
    wh_verb = toks[at + 1] if slot == "does" and at + 1 < len(toks) and toks[at + 1].pos in ("VERB", "INFN") else None
    term = ""
    if slot == "does":
        names = _terms(edition)
        term = next((t.lemma for t in rest if t.lemma in names), "")
        if not term and wh_verb is not None and wh_verb.lemma in ("давать", "дать", "делать", "уметь", "означать", "значить"):
            return None     # «что даёт X» of a thing the edition names no term for
        if not term:
            verbs = [toks[at + 1]] if wh_verb is not None else verbs
    concepts = frozenset(x for x in _concepts(rest) if x.removeprefix("не ") not in L.filler)   # implicit words kept: all must be said
    if not concepts and not story:
        return None
    verb = L.norm(verbs[0].lemma, verbs[0].text) if verbs else ""
    return Asked(slot, tuple(toks), at, width, concepts, verb, noun, prep, term)


_TERMS: dict[int, tuple] = {}


def _terms(edition: str) -> frozenset[str]:
    """The edition's one-word quoted terms («Медитация», «Точность»), as lemmas (read once
    per loaded index)."""
    from bot.morph import lemma
    from bot.rules_text.index import index_for
    from bot.textnorm import fold

    vi = index_for(edition).values
    if vi is None:
        return frozenset()
    got = _TERMS.get(id(vi))
    if got is None or got[0] is not vi:
        out = {lemma(fold(m.group(1))) for f in vi.facts for m in re.finditer(r"«([А-ЯЁ][а-яё]+)»", f.sentence)}
        got = (vi, frozenset(out))
        if len(_TERMS) > 8:
            _TERMS.clear()
        _TERMS[id(vi)] = got
    return got[1]


# --- the sentence's slot --------------------------------------------------------------------

def _plain(sentence: str) -> str:
    return re.sub(r"\s*\([^()]*\)", "", sentence).strip()


def _cap(text: str) -> str:
    text = text.strip(" ,.;:")
    return text[:1].upper() + text[1:]


def _then(f, asked: Asked | None = None) -> str | None:
    """The main clause of a sentence with a condition («Если A, то B» -> B; «При A B» -> whole),
    when the question tells one of the condition's alternatives whole (``_condition_told``)."""
    s = _plain(f.sentence)
    m = re.search(r",\s*то\s+([^.;]+)", s)
    if m and asked is not None and not _condition_told(s[:m.start()], asked):
        return None
    if m:
        return _cap(m.group(1))
    if re.match(r"(?i)(при|если|когда)\s", s) and f.condition_text:
        cut = s.find(f.condition_text.strip()) if f.condition_text else -1
        if cut >= 0:
            tail = s[cut + len(f.condition_text.strip()):].lstrip(" ,–—-")
            if tail:
                return _cap(re.split(r"[.;]", tail)[0])
    if re.match(r"(?i)при\s", s):
        return _cap(re.split(r"[.;]", s)[0])
    return None


def _condition_told(condition: str, asked: Asked) -> bool:
    """Every word of one alternative of the rule's ``condition`` («Если кубик упал со стола или
    встал на ребро») is told by the question («кубик упал со стола»), but one noun when four words are told:
    a rule whose condition asks more than the question tells («если A и B») is not the case asked."""
    from bot.rules_text.language import language
    from bot.rules_text.match import _covered, covered_by
    from bot.rules_text.values import _concepts

    L = language()
    told = covered_by(asked.concepts | ({asked.verb} if asked.verb else frozenset()))
    text = re.sub(r"(?i)^\s*(?:если|когда|при)\s+", "", condition)
    for alt in re.split(r"(?i)\s+или\s+", text):
        every = _concepts(tokenize(alt)[0])
        ws = [w for w in every if w.removeprefix("не ") not in L.filler
              and w.removeprefix("не ") not in L.implicit and w not in L.light]
        missing = [w for w in ws if not (_covered(w, told) or w in asked.concepts)]
        said = sum(1 for w in every if _covered(w, told) or w in asked.concepts)
        if ws and (not missing or (len(missing) == 1 and said >= 4 and not missing[0].endswith(_NOT_NOUN))):
            return True     # a long condition may keep one connective noun unsaid («в результате …»)
    return False


_NOT_NOUN = ("ть", "ться", "ся", "ый", "ий", "ой")
"""Endings of a verb or an adjective concept: a state or an act of the condition, never left unsaid."""


def _when(f) -> str | None:
    """The one time phrase of the sentence (an opener of ``time_openers`` and the genitive
    phrase after it: «в начале своего хода»), else its condition («если …»)."""
    from bot.rules_text.values import _phrase_at

    toks, _ = tokenize(_plain(f.sentence))
    found = []
    for i in range(len(toks)):
        w = _phrase_at(toks, i, words().time)
        if not w:
            continue
        j = i + w
        while j < len(toks) and toks[j].case == "gent" and toks[j].pos in ("ADJF", "NOUN", "PRTF", "NPRO", "NUMR"):
            j += 1
        if j > i + w or toks[j - 1].pos == "NOUN":
            found.append(" ".join(t.text for t in toks[i:j]))
    if len(set(found)) == 1:
        return _cap(found[0])
    if found:
        return None
    m = re.search(r"(?i)(?<![а-яё])(если|когда|пока)\s[^.;]+", _plain(f.sentence))
    return _cap(m.group(0)) if m else None


_LIST_SEG = re.compile(r"^(?P<head>[^–—:]+?)\s+[–—]\s+(?P<tail>.+)$")
_COPULA_SEG = re.compile(r"(?i)^(?P<head>[^,–—:]+?)\s+(?:являются|является|считаются|считается|называются|называется)"
                         r"\s+(?P<tail>[^,]+)")


def _members(f, asked: Asked) -> str | None:
    """The members the sentence gives to a noun phrase naming exactly the asked concepts."""
    from bot.rules_text.values import _content_of, _hits

    for seg in re.split(r"\s*[·;:]\s*|\.\s+", _plain(f.sentence)):
        seg = seg.strip(" .")
        for rx in (_LIST_SEG, _COPULA_SEG):
            m = rx.match(seg)
            if m is None:
                continue
            htoks = tokenize(m.group("head"))[0]
            head = frozenset(_content_of(htoks))
            if head and all(_hits(x, head) for x in asked.concepts | _noun(asked)) and all(
                    _hits(h, asked.concepts | _noun(asked)) for h in head):
                return _cap(m.group("tail"))
            if _lemmas(htoks) and _lemmas(htoks) == _lemmas([t for t in asked.toks if t.lemma not in words().which]):
                return _cap(m.group("tail"))   # «магическими атаками» / «атаки … магическими»
    return None


def _lemmas(toks) -> frozenset[str]:
    """The content lemmas of ``toks`` (nouns, adjectives, participles), each by its concept."""
    from bot.rules_text.language import language

    L = language()
    return frozenset(L.norm(t.lemma, t.text) for t in toks if t.pos in ("NOUN", "ADJF", "ADJS", "PRTF", "PRTS")
                     and t.lemma not in L.filler and t.lemma not in L.implicit and t.lemma not in words().copulas)


def _noun(asked: Asked) -> frozenset[str]:
    from bot.rules_text.language import language

    if asked.noun is None:
        return frozenset()
    return frozenset({language().norm(asked.noun.lemma, asked.noun.text)})


def _qualifier(f, asked: Asked) -> str | None:
    """«в какую сторону» -> the phrase of the sentence qualifying the asked noun («в меньшую сторону»)."""
    toks, _ = tokenize(_plain(f.sentence))
    asked_lemmas = {t.lemma for t in asked.toks}
    out = set()
    for i, t in enumerate(toks):
        if t.lemma != asked.noun.lemma or i == 0:
            continue
        j = i
        while j > 0 and toks[j - 1].pos in ("ADJF", "PRTF") and toks[j - 1].lemma not in asked_lemmas:
            j -= 1
        if j == i:
            continue
        if asked.prep and j > 0 and toks[j - 1].lemma == asked.prep:
            j -= 1
        elif asked.prep:
            continue
        out.add(" ".join(u.text for u in toks[j:i + 1]))
    return _cap(out.pop()) if len(out) == 1 else None


def _does(f, asked: Asked) -> str | None:
    """The sentence whose subject names the asked term; or the phrase after the asked verb."""
    if asked.term:
        s = _plain(f.sentence)
        m = re.search(r"«([А-ЯЁ][а-яё]+)»", s)
        if m is None:
            return None
        from bot.morph import lemma
        from bot.textnorm import fold

        for m in re.finditer(r"«([А-ЯЁ][а-яё]+)»", s):
            if lemma(fold(m.group(1))) == asked.term:
                before = tokenize(s[:m.start()])[0]
                if any(t.pos == "VERB" or t.lemma in ("можно", "нельзя") for t in before):
                    return None     # the term named in the predicate: a rule about something else
                return _cap(s)
        return None
    if not asked.verb or not asked.prep:
        return None
    from bot.rules_text.language import language

    L = language()
    toks, _ = tokenize(_plain(f.sentence))
    for i, t in enumerate(toks[:-1]):
        if t.pos == "VERB" and L.norm(t.lemma, t.text) == asked.verb and toks[i + 1].lemma == asked.prep:
            low = _plain(f.sentence)
            m = re.search(r"(?i)(?<![а-яё])" + re.escape(t.text) + r"\s+(" + re.escape(toks[i + 1].text) + r"\s[^.;]+)",
                          low.replace("ё", "е"))
            return _cap(low[m.start(1):m.end(1)]) if m else None
    return None


# --- the one sentence -----------------------------------------------------------------------

def _fits(f, asked: Asked, paragraph: frozenset[str]) -> bool:
    """Every asked concept named by the sentence (by its paragraph for a qualifier), the
    asked verb by the sentence itself; one of them may be said by a word the concept reader
    folded away («результат расчёта»: ``_said``)."""
    from bot.rules_text.values import _hits

    words_ = paragraph if asked.slot == "which" and asked.noun is not None else f.words
    missed = [x for x in asked.concepts if not _hits(x, words_)]
    verb_missed = bool(asked.verb) and not _hits(asked.verb, f.words)
    if len(missed) + verb_missed > 1:
        return False    # cheap first: only one word may be said outside the sentence's concepts
    said = _said(f.sentence) if missed or verb_missed else frozenset()
    return all(x in said for x in missed) and (not verb_missed or asked.verb in said)


@lru_cache(maxsize=4096)
def _said(sentence: str) -> frozenset[str]:
    """Every word of ``sentence`` by its concept, as written (a word the concept reader folds
    into a term or leaves out — «результат расчёта» — is still said)."""
    from bot.rules_text.language import language

    L = language()
    return frozenset(L.norm(t.lemma, t.text) for t in tokenize(sentence)[0])


def _subject_told(f, asked: Asked) -> bool:
    """The rule's grammatical subject is named by the question: a sentence about a narrower
    thing («сдавшийся игрок проигрывает») is another rule."""
    from bot.rules_text.language import language
    from bot.rules_text.propositions import subject_concepts
    from bot.rules_text.values import _hits

    L = language()
    subj = subject_concepts(tokenize(_plain(f.sentence))[0])
    told = asked.concepts | ({asked.verb} if asked.verb else set()) | _noun(asked)
    return all(_hits(w, told) or not _hits(w, frozenset({w})) for w in subj
               if w.removeprefix("не ") not in L.filler and w.removeprefix("не ") not in L.implicit
               and not w.startswith("~"))


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx) -> "Answer | None":
    """The slot answer of ``question`` under ``edition`` (``idx`` its ``PropIndex``), a
    no-verdict answer listing the sentences when they answer differently, or ``None`` (not
    such a question, no sentence fits)."""
    from bot.rules_text.match import condition_polarity_agrees
    from bot.rules_text.values import _candidates, _decide, _paragraph_words

    vi = getattr(idx, "values", None)
    if vi is None:
        return None
    asked = read(question, edition)
    if asked is None:
        return None
    pool = sorted(asked.concepts | ({asked.verb} if asked.verb else set()))
    paragraphs: dict[str, frozenset[str]] = {}
    options: dict[str, list[tuple[str, str]]] = {}
    found: list[int] = []
    for x in pool:      # the rarest concept the sentences name (a word only said, never a concept, is no key)
        ids = _candidates(vi, [x])
        if ids and (not found or len(ids) < len(found)):
            found = ids
    if asked.slot == "which":   # «атаки … магическими»: the sentence may name them as one term («магический_атака»)
        found = sorted(set(found) | set(_named_by_term(vi, asked)))
    for k in found:
        f = vi.facts[k]
        if asked.slot == "which" and asked.noun is not None and f.number not in paragraphs:
            paragraphs[f.number] = _paragraph_words(vi).get(f.number, f.words)
        got = _members(f, asked) if asked.slot == "which" else None   # the head named exactly: fits
        if got is None and not _fits(f, asked, paragraphs.get(f.number, f.words)):
            continue
        got = got or _slot(f, asked)
        if got is None:
            continue
        if asked.slot in ("then", "when") and not _subject_told(f, asked):
            continue
        if asked.slot == "then" and not condition_polarity_agrees(question, f.cond, f.condition_text):
            continue    # «если свободных клеток нет, …» answers nothing of «если свободные клетки есть»
        options.setdefault(got, []).append((f.number, f.sentence))
    if not options:
        return None
    return _decide(question, options, {}, edition, {"then": "что делать", "when": "когда", "which": "какой",
                                                    "does": "что делает"}[asked.slot])


def _named_by_term(vi, asked: Asked) -> list[int]:
    """Facts naming a multi-word concept («магический_атака») whose every word the question names."""
    lemmas = _lemmas([t for t in asked.toks if t.lemma not in words().which])
    out: list[int] = []
    for parts, ids in _terms_of_index(vi):
        if parts <= lemmas:
            out.extend(ids)
    return out


_TERM_KEYS: dict[int, tuple] = {}


def _terms_of_index(vi) -> tuple:
    """``((words of a multi-word concept, fact indexes), …)`` of ``vi``, built once per index."""
    got = _TERM_KEYS.get(id(vi))
    if got is None or got[0] is not vi:
        got = (vi, tuple((frozenset(k.split("_")), ids) for k, ids in vi.by_concept.items() if "_" in k))
        if len(_TERM_KEYS) > 8:
            _TERM_KEYS.clear()
        _TERM_KEYS[id(vi)] = got
    return got[1]


def _slot(f, asked: Asked) -> str | None:
    if asked.slot == "then":
        return _then(f, asked)
    if asked.slot == "when":
        return _when(f)
    if asked.slot == "does":
        return _does(f, asked)
    return _members(f, asked) or (_qualifier(f, asked) if asked.noun is not None and asked.prep else None)
