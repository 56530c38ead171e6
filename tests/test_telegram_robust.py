"""The Telegram bot's robustness parts, in process and fast: token redaction,
the resilient rate limiter (retries, never twice, per-chat 429), per-chat ordering,
the Bot API URL and webhook options (issue 16). The fault suite with a real
subprocess and a fake Bot API server is test_telegram_faults.py."""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import sys
import time

import httpx
import pytest
from telegram import Update
from telegram.error import BadRequest, InvalidToken, NetworkError, RetryAfter, TimedOut

from bot.chat import telegram as tg
from bot.chat import tg_redact
from bot.chat.tg_api import ApiUrlError, api_urls, is_loopback
from bot.chat.tg_order import ChatOrderedProcessor, chat_key
from bot.chat.tg_retry import DeliveryUnknown, ResilientLimiter, outcome
from chat_support import FakeRequest, edition, fast_limiter, message_update, run  # noqa: F401 - pytest fixture

TOKEN = "123456789:AAE" + "k9_-Z" * 7
SECRET = TOKEN.split(":")[1]


# -- redaction ---------------------------------------------------------------------------
def _capture(redact) -> tuple[logging.Logger, io.StringIO, logging.Handler]:
    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    tg_redact.add_filter(handler, redact)
    logger = logging.getLogger("test.redact")
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger, buf, handler


def test_filter_masks_message_arguments_and_traceback():
    redact = tg_redact.Redactor([TOKEN, "hook_secret_1"])
    logger, buf, handler = _capture(redact)
    try:
        logger.info("POST https://api.telegram.org/bot%s/getMe", TOKEN)
        logger.warning("secret %s", "hook_secret_1")
        try:
            raise InvalidToken(f"The token `{TOKEN}` was rejected by the server.")
        except InvalidToken:
            logger.exception("start failed")
    finally:
        logger.removeHandler(handler)
    text = buf.getvalue()
    assert SECRET not in text and "hook_secret_1" not in text
    assert "bot123456789:***/getMe" in text
    assert "InvalidToken: The token `123456789:***` was rejected" in text and "Traceback" in text


def test_redactor_ignores_empty_and_short_values():
    redact = tg_redact.Redactor([None, "", "abc"])
    assert not redact and redact("abc abc") == "abc abc"


def test_install_masks_stderr_and_every_existing_handler(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stderr", sys.stderr)  # restored after the test
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    other = logging.getLogger("telegram.ext.Application")
    other.addHandler(handler)
    try:
        tg_redact.install([TOKEN])
        print(f"token {TOKEN}", file=sys.stderr)
        print(f"stdout {TOKEN}")
        other.error("bad token %s", TOKEN)
    finally:
        other.removeHandler(handler)
        for h in tg_redact._all_handlers():  # pytest's own handlers: leave them as they were
            for f in [f for f in h.filters if isinstance(f, tg_redact.SecretFilter)]:
                h.removeFilter(f)
    out, err = capsys.readouterr()
    assert err == "token 123456789:***\n" and out == "stdout 123456789:***\n"
    assert buf.getvalue() == "bad token 123456789:***\n"


def test_python_telegram_bots_own_rejection_traceback_is_masked(edition):
    """PTB logs ``InvalidToken: The token `…` was rejected`` with a traceback when
    getMe answers 401; through the bot's logging it shows no token."""
    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    tg_redact.add_filter(handler, tg_redact.Redactor([TOKEN]))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        req = FakeRequest()
        req.fail["getMe"] = [(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})]
        app = tg.build_application(TOKEN, edition=edition, request=req, limiter=fast_limiter())
        args = argparse.Namespace(webhook_url=None, webhook_secret=None, listen="127.0.0.1", port=0)
        assert tg.serve(app, args, stop_signals=None, bootstrap_retries=0) == 2
    finally:
        root.removeHandler(handler)
    text = buf.getvalue()
    assert "was rejected" in text and "123456789:***" in text
    assert SECRET not in text


