"""What kind of answer a question asks for, and the lead word of a verdict (issue 11).

A yes/no question («Лечение будет?», «Можно ли …?», «Разве …?», «…, ведь так?», «Прав ли
он?», «Верно?») is answered with a verdict that opens with «Да» / «Нет»; «кто прав?» with
the person who is right («Прав противник: …», «Вы правы: …»); any other question
(«что будет?», «кто решает?», «открыть или закрыть?») with the answer itself.

Every route decides the lead word here:

- ``question_kind(question)`` — ``"yes_no"`` | ``"who_right"`` | ``"open"`` for the asked
  sentence (the last one with «?»);
- ``lead(holds, body)`` — «Да: body» / «Нет: body» from whether the route's finding affirms
  the asked proposition (``None`` when it cannot tell: no verdict, never a bare statement);
- ``rule_on_claim(...)`` — the same relative to a claim someone made («Нет, противник не
  прав: …»);
- ``fits(question, verdict)`` — whether a verdict opens the way the question asks;
  ``bot.judge.ask`` withholds a verdict that does not (an honest partial answer).
- ``alternative_at(tokens)`` — the «или» of an either/or question («на своих или на чужих?»),
  which names the option instead of «Да» / «Нет»;
- ``agree_with_negation(verdict, ban_word)`` — a negated question («Артефакт нельзя
  атаковать?») answered agreeing with its statement («Нет, можно: …»).

No rule paragraph is decided here: this is about the form of the answer only.
"""

from __future__ import annotations

import re

from bot.textnorm import fold

Kind = str  # "yes_no" | "who_right" | "open"

_WH = re.compile(r"(?<![а-яё])(что|кто|как|каков\w*|как(?:ой|ая|ое|ие|ую|им|их|ого|ому|ом|ими)|котор\w+|когда|где|куда|"
                 r"откуда|почему|зачем|сколько|скока|скоко|насколько|чем|чему|чего|кому|кого|кем|ком|чей|чья|чьё|чье|чьи|"
                 r"чь(?:его|ей|их|ими|ему)|чё|чо|шо)"
                 r"(?![а-яё])")
_FORCE_YES_NO = re.compile(r"(?<![а-яё])(ли|разве|неужели|ведь)(?![а-яё])")
_WHO_RIGHT = re.compile(r"(?<![а-яё])кто\s+(?:же\s+)?(?:из\s+нас\s+)?(?:тут\s+|здесь\s+)?прав[ыа]?(?![а-яё])")
# a clause ending so governs the «что / кто / какой …» clause after it (its object)
_GOVERNS = re.compile(r"(?<![а-яё])(тот|то|та|те|того|тому|тем|так|правда|верно|известно|сказано|написано|понятно|"
                      r"говори\w*|утвержда\w*|счита\w*|дума\w*|зна\w*|значит|реша\w*|выбира\w*|определя\w*|"
                      r"получает|объявил\w*)$")
_OR_NOT = re.compile(r"(?<![а-яё])(?:или|либо)\s+(?:нет|не)\s*[?!.]*\s*$")
"""«…, или нет?»: a yes/no question whose «или» names no option."""
_EITHER_OR = re.compile(r"(?<![а-яё])(или|либо)(?![а-яё])")
_SUBORDINATE = re.compile(r"(если|когда|пока|чтобы|хотя|раз|после|перед)(?![а-яё])")
_LEAD_YES_NO = re.compile(r"(да|нет)(?![а-яё])", re.I)
_LEAD_PERSON = re.compile(r"(прав[ыа]?\s|вы\s+правы|правы\s+вы|ты\s+прав)", re.I)


def asked_sentence(question: str) -> str:
    """The folded sentence that asks (the last one ending in «?»); ``""`` when the text asks
    nothing (no «?»). Quoted card text is not split into sentences."""
    q = fold(re.sub(r"«[^»]*»|\"[^\"]*\"|“[^”]*”", " ", question))
    if "?" not in q:
        # chat style without «?»: «лечилка сработает или нет» asks, the «или нет» says so
        last = ([p for p in re.split(r"[.!…\n]+", q) if p.strip()] or [""])[-1].strip()
        return last if _OR_NOT.search(last) else ""
    head = q[:q.rfind("?")]
    start = max(head.rfind(c) for c in ".!?\n")
    return head[start + 1:].strip()


