"""Preliminary phase of the battle: reveal subphase (405), battle start (406), vanguard (407)
and the move to the main phase (408). Each function takes a ``Simulator`` and returns a
``StepResult`` (refused requests leave the state unchanged)."""

from __future__ import annotations

from bot.sim import effects as fx
from bot.sim.effects import label
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence as C, Illegal, StepResult
from bot.sim.state import PLAYER_RU, other, player_row


def _reveal_player(sim: Simulator, res: StepResult, player: str, keep_hidden: set[str]) -> None:
    st = sim.state
    cards = [c for c in st.cards.values() if c.owner == player and st.in_play(c) and not c.revealed]
    shown = []
    for c in cards:
        if c.id in keep_hidden:
            continue
        c.revealed = True
        shown.append(c.id)
    res.consequences.append(C(f"{PLAYER_RU[player]} вскрывает свои карты: {', '.join(shown) or 'нет скрытых'}", ("405.1",), None, "вскрывает"))
    for c in cards:
        if not c.revealed:
            continue
        if c.kind == "terrain":
            c.zone, c.cell = "additional_zone", None
            res.consequences.append(C(f"{fx._cap(label(c))} переносится во вспомогательную зону (без стека)", ("405.1", "211.1"), c.id, "во вспомогательную зону"))
        elif c.kind == "creature" and "flying" in c.traits and not c.is_symbiote:
            c.zone, c.cell = "additional_zone", None
            res.consequences.append(C(f"Летающее {label(c)} переносится во вспомогательную зону", ("405.1",), c.id, "во вспомогательную зону"))


def _reveal(sim: Simulator, res: StepResult, keep_hidden: list[str]) -> None:
    st = sim.state
    first, second = st.first, other(st.first)
    hidden = set(keep_hidden)
    bad = [cid for cid in hidden if cid not in st.cards or st.cards[cid].owner != second
           or st.cards[cid].cell is None or player_row(st.cards[cid].cell, second) != 3]
    if bad:
        raise Illegal(*[C(f"Скрытыми можно оставить только карты 3-го ряда Второго игрока, а «{b}» не такая", ("405.1",), b) for b in bad])
    st.phase = "reveal"
    _reveal_player(sim, res, first, set())
    _reveal_player(sim, res, second, hidden)
    if hidden:
        res.consequences.append(C(f"Второй игрок оставляет скрытыми карты 3-го ряда ({', '.join(sorted(hidden))}) до конца первого хода Первого игрока", ("405.1",), None, "скрыты"))
    res.value = [first, second]


def reveal_step(sim: Simulator, keep_hidden: list[str] | None = None) -> StepResult:
    """Reveal step (405.1): the first player reveals, then the second; flyers and terrains go
    to the additional zone (211.1 without the stack); the second player may keep cards of
    their 3rd row hidden. ``value`` is the reveal order."""
    return sim.run("шаг вскрытия", lambda res: _reveal(sim, res, list(keep_hidden or [])))


def _seating(sim: Simulator, res: StepResult, assign: list[tuple[str, str]]) -> None:
    st = sim.state
    first, second = st.first, other(st.first)
    st.phase = "seating"

    def group(cid: str) -> int:
        c = st.cards[cid]
        base = 0 if c.owner == first else 1
        return base + (2 if "parasite" in c.traits else 0)

    order = sorted(range(len(assign)), key=lambda i: (group(assign[i][0]), i))
    names = ["свои симбиоты и экипировки Первого игрока", "свои симбиоты и экипировки Второго игрока",
             "паразиты Первого игрока на первый ряд Второго", "паразиты Второго игрока на первый ряд Первого"]
    seen = set()
    for i in order:
        cid, host = assign[i]
        g = group(cid)
        if g not in seen:
            seen.add(g)
            res.consequences.append(C(f"Назначаются {names[g]}", ("405.2",)))
        c, h = st.cards[cid], st.cards[host]
        problems = fx.host_problems(st, c, h, seating=True)
        if problems:
            for p in problems:
                res.consequences.append(C(f"Нельзя назначить «{cid}» на «{host}»: {p.text}", p.rules, cid, "нельзя"))
            continue
        sim._place(res, cid, host, seating=True)
    st.phase = "battle_start"
    st.subphase = None
    lost = fx.apply_rule_effects(st, after_reveal=True)
    res.consequences.extend(lost)


def seating_step(sim: Simulator, assign: list[tuple[str, str]]) -> StepResult:
    """Seating step (405.2): ``assign`` is ``[(card, host), ...]``; they are seated in the
    order of 405.2 (first player's own symbiotes and equipment, the second's, then parasites
    onto the opponent's front row); illegal ones stay unhosted; unhosted ones die (209.7, 212.5)."""
    return sim.run("шаг рассадки", lambda res: _seating(sim, res, assign))


