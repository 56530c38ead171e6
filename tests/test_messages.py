"""Wording of user-facing messages: the position said once, long input echoed
clipped, no internal code names in plain output, one JSON dumper (no \\uXXXX)."""

from __future__ import annotations

import json

from bot.abilities.parser import parse
from bot.cli import main
from bot.errors import ParseError
from bot.glossary import glossary_answer
from bot.textnorm import clip

import pytest


def test_clip():
    assert clip("пас") == "пас"
    long = "слово " * 20000
    out = clip(long)
    assert len(out) == 80 and out.endswith("…")
    assert clip("а\nб") == "а б"


def test_unpaired_quote_position_said_once(capsys):
    with pytest.raises(ParseError) as e:
        parse("Ранить «цель")
    assert str(e.value) == "Непарная открывающая кавычка « в позиции 7: после неё нет закрывающей »."
    assert main(["parse", "Ранить «цель"]) == 1
    err = capsys.readouterr().err
    assert err == "Ошибка разбора: Непарная открывающая кавычка « в позиции 7: после неё нет закрывающей ».\n"
    assert err.count("позиц") == 1


def test_long_glossary_word_is_clipped_in_the_message(capsys):
    word = "неизвестноеслово " * 5000  # ~90 KB
    ans = glossary_answer(word)
    note = ans.blocks[0].text
    assert note.startswith("Термин «неизвестноеслово неизвестноеслово") and "…» не найден в глоссарии" in note
    assert len(note) < 300
    assert main(["glossary", word]) == 1
    assert len(capsys.readouterr().out) < 400


def test_long_rule_query_is_clipped(capsys):
    assert main(["rule", "x" * 5000]) == 1
    out = capsys.readouterr().out
    assert out.startswith("«" + "x" * 79 + "…» – не номер пункта.")


def test_glossary_plain_output_has_no_code_names(capsys):
    assert main(["glossary", "пас"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("пас\n") and "pass" not in out and "в коде" not in out
    assert main(["glossary"]) == 0
    out = capsys.readouterr().out
    assert "пас – п. 303.2" in out and "(pass)" not in out
    assert main(["glossary", "--json", "пас"]) == 0
    assert json.loads(capsys.readouterr().out)["code_name"] == "pass"


@pytest.mark.parametrize("argv", [["rule", "--json", "209.5"], ["ask", "--json", "209.5"], ["parse", "--json", "Ранить цель на 2"],
                                  ["search", "--json", "симбиот"], ["glossary", "--json", "пас"]])
def test_json_output_keeps_cyrillic_readable(argv, capsys):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "\\u04" not in out and any("а" <= ch <= "я" for ch in out)
    json.loads(out)


def test_parse_file_json_lines_keep_cyrillic(tmp_path, capsys):
    f = tmp_path / "cards.txt"
    f.write_text("Ранить цель на 2\n«не закрыта\n", encoding="utf-8")
    assert main(["parse", "--file", str(f)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "\\u04" not in lines[0]
    err = json.loads(lines[1])
    assert err["position"] == 0 and err["expected"] == "»"
    assert err["error"].startswith("Непарная открывающая кавычка")  # the common {"error": "<message>"} shape


def test_usage_error_with_json_prints_an_error_object(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["search", "симбиот", "-k", "abc", "--json"])
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert json.loads(out.out) == {"error": "аргумент -k: неверное значение 'abc': ожидалось целое число"}
    assert "ошибка" in out.err


def test_explain_of_text_that_is_not_card_text_fails_like_parse(capsys):
    assert main(["parse", "🐉"]) == 1
    assert main(["explain", "🐉"]) == 1  # a failure on the merits, not bad usage
    assert main(["explain", "Ранить существо на 2", "--refuse"]) == 2  # a flag that does not fit: bad usage
    assert "ошибка" in capsys.readouterr().err


def test_glossary_term_of_several_words_without_quotes(capsys):
    assert main(["glossary", "летающее", "существо"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("летающее существо") and "209.4" in out
