"""The ``rule_text`` route of ``ask`` (issue 14): a question no simulator model answered,
read by ``bot.rules_text.question`` and matched against the edition's own sentences
(``bot.rules_text.index``, ``bot.rules_text.match``).

``answer(question, edition)`` returns ``None`` when the question is not one this route
reads, or no sentence of the edition shares a concept with it (search then answers).
Otherwise an ``Answer`` with route ``rule_text``:

- a yes/no question with one agreed fit: ``verdict`` «Да, может» / «Нет, нельзя» (a negated
  question answered as Russian speakers do: «Артефакт не может двигаться?» -> «Да, не
  может»); ``sentence`` the exact sentence; ``citations`` its paragraph first, then the
  exceptions and references the sentence makes;
- «сколько …?»: the count the sentence states («Не более 3»), «что будет, если …?»: the
  consequence the sentence states, with the same citations;
- candidates that do not fit, or fits that disagree: ``verdict`` ``None``, the candidate
  sentences listed with the reason each cannot decide.
"""

from __future__ import annotations

import re

from bot.answer import Answer, Block
from bot.rules_text.index import PropIndex, index_for
from bot.rules_text.match import WIDER, Decision, _shown, condition_polarity_agrees, covers, decide, overrides_of
from bot.rules_text.propositions import Prop
from bot.rules_text.question import Question, read

_YES = {"can": ("может", "не может"), "must": ("обязан", "не обязан")}
_YES_IMPERSONAL = {"can": ("можно", "нельзя"), "must": ("обязательно", "не обязательно")}


def _words_of(q: Question, p: Prop) -> tuple[str, str]:
    """(word for «holds», word for «does not hold») in the question's own wording."""
    if q.kind == "modal" and q.mode == "must" and p.kind != "modal" and p.verb:
        verb = p.verb.removeprefix("не ").strip()   # «должен ли … закрыться?» — «Да, закрывается» (the rule's fact)
        return verb, f"не {verb}"
    if q.kind == "modal":
        table = _YES_IMPERSONAL if q.impersonal else _YES
        return table.get(q.mode, ("да", "нет"))
    verb = q.verb or p.verb.removeprefix("не ").strip()
    own = p.verb.removeprefix("не ").strip()
    if q.verb and own and p.kind != "modal" and _reflexive(own) != _reflexive(q.verb):
        # «удар … закрывает атакующего?» — «атакующий закрывается»: the rule's own verb, with its subject
        who = _nominative_before(p.sentence, own)
        if who:
            return f"{who} {own}", f"{who} не {own}"
    return verb, f"не {verb}"


def _nominative_before(sentence: str, verb: str) -> str:
    """The noun or participle in the nominative right before ``verb`` in ``sentence`` («…,
    атакующий закрывается» -> «атакующий»), ``""`` when none stands there."""
    from bot.reading.tokens import tokenize

    toks = tokenize(sentence)[0]
    for i, t in enumerate(toks[1:], 1):
        if t.text == verb.casefold().replace("ё", "е"):
            b = toks[i - 1]
            return b.text if b.pos in ("NOUN", "ADJF", "PRTF") and b.case == "nomn" and b.clause == t.clause else ""
    return ""


def _reflexive(verb: str) -> bool:
    return verb.casefold().endswith(("ся", "сь"))


def verdict_for(q: Question, p: Prop, truth: bool) -> str:
    """The verdict text for question ``q`` answered by ``p`` with ``truth``. A question of an
    attack getting through (``Question.passes``: «пройдёт?» read as «защита не защищает?»)
    is answered in its own verb: «Да, пройдёт» when the protection does not protect."""
    if q.passes:   # ``truth``: the protection protects; «пройдёт?» was read as «не защищает?» (``q.positive`` False)
        gets = not truth
        if not q.positive:
            return f"Да, {q.passes}" if gets else f"Нет, не {q.passes}"
        return f"Нет, {q.passes}" if gets else f"Да, не {q.passes}"
    yes, no = _words_of(q, p)
    if q.positive:
        return f"Да, {yes}" if truth else f"Нет, {no}"
    return f"Нет, {yes}" if truth else f"Да, {no}"


def _quote(p: Prop) -> str:
    return f"п. {p.number}: «{p.sentence}»"


