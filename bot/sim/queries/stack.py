"""Queries about game actions, the stack, priority and speed (301–305)."""

from __future__ import annotations

from bot.sim.actions import ACTIONS
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence, StepResult
from bot.sim.state import StackItem, parse_cell
from bot.sim.queries.base import Ctx, Finding, asked_in, make_card, cites_of, dedup, legal_finding, make_sim, rules_of


# Words that open what the asker wants to do («могу я … сыграть внезапное действие?»).
ASK_VERBS = ("могу", "можно", "может", "можем", "могут", "сыграть", "объявить", "использовать", "применить", "разрешено")


def action_kind(ctx: Ctx, exclude: tuple[str, ...] = ()) -> str | None:
    """The game action the question names, as an ``actions.ACTIONS`` key: the one the
    asker wants to perform (after «могу / можно / сыграть …» in the asked sentence) wins
    over one only describing the situation («противник объявил атаку»); then the one
    before a clause word («если», «пока» …); then the first mentioned. ``exclude``: kinds
    to skip (e.g. the one already on the stack)."""
    table = (("independent", "symbiote_becomes_creature"), ("additional_zone", "terrain_to_additional_zone"), ("dice", "dice_roll"), ("sudden", "sudden_action"), ("trigger", "triggered_ability"),
             ("jump", "instead_of_movement"), ("instead", "instead_of_movement"), ("battle_start", "battle_start_ability"),
             ("vanguard", "vanguard_ability"), ("card_action", "card_action"), ("rule_effect", "rule_effect"),
             ("phase_transition", "phase_transition"), ("played", "played_ability"), ("relocate", "relocation"),
             ("move", "movement"), ("attack", "attack"), ("act", "card_action"))
    ask = next((i for i, t in enumerate(ctx.tokens) if i >= ctx.ask_from and t in ASK_VERBS), None)
    cut = next((i for i, t in enumerate(ctx.tokens) if t in ("если", "пока", "когда", "при") and (ask is None or i > ask)), len(ctx.tokens))
    best: tuple[int, int, int, str, str] | None = None
    # «внезапное / быстрое действие», «действие карты»: that «действие» is no separate card action
    covered = {i + 1 for c in ("sudden", "fast", "slow") for i in ctx.found.get(c, [])} | set(ctx.found.get("card_action", []))
    for rank, (concept, kind) in enumerate(table):
        if kind in exclude:
            continue
        for i in ctx.found.get(concept, []):
            if concept == "act" and i in covered:
                continue
            wanted = 0 if ask is not None and ask < i < cut else 1
            key = (wanted, 0 if i < cut else 1, i, rank)
            if best is None or key < best[:4]:
                best = (*key, concept, kind)  # type: ignore[assignment]
    if best is None:
        return None
    ctx.used.add(best[4])
    return best[5]


def asked_action(ctx: Ctx) -> bool:
    """An action is named after «могу / можно / сыграть …» in the asked sentence."""
    ask = next((i for i, t in enumerate(ctx.tokens) if i >= ctx.ask_from and t in ASK_VERBS), None)
    if ask is None:
        return False
    concepts = ("independent", "additional_zone", "dice", "sudden", "trigger", "jump", "instead", "battle_start", "vanguard",
                "card_action", "rule_effect", "phase_transition", "played", "relocate", "move", "attack", "act")
    return any(i > ask for c in concepts for i in ctx.found.get(c, []))


def stacked_kind(ctx: Ctx, asked: str) -> str | None:
    """The other action the question names — the one lying on the stack («противник
    объявил атаку, она в стеке»), or ``None``."""
    other = action_kind(ctx, exclude=(asked,))
    return other if other and ACTIONS[other].uses_stack else None


def _declare_kind(kind: str, stack: bool, on_stack: str | None = None) -> tuple[Simulator, StepResult]:
    """Declare an action of ``kind`` by the first player on a small board; with ``stack``
    an opponent's action (``on_stack`` kind, else a triggered ability) already lies there."""
    cards = [make_card("Воин", movement=2), make_card("Орк", owner="second", cell="c4")]
    sim = make_sim(cards, phase="main", subphase="choice")
    if kind == "symbiote_becomes_creature":
        sim.state.cards["Личинка"] = make_card("Личинка", traits={"symbiote"}, host="Воин", cell="c2", movement=None,
                                            independent_on_host_death=True)
        sim.state.cards["Воин"].zone = "graveyard"
        sim.state.cards["Воин"].cell = None
        r = sim.run("хозяин «Воин» погиб", lambda res: None)
        return sim, r
    if kind == "battle_start_ability":
        sim.state.phase, sim.state.subphase = "battle_start", None
    if stack:
        k = on_stack or "triggered_ability"
        sim.state.stack.append(StackItem(f"{ACTIONS[k].ru} противника", "second", k, "Орк"))
    target = "Орк" if kind in ("attack", "sudden_attack") else None
    to = parse_cell("c3") if kind in ("movement", "relocation", "instead_of_movement") else None
    card = None if kind in ("dice_roll", "rule_effect", "phase_transition") else "Воин"
    r = sim.declare("first", kind, card=card, to=to, target=target)
    return sim, r


