"""A rule that lists the kinds of a thing read into propositions (issue 14).

A paragraph «Игродействия, использующие стек, это:» (its head) followed by lettered
sub-paragraphs («302.3.а действие карты;» … «302.3.г бросок кубика.») says of every item:

- it *is* the head's thing: ``state`` «бросок кубика является игродействием,
  использующим стек» (the genus «игродействие» optional: a question need not name it);
  with a class adjective in the head («Медленные игродействия – это: …») the class is
  what the list gives only: «движение — быстрое?» is answered «нет» through the class's
  antonym (``antonyms`` of ``grammar/rule_language.yaml``);
- it *does* what the head's participle says: ``fact`` «бросок кубика использует стек»
  («Игродействия, не использующие стек, это: …» — ``positive`` False).

``list_props(head, items)`` -> ``list[Prop]``: ``head`` the heading ``Clause`` (its text
ends with «:», a «это» in it), ``items`` its lettered sub-paragraphs in order. Every
proposition carries the head's paragraph number (302.3) and the sentence «head item».
A head without «это» («Все игродействия делятся: …») gives none.
"""

from __future__ import annotations

import re

from bot.reading.tokens import Tok, tokenize
from bot.rules_text.language import language
from bot.rules_text.propositions import Prop, _content, alternatives

_PAREN = re.compile(r"\s*\(([^()]*)\)")


def is_list_head(text: str) -> bool:
    """The paragraph text introduces a list: it ends with «:»."""
    return text.rstrip().endswith(":")


def _head(toks: list[Tok]) -> tuple[str, frozenset[str], tuple[str, bool, frozenset[str]] | None] | None:
    """``(genus, classes, property)`` of a list head's part before «это»: the genus
    concept (its first noun), the concepts of the adjectives before it and the participle
    after it as ``(verb concept, positive, its object concepts)``, or ``None``."""
    L = language()
    g = next((i for i, t in enumerate(toks) if t.pos == "NOUN"), None)
    if g is None:
        return None
    classes = frozenset(w for w in _content([t for t in toks[:g] if t.pos in ("ADJF", "PRTF")])[0]
                        if not w.startswith("~"))
    prop = None
    p = next((i for i, t in enumerate(toks) if i > g and t.pos == "PRTF"), None)
    if p is not None:
        neg = p > 0 and toks[p - 1].lemma == "не"
        obj = [t for t in toks[p + 1:] if t.clause == toks[p].clause]
        prop = (L.norm(toks[p].lemma), not neg, frozenset(w for w in _content(obj)[0] if not w.startswith("~")))
    return L.norm(toks[g].lemma, toks[g].text), classes, prop


def _members(toks: list[Tok]) -> list[list[Tok]]:
    """The items one sub-paragraph lists: coordinated noun phrases (``alternatives``), and
    quoted names in a row («особенностей «до набора отряда», «в начале боя», «авангард»»)
    one each, with the words they share."""
    quotes = [i for i, t in enumerate(toks) if t.quote]
    if len(quotes) < 2:
        return alternatives(toks)
    rest = [t for t in toks if not t.quote and t.lemma not in ("и", "или")]
    return [rest + [toks[i]] for i in quotes]


def _head_words(toks: list[Tok]) -> frozenset[str]:
    """The concepts naming an item itself: its first noun with the adjectives before it,
    and its quoted name («движение существа по полю боя» -> {двигаться}; «использование
    особенностей «авангард»» -> {использование, особенность, авангард})."""
    g = next((i for i, t in enumerate(toks) if t.pos == "NOUN"), None)
    if g is None:
        return frozenset()
    a = g
    while a > 0 and toks[a - 1].pos in ("ADJF", "PRTF"):
        a -= 1
    named = toks[a:g + 1] + [t for t in toks if t.quote]
    if language().norm(toks[g].lemma) in language().light and g + 1 < len(toks) and toks[g + 1].pos == "NOUN":
        named.append(toks[g + 1])   # «использование особенностей …»: the thing used names the item
    return frozenset(w for w in _content(named)[0] if not w.startswith("~"))


