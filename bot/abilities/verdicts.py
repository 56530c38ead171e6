"""Verdicts of the ``ability`` route: what a question sentence asks (yes/no, who
decides, whether something is allowed, whether parts happen together) answered from
the resolution of a compound ability (505.4–505.9).

``verdict_for`` takes the parsed structure, its ``Explanation`` under the outcome
read from the question, and the ``Reading``; it returns the verdict line, the main
paragraph and trace lines. ``is_yes_no`` tells a «да/нет» question from «что будет?».

A yes/no question always opens with «Да»/«Нет», also when it asks about a consequence
the paragraph states rather than a part: the payment («оставшиеся ресурсы тратятся?»
505.9, «оплата после способностей?» 505.4, «в стек?» 302.6) is read off the payment
step; a declaration the player intends («хочу сразу X, хотя Y можно. Можно?») is
checked against the connectives (``structure.check_declaration``: 505.4–505.8).
"""

from __future__ import annotations

import re

from bot.abilities.ast import COMPOUND_KINDS, Node, ParseResult
from bot.abilities.outcome_words import Reading
from bot.abilities.resolve import (
    DECIDER,
    DEFAULT_RULES,
    MEANING,
    PAYMENT_NO_STACK_RULE,
    PAYMENT_RULE,
    Explanation,
    Outcome,
    explain,
    is_self_source,
    verdict_of,
)
from bot.abilities.structure import check_declaration, structure_info, ways
from bot.errors import OutcomeError
from bot.morph import lemma, pos
from bot.vocab import alternation, section

_WH = re.compile(r"\b(что|кто|как|каков\w*|как(?:ой|ая|ое|ие|ую|им|их|ого|ому)|когда|где|куда|откуда|почему|зачем|"
                 r"сколько|чем|чего|кому|кого|чей|чья|чьё|чье)\b")


def is_yes_no(q: str) -> bool:
    """Whether a folded question sentence asks «да или нет» (``bot.yesno.sentence_kind``):
    «Фишку я получу?», «Можно ли…?», «Разве…?»; «Что будет?», «открыть или закрыть?» are not."""
    from bot.yesno import sentence_kind

    return sentence_kind(q.rstrip(" ?")) == "yes_no"


_DECIDE_RE = re.compile(r"\bвыб[иор]\w*|\bвыбира\w*|\bреш(?:ить|ать|ает|ают|ит|ат|у|ил\w*)\b|\bопредел\w*")
_OPPONENT_RE = re.compile(r"\b(противник\w*|оппонент\w*|соперник\w*)\b")
_CONTROLLER_RE = re.compile(r"\b(я|мне|меня|игрок\w*|контролирующ\w*|владел\w*|хозяин\w*|могу|смогу|выберу|решу)\b")
_PERMISSION_RE = re.compile(r"\b(можно|могу|можем|вправе|разреш\w*|допустим\w*|допуска\w*|законн\w*|легальн\w*|имею\s+право|"
                            r"по\s+правилам|правильн\w*|корректн\w*)\b")
_CAN_RE = re.compile(_PERMISSION_RE.pattern[:-3] + r"|может|могут|мог|могла|смог\w*|прав\w*)\b")
"""Permission words plus «может»: «Он так может?», «Он прав?» (after a told choice)."""
_ONLY_ONE = re.compile(r"\b(?:только|лишь)\s+(?:одн(?:у|а|о|ой)|одн\w+\s+из)\b|\bодн(?:у|а|о)\s+из\b")
"""«только одну», «лишь одну из», «одну из них»: one option of a choice asked (505.5)."""
_TOGETHER = re.compile(r"\bи\s+то,?\s+и\s+друго\w*|(?:^|[\s,])и\s+[а-яё0-9]+(?:\s+\d)?,?\s+и\s+[а-яё0-9]+|\b(обе|оба|обеих|обоих|все(?![\s-]+(?:равно|же|таки))|всех|вместе|одновременно|сразу)\b")


