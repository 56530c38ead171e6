"""Rule effects of symbiotes, parasites, equipment, artifacts and terrains (209–212).

Two kinds of functions:

- placement checks (``symbiote_host_problems``, ``equipment_host_problems``) return the
  rule breaches of putting a card on a host — an empty list means the placement is legal;
- ``apply_rule_effects(state, after_reveal)`` sweeps the state and applies every rule
  effect that is due (a symbiote whose host died dies, equipment whose host became
  flying is destroyed …), returning the consequences in order. The engine calls it
  before any player receives priority (303.6).
"""

from __future__ import annotations

from bot.sim.outcome import Consequence
from bot.sim.state import Card, GameState, cell_name, player_row

KIND_RU = {"creature": "существо", "artifact": "артефакт", "terrain": "местность", "equipment": "экипировка"}


def label(c: Card) -> str:
    """Russian label of a card: «симбиот «Лиана»», «экипировка «Меч»», «существо «Воин»»."""
    if "parasite" in c.traits:
        what = "паразит"
    elif "symbiote" in c.traits:
        what = "симбиот"
    else:
        what = KIND_RU.get(c.kind, c.kind)
    return f"{what} «{c.id}»"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def symbiote_host_problems(state: GameState, sym: Card, host: Card, seating: bool = False) -> list[Consequence]:
    """Why ``sym`` (a symbiote or parasite) cannot be put on ``host``; [] = it can.

    209.1 own squad / opponent's squad for a parasite; 209.2 a parasite at seating goes
    on a creature in the opponent's front row; 209.4 not on a flyer; 209.5 a
    non-incorporeal symbiote not on an incorporeal creature; 209.6 one symbiote per
    creature, none on a symbiote; 209.3 the host is a creature.
    """
    out: list[Consequence] = []
    h = label(host)
    if host.kind != "creature" or host.zone != "battlefield":
        out.append(Consequence(f"{_cap(h)} не существо на поле боя — хозяином симбиота может быть только существо", ("209.2", "209.3"), host.id))
    if "parasite" in sym.traits:
        if host.owner == sym.owner:
            out.append(Consequence(f"Паразит помещается только на карту в отряде противника, а {h} — из своего отряда", ("209.1", "209.2"), host.id))
        elif seating and (host.cell is None or player_row(host.cell, host.owner) != 1):
            out.append(Consequence(f"При рассадке паразит назначается существу из первого ряда противника, а {h} не в первом ряду", ("209.2", "405.2"), host.id))
    elif host.owner != sym.owner:
        out.append(Consequence(f"Симбиот помещается только на существо в своём отряде, а {h} — существо противника", ("209.1", "209.2"), host.id))
    if "flying" in host.traits:
        out.append(Consequence(f"Нельзя помещать симбиота на летающее существо ({h})", ("209.4",), host.id))
    if "incorporeal" in host.traits and "incorporeal" not in sym.traits:
        out.append(Consequence(f"Небестелесного симбиота нельзя поместить на бестелесное существо ({h})", ("209.5",), host.id))
    if host.is_symbiote:
        out.append(Consequence(f"На симбиота нельзя помещать другого симбиота ({h} — симбиот)", ("209.6",), host.id))
    others = [c for c in state.attachments(host.id) if c.is_symbiote and c.id != sym.id]
    if others:
        out.append(Consequence(f"На существо можно поместить только одного симбиота, а на {h} уже есть {label(others[0])}", ("209.6",), host.id))
    return out


def equipment_host_problems(state: GameState, eq: Card, host: Card, seating: bool = False) -> list[Consequence]:
    """Why equipment ``eq`` cannot be put on ``host``; [] = it can.

    212.1 a creature of its own squad (at reveal); 212.2 the creature has a class;
    212.3 not on a flyer, a symbiote or an incorporeal creature; 212.4 one
    equipment of each class.
    """
    out: list[Consequence] = []
    h = label(host)
    if host.kind != "creature" or host.zone != "battlefield":
        out.append(Consequence(f"{_cap(h)} не существо на поле боя — экипировку носит существо", ("212.1",), host.id))
    if seating and host.owner != eq.owner:
        out.append(Consequence(f"В подфазу Вскрытия экипировка помещается на существо в своём отряде, а {h} — существо противника", ("212.1", "405.2"), host.id))
    if not host.creature_class:
        out.append(Consequence(f"Экипировку нельзя помещать на существо без класса ({h})", ("212.2",), host.id))
    if "flying" in host.traits:
        out.append(Consequence(f"Нельзя помещать экипировку на летающее существо ({h})", ("212.3",), host.id))
    if host.is_symbiote:
        out.append(Consequence(f"Нельзя помещать экипировку на симбиота ({h})", ("212.3",), host.id))
    if "incorporeal" in host.traits:
        out.append(Consequence(f"Нельзя помещать экипировку на бестелесное существо ({h})", ("212.3",), host.id))
    same = [c for c in state.attachments(host.id) if c.kind == "equipment" and c.id != eq.id and c.equipment_class == eq.equipment_class]
    if same:
        out.append(Consequence(
            f"На существо можно поместить только одну экипировку каждого класса, а на {h} уже есть {label(same[0])} класса «{eq.equipment_class}»",
            ("212.4",), host.id))
    return out


