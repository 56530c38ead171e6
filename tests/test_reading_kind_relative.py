"""A card told to be of another kind in a relative clause («X, который является Y»,
«X, являющийся Y») contradicts itself: a card is of one kind (artifact 210, terrain 211,
equipment 212, creature — symbiotes and parasites are creatures, 209.1). The reading
route answers «в вопросе противоречие: …» and gives no verdict."""

import pytest

from bot.judge import ask


@pytest.mark.parametrize("q", [
    "Артефакт, который является существом, может атаковать?",
    "может ли местность, являющаяся артефактом, двигаться?",
    "Шмотка, которая является существом, может ходить?",
])
def test_two_kinds_in_a_relative_clause_is_a_contradiction(q):
    a = ask(q)
    assert a.verdict is None
    text = " ".join(b.text or "" for b in a.blocks)
    assert "противоречие" in text, text


@pytest.mark.parametrize("q", [
    "Может ли артефакт, который не является существом, двигаться?",
    "Орк, который является симбиотом, может атаковать своего хозяина?",
])
def test_compatible_or_denied_kind_is_no_contradiction(q):
    text = " ".join(b.text or "" for b in ask(q).blocks)
    assert "противоречие" not in text, text
