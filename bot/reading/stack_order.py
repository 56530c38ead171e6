"""The order of the stack and the end of a phase read as a proposition (issue 11, 302.6–302.8,
408.2): which action is the top one («какое игродействие в стеке верхнее?»), does the top
resolve first («сначала выполняется нижнее?»), can two be top at once, when a phase ends
(«когда заканчивается фаза?», «оба спасовали, а стек пуст — что дальше?»), and when the
payment is made («оплата происходит до выполнения?», «игродействие без стека требует
оплаты?»).

``answer`` compiles the reading into a ``scenarios/`` mapping — two game actions declared
one after the other, then both players pass (or both pass on an empty stack, or a movement
resolves and is paid) — runs it with the strict loader and reads the verdict off what lies
on the stack and what resolves. Every content word must be used, else ``None``. Words:
section ``stack_order`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.game_actions.model import ME, OPP
from bot.reading.game_actions.scenarios import board_state, declare_step, run_checked
from bot.reading.lexicon import section_sets
from bot.reading.tokens import Tok, tokenize
from bot.vocab import words as vocab_words


def _w() -> dict[str, frozenset[str]]:
    return section_sets("stack_order")


@dataclass
class OrderReading:
    """``asked``: ``which_top`` | ``top_first`` | ``tops_count`` | ``phase_end`` | ``paid`` |
    ``no_stack_payment``; ``claim`` for a yes/no question (``top`` / ``bottom`` first, ``after``
    / ``before`` for the payment); ``yes_no``; ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    claim: str | None = None
    yes_no: bool = True
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


_WH = frozenset("какое какой что когда сколько".split())


def _picked(toks: list[Tok], w: dict[str, frozenset[str]]) -> dict[str, list[Tok]]:
    """``{list name: the tokens of toks in that word list (by lemma or as written), in order}``
    in one pass over the words (``_lists_of``), not one pass per list."""
    by_word = _lists_of(w)
    out: dict[str, list[Tok]] = {}
    for t in toks:
        names = by_word.get(t.lemma, ())
        if t.text != t.lemma:
            more = by_word.get(t.text, ())
            if more:
                names = dict.fromkeys((*names, *more))
        for name in names:
            out.setdefault(name, []).append(t)
    return out


_LISTS_OF: list = [None, {}]


def _lists_of(w: dict[str, frozenset[str]]) -> dict[str, tuple[str, ...]]:
    """``{word: names of the lists of w holding it}``, built once per loaded section."""
    if _LISTS_OF[0] is not w:
        by_word: dict[str, list[str]] = {}
        for name, ws in w.items():
            for x in ws:
                by_word.setdefault(x, []).append(name)
        _LISTS_OF[:] = [w, {x: tuple(ns) for x, ns in by_word.items()}]
    return _LISTS_OF[1]


def read(question: str) -> OrderReading:
    """Read ``question`` into an ``OrderReading`` (``asked`` ``None``: not this module's)."""
    w = _w()
    toks, ends = tokenize(question)
    asked_sent = max((k for k, e in enumerate(ends) if "?" in e), default=max((t.sent for t in toks), default=0))
    r = OrderReading(question, toks)
    sent = [t for t in toks if t.sent == asked_sent]

    def has(name: str, t: Tok) -> bool:
        return t.lemma in w[name] or t.text in w[name]

    picked = _picked(toks, w)

    def pick(name: str) -> list[Tok]:
        return list(picked.get(name, ()))

    texts = [t.text for t in sent]
    r.yes_no = "ли" in texts or not any(x in _WH for x in texts)
    top, bottom, stack, resolve = pick("top"), pick("bottom"), pick("stack"), pick("resolve")
    passes, empty, phase, end = pick("pass"), pick("empty"), pick("phase"), pick("end")
    pay, before, after, many = pick("payment"), pick("before"), pick("after"), pick("many")
    action = pick("action")
    choice = "или" in texts
    use = r.used.update
    use(t.i for t in sent if t.text in ("ли", "в", "может", "могут", "можно", "так", "что", "когда", "или", "какое", "какой",
                                         "сколько", "из", "них", "это", "бывает"))
    use(t.i for t in toks if has("is_verbs", t))
    # «оплачиваю сразу при объявлении»: paid at the declaration, before the resolution (302.6)
    declaring = [t for t in pick("at_declaring") if t.i >= 1 and toks[t.i - 1].text in ("при", "во")]
    if pay and declaring and not after:
        before = before + declaring
        use(t.i for t in declaring)
        use(t.i - 1 for t in declaring)
        use(t.i for t in toks if t.text == "сразу" and t.clause == declaring[0].clause)
    if sent and [t.text for t in sent] in (["так", "правильно"], ["это", "правильно"], ["так", "верно"], ["это", "верно"]):
        use(t.i for t in sent)      # «… . так правильно?»: the told practice asked yes or no
    if pay and (before or after) and not stack:
        r.asked, r.claim = "paid", ("before" if before else "after") if r.yes_no else None
        use(t.i for t in pay + before + after + resolve + action)
    elif pay and stack and any(t.text == "не" or (t.text == "без" and toks[t.i + 1:t.i + 2] and has("stack", toks[t.i + 1]))
                               for t in toks):
        # «игродействие, не использующее стек, требует оплаты?», «игродействия без стека требуют оплаты?»;
        # a negated predicate («… не требуют оплаты?») is told apart by bot.yesno.settle
        r.asked = "no_stack_payment"
        use(t.i for t in pay + stack + action)
        use(t.i for t in toks if t.text in ("не", "без") or t.lemma in ("использовать", "требовать", "расчёт", "расчет", "и"))
    elif phase and end and not r.yes_no:
        r.asked = "phase_end"
        use(t.i for t in phase + end)
    elif passes and empty and stack:
        r.asked = "phase_end"       # «оба спасовали, а стек пустой — что дальше?»
        use(t.i for t in passes + empty + stack)
        use(t.i for t in toks if t.lemma in ("оба", "игрок", "если", "а", "быть", "при", "подряд") or t.text == "дальше")
    elif top and stack and many and not any(t.lemma == "какой" for t in sent):
        r.asked = "tops_count"
        use(t.i for t in top + stack + many + action)
        use(t.i for t in toks if t.lemma in ("оказаться", "быть", "являться"))
    elif (top or bottom) and stack and resolve:
        r.asked = "top_first"
        use(t.i for t in top + bottom + stack + resolve + action + pick("first"))
        if r.yes_no and not choice:
            first = pick("first")
            subj = (top + bottom)[0]
            r.claim = "top" if has("top", subj) else "bottom"
            if not first:
                return r
    elif top and stack and not r.yes_no:
        r.asked = "which_top"
        use(t.i for t in top + stack + action + pick("put"))     # «в стек положили моё, потом его»: the order told
        two = [t for t in toks if t.text in ("два", "две")]
        if two:
            use(t.i for t in two)
            use(t.i for t in toks if t.text in ("броска", "кубика", "лежат") or t.lemma in ("бросок", "кубик", "лежать"))
    stop, filler = vocab_words("stop_words"), vocab_words("filler")
    r.unread = list(dict.fromkeys(t.text for t in toks if t.i not in r.used and not t.quote and not t.text.isdigit()
                                  and (t.text in ("не", "ни") or not ((t.text in stop or t.lemma in filler)
                                                                     and t.lemma not in w["content"]))))
    return r


