"""What a question says happened at the table -> an ``Outcome`` (505.4–505.9).

A judge question quotes card text and tells, in words, what happened:
«существо не уничтожилось», «не удалось снять жизни», «противник отказался»,
«ресурсов не хватает», «выбрал второе», «нельзя объявить», «объявил только
перемещение». This module splits the question into sentences, finds those cue
words and the part of the text they speak about (by word stems or by ordinals
«первая», «второе»), and reports the sentences it could not map.

Also read: statements that open the question sentence («Карта уничтожила себя —
ранение будет?»); facts that make a part impossible to declare («все соседние
клетки заняты» for a relocation, 507.2; «уже закрыто» for «закрыть»); «не было /
нет / отсутствуют X» as part X not performed; «только X», «X без Y», «X, но не Y»
under «может» (505.8). Verbs that tell how an action went («не получилось», «не
удалось», «не прошло») never name a part themselves.

The player's intended declaration is read apart from what happened: «хочу сразу X»,
«хочу только X», «собираюсь X», «могу выбрать X» name the parts the player wants to
declare (``Reading.intent``; under «или» it is also the choice, under «может» the
declared parts); «хотя Y можно», «Y легально», «цель для Y есть» say part Y may be
declared (``Reading.legal``) — neither is «Y выполнена».
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from bot.abilities.resolve import Outcome, Part
from bot.memo import per_question
from bot.morph import lemma, pos
from bot.textnorm import fold, normalize_typography
from bot.vocab import alternation, patterns, section

QUOTE_MARK = "⟪Q⟫"  # stands for a quoted phrase inside a sentence

# The words of this reader: the ``outcome`` section of the one question lexicon
# (``grammar/lexicon.yaml``, ``bot.vocab``), which a judge edits without Python.
_W = section("outcome")


def _words(key: str) -> str:
    """The word list ``key`` of the ``outcome`` section as one regex alternation («*»: ``\\w*``)."""
    return alternation(_W[key], ending=r"\w*")


# Words too common in card text to tell parts apart.
_GENERIC = frozenset(str(w) for w in _W["generic"])
_ORDINALS = {str(k): int(v) for k, v in _W["ordinals"].items()}
_ORD_RE = re.compile(r"\b(перв|втор|трет|четв[её]рт|пят)[а-я]*\b|\b(?:часть|способность|вариант)\s*(\d)\b|\b(\d)[-‑]?(?:я|й|е|ю|ая|ую|ое)\b")
_WORD_RE = re.compile(r"[а-яё]+")

# (the words of the patterns below are lists of ``outcome`` in grammar/lexicon.yaml; «*» is \w* here)
_NEG_RE = re.compile(r"\b(" + _words("negation") + r")\b")
_ILLEGAL_RE = re.compile(r"нелегальн|\bнельзя\b|\bневозможно\b|нельзя\s+(?:\w+\s+)?объяв|невозможно\s+объяв|не\s+(?:может|можно|могу|смог\w*)\s+"
                         r"(?:быть\s+)?объяв|\bне\s+(?:могу|может|можем|могут|можно)\b|объявить\s+нельзя|нет\s+(?:\w+\s+){0,2}цел[еи]")
_REFUSE_RE = re.compile(patterns("outcome", "refuse"))
ACCEPTED_RE = re.compile(r"(?<![а-яё])(?:не\s+(?:стал[аи]?\s+|захотел[аи]?\s+|будет\s+|собирается\s+)?отка(?:зал|зыва|жет)\w*"
                         r"|(?<!не\s)согласил\w*|(?<!не\s)согласен|(?<!не\s)соглашается|не\s+возража\w*|не\s+против)")
"""The opponent told to take the effect: «не отказался», «не стал отказываться», «согласился» (505.7) —
no refusal, though «отказ…» is in its words (``bot.sim.board_text`` reads it the same)."""
_CANNOT_RE = re.compile(r"противник\w*\s+не\s+мо\w+|не\s+мо\w+\s+противник")
_NO_RES_RE = re.compile(r"ресурс\w*(?:\s+\w+){0,2}\s+(?:не\s+хват|нет|недостат|мало)|(?:не\s+хват\w*|нет|недостат\w*|без)\s+ресурс|"
                        r"нечем\s+(?:за|о)плат|не\s+(?:может|можем|могу|смог\w*)\s+(?:за|о)плат")
# «выбрал», «выбираю», «выбор» — not the participle «выбранное существо», which names a target
_CHOOSE_RE = re.compile(r"\bвыбр(?!анн)\w*|\bвыбира\w*|\bвыбор\b")
_DECLARE_ONLY_RE = re.compile(r"\bтолько\b|\bбез\b|\b(?:но|а)\s+не\b|\bкроме\b")
_ONLY_END_RE = re.compile(r",|;|\bбез\b|\b(?:а|но|и)\s+не\b|\bкроме\b")
_WITHOUT_RE = re.compile(r"\b" + _words("without") + r"\b([^,;.?!]*)")
_DECLARE_RE = re.compile(patterns("outcome", "declare"))
# The player's intention to declare a part: «хочу сразу ранить», «собираюсь только X».
_INTENT_RE = re.compile(patterns("outcome", "intent")[:-1]
                        + r"|только(?!\s+(?:если|когда|при|после|в\s+случае|тогда|так)\b)\b)")
# A part stated legal to declare: «хотя закрыть можно», «закрыть легально», «цель для ранения есть».
_LEGAL_RE = re.compile(patterns("outcome", "legal"))
# Segments that name what is left out: «без Y», «не закрывая», «кроме Y», «а не Y».
_LEFT_OUT_RE = re.compile(r"\b" + _words("left_out") + r"\s+[^,;.?!]*")
# «пропустить первую способность»: the part is left undeclared by the player.
_SKIP_RE = re.compile(patterns("outcome", "skip"))
_NEGATED_RE = re.compile(r"\bбез\s+[а-я]+|\bне\s+(?:был\w*\s+|удал\w*\s+|смог\w*\s+)?[а-я]+")
_FAILED_RE = re.compile(r"\bне\s+\w+(?:я|в|вши)\b|\bнет\b|не\s+мо[гжч]\w*|не\s+(?:удал\w*|получил\w*|вышл\w*|сработал\w*|выполнил\w*|выполнен\w*|смог\w*|"
                        r"произош\w*|прош\w*|случил\w*)|провал\w*|\bбез\s+[а-я]+|не\s+был[оаи]?\b|отсутств\w*|\bни\s+одн\w*|не\s+\w+(?:ся|сь)\b|не\s+был\w*\s+\w+|не\s+\w+н[оаы]?\b")


# Stated facts that make a part impossible to declare, whatever the question calls
# it: (fact words in the clause, words of the part they block, why, paragraph).
_IMPOSSIBLE = (
    (re.compile(r"\bзанят\w*|нет\s+(?:свободн|незанят|пуст)\w*\s+клет|\bнекуда\b|"
                r"(?:свободн|незанят|пуст)\w*\s+клет\w*(?:\s+\w+)?\s+нет\b"),
     re.compile(r"перемест|передвин|сдвин"),
     "перемещение объявляется и выполняется только на незанятую клетку", "507.2"),
)
# «все существа (уже) закрыты»: every candidate is already in the state the part would bring about
_ALL_STATE_RE = re.compile(r"\bвсе\s+(?:\w+\s+){0,2}?(?:уже\s+)?([а-я]+(?:ты|ны|ены))\b")
_EXCEPT_RE = re.compile(r"(?<![а-яё])" + alternation(section("card_board")["facts"]["except"]) + r"(?![а-яё])")
"""«кроме одного», «за исключением …»: «все …» is then not every one (``card_board.facts.except``)."""
_PRONOUN_RE = re.compile(r"\b(" + _words("pronouns") + r")\b")


def opposites() -> dict[str, str]:
    """State stem -> stem of the verb that state makes performable («открыт» -> «закры»):
    ``state_opposites`` of the question lexicon (``bot.vocab``)."""
    from bot.vocab import section
    return {str(k): str(v) for k, v in section("state_opposites").items()}


_ALREADY_RE = re.compile(r"\bуже\s+(?:(?:был\w*|стал\w*)\s+)?([а-я]+)")


# Words that say an action was stopped, without «не»: «ранение отменено», «предотвращено».
_CANCELLED_RE = re.compile(patterns("outcome", "cancelled"))


@dataclass(frozen=True)
class Fact:
    """A stated fact that blocks a part: ``part`` (1-based), the clause that says it,
    ``reason`` (Russian) and the paragraph behind it (``None``: the connective's own)."""

    part: int
    said: str
    reason: str
    rule: str | None = None


@dataclass
class Reading:
    """What was read from a question.

    outcome: the ``Outcome``; asked: part numbers the question sentence asks about
    (empty: the question asks what happens overall); understood: sentences mapped
    (with what they were mapped to); not_understood: statement sentences with no
    recognised cue; question: the question sentence (folded) or ""; asked_outcome:
    what the question itself supposes; facts: stated facts that made a part
    impossible (``Fact``); conflict: set by the route when the told outcome does not
    fit the text (the Russian reason); intent / asked_intent: the parts the player
    wants to declare, told in a statement / named in the question (``None``: not
    said), left_out: the parts said to be left out with it; legal: parts stated
    legal to declare; choice_said: the statement that told which option was chosen
    (folded; it names who chose, which 505.5 decides), ``None`` when none did.
    """

    outcome: Outcome = field(default_factory=Outcome)
    asked: list[int] = field(default_factory=list)
    understood: list[str] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)
    question: str = ""
    asked_outcome: Outcome | None = None  # what the question itself supposes («может ли противник отказаться»)
    facts: list[Fact] = field(default_factory=list)  # stated facts that made a part impossible
    conflict: str | None = None  # set by the route: the told outcome does not fit the text (why)
    intent: frozenset[int] | None = None  # parts the player says they want to declare («хочу сразу X»)
    asked_intent: frozenset[int] | None = None  # the same, named in the question («могу ли я выбрать X?»)
    left_out: frozenset[int] = frozenset()  # parts left out with the intent («не закрывая»)
    legal: frozenset[int] = frozenset()  # parts stated legal to declare («хотя Y можно»)
    choice_said: str | None = None  # the statement that told the choice («противник выбрал излечить»): who chose, 505.5