def _together(q: str) -> bool:
    """«обе», «вместе», «и то, и другое», «применить их сразу» ask whether parts happen
    together; «сразу ранить», «сразу вторую» mean «straight away», not together."""
    for m in _TOGETHER.finditer(q):
        if m.group(0) != "сразу":
            return True
        nxt = re.match(r"\s+([а-яё]+)", q[m.end():])
        if not nxt or nxt.group(1) in ("две", "два", "три", "несколько", "и"):
            return True
    return False


# Yes/no questions about the payment of a compound ability (505.4, 505.9, 302.6):
# the claim the question makes and what the resolution says of it.
_TAP_VERB_RE = re.compile(r"(?<![а-яё])" + alternation(section("outcome")["tap_verbs"], ending=r"\w*"))
"""«когда она закрывается?», «поворачивается сразу …?»: the {tap} payment asked by its verb (grammar/lexicon.yaml)."""
_PAYMENT_RE = re.compile(r"оплат|оплач|\bплат|заплат|ресурс|стоимост")
_PAY_STACK_RE = re.compile(r"\bстек")
_PAY_BEFORE_RE = re.compile(r"\bдо\b|\bперед\b|раньше|сначала|сперва|в\s+начале|прежде|заранее|вперёд|вперед")
_PAY_AFTER_RE = re.compile(r"\bпосле\b|в\s+конце|\bпотом\b|\bзатем\b|позже|позднее|в\s+последн|"
                           r"\bкогда\s+(?:\w+\s+){0,3}(?:пройден|выполнен|закончен|заверш|исполнен)")
_PAY_SPENT_RE = re.compile(r"трат|списыва|спиш|сгора|сгор[яи]|расходу|израсход|пропада|пропад[уё]|уход|уйд[уё]|"
                           r"оплачива|оплат(?:ить|ит|ят|им)\b|заплат|\bплат(?:ить|ит|ят|им|ишь)\b|доплач|доплат")
_PAY_KEPT_RE = re.compile(r"сохран|\bостают|\bостанут|\bостан[её]тся")


def _negated_claim(q: str) -> bool:
    """The question states its claim negated («ресурсы не тратятся?»): «не» before a verb
    (not «не хватает», which tells the circumstance)."""
    for m in re.finditer(r"\bне\s+([а-яё]+)", q):
        w = m.group(1)
        if pos(w) in ("VERB", "INFN", "PRTS") and lemma(w) not in ("хватать", "хватить"):
            return True
    return False


def _payment_verdict(root: Node, expl: Explanation, reading: Reading) -> tuple[str, str, str] | None:
    """«Оставшиеся ресурсы тратятся?», «Оплата происходит после способностей?», «Оплата
    заносится в стек?»: a yes/no claim about the payment, answered from the payment
    step of the resolution (a text without its cost is resolved as if it had one).
    Returns (verdict, paragraph, trace line) or None when the question is not that."""
    q = reading.question
    if not (_PAYMENT_RE.search(q) and is_yes_no(q)):
        return None
    if _PAY_STACK_RE.search(q):
        claim = "stack"
    elif _PAY_BEFORE_RE.search(q) or _PAY_AFTER_RE.search(q):
        pay = _PAYMENT_RE.search(q).start()
        near = sorted((abs(m.start() - pay), "after" if rx is _PAY_AFTER_RE else "before")
                      for rx in (_PAY_BEFORE_RE, _PAY_AFTER_RE) for m in rx.finditer(q))
        claim = near[0][1]
    elif _PAY_SPENT_RE.search(q):
        claim = "spent"
    elif _PAY_KEPT_RE.search(q):
        claim = "kept"
    else:
        return None
    steps = [s for s in expl.steps if s.status == "payment"]
    if not steps:  # the text shows no cost: resolve it as paid for
        paid = Node("cost", None, (0, len(root.text)), root.text, (root,), (("icons", ("оплата",)),))
        try:
            steps = [s for s in explain(ParseResult(root.text, True, paid), reading.outcome).steps
                     if s.status == "payment"]
        except OutcomeError:
            return None
    if not steps:
        return None
    pay_step = steps[0]
    stack_step = next((s for s in steps if s.rule == PAYMENT_NO_STACK_RULE), None)
    if claim == "stack":
        fact, rule, why = False, PAYMENT_NO_STACK_RULE, stack_step.reason if stack_step else MEANING["302.6"]
    elif claim in ("before", "after"):
        fact, rule = claim == "after", PAYMENT_RULE
        why = pay_step.reason.split("; ")[0]
    else:  # spent (or kept: the opposite claim)
        fact, rule, why = claim == "spent", pay_step.rule, pay_step.reason
    yes = fact != _negated_claim(q)
    return (f"{'Да' if yes else 'Нет'}: {why} (п. {rule})", rule,
            f"вопрос об оплате ({claim}): {pay_step.line()}")
