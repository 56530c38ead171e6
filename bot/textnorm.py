"""Typography normalisation shared by the importer, the grammar and search.

Two levels:
- ``normalize_typography``: keeps the Russian text and its case, but makes one form
  of quotes («…»), dashes (– between words, - inside words), spaces, and repairs the
  seeds' quote artefacts (``" симбиот"`` -> «симбиот»).
- ``fold``: for matching only — casefold, ё→е, Latin look-alike letters to Cyrillic.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from bot.memo import per_question

_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200b\u202f\u205f\u3000]+")
# A dash between words. The look-behind starts a match only at the first character of
# a run of white space, so a long run without a dash costs its length once, not its
# square (every regex here must stay linear: texts come from users).
_DASHES = re.compile(r"(?<!\s)\s+[-\u2010-\u2015\u2212]\s+")
_LONG_DASH = re.compile(r"[\u2012-\u2015\u2212]")
# Straight or curly double quotes around a phrase, with the seeds' stray space after
# the opening quote: " симбиот" / “симбиот” / „симбиот“ -> «симбиот» (``_requote``).
_OPENING = '"\u201c\u201e\u201f'
_CLOSING = '"\u201d\u201c'
_NOT_INSIDE = '"\u201c\u201d\u201e\u201f\n'  # a quoted phrase stays on one line

LOOKALIKES: dict[str, str] = {
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "k": "к", "m": "м",
    "t": "т", "h": "н", "b": "в",
}
"""The one table of look-alike letters: a lower-case Latin letter -> the Cyrillic letter it
stands for in a word typed with the wrong keyboard layout (``fold``, ``normalize_card_text``,
``as_latin``)."""
_LOOKALIKE = str.maketrans(LOOKALIKES)
_CYR_TO_LATIN = str.maketrans({cyr: lat for lat, cyr in LOOKALIKES.items()})
_CYR = re.compile(r"[а-яё]", re.IGNORECASE)
_LOOKALIKE_ANY = re.compile("[" + re.escape("".join(chr(k) for k in _LOOKALIKE)) + "]")
_OPEN_RE = re.compile("[" + re.escape(_OPENING) + "]")
_INSIDE_END_RE = re.compile("[" + re.escape(_NOT_INSIDE) + "]")


# Characters a user's text may carry that NFKC would turn into other words: «№» -> «No».
_NFKC_KEEP = frozenset("№")


_STRESS_MARKS = re.compile("[\u0300\u0301]")
"""Combining grave and acute: the stress marks of Russian text, never part of a word."""
_STRESSED = re.compile("[\u0450\u045d]")
"""«ѐ», «ѝ»: precomposed stressed е and и."""


@lru_cache(maxsize=2048)
def clean_user_text(text: str) -> str:
    """A question or search query as typed, with what the eye does not see removed.

    Invisible format characters (Unicode category Cf: zero-width space and joiners,
    word joiner, byte-order mark, soft hyphen, bidirectional marks) are dropped, so
    ``"сим\\u200bбиота"`` is the word «симбиота»; compatibility forms are folded by
    NFKC (full-width ``"Ｍожно？"`` -> ``"Можно?"``), except «№»; stress marks are
    dropped («симби́ота» -> «симбиота») and decomposed letters composed (NFC), other combining
    marks left over (overlays, «zalgo» text) dropped. Everything else —
    case, ё, quotes, dashes — is left for ``normalize_typography`` / ``fold``.
    """
    if text.isascii():
        return text
    if any(unicodedata.combining(ch) for ch in text) or _STRESSED.search(text):
        # stress marks («симби́ота», «ѐ») are dropped; decomposed letters (и + ˘ pasted from
        # an NFD source) are composed again, so «й» and «ё» stay one letter
        text = unicodedata.normalize("NFC", _STRESS_MARKS.sub("", unicodedata.normalize("NFD", text)))
        # a mark no letter composes with («М̴̛о̵ж̶н̷о», pasted «zalgo» text) is decoration, not part of the word
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.translate(_CLEAN_CHARS)


class _CleanChars(dict):
    """``str.translate`` table of ``clean_user_text``, filled as characters are met: a
    character below U+00A0 and «№» stay, a format character (Cf) is dropped, any other is
    its own NFKC form — the same per-character reading as a loop over the text, done in
    one C pass (a 500-character question took a Python call per letter). Holds at most
    ``_CLEAN_CHARS_MAX`` characters; rarer ones are read each time."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        if ch < "\u00a0" or ch in _NFKC_KEEP:
            out = ch
        elif unicodedata.category(ch) == "Cf":
            out = ""
        else:
            out = unicodedata.normalize("NFKC", ch)
        if len(self) < _CLEAN_CHARS_MAX:
            self[code] = out
        return out


