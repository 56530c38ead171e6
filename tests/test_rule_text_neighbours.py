"""Rule-text verdicts and the sentences around the one that fits (issue 14): a sentence of
the same paragraph stating a case apart, the next condition of a sequence, the paragraph's
own exceptions — on the full-layout test edition «tested»."""

from bot.judge import ask
from bot.rules_text import route


def test_a_case_the_next_sentence_of_the_paragraph_states_apart_gives_no_verdict(tested_edition):
    # 301.6: «Закрытая карта не может объявлять атаки. Срабатывающая атака закрытой карты
    # (например, «при гибели – разряд на 2») выполняется по общим правилам.»
    for q in ("у закрытой карты атака при гибели - разряд на 2. она погибла, разряд будет?",
              "может ли закрытая карта атаковать если атака срабатывающая"):
        a = route.answer(q, tested_edition)
        assert a is None or a.verdict is None, q
        assert not (ask(q, tested_edition).verdict or "").startswith("Нет"), q
    t = route.answer("может ли закрытая карта атаковать если атака срабатывающая", tested_edition)
    assert "301.6" in t.citations and any("особом случае" in line for line in t.trace)


def test_the_plain_case_of_that_paragraph_is_still_ruled(tested_edition):
    a = route.answer("закрытая карта может атаковать?", tested_edition)
    assert a.verdict == "Нет, не может" and a.citations[0] == "301.6"


def test_what_happens_in_the_narrower_case_the_next_sentence_states(tested_edition):
    # 307.9: «Если летающее существо теряет полёт, то оно помещается на свободную клетку … .
    # Если свободных клеток нет, то оно погибает.»
    a = route.answer("что будет если летун потерял полет а свободных клеток нет", tested_edition)
    assert a.verdict == "Оно погибает" and a.citations[0] == "307.9"
    a = route.answer("что будет, если летающее существо потеряло полёт, а свободные клетки есть?", tested_edition)
    assert a.verdict.startswith("Оно помещается на свободную клетку") and a.citations[0] == "307.9"


def test_a_condition_stated_with_the_other_polarity_is_not_met(tested_edition):
    # «Если свободных клеток нет, то оно погибает» says nothing of free cells there
    for q in ("что будет если свободные клетки есть", "что делать, если свободные клетки есть?"):
        a = route.answer(q, tested_edition)
        assert a is None or not (a.verdict or "").startswith("Оно погибает"), q
    a = route.answer("летун потерял полет, свободных клеток нет. что делать?", tested_edition)
    assert a.verdict == "Оно погибает"


def test_an_attack_getting_through_a_told_protection_asks_whether_it_protects(tested_edition):
    # «пройдёт?» with a protection told is «защита … не защищает от …?» (304.7, 306.5, 403.3)
    cases = {
        "у моей твари защита от выстрелов. противник бьёт её ударом через ряд, пройдёт?": ("Да, пройдет", "304.7"),
        "у существа защита от разрядов, а по нему магический удар. пройдёт?": ("Да, пройдет", "306.5"),
        "у существа защита от магии. разряд по нему пройдёт?": ("Нет, не пройдет", "306.5"),
        "у существа броня 3. разряд его пробьёт?": ("Да, пробьет", "306.6"),
    }
    for q, (verdict, cite) in cases.items():
        a = route.answer(q, tested_edition)
        assert a is not None and a.verdict == verdict and cite in a.citations[:2], (q, a and a.verdict)


def test_getting_through_is_not_read_without_one_protection_and_an_attack(tested_edition):
    from bot.rules_text.question import read

    for q in ("бестелесное существо может пройти через занятую клетку?",
              "у существа защита от магии и броня 2. разряд пройдёт?",
              "у существа защита от магии. пройдёт?"):
        assert read(q, tested_edition).passes == "", q


