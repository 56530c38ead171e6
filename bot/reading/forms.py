"""The lexicon's own words in all their forms, and the misspelt chat word read as one of them.

``lexicon_forms()`` is a table of every form (pymorphy3's paradigm) of every word written in
``grammar/lexicon.yaml`` — the words the readers know — built once, on the first word the
dictionary does not know (a question of known words never builds it). ``nearest_form(word)`` reads a word the dictionary does not know («палажить»,
«полжить», «сущиство») as the one form of the table it was meant to be («положить»,
«существо»): spelt with the unstressed vowels chat confuses (о/а, е/и/я …) folded into one
letter and at most one more edit, the correction one word of the lexicon, never a choice
between two. A word no form is that close to stays as typed (and unread: no verdict).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache

_WORD = re.compile(r"[а-яё]+(?:-[а-яё]+)?\*?")

# Letters chat spells by ear: unstressed vowels sound alike («палажить», «сущиство»,
# «можна»), soft and hard signs are dropped or added («обьясните»).
# «ш» for «щ» («летаюшее»).
_SOUND = str.maketrans({"о": "а", "я": "а", "е": "и", "э": "и", "ы": "и", "ё": "и", "ю": "у", "ь": None, "ъ": None,
                        "щ": "ш"})
_ALPHABET = "абвгджзийклмнпрстуфхцчш"
"""The letters of a sound key (``_SOUND`` folds the rest into these)."""

MIN_LETTERS = 5
"""Shorter words are never corrected: too many short words are one letter apart."""
MIN_LETTERS_EDIT = 6
"""A word of fewer letters is corrected only when it sounds exactly like a form (vowels only)."""


def sound_key(word: str) -> str:
    """``word`` (folded) as it sounds: unstressed-vowel letters folded into one, signs dropped,
    a doubled letter written once («симбиотта» -> «симбиата»)."""
    k = word.replace("-", "").translate(_SOUND)
    return re.sub(r"(.)\1+", r"\1", k)


_NOT_WORDS = ("spelling_stems",)
"""Sections of the lexicon that list stems, not words."""


def _lexicon_words() -> set[str]:
    """Every plain word written anywhere in ``grammar/lexicon.yaml`` (keys and values of every
    section but ``_NOT_WORDS``, folded; ``основа*`` patterns are no word and are left out)."""
    from bot.textnorm import fold
    from bot.vocab import texts

    return {w for x in texts(_NOT_WORDS) for w in _WORD.findall(fold(x)) if not w.endswith("*")}


@lru_cache(maxsize=1)
def lexicon_forms() -> dict[str, frozenset[str]]:
    """``{form: lemmas}``: every form of the paradigm of every lexicon word (pymorphy3's
    ``lexeme`` of its likely parses), folded, with the lemmas it is a form of. Once per
    process, on the first word the dictionary does not know ``nearest_form`` is asked about:
    read from the user's cache folder (``_stored_tables``, ~30 ms), else built (~34,000 forms,
    0.4 s with ``_by_sound``)."""
    return _stored_tables()[0]


@lru_cache(maxsize=1)
def _by_sound() -> dict[str, tuple[str, ...]]:
    """``{sound_key: forms}`` of ``lexicon_forms``."""
    return _stored_tables()[1]


_STORE_NAME = "lexicon_forms"


@lru_cache(maxsize=1)
def _stored_tables() -> tuple[dict[str, frozenset[str]], dict[str, tuple[str, ...]]]:
    """``(lexicon_forms, _by_sound)`` from ``<user data>/cache/lexicon_forms.<key>.pickle`` when
    one written with the same code, grammar and morphology is there (the key: the rule-text
    index's ``_code_digest`` — every module of ``bot``, every grammar file, pymorphy3's
    version — and the version of its Russian dictionary), else built (``_build_forms``,
    ``_build_by_sound``) and written there for the next process. A folder that cannot be
    read or written only costs the build."""
    import hashlib
    from importlib.metadata import version

    from bot.picklecache import stored
    from bot.rules_text.index import _code_digest

    def key() -> str:
        h = hashlib.sha256(_code_digest().encode())
        try:
            h.update(version("pymorphy3-dicts-ru").encode())
        except Exception:  # noqa: BLE001 - no metadata: the code digest decides
            pass
        return h.hexdigest()[:20]

    def make():
        forms = _build_forms()
        return forms, _build_by_sound(forms)

    return stored(_STORE_NAME, key, make,
                  lambda got: isinstance(got, tuple) and len(got) == 2 and all(isinstance(x, dict) for x in got))


def _build_forms() -> dict[str, frozenset[str]]:
    """``lexicon_forms`` built from the lexicon and pymorphy3 (equal lemma sets shared: one
    frozenset per set, ~2,000 for ~34,000 forms)."""
    from bot.morph import analyzer

    m = analyzer()
    out: dict[str, set[str]] = {}
    for w in _lexicon_words():
        out.setdefault(w, set()).add(w)
        if not m.word_is_known(w):
            continue        # slang («симб»): its paradigm would be pymorphy3's guess
        parses = m.parse(w)
        for k, p in enumerate(parses[:3]):
            if k and p.score < 0.05:
                continue
            lm = p.normal_form.replace("ё", "е")
            for f in p.lexeme:
                out.setdefault(f.word.replace("ё", "е"), set()).add(lm)
    shared: dict[frozenset[str], frozenset[str]] = {}
    return {f: shared.setdefault(frozenset(ls), frozenset(ls)) for f, ls in out.items()}


_SLANG_TAIL = 4
"""The most letters an inflection adds to a slang word's stem («способк|ой», «юза|ешь»)."""


