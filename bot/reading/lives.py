"""Lives read as a proposition (issue 11, 508.1, 508.1.1): the card's lives told («в свойствах
у него 5 жизней»), what happened to it («только что вышло в игровую зону», «никаких эффектов
на нём нет»), and the asked property:

- ``entry`` — the current maximum of lives of a card that appears in the game zone («чему
  равен максимум жизней, когда карта появляется?», «… равен этим 5?»);
- ``change`` — may the current maximum change during the game («может ли максимум жизней
  меняться / увеличиться по ходу игры?»);
- ``marks`` — how a change of lives is shown on the card («как отмечаются изменения жизней?»);
- ``icon`` — what the lives icon shows in the card's properties or its text field («значок
  жизней в текстовом поле — начальные или текущие жизни?», «разве значок в свойствах не
  текущие жизни?»).

``answer`` compiles the reading into a ``scenarios/`` mapping — a creature with the lives told
(5 by default): summoned for ``entry``, summoned and given an extra life by another card's
ability for ``change``, wounded for ``marks`` / ``icon`` — runs it with the strict loader and
reads the verdict off the card's lives, wounds and markers after the run. Every content word
must be used, else ``None``. Words: section ``lives`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answer import Answer
from bot.reading.lexicon import section_sets
from bot.reading.tokens import SentenceReader, Tok
from bot.vocab import words as vocab_words

_PLACE_RU = {"properties": "в свойствах карты", "text_field": "в текстовом поле"}
_SHOWN_RU = {"initial": "начальное количество жизней", "current": "текущие жизни"}


@dataclass
class LivesReading:
    """``asked`` (see the module) or ``None``; ``lives``: the lives told (or ``None``);
    ``claim``: for a yes/no question the value it states — a number, ``initial`` or
    ``current``; ``place``: ``properties`` / ``text_field`` for ``icon``; ``grow``: ``up`` /
    ``down`` / ``None`` (any change) for ``change``; ``yes_no``; ``used`` / ``unread``."""

    question: str
    toks: list[Tok]
    asked: str | None = None
    lives: int | None = None
    claim: object = None
    place: str | None = None
    grow: str | None = None
    yes_no: bool = True
    used: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)


class _Reader(SentenceReader):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.w = section_sets("lives")
        self.r = LivesReading(question, self.toks)

    def read(self) -> LivesReading:
        lives = [t for t in self.toks if self.has("lives", t) or self.has("wounds", t) and self.marks_asked()]
        if not lives:
            return self.r
        self.use(*(t.i for t in lives))
        self.read_told()
        self.read_asked()
        self.read_unread()
        return self.r

    def marks_asked(self) -> bool:
        """«как отображаются раны на карте?»: wounds are a lives word only where how lives
        changes are shown is asked."""
        return any(self.has("marks", t) for t in self.sent())

    def read_told(self) -> None:
        """«в свойствах у него 5 жизней», «5 жизней»: the lives told; «никаких эффектов на нём
        нет», «без эффектов»: nothing changes them; «только что вышло в игровую зону»: it appeared."""
        for t in self.toks:
            if self.has("lives", t):
                p = self.tok(t.i - 1)
                if p is not None and p.text.isdigit() and t.sent != self.asked_sent:
                    self.r.lives = int(p.text)
            if t.lemma == "эффект" and t.sent != self.asked_sent:
                clause = [u for u in self.toks if u.clause == t.clause]
                if any(u.text in ("нет", "без", "никаких", "ни") for u in clause):
                    self.use(*(u.i for u in clause if u.text in ("нет", "без", "никаких", "ни", "на", "нем", "нём", "ещё", "еще",
                                                               "него", "никакой") or u.lemma == "эффект"))
            if t.sent != self.asked_sent and self.has("properties", t):
                self.use(t.i, *(u.i for u in self.toks if u.clause == t.clause and u.text in ("в", "у", "него", "нее", "неё")))

    def read_asked(self) -> None:
        r, sent = self.r, self.sent()
        texts = [t.text for t in sent]
        r.yes_no = "ли" in texts or not any(x in vocab_words("wh_words") for x in texts)
        for t in sent:
            if t.text in ("ли", "можно", "может", "могут", "разве", "вообще", "это", "этим", "этой", "эти") or t.lemma == "карта":
                self.use(t.i)
        alt = next((t for t in sent if t.text == "или"), None)
        if alt is not None:
            r.yes_no = False
            self.use(alt.i)
        icon = [t for t in sent if self.has("icon", t)]
        entry = [t for t in self.toks if self.has("entry", t)]
        change = [t for t in sent if self.has("change", t) or self.has("up", t) or self.has("down", t)]
        marks = [t for t in sent if self.has("marks", t)]
        top = [t for t in sent if self.has("max", t)]
        if icon:
            self.read_icon(sent, icon)
        elif (marks or change and not top) and (change or any(t.text == "как" for t in sent)):
            # «как отмечаются изменения жизней?», «как изменяются жизни карты?», «изменения отмечают ранами?»
            r.asked = "marks"
            self.use(*(t.i for t in marks + change), *(t.i for t in sent if t.text in ("как", "на", "в") or self.has("game_time", t)))
            wounds = [t for t in sent if self.has("wounds", t)]
            if r.yes_no:
                r.claim = "wounds" if wounds else None
                self.use(*(t.i for t in wounds))
                if r.claim is None:
                    r.asked = None
        elif entry and (top or r.lives is not None or any(self.has("initial", t) for t in sent)):
            r.asked = "entry"
            self.use(*(t.i for t in entry + top), *(t.i for t in self.toks if self.has("zone_words", t) or self.has("current", t)
                                                    or self.has("equal", t) or t.text in ("в", "когда", "при", "только", "что", "чему")
                                                    or t.text in vocab_words("wh_words") and t.sent == self.asked_sent))
            self.read_value(sent)
            if r.yes_no and r.claim is None:
                r.asked = None
        elif top and change:
            r.asked = "change"
            self.use(*(t.i for t in top + change), *(t.i for t in sent if self.has("current", t) or self.has("game_time", t)
                                                     or t.text in ("по", "в", "процессе", "свой")))
            ups = [t for t in change if self.has("up", t)]
            downs = [t for t in change if self.has("down", t)]
            r.grow = "up" if ups and not downs else "down" if downs and not ups else None
            if r.grow == "down" or not r.yes_no:
                r.asked = None      # only a rise is run (an extra life, 508.1.1)

    def read_value(self, sent: list[Tok]) -> None:
        """The value a yes/no ``entry`` question states: a number («равен этим 5?»), the initial
        lives («равен начальному?»)."""
        for t in sent:
            if t.text.isdigit():
                self.r.claim = int(t.text)
            elif self.has("initial", t):
                self.r.claim = "initial"
                self.use(t.i, *(u.i for u in sent if u.lemma in ("количество", "число")))

    def read_icon(self, sent: list[Tok], icon: list[Tok]) -> None:
        """«значок жизней в текстовом поле — это начальные или текущие?», «что обозначает значок в
        свойствах?», «разве значок в свойствах не текущие жизни?»."""
        r = self.r
        places = [("text_field", t) for t in sent if self.has("text_field", t)] + [("properties", t) for t in sent if self.has("properties", t)]
        if len({p for p, _ in places}) != 1:
            return
        r.place = places[0][0]
        self.use(*(t.i for t in icon), *(t.i for _, t in places),
                 *(t.i for t in sent if t.text in ("в", "на", "что", "какие", "какой", "каких") or self.has("show_verbs", t)
                   or self.has("field", t) or self.has("near", t)))
        values = [("current", t) for t in sent if self.has("current", t)] + [("initial", t) for t in sent if self.has("initial", t)]
        self.use(*(t.i for _, t in values))
        neg = [t for t in sent if t.text == "не" and self.tok(t.i + 1) is not None and self.tok(t.i + 1) in [v for _, v in values]]
        if r.yes_no:
            if len(values) != 1 or neg and "разве" not in [t.text for t in sent]:
                return      # «… не текущие?» without «разве»: which way it asks is not told
            r.claim = values[0][0]
            self.use(*(t.i for t in neg))
        r.asked = "icon"


def read(question: str) -> LivesReading:
    """Read ``question`` into a ``LivesReading`` (``asked`` ``None``: no lives property asked)."""
    return _Reader(question).read()


# ---------------------------------------------------------------------- compile and run
CARD = "Существо"
_GIVER = "Маг"
_GIFT = "{tap}: Выбранное ваше существо получает 1 дополнительную жизнь."


def _mapping(r: LivesReading, n: int) -> dict:
    card = {"id": CARD, "owner": "first", "cell": "c2", "class": "воин", "lives": n}
    cards = [{"id": "Существо противника", "owner": "second", "cell": "c5", "class": "воин"}]
    if r.asked in ("entry", "change"):
        steps: list[dict] = [{"summon": {"card": card}}]
        if r.asked == "change":
            cards.append({"id": _GIVER, "owner": "first", "cell": "b2", "class": "маг", "abilities": {"Дар": _GIFT}})
            steps.append({"use": {"card": _GIVER, "targets": {1: CARD}}})
    else:
        cards.append(card)
        steps = [{"wound": {"card": CARD, "n": 2}}]
    return {"title": "Вопрос: " + " ".join(r.question.split())[:120], "state": {"cards": cards}, "steps": steps}


def _run(r: LivesReading, n: int):
    """Run the scenario, fill ``expect`` with the card's lives, wounds and extra lives read off
    that run, run it again with the strict loader: ``(mapping, result, card values)``."""
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    mapping = _mapping(r, n)
    probe = {"cards": {CARD: {"lives": 0, "wounds": 0, "extra_lives": 0}}}
    res = sc.run(sc.load(dump({**mapping, "expect": probe}), "<вопрос>"))
    got = dict(res.actual["cards"][CARD])
    mapping["expect"] = {"steps": [{"step": k + 1, "legal": x.legal} for k, x in enumerate(res.results)], "cards": {CARD: got}}
    return mapping, sc.run(sc.load(dump(mapping), "<вопрос>")), got


def _ruling(r: LivesReading) -> tuple[str, dict, object, list[str]] | None:
    n = r.lives or 5
    mapping, res, got = _run(r, n)
    if not res.passed or not all(x.legal for x in res.results):
        return None
    if r.asked == "entry":
        if got["lives"] != n:
            return None
        fact = f"при появлении в игровой зоне текущий максимум жизней равен начальному количеству жизней ({n})"
        if r.yes_no:
            yes = r.claim == "initial" or r.claim == got["lives"]
            return f"{'Да' if yes else 'Нет'}, {fact}", mapping, res, ["508.1"]
        return f"Начальному количеству жизней ({n}): {fact}", mapping, res, ["508.1"]
    if r.asked == "change":
        if got["lives"] != n + 1 or got["extra_lives"] != 1:
            return None
        return (f"Да, может: в процессе игры карта может увеличивать или уменьшать текущий максимум жизней — например, "
                f"получив дополнительную жизнь, существо с {n} жизнями имеет {got['lives']}"), mapping, res, ["508.1", "508.1.1"]
    if r.asked == "marks":
        if got["wounds"] != 2 or got["lives"] != n - 2:
            return None
        if r.yes_no:
            return (f"Да, ранами, а также маркерами дополнительных или отрицательных жизней: существо с {n} жизнями, "
                    f"получив 2 раны, имеет {got['lives']} текущих жизни"), mapping, res, ["508.1.1"]
        return (f"Ранами и маркерами дополнительных или отрицательных жизней: существо с {n} жизнями, получив 2 раны, "
                f"имеет {got['lives']} текущих жизни"), mapping, res, ["508.1.1"]
    if r.asked == "icon":
        if got["lives"] != n - 2:
            return None
        shown = "current" if r.place == "text_field" else "initial"
        value = got["lives"] if shown == "current" else n
        fact = f"{_PLACE_RU[r.place]} значок жизней показывает {_SHOWN_RU[shown]} (у раненого на 2 существа с {n} жизнями — {value})"
        if r.yes_no:
            return f"{'Да' if r.claim == shown else 'Нет'}, {fact}", mapping, res, ["508.1.1"]
        head = "Текущие жизни" if shown == "current" else "Начальное количество жизней"
        return f"{head}: {fact}", mapping, res, ["508.1.1"]
    return None


_ASKED_RU = {"entry": "чему равен текущий максимум жизней появившейся карты", "change": "может ли меняться текущий максимум жизней",
             "marks": "как отмечаются изменения жизней", "icon": "что показывает значок жизней"}


def _told(r: LivesReading) -> list[str]:
    parts = [f"у существа {r.lives} жизней"] if r.lives else []
    if r.place:
        parts.append("где значок: " + _PLACE_RU[r.place])
    return parts


def answer(question: str, edition: str = "5ed") -> Answer | None:
    """The lives question answered by the simulator, or ``None``."""
    from bot.reading.route import proposition_answer

    return proposition_answer(question, edition, read, _ruling, _told, _ASKED_RU, words=("lives", ("lives", "wounds")))
