"""Seating (405.2) read compositionally: «при рассадке», «при вскрытии», «назначить паразита».

``read_seating(rd)`` marks the reading as asked about the seating step when the asked
sentence names it (``reader.seating_words`` of ``grammar/lexicon.yaml``: «рассадка»,
«вскрытие» after «при / во время / после», or the verb «назначить»); the compiled scenario
then puts the asked card unhosted on its own cell in the reveal subphase and runs the
seating step with the asked assignment, so the simulator's seating rules decide: one's own
symbiotes and equipment on one's own creatures, parasites on the opponent's front row
(405.2, 209.1, 209.2, 212.1). The rows told («во втором ряду») are where the cards stand
(``CardInfo.row``; the front row is 1).
"""

from __future__ import annotations

from copy import deepcopy
from functools import lru_cache

from bot.vocab import section

# Row number (from the owner's front) -> the y of a cell of the model, per player.
ROW_Y = {"first": {1: 3, 2: 2, 3: 1}, "second": {1: 4, 2: 5, 3: 6}}
ROW_WORDS = {"первый": 1, "передний": 1, "второй": 2, "третий": 3, "задний": 3}


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    from bot.textnorm import fold
    return frozenset(fold(str(w)) for w in section("reader")["seating_words"])


def read_unhosted(rd) -> None:
    """«симбиот без хозяина», «у экипировки нет хозяина», «симбиота не назначили»: a card left
    with no host at the seating step (``CardInfo.unhosted``); it then dies (209.7, 212.5)."""
    from bot.reading.reader import ATTACHABLE

    extra = frozenset(str(w) for w in section("reader").get("unhosted_words") or ())
    for t in rd.toks:      # «лишний симбиот»: one no creature is left for
        nxt = rd.tok(t.i + 1)
        if t.lemma in extra and nxt is not None and nxt.i in rd.mention and rd.r.cards[rd.mention[nxt.i]].kind in ATTACHABLE:
            rd.r.cards[rd.mention[nxt.i]].unhosted = True
            rd.use(t.i)
    for t in rd.toks:      # «шмотка, которой никто не носит», «симба никто не взял»: no creature carries it
        if t.text not in ("никто", "никого"):
            continue
        nxt, verb = rd.tok(t.i + 1), rd.tok(t.i + 2)
        if nxt is None or nxt.text != "не" or verb is None \
                or not (verb.lemma in rd.w.attached_verbs or verb.lemma in rd.w.place_verbs):
            continue
        before = [j for j in range(t.i - 1, max(-1, t.i - 6), -1) if j in rd.mention and rd.toks[j].sent == t.sent]
        card = rd.r.cards[rd.mention[before[0]]] if before else None
        if card is None or card.kind not in ATTACHABLE or card.host is not None:
            continue
        card.unhosted = True
        rel = rd.tok(t.i - 1)
        rd.use(t.i, nxt.i, verb.i, rel.i if rel is not None and rel.lemma == "который" else None)
    for t in rd.toks:
        prev = rd.tok(t.i - 1)
        if t.lemma not in rd.w.host_words or prev is None or prev.text not in ("без", "нет"):
            continue
        card = next((c for _, c in rd.clause_cards(t) if c.kind in ATTACHABLE), None)
        rel = next((u for u in rd.toks if u.clause == t.clause and u.lemma == "который" and u.i < t.i), None)
        if card is None and rel is not None:
            # «что будет с симбом, у которого … нет хозяина?»: the card the relative pronoun stands for
            before = [j for j in range(rel.i - 1, max(-1, rel.i - 4), -1) if j in rd.mention]
            card = rd.r.cards.get(rd.mention[before[0]]) if before else None
            card = card if card is not None and card.kind in ATTACHABLE else None
        if card is None:
            continue
        host = rd.mention.get(t.i)
        if card.host == host:
            card.host = None            # «без хозяина»: it lies on nothing
        hc = rd.r.cards.get(host) if host is not None else None
        pronouns = [j for j in (hc.mentions if hc else []) if j != t.i and rd.toks[j].pos == "NPRO"]
        if hc is not None and set(hc.mentions) <= {t.i, *pronouns} and not any(c.host == host for c in rd.r.cards.values()):
            del rd.r.cards[host]        # «хозяина» here names no card: there is none
            rd.mention.pop(t.i)
            for j in pronouns:          # «… без хозяина. Он погибнет?»: the pronoun stands for the card left alone
                rd.mention[j] = card.key
                card.mentions.append(j)
        card.unhosted = True
        rd.use(prev.i, t.i)
        for u in rd.toks:   # «остался / осталась без хозяина»
            if u.clause == t.clause and u.lemma in ("остаться", "оставаться") and u.i < t.i:
                rd.use(u.i)


