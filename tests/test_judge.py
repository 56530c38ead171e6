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


@pytest.fixture
def other_edition(tmp_path, monkeypatch):
    """An edition «other» in its own rulebook folder: it has 303.2 and 209.1 but not
    209.4 nor anything of 505, which the simulator and the resolver cite."""
    import yaml

    import bot.rulebook
    import bot.search

    data = {"edition": "other", "sections": [{"number": "209", "title": "Симбиоты"}, {"number": "303", "title": "Приоритет"}],
            "clauses": [
                {"number": "209.1", "text": "Симбиот помещается на существо в своём отряде."},
                {"number": "303.2", "text": "Пас – это передача приоритета противнику без объявления какого-либо игродействия."},
            ]}
    (tmp_path / "other.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (tmp_path / "5ed.yaml").write_bytes((bot.rulebook.rulebook_dir() / "5ed.yaml").read_bytes())
    monkeypatch.setattr(bot.rulebook, "rulebook_dir", lambda: tmp_path)
    bot.rulebook.load.cache_clear()
    bot.search.index_for.cache_clear()
    yield "other"
    bot.rulebook.load.cache_clear()
    bot.search.index_for.cache_clear()


@pytest.mark.parametrize("question, route, missing", [
    ("Можно ли положить симбиота на летающее существо?", "scenario", "209.4"),
    ("У карты способность «Уничтожить ваше существо – разряд на 4». Существо не уничтожилось. Будет ли разряд?",
     "ability", "505"),
])
def test_answers_citing_paragraphs_the_edition_lacks_are_not_given(question, route, missing, other_edition):
    seed = judge.ask(question, "5ed")
    assert seed.route == route and missing in " ".join(seed.citations)
    ans = judge.ask(question, other_edition)
    assert ans.route == "search"
    assert set(ans.citations) <= {"209.1", "303.2"}
    note = next(t for t in ans.trace if "которых нет в редакции other" in t)
    assert missing in note and "отвечает следующий маршрут" in note
