"""The reading route of ``ask``: a described situation read compositionally, compiled into
a judge scenario and answered by the simulator (issue 11).

``answer(question, edition)`` returns ``None`` when the question is not a situation the
reader reads completely (the later routes then try); otherwise an ``Answer``
with route ``scenario`` whose ``understood`` says «Как я понял: …», whose ``reading`` is
the compiled scenario (loadable by ``scenario run``) and whose ``unread`` is empty.
A contradictory set-up («летающий не летающий») gets «в вопросе противоречие: …»; a card
named without a kind gets a question back — never a guessed kind, never a Да/Нет.
"""

from __future__ import annotations

from bot.answer import Answer, Block
from bot.reading.compile import run_reading, understood
from bot.reading.reader import read


def _rule_blocks(numbers: list[str], edition: str) -> list[Block]:
    try:
        from bot.rulebook import load
        rb = load(edition)
    except Exception:  # noqa: BLE001 - the answer stands without quotes when the rulebook is unreadable
        return []
    return [Block("rule", c.text, number=n) for n in numbers if (c := rb.get(n)) is not None]



def unknown_kind_answer(question: str, names: list[str], unread: list[str] | None = None) -> Answer:
    """The answer to a question whose verdict depends on the kind of a card it names without
    one (issue 11: an unknown card name is a card of unknown kind — ask, do not guess): what
    was understood, and the question back — which kind it is. No verdict, no citations."""
    from bot.judge import UNKNOWN_KIND_TRACE

    said = ", ".join(f"«{n}»" for n in names)
    one = len(names) == 1
    understood = (f"Как я понял: {said} — {'карта' if one else 'карты'}, вид которой в вопросе не назван; "
                  "от вида зависит ответ.")
    return Answer(question=question, route="scenario", verdict=None,
                  blocks=[Block("text", f"Какого вида {'карта' if one else 'карты'} {said}: существо, артефакт, местность, "
                                        "симбиот, паразит или экипировка? Без этого ответить нельзя — уточните вопрос.")],
                  citations=[], trace=[f"{UNKNOWN_KIND_TRACE}: {said}"], understood=understood,   # shown once, before the blocks reading=None,
                  unread=list(unread or []))


def read_asked(question: str, read):
    """``read(question)`` when one of the simulator readers should answer it, else ``None``:
    an empty question, one another route owns (``bot.reading.scope.belongs_elsewhere``), one
    asking no property of the reader (``asked is None``) or with content words left unread."""
    from bot.reading.scope import belongs_elsewhere

    if not question or belongs_elsewhere(question):
        return None
    r = read(question)
    return None if r.asked is None or r.unread else r

def read_and_rule(question: str, read, rule):
    """``(reading, ruling)`` when a simulator reader answers ``question``: ``read_asked``
    gives a complete reading and ``rule(reading)`` — the reader's compile-and-run — gives
    a non-empty ruling; ``None`` otherwise, also when ``rule`` raises ``ScenarioError``
    (the compiled scenario does not load: no answer rather than a wrong one). The one
    entry every reader's ``answer`` shares."""
    from bot.errors import ScenarioError

    r = read_asked(question, read)
    if r is None:
        return None
    try:
        got = rule(r)
    except ScenarioError:
        return None
    return (r, got) if got else None


def simulated_answer(question: str, verdict: str, lines: list[str], cites: list[str], trace: list[str],
                     understood: str, reading: dict, edition: str) -> Answer:
    """The ``scenario``-route ``Answer`` of a reader whose compiled scenario the simulator ran:
    «Почему» (``lines``, the simulator's reasons), the first three cited paragraphs quoted,
    «Моделирование» (``trace``), ``reading`` (the scenario mapping, loadable by
    ``scenario run``) and ``unread`` empty (a reader answers only when it used every word)."""
    blocks = [Block("list", title="Почему", items=tuple(dict.fromkeys(lines))),   # a reason the steps repeat, once
              *_rule_blocks(list(cites)[:3], edition),
              Block("steps", title="Моделирование", items=tuple(trace))]
    return Answer(question=question, route="scenario", verdict=verdict, blocks=blocks, citations=list(cites),
                  trace=list(trace), understood=understood, reading=reading, unread=[])

def stated_lines(res) -> list[str]:
    """The lines «why» of a scenario run ``res``: every step's consequences that cite a paragraph."""
    return [c.line() for x in res.results for c in x.consequences if c.rules]


def refused_or_stated_lines(res) -> list[str]:
    """The lines «why» of a run ``res``: each step's reasons when it was refused, else its
    consequences — those that cite a paragraph."""
    return [c.line() for x in res.results for c in (x.reasons or x.consequences) if c.rules]