def story_answer(question: str, edition: str = "5ed") -> Answer | None:
    """The value a printed table gives (``bot.rules_text.tables``), a roll's bounded result
    (``bot.rules_text.rolls``), values of one ability combined (``bot.rules_text.combine``) or
    the consequence a rule of effect states for the story told
    (``bot.rules_text.consequence``), or the slot of the one sentence saying every word of the
    story (``bot.rules_text.slots``) — read over every sentence of ``question``, however long:
    ``None`` when none decides."""
    from bot.rules_text import combine, consequence, prevent, rolls, tables

    idx = index_for(edition)
    t = tables.answer(question, edition, idx) or rolls.answer(question, edition, idx) or combine.answer(
        question, edition, idx) or prevent.answer(question, edition, idx)
    if t is not None:   # «в драфте скока серебряных дают первому»: a row and a column of a printed table
        return _ordinals_agree(question, t)
    c = consequence.answer(question, edition, idx)
    if c is None or not c.verdict:   # «… оказались две уникальные карты с одинаковым названием. что делать?»
        from bot.rules_text import slots

        s = slots.answer(question, edition, idx)    # every word of the story said by the one rule sentence
        if s is not None and s.verdict:
            return _ordinals_agree(question, s)
    return _ordinals_agree(question, c)


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """Answer ``question`` from the rule text of ``edition``, or ``None`` (see the module
    docstring). Raises ``RulebookError`` for an unknown edition. A verdict whose sentence
    names a noun of the question only with other ordinals («3-го ряда» for «второго ряда»,
    ``bot.rules_text.ordinals``) is withheld."""
    return _ordinals_agree(question, _answer_text(question, edition))


def _ordinals_agree(question: str, ans: Answer | None) -> Answer | None:
    """``ans`` without its verdict when its sentence names a noun of ``question`` only with
    other ordinals (the finding is shown, not given)."""
    from bot.rules_text.ordinals import conflict

    if ans is None or not ans.verdict:
        return ans
    noun = conflict(question, ans.sentence)
    if noun is None:
        return ans
    from bot.answer import Block

    ans.blocks.insert(0, Block("text", text=f"Вердикт не даю: предложение правил говорит о другом «{noun}» (другой "
                                            f"номер), чем вопрос. Найдено: {ans.verdict}"))
    ans.trace = list(ans.trace) + [f"вердикт не дан: «{noun}» в вопросе и в предложении правил — с разными номерами"]
    ans.verdict = None
    return ans


def _answer_text(question: str, edition: str) -> Answer | None:
    """``answer`` before the ordinal check."""
    if not question:
        return None
    question = _without_argument(question)
    from bot.rules_text import combine, defining, prevent, rolls, tables

    if defining.asked_term(question) is not None:   # «что такое клетка напротив карты»: the defining sentence
        d = defining.answer(question, edition)
        if d is not None:
            return d

    idx = index_for(edition)
    t = tables.answer(question, edition, idx) or rolls.answer(question, edition, idx) or combine.answer(
        question, edition, idx) or prevent.answer(question, edition, idx)
    if t is not None:   # a printed table's row and column; a roll with modifiers held in its bounds
        return t
    a = _answer_sentences(question, edition)
    if a is not None and a.verdict:
        return a
    from bot.rules_text import consequence

    c = consequence.answer(question, edition, index_for(edition))
    found = c if c is not None else a
    if found is None or not found.verdict:   # «кубик упал со стола, что делаем?»: one part of one sentence
        from bot.rules_text import slots

        s = slots.answer(question, edition, idx)
        if s is not None and (s.verdict or found is None):
            return s
    return found


def _without_argument(question: str) -> str:
    """``question`` with the asker's argument taken out when it also tells board facts
    (``bot.reading.argument.read``): «хозяин моей шмотки потерял класс. раз на сущ без класса
    шмотку нельзя надевать, она теперь уничтожается?» is read as the told facts and the asked
    clause — the premise («нельзя надевать») is never what is ruled on. A question with no
    told fact keeps its argument (``bot.rules_text.premise`` reads it); one whose premise is
    itself a told fact, or that asks a told intention, is left as it is."""
    from bot.reading.argument import read_cached

    from bot.reading.argument import chat_sentences, reasons

    r = read_cached(question)
    if r is None or not r.premises or not r.facts or r.told or r.intended:
        return question
    sents = chat_sentences(question)
    asked = next((s for s in reversed(sents) if "?" in s), sents[-1] if sents else "")
    if not any(p in asked and reasons(p) for p in r.premises):
        # a premise told in a sentence of its own is context, not read as asked; a clause cut off by a
        # conclusion word («результат 0 получается …») may be the told story itself
        return question
    return ". ".join(r.facts) + ". " + r.asked


