"""The propositions of one edition, built once on first use and cached with the edition.

``index_for(edition)`` -> ``PropIndex``: every sentence of every paragraph read by
``bot.rules_text.propositions.read_sentence``, indexed by action lemma and, for
consequences, by each participant word — a question meets only the propositions that
share its verb (or, for «что будет с X», its words), never a scan of the edition.
The cache is keyed by the edition's name and the loaded ``Rulebook`` object, so an edition
re-imported and reloaded (``bot.rulebook.load.cache_clear``) is read afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, parts, read_sentence, sentences


@dataclass
class PropIndex:
    """``props`` in paragraph order; ``by_action`` action lemma -> indexes into ``props``;
    ``by_word`` participant lemma -> indexes of consequence propositions; ``overrides``
    indexes of propositions whose condition is a card's ability allowing otherwise
    («если какая-либо особенность позволяет …», the override phrases of the rule language)."""

    props: list[Prop] = field(default_factory=list)
    by_action: dict[str, list[int]] = field(default_factory=dict)
    by_word: dict[str, list[int]] = field(default_factory=dict)
    overrides: list[int] = field(default_factory=list)


def build(rb) -> PropIndex:
    """Read every paragraph of the ``bot.rulebook.Rulebook`` ``rb`` into a ``PropIndex``."""
    L = language()
    idx = PropIndex()
    for c in rb.clauses:
        for s in sentences(c.text):
            for p in (replace(p, sentence=s) for part in parts(s) for p in read_sentence(part, c.number)):
                k = len(idx.props)
                idx.props.append(p)
                idx.by_action.setdefault(p.action, []).append(k)
                if p.kind == "consequence":
                    for w in p.words:
                        idx.by_word.setdefault(w, []).append(k)
                if any(all(w in p.conditions for w in ph) for ph in L.override if ph):
                    idx.overrides.append(k)
    return idx


_CACHE: dict[str, tuple[object, PropIndex]] = {}


def index_for(edition: str) -> PropIndex:
    """The ``PropIndex`` of ``edition`` (built on first use; ``RulebookError`` for an
    unknown edition)."""
    from bot.rulebook import load

    rb = load(edition)
    hit = _CACHE.get(edition)
    if hit is not None and hit[0] is rb:
        return hit[1]
    idx = build(rb)
    _CACHE[edition] = (rb, idx)
    return idx


def clear() -> None:
    """Forget every built index (tests that replace editions)."""
    _CACHE.clear()
