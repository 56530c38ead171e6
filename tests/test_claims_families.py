"""Dispute families of issue 11 (bot.reading.claims, bot.reading.claim_persons): a doubt that
asks nothing, say verbs that speak only before «что», emphasis, a counter's pronoun, a stance
that answers the statement as a whole, two other people, claims naming who acts. Questions are
written for these tests in the style of players' chat."""

import pytest

from bot.judge import ask
from bot.reading import claim_persons
from bot.reading.claims import find_claim


# ------------------------------------------------------------------ the claim read
@pytest.mark.parametrize("q", [
    "товарищ утверждает что артефакт может ходить на соседнюю клетку. я думаю нет",
    "напарник говорит, что артефакт может ходить на соседнюю клетку, а я сомневаюсь",
    "чел в клубе считает что артефакт может ходить на соседнюю клетку. я не согласен.",
])
def test_a_closing_doubt_asks_whether_the_others_claim_is_right(q):
    c = find_claim(q)
    assert (c.who, c.check, c.proposition) == ("other", "right", "артефакт может ходить на соседнюю клетку")
    a = ask(q)
    assert a.verdict.startswith("Нет, ") and " не прав: " in a.verdict, a.verdict
    assert a.citations[0] == "210.2"


def test_a_doubt_about_ones_own_statement_asks_nothing():
    assert find_claim("я думаю что артефакт может ходить. я сомневаюсь") is None


def test_a_say_verb_that_needs_that_is_a_claim_only_before_what_is_said():
    c = find_claim("противник заявил, что артефакт может ходить. он прав?")
    assert (c.who, c.proposition) == ("other", "артефакт может ходить")
    # «заявил атаку» declares an action: the claim is the other speaker's «нельзя» about it
    told = find_claim("я заявил атаку артефактом, соперник говорит что так нельзя. прав?")
    assert told is not None and told.proposition == "я могу заявить атаку артефактом"


def test_emphasis_is_not_ruled_on():
    c = find_claim("приятель говорит что нельзя надеть на одно существо две экипировки даже разных классов. кто прав?")
    assert c.proposition == "нельзя надеть на одно существо две экипировки разных классов"
    a = ask("приятель говорит что нельзя надеть на одно существо две экипировки даже разных классов. кто прав?")
    assert a.verdict.startswith("Приятель не прав"), a.verdict
    assert a.citations[0] == "212.4"


def test_a_counter_opening_with_a_pronoun_names_the_claims_subject():
    q = "соперник говорит что его местность можно атаковать только стрелком. а я говорю что её вообще атаковать нельзя. кто прав?"
    c = find_claim(q)
    assert c.counter == "местность вообще атаковать нельзя"
    a = ask(q)
    assert a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "211.2"


@pytest.mark.parametrize("q,denies", [
    ("друг говорит что артефакт не может двигаться. я говорю нет. я прав?", True),
    ("друг говорит что артефакту нельзя двигаться. я говорю нет. я прав?", True),
    ("друг говорит что артефакту нельзя двигаться. я говорю нельзя. я прав?", False),
    ("друг говорит что артефакту нельзя двигаться. я говорю можно. я прав?", True),
    ("друг говорит что артефакт не может двигаться. я прав, что нет?", True),
])
def test_a_yes_or_no_judges_the_statement_a_modal_word_is_set_against_it(q, denies):
    c = find_claim(q)
    assert (c.who, c.denies) == ("me", denies)


def test_no_said_against_a_negated_claim_is_a_denial_in_the_ruling():
    a = ask("друг говорит что артефакт не может двигаться. я говорю нет. я прав?")
    assert a.verdict.startswith("Нет, вы не правы"), a.verdict
    assert a.citations[0] == "210.2"


# ------------------------------------------------------------------ two other people
@pytest.mark.parametrize("q,verdict", [
    ("напарник говорит что артефакт может двигаться. соперник говорит что не может. кто прав?", "Прав соперник"),
    ("напарник говорит что артефакт может двигаться, а судья спорит. кто прав?", "Прав судья"),
    ("соперник считает что артефакт не может двигаться, а напарник говорит что может. кто прав?", "Прав соперник"),
    ("брат говорит что пас это игродействие, а кореш говорит что пас не игродействие. кто прав?", "Прав кореш"),
])
def test_two_other_people_each_statement_judged(q, verdict):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] in ("210.2", "303.2")


def test_two_other_people_who_agree_are_no_dispute():
    assert find_claim("напарник говорит что артефакт может двигаться, а соперник с ним согласен. кто прав?") is None


# ------------------------------------------------------------------ who acts
def test_roles_told_in_the_story():
    assert claim_persons.story_roles("я был первым игроком. соперник (второй) сказал") == {"me": "first", "other": "second"}
    assert claim_persons.story_roles("противник активный, а я") == {"other": "active", "me": "inactive"}
    assert claim_persons.story_roles("противник первым сыграл авангард") == {}