_GUILLEMET = re.compile("[«»]")


def quotes(text: str) -> list[tuple[int, int, str]]:
    """Quoted phrases of ``text`` after typography normalisation, outermost only,
    with nested «…» kept inside: ``[(start, end, inner_text)]`` into the normalised text."""
    s = normalize_typography(text)
    out = []
    depth = 0
    start = 0
    for m in _GUILLEMET.finditer(s):      # only the quote marks are visited (not every character)
        i, ch = m.start(), m.group(0)
        if ch == "«":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "»" and depth:
            depth -= 1
            if depth == 0:
                out.append((start, i + 1, s[start + 1:i].strip()))
    return out


MAX_CARD_QUOTES = 16
"""The most quoted phrases of one question read as card texts (``card_quotes``): a judge
quotes one card or two; a message of thousands of «…» is not parsed thousands of times."""


def card_quotes(text: str) -> list[tuple[int, int, str]]:
    """The first ``MAX_CARD_QUOTES`` quoted phrases of ``text`` (see ``quotes``)."""
    return quotes(text)[:MAX_CARD_QUOTES]


def sentences(text: str) -> list[str]:
    """Sentences of a question with each quoted phrase replaced by ``QUOTE_MARK``."""
    s = normalize_typography(text)
    pieces, at = [], 0
    for a, b, _ in quotes(text):     # in order, not overlapping: one pass, linear in the length
        pieces += [s[at:a], QUOTE_MARK]
        at = b
    s = "".join([*pieces, s[at:]])
    parts = re.split(r"(?<=[.?!])\s+|(?<=[?!])", s)
    return [p.strip() for p in parts if p and p.strip(" .")]


