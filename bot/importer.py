"""Build an edition ``rulebook/<edition>.yaml`` from scraped rule pages.

``import_sources(paths, edition) -> (rulebook_dict, report)`` and ``write_edition``;
the command line ``berserk-judge rulebook import`` is ``bot.cli.rulebook_import``.

Pipeline (each page is read by ``bot.pages``):

1. **Twins.** Paragraphs of different pages that say the same thing are one clause.
   Two paragraphs are twins when each is the other's best match on the other page
   (rapidfuzz ``ratio`` of the folded texts ≥ ``TWIN_SCORE``) and they do not carry
   different printed numbers; a clause holds at most one paragraph per page. Twins
   whose folded texts differ are kept as ``variants`` and listed in the report
   (209.9 «объявлять атаку по симбиоту» / «нападать на симбиота»).
2. **Numbers.** A clause takes its printed number. An unnumbered one is numbered from
   its position between numbered neighbours inside its section run (the paragraphs
   between two headers of one page): between 212.1 and 212.4 two paragraphs are
   212.2 and 212.3; after 212.5 they continue 212.6, 212.7 …; before 302.3 they are
   302.1, 302.2; a paragraph directly before X.Y.1 is X.Y. Such clauses carry
   ``inferred: true``. Runs of a page that hold no known number at all (a whole
   section without printed numbers, «Артефакты.») get the section numbers left free
   between the sections before and after them on that page, and are numbered 1, 2, ….
   Passes repeat so that a number inferred on one page helps place paragraphs of
   another page.
3. **Sections.** A header votes for the section of the paragraph that follows it;
   votes from pages whose paragraphs are in rulebook order and where the header
   stands at a section boundary count double (page 002 of the seeds has its headers
   misplaced). Each section takes at most one title and each title one section; a
   title left over goes to the only untitled section of its page, else to the report.
4. **List items.** The «·» bullet items of a paragraph (``bot.pages`` keeps them as
   «· …» lines of its text) become its lettered sub-points ``<number>.а``,
   ``<number>.б`` … in order (``inferred: true``: the letters are not printed), the
   item text verbatim minus the bullet; the paragraph keeps its other lines (the
   lead-in «Игродействия, использующие стек, это:»). Items of twin paragraphs are
   aligned like paragraphs (same folded text, else rapidfuzz ratio ≥ ``TWIN_SCORE``):
   one sub-point per item with the sources of the pages that print it, other
   wordings as its ``variants``; an item printed on one page only is placed after
   the item before it. A paragraph that already has printed lettered sub-points, is
   itself a lettered sub-point, or has more items than letters keeps its bullets
   inside its text (reported).
5. **Nothing unplaced.** Rule text that cannot be placed – an unnumbered paragraph
   whose number follows from no numbered neighbour of its section run, a second
   paragraph given a number already taken, an example, note or «·» item with no
   paragraph before it – fails the import (``UnplacedError``: the file and line of the
   first one, how many more) and nothing is written. Site chrome is not rule text:
   ``bot.pages`` drops it before (menus, pagination, «Поделиться», footers
   «© …», «Produced by …»). Only with ``keep_unplaced`` (``rulebook import
   --keep-unplaced``, for a partial set of pages a judge means to review) is such text
   kept under ``unplaced`` in the YAML, where ``rulebook check`` flags it.

Output is deterministic: the same pages give the same file byte for byte.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from rapidfuzz import fuzz, process

from bot.answer import Answer, Block
from bot.errors import InputFileError, RulebookError
from bot.fullbook import FullBook, read_full
from bot.pages import Header, Para, as_utf8, read_page
from bot.limits import PAGE_BYTES
from bot.rulebook import LETTERS, Rulebook, check_edition_name, is_subpoint, number_key
from bot.textfile import check_regular_file
from bot.textnorm import fold

TWIN_SCORE = 85.0
"""Minimal rapidfuzz ratio (0–100) of two folded paragraphs to be twins."""

EXACT, OPEN, WEAK = 3, 2, 1  # confidence of an inferred number
BULLET = "· "
"""How ``bot.pages`` marks a bullet item line inside a paragraph's text."""


