"""A question asked after the asker's own premise, answered from the rule text (issue 14):
«X это ж Y. значит Z?», «особенности «в начале боя» это же срабатывающие, значит быстрые?»,
«местность атаковать нельзя это понятно. а разрядом ей раны нанести можно? разряд то не атака».

The premise (a clause with a reasoning particle «же / ж / ведь / то», a definition «X — это Y»,
a general statement told before «значит …», «… это понятно / помню») is the asker's
argument: the verdict never rests on it. ``split(question)`` -> ``Premised`` or ``None``:
the premise clauses and the asked proposition Z (the words after «значит», or the asked
sentence), with the premise's subject put in when Z names none («значит быстрые?» ->
«особенности «в начале боя» быстрые?»). ``answer(question, edition)`` rules Z by the rule
text (``bot.rules_text.route``) and checks each premise of the form «X это Y» / «X — Y» /
«X считается Y» the same way: a premise the rules deny is said so with its paragraph.
No verdict on Z — ``None`` (the premise alone never gives one); nor when Z is ruled by
the very sentence that rules the premise («арт же не может бить, значит и по нему бить
нельзя?»: 210.2 says what the artifact does, not what is done to it) — the premise restated
is no ruling on the conclusion. Particles and conclusion
words: ``reasoning_particles`` / ``conclusion_words`` of ``grammar/lexicon.yaml``; a told
board fact («у меня …», a past-tense event) is not a premise: such a question is left to
the situation routes (``None``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block

_SENT = re.compile(r"(?<=[.!?…])\s+")
_MINE = re.compile(r"(?<![а-яё])(я|мой|моя|моё|мое|мои|моего|моей|моим|моем|моём|моему|моих|моими|мне|меня|у меня|"
                   r"свой|своего|своё|свое|своей|своем|своём|мы|наш|нашем|нашего|наши)(?![а-яё])")
_HAS = re.compile(r"(?<![а-яё])у\s+(?:соперника|противника|оппонента|врага|него|неё|нее|них|тебя|нас|друга)(?![а-яё])")
"""«у соперника карта, которая …»: what someone has on the board is a told fact, not a premise."""
_KNOWN = re.compile(r"[,\s]*(?:это\s+)?(?:я\s+)?(?:понятно|ясно|помню|знаю|допустим|ладно)\s*[.!]?\s*$")
_LEAD = re.compile(r"^(?:а|и|но|ну)\s+")
_PRONOUN = re.compile(r"^(?:она|он|оно|они|это)\s+")


@dataclass(frozen=True)
class Premised:
    """``premises``: the asker's argument clauses as written; ``asked``: Z as its own
    question (ending in «?»); ``subject``: the premise subject put into Z, or ``""``."""

    premises: tuple[str, ...]
    asked: str
    subject: str = ""


def _words(name: str) -> tuple[str, ...]:
    from bot.vocab import section

    raw = section(name)
    return tuple(raw.split() if isinstance(raw, str) else raw)


def _particle(clause: str) -> bool:
    f = f" {clause.casefold()} "
    return any(re.search(rf"[\s,]{re.escape(p)}[\s,?.!]", f) for p in (*_words("reasoning_particles"), "то")) \
        or bool(re.search(r"\sэто\s|\s[—–-]\s", f))


def _told_fact(sentence: str) -> bool:
    """A board fact or event the asker tells («у меня …», «сходил …»), not a premise."""
    from bot.reading.tokens import tokenize

    if _MINE.search(sentence.casefold()) or _HAS.search(sentence.casefold()):
        return True
    if re.search(r"(?<![а-яё])(?:написано|сказано|указано)(?![а-яё])", sentence.casefold()):
        return False    # «в правилах написано, что …» tells a premise
    toks, _ = tokenize(sentence)
    return any(t.pos == "VERB" and t.tense == "past" for t in toks)


def _subject(premise: str) -> str:
    """The noun phrase a premise is about: its words before «это / же / ж / — / считается»."""
    from bot.reading.tokens import tokenize

    p = _LEAD.sub("", premise.strip().casefold())
    p = re.sub(r"^(?:в\s+правилах\s+)?(?:написано|сказано|указано)\s*,?\s*(?:что\s+)?", "", p)
    m = re.match(r"(.+?)\s+(?:[—–-]\s+|это\s|же\s|ж\s|ведь\s|считаю?т?ся\s|она\s+же|он\s+же|оно\s+же|они\s+же)", p + " ")
    if not m:   # «местность атаковать нельзя»: its first noun
        toks, _ = tokenize(p)
        return next((t.text for t in toks if t.pos == "NOUN" and t.case in ("nomn", "accs")), "")
    s = m.group(1).strip(" ,")
    toks, _ = tokenize(s)
    if not toks or not any(t.pos in ("NOUN", "INTJ") or t.quote for t in toks) or len(toks) > 6:
        return ""
    return s


def chat_sentences(question: str) -> list[str]:
    """The sentences of a chat message as written: a «.», «!», «?» or «…» ends one whatever
    the next letter's case («… есть. раз класс есть — значит можно?»), not inside quotes."""
    from bot.reading.claims import _masked

    text = " ".join(question.split())
    masked = _masked(text)
    cuts = [m.end() for m in _SENT.finditer(masked)]
    return [text[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(text)]) if text[a:b].strip(" .!?…")]


