"""A question as tokens: words with lemma, grammatical case and gender, sentence and clause.

``tokenize(text)`` folds the text (``bot.textnorm.fold``), splits it into words and the
punctuation that bounds sentences (``. ! ? …``) and clauses (``, ; : — –``), and numbers
each word's sentence and clause. Quoted text («…») is one token of kind ``quote``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import lru_cache

from bot.morph import analyzer, lemma
from bot.textnorm import fold

_TOKEN = re.compile(r"«[^»«]*»|[0-9]+-[а-я]+|[а-яa-z0-9]+(?:-[а-я]+)?|[.!?…]+|[,;:—–]| - ")
_SENT_END = re.compile(r"[.!?…]+")
_CLAUSE_END = frozenset({",", ";", ":", "—", "–", " - "})
# Conjunctions that open a new clause inside a sentence.
_CLAUSE_CONJ = frozenset({"а", "но", "однако", "если", "когда", "что", "потом", "затем", "пока"})
_THEN = frozenset({"потом", "затем"})
"""Clause conjunctions that open a clause only after a told verb (an adverb of time inside one)."""


# A subject pronoun (or «то») after the verb of an «если / когда» clause opens the main clause.
_RESUMING = frozenset({"он", "она", "оно", "они", "то"})
_CONDITION = frozenset({"если", "когда"})


_FINITE = frozenset({"VERB", "PRTS"})
"""A finite verb or a short participle: with it an «если» / «когда» clause is told."""


@dataclass(frozen=True)
class Tok:
    """One word: ``i`` its index among the words, ``text`` the folded word, ``lemma``,
    ``case`` / ``gender`` / ``pos`` of its most likely parse (pymorphy3 tags or ``None``),
    ``sent`` / ``clause`` the sentence and clause numbers (from 0), ``quote`` — a quoted
    phrase (its text without the quote marks), ``cap`` — written with a capital letter in
    the question (a card's name inside a sentence: «мой Болотник»)."""

    i: int
    text: str
    lemma: str
    case: str | None
    gender: str | None
    pos: str | None
    sent: int
    clause: int
    quote: bool = False
    tense: str | None = None
    cap: bool = False


@lru_cache(maxsize=16384)
def _tags(word: str) -> tuple[str | None, str | None, str | None, str | None]:
    """``(case, gender, pos, tense)`` of the likeliest parse of ``word``, as plain strings:
    pymorphy3 gives each as a ``str`` subclass whose ``==`` checks the other side against its
    grammeme set in Python, and the readers compare a token's tags thousands of times per
    question (``t.pos == "NOUN"``, ``t.pos in (…)``)."""
    p = analyzer().parse(word)[0].tag
    return tuple(None if g is None else str(g) for g in (p.case, p.gender, p.POS, p.tense))


def tokenize(text: str) -> tuple[list[Tok], list[str]]:
    """``(words, ends)``: the words of ``text`` and the end mark of each terminated
    sentence (``ends[k]`` closes sentence ``k``). Sentence numbers grow at «.!?…»; clause
    numbers at «, ; : —» and at a clause conjunction («а», «если», «потом» …). Fresh lists
    each call (a caller may replace its words); the words of the last questions are kept,
    so the readers ``ask`` tries one after another tokenise a question once."""
    words, ends = _tokenize_cached(text)
    return list(words), list(ends)


@lru_cache(maxsize=128)     # a per-question cache (benchmarks' cold runs empty those of > 64 entries)
def _tokenize_cached(text: str) -> tuple[tuple[Tok, ...], tuple[str, ...]]:
    words, ends = _tokenize(text)
    return tuple(words), tuple(ends)


def _tokenize(text: str) -> tuple[list[Tok], list[str]]:
    words: list[Tok] = []
    sent = clause = 0
    ends: list[str] = []
    folded = fold(text)
    caps = text if len(folded) == len(text) else ""     # where folding kept the offsets: the letters as written
    # the clause read last: its first word, and whether a finite verb followed it — kept as the
    # words come, so no word before is looked at again (a long story is read in linear time)
    opener, told = "", False
    has_verb = False    # the clause read last has a finite verb (its opener included)
    for m in _TOKEN.finditer(folded):
        s = m.group(0)
        if s[0] in _SENT_MARKS:     # a run of «.!?…» (the only token that opens with one)
            ends.append(s)
            sent += 1
            clause += 1
            continue
        if s in _CLAUSE_END:
            clause += 1
            continue
        if s[0] == "«":
            if not words or words[-1].clause != clause:
                opener, told, has_verb = s[1:-1], False, False
            words.append(_tok(len(words), s[1:-1], s[1:-1], None, None, None, sent, clause, True, None, False))
            continue
        if s in _CLAUSE_CONJ and words and words[-1].clause == clause and (has_verb or s not in _THEN):
            # «посадил симба, потом орка убили»: a new clause; «орка потом убили»: «потом» inside the
            # clause its verb has not come to yet — the object before it stays with its verb
            clause += 1
        elif s in _RESUMING and words and words[-1].clause == clause and opener in _CONDITION and told:
            # «если симб остался без хозяина он погибает?»: the clause opened by «если» / «когда» has its
            # verb, so the pronoun or «то» opens the main clause, its comma not written
            clause += 1
        cap = bool(caps) and caps[m.start()].isupper()
        # a capital inside a sentence writes a card's name («мой Болотник»): no typo of a lexicon word
        s, lem, case, gender, pos_, tense = _word(s, cap and bool(words) and words[-1].sent == sent)
        if not words or words[-1].clause != clause:
            opener, told, has_verb = s, False, pos_ in _FINITE
        elif pos_ in _FINITE:
            told = has_verb = True
        if _TOK_FAST:
            t = _new_tok(Tok)
            t.__dict__.update(i=len(words), text=s, lemma=lem, case=case, gender=gender, pos=pos_, sent=sent,
                              clause=clause, quote=False, tense=tense, cap=cap)
            words.append(t)
        else:
            words.append(_tok(len(words), s, lem, case, gender, pos_, sent, clause, False, tense, cap))
    return _joined_tag(words, ends)


@lru_cache(maxsize=1)
def _legality_tags() -> frozenset[tuple[str, ...]]:
    """``legality_tags`` of ``grammar/lexicon.yaml`` as word tuples («так можно», «это законно»)."""
    from bot.vocab import section

    return frozenset(tuple(fold(str(p)).split()) for p in section("legality_tags") or ())


def _joined_tag(words: list[Tok], ends: list[str]) -> tuple[list[Tok], list[str]]:
    """«Противник перенаправил атаку в мою местность. Так можно?»: a last sentence that only asks
    whether the action told just before is allowed (``legality_tags``) is read as the last clause of
    that sentence («…, так можно?») — the readers then ask the told action, as when the comma is
    written. Anything else is returned as it is."""
    if len(ends) < 2 or "?" not in ends[-1] or not words:
        return words, ends
    last = words[-1].sent
    if last != len(ends) - 1:
        return words, ends      # an unterminated sentence follows the question
    k = len(words)
    while k and words[k - 1].sent == last:
        k -= 1
    if k == 0 or words[k - 1].sent != last - 1 or "?" in ends[-2] \
            or tuple(t.text for t in words[k:]) not in _legality_tags():
        return words, ends
    from bot.vocab import section

    say = {fold(str(x)) for x in section("reader").get("claim_say") or ()}
    if any(t.lemma in say for t in words[:k] if t.sent == last - 1):
        return words, ends      # «…, а соперник говорит, что … . так можно?»: a claim, read by the dispute
    tail = [_tok(*(last - 1 if f == "sent" else getattr(t, f) for f in _TOK_FIELDS)) for t in words[k:]]
    return words[:k] + tail, ends[:-2] + [ends[-1]]


_TOK_FIELDS = tuple(f.name for f in fields(Tok))
_TOK_FAST = _TOK_FIELDS == ("i", "text", "lemma", "case", "gender", "pos", "sent", "clause", "quote", "tense", "cap")
"""The fields ``_tokenize`` sets by name on a word (a field added to Tok: ``_tok`` builds it)."""
_new_tok = object.__new__
_SENT_MARKS = frozenset(".!?…")


def _tok(*values) -> Tok:
    """The ``Tok`` of its field values in order, equal in every way to ``Tok(*values)`` but
    built without the frozen dataclass's ``object.__setattr__`` per field (twice the cost of
    the rest of a word's reading; ``tokenize`` builds hundreds of words per long question)."""
    if len(values) != len(_TOK_FIELDS):     # a field added to Tok: its default is set by the dataclass
        return Tok(*values)
    t = object.__new__(Tok)
    t.__dict__.update(zip(_TOK_FIELDS, values))
    return t


@lru_cache(maxsize=16384)
def _word(word: str, name: bool = False) -> tuple[str, str, str | None, str | None, str | None, str | None]:
    """``(spelled, lemma, case, gender, pos, tense)`` of one folded word as ``tokenize`` reads
    it (``_spelled``, ``bot.morph.lemma``, ``_tags``): a word of a question is analysed once,
    however many texts containing it the readers tokenize. ``name``: the word is written with
    a capital inside its sentence — a card's name, read as typed (``_spelled`` with no typo
    match against the lexicon's forms)."""
    s = _spelled(word, not name)
    return (s, lemma(s), *_tags(s))


@lru_cache(maxsize=1)
def _chat_spellings() -> dict[str, str]:
    """``chat_spellings`` of ``grammar/lexicon.yaml``: ``{written form: the word it stands for}``,
    folded («ваще» -> «вообще», «плиз» -> «пожалуйста»)."""
    from bot.vocab import section

    return {fold(str(k)): fold(str(v)) for k, v in (section("chat_spellings") or {}).items()}


@lru_cache(maxsize=1)
def _spelling_stems() -> tuple[str, ...]:
    """The ``spelling_stems`` of ``grammar/lexicon.yaml`` (stems of six letters or more, folded),
    in sorted order: the first one a misspelt word is one letter away from is taken."""
    from bot.vocab import words

    return tuple(sorted(x for x in words("spelling_stems") if len(x) >= 6 and x == fold(x)))


@lru_cache(maxsize=8192)
def _respelled(tok: str) -> str:
    """A misspelt word read as the game word it is one letter away from («симбеота» →
    «симбиота», «экиперовку» → «экипировку»): only a word of six letters or more that is no
    stop word, starts with no stem of ``spelling_stems`` and is no real word («сыграть»),
    against the stems with the same first letter (optimal-string-alignment distance ≤ 1 on
    the stem's length); the stem then replaces the word's start."""
    from bot.vocab import words

    stems = _spelling_stems()
    if len(tok) < 6 or tok in words("stop_words") or any(tok.startswith(st) for st in stems):
        return tok
    if analyzer().word_is_known(tok):       # a real word («сыграть»), not a typo of a game word
        return tok
    from rapidfuzz.distance import OSA
    for st in stems:
        if st[0] == tok[0] and OSA.distance(tok[:len(st)], st) <= 1:
            return st + tok[len(st):]
    return tok


def _spelled(word: str, forms: bool = True) -> str:
    """A chat spelling read as the word it stands for (``chat_spellings``: «ваще» → «вообще»);
    a misspelt game word read as the word it is one letter away from («артифакт» →
    «артефакт», ``_respelled``) — only a correction into a real word («артефакт») or a card
    noun of the lexicon («симбиота»), never a stem plus the tail («внезапку» → «внезапну»);
    else, with ``forms``, a word the dictionary does not know read as the one form of a
    lexicon word it sounds like («палажить» → «положить», ``bot.reading.forms.nearest_form``)."""
    from bot.reading.lexicon import kind_of

    said = _chat_spellings().get(word)
    if said is not None:
        return said
    fixed = _respelled(word)
    if fixed != word and (analyzer().word_is_known(fixed) or kind_of(fixed) is not None):
        return fixed
    if forms and kind_of(word) is None:
        from bot.reading.forms import nearest_form

        return nearest_form(word) or word
    return word


class SentenceReader:
    """Base of the sentence readers of ``bot.reading``: the question's tokens (``tokenize``),
    the index of the asked sentence (the last with «?», else the last one) and the token
    bookkeeping every reader shares. A subclass sets ``self.r`` (a reading with a ``used``
    set of token indices) after calling ``__init__``, and ``self.w`` (its word sets) when it
    uses ``has``."""

    def __init__(self, question: str) -> None:
        self.toks, ends = tokenize(question)
        self._sents, self._clauses = sentence_and_clause_spans(question)
        asked = [k for k, e in enumerate(ends) if "?" in e]
        self.asked_sent = asked[-1] if asked else max((t.sent for t in self.toks), default=0)

    def in_sent(self, k: int) -> list["Tok"]:
        """The tokens of sentence ``k``, in order (``spans_of``: no scan of the whole question)."""
        a, b = self._sents.get(k, (0, 0))
        return self.toks[a:b]

    def in_clause(self, c: int) -> list["Tok"]:
        """The tokens of clause ``c``, in order."""
        a, b = self._clauses.get(c, (0, 0))
        return self.toks[a:b]

    def sent(self) -> list["Tok"]:
        """The tokens of the asked sentence, in order."""
        return self.in_sent(self.asked_sent)

    def tok(self, i: int) -> "Tok | None":
        """The token at ``i``, or ``None`` outside the question."""
        return self.toks[i] if 0 <= i < len(self.toks) else None

    def use(self, *idx) -> None:
        """Mark token indices as used by the reading (``None`` and out-of-range ignored)."""
        self.r.used.update(i for i in idx if i is not None and 0 <= i < len(self.toks))

    def has(self, name: str, t: "Tok | None") -> bool:
        """Token ``t`` is a word of list ``name`` (by lemma or as written) of the reader's
        word sets ``self.w`` (``bot.reading.lexicon.section_sets``), which a subclass sets."""
        return t is not None and (t.lemma in self.w[name] or t.text in self.w[name])

    def read_unread(self) -> None:
        """``self.r.unread``: the content words of the question the reading did not use
        (``unread_words``; the reader's own ``content`` list of ``self.w`` counts as content)."""
        self.r.unread = unread_words(self.toks, self.r.used, self.w["content"])


def sentence_and_clause_spans(text: str) -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]:
    """``(spans_of(words, "sent"), spans_of(words, "clause"))`` of ``tokenize(text)``'s words,
    computed once per text like the words themselves (every reader ``ask`` tries needs them);
    the mappings are shared: read them, do not change them."""
    return _spans_cached(text)


