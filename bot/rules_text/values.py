"""Value questions of the rule-text route (issue 14): a «wh» question whose answer is a value
one rule sentence states, read off that sentence's structure on any edition.

At index time every sentence is read into ``Facts`` (``read_facts``): the concepts it names,
the *quantities* it states (a number — digits or words — with its bound «не более / не менее /
до / не может стать меньше» and the noun it counts, else the clause's subject), the *persons*
of its clauses (nominative noun phrases headed by a person noun: «Первый игрок»), the
*items* of a coordinated list it says come in order («Начальная Фаза, Фаза Открытия, … в
таком порядке», «сначала …, а затем …»), and what its subject *denotes* («Значок … обозначает
текущие жизни карты»). A paragraph introducing a lettered list («Игродействия, использующие
стек, это:», «Общая схема …:») and a sentence «Существует пять стихий: Степи, …» are read
into a ``ListFact`` (its head's concepts, its items in order, whether they are parts / steps).

A question is matched only when *every* content concept it asks is named by the one sentence
(or list head) — a trap that shares some keywords with another rule gets no verdict — and
the value is answered as the sentence states it, never «Да» / «Нет»:

- ``count``: «скока местностей можно держать максимум» -> «Не более 1 («не более одной
  местности»)» (``count_answer``);
- ``who``: «кто первым решает, делать ли мулиган» -> «Первый игрок» (``who_answer``);
- ``next``: «после главной фазы какая идёт» -> the next item of the ordered list;
- ``list``: «из каких этапов состоит …», «какие игродействия используют стек» -> the items;
- ``choice``: «значок … это начальные жизни или чо» -> what the sentence says it denotes;
  «раны всем сразу или по очереди» -> the one option the sentence states.

Two sentences giving different values give no verdict (the candidates are listed). The
words of these questions live in ``grammar/rule_values.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.reading.tokens import Tok, tokenize
from bot.rules_text.language import language

FILE = "rule_values.yaml"


# --- the words (grammar/rule_values.yaml) ------------------------------------------------

@dataclass(frozen=True)
class ValueWords:
    """The tables of ``grammar/rule_values.yaml`` (folded lemmas; phrases as lemma tuples)."""

    bound_negated: dict[str, str]
    bound_plain: dict[str, str]
    bound_verbs: frozenset[str]
    comparatives: dict[str, str]
    asked_bound: dict[str, str]
    persons: frozenset[str]
    generic_persons: frozenset[str]
    who: frozenset[str]
    first: frozenset[str]
    later: tuple[tuple[str, ...], ...]
    refers_back: tuple[tuple[str, ...], ...]
    which: frozenset[str]
    list_words: frozenset[str]
    part_words: frozenset[str]
    ordered_heads: frozenset[str]
    order_markers: tuple[tuple[str, ...], ...]
    after: frozenset[str]
    before: frozenset[str]
    follow_verbs: frozenset[str]
    ordinals: dict[str, int]
    wh_start: frozenset[str]
    how_not_wh: frozenset[str]
    change_verbs: frozenset[str]
    denote_verbs: frozenset[str]
    open_alternatives: frozenset[str]
    when: frozenset[str] = frozenset()
    """Words asking when a thing holds («когда», «в какой момент»), as written (folded):
    ``bot.rules_text.when``."""
    when_not: frozenset[str] = frozenset()
    """Words that make a «когда» sentence another question (yes/no, modal, a condition)."""


@lru_cache(maxsize=1)
def data():
    """``grammar/rule_values.yaml`` as read (any YAML value; one read per process, shared by
    every reader of the file: do not change it). ``RulebookError`` in Russian when the file is
    missing or not YAML (``bot.yamlsafe.load_data_file``)."""
    from bot.paths import grammar_dir
    from bot.yamlsafe import load_data_file

    return load_data_file(grammar_dir() / FILE, "слова вопросов о значениях")


def section(key: str):
    """The ``key`` section of ``grammar/rule_values.yaml`` (``tables``, ``stories``,
    ``order_said`` …) as read; ``None`` when the file holds no mapping or no such key."""
    d = data()
    return d.get(key) if isinstance(d, dict) else None


@lru_cache(maxsize=1)
def words() -> ValueWords:
    """The value-question words of ``grammar/rule_values.yaml`` (``RulebookError`` in Russian
    when the file is missing or malformed)."""
    from bot.errors import RulebookError
    from bot.paths import grammar_dir
    from bot.textnorm import fold

    d = data()
    if not isinstance(d, dict) or not isinstance(d.get("bounds"), dict):
        path = grammar_dir() / FILE
        raise RulebookError(f"слова вопросов о значениях {path}: ожидался словарь с разделом «bounds»")

    def s(key):
        return frozenset(fold(str(x)) for x in d.get(key) or ())

    def by_kind(table, sub=None):
        out: dict[str, str] = {}
        for kind, ws in (table or {}).items():
            for w in ((ws or {}).get(sub) if sub else ws) or ():
                out[fold(str(w))] = str(kind)
        return out

    def phrases(key):
        return tuple(tuple(fold(str(p)).split()) for p in d.get(key) or ())

    return ValueWords(
        bound_negated=by_kind(d["bounds"], "negated"), bound_plain=by_kind(d["bounds"], "plain"),
        bound_verbs=s("bound_verbs"), comparatives=by_kind(d.get("comparatives")),
        asked_bound=by_kind(d.get("asked_bound")), persons=s("persons"),
        generic_persons=s("generic_persons"), who=s("who"), first=s("first"),
        later=phrases("later"), refers_back=phrases("refers_back"), which=s("which"), list_words=s("list_words"), part_words=s("part_words"),
        ordered_heads=s("ordered_heads"), order_markers=phrases("order_markers"), after=s("after"),
        before=s("before"), follow_verbs=s("follow_verbs"), change_verbs=s("change_verbs"),
        ordinals={fold(str(k)): int(v) for k, v in (d.get("ordinals") or {}).items()}, wh_start=s("wh_start"),
        how_not_wh=s("how_not_wh"), denote_verbs=s("denote_verbs"),
        open_alternatives=s("open_alternatives"), when=s("when"), when_not=s("when_not"))


# --- what a sentence states -------------------------------------------------------------

@dataclass(frozen=True)
class Quantity:
    """A number a sentence states: ``value``; ``noun`` the concept it counts («местность»;
    the clause's subject when no noun follows: «стоимость … не может стать меньше 1»);
    ``bound`` ``max`` / ``min`` / ``""`` (stated exactly); ``phrase`` as written."""

    value: int
    noun: str
    bound: str
    phrase: str
    per: bool = False
    """A rate: the sentence counts it «за каждую …» (per unit), not once."""
    each: str = ""
    """The concept of a distributive qualifier right after the counted noun («одну экипировку
    каждого класса»: «класс»): the number counts per each of those, not in all."""
    each_text: str = ""
    """That qualifier as written («каждого класса»): a count given for a question that does not
    tell the unit carries it («1 каждого класса»)."""


@dataclass(frozen=True)
class Item:
    """One item of a list: ``text`` as written (lower case but the first letter), ``words``
    its concepts."""

    text: str
    words: frozenset[str]


@dataclass(frozen=True)
class Facts:
    """What one sentence of paragraph ``number`` states (see the module docstring).
    ``words``: every concept it names; ``cond``: those of its leading condition
    («Если особенность уменьшает стоимость карты, …») with ``condition_text``;
    ``persons``: the person noun phrases of its main clauses in order; ``later``: it opens
    with «После этого / Затем»; ``items``: its ordered list; ``denoted``: (subject concepts,
    what the subject denotes, the verb's lemma)."""

    number: str
    sentence: str
    words: frozenset[str]
    cond: frozenset[str] = frozenset()
    condition_text: str = ""
    quantities: tuple[Quantity, ...] = ()
    persons: tuple[str, ...] = ()
    later: bool = False
    items: tuple[Item, ...] = ()
    denoted: tuple[frozenset[str], Item, str] | None = None


@dataclass(frozen=True)
class ListFact:
    """A list the edition states: paragraph ``number``, the ``head`` as written and its
    concepts ``words``, ``genus`` the concept of its first noun, ``parts``: its items are the
    parts / steps of the head's thing in order (not its kinds), ``items`` in order."""

    number: str
    head: str
    words: frozenset[str]
    genus: str
    parts: bool
    items: tuple[Item, ...]


def _concepts(toks: list[Tok]) -> frozenset[str]:
    from bot.rules_text.propositions import _content

    return frozenset(w.lstrip("~") for w in _content(toks)[0])


def _phrase_at(toks: list[Tok], i: int, phrases) -> int:
    """The width of the first of ``phrases`` (lemma tuples) starting at ``toks[i]``, else 0."""
    for ph in phrases:
        if tuple(t.lemma for t in toks[i:i + len(ph)]) == ph:
            return len(ph)
    return 0


def _number(t: Tok) -> int | None:
    """The count a token names: digits, a cardinal numeral («пять», «двадцати»), «один»
    in any form; ordinals («второй») count nothing."""
    if t.text.isdigit():
        return int(t.text)
    L = language()
    if t.lemma in L.numbers and (t.pos == "NUMR" or t.lemma in ("один", "одна")):
        return L.numbers[t.lemma]
    return None


def _text(toks: list[Tok], sentence: str = "") -> str:
    """The words of ``toks`` as ``sentence`` writes them («Её владельца», «Главная Фаза»),
    else as read (folded); the first letter capitalised."""
    s = " ".join(t.text for t in toks)
    if sentence and toks:
        pattern = r"[\s,]+".join(re.escape(t.text).replace("е", "[её]") for t in toks)
        m = re.search(rf"(?i)(?<![а-яё]){pattern}(?![а-яё])", sentence)
        if m is not None:
            s = m.group(0)
    return s[:1].upper() + s[1:]


def _bound_before(toks: list[Tok], i: int) -> tuple[str, int]:
    """``(bound, index where its words start)`` of the number at ``toks[i]``."""
    W = words()
    j = i - 1
    if j < 0:
        return "", i
    w = toks[j].lemma
    if w in W.bound_plain and not (w == "до" and toks[j].pos != "PREP"):
        return W.bound_plain[w], j
    neg = next((k for k in range(j - 1, max(-1, j - 5), -1) if toks[k].lemma == "не"
                and toks[k].clause == toks[i].clause), None)
    if w in W.bound_negated and neg == j - 1:
        return W.bound_negated[w], j - 1
    if (w in W.comparatives or toks[j].text in W.comparatives) and neg is not None and all(
            toks[k].lemma in W.bound_verbs or toks[k].lemma in language().personal or toks[k].lemma == "не"
            for k in range(neg, j)):
        return W.comparatives.get(w) or W.comparatives[toks[j].text], neg   # «не может стать меньше 1»
    if (w in W.comparatives or toks[j].text in W.comparatives) and j >= 2 and toks[j - 1].lemma == "и":
        # «не может быть меньше 1 и больше 6»: the second comparative under the same «не»
        k = j - 2
        while k >= 0 and toks[k].clause == toks[i].clause:
            if toks[k].lemma == "не":
                return W.comparatives.get(w) or W.comparatives[toks[j].text], j
            k -= 1
    return "", i


def _quantities(toks: list[Tok]) -> tuple[Quantity, ...]:
    """The numbers ``toks`` state with their bound and the noun they count."""
    out: list[Quantity] = []
    L = language()
    per = any(t.lemma == "за" and u.lemma == "каждый" for t, u in zip(toks, toks[1:]))
    for i, t in enumerate(toks):
        n = _number(t)
        if n is None or (i > 0 and toks[i - 1].lemma in ("п", "пункт")):
            continue
        if any(toks[k].lemma == "ни" for k in range(max(0, i - 2), i)):   # «ни одной стихии» counts nothing
            continue
        bound, start = _bound_before(toks, i)
        noun, end = "", i + 1
        for k in range(i + 1, min(len(toks), i + 6)):
            u = toks[k]
            if u.clause != t.clause and k > i + 1:
                break
            if u.pos == "NOUN":
                noun, end = L.norm(u.lemma, u.text), k + 1
                break
            if not (u.pos in ("CONJ", "PRCL", "ADVB", "COMP", "NUMR", "ADJF") or u.text.isdigit()):
                break
        each = each_text = ""
        if noun and end + 1 < len(toks) and toks[end].lemma == "каждый" and toks[end + 1].pos == "NOUN" \
                and toks[end + 1].clause == t.clause:     # «одну экипировку каждого класса» (212.4)
            each, each_text = L.norm(toks[end + 1].lemma, toks[end + 1].text), f"{toks[end].text} {toks[end + 1].text}"
            end += 2
        if not noun:   # «стоимость этой карты не может стать меньше 1»: the subject is counted
            subj = next((u for u in toks if u.clause == t.clause and u.pos == "NOUN" and u.case == "nomn"), None)
            noun = L.norm(subj.lemma, subj.text) if subj is not None else ""
        out.append(Quantity(n, noun, bound, " ".join(u.text for u in toks[start:end]), per, each, each_text))
    return tuple(out)


def _may_be_nominative(word: str) -> bool:
    from bot.rules_text.propositions import _may_be_nominative as nomn

    return nomn(word)


def _persons(toks: list[Tok], skip: set[int], sentence: str = "") -> tuple[str, ...]:
    """Person noun phrases in the nominative («Первый игрок», «активный игрок»), in order;
    an adjective after «затем» whose noun is left out («…, а затем неактивный») is one too."""
    W = words()
    out: list[str] = []
    for i, t in enumerate(toks):
        if i in skip:
            continue
        if t.pos == "NOUN" and t.lemma in W.persons and t.case == "nomn":
            a = i
            while a > 0 and toks[a - 1].pos in ("ADJF", "PRTF") and _may_be_nominative(toks[a - 1].text) \
                    and toks[a - 1].clause == t.clause and _number(toks[a - 1]) is None:
                a -= 1
            b = _determiner_end(toks, i)
            if a == i and b == i + 1 and t.lemma in W.generic_persons:
                out.append(GENERIC_PERSON)   # «Игрок, …» alone names no one: which player is the answer
                continue
            out.append(_text(toks[a:b], sentence))
        elif t.pos == "ADJF" and t.case == "nomn" and i > 0 and toks[i - 1].lemma in ("затем", "потом") and (
                i + 1 == len(toks) or toks[i + 1].pos != "NOUN") and out:
            head = out[-1].split()[-1]
            out.append(f"{t.text[:1].upper()}{t.text[1:]} {head}")
    return tuple(dict.fromkeys(out))


GENERIC_PERSON = "?"
"""A person noun a sentence names with nothing that says which one («Игрок решает …»): never
an answer to «кто …?» (``_persons`` keeps its place so that a sentence naming one is not
read as naming another)."""


def _determiner_end(toks: list[Tok], i: int) -> int:
    """The end (exclusive) of the phrase that says which person ``toks[i]`` is: a participial
    clause right after it, set off by a comma, in the nominative and of its gender («Игрок,
    выбросивший большее число, …» -> through «число»), or a «который» clause; else ``i + 1``."""
    if i + 1 >= len(toks) or toks[i + 1].clause == toks[i].clause:
        return i + 1
    nxt = toks[i + 1]
    if not ((nxt.pos == "PRTF" and nxt.case == "nomn" and nxt.gender in (toks[i].gender, None))
            or nxt.lemma == "который"):
        return i + 1
    j = i + 1
    while j < len(toks) and toks[j].clause == nxt.clause and toks[j].sent == nxt.sent:
        j += 1
    return j


def _members(toks: list[Tok]) -> list[list[Tok]]:
    """Coordinated noun phrases at the start of ``toks`` (before the first verb): split at
    commas and «и / или»; ``[]`` when fewer than two or one has no noun."""
    run: list[list[Tok]] = [[]]
    for k, t in enumerate(toks):
        if t.pos in ("VERB", "INFN", "ADVB", "PRTS", "ADJS"):
            break
        if t.lemma in ("и", "или"):
            run.append([])
            continue
        if run[-1] and t.clause != run[-1][-1].clause:
            run.append([])
        if t.pos not in ("NOUN", "ADJF", "PRTF") and not t.quote:
            return []
        run[-1].append(t)
    run = [m for m in run if m]
    if len(run) < 2 or not all(any(t.pos == "NOUN" or t.quote for t in m) for m in run):
        return []
    return run


def _then_chain(toks: list[Tok]) -> list[list[Tok]]:
    """«сначала применяется отравление, а затем регенерация» -> [[отравление], [регенерация]]:
    the subject named after «сначала» and each «затем / потом», with the verb left out."""
    at = [i for i, t in enumerate(toks) if t.lemma in ("сначала", "затем", "потом")]
    if len(at) < 2 or toks[at[0]].lemma != "сначала":
        return []
    out = []
    for n, i in enumerate(at):
        end = at[n + 1] if n + 1 < len(at) else len(toks)
        nouns = [t for t in toks[i + 1:end] if t.pos == "NOUN" and t.case == "nomn"]
        if not nouns:
            return []
        k = toks.index(nouns[0])
        a = k
        while a > i + 1 and toks[a - 1].pos == "ADJF":
            a -= 1
        out.append(toks[a:k + 1])
    return out


def _ordered_items(toks: list[Tok], sentence: str = "") -> tuple[Item, ...]:
    """The items ``toks`` say come in the order written (see ``Facts.items``)."""
    W = words()
    chain = _then_chain(toks)
    if chain:
        return tuple(Item(_text(m, sentence), _concepts(m)) for m in chain)
    if not any(_phrase_at(toks, i, W.order_markers) for i in range(len(toks))):
        return ()
    return tuple(Item(_text(m, sentence), _concepts(m)) for m in _members(toks))


def _denoted(toks: list[Tok], sentence: str = "") -> tuple[frozenset[str], Item, str] | None:
    """(subject concepts, complement, verb lemma) of «X обозначает / является / состоит из Y»."""
    from bot.rules_text.propositions import _relative

    W = words()
    v = next((i for i, t in enumerate(toks) if t.pos == "VERB" and t.lemma in W.denote_verbs
              and not _relative(toks, i)), None)
    if v is None or v == 0:
        return None
    subj = [t for t in toks[:v] if t.pos != "ADVB"]
    obj = [t for t in toks[v + 1:] if t.clause == toks[v].clause and t.pos != "ADVB"]
    if not obj or not any(t.pos == "NOUN" for t in subj) or not any(t.pos == "NOUN" for t in obj):
        return None
    return _concepts(subj), Item(_text(obj, sentence), _concepts(obj)), toks[v].lemma


_COLON_LIST = re.compile(r"^(?P<head>[^:()]+?)\s*:\s*(?P<items>(?:[А-ЯЁ][а-яё]+\s*,\s*)+[А-ЯЁ][а-яё]+\s+(?:и|или)\s+"
                         r"[А-ЯЁ][а-яё]+)\s*\.?$")


def read_facts(sentence: str, number: str, cond: frozenset[str] = frozenset(),
               condition_text: str = "") -> tuple[Facts, ListFact | None]:
    """The ``Facts`` of one rule ``sentence`` of paragraph ``number`` (``cond`` /
    ``condition_text``: its leading condition as the proposition reader found it), and the
    ``ListFact`` of a «X: A, B, C и D» sentence (else ``None``)."""
    W = words()
    toks, _ = tokenize(re.sub(r"\s*\([^()]*\)", "", sentence))
    later = any(_phrase_at(toks, 0, (ph,)) for ph in W.later)
    cond_idx = {i for i, t in enumerate(toks) if cond and t.clause == 0 and toks[0].lemma in language().condition}
    whole = _concepts(tokenize(sentence)[0]) if "(" in sentence else _concepts(toks)   # the brackets name words too
    facts = Facts(number=number, sentence=sentence, words=whole, cond=cond, condition_text=condition_text,
                  quantities=_quantities(toks), persons=_persons(toks, cond_idx, sentence), later=later,
                  items=_ordered_items(toks, sentence), denoted=_denoted(toks, sentence))
    lst = None
    m = _COLON_LIST.match(sentence.strip())
    if m is not None:
        htoks, _ = tokenize(m.group("head"))
        noun = next((t for t in reversed(htoks) if t.pos == "NOUN"), None)
        names = [w for w in re.findall(r"[А-ЯЁа-яё]+", m.group("items")) if w not in ("и", "или")]
        if noun is not None and len(names) >= 2:
            items = tuple(Item(w, _concepts(tokenize(w)[0])) for w in names)
            lst = ListFact(number, m.group("head").strip(), _concepts(htoks),
                           language().norm(noun.lemma, noun.text), False, items)
    return facts, lst


def read_list(head_number: str, head_text: str, item_texts: list[str]) -> ListFact | None:
    """The ``ListFact`` of a list head paragraph («Игродействия, использующие стек, это:»)
    and its lettered items' texts, or ``None`` (no noun in the head, no items)."""
    W = words()
    head = head_text.rstrip().rstrip(":").rstrip()
    toks, _ = tokenize(head)
    g = next((t for t in toks if t.pos == "NOUN"), None)
    if g is None or not item_texts:
        return None
    lemmas = {t.lemma for t in toks}
    parts = bool(lemmas & (W.ordered_heads | W.part_words)) and "это" not in lemmas
    items = []
    for it in item_texts:
        text = re.split(r"\s*[(;]", it.strip())[0].rstrip(".;, ")
        if text:
            items.append(Item(text[:1].upper() + text[1:], _concepts(tokenize(text)[0])))
    if not items:
        return None
    return ListFact(head_number, head, _concepts(toks), language().norm(g.lemma, g.text), parts, tuple(items))


# --- the index of what sentences state ----------------------------------------------------

@dataclass
class ValueIndex:
    """The ``Facts`` of an edition's sentences (``facts``, with ``by_concept``: concept ->
    indexes), its ``lists``, and ``ordered``: the indexes of the facts with ordered items."""

    facts: list[Facts]
    by_concept: dict[str, list[int]]
    lists: list[ListFact]
    ordered: list[int]


def index(facts: list[Facts], lists: list[ListFact]) -> ValueIndex:
    """``facts`` indexed by concept (see ``ValueIndex``)."""
    by: dict[str, list[int]] = {}
    for k, f in enumerate(facts):
        for w in f.words:
            by.setdefault(w.removeprefix("не "), []).append(k)
    return ValueIndex(facts, by, lists, [k for k, f in enumerate(facts) if len(f.items) >= 2])


# --- questions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Asked:
    """The asked sentence of a question: its tokens (typos corrected, chat forms written
    out) and the concepts of the sentences told before it."""

    toks: tuple[Tok, ...]
    context: frozenset[str]


def _triggered(toks: list[Tok]) -> bool:
    """The sentence has a word of a value question other than «сколько» / «кто» (a «which»
    word, «после / перед», «или», «это», a list word): cheap, before typos are corrected."""
    W = words()
    return any(t.lemma in W.which or t.lemma in W.list_words or t.lemma in ("или", "это")
               or (t.pos == "PREP" and (t.lemma in W.after or t.lemma in W.before)) for t in toks)


def opens_with_wh(sentence: str) -> bool:
    """The asked ``sentence`` opens with a question word of ``wh_start`` (after «а / и» and
    a preposition: «а из чего …», «что является …»): it asks a value, not whether."""
    W = words()
    toks = tokenize(sentence.rstrip("?!. "))[0]
    i = 0
    while i < len(toks) and (toks[i].lemma in ("а", "и", "ну") or toks[i].pos == "PREP"):
        i += 1
    if not (i + 1 < len(toks) and toks[i].lemma in W.wh_start and toks[i + 1].clause == toks[i].clause):
        return False        # «что, …» is no question word
    return not (toks[i].lemma == "как" and toks[i + 1].lemma in W.how_not_wh)   # «как думаешь, можно …?»


def _asked(question: str, edition: str, check: bool = False) -> Asked | None:
    """The ``Asked`` sentence of ``question``; with ``check``, ``None`` unless ``_triggered``."""
    from bot.rules_text.question import _fix_typos, respell

    from bot.asked import split_asked

    parts, at = split_asked(question)
    if at < 0:
        return None
    last, before = parts[at], parts[:at]
    text = respell(last)
    if check and not _triggered(tokenize(text.rstrip("?!. "))[0]):
        return None
    toks, _ = tokenize(_fix_typos(text, edition).rstrip("?!. "))
    if not toks:
        return None
    ctx = _concepts(tokenize(_fix_typos(respell(" ".join(before)), edition))[0]) if before else frozenset()
    return Asked(tuple(toks), ctx)


def _hits(x: str, ws: frozenset[str]) -> bool:
    from bot.rules_text.match import _hits as hits

    return hits(x, ws)


def _content_of(toks, drop: frozenset[str] = frozenset()) -> list[str]:
    """The concepts of ``toks`` a rule must name: not filler, not implicit, not ``drop``."""
    L = language()
    return [x for x in _concepts(list(toks))
            if x.removeprefix("не ") not in L.filler and x.removeprefix("не ") not in L.implicit
            and x not in drop]


def _candidates(vi: ValueIndex, asked: list[str]) -> list[int]:
    """Facts naming the rarest asked concept (or a broader one)."""
    from bot.rules_text.match import _ups

    best: list[int] | None = None
    for x in asked:
        ids: set[int] = set()
        for c in _ups(x):
            if not c.startswith("§"):
                ids.update(vi.by_concept.get(c.removeprefix("не "), ()))
        if best is None or len(ids) < len(best):
            best = sorted(ids)
    return best or []


def _reply(question: str, verdict: str, found: list[tuple[str, str]], how: str, edition: str,
           kind: str) -> "Answer":
    """The ``Answer`` of a value ``verdict`` resting on ``found`` [(number, sentence)]."""
    from bot.answer import Answer, Block
    from bot.rulebook import load

    rb = load(edition)
    cites = list(dict.fromkeys(n for n, _ in found))
    number, sentence = found[0]
    blocks = [Block("text", f"По тексту правил (п. {number}: «{sentence}»).")]
    if how:
        blocks.append(Block("text", how))
    blocks += [Block("rule", c.text, number=n) for n in cites[:3] if (c := rb.get(n)) is not None]
    trace = [f"вопрос о значении ({kind}): ответ — то, что говорит предложение",
             *(f"подходит п. {n}: «{s}»" for n, s in found)]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=trace, sentence=sentence)


def _declined(question: str, options: dict[str, list[tuple[str, str]]], kind: str) -> "Answer | None":
    """No verdict: several sentences give several values (each listed with its sentence)."""
    from bot.answer import Answer, Block

    if not options:
        return None
    lines = [f"п. {n}: «{s}» — {v}" for v, found in options.items() for n, s in found[:2]]
    cites = list(dict.fromkeys(n for found in options.values() for n, _ in found))
    return Answer(question=question, route="rule_text", verdict=None,
                  blocks=[Block("note", "Однозначного ответа по тексту правил нет: предложения называют разное."),
                          Block("list", items=tuple(lines), title="Что говорят правила")],
                  citations=cites, trace=[f"вопрос о значении ({kind}): предложения расходятся", *lines])


def _decide(question: str, options: dict[str, list[tuple[str, str]]], how: dict[str, str], edition: str,
            kind: str) -> "Answer | None":
    if len(options) == 1:
        verdict, found = next(iter(options.items()))
        return _reply(question, verdict, found, how.get(verdict, ""), edition, kind)
    return _declined(question, options, kind)


# --- how many ---------------------------------------------------------------------------------

def _count_text(qs: list[Quantity], bound: str) -> str | None:
    """The verdict for the quantities of one sentence that answer a count asking ``bound``."""
    hi = sorted({u.value for u in qs if u.bound == "max"})
    lo = sorted({u.value for u in qs if u.bound == "min"})
    exact = sorted({u.value for u in qs if not u.bound})
    phrase = " / ".join(dict.fromkeys(u.phrase for u in qs))
    each = {u.each_text for u in qs}
    if len(each) > 1:
        return None     # one count per unit, another in all: which is asked is not told
    if each != {""}:    # «1 каждого класса»: the count holds per unit, never in all
        text = _count_text([replace(u, each_text="") for u in qs], bound)
        return None if text is None else re.sub(r"^(\D*\d+)", rf"\1 {each.pop()}", text, count=1)
    if bound == "max" and len(hi) == 1 and not exact:
        return f"Не более {hi[0]} («{phrase}»)"
    if bound == "min" and len(lo) == 1 and not exact:
        return f"Не менее {lo[0]} («{phrase}»)"
    if len(exact) == 1 and not hi and not lo:
        return f"{exact[0]} («{phrase}»)"
    if not bound and len(hi) <= 1 and len(lo) <= 1 and (hi or lo) and not exact:
        return " и ".join(x for x in (f"Не менее {lo[0]}" if lo else "", f"не более {hi[0]}" if hi else "") if x
                          ).capitalize() + f" («{phrase}»)"
    return None


def count_answer(question: str, q, idx, edition: str) -> "Answer | None":
    """«сколько / скока / до скольки … (максимум / минимум)»: the count one sentence states
    for the counted noun, every asked concept named by that sentence (``q``: the
    ``bot.rules_text.question.Question`` of kind ``count``; ``idx``: the ``PropIndex``)."""
    from bot.rules_text.match import covers

    vi: ValueIndex | None = getattr(idx, "values", None)
    if vi is None:
        return None
    L = language()
    W = words()
    asked = [x for x in q.bag if x.removeprefix("не ") not in L.filler and x.removeprefix("не ") not in L.implicit
             and x not in L.count_words and x not in W.change_verbs]
    measured = not q.counted and any(t.lemma in L.count_words and L.norm(t.lemma, t.text) != "сколько"
                                     for t in tokenize(q.text.rstrip("?!. "))[0])
    if not asked or not (q.counted or measured):   # «минимальный размер колоды»: the size is a count of what it holds
        return None
    options: dict[str, list[tuple[str, str]]] = {}
    how: dict[str, str] = {}
    told = q.bag | q.context
    para = _paragraph_words(vi)
    verbs = [x for x in asked if x[-2:] in ("ть", "ся", "сь", "ти") and x not in L.light]   # what is counted for
    for k in _candidates(vi, asked) or _candidates(vi, [q.counted]):
        f = vi.facts[k]
        if not f.quantities:
            continue
        if not all(_hits(x, f.words) for x in asked):
            # the sentence states the count of the asked noun for the asked action; the rest
            # of what is asked may be said by the other sentences of its paragraph («Каждый
            # игрок сдаёт себе 15 карт. Эти карты образуют сдачу, из которой он набирает отряд.»)
            if not verbs or not all(_hits(v, f.words) for v in verbs) or not all(
                    _hits(x, f.words) or _hits(x, para.get(f.number, frozenset())) for x in asked):
                continue
        qs = [u for u in f.quantities if u.noun and (covers(q.counted, u.noun) if q.counted else True) and not u.per]
        # «одну … каждого класса» is no count in all: told the unit («одного класса») the count is that
        # number, else it is given per unit («1 каждого класса»)
        qs = [replace(u, each_text="") if u.each and _hits(u.each, told) else u for u in qs]
        if measured and len({u.noun for u in qs}) != 1:
            continue    # a size of what? the sentence counts two things
        if q.bound:
            qs = [u for u in qs if u.bound in (q.bound, "")]
        if not qs:
            continue
        text = _count_text(qs, q.bound)
        if text is None:
            continue
        if f.cond and not _condition_told(f.cond, asked, told):
            continue    # «Если особенность позволяет взять вторую местность, …» counts for another situation
        options.setdefault(text, []).append((f.number, f.sentence))
    return _decide(question, options, how, edition, "сколько")


def _condition_told(cond: frozenset[str], asked: list[str], told: frozenset[str]) -> bool:
    """Whether the question tells the leading condition of a sentence (its concepts
    ``cond``): one of the condition's own concepts — not one the asked clause itself names
    («скока местностей можно взять в отряд» names «взять», «отряд», «местность» of «Если
    особенность позволяет взять в отряд вторую местность») — is among ``told``."""
    own = frozenset(c for c in cond if not any(_hits(a, frozenset((c,))) for a in asked))
    return bool(own) and any(_hits(x, own) for x in told)


def _paragraph_words(vi: "ValueIndex") -> dict[str, frozenset[str]]:
    """Paragraph number -> every concept its sentences name (cached on ``vi``)."""
    got = getattr(vi, "_paragraphs", None)
    if got is None:
        acc: dict[str, set[str]] = {}
        for f in vi.facts:
            acc.setdefault(f.number, set()).update(f.words)
        got = {n: frozenset(ws) for n, ws in acc.items()}
        try:
            object.__setattr__(vi, "_paragraphs", got)
        except Exception:  # noqa: BLE001
            pass
    return got


def _titles(vi: "ValueIndex") -> dict[str, frozenset[str]]:
    """Paragraph number -> the concepts of its title sentence (a first sentence of at most
    four words and no verb: «Шаг вскрытия.»), cached on ``vi``."""
    got = getattr(vi, "_titles", None)
    if got is None:
        got = {}
        for f in vi.facts:
            if f.number in got:
                continue
            toks = tokenize(f.sentence)[0]
            got[f.number] = f.words if 0 < len(toks) <= 4 and not any(
                t.pos in ("VERB", "INFN", "PRTS", "ADJS") for t in toks) else frozenset()
        try:
            object.__setattr__(vi, "_titles", got)
        except Exception:  # noqa: BLE001
            pass
    return got


# --- who ------------------------------------------------------------------------------------

def who_answer(question: str, q, idx, edition: str) -> "Answer | None":
    """«кто …?»: the person one sentence names as its subject, every asked concept named by
    it (``asked_concepts``); «кто первым …» takes the first of a sentence's persons in order («Первым решение …
    принимает первый игрок, затем второй игрок») and passes over a sentence that opens
    «После этого / Затем»."""
    vi: ValueIndex | None = getattr(idx, "values", None)
    if vi is None:
        return None
    W = words()
    L = language()
    first = any(t.lemma in W.first for t in tokenize((q.text or question).rstrip("?!. "))[0])
    asked = [x for x in asked_concepts(question, q) if x.removeprefix("не ") not in L.filler
             and x.removeprefix("не ") not in L.implicit and x not in W.first]
    events: list[str] = []
    if len(asked) == 1:
        # «… внезапка выполнилась. кто щас получает приоритет»: one asked concept, read after the
        # events the story told — the sentence must name each of them too («Выполненное игродействие
        # …, после чего Активный Игрок вновь получает приоритет»)
        events = sorted(c for c in q.context if c[-2:] in ("ть", "ся", "ти") and c not in L.light
                        and c not in L.filler and c not in L.implicit)
    if len(asked) + len(events) < 2:
        return None
    options: dict[str, list[tuple[str, str]]] = {}
    titles = _titles(vi)
    for k in _candidates(vi, asked):
        f = vi.facts[k]
        if not f.persons or not all(_hits(x, f.words | titles.get(f.number, frozenset())) for x in asked + events):
            continue    # a paragraph titled «Шаг вскрытия.» speaks of that step in each sentence
        if first and f.later:
            continue
        if f.persons[0] == GENERIC_PERSON:
            continue    # «Игрок, …» with nothing saying which: a cut answer would be a wrong one
        own = [p for p in f.persons if p != GENERIC_PERSON and not all(_hits(w, q.bag) for w in _concepts(tokenize(p)[0]))]
        if not own:
            continue
        if len(own) > 1 and not (first and len(f.items) > 1 or first and _ordered_persons(f)):
            continue
        options.setdefault(own[0], []).append((f.number, f.sentence))
    return _decide(question, options, {}, edition, "кто")


def asked_concepts(question: str, q) -> frozenset[str]:
    """The concepts a sentence ruling on a wh-question must name: ``q.bag`` (the asked
    sentence as ``bot.rules_text.question.read`` read it), with what the question told before
    when the asked sentence points back at it (``refers_back``: «я объявил игродействие. у кого
    после этого приоритет?» — the told declaration is asked about too), without the asker's
    guess closing it («…, у противника?»: a candidate answer, ``bot.proposed``)."""
    from bot.proposed import proposal

    toks = tokenize((q.text or question).rstrip("?!. "))[0]
    told = q.context if any(_phrase_at(toks, i, words().refers_back) for i in range(len(toks))) else frozenset()
    p = proposal(question)
    guess = _concepts(tokenize(" ".join(p.words))[0]) if p is not None else frozenset()
    return frozenset((q.bag | told) - guess)


def _ordered_persons(f: Facts) -> bool:
    """The sentence names its persons in order («…, затем второй игрок»)."""
    return bool(re.search(r"(?i)\b(затем|потом|после этого|после него)\b", f.sentence))


# --- which: the next item, the items of a list, one of two ---------------------------------

def answer(question: str, edition: str, idx, q=None) -> "Answer | None":
    """A «which» question of the kinds ``next``, ``list`` or ``choice`` (see the module
    docstring) answered from ``idx`` (the edition's ``PropIndex``), else ``None`` (not such
    a question, or nothing states it). ``q``: the question as ``bot.rules_text.question.read``
    read it, when it did — its words (already tokenised) decide first whether to read on."""
    vi: ValueIndex | None = getattr(idx, "values", None)
    if vi is None:
        return None
    if q is not None and q.text and not _triggered(tokenize(q.text.rstrip("?!. "))[0]):
        return None
    W = words()
    L = language()
    a = _asked(question, edition, check=True)
    if a is None:
        return None
    toks = list(a.toks)
    lemmas = [t.lemma for t in toks]
    if any(t.lemma in L.personal or t.lemma in L.impersonal for t in toks) or "ли" in lemmas:
        return None     # a modal question is yes/no («можно … или только …?»)
    which = next((i for i, t in enumerate(toks) if t.lemma in W.which and t.lemma != "что"), None)
    side = next((i for i, t in enumerate(toks) if t.pos == "PREP" and (t.lemma in W.after or t.lemma in W.before)
                 and i + 1 < len(toks) and toks[i + 1].pos in ("ADJF", "NOUN", "PRTF")), None)
    if side is not None and (which is not None or "что" in lemmas):
        return _next(question, toks, side, which, vi, edition)
    nth = next((i for i, t in enumerate(toks) if t.lemma in W.ordinals), None)
    if nth is not None and which is not None and "кто" not in lemmas:
        return _nth(question, toks, nth, which, vi, edition)    # «какая фаза в ходу первая»
    verb = next((i for i, t in enumerate(toks) if t.pos == "VERB" and t.lemma in W.denote_verbs or _means_verb(toks, i)),
                None)
    asks_what = verb is not None and any(t.lemma == "что" and t.clause == toks[verb].clause and i < verb
                                         for i, t in enumerate(toks))   # not «…, что и хозяин»
    if verb is not None and (which is not None or asks_what) and "или" not in lemmas:
        got = _what_is(question, toks, verb, which, vi, edition)   # «что обозначает значок …», «из чего состоит стек»
        if got is not None and got.verdict or which is None:
            return got      # «из каких этапов состоит …» may be a list's items yet
    if which is not None or (any(t.lemma in W.list_words for t in toks)
                             and any(t.lemma in W.part_words or t.lemma in W.ordered_heads for t in toks)):
        return _list(question, toks, which, vi, edition)   # «напомните порядок фаз»
    if "или" in lemmas and "кто" not in lemmas:
        return _choice(question, toks, a.context, vi, edition)
    return None


def _means_verb(toks: list[Tok], i: int) -> bool:
    """«что значит» read as the verb «значить» (means), not the particle «значит» (so): right
    after «что», opening the question («что значит X?») or closing it («X что значит?»)."""
    return (toks[i].text in ("значит", "значат") and i > 0 and toks[i - 1].lemma == "что"
            and (i == 1 or i == len(toks) - 1))


def _names(ws: frozenset[str], c: str) -> bool:
    """One of an item's concepts ``ws`` is ``c`` or a kind of it (an item «Главная фаза» is
    no «подфаза»)."""
    from bot.rules_text.match import covers

    return any(covers(w, c) for w in ws)


def _np_after(toks: list[Tok], i: int) -> list[Tok]:
    out = []
    for t in toks[i:]:
        if t.pos not in ("ADJF", "NOUN", "PRTF") and not t.quote:
            break
        out.append(t)
    return out


def _ordered_lists(vi: ValueIndex):
    """``(number, sentence, items, concepts)`` of every ordered list: sentences listing items
    in order and list heads whose items are steps."""
    out = [(f.number, f.sentence, f.items, f.words) for f in (vi.facts[k] for k in vi.ordered)]
    out += [(lf.number, lf.head + ":", lf.items,
             lf.words | frozenset(w for i in lf.items for w in i.words)) for lf in vi.lists if lf.parts]
    return out


def _next(question: str, toks: list[Tok], side: int, which: int | None, vi: ValueIndex, edition: str):
    """«после главной фазы какая идёт» -> the item after «Главная Фаза» in the one ordered
    list naming it; «перед …» / «до …» -> the item before it; «после какой фазы идёт
    главная» -> the item before «Главная Фаза»."""
    W = words()
    step = 1 if toks[side].lemma in W.after else -1
    x = _np_after(toks, side + 1)
    genus = _np_after(toks, which + 1) if which is not None else []
    used = {id(t) for t in [toks[side], *x, *genus]} | ({id(toks[which])} if which is not None else set())
    if which == side + 1:   # «после какой фазы идёт главная»: the item named is the other one
        genus = [t for t in x if t is not toks[which]]
        x = [t for t in toks if id(t) not in used and t.pos in ("ADJF", "NOUN", "PRTF")]
        used |= {id(t) for t in x}
        step = -step
    target = [c for c in _content_of(x + genus)]
    if not target:
        return None
    rest = _content_of([t for t in toks if id(t) not in used and t.lemma not in W.follow_verbs], W.which)
    options: dict[str, list[tuple[str, str]]] = {}
    for number, sentence, items, ws in _ordered_lists(vi):
        at = [k for k, it in enumerate(items) if all(_names(it.words, c) for c in target)]
        if len(at) != 1 or not all(_hits(c, ws) for c in rest):
            continue
        k = at[0] + step
        if not 0 <= k < len(items):
            continue
        options.setdefault(items[k].text, []).append((number, sentence))
    return _decide(question, options, {}, edition, "что идёт после" if step > 0 else "что идёт перед")


def _nth(question: str, toks: list[Tok], nth: int, which: int, vi: ValueIndex, edition: str):
    """«какая фаза в ходу первая / последняя» -> that item of the one ordered list whose
    every item names the asked noun and whose sentence names the rest of the question."""
    W = words()
    n = W.ordinals[toks[nth].lemma]
    genus = _content_of([t for t in _np_after(toks, which + 1) if t.pos == "NOUN"][:1]) or _content_of(
        [t for t in toks if t.pos == "NOUN"][:1])
    if not genus:
        return None
    rest = _content_of([t for i, t in enumerate(toks) if i not in (nth, which) and t.lemma not in W.follow_verbs],
                       W.which)
    options: dict[str, list[tuple[str, str]]] = {}
    for number, sentence, items, ws in _ordered_lists(vi):
        if len(items) < 2 or not all(_names(i.words, c) for i in items for c in genus):
            continue
        if not all(_hits(c, ws) for c in rest) or not -len(items) <= n < len(items):
            continue
        options.setdefault(items[n].text, []).append((number, sentence))
    return _decide(question, options, {}, edition, "который по счёту")


def _what_is(question: str, toks: list[Tok], verb: int, which: int | None, vi: ValueIndex, edition: str):
    """«что обозначает значок в текстовом поле карты», «из чего состоит стек» -> what the
    one sentence with that verb says its subject denotes / is made of; the sentence's
    subject named wholly by the question, the question's words all named by the sentence."""
    W = words()
    L = language()
    lemma = toks[verb].lemma
    subj = _content_of([t for i, t in enumerate(toks) if i not in (verb, which) and t.lemma != "что"], W.which)
    if not subj:
        return None
    options: dict[str, list[tuple[str, str]]] = {}
    for f in (vi.facts[k] for k in _candidates(vi, subj)):
        if f.denoted is None or (f.denoted[2] == "состоять") != (lemma == "состоять") \
                or not all(_hits(c, f.words) for c in subj):   # «обозначает» = «задаёт»; «состоит из» is its own
            continue
        own, what, _ = f.denoted
        if not all(any(_hits(c, frozenset({w})) for c in subj) for w in own
                   if w not in L.filler and w not in L.implicit):
            continue    # the sentence's subject names what the question does not
        said = set(subj) | {L.norm(t.lemma, t.text) for t in toks}     # every word of the question, implicit ones too
        if any(_hits(c, what.words) and not _hits(c, own) for c in subj) and not (
                all(any(_hits(c, frozenset({w})) for c in said) for w in own if w not in L.filler)
                and not all(any(_hits(c, frozenset({w})) for c in subj) for w in what.words if w not in L.filler)):
            continue    # the question names the answer already: it asks something else — unless it names
            # the sentence's whole subject and the answer says more («значок жизней в текстовом поле
            # карты — что значит?»: «текущие жизни карты»)
        options.setdefault(what.text, []).append((f.number, f.sentence))
    return _decide(question, options, {}, edition, "что это")


def _list(question: str, toks: list[Tok], which: int | None, vi: ValueIndex, edition: str):
    """«из каких этапов состоит …» (parts: a list whose head says its items are steps, or a
    sentence listing items in order) / «какие игродействия используют стек» (kinds: a list
    «X … это:» whose every head concept the question names)."""
    W = words()
    parts = any(t.lemma in W.part_words for t in toks)
    asked = _content_of([t for i, t in enumerate(toks) if i != which and t.lemma not in W.list_words
                         and t.lemma not in W.part_words], W.part_words | W.list_words | W.which)
    if not asked:
        return None
    options: dict[str, list[tuple[str, str]]] = {}
    L = language()
    ranked: list[tuple[int, ListFact]] = []
    for lf in vi.lists:
        if lf.parts != parts or not all(_hits(c, lf.words) for c in asked):
            continue
        if not parts and not any(_hits(c, frozenset({lf.genus})) for c in asked):
            continue
        own = [w for w in lf.words if w not in L.filler and w not in L.implicit and w not in L.ignore]
        unnamed = sum(1 for w in own if not any(_hits(c, frozenset({w})) for c in asked))
        if unnamed <= 2:   # a head naming much the question does not is another list
            ranked.append((unnamed, lf))
    for unnamed, lf in ranked:
        if unnamed == min(u for u, _ in ranked):   # the list whose head the question names best
            options.setdefault("; ".join(i.text for i in lf.items), []).append((lf.number, lf.head + ":"))
    genus = [c for c in _content_of(_np_after(toks, which + 1)[-1:])] if which is not None else []
    if not options and (parts or genus):   # a sentence listing them in order: «Начальная Фаза, Фаза Открытия, …»
        for f in (vi.facts[k] for k in vi.ordered):
            if len(f.items) >= 3 and all(_hits(c, f.words) for c in asked) and (
                    parts or all(_names(i.words, c) for i in f.items for c in genus)):   # «какие фазы»: each item a phase
                options.setdefault("; ".join(i.text for i in f.items), []).append((f.number, f.sentence))
    return _decide(question, options, {}, edition, "какие")


def _option(toks: list[Tok], at: int) -> list[Tok]:
    """The option right before «или» at ``at``: from a preposition up to three words back
    («в свой ход»), else the one word before it."""
    for k in range(at - 1, max(-1, at - 4), -1):
        if toks[k].pos == "PREP":
            return toks[k:at]
    return toks[at - 1:at]


def _option_concepts(opt: list[Tok]) -> frozenset[str]:
    """An option's concepts, its ignored words too («сразу» is «одновременно»)."""
    L = language()
    got = set(_content_of(opt))
    for t in opt:
        if t.pos not in ("PREP", "CONJ", "PRCL", "NPRO"):
            got.add(L.norm(t.lemma, t.text))
    return frozenset(got)


def _choice(question: str, toks: list[Tok], context: frozenset[str], vi: ValueIndex, edition: str):
    """«X это A или чо» -> what the one sentence about X says X denotes; «A или B» (the rest
    named by a sentence) -> the option that sentence states, when it states only one."""
    W = words()
    at = max(i for i, t in enumerate(toks) if t.lemma == "или")
    if at == 0:
        return None
    right = toks[at + 1:]
    open_right = all(t.lemma in W.open_alternatives for t in right)
    e = next((i for i, t in enumerate(toks) if t.lemma == "это" and 0 < i < at), None)
    if e is not None:
        subj = _content_of(toks[:e])
        options: dict[str, list[tuple[str, str]]] = {}
        for f in (vi.facts[k] for k in _candidates(vi, subj)):
            if f.denoted is None or not subj or not all(_hits(c, f.words) for c in subj):
                continue
            own, what, _ = f.denoted
            L = language()
            if not all(any(_hits(c, frozenset({w})) for c in subj) for w in own
                       if w not in L.filler and w not in L.implicit):
                continue    # the sentence's subject names what the question does not
            options.setdefault(what.text, []).append((f.number, f.sentence))
        if options or open_right:
            return _decide(question, options, {}, edition, "что это")
    if open_right or not right or len(right) > 4 or any(t.clause != toks[at].clause for t in right) \
            or any(t.clause > toks[at].clause for t in toks[:at]):
        return None     # «B» is the sentence's last words: «…, бестелесным или симбиотом – его экипировка …» asks no choice
    a_toks = _option(toks, at)
    a, b = _option_concepts(a_toks), _option_concepts(right)
    if not a or not b or a & b:
        return None
    if _is_predicate(a_toks) != _is_predicate(right):
        return None     # «кладётся в стек или рассчитывается»: «в стек» is no option parallel to a verb
    L = language()
    shared = [x for x in _concepts([t for t in toks[:at] if t not in a_toks]) if x.removeprefix("не ") not in L.filler]
    if not shared:
        return None
    options: dict[str, list[tuple[int, str, str]]] = {}
    for k in _candidates(vi, shared):
        f = vi.facts[k]
        if not all(_hits(c, f.words) for c in shared):
            continue
        ha, hb = all(_hits(c, f.words) for c in a), all(_hits(c, f.words) for c in b)
        if ha == hb:
            continue
        opt, cs = (a_toks, a) if ha else (right, b)
        if _is_predicate(opt) and not _stated_as_predicate(f.sentence, cs):
            continue    # «сгорят или останутся?»: «Оставшиеся … ресурсы потратятся» names «остаться» only as an attribute
        text = " ".join(t.text for t in opt)
        said = _said(f.sentence, cs)
        if said and said.casefold() != text.casefold():
            text += f" («{said}»)"
        told = sum(1 for x in context if _hits(x, f.words))
        options.setdefault(text[:1].upper() + text[1:], []).append((told, f.number, f.sentence))
    ranked = {v: [(n, s) for _, n, s in sorted(found, key=lambda x: -x[0])] for v, found in options.items()}
    return _decide(question, ranked, {}, edition, "или")


_PREDICATE_POS = ("VERB", "INFN")


def _is_predicate(opt: list[Tok]) -> bool:
    """An option of «A или B» that is an action: it holds a finite verb or an infinitive."""
    return any(t.pos in _PREDICATE_POS for t in opt)


def _stated_as_predicate(sentence: str, concepts: frozenset[str]) -> bool:
    """``sentence`` names one of ``concepts`` by a verb, an infinitive or a short participle
    («потратятся», «потрачены») — a predicate — not only by a full participle or an
    adjective («оставшиеся ресурсы»), which describes a thing and states no outcome."""
    for t in tokenize(sentence)[0]:
        if t.pos in (*_PREDICATE_POS, "PRTS") and any(_hits(c, _concepts([t]) | {language().norm(t.lemma, t.text)})
                                                      for c in concepts):
            return True
    return False


def _said(sentence: str, concepts: frozenset[str]) -> str:
    """The sentence's own word for an option's concept («одновременно» for «сразу»)."""
    L = language()
    for t in tokenize(sentence)[0]:
        if L.norm(t.lemma, t.text) in concepts:
            return t.text
    return ""