_VERB_END = re.compile(r"(ить|ать|ять|еть|ыть|уть|оть|ти|чь)$")
# Verbs that tell how an action went («не получилось», «не удалось», «ранение не
# прошло»), not which action: they name no part («получиться» is not «получить»).
_OUTCOME_VERBS = frozenset(str(w) for w in _W["outcome_verbs"])
# Words of the question that name a card action by another word: «существо умерло»
# ~ «уничтожить», «урон» ~ «ранить».
_SYNONYMS = {str(k): str(v) for k, v in _W["synonyms"].items()}
# Verb prefixes: «лечение» ~ «излечить», «ранение» ~ «ранить».
_PREFIX_RE = re.compile(r"^(пере|раз|рас|при|вы|из|ис|по|на|за|от|об|о|с|у)")
_NOUN_END = re.compile(r"(ение|ание|ятие|тие|ение|ка|ие)$")


@lru_cache(maxsize=8192)     # a per-word cache
def stem(word: str) -> str | None:
    """Stem of one folded word for matching a verb with its noun («ранить» ~ «ранение»,
    «уничтожилось» ~ «уничтожить»); ``None`` for generic or short words."""
    if len(word) < 3 or word in _GENERIC:
        return None
    lm = lemma(word)
    if lm in _GENERIC or lm in _OUTCOME_VERBS:
        return None
    if lm in _SYNONYMS:
        return _SYNONYMS[lm]
    if lm.startswith("доп") and len(lm) > 6 and not lm.startswith("дополн"):  # «допжизни»
        return stem(lm[3:])
    lm = re.sub(r"(ся|сь)$", "", lm)
    cut = _VERB_END.sub("", lm)
    if cut == lm:
        cut = _NOUN_END.sub("", lm)
    if cut == lm and len(lm) >= 4:
        cut = re.sub(r"[аяоы]$", "", lm)  # «рана» ~ «ранить»
    return cut if len(cut) >= 3 else lm


def stems(text: str) -> set[str]:
    """Content-word stems of ``text`` (see ``stem``); «допжизни» also gives «дополнительн»."""
    return set(_stems(text))


@per_question     # the outcome reader matches the same sentences and parts again and again
def _stems(text: str) -> frozenset[str]:
    out = {st for w in _WORD_RE.findall(fold(text)) if (st := stem(w))}
    if re.search(r"\bдоп(?!олн)[а-я]{3,}", fold(text)):
        out.add(stem("дополнительный") or "дополнительн")
    return frozenset(out)


