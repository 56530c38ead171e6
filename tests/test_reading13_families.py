"""Families of fresh phrasing the scenario route used to decline (issue 11, reading13): each
test asks questions written for it in chat style, not taken from an evaluation set, and
checks the verdict, its paragraphs and that the compiled reading runs with `scenario run`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.judge import ask
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ a piece's class told after «класса»
CLASS_WORDS = {"оружие": "оружие", "доспех": "доспех", "броня": "доспех", "щит": "щит"}


def _second_piece_legal(c1: str, c2: str) -> bool:
    st_ = GameState()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), creature_class="воин")
    st_.cards["O"] = Card(id="O", owner="first", cell=parse_cell("a3"), creature_class="воин")
    for cid, host, cls in (("E1", "H", c1), ("E2", "O", c2)):
        st_.cards[cid] = Card(id=cid, owner="first", kind="equipment", equipment_class=cls, host=host, movement=None)
        st_.cards[cid].cell = st_.cards[host].cell
    return Simulator(st_).place("E2", "H").legal


@settings(max_examples=30, deadline=None)
@given(c1=st.sampled_from(sorted(CLASS_WORDS)), c2=st.sampled_from(sorted(CLASS_WORDS)),
       host=st.sampled_from(["орка", "паладина", "кентавра", "гнома"]), order=st.integers(0, 2))
def test_property_classes_told_per_piece_equal_direct_simulation(c1, c2, host, order):
    """class × class × creature name × word order: «одна класса X, другая (класса) Y» is two
    pieces of those classes on one host (212.4) — the verdict is the simulator's placing."""
    other = f"другая класса {c2}" if order != 1 else f"другая {c2}"
    q = [f"у моего {host} две шмотки, одна класса {c1}, {other}. так можно?",
         f"на моём {host[:-1] + 'е'} две шмотки: одна класса {c1}, {other}. так можно вообще?",
         f"у {host} две шмотки, одна класса {c1}, {other}. так можно?"][order]
    a = scenario_answer(q)
    legal = _second_piece_legal(CLASS_WORDS[c1], CLASS_WORDS[c2])
    assert a.verdict.startswith("Да" if legal else "Нет"), (q, a.verdict)
    assert "212.4" in a.citations[:3]


def test_a_class_word_is_no_piece_of_equipment_and_one_class_told_is_no_verdict():
    a = ask("у моего гнома две шмотки, одна класса оружие. так можно?")
    assert a.verdict is None and "оружие" in a.unread
    a = ask("у моего гнома две шмотки, одна класса оружие, другая доспех. так можно?")
    assert a.verdict.startswith("Да") and a.citations[0] == "212.4"


# ------------------------------------------------------------------ the placed card as the subject
@pytest.mark.parametrize("q,verdict,first", [
    ("паразит может сесть на моё сущ?", "Нет", "209.1"),
    ("мой симб садится на летуна?", "Нет", "209.4"),
    ("симбиот может сесть на нелетающее существо?", "Да", "209.4"),
    ("противник говорит что мой паразит не может сесть на его сущ в третьем ряду. он прав?", "Да, противник прав", "209.2"),
])
def test_a_card_that_sits_on_a_host_is_placed(q, verdict, first):
    a = scenario_answer(q) if "говорит" not in q else ask(q)
    assert a.verdict and a.verdict.startswith(verdict), (q, a.verdict)
    assert first in a.citations[:3], a.citations


# ------------------------------------------------------------------ an earlier turn and a new turn told
@pytest.mark.parametrize("q", [
    "в прошлый ход мой гном потратил весь запас движения. сейчас начался мой новый ход, может он ходить?",
    "на прошлом ходу мой орк истратил весь запас движения. наступил следующий ход, он может походить?",
    "мой паладин потратил весь запас движения. начался новый ход, он может ходить?",
])
def test_points_spent_in_an_earlier_turn_are_restored_at_the_new_turn(q):
    a = scenario_answer(q)
    assert a.verdict.startswith("Да") and a.citations[0] == "506.4", (q, a.verdict, a.citations)


