"""Metamorphic check of ``ask``'s verdicts: wrong or unjustified verdicts found without
expected answers (issues 11 and 14).

A question that got a verdict is rewritten into variants whose right answer is known
relative to the original one; when the two answers disagree the way the variant says they
must not, at least one of them is wrong or unjustified. The relations (``FAMILIES``):

- ``modal``      — the asked modal negated («можно» <-> «нельзя», «может» <-> «не может»):
                   whether the action is allowed must read the same from both answers (the
                   lead word flips: «Можно ли X? — Нет, нельзя» / «Нельзя X? — Нельзя: …»),
                   or the variant declines;
- ``trait``      — a trait of the set-up negated («летающий» <-> «не летающий», «без
                   класса» <-> «с классом»): where the first cited paragraph names the trait
                   (the trait decides) the verdict must change or the variant decline;
- ``owner``      — the owner swapped («мой» <-> «чужой»): where no cited paragraph speaks of
                   owners, the verdict must stay (or the variant decline);
- ``reorder``    — two set-up sentences that tell no order of events swapped: verdict unchanged;
- ``chatter``    — a greeting, a thanks, a filler before the question: verdict unchanged;
- ``typo``       — two letters of the asked sentence's longest word swapped: verdict unchanged;
- ``claim``      — the question told as a friend's claim («друг говорит, что X. Он прав?»):
                   «прав» exactly when the original's verdict affirms X;
- ``claim_neg``  — the same with the claim negated («… что нельзя X»): «прав» exactly when
                   the original denies X;
- ``condition``  — a condition no rule mentions added («…, если это первый бой турнира?»):
                   the verdict must stay or the variant decline; a kept verdict resting on a
                   paragraph that is itself conditional («если», «пока», «кроме») is listed
                   for review (the added condition may be what the paragraph asks).

Every pair is one of ``STATUSES``: ``consistent``; ``inconsistent`` (one of the two
answers is wrong or unjustified); ``declined`` (the variant gave no verdict — never a
fault by itself: declining is preferred to guessing); ``review`` (the relation cannot
tell, see above); ``unread`` (the truth of a verdict could not be read from its words).

    python benchmarks/metamorphic.py /work/eval_fresh/set1.yaml /work/eval_fresh/set2.yaml -v
    python benchmarks/metamorphic.py Q.yaml --edition tested --family modal,claim

Set files are named one by one (never a glob). Only the questions are read, never the
expected answers: the check needs none. ``-v`` prints every inconsistent pair.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FAMILIES = ("modal", "trait", "owner", "reorder", "chatter", "typo", "claim", "claim_neg", "condition")
STATUSES = ("consistent", "inconsistent", "declined", "review", "unread")
ROUTES = ("scenario", "rule text", "ability", "claims", "other")


@dataclass(frozen=True)
class Variant:
    """A rewritten question. ``family``: one of ``FAMILIES``; ``question``: its text;
    ``changed``: what was changed («можно -> нельзя»), for the report."""

    family: str
    question: str
    changed: str


@dataclass(frozen=True)
class Finding:
    """One checked pair: the original question and verdict, the variant and its verdict,
    the status (one of ``STATUSES``), the route the pair is counted under (one of
    ``ROUTES``) and why the status was given."""

    family: str
    route: str
    status: str
    question: str
    verdict: str
    variant: str
    variant_verdict: str | None
    why: str


# ---------------------------------------------------------------- text helpers

_WORD = r"[а-яёА-ЯЁa-zA-Z]"


def _low(text: str) -> str:
    return text.lower().replace("ё", "е")


def sentences(question: str) -> tuple[list[str], int]:
    """``(sentences, i)``: the sentences of ``question`` and the index of the asked one (the
    last with «?», else the last) — ``bot.asked.split_asked``, the judge's own split."""
    from bot.asked import split_asked

    return split_asked(question)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"«[^»]*»|\"[^\"]*\"|“[^”]*”", text)]


