"""Queries about where a kind of card lies, turns and lives (210, 211, 408, 508)."""

from __future__ import annotations

from bot.sim import phases
from bot.sim.outcome import Consequence
from bot.sim.queries.base import (
    Ctx, Finding, cites_of, dedup, make_card, make_sim, rules_of,
)


def q_kind_zone(ctx: Ctx) -> Finding | None:
    """Where a kind of card lies once revealed: artifacts stay on the battlefield (210.1),
    terrains go to the additional zone (211.1), flyers too (405.1) — watched on a reveal step."""
    ctx.has("placement_word")   # words of the same situation: read, they do not change it
    ctx.has("artifact", "terrain", "flying", "additional_zone", "battlefield", "where_at")
    kind = "artifact" if ctx.has("artifact") else "terrain" if ctx.has("terrain") else "creature"
    card = make_card("Карта", kind=kind, traits={"flying"} if kind == "creature" else set(), cell="a1", revealed=False)
    sim = make_sim([card], phase="reveal")
    r = phases.reveal_step(sim)
    lines = [c for c in r.consequences if c.card == "Карта"]
    zone = sim.state.cards["Карта"].zone
    if zone == "battlefield":
        rule = "210.1" if kind == "artifact" else "405.1"
        lines.insert(0, Consequence("Карта располагается на поле боя и после вскрытия остаётся там", (rule,), "Карта"))
        verdict, option, rival = "На поле боя (не во вспомогательной зоне)", "battlefield", "additional_zone"
    else:
        verdict, option, rival = "Во вспомогательной (дополнительной) зоне, куда переносится после вскрытия", "additional_zone", "battlefield"
    first = {"artifact": "210.1", "terrain": "211.1", "creature": "405.1"}[kind]
    return Finding(verdict, lines, dedup([first, *rules_of(lines), *cites_of(r)]), sim.trace, option=option, rivals=(rival,))


def q_turn_phases(ctx: Ctx) -> Finding | None:
    """A turn starts with the start phase; start, opening, main, end — once each, in order (408.2)."""
    ctx.has("turn_phases", "turn_start", "order")
    sim = make_sim([make_card("Воин")], active="second", priority="second")
    r = sim.start_turn("first")
    verdict = ("Ход начинается с Начальной фазы; затем фаза Открытия, Главная и Заключительная — каждая один раз за ход, именно в этом порядке"
               if sim.state.subphase == "start" else "Модель не смогла определить")
    # «ход начинается с начальной фазы?» → «Да, …»; «… с главной фазы?» → «Нет, …»
    return Finding(verdict, [c for c in r.consequences if "408.2" in c.rules], dedup(["408.2", *cites_of(r)]), sim.trace,
                   option="start_phase" if sim.state.subphase == "start" else None, rivals=("later_phase",))


def q_between_phases(ctx: Ctx) -> Finding | None:
    """Nothing happens between turns, phases, subphases or steps (408.2); the transition uses no stack (302.5)."""
    ctx.has("between_phases", "phase_transition")
    sim = make_sim([make_card("Воин")])
    r = sim.subphase("action")
    lines = [Consequence("Никакое событие не может произойти в игре между ходами, фазами, подфазами или шагами", ("408.2",)),
             *[c for c in r.consequences if c.rules]]
    verdict = "Нет, между ходами, фазами, подфазами и шагами ничего не происходит" if ctx.yes_no else "Ничего: переход выполняется сразу, без стека"
    return Finding(verdict, lines, dedup(["408.2", *cites_of(r)]), sim.trace)


def _once_is_the_turn_phrase(ctx: Ctx) -> bool:
    """«каждый ход» (a ``once`` pattern) stands next to «начинается» (``turn_phases``) and
    nothing else asks how often or whether a phase may be skipped: the question is what a
    turn starts with (408.2), not a count."""
    turn = ctx.found.get("turn_phases", [])
    if not turn or ctx.has("skip", "count"):
        return False
    once = ctx.found.get("once", [])
    return bool(once) and all(any(abs(i - t) <= 1 for t in turn) and ctx.tokens[i].startswith("кажд") for i in once)


def q_phase_mandatory(ctx: Ctx) -> Finding | None:
    """The four phases happen every turn, once each, in order; the movement and action
    subphases may be absent when the active player declares no slow action (408.2) —
    watched as a choice subphase that ends on a double pass with an empty stack."""
    if _once_is_the_turn_phrase(ctx):
        return q_turn_phases(ctx)      # «с какой фазы начинается каждый ход?»: «каждый ход» says which turn, not how often
    ctx.has("phase_named", "turn_phases", "skip", "once", "count", "move", "act", "turn_start")
    named = [ctx.tokens[i] + " " + ctx.tokens[i + 1] for i in ctx.found.get("phase_named", []) if i + 1 < len(ctx.tokens)]
    sub = any(n.startswith("подфаз") and ("движ" in n or "действ" in n) for n in named)
    sim = make_sim([make_card("Воин")])
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    ended = r.value == "phase_end"
    lines = [Consequence("Начальная фаза, фаза Открытия, Главная и Заключительная фазы обязательно осуществляются каждый ход, "
                         "1 раз за ход и именно в таком порядке", ("408.2",)),
             *[c for c in r.consequences if c.rules]]
    if not ended:
        return None
    if sub:
        verdict = ("подфазы Движения и/или Действия могут отсутствовать, если Активный игрок не объявляет медленных игродействий "
                   "(оба спасовали при пустом стеке — подфаза Выбора завершается)")
        yes = not any(t.startswith("обязательн") for t in ctx.tokens)
    elif ctx.has("once", "count") and not ctx.has("skip"):
        verdict, yes = "один раз за ход: каждая из четырёх фаз осуществляется каждый ход, 1 раз и в установленном порядке", None
    else:
        verdict = "каждая из четырёх фаз (Начальная, Открытия, Главная, Заключительная) обязательно осуществляется каждый ход, 1 раз за ход"
        yes = any(t.startswith("обязательн") for t in ctx.tokens)
    if ctx.yes_no and yes is not None:
        verdict = f"{'Да' if yes else 'Нет'}, {verdict}"
    else:
        verdict = verdict[:1].upper() + verdict[1:]
    return Finding(verdict, lines, dedup(["408.2", *cites_of(r)]), sim.trace)


