"""Value questions of the rule-text route (issue 14, ``bot.rules_text.values``): the answer
is a value one rule sentence states — a count, a person, the next item of an ordered list,
a list's items, what a thing denotes, one of two options — read off that sentence's
structure, on the 5ed seed pages and on the full-layout test edition. Questions written
here, in chat style."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.judge import ask
from bot.rules_text import values
from bot.rules_text.route import answer


DATA = Path(__file__).resolve().parent / "data"


def _value(q: str, edition: str):
    a = answer(q, edition)
    assert a is not None and a.verdict, (q, a and a.trace)
    assert not a.verdict.startswith(("Да", "Нет")), a.verdict    # a wh-question is answered by the value
    assert a.route == "rule_text" and a.sentence
    return a


# --- what a sentence states ---------------------------------------------------------------

def test_quantities_bounds_and_counted_nouns_are_read_off_the_sentence():
    f, _ = values.read_facts("Под контролем игрока может находиться не более одной местности.", "1")
    assert [(u.value, u.noun, u.bound) for u in f.quantities] == [(1, "местность", "max")]
    f, _ = values.read_facts("Колода должна содержать не менее 30 и не более 50 карт.", "1")
    assert [(u.value, u.noun, u.bound) for u in f.quantities] == [(30, "карта", "min"), (50, "карта", "max")]
    f, _ = values.read_facts("Стоимость карты не может стать меньше 1.", "1")
    assert [(u.value, u.noun, u.bound) for u in f.quantities] == [(1, "стоимость", "min")]
    f, _ = values.read_facts("Существует семь ветров: Север, Юг, Запад и Восток.", "1")
    assert [(u.value, u.noun, u.bound) for u in f.quantities] == [(7, "ветер", "")]
    f, _ = values.read_facts("Карта без стихии не принадлежит ни одной стихии.", "1")
    assert f.quantities == ()                                   # «ни одной» counts nothing
    f, _ = values.read_facts("За каждую стихию игрок теряет 1 кристалл.", "1")
    assert [u.per for u in f.quantities] == [True]              # a rate, not a count


def test_persons_ordered_items_and_what_a_subject_denotes():
    f, _ = values.read_facts("Первым ход делает первый игрок, затем второй игрок.", "1")
    assert f.persons == ("Первый игрок", "Второй игрок")
    f, _ = values.read_facts("Сначала применяется отравление, а затем регенерация.", "1")
    assert [i.text for i in f.items] == ["Отравление", "Регенерация"]
    f, _ = values.read_facts("Утро, День и Вечер наступают именно в таком порядке.", "1")
    assert [i.text for i in f.items] == ["Утро", "День", "Вечер"]
    f, _ = values.read_facts("Флажок на карте обозначает её владельца.", "1")
    assert f.denoted is not None and f.denoted[1].text == "Её владельца"
    _, lst = values.read_facts("Существует три ветра: Север, Юг и Запад.", "1")
    assert lst is not None and lst.genus == "ветер" and [i.text for i in lst.items] == ["Север", "Юг", "Запад"]


def test_a_list_head_with_a_scheme_word_lists_parts():
    lf = values.read_list("9.1", "Схема хода:", ["подготовка;", "розыгрыш (карты выкладываются);", "уборка."])
    assert lf.parts and [i.text for i in lf.items] == ["Подготовка", "Розыгрыш", "Уборка"]
    lf = values.read_list("9.2", "Ветры, дующие с моря, это:", ["бриз;", "шторм."])
    assert not lf.parts and lf.genus == "ветер"


def test_the_words_are_data():
    w = values.words()
    assert "перечислить" in w.list_words and "схема" in w.ordered_heads and "игрок" in w.persons
    assert w.bound_negated["более"] == "max" and w.comparatives["меньше"] == "min"


# --- 5ed seed pages --------------------------------------------------------------------------

@pytest.mark.parametrize("q,lead,number", [
    ("скока макс местностей может быть под контролем у одного игрока", "Не более 1", "211.3"),
    ("какая фаза наступает после фазы открытия", "Главная Фаза", "408.2"),
    ("а перед заключительной фазой что идёт", "Главная Фаза", "408.2"),
    ("какие фазы бывают в ходу", "Начальная Фаза; Фаза Открытия; Главная Фаза; Заключительная Фаза", "408.2"),
    ("перечислите какие игродействия ложатся в стек", "Действие карты; Срабатывающая", "302.3"),
    ("какие игродействия не используют стек", "Эффекты правил игры;", "302.5"),
    ("значок жизней в текстовом поле это начальные жизни или как", "Текущие жизни карты", "508.1.1"),
    ("после какой фазы наступает главная", "Фаза Открытия", "408.2"),        # the item named is the later one
    ("какая фаза в ходу последняя", "Заключительная Фаза", "408.2"),
    ("а какая фаза первая", "Начальная Фаза", "408.2"),
    ("значок в свойствах карты что задаёт", "Начальное количество жизней карты", "508.1.1"),
    ("из чего состоит стек", "Из последовательности объявленных игродействий", "302.1"),
    ("из каких этапов состоит игродействие со стеком", "Объявление игродействия; Выполнение", "302.6"),
])
def test_seed_value_questions(q, lead, number):
    a = _value(q, "5ed")
    assert a.verdict.startswith(lead) and a.citations[0] == number, (a.verdict, a.citations)


@pytest.mark.parametrize("q", [
    "после главной фазы какая подфаза идёт",      # an item «Главная фаза» is no sub-phase
    "какие карты есть в ходу",                    # no list of cards in a turn
    "сколько местностей можно взять в колоду",    # 211.3 says nothing of a deck
    "что является игродействием",                 # asks which: never «Да, является»
])
def test_seed_value_traps_get_no_verdict(q):
    a = answer(q, "5ed")
    assert a is None or a.verdict is None, (a.verdict, a.citations)


def test_ask_json_names_the_route_and_the_sentence_of_a_value():
    a = ask("какая фаза наступает после главной", "5ed")
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", "Заключительная Фаза", "408.2")
    assert a.sentence.startswith("Начальная Фаза, Фаза Открытия, Главная Фаза и Заключительная Фаза")


# --- the full-layout test edition --------------------------------------------------------

@pytest.mark.parametrize("q,lead,number", [
    ("сколько карт минимум в колоде для силеда", "Не менее 20", "201.4"),
    ("а сколько стихий существует", "5", "203.1"),
    ("до скольки может снизиться стоимость карты", "Не менее 1", "202.7"),
    ("на сколько градусов поворачивается карта при закрытии", "90", "408.1"),
    ("кто первым принимает решение о мулигане", "Первый игрок", "102.5"),
    ("оба игрока должны сделать выбор одновременно, кто делает выбор первым", "Активный игрок", "101.6"),
    ("у сущ отравление и регенерация. что применяется после отравления", "Регенерация", "407.4.б"),
    ("какие стихии бывают", "Степи; Леса; Горы; Болота; Тьма", "203.1"),
    ("разряд по трём картам. раны наносятся по очереди или одновременно", "Одновременно", "306.8"),
    ("у меня в отряде леса, болота и тьма. сколько кристаллов потеряю за стихии", "2", "203.2"),  # counted on what was told
    ("сколько раз можно объявить мулиган за одну партию", "Не более 1", "102.4"),   # «раз» is counted, not «15 карт»
])
def test_tested_edition_value_questions(tested_edition, q, lead, number):
    a = _value(q, tested_edition)
    assert a.verdict.startswith(lead) and a.citations[0] == number, (a.verdict, a.citations)


@pytest.mark.parametrize("q", [
    "сколько стихий может быть в колоде",                          # 203.1 counts the game's elements
    "кто первым ходит в констрактед",                               # no sentence names who moves first
    "раны от разряда наносятся по очереди или в случайном порядке",  # 306.8 states neither option
])
def test_tested_edition_value_traps_get_no_verdict(tested_edition, q):
    a = answer(q, tested_edition)
    assert a is None or a.verdict is None, (a.verdict, a.citations)


@pytest.mark.parametrize("q", [
    "кто может атаковать летающее существо?",     # asks who: «Да, может» answers nothing asked
    "что является игродействием",
    "как считается простой удар по артефакту?",    # asks how («как по закрытой карте»), not whether
])
def test_a_wh_question_never_gets_yes_or_no_from_any_route(q):
    a = ask(q, "5ed")
    assert not (a.verdict or "").startswith(("Да", "Нет")), (a.route, a.verdict)


def test_an_opinion_asked_with_kak_keeps_its_yes_no_question():
    assert values.opens_with_wh("как считается простой удар по артефакту")
    assert not values.opens_with_wh("как думаешь, можно ли атаковать артефакт")
    assert not values.opens_with_wh("как так, артефакт можно атаковать")
    a = ask("как так, артефакт можно атаковать?", "5ed")
    assert a.verdict.startswith("Да, можно") and a.citations[0] == "210.3", a.verdict


def test_who_is_right_still_gets_its_person_or_yes_no():
    from bot.judge import _opens_with_wh

    assert not _opens_with_wh("друг говорит, что симбиота можно на летуна. кто прав")
    assert _opens_with_wh("а кто получает приоритет?")


@pytest.mark.parametrize("q, wrong", [
    # 505.9 «Оставшиеся для оплаты ресурсы потратятся»: «оставшиеся» describes the resources, it states no outcome
    ("карта «верните это существо в колоду, при этом ранить выбранное существо на 1». у меня ещё остались ресурсы — "
     "они при этом сгорят или останутся?", "Останутся"),
    # «в стек» is no option parallel to «рассчитывается»: the two options are not alike
    ("игродействие сначала заносится в стек или сначала рассчитывается", "В стек"),
])
def test_an_option_is_stated_only_by_a_predicate_parallel_to_it(q, wrong):
    a = ask(q, "5ed")
    assert not (a.verdict or "").startswith(wrong), (a.route, a.verdict)


# --- one loader of grammar/rule_values.yaml ------------------------------------------------

def test_every_reader_of_rule_values_shares_one_read_of_the_file(monkeypatch):
    import bot.yamlsafe
    from bot.rules_text import consequence, order, ordinals, tables

    cached = (values.data, values.words, tables.table_words, order._markers, ordinals._numbers,
              consequence._counted, consequence._story_words)
    reads = []
    real = bot.yamlsafe.load_data_file

    def counting(path, what):
        if path.name == values.FILE:
            reads.append(path)
        return real(path, what)

    monkeypatch.setattr(bot.yamlsafe, "load_data_file", counting)
    for f in cached:
        f.cache_clear()
    try:
        assert values.words().ordinals
        assert tables.table_words().counts and order._markers().pattern != r"(?!x)x"
        assert ordinals._numbers() and consequence._counted() and all(consequence._story_words())
        assert len(reads) == 1, reads
    finally:
        for f in cached:
            f.cache_clear()
