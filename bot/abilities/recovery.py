"""Honest partial reading of card text the grammar does not accept as a whole.

When the whole text fails, each sentence (or line) is read on its own; a sentence
that fails keeps its longest part that ends before a connective or an unknown sign,
and the rest becomes an ``Unparsed`` span with a Russian reason. Afterwards
``leftover_connectives`` flags any 505 connective phrase no node represents.
"""

from __future__ import annotations

import bisect
import re

from lark import Token
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from bot.abilities.ast import Node, Unparsed
from bot.abilities.grammar import load, read, shift
from bot.abilities.postlex import TooComplex

# What a terminal is, in Russian, for messages about what was expected.
TERMINAL_NAMES = {
    "WORD": "слово", "NUMBER": "число", "ICON": "значок {…}", "QUOTED": "название в «»",
    "PAREN": "скобки", "PUNCT": "знак", "COMMA": "запятая", "COLON": "двоеточие",
    "SEMI": "«;»", "DASH": "тире «–»", "AND_THEN": "«, при этом»", "LIBO": "«, либо»",
    "ILI_V": "«или»", "AND_V": "«и»", "MAY_V": "«может»", "OTHERWISE": "«в противном случае»",
    "REFUSE": "«если противник не может или не хочет»", "COST": "оплата «{…}:»",
    "LIMIT": "ограничение «(… раз за ход)»", "LIMIT_HEAD": "ограничение «Раз в ход:»", "TRIGGER_KW": "условие срабатывания",
    "CONDITION_KW": "условие", "NAMED_KW": "«Воздействие»/«Заклинание»",
    "HEAD_END": "тире «–» после условия", "_END": "конец предложения", "$END": "конец текста",
}


_EXPECTED_ORDER = ("WORD", "HEAD_END", "_END", "$END", "NUMBER", "ICON", "QUOTED", "DASH", "SEMI", "AND_THEN")


def _name(term: str) -> str:
    return TERMINAL_NAMES.get(term, term)


def expected_names(terms) -> list[str]:
    """Russian names of the expected terminals, the most telling first."""
    order = {t: i for i, t in enumerate(_EXPECTED_ORDER)}
    names = []
    for t in sorted(set(terms or ()), key=lambda t: (order.get(t, 99), t)):
        if _name(t) not in names:
            names.append(_name(t))
    return names


# ---- sentences for the fallback -----------------------------------------------------------
# ". При этом …", ". В противном случае …", ". Если противник не может …" continue the sentence
_JOINS_AFTER_DOT = re.compile(r"\s*(при\s+этом|в\s+противном\s+случае|если\s+противник\s+не\s+может\s+или)\b", re.I)


def sentences(text: str) -> list[tuple[int, int]]:
    """Spans of sentences/lines (split at «.» and line breaks outside «» and ())."""
    spans, start, q, p = [], 0, 0, 0
    for i, ch in enumerate(text):
        if ch == "«":
            q += 1
        elif ch == "»":
            q = max(0, q - 1)
        elif ch == "(":
            p += 1
        elif ch == ")":
            p = max(0, p - 1)
        elif ch in ".\n" and q == 0 and p == 0 and not (ch == "." and _JOINS_AFTER_DOT.match(text, i + 1)):
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def reason(err: Exception, text: str, offset: int) -> str:
    """A short Russian reason for a sentence that did not parse."""
    if isinstance(err, TooComplex):
        return f"слишком сложное предложение: {err}"
    if isinstance(err, RecursionError):
        return "слишком глубокая вложенность"
    if isinstance(err, UnexpectedCharacters):
        ch = text[offset + err.pos_in_stream] if offset + err.pos_in_stream < len(text) else "?"
        return f"неизвестный знак «{ch}»"
    exp = expected_names(getattr(err, "expected", ()))
    if isinstance(err, UnexpectedToken) and err.token.type == "COST":
        return (f"оплата «{err.token.value.rstrip(':').strip()}:» не в начале особенности "
                "(она пишется в начале или сразу после условия)")
    if "HEAD_END" in (getattr(err, "expected", ()) or ()):
        return "не найден конец условия (ожидалось тире «–» или двоеточие)"
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return "текст оборвался" + (f", ожидалось: {', '.join(exp[:3])}" if exp else "")
    if isinstance(err, UnexpectedToken):
        tok = err.token
        what = " ".join(tok.value.split()) if tok.value.strip() else _name(tok.type)
        return f"неожиданное «{what}», ожидалось: {', '.join(exp[:3])}"
    return "не удалось разобрать"


def error_pos(err: Exception, offset: int, length: int) -> int:
    """Offset in the normalised text where reading stopped."""
    if isinstance(err, (UnexpectedCharacters, TooComplex)):
        return offset + err.pos_in_stream
    tok = getattr(err, "token", None)
    if isinstance(tok, Token) and tok.type != "$END" and tok.start_pos is not None:
        return offset + tok.start_pos
    return offset + length


_EQUIV = str.maketrans({"—": "–", "-": "–", "‒": "–", "―": "–", "−": "–", '"': "«", "“": "«", "„": "«",
                        "”": "»", "ё": "е", "Ё": "Е", "Х": "X", "х": "X", "x": "X", "[": "{", "]": "}"})


def to_original(pos: int, raw: str, norm: str) -> int:
    """Map an offset in the normalised text back to the text as given (best effort,
    linear: the normalisation only collapses spaces and replaces a few signs)."""
    j = 0
    for i in range(min(pos + 1, len(norm))):
        c = norm[i].translate(_EQUIV)
        for k in range(j, min(len(raw), j + 8)):
            r = raw[k].translate(_EQUIV)
            if r == c or (c == "»" and r == "«"):
                if i == pos:
                    return k
                j = k + 1
                break
    return min(j, len(raw))


