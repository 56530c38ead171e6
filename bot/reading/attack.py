"""An asked attack-like action, read compositionally and compiled into a scenario: attack a
card (302.3, 506.5), wound it (508.1.1), stand as the defender against a simple strike
(210.2) or have an attack redirected into it (211.2, 212.9).

``read_attack(rd, sent, neg_word, yes_no)`` reads the asked sentence into
``Asked("attack", card, actions=…, attacker=…)``. An action word is a verb («атаковать»,
«ранить», «защищать», «перенаправить») or a noun phrase built on one: «нанести простой удар»
(the subject strikes), «получить раны» / «быть целью атаки» (the subject is struck),
«быть / стать защитником» (the subject defends). Who acts: the card named in the nominative
with «может»; who is struck: the card after «по» / «в», in the accusative, the nominative of a
«получить / быть целью» phrase, or — with an impersonal «можно / нельзя» — the card named.
«Удар по артефакту считается как по закрытой карте?» asks how the strike is calculated
(``Asked.struck_as``, 210.3).

``attack_scenario(reading, ids)`` builds the board (the striker on c3, the struck card — or the
creature it lies on — on c4) and one step per asked action: ``declare`` an attack, ``wound``,
or an attack declared on a creature followed by ``defend`` / ``redirect``. ``attack_ruling``
reads the verdict off the asked steps (a scaffolding attack is not asked). Words: the
``attacks`` section of ``grammar/lexicon.yaml`` and ``reader.attack_verbs / wound_verbs /
attack_nouns``.
"""

from __future__ import annotations

from bot.reading.lexicon import section_sets
from bot.reading.reader import _WH
from bot.sim.outcome import StepResult, rules_of

_DEFAULT_CLASS = "воин"
# The paragraph that lets a kind of card be attacked (a strike on an artifact is as on a closed card).
_TARGET_RULES = {"artifact": "210.3"}
_ACT_RU = {"attack": "атаковать", "wound": "ранить", "defend": "выступить защитником", "redirect": "перенаправить атаку"}
_OBJECT_PRONOUNS = frozenset("его ее её их него нее неё нему ней".split())
# Actions that need an attack already declared on another creature (the scaffolding step).
_ON_AN_ATTACK = ("defend", "redirect")


def _w() -> dict[str, frozenset[str]]:
    return section_sets("attacks")


def _is(rd, name: str, t) -> bool:
    ws = _w()[name]
    return t is not None and (t.lemma in ws or t.text in ws)


def _before(rd, t, names: tuple[str, ...], span: int = 3, after: bool = False):
    """The nearest token of one of the word lists ``names`` up to ``span`` words before ``t``
    (with ``after``, then after it) in its clause, or ``None``."""
    for step in ((-1, 1) if after else (-1,)):
        for k in range(1, span + 1):
            u = rd.tok(t.i + step * k)
            if u is None or u.clause != t.clause:
                break
            if any(_is(rd, n, u) for n in names):
                return u
    return None


def _passive(t) -> bool:
    """A passive participle («атакована», «ранен»): its subject is acted on."""
    from bot.morph import analyzer

    return t.pos in ("PRTS", "PRTF") and analyzer().parse(t.text)[0].tag.voice == "pssv"