_OBLIGATION = re.compile(r"обязательн|обязан|\bнужно\b|\bнадо\b|\bдолж[еa-я]*\b|необходимо")
_NOT_OBLIGED = re.compile(r"\bне\s+(?:обязательн|обязан|нужно\b|надо\b|долж[еa-я]*\b|необходимо)")
"""«можно только открыться, а двигаться не надо?»: a part not needed — the question asks leave to
skip it (505.8), not whether it is obligatory."""


def _asks_obligation(q: str) -> bool:
    """Whether ``q`` asks whether a part must be declared («обязан ли …», «надо ли …»); not a
    negated obligation beside a permission word («можно …, а … не надо?» asks leave)."""
    return bool(_OBLIGATION.search(q)) and not (_NOT_OBLIGED.search(q) and _PERMISSION_RE.search(q))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


_OR_SPLIT = re.compile(r",?\s+(?:или|либо)\s+")


def first_alternative(q: str, parts) -> tuple[int, str] | None:
    """«разряд то сработает или раз карты уже нет то всё?»: an either/or question whose first
    half asks whether one part happens (a verb of ``outcome.happen``, grammar/lexicon.yaml)
    and whose second half names no part of the text (its negation, «или всё?», «или
    пропадёт?») — ``(part, verb as asked)``; ``None`` for any other question («ранить или
    закрыть?» names two parts; «могу выбрать или выбор за ним?» has no happening verb)."""
    from bot.abilities.outcome_words import match_parts
    from bot.morph import lemma
    from bot.vocab import section

    halves = _OR_SPLIT.split(q.strip(" ?"), maxsplit=1)
    if len(halves) != 2 or not halves[1].strip():
        return None
    first, second = halves
    named = match_parts(first, list(parts))
    if not named or match_parts(second, list(parts)):
        return None
    happen = {str(x) for x in section("outcome")["happen"]}
    verbs = [w for w in re.findall(r"[а-яё]+", first) if lemma(w) in happen and re.search(r"(?:ет|ит|ут|ют|ат|ят)(?:ся)?$", w)]
    if len(verbs) != 1 or re.search(r"(?<![а-яё])не\s+" + verbs[0], first):
        return None
    return named[0], verbs[0]


def _part_phrase(expl: Explanation, n: int) -> str:
    return _part_phrase_of(expl.parts, n)


def _part_phrase_of(parts, n: int) -> str:
    """«часть N «text»» for part ``n`` of ``parts`` (``Part`` tuple)."""
    return f"часть {n} «{parts[n - 1].text}»"


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


_ABOUT_PARTS_RE = re.compile(r"способност|\bчаст[ьи]|\bвариант|\bкак(?:ую|ие|ой|ое)\b|\bчто\s+(?:объяв|примен|"
                             r"использ|сдела)|перв|втор")


