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
from dataclasses import dataclass
from functools import lru_cache

from bot.memo import per_question
from bot.textnorm import fold, replace_quoted

Kind = str  # "yes_no" | "who_right" | "open"

_WH = re.compile(r"(?<![а-яё])(что|кто|как|каков\w*|как(?:ой|ая|ое|ие|ую|им|их|ого|ому|ом|ими)|котор\w+|когда|где|куда|"
                 r"откуда|почему|зачем|сколько|скольк\w+|скока|скоко|скок|насколько|чем|чему|чего|кому|кого|кем|ком|чей|чья|чьё|чье|чьи|"
                 r"чь(?:его|ей|их|ими|ему)|чё|че|чо|шо)"
                 r"(?![а-яё])")
_FORCE_YES_NO = re.compile(r"(?<![а-яё])(ли|разве|неужели|ведь)(?![а-яё])")
_WHO_RIGHT = re.compile(r"(?<![а-яё])кто\s+(?:же\s+)?(?:из\s+нас\s+)?(?:тут\s+|здесь\s+)?(?:(?:был|была|было|оказался|в\s+итоге)\s+)?"
                        r"прав[ыа]?(?![а-яё])")
# a clause ending so governs the «что / кто / какой …» clause after it (its object)
_GOVERNS = re.compile(r"(?<![а-яё])(тот|то|та|те|того|тому|тем|так|правда|верно|известно|сказано|написано|понятно|"
                      r"говори\w*|утвержда\w*|счита\w*|дума\w*|зна\w*|значит|реша\w*|выбира\w*|определя\w*|"
                      r"получает|объявил\w*)$")
_OR_NOT = re.compile(r"(?<![а-яё])(?:или|либо)\s+(?:нет|не)\s*[?!.]*\s*$")
"""«…, или нет?»: a yes/no question whose «или» names no option."""
_EITHER_OR = re.compile(r"(?<![а-яё])(или|либо)(?![а-яё])")
_SUBORDINATE = re.compile(r"(если|когда|пока|чтобы|хотя|раз|после|перед)(?![а-яё])")
_LEAD_YES_NO = re.compile(r"(да|нет)(?![а-яё])", re.I)
_LEAD_PERSON = re.compile(r"(прав[ыа]?\s|вы\s+правы|правы\s+вы|ты\s+прав|[а-яё]+\s+не\s+прав)", re.I)


def asked_sentence(question: str) -> str:
    """The folded sentence that asks (the last one ending in «?»); ``""`` when the text asks
    nothing (no «?»). Quoted card text is not split into sentences."""
    q = fold(replace_quoted(question, lambda _: " "))
    if "?" not in q:
        # chat style without «?»: «лечилка сработает или нет» asks, the «или нет» says so
        last = ([p for p in re.split(r"[.!…\n]+", q) if p.strip()] or [""])[-1].strip()
        return last if _OR_NOT.search(last) else ""
    head = q[:q.rfind("?")]
    start = max(head.rfind(c) for c in ".!?\n")
    return head[start + 1:].strip()


@per_question     # every route asks it of the same texts
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
    return bool(last & (words("asking_words") | words("wh_words"))) or (bool(parts) and _present_last_verb(parts[-1])) \
        or bool(parts) and _doubts(parts[-1])


def _doubts(sentence: str) -> bool:
    """«…. я не согласен», «…, я сомневаюсь»: the asker's doubt about what another said closes
    the message — it asks whether that is right (``claims.doubt_phrases`` of grammar/lexicon.yaml)."""
    from bot.vocab import section

    s = " ".join(re.findall(r"[а-яa-z0-9-]+", fold(sentence)))
    return any(s == p or s.endswith(" " + p) for p in (" ".join(fold(x).split()) for x in
                                                       section("claims").get("doubt_phrases", ())))


TSYA = re.compile(r"(?i)(?<=[а-яё])([аяуюоё])еться\b")
"""«закрываеться» -> «закрывается»: the «-тся / -ться» slip (no verb ends in a vowel + «еться»)."""


@per_question
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
    if any(_WH.search(c) for c in main) or _asks_after_subordinate(clauses[-1]) and not any(_MODAL.search(c) for c in main):
        return "open"
    if any(_EITHER_OR.search(c) for c in main):
        return "open"  # «открыть или закрыть?» names the option
    return "yes_no"


_LEADING_SUBORDINATOR = re.compile(r"^(?:после\s+того\s*,?\s+как|перед\s+тем\s*,?\s+как|до\s+того\s*,?\s+как|прежде\s+чем|"
                                   r"как\s+только|если|когда|пока|раз|после|перед)\s+")