def test_a_person_named_by_description_or_by_a_told_role():
    p = claim_persons.person_of_claim("ход переходит к тому, кто контролирует карту", "")
    assert p is None    # «к тому» is no «тот, кто» subject
    p = claim_persons.person_of_claim("выбор делает тот, кто контролирует карту", "")
    assert (p.role, p.span) == ("controlling", "тот, кто контролирует карту")
    p = claim_persons.person_of_claim("приоритет получает тот кто бросил кубик", "")
    assert p.role is None and claim_persons.same_person(p, "active") is False
    p = claim_persons.person_of_claim("первым ходит он", "соперник говорит что первым ходит он, потому что он первый игрок")
    assert (p.role, p.span) == ("first", "он")
    assert claim_persons.person_of_value("Нет, первым …") is None
    assert claim_persons.person_of_value("Активный игрок") == "active"


@pytest.mark.parametrize("q,verdict,first", [
    ("напарник считает что после выполнения верхнего игродействия приоритет получает тот, кто объявил это игродействие. прав?",
     "Нет, напарник не прав: Активный игрок", "303.4"),
    ("соперник говорит что в подфазе авангарда первым играет он, ведь он второй игрок. кто прав",
     "Соперник не прав: Первый игрок", "407.1"),
])
def test_a_claim_naming_who_acts_is_ruled_against_the_value(q, verdict, first):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == first


def test_only_in_a_condition_restricts_nothing_claimed():
    from bot.reading.claims import _asked_clause
    assert _asked_clause("если у противника остались только летуны, то мои наземные могут бить их") == \
        "мои наземные могут бить их"
    assert _asked_clause("медленное действие можно объявить, если в стеке только моя особенность") == \
        "медленное действие можно объявить"


def test_a_yes_or_no_on_a_who_claim_against_the_value_gives_no_verdict():
    # a reader takes «… положил в стек» for «what resolves first?» («Да, верхнее — …»); the value
    # asked by «кто …?» names the active player: the two disagree, so no ruling is given
    a = ask("напарник говорит что после выполнения верхнего игродействия приоритет получает тот кто его положил в стек. прав?")
    assert a.verdict is None
    assert "напарник утверждает" in a.understood


# ------------------------------------------------------------------ simultaneous triggers (305.1)
@pytest.mark.parametrize("q", [
    "При одновременных сработках активный игрок кладёт свои последним?",
    "Когда сработки у обоих возникают одновременно, неактивный игрок первым заносит свои в стек?",
])
def test_simultaneous_trigger_claims_in_chat_words(q):
    a = ask(q)
    assert a.route == "scenario" and a.verdict.startswith("Нет, первыми в стек заносит свои особенности Активный"), a.verdict
    assert a.citations[0] == "305.1"


def test_a_trigger_claim_in_a_dispute():
    a = ask("соперник уверяет что когда особенности срабатывают одновременно, сначала в стек кладёт свои неактивный. так?")
    assert a.verdict.startswith("Нет, соперник не прав"), a.verdict
    assert a.citations[0] == "305.1"


# ------------------------------------------------------------------ the preliminary phase (406, 407)
def test_the_battle_start_subphase_named_by_its_name():
    a = ask("В подфазе начала боя первым свои особенности применяет второй игрок?")
    assert a.verdict.startswith("Нет, первым использует Первый игрок"), a.verdict
    assert a.citations[0] == "406.1"


def test_the_opponent_declined_and_wants_it_later():
    a = ask("Соперник отказался от авангарда в свой черёд. Соперник может сыграть его потом?")
    assert a.verdict.startswith("Нет, нельзя"), a.verdict
    assert a.citations[0] == "407.1"
    assert "противник отказался" in a.understood     # his turn role is not told: not «Второй игрок»


def test_a_player_word_whose_role_the_story_tells():
    q = ("сидели в клубе, я был вторым игроком. соперник (первый) сказал что в подфазе авангарда первым играет он. "
         "я не согласился. он прав?")
    a = ask(q)
    assert a.verdict.startswith("Да, соперник прав: Первый игрок"), a.verdict
    assert "по рассказу он — Первый игрок" in a.verdict
    assert a.citations[0] == "407.1"


def test_a_clause_that_only_frames_the_dispute_is_no_setup():
    c = find_claim("поспорили с корешем: он говорит что артефакт может двигаться. я говорю нет. я прав?")
    assert c.setup == "" and (c.who, c.denies) == ("me", True)


def test_wearing_equipment_is_ruled_by_placing_it():
    a = ask("кореш утверждает, что существо может носить две экипировки, если у них разные классы. так?")
    assert a.verdict is not None and a.verdict.startswith("Да, кореш прав"), a.verdict
    assert a.citations[0] == "212.4"