def read_seating(rd) -> None:
    """Set ``rd.r.seating`` when the asked sentence is about the seating step (module doc), or
    any sentence tells of a card left without a host at it («после вскрытия … без хозяина»)."""
    w = _words()
    unhosted = any(c.unhosted for c in rd.r.cards.values())
    if unhosted and not any(e.op == "summon" for e in rd.r.events):
        rd.r.seating = True     # «сим может жить без хозяина?»: a card is left with no host only at seating (209.7, 212.5)
    from bot.vocab import words as vocab_words

    stop = vocab_words("stop_words")
    asked = [t for t in rd.toks if t.sent == rd.asked_sent]
    # «… хочет назначить паразита в шаге рассадки. можно так?»: a bare «можно?» asks the sentence before it
    bare = bool(asked) and all(t.text in stop or t.lemma in rd.w.modal for t in asked)
    sents = {rd.asked_sent, rd.asked_sent - 1} if bare else {rd.asked_sent}
    for t in rd.toks:
        if not (t.sent in sents or unhosted) or t.lemma not in w:
            continue
        prev = rd.tok(t.i - 1)
        if t.lemma in ("назначить", "назначать"):
            rd.r.seating = True
            continue        # the placing verb itself (read_asked uses it)
        if prev is not None and prev.lemma in ("подфаза", "шаг") and prev.clause == t.clause:
            rd.use(prev.i)      # «после подфазы вскрытия», «в шаге рассадки»
            prev = rd.tok(prev.i - 1)
        if prev is not None and prev.text in ("при", "во", "после", "на", "в"):
            rd.use(prev.i)
        rd.r.seating = True
        rd.use(t.i)


def _split_nobody(rd, t) -> bool:
    """«не на кого», «не на что»: ``t`` is the pronoun of «некого» split by its preposition."""
    p1, p2 = rd.tok(t.i - 1), rd.tok(t.i - 2)
    return t.text in ("кого", "что") and p1 is not None and p1.text == "на" and p2 is not None and p2.text == "не" \
        and p2.clause == t.clause