def _answer_sentences(question: str, edition: str) -> Answer | None:
    """``answer`` from the propositions of the rule sentences (yes/no, counts, persons,
    places, «что будет, если …»)."""
    from bot.rules_text import order, premise

    o = order.answer(question, edition)     # «сначала A, а потом B? или наоборот»
    if o is not None:
        return o
    from bot.rules_text import when

    w = when.answer(question, edition)      # «когда стек считается пустым»: the rule's condition
    if w is not None:
        return w
    from bot.rules_text import wording

    w = wording.answer(question, edition)   # «на карте написано «перенесите …», это перемещение?» (507.3)
    if w is not None:
        return w
    if premise.split(question) is not None:   # «X это ж Y. значит Z?»: Z ruled, the premise checked —
        ans = premise.answer(question, edition)   # never the premise read as part of what is asked
        if ans is not None and ans.verdict:
            return ans
        from bot.rules_text import values   # «разряд бьёт по нескольким картам. раны всем сразу или по очереди»

        v = values.answer(question, edition, index_for(edition))
        if v is not None and v.verdict:
            return v
        counted = read(question, edition)
        if counted is None or counted.kind != "count":
            return ans   # a count is counted on what was told before it («в отряде степи, леса, горы. скока теряю»)
    elif premise.argued(question):
        return None     # «у меня карта …. но симбиот же не может …, значит …?»: read whole it is ruled on the argument
    from bot.rules_text import values

    from bot.rules_text import manner

    q = read(question, edition)
    if q is None or not q.bag:   # «после главной фазы какая идёт», «из каких этапов состоит …»
        v = values.answer(question, edition, index_for(edition))
        if (v is None or not v.verdict) and q is None:   # «какой модификатор к кубику при выстреле по летуну»
            return manner.value_answer(question, edition, index_for(edition)) or v
        return v
    idx = index_for(edition)
    if q.kind == "count":
        return _or_value(_count(question, q, idx, edition), lambda: values.count_answer(question, q, idx, edition))
    if q.kind == "what":
        return _what(question, q, idx, edition)
    if q.kind == "where":
        return _where(question, q, idx, edition)
    if q.kind == "who":
        return _or_value(_who(question, q, idx, edition), lambda: values.who_answer(question, q, idx, edition))
    if q.choice:
        return _choice(question, q, idx, edition)
    if q.kind == "happens" and manner.asks_manner(q.text):   # «дробный результат как округляется»
        m = manner.manner_answer(question, q, idx, edition)
        if m is not None:
            return m
    if q.kind in ("happens", "state"):   # «X это A или чо», «A или B», «напомните порядок фаз»: the value, never Да/Нет
        v = values.answer(question, edition, idx, q)
        if v is not None and v.verdict:
            return v
    d = decide(q, idx)
    if d.agreed is None:     # «на него можно ответить?»: ruled out when what is answered does not use the stack
        from bot.rules_text import needs

        n = needs.answer(question, q, idx, edition)
        if n is not None:
            return n
        from bot.rules_text import sufficient

        n = sufficient.answer(question, q, idx, edition)   # «фаза закончилась, как только он спасовал?»
        if n is not None:
            return n
    if not (d.fits or d.excepted or any(why.startswith("правило действует только при условии") for _, why in d.near)):
        return None     # no sentence fits: search quotes the nearest paragraphs
    truth = d.agreed
    if truth is None:
        return _undecided(question, q, d)
    if values.opens_with_wh(q.text):
        return None     # «что является игродействием?» asks which, never «Да» / «Нет»
    return _verdict(question, q, d, truth, edition, idx)


def roles_apart(question: str, edition: str) -> bool:
    """The opposite properties a question names (``antonyms`` of the rule language:
    «летающее» / «нелетающее») belong to two cards as the rule-text reader reads it — one
    in the subject (who acts), the other in the complement (what is acted on): «на летающее
    существо может напасть нелетающее существо?» — or the other told only in a sentence before
    the asked one («у противника одни летуны. моя наземная тварь может их бить?»). ``False`` when no such pair is named, or
    a property is in both roles (one card said to be both)."""
    L = language_()
    q = read(question, edition)
    if q is None:
        return False
    told = q.bag | q.context
    pairs = [(a, b) for a, b in L.antonyms.items() if a in told and b in told]
    if not pairs:
        return False
    comp = q.complement
    subj = q.subject or (q.bag - comp)    # «… нелетающим существом»: who acts named in the instrumental
    # one of the pair said only in a sentence told before («у противника одни летуны. моя наземная …»)
    # and the other of who acts: two cards as well
    told_only = q.context - q.bag
    return all((a in subj and a not in comp and b in comp and b not in subj)
               or (b in subj and b not in comp and a in comp and a not in subj)
               or (a in subj and b in told_only) or (b in subj and a in told_only) for a, b in pairs)