def test_an_earlier_turn_without_a_told_new_turn_stays_unread():
    a = ask("в прошлый ход моё сущ потратило весь запас движения. может оно ходить?")
    assert a.verdict is None and "прошлый" in a.unread


def test_a_closed_card_at_a_new_turn_gets_no_verdict():
    """What the Opening phase does to a closed card is not modelled (408.2): no «Нет» from 506.3."""
    a = ask("моё сущ закрылось. начался мой новый ход, оно может ходить?")
    assert a.verdict is None


@pytest.mark.parametrize("name", ["кентавр", "паладин", "вампир", "минотавр"])
def test_creature_names_of_common_races_are_creatures(name):
    a = scenario_answer(f"мой {name} может ходить?")
    assert a.verdict.startswith("Да") and "506.1" in a.citations


# ------------------------------------------------------------------ the squad told as «все мои сущи …»
@pytest.mark.parametrize("q,verdict,first", [
    ("на рассадке все мои существа летающие. что будет с симбиотом?", "Симбиот погибает", "209.4"),
    ("на шаге рассадки все мои сущи летающие, симбиоту некуда сесть. что с ним?", "Симбиот погибает", "209.4"),
    ("на рассадке все мои сущи без класса. что будет со шмоткой?", "Экипировка погибает", "212.2"),
    ("при рассадке у противника все существа летающие. что с моим паразитом?", "Паразит погибает", "209.4"),
])
def test_every_creature_of_a_player_told_is_the_squad_at_seating(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)
    assert a.reading["state"]["phase"] == "reveal"


def test_every_named_creature_is_no_whole_squad():
    """«все мои орки летающие» says nothing of the other creatures: no seating verdict."""
    assert ask("на рассадке все мои орки летающие. что с симбиотом?").verdict is None


def test_a_trait_after_a_comma_is_not_the_next_clauses_card():
    from bot.reading.reader import read

    r = read("на рассадке все мои сущи летающие, симбиоту некуда сесть. что с ним?")
    sym = next(c for c in r.cards.values() if c.kind == "symbiote")
    assert sym.traits == {} and any(c.traits.get("flying") for c in r.cards.values() if c.kind == "creature")


# ------------------------------------------------------------------ a response asked after the stack question
@pytest.mark.parametrize("q,verdict,first", [
    ("моя местность уходит во вспомогательную зону. это идёт через стек? соперник может в ответ что-нибудь кинуть?",
     "Нет", "211.1"),
    ("симб становится самостоятельным существом. это через стек? можно в ответ кинуть внезапку пока он становится "
     "самостоятельным?", "Нет", "302.5"),
    ("местность ушла во вспомогательную зону. это через стек? противник может в ответ что-то кинуть, пока она переносится",
     "Нет", "211.1"),
    ("я объявил атаку. это через стек? противник может в ответ кинуть внезапку?", "Да", "302.3"),
    ("симб по тексту становится самостоятельным существом. это выполняется без стека и без передачи приоритета?",
     "Да", "302.5"),
])
def test_a_response_asked_after_the_stack_question_is_the_same_question(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)


def test_a_response_sentence_with_more_than_the_response_is_not_folded_into_the_stack_question():
    a = ask("моя местность уходит во вспомогательную зону. это идёт через стек? противник может в ответ атаковать моего орка?")
    assert a.verdict is None and "ответ" in a.unread


# ------------------------------------------------------------------ a card with no host «just stays on its cell»
@pytest.mark.parametrize("q,verdict,first", [
    ("симб после вскрытия остался без хозяина. он может стоять на своей клетке?", "Нет", "209.7"),
    ("шмотка осталась без хозяина после рассадки. она просто лежит на своей клетке?", "Нет", "212.5"),
    ("паразит после вскрытия остался без хозяина. он же не погибает? просто стоит на своей клетке", "Погибает", "209.7"),
    ("экипировку вызвали особенностью, а в тексте не сказано на кого её поместить. она ведь не погибает? просто на клетке "
     "лежит", "Погибает", "212.6"),
    ("симбиот без хозяина после рассадки разве не может просто полежать на своей клетке?", "Нет, не может", "209.7"),
])
def test_a_card_with_no_host_asked_to_stay_on_its_cell_is_its_fate(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)


