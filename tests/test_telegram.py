"""The Telegram bot, offline: a real PTB ``Application`` over a recording fake
``BaseRequest``; updates are fed with ``Update.de_json`` + ``process_update``."""

from __future__ import annotations

import argparse
import io
import logging
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
from telegram import Update

from bot.answer import Answer, Block
from bot.chat import telegram as tg
from bot.chat.html import html_to_plain
from chat_support import (  # noqa: F401 - pytest fixture
    EDITION,
    TOKEN,
    FakeRequest,
    app_session,
    callback_update,
    edition,
    fast_limiter,
    inline_update,
    message_update,
    run,
)
from test_chat_html import assert_valid_telegram_html

ROOT = Path(__file__).resolve().parent.parent


def session(*updates, edition=EDITION, **kw) -> FakeRequest:
    return run(app_session(list(updates), edition=edition, **kw))


def _buttons(params) -> list[str]:
    markup = params.get("reply_markup") or {}
    return [b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row]


# -- start-up --------------------------------------------------------------------------
def test_commands_are_registered_with_russian_descriptions(edition):
    req = session()
    (cmds,) = req.sent("setMyCommands")
    names = [c["command"] for c in cmds["commands"]]
    assert names == ["start", "help", "rule", "search", "parse", "explain", "scenario", "glossary", "card", "reading", "edition"]
    assert all(any("а" <= ch <= "я" for ch in c["description"]) for c in cmds["commands"])
    assert req.calls[0][0] == "getMe"


