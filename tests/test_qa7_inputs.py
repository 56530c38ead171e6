"""New-user and hostile-input faults found in the qa7 pass, each pinned by a test that
failed before its fix.

- A yes/no question naming only the subject of a rule of effect whose condition names that
  same subject («Если существо стало симбиотом, его симбиот погибает» — 209.6) got a bare
  «Да, погибает»: the condition is not told, the answer is conditional (or none).
- A dispute where the other side only agrees («я говорю, что он прав», «я с ним согласен»)
  was read as the asker denying the claim: «Вы правы» for a claim both sides hold.
"""

import pytest

from bot.judge import ask
from bot.reading.claims import find_claim

FALSE_CLAIM = "Противник говорит, что симбиота можно положить на летающее существо."


# ------------------------------------------------------------ rule text: an untold condition
@pytest.mark.parametrize("q", ["Симбиот погибает?", "Симбиот погибнет?"])
def test_a_conditional_consequence_is_never_a_bare_yes(q):
    a = ask(q)
    assert a.verdict != "Да, погибает" and a.verdict != "Да, погибнет"
    if a.verdict is not None:   # «Да, погибает, если существо покидает поле боя»
        assert a.verdict.startswith("Да") and ", если " in a.verdict, a.verdict
        assert a.citations[0] in {"209.4", "209.5", "209.6"}, a.citations


def test_the_condition_told_with_the_subject_still_fits_its_rule():
    a = ask("Если существо стало симбиотом, симбиот погибает?")
    assert a.verdict is not None and a.verdict.startswith("Да, погибает"), a.verdict
    assert a.citations[0] == "209.6", a.citations


# ------------------------------------------------------------ disputes: the other side agrees
@pytest.mark.parametrize("agree", [
    "Я говорю, что он прав.",
    "Я считаю, что противник прав.",
    "Я согласен.",
    "Я с ним согласен.",
    "Я тоже так думаю.",
    "Я соглашаюсь.",
    "Я говорю, что это правда.",
    "Я говорю «да».",
])
def test_an_agreement_is_the_same_statement_not_its_denial(agree):
    claim = find_claim(f"{FALSE_CLAIM} {agree} Кто прав?")
    assert claim is not None and claim.who == "other"
    assert claim.counter == claim.proposition == "симбиота можно положить на летающее существо"
    assert claim.counter_who == "me"


@pytest.mark.parametrize("q", [
    f"{FALSE_CLAIM} Я говорю, что он прав. Кто прав?",
    f"{FALSE_CLAIM} Я согласен. Кто прав?",
    f"{FALSE_CLAIM} Я считаю, что он прав. Я прав?",
    "Противник говорит, что симбиота можно положить на летающее существо, и я с ним согласен. Мы правы?",
])
def test_both_sides_holding_a_false_claim_is_never_you_are_right(q):
    a = ask(q)
    assert a.verdict is None or "вы правы" not in a.verdict.lower(), a.verdict


@pytest.mark.parametrize("deny", ["Я говорю, что он не прав.", "Я не согласен.", "Я говорю, что он ошибается.",
                                  "Я говорю, что это неправда.", "Я говорю «нет»."])
