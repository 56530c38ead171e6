"""The asker's own argument before (or after) the asked proposition — one reader for every
route (issue 11, issue 14): «арт же не существо, клетка считай свободна?», «X это ж Y.
значит Z?», «местность атаковать нельзя это понятно. а разрядом ей раны нанести можно?
разряд то не атака», «у меня уже есть местность. хочу её взять, раз она красивая. можно?».

A clause with a reasoning particle («же», «ж», «ведь», «считай», «типа», «то»), a general
statement («X — это Y», «X считается Y»), a statement told as known («… это понятно /
помню») and a «раз …» clause are the asker's argument (premises), not board facts: a
ruling must never rest on them (they may be wrong — that is the trap). The asked
proposition is the conclusion: the words after the last «значит / выходит / получается»
of the asked sentence, or the asked sentence without its argument clauses.

``read(question)`` -> ``Reading`` or ``None`` (no argument): the told facts, the premises,
the asked proposition as its own question (a pronoun or a missing subject standing for the
premise's subject put in: «значит быстрые?» -> «Особенности «в начале боя» быстрые?»), and
whether the asked proposition is a told intention («хочу взять её …, можно?» -> «Могу её
взять?»). The situation routes read a ``Reading`` with its facts (``bot.reading.reasoning``);
the rule text reads one with no told fact at all (``bot.rules_text.premise``). Words:
``reasoning_particles`` / ``conclusion_words`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.memo import per_question
from bot.textnorm import fold

_SENT = re.compile(r"(?<=[.!?…])\s+")
_LEAD = re.compile(r"^(?:а|и|но|ну)\s+")
_KNOWN = re.compile(r"[,\s]*(?:это\s+)?(?:я\s+)?(?:понятно|ясно|помню|знаю|допустим|ладно|понял|поняла)\s*[.!]?\s*$")
"""«… это понятно», «…, это я знаю»: a statement told as known — the asker's premise."""
_OWN_KNOWN = re.compile(r"(?<![а-яё])(?:всё|все|ничего|было|будет|стало|станет|бы|не)$")
"""The word right before a known word that makes it its own clause's predicate — «до этого
всё было понятно», «я всё понял» — or negates it («ничего не ясно»): a story's remark, no
statement told as known (``told_known``)."""
_MINE = re.compile(r"(?<![а-яё])(я|мой|моя|моё|мое|мои|моего|моей|моим|моем|моём|моему|моих|моими|мне|меня|у меня|"
                   r"свой|своего|своё|свое|своей|своем|своём|мы|наш|нашем|нашего|наши)(?![а-яё])")
_HAS = re.compile(r"(?<![а-яё])у\s+(?:соперника|противника|оппонента|врага|него|неё|нее|них|тебя|нас|друга)(?![а-яё])")
"""«у соперника карта, которая …»: what someone has on the board is a told fact."""
# «в этот же ход», «на той же клетке», «в мой же ход», «сам же»: «же» after a demonstrative, a possessive or
# «сам» means «the same» or stresses — it argues nothing
_SAME = re.compile(r"(?<![а-я])(?:этот|эта|этого|этой|этом|этому|эту|эти|этих|тот|та|того|той|том|тому|ту|те|тех|"
                   r"там|тут|тогда|туда|сюда|мой|моя|мое|мою|моем|моего|моей|свой|своя|свое|свою|своем|своего|своей|"
                   r"его|ее|сам|сама|само|сразу)\s+(?:же|ж)(?![а-я])")
# «раз X» opening a clause: the asker's reason («…, раз у неё авангард»), not «ещё раз», «раз в ход»
_SINCE = re.compile(r"^(?:а\s+)?раз\s+(?!в\s|за\s|за$|и\s)(?=[а-яё«])")
_DEFINITION = re.compile(r"[а-я»]\s+(?:[—–-]\s|это\s|счита(?:ется|ются)\s)")
"""«X — Y», «X это Y», «X считается Y»: a general statement about the rules, not a board fact
(something is named before «это»: «это артефакт» alone tells what a card told before is)."""
_SUBORDINATE = re.compile(r"(?:а\s+|и\s+)?(?:если|когда|пока|раз|чтобы|хотя)(?![а-я])")
"""A clause opening with a subordinating conjunction: no main clause of a question."""
_RAZ_TO = re.compile(r"(?:^|\s)(раз\s.+?),\s*то(?:\s+и)?\s+")
"""«раз X, то (и) Y»: the reason and, after «то», the conclusion drawn from it."""
_COMPARED = re.compile(r",\s+как\s+[а-яё]+$")
"""«местность лежит на клетке поля боя, как артефакт»: a comparison the asker concludes from."""
# the asked words that ask only whether «it» may be done («значит можно?», «раз так — могу?»)
_BARE_MODAL = re.compile(r"^(?:(?:ну|так|то|и|это|тогда|значит)\s+)*(?:можно|могу|может|можем|норм|нормально|законно)"
                         r"(?:\s+(?:ли|же|ведь|так|это|да|или\s+нет))*$")