def _who_decides(root: Node, q: str, actor: str | None = None) -> tuple[str, str] | None:
    """«Может ли противник выбрать…?» / «Могу ли я выбрать…?»: compare the actor of
    the question (or ``actor``, "opponent" / "controller", when a statement named who
    decided: «Противник выбрал излечить. Он так может?») with who decides at the
    connective (505.5, 505.7, 505.8); where no one decides (505.4, 505.6) a choice of
    abilities is «нет». Returns (verdict, paragraph) or None when the question is not
    about that."""
    actor = actor or _actor(q)
    if actor is None:
        return None
    node = next((n for n in root.walk() if n.kind in DECIDER), None)
    if node is None:
        top = next((n for n in root.walk() if n.kind in ("otherwise", "and_then")), None)
        if top is None or not _ABOUT_PARTS_RE.search(q):
            return None
        rule = top.rule or DEFAULT_RULES[top.kind]
        meaning = MEANING[DEFAULT_RULES[top.kind]] if top.kind == "and_then" else MEANING[rule]
        if top.kind == "and_then":
            meaning = meaning.split("; ")[0]
        return f"Нет: выбора нет — {meaning} (п. {rule})", rule
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


_DECLARE_VERB_RE = re.compile(r"\bвыб[иор]\w*|\bвыбира\w*|\bобъяв\w*|\bпримен\w*|\bиспольз\w*|\bхоч\w*|\bсобира\w*")


def _intended_declaration(root: Node, reading: Reading) -> tuple[str, str] | None:
    """«Я хочу сразу ранить, хотя закрыть можно. Можно?», «могу ли я выбрать вторую?»:
    the player names the parts they want to declare (``Reading.intent`` /
    ``asked_intent``); the connectives around them decide (``check_declaration``:
    505.6 — no while part 1 is legal; 505.5, 505.8 — yes; 505.7 — the opponent
    decides; 505.4 — parts go in order). Returns (verdict, paragraph) or None."""
    q = reading.question
    intent = reading.asked_intent if reading.asked_intent is not None else reading.intent
    if not intent or not is_yes_no(q):
        return None
    if not (_PERMISSION_RE.search(q) or (reading.asked_intent is not None and _DECLARE_VERB_RE.search(q))):
        return None
    if "opponent" in (_actor_of(q, _PERMISSION_RE), _actor(q)):
        return None  # «может ли противник выбрать…» is about who decides
    if reading.asked_intent is not None and re.search(r"\b(или|либо)\b", q):
        return None  # «могу ли я выбрать, открыть или закрыть?» names no one part
    if reading.asked_intent is None and (reading.conflict or _decision_told(reading.outcome)):
        return None  # a told choice (505.5) or declaration (505.8) is checked by resolving it
    check = check_declaration(root, intent, reading.left_out, reading.outcome, reading.legal)
    if check is None:
        return None
    if not check.allowed:
        return f"Нет: {check.reason} (п. {check.rule})", check.rule
    parts = structure_info(root)["parts"]
    named = ", ".join(_part_phrase_of(parts, n) for n in sorted(intent) if 0 < n <= len(parts))
    return f"Да: {named} можно объявить — {check.reason} (п. {check.rule})", check.rule


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


