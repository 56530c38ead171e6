"""A card text resolved on a board, with a verdict for «что будет?» / «будет ли X?».

Two entry points:

- ``resolve_text(text, state, source, use) -> BoardVerdict``: the text run by
  ``bot.sim.ability`` on a copy of ``state`` (``explain TEXT --scenario FILE`` and the ask
  reader use it); the verdict says which parts happen and why, each with its paragraph;
- ``read_board_facts(sentence) -> BoardFacts | None``: the board facts a question states
  next to a quoted card text («у противника нет ни одного закрытого существа», «все
  существа противника открыты», «противник отказался»), words from the ``card_board.facts``
  section of grammar/lexicon.yaml; ``board_for(text, facts)`` builds the smallest board the
  text needs on which those facts hold (a target is assumed to exist unless a fact says
  none does; every assumption is listed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from bot.sim.ability import (STATUS_RU, Resolution, Use, host_object, implied_state, leaf_action, numeric_restrictions,
                              parse_ability, placed_from, resolve_on_board, subject_relative, this_card)
from bot.sim.state import Card, GameState, cell_name, parse_cell, player_row
from bot.textnorm import fold
from bot import memo as _memo

OPPOSITE = {"closed": "open", "open": "closed"}
RESTRICTION_RU = {"closed": "закрытого", "open": "открытого", "flying": "летающего", "wounded": "раненого", None: ""}
STATE_RU = {"closed": "закрытое", "open": "открытое", "flying": "летающее", "wounded": "раненое"}
ZONE_RU = {"graveyard": "в вашем сбросе", "deck": "в вашей колоде", "hand": "в вашей руке"}
OWNER_RU = {"enemy": "противника", "own": "ваших", None: ""}


@dataclass
class BoardVerdict:
    """``resolution`` of the text on the board, ``verdict`` (Russian, with paragraphs),
    ``citations`` (505 first), ``board`` (card id -> ``Card.to_json()`` after it),
    ``assumed`` (what the built board assumed, Russian lines), ``form_decided`` (the
    verdict rests on the connective only, not on the board)."""

    resolution: Resolution
    verdict: str | None
    citations: list[str]
    board: dict[str, dict]
    assumed: list[str] = field(default_factory=list)
    form_decided: bool = False
    """The verdict follows from the text's connective alone (505), whatever the board."""
    start: GameState | None = None
    """The board before the run (the ``state`` of the reading's scenario)."""
    use: Use | None = None
    """The controller's decisions the run took (the reading's ``use`` step)."""
    missing: list[str] = field(default_factory=list)
    """Facts the board needed that the question does not state (no verdict rests on it)."""
    refused: tuple[str, tuple[str, ...]] | None = None
    """``(reason, rules)`` when the ability could not be used at all on this board
    (``bot.sim.ability.use_problems``: a closed card with {tap}, 506.3 for «вместо движения»)."""

    def to_json(self) -> dict:
        """``{steps:[{text, done, rule, …}], citations, verdict, parts, results, unsupported,
        board, assumed}`` (the ``explain`` contract of DESIGN.md plus the board)."""
        out = self.resolution.to_json()
        out.update({"verdict": self.verdict, "citations": list(self.citations), "board": self.board,
                    "assumed": list(self.assumed)})
        return out


@dataclass(frozen=True)
class Fact:
    """One stated board fact: ``kind`` ``none`` | ``exists`` | ``refuse`` | ``failed`` (an
    event told: the part doing ``action`` did not happen, «уничтожить его не вышло», «он не
    уничтожился») | ``done`` (an event told: the part doing ``action`` happened, «карта себя
    уничтожила»; the run must agree) | ``no_resources`` («ресурсов на оплату ноль») |
    ``cells_full`` / ``cells_free`` (the cells next to the moved card: «все соседние клетки
    заняты», «рядом есть свободная клетка»); ``owner`` ``enemy`` | ``own`` | ``None``;
    ``restriction`` (``closed``, ``open``, ``flying``, ``wounded``, ``extra_lives``) or
    ``None``; ``said``: the clause it was read from; ``action``: for ``failed``."""

    kind: str
    owner: str | None
    restriction: str | None
    said: str
    action: str | None = None
    only: bool = False
    """For ``exists``: these are all the creatures of that side besides the source
    («единственное другое моё сущ — летун»)."""
    card_kind: str = "creature"
    """The kind of card the fact is about («ни одного арта»: ``artifact``)."""
    also: tuple[str, ...] = ()
    """For ``exists``: the other states told of those creatures («закрытое раненое»: ``closed`` and
    ``("wounded",)``)."""
    attrs: tuple[tuple[str, str, int], ...] = ()
    """For ``exists``: numbers those creatures have («стоимостью 3»: ``(("cost", "==", 3),)``;
    ``bot.sim.ability.numeric_restrictions``)."""


@dataclass
class BoardFacts:
    """The facts of a question (``facts``) and its clauses no fact was read from that
    name a card or creature (``unread``: then the board is not known)."""

    facts: list[Fact]
    unread: list[str]
    source_kind: str = "creature"
    """What the card with the text is, as the question says next to the quote («у арта
    текст «…»»: ``artifact``); not a board fact (it alone decides nothing)."""

    @property
    def refuse(self) -> bool:
        return any(f.kind == "refuse" for f in self.facts)

    def of(self, kind: str) -> list[Fact]:
        """The facts of ``kind``."""
        return [f for f in self.facts if f.kind == kind]


def _words() -> dict:
    from bot.vocab import section

    return section("card_board")["facts"]


@lru_cache(maxsize=512)
def _stems_re(stems: tuple[str, ...]) -> re.Pattern:
    """One compiled pattern for word beginnings ``stems`` (folded once, not per clause)."""
    return re.compile(r"(?<![а-яё])(?:" + "|".join(re.escape(fold(s)) for s in stems) + ")")


_STEM_LISTS: dict[int, tuple[object, tuple[str, ...], re.Pattern, dict[str, bool]]] = {}
"""``id(stems) -> (stems, folded stems, _stems_re, answers)`` for the word lists ``_has`` was
given (the lexicon's lists, read again for every clause): no tuple built and hashed per call.
The list itself is kept, so its id stands for it alone; the table starts afresh when full.
``answers``: ``_has`` of the texts of the current question asked about this list (the
readers ask the same clause about the same list several times: «creature», «enemy» …)."""

_ANSWERS_MAX = 256
"""Texts one word list remembers ``_has`` of before it starts afresh."""
_ANSWERED: list[dict[str, bool]] = []
"""The ``answers`` of the lists asked about during the current question (``bot.memo``):
forgotten when the next question starts, so nothing one question read serves another."""
_ANSWERED_FOR = [-1]


def _stem_entry(stems) -> tuple[object, tuple[str, ...], re.Pattern, dict[str, bool]]:
    """The ``_STEM_LISTS`` entry of a word list (made on first use)."""
    got = _STEM_LISTS.get(id(stems))
    if got is not None and got[0] is stems:
        return got
    key = tuple(stems)      # a list built per call («creature» without «сущ»): its words' entry
    shared = _BY_STEMS.get(key)
    if shared is None:
        if len(_BY_STEMS) >= 4096:
            _BY_STEMS.clear()
        shared = _BY_STEMS[key] = (tuple(fold(s) for s in stems), _stems_re(key), {})
    got = (stems, *shared)
    if len(_STEM_LISTS) >= 4096:
        _STEM_LISTS.clear()
    _STEM_LISTS[id(stems)] = got
    return got


_BY_STEMS: dict[tuple[str, ...], tuple[tuple[str, ...], re.Pattern, dict[str, bool]]] = {}
"""The folded stems, pattern and ``answers`` of a word list by its words: a list the readers
build anew for each clause shares them with its earlier copies (nothing folded again)."""


def _stem_list(stems) -> tuple[tuple[str, ...], re.Pattern]:
    """``(folded stems, _stems_re(stems))`` of a word list (see ``_STEM_LISTS``)."""
    got = _stem_entry(stems)
    return got[1], got[2]


_FLYING_WORDS = ("летун", "летуна", "летунов", "летуны")
_LIVES_STEM = ("жизн",)
_EXTRA_STEM = ("доп",)
"""Word lists ``read_board_facts`` writes itself: constants, so ``_has`` finds them by identity."""

_DERIVED_BUILD = {
    "other+not_cards": lambda a, b: (*a, *b),
    "creature-сущ": lambda a: tuple(c for c in a if c != "сущ"),
    "creature-target": lambda a, b: tuple(c for c in a if c not in b),
    "creature-карт": lambda a: tuple(c for c in a if c != "карт"),
    "own-сво": lambda a: tuple(x for x in a if not x.startswith("сво")),
}
_DERIVED: dict[str, tuple] = {}


def _derived(name: str, *lists) -> tuple[str, ...]:
    """The word list ``_DERIVED_BUILD[name]`` makes of the lexicon's ``lists`` («creature»
    without «сущ» …), made once while the lists stay the same objects (a lexicon load): a list
    built anew per clause made ``_has`` index its words again for every clause."""
    got = _DERIVED.get(name)
    if got is None or len(got[0]) != len(lists) or any(x is not y for x, y in zip(got[0], lists)):
        got = _DERIVED[name] = (lists, _DERIVED_BUILD[name](*lists))
    return got[1]


def _has(text: str, stems) -> bool:
    """Whether a word of ``text`` starts with one of ``stems`` (folded); a stem occurring
    nowhere in ``text`` (most lists, most clauses) costs no pattern search, and a text
    asked about the same list again is answered from the list's ``answers``."""
    if not stems:
        return False
    if _memo._question != _ANSWERED_FOR[0]:
        for d in _ANSWERED:
            d.clear()
        _ANSWERED.clear()
        _ANSWERED_FOR[0] = _memo._question
    entry = _STEM_LISTS.get(id(stems))     # _stem_entry's own first look, without its call
    if entry is None or entry[0] is not stems:
        entry = _stem_entry(stems)
    answers = entry[3]
    got = answers.get(text)
    if got is None:
        got = False
        for s in entry[1]:      # a loop, not any() over a generator: most lists have a few stems
            if s in text:
                got = entry[2].search(text) is not None
                break
        if not answers:
            _ANSWERED.append(answers)
        elif len(answers) >= _ANSWERS_MAX:
            answers.clear()
        answers[text] = got
    return got


def _first(text: str, stems) -> int:
    """Position of the first word of ``text`` starting with one of ``stems`` (len when none)."""
    m = _stem_list(stems)[1].search(text) if stems else None
    return m.start() if m else len(text)


def _action_named(clause: str) -> str | None:
    """The action (grammar/effects.yaml name) whose verb the clause uses, first in the clause."""
    acts = _words()["actions"]
    hits = [(_first(clause, stems), a) for a, stems in acts.items() if _has(clause, stems)]
    return min(hits)[1] if hits else None


def _clauses(sent: str) -> list[str]:
    """Clauses of one sentence: split at punctuation, «и» / «а» / «но» («и так закрыты»
    is one clause: «и так» means «already») and before «если» written without a comma
    («лечение будет если я ушёл в колоду?»)."""
    from bot.abilities.outcome_words import QUOTE_MARK

    return [c for c in re.split(r"[,;:—–]|\s-\s|\s(?:и(?!\s+так)(?!\s+(?:больше|меньше|более|менее|выше|ниже))|а|но)\s|\s(?=(?:если|Если)\s)"
                                r"|(?<=[а-яё])\s+(?=(?:когда|пока)\s+\S+\s+\S+)",
                                sent.replace(QUOTE_MARK, " ⟪Q⟫ ")) if c.strip()]


def _counted_none(clause: str, w: dict) -> bool:
    """«Закрытых существ у противника нет»: the creatures named in the genitive plural
    (``creature_none`` forms) before «нет» — there are none, like «нет ни одного …»."""
    forms = w.get("creature_none") or ()
    return any(re.search(r"(?<![а-яё])" + re.escape(fold(f)) + r"(?![а-яё])", clause) for f in forms) \
        and re.search(r"(?<![а-яё])нет(?![а-яё])", clause) is not None


_ABBREVIATION = re.compile(r"(?<![А-Яа-яЁё])(доп|т\.\s?е|т\.\s?к|напр|см|шт|кол-во)\.(?=\s)")
"""Abbreviations whose full stop ends no sentence («нет доп. жизней»)."""
_PAST = r"[а-яё]+(?:л|ла|ло|ли|лся|лась|лось|лись)"
_EVENT_ACTIONS = ("destroy", "return_to_deck", "move", "heal", "wound", "discharge", "lose")
"""Actions an event told in the past may name («карта себя уничтожила», «ушла в колоду»);
opening and closing told in the past are states of the board, read as such."""


def _negated_past_action(clause: str) -> str | None:
    """The action of «не <past verb>» in ``clause`` («он не уничтожился», «не переместилось»)."""
    for m in re.finditer(rf"(?<![а-яё])не\s+({_PAST})(?![а-яё])", clause):
        act = _action_named(m.group(1))
        if act is not None:
            return act
    return None


def _past_action(clause: str, w: dict) -> str | None:
    """The action of an event told in the past, not negated, in a clause that states no
    board quantity («карта себя уничтожила», «карта ушла в колоду»); else ``None``."""
    if re.search(r"(?<![а-яё])(?:не|ни)(?![а-яё])", clause) or any(_has(clause, w[k]) for k in ("every", "none", "exists")):
        return None
    if re.search(r"(?<![а-яё])(?:может|можно|могу|мог|могла|обязан\w*|должен|должна|вправе)(?![а-яё])", clause):
        return None     # «раз он мог вернуть»: what may be done, not what was
    if _has(clause, w["preference"]):
        return None     # «я хотел только сдвинуться»: what the asker wanted to do, not what happened
    verbs = [m.group(0) for m in re.finditer(rf"(?<![а-яё]){_PAST}(?![а-яё])", clause)]
    if not [v for v in verbs if not _has(v, w["chosen"])]:
        return None     # «выбрал своё раненое сущ»: a choice of target, no event (the state word names no act)
    act = _action_named(clause)
    return act if act in _EVENT_ACTIONS else None


