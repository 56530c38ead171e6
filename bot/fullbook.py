"""Reading one complete rulebook (HTML page, plain-text dump or PDF) in its own layout.

``read_full(raw, source) -> FullBook`` for a file that holds the whole rulebook, as
official and archived rulebooks do («Расширенные правила»: 63 sections, 452 numbered
clauses, a dictionary). Unlike ``bot.pages`` (scraped fragments whose numbers are
inferred across pages) nothing here is guessed: every number is the printed one.

HTML layout (the one real rulebook sites use):

- a section header is a paragraph «NNN. Title.» *outside* the lists («104.Числа и
  символы.» – no space is fine; «412. Определение Цели Особенностей. Перенаправление.»
  – periods inside the title are kept, the final one dropped) followed by an ``<ol>``;
- the items of that ``<ol>`` are numbered locally (1, 2, …; ``start``/``value``
  respected) and joined to their section: item 3 after «205.» is «205.3». Numbers never
  run on from one section into the next;
- an ``<ol type="a">`` inside an item gives its lettered points «205.3.а», «205.3.б» …
  (Cyrillic letters whatever the list type prints);
- further paragraphs of an item or point are its examples (italic or hidden text,
  «Пример…»), notes («Примечание…», «Обратите внимание…») or the continuation of its
  text; ``<ul>`` bullets stay in the text as «· item» lines (they are not lettered
  points); tables stay tables (``tables`` of the clause: caption + rows of cells);
  icons become readable tokens from ``rulebook/import/icons.yaml`` («{tap}»);
- a table of two columns (term | definition bullets) outside the numbered sections is
  a dictionary: each row one ``Entry(term, text)`` under the unnumbered header before
  it («Глоссарий.»); so are paragraphs (or ``<ul>`` items) «<b>Термин</b> – определение»
  under such a header, a plain paragraph between two of them being a further line of
  the entry before it, and a ``<dl>``;
- everything else (menus, the table of contents, registration forms, «Контакты.»,
  footers, «Produced by …») is site chrome and dropped.

A page whose clauses are paragraphs with their full printed numbers («<h2>102. Кристаллы.</h2>
<p>102.1. …</p>», no ``<ol>``) is read by the plain-text reader over its visible lines
(``html_lines``): its tables stay tables of the clause above them, a two-column table under
an unnumbered header is the dictionary, errors name the page's line.

Plain text (a dump of the same page, or the text of a PDF): «NNN. Title» lines, items
«1. …» or «NNN.K …», points «а) …» / «a. …» / «NNN.Kа …», bullets «· …» / «- …»,
«Пример: …» lines, hard-wrapped lines joined to the paragraph they continue, a
dictionary after an unnumbered «Словарь»/«Глоссарий» line as «Term – definition» lines.

Errors are ``RulebookError``s in Russian naming the file and line.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser


from bot.errors import RulebookError
from bot.paths import rulebook_dir
from bot.rulebook import LETTERS
from bot.textnorm import normalize_typography

SECTION_RE = re.compile(r"^(?P<n>\d{2,3})\.\s*(?P<t>[^\d\s.].*)$")
PART_RE = re.compile(r"^(?P<n>\d)\.\s*(?P<t>[^\d\s.].*)$")
MAX_TITLE_WORDS = 14
_EXAMPLE = re.compile(r"^(?:пример|примеры)\b", re.IGNORECASE)
_NOTE = re.compile(r"^(?:примечание|обратите внимание|замечание|исключение)\b", re.IGNORECASE)
_CHROME = re.compile(r"produced by|©|&copy;|все права защищены|\bcopyright\b", re.IGNORECASE)
_SKIP = {"script", "style", "head", "form", "select", "noscript", "option", "textarea", "button", "iframe", "nav", "footer"}
_VOID = {"img", "br", "hr", "input", "meta", "link", "area", "base", "col", "embed", "param", "source", "wbr"}
_LISTS = {"ol", "ul"}
_BLOCK_CLOSES_P = {"p", "div", "ol", "ul", "table", "center", "li", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "dl", "blockquote"}
_LETTER_TYPES = {"a", "A", "а", "А"}


@dataclass
class Table:
    """A table kept as a table: optional ``caption`` and ``rows`` of cell texts."""

    rows: list[list[str]]
    caption: str = ""

    def as_dict(self) -> dict:
        return {"caption": self.caption, "rows": self.rows}


@dataclass
class FullClause:
    """One numbered clause or lettered point with its printed number and source line."""

    number: str
    text: str
    line: int
    examples: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    @property
    def section(self) -> str:
        return self.number.split(".")[0]


@dataclass
class Entry:
    """A dictionary entry: ``term`` and its definition ``text`` (one line per printed
    paragraph), in the dictionary section ``section`` («Глоссарий»)."""

    term: str
    text: str
    section: str
    line: int


@dataclass
class FullBook:
    """What one complete rulebook file holds: sections (number, title, part, line),
    clauses in document order, dictionary entries, and review notes (Russian)."""

    sections: list[dict] = field(default_factory=list)
    clauses: list[FullClause] = field(default_factory=list)
    dictionary: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# --- icons ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def icon_tokens() -> dict[str, str]:
    """Image file stem -> token, from ``rulebook/import/icons.yaml`` (empty when missing)."""
    path = rulebook_dir() / "import" / "icons.yaml"
    from bot.yamlsafe import load_data_file

    if not path.is_file():
        return {}
    data = load_data_file(path, "список значков (ожидался словарь имя файла: знак)") or {}
    if not isinstance(data, dict):
        raise RulebookError(f"{path}: ожидался словарь имя файла: знак")
    return {str(k): str(v) for k, v in data.items()}


def icon_token(attrs: dict) -> str:
    """The readable token of an ``<img>``: its alt text, else the token of its file
    name (``rulebook/import/icons.yaml``), else «{file name}»; "" for an image without both."""
    alt = (attrs.get("alt") or "").strip()
    if alt:
        return alt
    src = attrs.get("src") or ""
    stem = re.sub(r"\.[A-Za-z0-9]+$", "", src.rsplit("/", 1)[-1])
    if not stem:
        return ""
    return icon_tokens().get(stem, "{" + stem + "}")


# --- a lenient HTML tree ----------------------------------------------------------
class Node:
    """An element of the page: ``tag``, ``attrs``, ``children`` (Nodes and strings), ``line``."""

    __slots__ = ("tag", "attrs", "children", "line")

    def __init__(self, tag: str, attrs: dict, line: int) -> None:
        self.tag, self.attrs, self.children, self.line = tag, attrs, [], line

    def find(self, tags: set[str]) -> bool:
        return any(isinstance(c, Node) and (c.tag in tags or c.find(tags)) for c in self.children)


MAX_HTML_DEPTH = 100
"""Elements nested deeper than this are not kept as levels of the tree (``_Tree``): the
readers walk the tree recursively, and real rulebook pages nest a few dozen levels."""


class _Tree(HTMLParser):
    """Builds a ``Node`` tree the way browsers forgive real pages: an ``<li>`` closes the
    open item of its list, a block closes an open ``<p>``, stray end tags are ignored,
    ``<script>``/``<form>``/… are dropped whole."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, 1)
        self.stack = [self.root]
        self.skip = 0
        self.skip_from: tuple[str, int] = ("", 0)  # the dropped element being skipped: tag, line
        self.swallowed: int | None = None  # line of a section header inside a skipped element
        self.lost: list[str] = []  # why rule text would be lost (Russian, with lines)
        self.pushed: Node | None = None  # the element the last start tag opened

    def _close_to(self, i: int) -> None:
        del self.stack[i:]

    def handle_starttag(self, tag, attrs):
        if self.skip:
            if tag in _SKIP:
                self.skip += 1
            return
        if tag in _SKIP:
            self.skip = 1
            self.skip_from, self.swallowed = (tag, self.getpos()[0]), None
            return
        line = self.getpos()[0]
        if len(self.stack) > MAX_HTML_DEPTH and tag not in _VOID:
            # thousands of unclosed tags: an inline one adds no level (its text stays in the
            # element around it); a list or table that deep is a page that cannot be read
            if (tag in _LISTS or tag in ("li", "table", "tr", "td", "th")) and not self.lost:
                self.lost.append(f"строка {line}: элементы страницы вложены глубже {MAX_HTML_DEPTH} уровней, и <{tag}> "
                                 "там не прочитать; ожидались закрытые теги (</div>, </ol>, </li>, </table>)")
            return
        a = {k: (v or "") for k, v in attrs}
        if tag in _BLOCK_CLOSES_P:
            for i in range(len(self.stack) - 1, 0, -1):
                t = self.stack[i].tag
                if t == "p":
                    self._close_to(i)
                    break
                if t in _LISTS or t in ("li", "td", "th", "table", "div", "center"):
                    break
        if tag == "li":
            for i in range(len(self.stack) - 1, 0, -1):
                t = self.stack[i].tag
                if t == "li":
                    self._close_to(i)
                    break
                if t in _LISTS:
                    break
        if tag in ("td", "th", "tr"):
            stop = {"tr"} if tag != "tr" else {"table", "tbody"}
            for i in range(len(self.stack) - 1, 0, -1):
                t = self.stack[i].tag
                if t in ("td", "th") or (tag == "tr" and t == "tr"):
                    self._close_to(i)
                    break
                if t in stop or t == "table":
                    break
        node = Node(tag, a, line)
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)
            self.pushed = node

    def handle_startendtag(self, tag, attrs):
        self.pushed, skip = None, self.skip
        self.handle_starttag(tag, attrs)
        if self.skip > skip:   # «<nav/>», «<iframe …/>»: nothing inside to drop
            self.skip = skip
        if self.pushed is not None and self.stack[-1] is self.pushed:
            self.stack.pop()

    def handle_endtag(self, tag):
        if self.skip:
            if tag in _SKIP:
                self.skip -= 1
            return
        if tag in _VOID:
            return
        boundary = _LISTS if tag == "li" else ({"table"} if tag in ("td", "th", "tr") else set())
        for i in range(len(self.stack) - 1, 0, -1):
            t = self.stack[i].tag
            if t == tag:
                self._close_to(i)
                return
            if t in boundary:
                return

    def handle_data(self, data):
        if not self.skip and data.lstrip().startswith("<!--"):  # html.parser gives an unclosed comment as text; a browser hides the rest
            self.lost.append(f"строка {self.getpos()[0]}: комментарий «<!--» не закрыт, и текст после него пропал бы; "
                             "ожидалось «-->» в конце комментария")
            return
        if not self.skip:
            self.stack[-1].children.append(data)
        elif self.swallowed is None and _HEADER_IN_MARKUP.search(data):
            self.swallowed = self.getpos()[0] + data[: _HEADER_IN_MARKUP.search(data).start()].count("\n")

    def handle_comment(self, data):
        m = _HEADER_IN_MARKUP.search(data)
        if m and re.search(r"<(?:ol|li)\b", data, re.IGNORECASE):
            line = self.getpos()[0] + data[: m.start()].count("\n")
            self.lost.append(f"строка {self.getpos()[0]}: комментарий «<!--» поглотил текст правил (заголовок раздела "
                             f"в строке {line}); ожидалось «-->» перед ним")

    def close(self):
        super().close()
        if self.skip and self.swallowed is None and _HEADER_IN_MARKUP.search(self.rawdata):  # an unclosed <script>
            self.swallowed = self.getpos()[0] + self.rawdata[: _HEADER_IN_MARKUP.search(self.rawdata).start()].count("\n")
        if self.skip and self.swallowed is not None:
            tag, line = self.skip_from
            self.lost.append(f"строка {line}: элемент <{tag}> не закрыт и поглотил текст правил (заголовок раздела "
                             f"в строке {self.swallowed}); ожидалось </{tag}> перед ним")


