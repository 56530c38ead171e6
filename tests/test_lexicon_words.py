"""Word lists of the rule-text question readers live in grammar/lexicon.yaml (``rule_question``,
``rolls``) and are joined into the readers' patterns by ``bot.vocab.alternation``."""

from __future__ import annotations

import re

import pytest

from bot.errors import RulebookError
from bot.vocab import alternation, section


def test_alternation_keeps_order_joins_phrase_words_and_opens_word_endings():
    rx = alternation(["получа*", "сколько будет", "итог"])
    assert rx == r"(?:получа[а-яё]*|сколько\s+будет|итог)"
    assert [m.group(0) for m in re.finditer(rx, "получаю итог, сколько\n будет")] == ["получаю", "итог", "сколько\n будет"]
    assert alternation(["или нет"], r"\s++") == r"(?:или\s++нет)"
    with pytest.raises(RulebookError, match="пустой список слов"):
        alternation([])


def test_rule_question_readers_take_their_words_from_the_lexicon():
    from bot.rules_text import question, rolls

    assert "никак не" in section("rule_question")["no_way"] and "на кубике" in section("rolls")["roll"]
    assert rolls._ROLL.search("на кубике 4, а модификатор +1").group(1) == "4"
    assert rolls._LOW.search("Результат не может быть меньше 1 и больше 6").group(1) == "1"
    assert rolls._HIGH.search("Результат не может быть меньше 1 и больше 6").group(1) == "6"
    assert question._TAIL_YESNO.search("можно положить симбиота на летуна, или нет?").group(1) == "?"
    assert question._QUESTION_START.match("скажите, можно ли").group(2) == "можно"
    assert question._QUESTION_START.match("а, можно ли") is None     # a comma only after «скажите»
    assert question._NO_WAY.sub("нельзя ", "никак не оплатить?") == "нельзя оплатить?"
