"""A card as an answer (``card NAME``, ``/card NAME``, inline mode): its stats, its text,
the tree of its abilities in words, the 505 resolution of each compound ability, and
its paragraphs — 209 for a symbiote, 212 for equipment, 505.x for its connectives.

``card_answer(query, edition)`` -> ``Answer`` (route ``card``; several near names give a
short list, route ``card_list``); ``card_json(card)`` -> the ``card --json`` object.
"""

from __future__ import annotations

from typing import Any

from bot.abilities.ast import COMPOUND_KINDS, Node, ParseResult
from bot.answer import Answer, Block
from bot.cards.index import Hit
from bot.cards.model import Card, vocabulary

NO_DATABASE = ("Базы карт нет: тексты карт принадлежат издателю и с ботом не поставляются. "
               "Загрузите свою базу: berserk-judge cards import ФАЙЛ… (JSON редакции 2023+, "
               "классическая база Berserk Online или CSV с заголовками name, type, text, …).")
"""What card commands say when no card database has been imported."""

LIST_LIMIT = 8
"""Most cards a «several hits» answer lists."""


def parsed(card: Card) -> ParseResult | None:
    """The card text's parse (``None`` for no text or text that is not card text)."""
    if not card.text:
        return None
    from bot.abilities.parser import parse
    from bot.errors import ParseError

    try:
        return parse(card.text)
    except ParseError:
        return None


def abilities(res: ParseResult | None) -> list[Node]:
    """The abilities of a parsed text (children of a ``card`` root, else the root)."""
    if res is None or res.ast is None:
        return []
    return list(res.ast.children) if res.ast.kind == "card" else [res.ast]


def tree_words(node: Node) -> str:
    """One ability's tree told in Russian phrases (grammar/card_formats.yaml ``tree_words``)."""
    words = vocabulary().get("tree_words") or {}
    spec = words.get(node.kind) or {"say": "{parts}", "join": "; "}
    parts = str(spec.get("join", "; ")).join(tree_words(c) for c in node.children)
    icons = " ".join("{" + i + "}" for i in (node.attr("icons") or ()))
    head = node.attr("head") or node.attr("name") or ""
    return str(spec.get("say", "{parts}")).format(text=node.text, head=head, icons=icons or "—",
                                                  parts=parts or f"«{node.text}»")


def resolutions(res: ParseResult | None) -> list[tuple[Node, Any]]:
    """``(ability, Explanation)`` for each ability holding a 505 connective."""
    from bot.abilities.resolve import explain
    from bot.errors import BerserkError

    out = []
    for ab in abilities(res):
        if any(n.kind in COMPOUND_KINDS for n in ab.walk()):
            try:
                out.append((ab, explain(ab)))
            except BerserkError:
                continue
    return out


def citations(card: Card, res: ParseResult | None) -> list[str]:
    """The card's paragraphs: its kind and traits (209, 212, …), then 505.x of its text."""
    out = card.rules()
    if res is not None and res.ast is not None:
        out += [r for r in res.ast.rules() if r not in out]
    return out


def _stat_lines(card: Card) -> list[str]:
    out = [f"Вид: {card.kind_words()}"]
    if card.classes:
        out.append("Класс: " + ", ".join(card.classes))
    if card.element:
        out.append(f"Стихия: {card.element}")
    if card.cost is not None:
        rank = "" if card.elite is None else (", элитная" if card.elite else ", рядовая")
        out.append(f"Стоимость: {card.cost}{rank}")
    if card.unique:
        out.append("Уникальная")
    if card.lives is not None:
        out.append(f"Жизни: {card.lives}")
    if card.movement is not None:
        out.append(f"Движение: {card.movement}")
    if card.strikes:
        out.append("Удар: " + "-".join(map(str, card.strikes)))
    where = " ".join(x for x in (f"набор {card.set_name}" if card.set_name else "",
                                 f"№ {card.number}" if card.number else "") if x)
    if where:
        out.append(where[0].upper() + where[1:])
    return out


