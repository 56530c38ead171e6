"""Families of fresh phrasing the reader declined or ruled wrongly on (issue 11, read12):
events told over two or three sentences, disputes, card text with a board. Every question
here was written for its test in chat style, not taken from an evaluation set; scenario
answers are checked to run with `scenario run` (tests/reading_support.scenario_answer)."""

from __future__ import annotations

import pytest

from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ «уничтожили» as a told death
@pytest.mark.parametrize("q, lead, cite", [
    ("надел топор на варвара. потом варвара уничтожили. что с топором?", "Экипировка уничтожается", "212.3"),
    ("на гоблина противника я кинул паразита. гоблина уничтожили. паразит жив?", "Нет, паразит погибает", "209.4"),
    ("у меня симб на шамане, шамана уничтожили особенностью. симб остаётся?", "Нет, симбиот погибает", "209.4"),
])
def test_destroyed_host_is_a_host_that_left_the_battlefield(q, lead, cite):
    """«уничтожили» in a told sentence is the host leaving the battlefield, as «убили»: the
    symbiote dies (209.4), the equipment is destroyed (212.3)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_asked_destruction_is_still_the_asked_fate():
    """«уничтожится?» in the asked sentence stays the fate asked, not a told event."""
    a = scenario_answer("надел шлем на паладина. паладин стал летающим. шлем уничтожится?")
    assert a.verdict.startswith("Да"), a.verdict
    assert a.citations[0] == "212.3"


# ------------------------------------------------------------------ «где X?» after the host's event
@pytest.mark.parametrize("q, lead, cite", [
    ("кинул паразита на орка соперника. орка потом завалили. а паразит где?", "Паразит погибает", "209.4"),
    ("на моём жреце висит посох. жреца сделали бестелесным. где посох?", "Экипировка уничтожается", "212.3"),
    ("посадил симба на эльфа. эльф стал летающим. симб где теперь?", "Симбиот погибает", "209.4"),
    ("на рыцаре висит плащ. рыцаря закрыли. где плащ?", "Экипировка не уничтожается", "212.3"),
])
def test_where_after_the_hosts_event_asks_the_cards_fate(q, lead, cite):
    """«где паразит?» after an event of its host asks where the card is after it: on the host
    or gone (209.4, 212.3) — the same reading as «что с паразитом?»."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


def test_where_without_an_event_is_not_a_fate():
    """With nothing told to have happened to the host, «где симб?» is no fate question for the
    simulator (the place before reveal, 209.2, is the rule text's)."""
    from bot.judge import ask

    a = ask("где лежит симбиот до вскрытия?")
    assert a.route != "scenario" or a.reading is None or "fate" not in str(a.reading)


# ------------------------------------------------------------------ «потом» inside a clause
def test_then_between_object_and_verb_keeps_the_object_with_its_verb():
    """«орка потом вернули в колоду»: «потом» before the clause's verb is an adverb inside
    it, so the object before it is what the verb acts on (209.4)."""
    a = scenario_answer("посадил симба на орка. орка потом вернули в колоду. что с симбом?")
    assert a.verdict.startswith("Симбиот погибает"), a.verdict
    from bot.reading.tokens import tokenize

    toks, _ = tokenize("орка потом убили")
    assert len({t.clause for t in toks}) == 1
    toks, _ = tokenize("посадил симба потом орка убили")
    assert len({t.clause for t in toks}) == 2      # after a told verb «потом» still opens a clause


# ------------------------------------------------------------------ «у X Y»: the verbless «есть»
@pytest.mark.parametrize("q, lead, cite", [
    ("у моего минотавра симбиот. минотавр перестал быть существом. что с симбиотом?", "Симбиот уничтожается", "209.3"),
    ("у гнома противника мой паразит. гнома убили. паразит выжил?", "Нет, паразит погибает", "209.4"),
    ("у моего друида кольчуга. друид стал летающим. что с кольчугой?", "Экипировка уничтожается", "212.3"),
])
def test_card_of_a_creature_without_a_verb_lies_on_it(q, lead, cite):
    """«у моего минотавра симбиот» (no verb) tells the symbiote lying on the minotaur, as «у
    него есть симбиот» does (209.2, 212.1)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_verbless_possession_does_not_read_an_asked_placing():
    """«у тролля симбиот. можно положить ещё одного?» — the first symbiote lies there, the
    asked placing is not turned into a second relation (no verdict without its reading)."""
    from bot.reading.reader import read

    r = read("у моего тролля симбиот. тролля убили. что с симбиотом?")
    sym = next(c for c in r.cards.values() if c.kind == "symbiote")
    assert sym.host == next(c.key for c in r.cards.values() if c.kind == "creature")


# ------------------------------------------------------------------ «собственный» is «свой»
@pytest.mark.parametrize("q", [
    "можно кинуть паразита на собственное существо?",
    "оппонент уверяет, что паразита можно кинуть на его собственного гоблина. он прав?",
])
def test_own_creature_is_no_host_of_a_parasite(q):
    """«собственное существо» is the player's own: a parasite goes only onto a card of the
    opponent's squad (209.1) — it was read as any creature and answered «можно»."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    assert "209.1" in a.citations[:3]
