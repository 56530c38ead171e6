"""Where a kind of card lies once revealed (210.1, 211.1, 405.1)."""

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
