"""Simulator queries behind the scenario route: each builds a small board, runs the
simulator and reads the verdict off the results (never a stored answer string).

A query is ``fn(ctx: Ctx) -> Finding | None`` (``None``: the words do not give a situation
the query can model). ``QUERIES`` maps the names used in ``lexicon.SITUATIONS``; the queries
live in ``hosts`` (209, 212), ``board`` (210, 211, 506, 507), ``stack`` (301–305) and
``phases`` (405–408, 508)."""

from __future__ import annotations

from typing import Callable

from bot.sim.queries import hosts as _hosts
from bot.sim.queries import board as _board
from bot.sim.queries import stack as _stack
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
    "rule_effects_first": _stack.q_rule_effects_first,
    "declare_aloud": _stack.q_declare_aloud,
    "reveal_order": _phases.q_reveal_order,
    "reveal_hidden": _phases.q_reveal_hidden,
    "new_host": _hosts.q_new_host,
    "cell_with_artifact": _board.q_cell_with_artifact,
    "reveal_zones": _phases.q_reveal_zones,
    "kind_zone": _phases.q_kind_zone,
    "lives_max_change": _phases.q_lives_max_change,
    "attached_nearby": _hosts.q_attached_nearby,
    "seating_order": _hosts.q_seating_order,
    "attached_ban": _hosts.q_attached_ban,
    "before_reveal": _hosts.q_before_reveal,
    "action_parts": _stack.q_action_parts,
    "action_divide": _stack.q_action_divide,
    "when_on_stack": _stack.q_when_on_stack,
    "priority_count": _stack.q_priority_count,
    "lives_on_entry": _phases.q_lives_on_entry,
    "lives_change": _phases.q_lives_change,
    "turn_phases": _phases.q_turn_phases,
    "between_phases": _phases.q_between_phases,
    "cells_occupied": _board.q_cells_occupied,
    "lives_icon": _phases.q_lives_icon,
    "phase_mandatory": _phases.q_phase_mandatory,
}

__all__ = ["Ctx", "Finding", "QUERIES"]
