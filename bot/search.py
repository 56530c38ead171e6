"""Russian full-text search over the rulebook, and the ``search`` route of ``ask``.

Pipeline (the same for rule paragraphs and for questions):

1. words: letters/digits runs, each folded (``bot.textnorm.fold``: casefold, ё→е,
   Latin look-alikes → Cyrillic);
2. a question word that is neither in the rulebook, nor in the lexicon, nor in the
   dictionary is a typo: it is corrected against the rulebook's own words with
   rapidfuzz («положть» → «положить», «симбеота» → «симбиота»);
3. lemmas (``bot.morph.lemma``, pymorphy3 plus domain lemmas), then
   ``bot.lexicon``: «не X» pairs, other editions' phrases, synonym groups
   (положить/надеть → поместить, внезапное → быстрое, умер → погиб), expansions;
   any other «не X» becomes one negated term «не_X» (302.3 «использующие стек» is
   not 302.5 «не использующие стек»);
4. stop words dropped (inside «quoted» text only the bare function words are);
5. each term also yields a stem term («~переме») so that derivations the lexicon
   does not list still meet, with a lower weight.

Each paragraph is indexed with its text, examples, other editions' wordings
(``variants``), its section title and the glossary terms it contains (a multi-word
term such as «летающее существо» also as one phrase term). Ranking is
BM25 (bm25s) over those terms, weighted by how much of the question (idf-weighted)
the paragraph covers. The index is built once per edition per process.

Snippets mark matched words as ``*слово*`` (asterisks: the rule texts use «» and
[] themselves, never asterisks).

A question whose terms the rulebook barely covers (``coverage`` of the best
paragraph below ``NOT_FOUND_COVERAGE``) gets «не нашёл в правилах» with the
nearest paragraphs instead of a confident answer.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

from bot import lexicon as lex
from bot.answer import Answer, Block
from bot.memo import per_question
from bot.paths import DEFAULT_EDITION
from bot.textnorm import quoted_spans

MARK = "*"
"""Marker put on both sides of a matched word in a snippet."""

NOT_FOUND_COVERAGE = 0.34
"""Minimum idf-weighted share of the question's terms that the best paragraph must
contain for the search route to answer (below it: «не нашёл в правилах»).
Calibrated on tests/data/questions.yaml and off-topic questions (tests/test_search.py,
tests/test_ask_search.py)."""
SINGLE_TERM_COVERAGE = 0.6
"""When the best paragraph shares only one term with the question, that term must
carry at least this share (so «как сыграть в шахматы» is not answered by 406.1)."""

PHRASE = "="
"""Prefix of a glossary phrase term: «летающее существо» -> «=летать_существо»."""
PHRASE_WEIGHT = 1.0
ENOUGH_MATCHED = 4
"""A paragraph sharing this many terms with a long message answers it whatever the
coverage (a rules question inside a paragraph of chatter)."""
NOT = "не_"
"""Prefix of a negated term: «не использующие» -> «не_использовать»."""
STEM_LEN = 6
STEM_WEIGHT = 0.35
COVERAGE_BASE = 0.25
EXPANSION_WEIGHT = 0.3
SNIPPET_CHARS = 200
QUOTE_CHARS = 420

_WORD = re.compile(r"[0-9A-Za-zА-Яа-яЁё]+")
_QUOTE_SPAN = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”|„[^“”]*[“”]")
_NUMBER_IN_TEXT = re.compile(r"(?<![\d.])(\d{3}(?:\.\d{1,3}){1,3})(?![\d])")
_MIN_TYPO_LEN = 4
_MAX_REMEMBERED = 50_000
"""Corrections an index remembers (word -> correction) before it forgets them all."""
MAX_TYPO_ATTEMPTS = 40
"""At most this many words of one question are looked up for typos (bounds the time
a pasted wall of text can take)."""
_QUOTED_MARK = re.compile(r"[«\"“„']\s*([" + re.escape("".join(lex.PUNCTUATION_NAMES)) + r"])\s*[»\"”“']")
_ORDINAL_SUFFIX = frozenset("й го му м ом я ая ой ю ую е ее ые ых ым ми ий ый".split())
# «Что такое пас?», «Какие игродействия используют стек?» ask for a definition …
_DEFINITION_QUESTION = re.compile(
    r"^\W*(что\s+(такое|это|значит|означает|называется|считается)|кто\s+так|какие|каки[ех]\s|что\s+относится)",
    re.IGNORECASE,
)
# … which the rules give as «X – это …», «X, …, это:» or «… называется X».
_DEFINITION_HEADS = (
    re.compile(r"(?:^|[.!?]\s)([^.!?:;]{1,90}?)\s[–-]\s*это\b"),
    re.compile(r"(?:^|[.!?]\s)([^.!?:;]{1,90}?),?\s+это\s*:"),
    re.compile(r"\bназыва\w*\s+([^.!?:;]{1,60})"),
)
DEFINITION_BOOST = 1.0
"""A definition question multiplies a paragraph's score by 1 + DEFINITION_BOOST × the
share of the question's terms found in the term the paragraph defines."""
# Stop words still dropped inside quoted text (the quote is card or rule wording).
_BARE_FUNCTION_WORDS = frozenset("и в во на с со к у о от из за по а но же ли бы".split())


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Hit:
    """One ranked paragraph: ``number`` ("209.4"), ``score`` (BM25 × coverage,
    higher is better, not comparable across questions), ``snippet`` (a piece of the
    paragraph text, matched words as ``*слово*``, «…» where cut)."""

    number: str
    score: float
    snippet: str

    def to_json(self) -> dict[str, Any]:
        """``{number, score, snippet}`` as ``search --json`` prints it."""
        return {"number": self.number, "score": round(self.score, 3), "snippet": self.snippet}


