"""The squad told at the seating step (405.2), read compositionally: «у меня в отряде только летуны да
симбиоты», «в отряде одни сущи без класса», «остальной отряд — одни летуны» (the creatures a
player has are exactly those named), «у меня в первом ряду ни одного сущ нет», «в первом ряду
никого» (a player's front row is empty).

``read_told_squad(rd)`` finds such a statement in a told sentence (``reader.squad_told`` of
``grammar/lexicon.yaml``: the squad nouns, the «only» words, the «none» words), records the
candidate hosts in ``Reading.squad`` — ``{side: [card keys]}``, side ``"me"`` / ``"opponent"``
for the whole squad, ``"me:1"`` / ``"opponent:1"`` for the front row — and marks an attachable
card with no told host as waiting for the seating step. The compiled scenario then assigns
that card to every candidate at the seating step (``seating_assignments``): the simulator's
seating rules refuse each one they forbid (209.2, 209.4, 212.2, 212.3), and a card left with
no host dies (209.7, 212.5). A card whose own side's squad (or, for a parasite, whose
opponent's front row) is not told is not this module's: nothing is set.
"""

from __future__ import annotations

from functools import lru_cache

from bot.vocab import section


@lru_cache(maxsize=1)
def _words() -> dict[str, frozenset[str]]:
    from bot.textnorm import fold

    told = section("reader").get("squad_told") or {}
    return {k: frozenset(fold(str(w)) for w in v) for k, v in told.items()}


def _side_of(rd, clause: list) -> str:
    """Whose squad the clause tells: «у противника», «его» → the opponent; else the asker."""
    for u in clause:
        if u.lemma in rd.w.owner_opponent:
            return "opponent"
    return "me"


