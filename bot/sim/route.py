"""The scenario route of ``ask``: a board situation described in words -> simulator -> Answer.

``answer(question, edition)`` reads the question as concepts (``lexicon.CONCEPTS``),
picks the first matching row of ``lexicon.SITUATIONS``, runs its simulator query
(``queries.QUERIES``) and returns an ``Answer`` with route ``scenario``: the verdict, the
decisive reasons / consequences, the paragraphs (most relevant first), the simulator trace,
and a note naming the words nothing used. Returns ``None`` when the question is not a
situation this route models — definitions («что такое …»), quoted card text and the
compound-ability connectives of 505 belong to other routes (a quoted trigger name such as
«при гибели» is a rule term, not card text).

How a question is read: earlier sentences set the scene, the last sentence with «?» is
asked (``asked_sentence_start``), and in it the main clause after a leading «если …,»
carries the predicate (``main_clause_start``) — «Хозяина переместили. Симбиот остаётся?»
is answered about staying. An either/or question («на своих или на чужих?»,
``alternative_at``) and a wh-question never get a bare «Да» / «Нет»: a situation whose
finding starts so is skipped for the next one. A negated question («Артефакт нельзя
атаковать?», ``negated_modal_at``) is answered about the statement asked, as Russian
speakers answer: «Нет, можно» / «Да, нельзя» (``agree_with_negation``).

A yes/no question whose query states a fact («Активный игрок», «во вспомогательную зону»)
gets «Да, …» / «Нет, …» by comparing the fact with the asked proposition
(``queries.base.yes_no_from_fact``: the finding names its option and the rivals it rules
out). A short quoted trigger name («при ударе», «когда получает Х ран») is a trigger and
nothing else (``trigger_name_spans``); a pass or a transfer after «не / без» («не пасуя»)
is absent (``read_concepts``).

Citations are the paragraphs the conclusion rests on (``queries.base.decisive_citations``):
paragraphs of the simulator steps around it (passing priority, resolving the stack) are
shown in the trace only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.answer import Answer, Block
from bot.morph import lemma, pos
from bot.sim.lexicon import (CONCEPTS, FILLER_LEMMAS, GENERIC_CONCEPTS, QUESTION_MARKERS, SITUATIONS, STOP_WORDS,
                             WH_WORDS, Situation)
from bot.sim.queries import QUERIES, Ctx, Finding
from bot.sim.queries.base import decisive_citations, yes_no_from_fact
from bot.textnorm import fold, quoted_spans

_WORD = re.compile(r"[0-9]+-[а-я]+|[а-яa-z0-9]+(?:-[а-я]+)?")
_QUOTED = re.compile(r"[«\"“„]([^»\"”“]+)[»\"”“]")  # the phrases ``_quoted`` finds (in linear time)
_CLOSERS = dict.fromkeys("«\"“„", "»\"”“")


def _quoted(q: str) -> list[tuple[int, str]]:
    """``(start, inner text)`` of each phrase ``_QUOTED`` matches, found in linear time."""
    return [(a, q[a + 1:b - 1]) for a, b in quoted_spans(q, _CLOSERS, 1)]

# Quoted words that are rule terms (the question is about the rule, not about card text).
RULE_TERMS_IN_QUOTES = (
    "в начале боя", "авангард", "помещается", "переносится", "располагается", "помещаются",
    "вместо движения", "симбиот", "паразит", "до набора отряда", "после расстановки карт",
    "носит экипировку", "хозяин", "хозяином", "хозяин симбиота", "хозяин экипировки", "прыжок",
    "телепортация", "внезапное действие", "самостоятельное существо",
)
# Phrases of compound card text (505) — the ability route answers those.
ABILITY_MARKERS = ("при этом", "в противном случае", "если противник не может", "не хочет", "способность 1",
                   "способности 1", "составн", "на карте написано", "в тексте карты написано", "текст карты")


def _tokens(q: str) -> list[str]:
    return [_spelled(t) for t in _WORD.findall(fold(q))]


@lru_cache(maxsize=1)
def _stems() -> tuple[frozenset[str], tuple[str, ...]]:
    """Plain words of the patterns, and stems (``stem*`` items) of six letters or more."""
    words: set[str] = set()
    stems: set[str] = set()
    for pats in CONCEPTS.values():
        for p in pats:
            for item in p.split():
                if item.endswith("*"):
                    stems.add(fold(item[:-1]))
                elif not item.startswith("="):
                    words.add(fold(item))
    return frozenset(words), tuple(sorted(x for x in stems if len(x) >= 6))


@lru_cache(maxsize=8192)
def _spelled(tok: str) -> str:
    """A misspelt word read as the concept word it is one letter away from («симбеота» →
    «симбиота», «экиперовку» → «экипировку»): only words of six letters or more that match
    no pattern, against stems of six letters or more with the same first letter."""
    words, stems = _stems()
    if len(tok) < 6 or tok in words or tok in STOP_WORDS or any(tok.startswith(st) for st in stems):
        return tok
    from bot.morph import analyzer
    if analyzer().word_is_known(tok):       # a real word («сыграть»), not a typo of a concept word
        return tok
    from rapidfuzz.distance import OSA
    for st in stems:
        if st[0] == tok[0] and OSA.distance(tok[:len(st)], st) <= 1:
            return st + tok[len(st):]
    return tok


def _item_match(item: str, word: str) -> bool:
    if item.endswith("*"):
        return word.startswith(item[:-1])
    if item.startswith("="):
        return lemma(word) == item[1:]
    return word == item


_STEM_KEY = 3
"""Stem items are looked up by their first ``_STEM_KEY`` letters (shorter stems whole)."""


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, list], dict[str, list], dict[str, list], dict[str, list]]:
    """Patterns by their first item: ``(by_word, by_stem, by_short_stem, by_lemma)`` —
    a plain word under the word itself, a stem («атак*») under its first ``_STEM_KEY``
    letters (or, when shorter, the whole stem), an ``=lemma`` item under the lemma. Each
    entry is ``(kind, order, concept, items)``: kind 0 for word and stem patterns, 1 for
    lemma ones, order their place in CONCEPTS — a token's candidates are tried in that
    order, so concepts are found in the same order as by trying every pattern."""
    by_word: dict[str, list] = {}
    by_stem: dict[str, list] = {}
    by_short: dict[str, list] = {}
    by_lemma: dict[str, list] = {}
    order = 0
    for concept, pats in CONCEPTS.items():
        for p in pats:
            items = tuple(x if x.startswith("=") else fold(x) for x in p.split())
            first = items[0]
            order += 1
            if first.startswith("="):
                if first[1:]:
                    by_lemma.setdefault(first[1:], []).append((1, order, concept, items))
            elif first.endswith("*"):
                st = first[:-1]
                if len(st) >= _STEM_KEY:
                    by_stem.setdefault(st[:_STEM_KEY], []).append((0, order, concept, items))
                elif st:
                    by_short.setdefault(st, []).append((0, order, concept, items))
            elif first:
                by_word.setdefault(first, []).append((0, order, concept, items))
    return by_word, by_stem, by_short, by_lemma


def _candidates(tok: str) -> list:
    """Patterns whose first item matches ``tok``, in CONCEPTS order (word and stem
    patterns first, then lemma ones)."""
    by_word, by_stem, by_short, by_lemma = _index()
    cands = list(by_word.get(tok, ()))
    cands += [c for c in by_stem.get(tok[:_STEM_KEY], ()) if tok.startswith(c[3][0][:-1])]
    for n in range(1, _STEM_KEY):
        cands += by_short.get(tok[:n], ()) if len(tok) >= n else ()
    cands += by_lemma.get(lemma(tok), ())
    cands.sort(key=lambda c: (c[0], c[1]))
    return cands


@lru_cache(maxsize=4096)
def _concepts_cached(tokens: tuple[str, ...]) -> tuple[dict[str, list[int]], dict[str, set[int]]]:
    found: dict[str, list[int]] = {}
    spans: dict[str, set[int]] = {}
    for i, tok in enumerate(tokens):
        for _kind, _order, concept, items in _candidates(tok):
            n = len(items)
            if i + n <= len(tokens) and all(_item_match(items[k], tokens[i + k]) for k in range(1, n)):
                if i not in found.setdefault(concept, []):
                    found[concept].append(i)
                spans.setdefault(concept, set()).update(range(i, i + n))
    return found, spans


def concepts_of(tokens: list[str]) -> tuple[dict[str, list[int]], dict[str, set[int]]]:
    """Concepts found in ``tokens``: ``(found, spans)`` — ``found[c]`` the start indices of
    each mention (ascending), ``spans[c]`` every token index the concept covers.
    Fresh copies: callers may not alter the cache."""
    found, spans = _concepts_cached(tuple(tokens))
    return {k: list(v) for k, v in found.items()}, {k: set(v) for k, v in spans.items()}


# Openings of a quoted trigger condition named as an ability («при гибели», «в начале хода»).
TRIGGER_OPENINGS = ("при ", "в начале ", "в конце ", "когда ", "после ")
_ABILITY_NOUN = re.compile(r"(особенност|способност)[а-я]*\s*$")


def is_rule_term_quote(quoted: str, before: str = "") -> bool:
    """A quoted phrase names a rule term or an ability kind, not card text: a listed term,
    or a short (≤ 3 words) trigger condition («при гибели», «когда открывается»), or a short
    phrase right after «особенность» (``before`` is the text before the quote)."""
    qf = fold(quoted).strip(" .,!?")
    if qf in RULE_TERMS_IN_QUOTES:
        return True
    words = qf.split()
    if is_trigger_name(qf):
        return True
    if len(words) > 3 or not words:
        return False
    return bool(_ABILITY_NOUN.search(fold(before)))


# Longest quoted trigger name read as a rule term («когда получает Х ран» — 4 words).
_TRIGGER_NAME_WORDS = 5


def is_trigger_name(quoted: str) -> bool:
    """A quoted trigger condition naming an ability («при ударе», «когда получает Х ран»,
    «в конце хода»): a trigger opening (``TRIGGER_OPENINGS``), at most five words, no
    sentence punctuation inside (card text «Когда X погибает, …» has it). Listed rule
    terms («в начале боя», ``RULE_TERMS_IN_QUOTES``) are read as their own concepts."""
    qf = fold(quoted).strip(" .,!?")
    if qf in RULE_TERMS_IN_QUOTES or re.search(r"[,.;:!?]", qf):
        return False
    return 0 < len(qf.split()) <= _TRIGGER_NAME_WORDS and qf.startswith(TRIGGER_OPENINGS)


def trigger_name_spans(question: str) -> list[tuple[int, int]]:
    """Token ranges ``[start, end)`` of the quoted trigger names in ``question`` (see
    ``is_trigger_name``): their words name an ability (a trigger, 305.1), not the
    situation — «при ударе» is no attack, «когда получает Х ран» no wound."""
    q = normalize_quotes(question)
    out: list[tuple[int, int]] = []
    for at, inner in _quoted(q):
        if is_trigger_name(inner):
            start = len(_WORD.findall(fold(q[:at])))
            out.append((start, start + len(_WORD.findall(fold(inner)))))
    return out


# Words before a concept that state its absence: «не пасуя», «без паса», «не передавая приоритет».
_ABSENCE_WORDS = ("не", "без")
_ABSENT_WHEN_NEGATED = ("pass", "transfer")


def read_concepts(question: str, tokens: list[str]) -> dict[str, list[int]]:
    """Concepts of the question as ``concepts_of`` finds them, then: a quoted trigger name
    counts as a trigger and nothing else (``trigger_name_spans``); a pass / a transfer of
    priority right after «не» / «без» is absent, not asked («могу объявить ещё одно, не
    пасуя?» — the declarer keeps priority, 303.3)."""
    found, _ = concepts_of(tokens)
    spans = trigger_name_spans(question)
    if spans:
        inside = {i for a, b in spans for i in range(a, b)}
        found = {c: [i for i in idx if i not in inside] for c, idx in found.items()}
        found["trigger"] = sorted({*found.get("trigger", []), *(a for a, _ in spans)})
    for c in _ABSENT_WHEN_NEGATED:
        if c in found:
            found[c] = [i for i in found[c] if not (i > 0 and tokens[i - 1] in _ABSENCE_WORDS)]
    return {c: idx for c, idx in found.items() if idx}


def belongs_elsewhere(question: str) -> bool:
    """The question is a definition, quotes card text, or asks about 505 connectives."""
    f = fold(question)
    if any(m in f for m in QUESTION_MARKERS):
        return True
    if any(m in f for m in ABILITY_MARKERS):
        return True
    q = normalize_quotes(question)
    for at, inner in _quoted(q):
        if not is_rule_term_quote(inner, q[:at]):
            return True
    return False


def normalize_quotes(q: str) -> str:
    """Straight quotes as «…» so that quoted text is found the same way."""
    return re.sub(r'"([^"]+)"', r"«\1»", q)


def is_yes_no(tokens: list[str]) -> bool:
    """A yes/no question: «ли» in it, or no interrogative word at all — and not an
    either/or question («на своих или на чужих?», see ``alternative_at``)."""
    if alternative_at(tokens) is not None:
        return False
    if "ли" in tokens:
        return True
    # «кубик можно кинуть, когда стек не пуст?»: after a modal word, «когда / как / что …» is a conjunction
    modal = next((i for i, t in enumerate(tokens) if t in MODAL_WORDS), len(tokens))
    # «раньше, чем …», «больше чем»: after a comparative «чем» is a conjunction, not «what»
    # «на той же клетке, что и хозяин?»: «что и» compares, it does not ask «what»
    return not any(t in WH_WORDS and not (t == "чем" and i > 0 and pos(tokens[i - 1]) == "COMP")
                   and not (t == "что" and i + 1 < len(tokens) and tokens[i + 1] == "и")
                   for i, t in enumerate(tokens[:modal]))


MODAL_WORDS = frozenset("можно может могу можем могут можешь нельзя сможет смогу разрешено обязан обязаны должен должна".split())


# Words after «или» that make «X или нет / или нельзя / или только Y» a yes/no question, not a choice.
_NEGATED_OPTION = ("нет", "не", "нельзя", "никак", "наоборот", "только", "же")


def alternative_at(tokens: list[str], start: int = 0) -> int | None:
    """Index of the «или» of an either/or question («X или Y?») at or after ``start``
    (the asked sentence), or ``None``. Not a choice: «или нет», «или нельзя», «или только
    Y» (a yes/no about X), and «можно атаковать или ранить?» — infinitives joined after a
    modal word ask whether any of them is allowed."""
    for i in range(max(start, 1), len(tokens) - 1):
        if tokens[i] != "или" or tokens[i + 1] in _NEGATED_OPTION:
            continue
        if any(t in MODAL_WORDS for t in tokens[start:i]) and pos(tokens[i + 1]) == "INFN":
            continue
        return i
    return None


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


def asked_sentence_start(question: str) -> int:
    """Token index where the asked sentence starts: the last sentence with «?» (else the
    last sentence). Earlier sentences set the scene («Хозяина переместили. Симбиот
    остаётся?»); the predicate asked about is in this one."""
    parts = [p for p in _SENTENCE_END.split(fold(normalize_quotes(question))) if p.strip()]
    if len(parts) < 2:
        return 0
    asked = max((i for i, p in enumerate(parts) if "?" in p), default=len(parts) - 1)
    return sum(len(_WORD.findall(p)) for p in parts[:asked])


CLAUSE_WORDS = ("если", "когда", "при", "после", "пока")


def main_clause_start(question: str) -> int:
    """Token index where the main clause of the asked sentence starts: after the comma of a
    leading subordinate clause («Если хозяин погиб, экипировка сохраняется?»), else the
    start of the asked sentence."""
    start = asked_sentence_start(question)
    parts = [p for p in _SENTENCE_END.split(fold(normalize_quotes(question))) if p.strip()]
    tokens = _WORD.findall(fold(normalize_quotes(question)))
    lead = start + 1 if start + 1 < len(tokens) and tokens[start] in ("а", "и", "ну", "так") else start
    if lead >= len(tokens) or tokens[lead] not in CLAUSE_WORDS:
        return start
    sentence = parts[-1] if len(parts) < 2 else next(
        (p for i, p in enumerate(parts) if sum(len(_WORD.findall(x)) for x in parts[:i]) == start), parts[-1])
    head, comma, _ = sentence.partition(",")
    return start + len(_WORD.findall(head)) if comma else start


# A negated modal word: «нельзя …?», «не может …?» state a ban and ask to confirm it.
_NEG_MODALS = frozenset("нельзя невозможно".split())
_MODALS_AFTER_NE = frozenset("может могут могу можем можно сможет смогу разрешено разрешается".split())


def negated_modal_at(tokens: list[str], start: int) -> int | None:
    """Index of a negated modal in the main clause of the asked sentence (from ``start``):
    «Артефакт нельзя атаковать?», «Симбиот не может двигаться?». Not a negation of the
    statement: «можно или нельзя» (a choice), «не может ли …» (a polite positive question),
    «может не вскрывать» (the infinitive is negated — the concepts read that)."""
    end = next((i for i in range(start + 1, len(tokens)) if tokens[i] in ("если", "когда", "пока")), len(tokens))
    for i in range(start, end):
        t = tokens[i]
        if i > 0 and tokens[i - 1] == "или":
            continue
        if t in _NEG_MODALS and not (i + 1 < len(tokens) and tokens[i + 1] == "ли"):
            return i
        if t == "не" and i + 1 < end and tokens[i + 1] in _MODALS_AFTER_NE and not (i + 2 < len(tokens) and tokens[i + 2] == "ли"):
            return i
    return None


_MODAL_HEAD = re.compile(r"(можно|может|могут|нельзя|не может|не могут)\b")


def agree_with_negation(verdict: str, ban_word: str) -> str:
    """The answer to a negated question agrees with its statement, as Russian speakers
    answer: «Артефакт нельзя атаковать?» → «Нет, можно: …» when it is allowed, «Симбиота
    нельзя двигать?» → «Да, нельзя: …» when it is banned. ``verdict`` is the answer to the
    positive question («Да, …» / «Нет, …»); ``ban_word`` the question's «нельзя» / «не может»."""
    m = re.match(r"(Да|Нет), ?(.*)", verdict, re.S)
    if not m:
        return verdict
    yes, body = m.group(1) == "Да", m.group(2)
    head = _MODAL_HEAD.match(body)
    if head and not re.match(r"\s*($|[:—–,])", body[head.end():]):
        # «может атаковать после движения: …» — the modal heads a phrase: keep it whole
        if yes:
            return f"Нет, {body}"
        return f"Да, {body}"
    rest = body[head.end():].lstrip(" :,—–") if head else body
    if yes:     # allowed: the ban the question states does not hold
        allowed = "можно" if ban_word in ("нельзя", "невозможно") else "может"
        return f"Нет, {allowed}: {rest}" if rest else f"Нет, {allowed}"
    return f"Да, {ban_word}: {rest}" if rest else f"Да, {ban_word}"


