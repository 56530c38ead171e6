"""Read a judge question into a ``Reading``: the cards mentioned, their traits (with
negation), owners and relations, the events in the order told, and the asked proposition.

The reader composes: a card is any noun of a kind in the lexicon (``grammar/lexicon.yaml``,
section ``reader``), a trait any adjective or noun of a trait, an event any verb of an
event class — so every combination of them is read the same way, with no row per
situation. Pronouns («его», «на нём», «ей») stand for the latest card of their gender
mentioned outside their own clause. Every word the reading uses is recorded (``used``);
``unread`` lists the content words nothing used — a verdict is given only when it is
empty.

Asked propositions read so far (``Asked.what``):
- ``place`` — may card S be put on card H («можно ли посадить симба на летуна?»,
  «симба на него можно?», «хочу её надеть на летуна. можно?»);
- ``fate`` — what becomes of card S after the events («что с симбом?», «шмотка
  уничтожится?», «симб не погибнет?»).
A claim («противник говорит, что …, он прав?») is read by ``bot.reading.claims``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from dataclasses import dataclass, field, replace

from bot.memo import per_question
from bot.reading.lexicon import kind_of, name_of, words
from bot.reading.tokens import SentenceReader, Tok
from bot.vocab import words as vocab_words

ATTACHABLE = ("symbiote", "parasite", "equipment")
CREATURE_LIKE = ("creature",)
# Trait names of the simulator (bot.sim.state.TRAITS) the reader sets.
TRAIT_RU = {"flying": "летающее", "incorporeal": "бестелесное"}
KIND_RU = {"symbiote": "симбиот", "parasite": "паразит", "equipment": "экипировка", "creature": "существо",
           "artifact": "артефакт", "terrain": "местность", "unknown": "карта неизвестного вида"}
_KIND_GENDER = {"symbiote": "masc", "parasite": "masc", "equipment": "femn", "creature": "neut",
                "artifact": "masc", "terrain": "femn"}
_PRONOUN_GENDERS = {"он": ("masc", "neut"), "оно": ("neut", "masc"), "она": ("femn",)}
_PRONOUN_REACH = 64
"""How many card words back a pronoun may stand for (nearest first; a question names a few)."""
_NEAR_REACH = 400
"""How many words back a modifier looks for the card it describes, within its sentence."""
# Forms of the personal pronouns (folded: ё -> е) -> the pronoun.
_PRONOUN_FORMS = {**{f: "он" for f in "он его ему него нему нем ним им".split()},
                  **{f: "оно" for f in "оно".split()},
                  **{f: "она" for f in "она ее ей нее ней нею ею ней".split()}}
# Words right before a card noun that point at a card already named («первый симб», «старый хозяин»).
_BACK_REFERENCE = frozenset({"первый", "прежний", "старый", "изначальный", "тот", "этот", "данный"})
_OTHER = frozenset({"другой", "второй", "иной", "ещё", "еще"})
_DEMONSTRATIVE = frozenset({"это", "этот", "эта", "тот", "та", "то", "само", "сам", "сама", "самый"})
_WH = frozenset({"что", "кто", "как", "когда", "где", "куда", "сколько", "какой", "какая", "какое", "какие", "каких", "каким",
                 "какую", "каком", "чей", "чья", "чьё", "чье", "чьи", "почему", "зачем", "чё", "че", "шо"})
_NEG = frozenset({"не", "ни"})
_NAME_POS = frozenset({"NOUN", "ADJS", "ADJF", None})
"""Parts of speech a card's name may be read with (``unknown_name_card``; ``None``: no parse)."""
# Prepositions that put a card in a place phrase («на нём», «у орка»): not the subject a trait after it describes.
_LOCATING = frozenset({"на", "в", "во", "у", "под", "над", "при"})
# Case forms of «тот / этот» before a card noun («с тем симбом», «на этом орке»).
_DEMONSTRATIVE_FORMS = frozenset("тем том той тех тому ту того этим этом этой этому эту этого".split())
# Endings of an instrumental a slang kind noun pymorphy does not know may carry («стал симбом»).
_ABLT_ENDINGS = ("ом", "ем", "ой", "ей", "ою", "ею", "ами", "ями")


@dataclass
class CardInfo:
    """A card of the reading: ``key`` (its id in the compiled scenario), ``kind`` (one of
    ``KIND_RU``), ``name`` (a creature name from the question or ``None``), ``traits``
    (trait -> True / False, as stated), ``has_class`` (``False`` for «без класса»),
    ``owner`` («me» / «opponent» / ``None``), ``host`` (key of the card it lies on),
    ``mentions`` (word indices), ``gender`` (grammatical gender of the noun), ``db`` the
    card of the user's database the question names (its text goes into the scenario)."""

    key: str
    kind: str
    name: str | None = None
    traits: dict[str, bool] = field(default_factory=dict)
    has_class: bool | None = None
    owner: str | None = None
    host: str | None = None
    mentions: list[int] = field(default_factory=list)
    gender: str = "masc"
    is_host_role: bool = False
    summoned: bool = False
    own_word: bool = False      # named with «свой»: the card belongs with the sentence's subject
    absent_from: str | None = None  # told not to lie on that card («на орке нет симба»)
    text_silent: bool = False   # told: its text says nothing of its host's death (not independent)
    independent: bool = False   # its text: an independent creature when its host dies (302.5)
    banned: bool = False        # told: an ability forbids it to move onto a cell (bot.reading.card_moves)
    banned_row: int | None = None   # the row whose cells the ban names («в первый ряд»), when it names one
    unhosted: bool = False      # told to be left without a host at the seating step (209.7, 212.5)
    row: int | None = None      # the row it stands in, from its owner's front (1), when told
    class_said: bool = False    # «с классом» told in the question
    not_kinds: set[str] = field(default_factory=set)   # «не симб»: kinds (and trait nouns) it is told not to be
    equipment_class: str | None = None  # the class of a piece of equipment, when the question sets two apart (212.4)
    db: object | None = None    # the card of the user's database it is (bot.cards.model.Card): kind, traits, text
    kind_unknown: bool = False  # a name the lexicon does not know (bot.reading.names): read as a creature, kind asked
    open_state: bool | None = None  # told open (``True``) or closed (``False``): «арт стоит открытый» (bot.reading.attack)

    def ru(self, case: str = "nomn") -> str:
        """How the card is named back to the user, in ``case`` (``nomn`` / ``accs`` /
        ``ablt`` / ``loct``): «симбиота (бестелесный, ваш)», «на существе «Орк» (летающее)»."""
        base = _KIND_CASES[self.kind][case]
        if self.name:
            base = f"{base} «{self.name.capitalize()}»"
        g = "neut" if self.name else _KIND_GENDER.get(self.kind, "masc")
        notes = [("не " if not v else "") + _TRAIT_FORMS[t][g] for t, v in self.traits.items()]
        if self.has_class is False:
            notes.append("без класса")
        elif self.has_class and self.class_said:
            notes.append("с классом")
        notes += ["не " + KIND_RU[k] for k in sorted(self.not_kinds) if k in KIND_RU]
        if self.row is not None:
            notes.append(f"{self.row}-й ряд")
        if self.owner:
            notes.append({"me": {"masc": "ваш", "femn": "ваша", "neut": "ваше"}[g], "opponent": "противника"}[self.owner])
        return f"{base} ({', '.join(notes)})" if notes else base


_KIND_CASES = {
    "symbiote": {"nomn": "симбиот", "accs": "симбиота", "ablt": "симбиотом", "loct": "симбиоте"},
    "parasite": {"nomn": "паразит", "accs": "паразита", "ablt": "паразитом", "loct": "паразите"},
    "equipment": {"nomn": "экипировка", "accs": "экипировку", "ablt": "экипировкой", "loct": "экипировке"},
    "creature": {"nomn": "существо", "accs": "существо", "ablt": "существом", "loct": "существе"},
    "artifact": {"nomn": "артефакт", "accs": "артефакт", "ablt": "артефактом", "loct": "артефакте"},
    "terrain": {"nomn": "местность", "accs": "местность", "ablt": "местностью", "loct": "местности"},
    "unknown": {"nomn": "карта", "accs": "карту", "ablt": "картой", "loct": "карте"},
}
_TRAIT_FORMS = {"flying": {"masc": "летающий", "femn": "летающая", "neut": "летающее"},
                "incorporeal": {"masc": "бестелесный", "femn": "бестелесная", "neut": "бестелесное"}}


@dataclass
class Event:
    """An event told in the question, in told order: ``op`` — ``die`` | ``leave`` | ``gain``
    | ``lose`` | ``set_class`` | ``move`` (a declared movement, 506.1) | ``relocate`` (by an
    ability, 507.1) | ``summon`` | ``close`` | ``open`` | ``act``; ``card`` — key of the card it happens to; ``arg`` — the trait
    or kind gained / lost, the new class (``None`` = no class); ``at`` — word index."""

    op: str
    card: str
    arg: str | None
    at: int


@dataclass
class Asked:
    """The asked proposition: ``what`` — ``place`` | ``fate``; ``card`` — the card asked
    about (placed / whose fate); ``on`` — the intended host for ``place``; ``predicate`` —
    for a yes/no fate question, ``stays`` or ``gone`` (the word asked: «выживет» /
    «погибнет»); ``negated`` — the asked word is negated («не погибнет?», «нельзя?»);
    ``yes_no`` — answered «Да» / «Нет»."""

    what: str
    card: str
    on: str | None = None
    actions: tuple[str, ...] = ()
    attacker: str | None = None
    predicate: str | None = None
    negated: bool = False
    yes_no: bool = True
    neg_word: str | None = None
    fate_word: str | None = None    # the lemma of the asked fate word («уничтожиться»: a symbiote dies, it is not destroyed)
    others: tuple[str, ...] = ()    # «что будет со шмоткой и симбом?»: further cards whose fate is asked too
    impersonal: bool = False        # asked with «можно / нельзя» (no one acts): «Да, можно …» / «Нет, нельзя …»
    struck_as: str | None = None    # «удар по артефакту считается как по закрытой?»: closed | open | either (210.3)


@dataclass
class Reading:
    """What the reader understood: ``cards`` by key, ``events`` in order, ``asked`` (or
    ``None``), ``used`` word indices, ``unread`` content words nothing used,
    ``contradictions`` (Russian lines), ``unknown_names`` (names of cards whose kind the
    question does not give), ``tokens``."""

    question: str
    tokens: list[Tok]
    cards: dict[str, CardInfo] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    asked: Asked | None = None
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)
    contradictions: list[str] = field(default_factory=list)
    unknown_names: list[str] = field(default_factory=list)
    told_stays: list[str] = field(default_factory=list)   # keys of cards the question says survived
    told_stays_at: dict[str, int] = field(default_factory=dict)   # the word that tells it: events after it came later
    seating: bool = False       # the asked placing is the seating step (405.2, bot.reading.seating)
    squad: dict[str, list[str]] = field(default_factory=dict)   # told squads / front rows (bot.reading.squad)

    @property
    def complete(self) -> bool:
        """Every content word read, an asked proposition found, no contradiction, and the
        asked card in a place the question gives (a fate needs the card on a host)."""
        if self.asked is None or self.unread or self.contradictions or self.unknown_names:
            return False
        if self.asked.what in ("attack", "move", "where", "host", "order", "terrains"):
            return True
        c = self.cards[self.asked.card]
        if self.asked.what == "fate" and c.host is None and not c.summoned and not (c.unhosted and self.seating):
            return False
        return True


