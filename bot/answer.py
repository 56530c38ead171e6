"""The transport-neutral answer every route returns (docs/architecture.md, «How a message flows»).

An ``Answer`` is a verdict, ordered text blocks, citations and a trace. Renderers in
``bot/chat`` turn it into Telegram HTML, console text or JSON; nothing here knows
about a transport.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

BlockKind = Literal["text", "rule", "list", "steps", "code", "note"]


@dataclass(frozen=True)
class Block:
    """One piece of an answer.

    kind: ``text`` (plain paragraph), ``rule`` (a quoted rule paragraph; ``number`` set),
    ``list`` (``items`` are lines), ``steps`` (numbered resolution steps, ``items``),
    ``code`` (preformatted, e.g. an AST tree), ``note`` (a remark such as «не понял: …»).
    ``title`` is an optional heading. All strings are plain text (renderers escape).
    """

    kind: BlockKind
    text: str = ""
    number: str | None = None
    title: str | None = None
    items: tuple[str, ...] = ()


@dataclass
class Answer:
    """A judge's answer to one question.

    question: the text asked; route: ``rule`` | ``ability`` | ``scenario`` | ``search``;
    verdict: short ruling («Да, …», «Нет, …», «погибает») or ``None`` when the route
    derives none (search never invents one); blocks: what to show, in order;
    citations: paragraph numbers as strings, most relevant first, all of ``edition``;
    trace: step lines (each citing its paragraph) showing how the answer was reached.
    understood: «Как я понял: …» — how a described situation was read, shown before the
    verdict (scenario route); reading: the compiled scenario as a mapping (loadable by
    ``scenario run``) or ``None``; unread: the content words of the question no part of the
    reading used (``None`` when the route does not read words).
    """

    question: str
    route: str
    verdict: str | None = None
    blocks: list[Block] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    understood: str | None = None
    reading: dict | None = None
    unread: list[str] | None = None
    cards: list[dict[str, Any]] = field(default_factory=list)
    """Cards of the user's database the question names (``bot.cards.reading``):
    ``[{span, written, card: {name, kind, traits, …}}]``; empty when none."""
    sentence: str | None = None
    """The exact rule sentence a ``rule_text`` verdict rests on (issue 14); ``None`` otherwise."""
    edition: str | None = None
    """The edition every citation is from (set by ``bot.judge.ask``); ``None`` when none applies."""

    @property
    def text(self) -> str:
        """The answer as plain text (blocks joined), used for ``answer`` in JSON."""
        parts: list[str] = []
        for b in self.blocks:
            head = f"{b.title}\n" if b.title else ""
            if b.kind == "rule" and b.number:
                parts.append(f"{head}{b.number}. {b.text}".rstrip())
            elif b.items:
                body = "\n".join(b.items)
                parts.append(f"{head}{b.text + chr(10) if b.text else ''}{body}")
            else:
                parts.append(f"{head}{b.text}".rstrip())
        return "\n\n".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        """The ``ask --json`` object of docs/architecture.md:
        ``{question, route, edition, verdict, answer, citations, cited, trace, reading, unread}``:
        ``cited`` names each citation's edition (``[{number, edition}]``); ``reading`` — the
        compiled scenario (a mapping ``scenario run`` loads) when the answer rests on a read
        situation, else ``null``; ``unread`` — the content words no part of the reading used
        (``[]`` when the route reads no words). ``answer`` opens with «Как я понял: …» when
        there is one; ``cards`` is added when the question names cards of the user's database."""
        out = {
            "question": self.question,
            "route": self.route,
            "edition": self.edition,
            "verdict": self.verdict,
            "answer": (self.understood + "\n\n" + self.text).strip() if self.understood else self.text,
            "citations": list(self.citations),
            "cited": [{"number": n, "edition": self.edition} for n in self.citations],
            "trace": list(self.trace),
        }
        out["verdict_source"] = self.verdict_source
        out["sentence"] = self.sentence
        out["reading"] = self.reading
        out["unread"] = list(self.unread or [])
        if self.cards:
            out["cards"] = list(self.cards)
        return out

    @property
    def verdict_source(self) -> str | None:
        """Who produced the verdict: ``"simulator"`` (routes scenario, ability), ``"rule text"``
        (route rule_text, a sentence of the edition), ``"rulebook"`` for other routes'
        verdicts; ``None`` when there is no verdict."""
        if self.verdict is None:
            return None
        if self.route in ("scenario", "ability"):
            return "simulator"
        if self.route == "rule_text":
            return "rule text"
        return "rulebook"

    def cited_labels(self, several_editions: bool) -> list[str]:
        """Citations as shown to users: «209.5», or «209.5 (5ed)» when more than one
        edition is installed (``several_editions``) and the answer names its edition."""
        if several_editions and self.edition:
            return [f"{n} ({self.edition})" for n in self.citations]
        return list(self.citations)
