"""The chat's /rule and /search read their arguments as berserk-judge rule/search do
(bot.lookup.split_queries, bot.search.split_k): same paragraphs, same -k."""

from __future__ import annotations

import json

import pytest

from bot.chat.handlers import Ctx, handle
from bot.cli import main
from bot.lookup import split_queries
from bot.search import split_k
from bot.errors import InputLimitError


@pytest.mark.parametrize("text, queries", [
    ("209.5 209.6", ["209.5", "209.6"]),
    ("п. 209.5, 209.6", ["209.5", "209.6"]),
    ("209.4 - 209.6", ["209.4 - 209.6"]),
    ("п. 209.5 abc", ["209.5", "abc"]),
    ("№209.5 209.6", ["№209.5", "209.6"]),
    ("совсем не номер", ["совсем не номер"]),
    ("209..5", ["209..5"]),
    ("209.4..209.6", ["209.4..209.6"]),
    # QA pass: a number too long for a paragraph next to a good one was dropped without a word
    ("209.5 5555", ["209.5", "5555"]),
    ("209.5 " + "9" * 50, ["209.5", "9" * 50]),
])
def test_split_queries(text, queries):
    assert split_queries(text) == queries


def test_chat_rule_with_two_numbers_answers_both_like_the_cli(capsys):
    reply = handle("/rule 209.5 209.6", Ctx())
    assert [a.citations for a in reply.answers] == [["209.5"], ["209.6"]]
    assert main(["rule", "209.5", "209.6", "--json"]) == 0
    assert [o["number"] for o in json.loads(capsys.readouterr().out)] == ["209.5", "209.6"]
    assert main(["rule", "209.5 209.6", "--json"]) == 0  # one quoted argument reads the same
    assert [o["number"] for o in json.loads(capsys.readouterr().out)] == ["209.5", "209.6"]


def test_chat_rule_names_a_junk_number_instead_of_dropping_it():
    reply = handle("/rule 209.5 5555", Ctx())
    assert [a.citations for a in reply.answers] == [["209.5"], []]
    assert reply.answers[1].text.startswith("«5555» – не номер пункта.")


def test_chat_search_k_limits_the_paragraphs_like_the_cli(capsys):
    assert main(["search", "симбиот", "летающий", "-k", "2", "--json"]) == 0
    cli = [h["number"] for h in json.loads(capsys.readouterr().out)]
    reply = handle("/search симбиот летающий -k 2", Ctx())
    assert len(cli) == 2 and reply.answers[0].citations == cli


@pytest.mark.parametrize("args, expected", [
    ("симбиот летающий -k 3", ("симбиот летающий", 3)),
    ("-k=3 симбиот", ("симбиот", 3)),
    ("-k3 симбиот", ("симбиот", 3)),
    ("симбиот  летающий", ("симбиот  летающий", 5)),
    ("пере-k 3", ("пере-k 3", 5)),
])
def test_split_k(args, expected):
    assert split_k(args) == expected


@pytest.mark.parametrize("args, message", [
    ("x -k 0", "-k должно быть от 1 до 50"),
    ("x -k 51", "-k должно быть от 1 до 50"),
    ("x -k", "-k: ожидалось целое число"),
    ("x -k два", "-k два: ожидалось целое число"),
    ("x -k 1 -k 2", "-k указан дважды"),
])
def test_split_k_errors_are_russian(args, message):
    with pytest.raises(InputLimitError, match=message):
        split_k(args)
    reply = handle(f"/search {args}", Ctx())
    assert message in reply.answers[0].text and not reply.answers[0].citations