def test_saying_the_other_is_wrong_denies_his_claim(deny):
    claim = find_claim(f"{FALSE_CLAIM} {deny} Кто прав?")
    assert claim is not None and claim.counter == ""
    a = ask(f"{FALSE_CLAIM} {deny} Кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "209.4"


def test_he_is_wrong_is_a_dispute_not_a_second_statement():
    a = ask("Противник говорит, что симбиота нельзя положить на летающее существо. Я говорю, что он ошибается. Кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Прав противник"), a.verdict
    assert "проверить не смог" not in a.verdict and a.citations[0] == "209.4"


# ------------------------------------------------------------ rulebook pages numbered by paragraph
NUMBERED_PARAGRAPHS = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Правила игры</title></head>
<body>
<nav><ul><li><a href="/">Главная</a></li></ul></nav>
<div class="toc"><h3>Оглавление</h3><p><a href="#a">301. Основы</a></p><p><a href="#b">302. Ресурсы</a></p></div>
<h2 id="a">301. Основы.</h2>
<p>301.1. Партию играют двое. Колода игрока содержит не менее 30 карт.</p>
<p>301.2. В колоде не может быть более трёх одинаковых карт.</p>
<p><i>Пример:</i> три «Гнома» можно, четыре – нельзя.</p>
<p>301.3. Игрок может сдаться:</p>
<p>а) в свой ход;</p><p>б) в ход противника.</p>
<h2 id="b">302. Ресурсы.</h2>
<p>302.1. Ресурсы бывают золотые и серебряные.</p>
<p>302.2. Артефакты не могут двигаться.</p>
<table><tr><th>Бросок</th><th>Итог</th></tr><tr><td>1–3</td><td>Промах</td></tr><tr><td>4–6</td><td>Удар</td></tr></table>
<p>302.3. Если существо погибает, его экипировка уничтожается.</p>
<h2>Словарь</h2>
<table><tr><td>Ресурс</td><td>то, чем оплачивается карта</td></tr><tr><td>Хозяин</td><td>существо под симбиотом</td></tr></table>
<footer>© 2026. Все права защищены.</footer>
</body></html>
"""


def test_a_page_numbering_its_paragraphs_imports_with_the_printed_numbers(tmp_path):
    from bot.importer import import_sources

    src = tmp_path / "rules.html"
    src.write_text(NUMBERED_PARAGRAPHS, encoding="utf-8")
    data, report = import_sources([src], "para")
    got = [c["number"] for c in data["clauses"]]
    assert got == ["301.1", "301.2", "301.3", "301.3.а", "301.3.б", "302.1", "302.2", "302.3"]
    assert [(s["number"], s["title"]) for s in data["sections"]] == [("301", "Основы"), ("302", "Ресурсы")]
    by = {c["number"]: c for c in data["clauses"]}
    assert by["301.2"]["examples"] == ["Пример: три «Гнома» можно, четыре – нельзя."]
    assert by["302.2"]["text"] == "Артефакты не могут двигаться."    # the table is no part of the sentence
    assert by["302.2"]["tables"] == [{"caption": "", "rows": [["Бросок", "Итог"], ["1–3", "Промах"], ["4–6", "Удар"]]}]
    assert [(d["term"], d["text"]) for d in data["dictionary"]] == [
        ("Ресурс", "то, чем оплачивается карта"), ("Хозяин", "существо под симбиотом")]
    assert any("абзацы с номерами" in n for n in report.notes)


def test_a_numbered_paragraph_out_of_order_names_the_page_line(tmp_path):
    from bot.errors import RulebookError
    from bot.importer import import_sources

    src = tmp_path / "rules.html"
    src.write_text(NUMBERED_PARAGRAPHS.replace("<h2 id=\"b\">302. Ресурсы.</h2>", "<h2>301. Ещё раз.</h2>"),
                   encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        import_sources([src], "para")
    assert str(e.value).startswith("rules.html, строка 12: раздел 301 встречается второй раз"), str(e.value)


# ------------------------------------------------------------ the asker's guess after a wh-question
ONE = "Только одного (1): второго симбиота на то же существо поместить нельзя"


@pytest.mark.parametrize("guess,lead", [
    ("один", "Да, "), ("1", "Да, "), ("два", "Нет, "), ("ноль", "Нет, "),
    # a guess that is no single value: no «Да» / «Нет» put before the value
    ("ни одного", ""), ("не два", ""), ("больше одного", ""), ("хотя бы один", ""), ("максимум два", ""),
    ("минимум один", ""), ("один или два", ""), ("2 или 1", ""), ("-1", ""), ("1,5", ""), ("1.5", ""),
])
def test_a_guess_gets_yes_or_no_only_when_it_is_one_value(guess, lead):
    from bot.proposed import weigh

    got = weigh(f"сколько симбиотов можно на существо, {guess}?", ONE)
    assert got == (lead + ONE[:1].lower() + ONE[1:] if lead else ONE), got


def test_no_symbiote_at_all_is_never_yes_only_one():
    a = ask("сколько симбиотов можно на существо, ни одного?")
    assert a.verdict is None or not a.verdict.startswith("Да"), a.verdict


@pytest.mark.parametrize("third,right", [("а друг говорит, что он прав", None), ("а друг говорит, что нет", "друг"),
                                         ("а друг говорит, что симбиота можно положить на летающее существо", None)])
def test_a_dispute_of_two_other_people_is_not_the_askers(third, right):
    # the asker took no side: «Вы правы» would answer for someone who said nothing; of two other
    # people who disagree the one who is right is named (issue 11), two who agree are no dispute
    q = f"Противник говорит, что симбиота можно положить на летающее существо, {third}. Кто прав?"
    a = ask(q)
    assert a.verdict is None or "вы правы" not in a.verdict.lower(), a.verdict
    if right is None:
        assert find_claim(q) is None
    else:
        assert a.verdict.startswith(f"Прав {right}: "), a.verdict
        assert a.citations[0] == "209.4"


def test_a_page_of_unclosed_divs_is_refused_without_a_hang():
    # the numbered-paragraph check once ran a repeated group of tags from every «<div»:
    # quadratic (50,000 unclosed <div> took 221 s, 20,000 ~35 s); one pass now (~0.2 s)
    from bot.errors import RulebookError
    from bot.fullbook import read_full
    from tests.work_bounds import cpu_bound

    raw = ("<html><body>" + "<div>" * 20000 + "<h2>101. А.</h2><ol><li>Текст пункта.</li></ol>").encode()
    with cpu_bound(5, "a page of 20,000 unclosed <div>"), pytest.raises(RulebookError) as e:
        read_full(raw, "n.html")
    assert str(e.value).startswith("n.html, строка 1: элементы страницы вложены глубже 100 уровней")


# ------------------------------------------------------------ card files: a quote never closed
def test_a_csv_quote_never_closed_is_named_at_its_row(tmp_path):
    from bot.cards.formats import CardImportError, read_file

    f = tmp_path / "cards.csv"
    f.write_text("name;type;text\nОрк;существо;Ранить на 1\nГном;существо;\"Ранить «на 2\nТролль;существо;x\n",
                 encoding="utf-8")
    with pytest.raises(CardImportError) as e:
        read_file(str(f))
    assert str(e.value) == f"{f}: строка 3: не читается как CSV (файл кончился внутри кавычек: кавычка не закрыта)."
    ok = tmp_path / "ok.csv"   # doubled quotes and a line break inside quotes stay fine
    ok.write_text('name;type;text\nОрк;существо;"Ранить ""на"" 1"\nГном;существо;"Ранить\nна 2"\n', encoding="utf-8")
    texts = [r.fields["text"] for r in read_file(str(ok)).rows]
    assert texts == ['Ранить "на" 1', "Ранить\nна 2"]


# ------------------------------------------------------------ what the answer shows, once
def test_an_unknown_kind_is_understood_once():
    from bot.chat.render import render_plain

    a = ask("Можно ли положить симбиота на Гаргулью?")
    assert a.verdict is None and a.understood.startswith("Как я понял: «Гаргулья» — карта, вид которой")
    assert render_plain(a).count("Как я понял") == 1


def test_a_reason_the_steps_repeat_is_given_once():
    a = ask("сколько местностей может быть под контролем у одного игрока")
    why = next(b for b in a.blocks if b.title == "Почему")
    assert len(why.items) == len(set(why.items)) and len(why.items) >= 2, why.items
    assert a.citations[:2] == ["211.3", "211.4"]


# ------------------------------------------------------------ «мой орк — воин»: one card, not two
@pytest.mark.parametrize("q", [
    "Мой орк летающий, он воин. Можно на него надеть экипировку?",
    "Мой летающий орк — воин. Можно на него надеть экипировку?",
    "Мой орк летает, он маг. Можно на него шмотку?",
])
def test_a_name_said_of_a_card_is_no_second_card(q):
    # was «Да, можно: экипировку можно поместить на существо «Воин»» — a card nobody named
    from bot.reading.reader import read

    r = read(q)
    assert [c.name for c in r.cards.values() if c.kind == "creature"] == ["орк"]
    a = ask(q)
    assert a.verdict is None or a.verdict.startswith("Нет"), a.verdict
    if a.verdict is not None:
        assert a.citations[0] == "212.3", a.citations


def test_a_name_with_its_own_words_is_still_a_card():
    a = ask("Мой орк, маг противника. Может орк атаковать мага?")
    assert a.verdict is not None and a.verdict.startswith("Да, может атаковать существо «Маг»"), a.verdict


@pytest.mark.parametrize("q", ["Можно экипировку?", "Можно на него шмотку?"])
def test_no_action_asked_is_no_verdict_from_one_shared_word(q):
    # was «Нет, нельзя» by 212.9 «Экипировка не может … получать раны» — nothing of what is asked
    a = ask(q)
    assert a.verdict is None, (a.verdict, a.citations)


def test_an_elided_placing_after_a_story_still_rules():
    a = ask("Орк летает. Можно на него шмотку?")
    assert a.verdict is not None and a.verdict.startswith("Нет, нельзя"), a.verdict
    assert a.citations[0] == "212.3"
