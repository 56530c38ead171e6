"""Claims to check: «противник говорит, что P. Он прав?», «я думаю, что P, верно?», «я
говорю P, а друг спорит. Кто прав?», «друг считает, что P. Верно?», «P. Правда?» — answered
relative to the claim (issue 11).

``find_claim(question)`` reads who said what: the set-up told before the claim (whole
sentences, and a clause before the say verb such as «я второй игрок и говорю, что …»), the
claimer (``me`` / ``other``; by the say verb's person — «говорю» is the asker, «говорит»
someone else — and by the person named before it), the claimed proposition P (its reason
«…, раз …» split off: a reason is the claimer's argument, not what is ruled on), whether the
person whose rightness is asked holds P or denies it («противник говорит, что можно. Я
говорю нельзя, я прав?»: the asker denies P) and the check asked («он прав?» / «кто прав?»
/ «верно?»). A say verb in the reflexive («считается») is not a claim.

``answer(question, edition)`` asks P, as a yes/no question after the claim's own set-up
sentences (its pronouns untouched), through every route of ``bot.judge`` that gives a
verdict (``bot.judge.PROPOSITION_ROUTES``: card text on a board, card text, the reader and
the simulator, the rule text), the first verdict whose «Да» / «Нет» can be told winning;
whether P holds is read from the verdict's own modal word when it has one («Нет, нельзя»,
«Да, не может»), so a negated P is never flipped by the lead-word convention. It is then
ruled on relative to the claimer: «Да, противник прав: …», «Нет, вы не правы: …», «Прав
противник: …». No verdict on P — no verdict on the claim (the answer says what was
understood). Words: ``claim_say`` / ``claim_right`` of the ``reader`` section and the
``claims`` section of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.answer import Answer, Block
from bot.reading.argument import masked
from bot.morph import analyzer, lemma
from bot.reading.lexicon import words
from bot.reading.speakers import addressed
from bot.textnorm import fold
from bot.yesno import rule_on_claim

@lru_cache(maxsize=1)
def _pronouns() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(me, other)``: the pronouns naming the asker («я», «мы») and the other side («он», «ты»)
    (``claims.me`` / ``claims.other`` of ``grammar/lexicon.yaml``)."""
    cw = _claim_words()
    return tuple(fold(x) for x in cw["me"]), tuple(fold(x) for x in cw["other"])


@lru_cache(maxsize=1)
def _check_re() -> re.Pattern:
    """«прав?», «он прав?», «прав ли я был?», «кто прав?», «кто из нас прав то?», «верно?», «так?»,
    «это так?», «правда?» at the end of the message; the people are the lexicon's."""
    me, other = _pronouns()
    people = "(?:" + "|".join(map(re.escape, sorted({*me, *other, *(fold(p) for p in _claim_words()["people"])},
                                                     key=len, reverse=True))) + ")"
    was = r"(?:\s+был[аои]?)?"
    # «верно я думаю?», «правильно говорит?»: the speaker's verb after the check word
    says = r"(?:\s+ли)?(?:\s+(?:я|он|она|ты|мы))?\s+(?:думаю|понимаю|говорю|считаю|говорит|думает|считает|понимает)"
    return re.compile(r"(?:^|[\s,.;:!?—–-])(кто\s+(?:же\s+)?(?:из\s+нас\s+)?(?:тут\s+|здесь\s+)?(?:был\s+)?прав[ыа]?"
                      r"(?:\s+из\s+нас)?"
                      rf"|(?:{people}\s+)?{was}прав[ыа]?\s+{people}\s+или\s+{people}"
                      rf"|(?:{people}\s+)?{was}(?:прав[ыа]?|не\s+прав[ыа]?)(?:\s+ли)?(?:\s+{people})?{was}"
                      rf"(?:\s+или\s+{people})?"
                      rf"|(?:верно|правильно){says}|дело\s+говорит|так\s+ли\s+это|так\s+ведь"
                      r"|(?:это\s+)?(?:верно|так|правда|правильно))(?:\s+(?:то|же|ж|тогда|вообще|или\s+нет))?"
                      r"(?:,?\s+что\s+(?P<stance>(?:не\s+)?[а-я]+))?\s*\??\s*$")


def _me() -> tuple[str, ...]:
    return _pronouns()[0]


def _others() -> tuple[str, ...]:
    return _pronouns()[1]
_WORD = re.compile(r"[а-яa-z0-9]+")
_MODAL = re.compile(r"(?<![а-я])(не\s+)?(можно|нельзя|мож\w*|мог\w*|смож\w*|обязан\w*|долж\w*)(?![а-я])")
_MODAL_LEAD = re.compile(r"(?:не\s+)?(?:можно|нельзя|может|могут|можете|можешь|могу|можем|обязан\w*|должен|должна|должны)"
                         r"(?![а-я])")
"""A verdict that opens with its modal word instead of «Да» / «Нет» (a negated question is
answered so: «Не может: …», «Нельзя: …», bot.yesno)."""


@lru_cache(maxsize=1)
def _claim_words() -> dict:
    from bot.vocab import section

    return section("claims")


@dataclass(frozen=True)
class Claim:
    """``setup``: the sentences told before the claim; ``who``: ``me`` | ``other`` | ``asker``
    (``asker``: no one is named, «P. Правда?»); ``other_word``: how the other side is named
    («противник», «друг»); ``proposition``: the claimed statement P; ``check``: ``right``
    («он прав?», «верно?») | ``who`` («кто прав?»); ``denies``: the person ``who`` holds not-P
    (he only disputes the other side's P); ``reason``: the claimer's argument split off P
    («раз они на одной клетке»), not ruled on; ``rejected``: the alternative the claimer
    rejects («…, а не тот, кто пасовал последним»): ruled on through P, which excludes it."""

    setup: str
    who: str
    other_word: str
    proposition: str
    check: str
    denies: bool = False
    reason: str = ""
    rejected: str = ""
    counter: str = ""
    counter_who: str = ""
    asked_person: str = ""
    direct: bool = False
    counter_direct: bool = False
    asker_said: bool = True
    """Whether the asker says anything himself («я говорю …», «а я спорю»): with nothing said,
    «кто прав?» about a false claim is answered «Противник не прав», not «Вы правы»."""
    rival: str = ""
    """«друг говорит P, а противник — что нельзя. Кто прав?»: the second other person (the asker
    takes no side), who denies P (no ``counter``) or states the ``counter`` himself."""

    @property
    def asked(self) -> str:
        """The claimed proposition as its own question, after the set-up sentences
        («Посадил симба на орка. Симбиот погибает?»)."""
        return (self.setup + " " if self.setup else "") + self.proposition[:1].upper() + self.proposition[1:] + "?"


@dataclass
class _Said:
    who: str            # me | other
    other_word: str
    content: str        # what follows the say verb («что …»), may be "" («а он спорит»)
    disputes: bool      # the verb only disagrees («спорит», «не согласен»)
    pre: str            # the clause before the speaker in the same sentence («я второй игрок и»)
    start: int          # where the speaker's clause starts in the body
    direct: bool = False    # his own words («говорит: я …»): «я» is the speaker, «ты» the asker
    verb: int = -1      # where the say verb starts in the body (-1: no verb of its own, «а он — что нельзя»)


_masked = masked
"""``text`` with quoted card text blanked (``bot.reading.argument.masked``)."""


def _sentence_start(text: str, before: int | None = None) -> int:
    """Index where the sentence holding position ``before`` (default: the end) starts."""
    t = _masked(text)
    end = len(t) if before is None else before
    return max(t.rfind(c, 0, end) for c in ".!?;\n") + 1


def _tag(w: str):
    return analyzer().parse(w)[0].tag


def _is_say(w: str) -> bool:
    """A say verb not in the reflexive: «говорит», «считаю», «сказал»; not «считается»."""
    if w.endswith(("ся", "сь")):
        return False
    lm = lemma(w)
    if lm in words().claim_say or lm in _claim_words()["dispute"]:
        return True
    # «спорю»: the analyser's first parse is «спороть»; a dispute verb by any parse disputes
    return any(p.normal_form in _claim_words()["dispute"] for p in analyzer().parse(w) if p.tag.POS == "VERB")


def _says_that(after: str) -> bool:
    """Whether the text after a verb that speaks only before what it says («заявил», «ответил»:
    ``claims.say_with_that``) opens what is said: «что», «будто», «:», a quote or a dash
    («противник заявил что …», «требует, чтобы я …»; «я заявил атаку» declares an action)."""
    return bool(re.match(r"\s*(?:(?:мне|нам|ему|ей|им|тебе|вам|от\s+меня)\s*)?(?:,\s*)?(?:что|будто|чтоб|чтобы)(?![а-я])"
                         r"|\s*[:«\"“—–]", after))


def _person_of_verb(w: str) -> str | None:
    t = _tag(w)
    if t.person == "1per":
        return "me"
    if t.person in ("2per", "3per"):
        return "other"
    return None


def _earlier_subject(body: str, toks, i: int, people: set[str]) -> str | None:
    """The subject a past-tense say verb with none of its own shares with a clause before it
    in its sentence («я в свой черёд отказался …, думал сыграю потом»: «я»): ``me`` / ``other``
    by the nearest person word or pronoun in the nominative before it, ``None`` when there is none."""
    start = _sentence_start(body, toks[i].start())
    for b in range(i - 1, -1, -1):
        if toks[b].start() < start:
            break
        w = toks[b].group(0)
        if w in ("я", "мы"):
            return "me"
        if w in ("он", "она", "они") or (lemma(w) in people and "nomn" in _tag(w)):
            return "other"
    return None


def _people() -> set[str]:
    return {fold(p) for p in _claim_words()["people"]}


def _speakers(body: str) -> list[_Said]:
    """Every «X говорит / я считаю / а он спорит» of ``body`` with what follows it."""
    toks = list(_WORD.finditer(body))
    people = _people()
    that_only = {fold(w) for w in _claim_words().get("say_with_that", ())}
    verbs = [i for i, t in enumerate(toks) if (_is_say(t.group(0)) or lemma(t.group(0)) in that_only)
             and not (lemma(t.group(0)) in that_only and (_tag(t.group(0)).POS != "VERB"
                                                          or not _says_that(body[t.end():])))]
    found: list[_Said] = []
    for k, i in enumerate(verbs):
        verb = toks[i].group(0)
        # the speaker: a person word or pronoun just before the verb (skipping «мой», «тоже»)
        j, who, other = i - 1, None, ""
        while j >= 0 and toks[j].group(0) in ("мой", "моя", "мои", "тоже", "же", "всё", "все", "еще", "ещё", "вот", "а", "и", "но"):
            j -= 1
        subj_start = toks[i].start()
        if j >= 0 and body[toks[j].end():toks[i].start()].strip(" ") in ("", ","):
            w = toks[j].group(0)
            if w in _me():
                who, subj_start = "me", toks[j].start()
            elif w in _others():
                who, subj_start = "other", toks[j].start()
            elif lemma(w) in people:
                who, other, subj_start = "other", lemma(w), toks[j].start()
        if who is None and _person_of_verb(verb) != "me":
            # «чувак в клубе утверждает»: a person named a few words before the verb, in its clause
            for b in range(j - 1, max(j - 4, -1), -1):
                if b < 0 or re.search(r"[.!?;:,]", body[toks[b].end():toks[b + 1].start()]):
                    break
                if lemma(toks[b].group(0)) in people:
                    who, other, subj_start = "other", lemma(toks[b].group(0)), toks[b].start()
                    break
        if who is None and _person_of_verb(verb) is None:
            who = _earlier_subject(body, toks, i, people)
        if who is None:
            who = _person_of_verb(verb) or "other"
        # «а он», «и говорю»: the connective before the speaker belongs to no clause
        while subj_start > 0 and re.search(r"(?:^|[\s,])(?:а|и|но)\s*$", body[:subj_start]):
            subj_start = re.search(r"(?:^|[\s,])(?:а|и|но)\s*$", body[:subj_start]).start()
        end = len(body)
        if k + 1 < len(verbs):
            end = found_start = _clause_start(body, toks, verbs[k + 1], people)
            end = min(end, found_start)
        raw = _own_sentence(body[toks[i].end():end])
        # «сказал мне: …», «говорит нам, что …»: the addressee is no part of what is said
        raw = re.sub(r"^\s*(?:мне|нам|ему|ей|им|тебе|вам)(?=\s*(?:[:,—–-]|что(?![а-я])))", "", raw)
        lead = re.match(r"\s*([а-я]+)(?=\s*(?:[:,—–-]|что(?![а-я])))", raw)
        if lead and lemma(lead.group(1)) in people and "datv" in _tag(lead.group(1)):
            raw = raw[lead.end():]      # «я говорю противнику, что …»
        content = re.sub(r"^[\s,:]*(?:что\s+|будто\s+)?(?:(?:мол|дескать|типа)(?![а-я])\s*,?\s*)?", "", raw).strip(" ,.;:—–-")
        # the claimer's own words: «говорит: я …», «говорит «…»», «говорит всё, теперь ты пасуй»
        direct = bool(re.match(r"\s*(?::|[—–-]\s)(?!\s*(?:что|будто)(?![а-я]))", raw)) or \
            (not re.match(r"[\s,:]*(?:что|будто)(?![а-я])", raw)
             and bool(re.search(r"(?<![а-я])(?:ты|тебе|тебя|тобой|твой|твоя|твое|твоего|твоих|твои|твоей)(?![а-я])", content)))
        # «я говорю, что можно, а он — что нельзя»: the other side's word without a say verb;
        # «…, а друг — что только раз в начале боя»: his own statement
        tail = re.search(r"(?:,\s*|\s)а\s+([а-я]+)\s*((?:[—–:-]\s*)?(?:что\s+)?)([а-я0-9 ]+)$", content)
        if tail and (tail.group(1) in _others() or lemma(tail.group(1)) in people) \
                and (_stance(tail.group(3)) is not None or tail.group(2).strip()):
            named = lemma(tail.group(1)) if lemma(tail.group(1)) in people else ""
            # «я говорю …, а он — что нельзя»: the other side; «соперник говорит …, а противник — что нельзя»:
            # a second other person, not the asker
            extra_who = "other" if who == "me" or named and other and named != other else "me"
            extra = _Said(extra_who, named, tail.group(3).strip(), False, "", toks[i].start() + len(verb) + tail.start())
            content = content[:tail.start()].strip(" ,.;:—–-")
        else:
            extra = None
        sent_start = _sentence_start(body, subj_start)
        pre = body[sent_start:subj_start].strip(" ,.;:—–-")
        disputes = lemma(verb) in _claim_words()["dispute"] or any(
            content.startswith(fold(p)) for p in _claim_words()["dispute_phrases"])
        found.append(_Said(who, other, content, disputes, pre, subj_start, direct, toks[i].start()))
        if extra is not None:
            found.append(extra)
    return found