_TRIGGER_HEAD = re.compile(r"^\s*(?:когда|при|после\s+того\s+как|после)\s+([^–—:\-]+?)\s*[–—:\-]")


def _trigger_event(clause: str, text: str, w: dict) -> bool:
    """Whether ``clause`` only tells the event of the card text's own trigger header («в начале
    хода она открылась» of «Когда открывается – …»): every word of it is the header's (same
    stem, ``bot.abilities.outcome_words.same_stem``) or a word of ``trigger_filler``, and one
    at least is the header's."""
    from bot.abilities.outcome_words import same_stem, stem

    m = _TRIGGER_HEAD.match(fold(text))
    if m is None:
        return False
    head = [s for x in re.findall(r"[а-яё]+", m.group(1)) if (s := stem(x))]
    filler = {fold(x) for x in w["trigger_filler"]}
    hit = False
    for word in re.findall(r"[а-яё]+", clause):
        if word in filler:
            continue
        s = stem(word)
        if s is None or not any(same_stem(s, h) for h in head):
            return False
        hit = True
    return hit


_OPENING = re.compile(r"^\s*(?:(?:а|и|но|ну|тут|там|сейчас)\s+)*(?:на\s+(?:столе|поле)\s+)?")


def _opens_with(clause: str, phrases) -> bool:
    """Whether ``clause`` opens with one of ``phrases`` (whole words, after fold), after an
    optional «а» / «и» / «но» / «на столе»."""
    if not phrases:
        return False
    return _opening_re(tuple(phrases)).match(_OPENING.sub("", clause)) is not None


@lru_cache(maxsize=64)
def _opening_re(phrases: tuple[str, ...]) -> re.Pattern:
    """One pattern for «opens with one of ``phrases`` as whole words» (``_opens_with``): an
    alternative that matches but runs on into a letter is backtracked, so it matches where
    one of the phrases' own patterns would."""
    return re.compile("(?:" + "|".join(re.escape(fold(p)) for p in phrases) + r")(?![а-яё])")


def _only_state(clause: str, w: dict) -> bool:
    """«только закрытые», «лишь открытые»: «только» right before the state word (not «только
    у противника …», which limits the owner)."""
    states = [s for r in ("closed", "open", "flying", "wounded") for s in w[r]]
    return any(re.search(rf"(?<![а-я]){re.escape(fold(o))}\s+{re.escape(fold(st))}", clause)
               for o in w["only"] for st in states)