def test_missing_token_exits_2_with_russian_instructions():
    env = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    out = subprocess.run([sys.executable, "-m", "bot", "telegram"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "TELEGRAM_BOT_TOKEN" in out.stderr and "токен" in out.stderr and "@BotFather" in out.stderr


def test_webhook_options_are_checked():
    ns = lambda **kw: argparse.Namespace(**{"webhook_url": None, "webhook_secret": None, **kw})  # noqa: E731
    assert tg.check_args(ns()) is None
    assert tg.check_args(ns(webhook_url="https://bot.example.org/tg", webhook_secret="s3cret_-X")) is None
    assert "https" in tg.check_args(ns(webhook_url="http://bot.example.org/tg"))
    assert "webhook-secret" in tg.check_args(ns(webhook_url="https://x.org/tg", webhook_secret="bad secret!"))
    assert "webhook-url" in tg.check_args(ns(webhook_secret="abc"))
    ok = dict(webhook_url="https://x.org/tg", webhook_secret="s3cret")
    assert tg.check_args(ns(port=99999, **ok)) == "--port 99999: ожидался номер порта от 1 до 65535."
    assert tg.check_args(ns(port=0, **ok)).startswith("--port 0:") and tg.check_args(ns(port=8443, **ok)) is None


def test_startup_network_failure_is_logged_in_one_line_without_traceback():
    from telegram.error import NetworkError

    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    handler.addFilter(tg.OneLineStartupErrors())
    log = logging.getLogger("telegram.ext.test_startup")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            raise NetworkError("httpx.ConnectError: All connection attempts failed")
        except NetworkError:
            log.exception("Network Retry Loop: Failed run number %d of %d. Aborting.", 2, 2)
        try:
            raise ValueError("a bug")
        except ValueError:
            log.exception("handler failed")
    finally:
        log.removeHandler(handler)
    first, *rest = buf.getvalue().splitlines()
    assert first == ("Network Retry Loop: Failed run number 2 of 2. Aborting. "
                     "(NetworkError: httpx.ConnectError: All connection attempts failed)")
    assert rest[0] == "handler failed" and rest[1] == "Traceback (most recent call last):"  # a bug keeps its traceback


def test_httpx_logger_kept_at_warning():
    tg.configure_logging()
    assert logging.getLogger("httpx").getEffectiveLevel() >= logging.WARNING


# -- every command ------------------------------------------------------------------------
def test_rule_command_sends_html_with_links_and_navigation(edition):
    req = session(message_update("/rule 209.5"))
    (msg,) = req.sent("sendMessage")
    assert msg["chat_id"] == 42 and msg["parse_mode"] == "HTML"
    assert '<a href="https://t.me/judge_bot?start=r209_5">209.5</a>' in msg["text"]
    assert "Небестелесного симбиота нельзя поместить на бестелесное существо" in msg["text"]
    assert _buttons(msg) == ["r:209.4", "r:209.6", "s:209", "c:209.5"]
    assert msg["link_preview_options"] == {"is_disabled": True}
    assert_valid_telegram_html(msg["text"])


def test_links_go_to_the_rules_site_when_configured(edition):
    req = session(message_update("/rule 212.3"), rules_url="https://example.org/rules/5ed.html")
    text = req.sent("sendMessage")[0]["text"]
    assert '<a href="https://example.org/rules/5ed.html#212.3">212.3</a>' in text
    assert '<a href="https://example.org/rules/5ed.html#209.4">209.4</a>' in text  # reference inside the text


def test_deep_link_start_opens_the_paragraph(edition):
    req = session(message_update("/start r209_5"))
    (msg,) = req.sent("sendMessage")
    assert "Небестелесного симбиота" in msg["text"]
    assert "r:209.6" in _buttons(msg)


def test_start_and_help(edition):
    req = session(message_update("/start"), message_update("/help"))
    start, help_ = req.sent("sendMessage")
    assert "Здравствуйте" in start["text"] and "/rule" in start["text"]
    assert "@judge_bot 209.5" in html_to_plain(help_["text"]) and "/glossary" in help_["text"]


@pytest.mark.parametrize(
    "text, module, function",
    [
        ("/search симбиот летающий", "bot.search", "search_answer"),
        ("/parse Закрыть: нанесите 2 раны", "bot.abilities.parser", "parse_answer"),
        ("/explain Нанесите 2 раны; излечите 1", "bot.abilities.resolve", "explain_answer"),
        ("/scenario\nfield:\n  a: 1", "bot.sim.scenario", "scenario_answer"),
        ("/glossary хозяин", "bot.glossary", "glossary_answer"),
        ("Можно ли положить симбиота на летающее существо?", "bot.judge", "ask"),
    ],
)
def test_each_command_reaches_its_module_and_is_rendered(monkeypatch, edition, text, module, function):
    seen = []

    def fn(*args):
        seen.append(args)
        return Answer(question=text, route="search", verdict="Нет", blocks=[Block("text", f"ответ на {args[0]!s}")], citations=["209.4"])

    monkeypatch.setattr(f"{module}.{function}", fn)
    req = session(message_update(text))
    (msg,) = req.sent("sendMessage")
    assert seen and "<b>Вердикт:</b> Нет" in msg["text"]
    assert '<b>Пункты:</b> <a href="https://t.me/judge_bot?start=r209_4">209.4</a>' in msg["text"]


# -- inline mode, buttons ------------------------------------------------------------------
def test_inline_query_by_number_offers_the_paragraph(edition):
    req = session(inline_update("209.5"))
    (ans,) = req.sent("answerInlineQuery")
    (res,) = ans["results"]
    assert res["type"] == "article" and res["id"] == "209.5"
    assert res["input_message_content"]["parse_mode"] == "HTML"
    assert "Небестелесного симбиота" in res["input_message_content"]["message_text"]
    assert "бестелесн" in res["description"]
    assert [b["callback_data"] for row in res["reply_markup"]["inline_keyboard"] for b in row][:2] == ["r:209.4", "r:209.6"]


def test_inline_query_by_words_uses_search(monkeypatch, edition):
    hit = types.SimpleNamespace
    monkeypatch.setattr("bot.search.search", lambda text, k=5, edition=None: [hit(number="209.4", score=2.0, snippet="…"), hit(number="212.3", score=1.0, snippet="…")])
    (ans,) = session(inline_update("симбиот летающий")).sent("answerInlineQuery")
    assert [r["id"] for r in ans["results"]] == ["209.4", "212.3"]
    assert "летающее существо" in ans["results"][0]["input_message_content"]["message_text"]


def test_empty_inline_query_answers_nothing(edition):
    (ans,) = session(inline_update("  ")).sent("answerInlineQuery")
    assert ans["results"] == []


def test_button_press_edits_the_message(edition):
    req = session(callback_update("r:209.6"), callback_update("c:209.5"))
    assert len(req.sent("answerCallbackQuery")) == 2
    edit1, edit2 = req.sent("editMessageText")
    assert edit1["chat_id"] == 42 and edit1["message_id"] == 77 and edit1["parse_mode"] == "HTML"
    assert "Если существо стало симбиотом" not in edit1["text"] and "только одного симбиота" in edit1["text"]
    assert _buttons(edit1)[:1] == ["r:209.5"]
    assert "На пункт 209.5 ссылаются" in html_to_plain(edit2["text"]) and "только одного симбиота" in edit2["text"]
    assert _buttons(edit2) == ["r:209.5"]
    assert not req.sent("sendMessage")


def test_section_button_shows_whole_section(edition):
    (edit,) = session(callback_update("s:209")).sent("editMessageText")
    for n in ("209.4", "209.5", "209.6"):
        assert f">{n}</a>" in edit["text"]


# -- groups ------------------------------------------------------------------------------
def test_group_chat_only_answers_when_addressed(monkeypatch, edition):
    asked = []
    monkeypatch.setattr("bot.judge.ask", lambda q, e=None: asked.append(q) or Answer(question=q, route="search", blocks=[Block("text", "ответ")]))
    req = session(
        message_update("Можно ли положить симбиота на летающее существо?", chat_type="supergroup"),
        message_update("/rule@other_bot 209.5", chat_type="supergroup"),
        message_update("/rule@judge_bot 209.5", chat_type="supergroup"),
        message_update("@judge_bot можно ли положить симбиота?", chat_type="group"),
        message_update("а если хозяин летающий?", chat_type="group", reply_to_bot=True),
    )
    sent = req.sent("sendMessage")
    assert len(sent) == 3
    assert "Небестелесного симбиота" in sent[0]["text"]
    assert all("reply_parameters" in m for m in sent)
    assert asked == ["можно ли положить симбиота?", "а если хозяин летающий?"]


def test_edited_messages_are_not_answered_twice(edition):
    assert not session(message_update("/rule 209.5", edited=True)).sent("sendMessage")


# -- robustness ---------------------------------------------------------------------------
def test_hostile_question_is_escaped(monkeypatch, edition):
    monkeypatch.setattr("bot.judge.ask", lambda q, e=None: Answer(question=q, route="search", verdict=None, blocks=[Block("text", f"Не нашёл ответа на «{q}»")], citations=[]))
    (msg,) = session(message_update("<b>симбиот & </i> <a href='x'>летающий")).sent("sendMessage")
    assert "&lt;b&gt;симбиот &amp; &lt;/i&gt; &lt;a href='x'&gt;летающий" in msg["text"]
    assert_valid_telegram_html(msg["text"])


def test_long_answer_is_split_and_buttons_go_last(monkeypatch, edition):
    long = Answer(question="q", route="rule", blocks=[Block("rule", "Очень длинный пункт про симбиотов & хозяев. " * 15, number="209.4")] * 30, citations=["209.4"])
    monkeypatch.setattr("bot.lookup.rule_answer", lambda q, e=None: long)
    msgs = session(message_update("/rule 209.4")).sent("sendMessage")
    assert len(msgs) >= 5
    assert all(len(m["text"]) <= 4096 for m in msgs)
    for m in msgs:
        assert_valid_telegram_html(m["text"])
    assert [bool(_buttons(m)) for m in msgs] == [False] * (len(msgs) - 1) + [True]
    assert sum(m["text"].count("Очень длинный пункт") for m in msgs) == 15 * 30


def test_unparsable_html_is_resent_as_plain_text(edition):
    bad = (400, {"ok": False, "error_code": 400, "description": "Bad Request: can't parse entities: Unsupported start tag \"x\" at byte offset 3"})
    msgs = session(message_update("/rule 209.5"), fail={"sendMessage": [bad]}).sent("sendMessage")
    assert len(msgs) == 2
    html_msg, plain = msgs
    assert html_msg["parse_mode"] == "HTML" and "parse_mode" not in plain
    assert plain["text"] == html_to_plain(html_msg["text"])
    assert "<a" not in plain["text"] and "\n209.5. Небестелесного симбиота" in "\n" + plain["text"]
    assert _buttons(plain) == _buttons(html_msg)


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # PTB logs retry_after as int
def test_rate_limit_answer_is_retried_by_the_rate_limiter(edition):
    flood = (429, {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 1", "parameters": {"retry_after": 1}})
    msgs = session(message_update("/rule 209.5"), fail={"sendMessage": [flood]}).sent("sendMessage")
    assert len(msgs) == 2 and msgs[0] == msgs[1]
    assert "Извините" not in msgs[1]["text"]


def test_handler_error_gets_a_polite_russian_answer(monkeypatch, edition, caplog):
    def broken(q, e=None):
        raise RuntimeError("route exploded")

    monkeypatch.setattr("bot.judge.ask", broken)
    with caplog.at_level(logging.ERROR, logger="bot.chat.telegram"):
        (msg,) = session(message_update("Что будет с симбиотом?")).sent("sendMessage")
    assert msg["text"] == tg.ERROR_REPLY
    assert "route exploded" in caplog.text
    assert TOKEN not in caplog.text


def test_second_instance_conflict_is_reported_and_exits_nonzero(edition, capsys):
    req = FakeRequest()
    conflict = (409, {"ok": False, "error_code": 409, "description": "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"})
    updates = FakeRequest(req.calls)
    updates.fail["getUpdates"] = [conflict]
    app = tg.build_application(TOKEN, edition=edition, request=req, updates_request=updates)
    args = argparse.Namespace(webhook_url=None, webhook_secret=None, listen="127.0.0.1", port=0)
    code = tg.serve(app, args, stop_signals=None)
    assert code == tg.EXIT_CONFLICT
    err = capsys.readouterr().err
    assert "409" in err and "другой экземпляр" in err
    assert req.sent("setMyCommands")


def test_long_section_on_button_edits_then_follows_up(monkeypatch, edition):
    long = Answer(question="q", route="rule", blocks=[Block("rule", "Пункт про симбиотов. " * 40, number="209.4")] * 12, citations=["209"])
    monkeypatch.setattr("bot.lookup.rule_answer", lambda q, e=None: long)
    req = session(callback_update("s:209"))
    (edit,) = req.sent("editMessageText")
    rest = req.sent("sendMessage")
    assert rest and all(m["chat_id"] == 42 for m in rest)
    assert "reply_markup" not in edit and _buttons(rest[-1]) == ["s:212"]
    assert sum(m["text"].count("Пункт про симбиотов") for m in [edit, *rest]) == 40 * 12


def test_pressing_the_same_button_twice_is_harmless(edition):
    same = (400, {"ok": False, "error_code": 400, "description": "Bad Request: message is not modified: specified new message content and reply markup are exactly the same"})
    req = session(callback_update("r:209.5"), fail={"editMessageText": [same]})
    assert len(req.sent("editMessageText")) == 1 and not req.sent("sendMessage")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_webhook_mode_sets_the_webhook_and_checks_the_secret_token(edition):
    """Webhook on loopback only: setWebhook gets the URL and secret; an update
    POSTed without the secret is refused, with it it is answered."""
    import asyncio
    import json

    import httpx

    port = _free_port()
    req = FakeRequest()
    app = tg.build_application(TOKEN, edition=edition, request=req, updates_request=FakeRequest(req.calls))
    statuses: list[int] = []

    async def drive() -> None:
        while not app.running:
            await asyncio.sleep(0.02)
        url = f"http://127.0.0.1:{port}/tg/hook"
        body = json.dumps(message_update("/rule 209.5"))
        async with httpx.AsyncClient() as client:
            for secret in ("wrong", "s3cret_X"):
                r = await client.post(url, content=body, headers={"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret})
                statuses.append(r.status_code)
        deadline = asyncio.get_running_loop().time() + 30   # returns as soon as the answer is sent
        while not req.sent("sendMessage") and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        app.stop_running()

    req.on_call = lambda api: api == "setWebhook" and asyncio.get_running_loop().create_task(drive())
    args = argparse.Namespace(webhook_url="https://bot.example.org/tg/hook", webhook_secret="s3cret_X", listen="127.0.0.1", port=port)
    assert tg.serve(app, args, stop_signals=None) == 0
    (hook,) = req.sent("setWebhook")
    assert hook["url"] == "https://bot.example.org/tg/hook" and hook["secret_token"] == "s3cret_X"
    assert statuses == [403, 200]
    (msg,) = req.sent("sendMessage")
    assert "Небестелесного симбиота" in msg["text"]


def test_glossary_and_rule_on_the_real_edition():
    """The shipped 5ed edition through the real lookup and glossary modules."""
    req = session(message_update("/glossary хозяин"), message_update("/rule 209.4"), edition="5ed")
    gloss, rule = req.sent("sendMessage")
    assert '<a href="https://t.me/judge_bot?start=r209_2">209.2</a>' in gloss["text"]
    assert "Нельзя помещать симбиота на летающее существо" in rule["text"]
    assert _buttons(rule)[:3] == ["r:209.3", "r:209.5", "s:209"]


@pytest.mark.parametrize("status, code, words", [(401, 2, "отверг токен"), (502, 1, "Не удаётся связаться с Telegram")])
def test_start_up_failures_exit_with_a_russian_reason(edition, capsys, status, code, words):
    req = FakeRequest()
    # a 502 that does not go away (the limiter retries each call, then start-up gives up)
    req.fail["getMe"] = [(status, {"ok": False, "error_code": status, "description": "Unauthorized" if status == 401 else "Bad Gateway"})] * 20
    app = tg.build_application(TOKEN, edition=edition, request=req, updates_request=FakeRequest(req.calls),
                               limiter=fast_limiter())
    args = argparse.Namespace(webhook_url=None, webhook_secret=None, listen="127.0.0.1", port=0)
    assert tg.serve(app, args, stop_signals=None, bootstrap_retries=0) == code
    err = capsys.readouterr().err
    assert words in err and TOKEN not in err


def test_question_and_inline_search_on_the_real_edition():
    """The shipped 5ed edition through the real judge (search route) and search."""
    req = session(message_update("Можно ли положить симбиота на летающее существо?"), inline_update("симбиот летающий"), edition="5ed")
    (msg,) = req.sent("sendMessage")
    cited = msg["text"].split("<b>Пункты:</b>")[-1]
    assert '<a href="https://t.me/judge_bot?start=r209_4">209.4</a>' in cited
    assert_valid_telegram_html(msg["text"])
    (ans,) = req.sent("answerInlineQuery")
    assert ans["results"][0]["id"] == "209.4"
    assert "Нельзя помещать симбиота на летающее существо" in ans["results"][0]["input_message_content"]["message_text"]


def test_parse_explain_scenario_on_the_real_modules():
    """/parse, /explain and a /scenario whose YAML is the message body, end to end."""
    scenario = (ROOT / "scenarios" / "209_4_host_becomes_flying.yaml").read_text(encoding="utf-8")
    req = session(message_update("/parse Уничтожить ваше существо – разряд на 4"),
                  message_update("/explain Уничтожить ваше существо – разряд на 4"),
                  message_update("/scenario\n" + scenario), edition="5ed")
    parsed, explained, ran = req.sent("sendMessage")
    assert "<pre>" in parsed["text"] and ">505.4.2</a>" in parsed["text"].split("<b>Пункты:</b>")[-1]
    assert "<b>Вердикт:</b> Выполняется" in explained["text"]
    assert "<b>Вердикт:</b> сценарий выполнен" in ran["text"] and ">209.4</a>" in ran["text"]
    for m in (parsed, explained, ran):
        assert_valid_telegram_html(m["text"])


def test_buttons_on_a_message_sent_via_inline_mode(monkeypatch, edition):
    long = Answer(question="q", route="rule", blocks=[Block("rule", "Пункт про симбиотов. " * 40, number="209.4")] * 12, citations=["209"])
    monkeypatch.setattr("bot.lookup.rule_answer", lambda q, e=None: long)
    req = session(callback_update("s:209", inline=True))
    (edit,) = req.sent("editMessageText")
    assert edit["inline_message_id"] == "inl-1" and "chat_id" not in edit
    assert _buttons(edit) == ["s:212"] and len(edit["text"]) <= 4096
    assert edit["text"].endswith("полностью — в личном чате с ботом.</i>")
    assert_valid_telegram_html(edit["text"])
    assert not req.sent("sendMessage")  # no chat to follow up in
