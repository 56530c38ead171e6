"""Rule-text verdicts on a question that tells a story before (or inside) the asked clause
(issue 14): the asker's argument is never what is ruled on, a rule's own condition the
story does not tell is not met by it, a state the story changes is the card's new state,
a count holds per the unit its sentence names, and a request to explain opens a definition."""

from bot.judge import ask
from bot.reading.argument import read
from bot.rules_text import route


def test_a_since_clause_inside_the_asked_sentence_is_the_argument_not_the_question():
    q = "хозяин моей экипировки потерял класс. раз экипировку нельзя помещать на существ без класса, она уничтожается?"
    r = read(q)
    assert r.facts == ("хозяин моей экипировки потерял класс",)
    assert r.premises == ("раз экипировку нельзя помещать на существ без класса",)
    assert r.asked == "Она уничтожается?"      # the pronoun is left for the reader of the story
    a = ask(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "212.2"
    # the rule text reads the same question without the argument: the rule of losing a class, not the ban
    t = route.answer(q)
    assert t.verdict == "Нет, не уничтожается" and t.citations[0] == "212.2"


def test_a_particle_clause_before_the_asked_clause_is_the_argument():
    q = "мой орк уже атаковал в этот ход. запас движения же у него полный, может он теперь двигаться?"
    r = read(q)
    assert r.premises == ("запас движения же у него полный",) and r.asked == "Может орк теперь двигаться?"
    a = ask(q)
    assert a.verdict.startswith("Нет") and "506.5" in a.citations[:2]


def test_a_noun_in_a_prepositional_phrase_is_no_subject_a_pronoun_stands_for():
    r = read("моё сущ уже ударило в этот ход. запас движения же у него восстановился, может оно теперь походить?")
    assert r.asked == "Может оно теперь походить?" and r.subject == ""


def test_a_rule_whose_condition_the_story_does_not_tell_gives_no_verdict():
    # 209.6 «Если существо стало симбиотом, его симбиот погибает»: the story tells another circumstance
    t = route.answer("хозяина моего симбиота закрыли. симбиот же погибает?")
    assert t.verdict is None and "209.6" in t.citations


def test_a_state_the_story_changes_is_not_judged_by_the_state_before():
    # «Использовать движение может только открытое существо» (506.3): the story opened the card
    assert route.answer("моё существо было закрыто, потом эффект его открыл. оно может двигаться?") is None
    a = ask("у меня существо закрыто. оно может двигаться?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "506.3"


def test_a_person_after_an_event_the_story_does_not_tell_is_not_named():
    # 303.4 «Выполненное игродействие …, после чего Активный Игрок вновь получает приоритет»: the story
    # tells a declaration, not a resolution
    a = route.answer("я сыграл особенность, она в стеке. у кого после этого приоритет, у меня или у оппонента?")
    assert a.verdict is None    # was «Активный игрок» (303.4)


def test_a_count_holds_per_the_unit_its_sentence_names():
    a = route.answer("сколько экипировок можно поместить на одно существо?")
    assert a.verdict.startswith("1 каждого класса") and a.citations[0] == "212.4"


def test_a_request_to_someone_opens_a_definition():
    a = route.answer("поясните новичку что такое пас")
    assert a.verdict.startswith("Пас – это передача приоритета") and a.citations[0] == "303.2"
    a = route.answer("объясните мне что такое стек вообще")
    assert a.verdict.startswith("Стек состоит из") and a.citations[0] == "302.1"


def test_a_list_item_states_its_own_predicate_in_parentheses():
    # 302.6 «… в) оплата игродействия (не использует стек).»
    a = route.answer("оплата игродействия использует стек?")
    assert a.verdict == "Нет, не использует" and a.citations[0] == "302.6"
    a = route.answer("оплата игродействия не использует стек?")
    assert a.verdict == "Да, не использует" and a.citations[0] == "302.6"
    # a parenthetical with a subject of its own states nothing of the item («(игродействие заносится в стек)»)
    from bot.rules_text.index import index_for
    told = [p for p in index_for("5ed").props if p.number == "302.6" and p.sentence.endswith(")")]
    assert [p.sentence.rsplit("… ", 1)[1] for p in told] == ["оплата игродействия (не использует стек)"]


def test_an_ability_told_in_slang_is_the_means_not_a_word_the_rule_must_name():
    a = route.answer("перемещение карты способкой использует стек?")
    assert a.verdict == "Да, использует" and a.citations[0] == "302.3"


def test_what_it_means_asked_after_the_thing_is_the_verb_not_the_particle():
    # «значит» after «что» closing the question is «значить» (508.1.1 «Значок в свойствах карты … задает …»)
    a = route.answer("значок в свойствах карты что значит?")
    assert a.verdict == "Начальное количество жизней карты" and a.citations[0] == "508.1.1"


def test_a_future_modal_is_the_modal_and_its_pronoun_the_noun_of_its_own_sentence():
    # 406.1 / 407.1 «Если игрок в свой черёд отказался от использования этой особенности, то сыграть её
    # позже он не сможет»: «сможет» is «может», «он» the player of the same sentence (no word of the one before)
    from bot.rules_text.index import index_for
    r = next(r for r in index_for("5ed").rules if r.prop.number == "406.1" and "отказался" in r.prop.sentence)
    assert r.req == {"играть", "отказываться", "свой", "черед"} and not r.prop.positive   # «позже» implicit
    a = route.answer("игрок в свой черёд отказался от особенности «в начале боя». может он сыграть её позже?")
    assert a.verdict == "Нет, не может" and a.citations[0] == "406.1"


def test_going_to_the_stack_is_using_it_and_a_perfective_verb_meets_the_rules_imperfective():
    # 305.1 «Если в течение игры одновременно возникает несколько срабатывающих особенностей, они также
    # заносятся в стек»: «возникли» is «возникает», «в течение игры» need not be asked, «идут в стек» uses it
    a = route.answer("если одновременно возникли несколько срабатывающих особенностей, они идут в стек?")
    assert a.verdict.startswith("Да") and a.citations[0] == "305.1"


def test_skipping_ones_turn_is_refusing_in_it_and_the_paragraph_naming_the_ability_comes_first():
    # «пропустил свой черёд» = «в свой черёд отказался» (collocations); 407.1 names «авангард»
    a = route.answer("игрок пропустил свой черёд в подфазу авангарда. может он потом сыграть авангард?")
    assert a.verdict == "Нет, не может" and a.citations[0] == "407.1"


def test_a_count_of_times_per_period_bounds_the_times_asked():
    # 407.1 «Каждая карта использует особенность «авангард» один раз за бой»
    a = route.answer("можно использовать авангард второй раз за бой?")
    assert a.verdict == "Нет, нельзя" and a.citations[0] == "407.1"
    a = route.answer("карта может использовать авангард один раз за бой?")
    assert a.verdict == "Да, может" and a.citations[0] == "407.1"
