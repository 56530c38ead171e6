"""Patterns rewritten to stay linear on thousands of line breaks (qa5: «« + 19,000 line
breaks» took minutes in ``ask``; a card text with 16,000 line breaks 14 s in ``parse``).
Each rewrite is checked against the pattern it replaced on generated text: same result."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from bot import textnorm
from bot.rules_text import question

PIECES = [" ", "\n", "\t", ".", ",", "-", "–", "— ", "1 ", "12 ", "X ", "{tap}", "{counter}", ":", " к", " от", "a",
          "Ранить", " (1 раз)", "?", "!", "да", "нет", " ли", "можно", "или нет", "же", "а ", "так ", "норм", "\n "]
texts = st.lists(st.sampled_from(PIECES), max_size=16).map("".join)

OLD_MINUS = re.compile(r"(^|[.\n]\s*)[–-] (?=\d+ (?:к|от)\b)")
OLD_COUNT = re.compile(r"(^|[.\n]\s*)(X|\d+) (?=\{[a-z0-9_]+\}[{}a-z0-9_ ]*(\([^()\n]*\)\s*)?:)")
OLD_TAIL_CAN = re.compile(r"[,\s—–-]*(а\s+)?(так\s+)?(можно|норм|нормально|законно|легально|могу|разрешено)\s*(ли\s*)?[?!.\s]*$")
OLD_TAIL_YESNO = re.compile(r"(?i)[,\s]+(?:или\s+нет|да|нет|ведь|же|ж)\s*([?!.]*)\s*$")


def _opening(pattern: re.Pattern, keep, text: str) -> str:
    return pattern.sub(lambda m: keep(m) if textnorm._opens_sentence(m) else m.group(0), text)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_sentence_opening_minus_and_count_as_before(text):
    assert _opening(textnorm._SPACED_MINUS, lambda m: m.group(1) + "-", text) == OLD_MINUS.sub(r"\1-", text)
    assert _opening(textnorm._SPACED_COUNT, lambda m: m.group(1) + m.group(2), text) == OLD_COUNT.sub(r"\1\2", text)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_question_tails_as_before(text):
    for new, old in ((question._TAIL_CAN, OLD_TAIL_CAN), (question._TAIL_YESNO, OLD_TAIL_YESNO)):
        a, b = new.search(text), old.search(text)
        assert (a and a.span()) == (b and b.span()), (text, new.pattern)
        assert new.sub("", text) == old.sub("", text)


def test_a_run_of_blank_lines_in_card_text_reads_as_one_blank_line():
    assert textnorm.normalize_card_text("Ранить на 2.\n\nПолучить фишку.") == "Ранить на 2.\n\nПолучить фишку."
    assert textnorm.normalize_card_text("Ранить на 2." + "\n \n" * 3000 + "Получить фишку.") == "Ранить на 2.\n\nПолучить фишку."


def test_card_text_with_thousands_of_line_breaks_parses_like_one_blank_line():
    from bot.abilities.parser import parse

    many = parse("Ранить выбранное существо на 2." + "\n" * 19000 + "Получить фишку.")
    one = parse("Ранить выбранное существо на 2.\n\nПолучить фишку.")
    assert many.complete and many.to_json()["ast"] == one.to_json()["ast"]


def test_an_open_quote_before_thousands_of_line_breaks_is_answered():
    from bot.judge import ask

    a = ask("«" + "\n" * 19000 + "можно ли положить симбиота на летающее существо?")
    plain = ask("можно ли положить симбиота на летающее существо?")
    assert (a.verdict, a.citations) == (plain.verdict, plain.citations) == (plain.verdict, ["209.4"])
    assert a.verdict.startswith("Нет")