def _outside_quotes(text: str, at: int) -> bool:
    return not any(a <= at < b for a, b in _quoted_spans(text))


def _with_asked(question: str, new_asked: str) -> str:
    parts, i = sentences(question)
    parts[i] = new_asked
    return " ".join(parts)


# ---------------------------------------------------------------- variants

_RHETORIC = re.compile(r"(?<![а-яё])(разве|неужели|ведь|же|нельзя\s+ли|не\s+так\s+ли|правильно|верно|правда|так\s*\?|"
                      r"да\s*\?)(?![а-яё])")
"""A rhetorical or confirming question («разве …», «…, правильно понимаю?», «…, да?»): its lead word
answers the statement as told, so negating its modal does not keep the relation simple."""

# positive modal -> its negation; each pair is tried on the asked sentence, the first that fits once wins
_MODAL_PAIRS: tuple[tuple[str, str], ...] = (
    (r"можно\s+ли", "нельзя"), (r"можно", "нельзя"), (r"нельзя", "можно"),
    (r"не\s+(может|могу|можем|могут|можешь|сможет|смогу|смогут|должен|должна|должны|обязан|обязаны)", r"\1"),
    (r"(может|могу|можем|могут|можешь|сможет|смогу|смогут|должен|должна|должны|обязан|обязаны)\s+ли", r"не \1"),
    (r"(может|могу|можем|могут|можешь|сможет|смогу|смогут|должен|должна|должны|обязан|обязаны)", r"не \1"),
)
_MODAL_ANY = re.compile(r"(?<![а-яё])(можно|нельзя|может|могу|можем|могут|можешь|сможет|смогу|смогут|должен|должна|"
                        r"должны|обязан|обязаны)(?![а-яё])")


def negate_modal(question: str) -> Variant | None:
    """The asked sentence with its one modal negated («можно ли» -> «нельзя», «может» -> «не
    может», «не может» -> «может»), or ``None`` when it has none, several, or asks
    rhetorically («разве», «неужели», «ведь»: the lead word then agrees with the negation)."""
    parts, i = sentences(question)
    if i < 0:
        return None
    s = parts[i]
    low = _low(s)
    if _RHETORIC.search(low) or _WH.search(low) or len(_MODAL_ANY.findall(low)) != 1:
        return None
    for pat, rep in _MODAL_PAIRS:
        rx = re.compile(r"(?<![а-яё])" + pat + r"(?![а-яё])")
        m = rx.search(low)
        if m is None or not _outside_quotes(s, m.start()):
            continue
        new = rx.sub(rep, low[m.start():m.end()], count=1)
        if s[m.start():m.start() + 1].isupper():
            new = new[:1].upper() + new[1:]
        out = s[:m.start()] + new + s[m.end():]
        return Variant("modal", _with_asked(question, out), f"{s[m.start():m.end()]} -> {new}")
    return None


_ADJ = r"(?:ый|ое|ая|ые|ого|ому|ым|ом|ой|ую|ых|ыми|ий|ее|яя|ие|его|ему|им|ем|ей|юю|их|ими|о|а|ы)"
_TRAITS = r"(летающ" + _ADJ + r"|бестелесн" + _ADJ + r"|закрыт" + _ADJ + r"|открыт" + _ADJ + r"|ранен" + _ADJ + \
    r"?|уникальн" + _ADJ + r")"


