"""A movement reading (``bot.reading.movement``) compiled into a ``scenarios/`` mapping, run
by the simulator and answered (issue 11, 506–507).

The board: the moving creature on b1 (its owner, open or closed, full and remaining
movement points as told), a creature on the cell ahead when the asked cell is occupied (an
artifact there for «клетка с артефактом», 210.1), an enemy creature to attack. The told
events become steps in the order told (a movement of N cells = N declared movements, each
resolved by two passes; «подействовало» = ``act``; «атаковало» = a declared attack resolved;
«закрылся» / «открыли» = ``close`` / ``open``; «в начале хода» = ``start_turn`` then the
choice subphase), then the asked step: the motion declared (as many times as the cells
asked), or the property's own run (a relocation resolved and the points read off the card,
the inactive player's declaration next to the active one's, …). The verdict is read off
the run; the mapping, with ``expect`` filled from the same run, loads and runs with
``scenario run`` and gives the same result. A told step the rules refuse (three cells with
two points) is no reading: ``None``.
"""

from __future__ import annotations

from bot.answer import Answer, Block
from bot.reading.movement import (ACT, ATTACK, JUMP, ME, MOVE, OPP, PLACE, RELOCATE, Motion, MoveReading, mentions_motion,
                                   read)

_KIND_RU = {MOVE: "двигаться", JUMP: "использовать особенность «вместо движения»", RELOCATE: "быть перемещено",
            ACT: "действовать", ATTACK: "атаковать", PLACE: "помещаться"}
_NOUN_RU = {MOVE: "движение", JUMP: "особенность «вместо движения» (прыжок)", RELOCATE: "перемещение",
            PLACE: "«помещается» на клетку"}
_X0, _Y0 = 1, 1     # the mover starts on b1 and goes up the column


def _other(p: str) -> str:
    return OPP if p == ME else ME


def _cell(x: int, y: int) -> str:
    return "abcde"[x] + str(y)