def story_said(question: str, edition: str, ans: Answer) -> bool:
    """Whether the rule sentence ``ans`` rests on (``Answer.sentence``) says every concept the
    sentences told before the asked one name (the reader's ``Question.context``, fillers and
    implicit words aside; a concept is said when it is a kind of a word of the sentence): a
    story the verdict reads whole («у противника не осталось нелетающих тварей, одни летуны.
    моя наземная тварь может их бить …?» — 307.6 says each), not one telling a circumstance
    the sentence is silent on («у меня бестелесный гоблин … . на существо с классом можно
    поместить экипировку?»). ``False`` when the question is not read or ``ans`` has no sentence."""
    from bot.rules_text.match import _hits, _said_concepts

    L = language_()
    q = read(question, edition)
    if q is None or not ans.sentence:
        return False
    said = _said_concepts(ans.sentence)
    return all(_hits(x, said) for x in q.context
               if x.removeprefix("не ") not in L.filler and x.removeprefix("не ") not in L.implicit and x not in L.light)


def _or_value(ans: Answer | None, value) -> Answer | None:
    """``ans`` when it gives a verdict, else the value question's answer (``value()``,
    ``bot.rules_text.values``) when that gives one, else whichever says more."""
    if ans is not None and ans.verdict:
        return ans
    v = value()
    if v is not None and v.verdict:
        return v
    return ans if ans is not None else v


def _cites(main: Prop, others: list[Prop], edition: str, idx: PropIndex) -> tuple[list[str], list[str]]:
    """Citations (main paragraph first, the other fits, the exceptions and references of
    the sentence) and notes on exceptions."""
    from bot.rulebook import find_refs, load

    rb = load(edition)
    cites = list(dict.fromkeys([main.number] + [p.number for p in others]))
    notes = []
    if main.exceptions:
        notes.append("Исключения правила: " + "; ".join(f"«{e}»" for e in main.exceptions) + f" (п. {main.number}).")
    for o in overrides_of(main, idx):
        notes.append(f"Исключение: {_quote(o)}")
        cites.append(o.number)
    for n in find_refs(main.sentence):
        if n not in cites and (rb.get(n) is not None or rb.section(n) is not None):
            cites.append(n)
    return cites, notes


def _answer(question: str, q: Question, verdict: str, main: Prop, others: list[Prop], how: str,
            edition: str, idx: PropIndex, extra: list[str] | None = None) -> Answer:
    from bot.rulebook import load

    rb = load(edition)
    cites, notes = _cites(main, others, edition, idx)
    blocks = [Block("text", f"По тексту правил ({_quote(main)}).")]
    if how:
        blocks.append(Block("text", how[:1].upper() + how[1:] + "."))
    trace = [f"вопрос прочитан как: {_describe(q)}", f"подходит {_quote(main)}"]
    trace += [f"то же говорит {_quote(p)}" for p in others if p.sentence != main.sentence]
    trace += extra or []
    if notes:
        blocks.append(Block("note", "\n".join(notes)))
        trace += notes
    blocks += [Block("rule", c.text, number=n) for n in cites[:3] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=trace, sentence=main.sentence)


def _verdict(question: str, q: Question, d: Decision, truth: bool, edition: str, idx: PropIndex) -> Answer:
    size: dict[str, int] = {}
    for f in d.fits:   # the most specific paragraph first: the one naming most of the question
        size[f.prop.number] = max(size.get(f.prop.number, 0), sum(1 for x in q.bag if any(
            covers(x, w) for w in f.prop.words | {f.prop.action} | f.prop.conditions)))
    para = _paragraph_named(q, idx)
    fits = sorted(d.fits, key=lambda f: (not f.full, -size[f.prop.number], -para(f.prop.number), f.prop.number))
    main = fits[0]
    extra = [f"исключение не применяется: {_quote(p)} — {why}" for p, why in d.excepted]
    verdict = verdict_for(q, main.prop, truth)
    if main.how.startswith(WIDER) and not truth:   # «сдаться можно только в свой ход?» — not only then
        yes = _words_of(q, main.prop)[0]
        verdict = f"{'Нет' if q.positive else 'Да'}, не только: {yes} {main.how[len(WIDER):].strip(' :«»')}"
    if q.bounded and main.prop.limit is not None and main.how.startswith("в правиле не более"):
        verdict = f"{'Да' if truth else 'Нет'}, не более {main.prop.limit}"   # «только одна?» — «до трёх»
    if main.condition:   # every rule's own condition: «Да, погибает, если … или если …»
        conds = list(dict.fromkeys(_condition_words(f.condition) for f in fits if f.condition))
        verdict += ", если " + " или если ".join(conds)
    return _answer(question, q, verdict, main.prop, [f.prop for f in fits[1:]],
                   main.how, edition, idx, extra)


def _paragraph_named(q: Question, idx: PropIndex):
    """``number -> how many concepts of q`` the paragraph names in any of its sentences: of two
    paragraphs stating the same sentence (406.1, 407.1 «Если игрок в свой черёд отказался …»)
    the one naming what the question asks («авангард») comes first."""
    from bot.rules_text.values import _paragraph_words

    vi = getattr(idx, "values", None)
    words = _paragraph_words(vi) if vi is not None else {}
    return lambda number: sum(1 for x in q.bag if any(covers(x, w) for w in words.get(number, frozenset())))