def _actions(rd, sent: list) -> list[tuple[str, list[int], str]]:
    """``(action, used token indices, role)`` of each asked action word of ``sent``; role
    ``by`` — the nominative card acts, ``to`` — it is struck (see module doc)."""
    w = rd.w
    out: list[tuple[str, list[int], str]] = []
    taken: set[int] = set()
    for t in sent:
        if t.i in taken:
            continue
        if t.lemma in w.attack_verbs:
            out.append(("attack", [t.i], "to" if _passive(t) else "by"))   # «может быть атакована»: it is struck
        elif t.lemma in w.wound_verbs:
            out.append(("wound", [t.i], "to" if _passive(t) else "by"))
        elif _is(rd, "defend_verbs", t):
            out.append(("defend", [t.i], "by"))
        elif _is(rd, "redirect_verbs", t):
            out.append(("redirect", [t.i], "by"))
        elif _is(rd, "defender_nouns", t):
            cop = _before(rd, t, ("copulas",))
            kak = rd.tok(t.i - 1)
            out.append(("defend", [t.i, *([cop.i] if cop else []), *([kak.i] if kak is not None and kak.text == "как" else [])], "by"))
        elif _is(rd, "wound_nouns", t):
            recv = _before(rd, t, ("receive_verbs",), 4, after=True)     # «раны она не получает»
            strike = _before(rd, t, ("strike_verbs",), 4, after=True)
            if recv is not None:
                out.append(("wound", [t.i, recv.i], "to"))
            elif strike is not None:
                out.append(("wound", [t.i, strike.i], "by"))
            else:
                continue
        elif t.lemma in w.attack_nouns:
            aim = _before(rd, t, ("target_nouns",), 2)
            strike = _before(rd, t, ("strike_verbs",))
            if aim is not None:     # «быть целью атаки»: the subject is attacked
                cop = _before(rd, aim, ("copulas",))
                out.append(("attack", [t.i, aim.i, *([cop.i] if cop else [])], "to"))
            elif strike is not None:
                out.append(("attack", [t.i, strike.i], "by"))
            elif any(u is not None and u.text == "по" and u.clause == t.clause for u in (rd.tok(t.i + 1), rd.tok(t.i + 2))):
                out.append(("attack", [t.i], "by"))     # «простой удар по артефакту …»: a strike by someone
            else:
                continue
        else:
            continue
        taken.update(out[-1][1])
    # «перенаправить атаку», «отразить простой удар», «защищать от удара»: the attack noun is the verb's object
    if any(a in ("defend", "redirect") for a, _, _ in out):
        out = [x for x in out if not (x[0] == "attack" and x[2] == "by" and len(x[1]) == 1 and rd.toks[x[1][0]].lemma in w.attack_nouns)]
    return out


def _struck_as(rd, sent: list) -> tuple[str | None, list[int]]:
    """«(считается) как по закрытой / открытой (карте)»: ``(closed | open | either, used)``."""
    said: list[str] = []
    used: list[int] = []
    for t in sent:
        side = "closed" if _is(rd, "struck_closed", t) else "open" if _is(rd, "struck_open", t) else None
        if side is None:
            continue
        p1, p2 = rd.tok(t.i - 1), rd.tok(t.i - 2)
        if p1 is not None and p1.text == "по" and (p2 is not None and p2.text == "как" or said):
            said.append(side)
            used += [t.i, p1.i, *([p2.i] if p2 is not None and p2.text == "как" else [])]
            nxt = rd.tok(t.i + 1)
            if nxt is not None and nxt.lemma == "карта":
                used.append(nxt.i)
    if not said:
        # «как считается / рассчитывается простой удар по артефакту?»: the way it is struck is asked
        how = next((t for t in sent if t.text == "как" and _is(rd, "struck_verbs", rd.tok(t.i + 1))
                    and rd.tok(t.i + 1).lemma not in ("идти", "проходить")), None)
        if how is None:
            return None, []
        return "either", [how.i, how.i + 1]
    for t in sent:
        if _is(rd, "struck_verbs", t) or t.text == "или":
            used.append(t.i)
    return ("either" if len(set(said)) > 1 else said[0]), used


