"""A question about game actions read as a proposition (issue 11): which game action is
named (a kind — «бросок кубика», «в начале боя» — or any game action of a speed / stack
class — «медленное игродействие», «игродействие, которое использует стек»), what the
question tells about the stack and priority («стек не пуст», «в ответ на атаку», «я объявил
…», «оба спасовали», «в начале новой подфазы»), and the asked property:

- ``uses_stack`` — «X использует стек?», «X идёт в стек или сразу выполняется?» (302.3, 302.5);
- ``speed`` — «X — медленное или быстрое?», «X — быстрое игродействие?» (304.2, 304.3);
- ``is_action`` — «X является игродействием?», «пас — это игродействие?» (301.1, 303.2);
- ``legal`` — «можно ли объявить X, если стек не пуст / в ответ на Y?» (304.1, 303.3);
- ``priority`` — «у кого приоритет после …?», «приоритет переходит к противнику?» (303);
- ``which_stack`` — «какие игродействия используют стек?» (302.3, 302.5).

``read(question)`` returns an ``ActionReading`` (or ``None`` when the question names no such
proposition); ``compile_reading`` turns it into a ``scenarios/`` mapping — the board, what
lies on the stack, who is active and holds priority, one step per told event and the asked
step — and ``answer`` runs it with the strict scenario loader and reads the verdict off the
results. A class of game actions is run once per kind of the class: the verdict is given
only when every kind gives the same result, otherwise the answer says which kinds differ.
Every content word of the question must be used, else the route declines (``None``).
Words: section ``game_actions`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from bot.answer import Answer, Block
from bot.reading.game_actions.asked import read
from bot.reading.game_actions.model import ActionReading, Mention
from bot.reading.game_actions.scenarios import compile_runs
from bot.reading.game_actions.verdicts import verdict_of, understood

__all__ = ["ActionReading", "Mention", "answer", "compile_runs", "read"]


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The game-action question answered by the simulator, or ``None`` (no property of this
    module asked, a content word unread, or no scenario that answers it)."""
    from bot.reading.route import read_and_rule

    found = read_and_rule(question, read, compile_runs)
    if found is None:
        return None
    r, runs = found
    got = verdict_of(r, runs)
    if got is None:
        return None
    verdict, lines, cites = got
    if r.neg_word and r.asked in ("legal",) and r.yes_no:
        from bot.yesno import agree_with_negation
        verdict = agree_with_negation(verdict, r.neg_word)     # «нельзя объявить …?» answered about the ban asked
    from bot.reading.route import _rule_blocks

    blocks = [Block("list", title="Почему", items=tuple(lines[:6]))] if lines else []
    blocks.extend(_rule_blocks(cites[:3], edition))
    trace = [t for x in runs for t in x.result.trace]
    blocks.append(Block("steps", title="Моделирование", items=tuple(trace[:40])))
    reading = runs[0].mapping if len(runs) == 1 else {**runs[0].mapping, "description": "Первый из сценариев вопроса; "
                                                      "остальные — те же шаги для видов: " + ", ".join(x.kind for x in runs[1:])}
    return Answer(question=question, route="scenario", verdict=verdict, blocks=blocks, citations=cites, trace=trace,
                  understood=understood(r, runs), reading=reading, unread=[])
