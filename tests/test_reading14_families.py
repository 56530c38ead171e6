"""Families of fresh phrasing the scenario route answered wrongly or declined (issue 11,
reading14): each test asks questions written for it in chat style, not taken from an
evaluation set, and checks the verdict, its paragraphs and that the compiled reading runs
with `scenario run`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell
from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ a tag asking to confirm a denial
@pytest.mark.parametrize("q, lead, cite", [
    # the denial is false: «Нет, может» (the asker asked to confirm «не может»)
    ("хозяин не может атаковать своего симба, правда же?", "Нет, может", "209.9"),
    ("симб не может напасть на своего хозяина, да ведь?", "Нет, может", "209.9"),
    # the denial holds: «Да, …»
    ("артефакт не может двигаться, правда же?", "Да", "210.2"),
    ("местность ведь не может получать раны, правда?", "Да", "211.2"),
])
def test_confirm_tag_answers_the_denial_it_asks_to_confirm(q, lead, cite):
    """«…не может …, правда же?»: the particle after the tag word only stresses it; the
    lead word says whether the denial holds (bot.yesno.settle)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


# ------------------------------------------------------------------ who may keep 3rd-row cards hidden (405.1)
@pytest.mark.parametrize("q, lead", [
    ("я первый игрок. могу я тоже оставить карты третьего ряда скрытыми, как второй игрок?", "Нет"),
    ("я первый игрок, я тоже могу держать карты 3-го ряда закрытыми, как второй игрок?", "Нет"),
    ("я как второй игрок могу оставить карты третьего ряда скрытыми?", "Да"),
])
def test_reveal_player_compared_with_is_not_the_subject(q, lead):
    """«тоже …, как второй игрок»: the player compared with is not the one asked about; «я
    как второй игрок» tells the asker's role (405.1: only the second player may keep them)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "405.1"


@pytest.mark.parametrize("q, verdict", [
    ("соперник (он первый игрок) утверждает, что тоже может оставить карты своего третьего ряда скрытыми. он прав?",
     "Нет, соперник не прав"),
    ("противник (он второй игрок) говорит, что может оставить карты третьего ряда скрытыми. прав?",
     "Да, противник прав"),
    ("я первый игрок и говорю, что могу оставить карты третьего ряда скрытыми. я прав?", "Нет, вы не правы"),
])
def test_claim_about_oneself_is_checked_for_the_claimers_role(q, verdict):
    """A claimer speaking of himself without a subject («говорит, что может …») is the player
    the story says he is: the rule on who may do it is checked against that role (405.1)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert "405.1" in a.citations[:3]


