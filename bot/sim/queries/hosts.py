"""Queries about symbiotes, parasites and equipment on their hosts (209, 212, 405.2)."""

from __future__ import annotations

from bot.sim import phases
from bot.sim.effects import label
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence, StepResult
from bot.sim.state import parse_cell
from bot.sim.queries.base import (
    Ctx, Finding, SUBJECT_IDS, cites_of, dedup, fate_finding, legal_finding, lower_first, make_card,
    make_sim, rules_of, subject_card, subject_incorporeal, subject_of, worn_after_host,
)


def q_place_on_host(ctx: Ctx) -> Finding | None:
    """Can a symbiote / parasite / equipment be put on a described creature (209.1–209.6, 212.2–212.4)."""
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("not_incorporeal")     # «небестелесный симбиот / хозяин»: the default traits already say so
    worn = worn_after_host(ctx)
    host_is_symbiote = False
    if worn and worn != subj and subj in ("symbiote", "parasite"):
        subj, host_is_symbiote = worn, True     # «симбиот — хозяин экипировки»
    sid = SUBJECT_IDS[subj]
    host_traits: set[str] = set()
    if ctx.has("flying"):
        host_traits.add("flying")
    inc = ctx.found.get("incorporeal", [])
    if inc and (len(inc) >= 2 or not subject_incorporeal(ctx, subj)):
        ctx.has("incorporeal")
        host_traits.add("incorporeal")
    host_is_symbiote = host_is_symbiote or subj == "equipment" and ctx.has("symbiote") or (subj != "equipment" and ctx.count("symbiote") + ctx.count("parasite") >= 2 and ctx.preceded_by("symbiote", "на"))
    if host_is_symbiote:
        host_traits.add("symbiote")
    cls = None if ctx.has("no_class") else "воин"
    enemy = ctx.has("enemy")
    own = ctx.has("own")
    host_owner = "first"
    if subj == "parasite":
        host_owner = "first" if own and not enemy else "second"
    elif enemy:
        host_owner = "second"
    cards = [
        make_card("Хозяин", owner=host_owner, cell="c3" if host_owner == "first" else "c4", traits=host_traits, creature_class=cls),
        make_card("Другой", owner="first", cell="a1", creature_class="воин"),
        make_card("Другой2", owner="second", cell="a6", creature_class="воин"),
    ]
    if host_is_symbiote:
        cards[0].cell = None
        cards[0].host = "Другой"
    subject = subject_card(ctx, subj, sid, host="Другой" if subj != "parasite" else "Другой2")
    if subj == "parasite":
        subject.owner = "first"
        subject.host = "Другой2"
    cards.append(subject)
    if subj != "equipment" and ctx.has("symbiote") and ctx.has("parasite") and not ctx.preceded_by("symbiote", "на") \
            and not ctx.preceded_by("parasite", "на"):    # «симбиот и паразит на одном существе»: a parasite is a symbiote too
        other = "parasite" if subj == "symbiote" else "symbiote"
        cards.append(make_card("Второй", owner=subject.owner, traits={"symbiote"} | ({"parasite"} if other == "parasite" else set()),
                               host="Хозяин", cell=None, movement=None))
    elif ctx.has("two", "same_class", "different"):
        ctx.has("class")
        if subj == "equipment":
            diff = ctx.has("different")
            cards.append(make_card("Первая", kind="equipment", equipment_class="броня" if diff else "оружие", host="Хозяин", cell=None, movement=None))
        else:
            cards.append(make_card("Первый", owner=subject.owner, traits=set(subject.traits), host="Хозяин", cell=None, movement=None))
    if host_is_symbiote:
        cards.sort(key=lambda c: c.id != "Другой")
    ctx.has("place", "creature", "host", "simultaneous")
    if subj == "parasite" and ctx.has("front_row", "second_row", "third_row", "reveal", "seating"):
        return _parasite_seating(ctx, host_owner, host_traits)
    if ctx.alternative and ctx.has("own") and ctx.has("enemy"):
        return _whose_creatures(ctx, subj, sid)
    if subj == "equipment" and len(_named_items(ctx)) >= 2 and not ctx.has("two", "same_class", "different", "no_class"):
        return _two_named_items(ctx, host_traits)
    if subj == "equipment" and host_owner == "second" and not host_is_symbiote and not _by_ability(ctx):
        return _equipment_seated_on_enemy(ctx, cards, sid, host_traits)
    sim = make_sim(cards)
    r = sim.place(sid, "Хозяин")
    what = {"symbiote": "симбиота", "parasite": "паразита", "equipment": "экипировку"}[subj]
    extra = ("212.4",) if subj == "equipment" and ctx.has("two", "same_class", "different") else ("209.6",) if ctx.has("two") else ()
    if "incorporeal" in host_traits and subj != "equipment":
        extra = ("209.5", *extra)       # the paragraph on incorporeal hosts decides either way
    if _whose_named(ctx) and not host_traits:
        extra = ("212.1" if subj == "equipment" else "209.1", *extra)   # whose creature may be the host
    return legal_finding(sim, r, f"можно: {what} можно поместить на это существо", "нельзя", extra=extra)


