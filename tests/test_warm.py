"""The long-running front ends' start-up (bot.warm): data loaded, then the heap frozen."""

import gc

from bot import search
from bot.warm import ready


def test_ready_loads_the_edition_and_freezes_the_heap():
    try:
        ready("5ed")
        assert gc.get_freeze_count() > 0
        assert search.index_for.cache_info().currsize >= 1
        from bot.rules_text.index import index_for

        assert index_for("5ed") is index_for("5ed")
    finally:
        gc.unfreeze()


def test_ready_never_raises_on_an_edition_that_does_not_exist():
    try:
        ready("нет-такой-редакции")     # the first question reports it, as without the start-up
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_console_chat_starts_with_it(monkeypatch):
    import io
    import sys
    from types import SimpleNamespace

    import bot.warm
    from bot.chat import console

    called = []
    monkeypatch.setattr(bot.warm, "ready", lambda edition: called.append(edition))
    monkeypatch.setattr(sys, "stdin", io.StringIO("209.5\n"))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert console.run(SimpleNamespace(edition="5ed")) == 0
    assert called == ["5ed"] and "209.5" in sys.stdout.getvalue()


def test_the_telegram_bot_starts_with_it():
    from pathlib import Path

    source = (Path(__file__).resolve().parents[1] / "bot" / "chat" / "telegram.py").read_text(encoding="utf-8")
    run = source[source.index("def run(args"):]
    assert "ready(" in run[:run.index("return serve(app, args)")]