_CLEAN_CHARS_MAX = 20_000
_CLEAN_CHARS = _CleanChars()


_LINE_SPACES = re.compile(r" *\n *")


@lru_cache(maxsize=4096)     # every reader of quotes and sentences normalises the same question
def normalize_typography(text: str) -> str:
    """One form of quotes, dashes and spaces; the words themselves unchanged.

    ``'особенность " Паразит" и “Симбиот”'`` -> ``'особенность «Паразит» и «Симбиот»'``;
    ``'A - B'``, ``'A — B'`` -> ``'A – B'``; runs of spaces -> one space.
    """
    s = text.replace("\r\n", "\n").replace("\r", "\n")
    s = _SPACES.sub(" ", s)
    s = _requote(s)
    s = s.replace("«\u00a0", "«").replace("\u00a0»", "»")
    s = _DASHES.sub(" – ", s)
    s = _LONG_DASH.sub("–", s)
    s = _LINE_SPACES.sub("\n", s)
    return s.strip()


def _requote(s: str) -> str:
    """Straight / curly double quotes around a phrase -> «phrase», in one left-to-right
    pass (linear time).

    A phrase opens at a quote of ``_OPENING``; white space after it (line breaks too)
    is dropped; the phrase runs up to the next character of ``_NOT_INSIDE``; white
    space at its end is dropped, and a closing quote of ``_CLOSING`` must follow,
    possibly after white space that crosses line breaks. Without a closing quote the
    opening one is left as it is. The same result as the regular expression
    ``["“„‟]\\s*([^"“”„‟\\n]*?)\\s*["”“]`` applied with ``re.sub``, which took
    quadratic time on a quote followed by many line breaks.
    """
    m = _OPEN_RE.search(s)
    if m is None:  # most texts: nothing to requote
        return s
    out: list[str] = []
    n = len(s)
    i = 0  # next character to copy
    pos = m.start()  # where to look for the next opening quote
    while pos < n:
        m = _OPEN_RE.search(s, pos)
        if m is None:
            break
        pos = m.start()
        j = pos + 1
        while j < n and s[j].isspace():
            j += 1
        end = _INSIDE_END_RE.search(s, j)
        e = end.start() if end else n
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


def _fold_word(m: re.Match) -> str:
    w = m.group(0)
    # Only words that already contain Cyrillic letters (or are a lone X/x, the
    # variable of card text) get their Latin look-alikes replaced.
    if _CYR.search(w) or w in ("x", "х"):
        return w.translate(_LOOKALIKE)
    return w


def fold(text: str) -> str:
    """Matching form: casefold, ё→е, Latin look-alikes inside Cyrillic words → Cyrillic,
    lone «X» → «х», typography normalised. Short texts (words, phrases of the lexicon,
    which the readers fold again and again) are remembered; long ones (a question, its
    sentences) for the current question only (``bot.memo``)."""
    if len(text) <= 120:
        return _fold_short(text)
    return _fold_long(text)


@lru_cache(maxsize=50_000)
def _fold_short(text: str) -> str:
    return _fold(text)


@per_question     # the readers ``ask`` tries one after another fold the same question (20 times a question)
def _fold_long(text: str) -> str:
    return _fold(text)


def as_latin(text: str) -> str:
    """``text`` with every lower-case Cyrillic letter of ``LOOKALIKES`` written as the Latin
    letter it looks like («5еd» with a Cyrillic «е» -> «5ed»; other characters kept): names
    typed in either layout compare equal once both sides are read this way (case them first)."""
    return text.translate(_CYR_TO_LATIN)


def _fold(text: str) -> str:
    s = normalize_typography(text).casefold().replace("ё", "е")
    if not _LOOKALIKE_ANY.search(s):  # no Latin look-alike letter: nothing to replace
        return s
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
_MIXED_WORD = re.compile(r"[A-Za-zА-Яа-яЁё]*[А-Яа-яЁё][A-Za-zА-Яа-яЁё]*[A-Za-z][A-Za-zА-Яа-яЁё]*|"
                         r"[A-Za-zА-Яа-яЁё]*[A-Za-z][A-Za-zА-Яа-яЁё]*[А-Яа-яЁё][A-Za-zА-Яа-яЁё]*")