def read_told_squad(rd) -> None:
    """Read the told squad statements into ``rd.r.squad`` (module doc); their words are used."""
    from bot.reading.reader import ATTACHABLE
    from bot.reading.seating import ROW_WORDS

    w = _words()
    if not w:
        return
    squad_nouns, only, none_words = w.get("squad", frozenset()), w.get("only", frozenset()), w.get("none", frozenset())
    recruit = w.get("recruit_verbs", frozenset())
    every = w.get("all", frozenset())
    found = False
    for t in rd.toks:
        if t.sent == rd.asked_sent or t.i in rd.r.used and t.lemma != "ряд" and not _all_of_mine(rd, t, every):
            continue
        row = None
        if _all_of_mine(rd, t, every):
            pass        # «все мои сущи летающие»: every creature the player has is the one named
        elif t.lemma == "ряд":
            p = rd.tok(t.i - 1)
            if p is None or p.lemma not in ROW_WORDS or ROW_WORDS[p.lemma] != 1:
                continue
            row = 1
        elif t.lemma not in squad_nouns:
            continue
        clause = [u for u in rd.toks if u.clause == t.clause]
        side = _side_of(rd, clause)
        key = side if row is None else f"{side}:1"
        cards = [(u, rd.r.cards[rd.mention[u.i]]) for u in clause if u.i in rd.mention and u.i > t.i]
        # «ни одного сущ нет», «нет ни одного существа», «никого», «пусто»: no creature there
        empty = [u for u in clause if u.lemma in none_words or u.text in none_words]
        if empty and all(c.kind == "creature" for _, c in cards) and (not cards or any(u.text in ("ни", "нет") for u in clause)):
            for u, c in cards:
                if c.key in rd.r.cards and all(j in {x.i for x in clause} for j in c.mentions):
                    del rd.r.cards[c.key]       # «ни одного сущ» names no card: there is none
                rd.mention.pop(u.i, None)
            rd.r.squad[key] = []
            rd.use(*(u.i for u in clause if u.lemma in none_words or u.text in none_words or u.text in ("ни", "нет")
                     or u.i in {x.i for x, _ in cards} or u.lemma in ("один", "существо", "сущ", "сущь")))
            _use_place(rd, t, clause)
            found = True
            continue
        lead = [t] if _all_of_mine(rd, t, every) else [u for u in clause if (u.lemma in only or u.text in only) and u.i > t.i]
        if not lead or not cards:
            continue
        listed = [c for u, c in cards if u.i > lead[0].i]
        # «только летуны, гномы и симбиоты»: the list goes on over the commas of its sentence
        later = [u for u in rd.toks if u.sent == t.sent and u.clause > t.clause]
        for k in sorted({u.clause for u in later}):
            part = [u for u in later if u.clause == k]
            if not all(u.i in rd.mention or u.text in ("и", "да", "или", "без", "класса") or u.lemma in rd.w.traits
                       for u in part):
                break
            listed += [rd.r.cards[rd.mention[u.i]] for u in part if u.i in rd.mention]
            rd.use(*(u.i for u in part if u.text in ("и", "да", "или")))
        named_after = {rd.mention[u.i] for u in rd.toks if u.sent == t.sent and u.i > lead[0].i and u.i in rd.mention
                       and (lead[0] is not t or u.clause == t.clause)}    # «все мои сущи …»: its own clause
        if not listed or any(c.kind not in ("creature", "symbiote", "parasite") for c in listed) \
                or named_after - {c.key for c in listed}:
            continue        # a card named in the sentence but not in the list: the list is not read whole
        rd.r.squad[key] = list(dict.fromkeys(c.key for c in listed))
        for c in listed:
            if c.owner is None:
                c.owner = side
            if row is not None and c.kind == "creature":
                c.row = 1       # «в первом ряду только гном»: it stands in its owner's front row
        rd.use(*(u.i for u in lead), *(u.i for u in clause if u.text in ("да", "и", ",")))
        _use_place(rd, t, clause)
        found = True
    if not found:
        return
    # «выставил в отряд экипировку», «набрал в отряд симба»: the card told to be in the squad
    for t in rd.toks:
        nxt = rd.tok(t.i + 1)
        if t.lemma in recruit and t.i not in rd.r.used and any(
                u.clause == t.clause and u.lemma in squad_nouns and rd.tok(u.i - 1) is not None and rd.toks[u.i - 1].text in ("в", "во")
                for u in rd.toks[t.i + 1:t.i + 4]) and any(
                u.clause == t.clause and u.i in rd.mention and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE for u in rd.toks):
            rd.use(t.i, *(u.i for u in rd.toks[t.i + 1:t.i + 4] if u.clause == t.clause and (u.lemma in squad_nouns or u.text in ("в", "во"))))
        _ = nxt
    # «противник хочет назначить мне паразита»: the parasite is the one who assigns it; «мне» is whose creature it goes on
    for t in rd.toks:
        if t.lemma not in ("назначить", "назначать", "посадить", "сажать", "кинуть", "повесить"):
            continue
        clause = [u for u in rd.toks if u.clause == t.clause]
        dat = next((u for u in clause if u.text in ("мне", "противнику", "сопернику") and u.i > t.i), None)
        para = next((rd.r.cards[rd.mention[u.i]] for u in clause if u.i in rd.mention
                     and rd.r.cards[rd.mention[u.i]].kind == "parasite"), None)
        if dat is None or para is None:
            continue
        para.owner = "opponent" if dat.text == "мне" else "me"
        rd.use(dat.i, t.i)
    rd.r.seating = True
    from bot.reading.seating import _words as seating_words

    sw = seating_words()
    for t in rd.toks:       # «на рассадке», «в шаге рассадки»: the step all of it happens at
        if t.lemma in sw and t.lemma not in ("назначить", "назначать") and t.i not in rd.r.used:
            p = rd.tok(t.i - 1)
            rd.use(t.i, p.i if p is not None and (p.text in ("на", "в", "во", "при", "после") or p.lemma == "шаг") else None)
    for c in rd.r.cards.values():
        if c.kind in ATTACHABLE and c.host is None and not c.summoned and candidates(rd.r, c) is not None:
            c.unhosted = True       # it waits for the seating step; the simulator decides whether it gets a host


