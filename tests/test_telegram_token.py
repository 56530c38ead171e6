"""``telegram`` refuses a token that is not shaped like a bot token (no network,
no hang) and says it is connecting before it does."""

from __future__ import annotations

import argparse

import pytest

from bot.chat import telegram as tg

GOOD = "123456789:AAE" + "x" * 32


def _ns(**kw):
    return argparse.Namespace(**{"webhook_url": None, "webhook_secret": None, "edition": "5ed", **kw})


@pytest.mark.parametrize("token", ["bad token", "123456789", "abc:" + "x" * 40, "123:short", f'"{GOOD}"', GOOD + " x"])
def test_malformed_token_exit_2(token, monkeypatch, capsys):
    monkeypatch.setenv(tg.TOKEN_ENV, token)
    monkeypatch.setattr(tg, "serve", lambda app, args: pytest.fail("must not connect"))
    assert tg.run(_ns()) == 2
    err = capsys.readouterr().err
    assert err.startswith("TELEGRAM_BOT_TOKEN не похож на токен бота: ожидалось «цифры:строка»")
    assert "Подключаюсь" not in err


def test_well_formed_token_says_connecting(monkeypatch, capsys):
    monkeypatch.setenv(tg.TOKEN_ENV, GOOD)
    monkeypatch.setattr(tg.tg_redact, "install", tg.tg_redact.Redactor)  # leave pytest's streams alone
    seen = {}
    monkeypatch.setattr(tg, "serve", lambda app, args: seen.setdefault("served", 0))
    assert tg.run(_ns()) == 0 and "served" in seen
    assert capsys.readouterr().err.startswith("Подключаюсь к Telegram…\n")
