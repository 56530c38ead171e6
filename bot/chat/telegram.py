"""The Telegram bot: python-telegram-bot v22 wiring only (``berserk-judge telegram``).

Every message, button press and inline query goes to ``bot.chat.handlers``; the
answers are rendered by ``bot.chat.html`` (HTML parse mode, dynamic text escaped,
split at block boundaries below 4096 characters). Nothing here knows the rules.
The handlers' synchronous work (reading the question, rendering) runs in one
worker thread, so the event loop keeps sending, polling and retrying meanwhile.

Robustness (issue 16): updates of different chats are handled concurrently, each
chat in order (``tg_order``); every Bot API call is rate limited and retried on
transient failures, never sending a message twice (``tg_retry``); the token never
reaches a log or a stream (``tg_redact``); a token revoked while running stops the
process with exit 2 (``tg_api.WatchedRequest``).

Environment: ``TELEGRAM_BOT_TOKEN`` (required), ``TELEGRAM_API_URL`` /
``TELEGRAM_FILE_URL`` (optional: a self-hosted Bot API server, ``tg_api``),
``BERSERK_RULES_URL`` (optional: the rulebook site's edition page; paragraph
numbers link to ``URL#209.5``, otherwise to the deep link
``https://t.me/<bot>?start=r209_5``).

Exit codes of ``run``: 0 normal stop (SIGINT/SIGTERM); 1 the Telegram API cannot
be reached at start (after the start-up retries); 2 token missing, malformed,
rejected at start or revoked while running, bad webhook options (a webhook
listening beyond loopback needs ``--webhook-secret``) or a bad
``TELEGRAM_API_URL``; 3 another instance already polls with this token (409
Conflict).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from html import escape
from typing import Any, Callable
from urllib.parse import urlparse

from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    LinkPreviewOptions,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Conflict, Forbidden, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    Application,
    BaseRateLimiter,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest, HTTPXRequest

from bot.chat import handlers, tg_redact
from bot.chat.handlers import Button, Ctx, Reply
from bot.chat.html import (
    LinkFn,
    deep_links,
    html_to_plain,
    no_links,
    render_reply_html,
    render_single_html,
    rules_url_links,
)
from bot.chat.tg_api import (
    API_URL_ENV,
    DEFAULT_API_URL,
    DEFAULT_FILE_URL,
    ApiUrlError,
    WatchedRequest,
    api_urls,
    is_loopback,
)
from bot.chat.tg_order import ChatOrderedProcessor
from bot.chat.tg_retry import DeliveryUnknown, ResilientLimiter
from bot.errors import RulebookError
from bot.paths import DEFAULT_EDITION

log = logging.getLogger("bot.chat.telegram")

TOKEN_ENV = "TELEGRAM_BOT_TOKEN"
RULES_URL_ENV = "BERSERK_RULES_URL"
EXIT_UNREACHABLE = 1
EXIT_TOKEN = 2
EXIT_CONFLICT = 3
START_RETRIES = 2
"""Start-up rounds after the first (python-telegram-bot's bootstrap loop, waiting
1 s, then 1.5 s); each call inside a round is itself retried by ``ResilientLimiter``.
With Telegram unreachable the bot gives up with exit 1 after about 8 s."""

TOKEN_RE = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{30,}$")
"""The shape of a bot token from @BotFather: the bot id, «:», 30+ URL-safe characters."""
BAD_TOKEN_MESSAGE = (
    f"{TOKEN_ENV} не похож на токен бота: ожидалось «цифры:строка» (например 123456789:AAE…, "
    "после двоеточия не меньше 30 латинских букв, цифр, «-» или «_», без пробелов и кавычек). "
    "Скопируйте токен у @BotFather ещё раз.\n"
)
NO_TOKEN_MESSAGE = (
    "Не задан токен Telegram-бота.\n"
    "Получите токен у @BotFather и передайте его через переменную окружения, например:\n"
    f"  export {TOKEN_ENV}=123456789:AA...\n"
    "  berserk-judge telegram\n"
)
CONFLICT_MESSAGE = (
    "Telegram сообщает о конфликте (409): с этим токеном уже работает другой экземпляр бота "
    "(или для него задан webhook). Остановите другой экземпляр и запустите бота снова."
)
REJECTED_MESSAGE = f"Telegram отверг токен из {TOKEN_ENV}: проверьте его у @BotFather."
REVOKED_MESSAGE = (
    f"Telegram больше не принимает токен из {TOKEN_ENV} (401 Unauthorized): его отозвали или "
    "заменили у @BotFather. Бот остановлен; задайте новый токен и запустите его снова."
)
ERROR_REPLY = "Извините, при обработке запроса что-то пошло не так. Попробуйте ещё раз или переформулируйте вопрос; справка — /help."
_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


# -- building -----------------------------------------------------------------------
def build_application(
    token: str,
    *,
    edition: str = DEFAULT_EDITION,
    rules_url: str | None = None,
    request: BaseRequest | None = None,
    updates_request: BaseRequest | None = None,
    limiter: BaseRateLimiter | None = None,
    processor: BaseUpdateProcessor | None = None,
    base_url: str = DEFAULT_API_URL,
    base_file_url: str = DEFAULT_FILE_URL,
) -> Application:
    """The configured ``Application``: message, inline and button handlers, an
    error handler, ``post_init`` registering the Russian command menu.

    limiter: every call but ``getUpdates`` goes through it (default
    ``ResilientLimiter()``: flood limits, per-chat 429 waits, retries);
    processor: how updates are scheduled (default ``ChatOrderedProcessor()``:
    chats concurrently, each in order); base_url / base_file_url: the Bot API
    server (``tg_api.api_urls``). ``request``/``updates_request`` replace the HTTP
    layer (tests pass a recording fake; default httpx, 256 connections for calls,
    1 for polling); either way it is wrapped in ``WatchedRequest`` so that a 401
    while running stops the bot with exit 2.
    """
    holder: dict[str, Application] = {}

    def unauthorized(method: str) -> bool:
        return "app" in holder and _token_revoked(holder["app"], method)

    call_request = request if request is not None else HTTPXRequest(connection_pool_size=256)
    poll_request = updates_request or (request if request is not None else HTTPXRequest())
    builder = (
        Application.builder()
        .token(token)
        .base_url(base_url)
        .base_file_url(base_file_url)
        .request(WatchedRequest(call_request, unauthorized))
        .get_updates_request(WatchedRequest(poll_request, unauthorized))
        .rate_limiter(limiter if limiter is not None else ResilientLimiter())
        .concurrent_updates(processor if processor is not None else ChatOrderedProcessor())
        .post_init(post_init)
        .post_shutdown(post_shutdown)
    )
    app = builder.build()
    holder["app"] = app
    app.bot_data["edition"] = edition
    app.bot_data["rules_url"] = rules_url
    app.bot_data["worker"] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge-worker")
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, on_message))
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & ATTACHMENTS, on_attachment))
    app.add_handler(CallbackQueryHandler(on_callback))
    app.add_handler(InlineQueryHandler(on_inline))
    app.add_error_handler(on_error)
    return app


async def post_init(app: Application) -> None:
    """Register the commands and their Russian descriptions (Telegram's menu).

    The menu is a convenience: when Telegram keeps failing the call (after the
    limiter's retries) the bot logs a warning and starts without it; only a
    rejected token stops the start (``InvalidToken``)."""
    try:
        await app.bot.set_my_commands([BotCommand(s.name, s.description) for s in handlers.COMMANDS.values()])
    except InvalidToken:
        raise
    except TelegramError as e:
        log.warning("Не удалось зарегистрировать меню команд (%s); бот работает без него", e)
    app.bot_data["ready"] = True


async def post_shutdown(app: Application) -> None:
    """Let the worker thread go."""
    worker = app.bot_data.get("worker")
    if worker is not None:
        worker.shutdown(wait=False, cancel_futures=True)


def _token_revoked(app: Application, method: str) -> bool:
    """A 401 on ``method``: after start-up, stop with ``EXIT_TOKEN`` and return True
    (the bot is stopping). At start-up return False: python-telegram-bot raises
    ``InvalidToken`` itself and ``serve`` exits 2."""
    if not app.bot_data.get("ready"):
        return False
    if app.bot_data.get("exit_code"):
        return True
    app.bot_data["exit_code"] = EXIT_TOKEN
    log.critical("%s (метод %s)", REVOKED_MESSAGE, method)
    asyncio.get_running_loop().create_task(_stop_revoked(app))
    return True


async def _stop_revoked(app: Application) -> None:
    """Stop the application once it runs (``WatchedRequest`` keeps the polling loop
    quiet meanwhile)."""
    await _stop_when_running(app)


async def _in_worker(context: ContextTypes.DEFAULT_TYPE, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in the application's worker thread (handlers are synchronous
    and CPU-bound; one thread keeps them serial, so they need no locking)."""
    worker = context.bot_data.get("worker")
    if worker is None:
        return fn(*args)
    return await asyncio.get_running_loop().run_in_executor(worker, fn, *args)


# -- helpers ------------------------------------------------------------------------
def chat_store(context: ContextTypes.DEFAULT_TYPE):
    """The bot's store (``bot.store``: SQLite in the user data folder, or ``DATABASE_URL``),
    opened on first use and kept in ``bot_data["store"]``; ``None`` (logged) when it
    cannot be opened – the bot then answers with its default edition."""
    if "store" not in context.bot_data:
        from bot.chat.settings import ChatSettings
        from bot.store import StoreError

        try:
            context.bot_data["store"] = ChatSettings()
        except StoreError as e:
            log.error("хранилище настроек чатов недоступно: %s", e)
            context.bot_data["store"] = None
    return context.bot_data["store"]


def _ctx(context: ContextTypes.DEFAULT_TYPE, group: bool = False, reply_to_bot: bool = False,
         chat_id: int | None = None) -> Ctx:
    ctx = Ctx(
        edition=context.bot_data.get("edition", DEFAULT_EDITION),
        bot_username=context.bot.username,
        group=group,
        reply_to_bot=reply_to_bot,
        transport="telegram",
        chat_id=chat_id,
        store=chat_store(context) if chat_id is not None else None,
    )
    return handlers.chat_ctx(ctx)


def link_fn(context: ContextTypes.DEFAULT_TYPE, edition: str | None = None) -> LinkFn:
    """Paragraph links: to ``BERSERK_RULES_URL#N`` when set, else deep links into the
    bot; only numbers that exist in the edition (the chat's, else the bot's) are linked."""
    url = context.bot_data.get("rules_url")
    base = rules_url_links(url) if url else (deep_links(context.bot.username) if context.bot.username else no_links)
    try:
        from bot.rulebook import load

        rb = load(edition or context.bot_data.get("edition", DEFAULT_EDITION))
    except RulebookError:
        return base
    return lambda n: base(n) if (rb.get(n) is not None or rb.section(n) is not None) else None


def keyboard(rows: list[list[Button]]) -> InlineKeyboardMarkup | None:
    """Transport-neutral button rows -> an inline keyboard (``None`` when empty)."""
    if not rows:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(b.text, callback_data=b.data) for b in row] for row in rows])


