"""The order of the seating step (405.2), read compositionally: «кто первым назначает
паразитов?», «кто первым назначает экипировки при рассадке?», «паразитов назначают до
симбиотов и экипировок или после?».

``read_seating_order_asked(rd, sent)`` reads the asked kinds (the attachable cards named, by
kind) and the asked relation: ``first`` — who assigns them first (``кто`` + «первым / сначала»),
or ``before`` — whether the first named kind goes before or after the others («до … или
после?»). The compiled scenario gives each player a symbiote, a piece of equipment and a
parasite and one creature each, and assigns them all at one seating step; the order the
simulator seats them in answers (405.2). Words: ``seating_order`` section of
``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from bot.reading.lexicon import section_sets

_KINDS = ("symbiote", "equipment", "parasite")
_RU = {"symbiote": "симбиоты", "equipment": "экипировки", "parasite": "паразиты"}


def _w() -> dict[str, frozenset[str]]:
    return section_sets("seating_order")


def _is(name: str, t) -> bool:
    return t is not None and (t.lemma in _w()[name] or t.text in _w()[name])


def read_seating_order_asked(rd, sent: list) -> bool:
    """Set ``rd.r.asked`` (``Asked("order", card, actions=(relation, *kinds))``) and return
    ``True`` when ``sent`` asks the seating order (module doc)."""
    from bot.reading.reader import Asked

    verb = next((t for t in sent if _is("assign_verbs", t) or t.lemma in rd.w.place_verbs), None)
    if verb is None:
        return False
    named = [t for t in sent if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind in _KINDS]
    kinds = list(dict.fromkeys(rd.r.cards[rd.mention[t.i]].kind for t in named))
    who = next((t for t in sent if t.text == "кто"), None)
    first = [t for t in sent if _is("first_words", t)]
    before = [t for t in sent if _is("before_words", t) or _is("after_words", t)]
    if who is not None and first and kinds:
        relation = "first"
        used = [who.i, *(t.i for t in first)]
        # «…, первый игрок или второй»: the options named
        for t in sent:
            if t.lemma == "игрок" or t.text == "или" or t.lemma in ("второй",):
                used.append(t.i)
    elif before and len(kinds) >= 2 and who is None:
        either = any(t.text == "или" for t in sent)
        # «паразитов рассаживают после экипировки?»: yes / no about the direction asked
        relation = "before" if either else ("is_after" if _is("after_words", before[0]) else "is_before")
        used = [t.i for t in before] + [t.i for t in sent if t.text in ("или", "и")]
    elif who is None and len(kinds) == 1 and any(t.text == "когда" and t.i == sent[0].i for t in sent):
        relation = "when"       # «когда назначают паразитов?»
        used = [sent[0].i]
    else:
        return False
    if relation in ("before", "is_before", "is_after") and "parasite" in kinds and len(kinds) >= 2:
        # «первый игрок назначает паразитов раньше, чем второй — симбиотов?»: parasites go after every
        # player's symbiotes and equipment (405.2), so the players named do not change the answer
        for t in sent:
            if t.lemma == "игрок" or t.lemma in ("первый", "второй") and rd.tok(t.i + 1) is not None \
                    and rd.toks[t.i + 1].lemma == "игрок" or t.text in ("чем", "того", "как") \
                    or _is("assign_verbs", t) or t.lemma in rd.w.place_verbs:
                used.append(t.i)
    rd.use(verb.i, *used, *(t.i for t in named))
    for t in rd.toks:   # «шаг рассадки.», «я назначил своих симбов и шмотки, противник тоже»: the step told before
        if t.sent >= rd.asked_sent:
            continue
        part = [u for u in rd.toks if u.sent == t.sent]
        if all(_is("step_words", u) or u.lemma == "шаг" for u in part):
            rd.use(*(u.i for u in part))
        elif _is("assign_verbs", t) and t.tense == "past" and all(
                rd.r.cards[rd.mention[u.i]].kind in ("symbiote", "equipment") for u in part if u.i in rd.mention):
            rd.use(t.i)
    for t in sent:      # «при рассадке», «в первый ряд»: the step and where parasites go are the model's own
        nxt = rd.tok(t.i + 1)
        if _is("step_words", t):
            rd.use(t.i, *([t.i - 1] if rd.tok(t.i - 1) is not None and rd.tok(t.i - 1).text in ("при", "на", "во", "в") else []))
        if t.lemma == "ряд" and rd.tok(t.i - 1) is not None and rd.tok(t.i - 1).lemma == "первый":
            rd.use(t.i, t.i - 1, *([t.i - 2] if rd.tok(t.i - 2) is not None and rd.tok(t.i - 2).text in ("в", "на") else []))
        if t.lemma in rd.w.owner_me and nxt in named:
            rd.use(t.i)     # «своих симбиотов»: one's own, as every player's
    for c in list(rd.r.cards.values()):
        if c.kind == "creature" and not any(x.host == c.key for x in rd.r.cards.values()):
            if all(i in rd.r.used for i in c.mentions):
                del rd.r.cards[c.key]
    rd.r.seating = True
    rd.r.asked = Asked("order", rd.mention[named[0].i], actions=(relation, *kinds), yes_no=relation.startswith("is_"))
    return True


_CARDS = [("Лиана 1", "first", "symbiote"), ("Меч 1", "first", "equipment"), ("Паразит 1", "first", "parasite"),
          ("Лиана 2", "second", "symbiote"), ("Меч 2", "second", "equipment"), ("Паразит 2", "second", "parasite")]


def order_scenario(reading, ids: dict[str, str]) -> dict:
    """Each player's symbiote, equipment and parasite, each with a creature to go on (own front
    row; a parasite the opponent's), all assigned at one seating step in the reverse of the
    rule's order — the simulator orders them (405.2)."""
    cards: list[dict] = []
    cells = {"first": ["a1", "b1", "d1"], "second": ["a6", "b6", "d6"]}
    front = {"first": ["a3", "b3", "c3"], "second": ["a4", "b4", "c4"]}     # each card its own host (209.6)
    assign = []
    for cid, owner, kind in reversed(_CARDS):
        m = {"id": cid, "owner": owner, "cell": cells[owner].pop(0)}
        if kind == "equipment":
            m.update(kind="equipment", equipment_class="оружие")
        else:
            m.update(traits=["parasite"] if kind == "parasite" else ["symbiote"], **{"class": "воин"})
        side = ("second" if owner == "first" else "first") if kind == "parasite" else owner
        host = f"Хозяин для «{cid}»"
        cards += [{"id": host, "owner": side, "class": "воин", "cell": front[side].pop(0)}, m]
        assign.append({"card": cid, "host": host})
    return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": {"phase": "reveal", "cards": cards},
            "steps": [{"seating": assign}]}


