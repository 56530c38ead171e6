"""``cards import``: card files -> the store, in one transaction, with a report (issue 15).

``import_files(paths, fmt, store)`` reads every file first (``bot.cards.formats``),
parses each ability text with the card grammar (``bot.abilities.parser``) and then
writes all cards in one transaction: a file that cannot be read, or a store error,
changes nothing. A card already in the store (same key) is updated in place.

Keys: the database's own id when it has one (``nxt:<id>``, ``classic:<proto>``), else
``<name>|<set>|<number>`` folded. The same key twice in one import is a duplicate: the
first row is kept, the later ones are reported.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from bot.cards.formats import MAX_ROWS, CardImportError, read_file
from bot.cards.model import Card
from bot.store import Store


@dataclass
class ImportReport:
    """What an import did.

    files: ``[(path, format, rows read)]``; added / updated: cards written new / in
    place; duplicates: ``[(file, where, name)]`` rows whose key came earlier in this
    import; rejected: ``[(file, where, reason)]``; texts: counts ``complete``,
    ``partial``, ``failed`` (not card text at all), ``empty`` (no text) and ``typed``
    (complete with every effect typed); same_name: names carried by several cards
    (reprints); notes: remarks on files (encoding); seconds; total: cards in the store.
    """

    files: list[tuple[str, str, int]] = field(default_factory=list)
    added: int = 0
    updated: int = 0
    duplicates: list[tuple[str, str, str]] = field(default_factory=list)
    rejected: list[tuple[str, str, str]] = field(default_factory=list)
    texts: Counter = field(default_factory=Counter)
    same_name: int = 0
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    total: int = 0

    @property
    def imported(self) -> int:
        """Cards written (added + updated)."""
        return self.added + self.updated

    def to_json(self) -> dict[str, Any]:
        """JSON form of the report (``cards import --json``)."""
        return {"files": [{"file": f, "format": fmt, "rows": n} for f, fmt, n in self.files],
                "imported": self.imported, "added": self.added, "updated": self.updated,
                "duplicates": [{"file": f, "where": w, "name": n} for f, w, n in self.duplicates],
                "rejected": [{"file": f, "where": w, "reason": r} for f, w, r in self.rejected],
                "texts": {k: self.texts.get(k, 0) for k in ("complete", "partial", "failed", "empty", "typed")},
                "same_name": self.same_name, "notes": list(self.notes), "seconds": round(self.seconds, 3),
                "total": self.total}

    def lines(self, limit: int = 20) -> list[str]:
        """The report in Russian, one line each (rejected rows: at most ``limit``)."""
        out = [f"{f}: формат {fmt}, строк {n}" for f, fmt, n in self.files]
        out += self.notes
        out.append(f"Загружено карт: {self.imported} (новых {self.added}, обновлено {self.updated}); "
                   f"всего в базе: {self.total}. Время: {self.seconds:.1f} с.")
        t = self.texts
        out.append(f"Тексты: разобраны полностью {t['complete']}, частично {t['partial']}, "
                   f"не разобраны {t['failed']}, без текста {t['empty']}; с типизированными эффектами {t['typed']}.")
        out.append(f"Дубликаты (та же карта ещё раз, оставлена первая): {len(self.duplicates)}.")
        for f, w, n in self.duplicates[:limit]:
            out.append(f"  {f}, {w}: «{n}»")
        if self.same_name:
            out.append(f"Имён у нескольких карт (переиздания): {self.same_name}.")
        out.append(f"Отклонено строк: {len(self.rejected)}.")
        for f, w, r in self.rejected[:limit]:
            out.append(f"  {f}, {w}: {r}")
        if len(self.rejected) > limit:
            out.append(f"  … и ещё {len(self.rejected) - limit}")
        return out


def card_key(fields: dict[str, Any]) -> str:
    """The store key of a row: its database id, else folded ``name|set|number``."""
    if fields.get("key"):
        return str(fields["key"])
    from bot.textnorm import fold

    return "|".join((fold(fields["name"]), fold(fields.get("set_name") or ""), fold(fields.get("number") or "")))


def _is_typed(res) -> bool:
    if not res.complete or res.ast is None:
        return False
    leaves = [n for n in res.ast.walk() if n.kind == "effect"]
    return bool(leaves) and all(n.attr("action") for n in leaves)


def read_text(text: str, cache: dict[str, tuple]) -> tuple[str, bool | None, bool | None, str]:
    """``(normalised text, complete, typed, status)`` of an ability text; status is
    ``complete`` | ``partial`` | ``failed`` | ``empty``. Same texts are parsed once."""
    if not text.strip():
        return "", None, None, "empty"
    hit = cache.get(text)
    if hit is not None:
        return hit
    from bot.abilities.parser import parse
    from bot.errors import ParseError
    from bot.textnorm import normalize_card_text

    try:
        res = parse(text)
        out = (res.text, res.complete, _is_typed(res), "complete" if res.complete else "partial")
    except ParseError:
        out = (normalize_card_text(text), False, False, "failed")
    cache[text] = out
    return out


def import_files(paths: Iterable[str], fmt: str = "auto", store: Store | None = None) -> ImportReport:
    """Import card files into ``store`` (the bot's store by default); returns the report.

    Raises ``CardImportError`` (Russian, naming the file) when a file cannot be read at
    all or the import is larger than ``MAX_ROWS``; ``StoreError`` when the store
    cannot be used. In both cases the store is unchanged.
    """
    from bot.cards.db import cards_store, count, existing_keys, upsert
    from bot.cards.index import name_keys_of

    t0 = time.perf_counter()
    paths = list(paths)
    if not paths:
        raise CardImportError("не указан ни один файл с картами.")
    report = ImportReport()
    read = [read_file(p, fmt) for p in paths]
    if sum(len(fr.rows) for fr in read) > MAX_ROWS:
        raise CardImportError(f"слишком много карт в одном импорте (больше {MAX_ROWS}).")
    cards: dict[str, Card] = {}
    cache: dict[str, tuple] = {}
    for fr in read:
        report.files.append((fr.path, fr.format, len(fr.rows)))
        report.notes += [f"{fr.path}: {n}" for n in fr.notes]
        for row in fr.rows:
            if row.error is not None:
                report.rejected.append((fr.path, row.where, row.error))
                continue
            f = row.fields
            key = card_key(f)
            if key in cards:
                report.duplicates.append((fr.path, row.where, f["name"]))
                continue
            text, complete, typed, status = read_text(f["text"], cache)
            report.texts[status] += 1
            if typed:
                report.texts["typed"] += 1
            cards[key] = Card(key=key, name=f["name"], kind=f["kind"], set_name=f.get("set_name"),
                              number=f.get("number"), traits=tuple(f.get("traits") or ()),
                              equipment_class=f.get("equipment_class"), classes=tuple(f.get("classes") or ()),
                              element=f.get("element"), cost=f.get("cost"), elite=f.get("elite"),
                              unique=f.get("unique"), lives=f.get("lives"), movement=f.get("movement"),
                              strikes=tuple(f.get("strikes") or ()), text=text, complete=complete, typed=typed,
                              forms=tuple(f.get("forms") or ()), source=fr.format,
                              name_keys=name_keys_of(f["name"]))
    names = Counter(c.name.casefold() for c in cards.values())
    report.same_name = sum(1 for n in names.values() if n > 1)
    st = cards_store(store)
    with st.transaction():
        before = existing_keys(st)
        if cards:
            upsert(st, cards.values())
        report.total = count(st)
    report.updated = sum(1 for k in cards if k in before)
    report.added = len(cards) - report.updated
    report.seconds = time.perf_counter() - t0
    from bot.cards import index

    index.invalidate()
    return report
