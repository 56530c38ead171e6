"""Finding cards by name: any case, any inflection, typos (``card NAME``, ``/card``, inline
mode, and card names inside a question for ``ask``).

The index is built once per process from the store (and rebuilt when the store's
import revision changes, ``bot.cards.db.revision``):

- every name is folded (``bot.textnorm.fold``) and cut into words at spaces and
  hyphens; each word is indexed under its own form and every normal form pymorphy3
  gives it (``bot.morph.normal_forms``), so «гнома-басаарга» meets «Гном-басаарг» and
  «Болотного тролля» meets «Болотный тролль»; inflected forms a database ships (the
  classic base's ``case``) are indexed too;
- a query word found under no key is corrected through ``bot.typo.TypoIndex`` over the
  vocabulary of name words (candidates from a symmetric-deletion index, checked with
  rapidfuzz — never a scan of every name);
- the cards reached are ranked: whole folded name equal first, then fewest query words
  left unmatched, fewest name words left over, fewest typo edits, higher rapidfuzz
  ratio of the whole strings, shorter name.

``find_cards_in_text(text)`` reads card names inside a sentence (exact words and
inflections only, no typo guessing, see its docstring).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

from bot.cards.model import Card

_WORD = re.compile(r"[0-9a-zа-я]+")

CANDIDATES = 64
"""Cards ranked per query besides the whole-name matches: those matching the most
query words first (a common word such as «гном» may reach hundreds of names)."""


@lru_cache(maxsize=50_000)
def word_keys(word: str) -> frozenset[str]:
    """A folded name word and its normal forms (pymorphy3; every parse, not only the
    likeliest: «гнома» -> {гнома, гном})."""
    from bot.morph import DOMAIN_LEMMAS, analyzer

    keys = {word}
    if word in DOMAIN_LEMMAS:
        keys.add(DOMAIN_LEMMAS[word])
    elif len(word) > 2 and not word.isdigit():
        keys |= {p.normal_form.replace("ё", "е") for p in analyzer().parse(word)}
    return frozenset(keys)


def name_keys_of(name: str) -> tuple[tuple[str, ...], ...]:
    """``Card.name_keys`` of a name, as the import stores them: per folded word, its
    sorted ``word_keys``."""
    return tuple(tuple(sorted(word_keys(w))) for w in name_words(name))


def name_words(name: str) -> list[str]:
    """Folded words of a name («Гном-басаарг» -> [гном, басаарг])."""
    from bot.textnorm import fold

    return _WORD.findall(fold(name))


@dataclass(frozen=True)
class Hit:
    """A card found for a query: ``exact`` when every word of the query and of the
    name matched without a typo edit; ``edits`` typo edits used; ``score`` rapidfuzz
    ratio (0–100) of the folded query and name; ``missing`` query words no name word
    matched, ``extra`` name words no query word matched."""

    card: Card
    exact: bool
    edits: int
    score: float
    missing: int = 0
    extra: int = 0

    @property
    def whole(self) -> bool:
        """Every query word and every name word matched (typo edits allowed)."""
        return self.missing == 0 and self.extra == 0


@dataclass(frozen=True)
class CardMention:
    """A card named inside a text: ``span`` ``(start, end)`` character offsets in the
    text, ``text`` the words as written, ``card`` the card (the first of several cards
    sharing the name: reprints), ``others`` the other cards of that name, ``edits`` 1 when
    the name was written with a typo (see ``find_cards_in_text``)."""

    span: tuple[int, int]
    text: str
    card: Card
    others: tuple[Card, ...] = ()
    edits: int = 0


class CardIndex:
    """An in-memory name index over ``cards`` (see the module docstring).

    Building costs about 0.1 ms per card (morphology of the name words, typo index).
    ``find(query, limit)`` -> ``[Hit]`` best first, ``[]`` when nothing is near.
    """

    def __init__(self, cards: list[Card]) -> None:
        from bot.textnorm import fold

        self.cards = cards
        self._folded = [" ".join(name_words(c.name)) for c in cards]
        self._exact: dict[str, list[int]] = {}
        self._postings: dict[str, set[int]] = {}
        self._words: list[list[frozenset[str]]] = []
        vocab: set[str] = set()
        vocab_keys: dict[str, frozenset[str]] = {}
        for i, c in enumerate(cards):
            self._exact.setdefault(self._folded[i], []).append(i)
            ws = name_words(c.name)
            keys = [frozenset(k) for k in c.name_keys] if len(c.name_keys) == len(ws) else [word_keys(w) for w in ws]
            self._words.append(keys)
            for w, ks in zip(ws, keys):
                vocab.add(w)
                vocab_keys.setdefault(w, ks)
                for k in ks:
                    self._postings.setdefault(k, set()).add(i)
            for form in c.forms:
                f = " ".join(_WORD.findall(fold(form)))
                if f and f != self._folded[i]:
                    self._exact.setdefault(f, [])
                    if i not in self._exact[f]:
                        self._exact[f].append(i)
                for w in _WORD.findall(f):
                    vocab.add(w)
                    self._postings.setdefault(w, set()).add(i)
        # a multi-word name written as one word («гномбасаарг») is one more vocabulary word
        self._joined: dict[str, set[int]] = {}
        for i, f in enumerate(self._folded):
            j = f.replace(" ", "")
            if j != f and len(j) >= 4:
                self._joined.setdefault(j, set()).add(i)
                vocab.add(j)
        self._vocab_keys = {w: vocab_keys.get(w, frozenset((w,))) for w in vocab}
        self._vocab = vocab
        self._typo_index = None
        self._typo_lock = threading.Lock()
        self._first: dict[str, list[int]] = {}
        for i, keys in enumerate(self._words):
            if keys:
                for k in keys[0]:
                    self._first.setdefault(k, []).append(i)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def _typo(self):
        """The typo index over the name vocabulary, built on the first typo (card names
        in ``ask`` questions never need it)."""
        if self._typo_index is None:
            from bot.typo import TypoIndex

            with self._typo_lock:
                if self._typo_index is None:
                    self._typo_index = TypoIndex(self._vocab)
        return self._typo_index

    # -- lookup -----------------------------------------------------------------------------
    def _word_matches(self, q: str) -> dict[str, int]:
        """Keys a query word reaches, with the typo edits used: 0 for its own forms;
        words one edit away too (a typo may spell another name's word: «голе» for
        «голем»), and when nothing is that near, the fewest edits that reach a word."""
        from bot.typo import max_edits

        out = {k: 0 for k in word_keys(q) if k in self._postings}
        if len(q) < 2 or (len(q) < 3 and out):
            return out
        limit = 1 if out else max_edits(len(q))
        for k_max in range(1, limit + 1):
            found = False
            for cand, d in self._typo.near(q, k_max):
                if d == 0:
                    continue
                for k in self._vocab_keys.get(cand, (cand,)):
                    if k in self._postings and k not in out:
                        out[k] = d
                        found = True
            if found:
                break
        return out

    def find(self, query: str, limit: int = 5) -> list[Hit]:
        """Cards for a name as a person types it: any case, inflection, a typo or two.
        ``[]`` for an empty query or when no name is near."""
        from rapidfuzz import fuzz

        qws = _WORD.findall(_fold(query))
        if not qws:
            return []
        qf = " ".join(qws)
        exact_ids = self._exact.get(qf, [])
        matches = [self._word_matches(w) for w in qws]
        cands: dict[int, None] = dict.fromkeys(exact_ids)
        cover: dict[int, int] = {}
        for m in matches:
            reached: set[int] = set()
            for k in m:
                reached |= self._postings[k]
            for i in reached:
                cover[i] = cover.get(i, 0) + 1
        if cover:      # only the cards that match the most query words can rank first
            top = max(cover.values())
            best = [i for i, c in cover.items() if c == top]
            if len(best) < CANDIDATES:
                best += sorted((i for i, c in cover.items() if c < top), key=lambda i: -cover[i])[:CANDIDATES - len(best)]
            for i in best[:max(CANDIDATES, len(best))]:
                cands[i] = None
        glued: dict[int, int] = {}       # «гномбасаарг»: a whole name typed as one word
        joined = "".join(qws)
        if not cands and 4 <= len(joined) <= 40:
            from bot.typo import max_edits

            for cand, d in self._typo.near(joined, max_edits(len(joined))):
                for i in self._joined.get(cand, ()):
                    if i not in glued or glued[i] > d:
                        glued[i] = d
                    cands[i] = None
        ranked = []
        for i in cands:
            name_keys = self._words[i]
            used: set[int] = set()
            missing = edits = 0
            for m in matches:
                best = None
                for j, keys in enumerate(name_keys):
                    if j in used:
                        continue
                    d = min((m[k] for k in keys if k in m), default=None)
                    if d is not None and (best is None or d < best[1]):
                        best = (j, d)
                if best is None:
                    missing += 1
                else:
                    used.add(best[0])
                    edits += best[1]
            extra = len(name_keys) - len(used)
            whole = i in exact_ids
            if whole:
                missing = extra = edits = 0
            elif i in glued:
                missing, extra, edits = 0, 0, glued[i]
            score = fuzz.ratio(qf, self._folded[i])
            ranked.append((not whole, missing, extra, edits, -score, len(self._folded[i]), self._folded[i], i))
        ranked.sort()
        out = []
        for r in ranked[:limit]:
            out.append(Hit(self.cards[r[-1]], exact=not r[0] or (r[1] == r[2] == r[3] == 0), edits=r[3], score=-r[4],
                           missing=r[1], extra=r[2]))
        return out

    # -- names inside a text --------------------------------------------------------------------
    def mentions(self, text: str) -> list[CardMention]:
        """Card names written inside ``text`` (see ``find_cards_in_text``)."""
        from bot.morph import analyzer

        toks = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[0-9A-Za-zА-Яа-яЁё]+", text)]
        folded = [_fold(t[2]) for t in toks]
        out: list[CardMention] = []
        i = 0
        while i < len(toks):
            best: tuple[int, list[int]] | None = None
            for k in word_keys(folded[i]):
                for c in self._first.get(k, ()):
                    n = len(self._words[c])
                    if i + n > len(toks) or (best is not None and n < best[0]):
                        continue
                    if not all(word_keys(folded[i + j]) & self._words[c][j] for j in range(n)):
                        continue
                    if not _joined(text, toks, i, n):
                        continue
                    if best is None or n > best[0]:
                        best = (n, [c])
                    elif c not in best[1]:
                        best[1].append(c)
            if best is not None:
                best = (best[0], [c for c in best[1] if self._folded[c] not in _never_in_questions()]) \
                    if best[1] else best
                if not best[1]:
                    best = None
            if best is None:
                typo = self._misspelt_name(text, toks, folded, i)
                if typo is None:
                    i += 1
                    continue
                n, cards = typo
                s, e = toks[i][0], toks[i + n - 1][1]
                out.append(CardMention((s, e), text[s:e], cards[0], tuple(cards[1:]), edits=1))
                i += n
                continue
            n, ids = best
            s, e = toks[i][0], toks[i + n - 1][1]
            if n == 1 and analyzer().word_is_known(folded[i]) and not _marked_as_name(text, s, e):
                i += 1        # a common word («ведьма», «страж») counts only written as a name
                continue
            ids.sort(key=lambda c: self._folded[c])
            cards = [self.cards[c] for c in ids]
            out.append(CardMention((s, e), text[s:e], cards[0], tuple(cards[1:])))
            i += n
        return out


    def _misspelt_name(self, text: str, toks, folded: list[str], i: int) -> tuple[int, list[Card]] | None:
        """A card name written with one typo from token ``i`` («мой Гном-басарг»): only
        a capitalised run of words the dictionary does not know, that is one edit from
        exactly one name of as many words (every card of that name returned)."""
        from bot.morph import analyzer

        if not toks[i][2][:1].isupper():
            return None
        for n in (3, 2, 1):
            if i + n > len(toks) or not _joined(text, toks, i, n):
                continue
            if all(analyzer().word_is_known(w) or len(w) < 4 for w in folded[i:i + n]):
                continue        # dictionary words: a different word, not a misspelt name
            q = " ".join(folded[i:i + n])
            hits = [h for h in self.find(q, limit=4) if h.whole and h.edits <= 1]
            if not hits or hits[0].edits != 1 or len(name_words(hits[0].card.name)) != n:
                continue
            names = {" ".join(name_words(h.card.name)) for h in hits}
            if names & _never_in_questions():
                return None
            if len(names) != 1:
                return None     # two names one edit away: which one is meant is not known
            return n, [h.card for h in hits]
        return None


@lru_cache(maxsize=1)
def _never_in_questions() -> frozenset[str]:
    """Folded names never read as a card inside a question (grammar/card_formats.yaml
    ``mention_words.never_in_questions``: the game's own name «Берсерк»)."""
    from bot.cards.model import vocabulary

    words = (vocabulary().get("mention_words") or {}).get("never_in_questions") or ()
    return frozenset(" ".join(name_words(str(w))) for w in words)


def _fold(s: str) -> str:
    from bot.textnorm import fold

    return fold(s)


def _joined(text: str, toks, i: int, n: int) -> bool:
    """The ``n`` words from ``i`` stand together (only spaces or hyphens between)."""
    for j in range(i, i + n - 1):
        gap = text[toks[j][1]:toks[j + 1][0]]
        if gap.strip(" -–\u00a0") != "" or "\n" in gap:
            return False
    return True


def _marked_as_name(text: str, s: int, e: int) -> bool:
    """A one-word name that is also a dictionary word is read as a card only when
    written as a name: capitalised not at the start of a sentence, or in «…» quotes."""
    before = text[:s].rstrip()
    if before.endswith(("«", '"', "“", "„")) and text[e:e + 1] in ("»", '"', "”", "“"):
        return True
    if not text[s].isupper():
        return False
    return bool(before) and before[-1] not in ".!?…\n"


# -- the process's index -----------------------------------------------------------------------
_LOCK = threading.Lock()
_STATE: dict[str, object] = {}


def invalidate() -> None:
    """Forget the in-memory index (after an import in this process)."""
    with _LOCK:
        _STATE.clear()


def current(store=None) -> CardIndex | None:
    """The index of the store's cards (built on first use, rebuilt when the store's
    revision changed), or ``None`` when no card database has been imported.
    Raises ``StoreError`` when the store cannot be opened."""
    from bot.cards import db

    if store is None and not db.database_exists():
        return None
    st = db.cards_store(store)
    rev = db.revision(st)
    with _LOCK:
        _STATE.pop("failed_until", None)
        _STATE.pop("failed_why", None)
        if _STATE.get("store") is st and _STATE.get("revision") == rev:
            return _STATE["index"]  # type: ignore[return-value]
    cards = db.all_cards(st)
    idx = CardIndex(cards) if cards else None
    with _LOCK:
        _STATE.update(store=st, revision=rev, index=idx)
    return idx


def built(store=None) -> CardIndex | None:
    """The process's whole index when it is already built for the store's current
    revision (never builds it), else ``None``."""
    from bot.cards import db

    st = db.cards_store(store)
    rev = db.revision(st)
    with _LOCK:
        if _STATE.get("store") is st and _STATE.get("revision") == rev:
            return _STATE["index"]  # type: ignore[return-value]
    return None


def near_index(query: str, store=None) -> CardIndex:
    """An index of only the cards ``query``'s words reach by form or one typo edit
    (``bot.cards.name_keys.lookup_candidates``): a one-off lookup without building the
    whole index. Its hits that match every word with at most one edit are those of the
    whole index; anything else needs the whole index (``current``)."""
    from bot.cards import db, name_keys

    return CardIndex(name_keys.lookup_candidates(db.cards_store(store), query))


def find_cards(query: str, limit: int = 5, store=None) -> list[Hit]:
    """``CardIndex.find`` over the store's cards; ``[]`` with no database."""
    idx = current(store)
    return idx.find(query, limit) if idx is not None else []


def find_cards_in_text(text: str, store=None) -> list[CardMention]:
    """Imported card names written inside ``text`` («мой Гном-басаарг», «у противника
    Болотный тролль», «гнома-басаарга»), left to right, longest name first.

    Words match by form or normal form; a one-word name that is also a dictionary word
    («Ведьма») counts only when capitalised inside the sentence or quoted. A typo is read
    only in a capitalised run of words the dictionary does not know that is one edit from
    exactly one name («Гном-басарг»); the answer then says which card it took. ``[]`` when no card database is imported — a card the database does not have is
    never invented. Raises ``StoreError`` when the store cannot be opened (an unreachable
    ``DATABASE_URL``), so the caller can say the card base is unavailable instead of
    answering as if the card were unknown; the failure is remembered for ``RETRY_AFTER``
    seconds, during which the same error is raised without trying again.

    Only the cards the text may name are loaded (``bot.cards.name_keys``, tables the
    import fills), never the whole database: a question naming no card costs a couple
    of indexed queries; the names are then read by a ``CardIndex`` of those cards.
    """
    import time

    from bot.errors import BerserkError

    from bot.store import StoreError

    if store is None and time.monotonic() < _STATE.get("failed_until", 0.0):   # type: ignore[operator]
        raise StoreError(str(_STATE.get("failed_why", "")))
    from bot.cards import db, name_keys

    if store is None and not db.database_exists():
        return []
    try:
        st = db.cards_store(store)
        cards = name_keys.mention_candidates(st, text)
    except BerserkError as e:
        if store is None:       # an unreachable database is not retried for every question
            _STATE["failed_until"] = time.monotonic() + RETRY_AFTER
            _STATE["failed_why"] = str(e)
        raise StoreError(str(e)) from None
    return CardIndex(cards).mentions(text) if cards else []


RETRY_AFTER = 60.0
"""Seconds ``find_cards_in_text`` waits before trying an unreachable store again."""