@lru_cache(maxsize=1)
def _slang_stems() -> frozenset[str]:
    """Stems of the lexicon words the dictionary does not know («способка» -> «способк»,
    «юзать» -> «юза», «симб»): a form of such a word («способкой») is the lexicon's own slang,
    read as written — pymorphy3's guessed paradigm of an unknown word misses forms."""
    from bot.morph import analyzer

    m = analyzer()
    out = set()
    for w in _lexicon_words():
        if m.word_is_known(w) or "-" in w:
            continue
        st = w[:-2] if w.endswith(("ть", "ся")) else w[:-1] if w[-1] in "аяоеьйиы" else w
        if len(st) >= 3:
            out.add(st)
    return frozenset(out)


def _slang_form(word: str) -> bool:
    """``word`` is a slang lexicon word's stem plus an ending (``_slang_stems``)."""
    stems = _slang_stems()
    return any(word[:k] in stems for k in range(max(3, len(word) - _SLANG_TAIL), len(word) + 1))


def _build_by_sound(forms: dict[str, frozenset[str]]) -> dict[str, tuple[str, ...]]:
    """``_by_sound`` of the form table ``forms``: ``{sound_key: its forms, sorted}``."""
    out: dict[str, list[str]] = {}
    for f in forms:
        out.setdefault(sound_key(f), []).append(f)
    return {k: tuple(sorted(v)) for k, v in out.items()}


_AFFIXES = (2, 3)
"""Letters of the start and of the end a sound key is filed under in ``_by_affix``: the
longest ``a`` with ``2 * a`` below the asked key's length is used."""
_ALPHABET_SET = frozenset(_ALPHABET)


@lru_cache(maxsize=1)
def _by_affix() -> dict[tuple[int, str, str], tuple[str, ...]]:
    """The sound keys of ``_by_sound`` filed by start and end, for each ``a`` of ``_AFFIXES``:
    ``{(length, "^", first a letters) | (length, "$", last a letters): keys}``. One edit of a
    key longer than ``2 * a`` leaves its first or its last ``a`` letters as they are, so the
    keys one edit from it are among the keys of one length more, the same or one less that
    share its start or its end (``_near_keys``) — a few hundred to compare instead of every
    one-edit string looked up."""
    out: dict[tuple[int, str, str], list[str]] = {}
    for k in _by_sound():
        for a in _AFFIXES:
            out.setdefault((len(k), "^", k[:a]), []).append(k)
            out.setdefault((len(k), "$", k[-a:]), []).append(k)
    return {k: tuple(v) for k, v in out.items()}