def _asks_after_subordinate(clause: str) -> bool:
    """A last clause opened by a subordinator whose asking part follows it with no comma: «после
    того как оно выполнится у кого приоритет», «если стек пуст кто получает приоритет» — a wh-word
    after at least the subordinate clause's subject and verb (two words), not a hyphenated
    «кто-то»."""
    if not _SUBORDINATE.match(clause):
        return False
    rest = re.sub(r"\S+-\S+", " ", _LEADING_SUBORDINATOR.sub("", clause)).split()
    return any(_ASKING_WH.fullmatch(w) for w in rest[2:])


# wh-words that only ask (not «что / как / чем», which also join clauses: «знает, что делать», «как раз»)
_ASKING_WH = re.compile(r"кто|кого|кому|кем|ч(?:ей|ья|ьё|ье|ьи|ьих|ьей|ьего)|как(?:ой|ая|ое|ие|ую|им|их|ого|ому|ом)|"
                        r"сколько|скока|скоко|где|куда|откуда|почему|зачем")
_MODAL = re.compile(r"(?<![а-яё])(можно|нельзя|может|могу|можем|могут|можешь|сможет|смогу|должен|должна|обязан\w*|"
                    r"надо|нужно|вправе)(?![а-яё])")


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


def rule_on_claim(holds: bool, why: str, *, claimer_is_me: bool, other: str, who_check: bool,
                  others_only: bool = False) -> str:
    """The ruling on a claim from whether the claimed proposition holds: «Да, противник
    прав: why» / «Нет, вы не правы: why»; for «кто прав?» the person: «Прав противник:
    why» / «Вы правы: why» — or, when only the other side said anything (``others_only``),
    «Противник не прав: why» (the asker claimed nothing to be right about). ``other``: how the
    other side is named («противник», «друг»)."""
    if who_check and others_only and not claimer_is_me and not holds:
        return f"{other[:1].upper() + other[1:]} не прав: {why}"
    if who_check:
        me_right = holds == claimer_is_me
        return f"Вы правы: {why}" if me_right else f"Прав {other}: {why}"
    if claimer_is_me:
        return f"Да, вы правы: {why}" if holds else f"Нет, вы не правы: {why}"
    return f"Да, {other} прав: {why}" if holds else f"Нет, {other} не прав: {why}"


def _leads_with_predicate(question: str, verdict: str) -> bool:
    """«Требуют: …» / «Не требуют: …» to «… не требуют оплаты?», «Нельзя оплатить» to «никак не
    оплатить?»: a negated question's own predicate, positive or as asked, leads the verdict
    (``settle``)."""
    form = asked_form(question)
    if form is None or not form.negated:
        return False
    heads = [form.positive, form.word]
    if _bare_infinitive(form):   # «никак не оплатить?» — «Нельзя оплатить» / «Можно оплатить» (``settle``)
        heads += [f"можно {form.positive}", f"нельзя {form.positive}"]
    return any(re.match(re.escape(fold(w)) + r"(?:[:\s]|$)", fold(verdict)) for w in heads)


def fits(question: str, verdict: str | None) -> bool:
    """Whether ``verdict`` opens the way ``question`` asks: a yes/no question with «Да» /
    «Нет», «кто прав?» with the person (or «Да»/«Нет» on a claim); other questions with
    anything. ``None`` fits every question."""
    if not verdict:
        return True
    kind = question_kind(question)
    v = verdict.lstrip()
    if kind == "yes_no":
        return bool(_LEAD_YES_NO.match(v)) or bool(_LEAD_PERSON.match(v)) or _leads_with_predicate(question, v)
    if kind == "who_right":
        return bool(_LEAD_PERSON.match(v)) or bool(_LEAD_YES_NO.match(v))
    return True


