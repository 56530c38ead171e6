"""«Что такое X?» / «что значит X?» answered by the sentence of the edition that defines X
(issue 14): the defining sentence quoted as the verdict, its paragraph cited.

A defining sentence is one of the edition's sentences with a defining verb of
``grammar/rule_definitions.yaml`` («Клеткой «напротив» карты называется …», «Стек состоит
из …», «Верхним в стеке считается то игродействие, которое …») or «X – это Y». Its *term
side* is the part before the verb (or dash) — for «называется» the part in the
instrumental, before the verb («Клеткой «напротив» карты называется …») or after it
(«… называется перемещением»). A sentence defines the asked term
when

- every content word of the term is on its term side, or (a term split by the verb:
  «Верхним в стеке считается то игродействие») in the first phrase of the other side;
- the term side names at most one content word the term does not (the term is what the
  sentence is about, not a word in passing).

The strongest defining sentence wins (``strength`` per verb, the exact term side first);
two of equal rank that say different things give no verdict. Without a numbered
sentence — and whenever the edition's dictionary has an entry for exactly that term — the
glossary route answers (``bot.glossary.answer``, the entry's first sentence its verdict).

``answer(question, edition)`` -> ``Answer`` (route ``rule_text``) or ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.reading.tokens import Tok, tokenize

FILE = "rule_definitions.yaml"
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
_DASH = re.compile(r"\s[–—-]\s+(?:это\s+)?")
_SKIP_POS = frozenset({"PREP", "NPRO", "PRCL"})   # «пас» is read as an interjection: kept


@dataclass(frozen=True)
class Words:
    """The tables of ``grammar/rule_definitions.yaml``: ``openers`` (a compiled pattern of the
    question's opening), ``tail`` lemmas, ``verbs`` lemma -> (strength, term side «subject» /
    «instrumental»), ``dash`` strength, ``stop`` lemmas."""

    opener: re.Pattern
    tail: frozenset[str]
    verbs: dict[str, tuple[int, str]]
    dash: int
    stop: frozenset[str]


@lru_cache(maxsize=1)
def words() -> Words:
    """The tables of ``grammar/rule_definitions.yaml`` (``RulebookError`` naming the file when
    it is missing or malformed)."""
    from bot.errors import RulebookError
    from bot.paths import grammar_dir
    from bot.textnorm import fold
    from bot.yamlsafe import load_data_file

    path = grammar_dir() / FILE
    d = load_data_file(path, "слова определений")
    if not isinstance(d, dict) or not isinstance(d.get("verbs"), dict) or not d.get("openers"):
        raise RulebookError(f"слова определений {path}: ожидался словарь с разделами «openers» и «verbs»")
    lead = "|".join(re.escape(fold(str(w))) for w in d.get("lead_words") or ())
    opens = "|".join(r"\s+".join(map(re.escape, fold(str(o)).split())) for o in d["openers"])
    opener = re.compile(rf"^(?:(?:{lead})[\s,]+)*(?:{opens})(?![а-яё])\s*[:,-]?\s*(?P<t>.+)$" if lead
                        else rf"^(?:{opens})(?![а-яё])\s*(?P<t>.+)$")
    verbs = {fold(str(k)): (int(v.get("strength", 50)), str(v.get("side", "subject")))
             for k, v in d["verbs"].items() if isinstance(v, dict)}
    return Words(opener, frozenset(fold(str(w)) for w in d.get("tail_words") or ()), verbs,
                 int(d.get("dash_strength", 100)), frozenset(fold(str(w)) for w in d.get("stop") or ()))


def _content(toks: list[Tok]) -> list[str]:
    """The content lemmas of ``toks`` in order (a quoted phrase read word by word)."""
    W = words()
    out: list[str] = []
    for t in toks:
        if t.quote:
            out += _content(tokenize(t.text)[0])
        elif t.pos not in _SKIP_POS and t.lemma not in W.stop and not t.text.isdigit():
            out.append(t.lemma)
    return out


def asked_term(question: str) -> tuple[str, ...] | None:
    """The content lemmas of the term a definition question asks («что значит верхнее
    игродействие в стеке, какое из них верхнее» -> (верхний, игродействие, стек)): the words
    after the opener up to the first comma or question mark, without the game's name; ``None``
    for any other question."""
    from bot.textnorm import fold

    W = words()
    text = fold(question).strip()
    m = W.opener.match(text)
    if m is None:
        m = W.opener.match(_without_addressee(text))
    if m is None:
        return None
    term = re.split(r"[,?!.;:(]|\s[–—-]\s", m.group("t"))[0]
    toks = tokenize(term)[0]
    while toks and (toks[-1].lemma in W.tail or toks[-1].pos == "PREP"
                    or any(toks[-1].text.startswith(w) for w in W.tail if len(w) >= 6)):
        toks = toks[:-1]    # «… в берсерке»
    got = tuple(dict.fromkeys(_content(toks)))
    return got if 0 < len(got) <= 5 else None


def _without_addressee(text: str) -> str:
    """``text`` (folded) without a leading request and whom it is made to («объясните нубу
    что такое стек» -> «что такое стек»): a request word of ``lead_words`` followed by one
    or two words in the dative (a noun or a pronoun: «мне», «нубу», «новичку»), then the
    opener; else ``text`` as it is."""
    W = words()
    ws = text.split()
    if len(ws) < 3 or not W.opener.match(ws[0].strip(",") + " что такое x"):
        return text     # the first word is no request word of ``lead_words``
    for k in (2, 3):
        rest = " ".join(ws[k:])
        if not W.opener.match(rest) or W.opener.match(" ".join(ws[k - 1:])):
            continue
        if all(_dative(w.strip(",")) for w in ws[1:k]):
            return rest
    return text


def _dative(word: str) -> bool:
    """Whether ``word`` may be whom a request is made to: a noun or a pronoun («мне»,
    «новичку»; «нубу», which the analyser reads as the accusative)."""
    from bot.morph import analyzer

    return any(p.tag.POS in ("NOUN", "NPRO") for p in analyzer().parse(word))


@dataclass(frozen=True)
class Defining:
    """One defining sentence: ``number``, ``sentence``, ``strength``, and its term sides —
    ``sides``: (content lemmas of a side, content lemmas of the first phrase of the other
    side) for each side that may hold the term."""

    number: str
    sentence: str
    strength: int
    sides: tuple[tuple[tuple[str, ...], frozenset[str]], ...]


def _read(number: str, sentence: str) -> Defining | None:
    """The ``Defining`` of one sentence, or ``None`` when it has no defining verb or dash."""
    W = words()
    m = _DASH.search(sentence)
    if m is not None and m.start() < 80:
        left = tokenize(sentence[:m.start()])[0]
        right = tokenize(sentence[m.end():])[0]
        if left and not any(t.pos in ("VERB", "INFN") for t in left):
            return Defining(number, sentence, W.dash, ((tuple(_content(left)), _first_phrase(right)),))
    toks = tokenize(sentence)[0]
    at = next((i for i, t in enumerate(toks) if t.pos == "VERB" and t.lemma in W.verbs), None)
    if at is None or toks[at].clause != toks[0].clause and toks[at].lemma not in ("называться", "называть"):
        return None
    strength, side = W.verbs[toks[at].lemma]
    before, after = toks[:at], toks[at + 1:]
    if any(t.pos in ("VERB", "INFN") for t in before):
        return None     # the verb of a clause inside another sentence
    left = (tuple(_content(before)), _first_phrase(after))
    if side == "instrumental" and not _instrumental(before):
        head = after[:_phrase_end(after)]
        if not _instrumental(head):
            return None     # «Ветер называется …» names no term in the instrumental: no definition read
        return Defining(number, sentence, strength, ((tuple(_content(head)), _first_phrase(before)),))
    return Defining(number, sentence, strength, (left,))


def _instrumental(toks: list[Tok]) -> bool:
    """The first noun or adjective of ``toks`` is in the instrumental («Клеткой «напротив» …»,
    «… перемещением»): the term a «называется» sentence names."""
    first = next((t for t in toks if t.pos in ("NOUN", "ADJF")), None)
    return first is not None and first.case == "ablt"


def _phrase_end(toks: list[Tok]) -> int:
    """Where the first clause of ``toks`` ends."""
    return next((i for i, t in enumerate(toks) if t.clause != toks[0].clause), len(toks)) if toks else 0


def _first_phrase(toks: list[Tok]) -> frozenset[str]:
    return frozenset(_content(toks[:_phrase_end(toks)]))


def _fit(d: Defining, term: tuple[str, ...]) -> int | None:
    """How many words of ``d``'s term side the term does not name (0 or 1), or ``None``
    when ``d`` does not define ``term``."""
    want = set(term)
    best = None
    for side, other in d.sides:
        on = want & set(side)
        if not on or not (want - on) <= other:
            continue
        extra = len(set(side) - want)
        if want - on and extra:
            continue    # a term split by the verb («Верхним в стеке считается то игродействие»): nothing else

        if extra <= 1 and (best is None or extra < best):
            best = extra
    return best


_CACHE: dict[str, tuple[object, tuple[Defining, ...]]] = {}


def definitions(rb) -> tuple[Defining, ...]:
    """The defining sentences of the edition ``rb`` (read once per loaded edition)."""
    hit = _CACHE.get(rb.edition)
    if hit is not None and hit[0] is rb:
        return hit[1]
    out = []
    for c in rb.clauses:
        for s in _SENTENCE.split(c.text):
            s = s.strip()
            if s and len(s) < 400:
                d = _read(c.number, s)
                if d is not None:
                    out.append(d)
    _CACHE[rb.edition] = (rb, tuple(out))
    return _CACHE[rb.edition][1]


def answer(question: str, edition: str) -> "Answer | None":
    """The defining sentence of the term ``question`` asks about (see the module docstring),
    as an ``Answer`` of route ``rule_text`` whose verdict is that sentence; ``None`` when the
    question asks no definition or the edition defines the term nowhere, or twice differently."""
    from bot.rulebook import load

    term = asked_term(question)
    if term is None:
        return None
    rb = load(edition)
    if _entry(term, rb) is not None:
        return None     # the edition's dictionary defines it: the glossary route answers (``bot.glossary``)
    ranked = []
    for d in definitions(rb):
        extra = _fit(d, term)
        if extra is not None:
            ranked.append((extra, -d.strength, d))
    if ranked:
        ranked.sort(key=lambda x: (x[0], x[1]))
        top = [r for r in ranked if r[:2] == ranked[0][:2]]
        if len({r[2].sentence for r in top}) != 1:
            return None     # two sentences define it alike: no one answer
        d = top[0][2]
        if d.strength < STRONG and _defined_elsewhere(_term_text(question), d.number, rb.edition):
            return None     # «Симбиот считается картой, …» states a property; 209.1 defines the word
        return _reply(question, d.sentence.rstrip(" ."), [d.number], rb, f"п. {d.number}: «{d.sentence}»")
    return None


STRONG = 80
"""From this strength a defining verb always defines («состоит из», «называется»); below it
(«считается») a sentence answers only when the glossary finds no other defining paragraph."""


def _term_text(question: str) -> str:
    """The term of a definition question as written (for the glossary's lookup)."""
    from bot.textnorm import fold

    m = words().opener.match(fold(question).strip())
    return re.split(r"[,?!.;:(]|\s[–—-]\s", m.group("t"))[0].strip() if m else ""


def _defined_elsewhere(term: str, number: str, edition: str) -> bool:
    """The glossary (``bot.glossary``) finds a defining paragraph of ``term`` other than ``number``."""
    from bot.glossary import lookup_term

    t = lookup_term(term, edition) if term else None
    return t is not None and t.strong and t.number is not None and t.number != number


def _entry(term: tuple[str, ...], rb):
    """The edition's dictionary entry whose term is exactly ``term`` («Броня Х» for «броня»), or ``None``."""
    for e in rb.dictionary:
        if tuple(dict.fromkeys(_content(tokenize(re.sub(r"\s+[XХ]$", "", e.term))[0]))) == term:
            return e
    return None


def entry_verdict(text: str) -> str | None:
    """The verdict a dictionary entry gives «что такое X?»: its first sentence."""
    first = re.split(r"(?<=[.!?])\s+|\n", text.strip())[0].rstrip(" .")
    return first or None


def _reply(question: str, verdict: str, cites: list[str], rb, quoted: str) -> "Answer":
    from bot.answer import Answer, Block

    blocks = [Block("text", f"По тексту правил ({quoted}).")]
    blocks += [Block("rule", c.text, number=n) for n in cites[:2] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=[f"вопрос об определении: определяющее предложение — {quoted}"],
                  sentence=quoted)
