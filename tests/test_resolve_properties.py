"""Properties of the resolver on random compound structures (hypothesis): every part
gets exactly one step, every step but unparsed text cites a paragraph, and the
rules of 505 hold whatever the nesting."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.abilities.ast import Node
from bot.abilities.resolve import DEFAULT_RULES, Outcome, explain
from bot.errors import OutcomeError

KINDS = ("and_then", "choice", "otherwise", "refusable", "optional")


leaf = st.just("effect")
trees = st.recursive(leaf, lambda kids: st.tuples(st.sampled_from(KINDS), st.lists(kids, min_size=2, max_size=3)),
                     max_leaves=7)


def to_node(spec, counter):
    if spec == "effect":
        counter[0] += 1
        t = f"способность {counter[0]}"
        return Node("effect", None, (0, len(t)), t)
    kind, kids = spec
    children = tuple(to_node(k, counter) for k in kids)
    text = " / ".join(c.text for c in children)
    return Node(kind, DEFAULT_RULES[kind], (0, len(text)), text, children)


outcomes = st.builds(
    Outcome,
    failed=st.frozensets(st.integers(1, 7), max_size=3),
    illegal=st.frozensets(st.integers(1, 7), max_size=2),
    refuse=st.booleans(),
    choose=st.one_of(st.none(), st.integers(1, 7)),
)


@settings(max_examples=300, deadline=None)
@given(trees.filter(lambda t: t != "effect"), outcomes)
def test_every_part_one_step_each_with_a_paragraph(spec, outcome):
    root = to_node(spec, [0])
    try:
        e = explain(root, outcome)
    except OutcomeError:
        return  # outcome does not fit this text: a clear error is the contract
    parts = [s.part for s in e.steps if s.part is not None]
    assert sorted(parts) == list(range(1, len(e.parts) + 1))
    assert all(s.rule for s in e.steps)
    assert set(e.citations) <= {*DEFAULT_RULES.values(), "505.4.1", "505.4.2", "505.9", "302.6", "304.3"}
    # a failed or illegal part is never reported done
    for n in outcome.failed | outcome.illegal:
        assert e.part_step(n).status != "done"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["effect"]), min_size=2, max_size=5), st.integers(1, 5))
def test_and_then_nothing_after_the_first_failure_505_4(kids, k):
    root = to_node(("and_then", kids), [0])
    k = min(k, len(kids))
    e = explain(root, Outcome(failed={k}))
    assert [e.part_step(n).status for n in range(1, len(kids) + 1)] == \
        ["done"] * (k - 1) + ["failed"] * (len(kids) - k + 1)
