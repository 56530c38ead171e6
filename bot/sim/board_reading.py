"""The scenario a card-text-on-a-board answer ran, as a mapping ``scenario run`` loads
(issue 11: ``reading`` of ``ask --json``; issue 12: a ``use`` step executes the ability).

``scenario_of(text, bv, title) -> dict``: the board the answer built (``BoardVerdict.start``)
with the text as the source's ``abilities``, one ``use`` step carrying the controller's
decisions the answer took (targets, 505.5 ``choose``, 505.7 ``refuse``, 505.8 ``declare``)
and an ``expect`` that asserts what the run gave: whether the use was legal, each part's
fate («часть 1 — выполнено; часть 2 — не объявлено») and the paragraphs the deciding steps
cite. The same simulator runs it (``bot.sim.engine.Simulator.use``), so a judge who edits
the board in this YAML re-runs the same question on the board he means.
"""

from __future__ import annotations

from bot.sim.state import Card, GameState, cell_name

_DEFAULT = Card(id="", owner="first")


def card_mapping(c: Card) -> dict:
    """The scenario mapping of ``c`` (scenarios/README.md keys), with only the values that
    differ from a card's defaults (``movement`` always for a creature: 1 is implicit)."""
    m: dict = {"id": c.id, "owner": c.owner}
    if c.kind != "creature":
        m["kind"] = c.kind
    if c.traits:
        m["traits"] = sorted(c.traits - ({"symbiote"} if "parasite" in c.traits else set()))
    if c.creature_class:
        m["class"] = c.creature_class
    if c.equipment_class:
        m["equipment_class"] = c.equipment_class
    if not c.open:
        m["open"] = False
    default_movement = None if c.is_symbiote else 1
    if c.movement != default_movement and c.movement is not None:
        m["movement"] = c.movement
    if c.movement_left is not None and c.movement_left != c.movement:
        m["movement_left"] = c.movement_left
    m["lives"] = c.lives
    if c.wounds:
        m["wounds"] = c.wounds
    if c.host:
        m["host"] = c.host
    elif c.cell is not None:
        m["cell"] = cell_name(c.cell)
    if c.zone != "battlefield":
        m["zone"] = c.zone
    if c.forbidden_cells:
        m["forbidden_cells"] = sorted(cell_name(x) for x in c.forbidden_cells)
    if c.abilities:
        m["abilities"] = dict(c.abilities)
    for k in ("counters", "extra_lives"):
        if getattr(c, k):
            m[k] = getattr(c, k)
    if c.cost is not None:
        m["cost"] = c.cost
    if c.immune:
        m["immune"] = sorted(c.immune)
    return m


def _state_mapping(st: GameState) -> dict:
    out: dict = {}
    if st.phase != "main":
        out["phase"] = st.phase
    if st.subphase != "choice":
        out["subphase"] = st.subphase
    # the loader's defaults: active = first, priority = active
    if st.first != "first":
        out["first"] = st.first
    if st.active != st.first:
        out["active"] = st.active
    if st.priority != st.active:
        out["priority"] = st.priority
    # hosts before the cards placed on them (the loader checks a host exists)
    cards = sorted(st.cards.values(), key=lambda c: (c.host is not None, 0))
    out["cards"] = [card_mapping(c) for c in cards]
    return out


def use_mapping(use) -> dict:
    """The ``use`` step of ``bot.sim.ability.Use`` (only the decisions taken)."""
    m: dict = {"card": use.card}
    if use.ability:
        m["ability"] = use.ability
    if use.targets:
        m["targets"] = {int(n): (dict(t) if isinstance(t, dict) else t) for n, t in sorted(use.targets.items())}
    if use.choose is not None:
        m["choose"] = use.choose
    if use.refuse:
        m["refuse"] = True
    if use.declare is not None:
        m["declare"] = sorted(use.declare)
    if use.told:
        m["told"] = {int(n): r for n, r in sorted(use.told.items())}
    return m


def scenario_of(text: str, bv, title: str) -> dict | None:
    """The scenario mapping of the run behind ``bv`` (``bot.sim.board_text.BoardVerdict``
    with ``start`` and ``use`` set), the ability ``text`` given to the source; ``None`` when
    ``bv`` was not run on a recorded board."""
    if bv.start is None or bv.use is None:
        return None
    st = bv.start.copy()
    src = st.cards[bv.use.card]
    src.abilities = {"Особенность": text}
    use = bv.use
    from dataclasses import replace

    use = replace(use, ability="Особенность")
    res = bv.resolution
    step: dict = {"step": 1}
    if bv.refused is not None:
        step["legal"] = False
        step["cites"] = list(bv.refused[1])
    else:
        from bot.sim.ability import STATUS_RU

        step["value"] = "; ".join(f"часть {n} — {STATUS_RU.get(res.results.get(n, ''), 'не дошло')}" for n, _ in res.parts)
        cites = [c for c in res.citations if c.startswith("505")][:3]
        if cites:
            step["cites"] = cites
    return {"title": title, "state": _state_mapping(st), "steps": [{"use": use_mapping(use)}],
            "expect": {"steps": [step]}}


__all__ = ["scenario_of", "card_mapping", "use_mapping"]