def q_slow_nonempty_stack(ctx: Ctx) -> Finding | None:
    """Slow actions only with an empty stack, fast ones whenever holding priority (304.1)."""
    if "stack" not in ctx.found and not asked_action(ctx):
        return None     # «противник объявил атаку …» without an action the asker wants to declare
    ctx.has("stack", "nonempty", "respond")
    # «быстрые игродействия можно, когда стек не пуст?»: no action named — one of the asked speed
    kind = action_kind(ctx) or ("sudden_action" if ctx.has("fast") and not ctx.has("slow") else "movement")
    if ACTIONS[kind].speed == "slow":
        ctx.has("slow")     # «медленное игродействие …»: the modelled movement is one
    if ctx.has("empty_stack") and not ctx.has("nonempty"):
        sim, r = _declare_kind(kind, stack=False)
        ak = ACTIONS[kind]
        return legal_finding(sim, r, f"можно: стек пуст, а {ak.ru} — {'медленное' if ak.speed == 'slow' else 'быстрое'} игродействие",
                             "нельзя", extra=("304.1",))
    below = stacked_kind(ctx, kind)
    ctx.has("trigger", "sudden", "dice", "game_action", "declare", "enemy")  # what lies on the stack
    sim, r = _declare_kind(kind, stack=True, on_stack=below)
    ak = ACTIONS[kind]
    if r.legal:
        # the «Да» rests on the speed (304.1 and the kind's own paragraph); entering the stack is the trace
        how = "быстрое игродействие: его можно объявлять в любой момент, если есть приоритет" if ak.speed == "fast" \
            else "не использует стек и выполняется сразу"
        why = Consequence(f"{ak.ru[:1].upper()}{ak.ru[1:]} — {how}", ("304.1", *ak.rules[:1]))
        return Finding(f"Да, можно: {ak.ru} — {'быстрое' if ak.speed == 'fast' else 'не использующее стек'} игродействие", [why],
                       dedup(["304.1", *ak.rules[:1], *cites_of(r)]), sim.trace)
    return legal_finding(sim, r, "", "нельзя", extra=("304.1", "304.2"))


def q_speed(ctx: Ctx) -> Finding | None:
    """Slow or fast (304.2, 304.3) — read from the declaration the simulator makes."""
    kind = action_kind(ctx)
    if kind is None:
        return None
    ctx.has("slow", "fast")
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    if not ak.uses_stack:
        return Finding(f"Ни то ни другое: {ak.ru} не использует стек и выполняется сразу", [c for c in r.consequences if c.rules],
                       dedup([*ak.rules, "304.1", *cites_of(r)]), sim.trace)
    if ctx.alternative:
        kinds = _kinds_named(ctx)
        if len(kinds) >= 2:     # «кубик или движение — что быстрое?»: each option with its speed
            parts = [f"{ACTIONS[k].ru} — {'быстрое' if ACTIONS[k].speed == 'fast' else 'медленное' if ACTIONS[k].speed else 'не использует стек'}"
                     for k in kinds]
            verdict = "; ".join(parts)
            lines = [Consequence(p[:1].upper() + p[1:], ACTIONS[k].rules) for p, k in zip(parts, kinds)]
            return Finding(verdict[:1].upper() + verdict[1:], lines, dedup([r for k in kinds for r in ACTIONS[k].rules[:1]] + cites_of(r)), sim.trace)
    word = {"slow": "Медленное", "fast": "Быстрое"}[ak.speed]
    line = Consequence(f"{ak.ru[:1].upper()}{ak.ru[1:]} — {word.lower()} игродействие", ak.rules)
    verdict = f"{word} игродействие"
    asked = [c for c in ("slow", "fast") if c in ctx.found]
    if ctx.yes_no and len(asked) == 1:
        verdict = f"{'Да' if asked[0] == ak.speed else 'Нет'}, {word.lower()} игродействие"
    return Finding(verdict, [line, *[c for c in r.consequences if c.rules]], dedup([*ak.rules, *cites_of(r)]), sim.trace)


def q_uses_stack(ctx: Ctx) -> Finding | None:
    """Does an action use the stack (302.3, 302.5)."""
    ctx.has("no_stack")   # words of the same situation: read, they do not change it
    ctx.has("terrain", "reveal", "after", "change", "enters_stack")   # words of the same situation: read, they do not change it
    kind = action_kind(ctx)
    if kind is None:
        return None
    ctx.has("uses_stack", "stack")
    if kind == "symbiote_becomes_creature":
        ctx.has("symbiote", "parasite", "host", "dies", "become")
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    on_stack = bool(r.stack)
    lines = [c for c in r.consequences if c.rules]
    # «переход происходит сразу, без стека?» asks the opposite proposition: «Да» when it uses no stack
    yes, no = ("Нет", "Да") if ctx.yes_no and "uses_stack" not in ctx.found and asked_in(ctx, "no_stack") else ("Да", "Нет")
    if on_stack:
        verdict = f"{yes}, {ak.ru} использует стек" if ctx.yes_no else f"Через стек: {ak.ru} использует стек"
        return Finding(verdict, lines, dedup(["302.3", *ak.rules, *cites_of(r)]), sim.trace)
    if kind == "terrain_to_additional_zone":
        ctx.has("terrain", "placement_word", "relocate", "reveal")
    verdict = f"{no}, {ak.ru} не использует стек: выполняется сразу" if ctx.yes_no else f"Сразу, без стека: {ak.ru} не использует стек"
    return Finding(verdict, lines, dedup([*ak.rules[:1], "302.5", *ak.rules, *cites_of(r)]), sim.trace)