# «хочу / хочет / собираюсь + infinitive»: the intention a bare modal asks about
_WANT = {"хочу": "могу", "хочет": "может", "хотим": "можем", "хотят": "могут", "собираюсь": "могу", "собирается": "может",
         "хотел": "могу", "хотела": "могу", "хочется": "можно"}


@dataclass(frozen=True)
class Reading:
    """``facts``: the sentences / clauses told as board facts; ``premises``: the asker's
    argument clauses as written; ``asked``: the asked proposition as its own question
    (ending in «?»); ``subject``: what was put into it for a pronoun or a missing subject
    (``""`` when nothing); ``intended``: the asked proposition is the told intention («хочу
    атаковать …, значит могу?»); ``told``: a premise is itself a board fact or event the
    asker tells («у меня …», a past-tense verb), so the rule text alone must not rule on it;
    ``conclusion``: the conclusion word the asked sentence draws it with («значит»), or ``""``."""

    facts: tuple[str, ...]
    premises: tuple[str, ...]
    asked: str
    subject: str = ""
    intended: bool = False
    told: bool = False
    conclusion: str = ""


def told_known(sentence: str) -> re.Match | None:
    """The «это понятно» / «я знаю» ending (``_KNOWN``) of a sentence told as known, as a match
    on ``sentence``; ``None`` when it has none or the known word is the predicate of its own
    clause («до этого всё было понятно», ``_OWN_KNOWN``) — narration, not the asker's premise."""
    m = _KNOWN.search(sentence)
    if m is None:
        return None
    if "," in m.group(0) or m.group(0).lstrip().startswith("это"):
        return m        # «…, это понятно», «… это я знаю»: said of the statement before it
    return None if _OWN_KNOWN.search(sentence[:m.start()].casefold().rstrip()) else m


def without_known(sentence: str) -> str:
    """``sentence`` without the ending that tells it as known (``told_known``); itself when it
    has none."""
    m = told_known(sentence)
    return (sentence[:m.start()].strip(" ,") or sentence) if m is not None else sentence


def _words(name: str) -> tuple[str, ...]:
    from bot.vocab import section

    raw = section(name)
    return tuple(raw.split() if isinstance(raw, str) else raw)


def masked(text: str) -> str:
    """``text`` with quoted card text blanked (same length): its full stops end no sentence,
    its «—» and «же» are the card's, not the asker's."""
    from bot.textnorm import replace_quoted

    return replace_quoted(text, lambda q: "«" + "_" * (len(q) - 2) + "»")


def chat_sentences(question: str) -> list[str]:
    """The sentences of a chat message as written: a «.», «!», «?» or «…» ends one whatever
    the next letter's case («… есть. раз класс есть — значит можно?»), not inside quotes."""
    text = " ".join(question.split())
    m = masked(text)
    cuts = [x.end() for x in _SENT.finditer(m)]
    return [text[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(text)]) if text[a:b].strip(" .!?…")]


_TO_PARTICLE = re.compile(r"(?<![а-я])(?!(?:а|и|но|если|когда|раз|так|вот|не|ни|да|что|как|это)\s)([а-я]+)\s+то"
                          r"(?=[\s,?.!]|$)(?!\s+(?:есть|же|ли)(?![а-я]))")
"""«разряд то не атака», «движение то медленное»: «то» after a word of the clause stresses it;
not «если …, то …» (a conditional's «то»), «а то», «то есть»."""


@lru_cache(maxsize=4)
def _particles_re(particles: tuple[str, ...]) -> re.Pattern:
    """One pattern for «one of ``particles`` as a word of its own» (``has_particle``): an
    alternative that does not end at a space or a punctuation mark is backtracked, so it
    matches where one pattern per particle would."""
    return re.compile(r"[\s,](?:" + "|".join(map(re.escape, particles)) + r")[\s,?.!]")


