"""A ``Reading`` -> a judge scenario (``scenarios/README.md`` schema) -> the simulator's verdict.

``to_scenario(reading)`` builds the scenario mapping: the cards (kind, traits, class,
owner, cell or host), one step per told event in order, and the asked step (``place``)
or the asked card's state (``fate``). ``run_reading(reading)`` loads that mapping with the
strict scenario loader (``bot.sim.scenario.load``) — so what ``ask --json`` shows as
``reading`` is exactly what ran — runs it, and reads the verdict off the results. The
``expect`` of the returned mapping is filled with what the run gave, so ``scenario run``
on it passes and states the same verdict.
"""

from __future__ import annotations

import re
from copy import deepcopy
from dataclasses import dataclass, field

import yaml

from bot.reading.reader import ATTACHABLE, KIND_RU, Reading
from bot.sim.outcome import StepResult, rules_of

# Cells of the model: the first player's front row is 3, the second player's 4.
_CELLS = {"first": ["c3", "b3", "d3", "a3"], "second": ["c4", "b4", "d4", "a4"]}
_OTHER_CLASS = "маг"
_DEFAULT_CLASS = "воин"


_CELL_RE = re.compile(r"\b[a-e][1-6]\b")
_PAREN_RE = re.compile(r"\s*\([^()]*\)")


def short_reason(reason: str) -> str:
    """The rule part of a simulator reason for a verdict: no parentheses naming the modelled
    cards, no clause about the modelled cells («c3 занята»), nothing after «, а …» (which
    names the model's cards); the full text stays in the answer's blocks."""
    parts = [p for p in _PAREN_RE.sub("", reason).split("; ") if not _CELL_RE.search(p)]
    parts = [p.split(", а ")[0] for p in parts]
    return "; ".join(parts) or _PAREN_RE.sub("", reason)


@dataclass
class Ruling:
    """The simulator's answer to a reading: ``verdict`` (Russian, «Да, …» / «Нет, …» for a
    yes/no question), ``lines`` (decisive consequences with their paragraphs),
    ``citations`` (most relevant first), ``trace`` (the simulator trace), ``scenario``
    (the mapping that ran, with ``expect`` filled), ``ids`` (reading key -> card id)."""

    verdict: str
    lines: list[str]
    citations: list[str]
    trace: list[str]
    scenario: dict
    ids: dict[str, str] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)


def _ids(reading: Reading) -> dict[str, str]:
    ids: dict[str, str] = {}
    used: set[str] = set()
    for c in reading.cards.values():
        base = c.name.capitalize() if c.name else KIND_RU[c.kind].capitalize()
        cid, n = base, 2
        while cid in used:
            cid, n = f"{base} {n}", n + 1
        used.add(cid)
        ids[c.key] = cid
    return ids


def _card_text(c) -> dict:
    """``{"abilities": text}`` for a card of the user's database whose text the grammar
    reads (a ``use:`` step of the scenario can then execute it, 505), else ``{}``."""
    text = getattr(c.db, "text", "") if c.db is not None else ""
    if not text:
        return {}
    from bot.errors import BerserkError
    from bot.sim.ability import parse_ability

    try:
        parse_ability(text)
    except BerserkError:
        return {}
    return {"abilities": text}


def _owner(reading: Reading, key: str) -> str:
    c = reading.cards[key]
    if c.owner:
        return "first" if c.owner == "me" else "second"
    # a parasite goes on an enemy creature (209.1): its host is the opponent's unless told
    if any(a.host == key and a.kind == "parasite" for a in reading.cards.values()) or (
            reading.asked and reading.asked.what == "place" and reading.asked.on == key
            and reading.cards[reading.asked.card].kind == "parasite"):
        return "second"
    return "first"