def read_told_seating(rd) -> None:
    """The seating step told around a card left without a host (``CardInfo.unhosted``, 209.7,
    212.5): «в шаге рассадки назначил всё что мог», «противник не смог посадить своего паразита»,
    «подходящих существ нет», «в первом ряду вообще никого», «подфаза вскрытия закончилась» —
    the story of how it was left alone, which the reading already has: its words are used. Also
    «шмотку так никому и не назначил» / «не смог посадить паразита» make that card unhosted."""
    from bot.reading.reader import ATTACHABLE

    told = section("reader").get("seating_told") or {}
    nobody = frozenset(str(w) for w in told.get("nobody") or ())
    ended = frozenset(str(w) for w in told.get("ended") or ())
    w = _words()
    seat_verbs = {x for x in w if x in rd.w.place_verbs or x in ("назначить", "назначать")} | set(rd.w.place_verbs)
    for t in rd.toks:      # «не назначил (никому)», «не смог посадить»: the card named with it has no host
        if t.lemma not in seat_verbs or t.sent == rd.asked_sent:
            continue
        clause = [u for u in rd.toks if u.clause == t.clause]
        neg = [u for u in clause if u.text == "не" and u.i < t.i]
        cards = [rd.r.cards[rd.mention[u.i]] for u in clause if u.i in rd.mention
                 and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE]
        if neg and cards and all(c.host is None for c in cards):
            for c in cards:
                c.unhosted = True
    if not any(c.unhosted for c in rd.r.cards.values()):
        return
    rd.r.seating = True
    for t in rd.toks:
        if t.sent == rd.asked_sent and not (t.lemma in nobody or t.text in nobody or _split_nobody(rd, t)):
            continue
        clause = [u for u in rd.toks if u.clause == t.clause]
        if t.lemma in seat_verbs and (t.tense == "past" or any(u.lemma in ("смочь", "мочь") for u in clause)):
            # «назначил всё что мог», «не смог посадить», «так никому и не назначил»
            rd.use(t.i, *(u.i for u in clause if u.text in ("не", "всё", "все", "что", "так", "и") or u.lemma in ("смочь", "мочь")
                          or u.lemma in nobody or u.text in nobody))
            after = [u for u in rd.toks if u.clause == t.clause + 1]
            if len(after) == 2 and after[0].text == "что" and after[1].lemma in ("смочь", "мочь"):
                rd.use(after[0].i, after[1].i)      # «… всё, что мог»
        elif t.lemma in nobody or t.text in nobody or _split_nobody(rd, t):
            rd.use(t.i)     # «подходящих существ нет», «в (моём) первом ряду вообще никого», «симба некуда посадить»
            if _split_nobody(rd, t):
                rd.use(t.i - 1, t.i - 2)    # «посадить не на кого было»: «не на кого» is «некого»
                if rd.tok(t.i + 1) is not None and rd.toks[t.i + 1].lemma == "быть":
                    rd.use(t.i + 1)
            for u in clause:
                if u.lemma in ("существо", "сущ", "сущь", "нет", "ряд") or u.text == "нет" or u.lemma in ROW_WORDS or \
                        u.i == t.i + 1 and u.lemma in seat_verbs or u.lemma in seat_verbs and t.i - 4 <= u.i <= t.i + 3 and _split_nobody(rd, t) or (
                        # «некому симбиота отдать»: only the card named between «некому» and the placing verb
                        u.lemma in seat_verbs and t.i + 1 < u.i <= t.i + 3 and all(k in rd.mention for k in range(t.i + 1, u.i))) or (
                        u.text in ("в", "во") and any(v.lemma == "ряд" for v in clause)):
                    rd.use(u.i)
        elif t.lemma in ended and any(u.lemma in w or u.lemma in ("подфаза", "шаг", "фаза") for u in clause):
            rd.use(*(u.i for u in clause if u.lemma in ended or u.lemma in w or u.lemma in ("подфаза", "шаг", "фаза")))
        elif t.lemma in w and t.i not in rd.r.used:
            rd.use(t.i)     # «в рассадку», «в шаге рассадки»: the step it was left at
            p = rd.tok(t.i - 1)
            if p is not None and p.text in ("в", "во", "на", "при", "после") or p is not None and p.lemma == "шаг":
                rd.use(p.i)


def read_rows(rd) -> None:
    """«в первом ряду», «во втором ряду»: the row of the card named next to it."""
    for t in rd.toks:
        if t.lemma == "ряд" and t.i >= 2 and rd.toks[t.i - 2].text in ("в", "во") and rd.toks[t.i - 1].lemma in ROW_WORDS:
            card = rd.card_near(rd.toks[t.i - 2], prefer_next=False)
            if card is not None and card.kind == "creature":
                card.row = ROW_WORDS[rd.toks[t.i - 1].lemma]
            rd.use(t.i - 2, t.i - 1, t.i)
        elif t.lemma == "ряд" and t.case == "gent" and t.i >= 1 and rd.toks[t.i - 1].lemma in ROW_WORDS \
                and t.i not in rd.r.used:
            # «существо противника первого ряда», «из первого ряда»: the row of the creature before it
            prep = rd.tok(t.i - 2)
            card = rd.card_near(rd.toks[t.i - 1], prefer_next=False)
            if card is not None and card.kind == "creature":
                card.row = ROW_WORDS[rd.toks[t.i - 1].lemma]
                rd.use(t.i - 1, t.i, prep.i if prep is not None and prep.text in ("из", "с") else None)


