"""Property tests: over arbitrary and mutated card text ``parse`` returns a well-formed
``ParseResult`` or raises ``ParseError`` — nothing else, and nothing is dropped."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.abilities.ast import COMPOUND_KINDS, LEAF_KIND, STRUCTURE_KINDS, ParseResult
from bot.abilities.parser import parse, parse_answer
from bot.answer import Answer
from bot.errors import ParseError

DATA = Path(__file__).resolve().parent / "data"
CORPUS = [ln.replace("\\n", "\n") for ln in (DATA / "cards.txt").read_text(encoding="utf-8").splitlines()
          if ln.strip() and not ln.startswith("#")]

# pieces card text is made of, to build and mutate plausible texts
PIECES = ["{tap}", "{counter}", "{instant}", "X", ":", "; ", " – ", " — ", " - ", ", при этом ", ", либо ",
          " или ", " и ", "может ", "не ", ", в противном случае – ",
          "; если противник не может или не хочет этого сделать – ", "При гибели — ", "Когда ", "Пока ",
          "Если ", "Строй: ", "Воздействие «удар» — ", "«", "»", "(", ")", "(1 раз за ход)", ".", "\n",
          "ранить", "существо", "на 2", "получить фишку", "себя", "уничтожить", "вернуть в колоду",
          "Броня 2", ",", "ё", "Х", "[:tap]", '"', "★", "  "]

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(text: str) -> None:
    try:
        res = parse(text)
    except ParseError as err:
        assert isinstance(err, ValueError)
        assert isinstance(err.position, int) and err.position >= 0
        assert re.search(r"[А-Яа-я]", str(err))
        return
    assert isinstance(res, ParseResult)
    norm = res.text
    assert res.ast is not None
    assert res.complete == (not res.unparsed)
    kinds = set(COMPOUND_KINDS) | set(STRUCTURE_KINDS) | {LEAF_KIND}
    for n in res.ast.walk():
        assert n.kind in kinds
        s, e = n.span
        assert 0 <= s <= e <= len(norm) and norm[s:e] == n.text
        for c in n.children:
            assert s <= c.span[0] <= c.span[1] <= e
        if n.kind in COMPOUND_KINDS:
            assert n.rule and n.rule.startswith("505.")
            assert n.children
    # nothing dropped: every letter or digit lies inside a node below the card level
    # (a leaf, or a header / connective / cost of its node) or inside an unparsed span
    covered = [False] * len(norm)
    spans = [n.span for n in res.ast.walk() if n.kind != "card"] + [u.span for u in res.unparsed]
    for u in res.unparsed:
        assert norm[u.span[0]:u.span[1]] == u.text and u.reason
    for s, e in spans:
        for i in range(s, e):
            covered[i] = True
    lost = [i for i, ok in enumerate(covered) if not ok and norm[i].isalnum()]
    assert not lost, (norm, lost)


@SETTINGS
@given(st.text(max_size=300))
def test_arbitrary_text(text):
    _check(text)


@SETTINGS
@given(st.lists(st.sampled_from(PIECES), max_size=25).map("".join))
def test_texts_built_from_card_pieces(text):
    _check(text)
    ans = parse_answer(text)
    assert isinstance(ans, Answer) and ans.route == "parse"
    assert all(re.fullmatch(r"505(\.\d+)+", c) for c in ans.citations)


@SETTINGS
@given(st.sampled_from(CORPUS), st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3),
                                                    st.sampled_from(PIECES + list("«»(){}:;.,–-!?")))
                                          , max_size=4))
def test_mutated_corpus_texts(text, edits):
    for pos, cut, piece in edits:
        pos = pos % (len(text) + 1)
        text = text[:pos] + piece + text[pos + cut:]
    _check(text)
