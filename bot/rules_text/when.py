"""«Когда X …?» answered by the condition a rule sentence states for X (issue 14).

«когда стек считается пустым» -> «Стек считается пустым, если в нём нет ни одного
игродействия» (302.8 of 5ed): the verdict is the sentence's condition. The asked sentence is
a «когда / в какой момент» question of one clause (the subject may stand before the question
word: «а фаза когда заканчивается?»), not a yes/no one («можно ли …, когда …?») and not a
«когда …, то …» condition of another question. Every concept the question names must be
named by the main part of one rule sentence with a condition, and every concept of that main
part by the question (``bot.rules_text.match`` coverage: a narrower word covers a broader
one); two sentences stating different conditions give no verdict. The question words live in
``when`` of ``grammar/rule_values.yaml``.

``answer(question, edition)`` -> ``Answer`` (route ``rule_text``) or ``None``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.answer import Answer, Block
from bot.rules_text.index import index_for
from bot.rules_text.language import language
from bot.textnorm import fold


@lru_cache(maxsize=1)
def _words() -> tuple[re.Pattern, re.Pattern]:
    """(the question word pattern, the words that make the sentence another question)."""
    from bot.rules_text.values import words

    w = words()
    asks = "|".join(sorted((re.escape(x) for x in w.when), key=len, reverse=True))
    other = "|".join(sorted((re.escape(x) for x in w.when_not), key=len, reverse=True))
    return (re.compile(rf"(?<![а-яё])(?:{asks})(?![а-яё])"), re.compile(rf"(?<![а-яё])(?:{other})(?![а-яё])"))


def asked(question: str) -> str | None:
    """The «когда …?» sentence of ``question`` as the plain statement it asks the condition of
    («а фаза когда заканчивается то?» -> «а фаза заканчивается?»), or ``None``."""
    from bot.rules_text.premise import chat_sentences

    when, other = _words()
    for s in chat_sentences(question):
        low = fold(s).strip()
        m = when.search(low)
        if m is None or len(low[:m.start()].split()) > 3 or other.search(low):
            continue
        rest = low[m.end():].strip(" ?!.")
        if not rest or re.search(r"[,;:—–-]", rest) or re.search(r"[,;:]", low[:m.start()]):
            continue    # «когда карта действует, что с её движением?»: a condition of another question
        rest = re.sub(r"(?<![а-яё])то$", "", rest).strip()
        return " ".join((low[:m.start()] + " " + rest).split()) + "?"
    return None


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The condition one rule sentence states for what ``question`` asks «когда …?» about."""
    from bot.rules_text.match import _covered, _hits, candidates, covered_by
    from bot.rules_text.question import read

    plain = asked(question)
    if plain is None:
        return None
    q = read(plain, edition)
    if q is None or not q.positive or q.kind not in ("state", "happens") or not q.bag:
        return None
    L = language()
    idx = index_for(edition)
    asked_words = frozenset(w for w in q.bag if w not in L.filler and w not in L.light)
    if not asked_words:
        return None
    ups = covered_by(asked_words)
    found = []
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if not p.condition_text or not p.positive or r.refs or p.exceptions:
            continue
        main = r.req - r.cond
        if not main or not all(_covered(w, ups) for w in main):
            continue
        if not all(_hits(x, frozenset(r.req | r.opt)) for x in asked_words):
            continue
        found.append(p)
    conditions = {p.whole_condition or p.condition_text for p in found}
    if len(conditions) != 1:
        return None     # «когда симбиот погибает?»: several sentences, several conditions
    p = found[0]
    cond = p.whole_condition or p.condition_text
    verdict = cond[:1].upper() + cond[1:]
    return Answer(question=question, route="rule_text", verdict=verdict,
                  blocks=[Block("text", f"{verdict} (п. {p.number}: «{p.sentence}»).")],
                  citations=[p.number], sentence=p.sentence,
                  trace=[f"вопрос «когда …?» прочитан как условие для «{plain}»",
                         f"п. {p.number}: «{p.sentence}» — условие «{cond}»"])