def _told_of_item(head_text: str, item, text: str) -> list[Prop]:
    """The predicate a list item states of itself in parentheses, with no subject of its own
    («в) оплата игродействия (не использует стек).» -> ``fact`` «оплата игродействия не
    использует стек»): the parenthetical opens with a verb, or «не» and a verb. A
    parenthetical naming its own subject («(игродействие заносится в стек)») or opening
    otherwise (an example, an exception) states nothing of the item."""
    L = language()
    out: list[Prop] = []
    bare = _PAREN.sub("", text).strip()
    itoks, _ = tokenize(bare)
    subject = _head_words(itoks)
    if not subject:
        return out
    for m in _PAREN.finditer(text):
        ptoks, _ = tokenize(m.group(1))
        neg = bool(ptoks) and ptoks[0].lemma == "не"
        rest = ptoks[1:] if neg else ptoks
        if not rest or rest[0].pos != "VERB" or any(t.pos == "NOUN" and t.case == "nomn" for t in rest):
            continue
        verb = L.norm(rest[0].lemma)
        obj = frozenset(w for w in _content(rest[1:])[0] if not w.startswith("~"))
        words, nums = _content(itoks)
        words = subject | {"~" + w for w in words if not w.startswith("~") and w not in subject}
        out.append(Prop(kind="fact", mode="happens", positive=not neg, action=verb, words=words | obj,
                        numbers=nums, verb=("не " if neg else "") + rest[0].text, number=item.number.rsplit(".", 1)[0],
                        sentence=f"{head_text}: … {bare} ({m.group(1).strip()})", subject_words=subject))
    return out


def list_props(head, items) -> list[Prop]:
    """The propositions of the list ``head`` + ``items`` (see the module docstring), and what
    an item states of itself in parentheses (``_told_of_item``)."""
    toks, _ = tokenize(head.text)
    told = [p for item in items for p in _told_of_item(head.text.rstrip().rstrip(":").rstrip(), item,
                                                        item.text.strip().rstrip(";.").strip())]
    at = next((i for i, t in enumerate(toks) if t.lemma == "это"), None)
    if at is None or not items:
        return told
    h = _head(toks[:at])
    if h is None:
        return told
    genus, classes, prop = h
    head_text = head.text.rstrip().rstrip(":").rstrip()
    out: list[Prop] = told
    for item in items:
        text = item.text.strip().rstrip(";.").strip()
        sentence = f"{head_text}: … {text}"
        L = language()
        exceptions = tuple(m.group(1).strip() for m in _PAREN.finditer(text)
                           if m.group(1).split() and m.group(1).split()[0].casefold() in L.exception)
        itoks, _ = tokenize(_PAREN.sub("", text))
        for alt in _members(itoks):
            words, nums = _content(alt)
            words = frozenset(w for w in words if not w.startswith("~"))
            if not words:
                continue
            subject = _head_words(alt)
            words = subject | {"~" + w for w in words - subject}   # «по полю боя» narrows nothing asked
            if classes:
                out.append(Prop(kind="state", mode="is", positive=True, action="являться",
                                words=words | classes | {"~" + genus}, only=classes, numbers=nums,
                                verb="является", number=head.number, sentence=sentence,
                                subject_words=subject, exceptions=exceptions))
            if prop is not None:
                verb, positive, obj = prop
                out.append(Prop(kind="state", mode="is", positive=positive, action="являться",
                                words=words | {verb} | obj | {"~" + genus}, numbers=nums,
                                verb="является" if positive else "не является", number=head.number,
                                sentence=sentence, subject_words=subject, exceptions=exceptions))
                out.append(Prop(kind="fact", mode="happens", positive=positive, action=verb,
                                words=words | obj, numbers=nums, verb=("" if positive else "не ") + verb,
                                number=head.number, sentence=sentence, subject_words=subject,
                                exceptions=exceptions))
    return out