def negate_trait(question: str) -> Variant | None:
    """The first trait of the question outside quotes negated («летающего» -> «не
    летающего», «не летающего» -> «летающего», «без класса» <-> «с классом»), or ``None``."""
    low = _low(question)
    cands = []
    for m in re.finditer(r"(?<![а-яё])не\s+" + _TRAITS + r"(?![а-яё])", low):
        cands.append((m.start(), m.end(), question[m.start() + 3:m.end()].lstrip()))
    for m in re.finditer(r"(?<![а-яё])(?<!не )" + _TRAITS + r"(?![а-яё])", low):
        if not re.search(r"(?<![а-яё])не\s+$", low[:m.start()]):
            cands.append((m.start(), m.end(), "не " + question[m.start():m.end()]))
    for m in re.finditer(r"(?<![а-яё])без\s+класса(?![а-яё])", low):
        cands.append((m.start(), m.end(), "с классом"))
    for m in re.finditer(r"(?<![а-яё])с\s+классом(?![а-яё])", low):
        cands.append((m.start(), m.end(), "без класса"))
    cands = [c for c in cands if _outside_quotes(question, c[0])
             and not re.search(r"(?<![а-яё])(стал\w*|станов\w*|сделал\w*|теперь|перестал\w*|быть)\s+$", low[:c[0]])]
    if not cands:
        return None
    a, b, new = min(cands)
    return Variant("trait", question[:a] + new + question[b:], f"{question[a:b]} -> {new}")


_OWNER = {"мой": "чужой", "моего": "чужого", "моему": "чужому", "моим": "чужим", "моем": "чужом", "моём": "чужом",
          "моя": "чужая", "мою": "чужую", "моей": "чужой", "мое": "чужое", "моё": "чужое", "мои": "чужие", "моих": "чужих",
          "моими": "чужими", "свой": "чужой", "своего": "чужого", "своему": "чужому", "своим": "чужим", "своем": "чужом",
          "своём": "чужом", "своя": "чужая", "свою": "чужую", "своей": "чужой", "свое": "чужое", "своё": "чужое",
          "свои": "чужие", "своих": "чужих", "своими": "чужими"}


def swap_owner(question: str) -> Variant | None:
    """Every «мой» / «свой» of the question outside quotes made «чужой» (in its case), or
    ``None`` when there is none."""
    rx = re.compile(r"(?<![а-яёА-ЯЁ])(" + "|".join(sorted(_OWNER, key=len, reverse=True)) + r")(?![а-яёА-ЯЁ])", re.I)
    hits = [m for m in rx.finditer(question) if _outside_quotes(question, m.start())]
    if not hits:
        return None
    out, last = [], 0
    for m in hits:
        w = m.group(1)
        rep = _OWNER[w.lower()]
        out += [question[last:m.start()], rep.capitalize() if w[:1].isupper() else rep]
        last = m.end()
    out.append(question[last:])
    return Variant("owner", "".join(out), f"{hits[0].group(1)} -> {_OWNER[hits[0].group(1).lower()]}")


_ORDERED = re.compile(r"(?<![а-яё])(потом|затем|после|сначала|снова|опять|теперь|тогда|уже|ответ|этого|это|этот|эта|"
                      r"эту|он|она|оно|они|его|ее|её|ему|ей|им|их|ним|ней|нем|нём|них|тот|той|того|там|тут|туда|"
                      r"далее|дальше|следом|вдруг|но|однако|а)(?![а-яё])")


def reorder(question: str) -> Variant | None:
    """The first two set-up sentences swapped when neither tells an order of events nor
    refers back («потом», «он», «это» …), else ``None``."""
    parts, i = sentences(question)
    if i < 2:
        return None
    a, b = parts[0], parts[1]
    if _ORDERED.search(_low(a)) or _ORDERED.search(_low(b)) or not a.endswith(".") or not b.endswith("."):
        return None
    return Variant("reorder", " ".join([b, a, *parts[2:]]), "1 <-> 2")


CHATTER = ("привет, вопрос: {q}", "{q} заранее спс", "народ, подскажите: {q}")


def chatter(question: str) -> list[Variant]:
    """The question with each harmless chatter of ``CHATTER`` added."""
    q = question.strip()
    lowered = q[:1].lower() + q[1:] if q[:1].isupper() and not q[1:2].isupper() else q
    out = []
    for form in CHATTER:
        text = form.format(q=lowered if form.startswith(("привет", "народ")) else q)
        out.append(Variant("chatter", text, form.replace("{q}", "…")))
    return out


