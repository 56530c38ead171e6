"""Start-up of the long-running front ends (the Telegram bot, the console chat): what
answering needs is loaded before the first message, then the heap is frozen.

``ready(edition)`` loads the rulebook of ``edition``, its search and rule-text indexes, the
card grammar, the question lexicon and the morphology dictionary — each loaded once per
process and kept until it ends — then moves every object alive into the garbage collector's
permanent generation (``gc.freeze``): a full collection no longer walks the loaded data
(in a process holding it one took 40–130 ms, a pause inside whichever answer it fell on).
A one-shot command (``ask``, ``rule`` …) does not call it: it would load what its one
question may not need (process start to first answer < 1 s, DESIGN.md «Speed»).
"""

from __future__ import annotations

import gc


def _loaders(edition: str):
    """The loaders ``ready`` calls, in order (each remembers what it loaded)."""
    from bot import search, vocab
    from bot.abilities import grammar
    from bot.morph import analyzer
    from bot.rulebook import load
    from bot.rules_text import index

    return (lambda: load(edition), analyzer, vocab._load, grammar.load,
            lambda: search.index_for(edition), lambda: index.index_for(edition))


def ready(edition: str) -> None:
    """Load what answering on ``edition`` needs (see the module doc), then ``gc.freeze()``.
    A resource that fails to load is left to the first question needing it, which reports
    the error as it would without this start-up; never raises."""
    try:
        loaders = _loaders(edition)
    except Exception:  # noqa: BLE001 - a front end starts without its warm-up
        loaders = ()
    for load in loaders:
        try:
            load()
        except Exception:  # noqa: BLE001 - the first question that needs it tells why
            continue
    gc.collect()
    gc.freeze()
