"""«Сколько ран оно получит?» over a told story of wounds, when a valued ability prevents
the first X wounds of a kind of attack each turn (issue 14).

The edition states the prevention — «Броня Х предотвращает первые Х ран от немагических
атак, которые карта получает в течение каждого хода» — and which attacks are of which kind:
«Простой удар – ближняя немагическая атака», «Выстрел и метание – дальние немагические
атаки», «Магическими атаками являются разряд и магический удар, все остальные атаки –
немагические». The story tells the ability's value («у моего сущ броня 1») and the wounds of
each attack in one turn («2 раны простым ударом, а потом ещё 2 выстрелом»); the answer is
the wounds left: the told wounds minus the first X of the prevented kind — «3», with the sum
shown and both sentences cited.

No verdict when the story tells the ability twice or not at all, a wound without its
attack, an attack the edition does not classify, wounds in another turn («в прошлом ходу»),
or when the edition states no such prevention.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.memo import declines_per_question
from bot.reading.tokens import tokenize

_PREVENTS = re.compile(r"(?i)^(?P<ab>[А-ЯЁ][а-яё]+)\s+[XХ]\s+предотвращает\s+первые\s+[XХ]\s+ран\s+от\s+"
                       r"(?P<kind>[а-яё]+)\s+атак[а-яё]*[^.]*?(?P<turn>кажд[а-яё]+\s+ход[а-яё]*)?\.?$")
_KIND_OF = re.compile(r"(?i)^(?P<what>[^–—:;.]{3,60}?)\s+[–—-]\s+(?:[а-яё]+\s+){0,2}?(?P<kind>немагическ[а-яё]+|магическ[а-яё]+)"
                      r"\s+атак")
_ARE = re.compile(r"(?i)^(?P<kind>немагическ[а-яё]+|магическ[а-яё]+)\s+атаками\s+являются\s+(?P<what>[^,.;]+)"
                  r"(?P<rest>,\s+все\s+остальные\s+атаки\s+[–—-]\s+(?P<other>немагическ[а-яё]+|магическ[а-яё]+))?")
_ASKS = re.compile(r"(?i)(?<![а-яё])(?:сколько|скока|скоко|скок)\s+(?:[а-яё]+\s+){0,2}?ран")
_OTHER_TURN = re.compile(r"(?i)(?<![а-яё])(?:прошл|предыдущ|следующ|позапрошл)[а-яё]*\s+ход")
_WOUNDS = re.compile(r"(?i)(?<![\d.,])(\d+)\s+ран[а-яё]*")


@dataclass(frozen=True)
class Prevention:
    """«<ability> Х предотвращает первые Х ран от <kind> атак …»: ``ability`` concept,
    ``magic`` — whether the prevented attacks are the magical ones, where it is stated."""

    ability: str
    magic: bool
    number: str
    sentence: str


def _kind_is_magic(word: str) -> bool:
    return not word.casefold().startswith("немагическ")


def _concept(text: str) -> frozenset[str]:
    from bot.rules_text.propositions import _content

    return frozenset(w.lstrip("~") for w in _content(tokenize(text)[0])[0])


def read(idx) -> tuple[list[Prevention], dict[str, tuple[bool, str]], tuple[bool, str] | None]:
    """The preventions of an edition, its attack kinds (attack concept -> (magic, paragraph))
    and the kind it gives every other attack, if any (cached on ``idx``)."""
    got = getattr(idx, "_preventions", None)
    if got is not None:
        return got
    from bot.morph import lemma

    prev: list[Prevention] = []
    kinds: dict[str, tuple[bool, str]] = {}
    other: tuple[bool, str] | None = None
    seen: set[str] = set()
    for p in idx.props:
        s = p.sentence.strip()
        if s in seen:
            continue
        seen.add(s)
        m = _PREVENTS.match(s)
        if m is not None and m.group("turn"):
            prev.append(Prevention(lemma(m.group("ab").casefold()), _kind_is_magic(m.group("kind")), p.number, s))
        m = _ARE.match(s)
        if m is not None:
            for part in re.split(r"(?i)\s+и\s+|,\s*", m.group("what")):
                for c in _concept(part):
                    kinds.setdefault(c, (_kind_is_magic(m.group("kind")), p.number))
            if m.group("other"):
                other = (_kind_is_magic(m.group("other")), p.number)
        m = _KIND_OF.match(s)
        if m is not None:
            for part in re.split(r"(?i)\s+и\s+", m.group("what")):
                for c in _concept(part):
                    kinds.setdefault(c, (_kind_is_magic(m.group("kind")), p.number))
    out = (prev, kinds, other)
    try:
        object.__setattr__(idx, "_preventions", out)
    except Exception:  # noqa: BLE001
        pass
    return out


@declines_per_question   # the rule-text route and the story reader of bot.judge ask it the same question
def answer(question: str, edition: str, idx) -> "Answer | None":
    """The wounds left after the prevention (see the module docstring), or ``None``."""
    from bot.rules_text.question import _fix_typos, respell
    from bot.textnorm import fold

    if not _ASKS.search(question) or _OTHER_TURN.search(question):
        return None
    prevs, kinds, other = read(idx)
    if not prevs:
        return None
    text = _fix_typos(respell(question), edition)
    toks = tokenize(text)[0]
    lemmas = [t.lemma for t in toks]
    told = [pv for pv in prevs if pv.ability in lemmas]
    if len(told) != 1:
        return None
    pv = told[0]
    at = lemmas.index(pv.ability)
    if lemmas.count(pv.ability) != 1 or at + 1 >= len(toks) or not toks[at + 1].text.isdigit():
        return None     # «броня 1» told once, with its value
    x = int(toks[at + 1].text)
    story = re.sub(rf"(?i)(?<![а-яё]){re.escape(toks[at].text)}\s+{x}(?!\d)", " ", fold(text), count=1)
    events = _wounds(story, kinds, other)
    if not events:
        return None
    total = sum(n for n, _, _ in events)
    hit = sum(n for n, magic, _ in events if magic == pv.magic)
    left = total - min(x, hit)
    parts = " + ".join(f"{n} ({name})" for n, _, name in events)
    how = (f"{pv.ability.capitalize()} {x} предотвращает первые {x} ран от "
           f"{'магических' if pv.magic else 'немагических'} атак за ход: {parts} − {min(x, hit)} = {left}")
    spared = [magic for _, magic, _ in events if magic != pv.magic]
    cites = list(dict.fromkeys([pv.number] + (_not_prevented(idx, pv, spared[0]) if spared else [])
                               + [n for _, _, _, n in _classified(events, kinds, other)]))
    return _reply(question, str(left), pv, cites, how, edition, idx)


def _not_prevented(idx, pv: "Prevention", magic: bool) -> list[str]:
    """The paragraphs saying that ``pv``'s ability does not prevent wounds of the other kind of
    attack («Броня не предотвращает раны от магических атак», 403.3 and 306.6 of the test
    edition): a negated fact whose subject is the ability, whose verb is «предотвращать» (its
    concept) and which names the attacks of that kind; cited after ``pv``'s own paragraph when
    the story's attack is of that kind."""
    from bot.rules_text.language import language

    L = language()
    kind = "магический_атака" if magic else "немагический_атака"
    prevent = L.norm("предотвращать")
    out = []
    for p in idx.props:
        if p.kind == "modal" or p.positive or p.subject != pv.ability or L.norm(p.action) != prevent:
            continue
        if any(w == kind or L.is_kind_of(w, kind) for w in p.words):
            out.append(p.number)
    return list(dict.fromkeys(out))