# -- the limiter ------------------------------------------------------------------------------
class Script:
    """A callback failing with the given exceptions in turn, then returning ``"ok"``."""

    def __init__(self, *errors: BaseException) -> None:
        self.errors = list(errors)
        self.calls: list[float] = []

    async def __call__(self, *args, **kwargs):
        self.calls.append(time.monotonic())
        if self.errors:
            raise self.errors.pop(0)
        return "ok"


def _net(cause: BaseException | None = None, cls=NetworkError, msg="Internal Server Error") -> NetworkError:
    e = cls(msg)
    e.__cause__ = cause
    return e


def _call(limiter, script, endpoint="sendMessage", chat_id=42):
    data = {"chat_id": chat_id} if chat_id is not None else {}
    return limiter.process_request(script, (endpoint, data), {}, endpoint, data, None)


def test_outcome_tells_not_done_from_unknown():
    assert outcome(_net()) == "not_done"  # a 5xx answer
    assert outcome(_net(NetworkError("invalid JSON"))) == "not_done"  # a 502 HTML page
    assert outcome(_net(httpx.ConnectError("refused"), msg="httpx.ConnectError")) == "not_done"
    assert outcome(_net(httpx.PoolTimeout("pool"), cls=TimedOut)) == "not_done"
    assert outcome(_net(httpx.WriteError("broken"))) == "not_done"
    assert outcome(_net(httpx.ReadTimeout("slow"), cls=TimedOut)) == "unknown"
    assert outcome(_net(httpx.RemoteProtocolError("Server disconnected"))) == "unknown"
    assert outcome(_net(cls=TimedOut)) == "unknown"


def test_5xx_is_retried_until_it_succeeds_once():
    s = Script(_net(), _net(NetworkError("bad json")))
    assert run(_call(fast_limiter(), s)) == "ok"
    assert len(s.calls) == 3


def test_retries_are_bounded_then_the_error_is_raised():
    s = Script(*[_net() for _ in range(10)])
    with pytest.raises(NetworkError):
        run(_call(fast_limiter(attempts=4), s))
    assert len(s.calls) == 4


def test_backoff_grows_and_is_capped():
    s = Script(_net(), _net(), _net())
    run(_call(ResilientLimiter(backoff=0.05, max_backoff=0.08), s))
    gaps = [b - a for a, b in zip(s.calls, s.calls[1:])]
    assert 0.035 <= gaps[0] < 0.2 and 0.06 <= gaps[1] < 0.25 and 0.06 <= gaps[2] < 0.25


def test_send_with_unknown_outcome_is_not_repeated():
    s = Script(_net(httpx.ReadTimeout("slow"), cls=TimedOut))
    with pytest.raises(DeliveryUnknown):
        run(_call(fast_limiter(), s))
    assert len(s.calls) == 1


def test_send_that_never_left_is_repeated():
    s = Script(_net(httpx.ConnectError("refused")), _net(httpx.WriteError("reset")))
    assert run(_call(fast_limiter(), s)) == "ok" and len(s.calls) == 3


def test_idempotent_call_with_unknown_outcome_is_repeated_and_already_done_counts_as_success():
    s = Script(_net(httpx.ReadTimeout("slow"), cls=TimedOut), BadRequest("Message is not modified: same content"))
    assert run(_call(fast_limiter(), s, endpoint="editMessageText")) is True
    s = Script(_net(httpx.RemoteProtocolError("dropped")), BadRequest("Query is too old and response timeout expired"))
    assert run(_call(fast_limiter(), s, endpoint="answerCallbackQuery", chat_id=None)) is True


def test_bad_request_without_an_earlier_doubt_is_raised():
    s = Script(BadRequest("Query is too old and response timeout expired"))
    with pytest.raises(BadRequest):
        run(_call(fast_limiter(), s, endpoint="answerCallbackQuery", chat_id=None))