def read_attack(rd, sent: list, neg_word: str | None, yes_no: bool) -> bool:
    """Set ``rd.r.asked`` to the asked attack-like action of ``sent`` and return ``True``, or
    return ``False`` when the sentence asks none (see module doc)."""
    from bot.reading.reader import Asked

    if _struck_as(rd, sent)[0] is not None and not any(t.text == "по" and (t.i + 1 in rd.mention or t.i + 2 in rd.mention)
                                                        for t in sent):
        # «бью простым ударом по артефакту, он открытый стоит. как считать удар, как по открытой?»: the strike
        # is told before the sentence asking how it is calculated — the two are read as one
        told = _told_strike(rd, sent)
        if told:
            sent = told + sent
    acts = _actions(rd, sent)
    if not acts:
        return False
    actions = tuple(dict.fromkeys(a for a, _, _ in acts))
    if len(actions) > 1 and any(a in _ON_AN_ATTACK for a in actions):
        return False        # «атаковать и защищать»: two different asked steps — not modelled together
    struck_first = any(role == "to" for _, _, role in acts)
    all_cards = [(t.i, rd.r.cards[rd.mention[t.i]]) for t in sent if t.i in rd.mention and t.i not in rd.complement]
    seen_keys: set[str] = set()     # a name of several words is one card
    cards = [(i, c) for i, c in all_cards if not (c.key in seen_keys or seen_keys.add(c.key))]
    target = attacker = protected = None
    used: list[int] = []
    for i, c in all_cards:      # «мой арт стоит …, противник бьёт по нему»: any mention of the card after «по»
        prev = rd.tok(i - 1)
        if target is None and prev is not None and (prev.text == "по" or prev.text in ("в", "во") and "redirect" in actions):
            target = c
            used.append(prev.i)
    # «можно / нельзя» in the action's own sentence: no one acts; after a told act («мой артефакт атаковал
    # орка. так можно?») the act's subject in the nominative is the one who acted
    act_clauses = {rd.toks[i].clause for _, idx, _ in acts for i in idx}
    impersonal = any(t.text in ("можно", "нельзя") for t in sent)
    if impersonal and not any(t.text in ("можно", "нельзя") and t.clause in act_clauses for t in sent):
        # a told act asked «так можно?»: the card named in the nominative before its verb acted («мой
        # артефакт атаковал орка»); one after it is the object («противник атаковал мой артефакт» — an
        # inanimate accusative reads as a nominative), a player acting names no card
        first_verb = min(i for _, idx, _ in acts for i in idx)
        impersonal = not any(rd.toks[i].case == "nomn" and i < first_verb and rd.toks[i].clause == rd.toks[first_verb].clause
                             for i, _ in cards)
    for i, c in cards:
        if c is target:
            continue
        case = rd.toks[i].case
        if actions[0] == "defend":
            if target is None and (case == "nomn" or impersonal):
                target = c          # the defender
            elif protected is None and c.kind == "creature":
                protected = c       # «прикрыть моё существо»: the creature the strike is aimed at
            continue
        if case == "ablt" and attacker is None and c.kind == "creature":
            attacker = c            # «можно ли хозяином ударить …»: the instrumental strikes
        elif struck_first and case == "nomn" and target is None:
            target = c              # «местность получает раны», «экипировка — цель атаки»
        elif attacker is not None and target is None:
            target = c          # «хозяин может атаковать своего симбиота»: the card after the attacker
        elif not impersonal and case == "nomn" and attacker is None:
            attacker = c
        elif target is None and (case in ("accs", "gent", "datv") or impersonal):
            target = c
        elif attacker is None and case == "nomn":
            attacker = c
    if actions[0] in _ON_AN_ATTACK and target is None:
        return False
    if target is None and any(t.text in _OBJECT_PRONOUNS and t.i in rd.mention for t in sent):
        return False        # «он может его атаковать?» with «его» read as the attacker itself: no target read
    if attacker is None and target is None:
        return False
    if attacker is not None and attacker.kind in ("terrain", "equipment"):
        return False        # no rule says how a terrain or an equipment attacks: not modelled, not «может»
    if target is not None and attacker is not None and target.kind in ("symbiote", "parasite") and target.host is None \
            and target.own_word and attacker.kind == "creature":
        target.host = attacker.key      # «существо атакует своего симбиота»: the symbiote on it
    if target is None and "wound" in actions:
        return False
    struck_as, struck_used = _struck_as(rd, sent)
    if struck_as is not None and (actions != ("attack",) or target is None):
        return False
    rd.use(*used, *struck_used, *(i for _, idx, _ in acts for i in idx))
    for _, idx, _ in acts:      # «раны она не получает?»: the action word negated states a ban to confirm
        ne = rd.tok(min(idx) - 1) if len(idx) == 1 else next((rd.tok(i - 1) for i in idx if rd.tok(i - 1) is not None
                                                             and rd.tok(i - 1).text == "не"), None)
        if ne is not None and ne.text == "не":
            neg_word = neg_word or "не может"
            rd.use(ne.i)
    for t in sent:      # «простым ударом», «простой удар», «или»
        if t.lemma in rd.w.attack_nouns or t.lemma == "простой" or t.text == "или":
            rd.use(t.i)
    if struck_as is not None and target is not None and target.kind == "artifact":
        last = max(t.sent for t in sent)
        _read_told_state(rd, target, [t for t in rd.toks if t.sent <= last])
    if struck_as == "either":
        yes_no = False
    done = set(rd.r.used)
    if not yes_no and struck_as != "either" and all(t.i in done for t in sent if t.text in _WH):
        yes_no = True       # «как защитник», «как по закрытой»: «как» compares, it does not ask
    rd.r.asked = Asked("attack", target.key if target else None, actions=actions,
                       attacker=attacker.key if attacker else None, on=protected.key if protected else None,
                       negated=neg_word is not None, yes_no=yes_no, neg_word=neg_word, struck_as=struck_as,
                       impersonal=impersonal)
    return True


