"""The card-text grammar, loaded once: grammar/card.lark (+ terminals.lark), LALR with
the post-lexer ``CardPostLex`` and the ``ToAst`` transformer.

``load()`` gives the Lark parser; ``read(text, start)`` turns normalised card text
into a ``Node`` (start ``"card"``: the whole text, ``"sentence"``: one ability) and
raises Lark's errors (``LarkError``) when the text does not fit the grammar.

Speed: ``ToAst`` runs inside the LALR parser (Lark's inline transformer), so no Lark
tree is built and walked a second time, and positions are not propagated (``ToAst``
takes every span from the tokens). The text a parse reads is per thread.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from lark import Lark
from lark.exceptions import LarkError, VisitError

from bot.abilities.ast import Node
from bot.abilities.postlex import CardPostLex
from bot.abilities.transform import ToAst
from bot.paths import grammar_dir


class _InlineToAst(ToAst):
    """``ToAst`` whose text is the one the current thread is parsing (set by ``read``)."""

    _local = threading.local()

    @property  # type: ignore[override]
    def text(self) -> str:
        return self._local.text

    @text.setter
    def text(self, value: str) -> None:
        self._local.text = value


_TO_AST = _InlineToAst("")


@lru_cache(maxsize=1)
def load() -> Lark:
    """The card grammar, loaded once (LALR; ``ToAst`` applied while parsing)."""
    return Lark.open(
        str(grammar_dir() / "card.lark"),
        parser="lalr",
        lexer="basic",
        start=["card", "sentence"],
        postlex=CardPostLex(),
        transformer=_TO_AST,
        maybe_placeholders=False,
    )


def read(text: str, start: str) -> Node:
    """Parse normalised ``text`` from rule ``start`` ("card" | "sentence") into a ``Node``.

    Raises Lark's errors for text outside the grammar; an error inside a ``ToAst``
    callback comes as ``VisitError`` (a ``LarkError``), as from ``Transformer.transform``.
    """
    parser = load()
    outer = getattr(_InlineToAst._local, "text", None)   # a parse started inside a callback
    _TO_AST.text = text
    try:
        return parser.parse(text, start=start)
    except (LarkError, RecursionError):
        raise
    except Exception as err:  # noqa: BLE001 — a callback's error, as Transformer.transform wraps it
        raise VisitError(start, None, err) from err
    finally:
        _TO_AST.text = outer


def shift(node: Node, offset: int, text: str) -> Node:
    """The same node with spans moved by ``offset`` into the full ``text``."""
    s, e = node.span[0] + offset, node.span[1] + offset
    return Node(node.kind, node.rule, (s, e), text[s:e],
                tuple(shift(c, offset, text) for c in node.children), node.attrs)