@dataclass
class QueryTerms:
    """A question turned into index terms.

    weights: term -> weight (lemmas and glossary phrases 1.0, expansions 0.3, stems 0.35);
    content: the distinct lemma terms that coverage is measured on;
    corrections: (typed word, corrected word) pairs; ignored: words that were
    neither known nor correctable; numbers: paragraph numbers written in the question;
    words: the question's folded words after typo correction."""

    weights: dict[str, float] = field(default_factory=dict)
    content: list[str] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    _credits: Any = field(default=None, repr=False, compare=False)


@dataclass
class Result:
    """Search outcome: ``hits`` best first, ``coverage`` of the best hit (0..1),
    ``matched`` (how many question terms the best hit contains), ``found`` (coverage
    at or above ``NOT_FOUND_COVERAGE``, or ``SINGLE_TERM_COVERAGE`` when only one
    term matched, or at least ``ENOUGH_MATCHED`` terms matched), the ``query`` terms."""

    hits: list[Hit]
    coverage: float
    found: bool
    query: QueryTerms
    matched: int = 0


# --------------------------------------------------------------------------- text -> terms
@lru_cache(maxsize=1)
def _canonical_map() -> dict[str, str]:
    out: dict[str, str] = {}
    for head, others in lex.SYNONYMS.items():
        for w in others:
            out[w] = head
    return out


@lru_cache(maxsize=1)
def lexicon_words() -> frozenset[str]:
    """Every word the lexicon knows (synonyms, phrase and expansion words)."""
    words: set[str] = set()
    for head, others in lex.SYNONYMS.items():
        words.add(head)
        words.update(others)
    for k, v in lex.NEGATED.items():
        words.update((k, v))
    for k, v in lex.PHRASES.items():
        words.update(k)
        words.update(v)
    for k, v in lex.EXPANSIONS.items():
        words.add(k)
        words.update(v)
    return frozenset(w for w in words if "_" not in w)


def fold_word(word: str) -> str:
    """One word in matching form (``bot.textnorm.fold`` applied to a single word)."""
    from bot.textnorm import fold

    return fold(word)


SNIPPET_DOCS = 512
"""How many paragraphs' words ``SearchIndex.snippet`` keeps ready (``SearchIndex._doc_words``)."""


