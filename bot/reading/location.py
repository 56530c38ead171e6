"""Where a card is, asked compositionally: «где стоит симбиот?», «симбиот стоит на отдельной
клетке или на той же, что и хозяин?», «считаются ли экипировка и её хозяин стоящими рядом?»,
«сколько клеток занимает артефакт?», «артефакты располагаются на поле боя или во
вспомогательной зоне?», «где находится местность до вскрытия?».

``read_location_asked(rd, sent, yes_no)`` reads the asked sentence into
``Asked("where", card, predicate=…)``: the card of a kind (attachable, artifact, terrain,
creature), the asked option (``same_cell`` | ``separate_cell`` | ``nearby`` | ``battlefield``
| ``additional_zone`` | ``cells`` — how many cells, | ``None`` — where), and when: «до
вскрытия» (the card stands unrevealed, ``Asked.actions`` ``("before_reveal",)``), else the
game after the reveal step.

``location_scenario`` builds the board — an attachable card on its host (or unrevealed on a
cell of its own before the reveal), an artifact / terrain / creature on a cell, revealed by
a ``reveal`` step unless asked before it — and the ``locate`` step; the simulator's
``locate`` (bot.sim.engine) states where the card is with the paragraph. ``location_ruling``
names the place or compares it with the asked option. Words: the ``locations`` section of
``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from functools import lru_cache

from bot.reading.tokens import phrase_at
from bot.vocab import section

_OPTIONS = ("same_cell", "separate_cell", "nearby", "battlefield", "additional_zone", "occupies")


@lru_cache(maxsize=1)
def _phrases() -> dict[str, tuple[tuple[str, ...], ...]]:
    from bot.textnorm import fold

    return {k: tuple(tuple(fold(x) for x in str(p).split()) for p in v) for k, v in section("locations").items()}




_PREMISE = ("если", "раз", "когда", "пока", "так как")


def _hits(rd, sent: list, key: str, premise: bool = False) -> list[list[int]]:
    """Token index lists of the phrases of ``key`` found in ``sent`` (longest first, no
    overlap); not inside a premise clause («если они на одной клетке стоят») unless ``premise``."""
    out: list[list[int]] = []
    told = set() if premise else {t.clause for t in sent if t.text in _PREMISE}
    sent = [t for t in sent if t.clause not in told]
    taken: set[int] = set()
    for p in _sorted_phrases(key):
        head = p[0]
        for t in sent:
            if head[-1] != "*" and head != t.text and head != t.lemma:
                continue        # the first word decides most misses without the phrase matcher
            if t.i not in taken and phrase_at(rd.toks, t.i, p, within="sent"):
                idx = list(range(t.i, t.i + len(p)))
                if taken.isdisjoint(idx):
                    out.append(idx)
                    taken.update(idx)
    return out


@lru_cache(maxsize=None)
def _sorted_phrases(key: str) -> tuple[tuple[str, ...], ...]:
    """The phrases of ``key``, longest first (the order ``_hits`` takes them in)."""
    return tuple(sorted(_phrases()[key], key=len, reverse=True))


def _anywhere(rd, key: str) -> list[list[int]]:
    by_sent: dict[int, list] = {}
    for t in rd.toks:   # one pass (a filter per sentence was quadratic in long stories)
        by_sent.setdefault(t.sent, []).append(t)
    out: list[list[int]] = []
    for s in sorted(by_sent):
        out += _hits(rd, by_sent[s], key, premise=True)
    return out


def read_location_asked(rd, sent: list, yes_no: bool) -> bool:
    """Set ``rd.r.asked`` to the asked place of a card (see module doc) and return ``True``, or
    return ``False`` when the sentence does not ask where a card is."""
    from bot.reading.reader import Asked

    kinds = ("symbiote", "parasite", "equipment", "artifact", "terrain")
    cards = [rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention and t.i not in rd.complement]
    subj = next((c for c in cards if c.kind in kinds), None) or (
        cards[0] if len({c.key for c in cards}) == 1 and cards[0].kind == "creature" and not cards[0].is_host_role else None)
    pair = [t for t in sent if t.text in ("они", "оба", "обе")]
    if subj is None and pair:
        # «симб на той же клетке, что и хозяин. они с ним считаются стоящими рядом?»: the pair told before
        told = [rd.r.cards[k] for j, k in sorted(rd.mention.items()) if rd.toks[j].sent < rd.asked_sent]
        subj = next((c for c in told if c.kind in ("symbiote", "parasite", "equipment")), None)
        if subj is not None:
            rd.use(*(t.i for t in pair), *(t.i for t in sent if t.i in rd.mention
                                           and rd.r.cards[rd.mention[t.i]].kind == "creature"),
                   *(t.i for t in sent if t.text in ("с", "со")))
    if subj is None:
        return False
    found = {k: _hits(rd, sent, k) for k in ("where_words", "count_cells", *_OPTIONS)}
    stand = _hits(rd, sent, "stand_verbs")
    standing = {i for idx in stand for i in idx}
    if any(t.pos == "INFN" and t.i not in standing for t in sent):
        return False        # «может ли существо стрелять по рядом стоящей карте?»: another action is asked
    if subj.kind == "creature" and not (found["count_cells"] or found["occupies"]):
        return False        # a creature's place is asked only as the cells it occupies (506.1)
    before = _anywhere(rd, "before_reveal")
    after = _anywhere(rd, "after_reveal")
    options = [k for k in _OPTIONS if found[k]]
    if "occupies" in options and len(options) > 1:
        options.remove("occupies")      # «занимает отдельную клетку?»: the other option says which cell
    if "nearby" in options and not stand:
        return False        # «рядом с хозяином стоит артефакт»: a told place, not the asked one
    # «симбиот и хозяин на одной клетке?»: a verbless yes/no states the place it asks
    verbless = yes_no and options and not any(t.pos in ("VERB", "INFN", "PRTS") for t in sent)
    if not (found["where_words"] or found["count_cells"] or options) or not (stand or found["count_cells"] or verbless):
        return False
    if before and after:
        return False
    if options == ["battlefield"] and (found["where_words"] or found["count_cells"]):
        options = []        # «где он лежит на поле?», «сколько клеток занимает на поле?»: the field is where to look
    either = any(t.text == "или" for t in sent) and len(options) >= 2
    if len(options) > 1 and not either and set(options) != {"same_cell", "nearby"}:
        return False
    if subj.kind in ("artifact", "terrain") and set(options) & {"same_cell", "nearby"}:
        return False        # a host relation of a card that lies on no host: not read
    used = [i for k in ("where_words", "count_cells", *_OPTIONS) for idx in found[k] for i in idx]
    used += [i for idx in stand for i in idx] + [i for idx in (*before, *after) for i in idx]
    used += [t.i for t in sent if t.text in ("или", "и") or t.lemma == "клетка"]
    rd.use(*used)
    for t in sent:      # «симбиот и его хозяин», «что и хозяин»: the host named with the card
        if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind == "creature" and rd.r.cards[rd.mention[t.i]].is_host_role:
            rd.use(t.i)
    pred = "cells" if found["count_cells"] else None if (found["where_words"] or either) else options[0]
    from bot.reading.reader import _WH
    if not yes_no and not found["where_words"] and not found["count_cells"] and not either \
            and all(t.i in rd.r.used for t in sent if t.text in _WH):
        yes_no = True       # «на той же клетке, что и хозяин?»: «что и» compares, it does not ask
    rd.r.asked = Asked("where", subj.key, predicate=pred, yes_no=yes_no and not either and pred not in (None, "cells"),
                       actions=("before_reveal",) if before else ())
    return True


def location_scenario(reading, ids: dict[str, str]) -> dict:
    """The board and steps of an asked place (module doc)."""
    a = reading.asked
    c = reading.cards[a.card]
    cid = ids[a.card]
    owner = "second" if c.owner == "opponent" else "first"
    before = "before_reveal" in a.actions
    m: dict = {"id": cid, "owner": owner}
    cards: list[dict] = []
    if c.kind in ("symbiote", "parasite"):
        m["traits"] = ["parasite" if c.kind == "parasite" else "symbiote", *[t for t, v in c.traits.items() if v]]
        m["class"] = "воин"
    elif c.kind == "equipment":
        m.update(kind="equipment", equipment_class="оружие")
    elif c.kind != "creature":
        m["kind"] = c.kind
    else:
        m["class"] = "воин"
        if any(c.traits.values()):
            m["traits"] = [t for t, v in c.traits.items() if v]
    if before:
        m.update(cell="a1" if owner == "first" else "a6", revealed=False)
    elif c.kind in ("symbiote", "parasite", "equipment"):
        host_owner = "second" if c.kind == "parasite" and owner == "first" else owner
        host = ids[c.host] if c.host else "Хозяин"
        cards.append({"id": host, "owner": host_owner, "class": "воин", "cell": "c3" if host_owner == "first" else "c4"})
        m["host"] = host
    else:
        m.update(cell="b2" if owner == "first" else "b5", revealed=False)
    cards.append(m)
    steps: list[dict] = []
    state: dict = {"cards": cards}
    if before or c.kind in ("artifact", "terrain", "creature"):
        state = {"phase": "reveal", "cards": cards}
    if not before and c.kind in ("artifact", "terrain", "creature"):
        steps.append({"reveal": None})     # the game after the reveal step (405.1): a terrain goes to the additional zone
    steps.append({"locate": cid})
    return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": state, "steps": steps}


def location_ruling(reading, res, mapping: dict, ids: dict[str, str]):
    """The place the simulator's ``locate`` step states, named («На той же клетке, что и
    хозяин; …») or compared with the asked option («Да, …» / «Нет, …»)."""
    from bot.reading.compile import Ruling
    from bot.sim.outcome import rules_of

    a = reading.asked
    cid = ids[a.card]
    r = res.results[-1]
    if not r.legal or not isinstance(r.value, dict) or reading.cards[a.card].unhosted:
        # a card told to be left with no host: where it stands is not what the rules say of it (209.7, 212.5)
        return Ruling("", [], [], list(res.trace), mapping, ids)
    v = r.value
    lines = [x for x in r.consequences if x.card == cid and x.rules]       # where it is, then how it got there
    lines += [x for x in res.results[0].consequences if x.card == cid and x.rules] if len(res.results) > 1 else []
    kind = reading.cards[a.card].kind
    if v["with_host"]:
        fact, truth = "на той же клетке, что и хозяин; они считаются стоящими рядом", {"same_cell", "nearby", "battlefield"}
    elif v["zone"] != "battlefield":
        fact, truth = "во вспомогательной зоне: клеток поля боя не занимает", {"additional_zone"}
    elif "before_reveal" in a.actions:
        fact, truth = "на отдельной клетке поля боя", {"separate_cell", "battlefield", "occupies"}
    else:
        fact, truth = "на поле боя (не во вспомогательной зоне), занимает одну клетку", {"battlefield", "separate_cell", "occupies"}
    if a.predicate == "cells":
        what = {"artifact": "артефакт", "terrain": "местность", "symbiote": "симбиот", "parasite": "паразит",
                "equipment": "экипировка", "creature": "существо"}[kind]
        n = v["cells"]
        fact = (f"{what} занимает одну клетку поля боя" if n == 1 else
                f"{what} не занимает клеток поля боя" + (": стоит на клетке хозяина" if v["with_host"] else
                                                         ": после вскрытия — во вспомогательной зоне"))
        verdict = fact[:1].upper() + fact[1:]
    elif a.yes_no and a.predicate:
        verdict = f"{'Да' if a.predicate in truth else 'Нет'}, {fact}"
    else:
        verdict = fact[:1].upper() + fact[1:]
    mapping["expect"] = {"cards": {cid: {"zone": v["zone"]}}}
    cites = list(dict.fromkeys(rules_of(lines)))
    return Ruling(verdict, [x.line() for x in lines], cites, list(res.trace), mapping, ids)


def asked_ru(reading) -> str:
    """The asked place in plain Russian, for «Как я понял: …»."""
    a = reading.asked
    c = reading.cards[a.card]
    when = " до вскрытия" if "before_reveal" in a.actions else ""
    q = {"cells": "сколько клеток поля боя занимает", "same_cell": "стоит ли на клетке хозяина",
         "nearby": "считаются ли стоящими рядом с хозяином", "separate_cell": "стоит ли на отдельной клетке",
         "battlefield": "находится ли на поле боя", "additional_zone": "находится ли во вспомогательной зоне",
         "occupies": "занимает ли клетку поля боя"}.get(
        a.predicate or "", "где находится")
    return f"вопрос: {q} {c.ru()}{when}"
