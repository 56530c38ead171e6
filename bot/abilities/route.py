"""The ``ability`` route of ``bot.judge.ask``: card-text questions and questions
about the compound-ability connectives (505.4–505.9).

Two kinds of questions are this route's:

1. A question that quotes the text of a compound ability («…», "…", “…”) and says
   what happened («существо не уничтожилось», «противник отказался») — the text is
   parsed, the words are read into an ``Outcome`` (``bot.abilities.outcome_words``),
   and the resolution (``bot.abilities.resolve``) gives the steps; the verdict for the
   question sentence comes from ``bot.abilities.verdicts``.
2. A question about a connective itself («или», «в противном случае», «может …»,
   «способность 1; способность 2», «если противник не хочет», how a compound ability
   is paid) — a generic structure of that connective («[способность 1] или
   [способность 2]») is resolved the same way. A quoted template whose parts are
   placeholders («уничтожить себя, при этом…», «… или …», letters «А; Б») is such a
   question too.
3. «Есть ли разница / отличается ли / одно и то же ли / равносильны ли» about two
   notations («А; Б» и «А, при этом Б», «или» и «либо», two card texts): answered
   Да/Нет from whether both resolve as the same connective (505.4.1, 505.4.2, 505.5).

Anything else (a quoted phrase that is not compound card text, no connective)
gets ``None`` so that the next route answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.abilities.ast import COMPOUND_KINDS, Node, ParseResult
from bot.abilities.outcome_words import card_quotes, quotes, read
from bot.abilities.resolve import (DEFAULT_RULES, MEANING, Explanation, Outcome, explain, is_self_source,
                                   rule_blocks)
from bot.abilities.structure import structure_info, ways
from bot.abilities.verdicts import is_yes_no, verdict_for
from bot.answer import Answer, Block
from bot.errors import BerserkError, OutcomeError
from bot.textnorm import fold, normalize_typography

ROUTE = "ability"
_WORD_RE = re.compile(r"[а-яёa-z0-9]+")


# ---------------------------------------------------------------------------
# generic structures of the connectives

@dataclass(frozen=True)
class Generic:
    """A connective as a template text: ``[способность N]`` are the parts."""

    key: str
    template: str
    kind: str
    rule: str
    wrap: str | None = None  # "cost": the template starts with a payment «[оплата]:»
    self_source: bool = False


GENERICS: dict[str, Generic] = {g.key: g for g in (
    Generic("and_then", "[способность 1], при этом [способность 2]", "and_then", "505.4"),
    Generic("semicolon", "[способность 1]; [способность 2]", "and_then", "505.4.1"),
    Generic("dash", "[способность 1] – [способность 2]", "and_then", "505.4.2"),
    Generic("choice", "[способность 1] или [способность 2]", "choice", "505.5"),
    Generic("otherwise", "[способность 1], в противном случае – [способность 2]", "otherwise", "505.6"),
    Generic("refusable", "[способность 1]; если противник не может или не хочет этого сделать – [способность 2]",
            "refusable", "505.7"),
    Generic("optional", "может [способность 1] и [способность 2]", "optional", "505.8"),
    Generic("self_source", "уничтожить себя, при этом [способность 2]", "and_then", "505.4", self_source=True),
    Generic("self_source_deck", "вернуть в колоду себя, при этом [способность 2]", "and_then", "505.4",
            self_source=True),
    Generic("cost", "[оплата]: [способность 1], при этом [способность 2]", "and_then", "505.4", wrap="cost"),
)}


def generic_node(g: Generic) -> Node:
    """The AST of a generic structure; its leaves are the ``[способность N]`` spans
    (and «уничтожить себя» for 505.9)."""
    text = g.template
    leaves = []
    for m in re.finditer(r"\[способность \d\]|уничтожить себя|вернуть в колоду себя", text):
        leaves.append(Node("effect", None, (m.start(), m.end()), m.group(0)))
    start = leaves[0].span[0]
    if g.kind == "optional":
        start = 0
    attrs = (("self_source", True),) if g.self_source else ()
    body = Node(g.kind, g.rule, (start, len(text)), text[start:], tuple(leaves), attrs)
    if g.wrap == "cost":
        return Node("cost", None, (0, len(text)), text, (body,), (("icons", ("оплата",)),))
    return body


_Q_CHOICE = re.compile(r"«\s*(или|либо)\s*»|\bили\b.*\bлибо\b")

# A placeholder in a quoted template: «[способность 1]», «[способность]», «[X]», or an
# ellipsis standing alone for a part — between the text's edge, punctuation or a
# connective word («при этом…», «… или …», «…, в противном случае – …»). An ellipsis
# that cuts card text short («ранить на 3…») is not one.
_EDGE = r"(?:^|$|[,;:–—-]|\b(?:этом|или|либо|случае|сделать|может)\b)"
_LONE_ELLIPSIS_RE = re.compile(_EDGE + r"\s*(?:…|\.{3})\s*" + _EDGE)


# Connective words and punctuation of 505.4–505.8; what is left of a template once they
# are removed are its placeholders.
_CONNECTIVE_RE = re.compile(
    r"\b(?:при\s+этом|в\s+противном\s+случае|если\s+противник\s+не\s+может\s+или\s+не\s+хочет"
    r"(?:\s+этого\s+сделать)?|или|либо|может|и)\b|[,;:–—\-]", re.IGNORECASE)
# A letter standing for a whole ability: «А», «Б», «X», «Y» (Cyrillic or Latin capital).
_LETTER_RE = re.compile(r"[A-ZА-ЯЁ]\d?")


def is_letter_template(text: str) -> bool:
    """Whether a quoted phrase is a connective written with letters for its parts
    («А; Б», «А, при этом Б», «X или Y», «может А и Б»): at least two parts, each a single
    capital letter (optionally numbered, «А1»), joined by connectives of 505.4–505.8."""
    rest = _CONNECTIVE_RE.sub(" ", normalize_typography(text)).split()
    return len(rest) >= 2 and all(_LETTER_RE.fullmatch(w) for w in rest)


def is_template(text: str) -> bool:
    """Whether a quoted phrase is a connective template with generic parts
    («уничтожить себя, при этом…», «[способность 1] или [способность 2]», «А; Б»), not card text."""
    t = fold(text).strip()
    if re.search(r"способност\w*\s*\d|\[[^\]]*\]", t) or is_letter_template(text):
        return True
    return bool(_LONE_ELLIPSIS_RE.search(t))


def connective_of(question: str) -> Generic | None:
    """Which connective a question is about, or ``None``.

    Looks at quoted connectives («или», «в противном случае», «может …», templates
    like «способность 1; способность 2») and at the phrases of 505.5–505.9.
    """
    q = fold(question)
    qs = [fold(t) for _, _, t in quotes(question)]
    template = [fold(t) for _, _, t in quotes(question) if is_template(t)]    # «А; Б»: its capitals tell a letter template
    if "если противник не может или не хочет" in q or (
            re.search(r"\bпротивник\w*\b", q) and re.search(r"не\s+хоч|не\s+хотел|отказ|не\s+мож", q)
            and re.search(r"эффект|перв\w*\s+способност|способност\w*\s+1", q) and not qs):
        return GENERICS["refusable"]
    if "в противном случае" in q:
        return GENERICS["otherwise"]
    if any(t in ("или", "либо") for t in qs) or any(re.search(r"\b(или|либо)\b", t) for t in template):
        return GENERICS["choice"]
    if any(t.startswith("может") for t in qs) or "слово «может»" in q:
        return GENERICS["optional"]
    about_text = re.search(r"запис|способност|особенност|текст", q)
    # «при «;» вторая выполняется?»: the bare mark quoted, in a question about the parts it joins
    bare = about_text is not None and len(_WORD_RE.findall(re.sub(r"«[^«»]*»", " ", q))) >= 3
    if any(";" in t for t in template) or ("точк" in q and "запят" in q and about_text) or bare and ";" in qs:
        return GENERICS["semicolon"]
    if any(" – " in t for t in template) or ("тире" in q and about_text) or bare and any(t in ("–", "—") for t in qs):
        return GENERICS["dash"]
    if re.search(r"(уничтожить|вернуть в колоду)\s+себя", q) or (
            "источник" in q and re.search(r"уничтож|колод", q) and re.search(r"ресурс|оплат|при этом", q)):
        deck = re.search(r"вернуть в колоду\s+себя", q) or ("колод" in q and not re.search(r"уничтож", q))
        return GENERICS["self_source_deck" if deck else "self_source"]
    if any("при этом" in t for t in qs):
        return GENERICS["and_then"]
    if "составн" in q and re.search(r"оплат|оплач|плат", q):
        return GENERICS["cost"]
    if "составн" in q and re.search(r"не\s+(удал|выполн|получ|сработ)|провал|порядк|очеред", q):
        return GENERICS["and_then"]
    return None


# ---------------------------------------------------------------------------
# reading a card text

def _compound(result: ParseResult | None) -> bool:
    if result is None or result.ast is None:
        return False
    return any(n.kind in COMPOUND_KINDS or is_self_source(n) for n in result.ast.walk())


def parse_card(text: str) -> ParseResult | None:
    """Parse a quoted phrase; ``None`` when it is not compound card text."""
    if is_template(text):
        return None  # a template like «способность 1; способность 2» or «…, при этом…», not card text
    from bot.abilities.parser import parse_cached

    try:
        result = parse_cached(text)
    except BerserkError:
        return None
    return result if _compound(result) else None


# ---------------------------------------------------------------------------
# the route

def _search_blocks(texts: list[str], edition: str) -> tuple[list[Block], list[str]]:
    from bot.search import search

    blocks, cites = [], []
    for t in texts:
        try:
            hits = search(t, k=3, edition=edition)
        except BerserkError:
            continue
        if hits:
            blocks.append(Block("list", title=f"Поиск по «{t}»:",
                                items=tuple(f"{h.number}: {h.snippet}" for h in hits)))
            cites += [h.number for h in hits if h.number not in cites]
    return blocks, cites


def _asks_order(question: str) -> bool:
    """Whether the (folded) asked sentence asks an order of two acts («сначала A, потом B»,
    «A раньше B»; ``bot.sim.board_ask``)."""
    from bot.abilities.asked_order import asks_order

    return asks_order(question)


def _steps_block(expl: Explanation, title: str) -> Block:
    return Block("steps", title=title, items=tuple(f"{i}. {s.line()}" for i, s in enumerate(expl.steps, 1)))


def resolve_question(question: str, root: Node, edition: str, *, generic: Generic | None = None,
                     card_text: str | None = None, complete: bool = True, unparsed=()) -> Answer:
    """Answer ``question`` about the structure ``root`` (a parsed card text or a
    generic connective). Reads the outcome from the words, resolves, derives the
    verdict; lists sentences it could not read, with search results beside them."""
    info = structure_info(root)
    reading = read(question, info["parts"], choices=info["choices"], optional_items=info["optional_items"],
                   refusable_first=info["refusable_first"], choice_parts=info["choice_parts"])
    blocks: list[Block] = []
    head = f"Текст: «{card_text}»" if card_text else f"Запись: «{generic.template}»" if generic else ""
    if head:
        blocks.append(Block("list", title=head, items=tuple(f"{p.number}. {p.text}" for p in info["parts"])))
    if reading.understood:
        blocks.append(Block("list", title="Что понято из вопроса:", items=tuple(reading.understood)))
    short = False   # a shortage of resources told for a text 505.9 does not cover: the rules say nothing of it
    try:
        expl = explain(ParseResult(card_text or root.text, complete, root, tuple(unparsed)), reading.outcome)
    except OutcomeError as e:
        short = reading.outcome.no_resources
        said = re.sub(r"^--[a-z-]+(?: [\w,]+)?: ", "", str(e))  # the chat has no CLI flags
        blocks.append(Block("note", text=f"Не согласуется с текстом: {said}"))
        expl = explain(ParseResult(card_text or root.text, complete, root, tuple(unparsed)), Outcome())
        reading.outcome = Outcome()
        reading.conflict = said
    verdict, main_rule, trace = verdict_for(root, expl, reading,
                                              self_source=bool(generic and generic.self_source))
    if verdict and _asks_order(reading.question):
        # «можно я сначала излечу, а раню потом?» asks an order of parts, which the reading of the
        # outcome does not rule on (``bot.sim.card_board_route`` does, by 505.4–505.7): no «Да» about a part
        blocks.append(Block("note", text="Спрошен порядок частей текста — по тому, что выполняется, его не решить: "
                                         "вердикт не даю."))
        trace = [f"спрошен порядок частей; не решено: {verdict}", *trace]
        verdict = None
    blocks.append(_steps_block(expl, "Разрешение:"))
    supposed = reading.asked_outcome
    if verdict and supposed is not None and supposed.describe() and \
            f"проверено: {', '.join(supposed.describe())}" in trace:
        # the verdict rests on what the question supposes («существо не уничтожилось? будет ли разряд?»):
        # that resolution is shown too — the plain one alone says every part is done, against the verdict
        try:
            blocks.append(_steps_block(explain(root, supposed), f"Если {'; '.join(supposed.describe())}:"))
        except OutcomeError:
            pass
    extra_cites: list[str] = []
    if not reading.outcome.describe() and not reading.asked:
        for way in ways(root)[1:]:
            try:
                e = explain(root, way)
            except OutcomeError:
                continue
            blocks.append(_steps_block(e, f"Если {'; '.join(way.describe())}:"))
            extra_cites += [c for c in e.citations if c not in extra_cites]
    if reading.facts:
        verdict += "".join(f" ({f.said}: {f.reason}" + (f", п. {f.rule})" if f.rule else ")")
                           for f in reading.facts)
        blocks.append(Block("list", title="Учтённые обстоятельства:",
                            items=tuple(f"«{f.said}» — часть {f.part}: {f.reason}"
                                        + (f" (п. {f.rule})" if f.rule else "") for f in reading.facts)))
    cites: list[str] = []
    for c in [main_rule, *(f.rule for f in reading.facts), *expl.citations, *extra_cites]:
        if c and c not in cites:
            cites.append(c)
    if short and verdict:
        # «ресурсов на оплату не хватает» with «ранить …, при этом получить фишку»: 505.4 says when the
        # payment happens, not what a shortage does — the run without it would not be the asker's board
        blocks.insert(0, Block("text", text="Вердикт не даю: пункты 505 говорят, когда происходит оплата (после всех "
                                             "способностей, п. 505.4), а что будет при нехватке ресурсов — только для "
                                             "записи «уничтожить / вернуть в колоду себя, при этом …» (п. 505.9)."))
        trace = [f"нехватка ресурсов; не решено: {verdict}", *trace]
        verdict = None
    if reading.not_understood:
        # issue 11 honesty gate: a told circumstance nothing read may change the ruling — no verdict
        blocks.insert(0, Block("text", text="Вердикт не даю: не понял, что значит для текста карты "
                                             + "; ".join(f"«{s}»" for s in reading.not_understood)
                                             + ". Без этих обстоятельств разрешение было бы таким: " + verdict))
        verdict = None
        blocks.append(Block("note", text="Не понял: " + "; ".join(f"«{s}»" for s in reading.not_understood)
                                         + " — это в разрешении не учтено."))
        sb, sc = _search_blocks(reading.not_understood, edition)
        blocks += sb
        cites += [c for c in sc if c not in cites]
    if not complete and unparsed:
        blocks.append(Block("note", text="Текст карты разобран не полностью: "
                                         + "; ".join(f"«{u.text}»" for u in unparsed)))
    quoted = [c for c in cites if c.startswith("505") or c == "302.6"][:3]
    quoted += [f.rule for f in reading.facts if f.rule and f.rule not in quoted]
    blocks += rule_blocks(quoted, edition)
    trace = [*(f"понято: {u}" for u in reading.understood), *trace, *(s.line() for s in expl.steps)]
    return Answer(question=question, route=ROUTE, verdict=verdict, blocks=blocks, citations=cites, trace=trace)


# ---------------------------------------------------------------------------
# «есть ли разница между «А; Б» и «А, при этом Б»?» — comparing two notations

# Asking whether two notations differ: an equivalence answers «Нет».
_DIFFER_RE = re.compile(r"разниц|различ|отлича|отличи|\bне\s+одно\s+и\s+то\s+же")
# Asking whether two notations are the same: an equivalence answers «Да».
_SAME_RE = re.compile(r"одно\s+и\s+то\s+же|то\s+же\s+самое|равносил|эквивалент|равнознач|идентичн|одинаков"
                      r"|(?:значит|означа\w*)\s+то\s+же")
# Why two notations of one connective are equivalent, by paragraph.
_SAME_BECAUSE = {
    "505.4.1": "запись через точку с запятой полностью эквивалентна записи «[способность 1], при этом [способность 2]»",
    "505.4.2": "запись через тире полностью эквивалентна записи «[способность 1], при этом [способность 2]»",
    "505.5": "«[способность 1] или [способность 2]» и «[способность 1], либо [способность 2]» — одна и та же "
             "запись выбора: контролирующий игрок использует одну из способностей на свой выбор",
}


def notation_of(text: str) -> Generic | None:
    """The connective (a ``GENERICS`` entry) a quoted notation is written with, or ``None``.

    ``text`` is a template («А; Б», «[способность 1] – [способность 2]», «X, либо Y») or a
    bare connective («или», «;», «–», «при этом»); card text is not a notation.
    Paragraphs: 505.4, 505.4.1, 505.4.2, 505.5–505.8."""
    t = fold(normalize_typography(text)).strip(" .")
    bare = t in ("или", "либо", ";", "–", "—", "-", "при этом", "в противном случае", "может")
    if not bare and not is_template(text):
        return None
    if "в противном случае" in t:
        return GENERICS["otherwise"]
    if re.search(r"не\s+может\s+или\s+не\s+хочет", t):
        return GENERICS["refusable"]
    if re.match(r"может\b", t):
        return GENERICS["optional"]
    if re.search(r"\b(или|либо)\b", t):
        return GENERICS["choice"]
    if "при этом" in t:
        return GENERICS["and_then"]
    if ";" in t:
        return GENERICS["semicolon"]
    if re.search(r"(^|\s)[–—-](\s|$)", t):
        return GENERICS["dash"]
    return None


def _card_notation(text: str) -> Generic | None:
    """A compound card text as a notation: its outermost connective, with the card's
    parts (folded) in ``key`` so that two texts compare equal only with the same parts."""
    result = parse_card(text)
    if result is None:
        return None
    top = next((n for n in result.ast.walk() if n.kind in COMPOUND_KINDS), None)
    if top is None:
        return None
    parts = "|".join(fold(p.text).strip(" .") for p in structure_info(result.ast)["parts"])
    return Generic(f"card:{parts}", text, top.kind, top.rule or DEFAULT_RULES[top.kind],
                   self_source=any(is_self_source(n) for n in result.ast.walk()))


def _named_notations(question: str) -> list[tuple[str, Generic]]:
    """The notations a question compares, in the order they are named: quoted ones and
    «точка с запятой» / «тире» named in words outside the quotes."""
    found = []
    norm = normalize_typography(question)
    masked = norm
    for a, b, text in card_quotes(question):
        masked = masked[:a] + " " * (b - a) + masked[b:]
        g = notation_of(text) or _card_notation(text)
        if g is not None:
            found.append((a, text, g))
    bare = fold(masked)
    for pattern, name, key in ((r"точк\w*\s+с\s+запят", "точка с запятой", "semicolon"),
                               (r"\bтире\b", "тире", "dash")):
        m = re.search(pattern, bare)
        if m:
            found.append((m.start(), name, GENERICS[key]))
    return [(text, g) for _, text, g in sorted(found, key=lambda f: f[0])]


def _template_of(g: Generic) -> str:
    """The connective template of a notation (a card text shows its connective's)."""
    if not g.key.startswith("card:"):
        return g.template
    return next((x.template for x in GENERICS.values() if x.rule == g.rule and x.kind == g.kind
                 and not x.self_source and not x.wrap), g.template)


def compare_answer(question: str, edition: str) -> Answer | None:
    """Answer «есть ли разница / отличается ли / одно и то же ли / равносильны ли» about two
    notations of a connective: they are equivalent when both resolve as the same connective
    (505.4.1 and 505.4.2: «;» and «–» are «при этом»; «или» and «либо» are both 505.5).
    ``None`` when the question compares fewer than two notations."""
    q = fold(question)
    differ, same = bool(_DIFFER_RE.search(q)), bool(_SAME_RE.search(q))
    named = _named_notations(question)
    if not (differ or same) or len(named) < 2:
        return None
    (ta, ga), (tb, gb) = named[0], named[1]
    equal = ga.kind == gb.kind and ga.self_source == gb.self_source and ga.wrap == gb.wrap
    other_parts = equal and ga.key.startswith("card:") and gb.key.startswith("card:") and ga.key != gb.key
    equal = equal and not other_parts  # two card texts: the same parts too
    rules = []
    for g in (ga, gb):
        if g.rule not in rules:
            rules.append(g.rule)
    yes_no = is_yes_no(q)
    if equal:
        own = [r for r in rules if r in _SAME_BECAUSE] or rules
        because = "; ".join(_SAME_BECAUSE.get(r, "это одна и та же запись") for r in own)
        meaning = MEANING.get(DEFAULT_RULES[ga.kind], "")
        if ga.kind == "and_then":
            because += "; " + MEANING["505.4"]
        elif meaning and ga.kind != "choice":
            because += "; " + meaning
        word = ("Нет, разницы нет" if differ else "Да") if yes_no else "Разницы нет"
        verdict = f"{word}: «{ta}» и «{tb}» разрешаются одинаково — {because} (п. {', '.join(own)})"
        cites = [*own, *[r for r in rules if r not in own]]
        if ga.kind == "and_then" and "505.4" not in cites:
            cites.append("505.4")
    elif other_parts:
        word = ("Да, разница есть" if differ else "Нет") if yes_no else "Разница есть"
        verdict = (f"{word}: связка одна и та же (п. {', '.join(rules)}), но способности разные — "
                   f"«{ga.key[5:].replace('|', '», «')}» и «{gb.key[5:].replace('|', '», «')}»")
        cites = rules
    else:
        word = ("Да, разница есть" if differ else "Нет") if yes_no else "Разница есть"
        verdict = (f"{word}: «{ta}» — {MEANING[ga.rule] if ga.rule in MEANING else ga.template} (п. {ga.rule}); "
                   f"«{tb}» — {MEANING[gb.rule] if gb.rule in MEANING else gb.template} (п. {gb.rule})")
        cites = rules
    blocks = [Block("list", title="Записи:", items=tuple(
        f"«{t}» — «{_template_of(g)}» (п. {g.rule})" for t, g in ((ta, ga), (tb, gb))))]
    for t, g in ((ta, ga), (tb, gb))[:1 if equal else 2]:
        card = parse_card(t) if g.key.startswith("card:") else None
        root = card.ast if card is not None else generic_node(g)
        expl = explain(ParseResult(t if card else g.template, True, root, ()), Outcome())
        blocks.append(_steps_block(expl, f"Разрешение «{t if card else g.template}»:"))
    blocks += rule_blocks(cites, edition)
    trace = [f"сравнение записей: «{ta}» → {ga.key} ({ga.rule}), «{tb}» → {gb.key} ({gb.rule})",
             "разрешаются одинаково" if equal else "разрешаются по-разному"]
    return Answer(question=question, route=ROUTE, verdict=verdict, blocks=blocks, citations=cites, trace=trace)


def answer(question: str, edition: str) -> Answer | None:
    """Route entry (``bot.judge``): an ``Answer`` for questions quoting compound card
    text or asking about a connective of 505 (or comparing two notations of one);
    ``None`` otherwise."""
    return _answer(question, edition)


def _answer(question: str, edition: str) -> Answer | None:
    compared = compare_answer(question, edition)
    if compared is not None:
        return compared
    for _, _, text in card_quotes(question):
        result = parse_card(text)
        if result is not None:
            return resolve_question(question, result.ast, edition, card_text=result.text,
                                    complete=result.complete, unparsed=result.unparsed)
    g = connective_of(question)
    if g is not None:
        ans = resolve_question(_letters_named(question), generic_node(g), edition, generic=g)
        ans.question = question
        return ans
    return None


def _letters_named(question: str) -> str:
    """``question`` with the letters of its letter template («А; Б») named as the parts they
    stand for outside the quote («Б выполнится, если А не выполнилось?» -> «способность 2
    выполнится, если способность 1 не выполнилось?»): the outcome reader names parts by number.
    Unchanged when no quote is a letter template."""
    quoted = [(a, b, t) for a, b, t in quotes(question) if is_letter_template(t)]
    if len(quoted) != 1:
        return question
    a, b, text = quoted[0]
    letters = _CONNECTIVE_RE.sub(" ", normalize_typography(text)).split()
    if len(set(letters)) != len(letters):
        return question
    names = {x: f"способность {k}" for k, x in enumerate(letters, 1)}
    pattern = re.compile(r"(?<![А-Яа-яЁёA-Za-z0-9])(" + "|".join(map(re.escape, letters)) + r")(?![А-Яа-яЁёA-Za-z0-9])")
    return pattern.sub(lambda m: names[m.group(1)], question[:a]) + question[a:b] + \
        pattern.sub(lambda m: names[m.group(1)], question[b:])


__all__ = ["answer", "compare_answer", "notation_of", "is_letter_template", "resolve_question", "is_yes_no", "is_template", "connective_of", "generic_node", "GENERICS", "ways", "parse_card",
           "structure_info"]