def test_rejected_token_is_not_retried():
    s = Script(InvalidToken("Unauthorized"))
    with pytest.raises(InvalidToken):
        run(_call(fast_limiter(), s))
    assert len(s.calls) == 1


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
def test_flood_wait_pauses_only_its_own_chat():
    limiter = fast_limiter()
    slow = Script(RetryAfter(1))
    fast = Script()

    async def both():
        a = asyncio.create_task(_call(limiter, slow, chat_id=-100))
        await asyncio.sleep(0.05)
        b = asyncio.create_task(_call(limiter, fast, chat_id=42))
        c = asyncio.create_task(_call(limiter, Script(), chat_id=-100))
        await asyncio.gather(a, b, c)

    start = time.monotonic()
    run(both())
    assert len(slow.calls) == 2 and slow.calls[1] - slow.calls[0] >= 1.0
    assert fast.calls[0] - start < 0.5  # the other chat did not wait


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
def test_too_long_flood_wait_is_not_waited_out():
    s = Script(RetryAfter(3600))
    with pytest.raises(RetryAfter):
        run(_call(fast_limiter(), s))
    assert len(s.calls) == 1


def test_group_rate_limit_holds_groups_but_not_private_chats():
    limiter = ResilientLimiter(group_rate=2, group_period=60)

    async def go():
        group = [asyncio.create_task(_call(limiter, Script(), chat_id=-7)) for _ in range(3)]
        await asyncio.sleep(0.05)
        t0 = time.monotonic()
        await _call(limiter, Script(), chat_id=5)
        private = time.monotonic() - t0
        done = sum(t.done() for t in group)
        for t in group:
            t.cancel()
        return private, done

    private, done = run(go())
    assert done == 2 and private < 0.5


# -- per-chat order, concurrency ------------------------------------------------------------
def test_chat_key_for_each_kind_of_update():
    msg = Update.de_json(message_update("/rule 209.5", chat_id=42), None)
    assert chat_key(msg) == ("chat", 42)
    inline = Update.de_json({"update_id": 9, "inline_query": {"id": "q", "from": {"id": 7, "is_bot": False, "first_name": "И"},
                                                              "query": "209", "offset": ""}}, None)
    assert chat_key(inline) == ("user", 7)
    assert chat_key(object()) is None


def test_processor_keeps_chat_order_and_runs_chats_concurrently():
    proc = ChatOrderedProcessor(workers=8)
    log: list[str] = []

    async def work(name: str, seconds: float):
        log.append(f"start {name}")
        await asyncio.sleep(seconds)
        log.append(f"end {name}")

    def upd(chat_id: int) -> Update:
        return Update.de_json(message_update("x", chat_id=chat_id), None)

    async def go():
        await proc.initialize()
        a = upd(1)
        jobs = [proc.process_update(a, work("a1", 0.3)), proc.process_update(a, work("a2", 0.0)),
                proc.process_update(upd(2), work("b1", 0.0)), proc.process_update(a, work("a3", 0.0))]
        await asyncio.gather(*(asyncio.ensure_future(j) for j in jobs))
        await proc.shutdown()

    run(go())
    assert log.index("end b1") < log.index("end a1")  # chat 2 did not wait for chat 1
    a = [e for e in log if " a" in e]
    assert a == ["start a1", "end a1", "start a2", "end a2", "start a3", "end a3"]
    assert proc.busy_chats == 0


def test_private_answer_is_not_queued_behind_a_rate_limited_group(edition):
    """The real application: a group's answers wait for its limit (here one a
    second); a private message that arrives after them is answered before the
    group's second answer, and every answer comes once."""
    req = FakeRequest()
    app = tg.build_application(TOKEN, edition=edition, request=req,
                               limiter=fast_limiter(group_rate=1, group_period=1.0))

    async def go():
        await app.initialize()
        await app.start()
        for _ in range(3):
            await app.update_queue.put(Update.de_json(message_update("/rule 209.5", chat_type="supergroup", chat_id=5), app.bot))
        await app.update_queue.put(Update.de_json(message_update("/rule 209.6", chat_id=42), app.bot))
        deadline = asyncio.get_running_loop().time() + 30   # the group's limit needs 2 s; a loaded machine more
        while len(req.sent("sendMessage")) < 4 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        await app.stop()
        await app.shutdown()

    run(go())
    assert [p["chat_id"] for p in req.sent("sendMessage")] == [-105, 42, -105, -105]


