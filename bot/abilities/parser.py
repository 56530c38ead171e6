"""Card text -> AST: ``parse(text) -> ParseResult`` (grammar/card.lark, paragraph 505).

Pipeline: ``bot.textnorm.normalize_card_text`` -> Lark lexer (grammar/terminals.lark)
-> ``CardPostLex`` (which words are connectives) -> LALR parser (grammar/card.lark)
-> ``ToAst`` (frozen ``Node``s). When the whole text does not parse, each sentence
(or line) is parsed on its own; what still fails is reported in ``unparsed`` and the
result is ``complete=False`` — nothing is dropped silently.

Also the command-line and chat faces: ``parse_answer(text) -> Answer`` and
``run_parse(args)`` (``berserk-judge parse TEXT [--json]`` / ``parse --file F``).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from functools import lru_cache
from typing import Any

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from bot.abilities.ast import Node, ParseResult, Unparsed
from bot.abilities.postlex import CardPostLex, TooComplex
from bot.abilities.transform import ToAst
from bot.answer import Answer, Block
from bot.errors import ParseError
from bot.paths import grammar_dir
from bot.textnorm import normalize_card_text

MAX_LENGTH = 20_000
"""Longest text accepted (characters); the longest real card text is well under 1,000."""

# What a terminal is, in Russian, for messages about what was expected.
TERMINAL_NAMES = {
    "WORD": "слово", "NUMBER": "число", "ICON": "значок {…}", "QUOTED": "название в «»",
    "PAREN": "скобки", "PUNCT": "знак", "COMMA": "запятая", "COLON": "двоеточие",
    "SEMI": "«;»", "DASH": "тире «–»", "AND_THEN": "«, при этом»", "LIBO": "«, либо»",
    "ILI_V": "«или»", "AND_V": "«и»", "MAY_V": "«может»", "OTHERWISE": "«в противном случае»",
    "REFUSE": "«если противник не может или не хочет»", "COST": "оплата «{…}:»",
    "LIMIT": "ограничение «(… раз за ход)»", "TRIGGER_KW": "условие срабатывания",
    "CONDITION_KW": "условие", "NAMED_KW": "«Воздействие»/«Заклинание»",
    "HEAD_END": "тире «–» после условия", "_END": "конец предложения", "$END": "конец текста",
}


_EXPECTED_ORDER = ("WORD", "HEAD_END", "_END", "$END", "NUMBER", "ICON", "QUOTED", "DASH", "SEMI", "AND_THEN")


def _name(term: str) -> str:
    return TERMINAL_NAMES.get(term, term)


def _expected(terms) -> list[str]:
    """Russian names of the expected terminals, the most telling first."""
    order = {t: i for i, t in enumerate(_EXPECTED_ORDER)}
    names = []
    for t in sorted(set(terms or ()), key=lambda t: (order.get(t, 99), t)):
        if _name(t) not in names:
            names.append(_name(t))
    return names


@lru_cache(maxsize=1)
def _lark() -> Lark:
    """The card grammar, loaded once (LALR, positions propagated)."""
    return Lark.open(
        str(grammar_dir() / "card.lark"),
        parser="lalr",
        lexer="basic",
        start=["card", "sentence"],
        postlex=CardPostLex(),
        propagate_positions=True,
        maybe_placeholders=False,
    )


# ---- input checks (ParseError) --------------------------------------------------------
def _check_input(raw: str) -> None:
    if not isinstance(raw, str):
        raise ParseError("Ожидался текст карты (строка).", 0, "текст карты")
    if len(raw) > MAX_LENGTH:
        raise ParseError(
            f"Текст слишком длинный для текста карты: {len(raw)} символов (не больше {MAX_LENGTH}).",
            MAX_LENGTH, "текст карты не длиннее нескольких тысяч символов")
    if not raw.strip():
        raise ParseError("Пустой текст: нечего разбирать.", 0, "текст особенности карты")
    m = re.search(r"[А-Яа-яЁё]", raw)
    if not m:
        first = re.search(r"\S", raw)
        raise ParseError("Это не текст карты: в нём нет ни одного русского слова.",
                         first.start() if first else 0, "русский текст особенности")
    depth, opened = 0, []
    for i, ch in enumerate(raw):
        if ch == "«":
            opened.append(i)
        elif ch == "»":
            if not opened:
                raise ParseError(f"Непарная кавычка «»» в позиции {i}: нет открывающей «.", i, "«")
            opened.pop()
    if opened:
        i = opened[-1]
        raise ParseError(f"Непарная кавычка «««» в позиции {i}: нет закрывающей ».", i, "»")


# ---- sentences for the fallback -----------------------------------------------------------
# ". При этом …", ". В противном случае …", ". Если противник не может …" continue the sentence
_JOINS_AFTER_DOT = re.compile(r"\s*(при\s+этом|в\s+противном\s+случае|если\s+противник\s+не\s+может\s+или)\b", re.I)


def _sentences(text: str) -> list[tuple[int, int]]:
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


def _reason(err: Exception, text: str, offset: int) -> str:
    """A short Russian reason for a sentence that did not parse."""
    if isinstance(err, TooComplex):
        return f"слишком сложное предложение: {err}"
    if isinstance(err, RecursionError):
        return "слишком глубокая вложенность"
    if isinstance(err, UnexpectedCharacters):
        ch = text[offset + err.pos_in_stream] if offset + err.pos_in_stream < len(text) else "?"
        return f"неизвестный знак «{ch}»"
    exp = _expected(getattr(err, "expected", ()))
    if "HEAD_END" in (getattr(err, "expected", ()) or ()):
        return "не найден конец условия (ожидалось тире «–» или двоеточие)"
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return "текст оборвался" + (f", ожидалось: {', '.join(exp[:3])}" if exp else "")
    if isinstance(err, UnexpectedToken):
        tok = err.token
        what = " ".join(tok.value.split()) if tok.value.strip() else _name(tok.type)
        return f"неожиданное «{what}», ожидалось: {', '.join(exp[:3])}"
    return "не удалось разобрать"


def _error_pos(err: Exception, offset: int, length: int) -> int:
    """Offset in the normalised text where reading stopped."""
    if isinstance(err, (UnexpectedCharacters, TooComplex)):
        return offset + err.pos_in_stream
    tok = getattr(err, "token", None)
    if isinstance(tok, Token) and tok.type != "$END" and tok.start_pos is not None:
        return offset + tok.start_pos
    return offset + length


_EQUIV = str.maketrans({"—": "–", "-": "–", "‒": "–", "―": "–", "−": "–", '"': "«", "“": "«", "„": "«",
                        "”": "»", "ё": "е", "Ё": "Е", "Х": "X", "х": "X", "x": "X", "[": "{", "]": "}"})


def _to_original(pos: int, raw: str, norm: str) -> int:
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


def _parse_one(text: str, start: str) -> Node:
    tree = _lark().parse(text, start=start)
    return ToAst(text).transform(tree)


def _shift(node: Node, offset: int, text: str) -> Node:
    """The same node with spans moved by ``offset`` into the full ``text``."""
    s, e = node.span[0] + offset, node.span[1] + offset
    return Node(node.kind, node.rule, (s, e), text[s:e],
                tuple(_shift(c, offset, text) for c in node.children), node.attrs)


# Tokens before which a failed sentence may be cut (the connectives and commas).
_CUT_TYPES = frozenset({"REFUSE", "OTHERWISE", "AND_THEN", "LIBO", "SEMI", "DASH", "ILI", "AND", "COMMA",
                        "COLON", "MAY"})
_MAX_CUTS = 6


def _cut_points(chunk: str, error_at: int) -> list[int]:
    """Start offsets of connective tokens (and of an unknown sign) up to ``error_at``."""
    cuts: list[int] = []
    try:
        for tok in _lark().lex(chunk, dont_ignore=False):
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
            return _parse_one(chunk[:cut].rstrip(), "sentence"), cut
        except (LarkError, RecursionError):
            continue
        except Exception:  # noqa: BLE001
            return None
    return None


# Connective phrases of 505 and the node that must represent each of them.
_LEFTOVER = re.compile(r"(?P<refusable>не\s+(может\s+или\s+не\s+хочет|хочет\s+или\s+не\s+может))"
                       r"|(?P<otherwise>в\s+противном\s+случае)|(?P<and_then>при\s+этом)", re.I)


def _leftover_connectives(norm: str, ast: Node, unparsed: list[Unparsed]) -> list[Unparsed]:
    """Connective phrases (505.4, 505.6, 505.7) of the text that no node represents —
    i.e. that do not stand between two children of a node of their kind (they ended up
    inside an effect, a header, or split by another reading). Each makes the result
    incomplete."""
    out = []
    nodes = list(ast.walk())
    for m in _LEFTOVER.finditer(norm):
        s, e = m.span()
        if any(u.span[0] <= s and e <= u.span[1] for u in unparsed):
            continue
        kind = m.lastgroup
        ok = any(n.kind == kind and any(a.span[1] <= s and e <= b.span[0]
                                        for a, b in zip(n.children, n.children[1:]))
                 for n in nodes)
        if not ok:
            out.append(Unparsed((s, e), norm[s:e], f"связка «{norm[s:e]}» не разобрана как составная особенность (505)"))
    return out


def _result(norm: str, ast: Node, unparsed: list[Unparsed]) -> ParseResult:
    unparsed = sorted(unparsed + _leftover_connectives(norm, ast, unparsed), key=lambda u: u.span)
    return ParseResult(norm, not unparsed, ast, tuple(unparsed))


def parse(text: str) -> ParseResult:
    """Read one card text (one or several abilities) into an AST.

    Returns ``ParseResult(text, complete, ast, unparsed)``: ``text`` is the normalised
    text all spans refer to; ``complete`` is False when some sentence could not be read
    (it is then listed in ``unparsed`` with a Russian reason). Compound nodes cite
    505.4–505.9, see bot/abilities/transform.py.

    Raises ``ParseError`` (a ``ValueError``) for input that is not card text: empty,
    without Russian words, unbalanced «», longer than ``MAX_LENGTH``, or with no part
    readable at all. Nothing else is raised.
    """
    _check_input(text)
    norm = normalize_card_text(text)
    try:
        return _result(norm, _parse_one(norm, "card"), [])
    except (LarkError, RecursionError):
        pass
    except Exception:  # noqa: BLE001 — never crash on card text; fall back per sentence
        pass
    nodes: list[Node] = []
    unparsed: list[Unparsed] = []
    first_error = None
    for s, e in _sentences(norm):
        chunk = norm[s:e]
        try:
            nodes.append(_shift(_parse_one(chunk, "sentence"), s, norm))
        except (LarkError, RecursionError) as err:
            at = _error_pos(err, 0, len(chunk))
            if first_error is None:
                first_error = (s + at, err)
            head = None if isinstance(err, (TooComplex, RecursionError)) else _parse_prefix(chunk, at)
            if head is not None:
                node, cut = head
                nodes.append(_shift(node, s, norm))
                rest = cut
                while rest < len(chunk) and chunk[rest] == " ":
                    rest += 1
                unparsed.append(Unparsed((s + rest, e), chunk[rest:], _reason(err, norm, s)))
            else:
                unparsed.append(Unparsed((s, e), chunk, _reason(err, norm, s)))
        except Exception as err:  # noqa: BLE001
            unparsed.append(Unparsed((s, e), chunk, f"внутренняя ошибка разбора: {type(err).__name__}"))
    if not nodes:
        u = unparsed[0] if unparsed else Unparsed((0, len(norm)), norm, "не найдено ни одной особенности")
        pos = _to_original(first_error[0], text, norm) if first_error else 0
        exp = _expected(getattr(first_error[1], "expected", ())) if first_error else []
        raise ParseError(f"Не удалось прочитать текст карты (позиция {pos}): {u.reason}.",
                         pos, ", ".join(exp[:3]) or "особенность карты")
    if len(nodes) == 1:
        ast = nodes[0]
    else:
        s, e = nodes[0].span[0], nodes[-1].span[1]
        ast = Node("card", None, (s, e), norm[s:e], tuple(nodes))
    return _result(norm, ast, unparsed)


# ---- readable tree ------------------------------------------------------------------------
_ATTR_NAMES = {"self_source": "источник платит собой (505.9)", "limit": "ограничение",
               "keyword": "ключевое слово", "value": "значение", "icons": "значки",
               "variable": "переменная", "head": "условие", "name": "название",
               "effect_kind": "вид", "note": "пояснение"}


def format_tree(node: Node, indent: int = 0) -> str:
    """Indented tree, one node per line: kind, paragraph(s), attributes, text."""
    rules = [r for r in (node.rule, *(node.attr("rules") or ())) if r]
    parts = [node.kind]
    if rules:
        parts.append("[" + ", ".join(rules) + "]")
    for k, v in node.attrs:
        if k == "rules":
            continue
        if isinstance(v, tuple):
            v = (" ".join("{" + x + "}" for x in v) or "не указаны") if k == "icons" else ", ".join(map(str, v))
        parts.append(f"{_ATTR_NAMES.get(k, k)}: {v}" if v is not True else _ATTR_NAMES.get(k, k))
    line = "  " * indent + " ".join(parts[:1]) + (" " + " ".join(parts[1:2]) if rules else "")
    extras = parts[2:] if rules else parts[1:]
    if extras:
        line += " (" + "; ".join(extras) + ")"
    if node.kind == "effect" or not node.children:
        line += f" «{node.text}»"
    lines = [line]
    for c in node.children:
        lines.append(format_tree(c, indent + 1))
    return "\n".join(lines)


def format_result(res: ParseResult) -> str:
    """The tree plus the verdict line and any unparsed parts."""
    head = "Разобрано полностью." if res.complete else "Разобрано частично."
    out = [head, format_tree(res.ast) if res.ast else "(нет дерева)"]
    for u in res.unparsed:
        out.append(f"Не разобрано [{u.span[0]}:{u.span[1]}] «{u.text}»" + (f": {u.reason}" if u.reason else ""))
    return "\n".join(out)


def parse_answer(text: str) -> Answer:
    """Route "parse": the tree as a ``code`` block, citations = the paragraphs of the tree.

    A ``ParseError`` becomes a ``note`` block with its Russian message (never raised).
    """
    try:
        res = parse(text)
    except ParseError as err:
        return Answer(question=text, route="parse", verdict=None,
                      blocks=[Block("note", str(err), title="Не удалось разобрать текст карты")],
                      trace=[f"ошибка разбора в позиции {err.position}: ожидалось {err.expected}"])
    blocks = [Block("code", format_tree(res.ast), title="Дерево особенности (505)")]
    if not res.complete:
        blocks.append(Block("note", "Не разобрано: " + "; ".join(
            f"«{u.text}»" + (f" ({u.reason})" if u.reason else "") for u in res.unparsed)))
    citations = res.ast.rules() if res.ast else []
    return Answer(question=text, route="parse",
                  verdict="разобрано полностью" if res.complete else "разобрано частично",
                  blocks=blocks, citations=citations,
                  trace=[f"{n.kind}: {n.rule}" for n in res.ast.walk() if n.rule] if res.ast else [])


# ---- command line ------------------------------------------------------------------------
def _error_json(text: str, err: ParseError) -> dict[str, Any]:
    return {"text": text, "error": {"message": str(err), "position": err.position, "expected": err.expected}}


def _reason_kind(reason: str) -> str:
    """Group reasons for the summary: drop the quoted specifics."""
    return re.sub(r"«[^»]*»", "«…»", reason).split(",")[0]


def run_parse(args) -> int:
    """``parse TEXT [--json]``: the tree (or JSON ``{text, complete, ast, unparsed}``);
    exit 0, or 1 with a Russian message on stderr for a ``ParseError``.

    ``parse --file F``: one card text per line (``\\n`` inside a text written as the two
    characters ``\\n``; empty lines and lines starting with ``#`` skipped); stdout gets
    one JSON object per line (``{text, error}`` for a ``ParseError``); the summary
    (complete / partial / failed and the top reasons of partial parses) goes to stderr.
    Exit 0 when the file was read.
    """
    out = sys.stdout
    if getattr(args, "file", None):
        try:
            with open(args.file, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError as err:
            sys.stderr.write(f"Не удалось открыть файл {args.file}: {err.strerror}\n")
            return 1
        counts = Counter()
        reasons = Counter()
        for line in lines:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            text = line.replace("\\n", "\n")
            try:
                res = parse(text)
            except ParseError as err:
                counts["failed"] += 1
                out.write(json.dumps(_error_json(text, err), ensure_ascii=False) + "\n")
                continue
            counts["complete" if res.complete else "partial"] += 1
            for u in res.unparsed:
                reasons[_reason_kind(u.reason)] += 1
            out.write(json.dumps(res.to_json(), ensure_ascii=False) + "\n")
        total = sum(counts.values())
        pct = 100.0 * counts["complete"] / total if total else 0.0
        sys.stderr.write(f"Итого: {total}; полностью: {counts['complete']} ({pct:.1f}%), "
                         f"частично: {counts['partial']}, ошибки: {counts['failed']}\n")
        for r, n in reasons.most_common(5):
            sys.stderr.write(f"  {n} × {r}\n")
        return 0
    if args.text is None:
        sys.stderr.write("Укажите текст карты или --file ФАЙЛ.\n")
        return 2
    try:
        res = parse(args.text)
    except ParseError as err:
        if args.json:
            out.write(json.dumps(_error_json(args.text, err), ensure_ascii=False, indent=2) + "\n")
        sys.stderr.write(f"Ошибка разбора (позиция {err.position}): {err}\n")
        return 1
    if args.json:
        out.write(json.dumps(res.to_json(), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(format_result(res) + "\n")
        cites = res.ast.rules() if res.ast else []
        if cites:
            out.write("Пункты: " + ", ".join(cites) + "\n")
    return 0