def same_stem(a: str, b: str) -> bool:
    """Two stems name the same action: equal, one a prefix of the other (4+ letters),
    or a common prefix of 5+ letters («перемест» ~ «перемещ»)."""
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):  # one with a verb prefix: «излеч» ~ «леч»
        bare = _PREFIX_RE.sub("", x, count=1)
        if bare != x and len(bare) >= 3 and bare == y:
            return True
    if min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)):
        return True
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n >= 5


_EVENT_POS = ("VERB", "INFN", "PRTS", "PRTF", "GRND")


def _tells_event(s: str) -> bool:
    """Whether a statement has a verb form (pymorphy3 part of speech) that can tell what
    happened («жизни сняли», «существо уничтожено»): a clause of nouns and a number only
    («на моём сущ всего 1 маркер дополнительной жизни») states the board, not a part done."""
    return any(pos(w) in _EVENT_POS for w in _WORD_RE.findall(s))


def _negated_verb(s: str) -> bool:
    """«не умерло», «не погиб»: «не» before a verb form (pymorphy3 part of speech)."""
    return any(pos(m.group(1)) in ("VERB", "INFN", "PRTS", "PRTF", "GRND")
               for m in re.finditer(r"\bне\s+([а-я]+)", s))


def _ordinals(s: str) -> list[int]:
    """Ordinal references in a folded sentence: «второе» -> 2, «способность 1» -> 1."""
    out = []
    for m in _ORD_RE.finditer(s):
        if m.group(1):
            out.append(next(v for k, v in _ORDINALS.items() if m.group(1).startswith(k)))
        else:
            out.append(int(m.group(2) or m.group(3)))
    return out


def match_parts(sentence: str, parts: list[Part]) -> list[int]:
    """Parts whose content-word stems occur in ``sentence``, best match first."""
    ss = stems(sentence)
    common = _lemmas(sentence)
    scored = []
    for p in parts:
        ps = stems(p.text)
        k = sum(1 for a in ss if any(same_stem(a, b) for b in ps))
        if k:  # ties broken by shared common words («противник получает фишку»)
            pl = _lemmas(p.text)
            scored.append((-k, -sum(1 for a in common if any(same_stem(a, b) for b in pl)), p.number))
    return [n for *_, n in sorted(scored)]


def _lemmas(text: str) -> set[str]:
    """Stems of every word of 3+ letters, generic ones included (for tie-breaks)."""
    return set(_lemma_stems(text))


@per_question
def _lemma_stems(text: str) -> frozenset[str]:
    out = set()
    for w in _WORD_RE.findall(fold(text)):
        if len(w) > 2:
            lm = re.sub(r"(ся|сь)$", "", lemma(w))
            out.add(_VERB_END.sub("", lm) if _VERB_END.sub("", lm) != lm else _NOUN_END.sub("", lm))
    return frozenset(out)


def _options(choices: list[list[int]], n: int) -> int | None:
    """The first part of option ``n`` (1-based) of the first choice."""
    if not choices or not 1 <= n <= len(choices[0]):
        return None
    return choices[0][n - 1]