def q_which_use_stack(ctx: Ctx) -> Finding | None:
    """Which actions use the stack: declare one of each kind and see (302.3, 302.5)."""
    ctx.has("uses_stack", "stack")
    used, not_used, trace = [], [], []
    for kind in ("card_action", "triggered_ability", "relocation", "dice_roll", "rule_effect", "phase_transition"):
        sim, r = _declare_kind(kind, stack=False)
        (used if r.stack else not_used).append(ACTIONS[kind].ru)
        trace += sim.trace
    verdict = "Используют стек: " + ", ".join(used) + "; не используют: " + ", ".join(not_used)
    lines = [Consequence("Игродействия, использующие стек: " + ", ".join(used), ("302.3",)),
             Consequence("Не используют стек: " + ", ".join(not_used), ("302.5",))]
    return Finding(verdict, lines, ["302.3", "302.5", "302.2", "302.4"], trace)


def q_when_speed(ctx: Ctx) -> Finding | None:
    """When slow / fast actions may be declared (304.1): try both with an empty and a full stack."""
    slow = ctx.has("slow") and not ctx.has("fast")
    kind = action_kind(ctx) or ("movement" if slow else "dice_roll")
    _, empty = _declare_kind(kind, stack=False)
    sim, full = _declare_kind(kind, stack=True)
    if ACTIONS[kind].speed == "slow":
        verdict = "Только когда стек пуст (и у игрока есть приоритет)" if empty.legal and not full.legal else "Модель не смогла определить"
    else:
        verdict = "В любой момент, когда у игрока есть приоритет, даже если стек не пуст" if empty.legal and full.legal else "Модель не смогла определить"
    if ctx.yes_no and "Модель" not in verdict and asked_in(ctx, "empty_stack"):
        # «медленные можно только при пустом стеке?» → «Да»; «быстрые — только при пустом?» → «Нет»
        only = ctx.read_words("только")
        yes = ACTIONS[kind].speed == "slow" or not only
        verdict = f"{'Да' if yes else 'Нет'}, {verdict[:1].lower()}{verdict[1:]}"
    return Finding(verdict, [*full.reasons, *[c for c in full.consequences if c.rules][:1]], dedup(["304.1", *cites_of(full, empty)]), sim.trace)


def q_pass_is_action(ctx: Ctx) -> Finding | None:
    """A pass gives priority away without declaring anything; it is not a game action (303.2)."""
    ctx.has("pass", "act", "declare")
    sim = make_sim([make_card("Воин")])
    before = list(sim.state.stack)
    r = sim.pass_priority("first")
    is_action = bool(sim.state.stack != before)
    lines = [c for c in r.consequences if c.rules]
    verdict = ("Нет, пас — это передача приоритета противнику без объявления игродействия" if not is_action else "Да")
    return Finding(verdict, lines, dedup(["303.2", *cites_of(r)]), sim.trace)


def q_after_pass(ctx: Ctx) -> Finding | None:
    """«После паса кто ходит?»: whoever passes gives priority to the opponent (303.2), who may
    now declare or pass too; after both pass in a row the top action resolves (303.4). The
    model: a dice roll on the stack, the first player passes, then the second."""
    ctx.has("enemy", "own", "transfer")   # words of the same situation: read, they do not change it
    ctx.has("pass", "who", "priority", "move", "act", "player", "after", "transfer")
    sim = make_sim([make_card("Воин")])
    sim.declare("first", "dice_roll", card="Воин")
    r1 = sim.pass_priority("first")
    holder = sim.state.priority
    r2 = sim.pass_priority("second")
    if holder != "second":
        return None
    lines = [c for c in r1.consequences if "303.2" in c.rules][:1] + [c for c in r2.consequences if "303.4" in c.rules][:1]
    at = ctx.found["pass"][0]
    near = ctx.tokens[max(0, at - 3):at + 1]
    enemy_passed = any(i < at and i >= at - 3 for i in ctx.found.get("enemy", []))
    who = "Вы" if enemy_passed else "Ваш противник" if "я" in near else "Противник спасовавшего игрока"
    verdict = (f"{who}: пас передаёт приоритет противнику спасовавшего; получивший приоритет может объявить игродействие "
               "или тоже спасовать; если оба игрока спасовали подряд, выполняется верхнее игродействие в стеке")
    if not ctx.has("who") and ctx.has("what_next"):     # «противник спасовал, что теперь?»
        to = {"Вы": "к вам", "Ваш противник": "к вашему противнику"}.get(who, "к противнику спасовавшего игрока")
        verdict = (f"Приоритет переходит {to}: "
                   "получивший его может объявить игродействие или тоже спасовать; если оба игрока спасовали подряд, "
                   "выполняется верхнее игродействие в стеке")
    cites = dedup(["303.2", *rules_of(lines), *cites_of(r1, r2)])
    if ctx.yes_no:
        if not ctx.has("transfer", "stays"):
            return None
        # «пас передаёт приоритет противнику?» → «Да, …»; «приоритет остаётся у спасовавшего?» → «Нет, …»
        verdict = ("приоритет переходит к противнику спасовавшего игрока: получивший его может объявить игродействие "
                   "или тоже спасовать")
        return Finding(verdict, lines, cites, sim.trace, option="transfer", rivals=("stays",))
    return Finding(verdict, lines, cites, sim.trace)


def q_priority_after_declare(ctx: Ctx) -> Finding | None:
    """After declaring a stack action the declarer keeps priority (303.3); a non-stack one
    resolves at once without passing priority (303.5)."""
    ctx.has("move", "attack", "act", "dice")   # words of the same situation: read, they do not change it
    ctx.has("priority", "declare", "transfer", "who", "enemy", "stack", "uses_stack")
    if ctx.has("another"):
        return _declare_another(ctx)
    kind = "rule_effect" if ctx.has("no_stack") else (action_kind(ctx) or "movement")
    sim, r = _declare_kind(kind, stack=False)
    stays = r.priority == "first"
    lines = [c for c in r.consequences if c.rules]
    rule = "303.3" if ACTIONS[kind].uses_stack else "303.5"
    if ctx.has("transfer") and ctx.yes_no:
        verdict = "Нет, приоритет остаётся у объявившего игрока" if stays else "Да, приоритет переходит к противнику"
    else:
        verdict = "У игрока, объявившего игродействие: он может объявить ещё одно или спасовать" if stays else "У противника"
    return Finding(verdict, lines, dedup([rule, *cites_of(r)]), sim.trace)