def card_blocks(card: Card, edition: str | None = None) -> tuple[list[Block], list[str]]:
    """Blocks of one card's answer and its citations."""
    from bot.abilities.resolve import rule_blocks
    from bot.abilities.tree_text import format_tree

    res = parsed(card)
    blocks = [Block("list", title=card.name, items=tuple(_stat_lines(card)))]
    if card.text:
        blocks.append(Block("text", title="Текст", text=card.text))
    else:
        blocks.append(Block("note", "У карты нет текста особенностей."))
    abs_ = abilities(res)
    if abs_:
        blocks.append(Block("list", title="Особенности словами",
                            items=tuple(f"{i}. {tree_words(a)}" for i, a in enumerate(abs_, 1))))
        blocks.append(Block("code", title="Дерево (505)", text=format_tree(res.ast)))
    if res is not None and not res.complete:
        blocks.append(Block("note", "Не разобрано: " + "; ".join(f"«{u.text}»" for u in res.unparsed)))
    elif card.text and res is None:
        blocks.append(Block("note", "Текст не читается грамматикой карт: разбора нет."))
    for ab, expl in resolutions(res):
        blocks.append(Block("steps", title=f"Разрешение «{_clip(ab.text)}» (505)",
                            items=tuple(f"{i}. {s.line()}" for i, s in enumerate(expl.steps, 1))))
    cites = citations(card, res)
    blocks += rule_blocks([c for c in card.rules()], edition)
    return blocks, cites


def _clip(s: str, n: int = 60) -> str:
    from bot.textnorm import clip

    return clip(s, n)


def one_card_answer(card: Card, question: str, edition: str | None = None, others: tuple[Card, ...] = ()) -> Answer:
    """The answer for one card (route ``card``); ``others``: other cards of the same
    name (reprints, other editions), named in a note."""
    blocks, cites = card_blocks(card, edition)
    if others:
        blocks.insert(1, Block("note", "Другие карты с этим именем: " + "; ".join(
            f"{o.kind_words()}" + (f", набор {o.set_name}" if o.set_name else "") + f" ({o.source})" for o in others)))
    return Answer(question=question, route="card", verdict=None, blocks=blocks, citations=cites,
                  trace=[f"карта «{card.name}» ({card.kind_words()}) из базы карт"])


def list_answer(hits: list[Hit], question: str) -> Answer:
    """Several cards near the query (route ``card_list``): one line each."""
    items = tuple(f"{h.card.name} — {h.card.kind_words()}" + (f", набор {h.card.set_name}" if h.card.set_name else "")
                  for h in hits)
    return Answer(question=question, route="card_list", verdict=None,
                  blocks=[Block("list", title="Нашлось несколько карт — уточните:", items=items)],
                  trace=[f"найдено похожих карт: {len(hits)}"])


def pick(hits: list[Hit]) -> list[Hit]:
    """The hits to show. One name — every hit of that name returned (reprints, other
    editions; the first is shown) — when the best hit is exact and no other exact hit
    has another name, or when it matches every word (with typo edits) and every hit of
    another name is partial or needs more edits. Otherwise the short list."""
    if not hits:
        return []
    best = hits[0]
    name = best.card.name.casefold()
    same = [h for h in hits if h.card.name.casefold() == name]
    rivals = [h for h in hits if h.card.name.casefold() != name]
    if best.exact and not any(h.exact for h in rivals):
        return same
    if best.whole and all(not h.whole or h.edits > best.edits for h in rivals):
        return same
    return hits[:LIST_LIMIT]


def _settled(hits: list[Hit]) -> bool:
    """``pick`` gives one name whose best hit matches every word with at most one typo
    edit: no card outside the ones the query's words reach could change that
    (``bot.cards.index.near_index``)."""
    return bool(hits) and hits[0].whole and hits[0].edits <= 1 and len({h.card.name.casefold() for h in hits}) == 1


def find_hits(query: str, limit: int = LIST_LIMIT) -> tuple[list[Hit], int] | None:
    """The hits to show for a name (``pick`` of the lookup) and the number of cards in the
    database; ``None`` when no card database is imported. A one-off lookup reads only the
    cards the query's words reach (the store's name tables) when that settles it; else
    the whole index is built (once per process) and asked. Raises ``StoreError``."""
    from bot.cards import db
    from bot.cards.index import built, current, near_index

    if not db.database_exists():
        return None
    st = db.cards_store()
    total = db.count(st)
    if not total:
        return None
    q = (query or "").strip()
    idx = built()
    if idx is None:
        hits = pick(near_index(q).find(q, limit=limit))
        if _settled(hits):
            return hits, total
        idx = current()
        if idx is None:
            return None
    return pick(idx.find(q, limit=limit)), len(idx)