def read_squad(rd) -> None:
    """«в своём отряде», «в отряде противника»: the owner word said with «отряд» already
    names whose the card is (``read_owners``); «в … отряде» itself adds nothing."""
    for t in rd.toks:
        if t.lemma != "отряд" or t.i in rd.r.used:
            continue
        before = rd.tok(t.i - 1)
        if before is not None and before.text in ("же", "ж"):
            rd.use(before.i)        # «в своём же отряде»: «же» stresses the owner word
            before = rd.tok(t.i - 2)
        near = [before, rd.tok(t.i + 1)]
        owner = next((u for u in near if u is not None and u.i in rd.r.used
                      and (u.lemma in rd.w.owner_me or u.lemma in rd.w.owner_opponent)), None)
        if owner is None and not (rd.tok(t.i - 1) is not None and rd.tok(t.i - 1).text in ("в", "во") and any(
                j in rd.mention and rd.r.cards[rd.mention[j]].kind == "creature" and rd.toks[j].clause == t.clause
                for j in (t.i - 2, t.i - 3))):
            continue        # «обычное сущ в отряде»: a creature said to be in the squad is one in play
        if owner is None:
            owner = before
        prep = rd.tok(min(t.i, owner.i) - 1)
        if prep is not None and prep.text in ("в", "во", "из"):
            rd.use(prep.i)
        rd.use(t.i)


def seating_by_default(rd) -> None:
    """«можно ли надеть экипировку на вражеское существо?»: a player puts a symbiote or a piece of
    equipment on a creature himself only at the seating step (405.2) — an ability does it
    otherwise (209.3, 212.1). So a placing asked with the host's owner named against the card's
    own side (one's own symbiote / equipment on an enemy, a parasite on one's own) and no ability
    word in the question is the seating step, whose ownership rules decide (209.1, 212.1)."""
    a = rd.r.asked
    if a is None or a.what != "place" or rd.r.seating or a.on is None:
        return
    ability = frozenset(str(w) for w in section("reader").get("ability_words") or ())
    if any(t.lemma in ability or t.text in ability for t in rd.toks):
        return
    subj, host = rd.r.cards[a.card], rd.r.cards[a.on]
    wrong_side = host.owner == "opponent" and subj.kind in ("symbiote", "equipment") and subj.owner != "opponent" \
        or host.owner == "me" and subj.kind == "parasite"
    if (wrong_side or host.row is not None and subj.kind == "parasite") and host.kind == "creature":
        rd.r.seating = True     # a row matters only where the seating puts a parasite (209.2, 405.2)


# The hosts a «на кого?» seating question is tried on: (owner, row from the owner's front).
CANDIDATES = (("me", 1), ("me", 2), ("opponent", 1), ("opponent", 2))


@lru_cache(maxsize=1)
def _any_words() -> frozenset[str]:
    """«любой», «всякий»: ``reader.any_words`` — «на любое сущ» asks about every creature."""
    from bot.textnorm import fold
    return frozenset(fold(str(w)) for w in section("reader").get("any_words") or ())


def _row_phrase(rd, sent: list, at) -> tuple[str | None, int | None] | None:
    """«(только) на первый ряд противника», «на свой первый ряд»: ``(owner, row)`` of a row named
    after «на» from ``at`` on, with no creature (``None`` when none is named); the words are used."""
    rows = {"первый": 1, "второй": 2, "1-й": 1, "2-й": 2}
    for t in sent:
        if t.i < at.i or t.text != "на":
            continue
        words = [u for u in sent if t.i < u.i <= t.i + 4 and u.clause == t.clause]
        row_t = next((u for u in words if u.lemma == "ряд"), None)
        num = next((u for u in words if u.lemma in rows or u.text in rows), None)
        if row_t is None or num is None:
            continue
        owner_t = next((u for u in words if u.lemma in rd.w.owner_me or u.lemma in rd.w.owner_opponent), None)
        owner = None if owner_t is None else "me" if owner_t.lemma in rd.w.owner_me else "opponent"
        rd.use(t.i, row_t.i, num.i, *([owner_t.i] if owner_t is not None else []))
        return owner, rows.get(num.lemma, rows.get(num.text))
    return None
_WHICH = frozenset("кого куда где какой какие каких чьи чей".split())