_HEADER_IN_MARKUP = re.compile(r"(?:^|>|\n)\s*\d{3}\.\s*[А-ЯЁ][а-яё]+")
"""A section header «105. Ходы» in raw markup or text (found where it would be lost)."""


def parse_tree(html: str, source: str = "страница") -> Node:
    """The page as a ``Node`` tree (stdlib ``html.parser``, lenient as a browser).
    Raises ``RulebookError`` naming ``source`` and the line when an unclosed
    ``<script>``/``<form>``/… or comment would swallow rule text (a section header)."""
    t = _Tree()
    t.feed(html)
    t.close()
    if t.lost:
        raise RulebookError(f"{source}, {t.lost[0]}")
    return t.root


def _clean(text: str) -> str:
    return normalize_typography(" ".join(text.replace("\u00a0", " ").split()))


def inline_text(node: Node, stop: set[str] = _LISTS | {"table"}) -> str:
    """The readable text of ``node`` without nested lists/tables: entities decoded,
    icons as tokens, whitespace collapsed, typography normalised."""
    parts: list[str] = []

    def walk(n: Node) -> None:
        for c in n.children:
            if isinstance(c, str):
                parts.append(c)
            elif c.tag == "img":
                tok = icon_token(c.attrs)
                if tok:
                    parts.append(tok)
            elif c.tag == "br":
                parts.append(" ")
            elif c.tag in stop:
                continue
            else:
                walk(c)

    walk(node)
    return _clean("".join(parts))


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _all_styled(node: Node, styles, styled: bool = False) -> bool:
    """True when ``node`` has text and every non-blank piece of it lies inside an element
    ``styles(element)`` accepts (below ``node``; ``styled``: ``node`` itself counts as one)."""
    marks: list[bool] = []

    def walk(n: Node, inside: bool) -> None:
        for c in n.children:
            if isinstance(c, str):
                if c.strip():
                    marks.append(inside)
            else:
                walk(c, inside or styles(c))

    walk(node, styled)
    return bool(marks) and all(marks)


def _italic_or_hidden(n: Node) -> bool:
    return n.tag in ("em", "i") or (n.tag == "font" and (n.attrs.get("color") or "").lower() in ("white", "#ffffff", "#fff"))


def _is_aside(node: Node) -> bool:
    """True when all the text of ``node`` is italic or hidden (white font): an example."""
    return _all_styled(node, _italic_or_hidden)


def _is_bold(node: Node) -> bool:
    """True when all the text of ``node`` is bold or in a heading (``node`` itself may be one)."""
    return _all_styled(node, lambda n: n.tag in ("strong", "b") or n.tag in _HEADINGS, node.tag in _HEADINGS)


def _table_rows(table: Node) -> list[list[Node]]:
    rows: list[list[Node]] = []

    def walk(n: Node) -> None:
        for c in n.children:
            if not isinstance(c, Node):
                continue
            if c.tag == "tr":
                rows.append([d for d in c.children if isinstance(d, Node) and d.tag in ("td", "th")])
            elif c.tag in ("tbody", "thead", "tfoot"):
                walk(c)

    walk(table)
    return rows