def typo(question: str) -> Variant | None:
    """Two inner letters of the asked sentence's longest word (8 letters or more, outside
    quotes) swapped, or ``None``."""
    parts, i = sentences(question)
    if i < 0:
        return None
    s = parts[i]
    words = [m for m in re.finditer(_WORD + r"{8,}", s) if _outside_quotes(s, m.start())]
    if not words:
        return None
    m = max(words, key=lambda m: (len(m.group()), -m.start()))
    w = m.group()
    k = len(w) // 2
    if w[k] == w[k + 1]:
        k -= 1
    new = w[:k] + w[k + 1] + w[k] + w[k + 2:]
    return Variant("typo", _with_asked(question, s[:m.start()] + new + s[m.end():]), f"{w} -> {new}")


_LEAD_FILLERS = re.compile(r"^(?:(?:а|и|ну|так|вот|слушай|короче|скажите|подскажите|вопрос|кстати|народ)[,:]?\s+)+", re.I)
_WH = re.compile(r"(?<![а-яё])(или|кто|что|как|какой|какая|какое|какие|когда|где|куда|сколько|скок|скока|зачем|почему|"
                 r"чей|чья|чьи|каким|какую|кого|кому|чем|чего|каков\w*)(?![а-яё])")


def _statement(asked: str) -> str | None:
    """The asked sentence told as a statement («можно ли X?» -> «можно X»), or ``None`` for a
    question that asks a value, an alternative or rhetorically."""
    low = _low(asked)
    if _RHETORIC.search(low) or _WH.search(low):
        return None
    s = _LEAD_FILLERS.sub("", asked.strip())
    s = re.sub(r"(?i)(?<![а-яё])ли(?![а-яё])\s*", "", s)
    s = re.sub(r"[?!.\s]+$", "", s).strip(" ,")
    if not s:
        return None
    return s[:1].lower() + s[1:] if not s[1:2].isupper() else s


def claim(question: str, negated: bool = False) -> Variant | None:
    """The question told as a friend's claim: set-up sentences, then «друг говорит, что
    <statement>. Он прав?»; with ``negated`` the statement's modal negated first (family
    ``claim_neg``). ``None`` when the asked sentence is no yes/no question."""
    if _CLAIMED.search(_low(question)):
        return None     # already a dispute: a claim about a claim reads nothing new
    q = question
    if negated:
        v = negate_modal(question)
        if v is None:
            return None
        q = v.question
    parts, i = sentences(q)
    if i < 0:
        return None
    st = _statement(parts[i])
    if st is None:
        return None
    told = " ".join([*parts[:i], f"Друг говорит, что {st}. Он прав?", *parts[i + 1:]])
    return Variant("claim_neg" if negated else "claim", told, "друг говорит, что …")


_CLAIMED = re.compile(r"(?<![а-яё])(говор\w*|утвержда\w*|счита\w*|думаю|думает|уверя\w*|спор\w*|прав|права|правы|"
                      r"мол|требует)(?![а-яё])")

CONDITION = "если это первый бой турнира"


def add_condition(question: str) -> Variant | None:
    """«, если это первый бой турнира» put before the asked sentence's «?», or ``None``."""
    parts, i = sentences(question)
    if i < 0:
        return None
    s = parts[i] if "?" in parts[i] else parts[i].rstrip(" .!") + "?"
    at = s.rfind("?")
    head = s[:at].rstrip(" ,")
    return Variant("condition", _with_asked(question, f"{head}, {CONDITION}{s[at:]}"), f"+ «{CONDITION}»")


def variants(question: str) -> list[Variant]:
    """Every variant of ``question`` the families give, in ``FAMILIES`` order."""
    out: list[Variant] = []
    for v in (negate_modal(question), negate_trait(question), swap_owner(question), reorder(question)):
        if v is not None:
            out.append(v)
    out += chatter(question)
    for v in (typo(question), claim(question), claim(question, negated=True), add_condition(question)):
        if v is not None:
            out.append(v)
    return out