def test_chosen_as_a_target_is_being_a_target(tested_edition):
    # 408.8 «Закрытая карта может быть целью любых атак …»; 411.3 «… нельзя выбрать целью …»
    a = route.answer("закрытое существо противника можно выбрать целью выстрела?", tested_edition)
    assert a.verdict == "Да, можно" and a.citations[0] == "408.8"
    a = route.answer("можно выбрать целью особенности с дальностью летуна во вспомогательной зоне?", tested_edition)
    assert a.verdict == "Нет, нельзя" and a.citations[0] == "411.3"


def test_a_denied_clause_after_or_is_the_other_answer_offered(tested_edition):
    from bot.rules_text.question import read

    q = read("у врага закрытая карта. её можно выбрать целью выстрела или закрытые не атакуют?", tested_edition)
    assert "атака" not in q.bag and "не атака" not in q.bag and q.positive
    a = route.answer("у врага закрытая карта. её можно выбрать целью выстрела или закрытые не атакуют?", tested_edition)
    assert a.verdict == "Да, можно" and a.citations[0] == "408.8"


def test_a_strike_is_an_attack_a_rule_about_attacks_rules_on(tested_edition):
    # 412.3.а «Если атака уже перенаправлена, в том числе назначением защитника, то перенаправить её ещё раз нельзя»
    a = route.answer("мне назначили защитника от удара. можно этот удар ещё раз перенаправить?", tested_edition)
    assert a.verdict == "Нет, нельзя" and a.citations[0] == "412.3.а"


def test_chat_words_for_removed_and_paying_extra(tested_edition):
    # 406.5 «Излечение не снимает отравления, кроме случаев, описанных в п. 407.5»
    a = route.answer("существо отравлено, я его излечил на 1 обычным излечением. отравление слетело?", tested_edition)
    assert a.verdict.startswith("Нет") and a.citations[0] == "406.5"
    # 202.3 «Элитную карту … можно оплатить только золотыми кристаллами»
    a = route.answer("можно доплатить за элитную карту серебряными кристаллами?", tested_edition)
    assert a.verdict.startswith("Нет") and a.citations[0] == "202.3"


def test_where_a_card_stands_is_no_cost(tested_edition):
    # «стоит рядом» is read «стоить» by the morphology (306.2 «… в том числе на карту, стоящую рядом с источником»)
    a = route.answer("разрядом можно бить карту, которая стоит совсем рядом с моей?", tested_edition)
    assert a.verdict == "Да, можно" and a.citations[0] == "306.2"


def test_an_armour_value_after_its_owner_is_no_count(tested_edition):
    a = route.answer("броня противника 2 защищает от добивания?", tested_edition)
    assert a.verdict.startswith("Нет") and a.citations[0] == "410.2"


def test_what_happens_then_where_asks_the_place(tested_edition):
    q = "противник взял мою тварь под контроль, а она погибла. что будет, на чьё кладбище она пойдёт?"
    a = route.answer(q, tested_edition)
    assert a.verdict == "На кладбище своего владельца" and a.citations[0] == "405.6"


def test_only_on_ones_own_turn_against_a_rule_for_both_turns(tested_edition):
    # 403.4 «Броня восстанавливается в начале каждого хода – как своего, так и хода противника»
    a = route.answer("броня восстанавливается только в мой ход?", tested_edition)
    assert a.verdict.startswith("Нет, не только") and a.citations[0] == "403.4"


def test_a_story_the_ruling_sentence_says_whole_is_ruled_after_the_simulator_declines(tested_edition):
    # 307.6 «Если в отряде противника не осталось нелетающих существ, то нелетающие существа могут
    # нападать простым ударом на его летающих существ»: «у противника» is his squad, the flyers told
    # before are other cards than the asking one
    q = "у врага не осталось нелетающих существ, только летуны. моё нелетающее существо может бить их простым ударом?"
    a = ask(q, tested_edition)
    assert a.verdict is not None and a.verdict.startswith("Да") and a.citations[0] == "307.6"
    assert route.story_said(q, tested_edition, a)
    # a story telling what the sentence is silent on is not ruled from it
    other = "у врага не осталось нелетающих существ, только летуны. моё закрытое существо может бить их простым ударом?"
    b = ask(other, tested_edition)
    assert not (b.verdict or "").startswith("Да"), b.verdict