class _State:
    """The outcome being assembled while the sentences are read."""

    def __init__(self, parts: list[Part], choices, optional_items, refusable_first, choice_parts=()):
        self.parts = parts
        self.choice_parts = set(choice_parts)
        self.choices = choices
        self.optional_items = optional_items
        self.refusable_first = refusable_first
        self.failed: set[int] = set()
        self.illegal: set[int] = set()
        self.refuse = False
        self.no_res = False
        self.choose: int | None = None
        self.declare: set[int] | None = None
        self.facts: list[Fact] = []
        self.intent: set[int] | None = None  # parts the player wants to declare
        self.left_out: set[int] = set()  # parts the player says they leave out with the intent
        self.legal: set[int] = set()  # parts stated legal to declare
        self.last_target: int | None = None  # the part the previous clause named
        self.choice_said: str | None = None  # the clause that told the choice (folded)

    def refs(self, raw: str) -> tuple[list[int], list[int]]:
        s = fold(raw)
        refs = match_parts(raw.replace(QUOTE_MARK, ""), self.parts)
        ords = [n for n in _ordinals(s) if 1 <= n <= len(self.parts)]
        return refs, ords

    def cue(self, raw: str, *, in_question: bool = False) -> tuple[str | None, list[str]]:
        """Apply the cue words of each clause of one statement («…, а ресурсов нет»);
        return (what they were mapped to or None, the clauses that mapped to nothing)."""
        got, missed = [], []
        if self.optional_items and _DECLARE_ONLY_RE.search(fold(raw)):
            # «открыться, но не перемещаться» is one decision: do not split it into clauses
            named = self.only(raw)
            if named:
                self.declare = named
                ns = sorted(named)
                return ("объявлена только часть " if len(ns) == 1 else "объявлены только части ") + \
                    ", ".join(map(str, ns)), []
        arguing = bool(re.search(r"(?:^|\s)(?:же|ж|ведь)(?:\s|$|[,.])", fold(raw)))
        for c in (re.split(r",\s*", raw) if arguing else _CLAUSE_RE.split(raw)):
            c = c.strip(" ,.?!")
            if not c:
                continue
            if arguing and not any(self.refs(c)):
                # «…, источника больше нет» in the asker's argument («карта же себя уничтожила»):
                # a clause naming no part is not a fact about one (issue 11: not read, not guessed)
                missed.append(c)
                continue
            m = self.clause(c, in_question)
            named = self.refs(c)
            self.last_target = (named[0][:1] or named[1][:1] or [self.last_target])[0]
            if m:
                got.append(m)
            elif QUOTE_MARK not in c and not _INTRO_RE.search(fold(c)) and not _TOPIC_RE.match(fold(c)):
                missed.append(c)
        return ("; ".join(got) or None), missed

    def clause(self, raw: str, in_question: bool) -> str | None:
        """Apply the cue words of one clause; return what it was mapped to."""
        s = fold(raw)
        refs, ords = self.refs(raw)
        target = refs[:1] or ords[:1]
        neg = _NEGATED_RE.search(s)
        if neg and len(refs) > 1:  # «разряд, не уничтожая существо»: the negated word names the part
            negated = match_parts(s[neg.start():], self.parts)
            target = negated[:1] or target
        if _NO_RES_RE.search(s):
            self.no_res = True
            return "ресурсов для оплаты не хватает"
        if _LEFT_OUT_RE.search(s) and _CHOOSE_RE.search(s):  # «выбрать X вместо Y»: Y is not the pick
            kept = match_parts(_LEFT_OUT_RE.sub(" ", s.replace(fold(QUOTE_MARK), " ")), self.parts)
            refs = kept or refs
        in_choice = [n for n in refs if n in self.choice_parts] or refs
        if _CHOOSE_RE.search(s) and (ords or refs) and not in_question:
            if ords and self.choices:
                picked = _options(self.choices, ords[0]) or ords[0]
            else:
                picked = (in_choice or ords)[0]
            if picked in self.choice_parts or any(picked in opts for opts in self.choices):
                self.choose = picked
                self.choice_said = s
                self.intent = {picked}
                return f"выбрана часть {self.choose}"
            # «выбрать вторую» where no «или» holds it: the part the player wants to declare
            return self.intended(raw) or self.intended_parts({picked}, set(), raw)
        if ACCEPTED_RE.search(s) and ("противник" in s or self.refusable_first) and not in_question:
            return "противник не отказался от эффекта"     # the default: part 1 is declared (505.7)
        if _REFUSE_RE.search(s) and ("противник" in s or self.refusable_first):
            self.refuse = True
            return "противник отказался от эффекта"
        if _CANNOT_RE.search(s) and self.refusable_first:
            self.illegal.add(self.refusable_first[0])
            return f"часть {self.refusable_first[0]}: противник не может этого сделать"
        if _ILLEGAL_RE.search(s) and target:
            self.illegal.add(target[0])
            return f"часть {target[0]} объявить нелегально"
        fact = self.impossible(raw, s) or self.impossible_already(raw, s)
        if fact is None and (ok := self.possible(raw, s)) is not None:
            self.legal.add(ok.part)
            return f"часть {ok.part} объявить можно: {ok.reason}"
        if fact is not None:
            self.illegal.add(fact.part)
            self.facts.append(fact)
            return f"часть {fact.part} объявить нелегально: {fact.reason}"
        if _INTENT_RE.search(s) and (refs or ords) and any(pos(w) == "INFN" for w in _WORD_RE.findall(s)):
            # «хочу сразу ранить», «могу излечить вместо ранения» (a declaration is an
            # infinitive; «существо сразу погибло» tells what happened)
            said = self.intended(raw)
            if said:
                return said
        if _SKIP_RE.search(s) and target and not _NEG_RE.search(s[:_SKIP_RE.search(s).start()]):
            self.failed.add(target[0])
            return f"часть {target[0]} пропущена (не объявлена)"
        if _LEGAL_RE.search(s) and not _NEG_RE.search(s):
            # «…, хотя могу»: a bare modal speaks of the part named just before
            legal = target or ([self.last_target] if self.last_target and len(s.split()) <= 3 else [])
            if legal:
                self.legal.add(legal[0])
                return f"часть {legal[0]} объявить можно (легально)"
        if self.optional_items and _DECLARE_ONLY_RE.search(s) and (refs or ords):
            self.declare = self.only(raw) or set(refs or ords)
            ns = sorted(self.declare)
            return ("объявлена только часть " if len(ns) == 1 else "объявлены только части ") + \
                ", ".join(map(str, ns))
        if self.optional_items and not in_question and re.search(
                r"ничего\s+не\s+(?:объяв|стал|дела|сдела|выбр)|не\s+(?:объявил|стал|сделал)\w*\s+ничего|"
                r"ни\s+одн\w+\s+(?:из\s+)?(?:способност|част)\w*\s+не\s+объяв", s):
            self.declare = set()
            return "не объявлено ничего из перечисленного после «может»"
        if self.optional_items and re.search(r"не\s+(?:стал|объявил|захотел|делал|буд\w*|собира\w*)", s) and refs \
                and not in_question:
            every = {p for items in self.optional_items for item in items for p in item}
            self.declare = (self.declare if self.declare is not None else every) - set(refs)
            return "не объявлена часть " + ", ".join(map(str, refs))
        if (_NEG_RE.search(s) and (_FAILED_RE.search(s) or _negated_verb(s)) or _CANCELLED_RE.search(s)) and target:
            self.failed.add(target[0])
            return f"часть {target[0]} не выполнена"
        if target and not _NEG_RE.search(s) and not in_question and _tells_event(s):
            return f"часть {target[0]} выполнена"
        return None

    def intended(self, raw: str) -> str | None:
        """«Хочу сразу ранить, не закрывая»: the parts named outside «без / не / кроме …»
        are what the player wants to declare, the ones inside are left out."""
        s = fold(raw).replace(fold(QUOTE_MARK), " ")
        left = " ".join(m.group(0) for m in _LEFT_OUT_RE.finditer(s))
        rest = _LEFT_OUT_RE.sub(" ", s)
        left_out = set(match_parts(left, self.parts)) if left.strip() else set()
        ords = {n for n in _ordinals(rest) if 1 <= n <= len(self.parts)}
        if re.search(r"\bтолько\b", s):
            named = self.only(raw)
        else:
            named = set([n for n in match_parts(rest, self.parts) if n not in left_out][:1])
        named = ords or named  # «выбрать вторую» names the part by its number
        if not named:
            return None
        return self.intended_parts(named, left_out, raw)

    def intended_parts(self, named: set[int], left_out: set[int], raw: str) -> str:
        """Record an intended declaration; under «или» it is the choice, under «может»
        (with «сразу / только» or a part left out) the parts declared (505.5, 505.8)."""
        self.intent = set(named)
        self.left_out = set(left_out)
        ns = sorted(named)
        said = ("игрок хочет объявить часть " if len(ns) == 1 else "игрок хочет объявить части ") + \
            ", ".join(map(str, ns))
        f = fold(raw)
        if len(ns) == 1 and ns[0] in self.choice_parts:
            self.choose = ns[0]
        optional = {p for items in self.optional_items for item in items for p in item}
        if optional and set(ns) <= optional and (left_out or re.search(r"\bсразу\b|\bтолько\b", f)):
            self.declare = set(ns)
        if left_out:
            said += ", не объявляя " + ", ".join(map(str, sorted(left_out)))
        return said

    def only(self, raw: str) -> set[int]:
        """Parts named by «только X» minus those named by «без Y» / «а не Y» / «кроме Y»."""
        s = fold(raw).replace(fold(QUOTE_MARK), " ")
        named: set[int] = set()
        m = re.search(r"\bтолько\b", s)
        if m:
            after = s[m.end():]
            cut = _ONLY_END_RE.search(after)
            seg = after[:cut.start()] if cut else after
            named = set(match_parts(seg, self.parts)) or {n for n in _ordinals(seg) if 1 <= n <= len(self.parts)}
        else:
            named = set(match_parts(_WITHOUT_RE.sub(" ", s), self.parts))
        without = " ".join(x.group(1) for x in _WITHOUT_RE.finditer(s))
        excluded = set(match_parts(without, self.parts)) if without.strip() else set()
        return named - excluded

    def impossible(self, raw: str, s: str) -> Fact | None:
        """A stated fact that makes one part impossible: «все соседние клетки заняты»
        for a relocation (507.2); «уже закрыто» for «закрыть» (the state is already there)."""
        said = raw.strip(" ,.?!")
        for fact_re, part_re, reason, rule in _IMPOSSIBLE:
            if fact_re.search(s):
                hit = [p.number for p in self.parts if part_re.search(fold(p.text))]
                if hit:
                    return Fact(hit[0], said, reason, rule)
        return None

    def possible(self, raw: str, s: str) -> Fact | None:
        """A stated state that lets one part be performed: «моё существо открыто» for
        «закрыть ваше существо» — the opposite state is there, so the part can be declared
        (the pairs are ``state_opposites`` in ``grammar/lexicon.yaml``)."""
        said = raw.strip(" ,.?!")
        if _NEG_RE.search(s) or _ALREADY_RE.search(s):
            return None
        for state, verb_stem in opposites().items():
            if re.search(rf"\b{state}\w*\b", s):
                for p in self.parts:
                    verb = _WORD_RE.findall(fold(p.text))[:1]
                    if verb and verb[0].startswith(verb_stem):
                        return Fact(p.number, said, f"«{state}…» — «{verb[0]}» выполнить можно", None)
        return None

    def impossible_already(self, raw: str, s: str) -> Fact | None:
        said = raw.strip(" ,.?!")
        m = _ALREADY_RE.search(s) or _ALL_STATE_RE.search(s)
        if m and _EXCEPT_RE.search(s):
            return None     # «все его существа закрыты, кроме одного»: not every one is
        # a state («уже закрыто», «все существа закрыты»), not a past action («уже закрыл» = performed)
        if m and not re.search(r"\bне\b", s[:m.start()]) and pos(m.group(1)) in ("ADJS", "ADJF", "PRTS", "PRTF",
                                                                                     "ADVB"):
            st = stem(m.group(1))
            for p in self.parts:
                verb = _WORD_RE.findall(fold(p.text))[:1]
                vs = stem(verb[0]) if verb else None
                if st and vs and len(vs) >= 4 and same_stem(st, vs):
                    return Fact(p.number, said, f"уже «{m.group(1)}» — «{verb[0]}» выполнить нельзя", None)
        return None

    def outcome(self) -> Outcome:
        return Outcome(failed=frozenset(self.failed), illegal=frozenset(self.illegal - self.failed),
                       refuse=self.refuse, choose=self.choose,
                       declare=None if self.declare is None else frozenset(self.declare),
                       no_resources=self.no_res)