def q_priority_new_phase(ctx: Ctx) -> Finding | None:
    """At each new phase / subphase / step the active player receives priority (303.1, 408.2)."""
    ctx.has("priority", "new_phase", "who", "phase_transition")
    sim = make_sim([make_card("Воин")], active="second", priority="first")
    r = sim.subphase("action")
    active = r.priority == "second"
    verdict = "Активный игрок" if active else "Неактивный игрок"
    # «в начале фазы приоритет получает неактивный?» → «Нет, Активный игрок»
    option, rival = ("active", "inactive") if active else ("inactive", "active")
    return Finding(verdict, [c for c in r.consequences if c.rules], dedup(["303.1", "408.2", *cites_of(r)]), sim.trace,
                   option=option, rivals=(rival,))


def q_action_parts(ctx: Ctx) -> Finding | None:
    """A game action is declared, resolved and paid (301.1, 302.6) — watched on a movement."""
    ctx.has("game_action", "consists", "declare", "resolve", "pay", "stack", "uses_stack")
    sim = make_sim([make_card("Воин", movement=2)])
    r1 = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    lines = [c for c in r1.consequences if "302.2" in c.rules] + [c for c in r2.consequences if "302.6" in c.rules]
    return Finding("Из объявления, выполнения и оплаты (для стековых: объявление — в стек, выполнение — из стека, затем оплата)",
                   lines, dedup(["301.1", "302.6", *cites_of(r1, r2)]), sim.trace)


def q_action_divide(ctx: Ctx) -> Finding | None:
    """Actions are slow or fast, and use the stack or not (301.2) — classified by declaring each kind."""
    ctx.has("game_action", "divide")
    groups: dict[str, list[str]] = {"slow": [], "fast": [], "none": []}
    trace: list[str] = []
    for kind in ("movement", "card_action", "sudden_action", "triggered_ability", "dice_roll", "rule_effect"):
        sim, r = _declare_kind(kind, stack=False)
        groups[ACTIONS[kind].speed or "none"].append(ACTIONS[kind].ru)
        trace += sim.trace
    lines = [Consequence("Медленные: " + ", ".join(groups["slow"]), ("304.2",)),
             Consequence("Быстрые: " + ", ".join(groups["fast"]), ("304.3",)),
             Consequence("Не используют стек: " + ", ".join(groups["none"]), ("302.5",))]
    return Finding("На медленные и быстрые; на использующие стек и не использующие стек", lines,
                   ["301.2", "304.1", "302.3", "302.5"], trace)


def q_when_on_stack(ctx: Ctx) -> Finding | None:
    """A stack action goes on the stack right after its declaration, before it is resolved and paid (302.2)."""
    ctx.has("enters_stack", "when", "game_action", "declare")
    sim = make_sim([make_card("Воин")])
    r = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    lines = [c for c in r.consequences if "302.2" in c.rules]
    return Finding("Сразу после объявления — до расчёта, выполнения и оплаты", lines, dedup(["302.2", *cites_of(r)]), sim.trace)


def q_payment(ctx: Ctx) -> Finding | None:
    """A stack action is paid after it resolves; paying uses no stack (302.6)."""
    ctx.has("requires", "calculation")   # words of the same situation: read, they do not change it
    ctx.has("resolve")   # words of the same situation: read, they do not change it
    ctx.has("pay", "when", "order", "uses_stack", "stack", "game_action")
    sim = make_sim([make_card("Воин", movement=2)])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if "302.6" in c.rules]
    if ctx.has("no_stack"):     # «игродействие без стека требует оплаты?»: declare one and see nothing is paid
        sim2, r2 = _declare_kind("rule_effect", stack=False)
        paid = any("302.6" in c.rules for c in r2.consequences)
        verdict = ("Нет, игродействие, не использующее стек, выполняется сразу и никогда не требует расчёта и оплаты" if not paid
                   else "Да")
        return Finding(verdict, [c for c in r2.consequences if c.rules], dedup(["302.4", *cites_of(r2)]), sim2.trace)
    if ctx.has("uses_stack", "stack") and ctx.yes_no:
        verdict = "Нет, оплата игродействия не использует стек"
    else:
        verdict = "После выполнения игродействия; оплата не использует стек"
    # «оплата происходит после выполнения?» → «Да, …»; «до выполнения?» → «Нет, …»
    return Finding(verdict, lines, dedup(["302.6", *cites_of(r)]), sim.trace, option="after", rivals=("before_word",))


def q_priority_count(ctx: Ctx) -> Finding | None:
    """Only one player holds priority at any moment (303.1)."""
    ctx.has("priority", "count", "who", "player", "simultaneous")
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    r = sim.declare("second", "dice_roll")
    verdict = "Только один игрок: в каждый момент приоритетом владеет один игрок"
    if ctx.yes_no:
        verdict = "Нет, в каждый момент приоритетом владеет только один игрок"
    return Finding(verdict, r.reasons, dedup(["303.1", *cites_of(r)]), sim.trace)