def _matches(s: Situation, found: dict[str, list[int]]) -> bool:
    return all(any(c in found for c in g) for g in s.groups) and not any(c in found for c in s.forbid)


def situate(question: str) -> tuple[Situation, Ctx, Finding] | None:
    """The first situation whose query can answer ``question``, with its finding."""
    tokens = _tokens(question)
    found = read_concepts(question, tokens)
    ask_from = asked_sentence_start(question)
    main_from = main_clause_start(question)
    alt = alternative_at(tokens, ask_from)
    if alt is not None:
        found["alternative"] = [alt]
        if tokens[alt + 1] in ("после", "позже", "раньше", "до", "перед"):
            found.setdefault("before_after", [alt])     # «до экипировок или после?»
    for s in SITUATIONS:
        if not _matches(s, found):
            continue
        ctx = Ctx(tokens, found, yes_no=is_yes_no(tokens[ask_from:]) if alt is None else False, ask_from=ask_from,
                  main_from=main_from)
        for g in s.groups:
            ctx.has(*g)
        finding = QUERIES[s.query](ctx)
        if finding is None or not finding.citations:  # a conclusion without a paragraph is no answer
            continue
        if ctx.yes_no and not re.match(r"(Да|Нет)\b", finding.verdict):
            finding.verdict = yes_no_from_fact(ctx, finding) or finding.verdict   # the fact against the asked proposition
        if not ctx.yes_no and re.match(r"(Да|Нет)\b", finding.verdict):
            continue  # an either/or or wh- question wants the option / thing named, not «Да» / «Нет»
        if ctx.yes_no and not re.match(r"(Да|Нет)\b", finding.verdict):
            continue  # a yes/no question is answered «Да» / «Нет» or not by this situation (issue 11)
        finding.citations = decisive_citations(finding)
        return s, ctx, finding
    return None