def _is_entity_error(e: BadRequest) -> bool:
    return "can't parse entities" in str(e).lower() or "can't find end" in str(e).lower()


def _message_reply(context: ContextTypes.DEFAULT_TYPE, text: str, group: bool, reply_to_bot: bool,
                   chat_id: int) -> tuple[list[str], InlineKeyboardMarkup | None]:
    """Worker-thread part of a message: ``handlers.handle`` -> HTML messages (links
    into the answer's edition, else the chat's) and the keyboard under the last; no
    messages when the bot is to stay silent."""
    ctx = _ctx(context, group, reply_to_bot, chat_id=chat_id)
    reply = handlers.handle(text, ctx)
    if reply.empty:
        return [], None
    edition = reply.answers[-1].edition or handlers.chat_ctx(ctx).edition
    return render_reply_html(reply.answers, link_fn(context, edition)), keyboard(reply.buttons)


async def send_reply(bot, chat_id: int, reply: Reply, link: LinkFn, reply_to: int | None = None) -> None:
    """Send ``reply`` as HTML messages (buttons under the last one); a message
    Telegram cannot parse («can't parse entities») is re-sent as plain text."""
    await _send_html(bot, chat_id, render_reply_html(reply.answers, link), keyboard(reply.buttons), reply_to)


# -- handlers -----------------------------------------------------------------------
async def on_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text message or command: ``handlers.handle`` -> HTML messages."""
    msg = update.effective_message
    chat = update.effective_chat
    if msg is None or chat is None or not msg.text:
        return
    group = chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
    replied = msg.reply_to_message
    reply_to_bot = bool(replied and replied.from_user and replied.from_user.id == context.bot.id)
    messages, markup = await _in_worker(context, _message_reply, context, msg.text, group, reply_to_bot, chat.id)
    if messages:
        await _send_html(context.bot, chat.id, messages, markup, reply_to=msg.message_id if group else None)


ATTACHMENTS = (filters.Document.ALL | filters.PHOTO | filters.Sticker.ALL | filters.VOICE | filters.AUDIO
               | filters.VIDEO | filters.VIDEO_NOTE | filters.ANIMATION)
"""Messages with a file or media instead of text (``on_attachment``); service messages
(members joining, pins) are not among them and stay unanswered."""


async def on_attachment(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A file or media message (``bot.chat.tg_files``): a scenario file is downloaded and
    handled as ``/scenario`` with its text; anything else gets a Russian note on what
    the bot reads (in a group only when addressed to the bot)."""
    from bot.chat import tg_files

    msg = update.effective_message
    chat = update.effective_chat
    if msg is None or chat is None:
        return
    group = chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
    replied = msg.reply_to_message
    reply_to_bot = bool(replied and replied.from_user and replied.from_user.id == context.bot.id)
    caption = msg.caption or ""
    cmd = handlers.parse_command(caption)
    if cmd is not None and cmd.target and context.bot.username and cmd.target.lower() != context.bot.username.lower():
        return  # «/scenario@other_bot»
    # as for text: a command in a group is for the bot unless it names another one
    addressed = not group or reply_to_bot or cmd is not None or handlers.strip_mention(caption, context.bot.username)[1]
    if not addressed:
        return
    doc = msg.document
    what = tg_files.plan(doc.file_name if doc else None, doc.file_size if doc else None, caption)
    reply_to = msg.message_id if group else None

    async def note(text: str) -> None:
        await _send_html(context.bot, chat.id, [f"<i>{escape(text)}</i>"], None, reply_to=reply_to)

    if what.command is None:
        return await note(what.note or "")
    from bot.errors import InputFileError

    name = doc.file_name or "файл"
    raw = await _download(context.bot, doc.file_id)
    if isinstance(raw, str):
        return await note(tg_files.NOT_DOWNLOADED.format(name=name[:80], why=raw))
    try:
        text = tg_files.scenario_message(what.command, raw, name)
    except InputFileError as e:
        return await note(str(e))
    messages, markup = await _in_worker(context, _message_reply, context, text, group, True, chat.id)
    if messages:
        await _send_html(context.bot, chat.id, messages, markup, reply_to=reply_to)