# Clauses that introduce the card text rather than tell what happened.
_INTRO_RE = re.compile(r"^(у|на)\s+(эт\w+\s+)?карт|написано|\bтекст|^(составн\w+\s+)?(способность|особенность|карта)$|"
                       r"^(в|на|у)\s+(способност|особенност)|^что\b|^как\b")
_TOPIC_RE = re.compile(r"^(?:" + _words("topic_lead") + r"\s+)*" + _words("topic")
                       + r"(?:\s+(?:по|про|о|об|насчет|касательно)(?:\s+[а-яё]+){1,2})?$")
"""«вопрос по оплате», «длинная история»: a label of the question's topic (``outcome.topic``), no event."""


def is_topic_label(clause: str) -> bool:
    """Whether a folded clause only labels the question's topic («вопрос по оплате», «длинная
    история», words of ``outcome.topic``)."""
    return _TOPIC_RE.match(clause.strip(" .!?:")) is not None


_CLAUSE_RE = re.compile(r",\s*" + _words("clause_after_comma") + r"\s+|\s+" + _words("clause_inside") + r"\s+(?=\w)|"
                        r",?\s*\b" + _words("clause_reason") + r"\s+")
_IF_RE = re.compile(r"\bесли\b")


_ASKING_RE = re.compile(r"\b(" + _words("asking") + r")\b")
_MODAL_START_RE = re.compile(r"(?:а\s+|и\s+|но\s+)?(?:я\s+|мы\s+)?(?:\w+\s+)?(" + _words("modal_start") + r")\b")
_KNOW_RE = re.compile(_words("know") + r"\w*\s*$")
_SUBORDINATE_RE = re.compile(r"^(" + _words("subordinate") + r")\b")
_LEAD_SPLIT_RE = re.compile(r"\s+[—–-]\s+|,\s+|:\s+")