def card_answer(query: str, edition: str | None = None) -> Answer:
    """``/card NAME``: the card, or a short list, or a note (no database, nothing found)."""
    q = (query or "").strip()
    found = find_hits(q)
    if found is None:
        return Answer(question=f"/card {q}", route="card", blocks=[Block("note", NO_DATABASE)])
    hits, total = found
    if not hits:
        return Answer(question=f"/card {q}", route="card",
                      blocks=[Block("note", f"Карта «{_clip(q, 60)}» в базе не найдена (карт в базе: {total}).")])
    if len({h.card.name.casefold() for h in hits}) == 1:
        return one_card_answer(hits[0].card, f"/card {q}", edition, tuple(h.card for h in hits[1:]))
    return list_answer(hits, f"/card {q}")


def card_json(card: Card) -> dict[str, Any]:
    """``{name, kind, traits, stats, text, ast, complete, typed, set, number, classes,
    equipment_class, citations, abilities:[{text, words, resolution:[step]}]}``."""
    res = parsed(card)
    resolved = {id(ab): expl for ab, expl in resolutions(res)}
    return {
        "name": card.name, "kind": card.kind, "traits": list(card.traits), "stats": card.stats(),
        "text": card.text, "ast": res.ast.to_json() if res is not None and res.ast is not None else None,
        "complete": card.complete, "typed": card.typed, "set": card.set_name, "number": card.number,
        "classes": list(card.classes), "equipment_class": card.equipment_class, "key": card.key,
        "citations": citations(card, res),
        "abilities": [{"text": ab.text, "words": tree_words(ab),
                       "resolution": [s.to_json() for s in resolved[id(ab)].steps] if id(ab) in resolved else []}
                      for ab in abilities(res)],
    }


def card_token(card: Card) -> str:
    """A short stable id of a card for buttons and inline results (12 hex digits of
    the SHA-1 of its key; Telegram's callback data holds at most 64 bytes)."""
    return key_token(card.key)


def key_token(key: str) -> str:
    """``card_token`` of the card whose store key is ``key``."""
    import hashlib

    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def card_choices(query: str, edition: str | None = None) -> tuple[Answer, list[tuple[str, str]]]:
    """``/card NAME`` for a chat: the answer (``card_answer``) and, when several cards
    are near the name, ``[(button label, card token)]`` to pick one."""
    ans = card_answer(query, edition)
    if ans.route != "card_list":
        return ans, []
    found = find_hits(query)
    hits = found[0] if found is not None else []
    return ans, [(_clip(h.card.name + (f" ({h.card.set_name})" if h.card.set_name else ""), 40), card_token(h.card))
                 for h in hits]


def card_by_token(token: str, edition: str | None = None) -> Answer | None:
    """The answer for the card whose ``card_token`` is ``token``; ``None`` when no card
    of the current database has it (an old button after a re-import)."""
    from bot.cards import db

    if not db.database_exists():
        return None
    st = db.cards_store()
    keys = [k for k in sorted(db.existing_keys(st)) if key_token(k) == token]
    cards = db.cards_by_key(st, keys[:1])
    return one_card_answer(cards[0], f"/card {cards[0].name}", edition) if cards else None


def inline_cards(query: str, limit: int = 3) -> list[tuple[str, Card, Answer]]:
    """Cards for inline mode: ``[(token, card, answer)]`` for the hits to show
    (``find_hits``) that match every word of the query (typos allowed), at most ``limit``;
    ``[]`` without a database or when the store fails."""
    from bot.errors import BerserkError

    try:
        found = find_hits(query)
    except BerserkError:
        return []
    if found is None:
        return []
    return [(card_token(h.card), h.card, one_card_answer(h.card, f"/card {h.card.name}"))
            for h in found[0] if h.whole][:limit]
