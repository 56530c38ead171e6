"""Who the host is after an ability puts an attached card on another creature (209.3, 212.1),
read compositionally: «особенность поместила мою экипировку на другое существо. кто теперь её
хозяин?», «если на существо поместили симбиота особенностью, кто его хозяин?», «… старый хозяин
остаётся хозяином?», «рыцарь остался хозяином?», «оно теперь её хозяин?».

``read_new_host(rd, sent, yes_no)`` finds the told placing (a place verb told in the past or
in an «если» clause, the attached card of its clause and the creature after «на»), and the
asked host: «кто … хозяин?» (open) or «X остаётся / остался / теперь … хозяином?» (is X the
host?). It sets ``Asked("host", card, on=X)`` and the card's former host (a creature of its
owner when none is told). The compiled scenario has the card on its former host and a
``place`` step onto the new one; the simulator says who becomes the host.
"""

from __future__ import annotations

_STAY = ("остаться", "оставаться", "быть", "являться", "стать", "становиться")
_OLD = ("старый", "прежний", "бывший", "изначальный", "первый")


def read_new_host(rd, sent: list, yes_no: bool) -> bool:
    """Set ``rd.r.asked`` to the asked host after a told placing (module doc); ``False`` if none."""
    from bot.reading.reader import ATTACHABLE, Asked

    hw = [t for t in sent if t.lemma in rd.w.host_words]
    carry = rd.w.carry_verbs
    if not hw:
        # «рыцарь её ещё носит?»: a creature carrying the card is its host (209.3, 212.1)
        hw = [t for t in sent if t.lemma in carry and t.tense == "pres"]
    if not hw:
        return False
    place = None
    for t in rd.toks:
        if t.lemma not in rd.w.place_verbs and t.lemma not in rd.w.replace_verbs:
            continue
        premise = t.sent == rd.asked_sent and any(u.clause == t.clause and u.text in ("если", "когда") for u in rd.toks)
        if t.sent == rd.asked_sent and not premise or t.tense != "past":
            continue
        place = t
    if place is None:
        return False
    clause = [u for u in rd.toks if u.clause == place.clause]
    subj = next((rd.r.cards[rd.mention[u.i]] for u in clause if u.i in rd.mention
                 and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE), None)
    if subj is None:
        subj = next((rd.r.cards[rd.mention[u.i]] for u in sent if u.i in rd.mention
                     and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE), None)
    on = rd.on_target(place)
    if subj is None or on is None or on[1].kind != "creature" or on[1].key == subj.key:
        return False
    new = on[1]
    # «переложил шмотку с рыцаря на мага», «с одного своего сущ на другое»: the creature after «с» is the former host
    origin = next(((u, rd.r.cards[rd.mention[k]]) for u in clause if u.text in ("с", "со") and u.i < on[0]
                   for k in range(u.i + 1, min(u.i + 4, on[0])) if k in rd.mention
                   and rd.r.cards[rd.mention[k]].kind == "creature" and rd.mention[k] != new.key), None)
    if origin is not None:
        u, old_host = origin
        former = rd.r.cards.get(subj.host) if subj.host else None
        subj.host = old_host.key
        rd.use(u.i, *(k for k in range(u.i + 1, on[0]) if rd.toks[k].lemma == "один"))
        if former is not None and former.key not in (old_host.key, new.key) and not former.mentions \
                and not any(c.host == former.key for c in rd.r.cards.values()):
            del rd.r.cards[former.key]
    elif subj.host == new.key:
        # «рыцарь носил симба … поместил этого симба на своё существо»: a card is not put on its own host —
        # the creature after «на» is another one than the former host the reading merged it with
        other = rd.new_card("creature", on[0], "neut")
        # a pronoun after the placing stands for the creature named last — the one after «на»
        # («… поместил мою шмотку на своё существо. оно теперь её хозяин?»)
        later = [i for i in new.mentions if i > on[0] and rd.toks[i].pos == "NPRO"]
        new.mentions = [i for i in new.mentions if i != on[0] and i not in later]
        other.mentions += [on[0], *later]
        for i in (on[0], *later):
            rd.mention[i] = other.key
        new = other
    h = hw[0]
    asked_card = rd.r.cards.get(rd.mention.get(h.i, ""))
    wh = next((t for t in sent if t.text in ("кто", "чей", "какой")), None)
    stay = next((t for t in sent if t.lemma in _STAY), None)
    # the asked candidate: «старый хозяин остаётся хозяином?», «рыцарь остался хозяином?», «оно теперь её хозяин?»
    cand = None
    if wh is None:
        old_word = next((t for t in sent if t.lemma in _OLD and rd.tok(t.i + 1) in hw), None)
        named = next((rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention and t not in hw and t.case == "nomn"
                      and rd.r.cards[rd.mention[t.i]].kind == "creature"), None)
        if old_word is not None:
            cand = "old"
            rd.use(old_word.i)
        elif named is not None:
            cand = named.key
        else:
            return False
    if subj.host is None or subj.host == new.key:
        old = rd.new_card("creature", place.i, "masc")
        old.owner = subj.owner
        subj.host = old.key
    for t in hw:        # «хозяин / хозяином» here asks the role; it names no card of its own
        rd.mention.pop(t.i, None)
    for c in list(rd.r.cards.values()):
        c.mentions = [i for i in c.mentions if i not in {t.i for t in hw}]
        if c.kind == "creature" and not c.mentions and c.key not in (subj.host, new.key) and not any(
                x.host == c.key for x in rd.r.cards.values()):
            del rd.r.cards[c.key]
    _ = asked_card
    rd.use(place.i, *(t.i for t in hw), *([wh.i] if wh else []), *([stay.i] if stay else []))
    for t in sent:
        if t.text in ("теперь", "ещё", "еще", "по-прежнему", "всё", "все", "ли"):
            rd.use(t.i)
    target = subj.host if cand == "old" else cand
    rd.r.asked = Asked("host", subj.key, on=new.key, attacker=target, yes_no=yes_no and wh is None)
    # «… рыцарь её ещё носит? кто теперь хозяин»: the same host asked again after the question mark
    again = frozenset({"кто", "чей", "теперь", "же", "тогда", "ее", "её", "его", "у", "него", "нее", "неё"})
    after = [t for t in rd.toks if t.sent > rd.asked_sent]
    if after and any(t.lemma in rd.w.host_words for t in after) and all(
            t.lemma in rd.w.host_words or t.text in again for t in after):
        rd.use(*(t.i for t in after))
    return True