def _wounds(text: str, kinds, other) -> list[tuple[int, bool, str]] | None:
    """``[(wounds, magic, attack)]`` of every clause of ``text`` telling a number of wounds
    («2 раны простым ударом», «ещё 2 выстрелом» after a told wound) with the one attack the
    edition classifies; ``None`` when a number has no such attack next to it."""
    out = []
    seen_wound = False
    for clause in re.split(r"[,;.!?]|\s(?:а|и|потом|затем)\s", text):
        nums = [m for m in re.finditer(r"(?<![\d.,])(\d+)(?![\d.,]?\d)(?:\s+([а-яё]+))?", clause)]
        if not nums:
            continue
        for m in nums:
            noun = (m.group(2) or "").casefold()
            if noun.startswith("ран") or re.search(r"(?<![а-яё])на\s*$", clause[:m.start()]) and not noun:
                seen_wound = True   # «2 раны», «разряд на 3»
            elif not (seen_wound and (not noun or noun in _ATTACK_CASES or _attack_named(noun))):
                return None     # a number counting something else
            found = {c for c in _concept(clause) if c in kinds}
            if len(found) != 1:
                return None
            c = found.pop()
            out.append((int(m.group(1)), kinds[c][0], c.replace("_", " ")))
    return out or None


_ATTACK_CASES = frozenset({"простым", "выстрелом", "метанием", "разрядом", "ударом", "от"})


def _attack_named(text: str) -> bool:
    return bool(re.search(r"(?i)удар|выстрел|метани|разряд", text))


def _classified(events, kinds, other):
    from bot.rules_text.match import covers  # noqa: F401 - the concepts are the edition's own

    out = []
    for n, magic, name in events:
        c = name.replace(" ", "_")
        if c in kinds:
            out.append((n, magic, name, kinds[c][1]))
    return out


def _reply(question: str, verdict: str, pv: Prevention, cites: list[str], how: str, edition: str, idx):
    from bot.answer import Answer, Block
    from bot.rulebook import load

    rb = load(edition)
    blocks = [Block("text", f"По тексту правил (п. {pv.number}: «{pv.sentence}»)."), Block("text", how + ".")]
    blocks += [Block("rule", c.text, number=n) for n in cites[:3] if (c := rb.get(n)) is not None]
    return Answer(question=question, route="rule_text", verdict=verdict, blocks=blocks, citations=cites,
                  trace=[f"предотвращение ран: {how}", f"подходит п. {pv.number}: «{pv.sentence}»"],
                  sentence=pv.sentence)