def _all_of_mine(rd, t, every: frozenset[str]) -> bool:
    """``t`` is «все / всё» before a player's creatures in the plural («все мои сущи летающие»,
    «у противника все существа — летуны»): the creatures named are the whole squad of that
    player, like «в отряде только …». Only a generic creature noun in the plural (a named
    one, «все мои орки», tells nothing of the others), with an owner word between or in the
    clause."""
    from bot.reading.lexicon import kind_of

    if t.lemma not in every and t.text not in every:
        return False
    nxt = [u for u in rd.toks[t.i + 1:t.i + 3] if u.clause == t.clause]
    noun = next((u for u in nxt if u.i in rd.mention), None)
    if noun is None or rd.r.cards[rd.mention[noun.i]].kind != "creature" or kind_of(noun.text) != "creature" \
            or not any(u.i < noun.i and (u.lemma in rd.w.owner_me or u.lemma in rd.w.owner_opponent) for u in nxt) \
            and not any(u.lemma in rd.w.owner_me or u.lemma in rd.w.owner_opponent or u.text == "меня"
                        for u in rd.toks if u.clause == t.clause and u.i < t.i):
        return False
    from bot.morph import analyzer

    return any(p.tag.number == "plur" for p in analyzer().parse(noun.text)[:2])


def _use_place(rd, t, clause: list) -> None:
    """The words naming where: «у меня», «в (моём) отряде», «в первом ряду», «остальной отряд»."""
    for u in clause:
        if u.text in ("у", "в", "во", "меня", "противника", "мой", "моем", "моём", "моих") or u.lemma in (
                "остальной", "весь", "отряд", "ряд", "первый", "вообще", "совсем", "мой", "противник"):
            rd.use(u.i)


def candidates(reading, card) -> list[str] | None:
    """The keys of the told creatures ``card`` may be assigned to at the seating step, or
    ``None`` when the question does not tell them: one's own squad for a symbiote or equipment
    (405.2), the opponent's front row for a parasite (209.2)."""
    if not reading.squad:
        return None
    mine = card.owner != "opponent"
    if card.kind == "parasite":
        side = "opponent" if mine else "me"
        got = reading.squad.get(f"{side}:1")
        if got is None:
            got = reading.squad.get(side)
    else:
        side = "me" if mine else "opponent"
        got = reading.squad.get(side)
        if got is None:
            return None
    return None if got is None else [k for k in got if k in reading.cards and k != card.key]


def seating_assignments(reading, ids: dict[str, str]) -> list[dict] | None:
    """The seating step's assignments of every card waiting for a host to each told candidate
    (``candidates``); ``None`` when no squad is told."""
    if not reading.squad:
        return None
    out = []
    for c in reading.cards.values():
        if not c.unhosted:
            continue
        for k in candidates(reading, c) or []:
            out.append({"card": ids[c.key], "host": ids[k]})
    return out


def squad_ru(reading) -> list[str]:
    """The told squads in plain Russian, for «Как я понял: …»: «в вашем отряде только: существо
    (летающее), симбиот», «в первом ряду противника нет существ»."""
    out = []
    for key, keys in reading.squad.items():
        side, _, row = key.partition(":")
        whose = "вашем" if side == "me" else "противника"
        where = (f"в {whose} первом ряду" if side == "me" else "в первом ряду противника") if row else \
            (f"в {whose} отряде" if side == "me" else "в отряде противника")
        listed = [reading.cards[k].ru() for k in keys if k in reading.cards]
        out.append(f"{where} только: {', '.join(listed)}" if listed else f"{where} нет существ")
    return out


def seated_on_some(reading, res, ids: dict[str, str]) -> bool:
    """The seating step of run ``res`` seated the asked card of ``reading`` on a told candidate
    (a consequence «помещается» of that card): some creature named can host it."""
    cid = ids[reading.asked.card]
    return any(x.card == cid and x.result == "помещается" for r in res.results for x in r.consequences)