# ------------------------------------------------------------------ a response to a game action without the stack (302.5)
@pytest.mark.parametrize("q, cite", [
    ("у меня симб, по тексту карты при гибели хозяина он становится самостоятельным существом. "
     "соперник хочет в ответ на это сыграть внезапку, можно?", "302.5"),
    ("хозяин моего симба погиб, и симб по тексту становится самостоятельным существом. противник может на это ответить?",
     "302.5"),
    ("моя местность после вскрытия ушла во вспомогательную зону. противник хочет на это ответить быстрым действием. может?",
     "211.1"),
    ("местность после вскрытия уходит во вспомогательную зону. соперник может в ответ что-то кинуть, пока она в стеке?",
     "211.1"),
])
def test_response_to_a_told_action_that_uses_no_stack_is_refused(q, cite):
    """A response to the game action told just before, one that resolves at once without the
    stack: nothing lies on the stack to respond to — «Нет» with the paragraph (302.5, 211.1)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and "не использует стек" in a.verdict, a.verdict
    assert cite in a.citations[:3]


def test_response_to_a_told_action_on_the_stack_stays_legal():
    """The control: a response to an action that does use the stack is legal for a fast one (304.1)."""
    a = scenario_answer("противник объявил атаку. могу я в ответ на это кинуть внезапку?")
    assert a.verdict.startswith("Да"), a.verdict


# ------------------------------------------------------------------ by what a told event happened
MEANS = ["способкой", "абилкой", "своей особенностью", "эффектом", "от какой-то способки", "из-за эффекта"]
MOVES = ["переместили", "сдвинули", "передвинули"]
WHERE = ["на соседнюю клетку", "на клетку влево", "вправо", "вперёд на клетку"]


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["симб", "шмотка"]), host=st.sampled_from(["орка", "гнома", "тролля"]),
       verb=st.sampled_from(MOVES), means=st.sampled_from(MEANS), where=st.sampled_from(WHERE), order=st.integers(0, 1))
def test_property_means_of_a_told_move_changes_nothing(kind, host, verb, means, where, order):
    """kind × host × move verb × means phrase × direction × word order: by what the host was moved
    (an ability, an effect) leaves the attached card's fate the simulator's — it moves with its
    host (209.11, 212.8); the same question without the means gets the same verdict."""
    on = {"симб": "сидит симб", "шмотка": "висит шмотка"}[kind]
    told = f"{verb} {means} {where}" if order == 0 else f"{means} {verb} {where}"
    q = f"на моём {host[:-1] + 'е'} {on}. {host[:1].upper() + host[1:]} {told}. где теперь {'симб' if kind == 'симб' else 'шмотка'}?"
    a = scenario_answer(q)
    plain = scenario_answer(q.replace(f" {means}", "").replace(f"{means} ", ""))
    assert "перемещается вместе с хозяином" in a.verdict, (q, a.verdict)
    assert a.verdict == plain.verdict
    assert a.citations[0] == ("209.11" if kind == "симб" else "212.8")


def test_going_along_with_the_host_is_no_leaving():
    """«шмотка … ушла с ним?»: going along with the host, not leaving the battlefield (was
    «Экипировка уничтожается», 212.3)."""
    a = scenario_answer("на моём орке висит шмотка. орка сдвинули эффектом вправо. "
                        "шмотка осталась на старой клетке или ушла с ним?")
    assert a.verdict.startswith("Экипировка перемещается вместе с хозяином") and a.citations[0] == "212.8"


# ------------------------------------------------------------------ how many of a kind on one host (209.6, 212.4)
@pytest.mark.parametrize("q, head, cite", [
    ("скок шмоток можно максимум нацепить на одного сущ?", "По одной экипировке каждого класса", "212.4"),
    ("до скольки экипировок можно надеть на существо?", "По одной экипировке каждого класса", "212.4"),
    ("скок симбов можно посадить на одно сущ?", "Только одного (1)", "209.6"),
])
def test_count_of_attached_cards_per_host(q, head, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(head), a.verdict
    assert a.citations[0] == cite


# ------------------------------------------------------------------ «на любое сущ» at the seating step (209.1, 209.2, 405.2)
def _seated_everywhere(kind: str, owner: str) -> bool:
    """The direct run: a copy of the card assigned to a creature of ``owner``'s front and second row."""
    from bot.sim.phases import seating_step
    from bot.reading.seating import ROW_Y

    s = GameState()
    side = "first" if owner == "me" else "second"
    traits = {"parasite", "symbiote"} if kind == "parasite" else {"symbiote"}
    assign = []
    for k, row in enumerate((1, 2)):
        s.cards[f"H{k}"] = Card(id=f"H{k}", owner=side, cell=parse_cell(f"{'bc'[k]}{ROW_Y[side][row]}"), creature_class="воин")
        s.cards[f"S{k}"] = Card(id=f"S{k}", owner="first", traits=set(traits), creature_class="воин",
                                cell=parse_cell(f"{'bc'[k]}{ROW_Y['first'][3]}"))
        assign.append((f"S{k}", f"H{k}"))
    s.phase = "reveal"
    seating_step(Simulator(s), assign)
    return all(s.cards[f"S{k}"].host == f"H{k}" for k in (0, 1))


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(["parasite", "symbiote"]), owner=st.sampled_from(["me", "opponent"]),
       verb=st.sampled_from(["посадить", "повесить", "назначить", "кинуть"]), noun=st.sampled_from(["сущ", "существо"]),
       order=st.integers(0, 1))
def test_property_any_creature_equals_direct_seating(kind, owner, verb, noun, order):
    """kind × owner × verb × noun × word order: «можно ли посадить X на любое сущ Y?» is «Да» exactly
    when the simulator seats it on a creature of each of Y's rows (209.1, 209.2, 405.2)."""
    card = {"parasite": "паразита", "symbiote": "симба"}[kind]
    whose = f"своё {noun}" if owner == "me" else f"{noun} противника"
    q = [f"{card} можно {verb} на любое {whose}?", f"можно ли {verb} {card} на любое {whose}?"][order]
    a = scenario_answer(q)
    assert a.verdict.startswith("Да" if _seated_everywhere(kind, owner) else "Нет"), (q, a.verdict)
    assert a.citations[0] in ("209.1", "209.2")


def test_only_on_a_row_named_without_a_creature():
    a = scenario_answer("паразита назначают только на первый ряд противника?")
    assert a.verdict.startswith("Да") and a.citations[0] == "209.2"