def answers_other_predicate(question: str, verdict: str | None) -> bool:
    """Whether a «Да» / «Нет» ``verdict`` answers the asker's premise, not the question: its
    content word is a modal («Да, нельзя», «Нет, можно») and every modal word of the asked
    sentence is in a clause the asker tells as a premise («раз …», «если …», «поскольку …»):
    «раз на сущ без класса шмотку нельзя надевать, она теперь уничтожается?» asks whether it
    is destroyed, and «Да, нельзя» rules on «нельзя надевать». ``False`` when the asked
    sentence asks a modal outside such a clause, or has none («у него осталось движение?» —
    «Нет, не может …» answers it), or the verdict has no such content word."""
    if not verdict:
        return False
    v = verdict.lstrip()
    m = _LEAD.match(v)
    if m is None or _PERSON.match(v[m.end():]):
        return False
    c = _content(v[m.end():], None)
    if c is None or c[1] != 0:
        return False
    from bot.reading.tokens import tokenize

    toks, _ = tokenize(asked_sentence(question) or _last_sentence(question))
    opens: dict[int, str] = {}
    for t in toks:
        opens.setdefault(t.clause, t.text)
    modal = [t for t in toks if _modal_polarity(t.lemma, t.text) is not None]
    last = toks[-1].clause if toks else 0      # «если сущ закрыто разве оно может двигаться» asks in its one clause
    return bool(modal) and all(opens.get(t.clause) in _PREMISE and t.clause != last for t in modal)


_PREMISE = frozenset(("раз", "если", "поскольку", "коль", "ибо"))
"""Words that open a clause the asker states as a premise of the question («раз …, …?»)."""


MODAL_WORDS = frozenset("можно может могу можем могут можешь нельзя сможет смогу разрешено обязан обязаны должен должна".split())
"""Modal words of a question («можно …?», «обязан ли …?»), folded."""

_NEGATED_OPTION = ("нет", "не", "нельзя", "никак", "наоборот", "только", "же")
_TAG_OPTION = ("как", "что", "чо", "че", "шо")
"""A last word after «или» that asks yes or no: «… игродействие или как?», «… можно или что?»."""
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
        if tokens[i + 1] in _TAG_OPTION and i + 2 == len(tokens):
            continue        # «… игродействие или как?»: the tail asks yes or no, it names no option
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



# ------------------------------------------------------------------ polarity of the asked predicate

@dataclass(frozen=True)
class Form:
    """How the asked yes/no sentence states its predicate.

    ``word``: the predicate as asked, its «не» included («не требуют», «нельзя», «может»);
    ``positive``: its positive form («требуют», «можно», «может»); ``negated``: ``word``
    denies; ``rhetorical``: «разве / неужели / нельзя ли …» — the asker
    doubts the denial, so the lead word answers the positive statement («Нет, нельзя» /
    «Да, можно»); a plain negated question («… не требуют оплаты?», «… ведь не может, да?»)
    is answered agreeing with its statement («Да, не требуют» / «Требуют: …»)."""

    word: str
    positive: str
    negated: bool
    rhetorical: bool
    lemma: str
    others: tuple[str, ...] = ()
    """Lemmas of the other main-clause predicates of the asked sentence («его ж можно
    посадить, бестелесность ведь не мешает?»: «можно»): a verdict may answer one of them."""
    asks_ban: bool = False
    """«запрещено ли …?»: a negative word asked with «ли» that is no polite «нельзя ли»:
    it asks whether the ban holds, so «Да, запрещено» / «Нет, можно» answer it."""


@lru_cache(maxsize=1)
def _polarity_words() -> dict:
    from bot.vocab import section

    raw = section("polarity")
    out = {k: frozenset(fold(str(x)) for x in v) for k, v in raw.items() if isinstance(v, list)}
    out["opposite"] = {fold(k): fold(v) for k, v in raw["opposite"].items()}
    return out


def _modal_polarity(lemma_: str, text: str) -> bool | None:
    """``True`` for a positive modal word («можно», «может», «обязан»), ``False`` for a
    negative one («нельзя»), ``None`` for any other word."""
    w = _polarity_words()
    if text in w["modal_negative"] or lemma_ in w["modal_negative"]:
        return False
    if text in w["modal_positive"] or lemma_ in w["modal_positive"]:
        return True
    return None


def _is_predicate(t) -> bool:
    """A modal word or a verb / short form, not a card noun read as one («сущ»)."""
    if _modal_polarity(t.lemma, t.text) is not None:
        return True
    if t.pos not in ("VERB", "PRED", "ADJS", "PRTS"):
        return False
    from bot.reading.lexicon import words

    return t.text not in words().kinds


