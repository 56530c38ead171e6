"""Rule lookup by number: ``berserk-judge rule NUM... [--json]`` and the ``rule`` route.

A query is a paragraph number in any usual spelling («209.5», «п. 209.5», «п.209.5»,
«209.5.», «§209.5»), a lettered sub-point («302.3.в», «302.3в»), a section («209» –
its title and children in order) or a range («209.4-209.6», «209.4–6», «302.3.а-в»).
Numbers are compared whole: 209.1 is not 209.10. An unknown number is answered with
the nearest existing ones (exit code 1 in the CLI).

A paragraph with a list (lettered sub-points, ``Rulebook.subpoints``) is shown as
printed: its text, then «  а) item» lines; in a section or range its sub-points are
not repeated as separate paragraphs (they are still cited). A sub-point alone is
shown with the lead-in of its paragraph («Из пункта 302.3: …»).

JSON (docs/architecture.md): ``{edition, number, title, text, inferred, sources,
source_titles, children, refs, cited_by, examples, variants, notes, outside_refs, parent,
subpoints}`` per paragraph or section (``text`` is the clause's own text – the lead-in for a list;
``sources`` the page files, ``source_titles`` the same pages by name, «Правила 5-й
редакции: раздел 209», see ``bot.sources``;
``subpoints`` = ``[{number, text}]`` of its lettered items; ``parent`` = the
number one level up for a sub-point like 302.3.в or 505.4.1, else ``null``);
a range or several queries give a list; an unknown number gives
``{edition, number, error, nearest}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block
from bot.paths import DEFAULT_EDITION
from bot.rulebook import Clause, Rulebook, is_subpoint, load, number_key, parse_number, subpoint_label, table_lines
from bot.sources import source_titles
from bot.textnorm import clip

_NUM = r"\d{1,3}(?:\.\d{1,3}){0,3}(?:\.?[а-яё](?![а-яё]))?"  # «302.3.в», «302.3в»
_RANGE = re.compile(rf"^(?P<a>{_NUM})\.?\s*(?P<sep>-|–|—|\.\.)\s*(?P<b>{_NUM}|[а-я])\.?$", re.IGNORECASE)
_PREFIX = re.compile(r"^\s*(?:§|пп?\.|пункты?\b|параграфы?\b|правило\b)\s*", re.IGNORECASE)
_PREFIX_WORD = re.compile(r"^(?:§|№|пп?\.?|пункты?|параграфы?|правило)$", re.IGNORECASE)
# a number (or range) inside a question: «что в 209.5?», «пункт 505.4.1»
_NUM_IN_TEXT = re.compile(
    rf"(?<!\d)(?<!\d\.)(?P<r>{_NUM}(?:\s*(?:-|–|—)\s*(?:{_NUM}|[а-яё](?![а-яё])))?)(?![\d])", re.IGNORECASE
)
# «209,5»: the decimal comma of Russian writing — paragraph 209.5 (a section has three digits, so it
# is no list «209, 5» of section 209 and a paragraph «5» no edition has; «209,210» stays a list)
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d{3}),(\d{1,2})(?![\d.,])")


def _decimal_point(text: str) -> str:
    """``text`` with «209,5» written «209.5» (``_DECIMAL_COMMA``)."""
    return _DECIMAL_COMMA.sub(r"\1.\2", text)


# words that may surround a bare paragraph reference without making it a question
_FILLER = {
    "что", "в", "во", "о", "об", "про", "говорит", "говорится", "сказано", "написано", "гласит",
    "покажи", "покажите", "показать", "дай", "дайте", "открой", "найди", "пункт", "пункта", "пункте",
    "пункты", "пунктов", "пунктах", "п", "пп", "правило", "правила", "правилах", "параграф", "параграфа",
    "раздел", "раздела", "разделе", "текст", "и", "там", "такое", "есть", "а", "rule", "см", "смотри",
    "читать", "прочитать", "это", "номер", "статья", "статьи",
}


@dataclass(frozen=True)
class Resolved:
    """A query resolved against an edition: ``kind`` is ``clause`` | ``section`` |
    ``range`` | ``unknown``; ``clauses`` the clauses shown (in rulebook order)."""

    query: str
    kind: str
    number: str
    clauses: tuple[Clause, ...] = ()
    nearest: tuple[str, ...] = ()
    reason: str = ""  # the message of an ``unknown`` query when the generic one does not fit


_LONG_NUMBER = re.compile(r"^\d+(?:\.\d+){1,3}$")  # «209.1000»: number-shaped, but no rulebook has it


def _exists(rb: Rulebook, n: str) -> bool:
    return bool(rb.get(n) or ("." not in n and (rb.section(n) or rb.children(n))))


def _range(query: str, m: re.Match, rb: Rulebook) -> Resolved:
    """A range query «209.4-209.6» / «209.4-6» / «302.3.а-в» / «209-210»: both ends
    must be paragraph numbers of this edition in one section (sections for a range of
    sections); «..» only joins dotted numbers («209..5» is no number)."""
    raw_a, raw_b = m.group("a"), m.group("b")
    a, b = parse_number(raw_a), parse_number(raw_b)
    if m.group("sep") == ".." and "." not in raw_a:
        return Resolved(query, "unknown", _clean(query), (), ())
    if a and is_subpoint(a) and raw_b.isalpha():  # «302.3.а-в»
        b = parse_number(a.rsplit(".", 1)[0] + "." + raw_b)
    elif a and b and "." not in b and "." in a:  # «209.4-6»
        b = a.rsplit(".", 1)[0] + "." + b
    if not (a and b):
        return Resolved(query, "unknown", _clean(query), (), ())
    lo, hi = sorted((a, b), key=number_key)
    number = f"{lo}-{hi}"
    both_sections = "." not in lo and "." not in hi
    if not both_sections and lo.split(".")[0] != hi.split(".")[0]:
        return Resolved(query, "unknown", number, (), (), (
            f"Диапазон {number}: концы в разных разделах ({lo.split('.')[0]} и {hi.split('.')[0]}). "
            "Ожидался диапазон внутри одного раздела (как 209.4-209.6) или разделы по отдельности."))
    for end in (lo, hi):
        if not _exists(rb, end):
            nearest = tuple(rb.nearest(end))
            return Resolved(query, "unknown", number, (), nearest, (
                f"Диапазон {number}: пункта {end} нет в редакции {rb.edition}. "
                f"Ближайшие: {', '.join(nearest)}."))
    inside = tuple(rb.between(lo, hi))
    if inside:
        return Resolved(query, "range", number, inside)
    return Resolved(query, "unknown", number, (), tuple(rb.nearest(lo)))


def _clean(query: str) -> str:
    s = query.strip().rstrip("?!").strip()
    s = _PREFIX.sub("", s)
    return s.strip()


def resolve(query: str, rb: Rulebook) -> Resolved:
    """Resolve one query («209.5», «209», «209.4-209.6», «п. 505.4.1») against ``rb``.

    Never raises for a malformed or unknown query: returns ``kind="unknown"`` with the
    nearest existing numbers (empty when the query is not a number at all).
    """
    s = _clean(query)
    m = _RANGE.match(s)
    if m:
        return _range(query, m, rb)
    n = parse_number(s)
    if n is None and _LONG_NUMBER.match(s):  # «209.1000»: answered like «999.999»
        clamped = ".".join(str(min(int(x), 999)) for x in s.split("."))
        return Resolved(query, "unknown", s, (), tuple(rb.nearest(clamped)))
    if n is None:
        return Resolved(query, "unknown", s, (), ())
    c = rb.get(n)
    if c is not None:
        return Resolved(query, "clause", n, (c,))
    if "." not in n and (rb.section(n) or rb.children(n)):
        return Resolved(query, "section", n, tuple(rb.children(n)))
    return Resolved(query, "unknown", n, (), tuple(rb.nearest(n)))


def _section_title(rb: Rulebook, number: str) -> str:
    sec = rb.section(number.split(".")[0])
    return sec.title if sec else ""


def _ref_status(rb: Rulebook, refs: list[str]) -> tuple[list[str], list[str]]:
    """Split references into (in this edition, outside it)."""
    inside, outside = [], []
    for r in refs:
        (inside if rb.get(r) or rb.section(r) or rb.children(r) else outside).append(r)
    return inside, outside


def _rule_text(rb: Rulebook, c: Clause, shown: set[str] | None = None) -> str:
    """The clause text, then its lettered sub-points as «  а) item» lines like the
    printed list (only those in ``shown`` when given: a range ending inside a list)."""
    subs = [s for s in rb.subpoints(c.number) if shown is None or s.number in shown]
    return "\n".join([c.text, *table_lines(c)] + [f"  {subpoint_label(s.number)} {s.text}" for s in subs])



def _clause_blocks(
    rb: Rulebook, c: Clause, with_meta: bool = True, shown: set[str] | None = None, introduced: set[str] | None = None
) -> list[Block]:
    """Blocks of one clause: (for a lettered sub-point, the lead-in of its paragraph
    unless in ``introduced``), the rule with its list items (only those in ``shown``
    when given), examples, notes, and with ``with_meta`` the sub-points, sources,
    references and variants."""
    blocks: list[Block] = []
    parent = rb.parent_of(c.number) if is_subpoint(c.number) else None
    if parent is not None and parent.number not in (introduced or ()):  # cite the item with its lead-in
        blocks.append(Block("text", f"Из пункта {parent.number}: {parent.text}"))
        if introduced is not None:
            introduced.add(parent.number)
    blocks.append(Block("rule", _rule_text(rb, c, shown), number=c.number))
    for ex in c.examples:
        blocks.append(Block("note", ex))
    for note in c.notes:
        blocks.append(Block("note", note))
    if not with_meta:
        return blocks
    meta: list[str] = []
    children = [k.number for k in rb.children(c.number)]
    if children:
        meta.append("Подпункты: " + ", ".join(children))
    if c.inferred and is_subpoint(c.number):
        meta.append("Буква подпункта дана по порядку в списке (в источнике не напечатана).")
    elif c.inferred:
        meta.append("Номер выведен по положению между соседними пунктами (в источнике не напечатан).")
    if c.sources:
        names = source_titles(rb, c.sources)
        meta.append(("Источник: " if len(names) == 1 else "Источники: ") + "; ".join(names))
    inside, outside = _ref_status(rb, c.refs)
    if inside or outside:
        refs = inside + [f"{r} (вне этой редакции)" for r in outside]
        meta.append("Ссылается на: " + ", ".join(refs))
    cited = rb.cited_by(c.number)
    if cited:
        meta.append("На него ссылаются: " + ", ".join(cited))
    if meta:
        blocks.append(Block("list", items=tuple(meta)))
    for v in c.variants:
        blocks.append(Block("text", v, title="Другая редакция этого пункта:"))
    return blocks


def _listing_blocks(rb: Rulebook, clauses: tuple[Clause, ...]) -> list[Block]:
    """Blocks of a section or range: each paragraph with its list items under it;
    an item whose paragraph is listed too is not repeated on its own."""
    shown = {c.number for c in clauses}
    introduced: set[str] = set()  # the lead-in once for a run of items of one list
    blocks: list[Block] = []
    for c in clauses:
        if is_subpoint(c.number) and c.number.rsplit(".", 1)[0] in shown:
            continue
        blocks.extend(_clause_blocks(rb, c, with_meta=False, shown=shown, introduced=introduced))
    return blocks


def answer_for(res: Resolved, rb: Rulebook, question: str | None = None) -> Answer:
    """The ``Answer`` (route ``rule``) for a resolved query."""
    q = question if question is not None else res.query
    if res.kind == "clause":
        c = res.clauses[0]
        title = _section_title(rb, c.number)
        blocks = _clause_blocks(rb, c)
        if title:
            blocks.insert(0, Block("text", f"Раздел {c.section}. {title}"))
        return Answer(q, "rule", None, blocks, [c.number], [f"пункт {c.number} найден в редакции {rb.edition}"])
    if res.kind == "section":
        sec = rb.section(res.number)
        head = f"Раздел {res.number}" + (f". {sec.title}" if sec and sec.title else "")
        if sec and sec.part:
            head = f"{sec.part}\n{head}"
        blocks = [Block("text", head), *_listing_blocks(rb, res.clauses)]
        if not res.clauses:
            blocks.append(Block("note", "В этой редакции у раздела нет пунктов."))
        nums = [c.number for c in res.clauses]
        return Answer(q, "rule", None, blocks, [res.number, *nums], [f"раздел {res.number}: пунктов {len(nums)}"])
    if res.kind == "range":
        blocks = [Block("text", f"Пункты {res.number}"), *_listing_blocks(rb, res.clauses)]
        nums = [c.number for c in res.clauses]
        return Answer(q, "rule", None, blocks, nums, [f"диапазон {res.number}: пунктов {len(nums)}"])
    if res.reason:
        msg = res.reason
    elif not rb.clauses:   # an edition file with no paragraphs: no number can be found in it
        msg = f"В редакции {rb.edition or 'без имени'} нет ни одного пункта правил — искать «{clip(res.query)}» негде."
    elif res.nearest:
        msg = f"Пункта {res.number} нет в редакции {rb.edition}. Ближайшие: {', '.join(res.nearest)}."
    else:
        msg = f"«{clip(res.query)}» – не номер пункта. Ожидался номер вида 209.5, п. 209.5, подпункт 302.3.в, раздел 209 или диапазон 209.4-209.6."
    return Answer(q, "rule", None, [Block("note", msg)], [], [msg])


def _clause_json(rb: Rulebook, c: Clause) -> dict:
    inside, outside = _ref_status(rb, c.refs)
    return {
        "edition": rb.edition,
        "number": c.number,
        "title": _section_title(rb, c.number),
        "text": c.text,
        "inferred": c.inferred,
        "sources": list(c.sources),
        "source_titles": source_titles(rb, c.sources),
        "children": [k.number for k in rb.children(c.number)],
        "refs": inside + outside,
        "outside_refs": outside,
        "cited_by": rb.cited_by(c.number),
        "examples": list(c.examples),
        "notes": list(c.notes),
        "variants": list(c.variants),
        "parent": c.number.rsplit(".", 1)[0] if rb.parent_of(c.number) else None,
        "subpoints": [{"number": s.number, "text": s.text} for s in rb.subpoints(c.number)],
        "tables": [{"caption": cap, "rows": [list(r) for r in rows]} for cap, rows in c.tables],
    }


def json_for(res: Resolved, rb: Rulebook) -> dict | list:
    """The JSON form of a resolved query (see the module docstring)."""
    if res.kind == "clause":
        return _clause_json(rb, res.clauses[0])
    if res.kind == "range":
        return [_clause_json(rb, c) for c in res.clauses]
    if res.kind == "section":
        sec = rb.section(res.number)
        return {
            "edition": rb.edition,
            "number": res.number,
            "title": sec.title if sec else "",
            "part": sec.part if sec else None,
            "text": "",
            "inferred": False,
            "sources": (srcs := sorted({s for c in res.clauses for s in c.sources})),
            "source_titles": source_titles(rb, srcs),
            "children": [c.number for c in res.clauses],
            "refs": [],
            "outside_refs": [],
            "cited_by": rb.cited_by(res.number),
            "examples": [],
            "notes": [],
            "variants": [],
            "parent": None,
            "subpoints": [],
        }
    msg = answer_for(res, rb).blocks[0].text
    return {"edition": rb.edition, "number": res.number, "error": msg, "nearest": list(res.nearest)}


def rule_answer(query: str, edition: str = DEFAULT_EDITION) -> Answer:
    """One paragraph, section or range as an ``Answer`` (route ``rule``); an unknown
    number gives a note with the nearest numbers and no citations.
    Raises ``RulebookError`` only when ``edition`` does not exist."""
    rb = load(edition)
    return answer_for(resolve(query, rb), rb)


def split_queries(text: str) -> list[str]:
    """The paragraph queries of one ``rule`` request, shared by ``berserk-judge rule``
    and the chat's ``/rule``: «209.5 209.6» -> ["209.5", "209.6"], «п. 209.5» ->
    ["209.5"], «209.4 - 209.6» -> ["209.4 - 209.6"] (one range), «209.5 abc» ->
    ["209.5", "abc"] (each word on its own, so the unknown one is named; so is «5555» of
    «209.5 5555», a number too long to be a paragraph's), «209..5» ->
    ["209..5"] (numbers not parted by a space, «,» or «;» stay one query). Never empty:
    a blank text gives ``[text]`` (answered as «не номер пункта»); «209,5» -> ["209.5"] (a decimal
    comma)."""
    text = _decimal_point(text)
    refs = _separate_refs(text)
    if refs and not re.search(r"\d", _NUM_IN_TEXT.sub(" ", text)):
        return refs
    # a digit outside every reference («209.5 5555»: four digits are no paragraph number)
    # is named as an unknown query, never dropped
    if not re.search(r"\d", text):  # «abc def»: one «не номер пункта», not one per word
        return [text]
    out: list[str] = []
    prefix = ""
    for word in text.split():
        if _PREFIX_WORD.match(word):  # «п.» of «п. 209.5 abc» goes with the next word
            prefix += word + " "
            continue
        out.extend(_separate_refs(prefix + word) or [prefix + word])
        prefix = ""
    if prefix:
        out.append(prefix.strip())
    return out or [text]


def _separate_refs(text: str) -> list[str] | None:
    """``_question_refs(text)`` when every number in it ends the text or is followed
    (after one optional closing «.») by a space, «,», «;» or closing punctuation;
    else ``None`` («209..5» is one malformed number, not 209 and 5)."""
    for m in _NUM_IN_TEXT.finditer(text):
        after = text[m.end():]
        after = after[1:] if after.startswith(".") else after
        if after and after[0] not in " \t\n,;?!)»\"'":
            return None
    return _question_refs(text)


def rule_answers(text: str, edition: str = DEFAULT_EDITION) -> list[Answer]:
    """One ``rule_answer`` per query of ``split_queries(text)``, in order.
    Raises ``RulebookError`` only when ``edition`` does not exist."""
    return [rule_answer(q, edition) for q in split_queries(text)]


def rule_json(query: str, edition: str = DEFAULT_EDITION) -> dict | list:
    """The ``rule --json`` object for one query (a list for a range)."""
    rb = load(edition)
    return json_for(resolve(query, rb), rb)


_REF_MARKER = re.compile(r"§|№|(?<![а-яё])(?:пп?\.|пп?(?=\s*\d)|пункт\w*|раздел\w*|параграф\w*|правило)(?![а-яё])",
                         re.IGNORECASE)
"""A word that makes a number in a question a paragraph reference («п.», «пункт», «раздел», «§»)."""


def _question_refs(q: str) -> list[str] | None:
    """The paragraph references of ``q`` when ``q`` is essentially only that
    («209.5», «что в 209.5?», «пункт 505.4.1», «209.4-209.6», «пункт 209,5»), else ``None``."""
    q = _decimal_point(q)
    refs = [m.group("r") for m in _NUM_IN_TEXT.finditer(q)]
    if not refs:
        return None
    rest = _NUM_IN_TEXT.sub(" ", q.casefold().replace("ё", "е"))
    words = re.findall(r"[a-zа-я]+", rest)
    if any(w not in _FILLER for w in words):
        return None
    if re.search(r"[^\w\s.,;:?!§«»\"'()\-–—/]", rest):
        return None
    return refs


def answer(q: str, edition: str = DEFAULT_EDITION) -> Answer | None:
    """Route for ``judge.ask``: an ``Answer`` (route ``rule``, citations = the numbers)
    when ``q`` is essentially a paragraph reference; otherwise ``None``.

    A bare integer that is no section of the edition («5», «2014») is not taken, unless
    the question names it as a reference («п.999», «раздел 999», «§ 999»): then the
    answer says there is no such paragraph instead of searching for the words."""
    refs = _question_refs(q)
    if refs is None:
        return None
    rb = load(edition)
    resolved = [resolve(r, rb) for r in refs]
    if any(r.kind == "unknown" and "." not in r.number for r in resolved) and not _REF_MARKER.search(q):
        return None
    if len(resolved) == 1:
        return answer_for(resolved[0], rb, question=q)
    parts = [answer_for(r, rb) for r in resolved]
    blocks = [b for a in parts for b in a.blocks]
    cites: list[str] = []
    for a in parts:
        cites.extend(n for n in a.citations if n not in cites)
    return Answer(q, "rule", None, blocks, cites, [t for a in parts for t in a.trace])