_CLAIM_RE = re.compile(r"(?<![а-яё])(?:говорит|говорят|сказал\w*|утвержда\w*|заявля\w*|заявил\w*|считает|думает|пишет|"
                       r"уверяет|настаивает|спорит)\s*,?\s*(?:что|будто|мол)(?![а-яё])")
"""«противник говорит, что …»: the speaker's claim follows — not an event told."""


def split_statements(raw: str) -> tuple[list[str], str]:
    """A question sentence that starts by telling what happened («Карта уничтожила
    себя — ранение будет?», «Ранить не удалось, фишку получу?») -> (the leading
    statements, the question proper). A leading clause is a statement when it asks
    nothing (no «ли», «что», «если», «можно» …) and is not just the quoted text."""
    lead: list[str] = []
    cut = 0
    for m in _LEAD_SPLIT_RE.finditer(raw):
        piece = raw[cut:m.start()].strip()
        f = fold(piece)
        if _ASKING_RE.search(f) or not re.search(r"[а-яё]", f.replace(fold(QUOTE_MARK), "")):
            break
        lead.append(piece)
        cut = m.end()
    main = raw[cut:].strip()
    if not lead or not re.search(r"[а-яё]", fold(main)) or _SUBORDINATE_RE.match(fold(main)):
        return [], raw
    if re.search(r"\b(?:того|то|так|тем|там|тогда)$", fold(lead[-1])):
        # «Оплата происходит после того, как …?»: a correlative opens the clause that follows
        return [], raw
    if any(_MODAL_START_RE.match(fold(x)) for x in lead) and not re.search(r"\bли\b|\b(что|кто|как|когда)\b",
                                                                           fold(main)):
        # «Я могу сразу ранить, не закрывая?»: the modal clause is the question itself;
        # «Противник может отказаться — что будет?» keeps it as a premise
        return [], raw
    if _KNOW_RE.search(fold(lead[-1])):
        # «Противник решает, какую часть я применю?», «Противник выбирает, открыть или
        # закрыть?»: what follows is the object of the verb, one clause
        return [], raw
    return lead, main