def asked_form(question: str) -> Form | None:
    """The ``Form`` of the predicate of the asked sentence of ``question`` (the last one
    with «?», or the last sentence of a message without one), or ``None`` when it has none.

    The predicate is the first one of the last main clause (a set-up clause before it —
    «не сходил в свой черёд — можно потом?» — is told, not asked): a predicate of a subordinate clause
    («если …», «пока …», «…, которой никто не носит») is skipped — each such clause takes
    the first predicate after its conjunction (chat style writes no comma); an infinitive
    counts only when negated and nothing else predicates («не посадить?»). Words:
    ``polarity`` of ``grammar/lexicon.yaml``."""
    from bot.reading.tokens import tokenize

    s = asked_sentence(question) or _last_sentence(question)
    toks, _ = tokenize(s)
    if not toks:
        return None
    w = _polarity_words()
    main, sub, pending_clause = [], [], None
    for k, t in enumerate(toks):
        if t.lemma in w["subordinate"] or t.text in w["subordinate"]:
            pending_clause = t.clause
            continue
        if not _is_predicate(t):
            continue
        if pending_clause is not None:
            sub.append(k)
            pending_clause = None
            continue
        main.append(k)
    if not main:
        inf = [k for k, t in enumerate(toks) if t.pos == "INFN" and k and toks[k - 1].text == "не"]
        # a nominal predicate denied («авангард разве не быстрое игродействие?»), not an attribute
        # before its noun in a clause that predicates («не летающее существо можно …» has «можно»)
        nominal = [k for k, t in enumerate(toks) if t.pos in ("ADJF", "NOUN") and k and toks[k - 1].text == "не"
                   and k >= 2 and toks[k - 2].pos in ("NOUN", "PRCL", "NPRO")]
        main = inf or sub[-1:] or nominal
    if not main:
        return None
    last = toks[main[-1]].clause       # chat style asks in the last clause: «не сходил — можно потом?»
    k = next(x for x in main if toks[x].clause == last)
    t = toks[k]
    neg_particle = k > 0 and toks[k - 1].text in ("не", "ни")
    pol = _modal_polarity(t.lemma, t.text)
    negated = neg_particle != (pol is False)
    after = toks[k + 1].text if k + 1 < len(toks) else ""
    polite = neg_particle or pol is not False or t.text in w.get("polite_negative", ()) or after != "ли"
    rhetorical = bool({x.text for x in toks} & w["rhetorical"]) or (negated and after in w["rhetorical_after"]
                                                                    and polite)   # «запрещено ли …?» asks the ban
    if pol is False and not neg_particle:
        word, positive = t.text, w["opposite"].get(t.text, "можно")
    else:
        word, positive = ("не " if neg_particle else "") + t.text, t.text
    others = tuple(toks[x].lemma for x in main if x != k and toks[x].clause != t.clause)
    return Form(word, positive, negated, rhetorical, t.lemma, others, asks_ban=not polite)


_LEAD = re.compile(r"(Да|Нет)(?![а-яё])[,:]?\s*", re.I)


def _content(body: str, form: Form | None) -> tuple[bool, int, int] | None:
    """``(polarity, start, end)`` of the content word of a verdict's ``body`` (after its
    lead word), in the head before its first «:», «—», «(», «;» or «,»: a modal word, or the
    asked predicate itself (by lemma, or an aspect pair's stem), «не» before it negating;
    ``None`` when the head has none, or the word is narrowed («может только активный»)."""
    from bot.reading.tokens import tokenize

    # the first clause only: a modal word of the reasons after it («часть 1 … легально, поэтому
    # игрок обязан …») answers no asked predicate
    head = re.split(r"[:—–(;,]", body, maxsplit=1)[0]
    toks, _ = tokenize(head)
    w = _polarity_words()
    modal_asked = form is None or _modal_polarity(form.lemma, form.word.removeprefix("не ")) is not None \
        or _bare_infinitive(form)
    must = w.get("modal_obligation", frozenset())
    asks_must = form is not None and (form.lemma in must or fold(form.positive) in must)
    for k, t in enumerate(toks):
        pol = _modal_polarity(t.lemma, t.text)
        if pol is not None and not modal_asked:
            continue    # «нельзя» answers «можно …?», not «… не мешает?»
        if pol and asks_must and t.lemma not in must and t.text not in must:
            # «обязательно …?» answered «вправе не объявлять»: leave to skip it is no obligation; a bare
            # permission («можно объявить») says nothing of one
            if k + 1 < len(toks) and toks[k + 1].text == "не" and not (k > 0 and toks[k - 1].text in ("не", "ни")):
                m = re.search(rf"(?<![а-яёa-z]){re.escape(t.text)}\s+не(?![а-яёa-z])", fold(head))
                if m is not None:
                    return False, m.start(), m.end()
            continue
        same = form is not None and t.pos in ("VERB", "INFN", "PRTS", "ADJS", "PRED") and (
            t.lemma == form.lemma or (len(t.lemma) >= 6 and len(form.lemma) >= 6 and t.lemma[:5] == form.lemma[:5]))
        if pol is None and not same:
            continue
        if k + 1 < len(toks) and toks[k + 1].text in w["restrict"]:
            return None
        neg = k > 0 and toks[k - 1].text in ("не", "ни")
        holds = (pol if pol is not None else True) != neg
        m = re.search(rf"(?<![а-яёa-z])(?:не\s+)?{re.escape(t.text)}(?![а-яёa-z])", fold(head)) if neg else \
            re.search(rf"(?<![а-яёa-z]){re.escape(t.text)}(?![а-яёa-z])", fold(head))
        if m is None:
            return None
        return holds, m.start(), m.end()
    return None