@per_question     # the argument reader, the premise gate and the rule text test the same clauses
def has_particle(clause: str) -> bool:
    """A reasoning particle («же», «ж», «ведь», «считай», «типа», or «то» after a word) in
    ``clause`` outside quotes; «же» meaning «the same» («в этот же ход», «сам же») is none,
    nor the «то» of «если …, то …». Words: ``reasoning_particles`` of ``grammar/lexicon.yaml``."""
    f = f" {_SAME.sub(' ', fold(masked(clause)))} "
    if _particles_re(_words("reasoning_particles")).search(f):
        return True
    if "то" not in f:
        return False        # no «то» at all (most clauses): no clause to split and search
    for c in re.split(r"[,;:]", f):
        m = _TO_PARTICLE.search(c)
        if m and not re.search(r"(?<![а-я])(?:если|когда|раз|пока|коли)(?![а-я])", c[:m.start()]):
            return True
    return False


def reasons(clause: str) -> bool:
    """Whether ``clause`` is told as the asker's reason: a «раз …» clause or one with a
    reasoning particle (``has_particle``)."""
    return bool(_SINCE.match(fold(clause))) or has_particle(clause)


def _premise_like(sentence: str) -> bool:
    """A reasoning particle or a general statement («X — это Y») outside quotes."""
    return has_particle(sentence) or bool(_DEFINITION.search(f" {fold(masked(sentence))} "))


def told_fact(sentence: str) -> bool:
    """A board fact or event the asker tells («у меня …», «у противника …», «сходил …»), not a
    rule statement; «в правилах написано, что …» tells none."""
    from bot.reading.tokens import tokenize

    low = sentence.casefold()
    if _MINE.search(low) or _HAS.search(low):
        return True
    if re.search(r"(?<![а-яё])(?:написано|сказано|указано)(?![а-яё])", low):
        return False
    toks, _ = tokenize(sentence)
    return any(t.pos == "VERB" and t.tense == "past" for t in toks)


def last_conclusion(sentence: str) -> re.Match | None:
    """The last conclusion word («значит», «выходит» …, ``conclusion_words``) of ``sentence``
    outside quotes, as a match on its casefolded text; ``None`` when it has none."""
    conclusions = "|".join(map(re.escape, _words("conclusion_words")))
    m = None
    for m in re.finditer(rf"(?:^|[\s,])(?:{conclusions})(?=[\s,?!.]|$)", masked(sentence).casefold()):
        pass
    return m


def argued(question: str) -> bool:
    """The asked sentence of ``question`` concludes from the asker's argument told inside it
    («…, но симбиот же не может перемещаться, значит особенность не сработает?»): a clause
    with a reasoning particle or a general statement before a conclusion word."""
    sents = chat_sentences(question)
    if not sents:
        return False
    asked = sents[max((i for i, s in enumerate(sents) if "?" in s), default=len(sents) - 1)]
    m = last_conclusion(asked)
    return m is not None and _premise_like(asked[:m.start()].strip(" ,"))


def _predicate(clause: str) -> bool:
    """Whether ``clause`` has a predicate of its own: a finite verb, an infinitive, a
    predicative or a modal word («может», «можно», «нельзя»)."""
    from bot.reading.tokens import tokenize

    toks, _ = tokenize(clause)
    return any(t.pos in ("VERB", "INFN", "PRED") or t.lemma in ("можно", "нельзя", "мочь") for t in toks)


def _clauses(sentence: str) -> list[str]:
    return [c.strip() for c in re.split(r",\s+|\s+[—–-]\s+", sentence.rstrip("?!.… ")) if c.strip()]