def verdict_for(root: Node, expl: Explanation, reading: Reading, *, self_source: bool = False
                ) -> tuple[str, str | None, list[str]]:
    """(verdict, main paragraph, trace lines) for the question sentence of ``reading``
    about the structure ``root`` resolved as ``expl``. ``self_source``: the structure is
    the generic «уничтожить себя, при этом …» (505.9). A yes/no question gets a verdict
    opening with «Да»/«Нет» (505.4–505.9 decide which)."""
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
    # «когда она закрывается?»; «закрывается сразу как объявил или уже после всего?» (a time on each side of «или»)
    timed = re.search(r"\bкогда\b", q) or (re.search(r"\bили\b", q) and all(
        (_PAY_BEFORE_RE.search(h) or re.search(r"\bсразу\b", h)) or _PAY_AFTER_RE.search(h) for h in re.split(r"\bили\b", q, 1)))
    if timed and not is_yes_no(q) and (re.search(r"оплат|оплач|плат|стоимост|ресурс", q)
                                        or (_TAP_VERB_RE.search(q) and not reading.asked)):
        pay = next((s for s in expl.steps if s.status == "payment"), None)
        if pay is not None:
            return f"{_cap(pay.reason)} (п. {pay.rule})", pay.rule, trace
    paid = _payment_verdict(root, expl, reading)
    if paid is not None:
        trace.append(paid[2])
        return paid[0], paid[1], trace
    if _asks_obligation(q) and _actor_of(q, _OBLIGATION) == "opponent" and structure_info(root)["refusable_first"]:
        return (f"Нет: {MEANING['505.7']} (п. 505.7)", "505.7", trace)
    if _asks_obligation(q):
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
        if len(asked) == 1 and not _decision_step(expl):
            st = expl.part_step(asked[0])
            return f"Да: {_part_phrase(expl, asked[0])} объявляется — {st.reason} (п. {st.rule})", st.rule, trace
        return (f"Да: {', '.join(_part_phrase(expl, n) for n in asked)} объявляются при любом решении "
                f"контролирующего игрока (п. {rule})", rule, trace)
    alt = first_alternative(q, expl.parts)
    if alt is not None:
        n, verb = alt
        st = expl.part_step(n)
        if st.status in ("done", "failed", "not_declared"):
            trace.append(f"вопрос «… или …» понят как вопрос о части {n}: «{verb}» ли она")
            lead = _cap(verb) if st.status == "done" else f"Не {verb}"
            state = {"done": "выполняется", "failed": "не выполняется", "not_declared": "не объявляется"}[st.status]
            return f"{lead}: {_part_phrase(expl, n)} {state} — {st.reason} (п. {st.rule})", st.rule, trace
    if is_yes_no(q) and _ONLY_ONE.search(q) and not _together(q) and any(n.kind == "choice" for n in root.walk()):
        # «при «или» можно выбрать только одну?»: one of the options, the controller's pick (505.5)
        rule = next(n.rule or DEFAULT_RULES["choice"] for n in root.walk() if n.kind == "choice")
        return f"Да, только одну: {MEANING[rule]} (п. {rule})", rule, trace
    if is_yes_no(q) and _together(q):
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
    if is_yes_no(q) and reading.outcome.choose is not None and reading.choice_said and _CAN_RE.search(q):
        # «Противник выбрал излечить. Он так может?»: the statement names who chose (505.5)
        chooser = _actor_of(reading.choice_said, _DECIDE_RE)
        decided = _who_decides(root, q, chooser) if chooser else None
        if decided is not None:
            trace.append(f"проверено, кто выбирает: в вопросе выбрал {'противник' if chooser == 'opponent' else 'игрок'}")
            return decided[0], decided[1], trace
    intended = _intended_declaration(root, reading)
    if intended is not None:
        trace.append("проверено намерение игрока: объявить " + ", ".join(
            f"часть {n}" for n in sorted(reading.asked_intent or reading.intent or ())))
        return intended[0], intended[1], trace
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
    if self_source or any(is_self_source(n) for n in root.walk()):
        return f"{_cap(MEANING['505.9'])} (п. 505.9)", "505.9", trace
    if top is not None:
        rule = top.rule or DEFAULT_RULES[top.kind]
        meaning = MEANING.get(rule, MEANING[DEFAULT_RULES[top.kind]])
        if top.kind == "and_then" and rule != "505.4":
            meaning += "; " + MEANING["505.4"]
        return f"{_cap(meaning)} (п. {rule})", rule, trace
    return verdict_of(expl), None, trace


__all__ = ["verdict_for", "is_yes_no", "first_alternative"]
