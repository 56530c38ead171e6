"""Queries about game actions, the stack, priority and speed (301–305)."""

from __future__ import annotations

from bot.sim.actions import ACTIONS
from bot.sim.engine import Simulator
from bot.sim.outcome import Consequence, StepResult
from bot.sim.state import StackItem, parse_cell
from bot.sim.queries.base import Ctx, Finding, make_card, cites_of, dedup, make_sim


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


def q_priority_count(ctx: Ctx) -> Finding | None:
    """Only one player holds priority at any moment (303.1)."""
    ctx.has("priority", "count", "who", "player", "simultaneous")
    sim = make_sim([make_card("Воин"), make_card("Орк", owner="second", cell="c5")])
    r = sim.declare("second", "dice_roll")
    verdict = "Только один игрок: в каждый момент приоритетом владеет один игрок"
    if ctx.yes_no:
        verdict = "Нет, в каждый момент приоритетом владеет только один игрок"
    return Finding(verdict, r.reasons, dedup(["303.1", *cites_of(r)]), sim.trace)


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


_CONCEPT_KIND = (("dice", "dice_roll"), ("sudden", "sudden_action"), ("trigger", "triggered_ability"), ("jump", "instead_of_movement"),
                 ("instead", "instead_of_movement"), ("battle_start", "battle_start_ability"), ("vanguard", "vanguard_ability"),
                 ("card_action", "card_action"), ("rule_effect", "rule_effect"), ("phase_transition", "phase_transition"),
                 ("played", "played_ability"), ("relocate", "relocation"), ("move", "movement"), ("attack", "attack"), ("act", "card_action"))


