"""The scenario route's concept matcher looks patterns up by their first item
(word, stem prefix, lemma) instead of trying every pattern of the token's first
letter: on the tokens of many questions it finds the same concepts, at the same
positions, in the same order as trying every pattern."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.morph import lemma
from bot.sim import route
from bot.textnorm import fold

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _plain(tokens: tuple[str, ...], word_pats, lemma_pats):
    found: dict[str, list[int]] = {}
    spans: dict[str, set[int]] = {}
    for i, tok in enumerate(tokens):
        cands = [x for x in word_pats if x[1][0][:1] == tok[:1]] + [x for x in lemma_pats if x[1][0][1:2] == lemma(tok)[:1]]
        for concept, items in cands:
            n = len(items)
            if i + n <= len(tokens) and all(route._item_match(items[k], tokens[i + k]) for k in range(n)):
                if i not in found.setdefault(concept, []):
                    found[concept].append(i)
                spans.setdefault(concept, set()).update(range(i, i + n))
    return found, spans


def test_indexed_matcher_equals_trying_every_pattern():
    from benchmarks.questions import generate
    from bot.rulebook import load

    pats = [(c, tuple(x if x.startswith("=") else fold(x) for x in p.split())) for c, ps in route.CONCEPTS.items() for p in ps]
    word_pats = [(c, it) for c, it in pats if not it[0].startswith("=")]
    lemma_pats = [(c, it) for c, it in pats if it[0].startswith("=")]
    questions = [q.text for q in generate(200, 8, load()) if len(q.text) < 400]
    checked = 0
    for text in questions:
        tokens = tuple(route._tokens(text))
        got = route._concepts_cached(tokens)
        want = _plain(tokens, word_pats, lemma_pats)
        assert list(got[0].items()) == list(want[0].items()), text
        assert got[1] == want[1], text
        checked += bool(want[0])
    assert checked > 60
