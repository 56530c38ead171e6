"""Cards of the user's database in `ask` (issue 15): the named card's kind, traits and
text go into the reading, the card-text-on-board route and the host-change ruling, and
«Как я понял» says which card was taken. Invented cards only."""

from __future__ import annotations

import pytest

from tests.cards_support import all_formats, card_home, write_csv  # noqa: F401

EXTRA = [
    "Дозорный Полыни;существо;;;;;;;;;;;Закройте выбранное открытое существо противника, "
    "в противном случае нанесите себе 1 рану.\n",
    "Шептун Болот;паразит;;;;;;;;;;;Хозяин получает -1 к {strike} до конца хода.\n",
    "Светоч Рассвета;симбиот;;;;;;;;;;;При вскрытии хозяин получает +1 к {strike}.\n",
    "Тхаш;паразит;;;;;;;;;;;вначале хода протвника воздействие «жгучий яд» хозяин получает -1 к {strike}, "
    "пока Тхаш его паразит, а Тхаш получает +1 к {strike}.\n",
]


@pytest.fixture
def cards(all_formats, card_home):
    from bot.cards.importer import import_files

    import_files([str(write_csv(card_home / "extra.csv", EXTRA))])


def ask(q):
    from bot.judge import ask as judge_ask

    return judge_ask(q)


def test_host_change_keeps_nothing_on_the_previous_host(cards):
    a = ask("Может ли Дхиру, сменив хозяина, оставить -1 к удару?")
    assert a.route == "card" and a.verdict.startswith("Нет: ") and a.citations[0] == "209.3"
    assert "«Хозяин получает -1 к {strike}»" in a.verdict
    assert "карта «Дхиру» из вашей базы: существо, паразит, бестелесное, текст: «Бестелесный" in a.understood
    got = ask("Дхиру перешёл на другое существо. Получит ли новый хозяин -1 к удару?")
    assert got.verdict.startswith("Да: ") and got.citations[0] == "209.3"
    negated = ask("Разве Дхиру, сменив хозяина, не оставит -1 к удару?")
    assert negated.verdict.startswith("У прежнего хозяина это не остаётся")


def test_host_change_bounded_by_the_text_itself(cards):
    """«…, пока Тхаш его паразит»: the text limits the part to the host, even where the
    grammar does not read the whole sentence (a misspelt trigger) — the answer says so."""
    a = ask("Может ли Тхаш, сменив хозяина, оставить -1 к удару?")
    assert a.route == "card" and a.verdict.startswith("Нет: по тексту карты «хозяин получает -1 к {strike}, пока "
                                                      "Тхаш его паразит»") and a.citations[0] == "209.3"
    new = ask("Тхаш сменил хозяина. Получит ли новый хозяин -1 к удару?")
    assert new.verdict is None and "зависит от срабатывания" in new.blocks[1].text


def test_host_change_where_rules_or_text_do_not_decide(cards):
    other = ask("Может ли Дхиру, сменив хозяина, оставить +2 к удару?")
    assert other.route == "card" and other.verdict is None and "«+2 к удару»" in other.blocks[1].text
    timed = ask("Может ли Шептун Болот, сменив хозяина, оставить -1 к удару?")
    assert timed.verdict is None and "не постоянно" in timed.blocks[1].text and timed.citations == ["209.3"]
    fired = ask("Может ли Светоч Рассвета, сменив хозяина, оставить +1 к удару?")
    assert fired.verdict is None and "не постоянно" in fired.blocks[1].text
    no_host = ask("Может ли Огнекрыл, сменив хозяина, оставить -1 к удару?")
    assert no_host.verdict is None and "хозяина у этой карты нет" in no_host.blocks[1].text
    # not a question about what the text gives the host: another route answers
    assert ask("Может ли Дхиру сменить хозяина?").route != "card"
    # a name the database does not have is no card: nothing invented
    unknown = ask("Может ли Гхарра, сменив хозяина, оставить -1 к удару?")
    assert unknown.route != "card" and not unknown.cards


def test_named_card_text_is_executed_on_the_board(cards):
    a = ask("Мой Дозорный Полыни использует способность. У противника нет ни одного открытого существа. Что будет?")
    assert a.route == "ability" and "505.6" in a.citations
    assert "часть 2 «нанесите себе 1 рану» выполняется" in a.verdict
    assert a.understood.startswith("Как я понял: текст карты — карта «Дозорный Полыни» из вашей базы: существо, текст:")
    yes = ask("Дозорный Полыни использует особенность, а у противника нет ни одного открытого существа — будет ли рана?")
    assert yes.verdict.startswith("Да")


def test_the_reading_takes_the_card_text_and_order_of_a_named_card(cards):
    a = ask("Может ли Топяной тролль атаковать летающее существо?")
    assert a.route == "scenario" and a.verdict.startswith("Да")
    assert "может ли существо «Топяной тролль» атаковать существо (летающее)" in a.understood
    assert "карта «Топяной тролль» из вашей базы: существо, текст: «Уничтожить ваше существо – разряд на 4.»" \
        in a.understood
    troll = next(c for c in a.reading["state"]["cards"] if c["id"] == "Топяной тролль")
    assert troll["abilities"] == "Уничтожить ваше существо – разряд на 4." and "traits" not in troll
    beacon = ask("Может ли Маяк Заката атаковать летающее существо?")
    assert beacon.verdict.startswith("Нет") and "210" in " ".join(beacon.citations)
    # any route: «Как я понял» names the card taken from the database
    other = ask("У меня Топяной тролль. Существо не уничтожилось. Будет ли разряд?")
    assert other.verdict.startswith("Нет") and "карта «Топяной тролль» из вашей базы" in other.understood


def test_a_situation_verdict_is_withheld_when_the_card_text_bears_on_it(cards):
    """«Хозяин не может двигаться» on the named parasite: the simulator does not execute
    lasting card text, so its «Да, может двигаться» is shown but not given as the verdict."""
    a = ask("Может ли хозяин Слизня-прилипалы двигаться?")
    assert a.route == "scenario" and a.verdict is None
    assert "в тексте карты «Слизень-прилипала» есть «Хозяин не может двигаться»" in a.blocks[0].text
    # a text that says nothing of the asked property leaves the verdict
    assert ask("Можно ли положить моего Дхиру на летающее существо?").verdict.startswith("Нет")


def test_a_card_imported_after_a_question_is_read_in_the_next_one(card_home):
    # the name tables are kept in memory for a small base; an import raises the revision and
    # the next question reads them again (a stale copy would not know the new card)
    from bot.cards import name_keys
    from bot.cards.importer import import_files

    import_files([str(write_csv(card_home / "one.csv", [EXTRA[0]]))])
    first = ask("Дозорный Полыни использует способность. У противника нет ни одного открытого существа. Что будет?")
    assert first.cards and first.cards[0]["card"]["name"] == "Дозорный Полыни"
    assert not ask("Можно ли положить симбиота на летающее существо?").cards
    import_files([str(write_csv(card_home / "two.csv", [EXTRA[2]]))])
    second = ask("Может ли Светоч Рассвета, сменив хозяина, оставить +1 к удару?")
    assert second.cards and second.cards[0]["card"]["name"] == "Светоч Рассвета"
    kept = [v for v in name_keys._KNOWN.values() if v[2] is not None]
    assert kept and any("светоч" in v[2][0] for v in kept)