def test_staying_on_a_cell_of_a_hosted_card_or_with_more_words_is_not_that_fate():
    assert ask("мой симб сидит на орке. он может стоять на своей клетке?").verdict is None
    a = ask("симб после вскрытия остался без хозяина. он может стоять на клетке рядом с орком?")
    assert a.verdict is None


@pytest.mark.parametrize("q", [
    "симбиот после рассадки остался без хозяина. раз его некуда подсадить, разве он не может просто полежать на своей клетке?",
    "шмотка после рассадки осталась без хозяина, её некуда повесить, она не может просто лежать на своей клетке?",
    "симбиот после рассадки остался без хозяина. раз его некуда подсадить, почему он не может просто полежать на своей клетке?",
])
def test_an_asked_sentence_the_stays_reader_leaves_is_not_read_again_without_its_negation(q):
    from bot.reading.reader import read

    a = read(q).asked       # a placing verb keeps the asked-sentence reader out; the second pass only reads what follows
    assert a is None or not (a.what == "fate" and a.predicate == "stays" and not a.negated), a
    v = ask(q).verdict
    assert v is None or not v.startswith("Да"), v


# ------------------------------------------------------------------ an «если» clause whose comma is not written
def test_a_condition_without_its_comma_still_ends_before_the_main_clause():
    from bot.reading.tokens import tokenize

    toks, _ = tokenize("если хозяин погиб он погибает?")
    assert [t.clause for t in toks] == [0, 0, 0, 1, 1]
    toks, _ = tokenize("если он погиб то что?")
    assert [t.clause for t in toks] == [0, 0, 0, 1, 2]
    a = scenario_answer("если паразит после вскрытия остался без хозяина он погибает?")
    assert a.verdict.startswith("Да") and a.citations[0] == "209.7"


# ------------------------------------------------------------------ «как считается …» asks the way a strike resolves
@pytest.mark.parametrize("q", ["как считается простой удар по артефакту?", "как рассчитывается простой удар по моему арту?"])
def test_how_a_strike_on_an_artifact_counts_is_asked(q):
    a = scenario_answer(q)
    assert a.verdict.startswith("Как по закрытой карте") and a.citations[0] == "210.3"


@pytest.mark.parametrize("q", [
    "у меня в отряде уже есть местность. можно докинуть вторую?",
    "у меня в отряде уже лежит местность. хочу добрать ещё одну, никаких особых карт нет, можно?",
])
def test_another_terrain_taken_by_other_verbs(q):
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "211.3"


# ------------------------------------------------------------------ «может ли X носить экипировку?» is a placing
TRAIT_WORDS = {"flying": ("летающее", "нелетающее"), "incorporeal": ("бестелесное", "небестелесное")}


def _equipment_legal(trait: str | None, value: bool, no_class: bool) -> bool:
    st_ = GameState()
    st_.cards["H"] = Card(id="H", owner="first", cell=parse_cell("c3"), traits={trait} if trait and value else set(),
                          creature_class=None if no_class else "воин")
    st_.cards["O"] = Card(id="O", owner="first", cell=parse_cell("a1"), creature_class="воин")
    st_.cards["E"] = Card(id="E", owner="first", kind="equipment", equipment_class="оружие", host="O", movement=None)
    st_.cards["E"].cell = st_.cards["O"].cell
    return Simulator(st_).place("E", "H").legal


@settings(max_examples=30, deadline=None)
@given(trait=st.sampled_from(["flying", "incorporeal", None]), value=st.booleans(), no_class=st.booleans(),
       noun=st.sampled_from(["экипировку", "шмотку", "оружие"]), order=st.integers(0, 2))
def test_property_carry_question_equals_direct_placing(trait, value, no_class, noun, order):
    """trait ± negation × class × equipment noun × word order: «может ли X носить Y?» asks the placing (212.1–212.3)."""
    host = (TRAIT_WORDS[trait][0 if value else 1] + " " if trait else "") + "существо" + (" без класса" if no_class else "")
    q = [f"может ли {host} носить {noun}?", f"{host} может носить {noun}?", f"{host.capitalize()} может {noun} носить?"][order]
    a = scenario_answer(q)
    want = _equipment_legal(trait, value, no_class)
    assert a.verdict.startswith("Да" if want else "Нет"), (q, a.verdict)
    assert a.citations[0].startswith("212"), a.citations


