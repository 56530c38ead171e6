"""The ``ability`` route of ``bot.judge.ask``: card-text questions and questions
about the compound-ability connectives (505.4–505.9).

Two kinds of questions are this route's:

1. A question that quotes the text of a compound ability («…», "…", “…”) and says
   what happened («существо не уничтожилось», «противник отказался») — the text is
   parsed, the words are read into an ``Outcome`` (``bot.abilities.outcome_words``),
   and the resolution (``bot.abilities.resolve``) gives the verdict and the steps.
2. A question about a connective itself («или», «в противном случае», «может …»,
   «способность 1; способность 2», «если противник не хочет», how a compound ability
   is paid) — a generic structure of that connective («[способность 1] или
   [способность 2]») is resolved the same way.

Anything else (a quoted phrase that is not compound card text, no connective)
gets ``None`` so that the next route answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.abilities.ast import COMPOUND_KINDS, Node, ParseResult
from bot.abilities.outcome_words import Reading, quotes, read
from bot.abilities.resolve import (
    DECIDER,
    DEFAULT_RULES,
    MEANING,
    Explanation,
    Outcome,
    is_self_source,
    explain,
    number_parts,
    rule_blocks,
    verdict_of,
)
from bot.answer import Answer, Block
from bot.errors import BerserkError, OutcomeError
from bot.textnorm import fold

ROUTE = "ability"


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
    Generic("cost", "[оплата]: [способность 1], при этом [способность 2]", "and_then", "505.4", wrap="cost"),
)}


def generic_node(g: Generic) -> Node:
    """The AST of a generic structure; its leaves are the ``[способность N]`` spans
    (and «уничтожить себя» for 505.9)."""
    text = g.template
    leaves = []
    for m in re.finditer(r"\[способность \d\]|уничтожить себя", text):
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


def connective_of(question: str) -> Generic | None:
    """Which connective a question is about, or ``None``.

    Looks at quoted connectives («или», «в противном случае», «может …», templates
    like «способность 1; способность 2») and at the phrases of 505.5–505.9.
    """
    q = fold(question)
    qs = [fold(t) for _, _, t in quotes(question)]
    template = [t for t in qs if re.search(r"способност\w*\s*\d|\[", t)]
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
    if any(";" in t for t in template) or ("точк" in q and "запят" in q and about_text):
        return GENERICS["semicolon"]
    if any(" – " in t for t in template) or ("тире" in q and about_text):
        return GENERICS["dash"]
    if re.search(r"(уничтожить|вернуть в колоду)\s+себя", q) or (
            "источник" in q and re.search(r"уничтож|колод", q) and re.search(r"ресурс|оплат|при этом", q)):
        return GENERICS["self_source"]
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
    if re.search(r"способност\w*\s*\d|\[", fold(text)):
        return None  # a template like «способность 1; способность 2», not card text
    from bot.abilities.parser import parse

    try:
        result = parse(text)
    except BerserkError:
        return None
    return result if _compound(result) else None


# ---------------------------------------------------------------------------
# structure facts used for the reading and for the "two ways"

def structure_info(root: Node) -> dict:
    """Facts the reading needs: ``parts``, and per connective the part numbers —
    ``choices`` (first part of each option), ``optional_items`` (parts of each item),
    ``refusable_first``, ``and_then_first``, ``otherwise_first``, ``self_source``."""
    nums, parts = number_parts(root)

    def ps(n: Node) -> list[int]:
        return [nums[id(x)] for x in n.walk() if id(x) in nums]

    info = {"parts": list(parts), "choices": [], "choice_parts": [], "optional_items": [], "refusable_first": [],
            "and_then_first": [], "otherwise_first": [], "self_source": False}
    for n in root.walk():
        if n.kind == "choice":
            info["choices"].append([ps(c)[0] for c in n.children if ps(c)])
            info["choice_parts"] += ps(n)
        elif n.kind == "optional":
            info["optional_items"].append([ps(c) for c in n.children])
        elif n.kind == "refusable" and ps(n):
            info["refusable_first"].append(ps(n)[0])
        elif n.kind == "and_then" and ps(n):
            info["and_then_first"].append(ps(n)[0])
            info["self_source"] |= is_self_source(n)
        elif n.kind == "otherwise" and ps(n):
            info["otherwise_first"].append(ps(n)[0])
    return info


def ways(root: Node) -> list[Outcome]:
    """The outcomes that show a structure «both ways»: everything performed, then one
    variation per connective present (first part failed for 505.4, the other option
    for 505.5, first illegal for 505.6, refusal for 505.7, only some declared for
    505.8, no resources for 505.9)."""
    info = structure_info(root)
    out = [Outcome()]
    for opts in info["choices"][:1]:
        out += [Outcome(choose=o) for o in opts]
    for first in info["and_then_first"][:1]:
        out.append(Outcome(failed=frozenset({first})))
    for first in info["otherwise_first"][:1]:
        out.append(Outcome(illegal=frozenset({first})))
    if info["refusable_first"]:
        out.append(Outcome(refuse=True))
    for items in info["optional_items"][:1]:
        out.append(Outcome(declare=frozenset(items[-1]) if len(items) > 1 else frozenset()))
    if info["self_source"]:
        out.append(Outcome(no_resources=True))
    uniq = []
    for o in out:
        if o not in uniq:
            uniq.append(o)
    return uniq


# ---------------------------------------------------------------------------
# verdicts derived from resolutions

_WH = re.compile(r"\b(что|кто|как|каков\w*|как(?:ой|ая|ое|ие|ую|им|их|ого|ому)|когда|где|куда|откуда|почему|зачем|"
                 r"сколько|чем|чего|кому|кого|чей|чья|чьё|чье)\b")


def is_yes_no(q: str) -> bool:
    """Whether a folded question sentence asks «да или нет»: it has «ли», or it has no
    question word («Фишку я получу?», «Лечение будет?», «Можно?»); «Что будет?» is not."""
    if not q.strip():
        return False
    if re.search(r"\bли\b", q):
        return True
    clauses = [c.strip() for c in re.split(r"[,:;—–]", q) if c.strip()]
    main = next((c for c in clauses if not re.match(r"(если|когда|пока|чтобы|хотя|раз|после|перед)\b", c)),
                clauses[0] if clauses else q)
    return not _WH.search(main)


_DECIDE_RE = re.compile(r"\bвыб[иор]\w*|\bвыбира\w*|\bреш(?:ить|ать|ает|ают|ит|ат|у|ил\w*)\b|\bопредел\w*")
_OPPONENT_RE = re.compile(r"\b(противник\w*|оппонент\w*|соперник\w*)\b")
_CONTROLLER_RE = re.compile(r"\b(я|мне|меня|игрок\w*|контролирующ\w*|владел\w*|хозяин\w*|могу|смогу|выберу|решу)\b")
_PERMISSION_RE = re.compile(r"\b(можно|могу|можем|вправе|разреш\w*|допустим\w*|допуска\w*|законн\w*|легальн\w*|имею\s+право)\b")
_TOGETHER = re.compile(r"\bи\s+то,?\s+и\s+друго\w*|\b(обе|оба|обеих|обоих|все(?![\s-]+(?:равно|же|таки))|всех|вместе|одновременно|сразу)\b")
_OBLIGATION = re.compile(r"обязательн|обязан|\bнужно\b|\bнадо\b|\bдолж[еa-я]*\b|необходимо")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _part_phrase(expl: Explanation, n: int) -> str:
    return f"часть {n} «{expl.parts[n - 1].text}»"


def _mandatory(root: Node, base: Outcome, parts: list[int]) -> tuple[bool, Explanation | None, int | None]:
    """Whether every part in ``parts`` is declared whatever the controlling player
    decides (505.5, 505.8). Returns (mandatory, explanation showing otherwise, part)."""
    info = structure_info(root)
    variants = []
    if info["optional_items"]:
        variants.append(Outcome(failed=base.failed, illegal=base.illegal, refuse=base.refuse, declare=frozenset()))
    for opts in info["choices"]:
        for o in opts:
            variants.append(Outcome(failed=base.failed, illegal=base.illegal, refuse=base.refuse, choose=o))
    for v in variants:
        try:
            e = explain(root, v)
        except OutcomeError:
            continue
        for n in parts:
            if e.part_step(n).status in ("not_declared", "option"):
                return False, e, n
    return True, None, None


def _decision_told(o: Outcome) -> bool:
    """The told outcome is a player's decision (505.5, 505.7, 505.8), not a failure."""
    return o.declare is not None or o.choose is not None or o.refuse