def _demanded(content: str) -> str:
    """What a demand says as a claim: «(требует,) чтоб я каждый эффект объявлял вслух» -> «я
    обязан каждый эффект объявлять вслух» (the verb after the subject put in the infinitive,
    «обязан» agreeing with the subject); other content as written."""
    m = re.match(r"\s*чтоб(?:ы)?\s+(я|мы|ты|вы|он|она|они)\s+(.+)$", content)
    if m is None:
        return content
    words = list(re.finditer(r"[а-яё]+", m.group(2)))
    verb = next((w for w in words if any(p.tag.POS == "VERB" for p in analyzer().parse(w.group(0))[:1])), None)
    if verb is None:
        return content
    inf = next((p.normal_form for p in analyzer().parse(verb.group(0)) if p.tag.POS == "VERB"), None)
    if not inf:
        return content
    must = {"я": "обязан", "ты": "обязан", "он": "обязан", "она": "обязана"}.get(m.group(1), "обязаны")
    rest = m.group(2)[:verb.start()] + inf + m.group(2)[verb.end():]
    return f"{m.group(1)} {must} {rest.strip()}"


def _speech_marked(body: str) -> str:
    """``body`` with speech told without a say verb written with one, so ``_speakers`` reads it:
    «противник: P», «а он такой: P» -> «… говорит: P»; «противник мол P», «друг, дескать, P» ->
    «… говорит, что P». Only after a person word or pronoun (``claims.people`` / ``other``)
    that opens its sentence or clause; the same length is not kept (positions are of the
    returned text)."""
    people = "|".join(map(re.escape, sorted({*_others(), *_people()}, key=len, reverse=True)))
    lead = r"((?:^|[.!?;]\s*|,\s*)(?:(?:а|и|но|ну)\s+)?)"
    body = re.sub(rf"{lead}((?:{people})(?![а-я]))\s+(?:так(?:ой|ая|ие)\s*)?:\s*", r"\1\2 говорит: ", body)
    body = re.sub(rf"{lead}((?:{people})(?![а-я]))\s*:\s*", r"\1\2 говорит: ", body)
    return re.sub(rf"{lead}((?:{people})(?![а-я]))\s*,?\s+(?:мол|дескать)(?![а-я])\s*,?\s*", r"\1\2 говорит, что ", body)


def _agreements(body: str, said: list[_Said]) -> tuple[list[_Said], list[str]]:
    """The statements of ``said`` that only judge the other side («я говорю, что он прав» —
    agreement; «…, что он не прав / ошибается» — a dispute) and agreements said without a say
    verb («я с ним согласен», «я тоже так думаю»): ``(said, agreeing)`` — ``said`` without the
    agreements and with the judgements of wrong marked as disputes, and who agrees (``me`` /
    ``other``) with the other side's statement (``claims.agree_*`` / ``right_words`` /
    ``wrong_words`` of ``grammar/lexicon.yaml``)."""
    cw = _claim_words()
    people = _people()
    subject = r"(?:(?:{})\s+)?".format("|".join(map(re.escape, sorted({*_others(), *_me(), *people}, key=len,
                                                                        reverse=True))))
    right = re.compile(subject + r"(?:тоже\s+|полностью\s+|абсолютно\s+)?(?:{})".format(
        "|".join(map(re.escape, sorted((fold(w) for w in cw.get("right_words", ())), key=len, reverse=True)))))
    wrong = re.compile(subject + r"(?:{})".format(
        "|".join(map(re.escape, sorted((fold(w) for w in cw.get("wrong_words", ())), key=len, reverse=True)))))
    kept: list[_Said] = []
    agreeing: list[str] = []
    for s in said:
        c = fold(s.content).strip(" ,.;:!?—–-«»\"“”„'")
        c = re.sub(r"^(?:ну|вот|а|и)\s+", "", c)
        if c and wrong.fullmatch(c):
            kept.append(replace(s, content="", disputes=True))
        elif c and right.fullmatch(c):
            agreeing.append(s.who)
        else:
            kept.append(s)
    f = fold(body)
    agree = "|".join(map(re.escape, sorted((fold(w) for w in (*cw.get("agree_words", ()), *cw.get("agree_phrases", ()))),
                                           key=len, reverse=True)))
    if agree:
        speaker = "|".join(map(re.escape, sorted({*_me(), *_others(), *people}, key=len, reverse=True)))
        for m in re.finditer(rf"(?<![а-я])({speaker})\s+(?:[а-я]+\s+){{0,3}}?(?<!не\s)(?:{agree})(?![а-я])", f):
            w = m.group(1)
            agreeing.append("me" if w in _me() else "other")
    return kept, agreeing


def _own_sentence(content: str) -> str:
    """What a say verb introduces ends with its sentence: «друг говорит что P. по мне бред,
    …» claims P only (the next sentence is the asker's own word)."""
    t = _masked(content)
    m = re.search(r"[.!?…]\s+\S", t)
    return content[:m.start()] if m else content


def _clause_start(body: str, toks, i: int, people: set[str]) -> int:
    """Where the clause of the say verb ``toks[i]`` starts: its speaker and connective."""
    start = toks[i].start()
    j = i - 1
    if j >= 0:
        w = toks[j].group(0)
        if w in _me() or w in _others() or lemma(w) in people:
            start = toks[j].start()
    m = re.search(r"(?:^|[\s,])(?:а|и|но)\s*$", body[:start])
    return m.start() if m else start


def _stance(content: str) -> bool | None:
    """A one-word answer to the other side («нельзя», «можно», «нет»; its reason split off:
    «нельзя раз стек не пустой»): ``True`` for yes, ``False`` for no, ``None`` when
    ``content`` is a statement of its own."""
    c = content.strip(" ,.!;:—–-")
    if c and len(_WORD.findall(c)) > 1:
        c = re.sub(r"^(?:ну|а|но|что)\s+", "", c)
        for r in _claim_words()["reason"]:
            m = re.match(rf"(.+?),?\s+{re.escape(fold(r))}\s+\S", c)
            if m:
                c = m.group(1)
                break
        c = c.strip(" ,.!;:—–-")
    cw = _claim_words()
    fillers = {fold(x) for x in cw["stance_fillers"]}
    ws = c.split()
    while len(ws) > 1 and ws[0] in fillers:
        ws = ws[1:]     # «ещё можно», «так можно», «всё равно нельзя»: the stance word is the last
    c = " ".join(ws)
    if c in {fold(x) for x in cw["negative"]}:
        return False
    if c in {fold(x) for x in cw["positive"]}:
        return True
    return None


def _truth_answer(content: str | None) -> bool:
    """Whether a one-word answer to the other side judges his statement as a whole («нет», «да»,
    «не так», «неверно»: ``claims.truth_answers``) rather than giving a modal word of its own
    («нельзя», «может»): «нет» to «артефакт не может двигаться» denies it, «нельзя» to
    «артефакту нельзя двигаться» holds it."""
    if not content:
        return False
    c = fold(content).strip(" ,.!;:—–-")
    c = re.sub(r"^(?:ну|а|но|что)\s+", "", c)
    fillers = {fold(x) for x in _claim_words()["stance_fillers"]}
    ws = [w for w in c.split()]
    while len(ws) > 1 and ws[0] in fillers:
        ws = ws[1:]
    return " ".join(ws) in {fold(x) for x in _claim_words().get("truth_answers", ())}


def _polarity(text: str) -> bool | None:
    """Polarity of the first modal word of ``text`` («можно» True, «нельзя» / «не может»
    False), ``None`` when it has none."""
    m = _MODAL.search(text)
    if m is None:
        return None
    return not (m.group(1) or m.group(2) == "нельзя")


def _split_reason(prop: str) -> tuple[str, str]:
    """``(P, reason)``: «хозяин не может бить симба раз они на одной клетке» (or «раз написано
    «и», я обязан …», or a clause with a reasoning particle: «…, он же тоже сущ») -> the claim
    and its argument; «один раз» / «два раза» are counts, not reasons."""
    from bot.vocab import section

    parts = [x for x in re.split(r",\s+", prop)]
    particles = section("reasoning_particles")
    particles = particles.split() if isinstance(particles, str) else list(particles)
    for k in range(1, len(parts)):
        if any(re.search(rf"(?<![а-я]){re.escape(fold(p))}(?![а-я])", parts[k]) for p in particles) \
                and len(_WORD.findall(", ".join(parts[:k]))) >= 2:
            return ", ".join(parts[:k]), ", ".join(parts[k:])
    for r in _claim_words()["reason"]:
        lead = re.match(rf"{re.escape(fold(r))}\s+(.+?),\s*(.+)$", prop)
        if lead and len(_WORD.findall(lead.group(2))) >= 2:
            return lead.group(2), lead.group(1)
    for r in _claim_words()["reason"]:
        for m in re.finditer(rf"(?:^|[\s,])({re.escape(fold(r))})(?![а-я])", prop):
            before = prop[:m.start(1)].rstrip(" ,")
            after = prop[m.end(1):].strip(" ,")
            if r == "раз" and _counted_raz(before, after):
                continue
            if len(_WORD.findall(before)) >= 2 and _WORD.findall(after):
                return before, after
    return prop, ""


def _counted_raz(before: str, after: str) -> bool:
    """«раз» counts (a noun) rather than gives a reason: after a number or a quantifier
    («один раз», «ещё раз», «сколько угодно раз») or before «за …» / «подряд» («раз за бой»)
    (``claims.count_before`` / ``claims.count_after`` of grammar/lexicon.yaml)."""
    cw = _claim_words()
    last = _WORD.findall(before)[-1:] or [""]
    nxt = _WORD.findall(after)[:1] or [""]
    return last[0].isdigit() or last[0] in {fold(w) for w in cw["count_before"]} \
        or nxt[0] in {fold(w) for w in cw["count_after"]}


def _split_contrast(prop: str) -> tuple[str, str]:
    """``(P, rejected)`` of «P, а не B»: the claimer names the alternative he rejects."""
    m = re.search(r",?\s+а\s+не\s+", prop)
    if m and len(_WORD.findall(prop[:m.start()])) >= 2 and _WORD.findall(prop[m.end():]):
        return prop[:m.start()].rstrip(" ,"), prop[m.end():].strip(" ,")
    return prop, ""


