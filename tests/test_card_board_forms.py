"""Card text plus a described board: the asked proposition over the executed ability —
the order of parts told «сначала A, а B потом» (505.4.x), «либо все, либо ничего» and
«обязан сделать и то и другое» (505.5, 505.8), the asked sentence before a remark
(issue 11 «card text in the question», issue 12 acceptance)."""

from __future__ import annotations

from bot.judge import ask
from bot.sim.board_ask import asks_order, read_asked

WOUND_HEAL = "«{tap}: нанесите 1 рану выбранному вашему существу – излечите выбранное существо на 3»."
OR = "у жреца «{tap}: разряд на 2 по выбранному существу или излечите ваше существо на 2»."
MAY = "у стража «в начале вашего хода может открыться и нанести 1 рану выбранному существу противника»."
SEMI = "«{tap}: закройте выбранное существо противника; нанесите 2 раны выбранному существу»."


def _lead(a) -> str:
    return (a.verdict or "").split(":")[0]


# ------------------------------------------------------------------ order told «сначала A, а B потом»
def test_the_later_act_told_before_potom_is_read():
    parts = [(1, "нанесите 1 рану выбранному вашему существу"), (2, "излечите выбранное существо на 3")]
    acts = {1: "wound", 2: "heal"}
    got = read_asked(WOUND_HEAL + " можно я сначала вылечу, а своего раню потом?", parts, acts)
    assert (got.kind, got.parts) == ("order", (2, 1))
    got = read_asked(WOUND_HEAL + " можно я вылечу сначала, а потом раню своего?", parts, acts)
    assert (got.kind, got.parts) == ("order", (2, 1))
    assert asks_order("можно я сначала вылечу, а своего раню потом?")
    assert not asks_order("сначала он закрылся. что будет?")