def subject_of(premise: str) -> str:
    """The noun phrase a premise is about: a quoted name at its start («в начале боя»), its
    words before «это / же / ж / — / считается», or its first noun («местность атаковать
    нельзя»); ``""`` when none."""
    from bot.reading.tokens import tokenize

    p = _LEAD.sub("", premise.strip().casefold())
    p = re.sub(r"^(?:в\s+правилах\s+)?(?:написано|сказано|указано)\s*,?\s*(?:что\s+)?", "", p)
    quoted = re.match(r"«[^»]+»", premise.strip())
    if quoted:
        return quoted.group(0)      # «в начале боя» у моей карты срабатывает …: the named ability
    m = re.match(r"(.+?)\s+(?:[—–-]\s+|это\s|же\s|ж\s|ведь\s|считаю?т?ся\s|она\s+же|он\s+же|оно\s+же|они\s+же)", p + " ")
    if not m:
        toks, _ = tokenize(p)
        return next((t.text for i, t in enumerate(toks) if t.pos == "NOUN" and t.case in ("nomn", "accs")
                     and not _governed(toks, i)), "")
    s = m.group(1).strip(" ,")
    toks, _ = tokenize(s)
    if not toks or not any(t.pos in ("NOUN", "INTJ") or t.quote for t in toks) or len(toks) > 6:
        return ""
    return s


def _governed(toks, i: int) -> bool:
    """Whether the noun ``toks[i]`` stands in a prepositional phrase («в этот ход»): a
    preposition before it, with only adjectives between."""
    j = i - 1
    while j >= 0 and toks[j].pos in ("ADJF", "PRTF", "NUMR"):
        j -= 1
    return j >= 0 and toks[j].pos == "PREP"


def _in_case(subject: str, case: str | None) -> str:
    """A one-word subject put in the case of the pronoun it replaces («по нему» -> «по
    арту»); a longer phrase, or a form the analyser cannot make, as written."""
    from bot.morph import analyzer

    if not case or case == "nomn" or " " in subject.strip():
        return subject
    p = next((x for x in analyzer().parse(subject.strip()) if x.tag.POS == "NOUN"), None)
    form = p.inflect({case}) if p is not None else None
    return form.word if form is not None else subject


def _elided(z: str, premises: list[str]) -> str:
    """«в экипировку атаку перенаправить нельзя … а в местность можно перенаправить?»: a
    contrast («а …») that repeats a premise's verb leaves out that premise's direct object;
    it is put back («… перенаправить атаку»). Otherwise ``z`` as it is."""
    from bot.reading.tokens import tokenize

    zt, _ = tokenize(z)
    verbs = {t.lemma for t in zt if t.pos in ("INFN", "VERB")}
    if not verbs or any(t.pos == "NOUN" and t.case == "accs" and not (i and zt[i - 1].pos == "PREP")
                        for i, t in enumerate(zt)):
        return z
    for p in premises:
        pt, _ = tokenize(p)
        if not verbs & {t.lemma for t in pt if t.pos in ("INFN", "VERB")}:
            continue
        objects = [t.text for i, t in enumerate(pt) if t.pos == "NOUN" and t.case == "accs"
                   and not (i and pt[i - 1].pos == "PREP") and t.lemma not in {u.lemma for u in zt}]
        if len(objects) == 1:
            return f"{z} {objects[0]}"
    return z


def _intention(facts: list[str]) -> tuple[int, int, str] | None:
    """``(sentence, clause, asked)``: the last clause of ``facts`` telling what someone wants
    to do («хочу атаковать местность противника») rewritten as the asked «могу атаковать …»,
    or ``None``."""
    for k in range(len(facts) - 1, -1, -1):
        cl = _clauses(facts[k])
        for j in range(len(cl) - 1, -1, -1):
            words = cl[j].split()
            for n, w in enumerate(words):
                modal = _WANT.get(fold(w))
                if modal is not None and n + 1 < len(words):
                    rest = words[n + 1:]
                    while rest and fold(rest[0]) in ("и", "тоже"):
                        rest = rest[1:]     # «хочу и её взять»: «и» joins the wish to the story, not the asked act
                    if rest:
                        return k, j, " ".join([*words[:n], modal, *rest])
    return None


_DETERMINERS = frozenset({"этот", "тот", "такой", "мой", "твой", "свой", "наш", "ваш", "его", "её", "ее", "их", "каждый",
                          "любой", "весь", "сам"})


def _nominative(word: str) -> bool:
    """Whether some parse of the noun ``word`` is nominative («срабатывание» is read as
    accusative first)."""
    from bot.morph import analyzer

    return any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in analyzer().parse(word))


def _number(word: str) -> str | None:
    from bot.morph import analyzer

    return analyzer().parse(word)[0].tag.number


