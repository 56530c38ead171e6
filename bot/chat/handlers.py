"""Transport-neutral chat handling: a message text -> ``Reply`` (docs/architecture.md, «How a message flows»).

The console chat and the Telegram bot both call ``handle(text, ctx)`` for every
message, ``callback(data, ctx)`` for a button press and ``inline(query, ctx)`` for an
inline query. This module only parses the message (command + arguments, group
addressing) and calls the function of the module that owns the concept (the names
of docs/architecture.md's packages); it holds no rules logic and imports no transport.

Commands: /start [payload], /help, /rule N, /search words, /parse text,
/explain text, /scenario YAML, /glossary [word], /card NAME (a card of the user's
database, ``bot.cards.answer``; a list gives «k:<token>» buttons); any other text is a
judge question (``bot.judge.ask``). Inline mode finds cards as well as paragraphs.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from bot.answer import Answer, Block
from bot.errors import BerserkError
from bot.paths import DEFAULT_EDITION
from bot.rulebook import parse_number
from bot.textnorm import as_latin, clip


# -- types ----------------------------------------------------------------------
@dataclass(frozen=True)
class Ctx:
    """Where a message came from.

    edition: rulebook edition to answer from; bot_username: the bot's username
    without «@» (Telegram; ``None`` in the console); group: the message was posted in
    a group chat; reply_to_bot: it replies to one of the bot's own messages;
    transport: ``"console"`` or ``"telegram"`` (only changes the help text);
    chat_id, store: see ``store``.
    """

    edition: str = DEFAULT_EDITION
    bot_username: str | None = None
    group: bool = False
    reply_to_bot: bool = False
    transport: str = "console"
    chat_id: int | None = None
    store: Any = None
    """The chat settings (``bot.chat.settings.ChatSettings`` over the bot's store), or ``None``:
    with ``chat_id`` set, ``/edition`` is remembered for the chat and wins over ``edition``."""


@dataclass(frozen=True)
class Button:
    """An inline button: ``text`` shown, ``data`` the compact callback payload
    ("r:209.6" paragraph, "s:209" section, "c:209.4" paragraphs citing 209.4)."""

    text: str
    data: str


@dataclass
class Reply:
    """What a transport shows for one message: answers in order, then optional
    rows of buttons (shown under the last message). An empty reply means «stay
    silent» (a group message not addressed to the bot)."""

    answers: list[Answer] = field(default_factory=list)
    buttons: list[list[Button]] = field(default_factory=list)
    follow_up: bool = False
    """A button's view shown as new messages under the pressed one, not in its place (the
    «Разбор» of an answer: the answer stays)."""

    @property
    def empty(self) -> bool:
        """True when nothing is to be sent."""
        return not self.answers


@dataclass(frozen=True)
class Command:
    """A parsed command message: ``name`` lower-case without «/», ``args`` the rest of
    the text (newlines kept, stripped), ``target`` the «@botname» suffix or ``None``."""

    name: str
    args: str
    target: str | None = None


@dataclass(frozen=True)
class InlineItem:
    """One inline-mode result: a paragraph (or range) to send into any chat."""

    id: str
    title: str
    description: str
    answer: Answer
    buttons: list[list[Button]] = field(default_factory=list)


@dataclass(frozen=True)
class CommandSpec:
    """A chat command: ``description`` (Russian, registered in Telegram's menu),
    ``usage`` example, and the owning ``module``/``function`` (``None`` = built in;
    imported on first use, see ``command_function``)."""

    name: str
    description: str
    usage: str
    module: str | None = None
    function: str | None = None


COMMANDS: dict[str, CommandSpec] = {
    s.name: s
    for s in (
        CommandSpec("start", "начать: что умеет бот", "/start"),
        CommandSpec("help", "справка по командам", "/help"),
        CommandSpec("rule", "пункт правил по номеру: /rule 209.5", "/rule 209.5", "bot.lookup", "rule_answer"),
        CommandSpec("search", "поиск по правилам: /search симбиот летающий", "/search симбиот летающий", "bot.search", "search_answer"),
        CommandSpec("parse", "разобрать текст карты в дерево: /parse {tap}: Ранить выбранное существо на 2; получить фишку", "/parse {tap}: Ранить выбранное существо на 2; получить фишку", "bot.abilities.parser", "parse_answer"),
        CommandSpec("explain", "пошаговое разрешение особенности (505): /explain --failed 1 Уничтожить себя – разряд на 4", "/explain --failed 1 Уничтожить себя – разряд на 4", "bot.abilities.resolve", "explain_answer"),
        CommandSpec("scenario", "прогнать сценарий (YAML в сообщении)", "/scenario\n<YAML сценария>", "bot.sim.scenario", "scenario_answer"),
        CommandSpec("glossary", "термины правил: /glossary хозяин", "/glossary хозяин", "bot.glossary", "glossary_answer"),
        CommandSpec("card", "карта из вашей базы по имени: /card Гном-басаарг", "/card Гном-басаарг", "bot.cards.answer", "card_answer"),
        CommandSpec("reading", "как бот прочитал вопрос: сценарий (YAML), который можно поправить и отправить в /scenario",
                    "/reading Посадил симба на орка. Орка убили. Что с симбом?", "bot.reading.route", "reading_answer"),
        CommandSpec("edition", "редакция правил этого чата: /edition 5ed", "/edition 5ed"),
    )
}
"""The chat's commands in menu order (Telegram's set_my_commands uses this)."""

ASK_SPEC = CommandSpec("ask", "вопрос судье", "Можно ли положить симбиота на летающее существо?", "bot.judge", "ask")

_COMMAND_RE = re.compile(r"^/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)(.*)$", re.S)
_PAYLOAD_RE = re.compile(r"^([rsc])(\d{1,3}(?:_\d{1,3}){0,3})$")
_CALLBACK_RE = re.compile(r"^([rsc]):(\d{1,3}(?:\.\d{1,3}){0,3})$")
_CARD_CALLBACK_RE = re.compile(r"^k:([0-9a-f]{12})$")
_READING_CALLBACK_RE = re.compile(r"^y:([0-9a-f]{16})$")

READING_BUTTON = "Разбор: сценарий (YAML)"
"""The button under an answer that rests on a compiled scenario: its ``/reading`` view."""
READING_KEEP = 256
"""How many recent questions a «Разбор» button can still be pressed for (per process)."""
_readings: "OrderedDict[str, str]" = OrderedDict()
_readings_lock = threading.Lock()


def reading_button(question: str) -> Button:
    """The «Разбор» button of ``question`` («y:<key>», 18 bytes of Telegram's 64): the question
    is kept under a hash of its text for the last ``READING_KEEP`` questions."""
    key = hashlib.sha256(question.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    with _readings_lock:
        _readings[key] = question
        _readings.move_to_end(key)
        while len(_readings) > READING_KEEP:
            _readings.popitem(last=False)
    return Button(READING_BUTTON, f"y:{key}")


def _reading_question(key: str) -> str | None:
    with _readings_lock:
        return _readings.get(key)


# -- parsing ----------------------------------------------------------------------
def parse_command(text: str) -> Command | None:
    """``"/rule@judge_bot 209.5"`` -> ``Command("rule", "209.5", "judge_bot")``;
    ``None`` when ``text`` is not a command."""
    m = _COMMAND_RE.match(text.strip())
    if not m:
        return None
    return Command(m.group(1).lower(), m.group(3).strip(), m.group(2))


def strip_mention(text: str, bot_username: str | None) -> tuple[str, bool]:
    """Remove «@bot_username» (any case) from ``text``; returns (text, was_mentioned)."""
    if not bot_username:
        return text, False
    pattern = re.compile(rf"(?<![\w@])@{re.escape(bot_username)}\b", re.IGNORECASE)
    cleaned, n = pattern.subn(" ", text)
    return re.sub(r"[ \t]{2,}", " ", cleaned).strip(" \t,:"), n > 0


def payload_number(payload: str) -> tuple[str, str] | None:
    """A /start deep-link payload ``r209_5`` -> ``("r", "209.5")`` (``s209`` a section,
    ``c209_4`` the paragraphs citing it); ``None`` for other payloads."""
    m = _PAYLOAD_RE.match(payload.strip())
    return (m.group(1), m.group(2).replace("_", ".")) if m else None


def deep_link_payload(number: str, kind: str = "r") -> str:
    """The /start payload opening paragraph ``number`` ("209.5" -> "r209_5")."""
    return kind + number.replace(".", "_")


# -- entry points -----------------------------------------------------------------
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters of a chat message (not tab, line feed, carriage return): read as spaces,
so no answer quotes them back («Термин «\x00» не найден»)."""


def handle(text: str, ctx: Ctx = Ctx()) -> Reply:
    """Answer one chat message.

    Commands (see ``COMMANDS``) go to the owning module's ``*_answer`` function; any
    other text is ``bot.judge.ask``. In a group chat (``ctx.group``) plain text is
    answered only when the bot is mentioned or replied to, and a command addressed
    to another bot («/rule@other_bot») or an unknown command not addressed to this
    bot is ignored: the reply is then empty. Rule-language errors (``BerserkError``)
    become a Russian note. A message longer than ``bot.limits.QUESTION_CHARS``
    characters (``SCENARIO_CHARS`` for ``/scenario``) gets a note saying so before
    anything else reads it.
    Other exceptions propagate (the transport's error handler answers politely).
    """
    ctx = chat_ctx(ctx)
    text = _CONTROL.sub(" ", text or "")    # a NUL or ESC pasted into a message is echoed by no reply
    too_long = _too_long(text)
    if too_long is not None:
        return Reply([note_answer(clip(text), too_long)])
    text = text.strip()
    cmd = parse_command(text)
    if cmd is not None:
        if cmd.target and ctx.bot_username and cmd.target.lower() != ctx.bot_username.lower():
            return Reply()  # «/rule@other_bot»
        if cmd.name not in COMMANDS:
            if ctx.group and cmd.target is None:
                return Reply()
            return Reply([note_answer(text, f"Неизвестная команда /{cmd.name}. Список команд — /help.", route="help")])
        return run_command(cmd.name, cmd.args, ctx)
    text, mentioned = strip_mention(text, ctx.bot_username)
    if ctx.group and not (mentioned or ctx.reply_to_bot):
        return Reply()
    if not text:
        return Reply([help_answer(ctx)]) if mentioned else Reply()
    reply = _with_nav(_call(ASK_SPEC, text, (text, ctx.edition)), ctx)
    if reply.answers and reply.answers[-1].reading is not None:   # the scenario it rests on, one press away
        reply.buttons = [*reply.buttons, [reading_button(text)]]
    return reply


def _too_long(text: str) -> str | None:
    """The Russian note for a message beyond its bound, else ``None``: a ``/scenario``
    message may be as long as a scenario file (``SCENARIO_CHARS``), any other message
    as long as a question (``QUESTION_CHARS``)."""
    from bot.errors import InputLimitError
    from bot.limits import QUESTION_CHARS, SCENARIO_CHARS, check_length

    if len(text) <= QUESTION_CHARS:
        return None
    scenario = re.match(r"\s*/scenario(?:@[A-Za-z0-9_]{1,64})?(?=\s|$)", text[:100], re.I) is not None
    try:
        check_length(text, SCENARIO_CHARS if scenario else QUESTION_CHARS, "Сообщение")
    except InputLimitError as e:
        return str(e)
    return None


def run_command(name: str, args: str, ctx: Ctx = Ctx()) -> Reply:
    """Run command ``name`` (a key of ``COMMANDS``) with argument text ``args``."""
    q = f"/{name} {args}".strip()
    if name == "help":
        return Reply([help_answer(ctx)])
    if name == "start":
        ref = payload_number(args) if args else None
        if ref is not None:
            return callback(f"{ref[0]}:{ref[1]}", ctx)
        return Reply([help_answer(ctx, greeting=True)])
    if name == "edition":
        return Reply([edition_answer(args, ctx)])
    spec = COMMANDS[name]
    if name == "glossary":
        return Reply([_of_edition(_call(spec, q, (args or None, ctx.edition)), ctx.edition)])
    if not args:
        return Reply([note_answer(q, f"Нужен аргумент. Пример: {spec.usage}", route="help")])
    if name == "rule":  # several numbers: one answer each, as ``berserk-judge rule`` prints them
        from bot.limits import CHAT_RULE_QUERIES
        from bot.lookup import split_queries

        queries = list(dict.fromkeys(split_queries(args)))   # a number repeated is answered once
        answers = [_call(spec, f"/rule {n}", (n, ctx.edition)) for n in queries[:CHAT_RULE_QUERIES]]
        if len(queries) > CHAT_RULE_QUERIES:
            answers.append(note_answer(q, f"Показаны первые {CHAT_RULE_QUERIES} номеров из {len(queries)}: "
                                          f"в одном сообщении /rule — не больше {CHAT_RULE_QUERIES}. "
                                          "Остальные пришлите следующим сообщением.", route="help"))
            return Reply(answers)
        last = _with_nav(answers[-1], ctx)
        return Reply(answers[:-1] + last.answers, last.buttons)
    if name == "search":
        from bot.search import split_k

        try:
            text, k = split_k(args)
        except BerserkError as e:
            return Reply([note_answer(q, str(e), route="help")])
        return Reply([_of_edition(_call(spec, q, (text, k, ctx.edition)), ctx.edition)])
    if name == "parse":
        return Reply([_call(spec, q, (args,))])
    if name == "explain":
        flags, text = split_explain_flags(args)
        if flags is None:
            return Reply([note_answer(q, text, route="help")])
        if not text:
            return Reply([note_answer(q, f"Нужен текст карты. Пример: {spec.usage}", route="help")])
        return Reply([_call(spec, q, (text, _outcome(flags), ctx.edition))])
    if name == "scenario":  # the simulator's paragraphs, as the chat's edition states them
        return Reply([_edition_true(_call(spec, q, (args,)), ctx.edition)])
    if name == "reading":
        return Reply([_of_edition(_call(spec, q, (args, ctx.edition)), ctx.edition)])
    if name == "card":
        return card_reply(args, ctx)
    raise KeyError(name)  # pragma: no cover - COMMANDS and this function list the same names


def callback(data: str, ctx: Ctx = Ctx()) -> Reply:
    """A button press: "r:209.6" shows paragraph 209.6, "s:209" the whole section,
    "c:209.4" the paragraphs that cite 209.4 — each with navigation buttons; "y:<key>" the
    compiled scenario of an answered question (``/reading``, as a follow-up message).
    Unknown data gives a Russian note (old buttons after a bot update)."""
    ctx = chat_ctx(ctx)
    card = _CARD_CALLBACK_RE.match((data or "").strip())
    if card:
        return card_callback(card.group(1), ctx)
    shown = _READING_CALLBACK_RE.match((data or "").strip())
    if shown:   # «Разбор»: the question's compiled scenario, under the answer
        question = _reading_question(shown.group(1))
        if question is None:
            return Reply([note_answer(data, "Эта кнопка устарела (бот с тех пор перезапускался). Наберите /reading и "
                                            "вопрос — покажу сценарий, который можно поправить и отправить в /scenario.",
                                      route="help")], follow_up=True)
        return Reply([_of_edition(_call(COMMANDS["reading"], f"/reading {question}", (question, ctx.edition)), ctx.edition)],
                     follow_up=True)
    m = _CALLBACK_RE.match((data or "").strip())
    if not m:
        return Reply([note_answer(data, "Эта кнопка устарела. Наберите номер пункта: /rule 209.5", route="help")])
    kind, number = m.groups()
    if kind == "c":
        from bot.chat import nav

        return Reply([nav.cited_by_answer(number, ctx.edition)], nav.back_buttons(number))
    return _with_nav(_call(COMMANDS["rule"], f"/rule {number}", (number, ctx.edition)), ctx)


def inline(query: str, ctx: Ctx = Ctx(), limit: int = 8) -> list[InlineItem]:
    """Inline mode («@bot 209.5», «@bot симбиот летающий»): paragraphs to send.

    A paragraph number, section or range gives that one result; other text gives
    up to ``limit`` search hits, each the full paragraph. Empty query (or a search
    that raises ``BerserkError``) -> ``[]``.
    """
    from bot.chat import nav

    ctx = chat_ctx(ctx)
    q = (query or "").strip()
    if not q:
        return []
    number = parse_number(q)
    numbers: list[str]
    if number is not None or re.fullmatch(r"[\d.\s\-–пП§]+", q):
        numbers = [q]
    else:
        from bot.search import search

        try:
            numbers = [h.number for h in search(q, k=limit, edition=ctx.edition)]
        except BerserkError:
            return []
    items: list[InlineItem] = []
    if number is None:
        items += _inline_cards(q, ctx)
    for n in numbers[:max(0, limit - len(items))]:
        ans = _call(COMMANDS["rule"], f"/rule {n}", (n, ctx.edition))
        if ans.route != "rule" or not ans.blocks:
            continue
        key = ans.citations[0] if ans.citations else n
        rules = [b for b in ans.blocks if b.kind == "rule" and b.text]
        title = f"п. {key}" if len(rules) == 1 else f"п. {key} ({len(rules)} пунктов)" if rules else key
        desc = _short((rules[0] if rules else ans.blocks[0]).text, 120)
        items.append(InlineItem(id=key[:64], title=title, description=desc, answer=ans, buttons=nav.buttons_for(ans, ctx.edition)))
    return items


# -- the chat's edition -------------------------------------------------------------
def chat_ctx(ctx: Ctx) -> Ctx:
    """``ctx`` with the edition the chat chose (``/edition``, kept in ``ctx.store``);
    ``ctx`` itself when there is no store or choice, or the chosen edition was removed."""
    if ctx.store is None or ctx.chat_id is None:
        return ctx
    from bot.rulebook import editions

    chosen = ctx.store.chat_edition(ctx.chat_id)
    if chosen and chosen != ctx.edition and chosen in editions():
        return replace(ctx, edition=chosen)
    return ctx


def _edition_item(name: str, chosen: str) -> str:
    """One line of the ``/edition`` list: «5ed — выбрана», «mini», or for an edition whose
    file does not load «broken — не загружается: <file, line: what is wrong>» (it cannot
    be chosen, so it must not look like one that can)."""
    from bot.rulebook import load

    try:
        load(name)
    except BerserkError as e:
        return f"{name} — не загружается: {_short(str(e), 200)}"
    return f"{name} — выбрана" if name == chosen else name


def _edition_key(name: str) -> str:
    """An edition name as compared with what a chat typed: case folded, Cyrillic letters that
    look like Latin ones read as those."""
    return as_latin(name.casefold())


def edition_answer(args: str, ctx: Ctx) -> Answer:
    """``/edition``: the chat's edition and the installed ones; ``/edition X`` makes X
    the chat's edition (remembered in the store: every later answer and citation is
    from X). An unknown name gives a Russian note listing the editions; an edition
    whose file does not load is not chosen (the note says what is wrong with it)."""
    from bot.rulebook import editions, load, require_edition

    q = f"/edition {args}".strip()
    known = editions()
    name = args.strip()
    if name and name not in known:    # «/edition 5ED», «/edition 5еd» (a Cyrillic «е»): the one installed edition meant
        meant = [e for e in known if _edition_key(e) == _edition_key(name)]
        if len(meant) == 1:
            name = meant[0]
    if not name:
        items = tuple(_edition_item(e, ctx.edition) for e in known)
        hint = "Сменить: /edition ИМЯ." if ctx.store is not None else "Сменить для всего бота: --edition при запуске."
        return Answer(q, "edition", None, [Block("list", title=f"Редакция этого чата: {ctx.edition}", items=items),
                                            Block("note", hint)], edition=ctx.edition)
    try:
        require_edition(name)
    except BerserkError as e:
        return note_answer(q, f"{e}. Пример: /edition {known[0] if known else DEFAULT_EDITION}", route="edition")
    try:
        load(name)
    except BerserkError as e:   # a damaged file: choosing it would break every later answer
        return note_answer(q, f"Редакция «{name}» не выбрана: её файл не загружается — {e}", route="edition")
    if ctx.store is None or ctx.chat_id is None:
        return note_answer(q, "Здесь редакцию не запомнить: нет хранилища настроек чата.", route="edition")
    ctx.store.set_chat_edition(ctx.chat_id, name)
    return Answer(q, "edition", None, [Block("text", f"Редакция этого чата: {name}. Ответы и пункты правил — по ней.")],
                  edition=name)


def card_reply(args: str, ctx: Ctx = Ctx()) -> Reply:
    """``/card NAME``: the card, or a short list with one button per card («k:<token>»)."""
    from bot.cards.answer import card_choices

    try:
        ans, choices = card_choices(args, ctx.edition)
    except BerserkError as e:
        return Reply([note_answer(f"/card {args}", str(e))])
    return Reply([ans], [[Button(label, f"k:{token}")] for label, token in choices])


def card_callback(token: str, ctx: Ctx = Ctx()) -> Reply:
    """A card button: that card's answer (a note when the database changed since)."""
    from bot.cards.answer import card_by_token

    try:
        ans = card_by_token(token, ctx.edition)
    except BerserkError as e:
        return Reply([note_answer(f"k:{token}", str(e))])
    if ans is None:
        return Reply([note_answer(f"k:{token}", "Этой карты уже нет в базе (базу перезагрузили). Наберите /card ИМЯ.",
                                  route="help")])
    return Reply([ans])


def _inline_cards(q: str, ctx: Ctx) -> list[InlineItem]:
    from bot.cards.answer import inline_cards

    return [InlineItem(id=f"k{token}", title=f"Карта: {card.name}", description=_short(card.kind_words() + (
        f" — {card.text}" if card.text else ""), 120), answer=ans) for token, card, ans in inline_cards(q)]


# -- help ---------------------------------------------------------------------------
def help_answer(ctx: Ctx = Ctx(), greeting: bool = False) -> Answer:
    """The /help (and /start) text: what the judge does and its commands."""
    blocks: list[Block] = []
    if greeting:
        blocks.append(Block("text", "Здравствуйте! Я судья по правилам «Берсерка»: отвечаю на вопросы по правилам и всегда называю пункты, на которых основан ответ."))
    blocks.append(Block("text", "Просто задайте вопрос обычным текстом, например: «Можно ли положить симбиота на летающее существо?»"))
    blocks.append(Block("list", title="Команды", items=tuple(f"/{s.name} — {s.description}" for s in COMMANDS.values())))
    if ctx.transport == "telegram":
        bot = f"@{ctx.bot_username}" if ctx.bot_username else "@бот"
        blocks.append(Block("note", f"В группе обращайтесь ко мне через {bot} или ответом на моё сообщение. В любом чате наберите «{bot} 209.5» или «{bot} симбиот летающий», чтобы отправить пункт правил."))
    else:
        blocks.append(Block("note", "/scenario без аргумента читает YAML со следующих строк до пустой строки; /scenario ФАЙЛ читает файл. Выход — /quit или Ctrl-D."))
    return Answer(question="/help", route="help", blocks=blocks)


# -- internals ------------------------------------------------------------------------
def note_answer(question: str, text: str, route: str = "error") -> Answer:
    """An answer made of one Russian note (errors, usage hints)."""
    return Answer(question=question, route=route, blocks=[Block("note", text)])


def command_function(spec: CommandSpec) -> Callable[..., Any]:
    """The owning module's function of a command, imported lazily (start-up stays
    cheap). Raises ``ValueError`` for a built-in command (no module), and
    ``ModuleNotFoundError`` / ``AttributeError`` when the module or function is
    missing — a packaging bug, never a user message."""
    if spec.module is None or spec.function is None:
        raise ValueError(f"/{spec.name} is built in: it has no owning function")
    return getattr(importlib.import_module(spec.module), spec.function)


def _of_edition(ans: Answer, edition: str) -> Answer:
    """``ans`` marked as citing ``edition`` (its paragraphs are then labelled «209.5 (5ed)»
    when several editions are installed, as every ``ask`` answer is); unchanged when it
    cites nothing or already names its edition."""
    if ans.citations and ans.edition is None:
        ans.edition = edition
    return ans


def _call(spec: CommandSpec, question: str, args: tuple) -> Answer:
    fn = command_function(spec)
    try:
        ans = fn(*(a.make() if isinstance(a, _Lazy) else a for a in args))
    except BerserkError as e:
        return note_answer(question, str(e))
    if ans is None:  # a route-style function that declined: say so honestly
        return note_answer(question, "Не понял запрос. Попробуйте /help.", route="help")
    return ans


_FLAG_RE = re.compile(r"^--(failed|illegal|choose|declare)(?:=|\s+)(\S+)\s*|^--(refuse|no-resources)(?=\s|$)\s*")


def split_explain_flags(args: str) -> tuple[argparse.Namespace | None, str]:
    """Leading ``explain`` CLI flags in a chat message -> (namespace, card text).

    ``"--failed 1 --refuse Уничтожить …"`` -> (Namespace(failed=[1], refuse=True, …),
    "Уничтожить …"); flags as in ``berserk-judge explain``. A bad number gives
    (``None``, Russian message).
    """
    ns = argparse.Namespace(failed=[], illegal=[], refuse=False, choose=None, declare=None, no_resources=False)
    rest = args.strip()
    while True:
        m = _FLAG_RE.match(rest)
        if not m:
            break
        rest = rest[m.end():]
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), None)
        if name in ("refuse", "no-resources"):
            setattr(ns, name.replace("-", "_"), True)
            continue
        if name == "declare":
            ns.declare = (ns.declare or []) + [value]
            continue
        if not value.isdigit():
            return None, f"--{name} {value}: ожидался номер части (1, 2, …)."
        if name == "choose":
            ns.choose = (ns.choose or []) + [int(value)]
        else:
            getattr(ns, name).append(int(value))
    unknown = re.match(r"--?[A-Za-z][\w-]*", rest.strip())
    if unknown and unknown.group(0) in ("--failed", "--illegal", "--choose", "--declare"):  # «/explain --failed»
        what = "номера частей через запятую (1,2)" if unknown.group(0) == "--declare" else "номер части (1, 2, …)"
        return None, f"{unknown.group(0)}: после флага нужен {what}, затем текст карты."
    if unknown:  # «--bogus …»: a flag, not the first word of a card text
        return None, (f"{unknown.group(0)}: неизвестный флаг. Флаги /explain: --failed N, --illegal N, "
                      "--refuse, --choose N, --declare N,M, --no-resources — перед текстом карты.")
    return ns, rest.strip()


def _outcome(flags: argparse.Namespace) -> "_Lazy":
    """The resolver's ``Outcome`` for the flags (its own ``outcome_from_args``),
    built inside ``_call`` so that a bad flag becomes a Russian note."""
    from bot.abilities.resolve import outcome_from_args

    return _Lazy(lambda: outcome_from_args(flags))


@dataclass(frozen=True)
class _Lazy:
    """An argument built inside ``_call`` so that its rules errors become a note."""

    make: Callable[[], Any]


def _edition_true(ans: Answer, edition: str) -> Answer:
    """A simulator answer (5ed paragraph numbers) with the paragraphs of ``edition``
    stating the same rules (``bot.sim.binding.bind_answer``); notes pass unchanged."""
    if ans.route not in ("scenario", "ability") or not ans.citations:
        return ans
    from bot.sim.binding import bind_answer

    out = bind_answer(ans, edition)
    out.edition = edition
    return out


def _with_nav(ans: Answer, ctx: Ctx) -> Reply:
    from bot.chat import nav

    return Reply([ans], nav.buttons_for(ans, ctx.edition))


def _short(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"