_SCRIPT_SEAM = re.compile(r"[А-Яа-яЁё][A-Za-z]|[A-Za-z][А-Яа-яЁё]")
_LATIN_TO_CYR = str.maketrans({**LOOKALIKES, **{lat.upper(): cyr.upper() for lat, cyr in LOOKALIKES.items()}})
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BLANK_LINES = re.compile(r"\n(?:[^\S\n]*+\n){2,}+")
_SPACED_MINUS = re.compile(r"(?<!\s)(\s*+)[–-] (?=\d+ (?:к|от)\b)")
_MINUS = re.compile(r"(?<![\w–-])[–-](?=\d|X(?![A-Za-zА-Яа-яЁё]))")
_SPACED_COUNT = re.compile(r"(?<!\s)(\s*+)(X|\d+) (?=\{[a-z0-9_]+\}[{}a-z0-9_ ]*(\([^()\n]*\)\s*)?:)")


def _opens_sentence(m: re.Match) -> bool:
    """True when the match of ``_SPACED_MINUS`` / ``_SPACED_COUNT`` (group 1: the whole
    run of spaces before it) stands at the start of the text, of a line or of a sentence
    (after «.»). The patterns take a run of spaces whole, from its first character, so
    that thousands of line breaks cost one pass, not one pass each (``(^|[.\\n]\\s*)``
    was quadratic in them)."""
    at = m.start()
    return (at == 0 and not m.group(1)) or (at > 0 and m.string[at - 1] == ".") or "\n" in m.group(1)
# A straight quote left alone at the start or end of a seed example (" : Уничтожить …").
_STRAY_QUOTES = '"\u201c\u201d\u201e'
_LEADING_STRAY = re.compile(r'["\u201c\u201d\u201e]\s*')


@lru_cache(maxsize=1)
def _spelling() -> tuple[re.Pattern | None, dict[str, str], frozenset, re.Pattern | None]:
    """grammar/card_spelling.yaml ``variants`` as one alternation of whole words/phrases
    (longest first) and ``{folded variant: written form}``."""
    import yaml

    from bot.paths import grammar_dir

    try:
        data = yaml.safe_load((grammar_dir() / "card_spelling.yaml").read_text(encoding="utf-8")) or {}
    except OSError:
        return None, {}, frozenset(), None
    table = {" ".join(str(k).casefold().replace("ё", "е").split()): str(v) for k, v in (data.get("variants") or {}).items()}
    glued = [str(w).casefold() for w in data.get("glued_words") or ()]
    if not table and not glued:
        return None, {}, frozenset(), None
    alts = sorted(table, key=len, reverse=True)
    parts = ["(" + "|".join(r"\s+".join(map(re.escape, a.split())) for a in alts) + r")(?![А-Яа-яЁёA-Za-z-])"] if alts else []
    if glued:
        # a long header word glued to a short word is left («заклинаниене является атакой»: a
        # note, read as a name once split); a short conjunction before a preposition is split
        # («еслина кладбище»)
        parts.append("(" + "|".join(re.escape(w) + ("(?=[а-яё]{2})" if len(w) <= 5 else "(?=[а-яё]{3})")
                                    for w in glued) + r")([а-яё]+)")
    pat = re.compile(r"(?<![А-Яа-яЁёA-Za-z-])(?:" + "|".join(parts) + ")", re.I)
    # a cheap first look (``respell_card_words``): the one-word variants and the first two
    # words of the longer ones
    probe = frozenset(tuple(a.split()[:2]) if " " in a else a for a in alts)
    glued_probe = re.compile("(?:" + "|".join(map(re.escape, glued)) + ")[а-яё]{2}") if glued else None
    return pat, table, probe, glued_probe



@lru_cache(maxsize=5_000)
def _glued(word: str) -> bool:
    from bot.morph import analyzer

    return not analyzer().word_is_known(word.casefold())


def _respell(m: re.Match) -> str:
    if m.group(1) is None:     # a header word glued to the next one
        return m.group(2) + " " + m.group(3) if _glued(m.group(0)) else m.group(0)
    written = _spelling()[1][" ".join(m.group(1).casefold().split())]
    return written[:1].upper() + written[1:] if m.group(1)[:1].isupper() else written