def to_scenario(reading: Reading) -> tuple[dict, dict[str, str]]:
    """The scenario mapping of ``reading`` (without ``expect``) and the card ids it uses."""
    ids = _ids(reading)
    if reading.asked is not None and reading.asked.what == "terrains":
        from bot.reading.terrains import terrain_scenario
        return terrain_scenario(reading, ids), ids
    if reading.asked is not None and reading.asked.what == "order":
        from bot.reading.seating_order import order_scenario
        return order_scenario(reading, ids), ids
    if reading.asked is not None and "which_host" in reading.asked.actions:
        from bot.reading.seating import which_host_scenario
        return which_host_scenario(reading, ids), ids
    if reading.asked is not None and reading.asked.what == "where":
        from bot.reading.location import location_scenario
        return location_scenario(reading, ids), ids
    if reading.asked is not None and reading.asked.what == "attack":
        from bot.reading.attack import attack_scenario
        return attack_scenario(reading, ids), ids
    cards: list[dict] = []
    free = {"first": list(_CELLS["first"]), "second": list(_CELLS["second"])}
    extra: list[dict] = []
    asked = reading.asked
    summoned: dict[str, dict] = {}
    for key, c in reading.cards.items():
        owner = _owner(reading, key)
        m: dict = {"id": ids[key], "owner": owner}
        traits = [t for t, v in c.traits.items() if v]
        if c.kind in ("symbiote", "parasite"):
            traits = ["parasite" if c.kind == "parasite" else "symbiote", *traits]
        elif c.kind == "equipment":
            m["kind"] = "equipment"
            m["equipment_class"] = c.equipment_class or "оружие"
        elif c.kind in ("artifact", "terrain"):
            m["kind"] = c.kind
        if traits:
            m["traits"] = traits
        if c.kind in ("creature", "symbiote", "parasite") and c.has_class is not False:  # a symbiote is a creature with a class unless told (209, 212.2)
            m["class"] = _DEFAULT_CLASS
        if c.independent:
            m["independent_on_host_death"] = True
        m.update(_card_text(c))
        if c.summoned:
            summoned[key] = m        # enters play by the summon step
            continue
        seated = reading.seating and (asked is not None and asked.what == "place" and key == asked.card or c.unhosted)
        if c.host:
            m["host"] = ids[c.host]
        elif seated:    # before the seating step it stands on a cell of its own (209.2, 212.1)
            own = [x for x in ("a1", "e1", "a2", "e2") if x not in {y.get("cell") for y in cards}] if owner == "first" \
                else [x for x in ("a6", "e6", "a5", "e5") if x not in {y.get("cell") for y in cards}]
            m["cell"] = own[0]
        elif c.kind in ATTACHABLE:
            # a card that lies on no host yet: held by another creature of its owner (an ability moves it, 209.3, 212.1)
            holder = f"Другое существо {len(extra) + 1}" if extra else "Другое существо"
            extra.append({"id": holder, "owner": owner, "class": _DEFAULT_CLASS, "cell": free[owner].pop()})
            m["host"] = holder
        elif c.kind == "terrain" and not reading.seating:     # a revealed terrain lies in the additional zone (211.1)
            m["zone"] = "additional_zone"
        elif c.row is not None:     # «во втором ряду»
            from bot.reading.seating import ROW_Y
            m["cell"] = f"b{ROW_Y[owner][c.row]}"
        else:
            m["cell"] = free[owner].pop(0)
        cards.append(m)
    # attached cards after their hosts (the loader checks a host exists, order does not matter to it)
    cards = [*extra, *cards]
    steps: list[dict] = []
    for e in reading.events:
        cid = ids[e.card]
        if e.op == "die":
            steps.append({"die": cid})
        elif e.op == "leave":
            steps.append({"leave": cid})
        elif e.op in ("gain", "lose"):
            steps.append({e.op: {"card": cid, "trait": e.arg}})
        elif e.op == "set_class":
            steps.append({"set_class": {"card": cid, "class": _OTHER_CLASS if e.arg else None}})
        elif e.op in ("close", "open", "act"):
            steps.append({e.op: cid})
        elif e.op == "summon":
            steps.append({"summon": {"card": summoned[e.card], "on": ids[e.arg] if e.arg else None}})
        elif e.op in ("move", "relocate"):
            steps.extend(_move_steps(cards, cid, e.op))
    if asked is not None and asked.what == "place" and reading.seating:
        steps.append({"seating": [{"card": ids[asked.card], "host": ids[asked.on]}]})
    elif reading.seating and any(c.unhosted for c in reading.cards.values()):
        from bot.reading.squad import seating_assignments
        # nobody assigns it a host (209.7, 212.5); with the squad told, it is tried on every creature named (405.2)
        steps.append({"seating": seating_assignments(reading, ids) or []})
    elif asked is not None and asked.what in ("place", "host"):
        steps.append({"place": {"card": ids[asked.card], "on": ids[asked.on]}})
        if "either_class" in asked.actions:
            steps.append(_other_class_case(cards, ids[asked.card], ids[asked.on]))
    if asked is not None and asked.what == "move":
        mover = next(m for m in cards if m["id"] == ids[asked.card])
        player = mover["owner"]
        kind = asked.actions[0]
        here = mover.get("cell") or next((m.get("cell") for m in cards if m["id"] == mover.get("host")), None)
        to = _NEXT_CELL.get(here or "", "c2" if player == "first" else "c5")
        if asked.on:        # «на клетку, где стоит артефакт»: the occupant stands on the destination
            occ = next(m for m in cards if m["id"] == ids[asked.on])
            occ.pop("host", None)
            occ["cell"] = to
        for key, c in reading.cards.items():
            if c.banned:    # «запрещает симбиоту перемещаться на клетку … туда»: the destination is that cell
                next(m for m in cards if m["id"] == ids[key])["forbidden_cells"] = [to]
        steps.append({"declare": {"player": player, "kind": kind, "card": ids[asked.card], "to": to}})
    title = "Вопрос: " + " ".join(reading.question.split())[:120]
    state: dict = {"cards": cards}
    if reading.seating and asked is not None and (asked.what == "place" or any(c.unhosted for c in reading.cards.values())):
        state = {"phase": "reveal", "cards": cards}     # the seating step closes the reveal subphase (405.2)
    if asked is not None and asked.what == "move" and steps[-1]["declare"]["player"] == "second":
        state = {"active": "second", "cards": cards}     # the mover's owner declares in his own turn (506.2)
    elif steps and "declare" in steps[0] and steps[0]["declare"]["player"] == "second":
        state = {"active": "second", "cards": cards}     # a told movement of the opponent's creature: his turn
    return {"title": title, "state": state, "steps": steps}, ids