def _antecedent_before(toks, at: int) -> bool:
    """A noun before the pronoun ``toks[at]`` in the asked words that agrees with it in
    gender and number: the pronoun may stand for it («если сущ добили, его «при гибели»
    …»), so it is not the premise's subject."""
    p = toks[at]
    for t in toks[:at]:
        if t.pos != "NOUN":
            continue
        if "plur" in (_number(p.text), _number(t.text)):
            if _number(p.text) == _number(t.text):
                return True
        elif p.gender is None or t.gender is None or p.gender == t.gender or {p.gender, t.gender} == {"masc", "neut"}:
            return True
    return False


def _with_subject(z: str, premises: list[str], facts: list[str]) -> tuple[str, str] | None:
    """``(z, subject)``: the asked words with the premise's subject put in for a pronoun
    that stands for it («а разрядом ей раны нанести можно?» -> «… местности …») or before a
    proposition that names no subject of its own («значит быстрое игродействие?» -> «X это
    быстрое игродействие?»); ``(z, "")`` when it names its own; ``None`` when it needs one
    and no premise or fact names one."""
    from bot.reading.tokens import tokenize

    demonstrative = re.match(r"(?i)это\s+(?=\S)", z)
    toks, _ = tokenize(z[demonstrative.end():] if demonstrative else z)
    if not toks:
        return None
    verb = any(t.pos in ("VERB", "INFN", "PRED") or t.lemma in ("можно", "нельзя") for t in toks)
    at = next((i for i, t in enumerate(toks) if t.pos == "NPRO" and t.lemma in ("он", "она", "оно", "они")), None)
    pron = toks[at] if at is not None and not _antecedent_before(toks, at) else None
    named = any(t.pos in ("NOUN", "INTJ") or t.quote for t in toks if t is not pron)
    own = any((t.pos == "NOUN" and _nominative(t.text)) or t.pos == "INTJ" or t.quote for t in toks)
    # «значит быстрое игродействие?»; not «эта особенность медленная?» (a determiner opens its own subject)
    predicative = not verb and toks[0].pos in ("ADJF", "ADJS") and toks[0].lemma not in _DETERMINERS
    if pron is None and named and (verb or own) and not predicative and not demonstrative:
        return z, ""
    if pron is None and at is not None:
        return z, ""    # «… прыгну им»: the pronoun has a noun of the asked words before it
    if _BARE_MODAL.match(fold(z)):
        return z, ""    # «… . можно?»: the situation told is what is asked about
    # a «раз …» reason names its subject by a pronoun («раз он не летун»): no subject of its own; a pronoun
    # stands for a card told as a fact before a thing the argument is about («у меня артефакт с прыжком.
    # прыжок это ж не движение, значит он может прыгнуть?»)
    argued_ = [p for p in premises if not _SINCE.match(fold(p))]
    named_ = [x for x in map(subject_of, (facts + argued_) if pron is not None else (argued_ + facts)) if x]
    if pron is not None:
        # the first subject the pronoun agrees with: «Симбиот у меня бестелесный. Его можно …, бестелесность ведь …»
        named_ = [x for x in named_ if _agrees(x, pron)]
    subject = named_[0] if named_ else ""
    if not subject:
        if pron is not None and at > 0 and named and (verb or own):
            return z, ""    # «… прыгну им норм?»: a pronoun inside the asked words may name their own card
        if pron is not None and facts and (verb or _antecedent_in(facts, pron)):
            # «хозяин моей шмотки потерял класс. раз …, она теперь уничтожается?»: no subject of the argument
            # agrees, the pronoun stands for a card of the told story — the situation reader resolves it there
            return z, ""
        return None
    if pron is not None:
        spelled = re.escape(pron.text).replace("е", "[её]")    # the folded «ее» is «её» as written
        z = re.sub(rf"(?<![а-яё]){spelled}(?![а-яё])", _in_case(subject, pron.case), z, count=1, flags=re.I)
    elif demonstrative:
        z = subject + " " + z[demonstrative.end():]     # «значит это быстрое игродействие?»: «это» is the premise's subject
    else:
        z = subject + (" это " if not verb and named else " ") + z
    return z, subject