def _conjuncts(prop: str) -> list[str]:
    """The clauses of «A и B» when each has its own predicate («шмотку нельзя атаковать и
    раны она не получает»), else ``[]``; a conditional («если A, то и B») is one claim."""
    from bot.morph import pos

    # «A, и что B»; «A, а B» (not «A, а потом B» — an order —, nor «A, а не B» — what A rejects)
    parts = [re.sub(r"^что\s+", "", x.strip(" ,")) for x in re.split(
        r",?\s+и\s+(?!так(?![а-я]))|,\s+а\s+(?!(?:не|потом|затем|после|уже|то|если|когда|также|тоже)(?![а-я]))", prop)]
    if len(parts) < 2:
        return []
    conditional = re.compile(r"(?<![а-я])(если|когда|пока|раз)(?![а-я])")
    if any(conditional.search(fold(x)) for x in parts[:-1]):
        return []       # «если A, то и B»: a condition and its consequence, not two claims
    if conditional.search(fold(parts[-1])) and not all(re.search(r"\s[—–-]\s|(?<![а-я])это(?![а-я])", fold(x))
                                                        for x in parts[:-1]):
        return []       # «A и B, когда C»: C may govern A too; only a definition before it («X — это Y») is unconditional

    def predicate(x: str) -> bool:
        if re.search(r"\s[—–-]\s|(?<![а-я])это(?![а-я])", fold(x)):
            return True     # «бросок кубика — медленное игродействие»: a copula
        if _copular_adjective(x):
            return True     # «внезапное действие медленное»: a full adjective after its noun is the predicate
        if _copular_nouns(x):
            return True     # «пас не игродействие», «пас игродействие»: two nouns, the copula left out
        return any(w in ("можно", "нельзя") or pos(w) in ("VERB", "INFN", "PRED", "ADJS", "PRTS")
                   for w in _WORD.findall(fold(x)))

    return parts if all(predicate(x) and len(_WORD.findall(x)) >= 2 for x in parts) else []


def _copular_adjective(clause: str) -> bool:
    """«внезапное действие медленное»: a clause of a noun phrase and, last, a full adjective
    in the nominative after a nominative noun (the copula left out) — a predicate of its own."""
    ws = _WORD.findall(fold(clause))
    if len(ws) < 2:
        return False
    last, before = analyzer().parse(ws[-1])[0].tag, analyzer().parse(ws[-2])[0].tag
    return last.POS == "ADJF" and last.case == "nomn" and before.POS == "NOUN" and before.case == "nomn" \
        and last.number == before.number and (last.number == "plur" or last.gender == before.gender)


_OPENS_WITH_PRONOUN = re.compile(r"^(?:его|её|ее|их|он|она|оно|они|ему|ей|им|него|неё|нее|них)(?![а-я])")
"""A conjunct opening with a personal pronoun («… и его можно только при пустом стеке»): it
names the first part's subject, so asked alone it would be read about nothing."""


def find_claim(question: str) -> Claim | None:
    """The claim in ``question``, or ``None`` when it states none (read once per question:
    the claims route and the framing of a declined answer both ask)."""
    return _find_claim(question)


@lru_cache(maxsize=64)
def _find_claim(question: str) -> Claim | None:
    from bot.textnorm import normalize_typography

    q = _expand_abbreviations(normalize_typography(" ".join(question.split())))
    f = fold(q)
    c = _find(f)
    if c is None or len(f) != len(q):
        return _in_asker_terms(replace(c, proposition=_plain(c.proposition),
                                       counter=_plain(c.counter))) if c is not None else None

    def orig(part: str) -> str:     # the user's own letters (card text, names) for a folded slice
        i = f.find(part) if part else -1
        return q[i:i + len(part)] if i >= 0 else part

    setup = c.setup
    if setup and not setup[:1].isupper():
        setup = orig(setup)
    elif setup and setup.endswith(".") and f.find(setup[1:-1]) >= 0:
        setup = setup[:1] + orig(setup[1:-1]) + "."
    c = replace(c, setup=setup, proposition=_plain(orig(c.proposition)), reason=orig(c.reason),
                rejected=orig(c.rejected), counter=_plain(orig(c.counter)))
    return _with_claimer_role(_in_asker_terms(c), q)


def _with_claimer_role(c: Claim, question: str) -> Claim:
    """``c`` whose proposition has no subject of its own — the claimer speaks of himself
    («противник (он первый игрок) говорит, что тоже может оставить …», «я говорю, что могу …,
    я второй») — with the claimer named by the turn role the question tells of him
    (``claim_persons.story_roles``): «Первый игрок тоже может оставить …». A rule on who may do
    it (405.1 the second player, 303.1 the active one) is then checked against him. The
    personal forms the subject takes: ``claims.self_subject_verbs`` of grammar/lexicon.yaml.
    Unchanged when the proposition names its subject or no role of the claimer is told."""
    from bot.reading import claim_persons

    if c.who not in ("me", "other") or not c.proposition:
        return c
    forms = _claim_words().get("self_subject_verbs") or {}
    particles = "|".join(map(re.escape, (fold(x) for x in _claim_words().get("self_subject_particles", ()))))
    m = re.match(rf"\s*((?:(?:{particles})\s+)*)([а-яё]+)(?![а-яё])", fold(c.proposition)) if particles else None
    if m is None or m.group(2) not in forms:
        return c
    role = claim_persons.story_roles(question).get(c.who)
    if role not in claim_persons.TURN_ROLES:
        return c
    verb = str(forms[m.group(2)])
    rest = c.proposition[m.end():]
    return replace(c, proposition=f"{claim_persons.ROLE_RU[role].lower()} {m.group(1)}{verb}{rest}")


def _plain(text: str) -> str:
    """A statement as it is ruled on: without its bracketed asides (``_without_asides``) and
    its emphasis particles («нельзя надеть две шмотки даже разных классов», «аж до конца
    хода»: ``claims.emphasis`` of grammar/lexicon.yaml) — they stress what is said, and the
    routes would take them for words of the situation they cannot place."""
    text = _without_asides(text)
    for p in sorted((fold(x) for x in _claim_words().get("emphasis", ())), key=len, reverse=True):
        rx = r"(?<![а-яёa-z0-9])" + r"\s+".join(re.escape(w).replace("е", "[её]") for w in p.split()) + \
            r"(?![а-яёa-z0-9])\s*"
        out = re.sub(rx, "", text, flags=re.I).strip(" ,")
        out = re.sub(r"\s+,", ",", re.sub(r"\s{2,}", " ", out))
        if len(_WORD.findall(fold(out))) >= 2:
            text = out
    return text


def _without_asides(text: str) -> str:
    """``text`` without its bracketed asides («обычного симбиота (не паразита)», «(там «при
    этом»)»): a clarification of the claimer's words, not a part of what is ruled on (its «не»
    would read as the claim's negation)."""
    if "(" not in text:
        return text
    out = re.sub(r"\s*\([^()]*\)", "", text).strip(" ,")
    return out if len(_WORD.findall(fold(out))) >= 2 else text


def _in_asker_terms(c: Claim) -> Claim:
    """``c`` with the speakers' pronouns of its statements resolved (``bot.reading.speakers``):
    «он» / «его карта» of the claimer, and in his own words «я» / «ты», named as the asker
    would name them, so the routes read whose card and whose turn it is. Not when the other
    side is no player (``claims.non_players``: «судья говорит, что его …»)."""
    from bot.reading import speakers

    if c.who == "asker" or lemma(fold(c.other_word or "")) in {fold(w) for w in _claim_words()["non_players"]}:
        return c
    claimer = "me" if c.who == "me" else "other"
    prop = speakers.in_asker_terms(c.proposition, claimer=claimer, direct=c.direct)
    counter = speakers.in_asker_terms(c.counter, claimer=c.counter_who or "other", direct=c.counter_direct) \
        if c.counter else c.counter
    return replace(c, proposition=prop, counter=counter)


def _expand_abbreviations(text: str) -> str:
    """«т.к.», «тк», «т.е.» written out (``claims.abbreviations`` of grammar/lexicon.yaml): the
    full stop of an abbreviation ends no sentence, and «так как» is a reason the claim splits off."""
    table = _claim_words().get("abbreviations") or {}
    if not table or not _abbreviation_any(table).search(text):     # none at all (most texts): no pass per one
        return text
    for rx, full in _abbreviation_patterns(table):
        text = rx.sub(full, text)
    return text


_ABBREVIATIONS: dict[int, tuple[dict, list, re.Pattern]] = {}


def _abbreviation_patterns(table: dict) -> list[tuple[re.Pattern, str]]:
    """``(pattern, full form)`` of each abbreviation of ``table`` in its order, compiled once
    per table (an abbreviation as a whole word, any case)."""
    if not table:
        return []
    return _abbreviations(table)[1]


def _abbreviation_any(table: dict) -> re.Pattern:
    """One pattern matching wherever some abbreviation of ``table`` does (``table`` not empty)."""
    return _abbreviations(table)[2]


def _abbreviations(table: dict) -> tuple[dict, list, re.Pattern]:
    got = _ABBREVIATIONS.get(id(table))
    if got is None or got[0] is not table:
        shorts = [re.escape(short) for short in table]
        got = (table, [(re.compile(rf"(?<![\w.]){re.escape(short)}(?![\w])", re.I), full)
                       for short, full in table.items()],
               re.compile(rf"(?<![\w.])(?:{'|'.join(shorts)})(?![\w])", re.I))
        _ABBREVIATIONS[id(table)] = got
    return got


@lru_cache(maxsize=1)
def _doubt_re() -> re.Pattern:
    """The asker's doubt closing a message that asks nothing («друг утверждает, что P. я думаю
    нет», «…, я сомневаюсь»): ``claims.doubt_phrases`` of grammar/lexicon.yaml, as the last
    clause of the message."""
    phrases = sorted((fold(p) for p in _claim_words().get("doubt_phrases", ())), key=len, reverse=True)
    alt = "|".join(r"\s+".join(map(re.escape, p.split())) for p in phrases)
    return re.compile(rf"(?:^|[\s,.;:!?—–-])(?:(?:а|но|и)\s+)?(?:{alt})\s*[.!…)]*\s*$")


@lru_cache(maxsize=1)
def _check_that_re() -> re.Pattern:
    """«он прав, что защита против своих не действует?», «прав ли я, что …?»: the check with the
    claim itself after «что» at the end of the message (``prop``); the person in ``who``."""
    me, other = _pronouns()
    people = "(?:" + "|".join(map(re.escape, sorted({*me, *other, *(fold(p) for p in _claim_words()["people"])},
                                                     key=len, reverse=True))) + ")"
    return re.compile(rf"(?:^|[\s,.;:!?—–-])(?:(?P<who1>{people})\s+)?(?:ведь\s+|же\s+|все\s+же\s+|всё\s+же\s+)?"
                      rf"(?:был[аи]?\s+)?прав[ыа]?(?:\s+ли)?(?:\s+(?P<who2>{people}))?(?:\s+был[аи]?)?\s*,?\s*"
                      r"(?:в\s+том\s*,?\s+)?что\s+(?P<prop>[^?!.]+?)\s*\?\s*$")


def _claim_in_check(f: str) -> Claim | None:
    """The claim told inside the check («… он прав, что его защита против своих не действует?»):
    held by the person the check names, after the story told before it (its set-up)."""
    m = _check_that_re().search(f)
    if m is None:
        return None
    who_word = m.group("who1") or m.group("who2")
    prop = m.group("prop").strip(" ,")
    if who_word is None or len(_WORD.findall(prop)) < 3 or _stance(prop) is not None:
        return None     # «я прав, что нельзя?» is the one-word stance of ``_find``
    who = "me" if who_word in _me() else "other"
    body = f[:m.start()].rstrip(" ,.;:—–-")
    said = _speakers(_speech_marked(body))
    other_word = next((s.other_word for s in said if s.other_word), "") or _named_other(body) or "противник"
    setup = _without_framing(body[:_sentence_start(body) if said else len(body)].strip())
    if said:    # the sentence with the other's say verb tells the claim again, not a fact of the game
        setup = _without_framing(body[:_sentence_start(body, min(s.start for s in said))].strip())
    prop, reason = _split_reason(prop)
    return Claim(setup, who, other_word, prop, "right", reason=reason,
                 asker_said=who == "me" or any(s.who == "me" for s in said))


def _quoted_question(content: str) -> bool:
    """``content`` is a quoted question: «а так можно?», «разве нельзя …?» — what a speaker
    asked (or asked rhetorically, meaning the opposite), not a statement."""
    quoted = re.fullmatch(r"\s*(?:«([^«»]+)»|\"([^\"]+)\"|“([^“”]+)”)[\s.]*", content or "")
    if not quoted:
        return False
    inner = next(g for g in quoted.groups() if g).strip(" ,;:—–-")
    return inner.endswith("?") or re.match(r"(?:а\s+|и\s+)?(?:разве|неужели|неужто)(?![а-я])", inner) is not None


