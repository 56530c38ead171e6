"""Every card text the chat's /help shows as an example parses completely, and the
shown /explain example (with a flag) really runs in the chat."""

from __future__ import annotations

import re

from bot.abilities.parser import parse
from bot.chat import handlers
from bot.chat.render import render_plain


def _help_text() -> str:
    return render_plain(handlers.help_answer(handlers.Ctx(transport="console")))


def _card_examples() -> list[tuple[str, str]]:
    """(command, card text) for each /parse and /explain example in /help and in the usage hints."""
    found = []
    sources = [_help_text()] + [s.usage for s in handlers.COMMANDS.values()]
    for text in sources:
        for cmd, rest in re.findall(r"(/parse|/explain) (?!—)([^\n]+)", text):
            if cmd == "/explain":
                flags, rest = handlers.split_explain_flags(rest)
                assert flags is not None, rest
            found.append((cmd, rest.strip()))
    return found


def test_help_shows_card_examples_for_parse_and_explain():
    cmds = {c for c, _ in _card_examples()}
    assert cmds == {"/parse", "/explain"}
    assert "/explain --failed 1 Уничтожить себя – разряд на 4" in _help_text()


def test_every_card_text_example_parses_complete():
    for cmd, text in _card_examples():
        res = parse(text)
        assert res.complete, (cmd, text, res.unparsed)


def test_parse_example_has_a_cost():
    texts = [t for c, t in _card_examples() if c == "/parse"]
    assert texts and all(parse(t).ast.shape().startswith("(cost ") for t in texts)


def test_explain_example_runs_in_chat_with_its_flag():
    reply = handlers.handle("/explain --failed 1 Уничтожить себя – разряд на 4", handlers.Ctx(transport="console"))
    text = render_plain(reply.answers[0])
    assert "неизвестный знак" not in text
    assert "Часть 1 «Уничтожить себя» — не выполнено" in text
    assert "505.4.2" in reply.answers[0].citations
