"""The compositional reader (bot.reading): a question -> cards, traits, relations, events,
the asked proposition -> a compiled scenario the simulator answers (issue 11)."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.reading.compile import dump
from bot.reading.reader import read
from bot.sim import scenario as sc
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


def _cards(r):
    return {c.kind: c for c in r.cards.values()}


# ------------------------------------------------------------------ what is read
def test_traits_with_negation_owner_and_class_are_read():
    r = read("Моё существо не летающее, без класса. Можно на него надеть шмотку?")
    c = _cards(r)
    assert c["creature"].traits == {"flying": False} and c["creature"].has_class is False and c["creature"].owner == "me"
    assert r.asked.what == "place" and r.asked.card == c["equipment"].key and r.asked.on == c["creature"].key
    assert r.unread == [] and r.complete


def test_events_in_told_order_and_pronouns_resolved():
    r = read("Посадил симба на своего гнома. Потом его сделали летающим, а затем гнома убили. Что с симбом?")
    c = _cards(r)
    assert c["symbiote"].host == c["creature"].key and c["creature"].name == "гном"
    assert [(e.op, e.arg) for e in r.events] == [("gain", "flying"), ("die", None)]
    assert all(e.card == c["creature"].key for e in r.events)
    assert r.asked.what == "fate" and not r.asked.yes_no


def test_double_negation_gains_the_trait():
    r = read("Хозяин шмотки перестал быть небестелесным. Что со шмоткой?")
    assert [(e.op, e.arg) for e in r.events] == [("gain", "incorporeal")]


def test_an_unplaced_word_is_unread_and_keeps_the_reader_out():
    r = read("Можно ли повесить шмотку на фиолетовое существо?")
    assert "фиолетовое" in r.unread and not r.complete


# ------------------------------------------------------------------ answers
@pytest.mark.parametrize("q,verdict,first", [
    ("Моего орка сделали летающим. Симбиот на нём выживет?", "Нет, симбиот погибает", "209.4"),
    ("На тролле висит шмотка. Тролль сменил класс на другой. Шмотка уничтожится?", "Нет, экипировка не уничтожается", "212.2"),
    ("У эльфа есть симб, бестелесный. Эльфа сделали бестелесным. Симб выживет?", "Да, симбиот не погибает", "209.5"),
    ("Мой паразит сидит на существе противника. Это существо перестало быть существом. Что с паразитом?", "Паразит уничтожается", "209.3"),
    ("Можно ли надеть шмотку на существо, которое не летающее?", "Да, можно", "212.3"),
    ("Симба на нелетающее бестелесное существо можно?", "Нет, нельзя", "209.5"),
    ("Нельзя класть шмотку на летуна?", "Нельзя", "212.3"),
    ("а шмотку на симба можно?", "Нет, нельзя: нельзя помещать экипировку на симбиота", "212.3"),  # not 212.2: a symbiote has a class
    ("Можно ли надеть шмотку на симбиота без класса?", "Нет, нельзя", "212.2"),
    ("Призвал экипировку картой, а там не указано, на кого её надеть. Что с ней будет?", "Экипировка погибает", "212.6"),
    ("Вызвал симба на своего тролля. Что с ним?", "Симбиот помещается на существо «Тролль»", "209.8"),
    ("Хозяин шмотки вернулся в руку. Шмотка останется?", "Нет, экипировка уничтожается", "212.3"),
    # attacks and wounds: attacker in the nominative with «может», target after «по» or in the accusative
    ("Может ли арт ударить моего орка?", "Нет, не может", "210.2"),
    ("Можно ли долбить по местности противника?", "Нет, нельзя", "211.2"),
    ("Мой гном может атаковать своего симба?", "Да, может", "209.9"),
    ("Можно ли ранить шмотку противника?", "Нет, нельзя", "212.9"),
    # movement with events told before: closing, opening, acting
    ("Моего тролля закрыли эффектом. Он может походить?", "Нет, не может", "506.3"),
    ("Арт противника может сдвинуться?", "Нет, не может", "210.2"),
    # the opening restores the movement the acting took (506.4 decides; 506.5 is cited after it)
    ("Мой гном подействовал, потом его открыли. Гном может ещё сходить?", "Да, может", "506.4"),
])
def test_reader_answers_from_the_simulation(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict.startswith(verdict), (a.verdict, a.trace[:2])
    assert a.citations[0] == first
    assert a.understood.startswith("Как я понял: ") and a.unread == []


def test_json_has_reading_and_unread_and_the_reading_runs_with_the_same_verdict():
    a = ask("Посадил симба на своего орка. Потом орка застрелили. Что с симбом?")
    j = a.to_json()
    assert j["unread"] == [] and j["answer"].startswith("Как я понял:")
    json.dumps(j, ensure_ascii=False)           # plain data
    res = sc.run(sc.load(dump(j["reading"]), "reading.yaml"))
    assert res.passed, res.failures
    assert res.actual["cards"]["Симбиот"]["zone"] == "graveyard" and a.verdict == "Симбиот погибает"


def test_contradiction_is_named_not_answered():
    a = ask("Можно ли положить летающего не летающего симбиота на существо?")
    assert a.verdict is None and a.blocks[0].text.startswith("В вопросе противоречие")


def test_a_card_of_unknown_kind_is_asked_about_not_guessed():
    a = ask("Можно ли надеть шмотку на «Болотный тролль»?")
    assert a.verdict is None


# ------------------------------------------------------------------ claims
@pytest.mark.parametrize("q,verdict", [
    ("Противник говорит, что симбиота можно положить на летающее существо. Он прав?", "Нет, противник не прав"),
    ("Я думаю, что шмотку нельзя надеть на существо без класса. Верно?", "Да, вы правы"),
    ("Я говорю, что на летуна симба класть нельзя, а друг спорит. Кто прав?", "Вы правы"),
])
def test_claims_are_answered_relative_to_the_claim(q, verdict):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] in ("209.4", "212.2")


# ------------------------------------------------------------------ every reader answer: its reading runs the same
READER_QUESTIONS = [
    "Можно ли положить симбиота на летающее существо?",
    "небестелесного симба на бестелесного можно посадить?",
    "Хозяин симбиота стал бестелесным. Что будет с симбиотом?",
    "Надел шмотку на рыцаря. Рыцарь потерял класс. Что со шмоткой?",
    "Моего гнома сделали симбиотом. Что с симбиотом, который был на нём?",
]


@pytest.mark.parametrize("q", READER_QUESTIONS)
def test_each_reading_loads_and_runs_with_scenario_run(q):
    a = ask(q)
    if a.reading is None:
        pytest.skip("not a reader answer")
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))
    assert res.passed, res.failures


# ------------------------------------------------------------------ property: reading == the scenario run directly
SUBJECTS = {"symbiote": ("симбиота", "симбиот", "симбиотом"), "equipment": ("экипировку", "экипировка", "экипировкой")}
HOST_TRAITS = {"flying": ("летающее", "не летающее"), "incorporeal": ("бестелесное", "не бестелесное")}
EVENTS = {"die": "погибло", "flying": "стало летающим", "incorporeal": "стало бестелесным",
          "artifact": "перестало быть существом", "symbiote": "стало симбиотом"}


def _direct_place(subj: str, trait: str | None, value: bool, no_class: bool) -> bool:
    st_ = GameState()
    traits = {trait} if trait and value else set()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), traits=traits, creature_class=None if no_class else "воин")
    st_.cards["O"] = Card(id="O", owner="first", cell=parse_cell("a1"), creature_class="воин")
    if subj == "equipment":
        st_.cards["S"] = Card(id="S", owner="first", kind="equipment", equipment_class="оружие", host="O", movement=None)
    else:
        st_.cards["S"] = Card(id="S", owner="first", traits={"symbiote"}, host="O", movement=None)
    st_.cards["S"].cell = st_.cards["O"].cell
    return Simulator(st_).place("S", "H").legal


def _direct_fate(subj: str, event: str) -> str:
    st_ = GameState()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    kw = dict(kind="equipment", equipment_class="оружие") if subj == "equipment" else dict(traits={"symbiote"})
    st_.cards["S"] = Card(id="S", owner="first", host="H", movement=None, **kw)
    st_.cards["S"].cell = st_.cards["H"].cell
    sim = Simulator(st_)
    sim.die("H") if event == "die" else sim.gain("H", event)
    return sim.state.cards["S"].zone


@settings(max_examples=40, deadline=None)
@given(subj=st.sampled_from(sorted(SUBJECTS)), trait=st.sampled_from(["flying", "incorporeal", None]),
       value=st.booleans(), no_class=st.booleans(), order=st.integers(0, 2))
def test_property_place_reading_equals_direct_simulation(subj, trait, value, no_class, order):
    acc = SUBJECTS[subj][0]
    host = (HOST_TRAITS[trait][0 if value else 1] + " " if trait else "") + "существо" + (" без класса" if no_class else "")
    q = [f"Можно ли поместить {acc} на {host}?", f"{acc.capitalize()} на {host} можно поместить?",
         f"На {host} можно положить {acc}?"][order]
    a = ask(q)
    want = _direct_place(subj, trait, value, no_class)
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:1])
    assert a.verdict.startswith("Да" if want else "Нет"), (q, a.verdict)


@settings(max_examples=30, deadline=None)
@given(subj=st.sampled_from(sorted(SUBJECTS)), event=st.sampled_from(sorted(EVENTS)), order=st.integers(0, 2))
def test_property_fate_reading_equals_direct_simulation(subj, event, order):
    acc, nom, ablt = SUBJECTS[subj]
    if subj == "equipment" and event == "symbiote":
        event = "die"
    q = [f"{nom.capitalize()} лежит на существе. Потом существо {EVENTS[event]}. Что с {ablt}?",
         f"На существе {'висит' if subj == 'equipment' else 'сидит'} {nom}. Существо {EVENTS[event]}. Что будет с {ablt}?",
         f"Существо {EVENTS[event]}, а {nom} был{'а' if subj == 'equipment' else ''} на нём. Что с {ablt}?"][order]
    a = ask(q)
    gone = _direct_fate(subj, event) != "battlefield"
    assert a.route == "scenario" and a.verdict is not None, (q, a.route, a.trace[:1])
    assert (("не " not in a.verdict) and ("погибает" in a.verdict or "уничтожается" in a.verdict)) == gone, (q, a.verdict)
    assert a.reading is not None
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


# ------------------------------------------------------------------ the asker's reasoning is not a board fact
@pytest.mark.parametrize("q,verdict,first", [
    ("Внезапная атака — это тоже атака. Значит она медленная?", "Нет, быстрое", "304.3"),
    ("Симбиот у меня бестелесный. Его можно на летающее существо посадить, бестелесность ведь спасает?", "Нет, нельзя", "209.4"),
])
def test_reasoning_before_the_question_is_named_not_taken_for_a_fact(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), (a.verdict, a.trace[:2])
    assert a.citations[0] == first
    assert any("не принимал за факт" in b.text for b in a.blocks if b.kind == "note")


@pytest.mark.parametrize("q,verdict,first", [
    # the asked words only ask whether «it» may be done: the told intention is the asked proposition
    ("у меня гном летающий, хочу им атаковать местность противника. они ведь обе в доп зоне, значит можно?", "Нет",
     "211.2"),
    ("мой бестелесный орк хочет надеть шмотку, класс у него есть. раз класс есть — могу?", "Нет", "212.3"),
    ("хочу особенностью переместить своего эльфа на клетку, где стоит артефакт противника. артефакт ведь не существо, "
     "клетка типа свободна?", "Нет", "507.2"),
    # a claim about the rules before «значит» is the argument; the comparison after the asked words is too
    ("местность лежит на клетке поля боя, как артефакт. значит её можно атаковать как артефакт?", "Нет, нельзя", "211.2"),
])
def test_a_told_intention_asked_after_the_askers_reasoning(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), (q, a.verdict, a.trace[:2])
    assert a.citations[0] == first, a.citations
    assert any("не принимал за факт" in b.text for b in a.blocks if b.kind == "note")


def test_split_reasoning_reads_since_clauses_and_the_intention():
    from bot.reading.reasoning import split_reasoning
    arg = split_reasoning("у меня уже есть местность. а тут ещё одна местность, хочу её взять, раз она красивая. можно?")
    assert arg.intended and arg.asked == "Могу её взять?"
    assert arg.facts == ["у меня уже есть местность", "а тут ещё одна местность"] and "раз она красивая" in arg.argument
    assert split_reasoning("его ж можно посадить, бестелесность ведь не мешает?") is None    # one asked clause, no argument


def test_split_reasoning_keeps_board_facts_apart():
    from bot.reading.reasoning import split_reasoning
    arg = split_reasoning("У меня летающее существо. Оно же сильное, значит может атаковать местность?")
    assert arg.facts == ["У меня летающее существо"]
    assert arg.argument[0] == "Оно же сильное" and arg.asked == "Может атаковать местность?"


# ------------------------------------------------------------------ stack and priority told as a story
@pytest.mark.parametrize("q,verdict,first", [
    ("Соперник объявил движение. Я в ответ объявил срабатку. Что выполнится первым?", "Первым выполнится срабатывающая особенность", "302.7"),
    ("В стеке лежит атака противника. Я пасанул, противник тоже спасовал. Что дальше?", "Выполняется верхнее игродействие — атака", "303.4"),
    ("Я объявил бросок кубика, он лёг в стек. У кого приоритет?", "Остаётся у вас", "303.3"),
])
def test_stack_stories_are_simulated(q, verdict, first):
    _stack_story_runs(q, verdict, first)


@pytest.mark.parametrize("q,verdict,first", [
    # the told passes resolve the top already: what resolved first is the last declared (302.7)
    ("я активный. объявил бросок кубика, потом сразу кинул срабатку и пасанул. противник тоже пас. что выполнится первым?",
     "Первым выполнится срабатывающая особенность", "302.7"),
    # «внезапку» (chat), «ответил», «легла в стек сверху», the creature it is declared with
    ("я объявил атаку своим орком. противник ответил внезапкой, она легла в стек сверху. что выполнится первым?",
     "Первым выполнится внезапное действие", "302.7"),
    ("противник объявил движение своим сущем, оно легло в стек. у кого приоритет сразу после объявления?", "У противника",
     "303.3"),
    # after the top resolves the Active player gets priority (303.4)
    ("я активный и объявил движение. противник ответил быстрым игродействием. после того как оно выполнится, у кого "
     "приоритет?", "У вас — у Активного игрока", "303.4"),
])
def test_more_stack_stories_are_simulated(q, verdict, first):
    _stack_story_runs(q, verdict, first)


def _stack_story_runs(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), (a.verdict, a.trace[:2])
    assert a.citations[0] == first and a.understood.startswith("Как я понял:")
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_a_told_outcome_is_checked_against_the_simulation():
    ok = ask("Орк стал бестелесным. Бестелесный симб на нём выжил. А шмотка на нём уцелеет?")
    assert ok.verdict.startswith("Нет, экипировка уничтожается") and ok.citations[0] == "212.3"
    bad = ask("Орк стал летающим. Симб на нём выжил. А шмотка на нём уцелеет?")
    assert bad.verdict is None and "противоречие с правилами" in bad.blocks[0].text


# ------------------------------------------------------------------ a statement asks nothing
@pytest.mark.parametrize("q", ["Посадил симба на орка.", "Посадил симба на орка", "Орк погиб, симбиот на нём погиб."])
def test_a_statement_without_a_question_gets_no_verdict(q):
    a = ask(q)
    assert a.verdict is None, a.verdict
    assert a.blocks and a.citations      # what was found is still shown


@pytest.mark.parametrize("q,verdict", [
    ("симба на летуна можно", "Нет"),
    ("после вскрытия у меня остался симбиот без хозяина, чё с ним", "Симбиот погибает"),
])
def test_a_chat_question_without_a_question_mark_still_asks(q, verdict):
    assert ask(q).verdict.startswith(verdict)


# ------------------------------------------------------------------ a host moving: what lies on it goes along
@pytest.mark.parametrize("q,verdict,first", [
    ("Хозяина переместили на соседнюю клетку. Симбиот остаётся на старой клетке?", "Нет, симбиот перемещается вместе", "209.11"),
    ("хозяина со шмоткой передвинули, шмотка остаётся на месте или идёт за ним?", "Экипировка перемещается вместе", "212.8"),
    ("Паразит сидит на тролле противника. Тролля переместили. Паразит идёт за ним?", "Да, паразит перемещается", "209.11"),
    ("Гнома со шмоткой переместили особенностью. Шмотка не остаётся на прежнем месте?", "Не остаётся: экипировка перемещается", "212.8"),
    ("Шмотка двигается вместе с хозяином?", "Да, экипировка перемещается вместе", "212.8"),
    ("Если хозяин переместился, симбиот переместится с ним?", "Да, симбиот перемещается вместе", "209.11"),
    # the same reader on the other host events, in chat wording
    ("хозяин скончался, симбиот остается?", "Нет, симбиот погибает", "209.4"),
    ("Хозяин взлетел. Симбиот выживет?", "Нет, симбиот погибает", "209.4"),
    ("Если хозяин симбиота перестаёт быть существом, симбиот погибает или уничтожается?", "Симбиот уничтожается", "209.3"),
    ("Хозяин погиб, а симбиот по тексту становится самостоятельным существом. Что с симбиотом?",
     "Симбиот становится самостоятельным существом", "302.5"),
    ("Если бестелесный симбиот на существе, которое стало бестелесным — погибнет ли он?", "Нет, симбиот не погибает", "209.5"),
])
def test_host_events_are_read_and_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (a.verdict, a.trace[:2])
    assert a.citations[0] == first, a.citations
    assert a.reading is not None and a.unread == []
    res = sc.run(sc.load(dump(a.reading), "reading.yaml"))
    assert res.passed, res.failures


@pytest.mark.parametrize("q", [
    "Хозяина передвинули. Симбиот остаётся?",                 # on the host or on the old cell? ambiguous
    "Может ли существо двигаться в подфазу действия?",        # a subphase the reader does not model
])
def test_host_words_the_reader_cannot_place_get_no_reader_verdict(q):
    from bot.reading.route import answer
    a = answer(q)
    assert a is None or a.verdict is None, a.verdict


@settings(max_examples=30, deadline=None)
@given(subj=st.sampled_from(["symbiote", "equipment", "parasite"]), op=st.sampled_from(["move", "relocate"]),
       asked=st.sampled_from(["stays_put", "moves_with", "either"]), neg=st.booleans(), order=st.integers(0, 2))
def test_property_host_move_reading_equals_direct_simulation(subj, op, asked, neg, order):
    """kind × event (movement / relocation) × asked place (± «не») × word order: the answer is
    what the simulator does when the host itself moves with the card on it."""
    nom = {"symbiote": "симбиот", "equipment": "шмотка", "parasite": "паразит"}[subj]
    ins = {"symbiote": "симбиотом", "equipment": "шмоткой", "parasite": "паразитом"}[subj]
    verb = {"move": "передвинули", "relocate": "переместили"}[op]
    owner = " противника" if subj == "parasite" else ""
    ne = "не " if neg and asked != "either" else ""
    ask_part = {"stays_put": f"{nom} {ne}остаётся на прежней клетке?", "moves_with": f"{nom} {ne}идёт за ним?",
                "either": f"{nom} остаётся на месте или идёт за ним?"}[asked]
    q = [f"Орка{owner} с {ins} {verb}. {ask_part.capitalize()}",
         f"На орке{owner} {'висит' if subj == 'equipment' else 'сидит'} {nom}. Орка {verb}. {ask_part.capitalize()}",
         f"Орка{owner} {verb}, а {nom} был{'а' if subj == 'equipment' else ''} на нём. {ask_part.capitalize()}"][order]
    # directly: the host declares the move, both pass, it resolves
    st_ = GameState()
    host_owner = "second" if subj == "parasite" else "first"
    st_.active = st_.priority = host_owner
    st_.cards["H"] = Card(id="H", owner=host_owner, cell=parse_cell("c3"), creature_class="воин")
    kw = dict(kind="equipment", equipment_class="оружие") if subj == "equipment" else dict(traits={subj})
    st_.cards["S"] = Card(id="S", owner="first", host="H", movement=None, **kw)
    st_.cards["S"].cell = st_.cards["H"].cell
    sim = Simulator(st_)
    sim.declare(host_owner, "movement" if op == "move" else "relocation", card="H", to=parse_cell("c2"))
    sim.pass_priority(host_owner)
    sim.pass_priority("second" if host_owner == "first" else "first")
    moved = sim.state.cards["S"].cell == parse_cell("c2")
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.reading is not None, (q, a.verdict, a.trace[:2])
    if asked == "either":
        assert not a.verdict.startswith(("Да", "Нет")) and ("перемещается" in a.verdict) == moved, (q, a.verdict)
    else:
        yes = moved == (asked == "moves_with")
        # a plain negated question: the word that answers leads — «Не идёт» when the denial holds, «Идёт» when not
        word = {"stays_put": "Остаётся", "moves_with": "Идёт"}[asked]
        assert a.verdict.startswith(("Да" if yes else "Нет") if not neg else (word if yes else "Не ")), (q, a.verdict)
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


# ------------------------------------------------------------------ two cards of a kind on one host; seating
@pytest.mark.parametrize("q,verdict,first", [
    ("Можно ли надеть на существо две экипировки одного класса?", "Нет, нельзя", "212.4"),
    ("Можно ли носить одновременно две экипировки разных классов?", "Да, можно", "212.4"),
    ("Можно ли положить на гнома двух симбиотов?", "Нет, нельзя", "209.6"),
    ("Сколько симбиотов можно поместить на одно существо?", "Только одного", "209.6"),
    ("Можно ли назначить паразита на существо противника во втором ряду?", "Нет, нельзя", "209.2"),
    ("Можно ли назначить паразита на существо противника в первом ряду?", "Да, можно", "405.2"),
    ("шмотку при рассадке можно надеть на существо противника?", "Нет, нельзя", "212.1"),
    ("Можно ли поместить паразита на существо в своём отряде?", "Нет, нельзя", "209.1"),
])
def test_second_cards_and_seating_are_simulated(q, verdict, first):
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith(verdict), (a.verdict, a.trace[:2])
    assert a.citations[0] == first, a.citations
    assert a.reading is not None and sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_two_pieces_of_equipment_with_no_class_said_name_the_condition():
    # the class decides (212.4): both cases run, the verdict says on which it depends — never a bare «Да» / «Нет»
    from bot.reading.route import answer
    a = answer("Можно ли надеть на орка две шмотки?")
    assert a.verdict.startswith("Да, если у них разные классы") and "одного класса — нельзя" in a.verdict
    assert a.citations[0] == "212.4" and sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_an_unhosted_symbiote_is_no_host_move():
    a = ask("после вскрытия у меня остался симбиот без хозяина, чё с ним")
    assert a.verdict.startswith("Симбиот погибает") and "209.7" in a.citations


@settings(max_examples=25, deadline=None)
@given(subj=st.sampled_from(["symbiote", "equipment"]), same=st.booleans(), order=st.integers(0, 1), neg=st.booleans())
def test_property_second_card_reading_equals_direct_simulation(subj, same, order, neg):
    """kind × class relation × negation × word order: placing a second card of a kind."""
    noun = {"symbiote": "двух симбиотов", "equipment": "две экипировки"}[subj]
    cls = "" if subj == "symbiote" else (" одного класса" if same else " разных классов")
    modal = "нельзя" if neg else "можно"
    q = [f"{modal.capitalize()} ли надеть на существо {noun}{cls}?" if not neg else f"Нельзя надеть на существо {noun}{cls}?",
         f"На существо {modal} положить {noun}{cls}?"][order]
    st_ = GameState()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    st_.cards["O"] = Card(id="O", owner="first", cell=parse_cell("a3"), creature_class="воин")
    classes = ("оружие", "оружие" if same else "броня")
    for cid, host, k in (("S1", "H", 0), ("S2", "O", 1)):
        kw = dict(kind="equipment", equipment_class=classes[k]) if subj == "equipment" else dict(traits={"symbiote"})
        st_.cards[cid] = Card(id=cid, owner="first", host=host, movement=None, **kw)
        st_.cards[cid].cell = st_.cards[host].cell
    legal = Simulator(st_).place("S2", "H").legal
    a = ask(q)
    assert a.route == "scenario" and a.verdict is not None, (q, a.trace[:2])
    if neg:     # «нельзя …?» is answered by the word that answers it: «Нельзя: …» / «Можно: …» (never «Нет, можно»)
        assert a.verdict.startswith("Можно" if legal else "Нельзя"), (q, a.verdict)
    else:
        assert a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)


@pytest.mark.parametrize("q,verdict,first", [
    ("Экипировка после вскрытия осталась без хозяина. Что с ней?", "Экипировка погибает", "212.5"),
    ("Симбиот при рассадке остался без хозяина. Он погибнет?", "Да, симбиот погибает", "209.7"),
    ("Паразит после вскрытия без хозяина выживет?", "Нет, паразит погибает", "209.7"),
    ("Если при рассадке у меня лишний симбиот, что с ним будет?", "Симбиот погибает", "209.7"),
])
def test_a_card_left_without_a_host_at_seating_is_simulated(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict) and a.citations[0] == first, (a.verdict, a.citations)
    assert a.reading is not None and a.reading["state"]["phase"] == "reveal"
    assert sc.run(sc.load(dump(a.reading), "r.yaml")).passed


def test_sentence_and_clause_runs_of_a_question():
    """``spans_of``: each sentence and clause of a tokenised question is one run of its
    words (the readers take a sentence's words without scanning the whole question)."""
    from bot.reading.tokens import spans_of, tokenize

    toks, ends = tokenize("Орк погиб. Симбиот лежал на нём, потом ушёл. Что с симбиотом?")
    sents = spans_of(toks, "sent")
    assert ends == [".", ".", "?"]
    assert [[t.text for t in toks[a:b]] for a, b in sents.values()] == [
        ["орк", "погиб"], ["симбиот", "лежал", "на", "нем", "потом", "ушел"], ["что", "с", "симбиотом"]]
    clauses = spans_of(toks, "clause")
    assert [t.text for t in toks[slice(*clauses[toks[6].clause])]] == ["потом", "ушел"]
    assert all(t.sent == k for k, (a, b) in sents.items() for t in toks[a:b])


def test_a_false_premise_of_the_askers_reasoning_is_said_with_its_paragraph():
    a = ask("у меня артефакт с телепортом. телепорт это ж не движение, значит он может телепортироваться?")
    assert a.verdict.startswith("Нет"), a.verdict
    note = a.blocks[0].text
    assert "Артефакт может телепортироваться?" in note
    assert "Неверно, что «телепорт это ж не движение»" in note and "(п. 506.6)" in note
    assert a.citations[:2] == ["506.6", "210.2"]     # only creatures use an ability replacing movement (506.6)
