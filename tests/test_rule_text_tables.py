"""Tables of an imported edition (issue 14, ``bot.rules_text.tables``): a paragraph printed
as a table is kept as text the reader, ``rule`` and search use, and a value question is
answered from the row its words name and the column it asks — with a change another
sentence makes to the table's value when the question tells its circumstance. The
edition and the questions are written here."""

from __future__ import annotations

import json

import pytest

from bot.rules_text.index import index_for
from bot.rules_text.route import answer
from bot.rules_text import tables

PAGE = """<html><body>
<p><a name="1"></a><strong>1. Основы</strong></p>
<p align="justify"><u><a name="102"></a>102. Начало партии.</u></p><ol>
<li><p align="justify">Каждый игрок берёт из мешка 12 жетонов. Из этих жетонов он собирает свой запас.</p></li>
<li><p align="justify">После пересдачи игрок получает на 2 медные монеты меньше, чем указано в таблице п. 202.2.</p></li>
<li><p align="justify">Игрок может объявить пересдачу не более одного раза за партию.</p></li></ol>
<p><a name="2"></a><strong>2. Казна</strong></p>
<p align="justify"><u><a name="202"></a>202. Монеты. Казна отряда.</u></p><ol>
<li><p align="justify">Отряд собирается за монеты. Монеты бывают медные и серебряные.</p></li>
<li><p align="justify">Количество монет, которое игрок получает для сбора отряда, зависит от режима игры и очерёдности хода и указано в таблице:</p>
<center><strong>Таблица казны</strong> <table border="1"><tbody>
<tr><td>Режим игры</td><td>Игрок</td><td>Медные монеты</td><td>Серебряные монеты</td></tr>
<tr><td>Турнир</td><td>Первый игрок</td><td>30</td><td>12</td></tr>
<tr><td>Турнир</td><td>Второй игрок</td><td>30</td><td>14</td></tr>
<tr><td>Лига и клуб</td><td>Каждый игрок</td><td>25</td><td>10</td></tr>
</tbody></table></center></li>
<li><p align="justify">Исход броска определяется суммой двух кубиков по таблице:</p>
<center><strong>Таблица исходов</strong> <table border="1"><tbody>
<tr><td>Сумма кубиков</td><td>Исход</td></tr>
<tr><td>10 и более</td><td>Победа</td></tr>
<tr><td>5&ndash;9</td><td>Ничья</td></tr>
<tr><td>4 и менее</td><td>Поражение</td></tr>
</tbody></table></center></li>
<li><p align="justify">При броске кубика по запертому сундуку открывает только хозяин: результат 1–2 означает пустой сундук, 3–5 – полный, 6 – волшебный.</p></li></ol>
</body></html>"""