def _rule_blocks(numbers: list[str], edition: str) -> list[Block]:
    try:
        from bot.rulebook import load
        rb = load(edition)
    except Exception:  # noqa: BLE001 - the rulebook file may not exist yet; the answer stands without quotes
        return []
    out = []
    for n in numbers:
        c = rb.get(n)
        if c is not None:
            out.append(Block("rule", c.text, number=n))
    return out


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """Answer a board-situation question by running the simulator, or ``None``.

    Answer shape: verdict («Да, …» / «Нет, …» for yes/no questions, else a short result),
    blocks (explanation, consequences with paragraphs, quoted rules, simulator trace,
    «Не понял» note), citations (most relevant first), trace (simulator lines).
    """
    if not question or belongs_elsewhere(question):
        return None
    try:
        hit = situate(question)
    except Exception:  # noqa: BLE001 - a modelling bug must not break ``ask``: search answers instead
        import logging
        logging.getLogger(__name__).exception("scenario route failed on %r", question)
        return None
    if hit is None:
        return None
    situation, ctx, f = hit
    tokens = ctx.tokens
    neg = negated_modal_at(tokens, ctx.main_from) if ctx.yes_no else None
    if neg is not None and re.match(r"(Да|Нет)\b", f.verdict):
        f.verdict = agree_with_negation(f.verdict, "нельзя" if tokens[neg] in _NEG_MODALS else "не " + tokens[neg + 1])
    _, spans = concepts_of(tokens)
    used_idx: set[int] = set()
    for c in (*ctx.used, *GENERIC_CONCEPTS):
        used_idx |= spans.get(c, set())
    used_idx |= ctx.read_idx
    # «X или нет / или только Y?»: the words after «или» make it a yes/no question (alternative_at)
    used_idx |= {i + 1 for i, t in enumerate(tokens[:-1]) if t == "или" and tokens[i + 1] in _NEGATED_OPTION}
    if neg is not None:     # «нельзя …?», «не может …?»: the question's form, answered by agree_with_negation
        used_idx |= {neg, neg + 1} if tokens[neg] == "не" else {neg}
    for c in _ABSENT_WHEN_NEGATED:     # «не пасуя» was read: as the absence of a pass
        absent = {i for i in spans.get(c, set()) if i > 0 and tokens[i - 1] in _ABSENCE_WORDS}
        used_idx |= absent | {i - 1 for i in absent}
    quoted = {t for _, q in _quoted(normalize_quotes(question)) for t in _tokens(q)}   # names of abilities
    unread = unread_words(tokens, used_idx, spans, quoted)
    if unread:
        return partial_answer(question, f, unread, edition)
    blocks: list[Block] = []
    if f.lines:
        blocks.append(Block("list", items=tuple(c.line() for c in f.lines), title="Почему"))
    blocks.extend(_rule_blocks(f.citations[:3], edition))
    if f.trace:
        blocks.append(Block("steps", items=tuple(f.trace), title="Моделирование"))
    read_words = [t for i, t in enumerate(tokens) if i in used_idx and t not in STOP_WORDS]
    understood = ("Как я понял: ситуация по словам " + ", ".join(f"«{w}»" for w in dict.fromkeys(read_words))
                  + " — ответ по её модели.") if read_words else None
    return Answer(question=question, route="scenario", verdict=f.verdict, blocks=blocks,
                  citations=list(f.citations), trace=list(f.trace), unread=[], understood=understood)