@dataclass
class ImportReport:
    """What the import did: counts and the lists a judge should review.

    ``variants``: [(number, [wordings])]; ``inferred``: [numbers]; ``unplaced``:
    [(source, line, text, why)] (line 1-based, ``why`` a Russian reason); ``notes``:
    free Russian lines (titles placed by page, gaps).
    """

    pages: int = 0
    clauses: int = 0
    sections: int = 0
    merged: int = 0
    dictionary: int = 0
    variants: list[tuple[str, list[str]]] = field(default_factory=list)
    inferred: list[str] = field(default_factory=list)
    unplaced: list[tuple[str, int, str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report as Russian text lines (printed by ``berserk-judge rulebook import``)."""
        out = [
            f"Страниц: {self.pages}; пунктов: {self.clauses}; разделов: {self.sections}; "
            f"абзацев, найденных на нескольких страницах: {self.merged}"
            + (f"; статей словаря: {self.dictionary}." if self.dictionary else "."),
            f"Номер выведен по положению ({len(self.inferred)}): {', '.join(self.inferred) or '—'}",
        ]
        out.append(f"Разные редакции одного пункта ({len(self.variants)}):")
        for number, texts in self.variants:
            out.append(f"  {number}:")
            out.extend(f"    – {t}" for t in texts)
        if self.unplaced:
            out.append(f"Не удалось разместить ({len(self.unplaced)}):")
            out.extend(f"  {src}, строка {line}: {text[:120]}" for src, line, text, _ in self.unplaced)
        out.extend(self.notes)
        return out

    def answer(self, edition: str, target: Path | None = None) -> Answer:
        """The report as an ``Answer`` (route ``import``) for ``render_plain``."""
        blocks = [Block("list", items=tuple(self.lines()), title=f"Импорт редакции {edition}")]
        if target is not None:
            blocks.append(Block("text", f"Записано: {target}"))
        return Answer(f"rulebook import {edition}", "import", None, blocks, [])


class _Cluster:
    """One future clause: twin paragraphs from different pages."""

    def __init__(self, cid: int, para: Para, page: int) -> None:
        self.id = cid
        self.members: list[tuple[int, Para]] = [(page, para)]
        self.number: str | None = para.number
        self.inferred = False

    @property
    def pages(self) -> set[int]:
        return {p for p, _ in self.members}

    @property
    def printed(self) -> set[str]:
        return {p.number for _, p in self.members if p.number}


def _parent(n: str) -> str:
    return n.rsplit(".", 1)[0]


def _last(n: str) -> int:
    return int(n.rsplit(".", 1)[1])


def _with_last(n: str, v: int) -> str:
    return f"{_parent(n)}.{v}"


def _fill(a: str | None, b: str | None, k: int) -> tuple[list[str], int] | None:
    """Numbers for ``k`` unnumbered paragraphs between known numbers ``a`` and ``b``
    (either may be ``None``: start/end of the run) and the confidence, or ``None``."""
    if k <= 0:
        return [], EXACT
    if a and b and "." in a and "." in b and _parent(a) == _parent(b):
        slots = _last(b) - _last(a) - 1
        if slots < k:
            return None
        return [_with_last(a, _last(a) + i) for i in range(1, k + 1)], EXACT if slots == k else WEAK
    if b and "." in b:
        pb = _parent(b)
        # directly before X.Y.1 stands X.Y (505.4 before 505.4.1)
        if _last(b) == 1 and pb.count(".") >= 1:
            head = _fill(a, pb, k - 1) if k > 1 else ([], EXACT)
            if head is not None:
                nums, conf = head
                return nums + [pb], min(conf, EXACT if a is None or k == 1 else conf)
        if a is None:
            if _last(b) - k < 1:
                return None
            return [_with_last(b, _last(b) - k + i) for i in range(k)], EXACT if _last(b) - k == 1 else OPEN
    if a and "." in a:
        if b is not None and number_key(_with_last(a, _last(a) + k)) >= number_key(b):
            return None
        return [_with_last(a, _last(a) + i) for i in range(1, k + 1)], OPEN if b is None else WEAK
    return None


def _runs(items: list) -> list[tuple[Header | None, list]]:
    """Split a page's items at headers: [(header or None, [Para, ...]), ...]."""
    runs: list[tuple[Header | None, list]] = [(None, [])]
    for it in items:
        if isinstance(it, Header):
            runs.append((it, []))
        else:
            runs[-1][1].append(it)
    return [r for r in runs if r[1] or r[0] is not None]


class _Importer:
    def __init__(self, pages: list[tuple[str, list, list[str]]]) -> None:
        self.pages = pages  # (source name, items, orphans)
        self.report = ImportReport(pages=len(pages))
        self.clusters: list[_Cluster] = []
        self.of: dict[int, _Cluster] = {}  # id(Para) -> cluster

    # 1. twins ----------------------------------------------------------------
    def merge(self) -> None:
        paras = [[it for it in items if isinstance(it, Para)] for _, items, _ in self.pages]
        for pi, ps in enumerate(paras):
            for p in ps:
                c = _Cluster(len(self.clusters), p, pi)
                self.clusters.append(c)
                self.of[id(p)] = c
        folded = [[fold(p.text) for p in ps] for ps in paras]
        links: list[tuple[float, int, int, int, int]] = []
        for pi in range(len(paras)):
            for qi in range(pi + 1, len(paras)):
                if not paras[pi] or not paras[qi]:
                    continue
                scores = process.cdist(folded[pi], folded[qi], scorer=fuzz.ratio)
                best_q = scores.argmax(axis=1)  # first best on ties: deterministic
                best_p = scores.argmax(axis=0)
                for i, j in enumerate(best_q.tolist()):
                    if best_p[j] == i and scores[i][j] >= TWIN_SCORE:
                        links.append((-float(scores[i][j]), pi, i, qi, j))
        links.sort()
        for _, pi, i, qi, j in links:
            a, b = self.of[id(paras[pi][i])], self.of[id(paras[qi][j])]
            if a is b:
                continue
            if a.pages & b.pages:
                continue
            if a.printed and b.printed and a.printed != b.printed:
                self.report.notes.append(
                    f"Похожие абзацы с разными номерами не объединены: {sorted(a.printed | b.printed, key=number_key)}"
                )
                continue
            a.members.extend(b.members)
            a.members.sort(key=lambda m: (m[0], m[1].pos))
            a.number = a.number or b.number
            for _, p in b.members:
                self.of[id(p)] = a
            self.clusters.remove(b)

    # 2. numbers --------------------------------------------------------------
    def _taken(self) -> set[str]:
        return {c.number for c in self.clusters if c.number}

    def number(self) -> None:
        while True:
            proposals: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
            taken = self._taken()
            for page_i, (_, items, _) in enumerate(self.pages):
                penalty = 0 if self._ordered(items) else 1
                for _, run in _runs(items):
                    self._propose(run, page_i, proposals, penalty)
            chosen: list[tuple[int, str, int]] = []
            for cid, props in proposals.items():
                props = [p for p in props if p[1] not in taken]
                if not props:
                    continue
                best = max(p[0] for p in props)
                nums = sorted({p[1] for p in props if p[0] == best}, key=number_key)
                if len(nums) == 1 and nums[0] not in taken:
                    chosen.append((best, nums[0], cid))
            if not chosen:
                break
            # one number per pass and confidence level first, so later passes see it
            chosen.sort(key=lambda t: (-t[0], number_key(t[1]), t[2]))
            used: set[str] = set()
            progress = False
            top = chosen[0][0]
            for conf, num, cid in chosen:
                if conf != top or num in used:
                    continue
                c = next(c for c in self.clusters if c.id == cid)
                c.number, c.inferred = num, True
                used.add(num)
                progress = True
            if not progress:
                break
        self._number_bare_runs()

    def _ordered(self, items: list) -> bool:
        """True when the page's known numbers are in rulebook order."""
        seq = [number_key(self.of[id(p)].number) for p in items if isinstance(p, Para) and self.of[id(p)].number]
        return all(x < y for x, y in zip(seq, seq[1:]))

    def _propose(self, run: list[Para], page_i: int, proposals, penalty: int = 0) -> None:
        nums = [self.of[id(p)].number for p in run]
        known = [i for i, n in enumerate(nums) if n]
        bounds = [-1] + known + [len(run)]
        if not known:
            return
        for s, e in zip(bounds, bounds[1:]):
            gap = list(range(s + 1, e))
            if not gap:
                continue
            a = nums[s] if s >= 0 else None
            b = nums[e] if e < len(run) else None
            if a and b and number_key(a) >= number_key(b):
                continue  # the page is out of order here: no evidence
            res = _fill(a, b, len(gap))
            if res is None:
                continue
            got, conf = res
            for i, n in zip(gap, got):
                proposals[self.of[id(run[i])].id].append((conf - penalty, n, page_i))

    def _section_of(self, run: list[Para]) -> int | None:
        secs = [int(self.of[id(p)].number.split(".")[0]) for p in run if self.of[id(p)].number]
        return Counter(secs).most_common(1)[0][0] if secs else None

    def _number_bare_runs(self) -> None:
        """Whole runs without any known number (a section printed without numbers)."""
        for _, items, _ in self.pages:
            runs = _runs(items)
            secs = [self._section_of(r) for _, r in runs]
            i = 0
            while i < len(runs):
                if secs[i] is not None or not runs[i][1] or runs[i][0] is None:
                    i += 1
                    continue
                j = i
                while j < len(runs) and secs[j] is None and runs[j][0] is not None and runs[j][1]:
                    j += 1
                prev = next((secs[k] for k in range(i - 1, -1, -1) if secs[k] is not None), None)
                nxt = next((secs[k] for k in range(j, len(runs)) if secs[k] is not None), None)
                count = j - i
                if prev is not None and (nxt is None or nxt - prev - 1 >= count):
                    start, exact = prev + 1, nxt is not None and nxt - prev - 1 == count
                elif prev is None and nxt is not None and nxt - count >= 1:
                    start, exact = nxt - count, False
                else:
                    i = j
                    continue
                taken_secs = {int(c.number.split(".")[0]) for c in self.clusters if c.number}
                for k in range(count):
                    sec = start + k
                    if sec in taken_secs:
                        break
                    secs[i + k] = sec
                    if not exact:
                        self.report.notes.append(
                            f"Раздел «{runs[i + k][0].text}» получил номер {sec} по положению (неточно)."
                        )
                    for n, p in enumerate(runs[i + k][1], 1):
                        c = self.of[id(p)]
                        if c.number is None:
                            c.number, c.inferred = f"{sec}.{n}", True
                i = j

    # 3. sections -------------------------------------------------------------
    def sections(self) -> list[dict]:
        votes: dict[tuple[int, str], int] = defaultdict(int)
        first_seen: dict[str, tuple[int, int]] = {}
        page_secs: dict[str, set[int]] = {}
        parts: list[tuple[int, str]] = []
        all_secs = sorted({int(c.number.split(".")[0]) for c in self.clusters if c.number})
        for page_i, (src, items, _) in enumerate(self.pages):
            ordered = self._ordered(items)
            for idx, it in enumerate(items):
                if not isinstance(it, Header):
                    continue
                nxt = next((self.of[id(p)].number for p in items[idx + 1:] if isinstance(p, Para) and self.of[id(p)].number), None)
                prv = next((self.of[id(p)].number for p in reversed(items[:idx]) if isinstance(p, Para) and self.of[id(p)].number), None)
                s_next = int(nxt.split(".")[0]) if nxt else None
                s_prev = int(prv.split(".")[0]) if prv else None
                if it.kind == "part":
                    if s_next is not None:
                        parts.append((s_next, it.text))
                    continue
                if it.number and it.number.isdigit():
                    votes[(int(it.number), it.text)] += 10
                    first_seen.setdefault(it.text, (page_i, idx))
                    continue
                first_seen.setdefault(it.text, (page_i, idx))
                page_secs[it.text] = {int(self.of[id(p)].number.split(".")[0]) for p in items if isinstance(p, Para) and self.of[id(p)].number}
                if s_next is None:
                    continue
                boundary = s_prev is None or s_prev != s_next
                votes[(s_next, it.text)] += 2 if ordered and boundary else 1
        titles: dict[int, str] = {}
        used: set[str] = set()
        for (sec, text), w in sorted(votes.items(), key=lambda kv: (-kv[1], first_seen[kv[0][1]], kv[0][0])):
            if sec in titles or text in used:
                continue
            titles[sec] = text
            used.add(text)
        for text in sorted(set(first_seen) - used, key=lambda t: first_seen[t]):
            free = sorted(s for s in page_secs.get(text, ()) if s not in titles)
            if len(free) == 1:
                titles[free[0]] = text
                used.add(text)
                self.report.notes.append(
                    f"Заголовок «{text}» отнесён к разделу {free[0]} – единственному разделу без заголовка на его странице."
                )
            else:
                self.report.notes.append(f"Заголовок «{text}» не удалось отнести к разделу.")
        part_of: dict[int, str] = {}
        for sec, text in sorted(parts):
            for s in all_secs:
                if s >= sec and s // 100 == sec // 100:
                    part_of.setdefault(s, text)
        out = []
        for s in sorted(set(all_secs) | set(titles)):
            title = titles.get(s, "").rstrip(".")
            out.append({"number": str(s), "title": title, "part": part_of.get(s)})
        return out

    # 4. clauses --------------------------------------------------------------
    def clauses(self) -> list[dict]:
        out = []
        by_number: dict[str, _Cluster] = {}
        for c in self.clusters:
            if c.number is None:
                for _, p in c.members:
                    self.report.unplaced.append((p.source, p.line, p.text, NO_NUMBER))
                continue
            if c.number in by_number:
                first = by_number[c.number].members[0][1]
                for _, p in c.members:
                    self.report.unplaced.append((p.source, p.line, p.text,
                                                 f"номер {c.number} уже у другого абзаца ({first.source}, строка {first.line})"))
                self.report.notes.append(f"Номер {c.number} получили два разных абзаца; второй не размещён.")
                c.number = None
                continue
            by_number[c.number] = c
        lettered = {n.rsplit(".", 1)[0] for n in by_number if is_subpoint(n)}
        for num in sorted(by_number, key=number_key):
            c = by_number[num]
            primary = next((p for _, p in c.members if p.number), c.members[0][1])
            ordered = [primary] + [p for _, p in c.members if p is not primary]
            split = {id(p): split_items(p.text) for p in ordered}
            has_items = any(split[id(p)][1] for p in ordered)
            if has_items and (num in lettered or is_subpoint(num) or max(len(split[id(p)][1]) for p in ordered) > len(LETTERS)):
                why = (
                    "у пункта уже есть напечатанные подпункты с буквами" if num in lettered
                    else "пункт сам является подпунктом с буквой" if is_subpoint(num)
                    else "пунктов списка больше, чем букв"
                )
                self.report.notes.append(f"{num}: пункты списка «·» оставлены в тексте ({why}).")
                split = {id(p): (p.text, []) for p in ordered}
                has_items = False
            variants = _distinct([split[id(p)][0] for p in ordered])[1:]
            examples = _union(p.examples for _, p in c.members)
            notes = _union(p.notes for _, p in c.members)
            sources = _sources([p for _, p in c.members])
            clause = {
                "number": num,
                "section": num.split(".")[0],
                "text": split[id(primary)][0],
                "examples": examples,
                "notes": notes,
                "inferred": c.inferred,
                "sources": sources,
                "variants": variants,
            }
            out.append(clause)
            if variants:
                self.report.variants.append((num, [clause["text"], *variants]))
            if c.inferred:
                self.report.inferred.append(num)
            if len(c.members) > 1:
                self.report.merged += 1
            if has_items:
                out.extend(self._subpoints(num, [(p, split[id(p)][1]) for p in ordered], sources))
        out.sort(key=lambda d: number_key(d["number"]))  # sub-points sort after numeric children
        return out

    def _subpoints(self, num: str, lists: list[tuple[Para, list[str]]], parent_sources: list[str]) -> list[dict]:
        """Lettered sub-points ``num.а``, ``num.б`` … from the bullet items of the
        twin paragraphs ``lists`` (primary first), aligned item by item; each lists
        the pages that print it, in the order of ``parent_sources``."""
        slots: list[list[tuple[Para, str]]] = [[(lists[0][0], t)] for t in lists[0][1]]
        for para, items in lists[1:]:
            used: set[int] = set()
            cursor = -1
            for t in items:
                j = _match_item(t, [s[0][1] for s in slots], used)
                if j is None:
                    cursor += 1
                    slots.insert(cursor, [(para, t)])
                    used = {u + 1 if u >= cursor else u for u in used} | {cursor}
                    self.report.notes.append(f"{num}: пункт списка «{t}» есть только на странице {para.source}.")
                else:
                    slots[j].append((para, t))
                    used.add(j)
                    cursor = j
        out = []
        for letter, slot in zip(LETTERS, slots):
            sub = f"{num}.{letter}"
            texts = _distinct([t for _, t in slot])
            out.append({
                "number": sub,
                "section": num.split(".")[0],
                "text": texts[0],
                "examples": [],
                "notes": [],
                "inferred": True,
                "sources": [src for src in parent_sources if any(p.source == src for p, _ in slot)],
                "variants": texts[1:],
            })
            if len(texts) > 1:
                self.report.variants.append((sub, texts))
            self.report.inferred.append(sub)
        return out


NO_NUMBER = ("у абзаца нет номера пункта, и его не вывести по соседним: рядом с ним (до следующего "
             "заголовка) нет пронумерованных пунктов его раздела")
ORPHAN = "перед ним нет пункта правил, к которому его отнести (заголовок или начало страницы)"


class UnplacedError(RulebookError):
    """An import that would leave rule text unplaced (``import_sources`` without
    ``keep_unplaced``). ``unplaced``: the report's [(source, line, text, why)],
    first in page order; the message (Russian) names the first and counts the rest."""

    def __init__(self, unplaced: list[tuple[str, int, str, str]]) -> None:
        self.unplaced = unplaced
        src, line, text, why = unplaced[0]
        snippet = text if len(text) <= 80 else text[:80].rstrip() + "…"
        more = len(unplaced) - 1
        rest = ""
        if more:
            where: dict[str, list[str]] = {}
            for s, ln, _, _ in unplaced[1:9]:
                where.setdefault(s, []).append(str(ln))
            shown = "; ".join(f"{s}, строк{'а' if len(lns) == 1 else 'и'} {', '.join(lns)}" for s, lns in where.items())
            rest = f"; и ещё {more} {_plural(more)} ({shown}{' …' if more > 8 else ''})"
        super().__init__(
            f"{src}, строка {line}: не удалось разместить текст правил «{snippet}»: {why}{rest}. "
            "Ничего не записано. Ожидались номера пунктов (вида 209.5) или страницы, на которых такой "
            "абзац стоит рядом с пронумерованными пунктами своего раздела. Чтобы всё же записать редакцию "
            "и оставить такие абзацы в разделе unplaced её файла (rulebook check укажет на них), "
            "повторите с --keep-unplaced"
        )


def _plural(n: int) -> str:
    """«абзац» agreeing with ``n`` (1 абзац, 2 абзаца, 5 абзацев)."""
    if n % 10 == 1 and n % 100 != 11:
        return "абзац"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "абзаца"
    return "абзацев"


_DICT_TITLE = re.compile(r"^(?:словар|глоссари|термин)", re.IGNORECASE)
_ENTRY = re.compile(r"^(?P<term>[А-ЯЁA-Z][^–:]{0,79}?)\s*[–:]\s+(?P<t>\S.*)$", re.DOTALL)


def take_dictionary(items: list, out: list[dict]) -> list:
    """A scraped page's items without its dictionary: a header «Словарь.» /
    «Глоссарий» / «Термины» followed by unnumbered paragraphs «Термин – определение»
    gives one entry ``{term, text, section}`` per paragraph (appended to ``out``) instead of
    a section numbered by position; the run ends at the first paragraph of another
    form or a printed number. Returns the remaining items."""
    keep: list = []
    i = 0
    while i < len(items):
        it = items[i]
        if isinstance(it, Header) and it.kind == "section" and it.number is None and _DICT_TITLE.match(it.text):
            j = i + 1
            found = []
            while j < len(items) and isinstance(items[j], Para) and items[j].number is None:
                m = _ENTRY.match(items[j].text)
                if not m or len(m.group("term").split()) > 10:
                    break
                found.append({"term": m.group("term").strip(), "text": m.group("t").strip(), "section": it.text.rstrip(".").strip()})
                j += 1
            if found:
                out.extend(found)
                i = j
                continue
        keep.append(it)
        i += 1
    return keep


def split_items(text: str) -> tuple[str, list[str]]:
    """A paragraph text -> (its lines other than bullet items, the bullet items
    without the «· » mark, verbatim). ``("A:\n· x;\n· y.")`` -> ``("A:", ["x;", "y."])``.
    A text made only of items (no lead-in) is left whole: ``(text, [])``."""
    lines = text.split("\n")
    items = [line[len(BULLET):] for line in lines if line.startswith(BULLET)]
    rest = [line for line in lines if not line.startswith(BULLET)]
    if not items or not "".join(rest).strip():
        return text, []
    return "\n".join(rest), items


def _match_item(text: str, slots: list[str], used: set[int]) -> int | None:
    """Index of the slot holding the same list item as ``text`` (same folded text,
    else the best rapidfuzz ratio ≥ ``TWIN_SCORE``), skipping ``used``; or ``None``."""
    f = fold(text)
    free = [(i, fold(s)) for i, s in enumerate(slots) if i not in used]
    for i, fs in free:
        if fs == f:
            return i
    best = max(free, key=lambda x: (fuzz.ratio(f, x[1]), -x[0]), default=None)
    if best is not None and fuzz.ratio(f, best[1]) >= TWIN_SCORE:
        return best[0]
    return None


def _distinct(texts: list[str]) -> list[str]:
    """``texts`` without those whose folded form repeats an earlier one (order kept)."""
    return _union([texts])


def _sources(paras: list[Para]) -> list[str]:
    out: list[str] = []
    for p in paras:
        if p.source not in out:
            out.append(p.source)
    return out


def _union(lists) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for lst in lists:
        for t in lst:
            f = fold(t)
            if f not in seen:
                seen.add(f)
                out.append(t)
    return out


def import_sources(paths: list[Path | str], edition: str, keep_unplaced: bool = False) -> tuple[dict, ImportReport]:
    """Read rule pages and build an edition.

    paths: page files (plain text or HTML; UTF-8, or UTF-16 / cp1251 / koi8-r as
    ``bot.pages.as_utf8`` reads them, with a note in the report), in the order given (folders are
    expanded to their files, sorted by name). Returns ``(rulebook_dict, report)``
    where ``rulebook_dict`` is the YAML mapping of ``bot.rulebook`` (plus
    ``unplaced``, empty unless ``keep_unplaced``). Raises ``RulebookError`` (Russian,
    naming the file) for a missing, binary, empty or number-less page, or when nothing
    numbered is found at all; ``UnplacedError`` (file and line of the first paragraph,
    how many more) when rule text cannot be placed and ``keep_unplaced`` is false.
    """
    check_edition_name(edition)
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            # a broken link is listed (and reported when read), never skipped in silence
            found = sorted(f for f in p.iterdir() if (f.is_file() or f.is_symlink()) and not f.name.startswith("."))
            if not found:
                raise RulebookError(f"{p}: это папка, и в ней нет ни одной страницы правил (файла)")
            files.extend(found)
        else:
            files.append(p)
    if not files:
        raise RulebookError("не указано ни одной страницы правил")
    raws = []
    encodings: list[str] = []   # a note per page that was not in UTF-8 (bot.pages.as_utf8)
    for f in files:
        try:
            page = check_regular_file(f, "страница правил")
            if page.stat().st_size > PAGE_BYTES:
                raise RulebookError(f"{f}: страница слишком большая: больше {PAGE_BYTES} байт")
            raw, note = as_utf8(page.read_bytes(), f.name)
            raws.append((f, raw))
            if note:
                encodings.append(note)
        except InputFileError as e:
            raise RulebookError(str(e)) from None
        except OSError as e:
            why = "нет прав на чтение" if isinstance(e, PermissionError) else "не удалось прочитать файл"
            raise RulebookError(f"{f}: {why}") from None
    for f, raw in raws:     # a zero byte in a text page (a complete book as much as a scraped page)
        if raw[:5] != b"%PDF-" and b"\x00" in raw:
            raise RulebookError(f"{f.name}: двоичный файл (байт {raw.index(0)} — нулевой), а ожидалась страница "
                                "правил (текст или HTML в UTF-8)")
    if len(raws) == 1:  # a complete rulebook is one file; several files are scraped pages
        book = read_full(raws[0][1], raws[0][0].name)
        if book is not None:
            data, report = edition_from_book(book, raws[0][0].name, edition)
            report.notes[:0] = encodings
            return data, report
        if raws[0][1][:5] == b"%PDF-":   # a PDF numbered «1.1. …»: its text is read as a page
            from bot.fullbook import pdf_text

            raws = [(raws[0][0], pdf_text(raws[0][1], raws[0][0].name).encode("utf-8"))]
    elif any(raw[:5] == b"%PDF-" for _, raw in raws):
        raise RulebookError("PDF с полными правилами импортируется один, отдельной редакцией; указано файлов: "
                            f"{len(raws)}")
    pages = []
    dictionary: list[dict] = []
    for f, raw in raws:
        items, orphans = read_page(raw, f.name)
        items = take_dictionary(items, dictionary)
        pages.append((f.name, items, orphans))
    imp = _Importer(pages)
    imp.merge()
    if not any(c.number for c in imp.clusters):
        raise RulebookError(
            "ни на одной странице нет номеров пунктов (вида 209.5); не от чего вывести нумерацию. "
            "Ожидались страницы правил с номерами пунктов"
        )
    imp.number()
    sections = imp.sections()
    clauses = imp.clauses()
    for src, _, orphans in pages:
        for o in orphans:
            imp.report.unplaced.append((src, o.line, o.text, ORPHAN))
    order = {src: i for i, (src, _, _) in enumerate(pages)}
    imp.report.unplaced.sort(key=lambda u: (order[u[0]], u[1]))
    if imp.report.unplaced and not keep_unplaced:
        raise UnplacedError(imp.report.unplaced)
    imp.report.clauses = len(clauses)
    imp.report.sections = len(sections)
    imp.report.dictionary = len(dictionary)
    data = {
        "edition": edition,
        "title": f"Правила «Берсерка», редакция {edition} (собрана из {len(pages)} стр.)",
        "sections": sections,
        "clauses": clauses,
        **({"dictionary": dictionary} if dictionary else {}),
        "unplaced": [{"source": s, "line": ln, "text": t} for s, ln, t, _ in imp.report.unplaced],
    }
    Rulebook.from_dict(data, where=edition)  # validates the shape
    imp.report.notes[:0] = encodings
    return data, imp.report


def edition_from_book(book: FullBook, source: str, edition: str) -> tuple[dict, ImportReport]:
    """The edition mapping of one complete rulebook (``bot.fullbook``): every clause
    with its printed number (``inferred: false``), sections with their titles and parts,
    the dictionary entries, tables; and the import report."""
    report = ImportReport(pages=1)
    sections = [{"number": s["number"], "title": s["title"], "part": s["part"]} for s in book.sections]
    seen: dict[str, int] = {}
    clauses = []
    for c in book.clauses:
        if c.number in seen:
            raise RulebookError(
                f"{source}, строка {c.line}: номер {c.number} уже был (строка {seen[c.number]}); ожидались разные номера пунктов"
            )
        seen[c.number] = c.line
        d = {
            "number": c.number,
            "section": c.section,
            "text": c.text,
            "examples": c.examples,
            "notes": c.notes,
            "inferred": False,
            "sources": [source],
            "variants": [],
        }
        if c.tables:
            d["tables"] = [t.as_dict() for t in c.tables]
        clauses.append(d)
    dictionary = [{"term": e.term, "text": e.text, "section": e.section} for e in book.dictionary]
    report.clauses = len(clauses)
    report.sections = len(sections)
    report.dictionary = len(dictionary)
    report.notes.extend(book.notes)
    data = {
        "edition": edition,
        "title": f"Правила «Берсерка», редакция {edition} (из {source})",
        "sections": sections,
        "clauses": clauses,
        "dictionary": dictionary,
        "unplaced": [],
    }
    Rulebook.from_dict(data, where=edition)
    return data, report


MAX_LOSS = 0.10
"""Share of an installed edition's paragraphs an import may drop without ``--force``."""


@dataclass
class EditionDiff:
    """What replacing an installed edition by an imported one changes: paragraph
    numbers ``lost`` (in the old, not in the new), ``added``, ``changed`` (same number,
    other text) and the counts; ``loss`` is ``len(lost) / old`` (0–1)."""

    edition: str
    old: int
    new: int
    lost: list[str]
    added: list[str]
    changed: list[str]

    @property
    def loss(self) -> float:
        return len(self.lost) / self.old if self.old else 0.0

    def lines(self, shown: int = 12) -> list[str]:
        """The diff summary as Russian lines (numbers clipped to ``shown``)."""
        def some(nums: list[str]) -> str:
            head = ", ".join(nums[:shown])
            return head + (f" … (ещё {len(nums) - shown})" if len(nums) > shown else "")
        out = [f"Редакция {self.edition}: было пунктов {self.old}, станет {self.new}."]
        if self.lost:
            out.append(f"Пропадут ({len(self.lost)}, {self.loss:.0%}): {some(self.lost)}")
        if self.added:
            out.append(f"Появятся ({len(self.added)}): {some(self.added)}")
        if self.changed:
            out.append(f"Изменится текст ({len(self.changed)}): {some(self.changed)}")
        return out


def edition_diff(old: Rulebook, new: dict) -> EditionDiff:
    """Compare an installed edition with an imported edition mapping (``import_sources``)."""
    new_texts = {str(c["number"]): c["text"] for c in new["clauses"]}
    old_texts = {c.number: c.text for c in old.clauses}
    lost = [n for n in old_texts if n not in new_texts]
    added = [n for n in new_texts if n not in old_texts]
    changed = [n for n in old_texts if n in new_texts and fold(old_texts[n]) != fold(new_texts[n])]
    return EditionDiff(str(new["edition"]), len(old_texts), len(new_texts), lost, added, changed)


def check_replace(old: Rulebook | None, new: dict, force: bool = False) -> EditionDiff | None:
    """Refuse to replace an installed edition ``old`` by ``new`` when more than
    ``MAX_LOSS`` of its paragraphs would be lost, unless ``force``. Returns the diff
    (``None`` when nothing is installed under that name); raises ``RulebookError``
    with the diff summary when refused."""
    if old is None:
        return None
    diff = edition_diff(old, new)
    if diff.loss > MAX_LOSS and not force:
        raise RulebookError(
            "\n".join([
                f"редакция «{diff.edition}» уже есть, и новый импорт потеряет {diff.loss:.0%} её пунктов "
                f"(больше {MAX_LOSS:.0%}); ничего не записано.",
                *diff.lines(),
                "Чтобы всё равно заменить её, повторите с --force; чтобы сохранить обе – выберите другое имя (--edition).",
            ])
        )
    return diff


class _Dumper(yaml.SafeDumper):
    """YAML writer: multi-line texts as literal blocks, Unicode kept, no wrapping."""


def _str(dumper: yaml.SafeDumper, s: str):
    if "\n" in s and not any(line != line.rstrip() for line in s.split("\n")):
        return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", s)


_Dumper.add_representer(str, _str)


def dump_yaml(data: dict) -> str:
    """The edition mapping as YAML text (deterministic, UTF-8, unwrapped lines)."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10**6, default_flow_style=False)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_edition(data: dict, out_dir: Path) -> Path:
    """Write ``out_dir/<edition>.yaml`` atomically (temp file + rename) and return
    its absolute path. The file gets the usual permissions of a new file (0666
    minus the umask, i.e. 0644 with umask 022), not mkstemp's 0600.
    Raises ``RulebookError`` for an invalid edition name (no path tricks such as
    «../x»)."""
    check_edition_name(data["edition"])
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = (out_dir / f"{data['edition']}.yaml").resolve()
    fd, tmp = tempfile.mkstemp(prefix=f".{data['edition']}.", suffix=".tmp", dir=out_dir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(dump_yaml(data))
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