def _find(f: str) -> Claim | None:
    told = _claim_in_check(f)
    if told is not None:
        return told
    m = _check_re().search(f)
    doubt = False
    if m is None:
        # «друг утверждает P. я думаю нет»: the asker doubts another's claim — is the claim right?
        m = _doubt_re().search(f)
        if m is None:
            return None
        doubt = True
    body = f[:m.start()].rstrip(" ,.;:—–-")
    asked = "прав" if doubt else m.group(1)
    # «кто прав?», «прав он или я?»: whose rightness is asked between the two
    check = "who" if asked.startswith("кто") or re.search(r"\sили\s+(?!нет)[а-я]+$", asked) else "right"
    asked_stance = None
    if not doubt and m.group("stance"):
        # «я прав, что нельзя?»: the asked person's own one-word stance on the claim
        asked_stance = _stance(m.group("stance"))
        if check != "right" or "прав" not in asked or asked_stance is None:
            return None
    said = _speakers(_speech_marked(body))
    said, agreeing = _agreements(body, said)
    if any(s.who == "other" and s.verb > 0 and re.search(r"(?<![а-я])не\s+$", body[max(0, s.verb - 6):s.verb])
           for s in said):
        return None     # «противник не говорит, что …»: he states nothing (the asker's «я не думаю» is a stance)
    asked_back = [s for s in said if _quoted_question(s.content)]
    if asked_back:      # «противник сказал: «а так можно?»» — he asked: a question states nothing to check
        said = [s for s in said if s not in asked_back]
        if not said:
            return None
    if not said:
        if check == "who" or not re.search(r"[,.;:!—–-]\s*$", f[:m.start() + 1]):
            return None     # «P. Правда?», «P, верно?»: the check is set off; «можно сделать так?» is no claim
        # «P. Правда?» / «P, верно?»: the asker asks whether P holds
        sent_start = _sentence_start(body)
        prop = body[sent_start:].strip(" ,.;:—–-")
        prop = re.sub(r"^(?:а\s+)?(?:правда|верно|разве|ведь)\s*,?\s*(?:что\s+)?", "", prop)
        if len(_WORD.findall(prop)) < 2:
            return None
        prop, reason = _split_reason(prop)
        prop, rejected = _split_contrast(prop)
        return Claim(body[:sent_start].strip(), "asker", "", prop, check, reason=reason, rejected=rejected)
    main = next((s for s in said if not s.disputes and s.content and _stance(s.content) is None), None)
    if doubt and (main is None or main.who != "other"):
        return None     # a doubt rules only on another's statement («я думаю P. я сомневаюсь» asks nothing)
    if main is None:
        return _stance_on_told_action(body, said, asked, check)
    content = main.content
    again = [s for s in said if s is not main and s.who == main.who == "other" and not s.disputes and s.content
             and _stance(s.content) is None and s.other_word in ("", main.other_word)
             and 0 <= s.start < s.verb]     # «он говорит» with its subject again (not «…, говорит иначе …»)
    if again and check == "right" and not agreeing and not any(
            s.who == "other" and s.other_word not in ("", main.other_word) for s in said):
        # «противник говорит, что A. А ещё он говорит, что B. Он прав?»: both are his claim — B was
        # left out, and a true A gave «Да, противник прав» for a false B
        content = ", и ".join([content, *(s.content for s in again)])
    if check == "who":     # «кто прав?»: the asker's side is taken from his stance (a «я прав?» reads it itself)
        agreeing = agreeing + _stances_holding(content, main, said, agreeing)
    rival = None
    if check == "who" and "me" not in agreeing and not any(s.who == "me" for s in said) and (agreeing or len(
            {s.other_word for s in said if s.who == "other"}) > 1):
        # «друг говорит P, а противник говорит не-P. Кто прав?»: two other people, each judged
        rival = None if agreeing else _rival(said, main)
        if rival is None:
            return None     # «противник говорит P, а друг — что он прав»: no opposite statement
    for who in agreeing:    # «я говорю, что он прав», «я с ним согласен»: the other side holds P too —
        if who != main.who:     # read as that side saying P itself (two sides, one statement)
            said.append(_Said(who, "", content, False, "", len(body)))
    quoted = re.fullmatch(r"«([^«»]+)»|\"([^\"]+)\"|“([^“”]+)”", content)
    if quoted:      # «противник говорит: «симбиот остаётся»» — his words, not a card text
        content = next(g for g in quoted.groups() if g).strip(" ,.;:—–-")
    prop, reason = _split_reason(_demanded(content))
    prop, rejected = _split_contrast(prop)
    if len(_WORD.findall(prop)) < 2:
        return None
    if main.who != "me" and lemma(main.other_word or "") in _claim_words().get("opponents", ()):
        prop = _as_asker_says(prop)
    # the set-up: the sentences before the claim's sentence, and «я второй игрок и …» before its speaker
    sent_start = _sentence_start(body, main.start)
    setup = _without_framing(body[:sent_start].strip())
    pre = main.pre
    if pre and [w for w in _WORD.findall(pre) if w not in _me() and lemma(w) not in _people()] and \
            _without_framing(pre + "."):        # «спорим с другом: он говорит …» frames the dispute only
        setup = (setup + " " if setup else "") + pre[:1].upper() + pre[1:] + "."
    others = [s for s in said if s is not main]
    # whose rightness is asked
    named = re.search(r"(?<![а-я])прав[ыа]?(?![а-я])", asked)    # «правильно» names no one
    if re.search(r"(?:верно|правильно)(?:\s+ли)?\s+(?:я|мы)\s", asked) and main.who != "me":
        return None     # «друг говорит P. верно я понимаю?»: the asker's own view is not told
    person = None
    words_asked = _WORD.findall(asked)
    if check == "right" and named is not None:
        for w in words_asked:
            if w in _me():
                person = "me"
            elif w in _others() or lemma(w) in _people():
                person = "other"
                opponents = {lemma(x) for x in _claim_words().get("opponents", ())}
                if lemma(w) in _people() and main.who == "other" and main.other_word \
                        and lemma(w) != lemma(main.other_word) \
                        and not {lemma(w), lemma(main.other_word)} <= opponents:
                    # «противник говорит P. друг говорит, что противник не прав. друг прав?»: the asked
                    # one is another person than the claimer — answering on the claimer's P is no answer
                    return None
    other_word = main.other_word or next((s.other_word for s in others if s.other_word), "") or _named_other(body) \
        or "противник"
    if main.who == "me" and not main.other_word:
        other_word = next((s.other_word for s in others if s.other_word), "") or _named_other(body) or "противник"
    if rival is not None:
        return _between_others(setup, main, rival, other_word, prop, check, reason, rejected, bool(quoted))
    # the other side's own statement («он говорит X. я говорю Y»): ruled on by itself
    own = next((s for s in others if s.who != main.who and not s.disputes and s.content and _stance(s.content) is None), None)
    counter = _split_contrast(_split_reason(own.content)[0])[0].strip(" ,.;:—–-") if own is not None else ""
    if not _has_predicate(counter):
        counter = ""    # «я говорю — до»: an elliptic alternative to a word of P denies P, it is no statement of its own
    counter = _pronoun_named(counter, prop)
    counter_who = own.who if counter else ""
    spoken = dict(direct=main.direct or bool(quoted), counter_direct=bool(counter) and own.direct)
    if asked_stance is not None:
        if person is None or person == main.who or counter or _polarity(prop) is None and not _truth_answer(m.group("stance")):
            return None     # the claimer's own stance, or one that cannot be set against P: not read
        holds = asked_stance if _truth_answer(m.group("stance")) else asked_stance == _polarity(prop)
        return Claim(setup, person, other_word, prop, check, denies=not holds, reason=reason, rejected=rejected)
    if person is None or person == main.who:
        return Claim(setup, main.who, other_word, prop, check, reason=reason, rejected=rejected,
                     counter=counter, counter_who=counter_who, asker_said=_asker_said(body, main, said), **spoken)
    # the asked person is the other side of the dispute: he holds P only if he said «да»
    their = [s for s in others if s.who == person]
    said_stance = next((s.content for s in their if _stance(s.content) is not None), None)
    stance = _stance(said_stance) if said_stance is not None else None
    if stance is not None and _truth_answer(said_stance):
        holds_p = stance    # «я говорю нет» to «артефакт не может двигаться»: he denies the statement itself
    else:                   # «я говорю нельзя» to «нельзя …»: the same modal word holds it
        holds_p = stance == _polarity(prop) if stance is not None and _polarity(prop) is not None else False
    if counter and their and not all(s.disputes or _stance(s.content) is not None for s in their):
        # two statements of their own: each is ruled on, the asked person's rightness by both
        return Claim(setup, main.who, other_word, prop, check, reason=reason, rejected=rejected,
                     counter=counter, counter_who=counter_who, asked_person=person, **spoken)
    return Claim(setup, person, other_word, prop, check, denies=not holds_p, reason=reason, rejected=rejected,
                 direct=spoken["direct"] and person == main.who)


_PRONOUN_FORMS = {"она": ("femn", "nomn"), "её": ("femn", "accs"), "ее": ("femn", "accs"), "неё": ("femn", "accs"),
                  "нее": ("femn", "accs"), "ей": ("femn", "datv"), "ней": ("femn", "datv"),
                  "он": ("masc", "nomn"), "оно": ("neut", "nomn"), "его": ("masc", "accs"), "него": ("masc", "accs"),
                  "ему": ("masc", "datv"), "нему": ("masc", "datv"),
                  "они": ("plur", "nomn"), "их": ("plur", "accs"), "них": ("plur", "accs"), "им": ("plur", "datv")}
"""A third-person pronoun: (gender or ``plur``, case)."""


def _pronoun_named(counter: str, prop: str) -> str:
    """The counter-statement with a leading pronoun standing for the subject of the claim it
    answers put back: «его местность можно атаковать только магией» / «её вообще нельзя
    атаковать» -> «его местность вообще нельзя атаковать». Only when the pronoun agrees with
    the claim's first noun (nominative or accusative) in gender and number; the noun is put
    in the pronoun's case with the possessive written before it. Otherwise as written."""
    from bot.reading.tokens import tokenize

    m = re.match(r"\s*(?:(?:а|но|ну|вот|и)\s+)?([а-яё]+)(?![а-яё])", counter, re.I)
    if not counter or m is None or fold(m.group(1)) not in {fold(k) for k in _PRONOUN_FORMS}:
        return counter
    gender, case = next(v for k, v in _PRONOUN_FORMS.items() if fold(k) == fold(m.group(1)))
    if fold(m.group(1)) == "его" and re.match(r"\s*[а-яё]+\s+[а-яё]+", counter[m.end():]) and \
            analyzer().parse(_WORD.findall(fold(counter[m.end():]))[0])[0].tag.POS == "NOUN":
        return counter      # «его карта …»: a possessive, not a pronoun for the claim's subject
    toks, _ = tokenize(prop)
    noun = next((t for t in toks if t.pos == "NOUN" and t.case in ("nomn", "accs")), None)
    if noun is None:
        return counter
    p = next((x for x in analyzer().parse(noun.text) if x.tag.POS == "NOUN"), None)
    if p is None or (gender == "plur") != (p.tag.number == "plur") or \
            gender != "plur" and (p.tag.gender or "") != gender and not (gender == "masc" and p.tag.gender == "neut"):
        return counter
    form = p.inflect({case, p.tag.number}) if case != "nomn" else p
    if form is None:
        return counter
    words = [t.text for t in toks]
    k = words.index(noun.text)
    possessive = words[k - 1] if k > 0 and lemma(words[k - 1]) in ("мой", "твой", "его", "её", "ее", "их", "свой",
                                                                    "наш", "ваш") else ""
    named = (possessive + " " if possessive else "") + form.word
    return counter[:m.start(1)] + named + counter[m.end(1):]


def _rival(said: list[_Said], main: _Said) -> _Said | None:
    """The second other person of «друг говорит P, а противник — что нельзя» — a speaker named
    by a word other than the claimer's — when he alone disagrees with P: by a statement of his
    own, a one-word stance opposite to P («нельзя» to «можно …», «нет») or a dispute
    («противник спорит»); ``None`` when there is no such one speaker or he agrees."""
    if not main.other_word:
        return None
    rivals = [s for s in said if s is not main and s.who == "other"]
    if not rivals or any(not s.other_word or s.other_word == main.other_word for s in rivals) or \
            len({s.other_word for s in rivals}) != 1:
        return None
    own = [s for s in rivals if not s.disputes and s.content and _stance(s.content) is None]
    if own:
        if len(own) != 1 or _same_statement(own[0].content, main.content):
            return None     # «…, а друг говорит то же самое»: no dispute between them
        return own[0]
    stances = [s for s in rivals if s.content and _stance(s.content) is not None]
    p = _polarity(main.content)
    for s in stances:
        st = _stance(s.content)
        holds = st if _truth_answer(s.content) else (st == p if p is not None else None)
        if holds is not False:
            return None     # he says the same, or a modal word that cannot be set against P
    if stances or any(s.disputes for s in rivals):
        return replace(rivals[0], content="", disputes=True)
    return None


def _same_statement(a: str, b: str) -> bool:
    """Whether two statements say the same: the same content words by lemma (particles aside)
    and the same negation parity."""
    stop = frozenset(fold(x) for x in _claim_words()["particles"]) | {"не", "нет", "ни", "что"}
    la = {lemma(w) for w in _WORD.findall(fold(a)) if w not in stop}
    lb = {lemma(w) for w in _WORD.findall(fold(b)) if w not in stop}
    return bool(la) and la == lb and _negations(a) % 2 == _negations(b) % 2