def read_which_host_asked(rd, sent: list) -> bool:
    """«на кого назначаются паразиты при вскрытии?», «симбиота кладут на своих или на чужих?»,
    «паразита на какие сущи можно вешать»: which creatures a card goes on at the seating step
    (405.2). The reading seats a copy of the card on a creature of each side in the front and
    the second row; the answer names the ones the simulator seats it on (209.1, 209.2, 212.1).
    Sets ``rd.r.asked`` (``Asked("place", card, actions=("which_host",))``) and ``rd.r.seating``."""
    from bot.reading.reader import ATTACHABLE, Asked

    subj_at = next((t for t in sent if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind in ATTACHABLE), None)
    if subj_at is None:
        return False
    owners = [t for t in sent if t.lemma in rd.w.owner_me or t.lemma in rd.w.owner_opponent]
    alt = next((t for t in sent if t.text == "или"), None)
    either = alt is not None and any(t.i < alt.i for t in owners) and any(t.i > alt.i for t in owners)
    # «в тексте не сказано, куда его помещать»: words the summoning reading used tell what is not said, they ask nothing
    which = [t for t in sent if (t.text in _WHICH or t.lemma in _WHICH) and t.i not in rd.untold]
    verb = next((t for t in sent if (t.lemma in rd.w.place_verbs or t.lemma in _words() and t.pos in ("VERB", "INFN"))
                 and t.i not in rd.untold), None)
    only = next((t for t in sent if t.lemma in rd.w.only_words or t.text in rd.w.only_words), None)
    every = next((t for t in sent if t.lemma in _any_words() and rd.tok(t.i - 1) is not None
                  and rd.tok(t.i - 1).text == "на"), None)
    asked_side = None
    if (only is not None or every is not None) and not (either or which):
        # «паразита сажают только на вражеских существ первого ряда?»: is that the one place it goes?
        # «паразита можно повесить на любое сущ противника?»: does it go on every one of them?
        at = only if only is not None else rd.tok(every.i - 1)
        on = next((rd.r.cards[rd.mention[t.i + k]] for t in sent if t.text == "на" and t.i >= at.i for k in (1, 2, 3)
                   if t.i + k in rd.mention and rd.r.cards[rd.mention[t.i + k]].kind == "creature"), None)
        side = (on.owner, on.row) if on is not None else _row_phrase(rd, sent, at)
        if side is None or side[0] is None or only is not None and (rd.tok(only.i + 1) is None or rd.tok(only.i + 1).text != "на"):
            return False
        asked_side = side
        if every is not None:
            rd.use(every.i)
    elif not (either or which) or verb is None:
        return False
    if verb is None:
        return False
    if which and not any(rd.tok(t.i - 1) is not None and rd.tok(t.i - 1).text == "на" or t.text in ("куда", "где")
                         for t in which):
        return False        # «кто назначает?», «какой симбиот?»: not where it goes
    subj = rd.r.cards[rd.mention[subj_at.i]]
    for t in sent:      # the creatures named here are the options asked, not cards of the board
        key = rd.mention.get(t.i)
        if key and key in rd.r.cards and rd.r.cards[key].kind == "creature" and not any(
                c.host == key for c in rd.r.cards.values()):
            del rd.r.cards[key]
        if key and key not in rd.r.cards:
            rd.mention.pop(t.i)
            rd.use(t.i)
    rd.use(verb.i, *(t.i for t in owners), *(t.i for t in which), *([alt.i] if alt else []), *([only.i] if only else []))
    told_not = [t for t in sent if t.text == "не" and rd.tok(t.i + 1) is not None and rd.tok(t.i + 1).text == "на"
                and any(u.lemma in rd.w.owner_me or u.lemma in rd.w.owner_opponent for u in sent[sent.index(t):sent.index(t) + 4])]
    if which and told_not:      # «паразита же не на своё сущ сажают, а куда тогда?»: the side told it does not go on
        rd.use(*(t.i for t in told_not))
    for t in sent:      # «из первого ряда», «в первом ряду»: the row of the side asked (read_rows used the words)
        if t.text in ("да",) and t.i == sent[-1].i and asked_side is not None:
            rd.use(t.i)     # «…, да?»: a tag
    for t in sent:
        if t.text == "на" or t.lemma in ("существо", "сущ", "сущь") or t.lemma in _words():
            rd.use(t.i)
        if t.text in ("при", "во", "после") and rd.tok(t.i + 1) is not None and rd.tok(t.i + 1).lemma in _words():
            rd.use(t.i)
    subj.host = None
    rd.r.seating = True
    if asked_side is not None:
        rd.r.asked = Asked("place", subj.key, actions=("which_host", "only" if only is not None else "every"), yes_no=True,
                           predicate=f"{asked_side[0]}:{asked_side[1] or 'any'}")
        return True
    rd.r.asked = Asked("place", subj.key, actions=("which_host", *(("either_owner",) if either else ())), yes_no=False)
    return True