def test_a_carrying_told_before_is_no_asked_placing():
    assert ask("орк носит шмотку. может ли он носить ещё одну?").verdict is None


# ------------------------------------------------------------------ slang motions and a negated «spends» question
@pytest.mark.parametrize("q,verdict,first", [
    ("разве запас движения не тратится, когда моё сущ перемещают особенностью?", "Не тратится", "507.1"),
    ("разве запас движения не тратится, когда сущ ходит?", "Тратится", "506.1"),
    ("у сущ прыжок. могу сначала потопать на клетку, а потом скакнуть прыжком?", "Нет", "506.7"),
])
def test_slang_motions_and_a_negated_spend_question(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)


# ------------------------------------------------------------------ the reveal step's zone asked, then named again
@pytest.mark.parametrize("q,verdict,first", [
    ("куда девается летун после вскрытия? остаётся на поле или уходит в доп зону", "Во вспомогательную зону", "405.1"),
    ("куда уходит местность после вскрытия? на поле остаётся или куда", "Во вспомогательную зону", "405.1"),
    ("артефакт после вскрытия остаётся на поле боя? его ж не переносят во вспомогательную зону как летунов",
     "Да, артефакт", "405.1"),
])
def test_a_zone_question_named_again_after_it(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and first in a.citations, (q, a.verdict, a.citations)


def test_a_kind_named_after_the_zone_question_is_compared_not_asked():
    """«… как местность» after the question about an artifact: the artifact is asked, not the terrain."""
    a = ask("арт после вскрытия остаётся на поле боя? его ж не переносят во вспомогательную зону как местность")
    assert a.verdict.startswith("Да, артефакт")
    a = ask("местность после вскрытия остаётся на поле? летун уходит в доп зону")
    assert a.verdict is None


def test_distributing_parasites_is_assigning_them():
    a = scenario_answer("на шаге рассадки я раскидываю паразитов раньше, чем противник назначит своих симбиотов?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "405.2"


# ------------------------------------------------------------------ «не кладут» asks the ban; «не может» told bans a cell
@pytest.mark.parametrize("q,verdict,first", [
    ("симба не вешают на летуна?", "Да, нельзя", "209.4"),
    ("паразита ведь не сажают на свои сущи?", "Да, нельзя", "209.1"),
    ("паразита не кладут на существо противника?", "Нет, можно", "209.1"),
])
def test_a_negated_placing_verb_asks_the_ban(q, verdict, first):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] == first, (q, a.verdict, a.citations)


@pytest.mark.parametrize("q,first", [
    ("у моего симба написано, что он не может перемещаться на клетки второго ряда. хозяин может туда пойти?", "209.11"),
    ("у шмотки есть особенность, что она не может перемещаться на соседнюю клетку. хозяин может туда сходить?", "212.8"),
])
def test_a_ban_told_as_cannot_binds_the_host(q, first):
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == first, (q, a.verdict, a.citations)


def test_address_words_are_fillers():
    a = scenario_answer("народ подскажите, в какую подфазу можно объявлять движение сущ?")
    assert "Выбора" in a.verdict and a.citations[0] == "506.2"


# ------------------------------------------------------------------ a bare «можно?» after the told intention
@pytest.mark.parametrize("q,verdict", [
    ("местность в отряде у меня уже лежит. хочу добрать ещё одну. можно?", "Нет"),
    ("у меня карта, которая позволяет взять вторую местность. хочу взять вторую. так можно?", "Да"),
])
def test_a_bare_modal_asks_the_terrain_sentence_before_it(q, verdict):
    a = scenario_answer(q)
    assert a.verdict.startswith(verdict) and a.citations[0] in ("211.3", "211.4"), (q, a.verdict, a.citations)


def test_an_off_field_option_is_a_where_question():
    a = scenario_answer("артефакт занимает клетку на поле или лежит где-то в стороне?")
    assert a.verdict.startswith("На поле боя") and a.citations[0] == "210.1"