def read_board_facts(question: str) -> BoardFacts:
    """Board facts stated in ``question`` outside its quotes (see module doc). The asking
    clause (the last clause of the asked sentence) states no refusal and no event: «имеет
    право отказаться?» asks about the refusal; events are read from the other sentences."""
    from bot.abilities.outcome_words import QUOTE_MARK, is_topic_label, sentences
    from bot.yesno import asks, question_kind

    w = _words()
    facts: list[Fact] = []
    unread: list[str] = []
    source_kind = "creature"
    lead_in = re.compile(r"^\s*(?:[А-Яа-яЁё]+\s+){0,3}[А-Яа-яЁё]+\s*:\s*(?=" + re.escape(QUOTE_MARK) + ")")
    sents = sentences(_ABBREVIATION.sub(r"\1 ", question))     # «нет доп. жизней» is one sentence
    antecedent: int | None = None   # the fact about the creature named last (what «оно» stands for)
    seen = 0
    clause_start, clause_also = 0, ()     # the facts of the clause read last and its other states
    from bot.abilities.outcome_words import quotes

    quoted_texts = [t for _, _, t in quotes(question)]
    quote_no = 0        # quotes seen so far: the first is the card text, a later one another card's
    for si, sent in enumerate(sents):
        sent_first = len(facts)     # the facts read from this sentence start here
        # «Карта: "…"», «Текст карты: «…»»: a label of the quoted text, not a board fact
        m = lead_in.match(sent)
        if m and not any(_has(fold(m.group(0)), w[k]) for k in ("none", "exists", "every", "refuse")):
            sent = sent[m.end():]
        # a sentence asks when it is the last and asks, or ends with «?» (an earlier question
        # «симба можно на летуна посадить?» tells no event either)
        asked_sentence = (si == len(sents) - 1 and asks(sent)) or sent.rstrip().endswith("?")
        sent = _drop_elaboration(sent, w)
        cls = _clauses(sent)
        # the asking clause: the last one of the asked sentence that is not «если …» / «когда …»
        # («что будет, если противник откажется?» states the refusal in its condition)
        conds = [bool(re.match(r"\s*(?:а\s+)?(?:если|когда|раз)(?![а-я])", fold(c))) for c in cls]
        if asked_sentence and conds and conds[0] and re.match(r"\s*(?:а\s+)?когда(?![а-я])", fold(cls[0])) \
                and question_kind(sent) == "open":
            conds[0] = False    # «Когда карта оплачивает действие — до или после?»: «когда» asks, it is no condition
            ask_at = 0
        else:
            ask_at = max((i for i, c in enumerate(conds) if not c), default=len(cls) - 1)
        for ci, raw in enumerate(cls):
            _add_also(facts, clause_start, clause_also)
            clause_start, clause_also = len(facts), ()
            clause = fold(raw).replace("⟪q⟫", " ").strip(" .?!")
            # «все не закрыты» is «все открыты» (the state is the opposite one, not the word's own)
            clause = _NOT_STATE.sub(lambda m: _FLIP[m.group(1)] + m.group(2), clause)
            if _ZERO.search(clause) and not _has(clause, _derived("other+not_cards", w["other"], w["quantity"]["not_cards"])) \
                    and (_has(clause, w["creature"]) or any(_has(clause, w[r]) for r in ("closed", "open", "flying", "wounded"))):
                clause = _ZERO.sub("нет", clause)     # «у противника 0 открытых сущей», «открытых ноль»: there is none
            if not clause:
                quote_no += raw.count("⟪Q⟫")     # a bare quote («…».): the quotes are still counted in order
                continue
            asking = asked_sentence and ci == ask_at
            told = not asked_sentence or conds[ci]      # an event is told outside the asking sentence or in its «если …»
            quoted = "⟪Q⟫" in raw
            if not asking and not quoted and _NOT_OTHER_STATE.search(clause):
                unread.append(raw.strip())      # «все не раненые», «не летающие»: a negated state the board does not read
                continue
            if not quoted and _NOT_ALL.search(clause):
                unread.append(raw.strip())      # «у противника не все закрыты»: some are, some are not — how many is not told
                continue
            if quoted:
                antecedent = None      # «у сущ «…». оно закрыто»: the pronoun is the card with the text
            elif len(facts) > seen and facts[-1].kind in ("exists", "none") and facts[-1].card_kind == "creature":
                antecedent = len(facts) - 1
            seen = len(facts)
            if quoted:
                quote_no += raw.count("⟪Q⟫")
                attached = _attached_with_text(clause, quoted_texts[quote_no - 1] if quote_no <= len(quoted_texts) else "", w)
                said = " ".join(raw.replace("⟪Q⟫", f"«{quoted_texts[quote_no - 1]}»").split()) \
                    if quote_no <= len(quoted_texts) else raw.strip()
                if quote_no > 1 and attached is not None:
                    # «на нём сидит мой симб у которого в тексте «…»»: the quote is that card's text
                    if attached.kind == "attached_unread":
                        unread.append(said)     # its text says something the board does not keep
                    else:
                        facts.append(replace(attached, said=said))
                    continue
                if quote_no > 1 and facts and facts[-1].kind == "attached" and not facts[-1].attrs \
                        and re.match(r"\s*(?:у\s+которо(?:го|й)|у\s+(?:него|неё|нее)|с\s+текстом|в\s+тексте|"
                                     r"текст|особенность)(?![а-яё])", clause):
                    # «…мой симбиот, у которого в тексте «…»»: the text of the card named just before
                    ban = _attached_with_text("на нём " + ("симб" if facts[-1].card_kind == "symbiote" else "шмот"),
                                              quoted_texts[quote_no - 1] if quote_no <= len(quoted_texts) else "", w)
                    if ban is None or ban.kind == "attached_unread":
                        unread.append(said)
                    else:
                        facts[-1] = replace(facts[-1], attrs=ban.attrs, said=f"{facts[-1].said}, {said}")
                    continue
                if quote_no > 1 and quote_no <= len(quoted_texts) and quoted_texts[0] \
                        and fold(quoted_texts[quote_no - 1]).strip(" .") in fold(quoted_texts[0]):
                    continue    # «раз написано «может»»: words of the card text itself, no board fact
                spoken = quoted_texts[quote_no - 1] if 1 < quote_no <= len(quoted_texts) else ""
                if spoken and not asking and _has(clause, w["speech"]) and (
                        _has(clause, w["enemy"]) or re.search(r"(?<![а-я])(?:он|она)(?![а-я])", clause)) \
                        and re.search(r"(?<![а-я])(?:не\s+(?:хочу|буду|стану|желаю|собираюсь)|отказываюсь|откажусь)(?![а-я])",
                                      fold(spoken)):
                    facts.append(Fact("refuse", "enemy", None, said))    # «он говорит «не хочу ничего возвращать»»
                    continue
                if quote_no > 1:
                    unread.append(said)     # another card's text the reading does not place
                    continue
                for kind, stems in w["source_kinds"].items():
                    if quote_no == 1 and _has(clause, stems):
                        source_kind = kind      # «у арта текст «…»», «у шмотки текст «…»», «симб с текстом «…»»
                        break
            elif not asking and (_has(clause, w["narrative"]) or is_topic_label(clause)
                                 or (quoted_texts and _trigger_event(clause, quoted_texts[0], w))
                                 or (re.match(r"\s*(?:(?:а|и|но)\s+)?я\s+(?:хотел|хотела|хочу)\s+(?:только|лишь|просто)\s", clause)
                                     and _action_named(clause) is not None)):
                # «я хотел только фишку»: what the asker wanted (the question asks whether he may), no board;
                # «мы поспорили минут 10»: the dispute told, no board; «в начале хода она открылась» of
                # «Когда открывается – …»: the text's own trigger, which the run takes as happened (304.3)
                continue
            elif _CARRY.search(clause) and not asking:
                # «на всех моих других сущах уже сидят симбы»: every (other) creature of that side carries one
                m = _CARRY.search(clause)
                owner = "enemy" if _has(clause, w["enemy"]) else "own"
                carried = "has_symbiote" if re.match(r"(?:симб|паразит)", m.group(1)) else "has_equipment"
                facts.append(Fact("exists", owner, carried, raw.strip(), only=True))
                continue
            elif (attached := _attached_with_text(clause, "", w)) is not None and not asking:
                facts.append(replace(attached, said=raw.strip()))       # «на нём сидит мой симб»
                continue
            if _has(clause, w["failed"]) and told:
                act = _action_named(clause)
                if act is None:
                    unread.append(raw.strip())
                else:
                    facts.append(Fact("failed", None, None, raw.strip(), act))
                continue
            if told and _has(clause, w["creature"]) and any(re.search(rf"(?<![а-яё]){re.escape(a)}(?![а-яё])", clause)
                                                             for a in w["alive"]) \
                    and not re.search(r"(?<![а-яё])не(?![а-яё])", clause):
                facts.append(Fact("failed", None, None, raw.strip(), "destroy"))     # «сущ-во живое»: not destroyed
                continue
            negated = _negated_past_action(clause) if told else None
            if negated is not None:
                facts.append(Fact("failed", None, None, raw.strip(), negated))     # «он не уничтожился»
                continue
            happened = _past_action(clause, w) if told else None
            if happened is None and asked_sentence and conds[ci]:
                # «… выполнится, когда она уйдёт в колоду?»: the event the question supposes
                act = _action_named(clause)
                happened = act if act in _EVENT_ACTIONS and not re.search(r"(?<![а-яё])не(?![а-яё])", clause) else None
            if happened is not None:
                facts.append(Fact("done", None, None, raw.strip(), happened))      # «карта себя уничтожила»
                continue
            if told and (re.search(r"(?<![а-я])не\s+(?:буду|стану|собираюсь|планирую)(?![а-я])", clause)
                         or (not asked_sentence and re.search(r"(?<![а-я])не\s+[а-яё]{2,}(?:ть|ться|ти)(?![а-я])", clause)
                             and _action_named(clause) is not None)) \
                    and not _has(clause, w["enemy"]) and not re.search(r"(?<![а-я])(?:он|она)(?![а-я])", clause):
                act = _action_named(clause)     # «лечиться не буду»: a part the asker does not declare
                if act is not None:
                    facts.append(Fact("decline", "own", None, raw.strip(), act))
                else:
                    unread.append(raw.strip())
                continue
            if _has(clause, w["refuse"]):
                said_by_other = _has(clause, w["enemy"]) or re.search(r"(?<![а-я])(он|она)(?![а-я])", clause)
                mine = re.search(r"(?<![а-я])не\s+хочу(?![а-я])", clause) or (
                    re.search(r"(?<![а-я])не\s+(?:хотел|хотела|захотел|захотела)(?![а-я])", clause)
                    and re.search(r"(?<![а-я])(?:я|мне|сам)(?![а-я])", fold(sent)) and not _has(fold(sent), w["enemy"]))
                if mine and not said_by_other:
                    # «не хочу» of the asker: his own choice, not the opponent's 505.7 refusal — a part
                    # he does not declare («я не хочу двигаться»: 505.8 lets him, others are the rules')
                    act = _action_named(clause)
                    if act is not None and not asking:
                        facts.append(Fact("decline", "own", None, raw.strip(), act))
                    else:
                        unread.append(raw.strip())
                elif not asking:
                    facts.append(Fact("refuse", "enemy", None, raw.strip()))
                continue
            around = re.search(r"(?<![а-яё])(?:вокруг|рядом|около|по\s+соседству)(?![а-яё])", clause)
            if not quoted and _words_re(tuple(w["belief"])).search(f" {clause} ") and not asking:
                continue    # «я думал раз он может вернуть то обязан»: an opinion, not the board
            some = _ONE_OF_THEM.match(clause)
            if some is not None and not asking and antecedent is not None and facts[antecedent].kind == "exists":
                # «у меня одни летуны, один из них ранен»: one of the creatures just named has that state
                f = facts[antecedent]
                states = tuple(r for r in ("closed", "open", "wounded", "incorporeal") if _has(clause[some.end():], w[r]))
                if states and not re.search(r"(?<![а-яё])(?:не|нет|ни)(?![а-яё])", clause):
                    facts.append(Fact("exists", f.owner, f.restriction, raw.strip(), also=states))
                else:
                    unread.append(raw.strip())
                continue
            if _nobody(clause, w) and not asking and not quoted \
                    and not re.search(r"(?<![а-яё])(?:кроме|помимо|окромя)(?![а-яё])", fold(sent)):
                if around and not _has(clause, w["cell"]):
                    facts.append(Fact("nobody_near", None, None, raw.strip()))     # «рядом никого»
                    continue
                owner = _owner_of(clause, w)
                if owner is not None and not _has(clause, w["cell"]) and not _has(clause, w["other"]):
                    facts.append(Fact("none", owner, None, raw.strip()))      # «у противника никого нет на поле»
                else:
                    unread.append(raw.strip())
                continue
            if around and not _has(clause, w["cell"]) and (_has(clause, w["occupied"]) or _has(clause, w["free"])) \
                    and not asking:
                # «вокруг него всё занято», «рядом всё свободно»: the cells next to it
                negated = re.search(r"(?<![а-яё])(?:не|нет|ни)(?![а-яё])", clause)
                full = _has(clause, w["occupied"]) != bool(negated) if not _has(clause, w["free"]) else bool(negated)
                facts.append(Fact("cells_full" if full else "cells_free", None, None, raw.strip()))
                continue
            if _has(clause, w["cell"]):
                row = _row_named(clause)
                if row is not None and _has(clause, w["free"]) and not _has(clause, w["none"]) and not asking:
                    facts.append(Fact("cells_free", None, None, raw.strip(), attrs=(("row", "==", row),)))
                    continue    # «в первом ряду есть свободная клетка»: the destination is there
                if _has(clause, w["occupied"]) and (_has(clause, w["every"]) or re.search(r"(?<![а-яё])(?:обе|оба)(?![а-яё])", clause)) \
                        and not _has(clause, w["free"]):
                    facts.append(Fact("cells_full", None, None, raw.strip()))
                elif _has(clause, w["free"]) and _has(clause, w["none"]):
                    facts.append(Fact("cells_full", None, None, raw.strip()))
                elif _has(clause, w["free"]) and (_has(clause, w["exists"]) or not re.search(r"(?<![а-я])не(?![а-я])", clause)):
                    facts.append(Fact("cells_free", None, None, raw.strip()))     # «соседние клетки свободны»
                elif not asking:
                    unread.append(raw.strip())
                continue
            counters = None if asking or quoted else _counters_told(clause, w)
            if counters is not None and antecedent is not None and _PRONOUN_PLACE.search(clause) \
                    and facts[antecedent].kind == "exists":
                # «выбрал орка противника, на нём нет ни одной фишки»: the creature just named, not the source
                facts.append(Fact("target", facts[antecedent].owner, None, raw.strip(), attrs=(("counters", "==", counters),)))
                continue
            if counters is not None:
                facts.append(Fact("source", "own", None, raw.strip(), attrs=(("counters", "==", counters),)))
                continue    # «фишек на карте нет», «на ней 2 фишки»: the card with the text
            own_lives = None if asking or quoted else _source_lives_told(clause, w)
            if own_lives is not None:
                facts.append(Fact("source", "own", None, raw.strip(), attrs=(("extra_lives", "==", own_lives),)))
                continue    # «на ней одна доп. жизнь», «у неё доп жизней нет»: the card with the text
            more = None if asking or quoted or not facts or len(facts) <= sent_first else _bare_quantity(clause, w)
            if more is not None and facts[-1].kind in ("target", "quantity", "source") and facts[-1].attrs:
                # «на нём 3 фишки и 2 раны»: the clause after «и» counts something more on the same card
                prev = facts[-1]
                facts.append(replace(prev, restriction=more[0] if prev.kind == "quantity" else prev.restriction,
                                     said=raw.strip(), attrs=((more[0], "==", more[1]),)))
                continue
            told_qty = None if asking or quoted else _quantity_told(clause, w)
            if told_qty is not None:
                # «на моём сущ всего 1 маркер дополнительной жизни», «на моих сущах нет фишек»: how many
                # the creatures of that side have (the target of a part that removes them, 505.4)
                what, owner, k = told_qty
                facts.append(Fact("quantity", owner, what, raw.strip(), attrs=((what, "==", k),)))
                continue
            motion = None if asking or _has(clause, w["enemy"]) or _has(clause, _derived("creature-сущ", w["creature"])) \
                else _movement_told(clause)
            if motion is not None:
                # «у него запас движения 0», «он в этот ход ещё не ходил», «подфаза выбора»: the card with the text
                facts.append(Fact("source", "own", motion[0], raw.strip(), attrs=motion[1]))
                continue
            host_state = _HOST_STATE.match(clause)
            if host_state is not None and not asking:
                state = next((r for r, forms in w["source_states"].items()
                              if _words_re(tuple(forms)).fullmatch(host_state.group(1)) or
                              _words_re(tuple(forms)).search(f" {host_state.group(1)} ")), None)
                if state is not None:
                    facts.append(Fact("host", "own", state, raw.strip()))     # «хозяин ранен»
                    continue
            if not asking and _OPPONENT_TURN.search(clause):
                facts.append(Fact("turn", "enemy", None, raw.strip()))       # «сейчас ход противника»
                continue
            told_of = None if asking or antecedent is None else _pronoun_state(clause, w)
            if told_of is not None:
                # «у врага 2 сущ, оба в тапе»: the creatures just named are in that state (all of them for
                # «оба / они»: then they are all of that side); «у него гоблин, он открыт»
                plural, state = told_of
                f = facts[antecedent]
                if f.kind != "exists" or f.card_kind != "creature" or (f.restriction is not None and plural):
                    unread.append(raw.strip())
                elif f.restriction is None:
                    facts[antecedent] = replace(f, restriction=state, only=f.only or plural, said=f"{f.said}, {raw.strip()}")
                elif state != f.restriction and state not in f.also:
                    facts[antecedent] = replace(f, also=(*f.also, state), said=f"{f.said}, {raw.strip()}")
                continue
            own_state = _source_state(clause, w)
            if own_state is not None and not asking and not own_state[1] and antecedent is not None \
                    and re.match(r"\s*(?:(?:а|и|но)\s+)?(?:оно|он|она)(?![а-яё])", clause):
                # «другое моё существо только одно, и оно летающее»: the pronoun is that creature
                f = facts[antecedent]
                if f.kind == "exists" and f.restriction is None:
                    facts[antecedent] = replace(f, restriction=own_state[0], said=f"{f.said}, {raw.strip()}")
                else:
                    unread.append(raw.strip())
                continue
            if own_state is not None and not asking and not own_state[1] and ci > 0 and "⟪Q⟫" not in cls[ci - 1] \
                    and re.match(r"\s*(?:(?:а|и|но)\s+)?(?:он|она|оно)(?![а-яё])", clause) \
                    and (_has(fold(cls[ci - 1]), w["enemy"]) or _opens_with(fold(cls[ci - 1]), w["possessive"])):
                unread.append(raw.strip())      # «у противника гоблин, он закрыт»: «он» is the card named before
                continue
            if own_state is not None and not asking:
                # «оно сейчас закрыто»; «моё существо закрыто» (``own_noun``: which card is meant is
                # decided against the text, ``own_noun_ambiguous``)
                facts.append(Fact("source", "own_noun" if own_state[1] else "own", own_state[0], raw.strip()))
                continue
            # «сущ на 2 жизни остался»: a creature with that many lives, as «с 2 жизнями»
            numbers = () if quoted else tuple((a, op, k) for a, op, k, _ in numeric_restrictions(
                re.sub(r"(?<![а-яё])на(?=\s+\d+\s+жизн)", "с", clause)))
            if numbers and _has(clause, w["creature"]):
                # «у противника стоит сущ стоимостью 3», «все сущи с 5 жизнями и больше»: creatures with
                # that number (``attrs``); for «все …» they are every creature of that side
                owner = "enemy" if _has(clause, w["enemy"]) else "own" if _has(clause, w["own"]) else None
                if owner is None and re.search(r"(?<![а-я])у\s+(него|нее|неё|них)(?![а-я])", clause):
                    owner = "enemy"
                if _has(clause, w["none"]) or asking:
                    unread.append(raw.strip())      # «нет существ стоимостью 3»: not read here
                else:
                    facts.append(Fact("exists", owner, None, raw.strip(), only=_has(clause, w["every"]), attrs=numbers))
                continue
            flying_word = _has(clause, _FLYING_WORDS)
            lives = _has(clause, section_extra_lives()) or (_has(clause, _LIVES_STEM) and _has(clause, _EXTRA_STEM))
            if not lives and not asking and _has(clause, w["resources"]) and _has(clause, w["resources_none"]):
                facts.append(Fact("no_resources", None, None, raw.strip()))    # «ресурсов на оплату ноль»
                continue
            if not lives and _has(clause, w["resources"]) and _has(clause, w["resources_left"]) and not asking \
                    and not re.search(r"(?<![а-яё])(?:не|нет|ни)(?![а-яё])", clause) and not _has(clause, w["creature"]):
                facts.append(Fact("resources", "own", None, raw.strip()))    # «у меня ещё остались ресурсы»
                continue
            if _has(clause, w["other"]) and not lives and not quoted and not asking and not _has(clause, w["creature"]):
                unread.append(raw.strip())  # «ресурсов на оплату не хватает»: the board does not keep resources
                continue
            targets_only = _has(clause, w["target"]) and not _has(clause, _derived("creature-target", w["creature"], w["target"]))
            if targets_only and re.search(r"(?<![а-яё])(?:для|подходящ[а-яё]*)(?![а-яё])", clause):
                continue    # «нет подходящих целей для перемещения»: about one part's legality, not the board's creatures
            card_kind = None if quoted else next((k for k, stems in w["card_kinds"].items() if _has(clause, stems)), None)
            if card_kind is not None and not _has(clause, _derived("creature-карт", w["creature"])):
                # «у меня ни одного арта на поле»: cards of another kind than creatures
                owner = "enemy" if _has(clause, w["enemy"]) else "own" if _has(clause, w["own"]) else None
                if _has(clause, w["none"]):
                    facts.append(Fact("none", owner, None, raw.strip(), card_kind=card_kind))
                elif _has(clause, w["exists"]) or _opens_with(clause, w["possessive"]):
                    facts.append(Fact("exists", owner, None, raw.strip(), card_kind=card_kind))
                    only = "|".join(re.escape(fold(o)) for o in w["only"])
                    if owner is not None and re.search(rf"(?<![а-яё])(?:{only})\s+(?:[а-яё]+\s+)?(?:{'|'.join(map(re.escape, w['card_kinds'][card_kind]))})",
                                                       clause):
                        # «у противника на поле только артефакты»: that side has no creature
                        facts.append(Fact("none", owner, None, raw.strip()))
                elif not asking:
                    unread.append(raw.strip())
                continue
            if not (_has(clause, w["creature"]) or flying_word):
                if _has(clause, w["chosen"]) and not quoted and not asking and not _has(clause, w["part_nouns"]) \
                        and not re.search(r"(?<![а-яё])(?:не|ни|нет|перв\w*|втор\w*|трет\w*)(?![а-яё])", clause) \
                        and re.search(r"(?<![а-яё])выбрал\w*\s+(?:\w+\s+)?[а-яё]{3,}", clause):
                    # «выбрал орка противника»: the chosen creature is on the board (what «на нём» stands for next)
                    facts.append(Fact("exists", _owner_of(clause, w), None, raw.strip()))
                    continue
                if _has(clause, w["chosen"]) or quoted:
                    continue
                if not asking and _owner_of(clause, w) is not None and _SHORT_STATE.search(clause) \
                        and not any(_has(clause, w[r]) for r in ("closed", "open", "flying", "wounded", "incorporeal")):
                    unread.append(raw.strip())  # «мои все целы»: a state of those creatures the reader does not know
                    continue
                states = [r for r in ("closed", "open", "flying", "wounded", "incorporeal") if _has(clause, w[r])]
                if _has(clause, w["preference"]) and _action_named(clause) is not None:
                    continue    # «я бы лучше ранил на 1 открытое»: what the asker wants to do — the asked act, no board
                elif re.search(r"(?<![а-я])(?:открыт|закрыт|летающ|ранен)(?:ые|ых|ы)(?![а-я])", clause):
                    pass        # «у него открытые есть»: the creatures are understood («хочет открыться» is no fact)
                elif states and not asking and _has(clause, w["every"]) and _owner_of(clause, w) is not None \
                        and not (_has(clause, w["enemy"]) and _has(clause, _derived("own-сво", w["own"]))):
                    pass        # «у врага всё закрыто», «противник всех своих уже закрыл»: every creature of that side
                elif states and not asking and _opens_with(clause, w["possessive"]) \
                        and not re.search(r"(?<![а-яё])(?:не|нет|ни|только|лишь|одни)(?![а-яё])", clause):
                    # «у меня раненый гоблин»: a creature of that side in that state is there
                    facts.append(Fact("exists", _owner_of(clause, w), states[0], raw.strip(), also=tuple(states[1:])))
                    continue
                elif len(states) == 1 and not asking and _has(clause, w["none"]) and _owner_of(clause, w) is not None \
                        and re.search(r"(?<![а-яё])[а-яё]+(?:ых|их|ого|его)(?![а-яё])", clause) \
                        and not re.search(r"(?<![а-яё])не\s+(?!осталось)", clause):
                    # «у врага ни одного открытого», «открытых у противника нет»: none of that side in that state
                    facts.append(Fact("none", _owner_of(clause, w), states[0], raw.strip()))
                    continue
                elif states and not asked_sentence and not re.search(
                        r"(?<![а-яё])(?:хочет|хочу|может|могу|можно|нужно|надо)(?![а-яё])", clause):
                    unread.append(raw.strip())  # «всё закрыто», «противник закрылся»: whose cards is not told
                    continue
                elif not asking and (guard := _GUARD.search(clause)) is not None:
                    # «у него защита от уничтожения»: the part doing that does not work on it, as «не уничтожился»
                    act = _action_named(guard.group(1)) or ("wound" if re.match(r"ран(?:ы|ам|ений|ения|ение)?(?![а-яё])",
                                                                                  guard.group(1)) else None)
                    if act is not None and not re.search(r"(?<![а-яё])(?:не|нет|ни)(?![а-яё])", clause):
                        facts.append(Fact("failed", None, None, raw.strip(), act))
                    else:
                        unread.append(raw.strip())
                    continue
                elif not asked_sentence and (_has(clause, w["stats"]) or re.search(r"(?<![\d.])\d+(?![\d.])", clause)):
                    unread.append(raw.strip())  # «у него броня 1»: a number or stat of a card the board does not keep
                    continue
                elif not asked_sentence and _words_re(tuple(w["counted"])).search(f" {clause} "):
                    unread.append(raw.strip())  # «оба в тапе», «кроме одного»: said of cards, and not understood
                    continue
                elif not asked_sentence and _opens_with(clause, w["possessive"]) and _has(clause, w["enemy"]) \
                        and len(clause.split()) > 2:
                    unread.append(raw.strip())  # «у противника гоблин»: a card of his whose kind is not told
                    continue
                else:
                    continue
            if quoted and not (_has(clause, w["none"]) or _has(clause, w["every"]) or _has(clause, w["exists"])):
                continue        # «у меня «…»», «та же карта «…»»: the card text's own clause
            if _has(clause, w["chosen"]) and not _has(clause, w["none"]):
                if _CHOSE_SELF.search(clause):
                    facts.append(Fact("chosen_self", "own", None, raw.strip()))     # «я выбрал эту же карту»
                else:
                    facts.append(Fact("exists", None, None, raw.strip()))     # «выбрал существо»
                continue
            owner = _owner_of(clause, w)
            restr = next((r for r in ("closed", "open", "flying", "wounded", "incorporeal") if _has(clause, w[r])), None)
            if flying_word:
                restr = "flying"
            if restr is None and _has(clause, w["classless"]):
                restr = "classless"     # «у меня только сущи без класса»
            clause_also = tuple(r for r in ("closed", "open", "flying", "wounded", "incorporeal")
                                if r != restr and _has(clause, w[r]))    # «закрытое раненое существо»
            if _has(clause, w["other"]) and not lives:
                unread.append(raw.strip())  # «у существа нет фишек» is not about the board's creatures
                continue
            if lives:
                if _has(clause, w["none"]) and (_has(clause, w["none_any"]) or _counted_none(clause, w)):
                    facts.append(Fact("none", owner, "extra_lives", raw.strip()))
                else:
                    unread.append(raw.strip())  # «у существа нет доп. жизней»: which creature is not told
                continue
            if _has(clause, w["none"]):
                if _first(clause, w["creature"]) < _first(clause, w["none"]) and not _has(clause, w["none_any"]) \
                        and not re.search(r"(?<![а-я])ни\s", clause) and not _counted_none(clause, w):
                    unread.append(raw.strip())  # «существо не …»: not «there is none»
                    continue
                facts.append(Fact("none", owner, restr, raw.strip()))
            elif _has(clause, w["sole"]) or (restr not in OPPOSITE and restr is not None and (
                    _has(clause, w["every"]) or _only_state(clause, w) or _only_before(clause, w))) \
                    or (restr is not None and re.match(r"\s*(?:(?:а|и|но)\s+)?(?:друг(?:ое|ой|ая)|второе|второй|вторая)\s+"
                                                       r"(?:мо[её]|мой|моя|ваше|ваш|ваша|сво[её]|свой|своя)\s+", clause)):
                # «другое моё существо летает»: the other creature of that side (the only one, as told)
                # «единственное другое моё сущ — летун», «все мои другие существа летающие»: those are
                # all the creatures of that side (besides the card with the text)
                facts.append(Fact("exists", owner, restr, raw.strip(), only=True))
            elif restr in OPPOSITE and (_has(clause, w["every"]) or _only_state(clause, w)):
                if _words_re(tuple(w["except"])).search(f" {fold(sent)} "):
                    unread.append(raw.strip())      # «все его существа закрыты, кроме одного»: not every one
                    continue
                facts.append(Fact("none", owner, OPPOSITE[restr], raw.strip()))
            elif _has(clause, w["exists"]) or any(re.search(rf"(?<![а-я]){re.escape(c)}(?![а-я])", clause)
                                                  for c in w["count"]):
                if owner is None and re.search(r"(?<![а-я])у\s+(него|нее|неё|них)(?![а-я])", clause):
                    owner = "enemy"     # «у него открытые есть»: the opponent named before
                # «у противника один сущ»: that is all of that side (not «одно открытое»: one of that state)
                one = restr is None and owner is not None and re.search(r"(?<![а-я])(?:один|одна|одно)(?![а-я])", clause) \
                    and not re.search(r"(?<![а-я])(?:из|ещё|еще|хотя\s+бы|минимум|как\s+минимум)(?![а-я])", clause)
                facts.append(Fact("exists", owner, restr, raw.strip(), only=bool(one)))
            elif not asking and not re.search(r"(?<![а-яё])не(?![а-яё])", clause) and restr is None \
                    and _PREDICATE.search(clause) and not _has(clause, w["intent"]):
                unread.append(raw.strip())      # «у врага все сущи уже повернуты»: a state the reader does not know
            elif not asking and not re.search(r"(?<![а-яё])не(?![а-яё])", clause) and (
                    _opens_with(clause, w["possessive"]) or _has(clause, w["intent"])):
                # «у меня раненое сущ», «хочу полечить своё раненое сущ»: that creature is there
                if owner is None and re.match(r"\s*у\s+(него|нее|неё|них)(?![а-я])", clause):
                    owner = "enemy"
                facts.append(Fact("exists", owner, restr, raw.strip()))
            elif not re.search(r"\b(что|как|кто|ли)\b", clause) and not asking:
                unread.append(raw.strip())
    _add_also(facts, clause_start, clause_also)
    for f in list(facts):
        if f.kind == "exists" and f.only and f.card_kind == "creature" and f.owner is not None \
                and (opposite := OPPOSITE.get(f.restriction or "")) \
                and not any(g.kind == "exists" and g.owner == f.owner and g.restriction == opposite for g in facts):
            # «у противника только один сущ, и он закрыт»: that side has no open creature
            facts.append(Fact("none", f.owner, opposite, f.said))
    # the said clauses are shown to the user: without the placeholder of a quoted phrase
    return BoardFacts([replace(f, said=_unmark(f.said, QUOTE_MARK)) for f in facts],
                      [_unmark(u, QUOTE_MARK) for u in unread], source_kind)