def _other_class_case(cards: list[dict], card: str, host: str) -> dict:
    """Two named pieces of equipment with no class said (212.4): the asked case puts both of one
    class on ``host``; a twin host with the same pieces of two classes is added to ``cards`` and
    its placing step returned, so one run shows both cases."""
    h = next(m for m in cards if m["id"] == host)
    first = next(m for m in cards if m.get("host") == host and m.get("kind") == "equipment" and m["id"] != card)
    second = next(m for m in cards if m["id"] == card)
    used = {m.get("cell") for m in cards}
    cell = next(c for c in ("e3", "e4", "e2", "e5", "e1", "e6") if c not in used)
    twin = {**deepcopy(h), "id": f"{host} (второй случай)", "cell": cell}
    cards += [twin, {**deepcopy(first), "id": f"{first['id']} (второй случай)", "host": twin["id"], "equipment_class": "оружие"},
              {**deepcopy(second), "id": f"{second['id']} (второй случай)", "equipment_class": "броня"}]
    first["equipment_class"] = second["equipment_class"] = "оружие"
    return {"place": {"card": f"{second['id']} (второй случай)", "on": twin["id"]}}


# A free cell next to each front-row cell of the model (the host moves there).
_NEXT_CELL = {"c3": "c2", "b3": "b2", "d3": "d2", "a3": "a2", "c4": "c5", "b4": "b5", "d4": "d5", "a4": "a5"}