# ---------------------------------------------------------------- reading verdicts

_LEAD = re.compile(r"^\s*(да|нет)(?![а-яё])[\s,:;.—–-]*")
_NEG_CONTENT = re.compile(r"^(не|нельзя|невозможно|запрещено|запрещается|никак|никогда|ни)(?![а-яё])")
_POS_CONTENT = re.compile(r"^(можно|может|могут|можете|можешь|могу|сможет|смогут|разрешено|обязан\w*|должен|должна|"
                          r"должны|является|являются|будет|будут|происходит|требуется|требуют|требует|да)(?![а-яё])")
_PERSON_RULING = re.compile(r"(?<![а-яё])(не\s+)?прав[ыа]?(?![а-яё])")


def _negated_question(question: str) -> bool:
    """The asked sentence denies a predicate: it has «нельзя», or «не» before a verb, an
    infinitive or a predicative («X не может?», «не посадить?»; not «не открытое существо
    может …?»). Read here, not by the bot's own reader: the checker must not share its errors."""
    from bot.reading.tokens import tokenize

    parts, i = sentences(question)
    if i < 0:
        return False
    s = re.sub(r"«[^»]*»|\"[^\"]*\"|“[^”]*”", " ", parts[i])
    toks, _ = tokenize(_low(s))
    for k, t in enumerate(toks):
        if t.text == "нельзя":
            return True
        if t.text == "не" and k + 1 < len(toks) and toks[k + 1].pos in ("VERB", "INFN", "PRED"):
            return True
    return False


def truth(question: str, verdict: str | None) -> bool | None:
    """Whether ``verdict`` affirms the positive statement ``question`` asks about (for
    «нельзя X?» and «можно ли X?» alike: whether X holds), read from its words:
    the content word after the lead («Нет, нельзя», «Нельзя: …», «Не может …»,
    «Да, можно») decides; else the lead word of a positive question («Нет, экипировка
    уничтожается»). ``None`` when it cannot be told (a bare lead to a negated question, a
    value answer)."""
    if not verdict:
        return None
    low = _low(verdict.strip())
    m = _LEAD.match(low)
    body = low[m.end():] if m else low
    negq = _negated_question(question)
    if _NEG_CONTENT.match(body):
        content: bool | None = False
    elif _POS_CONTENT.match(body):
        content = True
    else:
        content = None
    if m is None:
        return content
    lead = m.group(1) == "да"
    if negq:
        return content     # «Да» / «Нет» to «нельзя X?» reads either way
    return lead


def claim_truth(verdict: str | None) -> bool | None:
    """Whether a ruling on a claim says the claimer is right («Да, друг прав» -> True,
    «Нет, друг не прав» -> False), else ``None``."""
    if not verdict:
        return None
    low = _low(verdict)
    m = _PERSON_RULING.search(low)
    if m is None:
        return None
    return m.group(1) is None


def gist(verdict: str | None) -> str | None:
    """A comparable form of a verdict: its lead word when it has one, else its first three
    words folded (a value answer: «Одна», «Активный игрок», «Симбиот погибает»)."""
    if not verdict:
        return None
    low = _low(verdict.strip())
    m = _LEAD.match(low)
    if m:
        return m.group(1)
    words = [w for w in re.findall(r"[а-яёa-z0-9]+", low) if w not in _PRONOUNS]
    for k, w in enumerate(words[:3]):    # a count: «Одна: …», «Только одного (1)», «1 («одного …»)» are one value
        if w.isdigit():
            return w
        for stem, n in _NUMERALS:
            if w.startswith(stem) and (k == 0 or words[0] in ("только", "не", "более", "всего")):
                return n
    return " ".join(words[:1])


_NUMERALS = (("одн", "1"), ("один", "1"), ("дв", "2"), ("тр", "3"), ("четыр", "4"), ("пят", "5"), ("ноль", "0"))