@pytest.fixture(scope="module")
def treasury(tmp_path_factory):
    from conftest import clear_edition_caches

    from bot.cli import main

    folder = tmp_path_factory.mktemp("tables")
    page = folder / "treasury.html"
    page.write_text(PAGE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_USER_DIR", str(folder / "user"))
        clear_edition_caches()
        assert main(["rulebook", "import", str(page), "--edition", "treasury"]) == 0
        yield "treasury"
    clear_edition_caches()


def test_a_table_is_read_with_its_key_columns_ranges_and_changes(treasury):
    got = {t.number: t for t in index_for(treasury).tables}
    coins, dice = got["202.2"], got["202.3"]
    assert coins.caption == "Таблица казны" and coins.header[2] == "Медные монеты"
    assert tables._key_width(coins) == 2 and tables._key_width(dice) == 1
    assert coins.ranges[0] is None and coins.ranges[2] == ((30, 30), (30, 30), (25, 25))
    assert dice.ranges[0] == ((10, float("inf")), (5, 9), (float("-inf"), 4))
    chest = got["202.4"]
    assert chest.header == ("Результат", "Сундук") and chest.requires == frozenset({"запер"})
    assert chest.rows == (("1–2", "Пустой сундук"), ("3–5", "Полный сундук"), ("6", "Волшебный сундук"))
    [change] = coins.changes
    assert (change.number, change.delta, change.when) == ("102.2", -2, frozenset({"перес"}))


def test_rule_and_search_show_the_table(treasury, capsys):
    from bot.cli import main
    from bot import search

    assert main(["rule", "202.2", "--edition", treasury]) == 0
    out = capsys.readouterr().out
    assert "Таблица казны\n| Режим игры | Игрок | Медные монеты | Серебряные монеты |" in out
    assert "| Лига и клуб | Каждый игрок | 25 | 10 |" in out
    assert main(["rule", "202.2", "--edition", treasury, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"][0]["rows"][3] == ["Лига и клуб", "Каждый игрок", "25", "10"]
    assert search.search("лига клуб серебряные монеты", edition=treasury)[0].number == "202.2"


@pytest.mark.parametrize("q, verdict, cites", [
    ("в турнире скока серебряных монет дают второму игроку", "Серебряные монеты: 14", ["202.2"]),
    ("я хожу первым в турнире, сколько у меня медных", "Медные монеты: 30", ["202.2"]),
    ("в клубе сколько меди получает первый игрок?", "Медные монеты: 25", ["202.2"]),       # «Каждый игрок»
    ("в лиге скока серебра каждому", "Серебряные монеты: 10", ["202.2"]),
    ("сколько медных монет у игрока в турнире", "Медные монеты: 30", ["202.2"]),         # both rows agree
    # a change another sentence makes, when the question tells its circumstance
    ("я второй в турнире и сделал пересдачу. скока медных монет у меня", "Медные монеты: 28", ["202.2", "102.2"]),
    # the change concerns another column: the value stands, the change is cited
    ("после пересдачи сколько серебряных монет у первого игрока в турнире", "Серебряные монеты: 12",
     ["202.2", "102.2"]),
    # a range key
    ("сумма кубиков 11, какой исход?", "Исход: Победа", ["202.3"]),
    ("выпала сумма кубиков 7 какой исход", "Исход: Ничья", ["202.3"]),
    ("сумма кубиков 2 — какой исход", "Исход: Поражение", ["202.3"]),
    # a table stated in a sentence, for the case it names; the value named, its key asked
    ("бросаю по запертому сундуку, выпало 4. какой сундук?", "Сундук: Полный сундук", ["202.4"]),
    ("кидаю кубик по запертому сундуку, сколько надо выкинуть чтоб вышел волшебный?", "Результат: 6", ["202.4"]),
])
def test_table_values(treasury, q, verdict, cites):
    a = answer(q, treasury)
    assert a is not None and a.route == "rule_text", q
    assert a.verdict == verdict and a.citations == cites, (q, a.verdict, a.citations, a.trace)


@pytest.mark.parametrize("q", [
    "сколько серебряных монет получает игрок в турнире",       # the rows disagree (12 / 14)
    "я первый в турнире, не делал пересдачу, сколько медных",   # the circumstance denied
    "у меня 3 жетона, я первый в турнире, сколько медных",      # a fact the table does not know
    "кто ходит первым в турнире?",                              # no column of the table asked
    "скока медных монет стоит карта в турнире",                 # «стоит»: not what the table tells
    "выпало 4. какой сундук?",                                  # the case of 202.4 (a locked chest) not told
    "бросаю по открытому сундуку, выпало 4. какой сундук?",     # another case
])
def test_no_table_verdict_when_the_table_cannot_decide(treasury, q):
    a = tables.answer(q, treasury, index_for(treasury))
    assert a is None, (q, a and a.verdict)


def test_a_count_asked_with_words_of_its_paragraphs_other_sentence(treasury):
    # the count and its verb are in one sentence, «собрать запас» in the next one of 102.1
    from bot.judge import ask

    a = ask("скок жетонов берёт каждый игрок из мешка, чтоб собрать запас?", treasury)
    assert a.route == "rule_text" and a.verdict.startswith("12") and a.citations[0] == "102.1", (a.verdict, a.trace)
    # a verb the sentence does not state: no count
    assert not ask("скок жетонов игрок возвращает, чтоб собрать запас?", treasury).verdict


# --- a roll with modifiers, held in the bounds a sentence states (bot.rules_text.rolls) ----------

ROLLS_PAGE = """<html><body><p><a name="1"></a><strong>1. Основы</strong></p>
<p align="justify"><u><a name="104"></a>104. Броски.</u></p><ol>
<li><p align="justify">Результат броска кубика с учётом модификаторов не может быть меньше 2 и больше 5, кроме поединка двух героических существ.</p></li>
<li><p align="justify">Модификаторы к броску складываются.</p></li></ol></body></html>"""


@pytest.fixture(scope="module")
def dice(tmp_path_factory):
    from conftest import clear_edition_caches

    from bot.cli import main

    folder = tmp_path_factory.mktemp("rolls")
    page = folder / "dice.html"
    page.write_text(ROLLS_PAGE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_USER_DIR", str(folder / "user"))
        clear_edition_caches()
        assert main(["rulebook", "import", str(page), "--edition", "dice"]) == 0
        yield "dice"
    clear_edition_caches()


@pytest.mark.parametrize("q, verdict", [
    ("у меня модификатор +1 к броску, выпало 3. какой результат?", "4"),
    ("стреляю с модификатором +2 к кубу, выпало 4 — какой итог броска?", "5"),        # 6, held at 5
    ("модификатор -3 к броску, выкинул 3. результат 0 получается?", "Нет, 2"),      # 0, held at 2
    ("с модификатором +1 и ещё +1 к броску выпало 2, результат 4 будет?", "Да, 4"),
])
def test_roll_results_held_in_the_stated_bounds(dice, q, verdict):
    from bot.rules_text import rolls

    a = rolls.answer(q, dice, index_for(dice))
    assert a is not None and (a.verdict, a.citations) == (verdict, ["104.1"]), (q, a and a.verdict)


@pytest.mark.parametrize("q", [
    "у меня модификатор +1 к броску, выпало 5. бью героическое существо, какой результат?",  # the excepted case
    "у меня модификатор +1 к броску. какой результат?",                                       # no roll told
    "у меня модификатор +1 к броску, выпало 3. какой удар нанесу?",                           # not the result asked
])
def test_no_roll_result_when_the_rule_does_not_decide(dice, q):
    from bot.rules_text import rolls

    assert rolls.answer(q, dice, index_for(dice)) is None

