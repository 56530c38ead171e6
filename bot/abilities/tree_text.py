"""Readable text of a card-text AST: an indented tree, one node per line with its
paragraph(s) and attributes (used by ``parse`` on the console and in chat)."""

from __future__ import annotations

from bot.abilities.ast import Node, ParseResult


_ATTR_NAMES = {"self_source": "источник платит собой (505.9)", "limit": "ограничение",
               "keyword": "ключевое слово", "value": "значение", "icons": "значки",
               "variable": "переменная", "head": "условие", "name": "название",
               "effect_kind": "вид", "note": "пояснение",
               "reach": "дальность", "payment": "оплата",
               "subject": "кто", "count": "сколько",
               "instead": "вместо этого (замена события)",
               "written_after": "написано после действия",
               "shared": "общее для всех частей"}


def format_tree(node: Node, indent: int = 0) -> str:
    """Indented tree, one node per line: kind, paragraph(s), attributes, text."""
    rules = [r for r in (node.rule, *(node.attr("rules") or ())) if r]
    parts = [node.kind]
    if rules:
        parts.append("[" + ", ".join(rules) + "]")
    for k, v in node.attrs:
        if k in ("rules", "args"):
            continue
        if k == "action":
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
    if node.kind == "effect":
        line += f" → {node.attr('action') or 'действие не распознано'}"
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