def _two_rolls_top_resolved(first_name: str, second_name: str):
    """Both players declare a dice roll (a fast, stacked action, 302.3, 304.3), the first
    player then the second; the first player passes and the top resolves (303.4).
    Returns ``(simulator, result of that pass)``."""
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    sim.declare("first", "dice_roll", name=first_name)
    sim.pass_priority("first")
    sim.declare("second", "dice_roll", name=second_name)
    sim.pass_priority("second")
    return sim, sim.pass_priority("first")


def _asks_tops_count(ctx: Ctx) -> bool:
    """The question is about how many actions are top at once: «одновременно», «сколько»,
    «несколько верхних», «два верхних» (a number right before «верхн*»), «сразу два»."""
    tops = ctx.found.get("top_word", [])
    two = ctx.found.get("two", []) + ctx.found.get("count", [])
    near = any(0 < t - i <= 2 for i in two for t in tops) or any(i > 0 and ctx.tokens[i - 1] == "сразу" for i in two)
    ctx.read_words("сразу", "бывает", "бывают")
    if tops and (near or "simultaneous" in ctx.found or "count" in ctx.found):
        ctx.has("two", "simultaneous", "count", "top_word")
        return True
    return False


def _how_many_tops(ctx: Ctx) -> Finding:
    """«могут ли два игродействия одновременно быть верхними?» / «сколько верхних в стеке?»:
    both players put a dice roll on the stack; the top is the last one put there, and only
    that one (302.7) — the one the next pair of passes resolves (303.4)."""
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    sim.declare("first", "dice_roll", name="первое объявленное")
    sim.pass_priority("first")
    sim.declare("second", "dice_roll", name="второе объявленное")
    sim.pass_priority("second")
    on_stack = len(sim.state.stack)
    r = sim.pass_priority("first")
    tops = 1 if r.value else 0          # the pass resolved exactly one action, the top one
    if not (on_stack >= 2 and tops == 1 and r.value == "второе объявленное"):
        return Finding("Модель не смогла определить", [], ["302.7"], sim.trace)
    fact = "в каждый игровой момент верхним в стеке может быть только одно игродействие — помещённое туда последним"
    verdict = f"Нет, {fact}" if ctx.yes_no else f"Одно: {fact}"
    lines = [c for c in r.consequences if "302.7" in c.rules or "303.4" in c.rules]
    return Finding(verdict, lines, dedup(["302.7", "303.4", *cites_of(r)]), sim.trace)


def q_stack_top(ctx: Ctx) -> Finding | None:
    """The top action — the one put on the stack last — resolves first (302.7, 303.4)."""
    ctx.has("dice", "two")   # words of the same situation: read, they do not change it
    ctx.has("stack", "top", "resolve", "first", "order")
    if _asks_tops_count(ctx):
        return _how_many_tops(ctx)
    sim, r = _two_rolls_top_resolved("первое объявленное", "последнее объявленное")
    verdict = ("Верхнее — то, что помещено в стек последним; оно выполняется первым" if r.value == "последнее объявленное"
               else "Модель не смогла определить")
    f = Finding(verdict, [c for c in r.consequences if "302.7" in c.rules or "303.4" in c.rules],
                dedup(["302.7", "303.4", *cites_of(r)]), sim.trace)
    if r.value == "последнее объявленное" and not any(t.startswith(("последн", "позже", "втор")) for t in ctx.tokens[ctx.ask_from:]):
        # «верхнее выполняется первым?» → «Да, …»; «сначала выполняется нижнее?» → «Нет, …»
        f.option, f.rivals = "top_word", ("bottom_word",)
    return f


def q_inactive_fast(ctx: Ctx) -> Finding | None:
    """Fast actions need only priority (304.1) — the inactive player may declare them when holding it."""
    ctx.has("inactive", "fast", "player", "declare")
    kind = action_kind(ctx) or "sudden_action"
    if ACTIONS[kind].speed != "fast" and any(i + 1 in ctx.found.get("act", []) for i in ctx.found.get("fast", [])):
        kind = "sudden_action"        # «быстрое действие» is a fast action, not a card action
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")], priority="second")
    sim.state.stack.append(StackItem("движение", "first", "movement", "Воин"))
    r = sim.declare("second", kind, card=None if kind == "dice_roll" else "Орк")
    f = legal_finding(sim, r, "может, если у него приоритет: быстрое игродействие объявляется в любой момент", "не может")
    f.citations = dedup(["304.1", *f.citations])
    return f


def q_stack_resolves(ctx: Ctx) -> Finding | None:
    """When the top of the stack resolves and who gets priority after (303.4)."""
    ctx.has("enemy", "own")   # words of the same situation: read, they do not change it
    ctx.has("both")   # words of the same situation: read, they do not change it
    ctx.has("stack", "priority", "resolve", "pass", "both", "top", "top_word")
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    r1 = sim.pass_priority("first")
    r2 = sim.pass_priority("second")
    lines = [c for c in r2.consequences if "303.4" in c.rules]
    verdict = ("Когда оно лежит верхним в стеке и оба игрока последовательно спасовали; после выполнения приоритет вновь получает Активный игрок"
               if r2.value and not r1.value else "Модель не смогла определить")
    if (ctx.has("who") or ctx.alternative and ctx.has("active", "inactive")) and r2.priority == sim.state.active:
        verdict = "Активный игрок: " + verdict[:1].lower() + verdict[1:]
    elif ctx.yes_no and ctx.has("active", "inactive") and ctx.has("priority") and r2.priority == sim.state.active:
        # «после выполнения верхнего приоритет получает неактивный?» — a fact about who, see ``option``
        f = Finding("Активный игрок: после выполнения верхнего игродействия приоритет вновь получает он",
                    lines, dedup(["303.4", "302.7", *cites_of(r1, r2)]), sim.trace, option="active", rivals=("inactive",))
        return f
    elif ctx.has("pass") and not ctx.has("resolve"):
        verdict = "Верхнее игродействие в стеке выполняется, затем приоритет получает Активный игрок; если стек пуст — фаза завершается"
    # «оба спасовали подряд — выполняется верхнее?» → «Да, …» (the told condition is the rule's)
    return Finding(verdict, lines, dedup(["303.4", "302.7", *cites_of(r1, r2)]), sim.trace,
                   option="both" if r2.value and not r1.value else None)


