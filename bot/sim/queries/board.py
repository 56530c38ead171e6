"""Queries about artifacts, terrains and attacks (210, 211, 212.9; a cell with an artifact, 507.2)."""

from __future__ import annotations

from bot.sim.outcome import Consequence
from bot.sim.state import Card, parse_cell
from bot.sim.queries.base import (
    Ctx, Finding, cites_of, dedup, legal_finding, make_card, make_sim, rules_of,
)


def _target_kind(ctx: Ctx) -> str | None:
    k = ctx.first(("terrain", "equipment", "artifact", "symbiote", "creature"))
    return k


def _target_card(kind: str) -> Card:
    if kind == "terrain":
        return make_card("Цель", owner="second", kind="terrain", cell=None, zone="additional_zone", movement=None)
    if kind == "equipment":
        return make_card("Цель", owner="second", kind="equipment", equipment_class="оружие", host="Носитель", cell=None, movement=None)
    if kind == "artifact":
        return make_card("Цель", owner="second", kind="artifact", cell="c4", movement=None)
    return make_card("Цель", owner="second", cell="c4")


def q_redirect(ctx: Ctx) -> Finding | None:
    """Redirecting an attack: never to a terrain (211.2) or equipment (212.9)."""
    kind = ctx.first(("terrain", "equipment"))
    if kind is None:      # the seed pages rule only on terrains and equipment
        return None
    ctx.has("redirect", "attack", "enemy")
    sim = make_sim([make_card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind)])
    r = sim.redirect("Цель")
    return legal_finding(sim, r, "можно", "нельзя")


def q_artifact_struck(ctx: Ctx) -> Finding | None:
    """A simple strike on an artifact is calculated as on a closed card (210.3)."""
    ctx.has("artifact", "attack", "simple_strike", "by_target", "closed", "open", "card")
    sim = make_sim([make_card("Воин", cell="c3"), _target_card("artifact")])
    sim.declare("first", "attack", card="Воин", target="Цель")
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if c.card == "Цель"]
    verdict = "Как по закрытой карте" if any(c.result == "как по закрытой" for c in lines) else "Как по открытой карте"
    if ctx.yes_no and not ctx.has("closed", "open"):
        verdict = "Да, можно: простой удар по артефакту рассчитывается " + verdict.lower()
    return Finding(verdict, lines, dedup([*rules_of(lines), *cites_of(r)]), sim.trace)


def q_artifact_defends(ctx: Ctx) -> Finding | None:
    """Artifacts cannot reflect a simple strike or be defenders (210.2)."""
    ctx.has("artifact", "defend", "attack", "simple_strike")
    sim = make_sim([_target_card("artifact")])
    r = sim.defend("Цель")
    return legal_finding(sim, r, "может", "не может")


def q_attack_target(ctx: Ctx) -> Finding | None:
    """Attack with / on an artifact, terrain or equipment (210.2, 210.3, 211.2, 212.9)."""
    ctx.has("wound")   # words of the same situation: read, they do not change it
    ctx.has("simple_strike")   # words of the same situation: read, they do not change it
    ctx.has("own", "enemy")   # words of the same situation: read, they do not change it
    kind = ctx.first(("terrain", "equipment", "artifact"))
    if kind is None:
        return None
    ctx.has("attack", "target")
    impersonal = any(t in ("можно", "нельзя") for t in ctx.tokens) and not any(t in ("может", "могут") for t in ctx.tokens)
    struck = ctx.has("by_target", "target") or (kind == "artifact" and (ctx.found["attack"][0] < ctx.found["artifact"][0] or impersonal))
    if kind == "artifact" and not struck:     # «артефакт может атаковать?»: the artifact is the subject
        sim = make_sim([make_card("Артефакт", kind="artifact", cell="c3", movement=None), make_card("Орк", owner="second", cell="c4")])
        r = sim.declare("first", "attack", card="Артефакт", target="Орк")
        return legal_finding(sim, r, "может", "не может")
    if kind == "artifact":
        return q_artifact_struck(ctx)
    sim = make_sim([make_card("Воин", cell="c3"), make_card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind)])
    r = sim.declare("first", "attack", card="Воин", target="Цель")
    return legal_finding(sim, r, "может", "нельзя")