class _Reader(SentenceReader):
    def __init__(self, question: str, known: list | None = None) -> None:
        super().__init__(question)      # the words, their sentence and clause spans, the asked sentence
        self.w = words()
        self._attachable_at: dict[int, list[int]] = {}      # clause -> its words naming an attachable kind
        self.known: dict[int, tuple[int, object]] = {}     # first token -> (end token, card of the database)
        if known:
            import re

            from bot.cards.reading import align

            parts = [re.findall(r"[0-9a-zа-я]+", t.text) for t in self.toks]
            for a, b, m in align(known, parts):
                self.known[a] = (b, m.card)
        self.r = Reading(question, self.toks)
        self.mention: dict[int, str] = {}         # word index -> card key
        self.complement: set[int] = set()         # kind / trait words that are an event's argument
        self.class_labels: dict[int, str] = {}    # «класса оружие»: token -> the equipment class it names
        self.second_cards: set[str] = set()     # cards told as «второй / ещё один X»: a first X is presupposed
        self.negated: list[tuple[int, str | None, str | None]] = []   # «не симб», «не летун»: (token, kind, trait)
        self.untold: set[int] = set()       # «в тексте не сказано, куда его поместить»: words of what is not said
        self._placing_clauses: dict[int, int] = {}      # clause -> its last «на» when it has a placing verb, else -1
        self._defender_clauses: dict[int, bool] = {}    # clause -> it names a defender («… защитником»)
        self.n = 0

    # ------------------------------------------------------------------ helpers
    def new_card(self, kind: str, at: int, gender: str | None = None) -> CardInfo:
        self.n += 1
        c = CardInfo(key=f"K{self.n}", kind=kind, gender=gender or _KIND_GENDER.get(kind, "masc"))
        self.r.cards[c.key] = c
        return c

    def cards_of(self, kinds: tuple[str, ...]) -> list[CardInfo]:
        return [c for c in self.r.cards.values() if c.kind in kinds]

    def is_event_lemma(self, t: Tok, ops: tuple[str, ...]) -> bool:
        return self.w.events.get(t.lemma) in ops

    # ------------------------------------------------------------------ pass 1: cards
    def known_card(self, t: Tok) -> int | None:
        """A card of the user's database named from token ``t`` («мой Гном-басаарг»): a card
        of its kind and traits, named as in the database; returns the end token or ``None``."""
        hit = self.known.get(t.i)
        if hit is None:
            return None
        from bot.cards.reading import reader_kind

        end, dbcard = hit
        kind, traits = reader_kind(dbcard)
        card = next((c for c in self.r.cards.values() if c.name == dbcard.name), None)
        if card is None:
            card = self.new_card(kind, t.i)
            card.name = dbcard.name
            card.db = dbcard
            card.traits.update(traits)
            if dbcard.classes:
                card.has_class = True
        from bot.cards.index import name_words

        if [w for k in range(t.i, end) for w in re.findall(r"[0-9a-zа-я]+", self.toks[k].text)] == name_words(dbcard.name):
            # the name as the database writes it: a nominative, whatever the dictionary guesses of an unknown word
            for k in range(t.i, end):
                self.toks[k] = replace(self.toks[k], case="nomn")
        for i in range(t.i, end):
            card.mentions.append(i)
            self.mention[i] = card.key
            self.use(i)
        return end

    def not_named_here(self, cards: list[CardInfo], t: Tok) -> list[CardInfo]:
        """``cards`` without the database cards named by name in ``t``'s clause: «может ли
        Топяной тролль атаковать летающее существо?» — the generic noun is another card."""
        return [c for c in cards if c.db is None or all(self.toks[i].clause != t.clause for i in c.mentions)]

    def read_cards(self) -> None:
        skip_to = 0
        for t in self.toks:
            if t.i < skip_to:
                continue
            end = self.known_card(t)
            if end is not None:
                skip_to = end
                continue
            if t.quote:
                continue
            kind = kind_of(t.text)
            name = name_of(t.text)
            trait_noun = self.w.trait_nouns.get(t.lemma)
            host_word = t.lemma in self.w.host_words
            if not (kind or name or trait_noun or host_word):
                self.substantive_trait(t) or self.substantive_owner(t) or self.unknown_name_card(t)
                continue
            if not host_word and not name and self.negated_predicate(t, kind, trait_noun):
                continue
            if kind == "equipment" and self.class_label(t):
                continue    # «одна класса оружие, другая доспех»: the class a piece has, not a piece of its own
            if name and self.predicate_name(t):
                continue    # «мой орк — воин», «…, он маг»: said of the card before, no new card — left unread
            prev = [self.tok(t.i - k) for k in (1, 2)]
            after_prep = self.tok(t.i - 1) is not None and self.tok(t.i - 1).text in ("с", "со", "над", "под", "за", "перед")
            if kind and not after_prep and (t.case == "ablt" or t.case is None and t.text.endswith(_ABLT_ENDINGS)) and any(
                    p is not None and p.clause == t.clause and (self.is_event_lemma(p, ("gain", "lose"))
                                                               or p.lemma == "быть" and self.tok(p.i - 1) is not None
                                                               and self.is_event_lemma(self.tok(p.i - 1), ("lose",)))
                    for p in prev):
                self.complement.add(t.i)        # «стал симбиотом», «перестало быть существом»: an event's argument
                continue
            if kind and prev[0] is not None and prev[0].text in ("в", "во") and any(
                    u.clause == t.clause and self.is_event_lemma(u, ("gain",)) for u in self.toks[max(0, t.i - 4):t.i - 1]):
                self.complement.add(t.i)        # «превратил его в симбиота»: the kind it becomes
                self.use(prev[0].i)
                continue
            other = any(p is not None and p.lemma in _OTHER and p.clause == t.clause for p in prev)
            for p in prev:
                if p is not None and (p.lemma in _OTHER or p.lemma in _DEMONSTRATIVE or p.lemma in _BACK_REFERENCE
                                      or p.text in _DEMONSTRATIVE_FORMS) \
                        and p.clause == t.clause:
                    self.use(p.i)
            gender = t.gender if t.gender in ("masc", "femn", "neut") else None
            if kind in ("symbiote", "parasite") or kind == "creature" and t.lemma == "существо":
                gender = _KIND_GENDER[kind]     # pymorphy guesses «симбиота» as feminine
            if host_word:
                card = self.host_card(t)
            elif kind in ATTACHABLE or kind in ("artifact", "terrain"):
                same = self.not_named_here(self.cards_of((kind,)), t)
                p1, p2 = self.tok(t.i - 1), self.tok(t.i - 2)
                if kind in ATTACHABLE and p1 is not None and p1.text in ("и", "или") and p2 is not None \
                        and p2.i in self.mention and self.r.cards[self.mention[p2.i]].kind == kind and p2.lemma != t.lemma \
                        and (kind != "equipment" or p1.text == "или"):
                    continue    # «симбиот и симбиот», «шлем или кольчуга»: not modelled — left unread
                if kind == "equipment" and p1 is not None and p1.text == "и" and p2 is not None and p2.i in self.mention \
                        and self.r.cards[self.mention[p2.i]].kind == kind and p2.lemma != t.lemma:
                    other = True    # «шлем и кольчугу»: a second piece (bot.reading.attached_count.read_pair_asked)
                p1on = p1 is not None and p1.text == "на" and any(self.toks[j].clause == t.clause for c in same for j in c.mentions)
                # «сим на сима»: the card after «на» is another card of the kind than the one named in its clause
                # «второй меч …, если у него уже есть меч»: a bare noun after «второй X» in another clause is the first X
                first_of_second = bool(same) and same[0].key in self.second_cards and not any(
                    p is not None and p.clause == t.clause and (p.lemma in _BACK_REFERENCE or p.lemma in _DEMONSTRATIVE
                                                               or p.text in _DEMONSTRATIVE_FORMS) for p in prev) \
                    and all(self.toks[j].clause != t.clause for j in same[0].mentions)
                card = same[0] if same and not other and not p1on and not first_of_second else self.new_card(kind, t.i, gender)
                if other and card is not (same[0] if same else None):
                    self.second_cards.add(card.key)
            else:   # a creature: generic noun, a name, «летун»
                creatures = self.not_named_here(self.cards_of(("creature",)), t) if not name else self.cards_of(("creature",))
                if name:
                    # «летуны и гномы»: the next item of a list is no nameless creature named before
                    named = [c for c in creatures if c.name == name or c.name is None and not self.listed_after(t)]
                    card = named[0] if named and not other else self.new_card("creature", t.i, gender)
                    card.name = name
                else:
                    card = creatures[-1] if creatures and not other and not self.listed_after(t) \
                        else self.new_card("creature", t.i, gender)
                if trait_noun:
                    self.set_trait(card, trait_noun, True, t.i)
            card.mentions.append(t.i)
            self.mention[t.i] = card.key
            self.use(t.i)

    def class_label(self, t: Tok) -> bool:
        """``t`` (an equipment noun that is also a class name, ``reader.equipment_class_names``)
        names the class of a piece told in its sentence, not a piece of its own (212.4): right
        after the class word («класса оружие», «класс — доспех»), or after «другая / другой /
        вторая / второй» once a class was so named in the sentence («одна класса оружие, другая
        доспех»). Recorded in ``class_labels`` (token -> class lemma), not used here: the
        reader of two pieces (``bot.reading.attached_count``) uses them when it reads them."""
        if t.lemma not in self.w.class_names:
            return False
        p = self.tok(t.i - 1)
        after_word = p is not None and p.sent == t.sent and p.lemma in self.w.class_word
        after_other = p is not None and p.sent == t.sent and p.lemma in ("другой", "второй") and any(
            k < t.i and self.toks[k].sent == t.sent for k in self.class_labels)
        if not (after_word or after_other):
            return False
        self.class_labels[t.i] = self.w.class_names[t.lemma]
        return True

    def predicate_name(self, t: Tok) -> bool:
        """``t`` (a creature name) is the predicate of a clause of its own that only says
        what a card told just before is («мой летающий орк — воин», «мой орк, он маг»): the
        same card, not a second one, and not read here (its meaning — a class or a race — is
        not modelled, so the question gets no verdict rather than one about another card)."""
        if t.case not in ("nomn", None):
            return False
        # the clause's own tokens, not a scan of the question per word (2,000 «мой орк,» took 2 s)
        clause = (u for u in self.in_clause(t.clause) if u.sent == t.sent and u.i != t.i)
        if any(u.lemma not in ("он", "она", "оно", "это", "тоже", "же", "ведь", "вообще", "как", "бы") for u in clause):
            return False
        return any(u.i in self.mention for u in self.in_sent(t.sent) if u.clause < t.clause)

    def listed_after(self, t: Tok) -> bool:
        """Word ``t`` is the next item of a list of creatures: «гномы и летуны», «только летуны да
        симбиоты», «орк, гном и летун» — right after «и / да / или» or a comma that follow a
        creature word of the same sentence. Such a word names another creature."""
        p1, p2 = self.tok(t.i - 1), self.tok(t.i - 2)
        def creature(u: Tok | None) -> bool:
            # any card named before in the same case, by another noun: a list item («на существе, существо стало …» is none)
            if u is None or u.sent != t.sent or u.i not in self.mention or u.i == t.i or u.lemma == t.lemma:
                return False
            before = self.tok(u.i - 1)      # «сидел на орке, гном погиб»: a place phrase before a comma lists nothing
            return not (u.clause != t.clause and before is not None and before.clause == u.clause
                        and before.text in ("на", "в", "во", "у", "с", "со", "под", "над", "при", "от", "из"))
        start = t.i - 2 if p1 is not None and p1.text in ("и", "да", "или", "либо") else \
            t.i - 1 if p1 is not None and p1.clause != t.clause and self.list_clause(t) else None
        if start is not None:
            # «сущи без класса и летуны», «сущи без класса, летуны»: back over the previous item's own words to its noun
            for k in range(start, max(-1, start - 5), -1):
                u = self.toks[k]
                if creature(u):
                    return True
                if not (u.text in ("без", "не", "с") or u.lemma in self.w.class_word or u.lemma in self.w.traits
                        or u.lemma in self.w.trait_nouns):
                    return False
        return False

    def list_clause(self, t: Tok) -> bool:
        """The clause of ``t`` holds only list items: card words, «и / да / или», traits and «без
        класса» («…, гном и летун», «…, летуны.») — not «…, существо противника стало …»."""
        for u in self.toks[t.i:]:
            if u.clause != t.clause:
                break
            if not (kind_of(u.text) or name_of(u.text) or u.lemma in self.w.trait_nouns or u.lemma in self.w.traits
                    or u.text in ("и", "да", "или", "либо", "без", "не") or u.lemma in self.w.class_word):
                return False
        return True

    def _attachables(self, clause: int) -> list[int]:
        """Indices of the words of ``clause`` naming an attachable kind (symbiote, equipment …),
        found once per clause (a scan of the clause per word was quadratic: 20,000 characters
        of «на» took 20 s)."""
        if clause not in self._attachable_at:
            self._attachable_at[clause] = [u.i for u in self.in_clause(clause) if kind_of(u.text) in ATTACHABLE]
        return self._attachable_at[clause]

    def unknown_name_card(self, t: Tok) -> bool:
        """«мой Болотник», «симб на копейщике»: a card name the lexicon does not know
        (``bot.reading.names.unknown_name``) — a card read as a creature while relations are
        read, ``kind_unknown`` (``settle_unknown_kinds`` decides whether a told fact makes it
        one). ``True`` when read."""
        if t.quote or t.pos not in _NAME_POS:
            return False        # neither test below reads a quote, a verb, a preposition …: most words stop here
        from bot.reading.names import display_name, same_name, unknown_name

        prev = self.tok(t.i - 1)
        on_host = prev is not None and prev.text == "на" and any(
            i != t.i for i in self._attachables(t.clause))
        card = next((c for c in self.r.cards.values() if c.kind_unknown and same_name(c.name, t)), None)
        if not (card is not None and not t.quote and t.pos in ("NOUN", "ADJS", "ADJF", None)) and \
                not unknown_name(t, prev, self.w.owner_words, on_host):
            return False        # «Гремлина убили» opening a sentence: the name read before
        if card is None:
            card = self.new_card("creature", t.i, "neut")
            card.name, card.kind_unknown = display_name(t), True
        card.mentions.append(t.i)
        self.mention[t.i] = card.key
        self.use(t.i)
        return True

    def settle_unknown_kinds(self) -> None:
        """A card named without a kind stays a creature only when a told fact makes it one:
        a symbiote, parasite or equipment told lying on it (only a creature carries one,
        209.1, 212.1) — not when placing one on it is what is asked. Otherwise its name goes
        to ``unknown_names``: the kind decides the answer, so it is asked, not guessed."""
        a = self.r.asked
        for c in self.r.cards.values():
            if not c.kind_unknown:
                continue
            asked_on = a is not None and a.what == "place" and a.on == c.key
            carried = any(x.host == c.key and x.kind in ATTACHABLE and not (asked_on and x.key == a.card)
                          for x in self.r.cards.values())
            if carried and not asked_on:
                continue
            name = c.name[:1].upper() + c.name[1:]
            if name not in self.r.unknown_names:
                self.r.unknown_names.append(name)

    def negated_predicate(self, t: Tok, kind: str | None, trait_noun: str | None) -> bool:
        """«сущ с классом, не летун, не бестелесное и не симб»: a kind or trait noun after «не»
        in the nominative, with a card or pronoun before it in its sentence, says what that
        card is not — no card of its own. Kept in ``self.negated`` and given to the nearest
        creature before it once pronouns are resolved (``read_negated_predicates``). «на не
        летуна» (after «на») is a creature without the trait. ``True`` when read so."""
        p1 = self.tok(t.i - 1)
        if p1 is None or p1.text != "не" or p1.sent != t.sent:
            return False
        p2 = self.tok(t.i - 2)
        if p2 is not None and p2.text == "на" and p2.clause == t.clause:
            if not trait_noun:
                return False
            card = self.new_card("creature", t.i, "neut")
            card.traits[trait_noun] = False
            card.mentions.append(t.i)
            self.mention[t.i] = card.key
            self.use(t.i, p1.i)
            return True
        if t.case not in ("nomn", None):
            return False
        if not any(u.sent == t.sent and (u.i in self.mention or u.text in _PRONOUN_FORMS) for u in self.toks[:p1.i]):
            return False
        self.negated.append((t.i, kind, trait_noun))
        return True

    def read_negated_predicates(self) -> None:
        """The negated kind / trait nouns of ``negated_predicate``, given to the nearest card
        mentioned before them in their sentence when it is a creature: «не летун» — not
        flying, «не симб» — not a symbiote (a creature of another kind than the noun names
        is that already; a creature named «не существо» is a contradiction). A noun with no
        such creature before it stays unread."""
        for i, kind, trait in self.negated:
            t = self.toks[i]
            before = [j for j in range(i - 2, -1, -1) if self.toks[j].sent == t.sent and j in self.mention]
            if not before:
                continue
            card = self.r.cards[self.mention[before[0]]]
            if card.kind != "creature":
                continue
            if trait:
                self.set_trait(card, trait, False, i)
            elif kind == "creature":
                self.r.contradictions.append(f"{card.ru()} названо и существом, и не существом")
            card.not_kinds.add(kind or trait)
            self.use(i, i - 1)

    def substantive_owner(self, t: Tok) -> bool:
        """«паразита можно на своего?», «на чужих?»: an owner word after «на» with no card noun
        after it stands for a creature of that owner (``True`` when read)."""
        who = "me" if t.lemma in self.w.owner_me else "opponent" if t.lemma in self.w.owner_opponent else None
        if who is None:
            return False
        p1, nxt = self.tok(t.i - 1), self.tok(t.i + 1)
        other = None
        if p1 is not None and p1.lemma in ("другой", "иной") and self.tok(t.i - 2) is not None:
            other, p1 = p1, self.tok(t.i - 2)       # «на другое своё»: another creature of that owner
        if who is None or t.pos not in ("ADJF", "NPRO", None) or p1 is None or p1.text != "на" or p1.clause != t.clause:
            return False
        if nxt is not None and nxt.clause == t.clause and (kind_of(nxt.text) or name_of(nxt.text) or nxt.pos == "NOUN"):
            return False
        card = self.new_card("creature", t.i, "neut")
        card.owner = who
        card.own_word = t.lemma == "свой"
        card.mentions.append(t.i)
        self.mention[t.i] = card.key
        self.use(t.i, other.i if other is not None else None)
        return True

    def substantive_trait(self, t: Tok) -> bool:
        """«на бестелесного», «на не летающего»: a trait adjective after «на» with no card
        noun after it stands for a creature with that trait."""
        tr = self.trait_of(t)
        if tr is None:
            return False
        p1, p2 = self.tok(t.i - 1), self.tok(t.i - 2)
        neg = p1 is not None and p1.text in _NEG
        on = p2 if neg else p1
        if (on is None or on.text != "на" or on.clause != t.clause) and not self.trait_subject(t, neg):
            return False
        nxt = self.tok(t.i + 1)
        if nxt is not None and nxt.clause == t.clause and (kind_of(nxt.text) or name_of(nxt.text) or nxt.pos == "NOUN"):
            return False
        card = self.new_card("creature", t.i, "neut")
        card.traits[tr[0]] = tr[1] != neg
        card.mentions.append(t.i)
        self.mention[t.i] = card.key
        self.use(t.i, p1.i if neg else None)
        return True

    def trait_subject(self, t: Tok, neg: bool) -> bool:
        """«бестелесный может шмотку носить?», «может ли не летающий …»: a trait adjective in the
        nominative that opens its clause (after «а», «может», «ли», «разве» at most), with no card
        named before it in its sentence — the creature with that trait is the subject."""
        if t.pos != "ADJF" or t.case != "nomn" or any(j in self.mention for j in range(t.i)
                                                      if self.toks[j].sent == t.sent):
            return False        # «у эльфа есть симб, бестелесный»: it describes the card named before
        k = t.i - (2 if neg else 1)
        while k >= 0 and self.toks[k].clause == t.clause:
            if self.toks[k].text not in ("а", "может", "ли", "разве", "и", "ну"):
                return False
            k -= 1
        return True

    def host_card(self, t: Tok) -> CardInfo:
        """«хозяин» — the creature an attachable card lies on; «хозяин симба / шмотки»
        names that card right after it."""
        nxt = self.tok(t.i + 1)
        for c in self.cards_of(("creature",)):
            if c.is_host_role or any(a.host == c.key for a in self.r.cards.values()):
                return c
        creatures = self.cards_of(("creature",))
        c = creatures[0] if creatures else self.new_card("creature", t.i, "masc")
        c.is_host_role = True
        _ = nxt
        return c

    # ------------------------------------------------------------------ pronouns
    def resolve_pronouns(self) -> None:
        # the words that name a card, in order (a pronoun resolved here is one for the later ones):
        # a pronoun looks back over these, nearest first, not over every word before it
        # (20,000 characters of «он» took 23 s); ``_PRONOUN_REACH`` of them at most
        named = sorted(self.mention)
        what_q: dict[int, bool] = {}
        for t in self.toks:
            genders = _PRONOUN_GENDERS.get(_PRONOUN_FORMS.get(t.text, ""))
            if genders is None or t.i in self.mention:
                continue
            before = named[max(0, bisect_left(named, t.i) - _PRONOUN_REACH):bisect_left(named, t.i)][::-1]
            if t.text in ("его", "ее", "её", "их") and self.tok(t.i + 1) is not None and self.tok(t.i + 1).i in self.mention \
                    and self.tok(t.i + 1).clause == t.clause:
                self.use(t.i)       # «его хозяин»: a possessive before a card noun
                continue
            best = None
            # «что с ним?» in the asked sentence: the fate asked is an attached card's
            prev = self.tok(t.i - 1)
            if t.sent not in what_q and prev is not None and prev.text in ("с", "со"):
                what_q[t.sent] = any(u.text in ("что", "чё", "че") for u in self.in_sent(t.sent))
            fate_q = t.sent == self.asked_sent and prev is not None and prev.text in ("с", "со") and what_q[t.sent]
            if fate_q:
                for j in before:
                    key = self.mention.get(j)
                    if key and self.r.cards[key].kind in ATTACHABLE and self.toks[j].clause != t.clause \
                            and self.r.cards[key].gender in genders:
                        best = self.r.cards[key]
                        break
            # «хочу ему ещё один доспех накинуть»: a dative pronoun by a placing verb is the creature it goes on
            recipient = t.case == "datv" and any(u.lemma in self.w.place_verbs for u in self.in_clause(t.clause))
            # «на сущ висит оружие. хочу надеть на него ещё одно оружие»: what a card is put on is a creature
            # before a piece of equipment (no card lies on equipment); the equipment only when no creature fits
            onto = prev is not None and prev.text == "на" and any(u.lemma in self.w.place_verbs for u in self.in_clause(t.clause))
            # «противник переложил его на моего эльфа», «посадил её на орка»: the object of a placing verb
            # right before the place it goes to is the attached card moved, not a creature named before
            nxt = self.tok(t.i + 1)
            moved = t.case in ("accs", "gent") and nxt is not None and nxt.clause == t.clause and nxt.text in ("на", "с", "со") \
                and self.placing_onto_after(t)     # per clause once: 20,000 pronouns in one clause stay linear
            if moved:
                for j in before:
                    key = self.mention.get(j)
                    c = self.r.cards[key] if key else None
                    if c is None or c.kind not in ATTACHABLE or self.toks[j].clause == t.clause:
                        continue
                    g = self.toks[j].gender if self.toks[j].gender in ("masc", "femn", "neut") else c.gender
                    if g in genders or c.gender in genders:
                        best = c
                    break
            # «его переложили на гнома», «её пересадили на мага»: a placing verb between the pronoun and «на»
            # too — the creature named last is not what is put on a creature (209.3, 212.1)
            moved = moved or not recipient and not onto and (prev is None or prev.text not in _LOCATING | {"с", "со", "к", "от"}) \
                and self.placing_onto_after(t)
            fallback = None
            for j in before:
                if best is not None:
                    break
                key = self.mention.get(j)
                if key is None:
                    continue
                c = self.r.cards[key]
                if recipient and c.kind != "creature" or moved and c.kind not in ATTACHABLE:
                    continue
                if onto and c.kind == "equipment":
                    g0 = self.toks[j].gender if self.toks[j].gender in ("masc", "femn", "neut") else c.gender
                    if fallback is None and (g0 in genders or c.gender in genders) and self.toks[j].clause != t.clause:
                        fallback = c
                    continue
                g = self.toks[j].gender if self.toks[j].gender in ("masc", "femn", "neut") else c.gender
                if g not in genders and c.gender not in genders:
                    continue
                if self.toks[j].clause == t.clause or any(
                        self.toks[k].clause == t.clause for k in c.mentions
                        if k != t.i and self.toks[k].lemma not in self.w.host_words):   # «оно … её хозяином?»: a role, no name
                    continue        # «симба на него»: a pronoun does not stand for a card named in its own clause
                opener = next(iter(self.in_clause(t.clause)), None)
                if opener is not None and opener.lemma == "который" and self.toks[j].clause == t.clause - 1:
                    continue        # «симбиот, который был на нём»: not the card the relative clause describes
                best = c
                break
            if best is None and fallback is not None:
                best = fallback
            if best is not None:
                self.mention[t.i] = best.key
                best.mentions.append(t.i)
                self.use(t.i)
                insort(named, t.i)

    def placing_onto_after(self, t: Tok) -> bool:
        """Whether ``t``'s clause has a placing or replacing verb and a «на» after ``t`` (per clause
        once: a message of 20,000 pronouns in one clause is read in linear time)."""
        memo = self._placing_clauses
        got = memo.get(t.clause)
        if got is None:
            words = self.in_clause(t.clause)
            verb = any(u.lemma in self.w.place_verbs or u.lemma in self.w.replace_verbs for u in words)
            got = memo[t.clause] = max((u.i for u in words if u.text == "на"), default=-1) if verb else -1
        return got > t.i

    # ------------------------------------------------------------------ traits, class, owner
    def set_trait(self, card: CardInfo, trait: str, value: bool, at: int) -> None:
        if trait in card.traits and card.traits[trait] != value:
            g = "neut" if card.name else _KIND_GENDER.get(card.kind, "masc")
            said = {"flying": "летающим", "incorporeal": "бестелесным"}[trait]
            self.r.contradictions.append(f"{card.ru()} назван{'' if g == 'masc' else 'а' if g == 'femn' else 'о'} "
                                         f"и {said}, и не {said}")
        card.traits[trait] = value

    def card_near(self, t: Tok, prefer_next: bool = True, kinds: tuple[str, ...] | None = None,
                  subject: bool = False) -> CardInfo | None:
        """The card a modifier at ``t`` describes: a card noun right after it (up to two words,
        same clause), else the nearest card mentioned before it in its sentence — with
        ``subject`` (a predicate adjective) not one in a place phrase of its clause («симб на
        нём бестелесный»: the symbiote) while another card is there."""
        def ok(key: str) -> bool:
            return kinds is None or self.r.cards[key].kind in kinds
        if prefer_next:
            for j in (t.i + 1, t.i + 2, t.i + 3):
                u = self.tok(j)
                if u is None or u.sent != t.sent or u.clause != t.clause:
                    break       # «все сущи летающие, симбиота …»: a card after the comma is another clause's
                if j in self.mention and ok(self.mention[j]) and u.pos == "NOUN" or j in self.mention and ok(self.mention[j]) and j - t.i == 1:
                    return self.r.cards[self.mention[j]]
                if u.pos not in ("ADJF", "ADJS", "PRTF", "PRTS", "ADVB", "PRCL", None) and u.text not in ("не",):
                    break
        # before it: «симб на нём бестелесный» describes the subject, not the card after «на»
        # (at most ``_NEAR_REACH`` words back: a scan to the sentence's start per word was
        # quadratic — 20,000 characters of «мой» in one sentence took 12 s)
        located = None
        for j in range(t.i - 1, max(-1, t.i - 1 - _NEAR_REACH), -1):
            u = self.toks[j]
            if u.sent != t.sent:
                break
            if j in self.mention and ok(self.mention[j]):
                p = self.tok(j - 1)
                if subject and p is not None and p.text in _LOCATING and p.clause == u.clause and u.clause == t.clause:
                    located = located or self.r.cards[self.mention[j]]
                    continue
                return self.r.cards[self.mention[j]]
        if located is not None:
            return located
        for j in range(t.i + 1, min(len(self.toks), t.i + 1 + _NEAR_REACH)):
            u = self.toks[j]
            if u.sent != t.sent:
                break
            if j in self.mention and ok(self.mention[j]):
                return self.r.cards[self.mention[j]]
        return None

    def trait_of(self, t: Tok) -> tuple[str, bool] | None:
        if t.lemma in self.w.negated_traits:
            return self.w.negated_traits[t.lemma], False
        if t.lemma in self.w.traits:
            return self.w.traits[t.lemma], True
        if t.text.startswith("небестелес"):
            return "incorporeal", False
        if t.text.startswith("бестелес"):
            return "incorporeal", True
        if t.text.startswith(("летающ", "летун")):
            return "flying", True
        return None

    def read_traits(self) -> None:
        for t in self.toks:
            if t.i in self.r.used or t.quote:
                continue
            tr = self.trait_of(t)
            if tr is None:
                continue
            trait, value = tr
            prev = self.tok(t.i - 1)
            if prev is not None and prev.text in _NEG and prev.sent == t.sent:
                value = not value
                self.use(prev.i)
            if self.event_before(t):
                self.complement.add(t.i)
                continue
            card = self.card_near(t, subject=True)
            if card is None or t.pos == "NOUN" and not any(
                    self.toks[j].clause == t.clause for j in card.mentions):
                continue        # «бестелесность ведь не мешает»: a trait noun speaks of a card of its own clause
            self.set_trait(card, trait, value, t.i)
            self.use(t.i)

    def event_before(self, t: Tok) -> bool:
        """``t`` is the argument of an event verb just before it in its clause («стал летающим»,
        «сделали бестелесным», «перестал быть небестелесным», «дали полёт»)."""
        for k in (1, 2, 3, 4):
            p = self.tok(t.i - k)
            if p is None or p.clause != t.clause:
                return False
            if self.is_event_lemma(p, ("gain", "lose")):
                return True
        return False

    def read_class(self) -> None:
        for t in self.toks:
            if t.lemma not in self.w.class_word or t.i in self.r.used:
                continue
            prev = self.tok(t.i - 1)
            if prev is not None and prev.text in ("с", "со") and prev.clause == t.clause:
                # «сущ с классом»: the creature before it has a class (212.2)
                kinds = ("creature", "symbiote", "parasite")
                card = self.card_near(t, prefer_next=False, kinds=kinds)
                if card is not None:
                    if card.has_class is False:
                        self.r.contradictions.append("существо названо и с классом, и без класса")
                    card.has_class = card.class_said = True
                    self.use(prev.i, t.i)
            elif prev is not None and prev.text in ("без", "нет"):
                kinds = ("creature", "symbiote", "parasite")     # a symbiote is a creature with a class (209)
                card = self.card_near(t, prefer_next=False, kinds=kinds) or self.card_near(t, kinds=kinds)
                if card is not None:
                    if card.has_class is True:
                        self.r.contradictions.append("существо названо и с классом, и без класса")
                    card.has_class = False
                    self.use(prev.i, t.i)

    def read_owners(self) -> None:
        for t in self.toks:
            if t.i in self.r.used or t.quote:
                continue
            if t.lemma in self.w.owner_me or t.text in ("меня", "мне", "моих", "моим"):
                who = "me"
            elif t.lemma in self.w.owner_opponent:
                who = "opponent"
            else:
                continue
            if t.lemma == "я" and t.case == "nomn":
                self.use(t.i)           # «я посадил»: the asker acts
                continue
            if t.lemma == "свой" and any(u.lemma in self.w.owner_opponent and u.case == "nomn" and u.pos == "NOUN"
                                        for u in self.in_clause(t.clause) if u.i < t.i):
                who = "opponent"        # «противник переложил его на своего рыцаря»: «свой» is the agent's
            if t.pos == "NOUN" and t.case == "nomn" and any(
                    u.pos == "VERB" and u.clause == t.clause for u in self.toks[t.i + 1:t.i + 3]) \
                    and t.i + 1 < len(self.toks) and self.toks[t.i + 1].i not in self.mention:
                self.use(t.i)           # «противник (особенностью) превратил …»: the agent of an event owns no card told
                verb = next((u for u in self.toks[t.i + 1:t.i + 4] if u.pos in ("VERB", "INFN") and u.clause == t.clause
                             and u.lemma in self.w.place_verbs), None)     # «противник (может) положить …»
                if who == "opponent" and verb is not None:
                    # «противник положил паразита на своё / моё существо»: the card he puts is his own (209.1)
                    for j in range(verb.i + 1, min(verb.i + 4, len(self.toks))):
                        c = self.r.cards.get(self.mention.get(j, ""))
                        if c is not None and c.kind in ATTACHABLE and c.owner is None and self.toks[j].clause == t.clause \
                                and not (self.tok(j - 1) is not None and self.tok(j - 1).lemma in self.w.owner_me):
                            c.owner = "opponent"
                            # the creature it goes on, no owner told: where such a card is put — his own for a
                            # symbiote or equipment, the asker's for a parasite (209.1, 212.1)
                            on = self.on_target(verb)
                            if on is not None and on[1].kind == "creature" and on[1].owner is None \
                                    and not any(self.toks[k].lemma in self.w.owner_me | self.w.owner_opponent
                                                for k in (on[0] - 1, on[0] - 2) if k >= 0):
                                on[1].owner = "me" if c.kind == "parasite" else "opponent"
                            break
                continue
            prev = self.tok(t.i - 1)
            if t.text in ("меня", "мне") and prev is not None and prev.text == "у":
                card = self.card_near(t, prefer_next=True)
                self.use(prev.i)
            elif t.pos == "NOUN" and t.case in ("gent",):   # «существо противника»
                card = self.card_near(t, prefer_next=False)
            else:
                card = self.card_near(t)
            if card is None:
                continue
            if card.owner is not None and card.owner != who and t.lemma != "свой" and self.restating(t, card):
                name = f"«{card.name.capitalize()}»" if card.name else KIND_RU[card.kind]
                line = f"{name} — и ваша карта, и карта противника"
                if line not in self.r.contradictions:
                    self.r.contradictions.append(line)
            card.owner = who
            card.own_word = card.own_word or t.lemma == "свой"
            self.use(t.i)

    def read_kind_statements(self) -> None:
        """«у меня орк. это артефакт», «мой артефакт — существо»: a sentence that only says
        what a card named before is, naming another kind — the question contradicts itself.
        A symbiote called a parasite (or back) is not contradictory (a parasite is a kind of
        symbiote, 209.1); a reasoning particle («паразит это ж тоже симбиот») makes it the
        asker's argument (``bot.reading.reasoning``), not a told fact."""
        from bot.vocab import words as vocab_words

        particles = vocab_words("reasoning_particles") | {"тоже", "также"}
        for k in range(self.asked_sent):
            sent = self.in_sent(k)
            if any(u.pos in ("VERB", "INFN") or u.text in particles or u.quote for u in sent):
                continue
            said = [u for u in sent if u.i in self.mention]
            rest = [u for u in sent if u.i not in self.mention and u.text != "это" and u.lemma not in self.w.owner_me
                    and u.lemma not in self.w.owner_opponent and u.text not in ("у", "меня")]
            if rest or not said or len(said) > 2 or any(u.lemma in self.w.host_words or u.case not in ("nomn", None)
                                                        for u in said):
                continue        # «хозяин моего паразита — существо противника»: a role, no kind said twice
            kinds = {kind_of(u.text) or ("creature" if name_of(u.text) else None) for u in said}
            first = self.r.cards[self.mention[said[0].i]]
            if len(said) == 1 and any(u.text == "это" for u in sent) and said[0].i == first.mentions[0]:
                prev = [c for c in self.r.cards.values() if c.key != first.key and c.mentions and c.mentions[0] < said[0].i
                        and self.toks[c.mentions[-1]].sent == k - 1]
                if len(prev) == 1:
                    kinds.add(prev[0].kind)
                    first = prev[0]
            kinds.discard(None)
            if len(kinds) == 2 and kinds != {"symbiote", "parasite"}:
                name = f"«{first.name.capitalize()}»" if first.name else KIND_RU[first.kind]
                others = sorted(KIND_RU[x] for x in kinds if x != first.kind)
                self.r.contradictions.append(f"{name} — и {KIND_RU[first.kind]}, и {', '.join(others)}")

    def read_kind_relatives(self) -> None:
        """«артефакт, который является существом», «местность, являющаяся артефактом»: a card
        told in a relative clause (``kind_is_verbs`` of the ``reader`` lexicon, not past, not
        negated) to be of another kind contradicts itself — a card is of one kind (210, 211,
        212; a symbiote or a parasite is a creature, 209.1, so «орк, который является
        симбиотом» is none)."""
        def family(k: str | None) -> str | None:
            return "creature" if k in ("creature", "symbiote", "parasite") else k

        for t in self.toks:
            if t.lemma not in self.w.kind_is_verbs or t.tense == "past" or t.i + 1 >= len(self.toks):
                continue
            k = t.i - 1 - (t.i >= 2 and self.toks[t.i - 1].lemma == "который")
            said_tok = self.toks[t.i + 1]
            if k < 0 or k not in self.mention or self.toks[k].sent != t.sent or said_tok.sent != t.sent:
                continue
            first = kind_of(self.toks[k].text) or ("creature" if name_of(self.toks[k].text) else None)
            said = kind_of(said_tok.text) or ("creature" if name_of(said_tok.text) else None)
            if first is None or said is None or family(first) == family(said):
                continue
            card = self.r.cards[self.mention[k]]
            name = f"«{card.name.capitalize()}»" if card.name else "карта"
            line = f"{name} — и {KIND_RU[first]}, и {KIND_RU[said]}, а у карты один вид"
            if line not in self.r.contradictions:
                self.r.contradictions.append(line)
            self.use(t.i, t.i + 1)

    def restating(self, t: Tok, card: CardInfo) -> bool:
        """The owner word ``t`` restates what ``card`` is in a sentence of its own that names no
        action — «это симб противника», «орк — мой» (after «на моём орке …»): not a second card
        of that kind in a story («у меня орк, у противника орк» stays two owners told of one
        noun, which the reader does not split)."""
        sent = self.in_sent(t.sent)
        if any(u.pos in ("VERB", "INFN") and u.lemma not in ("быть", "являться") for u in sent):
            return False
        if t.sent == self.asked_sent or not any(k in card.mentions for k in (u.i for u in sent)):
            return False
        if not any(self.toks[k].sent != t.sent for k in card.mentions):
            return False        # both owners told in one sentence
        return any(u.text == "это" for u in sent) or (t.i == sent[-1].i and t.pos in ("ADJF", "ADJS"))

    # ------------------------------------------------------------------ relations and events
    def clause_cards(self, t: Tok, exclude: set[int] = frozenset()) -> list[tuple[int, CardInfo]]:
        a, b = self._clauses.get(t.clause, (0, 0))
        return [(j, self.r.cards[self.mention[j]]) for j in range(a, b)
                if j in self.mention and j not in exclude and j not in self.complement]

    def on_target(self, t: Tok) -> tuple[int, CardInfo] | None:
        """The card after «на» in ``t``'s clause («на орка», «на него»); «на рассадке симба»:
        a noun in the prepositional that is no card ends the search after that «на»."""
        a, b = self._clauses.get(t.clause, (0, 0))
        for j in range(a, b):
            u = self.toks[j]
            if u.text != "на":
                continue
            for k in (j + 1, j + 2, j + 3):
                if k in self.mention and self.toks[k].clause == t.clause:
                    self.use(j)
                    return k, self.r.cards[self.mention[k]]
                u = self.tok(k)
                if u is not None and (u.pos == "NOUN" and u.case in ("loct", "datv") or u.pos in ("VERB", "INFN")) \
                        and u.lemma not in self.w.owner_me and u.lemma not in self.w.owner_opponent:
                    break       # «на рассадке (посадил) симба»: «на» there says when, not on what
        if t.lemma in self.w.place_verbs:   # «нацепить существу», «ему … накинуть»: the creature in the dative
            for k in (t.i + 1, t.i + 2, t.i - 1, t.i - 2, t.i - 3, t.i - 4):
                u = self.tok(k)
                if u is not None and u.clause == t.clause and k in self.mention and u.case == "datv" \
                        and self.r.cards[self.mention[k]].kind == "creature":
                    return k, self.r.cards[self.mention[k]]
        return None

    def attach(self, subj: CardInfo, host: CardInfo) -> None:
        if subj.key == host.key:
            return
        subj.host = host.key

    def read_relations(self) -> None:
        for t in self.toks:
            lem = t.lemma
            place = lem in self.w.place_verbs
            state = lem in self.w.attached_verbs or lem == "есть" or t.text == "есть"
            if not (place or state):
                continue
            if place and t.sent == self.asked_sent:
                continue            # the asked action, read by read_asked
            if place and (t.pos == "INFN"):
                continue            # «хочу её надеть»: an intended action, read by read_asked
            cards = self.clause_cards(t)
            on = self.on_target(t)
            subj = next((c for _, c in cards if c.kind in ATTACHABLE and (on is None or c.key != on[1].key)), None)
            host = on[1] if on else None
            if t.lemma == "носить":     # «существо носит экипировку»: the subject is the host
                host = next((c for _, c in cards if c.kind == "creature"), host)
            if t.text == "есть" or lem == "есть":   # «у гнома есть симб»
                u = next((j for j in range(t.i - 1, -1, -1) if self.toks[j].text == "у" and self.toks[j].clause == t.clause), None)
                if u is not None:
                    self.use(u)
                    host = next((c for j, c in cards if j < t.i and c.kind in ("creature",) + ATTACHABLE and c is not subj), host)
            if subj is None and host is not None and state and not any(c.kind in ATTACHABLE for _, c in cards if c.key != host.key):
                # «мой паразит небестелесный, сидит на вражеском орке»: the subject told before the comma
                before = [self.r.cards[self.mention[j]] for j in range(t.i - 1, -1, -1)
                          if j in self.mention and self.toks[j].sent == t.sent and self.toks[j].clause != t.clause]
                subj = before[0] if before and before[0].kind in ATTACHABLE and before[0].host is None else None
            if subj is None or host is None:
                continue
            if self.tok(t.i - 1) is not None and self.tok(t.i - 1).text == "не":
                subj.absent_from = host.key     # «на орке не сидит симб»: told not to lie there
                self.use(t.i, t.i - 1)
                continue
            self.attach(subj, host)
            self.use(t.i)
        # «симб на нём», «на ней две шмотки»: «на» + a card, an attachable card in the same clause, no verb
        for t in self.toks:
            if t.text != "на" or t.i in self.r.used:
                continue
            nxt = next((k for k in (t.i + 1, t.i + 2) if k in self.mention and self.toks[k].clause == t.clause), None)
            rel = self.tok(t.i + 1)
            if nxt is None and rel is not None and rel.lemma == "который":
                # «… моего гнома, на котором сидел мой симб»: the card the relative clause is about
                before = [j for j in range(t.i - 1, -1, -1) if j in self.mention and self.toks[j].sent == t.sent
                          and self.toks[j].clause < t.clause and self.r.cards[self.mention[j]].kind == "creature"]
                if before and self.toks[before[0]].clause == t.clause - 1:
                    nxt = before[0]
                    self.use(rel.i)
            if nxt is None:
                continue
            host = self.r.cards[self.mention[nxt]]
            if any(u.lemma in self.w.place_verbs or u.lemma in self.w.replace_verbs for u in self.in_clause(t.clause)):
                continue        # «хочу её надеть на летуна», «переложил его на эльфа»: a placing, not a card lying there
            subj = next((c for j, c in self.clause_cards(t) if c.kind in ATTACHABLE and c.key != host.key), None)
            first = next(iter(self.in_clause(t.clause)), None)
            if subj is None and first is not None and first.lemma == "который":
                # «симбиот, который был на нём»: the relative clause speaks of the card just before it
                self.use(first.i)
                before = [self.r.cards[self.mention[j]] for j in range(first.i - 1, -1, -1)
                          if j in self.mention and self.toks[j].clause == t.clause - 1]
                subj = before[0] if before and before[0].kind in ATTACHABLE else None
            if subj is None or t.sent == self.asked_sent and self.has_modal(t.sent):
                continue
            absent = [u for u in self.in_clause(t.clause) if (u.text in ("нет", "нету") or u.text == "не" and (
                self.tok(u.i + 1) is not None and self.tok(u.i + 1).lemma in self.w.attached_verbs))]
            if absent:
                # «на орке нет симба», «симба на нём ещё нет»: told not to lie there — no attachment
                subj.absent_from = host.key
                self.use(t.i, *(u.i for u in absent), *(u.i + 1 for u in absent if u.text == "не"))
                continue
            self.attach(subj, host)
            self.use(t.i)
        self.read_possessed()
        # «хозяин шмотки», «хозяина моего симба»: the host word names what lies on it
        for c in self.r.cards.values():
            if not c.is_host_role:
                continue
            for i in c.mentions:
                for k in (i + 1, i + 2):
                    if k in self.mention and self.r.cards[self.mention[k]].kind in ATTACHABLE:
                        self.attach(self.r.cards[self.mention[k]], c)
        # an attachable card with no host, one creature in the question: «хозяин» and pronouns already tie most
        hosts = self.cards_of(("creature",))
        for c in self.cards_of(ATTACHABLE):
            if c.host is None and len(hosts) == 1 and any(h.is_host_role for h in hosts):
                c.host = hosts[0].key

    def read_possessed(self) -> None:
        """«у моего тролля симбиот», «у орка противника паразит»: «у» + a creature in the genitive and
        an attachable card in the nominative after it, in a clause with no verb (the verbless «есть»)
        — the card lies on that creature (209.2, 212.1). Not in an asked sentence with a modal word
        («у орка симб — можно ещё одного?» asks a placing), nor for a card that has a host already."""
        for t in self.toks:
            if t.text != "у" or t.i in self.r.used:
                continue
            k = next((k for k in (t.i + 1, t.i + 2) if k in self.mention and self.toks[k].clause == t.clause), None)
            if k is None or self.toks[k].case != "gent" or self.r.cards[self.mention[k]].kind != "creature":
                continue
            clause = self.in_clause(t.clause)
            if any(u.pos in ("VERB", "INFN", "PRTS") for u in clause) or \
                    t.sent == self.asked_sent and self.has_modal(t.sent):
                continue
            host = self.r.cards[self.mention[k]]
            subj = [self.r.cards[self.mention[j]] for j in range(k + 1, clause[-1].i + 1)
                    if j in self.mention and self.toks[j].case == "nomn"
                    and self.r.cards[self.mention[j]].kind in ATTACHABLE and self.mention[j] != host.key]
            if len(subj) != 1 or subj[0].host is not None:
                continue
            self.attach(subj[0], host)
            self.use(t.i)
        self.read_possessive_host()

    def read_possessive_host(self) -> None:
        """«моему рыцарю дали полёт. что с его шмоткой?»: «его / её» right before an attached card
        with no host told names its host — the nearest creature named before it in an earlier
        clause whose gender fits (209.3, 212.1). Not when a creature of another gender, or a
        player («противник … его шмотка»), is named nearer, nor a creature told absent
        («ни одного сущ нет»)."""
        for t in self.toks:
            genders = {"его": ("masc", "neut"), "ее": ("femn",), "её": ("femn",)}.get(t.text)
            nxt = self.tok(t.i + 1)
            if genders is None or nxt is None or nxt.i not in self.mention or nxt.clause != t.clause:
                continue
            card = self.r.cards[self.mention[nxt.i]]
            if card.kind not in ATTACHABLE or card.host is not None:
                continue
            for j in range(t.i - 1, max(-1, t.i - _NEAR_REACH), -1):
                u = self.toks[j]
                if u.lemma in self.w.owner_words and u.pos == "NOUN" and u.case == "nomn" or u.lemma in ("я", "мы"):
                    break       # a player named nearer: the pronoun may be his
                key = self.mention.get(j)
                if key is None or key == card.key:
                    continue
                c = self.r.cards[key]
                g = u.gender if u.gender in ("masc", "femn", "neut") else c.gender
                told_absent = any(x.text in ("не", "ни", "нет", "нету") for x in self.in_clause(u.clause))
                if c.kind == "creature" and u.clause != t.clause and g in genders and not told_absent:
                    self.attach(card, c)
                break

    def has_modal(self, sent: int) -> bool:
        return any(t.lemma in self.w.modal or t.text in self.w.modal for t in self.in_sent(sent))

    def event_target(self, t: Tok) -> CardInfo | None:
        cards = self.clause_cards(t)
        opener = next(iter(self.in_clause(t.clause)), None)
        if not cards and opener is not None and opener.lemma == "который":
            # «на существе, которое стало бестелесным»: the card the relative clause describes
            before = [self.mention[j] for j in range(opener.i - 1, -1, -1)
                      if j in self.mention and self.toks[j].clause == t.clause - 1]
            if before:
                self.use(opener.i)
                return self.r.cards[before[0]]
        creatures = [c for _, c in cards if c.kind == "creature"]
        if creatures:
            return creatures[0]
        if cards:
            return cards[0][1]
        # «Потом орка застрелили»: an object in the next words of the sentence
        return None

    def read_had_abilities(self) -> None:
        """«у моего хозяина прыжок вместо движения», «у орка есть телепортация»: an ability «вместо
        движения» the card has (506.6) — what lets it jump, no event; its words are used when a
        card (or a pronoun for one) stands right after «у» before it."""
        from bot.reading.lexicon import section_sets

        jump = section_sets("movement")["jump"]
        for t in self.toks:
            if t.lemma not in jump or t.pos != "NOUN" or t.i in self.r.used:
                continue
            k, seen = t.i - 1, []
            while k >= 0 and self.toks[k].clause == t.clause and self.toks[k].text in ("есть",) + tuple(_PRONOUN_FORMS) \
                    or k >= 0 and k in self.mention and self.toks[k].clause == t.clause or \
                    k >= 0 and self.toks[k].lemma in self.w.owner_me and self.toks[k].clause == t.clause:
                seen.append(k)
                k -= 1
            if k < 0 or self.toks[k].text != "у" or not any(j in self.mention or self.toks[j].text in _PRONOUN_FORMS
                                                            for j in seen):
                continue
            words = [t.i, k, *(j for j in seen if j not in self.mention)]
            nxt, nxt2 = self.tok(t.i + 1), self.tok(t.i + 2)
            if nxt is not None and nxt.text == "вместо" and nxt2 is not None and nxt2.lemma == "движение":
                words += [nxt.i, nxt2.i]
            self.use(*words)

    def read_told_outcomes(self) -> None:
        """«бестелесный симб на нём выжил»: a survival the question tells in its set-up — checked
        against the simulation, never taken on trust (``Reading.told_stays``)."""
        for t in self.toks:
            if t.sent == self.asked_sent or t.i in self.r.used or t.lemma not in self.w.fate_stays:
                continue
            card = next((c for _, c in self.clause_cards(t) if c.kind in ATTACHABLE), None)
            if card is not None:
                self.r.told_stays.append(card.key)
                self.r.told_stays_at.setdefault(card.key, t.i)
                self.use(t.i)

    def follows_host_after(self, t: Tok) -> bool:
        """A ``reader.position_follow`` phrase («с ним», «за хозяином», «вместе с ним») right
        after the verb ``t`` in its clause: the verb tells a card going along with its host."""
        from bot.reading.hosts import _words as host_words
        from bot.reading.tokens import phrase_at

        follow = host_words()[2]
        return any(self.tok(k) is not None and self.toks[k].clause == t.clause and phrase_at(self.toks, k, p)
                   for k in (t.i + 1, t.i + 2) for p in follow)

    def read_event_means(self) -> None:
        """«сдвинули способкой на клетку влево», «стало симбиотом от какой-то способки», «поместил
        своей абилкой этого симба на своё сущ»: by what a told event or placing happened. The
        rules give the same outcome whatever ability, effect or strike caused it (209.3, 209.4,
        209.11, 212.1, 212.8), so a means word (``reader.means_words``) in the instrumental, or
        after ``reader.means_preps`` («от», «из-за», «с помощью»), in the clause of a told verb
        the reading modelled, is used, with its determiners (``reader.means_determiners``:
        «своей», «какой-то»). Not in the asked clause of a present verb: there the means may be
        what is asked («можно ли переместить его способкой?»)."""
        w = self.w
        verbs = {e.at for e in self.r.events}
        for i in self.r.used:
            t = self.toks[i]
            if t.lemma in w.place_verbs or t.lemma in w.replace_verbs:
                verbs.add(i)
        # «противник способкой переложил его на мага»: a told replacing, read later as the new host's placing
        verbs.update(t.i for t in self.toks if t.lemma in w.replace_verbs and t.tense == "past")
        for at in sorted(verbs):
            t = self.toks[at]
            if t.sent == self.asked_sent and t.tense != "past":
                continue
            for u in self.toks[max(0, at - 4):at + 6]:
                if u.clause != t.clause or u.i in self.r.used or u.i in self.mention or u.lemma not in w.means_words:
                    continue
                p = self.tok(u.i - 1)
                k = u.i - 1
                while p is not None and p.clause == u.clause and (p.lemma in w.means_determiners or p.text in w.means_determiners):
                    k -= 1
                    p = self.tok(k)
                prep = p is not None and p.clause == u.clause and p.text in w.means_preps
                if u.case != "ablt" and not prep:
                    continue
                self.use(*range(k + (0 if prep else 1), u.i + 1))

    def read_events(self) -> None:
        for t in self.toks:
            if t.lemma in self.w.trait_verbs and t.i not in self.r.used:     # «хозяин взлетел»: it gains the trait
                target = self.event_target(t)
                if target is not None and not (t.sent == self.asked_sent and not self.premise_clause(t)):
                    self.r.events.append(Event("gain", target.key, self.w.trait_verbs[t.lemma], t.i))
                    self.use(t.i)
                continue
            op = self.w.events.get(t.lemma)
            if op is None or t.i in self.r.used:
                continue
            if t.sent == self.asked_sent and self.is_asked_fate_word(t) and (not self.premise_clause(t) or any(
                    k in self.mention and self.r.cards[self.mention[k]].kind in ATTACHABLE and self.toks[k].case == "nomn"
                    and self.toks[k].clause == t.clause for k in (t.i - 1, t.i - 2))):
                continue        # «… симбиот помрёт?»: the asked fate of the card just before it
            if op == "leaves" and self.follows_host_after(t):
                continue        # «шмотка ушла с ним?», «уходит вместе с хозяином»: moving along with the host, not leaving
            target = self.event_target(t)
            if target is None and op in ("dies", "leaves", "gain", "lose", "close", "open"):
                target = self.elided_target(t)
            if target is None:
                continue
            if op == "summon":
                self.read_summon(t)
                continue
            if op in ("close", "open", "act"):
                if t.sent == self.asked_sent and op != "act":
                    continue
                self.r.events.append(Event(op, target.key, None, t.i))
                self.use(t.i)
                continue
            if op in ("dies", "leaves"):
                self.r.events.append(Event("die" if op == "dies" else "leave", target.key, None, t.i))
                self.use(t.i)
                for u in self.toks[max(0, t.i - 3):t.i + 4]:     # «убили разрядом», «ударом убили»: how it happened
                    if u.clause == t.clause and u.case == "ablt" and u.lemma in self.w.means_words and u.i not in self.mention:
                        p = self.tok(u.i - 1)
                        self.use(u.i, p.i if p is not None and p.lemma in ("свой", "мой", "его", "простой") else None)
                if op == "leaves":      # «вернулся в колоду»: where it went
                    for u in self.toks[t.i + 1:t.i + 4]:
                        if u.clause == t.clause and u.lemma in self.w.places_off_board:
                            self.use(u.i, u.i - 1 if self.toks[u.i - 1].text in ("в", "на") else None)
            elif op in ("gain", "lose"):
                arg = self.event_argument(t)
                if arg is None:
                    continue
                (what, positive), idx = arg
                gain = (op == "gain") == positive
                if what == "creature":
                    if gain:
                        continue
                    self.r.events.append(Event("gain", target.key, "artifact", t.i))   # stops being a creature
                elif what == "class":
                    self.r.events.append(Event("set_class", target.key, None, t.i))
                else:
                    self.r.events.append(Event("gain" if gain else "lose", target.key, what, t.i))
                self.use(t.i, *idx)
            elif op == "change":
                cls = next((u for u in self.toks[t.i + 1:t.i + 4] if u.lemma in self.w.class_word and u.clause == t.clause), None)
                if cls is None:
                    cls = next((u for u in self.toks[max(0, t.i - 3):t.i] if u.lemma in self.w.class_word and u.clause == t.clause), None)
                if cls is None:
                    continue
                used = [t.i, cls.i]
                tail = self.toks[cls.i + 1:cls.i + 3]
                if len(tail) == 2 and tail[0].text == "на" and tail[1].lemma in ("другой", "иной", "новый"):
                    used += [tail[0].i, tail[1].i]
                self.r.events.append(Event("set_class", target.key, "другой класс", t.i))
                self.use(*used)

    def elided_target(self, t: Tok) -> CardInfo | None:
        """The creature an event verb with no card in its own clause acts on, told earlier in its
        sentence (not the asked one): «гнома сначала закрыли, потом убили» — the creature of the event
        just before it in the sentence; «орка, на котором висит меч, убили» — the creature the
        sentence opens with, only relative clauses («на котором …») between. ``None`` otherwise."""
        if t.sent == self.asked_sent or self.clause_cards(t):
            return None
        earlier = [e for e in self.r.events if self.toks[e.at].sent == t.sent and e.at < t.i
                   and self.r.cards[e.card].kind == "creature"]
        if earlier and self.toks[earlier[-1].at].clause == t.clause - 1:
            return self.r.cards[earlier[-1].card]
        sent = self.in_sent(t.sent)
        first = sent[0] if sent else None
        if first is None or first.i not in self.mention or self.r.cards[self.mention[first.i]].kind != "creature":
            return None
        between = range(first.clause + 1, t.clause)
        if len(between) and all(any(u.lemma == "который" for u in self.in_clause(c)) for c in between) \
                and not any(u.pos in ("VERB",) for u in self.in_clause(first.clause)):
            return self.r.cards[self.mention[first.i]]
        return None

    def read_summon(self, t: Tok) -> None:
        """«Вызвал симбиота», «возродил экипировку [на орка]»: the card enters play by a
        summoning ability — on the card the text names, else on none (it dies, 209.8, 212.6).
        «в тексте не сказано, куда его поместить» says no host is named."""
        card = next((c for _, c in self.clause_cards(t) if c.kind in ATTACHABLE), None)
        if card is None:
            nxt = next((self.r.cards[self.mention[j]] for j in range(t.i + 1, min(t.i + 4, len(self.toks)))
                        if j in self.mention and self.r.cards[self.mention[j]].kind in ATTACHABLE), None)
            card = nxt
        if card is None:
            return
        on = self.on_target(t)
        card.summoned = True
        self.r.events.append(Event("summon", card.key, on[1].key if on else None, t.i))
        self.use(t.i)
        # «в тексте (ничего) не сказано, куда / на кого его поместить»
        for u in self.toks:
            if u.lemma in self.w.no_host_told and u.i not in self.r.used:
                near = self.toks[max(0, u.i - 3):u.i + 6]
                if any(x.text in ("не", "без", "нет", "ни") for x in near[:4]) and any(x.lemma in self.w.place_verbs for x in near):
                    for x in near:
                        if x.text in ("не", "без", "нет", "ни", "ничего", "куда", "кого", "на", "в", "тексте", "карты") \
                                or x.lemma in self.w.place_verbs \
                                or x.lemma == "текст" or x.lemma in self.w.no_host_told or x.i in self.mention:
                            self.use(x.i)
                            if x.i not in self.mention:
                                self.untold.add(x.i)
        # «про хозяина в тексте ничего», «о том, куда класть, в тексте нет»: no host named, no verb
        silent = ("ничего", "нет", "ни", "нету")
        for u in self.toks:
            if u.lemma != "текст" or u.i in self.r.used:
                continue
            clause = [x for x in self.toks if x.clause == u.clause]
            if not any(x.text in silent for x in clause) or not any(
                    x.lemma in self.w.host_words or x.text in ("куда", "кого") or x.lemma in self.w.place_verbs for x in clause):
                continue
            for x in clause:
                if x.text in silent or x.text in ("про", "о", "об", "в", "тексте", "карты", "куда", "кого", "на", "его", "её", "ее",
                                                  "том") or x.lemma in self.w.host_words or x.lemma in self.w.place_verbs \
                        or x.lemma == "текст" or x.lemma in self.w.no_host_told:
                    self.use(x.i)
                    self.untold.add(x.i)

    def event_argument(self, t: Tok) -> tuple[tuple[str, bool], list[int]] | None:
        """What is gained / lost: the trait or kind word after the verb in its clause
        («стал летающим», «перестал быть небестелесным», «стало симбиотом», «потерял класс»)."""
        for k in range(t.i + 1, min(t.i + 5, len(self.toks))):
            u = self.toks[k]
            if u.clause != t.clause:
                break
            if u.lemma == "быть":
                self.use(u.i)
                continue
            neg = k > 0 and self.toks[k - 1].text in _NEG
            tr = self.trait_of(u)
            if tr is not None:
                return (tr[0], tr[1] != neg), [u.i, *( [k - 1] if neg else [])]
            kind = kind_of(u.text)
            if kind is not None and u.i in self.complement:
                return (kind, True), [u.i]
            if u.lemma in self.w.class_word:
                return ("class", False), [u.i]
        return None

    # ------------------------------------------------------------------ asked proposition
    def premise_clause(self, t: Tok) -> bool:
        """An event word of the asked sentence that tells the premise, not the asked fate:
        its clause opens with «если / когда / после» or names a creature («если его хозяин погиб»)."""
        clause = self.in_clause(t.clause)
        if clause and clause[0].text in ("если", "когда", "после", "раз"):
            return True
        if any(u.text == "ли" for u in clause):
            return False        # «погибнет ли он?»: the asked clause
        if t.tense == "futr" and any(u.text in ("если", "когда", "раз") and u.clause < t.clause
                                     for u in self.in_sent(t.sent)):
            return False        # «если симба положить на летуна, он умрёт?»: the consequence asked, not a premise
        return any(self.mention.get(u.i) and self.r.cards[self.mention[u.i]].kind == "creature" for u in clause)

    def is_asked_fate_word(self, t: Tok) -> bool:
        return t.lemma in self.w.fate_stays or t.lemma in self.w.fate_gone

    def read_untouched_moves(self) -> None:
        """«ещё не ходил в этот ход»: a card that has not moved yet is the model's default state;
        «паразит (то) движение не объявлял»: an attached card that declared no movement of its
        own is one too (it goes with its host, 209.11)."""
        for t in self.toks:
            p = self.tok(t.i - 1)
            if t.lemma in ("объявлять", "объявить", "заявлять", "делать") and p is not None and p.text == "не" \
                    and t.sent != self.asked_sent:
                noun = next((u for u in self.toks[max(0, t.i - 3):t.i + 3] if u.clause == t.clause and u.lemma == "движение"), None)
                card = next((u for u in self.toks[max(0, t.i - 4):t.i] if u.clause == t.clause and u.i in self.mention
                             and self.r.cards[self.mention[u.i]].kind in ATTACHABLE), None)
                if noun is not None and card is not None:
                    self.use(p.i, t.i, noun.i)
                    continue
            if t.lemma in self.w.move_verbs and t.sent != self.asked_sent and p is not None and p.text == "не":
                self.use(p.i, t.i)
                for u in self.toks[t.i + 1:t.i + 4]:
                    if u.clause == t.clause and u.text in ("в", "этот", "ход", "этом", "ходу"):
                        self.use(u.i)

    def read_asked(self) -> None:
        sent = self.in_sent(self.asked_sent)
        if not sent:
            return
        opens = {}
        for t in sent:
            opens.setdefault(t.clause, t.i)
        # «на какие сущи»: «какой» asks; «…, когда хозяин летающий?»: a clause opened by «когда / что» is subordinate
        lead = sent[0].text in ("если", "когда", "после", "раз", "пока", "хотя")     # «если …, кто его хозяин?»: the main clause asks
        yes_no = not any((t.text in _WH or t.lemma in _WH) and t.i not in self.untold and not (
            not lead and t.text in ("когда", "что", "как", "где", "куда") and t.clause != sent[0].clause and opens[t.clause] == t.i)
            for t in sent)
        # «…, в тексте не сказано куда его помещать, он выживет?»: the placing told not said is no asked placing
        place = next((t for t in sent if t.lemma in self.w.place_verbs and t.i not in self.untold
                      and not self.makes_defender(t) and not self.role_after(t)), None)
        modal = [t for t in sent if t.lemma in self.w.modal or t.text in self.w.modal]
        neg_word = None
        for m in modal:
            self.use(m.i)
            p = self.tok(m.i - 1)
            nxt = self.tok(m.i + 1)
            if m.text == "нельзя" and (nxt is not None and nxt.text == "ли" or p is not None and p.text == "или"):
                pass        # «нельзя ли атаковать?», «можно или нельзя?»: a positive question
            elif m.text == "нельзя":
                neg_word = "нельзя"
            elif p is not None and p.text == "не" and p.sent == m.sent and not (nxt is not None and nxt.text == "ли"):
                neg_word = "не " + m.text
                self.use(p.i)
        if neg_word is None and not modal and place is not None and yes_no:
            ne = self.tok(place.i - 1)
            if ne is not None and ne.text == "не" and ne.sent == place.sent and place.tense != "past":
                neg_word = "нельзя"     # «паразита ведь не сажают на свои сущи?»: «не кладут» is the ban asked
                self.use(ne.i)
        for t in sent:
            if t.text in ("ли", "разве", "неужели", "так") or t.text in ("же", "ж"):
                self.use(t.i)
        from bot.reading.hosts import read_asked_position
        if place is None and read_asked_position(self, sent, yes_no):
            return
        from bot.reading.terrains import read_terrain_asked
        if read_terrain_asked(self, self.with_bare_modal(sent), yes_no):
            return
        from bot.reading.seating_order import read_seating_order_asked
        if read_seating_order_asked(self, sent):
            return
        from bot.reading.new_host import read_new_host, read_summoned_host_asked
        if read_new_host(self, sent, yes_no):
            return
        if read_summoned_host_asked(self, sent):
            return
        from bot.reading.seating import read_which_host_asked
        if read_which_host_asked(self, sent):
            return
        from bot.reading.hosts import read_host_role_asked
        if place is None and read_host_role_asked(self, sent, neg_word, yes_no):
            return
        from bot.reading.stays import read_stays_on_cell
        if place is None and read_stays_on_cell(self, sent, neg_word, yes_no):
            return      # «может просто постоять на своей клетке?»: a card with no host asked to stay
        from bot.reading.location import read_location_asked
        if place is None and read_location_asked(self, sent, yes_no):
            return
        from bot.reading.attack import read_attack
        if place is None and read_attack(self, self.with_bare_modal(sent), neg_word, yes_no):
            return
        from bot.reading.card_moves import read_card_move
        if place is None and read_card_move(self, self.with_bare_modal(sent), neg_word, yes_no):
            return
        from bot.reading.attached_count import read_count_asked
        if read_count_asked(self, sent, neg_word=neg_word, yes_no=yes_no):
            return
        from bot.reading.attached_count import read_pair_asked
        if read_pair_asked(self, sent, neg_word=neg_word, yes_no=yes_no):
            return
        if not any(t.i in self.mention for t in sent) and modal and self.asked_sent > 0:
            # «на ней две шмотки разных классов. так можно?»: the state told just before is asked
            prev = self.in_sent(self.asked_sent - 1)
            if read_count_asked(self, prev, neg_word=neg_word, yes_no=yes_no, told=True):
                for t in sent:
                    if t.text in ("так", "это", "такое"):
                        self.use(t.i)
                return
        if place is None and modal and yes_no and self.read_carry_asked(sent, neg_word):
            return      # «бестелесный может шмотку носить?»: can the creature wear it — a placing (212.1)
        from bot.yesno import alternative_at
        if (place is not None or modal) and alternative_at([t.text for t in sent]) is not None:
            return      # «кладут на своих или на чужих?»: an either/or names an option, it is no yes/no placing
        fate_asked = place is None and any(self.is_asked_fate_word(t) and t.i not in self.r.used for t in sent)
        if (place is not None or modal) and yes_no and not fate_asked:     # «…, кто его хозяин?» asks no placing
            src = sent
            if place is None:   # «хочу её надеть на летуна. можно?» — the action is in the sentence before
                prev = self.in_sent(self.asked_sent - 1)
                place = next((t for t in prev if t.lemma in self.w.place_verbs), None)
                src = prev if place is not None else sent
            # no placing verb: «у меня орк без класса, можно на него меч?» — «на» follows the modal word
            anchor = place or next((t for t in src if t.lemma in self.w.modal or t.text in self.w.modal), None) or (
                src[0] if src else None)
            on = self.on_target(anchor) if anchor is not None else None
            if on is None:
                return
            if place is None and self.toks[on[0]].case == "loct":
                return      # «если на хозяине мой симб, а … нельзя»: «на ком» tells where it lies, no placing is asked
            subj = next((self.r.cards[self.mention[t.i]] for t in src
                         if t.i in self.mention and self.r.cards[self.mention[t.i]].kind in ATTACHABLE
                         and self.mention[t.i] != on[1].key and t.i not in self.complement), None)
            if subj is None:
                return
            if place is not None:
                self.use(place.i)
            self.r.asked = Asked("place", subj.key, on=on[1].key, negated=neg_word is not None, yes_no=yes_no, neg_word=neg_word,
                                 actions=self.second_piece(subj, on[1]))
            return
        # fate: «что с симбом?», «что будет со шмоткой», «симб выживет?», «шмотка уничтожится?»
        fate = next((t for t in sent if self.is_asked_fate_word(t) and t.i not in self.r.used), None)  # not the premise's «умер»
        wh = next((t for t in sent if t.text in ("что", "чё", "че", "шо")), None)
        subj = next((self.r.cards[self.mention[t.i]] for t in sent if t.i in self.mention
                     and self.r.cards[self.mention[t.i]].kind in ATTACHABLE), None)
        if subj is None:
            return
        if wh is None and fate is None and any(e.op in ("move", "relocate") or e.card == subj.host and e.at < sent[0].i
                                               for e in self.r.events):
            # «хозяин походил. где теперь паразит?»; «хозяина убили. паразит где?»: where the card is after
            # what its host went through — on the host, on the new cell or gone (209.4, 209.11, 212.3)
            wh = next((t for t in sent if t.text in ("где", "куда")), None)
        others = tuple(dict.fromkeys(self.mention[t.i] for t in sent if t.i in self.mention
                                     and self.r.cards[self.mention[t.i]].kind in ATTACHABLE and self.mention[t.i] != subj.key))
        from bot.reading.attached_count import plural_others
        at = next(t for t in sent if self.mention.get(t.i) == subj.key)
        others = others or plural_others(self, subj, at)     # «что с экипировками?»
        if others and (fate is not None or wh is None):
            return      # «шмотка и симб выживут?»: one yes / no for two cards — not read
        if fate is not None:
            negated = self.tok(fate.i - 1) is not None and self.tok(fate.i - 1).text == "не"
            if negated:
                self.use(fate.i - 1)
            self.use(fate.i)
            same = self.w.fate_stays if fate.lemma in self.w.fate_stays else self.w.fate_gone
            self.use(*(u.i for u in sent if u.i != fate.i and abs(u.i - fate.i) <= 2 and u.clause == fate.clause
                       and u.lemma in same and not any(x.text in ("или", "либо") for x in self.toks[min(u.i, fate.i):
                                                                                              max(u.i, fate.i)])))
            # «он живой остаётся?»: one asked fate in two words («погибает или уничтожается?» names two)
            pred = "stays" if fate.lemma in self.w.fate_stays else "gone"
            if pred == "stays":     # «симб живёт дальше?», «по-прежнему остаётся?»: staying, said once more
                self.use(*(u.i for u in sent if abs(u.i - fate.i) <= 2 and u.clause == fate.clause
                           and u.text in self.w.stays_adverbs))
            if pred == "stays" and any(e.op in ("move", "relocate") for e in self.r.events):
                return      # «хозяина передвинули. симбиот остаётся?» — on the host or on the old cell? not read
            # «симбиот погибает или уничтожается?»: options named, the answer names the one that happens
            rivals = [t for t in sent if t.i > fate.i and self.is_asked_fate_word(t) and t.i not in self.r.used
                      and self.tok(t.i - 1) is not None and self.tok(t.i - 1).text in ("или", "либо")]
            if rivals and not negated:
                self.use(*(t.i for t in rivals), *(t.i - 1 for t in rivals))
                yes_no = False
            self.r.asked = Asked("fate", subj.key, predicate=pred if yes_no else None, negated=negated, yes_no=yes_no,
                                 fate_word=fate.lemma)
            for t in sent:
                if t.text in ("на", "нем", "нём", "ней") and t.i not in self.r.used:
                    # «шмотка остаётся на нём?»: staying on the host is the asked fate
                    if t.text == "на" and (t.i + 1) in self.mention:
                        self.use(t.i)
        elif wh is None and yes_no and self.stays_on(sent, subj):
            # «тролль погиб. симб ещё на поле?», «… кольчуга на нём?»: is it still there after the events
            self.r.asked = Asked("fate", subj.key, predicate="stays", yes_no=True, fate_word="оставаться")
        elif wh is None and all(t.i in self.mention and self.mention[t.i] == subj.key or t.text in self.w.bare_asked
                                for t in sent) and (self.asked_sent > 0):
            # «… воина убили. симб?», «а с симбом?»: the card alone after the told events asks its fate
            self.use(*(t.i for t in sent))
            self.r.asked = Asked("fate", subj.key, yes_no=False)
        elif wh is not None:
            self.use(wh.i)
            for t in sent:
                if t.lemma in ("быть", "стать", "становиться", "происходить", "произойти", "случиться") or t.text in ("с", "со"):
                    self.use(t.i)
            self.r.asked = Asked("fate", subj.key, yes_no=False, others=others)

    def makes_defender(self, t: Tok) -> bool:
        """«поставить артефакт защитником»: a placing verb with a defender noun in its clause makes
        a card the defender (210.2, read by ``bot.reading.attack``) — it puts no card on another."""
        from bot.reading.lexicon import section_sets

        got = self._defender_clauses.get(t.clause)
        if got is None:
            nouns = section_sets("attacks")["defender_nouns"]
            got = self._defender_clauses[t.clause] = any(u.lemma in nouns or u.text in nouns for u in self.in_clause(t.clause))
        return got

    def stays_on(self, sent: list[Tok], subj: CardInfo) -> bool:
        """«симб ещё на поле?», «кольчуга на нём?», «шмотка всё ещё на хозяине?» after told events
        (not a move: on the host or on the old cell is not read): the asked sentence is the attached
        card, «на» + the battlefield or its host, and only ``reader.stays_adverbs`` / ``bare_asked``
        words — it asks whether the card is still there (209.4, 212.3). Uses the words when so."""
        if subj.host is None or not self.r.events or any(e.op in ("move", "relocate") for e in self.r.events):
            return False
        na = [t for t in sent if t.text == "на"]
        if len(na) != 1:
            return False
        nxt = self.tok(na[0].i + 1)
        if nxt is None or nxt.sent != na[0].sent or not (nxt.lemma == "поле" or self.mention.get(nxt.i) == subj.host):
            return False
        still = {"ещё", "еще", "всё", "все", "по-прежнему", "прежнему", "теперь", "тогда", "так", "же"}
        rest = [t for t in sent if t.i not in (na[0].i, nxt.i) and self.mention.get(t.i) != subj.key]
        if any(t.text not in still and t.text not in self.w.bare_asked and t.text not in self.w.stays_adverbs for t in rest):
            return False
        self.use(*(t.i for t in sent))
        return True

    def with_bare_modal(self, sent: list[Tok]) -> list[Tok]:
        """``sent``, or the sentence before it and ``sent`` when the asked sentence is a bare
        «можно?» / «так можно?» (stop words and modal words only): «хочу добрать вторую
        местность. можно?» asks the sentence before it."""
        from bot.vocab import words as vocab_words

        stop = vocab_words("stop_words")
        if self.asked_sent == 0 or not sent or not all(t.text in stop or t.lemma in self.w.modal for t in sent):
            return sent
        return self.in_sent(self.asked_sent - 1) + sent

    def read_carry_asked(self, sent: list[Tok], neg_word: str | None) -> bool:
        """«может ли бестелесное существо носить экипировку?», «не летающий может шмотку носить?»: a
        creature asked whether it may carry (``carry_verbs``) a piece of equipment not on a host
        yet is asked whether the piece may be placed on it (212.1–212.3). One creature and one
        piece in the sentence; sets ``asked`` and returns ``True`` when read."""
        carry = next((t for t in sent if t.lemma in self.w.carry_verbs), None)
        if carry is None:
            return False
        cards = [self.r.cards[self.mention[t.i]] for t in sent if t.i in self.mention and t.i not in self.complement]
        cards = list({c.key: c for c in cards}.values())
        # «паразит может носить шмотку?»: any card but a piece may be asked as its wearer — the simulator rules (212.1, 212.3)
        hosts = [c for c in cards if c.kind != "equipment"]
        pieces = [c for c in cards if c.kind == "equipment"]
        if len(hosts) != 1 or len(pieces) != 1 or len(cards) != 2 or pieces[0].host not in (None, hosts[0].key):
            return False
        if any(t.lemma in self.w.carry_verbs and t.sent != self.asked_sent for t in self.toks):
            return False    # «рыцарь носит шмотку. …»: a carrying told before — not this asked placing
        pieces[0].host = None   # «может ли существо носить экипировку?»: the carrying is asked, not told
        self.use(carry.i)
        self.r.asked = Asked("place", pieces[0].key, on=hosts[0].key, negated=neg_word is not None, yes_no=True,
                             neg_word=neg_word, actions=self.second_piece(pieces[0], hosts[0]))
        return True

    def second_piece(self, subj: CardInfo, host: CardInfo) -> tuple[str, ...]:
        """A piece of equipment asked onto a host that already carries one, no class told (212.4):
        named by the same noun («доспех» and «ещё один доспех») they are of one class; by other
        nouns («доспех» and «меч») or generic ones («шмотка») both cases run (``either_class``)."""
        if subj.kind != "equipment":
            return ()
        worn = [c for c in self.r.cards.values() if c.kind == "equipment" and c.host == host.key and c.key != subj.key]
        if not worn or subj.equipment_class or any(c.equipment_class for c in worn):
            return ()
        noun = lambda c: self.toks[c.mentions[0]].lemma if c.mentions else None  # noqa: E731
        generic = self.w.generic_equipment
        if noun(subj) == noun(worn[0]) and noun(subj) not in generic:
            return ("second",)
        return ("second", "either_class")

    def role_after(self, t: Tok) -> bool:
        """«поставить артефакт защитником»: a placing verb with a role noun in the instrumental after
        it in its clause (``attacks.defender_nouns``) names a role, not a card put on a host."""
        from bot.reading.lexicon import section_sets

        roles = section_sets("attacks").get("defender_nouns", frozenset())
        return any(u.case == "ablt" and (u.lemma in roles or u.text in roles)
                   for u in self.toks[t.i + 1:t.i + 4] if u.clause == t.clause)

    # ------------------------------------------------------------------ unread
    def read_unread(self) -> None:
        from bot.reading.tokens import filler_phrase_words

        stop = vocab_words("stop_words")
        filler = vocab_words("filler")
        phrases = filler_phrase_words(self.toks)
        out: list[str] = []
        for t in self.toks:
            if t.i in self.r.used or t.quote or t.i in phrases:
                continue
            if t.text in _NEG:
                nxt = self.tok(t.i + 1)
                if nxt is not None and nxt.i in self.r.used:
                    out.append(f"не {nxt.text}")
                continue
            if t.lemma in self.w.content and t.lemma not in self.w.filler:
                out.append(t.text)      # «в подфазу действия»: a phase the reading does not model changes the answer
                continue
            if t.text in stop or t.lemma in filler or t.lemma in self.w.filler or t.text in self.w.filler or t.text.isdigit():
                continue
            out.append(t.text)
        self.r.unread = list(dict.fromkeys(out))

    def unknown_names(self) -> None:
        """Quoted names of cards («мой «Болотный тролль»») whose kind the question does not give."""
        for t in self.toks:
            if t.quote and len(t.text.split()) <= 3 and t.i not in self.r.used:
                nxt = self.tok(t.i + 1)
                if kind_of(t.text.split()[-1]) is None:
                    self.r.unknown_names.append(t.text)
                    self.use(t.i)
                _ = nxt

    def read_positions(self) -> None:
        """«в первом ряду», «во втором ряду»: where a card stands (``bot.reading.seating.read_rows``)."""
        from bot.reading.seating import read_rows
        read_rows(self)

    def run(self) -> Reading:
        self.read_cards()
        self.read_positions()
        self.read_kind_statements()
        self.read_kind_relatives()
        self.resolve_pronouns()
        self.read_negated_predicates()
        self.read_class()
        self.read_owners()
        self.read_traits()
        self.read_relations()
        from bot.reading.hosts import read_host_moves, read_independent, read_same_cell, read_text_silent
        from bot.reading.seating import read_unhosted
        read_unhosted(self)         # «без хозяина» before «осталась» is taken for a told survival
        read_independent(self)
        read_text_silent(self)
        read_same_cell(self)
        from bot.reading.card_moves import read_bans
        read_bans(self)
        from bot.reading.attached_count import read_told_count
        read_told_count(self)
        self.read_events()
        for t in self.toks:     # «возродил симба из кладбища»: where the summoned card came from
            nxt = self.tok(t.i + 1)
            if t.text in ("из", "с") and nxt is not None and nxt.lemma in self.w.places_off_board and any(
                    e.op == "summon" and self.toks[e.at].clause == t.clause for e in self.r.events):
                self.use(t.i, nxt.i)
        self.read_had_abilities()
        read_host_moves(self)
        self.r.events.sort(key=lambda e: e.at)
        self.read_event_means()
        from bot.reading.new_host import read_summon_host
        read_summon_host(self)
        from bot.reading.told_when import read_event_times
        read_event_times(self)
        self.read_told_outcomes()
        self.read_untouched_moves()
        self.r.events = [e for k, e in enumerate(self.r.events)
                         if k == 0 or (e.op, e.card, e.arg) != (self.r.events[k - 1].op, self.r.events[k - 1].card, self.r.events[k - 1].arg)]
        from bot.reading.seating import read_seating, read_squad, read_told_seating
        from bot.reading.squad import read_told_squad
        read_told_squad(self)
        read_seating(self)
        read_told_seating(self)
        read_squad(self)
        self.read_asked()
        from bot.reading.stays import read_stays_told_again
        read_stays_told_again(self)    # «… не погибает? просто лежит на клетке»
        from bot.reading.attached_count import read_on_each_other
        from bot.reading.seating import seating_by_default
        read_on_each_other(self)
        seating_by_default(self)
        self.settle_unknown_kinds()
        self.unknown_names()
        self.read_unread()
        return self.r


def read(question: str, cards: list | None = None) -> Reading:
    """Read ``question`` (set-up sentences, then the asked one) into a ``Reading``.
    ``cards``: cards of the user's database the question names
    (``bot.cards.index.CardMention``, from ``find_cards_in_text``) — their words are read
    as that card, with the kind and traits the database states. A question without cards
    is read once however many routes ask (``_read_plain``); each caller gets its own copy."""
    if cards:
        return _Reader(question, cards).run()
    from bot.fastcopy import deep_copy

    r = _read_plain(question)
    return deep_copy(r, shared=r.tokens)    # tokens are immutable: shared, not copied


@per_question
def _read_plain(question: str) -> Reading:
    return _Reader(question).run()
