"""``Language.broader_named`` (one pass) names exactly the words of a bag that another word of
it is a kind of — what ``clean_bag`` drops — as the pairwise ``is_kind_of`` test does."""

import random

from bot.rules_text.language import language


def _pairwise(L, words):
    return {b for b in words if any(o != b and L.is_kind_of(o, b) for o in words)}


def test_broader_named_agrees_with_the_pairwise_test():
    L = language()
    vocab = sorted(set(L.broader) | {b for v in L.broader.values() for b in v}
                   | {"сработать", "срабатывать", "закрыть", "закрывать", "получить", "получать", "шмотка"})
    rng = random.Random(7)
    for _ in range(3000):
        words = {rng.choice(vocab) for _ in range(rng.randint(0, 10))}
        assert L.broader_named(words) == _pairwise(L, words), sorted(words)


def test_both_aspects_of_one_verb_name_each_other():
    L = language()
    assert L.broader_named({"сработать", "срабатывать", "карта"}) >= {"сработать", "срабатывать"}