def q_rule_effects_first(ctx: Ctx) -> Finding | None:
    """Rule effects are applied before a player receives priority (303.6)."""
    ctx.has("priority")   # words of the same situation: read, they do not change it
    ctx.has("enters_stack", "uses_stack", "stack")   # words of the same situation: read, they do not change it
    ctx.has("rule_effect", "priority")
    sim = make_sim([make_card("Воин", owner="second", cell="c5"), make_card("Лиана", owner="second", traits={"symbiote"}, host="Воин", cell=None, movement=None),
                make_card("Колдун", cell="c2")])
    sim.declare("first", "card_action", card="Колдун", name="Проклятие", effect={"dies": "Воин"})
    sim.pass_priority("first")
    r = sim.pass_priority("second")
    lines = [c for c in r.consequences if c.rules]
    # «применяются до получения приоритета?» → «Да, …»; «после получения приоритета?» → «Нет, …»
    return Finding("До того, как игрок получит приоритет: сначала применяются все эффекты правил игры", lines,
                   dedup(["303.6", *cites_of(r)]), sim.trace, option="before_word", rivals=("after",))


def _asker_role(ctx: Ctx) -> str | None:
    """«я активный игрок» / «я неактивный» → ``active`` / ``inactive`` (else ``None``)."""
    flip = {"active": "inactive", "inactive": "active"}
    for c, role in (("inactive", "inactive"), ("active", "active")):
        for i in ctx.found.get(c, []):
            before = ctx.tokens[max(0, i - 2):i]
            if "я" in before:
                ctx.used.add(c)
                return role
            if any(t.startswith(("противник", "соперник", "оппонент")) for t in before):   # «противник активный»
                ctx.used.add(c)
                return flip[role]
    return None


def q_trigger_order(ctx: Ctx) -> Finding | None:
    """Simultaneous triggers: active player's first onto the stack, inactive's resolve first (305.1)."""
    ctx.has("enters_stack", "both", "different")   # words of the same situation: read, they do not change it
    ctx.has("two")   # words of the same situation: read, they do not change it
    ctx.has("trigger", "simultaneous", "order", "who", "stack", "resolve", "enters_stack", "uses_stack", "top", "first", "enemy", "own")
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    r = sim.triggers([("second", "особенность Неактивного", "Орк"), ("first", "особенность Активного", "Воин")])
    first_resolved = r.value[0] if r.value else ""
    first_in = r.stack[0] if r.stack else ""
    if first_in == "особенность Активного" and first_resolved == "особенность Неактивного":
        verdict = ("Первыми в стек заносит свои особенности Активный игрок (в выбранном им порядке), затем Неактивный; "
                   "поэтому первыми выполнятся особенности Неактивного игрока")
        me = _asker_role(ctx)
        side = _one_side(ctx)
        if side is not None:
            # «в каком порядке неактивный кладёт свои сработки?»: his own triggers — in the order he chooses
            if side == "each":
                verdict = ("Каждый игрок сам: свои одновременно сработавшие особенности игрок заносит в стек в выбранном им "
                           "порядке; сначала заносит Активный игрок, затем Неактивный")
            else:
                who = "Активный" if side == "active" else "Неактивный"
                when = "первыми, до особенностей Неактивного" if side == "active" else "после особенностей Активного"
                verdict = (f"В порядке, который выбирает он сам: {who} игрок заносит свои одновременно сработавшие особенности "
                           f"в стек в выбранном им порядке, {when}")
            ctx.read_idx |= {i for i, t in enumerate(ctx.tokens) if i >= ctx.ask_from and t.startswith(("выбира", "выбер", "реша"))}
            if ctx.yes_no and any(t.startswith(("сам", "выбира", "выбер", "реша", "люб")) for t in ctx.tokens[ctx.ask_from:]):
                verdict = "Да, " + verdict[:1].lower() + verdict[1:]     # «неактивный сам выбирает порядок своих?»
            return Finding(verdict, [c for c in r.consequences if c.rules], dedup(["305.1", *cites_of(r)]), sim.trace)
        if me == "active":
            verdict += " (вы Активный игрок: ваши особенности заносятся в стек первыми, а выполнятся первыми особенности противника)"
        elif me == "inactive":
            verdict += " (вы Неактивный игрок: ваши особенности заносятся в стек после особенностей противника и выполнятся первыми)"
        if ctx.yes_no and r.legal and len(r.stack) >= 2 and "simultaneous" in ctx.found \
                and not any(c in ctx.found for c in ("who", "order", "first", "active", "inactive", "top")) \
                and any(t in ("могут", "может", "бывает", "бывают") for t in ctx.tokens[ctx.ask_from:]):
            # «могут ли особенности сработать одновременно?»: yes — 305.1 says how they go on the stack
            verdict = "Да, могут; тогда " + verdict[:1].lower() + verdict[1:]
    else:
        verdict = "Модель не смогла определить"
    f = Finding(verdict, [c for c in r.consequences if c.rules], dedup(["305.1", *cites_of(r)]), sim.trace)
    # «Активный кладёт свои особенности первым?»: who goes first onto the stack — or, asked about
    # resolving, whose resolve first; «последним / вторым» asks the other side
    resolving = any(i >= ctx.ask_from for c in ("resolve",) for i in ctx.found.get(c, []))
    first_side = "inactive" if resolving else "active"
    if any(t.startswith(("последн", "втор", "позже", "после")) for t in ctx.tokens[ctx.ask_from:]):
        first_side = "active" if first_side == "inactive" else "inactive"
    f.option, f.rivals = first_side, ("inactive" if first_side == "active" else "active",)
    return f