@lru_cache(maxsize=64)
def _words_re(words: tuple[str, ...]) -> re.Pattern:
    """One pattern for whole ``words`` (folded once), longest first, between spaces."""
    alts = sorted({fold(x) for x in words}, key=len, reverse=True)
    return re.compile(r"(?<=\s)(?:" + "|".join(re.escape(x) for x in alts) + r")(?=\s)")


def _add_also(facts: list[Fact], start: int, also: tuple[str, ...]) -> None:
    """Give the ``exists`` facts appended since ``start`` the clause's other states ``also``."""
    if also:
        for i in range(start, len(facts)):
            if facts[i].kind == "exists":
                facts[i] = replace(facts[i], also=also)


def _owner_of(clause: str, w: dict) -> str | None:
    """Whose cards a clause names: ``enemy`` («у противника», «у него», «его сущи»), ``own``
    («у меня», «мои»), else ``None``."""
    if _has(clause, w["enemy"]):
        return "enemy"
    if _has(clause, w["own"]):
        return "own"
    if re.search(r"(?<![а-яё])(?:у\s+(?:него|нее|неё|них)|(?:его|её|ее|их)\s+(?:\w+\s+)?(?:сущ|существ|карт|тва))", clause):
        return "enemy"      # «у него», «все его сущи»: the opponent the asker speaks of
    return None


def _nobody(clause: str, w: dict) -> bool:
    """«никого», «ничего», «пусто», «пустое поле» as whole words in ``clause`` that says
    nothing more: not «ничего не изменилось» (a negated verb), not «ничего, кроме летуна»,
    and «ничего» only beside «нет» or a place («у него на поле ничего»)."""
    m = _words_re(tuple(w["nobody"])).search(f" {clause} ")
    if m is None or re.search(r"(?<![а-яё])(?:не|кроме|только|лишь|одни|окромя|помимо)(?![а-яё])", clause):
        return False
    if m.group(0) == "ничего":
        return re.search(r"(?<![а-яё])(?:нет|на\s+поле|на\s+столе|рядом|вокруг)(?![а-яё])", clause) is not None
    return True


def _only_before(clause: str, w: dict) -> bool:
    """«только летуны», «одни сущи без класса»: «только» / «одни» right before the creatures
    named (up to one word between), so those are all the creatures of that side."""
    only = "|".join(re.escape(fold(o)) for o in w["only"])
    nouns = "|".join(re.escape(fold(c)) for c in (*w["creature"], "летун"))
    return re.search(rf"(?<![а-яё])(?:{only})\s+(?:[а-яё]+\s+)?(?:{nouns})", clause) is not None


_PREDICATE = re.compile(r"(?<![а-яё])[а-яё]{3,}(?:[ая]?ты|[еа]?ны|ены|ены|ается|яется|уются|ются)(?![а-яё])")
"""A short participle or a present verb told of the creatures («повернуты», «заморожены», «стоят»):
a state or an act the clause says of them."""


_SHORT_STATE = re.compile(r"(?<![а-яё])(?:все|всё)?\s*[а-яё]{2,}(?:ы|ны|ты|ли|ли|ые|ие)(?![а-яё])")
"""A short adjective or participle told of cards without a noun («мои все целы», «его живы»)."""


_ONE_OF_THEM = re.compile(r"\s*(?:(?:а|и|но)\s+)?(?:(?:один|одна|одно|кто-то|некоторые|двое|два|две)\s+из\s+(?:них|этих)|"
                          r"(?:один|одна|одно|другой|другая|другое|второй|вторая|второе)(?=\s+(?:уже\s+|сейчас\s+)?[а-яё]+\s*$))"
                          r"(?![а-яё])")
"""«один из них ранен», «у противника 2 сущ, один открыт»: one of the creatures the clause before named."""


_ELABORATION = re.compile(r"\(([^()«»⟪⟫]{1,120})\)")


def _drop_elaboration(sent: str, w: dict) -> str:
    """``sent`` without a bracketed list that only names what the clause before it is
    about («все 4 клетки заняты (свои сущи, мои сущи, артефакт)»): no state, negation,
    refusal or event in it. A bracket that says more is kept (its clauses are read)."""
    def keep(m: re.Match) -> str:
        inner = fold(m.group(1))
        said = any(_has(inner, w[k]) for k in ("closed", "open", "flying", "wounded", "incorporeal", "refuse", "failed",
                                                "none", "chosen")) \
            or re.search(r"(?<![а-яё])(?:не|нет|ни)(?![а-яё])", inner) or re.search(rf"(?<![а-яё]){_PAST}(?![а-яё])", inner)
        return m.group(0) if said else " "
    return _ELABORATION.sub(keep, sent) if "(" in sent else sent


def _pronoun_state(clause: str, w: dict) -> tuple[bool, str] | None:
    """``(plural, state)`` of a clause that is only a pronoun for the creatures named before
    (``pronoun_subject``: «оба», «они», «он»), adverbs and one state («оба в тапе», «он открыт»,
    «они уже закрыты»): ``closed`` | ``open`` | ``flying`` | ``wounded``; else ``None``."""
    rest = " " + " ".join(re.sub(r"^\s*(?:а|и|но)\s+", "", clause).split()) + " "
    subj = w["pronoun_subject"]
    m_pl = _words_re(tuple(subj["plural"])).search(rest)
    m_pl = m_pl if m_pl and not rest[:m_pl.start()].strip() else None
    m_sg = None if m_pl else _words_re(tuple(subj["single"])).search(rest)
    m = m_pl or (m_sg if m_sg and not rest[:m_sg.start()].strip() else None)
    if m is None:
        return None
    body = rest[m.end():]
    body = _words_re(tuple(w["source_adverbs"])).sub(" ", f" {body} ").strip()
    states = [r for r in ("closed", "open", "flying", "wounded") if _has(body, w[r])]
    if len(states) != 1 or re.search(r"(?<![а-яё])(?:не|ни|нет)(?![а-яё])", body) or len(body.split()) > 2:
        return None
    return bool(m_pl), states[0]