def _actor(q: str) -> str | None:
    """Who a yes/no question says decides: "opponent" / "controller" / None — the
    actor named last before the decision verb, else the first one after it."""
    return _actor_of(q, _DECIDE_RE)


def _who_decides(root: Node, q: str) -> tuple[str, str] | None:
    """«Может ли противник выбрать…?» / «Могу ли я выбрать…?»: compare the actor of
    the question with who decides at the connective (505.5, 505.7, 505.8).
    Returns (verdict, paragraph) or None when the question is not about that."""
    actor = _actor(q)
    if actor is None:
        return None
    node = next((n for n in root.walk() if n.kind in DECIDER), None)
    if node is None:
        return None
    rule = node.rule or DEFAULT_RULES[node.kind]
    if node.kind == "refusable":
        decider, what = "opponent", "противник вправе отказаться от эффекта способности 1, и тогда объявляется способность 2"
    else:
        decider, what = "controller", MEANING[DEFAULT_RULES[node.kind]]
    who = DECIDER[node.kind]
    if actor == decider:
        return f"Да: {what} (п. {rule})", rule
    verb = "выбирает" if node.kind == "choice" else "решает"
    if what.startswith(who):
        what = "он" + what[len(who):]
    return f"Нет, {verb} {who}: {what} (п. {rule})", rule