def argued(question: str) -> bool:
    """The asked sentence of ``question`` concludes from the asker's argument told inside it
    («…, но симбиот же не может перемещаться, значит особенность не сработает?»): a clause
    with a reasoning particle before a conclusion word. Such a sentence read whole would be
    ruled on its argument; ``split`` gives its conclusion unless the question tells board
    facts too, and then the rule text must not rule on it at all (``route``)."""
    sents = chat_sentences(question)
    if not sents:
        return False
    asked = sents[max((i for i, s in enumerate(sents) if "?" in s), default=len(sents) - 1)]
    m = _last_conclusion(asked)
    return m is not None and _particle(asked[:m.start()].strip(" ,"))


def _last_conclusion(asked: str) -> re.Match | None:
    """The last conclusion word («значит», «выходит» …, ``conclusion_words``) of the asked
    sentence, as a match on its casefolded text; ``None`` when it has none."""
    conclusions = "|".join(map(re.escape, _words("conclusion_words")))
    m = None
    for m in re.finditer(rf"(?:^|[\s,])(?:{conclusions})(?=[\s,])", asked.casefold()):
        pass
    return m


def split(question: str) -> Premised | None:
    """The premise and the asked proposition of ``question`` (see the module docstring)."""
    sents = chat_sentences(question)
    if not sents:
        return None
    asked_at = max((i for i, s in enumerate(sents) if "?" in s), default=len(sents) - 1)
    asked = sents[asked_at]
    premises: list[str] = []
    for s in sents[:asked_at]:
        known = bool(_KNOWN.search(s.rstrip(".!… ")))
        s = _KNOWN.sub("", s.rstrip(".!… ")).strip(" ,") or s   # «… это я знаю»: told as known
        if _told_fact(s) or not (known or _particle(s)):
            return None     # «абилка просит выбрать две цели.»: a circumstance told, not the asker's argument
        premises.append(s.rstrip(".!… "))
    for s in sents[asked_at + 1:]:      # «…? разряд то не атака»: the argument told after
        if not _particle(s) or _told_fact(s):
            return None
        premises.append(s.rstrip(".!… "))
    m = _last_conclusion(asked)
    z = asked
    if m is not None:
        before = asked[:m.start()].strip(" ,")
        if before:
            if _told_fact(before):
                return None
            premises.append(before)
        z = asked[m.end():].strip(" ,")
    if not premises:
        return None
    contrast = bool(re.match(r"(?i)а\s", z.strip()))
    z = _LEAD.sub("", z.strip().rstrip("?!. ").strip())
    z = re.sub(r"(?<![а-яё])тоже(?![а-яё])\s*", "", z).strip()
    for k, p in enumerate(premises):   # «местность атаковать нельзя это понятно»: a premise told as known
        premises[k] = _KNOWN.sub("", p).strip(" ,") or p
    subject = ""
    from bot.reading.tokens import tokenize

    toks, _ = tokenize(z)
    if not toks:
        return None
    if contrast:
        z = _elided(z, premises)
        toks, _ = tokenize(z)
    verb = any(t.pos in ("VERB", "INFN", "PRED") or t.lemma in ("можно", "нельзя") for t in toks)
    pron = next((t for t in toks if t.pos == "NPRO" and t.lemma in ("он", "она", "оно", "они")), None)
    named = any(t.pos in ("NOUN", "INTJ") or t.quote for t in toks if t is not pron)
    own = any((t.pos == "NOUN" and t.case == "nomn") or t.pos == "INTJ" or t.quote for t in toks)
    predicative = not verb and toks[0].pos in ("ADJF", "ADJS")   # «значит быстрое игродействие?»
    if pron is not None or not named or not (verb or own) or predicative:
        subject = next((s for s in map(_subject, premises) if s), "")
        if not subject:
            return None
        if pron is not None:   # «а разрядом ей раны нанести можно?»: «ей» is the premise's subject
            z = re.sub(rf"(?<![а-яё]){re.escape(pron.text)}(?![а-яё])", _in_case(subject, pron.case), z, count=1, flags=re.I)
        else:                  # «значит быстрое игродействие?» -> «X это быстрое игродействие?»
            z = subject + (" это " if not verb and named else " ") + z
    return Premised(tuple(premises), z[:1].upper() + z[1:] + "?", subject)