def _source_state(clause: str, w: dict) -> tuple[str, bool] | None:
    """``(state, own_noun)``: the state of the card with the text a clause states, when the clause is only its
    subject (``source_subject``: «оно», «эта карта», «источник»), adverbs
    (``source_adverbs``) and one state word (``source_states``): «оно сейчас закрыто» ->
    ``closed``; ``None`` for any other clause («все существа закрыты» is about others)."""
    rest = " " + " ".join(clause.replace("ё", "е").split()) + " "
    state = None
    for r, forms in w["source_states"].items():
        pat = _words_re(tuple(forms))
        if pat.search(rest):
            if state is not None and state != r:
                return None
            state = r
            rest = pat.sub(" ", rest)
    if state is None:
        return None
    pat = _words_re(tuple(w["source_subject"]))
    subject = pat.search(rest) is not None
    rest = pat.sub(" ", rest)
    rest = _words_re(tuple(w["source_adverbs"])).sub(" ", rest)
    rest = re.sub(r"^\s*(?:а|и|но|ну|тут|там)\s", " ", rest)
    if not subject:
        # «моё существо закрыто»: the asker's one creature — the card with the text unless the
        # text names another of his (``board_for`` then cannot tell, see ``own_noun``)
        m = re.fullmatch(r"\s*(?:мое|мой|моя|свое|свой|своя)\s+[а-я]{3,}\s*", rest)
        if m:
            return state, True
        return None
    return (state, False) if not rest.strip() else None


_ROW = re.compile(r"(?<![а-яё])(перв|втор|трет)\w*\s+(?:ряд|линии|линию|линия)")
_ROW_NO = {"перв": 1, "втор": 2, "трет": 3}
_BAN = re.compile(r"не\s+мо(?:жет|гут)\s+(?:перемещаться|двигаться|передвигаться|ходить)\s+на\s+(?:клетк\w*\s+)?"
                  r"(перв|втор|трет)\w*\s+(?:ряд|линии)")


_CHOSE_SELF = re.compile(r"(?<![а-яё])(?:эту\s+же|ту\s+же|саму\s+эту|эту)\s+(?:карту|самую\s+карту)|"
                         r"(?<![а-яё])(?:это\s+же|то\s+же|само\s+это|это)\s+(?:существо|сущ)(?![а-яё])|"
                         r"(?<![а-яё])(?:саму?\s+себя|себя\s+же|себя|источник)(?![а-яё])")
_CARRY = re.compile(r"(?<![а-яё])на\s+(?:всех|каждом|любом)\s+(?:\w+\s+){0,3}?(?:сущ\w*|существ\w*)\s+"
                    r"(?:уже\s+)?(?:сидят|сидит|есть|висят|висит|стоят|стоит|по)\s+(?:по\s+)?(?:своему\s+|одному\s+)?"
                    r"(симб\w*|паразит\w*|шмот\w*|экипировк\w*)")
_HOST_STATE = re.compile(r"\s*(?:(?:а|и|но)\s+)?(?:его\s+|ее\s+|её\s+|мой\s+|ваш\s+)?хозяин\s+(?:уже\s+|сейчас\s+|тоже\s+)?"
                         r"([а-яё]+)\s*$")
_OPPONENT_TURN = re.compile(r"^\s*(?:(?:а|и|но)\s+)?(?:сейчас\s+|идет\s+|идёт\s+)?(?:ход|хода)\s+(?:противника|соперника|врага)"
                            r"|^\s*(?:сейчас\s+)?(?:чужой|вражеский)\s+ход")
_ON_SOURCE = re.compile(r"(?<![а-яё])(?:на\s+(?:карте|ней|нем|нём|этой\s+карте|источнике|себе|нем\s+самом)|у\s+(?:нее|неё|него|карты|"
                        r"этой\s+карты|источника))(?![а-яё])")
_GUARD = re.compile(r"(?<![а-яё])(?:защит\w*|иммунитет\w*|неуязвим\w*)\s+(?:от|к)\s+((?:[а-яё]+\s*){1,2})")
"""«защита от уничтожения», «иммунитет к ранам»: the act named does not work on that card."""
_PRONOUN_PLACE = re.compile(r"(?<![а-яё])(?:на\s+(?:н[её]м|ней|нее)|у\s+(?:него|нее|неё))(?![а-яё])")
"""«на нём», «у неё»: a pronoun that may stand for the creature named just before, not the source."""
_NUMBER_WORDS = {"одна": 1, "один": 1, "одну": 1, "две": 2, "два": 2, "три": 3, "четыре": 4, "пять": 5}


def _counters_told(clause: str, w: dict) -> int | None:
    """How many counters the card with the text has, as a clause tells it («фишек на карте нет»
    -> 0, «на ней 2 фишки» -> 2); ``None`` for any other clause (another card's, «у противника …»)."""
    if not re.search(r"(?<![а-яё])фиш(?:к|ек)", clause) or not _ON_SOURCE.search(clause) or _has(clause, w["enemy"]):
        return None
    if _has(clause, w["none"]) or re.search(r"(?<![а-яё])ноль(?![а-яё])", clause):
        return 0
    m = re.search(r"(?<![а-яё\d])(\d+)(?!\d)", clause)
    if m:
        return int(m.group(1))
    word = next((k for t, k in _NUMBER_WORDS.items() if re.search(rf"(?<![а-яё]){t}(?![а-яё])", clause)), None)
    return word if word is not None else (1 if re.search(r"(?<![а-яё])(?:есть|лежит)(?![а-яё])", clause) else None)


_QTY_RESOURCE = {"extra_lives": re.compile(r"(?<![а-яё])(?:(?:маркер\w*|жетон\w*)\s+)?(?:дополнительн\w*|доп\.?)\s+жизн\w*"),
                 "counters": re.compile(r"(?<![а-яё])(?:фиш(?:к|ек)\w*|жетон\w*)")}


_NOT_STATE = re.compile(r"(?<![а-яё])не\s+(закрыт|открыт)([а-яё]*)")
_FLIP = {"закрыт": "открыт", "открыт": "закрыт"}
_NOT_OTHER_STATE = re.compile(r"(?<![а-яё])не\s+(?:ранен|ранены|летающ|летун|летает|летают|бестелесн)")
"""A negated state other than open / closed («не раненые», «не летающие»): not read as that state."""
_NOT_ALL = re.compile(r"(?<![а-яё])не\s+(?:у\s+)?(?:все|всё|всех|каждый|каждое|каждая|каждого)(?![а-яё])")
"""«не все закрыты», «не у всех …»: a quantifier negated — not «every one», and not «none» either."""
_ZERO = re.compile(r"(?<![\w.])(?:0|ноль|нуль)(?![\w.])")
"""«у противника 0 открытых сущей», «открытых у него ноль»: a count of none."""
_WOUNDS = re.compile(r"(?<![а-яё])ран(?:а|ы|у|ой|ами|ах|ам)?(?![а-яё])")


def _bare_quantity(clause: str, w: dict) -> tuple[str, int] | None:
    """``(what, n)`` of a clause that only counts («2 раны», «и одна фишка»): ``wounds`` |
    ``counters`` | ``extra_lives`` and the number; ``None`` for any other clause."""
    q = w["quantity"]
    number = r"(\d+|" + "|".join(map(re.escape, sorted(q["numbers"], key=len, reverse=True))) + r")"
    m = re.fullmatch(r"\s*(?:(?:и|а|ещё|еще|плюс)\s+)*" + number + r"\s+(.+?)\s*", clause)
    if m is None:
        return None
    rest = m.group(2)
    kinds = [k for k, pat in (*_QTY_RESOURCE.items(), ("wounds", _WOUNDS)) if pat.fullmatch(rest.strip())]
    if len(kinds) != 1:
        return None
    tok = m.group(1)
    return kinds[0], int(tok) if tok.isdigit() else int(q["numbers"][tok])


def _quantity_told(clause: str, w: dict) -> tuple[str, str, int] | None:
    """``(what, owner, n)``: how many extra lives (``extra_lives``) or counters (``counters``)
    the creatures of one side have, as a clause tells it — «на моём сущ всего 1 маркер
    дополнительной жизни» -> ``("extra_lives", "own", 1)``, «на моих сущах вообще нет фишек»
    -> ``("counters", "own", 0)``, «у его существа две фишки» -> ``("counters", "enemy", 2)``.
    The number stands next to the resource words (up to two words before them, or right
    after: «фишек у меня на существе 0»); the side is named with a creature noun
    (``quantity.holder``). ``None`` for any other clause: one resource only, a side and a
    number (or «нет») told, no card of the source («на ней»: ``_counters_told``)."""
    q = w["quantity"]
    found = [(k, m) for k, pat in _QTY_RESOURCE.items() if (m := pat.search(clause))]
    if len(found) != 1 or _ON_SOURCE.search(clause) or not _has(clause, q["holder"]) or _has(clause, w["none_any"]):
        return None     # «ни у одного моего существа нет доп. жизней»: no such creature (a ``none`` fact)
    what, m = found[0]
    if _bare_quantity(clause[m.end():].strip(" ,"), w) is not None:
        return None     # «на моём сущ 2 фишки 1 рана»: two counts in one clause are not read
    owner = _owner_of(clause, w)
    if owner is None:
        return None
    if re.search(r"(?<![а-яё])(?:нет|ни\s+одно(?:й|го)|не\s+осталось|отсутству\w*)(?![а-яё])", clause) \
            or _words_re(tuple(q["zero"])).search(f" {clause} "):
        return what, owner, 0
    number = r"(\d+|" + "|".join(map(re.escape, sorted(q["numbers"], key=len, reverse=True))) + r")"
    before = re.search(number + r"(?:\s+[а-яё]+){0,2}\s*$", clause[:m.start()].rstrip())
    after = re.match(r"\s*:?\s*(?:(?:всего|только|лишь|ровно|штук|аж)\s+)?" + number + r"(?![а-яё\d])", clause[m.end():])
    hit = before or after
    if hit is None or _words_re(tuple(q["total"])).search(f" {clause} "):
        return None     # «две фишки в сумме»: a total over several cards, not what one of them has
    if _words_re(tuple(q["several"])).search(f" {clause} ") and not re.search(r"(?<![а-яё])по\s+" + number, clause):
        return None     # «на моих сущах две фишки»: of several creatures, without «по» — whose is not told
    tok = hit.group(1)
    return what, owner, int(tok) if tok.isdigit() else int(q["numbers"][tok])


def _source_lives_told(clause: str, w: dict) -> int | None:
    """How many extra lives the card with the text has, as a clause tells it («на ней одна доп.
    жизнь» -> 1, «у неё доп жизней нет» -> 0); ``None`` for any other clause (another card's,
    no number)."""
    m = _QTY_RESOURCE["extra_lives"].search(clause)
    if m is None or not _ON_SOURCE.search(clause) or _has(clause, w["enemy"]) or _QTY_RESOURCE["counters"].search(clause):
        return None
    if _has(clause, w["none"]) or _ZERO.search(clause):
        return 0
    q = w["quantity"]
    number = r"(\d+|" + "|".join(map(re.escape, sorted(q["numbers"], key=len, reverse=True))) + r")"
    hit = re.search(number + r"(?:\s+[а-яё]+){0,2}\s*$", clause[:m.start()].rstrip()) \
        or re.match(r"\s*:?\s*(?:(?:всего|только|лишь|ровно|штук|аж)\s+)?" + number + r"(?![а-яё\d])", clause[m.end():])
    if hit is None:
        return None
    tok = hit.group(1)
    return int(tok) if tok.isdigit() else int(q["numbers"][tok])


_SUPPLY = re.compile(r"(?<![а-яё])запас\w*\s+движени\w*\D{0,24}?(-?\d+)")
_MOVED = re.compile(r"(?<![а-яё])(не\s+)?(?:уже\s+|ещё\s+|еще\s+)?(?:ходил|походил|сходил|двигался|подвигался|"
                    r"передвигался|перемещался)(?![а-яё])")
_CHOICE = re.compile(r"(?<![а-яё])подфаз\w*\s+выбора(?![а-яё])")


def _movement_told(clause: str) -> tuple[str | None, tuple] | None:
    """What a clause tells about the movement of the card with the text: ``(restriction,
    attrs)`` — ``moved`` / ``unmoved`` («уже ходил», «ещё не ходил в этот ход»), ``attrs``
    ``(("movement", "==", N),)`` for «запас движения 0»; ``("choice", ())`` for «подфаза
    выбора» (506.2, 506.7); ``None`` when it tells none of these."""
    supply = _SUPPLY.search(clause)
    moved = _MOVED.search(clause)
    if supply is None and moved is None:
        return ("choice", ()) if _CHOICE.search(clause) and len(clause.split()) <= 4 else None
    restr = ("unmoved" if moved.group(1) else "moved") if moved else None
    return restr, ((("movement", "==", int(supply.group(1))),) if supply else ())


def _row_named(clause: str) -> int | None:
    """The row (counted from the player's front row, 1–3) a clause names: «в первом ряду»."""
    m = _ROW.search(clause)
    return _ROW_NO[m.group(1)] if m else None


def _attached_with_text(clause: str, text: str, w: dict) -> Fact | None:
    """«на нём сидит мой симб (у которого в тексте «не может перемещаться на клетки первого
    ряда»)»: a symbiote / equipment of the asker on the card with the text — kind ``attached``,
    ``card_kind`` ``symbiote`` | ``equipment``, ``attrs`` the row its own text forbids it
    (``forbidden_row``, 209.11 / 212.8 bind the host too); ``None`` for any other clause."""
    if not re.search(r"(?<![а-яё])на\s+(?:н[её]м|нее|ней|этом\s+существе|источнике)(?![а-яё])", clause):
        return None
    kind = "symbiote" if _has(clause, ["симб", "паразит"]) else "equipment" if _has(clause, ["шмот", "экипир", "оружи", "доспех"]) \
        else None
    if kind is None:
        return None
    ban = _BAN.search(fold(text)) if text else None
    attrs = (("forbidden_row", "==", _ROW_NO[ban.group(1)]),) if ban else ()
    if text and not ban:
        return Fact("attached_unread", "own", None, clause, card_kind=kind)
    return Fact("attached", "own", None, clause, card_kind=kind, attrs=attrs)