def _by_ability(ctx: Ctx) -> bool:
    """The question says an ability moves the card («особенность помещает экипировку на …»):
    then 212.1's second sentence lets it go on another card, not only at seating."""
    return "ability" in ctx.found and not ctx.has("seating", "reveal")


def _equipment_seated_on_enemy(ctx: Ctx, cards: list, sid: str, host_traits: set[str]) -> Finding:
    """Equipment put on an enemy creature by a player (at seating, «надеть шмотку на существо
    противника»): the only way a player puts equipment on a creature is the seating step,
    where it goes on a creature of its own squad (212.1, 405.2); only parasites go on enemy
    creatures (209.2). Seat it on the described enemy creature and read the verdict."""
    ctx.has("seating", "reveal", "enemy", "own")
    subject = next(c for c in cards if c.id == sid)
    subject.host, subject.cell, subject.owner, subject.revealed = None, "a1", "first", False
    sim = make_sim([c for c in cards if c.id in ("Хозяин", sid)], phase="reveal")
    r = phases.seating_step(sim, [(sid, "Хозяин")])
    if sim.state.cards[sid].host == "Хозяин":
        lines = [c for c in r.consequences if c.card == sid]
        return Finding("Да, можно: экипировку можно поместить на это существо", lines,
                       dedup(["212.1", "405.2", *cites_of(r)]), sim.trace)
    lines = [c for c in r.consequences if c.result in ("нельзя", "погибает")] or list(r.consequences)
    reason = lines[0].text.split(": ", 1)[-1] if lines else ""
    return Finding(f"Нет, нельзя: {lower_first(reason)}", lines, dedup([*rules_of(lines), "212.1", "405.2", "209.2"]), sim.trace)


def _whose_named(ctx: Ctx) -> bool:
    """The question says whose creature («на своё / моё / чужое существо»): a possessive or an
    enemy word, not a modal the ``own`` stems also match («можно», «может»)."""
    from bot.morph import lemma
    return "enemy" in ctx.found or any(lemma(ctx.tokens[i]) in ("свой", "мой", "собственный") for i in ctx.found.get("own", []))


def _named_items(ctx: Ctx) -> list[str]:
    """Distinct pieces of equipment the question names («меч и щит» → [меч, щит]), by lemma."""
    from bot.morph import lemma
    return list(dict.fromkeys(lemma(ctx.tokens[i]) for i in ctx.found.get("equipment_item", [])))


def _two_named_items(ctx: Ctx, host_traits: set[str]) -> Finding:
    """«носить меч и щит одновременно?»: two named pieces of equipment whose classes the
    question does not give. Put both on one creature twice — with different classes and
    with the same class — and answer with the per-class limit (212.4)."""
    ctx.has("equipment_item", "equipment", "place", "creature", "host", "simultaneous", "wears")
    a, b = _named_items(ctx)[:2]
    ok: dict[bool, bool] = {}
    trace: list[str] = []
    lines: list[Consequence] = []
    for same in (False, True):
        sim = make_sim([make_card("Хозяин", creature_class="воин", traits=set(host_traits)),
                        make_card(a.capitalize(), kind="equipment", equipment_class="оружие", cell="a1", movement=None),
                        make_card(b.capitalize(), kind="equipment", equipment_class="оружие" if same else "броня", cell="b1",
                                  movement=None)])
        r1 = sim.place(a.capitalize(), "Хозяин")
        r2 = sim.place(b.capitalize(), "Хозяин")
        ok[same] = r1.legal and r2.legal
        trace += sim.trace
        lines += [*r2.reasons] if not r2.legal else [c for c in r2.consequences if c.card == b.capitalize() and c.rules][:1]
        if not r1.legal:        # the host itself cannot carry equipment (flying, no class …): that is the answer
            return legal_finding(sim, r1, "", "нельзя", extra=("212.4",))
    if ok[False] and not ok[True]:
        verdict = (f"Да, если у них разные классы: на существо можно поместить по одной экипировке каждого класса "
                   f"(две экипировки одного класса — нельзя)")
    elif ok[False] and ok[True]:
        verdict = "Да, ограничения по классам нет"
    else:
        verdict = "Нет, нельзя"
    if not ctx.yes_no:
        verdict = verdict.removeprefix("Да, ").capitalize()
    return Finding(verdict, lines, dedup(["212.4", *rules_of(lines)]), trace)