def _confirm_tag(question: str) -> bool:
    """The asked sentence ends with a tag asking to confirm it («…не может ходить, да?»,
    «…, так?»): words ``polarity.confirm_tags`` of grammar/lexicon.yaml."""
    words = re.findall(r"[а-яё]+", _last_sentence(question))
    w = _polarity_words()
    while len(words) > 1 and words[-1] in w.get("tag_particles", frozenset()):
        words.pop()     # «…, правда же?», «…, да ведь?»: the particle only stresses the tag
    return bool(words) and words[-1] in w.get("confirm_tags", frozenset())


def _bare_infinitive(form: Form) -> bool:
    """The asked predicate is a bare infinitive («никак не оплатить?», «не сходить?»): in
    Russian that asks whether the action is possible, so «можно» / «нельзя» answer it."""
    from bot.reading.tokens import tokenize

    toks, _ = tokenize(form.positive)
    return len(toks) == 1 and toks[0].pos == "INFN"


def _last_sentence(question: str) -> str:
    q = fold(replace_quoted(question, lambda _: " "))
    return ([p for p in re.split(r"[.!?…\n]+", q) if p.strip()] or [""])[-1].strip()


def _polar_kind(question: str) -> Kind:
    """``question_kind``, a message without «?» read by its last sentence when it asks
    (``asks``: «разве нельзя взять вторую местность»)."""
    if asked_sentence(question) or not asks(question):
        return question_kind(question)
    return sentence_kind(_last_sentence(question))


_PERSON = re.compile(r"(?:[а-яё]+\s+)?(?:не\s+)?прав[ыа]?(?![а-яё])", re.I)
"""«вы правы», «противник не прав», «прав»: a ruling on a person, not on the asked predicate."""


def positive_question(question: str) -> str | None:
    """``question`` with its asked predicate made positive («… не требуют оплаты?» -> «…
    требуют оплаты?», «разве нельзя …» -> «разве можно …»), or ``None`` when its asked
    predicate is not negated. Used to tell whether a route's «Да» / «Нет» answers the
    statement as asked or its positive form (``settle``)."""
    form = asked_form(question)
    if form is None or not form.negated:
        return None
    low = fold(question)
    at = low.rfind(fold(form.word))
    if at < 0 or len(low) != len(question):
        return None
    end = at + len(form.word)
    positive = form.positive if not form.word.startswith("не ") else question[at + 3:end]
    return question[:at] + positive + question[end:]


def _as_written(question: str, word: str) -> str:
    """``word`` (folded) as the question spells it («остаётся» for «остается»), else ``word``."""
    low = fold(question)
    at = low.rfind(word)
    return question[at:at + len(word)].lower() if at >= 0 and len(low) == len(question) else word


