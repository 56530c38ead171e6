"""How many terrains a player may have, read compositionally (211.3, 211.4): «сколько
местностей может быть под контролем одного игрока?», «у меня в отряде уже есть местность,
можно набрать ещё одну?», «у меня карта, которая позволяет взять вторую местность. сколько
местностей я могу контролировать?».

``read_terrain_asked(rd, sent, yes_no)`` reads the asked count («сколько») or the asked second
terrain («вторую», «ещё одну», «две»), a terrain told already in the squad («уже есть»), and an
ability told to allow a second one («позволяет взять вторую»). The compiled scenario recruits
terrains one by one (``recruit``; ``extra_terrain`` for the allowing ability) and the
simulator's limit decides. Words: ``terrains`` section of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from functools import lru_cache

from bot.reading.lexicon import section_sets



@lru_cache(maxsize=1)
def _how_many() -> frozenset[str]:
    """«сколько», «скока», «скок»: ``reader.how_many`` of grammar/lexicon.yaml."""
    from bot.textnorm import fold
    from bot.vocab import section

    return frozenset(fold(str(w)) for w in section("reader").get("how_many") or ("сколько",))

def _w() -> dict[str, frozenset[str]]:
    return section_sets("terrains")


def _is(name: str, t) -> bool:
    return t is not None and (t.lemma in _w()[name] or t.text in _w()[name])


def read_terrain_asked(rd, sent: list, yes_no: bool) -> bool:
    """Set ``rd.r.asked`` (``Asked("terrains", card, actions=(count | second, have?, allowed?))``)."""
    from bot.reading.reader import Asked

    terr = [t for t in rd.toks if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind == "terrain"]
    verb = next((t for t in sent if _is("take_verbs", t)), None)
    if verb is None and rd.has_modal(rd.asked_sent):
        # «у меня две местности в отряде — можно?»: terrains told in the squad, the modal asks if that is allowed
        verb = next((t for t in sent if _is("squad", t)), None)
    second = [t for t in sent if _is("second_words", t)]
    second += [t for t in sent if t.text in ("ещё", "еще") and rd.tok(t.i + 1) is not None
               and rd.tok(t.i + 1).text in ("одну", "один", "одна")]
    second += [t for t in sent if _is("both", t)]      # «могу контролировать обе?»: the second one held too
    # «… уже есть местность. могу я взять ещё одну?»: the terrain named before is the one asked
    asked_terr = [t for t in sent if t in terr] or (terr[-1:] if second else [])
    if not asked_terr or verb is None and not any(_is("control", t) for t in sent):
        return False
    gone = [t for t in rd.toks if _is("leave_words", t) and t.sent != rd.asked_sent]
    if any(_is("leave_words", t) for t in rd.toks) and not gone:
        return False
    if gone:    # «одна из моих двух местностей покинула игровую зону»: two held by an ability, one left (211.4)
        rd.use(*(t.i for t in gone))
        for t in rd.toks:
            if t.sent == gone[0].sent and (t.lemma in ("два", "один", "из", "игровой", "зона") or t.text in ("из", "двух", "одна")):
                rd.use(t.i)
    how_many = next((t for t in sent if t.text in _how_many()), None)
    if how_many is None and not second:
        return False
    used = [t.i for t in terr] + [t.i for t in second] + ([how_many.i] if how_many else []) + ([verb.i] if verb else [])
    allowed = False
    for t in rd.toks:
        if _is("allow_verbs", t):
            allowed = True
            used += [t.i] + [u.i for u in rd.toks if u.clause == t.clause and (_is("take_verbs", u) or _is("second_words", u)
                                                                               or u.lemma in ("который", "карта", "особенность", "способность"))]
    have = any(_is("already", t) and any(u in terr and u.clause == t.clause for u in rd.toks) for t in rd.toks)
    for t in rd.toks:   # «взял в отряд местность.», «я взял (вторую)»: a terrain told taken before the question
        if _is("take_verbs", t) and t.sent != rd.asked_sent and t.tense == "past" and t.i not in rd.r.used:
            took_terrain = any(u in terr and u.clause == t.clause for u in rd.toks)
            if took_terrain or allowed:
                have = have or took_terrain
                p = rd.tok(t.i - 1)
                used += [t.i] + ([p.i] if p is not None and p.lemma == "я" else [])
    for t in rd.toks:
        if _is("already", t) or _is("control", t) or _is("squad", t) or t.lemma == "игрок" or _is("no_ability", t) \
                or _is("at_once", t):
            used.append(t.i)        # «одновременно»: what controlling them means (211.3)
        if t.text in ("в", "под") and (_is("squad", rd.tok(t.i + 1)) or _is("control", rd.tok(t.i + 1))):
            used.append(t.i)
        if t.text in ("одного", "одну", "ещё", "еще", "один", "одна", "одной") or t.lemma in ("есть", "лежать", "быть"):
            used.append(t.i)
        if t.text == "без" and rd.tok(t.i + 1) is not None and (_is("no_ability", rd.tok(t.i + 1)) or rd.tok(t.i + 1).lemma
                                                                  in ("особенность", "способность")):
            used.append(t.i)
    rd.use(*used)
    forever = [t for t in sent if _is("forever", t) or t.text == "всю" and rd.tok(t.i + 1) is not None
               and rd.tok(t.i + 1).lemma == "игра"]
    rd.use(*(t.i for t in forever), *(t.i + 1 for t in forever if t.text == "всю"))
    for t in sent:      # «до конца боя», «в любом случае»: longer than 211.4 allows, as «навсегда»
        nx, nx2 = rd.tok(t.i + 1), rd.tok(t.i + 2)
        if t.text == "до" and nx is not None and nx.lemma == "конец" and nx2 is not None and nx2.lemma in ("бой", "игра", "партия"):
            forever.append(t)
            rd.use(t.i, nx.i, nx2.i)
        elif t.text == "в" and nx is not None and nx.lemma in ("любой", "всякий") and nx2 is not None and nx2.lemma == "случай":
            forever.append(t)
            rd.use(t.i, nx.i, nx2.i)
    if gone:    # «я дальше / по-прежнему могу контролировать две?»: after one left — the time is the one told
        rd.use(*(t.i for t in sent if _is("still", t)))
    acts = ("count" if how_many else "second",) + (("have",) if have else ()) + (("allowed",) if allowed or gone else ()) \
        + (("forever",) if forever else ()) + (("one_left",) if gone else ())
    rd.r.asked = Asked("terrains", rd.mention[asked_terr[0].i], actions=acts, yes_no=yes_no and how_many is None)
    return True


def terrain_scenario(reading, ids: dict[str, str]) -> dict:
    """The recruit phase: a terrain already in the squad when told (or for «вторую / две»), then
    terrains recruited one by one — three for «сколько», one for the asked second."""
    a = reading.asked
    state: dict = {"phase": "recruit", "cards": []}
    if "allowed" in a.actions:
        state["extra_terrain"] = ["first"]
    steps: list[dict] = []
    if "one_left" in a.actions:     # two held by the ability, one leaves, then the player recruits again
        state["cards"] += [{"id": "Местность 1", "owner": "first", "kind": "terrain", "cell": "a1"},
                           {"id": "Местность 2", "owner": "first", "kind": "terrain", "cell": "b1"}]
        steps = [{"leave": "Местность 2"}, {"recruit": {"id": "Местность 3", "owner": "first", "kind": "terrain", "cell": "d1"}}]
        return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": state, "steps": steps}
    if "count" in a.actions and "have" not in a.actions:
        new = ["Местность 1", "Местность 2", "Местность 3"]
    else:
        state["cards"].append({"id": "Местность 1", "owner": "first", "kind": "terrain", "cell": "a1"})
        new = ["Местность 2", "Местность 3"] if "count" in a.actions else ["Местность 2"]
    cells = iter(["b1", "d1", "e1"])
    for cid in new:
        steps.append({"recruit": {"id": cid, "owner": "first", "kind": "terrain", "cell": next(cells)}})
    return {"title": "Вопрос: " + " ".join(reading.question.split())[:120], "state": state, "steps": steps}


def terrain_ruling(reading, res, mapping: dict, ids: dict[str, str]):
    """How many terrains the simulator let the player take, or whether the asked one was."""
    from bot.reading.compile import Ruling
    from bot.sim.outcome import rules_of

    a = reading.asked
    mapping["expect"] = {"steps": [{"step": k + 1, "legal": r.legal} for k, r in enumerate(res.results)]}
    lines = [c for r in res.results for c in (r.consequences if r.legal else r.reasons) if c.rules]
    cites = list(dict.fromkeys(rules_of(lines)))
    if "one_left" in a.actions:
        n = 1 + (1 if res.results[-1].legal else 0)
        cites = list(dict.fromkeys(["211.4", "211.3", *cites]))
        verdict = ("Одна: вторая местность разрешена, только пока обе в игровой зоне; одна покинула её — теперь не более одной"
                   if n == 1 else "Две")
        if a.yes_no and n == 1:     # «могу (дальше) контролировать две?»: no
            verdict = "Нет, " + verdict[:1].lower() + verdict[1:]
        elif a.yes_no:
            return Ruling("", [], [], list(res.trace), mapping, ids)
        return Ruling(verdict, [c.line() for c in lines], cites, list(res.trace), mapping, ids)
    if "count" in a.actions:
        n = sum(1 for r in res.results if r.legal) + (1 if "have" in a.actions else 0)
        if n == 1:
            verdict = "Одна: под контролем игрока не более одной местности; две — только если особенность позволяет взять вторую"
            cites = list(dict.fromkeys(["211.3", "211.4", *cites]))
        elif n == 2:
            verdict = "Две местности: особенность позволяет взять вторую — пока одна из них не покинет игровую зону"
            cites = list(dict.fromkeys(["211.4", "211.3", *cites]))
        else:
            return Ruling("", [], [], list(res.trace), mapping, ids)
        return Ruling(verdict, [c.line() for c in lines], cites, list(res.trace), mapping, ids)
    r = res.results[-1]
    if r.legal and "forever" in a.actions:      # «две местности всю игру?»: only while both stay in the game zone (211.4)
        return Ruling("Нет, две местности — только пока обе в игровой зоне: когда одна из них её покинет, "
                      "вторую взять уже нельзя", [c.line() for c in lines], list(dict.fromkeys(["211.4", *cites])),
                      list(res.trace), mapping, ids)
    if r.legal:
        return Ruling("Да, две местности — пока одна из них не покинет игровую зону: особенность позволяет взять вторую",
                      [c.line() for c in lines], list(dict.fromkeys(["211.4", *cites])), list(res.trace), mapping, ids)
    return Ruling("Нет, не более одной местности: две — только если особенность позволяет взять вторую",
                  [c.line() for c in r.reasons], list(dict.fromkeys([*rules_of(r.reasons), "211.3"])), list(res.trace), mapping, ids)