def _cell_paragraphs(cell: Node) -> list[str]:
    """The printed paragraphs of a table cell: its list items and paragraphs, in order."""
    out: list[str] = []
    loose: list[str | Node] = []

    def flush() -> None:
        tmp = Node("#", {}, cell.line)
        tmp.children = list(loose)
        t = inline_text(tmp)
        if t:
            out.append(t)
        loose.clear()

    def walk(n: Node) -> None:
        for c in n.children:
            if isinstance(c, Node) and c.tag in ("li", "p", "div", "ul", "ol"):
                flush()
                if c.tag in ("ul", "ol", "div") or c.find({"p", "li"}):
                    walk(c)
                else:
                    t = inline_text(c)
                    if t:
                        out.append(t)
            else:
                loose.append(c)
        flush()

    walk(cell)
    return out


def _is_header_text(title: str) -> bool:
    words = title.split()
    return 0 < len(words) <= MAX_TITLE_WORDS and not title.rstrip().endswith((":", ",", ";")) and len(title) <= 140


# --- HTML rulebook ----------------------------------------------------------------
class _HtmlBook:
    def __init__(self, source: str) -> None:
        self.source = source
        self.book = FullBook()
        self.part: str | None = None
        self.pending: tuple[str, str, int] | None = None  # section header waiting for its <ol>
        self.header: str | None = None  # last unnumbered header («Глоссарий»)
        self.seen: dict[str, int] = {}
        self.skipped_lists = 0
        self.dropped: tuple | None = None  # a section header followed by text: (number, title, line, text, line)
        self.by_paragraph = False  # the last dictionary entry came from a «<b>Термин</b> – …» paragraph
        self.between: list[tuple[str, int]] = []  # paragraphs after it, not yet known to be its lines
        self.part_header: tuple[str, str, int] | None = None  # «1. Общие положения»: a part, or a section if an <ol> follows
        self.ol_next = False  # the block being read is followed by an <ol> (its next sibling)

    def where(self, line: int) -> str:
        return f"{self.source}, строка {line}"

    # the stream of blocks ------------------------------------------------------
    def walk(self, node: Node, ol_after: bool = False) -> None:
        """Read the blocks of ``node``; ``ol_after``: an ``<ol>`` follows ``node`` itself (so its
        last paragraph may be the one-digit header of that list, «<div>1. Общие положения</div><ol>»)."""
        loose: list[str | Node] = []

        def flush(ol_next: bool) -> None:
            if loose:
                tmp = Node("#", {}, node.line)
                tmp.children = list(loose)
                loose.clear()
                self.ol_next = ol_next
                self.para(tmp)

        kids = node.children

        def before_ol(at: int) -> bool:
            """The next block after ``kids[at]`` is an ``<ol>`` (or none follows and ``ol_after``)."""
            k = next((k for k in itertools.islice(kids, at + 1, None) if not isinstance(k, str) or k.strip()), None)
            return ol_after if k is None else (not isinstance(k, str) and k.tag == "ol")

        for at, c in enumerate(kids):
            self.ol_next = not isinstance(c, str) and c.tag in ("p", "div") and before_ol(at)
            if isinstance(c, str) or c.tag in ("a", "span", "strong", "b", "em", "i", "u", "font", "img", "br", "sup", "sub", "small", "big"):
                if isinstance(c, Node) and c.find({"ol", "table", "p"}):
                    flush(False)
                    self.walk(c)
                else:
                    loose.append(c)
                continue
            flush(c.tag == "ol")
            self.ol_next = not isinstance(c, str) and c.tag in ("p", "div") and before_ol(at)
            if c.tag == "ol":
                self.olist(c)
            elif c.tag == "ul":
                if not self.entry_list(c):
                    self.unplaceable(c, "список вне пунктов")
                    self.pending = None
                    self.end_entries()
                    self.skipped_lists += 1
            elif c.tag == "li":
                self.unplaceable(c, "пункт списка <li> вне списка <ol> (список закрыт раньше времени?)")
                self.walk(c)
            elif c.tag == "table":
                if c.find({"ol"}) or any(SECTION_RE.match(inline_text(p)) for p in _paras(c)):
                    self.walk_table_layout(c)
                else:
                    self.table(c)
            elif c.tag in ("p", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd"):
                if c.find({"ol", "table"}):
                    self.walk(c)
                else:
                    self.para(c)
            elif c.tag == "dl":
                self.dlist(c)
            else:
                self.walk(c, before_ol(at))
        flush(ol_after)

    def entry_list(self, ul: Node) -> bool:
        """A ``<ul>`` under an unnumbered header whose items are all «<b>Термин</b> –
        определение»: a dictionary written as a list. True when read as one."""
        items = [c for c in ul.children if isinstance(c, Node) and c.tag == "li"]
        pairs = [bold_entry(li) for li in items]
        if self.header is None or not items or any(p is None for p in pairs):
            return False
        for li, (term, text) in zip(items, pairs):
            self.entry(term, text, li.line)
        return True

    def walk_table_layout(self, table: Node) -> None:
        """A table used for page layout: its cells (and anything an unclosed cell or row
        left inside the table) are read as page text."""
        self.walk(table)

    # what cannot be placed -------------------------------------------------------
    def in_rules(self) -> bool:
        """True between the first numbered section and the next unnumbered header
        («Словарь.», «Контакты.»): text there belongs to a numbered clause or nowhere."""
        return bool(self.book.sections) and self.header is None

    def unplaceable(self, node: Node, what: str) -> None:
        """Refuse rule text met where no clause can hold it (the structure that would have
        held it is broken): ``RulebookError`` naming the line; chrome, icons and text
        outside the numbered sections pass."""
        text = _own_text(node)
        if not self.in_rules() or not _wordy(text):
            return
        last = self.book.clauses[-1].number if self.book.clauses else self.book.sections[-1]["number"]
        raise RulebookError(
            f"{self.where(node.line)}: {what} после пункта {last}, текст «{text[:60]}» не относится ни к одному пункту; "
            "ожидался пункт <li> списка раздела или заголовок раздела «NNN. Название.»"
        )

    def para(self, node: Node) -> None:
        text = inline_text(node)
        if not text:
            return
        self.part_header = None
        m = SECTION_RE.match(text)
        if m and _is_header_text(m.group("t")):
            self.end_entries()
            self.pending = (m.group("n"), m.group("t").strip().rstrip(".").strip(), node.line)
            self.header = self.dropped = None
            return
        m = PART_RE.match(text)
        if m and _is_header_text(m.group("t")) and not (_is_bold(node) or node.tag.startswith("h")) and self.pending is None \
                and self.ol_next:
            # a plain «<p>1. Общие положения.</p>»: a section numbered with one digit if its <ol> follows
            self.part_header = (m.group("n"), m.group("t").strip().rstrip(".").strip(), node.line)
            return
        if m and _is_header_text(m.group("t")) and (_is_bold(node) or node.tag.startswith("h")):
            self.part = f"{m.group('n')}. {m.group('t').strip().rstrip('.')}"
            self.pending = None
            self.header = None
            self.part_header = (m.group("n"), m.group("t").strip().rstrip(".").strip(), node.line)
            return
        if (_is_bold(node) or node.tag.startswith("h")) and len(text.split()) <= 6:
            self.pending = self.dropped = None
            self.end_entries()
            self.header = text.rstrip(".").strip()
            return
        if self.header is not None and _CHROME.search(text) is None:
            pair = bold_entry(node)
            if pair is not None:
                self.entry(*pair, node.line)
                return
            if self.by_paragraph:
                self.between.append((text, node.line))  # a second paragraph of the entry, if another entry follows
                return
        if self.pending is not None:
            if _wordy(text):  # text between a header-like line and a list: it was not a header …
                self.dropped = (*self.pending, text, node.line)  # … unless a list of rules follows
                self.pending = None
            return
        self.unplaceable(node, "абзац вне пунктов")
        if self.header is not None and self.book.dictionary and self.book.dictionary[-1].section == self.header:
            self.end_entries()
            self.book.notes.append(f"{self.where(node.line)}: текст после словаря пропущен (не пункт и не статья словаря): «{text[:60]}»")

    # a dictionary written as paragraphs «<b>Термин</b> – определение» -----------
    def entry(self, term: str, text: str, line: int) -> None:
        """One dictionary entry of a paragraph dictionary; paragraphs met since the
        previous entry are its further lines."""
        if self.by_paragraph and self.book.dictionary:
            last = self.book.dictionary[-1]
            last.text = "\n".join([last.text, *(t for t, _ in self.between)])
        self.between = []
        self.book.dictionary.append(Entry(term, text, self.header or "Словарь", line))
        self.by_paragraph = True

    def end_entries(self) -> None:
        """The paragraph dictionary ends (a header, a section, a list, the page end):
        paragraphs after its last entry are not part of it (reported, not kept)."""
        for text, line in self.between:
            self.book.notes.append(f"{self.where(line)}: текст после словаря пропущен (не пункт и не статья словаря): «{text[:60]}»")
        self.between = []
        self.by_paragraph = False

    # numbered sections -----------------------------------------------------------
    def olist(self, ol: Node) -> None:
        self.end_entries()
        if self.pending is None and self.part_header is not None and "start" not in ol.attrs:
            # «1. Общие положения» and right after it its list: a section numbered with one digit
            # (items 1.1, 1.2, points 1.1.1), not a part of three-digit sections
            number, title, line = self.part_header
            self.part = None
            self.pending = (number, title, line)
        self.part_header = None
        if self.pending is None:
            if self.dropped is not None and _wordy(" ".join(_own_text(li) for li in ol.children if isinstance(li, Node))):
                number, _, line, text, at = self.dropped
                raise RulebookError(
                    f"{self.where(at)}: после заголовка раздела {number} (строка {line}) идёт текст без номера "
                    f"«{text[:60]}», а не список пунктов; ожидался список <ol> сразу после заголовка"
                )
            self.unplaceable(ol, "список пунктов без заголовка раздела «NNN. Название.» перед ним")
            self.skipped_lists += 1  # table of contents, menus
            return
        number, title, line = self.pending
        self.pending = None
        if number in self.seen:
            raise RulebookError(
                f"{self.where(line)}: раздел {number} встречается второй раз (первый – строка {self.seen[number]}); "
                "ожидались разные номера разделов"
            )
        if self.book.sections and int(number) < int(self.book.sections[-1]["number"]):
            prev = self.book.sections[-1]
            raise RulebookError(
                f"{self.where(line)}: раздел {number} стоит после раздела {prev['number']} (строка {prev['line']}); "
                "ожидались разделы по возрастанию номеров"
            )
        if self.book.sections and (len(number) == 1) != (len(self.book.sections[-1]["number"]) == 1):
            prev = self.book.sections[-1]
            raise RulebookError(
                f"{self.where(line)}: раздел «{number}. {title[:40]}» пронумерован "
                f"{'одной цифрой' if len(number) == 1 else 'числом ' + number}, а раздел {prev['number']} "
                f"(строка {prev['line']}) — {'одной цифрой' if len(prev['number']) == 1 else 'числом из ' + str(len(prev['number'])) + ' цифр'}; "
                "ожидались номера разделов одного вида (все «1.», «2.» … или все «100.», «101.» …); "
                "если «1. …» — заголовок части, после него ожидался заголовок раздела, а не список пунктов"
            )
        self.seen[number] = line
        self.book.sections.append({"number": number, "title": title, "part": self.part, "line": line})
        before = len(self.book.clauses)
        self.items(ol, number, lettered=False)
        if len(self.book.clauses) == before:
            raise RulebookError(f"{self.where(line)}: в разделе {number} нет ни одного пункта; "
                                "ожидался список <ol> с пунктами <li> после заголовка")

    def number_attr(self, node: Node, name: str) -> int | None:
        """The item number an ``<ol start>`` / ``<li value>`` gives, ``None`` when it gives
        none (absent or not a number, as browsers ignore it). Raises ``RulebookError``
        for a number of more than three digits: no paragraph is numbered so."""
        v = node.attrs.get(name, "").strip()
        if not re.fullmatch(r"[0-9]+", v):
            return None
        if len(v) > 3:
            raise RulebookError(f"{self.where(node.line)}: {name}=«{v[:12]}{'…' if len(v) > 12 else ''}» у <{node.tag}> – "
                                "слишком большой номер пункта; ожидалось число до 999")
        return int(v)

    def items(self, ol: Node, prefix: str, lettered: bool) -> None:
        start = self.number_attr(ol, "start")
        count = start - 1 if start is not None else 0
        for c in ol.children:
            if not (isinstance(c, Node) and c.tag == "li") and _WORD.search(_own_text(c) if isinstance(c, Node) else c):
                text = _own_text(c) if isinstance(c, Node) else _clean(c)
                raise RulebookError(
                    f"{self.where(c.line if isinstance(c, Node) else ol.line)}: текст «{text[:60]}» стоит внутри списка "
                    f"пунктов {prefix} (строка {ol.line}), но вне пункта <li>; список не закрыт (нет </ol>) "
                    "или пункт не открыт (нет <li>)"
                )
        for li in (c for c in ol.children if isinstance(c, Node) and c.tag == "li"):
            v = self.number_attr(li, "value")
            if v is not None and v <= count:
                raise RulebookError(
                    f"{self.where(li.line)}: пункт {prefix}.{v} после пункта {prefix}.{count}; "
                    "ожидались номера пунктов по возрастанию (value у <li>)"
                )
            count = v if v is not None else count + 1
            if count > 999:
                raise RulebookError(f"{self.where(li.line)}: в списке пунктов {prefix} (строка {ol.line}) больше 999 пунктов; "
                                    "ожидались номера пунктов до 999 (список не закрыт — нет </ol>?)")
            if lettered:
                if not 1 <= count <= len(LETTERS):
                    raise RulebookError(
                        f"{self.where(li.line)}: в пункте {prefix} {count}-й подпункт с буквой, а букв только {len(LETTERS)}"
                    )
                number = f"{prefix}.{LETTERS[count - 1]}"
            else:
                number = f"{prefix}.{count}"
            self.item(li, number, lettered)

    def item(self, li: Node, number: str, lettered: bool) -> None:
        clause = FullClause(number, "", li.line)
        self.book.clauses.append(clause)
        lines: list[str] = []
        caption: list[str] = []
        loose: list[str | Node] = []

        def add_para(node: Node) -> None:
            text = inline_text(node)
            if not text:
                return
            m = SECTION_RE.match(text)
            if m and _is_header_text(m.group("t")) and len(m.group("n")) == 3 and number.split(".")[0] != m.group("n") and (
                    _is_bold(node) or _underlined(node) or len(text.split()) <= MAX_TITLE_WORDS // 2):
                raise RulebookError(
                    f"{self.where(node.line)}: заголовок раздела «{text[:60]}» оказался внутри пункта {number} "
                    f"(строка {li.line}); пункт или список не закрыт (нет </li> или </ol>) перед заголовком"
                )
            if not lines:
                lines.append(text)
            elif _NOTE.match(text):
                clause.notes.append(text)
            elif _is_aside(node) or _EXAMPLE.match(text):
                clause.examples.append(text)
            elif _is_bold(node) and len(text.split()) <= 6:
                caption.append(text)  # «Таблица Ударов» before its table
            else:
                lines.append(text)

        def flush() -> None:
            if loose:
                tmp = Node("#", {}, li.line)
                tmp.children = list(loose)
                loose.clear()
                add_para(tmp)

        def walk(n: Node) -> None:
            for c in n.children:
                if isinstance(c, str) or c.tag not in ("p", "div", "center", "ol", "ul", "table", "blockquote", "dl", "dt", "dd"):
                    if isinstance(c, Node) and c.find({"ol", "ul", "table", "p"}):
                        flush()
                        walk(c)
                    else:
                        loose.append(c)
                    continue
                flush()
                if c.tag == "ol":
                    typ = c.attrs.get("type", "")
                    if lettered:
                        for t in _list_texts(c):
                            lines.append("· " + t)
                        self.book.notes.append(f"{self.where(c.line)}: список внутри подпункта {number} оставлен в его тексте")
                    else:
                        self.items(c, number, lettered=typ in _LETTER_TYPES)
                elif c.tag == "ul":
                    for t in _list_texts(c):
                        lines.append("· " + t)
                elif c.tag == "table":
                    clause.tables.append(Table([[" ".join(_cell_paragraphs(cell)) for cell in row] for row in _table_rows(c)],
                                               " ".join(caption)))
                    caption.clear()
                elif c.tag == "p" and c.find({"table", "ol", "ul"}):
                    walk(c)
                elif c.tag == "p":
                    add_para(c)
                else:
                    walk(c)
            flush()

        walk(li)
        lines.extend(caption)
        clause.text = "\n".join(lines)
        if not clause.text:
            raise RulebookError(f"{self.where(li.line)}: у пункта {number} нет текста; ожидался абзац текста пункта")

    # dictionary ----------------------------------------------------------------
    def table(self, table: Node) -> None:
        self.pending = None
        self.end_entries()
        rows = _table_rows(table)
        pairs = [r for r in rows if len(r) == 2]
        if not rows or len(pairs) < max(2, 0.8 * len(rows)):
            return  # a layout or chrome table outside the sections
        entries = []
        for cells in pairs:
            term = inline_text(cells[0])
            paras = _cell_paragraphs(cells[1])
            if not term or not paras or len(term.split()) > 10:
                return
            entries.append(Entry(term, "\n".join(paras), self.header or "Словарь", cells[0].line))
        self.book.dictionary.extend(entries)

    def dlist(self, dl: Node) -> None:
        term: tuple[str, int] | None = None
        for c in dl.children:
            if not isinstance(c, Node):
                continue
            if c.tag == "dt":
                term = (inline_text(c), c.line)
            elif c.tag == "dd" and term and term[0]:
                self.book.dictionary.append(Entry(term[0], "\n".join(_cell_paragraphs(c)) or inline_text(c),
                                                  self.header or "Словарь", term[1]))


_ENTRY_SEP = "–—-:"


def bold_entry(node: Node) -> tuple[str, str] | None:
    """A paragraph «<b>Броня Х</b> – определение» as ``(term, definition)``: the text
    opens with a bold run of at most 10 words, followed by (or ending in) a dash or a
    colon, then the definition. ``None`` for any other paragraph."""
    kids = list(node.children)
    i = 0
    while i < len(kids) and isinstance(kids[i], str) and not kids[i].strip():
        i += 1
    if i == len(kids) or not isinstance(kids[i], Node):
        return None
    head = kids[i]
    if head.tag not in ("b", "strong") and not (head.tag in ("a", "span", "font", "u") and _is_bold(head)):
        return None
    if head.find({"ol", "ul", "table", "p"}):
        return None
    term = inline_text(head)
    rest_node = Node("#", {}, node.line)
    rest_node.children = kids[i + 1:]
    rest = inline_text(rest_node)
    sep = term[-1:] in _ENTRY_SEP
    term = term.rstrip(_ENTRY_SEP + " ").strip()
    if rest[:1] in _ENTRY_SEP:
        rest, sep = rest[1:].strip(), True
    if not sep or not term or not rest or len(term.split()) > 10 or SECTION_RE.match(term):
        return None
    return term, rest


def _own_text(node: Node) -> str:
    """The text of ``node`` outside links: what a table of contents or a menu lacks."""
    parts: list[str] = []

    def walk(n: Node) -> None:
        for c in n.children:
            if isinstance(c, str):
                parts.append(c)
            elif c.tag not in ("a", "script", "style"):
                walk(c)

    walk(node)
    return _clean(" ".join(parts))


def _wordy(text: str) -> bool:
    """True for text that reads as rule text: three or more words, not site chrome
    (icon tokens «{tap}», numbers and punctuation do not count)."""
    if _CHROME.search(text):
        return False
    return len(re.findall(r"[А-Яа-яЁёA-Za-z]{2,}", re.sub(r"\{[^}]*\}", " ", text))) >= 3


_WORD = re.compile(r"[А-Яа-яЁёA-Za-z]{2,}")


def _underlined(node: Node) -> bool:
    return node.find({"u"}) and inline_text(node) == " ".join(
        inline_text(c) for c in node.children if isinstance(c, Node) and c.tag == "u").strip()


def _paras(node: Node):
    for c in node.children:
        if isinstance(c, Node):
            if c.tag == "p":
                yield c
            else:
                yield from _paras(c)


def _list_texts(lst: Node) -> list[str]:
    out = []
    for li in (c for c in lst.children if isinstance(c, Node) and c.tag == "li"):
        t = " ".join(_cell_paragraphs(li))
        if t:
            out.append(t)
    return out


def read_html_book(html: str, source: str) -> FullBook:
    """Read a complete HTML rulebook (see the module docstring). Raises
    ``RulebookError`` naming the file and line (a section number used twice, an item
    without text, more lettered points than letters, no numbered section at all)."""
    reader = _HtmlBook(source)
    reader.walk(parse_tree(html, source))
    reader.end_entries()
    book = reader.book
    if not book.clauses:
        raise RulebookError(
            f"{source}: не найдено ни одного раздела вида «100. Общие положения.» со списком пунктов после него"
        )
    if reader.skipped_lists:
        book.notes.append(f"Пропущено списков вне разделов (оглавление, меню сайта): {reader.skipped_lists}")
    return book


def looks_like_full_html(html: str) -> bool:
    """True when the page has a section header «NNN. Title» outside the lists (a
    paragraph, a heading ``<h2>`` or a ``<div>``) followed by an ``<ol>`` – the layout of a complete rulebook page (one section is enough:
    scraped pages number their sections inside nested lists)."""
    hits = re.findall(r">\s*\d{2,3}\.\s*[^\d\s<.][^<]{0,140}<(?:/[a-z0-9]+>\s*<)*(?:/?p>)?\s*(?:<[^>]*>\s*)*<ol\b", html, re.IGNORECASE)
    # a header in a heading or block element of its own («<h2>205. Сражение.</h2><ol>»)
    hits += _BLOCK_HEADER.findall(html)
    # sections numbered with one digit («<h2>1. Общие положения</h2><ol>…»), in a heading or in bold
    # (not the scraped pages' chapter list «<h1>3. Стек</h1><ol start="3"><li>Стек<ol>…», whose list
    # starts at the header's number and tells the chapter again as its item)
    hits += [a for a in _ONE_DIGIT_HEADER.findall(html) if "start" not in a.lower()]
    return len(hits) >= 1


_ONE_DIGIT_HEADER = re.compile(
    r"<(?:h[1-6]|b|strong|p|div)\b[^>]*>\s*\d\.\s*[^\d\s<.][^<]{0,140}(?:</(?:b|strong|span|font|em|i|u|a)>\s*)*"
    r"</(?:h[1-6]|b|strong|p|div)>\s*(?:</?(?:p|div|b|strong)\b[^>]*>\s*)*<ol\b([^>]*)>", re.IGNORECASE)
_BLOCK_HEADER = re.compile(
    r">\s*\d{2,3}\.\s*[^\d\s<.][^<]{0,140}(?:</(?:b|strong|span|font|em|i|u|a)>\s*)*"
    r"</(?:h[1-6]|div|p)>\s*(?:<[^>]*>\s*)*<ol\b", re.IGNORECASE)


# --- plain text ------------------------------------------------------------------
# «505.4.», «505.4.1.» (one or two more levels, as the 5ed rules print them), «102.3.а.»
_T_FULL = re.compile(r"^(?P<s>\d{2,3})\.(?P<k>\d{1,3})(?P<m>(?:\.\d{1,3}){1,2}(?!\d))?\.?(?P<l>[а-я])?[.)]?"
                     r"(?:\s+|(?=[А-ЯЁ«]))(?P<t>\S.*)$")
# a line that opens like a paragraph number and is none («209.1234.», «209.2.1.1.1.»)
_T_BAD_NUMBER = re.compile(r"^(?P<n>(?P<s>\d{2,3})(?:\.\d+)+)\.?(?:\s|(?=[А-ЯЁ«]))")
_T_ITEM = re.compile(r"^(?P<k>\d{1,2})[.)]\s*(?P<t>\S.*)$")
_T_POINT = re.compile(r"^(?P<l>[а-яa-z])[.)]\s+(?P<t>\S.*)$")
_T_BULLET = re.compile(r"^[·•▪●◦*\-–—]\s+(?P<t>\S.*)$")
_T_PAGE = re.compile(r"^[-–—]?\s*(?:стр\.?\s*)?\d{1,4}\s*(?:из\s*\d+)?\s*[-–—]?$", re.IGNORECASE)
_T_TERM = re.compile(r"^(?P<term>[^–:]{1,80}?)\s+[–-]\s+(?P<t>\S.*)$")
_LATIN = "abcdefghijklmnopqrstuvwxyz"


def read_text_book(text: str, source: str) -> FullBook:
    """Read a complete rulebook from plain text (a text dump of the page, the text of
    a PDF): see the module docstring. Raises ``RulebookError`` naming the line of an
    item out of sequence inside a section or of a section number used twice."""
    book = FullBook()
    section: str | None = None
    part: str | None = None
    item = 0
    point = 0
    cur: FullClause | None = None
    dict_title: str | None = None
    seen: dict[str, int] = {}
    skipped = 0
    target: list[str] | None = None  # where continuation lines go (text lines, an example…)
    lines = [ln.strip() for ln in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    nxt = [""] * len(lines)
    following = ""
    for i in range(len(lines) - 1, -1, -1):
        nxt[i] = following
        if lines[i]:
            following = lines[i]

    def where(i: int) -> str:
        return f"{source}, строка {i + 1}"

    def new_clause(number: str, body: str, i: int) -> FullClause:
        c = FullClause(number, _clean(body), i + 1)
        book.clauses.append(c)
        return c

    def starts_item(s: str) -> bool:
        return bool(_T_ITEM.match(s) or _T_FULL.match(s))

    # text that grows line by line is kept in pieces and joined once (``+=`` on an
    # attribute copies the whole text each time: 100,000 wrapped lines took a minute)
    grow: dict[tuple[int, object], tuple[object, object, list[str]]] = {}

    def add(obj: object, key: object, piece: str) -> None:
        """Append ``piece`` to ``obj.text`` (key ``"text"``) or to ``obj[key]`` (a list index)."""
        grow.setdefault((id(obj), key), (obj, key, []))[2].append(piece)

    def joined() -> None:
        for obj, key, pieces in grow.values():
            if key == "text":
                obj.text += "".join(pieces)  # type: ignore[attr-defined]
            else:
                obj[key] += "".join(pieces)  # type: ignore[index]
        grow.clear()

    for i, raw in enumerate(lines):
        s = _clean(raw)
        if not s or _T_PAGE.match(s):
            continue
        m = SECTION_RE.match(s)
        if m and _is_header_text(m.group("t")) and not _T_FULL.match(s) and (
                starts_item(_clean(nxt[i])) or section is None or int(m.group("n")) > int(section)):
            number = m.group("n")
            if number in seen and not starts_item(_clean(nxt[i])) and any(
                    c.number.split(".")[0] == number for c in book.clauses):
                # a line of a table of contents after the sections («Содержание» at the end of a
                # text or PDF): a section already read, and no item after the line
                skipped += 1
                section, cur, dict_title, target = None, None, None, None
                continue
            if number in seen and not any(c.number.split(".")[0] == number for c in book.clauses):
                # the first «NNN. Title» had no items: a line of a table of contents
                # («Содержание» at the front of a PDF), as were the empty headers after it
                held = {c.number.split(".")[0] for c in book.clauses}
                toc = [x for x in book.sections if x["number"] not in held]
                book.sections[:] = [x for x in book.sections if x["number"] in held]
                for x in toc:
                    seen.pop(x["number"], None)
                skipped += len(toc)
                if book.sections and int(number) < int(book.sections[-1]["number"]):
                    prev = book.sections[-1]
                    raise RulebookError(f"{where(i)}: раздел {number} стоит после раздела {prev['number']} "
                                        f"(строка {prev['line']}); ожидались разделы по возрастанию номеров")
            if number in seen:
                raise RulebookError(f"{where(i)}: раздел {number} встречается второй раз (первый – строка {seen[number]})")
            seen[number] = i + 1
            section, item, point, cur, dict_title, target = number, 0, 0, None, None, None
            book.sections.append({"number": number, "title": m.group("t").strip().rstrip(".").strip(), "part": part, "line": i + 1})
            continue
        mf = _T_FULL.match(s)
        if mf and (section is None or mf.group("s") == section or mf.group("s") not in seen):
            if mf.group("s") != section:
                section = mf.group("s")
                if section not in seen:
                    seen[section] = i + 1
                    book.sections.append({"number": section, "title": "", "part": part, "line": i + 1})
            k = int(mf.group("k"))
            if mf.group("m"):    # «505.4.1.»: a paragraph under 505.4 (the item count stays)
                deeper = ".".join(str(int(x)) for x in mf.group("m").split(".")[1:])
                cur = new_clause(f"{section}.{k}.{deeper}" + (f".{mf.group('l')}" if mf.group("l") else ""),
                                 mf.group("t"), i)
            elif mf.group("l"):
                cur = new_clause(f"{section}.{k}.{mf.group('l')}", mf.group("t"), i)
            else:
                item, point = k, 0
                cur = new_clause(f"{section}.{k}", mf.group("t"), i)
            target = None
            dict_title = None
            continue
        bad = _T_BAD_NUMBER.match(s)
        if bad and bad.group("s") == section:   # glued onto the paragraph above, it would vanish
            raise RulebookError(f"{where(i)}: «{bad.group('n')}» – не номер пункта; ожидался номер вида "
                                f"{section}.1, {section}.1.1 или {section}.1.а (в каждой части после точки "
                                "до трёх цифр, не больше четырёх частей)")
        mi = _T_ITEM.match(s)
        if mi and section is not None and dict_title is None and int(mi.group("k")) == item + 1:
            item, point = item + 1, 0
            cur = new_clause(f"{section}.{item}", mi.group("t"), i)
            target = None
            continue
        mp = PART_RE.match(s)
        if mp and _is_header_text(mp.group("t")) and (SECTION_RE.match(_clean(nxt[i])) or section is None):
            part = f"{mp.group('n')}. {mp.group('t').strip().rstrip('.')}"
            section, cur, target = None, None, None
            continue
        if mi and section is not None and dict_title is None:
            raise RulebookError(
                f"{where(i)}: пункт {mi.group('k')} в разделе {section} после пункта {item}; "
                f"ожидался пункт {item + 1} или заголовок нового раздела «NNN. Название»"
            )
        mpt = _T_POINT.match(s)
        if mpt and cur is not None and item:
            letter = mpt.group("l")
            idx = _LATIN.find(letter) if letter in _LATIN else LETTERS.find(letter)
            if idx == point:
                point += 1
                cur = new_clause(f"{section}.{item}.{LETTERS[idx]}", mpt.group("t"), i)
                target = None
                continue
        mb = _T_BULLET.match(s)
        if mb and cur is not None and dict_title is None:
            add(cur, "text", "\n· " + mb.group("t"))
            target = None
            continue
        if cur is not None and dict_title is None and (_EXAMPLE.match(s) or _NOTE.match(s)):
            lst = cur.notes if _NOTE.match(s) else cur.examples
            lst.append(s)
            target = lst
            continue
        # an unnumbered header: ends the numbered text, may open a dictionary
        if len(s.split()) <= 4 and s[0].isupper() and not s.rstrip(".").count(".") and not _T_TERM.match(s) and (
            _CHROME.search(s) is None) and (cur is None or s.endswith(".") is False or len(s) < 30) and _looks_title(s, nxt[i]):
            dict_title = s.rstrip(".").strip()
            cur, target, section = None, None, None
            continue
        if dict_title is not None:
            if _CHROME.search(s):
                dict_title = None
                continue
            mt = _T_TERM.match(s)
            if mt and mt.group("term")[0].isupper():
                book.dictionary.append(Entry(mt.group("term").strip(), mt.group("t"), dict_title, i + 1))
                continue
            if mb and book.dictionary and book.dictionary[-1].section == dict_title:
                add(book.dictionary[-1], "text", "\n" + mb.group("t"))
                continue
            if book.dictionary and book.dictionary[-1].section == dict_title:
                add(book.dictionary[-1], "text", " " + s)
                continue
            skipped += 1
            continue
        if cur is not None:
            if target is not None:
                add(target, len(target) - 1, " " + s)
            else:
                add(cur, "text", " " + s)
            continue
        skipped += 1
    joined()
    if not book.clauses:
        raise RulebookError(f"{source}: не найдено ни одного раздела вида «100. Общие положения» с пунктами «1. …» после него")
    if skipped:
        book.notes.append(f"Пропущено строк вне разделов и словаря (оглавление, колонтитулы, выходные данные): {skipped}")
    return book


def _looks_title(s: str, following: str) -> bool:
    """An unnumbered header line («Словарь.», «Глоссарий») is followed by text that is
    not a numbered item."""
    return not _T_ITEM.match(_clean(following)) and not _T_FULL.match(_clean(following))


_ONE_DIGIT_FULL = re.compile(r"(?m)^\s*\d\.\d{1,3}\.?\s+\S")
_THREE_DIGIT_FULL = re.compile(r"(?m)^\s*\d{2,3}\.\d{1,3}\.?\s*\S|^\s*\d{2,3}\.\s+[А-ЯЁ]")


def one_digit_text(text: str) -> bool:
    """True for a text (of a PDF) whose paragraphs carry full numbers with a one-digit section
    («1.1. Игра ведётся …», «2.3 …») and no paragraph or header numbered 10–999: the layout
    ``bot.pages`` reads (``read_text_book`` knows sections «100.» … only)."""
    return bool(_ONE_DIGIT_FULL.search(text)) and not _THREE_DIGIT_FULL.search(text)


def looks_like_full_text(text: str) -> bool:
    """True for a plain-text rulebook in its own layout: at least two «NNN. Title» lines
    each followed by a numbered item line, or one such line that opens the file (a
    page holding one section: «412. Определение цели. Перенаправление.» then «1. …» or
    «412.1 …»; its title, periods and all, is the section's title, not a paragraph)."""
    lines = [_clean(x) for x in text.split("\n") if x.strip() and not _T_PAGE.match(_clean(x))]
    hits = 0
    for i, (a, b) in enumerate(zip(lines, lines[1:])):
        m = SECTION_RE.match(a)
        if m and _is_header_text(m.group("t")) and not _T_FULL.match(a) and (_T_ITEM.match(b) or _T_FULL.match(b)):
            hits += 1
            if i == 0:
                return True
    return hits >= 2


# --- PDF ---------------------------------------------------------------------------
def pdf_text(raw: bytes, source: str) -> str:
    """The text of a PDF (pages in order, one line per printed line) via ``pypdf``
    (the optional extra ``berserk-judge[pdf]``). Raises ``RulebookError`` when pypdf is
    missing, the file is not a readable PDF, or it holds no text (a scan)."""
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError:
        raise RulebookError(
            f"{source}: для чтения PDF нужен пакет pypdf – установите его: pip install 'berserk-judge[pdf]'"
        ) from None
    import io
    import logging

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(raw))
        pages = [p.extract_text() or "" for p in reader.pages]
    except Exception as e:  # noqa: BLE001 - any failure of the PDF library is this file's fault, told in Russian
        raise RulebookError(f"{source}: PDF не читается ({_pdf_reason(e, PdfReadError)}); "
                            "ожидался PDF с текстовым слоем") from None
    text = "\n".join(pages)
    if not text.strip():
        raise RulebookError(f"{source}: в PDF нет текстового слоя (похоже на скан); ожидался PDF с текстом")
    return text


def _pdf_reason(e: Exception, read_error: type) -> str:
    """What is wrong with a PDF, in Russian, from the exception ``e`` of the PDF library
    (whose own messages are English); ``read_error``: its base error of unreadable files."""
    name = type(e).__name__
    msg = str(e).lower()
    if name == "EmptyFileError":
        return "файл пуст"
    if name in ("FileNotDecryptedError", "WrongPasswordError") or "decrypt" in msg or "password" in msg:
        return "PDF защищён паролем; нужен PDF без пароля"
    if name == "DependencyError" or "cryptography" in msg:
        return "PDF зашифрован (AES); для чтения нужен пакет cryptography: pip install cryptography"
    if name == "PdfStreamError" or "ended unexpectedly" in msg or "truncated" in msg:
        return "файл обрывается посреди данных: он обрезан или повреждён"
    if "xref" in msg or "eof marker" in msg or "trailer" in msg:
        return "повреждена таблица объектов PDF (xref) или конец файла: файл обрезан или повреждён"
    if isinstance(e, read_error):
        return "структура PDF повреждена"
    if isinstance(e, RecursionError):
        return "слишком глубокая вложенность объектов PDF"
    if isinstance(e, MemoryError):
        return "PDF слишком велик для разбора"
    return "разбор PDF не удался: структура файла не такая, как в PDF"


_HTML_BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "caption", "blockquote", "pre", "tr"}


def html_lines(html: str, source: str) -> tuple[str, list[int], list[tuple[int, Table]]]:
    """The visible text of a page, one line per block (paragraph, heading, list item; a
    two-column table under an unnumbered header as «Термин – определение» lines), the page
    line each text line comes from, and the other tables as ``(number of text lines before
    it, Table)``; menus, forms and scripts dropped as ``parse_tree`` drops them."""
    lines: list[str] = []
    at: list[int] = []
    tables: list[tuple[int, Table]] = []

    blocks = _HTML_BLOCKS | _LISTS | {"table", "tbody", "thead", "tfoot", "div", "center", "dl", "td", "th",
                                      "section", "article", "main", "header", "body", "html"}

    pending: list[str] = []   # the number a browser shows before the next line (an ``<ol>`` item's)

    def walk(node: Node, depth: int = 0) -> None:
        """``depth``: how many list items ``node`` is inside."""
        if node.tag == "table" and not node.find({"p", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "div", "table"}):
            rows = [[inline_text(c) for c in r] for r in _table_rows(node)]
            rows = [r for r in rows if any(r)]
            prev = lines[-1] if lines else ""
            if rows and all(len(r) == 2 for r in rows) and (_T_TERM.match(prev) or (
                    len(prev.split()) <= 4 and not re.search(r"\d", prev))):
                for r in rows:  # a dictionary table under its header: «Термин – определение» lines
                    lines.append(f"{r[0]} – {r[1]}")
                    at.append(node.line)
            elif rows:
                tables.append((len(lines), Table(rows)))   # a table of the clause above it
            return
        loose: list = []

        def flush() -> None:
            if loose:
                tmp = Node("#", {}, next((x.line for x in loose if isinstance(x, Node)), node.line))
                tmp.children = list(loose)
                loose.clear()
                text = inline_text(tmp)
                if text and pending:
                    if pending[0] and not _NUMBER_SHOWN.match(text):
                        text = pending[0] + text
                    pending.clear()
                if text:
                    lines.append(text)
                    at.append(tmp.line if node.tag not in _HTML_BLOCKS else node.line)

        n = _int_attr(node.attrs.get("start"), 1)
        for c in node.children:
            if node.tag == "ol" and isinstance(c, Node) and c.tag == "li":
                # an item's number is the list's, not the text's: written out as a browser shows it
                # («1. …»; «а) …» for a list inside an item); a text printing its own number keeps it
                flush()
                n = _int_attr(c.attrs.get("value"), n)
                pending[:] = [f"{n}. " if depth == 0 else (f"{LETTERS[n - 1]}) " if 0 < n <= len(LETTERS) else "")]
                walk(c, depth + 1)
                pending.clear()
                n += 1
            elif isinstance(c, Node) and (c.tag in blocks or c.find(blocks)):
                flush()
                walk(c, depth + (c.tag == "li"))
            else:
                loose.append(c)
        flush()

    walk(parse_tree(html, source))
    return "\n".join(lines), at, tables


_NUMBER_SHOWN = re.compile(r"\d{1,3}(?:\.\d{1,3})*[.)]?(?:\s|$)|[а-яa-z][.)]\s")
"""A list item's text that prints its own number («101.1. …», «2) …», «а) …»)."""


def _int_attr(value: str | None, default: int) -> int:
    """An ``<ol start>`` / ``<li value>`` number (``default`` when absent or not a small number)."""
    v = (value or "").strip()
    return int(v) if v.isdigit() and len(v) <= 3 else default


def _numbered_paragraphs(html: str) -> bool:
    """The page prints each clause's full number at the start of a paragraph or heading
    («<p>102.1. Кристаллы бывают …</p>», at least two): the layout the plain-text reader
    reads, not lists numbered by ``<ol>``."""
    # one tag, then the number (no repeated group of tags: 50,000 unclosed <div> made that quadratic)
    return len(_NUMBERED_PARA.findall(html)) >= 2


_NUMBERED_PARA = re.compile(r"<(?:p|div|h[1-6]|span|b|strong|font|u|i|em)\b[^<>]*>[ \t\r\n]*\d{2,3}\.\d{1,3}\.?[ \t]*[^\d\s<]",
                            re.IGNORECASE)


def _html_as_text_book(html: str, source: str) -> FullBook | None:
    """A page whose clauses are paragraphs with printed full numbers, read by the
    plain-text reader over its visible lines (``None`` when it is not in that layout)."""
    if not _numbered_paragraphs(html):
        return None
    text, at, tables = html_lines(html, source)
    if not looks_like_full_text(text):
        return None
    try:
        book = read_text_book(text, source)
    except RulebookError as e:   # the text reader's «строка N» is a line of the page's text: name the page line
        m = re.match(rf"{re.escape(source)}, строка (\d+)(.*)$", str(e), re.DOTALL)
        if m and 0 < int(m.group(1)) <= len(at):
            raise RulebookError(f"{source}, строка {at[int(m.group(1)) - 1]}{m.group(2)}") from None
        raise
    for pos, table in tables:   # a table belongs to the clause whose text is above it
        owner = next((c for c in reversed(book.clauses) if c.line <= pos), None)
        if owner is not None:
            owner.tables.append(table)
    for c in book.clauses:
        c.line = at[c.line - 1] if 0 < c.line <= len(at) else c.line
    for e in book.dictionary:
        e.line = at[e.line - 1] if 0 < e.line <= len(at) else e.line
    for sec in book.sections:
        sec["line"] = at[sec["line"] - 1] if 0 < sec["line"] <= len(at) else sec["line"]
    book.notes.append("Пункты на странице – абзацы с номерами (вида 102.1), а не списки <ol>: страница прочитана "
                      "по абзацам")
    return book


def read_full(raw: bytes, source: str) -> FullBook | None:
    """The complete rulebook in ``raw`` (HTML, plain text or PDF bytes), or ``None``
    when the file is not in a complete-rulebook layout (then ``bot.pages`` reads it as
    a scraped page). Raises ``RulebookError`` for a PDF that cannot be read or a
    complete rulebook with a structural fault (message names the file and line)."""
    if raw[:5] == b"%PDF-":
        text = pdf_text(raw, source)
        if one_digit_text(text):
            return None     # «1. Общие положения» / «1.1. …»: read as text pages (bot.pages numbers them)
        return read_text_book(text, source)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if re.search(r"<(?:!doctype|html|body|ol|p|div)\b", text[:4000], re.IGNORECASE):
        if not looks_like_full_html(text):
            return _html_as_text_book(text, source)
        try:
            return read_html_book(text, source)
        except RulebookError:   # «<h2>102. Кристаллы.</h2><p>102.1. …</p>»: numbered paragraphs, no <ol>
            book = _html_as_text_book(text, source)
            if book is None:
                raise
            return book
    return read_text_book(text, source) if looks_like_full_text(text) else None