_PRONOUNS = frozenset("его ее её их ваш ваша ваше ваши вашего вашей мой моя мое моё мои свой своя свое своё свои у".split())


def route_of(answer) -> str:
    """The route a pair is counted under: ``claims`` when the answer read a claim (its trace
    opens with «утверждение: …»), else ``scenario`` / ``rule text`` / ``ability`` / ``other``."""
    if any(str(t).startswith("утверждение") for t in answer.trace):
        return "claims"
    return {"scenario": "scenario", "rule_text": "rule text", "ability": "ability"}.get(answer.route, "other")


_OWNER_WORDS = re.compile(r"(?<![а-яё])(противни\w*|сво\w*|чуж\w*|владел\w*|контрол\w*|союзн\w*|вражеск\w*|"
                          r"активн\w*|неактивн\w*)(?![а-яё])")
_CONDITIONAL = re.compile(r"(?<![а-яё])(если|пока|кроме|только\s+когда|только\s+если|за\s+исключением)(?![а-яё])")


def _paragraphs(citations, edition: str) -> list[str]:
    from bot.rulebook import load

    rb = load(edition)
    out = []
    for n in citations[:3]:
        c = rb.get(n)
        if c is not None:
            out.append(_low(c.text))
    return out


def _trait_stem(changed: str) -> str:
    word = re.sub(r"^не\s+", "", _low(changed.split(" -> ")[0]))
    if "класс" in word:
        return "класс"
    return word[:6]


def judge_pair(family: str, question: str, answer, variant: Variant, vanswer, edition: str = "5ed") -> Finding:
    """The status of one pair (``question`` with ``answer`` that has a verdict, ``variant``
    with ``vanswer``; answers are ``bot.answer.Answer``). See the module's docstring."""
    v0, v1 = answer.verdict, vanswer.verdict
    route = route_of(vanswer) if family.startswith("claim") else route_of(answer)

    def f(status: str, why: str) -> Finding:
        return Finding(family, route, status, question, v0, variant.question, v1, why)

    if not v1:
        return f("declined", "вариант без вердикта")
    if family in ("claim", "claim_neg"):
        t0 = truth(question, v0)
        c1 = claim_truth(v1)
        if t0 is None or c1 is None:
            return f("unread", "не прочитано, что утверждает вердикт")
        if _negated_question(question):
            t0 = not t0     # the claim tells the statement as asked («нельзя X»): true when X does not hold
        want = t0 if family == "claim" else not t0
        return f("consistent" if c1 == want else "inconsistent",
                 f"исходный вердикт: {'да' if t0 else 'нет'}; об утверждении: {'прав' if c1 else 'не прав'}")
    if family == "modal":
        t0, t1 = truth(question, v0), truth(variant.question, v1)
        if t0 is None or t1 is None:
            return f("unread", "не прочитано, разрешено ли спрошенное")
        return f("consistent" if t0 == t1 else "inconsistent",
                 f"исходный: {'да' if t0 else 'нет'}; вариант: {'да' if t1 else 'нет'} (должно совпасть)")
    t0, t1 = truth(question, v0), truth(variant.question, v1)
    c0, c1 = claim_truth(v0), claim_truth(v1)
    if c0 is not None and c1 is not None:
        same = c0 == c1
    elif t0 is not None and t1 is not None:
        same = t0 == t1
    elif (t0 is None) != (t1 is None) and (_LEAD.match(_low(v0)) or _LEAD.match(_low(v1))):
        return f("unread", "у одного вердикта не прочитано, верно ли спрошенное")
    else:
        same = gist(v0) == gist(v1)
    if family == "trait":
        reason = re.sub(r"«[^»]*»|\([^)]*\)", " ", _low(v0))    # not a quoted card text, not a list of traits
        decides = _trait_stem(variant.changed) in reason    # the verdict gives the trait as its reason
        if not same:
            return f("consistent", "вердикт изменился")
        return f("inconsistent" if decides else "consistent",
                 "свойство названо в пункте, а вердикт тот же" if decides else "пункт не называет свойство")
    if family == "owner":
        texts = _paragraphs(list(answer.citations) + list(vanswer.citations), edition)
        if any(_OWNER_WORDS.search(t) for t in texts):
            return f("consistent" if same else "review", "пункт говорит о владельце")
        return f("consistent" if same else "inconsistent", "пункт не говорит о владельце" + ("" if same else ", а вердикт изменился"))
    if not same:
        return f("inconsistent", "вердикт изменился")
    if family == "condition":
        texts = _paragraphs(vanswer.citations, edition)[:1]
        if any(_CONDITIONAL.search(t) for t in texts):
            return f("review", "пункт с условием, добавленное условие он не называет")
    return f("consistent", "вердикт тот же")