def _ruling(r: OrderReading) -> tuple[str, dict, object, list[str]] | None:
    title = "Вопрос: " + " ".join(r.question.split())[:120]
    if r.asked in ("which_top", "top_first", "tops_count"):
        steps = [declare_step("dice_roll", ME), declare_step("sudden_action", ME), {"pass": ME}, {"pass": OPP}]
        m, res = run_checked(title, board_state(ME, ME, []), steps, lambda rs: {"steps": [{"step": 2, "stack": rs[1].stack},
                                                                                {"step": 4, "value": rs[3].value}]})
        on, done = res.results[1].stack, res.results[3].value
        if len(on) != 2 or done != on[-1]:
            return None     # the last declared is not the one that resolved: the model says nothing here
        fact = "верхнее — то, что помещено в стек последним; оно выполняется первым"
        cites = ["302.7", "303.4"]
        if r.asked == "which_top":
            return "Верхнее — то, что помещено в стек последним; оно выполняется первым", m, res, cites
        if r.asked == "tops_count":
            one = "в каждый момент верхним в стеке может быть только одно игродействие — помещённое последним"
            return (f"Нет, {one}" if r.yes_no else f"Одно: {one}"), m, res, cites
        if r.yes_no:
            return f"{'Да' if r.claim == 'top' else 'Нет'}, {fact}", m, res, cites
        return f"Верхнее: {fact}", m, res, cites
    if r.asked == "phase_end":
        m, res = run_checked(title, board_state(ME, ME, []), [{"pass": ME}, {"pass": OPP}], lambda rs: {"steps": [{"step": 2, "value": rs[1].value}]})
        if res.results[1].value != "phase_end":
            return None
        return ("Фаза (подфаза) завершается, когда в стеке нет игродействий и оба игрока последовательно спасовали",
                m, res, ["408.2", "302.8"])
    if r.asked == "paid":
        from bot.reading.game_actions.scenarios import payment_run

        x = payment_run(title)
        cons = x.result.results[2].consequences
        pay = max((k for k, c in enumerate(cons) if "302.6" in c.rules), default=None)
        done = next((k for k, c in enumerate(cons) if c.result == "перемещается"), None)
        if pay is None or done is None:
            return None
        after = pay > done
        fact = "оплата — последняя часть игродействия: она производится после его выполнения"
        if r.yes_no:
            return f"{'Да' if (r.claim == 'after') == after else 'Нет'}, {fact}", x.mapping, x.result, ["302.6", "301.1"]
        return ("После выполнения: " if after else "До выполнения: ") + fact, x.mapping, x.result, ["302.6", "301.1"]
    if r.asked == "no_stack_payment":
        m, res = run_checked(title, board_state(ME, ME, []), [declare_step("rule_effect", ME)],
                      lambda rs: {"steps": [{"step": 1, "stack": rs[0].stack, "results": []}]})
        s = res.results[0]
        if s.stack or any("302.6" in c.rules for c in s.consequences):
            return None
        return ("Нет, игродействие, не использующее стек, выполняется сразу после объявления — без расчёта и оплаты",
                m, res, ["302.4", "302.5"])
    return None


_ASKED_RU = {"which_top": "какое игродействие в стеке верхнее", "top_first": "что выполняется первым",
             "tops_count": "сколько игродействий может быть верхними", "phase_end": "когда завершается фаза",
             "paid": "когда производится оплата", "no_stack_payment": "требует ли оплаты игродействие без стека"}


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The stack-order / phase-end / payment question answered by the simulator, or ``None``."""
    from bot.reading.route import proposition_answer, stated_lines

    return proposition_answer(question, edition, read, _ruling, lambda r: [], _ASKED_RU,
                              lines=lambda res: stated_lines(res)[-6:])
