"""«Как …?» and «какой <N> …?» answered by the value a rule sentence states (issue 14).

- *manner*: «дробный результат как округляется» — the rule whose action is the asked verb
  and whose words name every concept asked («Дробный результат расчёта округляется в
  меньшую сторону, если текст карты не требует …») answers with the verb and the phrase
  right after it: «Округляется в меньшую сторону». The words of the rule the question does
  not name must all be in that phrase (they are the manner asked), its conditions other
  than «unless a card says otherwise» must be told.
- *value of a noun*: «какой модификатор к кубику, когда стреляешь по летуну» — the sentence
  that names every concept asked and writes a signed number or a number right after the
  asked noun («… получает модификатор +1 к броску кубика») answers with that value: «+1».

Two rules giving different phrases or values give no verdict; so does a rule whose other
words the question leaves unnamed outside the answered phrase.
"""

from __future__ import annotations

import re

from bot.reading.tokens import tokenize

_CUT = re.compile(r"(?i)[,;:.()]|\s(?:если|когда|пока|кроме|но|а|и)\s")
_VALUE = re.compile(r"^\s*([+\-−–]\s?\d+|\d+)(?![\d.,]?\d|\s?[-−–]\s?\d)")
"""A signed number or a number after the asked noun — not the first end of a range («результат
1–3 означает слабый удар» states no one result)."""


def asks_manner(text: str) -> bool:
    """The asked sentence asks «как» (how) of a verb: «как (именно)» right before the verb
    («как округляется …»), not a word of ``how_not_wh`` («как думаешь»), or last after it
    («… округляется как?»); «открывается как все» compares, it does not ask how."""
    from bot.rules_text.values import words

    W = words()
    toks = tokenize(text.rstrip("?!. "))[0]
    for i, t in enumerate(toks):
        if t.text != "как":
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is not None and nxt.lemma == "именно" and i + 2 < len(toks):
            nxt = toks[i + 2]
        if nxt is None:     # «… округляется как?»
            return i > 0 and any(u.pos in ("VERB", "INFN") for u in toks[:i])
        if nxt.lemma in W.how_not_wh:
            return False
        return nxt.pos in ("VERB", "INFN")   # «как округляется …» — not «открывается как все» (a comparison)
    return False


def manner_answer(question: str, q, idx, edition: str):
    """The manner a rule states for the asked verb (see the module docstring), or ``None``."""
    from bot.rules_text.language import language
    from bot.rules_text.match import candidates, covered_by, _covered, _hits
    from bot.rules_text.route import _answer

    L = language()
    if not q.action:
        return None
    asked = [x for x in q.bag if x.removeprefix("не ") not in L.filler and x != q.action]
    told = covered_by(q.bag | q.context)
    found: dict[str, object] = {}
    for k in candidates(q, idx):
        r = idx.rules[k]
        p = r.prop
        if p.kind not in ("fact", "consequence") or not p.positive or not p.verb:
            continue
        if not _hits(q.action, frozenset({L.norm(p.action), p.action})):
            continue
        if not all(_hits(x, r.req | r.opt) for x in asked):
            continue
        if any(not _covered(w, told) for w in r.cond):
            continue    # a condition the question does not tell
        phrase = _after_verb(p)
        if not phrase:
            continue
        here = {w.lstrip("~") for w in _content_of(phrase)}
        rest = r.req - {L.norm(p.action), p.action} - r.cond
        if any(not _covered(w, told) and w not in here for w in rest):
            continue    # a word of the rule neither asked nor in the answered phrase
        found.setdefault(phrase, p)
    if len(found) != 1:
        return None
    phrase, p = next(iter(found.items()))
    verb = p.verb.removeprefix("не ").strip()
    return _answer(question, q, f"{verb[:1].upper()}{verb[1:]} {phrase}", p, [], "", edition, idx)


def tail_after_verb(p) -> str | None:
    """The text of ``p``'s sentence after its verb (``p.verb`` without «не»), found case- and
    «ё»-blind; ``None`` when the sentence does not hold the verb. Shared by the manner reader
    here and the place reader (``route._where``)."""
    verb = p.verb.removeprefix("не ").strip()
    low = p.sentence.casefold().replace("ё", "е")
    at = low.find(verb.casefold().replace("ё", "е")) if verb else -1
    return None if at < 0 else p.sentence[at + len(verb):]


def _after_verb(p) -> str:
    """The phrase of ``p``'s sentence right after its verb, up to a comma or a clause word."""
    tail = tail_after_verb(p)
    return "" if tail is None else _CUT.split(tail, maxsplit=1)[0].strip()


def _content_of(text: str) -> frozenset[str]:
    from bot.rules_text.propositions import _content

    return _content(tokenize(text)[0])[0]


def value_answer(question: str, edition: str, idx):
    """The value a sentence writes after the noun asked by «какой <N> …?» (see the module
    docstring), or ``None``."""
    from bot.rules_text.language import language
    from bot.rules_text.match import covers
    from bot.rules_text.question import _fix_typos, respell
    from bot.rules_text.values import _concepts

    L = language()
    parts = [s for s in re.split(r"(?<=[.!?])\s+", question.strip()) if s.strip()]
    if not parts:
        return None
    text = _fix_typos(respell(parts[-1]), edition)
    toks = tokenize(text.rstrip("?!. "))[0]
    at = next((i for i, t in enumerate(toks) if t.lemma in ("какой", "каков") and i + 1 < len(toks)
               and toks[i + 1].pos == "NOUN"), None)
    if at is None or (at > 2 and toks[at].clause == toks[0].clause) or any(t.lemma in ("или", "ли") for t in toks):
        return None     # «стреляю по летуну, какой модификатор …»: the clause before it tells the case
    noun = toks[at + 1]
    asked = frozenset(w for w in _concepts(toks[:at] + toks[at + 1:])
                      if w not in L.filler and w not in L.implicit and w not in L.light)
    vi = getattr(idx, "values", None)
    if vi is None or not asked:
        return None
    from bot.rules_text.values import _candidates, _hits

    found: dict[str, tuple[str, str]] = {}
    # the sentences before the asked one tell the case («стреляю с модификатором +2 … выпало 5. какой
    # результат?»): a sentence that names none of it states the value of another case
    told = frozenset(w for part in parts[:-1] for w in _concepts(tokenize(part.rstrip("?!. "))[0])
                     if w not in L.filler and w not in L.implicit and w not in L.light and w not in L.personal)
    for k in _candidates(vi, sorted(asked)):
        f = vi.facts[k]
        if not all(_hits(x, f.words) for x in asked):
            continue
        if told and not any(_hits(x, f.words) for x in told - asked):
            continue
        for m in re.finditer(r"(?i)(?<![а-яё])" + re.escape(noun.text[:max(4, len(noun.text) - 2)]) + r"[а-яё]*",
                             f.sentence.replace("ё", "е")):
            v = _VALUE.match(f.sentence[m.end():])
            if v is not None and tokenize(m.group(0))[0][0].lemma == noun.lemma:
                found.setdefault(v.group(1).replace(" ", "").replace("−", "-").replace("–", "-"), (f.number, f.sentence))
    if len(found) != 1:
        return None
    value, (number, sentence) = next(iter(found.items()))
    return _reply(question, value, number, sentence, edition, idx)


def _reply(question, value, number, sentence, edition, idx):
    from bot.rules_text.values import _reply as reply

    return reply(question, value, [(number, sentence)], "", edition, "какой")