def settle(question: str, verdict: str | None, probe=None) -> str | None:
    """``verdict`` phrased relative to the negated yes/no question it answers, as a
    Russian speaker answers, its lead word agreeing with its content word:

    - «разве нельзя X?» / «неужели …?» / «нельзя ли …?» (rhetorical): «Нет, нельзя: …»
      where X is forbidden, «Да, можно: …» / «Да, могут: …» where it is allowed;
    - a plain negated question («X не требуют оплаты?», «не могут же …?»): the content word leads, no «Да» /
      «Нет» — «Не требуют: …» where the denial holds, «Требуют: …» where it does not. A bare
      «Да» or «Нет» to a plain negated question is read both ways by Russian speakers
      («Да, не требуют» / «Нет, не требуют»), so the word that answers it is said instead;
      never «Нет, может». A tag asking to confirm («…, да?», «…, так?», «…, правда же?»)
      is answered about the denial it asks to confirm: «Да, не требуют: …» where it holds,
      «Нет, требуют: …» where it does not.

    Whether the asked statement holds is read from the verdict's content word when it has
    one («Нет, может» -> it can). A verdict without one («Нет, не более одной местности»)
    is told by ``probe`` (``str -> verdict | None``: the same route asked
    ``positive_question``): the same lead word there means the route's «Да» / «Нет»
    answers the positive statement, the other one that it answers the statement as asked;
    no probe or no verdict from it — the verdict is returned as it is. The asked predicate
    is then put in. A positive question, an open question, a ruling on a person («Да, противник
    прав») and a verdict with no lead word are returned as they are."""
    if not verdict or _polar_kind(question) != "yes_no":
        return verdict
    m = _LEAD.match(verdict)
    if m is None or _PERSON.match(verdict[m.end():]):
        return verdict
    form = asked_form(question)
    if form is None or not form.negated:
        return verdict
    body = verdict[m.end():]
    c = _content(body, form)
    if c is None and (form.others or _content(body, None) is not None):
        return verdict      # the verdict answers another predicate of the question («можно …, ведь не мешает?»)
    if c is None:
        yes = m.group(1).lower() == "да"
        other = probe(positive_question(question)) if probe is not None and positive_question(question) else None
        o = _LEAD.match(other or "")
        if o is None:
            return verdict
        holds = yes if (o.group(1).lower() == "да") == yes else not yes
        rest = body
    else:
        holds = c[0]
        rest = body[c[2]:].lstrip(" ,:—–") if c[1] == 0 else body
    said = _as_written(question, form.positive if holds else form.word)
    if c is not None and fold(body[c[1]:c[2]]) in ("можно", "нельзя") and _bare_infinitive(form):
        said = ("можно " if holds else "нельзя ") + _as_written(question, form.positive)   # «Нельзя оплатить»
    inside = c is not None and c[1] != 0     # the content word is inside the body: the body is kept whole
    if c is None and re.match(re.escape(fold(said)) + r"(?![а-яё])", fold(rest)):
        inside = True       # «медленное игродействие» already opens with the word: not said twice
    phrase = c is not None and c[1] == 0 and re.match(r"\s+[а-яёa-z«]", body[c[2]:], re.I)
    sep = (" " if phrase else ": ") if rest else ""    # «может атаковать …» stays one phrase
    if form.asks_ban:     # «запрещено ли …?» — «Да, запрещено» / «Нет, можно»
        head = "Нет" if holds else "Да"
        return f"{head}, {rest}" if inside else f"{head}, {said}{sep}{rest}"
    if form.rhetorical:     # «Нет, нельзя» / «Да, можно»
        head = "Да" if holds else "Нет"
        return f"{head}, {rest}" if inside else f"{head}, {said}{sep}{rest}"
    if _confirm_tag(question):      # «…не может, да?» asks to confirm the denial: «Да, не может» / «Нет, может»
        head = "Нет" if holds else "Да"
        return f"{head}, {rest}" if inside else f"{head}, {said}{sep}{rest}"
    # plain negated question: «Да» / «Нет» would be read either way — the word leads («Не требуют: …»)
    if c is None and inside:
        return rest[:1].upper() + rest[1:]      # «Медленное игродействие»
    return f"{said[:1].upper()}{said[1:]}{': ' if inside else sep}{rest}"


def contradicts(question: str, verdict: str | None) -> str | None:
    """Why ``verdict`` opens with a lead word that contradicts its own content word for
    ``question`` («Нет, может», «Да, нельзя» to «можно ли …?», «Да, нельзя» to «разве
    нельзя …?»), or ``None`` when it does not (or has no lead or no content word)."""
    if not verdict:
        return None
    m = _LEAD.match(verdict)
    if m is None or _PERSON.match(verdict[m.end():]):
        return None
    form = asked_form(question)
    c = _content(verdict[m.end():], form)
    if c is None or c[1] != 0:
        return None
    yes = m.group(1).lower() == "да"
    if not yes and c[0]:
        return "«Нет» перед утвердительным словом"
    if yes and not c[0] and (form is None or not form.negated or form.rhetorical):
        return "«Да» перед отрицанием, а вопрос не отрицательный" if form is None or not form.negated else \
            "«Да» перед отрицанием в вопросе «разве / неужели»: «Нет, …» отвечает отрицанию"
    return None


__all__ = ["asks", "asked_sentence", "sentence_kind", "question_kind", "lead", "rule_on_claim", "fits",
           "answers_other_predicate", "MODAL_WORDS",
           "alternative_at", "agree_with_negation", "Form", "asked_form", "positive_question", "settle", "contradicts"]
