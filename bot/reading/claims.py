"""Claims to check: «противник говорит, что P. Он прав?», «я думаю, что P, верно?»,
«я говорю P, друг спорит. Кто прав?» — answered relative to the claim (issue 11).

``find_claim(question)`` splits the question into the set-up told before the claim, who
claims (``me`` / ``other``), the claimed proposition P and the check asked («он прав?» /
«кто прав?» / «верно?»). ``answer(question, edition)`` asks P as a yes/no question with the
same set-up through the situation routes (the reader, then the keyword route — both give a
verdict only when every word was read) and turns its «Да» / «Нет» into a ruling on the
claim: «Да, противник прав: …», «Нет, вы не правы: …», «Прав противник: …». No verdict on
P — no verdict on the claim. The claim words are the ``claim_say`` / ``claim_right`` lists
of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block
from bot.morph import lemma
from bot.reading.lexicon import words
from bot.textnorm import fold
from bot.yesno import rule_on_claim

# «прав?», «он прав?», «я прав?», «кто прав?», «верно?», «так?», «это так?», «правда?»
_CHECK = re.compile(r"(?:^|[\s,.;:!?—–-])(кто\s+(?:из\s+нас\s+)?прав[ыа]?|(?:он|она|я|мы|ты|вы|друг|противник|соперник)?\s*"
                    r"(?:прав[ыа]?|не\s+прав[ыа]?)(?:\s+ли)?(?:\s+(?:он|она|я|мы|ты|вы|друг|противник|соперник))?"
                    r"|(?:это\s+)?(?:верно|так|правда|правильно))\s*\??\s*$")
_SPEAKERS_ME = ("я", "мы")
_WHO_RU = {"me": "вы", "other": "противник"}


@dataclass
class Claim:
    """``setup``: the sentences before the claim; ``who``: ``me`` | ``other`` (who claims);
    ``other_word``: how the other side is named («противник», «друг»); ``proposition``:
    the claimed statement P; ``check``: ``right`` («он прав?», «верно?») | ``who`` («кто прав?»)."""

    setup: str
    who: str
    other_word: str
    proposition: str
    check: str

    @property
    def asked(self) -> str:
        """The claimed proposition as its own question, after the set-up sentences
        («Посадил симба на орка. Симбиот погибает?»)."""
        return (self.setup + " " if self.setup else "") + self.proposition[:1].upper() + self.proposition[1:] + "?"


def _speaker(words_before: list[str]) -> tuple[str, str]:
    for w in reversed(words_before):
        if w in _SPEAKERS_ME:
            return "me", ""
        lm = lemma(w)
        if lm in ("противник", "соперник", "оппонент", "друг", "товарищ", "приятель", "судья", "напарник"):
            return "other", lm
    return "other", "собеседник"


def find_claim(question: str) -> Claim | None:
    """The claim in ``question``, or ``None`` when it states none."""
    q = " ".join(question.split())
    f = fold(q)
    m = _CHECK.search(f)
    if m is None:
        return None
    body = f[:m.start()].rstrip(" ,.;:—–-")
    check = "who" if m.group(1).startswith("кто") else "right"
    w = words()
    # «X говорит / утверждает / считает, что P» or «X: «P»» or «я говорю P»
    for say in re.finditer(r"[а-я]+", body):
        if lemma(say.group(0)) not in w.claim_say:
            continue
        before = re.findall(r"[а-я]+", body[:say.start()])
        who, other = _speaker(before[-3:])
        rest = body[say.end():].lstrip(" ,:")
        rest = re.sub(r"^что\s+", "", rest)
        # «…, друг спорит», «…, а друг — что …»: the other side only disagrees
        rest = re.split(r",?\s*(?:а\s+)?(?:друг|противник|соперник|он|она)\s+(?:спорит|не\s+согласен|возражает|—|–|-)", rest)[0]
        prop = rest.strip(" ,.;:—–-")
        if not prop or len(prop.split()) < 1:
            return None
        # the set-up: whole sentences before the sentence of the claim
        start = body.rfind(".", 0, say.start())
        setup = q[:start + 1].strip() if start >= 0 else ""
        if who == "me" and check == "who":
            other = next((lemma(x) for x in re.findall(r"[а-я]+", body[say.end():])
                          if lemma(x) in ("противник", "соперник", "оппонент", "друг")), "противник")
        return Claim(setup, who, other or "противник", prop, check)
    return None


def _fact_in(fact: str, proposition: str) -> bool:
    """A fact verdict («Как по закрытой карте») states what the proposition says: every
    content word of its head (before «:») is in the proposition (by lemma). A fact naming
    anything else does not decide the claim (the answer then withholds a verdict)."""
    from bot.vocab import words as vocab_words
    stop = vocab_words("stop_words")
    head = re.findall(r"[а-я]+", fold(fact.split(":")[0]))
    prop = {lemma(x) for x in re.findall(r"[а-я]+", fold(proposition))}
    content = [lemma(x) for x in head if x not in stop]
    return bool(content) and all(x in prop for x in content)


def _inner(question: str, edition: str) -> Answer | None:
    from bot.reading import game_actions
    from bot.reading import route as reading_route
    from bot.sim import route as sim_route
    for r in (reading_route, game_actions, sim_route):
        try:
            a = r.answer(question, edition)
        except Exception:  # noqa: BLE001 - a failing route must not cost the claim an honest answer
            a = None
        if a is not None:
            return a
    return None


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The ruling on a claim in ``question``, or ``None`` when there is no claim or its
    proposition is not a situation the routes read (search answers instead)."""
    c = find_claim(question)
    if c is None:
        return None
    asked = c.asked
    inner = _inner(asked, edition)
    if inner is None:
        return None
    said = f"{'вы' if c.who == 'me' else c.other_word} утверждает, что {c.proposition}".replace("вы утверждает", "вы утверждаете")
    understood = f"Как я понял: {said}; вопрос: {'кто прав' if c.check == 'who' else 'верно ли это'}."
    if inner.understood:
        understood = understood.rstrip(".") + "; " + inner.understood.removeprefix("Как я понял: ")
    m = re.match(r"(Да|Нет)\b[,:]?\s*(.*)", inner.verdict or "", re.S)
    if m is None and inner.verdict and _fact_in(inner.verdict, c.proposition):
        m = re.match(r"(Да)()", "Да")       # «как по закрытой карте» is what P says
        holds_fact = inner.verdict
    else:
        holds_fact = None
    if m is None:
        blocks = [Block("text", "Проверить утверждение не могу: " + (inner.blocks[0].text if inner.blocks else "вопрос понят не полностью")),
                  *inner.blocks[1:]]
        return Answer(question=question, route="scenario", verdict=None, blocks=blocks, citations=list(inner.citations),
                      trace=list(inner.trace), understood=understood, reading=inner.reading,
                      unread=list(inner.unread or []) or ["(утверждение)"])
    holds, why = m.group(1) == "Да", holds_fact or m.group(2)
    rest = re.sub(r"^(?:можно|нельзя|может|не может)[:,]\s*", "", why)
    why = rest or why      # «нельзя: нельзя помещать …» reads twice
    verdict = rule_on_claim(holds, why, claimer_is_me=c.who == "me", other=c.other_word, who_check=c.check == "who")
    return Answer(question=question, route="scenario", verdict=verdict, blocks=list(inner.blocks),
                  citations=list(inner.citations), trace=[f"утверждение: {c.proposition}", *inner.trace],
                  understood=understood, reading=inner.reading, unread=list(inner.unread or []))