def which_host_scenario(reading, ids: dict[str, str]) -> dict:
    """The reveal subphase with one creature per candidate host (``CANDIDATES``) and a copy of
    the asked card for each, all assigned at one seating step (405.2)."""
    a = reading.asked
    c = reading.cards[a.card]
    owner = "second" if c.owner == "opponent" else "first"
    kw: dict = {"traits": ["parasite" if c.kind == "parasite" else "symbiote"], "class": "воин"} \
        if c.kind in ("symbiote", "parasite") else {"kind": "equipment", "equipment_class": "оружие"}
    cards: list[dict] = []
    assign: list[dict] = []
    word = {"me": "своё", "opponent": "противника"}
    for k, (who, row) in enumerate(CANDIDATES):
        side = owner if who == "me" else ("second" if owner == "first" else "first")
        host = f"Существо ({word[who]}, {row}-й ряд)"
        cards.append({"id": host, "owner": side, "class": "воин", "cell": f"{'bcde'[k]}{ROW_Y[side][row]}"})
        copy = f"{ids[a.card]} {k + 1}"
        cards.append({"id": copy, "owner": owner, **deepcopy(kw), "cell": f"{'bcde'[k]}{ROW_Y[owner][3]}"})
        assign.append({"card": copy, "host": host})
    return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": {"phase": "reveal", "cards": cards},
            "steps": [{"seating": assign}]}


def reading_word(reading, a) -> str:
    """The asked card's kind as a noun («паразит»)."""
    return {"symbiote": "симбиот", "parasite": "паразит", "equipment": "экипировка"}[reading.cards[a.card].kind]


def which_host_ruling(reading, res, mapping: dict, ids: dict[str, str]):
    """The candidate hosts the simulator seated the card on, named: «На своих существ (в любом
    ряду)», «На существ противника в первом ряду»; an either/or gets the option named first."""
    from bot.reading.compile import Ruling
    from bot.sim.outcome import rules_of

    a = reading.asked
    r = res.results[-1]
    hosts = {m["card"]: m["host"] for m in mapping["steps"][0]["seating"]}
    seated = [k for k, (cid, _h) in enumerate(hosts.items())
              if isinstance(res.actual, dict) and res.actual.get("cards", {}).get(cid, {}).get("host") == hosts[cid]
              or any(x.card == cid and x.result == "помещается" for x in r.consequences)]
    if not seated:
        return Ruling("", [], [], list(res.trace), mapping, ids)
    got = {CANDIDATES[k] for k in seated}
    owners = {w for w, _ in got}
    rows = {rw for _, rw in got}
    if len(owners) != 1:
        return Ruling("", [], [], list(res.trace), mapping, ids)
    who = next(iter(owners))
    where = "в любом ряду" if rows == {1, 2} else "в первом ряду"
    fact = f"на своих существ ({where})" if who == "me" else f"на существ противника {where}"
    if "either_owner" in a.actions:
        fact = ("на своих: " if who == "me" else "на вражеских (противника): ") + fact
    if "only" in a.actions or "every" in a.actions:
        # «только на вражеских первого ряда?»: the seated set is exactly the asked one;
        # «на любое сущ противника?»: the seated set holds every creature asked of
        owner, row = a.predicate.split(":")
        asked = {(owner, 1), (owner, 2)} if row == "any" else {(owner, int(row))}
        yes = got == asked if "only" in a.actions else asked <= got
        only = "" if yes and "every" in a.actions else "только "
        fact = f"{'Да' if yes else 'Нет'}, {reading_word(reading, a)} назначается {only}{fact}"
    lines = [x for x in r.consequences if x.rules and (x.result in ("помещается", "нельзя") or x.card is None)]
    copies = list(hosts)
    side = [copies[k] for k, (w, _r) in enumerate(CANDIDATES) if w == who and k not in seated]
    # the refusal on the accepted side first (why only the front row, 209.2), then the other side's (209.1)
    refused = sorted((x for x in lines if x.result == "нельзя"), key=lambda x: x.card not in side)
    cites = list(dict.fromkeys([*rules_of(refused), "405.2", *rules_of(lines)]))
    mapping["expect"] = {"cards": {f"{ids[a.card]} {seated[0] + 1}": {"host": list(hosts.values())[seated[0]]}}}
    return Ruling(fact[:1].upper() + fact[1:], [x.line() for x in lines], cites, list(res.trace), mapping, ids)
