"""``fold`` and the quote repair take short cuts (no per-character loop to find quotes,
no per-word pass without a Latin look-alike letter): the results equal the plain
implementations below on random texts of quotes, spaces, line breaks and mixed letters."""

from __future__ import annotations

import random
import re

from bot import textnorm
from bot.textnorm import _CLOSING, _NOT_INSIDE, _OPENING, fold


def _requote_plain(s: str) -> str:
    out, n, i, pos = [], len(s), 0, 0
    while pos < n:
        if s[pos] not in _OPENING:
            pos += 1
            continue
        j = pos + 1
        while j < n and s[j].isspace():
            j += 1
        e = j
        while e < n and s[e] not in _NOT_INSIDE:
            e += 1
        c = e
        while c < n and s[c].isspace():
            c += 1
        if c < n and s[c] in _CLOSING:
            g = e
            while g > j and s[g - 1].isspace():
                g -= 1
            out.append(s[i:pos])
            out.append(f"«{s[j:g]}»")
            i = pos = c + 1
        else:
            pos = e if e > pos + 1 else pos + 1
    out.append(s[i:])
    return "".join(out)


def _fold_plain(text: str) -> str:
    s = textnorm.normalize_typography(text).casefold().replace("ё", "е")
    return re.sub(r"[a-zа-я0-9]+", textnorm._fold_word, s)


def test_fast_paths_equal_the_plain_implementations():
    rng = random.Random(11)
    alphabet = 'абвгдеёжСТУ xXaceopKMT\n\t"“”„‟«» –-—.,;:0123'
    for _ in range(3000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        assert textnorm._requote(s) == _requote_plain(s), repr(s)
        assert fold(s) == _fold_plain(s), repr(s)
    assert fold("Cимбиот “ летающий ” XX") == "симбиот «летающий» xx"