def _whose_creatures(ctx: Ctx, subj: str, sid: str) -> Finding:
    """«на своих или на чужих?»: at the seating step try the card on an own and on an enemy
    front-row creature and name the option(s) the simulator accepts (209.1, 209.2, 212.1, 405.2)."""
    results = {}
    trace: list[str] = []
    for owner in ("first", "second"):
        host = make_card("Хозяин", owner=owner, cell="c3" if owner == "first" else "c4", creature_class="воин")
        card = subject_card(ctx, subj, sid, host=None, cell="a1")
        card.owner, card.revealed = "first", False
        sim = make_sim([host, card], phase="reveal")
        r = phases.seating_step(sim, [(sid, "Хозяин")])
        results[owner] = (sim.state.cards[sid].host == "Хозяин", r)
        trace += sim.trace
    ok = [o for o, (placed, _) in results.items() if placed]
    what = {"symbiote": "Симбиота", "parasite": "Паразита", "equipment": "Экипировку"}[subj]
    if ok == ["first"]:
        verdict = f"На своих: {what.lower()} назначают существу своего отряда"
    elif ok == ["second"]:
        verdict = f"На вражеских: {what.lower()} назначают существу противника в первом ряду"
    elif ok:
        verdict = f"{what} можно назначить и своему, и чужому существу"
    else:
        verdict = f"{what} нельзя назначить ни своему, ни чужому существу"
    lines = [c for _, r in results.values() for c in r.consequences if c.card == sid and c.result in ("нельзя", "помещается")]
    base = "212.1" if subj == "equipment" else "209.1"
    return Finding(verdict, lines, dedup([base, *rules_of(lines), "405.2", *cites_of(*[r for _, r in results.values()])]), trace)


def _parasite_seating(ctx: Ctx, host_owner: str, host_traits: set[str]) -> Finding:
    """Seat a parasite at the seating step on a creature in the described row (209.2, 405.2)."""
    row = 2 if ctx.has("second_row") else 3 if ctx.has("third_row") else 1
    cell = {("second", 1): "c4", ("second", 2): "c5", ("second", 3): "c6", ("first", 1): "c3", ("first", 2): "c2", ("first", 3): "c1"}[(host_owner, row)]
    sim = make_sim([make_card("Хозяин", owner=host_owner, cell=cell, traits=host_traits),
                make_card("Клещ", traits={"symbiote", "parasite"}, cell="a1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Клещ", "Хозяин")])
    if sim.state.cards["Клещ"].host == "Хозяин":
        lines = [c for c in r.consequences if c.card == "Клещ"]
        return Finding("Да, можно: паразит назначается этому существу", lines, dedup(["209.2", "405.2", *cites_of(r)]), sim.trace)
    lines = [c for c in r.consequences if c.result in ("нельзя", "погибает")]
    reason = lines[0].text.split(": ", 1)[-1] if lines else ""
    return Finding(f"Нет, нельзя: {lower_first(reason)}", lines, dedup([*rules_of(lines), "209.2", "405.2"]), sim.trace)


def q_new_host(ctx: Ctx) -> Finding | None:
    """An ability puts a symbiote / equipment on another card: that card is the host (209.3, 212.1)."""
    ctx.has("former")   # words of the same situation: read, they do not change it
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("who", "host", "place", "creature", "card")
    sid = SUBJECT_IDS[subj]
    owner = "second" if subj == "parasite" else "first"
    sim = make_sim([make_card("Прежний", owner=owner, creature_class="воин", cell="c2" if owner == "first" else "c5"),
                make_card("Новый", owner=owner, creature_class="воин", cell="d2" if owner == "first" else "d5"),
                subject_card(ctx, subj, sid, host="Прежний")])
    sim.state.cards[sid].owner = "first"
    r = sim.place(sid, "Новый")
    if not r.legal:
        return legal_finding(sim, r, "", "нельзя")
    lines = [c for c in r.consequences if c.rules]
    verdict = "Хозяином становится карта, на которую его поместили; прежний хозяин перестаёт им быть"
    if ctx.yes_no and ctx.has("stays"):     # «старый хозяин остаётся хозяином?»
        verdict = "Нет, прежний хозяин перестаёт им быть: хозяином становится карта, на которую его поместили"
    return Finding(verdict, lines,
                   dedup(["209.3" if subj != "equipment" else "212.1", *cites_of(r)]), sim.trace)