def test_a_second_other_person_after_a_dash_is_not_the_asker():
    # «…, а противник — что нельзя» after «соперник говорит»: two other people (it was «Вы правы»)
    a = ask("соперник говорит что артефакт может двигаться, а противник — что не может. кто прав?")
    assert a.verdict.startswith("Прав противник"), a.verdict
    assert a.citations[0] == "210.2"


def test_yes_said_to_a_negated_claim_holds_it():
    a = ask("соперник говорит, что артефакт не может двигаться. я говорю да. я прав?")
    assert a.verdict.startswith("Да, вы правы"), a.verdict
    assert a.citations[0] == "210.2"


@pytest.mark.parametrize("q,direct", [
    ("соперник мол артефакт может двигаться. прав?", False),
    ("а он такой: артефакт может двигаться. прав он?", True),
    ("напарник: артефакт может двигаться. прав?", True),
    ("кореш уверен, мол, артефакт может двигаться. прав?", False),
    ("противник говорит типа артефакт может двигаться. прав?", False),
])
def test_speech_told_without_a_say_verb(q, direct):
    c = find_claim(q)
    assert (c.who, c.proposition, c.direct) == ("other", "артефакт может двигаться", direct)
    assert ask(q).verdict.startswith("Нет, ")


def test_a_colon_after_no_person_is_no_speech():
    c = find_claim("ситуация: артефакт может двигаться. правда?")
    assert c.who == "asker"


def test_the_second_players_own_first_turn_is_longer_than_the_reveal_allows():
    a = ask("Второй игрок может держать третий ряд скрытым до конца своего первого хода?")
    assert a.verdict.startswith("Нет, только до конца первого хода Первого игрока"), a.verdict
    assert a.citations[0] == "405.1"
    # the first player's first turn is the bound itself
    b = ask("Второй игрок может не вскрывать третий ряд до конца первого хода первого игрока?")
    assert b.verdict.startswith("Да, может"), b.verdict


@pytest.mark.parametrize("end,who,check", [
    ("так ли это?", "other", "right"), ("так ведь?", "other", "right"), ("верно говорит?", "other", "right"),
    ("он дело говорит?", "other", "right"), ("кто прав из нас?", "other", "who"), ("прав он или я?", "other", "who"),
    ("я прав или он?", "other", "who"),
])
def test_more_ways_to_ask_who_is_right(end, who, check):
    c = find_claim("напарник уверяет что артефакт может двигаться, я против. " + end)
    assert (c.who, c.check) == (who, check)


def test_asking_whether_ones_own_untold_view_is_right_is_no_claim():
    assert find_claim("напарник уверяет что артефакт может двигаться. правильно я понимаю?") is None
    c = find_claim("я думаю что артефакт может двигаться. верно я думаю?")
    assert (c.who, c.check) == ("me", "right")


def test_the_claim_told_inside_the_check():
    q = "играли вчера, соперник походил артефактом и сказал так можно. мне кажется это странно. он прав, что артефакт может двигаться?"
    c = find_claim(q)
    assert (c.who, c.proposition) == ("other", "артефакт может двигаться")
    a = ask(q)
    assert a.verdict.startswith("Нет, соперник не прав"), a.verdict
    assert a.citations[0] == "210.2"
    assert find_claim("прав ли я, что артефакт не может двигаться?").who == "me"


def test_a_demand_is_a_claim_of_obligation():
    c = find_claim("соперник требует, чтобы я каждую местность вскрывал первым, говорит иначе не считается. так?")
    assert (c.who, c.proposition) == ("other", "я обязан каждую местность вскрывать первым")
    a = ask("соперник требует, чтобы я каждую местность вскрывал первым, говорит иначе не считается. так?")
    assert "соперник утверждает, что вы обязаны каждую местность вскрывать первым" in a.understood


def test_short_forms_after_you_agree():
    from bot.reading.speakers import addressed
    assert addressed("я обязан вскрыть") == "вы обязаны вскрыть"
    assert addressed("я уверен") == "вы уверены"


def test_priority_after_an_action_resolves_without_naming_the_top():
    a = ask("Кто получает приоритет после выполнения игродействия?")
    assert a.verdict == "Активный игрок" and a.citations[0] == "303.4"
    # an action without the stack resolves from no stack: not the top's resolution
    b = ask("Кто получает приоритет после выполнения игродействия без стека?")
    assert b.verdict is None or "Активный" not in b.verdict


def test_a_story_criterion_is_not_told_apart_from_who_is_first():
    # «тот, кто выиграл бросок» may be the first player (405.1): no ruling against «Первый игрок»
    p = claim_persons.person_of_claim("в подфазе начала боя начинает тот, кто выиграл бросок кубика", "")
    assert p.criterion and claim_persons.same_person(p, "first") is None
    # but no action makes a player active (303.1)
    assert claim_persons.same_person(claim_persons.person_of_claim("ход у того, кто объявил", "") or p, "active") is False
