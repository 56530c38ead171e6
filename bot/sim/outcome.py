"""What a simulator step reports: reasons, consequences, verdicts — each with paragraphs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True)
class Consequence:
    """One conclusion of the simulator.

    text: Russian sentence («Симбиот «С» погибает»); rules: paragraphs that produce it,
    most relevant first; card: the card it concerns (or ``None``); result: a short
    word for verdicts («погибает», «уничтожается», «остаётся», «перемещается»…).
    """

    text: str
    rules: tuple[str, ...]
    card: str | None = None
    result: str | None = None

    def line(self) -> str:
        """``"<text> (п. 209.4)"`` for traces."""
        return f"{self.text} (п. {', '.join(self.rules)})" if self.rules else self.text


class Illegal(Exception):
    """Raised inside the engine when a request breaks a rule; carries the reasons."""

    def __init__(self, *reasons: Consequence) -> None:
        super().__init__("; ".join(r.text for r in reasons))
        self.reasons = list(reasons)


@dataclass
class StepResult:
    """The result of one scenario step (an event, a declaration, a pass, a phase).

    legal: ``False`` when the request was refused (the state is then unchanged);
    reasons: why it was refused (or why it was allowed, for legality questions);
    consequences: what happened, in order; stack: stack names after the step, bottom
    first; priority: who holds priority after it; value: a step-specific answer
    (e.g. the speed «быстрое», a count, a player); detail: a step-specific object (the
    ``bot.sim.ability.Resolution`` of a card ability that resolved in this step).
    """

    index: int
    request: str
    legal: bool = True
    reasons: list[Consequence] = field(default_factory=list)
    consequences: list[Consequence] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)
    priority: str | None = None
    value: object = None
    detail: object = None

    @property
    def cites(self) -> list[str]:
        """Paragraphs of reasons then consequences, without repeats, in order."""
        out: list[str] = []
        for c in (*self.reasons, *self.consequences):
            for r in c.rules:
                if r not in out:
                    out.append(r)
        return out

    def to_json(self) -> dict:
        """JSON form used by ``scenario run --json``."""
        return {
            "step": self.index,
            "request": self.request,
            "legal": self.legal,
            "reasons": [r.line() for r in self.reasons],
            "consequences": [c.line() for c in self.consequences],
            "stack": list(self.stack),
            "priority": self.priority,
            "value": self.value,
            "cites": self.cites,
        }


def rules_of(consequences: Iterable[Consequence]) -> list[str]:
    """Paragraph numbers of ``consequences`` in order, each once (the citations a
    list of consequences rests on)."""
    out: list[str] = []
    for c in consequences:
        for n in c.rules:
            if n not in out:
                out.append(n)
    return out