def _told_strike(rd, sent: list) -> list:
    """The words of the nearest sentence before ``sent`` that tells a strike aimed «по» a card
    («противник бьёт простым ударом по моему артефакту»), or ``[]``."""
    first = sent[0].sent if sent else 0
    for k in range(first - 1, -1, -1):
        words = rd.in_sent(k)
        if any((t.lemma in rd.w.attack_verbs or t.lemma in rd.w.attack_nouns) for t in words) and any(
                t.text == "по" and rd.tok(t.i + 1) is not None and (t.i + 1 in rd.mention or t.i + 2 in rd.mention)
                for t in words):
            return list(words)
    return []


def _read_told_state(rd, target, sent: list) -> None:
    """«он открытый стоит», «артефакт же не закрыт», «раз он не закрывался»: the open / closed
    state told of the struck artifact (``CardInfo.open_state``); its words are used — the
    strike is calculated as on a closed card whatever it is (210.3), the scenario keeps the
    state told. Words: ``attacks.state_open`` / ``state_closed`` / ``state_verbs``."""
    for t in sent:
        if t.i in rd.r.used:
            continue
        p = rd.tok(t.i - 1)
        nxt = rd.tok(t.i + 1)
        if p is not None and p.text == "по" and not (nxt is not None and rd.mention.get(nxt.i) == target.key):
            continue        # «как по открытой»: the asked way, not a state told («по открытому артефакту» is)
        side = True if _is(rd, "state_open", t) else False if _is(rd, "state_closed", t) else None
        if side is None:
            continue
        clause = [u for u in sent if u.clause == t.clause]
        if not any(rd.mention.get(u.i) == target.key for u in clause):
            continue
        neg = p is not None and p.text == "не"
        target.open_state = side != neg
        rd.use(t.i, *([p.i] if neg else []),
               *(u.i for u in clause if _is(rd, "state_verbs", u) or u.text in ("же", "ж", "раз", "ведь")))


def _resolves_specially(reading, a) -> bool:
    """The strike's target makes its resolution special: an artifact (struck as a closed card,
    210.3) or the attacker's own host / attached card (an ordinary attack, 209.9)."""
    t = reading.cards.get(a.card) if a.card else None
    att = reading.cards.get(a.attacker) if a.attacker else None
    if t is None:
        return False
    return t.kind == "artifact" or att is not None and (t.host == att.key or att.host == t.key)


def _asked_steps(a, steps: list[dict]) -> list[int]:
    """Indices of the asked steps: the wound, defend, redirect and attack declarations — not the
    attack a defence / redirect rests on, nor the passes that resolve a strike."""
    out = []
    for k, st in enumerate(steps):
        op = next(iter(st))
        if op in ("wound", "defend", "redirect") or op == "declare" and not (k == 0 and a.actions[0] in _ON_AN_ATTACK):
            out.append(k)
    return out