_WRAP_HYPHEN = re.compile(r"(?<![А-Яа-яЁё-])([А-ЯЁа-яё][а-яё]+)-([а-яё]+)(?![А-Яа-яЁё-])")


@lru_cache(maxsize=20_000)
def _joined(left: str, right: str) -> str | None:
    """«против» + «ника» -> «противника» when the joined word is a dictionary word and the
    hyphenated one is not (a line-wrap hyphen); ``None`` otherwise."""
    from bot.morph import analyzer

    a = analyzer()
    whole = (left + right).casefold()
    if a.word_is_known(whole) and not a.word_is_known(f"{left}-{right}".casefold()):
        return left + right
    return None


def _unwrap(m: re.Match) -> str:
    return _joined(m.group(1), m.group(2)) or m.group(0)


_GLUED_NA = re.compile(r"(?<![А-Яа-яЁё])([А-Яа-яЁё]{3,})на(?= ?[+\-]?(?:\d|X\b))")


def _unglue_na(m: re.Match) -> str:
    """«ударна 2» -> «удар на 2»: a word glued to the «на» of an amount, when the word
    without «на» is a dictionary word and the glued one is not (or the word is an effect
    noun, bot.abilities.lexicon.EFFECT_NOUNS: «ударна» is also a short adjective)."""
    from bot.morph import analyzer

    from bot.abilities.lexicon import EFFECT_NOUNS, word_lemma

    a = analyzer()
    stem = m.group(1)
    if not a.word_is_known(stem.casefold()):
        return m.group(0)
    if a.word_is_known(stem.casefold() + "на") and word_lemma(stem) not in EFFECT_NOUNS:
        return m.group(0)     # «стена 2», «цена 2»; but «ударна 2» is «удар на 2»
    return stem + " на"


def respell_card_words(s: str) -> str:
    """Spelling variants of grammar/card_spelling.yaml replaced by the written form,
    line-wrap hyphens inside a word removed (``_joined``) and a word glued to the «на» of
    an amount split («ударна 2», ``_unglue_na``). Linear in the text's length."""
    pat, _, probe, glued = _spelling()
    if pat is not None:
        # a cheap first look (a superset of what the pattern matches): a variant's word (its
        # first two words) written as words, or a word opening with a glued header word
        low = s.casefold()
        words = _LETTERS.findall(low)
        if not probe.isdisjoint(words) or not probe.isdisjoint(zip(words, words[1:])) or (
                glued and glued.search(low)):
            s = pat.sub(_respell, s)
    if "-" in s and _HYPHEN_IN_WORD.search(s):
        s = _WRAP_HYPHEN.sub(_unwrap, s)
    if _GLUED_NA_PROBE.search(s):
        s = _GLUED_NA.sub(_unglue_na, s)
    if _GLUED_SENTENCE.search(s):
        # "…, дальность 4Имеет {tap}: …": a sentence glued to the end of the previous one
        s = _GLUED_SENTENCE.sub(_unglue_sentence, s)
    s = _LONG_WORD.sub(_unglue_words, s)
    return s


# a number or a lowercase word, then a capitalised word with no space or stop between
_GLUED_SENTENCE = re.compile(r"(?<![А-Яа-яЁё{}\w-])(\d+|[а-яё]{3,})([А-ЯЁ][а-яё]{2,})(?![А-Яа-яЁё-])")


def _unglue_sentence(m: re.Match) -> str:
    """«4Имеет» -> «4. Имеет», «ходаИмеет» -> «хода. Имеет» (when the capitalised word is a
    dictionary word and the glued whole is not a name written in camel case)."""
    from bot.morph import analyzer

    if not analyzer().word_is_known(m.group(2).casefold()):
        return m.group(0)
    if not m.group(1).isdigit() and not analyzer().word_is_known(m.group(1)):
        return m.group(0)
    return m.group(1) + ". " + m.group(2)


_LONG_WORD = re.compile(r"(?<![А-Яа-яЁё-])[а-яё]{8,}(?![А-Яа-яЁё-])")
# short words a database glues to the word before them («погружениина», «глубинуили»)
_GLUED_TAILS = ("или", "на", "и", "в", "по", "от", "к", "с")


