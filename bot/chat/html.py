"""Telegram HTML renderer and message splitter (no Telegram import; pure text).

Every piece of dynamic text is escaped with ``html.escape``; the only tags are the
ones written here (``<b> <i> <a> <pre> <blockquote>``), always opened and closed
inside one *piece*. A message is a sequence of blocks separated by blank lines,
a block a sequence of pieces separated by newlines; ``split_messages`` packs
blocks into messages of at most ``limit`` characters (Telegram: 4096), cutting
inside a block only at piece boundaries and inside a piece only between lines or
words of its plain text, re-wrapping it in its tags — never inside a tag or an
entity such as ``&amp;``.

Paragraph numbers (``209.5``, ``п. 503``) in the text become links made by a
``link`` function (``number -> URL | None``), e.g. ``rules_url_links`` or
``deep_links``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from bot.answer import Answer, Block

TELEGRAM_LIMIT = 4096
"""Maximum length of one Telegram message text."""

LinkFn = Callable[[str], "str | None"]

# «209.5», «505.4.1» (section with at least one dot level), or «п. 503» / «см. 209».
_NUM_RE = re.compile(
    r"(?P<pre>(?:\bпп?\.|\bсм\.)\s*)(?P<sec>\d{3}(?:\.\d{1,3}){0,3})(?![\d])"
    r"|(?<![\d.])(?P<num>\d{3}(?:\.\d{1,3}){1,3})(?![\d])",
    re.IGNORECASE,
)


def rules_url_links(base_url: str) -> LinkFn:
    """Links to the hyperlinked rulebook site: ``f"{base_url}#{number}"`` (anchors
    are the bare numbers; ``bot.site.rule_url`` joins them)."""
    from bot.site import rule_url

    return lambda n: rule_url(n, base_url)


def deep_links(bot_username: str) -> LinkFn:
    """Telegram deep links that open a paragraph in the bot:
    ``https://t.me/<bot>?start=r209_5``."""
    return lambda n: f"https://t.me/{bot_username}?start=r{n.replace('.', '_')}"


def no_links(_: str) -> None:
    """A ``LinkFn`` that links nothing."""
    return None


@dataclass(frozen=True)
class Piece:
    """One line-ish unit: ``open`` + ``head`` + rendered ``text`` + ``close``.

    ``head`` is trusted HTML shown only on the first part when the piece is split;
    ``text`` is plain text (escaped here); ``open``/``close`` are tags repeated around
    every part; ``linkify`` turns paragraph numbers in ``text`` into links.
    """

    text: str
    head: str = ""
    open: str = ""
    close: str = ""
    linkify: bool = True


def anchor(number: str, link: LinkFn) -> str:
    """``number`` as an ``<a href>`` (escaped) or just escaped text when unlinked."""
    url = link(number)
    n = html.escape(number)
    return f'<a href="{html.escape(url, quote=True)}">{n}</a>' if url else n


_MARK_RE = re.compile(r"\*(\S(?:[^*\n]*\S)?)\*")


def escape_marked(text: str, link: LinkFn) -> str:
    """``escape_linkified`` plus search snippets' ``*слово*`` marks (bot.search.MARK)
    shown bold; an unpaired asterisk stays as it is."""
    out: list[str] = []
    pos = 0
    for m in _MARK_RE.finditer(text):
        out.append(escape_linkified(text[pos:m.start()], link))
        out.append(f"<b>{escape_linkified(m.group(1), link)}</b>")
        pos = m.end()
    out.append(escape_linkified(text[pos:], link))
    return "".join(out)


def escape_linkified(text: str, link: LinkFn) -> str:
    """Escape ``text`` and turn paragraph numbers in it into links."""
    out: list[str] = []
    pos = 0
    for m in _NUM_RE.finditer(text):
        number = m.group("sec") or m.group("num")
        url = link(number)
        if not url:
            continue
        start = m.start("sec") if m.group("sec") else m.start("num")
        out.append(html.escape(text[pos:start], quote=False))
        out.append(anchor(number, link))
        pos = m.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def _piece_html(p: Piece, link: LinkFn, first: bool = True) -> str:
    body = escape_marked(p.text, link) if p.linkify else html.escape(p.text, quote=False)
    return f"{p.open}{p.head if first else ''}{body}{p.close}"


def answer_blocks(answer: Answer, link: LinkFn = no_links) -> list[list[Piece]]:
    """An ``Answer`` as blocks of pieces: verdict, its blocks, then «Пункты: …»."""
    blocks: list[list[Piece]] = []
    if answer.understood:
        blocks.append([Piece(answer.understood, linkify=False)])
    if answer.verdict:
        blocks.append([Piece(answer.verdict, head="<b>Вердикт:</b> ")])
    for b in answer.blocks:
        pieces = _block_pieces(b, link)
        if pieces:
            blocks.append(pieces)
    if answer.citations:
        from bot.chat.render import several_editions

        tag = f" ({html.escape(answer.edition)})" if answer.edition and several_editions() else ""
        links = ", ".join(anchor(n, link) + tag for n in answer.citations)
        blocks.append([Piece("", head=f"<b>Пункты:</b> {links}")])
    return blocks


def _lines(text: str) -> list[str]:
    return [ln for ln in text.split("\n")] if text else []