def _between_others(setup: str, main: _Said, rival: _Said, other_word: str, prop: str, check: str, reason: str,
                    rejected: str, quoted: bool) -> Claim | None:
    """The claim of a dispute between two other people (the asker only asks «кто прав?»):
    the claimer's P, and the rival's own statement as the counter or his denial of P."""
    counter = ""
    if rival.content:
        counter = _split_contrast(_split_reason(rival.content)[0])[0].strip(" ,.;:—–-")
        if not _has_predicate(counter):
            return None
        counter = _pronoun_named(counter, prop)
    return Claim(setup, "other", main.other_word or other_word, prop, check, reason=reason, rejected=rejected,
                 counter=counter, counter_who="other" if counter else "", asker_said=False,
                 direct=main.direct or quoted, counter_direct=bool(counter) and rival.direct, rival=rival.other_word)


def _stances_holding(content: str, main: _Said, said: list[_Said], agreeing: list[str]) -> list[str]:
    """The other side of the dispute when his one-word stance holds the claimer's statement
    (``content``) rather than denying it: «противник говорит, что можно …, а я говорю, что
    (тоже) можно» / «… что да» — the asker agrees (he was taken to hold the opposite, so «кто
    прав?» about a false claim said «Вы правы»). A modal stance agrees when its polarity is that
    of the statement's first modal word; a truth answer («да» / «нет») judges the statement as
    a whole. A stance against a statement without a modal word is left to the callers."""
    out: list[str] = []
    for s in said:
        if s.who == main.who or s.who in agreeing or s.who in out or s.disputes or not s.content:
            continue
        stance = _stance(s.content)
        if stance is None:
            continue
        polarity = True if _truth_answer(s.content) else _polarity(content)
        if polarity is not None and stance == polarity:
            out.append(s.who)
    return out


def _asker_said(body: str, main: _Said, said: list[_Said]) -> bool:
    """Whether the asker says anything himself in the dispute: a speaker of his own («я
    говорю …», «а я спорю»), or outside the claim an «я» / «мы» or a disagreement («не
    согласен», «против»)."""
    if any(s.who == "me" for s in said):
        return True
    rest = body.replace(main.content, " ") if main.content else body
    if re.search(r"(?<![а-я])(?:я|мы)(?![а-я])", rest):
        return True
    return any(re.search(rf"(?<![а-я]){re.escape(fold(p))}(?![а-я])", rest) for p in _claim_words()["dispute_phrases"])


def _stance_on_told_action(body: str, said: list[_Said], asked: str, check: str) -> Claim | None:
    """«противник отказался от авангарда, а теперь хочет сыграть его позже. я говорю нельзя.
    кто прав?», «противник ставит защитника и говорит, что так можно. прав?»: every speaker
    only says «можно» / «нельзя» about an action told just before him. The claim is that
    action as a possibility — «противник может сыграть его позже» — held by a speaker who
    says «можно» and denied by one who says «нельзя»; the sentences before the action are its
    set-up. ``None`` when no action is told before the first speaker, or the speakers'
    stances do not oppose each other (``_told_action``)."""
    stances = [(s, _stance(s.content)) for s in said if not s.disputes and s.content]
    stances = [(s, st) for s, st in stances if st is not None]
    if not stances:
        return None
    first = min(stances, key=lambda x: x[0].start)[0]
    # «противник ставит защитника и говорит …»: the action may be told in the speaker's own clause
    before = body[:first.verb if first.verb >= 0 else first.start]
    speaker_words = {*_me(), *_others(), *_people(), "а", "и", "но", "тоже", "же", "вот", "мой", "моя", "мои"}
    while True:
        m = re.search(r"([а-я]+)[\s,]*$", before)
        if m is None or (m.group(1) not in speaker_words and lemma(m.group(1)) not in speaker_words):
            break
        before = before[:m.start()]
    told = _told_action(before, first)
    if told is None:
        return None
    setup, prop = told
    by_who: dict[str, bool] = {}
    for s, st in stances:
        if by_who.setdefault(s.who, st) != st:
            return None     # one side said both
    if len(by_who) == 2 and by_who["me"] == by_who["other"]:
        return None         # both sides say the same: no dispute to rule on
    person = None
    if check == "right" and "прав" in asked:
        for w in _WORD.findall(asked):
            if w in _me():
                person = "me"
            elif w in _others() or lemma(w) in _people():
                person = "other"
    who = person or first.who
    holds_p = by_who[who] if who in by_who else not by_who[next(iter(by_who))]
    other_word = next((s.other_word for s, _ in stances if s.other_word), "") or _named_other(body) or "противник"
    return Claim(_without_framing(setup), who, other_word, prop, check, denies=not holds_p)


_WANT_VERBS = ("хотеть", "захотеть", "решить", "собираться", "пытаться", "попытаться", "пробовать", "попробовать")
"""Verbs of intention whose infinitive is the told action («хочет сыграть его позже»)."""


def _told_action(before: str, speaker: _Said) -> tuple[str, str] | None:
    """``(set-up, «X может <действие>»)``: the action told in the last clause of ``before``
    (the text before the first speaker) — an intention verb's infinitive («решил взять
    мулиган» -> «взять мулиган») or a finite verb put in the infinitive («ставит защитника»
    -> «ставить защитника») — with its actor: a person word or pronoun before the verb, or
    the verb's first person («я»). ``None`` when that clause has no such verb or no actor."""
    from bot.morph import pos

    text = before.rstrip(" ,;:—–-.!…")
    text = re.sub(r"(?:^|[\s,])(?:и|а|но)$", "", text).rstrip(" ,;:—–-.!…")
    if not text:
        return None
    sent_start = _sentence_start(text)
    sentence = text[sent_start:]
    cuts = [0, *(m.end() for m in re.finditer(r",\s*|\s(?:а|и|но)\s", sentence))]
    clause_at = cuts[-1]
    toks = list(_WORD.finditer(sentence[clause_at:]))
    # the clause with the action: the last one; «…, а теперь хочет …» — the connective cut it
    for k, t in enumerate(toks):
        w = t.group(0)
        if w in _claim_words()["dispute"] or _is_say(w):
            return None
        if pos(w) != "VERB":
            continue
        tag = _tag(w)
        rest = sentence[clause_at + t.end():].strip(" ,")
        if lemma(w) in _WANT_VERBS:
            m = re.match(r"(?:и\s+|тоже\s+)*([а-я]+)", rest)
            if m is None or pos(m.group(1)) != "INFN":
                return None
            action = rest[m.start(1):]
        else:
            action = (lemma(w) + " " + rest).strip()
        if len(_WORD.findall(action)) < 2:
            return None
        actor = None
        for b in toks[:k][::-1]:
            x = b.group(0)
            if x in _me():
                actor = "я"
            elif x in _others() or lemma(x) in _people():
                actor = x if x in _others() else lemma(x)
            if actor:
                break
        if actor is None and 1 <= k <= 3 and any(_tag(b.group(0)).POS == "NOUN" and _tag(b.group(0)).case == "nomn"
                                                for b in toks[:k]):
            actor = sentence[clause_at + toks[0].start():clause_at + toks[k - 1].end()]   # «мой артефакт хочет …»
        if actor is None:
            first_words = _WORD.findall(sentence)
            lead = next((x for x in first_words if x in _me() or x in _others() or lemma(x) in _people()), None)
            if tag.person == "1per":
                actor = "я"
            elif lead is not None and lead not in _me():
                actor = lead if lead in _others() else lemma(lead)
        if actor is None:
            return None
        if actor in _others() and actor != "ты":
            actor = speaker.other_word or _named_other(before) or "противник"
        modal = "могу" if actor == "я" else ("можешь" if actor == "ты" else "может")
        head = sentence[:clause_at].strip(" ,")
        head = re.sub(r"(?:^|[\s,])(?:и|а|но)$", "", head).strip(" ,")
        setup = (text[:sent_start].strip() + " " + (head[:1].upper() + head[1:] + "." if head else "")).strip()
        return setup, f"{actor} {modal} {action}"
    return None


def _as_asker_says(prop: str) -> str:
    """The opponent's claim ``prop`` as the asker would say it: beside the asker's own «мой»
    (reported speech is told from the asker's side) the opponent's reflexive «свою шмотку» is
    the asker's «вражескую шмотку»; with no «мой» in it, «свою … на своё …» names one owner
    and reads the same from either side, so it is left (grammar/lexicon.yaml, claims)."""
    cw = _claim_words()
    mine = {fold(w) for w in cw.get("asker_possessives", ())}
    if not any(fold(w) in mine for w in re.findall(r"[\w-]+", prop)):
        return prop
    refl = {fold(k): v for k, v in (cw.get("reflexive_as_opponent") or {}).items()}
    return re.sub(r"[\w-]+", lambda m: refl.get(fold(m.group(0)), m.group(0)), prop)


def _has_predicate(text: str) -> bool:
    """A statement of its own: three words at least («оплата после всех способностей»), or two
    with a predicate (a verb, a modal word, a short form); «до», «без стека» are not."""
    from bot.morph import pos

    ws = _WORD.findall(fold(text))
    return len(ws) >= 3 or len(ws) == 2 and any(w in ("можно", "нельзя") or pos(w) in ("VERB", "INFN", "PRED", "ADJS", "PRTS") for w in ws)


def _without_framing(setup: str) -> str:
    """The set-up sentences without those that only frame the dispute («спорим с другом.»,
    «у нас спор.»): every word a say / dispute verb, a person, a pronoun or a
    ``claims.framing`` word — they tell no fact of the game for the routes to read."""
    cw = _claim_words()
    frame = {*words().claim_say, *(fold(x) for x in cw["dispute"]), *_people(), *_me(), *_others(),
             *(fold(x) for x in cw["framing"])}
    # any parse: «корешем» is read «корехать» first
    kept = [x for x in re.split(r"(?<=[.!?…])\s+", setup)
            if not x.strip() or not all(w in frame or lemma(w) in frame or any(p.normal_form in frame for p in
                                                                                analyzer().parse(w))
                                        for w in _WORD.findall(x))]
    return " ".join(k for k in kept if k.strip())


def _named_other(body: str) -> str:
    return next((lemma(x) for x in _WORD.findall(body) if lemma(x) in _people()), "")


def _fact_in(fact: str, proposition: str) -> bool | None:
    """Whether the proposition holds by a fact verdict («Как по закрытой карте»): ``True``
    when every content word of its head (before «:») is in the proposition (by lemma) with
    the same negation parity; ``False`` when the proposition negates the very word the fact
    states («эффекты правил игры — не игродействие» against «Игродействие: …»); ``None`` when
    the fact names anything else or a negation elsewhere leaves it open (the answer then
    withholds a verdict)."""
    from bot.vocab import words as vocab_words
    stop = vocab_words("stop_words") | {"не", "нет", "ни"}
    head_text = fold(fact.split(":")[0])
    head = re.findall(r"[а-я]+", head_text)
    words_p = re.findall(r"[а-я]+", fold(proposition))
    prop = {lemma(x) for x in words_p}
    content = [lemma(x) for x in head if x not in stop]
    if not content or not all(x in prop for x in content):
        return None
    if _negations(head_text) % 2 == _negations(proposition) % 2:
        return True
    denied = {lemma(b) for a, b in zip(words_p, words_p[1:]) if a == "не"}
    if _negations(head_text) == 0 and _negations(proposition) == 1 and denied & set(content):
        return False
    return None


def _inner(question: str, edition: str) -> Answer | None:
    """The first answer of the situation routes (the movement reader, the reader, then the
    game-action reader) to ``question`` (``bot.reading.reasoning`` asks its rewritten
    question so)."""
    from bot.reading import game_actions, movement_run
    from bot.reading import route as reading_route
    for r in (movement_run, reading_route, game_actions):
        try:
            a = r.answer(question, edition)
        except Exception:  # noqa: BLE001 - a failing route must not cost the claim an honest answer
            a = None
        if a is not None:
            return a
    return None