def _condition_words(text: str) -> str:
    """A rule's condition as the tail of a verdict: its opener dropped («если оно стоит
    рядом с целью этого удара» -> «оно стоит рядом с целью этого удара»)."""
    text = re.split(r"(?i)\s(?:независимо|даже если|в том числе)\b", text)[0]   # what widens it is no condition
    return re.sub(r"(?i)^\s*(если|когда|пока)\s+", "", text).strip(" ,.")


def _undecided(question: str, q: Question, d: Decision) -> Answer:
    lines: list[str] = []
    if d.fits and len({f.truth for f in d.fits}) > 1:
        lines.append("Правила говорят по-разному: " + "; ".join(
            f"{_quote(f.prop)} — {'да' if f.truth else 'нет'}" for f in d.fits))
    lines += [f"{_quote(p)} — {why}" for p, why in d.excepted]
    seen: set[str] = set()
    near = [(p, why) for p, why in d.near if not (p.sentence in seen or seen.add(p.sentence))]
    lines += [f"{_quote(p)} — {why}" for p, why in near[:5]]
    cites = list(dict.fromkeys([f.prop.number for f in d.fits] + [p.number for p, _ in d.excepted]
                               + [p.number for p, _ in near[:5]]))
    if not lines:
        return None
    return Answer(question=question, route="rule_text", verdict=None,
                  blocks=[Block("note", "Однозначного ответа по тексту правил нет: ни одно предложение "
                                        "не подходит к вопросу целиком."),
                          Block("list", items=tuple(lines), title="Что говорят правила и почему этого мало")],
                  citations=cites, trace=[f"вопрос прочитан как: {_describe(q)}", *lines])


# --- «быстрое или медленное?» ------------------------------------------------------------

