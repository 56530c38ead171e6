"""A card's wording classified by a rule sentence that quotes it (issue 14).

Rules of the shape «Если сказано, что карта «помещается», «переносится» или «располагается»,
то это не является перемещением карты» (507.3 of 5ed) say what a card text using one of the
quoted words is or is not. A question quoting a card text with such a word and asking whether
it is that thing — «на карте написано «перенесите существо на клетку», это перемещение?»,
«сущ «помещается на другую клетку». это же перемещение, да?» — is answered by the sentence:
«Нет, не является перемещением». The quoted words may be inflected or of the other aspect
(«поместите» / «помещается»: ``aspect`` of the rule language); the question must name the
class the rule states (``перемещение``) and nothing else but the card, its text and words of
saying (``wording_says`` of ``grammar/rule_language.yaml``). Quoted words of several rules
that disagree give no verdict.

``answer(question, edition)`` -> ``Answer`` (route ``rule_text``) or ``None``.
"""

from __future__ import annotations

import re

from bot.answer import Answer, Block
from bot.reading.tokens import tokenize
from bot.rules_text.index import PropIndex, index_for
from bot.rules_text.language import language, verb_key
from bot.rules_text.propositions import Prop, _content

_QUOTE = re.compile(r"«([^«»]+)»")

MAX_QUOTES = 3
"""The most quoted wordings a question read here may have (``bot.abilities.outcome_words``
caps card quotes the same way)."""


def _key(word: str) -> str:
    """A verb's key for meeting its other forms: the lemma's imperfective (``aspect``), the
    reflexive ending and the «е / о» alternation folded («перенесите» / «переносится»)."""
    from bot.morph import lemma

    L = language()
    w = lemma(word.casefold().replace("ё", "е"))
    w = L.aspect.get(w, w)
    for end in ("ся", "сь"):
        if w.endswith(end) and len(w) > 4:
            w = w[:-2]
    return verb_key(w).replace("е", "а").replace("о", "а")


def _quoted(idx: PropIndex) -> list[tuple[Prop, frozenset[str], frozenset[str]]]:
    """Every classifying sentence of ``idx`` quoting words in its condition: ``(prop, keys of
    the quoted words, the class concepts it states)``."""
    got = getattr(idx, "_wording", None)
    if got is not None:
        return got
    out = []
    for r in idx.rules:
        p = r.prop
        if p.kind != "state" or not p.condition_text:
            continue
        quotes = [q for q in _QUOTE.findall(p.sentence) if len(q.split()) == 1]
        if not quotes:
            continue
        cls = frozenset(r.req - r.cond)
        if not cls:
            continue
        out.append((p, frozenset(_key(q) for q in quotes), cls))
    try:
        object.__setattr__(idx, "_wording", out)
    except Exception:  # noqa: BLE001 - not cached: read again next time
        pass
    return out


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The class a quoting rule gives the card wording ``question`` quotes, or ``None``."""
    from bot.yesno import asks

    if "«" not in question or question.count("«") > MAX_QUOTES or not asks(question):
        return None     # a judge quotes a card's wording or two; thousands of «а» are no wording asked
    idx = index_for(edition)
    rules = _quoted(idx)
    if not rules:
        return None
    L = language()
    quoted = [w for q in _QUOTE.findall(question) for w in re.findall(r"[А-Яа-яЁё]+", q)]
    keys = {_key(w) for w in quoted}
    from bot.asked import last_asked

    asked_sentence = last_asked(question) or question
    if asked_sentence.strip() != question.strip() and not question.rstrip().endswith(asked_sentence.strip()):
        return None     # «… это перемещение? его карта срабатывает?»: another question follows
    from bot.rules_text.question import respell

    toks, _ = tokenize(respell(question))
    quotes = [t for t in toks if t.quote]
    cont: set[int] = set()
    for q in quotes:    # the words after a quote in its clause, up to «это»: the wording's own («… на клетку»)
        for t in toks[q.i + 1:]:
            if t.clause != q.clause or t.sent != q.sent or t.lemma in ("это", "этот"):
                break
            cont.add(t.i)
    told = set(_content([t for t in toks if not t.quote and t.i not in cont])[0])   # «… «помещается» на клетку»: the wording's
    negated = any(c.startswith("не ") for c in told)
    told = {c.removeprefix("не ") for c in told}
    found = []
    for p, qkeys, cls in rules:
        if not (qkeys & keys) or not cls <= told:
            continue
        rest = {c for c in told - cls if c not in L.filler and c not in L.light and c not in L.ignore
                and c not in L.wording_says and not L.is_kind_of(c, "карта") and c not in L.card_kinds}
        if rest:
            continue    # the question says more than what the wording is: not this sentence's question
        found.append(p)
    if len({p.positive for p in found}) != 1:
        return None
    p = found[0]
    shown = p.verb.removeprefix("не ").strip()
    cls_word = re.sub(r"(?i)^.*?(?:не\s+)?(?:является|являются|считается|считаются)\s+", "", p.sentence).rstrip(" .")
    holds = p.positive
    if negated:
        verdict = ("Нет, " if holds else "Да, ") + ("" if holds else "не ") + f"{shown} {cls_word}"
    else:
        verdict = ("Да, " if holds else "Нет, ") + ("" if holds else "не ") + f"{shown} {cls_word}"
    return Answer(question=question, route="rule_text", verdict=verdict,
                  blocks=[Block("text", f"{verdict} (п. {p.number}: «{p.sentence}»).")],
                  citations=[p.number], sentence=p.sentence,
                  trace=[f"формулировка карты в кавычках: {', '.join(quoted)}",
                         f"п. {p.number}: «{p.sentence}»"])