def _in_case(subject: str, case: str | None) -> str:
    """A one-word subject put in the case of the pronoun it replaces («по нему» -> «по
    арту»), so the reader sees its role; a longer phrase, or a form the analyser cannot
    make, as written."""
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


def _premise_question(premise: str) -> str | None:
    """«X это ж Y» / «X — это Y» / «X считается Y» as the question «X это Y?», else ``None``."""
    p = _LEAD.sub("", premise.strip().rstrip("?!. "))
    p = re.sub(r"(?<![а-яё])(?:же|ж|ведь|получается|типа)(?![а-яё])", " ", p)
    p = re.sub(r"\s*[—–]\s*(?:это\s+)?", " это ", p)
    p = " ".join(p.split())
    if not re.search(r"(?<![а-яё])(это|считается|считаются|является|являются)(?![а-яё])", p.casefold()):
        return None
    return p + "?"


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """Z ruled by the rule text with the premise checked, or ``None`` (see the module docstring)."""
    from bot.rules_text import route

    s = split(question)
    if s is None:
        return None
    z = route.answer(s.asked, edition)
    if z is None or not z.verdict:
        return None
    notes, cites = [], list(z.citations)
    for p in s.premises:
        pq = _premise_question(p)
        pa = route.answer(pq, edition) if pq else None
        plain = pa if pq else route.answer(_LEAD.sub("", p.strip()).rstrip("?!. ") + "?", edition)
        if z.sentence and plain is not None and plain.verdict and plain.sentence == z.sentence:
            return None     # Z ruled by the very sentence that states the premise: the premise restated, not Z ruled
            # («арт же не может бить, значит и по нему бить нельзя?» — 210.2 is about the artifact striking)
        if pa is not None and pa.verdict and pa.verdict.startswith("Нет") and pa.sentence:
            notes.append(f"Неверно, что «{p}»: п. {pa.citations[0]} — «{pa.sentence}»")
            cites.extend(n for n in pa.citations[:1] if n not in cites)
    said = "; ".join(f"«{p}»" for p in s.premises)
    blocks = [Block("note", f"Ваш довод {said} я не принимал за факт: ответ — по правилам на вопрос «{s.asked}»."
                    + ("\n" + "\n".join(notes) if notes else ""))]
    understood = f"Как я понял: довод {said}; вопрос: «{s.asked}»."
    return Answer(question=question, route="rule_text", verdict=z.verdict, blocks=[*blocks, *z.blocks],
                  citations=list(dict.fromkeys(cites)), trace=[f"довод: {said}", *notes, *z.trace],
                  understood=understood, sentence=z.sentence)
