"""The Telegram bot: python-telegram-bot v22 wiring only (``berserk-judge telegram``).

Every message, button press and inline query goes to ``bot.chat.handlers``; the
answers are rendered by ``bot.chat.html`` (HTML parse mode, dynamic text escaped,
split at block boundaries below 4096 characters). Nothing here knows the rules.

Environment: ``TELEGRAM_BOT_TOKEN`` (required), ``BERSERK_RULES_URL`` (optional:
the rulebook site's edition page; paragraph numbers link to ``URL#209.5``,
otherwise to the deep link ``https://t.me/<bot>?start=r209_5``).

Exit codes of ``run``: 0 normal stop, 2 token missing or rejected / bad webhook
options, 3 another instance already polls with this token (409 Conflict), 1 the
Telegram API cannot be reached at start.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from typing import Any
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
from telegram.error import BadRequest, Conflict, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from bot.chat import handlers
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
from bot.errors import RulebookError
from bot.paths import DEFAULT_EDITION

log = logging.getLogger("bot.chat.telegram")

TOKEN_ENV = "TELEGRAM_BOT_TOKEN"
RULES_URL_ENV = "BERSERK_RULES_URL"
EXIT_CONFLICT = 3

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
    max_retries: int = 3,
) -> Application:
    """The configured ``Application``: message, inline and button handlers, an
    error handler, an ``AIORateLimiter`` retrying ``max_retries`` times on
    RetryAfter, and ``post_init`` registering the Russian command menu.

    ``request``/``updates_request`` replace the HTTP layer (tests pass a recording
    fake); by default PTB's httpx requests are used.
    """
    builder = Application.builder().token(token).rate_limiter(AIORateLimiter(max_retries=max_retries)).post_init(post_init)
    if request is not None:
        builder = builder.request(request).get_updates_request(updates_request or request)
    app = builder.build()
    app.bot_data["edition"] = edition
    app.bot_data["rules_url"] = rules_url
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, on_message))
    app.add_handler(CallbackQueryHandler(on_callback))
    app.add_handler(InlineQueryHandler(on_inline))
    app.add_error_handler(on_error)
    return app


async def post_init(app: Application) -> None:
    """Register the commands and their Russian descriptions (Telegram's menu)."""
    await app.bot.set_my_commands([BotCommand(s.name, s.description) for s in handlers.COMMANDS.values()])


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
    ctx = _ctx(context, group, reply_to_bot, chat_id=chat.id)
    reply = handlers.handle(msg.text, ctx)
    if reply.empty:
        return
    edition = reply.answers[-1].edition or handlers.chat_ctx(ctx).edition
    await send_reply(context.bot, chat.id, reply, link_fn(context, edition), reply_to=msg.message_id if group else None)


async def on_callback(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A navigation button: edit the message in place to show the new paragraph.

    When the new view is longer than one message, the first part replaces the
    message and the rest follows as new messages (buttons under the last one);
    a message sent in inline mode has no chat to follow up in, so it gets the
    first part only.
    """
    query = update.callback_query
    if query is None:
        return
    chat_id = query.message.chat.id if query.message is not None and query.message.chat is not None else None
    ctx = _ctx(context, chat_id=chat_id)
    reply = handlers.callback(query.data or "", ctx)
    await query.answer()
    link = link_fn(context, ctx.edition)
    if query.message is None:  # sent via inline mode: no chat to follow up in
        messages = [render_single_html(reply.answers, link)]
    else:
        messages = render_reply_html(reply.answers, link)
    markup = keyboard(reply.buttons)
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
    to ``reply_to``); one that Telegram cannot parse is re-sent as plain text."""
    for i, text in enumerate(messages):
        last = i == len(messages) - 1
        params = ReplyParameters(reply_to, allow_sending_without_reply=True) if (reply_to and i == 0) else None
        try:
            await bot.send_message(chat_id, text, parse_mode=ParseMode.HTML, link_preview_options=_NO_PREVIEW,
                                   reply_markup=markup if last else None, reply_parameters=params)
        except BadRequest as e:
            if not _is_entity_error(e):
                raise
            log.warning("HTML rejected by Telegram (%s); sending plain text", e)
            await bot.send_message(chat_id, html_to_plain(text), reply_markup=markup if last else None, reply_parameters=params)


async def on_inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Inline mode: matching paragraphs offered as articles to send into any chat."""
    iq = update.inline_query
    if iq is None:
        return
    link = link_fn(context)
    results = []
    for item in handlers.inline(iq.query, _ctx(context)):
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
    await iq.answer(results, cache_time=60)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the error (without the token) and answer the user politely in Russian.

    409 Conflict (a second instance on the same token) stops the application;
    ``run`` then exits with ``EXIT_CONFLICT`` and a Russian explanation.
    """
    err = context.error
    app = context.application
    if isinstance(err, Conflict):
        if not app.bot_data.get("exit_code"):
            app.bot_data["exit_code"] = EXIT_CONFLICT
            log.critical(CONFLICT_MESSAGE)
            asyncio.get_running_loop().create_task(_stop_when_running(app))
        return
    log.error("Ошибка при обработке обновления: %s", err, exc_info=err)
    if not isinstance(update, Update):
        return
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
def configure_logging() -> None:
    """INFO logging for the bot; httpx stays at WARNING so request URLs (which
    contain the token) never reach the logs."""
    handler = logging.StreamHandler()
    handler.setLevel(logging.INFO)  # libraries such as bm25s set their own loggers to DEBUG
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)


def serve(app: Application, args: Any, stop_signals: Any = (), bootstrap_retries: int = 5) -> int:
    """Run ``app`` by polling, or by webhook when ``args.webhook_url`` is set; returns
    the exit code (see the module docstring). ``stop_signals=()`` keeps PTB's default
    SIGINT/SIGTERM handling; tests pass ``None``. Start-up network errors are retried
    ``bootstrap_retries`` times (an invalid token never is)."""
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
        sys.stderr.write(f"Telegram отверг токен из {TOKEN_ENV}: проверьте его у @BotFather.\n")
        return 2
    except NetworkError as e:
        sys.stderr.write(f"Не удаётся связаться с Telegram: {e}. Проверьте сеть и попробуйте снова.\n")
        return 1
    code = int(app.bot_data.get("exit_code") or 0)
    if code == EXIT_CONFLICT:
        sys.stderr.write(CONFLICT_MESSAGE + "\n")
    return code


def check_args(args: Any) -> str | None:
    """A Russian message when the webhook options are unusable, else ``None``."""
    url = getattr(args, "webhook_url", None)
    secret = getattr(args, "webhook_secret", None)
    if secret is not None and not _SECRET_RE.match(secret):
        return "--webhook-secret: допустимы 1–256 символов A-Z, a-z, 0-9, «_» и «-»."
    if secret is not None and not url:
        return "--webhook-secret имеет смысл только вместе с --webhook-url."
    if url and urlparse(url).scheme != "https":
        return "--webhook-url должен начинаться с https:// (Telegram принимает только HTTPS)."
    return None


def run(args: Any) -> int:
    """CLI ``telegram [--webhook-url URL --webhook-secret S --listen H --port P] [--edition E]``.

    Exit 2 with a Russian message when ``TELEGRAM_BOT_TOKEN`` is not set or is not
    shaped like a bot token (``TOKEN_RE``; checked before any network call, so a
    mistyped token does not hang on retries). Prints «Подключаюсь к Telegram…» to
    stderr before connecting.
    """
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        sys.stderr.write(NO_TOKEN_MESSAGE)
        return 2
    if not TOKEN_RE.match(token):
        sys.stderr.write(BAD_TOKEN_MESSAGE)
        return 2
    problem = check_args(args)
    if problem:
        sys.stderr.write(problem + "\n")
        return 2
    sys.stderr.write("Подключаюсь к Telegram…\n")
    sys.stderr.flush()
    configure_logging()
    app = build_application(token, edition=getattr(args, "edition", DEFAULT_EDITION), rules_url=os.environ.get(RULES_URL_ENV) or None)
    return serve(app, args)