def words_with_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, folded word)`` for every word of ``text`` (offsets into ``text``)."""
    return [(m.start(), m.end(), _fold_cached(m.group(0))) for m in _WORD.finditer(text)]


@lru_cache(maxsize=100_000)
def _fold_cached(word: str) -> str:
    return fold_word(word)


@lru_cache(maxsize=100_000)
def canonical(lemma: str) -> str:
    """The head of the lemma's synonym group (``bot.lexicon.SYNONYMS``), or the lemma;
    a reflexive verb falls back to its plain verb's group («назначаться» → «назначить»'s)."""
    m = _canonical_map()
    if lemma in m:
        return m[lemma]
    if lemma.endswith(("ся", "сь")) and lemma[:-2] in m:
        return m[lemma[:-2]]
    return lemma


@lru_cache(maxsize=100_000)
def word_term(word: str) -> str:
    """Folded word -> its index term: lemma, then synonym head («положила» → «поместить»)."""
    from bot.morph import lemma

    return canonical(lemma(word))


@lru_cache(maxsize=50_000)
def _negation_base(term: str) -> str | None:
    """«незанятый» -> «занятый» when the word is a не-adjective/participle of a known
    word, so «занятая клетка» meets the rule about «незанятая клетка»."""
    if len(term) < 6 or not term.startswith("не"):
        return None
    from bot.morph import analyzer

    base = term[2:]
    morph = analyzer()
    if not morph.word_is_known(base):
        return None
    if morph.parse(term)[0].tag.POS not in ("ADJF", "ADJS", "PRTF", "PRTS", "ADVB"):
        return None
    return canonical(base)


@lru_cache(maxsize=100_000)
def _dictionary_word(word: str) -> bool:
    """A folded word the morphology dictionary (or the domain lemmas) knows."""
    from bot.morph import DOMAIN_LEMMAS, analyzer

    return word in DOMAIN_LEMMAS or analyzer().word_is_known(word)


def stem(term: str) -> str | None:
    """Stem term («~переме») for lemmas long enough to have a meaningful prefix."""
    if term.startswith(NOT):
        return None
    return "~" + term[:STEM_LEN] if len(term) > STEM_LEN else None


def _lemma_stream(words: list[str], quoted: list[bool]) -> list[tuple[str, bool]]:
    """Folded words -> (term, quoted) with «не X» and phrases rewritten."""
    terms = [word_term(w) for w in words]
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(terms):
        t = terms[i]
        if t in lex.ORDINALS and i + 1 < len(terms) and words[i + 1] in _ORDINAL_SUFFIX:  # «3-го ряда»
            out.append((lex.ORDINALS[t], quoted[i]))
            i += 2
            continue
        if t == "не" and i + 1 < len(terms) and terms[i + 1] in lex.NEGATED:
            out.append((lex.NEGATED[terms[i + 1]], quoted[i]))
            i += 2
            continue
        if t == "не" and i + 1 < len(terms) and terms[i + 1] not in lex.STOP_WORDS:
            out.append((NOT + terms[i + 1], quoted[i]))
            i += 2
            continue
        for phrase, repl in lex.PHRASES.items():
            n = len(phrase)
            if tuple(terms[i : i + n]) == phrase:
                out.extend((r, quoted[i]) for r in repl)
                i += n
                break
        else:
            out.append((t, quoted[i]))
            i += 1
    return out


def _is_stop(term: str, quoted: bool) -> bool:
    if quoted:
        return term in _BARE_FUNCTION_WORDS
    return term in lex.STOP_WORDS


def term_sequence(text: str) -> list[str]:
    """Lemma terms of ``text`` in order (synonym heads, «не_X», phrases rewritten),
    stop words dropped — the sequence glossary phrases are matched on."""
    words = [w for _, _, w in words_with_spans(text)]
    return [t for t, _ in _lemma_stream(words, [False] * len(words)) if not _is_stop(t, False) and not t.isdigit()]


def phrase_terms(seq: list[str], phrases: dict[str, list[tuple[str, ...]]]) -> list[str]:
    """Glossary phrase terms («=летать_существо») for every multi-word glossary term
    whose lemmas occur adjacently in ``seq``; ``phrases`` maps a first lemma to the
    phrases starting with it."""
    out: list[str] = []
    for i, t in enumerate(seq):
        for ph in phrases.get(t, ()):
            if tuple(seq[i : i + len(ph)]) == ph:
                out.append(PHRASE + "_".join(ph))
    return out


def text_terms(text: str, phrases: dict[str, list[tuple[str, ...]]] | None = None) -> list[str]:
    """Index terms of a rule text: lemmas (synonym heads), не-bases, expansions,
    stems and glossary phrase terms (when ``phrases`` is given); stop words dropped;
    repeats kept (BM25 counts them)."""
    seq = term_sequence(text)
    out: list[str] = []
    for t in seq:
        out.append(t)
        base = _negation_base(t)
        if base:
            out.append(base)
        out.extend(lex.EXPANSIONS.get(t, ()))
        s = stem(t)
        if s:
            out.append(s)
    if phrases:
        out.extend(phrase_terms(seq, phrases))
    return out


def df_terms(corpus: list[list[str]]) -> set[str]:
    """Every distinct term of a tokenised corpus."""
    out: set[str] = set()
    for terms in corpus:
        out.update(terms)
    return out


_QUOTE_CLOSERS = {"«": "»", '"': '"', "“": "”", "„": "“”"}  # the pairs of ``_QUOTE_SPAN``


def _inside(spans: list[tuple[int, int]], pos: int) -> bool:
    """``pos`` lies in one of the sorted, non-overlapping ``spans`` (binary search)."""
    i = bisect.bisect_right(spans, (pos, float("inf"))) - 1
    return i >= 0 and spans[i][0] <= pos < spans[i][1]


def _quoted_mask(text: str) -> list[tuple[int, int]]:
    """Spans of ``_QUOTE_SPAN`` phrases, found in linear time (``quoted_spans``)."""
    return quoted_spans(text, _QUOTE_CLOSERS)


# --------------------------------------------------------------------------- the index
class SearchIndex:
    """BM25 index of one edition's paragraphs.

    Build with ``SearchIndex(rulebook, glossary_names=())`` (about 5 ms per 100
    paragraphs once lemmas are cached); ``search(text, k)`` -> ``Result``.
    ``glossary_names``: the glossary's term names («летающее существо», «подфаза
    Вскрытия»); a multi-word term found in a paragraph (or a question) becomes one
    extra phrase term, so the exact term outranks its words scattered apart.
    """

    def __init__(self, rulebook, glossary_names: Iterable[str] = ()) -> None:
        import bm25s
        import numpy as np

        self._np = np
        self.rulebook = rulebook
        # lettered list items (302.3.а …) are searched as part of their paragraph, which
        # is what gets cited: the question «какие игродействия используют стек» is
        # answered by 302.3 with its list, not by one item
        from bot.rulebook import is_subpoint

        self.clauses = [c for c in rulebook.clauses if not is_subpoint(c.number)]
        self.numbers = [c.number for c in self.clauses]
        with_items = getattr(rulebook, "text_with_subpoints", None)
        self.texts = [with_items(c.number) if with_items else c.text for c in self.clauses]
        self.phrases: dict[str, list[tuple[str, ...]]] = {}
        for name in glossary_names:
            seq = tuple(term_sequence(name))
            if len(seq) >= 2 and seq not in self.phrases.get(seq[0], []):
                self.phrases.setdefault(seq[0], []).append(seq)
        titles = {s.number: s.title for s in rulebook.sections}
        self.doc_terms: list[set[str]] = []
        corpus: list[list[str]] = []
        surface: set[str] = set()
        for c, text in zip(self.clauses, self.texts):
            parts = [text, *c.examples, *c.variants, titles.get(c.section, "")]
            terms: list[str] = []
            for p in parts:
                terms.extend(text_terms(p, self.phrases))
                surface.update(w for _, _, w in words_with_spans(p))
            corpus.append(terms or ["_пусто_"])
            self.doc_terms.append(set(terms))
        self.surface = frozenset(surface)
        lemmas = {t for t in df_terms(corpus) if t[0].isalpha() and "_" not in t}
        self._surface_long = frozenset(w for w in self.surface if len(w) >= 5 and not w.isdigit())
        self._typo_index = None
        self._corrections: dict[tuple[str, int, bool], str | None] = {}
        self._typo_choices = sorted(
            w for w in self.surface | lemmas | lexicon_words() | lex.QUESTION_WORDS if len(w) >= _MIN_TYPO_LEN and not w.isdigit()
        )
        self.bm25 = bm25s.BM25()
        if corpus:   # an edition with no paragraph (a hand-edited file) has nothing to rank
            self.bm25.index(corpus, show_progress=False)
        self.vocab: dict[str, int] = dict(self.bm25.vocab_dict) if corpus else {}
        n = len(corpus)
        df: dict[str, int] = {}
        for terms in self.doc_terms:
            for t in terms:
                df[t] = df.get(t, 0) + 1
        self.df = df
        self.n_docs = n
        self.defines: list[set[str]] = [self._defined_terms(c.text) for c in self.clauses]
        # the first paragraph of a section defines the section's subject («Стек» -> 302.1)
        first_of_section: set[str] = set()
        for i, c in enumerate(self.clauses):
            if c.section not in first_of_section:
                first_of_section.add(c.section)
                self.defines[i] |= set(term_sequence(titles.get(c.section, "")))

    @staticmethod
    def _defined_terms(text: str) -> set[str]:
        """Terms of what a paragraph defines: «Пас – это …» -> {пас} (the first
        paragraph of a section also defines the section title, see ``__init__``)."""
        out: set[str] = set()
        for rx in _DEFINITION_HEADS:
            for m in rx.finditer(text):
                out.update(text_terms(m.group(1)))
        return out

    def _definition_boost(self, q: QueryTerms, doc: int) -> float:
        head = self.defines[doc]
        if not head:
            return 1.0
        share = sum(1 for t in q.content if t in head) / len(q.content)
        return 1.0 + DEFINITION_BOOST * share

    # -- query side ---------------------------------------------------------
    def idf(self, term: str) -> float:
        """BM25 idf of a term; unknown terms get the idf of a term seen in no paragraph."""
        df = self.df.get(term, 0)
        return math.log(1 + (self.n_docs - df + 0.5) / (df + 0.5))

    def _foreign(self, word: str) -> bool:
        """A dictionary word (len ≥ 5) whose term is in neither the rulebook nor the lexicon."""
        if len(word) < 5 or word in self.surface or word.isdigit():
            return False
        t = word_term(word)
        return t not in self.vocab and t not in lex.STOP_WORDS and t not in lexicon_words()

    def typo_index(self):
        """The ``bot.typo.TypoIndex`` over ``_typo_choices``, built on the first typo."""
        if self._typo_index is None:
            from bot.typo import TypoIndex

            self._typo_index = TypoIndex(self._typo_choices)
        return self._typo_index

    def _correct(self, word: str, max_edits: int | None = None, surface_only: bool = False) -> str | None:
        """A typo -> the closest rulebook/lexicon/question word (only the rulebook's own
        words of 5+ letters when ``surface_only``), or None when nothing is close.
        Closeness is the optimal-string-alignment distance (a swap of two letters is one
        edit): at most ``bot.typo.max_edits`` (1 edit for words up to 5 letters, 2 up to
        9, 3 beyond); ties go to the higher similarity ratio, then to the shorter word.
        Candidates come from ``typo_index`` (no scan of the vocabulary)."""
        if len(word) < _MIN_TYPO_LEN or word.isdigit():
            return None
        from bot.typo import best_correction, max_edits as edits_for

        k = edits_for(len(word)) if max_edits is None else max_edits
        key = (word, k, surface_only)
        if key in self._corrections:
            return self._corrections[key]
        accept = self._surface_long.__contains__ if surface_only else None
        fixed = best_correction(word, self.typo_index().near(word, k, accept))
        if len(self._corrections) >= _MAX_REMEMBERED:
            self._corrections.clear()
        self._corrections[key] = fixed
        return fixed

    def _known(self, word: str) -> bool:
        if word in self.surface or word in lexicon_words() or word in lex.QUESTION_WORDS or word.isdigit() or len(word) < _MIN_TYPO_LEN:
            return True
        return _dictionary_word(word)

    def query_terms(self, text: str) -> QueryTerms:
        """Turn a question into weighted terms (see ``QueryTerms``). A punctuation mark
        quoted on its own («;», «–») is read as its name (точка с запятой, тире)."""
        text = _QUOTED_MARK.sub(lambda m: f"«{lex.PUNCTUATION_NAMES[m.group(1)]}»", text)
        q = QueryTerms()
        q.numbers = [n for n in _NUMBER_IN_TEXT.findall(text) if self.rulebook.get(n)]
        spans = _quoted_mask(text)
        words: list[str] = []
        quoted: list[bool] = []
        attempts = 0
        for start, _end, w in words_with_spans(text):
            if not self._known(w):
                attempts += 1
                fixed = self._correct(w) if attempts <= MAX_TYPO_ATTEMPTS else None
                if fixed is None:
                    q.ignored.append(w)
                else:
                    q.corrections.append((w, fixed))
                    w = fixed
            elif attempts < MAX_TYPO_ATTEMPTS and self._foreign(w):
                attempts += 1
                # a real word the rules never use, one letter away from one they do
                # («карпы» for «карты»): a typo that happens to be a word
                fixed = self._correct(w, max_edits=1, surface_only=True)
                if fixed is not None:
                    q.corrections.append((w, fixed))
                    w = fixed
            words.append(w)
            quoted.append(_inside(spans, start))
        q.words = words

        def add(term: str, weight: float) -> None:
            if weight > q.weights.get(term, 0.0):
                q.weights[term] = weight

        stream = _lemma_stream(words, quoted)
        for p in phrase_terms([t for t, qd in stream if not _is_stop(t, qd) and not t.isdigit()], self.phrases):
            add(p, PHRASE_WEIGHT)
        for t, is_quoted in stream:
            if _is_stop(t, is_quoted) or t.isdigit():
                continue
            if t not in q.content:
                q.content.append(t)
            add(t, 1.0)
            if t.startswith(NOT):
                add(t[len(NOT):], EXPANSION_WEIGHT)
            base = _negation_base(t)
            if base:
                add(base, EXPANSION_WEIGHT)
            for e in lex.EXPANSIONS.get(t, ()):
                add(e, EXPANSION_WEIGHT)
            s = stem(t)
            if s:
                add(s, STEM_WEIGHT)
        return q

    # -- ranking ------------------------------------------------------------
    def matched(self, q: QueryTerms, doc: int) -> int:
        """How many of the question's content terms paragraph ``doc`` has (fully or in
        part, as ``coverage`` counts them)."""
        terms = self.doc_terms[doc]
        return sum(1 for _w, alts in self._credits(q) if any(a in terms for a, _c in alts))

    @staticmethod
    def _term_credit(t: str, terms: set[str]) -> float:
        """1 when term ``t`` is in ``terms``; 0.75 for one of its expansions; 0.5 for its
        stem, its positive form («не_пустой» -> «пустой») or its не-less base; else 0."""
        for a, c in SearchIndex._alternatives(t):
            if a in terms:
                return c
        return 0.0

    @staticmethod
    def _alternatives(t: str) -> list[tuple[str, float]]:
        """``(term, credit)`` pairs that count for ``t`` in a paragraph, in the order
        ``_term_credit`` tries them: itself 1, expansions 0.75, stem / positive form /
        не-less base 0.5."""
        alts = [(t, 1.0)] + [(e, 0.75) for e in lex.EXPANSIONS.get(t, ())]
        s = stem(t)
        if s:
            alts.append((s, 0.5))
        if t.startswith(NOT):
            alts.append((t[len(NOT):], 0.5))
        base = _negation_base(t)
        if base:
            alts.append((base, 0.5))
        return alts

    def _credits(self, q: QueryTerms) -> list[tuple[float, tuple[tuple[str, float], ...]]]:
        """Per content term of ``q``: its idf and the alternatives some paragraph has
        (``_alternatives`` without the terms no paragraph contains), computed once per
        question — ``coverage`` and ``matched`` then only test set membership."""
        cached = q._credits
        if cached is not None and cached[0] is self:
            return cached[1]
        df = self.df
        out = [(self.idf(t), tuple((a, c) for a, c in self._alternatives(t) if a in df)) for t in q.content]
        q._credits = (self, out)
        return out

    def coverage(self, q: QueryTerms, doc: int) -> float:
        """Idf-weighted share (0..1) of the question's content terms found in paragraph
        ``doc``, each weighted by ``_term_credit``."""
        terms = self.doc_terms[doc]
        total = got = 0.0
        for w, alts in self._credits(q):
            total += w
            for a, c in alts:
                if a in terms:
                    got += w * c
                    break
        return got / total if total else 0.0

    def search(self, text: str, k: int = 5, snippets: bool = True, checked: bool = False) -> Result:
        """Rank paragraphs for ``text``; ``Result.hits`` has at most ``k`` hits with a
        positive score, best first (a paragraph number written in the question first);
        ``snippets`` False leaves each hit's snippet empty (only the numbers are wanted).
        Raises ``InputLimitError`` for a text longer than ``bot.limits.QUESTION_CHARS`` —
        unless ``checked``: a question ``bot.judge.ask`` has bounded as typed and cleaned
        (its cleaning may lengthen it: «…» is «...», so 7,000 «…» were refused as 21,000)."""
        from bot.limits import QUESTION_CHARS, check_length

        from bot.textnorm import clean_user_text

        text = clean_user_text(text if checked else check_length(text, QUESTION_CHARS, "Запрос"))
        chosen, final, coverage, found, q, matched = _ranked(self, text, k)
        hits = [Hit(self.numbers[i], float(final[i]), self.snippet(i, q) if snippets else "") for i in chosen]
        return Result(hits=hits, coverage=coverage, found=found, query=q, matched=matched)

    def _rank(self, text: str, k: int) -> tuple[tuple[int, ...], dict[int, float], float, bool, "QueryTerms", int]:
        """``(chosen paragraph indices best first, their scores, coverage, found, query terms,
        matched)`` of a cleaned ``text`` (``search`` without the hits built)."""
        np = self._np
        q = self.query_terms(text)
        by_weight: dict[float, list[str]] = {}
        for t, w in q.weights.items():
            if t in self.vocab:
                by_weight.setdefault(w, []).append(t)
        scores = np.zeros(self.n_docs, dtype="float64")
        for w, terms in by_weight.items():
            scores += w * self.bm25.get_scores(terms)
        order = [int(i) for i in np.argsort(-scores, kind="stable")[: max(k * 4, 20)] if scores[i] > 0]
        definition = bool(_DEFINITION_QUESTION.search(" ".join(q.words))) and bool(q.content)
        ranked = sorted(
            ((scores[i] * (COVERAGE_BASE + self.coverage(q, i)) * (self._definition_boost(q, i) if definition else 1.0), i) for i in order),
            key=lambda x: -x[0],
        )
        chosen = [i for _, i in ranked]
        final = {i: s for s, i in ranked}
        # a paragraph number written in the question comes first
        for n in reversed(q.numbers):
            i = self.numbers.index(n)
            if i in chosen:
                chosen.remove(i)
            chosen.insert(0, i)
            final[i] = max(final.values(), default=1.0) + 1.0
        chosen = chosen[:k]
        coverage = self.coverage(q, chosen[0]) if chosen else 0.0
        matched = self.matched(q, chosen[0]) if chosen else 0
        found = bool(chosen) and (
            coverage >= (NOT_FOUND_COVERAGE if matched >= 2 else SINGLE_TERM_COVERAGE) or matched >= ENOUGH_MATCHED
        )
        if q.numbers:
            coverage, found = 1.0, True
        return tuple(chosen), final, coverage, found, q, matched

    # -- snippets -----------------------------------------------------------
    def _doc_words(self, doc: int) -> tuple[str, tuple[tuple[int, int, str, str | None, str | None], ...]]:
        """Paragraph ``doc``'s text on one line and its words that are no stop word, each as
        ``(start, end, term, stem, negation base)`` — what every snippet matches against, kept for the last ``SNIPPET_DOCS`` paragraphs shown (a declined answer shows
        the same few paragraphs for each of its sentences)."""
        cache = self.__dict__.setdefault("_snippet_docs", {})
        got = cache.get(doc)
        if got is None:
            text = re.sub(r"\s*\n\s*", " ", self.texts[doc])
            words = tuple((a, b, t, stem(t), _negation_base(t)) for a, b, w in words_with_spans(text)
                          if (t := word_term(w)) not in lex.STOP_WORDS)
            if len(cache) >= SNIPPET_DOCS:
                cache.clear()
            got = cache[doc] = (text, words)
        return got

    def snippet(self, doc: int, q: QueryTerms, width: int = SNIPPET_CHARS, mark: bool = True) -> str:
        """Up to ``width`` characters of paragraph ``doc`` around the densest matches,
        matched words wrapped in ``*`` (when ``mark``), «…» where the text is cut."""
        text, words = self._doc_words(doc)
        wanted = set(q.weights)
        spans = [(a, b) for a, b, t, st, nb in words if t in wanted or st in wanted or nb in wanted]
        start, end = 0, min(len(text), width)
        if spans and len(text) > width:
            best, best_n = spans[0][0], 0
            for s, _ in spans:
                n = sum(1 for a, _b in spans if s <= a < s + width - 40)
                if n > best_n:
                    best, best_n = s, n
            start = max(0, best - 40)
            # begin with the sentence holding the first match when it starts close enough
            sentence = text.rfind(". ", max(0, best - width // 2), best)
            if sentence >= 0:
                start = sentence + 2
            elif best <= width // 2:
                start = 0
            end = min(len(text), start + width)
            if sentence < 0:  # no sentence start to keep: fill the window
                start = max(0, end - width)
        # snap to word boundaries
        if start > 0 and text[start - 2 : start] != ". ":
            sp = text.find(" ", start)
            start = sp + 1 if 0 <= sp < start + 20 else start
        if end < len(text):
            # end on a sentence when one ends in the second half of the window, else on a word
            dot = max(text.rfind(". ", start, end), text.rfind("; ", start, end))
            sp = text.rfind(" ", start, end)
            end = dot + 1 if dot > start + width // 2 else sp if sp > start + width // 2 else end
        pieces: list[str] = []
        pos = start
        for a, b in spans:
            if a < start or b > end:
                continue
            pieces.append(text[pos:a])
            pieces.append(f"{MARK}{text[a:b]}{MARK}" if mark else text[a:b])
            pos = b
        pieces.append(text[pos:end])
        body = "".join(pieces).strip()
        tail = "" if end >= len(text) else " …" if body.endswith((".", ";", ":")) else "…"
        return ("…" if start > 0 else "") + body + tail


# --------------------------------------------------------------------------- per edition
def _glossary_names() -> list[str]:
    """Term names of the glossary's term list (bot.glossary.term_list). Only the
    names are read — fast, no edition scan; imported here to keep start-up cheap."""
    from bot.glossary import term_list

    return [name for name, _code in term_list()]


@per_question     # the nearest paragraphs of a declined answer, then the search route: one ranking
def _ranked(index: SearchIndex, text: str, k: int):
    """``index._rank(text, k)``, once per question (``bot.memo``); the scores and query terms
    it returns are only read."""
    return index._rank(text, k)


@lru_cache(maxsize=8)
def index_for(edition: str = DEFAULT_EDITION) -> SearchIndex:
    """The search index of ``edition``, built once per process.
    Raises ``RulebookError`` when the edition does not exist."""
    from bot.rulebook import load

    return SearchIndex(load(edition), _glossary_names())


def search(text: str, k: int = 5, edition: str = DEFAULT_EDITION) -> list[Hit]:
    """Ranked paragraphs for ``text`` (at most ``k``), best first; ``[]`` when no
    paragraph shares a word with it. Raises ``RulebookError`` for an unknown edition."""
    return index_for(edition).search(text, k).hits


# --------------------------------------------------------------------------- answers
def _trace(res: Result) -> list[str]:
    q = res.query
    lines = [f"поиск по правилам: термины запроса — {', '.join(q.content) or 'нет'}"]
    if q.corrections:
        lines.append("исправлены опечатки: " + ", ".join(f"{a} → {b}" for a, b in q.corrections))
    if q.ignored:
        lines.append("не узнал слова: " + ", ".join(q.ignored))
    if q.numbers:
        lines.append("номер пункта в вопросе: " + ", ".join(q.numbers))
    if res.hits:
        lines.append(
            f"лучший пункт {res.hits[0].number}: покрытие запроса {res.coverage:.0%} "
            f"(порог {NOT_FOUND_COVERAGE:.0%}), оценка {res.hits[0].score:.2f}"
        )
    return lines


def result_answer(question: str, res: Result, index: SearchIndex, cite: int = 3) -> Answer:
    """An ``Answer`` (route ``search``, verdict ``None``) for a search ``Result``:
    the best paragraph quoted (and the second when it scores close), up to ``cite``
    citations best first; «не нашёл в правилах» with the nearest paragraphs when
    the result is not ``found``."""
    hits = res.hits
    if not res.found:
        if not res.query.content and not res.query.ignored:
            blocks = [Block("text", "Не понял вопроса: в нём нет слов, по которым можно искать, — ответа не нашёл в правилах.")]
        else:
            blocks = [Block("text", "Ответа на этот вопрос не нашёл в правилах.")]
        if hits:
            blocks.append(Block("list", title="Ближайшие пункты:", items=tuple(f"{h.number} — {h.snippet}" for h in hits[:cite])))
        elif res.query.content:
            blocks.append(Block("note", "Ни один пункт правил не содержит слов вопроса."))
        return Answer(question, "search", None, blocks, [h.number for h in hits[:cite]], _trace(res))
    top = hits[0].score
    shown = [h for h in hits[:cite] if h.score >= 0.25 * top]
    blocks: list[Block] = []
    by_number = {c.number: i for i, c in enumerate(index.clauses)}
    for j, h in enumerate(shown[:2]):
        if j == 1 and h.score < 0.6 * top:
            break
        i = by_number[h.number]
        text = index.texts[i]
        quote = text if len(text) <= QUOTE_CHARS else index.snippet(i, res.query, width=QUOTE_CHARS, mark=False)
        blocks.append(Block("rule", quote, number=h.number))
    rest = [h for h in shown[len(blocks):]]
    if rest:
        blocks.append(Block("list", title="Ещё по теме:", items=tuple(f"{h.number} — {h.snippet}" for h in rest)))
    return Answer(question, "search", None, blocks, [h.number for h in shown], _trace(res))


_K_FLAG = re.compile(r"(?:(?<=\s)|^)(?:-k|--k)(?:=|\s*)(\S*)(?=\s|$)")


def split_k(args: str) -> tuple[str, int]:
    """A chat ``/search`` argument text -> (search text, k): «симбиот летающий -k 3» ->
    ("симбиот летающий", 3), as ``berserk-judge search симбиот летающий -k 3`` reads
    its flag (anywhere, «-k 3», «-k=3», «-k3»); without the flag k is ``SEARCH_K_DEFAULT``.
    Raises ``InputLimitError`` (Russian) for a value that is not a whole number or is
    outside 1..SEARCH_K (``bot.limits``), or a second ``-k``."""
    from bot.errors import InputLimitError
    from bot.limits import SEARCH_K, SEARCH_K_DEFAULT, check_search_k

    flags = list(_K_FLAG.finditer(args))
    if not flags:
        return args, SEARCH_K_DEFAULT
    if len(flags) > 1:
        raise InputLimitError("-k указан дважды: оставьте одно число пунктов.")
    m = flags[0]
    value = m.group(1)
    if not re.fullmatch(r"[+-]?\d{1,9}", value):
        shown = f"-k {value}" if value else "-k"
        raise InputLimitError(f"{shown}: ожидалось целое число — сколько пунктов показать (1–{SEARCH_K}).")
    text = (args[: m.start()].rstrip() + " " + args[m.end():].lstrip()).strip()
    return text, check_search_k(int(value))


def search_answer(text: str, k: int = 5, edition: str = DEFAULT_EDITION) -> Answer:
    """``Answer`` for the ``search`` command: the best paragraphs quoted, ``k`` at most."""
    index = index_for(edition)
    return result_answer(text, index.search(text, k), index, cite=k)


def nearest(question: str, edition: str = DEFAULT_EDITION, k: int = 3) -> list[str]:
    """The numbers of the up to ``k`` paragraphs of ``edition`` the search route would cite
    for ``question`` (the same ranking and score cut as ``answer``), without building
    snippets: what a declined answer of another route shows as the nearest paragraphs."""
    res = index_for(edition).search(question, 5, snippets=False, checked=True)
    if not res.hits:
        return []
    if not res.found:
        return [h.number for h in res.hits[:k]]
    top = res.hits[0].score
    return [h.number for h in res.hits[:k] if h.score >= 0.25 * top]


def answer(question: str, edition: str = DEFAULT_EDITION) -> Answer:
    """The search route of ``bot.judge.ask``: always answers (route ``search``,
    verdict ``None``); citations are the up to 3 best paragraphs."""
    index = index_for(edition)
    return result_answer(question, index.search(question, 5, checked=True), index, cite=3)