def _choice(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    """The option of «X — A или B?» that holds: each option asked as its own yes/no
    question; a verdict only when one option holds and the other does not."""
    from dataclasses import replace as _replace

    (a, wa), (b, wb) = q.choice
    held = []
    for concept, other, word in ((a, b, wa), (b, a, wb)):
        d = decide(_replace(q, bag=q.bag - {other}, choice=()), idx)
        held.append((d.agreed, word, d))
    if {held[0][0], held[1][0]} != {True, False}:
        return None
    truth, word, d = next(h for h in held if h[0])
    fits = sorted(d.fits, key=lambda f: (not f.full, f.prop.number))
    return _answer(question, q, word[:1].upper() + word[1:], fits[0].prop, [f.prop for f in fits[1:]],
                   fits[0].how, edition, idx)


# --- «кто …?» --------------------------------------------------------------------------------

_PERSON = re.compile(r"(?<![А-Яа-яЁё])((?:Активн|Неактивн|Перв|Втор)[а-яё]*)\s+([Ии]грок[а-яё]*)")


def _person(p: Prop) -> str | None:
    """The one player a sentence names as the doer of ``p`` («… приоритет получает Активный
    игрок» -> «Активный игрок»): an ordinal or «активный» before «игрок» in the nominative;
    ``None`` when the sentence names none or several."""
    from bot.morph import lemma
    from bot.reading.tokens import tokenize

    found = set()
    for m in _PERSON.finditer(p.sentence):
        toks, _ = tokenize(m.group(0))
        if len(toks) == 2 and toks[1].case == "nomn":
            found.add(lemma(m.group(1).casefold()))
    if len(found) != 1:
        return None
    return found.pop().capitalize() + " игрок"


def _who(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    """The player a rule names for «кто …?»: a proposition whose words cover every concept
    asked (``values.asked_concepts``; at most one of its own unnamed) and whose sentence names one player in the
    nominative; every such proposition must name the same player."""
    from bot.rules_text import values
    from bot.rules_text.match import candidates

    L = language_()
    asked = [x for x in values.asked_concepts(question, q) if x.removeprefix("не ") not in L.filler]
    if not asked:
        return None
    found: list[tuple[Prop, str]] = []
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if p.kind not in ("consequence", "fact", "modal") or not p.positive:
            continue
        words = r.req | r.opt
        if not all(any(covers(x, w) for w in words) for x in asked):
            continue
        person = _person(p)
        if person is not None and q.context and not _event_told(p, q.bag | q.context):
            continue    # «я объявил особенность … . у кого после этого приоритет?» against «Выполненное игродействие
            # …, после чего Активный Игрок вновь получает приоритет»: the story tells another event
        if person is None:
            if p.only_agent and p.kind == "modal":
                return None     # «… может только открытое существо»: the one who acts is no player
            continue
        own = {w for w in r.req if w.removeprefix("не ") not in L.implicit
               and w not in {"активный", "неактивный", "первый", "второй", "игрок"}}
        missing = sum(1 for w in own if not any(covers(x, w) for x in q.bag))
        # «… может объявить только Активный игрок в подфазу Выбора»: «только» names who, the rest
        # of the sentence restricts when — a question need not name it
        exclusive = p.only_agent and {"игрок"} <= p.only
        if (missing > 1 and not exclusive) or len(asked) < (1 if exclusive else 2):
            continue
        found.append((p, person))
    if not found or len({x for _, x in found}) != 1:
        return None
    return _answer(question, q, found[0][1], found[0][0], [p for p, _ in found[1:]], "", edition, idx)


_AFTER_WHICH = re.compile(r"(?i)(?<![а-яё])(?:после\s+чего|после\s+этого|затем)(?![а-яё])")


def _event_told(p: Prop, told: frozenset[str]) -> bool:
    """Whether ``told`` (a story's concepts) names the event ``p``'s sentence puts before its
    «после чего / после этого / затем» clause — one of that part's verbs or participles
    («Выполненное игродействие наносит эффект, удаляясь из стека, после чего …»: выполнять,
    наносить, удаляться); ``True`` when the sentence has no such clause."""
    from bot.reading.tokens import tokenize

    m = _AFTER_WHICH.search(p.sentence)
    if m is None:
        return True
    L = language_()
    toks = tokenize(p.sentence[:m.start()])[0]
    events = {L.norm(t.lemma) for t in toks if t.pos in ("VERB", "INFN", "PRTF", "GRND")}
    return not events or any(covers(x, e) for x in told for e in events)


# --- «сколько …?» ---------------------------------------------------------------------------

def _count_of(p: Prop, bound: str) -> str | None:
    """The count ``p`` states for a question asking ``bound`` (``max`` / ``min`` / ``""``)."""
    if bound == "max":
        return f"Не более {p.limit}" if p.limit is not None else None
    if bound == "min":
        return f"Не менее {p.lower}" if p.lower is not None else None
    if p.limit is not None and p.lower is not None:
        return f"Не менее {p.lower} и не более {p.limit}"
    if p.limit is not None:
        return f"Не более {p.limit}"
    if p.lower is not None:
        return f"Не менее {p.lower}"
    digits = {int(x) for x in re.findall(r"(?<![\d.])\d+(?![\d.])", p.sentence)}
    if len(set(p.numbers)) == 1 and p.numbers[0] in digits:   # «второй мулиган» is no count
        return str(p.numbers[0])
    return None


def _count(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    from bot.rules_text.match import candidates

    L = language_()
    asked = [x for x in q.bag if x.removeprefix("не ") not in L.filler]
    if not asked:
        return None
    best: list[tuple[float, int, Prop, str]] = []
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        n = _count_of(p, q.bound)
        if n is None:
            continue
        words = r.req | r.opt
        if q.counted and not any(covers(q.counted, w) for w in words):
            continue
        got = sum(1 for x in asked if any(covers(x, w) for w in words))
        missing = sum(1 for w in r.req if not any(covers(x, w) for x in q.bag | q.context))
        # every asked word named by the rule — but one («можно набрать …») when the rule names
        # the counted noun and two more of the asked words
        spare = 1 if got >= 3 and q.counted else 0
        if got + spare < len(asked) or missing >= max(2, len(r.req)):
            continue
        best.append((got / len(asked) - 0.25 * missing, -k, p, n))
    if not best:
        return None
    best.sort(key=lambda x: (-x[0], -x[1]))
    top = [b for b in best if b[0] == best[0][0]]
    special: list[str] = []
    if len({b[3] for b in top}) != 1:
        general = [b for b in top if not _names_other_term(b[2], question)]
        if general and len({b[3] for b in general}) == 1 and len(general) < len(top):
            special = [f"особый случай, о котором вопрос не говорит: {_quote(b[2])} — {b[3].lower()}"
                       for b in top if b not in general]
            top = general   # «… с особенностью «Орда» … до пяти копий»: a special case the question does not name
        else:
            d = Decision(near=[(b[2], f"в правиле {b[3].lower()}") for b in top])
            return _undecided(question, q, d)
    _, _, p, n = top[0]
    per = _per_unit(p)
    if per is not None:   # «за каждую стихию, кроме первой, … 1 кристалл»: counted on the question's own count
        unit, free = per
        many = _units_told(question, unit, idx)
        if many is None or not n.isdigit():
            return _undecided(question, q, Decision(near=[(p, f"правило считает за каждую единицу «{unit}»"
                                                              + (", кроме первой" if free else "")
                                                              + ", а в вопросе не сказано, сколько их")]))
        total = max(0, many - free) * int(n)
        how = (f"{many} × {n}" if not free else f"за каждую, кроме первой: ({many} − 1) × {n}") + f" = {total}"
        return _answer(question, q, str(total), p, [], how, edition, idx)
    phrase = _number_phrase(p.sentence)
    verdict = n + (f" («{phrase}»)" if phrase else "")
    return _answer(question, q, verdict, p, [b[2] for b in top[1:]], "", edition, idx, special)


def _names_other_term(p: Prop, question: str) -> bool:
    """The sentence names a quoted term of the edition («Орда») that ``question`` does not:
    it states a special case."""
    from bot.morph import lemma
    from bot.textnorm import fold

    asked = {lemma(w) for w in re.findall(r"[а-яё]+", fold(question))}
    for m in re.finditer(r"«([^«»]+)»", p.sentence):
        ws = [lemma(w) for w in re.findall(r"[а-яё]+", fold(m.group(1)))]
        if ws and not all(w in asked for w in ws):
            return True
    return False


_PER_UNIT = re.compile(r"(?i)\bза\s+кажд\w+\s+([а-яё]+)(?:[^.]*?\bкроме\s+перв\w+)?")


def _per_unit(p: Prop) -> tuple[str, int] | None:
    """``(unit lemma, units free)`` when the sentence states its count per unit («За
    каждую стихию в отряде, кроме первой, игрок теряет 1 кристалл» -> («стихия», 1))."""
    from bot.morph import lemma

    m = _PER_UNIT.search(p.sentence)
    if m is None:
        return None
    return lemma(m.group(1).casefold()), (1 if "кроме" in m.group(0).casefold() else 0)


def _units_told(question: str, unit: str, idx: PropIndex) -> int | None:
    """How many ``unit`` the question tells: a number before the unit's word («три
    стихии»), else the members of the unit the edition lists that the question names
    («степи, леса, горы» -> 3); ``None`` when it tells neither."""
    from bot.reading.tokens import tokenize

    L = language_()
    toks = tokenize(question)[0]
    for i, t in enumerate(toks[:-1]):
        if toks[i + 1].lemma == unit:
            if t.text.isdigit():
                return int(t.text)
            if t.lemma in L.numbers:
                return L.numbers[t.lemma]
    members = idx.lists.get(unit, frozenset())
    named = {t.lemma for t in toks if t.lemma in members}
    return len(named) or None


_NUM_PHRASE = re.compile(r"(?i)(не (?:более|больше|менее|меньше) \S+|до \S+ \S+|\b\d+\b \S+)")


def _number_phrase(sentence: str) -> str:
    return " / ".join(m.group(0).rstrip(".,;:") for m in _NUM_PHRASE.finditer(sentence))[:80]


# --- «куда / где / чей …?» ------------------------------------------------------------------

_PLACE = re.compile(r"(?i)^\s*((?:на|в|во|под|из|к)\s+[^,.;:()–—]+)")


def _place_after_verb(p: Prop) -> str:
    """The place phrase right after the sentence's verb («помещается на кладбище своего
    владельца, …» -> «на кладбище своего владельца»), ``""`` when none follows it."""
    from bot.rules_text.manner import tail_after_verb

    tail = tail_after_verb(p)
    m = _PLACE.match(tail) if tail is not None else None
    return m.group(1).strip() if m else ""


def _where(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    """A place question answered by the place phrase of the one sentence that puts what
    is asked somewhere: its action the asked verb (or the verb unnamed), every asked
    word named by it, every word of it but the place told by the question (its context
    too). Two sentences giving two places: no verdict."""
    from bot.reading.tokens import tokenize
    from bot.rules_text.manner import tail_after_verb
    from bot.rules_text.match import _hits, candidates, covered_by, _covered
    from bot.rules_text.propositions import _content

    L = language_()
    asked = [x for x in q.bag if x.removeprefix("не ") not in L.filler and x != q.action]
    told = covered_by(q.bag | q.context)
    found: dict[str, Prop] = {}
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if p.kind not in ("fact", "consequence") or not p.positive:
            continue
        if q.action and not _hits(q.action, frozenset({L.norm(p.action)})):
            continue
        place = _place_after_verb(p)
        if not place:
            continue
        tail = tail_after_verb(p) or ""
        there = {w.lstrip("~") for w in _content(tokenize(tail)[0])[0]}   # the place and what follows it
        words = r.req | r.opt
        if not all(_hits(x, words) for x in asked):
            continue
        if any(not _covered(w, told) for w in r.req - there - {L.norm(p.action), p.action}):
            continue
        found.setdefault(place, p)
    if not found:
        return None
    if len(found) > 1:
        return _undecided(question, q, Decision(near=[(p, f"здесь место — «{pl}»") for pl, p in found.items()]))
    place, p = next(iter(found.items()))
    return _answer(question, q, place[:1].upper() + place[1:], p, [], "", edition, idx)


# --- «что будет, если …?» -------------------------------------------------------------------

def _what(question: str, q: Question, idx: PropIndex, edition: str) -> Answer | None:
    from bot.rules_text.match import candidates

    L = language_()
    asked = [x for x in q.cond if x.removeprefix("не ") not in L.filler]
    if not asked:
        return None
    scored: list[tuple[float, int, Prop]] = []
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if p.kind not in ("consequence", "fact"):
            continue
        from bot.rules_text.question import clean_bag

        # the circumstance: the «если …» part, or the words of the subject («Уничтоженная карта погибает»)
        own = p.conditions or frozenset(r.req - {L.norm(p.action)})
        conds = [w for w in clean_bag(own) if w.removeprefix("не ") not in L.implicit
                 and not w.startswith("~") and w not in L.light]
        if not conds or not all(any(covers(x, w) for x in q.bag) for w in conds):
            continue
        if q.about and not all(any(covers(x, w) for w in p.words | p.conditions) for x in q.about):
            continue
        got = sum(1 for x in asked if any(covers(x, w) for w in p.conditions | p.words))
        if got * 3 < len(asked) * 2:
            continue
        if not condition_polarity_agrees(question, conds, p.condition_text):
            continue    # «если свободных клеток нет» is not met by «а свободные клетки есть»
        scored.append((got / len(asked) + 0.1 * len(conds), -k, p, frozenset(conds)))
    if not scored:
        return None
    scored.sort(key=lambda x: (-x[0], -x[1]))
    top = [s for s in scored if s[0] == scored[0][0]]
    if len({s[2].sentence for s in top}) != 1:
        return _undecided(question, q, Decision(near=[(s[2], "подходит так же, как другое предложение") for s in top]))
    p = _next_condition(question, q, top[-1], idx)
    verdict = _consequence_text(p)
    return _answer(question, q, verdict, p, [], "", edition, idx)


def _next_condition(question: str, q: Question, chosen: tuple, idx: PropIndex) -> Prop:
    """The proposition answering «что будет, если …?» once ``chosen`` (a ``_what`` score row:
    ``(score, -index, Prop, condition concepts)``) is the best: a later sentence of the same
    paragraph that speaks of the same thing by a pronoun and whose condition adds concepts the
    question states too (with their polarity) states what happens in that narrower case —
    «Если летающее существо теряет полёт, то оно помещается на свободную клетку … . Если
    свободных клеток нет, то оно погибает» (307.9 of the test edition) for «… потерял полёт, а
    свободных клеток нет». Of several such sentences the last one; ``chosen``'s own when there
    is none. ``question`` is the text as asked (its polarity is read there: the reader's
    ``q.text`` may have dropped a closing «нет»)."""
    from bot.rules_text.index import _PRONOUN
    from bot.rules_text.question import clean_bag

    L = language_()
    p, conds, at = chosen[2], chosen[3], -chosen[1]
    found = p
    for k in idx.by_number.get(p.number, ()):
        s = idx.props[k]
        if k <= at or s.sentence == p.sentence or s.kind not in ("consequence", "fact") or not s.condition_text:
            continue
        if not _PRONOUN.search(s.sentence.split(",", 1)[-1]):
            continue    # a sentence of its own subject, not the same thing again
        own = {w for w in clean_bag(s.conditions) if w.removeprefix("не ") not in L.implicit
               and not w.startswith("~") and w not in L.light}
        if not own - conds or not all(any(covers(x, w) for x in q.bag) for w in own):
            continue
        if condition_polarity_agrees(question, own, s.condition_text):
            found = s
    return found


def _consequence_text(p: Prop) -> str:
    """The main clause of the sentence (after its condition and «то»), capitalised."""
    s = re.sub(r"\s*\([^()]*\)", "", p.sentence).strip()
    m = re.search(r",\s*то\s+(.*)$", s) or re.search(r"(?i)^(?:если|когда|пока)\b.*?\s[–—-]\s+(.*)$", s)
    body = m.group(1) if m else s
    if not m and p.condition_text:
        body = re.sub(r"(?i)^\s*(если|когда|пока)\b[^,]*,\s*", "", s)
    body = re.split(r"(?<=[.!?])\s", body)[0].rstrip(". ")
    return body[:1].upper() + body[1:]


def language_():
    from bot.rules_text.language import language

    return language()


def _describe(q: Question) -> str:
    parts = [q.kind if q.kind != "modal" else q.mode, q.verb, ", ".join(_shown(w) for w in sorted(q.bag))]
    if q.condition_text:
        parts.append(f"при условии «{q.condition_text}»")
    return " | ".join(x for x in parts if x)
