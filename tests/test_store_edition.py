"""The bot's store (SQLite by default) and the chat's edition set with /edition (issue 13)."""

from __future__ import annotations

import pytest
from conftest import clear_edition_caches

from bot.chat import handlers
from bot.chat.handlers import Ctx
from bot.cli import main
from bot.rulebook import load
from bot.chat.settings import SCHEMA, ChatSettings
from bot.store import Store

QUESTION = "Можно ли положить симбиота на летающее существо?"


def test_chat_settings_persist_in_the_sqlite_file(tmp_path):
    url = f"sqlite:///{tmp_path}/db/bot.sqlite3"
    s = ChatSettings(Store(url))
    assert s.chat_edition(42) is None
    s.set_chat_edition(42, "tested")
    s.set_chat_edition(42, "5ed")  # replaced, not duplicated
    s.set_chat_edition(-1001, "tested")
    s.store.close()
    s = ChatSettings(Store(url))  # the migration runs once; the data is still there
    assert (s.chat_edition(42), s.chat_edition(-1001), s.chat_edition(7)) == ("5ed", "tested", None)
    assert s.store.version("chats") == len(SCHEMA)
    assert s.store.query("SELECT count(*) FROM chat_settings") == [(2,)]


@pytest.fixture
def tested(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path / "user"))
    clear_edition_caches()
    from pathlib import Path

    page = Path(__file__).resolve().parent / "data" / "edition_tested.html"
    assert main(["rulebook", "import", str(page), "--edition", "tested"]) == 0
    yield
    clear_edition_caches()


def test_edition_command_sets_the_chats_edition(tested):
    store = ChatSettings(Store("sqlite:///:memory:"))
    chat = Ctx(transport="telegram", chat_id=555, store=store)
    other = Ctx(transport="telegram", chat_id=556, store=store)
    listing = handlers.handle("/edition", chat).answers[0]
    assert "Редакция этого чата: 5ed" in listing.text and "tested" in listing.text
    bad = handlers.handle("/edition nope", chat).answers[0].text
    assert "нет редакции «nope»; есть: 5ed, tested" in bad
    assert store.chat_edition(555) is None
    set_ = handlers.handle("/edition tested", chat).answers[0]
    assert set_.text == "Редакция этого чата: tested. Ответы и пункты правил — по ней."
    assert store.chat_edition(555) == "tested"
    a = handlers.handle(QUESTION, chat).answers[0]
    assert a.edition == "tested" and a.verdict is None and "Текст редакции tested этого не покрывает" in a.text
    assert all(load("tested").get(n) is not None for n in a.citations)
    r = handlers.handle("/rule 102.4", chat).answers[0]
    assert "Игрок, недовольный своей сдачей, может объявить мулиган" in r.text
    b = handlers.handle(QUESTION, other).answers[0]  # another chat keeps the default
    assert b.edition == "5ed" and b.citations == ["209.4"]


def test_console_session_remembers_edition(tested, capsys):
    import io

    from bot.chat import console

    out = io.StringIO()
    console.chat(io.StringIO(f"/edition tested\n/rule 102.4\n"), out, interactive=False)
    text = out.getvalue()
    assert "Редакция этого чата: tested" in text and "может объявить мулиган" in text


def test_telegram_edition_is_per_chat_and_survives_a_restart(tested, tmp_path, monkeypatch):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from chat_support import message_update
    from test_telegram import session

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/tg.sqlite3")
    req = session(message_update("/edition tested", chat_id=42), message_update("/rule 102.4", chat_id=42),
                  message_update("/rule 102.4", chat_id=43), edition="5ed")
    texts = [m["text"] for m in req.sent("sendMessage")]
    assert "Редакция этого чата: tested" in texts[0]
    assert "Игрок, недовольный своей сдачей, может объявить мулиган" in texts[1]
    assert texts[2].startswith("<i>Пункта 102.4 нет в редакции 5ed.")  # chat 43 stays on 5ed
    req = session(message_update(QUESTION, chat_id=42), edition="5ed")  # a new process: the store remembers
    (text,) = [m["text"] for m in req.sent("sendMessage")]
    assert "Текст редакции tested этого не покрывает" in text
    assert ChatSettings(Store(f"sqlite:///{tmp_path}/tg.sqlite3")).chat_edition(42) == "tested"