def q_count_attached(ctx: Ctx) -> Finding | None:
    """How many symbiotes (209.6) / equipment cards (212.4) a creature may carry."""
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("count", "two", "place", "creature", "host", "same_class", "class")
    if subj == "equipment":
        sim = make_sim([make_card("Воин", creature_class="воин"),
                    make_card("Меч", kind="equipment", equipment_class="оружие", host="Воин", cell=None, movement=None),
                    make_card("Топор", kind="equipment", equipment_class="оружие", cell="a1", movement=None),
                    make_card("Щит", kind="equipment", equipment_class="броня", cell="b1", movement=None)])
        r1 = sim.place("Топор", "Воин")
        r2 = sim.place("Щит", "Воин")
        verdict = ("По одной экипировке каждого класса" if not r1.legal and r2.legal else "Без ограничения")
        lines = [*r1.reasons, *[c for c in r2.consequences if c.card == "Щит"]]
        return Finding(f"{verdict}: две экипировки одного класса — нельзя, экипировки разных классов — можно",
                       lines, dedup(["212.4", *cites_of(r1, r2)]), sim.trace)
    owner = "second" if subj == "parasite" else "first"
    sim = make_sim([make_card("Воин", owner="second" if subj == "parasite" else "first", cell="c4" if subj == "parasite" else "c3"),
                subject_card(ctx, subj, "Первый", host="Воин"),
                subject_card(ctx, subj, "Второй", host=None, cell="a1" if owner == "first" else "a6")])
    sim.state.cards["Первый"].owner = sim.state.cards["Второй"].owner = "first"
    sim.state.cards["Второй"].cell = parse_cell("a1")
    r = sim.place("Второй", "Воин")
    n = 1 if not r.legal else 2
    word = "одного" if n == 1 else "несколько"
    return Finding(f"Только {word} (1): второго симбиота на то же существо поместить нельзя", r.reasons,
                   dedup([*rules_of(r.reasons), *cites_of(r)]), sim.trace)


# host event -> paragraphs that govern it (symbiote, equipment): cited even when nothing happens
EVENT_RULES = {
    "independent": ("302.5", "209.4"), "stop_being_creature": ("209.3", "212.2"), "flying": ("209.4", "212.3"),
    "incorporeal": ("209.5", "212.3"), "symbiote": ("209.6", "212.3"), "class": ("212.2", "212.2"),
    "dies": ("209.4", "212.3"), "leaves": ("209.4", "212.3"),
    "closed": ("209.4", "212.3"),   # the events that end an attached card are listed there; closing is not one
}


def _host_event(ctx: Ctx, sim: Simulator, host: str) -> list[StepResult] | None:
    """Run the host event the question names; sets ``ctx.event`` (a key of ``EVENT_RULES``)."""
    rs = _host_event_run(ctx, sim, host)
    return rs


def _host_event_run(ctx: Ctx, sim: Simulator, host: str) -> list[StepResult] | None:
    if ctx.has("independent"):
        ctx.event = "independent"
        ctx.has("dies", "become")
        return [sim.die(host)]
    if ctx.has("stop_being_creature"):
        ctx.event = "stop_being_creature"
        return [sim.gain(host, "artifact")]
    if ctx.has("become", "flying", "incorporeal") and (ctx.has("flying", "incorporeal") or ctx.after("become", "symbiote")):
        if ctx.has("flying"):
            ctx.event = "flying"
            return [sim.gain(host, "flying")]
        if ctx.has("incorporeal"):
            ctx.event = "incorporeal"
            return [sim.gain(host, "incorporeal")]
        ctx.has("symbiote")
        ctx.event = "symbiote"
        return [sim.gain(host, "symbiote")]
    if ctx.has("lose", "no_class") and ctx.has("class", "no_class"):
        ctx.event = "class"
        return [sim.set_class(host, None)]
    if ctx.has("change") and ctx.has("class"):
        ctx.event = "class"
        return [sim.set_class(host, "маг")]
    if ctx.has("dies", "destroyed"):
        ctx.event = "dies"
        return [sim.die(host)]
    if ctx.has("leaves"):
        ctx.event = "leaves"
        return [sim.leave(host)]
    if ctx.has("closed", "open"):
        ctx.event = "closed"
        ctx.has("wears")
        return [sim.open(host, not ctx.has("closed"))]
    return None


# concept asked about in a yes/no question -> the result word that confirms it
_ASKED = {"dies": ("погибает",), "destroyed": ("уничтожается",), "together": ("перемещается",),
          "relocate": ("перемещается",), "move": ("перемещается",), "stays": (),
          "gone": ("погибает", "уничтожается", "покидает поле боя")}
