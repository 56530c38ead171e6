"""Wh-questions answered by one part of one rule sentence (issue 14, ``bot.rules_text.slots``):
what is done (the main clause of a rule with a condition), when (its time phrase or
condition), which (the members a sentence gives a noun phrase, the word qualifying the
asked noun), what a named term does — and a size or a limit asked without «сколько». The
edition and the questions are written here."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text import slots
from bot.rules_text.route import answer

PAGE = """<html><body>
<p><a name="1"></a><strong>1. Основы</strong></p>
<p align="justify"><u><a name="104"></a>104. Жетоны и кубики.</u></p><ol>
<li><p align="justify">В игре используются только целые жетоны. Половинный результат деления округляется в большую сторону, если текст карты не требует иного.</p></li>
<li><p align="justify">Если кубик раскололся или пропал, то бросок переигрывается.</p></li>
<li><p align="justify">Игрок выбывает, если в его запасе не осталось ни одного жетона и колода пуста.</p></li>
<li><p align="justify">Игрок может выйти из игры в любой момент; вышедший игрок выбывает.</p></li></ol>
<p><a name="2"></a><strong>2. Колода</strong></p>
<p align="justify"><u><a name="201"></a>201. Построение колоды.</u></p><ol>
<li><p align="justify">Колода для лиги должна содержать не менее 40 и не более 60 карт.</p></li>
<li><p align="justify">Для турнира колода должна содержать не менее 25 карт.</p></li>
<li><p align="justify">В колоде может быть не более двух копий карт с одним названием.</p><ol type="a"><li><p align="justify">Карты с особенностью &laquo;Стая&raquo; могут быть в колоде в количестве до шести копий.</p></li></ol></li></ol>
<p><a name="3"></a><strong>3. Удары</strong></p>
<p align="justify"><u><a name="301"></a>301. Удары. Общие положения.</u></p><ol>
<li><p align="justify">Удары делятся на тихие и громкие:
<br>· тихие удары – щелчок и толчок;
<br>· громкие удары – гром, раскат и вспышка.</p></li>
<li><p align="justify">Водяными ударами являются брызги и волна.</p></li>
<li><p align="justify">Щит от громких ударов защищает от грома, раската и вспышки.</p></li>
<li><p align="justify">Прилив Х – срабатывающая особенность: в конце своего хода карта получает Х жетонов.</p></li>
<li><p align="justify">Карта с особенностью «Зоркость» может видеть карты в руке противника.</p></li>
<li><p align="justify">Карту с особенностью «Тень» нельзя выбрать целью удара.</p></li>
<li><p align="justify">Карта с особенностью «Тень» не получает жетонов.</p></li>
<li><p align="justify">На карте может лежать только один жетон каждого цвета.</p></li>
<li><p align="justify">Объявив гром, атакующий открывается.</p></li>
<li><p align="justify">При ударе громом атакующий получает бонус +2 к броску кубика.</p></li>
<li><p align="justify">Если в результате особенности на карте оказались два жетона одного цвета, то владелец карты сбрасывает один из них.</p></li>
<li><p align="justify">Если жетон лежит на карте и карта перевёрнута, то жетон сгорает.</p></li></ol>
<p><a name="4"></a><strong>4. Цели</strong></p>
<p align="justify"><u><a name="412"></a>412. Выбор цели. Приоритет.</u></p><ol>
<li><p align="justify">Цель выбирается при объявлении. Потом цель можно изменить, только имея приоритет.</p></li>
<li><p align="justify">Приоритет – право объявить следующее игродействие.</p></li>
<li><p align="justify">Значки в тексте карты означают: {пас} – отказ от хода; {tap} – закрытие карты.</p></li>
<li><p align="justify">Пас считается отказом от объявления.</p></li></ol>
</body></html>"""


@pytest.fixture(scope="module")
def slotted(tmp_path_factory):
    from conftest import clear_edition_caches

    from bot.cli import main

    folder = tmp_path_factory.mktemp("slots")
    page = folder / "slots.html"
    page.write_text(PAGE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_USER_DIR", str(folder / "user"))
        clear_edition_caches()
        assert main(["rulebook", "import", str(page), "--edition", "slotted"]) == 0
        yield "slotted"
    clear_edition_caches()


@pytest.mark.parametrize("q, slot", [
    ("кубик пропал при броске, что делать", "then"),
    ("когда игрок выбывает", "when"),
    ("какие удары громкие", "which"),
    ("что даёт зоркость", "does"),
    ("щит от громких ударов от чего защищает", "does"),
])
def test_the_slot_is_read_off_the_question(slotted, q, slot):
    a = slots.read(q, slotted)
    assert a is not None and a.slot == slot


@pytest.mark.parametrize("q", [
    "можно ли переиграть бросок, если кубик пропал",    # a yes/no question
    "что будет?",                                        # nothing told
    "что даёт щит",                                      # no term of the edition named
])
def test_no_slot_for_other_questions(slotted, q):
    assert slots.read(q, slotted) is None


@pytest.mark.parametrize("q, verdict, number", [
    ("кубик пропал при броске, что делать", "Бросок переигрывается", "104.2"),
    ("когда выбывает игрок", "Если в его запасе не осталось ни одного жетона и колода пуста", "104.3"),
    ("когда срабатывает прилив", "В конце своего хода", "301.4"),
    ("какие удары громкие", "Гром, раскат и вспышка", "301.1"),
    ("какие удары считаются водяными", "Брызги и волна", "301.2"),
    ("половинный результат в какую сторону округлять", "В большую сторону", "104.1"),
    ("щит от громких ударов от чего защищает", "От грома, раската и вспышки", "301.3"),
    ("что даёт зоркость", "Карта с особенностью «Зоркость» может видеть карты в руке противника", "301.5"),
])
def test_the_answer_leads_with_the_slot_and_cites_its_sentence(slotted, q, verdict, number):
    a = answer(q, slotted)
    assert a is not None and (a.verdict, a.citations[0]) == (verdict, number), (q, a and a.trace)
    assert a.route == "rule_text" and a.sentence and number in a.blocks[0].text
    got = ask(q, edition=slotted)
    assert (got.verdict, got.citations[0]) == (verdict, number)


def test_two_sentences_naming_the_term_give_no_verdict(slotted):
    a = answer("что делает тень", slotted)      # 301.6 and 301.7 both say what «Тень» does
    assert a is not None and a.verdict is None and {"301.6", "301.7"} <= set(a.citations)


def test_a_rule_of_a_narrower_subject_does_not_answer(slotted):
    # «вышедший игрок выбывает» (104.4) is no time of «игрок выбывает»: only 104.3 answers
    a = answer("когда игрок выбывает", slotted)
    assert a.citations == ["104.3"]


@pytest.mark.parametrize("q, verdict, number", [
    ("минимальный размер колоды для турнира", "Не менее 25", "201.2"),
    ("какой размер колоды для лиги максимальный", "Не более 60", "201.1"),
    ("какой мин и макс размер колоды для лиги", "Не менее 40 и не более 60", "201.1"),
])
def test_a_size_asked_without_skolko_is_a_count(slotted, q, verdict, number):
    a = ask(q, edition=slotted)
    assert a.verdict is not None and a.verdict.startswith(verdict) and a.citations[0] == number, (q, a.trace)


def test_a_limit_per_unit_says_nothing_of_things_that_differ_in_it(slotted):
    # «только один жетон каждого цвета»: two tokens of different colours are not counted together
    from bot.rules_text.index import index_for
    from bot.rules_text.match import _numbers
    from bot.rules_text.question import read

    [p] = [p for p in index_for(slotted).props if p.number == "301.8"]
    flip, how = _numbers(read("на карте могут лежать два жетона, если у них разные цвета?", slotted), p)
    assert flip is None and "для каждого «цвет»" in how
    flip, _ = _numbers(read("на карте могут лежать два жетона?", slotted), p)
    assert flip is True                             # two, said of one colour or none: more than the limit
    a = ask("на карте могут лежать два жетона, если у них разные цвета?", edition=slotted)
    assert not (a.verdict or "").startswith("Нет"), a.verdict


def test_a_verdict_in_another_voice_says_the_rule_own_verb_and_subject(slotted):
    # the question's «открывает атакующего» is the rule's «атакующий открывается»
    a = ask("гром открывает атакующего?", edition=slotted)
    assert (a.verdict, a.citations[0]) == ("Да, атакующий открывается", "301.9"), a.trace


def test_a_count_of_a_special_case_the_question_does_not_name_gives_way_to_the_general_rule(slotted):
    a = ask("скока копий одной карты можно в колоду", edition=slotted)
    assert a.verdict.startswith("Не более 2") and a.citations[0] == "201.3", a.trace
    assert any("особый случай" in t and "201.3.а" in t for t in a.trace)
    a = ask("сколько копий карты со стаей можно в колоду", edition=slotted)
    assert a.verdict.startswith("Не более 6") and a.citations[0] == "201.3.а", a.trace


def test_a_value_asked_after_a_clause_telling_the_case(slotted):
    from bot.rules_text import manner
    from bot.rules_text.index import index_for

    a = manner.value_answer("при ударе громом, какой бонус к броску", slotted, index_for(slotted))
    assert a is not None and (a.verdict, a.citations) == ("+2", ["301.10"]), a and a.trace


def test_a_story_told_before_the_slot_question_must_all_be_said_by_the_rule(slotted):
    a = ask("из за особенности на моей карте оказались два жетона одного цвета. что делать?", edition=slotted)
    assert (a.verdict, a.citations[0]) == ("Владелец карты сбрасывает один из них", "301.11"), a.trace
    # a word of the story the rule does not say («громом»): that rule is not the case told
    a = answer("я ударил громом, и на карте оказались два жетона одного цвета. что делать?", slotted)
    assert a is None or a.verdict != "Владелец карты сбрасывает один из них"


def test_the_rule_condition_must_be_told_whole(slotted):
    # «если жетон лежит на карте и карта перевёрнута»: the question tells only the first half
    a = answer("жетон лежит на карте, что будет?", slotted)
    assert a is None or a.verdict != "Жетон сгорает"
    a = answer("жетон лежит на карте, и карта перевёрнута. что будет?", slotted)
    assert a is not None and (a.verdict, a.citations[0]) == ("Жетон сгорает", "301.12"), a and a.trace


def test_a_paragraph_defining_a_term_with_a_dash_outranks_the_section_title(slotted):
    from bot.glossary import lookup_term

    assert lookup_term("приоритет", slotted).number == "412.2"     # not 412.1 under the title
    assert lookup_term("пас", slotted).number == "412.4"       # an icon's legend (412.3) defines no term


def test_a_definition_question_with_a_tail(slotted):
    from bot.glossary import _without_tail

    assert _without_tail("перенаправление по правилам") == "перенаправление"
    assert _without_tail("удар через ряд") == "удар через ряд"
