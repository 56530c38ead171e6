"""Queries about artifacts, terrains, attacks, movement and relocation (210, 211, 212.9, 506, 507)."""

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


# ---------------------------------------------------------------------- movement and relocation
def q_placement_word(ctx: Ctx) -> Finding | None:
    """«помещается / переносится / располагается» is not a relocation (507.3)."""
    ctx.has("placement_word", "relocate", "move", "cell", "card")
    word = next((t for t in ctx.tokens if t.startswith(("помещает", "переносит", "располагает"))), "помещается")
    word = {"помещаются": "помещается", "переносятся": "переносится", "располагаются": "располагается"}.get(word, word)
    sim = make_sim([make_card("Воин", movement=1)])
    r = sim.put("Воин", parse_cell("e1"), word)
    lines = [c for c in r.consequences if c.card == "Воин"]
    return Finding("Нет, это не перемещение", lines, dedup(["507.3", *cites_of(r)]), sim.trace)


def q_relocation_spends(ctx: Ctx) -> Finding | None:
    """A relocation by an ability spends no movement points (507.1)."""
    ctx.has("relocate", "spend", "movement_points")
    sim = make_sim([make_card("Воин", movement=2)])
    sim.declare("first", "relocation", card="Воин", to=parse_cell("a1"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    left = sim.state.cards["Воин"].movement_left
    lines = [c for c in r.consequences if c.card == "Воин"]
    return Finding("Нет, перемещение особенностью не тратит запас движения" if left == 2 else "Да, тратит", lines,
                   dedup(["507.1", *cites_of(r)]), sim.trace)


def q_occupied_cell(ctx: Ctx) -> Finding | None:
    """Movement and relocation only onto an unoccupied cell (507.2, 506.1)."""
    ctx.has("occupied", "cell", "creature", "card")
    kind = "instead_of_movement" if ctx.has("jump") else ("relocation" if ctx.has("relocate") and not ctx.has("move") else "movement")
    ctx.has("move", "relocate")
    sim = make_sim([make_card("Воин"), make_card("Страж", cell="c3")])
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    f = legal_finding(sim, r, "можно", "нельзя")
    f.citations = dedup(["507.2", *f.citations])
    return f


def q_diagonal(ctx: Ctx) -> Finding | None:
    """Movement is orthogonal only (506.1)."""
    ctx.has("diagonal", "move", "relocate", "creature")
    sim = make_sim([make_card("Воин", movement=2)])
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("d3"))
    return legal_finding(sim, r, "может", "нельзя")


def q_jump_after_move(ctx: Ctx) -> Finding | None:
    """An ability «вместо движения» needs full movement points (506.7)."""
    ctx.has("jump", "instead", "already", "spend", "movement_points", "move")
    sim = make_sim([make_card("Прыгун", movement=2, movement_left=1)])
    r = sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    return legal_finding(sim, r, "можно", "нельзя")


def q_jump_spends(ctx: Ctx) -> Finding | None:
    """An ability used instead of movement takes the whole (full) movement (506.6, 506.7)."""
    ctx.has("jump", "instead", "spend", "movement_points", "move")
    sim = make_sim([make_card("Прыгун", movement=2)])
    sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    left = sim.state.cards["Прыгун"].movement_left
    lines = [c for c in r.consequences if c.card == "Прыгун"]
    verdict = "Да, весь запас движения: особенность используется вместо движения" if left == 0 else "Нет"
    return Finding(verdict, lines, dedup(["506.7", "506.6", *cites_of(r)]), sim.trace)


def q_move_outside_choice(ctx: Ctx) -> Finding | None:
    """Movement is declared only in the choice subphase (506.2)."""
    ctx.has("other_subphase", "move")
    sim = make_sim([make_card("Воин")], subphase="action")
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    return legal_finding(sim, r, "можно", "нельзя")


def q_jump_is_movement(ctx: Ctx) -> Finding | None:
    """Abilities replacing movement are movement (506.6) and slow (304.2)."""
    ctx.has("jump", "instead", "move", "movement_q", "slow", "fast")
    sim = make_sim([make_card("Прыгун", movement=2)])
    r = sim.declare("first", "instead_of_movement", card="Прыгун", name="прыжок", to=parse_cell("e4"))
    is_move = r.legal and "instead_of_movement" in ("movement", "instead_of_movement")
    lines = [Consequence("Особенность, заменяющая движение (Прыжок, Телепортация и т. п.), также является движением; использовать её могут только существа", ("506.6",))]
    lines += [c for c in r.consequences if c.rules]
    verdict = "Да, это движение (медленное игродействие)" if is_move else "Нет"
    if ctx.has("slow", "fast") and not ctx.has("movement_q", "move"):
        verdict = f"{r.value.capitalize()}: это движение" if r.value else verdict
    return Finding(verdict, lines, dedup(["506.6", "304.2", *cites_of(r)]), sim.trace)


def q_move_cost(ctx: Ctx) -> Finding | None:
    """One step of movement costs one movement point (506.1)."""
    ctx.has("count", "movement_points", "spend", "move", "cell")
    sim = make_sim([make_card("Воин", movement=3)])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    spent = 3 - (sim.state.cards["Воин"].movement_left or 0)
    lines = [c for c in r.consequences if c.card == "Воин" and c.rules]
    verdict = f"{'Одна единица' if spent == 1 else str(spent) + ' единицы'} движения за каждую клетку; трата — оплата движения"
    return Finding(verdict, lines, dedup(["506.1", *cites_of(r)]), sim.trace)


def q_no_points_move(ctx: Ctx) -> Finding | None:
    """Without movement points left a creature cannot move (506.1), nor use «вместо движения» (506.7)."""
    ctx.has("no_points", "move", "jump", "instead", "movement_points", "creature")
    jump = ctx.has("jump", "instead")
    sim = make_sim([make_card("Воин", movement=2, movement_left=0)])
    r = sim.declare("first", "instead_of_movement" if jump else "movement", card="Воин", to=parse_cell("c3"))
    return legal_finding(sim, r, "может", "не может")


def q_jump_zero(ctx: Ctx) -> Finding | None:
    """«вместо движения» with a full movement of 0 is still allowed (506.7)."""
    ctx.has("jump", "instead", "zero_movement", "movement_points", "move")
    sim = make_sim([make_card("Голем", movement=0)])
    r = sim.declare("first", "instead_of_movement", card="Голем", name="прыжок", to=parse_cell("e4"))
    f = legal_finding(sim, r, "можно: запас движения полный, даже если он равен 0", "нельзя")
    f.citations = dedup(["506.7", *f.citations])
    return f


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


def q_closed_moves(ctx: Ctx) -> Finding | None:
    """Only an open creature uses movement (506.3)."""
    # «ещё не ходил, но его закрыли»: not having moved yet is the model's default state
    ctx.read_idx |= {i - 1 for i in ctx.found.get("move", []) if i > 0 and ctx.tokens[i - 1] == "не" and i < ctx.ask_from}
    ctx.has("open")   # words of the same situation: read, they do not change it
    ctx.has("closed", "move", "creature")
    sim = make_sim([make_card("Воин", open=False)])
    kind = "instead_of_movement" if ctx.has("jump") else "movement"
    r = sim.declare("first", kind, card="Воин", to=parse_cell("c3"))
    return legal_finding(sim, r, "может", "не может")


def q_open_restores(ctx: Ctx) -> Finding | None:
    """Movement points are restored on opening and at the start of the turn (506.4)."""
    ctx.has("open", "restore", "turn_start", "move", "movement_points", "creature", "card")
    sim = make_sim([make_card("Воин", movement=2, movement_left=0, open=not ctx.has("open"))])
    r0 = sim.start_turn("first") if ctx.has("turn_start") and not ctx.has("open") else sim.open("Воин")
    sim.state.subphase = "choice"
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    f = legal_finding(sim, r, "запас движения восстановился, существо снова может двигаться", "не может")
    f.lines = [c for c in r0.consequences if "506.4" in c.rules] + f.lines
    f.citations = dedup(["506.4", *f.citations])
    if not ctx.yes_no and r.legal:
        f.verdict = "В начале хода, а также когда карта открывается в течение хода: она снова может двигаться"
    return f


def q_act_then_move(ctx: Ctx) -> Finding | None:
    """A card that acts (an attack is acting too) loses all its movement (506.5). ``None``
    when the question runs the other way round (moved first, then acts)."""
    ctx.has("order", "later", "after", "before_word")   # words of the same situation: read, they do not change it
    first = _happened_first(ctx)
    if first is None or not (any(c in ctx.found for c in ("already", "later", "after", "order")) or _told_past(ctx)):
        return None     # no order of the two is told («атаковать и двигаться?»)
    moved_first = first == "move"
    if moved_first:
        return _act_after_move(ctx)
    ctx.has("act", "attack", "already", "later", "move", "movement_points", "creature")
    sim = make_sim([make_card("Воин", movement=3), make_card("Орк", owner="second", cell="c3")])
    if ctx.has("attack") and not ctx.has("act"):
        sim.declare("first", "attack", card="Воин", target="Орк")
        sim.pass_priority("first")
        r0 = sim.pass_priority("second")
        sim.state.cards["Орк"].cell = parse_cell("e6")
    else:
        r0 = sim.act("Воин")
        sim.state.cards["Орк"].cell = parse_cell("e6")
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    f = legal_finding(sim, r, "может", "не может")
    f.lines = [c for c in r0.consequences if "506.5" in c.rules] + f.lines
    if not r.legal and any("506.5" in c.rules for c in r0.consequences):
        f.verdict = ("Нет, не может: " if ctx.yes_no else "Не может: ") + "когда карта действует, она теряет весь свой запас движения"
    f.citations = dedup(["506.5", *f.citations])
    return f


def _happened_first(ctx: Ctx) -> str | None:
    """Which of moving («move») and acting / attacking («act») the question puts first:
    the one right after «после» («атаковать после движения» — moved first), else the one
    told in the past tense («существо сходило, может потом ударить?»), else the one
    mentioned first. ``None`` when one of them is missing."""
    from bot.morph import analyzer
    move = [i for c in ("move", "movement_points") for i in ctx.found.get(c, [])]
    act = [i for c in ("act", "attack") for i in ctx.found.get(c, [])]
    move += [i for i in ctx.found.get("already", []) if ctx.tokens[i] != "после" and i not in act]
    if not move or not act:
        return None
    for i, t in enumerate(ctx.tokens):
        if t == "после" and i + 1 < len(ctx.tokens):
            if i + 1 in move:
                return "move"
            if i + 1 in act:
                return "act"

    def past(ix: list[int]) -> bool:
        return any(analyzer().parse(ctx.tokens[i])[0].tag.tense == "past" for i in ix)
    if past(move) != past(act):
        return "move" if past(move) else "act"
    return "move" if min(move) < min(act) else "act"


def _told_past(ctx: Ctx) -> bool:
    """Moving or acting is told in the past tense («если оно атаковало»)."""
    from bot.morph import analyzer
    ix = [i for c in ("move", "act", "attack") for i in ctx.found.get(c, [])]
    return any(analyzer().parse(ctx.tokens[i])[0].tag.tense == "past" for i in ix)


def _act_after_move(ctx: Ctx) -> Finding:
    """Moved first, then acts / attacks: allowed — 506.5 takes the movement away only when
    the card acts, so the order matters. The model moves a creature one cell, lets it
    attack, then tries to move it again (refused: acting lost the rest of its movement)."""
    ctx.has("act", "attack", "already", "later", "after", "move", "movement_points", "creature")
    sim = make_sim([make_card("Воин", cell="c2", movement=2), make_card("Орк", owner="second", cell="c4")])
    r_move = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    sim.pass_priority("second")
    attack = ctx.has("attack") and not ctx.has("act")
    if attack:
        r_act = sim.declare("first", "attack", card="Воин", target="Орк")
        sim.pass_priority("first")
        r_done = sim.pass_priority("second")
        sim.state.cards["Орк"].cell = parse_cell("e6")
    else:
        r_act = r_done = sim.act("Воин")
    sim.state.priority = "first"
    r_again = sim.declare("first", "movement", card="Воин", to=parse_cell("b3"))
    if not (r_move.legal and r_act.legal):
        return legal_finding(sim, r_act if r_move.legal else r_move, "", "не может", extra=("506.5",))
    what = ("можно " if "можно" in ctx.tokens else "может ") + ("атаковать" if attack else "действовать")
    lost = [c for c in r_done.consequences if "506.5" in c.rules]
    verdict = (f"{what} после движения: запас движения теряется, только когда карта действует, — "
               f"поэтому после {'атаки' if attack else 'действия'} двигаться дальше уже нельзя")
    if not r_again.legal and lost:
        verdict = ("Да, " if ctx.yes_no else "") + verdict
    else:
        verdict = "Модель не смогла определить"
    lines = [*lost, *r_again.reasons]
    return Finding(verdict[:1].upper() + verdict[1:], lines, dedup(["506.5", *rules_of(lines), *cites_of(r_move)]), sim.trace)


def q_who_moves(ctx: Ctx) -> Finding | None:
    """Only the active player declares movement, in the choice subphase (506.2)."""
    ctx.has("who", "move", "player", "active")
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")], priority="second")
    r1 = sim.declare("second", "movement", card="Орк", to=parse_cell("c6"))
    sim.state.priority = "first"
    r2 = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    verdict = "Только Активный игрок, в подфазу Выбора" if (not r1.legal and r2.legal) else "Модель не смогла определить"
    return Finding(verdict, r1.reasons, dedup(["506.2", *cites_of(r1, r2)]), sim.trace)


def q_inactive_moves(ctx: Ctx) -> Finding | None:
    """The inactive player cannot declare movement (506.2)."""
    ctx.has("inactive", "move", "player")
    sim = make_sim([make_card("Орк", owner="second", cell="c5")], priority="second")
    r = sim.declare("second", "movement", card="Орк", to=parse_cell("c6"))
    return legal_finding(sim, r, "может", "нельзя")


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


def q_relocation_is_movement(ctx: Ctx) -> Finding | None:
    """A relocation by an ability is not movement: it spends no movement points; movement is
    the special case of relocation (507.1)."""
    ctx.has("relocate", "movement_q", "move", "spend", "movement_points")
    sim = make_sim([make_card("Воин", movement=2)])
    sim.declare("first", "relocation", card="Воин", to=parse_cell("a1"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    left = sim.state.cards["Воин"].movement_left
    lines = [Consequence("Игродействие, меняющее местоположение карты, — перемещение; движение — его частный случай", ("507.1",)),
             *[c for c in r.consequences if c.card == "Воин"]]
    verdict = ("Нет, это перемещение, но не движение: запас движения не тратится (движение — частный случай перемещения)"
               if left == 2 else "Да, это движение")
    return Finding(verdict, lines, dedup(["507.1", *cites_of(r)]), sim.trace)


def q_movement_kind_of_relocation(ctx: Ctx) -> Finding | None:
    """Movement is a particular case of relocation (507.1): both change a card's cell, but
    only movement spends movement points — watched by declaring one of each. The subject
    named first is the one asked about («движение — разновидность перемещения?» -> yes,
    «перемещение — разновидность движения?» -> no)."""
    ctx.has("kind_of", "move", "relocate")
    sim = make_sim([make_card("Воин", movement=2)])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r1 = sim.pass_priority("second")
    moved, spent = sim.state.cards["Воин"].cell == parse_cell("c3"), sim.state.cards["Воин"].movement_left < 2
    sim2 = make_sim([make_card("Воин", movement=2)])
    sim2.declare("first", "relocation", card="Воин", to=parse_cell("a1"))
    sim2.pass_priority("first")
    r2 = sim2.pass_priority("second")
    relocated_free = sim2.state.cards["Воин"].cell == parse_cell("a1") and sim2.state.cards["Воин"].movement_left == 2
    if not (moved and spent and relocated_free):
        return None
    lines = [Consequence("Игродействие, меняющее местоположение карты на поле боя, — перемещение; движение — его частный случай", ("507.1",)),
             Consequence("Движение меняет клетку и тратит запас движения; перемещение особенностью меняет клетку, не тратя его", ("507.1",))]
    move_first = min(ctx.found.get("move", [99])) < min(ctx.found.get("relocate", [99]))
    if move_first:
        verdict = "Да, движение — частный случай перемещения (перемещение особенностью не тратит запас движения)"
    else:
        verdict = "Нет, наоборот: движение — частный случай перемещения, а не каждое перемещение — движение"
    return Finding(verdict, lines, dedup(["507.1", *cites_of(r1, r2)]), sim.trace + sim2.trace)


_NUMBER_WORDS = {"один": 1, "одну": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5}


def _number_near(ctx: Ctx, concept: str, before: int, after: int) -> int | None:
    """A number (digits or a word) within ``before`` words before / ``after`` words after a
    mention of ``concept`` («на одну клетку», «запас движения был 2»)."""
    for i in ctx.found.get(concept, []):
        for j in [*range(i - 1, i - before - 1, -1), *range(i + 1, i + after + 1)]:
            if 0 <= j < len(ctx.tokens):
                t = ctx.tokens[j]
                if t.isdigit():
                    return int(t)
                if t in _NUMBER_WORDS:
                    return _NUMBER_WORDS[t]
    return None


def q_move_remaining(ctx: Ctx) -> Finding | None:
    """«Я походил на одну клетку, запас движения был 2 — могу ещё?»: a creature keeps moving
    until it has spent all its movement points (506.1). The model gives it the told points,
    makes the told steps and tries one more. ``None`` without the number of steps made."""
    ctx.has("once", "more")   # words of the same situation: read, they do not change it
    moved = _number_near(ctx, "cell", 2, 0)
    points = _number_near(ctx, "movement_points", 0, 3)
    if moved is None or points is None or moved > 4 or points > 6:
        return None
    ctx.has("move", "movement_points", "cell", "more", "already", "creature")
    sim = make_sim([make_card("Воин", cell="a1", movement=points)])
    steps = []
    for k in range(moved + 1):
        sim.state.priority = "first"
        r = sim.declare("first", "movement", card="Воин", to=(0, 2 + k))     # a1 → a2 → a3 …
        if r.legal:
            sim.pass_priority("first")
            r = sim.pass_priority("second")
        steps.append(r)
        if not r.legal:
            break
    made = sum(1 for r in steps[:moved] if r.legal)
    extra = steps[moved] if len(steps) > moved else None
    if made < moved:        # the told steps themselves were more than the points allow
        left = 0
        verdict = f"Нет: с запасом движения {points} нельзя пройти {moved} клетки — по одной единице движения за клетку"
    else:
        left = points - moved
        ok = extra is not None and extra.legal
        units = "осталась 1 единица" if left == 1 else f"осталось {left} {'единицы' if 1 < left < 5 else 'единиц'}"
        verdict = (f"Да, можно: {units} движения — "
                   "существо двигается, пока не потратит все свои единицы движения" if ok
                   else "Нет, нельзя: запас движения потрачен — по одной единице за каждую клетку")
    if not ctx.yes_no:
        verdict = verdict.split(": ", 1)[-1]
        if ctx.has("count") and left:
            verdict = f"ещё {left} {'клетку' if left == 1 else 'клетки' if left < 5 else 'клеток'}: " + verdict
        verdict = verdict[:1].upper() + verdict[1:]
    lines = [c for r in steps for c in (r.consequences if r.legal else r.reasons) if "506.1" in c.rules]
    return Finding(verdict, lines, dedup(["506.1", *cites_of(*steps)]), sim.trace)


def q_move_repeat(ctx: Ctx) -> Finding | None:
    """A creature moves step by step until it has spent all its movement points (506.1):
    with N points it makes N steps, the N+1-th is refused."""
    ctx.has("move", "once", "two", "count", "cell", "movement_points", "creature")
    nums = [int(t) for t in ctx.tokens if t.isdigit()] + [_NUMBER_WORDS[t] for t in ctx.tokens if t in _NUMBER_WORDS]
    n = max(1, min(nums[0] if nums else 2, 4))
    sim = make_sim([make_card("Воин", cell="c1", movement=n)])
    steps = []
    for k in range(n + 1):
        sim.state.priority = "first"
        r = sim.declare("first", "movement", card="Воин", to=(2, 2 + k))
        if not r.legal:
            steps.append(r)
            break
        sim.pass_priority("first")
        steps.append(sim.pass_priority("second"))
    made = sum(1 for r in steps if r.legal)
    refused = steps[-1] if steps and not steps[-1].legal else None
    verdict = (f"{made} {'клетку' if made == 1 else 'клетки' if made < 5 else 'клеток'}: существо с запасом движения {n} двигается, "
               f"пока не потратит все единицы движения — по одной за клетку")
    if ctx.yes_no:
        verdict = ("Да, " if made >= 2 else "Нет, ") + verdict
    lines = [c for r in steps for c in (r.consequences if r.legal else r.reasons) if "506.1" in c.rules]
    return Finding(verdict, lines, dedup(["506.1", *cites_of(*steps)]), sim.trace)