# ---------------------------------------------------------------- running

def run(questions: list[str], edition: str = "5ed", families=FAMILIES) -> tuple[list[Finding], int]:
    """``(findings, asked)``: every variant of every question of ``questions`` that got a
    verdict from ``bot.judge.ask`` under ``edition``, judged; ``asked``: how many of them had
    a verdict."""
    from bot.judge import ask

    out: list[Finding] = []
    asked = 0
    for q in questions:
        a = ask(q, edition=edition)
        if not a.verdict:
            continue
        asked += 1
        for v in variants(q):
            if v.family not in families:
                continue
            try:
                va = ask(v.question, edition=edition)
            except ValueError:
                continue
            out.append(judge_pair(v.family, q, a, v, va, edition))
    return out, asked


def table(findings: list[Finding]) -> str:
    """Per family and per route: pairs, and the count of each status."""
    lines = []
    for key, name, order in (("family", "family", FAMILIES), ("route", "route", ROUTES)):
        cnt: dict[str, Counter] = defaultdict(Counter)
        for f in findings:
            cnt[getattr(f, key)][f.status] += 1
        lines.append(f"{name:<12} {'pairs':>6} " + " ".join(f"{s:>12}" for s in STATUSES))
        for k in order:
            if k in cnt:
                c = cnt[k]
                lines.append(f"{k:<12} {sum(c.values()):>6} " + " ".join(f"{c[s]:>12}" for s in STATUSES))
        tot = Counter(f.status for f in findings)
        lines.append(f"{'TOTAL':<12} {sum(tot.values()):>6} " + " ".join(f"{tot[s]:>12}" for s in STATUSES))
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("files", nargs="+", type=Path, help="question sets (YAML lists of {q: …}), named one by one")
    p.add_argument("--edition", default="5ed")
    p.add_argument("--family", default=",".join(FAMILIES), help="comma-separated families to check")
    p.add_argument("-v", "--verbose", action="store_true", help="print every inconsistent pair")
    p.add_argument("--review", action="store_true", help="with -v, also the pairs to review")
    args = p.parse_args(argv)
    import yaml

    fams = tuple(x.strip() for x in args.family.split(",") if x.strip())
    bad = [x for x in fams if x not in FAMILIES]
    if bad:
        p.error(f"неизвестные семейства: {', '.join(bad)}; есть: {', '.join(FAMILIES)}")
    qs: list[str] = []
    for f in args.files:
        qs += [str(c["q"]) for c in yaml.safe_load(f.read_text(encoding="utf-8")) or [] if isinstance(c, dict) and "q" in c]
    findings, asked = run(qs, args.edition, fams)
    if args.verbose:
        show = ("inconsistent", "review") if args.review else ("inconsistent",)
        for x in findings:
            if x.status in show:
                print(f"[{x.status}] {x.family}/{x.route}: {x.why}\n    {x.question}\n      -> {x.verdict}\n"
                      f"    {x.variant}\n      -> {x.variant_verdict}")
        print()
    print(f"questions {len(qs)}, with a verdict {asked}, pairs {len(findings)}\n")
    print(table(findings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