def read_summon_host(rd) -> None:
    """«вызвал шмотку особенностью. в тексте написано поместить её на выбранное моё сущ, я
    выбрал гнома»: the summoning text names the host (209.8, 212.6) in a sentence after the
    summon — «в тексте (карты) написано / сказано» + a placing infinitive + «на» + a creature
    («выбранное / указанное моё сущ»); «я выбрал гнома» names that creature. The summon
    event gets that creature as its ``arg``. Words in ``reader.choose_words``."""
    from bot.reading.reader import ATTACHABLE

    choose = rd.w.choose_words
    for e in rd.r.events:
        if e.op != "summon" or e.arg is not None:
            continue
        for t in rd.toks:
            placing = t.lemma in rd.w.place_verbs or t.lemma.endswith("ся") and t.lemma[:-2] in rd.w.place_verbs \
                or t.lemma.endswith("ться") and t.lemma[:-4] + "ть" in rd.w.place_verbs
            if t.i <= e.at or not placing or t.pos not in ("INFN", "VERB") or t.sent == rd.asked_sent:
                continue
            clause = [u for u in rd.toks if u.clause == t.clause]
            text = next((u for u in rd.toks if u.sent == t.sent and u.lemma == "текст" and u.i < t.i), None)
            on = rd.on_target(t)
            if text is None or on is None or on[1].kind != "creature":
                continue
            said = [u.i for u in rd.toks if u.sent == t.sent and text.i - 1 <= u.i < t.i
                    and (u.lemma in rd.w.no_host_told or u.lemma == "текст" or u.text in ("в", "по", "карты", "что"))]
            if len(said) < 2 or any(u.i in rd.mention and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE
                                    and rd.mention[u.i] != e.card for u in clause):
                continue
            host = on[1]
            rd.use(t.i, *said, *(u.i for u in clause if u.lemma in choose))
            # «я выбрал гнома»: the chosen creature of the text
            for u in rd.toks:
                if u.lemma in choose and u.pos == "VERB" and u.sent == t.sent and u.i > t.i:
                    named = next((rd.r.cards[rd.mention[k]] for k in range(u.i + 1, min(u.i + 4, len(rd.toks)))
                                  if k in rd.mention and rd.r.cards[rd.mention[k]].kind == "creature"), None)
                    if named is not None:
                        host = named
                        p = rd.tok(u.i - 1)
                        rd.use(u.i, p.i if p is not None and p.lemma == "я" else None)
            e.arg = host.key
            break


