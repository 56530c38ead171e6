"""The card database in Telegram (issue 15): /card with a short list of buttons, a card
button, and inline mode finding cards — through the fake Bot API of tests/chat_support.py."""

from __future__ import annotations

from chat_support import callback_update, edition, inline_update, message_update  # noqa: F401 - pytest fixture
from test_telegram import _buttons, session

from bot.cards.importer import import_files
from tests.cards_support import NXT_CARDS, card_home, write_json  # noqa: F401 - pytest fixture


def test_card_list_buttons_card_button_and_inline(card_home, edition):
    gnomes = [dict(NXT_CARDS[0], id=f"7{i}", number=70 + i, name=n) for i, n in enumerate(["Гном-рудокоп", "Гном-рудознатец"])]
    import_files([str(write_json(card_home / "n.json", NXT_CARDS + gnomes))])
    req = session(message_update("/card гном"))
    (msg,) = req.sent("sendMessage")
    assert "Нашлось несколько карт" in msg["text"]
    data = _buttons(msg)
    assert len(data) == 3 and all(d.startswith("k:") for d in data)
    req = session(callback_update(data[0]))
    (edit,) = req.sent("editMessageText")
    assert "Гном-" in edit["text"] and "Вид: существо" in edit["text"]
    (ans,) = session(inline_update("огнекрыл")).sent("answerInlineQuery")
    assert ans["results"][0]["title"] == "Карта: Огнекрыл"
    assert "летающее" in ans["results"][0]["description"]


def test_card_without_database_says_how_to_import(card_home, edition):
    (msg,) = session(message_update("/card огнекрыл")).sent("sendMessage")
    assert "cards import" in msg["text"]