def test_a_later_part_first_after_a_dash_is_no():
    a = ask(WOUND_HEAL + " можно я сначала вылечу, а своего раню потом?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.2"
    assert "вначале часть 1" in a.verdict
    a = ask(WOUND_HEAL + " сначала раню своего, а вылечу потом — так можно?")
    assert _lead(a) == "Да" and a.citations[0] == "505.4.2"


def test_no_order_of_both_options_of_a_choice():
    a = ask(OR + " можно сначала полечить, а разряд потом?")
    assert _lead(a) == "Нет" and "только одна" in a.verdict and a.citations[0] == "505.5"


# ------------------------------------------------------------------ every part or none
def test_must_both_is_no_for_a_choice_and_a_claim_of_it_is_wrong():
    parts = [(1, "{tap}: разряд на 2 по выбранному существу"), (2, "излечите ваше существо на 2")]
    assert read_asked(OR + " я обязан сделать и то и другое?", parts, {1: "discharge", 2: "heal"}).kind == "all_or_none"
    a = ask(OR + " соперник утверждает, что я должен сделать и то и другое. так?")
    assert a.verdict and a.verdict.startswith("Нет") and "не прав" in a.verdict
    assert a.citations[0] == "505.5"


def test_all_or_nothing_after_may_is_no():
    a = ask(MAY + " я обязан сделать и то и другое?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.8"
    a = ask(MAY + " друг говорит, раз написано «может», то либо всё делаю, либо ничего. кто прав?")
    assert a.verdict and a.verdict.startswith(("Вы правы", "Нет, друг не прав", "Друг не прав"))
    assert a.citations[0] == "505.8"


# ------------------------------------------------------------------ the asked sentence before a remark
def test_a_remark_after_the_question_does_not_hide_it():
    a = ask(SEMI + " закрыть выбранное не вышло. раны всё равно будут? там же точка с запятой, значит отдельно")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.1"
    assert "часть 2" in a.verdict


# ------------------------------------------------------------------ issue 12 acceptance, every 505 form
NO_CLOSED = (
    # (text, what happens: the lead of the verdict, the first paragraph)
    ("«{tap}: откройте выбранное закрытое существо противника, при этом нанесите 1 рану выбранному вашему существу».",
     "Ни одна часть текста не выполняется", "505.4"),
    ("«{tap}: откройте выбранное закрытое существо противника; излечите ваше существо на 2».",
     "Ни одна часть текста не выполняется", "505.4.1"),
    ("«{tap}: откройте выбранное закрытое существо противника – излечите ваше существо на 2».",
     "Ни одна часть текста не выполняется", "505.4.2"),
    ("«{tap}: нанесите 2 раны выбранному закрытому существу противника или излечите ваше существо на 2».",
     "Излечите ваше существо на 2", "505.5"),
    ("«{tap}: откройте выбранное закрытое существо противника, в противном случае – нанесите себе 1 рану».",
     "Нанесите себе 1 рану", "505.6"),
    ("«{tap}: противник открывает одно своё закрытое существо; если противник не может или не хочет этого сделать – "
     "нанесите 2 раны выбранному существу противника».", "Нанесите 2 раны выбранному существу противника", "505.7"),
    ("у стража «в начале вашего хода может открыть выбранное закрытое существо противника и излечиться на 1».",
     "Излечиться на 1", "505.8"),
    ("«уничтожьте это существо, при этом нанесите 3 раны выбранному закрытому существу противника».",
     "Уничтожьте это существо", "505.4"),
)


def test_every_505_form_gets_the_verdict_the_board_implies():
    for text, lead, rule in NO_CLOSED:
        for board in (" У противника нет ни одного закрытого существа — что будет?",
                      " у него на поле одни открытые. что будет?", " все его сущи открыты, что произойдёт?"):
            a = ask(text + board)
            assert a.verdict and a.verdict.startswith(lead + ":"), (text, board, a.verdict)
            assert a.citations[0] == rule, (text, board, a.citations)
    self_destroy = ask(NO_CLOSED[-1][0] + " у противника все уже открыты. что будет?")
    assert "505.9" in self_destroy.verdict and "часть 2" in self_destroy.verdict


# ------------------------------------------------------------------ the board told in chat style
def test_chat_board_facts_are_read():
    from bot.sim.board_text import read_board_facts

    def kinds(q):
        f = read_board_facts("«закройте выбранное существо противника». " + q + " что будет?")
        return [(x.kind, x.owner, x.restriction, x.only) for x in f.facts], f.unread

    assert kinds("у него на поле только летуны.") == ([("exists", "enemy", "flying", True)], [])
    assert kinds("у противника одни летуны.") == ([("exists", "enemy", "flying", True)], [])
    assert kinds("все его сущи закрыты.") == ([("none", "enemy", "open", False)], [])
    assert kinds("у противника пустое поле.") == ([("none", "enemy", None, False)], [])
    assert kinds("у соперника никого нет на поле.") == ([("none", "enemy", None, False)], [])
    assert kinds("рядом никого.") == ([("nobody_near", None, None, False)], [])
    assert kinds("у меня только сущи без класса.") == ([("exists", "own", "classless", True)], [])
    # whose empty board is not told: named as unread, not guessed
    assert kinds("там пусто.")[1] == ["там пусто."]


def test_nobody_near_leaves_no_adjacent_target():
    a = ask("«{tap}: нанесите 2 раны выбранному существу рядом с этим существом, в противном случае – излечите себя на 1». "
            "рядом никого. что будет?")
    assert a.verdict and a.verdict.startswith("Излечите себя на 1:") and a.citations[0] == "505.6"


def test_a_bracketed_list_of_occupants_is_part_of_the_fact():
    a = ask("«{tap}: переместите выбранное существо на соседнюю клетку, в противном случае – нанесите ему 1 рану». "
            "выбрал его сущ, а вокруг все клетки заняты (его сущи, мой артефакт, мои сущи). что будет?")
    assert a.verdict and a.verdict.startswith("Нанесите ему 1 рану:") and a.citations[0] == "505.6"
    assert "507.2" in a.citations


def test_the_opponents_quoted_refusal_is_a_refusal():
    a = ask("«{tap}: противник закрывает одно своё открытое существо; если противник не может или не хочет этого "
            "сделать – нанесите 2 раны выбранному существу противника». у него открытых полно, но он говорит "
            "«не буду ничего закрывать». что будет?")
    assert a.verdict and a.verdict.startswith("Нанесите 2 раны выбранному существу противника:")
    assert a.citations[0] == "505.7"


def test_only_flyers_of_mine_include_the_source_and_a_symbiote_from_the_discard_fails():
    a = ask("«{tap}: поместите симбиота из вашего сброса на выбранное ваше существо, в противном случае – излечите "
            "ваше существо на 1». у меня на поле одни летуны, один из них ранен. что будет?")
    assert a.verdict and a.verdict.startswith("Излечите ваше существо на 1:")
    assert a.citations[0] == "505.6" and "209.4" in a.citations[:3]


def test_equipment_from_the_discard_onto_classless_creatures_fails():
    a = ask("«{tap}: поместите экипировку из вашего сброса на выбранное ваше существо; излечите это существо на 2». "
            "у меня на поле только сущи без класса. лечение будет?")
    assert a.verdict and a.verdict.startswith("Нет:") and a.citations[0] == "505.4.1" and "212.2" in a.citations


# ------------------------------------------------------------------ resources, refusal, who decides
def test_resources_left_after_the_source_destroys_itself_are_spent():
    a = ask("«уничтожьте это существо, при этом нанесите 3 раны выбранному существу». у меня ещё остались "
            "ресурсы. они сгорят или останутся?")
    assert a.verdict and a.verdict.startswith("Потратятся:") and a.citations[0] == "505.9"
    other = ask("«{tap}: закройте выбранное существо; излечите ваше существо на 2». у меня ещё остались ресурсы. "
                "они сгорят или останутся?")
    assert not (other.verdict or "").startswith("Потратятся")


def test_the_first_part_of_a_refusable_text_cannot_be_skipped_by_the_controller():
    text = ("«{tap}: противник закрывает одно своё открытое существо; если противник не может или не хочет этого "
            "сделать – нанесите 2 раны выбранному существу противника».")
    a = ask(text + " у него есть открытые. можно я сразу нанесу раны, не предлагая ему закрываться? или решать ему?")
    assert a.verdict and a.verdict.startswith("Нет:") and a.citations[0] == "505.7"
    a = ask(text + " у противника полно открытых, закрыть точно есть кого, хотя он тянет время. он вообще может отказаться?")
    assert a.verdict and a.verdict.startswith("Да:") and a.citations[0] == "505.7"


# ------------------------------------------------------------------ the host as the asked target (209.9)
SYMB = "у симба текст «в начале вашего хода может излечить хозяина на 2 или нанести 1 рану выбранному существу рядом с этим симбиотом»."


def test_a_symbiote_may_aim_a_near_part_at_its_own_host():
    a = ask(SYMB + " могу нанести рану своему же хозяину? он же рядом?")
    assert a.verdict and a.verdict.startswith("Да:") and "часть 2" in a.verdict
    assert a.citations[:2] == ["505.5", "209.9"]


def test_the_host_as_target_of_a_part_with_an_untold_state_gets_no_verdict():
    text = "у симба текст «{tap}: нанесите 1 рану выбранному закрытому существу рядом с этим симбиотом»."
    a = ask(text + " могу нанести рану своему хозяину?")
    assert not (a.verdict or "").startswith(("Да", "Нет"))


def test_an_opinion_of_the_asker_is_no_board_event():
    from bot.sim.board_text import read_board_facts

    f = read_board_facts("«{tap}: противник возвращает в колоду одно своё существо; если противник не может или не хочет "
                         "этого сделать – разряд на 2 по выбранному существу». я думал, раз он может вернуть, то обязан. "
                         "это так?")
    assert [x.kind for x in f.facts] == [] and f.unread == []


# ------------------------------------------------------------------ the reverse order; the controller leaving a part out
def test_the_reverse_order_is_asked_as_an_order():
    a = ask(WOUND_HEAL + " а можно в обратном порядке?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.2"
    a = ask(WOUND_HEAL + " можно поменять порядок, сначала лечение?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4.2"
    a = ask(OR + " можно поменять их местами?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.5"


def test_the_controller_cannot_refuse_the_alternative_he_must_declare():
    text = "«{tap}: закройте выбранное существо противника, в противном случае – нанесите себе 2 раны»."
    a = ask(text + " у него все закрыты. могу отказаться от ран?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.6" and "часть 2" in a.verdict
    a = ask(text + " у него все закрыты. могу я отказаться от закрытия?")
    assert _lead(a) == "Да" and a.citations[0] == "505.6"


def test_a_state_the_reader_does_not_know_is_unread_not_existence():
    from bot.sim.board_text import read_board_facts

    text = "«{tap}: закройте выбранное открытое существо противника, при этом излечите ваше существо на 2». "
    f = read_board_facts(text + "у врага все сущи уже повернуты. лечение пройдёт?")
    assert [(x.kind, x.owner, x.restriction) for x in f.facts] == [("none", "enemy", "open")]
    f = read_board_facts(text + "у врага все сущи заморожены. лечение пройдёт?")
    assert f.facts == [] and f.unread == ["у врага все сущи заморожены."]
    a = ask(text + "у врага все сущи заморожены. лечение пройдёт?")
    assert not (a.verdict or "").startswith(("Да", "Нет"))
    a = ask(text + "у врага все сущи уже повернуты. лечение пройдёт?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4"


# ------------------------------------------------------------------ «могу только X?» with no board told
def test_only_one_part_is_asked_over_the_connective():
    a = ask("у мага «в начале хода может излечиться на 2 и нанести 1 рану выбранному существу противника». "
            "могу только полечиться?")
    assert _lead(a) == "Да" and a.citations[0] == "505.8" and "не объявлять часть 2" in a.verdict
    a = ask("у мага «{tap}: нанесите 1 рану выбранному существу или излечите ваше существо на 2». могу только полечить?")
    assert _lead(a) == "Да" and a.citations[0] == "505.5"
    a = ask("у мага «{tap}: нанесите 1 рану выбранному существу, при этом излечите ваше существо на 2». "
            "могу только полечить?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4" and "на этом поле" not in a.verdict


# ------------------------------------------------------------------ a part the simulator cannot run
UNTYPED = ("«{tap}: выбранное существо противника теряет защиту от магии до конца хода; при этом излечите ваше "
           "существо на 2». ")


def test_an_unexecuted_part_names_the_missing_fact_and_takes_a_told_result():
    from bot.reading.compile import dump
    from bot.sim import scenario as sc

    a = ask(UNTYPED + "у противника все сущи закрыты. лечение будет?")
    assert a.verdict is None
    assert "не сказано, выполнена ли часть 1" in a.blocks[0].text and "505.4" in a.blocks[0].text
    told = ask(UNTYPED + "у противника все сущи закрыты. защиту снять получилось. лечение будет?")
    assert _lead(told) == "Да" and told.citations[0] == "505.4"
    assert told.reading["steps"][0]["use"]["told"] == {1: "done"}
    assert sc.run(sc.load(dump(told.reading), "reading.yaml")).passed
    failed = ask(UNTYPED + "снять защиту не вышло. лечение будет?")
    assert _lead(failed) == "Нет" and failed.citations[0] == "505.4"


def test_the_only_creature_told_closed_leaves_none_open():
    text = "«{tap}: закройте выбранное открытое существо противника, в противном случае – нанесите себе 1 рану». "
    a = ask(text + "у противника только один сущ, и он закрыт. что будет?")
    assert a.verdict.startswith("Нанесите себе 1 рану:") and a.citations[0] == "505.6"
    a = ask(text + "у противника всего одна тварь, и она открыта. что будет?")
    assert a.verdict.startswith("Закройте выбранное открытое существо противника:")


def test_one_creature_told_is_all_of_that_side_and_an_unknown_state_without_a_noun_is_unread():
    text = "«{tap}: закройте выбранное существо противника, при этом нанесите ему 1 рану». "
    a = ask(text + "у противника один сущ, он уже закрыт. будет рана?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.4"
    a = ask(text + "у противника одно открытое существо. будет рана?")
    assert _lead(a) == "Да" and a.citations[0] == "505.4"
    a = ask("«{tap}: нанесите 2 раны выбранному закрытому существу противника или излечите ваше существо на 2». "
            "у противника все открыты, мои все целы. что будет?")
    assert a.verdict is None      # «целы» is not read: the heal's result is not guessed


def test_nothing_happens_is_asked_over_every_part():
    text = "«{tap}: закройте выбранное открытое существо противника; излечите ваше существо на 2». "
    a = ask(text + "у противника все закрыты. ничего не произойдёт?")
    assert _lead(a) == "Да" and a.citations[0] == "505.4.1"
    a = ask(text + "у противника все открыты. ничего не произойдёт?")
    assert _lead(a) == "Нет" and "часть 1" in a.verdict
    a = ask("«{tap}: уничтожьте выбранную экипировку противника, в противном случае – нанесите вашему существу 1 рану». "
            "у противника ни одной шмотки. я тогда просто ничего не делаю?")
    assert _lead(a) == "Нет" and a.citations[0] == "505.6" and "обязан" in a.verdict


def test_resources_just_enough_are_a_fact_not_an_unread_clause():
    a = ask("у стража «{tap}: уничтожьте это существо, при этом разряд на 4 по выбранному существу». ресурсов впритык. "
            "если уничтожаю сам себя, разряд пройдёт?")
    assert _lead(a) == "Да" and a.citations[0] == "505.9"