def read_summoned_host_asked(rd, sent: list) -> bool:
    """«кто теперь её хозяин?» of a card summoned onto a creature: the fate of the summoned
    card (it is placed on that creature, which becomes its host, 209.8, 212.6)."""
    from bot.reading.reader import Asked

    hw = [t for t in sent if t.lemma in rd.w.host_words]
    wh = next((t for t in sent if t.text in ("кто", "чей")), None)
    ev = next((e for e in rd.r.events if e.op == "summon" and e.arg), None)
    if not hw or ev is None:
        return False
    cand = None
    if wh is None:      # «оно становится её хозяином?»: is the creature named the host?
        cand = next((rd.mention[t.i] for t in sent if t.i in rd.mention and t not in hw and t.case == "nomn"
                     and rd.r.cards[rd.mention[t.i]].kind == "creature"), None)
        if cand is None:
            return False
        rd.use(*(t.i for t in sent if rd.mention.get(t.i) == cand))
    rd.use(*([wh.i] if wh else []), *(t.i for t in hw))
    for t in sent:
        if t.text in ("теперь", "ее", "её", "его", "у", "нее", "него", "является", "будет", "станет", "стал", "стала"):
            rd.use(t.i)
    for t in sent:
        if t.lemma in ("становиться", "стать", "являться", "быть"):
            rd.use(t.i)
    rd.r.asked = Asked("fate", ev.card, yes_no=cand is not None, actions=("host",), on=cand)
    return True


def new_host_ruling(reading, res, mapping: dict, ids: dict[str, str]):
    """Who the host is after the ``place`` step: «Хозяином становится …» or «Да / Нет, …»."""
    from bot.reading.compile import Ruling
    from bot.sim.outcome import rules_of

    a = reading.asked
    r = res.results[-1]
    cid, new = ids[a.card], ids[a.on]
    host = res.actual.get("cards", {}).get(cid, {}).get("host") if isinstance(res.actual, dict) else None
    placed = r.legal and any(c.card == cid and c.result == "помещается" for c in r.consequences)
    if not placed:
        return Ruling("", [], [], list(res.trace), mapping, ids)
    _ = host
    mapping["expect"] = {"cards": {cid: {"host": new}}}
    lines = [c for c in r.consequences if c.rules]
    what = reading.cards[a.on].ru()
    it = "её" if reading.cards[a.card].kind == "equipment" else "его"
    new = reading.cards[a.on]
    if new.name is None and new.db is None and what.startswith("существо"):
        what = "другое " + what     # «на другое существо»: not the former host
    fact = f"хозяином становится {what} — карта, на которую {it} поместили; прежний хозяин перестаёт им быть"
    if a.attacker is not None and a.yes_no:
        verdict = f"{'Да' if a.attacker == a.on else 'Нет'}, {fact}"
    else:
        verdict = fact[:1].upper() + fact[1:]
    return Ruling(verdict, [c.line() for c in lines], rules_of(lines), list(res.trace), mapping, ids)
