"""Simulator queries behind the scenario route: each builds a small board, runs the
simulator and reads the verdict off the results (never a stored answer string).

A query is ``fn(ctx: Ctx) -> Finding | None`` (``None``: the words do not give a situation
the query can model). ``QUERIES`` maps the names used in ``lexicon.SITUATIONS``; the queries
live in ``hosts`` (209, 212), ``board`` (210, 211, 506, 507) and ``phases`` (210, 211)."""

from __future__ import annotations

from typing import Callable

from bot.sim.queries import hosts as _hosts
from bot.sim.queries import board as _board
from bot.sim.queries import phases as _phases
from bot.sim.queries.base import Ctx, Finding

QUERIES: dict[str, Callable[[Ctx], Finding | None]] = {
    "place_on_host": _hosts.q_place_on_host,
    "count_attached": _hosts.q_count_attached,
    "host_event": _hosts.q_host_event,
    "unhosted": _hosts.q_unhosted,
    "summoned": _hosts.q_summoned,
    "symbiote_no_declare": _hosts.q_attached_moves,
    "attached_attack_host": _hosts.q_attached_attack_host,
    "parasite_hosts": _hosts.q_parasite_hosts,
    "redirect": _board.q_redirect,
    "artifact_struck": _board.q_artifact_struck,
    "artifact_defends": _board.q_artifact_defends,
    "attack_target": _board.q_attack_target,
    "wound_target": _board.q_wound_target,
    "noncreature_moves": _board.q_noncreature_moves,
    "count_terrain": _board.q_count_terrain,
    "new_host": _hosts.q_new_host,
    "cell_with_artifact": _board.q_cell_with_artifact,
    "kind_zone": _phases.q_kind_zone,
    "attached_nearby": _hosts.q_attached_nearby,
    "seating_order": _hosts.q_seating_order,
    "attached_ban": _hosts.q_attached_ban,
    "before_reveal": _hosts.q_before_reveal,
    "cells_occupied": _board.q_cells_occupied,
}

__all__ = ["Ctx", "Finding", "QUERIES"]
