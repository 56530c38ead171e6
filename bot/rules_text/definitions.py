"""A definition sentence read into a proposition (issue 14): «Пас – это передача приоритета
противнику без объявления какого-либо игродействия», «Движение – частный случай
перемещения», «Приоритет – это возможность игрока объявлять …».

``read_definition(sentence, number)`` -> ``list[Prop]``: one ``state`` proposition «X
является Y» (``positive``), or ``[]`` when the sentence is no «X – [это] Y» definition.
X (before the dash) is the subject, every one of its concepts asked; of Y only its head —
the first noun, or the noun after a word that names a kind (``kind_words`` of
``grammar/rule_language.yaml``: «частный случай перемещения» -> «перемещение») — must be
named by a question, Y's other words may be («пас — это передача приоритета?» fits,
«пас — это игродействие?» does not: 303.2 says otherwise, and the definition's words
«без объявления какого-либо игродействия» name no kind of the thing).
"""

from __future__ import annotations

import re

from bot.reading.tokens import tokenize
from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, _content

_DEF = re.compile(r"^\s*([^–—:;()]{2,60}?)\s+[–—-]\s+(?:это\s+)?(.+?)\.?\s*$")
_KIND_WORDS = ("частный случай", "разновидность", "вид", "один из", "одна из", "одно из")


def read_definition(sentence: str, number: str) -> list[Prop]:
    """The proposition of a definition ``sentence`` of paragraph ``number`` (see the module
    docstring)."""
    m = _DEF.match(sentence)
    if m is None or "«" in m.group(1):
        return []
    x_toks, _ = tokenize(m.group(1))
    if not x_toks or len(x_toks) > 4 or not any(t.pos in ("NOUN", "INTJ") for t in x_toks) \
            or any(t.pos == "VERB" for t in x_toks):
        return []
    y = m.group(2)
    low = y.casefold()
    kind_word = next((k for k in _KIND_WORDS if low.startswith(k + " ")), "")
    if kind_word:
        y = y[len(kind_word):].strip()
    y_toks, _ = tokenize(y)
    head = next((i for i, t in enumerate(y_toks) if t.pos == "NOUN"), None)
    if head is None or any(t.pos == "VERB" for t in y_toks[:head]):
        return []
    L = language()
    subject = frozenset(w for w in _content(x_toks)[0] if not w.startswith("~"))
    named = frozenset(w for w in _content(y_toks[:head + 1])[0] if not w.startswith("~"))
    rest = frozenset(w.lstrip("~") for w in _content(y_toks[head + 1:])[0]) - named - subject
    if not subject or not named or any(w in L.light for w in named):
        return []
    return [Prop(kind="state", mode="is", positive=True, action="являться",
                 words=subject | named | {"~" + w for w in rest}, verb="является", number=number,
                 sentence=sentence, subject_words=subject)]
