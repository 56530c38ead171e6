"""The honest partial answer of the reader (issue 11, «Honest»): a described situation whose
cards the reader found but some of whose content words it could not place gets no verdict — it
says which words it could not use and gives the nearest paragraphs, instead of a bare search.

Tried late by ``bot.judge.ask`` (after every route that may give a verdict, before search), so
it never takes a question another route answers. ``answer`` returns ``None`` when the reader
found no card, or used every word, or the question belongs to another route
(``bot.reading.scope.belongs_elsewhere``)."""

from __future__ import annotations

from bot.answer import Answer, Block

CARD_AWARE = True
"""``bot.judge.ask`` passes the question as asked plus the user's card mentions (``cards=``)."""


def answer(question: str, edition: str = "5ed", cards: list | None = None) -> Answer | None:
    """A ``scenario``-route ``Answer`` with ``verdict`` ``None``: the words not placed
    (``unread``), what to do about it, and the nearest paragraphs (the search route's first
    three) as ``citations``; or ``None`` (see module doc)."""
    from bot.reading.reader import read
    from bot.reading.scope import belongs_elsewhere

    if not question or belongs_elsewhere(question):
        return None
    r = read(question, cards)
    if not r.unread or not r.cards or r.contradictions or r.unknown_names:
        return None
    from bot import search

    near = search.nearest(question, edition, 3)
    words = ", ".join(f"«{w}»" for w in r.unread)
    text = (f"Вердикт не даю: не смог учесть слова вопроса — {words}. "
            "Переформулируйте вопрос или опишите ситуацию сценарием (/scenario).")
    return Answer(question=question, route="scenario", verdict=None, blocks=[Block("text", text)],
                  citations=list(near), trace=[f"не учтены слова: {', '.join(r.unread)}"], unread=list(r.unread))