def own_noun_ambiguous(result, facts: BoardFacts) -> bool:
    """Whether «моё существо закрыто» may mean another of the asker's cards than the one with
    the text: a part of ``result`` (the parsed text) targets a creature of his other than
    the source itself."""
    if not any(f.owner == "own_noun" for f in facts.of("source")):
        return False
    from bot.abilities.effects import thaw

    for leaf in (n for n in result.ast.walk() if n.kind == "effect"):
        args = thaw(leaf.attr("args") or ()) or {}
        spec = (args.get("target") or {}) if isinstance(args, dict) else {}
        if (spec.get("owner") == "own" or spec.get("who") == "own") and spec.get("who") not in ("all", "self"):
            return True     # «излечите выбранное ваше существо»: «моё существо» may be that one («все ваши» holds both)
    return False


def _unmark(said: str, mark: str) -> str:
    """``said`` without the quote placeholder and the spaces around it."""
    return " ".join(said.replace(mark, " ").split())


_EXTRA_LIVES: list = [None, ()]


def section_extra_lives() -> tuple[str, ...]:
    """The ``card_board.extra_lives`` stems («дополнительн», «доп жизн»), one tuple per lexicon
    load (``_has`` finds it by identity: a list made per clause was indexed anew each time)."""
    from bot.vocab import section

    raw = section("card_board")["extra_lives"]
    if _EXTRA_LIVES[0] is not raw:
        _EXTRA_LIVES[:] = [raw, tuple(raw)]
    return _EXTRA_LIVES[1]


def _excluded(facts: list[Fact], owner: str | None, restriction: str | None, kind: str = "creature") -> Fact | None:
    """The «none» fact that forbids a card of ``kind`` (a creature by default) of ``owner``
    with ``restriction`` (None if any)."""
    for f in facts:
        if f.kind != "none" or f.card_kind != kind:
            continue
        if f.owner is not None and owner is not None and f.owner != owner:
            continue
        if f.restriction is None or f.restriction == restriction:
            return f
    return None


def board_for(text: str, facts: BoardFacts, missing: list[str] | None = None) -> tuple[GameState, Card, Use, list[str]]:
    """The smallest board ``text`` needs on which ``facts`` hold: the source «Источник»
    (first player, c2, open), one creature per target the parts ask for (unless a fact says
    none exists: then one that does not fit, when the fact allows it), a destination cell
    next to a moved card (occupied all round when a fact says the cells next to it are
    taken), and the target of a part whose action the question says failed made immune to
    it. Returns ``(state, source, use, assumed)``; a fact the board would need and the
    question does not state («стоимостью 4 или меньше» with no cost told) is appended to
    ``missing`` (then no verdict rests on this board)."""
    missing = [] if missing is None else missing
    from bot.abilities.effects import thaw
    from bot.abilities.resolve import number_parts

    from bot.sim.ability import placement_specs

    st = GameState()
    result = parse_ability(text)
    kind = facts.source_kind
    if kind == "creature" and result.ast is not None:
        # «поместите этого симбиота на …»: the text says what its card is
        for leaf in (x for x in result.ast.walk() if x.kind == "effect" and x.attr("action") == "place"):
            split = placement_specs(leaf.text)
            if split and split[3] == "self" and split[0].get("kind") in ("symbiote", "equipment"):
                kind = split[0]["kind"]
                if kind == "symbiote" and re.search(r"(?<![а-яё])паразит", fold(leaf.text)):
                    kind = "parasite"   # «поместите этого паразита на …»
    if facts.of("turn"):
        st.active = "second"    # «сейчас ход противника»: the asker holds priority in the opponent's turn
    src = Card(id="Источник", owner="first", cell=parse_cell("c2"), lives=10,
               kind="creature" if kind in ("symbiote", "parasite") else kind,
               traits={"symbiote"} if kind == "symbiote" else {"symbiote", "parasite"} if kind == "parasite" else set())
    st.cards[src.id] = src
    hosted: list[str] = []
    if kind in ("symbiote", "equipment", "parasite"):
        # «у шмотки текст …», «симб с текстом …»: the card sits on a creature of its owner; a parasite
        # on the opponent's (209.1)
        enemy_host = kind == "parasite"
        host = Card(id="Хозяин", owner="second" if enemy_host else "first", cell=parse_cell("c4" if enemy_host else "c2"),
                    lives=10, creature_class="воин")
        src.cell = host.cell
        st.cards[host.id] = host
        src.host, src.movement = host.id, None
        for f in facts.of("host"):      # «хозяин ранен»
            _make_fit(host, f.restriction, {}, None)
            hosted.append(f"«{f.said}»: «Хозяин» {STATE_RU.get(f.restriction or '', '')}")
        what = {"equipment": "экипировка", "symbiote": "симбиот", "parasite": "паразит"}[kind]
        hosted.append(f"«Источник» — {what} на {'существе противника' if enemy_host else 'вашем существе'} «Хозяин» "
                      "(класс «воин»: условно, вопрос о нём ничего не говорит)")
    nums, _ = number_parts(result.ast) if result.ast else ({}, ())
    use = Use(src.id, refuse=facts.refuse)
    assumed: list[str] = []     # the source's own line goes first, once its state is known
    free = {"second": iter(["c4", "b5", "d5", "a5", "e5", "c6", "b6", "d6"]),
            "first": iter(["b1", "d1", "a1", "e1", "c1", "a2", "e2", "b2"])}
    leaves = [n for n in result.ast.walk() if id(n) in nums] if result.ast else []
    movers: list[tuple[int, Card]] = []
    failed = {f.action: f for f in facts.of("failed")}
    src_state_set = False     # the first self part that opens or closes the source decides its state
    for f in facts.of("source"):     # «оно сейчас закрыто»: the source's state, as told
        for name, _, k in f.attrs:
            if name == "movement":
                src.movement, src.movement_left = k, k     # «запас движения 0» (after modifiers)
            elif name == "counters":
                src.counters = k                           # «фишек на карте нет»
            elif name == "wounds":
                src.wounds = k                             # «на ней 2 фишки и 1 рана»
            elif name == "extra_lives":
                src.extra_lives = k                        # «на ней одна доп. жизнь»
        if f.restriction == "moved" and src.movement is not None:
            src.movement_left = src.movement - 1 if src.movement > 0 else -1   # «уже ходил»: the supply is spent
        if f.restriction in ("closed", "open"):
            src.open = f.restriction == "open"
            src_state_set = True
        elif f.restriction == "flying":
            src.traits.add("flying")
        elif f.restriction == "wounded":
            src.wounds = max(src.wounds, 1)
    for f in facts.of("exists"):
        if f.only and f.owner == "own" and f.restriction in ("flying", "incorporeal", "classless") \
                and src.kind == "creature" and not src.is_symbiote \
                and not _has(fold(f.said), ["друг", "остальн", "кроме", *_words()["sole"]]):
            # «у меня на поле одни летуны»: the card with the text is one of them (not «другие …»)
            _make_fit(src, f.restriction, {}, None)
            assumed.append(f"«{f.said}»: «{src.id}» тоже " + {"flying": "летающее", "incorporeal": "бестелесное",
                                                               "classless": "без класса"}[f.restriction])
    antecedent = False        # an earlier part named a target («это существо» is then that one)
    removed: set[str] = set()  # targets an earlier part destroys / returns / exiles
    for leaf in leaves:
        n = nums[id(leaf)]
        action, args = leaf_action(leaf)
        if action is None:
            # «оглушите выбранное существо противника»: what it does is not typed, whom it targets is —
            # the board holds that target unless a fact says none exists (the executor then finds none)
            from bot.abilities.effects import target_of

            typed = target_of(leaf.text) or {}
            if typed.get("who") in ("chosen", "enemy", "own") and typed.get("kind") in (None, "creature"):
                action, args = "untyped", {"target": typed}
        spec = subject_relative(leaf.text, (args.get("target") or {}) if isinstance(args, dict) else {})
        who = spec.get("who")
        if this_card(leaf.text, who, antecedent):
            who = "self"    # «эта карта», «это существо» (bot.sim.ability.this_card)
        antecedent = antecedent or who not in ("self", None)
        if facts.of("chosen_self") and who in ("chosen", "own") and action in _REMOVING + ("wound", "heal", "open", "close") \
                and (spec.get("owner") in (None, "own")) and (spec.get("kind") in (None, "creature")) and n not in use.targets \
                and not any(isinstance(t, str) and t == src.id for t in use.targets.values()):
            use.targets[n] = src.id      # «я выбрал эту же карту»: the chosen card is the source itself (505.9)
            assumed.append(f"«{facts.of('chosen_self')[0].said}»: цель части {n} — сам «{src.id}»")
            antecedent = True
            continue
        if action == "place" and _resource_leaf(leaf) is None and not _has(fold(leaf.text), ["фишк", "жетон"]):
            _placement_board(st, src, leaf, spec, who, facts, assumed)
            antecedent = True
            continue
        if host_object(leaf.text) and src.host:
            use.targets[n] = src.host      # «переместите хозяина …»: the source's host
            host = st.cards[src.host]
            if action == "heal" and not host.wounds and _excluded(facts.facts, "own", "wounded") is None:
                host.wounds = 3     # «излечите хозяина»: a wounded host is what the part is for (not said otherwise)
                assumed.append(f"на «{host.id}» 3 раны: часть {n} излечивает его (вопрос о его ранах ничего не говорит)")
            if action == "move":
                movers.append((n, st.cards[src.host]))
            continue
        if who == "self" or (action in ("move", "open", "close") and who is None and spec.get("kind") in (None, "cell")):
            if action == "move":
                movers.append((n, src))
            if action == "lose" and _has(fold(leaf.text), ["фишк"]) and not any(
                    a == "counters" for f in facts.of("source") for a, _, _ in f.attrs):
                missing.append(f"сколько фишек на «{src.id}» (от этого зависит, выполнится ли часть {n})")
            if action == "lose" and _resource_leaf(leaf) == "extra_lives" and not any(
                    a == "extra_lives" for f in facts.of("source") for a, _, _ in f.attrs):
                # «снимите с этой карты доп. жизнь»: how many it has is not told (none would be a guess)
                missing.append(f"сколько дополнительных жизней на «{src.id}» (от этого зависит, выполнится ли часть {n})")
            if action == "heal" and not src.wounds and _excluded(facts.facts, "own", "wounded") is None:
                # «излечите себя на 2»: the question did not say the source is wounded; a wounded
                # source is what the part is for, and it is said
                src.wounds = 3
                assumed.append(f"на «{src.id}» 3 раны: часть {n} излечивает его (вопрос о его ранах ничего не говорит)")
            if action == "open" and src.open and not src_state_set:
                # a text that opens its own card presupposes a closed card: the question did not
                # say its state, so the state that lets the part be declared is taken, and said
                src.open = False
                assumed.append(f"«{src.id}» закрыто: часть {n} открывает его (вопрос о его состоянии ничего не говорит)")
            src_state_set = src_state_set or action in ("open", "close")
            if action in failed:
                src.immune.add(action)
                assumed.append(f"«{failed[action].said}»: на «{src.id}» часть {n} не действует (так сказано в вопросе)")
            continue
        if who in ("it", "named") or action not in ("wound", "discharge", "shot", "throw", "heal", "destroy",
                                                    "return_to_deck", "return_to_hand", "exile", "open", "close",
                                                    "lose", "gain", "move", "untyped", "modify"):
            continue
        owner = spec.get("owner") or ("own" if who == "own" else "enemy" if who == "enemy" else None)
        spec = implied_state(action, spec)
        restrs = [r for r in spec.get("restrictions") or () if r in ("closed", "open", "wounded", "flying")]
        restr = restrs[0] if restrs else None
        if action == "lose" and _resource_leaf(leaf) == "extra_lives":
            restr = "extra_lives"
        player = "first" if owner == "own" or (owner is None and action in ("heal", "open", "gain")) else "second"
        kind = spec.get("kind") if spec.get("kind") in ("artifact", "equipment", "terrain") else "creature"
        numbers = [(a, op, k) for a, op, k, _ in numeric_restrictions(leaf.text)]
        if numbers and kind == "creature":
            _numbered_targets(st, n, numbers, player, facts, assumed, missing)
            continue
        side = owner or ("enemy" if player == "second" else "own")
        flyers = next((f for f in facts.of("exists") if f.only and f.restriction == "flying" and f.card_kind == "creature"
                       and (f.owner or side) == side), None) if "ground" in (spec.get("restrictions") or ()) else None
        if flyers is not None and kind == "creature":
            # «у него на поле только летуны» and a part for a creature that does not fly: none fits
            cid = f"Существо {'противника' if player == 'second' else 'ваше'} {len(st.cards)}"
            st.cards[cid] = Card(id=cid, owner=player, cell=parse_cell(next(free[player])), lives=10, traits={"flying"})
            assumed.append(f"«{flyers.said}»: {cid} летающее, подходящей цели для части {n} нет")
            continue
        blocked = _excluded(facts.facts, side, restr, kind)
        existing = [c for c in st.cards.values() if c is not src and c.owner == player and _fits(c, restr)
                    and c.id not in removed and c.zone == "battlefield" and not c.host]
        if action == "heal" and existing and not any(c.wounds for c in existing) \
                and not any(f.only and (f.owner or side) == side for f in facts.of("exists")) \
                and not any(f.kind == "exists" and (f.owner or side) == side and "wounded" in (f.restriction, *f.also)
                            for f in facts.facts):
            existing = []   # an unwounded creature made for an earlier part is not what «излечите …» is used on
        if blocked is None and existing and action not in failed:
            side = owner or ("enemy" if player == "second" else "own")
            hurt = next((f for f in facts.of("exists") if (f.owner or side) == side
                         and "wounded" in (f.restriction, *f.also)), None)
            if action == "heal" and not existing[0].wounds and hurt is not None:
                existing[0].wounds = 3      # «один из летунов раненый»: the one the part heals
                assumed.append(f"«{hurt.said}»: на {existing[0].id} раны")
            use.targets[n] = existing[0].id
            if action in _REMOVING:
                removed.add(existing[0].id)
            if action == "move":
                movers.append((n, existing[0]))
            continue
        noun = {"artifact": "Артефакт", "equipment": "Экипировка", "terrain": "Местность"}.get(kind, "Существо")
        whose = ("противника" if player == "second" else "ваш" if kind == "artifact" else "ваша" if kind != "creature"
                 else "ваше")
        cid = f"{noun} {whose} {len(st.cards)}"
        near = "adjacent" in (spec.get("restrictions") or ()) and st.occupant(parse_cell("c3")) is None \
            and not facts.of("nobody_near")     # «рядом никого»: the creature is not next to the source
        c = Card(id=cid, owner=player, cell=parse_cell("c3" if near else next(free[player])), lives=10, kind=kind)
        if blocked is None:
            _make_fit(c, restr, args, action)
            side = owner or ("enemy" if player == "second" else "own")
            told = next((f for f in facts.of("exists") if (f.owner or side) == side and f.also
                         and f.restriction in (restr, None)), None)
            for extra in (told.also if told else ()):
                _make_fit(c, extra, {}, None)      # «у меня есть закрытое раненое существо»: both
            unhurt = _excluded(facts.facts, owner or ("enemy" if player == "second" else "own"), "wounded")
            if action == "heal" and restr != "wounded" and unhurt is not None:
                c.wounds = 0    # «у меня нет раненых»: the creature to heal has no wounds
                assumed.append(f"«{unhurt.said}»: на {cid} нет ран")
            use.targets[n] = cid
            if action in _REMOVING:
                removed.add(cid)    # a later part's target is another card: this one leaves the battlefield
            st.cards[cid] = c
            assumed.append(f"для части {n} есть подходящая цель: {cid}"
                           + (f" ({STATE_RU[restr]})" if restr in STATE_RU else ""))
            if action == "move":
                movers.append((n, c))
            if action in failed:
                c.immune.add(action)
                assumed.append(f"«{failed[action].said}»: на {cid} часть {n} не действует (так сказано в вопросе)")
        elif restr in OPPOSITE and _excluded(facts.facts, owner, OPPOSITE[restr]) is None:
            c.open = restr == "closed"  # the fact leaves only the opposite state
            st.cards[cid] = c
            assumed.append(f"«{blocked.said}»: {cid} {'открыто' if c.open else 'закрыто'}, подходящей цели для части {n} нет")
        elif restr == "extra_lives":
            st.cards[cid] = c   # a creature of that side exists, with no extra lives
            assumed.append(f"«{blocked.said}»: у {cid} нет дополнительных жизней")
            use.targets[n] = cid
        else:
            assumed.append(f"«{blocked.said}»: подходящей цели для части {n} нет")
    _target_counters(st, src, leaves, nums, use, facts, assumed, missing)
    for f in facts.of("attached"):
        cid = "Симбиот ваш" if f.card_kind == "symbiote" else "Экипировка ваша"
        if cid in st.cards:
            continue
        a = Card(id=cid, owner=src.owner, kind="creature" if f.card_kind == "symbiote" else "equipment",
                 traits={"symbiote"} if f.card_kind == "symbiote" else set(), movement=None, lives=2,
                 host=src.id, cell=src.cell)
        for name, _, row in f.attrs:
            if name == "forbidden_row":
                a.forbidden_cells = {(c, r) for c in range(5) for r in range(1, 7) if player_row((c, r), src.owner) == row}
        if a.kind == "equipment" and not src.creature_class:
            src.creature_class = "воин"
        st.cards[cid] = a
        assumed.append(f"«{f.said}»: {cid} на «{src.id}»" + (
            f"; ему запрещены клетки {', '.join(sorted(cell_name(x) for x in a.forbidden_cells))}" if a.forbidden_cells else ""))
    _place_destinations(st, movers, use, facts, assumed, {nums[id(x)]: x.text for x in leaves})
    assumed[:0] = hosted
    for leaf in leaves:
        # «защиту снять получилось» / «… не вышло» about a part: its told result (the executor uses it
        # only where it cannot run the part itself)
        act = leaf_action(leaf)[0]
        for f in (*facts.of("done"), *facts.of("failed")):
            if act is not None and f.action == act and nums[id(leaf)] not in use.told:
                use.told[nums[id(leaf)]] = f.kind
    declined = {f.action for f in facts.of("decline")}
    if declined and result.ast is not None:
        # «я не хочу двигаться»: the parts after «может» doing that are not declared (505.8)
        optional = [n for node in result.ast.walk() if node.kind == "optional"
                    for n in (nums[id(x)] for x in node.walk() if id(x) in nums)]
        drop = {nums[id(x)] for x in leaves if leaf_action(x)[0] in declined} & set(optional)
        if drop:
            use.declare = frozenset(set(optional) - drop)
    what = ("ваш паразит" if "parasite" in src.traits else "ваш симбиот" if src.is_symbiote else f"ваше {'открытое' if src.open else 'закрытое'} существо"
            if src.kind == "creature" else "ваша экипировка" if src.kind == "equipment" else
            f"ваш {'открытый' if src.open else 'закрытый'} артефакт")
    assumed.insert(0, f"источник — {what} «Источник» на {cell_name(src.cell) if src.cell else 'c2'}; у созданных "
                      "существ по 10 жизней (условно: вопрос о них ничего не говорит)")
    return st, src, use, assumed


