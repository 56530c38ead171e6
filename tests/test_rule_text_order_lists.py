"""«A раньше / перед / после B?» answered by an ordered list of the edition (bot.rules_text.order,
issue 14): the steps of 302.6 «Общая схема …: а) объявление …; б) выполнение …; в) оплата …» and
the phases 408.2 «Начальная Фаза, Фаза Открытия, Главная Фаза и Заключительная Фаза … именно в
таком порядке»."""

from bot.rules_text import route


def test_before_and_after_by_the_order_of_a_lists_items():
    a = route.answer("объявление игродействия после оплаты?")
    assert a.verdict == "Нет, раньше: сначала Объявление игродействия, затем Оплата игродействия"
    assert a.citations[0] == "302.6"
    a = route.answer("заключительная фаза идёт раньше главной?")
    assert a.verdict == "Нет, после: сначала Главная Фаза, затем Заключительная Фаза" and a.citations[0] == "408.2"
    a = route.answer("фаза открытия после начальной фазы?")
    assert a.verdict.startswith("Да: сначала Начальная Фаза, затем Фаза Открытия")


def test_first_then_by_a_list_when_no_sentence_states_the_order():
    a = route.answer("сначала выполнение игродействия, а потом оплата?")
    assert a.verdict.startswith("Да: сначала Выполнение игродействия") and a.citations[0] == "302.6"


def test_an_event_naming_no_single_item_gives_no_order():
    # «фаза» names every item of 408.2: which one is asked is not told
    assert route.answer("фаза раньше главной фазы?") is None


def test_one_event_asked_first_or_last_of_two_a_sentence_orders():
    # 305.1 «… сначала в стек заносятся особенности от карт Активного Игрока …, затем особенности от карт
    # Неактивного Игрока …»: the two told apart by «Активного» / «Неактивного»
    a = route.answer("при одновременном срабатывании особенности неактивного игрока заносятся в стек первыми?")
    assert a.verdict.startswith("Нет: сначала в стек заносятся особенности от карт Активного Игрока")
    assert a.citations[0] == "305.1"
    a = route.answer("особенности от карт активного игрока заносятся в стек первыми?")
    assert a.verdict.startswith("Да: сначала в стек заносятся")


def test_first_of_another_act_than_the_one_ordered_gives_no_verdict():
    # put on the stack first is resolved last: «выполнятся первыми» is not what 305.1 orders
    from bot.rules_text import order
    assert order._first("особенности неактивного игрока выполнятся первыми при одновременном срабатывании?", "5ed") is None