def _block_pieces(b: Block, link: LinkFn) -> list[Piece]:
    pieces: list[Piece] = []
    if b.title:
        pieces.append(Piece(b.title, open="<b>", close="</b>", linkify=False))
    if b.kind == "rule":
        lines = _lines(b.text) or [""]
        head = f"<b>{anchor(b.number, link)}.</b> " if b.number else ""
        pieces.append(Piece(lines[0], head=head))
        pieces.extend(Piece(ln) for ln in lines[1:])
    elif b.kind == "code":
        if b.text:
            pieces.append(Piece(b.text, open="<pre>", close="</pre>", linkify=False))
        if b.items:
            pieces.append(Piece("\n".join(b.items), open="<pre>", close="</pre>", linkify=False))
    elif b.kind == "note":
        pieces.extend(Piece(ln, open="<i>", close="</i>") for ln in _lines(b.text) if ln.strip())
        pieces.extend(Piece(it, open="<i>", close="</i>") for it in b.items)
    else:  # text, list, steps
        pieces.extend(Piece(ln) for ln in _lines(b.text))
        numbered = b.kind == "steps"
        for i, it in enumerate(b.items, 1):
            if numbered and not re.match(r"^\s*\d+[.)]", it):
                pieces.append(Piece(it, head=f"{i}. "))
            elif b.kind == "list":
                pieces.append(Piece(it, head="• "))
            else:
                pieces.append(Piece(it))
    return pieces


def render_answer_html(answer: Answer, link: LinkFn = no_links) -> str:
    """One ``Answer`` as a single Telegram HTML string (not split)."""
    return "\n\n".join("\n".join(_piece_html(p, link) for p in blk) for blk in answer_blocks(answer, link))


def reply_blocks(answers: Iterable[Answer], link: LinkFn = no_links) -> list[list[Piece]]:
    """Blocks of several answers, separated by a rule line block."""
    out: list[list[Piece]] = []
    for i, a in enumerate(answers):
        if i:
            out.append([Piece("—" * 12, linkify=False)])
        out.extend(answer_blocks(a, link))
    return out


def split_messages(blocks: list[list[Piece]], link: LinkFn = no_links, limit: int = TELEGRAM_LIMIT) -> list[str]:
    """Pack blocks into HTML messages of at most ``limit`` characters.

    Blocks are joined with a blank line and never split when they fit in a
    message; a longer block is cut between pieces, a longer piece between lines,
    then words, then characters of its plain text, each part wrapped in the
    piece's own tags. Returns at least one message when there is any content.
    """
    messages: list[str] = []
    cur = ""

    def push(unit: str, sep: str) -> None:
        nonlocal cur
        if not cur:
            cur = unit
        elif len(cur) + len(sep) + len(unit) <= limit:
            cur = cur + sep + unit
        else:
            messages.append(cur)
            cur = unit

    for blk in blocks:
        rendered = "\n".join(_piece_html(p, link) for p in blk)
        if len(rendered) <= limit:
            push(rendered, "\n\n")
            continue
        first = True
        for p in blk:
            for part in _split_piece(p, link, limit):
                push(part, "\n\n" if first else "\n")
                first = False
    if cur:
        messages.append(cur)
    return messages


def _split_piece(p: Piece, link: LinkFn, limit: int) -> list[str]:
    whole = _piece_html(p, link)
    if len(whole) <= limit:
        return [whole]
    parts: list[str] = []
    text = p.text
    first = True
    while text:
        cut = _fit(p, text, link, limit, first)
        parts.append(_piece_html(Piece(text[:cut].rstrip("\n"), p.head, p.open, p.close, p.linkify), link, first))
        text = text[cut:].lstrip("\n ")
        first = False
    return parts


def _fit(p: Piece, text: str, link: LinkFn, limit: int, first: bool) -> int:
    """Largest cut (at a newline, else a space, else any character) of ``text``
    whose rendered part fits ``limit``."""

    def fits(n: int) -> bool:
        return len(_piece_html(Piece(text[:n], p.head, p.open, p.close, p.linkify), link, first)) <= limit

    if fits(len(text)):
        return len(text)
    lo, hi = 1, len(text)  # fits(lo) assumed; find the largest fitting prefix length
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    best = max(lo, 1)
    for sep in ("\n", " "):
        i = text.rfind(sep, 0, best + 1)
        if i > 0:
            return i + 1 if sep == " " else i + 1
    return best


def render_reply_html(answers: Iterable[Answer], link: LinkFn = no_links, limit: int = TELEGRAM_LIMIT) -> list[str]:
    """Answers -> Telegram HTML messages, each at most ``limit`` characters."""
    return split_messages(reply_blocks(answers, link), link, limit)


TRUNCATED_NOTE = "<i>… не поместилось в одно сообщение; полностью — в личном чате с ботом.</i>"


def render_single_html(answers: Iterable[Answer], link: LinkFn = no_links, limit: int = TELEGRAM_LIMIT) -> str:
    """Answers as ONE message of at most ``limit`` characters (inline mode, edits of
    inline messages): the first part, plus a note when the rest did not fit."""
    answers = list(answers)
    messages = render_reply_html(answers, link, limit)
    if len(messages) <= 1:
        return messages[0] if messages else ""
    first = render_reply_html(answers, link, limit - len(TRUNCATED_NOTE) - 2)[0]
    return f"{first}\n\n{TRUNCATED_NOTE}"


_TAG_RE = re.compile(r"<[^>]+>")


def html_to_plain(message: str) -> str:
    """A rendered HTML message as plain text (tags dropped, entities unescaped) —
    the fallback when Telegram cannot parse the entities."""
    return html.unescape(_TAG_RE.sub("", message))


def split_plain(text: str, limit: int = TELEGRAM_LIMIT) -> list[str]:
    """Split plain text into parts of at most ``limit`` characters, at blank
    lines, else newlines, else spaces, else anywhere."""
    text = text.strip()
    parts: list[str] = []
    while len(text) > limit:
        cut = -1
        for sep in ("\n\n", "\n", " "):
            cut = text.rfind(sep, 0, limit)
            if cut > 0:
                break
        if cut <= 0:
            cut = limit
        parts.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    if text:
        parts.append(text)
    return parts