# «не» / «без» before a word the reading used, not itself part of what it read: the negation was
# not read («не летающее существо» read as flying) — a content word like any other.
_NEGATIONS = ("не", "без")


def unread_words(tokens: list[str], used_idx: set[int], spans: dict[str, set[int]], quoted: set[str]) -> list[str]:
    """The content words of the question the reading did not use, in order, each once:
    not a stop word or a filler lemma (``grammar/lexicon.yaml``), not a number, not inside a
    quoted ability name. A negation «не» / «без» right before a used word and outside every
    concept the reading used is reported with that word («не летающее»); a negated modal
    («не может», «не ли») is the question's own form, read by ``negated_modal_at``."""
    out: list[str] = []
    for i, t in enumerate(tokens):
        if i in used_idx:
            continue
        if t in _NEGATIONS:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            if i + 1 in used_idx and nxt not in _MODALS_AFTER_NE and nxt not in MODAL_WORDS and nxt != "ли":
                out.append(f"{t} {nxt}")
            continue
        if t in STOP_WORDS or t in quoted or t.isdigit() or lemma(t) in FILLER_LEMMAS:
            continue
        out.append(t)
    return list(dict.fromkeys(out))


def partial_answer(question: str, f: Finding, unread: list[str], edition: str) -> Answer:
    """An honest partial answer: no verdict (a wrong verdict is far worse than none), the
    words that could not be placed, what the nearest modelled situation would say, and its
    paragraphs as the nearest ones. Route ``scenario``, ``verdict`` ``None``."""
    blocks = [
        Block("text", "Вердикт не даю: не смог учесть слова вопроса — " + ", ".join(f"«{w}»" for w in unread)
              + ". Переформулируйте вопрос или опишите ситуацию сценарием (/scenario)."),
        Block("note", f"Ближайшая ситуация, которую я умею моделировать, без учёта этих слов: {f.verdict}"),
    ]
    blocks.extend(_rule_blocks(f.citations[:3], edition))
    return Answer(question=question, route="scenario", verdict=None, blocks=blocks,
                  citations=list(f.citations), trace=[f"не учтены слова: {', '.join(unread)}"], unread=list(unread))