# Tokens before which a failed sentence may be cut (the connectives and commas).
_CUT_TYPES = frozenset({"REFUSE", "OTHERWISE", "AND_THEN", "LIBO", "SEMI", "DASH", "ILI", "AND", "COMMA",
                        "COLON", "MAY", "COST"})
_MAX_CUTS = 6


def _cut_points(chunk: str, error_at: int) -> list[int]:
    """Start offsets of connective tokens (and of an unknown sign) up to ``error_at``."""
    cuts: list[int] = []
    try:
        for tok in load().lex(chunk, dont_ignore=False):
            if tok.start_pos > error_at:
                break
            if tok.type in _CUT_TYPES:
                cuts.append(tok.start_pos)
    except UnexpectedInput as err:
        cuts.append(getattr(err, "pos_in_stream", error_at) or error_at)
    except Exception:  # noqa: BLE001
        pass
    return cuts


def _parse_prefix(chunk: str, error_at: int) -> tuple[Node, int] | None:
    """The longest part of a failed sentence that ends before a connective (or an
    unknown sign) at or before ``error_at`` and parses on its own: ``(node, cut)``."""
    cuts = sorted(set(_cut_points(chunk, error_at)))
    for cut in reversed(cuts[-_MAX_CUTS:]):
        if not chunk[:cut].strip():
            continue
        try:
            return read(chunk[:cut].rstrip(), "sentence"), cut
        except (LarkError, RecursionError):
            continue
        except Exception:  # noqa: BLE001
            return None
    return None


# Connective phrases of 505 and the node that must represent each of them.
_LEFTOVER = re.compile(r"(?P<refusable>не\s+(может\s+или\s+не\s+хочет|хочет\s+или\s+не\s+может))"
                       r"|(?P<otherwise>в\s+противном\s+случае|(?<=[,;] )иначе\b)|(?P<and_then>(?<=[,;] )при\s+этом|при\s+этом(?!\s*[.)\n]|\s*$))", re.I)


_GRANTED = re.compile(r"(\{[a-z0-9_]+\}\s*){1,16}:")
"""A granted ability's cost («получает {tap}: …»); at most 16 icons, as the grammar's COST: an
unbounded run made a search over thousands of icons without a colon quadratic."""


def leftover_connectives(norm: str, ast: Node, unparsed: list[Unparsed]) -> list[Unparsed]:
    """Connective phrases (505.4, 505.6, 505.7) of the text that no node represents —
    i.e. that do not stand between two children of a node of their kind (they ended up
    inside an effect, a header, or split by another reading). Each makes the result
    incomplete."""
    out = []
    # the gaps between neighbouring children, per node kind, sorted by start
    gaps: dict[str, list[tuple[int, int]]] = {}
    for n in ast.walk():
        if n.kind in ("refusable", "otherwise", "and_then"):
            gaps.setdefault(n.kind, []).extend((a.span[1], b.span[0]) for a, b in zip(n.children, n.children[1:]))
    for g in gaps.values():
        g.sort()
    parens = [(p.start(), p.end()) for p in re.finditer(r"\([^()\n]*\)|«[^«»\n]*»", norm)]
    # a granted ability ("получает {tap}: A, при этом B") is one leaf: its connectives are its own
    parens += [(n.span[0] + g.end() - 1, n.span[1] + 1) for n in ast.walk() if n.kind == "effect"
               for g in [_GRANTED.search(n.text)] if g]
    for m in _LEFTOVER.finditer(norm):
        s, e = m.span()
        if any(u.span[0] <= s and e <= u.span[1] for u in unparsed):
            continue
        if any(a < s and e < b for a, b in parens):
            continue   # a note in parentheses ("(при этом – закрывается)") is part of its effect
        g = gaps.get(m.lastgroup, [])
        k = bisect.bisect_right(g, (s, float("inf"))) - 1   # the last gap starting at or before s
        ok = k >= 0 and e <= g[k][1]
        if not ok:
            out.append(Unparsed((s, e), norm[s:e], f"связка «{norm[s:e]}» не разобрана как составная особенность (505)"))
    return out




def read_by_sentence(norm: str) -> tuple[list[Node], list[Unparsed], tuple[int, Exception] | None]:
    """Read ``norm`` sentence by sentence: ``(nodes, unparsed, first_error)`` where
    ``first_error`` is ``(offset in norm, error)`` of the first failure, if any."""
    nodes: list[Node] = []
    unparsed: list[Unparsed] = []
    first_error = None
    for s, e in sentences(norm):
        chunk = norm[s:e]
        try:
            nodes.append(shift(read(chunk, "sentence"), s, norm))
        except (LarkError, RecursionError) as err:
            at = error_pos(err, 0, len(chunk))
            if first_error is None:
                first_error = (s + at, err)
            head = None if isinstance(err, (TooComplex, RecursionError)) else _parse_prefix(chunk, at)
            if head is not None:
                node, cut = head
                nodes.append(shift(node, s, norm))
                rest = cut
                while rest < len(chunk) and chunk[rest] == " ":
                    rest += 1
                unparsed.append(Unparsed((s + rest, e), chunk[rest:], reason(err, norm, s)))
            else:
                unparsed.append(Unparsed((s, e), chunk, reason(err, norm, s)))
        except Exception as err:  # noqa: BLE001 — never crash on card text
            unparsed.append(Unparsed((s, e), chunk, f"внутренняя ошибка разбора: {type(err).__name__}"))
    return nodes, unparsed, first_error