# The preliminary phase goes subphase by subphase in the order of its sections: reveal and
# seating (405), battle start (406), vanguard (407); then the main phase (408.1).
PRELIMINARY_ORDER = ("recruit", "reveal", "seating", "battle_start", "vanguard", "main")
SUBPHASE_RU = {"reveal": "подфаза Вскрытия", "seating": "шаг рассадки", "battle_start": "подфаза Начала боя",
               "vanguard": "подфаза Авангарда", "main": "Основная фаза"}
SUBPHASE_RULE = {"reveal": "405.1", "seating": "405.2", "battle_start": "406.1", "vanguard": "407.1", "main": "408.1"}


def _check_order(sim: Simulator, target: str) -> None:
    """Refuse going back in the preliminary phase: ``target`` (a ``PRELIMINARY_ORDER`` name)
    has passed when the game is already in a later (sub)phase (405–408)."""
    now = sim.state.phase
    if now in PRELIMINARY_ORDER and PRELIMINARY_ORDER.index(now) > PRELIMINARY_ORDER.index(target):
        raise Illegal(C(f"{SUBPHASE_RU[target][:1].upper()}{SUBPHASE_RU[target][1:]} уже прошла: сейчас {SUBPHASE_RU.get(now, now)}; "
                        "Предварительная фаза идёт по порядку — Вскрытие, Начало боя, Авангард, затем Основная фаза",
                        (SUBPHASE_RULE[target], SUBPHASE_RULE.get(now, "408.1"))))


def _alternate(sim: Simulator, res: StepResult, kind: str, turns: list[tuple[str, str, bool]]) -> None:
    st = sim.state
    para = "406.1" if kind == "battle_start_ability" else "407.1"
    what = "«в начале боя»" if kind == "battle_start_ability" else "«авангард»"
    _check_order(sim, "battle_start" if kind == "battle_start_ability" else "vanguard")
    expected = st.first
    for player, card, use in turns:
        if player != expected:
            raise Illegal(C(f"Игроки чередуют использование особенностей {what}, начиная с Первого игрока; сейчас черёд: {PLAYER_RU[expected]}", (para,), card))
        key = f"{kind}:{card}"
        if key in st.declined:
            raise Illegal(C(f"От особенности {what} карты «{card}» игрок уже отказался — сыграть её позже нельзя", (para,), card))
        if key in st.used_once:
            raise Illegal(C(f"Каждая карта использует особенность {what} один раз за бой", (para,), card))
        if use:
            st.used_once.add(key)
            res.consequences.append(C(f"{PLAYER_RU[player]} использует {what} карты «{card}»", (para, "304.2"), card, "использует"))
        else:
            st.declined.add(key)
            res.consequences.append(C(f"{PLAYER_RU[player]} отказывается от {what} карты «{card}» — позже сыграть её нельзя", (para,), card, "отказ"))
        expected = other(expected)
    st.phase = "battle_start" if kind == "battle_start_ability" else "vanguard"


def battle_start(sim: Simulator, turns: list[tuple[str, str, bool]]) -> StepResult:
    """Battle start subphase (406.1): players alternate «в начале боя», first player first;
    ``turns`` = ``[(player, card, used?)]``; a declined ability cannot be played later."""
    return sim.run("подфаза Начала боя", lambda res: _alternate(sim, res, "battle_start_ability", turns))


def vanguard(sim: Simulator, turns: list[tuple[str, str, bool]]) -> StepResult:
    """Vanguard subphase (407.1), the same alternation for «авангард»."""
    return sim.run("подфаза Авангарда", lambda res: _alternate(sim, res, "vanguard_ability", turns))


def _main(sim: Simulator, res: StepResult) -> None:
    st = sim.state
    st.phase, st.subphase, st.active, st.priority, st.passes, st.turn = "main", "start", st.first, st.first, [], 1
    res.consequences.append(C(f"Игра переходит в Основную фазу; Активным становится Первый игрок ({PLAYER_RU[st.first]})", ("408.1",), None, st.first))
    res.consequences.append(C("Ход начинается с Начальной фазы; затем фазы Открытия, Главная и Заключительная; приоритет получает Активный игрок", ("408.2", "303.1")))
    for c in st.cards.values():
        if c.owner == st.first and c.kind == "creature":
            c.movement_left = c.movement
    res.value = st.first


def main_phase(sim: Simulator) -> StepResult:
    """Start of the main phase (408.1–408.2): the first player becomes active."""
    return sim.run("начало Основной фазы", lambda res: _main(sim, res))