def order_ruling(reading, res, mapping: dict, ids: dict[str, str]):
    """The order the simulator seated the cards in, answering who is first or which kind goes
    first («Первый игрок: …», «После: …»)."""
    from bot.reading.compile import Ruling

    a = reading.asked
    r = res.results[-1]
    kind_of = {cid: kind for cid, _o, kind in _CARDS}
    owner_of = {cid: o for cid, o, _k in _CARDS}
    seated = [c.card for c in r.consequences if c.result == "помещается" and c.card in kind_of]
    lines = [c for c in r.consequences if c.rules == ("405.2",)]
    if len(seated) != len(_CARDS):
        return Ruling("", [], [], list(res.trace), mapping, ids)
    relation, kinds = a.actions[0], a.actions[1:]
    mapping["expect"] = {"steps": [{"step": 1, "legal": True}]}
    if relation == "first":
        first = next(cid for cid in seated if kind_of[cid] in kinds)
        who = "Первый игрок" if owner_of[first] == "first" else "Второй игрок"
        if kinds == ("parasite",):
            verdict = f"{who}: паразиты назначаются последними — сначала паразиты Первого игрока, затем Второго"
        else:
            verdict = f"{who}: сначала он назначает своих симбиотов и экипировки, затем Второй игрок; паразиты — после них"
    elif relation == "when":
        if kinds == ("parasite",):
            verdict = "Последними: после симбиотов и экипировок обоих игроков — сначала паразиты Первого игрока, затем Второго"
        else:
            verdict = (f"Первыми: каждый игрок назначает своих симбиотов и экипировки (сначала Первый, затем Второй); "
                       "паразиты — после них")
    elif relation in ("is_before", "is_after"):
        x, others = kinds[0], kinds[1:]
        first_x = min(seated.index(c) for c in seated if kind_of[c] == x)
        first_y = min(seated.index(c) for c in seated if kind_of[c] in others)
        if kind_of[seated[first_x]] != "parasite" and all(k != "parasite" for k in others):
            return Ruling("", [], [], list(res.trace), mapping, ids)    # symbiotes and equipment go together: neither
        before = first_x < first_y
        yes = before == (relation == "is_before")
        fact = ("паразиты назначаются последними, после симбиотов и экипировок обоих игроков" if "parasite" in kinds
                else "симбиоты и экипировки назначаются вместе")
        verdict = f"{'Да' if yes else 'Нет'}, {fact}"
    else:
        x, others = kinds[0], kinds[1:]
        first_x = min(seated.index(c) for c in seated if kind_of[c] == x)
        first_y = min(seated.index(c) for c in seated if kind_of[c] in others)
        rest = " и ".join(_RU[k] for k in others)
        if kind_of[seated[first_x]] == "parasite" and first_x > first_y:
            verdict = f"После: паразиты назначаются последними, после {rest} обоих игроков".replace("после симбиоты и экипировки", "после симбиотов и экипировок").replace("после симбиоты", "после симбиотов").replace("после экипировки", "после экипировок")
        elif first_x < first_y:
            verdict = f"До: {_RU[x]} назначаются раньше, чем {rest}"
        else:
            verdict = f"Вместе: каждый игрок назначает своих симбиотов и экипировки за один раз (сначала Первый, затем Второй); паразиты — последними"
    return Ruling(verdict, [c.line() for c in lines], ["405.2"], list(res.trace), mapping, ids)