# ------------------------------------------------------------------ the reveal step: where a card goes (405.1, 211.1)
@pytest.mark.parametrize("q, cite", [
    ("летающие сущи после вскрытия остаются на своих клетках?", "405.1"),
    ("куда девается местность после вскрытия? на поле остаётся?", "405.1"),
    ("куда девается местность после вскрытия? во вспомогательную зону?", "405.1"),
])
def test_reveal_zone_guess_after_an_open_question(q, cite):
    """The asker's guess after his open question asks the same place: «на поле остаётся?» —
    «Нет, … во вспомогательную зону»."""
    a = scenario_answer(q)
    want = "Да" if "вспомогательную зону?" in q else "Нет"
    assert a.verdict.startswith(want) and "вспомогательную зону" in a.verdict, a.verdict
    assert cite in a.citations[:2]


# ------------------------------------------------------------------ the lead word of what is asked
@pytest.mark.parametrize("q, head", [
    ("закрытое сущ не может ходить, раз оно закрыто?", "Не может"),      # «раз …» is the reason, not the predicate
    ("бросок кубика это игродействие или как?", "Да"),                     # «или как» asks yes or no
    ("пас это игродействие или как", "Нет"),
])
def test_lead_word_of_the_asked_predicate(q, head):
    a = scenario_answer(q)
    assert a.verdict.startswith(head), a.verdict


def test_simultaneous_triggers_named_for_the_active_asker():
    a = scenario_answer("у меня и у противника одновременно сработали особенности, сейчас мой ход. "
                        "в каком порядке класть в стек?")
    assert a.verdict.startswith("Сначала ваши") and a.citations[0] == "305.1"


def test_reason_clause_with_a_pronoun_is_the_askers_argument():
    """«раз …, она уничтожается?»: the reason is not ruled on (its «нельзя» was answered: «Да,
    нельзя»); the pronoun is the card the told facts name (212.2)."""
    from bot.judge import ask

    a = ask("хозяин моей шмотки получил другой класс. раз шмотку надевают только на сущ с классом, "
            "она теперь уничтожается?")
    assert a.verdict.startswith("Нет, экипировка не уничтожается") and a.citations[0] == "212.2"


@pytest.mark.parametrize("q, verdict, cite", [
    ("мою шмотку при рассадке не на кого было надеть. что с ней?", "Экипировка погибает", "212.5"),
    ("мой симб после рассадки остался без хозяина, посадить не на кого было. что с ним?", "Симбиот погибает", "209.7"),
])
def test_nobody_to_seat_on_split_by_its_preposition(q, verdict, cite):
    a = scenario_answer(q)
    assert a.verdict == verdict and a.citations[0] == cite