def _split_condition(raw: str) -> tuple[str, str | None]:
    """«Будет ли разряд, если существо не уничтожилось?» -> (main, condition)."""
    m = _IF_RE.search(raw.casefold())
    if not m:
        return raw, None
    before, after = raw[:m.start()].strip(" ,"), raw[m.end():]
    if re.search(r"\w", before.replace(QUOTE_MARK, "")):
        return before, after.strip(" ?")
    cond, _, main = after.rpartition(",")
    if not cond:
        return before or after, after.strip(" ?")
    return (before + " " + main).strip(" ,"), cond.strip(" ?")


def read(question: str, parts: list[Part], *, choices: list[list[int]] | None = None,
         optional_items: list[list[list[int]]] | None = None, refusable_first: list[int] | None = None,
         choice_parts: list[int] | None = None) -> Reading:
    """Read what happened from ``question`` about a text with ``parts``.

    choices: for each choice node, the first part of each option (for «выбрал второе»);
    optional_items: for each optional node, the parts of each item (for «объявил только …»);
    refusable_first: the first part of each refusable node (for «противник не может»);
    choice_parts: every part inside a choice («выбрал …» names one of them).
    Statements set the outcome; in the question sentence an «если …» clause does too,
    and «только …» under «может»; the rest of the question names the parts asked about.
    """
    st = _State(parts, choices or [], optional_items or [], refusable_first or [], choice_parts or ())
    r = Reading()
    for raw in sentences(question):
        if raw.rstrip().endswith("?"):
            lead, raw = split_statements(raw)
            for said in lead:
                mapped, missed = st.cue(said)
                if mapped:
                    r.understood.append(f"«{said}» — {mapped}")
                r.not_understood += missed
            main, cond = _split_condition(raw)
            if cond:
                if _PRONOUN_RE.search(fold(cond)):
                    # «пропустить первую способность, если она легальна»: the pronoun stands for the part the main clause names
                    m_refs, m_ords = st.refs(main)
                    st.last_target = (m_refs[:1] or m_ords[:1] or [st.last_target])[0]
                mapped, missed = st.cue(cond, in_question=True)
                if mapped:
                    r.understood.append(f"«{cond}» — {mapped}")
                r.not_understood += missed
            decided_here = False
            if not cond and st.optional_items and _DECLARE_ONLY_RE.search(fold(main)):
                mapped, _ = st.cue(main, in_question=True)
                if mapped:
                    r.understood.append(f"«{main}» — {mapped}")
                    decided_here = st.declare is not None
            r.question = fold(main)
            refs, ords = st.refs(main)
            # «Можно ли открыться, но не перемещаться?» asks about the decision, not a part
            r.asked = [] if decided_here else refs or ords
            probe = _State(parts, st.choices, st.optional_items, st.refusable_first, st.choice_parts)
            probe.cue(main)
            if probe.outcome().describe():
                r.asked_outcome = probe.outcome()
            if probe.intent is not None:
                r.asked_intent = frozenset(probe.intent)
                r.left_out = frozenset(probe.left_out)
            st.legal |= probe.legal - st.illegal
            continue
        if _CLAIM_RE.search(fold(raw).replace(fold(QUOTE_MARK), " ")):
            # «противник говорит, что рана не пройдёт»: a claim, not what happened — it tells no outcome
            r.not_understood.append(raw.strip())
            continue
        mapped, missed = st.cue(raw)
        if mapped:
            r.understood.append(f"«{raw}» — {mapped}")
        r.not_understood += missed
    r.outcome = st.outcome()
    r.facts = list(st.facts)
    if st.intent is not None:
        r.intent = frozenset(st.intent)
        if r.asked_intent is None:
            r.left_out = frozenset(st.left_out)
    r.legal = frozenset(st.legal - st.illegal)
    r.choice_said = st.choice_said
    return r


__all__ = ["Reading", "Fact", "is_topic_label", "split_statements", "quotes", "sentences", "stems", "match_parts", "read", "QUOTE_MARK"]
