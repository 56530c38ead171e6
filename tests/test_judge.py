"""judge.ask routing: a failing specialised route falls back to search; unknown
edition is a RulebookError (CLI exit 1)."""

from __future__ import annotations

import sys
import types
from types import SimpleNamespace

import pytest

from bot import judge
from bot.errors import RulebookError
from bot.rulebook import Rulebook


@pytest.fixture
def fake_edition(monkeypatch):
    rb = Rulebook.from_dict({"edition": "fx", "clauses": [
        {"number": "303.2", "text": "Пас – это передача приоритета противнику без объявления какого-либо игродействия."},
        {"number": "209.4", "text": "Нельзя помещать симбиота на летающее существо."},
    ]})
    import bot.rulebook
    import bot.search

    real_load = bot.rulebook.load
    monkeypatch.setattr(bot.rulebook, "load", lambda e="5ed": rb if e == "fx" else real_load(e))
    bot.search.index_for.cache_clear()
    yield "fx"
    bot.search.index_for.cache_clear()


def test_broken_route_falls_back_to_search_with_a_trace_line(monkeypatch, fake_edition):
    broken = types.ModuleType("bot._broken_route")

    def answer(q, edition):
        raise KeyError("boom")

    broken.answer = answer
    monkeypatch.setitem(sys.modules, "bot._broken_route", broken)
    monkeypatch.setattr(judge, "ROUTE_MODULES", ("bot._broken_route", "bot.search"))
    ans = judge.ask("что такое пас", fake_edition)
    assert ans.route == "search"
    assert ans.citations[0] == "303.2"
    assert "bot._broken_route" in ans.trace[0]


def test_unknown_edition_is_a_rulebook_error_and_ask_command_exit_1(capsys):
    from bot.cli import ask as ask_command

    with pytest.raises(RulebookError):
        judge.ask("пас", "нет-такой")
    rc = ask_command.run(SimpleNamespace(text=["пас"], edition="нет-такой", json=False))
    assert rc == 1
    assert "нет редакции" in capsys.readouterr().err
