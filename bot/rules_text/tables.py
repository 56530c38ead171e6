"""Value questions answered from a rule paragraph printed as a table (issue 14).

An imported edition keeps a paragraph's tables (``Clause.tables``: caption, rows of cell
texts; the first row the header). ``read_tables(rb)`` reads each into a ``TableFact``;
``answer(question, edition, idx)`` answers a value question («в драфте скока серебряных
кристаллов дают первому», «разница бросков 0 — кто что наносит?») from it:

- the question's words are compared by *stems* (the first five letters of a lemma, so
  «серебра» meets «Серебряные», «констрактеде» meets «Констрактед»);
- a *key* column is one in which the question names a row's own words (the words its
  cells do not share: «Первый» of «Первый игрок»); a cell of every value («Каждый игрок»)
  matches any; a column of numbers and ranges («5 и более», «–4 и менее») is a key when the
  question names its header and tells one number;
- the *asked* columns are the other columns the question names by their header («золотых»),
  else every column that is no key;
- the rows left must agree on each asked value, else no verdict;
- a sentence elsewhere that changes the table's value («После мулигана игрок получает …
  на 1 золотой кристалл меньше, чем указано в таблице п. 202.2») is applied when the
  question names its circumstance («взял мулиган») and the column it changes is asked;
- every content word of the question must be a word of the table, of its paragraph, of an
  applied change, or a light word (``grammar/rule_values.yaml``, ``tables``): a fact the
  table does not know («у меня 3 стихии») gives no verdict, never a guess.

The answer cites the table's paragraph first, then the changes applied or named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.memo import declines_per_question
from bot.reading.tokens import Tok, tokenize

_CONTENT = frozenset({"NOUN", "ADJF", "ADJS", "PRTF", "PRTS", "INFN", "VERB", "NUMR", "ADVB", "GRND", "COMP"})
_RANGE = re.compile(r"^\s*([–−-]?)\s*(\d+)\s*(?:(и\s+(?:более|больше|выше|менее|меньше|ниже))|[–—-]\s*(\d+))?\s*$")
_CHANGE = re.compile(r"(?i)\bна\s+(\d+|[а-яё]+)\s+((?:[а-яё]+\s+){0,3}?)(меньше|больше)\b")


@dataclass(frozen=True)
class Change:
    """A sentence ``number`` / ``sentence`` that changes a table value by ``delta`` for the
    column whose header stems ``column`` name, when ``when`` (its circumstance's stems) is told."""

    number: str
    sentence: str
    delta: int
    column: frozenset[str]
    when: frozenset[str]
    words: frozenset[str]


@dataclass(frozen=True)
class TableFact:
    """One printed table of paragraph ``number``: ``header`` and body ``rows`` (cell texts),
    the stems of each cell (``cells``, header first), ``ranges`` per column (a list of
    ``(low, high)`` per body row when every body cell is a number or a range, else ``None``),
    ``words`` every stem of the paragraph and the table, ``changes`` the sentences of the
    edition that change its values."""

    number: str
    caption: str
    lead: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    cells: tuple[tuple[frozenset[str], ...], ...]
    ranges: tuple[tuple[tuple[float, float], ...] | None, ...]
    words: frozenset[str]
    changes: tuple[Change, ...] = ()
    requires: frozenset[str] = frozenset()
    """Stems the question must name: the qualifiers of the case a table in a sentence is
    stated for («При простом ударе по закрытой карте … результат 1–3 означает …»)."""


@dataclass(frozen=True)
class TableWords:
    asks: frozenset[str]
    counts: frozenset[str]
    universal: frozenset[str]
    light: frozenset[str]
    result_words: dict[str, frozenset[str]]


@lru_cache(maxsize=1)
def table_words() -> TableWords:
    """The ``tables`` words of ``grammar/rule_values.yaml`` (folded lemmas)."""
    from bot.rules_text.values import section
    from bot.textnorm import fold

    t = section("tables")
    t = t if isinstance(t, dict) else {}

    def s(key):
        return frozenset(fold(str(x)) for x in t.get(key) or ())

    results = {fold(str(k)): frozenset(fold(str(x)) for x in v or ()) for k, v in (t.get("result_words") or {}).items()}
    return TableWords(s("asks") | s("counts"), s("counts"), s("universal"), s("light"), results)


def stem(lemma: str) -> str:
    """The comparison form of a lemma: folded, its first five letters."""
    from bot.textnorm import fold

    return fold(lemma)[:5]


def _meets(a: str, b: str) -> bool:
    """Two stems name the same word: equal, or a short one (its last vowel or «ь» dropped)
    the start of the other: «ход» / «ходит», «медь» / «медны»."""
    if a == b:
        return True
    if min(len(a), len(b)) >= 5:
        return False
    a, b = (x.rstrip("ьаоеиыйяю") if len(x) < 5 else x for x in (a, b))   # «медь» / «медны»
    if min(len(a), len(b)) < 3:
        return False
    return a.startswith(b) or b.startswith(a)


def _in(s: str, stems) -> bool:
    return any(_meets(s, t) for t in stems)


def _stems(text: str) -> frozenset[str]:
    toks, _ = tokenize(text)
    return frozenset(stem(t.lemma) for t in toks if t.pos in _CONTENT and not t.text.isdigit())


def _range(cell: str) -> tuple[float, float] | None:
    m = _RANGE.match(cell.replace("&minus;", "−"))
    if m is None:
        return None
    n = int(m.group(2)) * (-1 if m.group(1) else 1)
    if m.group(3):
        return (n, float("inf")) if re.search(r"более|больше|выше", m.group(3)) else (float("-inf"), n)
    if m.group(4):
        return (n, int(m.group(4)))
    return (n, n)


def _number(word: str) -> int | None:
    from bot.rules_text.language import language

    if word.isdigit():
        return int(word)
    return language().numbers.get(word)


def _changes(rb, number: str, words: frozenset[str], header: list[frozenset[str]]) -> tuple[Change, ...]:
    """The sentences of ``rb`` that change the table of paragraph ``number`` (see ``Change``)."""
    from bot.morph import lemma
    from bot.rulebook import find_refs
    from bot.rules_text.propositions import sentences

    out: list[Change] = []
    for c in rb.clauses:
        if c.number == number or "таблиц" not in c.text.casefold():
            continue
        for s in sentences(c.text):
            if "таблиц" not in s.casefold() or number not in find_refs(s):
                continue
            m = _CHANGE.search(s)
            if m is None:
                continue
            amount = _number(lemma(m.group(1).casefold()))
            col = _stems(m.group(2))
            if amount is None or not col or not any(col & h for h in header):
                continue
            when = frozenset(x for x in _stems(s[:m.start()]) if not _in(x, words))
            if not when:
                continue    # a change with no circumstance of its own: when it applies is unknown
            out.append(Change(c.number, s, amount * (-1 if m.group(3).casefold() == "меньше" else 1), col, when,
                              _stems(s[:m.end()])))
    return tuple(out)


def read_tables(rb) -> tuple[TableFact, ...]:
    """Every table of the ``Rulebook`` ``rb`` with a header row and at least one body row."""
    out: list[TableFact] = []
    for c in rb.clauses:
        for caption, rows in c.tables:
            rows = [tuple(" ".join(str(x).split()) for x in r) for r in rows if r]
            if len(rows) < 2 or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
                continue
            cells = tuple(tuple(_stems(x) for x in r) for r in rows)
            ranges = []
            for j in range(len(rows[0])):
                rs = [_range(r[j]) for r in rows[1:]]
                ranges.append(tuple(rs) if all(x is not None for x in rs) else None)
            words = _stems(c.text) | _stems(caption or "") | frozenset(x for r in cells for cell in r for x in cell)
            header = [cells[0][j] for j in range(len(rows[0]))]
            out.append(TableFact(c.number, caption or "", c.text, rows[0], tuple(rows[1:]), cells, tuple(ranges),
                                 words, _changes(rb, c.number, words, header)))
        from bot.rules_text.propositions import sentences

        for sent in sentences(c.text):
            tf = _sentence_table(c.number, sent)
            if tf is not None:
                out.append(tf)
    return tuple(out)


_PROSE_FIRST = re.compile(r"(?i)(?<![а-яё])([а-яё]+)\s+(\d+(?:\s*[–—-]\s*\d+)?)\s+(?:означает|означают|дает|даёт|соответствует)"
                          r"\s+([^,;.:]+)")


def _sentence_table(number: str, sentence: str) -> TableFact | None:
    """A table stated in a sentence: «<key> 1–3 означает слабый удар, 4–5 – средний, 6 –
    сильный» -> key column «Результат» (ranges), value column «Удар» (a value that names no
    noun takes the first value's: «средний» -> «средний удар»); the qualifiers of the part
    before it (the case it is stated for) must be named by a question. ``None`` when the
    sentence states no such list of at least two ranges."""
    m = _PROSE_FIRST.search(sentence)
    if m is None:
        return None
    items = [(m.group(2), m.group(3).strip())]
    at = m.end()
    while True:
        n = _next_item(sentence, at)
        if n is None:
            break
        items.append((n.group(1), n.group(2).strip()))
        at = n.end()
    if len(items) < 2 or any(_range(r) is None for r, _ in items):
        return None
    first = items[0][1].split()
    head = first[-1] if len(first) > 1 else ""     # «слабый удар, … средний»: the noun of the first value
    values = [v if len(v.split()) > 1 or not head else f"{v} {head}" for _, v in items]
    header = (m.group(1).capitalize(), head.capitalize() or "Значение")
    rows = tuple((r, v[:1].upper() + v[1:]) for (r, _), v in zip(items, values))
    cells = tuple(tuple(_stems(x) for x in r) for r in (header, *rows))
    ranges = (tuple(_range(r) for r, _ in rows), None)
    before = sentence[:m.start()]
    toks, _ = tokenize(before.split(":")[0])
    verb = next((i for i, t in enumerate(toks) if t.pos in ("VERB", "PRTS")), len(toks))
    requires = frozenset(stem(t.lemma) for t in toks[:verb] if t.pos in ("ADJF", "ADJS", "PRTF"))
    return TableFact(number, "", sentence, header, rows, cells, ranges, _stems(sentence), (), requires)


def _next_item(sentence: str, at: int):
    return re.compile(r",\s*(\d+(?:\s*[–—-]\s*\d+)?)\s*[–—-]\s*([^,;.:]+)").match(sentence, at)


# --- the question ---------------------------------------------------------------------------

def _own(cells: list[frozenset[str]]) -> list[frozenset[str]]:
    """Each cell's stems minus those every cell of its column has («игрок» of «Первый игрок»)."""
    common = frozenset.intersection(*cells) if len(cells) > 1 else frozenset()
    return [c - common for c in cells]


_ADJ_END = re.compile(r"(?:ому|ему|ым|им|ой|ей|ая|яя|ое|ее|ые|ие|ых|их|ую|юю|ого|его)$")


def _norms(t: Tok) -> set[str]:
    """The concepts a question's word may be (``RuleLanguage.norm`` of its lemma, and of its
    adjective form when the morphology took a chat participle for a noun: «тапнутому»)."""
    from bot.rules_text.language import language

    L = language()
    out = {L.norm(t.lemma, t.text)}
    low = t.text.casefold()
    if _ADJ_END.search(low):
        out.add(L.norm(_ADJ_END.sub("ый", low)))
    return out


_CONCEPTS: dict[int, frozenset[str]] = {}


def _table_concepts(tf: TableFact) -> frozenset[str]:
    """The concepts (``RuleLanguage.norm``) of the table's paragraph and cells: a question's
    word of a kind of one of them («тварь» of «карта») is a word the table knows."""
    got = _CONCEPTS.get(id(tf))
    if got is None:
        from bot.rules_text.language import language

        L = language()
        text = " ".join([tf.lead, tf.caption, *(" ".join(r) for r in (tf.header, *tf.rows))])
        got = frozenset(L.norm(t.lemma, t.text) for t in tokenize(text)[0] if t.pos in _CONTENT)
        _CONCEPTS[id(tf)] = got
    return got


def _key_width(tf: TableFact) -> int:
    """How many leading columns make a row's key: the fewest whose cells tell every row
    apart («Формат партии», «Игрок» of the crystal table; «Разница бросков» alone)."""
    for k in range(1, len(tf.header)):
        if len({r[:k] for r in tf.rows}) == len(tf.rows):
            return k
    return len(tf.header) - 1


def _told_numbers(toks: list[Tok]) -> list[tuple[int, int]]:
    """``(token index, value)`` of every number the question tells (digits with a sign
    written before them, «минус 2»; number words)."""
    out = []
    for i, t in enumerate(toks):
        n = int(t.text) if t.text.isdigit() else (_number(t.lemma) if t.pos == "NUMR" else None)
        if n is None:
            continue
        if i > 0 and toks[i - 1].lemma in ("минус", "-", "–", "−"):
            n = -n
        out.append((i, n))
    return out


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx) -> "Answer | None":
    """The value a table of ``edition`` gives for ``question`` (see the module docstring),
    or ``None`` when no table answers it unambiguously."""
    from bot.rules_text.question import respell, _fix_typos

    tables = getattr(idx, "tables", ())
    if not tables or len(question) > 800:
        return None
    W = table_words()
    text = question.replace("−", " минус ").replace("–", " минус ")
    text = re.sub(r"(?<![\w\d])-(?=\d)", " минус ", text)
    toks, _ = tokenize(_fix_typos(respell(text), edition))
    if not any(t.lemma in W.asks for t in toks):
        return None
    qstems = [stem(t.lemma) for t in toks]
    found = []
    for tf in tables:
        if not any(_in(s, tf.words) for s in qstems):
            continue
        got = _from_table(tf, toks, qstems, W)
        if got is not None:
            found.append((tf, got))
    if len(found) != 1:
        return None
    tf, (verdict, how, cites) = found[0]
    return _reply(question, tf, verdict, how, cites, edition)