def _voluntary_skip(root: Node, q: str, supposed: Outcome, asked: list[int]) -> tuple[str, str] | None:
    """«Могу ли я ранить, не закрывая?»: the player asks to leave a part out. Whether
    that is allowed depends on the connective around the part: «может» lets the
    controlling player leave it undeclared (505.8), «или» lets them pick the other
    option (505.5); «в противном случае» obliges them to declare part 1 (505.6); only
    the opponent may refuse part 1 of 505.7. Returns (verdict, paragraph), or None
    for anything else (``and_then`` is answered by resolving the supposition: 505.4)."""
    if not (_PERMISSION_RE.search(q) and supposed.failed) or _actor_of(q, _PERMISSION_RE) == "opponent":
        return None
    if supposed.illegal or supposed.refuse or supposed.choose is not None or supposed.declare is not None:
        return None
    info = structure_info(root)
    skipped = sorted(supposed.failed)
    rest = [n for n in asked if n not in skipped]
    for n in skipped:
        if n in info["refusable_first"]:
            return (f"Нет: отказаться от эффекта способности 1 вправе только противник; пока он не отказался и её "
                    f"можно объявить, способность 2 не объявляется (п. 505.7)"), "505.7"
        if n in info["otherwise_first"]:
            return f"Нет: {MEANING['505.6']} (п. 505.6)", "505.6"
    optional_parts = {p for items in info["optional_items"] for item in items for p in item}
    if set(skipped) <= optional_parts:
        way = Outcome(declare=frozenset(optional_parts - set(skipped)))
        rule = "505.8"
    elif len(skipped) == 1 and skipped[0] in info["choice_parts"]:
        others = [o for opts in info["choices"] for o in opts if o != skipped[0]]
        if not others:
            return None
        way = Outcome(choose=others[0])
        rule = "505.5"
    else:
        return None
    try:
        e = explain(root, way)
    except OutcomeError:
        return None
    for n in rest:
        st = e.part_step(n)
        if st.status != "done":
            return f"Нет: {_part_phrase(e, n)} не выполняется — {st.reason} (п. {st.rule})", st.rule
    left = ", ".join(_part_phrase(e, n) for n in skipped)
    return f"Да: {left} можно не объявлять — {MEANING[rule]} (п. {rule})", rule