# ------------------------------------------------------------------ a response to a rule effect or to an action told in the same sentence
@pytest.mark.parametrize("q, cite", [
    ("мой симб остался без хозяина и по правилам погибает. противник хочет в ответ на это кинуть внезапку, "
     "пока он не умер. можно?", "302.5"),
    ("вскрылась моя местность и ушла во вспомогательную зону, а соперник говорит, что кидает внезапку в ответ, "
     "пока она в стеке. так можно?", "211.1"),
    ("хозяин чужого симба погиб, и по тексту карты симб в таком случае становится самостоятельным существом. "
     "я хочу на эту смену ответить — она через стек идёт?", "302.5"),
    ("моя местность после вскрытия уходит во вспомогательную зону. это ж игродействие, противник может ответить "
     "на это быстрым действием, как на любое игродействие?", "211.1"),
])
def test_response_to_a_rule_effect_or_a_same_sentence_action(q, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет, ответить на это нельзя"), a.verdict
    assert cite in a.citations[:3]


def test_response_to_an_action_using_the_stack_in_the_same_sentence_is_not_refused():
    """The control: «противник объявил атаку, а я кидаю внезапку в ответ» — the attack uses the stack,
    so no «ответить нельзя» is given."""
    from bot.judge import ask

    a = ask("противник объявил атаку, а я кидаю внезапку в ответ. так можно?")
    assert not (a.verdict or "").startswith("Нет, ответить на это нельзя")


# ------------------------------------------------------------------ terrains: after one left, and «до конца боя» (211.4)
@pytest.mark.parametrize("q", [
    "у меня была местность, особенность позволила взять вторую. потом одна из них покинула игровую зону. "
    "я по-прежнему могу контролировать обе?",
    "у меня карта позволяет взять вторую местность. могу я в любом случае держать две местности до конца боя?",
])
def test_two_terrains_only_while_both_stay(q):
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "211.4", a.verdict


# ------------------------------------------------------------------ equipment named by its class, and «на него» a creature
@pytest.mark.parametrize("q", [
    "на моём орке висят две шмотки: оружие и броня. хочу надеть на него ещё одно оружие. можно?",
    "на моём гноме уже висит оружие. можно надеть на него ещё одно оружие?",
])
def test_second_piece_of_a_class_named_by_its_noun(q):
    """Two pieces told by their class nouns, and «на него» after them the creature they lie on, not the
    piece (no card lies on equipment): one piece of each class (212.4)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет, нельзя: на существо можно поместить только одну экипировку каждого класса"), a.verdict
    assert a.citations[0] == "212.4"


# ------------------------------------------------------------------ a simple strike on an artifact told before how it is counted (210.3)
@pytest.mark.parametrize("q, lead", [
    ("мой артефакт стоит открытый, соперник бьёт по нему простым ударом. считается как по открытой карте?", "Нет"),
    ("противник бьёт простым ударом по моему арту. он открытый. удар считается как по закрытой?", "Да"),
    ("бью простым ударом по артефакту противника. как считается удар?", "Как по закрытой"),
])
def test_strike_on_an_artifact_told_before_the_question(q, lead):
    a = scenario_answer(q)
    assert a.verdict.startswith(lead) and "как по закрытой" in a.verdict.lower(), a.verdict
    assert a.citations[0] == "210.3"


# ------------------------------------------------------------------ only creatures use an ability replacing movement (506.6)
def test_artifact_with_an_ability_replacing_movement_cites_506_6():
    a = scenario_answer("может ли мой артефакт телепортироваться вместо движения?")
    assert a.verdict.startswith("Нет") and a.citations[:2] == ["506.6", "210.2"], (a.verdict, a.citations)


# ------------------------------------------------------------------ «или уже поздно», «с прошлого хода»
@pytest.mark.parametrize("q", [
    "моё сущ было закрытое с прошлого хода, а посреди хода его открыли. оно может теперь походить или уже поздно?",
    "моё сущ закрылось, а потом посреди моего хода открылось. оно может ещё сходить в этот ход или только со следующего хода?",
])
def test_opened_mid_turn_may_move_asked_with_its_negative_alternative(q):
    """«… или уже поздно?» spells out the other side of the yes/no question; a state told «с
    прошлого хода» lasts into this turn: opened, the creature restores its movement (506.4)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Да, может") and a.citations[0] == "506.4", a.verdict


# ------------------------------------------------------------------ a ban on a row binds the host (209.11, 212.8)
@pytest.mark.parametrize("q, cite", [
    ("у моей шмотки написано, что она не может перемещаться в первый ряд. хозяин хочет пойти в первый ряд. можно?", "212.8"),
    ("на моего симба висит эффект, что он не может перемещаться в первый ряд. хозяин хочет переместиться в первый ряд. можно?",
     "209.11"),
])
def test_ban_on_a_row_binds_the_host(q, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет, не может") and a.citations[0] == cite, a.verdict


def test_ban_on_another_row_gives_no_ruling():
    """The control: the host asked to go to a row the ban does not name — not read as that ban."""
    from bot.judge import ask

    a = ask("у моей шмотки написано, что она не может перемещаться в первый ряд. хозяин может пойти во второй ряд?")
    assert not (a.verdict or "").startswith("Нет")


# ------------------------------------------------------------------ the subject's role told «как неактивный» (305.1)
@pytest.mark.parametrize("q, lead", [
    ("при одновременном срабатывании я как активный кладу свои особенности в стек первым?", "Да"),
    ("при одновременном срабатывании особенностей он как неактивный кладёт свои в стек первым?", "Нет"),
    ("соперник утверждает, что при одновременном срабатывании он как неактивный кладёт свои особенности в стек "
     "первыми. он прав?", "Нет, соперник не прав"),
])
def test_role_of_the_subject_told_with_kak(q, lead):
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "305.1"


def test_slang_creature_word_is_no_content_of_its_own():
    """«сущ» is «существо»: a lives question about it is read as about any creature (508.1)."""
    a = scenario_answer("сущ только что вышло в игровую зону. какой у него текущий максимум жизней?")
    assert a.verdict.startswith("Начальному количеству жизней") and a.citations[0] == "508.1"


@pytest.mark.parametrize("q, lead", [
    ("я могу объявить движение в ответ на внезапку противника, если приоритет у меня?", "Нет"),
    ("могу кинуть внезапку в ответ на атаку противника, если приоритет у меня?", "Да"),
])
def test_own_priority_told_as_a_condition(q, lead):
    """«…, если приоритет у меня?»: the asker holding priority is told, not asked — the speed of the
    declared action decides (304.1)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead) and a.citations[0] == "304.1", a.verdict