async def _download(bot, file_id: str) -> bytes | str:
    """The file's bytes, or the Russian reason it could not be had. A rejected token on
    getFile propagates (the bot stops, exit 2); the file server's 404 — which
    python-telegram-bot reports as ``InvalidToken`` too — is a file no longer served."""
    try:
        file = await bot.get_file(file_id)
    except InvalidToken:
        raise
    except NetworkError:   # the limiter's retries did not help
        return "нет связи с Telegram"
    except TelegramError:   # too big for the Bot API (20 MB) or no longer available
        return "Telegram не отдал файл"
    except (AttributeError, TypeError, KeyError, ValueError):   # a malformed answer (a self-hosted API)
        return "ответ Telegram на getFile не понят"
    try:
        return bytes(await file.download_as_bytearray())
    except NetworkError:
        return "нет связи с Telegram"
    except TelegramError:
        return "Telegram не отдал файл"
    except (RuntimeError, AttributeError, TypeError, ValueError):   # no file_path in the answer, a bad URL
        return "Telegram не сообщил, где лежит файл"


def _callback_view(context: ContextTypes.DEFAULT_TYPE, data: str, chat_id: int | None,
                   inline_message: bool) -> tuple[list[str], InlineKeyboardMarkup | None, bool]:
    """Worker-thread part of a button press: the new view's HTML messages (one for a
    message sent in inline mode), its keyboard, and whether it follows the pressed message
    as new messages (``Reply.follow_up``) instead of replacing it."""
    ctx = _ctx(context, chat_id=chat_id)
    reply = handlers.callback(data, ctx)
    link = link_fn(context, ctx.edition)
    if inline_message:
        return [render_single_html(reply.answers, link)], keyboard(reply.buttons), False
    return render_reply_html(reply.answers, link), keyboard(reply.buttons), reply.follow_up


