"""The card-text grammar, loaded once: grammar/card.lark (+ terminals.lark), LALR with
the post-lexer ``CardPostLex`` and the ``ToAst`` transformer.

``load()`` gives the Lark parser; ``read(text, start)`` turns normalised card text
into a ``Node`` (start ``"card"``: the whole text, ``"sentence"``: one ability) and
raises Lark's errors (``LarkError``) when the text does not fit the grammar.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark

from bot.abilities.ast import Node
from bot.abilities.postlex import CardPostLex
from bot.abilities.transform import ToAst
from bot.paths import grammar_dir


@lru_cache(maxsize=1)
def load() -> Lark:
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


def read(text: str, start: str) -> Node:
    """Parse normalised ``text`` from rule ``start`` ("card" | "sentence") into a ``Node``."""
    tree = load().parse(text, start=start)
    return ToAst(text).transform(tree)


def shift(node: Node, offset: int, text: str) -> Node:
    """The same node with spans moved by ``offset`` into the full ``text``."""
    s, e = node.span[0] + offset, node.span[1] + offset
    return Node(node.kind, node.rule, (s, e), text[s:e],
                tuple(shift(c, offset, text) for c in node.children), node.attrs)