def _antecedent_in(facts: list[str], pron) -> bool:
    """A noun of the told ``facts`` (in any case) that agrees with the pronoun token ``pron``
    in number and gender («шмотки» for «она»)."""
    from bot.morph import analyzer
    from bot.reading.lexicon import kind_of
    from bot.reading.tokens import tokenize

    number = _number(pron.text)
    for f in facts:
        toks, _ = tokenize(f)
        for t in toks:
            if t.pos != "NOUN":
                continue
            if kind_of(t.lemma) is not None or kind_of(t.text) is not None:
                return True     # a card the situation reader knows («шмотки»): its pronoun resolution decides
            for p in analyzer().parse(t.text):     # a genitive singular or a plural — any parse will do
                if p.tag.POS != "NOUN" or p.tag.number != number:
                    continue
                if number == "plur" or pron.gender is None or p.tag.gender == pron.gender:
                    return True
    return False


def _agrees(subject: str, pron) -> bool:
    """Whether the head noun of ``subject`` (its first nominative noun, or a quoted name)
    agrees with the pronoun token ``pron`` in number and gender."""
    from bot.reading.tokens import tokenize

    if subject.startswith("«"):
        return _number(pron.text) != "plur"
    toks, _ = tokenize(subject)
    head = next((t for t in toks if t.pos == "NOUN" and t.case == "nomn"), None) or \
        next((t for t in toks if t.pos == "NOUN"), None)
    if head is None:
        return False
    if "plur" in (_number(head.text), _number(pron.text)):
        return _number(head.text) == _number(pron.text)
    return pron.gender is None or head.gender is None or pron.gender == head.gender \
        or ({pron.gender, head.gender} == {"masc", "neut"} and pron.case != "nomn")   # «него», «ему», «им» are both