def holds_of(verdict: str | None, proposition: str, sentence: str | None = None) -> tuple[bool, str] | None:
    """``(whether P holds, the reason)`` from a route's verdict on P asked as a yes/no
    question, or ``None`` when the verdict does not tell. The verdict's own modal word
    decides when it has one («Нет, нельзя: …» against «можно» in P: P does not hold; «Да, не
    может» against «не может»: P holds); else its «Да» / «Нет», which for a negated P is not
    told apart from the English-style answer («Нет, не получает») and so decides nothing."""
    m = re.match(r"(Да|Нет)\b[,:]?\s*(.*)", verdict or "", re.S)
    if verdict and not _about_proposition(m.group(2) if m else verdict, proposition):
        return None     # the route ruled on another proposition («пас — это …» for «оба спасовали …»)
    body = m.group(2) if m is not None else (verdict or "")
    # a modal lead mirrors the question's own modal word: of «A и B» it cannot tell which part it answers
    modal_lead = m is None and bool(_MODAL_LEAD.match(fold(body).lstrip())) and not _conjuncts(proposition)
    if (m is not None or modal_lead) and _restates_other_action(body, proposition):
        return None     # «можно: симбиота можно поместить …» does not rule on «… то и хозяину туда нельзя»
    if m is None and not modal_lead:
        fact = _fact_in(verdict, proposition) if verdict else None
        if fact is not None:
            return fact, verdict     # «как по закрытой карте» is what P says; «не игродействие» denies «Игродействие»
        return None
    why = body
    head = re.split(r"[:—–]", fold(why), maxsplit=1)[0]
    said = _polarity(head) if _MODAL.match(head.strip()) else None
    if modal_lead:
        # «Не может: артефакты не могут …» restates the rule; «Нельзя: быстрое игродействие» only
        # mirrors the question's modal word over a finding about something else
        tail = fold(why).split(":", 1)[1] if ":" in why else ""
        if said is None or not _MODAL.search(tail) or _polarity(tail) != said:
            return None
    p = _polarity(proposition)
    negated = p is False or bool(re.search(r"(?<![а-я])(не|нет|ни)(?![а-я])", fold(proposition)))
    restated = _restates(head, proposition)
    if said is None and restated is None:
        restated = _restates_predicate(head, proposition)
    if said is None and restated is not None:
        holds = restated        # «Да, эффект правил игры не использует стек» against «… не использует стек»
    elif said is not None:
        if p is None and negated:
            return None
        holds = said == (p if p is not None else True)
    elif negated:
        return None
    elif m is None:
        return None
    else:
        holds = m.group(1) == "Да"
    if holds and _restricts(_asked_clause(proposition)) and not _restricts(f"{why} {sentence or ''}"):
        return None     # «можно только в свой ход»: «Да, можно» confirms the possibility, not the «только»
    rest = re.sub(r"^(?:можно|нельзя|может|не может|могу|не могу)[:,]\s*", "", why)
    return holds, rest or why      # «нельзя: нельзя помещать …» reads twice


def _asked_clause(proposition: str) -> str:
    """The clause of ``proposition`` that states what is claimed, without its condition
    («если у противника остались только летуны, то мои наземные могут бить их» -> «мои
    наземные могут бить их»; «…, если в стеке лежит только …» -> the words before «если»):
    a «только» of the condition restricts nothing claimed (``polarity.subordinate``)."""
    from bot.vocab import section

    subs = "|".join(map(re.escape, (fold(w) for w in section("polarity")["subordinate"])))
    low = fold(proposition)
    m = re.match(rf"\s*(?:{subs})(?![а-я]).*?(?:,\s*то\s+|,\s*)(.+)$", low)
    if m is not None and len(_WORD.findall(m.group(1))) >= 2:
        return m.group(1)
    m = re.search(rf",?\s+(?:{subs})(?![а-я])", low)
    if m is not None and len(_WORD.findall(low[:m.start()])) >= 2:
        return low[:m.start()]
    return low


def _restricts(text: str) -> bool:
    """Whether ``text`` states a restriction («только», «лишь»: ``polarity.restrict`` of
    grammar/lexicon.yaml)."""
    from bot.vocab import section

    words_ = section("polarity")["restrict"]
    return any(re.search(rf"(?<![а-я]){re.escape(fold(w))}(?![а-я])", fold(text)) for w in words_)


_DEFINED = re.compile(r"([а-яa-z0-9 -]{2,40}?)\s+[—–]\s+(?:это\s+)?\S")


def _about_proposition(body: str, proposition: str) -> bool:
    """A verdict that defines something («пас — это передача приоритета …», «движение —
    медленное игродействие») rules on a proposition about that thing: the claim's own
    proposition must name it (a content word of the defined subject, by lemma or stem).
    A verdict of another shape is not judged here (``holds_of`` reads it)."""
    from bot.vocab import words as vocab_words

    m = _DEFINED.match(fold(body).lstrip())
    if m is None:
        return True
    stop = vocab_words("stop_words")
    subject = [lemma(x) for x in _WORD.findall(m.group(1)) if x not in stop]
    prop = [lemma(x) for x in _WORD.findall(fold(proposition))]
    if not subject:
        return True
    return any(a == b or min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)) or len(a) >= 5 and len(b) >= 5
               and a[:5] == b[:5] for a in subject for b in prop)


def _restates_other_action(body: str, proposition: str) -> bool:
    """A verdict «можно / нельзя: … можно <infinitive> …» restates the proposition it ruled
    on; when the claim names no such action (by the search's synonym heads, «повесить» is
    «поместить», or an aspect pair's stem) it ruled on another proposition. A verdict whose
    explanation has no «modal + infinitive» (a reason: «никакое событие произойти не может»)
    is not judged here."""
    from bot.morph import pos
    from bot.search import word_term

    head = re.split(r"\s[—–]\s|\(п\.", fold(body), maxsplit=1)[0]
    lead, _, said = head.partition(":")
    if not said or not re.fullmatch(r"\s*(?:не\s+)?(?:можно|нельзя|может|могут|могу)\s*", lead):
        return False
    words = _WORD.findall(said)
    at = [k for k, (a, b) in enumerate(zip(words, words[1:]))
          if a in ("можно", "нельзя", "может", "могут") and pos(b) == "INFN" and b not in ("быть", "стать")]
    # «не могут отражать простой удар и выступать защитником»: every infinitive the modal governs
    at += [k - 1 for k in range(2, len(words)) if at and k - 1 > at[0] and words[k - 1] in ("и", "или", "ни")
           and pos(words[k]) == "INFN" and words[k] not in ("быть", "стать")]
    acts = {word_term(words[k + 1]) for k in at}
    # «нельзя объявить движение симбиота»: a light verb's noun object names the action («двигаться»)
    acts |= {word_term(words[k + 2]) for k in at if k + 2 < len(words) and pos(words[k + 2]) == "NOUN"
             and pos(words[k + 1]) == "INFN" and words[k + 1] in _claim_words()["light_verbs"]}
    if not acts:
        return False
    named = {word_term(w) for w in _WORD.findall(fold(proposition))}
    # «существо может носить две шмотки» is ruled by placing them («можно поместить»): claims.same_action
    same = {lemma(k): v for k, v in (_claim_words().get("same_action") or {}).items()}
    named |= {word_term(same[lemma(w)]) for w in _WORD.findall(fold(proposition)) if lemma(w) in same}
    if _elliptic_of(proposition, said):
        return False    # «симбиота можно на летуна»: the claim names no action; the route read the one it implies
    return not any(v == n or (len(v) >= 6 and len(n) >= 6 and v[:4] == n[:4]) for v in acts for n in named)


def _elliptic_of(proposition: str, said: str) -> bool:
    """Whether ``proposition`` is an elliptic form of the verdict's restated rule ``said``: one
    clause with no verb or infinitive («симбиота можно на летуна»), every noun of it named in
    ``said`` (by the search's synonym heads: «летуна» is «летающее»)."""
    from bot.morph import pos
    from bot.search import word_term

    ws = _WORD.findall(fold(proposition))
    if any(pos(w) in ("INFN", "VERB") for w in ws) or re.search(r"(?<![а-я])(если|когда|пока|то|раз)(?![а-я])", fold(proposition)):
        return False
    nouns = {word_term(w) for w in ws if pos(w) == "NOUN"}
    return bool(nouns) and nouns <= {word_term(w) for w in _WORD.findall(said)}


def _negations(text: str) -> int:
    return len(re.findall(r"(?<![а-я])(не|нет|нельзя|ни)(?![а-я])", fold(text)))


def _restates(head: str, proposition: str) -> bool | None:
    """Whether a verdict's head that restates the proposition («эффект правил игры не
    использует стек») says it holds: same content words (by lemma, «не» aside), and the
    same negation parity; ``None`` when the head names anything else."""
    from bot.vocab import words as vocab_words

    stop = vocab_words("stop_words") | {"не", "нет", "ни", "нельзя"}
    content = [lemma(x) for x in _WORD.findall(fold(head)) if x not in stop]
    prop = {lemma(x) for x in _WORD.findall(fold(proposition))}
    if len(content) < 2 or not all(x in prop for x in content):
        return None
    return _negations(head) % 2 == _negations(proposition) % 2


def _restates_predicate(head: str, proposition: str) -> bool | None:
    """Whether a verdict's head that is the proposition's own predicate word alone
    («Нет, считаются» to «… не считаются стоящими рядом?», «Нет, не погибает» to «…
    погибает?») says the proposition holds: the same word by lemma, once in the
    proposition, and the same negation before it; ``None`` when the head is more than that
    word, or the proposition has another negation the head may not speak of."""
    from bot.morph import pos

    stop = {"не", "нет", "ни"}
    head_words = _WORD.findall(fold(head))
    content = [w for w in head_words if w not in stop]
    if len(content) != 1 or len(head_words) > 2 or pos(content[0]) not in ("VERB", "ADJS", "PRTS", "INFN"):
        return None
    words_p = _WORD.findall(fold(proposition))
    at = [k for k, w in enumerate(words_p) if lemma(w) == lemma(content[0])]
    if len(at) != 1:
        return None
    p_neg = at[0] > 0 and words_p[at[0] - 1] == "не"
    if _negations(proposition) != int(p_neg):
        return None     # «если … не …, то считается»: another negation the head does not speak of
    return ("не" in head_words) == p_neg


def _ask_proposition(asked: str, edition: str) -> tuple[Answer | None, Answer | None]:
    """``(first answer with a verdict, first answer at all)`` of the proposition routes to
    ``asked``; answers the chosen edition could not give are skipped (``bot.judge.usable``)."""
    from bot import judge

    first = None
    for route in judge.proposition_routes():
        try:
            a = route.answer(asked, edition)
        except Exception:  # noqa: BLE001 - a failing route must not cost the claim an honest answer
            a = None
        if a is None or not judge.usable(a, edition):
            continue
        if first is None:
            first = a
        if a.verdict:
            return a, first
    return None, first


_NEGATIVE_PRONOUN = re.compile(r"(?<![а-я])ни(?:что|чего|чем|кто|кого|кому|когда|где|куда|как|какой|какая|какие|какого|"
                               r"сколько)?(?![а-я])")


def _copular_nouns(clause: str) -> bool:
    """«пас игродействие», «пас не игродействие»: two nominative nouns (a «не» between them),
    the copula left out — a predicate of its own."""
    ws = [w for w in _WORD.findall(fold(clause)) if w != "не"]
    return len(ws) == 2 and all(any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in analyzer().parse(w))
                                for w in ws) and _negations(clause) <= 1


def _copula_negation(statement: str) -> str:
    """«пас не игродействие» -> «пас — игродействие»: a noun phrase, «не» and a nominative noun
    (the copula left out) as the positive statement with the dash written; else ``statement``."""
    m = re.match(r"(?i)\s*([а-яё-]+(?:\s+[а-яё-]+){0,2}?)\s+не\s+([а-яё-]+)(\s+.*)?$", statement)
    if m is None:
        return statement
    subj = _WORD.findall(fold(m.group(1)))

    def nominative(word: str, kinds: tuple[str, ...]) -> bool:
        return any(p.tag.POS in kinds and p.tag.case == "nomn" for p in analyzer().parse(word))

    if not subj or not nominative(fold(m.group(2)), ("NOUN",)) or not nominative(subj[0], ("NOUN", "ADJF")) \
            or any(p.tag.POS in ("VERB", "INFN") for w in subj for p in analyzer().parse(w)[:1]):
        return statement
    return f"{m.group(1)} — {m.group(2)}{m.group(3) or ''}"


def _ruled_by_positive(setup: str, statement: str, edition: str) -> tuple[tuple[bool, str], Answer] | None:
    """A negated statement no route ruled on («эффекты правил игры — не игродействие») ruled
    through its positive form (``bot.yesno.positive_question``): the positive holding makes
    the statement false and the reverse. ``((holds, why), answer)`` or ``None``. Only one
    «не» and one clause: not with a negative pronoun («никто не …»: without «не» it is no
    positive statement), a second negation or a conjunction.""" 
    from bot.yesno import positive_question

    low = fold(statement)
    if _negations(statement) != 1 or not re.search(r"(?<![а-я])не(?![а-я])", low) or _NEGATIVE_PRONOUN.search(low) \
            or re.search(r"(?<![а-я])(?:и|или|а)(?![а-я])", low):
        return None     # «нельзя» is read by its modal; of «A и не B» the verdict may speak of A
    pq = positive_question(statement[:1].upper() + statement[1:] + "?")
    if pq is None:      # «пас — не игродействие»: a copula's negation
        bare = re.sub(r"((?:^|\s)(?:[—–-]|это)\s+)не\s+", r"\1", statement, count=1)
        if bare == statement:
            bare = _copula_negation(statement)      # «пас не игродействие»: the dash left out
        pq = bare[:1].upper() + bare[1:] + "?" if bare != statement else None
    if pq is None:
        return None
    positive = pq.rstrip("? ")
    d, _ = _ask_proposition((setup + " " if setup else "") + positive + "?", edition)
    r = holds_of(d.verdict, positive, d.sentence) if d is not None else None
    if r is None:
        return None
    return (not r[0], r[1]), d