def proposition_answer(question: str, edition: str, read, rule, told, asked_ru: dict[str, str], *,
                       words: tuple[str, tuple[str, ...]] | None = None, lines=stated_lines) -> Answer | None:
    """The ``scenario``-route ``Answer`` of a proposition reader (lives, reveal, turn,
    preliminary, stack order), or ``None`` when it is not its question.

    ``words``: ``(lexicon section, word lists)`` — without a stem of them in the question
    (``bot.reading.lexicon.might_mention``, checked before tokenising) it is not the reader's;
    ``read`` / ``rule``: as ``read_and_rule`` takes them, ``rule(reading)`` giving
    ``(verdict, scenario mapping, run result, cited paragraphs)``; ``told(reading)``: what
    the reading understood, as Russian phrases, and ``asked_ru[reading.asked]`` the asked
    property — together «Как я понял: …; вопрос: ….»; ``lines(run result)``: the «Почему»
    lines (``stated_lines`` by default)."""
    if words is not None:
        from bot.reading.lexicon import might_mention

        if not question or not might_mention(question, *words):
            return None
    found = read_and_rule(question, read, rule)
    if found is None:
        return None
    r, (verdict, mapping, res, cites) = found
    understood = "Как я понял: " + "; ".join([*told(r), "вопрос: " + asked_ru[r.asked]]) + "."
    return simulated_answer(question, verdict, lines(res), cites, res.trace, understood, mapping, edition)


CARD_AWARE = True
"""``bot.judge.ask`` passes this route the question as asked plus the card mentions of the
user's card database (``cards=``), instead of the question with card names told as kinds."""


def answer(question: str, edition: str = "5ed", cards: list | None = None) -> Answer | None:
    """Answer a described situation by reading it into a scenario, or ``None``.

    Answer shape: ``understood`` («Как я понял: …»), ``verdict`` («Да, …» / «Нет, …» for a
    yes/no question, else the fate: «Симбиот погибает»), blocks (why, quoted rules,
    simulator steps, the scenario YAML), ``citations`` (most relevant first), ``reading``
    (the compiled scenario mapping), ``unread`` (``[]``).
    """
    from bot.reading.scope import belongs_elsewhere
    from bot.yesno import agree_with_negation

    if not question or belongs_elsewhere(question):
        return None
    r = read(question, cards)
    if r.asked is None:
        return None
    if r.contradictions:
        text = "в вопросе противоречие: " + "; ".join(r.contradictions)
        return Answer(question=question, route="scenario", verdict=None,
                      blocks=[Block("text", text[:1].upper() + text[1:] + ". Уточните, как на самом деле, — "
                                            "вердикт по такому описанию не даю.")],
                      citations=[], trace=[text], understood=None, reading=None, unread=list(r.unread))
    if r.unknown_names:
        from bot.reading.names import rule_word

        if any(rule_word(n, edition) for n in r.unknown_names):
            return None     # a term of this edition's rules («Страж»), not a card of unknown kind
        return unknown_kind_answer(question, r.unknown_names, list(r.unread))
    if not r.complete:
        return None
    from bot.errors import ScenarioError
    try:
        ruling = run_reading(r)
    except ScenarioError:
        return None     # the reading compiles to nothing the simulator runs (e.g. no step at all)
    if not ruling.citations:
        return None     # a conclusion without a paragraph is no answer
    if ruling.conflicts:
        text = "В вопросе противоречие с правилами: " + "; ".join(ruling.conflicts) + \
            ". Проверьте, что произошло на самом деле, — вердикт по такому описанию не даю."
        return Answer(question=question, route="scenario", verdict=None, blocks=[Block("text", text)],
                      citations=list(ruling.citations), trace=list(ruling.trace), understood=understood(r),
                      reading=ruling.scenario, unread=[])
    verdict = ruling.verdict
    a = r.asked
    if a.what in ("place", "attack", "move") and a.neg_word and verdict.startswith(("Да", "Нет")):
        verdict = agree_with_negation(verdict, a.neg_word if a.neg_word == "нельзя" else a.neg_word)
    blocks: list[Block] = []
    if ruling.lines:
        blocks.append(Block("list", items=tuple(dict.fromkeys(ruling.lines)), title="Почему"))
    blocks.extend(_rule_blocks(ruling.citations[:3], edition))
    if ruling.trace:
        blocks.append(Block("steps", items=tuple(ruling.trace), title="Моделирование"))
    return Answer(question=question, route="scenario", verdict=verdict, blocks=blocks,
                  citations=list(ruling.citations), trace=list(ruling.trace),
                  understood=understood(r), reading=ruling.scenario, unread=[])


def reading_answer(question: str, edition: str = "5ed") -> Answer:
    """Chat ``/reading ВОПРОС``: the scenario the question was read into, as YAML in a
    ``code`` block — edit it and send it back with ``/scenario``; for a question another route
    answers on a compiled scenario (a claim, card text on a board) it is the ``reading`` of
    ``bot.judge.ask``. A question read into no scenario gets a note naming the words the
    reader could not place."""
    from bot.reading.compile import dump

    a = answer(question, edition)
    if a is None or a.reading is None:
        # the question is answered through another route that still compiles a scenario (a
        # claim «противник говорит, что …, он прав?», card text on a described board): the
        # scenario ``ask`` gives in its ``reading`` is the one shown, as ``ask --json`` shows it
        from bot.judge import ask

        a = ask(question, edition)
    if a is not None and a.reading is not None:
        return Answer(question=f"/reading {question}", route="reading", verdict=None,
                      blocks=[Block("text", a.understood or ""),
                              Block("code", dump(a.reading), title="Сценарий (поправьте и отправьте: /scenario + YAML)")],
                      citations=list(a.citations))
    r = read(question)
    why = ("не понял слова: " + ", ".join(f"«{w}»" for w in r.unread)) if r.unread else \
        "в вопросе не нашёл, что спрашивается о ситуации на поле"
    return Answer(question=f"/reading {question}", route="reading", verdict=None,
                  blocks=[Block("note", f"Сценарий не составлен: {why}.")])
