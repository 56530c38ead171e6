"""Finding the paragraph of an edition that states a rule effect, by its key terms and
consequence verb rather than its wording (issue 13).

A rule effect of ``rulebook/sim/effects.yaml`` may carry a *signature*: ``key`` – groups of
words that must all be named (each group a list of alternatives: ``[летающий, полёт]``),
``verb`` – the consequence verbs, one of which must be the predicate (``[помещать,
назначать]``), ``without`` – words that make a sentence about another rule, and ``sense`` – ``запрет`` (the predicate is negated or restricted:
«нельзя», «не может», «только», «не более») or ``утверждение`` (not negated). Words are
compared as lemmas (``bot.reading.tokens``: «летающему» = «летающее», aspect pairs of
``grammar/rule_language.yaml`` folded: «поместить» = «помещать»), so «Симбиота нельзя
назначить летающему существу» states the effect «Нельзя помещать симбиота на летающее
существо» (with ``verb: [помещать, назначать]``), whatever the edition's wording.

A sentence is read as ``Claim``: its lemmas, the lemmas of its predicates (verbs outside
«если …», «когда …», «который …» clauses) and whether its predicate is negated or
restricted. The key terms may also come from the first sentence of the paragraph («Такая
карта не может использовать движение» after «Карта с символом {симбиот} …»).

``match_effects(signatures, rulebook) -> {effect number: paragraph number}``: every
sentence matching a signature is a candidate; a sentence goes only to the signatures that
match it with the most key groups (the most specific rule it states: «Симбиоты … не могут
носить экипировку» is about equipment, not about where symbionts go); each effect takes
its candidate whose paragraph is most like the effect's own paragraph (``similarity``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.reading.tokens import tokenize
from bot.rules_text.language import language
from bot.rules_text.propositions import sentences

SENSES = ("запрет", "утверждение")
"""The values of ``sense`` in ``rulebook/sim/effects.yaml``."""

_NEG = frozenset({"не", "нельзя", "ни"})
_RESTRICT = frozenset({"только", "лишь"})
_PREDICATE_POS = frozenset({"VERB", "INFN", "PRTS"})
_BRACKETS = re.compile(r"\([^()]*\)")
_SUBORDINATE = frozenset({"если", "когда", "пока", "который", "чтобы", "кроме", "что"})


@dataclass(frozen=True)
class Signature:
    """What an effect says, as words to look for: ``key`` groups of lemma alternatives
    (all groups must be named), ``verbs`` predicate lemmas (one must be a predicate),
    ``sense`` «запрет» / «утверждение» / "" (any)."""

    number: str
    key: tuple[frozenset[str], ...]
    verbs: frozenset[str]
    sense: str = ""
    without: frozenset[str] = frozenset()
    """Words that make a sentence about something else («экипировка» for where symbionts go)."""


@dataclass(frozen=True)
class Claim:
    """One sentence of a paragraph: ``number`` the paragraph, ``lemmas`` of all its words
    (plus those of the paragraph's first sentence in ``context``), ``predicates`` lemmas of
    its main-clause verbs, ``negated`` / ``restricted`` as in the module docstring."""

    number: str
    lemmas: frozenset[str]
    context: frozenset[str]
    predicates: frozenset[str]
    negated: bool
    restricted: bool


@lru_cache(maxsize=4096)
def word_lemma(word: str) -> str:
    """The lemma a signature word is compared by («летающему» -> «летать», «поместить» -> «помещать»)."""
    toks, _ = tokenize(word)
    if not toks:
        return word.strip().lower()
    return language().norm(toks[0].lemma)


def read_claim(number: str, sentence: str, context: frozenset[str] = frozenset()) -> Claim:
    """The ``Claim`` of one sentence of paragraph ``number``."""
    L = language()
    words = {t.lemma for t in tokenize(sentence)[0]}  # brackets included: they name things …
    toks, _ = tokenize(_BRACKETS.sub(" ", sentence))  # … but an aside in brackets is not the predicate
    opener: dict[int, str] = {}
    for t in toks:
        opener.setdefault(t.clause, t.lemma)
    sub = {k for k, lem in opener.items() if lem in _SUBORDINATE}
    lemmas: set[str] = {L.norm(w) for w in words}
    preds: set[str] = set()
    negated = restricted = False
    for i, t in enumerate(toks):
        lem = L.norm(t.lemma)
        lemmas.add(lem)
        if t.quote:  # «помещается»: the quoted word is named too
            inner = t.text.strip("«»")
            lemmas.add(inner)
            lemmas.update(word_lemma(w) for w in inner.split() if w.isalpha())
            continue
        if t.clause in sub:
            continue
        if t.lemma in _RESTRICT:
            restricted = True
        if t.lemma == "нельзя":
            negated = True
        if t.pos in _PREDICATE_POS or t.lemma in ("можно", "нельзя"):
            preds.add(lem)
            prev = toks[i - 1] if i else None
            if prev is not None and prev.lemma in _NEG and prev.clause == t.clause:
                negated = True
        if t.lemma == "более" and i and toks[i - 1].lemma == "не":
            restricted = True
    return Claim(number, frozenset(lemmas), context, frozenset(preds), negated, negated or restricted)


def claims_of(rb) -> list[Claim]:
    """Every sentence of every paragraph of the ``Rulebook`` ``rb`` as a ``Claim``."""
    out: list[Claim] = []
    for c in rb.clauses:
        sents = sentences(c.text)
        if not sents:
            continue
        first = read_claim(c.number, sents[0])
        out.append(first)
        out.extend(read_claim(c.number, s, first.lemmas) for s in sents[1:])
    return out


def matched_groups(sig: Signature, claim: Claim) -> int:
    """How specifically the claim states the effect of ``sig``: its number of key groups,
    plus one when a consequence verb is required; 0 when it does not state it (a group
    missing, no consequence verb as predicate, the wrong sense)."""
    if sig.verbs and not sig.verbs & claim.predicates:
        return 0
    if sig.sense == "запрет" and not claim.restricted:
        return 0
    if sig.sense == "утверждение" and claim.negated:
        return 0
    words = claim.lemmas | claim.context
    if sig.without & claim.lemmas or not all(g & words for g in sig.key):
        return 0
    return len(sig.key) + bool(sig.verbs)  # a consequence verb makes the signature more specific


def match_effects(signatures: list[Signature], rb, similarity) -> dict[str, str]:
    """Effect number -> paragraph of ``rb`` stating it (see the module docstring); effects
    with no candidate are absent. ``similarity(effect_number, paragraph_number) -> float``
    ranks the candidates of one effect."""
    claims = claims_of(rb)
    cands: dict[str, set[str]] = {}
    for cl in claims:
        scores = [(matched_groups(s, cl), s.number) for s in signatures]
        top = max((k for k, _ in scores), default=0)
        if top == 0:
            continue
        for k, num in scores:
            if k == top:
                cands.setdefault(num, set()).add(cl.number)
    from bot.rulebook import number_key

    return {num: max(sorted(paras, key=number_key), key=lambda p: similarity(num, p)) for num, paras in cands.items()}


def signature_of(number: str, d: dict, where: str) -> Signature | None:
    """The ``Signature`` of one entry of ``rulebook/sim/effects.yaml`` (``None`` when it has
    no ``key``). Raises ``ValueError`` (Russian, naming ``where``) for a malformed one."""
    key = d.get("key")
    if key is None:
        return None
    if not isinstance(key, list) or not key:
        raise ValueError(f"{where}: у правила {number} «key» – не список групп слов")
    groups = []
    for g in key:
        alts = g if isinstance(g, list) else [g]
        if not alts or not all(isinstance(a, str) and a.strip() for a in alts):
            raise ValueError(f"{where}: у правила {number} пустое слово в «key»")
        groups.append(frozenset(word_lemma(a) for a in alts))
    verbs = d.get("verb") or []
    if not isinstance(verbs, list) or not all(isinstance(v, str) for v in verbs):
        raise ValueError(f"{where}: у правила {number} «verb» – не список слов")
    sense = d.get("sense") or ""
    if sense and sense not in SENSES:
        raise ValueError(f"{where}: у правила {number} «sense» – «{sense}», ожидалось одно из: {', '.join(SENSES)}")
    without = d.get("without") or []
    if not isinstance(without, list) or not all(isinstance(v, str) for v in without):
        raise ValueError(f"{where}: у правила {number} «without» – не список слов")
    return Signature(number, tuple(groups), frozenset(word_lemma(v) for v in verbs), sense,
                     frozenset(word_lemma(v) for v in without))
