"""A card text resolved on a board, with a verdict for «что будет?» / «будет ли X?».

Two entry points:

- ``resolve_text(text, state, source, use) -> BoardVerdict``: the text run by
  ``bot.sim.ability`` on a copy of ``state`` (``explain TEXT --scenario FILE`` and the ask
  reader use it); the verdict says which parts happen and why, each with its paragraph;
- ``read_board_facts(sentence) -> BoardFacts | None``: the board facts a question states
  next to a quoted card text («у противника нет ни одного закрытого существа», «все
  существа противника открыты», «противник отказался»), words from the ``card_board.facts``
  section of grammar/lexicon.yaml; ``board_for(text, facts)`` builds the smallest board the
  text needs on which those facts hold (a target is assumed to exist unless a fact says
  none does; every assumption is listed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.sim.ability import STATUS_RU, Resolution, Use, parse_ability, resolve_on_board
from bot.sim.state import Card, GameState, parse_cell
from bot.textnorm import fold

OPPOSITE = {"closed": "open", "open": "closed"}
RESTRICTION_RU = {"closed": "закрытого", "open": "открытого", "flying": "летающего", "wounded": "раненого", None: ""}
STATE_RU = {"closed": "закрытое", "open": "открытое", "flying": "летающее", "wounded": "раненое"}
OWNER_RU = {"enemy": "противника", "own": "ваших", None: ""}


@dataclass
class BoardVerdict:
    """``resolution`` of the text on the board, ``verdict`` (Russian, with paragraphs),
    ``citations`` (505 first), ``board`` (card id -> ``Card.to_json()`` after it),
    ``assumed`` (what the built board assumed, Russian lines)."""

    resolution: Resolution
    verdict: str | None
    citations: list[str]
    board: dict[str, dict]
    assumed: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """``{steps:[{text, done, rule, …}], citations, verdict, parts, results, unsupported,
        board, assumed}`` (the ``explain`` contract of DESIGN.md plus the board)."""
        out = self.resolution.to_json()
        out.update({"verdict": self.verdict, "citations": list(self.citations), "board": self.board,
                    "assumed": list(self.assumed)})
        return out


@dataclass(frozen=True)
class Fact:
    """One stated board fact: ``kind`` ``none`` | ``exists`` | ``refuse``; ``owner``
    ``enemy`` | ``own`` | ``None``; ``restriction`` (``closed``, ``open``, …) or ``None``;
    ``said``: the clause it was read from."""

    kind: str
    owner: str | None
    restriction: str | None
    said: str


@dataclass
class BoardFacts:
    """The facts of a question (``facts``) and its clauses no fact was read from that
    name a card or creature (``unread``: then the board is not known)."""

    facts: list[Fact]
    unread: list[str]

    @property
    def refuse(self) -> bool:
        return any(f.kind == "refuse" for f in self.facts)


def _words() -> dict:
    from bot.vocab import section

    return section("card_board")["facts"]


def _has(text: str, stems: list[str]) -> bool:
    return any(re.search(r"(?<![а-яё])" + re.escape(fold(s)), text) for s in stems)


def _first(text: str, stems: list[str]) -> int:
    """Position of the first word of ``text`` starting with one of ``stems`` (len when none)."""
    hits = [m.start() for s in stems for m in [re.search(r"(?<![а-яё])" + re.escape(fold(s)), text)] if m]
    return min(hits) if hits else len(text)


def _counted_none(clause: str, w: dict) -> bool:
    """«Закрытых существ у противника нет»: the creatures named in the genitive plural
    (``creature_none`` forms) before «нет» — there are none, like «нет ни одного …»."""
    forms = w.get("creature_none") or ()
    return any(re.search(r"(?<![а-яё])" + re.escape(fold(f)) + r"(?![а-яё])", clause) for f in forms) \
        and re.search(r"(?<![а-яё])нет(?![а-яё])", clause) is not None


def read_board_facts(question: str) -> BoardFacts:
    """Board facts stated in ``question`` outside its quotes (see module doc)."""
    from bot.abilities.outcome_words import QUOTE_MARK, sentences

    w = _words()
    facts: list[Fact] = []
    unread: list[str] = []
    lead_in = re.compile(r"^\s*(?:[А-Яа-яЁё]+\s+){0,3}[А-Яа-яЁё]+\s*:\s*(?=" + re.escape(QUOTE_MARK) + ")")
    for sent in sentences(question):
        # «Карта: "…"», «Текст карты: «…»»: a label of the quoted text, not a board fact
        m = lead_in.match(sent)
        if m and not any(_has(fold(m.group(0)), w[k]) for k in ("none", "exists", "every", "refuse")):
            sent = sent[m.end():]
        for raw in re.split(r"[,;:—–]|\s-\s|\s(?:и|а|но)\s", sent.replace(QUOTE_MARK, " ")):
            clause = fold(raw).strip(" .?!")
            if not clause:
                continue
            if _has(clause, w["refuse"]):
                facts.append(Fact("refuse", "enemy", None, raw.strip()))
                continue
            if not _has(clause, w["creature"]):
                continue
            if _has(clause, w["other"]):
                unread.append(raw.strip())  # «у существа нет дополнительных жизней» is not about the board's creatures
                continue
            owner = "enemy" if _has(clause, w["enemy"]) else "own" if _has(clause, w["own"]) else None
            restr = next((r for r in ("closed", "open", "flying", "wounded") if _has(clause, w[r])), None)
            if _has(clause, w["none"]):
                if _first(clause, w["creature"]) < _first(clause, w["none"]) and not _counted_none(clause, w):
                    unread.append(raw.strip())  # «существо не …»: not «there is none»
                    continue
                facts.append(Fact("none", owner, restr, raw.strip()))
            elif _has(clause, w["every"]) and restr in OPPOSITE:
                facts.append(Fact("none", owner, OPPOSITE[restr], raw.strip()))
            elif _has(clause, w["exists"]):
                facts.append(Fact("exists", owner, restr, raw.strip()))
            elif not re.search(r"\b(что|как|кто|ли)\b", clause):
                unread.append(raw.strip())
    return BoardFacts(facts, unread)


def _excluded(facts: list[Fact], owner: str | None, restriction: str | None) -> Fact | None:
    """The «none» fact that forbids a creature of ``owner`` with ``restriction`` (None if any)."""
    for f in facts:
        if f.kind != "none":
            continue
        if f.owner is not None and owner is not None and f.owner != owner:
            continue
        if f.restriction is None or f.restriction == restriction:
            return f
    return None


def board_for(text: str, facts: BoardFacts) -> tuple[GameState, Card, Use, list[str]]:
    """The smallest board ``text`` needs on which ``facts`` hold: the source «Источник»
    (first player, c2, open), one creature per target the parts ask for (unless a fact says
    none exists: then one that does not fit, when the fact allows it), a free cell for a
    relocation. Returns ``(state, source, use, assumed)``."""
    from bot.abilities.effects import thaw
    from bot.abilities.resolve import number_parts

    st = GameState()
    src = Card(id="Источник", owner="first", cell=parse_cell("c2"), lives=10)
    st.cards[src.id] = src
    result = parse_ability(text)
    nums, _ = number_parts(result.ast) if result.ast else ({}, ())
    use = Use(src.id, refuse=facts.refuse)
    assumed: list[str] = ["источник — ваше открытое существо «Источник» на c2; у созданных существ по 10 жизней "
                          "(условно: вопрос о них ничего не говорит)"]
    free = {"second": iter(["c4", "b4", "d4", "a4", "e4", "c5", "b5", "d5"]),
            "first": iter(["b2", "d2", "a2", "e2", "c1", "b1", "d1", "a1"])}
    leaves = [n for n in result.ast.walk() if id(n) in nums] if result.ast else []
    for leaf in leaves:
        n = nums[id(leaf)]
        args = thaw(leaf.attr("args") or ()) or {}
        spec = (args.get("target") or {}) if isinstance(args, dict) else {}
        who = spec.get("who")
        if leaf.attr("action") == "move":
            use.targets[n] = {"to": "c3"}
        if who in ("self", "it", "named") or leaf.attr("action") not in ("wound", "discharge", "shot", "throw", "heal",
                                                                          "destroy", "return_to_deck", "return_to_hand",
                                                                          "exile", "open", "close", "lose", "gain"):
            continue
        owner = spec.get("owner") or ("own" if who == "own" else "enemy" if who == "enemy" else None)
        restrs = [r for r in spec.get("restrictions") or () if r in ("closed", "open", "wounded", "flying")]
        restr = restrs[0] if restrs else None
        player = "second" if owner == "enemy" else "first"
        blocked = _excluded(facts.facts, owner or ("enemy" if player == "second" else "own"), restr)
        existing = [c for c in st.cards.values() if c is not src and c.owner == player and _fits(c, restr)]
        if blocked is None and existing:
            use.targets[n] = existing[0].id
            continue
        cid = f"Существо {'противника' if player == 'second' else 'ваше'} {len(st.cards)}"
        c = Card(id=cid, owner=player, cell=parse_cell(next(free[player])), lives=10)
        if blocked is None:
            _make_fit(c, restr, args, leaf.attr("action"))
            use.targets[n] = cid
            st.cards[cid] = c
            assumed.append(f"для части {n} есть подходящая цель: {cid}"
                           + (f" ({STATE_RU[restr]})" if restr in STATE_RU else ""))
        elif restr in OPPOSITE and _excluded(facts.facts, owner, OPPOSITE[restr]) is None:
            c.open = restr == "closed"  # the fact leaves only the opposite state
            st.cards[cid] = c
            assumed.append(f"«{blocked.said}»: {cid} {'открыто' if c.open else 'закрыто'}, подходящей цели для части {n} нет")
        else:
            assumed.append(f"«{blocked.said}»: подходящей цели для части {n} нет")
    return st, src, use, assumed


def _fits(c: Card, restr: str | None) -> bool:
    return restr is None or (restr == "closed" and not c.open) or (restr == "open" and c.open) or \
        (restr == "wounded" and c.wounds > 0) or (restr == "flying" and "flying" in c.traits)


def _make_fit(c: Card, restr: str | None, args: dict, action: str | None) -> None:
    if restr == "closed":
        c.open = False
    elif restr == "flying":
        c.traits.add("flying")
    if restr == "wounded" or action == "heal":
        c.wounds = 3
    if action == "lose":
        n = ((args.get("amount") or {}).get("n")) or 1
        c.extra_lives = int(n)


def _part_phrase(res: Resolution, n: int) -> str:
    text = dict(res.parts)[n]
    step = next((s for s in res.steps if s.part == n and s.text.startswith(f"Часть {n} ")), None)
    status = STATUS_RU.get(res.results.get(n, ""), "не дошло")
    verb = {"выполнено": "выполняется", "не выполнено": "не выполняется", "не объявлено": "не объявляется"}.get(status, status)
    why = f" ({step.reason})" if step is not None and step.reason else ""
    ref = f" (п. {', '.join(step.rules)})" if step is not None and step.rules else ""
    return f"часть {n} «{text}» {verb}{why}{ref}"


def verdict_of(res: Resolution, question: str = "") -> str | None:
    """«что будет?»: every part's fate with its reason and paragraph; «будет ли X?»: «Да, …» /
    «Нет, …» for the part X names (``None`` when its result is not known)."""
    from bot.abilities.outcome_words import match_parts
    from bot.abilities.resolve import Part

    from bot.vocab import section

    q = fold(question)
    from bot.yesno import question_kind

    whether = (any(re.search(rf"(?<![а-яё]){re.escape(w)}(?![а-яё])", q) for w in section("card_board")["ask_whether"])
               or question_kind(question) == "yes_no")
    if whether:
        from bot.abilities.outcome_words import sentences

        asked = ([s for s in sentences(question) if "?" in s] or [question])[-1]
        asked = re.split(r"[,;:—–]|\s-\s", asked)[-1]  # the asking clause: «…, будет ли излечение?»
        hits = match_parts(asked, [Part(n, t) for n, t in res.parts])
        if hits:
            n = hits[0]
            r = res.results.get(n)
            phrase = _part_phrase(res, n)
            if r == "done":
                return "Да: " + phrase
            if r in ("failed", "not_declared"):
                return "Нет: " + phrase
            return None
    if any(r in ("unsupported", "unknown", "conditional", "option") for r in res.results.values()):
        known = [_part_phrase(res, n) for n, _ in res.parts if res.results.get(n) in ("done", "failed", "not_declared")]
        return None if not known else "Известно не всё: " + "; ".join(known)
    s = "; ".join(_part_phrase(res, n) for n, _ in res.parts)
    return s[:1].upper() + s[1:]


def resolve_text(text: str, state: GameState, source: Card, use: Use | None = None, question: str = "",
                 assumed: list[str] | None = None) -> BoardVerdict:
    """Resolve ``text`` as an ability of ``source`` on a copy of ``state`` and derive the verdict.

    ``ParseError`` when the text is not card text; ``bot.sim.ability.UseError`` when ``use``
    does not fit. Rule effects (deaths, 209–212) are applied after it, as before priority
    (303.6), and listed as steps."""
    from bot.sim import effects as fx
    from bot.sim.ability import AbilityStep

    st = state.copy()
    src = st.cards[source.id]
    res = resolve_on_board(st, src, text, use or Use(src.id))
    after = fx.apply_rule_effects(st)
    if after:
        res.steps.append(AbilityStep("Эффекты правил игры применяются до получения приоритета", True, "303.6", ("303.6",),
                                     status="done"))
        for c in after:
            res.steps.append(AbilityStep(c.text, True, c.rules[0] if c.rules else None, c.rules, status="done",
                                         card=c.card, result=c.result))
        for c in ["303.6", *(r for x in after for r in x.rules)]:
            if c not in res.citations:
                res.citations.append(c)
    return BoardVerdict(res, verdict_of(res, question), list(res.citations),
                        {k: v.to_json() for k, v in sorted(st.cards.items())}, list(assumed or []))


__all__ = ["BoardVerdict", "BoardFacts", "Fact", "read_board_facts", "board_for", "resolve_text", "verdict_of"]


def explain_on_scenario(text: str, path: str, card: str | None = None, targets: dict[int, str] | None = None,
                        choose: int | None = None, refuse: bool = False,
                        declare: frozenset[int] | None = None) -> BoardVerdict:
    """``explain TEXT --scenario FILE``: ``text`` as an ability of ``card`` on the board of the
    scenario file's ``state:`` (its steps are not played). Without ``card``: the card whose
    ``abilities`` hold this text, else the only card of the player with priority.

    Raises ``ScenarioError`` (file problems, no such card, the source cannot be told),
    ``ParseError`` (not card text) and ``bot.sim.ability.UseError`` (a target or choice that
    does not fit)."""
    from bot.errors import ScenarioError
    from bot.sim.scenario import load_file

    sc = load_file(path)
    st = sc.state
    if card is None:
        same = [c for c in st.cards.values() if any(fold(t).strip(" .") == fold(text).strip(" .") for t in c.abilities.values())]
        mine = [c for c in st.cards.values() if c.owner == st.priority and c.zone == "battlefield" and c.kind == "creature"]
        pick = same if len(same) == 1 else mine if len(mine) == 1 else []
        if not pick:
            raise ScenarioError("не понятно, чья это особенность: укажите --card (есть: " + ", ".join(st.cards) + ")", path)
        card = pick[0].id
    if card not in st.cards:
        raise ScenarioError(f"нет карты «{card}»; есть: {', '.join(st.cards)}", path)
    for n, t in (targets or {}).items():
        if t not in st.cards and parse_cell(t) is None:
            raise ScenarioError(f"цель части {n}: нет карты «{t}» и это не клетка; есть: {', '.join(st.cards)}", path)
    use = Use(card, targets=dict(targets or {}), choose=choose, refuse=refuse, declare=declare)
    return resolve_text(text, st, st.cards[card], use)
