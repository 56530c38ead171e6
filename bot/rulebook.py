"""The numbered rulebook: clauses, sections, lookup by number, references.

An edition is a YAML file ``rulebook/<edition>.yaml`` written by ``bot.importer``:

    edition: 5ed
    title: <str>
    sections:                       # in rulebook order
      - {number: "209", title: "Симбиоты, паразиты", part: "Часть 2. …" | null}
    clauses:                        # in rulebook order
      - number: "209.5"
        section: "209"
        text: <str>                 # normalised typography
        examples: [<str>, ...]      # «ПРИМЕР.» paragraphs attached to this one
        notes: [<str>, ...]         # «Обратите внимание!» remarks attached to this one
        inferred: false             # number derived from position, not printed
        sources: [<file name>, ...]
        variants: [<str>, ...]      # other wordings of the same paragraph
        tables: [{caption: <str>, rows: [[<cell>, ...], ...]}]   # tables printed in it (optional)
    dictionary:                     # unnumbered dictionary / glossary entries (optional)
      - {term: "Броня Х", text: <str, one line per printed paragraph>, section: "Глоссарий"}
    unplaced:                       # paragraphs the importer could not number (review!)
      - {source: <file name>, line: <1-based line>, text: <str>}  # only with rulebook import --keep-unplaced

Numbers are dotted integers ("209.5", "505.4.1"); a lettered sub-point has a
Cyrillic letter as its last level ("1.2.а", "302.3.в"), sorting after the numeric
children of the same parent. Lettered sub-points are the items of a list inside a
paragraph: printed «а) …» items of HTML/plain-text rulebooks, and the «·» bullet
items of the seed pages, lettered by the importer in order (``inferred: true``:
the letters are not printed). The parent clause keeps the lead-in sentence
(«Игродействия, использующие стек, это:»); ``Rulebook.subpoints`` gives its items,
``Rulebook.parent_of`` the paragraph an item belongs to, and
``Rulebook.text_with_subpoints`` the paragraph as printed (lead-in + «  а) …» lines).

References (``refs``) and the reverse index (``cited_by``) are derived from the
texts at load time, never stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterator, NamedTuple

import yaml

from bot.errors import RulebookError
from bot.paths import DEFAULT_EDITION, rulebook_dir, user_data_dir

_NUMBER_RE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){0,3}(?:\.[а-я])?$")
LETTERS = "абвгдежзиклмнопрстуфхцчшщэюя"
"""Letters of lettered sub-points, in order (ё, й, ъ, ы, ь are not used)."""
# "302.3а", "302.3 а", "302.3.а)", "302.3(а)" -> "302.3.а"
_LETTER_SPELLING = re.compile(r"^(?P<n>\d{1,3}(?:\.\d{1,3}){1,3})\s*[.(]?\s*(?P<l>[а-я])\s*\)?$")
_PREFIX_RE = re.compile(r"^\s*(?:§|№|пп?\.?|пункт|параграф)?\s*", re.IGNORECASE)
# A reference inside rule text: «п.503», «см. 209.4», «(п. 302.6)», or a bare
# dotted number of three levels such as 505.4.1.
_REF_RE = re.compile(
    r"(?:(?:\bпп?\.|\bсм\.)\s*(?P<a>\d{3}(?:\.\d{1,3}){0,2}))|(?P<b>\b\d{3}\.\d{1,3}(?:\.\d{1,3})?\b)",
    re.IGNORECASE,
)


def parse_number(raw: str) -> str | None:
    """Normalise a paragraph number as a user types it.

    Accepts "209.5", "п. 209.5", "п.209.5", "209.5.", "§209.5", "209", and lettered
    sub-points "302.3.в", "302.3в", "302.3 в", "302.3.в)", "302.3(в)" (Cyrillic
    letters only: a Latin "b" could mean «б» or «в», so it is not guessed); returns
    the canonical dotted form ("209.5", "302.3.в") or ``None`` when ``raw`` is not a
    number.
    """
    # NFKC: full-width digits and dots typed on phone keyboards («２０９．５») become ASCII;
    # invisible format characters (zero-width space, bidi marks) pasted along are dropped
    from bot.textnorm import clean_user_text

    s = _PREFIX_RE.sub("", clean_user_text(raw).strip()).rstrip(".").strip()
    s = s.replace(",", ".").lower()
    m = _LETTER_SPELLING.match(s)
    if m:
        s = f"{m.group('n')}.{m.group('l')}"
    return s if _NUMBER_RE.match(s) else None


def is_subpoint(number: str) -> bool:
    """True for a lettered sub-point number ("302.3.в", "1.2.а")."""
    last = number.rsplit(".", 1)[-1]
    return "." in number and len(last) == 1 and last in LETTERS


def subpoint_label(number: str) -> str:
    """The printed label of a lettered sub-point: "302.3.в" -> "в)"."""
    return number.rsplit(".", 1)[-1] + ")"


@lru_cache(maxsize=100_000)
def number_key(number: str) -> tuple[int, ...]:
    """Sort key of a dotted number: "209.10" sorts after "209.9"; a lettered last
    level ("1.2.а") sorts after every numeric child of the same parent. Remembered
    per number (ranges and «nearest» compare every paragraph's key)."""
    return tuple(int(p) if p.isdigit() else 1000 + (LETTERS.find(p) + 1 if p in LETTERS else 99) for p in number.split("."))


class RefSpan(NamedTuple):
    """One reference inside a text: ``text[start:end]`` is the whole mention
    («п.503», «см. 209.4», «505.4.1»); ``number`` is the canonical number it names."""

    start: int
    end: int
    number: str


def iter_ref_spans(text: str) -> Iterator[RefSpan]:
    """Every reference inside ``text`` in order of appearance, repeats included,
    as ``RefSpan``s (0-based character offsets, ``end`` exclusive). The one place
    that knows what a reference looks like; ``find_refs`` and the site use it."""
    for m in _REF_RE.finditer(text):
        yield RefSpan(m.start(), m.end(), (m.group("a") or m.group("b")).rstrip("."))


def table_lines(c: "Clause") -> list[str]:
    """The tables printed in clause ``c`` as text lines: the caption, then one «| a | b |»
    line per row (the header first); ``[]`` for a clause without tables."""
    lines: list[str] = []
    for caption, rows in c.tables:
        if caption:
            lines.append(caption)
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return lines


def find_refs(text: str) -> list[str]:
    """Paragraph numbers referenced inside ``text`` («п.503», «см. 209.4», «505.4.1»),
    in order of appearance, without repeats."""
    out: list[str] = []
    for span in iter_ref_spans(text):
        if span.number not in out:
            out.append(span.number)
    return out


@dataclass(frozen=True)
class Section:
    """A section header of the rulebook ("209" «Симбиоты, паразиты»)."""

    number: str
    title: str
    part: str | None = None


@dataclass(frozen=True)
class Clause:
    """One numbered paragraph of an edition (see the module docstring for fields)."""

    number: str
    section: str
    text: str
    examples: tuple[str, ...] = ()
    inferred: bool = False
    sources: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    tables: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = ()
    """Tables printed in the paragraph: ``(caption, rows of cell texts)``."""

    @property
    def refs(self) -> list[str]:
        """Numbers this clause's text (and examples, notes) reference, excluding itself."""
        return [r for r in find_refs(" ".join((self.text, *self.examples, *self.notes))) if r != self.number]


@dataclass(frozen=True)
class DictEntry:
    """An unnumbered dictionary entry of an edition: ``term`` («Броня Х»), its
    definition ``text`` (one line per printed paragraph) and the dictionary ``section``
    title («Глоссарий»). Cited as «Глоссарий: Броня Х»."""

    term: str
    text: str
    section: str = "Словарь"

    @property
    def label(self) -> str:
        return f"{self.section}: {self.term}"


@dataclass
class Rulebook:
    """An edition of the rules, loaded from ``rulebook/<edition>.yaml``.

    Lookup is by canonical number (see ``parse_number``); prefix collisions are
    impossible because numbers are compared whole (209.1 is not 209.10).
    """

    edition: str
    title: str
    sections: list[Section]
    clauses: list[Clause]
    dictionary: list[DictEntry] = field(default_factory=list)
    _by_number: dict[str, Clause] = field(default_factory=dict, repr=False)
    _cited_by: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_number = {c.number: c for c in self.clauses}
        subs: dict[str, list[Clause]] = {}
        for c in self.clauses:
            if is_subpoint(c.number):
                subs.setdefault(c.number.rsplit(".", 1)[0], []).append(c)
        self._subpoints = {k: sorted(v, key=lambda c: number_key(c.number)) for k, v in subs.items()}
        self._sections = {s.number: s for s in self.sections}
        self._keys = [number_key(c.number) for c in self.clauses]
        self._by_head: dict[str, list[int]] = {}  # first level -> clause positions, in order
        for i, c in enumerate(self.clauses):
            self._by_head.setdefault(c.number.split(".")[0], []).append(i)
        cited: dict[str, list[str]] = {}
        for c in self.clauses:
            for r in c.refs:
                cited.setdefault(r, []).append(c.number)
        self._cited_by = cited

    # -- loading -------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict, where: str = "<dict>") -> "Rulebook":
        """Build from the parsed YAML mapping; raises ``RulebookError`` naming ``where``
        and, for a clause of the wrong shape, its position and number («пункт 3 (209.5):
        text — ожидался текст») — a hand-edited edition file is never a traceback."""
        _check_shape(data, where)
        try:
            sections = [Section(str(s["number"]), s["title"], s.get("part")) for s in data.get("sections", [])]
            clauses = [
                Clause(
                    number=str(c["number"]),
                    section=str(c.get("section") or str(c["number"]).split(".")[0]),
                    text=c["text"],
                    examples=tuple(c.get("examples") or ()),
                    inferred=bool(c.get("inferred", False)),
                    sources=tuple(c.get("sources") or ()),
                    variants=tuple(c.get("variants") or ()),
                    notes=tuple(c.get("notes") or ()),
                    tables=tuple(
                        (str(t.get("caption") or ""), tuple(tuple(str(x) for x in row) for row in t.get("rows") or ()))
                        for t in c.get("tables") or ()
                    ),
                )
                for c in data["clauses"]
            ]
            dictionary = [
                DictEntry(str(d["term"]), str(d["text"]), str(d.get("section") or "Словарь"))
                for d in data.get("dictionary") or ()
            ]
        except (KeyError, TypeError, AttributeError) as e:
            what = f"нет ключа «{e.args[0]}»" if isinstance(e, KeyError) and e.args else "значение не того вида"
            raise RulebookError(f"{where}: неверная структура редакции ({what}); ожидались ключи edition, sections, "
                                "clauses, как их пишет rulebook import") from None
        return cls(edition=str(data.get("edition", "")), title=data.get("title", ""), sections=sections, clauses=clauses,
                   dictionary=dictionary)

    @classmethod
    def load_file(cls, path: Path) -> "Rulebook":
        """Load an edition file; raises ``RulebookError`` when missing, unreadable (not
        UTF-8, a folder, no permission) or malformed."""
        from bot.yamlsafe import describe_error, load_without_aliases

        try:
            raw = path.read_bytes()
            text = raw.decode("utf-8-sig")
            data = load_without_aliases(text)
        except FileNotFoundError as e:
            raise RulebookError(f"нет файла редакции {path}") from e
        except UnicodeDecodeError as e:
            raise RulebookError(f"{path}: не читается как UTF-8 (байт {e.start}); ожидался файл редакции "
                                "(YAML в UTF-8, его пишет rulebook import)") from None
        except OSError as e:
            from bot.textfile import os_reason

            raise RulebookError(f"{path}: файл редакции не читается ({os_reason(e)})") from None
        except yaml.YAMLError as e:
            message, line, col = describe_error(e, text)
            where = f", строка {line}, столбец {col}" if line else ""
            raise RulebookError(f"{path}{where}: не читается как YAML: {message}") from None
        if not isinstance(data, dict):
            raise RulebookError(f"{path}: ожидался словарь с ключами edition, sections, clauses")
        return cls.from_dict(data, where=str(path))

    # -- lookup --------------------------------------------------------------
    def get(self, number: str) -> Clause | None:
        """The clause with exactly this (raw or canonical) number, or ``None``."""
        n = parse_number(number)
        return self._by_number.get(n) if n else None

    def section(self, number: str) -> Section | None:
        """The section header "209", or ``None``."""
        n = parse_number(number)
        return self._sections.get(n) if n else None

    def children(self, number: str) -> list[Clause]:
        """Clauses directly or indirectly under ``number`` ("209" -> 209.1…209.11;
        "505.4" -> 505.4.1, 505.4.2), in rulebook order."""
        n = parse_number(number)
        if not n:
            return []
        prefix = n + "."
        # every clause under n has n's first level: scan only that section's clauses
        cs = self.clauses
        return [cs[i] for i in self._by_head.get(n.split(".")[0], ()) if cs[i].number.startswith(prefix)]

    def between(self, lo: str, hi: str) -> list[Clause]:
        """Clauses numbered from ``lo`` to ``hi`` inclusive (``number_key`` order),
        and those under ``hi`` («209-210» includes 210.1 …), in rulebook order."""
        lo_key, hi_key, under = number_key(lo), number_key(hi), hi + "."
        head = lo.split(".")[0]
        if "." in lo and "." in hi and hi.split(".")[0] == head:  # inside one section
            pool = self._by_head.get(head, [])
        else:
            pool = range(len(self.clauses))
        cs, keys = self.clauses, self._keys
        return [cs[i] for i in pool if lo_key <= keys[i] <= hi_key or cs[i].number.startswith(under)]

    def parent_of(self, number: str) -> Clause | None:
        """The clause one level up: "302.3.в" -> 302.3, "505.4.1" -> 505.4; ``None``
        for a top-level paragraph ("209.5": its parent is a section, see ``section``)
        or when the parent is not in this edition. Use it to cite a list item with the
        paragraph that introduces it."""
        n = parse_number(number)
        if not n or "." not in n:
            return None
        return self._by_number.get(n.rsplit(".", 1)[0])

    def subpoints(self, number: str) -> list[Clause]:
        """The lettered sub-points (list items) of paragraph ``number`` in letter
        order ("302.3" -> 302.3.а … 302.3.г); numeric children are not included
        (see ``children``). Empty for a paragraph without a list."""
        n = parse_number(number)
        return list(self._subpoints.get(n, ())) if n else []

    def text_with_subpoints(self, number: str) -> str:
        """The paragraph as printed: its text, then one line «  а) item» per lettered
        sub-point ("302.3" -> "Игродействия, использующие стек, это:\n  а) действие
        карты;\n  б) …"). Just the text when it has none; "" for an unknown number."""
        c = self.get(number)
        if c is None:
            return ""
        lines = [c.text, *table_lines(c)]
        lines += [f"  {subpoint_label(s.number)} {s.text}" for s in self.subpoints(c.number)]
        return "\n".join(lines)

    def cited_by(self, number: str) -> list[str]:
        """Numbers of clauses whose text references ``number``."""
        return list(self._cited_by.get(number, []))

    def neighbours(self, number: str) -> tuple[Clause | None, Clause | None]:
        """(previous, next) clause in rulebook order around ``number``."""
        idx = {c.number: i for i, c in enumerate(self.clauses)}.get(number)
        if idx is None:
            return None, None
        prev = self.clauses[idx - 1] if idx > 0 else None
        nxt = self.clauses[idx + 1] if idx + 1 < len(self.clauses) else None
        return prev, nxt

    def nearest(self, number: str, k: int = 3) -> list[str]:
        """Up to ``k`` existing numbers closest to ``number`` (for «нет такого пункта»)."""
        n = parse_number(number)
        if not n:
            return []
        key = number_key(n)
        # the closest numbers share the longest prefix, then the nearest first level:
        # take this section's paragraphs, then whole sections by distance, until k
        head = n.split(".")[0]
        pool = [self.clauses[i] for i in self._by_head.get(head, ())]
        if len(pool) < k:
            by_distance: dict[int, list[str]] = {}
            for h in self._by_head:
                if h != head:
                    by_distance.setdefault(abs(number_key(h)[0] - key[0]), []).append(h)
            for d in sorted(by_distance):
                pool += [self.clauses[i] for h in by_distance[d] for i in self._by_head[h]]
                if len(pool) >= k:
                    break
        def dist(c: Clause) -> tuple:
            ck = number_key(c.number)
            common = 0
            for a, b in zip(key, ck):
                if a != b:
                    break
                common += 1
            first_diff = abs((ck + (0,) * 4)[common] - (key + (0,) * 4)[common]) if common < 4 else 0
            return (-common, first_diff, ck)
        return [c.number for c in sorted(pool, key=dist)[:k]]


EDITION_NAME_RE = re.compile(r"^(?![.-])[\w.-]+$")
"""A valid edition name: letters (Cyrillic too), digits, «-», «_», «.»; not starting
with «.» or «-»; no path separators (it becomes the file name ``<edition>.yaml``)."""


EDITION_NAME_CHARS = 64
"""The longest edition name: it is a file name, and file systems refuse long ones."""


def check_edition_name(edition: str) -> str:
    """Return ``edition`` when it is a valid name (``EDITION_NAME_RE``, at most
    ``EDITION_NAME_CHARS`` characters); else raise ``RulebookError`` saying what is allowed."""
    if isinstance(edition, str) and EDITION_NAME_RE.match(edition) and len(edition) > EDITION_NAME_CHARS:
        raise RulebookError(f"имя редакции слишком длинное: {len(edition)} символов (не больше {EDITION_NAME_CHARS})")
    if not isinstance(edition, str) or not EDITION_NAME_RE.match(edition):
        from bot.textnorm import clip

        shown = clip(edition) if isinstance(edition, str) else repr(edition)
        raise RulebookError(
            f"имя редакции «{shown}» не годится: ожидались буквы, цифры, «-», «_», «.» "
            "(имя не начинается с «.» или «-»; без «/» и «\\»)"
        )
    return edition


def user_editions_dir() -> Path:
    """Where editions a user imports live: ``<user data folder>/editions``
    (``bot.paths.user_data_dir()``: ``$BERSERK_USER_DIR`` or the platform's user data
    folder, e.g. ``~/.local/share/berserk-judge/editions``). Not created here."""
    return user_data_dir() / "editions"


def edition_dirs() -> list[Path]:
    """Folders searched for ``<edition>.yaml``, first wins: the user's editions, then
    the packaged ones (``rulebook/``: 5ed)."""
    return [user_editions_dir(), rulebook_dir()]


def editions() -> list[str]:
    """Names of the editions installed (user's and packaged ``<edition>.yaml`` files, not
    folders), sorted."""
    names: set[str] = set()
    for d in edition_dirs():
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.yaml") if EDITION_NAME_RE.match(p.stem) and p.is_file())
    return sorted(names)


def require_edition(edition: str) -> str:
    """Return ``edition`` when it names an existing edition (checked without loading it).

    Raises ``RulebookError`` («имя редакции … не годится» / «нет редакции «X»; есть: …»).
    """
    check_edition_name(edition)
    if not edition_path(edition).is_file():
        known = editions()
        raise RulebookError(f"нет редакции «{edition}»; есть: {', '.join(known) or 'ни одной'}")
    return edition


def edition_path(edition: str = DEFAULT_EDITION) -> Path:
    """Path of the installed ``<edition>.yaml``: the user's copy when there is one
    (``user_editions_dir()``), else the packaged one in ``rulebook/`` (returned also
    when neither exists, so that messages name it)."""
    for d in edition_dirs():
        path = d / f"{edition}.yaml"
        if path.is_file():
            return path
    return rulebook_dir() / f"{edition}.yaml"


_CLAUSE_TEXTS = ("examples", "sources", "variants", "notes")


def _check_shape(data: dict, where: str) -> None:
    """Raise ``RulebookError`` for an edition mapping whose sections or clauses are not of
    the shape ``bot.importer`` writes: lists of mappings; a clause's ``number`` a
    paragraph number (209.5, 302.3.в), ``text`` a string, ``examples`` / ``sources`` /
    ``variants`` / ``notes`` lists of strings; a section's ``number`` and ``title``
    given."""
    def fail(what: str) -> None:
        raise RulebookError(f"{where}: {what}; ожидалась структура файла, который пишет rulebook import")

    if "clauses" not in data:
        fail("нет ключа «clauses» (список пунктов)")
    for key in ("sections", "clauses", "dictionary"):
        v = data.get(key)
        if v is not None and not isinstance(v, list):
            fail(f"«{key}» — не список")
    for i, d in enumerate(data.get("dictionary") or (), 1):
        if not isinstance(d, dict) or "term" not in d or "text" not in d:
            fail(f"статья словаря {i}: ожидался словарь с ключами term и text")
    for i, s in enumerate(data.get("sections") or (), 1):
        if not isinstance(s, dict) or "number" not in s or "title" not in s:
            fail(f"раздел {i}: ожидался словарь с ключами number и title")
    for i, c in enumerate(data.get("clauses") or (), 1):
        if not isinstance(c, dict):
            fail(f"пункт {i}: ожидался словарь (number, text, …)")
        tables = c.get("tables")
        if tables is not None and not (isinstance(tables, list) and all(isinstance(t, dict) for t in tables)):
            fail(f"пункт {i}: tables — ожидался список таблиц (caption, rows)")
        num = c.get("number")
        if isinstance(num, (bool, list, dict)) or num is None or not parse_number(str(num)):
            fail(f"пункт {i}: number «{str(num)[:40]}» — не номер пункта (ожидался вида 209.5 или 302.3.в)")
        if not isinstance(c.get("text"), str):
            fail(f"пункт {i} ({num}): text — ожидался текст")
        for key in _CLAUSE_TEXTS:
            v = c.get(key)
            if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
                fail(f"пункт {i} ({num}): {key} — ожидался список строк")


@lru_cache(maxsize=8)
def load(edition: str = DEFAULT_EDITION) -> Rulebook:
    """The edition ``edition``, loaded once per process.

    Raises ``RulebookError`` (Russian message) when the edition does not exist.
    """
    return Rulebook.load_file(edition_path(require_edition(edition)))
