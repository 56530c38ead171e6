"""What-happens and wh verdicts from the rule text (issue 14): a story's facts matched to a
rule's conditions and the asked state answered from its consequence
(``bot.rules_text.consequence.asked_state``), a definition question answered by the
defining sentence (``bot.rules_text.defining``), a «кто …?» answered with the whole phrase
that says which player (``bot.rules_text.values``). Questions written here, in chat style,
on the full-layout test edition and on the 5ed seed pages."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text import consequence, defining, values


# --- the asked state after a story ------------------------------------------------------------

def test_the_asked_state_is_read_off_the_last_clause():
    s = consequence.asked_state("по нему попали. в начале хода, оно откроется?")
    assert (s.verb, s.negated, s.stays) == ("открывать", False, False)
    s = consequence.asked_state("цель пропала. мой метатель так и остаётся закрытым?")
    assert (s.verb, s.negated, s.stays) == ("открывать", True, False)     # «остаётся закрытым» = «не открывается»
    s = consequence.asked_state("его отравили, потом дали защиту. яд остаётся?")
    assert s.stays and s.named == frozenset({"отравление"})
    assert consequence.asked_state("оно открывается?") is None            # no story told before it
    assert consequence.asked_state("его отравили. может ли оно атаковать?") is None   # a modal: the yes/no reader's


def test_a_condition_on_two_nouns_joined_by_or_is_two_alternatives():
    [c] = consequence.clauses("Если цель удара или броска покинула стол", rule=True)
    assert sorted(sorted(a.concepts) for a in c.alternatives) == [["бросок", "покидать", "стол", "цель"],
                                                                  ["покидать", "стол", "удар", "цель"]]


STATES = [
    # a relative clause of the subject is the rule's condition; «не открывается» answers «откроется?»
    ("по моему существу попали оцепенением, на нём лежит счётчик оцепенения. в начале моего хода оно откроется?",
     "Нет", "408.7"),
    # «остаётся закрытой» answers both «открывается?» and «остаётся закрытым?»; «или» of two nouns
    ("метнул топор в сущ противника, но цель покинула игру до нанесения ран. мой метатель остаётся закрытым?",
     "Да", "305.8"),
    ("пальнул по вражескому сущу. цель вышла из игры ещё до нанесения ран. стрелок откроется?", "Нет", "305.8"),
    # «снимается» answers «остаётся?»: the condition told over two sentences
    ("моё сущ отравили на 3. затем ему дали защиту от отравления. отравление на нём остаётся?", "Нет", "402.5"),
]


@pytest.mark.parametrize("q,lead,number", STATES)
def test_a_story_tells_the_condition_and_the_consequence_answers_the_asked_state(tested_edition, q, lead, number):
    a = ask(q, edition=tested_edition)
    assert a.route == "rule_text" and a.verdict and a.verdict.startswith(lead), (a.verdict, a.trace)
    assert a.citations[0] == number and a.sentence


def test_a_story_that_leaves_the_condition_untold_gets_no_verdict(tested_edition):
    a = ask("выстрелил по сущ противника. мой стрелок открывается обратно?", edition=tested_edition)
    assert not a.verdict
    a = ask("моё сущ отравили на 3. отравление на нём остаётся?", edition=tested_edition)
    assert not a.verdict


def test_an_occupied_cell_told_as_sharing_it_with_a_card(tested_edition):
    a = ask("мой призрак бестелесный, стоит на одной клетке с вражеским сущем. и тут он потерял бестелесность. "
            "что будет с призраком?", edition=tested_edition)
    assert a.verdict == "Оно погибает" and a.citations[0] == "409.5"


# --- definitions ------------------------------------------------------------------------------

def test_the_term_of_a_definition_question():
    assert defining.asked_term("а что такое ветер в берсерке?") == ("ветер",)
    assert defining.asked_term("что значит «верхний» ряд, объясните") == ("верхний", "ряд")
    assert defining.asked_term("подскажите, что называется клеткой напротив?") == ("клетка", "напротив")
    assert defining.asked_term("что будет с симбиотом?") is None


def test_defining_sentences_and_their_term_sides():
    d = defining._read("1.1", "Ветром называется движение воздуха.")
    assert d.strength == 90 and defining._fit(d, ("ветер",)) == 0
    assert defining._fit(d, ("воздух",)) is None           # the word of the definition is not the term
    d = defining._read("1.2", "Штиль – это отсутствие ветра.")
    assert d.strength == 100 and defining._fit(d, ("штиль",)) == 0
    d = defining._read("1.3", "Главным в стае считается тот волк, который старше всех.")
    assert defining._fit(d, ("главный", "волк", "стая")) == 0   # a term split by the verb
    assert defining._read("1.4", "Волк бежит, если его видно.") is None


def test_a_definition_question_is_answered_by_the_defining_sentence(tested_edition):
    a = ask("а что называется клеткой напротив?", edition=tested_edition)
    assert a.route == "rule_text" and "вертикали" in a.verdict and a.citations[0] == "411.4"
    a = ask("что значит перемещение?")
    assert "называется перемещением" in a.verdict and a.citations[0] == "507.1"
    a = ask("что такое пас в берсерке")
    assert a.verdict.startswith("Пас – это передача приоритета") and a.citations[0] == "303.2"


def test_a_weak_defining_verb_yields_to_the_glossary():
    # «Симбиот считается картой, занимающей …» (209.9) states a property; 209.1 defines the word
    assert defining.answer("что такое симбиот", "5ed") is None


# --- who: the whole determining phrase ------------------------------------------------------

def test_a_person_is_the_whole_phrase_that_says_which():
    f, _ = values.read_facts("Игрок, выкинувший меньшее число, выбирает стол.", "1")
    assert f.persons == ("Игрок, выкинувший меньшее число",)
    f, _ = values.read_facts("Игрок выбирает стол.", "1")
    assert f.persons == (values.GENERIC_PERSON,)
    f, _ = values.read_facts("Первый игрок выбирает стол.", "1")
    assert f.persons == ("Первый игрок",)


def test_who_is_answered_with_the_determining_phrase(tested_edition):
    a = ask("а кто решает, какой игрок ходит первым?", edition=tested_edition)
    assert a.verdict == "Игрок, выбросивший большее число" and a.citations[0] == "102.2"


# --- how, which value, which order, who after a told event -----------------------------------

def test_a_manner_question_is_answered_by_the_phrase_after_the_verb(tested_edition):
    from bot.rules_text import manner

    assert manner.asks_manner("а дробный результат как именно округляется?")
    assert not manner.asks_manner("в начале хода оно открывается как все")   # a comparison
    assert not manner.asks_manner("как думаешь, можно?")
    a = ask("а дробный результат расчёта как именно округляется?", edition=tested_edition)
    assert a.verdict == "Округляется в меньшую сторону" and a.citations[0] == "104.1"
    a = ask("результат округляется как?", edition=tested_edition)   # «дробный» of the rule left unnamed
    assert not a.verdict


def test_which_value_is_the_number_written_after_the_asked_noun(tested_edition):
    a = ask("какой модификатор к броску при выстреле по летающему существу?", edition=tested_edition)
    assert a.verdict == "+1" and a.citations[0] == "305.5"
    a = ask("при метании по летуну какой модификатор?", edition=tested_edition)   # 305.5 says: not to throwing
    assert not a.verdict


def test_the_order_of_two_events_is_the_one_sentence_that_states_it():
    a = ask("сперва игрок получает приоритет, а затем применяет эффекты правил? или как")
    assert a.verdict.startswith("Нет, наоборот: сначала применяет все эффекты правил игры") and a.citations[0] == "303.6"
    a = ask("сначала применяются эффекты правил игры, а потом игрок получает приоритет?")
    assert a.verdict.startswith("Да: сначала применяет") and a.citations[0] == "303.6"


def test_who_after_a_told_event_and_in_a_titled_paragraph():
    a = ask("в стеке лежит внезапка противника. она выполнилась. кто щас получает приоритет")
    assert a.verdict == "Активный Игрок" and a.citations[0] == "303.4"
    a = ask("на шаге вскрытия кто первым переносит летунов во вспомогательную зону")   # «Шаг вскрытия.» titles 405.1
    assert a.verdict == "Первый игрок" and a.citations[0] == "405.1"


def test_a_relative_clause_rule_of_effect_answers_what_happens():
    # «Экипировка, которая после окончания подфазы Вскрытия не имеет хозяина (…), – погибает» (212.5)
    a = ask("а что бывает со шмоткой, у которой после подфазы вскрытия не оказалось хозяина?")
    assert a.verdict == "Экипировка погибает" and a.citations[0] == "212.5"
    from bot.rules_text.index import index_for

    # «подфазы» untold: which step? — the rule text does not guess (the simulator may know)
    assert consequence.answer("что будет с симбиотом, у которого после вскрытия нет хозяина?", "5ed",
                              index_for("5ed")) is None


def test_left_without_creatures_is_one_concept(tested_edition):
    a = ask("у обоих игроков одновременно погибли все существа, что тогда?", edition=tested_edition)
    assert a.verdict == "Партия завершается ничьей" and a.citations[0] == "103.3"


# --- the first X wounds prevented ---------------------------------------------------------------

def test_the_prevention_and_the_attack_kinds_are_read_off_the_edition(tested_edition):
    from bot.rules_text import prevent
    from bot.rules_text.index import index_for

    prevs, kinds, other = prevent.read(index_for(tested_edition))
    assert [(p.ability, p.magic, p.number) for p in prevs] == [("броня", False, "403.1")]
    assert kinds["разряд"][0] and not kinds["выстрел"][0] and not kinds["простой_удар"][0]
    assert other == (False, "301.3")        # «все остальные атаки – немагические»


@pytest.mark.parametrize("q,left", [
    ("у моего сущ броня 2. в этот ход его ударили простым ударом на 3 раны и разрядом на 2. сколько ран получит всего?",
     "3"),   # 3 - 2 from the strike, the discharge is magic: 1 + 2
    ("на моём орке броня 1, за ход ему прилетело 2 раны выстрелом и ещё 2 простым ударом. скока ран он получит?", "3"),
])
def test_wounds_left_after_armour(tested_edition, q, left):
    a = ask(q, edition=tested_edition)
    assert a.verdict == left and a.citations[0] == "403.1", (a.verdict, a.trace)


@pytest.mark.parametrize("q", [
    "у моего сущ броня 2. в прошлом ходу ему нанесли 2 раны простым ударом, а сейчас 3 выстрелом. сколько ран получит?",
    "у моего сущ броня 1. ему нанесли 3 раны. сколько ран получит?",          # which attack: not told
    "у моего сущ броня 1 и ещё броня 2. ему нанесли 3 раны выстрелом. сколько ран получит?",   # two armours
])
def test_no_wounds_verdict_when_the_story_leaves_something_out(tested_edition, q):
    from bot.rules_text import prevent
    from bot.rules_text.index import index_for

    assert prevent.answer(q, tested_edition, index_for(tested_edition)) is None


def test_an_incorporeal_ending_the_turn_on_a_cell_with_a_card(tested_edition):
    a = ask("бестелесный закончил ход на клетке с моей другой тварью, что будет?", edition=tested_edition)
    assert a.verdict == "Оно погибает" and a.citations[0] == "409.1"