async def on_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A navigation button: edit the message in place to show the new paragraph (the
    «Разбор» button: its scenario is sent as a reply to the answer, which stays).

    When the new view is longer than one message, the first part replaces the
    message and the rest follows as new messages (buttons under the last one);
    a message sent in inline mode has no chat to follow up in, so it gets the
    first part only. Answering the button (which only stops its spinner) may fail
    — e.g. «query is too old» after a slow start — without stopping the edit.
    """
    query = update.callback_query
    if query is None:
        return
    chat_id = query.message.chat.id if query.message is not None and query.message.chat is not None else None
    messages, markup, follow_up = await _in_worker(context, _callback_view, context, query.data or "", chat_id,
                                                   query.message is None)
    try:
        await query.answer()
    except InvalidToken:
        raise
    except TelegramError as e:
        log.warning("Не удалось ответить на нажатие кнопки (%s); меняю сообщение всё равно", e)
    if follow_up and query.message is not None:     # «Разбор»: the answer stays, the scenario comes under it
        await _send_html(context.bot, query.message.chat_id, messages, markup, reply_to=query.message.message_id)
        return
    only = len(messages) == 1
    first_markup = markup if only else None
    try:
        await query.edit_message_text(messages[0], parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW,
                                      reply_markup=first_markup)
    except BadRequest as e:
        if "message is not modified" in str(e).lower():
            return
        if not _is_entity_error(e):
            raise
        await query.edit_message_text(html_to_plain(messages[0]), reply_markup=first_markup)
    if not only:
        await _send_html(context.bot, query.message.chat_id, messages[1:], markup)


async def _send_html(bot, chat_id: int, messages: list[str], markup: InlineKeyboardMarkup | None,
                     reply_to: int | None = None) -> None:
    """Send HTML ``messages`` in order (``markup`` under the last, the first replying
    to ``reply_to``); one that Telegram cannot parse is re-sent as plain text.

    Transient failures are retried by the limiter; a part whose delivery is unknown
    (``DeliveryUnknown``: probably delivered, never re-sent) does not stop the parts
    after it."""
    for i, text in enumerate(messages):
        last = i == len(messages) - 1
        params = ReplyParameters(reply_to, allow_sending_without_reply=True) if (reply_to and i == 0) else None
        try:
            try:
                await bot.send_message(chat_id, text, parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW,
                                       reply_markup=markup if last else None, reply_parameters=params)
            except BadRequest as e:
                if not _is_entity_error(e):
                    raise
                log.warning("HTML rejected by Telegram (%s); sending plain text", e)
                await bot.send_message(chat_id, html_to_plain(text), reply_markup=markup if last else None,
                                       reply_parameters=params)
        except DeliveryUnknown:
            continue  # logged by the limiter; the part probably arrived


def _inline_results(context: ContextTypes.DEFAULT_TYPE, query: str) -> list[InlineQueryResultArticle]:
    """Worker-thread part of an inline query: the matching paragraphs as articles."""
    link = link_fn(context)
    results = []
    for item in handlers.inline(query, _ctx(context)):
        text = render_single_html([item.answer], link)
        results.append(
            InlineQueryResultArticle(
                id=item.id,
                title=item.title,
                description=item.description,
                input_message_content=InputTextMessageContent(text, parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW),
                reply_markup=keyboard(item.buttons),
            )
        )
    return results


async def on_inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Inline mode: matching paragraphs offered as articles to send into any chat."""
    iq = update.inline_query
    if iq is None:
        return
    results = await _in_worker(context, _inline_results, context, iq.query)
    await iq.answer(results, cache_time=60)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the error (never the token) and answer the user politely in Russian.

    409 Conflict (a second instance on the same token) stops the application;
    ``run`` then exits with ``EXIT_CONFLICT`` and a Russian explanation. No apology
    when it could not arrive or is not due: a rejected token (the bot is stopping,
    exit 2), a user who blocked the bot (403), an answer whose delivery is unknown
    (it probably arrived). A failed ``getUpdates`` (no update) is logged as a
    warning: python-telegram-bot polls again.
    """
    err = context.error
    app = context.application
    if isinstance(err, Conflict):
        if not app.bot_data.get("exit_code"):
            app.bot_data["exit_code"] = EXIT_CONFLICT
            log.critical(CONFLICT_MESSAGE)
            asyncio.get_running_loop().create_task(_stop_when_running(app))
        return
    if isinstance(err, InvalidToken):
        return  # WatchedRequest saw the 401 and stops the bot
    if not isinstance(update, Update):
        log.warning("Ошибка связи с Telegram при получении обновлений (%s); повторяю", err)
        return
    if isinstance(err, DeliveryUnknown):
        return
    if isinstance(err, Forbidden):
        log.info("Telegram не даёт писать в этот чат (%s)", err)
        return
    log.error("Ошибка при обработке обновления: %s", err, exc_info=err)
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(ERROR_REPLY[:190], show_alert=True)
        elif update.effective_chat is not None and update.inline_query is None:
            await context.bot.send_message(update.effective_chat.id, ERROR_REPLY)
    except TelegramError as e:  # the apology itself failed; nothing more to do
        log.warning("Не удалось отправить сообщение об ошибке: %s", e)


async def _stop_when_running(app: Application) -> None:
    while not app.running:
        await asyncio.sleep(0.05)
    app.stop_running()


# -- entry point ------------------------------------------------------------------------
class OneLineStartupErrors(logging.Filter):
    """python-telegram-bot logs a failed start-up (Telegram unreachable after its retry
    loop, a rejected token) with a full traceback just before ``serve`` tells the user
    in Russian what failed and exits 1 or 2. For those errors (``NetworkError``,
    ``InvalidToken``) from the ``telegram`` loggers the record keeps one line — the
    message and the error's own text — and drops the traceback; anything else (a bug)
    keeps its traceback for the operator."""

    def filter(self, record: logging.LogRecord) -> bool:
        err = record.exc_info[1] if record.exc_info else None
        if isinstance(err, (NetworkError, InvalidToken)) and record.name.startswith("telegram"):
            record.msg, record.args = f"{record.getMessage()} ({type(err).__name__}: {err})", ()
            record.exc_info, record.exc_text = None, None
        return True


def configure_logging(redact: tg_redact.Redactor | None = None) -> None:
    """INFO logging for the bot to stderr, every handler masking ``redact``'s
    secrets; httpx stays at WARNING (its request lines carry the token in the URL);
    start-up network failures are one line, not a traceback (``OneLineStartupErrors``)."""
    handler = logging.StreamHandler()
    handler.setLevel(logging.INFO)  # libraries such as bm25s set their own loggers to DEBUG
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(OneLineStartupErrors())
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)
    if redact is not None:
        for h in [handler, *logging.getLogger().handlers]:
            tg_redact.add_filter(h, redact)


def serve(app: Application, args: Any, stop_signals: Any = (), bootstrap_retries: int = START_RETRIES) -> int:
    """Run ``app`` by polling, or by webhook when ``args.webhook_url`` is set; returns
    the exit code (see the module docstring). ``stop_signals=()`` keeps PTB's default
    SIGINT/SIGTERM handling; tests pass ``None``. Start-up calls are retried
    ``bootstrap_retries`` more rounds (an invalid token never is)."""
    kwargs: dict[str, Any] = {"allowed_updates": ["message", "callback_query", "inline_query"],
                              "bootstrap_retries": bootstrap_retries}
    asyncio.set_event_loop(asyncio.new_event_loop())  # PTB runs on (and closes) the current loop
    if stop_signals != ():
        kwargs["stop_signals"] = stop_signals
    try:
        if getattr(args, "webhook_url", None):
            app.run_webhook(
                listen=args.listen,
                port=args.port,
                url_path=urlparse(args.webhook_url).path.lstrip("/"),
                webhook_url=args.webhook_url,
                secret_token=args.webhook_secret,
                **kwargs,
            )
        else:
            app.run_polling(**kwargs)
    except InvalidToken:
        hint = f" Или {API_URL_ENV} указывает не на сервер Bot API." if os.environ.get(API_URL_ENV) else ""
        sys.stderr.write(REJECTED_MESSAGE + hint + "\n")
        return EXIT_TOKEN
    except NetworkError as e:
        sys.stderr.write(f"Не удаётся связаться с Telegram: {e}. Проверьте сеть и попробуйте снова.\n")
        return EXIT_UNREACHABLE
    code = int(app.bot_data.get("exit_code") or 0)
    if code == EXIT_CONFLICT:
        sys.stderr.write(CONFLICT_MESSAGE + "\n")
    elif code == EXIT_TOKEN:
        sys.stderr.write(REVOKED_MESSAGE + "\n")
    return code


def check_args(args: Any) -> str | None:
    """A Russian message when the webhook options are unusable, else ``None``.

    A webhook that listens beyond the loopback interface (``--listen 0.0.0.0``, the
    default) must have ``--webhook-secret``: otherwise anyone who finds the port can
    post forged updates to the bot."""
    url = getattr(args, "webhook_url", None)
    secret = getattr(args, "webhook_secret", None)
    listen = getattr(args, "listen", None) or "0.0.0.0"
    if secret is not None and not _SECRET_RE.match(secret):
        return "--webhook-secret: допустимы 1–256 символов A-Z, a-z, 0-9, «_» и «-»."
    if secret is not None and not url:
        return "--webhook-secret имеет смысл только вместе с --webhook-url."
    if url and urlparse(url).scheme != "https":
        return "--webhook-url должен начинаться с https:// (Telegram принимает только HTTPS)."
    port = getattr(args, "port", None)
    if url and isinstance(port, int) and not 1 <= port <= 65535:
        return f"--port {port}: ожидался номер порта от 1 до 65535."
    if url and secret is None and not is_loopback(listen):
        return (f"--webhook-secret обязателен, когда webhook слушает не только локальный адрес (--listen {listen}): "
                "без него любой, кто найдёт порт, сможет слать боту поддельные обновления. Задайте "
                "--webhook-secret СЕКРЕТ (1–256 символов A-Z, a-z, 0-9, «_», «-») или --listen 127.0.0.1 "
                "за обратным прокси.")
    return None


def run(args: Any) -> int:
    """CLI ``telegram [--webhook-url URL --webhook-secret S --listen H --port P] [--edition E]``.

    Exit 2 with a Russian message when ``TELEGRAM_BOT_TOKEN`` is not set or is not
    shaped like a bot token (``TOKEN_RE``; checked before any network call, so a
    mistyped token does not hang on retries), when the webhook options are unusable
    (``check_args``) or ``TELEGRAM_API_URL``/``TELEGRAM_FILE_URL`` is not an http(s)
    address. Once the token is known to be well-formed, it and the webhook secret
    are masked in every output (``tg_redact.install``; no message before that
    prints the token). Prints «Подключаюсь к Telegram…» to stderr before
    connecting.
    """
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        sys.stderr.write(NO_TOKEN_MESSAGE)
        return EXIT_TOKEN
    if not TOKEN_RE.match(token):
        sys.stderr.write(BAD_TOKEN_MESSAGE)
        return EXIT_TOKEN
    redact = tg_redact.install([token, getattr(args, "webhook_secret", None)])
    problem = check_args(args)
    if problem:
        sys.stderr.write(problem + "\n")
        return EXIT_TOKEN
    try:
        base_url, base_file_url = api_urls(dict(os.environ))
    except ApiUrlError as e:
        sys.stderr.write(f"{e}\n")
        return EXIT_TOKEN
    sys.stderr.write("Подключаюсь к Telegram…\n")
    sys.stderr.flush()
    configure_logging(redact)
    app = build_application(token, edition=getattr(args, "edition", DEFAULT_EDITION),
                            rules_url=os.environ.get(RULES_URL_ENV) or None,
                            base_url=base_url, base_file_url=base_file_url)
    open_chat_store(app.bot_data, getattr(args, "edition", DEFAULT_EDITION))
    from bot.warm import ready

    ready(getattr(args, "edition", DEFAULT_EDITION))    # the data loaded and the heap frozen (bot.warm)
    return serve(app, args)


def open_chat_store(bot_data: dict, edition: str) -> None:
    """Open the chat settings store at start-up (``bot_data["store"]``), so that a
    broken ``DATABASE_URL`` (unreachable or malformed PostgreSQL, a file that is not
    SQLite) is told once on stderr in Russian when the bot starts — not found out
    later from a chat whose ``/edition`` is silently forgotten. The bot still runs:
    every chat is answered from ``edition``."""
    from bot.chat.settings import ChatSettings
    from bot.store import StoreError

    try:
        bot_data["store"] = ChatSettings()
    except StoreError as e:
        bot_data["store"] = None
        sys.stderr.write(f"Внимание: {e} Бот работает без базы: /edition не запоминается, "
                         f"все чаты отвечаются по редакции {edition}; /card отвечает этой ошибкой.\n")
        sys.stderr.flush()