def attack_scenario(reading, ids: dict[str, str]) -> dict:
    """The scenario of an asked attack-like action (see module doc): cards, then the steps."""
    from bot.reading.reader import ATTACHABLE

    a = reading.asked
    cards: list[dict] = []
    cells = {"first": ["c3", "b3", "d3"], "second": ["c4", "b4", "d4"]}
    actor_key = a.card if a.actions[0] == "defend" else a.attacker

    def owner_of(key: str | None, default: str) -> str:
        c = reading.cards.get(key) if key else None
        if c is None or c.owner is None:
            if c is not None and c.host and a.attacker and c.host == a.attacker:
                return owner_of(a.attacker, "first")
            return default
        return "first" if c.owner == "me" else "second"

    # the side that strikes: the attacker's; for a defender / a redirect target, the other side
    if a.actions[0] in _ON_AN_ATTACK:
        struck_side = owner_of(a.card, "second")
        strike_side = "first" if struck_side == "second" else "second"
    else:
        strike_side = owner_of(a.attacker, "first")
        struck_side = "second" if strike_side == "first" else "first"
    att_id = ids.get(a.attacker) if a.attacker else None
    if att_id is None:
        att_id = "Атакующее существо"
        cards.append({"id": att_id, "owner": strike_side, "class": _DEFAULT_CLASS, "cell": cells[strike_side].pop(0)})
    for key, c in reading.cards.items():
        owner = owner_of(key, strike_side if key == a.attacker else struck_side)
        m: dict = {"id": ids[key], "owner": owner}
        if c.kind in ("symbiote", "parasite"):
            m["traits"] = ["parasite" if c.kind == "parasite" else "symbiote"]
        elif c.kind == "equipment":
            m.update(kind="equipment", equipment_class="оружие")
        elif c.kind in ("artifact", "terrain"):
            m["kind"] = c.kind
        if c.kind in ("creature", "symbiote", "parasite") and c.has_class is not False:  # a symbiote is a creature with a class unless told (209, 212.2)
            m["class"] = _DEFAULT_CLASS
        if c.open_state is not None:
            m["open"] = c.open_state        # «он открытый стоит»: the state told
        traits = [t for t, v in c.traits.items() if v]
        if traits:
            m["traits"] = [*m.get("traits", []), *traits]
        from bot.reading.compile import _card_text
        m.update(_card_text(c))
        if c.kind in ATTACHABLE:
            if c.host:
                m["host"] = ids[c.host]
            else:
                holder = f"Существо {'противника' if owner == 'second' else 'игрока'}"
                cards.append({"id": holder, "owner": owner, "class": _DEFAULT_CLASS, "cell": cells[owner].pop(0)})
                m["host"] = holder
        else:
            m["cell"] = cells[owner].pop(0)
        cards.append(m)
    steps: list[dict] = []
    if a.actions[0] in _ON_AN_ATTACK:
        aimed = ids[a.on] if a.on else None
        if aimed is None:
            aimed = "Атакуемое существо"
            cards.append({"id": aimed, "owner": struck_side, "class": _DEFAULT_CLASS, "cell": cells[struck_side].pop(0)})
        steps.append({"declare": {"player": strike_side, "kind": "attack", "card": att_id, "target": aimed}})
        steps.append({a.actions[0]: ids[a.card]})
    actions = a.actions
    if actions == ("wound",) and a.attacker and reading.cards[a.attacker].kind == "creature":
        actions = ("attack", "wound")   # «хозяин ранит симбиота»: a creature wounds by its strike (302.3)
    for act in actions:
        if act == "attack":
            st = {"player": strike_side, "kind": "attack", "card": att_id}
            if a.card:
                st["target"] = ids[a.card]
            steps.append({"declare": st})
            if a.struck_as is not None or _resolves_specially(reading, a):
                # how the strike is calculated shows when it resolves: both pass (303.4, 210.3, 209.9)
                steps += [{"pass": strike_side}, {"pass": struck_side}]
        elif act == "wound" and a.card:
            steps.append({"wound": {"card": ids[a.card], "n": 1}})
    state: dict = {"cards": cards}
    if strike_side == "second":
        state = {"active": "second", "cards": cards}    # the striker declares in his own turn
    return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": state, "steps": steps}