_LATER = re.compile(r"(?<![а-я])(?:вторым|втор\w+\s+очеред\w*|потом|затем|последним|последн\w+\s+очеред\w*|позже"
                    r"|после\s+(?:него|неё|нее|них|этого|тебя|меня|противника|соперника))(?![а-я])")
"""An order after the first told of the claim's person («вторым», «потом»): a value names
who is first, so it does not rule on him."""


def _ruled_by_who(setup: str, proposition: str, edition: str, question: str = "",
                  decided: Answer | None = None) -> tuple[tuple[bool, str], Answer] | None:
    """A claim naming who does something («на шаге рассадки первым симбов назначает второй
    игрок», «приоритет получает тот, кто его объявил», «сначала играет он» with «он второй
    игрок» told in ``question``) ruled by the value a route gives: ``decided`` (the answer to
    the claim itself) when its verdict is a value, else the question «кто …?». The value names
    the player who does it (first); the claim holds when it names the same one
    (``bot.reading.claim_persons``). ``((holds, why), answer)`` or ``None``: not when the claim
    names no person, several, or an order after the first («вторым», «потом»: the value
    names who is first), nor when the value names no player first or cannot be compared."""
    from bot.reading import claim_persons

    low = fold(proposition)
    person = claim_persons.person_of_claim(proposition, question or proposition)
    if person is None:
        return None
    at = low.find(person.span)
    bare = proposition[:at] + " " + proposition[at + len(person.span):] if at >= 0 else ""
    bare = re.sub(r"(?i),?\s*то\s+есть\s+[^,.;]*$", "", bare)
    bare = " ".join(bare.split()).strip(" ,")
    if not bare or _LATER.search(fold(bare)) or len(_WORD.findall(fold(bare))) < 2:
        return None
    setup = claim_persons.without_role_sentences(setup)     # the roles are read; «кто …?» asks the rest
    lead = setup + " " if setup else ""
    ruled = _by_value(person, decided) if decided is not None and decided.verdict else None
    for asked in (f"{lead}Кто {bare}?", f"{lead}{bare[:1].upper() + bare[1:]} кто?"):
        if ruled is not None:
            break
        got, _ = _ask_proposition(asked, edition)
        ruled = _by_value(person, got)
    return ruled


def _names_by_description(proposition: str) -> bool:
    """Whether ``proposition`` names who acts by a description («тот, кто его объявил»)."""
    from bot.reading import claim_persons

    p = claim_persons.person_of_claim(proposition, proposition)
    return p is not None and bool(p.criterion)


def _by_value(person, d: Answer | None) -> tuple[tuple[bool, str], Answer] | None:
    """``((same person, why), d)`` when ``d``'s verdict is a value naming a player the claimed
    ``person`` can be compared with, else ``None``."""
    from bot.reading import claim_persons

    role = claim_persons.person_of_value(d.verdict) if d is not None else None
    if role is None:
        return None
    same = claim_persons.same_person(person, role)
    if same is None:
        return None
    why = d.verdict
    if not person.criterion and not claim_persons.is_role_phrase(person.span):
        # «сначала играет он» with «он второй игрок» told: the role the story gives him is shown
        who = "вы" if fold(person.span) in ("я", "мы") else person.span
        why = f"{why.rstrip(' .')} (по рассказу {who} — {claim_persons.ROLE_RU.get(person.role, person.role)})"
    return (same, why), d


def _ruled_by_premise(setup: str, proposition: str, edition: str) -> tuple[tuple[bool, str], Answer] | None:
    """A claim that argues («телепортация — это не движение, значит запрет на неё не
    действует») asserts its premise too: a premise the rules deny makes the claim false
    («неверно, что …»), whatever its conclusion. Each premise (``bot.reading.argument.read``
    of the claim) is ruled as a statement of its own (``holds_of``, or through its positive
    form). ``((False, why), answer)`` or ``None`` when no premise is ruled false — a true
    premise does not make the conclusion hold."""
    from bot.reading.argument import read

    r = read(proposition + "?")
    if r is None or not r.conclusion:
        return None
    for p in r.premises:
        got = false_premise(p, setup, edition)
        if got is not None:
            return (False, f"неверно, что {got[0]}: {got[1]}"), got[2]
    return None


def false_premise(premise: str, setup: str, edition: str) -> tuple[str, str, Answer] | None:
    """``(premise, why, answer)`` when the routes rule the asker's (or a claimer's) premise
    false — asked as a statement of its own after ``setup``, read by ``holds_of`` or through
    its positive form («прыжок это ж не движение» against «Да, это движение …»); ``None``
    when it holds or no route rules on it. Particles and a leading connective are dropped.
    Only a premise of the form «X — это Y» / «X это Y» / «X считается Y» is checked: another
    clause («раз он не летун») names what the asker takes as told, not a rule."""
    p = re.sub(r"^(?:а|и|но|ну)\s+", "", premise.strip(" ,"))
    p = re.sub(r"(?<![а-яё])(?:же|ж|ведь|типа|вроде|получается|по\s+сути)(?![а-яё])\s*", "", p, flags=re.I).strip(" ,")
    if len(_WORD.findall(p)) < 2 or not re.search(r"\s(?:это|[—–-]|счита(?:ется|ются)|является|являются)\s", f" {fold(p)} "):
        return None
    d, _ = _ask_proposition((setup + " " if setup else "") + p[:1].upper() + p[1:] + "?", edition)
    got = holds_of(d.verdict, p, d.sentence) if d is not None else None
    if got is None:
        flipped = _ruled_by_positive(setup, p, edition)
        if flipped is not None:
            got, d = flipped
    if got is None or got[0] or d is None:
        return None
    return p, _with_sentence(got[1], d), d


def _counter_subject(c: Claim) -> str:
    """The counter-statement with a leading «это» standing for the subject the claim's own
    statement defines put back («я говорю, что это тоже движение» -> «телепортация вместо
    движения это движение»); as written when the claim names no such subject."""
    from bot.reading.argument import subject_of

    m = re.match(r"(?i)это\s+(?:тоже\s+|же\s+|ж\s+)*", c.counter.strip())
    # only a claim that itself defines its subject («X — это Y», «X это не Y») names what «это» is
    defines = re.search(r"\s(?:это|[—–-])\s", fold(c.proposition))
    subject = subject_of(c.proposition) if m and defines else ""
    if not m or not subject:
        return c.counter
    rest = re.sub(r"(?<![а-яё])тоже(?![а-яё])\s*", "", c.counter.strip()[m.end():]).strip()
    return f"{subject} это {rest}" if rest else c.counter


def _ruled_by_parts(c: Claim, edition: str) -> tuple[tuple[bool, str] | None, Answer | None]:
    """«A и B» asked part by part: one part that does not hold makes the claim false; every
    part holding makes it true; else undecided. Returns ``(ruling, answer shown)``."""
    found = []
    for part in _conjuncts(c.proposition):
        if _OPENS_WITH_PRONOUN.match(fold(part)):
            found.append((part, None, None))    # not asked alone: only another part can make the claim false
            continue
        asked = (c.setup + " " if c.setup else "") + part[:1].upper() + part[1:] + "?"
        d, _ = _ask_proposition(asked, edition)
        r = holds_of(d.verdict, part, d.sentence) if d is not None else None
        if r is not None and not r[0]:
            return (False, f"неверно, что {part}: {r[1]}"), d
        found.append((part, d, r))
    if all(r is not None for _, _, r in found):
        first = found[0][1]
        cites = list(dict.fromkeys(x for _, d, _ in found for x in d.citations))
        blocks = [b for _, d, _ in found for b in d.blocks]
        return (True, "; ".join(f"{p} — {r[1]}" for p, _, r in found)), replace(first, citations=cites, blocks=blocks)
    return None, None


@lru_cache(maxsize=1)
def _self_alternative_res() -> tuple[re.Pattern, re.Pattern]:
    """``(tail, negated)``: «…, или нет» / «…, а может и нет» closing a clause of P, and «или не X»
    (its X to be checked against the words before it) — ``claims.self_alternative`` and
    ``claims.self_alternative_not`` of grammar/lexicon.yaml."""
    from bot.vocab import alternation

    cw = _claim_words()
    tail = re.compile(r"(?<![а-я])" + alternation([fold(x) for x in cw["self_alternative"]], r"\s+", "")
                      + r"(?![а-я])\s*(?=[,.;:!?]|$)")
    neg = re.compile(r"(?<![а-я])" + alternation([fold(x) for x in cw["self_alternative_not"]], r"\s+", "")
                     + r"\s+(не\s+)?([а-я]+)")
    return tail, neg


def self_alternative(proposition: str) -> bool:
    """Whether ``proposition`` names itself and its own opposite («артефакт может двигаться или не
    может», «симбиот погибает, или нет», «можно, а может и нет»): such a claim asserts nothing —
    whoever holds it is neither right nor wrong. «или не X» counts only when X (its first four
    letters) was said before it in P, and «или X» when «не X» was («не может двигаться, или может»):
    «на летающее или не летающее существо» is such a claim too (no verdict, never a wrong one)."""
    f = fold(proposition)
    tail, neg = _self_alternative_res()
    if tail.search(f):
        return True
    for m in neg.finditer(f):
        stem, negated = m.group(2)[:4], bool(m.group(1))
        said = re.findall(r"(?<![а-я])(не\s+)?([а-я]+)", f[:m.start()])
        if len(stem) >= 3 and any(w.startswith(stem) and bool(n) != negated for n, w in said):
            return True
    return False


def _self_contradiction(question: str) -> tuple[str, str, str] | None:
    """``(who, first, second)`` when one side of the dispute says a statement and then its
    opposite («противник говорит, что может. Противник говорит, что не может», «я говорю, что
    можно. Я говорю, что нельзя», «…, а потом говорит, что не может»): a one-word stance after a
    statement of the other polarity, by the same person (``who``: «вы» / the word naming the other
    side). ``None`` otherwise — two statements of different sides are the dispute itself."""
    f = fold(_expand_abbreviations(" ".join(question.split())))
    m = _check_re().search(f)
    if m is None:
        return None
    said = [s for s in _speakers(f[:m.start()].rstrip(" ,.;:—–-")) if s.content and not s.disputes]
    for i, a in enumerate(said):
        for b in said[i + 1:]:
            if a.who != b.who or (a.who == "other" and a.other_word and b.other_word and a.other_word != b.other_word):
                continue
            sa, sb = _stance(a.content), _stance(b.content)
            if (sa is None) == (sb is None):
                continue    # two full statements (or two stances): not read as one side's turnaround
            full, stance = (a, sb) if sa is None else (b, sa)
            pol = _polarity(full.content)
            if pol is not None and stance is not None and pol != stance:
                who = "вы" if a.who == "me" else (a.other_word or b.other_word or "противник")
                return who, _split_reason(a.content)[0].strip(" ,"), _split_reason(b.content)[0].strip(" ,")
    return None


