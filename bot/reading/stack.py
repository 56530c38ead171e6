"""Stack and priority told as a story: «Я объявил действие картой, оно легло в стек.
Противник в ответ объявил внезапное действие. Что выполнится первым?» (issue 11).

``read_stack(question)`` reads who declared which game action and who passed, in told
order, what already lies on the stack («верхним в стеке лежит мой бросок кубика»), and the
asked proposition: ``first`` (what resolves first), ``next`` («что дальше?»), ``priority``
(who holds priority now). ``answer(question, edition)`` compiles that into a scenario — a
response told as «в ответ» implies the responder got priority, so the holder's pass is
put before it and said in «Как я понял» — runs it and reads the answer off the results.
Words: ``stack_actions``, ``declare_verbs``, ``pass_verbs`` in ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer, Block
from bot.reading.tokens import Tok, tokenize
from bot.sim.actions import ACTIONS
from bot.vocab import section, words as vocab_words

_ME = frozenset({"я", "мой", "мне", "меня", "мы", "свой"})
_OPPONENT = frozenset({"противник", "соперник", "оппонент", "враг", "друг"})
_STACK_WORDS = frozenset({"стек", "стека", "стеке", "стеку"})
_PLAYER_RU = {"first": "вы", "second": "противник"}


@dataclass
class StackStory:
    """``initial``: actions on the stack before the story (bottom to top) as (player, kind);
    ``steps``: told steps in order — ``("declare", player, kind)`` | ``("pass", player)``;
    ``asked``: ``first`` | ``next`` | ``priority``; ``active`` whose turn is told;
    ``after_resolve`` the priority is asked after the top action resolves; ``used`` /
    ``unread``: word indices used and the content words nothing used."""

    initial: list[tuple[str, str]] = field(default_factory=list)
    steps: list[tuple] = field(default_factory=list)
    asked: str | None = None
    active: str | None = None       # whose turn it is, when told («я активный», «ход противника»)
    after_resolve: bool = False     # «у кого приоритет после того как оно выполнится?»: after the top resolves
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


def _actions() -> list[tuple[tuple[str, ...], str]]:
    return [(tuple(str(p).split()), str(k)) for p, k in section("stack_actions")]


def _player_near(toks: list[Tok], i: int, used: set[int]) -> str | None:
    """The player of the clause of word ``i``: «я», «мой» -> first; «противник» -> second."""
    clause = [t for t in toks if t.clause == toks[i].clause]
    for t in clause:
        if t.lemma in _ME or t.text in _ME:
            used.add(t.i)
            return "first"
        if t.lemma in _OPPONENT:
            used.add(t.i)
            return "second"
    return None


def read_stack(question: str) -> StackStory | None:
    """The stack story of ``question``, or ``None`` when it tells none."""
    toks, ends = tokenize(question)
    if not any(t.text in _STACK_WORDS or t.lemma in ("пас", "пасовать", "спасовать", "пасануть", "ответ", "приоритет")
               for t in toks):
        return None
    s = StackStory()
    decl = {str(x) for x in section("declare_verbs")}
    passes = {str(x) for x in section("pass_verbs")}
    acts = _actions()
    asked_sent = max((k for k, e in enumerate(ends) if "?" in e), default=max(t.sent for t in toks) if toks else 0)
    # the actions named, by lemma sequences (two words first)
    named: dict[int, str] = {}
    for t in toks:
        if t.i in named:
            continue
        for pat, kind in acts:
            seq = toks[t.i:t.i + len(pat)]
            if len(seq) == len(pat) and all(u.lemma == p or u.text == p for u, p in zip(seq, pat)):
                for u in seq:
                    named[u.i] = kind
                    s.used.add(u.i)
                break
    kinds_at = sorted((i, k) for i, k in named.items() if i == 0 or named.get(i - 1) != k or True)
    first_at: dict[str, int] = {}
    for i, k in kinds_at:
        first_at.setdefault(f"{k}@{toks[i].clause}", i)
    last_player = "first"
    for t in toks:
        if t.lemma in decl and t.sent != asked_sent or t.lemma in decl and t.tense == "past":
            kind = next((named[j] for j in range(t.i + 1, min(t.i + 4, len(toks))) if j in named), None)
            if kind is None:
                continue
            who = _player_near(toks, t.i, s.used) or last_player
            s.steps.append(("declare", who, kind))
            s.used.add(t.i)
            last_player = who
        elif (t.lemma in passes or t.text in passes) and t.sent != asked_sent:
            who = _player_near(toks, t.i, s.used) or last_player
            s.steps.append(("pass", who))
            s.used.add(t.i)
            last_player = who
        elif t.lemma == "лежать" and any(u.text in _STACK_WORDS for u in toks if u.clause == t.clause):
            kind = next((named[u.i] for u in toks if u.clause == t.clause and u.i in named), None)
            if kind is not None:
                who = _player_near(toks, t.i, s.used) or "first"
                s.initial.append((who, kind))
                s.used.add(t.i)
    # whose turn: «я активный (игрок)», «мой ход», «ход противника»
    active_words = {str(x) for x in section("stack_active")}
    for t in toks:
        nxt = toks[t.i + 1] if t.i + 1 < len(toks) else None
        if t.lemma in active_words:
            who = _player_near(toks, t.i, s.used)
            if who is not None:
                s.active = who
                s.used.add(t.i)
                if nxt is not None and nxt.lemma == "игрок":
                    s.used.add(nxt.i)
        elif t.lemma == "ход" and t.sent != asked_sent:
            prev = toks[t.i - 1] if t.i > 0 else None
            if prev is not None and prev.lemma in _ME or nxt is not None and nxt.lemma in _ME:
                s.active = "first"
                s.used |= {t.i, *(u.i for u in (prev, nxt) if u is not None and u.lemma in _ME)}
            elif nxt is not None and nxt.lemma in _OPPONENT:
                s.active = "second"
                s.used |= {t.i, nxt.i}
    # the creature a declaration is made with («объявил движение своим сущем»): no fact the stack needs
    from bot.reading.lexicon import kind_of, name_of
    declared = {toks[i].clause for i in s.used if toks[i].lemma in decl}
    for t in toks:
        if t.clause in declared and (kind_of(t.text) == "creature" or name_of(t.text)) and t.case not in ("nomn",):
            s.used.add(t.i)
    # told consequences and linking words: «оно легло в стек», «в ответ», «тоже», «верхним», «потом»
    told_words = {str(x) for x in section("stack_told")}
    for t in toks:
        if t.text in _STACK_WORDS or t.lemma in ("лечь", "ложиться", "верхний", "ответ", "тоже", "потом", "затем", "оно", "она", "он"):
            s.used.add(t.i)
        if t.sent != asked_sent and (t.lemma in told_words or t.text in told_words):
            s.used.add(t.i)
        if t.text == "в" and t.i + 1 < len(toks) and (toks[t.i + 1].text in _STACK_WORDS or toks[t.i + 1].lemma == "ответ"):
            s.used.add(t.i)
    sent = [t for t in toks if t.sent == asked_sent]
    texts = {t.text for t in sent}
    if "приоритет" in texts:
        s.asked = "priority"
        for t in sent:      # «после того как оно выполнится», «после выполнения»: once the top action resolved
            nxt = toks[t.i + 1] if t.i + 1 < len(toks) else None
            if t.text == "после" and nxt is not None and (nxt.lemma in ("выполнение", "разрешение") or nxt.text == "того"):
                tail = [u for u in sent if u.i > t.i and u.clause in (t.clause, t.clause + 1)][:5]
                if nxt.lemma in ("выполнение", "разрешение") or any(u.lemma in ("выполниться", "разрешиться") for u in tail):
                    s.after_resolve = True
                    s.used |= {t.i, nxt.i, *(u.i for u in tail if u.text in ("как", "оно", "она", "он") or
                                              u.lemma in ("выполниться", "разрешиться"))}
            elif t.text == "после" and nxt is not None and nxt.lemma == "объявление" and s.steps and s.steps[-1][0] == "declare":
                s.used |= {t.i, nxt.i}      # «сразу после объявления»: the moment the story ends at
                s.used |= {u.i for u in sent if u.text == "сразу"}
        for t in sent:
            if t.text == "приоритет" or t.lemma in ("оставаться", "остаться", "уходить", "уйти", "переходить", "перейти", "получать",
                                                    "получить", "кто", "у", "к", "или") or t.lemma in _ME or t.lemma in _OPPONENT:
                s.used.add(t.i)
    elif "что" in texts and any(t.lemma in ("выполниться", "выполняться", "разрешиться") for t in sent):
        s.asked = "first"
        for t in sent:
            if t.text == "что" or t.lemma in ("выполниться", "выполняться", "разрешиться", "первый", "раньше", "сначала"):
                s.used.add(t.i)
    elif "что" in texts and any(t.text in ("дальше", "теперь", "потом") or t.lemma in ("происходить", "произойти", "быть") for t in sent):
        s.asked = "next"
        for t in sent:
            if t.text in ("что", "дальше", "теперь", "потом") or t.lemma in ("происходить", "произойти", "быть"):
                s.used.add(t.i)
    stop, filler = vocab_words("stop_words"), vocab_words("filler")
    s.unread = list(dict.fromkeys(t.text for t in toks if t.i not in s.used and not t.quote and t.text not in stop
                                  and t.lemma not in filler and not t.text.isdigit()))
    return s if (s.steps or s.initial) and s.asked else None


def to_scenario(story: StackStory, question: str) -> tuple[dict, list[str]]:
    """The scenario of the story and the Russian lines of how it was read. A declaration
    by the player without priority is preceded by the holder's pass (a response presumes it)."""
    lines: list[str] = []
    stack = [{"name": ACTIONS[k].ru, "player": p, "kind": k} for p, k in story.initial]
    for p, k in story.initial:
        lines.append(f"в стеке лежит {ACTIONS[k].ru} ({'ваше' if p == 'first' else 'противника'})")
    steps: list[dict] = []
    # the story starts with whoever acts first holding priority; a slow declaration by the
    # opponent happens in the opponent's turn (304.1, 303.1)
    holder = story.steps[0][1] if story.steps else "first"
    active = story.active or holder
    for st in story.steps:
        if st[0] == "declare":
            _, who, kind = st
            if who != holder:
                steps.append({"pass": holder})
                lines.append("вы пасуете (иначе противник не мог бы ответить)" if holder == "first"
                             else "противник пасует (иначе вы не могли бы ответить)")
                holder = who
            steps.append({"declare": {"player": who, "kind": kind, "name": ACTIONS[kind].ru}})
            lines.append(f"{'вы объявляете' if who == 'first' else 'противник объявляет'}: {ACTIONS[kind].ru}")
        else:
            _, who = st
            if who != holder:
                steps.append({"pass": holder})      # to pass, the player must hold priority: the other passed first
                lines.append("вы пасуете" if holder == "first" else "противник пасует (иначе вы не могли бы пасовать)")
                holder = who
            steps.append({"pass": who})
            lines.append("вы пасуете" if who == "first" else "противник пасует")
            holder = "second" if who == "first" else "first"
    state = {"active": active, "priority": story.steps[0][1] if story.steps else "first",
             "cards": [{"id": "Ваше существо", "owner": "first", "class": "воин", "cell": "c3"},
                       {"id": "Существо противника", "owner": "second", "class": "воин", "cell": "c4"}]}
    if stack:
        state["stack"] = stack
    title = "Вопрос: " + " ".join(question.split())[:120]
    return {"title": title, "state": state, "steps": steps}, lines


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The stack story answered by the simulator, or ``None`` (not a stack story, or a word
    of it not read)."""
    from bot.errors import ScenarioError
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    story = read_stack(question)
    if story is None or story.unread:
        return None
    if not story.initial and not any(st[0] == "declare" for st in story.steps) and "верхн" in question.lower():
        return None     # «…что с верхним игродействием?»: something lies on the stack that the story does not tell
    mapping, lines = to_scenario(story, question)
    told_resolved = any(a.get("pass") and b.get("pass") for a, b in zip(mapping["steps"], mapping["steps"][1:])
                        if a.get("pass") != b.get("pass"))
    if (story.asked == "first" or story.after_resolve) and not told_resolved:      # both pass until the top resolves
        sim_steps = list(mapping["steps"])
        holder = "first"
        for st in sim_steps:
            if "pass" in st:
                holder = "second" if st["pass"] == "first" else "first"
            elif "declare" in st:
                holder = st["declare"]["player"]
        mapping["steps"] += [{"pass": holder}, {"pass": "second" if holder == "first" else "first"}]
    if not mapping["steps"]:
        return None
    n = len(mapping["steps"])
    try:
        res = sc.run(sc.load(dump({**mapping, "expect": {"steps": [{"step": n, "legal": True}]}}), "<вопрос>"))
    except ScenarioError:
        return None
    if not all(r.legal for r in res.results):
        return None
    if story.asked == "first" or story.after_resolve:
        # the first resolution (the told passes may resolve the top already): what resolves first, who then holds priority
        done = next((k for k, r in enumerate(res.results) if "pass" in mapping["steps"][k] and r.value), None)
        if done is None:
            return None
        n = done + 1
        last = res.results[done]
    else:
        last = res.results[-1]
    sim_state_priority = last.priority
    if story.asked == "first":
        if not last.value or last.value == "phase_end":
            return None
        verdict = f"Первым выполнится {last.value}: оно верхнее в стеке — объявлено последним"
        cites = ["302.7", "303.4"]
        mapping["expect"] = {"steps": [{"step": n, "value": last.value}]}
    elif story.asked == "next":
        if last.value and last.value != "phase_end":
            verdict = f"Выполняется верхнее игродействие — {last.value}: оба игрока последовательно спасовали; затем приоритет получает Активный игрок"
            cites = ["303.4", "302.7"]
            mapping["expect"] = {"steps": [{"step": n, "value": last.value}]}
        elif last.value == "phase_end":
            verdict = "Стек пуст и оба игрока спасовали: фаза (подфаза) завершается"
            cites = ["408.2", "302.8"]
            mapping["expect"] = {"steps": [{"step": n, "value": "phase_end"}]}
        else:
            verdict = f"Приоритет у игрока: {'вы' if sim_state_priority == 'first' else 'противник'}"
            cites = [n_ for c in last.consequences for n_ in c.rules][:2] or ["303.3"]
            mapping["expect"] = {"steps": [{"step": n, "priority": sim_state_priority}]}
    elif story.after_resolve:
        if not last.value or last.value == "phase_end":
            return None
        mine = sim_state_priority == "first"
        verdict = (f"{'У вас' if mine else 'У противника'} — у Активного игрока: после выполнения игродействия "
                   "приоритет получает Активный игрок")
        cites = ["303.4"]
        mapping["expect"] = {"steps": [{"step": n, "priority": sim_state_priority}]}
    else:
        mine = sim_state_priority == "first"
        declared_last = next((st for st in reversed(mapping["steps"]) if "declare" in st), None)
        kept = declared_last is not None and declared_last["declare"]["player"] == sim_state_priority
        verdict = ("Остаётся у вас" if mine else "У противника") + (
            ": после объявления приоритет остаётся у объявившего" if kept else "")
        cites = ["303.3"] if kept else ["303.2", "303.4"]
        mapping["expect"] = {"steps": [{"step": n, "priority": sim_state_priority}]}
    understood = "Как я понял: " + "; ".join([*lines, {"first": "вопрос: что выполнится первым",
                                                        "next": "вопрос: что происходит дальше",
                                                        "priority": "вопрос: у кого приоритет" + (
                                                            " после выполнения верхнего игродействия"
                                                            if story.after_resolve else "")}[story.asked]]) + "."
    blocks = [Block("list", title="Почему", items=tuple(c.line() for r in res.results for c in r.consequences if c.rules)[-4:]),
              Block("steps", title="Моделирование", items=tuple(res.trace))]
    return Answer(question=question, route="scenario", verdict=verdict, blocks=blocks, citations=cites,
                  trace=list(res.trace), understood=understood, reading=mapping, unread=[])