def q_wound_target(ctx: Ctx) -> Finding | None:
    """Terrains (211.2) and equipment (212.9) cannot get wounds."""
    ctx.has("own", "enemy")   # words of the same situation: read, they do not change it
    kind = ctx.first(("terrain", "equipment"))
    ctx.has("wound")
    sim = make_sim([make_card("Носитель", owner="second", cell="d4", creature_class="воин"), _target_card(kind or "terrain")])
    r = sim.wound("Цель", 1)
    return legal_finding(sim, r, "может", "не может")


def q_noncreature_moves(ctx: Ctx) -> Finding | None:
    """Artifacts (210.2) and other non-creatures (506.6) cannot move."""
    kind = ctx.first(("artifact", "terrain"))
    ctx.has("move", "relocate", "jump")
    card = make_card("Обелиск", kind=kind or "artifact", cell="c2", movement=1)
    sim = make_sim([card])
    if ctx.has("relocate") and not ctx.has("move", "jump"):
        return _noncreature_relocated(ctx, kind or "artifact")
    r = sim.declare("first", "instead_of_movement" if ctx.has("jump") else "movement", card="Обелиск", to=parse_cell("c3"))
    return legal_finding(sim, r, "может", "не может")


def _noncreature_relocated(ctx: Ctx, kind: str) -> Finding:
    """«Артефакт можно переместить способностью карты?»: the seeds only ban artifacts from
    moving (210.2); a relocation by an ability is not movement (507.1). The model tries
    both on the same artifact — movement refused, relocation allowed — and the verdict says
    that it rests on that distinction, 507.1 first."""
    moving = make_sim([make_card("Обелиск", kind=kind, cell="c2", movement=1)])
    r_move = moving.declare("first", "movement", card="Обелиск", to=parse_cell("c3"))
    card = make_card("Обелиск", kind=kind, cell="c2", movement=1)
    if kind == "terrain":       # a revealed terrain is in the additional zone (211.1), not on a cell
        card.cell, card.zone = None, "additional_zone"
    sim = make_sim([card])
    r = sim.declare("first", "relocation", card="Обелиск", to=parse_cell("c3"))
    if r.legal:
        sim.pass_priority("first")
        r_done = sim.pass_priority("second")
    if not r.legal:
        return legal_finding(sim, r, "", "нельзя")
    ban = "210.2" if kind == "artifact" else "506.6"
    lines = [*r_move.reasons, *[c for c in r_done.consequences if "507.1" in c.rules][:1]]
    lines.insert(0, Consequence("Перемещение особенностью карты меняет местоположение карты, но не является движением "
                                "(движение — частный случай перемещения)", ("507.1",)))
    what = "артефакты" if kind == "artifact" else "такие карты"
    verdict = (f"можно — вывод опирается на различие перемещения и движения: {what} не могут двигаться ({ban}), "
               "а перемещение особенностью карты — не движение (507.1); отдельного запрета на перемещение нет")
    verdict = ("Да, " + verdict) if ctx.yes_no else verdict[:1].upper() + verdict[1:]
    return Finding(verdict, lines, dedup(["507.1", ban, *rules_of(lines)]), [*moving.trace, *sim.trace])


def q_count_terrain(ctx: Ctx) -> Finding | None:
    """At most one terrain per player (211.3) unless an ability allows a second (211.4) —
    and then two only while both stay in the game zone. A question that says such an
    ability is in play («у меня карта, которая позволяет взять вторую местность») gets
    «две»; one that supposes a longer limit («всю игру») is checked against 211.4's."""
    ctx.has("second", "two")   # words of the same situation: read, they do not change it
    ctx.has("leaves")   # words of the same situation: read, they do not change it
    ctx.has("terrain", "count", "two", "control", "player", "recruit", "one_more")
    clause = [i for i, t in enumerate(ctx.tokens) if t in ("если", "когда", "раз", "так как", "поскольку")]
    if ctx.has("allows") and any(i < ctx.ask_from or ctx.tokens[i - 1:i] in (["которая"], ["которые"], ["которое"])
                                 or any(c < i for c in clause) for i in ctx.found["allows"]):
        return _two_terrains(ctx)
    if ctx.yes_no and any(ctx.tokens[i + 1:i + 2] == ["ли"] for i in ctx.found.get("allows", [])):
        f = _two_terrains(ctx)   # «позволяет ли особенность взять вторую местность?»: 211.4 names such abilities
        f.verdict = "Да, если особенность позволяет взять в отряд вторую местность, игрок контролирует две — пока одна из них не покинет игровую зону"
        return f
    sim = make_sim([make_card("Болото", kind="terrain", cell="a1", movement=None)], phase="recruit")
    r1 = sim.recruit(make_card("Лес", kind="terrain", cell="b1", movement=None))
    sim.state.extra_terrain.add("first")
    r2 = sim.recruit(make_card("Лес", kind="terrain", cell="b1", movement=None))
    one = not r1.legal
    verdict = ("Не более одной местности; две — только если особенность позволяет взять в отряд вторую"
               if one and r2.legal else "Без ограничения")
    if ctx.yes_no and one:
        verdict = "Нет, " + verdict[:1].lower() + verdict[1:]
    return Finding(verdict, [*r1.reasons, *[c for c in r2.consequences if c.rules]], dedup(["211.3", "211.4", *cites_of(r1, r2)]), sim.trace)