def read(question: str) -> Reading | None:
    """The asker's argument in ``question`` and the proposition asked after it, or ``None``
    when it has no argument (see the module docstring)."""
    from bot.reading.claims import _expand_abbreviations

    sents = chat_sentences(_expand_abbreviations(question))   # «т.е.» ends no sentence
    if not sents:
        return None
    asked_at = max((i for i, s in enumerate(sents) if "?" in s), default=len(sents) - 1)
    last = sents[asked_at]
    facts: list[str] = []
    premises: list[str] = []
    told = False
    concluding = last_conclusion(last) is not None
    for s in sents[:asked_at]:
        s0 = s.rstrip(".!… ").strip()
        k = told_known(s0)
        known = k is not None
        s1 = (s0[:k.start()].strip(" ,") or s0) if known else s0      # ``without_known``
        compared = concluding and bool(_COMPARED.search(fold(s1)))    # «…, как артефакт. значит …»
        # «X — это Y» is a rule statement unless it tells a card of the board («мой гоблин — артефакт»)
        defined = bool(_DEFINITION.search(f" {fold(masked(s1))} ")) and not told_fact(s1)
        if known or compared or has_particle(s1) or defined:
            premises.append(s1)
            told = told or told_fact(s1)
            continue
        cl = _clauses(s1)
        since = [c for c in cl if _SINCE.match(fold(c))]
        if since and len(since) < len(cl):     # «…, раз у неё авангард»: the reason is argument, the rest a fact
            premises += since
            facts.append(", ".join(c for c in cl if c not in since))
        else:
            facts.append(s1)
    for s in sents[asked_at + 1:]:      # «…? разряд то не атака»: the argument told after the question
        if not has_particle(s):
            return None
        premises.append(s.rstrip(".!… "))
        told = told or told_fact(s)
    m = last_conclusion(last)
    z = last
    if m is not None and fold(m.group(0).strip(" ,")) == "то есть" and _RAZ_TO.search(fold(last[:m.start()])):
        # «раз действие медленное, то и срабатывание медленное, то есть только при пустом стеке?»: «то есть»
        # restates the conclusion drawn after «раз …, то»; that conclusion is what is asked
        at = _RAZ_TO.search(fold(last[:m.start()]))
        for part in (last[:at.start(1)].strip(" ,"), last[at.start(1):at.end(1)].strip(" ,")):
            if part:
                premises.append(part)
                told = told or told_fact(part)
        z = last[at.end():m.start()].strip(" ,")
    elif m is not None:
        before = last[:m.start()].strip(" ,")
        if before:
            premises.append(before)
            told = told or told_fact(before)
        z = last[m.end():].strip(" ,")
    asked_parts: list[str] = []
    particle_parts: list[str] = []
    inline: list[str] = []
    clauses = _clauses(z)
    for k, c in enumerate(clauses):
        if _SINCE.match(fold(c)) and (k > 0 or len(clauses) > 1):
            premises.append(c)      # «раз …» wherever it stands
            continue
        if k > 0 and has_particle(c):
            inline.append(c)        # «…, бестелесность ведь не мешает?»
            continue
        if has_particle(c):
            particle_parts.append(c)
        asked_parts.append(c)
    if inline and all(_SUBORDINATE.match(fold(p)) for p in asked_parts):
        # «если сущ вернули в колоду, его «при гибели» же не срабатывает?»: the particle clause is the main one
        asked_parts = [c for c in clauses if c in asked_parts or c in inline]
        inline = []
    premises += inline
    if len(asked_parts) > 1 and asked_parts[0] in particle_parts and not _SUBORDINATE.match(fold(asked_parts[0])) \
            and all(_predicate(c) and not _SUBORDINATE.match(fold(c)) for c in asked_parts[1:]):
        # «запас движения же у него восстановился, может оно теперь походить?»: the particle clause before
        # a main clause of its own is the asker's argument, the clause after it is asked
        premises.append(asked_parts[0])
        particle_parts.remove(asked_parts[0])
        asked_parts = asked_parts[1:]
    if premises and len(asked_parts) > 1 and re.match(r"а\s", fold(asked_parts[-1])) \
            and not any(told_fact(p) or _SUBORDINATE.match(fold(p)) for p in asked_parts[:-1]):
        # «симба хозяин бить может, а свою шмотку хозяин тоже может атаковать? они ж …»: the asker states
        # what he knows and asks the contrast
        premises += asked_parts[:-1]
        asked_parts = asked_parts[-1:]
    if any(_SINCE.match(fold(p)) for p in premises) and asked_parts:
        asked_parts[0] = re.sub(r"^(?:то|тогда)(?:\s+и)?\s+", "", asked_parts[0], flags=re.I)   # «раз …, то и …»
    asked = ", ".join(p for p in asked_parts if p).strip()
    intended = False
    intent = _intention(facts) if premises or particle_parts or m is not None else None
    if intent is not None and (not asked or _BARE_MODAL.match(fold(asked)) or (
            asked_parts and all(p in particle_parts or not p for p in asked_parts))):
        # «хочу атаковать местность …, значит могу?», «… арт же не существо, клетка считай свободна?»: the asked
        # proposition is the told intention; the asked words are the asker's reasoning
        k, j, asked = intent
        intended = True
        premises += [p for p in asked_parts if p and not _BARE_MODAL.match(fold(p))]
        cl = _clauses(facts[k])
        before_, after = cl[:j], cl[j + 1:]
        if after and k == len(facts) - 1:   # «…хочет надеть шмотку, класс у него есть»: what follows stays with it
            asked = ", ".join([asked, *after])
        elif after:
            before_ = [*before_, *after]
        facts = [*facts[:k], *([", ".join(before_)] if before_ else []), *facts[k + 1:]]
    if not premises and m is None:
        return None
    if not asked:
        return None
    subject = ""
    if not intended:
        from bot.reading.lexicon import kind_of

        contrast = bool(re.match(r"(?i)а\s", asked))
        asked = _LEAD.sub("", asked.rstrip("?!. ").strip())
        asked = re.sub(r"(?<![а-яё])тоже(?![а-яё])\s*", "", asked).strip()
        premises = [without_known(p) for p in premises]
        cmp_ = re.search(r",?\s+как\s+([а-яё]+)$", fold(asked))
        if cmp_ and kind_of(cmp_.group(1)) is not None and any(cmp_.group(1) in fold(p) for p in premises):
            premises.append(asked[cmp_.start():].strip(" ,"))
            asked = asked[:cmp_.start()]     # «… атаковать как арт?»: the comparison is the argument's
        if contrast:
            asked = _elided(asked, premises)
        got = _with_subject(asked, premises, facts)
        if got is None:
            return None
        asked, subject = got
    if not asked.strip():
        return None
    return Reading(tuple(facts), tuple(p for p in premises if p), asked[:1].upper() + asked[1:].rstrip("?!. ") + "?",
                   subject, intended, told, m.group(0).strip(" ,") if m is not None else "")


@lru_cache(maxsize=64)
def read_cached(question: str) -> Reading | None:
    """``read`` remembered per question (the premise gate, the rule text and the reasoning
    route all read the same question)."""
    return read(question)