_OWN_WORDS = ("свои", "своих", "своё", "свое", "своя", "свой", "собственные")


def _one_side(ctx: Ctx) -> str | None:
    """«в каком порядке неактивный кладёт свои сработки?»: the order within one player's own
    triggers is asked (an «order» question naming one side and «свои»): ``active`` /
    ``inactive``; «кто выбирает порядок своих …?» naming no side: ``each``; else ``None``."""
    asked = ctx.tokens[ctx.ask_from:]
    if not any(i >= ctx.ask_from for i in ctx.found.get("order", [])) or not any(t in _OWN_WORDS for t in asked):
        return None
    sides = [c for c in ("active", "inactive") if any(i >= ctx.ask_from for i in ctx.found.get(c, []))]
    if "who" in ctx.found:      # «кто выбирает порядок своих особенностей?» — each player
        ctx.used.update(("who", "order", "own"))
        return "each" if not sides else None
    if len(sides) != 1:
        return None
    ctx.used.update((*sides, "order", "own"))
    return sides[0]


def q_declare_aloud(ctx: Ctx) -> Finding | None:
    """Must a claim be declared aloud (301.1): a player declares his game claims; claims made
    by the rules of the game (rule effects, 503) are formally his too, but need not be said aloud."""
    ctx.has("aloud", "declare", "game_action", "rule_effect", "player")
    kind = "rule_effect" if ctx.has("rule_effect") else action_kind(ctx)
    if kind is None:
        return None
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    if not r.legal:
        return None
    if ak.aloud:
        verdict = f"Да, {ak.ru} — игровая заявка игрока: он её объявляет"
        why = Consequence(f"Игродействие включает объявление игровой заявки, сделанной игроком ({ak.ru})", ("301.1",))
    else:
        verdict = ("Нет: формально игрок делает и заявки, обусловленные правилами игры (это тоже игродействия), "
                   "но объявлять их вслух необязательно")
        why = Consequence("Формально игрок делает все заявки, обусловленные правилами игры, хотя необязательно "
                          "объявлять их вслух", ("301.1",))
    if not ctx.yes_no:
        verdict = verdict.split(", ", 1)[1] if ak.aloud else verdict.split(": ", 1)[1]
        verdict = verdict[:1].upper() + verdict[1:]
    return Finding(verdict, [why], dedup(["301.1", *cites_of(r)]), sim.trace)


def q_is_game_action(ctx: Ctx) -> Finding | None:
    """Is X a game action (301.1): whatever a player declares and the simulator resolves —
    rule effects included — is one; a pass declares nothing (303.2); payment is a stage of
    a game action, not one of its own (301.1, 302.6)."""
    ctx.has("is_action_q", "is_verb", "game_action")
    if ctx.has("pass"):
        return q_pass_is_action(ctx)
    if ctx.has("pay") and action_kind(ctx) is None:
        sim = make_sim([make_card("Воин", movement=2)])
        sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
        sim.pass_priority("first")
        r = sim.pass_priority("second")
        lines = [c for c in r.consequences if "302.6" in c.rules]
        verdict = "Нет, оплата — не отдельное игродействие, а последняя часть игродействия (объявление, выполнение, оплата)"
        if ctx.has("part"):     # «является ли оплата частью игродействия?»
            verdict = "Да, оплата — последняя часть игродействия (объявление, выполнение, оплата)"
        return Finding(verdict,
                       lines, dedup(["301.1", "302.6", *cites_of(r)]), sim.trace)
    kind = action_kind(ctx)
    if kind is None:
        return None
    ak = ACTIONS[kind]
    sim, r = _declare_kind(kind, stack=False)
    if not r.legal:
        return None
    how = "заносится в стек, выполняется и оплачивается" if r.stack else "объявляется и сразу выполняется, без стека"
    lines = [Consequence("Игродействие — объявление, выполнение и оплата игровой заявки; заявки, обусловленные правилами игры, "
                         "и объявление и выполнение эффекта правил игры — тоже игродействия", ("301.1",)),
             *[c for c in r.consequences if c.rules]]
    verdict = f"Да, {ak.ru} — игродействие: {how}"
    if not ctx.yes_no:
        verdict = f"{ak.ru[:1].upper()}{ak.ru[1:]} — игродействие: {how}"
    return Finding(verdict, lines, dedup(["301.1", *ak.rules[:1], *cites_of(r)]), sim.trace)


