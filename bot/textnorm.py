"""Typography normalisation shared by the importer, the grammar and search.

Two levels:
- ``normalize_typography``: keeps the Russian text and its case, but makes one form
  of quotes («…»), dashes (– between words, - inside words), spaces, and repairs the
  seeds' quote artefacts (``" симбиот"`` -> «симбиот»).
- ``fold``: for matching only — casefold, ё→е, Latin look-alike letters to Cyrillic.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
_DASHES = re.compile(r"\s+[-\u2010-\u2015\u2212]\s+")  # a dash between words
_LONG_DASH = re.compile(r"[\u2012-\u2015\u2212]")
# Straight or curly double quotes around a phrase, with the seeds' stray space after
# the opening quote: " симбиот" / “симбиот” / „симбиот“ -> «симбиот»
_QUOTED = re.compile(r'["\u201c\u201e\u201f]\s*([^"\u201c\u201d\u201e\u201f\n]*?)\s*["\u201d\u201c]')

_LOOKALIKE = str.maketrans({
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "k": "к", "m": "м",
    "t": "т", "h": "н", "b": "в",
})
_CYR = re.compile(r"[а-яё]", re.IGNORECASE)


def normalize_typography(text: str) -> str:
    """One form of quotes, dashes and spaces; the words themselves unchanged.

    ``'особенность " Паразит" и “Симбиот”'`` -> ``'особенность «Паразит» и «Симбиот»'``;
    ``'A - B'``, ``'A — B'`` -> ``'A – B'``; runs of spaces -> one space.
    """
    s = text.replace("\r\n", "\n").replace("\r", "\n")
    s = _SPACES.sub(" ", s)
    s = _QUOTED.sub(lambda m: f"«{m.group(1)}»", s)
    s = s.replace("«\u00a0", "«").replace("\u00a0»", "»")
    s = _DASHES.sub(" – ", s)
    s = _LONG_DASH.sub("–", s)
    s = re.sub(r" *\n *", "\n", s)
    return s.strip()


def _fold_word(m: re.Match) -> str:
    w = m.group(0)
    # Only words that already contain Cyrillic letters (or are a lone X/x, the
    # variable of card text) get their Latin look-alikes replaced.
    if _CYR.search(w) or w in ("x", "х"):
        return w.translate(_LOOKALIKE)
    return w


def fold(text: str) -> str:
    """Matching form: casefold, ё→е, Latin look-alikes inside Cyrillic words → Cyrillic,
    lone «X» → «х», typography normalised."""
    s = normalize_typography(text).casefold().replace("ё", "е")
    return re.sub(r"[a-zа-я0-9]+", _fold_word, s)


# --- card text -----------------------------------------------------------------
# «[:tap]» (the bracket form of some card databases) -> «{tap}».
_BRACKET_ICON = re.compile(r"\[:([A-Za-z0-9_]+)\]")


@lru_cache(maxsize=1)
def bracket_icon_names() -> dict[str, str]:
    """``{bracket name: grammar icon name}`` from grammar/icons.yaml (``bracket:``
    lists): "[:atk]" is written ``{strike}``. Names not listed keep their own name."""
    import yaml

    from bot.paths import grammar_dir

    try:
        data = yaml.safe_load((grammar_dir() / "icons.yaml").read_text(encoding="utf-8")) or {}
    except OSError:
        return {}
    out: dict[str, str] = {}
    for name, spec in data.items():
        for alias in (spec or {}).get("bracket") or ():
            out[str(alias).lower()] = str(name)
    return out


def _bracket_icon(m: re.Match) -> str:
    name = m.group(1).lower()
    return "{" + bracket_icon_names().get(name, name) + "}"
# The variable of card text: a lone Cyrillic Х or Latin x/X -> Latin «X».
_VARIABLE = re.compile(r"(?<![А-Яа-яЁёA-Za-z])[XxХх](?![А-Яа-яЁёA-Za-z])")
_MINUS = re.compile(r"(?<![\w–-])[–-](?=\d|X(?![A-Za-zА-Яа-яЁё]))")
_SPACED_COUNT = re.compile(r"(^|[.\n]\s*)(X|\d+) (?=\{[a-z0-9_]+\}[{}a-z0-9_ ]*(\([^()\n]*\)\s*)?:)")
# A straight quote left alone at the start or end of a seed example (" : Уничтожить …").
_STRAY_QUOTE = re.compile(r'^["\u201c\u201d\u201e]\s*|\s*["\u201c\u201d\u201e]$')


def normalize_card_text(text: str) -> str:
    """The form of a card text the grammar reads (``bot.abilities.parser``).

    ``normalize_typography`` plus: ё -> е, the variable Х/x -> ``X``, ``[:tap]`` and
    ``{TAP}`` -> ``{tap}``, a hyphen glued to one word between words -> «–», a stray
    quote at either end (or a pair around the whole text) removed, spaces before
    ``, ; : .`` removed, a line break right after «–» or «:» joined. Offsets of the result are what AST spans refer to.
    """
    s = text.strip()
    # A whole text wrapped in one pair of quotes (seed examples: " : Уничтожить …").
    if len(s) > 1 and s[0] in '"\u201c\u201e«' and s[-1] in '"\u201c\u201d»' and not re.search('["\u201c\u201d\u201e«»]', s[1:-1]):
        s = s[1:-1]
    s = normalize_typography(s)
    s = _STRAY_QUOTE.sub("", s)
    s = s.replace("ё", "е").replace("Ё", "Е")
    s = _BRACKET_ICON.sub(_bracket_icon, s)
    s = re.sub(r"\{([A-Za-z0-9_]+)\}", lambda m: "{" + m.group(1).lower() + "}", s)
    # a dash glued to one word: "При гибели- ранить", "При гибели -ранить"
    s = re.sub(r"(?<=[А-Яа-яЁёA-Za-z»)])-(?= )|(?<= )-(?=[А-Яа-яЁёA-Za-z«])", "–", s)
    s = _VARIABLE.sub("X", s)
    # a minus glued to a number or the variable is a sign, not a dash: "–1 от {strike}",
    # "получить −1 к разряду", "-X к удару" (a range "1-2-3" keeps its hyphens)
    s = _MINUS.sub("-", s)
    # "X {counter}{tap}:" / "3 {token} {tap}:" opening an ability: the count is glued to
    # its icon (only at the start of a sentence or line: "ранить на 1 {tap}: …" keeps it)
    s = _SPACED_COUNT.sub(r"\1\2", s)
    s = re.sub(r" +([,;:.])", r"\1", s)
    s = re.sub(r"([–:])\n", r"\1 ", s)  # a header dash or cost colon ends no line
    return s.strip()


def clip(text: str, limit: int = 80) -> str:
    """``text`` for echoing in a message: at most ``limit`` characters, cut ones
    replaced by «…» (line breaks shown as spaces), so that a 90 KB input does not
    come back whole in an error message."""
    flat = " ".join(text.split()) if ("\n" in text or "\r" in text) else text
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
