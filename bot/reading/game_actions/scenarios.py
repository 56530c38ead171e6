"""A game-action reading compiled into ``scenarios/`` mappings and run (bot.reading.game_actions):
the board (one creature of each player), what lies on the stack, who is active and holds
priority, one step per told event and the asked step; one scenario per kind a class of
game actions stands for. Each mapping's ``expect`` is read off its own run and checked
with the strict scenario loader, so ``scenario run`` on it gives the same result."""

from __future__ import annotations

from dataclasses import dataclass

from bot.reading.game_actions.model import CLASS_KINDS, ME, OPP, ActionReading
from bot.sim.actions import ACTIONS

_CARD_OF = {ME: "Ваше существо", OPP: "Существо противника"}
_CELL = {ME: "c2", OPP: "c5"}
_TO = {ME: "c3", OPP: "c4"}


def declare_step(kind: str, player: str) -> dict:
    """The ``declare`` step of a game action of ``kind`` by ``player`` on the module's board."""
    st: dict = {"player": player, "kind": kind}
    if kind in ("movement", "instead_of_movement", "relocation", "attack", "sudden_attack", "card_action", "sudden_action",
                "battle_start_ability", "vanguard_ability"):
        st["card"] = _CARD_OF[player]
    if kind in ("movement", "instead_of_movement", "relocation"):
        st["to"] = _TO[player]
    if kind in ("attack", "sudden_attack"):
        st["target"] = _CARD_OF[OPP if player == ME else ME]
    return {"declare": st}


def board_state(active: str, priority: str, stack: list[tuple[str, str]], phase: str = "main") -> dict:
    """The ``state`` mapping of the module's board: one creature of each player («Ваше
    существо» on c2, «Существо противника» on c5), ``active`` / ``priority`` players,
    ``stack`` as ``(player, kind)`` pairs bottom first, ``phase`` when not the main one."""
    cards = [{"id": _CARD_OF[p], "owner": p, "class": "воин", "cell": _CELL[p], "movement": 2} for p in (ME, OPP)]
    state: dict = {"active": active, "priority": priority, "cards": cards}
    if phase != "main":
        state["phase"] = phase
    if stack:
        state["stack"] = [{"name": f"{ACTIONS[k].ru} ({'ваше' if p == ME else 'противника'})", "player": p, "kind": k}
                          for p, k in stack]
    return state


def _phase_of(kind: str) -> str:
    """The phase an action of ``kind`` is declared in (406, 407; else the main phase)."""
    return {"battle_start_ability": "battle_start", "vanguard_ability": "vanguard"}.get(kind, "main")


@dataclass
class Run:
    """One compiled scenario and its run: ``kind`` the action kind it stands for, ``mapping``
    (with ``expect`` filled from the run), ``result`` (``bot.sim.scenario.ScenarioResult``),
    ``lines`` («Как я понял» parts)."""

    kind: str
    mapping: dict
    result: object
    lines: list[str]


