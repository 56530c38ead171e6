"""Verdicts of game-action questions read off the runs of their compiled scenarios
(bot.reading.game_actions): stack use, speed, being a game action, legality, when it may be
declared, what happens next, who holds priority, payment — and «Как я понял: …»."""

from __future__ import annotations

from bot.reading.game_actions.model import ME, OPP, RU_PLAYER, ActionReading
from bot.reading.game_actions.scenarios import Run
from bot.sim.actions import ACTIONS

def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _step(run: Run, n: int = -1):
    return run.result.results[n]


def verdict_of(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    """``(verdict, lines, citations)`` read off the runs, or ``None`` when the kinds of a class
    disagree or the run shows nothing the question asks."""
    a = r.asked
    if a == "parts":
        return _parts_verdict(runs[0])
    if a == "divide":
        groups = {"медленное": [], "быстрое": [], None: []}
        for x in runs:
            groups.setdefault(_step(x, 0).value, []).append(ACTIONS[x.kind].ru)
        stacked = [ACTIONS[x.kind].ru for x in runs if _step(x, 0).stack]
        if not groups["медленное"] or not groups["быстрое"] or not groups[None] or not stacked:
            return None
        lines = [f"Медленные: {', '.join(groups['медленное'])}", f"Быстрые: {', '.join(groups['быстрое'])}",
                 f"Не используют стек: {', '.join(groups[None])}"]
        return ("На медленные и быстрые; на использующие стек и не использующие стек (выполняются сразу)", lines,
                ["301.2", "304.1", "302.3", "302.5"])
    if a == "when_stacked":
        x = runs[0]
        s = _step(x, 0)
        if not s.legal:
            return None
        ak = ACTIONS[x.kind]
        if not s.stack:
            return f"Никогда: {ak.ru} не использует стек и выполняется сразу", [c.line() for c in s.consequences if c.rules], \
                ["302.5", "302.4"]
        what = ak.ru if r.action is not None and r.action.kind else f"игродействие, использующее стек (здесь — {ak.ru}),"
        return (f"Сразу после объявления: {what} заносится в стек при объявлении, до выполнения и оплаты",
                [c.line() for c in s.consequences if c.rules], ["302.2", "302.3"])
    if a in ("priority_count", "rule_effects", "aloud"):
        return _definition_verdict(r, runs[0])
    if a in ("part_of", "when_paid") or (a == "is_action" and r.action.kind == "payment"):
        return _payment_verdict(r, runs[0])
    if a == "which_stack":
        used = [ACTIONS[x.kind].ru for x in runs if _step(x, 0).stack]
        not_used = [ACTIONS[x.kind].ru for x in runs if not _step(x, 0).stack]
        return ("Используют стек: " + ", ".join(used) + "; не используют: " + ", ".join(not_used),
                [f"Заносятся в стек при объявлении: {', '.join(used)} (302.2, 302.3)",
                 f"Выполняются сразу, без стека: {', '.join(not_used)} (302.4, 302.5)"], ["302.3", "302.5", "302.2", "302.4"])
    if a == "uses_stack":
        x = runs[0]
        ak = ACTIONS[x.kind]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        yes, no = ("Нет", "Да") if r.without_stack else ("Да", "Нет")
        if s.stack:
            v = f"{yes}, {ak.ru} использует стек" if r.yes_no else f"Через стек: {ak.ru} использует стек"
            return v, lines, _dedup(["302.3", *ak.rules, *s.cites])
        v = f"{no}, {ak.ru} не использует стек: выполняется сразу" if r.yes_no else f"Сразу, без стека: {ak.ru} не использует стек"
        if r.respond:   # «можно в ответ на это …?»: nothing lies on the stack to respond to (302.4)
            v = f"Нет, ответить на это нельзя: {ak.ru} не использует стек — выполняется сразу, в стек не заносится"
            lines = [*lines, "В ответ объявляют, пока игродействие лежит в стеке; это в стек не заносится (п. 302.5, 302.4)"]
        return v, lines, _dedup([*ak.rules[:1], "302.5", *ak.rules, *s.cites])
    if a == "speed" and r.options and len(runs) > 1:
        parts = []
        for x in runs:
            v = _step(x, 0).value
            parts.append(f"{ACTIONS[x.kind].ru} — {v or 'не использует стек'}")
        lines = [p[:1].upper() + p[1:] for p in parts]
        v = "; ".join(parts)
        asked_first = [x for x in runs if ACTIONS[x.kind].speed == r.asked_speed] + runs     # the asked speed's paragraph first
        return v[:1].upper() + v[1:], lines, _dedup([ACTIONS[x.kind].rules[0] for x in asked_first])
    if a == "speed":
        x = runs[0]
        ak = ACTIONS[x.kind]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        if s.value is None:
            return (f"Нет: {ak.ru} не использует стек и выполняется сразу — оно ни медленное, ни быстрое" if r.yes_no else
                    f"Ни то ни другое: {ak.ru} не использует стек и выполняется сразу"), lines, _dedup([*ak.rules, "304.1", *s.cites])
        word = str(s.value)
        got = "slow" if word == "медленное" else "fast"
        if r.yes_no and r.asked_speed:
            return f"{'Да' if got == r.asked_speed else 'Нет'}, {word} игродействие", lines, _dedup([*ak.rules, *s.cites])
        return f"{_cap(word)} игродействие", lines, _dedup([*ak.rules, *s.cites])
    if a == "is_action":
        x = runs[0]
        s = _step(x, 0)
        lines = [c.line() for c in s.consequences if c.rules]
        if x.kind == "pass":
            return ("Нет, пас — это передача приоритета противнику без объявления игродействия" if r.yes_no else
                    "Пас — не игродействие: это передача приоритета противнику"), lines, _dedup(["303.2", *s.cites])
        ak = ACTIONS[x.kind]
        if not s.legal:
            return None
        how = "объявляется и заносится в стек" if s.stack else "объявляется и сразу выполняется, без стека"
        return (f"Да, {ak.ru} — игродействие: {how}" if r.yes_no else f"{_cap(ak.ru)} — игродействие: {how}"), lines, \
            _dedup(["301.1", *s.cites])
    if a == "when_resolves":
        s3 = _step(runs[0], 2)
        if not s3.value or s3.stack or not _step(runs[0], 0).stack:
            return None
        # a general «когда …?» is answered in the present: «когда оба игрока подряд пасуют» (303.4)
        return ("Когда оба игрока подряд пасуют (а оно верхнее в стеке): тогда оно выполняется и выходит из стека",
                [c.line() for c in s3.consequences if c.rules], _dedup(["303.4", "302.7", *s3.cites]))
    if a == "which_speed":
        want = "медленное" if r.asked_speed == "slow" else "быстрое"
        names = [ACTIONS[x.kind].ru for x in runs if _step(x, 0).value == want]
        head = "Медленные" if want == "медленное" else "Быстрые"
        return (f"{head}: " + ", ".join(names), [f"{head} игродействия: {', '.join(names)}"],
                ["304.2" if want == "медленное" else "304.3", "304.1"])
    if a == "legal":
        return _legal_verdict(r, runs)
    if a == "when":
        return _when_verdict(r, runs)
    if a == "next":
        s = _step(runs[0])
        if not s.value or s.value == "phase_end" or s.priority != ME:
            return None
        return (("Да, в" if r.yes_no else "В") + "ерхнее игродействие в стеке выполняется (и выходит из стека), затем приоритет получает Активный игрок",
                [c.line() for c in s.consequences if c.rules], _dedup(["303.4", "302.7", *s.cites]))
    if a == "priority":
        got = [_priority_verdict(r, x) for x in runs]
        if any(g is None for g in got) or len({g[0] for g in got}) != 1:
            return None     # kinds of the told class give different holders
        return got[0]
    return None


def _legal_verdict(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    ok = [x for x in runs if _step(x).legal]
    bad = [x for x in runs if not _step(x).legal]
    if ok and bad:
        # a class of actions: fast ones may, slow ones may not (304.1)
        if not r.yes_no:
            return None
        okn = ", ".join(ACTIONS[x.kind].ru for x in ok)
        badn = ", ".join(ACTIONS[x.kind].ru for x in bad)
        kept = any(c.rules == ("303.3",) for x in ok for res in x.result.results for c in res.consequences)
        lines = [c.line() for x in ok for c in _step(x).consequences if c.rules][:2] + [c.line() for c in _step(bad[0]).reasons]
        head = "Да, приоритет остаётся у вас, и можно сразу объявить ещё одно — " if kept else "Да, можно — "
        return (f"{head}но только быстрое ({okn}); медленное ({badn}) — нельзя, пока стек не пуст", lines,
                _dedup([*(["303.3"] if kept else []), "304.1", *[n for x in ok for n in _step(x).cites], *_step(bad[0]).cites]))
    x = runs[0]
    ak = ACTIONS[x.kind]
    s = _step(x)
    told = [n for res in x.result.results[:-1] for c in res.consequences if c.rules and c.result == "выполняется" for n in c.rules]
    if s.legal and told:
        return (f"Да, можно: после выполнения верхнего игродействия приоритет получает Активный игрок, а {ak.ru} — "
                f"{'быстрое' if ak.speed == 'fast' else 'медленное'} игродействие", [c.line() for res in x.result.results for c in res.consequences if c.rules],
                _dedup(["303.4", "304.1", *ak.rules[:1], *told]))
    mine = [st for st in x.mapping["steps"][:-1] if "declare" in st and st["declare"]["player"] == x.mapping["steps"][-1]["declare"]["player"]]
    if s.legal and mine and not any("pass" in st for st in x.mapping["steps"]):
        return (f"Да, можно: после объявления приоритет остаётся у вас, а {ak.ru} — "
                + ("быстрое игродействие: его можно объявлять, даже если стек не пуст" if ak.speed == "fast" else "не использует стек"),
                [c.line() for res in x.result.results for c in res.consequences if c.rules], _dedup(["303.3", "304.1", *ak.rules[:1], *s.cites]))
    if s.legal:
        how = ("быстрое игродействие: его можно объявлять, даже если стек не пуст, когда есть приоритет" if ak.speed == "fast"
               else "стек пуст, а медленное игродействие объявляется при пустом стеке" if ak.speed == "slow"
               else "не использует стек и выполняется сразу")
        return (f"Да, можно: {ak.ru} — {how}", [c.line() for c in s.consequences if c.rules],
                _dedup(["304.1", *ak.rules[:1], *s.cites]))
    reason = s.reasons[0].text if s.reasons else ""
    return (f"Нет, нельзя: {reason[:1].lower()}{reason[1:]}", [c.line() for c in s.reasons],
            _dedup([n for c in s.reasons for n in c.rules] + ["304.1"]))


def _parts_verdict(x: Run) -> tuple[str, list[str], list[str]] | None:
    """The parts of a game action read off a declared and resolved movement: declared (into
    the stack), resolved on two passes, paid last (301.1, 302.2, 302.6)."""
    s1, s3 = _step(x, 0), _step(x, 2)
    pay = max((k for k, c in enumerate(s3.consequences) if "302.6" in c.rules), default=None)
    done = next((k for k, c in enumerate(s3.consequences) if c.result == "перемещается"), None)
    if not s1.stack or pay is None or done is None or pay < done:
        return None
    lines = [c.line() for s in (s1, s3) for c in s.consequences if c.rules]
    return ("Из объявления, выполнения и оплаты: игродействие объявляется (стековое — заносится в стек), затем выполняется, "
            "а оплата — последняя его часть"), lines, ["301.1", "302.6", "302.2"]


def _definition_verdict(r: ActionReading, x: Run) -> tuple[str, list[str], list[str]] | None:
    """``priority_count``: one holder after every step (303.1); ``rule_effects``: the symbiote
    the resolution left without a host dies in that step, before priority is given (303.6);
    ``aloud``: whether the declared kind is a claim the player says (301.1)."""
    lines = [c.line() for res in x.result.results for c in res.consequences if c.rules]
    if r.asked == "priority_count":
        holders = [s.priority for s in x.result.results]
        if not holders or any(h not in (ME, OPP) for h in holders):
            return None
        fact = "в каждый момент приоритетом владеет только один игрок"
        return (f"Нет, {fact}" if r.yes_no else f"Один игрок: {fact}"), lines, ["303.1"]
    if r.asked == "rule_effects":
        s3 = _step(x, 2)
        died = any(c.result == "погибает" and c.card == "Симбиот противника" for c in s3.consequences)
        if not died or s3.priority is None:
            return None
        fact = "эффекты правил игры применяются до того, как игрок получит приоритет"
        why = "(симбиот, оставшийся без хозяина, погибает при выполнении, и только затем приоритет получает Активный игрок)"
        if r.yes_no:
            return f"{'Да' if r.claim == 'before' else 'Нет'}, {fact} {why}", lines, ["303.6", "209.4"]
        return f"До того, как игрок получит приоритет: {fact} {why}", lines, ["303.6", "209.4"]
    ak = ACTIONS[x.kind]
    if not _step(x, 0).legal:
        return None
    if ak.aloud:
        return f"Да, {ak.ru} — игровая заявка игрока: он её объявляет", lines, ["301.1"]
    return ("Нет: формально игрок делает и заявки, обусловленные правилами игры (это тоже игродействия), "
            "но объявлять их вслух необязательно"), lines, ["301.1"]


def _payment_verdict(r: ActionReading, x: Run) -> tuple[str, list[str], list[str]] | None:
    """Payment read off the resolution of a movement: it is paid in that step, after the effect."""
    s3 = _step(x, 2)
    res = [c.result for c in s3.consequences if c.result]
    pay = max((k for k, c in enumerate(s3.consequences) if "302.6" in c.rules), default=None)
    done = next((k for k, c in enumerate(s3.consequences) if c.result == "перемещается"), None)
    if pay is None or done is None or not res:
        return None
    lines = [c.line() for c in s3.consequences if c.rules]
    if r.asked == "when_paid":
        return ("После выполнения игродействия: оплата — последняя его часть" if pay > done else None), lines, ["302.6", "301.1"]
    if r.asked == "part_of":
        head = "Да, оплата" if r.yes_no else "Оплата"
        return f"{head} — последняя часть игродействия (объявление, выполнение, оплата), а не отдельное игродействие", lines, \
            ["301.1", "302.6"]
    return ("Нет, оплата — не отдельное игродействие, а последняя часть игродействия (объявление, выполнение, оплата)", lines,
            ["301.1", "302.6"])


def _when_verdict(r: ActionReading, runs: list[Run]) -> tuple[str, list[str], list[str]] | None:
    """Each kind declared on an empty and on a non-empty stack: slow only on the empty one,
    fast on both (304.1); kinds of a class that differ give no verdict."""
    pattern = {(x.kind, bool(x.mapping["state"].get("stack"))): _step(x).legal for x in runs}
    kinds = list(dict.fromkeys(x.kind for x in runs))
    shapes = {(pattern[(k, False)], pattern[(k, True)]) for k in kinds}
    if len(shapes) != 1:
        return None
    empty, full = shapes.pop()
    ak = ACTIONS[kinds[0]]
    lines = [c.line() for x in runs for c in (_step(x).reasons or [c for c in _step(x).consequences if c.rules][:1])]
    cites = _dedup(["304.1", *ak.rules[:1], "303.1"])
    if empty and not full:
        return ("Да, только когда стек пуст (и у игрока есть приоритет)" if r.yes_no and r.only
                else "Только когда стек пуст (и у игрока есть приоритет)"), lines, cites
    if empty and full:
        return ("Нет, в любой момент, когда у игрока есть приоритет, даже если стек не пуст" if r.yes_no and r.only
                else "В любой момент, когда у игрока есть приоритет, даже если стек не пуст"), lines, cites
    return None


def _priority_verdict(r: ActionReading, x: Run) -> tuple[str, list[str], list[str]] | None:
    s = _step(x)
    holder = s.priority
    roles = getattr(x, "roles", {})
    active = roles.get("active")
    declarer = roles.get("declarer")
    passer = roles.get("passer")
    last = x.mapping["steps"][-1]
    lines = [c.line() for res in x.result.results for c in res.consequences if c.rules]
    cites = _dedup([n for c in s.consequences for n in c.rules if n not in ("302.2",)] or list(s.cites))
    if "declare" in last:
        if holder != declarer:
            return None
        ak = ACTIONS[last["declare"]["kind"]]
        cites = ["303.3", "302.2"] if ak.uses_stack else ["303.5", "302.4"]
        fact, role = "приоритет остаётся у объявившего игрока", "declarer"
    elif "pass" in last and not s.value and passer is not None and holder != passer:
        fact, role = "пас передаёт приоритет противнику спасовавшего игрока", "passer_opponent"
        cites = ["303.2"]
    elif holder == active:
        fact, role = "приоритет получает Активный игрок", "active"
        if "subphase" in last:
            cites = ["303.1", "408.2"]
        else:
            cites = ["303.4", "302.7"]
    else:
        return None
    if not r.yes_no:
        if role == "passer_opponent":
            told_passer = next((s_[1] for s_ in r.told if s_[0] == "pass"), None)
            if not any(t.text in ("кто", "кому", "кого") or t.lemma == "приоритет" for t in r.toks):     # «я спасовал, что дальше?»
                return ("Приоритет переходит к вам" if holder == ME else "Приоритет переходит к вашему противнику") + \
                    ": пас передаёт приоритет противнику", lines, cites
            who = {None: "Противник спасовавшего игрока", ME: "Ваш противник", OPP: "Вы"}[told_passer]
            return f"{who}: пас передаёт приоритет противнику (пас — не игродействие)", lines, cites
        who = {"declarer": "У игрока, объявившего игродействие: он может объявить ещё одно или спасовать",
               "active": "Активный игрок"}[role]
        if r.active is not None or any(s_[1] is not None for s_ in r.told if s_[0] in ("declare", "pass")):
            who += f" ({RU_PLAYER[holder]})"
        return who, lines, cites
    asked = r.recipient
    if asked == "opponent" and passer is not None and declarer is None:
        yes = holder != passer
    elif asked == "opponent":
        yes = declarer is not None and holder != declarer
    elif asked == "inactive":
        yes = holder != active
    elif asked == "active":
        yes = holder == active
    elif asked == "passer":
        yes = passer is not None and holder == passer
    else:
        return None
    return f"{'Да' if yes else 'Нет'}, {fact}", lines, cites


def _dedup(xs) -> list[str]:
    return list(dict.fromkeys(str(x) for x in xs if x))


_ASKED_RU = {"when": "когда его можно объявить", "next": "что происходит дальше", "part_of": "часть ли это игродействия",
             "when_paid": "когда производится оплата", "when_resolves": "когда выполняется объявленное игродействие",
             "which_speed": "какие игродействия такой скорости", "uses_stack": "использует ли оно стек", "speed": "медленное оно или быстрое", "is_action": "игродействие ли это",
             "legal": "можно ли его объявить", "priority": "у кого приоритет", "which_stack": "какие игродействия используют стек",
             "parts": "из чего состоит игродействие", "priority_count": "сколько игроков владеют приоритетом",
             "rule_effects": "когда применяются эффекты правил игры", "aloud": "нужно ли объявлять это вслух",
             "divide": "на какие группы делятся игродействия", "when_stacked": "когда игродействие заносится в стек"}


def understood(r: ActionReading, runs: list[Run]) -> str:
    """«Как я понял: …» — the action(s), the told steps and the asked property."""
    parts: list[str] = []
    if r.active:
        parts.append(f"Активный игрок — {RU_PLAYER[r.active]}")
    if r.asked in ("uses_stack", "speed", "is_action", "legal") and r.action is not None:
        names = ", ".join(ACTIONS[x.kind].ru if x.kind in ACTIONS else "пас" for x in runs)
        parts.append(f"игродействие: {names}")
    if runs and runs[0].lines and r.asked in ("legal", "priority"):
        parts += runs[0].lines
    parts.append("вопрос: " + ("можно ли ответить на него (использует ли оно стек)" if r.respond else _ASKED_RU[r.asked]))
    return "Как я понял: " + "; ".join(parts) + "."