_REMOVING = ("destroy", "return_to_deck", "return_to_hand", "exile")


class NeededIf(str):
    """A fact of ``missing`` the board needs only when the run reaches part ``part`` (the part
    is declared: its result is ``done`` or ``failed``)."""

    part: int

    def __new__(cls, part: int, text: str) -> "NeededIf":
        obj = super().__new__(cls, text)
        obj.part = part
        return obj


def still_missing(missing: list[str], res: Resolution) -> list[str]:
    """The facts of ``missing`` the run ``res`` needed: every plain one, and each ``NeededIf``
    whose part was declared in the run."""
    return [m for m in missing if not isinstance(m, NeededIf) or res.results.get(m.part) in ("done", "failed")]


def _target_counters(st: GameState, src: Card, leaves, nums: dict, use: Use, facts: BoardFacts, assumed: list[str],
                     missing: list[str]) -> None:
    """The counters on the target of a part that removes counters from a card other than the
    source («снять с выбранного существа фишку»): as the question tells them of the creature
    it names («выбрал орка, на нём нет ни одной фишки»: a ``target`` fact); with none told
    the board does not decide the part — that fact goes to ``missing``."""
    named = [k for f in facts.of("target") for a, _, k in f.attrs if a == "counters"]
    hurt = [k for f in facts.of("target") for a, _, k in f.attrs if a == "wounds"]
    if hurt:
        # «выбрал орка, на нём 2 фишки и 1 рана»: the creature named is the first part's target of another card
        first = next((t for t in (use.targets.get(nums[id(x)]) for x in leaves)
                      if isinstance(t, str) and t != src.id and t in st.cards), None)
        if first is not None:
            st.cards[first].wounds = hurt[0]
            assumed.append(f"на {first} ран: {hurt[0]} (так сказано в вопросе)")
        else:
            missing.append("на каком существе раны, о которых сказано в вопросе")
    for f in facts.of("quantity"):
        for a, _, k in f.attrs:
            if a != "wounds":
                continue
            cards = [st.cards[t] for t in use.targets.values() if isinstance(t, str) and t in st.cards and t != src.id
                     and ("own" if st.cards[t].owner == src.owner else "enemy") == f.owner]
            for c in cards:
                c.wounds = k
                assumed.append(f"на {c.id} ран: {k} (так сказано в вопросе)")
            if not cards:
                missing.append(f"на каком существе раны, о которых сказано: «{f.said}»")
    for leaf in leaves:
        n = nums[id(leaf)]
        action, _ = leaf_action(leaf)
        target = use.targets.get(n)
        if action != "lose" or not isinstance(target, str) or target == src.id or target not in st.cards:
            continue
        card = st.cards[target]
        side = "own" if card.owner == src.owner else "enemy"
        what = "counters" if _has(fold(leaf.text), _words_counters()) else _resource_leaf(leaf)
        # «на моих сущах нет фишек», «на моём сущ 1 доп. жизнь»: told of the creatures of the target's side
        told = named if what == "counters" and named else \
            [k for f in facts.of("quantity") if f.owner == side for a, _, k in f.attrs if a == what]
        if what == "extra_lives" and told:
            card.extra_lives = told[0]
            assumed.append(f"на {target} дополнительных жизней: {told[0]} (так сказано в вопросе)")
            continue
        if what == "extra_lives" and not _excluded(facts.facts, side, "extra_lives"):
            # how many the target has is not told: the part is decided only when the run reaches it
            missing.append(NeededIf(n, f"сколько дополнительных жизней на цели части {n} (от этого зависит, выполнится ли она)"))
            continue
        if what != "counters":
            continue
        if told:
            card.counters = told[0]
            assumed.append(f"на {target} фишек: {told[0]} (так сказано в вопросе)")
        else:
            # needed only when the run reaches the part (a 505.7 refusal or an earlier failure spares it)
            missing.append(NeededIf(n, f"сколько фишек на цели части {n} (от этого зависит, выполнится ли она)"))


def _words_counters() -> list[str]:
    """The ``card_board.counters`` stems («фишк», «{counter}»)."""
    from bot.vocab import section

    return list(section("card_board")["counters"])

_NUMBER_RU = {"cost": "стоимость", "lives": "число жизней"}


def _numbered_targets(st: GameState, n: int, numbers, player: str, facts: BoardFacts, assumed: list[str],
                      missing: list[str]) -> None:
    """The creatures of ``player`` a part with a number restriction («стоимостью 4 или меньше»)
    is declared against: those the question tells with that number («у противника стоит сущ
    стоимостью 3»; «все сущи с 5 жизнями и больше» — every one of them), each given the
    number told; the simulator decides which fits. With no number told the board does not
    decide the part: that fact goes to ``missing``."""
    side = "own" if player == "first" else "enemy"
    attrs = {a for a, _, _ in numbers}
    told = [f for f in facts.of("exists") if f.attrs and (f.owner or side) == side and attrs & {a for a, _, _ in f.attrs}]
    if not told:
        what = " и ".join(_NUMBER_RU[a] for a in sorted(attrs))
        missing.append(f"{what} существ {'противника' if side == 'enemy' else 'ваших'} (от неё зависит, можно ли объявить часть {n})")
        return
    for f in told:
        cid = f"Существо {'противника' if player == 'second' else 'ваше'} {len(st.cards)}"
        free = [c for c in (["c4", "b4", "d4", "a4", "e4"] if player == "second" else ["b2", "d2", "a2", "e2"])
                if st.occupant(parse_cell(c)) is None]
        c = Card(id=cid, owner=player, cell=parse_cell(free[0]) if free else None, lives=10)
        for a, op, k in f.attrs:
            if a == "cost":
                c.cost = k
            elif a == "lives":
                c.lives = k
        st.cards[cid] = c
        assumed.append(f"«{f.said}»: {cid}" + "".join(
            f", {_NUMBER_RU[a]} {k}" + (" (или больше)" if op == ">=" else " (или меньше)" if op == "<=" else "")
            for a, op, k in f.attrs))


