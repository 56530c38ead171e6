"""The rulebook's terms and the paragraphs that define them: ``berserk-judge glossary [WORD]``.

The term list (Russian name + code name of docs/glossary.md) is data:
``rulebook/glossary/terms.yaml``. The defining paragraph is *found in the loaded
edition*, never stored: every sentence (and bullet line) of every clause is read as
lemmas (``bot.morph``) and scored for the term:

- 100 «T – это …» (303.2 «Пас – это передача приоритета …»);
- 90  «… называется T» (507.1 «… называется перемещением»);
- 85  «T» in quotes with «означает» / «становится «T»» (209.1, 209.2);
- 80  «T состоит из / подразделяется / делится …», «… подразделяются на T»;
- 70  first paragraph of a section titled T («Артефакты.» -> 210.1); 65 when the
      title only contains T («Жизни и раны» for «жизни»);
- 60  «T считается …»; 40 T explained in brackets right after it («расчёт
      игродействия (бросок кубика …)»); 30 a sentence or bullet line opening with T;
- 10  a mention of T; 5 all words of T in one sentence.
The best score wins, the earlier paragraph on a tie. A paragraph with a list is
read together with its lettered sub-points and is the defining paragraph of what the
list defines («медленное игродействие» -> 304.2, not one of its items 304.2.а…);
the sub-points are not candidates themselves. Any inflected form of a term
finds it (``lookup_term("пасом")`` -> «пас»); code names work too («pass»).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache


from bot.answer import Answer, Block
from bot.errors import RulebookError
from bot.morph import analyzer, lemma
from bot.paths import DEFAULT_EDITION, glossary_file
from bot.rulebook import Clause, DictEntry, is_subpoint, load
from bot.textnorm import clip, fold

_TOKEN = re.compile(r"[a-zа-я]+(?:-[a-zа-я]+)*|–|«|»|·|\(")
_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n")
_DEFINE_VERBS = {"состоять", "подразделяться", "делиться"}
_CALLED = {"называться", "называть"}


@dataclass(frozen=True)
class Term:
    """A rulebook term: ``name`` (Russian, as the rulebook writes it), ``code_name``
    (docs/glossary.md identifier), ``number`` (defining paragraph in the edition, or
    ``None`` when the edition does not contain the term), ``forms`` (inflected
    forms of the term found in the edition's text, sorted); ``code_name`` is "" for a
    term only this edition has (its own definition or dictionary entry)."""

    name: str
    code_name: str
    number: str | None
    forms: tuple[str, ...] = ()
    entry: DictEntry | None = None
    """The edition's dictionary entry for the term («Глоссарий: Броня Х»), if any."""
    strong: bool = False
    """True when ``number`` defines the term; False when it only mentions it."""
    edition: str = ""

    @property
    def citations(self) -> list[str]:
        """Where the edition states the term: its paragraph, then its dictionary entry label."""
        return [x for x in (self.number, self.entry.label if self.entry else None) if x]


def terms_path():
    """Path of the term list ``rulebook/glossary/terms.yaml`` (``bot.paths.glossary_file``)."""
    return glossary_file()


@lru_cache(maxsize=1)
def term_list() -> tuple[tuple[str, str], ...]:
    """(name, code_name) pairs from the term list; raises ``RulebookError`` when the
    file is missing or malformed."""
    from bot.yamlsafe import load_data_file

    path = terms_path()
    data = load_data_file(path, "список терминов")
    try:
        return tuple((str(d["name"]), str(d["code"])) for d in data)
    except (KeyError, TypeError):
        raise RulebookError(f"{path}: неверный список терминов; ожидался список {{name, code}}") from None


@lru_cache(maxsize=50_000)
def _lemmas(token: str) -> frozenset[str]:
    if not token[0].isalpha():
        return frozenset({token})
    return frozenset({token} | {p.normal_form.replace("ё", "е") for p in analyzer().parse(token)})


def _tokens(text: str) -> list[tuple[str, frozenset[str]]]:
    return [(t, _lemmas(t)) for t in _TOKEN.findall(fold(text))]


@lru_cache(maxsize=4096)
def _term_lemmas(name: str) -> tuple[str, ...]:
    return tuple(lemma(w) for w in _TOKEN.findall(fold(name)) if w[0].isalpha())


def _find(tokens, term: tuple[str, ...], start: int = 0) -> list[int]:
    """Start indices where ``term`` (lemmas) occurs among ``tokens``."""
    out = []
    k = len(term)
    for i in range(start, len(tokens) - k + 1):
        if all(term[j] in tokens[i + j][1] for j in range(k)):
            out.append(i)
    return out


def _score_sentence(tokens, term: tuple[str, ...], legend: bool = False) -> tuple[int, list[str]]:
    """(score, matched surface forms) of one sentence for ``term``; ``legend``: the sentence
    explains icons («{фишка} – трату фишки»), its dashes define no term."""
    hits = _find(tokens, term)
    if not hits:
        words = [t for t in tokens if t[0][0].isalpha()]
        if len(term) > 1 and all(any(l in t[1] for t in words) for l in term):
            return 5, []
        return 0, []
    forms = [" ".join(tokens[i + j][0] for j in range(len(term))) for i in hits]
    best = 10
    words = [t[0] for t in tokens]
    first_word = next((i for i, t in enumerate(words) if t[0].isalpha()), 0)
    for i in hits:
        after = words[i + len(term): i + len(term) + 3]
        before = tokens[:i]
        quoted = i > 0 and words[i - 1] == "«"
        if i == first_word and after[:2] == ["–", "это"]:
            best = max(best, 100)
        elif i == first_word and after[:1] == ["–"] and len(after) > 1 and after[1][0].isalpha() and not legend:
            best = max(best, 75)   # «Перенаправление – изменение цели …»: a dash defines it, over a section title
        if any(t[1] & _CALLED for t in before):
            best = max(best, 90)
        if quoted and (any("означать" in t[1] for t in tokens[i:]) or any("становиться" in t[1] for t in before[-2:])):
            best = max(best, 85)
        nxt = tokens[i + len(term)][1] if i + len(term) < len(tokens) else frozenset()
        if i == first_word and nxt & _DEFINE_VERBS:
            best = max(best, 80)
        if any(t[1] & {"подразделяться"} for t in before[-3:]):
            best = max(best, 80)
        if "(" in words[i + len(term): i + len(term) + 3]:
            best = max(best, 40)  # «расчёт игродействия (бросок кубика …)»
        if i == first_word and "считаться" in nxt:
            best = max(best, 60)
        if i == first_word:
            best = max(best, 30)
    return best, forms


def _sentences(c: Clause) -> list[str]:
    return [s for s in _SENTENCE.split(c.text) if s.strip()]


_DEFINED = re.compile(r"^(?P<t>[А-ЯЁ][а-яё-]*(?:\s+[А-ЯЁа-яё][а-яё-]*){0,3})\s+–\s+это\b")
_PLACEHOLDER = re.compile(r"\[[^\]]*\]|\([^)]*\)|(?<!\w)[XХxх](?!\w)")
STRONG = 30
"""Score from which a paragraph defines a term rather than mentions it (see the module docstring)."""


def _key(name: str) -> tuple[str, ...]:
    """Lemmas of a term name without placeholders: «Броня Х» -> ("броня",),
    «Излечение (на Х)» -> ("излечение",), «Защита от [текст]» -> ("защита", "от")."""
    return _term_lemmas(_PLACEHOLDER.sub(" ", name).strip() or name)


class _Index:
    """The sentences of one edition as lemmas, with an index lemma -> sentences, so
    that a term is scored only against the sentences holding all its lemmas."""

    def __init__(self, rb) -> None:
        self.rb = rb
        self.sentences: list[tuple[int, str, list]] = []  # (clause position, number, tokens)
        self.legends: set[int] = set()     # sentences explaining icons («{фишка} – трату фишки»)
        self.by_lemma: dict[str, set[int]] = {}
        for idx, c in enumerate(rb.clauses):
            if is_subpoint(c.number):
                continue  # a list item: read with its paragraph
            for k in (c, *rb.subpoints(c.number)):
                for sent in _sentences(k):
                    toks = _tokens(sent)
                    sid = len(self.sentences)
                    self.sentences.append((idx, c.number, toks))
                    if "{" in sent:
                        self.legends.add(sid)
                    for _, lemmas in toks:
                        for lem in lemmas:
                            self.by_lemma.setdefault(lem, set()).add(sid)
        self.titles = {sec.number: [t for t in _tokens(sec.title) if t[0][0].isalpha()] for sec in rb.sections if sec.title}
        self.first_of: dict[str, tuple[int, str]] = {}
        for idx, c in enumerate(rb.clauses):
            self.first_of.setdefault(c.section, (idx, c.number))

    def best(self, term: tuple[str, ...]) -> tuple[int, str | None, set[str]]:
        """(score, defining paragraph or None, surface forms found) of ``term`` lemmas."""
        if not term:
            return 0, None, set()
        sids = set.intersection(*(self.by_lemma.get(lem, set()) for lem in term))
        per_clause: dict[int, tuple[int, str]] = {}
        forms: set[str] = set()
        for sid in sids:
            idx, number, toks = self.sentences[sid]
            sc, f = _score_sentence(toks, term, sid in self.legends)
            forms.update(f)
            if sc > per_clause.get(idx, (0, ""))[0]:
                per_clause[idx] = (sc, number)
        for sec, words in self.titles.items():
            if sec not in self.first_of or not _find(words, term):
                continue
            idx, number = self.first_of[sec]
            sc = 70 if len(words) == len(term) else 65
            if sc > per_clause.get(idx, (0, ""))[0]:
                per_clause[idx] = (sc, number)
        if not per_clause:
            return 0, None, forms
        idx, (sc, number) = max(per_clause.items(), key=lambda kv: (kv[1][0], -kv[0]))
        return sc, number, forms


def edition_terms_of(rb) -> list[Term]:
    """The glossary of one edition (``Rulebook``), in this order: the term list
    (``rulebook/glossary/terms.yaml``) with the paragraph that defines each term in this
    edition; then terms the edition itself defines («Владелец карты – это игрок …»)
    and its dictionary entries, each with that edition's paragraph or entry. A term of
    the list that the edition's text only mentions (score < ``STRONG``) takes the
    edition's own definition or dictionary entry when there is one."""
    ix = _Index(rb)
    out: list[Term] = []
    by_key: dict[tuple[str, ...], int] = {}
    for name, code in term_list():
        sc, number, forms = ix.best(_term_lemmas(name))
        by_key.setdefault(_key(name), len(out))
        out.append(Term(name, code, number if sc > 0 else None, tuple(sorted(forms)), strong=sc >= STRONG, edition=rb.edition))
    # terms the edition defines in its numbered text: «X – это …» opening a paragraph
    for c in rb.clauses:
        m = _DEFINED.match(c.text)
        if not m:
            continue
        name = m.group("t")
        key = _key(name)
        if key in by_key:
            i = by_key[key]
            if not out[i].strong:
                out[i] = replace(out[i], number=c.number, strong=True)
            continue
        _, _, forms = ix.best(key)
        by_key[key] = len(out)
        out.append(Term(name, "", c.number, tuple(sorted(forms)), strong=True, edition=rb.edition))
    # dictionary entries
    for e in rb.dictionary:
        key = _key(e.term)
        if key in by_key and out[by_key[key]].entry is not None:
            key = _term_lemmas(e.term)  # «При гибели» and «При гибели [текст]»: two entries
        if key in by_key:
            i = by_key[key]
            out[i] = replace(out[i], entry=e, number=out[i].number if out[i].strong else None)
            continue
        sc, number, forms = ix.best(key)
        by_key[key] = len(out)
        out.append(Term(e.term, "", number if sc >= 60 else None, tuple(sorted(forms)), entry=e,
                        strong=sc >= 60, edition=rb.edition))
    return out


@lru_cache(maxsize=8)
def _edition_terms(edition: str) -> tuple[Term, ...]:
    return tuple(edition_terms_of(load(edition)))


def terms(edition: str = DEFAULT_EDITION) -> list[Term]:
    """All terms of the term list with their defining paragraph in ``edition``
    (``number`` is ``None`` for a term the edition does not contain)."""
    return list(_edition_terms(edition))


def lookup_term(word: str, edition: str = DEFAULT_EDITION) -> Term | None:
    """The term ``word`` names, in any inflected form («пасом», «медленных
    игродействий», «симбиота») or by code name («pass»); ``None`` when unknown.
    A single word of a longer term finds it only when no shorter term matches.
    ``None`` at once for a ``word`` longer than ``bot.limits.TERM_CHARS`` (no term is)."""
    from bot.limits import TERM_CHARS

    if len(word) > TERM_CHARS:
        return None
    return find_term(terms(edition), word)


def find_term(all_terms, word: str) -> Term | None:
    """The term of ``all_terms`` that ``word`` names (any inflected form, code name);
    ``None`` when none does. See ``lookup_term``."""
    w = fold(word).strip()
    for t in all_terms:
        if w in (t.code_name.lower(), t.code_name.lower().replace("_", " "), fold(t.name)):
            return t
    q = [x for x in _tokens(w) if x[0][0].isalpha()]
    if not q:
        return None
    exact = [t for t in all_terms if len(_key(t.name)) == len(q) and _find(q, _key(t.name))]
    if exact:
        return exact[0]
    partial = [
        t for t in all_terms
        if _key(t.name) and all(any(l in tok[1] for l in _key(t.name)) for tok in q)
    ]
    partial.sort(key=lambda t: len(_key(t.name)))
    return partial[0] if partial else None


def _line(t: Term) -> str:
    where = ", ".join(
        (f"п. {c}" if t.strong else f"п. {c} (только упоминание)") if c == t.number else c for c in t.citations
    ) or "в этой редакции не найден"
    return f"{t.name} – {where}"  # code names (docs/glossary.md) only in --json


def glossary_answer(word: str | None, edition: str = DEFAULT_EDITION) -> Answer:
    """Without ``word``: every term with its paragraph. With ``word``: the term and
    the text of its defining paragraph (citation = that number); an unknown word
    gives a note with the closest terms (the word echoed clipped to 80 characters).
    Internal code names are not shown to users (they are in ``glossary --json``).
    Route ``glossary``."""
    if word is None:
        ts = terms(edition)
        items = tuple(_line(t) for t in ts)
        cites = []
        for t in ts:
            for c in t.citations:
                if c not in cites:
                    cites.append(c)
        return Answer("глоссарий", "glossary", None, [Block("list", items=items, title=f"Термины правил ({len(ts)})")], cites)
    t = lookup_term(word, edition)
    if t is None:
        from bot.limits import TERM_CHARS

        if len(word) > TERM_CHARS:
            msg = f"Термин «{clip(word)}» не найден в глоссарии: термины не длиннее {TERM_CHARS} символов."
            return Answer(clip(word), "glossary", None, [Block("note", msg)], [])
        names = [x.name for x in terms(edition)]
        from rapidfuzz import process

        close = [m[0] for m in process.extract(fold(word), names, processor=fold, limit=3)]
        msg = f"Термин «{clip(word)}» не найден в глоссарии. Похожие: {', '.join(close)}."
        return Answer(word, "glossary", None, [Block("note", msg)], [])
    blocks = [Block("text", t.name)]
    if t.number is None and t.entry is None:
        blocks.append(Block("note", f"В редакции {edition} определение не найдено."))
        return Answer(word, "glossary", None, blocks, [])
    rb = load(edition)
    if t.number is not None:
        blocks.append(Block("rule", rb.text_with_subpoints(t.number), number=t.number))  # a list with its items
    if t.entry is not None:
        blocks.append(Block("list", items=tuple(t.entry.text.split("\n")), title=t.entry.label))
    if t.forms:
        blocks.append(Block("text", "Формы в тексте правил: " + ", ".join(t.forms)))
    return Answer(word, "glossary", None, blocks, t.citations)


_DEFINITION_Q = re.compile(
    r"^\s*(?:что\s+(?:такое|означает|значит)|что\s+это\s+за|кто\s+такой|кто\s+такая)\s+(?P<t>[^?]{1,80}?)\s*\?*\s*$",
    re.IGNORECASE,
)


def _without_tail(word: str) -> str:
    """The term of a definition question without a tail that is no part of it («перенаправление
    по правилам» -> «перенаправление»; ``definition_tails`` of ``grammar/lexicon.yaml``)."""
    from bot.vocab import section

    for tail in section("definition_tails") or ():
        t = fold(str(tail))
        if fold(word).endswith(" " + t):
            return word[:len(word) - len(t) - 1].strip()
    return word


def answer(question: str, edition: str = DEFAULT_EDITION) -> Answer | None:
    """The judge's dictionary route: «Что такое вампиризм?» answered by the edition's
    own dictionary entry (and its defining paragraph, if any) – route ``glossary``, its
    verdict the entry's first sentence, citations that paragraph and «Словарь: Вампиризм». ``None`` for any other question
    and for terms without a dictionary entry in ``edition`` (the search route answers)."""
    m = _DEFINITION_Q.match(question or "")
    if not m:
        return None
    word = _without_tail(m.group("t").strip().strip("«»\"'").strip())
    t = lookup_term(word, edition)
    if t is None or t.entry is None:
        return None
    ans = glossary_answer(word, edition)
    ans.question = question
    from bot.rules_text.defining import entry_verdict

    ans.verdict = entry_verdict(t.entry.text)   # «Что такое мулиган?» — «Однократная пересдача …» (the entry)
    return ans