@lru_cache(maxsize=128)     # a per-question cache, as ``_tokenize_cached``
def _spans_cached(text: str) -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]:
    words = list(_tokenize_cached(text)[0])
    return spans_of(words, "sent"), spans_of(words, "clause")


def spans_of(toks: list[Tok], within: str) -> dict[int, tuple[int, int]]:
    """``{number: (first index, end index)}`` of each sentence (``within="sent"``) or clause
    (``"clause"``) of ``toks``: both numbers only grow along the words (``tokenize``), so
    each is one run of ``toks`` — ``toks[a:b]`` are its words, found without a scan of the
    whole question (a story of many sentences is read in linear time)."""
    out: dict[int, tuple[int, int]] = {}
    for k, t in enumerate(toks):
        n = getattr(t, within)
        a = out.get(n)
        out[n] = (k, k + 1) if a is None else (a[0], k + 1)
    return out


def phrase_at(toks: list[Tok], i: int, phrase: tuple[str, ...], within: str = "clause") -> bool:
    """Does ``phrase`` (folded items: a word or lemma, ``x*`` a prefix of either) occur in
    ``toks`` starting at index ``i``, all its words in one clause (``within="clause"``) or
    one sentence (``within="sent"``)? A bare ``*`` (no prefix) matches no word: a stray
    asterisk in the lexicon must not match everything."""
    if i + len(phrase) > len(toks):
        return False
    for k, item in enumerate(phrase):
        t = toks[i + k]
        if getattr(t, within) != getattr(toks[i], within):
            return False
        if item.endswith("*"):
            if not item[:-1] or not (t.text.startswith(item[:-1]) or t.lemma.startswith(item[:-1])):
                return False
        elif item not in (t.text, t.lemma):
            return False
    return True