def host_problems(state: GameState, card: Card, host: Card, seating: bool = False) -> list[Consequence]:
    """Placement check for a symbiote/parasite or equipment; ``ValueError`` for other cards."""
    if card.is_symbiote:
        return symbiote_host_problems(state, card, host, seating)
    if card.kind == "equipment":
        return equipment_host_problems(state, card, host, seating)
    raise ValueError(f"{label(card)} не симбиот и не экипировка — хозяина у него не бывает")


def remove(state: GameState, c: Card, zone: str = "graveyard") -> None:
    """Move ``c`` off the battlefield (graveyard by default); host links are dropped."""
    c.zone = zone
    c.cell = None
    c.host = None


def _host_breach(state: GameState, c: Card, host: Card | None) -> tuple[str, tuple[str, ...], str] | None:
    """(reason, rules, result) when the attached card ``c`` must go, else ``None``."""
    sym = c.is_symbiote
    if host is None or host.zone != "battlefield":
        where = "погиб" if host is not None and host.zone == "graveyard" else "покинул поле боя"
        if sym:
            return (f"хозяин {where}", ("209.4",), "погибает")
        return (f"хозяин {where}", ("212.3",), "уничтожается")
    if host.kind != "creature":
        if sym:
            return ("хозяин перестал быть существом", ("209.3",), "уничтожается")
        return ("хозяин перестал быть существом", ("212.2",), "уничтожается")
    if "flying" in host.traits:
        return ("хозяин стал летающим", ("209.4",) if sym else ("212.3",), "погибает" if sym else "уничтожается")
    if "incorporeal" in host.traits:
        if sym and "incorporeal" not in c.traits:
            return ("хозяин стал бестелесным, а симбиот небестелесный", ("209.5",), "погибает")
        if not sym:
            return ("хозяин стал бестелесным (перестал быть небестелесным существом)", ("212.3", "212.2"), "уничтожается")
    if host.is_symbiote:
        return ("хозяин стал симбиотом", ("209.6",) if sym else ("212.3",), "погибает" if sym else "уничтожается")
    return None


def apply_rule_effects(state: GameState, after_reveal: bool | None = None) -> list[Consequence]:
    """Apply every due rule effect until none is left; return them in order.

    after_reveal: whether the reveal subphase is over (unhosted symbiotes 209.7 and
    equipment 212.5 die); by default derived from ``state.phase``. Attached cards are
    kept on their host's cell (209.9, 212.7).
    """
    if after_reveal is None:
        after_reveal = state.phase not in ("recruit", "reveal", "seating")
    out: list[Consequence] = []
    changed = True
    while changed:
        changed = _lives_pass(state, out) or _host_pass(state, out) or (after_reveal and _unhosted_pass(state, out))
    return out


def _lives_pass(state: GameState, out: list[Consequence]) -> bool:
    """Creatures with no lives left die: current lives — initial lives (508.1) plus additional
    lives minus wounds (508.1.1) — at 0 or below, whether wounds took them or the initial
    lives were 0 from the start."""
    changed = False
    for c in list(state.cards.values()):
        if c.zone == "battlefield" and c.kind == "creature" and c.current_lives <= 0:
            remove(state, c)
            how = f"{c.wounds} ран при {c.lives + c.extra_lives} жизнях" if c.wounds else f"жизней {c.lives + c.extra_lives}"
            out.append(Consequence(f"{_cap(label(c))} погибает: жизней не осталось ({how})",
                                   ("508.1.1", "303.6"), c.id, "погибает"))
            changed = True
    return changed


def _host_pass(state: GameState, out: list[Consequence]) -> bool:
    """Attached cards whose host is gone or changed (209.3–209.6, 212.2, 212.3); cell sync."""
    changed = False
    for c in list(state.cards.values()):
        if c.zone != "battlefield" or c.host is None:
            continue
        host = state.cards.get(c.host)
        breach = _host_breach(state, c, host)
        if breach and c.is_symbiote and c.independent_on_host_death and host is not None and host.zone == "graveyard":
            c.host, c.kind = None, "creature"
            c.traits -= {"symbiote", "parasite"}
            out.append(Consequence(f"«{c.id}» по тексту карты становится самостоятельным существом на клетке {cell_name(c.cell) if c.cell else '—'} (без стека)", ("302.5",), c.id, "становится существом"))
            changed = True
        elif breach:
            why, rules, result = breach
            remove(state, c)
            out.append(Consequence(f"{_cap(label(c))} {result}: {why}", rules, c.id, result))
            changed = True
        elif host is not None and c.cell != host.cell:
            c.cell = host.cell
            out.append(Consequence(
                f"{_cap(label(c))} перемещается вместе с хозяином на клетку {cell_name(host.cell)}",
                ("209.11", "209.9") if c.is_symbiote else ("212.8", "212.7"), c.id, "перемещается"))
    return changed


def _unhosted_pass(state: GameState, out: list[Consequence]) -> bool:
    """Symbiotes (209.7) and equipment (212.5) without a host after the reveal subphase die."""
    changed = False
    for c in list(state.cards.values()):
        if c.zone != "battlefield" or c.host is not None or not (c.is_symbiote or c.kind == "equipment"):
            continue
        remove(state, c)
        if c.is_symbiote:
            out.append(Consequence(f"{_cap(label(c))} погибает: после подфазы Вскрытия у него нет хозяина", ("209.7", "405.2"), c.id, "погибает"))
        else:
            out.append(Consequence(f"{_cap(label(c))} погибает: после подфазы Вскрытия у неё нет хозяина", ("212.5", "405.2"), c.id, "погибает"))
        changed = True
    return changed
