"""The simulator: applies events, declarations, passes and phases to a ``GameState``.

Every request is one ``Simulator`` method returning a ``StepResult``. A request that
breaks a rule is refused: the method raises ``Illegal`` internally, the state is
restored exactly, and the result has ``legal=False`` with the reasons and their
paragraphs. After every accepted request the due rule effects are applied before
anyone receives priority (303.6).

Stack and priority (301–305): a stack action is declared (goes on the stack, 302.2,
302.6), priority stays with the declarer (303.3); a pass gives priority to the
opponent (303.2); when both players pass in turn the top action (302.7) resolves and
the active player receives priority (303.4). Actions that do not use the stack resolve
at once without passing priority (302.4, 303.5). Slow actions need an empty stack,
fast ones only priority (304.1).
"""

from __future__ import annotations

from bot.sim import effects as fx
from bot.sim.actions import ACTIONS, ATTACK_KINDS, MOVEMENT_KINDS, ActionKind
from bot.sim.effects import label
from bot.sim.outcome import Consequence, Illegal, StepResult
from bot.sim.state import PLAYER_RU, ZONE_RU, Card, GameState, StackItem, cell_name, orthogonal, other

C = Consequence

# The phases of a turn, in order: each happens every turn, once, in this order (408.2).
TURN_PHASES = ("start", "opening", "main", "end")
TURN_PHASE_RU = {"start": "Начальная фаза", "opening": "фаза Открытия", "main": "Главная фаза", "end": "Заключительная фаза"}

