"""Reading one scraped rule page into paragraphs and headers (input of ``bot.importer``).

A page is plain text (a scraped web page with its site chrome) or HTML whose numbers
come from nested ordered lists. Either way it becomes a list of items in page order:

- ``Para(text, number, source, pos, examples, notes, line)`` – one rule paragraph; ``number``
  is the printed number ("209.5", "505.4.1") or ``None``; bullet lines («· …») stay
  inside their paragraph as lines of ``text`` (``bot.importer`` makes them the
  paragraph's lettered sub-points once its number is known); a «ПРИМЕР.» paragraph goes to the
  ``examples`` of the paragraph before it, an «Обратите внимание!» one to its ``notes``;
- ``Header(text, kind, number, source, pos)`` – a section title («Артефакты.») or a
  part title («Часть 3. …», ``kind="part"``); ``number`` only when printed («209. …»).

``line`` is the 1-based line of the source file the item starts on (for messages);
orphans – examples, notes and bullets with no paragraph before them – are
``Orphan(text, line)``.

Site chrome is dropped: pagination arrows and page counters, «Поделиться»,
«Популярное:» with its numbered list, «Дата добавления», category menus.
Lettered sub-points of HTML/plain-text rulebooks («а) …» inside item 1.2) get the
number ``1.2.а`` – the parent's number plus the Cyrillic letter as the last level
(see ``bot.rulebook.number_key`` for how such numbers sort).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from bot.errors import InputFileError, RulebookError
from bot.morph import analyzer
from bot.rulebook import LETTERS
from bot.textnorm import normalize_typography

# --- site chrome -----------------------------------------------------------------
_CHROME_LINE = re.compile(
    r"[⇐⇒]|\bСтр\.?\s*\d+\s*из\s*\d+|^\s*Поделиться\b|^\s*Дата добавления\b|КАТЕГОРИИ:|"
    r"^\s*Главная страница\b|^\s*\|\s*$|^\s*Читайте также\b|^\s*Поиск по сайту\b|"
    r"^\s*Нарушение авторских прав\b|^\s*Последнее изменение этой страницы\b|"
    r"produced by|©|все права защищены|\bcopyright\b",  # footers, as bot.fullbook drops them
    re.IGNORECASE,
)
# Chrome glued to rule text on the same line: cut out, keep the rest.
_INLINE_CHROME = re.compile(
    r"⇐[^⇒\n]*⇒|(?:Главная страница\s*)?(?:Случайная страница\s*)?КАТЕГОРИИ:[^|\n]*(?:\||$)|"
    r"Дата добавления:\s*\d{4}-\d{2}-\d{2}",
)
_POPULAR = re.compile(r"^\s*Популярное\s*:?\s*$", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^\s*\d{1,2}\.\s+\S")  # "1. B. …" – a popular-links list entry

# --- structure ------------------------------------------------------------------
_NUM = r"\d{1,3}(?:\.\d{1,3}){1,3}"
# A printed number at the start of a line: "209.1.У симбиотов", "505.4.1. Запись", "1.2 Текст".
_LEAD_NUM = re.compile(rf"^(?P<n>{_NUM})(?!\.?\d)\.?\s*(?=\S)")
# A line opening like a paragraph number that is none: «209.99999. …», «209.2.1.1.1. …» (it was cut
# into paragraph 209.999 with the text «99. …»).
_BAD_LEAD_NUM = re.compile(r"^(?P<n>\d{3}(?:\.\d+)+)\.?(?=\s|[А-ЯЁ«])")
# A printed number in the middle of a line, after the end of a sentence:
# "… игрока. 405.2.Шаг рассадки." (not a reference such as «п.503» or «см. 209.4»).
_MID_NUM = re.compile(rf"(?<=[.!?»)\]])\s+(?P<n>\d{{3}}(?:\.\d{{1,3}}){{1,2}})\.\s?(?=[А-ЯЁA-Z«\"“])")
_REF_BEFORE = re.compile(r"(?:\bсм|\bпп?|\bпункт[а-я]*|§)\.?\s*$", re.IGNORECASE)
_SECTION_NUM = re.compile(r"^(?P<n>\d{1,3})\.\s+(?P<t>\S.*)$")
_PART = re.compile(r"^(?:Часть|Раздел)\s+\d+\.", re.IGNORECASE)
_BULLET = re.compile(r"^\s*[·•▪●◦]\s*")
_LETTERED = re.compile(r"^\s*(?P<l>[а-еж-зи-ня])\)\s*(?P<t>\S.*)$")
_EXAMPLE = re.compile(r"^(?:ПРИМЕР|Пример)\s*[.:]")
_NOTE = re.compile(r"^(?:Обратите внимание|Примечание)\s*[!.:]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[А-ЯЁA-Z«\"“])")
_WORD = re.compile(r"[А-Яа-яЁёA-Za-z-]+")
# Parts of speech that make a phrase a sentence rather than a title.
_PREDICATIVE = {"VERB", "INFN", "PRED", "PRTS", "GRND", "ADJS"}
MAX_HEADER_WORDS = 8


@dataclass
class Para:
    """One paragraph of a page (see the module docstring)."""

    text: str
    number: str | None
    source: str
    pos: int
    examples: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    line: int = field(default=0, compare=False)


@dataclass
class Orphan:
    """An example, note or «·» bullet (``text``, bullets as «· …») that has no
    paragraph before it on its page, at source ``line`` (1-based)."""

    text: str
    line: int = 0


@dataclass
class Header:
    """A section or part title of a page (see the module docstring)."""

    text: str
    kind: str  # "section" | "part"
    source: str
    pos: int
    number: str | None = None
    line: int = field(default=0, compare=False)


Item = Para | Header


def is_header(sentence: str) -> bool:
    """True when ``sentence`` reads as a title: short (≤ 8 words), capitalised, ends
    with «.» or nothing, no colon, and no verb, infinitive or predicative word
    («Артефакты.», «Подфаза Начала боя.», «Симбиоты, паразиты»; not «Нельзя объявить
    движение симбиота.»)."""
    s = sentence.strip()
    if not s or not s[0].isupper() or s[-1] in ":;!?,»)" or _PART.match(s):
        return False
    body = s.rstrip(".")
    if "." in body or ":" in body or "–" in body or "(" in body:
        return False
    words = _WORD.findall(body)
    if not words or len(words) > MAX_HEADER_WORDS or len(body) > 80:
        return False
    morph = analyzer()
    for w in words:
        tags = morph.parse(w.lower())
        if tags and tags[0].tag.POS in _PREDICATIVE:
            return False
    return True


def is_section_title(text: str) -> bool:
    """True when the text after a printed section number «NNN.» is its title: one to
    three sentences that each read as a title (``is_header``), so that a title with a
    period inside («Определение цели особенностей. Перенаправление.») is a title too."""
    parts = [x for x in re.split(r"(?<=\.)\s+", text.strip()) if x]
    return 0 < len(parts) <= 3 and all(is_header(x) for x in parts)


def fix_quotes(line: str) -> str:
    """Repair the seeds' straight-quote artefacts before ``normalize_typography``.

    Scraped pages write an opening quote with a stray space after it (``" симбиот"``)
    and nest quotes without closing them all. Each ``"`` is read as opening when it
    follows a space, «(» or the line start, else as closing; the stray spaces inside
    are dropped and missing closers are added after the last closer:
    ``(" существо может " носить экипировки разных классов" )`` ->
    ``(«существо может «носить экипировки разных классов»»)``.
    """
    if '"' not in line:
        return line
    out: list[str] = []
    depth = 0
    last_close = -1
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch != '"':
            out.append(ch)
            i += 1
            continue
        prev = line[i - 1] if i else " "
        opening = prev.isspace() or prev in "([«„"
        if opening:
            out.append("«")
            depth += 1
            i += 1
            while i < n and line[i] == " ":
                i += 1
        else:
            while out and out[-1] == " ":
                out.pop()
            out.append("»")
            depth = max(0, depth - 1)
            last_close = len(out)
            i += 1
    if depth and last_close >= 0:
        out[last_close:last_close] = ["»"] * depth
    s = "".join(out)
    s = re.sub(r"»\s+(?=[.,;:!?])", "»", s)
    return re.sub(r"\s+\)", ")", s)


def _drop_chrome(lines: list[str]) -> list[str]:
    return [t for _, t in _drop_chrome_numbered(list(enumerate(lines, 1)))]


def _drop_chrome_numbered(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``(line number, text)`` pairs without site chrome (chrome glued to rule text cut out)."""
    out: list[tuple[int, str]] = []
    in_popular = False
    for number, line in lines:
        if _POPULAR.match(line):
            in_popular = True
            continue
        if in_popular:
            if not line.strip() or _LIST_ITEM.match(line) and not _LEAD_NUM.match(line):
                continue
            in_popular = False
        line = _INLINE_CHROME.sub(" ", line).strip()
        if not line or _CHROME_LINE.search(line):
            continue
        out.append((number, line))
    return out


class _PageBuilder:
    """Accumulates items of one page; attaches examples, notes and bullets."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[Item] = []
        self.orphans: list[Orphan] = []  # examples/notes/bullets with no paragraph before them
        self.line = 0  # source line of what is being read

    def _last_para(self) -> Para | None:
        for it in reversed(self.items):
            if isinstance(it, Para):
                return it
            return None  # a header in between: nothing to attach to
        return None

    def header(self, text: str, kind: str = "section", number: str | None = None) -> None:
        self.items.append(Header(normalize_typography(text), kind, self.source, len(self.items), number, self.line))

    def para(self, text: str, number: str | None) -> None:
        text = normalize_typography(text)
        if not text:
            return
        if number is None and (_EXAMPLE.match(text) or _NOTE.match(text)):
            last = self._last_para()
            if last is None:
                self.orphans.append(Orphan(text, self.line))
                return
            (last.examples if _EXAMPLE.match(text) else last.notes).append(text)
            return
        self.items.append(Para(text, number, self.source, len(self.items), line=self.line))

    def bullet(self, text: str) -> None:
        text = normalize_typography(text)
        last = self._last_para()
        if last is None:
            self.orphans.append(Orphan("· " + text, self.line))
            return
        target = last.examples if last.examples else None
        if target is not None:
            target[-1] += "\n· " + text
        else:
            last.text += "\n· " + text


def _split_line(line: str, page: _PageBuilder) -> None:
    """One text line -> headers and paragraphs (several numbered paragraphs and
    titles may run together on one line)."""
    line = line.strip()
    if not line:
        return
    if _BULLET.match(line):
        page.bullet(_BULLET.sub("", line))
        return
    if _PART.match(line):
        page.header(line, "part")
        return
    m = _SECTION_NUM.match(line)
    if m and not _LEAD_NUM.match(line) and is_section_title(m.group("t")):
        page.header(m.group("t"), "section", m.group("n"))
        return
    # cut at printed numbers
    pieces: list[tuple[str | None, str]] = []
    m = _LEAD_NUM.match(line)
    bad = None if m else _BAD_LEAD_NUM.match(line)
    if bad:
        raise RulebookError(f"{page.source}, строка {page.line}: «{bad.group('n')}» – не номер пункта; ожидался "
                            "номер вида 209.5, 505.4.1 или 302.3.а (в каждой части после точки до трёх цифр, "
                            "не больше четырёх частей)")
    start_num = m.group("n") if m else None
    rest = line[m.end():] if m else line
    last = 0
    for mm in _MID_NUM.finditer(rest):
        if _REF_BEFORE.search(rest[: mm.start()]):
            continue  # «(см. 209.4. …» is a reference, not a new paragraph
        pieces.append((start_num, rest[last:mm.start()]))
        start_num, last = mm.group("n"), mm.end()
    pieces.append((start_num, rest[last:]))
    run_together = len(pieces) > 1
    for number, text in pieces:
        sentences = [s for s in _SENTENCE_END.split(text.strip()) if s]
        buf: list[str] = []
        cur = number
        for i, s in enumerate(sentences):
            title_inside = i == 0 and cur is not None  # «405.1.Шаг вскрытия.» – the step's name
            alone = len(sentences) == 1 and not run_together
            if not title_inside and (alone or run_together) and is_header(s):
                if buf or cur is not None:
                    page.para(" ".join(buf), cur)
                buf, cur = [], None
                page.header(s)
                continue
            buf.append(s)
        if buf:
            page.para(" ".join(buf), cur)
        elif cur is not None:
            page.para("", cur)


def _source_lines(raw_lines: list[str], lines: list[str]) -> list[int]:
    """The 1-based source line of each line of the normalised text ``lines``
    (normalisation may join lines or drop blank ones): matched in order against the
    source lines ``raw_lines`` normalised one by one, by their first characters."""
    single = [normalize_typography(x) for x in raw_lines]
    out: list[int] = []
    cursor = 0
    for line in lines:
        head = line[:12]
        found = None
        for j in range(cursor, min(len(single), cursor + 200)):
            if single[j] and (single[j].startswith(head) or line.startswith(single[j][:12])):
                found = j
                break
        if found is None:
            found = min(cursor, len(single) - 1)
        out.append(found + 1)
        cursor = found + 1 if line else cursor
    return out


def read_text(text: str, source: str) -> tuple[list[Item], list[Orphan]]:
    """Parse a plain-text page; returns (items, orphans) where ``orphans`` are
    examples/notes/bullets that had no paragraph to attach to (``bot.importer``
    refuses them). Items carry their source line."""
    page = _PageBuilder(source)
    raw_lines = [fix_quotes(line) for line in text.replace("\r\n", "\n").split("\n")]
    normalised = normalize_typography("\n".join(raw_lines)).split("\n")
    lines = _drop_chrome_numbered(list(zip(_source_lines(raw_lines, normalised), normalised)))
    for number, line in lines:
        page.line = number
        lm = _LETTERED.match(line)
        if lm:
            last = page._last_para()
            if last is not None and last.number:
                parent = re.sub(r"\.[а-я]$", "", last.number)
                page.para(lm.group("t"), f"{parent}.{lm.group('l')}")
                continue
        _split_line(line, page)
    return page.items, page.orphans


# --- HTML ------------------------------------------------------------------------
_CYR_LETTERS = LETTERS
_BLOCK_TAGS = {"p", "div", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article"}
_SKIP_TAGS = {"script", "style", "nav", "header", "footer", "noscript", "aside", "form"}


class _HtmlRules(HTMLParser):
    """HTML -> lines of text where items of nested ``<ol>`` get their dotted numbers.

    ``<ol>`` inside ``<li>`` numbers its items as sub-points of that item (``1.2``);
    ``<ol type="а">`` (or any non-numeric ``type``) and lists nested three deep under
    a numbered level letter their items with Cyrillic letters (``1.2.а``).
    Headings ``<h1>…<h6>`` become section titles. A line (list item, paragraph)
    whose whole text is inside links ``<a href>`` is navigation – a menu entry, a
    table of contents, «Читать далее» – and is dropped as site chrome (a heading
    that is a link is kept: its text is the section's title).
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[str, str | None, str, int]] = []  # (kind, number, text, source line)
        self._buf: list[str] = []
        self._line = 0  # source line where the text in _buf starts
        self._started = False  # _buf holds some non-blank text
        self._anchors: list[bool] = []  # open <a>: whether it is a link (has href)
        self._plain = False  # _buf holds non-blank text outside links
        self._stack: list[dict] = []  # open <ol>/<ul>: {"ordered", "lettered", "count", "start"}
        self._li_numbers: list[str | None] = []
        self._skip = 0
        self._heading = False

    # helpers
    def _flush(self) -> None:
        text = fix_quotes(" ".join("".join(self._buf).split()))
        plain = self._plain
        self._buf, self._started, self._plain = [], False, False
        if not text or not plain and not self._heading:
            return  # nothing, or only link text: navigation
        if self._heading:
            self.lines.append(("header", None, text, self._line))
        elif self._li_numbers:
            number = self._li_numbers[-1]
            self.lines.append(("item", number, text, self._line) if number else ("bullet", None, text, self._line))
        else:
            self.lines.append(("text", None, text, self._line))

    def handle_starttag(self, tag, attrs):
        if tag in _SKIP_TAGS:
            self._skip += 1
            return
        if self._skip:
            return
        a = dict(attrs)
        if tag == "a":
            self._anchors.append(a.get("href") is not None)
        elif tag in ("ol", "ul"):
            self._flush()
            typ = (a.get("type") or "").strip()
            ordered = tag == "ol"
            lettered = ordered and typ not in ("", "1")
            start = int(a["start"]) if re.fullmatch(r"[0-9]{1,3}", a.get("start") or "") else 1
            self._stack.append({"ordered": ordered, "lettered": lettered, "count": start - 1})
        elif tag == "li":
            self._flush()
            number = None
            if self._stack and self._stack[-1]["ordered"]:
                lvl = self._stack[-1]
                v = a.get("value")
                lvl["count"] = int(v) if v and re.fullmatch(r"[0-9]{1,3}", v) else lvl["count"] + 1
                parent = next((n for n in reversed(self._li_numbers) if n), None)
                if lvl["lettered"]:
                    idx = lvl["count"] - 1
                    own = _CYR_LETTERS[idx] if 0 <= idx < len(_CYR_LETTERS) else str(lvl["count"])
                else:
                    own = str(lvl["count"])
                number = f"{parent}.{own}" if parent else own
            self._li_numbers.append(number)
        elif tag in _BLOCK_TAGS:
            self._flush()
            if tag.startswith("h") and len(tag) == 2:
                self._heading = True

    def handle_endtag(self, tag):
        if tag in _SKIP_TAGS:
            self._skip = max(0, self._skip - 1)
            return
        if self._skip:
            return
        if tag == "a":
            if self._anchors:
                self._anchors.pop()
        elif tag == "li":
            self._flush()
            if self._li_numbers:
                self._li_numbers.pop()
        elif tag in ("ol", "ul"):
            self._flush()
            if self._stack:
                self._stack.pop()
        elif tag in _BLOCK_TAGS:
            self._flush()
            if tag.startswith("h") and len(tag) == 2:
                self._heading = False

    def handle_data(self, data):
        if not self._skip:
            if data.strip() and not any(self._anchors):
                self._plain = True
            if not self._started and data.strip():
                lead = data[: len(data) - len(data.lstrip())]
                self._line, self._started = self.getpos()[0] + lead.count("\n"), True
            self._buf.append(data)

    def close(self):
        super().close()
        self._flush()


def read_html(html: str, source: str) -> tuple[list[Item], list[Orphan]]:
    """Parse an HTML rulebook page (stdlib ``html.parser``); returns (items, orphans).

    Numbers come from nested ``<ol><li>`` (1, 1.2, 1.2.3) with lettered sub-points
    (``<ol type="а">`` -> 1.2.а). A top-level numbered item whose text reads as a
    title («1. Общие положения») is a section header numbered «1». Text outside
    lists is read like a plain-text page (printed numbers, chrome, headers).
    """
    parser = _HtmlRules()
    parser.feed(html)
    parser.close()
    page = _PageBuilder(source)
    by_number: dict[str, Para] = {}
    keep = set(_drop_chrome([t for _, _, t, _ in parser.lines]))
    for kind, number, text, line in parser.lines:
        if text not in keep:
            continue
        page.line = line
        if kind in ("header", "text"):
            by_number.clear()   # a list after a header or text is a list of its own, even where its numbers restart at 1
        if kind == "header":
            m = _SECTION_NUM.match(text)
            if _PART.match(text):
                page.header(text, "part")
            elif m:
                page.header(m.group("t"), "section", m.group("n"))
            else:
                page.header(text)
        elif kind == "bullet":
            page.bullet(text)
        elif kind == "item":
            if "." not in number and is_header(text):
                page.header(text, "section", number)
            elif number in by_number:  # more text of the same <li> (a second <p>, text after a sub-list)
                para, t = by_number[number], normalize_typography(text)
                if _EXAMPLE.match(t):
                    para.examples.append(t)
                elif _NOTE.match(t):
                    para.notes.append(t)
                else:
                    para.text += "\n" + t
            else:
                page.para(text, number)
                last = page._last_para()
                if last is not None and last.number == number:
                    by_number[number] = last
        else:
            _split_line(text, page)
    return page.items, page.orphans


def looks_like_html(text: str) -> bool:
    """True for HTML markup (``<html``, ``<head>``, ``<script>``, ``<ol``, ``<p>`` … near the
    start): a saved fragment may open with a long script or style before its paragraphs."""
    head = text[:4000].lower()
    return bool(re.search(r"<(?:!doctype|html|head|meta|title|script|style|link|body|ol|ul|li|p|div|span|table|br|h[1-6])\b",
                          head))


_DECLARED_CHARSET = re.compile(rb"<meta[^>]{0,200}?charset\s*=\s*[\"']?\s*(windows-1251|cp1251|koi8-r)", re.IGNORECASE)
_LEGACY_CODECS = {b"windows-1251": "cp1251", b"cp1251": "cp1251", b"koi8-r": "koi8_r"}


def as_utf8(raw: bytes, source: str) -> tuple[bytes, str | None]:
    """``raw`` as UTF-8 bytes and a Russian note on its encoding (``None`` when it was
    UTF-8 already, or is not text: PDF and undecodable bytes are returned unchanged for
    ``read_page`` / ``bot.fullbook`` to judge). Russian rule pages are often saved in
    Windows encodings: an HTML page that declares ``charset=windows-1251`` (or koi8-r)
    is decoded by it; other text is read as ``bot.textfile.decode_text`` reads card
    files (UTF-16 with a BOM, or bytes that read as Russian cp1251)."""
    from bot.textfile import decode_text

    if raw[:5] == b"%PDF-":
        return raw, None
    if b"\x00" not in raw:    # Russian UTF-16 without a BOM is valid UTF-8 full of zero bytes
        try:
            raw.decode("utf-8")
            return raw, None
        except UnicodeDecodeError:
            pass
    declared = _DECLARED_CHARSET.search(raw[:4096])
    if declared and b"\x00" not in raw[:8192]:
        codec = _LEGACY_CODECS[declared.group(1).lower()]
        try:
            return raw.decode(codec).encode("utf-8"), f"{source}: страница в кодировке {codec} (так указано в её HTML)"
        except UnicodeDecodeError:
            return raw, None
    try:
        text, note = decode_text(raw, source, "страница правил", legacy=True)
    except InputFileError:
        return raw, None
    return (text.encode("utf-8"), f"{source}: {note}") if note else (raw, None)


def read_page(raw: bytes, source: str) -> tuple[list[Item], list[Orphan]]:
    """Decode and parse one source file. Raises ``RulebookError`` (Russian) for a
    binary or non-UTF-8 file, an empty file, or a page with no rule paragraphs."""
    if b"\x00" in raw[:8192]:
        raise RulebookError(f"{source}: двоичный файл, а ожидалась страница правил (текст или HTML в UTF-8)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RulebookError(
            f"{source}: не читается как UTF-8 (байт {e.start}); ожидалась страница правил (текст или HTML)"
        ) from e
    if not text.strip():
        raise RulebookError(f"{source}: пустой файл; ожидалась страница правил")
    items, orphans = read_html(text, source) if looks_like_html(text) else read_text(text, source)
    paras = [it for it in items if isinstance(it, Para)]
    if not paras:
        raise RulebookError(
            f"{source}: не найдено ни одного абзаца правил – нет ни номеров пунктов (вида 209.5), ни текста правил"
        )
    return items, orphans
