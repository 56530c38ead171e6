"""The word lists the card-board reader (bot.sim.board_text) derives from the lexicon are made
once per lexicon load and keep the lexicon's words (``_has`` finds a list by identity)."""

from bot.sim import board_text as bt
from bot.vocab import section


def test_derived_lists_are_made_once_and_hold_the_lexicon_words():
    w = bt._words()
    got = bt._derived("creature-сущ", w["creature"])
    assert got is bt._derived("creature-сущ", w["creature"])
    assert got == tuple(c for c in w["creature"] if c != "сущ")
    assert bt._derived("creature-target", w["creature"], w["target"]) == \
        tuple(c for c in w["creature"] if c not in w["target"])
    assert bt._derived("other+not_cards", w["other"], w["quantity"]["not_cards"]) == \
        (*w["other"], *w["quantity"]["not_cards"])


def test_a_list_derived_from_other_words_is_made_anew():
    a = bt._derived("creature-сущ", ["сущ", "юнит"])
    assert a == ("юнит",)
    assert bt._derived("creature-сущ", ["сущ", "тварь"]) == ("тварь",)


def test_extra_lives_stems_are_the_lexicon_ones_one_tuple():
    got = bt.section_extra_lives()
    assert got is bt.section_extra_lives()
    assert list(got) == list(section("card_board")["extra_lives"])


def test_a_restriction_needs_a_number_in_digits():
    from bot.sim.ability import numeric_restrictions

    assert numeric_restrictions("существо стоимостью три или меньше") == []
    assert numeric_restrictions("существо стоимостью 3 или меньше")[0][:3] == ("cost", "<=", 3)