TRAIT_RU = {"flying": "летающим", "incorporeal": "бестелесным", "symbiote": "симбиотом", "parasite": "паразитом",
            "creature": "существом", "artifact": "артефактом (не существом)", "terrain": "местностью (не существом)",
            "equipment": "экипировкой (не существом)"}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class Simulator:
    """Runs requests against ``state`` and keeps a trace.

    trace: lines, each ending with the paragraphs it rests on; after each step the
    stack is shown (``Стек: [низ … верх]``). ``results`` holds every ``StepResult``.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.trace: list[str] = []
        self.results: list[StepResult] = []

    # ------------------------------------------------------------------ plumbing
    def run(self, request: str, fn, *args, **kwargs) -> StepResult:
        """Run ``fn(result, *args)``: on ``Illegal`` restore the state and mark the
        result refused; otherwise apply rule effects (303.6). Returns the result."""
        res = StepResult(index=len(self.results) + 1, request=request)
        saved = self.state.copy()
        mark = len(self.trace)
        self.trace.append(f"Шаг {res.index}: {request}")
        try:
            fn(res, *args, **kwargs)
        except Illegal as e:
            self.state = saved
            del self.trace[mark + 1:]
            res.legal = False
            res.reasons = e.reasons
            res.consequences = []
            for r in e.reasons:
                self.trace.append("  нельзя: " + r.line())
        else:
            after = fx.apply_rule_effects(self.state)
            if after:
                res.consequences.append(C("Эффекты правил игры применяются до получения приоритета", ("303.6",)))
                res.consequences.extend(after)
            for c in res.consequences:
                self.trace.append("  " + c.line())
        res.stack = [s.name for s in self.state.stack]
        res.priority = self.state.priority
        self.trace.append(f"  Стек: [{', '.join(res.stack)}] (низ → верх); приоритет: {PLAYER_RU[self.state.priority]}")
        self.results.append(res)
        return res

    def card(self, cid: str) -> Card:
        """The card ``cid``; ``Illegal`` when there is none (scenario loading checks ids)."""
        c = self.state.cards.get(cid)
        if c is None:
            raise Illegal(C(f"Нет карты «{cid}»", ()))
        return c

    # ------------------------------------------------------------------ events
    def _die(self, res: StepResult, cid: str, zone: str = "graveyard") -> None:
        c = self.card(cid)
        fx.remove(self.state, c, zone)
        verb = "погибает" if zone == "graveyard" else "покидает поле боя"
        res.consequences.append(C(f"{_cap(label(c))} {verb}", (), c.id, verb))
        if c.kind == "terrain" and c.owner in self.state.extra_terrain:
            # two terrains only while both stay in the game zone (211.4): the allowance ends with this one
            self.state.extra_terrain.discard(c.owner)
            res.consequences.append(C(f"{PLAYER_RU[c.owner]} больше не может контролировать вторую местность: "
                                      "одна из двух покинула игровую зону", ("211.4",), c.id, "одна местность"))

    def die(self, cid: str) -> StepResult:
        """Event: the card dies (goes to the graveyard); attached cards follow by 209.4, 212.3."""
        return self.run(f"{self.state.cards.get(cid) and label(self.state.cards[cid]) or cid} погибает", self._die, cid)

    def leave(self, cid: str) -> StepResult:
        """Event: the card leaves the battlefield otherwise than by dying (209.4, 212.3); one of two
        terrains leaving ends the allowance of a second (211.4)."""
        return self.run(f"«{cid}» покидает поле боя", self._die, cid, "out_of_game")

    def _gain(self, res: StepResult, cid: str, trait: str) -> None:
        c = self.card(cid)
        if trait == "creature":
            c.kind = "creature"
        elif trait in ("artifact", "terrain", "equipment"):
            c.kind = trait
        else:
            c.traits.add(trait)
        res.consequences.append(C(f"{_cap(label(c))} становится: {TRAIT_RU.get(trait, trait)}", (), c.id))

    def gain(self, cid: str, trait: str) -> StepResult:
        """Event: the card becomes flying / incorporeal / a symbiote, or changes kind
        (``trait`` = ``artifact`` etc.: it stops being a creature, 209.3, 212.2)."""
        return self.run(f"«{cid}» становится: {TRAIT_RU.get(trait, trait)}", self._gain, cid, trait)

    def _lose(self, res: StepResult, cid: str, trait: str) -> None:
        c = self.card(cid)
        c.traits.discard(trait)
        res.consequences.append(C(f"{_cap(label(c))} перестаёт быть: {TRAIT_RU.get(trait, trait)}", (), c.id))

    def lose(self, cid: str, trait: str) -> StepResult:
        """Event: the card loses a trait."""
        return self.run(f"«{cid}» перестаёт быть: {TRAIT_RU.get(trait, trait)}", self._lose, cid, trait)

    def _set_class(self, res: StepResult, cid: str, cls: str | None) -> None:
        c = self.card(cid)
        c.creature_class = cls
        what = f"получает класс «{cls}»" if cls else "теряет класс"
        res.consequences.append(C(f"{_cap(label(c))} {what}", (), c.id))
        for e in self.state.attachments(cid):
            if e.kind == "equipment":
                res.consequences.append(C(f"{_cap(label(e))} не уничтожается и используется как обычно", ("212.2",), e.id, "остаётся"))

    def set_class(self, cid: str, cls: str | None) -> StepResult:
        """Event: the host loses or changes its class — equipment stays (212.2)."""
        return self.run(f"«{cid}» {'получает класс ' + cls if cls else 'теряет класс'}", self._set_class, cid, cls)

    def _place(self, res: StepResult, cid: str, host_id: str, seating: bool = False) -> None:
        c, host = self.card(cid), self.card(host_id)
        if not (c.is_symbiote or c.kind == "equipment"):
            raise Illegal(C(f"{_cap(label(c))} не симбиот и не экипировка — помещать его на хозяина нельзя", ("209.1", "212.1"), c.id))
        problems = fx.host_problems(self.state, c, host, seating)
        if problems:
            raise Illegal(*problems)
        prev = c.host
        c.host, c.cell, c.zone = host.id, host.cell, "battlefield"
        rules = ("209.3", "209.9") if c.is_symbiote else ("212.1", "212.7")
        if seating:
            rules = ("405.2", "209.2") if c.is_symbiote else ("405.2", "212.1")
        res.consequences.append(C(f"{_cap(label(host))} становится хозяином: {label(c)} на клетке {cell_name(host.cell)}", rules, c.id, "помещается"))
        if prev and prev != host.id:
            res.consequences.append(C(f"Существо «{prev}» перестаёт быть хозяином", ("209.3",) if c.is_symbiote else ("212.1",), c.id))

    def place(self, cid: str, host_id: str) -> StepResult:
        """Event: an ability puts a symbiote / equipment on a host (209.3, 212.1);
        refused by 209.1–209.6 / 212.2–212.4."""
        return self.run(f"«{cid}» помещается на «{host_id}»", self._place, cid, host_id)

    def _summon(self, res: StepResult, card: Card, on: str | None) -> None:
        self.state.cards[card.id] = card
        card.summoned = True
        card.zone = "battlefield"
        if not (card.is_symbiote or card.kind == "equipment"):
            if card.cell is None:
                raise Illegal(C(f"Для вызываемой карты «{card.id}» не указана клетка", ()))
            occ = self.state.occupant(card.cell)
            if occ is not None and occ.id != card.id:
                raise Illegal(C(f"Клетка {cell_name(card.cell)} занята ({label(occ)})", ("507.2",), card.id))
            card.wounds = 0
            res.consequences.append(C(f"{_cap(label(card))} появляется на клетке {cell_name(card.cell)}; текущий максимум жизней равен начальному: {card.lives}",
                                      ("508.1",), card.id, "появляется"))
            return
        if on is None:
            fx.remove(self.state, card)
            if card.is_symbiote:
                res.consequences.append(C(f"Вызванный {label(card)} погибает: в тексте не сказано, на какую карту он помещается", ("209.8",), card.id, "погибает"))
            else:
                res.consequences.append(C(f"Вызванная {label(card)} погибает: в тексте не сказано, на какую карту она помещается", ("212.6",), card.id, "погибает"))
            return
        self._place(res, card.id, on)
        res.consequences[-1] = C(res.consequences[-1].text, ("209.8", "209.3") if card.is_symbiote else ("212.6", "212.1"), card.id, "помещается")

    def summon(self, card: Card, on: str | None) -> StepResult:
        """Event: a symbiote / equipment is summoned; the card text names its host
        (``on``) or it dies (209.8, 212.6)."""
        return self.run(f"вызывается «{card.id}»" + (f" на «{on}»" if on else ""), self._summon, card, on)

    def _wound(self, res: StepResult, cid: str, n: int) -> None:
        c = self.card(cid)
        if c.kind == "terrain":
            raise Illegal(C(f"Местность не может получать раны ({label(c)})", ("211.2",), c.id))
        if c.kind == "equipment":
            raise Illegal(C(f"Экипировка не может получать раны ({label(c)})", ("212.9",), c.id))
        c.wounds += n
        res.consequences.append(C(f"{_cap(label(c))} получает {n} ран(ы): жизней {c.current_lives} из {c.lives}", ("508.1.1",), c.id, "ранен"))

    def wound(self, cid: str, n: int) -> StepResult:
        """Event: wounds on a card (508.1.1); terrains and equipment cannot get any (211.2, 212.9)."""
        return self.run(f"«{cid}» получает {n} ран", self._wound, cid, n)

    def _open(self, res: StepResult, cid: str, is_open: bool) -> None:
        c = self.card(cid)
        c.open = is_open
        if is_open:
            c.movement_left = c.movement
            res.consequences.append(C(f"{_cap(label(c))} открывается и восстанавливает запас движения ({c.movement})", ("506.4",), c.id, "восстанавливает"))
        else:
            res.consequences.append(C(f"{_cap(label(c))} закрывается", (), c.id))

    def open(self, cid: str, is_open: bool = True) -> StepResult:
        """Event: the card opens (movement restored, 506.4) or closes."""
        return self.run(f"«{cid}» {'открывается' if is_open else 'закрывается'}", self._open, cid, is_open)

    def _act(self, res: StepResult, cid: str) -> None:
        c = self.card(cid)
        c.movement_left = 0
        res.consequences.append(C(f"{_cap(label(c))} действует и теряет весь запас движения", ("506.5",), c.id, "теряет"))

    def act(self, cid: str) -> StepResult:
        """Event: the card acts — it loses all remaining movement (506.5)."""
        return self.run(f"«{cid}» действует", self._act, cid)

    def _start_turn(self, res: StepResult, player: str) -> None:
        st = self.state
        st.phase, st.subphase, st.active, st.priority, st.passes = "main", "start", player, player, []
        st.turn += 1
        res.consequences.append(C(f"Ход начинается с Начальной фазы; приоритет у Активного игрока ({PLAYER_RU[player]})", ("408.2", "303.1")))
        res.consequences.append(C("Фазы хода: " + ", ".join(TURN_PHASE_RU[x] for x in TURN_PHASES)
                                  + " — каждая обязательно, 1 раз за ход и в этом порядке", ("408.2",)))
        res.value = list(TURN_PHASES)
        for c in st.cards.values():
            if c.owner == player and c.kind == "creature" and st.in_play(c):
                c.movement_left = c.movement
        res.consequences.append(C("Запас движения карт восстанавливается в начале хода", ("506.4",), None, "восстанавливается"))

    def start_turn(self, player: str) -> StepResult:
        """Event: ``player``'s turn starts (408.2): movement points restored (506.4); ``value``
        is the turn's phases in order (``TURN_PHASES``), each once, none skipped (408.2)."""
        return self.run(f"начинается ход: {PLAYER_RU[player]}", self._start_turn, player)

    def _end_turn(self, res: StepResult, player: str) -> None:
        st = self.state
        res.consequences.append(C(f"Ход заканчивается: {PLAYER_RU[player]}", ("408.2",)))
        if player == st.first and st.turn == 1:
            for c in st.cards.values():
                if c.owner != st.first and st.in_play(c) and not c.revealed:
                    c.revealed = True
                    res.consequences.append(C(f"Конец первого хода Первого игрока: скрытая карта «{c.id}» 3-го ряда Второго игрока вскрывается — дольше держать её скрытой нельзя",
                                              ("405.1",), c.id, "вскрывается"))

    def end_turn(self, player: str) -> StepResult:
        """Event: ``player``'s turn ends; at the end of the first player's first turn the
        second player's cards kept hidden at the reveal step are revealed (405.1)."""
        return self.run(f"заканчивается ход: {PLAYER_RU[player]}", self._end_turn, player)

    def _subphase(self, res: StepResult, name: str) -> None:
        self.state.subphase = name
        self.state.priority, self.state.passes = self.state.active, []
        res.consequences.append(C(f"Переход к подфазе «{name}» не использует стек; приоритет получает Активный игрок", ("302.5", "303.1")))

    def subphase(self, name: str) -> StepResult:
        """Event: the game goes to a new (sub)phase (302.5); the active player gets priority (303.1)."""
        return self.run(f"подфаза {name}", self._subphase, name)

    # ------------------------------------------------------------------ terrain recruiting
    def _recruit(self, res: StepResult, card: Card) -> None:
        if card.kind == "terrain":
            have = self.state.terrains(card.owner)
            limit = 2 if card.owner in self.state.extra_terrain else 1
            if len(have) >= limit:
                rules = ("211.3", "211.4") if limit == 1 else ("211.4", "211.3")
                raise Illegal(C(f"Под контролем игрока может находиться не более {'одной местности' if limit == 1 else 'двух местностей (особенность разрешила вторую)'}; уже есть «{have[0].id}»", rules, card.id))
            rules = ("211.4",) if have else ("211.3",)
            res.consequences.append(C(f"{PLAYER_RU[card.owner]} берёт в отряд {label(card)}", rules, card.id, "берёт"))
        else:
            res.consequences.append(C(f"{PLAYER_RU[card.owner]} берёт в отряд {label(card)}", (), card.id))
        self.state.cards[card.id] = card

    def recruit(self, card: Card) -> StepResult:
        """Event: a card joins a squad; at most one terrain (211.3) unless an ability allows two (211.4)."""
        return self.run(f"в отряд берётся «{card.id}»", self._recruit, card)

    # ------------------------------------------------------------------ stack and priority
    def _check_priority(self, player: str) -> None:
        if self.state.priority != player:
            raise Illegal(C(f"Приоритет у другого игрока ({PLAYER_RU[self.state.priority]}); объявлять может только владеющий приоритетом", ("303.1",)))

    def _check_movement(self, c: Card, kind: str, to: tuple[int, int] | None, player: str) -> list[Consequence]:
        st = self.state
        why: list[Consequence] = []
        if c.kind == "artifact" and kind == "instead_of_movement":
            # a jump, a teleport is movement too, and only creatures may use it (506.6); artifacts do not move (210.2)
            why.append(C(f"Особенности, заменяющие движение, могут использовать только существа; артефакты не могут "
                         f"двигаться ({label(c)})", ("506.6", "210.2"), c.id))
        elif c.kind == "artifact":
            why.append(C(f"Артефакты не могут двигаться ({label(c)})", ("210.2",), c.id))
        elif c.is_symbiote:
            why.append(C(f"Нельзя объявить движение симбиота ({label(c)}); он перемещается только вместе с хозяином", ("209.10", "209.11"), c.id))
        elif c.kind == "equipment":
            why.append(C(f"Экипировка не может перемещаться отдельно от хозяина ({label(c)})", ("212.8",), c.id))
        elif c.kind != "creature":
            why.append(C(f"Двигаться и использовать особенности, заменяющие движение, могут только существа ({label(c)})", ("506.6", "506.1"), c.id))
        if why:
            return why
        if player != st.active or st.subphase != "choice":
            why.append(C("Движение может объявить только Активный игрок в подфазу Выбора", ("506.2",), c.id))
        if not c.open:
            why.append(C(f"Использовать движение может только открытое существо ({label(c)} закрыто)", ("506.3",), c.id))
        if kind == "instead_of_movement":
            if c.movement_left != c.movement:
                why.append(C(f"Особенность «вместо движения» объявляется только при полном (неистраченном) запасе движения; у карты «{c.id}» осталось {c.movement_left} из {c.movement}", ("506.7",), c.id))
        elif not c.movement_left or c.movement_left < 1:
            why.append(C(f"У карты «{c.id}» не осталось единиц движения", ("506.1",), c.id))
        why += self._forbidden(c, to)
        if to is not None and c.cell is not None:
            if kind == "movement" and not orthogonal(c.cell, to):
                why.append(C(f"Движение — только на соседнюю по вертикали или горизонтали клетку; {cell_name(to)} не соседняя с {cell_name(c.cell)}", ("506.1",), c.id))
            occ = st.occupant(to)
            if occ is not None and occ.id != c.id:
                why.append(C(f"Клетка {cell_name(to)} занята ({label(occ)}); перемещение — только на незанятую клетку", ("507.2", "506.1", *(("210.1",) if occ.kind == "artifact" else ())), c.id))
        return why

    def _forbidden(self, c: Card, to: tuple[int, int] | None) -> list[Consequence]:
        """Bans on moving to ``to`` of the card and of its symbiotes / equipment (209.11, 212.8)."""
        why: list[Consequence] = []
        if to is None:
            return why
        for a in (c, *self.state.attachments(c.id)):
            if to in a.forbidden_cells:
                rules = ("209.11",) if a.is_symbiote else ("212.8",) if a.kind == "equipment" else ("507.1",)
                why.append(C(f"{_cap(label(a))} не может перемещаться на клетку {cell_name(to)}"
                             + ("; этот запрет действует и на хозяина" if a is not c else ""), rules, a.id))
        return why

    def _check_attack(self, c: Card, target: Card | None) -> list[Consequence]:
        why: list[Consequence] = []
        if c.kind == "artifact":
            why.append(C(f"Артефакты не могут объявлять простой удар ({label(c)})", ("210.2",), c.id))
        if target is not None:
            if target.kind == "terrain":
                why.append(C(f"Местность не может быть целью атаки ({label(target)})", ("211.2",), target.id))
            elif target.kind == "equipment":
                why.append(C(f"Экипировка не может быть целью атаки ({label(target)})", ("212.9",), target.id))
        return why

    def _declare(self, res: StepResult, player: str, kind: str, name: str, card: str | None,
                 to: tuple[int, int] | None, target: str | None, effect: dict | None) -> None:
        st = self.state
        ak: ActionKind = ACTIONS[kind]
        self._check_priority(player)
        why: list[Consequence] = []
        if ak.speed == "slow" and st.stack:
            why.append(C(f"{_cap(ak.ru)} — медленное игродействие; его можно объявлять только когда стек пуст (в стеке: {', '.join(s.name for s in st.stack)})", ("304.1", *ak.rules[:1])))
        c = self.card(card) if card else None
        if kind in MOVEMENT_KINDS and c is not None:
            why += self._check_movement(c, kind, to, player)
        if kind == "relocation" and c is not None:
            if c.zone != "battlefield":     # 507.1: relocation changes a card's place on the battlefield
                why.append(C("Перемещение меняет местоположение карты на поле боя; "
                             + ("местность после вскрытия находится во вспомогательной зоне, а не на поле боя" if c.kind == "terrain"
                                else f"карта «{c.id}» не на поле боя"),
                             ("507.1", *(("211.1",) if c.kind == "terrain" else ())), c.id))
            why += self._forbidden(c, to)
            if c.attached:
                why.append(C(f"{_cap(label(c))} не может перемещаться отдельно от хозяина", ("209.11",) if c.is_symbiote else ("212.8",), c.id))
            occ = st.occupant(to) if to else None
            if occ is not None and occ.id != c.id:
                why.append(C(f"Клетка {cell_name(to)} занята ({label(occ)}); перемещение может быть объявлено только на незанятую клетку", ("507.2", *(("210.1",) if occ.kind == "artifact" else ())), c.id))
        if kind in ATTACK_KINDS and c is not None:
            why += self._check_attack(c, self.card(target) if target else None)
        if kind in ("battle_start_ability", "vanguard_ability") and card:
            key = f"{kind}:{card}"
            para = "406.1" if kind == "battle_start_ability" else "407.1"
            if key in st.declined:
                why.append(C(f"Игрок отказался от этой особенности в свой черёд — сыграть её позже нельзя", (para,), card))
            elif key in st.used_once:
                why.append(C(f"Каждая карта использует эту особенность один раз за бой", (para,), card))
        if why:
            raise Illegal(*why)
        if not ak.uses_stack:
            res.consequences.append(C(f"{_cap(ak.ru)} не использует стек: выполняется сразу, приоритет противнику не передаётся", ("302.4", "303.5", *ak.rules[:1])))
            self._apply_effect(res, StackItem(name, player, kind, card, effect), to)
            return
        item = StackItem(name, player, kind, card, dict(effect or {}, **({"to": cell_name(to)} if to else {}), **({"target": target} if target else {})))
        st.stack.append(item)
        st.passes = []
        if kind in ("battle_start_ability", "vanguard_ability") and card:
            st.used_once.add(f"{kind}:{card}")
        speed = {"slow": "медленное", "fast": "быстрое"}[ak.speed]
        res.consequences.append(C(f"{PLAYER_RU[player]} объявляет «{name}» ({ak.ru}, {speed}); игродействие заносится в стек", ("302.2", *ak.rules), card, "заносится"))
        res.consequences.append(C(f"Приоритет остаётся у объявившего ({PLAYER_RU[player]})", ("303.3",)))
        res.value = speed

    def declare(self, player: str, kind: str, name: str | None = None, card: str | None = None,
                to: tuple[int, int] | None = None, target: str | None = None, effect: dict | None = None) -> StepResult:
        """A player declares a game action of ``kind`` (a key of ``actions.ACTIONS``).

        Refused (``legal=False``) without priority (303.1), a slow action with a non-empty
        stack (304.1), and the movement / attack restrictions (506, 507.2, 209.10, 210.2,
        211.2, 212.9). ``effect`` is an event applied when it resolves (see
        ``_apply_effect``). Returns the step result; ``value`` is «медленное»/«быстрое».
        """
        name = name or (f"{ACTIONS[kind].ru}" + (f" «{card}»" if card else ""))
        return self.run(f"{PLAYER_RU[player]} объявляет: {name}", self._declare, player, kind, name, card, to, target, effect)

    def _apply_effect(self, res: StepResult, item: StackItem, to: tuple[int, int] | None = None) -> None:
        from bot.sim.state import parse_cell
        st = self.state
        eff = item.effect or {}
        dest = to or (parse_cell(eff["to"]) if eff.get("to") else None)
        c = st.cards.get(item.card) if item.card else None
        if item.kind == "movement" and c is not None and dest:
            self._relocate_card(res, c, dest, ("506.1", "507.1"))
            c.movement_left = (c.movement_left or 0) - 1
            res.consequences.append(C(f"{_cap(label(c))} тратит единицу движения (осталось {c.movement_left}) — это оплата движения", ("506.1", "302.6"), c.id))
        elif item.kind == "instead_of_movement" and c is not None:
            if dest:
                occ = st.occupant(dest)
                if occ is not None and occ.id != c.id:
                    res.consequences.append(C(f"Клетка {cell_name(dest)} занята — перемещение не выполняется", ("507.2",), c.id, "не выполняется"))
                else:
                    self._relocate_card(res, c, dest, ("506.6", "507.1"))
            c.movement_left = 0
            res.consequences.append(C(f"{_cap(label(c))} использует особенность вместо движения и тратит весь запас движения", ("506.7", "506.6"), c.id))
        elif item.kind == "relocation" and c is not None and dest:
            occ = st.occupant(dest)
            if occ is not None and occ.id != c.id:
                res.consequences.append(C(f"Клетка {cell_name(dest)} занята — перемещение не выполняется", ("507.2",), c.id, "не выполняется"))
            else:
                self._relocate_card(res, c, dest, ("507.1",))
                res.consequences.append(C("Перемещение особенностью не тратит запас движения", ("507.1",), c.id))
        elif item.kind in ATTACK_KINDS and c is not None:
            tgt = st.cards.get(eff.get("target", ""))
            c.movement_left = 0
            res.consequences.append(C(f"{_cap(label(c))} действует и теряет весь запас движения", ("506.5",), c.id))
            if tgt is not None and tgt.kind == "artifact":
                res.consequences.append(C(f"Простой удар по артефакту ({label(tgt)}) рассчитывается как по закрытой карте", ("210.3",), tgt.id, "как по закрытой"))
            if tgt is not None and tgt.host == c.id or (tgt is not None and c.host == tgt.id):
                res.consequences.append(C("Симбиот и хозяин стоят рядом: атака между ними идёт по общим правилам", ("209.9",), tgt.id))
        elif item.kind in ("card_action", "sudden_action") and c is not None:
            c.movement_left = 0
            res.consequences.append(C(f"{_cap(label(c))} действует и теряет весь запас движения", ("506.5",), c.id))
        if eff.get("ability") is not None:
            self._resolve_ability(res, item)
        for key, fn in (("dies", self._die), ("leaves", lambda r, x: self._die(r, x, "out_of_game"))):
            if eff.get(key):
                fn(res, eff[key])
        if eff.get("gains"):
            self._gain(res, eff["gains"]["card"], eff["gains"]["trait"])
        if eff.get("wound"):
            self._wound(res, eff["wound"]["card"], int(eff["wound"]["n"]))
        if eff.get("place"):
            self._place(res, eff["place"]["card"], eff["place"]["on"])

    # ------------------------------------------------------------------ card abilities (bot.sim.ability)
    def _use(self, res: StepResult, use, resolve_now: bool) -> None:
        from bot.errors import ParseError
        from bot.sim.ability import UseError, ability_kind, parse_ability, pick_ability, use_problems

        st = self.state
        src = self.card(use.card)
        try:
            name, text = pick_ability(src, use.ability)
            parsed = parse_ability(text, src.id)
        except (UseError, ParseError) as e:
            raise Illegal(C(f"Особенность «{use.ability or ''}» карты «{src.id}» не используется: {e}", ())) from None
        self._check_priority(src.owner)
        if src.zone != "battlefield":
            raise Illegal(C(f"Карта «{src.id}» не на поле боя — её особенность не используется", (), src.id))
        problems = use_problems(st, src, parsed)
        if problems:
            raise Illegal(*(C(_cap(why), rules, src.id) for why, rules in problems))
        kind = ability_kind(parsed)
        ak = ACTIONS[kind]
        item = StackItem(name, src.owner, kind, src.id, {"ability": use})
        st.stack.append(item)
        st.passes = []
        res.consequences.append(C(f"{PLAYER_RU[src.owner]} объявляет особенность «{name}» карты «{src.id}» ({ak.ru}, быстрое); "
                                  "игродействие заносится в стек", ("302.2", *ak.rules), src.id, "заносится"))
        res.value = "быстрое"
        if not resolve_now:
            res.consequences.append(C(f"Приоритет остаётся у объявившего ({PLAYER_RU[src.owner]})", ("303.3",)))
            return
        st.stack.pop()
        res.consequences.append(C(f"{PLAYER_RU[src.owner]} и {PLAYER_RU[other(src.owner)].lower()} пасуют один за другим: "
                                  f"верхнее игродействие «{name}» выполняется и выходит из стека", ("303.2", "303.4", "302.7"),
                                  src.id, "выполняется"))
        self._resolve_ability(res, item)
        st.priority, st.passes = st.active, []

    def _resolve_ability(self, res: StepResult, item: StackItem) -> None:
        from bot.sim.ability import STATUS_RU, UseError, parse_ability, pick_ability, resolve_on_board

        use = item.effect["ability"]
        src = self.card(use.card)
        _, text = pick_ability(src, use.ability)
        try:
            resolution = resolve_on_board(self.state, src, parse_ability(text, src.id), use)
        except UseError as e:
            raise Illegal(C(f"Особенность «{item.name}» не выполняется: {e}", e.rules, src.id)) from None
        res.consequences.extend(s.consequence() for s in resolution.steps)
        res.detail = resolution
        res.value = "; ".join(f"часть {n} — {STATUS_RU.get(resolution.results.get(n, ''), 'не дошло')}"
                              for n, _ in resolution.parts)

    def use(self, use, resolve_now: bool = True) -> StepResult:
        """The controller of ``use.card`` uses one of its card abilities (``bot.sim.ability.Use``).

        The ability is declared onto the stack (302.2; a played or triggered ability is fast,
        304.3); with ``resolve_now`` both players then pass and it resolves (303.2, 303.4):
        its parts are executed on the board as 505 says, payment after all parts (505.4,
        302.6), and the rule effects are applied before priority (303.6). Otherwise it stays
        on the stack until two passes. Refused without priority (303.1), for a source off
        the battlefield, a {tap} cost of a closed card (302.6, 505.4; not for 505.9) and a
        ``use`` that does not fit (an illegal chosen option, an unknown target).
        ``value``: «часть N — done/failed/not_declared/unsupported…» per part;
        ``detail``: the ``Resolution``."""
        return self.run(f"{PLAYER_RU[self.state.cards[use.card].owner] if use.card in self.state.cards else ''} использует "
                        f"особенность карты «{use.card}»" + (f" «{use.ability}»" if use.ability else ""),
                        self._use, use, resolve_now)

    def _relocate_card(self, res: StepResult, c: Card, dest: tuple[int, int], rules: tuple[str, ...]) -> None:
        src = c.cell
        c.cell = dest
        res.consequences.append(C(f"{_cap(label(c))} перемещается {cell_name(src) if src else ''} → {cell_name(dest)}", rules, c.id, "перемещается"))
        for a in self.state.attachments(c.id):
            a.cell = dest
            res.consequences.append(C(f"{_cap(label(a))} перемещается вместе с хозяином на ту же клетку", ("209.11",) if a.is_symbiote else ("212.8",), a.id, "перемещается"))

    def _pass(self, res: StepResult, player: str) -> None:
        st = self.state
        self._check_priority(player)
        st.passes.append(player)
        st.priority = other(player)
        res.consequences.append(C(f"{PLAYER_RU[player]} пасует: приоритет переходит к противнику (пас не является игродействием)", ("303.2",)))
        if len(st.passes) >= 2 and st.passes[-2] != st.passes[-1]:
            st.passes = []
            if st.stack:
                top = st.stack.pop()
                res.consequences.append(C(f"Оба игрока последовательно спасовали: верхнее игродействие «{top.name}» выполняется и выходит из стека", ("303.4", "302.7", "302.6"), top.card, "выполняется"))
                try:
                    self._apply_effect(res, top)
                except Illegal as e:  # the effect became impossible while on the stack
                    for r in e.reasons:
                        res.consequences.append(C(f"Эффект «{top.name}» не выполняется: {r.text}", r.rules, r.card, "не выполняется"))
                more = fx.apply_rule_effects(st)
                if more:
                    res.consequences.append(C("Эффекты правил игры применяются до получения приоритета", ("303.6",)))
                    res.consequences.extend(more)
                st.priority = st.active
                res.consequences.append(C(f"Приоритет вновь получает Активный игрок ({PLAYER_RU[st.active]})", ("303.4",)))
                res.value = top.name
            else:
                res.consequences.append(C("Стек пуст и оба игрока спасовали: фаза (подфаза, шаг) завершается", ("408.2", "302.8")))
                res.value = "phase_end"

    def pass_priority(self, player: str) -> StepResult:
        """``player`` passes (303.2); two passes in turn resolve the top action (303.4)."""
        return self.run(f"{PLAYER_RU[player]} пасует", self._pass, player)

    def _triggers(self, res: StepResult, items: list[tuple[str, str, str | None]]) -> None:
        st = self.state
        active = [i for i in items if i[0] == st.active]
        inactive = [i for i in items if i[0] != st.active]
        for player, name, card in active + inactive:
            st.stack.append(StackItem(name, player, "triggered_ability", card, None))
            res.consequences.append(C(f"«{name}» ({PLAYER_RU[player]}) заносится в стек", ("305.1",), card, "заносится"))
        st.passes = []
        if active and inactive:
            res.consequences.append(C("Сначала в стек заносятся особенности Активного игрока в выбранном им порядке, затем Неактивного — поэтому особенности Неактивного игрока выполнятся первыми", ("305.1", "302.7")))
        res.value = [i[1] for i in reversed(active + inactive)]

    def triggers(self, items: list[tuple[str, str, str | None]]) -> StepResult:
        """Simultaneous triggered abilities ``(player, name, card)`` in each player's chosen
        order: the active player's go on the stack first, then the inactive's (305.1).
        ``value`` is the resolution order (top first)."""
        return self.run("одновременно срабатывают особенности: " + ", ".join(i[1] for i in items), self._triggers, items)

    # ------------------------------------------------------------------ attacks outside the stack
    def _redirect(self, res: StepResult, target: str) -> None:
        t = self.card(target)
        if t.kind == "terrain":
            raise Illegal(C(f"В местность нельзя перенаправить атаку ({label(t)})", ("211.2",), t.id))
        if t.kind == "equipment":
            raise Illegal(C(f"В экипировку нельзя перенаправить атаку ({label(t)})", ("212.9",), t.id))
        res.consequences.append(C(f"Атака перенаправлена в {label(t)}", (), t.id, "перенаправлена"))

    def redirect(self, target: str) -> StepResult:
        """Redirect an attack to ``target``: never to a terrain (211.2) or equipment (212.9)."""
        return self.run(f"атака перенаправляется в «{target}»", self._redirect, target)

    def _defend(self, res: StepResult, cid: str) -> None:
        c = self.card(cid)
        if c.kind == "artifact":
            raise Illegal(C(f"Артефакты не могут отражать простой удар и выступать защитником ({label(c)})", ("210.2",), c.id))
        res.consequences.append(C(f"{_cap(label(c))} выступает защитником", (), c.id, "защищает"))

    def defend(self, cid: str) -> StepResult:
        """The card becomes the defender against a simple strike; artifacts cannot (210.2)."""
        return self.run(f"«{cid}» выступает защитником", self._defend, cid)

    # ------------------------------------------------------------------ where a card is
    def _locate(self, res: StepResult, cid: str) -> None:
        c = self.card(cid)
        st = self.state
        what = _cap(label(c))
        if c.attached:
            h = st.cards[c.host]
            rule = "209.9" if c.is_symbiote else "212.7"
            res.consequences.append(C(f"{what} стоит на клетке хозяина ({label(h)}), отдельной клетки не занимает; "
                                      "они считаются стоящими рядом", (rule,), c.id, "на клетке хозяина"))
            res.value = {"zone": c.zone, "cells": 0, "with_host": True}
            return
        if c.zone != "battlefield" or c.cell is None:
            rule = {"terrain": ("211.1",)}.get(c.kind, ("405.1",) if "flying" in c.traits else ())
            res.consequences.append(C(f"{what} находится в зоне «{ZONE_RU.get(c.zone, c.zone)}» и клеток поля боя не занимает",
                                      rule, c.id, "вне поля боя"))
            res.value = {"zone": c.zone, "cells": 0, "with_host": False}
            return
        if not c.revealed and (c.is_symbiote or c.kind in ("equipment", "terrain")):
            rule = "209.2" if c.is_symbiote else "212.1" if c.kind == "equipment" else "211.1"
            res.consequences.append(C(f"До вскрытия {label(c)} стоит на отдельной клетке поля боя ({cell_name(c.cell)}) и занимает её",
                                      (rule,), c.id, "на отдельной клетке"))
        else:
            rule = {"artifact": "210.1"}.get(c.kind, "506.1")
            res.consequences.append(C(f"{what} занимает одну клетку поля боя ({cell_name(c.cell)})", (rule,), c.id,
                                      "на отдельной клетке"))
        res.value = {"zone": c.zone, "cells": 1, "with_host": False}

    def locate(self, cid: str) -> StepResult:
        """Where a card is and how many battlefield cells it occupies (no state change): on its
        host's cell without occupying one, next to the host (209.9, 212.7); an unrevealed
        symbiote / equipment / terrain on a cell of its own (209.2, 212.1, 211.1); an artifact
        one cell (210.1); off the battlefield none (211.1, 405.1). ``value``: ``{zone, cells,
        with_host}``."""
        return self.run(f"где находится «{cid}»", self._locate, cid)

    def _put(self, res: StepResult, cid: str, dest: tuple[int, int], word: str) -> None:
        c = self.card(cid)
        if c.attached:
            raise Illegal(C(f"{_cap(label(c))} не может перемещаться отдельно от хозяина", ("209.11",) if c.is_symbiote else ("212.8",), c.id))
        occ = self.state.occupant(dest)
        if occ is not None and occ.id != c.id:
            raise Illegal(C(f"Клетка {cell_name(dest)} занята ({label(occ)})", ("210.1",), c.id))
        c.cell, c.zone = dest, "battlefield"
        res.consequences.append(C(f"Карта «{c.id}» {word} на клетку {cell_name(dest)} — это не перемещение: запас движения не тратится, запреты на перемещение не действуют", ("507.3",), c.id, "не перемещение"))
        for a in self.state.attachments(c.id):
            a.cell = dest

    def put(self, cid: str, dest: tuple[int, int], word: str = "помещается") -> StepResult:
        """A card «помещается / переносится / располагается» on a cell: not a relocation (507.3)."""
        return self.run(f"«{cid}» {word} на {cell_name(dest)}", self._put, cid, dest, word)