class _Board:
    """The compiled board and steps of one reading."""

    def __init__(self, r: MoveReading) -> None:
        self.r = r
        self.declarer = r.declarer or r.owner
        self.owner = self.declarer if r.declarer else r.owner
        if r.turn in (ME, OPP):
            self.active = r.turn
        elif r.turn == "own":
            self.active = self.declarer
        elif r.turn == "other":
            self.active = _other(self.declarer)
        else:
            self.active = r.active or self.declarer
        self.mover = (r.name[:1].upper() + r.name[1:]) if r.name else ("Ваше существо" if self.owner == ME else "Существо противника")
        self.enemy = "Существо противника" if self.owner == ME else "Ваше существо"
        if self.enemy == self.mover:
            self.enemy = "Цель"
        self.y = _Y0
        self.steps: list[dict] = []
        self.lines: list[str] = []
        told = sum(e.steps for e in r.events if isinstance(e, Motion) and e.kind == MOVE)
        need = told + max(r.steps, 1)
        full = r.movement if r.movement is not None else max(2, need if r.asked == "legal" else 2)
        if r.bonus is not None:
            full += r.bonus         # «шмотка даёт +1 движения»: the points with the modifier
        if r.mover_kind == "artifact":
            self.mover = "Ваш артефакт" if self.owner == ME else "Артефакт противника"
        card = {"id": self.mover, "owner": self.owner, "cell": _cell(_X0, _Y0), "movement": full}
        if r.mover_kind == "artifact":
            card["kind"] = "artifact"
            del card["movement"]
        if r.flying:
            card["traits"] = ["flying"]
        if r.zone is not None:      # «летун в доп зоне»: no cell on the battlefield
            card["zone"] = r.zone
            del card["cell"]
        if r.left is not None:
            card["movement_left"] = min(r.left, full)
        opened = [e[0] for e in r.events if isinstance(e, tuple) and e[0] in ("open", "close")]
        if not r.open or (opened and opened[0] == "open"):
            card["open"] = False
        self.cards = [card]
        for k in r.carries:         # «на моём сущ висит симб», «сущ со шмоткой»: attached to the mover
            att = {"id": {"symbiote": "Симбиот", "parasite": "Паразит", "equipment": "Экипировка"}[k],
                   "owner": self.owner if k != "parasite" else _other(self.owner), "host": self.mover}
            if k == "equipment":
                att.update(kind="equipment", equipment_class="оружие")
            else:
                att["traits"] = ["symbiote"] + (["parasite"] if k == "parasite" else [])
            self.cards.append(att)
        if r.attached is not None:      # the card asked about lies on a host creature (209.1, 212.1)
            host = {"id": "Хозяин", "owner": self.owner if r.attached != "parasite" else _other(self.owner),
                    "cell": _cell(_X0, _Y0), "movement": 2, "class": "воин"}
            name = {"symbiote": "Симбиот", "parasite": "Паразит", "equipment": "Экипировка"}[r.attached]
            att = {"id": name, "owner": self.owner, "host": "Хозяин"}
            if r.attached == "equipment":
                att.update(kind="equipment", equipment_class="оружие")
            else:
                att["traits"] = ["symbiote"] + (["parasite"] if r.attached == "parasite" else [])
            self.mover = name
            self.cards = [host, att]
        self.state: dict = {"active": self.active, "priority": self.declarer, "cards": self.cards}
        if r.subphase and r.subphase != "choice":
            self.state["subphase"] = r.subphase

    def block_ahead(self, extra: int, kind: str | None = None) -> None:
        """A card on the cell the asked movement goes to (``extra`` cells beyond the told ones);
        ``kind`` ``artifact`` — an artifact there whatever the asked destination."""
        y = self.y + sum(e.steps if e.kind == MOVE else 1 for e in self.r.events
                         if isinstance(e, Motion) and e.kind in (MOVE, JUMP, RELOCATE))    # where the told motions end
        cell = _cell(_X0, y + 1 + extra) if self.r.dest != "diagonal" else _cell(_X0 + 1, y + 1)
        if self.r.dest == "artifact" or kind == "artifact":
            self.cards.append({"id": "Артефакт", "owner": OPP, "kind": "artifact", "cell": cell})
        else:
            self.cards.append({"id": "Другое существо", "owner": OPP, "cell": cell})

    def add_enemy(self) -> None:
        if not any(c["id"] == self.enemy for c in self.cards):
            self.cards.append({"id": self.enemy, "owner": _other(self.owner), "cell": "e6"})

    def declare(self, kind: str, dest: str | None = None, resolve: bool = True) -> int:
        """Declare ``kind`` of the mover (to the next cell up, or ``dest``); with ``resolve``
        both players pass. Returns the declaration's step number."""
        d: dict = {"player": self.declarer, "kind": kind, "card": self.mover}
        if kind == JUMP:
            d["name"] = "прыжок"
        if kind in (MOVE, JUMP, RELOCATE):
            d["to"] = dest or _cell(_X0, self.y + 1)
        if kind == ATTACK:
            self.add_enemy()
            d["target"] = self.enemy
        self.steps.append({"declare": d})
        at = len(self.steps)
        if resolve:
            self.steps += [{"pass": self.declarer}, {"pass": _other(self.declarer)}]
            if kind in (MOVE, JUMP, RELOCATE) and dest is None:
                self.y += 1
        return at

    def told(self) -> list[int]:
        """The told events as steps; returns the step numbers that must be legal."""
        must: list[int] = []
        closed = not self.r.open
        for e in self.r.events:
            if isinstance(e, Motion):
                if e.kind == MOVE:
                    for _ in range(e.steps):
                        must.append(self.declare(MOVE))
                    self.lines.append(f"оно двигается на {e.steps} {_cells(e.steps)}")
                elif e.kind in (JUMP, RELOCATE):
                    must.append(self.declare(e.kind))
                    self.lines.append("оно использует прыжок" if e.kind == JUMP else "его перемещают особенностью")
                elif e.kind == ACT:
                    self.steps.append({"act": self.mover})
                    self.lines.append("оно действует")
                elif e.kind == ATTACK:
                    must.append(self.declare(ATTACK))
                    self.lines.append("оно атакует")
                else:
                    return [-1]
            elif e[0] in ("open", "close"):
                closed = e[0] == "close"
                self.steps.append({e[0]: self.mover})
                self.lines.append("оно открывается" if e[0] == "open" else "оно закрывается")
            elif e[0] == "turn_start":
                if closed:
                    return [-1]     # a closed card at a new turn: what the Opening phase does to it is not modelled (408.2)
                self.steps += [{"start_turn": self.owner}, {"subphase": "choice"}]
                self.lines.append("начинается ход его владельца")
        return must


def _cells(n: int) -> str:
    return "клетку" if n == 1 else "клетки" if 1 < n < 5 else "клеток"