# -- configuration ------------------------------------------------------------------------------
def test_api_urls_for_a_self_hosted_server():
    assert api_urls({}) == ("https://api.telegram.org/bot", "https://api.telegram.org/file/bot")
    assert api_urls({"TELEGRAM_API_URL": "http://127.0.0.1:8081"}) == ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot")
    assert api_urls({"TELEGRAM_API_URL": "http://127.0.0.1:8081/bot/"}) == ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot")
    assert api_urls({"TELEGRAM_API_URL": "https://tg.example.org/api/bot{token}"}) == (
        "https://tg.example.org/api/bot{token}", "https://tg.example.org/api/file/bot{token}")
    assert api_urls({"TELEGRAM_API_URL": "http://127.0.0.1:8081", "TELEGRAM_FILE_URL": "http://files.local:9000"}) == (
        "http://127.0.0.1:8081/bot", "http://files.local:9000/file/bot")


@pytest.mark.parametrize("url", ["ftp://host", "127.0.0.1:8081", "http://", "http://host:99999", "http://host/?x=1"])
def test_bad_api_url_is_refused_in_russian(url):
    with pytest.raises(ApiUrlError, match="TELEGRAM_API_URL: "):
        api_urls({"TELEGRAM_API_URL": url})


def test_bad_api_url_exits_2(monkeypatch, capsys):
    monkeypatch.setattr(tg.tg_redact, "install", tg_redact.Redactor)  # leave pytest's streams alone
    monkeypatch.setenv(tg.TOKEN_ENV, TOKEN)
    monkeypatch.setenv("TELEGRAM_API_URL", "ftp://127.0.0.1")
    monkeypatch.setattr(tg, "serve", lambda app, args: pytest.fail("must not connect"))
    args = argparse.Namespace(webhook_url=None, webhook_secret=None, listen="0.0.0.0", port=8443, edition="5ed")
    assert tg.run(args) == 2
    assert "TELEGRAM_API_URL: ожидался адрес сервера Bot API" in capsys.readouterr().err


def test_loopback_addresses():
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.5.0.1", "::1", "[::1]", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "", "192.168.1.5", "bot.example.org"))


def test_webhook_beyond_loopback_needs_a_secret():
    ns = lambda **kw: argparse.Namespace(**{"webhook_url": "https://bot.example.org/tg", "webhook_secret": None,  # noqa: E731
                                             "listen": "0.0.0.0", **kw})
    assert "--webhook-secret обязателен" in tg.check_args(ns())
    assert "--webhook-secret обязателен" in tg.check_args(ns(listen="192.168.1.5"))
    assert tg.check_args(ns(webhook_secret="s3cret")) is None
    assert tg.check_args(ns(listen="127.0.0.1")) is None
    assert tg.check_args(ns(webhook_url=None)) is None  # polling: no listener at all


def test_command_menu_failure_does_not_stop_the_bot(edition, caplog):
    req = FakeRequest()
    req.fail["setMyCommands"] = [(500, {"ok": False, "error_code": 500, "description": "Internal Server Error"})] * 10
    app = tg.build_application(TOKEN, edition=edition, request=req, limiter=fast_limiter())

    async def go():
        await app.initialize()
        await tg.post_init(app)
        await app.shutdown()

    with caplog.at_level(logging.WARNING, logger="bot.chat.telegram"):
        run(go())
    assert len(req.sent("setMyCommands")) == 4 and app.bot_data["ready"]
    assert "Не удалось зарегистрировать меню команд" in caplog.text


def test_delivery_unknown_gets_no_apology_and_no_second_copy(edition):
    req = FakeRequest()
    req.fail["sendMessage"] = [httpx.ReadTimeout("slow")]
    app = tg.build_application(TOKEN, edition=edition, request=req, limiter=fast_limiter())

    async def go():
        await app.initialize()
        await app.process_update(Update.de_json(message_update("/rule 209.5"), app.bot))
        await app.shutdown()

    run(go())
    (only,) = req.sent("sendMessage")
    assert "Небестелесного симбиота" in only["text"]