@lru_cache(maxsize=1)
def _filler_phrases() -> dict[str, tuple[tuple[str, ...], ...]]:
    """``filler_phrases`` of ``grammar/lexicon.yaml`` by first word: ``{word: (phrase words, …)}``."""
    from bot.vocab import section

    out: dict[str, list[tuple[str, ...]]] = {}
    for p in section("filler_phrases") or ():
        ws = tuple(fold(str(p)).split())
        if ws:
            out.setdefault(ws[0], []).append(ws)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}


def filler_phrase_words(toks: list[Tok]) -> set[int]:
    """Indices of the words of ``toks`` inside a filler phrase («прямо сейчас», «это понятно»;
    ``filler_phrases`` of ``grammar/lexicon.yaml``): words of one clause, in order. One pass."""
    table = _filler_phrases()
    out: set[int] = set()
    for t in toks:
        for ws in table.get(t.text, ()):
            end = t.i + len(ws)
            if end <= len(toks) and all(toks[t.i + k].text == w and toks[t.i + k].clause == t.clause
                                        for k, w in enumerate(ws)):
                out.update(range(t.i, end))
                break
    return out


def unread_words(toks: list[Tok], used: set[int], content: frozenset[str] = frozenset()) -> list[str]:
    """The content words of ``toks`` no part of a reading used (``used``: token indices), in
    order, each once: not a stop word or a filler lemma (``grammar/lexicon.yaml``) unless the
    reader's ``content`` list names it, not a number, not quoted text; an unused «не» / «ни»
    is reported — a negation nothing read."""
    from bot.vocab import words as vocab_words

    stop, filler = vocab_words("stop_words"), vocab_words("filler")
    phrases = filler_phrase_words(toks)
    out = []
    for t in toks:
        if t.i in used or t.quote or t.text.isdigit() or t.i in phrases:
            continue
        if t.text in ("не", "ни"):
            out.append(t.text)
            continue
        if (t.text in stop or t.lemma in filler) and t.lemma not in content and t.text not in content:
            continue
        out.append(t.text)
    return list(dict.fromkeys(out))