def _from_table(tf: TableFact, toks: list[Tok], qstems: list[str], W: TableWords):
    from bot.rules_text.language import language

    L = language()
    ncols = len(tf.header)
    q = set(qstems)
    head = [tf.cells[0][j] for j in range(ncols)]
    head_own = [h - frozenset().union(*(head[:j] + head[j + 1:])) for j, h in enumerate(head)]
    numbers = _told_numbers(toks)
    used_numbers: set[int] = set()
    rows = set(range(len(tf.rows)))
    keys: set[int] = set()
    named_cells: set[str] = set()
    for j in range(_key_width(tf)):
        header_named = bool(head_own[j]) and any(_in(s, head_own[j]) for s in q)
        if tf.ranges[j] is not None and not header_named:   # «выпало 5» names the number of a die's table
            header_named = any(_in(stem(k), tf.words) and any(t.lemma in vs for t in toks)
                               for k, vs in W.result_words.items())
        if tf.ranges[j] is not None:
            if header_named and len(numbers) == 1:
                i, n = numbers[0]
                keys.add(j)
                used_numbers.add(i)
                rows &= {r for r, (lo, hi) in enumerate(tf.ranges[j]) if lo <= n <= hi}
            continue
        own = _own([tf.cells[r + 1][j] for r in range(len(tf.rows))])
        universal = {r for r in range(len(tf.rows)) if any(_in(stem(u), tf.cells[r + 1][j]) for u in W.universal)}
        named = {r for r in range(len(tf.rows)) if r not in universal and any(_in(s, own[r]) for s in q)}
        if named:
            keys.add(j)
            rows &= named | universal
            named_cells |= {x for r in named for x in own[r]}
    if not keys:   # «сколько надо выкинуть, чтоб прошёл сильный»: a value named, its key asked
        for j in range(_key_width(tf), ncols):
            if tf.ranges[j] is not None:
                continue
            own = _own([tf.cells[r + 1][j] for r in range(len(tf.rows))])
            named = {r for r in range(len(tf.rows)) if any(_in(s, own[r]) for s in q)}
            if named and len(named) < len(tf.rows):
                keys.add(j)
                rows &= named
                named_cells |= {x for r in named for x in own[r]}
        reverse = []
        if keys:
            reverse = [j for j in range(_key_width(tf)) if j not in keys]
            if any(t.lemma in W.counts for t in toks):
                reverse = [j for j in reverse if tf.ranges[j] is not None]
            if len(reverse) != 1 or len({tf.rows[r][reverse[0]] for r in rows}) != 1:
                return None
    else:
        reverse = []
    if not keys or not rows:
        return None
    named_norm = {stem(c) for t in toks for c in _norms(t)}
    if not all(_in(x, q) or _in(x, named_norm) for x in tf.requires):
        return None     # the case the sentence states its table for is not told
    if any(i not in used_numbers for i, _ in numbers):
        return None     # a number the table does not place: a fact it does not know
    asked = reverse or [j for j in range(ncols) if j not in keys and head_own[j] and any(_in(s, head_own[j]) for s in q)]
    if any(t.lemma in W.counts for t in toks):   # «сколько …» asks a column of numbers
        asked = [j for j in asked if tf.ranges[j] is not None]
    if not asked:   # «скока кристаллов»: a word the headers of several columns share names them all
        hits = {j: sum(1 for x in head[j] if _in(x, q - named_cells)) for j in range(ncols) if j not in keys
                and (tf.ranges[j] is not None or not any(t.lemma in W.counts for t in toks))}
        most = max(hits.values(), default=0)
        asked = [j for j, n in hits.items() if n and n == most]
    if not asked:
        return None     # no column asked: «кто ходит первым» is no value of this table
    # the circumstances the question tells that change a value
    applied = [ch for ch in tf.changes if all(_in(w, q) for w in ch.when)]
    for ch in applied:
        for i, t in enumerate(toks):
            if stem(t.lemma) in ch.when and any(u.lemma == "не" for u in toks[max(0, i - 2):i]):
                return None     # «не брал мулиган»: the change is denied, not told
    cover = set(tf.words)
    for ch in applied:
        cover |= ch.words
    for i, t in enumerate(toks):
        if t.pos not in _CONTENT or t.text.isdigit() or i in used_numbers:
            continue
        lem = t.lemma
        if lem in W.asks or lem in W.light or lem in L.filler or lem in L.light or lem in L.implicit:
            continue
        if lem == "не":
            return None
        if not _in(stem(lem), cover) and not any(_in(stem(c), cover) for c in _norms(t)) and not any(
                L.is_kind_of(n, c) for n in _norms(t) for c in _table_concepts(tf)):
            return None     # a word the table, its paragraph and its changes do not know
    parts, how, cites = [], [], [tf.number]
    for j in asked:
        vals = {tf.rows[r][j] for r in rows}
        if len(vals) != 1:
            return None     # the rows the question leaves disagree
        value = vals.pop()
        changes = [ch for ch in applied if ch.column & head_own[j]]
        if changes and not re.fullmatch(r"-?\d+", value):
            return None
        if changes:
            total = int(value) + sum(ch.delta for ch in changes)
            how.append(f"{tf.header[j]}: по таблице — {value}; "
                       + "; ".join(f"{'на ' + str(abs(ch.delta)) + (' меньше' if ch.delta < 0 else ' больше')} "
                                   f"по п. {ch.number}" for ch in changes) + f": {value} "
                       + " ".join(f"{'−' if ch.delta < 0 else '+'} {abs(ch.delta)}" for ch in changes) + f" = {total}")
            value = str(total)
            cites += [ch.number for ch in changes]
        parts.append(f"{tf.header[j]}: {value}")
    key_text = ", ".join(tf.rows[min(rows)][j] if len({tf.rows[r][j] for r in rows}) == 1 else tf.header[j]
                         for j in sorted(keys))
    how.insert(0, (f"Строка таблицы «{tf.caption}» (п. {tf.number})" if tf.caption else f"По п. {tf.number}")
               + f": {key_text}")
    for ch in applied:
        if ch.number not in cites:
            cites.append(ch.number)
            how.append(f"п. {ch.number} не меняет спрошенное: «{ch.sentence}»")
    return "; ".join(parts), how, cites


def _reply(question: str, tf: TableFact, verdict: str, how: list[str], cites: list[str], edition: str):
    from bot.answer import Answer, Block
    from bot.rulebook import load

    rb = load(edition)
    table = "\n".join("| " + " | ".join(r) + " |" for r in (tf.header, *tf.rows))
    blocks = [Block("text", f"По таблице правил (п. {tf.number}: «{tf.lead}»)."),
              Block("text", ".\n".join(how) + "."),
              Block("rule", f"{tf.lead}\n{tf.caption}\n{table}".strip(), number=tf.number)]
    blocks += [Block("rule", c.text, number=n) for n in cites[1:3] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks,
                  citations=list(dict.fromkeys(cites)),
                  trace=["вопрос о значении из таблицы: строка по названным ячейкам, столбец по заголовку", *how],
                  sentence=tf.lead)