def _one_edit(key: str, other: str) -> bool:
    """``other`` is in ``_edits(key)``: one deletion, adjacent swap, or substitution or
    insertion of a letter of ``_ALPHABET`` makes ``key`` into ``other`` (``other != key``)."""
    n, m = len(key), len(other)
    if other == key or abs(n - m) > 1:
        return False
    i = 0
    while i < min(n, m) and key[i] == other[i]:
        i += 1
    if m == n - 1:          # deletion of key[i]
        return key[i + 1:] == other[i:]
    if m == n + 1:          # insertion of other[i]
        return other[i] in _ALPHABET_SET and key[i:] == other[i + 1:]
    if other[i] in _ALPHABET_SET and key[i + 1:] == other[i + 1:]:
        return True         # substitution
    return i + 1 < n and key[i] == other[i + 1] and key[i + 1] == other[i] and key[i + 2:] == other[i + 2:]


def _near_keys(key: str) -> list[str]:
    """The sound keys of ``_by_sound`` one edit from ``key`` (``_one_edit``, the same keys as
    ``_edits(key)`` looked up one by one): a key of more than ``2 * a`` letters (``_AFFIXES``) against
    the keys ``_by_affix`` files with its start or its end (compared in C by ``rapidfuzz``,
    then checked exactly), a key of ``2 * min(_AFFIXES)`` letters or fewer by its ``_edits``."""
    table = _by_sound()
    fit = [a for a in _AFFIXES if len(key) > 2 * a]
    if not fit:
        return [k for k in _edits(key) if k in table]
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    a = fit[-1]
    affix = _by_affix()
    pool: set[str] = set()
    for n in (len(key) - 1, len(key), len(key) + 1):
        pool.update(affix.get((n, "^", key[:a]), ()))
        pool.update(affix.get((n, "$", key[-a:]), ()))
    close = process.extract(key, list(pool), scorer=OSA.distance, score_cutoff=1, limit=None)
    return [k for k, _d, _i in close if _one_edit(key, k)]


def _edits(key: str) -> set[str]:
    """Every string one edit (deletion, insertion, substitution, adjacent swap) from ``key``."""
    out: set[str] = set()
    n = len(key)
    for i in range(n):
        out.add(key[:i] + key[i + 1:])
        if i + 1 < n:
            out.add(key[:i] + key[i + 1] + key[i] + key[i + 2:])
        for c in _ALPHABET:
            out.add(key[:i] + c + key[i + 1:])
    for i in range(n + 1):
        for c in _ALPHABET:
            out.add(key[:i] + c + key[i:])
    out.discard(key)
    return out


@lru_cache(maxsize=8192)
def nearest_form(word: str) -> str | None:
    """The lexicon form (``lexicon_forms``) a misspelt folded ``word`` stands for, or ``None``.

    Only a word of ``MIN_LETTERS`` letters or more that is in no form table, that the
    dictionary does not know and that is no form of the lexicon's slang (``_slang_form``): its sound key (``sound_key``) equal to a form's, or — for words
    of ``MIN_LETTERS_EDIT`` letters or more — one edit from it. Of the forms found, those
    nearest the word as typed (optimal string alignment) are kept: it must be one form (two
    as near — «летающее» or «летавшее», two lemmas or two cases: ``None``, a guess between
    words is no reading), at most two edits from the word as typed."""
    if len(word) < MIN_LETTERS or not word.isalpha():
        return None
    from bot.morph import analyzer

    # The dictionary first: a known word needs no form table (built on the first unknown one).
    if analyzer().word_is_known(word) or word in lexicon_forms() or _slang_form(word):
        return None
    table = _by_sound()
    key = sound_key(word)
    found = list(table.get(key, ()))
    if not found and len(word) >= MIN_LETTERS_EDIT:
        found = [f for k in _near_keys(key) for f in table[k]]
    if not found:
        return None
    from rapidfuzz.distance import OSA

    scored = sorted((OSA.distance(word, f), f) for f in set(found))
    best = scored[0][0]
    if best > 2:
        return None
    near = [f for d, f in scored if d == best]
    return near[0] if len(near) == 1 else None