# results that mean the card did not stay where / as it was
_NOT_STAYING = ("погибает", "уничтожается", "перемещается", "покидает поле боя", "становится существом")
_CLAUSE = ("если", "когда", "при", "после")


def _yes_no_fate(ctx: Ctx, f: Finding) -> Finding:
    """Turn «Симбиот погибает» into «Да, …» / «Нет, …» when a yes/no question asks about
    the result in its main clause («Погибает ли симбиот, если …», «Перемещается ли … вместе …»)."""
    if not ctx.yes_no:
        return f
    start = ctx.main_from       # «Хозяина переместили. Симбиот остаётся?»: the asked sentence's main clause only
    cut = next((i for i, t in enumerate(ctx.tokens) if i >= start and t in _CLAUSE), len(ctx.tokens))
    li = [i - 1 for i, t in enumerate(ctx.tokens) if t == "ли"]     # «погибнет ли …»: the asked word
    asked = [c for c in _ASKED if any(start <= i < cut or i in li for i in ctx.found.get(c, []))]
    if "together" in ctx.found and "together" not in asked:
        asked.append("together")
    if not asked:   # no comma: «если хозяин стал бестелесным симбиот помрёт?» — the last predicate after the clause word
        event_concepts = {"dies": ("dies", "destroyed"), "move": ("move", "relocate"), "leaves": ()}.get(ctx.event or "", ())
        event_at = {min(ctx.found[c]) for c in event_concepts if c in ctx.found}
        tail = [(i, c) for c in _ASKED for i in ctx.found.get(c, []) if i > cut and i not in event_at]
        if tail:
            asked = [max(tail)[1]]
    if "stays" in asked:
        asked = ["stays"]       # «остаётся ли симбиот на клетке, если хозяин переместился?»
    if not asked:
        return f
    ctx.used.update(asked)
    got = {c.result for c in f.lines}
    if asked == ["stays"]:
        yes = not any(r in got for r in _NOT_STAYING)
    else:
        yes = any(r in got for c in asked for r in _ASKED[c])
    # «Симбиот не погибает?»: the answer agrees with the negated statement («Нет, погибает»)
    negated = {i - 1 for c in asked for i in ctx.found.get(c, []) if i >= start and i > 0 and ctx.tokens[i - 1] == "не"}
    if negated:
        ctx.read_idx |= negated
        yes = not yes
    body = f.verdict.removeprefix("Ничего: ")       # «Да, ничего: …» reads badly
    f.verdict = f"{'Да' if yes else 'Нет'}, {body[:1].lower()}{body[1:]}"
    return f


def q_host_event(ctx: Ctx) -> Finding | None:
    """What happens to a symbiote / equipment when its host dies, leaves, becomes flying,
    incorporeal or a symbiote, loses its class (209.3–209.6, 212.2–212.3); a host moving is read by
    ``bot.reading.hosts``.
    A host carrying both («хозяин экипировки и симбиота») gets both fates, one after the other."""
    ctx.has("wears", "two", "different")   # words of the same situation: read, they do not change it
    ctx.has("old_cell", "stays", "gone")   # words of the same situation: read, they do not change it
    subj = subject_of(ctx)
    if subj is None:
        return None
    become = {i + 1 for i in ctx.found.get("become", [])}    # «стал симбиотом» is the event, not a card on the host
    both = [c for c in ("symbiote", "equipment") if any(i not in become for i in ctx.found.get(c, []))]
    if len(both) == 2 and not ctx.yes_no:
        fs = [_host_event_of(ctx, c) for c in both]
        if all(fs):
            return Finding("; ".join(f.verdict[:1].lower() + f.verdict[1:] if i else f.verdict for i, f in enumerate(fs)),
                           [x for f in fs for x in f.lines], dedup([n for f in fs for n in f.citations]),
                           [x for f in fs for x in f.trace])
    return _host_event_of(ctx, subj)


def _host_event_of(ctx: Ctx, subj: str) -> Finding | None:
    sid = SUBJECT_IDS[subj]
    ctx.has("host", "creature")
    host_owner = "second" if subj == "parasite" else "first"
    sim = make_sim([make_card("Хозяин", owner=host_owner, creature_class="воин"), subject_card(ctx, subj, sid, host="Хозяин")])
    sim.state.cards[sid].owner = "first"
    sim.state.cards[sid].independent_on_host_death = subj != "equipment" and ctx.has("independent")
    what = label(sim.state.cards[sid]).split(" «")[0]
    rs = _host_event(ctx, sim, "Хозяин")
    if rs is None:
        return None
    f = fate_finding(sim, rs, sid, what)
    rule = EVENT_RULES.get(ctx.event or "", ("", ""))[1 if subj == "equipment" else 0]
    if rule and not f.lines:   # nothing happened: the paragraph that would have acted says why
        c = sim.state.cards[sid]
        f.lines = [Consequence(f"{what[:1].upper()}{what[1:]} остаётся у хозяина: правило этого пункта к нему не применяется"
                               + (" (симбиот бестелесный)" if "incorporeal" in c.traits and ctx.event == "incorporeal" else ""), (rule,), sid)]
        f.trace = [*f.trace, "  " + f.lines[0].line()]
    f.citations = dedup([*f.citations, rule])
    return _yes_no_fate(ctx, f)