def attack_ruling(reading, results: list[StepResult], trace: list[str], mapping: dict, ids: dict[str, str]):
    """The verdict of an asked attack-like action off the asked steps' results: «Да, может /
    можно …» with the paragraphs of what happened, or «Нет, …» with the refusing rule."""
    from bot.reading.compile import Ruling
    from bot.reading.compile import short_reason

    a = reading.asked
    mapping["expect"] = {"steps": [{"step": k + 1, "legal": r.legal} for k, r in enumerate(results)]}
    asked = [results[k] for k in _asked_steps(a, mapping["steps"]) if k < len(results)]
    if a.actions[0] in _ON_AN_ATTACK and not results[0].legal:
        return Ruling("", [], [], trace, mapping, ids)      # the attack it rests on was refused: nothing to say
    target = reading.cards.get(a.card) if a.card else None
    if a.struck_as is not None:
        return _struck_ruling(reading, results, trace, mapping, ids)
    personal = not a.impersonal
    legal = [r for r in asked if r.legal]
    what = " или ".join(_ACT_RU[x] for x in a.actions)
    if legal:
        cites: list[str] = []
        if target is not None and target.kind in _TARGET_RULES and "attack" in a.actions:
            cites.append(_TARGET_RULES[target.kind])
        att = reading.cards.get(a.attacker) if a.attacker else None
        if target is not None and att is not None and (target.host == att.key or att.host == target.key):
            cites.append("209.9")       # a host and its symbiote may attack each other
        if not cites:   # no rule of the kinds decides it: the paragraphs of what the legal steps did
            for r in legal:
                cites += [n for n in rules_of([c for c in r.consequences if c.rules]) if n not in cites]
        if target is None or a.actions[0] == "defend":
            obj = ""
        else:
            obj = f" в {target.ru('accs')}" if a.actions[0] == "redirect" else f" {target.ru('accs')}"
        verdict = f"Да, {'может' if personal else 'можно'} {what}{obj}"
        return Ruling(verdict, [c.line() for r in legal for c in r.consequences if c.rules], cites, trace, mapping, ids)
    reasons = [c for r in asked for c in r.reasons]
    reason = short_reason(reasons[0].text) if reasons else ""
    head = "не может" if personal else "нельзя"
    verdict = f"Нет, {head}: {reason[:1].lower()}{reason[1:]}" if reason else f"Нет, {head}"
    return Ruling(verdict, [c.line() for c in reasons], rules_of(reasons), trace, mapping, ids)


def _struck_ruling(reading, asked: list[StepResult], trace: list[str], mapping: dict, ids: dict[str, str]):
    """«Удар по артефакту считается как по закрытой карте?»: the simulator's «как по закрытой»
    consequence (210.3) against the asked side; no such consequence — no verdict."""
    from bot.reading.compile import Ruling

    a = reading.asked
    line = next((c for r in asked for c in r.consequences if c.result == "как по закрытой"), None)
    if line is None:
        return Ruling("", [], [], trace, mapping, ids)
    fact = "как по закрытой карте"
    if a.struck_as == "either" or not a.yes_no:
        verdict = fact[:1].upper() + fact[1:]
    else:
        yes = (a.struck_as == "closed") != a.negated
        verdict = f"{'Да' if yes else 'Нет'}, {fact}"
    return Ruling(verdict + f": {line.text[:1].lower()}{line.text[1:]}" if a.yes_no and a.struck_as != "either" else verdict,
                  [line.line()], rules_of([line]), trace, mapping, ids)


def asked_ru(reading) -> str:
    """The asked action in plain Russian, for «Как я понял: …»: «вопрос: может ли
    артефакт выступить защитником», «вопрос: можно ли перенаправить атаку в местность»."""
    a, cards = reading.asked, reading.cards
    target = cards[a.card] if a.card else None
    if a.struck_as is not None:
        return f"вопрос: как рассчитывается простой удар по карте: {target.ru()}"
    if a.actions[0] == "defend":
        aimed = f" при ударе по {cards[a.on].ru('loct')}" if a.on else ""
        return f"вопрос: может ли {target.ru()} выступить защитником{aimed}"
    if a.actions[0] == "redirect":
        return f"вопрос: можно ли перенаправить атаку в {target.ru('accs')}"
    who = cards[a.attacker].ru() if a.attacker else "ваше существо"
    whom = f" {target.ru('accs')}" if target is not None else ""
    acts = " или ".join(_ACT_RU[x] for x in a.actions)
    return f"вопрос: может ли {who} {acts}{whom}"
