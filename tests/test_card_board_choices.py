"""Card text plus a board, the families that gave wrong verdicts: the asker's own preference
is the asked proposition (505.6 obliges the first alternative while it is legal), a payment
short for a self-destroying text (505.9), a first part the board cannot perform (505.4.1:
no counters on the target), an alternative whose first part has no free cell (505.6,
507.2), and clauses the board cannot place (no verdict, never a guess)."""

from __future__ import annotations

from bot.judge import ask
from bot.sim.board_ask import read_asked
from bot.sim.board_text import read_board_facts

CLOSED_OR_ANY = "у мага «ранить выбранное закрытое существо на 2, в противном случае – ранить выбранное существо на 1»."
FLYER_OR_ANY = ("у меня сущ «разряд на 3 по выбранному летающему существу, в противном случае – разряд на 1 по "
                "выбранному существу».")
MOVE_OR_CLOSE = "у моего сущ «переместите это существо на соседнюю клетку, в противном случае – закройте его»."
COUNTER_HEAL = "текст «снять с выбранного существа фишку; излечить его на 2»."
SELF_HEAL = "у меня арт «: уничтожить этот артефакт, при этом излечить выбранное существо на 3»."


def _lead(a) -> str:
    return (a.verdict or "").split(":")[0]


# ------------------------------------------------------------------ the asker's preference (505.6)
def test_preferred_second_alternative_while_the_first_is_legal_is_no():
    a = ask(CLOSED_OR_ANY + " у противника два закрытых сущ. я бы лучше ранил на 1 открытое, можно?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.6"
    assert "обязан" in a.verdict
    a = ask(FLYER_OR_ANY + " у противника есть летун. хочу сразу второе, по земле. так можно?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.6"


def test_preferred_second_alternative_when_the_first_is_illegal_is_yes():
    a = ask(FLYER_OR_ANY + " у противника нет летунов. мне удобнее второй вариант. так можно?")
    assert _lead(a) == "Да" and a.citations[0] == "505.6"


def test_preference_naming_no_single_part_gives_no_verdict():
    # both parts wound: «ранить» alone does not say which alternative the asker prefers
    got = read_asked(CLOSED_OR_ANY + " у противника есть закрытое сущ. мне удобнее по-другому. так можно?",
                     [(1, "ранить выбранное закрытое существо на 2"), (2, "ранить выбранное существо на 1")],
                     {1: "wound", 2: "wound"})
    assert got.kind == "unread"
    a = ask(CLOSED_OR_ANY + " у противника есть закрытое сущ. мне удобнее по-другому. так можно?")
    assert a.verdict is None


def test_a_tie_between_parts_is_broken_by_the_number_and_state_told():
    parts = [(1, "ранить выбранное закрытое существо на 2"), (2, "ранить выбранное существо на 1")]
    acts = {1: "wound", 2: "wound"}
    assert read_asked(CLOSED_OR_ANY + " можно ранить на 1?", parts, acts).part == 2
    assert read_asked(CLOSED_OR_ANY + " можно ранить открытое?", parts, acts).part == 2
    assert read_asked(CLOSED_OR_ANY + " можно ранить закрытое на 2?", parts, acts).part == 1


# ------------------------------------------------------------------ payment short (505.9)
def test_short_payment_of_a_self_destroying_text_spends_what_is_left_and_the_part_happens():
    a = ask(SELF_HEAL + " оплатить до конца ресурсов не хватит. излечение пройдёт? а оставшееся для оплаты — "
                        "потратится или нет?")
    assert a.verdict.startswith("Да, потратятся") and a.citations[0] == "505.9"
    assert "часть 2" in a.verdict and "выполняется" in a.verdict
    a = ask(SELF_HEAL + " кристаллов на оплату недостаточно. остаток сгорит или останется?")
    assert a.verdict.startswith("Потратятся") and a.citations[0] == "505.9"
    a = ask(SELF_HEAL + " платить почти нечем. ресурсы останутся или нет?")
    assert a.verdict.startswith("Нет, потратятся") and a.citations[0] == "505.9"


def test_short_payment_of_another_text_gives_no_verdict():
    # 505.4 says when the payment happens, not what a shortage does (505.9 covers only self-destruction)
    a = ask("у меня сущ «ранить выбранное существо на 2, при этом получить фишку». ресурсов на оплату не хватает. "
            "фишку получу?")
    assert a.verdict is None


# ------------------------------------------------------------------ the first part cannot happen (505.4.1)
def test_no_counters_on_the_chosen_creature_stops_the_heal():
    q = COUNTER_HEAL + " выбрал эльфа противника, на нём нет ни одной фишки. излечение будет?"
    facts = read_board_facts(q)
    assert [(f.kind, f.attrs) for f in facts.facts] == [("exists", ()), ("target", (("counters", "==", 0),))]
    a = ask(q)
    assert _lead(a) == "Нет" and a.citations[:2] == ["505.4.1", "505.4"]


def test_counters_of_the_target_not_told_give_no_verdict():
    a = ask(COUNTER_HEAL + " выбрал эльфа противника. излечение будет?")
    assert a.verdict is None or "фишк" not in a.verdict or _lead(a) not in ("Да", "Нет")


def test_a_choice_told_in_the_past_is_no_event():
    facts = read_board_facts(COUNTER_HEAL + " выбрал своё раненое сущ. лечение будет?")
    assert not facts.of("done")


# ------------------------------------------------------------------ no free cell (505.6, 507.2)
def test_move_or_close_with_every_cell_taken_obliges_the_close():
    a = ask(MOVE_OR_CLOSE + " вокруг всё занято. могу вообще ничего не делать?")
    assert _lead(a) == "Нет" and a.citations[:2] == ["505.6", "507.2"]
    a = ask(MOVE_OR_CLOSE + " все клетки рядом заняты. оно закроется?")
    assert _lead(a) == "Да" and "505.6" in a.citations[:2]


# ------------------------------------------------------------------ clauses the board does not place
def test_a_stat_of_the_target_the_board_does_not_keep_gives_no_verdict():
    q = "у моего сущ «ранить выбранное существо на 2». я выбрал тролля противника, при этом у него броня 1. рана пройдёт?"
    assert read_board_facts(q).unread == ["при этом у него броня 1."]
    assert ask(q).verdict is None


def test_a_guard_against_the_act_is_read_as_the_act_failing():
    q = ("«уничтожьте выбранное ваше существо – разряд на 2». выбрал своего эльфа, а у него защита от уничтожения. "
         "разряд будет?")
    facts = read_board_facts(q)
    assert [(f.kind, f.action) for f in facts.of("failed")] == [("failed", "destroy")]
    a = ask(q)
    assert _lead(a) == "Нет" and "505.4.2" in a.citations[:2]


# ------------------------------------------------------------------ the board told in chat style
CLOSE_OR_WOUND = "у моего сущ «закройте выбранное открытое существо противника, в противном случае – нанесите себе рану 1»."


def test_every_card_of_a_side_in_a_state_without_the_word_creature():
    for told in ("у врага всё закрыто.", "противник всех своих уже закрыл.", "все его сущи закрыты."):
        facts = read_board_facts(CLOSE_OR_WOUND + " " + told + " рану получу?")
        assert [(f.kind, f.owner, f.restriction) for f in facts.facts] == [("none", "enemy", "open")], told
        a = ask(CLOSE_OR_WOUND + " " + told + " рану получу?")
        assert _lead(a) == "Да" and a.citations[0] == "505.6", told


def test_a_state_whose_cards_are_not_told_is_unread_and_gives_no_verdict():
    q = CLOSE_OR_WOUND + " всё закрыто. рану получу?"
    assert read_board_facts(q).unread == ["всё закрыто."]
    assert ask(q).verdict is None


def test_only_flyers_leave_no_target_for_a_part_on_a_creature_that_does_not_fly():
    q = ("у моего сущ «ранить выбранное нелетающее существо противника на 2, в противном случае – получить фишку». "
         "у него на поле только летуны. что будет?")
    a = ask(q)
    assert a.verdict.startswith("Получить фишку") and a.citations[0] == "505.6"
    q = q.replace("нелетающее", "летающее")
    a = ask(q)
    assert a.verdict.startswith("Ранить выбранное летающее") and a.citations[0] == "505.6"


def test_nobody_next_to_the_source_obliges_the_alternative():
    a = ask("у моего сущ «нанесите рану 1 выбранному существу рядом, в противном случае – излечите себя на 1». "
            "вокруг пусто. себя полечу?")
    assert _lead(a) == "Да" and a.citations[0] == "505.6"


def test_the_asking_clause_about_a_counter_is_no_unread_board_clause():
    q = "у моего сущ «переместите это существо на соседнюю клетку, при этом получите фишку». рядом ни одной свободной клетки. фишку получу?"
    assert read_board_facts(q).unread == []
    a = ask(q)
    assert _lead(a) == "Нет" and a.citations[:2] == ["505.4", "507.2"]


def test_an_unplaced_clause_beside_a_read_board_gives_no_verdict_on_this_route():
    # the board is read («все закрыты»), «у гоблина регенерация» is not: no verdict rather than the
    # outcome reader's guess
    a = ask(CLOSE_OR_WOUND + " у противника все закрыты, а у моего сущ регенерация. рану получу?")
    assert a.verdict is None and a.route == "ability"


def test_he_may_after_a_told_refusal_asks_the_refusal():
    a = ask("у меня «противник теряет фишку; если противник не может или не хочет этого сделать – разряд на 2 по "
            "выбранному существу». противник отказывается, говорит не хочет. он так может?")
    assert _lead(a) == "Да" and a.citations[0] == "505.7"


def test_only_artifacts_on_a_side_leave_no_creature_there():
    q = ("у сущ «ранить выбранное существо противника на 1, при этом излечить себя на 1». у противника на поле "
         "только артефакты. лечение будет?")
    facts = read_board_facts(q)
    assert ("none", "enemy", "creature") in [(f.kind, f.owner, f.card_kind) for f in facts.facts]
    a = ask(q)
    assert _lead(a) == "Нет" and a.citations[0] == "505.4"


# ------------------------------------------------------------------ untyped acts and claims
STUN_OR_WOUND = "у моего сущ «оглушить выбранное существо противника, в противном случае – нанесите себе рану 1»."


def test_an_untyped_first_alternative_with_no_target_obliges_the_second():
    # what «оглушить» does is not typed; that it needs an enemy creature is — and there is none (505.6)
    a = ask(STUN_OR_WOUND + " у противника никого нет. рану получу?")
    assert _lead(a) == "Да" and a.citations[0] == "505.6"


def test_an_untyped_first_alternative_with_a_target_gives_no_verdict():
    # whether «оглушить» can be declared on the orc is not known: nor is whether the wound follows
    a = ask(STUN_OR_WOUND + " у противника есть орк. рану получу?")
    assert a.verdict is None


def test_the_opponents_claim_is_no_event_told():
    a = ask("«заморозить выбранное существо, при этом ранить его на 1». противник говорит что рана не пройдёт. "
            "что будет?")
    assert a.verdict is None


def test_just_the_later_part_as_the_askers_preference_is_no_after_pri_etom():
    a = ask(SELF_HEAL + " ресурсов не хватает. мне лучше просто полечить. так можно?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4"
    a = ask(SELF_HEAL + " ресурсов нет совсем. а ресурсы куда денутся?")
    assert a.verdict.startswith("Потратятся") and a.citations[0] == "505.9"


def test_both_cells_taken_and_a_verdict_without_a_paragraph():
    facts = read_board_facts("у сущ «переместите это существо на соседнюю клетку; получите фишку». оно в углу, обе "
                             "соседние клетки заняты. фишку получу?")
    assert [f.kind for f in facts.facts if f.kind == "cells_full"] == ["cells_full"]
    # a single part with no target near: no paragraph of the edition rules it, so no verdict rests on it
    a = ask("у моего мага «ранить выбранное существо рядом на 1». рядом никого. что будет?")
    assert a.verdict is None


def test_an_order_told_in_the_want_before_a_bare_question():
    text = "у сущ «ранить выбранное существо на 1; получить фишку». у противника есть орк. "
    a = ask(text + "хочу сначала фишку, потом ранить. можно?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.1"
    a = ask(text + "хочу сначала ранить, потом фишку. так можно?")
    assert _lead(a) == "Да" and a.citations[0] == "505.4.1"