def _actor_of(q: str, verb_re: re.Pattern) -> str | None:
    """Who the verb matched by ``verb_re`` is about (see ``_actor``)."""
    m = verb_re.search(q)
    if not m:
        return None
    found = [(a.start(), "opponent") for a in _OPPONENT_RE.finditer(q)]
    found += [(a.start(), "controller") for a in _CONTROLLER_RE.finditer(q)]
    before = sorted(x for x in found if x[0] < m.start())
    after = sorted(x for x in found if x[0] >= m.start())
    if before:
        return before[-1][1]
    return after[0][1] if after else None


def _decision_step(expl: Explanation):
    """The first «выбор» step (505.5 / 505.8), or None."""
    return next((s for s in expl.steps if s.status == "decision"), None)


def _verdict(root: Node, expl: Explanation, reading: Reading, generic: Generic | None) -> tuple[str, str | None, list[str]]:
    """(verdict, main paragraph, trace lines) for the question sentence of ``reading``."""
    q = reading.question
    trace: list[str] = []
    parts_all = [p.number for p in expl.parts]
    told = bool(reading.outcome.describe())
    if q.startswith("кто") or re.search(r"\bкто\b", q):
        step = _decision_step(expl)
        if step is not None:
            return f"{_cap(step.reason.split('; ')[0])} (п. {step.rule})", step.rule, trace
        kinds = [n.kind for n in root.walk() if n.kind in DECIDER]
        if kinds:
            rule = next(n.rule or DEFAULT_RULES[n.kind] for n in root.walk() if n.kind in DECIDER)
            meaning = MEANING[rule]
            who = "" if meaning.startswith(DECIDER[kinds[0]]) else f"{_cap(DECIDER[kinds[0]])}: "
            return f"{who}{_cap(meaning) if not who else meaning} (п. {rule})", rule, trace
    if re.search(r"\bкогда\b", q) and (re.search(r"оплат|оплач|плат|стоимост|ресурс", q)
                                        or (re.search(r"закрыва|закроет|фишк", q) and not reading.asked)):
        pay = next((s for s in expl.steps if s.status == "payment"), None)
        if pay is not None:
            return f"{_cap(pay.reason)} (п. {pay.rule})", pay.rule, trace
    if _OBLIGATION.search(q) and _actor_of(q, _OBLIGATION) == "opponent" and structure_info(root)["refusable_first"]:
        return (f"Нет: {MEANING['505.7']} (п. 505.7)", "505.7", trace)
    if _OBLIGATION.search(q):
        asked = reading.asked or parts_all
        skipped = [expl.part_step(n) for n in asked if expl.part_step(n).status == "not_declared"]
        if skipped:
            s = skipped[0]
            return (f"Нет: {_part_phrase(expl, s.part)} не объявляется — {s.reason} (п. {s.rule})", s.rule, trace)
        ok, e, n = _mandatory(root, reading.outcome, asked)
        if not ok and e is not None:
            step = e.part_step(n)
            why = _decision_step(e)
            reason = (why.reason if why else step.reason).split("; ")[0]
            rule = step.rule
            trace.append(f"проверено: {', '.join(e.outcome.describe()) or 'всё объявлено'} — {step.line()}")
            return (f"Нет: {reason}; например, {_part_phrase(expl, n)} можно не объявлять (п. {rule})",
                    rule, trace)
        rule = next((s.rule for s in expl.steps if s.part in asked), None)
        return (f"Да: {', '.join(_part_phrase(expl, n) for n in asked)} объявляются при любом решении "
                f"контролирующего игрока (п. {rule})", rule, trace)
    if is_yes_no(q) and _TOGETHER.search(q):
        asked = reading.asked if len(reading.asked) > 1 else parts_all
        for way in ways(root):
            try:
                e = explain(root, way)
            except OutcomeError:
                continue
            if all(e.part_step(n).status == "done" for n in asked):
                rule = next((s.rule for s in e.steps if s.part in asked and s.rule), None)
                trace.append(f"проверено: {', '.join(way.describe()) or 'всё объявлено'} — все части выполняются")
                return (f"Да: {', '.join(_part_phrase(expl, n) for n in asked)} могут выполниться вместе "
                        f"(п. {rule})", rule, trace)
        step = _decision_step(expl)
        blocker = step or next((s for s in expl.steps if s.part and s.status != "done"), None)
        rule = blocker.rule if blocker else None
        why = blocker.reason.split("; ")[0] if blocker else "не все части могут выполниться"
        return f"Нет: {why} (п. {rule})", rule, trace
    decided = _who_decides(root, q) if is_yes_no(q) else None
    if decided is not None:
        return decided[0], decided[1], trace
    if is_yes_no(q) and _PERMISSION_RE.search(q) and (reading.conflict or _decision_told(reading.outcome)):
        if reading.conflict:
            rule = next(iter(re.findall(r"50\d\.\d+(?:\.\d+)?", reading.conflict)), None)
            return f"Нет: {reading.conflict}", rule, trace
        asked_ok = all(expl.part_step(n).status == "done" for n in reading.asked)
        if asked_ok:
            bits = []
            rule = None
            for st in (s for s in expl.steps if s.part):
                if st.status == "done":
                    bits.append(f"{_part_phrase(expl, st.part)} выполняется")
                else:
                    state = "не объявляется" if st.status == "not_declared" else "не выполняется"
                    bits.append(f"{_part_phrase(expl, st.part)} {state} — {st.reason}")
                    rule = rule or st.rule
            rule = rule or next((s.rule for s in expl.steps if s.status == "decision"), None)
            trace.append(f"проверено: {', '.join(reading.outcome.describe())} — так можно")
            return f"Да: {'; '.join(bits)} (п. {rule})", rule, trace
    if is_yes_no(q) and not told and reading.asked_outcome is not None:
        # «может ли противник отказаться?» — resolve what the question supposes
        skip = _voluntary_skip(root, q, reading.asked_outcome, reading.asked)
        if skip is not None:
            return skip[0], skip[1], trace
        try:
            e = explain(root, reading.asked_outcome)
        except OutcomeError as err:
            msg = re.sub(r"^--[a-z-]+(?: [\w,]+)?: ", "", str(err))
            return f"Нет: {msg}", next(iter(re.findall(r"50\d\.\d+(?:\.\d+)?", msg)), None), trace
        supposed = reading.asked_outcome
        trace.append(f"проверено: {', '.join(supposed.describe())}")
        named = set(supposed.failed) | set(supposed.illegal) | ({supposed.choose} if supposed.choose else set())
        if supposed.refuse:
            named |= set(structure_info(root)["refusable_first"])
        for n in [n for n in reading.asked if n not in named]:
            st = e.part_step(n)
            if st.status != "done":
                return f"Нет: {_part_phrase(e, n)} не выполняется — {st.reason} (п. {st.rule})", st.rule, trace
        plain = {s.part: s for s in expl.steps if s.part}
        changed = [s for s in e.steps if s.part and plain.get(s.part) != s] or [s for s in e.steps if s.part]
        s = changed[-1]
        meaning = MEANING.get(s.rule, s.reason)
        return f"Да: {meaning} (п. {s.rule})", s.rule, trace
    if is_yes_no(q) and (told or reading.asked):
        asked = reading.asked
        if not asked:
            mentioned = set(reading.outcome.failed) | set(reading.outcome.illegal)
            if reading.outcome.refuse:
                mentioned |= {expl.parts[0].number} if expl.parts else set()
            rest = [n for n in parts_all if n not in mentioned]
            asked = rest[-1:] or parts_all[-1:]
            trace.append(f"вопрос понят как вопрос о части {asked[0]}")
        steps = [expl.part_step(n) for n in asked]
        yes = all(s.status == "done" for s in steps)
        open_ = any(s.status in ("option", "conditional") for s in steps)
        s = next((s for s in steps if s.status != "done"), steps[0])
        word = "Зависит от выбора" if open_ and not yes else ("Да" if yes else "Нет")
        state = {"done": "выполняется", "failed": "не выполняется", "not_declared": "не объявляется",
                 "option": "используется, если её выберут", "conditional": "зависит от выбора"}[s.status]
        return f"{word}: {_part_phrase(expl, s.part)} {state} — {s.reason} (п. {s.rule})", s.rule, trace
    if told:
        done = [s for s in expl.steps if s.part and s.status == "done"]
        said = {"done": "выполняется", "failed": "не выполняется", "not_declared": "не объявляется",
                "option": "на выбор", "conditional": "зависит от выбора"}
        bits = [f"{_part_phrase(expl, s.part)} {said[s.status]} — {s.reason} (п. {s.rule})"
                for s in expl.steps if s.part]
        mentioned = set(reading.outcome.failed) | set(reading.outcome.illegal)
        if reading.outcome.refuse:
            mentioned |= set(structure_info(root)["refusable_first"])
        part_steps = [s for s in expl.steps if s.part]
        plain = {s.part: s for s in explain(root, Outcome()).steps if s.part}
        changed = [s for s in part_steps if plain.get(s.part) != s]  # what the told outcome changed
        main = ([s for s in changed if s.part not in mentioned and s.rule] or changed
                or [s for s in part_steps if s.part not in mentioned and s.rule] or done or part_steps or [None])[0]
        text = "; ".join(bits) if bits else "ни одна часть не выполняется"
        return _cap(text), (main.rule if main else None), trace
    # how does it work: the paragraph of the outermost connective
    top = next((n for n in root.walk() if n.kind in COMPOUND_KINDS), None)
    if generic is not None and generic.self_source or any(is_self_source(n) for n in root.walk()):
        return f"{_cap(MEANING['505.9'])} (п. 505.9)", "505.9", trace
    if top is not None:
        rule = top.rule or DEFAULT_RULES[top.kind]
        meaning = MEANING.get(rule, MEANING[DEFAULT_RULES[top.kind]])
        if top.kind == "and_then" and rule != "505.4":
            meaning += "; " + MEANING["505.4"]
        return f"{_cap(meaning)} (п. {rule})", rule, trace
    return verdict_of(expl), None, trace


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
    try:
        expl = explain(ParseResult(card_text or root.text, complete, root, tuple(unparsed)), reading.outcome)
    except OutcomeError as e:
        said = re.sub(r"^--[a-z-]+(?: [\w,]+)?: ", "", str(e))  # the chat has no CLI flags
        blocks.append(Block("note", text=f"Не согласуется с текстом: {said}"))
        expl = explain(ParseResult(card_text or root.text, complete, root, tuple(unparsed)), Outcome())
        reading.outcome = Outcome()
        reading.conflict = said
    verdict, main_rule, trace = _verdict(root, expl, reading, generic)
    blocks.append(_steps_block(expl, "Разрешение:"))
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
    if reading.not_understood:
        verdict += " (не учтено: " + "; ".join(f"«{x}»" for x in reading.not_understood) + ")"
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


def answer(question: str, edition: str) -> Answer | None:
    """Route entry (``bot.judge``): an ``Answer`` for questions quoting compound card
    text or asking about a connective of 505; ``None`` otherwise."""
    for _, _, text in quotes(question):
        result = parse_card(text)
        if result is not None:
            return resolve_question(question, result.ast, edition, card_text=result.text,
                                    complete=result.complete, unparsed=result.unparsed)
    g = connective_of(question)
    if g is not None:
        return resolve_question(question, generic_node(g), edition, generic=g)
    return None


__all__ = ["answer", "resolve_question", "is_yes_no", "connective_of", "generic_node", "GENERICS", "ways", "parse_card",
           "structure_info"]
