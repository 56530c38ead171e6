"""Navigation buttons under a paragraph and the «who cites it» view.

Buttons are described transport-neutrally (``handlers.Button``); the Telegram
layer turns them into an inline keyboard whose presses come back as
``handlers.callback(data)``. Callback data is compact: ``r:N`` a paragraph,
``s:N`` a section with its children, ``c:N`` the paragraphs citing N.
Everything comes from the rulebook's structure (``Rulebook.neighbours``,
``section``, ``cited_by``); no rules logic here.
"""

from __future__ import annotations

from bot.answer import Answer, Block
from bot.errors import RulebookError
from bot.rulebook import Rulebook, load, parse_number


def _rulebook(edition: str) -> Rulebook | None:
    try:
        return load(edition)
    except RulebookError:
        return None


def buttons_for(answer: Answer, edition: str) -> list[list["Button"]]:
    """Buttons for a ``rule`` answer whose first citation is a paragraph or section.

    Paragraph N: [◀ prev] [next ▶] / [§ section] [cited by (k)]; section S:
    [◀ previous section] [next section ▶]. Any other answer: no buttons.
    """
    from bot.chat.handlers import Button

    if answer.route != "rule" or not answer.citations:
        return []
    rb = _rulebook(edition)
    if rb is None:
        return []
    number = parse_number(answer.citations[0]) or ""
    clause = rb.get(number)
    if clause is not None:
        prev, nxt = rb.neighbours(clause.number)
        row1 = []
        if prev is not None:
            row1.append(Button(f"◀ {prev.number}", f"r:{prev.number}"))
        if nxt is not None:
            row1.append(Button(f"{nxt.number} ▶", f"r:{nxt.number}"))
        row2 = [Button(f"Раздел {clause.section}", f"s:{clause.section}")]
        cited = rb.cited_by(clause.number)
        if cited:
            row2.append(Button(f"Ссылаются ({len(cited)})", f"c:{clause.number}"))
        return [r for r in (row1, row2) if r]
    numbers = [s.number for s in rb.sections]
    if number in numbers:
        i = numbers.index(number)
        row = []
        if i > 0:
            row.append(Button(f"◀ Раздел {numbers[i - 1]}", f"s:{numbers[i - 1]}"))
        if i + 1 < len(numbers):
            row.append(Button(f"Раздел {numbers[i + 1]} ▶", f"s:{numbers[i + 1]}"))
        return [row] if row else []
    return []


def back_buttons(number: str) -> list[list["Button"]]:
    """A single «back to paragraph N» button row."""
    from bot.chat.handlers import Button

    return [[Button(f"↩ {number}", f"r:{number}")]]


def cited_by_answer(number: str, edition: str) -> Answer:
    """The paragraphs whose text references ``number``, each quoted in full.

    Route ``rule``; citations are the citing paragraphs in rulebook order. A
    number that does not exist gives a Russian note naming the nearest numbers.
    """
    q = f"Какие пункты ссылаются на {number}?"
    rb = _rulebook(edition)
    if rb is None:
        return Answer(question=q, route="error", blocks=[Block("note", f"Нет редакции правил «{edition}».")])
    if rb.get(number) is None and rb.section(number) is None:
        near = ", ".join(rb.nearest(number))
        return Answer(question=q, route="error", blocks=[Block("note", f"Пункта {number} нет в правилах." + (f" Ближайшие: {near}." if near else ""))])
    cited = rb.cited_by(number)
    if not cited:
        return Answer(question=q, route="rule", blocks=[Block("note", f"На пункт {number} не ссылается ни один пункт правил.")], citations=[number])
    blocks = [Block("text", f"На пункт {number} ссылаются:")]
    for n in cited:
        c = rb.get(n)
        if c is not None:
            blocks.append(Block("rule", c.text, number=c.number))
    return Answer(question=q, route="rule", blocks=blocks, citations=cited)