def _told_after(question: str, proposition: str) -> str:
    """The words of ``question`` from its claimed ``proposition`` to the check asked («…
    погибает? или не погибает? Верно?» -> «симбиот погибает? или не погибает»): what the claimer
    said with P that P, cut at a «?», does not hold. ``""`` when P is not found as written."""
    f = fold(" ".join(question.split()))
    m = _check_re().search(f)
    body = f[:m.start()] if m else f
    i = body.find(fold(proposition)[:40])
    return body[i:] if i >= 0 and proposition else ""


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The ruling on a claim in ``question``, or ``None`` when there is no claim or no route
    reads its proposition (the next routes answer instead). A claim naming its own opposite
    («я думаю, что он может двигаться или не может, верно?», ``self_alternative``) gets no
    verdict: the ruling of its proposition is shown, the claim is not judged."""
    c = find_claim(question)
    if c is None:
        return None
    asked = c.asked
    decided, inner = _ask_proposition(asked, edition)
    both = _self_contradiction(question)
    if both is not None or self_alternative(c.proposition) or self_alternative(_told_after(question, c.proposition)):
        inner = inner or decided
        if inner is None:
            return None
        found = inner.verdict or (inner.blocks[0].text if inner.blocks else "вопрос понят не полностью")
        why = (f"в вопросе противоречие: {both[0]} {'говорите' if both[0] == 'вы' else 'говорит'} и «{both[1]}», "
               f"и «{both[2]}»" if both is not None else "в нём сказано и «да», и «нет»")
        blocks = [Block("text", f"Проверить утверждение не могу: {why}. По правилам: " + found),
                  *inner.blocks[(0 if inner.verdict else 1):]]
        return replace(inner, question=question, verdict=None, blocks=blocks, citations=list(inner.citations),
                       trace=[f"утверждение: {c.proposition} (называет и свою противоположность)", *inner.trace],
                       understood=_understood(c), unread=list(inner.unread or []) or ["(утверждение)"])
    ruled = holds_of(decided.verdict, c.proposition, decided.sentence) if decided is not None else None
    if _conjuncts(c.proposition) and (ruled is None or ruled[0]):
        # «A и B»: a part that does not hold makes the claim false whatever the whole was read as
        # («артефакт не может двигаться, и что симбиота можно на летуна» was read as one sentence
        # about symbiotes' movement and «held»), every part holding makes it true with each part's own
        # paragraph; parts that cannot be checked alone leave the whole's ruling
        by_parts, shown = _ruled_by_parts(c, edition)
        if by_parts is not None:     # each part ruled by its own paragraph: those are the reasons shown
            ruled, decided = by_parts, shown
    if ruled is None:
        flipped = _ruled_by_positive(c.setup, c.proposition, edition)
        if flipped is not None:
            ruled, decided = flipped
    if ruled is None:
        person = _ruled_by_who(c.setup, c.proposition, edition, question, decided)
        if person is not None:
            ruled, decided = person
    elif _names_by_description(c.proposition):
        # «приоритет получает тот, кто его положил в стек»: a yes/no found for it must agree with
        # the value naming who does it — a reader that took it for another question is not believed
        person = _ruled_by_who(c.setup, c.proposition, edition, question)
        if person is not None and person[0][0] != ruled[0]:
            ruled, decided = None, None
    if ruled is None:
        denied = _ruled_by_premise(c.setup, c.proposition, edition)
        if denied is not None:
            ruled, decided = denied
    if ruled is not None:
        inner = decided
    elif decided is not None and inner is None:
        inner = decided
    if inner is None:
        return None
    if c.counter:
        return _two_statements(question, c, edition, ruled, decided, inner)
    understood = _understood(c)
    if inner.understood:
        understood = understood.rstrip(".") + "; " + inner.understood.removeprefix("Как я понял: ")
    if ruled is None:
        found = inner.verdict or (inner.blocks[0].text if inner.blocks else "вопрос понят не полностью")
        blocks = [Block("text", "Проверить утверждение не могу: " + found), *inner.blocks[(0 if inner.verdict else 1):]]
        return replace(inner, question=question, verdict=None, blocks=blocks, citations=list(inner.citations),
                       trace=[f"утверждение: {c.proposition}", *inner.trace], understood=understood,
                       unread=list(inner.unread or []) or ["(утверждение)"])
    holds, why = ruled
    why = _with_sentence(why, inner)
    if c.who == "asker":
        verdict = f"{'Да' if holds else 'Нет'}: {why}"
    elif c.rival:
        verdict = _rival_verdict(c, holds, why)
    else:
        verdict = rule_on_claim(holds != c.denies, why, claimer_is_me=c.who == "me", other=c.other_word,
                                others_only=not c.asker_said,
                                who_check=c.check == "who")
    return replace(inner, question=question, verdict=_with_paragraph(verdict, inner.citations), blocks=list(inner.blocks),
                   citations=list(inner.citations), trace=[f"утверждение: {c.proposition}", *inner.trace],
                   understood=understood, unread=list(inner.unread or []))


def _rival_verdict(c: Claim, claimer_right: bool, why: str) -> str:
    """«Прав друг: …» / «Прав противник: …» in a dispute between two other people: the claimer
    (``c.other_word``) when his statement holds, else his rival."""
    return f"Прав {c.other_word if claimer_right else c.rival}: {why}"


def _understood(c: Claim) -> str:
    """«Как я понял: друг утверждает, что …; вопрос: верно ли это.» — the claim as read, in the
    asker's terms, with its claimer, the reason not checked and the check asked."""
    if c.counter:
        name = {"me": "вы", "other": c.other_word}
        verb = {"me": "утверждаете", "other": "утверждает"}
        return (f"Как я понял: {name[c.who]} {verb[c.who]}, что {addressed(c.proposition)}; "
                f"{c.rival or name[c.counter_who]} {verb[c.counter_who]}, что {addressed(c.counter)}; "
                f"вопрос: {'кто прав' if c.check == 'who' else 'верно ли это'}.")
    if c.rival:
        return (f"Как я понял: {c.other_word} утверждает, что {addressed(c.proposition)}; {c.rival} с этим не "
                f"согласен; вопрос: кто прав.")
    if c.who == "asker":
        said = f"вы спрашиваете, верно ли, что {c.proposition}"
    else:
        who = "вы" if c.who == "me" else c.other_word
        verb = ("утверждаете" if c.who == "me" else "утверждает") if not c.denies else \
            ("не согласны, что" if c.who == "me" else "не согласен, что")
        shown = addressed(c.proposition)
        said = f"{who} {verb} {shown}" if c.denies else f"{who} {verb}, что {shown}"
    understood = f"Как я понял: {said}"
    if c.reason:
        understood += f" (довод «{c.reason}» не проверяю)"
    if c.rejected:
        understood += f" (а не «{c.rejected}»: это исключает само утверждение)"
    return understood + f"; вопрос: {'кто прав' if c.check == 'who' else 'верно ли это'}."


def framed(question: str, ans: Answer) -> Answer:
    """The search route's answer ``ans`` (no verdict) to a claim no route could rule on,
    opened by the claim as it was understood and a plain decline: the user sees which
    claim was read and that it was not checked, never a ruling on another proposition.
    ``ans`` unchanged when ``question`` states no claim."""
    try:
        c = find_claim(question)
    except Exception:  # noqa: BLE001 - the search answer stands without the framing
        c = None
    if c is None or ans.verdict:
        return ans
    said = f"что {addressed(c.proposition)}" + (f", и что {addressed(c.counter)}" if c.counter else "")
    text = (f"Проверить утверждение не могу: ни один мой разбор правил его не прочитал, поэтому не решаю, верно ли, "
            f"{said}. Ниже — ближайшие пункты правил, по ним его можно проверить.")
    return replace(ans, blocks=[Block("text", text), *ans.blocks], understood=_understood(c),
                   trace=[f"утверждение: {c.proposition}", "ни один маршрут не вынес вывода об утверждении", *ans.trace],
                   unread=list(ans.unread or []) or ["(утверждение)"])


def _with_sentence(why: str, ans: Answer | None) -> str:
    """A reason ruled by the rule text carries the sentence it rests on («восстанавливается —
    п. 506.4: «…»»)."""
    if ans is not None and ans.route == "rule_text" and ans.sentence and ans.sentence not in why and ans.citations:
        return f"{why} — п. {ans.citations[0]}: «{ans.sentence}»"
    return why


def _with_paragraph(verdict: str, citations: list[str]) -> str:
    """The ruling on a claim names the paragraph it rests on: «Нет, друг не прав: … (п. 209.4)»
    unless its text already cites one."""
    if not citations or re.search(r"(?<![а-яё])п\.\s*\d", verdict):
        return verdict
    return f"{verdict.rstrip(' .')} (п. {citations[0]})"


def _stated_by(verdict: str | None, statement: str) -> bool:
    """Whether ``verdict`` (a ruling on another proposition) states ``statement`` in its own
    words: every content word of ``statement`` (by lemma, two at least) is in the verdict and
    the two have the same negation parity («оплата после всех способностей» in «Нет: оплата
    происходит после того, как игрок пройдёт все способности»)."""
    if not verdict:
        return False
    body = re.sub(r"^(?:Да|Нет)\b[,:]?\s*", "", verdict)
    # only particles are left out: a preposition («до» / «после») is what the statement says
    stop = frozenset(fold(x) for x in _claim_words()["particles"]) | {"не", "нет", "ни", "нельзя"}
    content = [lemma(x) for x in _WORD.findall(fold(statement)) if x not in stop]
    said = {p.normal_form for x in _WORD.findall(fold(body)) for p in analyzer().parse(x)}   # «все» is «весь» too
    return len(content) >= 2 and all(x in said for x in content) and _negations(statement) % 2 == _negations(body) % 2


def _two_statements(question: str, c: Claim, edition: str, ruled, decided: Answer | None,
                    inner: Answer | None) -> Answer | None:
    """«Он говорит P. Я говорю Q. Кто прав?»: P and Q each ruled on (Q through the routes, or
    stated in P's own ruling); one holding and the other not names who is right; both holding,
    or both not, forces no winner (they do not contradict each other); one of them unread —
    no verdict when the asked rightness depends on it (an honest partial answer)."""
    counter = _counter_subject(c)
    if counter != c.counter:
        c = replace(c, counter=counter)     # «это тоже движение»: the claim's subject put back
    q_asked = (c.setup + " " if c.setup else "") + c.counter[:1].upper() + c.counter[1:] + "?"
    dq, first_q = _ask_proposition(q_asked, edition)
    rq = holds_of(dq.verdict, c.counter, dq.sentence) if dq is not None else None
    if rq is None:
        flipped = _ruled_by_positive(c.setup, c.counter, edition)
        if flipped is not None:
            rq, dq = flipped
    if rq is None and ruled is not None and decided is not None and _stated_by(decided.verdict, c.counter):
        rq = (True, ruled[1])
    shown = inner or (dq if rq is not None else None) or first_q
    if shown is None:
        return None
    understood = _understood(c)
    cites = list(dict.fromkeys([*(decided.citations if ruled is not None and decided else []),
                                *(dq.citations if rq is not None and dq else [])])) or list(shown.citations)
    trace = [f"утверждение: {c.proposition}", f"встречное утверждение: {c.counter}", *shown.trace]
    asked = c.asked_person or c.who
    verdict, found = None, []
    if ruled is not None:
        ruled = (ruled[0], _with_sentence(ruled[1], decided))
    if rq is not None and dq is not None and dq.verdict and holds_of(dq.verdict, c.counter, dq.sentence) is not None:
        rq = (rq[0], _with_sentence(rq[1], dq))
    if ruled is not None:
        found.append(f"что {addressed(c.proposition)} — {'верно' if ruled[0] else 'неверно'}: {ruled[1]}")
    if rq is not None:
        found.append(f"что {addressed(c.counter)} — {'верно' if rq[0] else 'неверно'}: {rq[1]}")
    from_q = False      # the reason shown is the counter-statement's: its paragraphs lead
    if ruled is not None and rq is not None and ruled[0] != rq[0]:
        right = c.who if ruled[0] else c.counter_who
        why = ruled[1] if ruled[0] else rq[1]
        from_q = not ruled[0]
        if c.rival:
            verdict = _rival_verdict(c, ruled[0], why)
        elif c.check == "who":
            verdict = rule_on_claim(True, why, claimer_is_me=right == "me", other=c.other_word, who_check=True)
        else:
            verdict = rule_on_claim(right == asked, why, claimer_is_me=asked == "me", other=c.other_word, who_check=False)
    elif c.check == "right" and ((asked == c.who and ruled is not None) or (asked == c.counter_who and rq is not None)) \
            and (not (ruled is not None and rq is not None) or _same_statement(c.proposition, c.counter)):
        # «он говорит P. я говорю «да». я прав?»: one statement both hold — the asked person's ruling is it
        holds, why = ruled if asked == c.who else rq      # the asked person's own statement decides «я прав?»
        from_q = asked != c.who
        verdict = rule_on_claim(holds, why, claimer_is_me=asked == "me", other=c.other_word, who_check=False)
    elif c.check == "who" and (ruled is None) != (rq is None) and (ruled or rq)[0]:
        # «кто прав?» with one statement ruled true: its speaker is right whatever the other says
        right = c.who if ruled is not None else c.counter_who
        unread = c.counter if ruled is not None else c.proposition
        from_q = ruled is None
        verdict = _rival_verdict(c, ruled is not None, (ruled or rq)[1]) if c.rival else \
            rule_on_claim(True, (ruled or rq)[1], claimer_is_me=right == "me", other=c.other_word, who_check=True)
        verdict = f"{verdict.rstrip(' .')} (второе утверждение — «{addressed(unread)}» — проверить не смог)"
    if verdict is None:
        if ruled is not None and rq is not None:
            head = "Оба утверждения верны" if ruled[0] else "Оба утверждения неверны"
            text = f"{head} — они друг другу не противоречат, победителя в споре нет: " + "; ".join(found)
        else:
            text = "Проверить спор целиком не могу: " + ("; ".join(found) + "; " if found else "") + \
                "другое утверждение ни один маршрут не прочитал"
        blocks = [Block("text", text), *shown.blocks]
        return replace(shown, question=question, verdict=None, blocks=blocks, citations=cites, trace=trace,
                       understood=understood, unread=list(shown.unread or []) or ["(утверждение)"])
    if from_q and dq is not None:
        cites = list(dict.fromkeys([*dq.citations, *cites]))
    return replace(shown, question=question, verdict=_with_paragraph(verdict, cites), blocks=list(shown.blocks), citations=cites,
                   trace=trace, understood=understood, unread=[])