def run_checked(title: str, state: dict, steps: list[dict], expect_of) -> tuple[dict, object]:
    """Load and run ``state`` + ``steps`` with a provisional check, then fill ``expect`` with
    ``expect_of(results)`` and check that the mapping passes as it will be shown."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = {"title": title, "state": state, "steps": steps}
    res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": len(steps), "legal": True}]}}), "<вопрос>"))
    mapping["expect"] = expect_of(res.results)
    final = sc.run(sc.load(dump(mapping), "<вопрос>"))
    if not final.passed:    # pragma: no cover - the expectation is read off the same run
        from bot.errors import ScenarioError
        raise ScenarioError("сценарий вопроса не воспроизводит свой ответ: " + "; ".join(final.failures))
    return mapping, final


def compile_runs(r: ActionReading) -> list[Run]:
    """One scenario per kind the asked action stands for, run. ``[]`` when nothing can be
    compiled (e.g. a priority question with no told step)."""
    title = "Вопрос: " + " ".join(r.question.split())[:120]
    a = r.asked
    kinds = r.action.kinds() if r.action is not None and r.action.kind != "pass" else [None]
    if a == "priority":
        told = next((s for s in r.told if s[0] == "declare"), None)
        kinds = told[2].kinds() if told is not None else [None]
    if a == "speed" and r.options:
        kinds = [m.kind for m in r.options]
    runs: list[Run] = []
    if a in ("priority_count", "rule_effects", "aloud"):
        return [_definition_run(r, title)]
    if a == "divide":
        for kind in CLASS_KINDS:
            mapping, res = run_checked(title, board_state(ME, ME, [], _phase_of(kind)), [declare_step(kind, ME)],
                                       lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "value": rs[0].value, "stack": rs[0].stack}]})
            runs.append(Run(kind, mapping, res, []))
        return runs
    if a == "when_stacked":
        kind = r.action.kinds()[0] if r.action.kind else "movement"
        mapping, res = run_checked(title, board_state(ME, ME, [], _phase_of(kind)), [declare_step(kind, ME)],
                                   lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "stack": rs[0].stack}]})
        return [Run(kind, mapping, res, [f"вы объявляете: {ACTIONS[kind].ru}"])]
    if a in ("part_of", "when_paid", "parts") or (a == "is_action" and r.action.kind == "payment"):
        return [payment_run(title)]
    if a == "when_resolves":
        state = board_state(ME, ME, [])
        mapping, res = run_checked(title, state, [declare_step("card_action", ME), {"pass": ME}, {"pass": OPP}],
                            lambda rs: {"steps": [{"step": 1, "stack": rs[0].stack}, {"step": 2, "stack": rs[1].stack},
                                                  {"step": 3, "value": rs[2].value, "stack": rs[2].stack}]})
        return [Run("card_action", mapping, res, ["вы объявляете действие карты", "вы пасуете", "противник пасует"])]
    if a == "which_speed":
        for kind in ("movement", "card_action", "attack", "battle_start_ability", "vanguard_ability", "sudden_action", "dice_roll",
                     "triggered_ability", "relocation"):
            state = board_state(ME, ME, [], _phase_of(kind))
            mapping, res = run_checked(title, state, [declare_step(kind, ME)], lambda rs: {"steps": [{"step": 1, "value": rs[0].value}]})
            runs.append(Run(kind, mapping, res, []))
        return runs
    for kind in kinds:
        if a == "which_stack":
            break
        if a == "is_action" and r.action.kind == "pass":
            state = board_state(ME, ME, [("second", "card_action")][:0] or [])
            mapping, res = run_checked(title, state, [{"pass": ME}], lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "priority": rs[0].priority}]})
            runs.append(Run("pass", mapping, res, ["вы пасуете"]))
            break
        if a in ("uses_stack", "speed", "is_action"):
            state = board_state(ME, ME, [], _phase_of(kind))
            mapping, res = run_checked(title, state, [declare_step(kind, ME)],
                                lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "stack": rs[0].stack, "value": rs[0].value}]})
            runs.append(Run(kind, mapping, res, [f"вы объявляете: {ACTIONS[kind].ru}"]))
        elif a == "legal":
            runs.append(_legal_run(r, kind, title))
        elif a == "when":
            for stack in ([], [(OPP, "triggered_ability")]):
                state = board_state(ME, ME, stack, _phase_of(kind))
                mapping, res = run_checked(title, state, [declare_step(kind, ME)], lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal}]})
                runs.append(Run(kind, mapping, res, ["стек пуст" if not stack else "в стеке лежит срабатывающая особенность противника"]))
        elif a == "next":
            state = board_state(ME, ME, [(OPP, "card_action")])
            mapping, res = run_checked(title, state, [{"pass": ME}, {"pass": OPP}],
                                lambda rs: {"steps": [{"step": 2, "value": rs[1].value, "priority": rs[1].priority}]})
            runs.append(Run("card_action", mapping, res, ["в стеке лежит игродействие", "оба игрока пасуют подряд"]))
            break
        elif a == "priority":
            run = _priority_run(r, kind, title)
            if run is None:
                return []
            runs.append(run)
    if a == "which_stack":
        for kind in CLASS_KINDS + ("relocation", "phase_transition"):
            state = board_state(ME, ME, [], _phase_of(kind))
            mapping, res = run_checked(title, state, [declare_step(kind, ME)], lambda rs: {"steps": [{"step": 1, "stack": rs[0].stack}]})
            runs.append(Run(kind, mapping, res, []))
    return runs


HOST, SYMBIOTE, CASTER = "Существо противника", "Симбиот противника", "Ваш колдун"


def _definition_run(r: ActionReading, title: str) -> Run:
    """The run a definition is watched on: ``priority_count`` — a declaration and two passes,
    one holder after each step (303.1); ``rule_effects`` — your card action kills the host of
    the opponent's symbiote: on its resolution the symbiote dies by a rule effect before
    anyone gets priority (209.4, 303.6); ``aloud`` — the asked kind declared (301.1)."""
    a = r.asked
    if a == "priority_count":
        steps = [declare_step("card_action", ME), {"pass": ME}, {"pass": OPP}]
        mapping, res = run_checked(title, board_state(ME, ME, []), steps,
                                   lambda rs: {"steps": [{"step": k + 1, "priority": x.priority} for k, x in enumerate(rs)]})
        return Run("card_action", mapping, res, ["вы объявляете действие карты", "вы пасуете", "противник пасует"])
    if a == "rule_effects":
        state = board_state(ME, ME, [])
        state["cards"] += [{"id": SYMBIOTE, "owner": OPP, "traits": ["symbiote"], "host": HOST},
                           {"id": CASTER, "owner": ME, "class": "маг", "cell": "b2"}]
        steps = [{"declare": {"player": ME, "kind": "card_action", "name": "Проклятие", "card": CASTER, "effect": {"dies": HOST}}},
                 {"pass": ME}, {"pass": OPP}]
        mapping, res = run_checked(title, state, steps, lambda rs: {"steps": [{"step": 3, "priority": rs[2].priority,
                                                                             "results": [c.result for c in rs[2].consequences if c.result]}],
                                                                  "cards": {SYMBIOTE: {"zone": "graveyard"}}})
        return Run("card_action", mapping, res, [f"ваше действие карты убивает «{HOST}», хозяина симбиота", "оба игрока пасуют: оно выполняется"])
    kind = r.action.kinds()[0]
    mapping, res = run_checked(title, board_state(ME, ME, [], _phase_of(kind)), [declare_step(kind, ME)],
                               lambda rs: {"steps": [{"step": 1, "legal": rs[0].legal, "stack": rs[0].stack}]})
    return Run(kind, mapping, res, [f"вы объявляете: {ACTIONS[kind].ru}"])


def payment_run(title: str) -> Run:
    """A movement declared and resolved: its payment (the movement point spent) comes in the
    resolution step, after the effect (302.6)."""
    mapping, res = run_checked(title, board_state(ME, ME, []), [declare_step("movement", ME), {"pass": ME}, {"pass": OPP}],
                        lambda rs: {"steps": [{"step": 3, "results": [c.result for c in rs[2].consequences if c.result]}]})
    return Run("movement", mapping, res, ["вы объявляете движение", "оба игрока пасуют: движение выполняется"])


def _legal_run(r: ActionReading, kind: str, title: str) -> Run:
    """«Можно ли объявить X, если стек не пуст / в ответ на Y / после своего объявления?»"""
    player = r.action.player or ME
    lines: list[str] = []
    stack: list[tuple[str, str]] = []
    steps: list[dict] = []
    told = [s for s in r.told if s[0] == "declare"]
    if any(s[0] in ("resolved", "both_pass") for s in r.told) and not told:
        # «после того, как верхнее игродействие выполнилось»: two actions lie there, both pass, the top resolves
        active = r.active or player
        stack = [(OPP if player == ME else ME, "card_action"), (player, "dice_roll")]
        steps = [{"pass": active}, {"pass": OPP if active == ME else ME}, declare_step(kind, player)]
        lines = ["в стеке два игродействия", "оба игрока пасуют подряд: верхнее выполняется", 
                 f"{'вы объявляете' if player == ME else 'противник объявляет'}: {ACTIONS[kind].ru}"]
        mapping, res = run_checked(title, board_state(active, active, stack, _phase_of(kind)), steps,
                            lambda rs: {"steps": [{"step": 2, "priority": rs[1].priority}, {"step": 3, "legal": rs[2].legal}]})
        return Run(kind, mapping, res, lines)
    if told:
        for _, who, m in told:
            k = m.kinds()[0]
            steps.append(declare_step(k, who or player))
            lines.append(f"{'вы объявляете' if (who or player) == ME else 'противник объявляет'}: {ACTIONS[k].ru}")
    elif r.stack == "nonempty" or r.on_stack is not None:
        below = r.on_stack.kinds()[0] if r.on_stack is not None else "triggered_ability"
        owner = r.on_stack.player if r.on_stack is not None and r.on_stack.player else (OPP if player == ME else ME)
        stack = [(owner, below)]
        lines.append(f"в стеке лежит {ACTIONS[below].ru}")
    else:
        lines.append("стек пуст")
    if r.stack == "nonempty" and told and told[-1][1] not in (None, player):
        steps.append({"pass": told[-1][1]})      # the opponent declared; the asker answers after the opponent's pass
        lines.append("противник пасует")
    active = r.active or player
    holder = player if not told else (told[0][1] or player)
    if r.no_priority:
        if told:
            from bot.errors import ScenarioError
            raise ScenarioError("приоритет у другого игрока вместе с рассказанными шагами не моделирую")
        holder = OPP if player == ME else ME     # «без приоритета»: the other player holds it (303.1)
        lines.append("приоритет у другого игрока")
    steps.append(declare_step(kind, player))
    lines.append(f"{'вы объявляете' if player == ME else 'противник объявляет'}: {ACTIONS[kind].ru}")
    n = len(steps)
    mapping, res = run_checked(title, board_state(active, holder, stack, _phase_of(kind)), steps,
                        lambda rs: {"steps": [{"step": n, "legal": rs[n - 1].legal}]})
    return Run(kind, mapping, res, lines)


def _priority_run(r: ActionReading, kind: str | None, title: str) -> Run | None:
    """«У кого приоритет после …?»: the told steps on a board where the active player, the
    declarer and the last passer differ where they can, so the answer tells them apart."""
    steps: list[dict] = []
    lines: list[str] = []
    told = list(r.told)
    if r.action is not None and not told:
        told = [("declare", None, r.action)]      # «если игродействие не использует стек, …» read as told
    if not told:
        return None
    active = r.active or ME
    first = told[0]
    stack: list[tuple[str, str]] = []
    if first[0] == "declare":
        holder = first[1] or (OPP if active == ME else ME)     # an unnamed declarer: the non-active one, to tell them apart
    elif first[0] in ("both_pass", "resolved"):
        holder = active
        stack = [(OPP, "card_action"), (active, "dice_roll")]
    elif first[0] == "subphase":
        holder = OPP if active == ME else ME
    else:
        holder = first[1] or ME
    roles = {"declarer": None, "active": active, "passer": None}
    for s in told:
        if s[0] == "declare":
            who = s[1] or holder
            k = kind if kind and s is next(x for x in told if x[0] == "declare") else s[2].kinds()[0]
            steps.append(declare_step(k, who))
            roles["declarer"] = who
            lines.append(f"{'вы объявляете' if who == ME else 'противник объявляет'}: {ACTIONS[k].ru}")
            holder = who
        elif s[0] == "pass":
            who = s[1] or holder
            steps.append({"pass": who})
            roles["passer"] = who
            holder = OPP if who == ME else ME
            lines.append("вы пасуете" if who == ME else "противник пасует")
        elif s[0] in ("both_pass", "resolved"):
            if steps and s[0] == "resolved" and any(x[0] == "both_pass" for x in told):
                continue
            steps += [{"pass": holder}, {"pass": OPP if holder == ME else ME}]
            lines.append("оба игрока пасуют подряд: верхнее игродействие выполняется")
        elif s[0] == "subphase":
            steps.append({"subphase": "choice"})
            lines.append("начинается новая подфаза")
    n = len(steps)
    mapping, res = run_checked(title, board_state(active, holder if first[0] != "subphase" else (OPP if active == ME else ME), stack), steps,
                        lambda rs: {"steps": [{"step": n, "legal": rs[n - 1].legal, "priority": rs[n - 1].priority}]})
    run = Run(kind or "", mapping, res, lines)
    run.roles = roles   # type: ignore[attr-defined]
    return run