def _move_steps(cards: list[dict], cid: str, op: str) -> list[dict]:
    """A host moved (``move``: a declared movement, 506.1) or relocated (``relocate``: by an
    ability, 507.1) to the free cell behind it: declared by its owner, both players pass,
    it resolves (303.4) and the simulator moves what lies on it (209.11, 212.8)."""
    m = next(x for x in cards if x["id"] == cid)
    owner = m["owner"]
    other = "second" if owner == "first" else "first"
    kind = "movement" if op == "move" else "relocation"
    to = _NEXT_CELL.get(m.get("cell", ""), "c2" if owner == "first" else "c5")
    return [{"declare": {"player": owner, "kind": kind, "card": cid, "to": to}}, {"pass": owner}, {"pass": other}]


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's emitter when PyYAML has it (the same text, ~5x faster: a reader dumps each
compiled scenario twice while answering), else the pure-Python one."""


def _dump(mapping: dict) -> str:
    return yaml.dump(mapping, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=200)


def _gone_when_told(reading: Reading, key: str) -> bool:
    """Whether card ``key``, told to have survived («симб выжил»), is gone already by the events
    told before that word — a later event («потом это существо стало ещё и летающим») may end
    it without contradicting the story. The events up to the telling are run on their own."""
    from dataclasses import replace as dc_replace

    from bot.sim import scenario as sc

    at = reading.told_stays_at.get(key)
    if at is None or not any(e.at > at for e in reading.events):
        return True
    before = dc_replace(reading, events=[e for e in reading.events if e.at < at],
                        asked=dc_replace(reading.asked, what="fate", card=key, on=None))
    mapping, ids = to_scenario(before)
    if not mapping.get("steps"):
        return False
    res = sc.run(sc.load(_dump({**mapping, "expect": {"cards": {ids[key]: {"zone": "battlefield"}}}}), "<вопрос>"))
    return any(c.card == ids[key] and c.result in ("погибает", "уничтожается", "покидает поле боя")
               for r in res.results for c in r.consequences)


def run_reading(reading: Reading) -> Ruling:
    """Compile ``reading``, run it on the simulator and read the verdict off the results.
    ``reading.asked`` must be set. Raises ``bot.errors.ScenarioError`` if the compiled
    scenario does not load (a reader bug: the route then declines)."""
    from bot.sim import scenario as sc

    mapping, ids = to_scenario(reading)
    asked = reading.asked
    # the asked check, provisionally «legal» / «stays on the battlefield»: the run fills in what really happens
    if asked.what in ("attack", "terrains"):
        probe = {"steps": [{"step": k + 1, "legal": True} for k in range(len(mapping["steps"]))]}
    elif asked.what == "move":
        probe = {"steps": [{"step": len(mapping["steps"]), "legal": True}]}
    elif asked.what in ("place", "host", "order"):
        probe = {"steps": [{"step": len(mapping["steps"]), "legal": True}]}
    else:
        probe = {"cards": {ids[asked.card]: {"zone": "battlefield"}}}
    loaded = sc.load(_dump({**mapping, "expect": probe}), "<вопрос>")
    res = sc.run(loaded)
    gone = {c.card for r in res.results for c in r.consequences
            if c.result in ("погибает", "уничтожается", "покидает поле боя")}
    conflicts = [f"в вопросе сказано, что {reading.cards[k].ru()} выжил{'а' if reading.cards[k].kind == 'equipment' else ''}, "
                 f"а по правилам он{'а' if reading.cards[k].kind == 'equipment' else ''} "
                 f"{'уничтожается' if reading.cards[k].kind == 'equipment' else 'погибает'}"
                 for k in reading.told_stays if ids[k] in gone and _gone_when_told(reading, k)]
    ruling = _ruling_of(reading, res, mapping, ids)
    ruling.conflicts = conflicts
    return ruling


def _ruling_of(reading: Reading, res, mapping: dict, ids: dict[str, str]) -> Ruling:
    asked = reading.asked
    if reading.squad and asked.what == "fate":
        from bot.reading.squad import seated_on_some
        if seated_on_some(reading, res, ids):
            # a told creature can host it: which one the player chooses is not told — no verdict on its fate
            return Ruling("", [], [], list(res.trace), mapping, ids)
    if asked.what == "where":
        from bot.reading.location import location_ruling
        return location_ruling(reading, res, mapping, ids)
    if asked.what == "attack":
        from bot.reading.attack import attack_ruling
        return attack_ruling(reading, res.results, res.trace, mapping, ids)
    if asked.what == "move":
        return _move_ruling(reading, res.results, res.trace, mapping, ids)
    if asked.what == "terrains":
        from bot.reading.terrains import terrain_ruling
        return terrain_ruling(reading, res, mapping, ids)
    if asked.what == "order":
        from bot.reading.seating_order import order_ruling
        return order_ruling(reading, res, mapping, ids)
    if asked.what == "host":
        from bot.reading.new_host import new_host_ruling
        return new_host_ruling(reading, res, mapping, ids)
    if "which_host" in asked.actions:
        from bot.reading.seating import which_host_ruling
        return which_host_ruling(reading, res, mapping, ids)
    if asked.what == "place" and reading.seating:
        return _seating_ruling(reading, res, mapping, ids)
    if asked.what == "place" and "either_class" in asked.actions:
        return _either_class_ruling(reading, res, mapping, ids)
    if asked.what == "place":
        return _place_ruling(reading, res.results[-1], res.trace, mapping, ids)
    if asked.others:
        return _fates_ruling(reading, res, mapping, ids)
    return _fate_ruling(reading, res, mapping, ids)


def _fates_ruling(reading: Reading, res, mapping: dict, ids: dict[str, str]) -> Ruling:
    """«Что будет со шмоткой и симбом?»: the fate of each asked card off the same run, joined."""
    from dataclasses import replace as dc_replace

    rulings, expect = [], {"cards": {}}
    keys = sorted((reading.asked.card, *reading.asked.others), key=lambda k: reading.cards[k].kind == "equipment")
    for k in keys:      # symbiotes first, then equipment; each call fills mapping["expect"] for its card
        rulings.append(_fate_ruling(dc_replace(reading, asked=dc_replace(reading.asked, card=k, others=())), res, mapping, ids))
        expect["cards"].update(deepcopy(mapping["expect"]["cards"]))
    mapping["expect"] = expect
    parts = list(dict.fromkeys(r.verdict[:1].lower() + r.verdict[1:] for r in rulings))
    verdict = "; ".join(parts)
    verdict = verdict[:1].upper() + verdict[1:] + (" — так с каждой из них" if len(parts) < len(rulings) else "")
    return Ruling(verdict, [x for r in rulings for x in r.lines], list(dict.fromkeys(n for r in rulings for n in r.citations)),
                  list(res.trace), mapping, ids)


def _place_ruling(reading: Reading, r: StepResult, trace: list[str], mapping: dict, ids: dict[str, str]) -> Ruling:

    asked = reading.asked
    subj, host = reading.cards[asked.card], reading.cards[asked.on]
    what = {"symbiote": "симбиота", "parasite": "паразита", "equipment": "экипировку"}[subj.kind]
    n = len(mapping["steps"])
    mapping["expect"] = {"steps": [{"step": n, "legal": r.legal}]}
    if "count" in asked.actions:     # «сколько симбиотов можно поместить на одно существо?»: the second one decides
        lines = r.reasons if not r.legal else [c for c in r.consequences if c.rules]
        body = (f"Только одного (1): второго {what} на то же существо поместить нельзя" if not r.legal
                else f"Несколько: второго {what} на то же существо поместить можно")
        return Ruling(body, [c.line() for c in lines], rules_of(lines) or list(r.cites), trace, mapping, ids)
    if r.legal:
        lines = [c for c in r.consequences if c.rules]
        # the paragraphs that would have refused the stated traits decide the «Да» first
        decisive = [_TRAIT_RULES[(subj.kind, t)] for t in host.traits if (subj.kind, t) in _TRAIT_RULES]
        if host.has_class is not None and subj.kind == "equipment":     # «с классом» / «без класса» told
            decisive.append("212.2")
        if "second" in asked.actions:   # a second card of the kind on the same host: the limit's paragraph
            decisive.append("212.4" if subj.kind == "equipment" else "209.6")
        if host.owner is not None:      # «на своё существо»: whose creature it may go on (209.1, 212.1)
            decisive.append("212.1" if subj.kind == "equipment" else "209.1")
        cites = list(dict.fromkeys([*decisive, *(rules_of(lines) or list(r.cites))]))
        body = f"можно: {what} можно поместить на {host.ru()}"
        if subj.kind == "equipment" and host.has_class is None:
            # the class is not told and decides it (212.2): the simulated class is an assumption, said
            whose = f"существа «{host.name.capitalize()}»" if host.name else "существа"
            body = (f"можно, если у {whose} есть класс (экипировку нельзя помещать на существ без класса, 212.2): "
                    f"{what} можно поместить на {host.ru()}")
            # the paragraphs of what the question tells (a trait, a second piece, the owner) stay first
            told = [x for x in dict.fromkeys(decisive) if x != "212.2"]
            cites = [*told, "212.2", *[x for x in cites if x not in told and x != "212.2"]]
        return Ruling(f"Да, {body}", [c.line() for c in lines], cites, trace, mapping, ids)
    reasons = list(r.reasons)
    if host.has_class is False and subj.kind == "equipment":
        reasons.sort(key=lambda c: "212.2" not in c.rules)     # «на симбиота без класса»: the class the question names
    elif host.kind in ATTACHABLE:     # «на симбиота»: the paragraph that names the kind (209.4, 212.3) before the class
        kind_rule = "212.3" if subj.kind == "equipment" else "209.4"
        reasons.sort(key=lambda c: kind_rule not in c.rules)
    reason = short_reason(reasons[0].text) if reasons else ""
    body = f"нельзя: {reason[:1].lower()}{reason[1:]}" if reason else "нельзя"
    return Ruling(f"Нет, {body}", [c.line() for c in reasons], rules_of(reasons) or list(r.cites), trace, mapping, ids)


def _either_class_ruling(reading: Reading, res, mapping: dict, ids: dict[str, str]) -> Ruling:
    """Two named pieces of equipment, classes not said: the same-class case (the asked step) and
    the two-class case (the twin step) — «Да, если у них разные классы» when only the second is
    allowed (212.4); a host that refuses both answers «Нет» with its own rule (212.2, 212.3)."""

    same, diff = res.results[-2], res.results[-1]
    n = len(mapping["steps"])
    mapping["expect"] = {"steps": [{"step": n - 1, "legal": same.legal}, {"step": n, "legal": diff.legal}]}
    trace = list(res.trace)
    if "count" in reading.asked.actions and diff.legal and not same.legal:
        # «сколько шмоток можно надеть на одно существо?»: one of each class (212.4)
        lines = [*same.reasons, *[c for c in diff.consequences if c.rules][:1]]
        return Ruling("По одной экипировке каждого класса: несколько экипировок разных классов — можно, "
                      "вторую того же класса — нельзя", [c.line() for c in lines],
                      list(dict.fromkeys(["212.4", *rules_of(lines)])), trace, mapping, ids)
    if "count" in reading.asked.actions:
        return Ruling("", [], [], trace, mapping, ids)      # the host takes none or every one: not the count asked
    if diff.legal and not same.legal:
        lines = [*same.reasons, *[c for c in diff.consequences if c.rules][:1]]
        return Ruling("Да, если у них разные классы: на существо можно поместить по одной экипировке каждого класса "
                      "(две экипировки одного класса — нельзя)", [c.line() for c in lines],
                      list(dict.fromkeys(["212.4", *rules_of(lines)])), trace, mapping, ids)
    if diff.legal and same.legal:
        lines = [c for c in diff.consequences if c.rules]
        return Ruling("Да, можно: обе экипировки можно поместить на это существо", [c.line() for c in lines],
                      rules_of(lines), trace, mapping, ids)
    reasons = list(diff.reasons)
    reason = short_reason(reasons[0].text) if reasons else ""
    body = f"нельзя: {reason[:1].lower()}{reason[1:]}" if reason else "нельзя"
    return Ruling(f"Нет, {body}", [c.line() for c in reasons], rules_of(reasons), trace, mapping, ids)


def _seating_ruling(reading: Reading, res, mapping: dict, ids: dict[str, str]) -> Ruling:
    """The asked card assigned to its host in the seating step: «Да» when the simulator seated
    it there, else «Нет» with the seating rule that refused it (405.2, 209.1, 209.2, 212.1)."""

    asked = reading.asked
    subj, host = reading.cards[asked.card], reading.cards[asked.on]
    cid, hid = ids[asked.card], ids[asked.on]
    r = res.results[-1]
    seated = res.actual["cards"].get(cid, {}).get("host") == hid if isinstance(res.actual, dict) and "cards" in res.actual \
        else any(c.card == cid and c.result == "помещается" for c in r.consequences)
    if seated:
        mapping["expect"] = {"cards": {cid: {"host": hid}}}
        lines = [c for c in r.consequences if c.card == cid and c.rules]
        who = {"symbiote": "симбиот", "parasite": "паразит", "equipment": "экипировка"}[subj.kind]
        return Ruling(f"Да, можно: при рассадке {who} назначается на {host.ru('accs')}", [c.line() for c in lines],
                      list(dict.fromkeys(["405.2", *rules_of(lines)])), list(res.trace), mapping, ids)
    mapping["expect"] = {"cards": {cid: {"zone": "graveyard"}}}
    refused = [c for c in r.consequences if c.card == cid and c.result == "нельзя"]
    reason = short_reason(refused[0].text.split(": ", 1)[-1]) if refused else ""
    body = f"нельзя: {reason[:1].lower()}{reason[1:]}" if reason else "нельзя"
    return Ruling(f"Нет, {body}", [c.line() for c in refused], list(dict.fromkeys([*rules_of(refused), "405.2"])),
                  list(res.trace), mapping, ids)


def _move_ruling(reading: Reading, results: list[StepResult], trace: list[str], mapping: dict, ids: dict[str, str]) -> Ruling:

    r = results[-1]
    mover = ids[reading.asked.card]
    told = [c for x in results[:-1] for c in x.consequences if c.card == mover and c.rules]   # what the events did to it
    mapping["expect"] = {"steps": [{"step": len(mapping["steps"]), "legal": r.legal}]}
    if r.legal and "relocation" in reading.asked.actions:
        # relocation by an ability is not movement (507.1): what may not move (210.2) may still be relocated
        lines = told + [c for c in r.consequences if c.rules and tuple(c.rules) != ("303.3",)]
        kind = reading.cards[reading.asked.card].kind
        cites = ["507.1", *(["210.2"] if kind == "artifact" else []), *rules_of(lines)]
        verdict = "Да, может быть перемещено особенностью: перемещение — не движение, отдельного запрета на него нет"
        if kind == "artifact":      # what may not move (210.2) may still be relocated: say what the «Да» rests on
            verdict = ("Да, можно — вывод опирается на различие перемещения и движения: артефакты не могут двигаться (210.2), "
                       "а перемещение особенностью карты — не движение (507.1); отдельного запрета на перемещение нет")
        return Ruling(verdict, [c.line() for c in lines], list(dict.fromkeys(cites)), trace, mapping, ids)
    if r.legal:
        lines = told + [c for c in r.consequences if c.rules and tuple(c.rules) != ("303.3",)]
        return Ruling("Да, может двигаться", [c.line() for c in lines], rules_of(lines) or list(r.cites), trace, mapping, ids)
    reason = short_reason(r.reasons[0].text) if r.reasons else ""
    verdict = f"Нет, не может: {reason[:1].lower()}{reason[1:]}" if reason else "Нет, не может"
    cause = [c for c in told if any(n.startswith("506") for n in c.rules)]    # «действовало»: 506.5 took the movement
    return Ruling(verdict, [c.line() for c in [*cause, *r.reasons]], list(dict.fromkeys([*rules_of(cause), *rules_of(r.reasons)])),
                  trace, mapping, ids)


# The paragraph that governs a stated host trait for a kind of attached card.
_TRAIT_RULES = {("symbiote", "flying"): "209.4", ("parasite", "flying"): "209.4", ("symbiote", "incorporeal"): "209.5",
                ("parasite", "incorporeal"): "209.5", ("equipment", "flying"): "212.3", ("equipment", "incorporeal"): "212.3"}

# The paragraph that decides a host event for an attached card when nothing happens to it.
_QUIET_RULE = {("gain", "incorporeal", "symbiote"): "209.5", ("gain", "incorporeal", "parasite"): "209.5",
               ("set_class", None, "equipment"): "212.2",
               # closing / opening the host is none of the events that end an attachment (209.4, 212.3)
               ("close", None, "equipment"): "212.3", ("open", None, "equipment"): "212.3",
               ("close", None, "symbiote"): "209.4", ("open", None, "symbiote"): "209.4",
               ("close", None, "parasite"): "209.4", ("open", None, "parasite"): "209.4"}


def _fate_ruling(reading: Reading, res, mapping: dict, ids: dict[str, str]) -> Ruling:
    asked = reading.asked
    subj = reading.cards[asked.card]
    cid = ids[asked.card]
    lines = [c for r in res.results for c in r.consequences if c.card == cid and c.result]
    gone_line = next((c for c in reversed(lines) if c.result in ("погибает", "уничтожается", "покидает поле боя")), None)
    word = {"symbiote": "симбиот", "parasite": "паразит", "equipment": "экипировка"}[subj.kind]
    cites = rules_of(lines)
    if gone_line is not None:
        fact = f"{word} {gone_line.result}"
        zone = "graveyard"
    else:
        last = lines[-1] if lines else None
        if last is not None and last.result == "помещается" and subj.host:
            fact = f"{word} помещается на {reading.cards[subj.host].ru('accs')}: эта карта становится хозяином"
        elif last is not None and last.result == "становится существом":
            fact = f"{word} становится самостоятельным существом на той же клетке (без стека)"
        elif last is not None and last.result and last.result != "остаётся":
            fact = f"{word} {last.result}"
        else:
            neg = "не уничтожается" if subj.kind == "equipment" else "не погибает"
            fact = f"{word} {neg}: остаётся на хозяине"
        zone = "battlefield"
        for e in reading.events:
            rule = _QUIET_RULE.get((e.op, e.arg if e.op != "set_class" else None, subj.kind))
            if rule and rule not in cites:
                cites.append(rule)
    mapping["expect"] = {"cards": {cid: {"zone": zone}}}
    if not cites:
        cites = [n for r in res.results for n in r.cites]
    moved = next((c for c in reversed(lines) if c.result == "перемещается"), None)
    if moved is not None and gone_line is None and subj.host:
        from bot.reading.hosts import position_fact
        fact = position_fact(word, True, reading.cards[subj.host].ru())
        cites = list(dict.fromkeys([*rules_of([moved]), *cites]))
        mapping["expect"]["cards"][cid]["cell"] = next(x for x in mapping["steps"] if "declare" in x)["declare"]["to"]
    if "host" in asked.actions and asked.on is not None:    # «оно становится её хозяином?» after a summon (209.8, 212.6)
        on = next((e.arg for e in reading.events if e.op == "summon" and e.card == asked.card), None)
        yes = gone_line is None and on == asked.on
        verdict = f"{'Да' if yes else 'Нет'}, {fact}"
    elif asked.predicate in ("stays_put", "moves_with"):
        yes = (moved is not None) == (asked.predicate == "moves_with")
        if asked.negated:
            yes = not yes
        verdict = f"{'Да' if yes else 'Нет'}, {fact}"
    elif asked.yes_no and asked.predicate:
        gone = zone != "battlefield"
        yes = gone if asked.predicate == "gone" else not gone
        other = _other_way_gone(asked.fate_word, gone_line.result if gone_line is not None else None)
        if asked.predicate == "gone" and other:     # «симбиот уничтожается?» — no: a symbiote dies (209.4)
            yes = False
            fact = f"{fact} (а не {other})"
        if asked.negated:
            yes = not yes
        verdict = f"{'Да' if yes else 'Нет'}, {fact}"
    else:
        verdict = fact[:1].upper() + fact[1:]
    return Ruling(verdict, [c.line() for c in lines], cites, list(res.trace), mapping, ids)


# How a card leaves play, by the asked word's lemma: a creature dies, equipment is destroyed (209.4, 212.3).
_DIES = ("погибнуть", "погибать", "умереть", "умирать", "сдохнуть")


def _other_way_gone(word: str | None, result: str | None) -> str | None:
    """The asked way of leaving play when the card leaves another way («уничтожается» asked,
    «погибает» happened), else ``None``."""
    if not word or result not in ("погибает", "уничтожается"):
        return None
    if word.startswith("уничтож") and result == "погибает":
        return "уничтожается"
    if word in _DIES and result == "уничтожается":
        return "погибает"
    return None


def understood(reading: Reading) -> str:
    """«Как я понял: …» — the reading in plain Russian: the cards of the user's database it
    took (kind, traits, text), the cards and where they lie, the events in order, the question."""
    parts: list[str] = []
    cards = reading.cards
    if any(c.db is not None for c in cards.values()):
        from bot.cards.reading import took

        parts += [took(c.db) for c in cards.values() if c.db is not None]
    for c in cards.values():
        if c.host and not c.summoned:
            parts.append(f"на {cards[c.host].ru('loct')} — {c.ru()}")
    from bot.reading.squad import candidates, squad_ru

    parts += squad_ru(reading)
    for c in cards.values():
        if c.unhosted and reading.seating and candidates(reading, c) is not None:
            parts.append(f"на шаге рассадки {c.ru()} назначают на одно из названных существ, если можно")
        elif c.unhosted and reading.seating:
            parts.append(f"после подфазы Вскрытия {c.ru()} остаётся без хозяина")
        if c.independent:
            parts.append(f"{c.ru()} по тексту карты становится самостоятельным существом, когда хозяин погибает")
        if c.absent_from:
            parts.append(f"на {cards[c.absent_from].ru('loct')} нет карты «{KIND_RU[c.kind]}»")
        if c.text_silent:
            parts.append(f"текст карты ({c.ru()}) ничего не говорит о гибели хозяина")
    hosted = {c.host for c in cards.values() if c.host}
    a = reading.asked
    told_squad = {k for ks in reading.squad.values() for k in ks}
    for c in cards.values():
        if not c.host and not c.summoned and c.key not in hosted and not (a and c.key in (a.card, a.on)) \
                and c.key not in told_squad:
            parts.append(f"есть {c.ru()}")
    ev_ru = {"die": "погибает", "leave": "покидает поле боя", "move": "передвигается на соседнюю клетку (движение)",
             "relocate": "перемещается на соседнюю клетку (перемещение)"}
    for e in reading.events:
        if e.op == "summon":
            on = f" на {cards[e.arg].ru('accs')}" if e.arg else " (текст не говорит, на какую карту)"
            parts.append(f"вызывается {cards[e.card].ru()}{on}")
    gains = {"artifact": "перестаёт быть существом", "symbiote": "становится симбиотом",
             "flying": "становится летающим", "incorporeal": "становится бестелесным"}
    loses = {"flying": "перестаёт быть летающим", "incorporeal": "перестаёт быть бестелесным"}
    for e in reading.events:
        name = cards[e.card].ru()
        if e.op in ev_ru:
            parts.append(f"{name} {ev_ru[e.op]}")
        elif e.op == "gain":
            parts.append(f"{name} {gains.get(e.arg, 'становится: ' + str(e.arg))}")
        elif e.op == "lose":
            parts.append(f"{name} {loses.get(e.arg, 'теряет: ' + str(e.arg))}")
        elif e.op == "set_class":
            parts.append(f"{name} " + ("меняет класс" if e.arg else "теряет класс"))
    ev_more = {"close": "закрывается", "open": "открывается", "act": "действует"}
    parts[:] = [*parts]
    for e in reading.events:
        if e.op in ev_more:
            parts.append(f"{cards[e.card].ru()} {ev_more[e.op]}")
    if a is not None and a.what == "move":
        parts.append(f"вопрос: может ли {cards[a.card].ru()} двигаться")
    elif a is not None and a.what == "terrains":
        told = ["у игрока уже есть местность"] if "have" in a.actions else []
        told += ["особенность позволяет взять вторую местность"] if "allowed" in a.actions else []
        parts.extend(told)
        parts.append("вопрос: " + ("сколько местностей может быть у игрока" if "count" in a.actions
                                   else "можно ли взять ещё одну местность"))
    elif a is not None and a.what == "order":
        ks = " и ".join({"symbiote": "симбиотов", "equipment": "экипировки", "parasite": "паразитов"}[k] for k in a.actions[1:])
        parts.append(f"у каждого игрока есть симбиот, экипировка и паразит; вопрос: "
                     + (f"кто первым назначает {ks} при рассадке" if a.actions[0] == "first" else f"в каком порядке назначают {ks}"))
    elif a is not None and a.what == "host":
        parts.append(f"особенность помещает {cards[a.card].ru('accs')} на {cards[a.on].ru('accs')}; вопрос: "
                     + (f"хозяин ли теперь {cards[a.attacker].ru()}" if a.attacker else "кто теперь хозяин"))
    elif a is not None and a.what == "where":
        from bot.reading.location import asked_ru as where_ru
        parts.append(where_ru(reading))
    elif a is not None and a.what == "attack":
        from bot.reading.attack import asked_ru
        parts.append(asked_ru(reading))
    elif a is not None:
        if a.what == "place" and "only" in a.actions:
            owner, row = a.predicate.split(":")
            side = ("своих существ" if owner == "me" else "существ противника") + ("" if row == "any" else f" {row}-го ряда")
            parts.append(f"вопрос: назначается ли при рассадке {cards[a.card].ru()} только на {side} "
                         "(проверены свои и чужие существа первого и второго ряда)")
        elif a.what == "place" and "every" in a.actions:
            owner, row = a.predicate.split(":")
            side = ("своё существо" if owner == "me" else "существо противника") + ("" if row == "any" else f" {row}-го ряда")
            parts.append(f"вопрос: назначается ли при рассадке {cards[a.card].ru()} на любое {side} "
                         "(проверены свои и чужие существа первого и второго ряда)")
        elif a.what == "place" and "which_host" in a.actions:
            parts.append(f"вопрос: на чьи существа и в каком ряду назначается при рассадке {cards[a.card].ru()} "
                         "(проверены свои и чужие существа первого и второго ряда)")
        elif a.what == "place":
            parts.append(f"вопрос: можно ли поместить {cards[a.card].ru('accs')} на {cards[a.on].ru('accs')}")
            if "either_class" in a.actions:
                parts.append("классы экипировок не названы: проверены оба случая — один класс и разные")
            elif "second" in a.actions and cards[a.card].kind == "equipment" and not cards[a.card].equipment_class:
                parts.append("обе экипировки названы одним словом — считаю их одного класса")
        elif "host" in a.actions and a.on:
            parts.append(f"вопрос: становится ли {cards[a.on].ru()} хозяином — {cards[a.card].ru('ablt')}")
        elif "host" in a.actions:
            parts.append(f"вопрос: кто становится хозяином — {cards[a.card].ru()}")
        elif a.predicate == "stays_put":
            parts.append(f"вопрос: остаётся ли {cards[a.card].ru()} на прежней клетке")
        elif a.predicate == "moves_with":
            parts.append(f"вопрос: перемещается ли {cards[a.card].ru()} вместе с хозяином")
        elif any(e.op in ("move", "relocate") for e in reading.events):
            parts.append(f"вопрос: где окажется {cards[a.card].ru()}")
        else:
            parts.append("вопрос: что станет с " + " и с ".join(cards[k].ru('ablt') for k in (a.card, *a.others)))
    return "Как я понял: " + "; ".join(parts) + "."


def dump(mapping: dict) -> str:
    """The scenario mapping as YAML text, loadable by ``scenario run`` and ``/scenario``."""
    return _dump(mapping)