def q_unhosted(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment without a host after the reveal subphase dies (209.7, 212.5)."""
    ctx.has("seating", "reveal")   # words of the same situation: read, they do not change it
    ctx.has("stays")   # words of the same situation: read, they do not change it
    subj = subject_of(ctx)
    if subj is None:
        return None
    sid = SUBJECT_IDS[subj]
    ctx.has("no_host", "reveal")
    sim = make_sim([make_card("Воин", cell="c3"), subject_card(ctx, subj, sid, host=None, cell="a1")], phase="reveal")
    r = phases.seating_step(sim, [])
    return _yes_no_fate(ctx, fate_finding(sim, [r], sid))


def q_summoned(ctx: Ctx) -> Finding | None:
    """A summoned symbiote / equipment: placed where the card text says, else it dies (209.8, 212.6)."""
    ctx.has("no_host")   # words of the same situation: read, they do not change it
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("summon", "place", "host", "creature", "card")
    sim = make_sim([make_card("Воин", creature_class="воин")])
    r1 = sim.summon(subject_card(ctx, subj, "Вызванный", host=None, cell=None), None)
    r2 = sim.summon(subject_card(ctx, subj, "Вызванный2", host=None, cell=None), "Воин")
    f = fate_finding(sim, [r1], "Вызванный")
    placed = [c for c in r2.consequences if c.card == "Вызванный2" and c.result]
    pron = "она помещается" if subj == "equipment" else "он помещается"
    f.verdict = f"{f.verdict.split(' ', 1)[0]} погибает, если в тексте карты не указано, на какую карту {pron}; если указано — эта карта становится хозяином"
    f.lines = f.lines + placed
    f.citations = dedup(f.citations + cites_of(r2))
    return _yes_no_fate(ctx, f)


def q_attached_moves(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment cannot move on its own (209.10, 209.11, 212.8)."""
    ctx.has("old_cell", "stays", "gone")   # words of the same situation: read, they do not change it
    subj = subject_of(ctx)
    if subj is None:
        return None
    sid = SUBJECT_IDS[subj]
    ctx.has("move", "relocate", "alone", "host")
    sim = make_sim([make_card("Хозяин", creature_class="воин"), subject_card(ctx, subj, sid, host="Хозяин")])
    sim.state.cards[sid].owner = "first"
    sim.state.cards[sid].movement = sim.state.cards[sid].movement_left = 1
    kind = "relocation" if ctx.has("relocate") and not ctx.has("move") else "movement"
    r = sim.declare("first", kind, card=sid, to=parse_cell("c3"))
    return legal_finding(sim, r, "может", "не может")


def q_attached_ban(ctx: Ctx) -> Finding | None:
    """A ban on a symbiote / equipment moving to a cell binds its host (209.11, 212.8)."""
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("forbidden", "move", "relocate", "host", "cell", "creature")
    sid = SUBJECT_IDS[subj]
    card = subject_card(ctx, subj, sid, host="Хозяин")
    card.owner = "first"
    card.forbidden_cells = {parse_cell("c3")}
    sim = make_sim([make_card("Хозяин", creature_class="воин", movement=2), card])
    r = sim.declare("first", "movement", card="Хозяин", to=parse_cell("c3"))
    f = legal_finding(sim, r, "может", "нельзя")
    if not r.legal:
        f.verdict = f"{'Нет, хозяин тоже не может туда переместиться' if ctx.yes_no else 'Хозяин тоже не может туда переместиться'}: запрет {'симбиоту' if subj != 'equipment' else 'экипировке'} влияет и на хозяина"
    return f


def q_before_reveal(ctx: Ctx) -> Finding | None:
    """Before its reveal a symbiote / equipment / terrain stands on a separate cell (209.2, 212.1, 211.1)."""
    kind = ctx.first(("symbiote", "parasite", "equipment", "terrain"))
    ctx.has("before_reveal", "reveal", "cell", "place")
    sim = make_sim([make_card("Воин", cell="c3", revealed=False)], phase="reveal")
    card = (make_card("Карта", kind="terrain", cell="a1", movement=None, revealed=False) if kind == "terrain"
            else make_card("Карта", kind="equipment", equipment_class="оружие", cell="a1", movement=None, revealed=False) if kind == "equipment"
            else make_card("Карта", traits={"symbiote"} | ({"parasite"} if kind == "parasite" else set()), cell="a1", movement=None, revealed=False))
    sim.state.cards["Карта"] = card
    occ = sim.state.occupant(parse_cell("a1"))
    rule = {"terrain": "211.1", "equipment": "212.1"}.get(kind or "", "209.2")
    line = Consequence(f"До вскрытия карта стоит на отдельной клетке a1 и занимает её", (rule,), "Карта")
    r = phases.reveal_step(sim)
    after = [c for c in r.consequences if c.card == "Карта"]
    verdict = "На отдельной клетке поля боя" if occ is card else "Модель не смогла определить"
    return Finding(verdict, [line, *after], dedup([rule, *cites_of(r)]), [*sim.trace, "  " + line.line()])


def q_attached_nearby(ctx: Ctx) -> Finding | None:
    """A symbiote / equipment occupies its host's cell and stands next to it (209.9, 212.7)."""
    subj = subject_of(ctx)
    if subj is None:
        return None
    ctx.has("nearby", "host", "cell", "creature", "where_at")
    sid = SUBJECT_IDS[subj]
    sim = make_sim([make_card("Хозяин", owner="second" if subj == "parasite" else "first", creature_class="воин", cell="c4" if subj == "parasite" else "c2"),
                subject_card(ctx, subj, sid, host=None, cell="a1")], phase="reveal")
    sim.state.cards[sid].owner = "first"
    r = phases.seating_step(sim, [(sid, "Хозяин")])
    c, h = sim.state.cards[sid], sim.state.cards["Хозяин"]
    rule = "212.7" if subj == "equipment" else "209.9"
    same = c.cell == h.cell and c.host == h.id
    line = Consequence(f"{label(c)[:1].upper()}{label(c)[1:]} занимает ту же клетку, что и хозяин; они считаются стоящими рядом", (rule,), sid)
    if not same:
        return Finding("Модель не смогла определить", [], [], sim.trace)
    verdict = "На той же клетке, что и хозяин; они считаются стоящими рядом"
    if ctx.yes_no:
        # «стоит на отдельной клетке?» → «Нет, …»; «на той же клетке?», «занимает клетку хозяина?» → «Да, …»
        verdict = ("Нет, " if ctx.has("separate_cell") else "Да, ") + lower_first(verdict)
    return Finding(verdict, [line], dedup([rule, *cites_of(r)]), sim.trace)


def q_attached_attack_host(ctx: Ctx) -> Finding | None:
    """Host and symbiote stand next to each other and may attack each other (209.9)."""
    ctx.has("symbiote", "parasite", "host", "attack")
    sim = make_sim([make_card("Хозяин"), make_card("Симбиот", traits={"symbiote"}, host="Хозяин", cell=None)])
    r = sim.declare("first", "attack", card="Хозяин", target="Симбиот")
    sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    f = legal_finding(sim, r, "может: симбиот и его хозяин считаются стоящими рядом, атака идёт по общим правилам", "не может", extra=("209.9",))
    f.citations = dedup(["209.9", *f.citations, *cites_of(r2)])
    return f


def q_seating_order(ctx: Ctx) -> Finding | None:
    """Seating order (405.2): first player's symbiotes and equipment, the second's, then parasites.
    ``None`` for a «когда» that is only a conjunction («можно ли положить, когда …»)."""
    if not any(c in ctx.found for c in ("before_after", "who", "order", "first", "seating", "after", "before_word")):
        if not any(i == ctx.ask_from for i in ctx.found.get("when", [])):
            return None
    ctx.has("symbiote", "parasite", "equipment", "seating", "who", "order", "first", "place", "player")
    sim = make_sim([make_card("Воин", cell="c3", creature_class="воин"), make_card("Орк", owner="second", cell="c4", creature_class="воин"),
                make_card("Паразит_2", owner="second", traits={"symbiote", "parasite"}, cell="a6", movement=None),
                make_card("Паразит_1", traits={"symbiote", "parasite"}, cell="b1", movement=None),
                make_card("Меч_2", owner="second", kind="equipment", equipment_class="оружие", cell="b6", movement=None),
                make_card("Лиана_1", traits={"symbiote"}, cell="a1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Паразит_2", "Воин"), ("Меч_2", "Орк"), ("Паразит_1", "Орк"), ("Лиана_1", "Воин")])
    order = [c.card for c in r.consequences if c.result == "помещается"]
    named = [c for c in ("symbiote", "equipment", "parasite") if c in ctx.found]
    parasite = ctx.has("parasite") and not ctx.has("symbiote", "equipment")
    if ctx.has("before_after") and len(named) >= 2 and order[:1] == ["Лиана_1"]:
        first_named = ctx.first(tuple(named))
        if "parasite" in named and first_named != "parasite":
            verdict = "До паразитов: сначала каждый игрок назначает своих симбиотов и экипировки (Первый, затем Второй), паразиты — последними"
        elif "parasite" in named:
            verdict = "После: паразиты назначаются последними, после симбиотов и экипировок обоих игроков"
        else:
            verdict = "Вместе: каждый игрок назначает всех своих симбиотов и экипировки за один раз (сначала Первый, затем Второй); паразиты — последними"
        lines = [c for c in r.consequences if c.rules == ("405.2",)]
        return Finding(verdict, lines, dedup(["405.2", *cites_of(r)]), sim.trace)
    compared = _seating_compared(ctx, named, order)
    if compared is not None:
        return Finding(compared, [c for c in r.consequences if c.rules == ("405.2",)], dedup(["405.2", *cites_of(r)]), sim.trace)
    if parasite:
        verdict = "Паразиты назначаются последними: сначала паразиты Первого игрока, затем Второго"
    else:
        verdict = "Первый игрок: сначала он назначает своих симбиотов и экипировки, затем Второй игрок; паразиты — после них"
    if order[:1] != ["Лиана_1"]:
        verdict = "Модель не смогла определить"
    lines = [c for c in r.consequences if c.rules == ("405.2",)]
    return Finding(verdict, lines, dedup(["405.2", *cites_of(r)]), sim.trace)


_SEATED = {"symbiote": "Лиана_1", "equipment": "Меч_2", "parasite": "Паразит_1"}


def _seating_compared(ctx: Ctx, named: list[str], order: list[str]) -> str | None:
    """«симбиотов помещают раньше паразитов?» / «паразитов — после экипировки?»: a yes/no
    comparing a parasite with a symbiote / equipment, read off the simulated seating ``order``
    (the first named kind against the second; «раньше / до / перед» or «после / позже»)."""
    if not ctx.yes_no or len(named) != 2 or "parasite" not in named:
        return None
    before = ctx.asked("before_word") or any(t.startswith("раньше") for t in ctx.tokens[ctx.ask_from:])
    after = ctx.asked("after", "later")
    if before == after or any(_SEATED[k] not in order for k in named):
        return None
    subject = ctx.first(tuple(named))
    other = next(k for k in named if k != subject)
    is_before = order.index(_SEATED[subject]) < order.index(_SEATED[other])
    yes = is_before == before
    return f"{'Да' if yes else 'Нет'}, паразиты назначаются последними — после симбиотов и экипировок обоих игроков"


def q_parasite_hosts(ctx: Ctx) -> Finding | None:
    """Which creatures a parasite can be seated on (209.1, 209.2, 405.2); an either/or
    question («на своих или на вражеских?») gets the option named first."""
    ctx.has("parasite", "who", "where", "place", "reveal", "seating", "alternative", "own", "enemy", "front_row", "creature")
    sim = make_sim([make_card("Своё", owner="first", cell="c3"), make_card("Первый_ряд", owner="second", cell="c4"),
                make_card("Второй_ряд", owner="second", cell="c5"),
                make_card("Паразит1", traits={"symbiote", "parasite"}, cell="a1", movement=None),
                make_card("Паразит2", traits={"symbiote", "parasite"}, cell="b1", movement=None),
                make_card("Паразит3", traits={"symbiote", "parasite"}, cell="d1", movement=None)], phase="reveal")
    r = phases.seating_step(sim, [("Паразит1", "Своё"), ("Паразит2", "Второй_ряд"), ("Паразит3", "Первый_ряд")])
    ok = sim.state.cards["Паразит3"].host == "Первый_ряд" and sim.state.cards["Паразит1"].host is None and sim.state.cards["Паразит2"].host is None
    verdict = ("На существ противника в первом ряду его половины поля боя; назначаются после своих симбиотов и экипировок обоих игроков"
               if ok else "Модель не смогла определить")
    if ok and ctx.alternative and ctx.has("own", "enemy"):
        verdict = "На вражеских: " + verdict[:1].lower() + verdict[1:]
    lines = [c for c in r.consequences if c.result in ("нельзя", "помещается")]
    return Finding(verdict, lines, dedup(["209.2", "405.2", *cites_of(r)]), sim.trace)