def _declare_another(ctx: Ctx) -> Finding:
    """Two game actions in a row: the declarer keeps priority and may declare another (303.3),
    but while the stack is not empty only a fast one (304.1) — tried with a slow and a fast second,
    or with the very actions the question names («я объявил движение; могу ещё бросок кубика?»)."""
    ctx.has("game_action", "player", "two")
    second = action_kind(ctx) if asked_action(ctx) else None
    if second is not None:
        first_kind = stacked_kind(ctx, second) or ("movement" if second != "movement" else None)
        if ctx.count("move") >= 2 and second == "movement":
            first_kind = "movement"
        if first_kind:
            sim = make_sim([make_card("Воин", movement=2), make_card("Страж", movement=2, cell="a1"), make_card("Орк", owner="second", cell="c5")])
            r1 = sim.declare("first", first_kind, card="Воин", to=parse_cell("c3") if first_kind in ("movement", "relocation") else None,
                             target="Орк" if first_kind == "attack" else None)
            card = None if second in ("dice_roll", "rule_effect", "phase_transition") else "Страж"
            r2 = sim.declare("first", second, card=card, to=parse_cell("b1") if second in ("movement", "relocation") else None)
            ak = ACTIONS[second]
            f = legal_finding(sim, r2, f"можно: приоритет остаётся у вас, а {ak.ru} — быстрое игродействие", "нельзя", extra=("303.3",))
            f.lines = [c for c in r1.consequences if "303.3" in c.rules] + f.lines
            f.citations = dedup(["303.3", "304.1", *f.citations, *cites_of(r1)])
            return f
    sim = make_sim([make_card("Воин", movement=2), make_card("Орк", owner="second", cell="c5")])
    r1 = sim.declare("first", "movement", card="Воин", to=parse_cell("c3"))
    slow = sim.declare("first", "card_action", card="Воин")
    fast = sim.declare("first", "dice_roll")
    if r1.priority == "first" and fast.legal and not slow.legal:
        verdict = ("приоритет остаётся у объявившего, и он может сразу объявить ещё одно игродействие; "
                   "но пока стек не пуст — только быстрое")
        verdict = ("Да, " if ctx.yes_no else "") + verdict
        verdict = verdict[:1].upper() + verdict[1:]
    else:
        verdict = "Модель не смогла определить"
    lines = [*[c for c in r1.consequences if "303.3" in c.rules], *slow.reasons, *[c for c in fast.consequences if c.rules][:1]]
    return Finding(verdict, lines, dedup(["303.3", "304.1", *cites_of(r1, slow, fast)]), sim.trace)


def _kinds_named(ctx: Ctx) -> list[str]:
    """Every action kind the question names, in order of mention, without repeats."""
    out: list[str] = []
    speed_at = {i + 1 for c in ("slow", "fast", "sudden") for i in ctx.found.get(c, [])}
    generic = all(i in speed_at for i in ctx.found.get("act", [])) and "card_action" not in ctx.found
    skip: tuple[str, ...] = ("card_action",) if generic else ()   # «быстрое действие» is no card action
    while True:
        k = action_kind(ctx, exclude=skip)
        if k is None or k in out:
            break
        out.append(k)
        skip = (*skip, k)
    first_at = {k: min([i for c, kk in _CONCEPT_KIND if kk == k for i in ctx.found.get(c, [])], default=99) for k in out}
    return sorted(out, key=lambda k: first_at[k])


_CONCEPT_KIND = (("dice", "dice_roll"), ("sudden", "sudden_action"), ("trigger", "triggered_ability"), ("jump", "instead_of_movement"),
                 ("instead", "instead_of_movement"), ("battle_start", "battle_start_ability"), ("vanguard", "vanguard_ability"),
                 ("card_action", "card_action"), ("rule_effect", "rule_effect"), ("phase_transition", "phase_transition"),
                 ("played", "played_ability"), ("relocate", "relocation"), ("move", "movement"), ("attack", "attack"), ("act", "card_action"))


def q_which_speed(ctx: Ctx) -> Finding | None:
    """Which game actions are slow / fast (304.2, 304.3): declare one of each kind and read the speed."""
    ctx.has("slow", "fast", "which", "game_action")
    groups: dict[str, list[str]] = {"slow": [], "fast": []}
    trace: list[str] = []
    for kind in ("movement", "instead_of_movement", "card_action", "attack", "battle_start_ability", "vanguard_ability",
                 "sudden_action", "sudden_attack", "triggered_ability", "played_ability", "relocation", "dice_roll"):
        sim, r = _declare_kind(kind, stack=False)
        if r.legal and r.value in ("медленное", "быстрое"):
            groups["slow" if r.value == "медленное" else "fast"].append(ACTIONS[kind].ru)
        trace += sim.trace
    asked = [c for c in ("slow", "fast") if c in ctx.found] or ["slow", "fast"]
    word = {"slow": "Медленные", "fast": "Быстрые"}
    verdict = "; ".join(f"{word[c]}: {', '.join(groups[c])}" for c in asked)
    lines = [Consequence(f"{word[c]} игродействия: {', '.join(groups[c])}", ("304.2" if c == "slow" else "304.3",)) for c in asked]
    return Finding(verdict, lines, dedup([*("304.2" if c == "slow" else "304.3" for c in asked), "304.1"]), trace)


def q_fast_after_resolve(ctx: Ctx) -> Finding | None:
    """After the top action resolves the active player gets priority and new fast actions may be
    declared while the rest of the stack waits (303.4, 304.1)."""
    ctx.has("fast", "resolve", "top", "top_word", "declare", "game_action", "stack")
    sim, r = _two_rolls_top_resolved("первое", "второе")
    fast = sim.declare(sim.state.priority, "dice_roll", name="новое быстрое")
    f = legal_finding(sim, fast, "можно: после выполнения верхнего приоритет получает Активный игрок, и игроки вправе объявлять новые быстрые игродействия",
                      "нельзя", extra=("303.4",))
    f.lines = [c for c in r.consequences if "303.4" in c.rules] + f.lines
    f.citations = dedup(["303.4", *f.citations])
    return f