def _placement_board(st: GameState, src: Card, leaf, spec: dict, who: str | None, facts: BoardFacts,
                     assumed: list[str]) -> None:
    """The cards a placement part needs («поместите выбранную вашу экипировку на другое ваше
    существо», «поместите этого симбиота на …»): the card placed — the source itself, else
    one of that kind on the source — and the creatures it may go on: the ones the question
    tells («единственное другое моё сущ — летун»: that one only), else one plain creature of
    that side with a class (assumed and said). Whether the placement is allowed is the
    simulator's (209.x, 212.x), not decided here."""
    from bot.sim.ability import placement_specs

    split = placement_specs(leaf.text)
    if split is None:
        return
    spec, onto, _, who = split
    n_kind = spec.get("kind")
    if who != "self":
        kind = "equipment" if n_kind == "equipment" or n_kind is None and _has(fold(leaf.text), ["экипир", "шмот"]) \
            else "symbiote"
        cid = "Экипировка ваша" if kind == "equipment" else "Симбиот ваш"
        zone = placed_from(leaf.text)
        if cid not in st.cards and zone is not None:
            # «поместите симбиота из вашего сброса на …»: the card waits in that zone
            st.cards[cid] = Card(id=cid, owner="first", kind="equipment" if kind == "equipment" else "creature",
                                 traits=set() if kind == "equipment" else {"symbiote"}, movement=None, lives=3,
                                 zone=zone, cell=None, equipment_class="оружие" if kind == "equipment" else None)
            assumed.append(f"{'экипировка' if kind == 'equipment' else 'симбиот'} «{cid}» — {ZONE_RU.get(zone, zone)}")
        if cid not in st.cards:
            host = src if src.kind == "creature" and not src.is_symbiote else None
            if host is not None and kind == "equipment" and not host.creature_class:
                host.creature_class = "воин"
            c = Card(id=cid, owner="first", kind="equipment" if kind == "equipment" else "creature",
                     traits=set() if kind == "equipment" else {"symbiote"}, movement=None, lives=3,
                     host=host.id if host else None, cell=host.cell if host else parse_cell("a1"))
            st.cards[cid] = c
            assumed.append(f"{'экипировка' if kind == 'equipment' else 'симбиот'} «{cid}»"
                           + (f" на «{host.id}» (класс «воин»: условно)" if host else ""))
    owner = onto.get("owner") or {"own": "own", "enemy": "enemy"}.get(onto.get("who") or "") or "own"
    player = "first" if owner == "own" else "second"
    told = [f for f in facts.of("exists") if (f.owner or "own") == owner]
    sole = [f for f in told if f.only]
    none = _excluded(facts.facts, owner, None)
    if none is not None and not told:
        assumed.append(f"«{none.said}»: других существ, на которые её можно поместить, нет")
        return      # «у меня больше нет существ»
    wanted = sole or told
    free = iter(["b2", "d2", "a2", "e2", "b1", "d1"] if player == "first" else ["b4", "d4", "a4", "e4", "b5", "d5"])
    if wanted:
        for k, f in enumerate(wanted[:1] if sole else wanted, 1):
            cid = f"Существо {'ваше' if player == 'first' else 'противника'} {k}"
            c = Card(id=cid, owner=player, cell=parse_cell(next(free)), lives=10, creature_class="воин")
            for state in (f.restriction, *f.also):
                if state in ("flying", "closed", "wounded", "incorporeal", "classless"):
                    _make_fit(c, state, {}, None)
            st.cards[cid] = c
            if f.restriction in ("has_symbiote", "has_equipment"):
                sym = f.restriction == "has_symbiote"
                aid = f"{'Симбиот' if sym else 'Экипировка'} на {cid}"
                st.cards[aid] = Card(id=aid, owner=player, kind="creature" if sym else "equipment",
                                     traits={"symbiote"} if sym else set(), movement=None, lives=2, host=cid, cell=c.cell,
                                     equipment_class=None if sym else "оружие")
                assumed.append(f"на {cid} уже есть {'симбиот' if sym else 'экипировка'} «{aid}»")
            assumed.append(f"«{f.said}»: {cid}" + (f" ({STATE_RU[f.restriction]})" if f.restriction in STATE_RU else "")
                           + (", без класса" if c.creature_class is None else ", класс «воин» (условно)"))
    else:
        cid = f"Существо {'ваше' if player == 'first' else 'противника'} 1"
        st.cards[cid] = Card(id=cid, owner=player, cell=parse_cell(next(free)), lives=10, creature_class="воин")
        assumed.append(f"для части есть существо, на которое карту можно поместить: {cid} (класс «воин»; условно)")


def _resource_leaf(leaf) -> str | None:
    t = fold(leaf.text)
    return "extra_lives" if any(fold(s) in t for s in section_extra_lives()) else None


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    from bot.sim.state import COLUMNS, ROWS

    return [(c, r) for c in range(len(COLUMNS)) for r in ROWS
            if (c, r) != cell and abs(c - cell[0]) <= 1 and abs(r - cell[1]) <= 1]


def _place_destinations(st: GameState, movers: list[tuple[int, Card]], use: Use, facts: BoardFacts,
                        assumed: list[str], texts: dict[int, str] | None = None) -> None:
    """The destination of each relocation: a free cell next to the moved card; when a fact
    says the cells next to it are taken, every one of them is occupied and the destination
    is one of them (the part is then illegal by 507.2)."""
    texts = texts or {}
    full = facts.of("cells_full")
    rows = [k for f in facts.of("cells_free") for a, _, k in f.attrs if a == "row"]
    for n, card in movers:
        cells = _neighbours(card.cell) if card.cell else []
        if rows and card.cell:
            # «в первом ряду есть свободная клетка» (and the text moves to any free cell): that row
            from bot.sim.state import COLUMNS

            far = "соседн" not in fold(texts.get(n, ""))
            cells = [x for x in ((c, r) for c in range(len(COLUMNS)) for r in range(1, 7))
                     if player_row(x, card.owner) == rows[0] and (far or x in cells)] or cells
        if full:
            k = 0
            for cell in cells:
                if st.occupant(cell) is None:
                    k += 1
                    cid = f"Соседняя карта {k}"
                    st.cards[cid] = Card(id=cid, owner=card.owner, cell=cell, lives=10)
            assumed.append(f"«{full[0].said}»: все клетки рядом с «{card.id}» заняты")
            dest = cells[0] if cells else None
        else:
            dest = next((cell for cell in cells if st.occupant(cell) is None), None)
        if dest is None:
            continue
        target = use.targets.get(n)
        use.targets[n] = {"to": cell_name(dest)} if card.id == "Источник" and target is None else \
            {"card": card.id, "to": cell_name(dest)}


def _fits(c: Card, restr: str | None) -> bool:
    if restr == "extra_lives":
        return c.extra_lives > 0
    return restr is None or (restr == "closed" and not c.open) or (restr == "open" and c.open) or \
        (restr == "wounded" and c.wounds > 0) or (restr == "flying" and "flying" in c.traits)


def _make_fit(c: Card, restr: str | None, args: dict, action: str | None) -> None:
    if restr == "closed":
        c.open = False
    elif restr == "flying":
        c.traits.add("flying")
    elif restr == "incorporeal":
        c.traits.add("incorporeal")
    elif restr == "classless":
        c.creature_class = None
    if restr == "wounded" or action == "heal":
        c.wounds = 3
    if action == "lose":
        n = ((args.get("amount") or {}).get("n")) or 1
        c.extra_lives = int(n)


def part_phrase(res: Resolution, n: int) -> str:
    """«часть N «text» выполняется (reason) (п. …)» for part ``n`` of ``res``."""
    text = dict(res.parts)[n]
    step = next((s for s in res.steps if s.part == n and s.text.startswith(f"Часть {n} ")), None)
    status = STATUS_RU.get(res.results.get(n, ""), "не дошло")
    verb = {"выполнено": "выполняется", "не выполнено": "не выполняется", "не объявлено": "не объявляется"}.get(status, status)
    why = f" ({step.reason})" if step is not None and step.reason else ""
    ref = f" (п. {', '.join(step.rules)})" if step is not None and step.rules else ""
    # «снимите 3 фишки» with 2 on the card: the part was declared, what stopped it is the board's line
    stop = next((x.text for x in res.steps if x.part == n and x is not step and x.result == "не выполняется"), None) \
        if res.results.get(n) == "failed" else None
    return f"часть {n} «{text}» {verb}{why}{ref}" + (f" — {stop[:1].lower() + stop[1:]}" if stop else "")


def verdict_of(res: Resolution, question: str = "") -> str | None:
    """«что будет?»: every part's fate with its reason and paragraph; «будет ли X?»: «Да, …» /
    «Нет, …» for the part X names (``None`` when its result is not known)."""
    from bot.abilities.outcome_words import match_parts
    from bot.abilities.resolve import Part

    from bot.vocab import section

    q = fold(question)
    from bot.yesno import question_kind

    whether = (any(re.search(rf"(?<![а-яё]){re.escape(w)}(?![а-яё])", q) for w in section("card_board")["ask_whether"])
               or question_kind(question) == "yes_no")
    if whether:
        from bot.abilities.outcome_words import sentences

        asked = ([s for s in sentences(question) if "?" in s] or [question])[-1]
        asked = re.split(r"[,;:—–]|\s-\s", asked)[-1]  # the asking clause: «…, будет ли излечение?»
        hits = match_parts(asked, [Part(n, t) for n, t in res.parts])
        if hits:
            n = hits[0]
            r = res.results.get(n)
            phrase = part_phrase(res, n)
            if r == "done":
                return "Да: " + phrase
            if r in ("failed", "not_declared"):
                return "Нет: " + phrase
            return None
    if any(r in ("unsupported", "unknown", "conditional", "option") for r in res.results.values()):
        known = [part_phrase(res, n) for n, _ in res.parts if res.results.get(n) in ("done", "failed", "not_declared")]
        return None if not known else "Известно не всё: " + "; ".join(known)
    s = "; ".join(part_phrase(res, n) for n, _ in res.parts)
    return f"{consequence_of(res)}: {s}"


def consequence_of(res: Resolution) -> str:
    """What happens, as the lead of a «что будет?» verdict: the texts of the parts performed
    («Разряд на 3 по выбранной карте»), or that none is."""
    done = [t for n, t in res.parts if res.results.get(n) == "done"]
    if not done:
        return "Ни одна часть текста не выполняется"
    s = "; ".join(t.strip().rstrip(".") for t in done)
    return s[:1].upper() + s[1:]


def resolve_text(text: str, state: GameState, source: Card, use: Use | None = None, question: str = "",
                 assumed: list[str] | None = None) -> BoardVerdict:
    """Resolve ``text`` as an ability of ``source`` on a copy of ``state`` and derive the verdict.

    ``ParseError`` when the text is not card text; ``bot.sim.ability.UseError`` when ``use``
    does not fit. Rule effects (deaths, 209–212) are applied after it, as before priority
    (303.6), and listed as steps."""
    from bot.sim import effects as fx
    from bot.sim.ability import AbilityStep

    from bot.sim.ability import use_problems

    st = state.copy()
    src = st.cards[source.id]
    use = use or Use(src.id)
    parsed = text if not isinstance(text, str) else parse_ability(text, src.id)
    problems = use_problems(st, src, parsed)
    if problems:
        return _refused(parsed, state, src, use, problems, assumed)
    res = resolve_on_board(st, src, parsed, use)
    after = fx.apply_rule_effects(st)
    if after:
        res.steps.append(AbilityStep("Эффекты правил игры применяются до получения приоритета", True, "303.6", ("303.6",),
                                     status="done"))
        for c in after:
            res.steps.append(AbilityStep(c.text, True, c.rules[0] if c.rules else None, c.rules, status="done",
                                         card=c.card, result=c.result))
        for c in ["303.6", *(r for x in after for r in x.rules)]:
            if c not in res.citations:
                res.citations.append(c)
    return BoardVerdict(res, verdict_of(res, question), list(res.citations),
                        {k: v.to_json() for k, v in sorted(st.cards.items())}, list(assumed or []),
                        start=state.copy(), use=use)


def _refused(parsed, state: GameState, src: Card, use: Use, problems, assumed) -> BoardVerdict:
    """The ``BoardVerdict`` of an ability ``src`` cannot use on ``state`` at all: no part is
    declared, the reason and its paragraphs lead (``bot.sim.ability.use_problems``)."""
    from bot.abilities.resolve import number_parts
    from bot.sim.ability import AbilityStep

    _, parts = number_parts(parsed.ast)
    reason = "; ".join(why for why, _ in problems)
    rules = tuple(dict.fromkeys(r for _, rs in problems for r in rs))
    steps = [AbilityStep("Особенность не используется", False, rules[0] if rules else None, rules, status="not_declared",
                         reason=reason, card=src.id, result="не используется")]
    steps += [AbilityStep(f"Часть {p.number} «{p.text}» — не объявлено", False, rules[0] if rules else None, rules,
                          p.number, "not_declared", "особенность нельзя использовать", result="не объявлено") for p in parts]
    res = Resolution(parsed.text, [(p.number, p.text) for p in parts], steps, list(rules),
                     {p.number: "not_declared" for p in parts}, [], parsed.ast.shape())
    ref = f" (п. {', '.join(rules)})" if rules else ""
    return BoardVerdict(res, f"Нет: особенность использовать нельзя — {reason}{ref}", list(rules),
                        {k: v.to_json() for k, v in sorted(state.cards.items())}, list(assumed or []),
                        start=state.copy(), use=use, refused=(reason, rules))


__all__ = ["BoardVerdict", "BoardFacts", "Fact", "read_board_facts", "own_noun_ambiguous", "board_for", "resolve_text", "verdict_of",
           "part_phrase", "consequence_of"]


def explain_on_scenario(text: str, path: str, card: str | None = None, targets: dict[int, str] | None = None,
                        choose: int | None = None, refuse: bool = False,
                        declare: frozenset[int] | None = None) -> BoardVerdict:
    """``explain TEXT --scenario FILE``: ``text`` as an ability of ``card`` on the board of the
    scenario file's ``state:`` (its steps are not played). Without ``card``: the card whose
    ``abilities`` hold this text, else the only card of the player with priority.

    Raises ``ScenarioError`` (file problems, no such card, the source cannot be told),
    ``ParseError`` (not card text) and ``bot.sim.ability.UseError`` (a target or choice that
    does not fit)."""
    from bot.errors import ScenarioError
    from bot.sim.scenario import load_file

    sc = load_file(path)
    st = sc.state
    if card is None:
        same = [c for c in st.cards.values() if any(fold(t).strip(" .") == fold(text).strip(" .") for t in c.abilities.values())]
        mine = [c for c in st.cards.values() if c.owner == st.priority and c.zone == "battlefield" and c.kind == "creature"]
        pick = same if len(same) == 1 else mine if len(mine) == 1 else []
        if not pick:
            raise ScenarioError("не понятно, чья это особенность: укажите --card (есть: " + ", ".join(st.cards) + ")", path)
        card = pick[0].id
    if card not in st.cards:
        raise ScenarioError(f"нет карты «{card}»; есть: {', '.join(st.cards)}", path)
    for n, t in (targets or {}).items():
        if t not in st.cards and parse_cell(t) is None:
            raise ScenarioError(f"цель части {n}: нет карты «{t}» и это не клетка; есть: {', '.join(st.cards)}", path)
    use = Use(card, targets=dict(targets or {}), choose=choose, refuse=refuse, declare=declare)
    return resolve_text(text, st, st.cards[card], use)