@lru_cache(maxsize=20_000)
def _unglue_word(word: str) -> str:
    """«погружениина» -> «погружении на», «глубинуили» -> «глубину или», «поверхностьранить» ->
    «поверхность ранить»: a word the dictionary does not know that is two words it knows
    written together (a short function word after a word of 4+ letters, or two long words:
    6+ letters, then 5+, so that a game word the dictionary lacks, «небестелесное»,
    «добивание», is not cut); the word unchanged otherwise."""
    from bot.morph import analyzer

    a = analyzer()
    if a.word_is_known(word):
        return word
    if word[0] in "квс" and len(word) >= 8 and a.word_is_known(word[1:]):
        return word[0] + " " + word[1:]     # "+1 квыстрелу": a preposition glued to the word after it
    for tail in _GLUED_TAILS:
        if word.endswith(tail) and len(word) - len(tail) >= 4 and a.word_is_known(word[:-len(tail)]):
            return word[:-len(tail)] + " " + tail
    splits = [k for k in range(6, len(word) - 4) if a.word_is_known(word[:k]) and a.word_is_known(word[k:])]
    if len(splits) == 1:
        return word[:splits[0]] + " " + word[splits[0]:]
    return word


def _unglue_words(m: re.Match) -> str:
    out = _unglue_word(m.group(0))
    if out != m.group(0) and m.string.startswith(out.rsplit(" ", 1)[-1] + " ", m.end() + 1):
        return m.group(0)   # "существас с …": the tail word is written after it as well (a typo, not glue)
    return out


_HYPHEN_IN_WORD = re.compile(r"[а-яё]-[а-яё]")
_LETTERS = re.compile(r"[а-яёa-z]+")
_GLUED_NA_PROBE = re.compile(r"[а-яё]на ?[+\-]?[\dX]")


def _strip_stray_quotes(s: str) -> str:
    """A straight or curly quote alone at the start (with the white space after it) and
    at the end (with the white space before it) removed, in linear time; the same as
    ``re.sub(r'^["“”„]\\s*|\\s*["“”„]$', "", s)``, whose second branch was quadratic on
    a long run of line breaks."""
    m = _LEADING_STRAY.match(s)
    start = m.end() if m else 0
    tail = "\n" if s.endswith("\n") and len(s) - 1 > start and s[-2] in _STRAY_QUOTES else ""  # «$» before a final \n
    end = len(s) - len(tail)
    if end > start and s[end - 1] in _STRAY_QUOTES:
        end -= 1
        while end > start and s[end - 1].isspace():
            end -= 1
    return s[start:end] + tail


def normalize_card_text(text: str) -> str:
    """The form of a card text the grammar reads (``bot.abilities.parser``).

    ``normalize_typography`` plus: ё -> е, the variable Х/x -> ``X``, ``[:tap]`` and
    ``{TAP}`` -> ``{tap}``, a hyphen glued to one word between words -> «–», a stray
    quote at either end (or a pair around the whole text) removed, spaces before
    ``, ; : .`` removed, a line break right after «–» or «:» joined, three or more line
    breaks in a row made one blank line, an erratum stamp
    «[Эррата …]» before the text dropped. Offsets of the result are what AST spans refer to.
    """
    # control characters a database left in the text («…(1 раз за ход)\x01») are not text;
    # «ー» (a katakana long-vowel mark) stands for a dash
    s = _CONTROL.sub("", text).replace("ー", "–").strip()
    # three or more line breaks in a row (blank lines between them) read as one blank line:
    # the grammar's lexer takes a line break at a time, and each costs a scan of the run
    s = _BLANK_LINES.sub("\n\n", s)
    # a database's erratum stamp before the text ("[Эррата 2023.04.08]При …") is not card text
    s = re.sub(r"^\[\s*[Ээ]ррата[^\]\n]*\]\s*", "", s)
    # A whole text wrapped in one pair of quotes (seed examples: " : Уничтожить …").
    if len(s) > 1 and s[0] in '"\u201c\u201e«' and s[-1] in '"\u201c\u201d»' and not re.search('["\u201c\u201d\u201e«»]', s[1:-1]):
        s = s[1:-1]
    s = normalize_typography(s)
    s = _strip_stray_quotes(s)
    s = s.replace("ё", "е").replace("Ё", "Е")
    s = respell_card_words(s)
    s = _BRACKET_ICON.sub(_bracket_icon, s)
    s = re.sub(r"\{([A-Za-z0-9_]+)\}", lambda m: "{" + m.group(1).lower() + "}", s)
    # a dash glued to one word: "При гибели- ранить", "При гибели -ранить"
    s = re.sub(r"(?<=[А-Яа-яЁёA-Za-z»)])-(?= )|(?<= )-(?=[А-Яа-яЁёA-Za-z«])", "–", s)
    # Latin look-alike letters inside a Cyrillic word ("Cтрой" with a Latin C)
    if _SCRIPT_SEAM.search(s):   # a mixed word has a Cyrillic letter next to a Latin one
        s = _MIXED_WORD.sub(lambda m: m.group(0).translate(_LATIN_TO_CYR) if _CYR.search(m.group(0)) else m.group(0), s)
    s = _VARIABLE.sub("X", s)
    # a minus glued to a number or the variable is a sign, not a dash: "–1 от {strike}",
    # "получить −1 к разряду", "-X к удару" (a range "1-2-3" keeps its hyphens)
    s = _MINUS.sub("-", s)
    # "- 2 к {strike}" opening a sentence: a minus with a space before its number
    s = _SPACED_MINUS.sub(lambda m: m.group(1) + "-" if _opens_sentence(m) else m.group(0), s)
    # "X {counter}{tap}:" / "3 {token} {tap}:" opening an ability: the count is glued to
    # its icon (only at the start of a sentence or line: "ранить на 1 {tap}: …" keeps it)
    s = _SPACED_COUNT.sub(lambda m: m.group(1) + m.group(2) if _opens_sentence(m) else m.group(0), s)
    s = re.sub(r" +([,;:.])", r"\1", s)
    s = re.sub(r"([–:])\n", r"\1 ", s)  # a header dash or cost colon ends no line
    return s.strip()