def asks(question: str) -> bool:
    """Whether the text asks anything: a «?» outside quotes, or — chat style, without «?» —
    a last sentence with an interrogative word, «ли» / «разве» or a modal word («можно»,
    «может», «норм»: ``asking_words`` and ``wh_words`` of ``grammar/lexicon.yaml``).
    «Посадил симба на орка.» asks nothing: no verdict is given to a statement (issue 11)."""
    from bot.vocab import words

    from bot.textnorm import quoted_spans

    spans = quoted_spans(question, {"«": "»", '"': '"', "“": "”"})     # linear: no regex backtracking on «««…
    text, at = [], 0
    for a, b in spans:
        text.append(question[at:a])
        at = b
    q = fold(" ".join([*text, question[at:]]))
    if "?" in q:
        return True
    parts = [p for p in re.split(r"[.!…\n]+", q) if p.strip()]
    if parts and _OR_NOT.search(parts[-1]):
        return True
    last = set(re.findall(r"[а-яa-z0-9]+", parts[-1])) if parts else set()
    return bool(last & (words("asking_words") | words("wh_words"))) or (bool(parts) and _present_last_verb(parts[-1]))


TSYA = re.compile(r"(?i)(?<=[а-яё])([аяуюоё])еться\b")
"""«закрываеться» -> «закрывается»: the «-тся / -ться» slip (no verb ends in a vowel + «еться»)."""


def _present_last_verb(sentence: str) -> bool:
    """Chat style without «?»: the last verb of the sentence is in the present or future
    («броня у закрытого существа вообще работает», «…, сработает его абилка при гибели»)
    — it asks; a story told in the past («Посадил симба на орка») does not, nor a lone
    command."""
    from bot.reading.tokens import tokenize

    from bot.rules_text.question import respell   # chat verbs («юзает») read as the words they stand for

    verbs = [t for t in tokenize(respell(TSYA.sub(r"\1ется", sentence)))[0] if t.pos == "VERB"]
    return bool(verbs) and verbs[-1].tense in ("pres", "futr") and len(tokenize(sentence)[0]) >= 2


def sentence_kind(s: str) -> Kind:
    """``question_kind`` of one folded question sentence (without its «?»)."""
    if not s.strip():
        return "open"
    s = _OR_NOT.sub("", s).strip() or s     # «сработает или нет» is «сработает?»
    if _WHO_RIGHT.search(s):
        return "who_right"
    if _bare_card(s):
        return "open"       # «… воина убили. симб?», «а с симбом?»: what becomes of the card
    if _FORCE_YES_NO.search(s):
        return "yes_no"
    # a subordinate clause opened mid-sentence without a comma («разряд выполнится когда она
    # уничтожит себя?») is split off like one after a comma; «разряд будет когда?» keeps its wh-word
    clauses = [c.strip() for c in re.split(r"[,:;—–]|\s-\s|(?<=[а-яё])\s+(?=(?:если|когда|пока|чтобы)\s+\S+\s+\S+)", s)
               if c.strip()] or [s]
    # the asking clauses: not «если …», and not a relative / «что»-clause after the first
    # («правда, что …?», «тот, кто объявил?»); «паразит чужой, с ним что будет?» asks «что»
    main: list[str] = []
    for c in clauses:
        if _SUBORDINATE.match(c) or (main and _GOVERNS.search(main[-1])):
            continue  # «если …»; «правда, что …», «выбирает, открыть или закрыть»: the object of the asking clause
        main.append(c)
    main = main or clauses[:1]
    if any(_WH.search(c) for c in main):
        return "open"
    if any(_EITHER_OR.search(c) for c in main):
        return "open"  # «открыть или закрыть?» names the option
    return "yes_no"


_BARE_FILLER = frozenset({"а", "и", "ну", "с", "со", "то", "теперь", "тогда", "мой", "моим", "моей", "мою", "моя"})


def _bare_card(s: str) -> bool:
    """The sentence names one card of a kind and nothing else but particles («симб», «а с
    симбом», «ну а шмотка то»): it asks what becomes of it, not whether."""
    from bot.reading.lexicon import kind_of

    words = [w for w in re.findall(r"[а-яё]+", s) if w not in _BARE_FILLER]
    return len(words) == 1 and kind_of(words[0]) is not None


def question_kind(question: str) -> Kind:
    """``"yes_no"`` («Лечение будет?», «Можно ли…?», «Разве нельзя…?», «…, ведь так?», «Прав
    ли он?», «Верно?»), ``"who_right"`` («Кто прав?») or ``"open"`` (a wh- or either/or
    question, or a text without «?») for the asked sentence of ``question``."""
    return sentence_kind(asked_sentence(question))