def q_cell_with_artifact(ctx: Ctx) -> Finding | None:
    """«клетка с артефактом»: the artifact occupies the cell (210.1), so no movement there (507.2)."""
    if not ctx.after("cell", "artifact"):
        return None
    ctx.has("cell", "artifact", "move", "relocate", "jump")
    sim = make_sim([make_card("Воин"), make_card("Обелиск", owner="second", kind="artifact", cell="c3", movement=None)])
    kind = "relocation" if ctx.has("relocate") and not ctx.has("move") else "movement"
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    f = legal_finding(sim, r, "можно", "нельзя")
    # the reason (507.2: only onto an unoccupied cell) first, then why the cell is occupied (210.1)
    f.citations = dedup([*rules_of(f.lines)[:1], "210.1", *f.citations])
    return f


def _two_terrains(ctx: Ctx) -> Finding:
    """An ability allows a second terrain: two are controlled until one leaves the game zone (211.4)."""
    sim = make_sim([make_card("Болото", kind="terrain", cell="a1", movement=None)], phase="recruit")
    sim.state.extra_terrain.add("first")
    r = sim.recruit(make_card("Лес", kind="terrain", cell="b1", movement=None))
    r_leave = sim.leave("Лес")
    r3 = sim.recruit(make_card("Роща", kind="terrain", cell="c1", movement=None))
    two = r.legal
    verdict = ("Две местности — пока одна из них не покинет игровую зону" if two else "Одна местность")
    if ctx.yes_no:
        forever = ctx.has("forever")
        verdict = (f"Нет, {verdict[:1].lower()}{verdict[1:]}" if forever else f"Да, {verdict[:1].lower()}{verdict[1:]}") if two else f"Нет, {verdict.lower()}"
    lines = [*[c for c in r.consequences if c.rules], *[c for c in r3.consequences if c.rules], *r3.reasons]
    return Finding(verdict, lines, dedup(["211.4", "211.3", *cites_of(r, r_leave, r3)]), sim.trace)


def q_cells_occupied(ctx: Ctx) -> Finding | None:
    """How many cells a card occupies on the battlefield: an artifact or a creature one
    (210.1, 506.1), a terrain none after its reveal (211.1, 405.1) — read off the board
    after the reveal step."""
    from bot.sim import phases
    kind = ctx.first(("artifact", "terrain", "creature"))
    if kind is None:
        return None
    ctx.has("count", "occupy", "occupied", "cell", "card")
    card = make_card("Карта", kind=kind, cell="b2", movement=None if kind != "creature" else 1, revealed=False)
    sim = make_sim([card], phase="reveal")
    r = phases.reveal_step(sim)
    cells = [(x, y) for x in range(5) for y in range(1, 7) if sim.state.occupant((x, y)) is sim.state.cards["Карта"]]
    n = len(cells)
    what = {"artifact": "Артефакт", "terrain": "Местность", "creature": "Существо"}[kind]
    rule = {"artifact": "210.1", "terrain": "211.1", "creature": "506.1"}[kind]
    word = {0: "не занимает клеток поля боя: после вскрытия она во вспомогательной зоне", 1: "занимает одну клетку поля боя"}.get(n, f"занимает {n} клетки")
    verdict = f"{what} {word}"
    if ctx.yes_no:
        verdict = f"{'Да' if n else 'Нет'}, {verdict[:1].lower()}{verdict[1:]}"
    line = Consequence(f"{what} {word}" + (" — на эту клетку нельзя переместиться" if n else ""), (rule, *(("507.2",) if n else ())), "Карта")
    return Finding(verdict, [line, *[c for c in r.consequences if c.card == "Карта"]],
                   dedup([rule, *cites_of(r), *(("405.1",) if kind == "terrain" else ())]), [*sim.trace, "  " + line.line()])