def quoted_spans(text: str, closers: dict[str, str], min_inside: int = 0) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of quoted phrases in ``text``, left to right, in linear time.

    A phrase opens at a key of ``closers`` and ends at the first later character of its
    value (the closing quotes of that opener), with at least ``min_inside`` characters
    between; spans do not overlap. The same spans as ``re.finditer`` of a pattern such
    as ``«[^»]*»|"[^"]*"`` (``min_inside`` 0) or ``[«"]([^»"]+)[»"]`` (1) — which take
    quadratic time on a run of opening quotes with no closing one after them: here an
    opener with no closer ahead is looked for once.
    """
    out: list[tuple[int, int]] = []
    dead: set[str] = set()  # openers with no closer anywhere ahead
    if not closers:
        return out
    openers = _chars_re("".join(closers))
    i = 0
    while (m := openers.search(text, i)) is not None:     # the next opener (the scan runs in C)
        i = m.start()
        ch = text[i]
        if ch not in dead:
            c = _chars_re(closers[ch]).search(text, i + 1)
            if c is None:
                dead.add(ch)
            elif c.start() - i - 1 >= min_inside:
                out.append((i, c.start() + 1))
                i = c.start() + 1
                continue
        i += 1
    return out


CHAT_QUOTES = {"«": "»", '"': '"', "“": "”"}
"""The quote pairs of a chat message (``«[^»]*»|"[^"]*"|“[^”]*”``)."""


def replace_quoted(text: str, repl, closers: dict[str, str] = CHAT_QUOTES) -> str:
    """``text`` with each quoted phrase of ``quoted_spans`` (quote marks included) replaced by
    ``repl(phrase)`` — ``re.sub`` of ``«[^»]*»|"[^"]*"|“[^”]*”`` in linear time (the regex took
    quadratic time on a run of «««… with no closing quote: 20,000 of them, 4 s)."""
    spans = quoted_spans(text, closers)
    if not spans:
        return text
    out, at = [], 0
    for a, b in spans:
        out += (text[at:a], repl(text[a:b]))
        at = b
    out.append(text[at:])
    return "".join(out)


@lru_cache(maxsize=64)
def _chars_re(chars: str) -> re.Pattern:
    """A pattern matching any one of ``chars``."""
    return re.compile("[" + "".join(re.escape(c) for c in dict.fromkeys(chars)) + "]")


def clip(text: str, limit: int = 80) -> str:
    """``text`` for echoing in a message: at most ``limit`` characters, cut ones
    replaced by «…» (line breaks shown as spaces), so that a 90 KB input does not
    come back whole in an error message."""
    flat = " ".join(text.split()) if ("\n" in text or "\r" in text) else text
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