def lead(holds: bool | None, body: str) -> str | None:
    """The verdict of a yes/no question: «Да: body» when the route's finding affirms the
    asked proposition, «Нет: body» when it denies it, ``None`` when the route cannot tell
    (then no verdict is given)."""
    if holds is None:
        return None
    return f"{'Да' if holds else 'Нет'}: {body}"


def rule_on_claim(holds: bool, why: str, *, claimer_is_me: bool, other: str, who_check: bool) -> str:
    """The ruling on a claim from whether the claimed proposition holds: «Да, противник
    прав: why» / «Нет, вы не правы: why»; for «кто прав?» the person: «Прав противник:
    why» / «Вы правы: why». ``other``: how the other side is named («противник», «друг»)."""
    if who_check:
        me_right = holds == claimer_is_me
        return f"Вы правы: {why}" if me_right else f"Прав {other}: {why}"
    if claimer_is_me:
        return f"Да, вы правы: {why}" if holds else f"Нет, вы не правы: {why}"
    return f"Да, {other} прав: {why}" if holds else f"Нет, {other} не прав: {why}"


def fits(question: str, verdict: str | None) -> bool:
    """Whether ``verdict`` opens the way ``question`` asks: a yes/no question with «Да» /
    «Нет», «кто прав?» with the person (or «Да»/«Нет» on a claim); other questions with
    anything. ``None`` fits every question."""
    if not verdict:
        return True
    kind = question_kind(question)
    v = verdict.lstrip()
    if kind == "yes_no":
        return bool(_LEAD_YES_NO.match(v)) or bool(_LEAD_PERSON.match(v))
    if kind == "who_right":
        return bool(_LEAD_PERSON.match(v)) or bool(_LEAD_YES_NO.match(v))
    return True


MODAL_WORDS = frozenset("можно может могу можем могут можешь нельзя сможет смогу разрешено обязан обязаны должен должна".split())
"""Modal words of a question («можно …?», «обязан ли …?»), folded."""

_NEGATED_OPTION = ("нет", "не", "нельзя", "никак", "наоборот", "только", "же")
"""Words after «или» that make «X или нет / или нельзя / или только Y» a yes/no question, not a choice."""


def alternative_at(tokens: list[str], start: int = 0) -> int | None:
    """Index of the «или» of an either/or question («X или Y?») in the folded words
    ``tokens`` at or after ``start`` (the asked sentence), or ``None``. Not a choice: «или
    нет», «или нельзя», «или только Y» (a yes/no about X), and «можно атаковать или
    ранить?» — infinitives joined after a modal word ask whether any of them is allowed."""
    from bot.morph import pos

    for i in range(max(start, 1), len(tokens) - 1):
        if tokens[i] != "или" or tokens[i + 1] in _NEGATED_OPTION:
            continue
        if any(t in MODAL_WORDS for t in tokens[start:i]) and pos(tokens[i + 1]) == "INFN":
            continue
        return i
    return None


_MODAL_HEAD = re.compile(r"(можно|может|могут|нельзя|не может|не могут)\b")


def agree_with_negation(verdict: str, ban_word: str) -> str:
    """The answer to a negated question agrees with its statement, as Russian speakers
    answer: «Артефакт нельзя атаковать?» → «Нет, можно: …» when it is allowed, «Симбиота
    нельзя двигать?» → «Да, нельзя: …» when it is banned. ``verdict`` is the answer to the
    positive question («Да, …» / «Нет, …»; any other verdict is returned as it is);
    ``ban_word`` the question's «нельзя» / «не может»."""
    m = re.match(r"(Да|Нет), ?(.*)", verdict, re.S)
    if not m:
        return verdict
    yes, body = m.group(1) == "Да", m.group(2)
    head = _MODAL_HEAD.match(body)
    if head and not re.match(r"\s*($|[:—–,])", body[head.end():]):
        # «может атаковать после движения: …» — the modal heads a phrase: keep it whole
        return f"Нет, {body}" if yes else f"Да, {body}"
    rest = body[head.end():].lstrip(" :,—–") if head else body
    if yes:     # allowed: the ban the question states does not hold
        allowed = "можно" if ban_word in ("нельзя", "невозможно") else "может"
        return f"Нет, {allowed}: {rest}" if rest else f"Нет, {allowed}"
    return f"Да, {ban_word}: {rest}" if rest else f"Да, {ban_word}"


__all__ = ["asks", "asked_sentence", "sentence_kind", "question_kind", "lead", "rule_on_claim", "fits", "MODAL_WORDS",
           "alternative_at", "agree_with_negation"]
