"""Who the host is after an ability puts an attached card on another creature (209.3, 212.1),
read from a told story (bot.reading.new_host): the former host after «с», the new one after
«на», a pronoun standing for the creature named last, «X её носит?» asking the host."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.reading.reader import read
from tests.reading_support import scenario_answer


@pytest.mark.parametrize("q,start,cite", [
    ("противник эффектом поместил мою шмотку на своё существо. оно теперь её хозяин?", "Да", "212.1"),
    ("особенность переложила мою шмотку с орка на гнома. орк её носит?", "Нет", "212.1"),
    ("я эффектом переложил свою шмотку с гнома на эльфа. эльф теперь хозяин?", "Да", "212.1"),
    ("я эффектом переложил свою шмотку с гнома на эльфа. гном остался хозяином?", "Нет", "212.1"),
    ("особенностью перенёс своего симба с орка на тролля. орк его хозяин?", "Нет", "209.3"),
])
def test_the_new_host_is_the_creature_after_na(q, start, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(start) and a.citations[0] == cite, (q, a.verdict, a.citations)


def test_the_creature_after_s_is_the_former_host():
    r = read("я особенностью поместил экипировку с одного своего сущ на другое своё. кто теперь её хозяин?")
    assert r.asked.what == "host" and r.unread == []
    subj = r.cards[r.asked.card]
    assert subj.kind == "equipment" and subj.host != r.asked.on
    assert [t.text for t in r.tokens if subj.host in (r.cards[subj.host].key,) and t.i in r.cards[subj.host].mentions] == ["сущ"]
    assert r.cards[r.asked.on].owner == "me"
    assert len(r.cards) == 3


def test_the_same_host_asked_again_after_the_question_mark_is_read():
    a = scenario_answer("я эффектом переложил свою шмотку с гнома на эльфа. гном её еще носит? кто теперь хозяин")
    assert a.verdict.startswith("Нет") and "«Эльф»" in a.verdict


NAMES = ["орк", "гном", "эльф", "тролль", "рыцарь", "маг"]
ACC = {"орк": "орка", "гном": "гнома", "эльф": "эльфа", "тролль": "тролля", "рыцарь": "рыцаря", "маг": "мага"}


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(["шмотку", "симба"]), pair=st.permutations(NAMES), ask_new=st.booleans(),
       verb=st.sampled_from(["переложил", "переместил", "поместил"]), form=st.integers(0, 2))
def test_host_after_a_told_placing_equals_the_simulator(kind, pair, ask_new, verb, form):
    old, new = pair[0], pair[1]
    who = new if ask_new else old
    asked = [f"{who} теперь хозяин?", f"{who} её носит?" if kind == "шмотку" else f"{who} его носит?",
             f"{who} остался хозяином?"][form]
    q = f"я особенностью {verb} свою {kind} с {ACC[old]} на {ACC[new]}. {asked}"
    a = scenario_answer(q)
    # the simulator puts the card on the new creature: it becomes the host, the former one stops being it (209.3, 212.1)
    assert a.verdict.startswith("Да" if ask_new else "Нет"), (q, a.verdict)
    assert a.reading["steps"][-1]["place"]["on"].lower().endswith(new[:3]) or new.capitalize() in str(a.reading)
