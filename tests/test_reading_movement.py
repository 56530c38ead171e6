"""Movement questions read as propositions (bot.reading.movement, issue 11, 506–507): who
moves, its state, the kind of motion, where, the told events in order and the asked
property -> a compiled scenario the simulator runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.compile import dump
from bot.reading.movement import read
from bot.sim import scenario as sc
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ what is read
def test_state_events_in_order_and_the_asked_motion():
    r = read("мой орк походил и закрылся. потом его открыли, он может опять ходить?")
    assert r.asked == "legal" and r.kind == "movement" and r.name == "орк"
    assert [e.kind if hasattr(e, "kind") else e[0] for e in r.events] == ["movement", "close", "open"]
    assert r.unread == []


def test_points_told_before_and_after_the_noun():
    assert read("Запас движения 3, сходил на 2 клетки, могу ещё?").movement == 3
    assert read("Существо с запасом движения 4 может пройти две клетки?").movement == 4
    r = read("У него не осталось единиц движения. Может он прыгнуть?")
    assert r.left == 0 and r.kind == "instead_of_movement"


def test_where_and_whose_turn():
    r = read("Может ли существо противника сходить по диагонали в мой ход?")
    assert r.dest == "diagonal" and r.owner == "second" and r.turn == "first" and r.unread == []
    assert read("Может ли существо сходить в свой ход?").turn == "own"
    assert read("Противник может ходить не в свой ход?").turn == "other"
    assert read("Можно ли прыгнуть на клетку с артефактом?").dest == "artifact"


def test_a_noun_in_an_earlier_sentence_is_an_ability_had_not_an_event():
    r = read("У существа есть прыжок. Оно уже сдвинулось на одну клетку, может прыгнуть?")
    assert [e.kind for e in r.events] == ["movement"] and r.kind == "instead_of_movement"


def test_the_same_turn_is_no_reasoning_particle():
    from bot.reading.reasoning import _has_particle
    assert not _has_particle("потом в этот же ход его открыли")
    assert _has_particle("арт же не существо") and _has_particle("это ж перемещение")


def test_an_unknown_word_leaves_the_question_unread():
    r = read("Может ли пушистое существо ходить по диагонали?")
    assert "пушистое" in r.unread


def test_a_flyer_on_the_battlefield_is_read_but_not_ruled():
    r = read("Может ли летающее существо ходить по диагонали?")
    assert r.flying and r.zone is None and r.asked is None and r.unread == []


def test_zone_modifier_and_carried_cards_are_facts_of_the_mover():
    r = read("мой летун в дополнительной зоне. сейчас ход противника, пока он думает, можно мне сходить летуном?")
    assert r.flying and r.zone == "additional_zone" and r.turn == "second" and r.asked == "legal" and r.unread == []
    r = read("на моём орке висит симбиот, из-за штрафа к движению у орка 0 ходов. может орк прыгнуть?")
    assert r.carries == ["symbiote"] and r.movement == 0 and r.kind == "instead_of_movement" and r.unread == []
    r = read("на существе экипировка, она даёт +2 движения. может ли существо сходить?")
    assert r.carries == ["equipment"] and r.bonus == 2 and r.movement is None
    # the pronoun may stand for the attached card: which card moves is not clear
    assert read("на орке висит симбиот. может ли он ходить?").asked is None


# ------------------------------------------------------------------ answers through ask
CASES = [
    # legality: state, points, cell, subphase, player
    ("Может ли существо ходить по диагонали?", "Нет", "506.1"),
    ("Закрытое существо может двигаться?", "Нет", "506.3"),
    ("не открытое существо может двигаться?", "Нет", "506.3"),
    ("Может ли закрытое существо прыгнуть?", "Нет", "506.3"),
    ("Можно ли переместить существо на занятую клетку?", "Нет", "507.2"),
    ("Можно ли сходить на клетку с артефактом?", "Нет", "507.2"),
    ("Можно ли объявить движение в подфазу действия?", "Нет", "506.2"),
    ("Неактивный игрок может объявить движение?", "Нет", "506.2"),
    ("Сейчас ход противника. Могу я объявить движение?", "Нет", "506.2"),
    ("Может ли существо двигаться, если у него закончились единицы движения?", "Нет", "506.1"),
    ("Можно ли прыгнуть, если запас движения равен 0?", "Да", "506.7"),
    ("Существо уже сделало один шаг. Может оно использовать прыжок?", "Нет", "506.7"),
    # order of moving and acting (506.5 works one way)
    ("Можно ли атаковать после движения?", "Да", "506.5"),
    ("Существо сходило, может ли оно потом ударить?", "Да", "506.5"),
    ("Я подвигал существо, могу теперь атаковать?", "Да", "506.5"),
    ("Сначала двигаюсь, потом атакую — можно?", "Да", "506.5"),
    ("Можно ли действовать после движения?", "Да", "506.5"),
    ("Может ли существо двигаться после атаки?", "Нет", "506.5"),
    ("Может ли существо двигаться, если оно атаковало?", "Нет", "506.5"),
    ("Можно ли сначала атаковать, а потом походить?", "Нет", "506.5"),
    ("Существо атаковало. Может оно потом двигаться?", "Нет", "506.5"),
    ("После действия может ли карта сходить?", "Нет", "506.5"),
    ("мое существо сходило на клетку. потом оно подействовало, может оно после этого еще походить?", "Нет", "506.5"),
    # opening restores the points (506.4)
    ("Моё существо открылось посреди хода. Оно может снова двигаться?", "Да", "506.4"),
    ("мой воин походил и закрылся. потом его открыла особенность, он может опять ходить?", "Да", "506.4"),
    # steps left from the told points (506.1)
    ("Я походил на одну клетку, запас движения был 2 — могу ещё?", "Да, можно: осталась 1 единица", "506.1"),
    ("У существа запас движения 3, оно прошло 2 клетки. Может ещё походить?", "Да", "506.1"),
    ("Запас движения 4, сходил на 1 клетку, могу дальше?", "Да, можно: осталось 3 единицы", "506.1"),
    ("Сдвинулся на 2 клетки при запасе движения 2, могу ещё?", "Нет", "506.1"),
    ("Запас движения 1, я уже сходил на одну клетку — можно ещё раз?", "Нет", "506.1"),
    ("Существо с запасом движения 2 прошло одну клетку. Сколько ещё клеток может пройти?", "Ещё 1 клетку", "506.1"),
    ("Сколько клеток может пройти существо с запасом движения 3?", "3 клетки", "506.1"),
    ("Может ли существо двигаться несколько раз за ход?", "Да", "506.1"),
    # properties of the kinds of motion
    ("Сколько единиц движения тратится за один шаг?", "Одна", "506.1"),
    ("Перемещение эффектом карты тратит запас движения?", "Нет", "507.1"),
    ("Прыжок тратит запас движения?", "Да", "506.7"),
    ("Прыжок считается движением?", "Да", "506.6"),
    ("Перемещение особенностью — это движение?", "Нет", "507.1"),
    ("Если карта «помещается» на клетку, это перемещение?", "Нет", "507.3"),
    ("Движение — это разновидность перемещения?", "Да", "507.1"),
    ("Является ли движение частным случаем перемещения?", "Да", "507.1"),
    ("Перемещение — это разновидность движения?", "Нет", "507.1"),
    # who and when
    ("Кто может объявить движение?", "Только Активный", "506.2"),
    ("В какую подфазу объявляют движение?", "Только в подфазу Выбора", "506.2"),
    ("Когда существо восстанавливает запас движения?", "В начале хода", "506.4"),
    # chat style: slang, points told as «N движения», «в этот же ход», a rival statement after «или»
    ("у моего сущ 3 движения. он сходил на 2 клетки, можно ещё?", "Да, можно: осталась 1 единица", "506.1"),
    ("сущ подействовал, потом в этот же ход его открыли особенностью. теперь можно им сходить?", "Да", "506.4"),
    ("моего сущ открыли посреди хода, он может опять ходить или запас только в начале хода восстанавливается?", "Да", "506.4"),
    ("объявлять движение может только неактивный игрок?", "Нет, только Активный", "506.2"),
    ("сущем сходил на клетку, а потом хочу телепортацию вместо движения, можно?", "Нет", "506.7"),
    ("у существа запас движения 0 с модификаторами. может оно прыгнуть или нет, раз ходить нечем?", "Да", "506.7"),
    ("Он ещё не ходил в этот ход. Может прыгнуть?", "Да", "506.7"),
    ("Можно ли сходить назад?", "Да", "506.1"),
    ("может ли существо сходить на клетку, где стоит артефакт противника?", "Нет", "507.2"),
    ("моё существо может прыгнуть на клетку, на которой уже стоит другое существо?", "Нет", "507.2"),
    ("у существа 3 движения. оно сходило 3 раза. можно еще?", "Нет", "506.1"),
    ("существо прыгнуло. может оно теперь атаковать?", "Да", "506.5"),
    ("сколько движения тратит прыжок?", "Весь запас", "506.7"),
    ("после открытия запас движения восстанавливается?", "Да", "506.4"),
    ("закрытое существо может переместиться?", "Да, может быть перемещено", "507.1"),
    ("сущ может походить два раза если у него 1 движение?", "Нет", "506.1"),
    # an attached card moves only with its host (209.10, 209.11, 212.8)
    ("Может ли симбиот сам передвигаться по полю?", "Нет", "209.10"),
    ("паразит может ходить?", "Нет", "209.10"),
    ("можно ли переместить экипировку отдельно от хозяина?", "Нет", "212.8"),
    ("нельзя ли объявить движение симбиота отдельно от хозяина хоть на одну клетку?", "Нет", "209.10"),
    # facts of the mover composed: a flyer in the additional zone, carried cards, a modifier (506.2, 506.5, 506.7, 507.1)
    ("сейчас ход соперника, у него подфаза выбора. может мой летающий воин из дополнительной зоны сходить?", "Нет", "506.2"),
    ("ход противника. пока он думает, можно подвинуть моего летуна в доп зоне?", "Нет", "506.2"),
    ("мой летун в доп зоне закрыт. можно им походить в мой ход?", "Нет", "506.3"),
    ("способность переместила моего орка с симбиотом на соседнюю клетку. может орк сам ещё сходить?", "Да, может двигаться",
     "507.1"),
    ("эффект карты переместил моё существо. оно теперь может походить или движение потратилось?", "Да", "507.1"),
    ("у моего сущ из-за модификатора 0 ходов, на нём сидит симб. может сущ в подфазу выбора прыгнуть?", "Да", "506.7"),
    ("на моём орке шмотка, которая даёт +1 движения. орк атаковал. может ли он за счёт бонуса от шмотки походить?",
     "Нет", "506.5"),
    ("существо подействовало (ударило). можно ли ему сходить за счёт бонуса?", "Нет", "506.5"),
    # several facts of one creature told in a story: all movement lost by acting, then reopened; acted after moving;
    # closed beside an artifact in front of it; an ability it has told after a step; an ability as the mover (506–507)
    ("Мой воин подействовал и потерял всё движение. Потом его открыли особенностью. Может он снова сходить?", "Да",
     "506.4"),
    ("Оно подействовало и потеряло весь запас. Может ли оно сходить на соседнюю клетку?", "Нет", "506.5"),
    ("мой орк сходил на клетку, потом подействовал. у него ещё осталось движение?", "Нет", "506.5"),
    ("у противника прямо перед моим орком стоит арт. мой орк закрыт, движения полно. может он обойти арт?", "Нет",
     "506.3"),
    ("мой орк закрыт (тапнут после атаки). может он сходить?", "Нет", "506.3"),
    ("прямо перед моим воином стоит артефакт противника. воин открыт, движения полно. может он шагнуть в сторону?",
     "Да", "506.1"),
    ("прямо перед моим воином стоит артефакт противника. может он шагнуть вперёд?", "Нет", "507.2"),
    ("у орка 3 движения. он прошёл одну клетку, и тут я вспомнил, что у него прыжок вместо движения. можно теперь "
     "прыгнуть?", "Нет", "506.7"),
    ("если эффект карты двигает моего воина на соседнюю клетку, тратится его запас движения?", "Нет", "507.1"),
    # two motions asked with «или» after a story: one verdict when both agree; a rival statement after the question
    ("моё сущ уже атаковало. потом противник его закрыл, а я его тут же открыл, в мой же ход. может оно теперь сходить "
     "или прыгнуть? или раз уже действовало, то всё, до следующего хода стоит", "Да, может двигаться", "506.4"),
    ("Оно подействовало. Может ли оно сходить или прыгнуть?", "Нет", "506.5"),
    # an artifact asked to move (210.2), also after the asker's argument and with «с телепортом»
    ("может ли артефакт ходить?", "Нет", "210.2"),
    # only creatures may use an ability replacing movement (506.6); artifacts do not move at all (210.2)
    ("мой арт может прыгнуть на соседнюю клетку?", "Нет", "506.6"),
    ("прыжок это ж особенность, не движение. значит мой артефакт с прыжком может прыгнуть?", "Нет", "506.6"),
    # negated questions are answered as Russian speakers do
    ("разве нельзя прыгнуть, если у существа запас движения 0?", "Да, можно", "506.7"),
    ("Существо не может атаковать после движения?", "Может атаковать после движения:", "506.5"),
    ("неактивный игрок не может объявить движение даже в подфазу выбора?", "Не может", "506.2"),
]


@pytest.mark.parametrize("q,verdict,cite", CASES)
def test_answers_and_their_readings_run_the_same(q, verdict, cite):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict)
    assert a.citations[0] == cite, (q, a.citations)
    assert a.understood and a.understood.startswith("Как я понял")
    assert a.reading is not None and a.unread == []
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))      # `scenario run` reproduces the answer
    assert res.passed, res.failures


@pytest.mark.parametrize("q", [
    "Может ли летающее существо ходить по диагонали?",         # flying is not modelled here
    "Может ли существо атаковать и двигаться?",                 # no order told
    "Можно сходить или прыгнуть?",                              # two motions asked at once
    "мой летун в доп зоне. сейчас мой ход. можно им походить?",   # a flyer's own movement is not modelled
    "пока противник думает, можно сходить моим орком?",         # whose turn it is not told
    "на орке висит симбиот. может ли он ходить?",               # «он»: the host or the symbiote
])
def test_what_is_not_read_gets_no_movement_verdict(q):
    from bot.reading.movement_run import answer
    assert answer(q) is None


@pytest.mark.parametrize("q,cite", [
    ("Сдвинулся на 3 клетки при запасе движения 2, могу ещё?", "506.1"),     # the story breaks the rules
    ("Орк сходил, потом прыгнул. Может ещё раз сходить?", "506.7"),
    ("Может ли противник двигать моё существо?", "506.2"),                  # who declares for whose card
    ("Могу ли я двигать существо противника?", "506.2"),
])
def test_what_cannot_be_modelled_is_declined_honestly(q, cite):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is None and a.citations[0] == cite, (a.route, a.verdict)


# ------------------------------------------------------------------ property: the answer == the simulator run directly
STATES = {"open": ("", True), "closed": ("закрытое ", False)}
EVENTS = {"none": "", "moved": "Оно уже сходило на одну клетку. ", "acted": "Оно подействовало. ",
          "reopened": "Оно закрылось, потом его открыли. ", "acted_lost": "Оно подействовало и потеряло всё движение. ",
          "acted_reopened": "Оно подействовало и потеряло весь запас, потом его открыли. "}
KINDS = {"movement": ("сходить", "на соседнюю клетку"), "instead_of_movement": ("прыгнуть", ""),
         "relocation": ("переместиться", "")}
DESTS = {"next": "", "diagonal": "по диагонали", "occupied": "на занятую клетку", "side": "в сторону"}
AHEAD = "Прямо перед существом стоит артефакт противника. "
"""Told before the question whose destination is ``side``: the mover steps past an artifact."""
CARRIED = {"none": "", "symbiote": "На существе висит симбиот. ", "equipment": "На существе шмотка. "}


def _direct(state: bool, event: str, kind: str, dest: str, points: int, carried: str = "none") -> bool:
    """The same situation played on the simulator directly: legal or not."""
    st = GameState(cards={"В": Card(id="В", owner="first", cell=parse_cell("b1"), movement=points, open=state)})
    if carried == "symbiote":
        st.cards["С"] = Card(id="С", owner="first", traits={"symbiote"}, movement=None, host="В")
    elif carried == "equipment":
        st.cards["Э"] = Card(id="Э", owner="first", kind="equipment", equipment_class="оружие", host="В")
    if dest == "occupied":
        st.cards["Д"] = Card(id="Д", owner="second", cell=parse_cell("b3" if event == "moved" else "b2"))
    if dest == "side":
        st.cards["А"] = Card(id="А", owner="second", kind="artifact", cell=parse_cell("b2"))
    sim = Simulator(st)
    if event == "moved":
        assert sim.declare("first", "movement", card="В", to=parse_cell("b2")).legal
        sim.pass_priority("first")
        sim.pass_priority("second")
    elif event in ("acted", "acted_lost"):
        sim.act("В")
    elif event == "reopened":
        sim.open("В", False)
        sim.open("В")
    elif event == "acted_reopened":
        sim.act("В")
        sim.open("В", False)
        sim.open("В")
    y = 3 if event == "moved" else 2
    to = parse_cell(f"c{y}") if dest == "diagonal" else parse_cell(f"c{y - 1}") if dest == "side" else parse_cell(f"b{y}")
    return sim.declare("first", kind, card="В", to=to).legal


@settings(max_examples=40, deadline=None)
@given(state=st.sampled_from(sorted(STATES)), event=st.sampled_from(sorted(EVENTS)), kind=st.sampled_from(sorted(KINDS)),
       dest=st.sampled_from(sorted(DESTS)), points=st.sampled_from([0, 1, 2]), order=st.integers(0, 2),
       carried=st.sampled_from(sorted(CARRIED)))
def test_legality_equals_the_direct_run(state, event, kind, dest, points, order, carried):
    if event == "moved" and points == 0:
        return      # a told step the rules refuse: no reading (tested above)
    if kind == "relocation" and dest == "diagonal":
        dest = "next"
    if dest == "side" and event == "moved":
        dest = "next"       # the artifact is told in front of where it stands now, not before its told step
    if state == "closed" and event in ("moved", "reopened", "acted_reopened"):
        event = "none"
    adj, is_open = STATES[state]
    verb, where = KINDS[kind]
    where = DESTS[dest] or where
    pts = f"запас движения {points}"
    q = [f"У {adj}существа {pts}. {EVENTS[event]}Может ли оно {verb} {where}?",
         f"{EVENTS[event]}Может ли {adj}существо {verb} {where}, если у него {pts}?",
         f"{EVENTS[event]}{adj.capitalize() or ''}существо с запасом движения {points} может {verb} {where}?"][order]
    q = " ".join(q.split()).replace(" ?", "?")
    q = q[:1].upper() + q[1:]
    if event != "none" and order == 2:
        q = q.replace("Оно ", "Существо ", 1)
    q = CARRIED[carried] + (AHEAD if dest == "side" else "") + q      # a card told attached to the mover is a fact, not the mover
    a = ask(q)
    want = _direct(is_open, event, kind, dest, points, carried)
    assert a.reading is not None and a.verdict is not None, (q, a.route, a.verdict, a.unread)
    assert a.verdict.startswith("Да" if want else "Нет"), (q, a.verdict)


def test_a_wh_question_about_placing_gets_no_yes_no():
    # «на какие …» asks which creatures, not whether one may: no bare «Да, можно» (the reader's wh words are inflected)
    a = ask("на какие сущи можно вешать симба?")
    assert a.verdict is None or not a.verdict.startswith(("Да", "Нет")), a.verdict


# ------------------------------------------------------------------ reading12: who closed it, «ещё разок»
@pytest.mark.parametrize("q", [
    "противник закрыл моего гнома своей особенностью в мой ход. потом я открыл его. гном может снова двигаться?",
    "Противник закрыл моё существо в мой ход, потом я его открыл своей картой. Может оно ещё походить?",
])
def test_the_opponent_who_closed_my_creature_is_no_owner(q):
    r = read(q)
    assert r.asked == "legal" and not r.whose_unclear and r.owner != "second" and r.unread == []
    a = scenario_answer(q)
    assert a.verdict.startswith("Да") and a.citations[0] == "506.4", (a.verdict, a.citations)


def test_closed_by_the_opponent_and_not_opened_cannot_move():
    a = scenario_answer("противник закрыл моего гнома. гном может двигаться?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "506.3"


@pytest.mark.parametrize("points,start", [(2, "Да"), (1, "Нет")])
def test_once_more_after_a_told_step(points, start):
    a = scenario_answer(f"моё сущ с запасом движения {points} походило на одну клетку. может оно ещё разок шагнуть?")
    assert a.verdict.startswith(start) and a.citations[0] == "506.1", (a.verdict, a.citations)


@pytest.mark.parametrize("q,elsewhere", [
    ("противник своей картой переместил моего гнома на соседнюю клетку. у гнома при этом тратится единица движения?", False),
    ("мое существо атаковало, при этом оно закрылось?", False),
    ("уничтожьте это существо, при этом нанесите 2 раны. что будет?", True),
    ("У карты способность Уничтожить ваше существо, при этом ранить выбранное существо на 3. что будет?", True),
])
def test_pri_etom_is_card_text_only_before_an_effect(q, elsewhere):
    from bot.reading.scope import belongs_elsewhere
    assert belongs_elsewhere(q) is elsewhere


def test_a_relocation_told_with_pri_etom_spends_no_movement():
    a = scenario_answer("противник своей картой переместил моего гнома на соседнюю клетку. у гнома при этом тратится единица движения?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "507.1"


@pytest.mark.parametrize("q", [
    "неактивный игрок может в ход противника двигать своё сущ",
    "может ли неактивный игрок в ход противника объявить движение?",
])
def test_opponent_turn_is_relative_to_the_player_named_by_role(q):
    # «противника» is the named inactive player's opponent (the active one), not the asker's:
    # the inactive player may not declare movement in it (506.2)
    a = ask(q)
    assert a.route == "scenario" and a.verdict.startswith("Нет") and a.citations[0] == "506.2"