def _run(title: str, state: dict, steps: list[dict], cards: dict[str, list[str]] | None = None):
    """Run ``state`` + ``steps``; ``expect`` is filled from the run (every step's legality,
    the asked cards' fields) and checked to pass as shown. Returns ``(mapping, result)``."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = {"title": title, "state": state, "steps": steps}
    probe = {"steps": [{"step": k + 1, "legal": True} for k in range(len(steps))]}
    if cards:
        probe["cards"] = {cid: {f: None for f in fields} for cid, fields in cards.items()}
    res = sc.run(sc.load(dump({**mapping, "expect": probe}), "<вопрос>"))
    expect: dict = {"steps": [{"step": k + 1, "legal": x.legal} for k, x in enumerate(res.results)]}
    if cards:
        expect["cards"] = {cid: dict(v) for cid, v in res.actual["cards"].items()}
    mapping["expect"] = expect
    final = sc.run(sc.load(dump(mapping), "<вопрос>"))
    if not final.passed:    # pragma: no cover - the expectation is read off the same run
        from bot.errors import ScenarioError
        raise ScenarioError("сценарий вопроса не воспроизводит свой ответ: " + "; ".join(final.failures))
    return mapping, final


# ---------------------------------------------------------------------- rulings
def _short(reason) -> str:
    from bot.reading.compile import short_reason

    t = short_reason(reason.text)
    return t[:1].lower() + t[1:]


def _rules(cons) -> list[str]:
    out: list[str] = []
    for c in cons:
        out += [n for n in c.rules if n not in out]
    return out


def _dedup(xs) -> list[str]:
    return list(dict.fromkeys(xs))


class Conflict(Exception):
    """A told step the rules refuse («сходил, потом прыгнул»): the story contradicts the
    rules — ``reasons`` (the refused step's), the ``mapping`` and ``result`` that show it."""

    def __init__(self, reasons, mapping: dict, result, understood: str) -> None:
        super().__init__("told step refused")
        self.reasons, self.mapping, self.result, self.understood = reasons, mapping, result, understood


def _check_told(results, must: list[int], mapping: dict, res, understood: str) -> None:
    """Raise ``Conflict`` when a told step (step numbers ``must``) was refused."""
    bad = next((results[k - 1] for k in must if not results[k - 1].legal), None)
    if bad is not None:
        raise Conflict(bad.reasons, mapping, res, understood)


class Ruling:
    """``verdict``, ``lines`` (reasons with paragraphs), ``cites`` (most relevant first),
    ``mapping`` (the scenario), ``result`` (its run), ``lines_ru`` («Как я понял» parts)."""

    def __init__(self, verdict: str, lines: list[str], cites: list[str], mapping: dict, result, understood: str) -> None:
        self.verdict, self.lines, self.cites, self.mapping, self.result, self.understood = \
            verdict, lines, cites, mapping, result, understood


def _title(r: MoveReading) -> str:
    return "Вопрос: " + " ".join(r.question.split())[:120]


def _legal(r: MoveReading) -> Ruling | None:
    """Can the mover make the asked motion (as many cells as asked) after the told events."""
    b = _Board(r)
    if r.kind == PLACE:
        return None
    acting = r.kind in (ACT, ATTACK)
    if acting and not any(isinstance(e, Motion) and e.kind in (MOVE, JUMP) for e in r.events):
        return None     # an attack's own legality is the situation reader's (bot.reading.reader)
    if r.dest in ("occupied", "artifact"):
        b.block_ahead(0)
    elif r.ahead == "artifact":
        b.block_ahead(0, "artifact")    # «прямо перед моим сущем стоит артефакт»
    must = b.told()
    if must == [-1]:
        return None
    asked: list[int] = []
    if acting:
        if r.kind == ATTACK:
            asked.append(b.declare(ATTACK))
        else:
            b.steps.append({"act": b.mover})
            asked.append(len(b.steps))
        again = b.declare(MOVE, resolve=False)
    else:
        n = max(r.steps, 1)
        for k in range(n):
            dest = _cell(_X0 + 1, b.y + 1) if (k == 0 and r.dest == "diagonal") else \
                _cell(_X0 + 1, b.y) if (k == 0 and r.side) else None    # «шагнуть в сторону», «обойти арт»
            asked.append(b.declare(r.kind, dest, resolve=k < n - 1))
    mapping, res = _run(_title(r), b.state, b.steps)
    rs = res.results
    _check_told(rs, must, mapping, res, _understood(r, b))
    # the mover's own told consequences, and a told turn start restoring every card's points (506.4)
    told_cons = [c for x in rs[:asked[0] - 1] for c in x.consequences if (c.card == b.mover or c.card is None
                 and "506.4" in c.rules) and c.rules and any(n.startswith("506") for n in c.rules) and "302.2" not in c.rules]
    asked_rs = [rs[k - 1] for k in asked]
    personal = not any(t.text in ("можно", "нельзя", "могу", "можем") for t in r.toks if t.sent == max(x.sent for x in r.toks))
    what = _KIND_RU[r.kind] if r.kind != RELOCATE else "переместить"
    und = _understood(r, b)
    if acting:
        if not asked_rs[0].legal:
            return None
        lost = [c for x in rs[asked[0] - 1:again - 1] for c in x.consequences if "506.5" in c.rules]
        stop = rs[again - 1]
        if stop.legal or not lost:
            return None
        noun = "атаки" if r.kind == ATTACK else "действия"
        verdict = (f"Да, {'может' if personal else 'можно'} {what} после движения: запас движения теряется, только когда "
                   f"карта действует, — поэтому после {noun} двигаться дальше уже нельзя")
        lines = [c.line() for c in [*lost, *stop.reasons]]
        return Ruling(verdict, lines, _dedup(["506.5", *_rules([*lost, *stop.reasons])]), mapping, res, und)
    bad = next((x for x in asked_rs if not x.legal), None)
    if (r.flying or r.zone) and (bad is None or not {"506.2", "506.3"} & set(bad.reasons[0].rules)):
        return None     # a flyer: only a refusal that does not depend on flying (506.2, 506.3) is ruled here
    relocated = any(isinstance(e, Motion) and e.kind == RELOCATE for e in r.events)
    if bad is None:
        head = "может" if personal else "можно"
        extra = f" на {len(asked_rs)} {_cells(len(asked_rs))} подряд" if len(asked_rs) > 1 else ""
        why = [c for c in told_cons if "506.4" in c.rules or "506.5" in c.rules] + [c for x in asked_rs for c in x.consequences if c.rules
                                                               and tuple(c.rules) != ("303.3",)]
        restored = [c for c in told_cons if "506.4" in c.rules]
        lost = [c for c in told_cons if "506.5" in c.rules] if restored else []
        cites = _dedup([*_rules(restored), *_rules(lost), *(["506.1"] if r.kind == MOVE else []),
                        *(["506.7", "506.6"] if r.kind == JUMP else []), *(["507.1"] if r.kind == RELOCATE else []),
                        *_rules(why)])
        if relocated and r.kind in (MOVE, JUMP) and not told_cons:
            return Ruling(f"Да, {head} {what}: перемещение особенностью — не движение, запас движения на него не тратится",
                          [c.line() for x in rs[:asked[0] - 1] for c in x.consequences if "507.1" in c.rules][-2:]
                          + [c.line() for c in why], _dedup(["507.1", *cites]), mapping, res, und)
        if r.kind == RELOCATE:
            return Ruling(f"Да, {'может быть перемещено' if personal else 'можно переместить'} особенностью: перемещение — "
                          "не движение, запас движения на него не тратится", [c.line() for c in why],
                          _dedup(["507.1", *cites]), mapping, res, und)
        reason = ""
        if r.kind == JUMP and r.movement == 0:
            reason = ": запас движения полный, даже если он равен 0"
        elif any("506.4" in c.rules and c.card is not None for c in told_cons):
            reason = ": открывшись, карта восстанавливает запас движения"
        elif any("506.4" in c.rules for c in told_cons):
            reason = ": в начале хода запас движения восстанавливается"
        elif r.more and r.kind == MOVE and len(asked_rs) == 1 and any(isinstance(e, Motion) and e.kind == MOVE for e in r.events):
            left = _left_before(res, asked[0], b.mover)
            units = "осталась 1 единица" if left == 1 else f"осталось {left} {'единицы' if 1 < left < 5 else 'единиц'}"
            return Ruling(f"Да, {head}: {units} движения — существо двигается, пока не потратит все свои единицы движения",
                          [c.line() for c in why], cites, mapping, res, und)
        elif len(asked_rs) > 1 and r.movement is None and r.left is None:
            return Ruling(f"Да, если хватает запаса движения: существо двигается, пока не потратит все свои единицы движения "
                          f"— по одной за клетку", [c.line() for c in why], cites, mapping, res, und)
        elif len(asked_rs) > 1 or r.more:
            reason = ": существо двигается, пока не потратит все свои единицы движения"
        return Ruling(f"Да, {head} {what if r.kind != RELOCATE else ''}{extra}".replace("  ", " ").rstrip() + reason,
                      [c.line() for c in why], cites, mapping, res, und)
    cause = [c for c in told_cons if "506.5" in c.rules] if any("506.1" in c.rules for c in bad.reasons) else []
    head = "не может" if personal else "нельзя"
    first = bad.reasons[0]
    reason = _short(first)
    if cause:
        reason = "когда карта действует, она теряет весь свой запас движения"
    elif len(asked_rs) > 1 and "506.1" in first.rules:
        n = b.cards[0]["movement"]
        reason = f"с запасом движения {n} — не больше {n} {'клетки' if n == 1 else 'клеток'}: по одной единице за клетку"
    cites = _dedup([*_rules(cause), *_rules(bad.reasons)])
    if r.dest == "artifact":
        cites = _dedup([cites[0], "210.1", *cites])
    return Ruling(f"Нет, {head}: {reason}", [c.line() for c in [*cause, *bad.reasons]], cites, mapping, res, und)


def _left_before(res, step: int, cid: str) -> int:
    """The mover's points left before step ``step``: its last «тратит … (осталось N)» line
    before it, else its full points (the state the scenario starts from)."""
    import re

    left = None
    for x in res.results[:step - 1]:
        for c in x.consequences:
            m = re.search(r"осталось (\d+)", c.text) if c.card == cid else None
            if m:
                left = int(m.group(1))
    return left if left is not None else 0


def _count(r: MoveReading) -> Ruling | None:
    """How many cells (movements) the mover may make after the told events: it moves until
    it has spent all its points (506.1) — the movements are declared until one is refused."""
    if r.kind != MOVE:
        return None
    b = _Board(r)
    must = b.told()
    if must == [-1]:
        return None
    n = b.cards[0].get("movement_left", b.cards[0]["movement"])
    if n > 5:
        return None
    asked = [b.declare(MOVE, resolve=True) for _ in range(n + 1)]
    b.steps = b.steps[:-2]      # the last (refused) declaration needs no passes
    mapping, res = _run(_title(r), b.state, b.steps)
    _check_told(res.results, must, mapping, res, _understood(r, b))
    rs = [res.results[k - 1] for k in asked]
    made = next((k for k, x in enumerate(rs) if not x.legal), len(rs))
    if made == len(rs):
        return None
    told = r.movement is not None or r.left is not None
    full = b.cards[0]["movement"]
    rule = "существо двигается, пока не потратит все единицы движения — по одной за клетку"
    if r.events or r.more:
        body = f"ещё {made} {_cells(made)}: {rule}"
    elif told:
        body = f"{made} {_cells(made)}: существо с запасом движения {full} двигается, пока не потратит все единицы движения — по одной за клетку"
    else:
        body = f"столько клеток, сколько у него единиц движения: {rule} (с запасом {full} — {full} {_cells(full)})"
    lines = [c.line() for x in rs for c in (x.consequences if x.legal else x.reasons) if "506.1" in c.rules]
    return Ruling(body[:1].upper() + body[1:], lines[-3:], ["506.1"], mapping, res, _understood(r, b))


def _spends(r: MoveReading) -> Ruling | None:
    """Does the motion spend movement points, and how many (506.1, 506.7, 507.1)."""
    if r.kind not in (MOVE, JUMP, RELOCATE) or r.events:
        return None
    b = _Board(r)
    full = b.cards[0]["movement"]
    b.declare(r.kind)
    mapping, res = _run(_title(r), b.state, b.steps, {b.mover: ["movement_left", "cell"]})
    got = res.actual["cards"][b.mover]
    if got["cell"] == _cell(_X0, _Y0):
        return None
    spent = full - (got["movement_left"] or 0)
    cons = [c for x in res.results for c in x.consequences if c.card == b.mover and c.rules and "302.2" not in c.rules]
    und = _understood(r, b)
    if r.kind == RELOCATE and spent == 0:
        v = "Перемещение особенностью не тратит запас движения: движение — лишь частный случай перемещения"
        return Ruling(("Нет, п" + v[1:]) if r.asked == "spends" else "Ни одной единицы: п" + v[1:],
                      [c.line() for c in cons], ["507.1"], mapping, res, und)
    if r.kind == JUMP and spent == full:
        v = "весь запас движения: особенность используется вместо движения"
        return Ruling(("Да, " + v) if r.asked == "spends" else v[:1].upper() + v[1:],
                      [c.line() for c in cons], ["506.7", "506.6"], mapping, res, und)
    if r.kind == MOVE and spent == 1:
        v = "одна единица движения за каждую клетку; трата — оплата движения"
        return Ruling(("Да, " + v) if r.asked == "spends" else v[:1].upper() + v[1:],
                      [c.line() for c in cons], ["506.1", "302.6"], mapping, res, und)
    return None


def _is_movement(r: MoveReading) -> Ruling | None:
    """Is the subject motion a movement / a relocation: a jump is a movement (506.6), a
    relocation by an ability is not (it spends no points, 507.1), «помещается» is not even a
    relocation (507.3), a movement is a relocation (507.1)."""
    subj, pred = r.subject, r.predicate
    if subj == pred or pred not in (MOVE, RELOCATE):
        return None
    b = _Board(r)
    full = b.cards[0]["movement"]
    und = _understood(r, b)
    if subj == PLACE:
        word = next((t.text for t in r.toks if t.quote or t.lemma in ("помещаться", "переноситься", "располагаться")), "помещается")
        word = {"помещаются": "помещается", "переносятся": "переносится", "располагаются": "располагается"}.get(word, word)
        if word not in ("помещается", "переносится", "располагается"):
            word = "помещается"
        b.steps.append({"put": {"card": b.mover, "to": _cell(_X0, _Y0 + 2), "word": word}})
        mapping, res = _run(_title(r), b.state, b.steps, {b.mover: ["movement_left", "cell"]})
        got = res.actual["cards"][b.mover]
        if got["cell"] != _cell(_X0, _Y0 + 2) or got["movement_left"] != full:
            return None
        cons = [c for x in res.results for c in x.consequences if c.rules]
        return Ruling("Нет, это не перемещение", [c.line() for c in cons], ["507.3"], mapping, res, und)
    b.declare(subj)
    mapping, res = _run(_title(r), b.state, b.steps, {b.mover: ["movement_left", "cell"]})
    got = res.actual["cards"][b.mover]
    moved = got["cell"] != _cell(_X0, _Y0)
    spent = full - (got["movement_left"] or 0)
    cons = [c for x in res.results for c in x.consequences if c.card == b.mover and c.rules and "302.2" not in c.rules]
    lines = [c.line() for c in cons]
    if not moved:
        return None
    if subj == JUMP and pred == MOVE and spent == full:
        return Ruling("Да, это движение (медленное игродействие): особенность, заменяющая движение, тоже движение",
                      ["Особенность, заменяющая движение (прыжок, телепортация), также является движением (506.6)", *lines],
                      ["506.6", "304.2"], mapping, res, und)
    if subj == RELOCATE and pred == MOVE and spent == 0:
        return Ruling("Нет, это перемещение, но не движение: запас движения не тратится (движение — частный случай перемещения)",
                      lines, ["507.1"], mapping, res, und)
    if subj in (MOVE, JUMP) and pred == RELOCATE:
        return Ruling("Да, это перемещение: оно меняет клетку карты; движение — частный случай перемещения",
                      lines, ["507.1", *(["506.6"] if subj == JUMP else [])], mapping, res, und)
    return None


def _kind_of(r: MoveReading) -> Ruling | None:
    """«движение — разновидность перемещения?»: both change the card's cell, only movement
    spends points (507.1) — one movement and one relocation of the same creature."""
    if {r.subject, r.predicate} != {MOVE, RELOCATE}:
        return None
    b = _Board(r)
    full = b.cards[0]["movement"]
    b.declare(MOVE)
    b.declare(RELOCATE)
    mapping, res = _run(_title(r), b.state, b.steps, {b.mover: ["movement_left", "cell"]})
    got = res.actual["cards"][b.mover]
    if got["cell"] != _cell(_X0, _Y0 + 2) or got["movement_left"] != full - 1:
        return None
    lines = ["Игродействие, меняющее местоположение карты на поле боя, — перемещение; движение — его частный случай (507.1)",
             "Движение меняет клетку и тратит запас движения; перемещение особенностью меняет клетку, не тратя его (507.1)"]
    if r.subject == MOVE:
        v = "Да, движение — частный случай перемещения (перемещение особенностью не тратит запас движения)"
    else:
        v = "Нет, наоборот: движение — частный случай перемещения, а не каждое перемещение — движение"
    return Ruling(v, lines, ["507.1"], mapping, res, _understood(r, b))


def _who(r: MoveReading) -> Ruling | None:
    """Who declares movement: the inactive player is refused, the active one may (506.2)."""
    if r.kind not in (MOVE, JUMP) or r.events:
        return None
    state = {"active": ME, "priority": OPP, "cards": [{"id": "Существо противника", "owner": OPP, "cell": "b6"},
                                                      {"id": "Ваше существо", "owner": ME, "cell": "b1"}]}
    steps = [{"declare": {"player": OPP, "kind": r.kind, "card": "Существо противника", "to": "b5"}}, {"pass": OPP},
             {"declare": {"player": ME, "kind": r.kind, "card": "Ваше существо", "to": "b2"}}]
    mapping, res = _run(_title(r), state, steps)
    rs = res.results
    if rs[0].legal or not rs[2].legal:
        return None
    v = "Только Активный игрок, в подфазу Выбора"
    if r.only is not None:
        v = ("Да, т" if r.only == ME else "Нет, т") + v[1:]
    return Ruling(v, [c.line() for c in rs[0].reasons], ["506.2"], mapping, res,
                  "Как я понял: вопрос — кто может объявить движение.")


def _when_declare(r: MoveReading) -> Ruling | None:
    """In which subphase movement is declared: refused in the action subphase, allowed in
    the choice subphase (506.2)."""
    if r.kind not in (MOVE, JUMP) or r.events:
        return None
    state = {"active": ME, "subphase": "action", "cards": [{"id": "Ваше существо", "owner": ME, "cell": "b1"}]}
    steps = [{"declare": {"player": ME, "kind": r.kind, "card": "Ваше существо", "to": "b2"}}, {"subphase": "choice"},
             {"declare": {"player": ME, "kind": r.kind, "card": "Ваше существо", "to": "b2"}}]
    mapping, res = _run(_title(r), state, steps)
    rs = res.results
    if rs[0].legal or not rs[2].legal:
        return None
    v = "Только в подфазу Выбора, и объявляет его только Активный игрок"
    return Ruling(("Нет, только в подфазу Выбора" if r.yes_no else v), [c.line() for c in rs[0].reasons], ["506.2"],
                  mapping, res, "Как я понял: вопрос — в какую подфазу можно объявить движение.")


def _when_restored(r: MoveReading) -> Ruling | None:
    """When the points come back: on opening during the turn and at the start of the turn (506.4)."""
    told = [e for e in r.events if not isinstance(e, Motion)]
    if any(isinstance(e, Motion) for e in r.events) or (r.yes_no and not told):
        return None
    state = {"active": ME, "cards": [{"id": "Воин", "owner": ME, "cell": "b1", "movement": 2, "movement_left": 0, "open": False},
                                     {"id": "Лучник", "owner": ME, "cell": "d1", "movement": 3, "movement_left": 1}]}
    steps = [{"open": "Воин"}, {"start_turn": ME}]
    mapping, res = _run(_title(r), state, steps, {"Воин": ["movement_left"], "Лучник": ["movement_left"]})
    got = res.actual["cards"]
    if got["Воин"]["movement_left"] != 2 or got["Лучник"]["movement_left"] != 3:
        return None
    lines = [c.line() for x in res.results for c in x.consequences if "506.4" in c.rules]
    v = "В начале хода, а также когда карта открывается в течение хода"
    if r.yes_no:
        v = "Да, " + v[:1].lower() + v[1:]
    return Ruling(v, lines, ["506.4"], mapping, res, "Как я понял: вопрос — когда восстанавливается запас движения.")


_RULINGS = {"legal": _legal, "count": _count, "spends": _spends, "cost": _spends, "is_movement": _is_movement,
            "kind_of": _kind_of, "who": _who, "when_declare": _when_declare, "when_restored": _when_restored}


def _understood(r: MoveReading, b: _Board) -> str:
    c = b.cards[0]
    who = "ваше существо" if b.owner == ME else "существо противника"
    if r.mover_kind == "artifact":
        return ("Как я понял: " + ("ваш артефакт" if b.owner == ME else "артефакт противника") + "; вопрос: может ли он "
                + _KIND_RU.get(r.kind, "") + ".")
    if r.name:
        who = f"{'ваш' if b.owner == ME else 'чужой'} «{b.mover}»"
    facts = [f"запас движения {c['movement']}" + (f", осталось {c['movement_left']}" if "movement_left" in c else "")]
    if r.bonus is not None:
        facts[0] += f" (с модификатором {r.bonus:+d})"
    if c.get("open") is False:
        facts.append("закрыто")
    if r.flying:
        facts.append("летающее")
    if r.zone is not None:
        facts.append("в дополнительной зоне")
    parts = [f"{who} ({', '.join(facts)})"]
    for k in r.carries:
        parts.append(f"на нём {dict(symbiote='симбиот', parasite='паразит', equipment='экипировка')[k]}")
    if r.attached is not None:
        whose = "ваш" if b.owner == ME else "чужой"
        parts = [f"{whose} {dict(symbiote='симбиот', parasite='паразит', equipment='экипировка')[r.attached]} "
                 "лежит на существе-хозяине"]
    if b.active != b.declarer:
        parts.append("ход другого игрока" if r.declarer is None else "объявляет неактивный игрок")
    if b.state.get("subphase"):
        parts.append({"action": "подфаза Действия", "start": "Начальная фаза", "end": "Заключительная фаза"}.get(
            b.state["subphase"], b.state["subphase"]))
    if r.dest in ("occupied", "artifact"):
        parts.append("клетка впереди занята" + (" артефактом" if r.dest == "artifact" else ""))
    elif r.ahead == "artifact":
        parts.append("на клетке впереди — артефакт противника")
    if b.lines:
        parts.append("сначала " + ", потом ".join(b.lines))
    q = {"legal": f"может ли оно {_KIND_RU.get(r.kind, '')}" + (" по диагонали" if r.dest == "diagonal" else "")
         + (" в сторону" if r.side else "") + (f" на {r.steps} {_cells(r.steps)}" if r.steps > 1 else "")
         + (" ещё" if r.more else ""),
         "count": "на сколько клеток оно может сдвинуться", "spends": f"тратит ли {_NOUN_RU.get(r.kind, '')} запас движения",
         "cost": f"сколько единиц движения тратит {_NOUN_RU.get(r.kind, '')}",
         "is_movement": f"является ли {_NOUN_RU.get(r.subject, '')} {'движением' if r.predicate == MOVE else 'перемещением'}",
         "kind_of": f"{_NOUN_RU.get(r.subject, '')} — разновидность {'перемещения' if r.predicate == RELOCATE else 'движения'}?"}
    return "Как я понял: " + "; ".join(parts) + "; вопрос: " + q.get(r.asked, r.asked or "") + "."


def ruling(r: MoveReading) -> Ruling | None:
    """The simulator's ruling on a complete reading, or ``None`` (nothing this module runs).
    Two motions asked with «или» (``r.also``) are both run: one verdict when they agree."""
    fn = _RULINGS.get(r.asked or "")
    if fn is None:
        return None
    got = fn(r)
    if got is None or r.also is None or r.asked != "legal":
        return got
    from dataclasses import replace as dc_replace
    other = fn(dc_replace(r, kind=r.also, also=None))
    if other is None or other.verdict[:3] != got.verdict[:3]:
        return None     # «пойти или прыгнуть?»: the two motions are ruled differently — no single answer
    both = f"{_KIND_RU[got_kind]} и {_KIND_RU[r.also]}" if (got_kind := r.kind) in _KIND_RU and r.also in _KIND_RU else ""
    verdict = got.verdict + (f" (то же — {_KIND_RU[r.also]})" if both else "")
    return Ruling(verdict, [*got.lines, *other.lines], _dedup([*got.cites, *other.cites]), got.mapping, got.result,
                  got.understood)


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The movement question answered by the simulator (route ``scenario``), or ``None``."""
    from bot.errors import ScenarioError
    from bot.reading.route import read_asked, simulated_answer
    from bot.yesno import agree_with_negation

    if not question or not mentions_motion(question):
        return None
    r = read_asked(question, read)
    if r is None:
        return None
    if r.contradictions:
        text = "в вопросе противоречие: " + "; ".join(r.contradictions)
        return Answer(question=question, route="scenario", verdict=None,
                      blocks=[Block("text", text[:1].upper() + text[1:] + ". Уточните, открыто оно или закрыто, — "
                                                                           "от этого зависит ответ (506.3).")],
                      citations=["506.3"], trace=[text], understood=None, reading=None, unread=[])
    if r.whose_unclear and r.asked == "legal":
        text = ("Вердикт не даю: в вопросе один игрок двигает существо другого — модель объявляет движение только "
                "существом Активного игрока (506.2) и такой случай не разбирает. Уточните, чьё существо и кто объявляет.")
        return Answer(question=question, route="scenario", verdict=None, blocks=[Block("text", text)], citations=["506.2"],
                      trace=["чьё существо двигают и кто объявляет — не разобрано"], understood=None, reading=None,
                      unread=[])
    try:
        got = ruling(r)
    except ScenarioError:
        return None
    except Conflict as c:
        why = "; ".join(_short(x) for x in c.reasons)
        text = (f"В вопросе противоречие с правилами: рассказанный шаг невозможен — {why}. "
                "Проверьте, что произошло на самом деле, — вердикт по такому описанию не даю.")
        return Answer(question=question, route="scenario", verdict=None, blocks=[Block("text", text)],
                      citations=_rules(c.reasons), trace=list(c.result.trace), understood=c.understood,
                      reading=c.mapping, unread=[])
    if got is None:
        return None
    verdict = got.verdict
    if r.neg_word and verdict.startswith(("Да", "Нет")):
        verdict = agree_with_negation(verdict, r.neg_word)
    if r.spend_negated and r.asked == "spends" and verdict.startswith(("Да, ", "Нет, ")):
        # «разве запас не тратится?»: a bare «Да» / «Нет» is read both ways — the content word leads
        spent = verdict.startswith("Да")
        verdict = ("Тратится: " if spent else "Не тратится: ") + verdict.split(", ", 1)[1]
    return simulated_answer(question, verdict, got.lines[-6:], got.cites, got.result.trace, got.understood,
                            got.mapping, edition)
