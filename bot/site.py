"""The hyperlinked rulebook: a static site every answer can link to.

``build_site(outdir, editions)`` writes, for each edition, ``OUTDIR/<edition>.html``
(the whole rulebook on one page) and ``OUTDIR/index.html`` (the list of editions).
On the edition page every paragraph has the anchor ``id="<number>"`` (``5ed.html#209.5``),
its number is a link to that anchor, every reference inside a text («п.503»,
«см. 209.4», «505.4.1», found by ``bot.rulebook.iter_ref_spans``) links to the
paragraph or section it names, references outside the edition are shown but not
linked, and each paragraph lists the paragraphs that cite it. Examples («ПРИМЕР.»)
and notes («Обратите внимание!») are set apart, other wordings (variants) shown,
inferred numbers marked; a contents list by part and section leads the page, and a
filter box (inline script; ``?q=слово`` prefills it) hides paragraphs without the
typed words while anchors keep working. The Telegram bot links a number N as
``rule_url(N)`` = ``f"{BERSERK_RULES_URL}#{N}"`` with BERSERK_RULES_URL = the edition page.

Pages are rendered by jinja2 templates in ``bot/templates/`` (autoescape on: all rule
text is escaped); CSS and the small filter script are inlined, so a page works
offline from ``file://`` and needs no fonts or scripts from elsewhere.

``OUTDIR/editions.json`` remembers the editions built into the folder so that the
index lists them all when they are built one at a time.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from bot.errors import RulebookError
from bot.rulebook import Rulebook, Section, iter_ref_spans, load, number_key
from bot.paths import rulebook_dir
from bot.sources import page_titles, source_titles

_EDITION_NAME_RE = re.compile(r"^[\w.-]+$")
MANIFEST = "editions.json"


@dataclass(frozen=True)
class Segment:
    """A piece of rule text. ``ref`` is the number a reference names (``None`` for
    plain text); ``href`` is its in-page link (``"#209.4"``), ``None`` when the
    number is not in the edition (shown, not linked)."""

    text: str
    ref: str | None = None
    href: str | None = None


@dataclass(frozen=True)
class ClauseView:
    """What the template shows of one paragraph; ``depth`` is 1 for "209.5", 2 for
    "505.4.1"; ``anchor`` is the number (``<number>~2`` for a repeated number, which
    ``rulebook check`` reports, so that ids stay unique)."""

    number: str
    anchor: str
    depth: int
    inferred: bool
    text: list[Segment]
    examples: list[list[Segment]]
    notes: list[list[Segment]]
    variants: list[list[Segment]]
    cited_by: list[str]
    sources: list[str] = field(default_factory=list)
    tables: list[tuple[str, list[list[str]]]] = field(default_factory=list)
    """Tables printed in the paragraph: (caption, rows of cell texts)."""


@dataclass(frozen=True)
class SectionView:
    """A section of the page; ``anchor`` is its id (the number, or ``section-<n>``
    when a paragraph has the same number)."""

    number: str
    title: str
    anchor: str
    cited_by: list[str]
    clauses: list[ClauseView]


@dataclass(frozen=True)
class PartView:
    """Consecutive sections of one part («Часть 2. …»); ``title`` is ``None`` when unknown."""

    title: str | None
    sections: list[SectionView]


class _Anchors:
    """The page's anchor ids: a paragraph's id is its number; a section's id is its
    number too, unless a paragraph has that number (then ``section-<n>``)."""

    def __init__(self, rb: Rulebook, sections: list[Section]) -> None:
        clause_numbers = {c.number for c in rb.clauses}
        self.section_ids = {
            s.number: (f"section-{s.number}" if s.number in clause_numbers else s.number) for s in sections
        }
        self.ids = dict(self.section_ids)
        self.ids.update({n: n for n in clause_numbers})

    def href(self, number: str) -> str | None:
        """``"#<id>"`` of a number on this page, ``None`` when it is not here."""
        a = self.ids.get(number)
        return f"#{a}" if a else None


def segments(text: str, href_of) -> list[Segment]:
    """Split ``text`` into plain and reference segments (``iter_ref_spans``);
    ``href_of(number) -> str | None`` gives the link of a referenced number."""
    out: list[Segment] = []
    pos = 0
    for span in iter_ref_spans(text):
        if span.start > pos:
            out.append(Segment(text[pos:span.start]))
        out.append(Segment(text[span.start:span.end], span.number, href_of(span.number)))
        pos = span.end
    if pos < len(text):
        out.append(Segment(text[pos:]))
    return out


def _all_sections(rb: Rulebook) -> list[Section]:
    """The edition's sections in rulebook order, plus a header for every section a
    paragraph names that the section list lacks (placed by number, part inherited)."""
    sections: list[Section] = []
    known: set[str] = set()
    for s in rb.sections:  # a repeated header is shown once
        if s.number not in known:
            known.add(s.number)
            sections.append(s)
    for c in rb.clauses:
        if c.section in known:
            continue
        known.add(c.section)
        key = number_key(c.section) if re.fullmatch(r"\d+(?:\.\d+)*", c.section) else (10**9,)
        at = len(sections)
        for i, s in enumerate(sections):
            if re.fullmatch(r"\d+(?:\.\d+)*", s.number) and number_key(s.number) > key:
                at = i
                break
        part = sections[at - 1].part if at > 0 else None
        sections.insert(at, Section(c.section, f"Раздел {c.section}", part))
    return sections


def edition_view(rb: Rulebook) -> dict:
    """The template context of an edition page: ``parts`` (``PartView`` list in
    rulebook order), counts and titles. Pure function of the rulebook."""
    sections = _all_sections(rb)
    anchors = _Anchors(rb, sections)
    by_section: dict[str, list[ClauseView]] = {s.number: [] for s in sections}
    seen: dict[str, int] = {}
    for c in rb.clauses:
        seen[c.number] = seen.get(c.number, 0) + 1
        by_section[c.section].append(
            ClauseView(
                number=c.number,
                anchor=c.number if seen[c.number] == 1 else f"{c.number}~{seen[c.number]}",
                depth=max(1, c.number.count(".")),
                inferred=c.inferred,
                text=segments(c.text, anchors.href),
                examples=[segments(e, anchors.href) for e in c.examples],
                notes=[segments(n, anchors.href) for n in c.notes],
                variants=[segments(v, anchors.href) for v in c.variants],
                cited_by=rb.cited_by(c.number),
                sources=source_titles(rb, c.sources),
                tables=[(cap, [list(r) for r in rows]) for cap, rows in c.tables],
            )
        )
    parts: list[PartView] = []
    for s in sections:
        view = SectionView(
            number=s.number,
            title=s.title,
            anchor=anchors.section_ids[s.number],
            cited_by=[] if anchors.section_ids[s.number] != s.number else rb.cited_by(s.number),
            clauses=by_section[s.number],
        )
        if parts and parts[-1].title == s.part:
            parts[-1].sections.append(view)
        else:
            parts.append(PartView(s.part, [view]))
    return {
        "edition": rb.edition,
        "title": rb.title or f"Правила «Берсерка», редакция {rb.edition}",
        "parts": parts,
        "clause_count": len(rb.clauses),
        "inferred_count": sum(1 for c in rb.clauses if c.inferred),
        "pages": list(page_titles(rb).values()),  # in rulebook order of their first paragraph
        "dictionary": [{"term": e.term, "section": e.section, "lines": e.text.split("\n"),
                        "anchor": "dict-" + str(i + 1)} for i, e in enumerate(rb.dictionary)],
    }


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(
        loader=PackageLoader("bot", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    # CSS and JS are inlined verbatim (not parsed as templates).
    env.globals["css"] = Markup(env.loader.get_source(env, "site.css")[0])
    env.globals["js"] = Markup(env.loader.get_source(env, "site.js")[0])
    return env


def render_edition(rb: Rulebook) -> str:
    """The HTML of an edition page (see the module docstring)."""
    return _env().get_template("edition.html.j2").render(**edition_view(rb))


def render_index(entries: list[dict]) -> str:
    """The HTML of the index; ``entries`` are ``{edition, title, file, clauses}``."""
    return _env().get_template("index.html.j2").render(editions=entries)


def _resolve(edition: str | Rulebook) -> Rulebook:
    rb = edition if isinstance(edition, Rulebook) else load(edition)
    if not _EDITION_NAME_RE.match(rb.edition or ""):
        raise RulebookError(
            f"имя редакции «{rb.edition}» не годится для имени файла страницы; "
            "ожидались буквы, цифры, «.», «-», «_»"
        )
    return rb


def _read_manifest(outdir: Path) -> list[dict]:
    try:
        data = json.loads((outdir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [e for e in data if isinstance(e, dict) and isinstance(e.get("file"), str) and (outdir / e["file"]).is_file()]


def build_site(outdir: str | Path, editions: Iterable[str | Rulebook],
               broken: list[tuple[str, str]] | None = None) -> list[Path]:
    """Write ``OUTDIR/<edition>.html`` for each edition (a name, loaded with
    ``bot.rulebook.load``, or a ``Rulebook``) and ``OUTDIR/index.html`` listing every
    edition built into ``outdir`` so far; creates ``outdir``. Returns the written
    paths (edition pages, then the index; nothing when no edition could be built).

    Raises ``RulebookError`` for an unknown or unreadable edition or an edition name
    unfit for a file name — unless ``broken`` is given: then such an edition is skipped
    and ``(name, Russian reason)`` appended to it, and the others are built.
    ``OSError`` when the folder cannot be written.
    """
    out = Path(outdir)
    rulebooks = []
    for e in editions:
        try:
            rulebooks.append(_resolve(e))
        except RulebookError as err:
            if broken is None:
                raise
            broken.append((e.edition if isinstance(e, Rulebook) else str(e), str(err)))
    if not rulebooks:
        return []
    out.mkdir(parents=True, exist_ok=True)
    entries = {e["edition"]: e for e in _read_manifest(out)}
    written: list[Path] = []
    for rb in rulebooks:
        path = out / f"{rb.edition}.html"
        path.write_text(render_edition(rb), encoding="utf-8")
        written.append(path)
        entries[rb.edition] = {
            "edition": rb.edition,
            "title": rb.title,
            "file": path.name,
            "clauses": len(rb.clauses),
        }
    ordered = sorted(entries.values(), key=lambda e: e["edition"])
    (out / MANIFEST).write_text(json.dumps(ordered, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    index = out / "index.html"
    index.write_text(render_index(ordered), encoding="utf-8")
    written.append(index)
    return written


def rule_url(number: str, base_url: str | None = None) -> str | None:
    """The link to paragraph ``number`` ("209.5") on the published site:
    ``"<base>#209.5"``, where base is ``base_url`` or the env ``BERSERK_RULES_URL``
    (the URL of the edition page, e.g. ``https://example.org/rules/5ed.html``; a
    fragment already on it is dropped). ``None`` when no base URL is configured."""
    base = base_url if base_url is not None else os.environ.get("BERSERK_RULES_URL", "")
    base = base.strip().split("#", 1)[0]
    return f"{base}#{number}" if base else None


def edition_names(arg: str) -> list[str]:
    """``--edition`` value -> names: "5ed" -> ["5ed"], "5ed,4ed" -> ["5ed", "4ed"],
    "all" -> every installed edition (``bot.rulebook.editions()``), sorted."""
    if arg == "all":
        from bot.rulebook import editions

        return editions()
    return [n.strip() for n in arg.split(",") if n.strip()]
