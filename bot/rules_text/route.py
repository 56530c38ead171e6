"""The ``rule_text`` route of ``ask`` (issue 14): a yes/no or «что будет» question no
simulator model answered, read into a proposition and matched against the edition's own
sentences (``bot.rules_text.index``).

``answer(question, edition)`` returns ``None`` when the question states no proposition or
no sentence of the edition shares its action and a word (search then answers). Otherwise
an ``Answer`` with route ``rule_text``:

- one agreed fit: ``verdict`` «Да, может» / «Нет, нельзя» (a negated question answered as
  Russian speakers do: «Артефакт не может двигаться?» -> «Да, не может») or the
  consequence («Симбиот погибает»), ``sentence`` the exact sentence, ``citations`` its
  paragraph first, then overriding paragraphs (211.4 for 211.3) and the references the
  sentence makes;
- candidates that do not fit, or fits that disagree: ``verdict`` ``None``, the candidate
  sentences listed with the reason each cannot decide.
"""

from __future__ import annotations

from bot.answer import Answer, Block
from bot.rules_text.index import index_for
from bot.rules_text.match import Decision, decide, overrides_of
from bot.rules_text.propositions import Prop, read_question

_YES = {"can": ("может", "не может"), "must": ("обязан", "не обязан")}
_YES_IMPERSONAL = {"can": ("можно", "нельзя"), "must": ("обязательно", "не обязательно")}


def _words_of(q: Prop, p: Prop) -> tuple[str, str]:
    """(word for «holds», word for «does not hold») in the question's own wording."""
    if q.kind == "modal":
        table = _YES_IMPERSONAL if q.impersonal else _YES
        return table.get(q.mode, ("да", "нет"))
    verb = q.verb.removeprefix("не ").strip() or p.verb.removeprefix("не ").strip()
    return verb, f"не {verb}"


def verdict_for(q: Prop, p: Prop, truth: bool) -> str:
    """The verdict text for question ``q`` answered by ``p`` with ``truth``."""
    if q.what:
        subj = (p.subject or next(iter(sorted(p.words)), "")).capitalize()
        return f"{subj} {p.verb}".strip()
    yes, no = _words_of(q, p)
    if q.positive:
        return f"Да, {yes}" if truth else f"Нет, {no}"
    return f"Нет, {yes}" if truth else f"Да, {no}"


def _quote(p: Prop) -> str:
    return f"п. {p.number}: «{p.sentence}»"


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """Answer ``question`` from the rule text of ``edition``, or ``None`` (see the module
    docstring). Raises ``RulebookError`` for an unknown edition."""
    if not question or "?" not in question:
        return None
    qs = read_question(question)
    if not qs or len({(q.kind, q.mode, q.positive, q.what) for q in qs}) != 1:
        return None     # no proposition, or several of different kinds asked at once
    idx = index_for(edition)
    ds = [decide(q, idx) for q in qs]
    if not any(d.fits or d.near or d.excepted for d in ds):
        return None
    truths = {d.agreed for d in ds}
    if len(truths) == 1 and None not in truths:
        return _verdict(question, qs, ds, truths.pop(), edition, idx)
    k = next((i for i, d in enumerate(ds) if d.agreed is None), 0)
    return _undecided(question, qs[k], ds[k] if ds[k].agreed is None else _disagree(ds))


def _disagree(ds: list[Decision]) -> Decision:
    """The fits of several asked actions whose verdicts differ, as one undecided decision."""
    out = Decision()
    for d in ds:
        out.fits.extend(d.fits)
    return out


def _verdict(question: str, qs: list[Prop], ds: list[Decision], truth: bool, edition: str, idx) -> Answer:
    from bot.rulebook import find_refs, load

    rb = load(edition)
    q, d = qs[0], ds[0]
    fits = [f for dd in ds for f in dd.fits]
    main = d.fits[0].prop
    verdict = verdict_for(q, main, truth)
    cites = list(dict.fromkeys(f.prop.number for f in fits))
    blocks = [Block("text", f"По тексту правил ({_quote(main)}).")]
    if d.fits[0].how:
        blocks.append(Block("text", d.fits[0].how[:1].upper() + d.fits[0].how[1:] + "."))
    trace = [f"вопрос прочитан как: {_describe(x)}" for x in qs] + [f"подходит {_quote(main)}"]
    trace += [f"то же говорит {_quote(f.prop)}" for f in fits[1:] if f.prop.sentence != main.sentence]
    notes = []
    for p in main.exceptions and [main] or []:
        notes.append("Исключения правила: " + "; ".join(f"«{e}»" for e in p.exceptions) + f" (п. {p.number}).")
    for o in overrides_of(main, idx):
        notes.append(f"Исключение: {_quote(o)}")
        cites.append(o.number)
    for n in find_refs(main.sentence):
        if n not in cites and (rb.get(n) is not None or rb.section(n) is not None):
            cites.append(n)
    if notes:
        blocks.append(Block("note", "\n".join(notes)))
        trace += notes
    blocks += [Block("rule", c.text, number=n) for n in cites[:3] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=trace, sentence=main.sentence)


def _undecided(question: str, q: Prop, d: Decision) -> Answer:
    lines: list[str] = []
    if d.fits and len({f.truth for f in d.fits}) > 1:
        lines.append("Правила говорят по-разному: " + "; ".join(
            f"{_quote(f.prop)} — {'да' if f.truth else 'нет'}" for f in d.fits))
    lines += [f"{_quote(p)} — {why}" for p, why in d.excepted]
    lines += [f"{_quote(p)} — {why}" for p, why in d.near[:5]]
    cites = list(dict.fromkeys([f.prop.number for f in d.fits] + [p.number for p, _ in d.excepted]
                               + [p.number for p, _ in d.near[:5]]))
    return Answer(question=question, route="rule_text", verdict=None,
                  blocks=[Block("note", "Однозначного ответа по тексту правил нет: ни одно предложение "
                                        "не подходит к вопросу целиком."),
                          Block("list", items=tuple(lines), title="Что говорят правила и почему этого мало")],
                  citations=cites, trace=[f"вопрос прочитан как: {_describe(q)}", *lines])


def _describe(q: Prop) -> str:
    parts = [q.verb or q.action, ", ".join(sorted(q.words))]
    if q.condition_text:
        parts.append(f"при условии «{q.condition_text}»")
    return " | ".join(x for x in parts if x)