def test_an_unknown_word_one_edit_from_a_chat_word_is_that_word(tested_edition):
    from bot.rules_text.question import _chat_word_near

    assert _chat_word_near("перездать") == "пересдать"
    a = route.answer("сдача после мулигана ещё хуже, можно второй раз перездать?", tested_edition)
    assert a.verdict == "Нет, нельзя" and a.citations[0] == "102.4.в"


def test_whether_there_is_such_a_card_asks_whether_it_can_be(tested_edition):
    a = route.answer("бывает летающее существо со стражем?", tested_edition)
    assert a.verdict.startswith("Нет") and a.citations[0] == "307.8"


def test_a_reciprocal_pronoun_is_no_friend_a_question_must_name(tested_edition):
    # 201.3.а «… считаются копиями друг друга …»
    a = route.answer("карты с одинаковым названием из разных выпусков считаются копиями?", tested_edition)
    assert a.verdict == "Да, считаются" and a.citations[0] == "201.3.а"


def test_a_bound_a_value_cannot_pass_is_a_count_bound(tested_edition):
    # 202.7 «… стоимость этой карты не может стать меньше 1»; 104.3 «… не может быть меньше 1 и больше 6 …»
    a = route.answer("особенность уменьшает стоимость карты. может стоимость стать 0?", tested_edition)
    assert a.verdict == "Нет, не может" and a.citations[0] == "202.7"
    a = route.answer("особенность уменьшает стоимость карты. может стоимость стать 2?", tested_edition)
    assert a.verdict == "Да, может" and a.citations[0] == "202.7"
    a = route.answer("может ли результат броска кубика с модификаторами быть больше 6?", tested_edition)
    assert a.verdict.startswith("Нет") and a.citations[0] == "104.3"


def test_having_protected_without_a_protection_named_is_having_been_a_defender(tested_edition):
    # 303.3 «Существо, выступившее защитником, закрывается, кроме случаев, описанных в п. 303.6»; 303.6 «Страж»
    a = route.answer("страж закрывается после того как защитил?", tested_edition)
    assert a.verdict == "Нет, не закрывается" and a.citations[0] == "303.6"
    a = route.answer("существо закрывается после того как защитило?", tested_edition)
    assert a.verdict == "Да, закрывается" and a.citations[0] == "303.3"


def test_a_count_of_two_or_more_names_several(tested_edition):
    # 306.8 «Если разряд наносит раны нескольким картам, то раны наносятся всем этим картам одновременно»
    a = route.answer("если разряд наносит раны двум картам, раны наносятся одновременно?", tested_edition)
    assert a.verdict == "Да, наносятся" and a.citations[0] == "306.8"
    # 104.4 «Особенность, числовое значение которой равно нулю, объявить нельзя»
    a = route.answer("можно ли объявить особенность со значением ноль?", tested_edition)
    assert a.verdict == "Нет, нельзя" and a.citations[0] == "104.4"


def test_wounds_an_armour_does_not_prevent_cite_the_sentence_saying_so(tested_edition):
    # 403.1 «Броня Х предотвращает первые Х ран от немагических атак …»; 306.6, 403.3 «Броня не
    # предотвращает раны от магических атак …»
    a = ask("у существа броня 1, по нему ударили разрядом на 2. сколько ран оно получит?", tested_edition)
    assert a.verdict == "2" and a.citations[0] == "403.1" and {"306.6", "403.3"} <= set(a.citations[:3])
    b = ask("у существа броня 1, по нему выстрелили на 2. сколько ран оно получит?", tested_edition)
    assert b.verdict == "1" and "403.3" not in b.citations
