"""New-user and hostile-input faults found in the qa8 pass, each pinned by a test that
failed before its fix.

- An HTML rulebook whose sections are numbered with one digit («1. Общие положения» then its
  <ol>) imported silently misnumbered: its items became «1», «2» and the items of the next
  section were glued onto them (the pages reader keyed a list item by its number across the
  whole page). Now they are 1.1, 1.2, 2.1 … (nested lists 1.1.1), or a Russian error naming
  the line where the numbering cannot be told.
- A parenthetical «может быть» / «наверное» set off by a comma was read by the rule-text
  reader as the asked modal: «Симбиот погибает, может быть?» got a bare «Да, может» (209.6).
- A claim that names its own opposite («…, что артефакт может двигаться или не может. Верно?»,
  «… погибает? или не погибает? Верно?») was judged as the claim of its first half:
  «Нет, вы не правы» / «Да, вы правы» about a statement that asserts nothing.
"""

import pytest
from hypothesis import given, settings, strategies as st

from bot.errors import RulebookError
from bot.fullbook import read_full
from bot.importer import import_sources
from bot.judge import ask
from bot.reading.claims import self_alternative
from bot.rules_text.question import without_parenthetical


def _html(body: str) -> str:
    return f'<html><head><meta charset="utf-8"><title>Правила</title></head><body>\n{body}\n</body></html>'


# ------------------------------------------------------------ one-digit sections in HTML
ONE_DIGIT = {
    "bold": ("<p><b>1. Общие положения.</b></p>\n<ol><li>Игра ведётся двумя игроками.</li>"
             "<li>Колода из 30 карт.</li></ol>\n<p><b>2. Существа.</b></p>\n"
             "<ol><li>Существо может двигаться.</li><li>Артефакт не может двигаться.</li></ol>"),
    "heading": ("<h2>1. Общие положения</h2>\n<ol><li>Игра ведётся двумя игроками.</li>"
                "<li>Колода из 30 карт.</li></ol>\n<h2>2. Существа</h2>\n"
                "<ol><li>Существо может двигаться.</li><li>Артефакт не может двигаться.</li></ol>"),
    "plain paragraph": ("<p>1. Общие положения.</p>\n<ol><li>Игра ведётся двумя игроками.</li>"
                        "<li>Колода из 30 карт.</li></ol>\n<p>2. Существа.</p>\n"
                        "<ol><li>Существо может двигаться.</li><li>Артефакт не может двигаться.</li></ol>"),
    "div": ("<div>1. Общие положения.</div>\n<ol><li>Игра ведётся двумя игроками.</li>"
            "<li>Колода из 30 карт.</li></ol>\n<div>2. Существа.</div>\n"
            "<ol><li>Существо может двигаться.</li><li>Артефакт не может двигаться.</li></ol>"),
}


@pytest.mark.parametrize("layout", sorted(ONE_DIGIT))
def test_one_digit_sections_import_with_their_printed_numbers(tmp_path, layout):
    src = tmp_path / "rules.html"
    src.write_text(_html(ONE_DIGIT[layout]), encoding="utf-8")
    data, _ = import_sources([src], "one")
    assert [(s["number"], s["title"]) for s in data["sections"]] == [("1", "Общие положения"), ("2", "Существа")]
    assert [(c["number"], c["text"]) for c in data["clauses"]] == [
        ("1.1", "Игра ведётся двумя игроками."),
        ("1.2", "Колода из 30 карт."),
        ("2.1", "Существо может двигаться."),
        ("2.2", "Артефакт не может двигаться."),
    ]


def test_a_nested_list_under_a_one_digit_section_is_its_points(tmp_path):
    src = tmp_path / "rules.html"
    src.write_text(_html(
        "<h2>1. Общие положения</h2>\n<ol><li>Игра ведётся двумя игроками.<ol><li>Колода из 30 карт.</li></ol></li>"
        "<li>Первым ходит игрок, выигравший жребий.</li></ol>\n<h2>2. Существа</h2>\n"
        "<ol><li>Существо может двигаться.</li></ol>"), encoding="utf-8")
    data, _ = import_sources([src], "one")
    assert [c["number"] for c in data["clauses"]] == ["1.1", "1.1.1", "1.2", "2.1"]
    assert data["clauses"][1]["text"] == "Колода из 30 карт."


def test_one_digit_and_three_digit_sections_mixed_name_the_line():
    raw = _html("<h2>1. Общие положения</h2>\n<ol><li>Игра ведётся двумя игроками.</li></ol>\n"
                "<h2>205. Существа</h2>\n<ol><li>Существо может двигаться.</li></ol>").encode()
    with pytest.raises(RulebookError) as e:
        read_full(raw, "r.html")
    msg = str(e.value)
    assert "r.html, строка 4" in msg and "205" in msg and "одной цифрой" in msg


def test_lists_restarting_at_one_are_never_glued_together(tmp_path):
    """No header the reader knows: the two lists are refused with the line of the second one's
    first item, not merged into items «1» and «2» holding the text of both."""
    src = tmp_path / "rules.html"
    src.write_text(_html("<p>Вводный текст.</p>\n<ol><li>Игра ведётся двумя игроками.</li></ol>\n"
                         "<p>Ещё текст.</p>\n<ol><li>Существо может двигаться.</li></ol>"), encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        import_sources([src], "one")
    assert "rules.html, строка 5" in str(e.value) and "номер 1 уже у другого абзаца" in str(e.value)


def test_the_scraped_chapter_list_keeps_its_numbers():
    """«<h1>3. Стек</h1><ol start="3"><li>Стек<ol>…»: the scraped pages' layout is not a one-digit
    section (its list starts at the header's number and tells the chapter again)."""
    raw = _html('<h1>3. Стек</h1>\n<ol start="3"><li>Стек<ol><li>Стек состоит из игродействий.</li>'
                "</ol></li></ol>").encode()
    assert read_full(raw, "s.html") is None


def test_a_one_digit_part_before_three_digit_sections_stays_a_part():
    raw = _html("<p><b>1. Основы игры</b></p>\n<p>100. Общие положения.</p>\n<ol><li>Игра ведётся двумя игроками.</li></ol>\n"
                "<p>101. Колода.</p>\n<ol><li>Колода из 30 карт.</li></ol>").encode()
    book = read_full(raw, "r.html")
    assert [(s["number"], s["part"]) for s in book.sections] == [("100", "1. Основы игры"), ("101", "1. Основы игры")]
    assert [c.number for c in book.clauses] == ["100.1", "101.1"]


# ------------------------------------------------------------ parenthetical words
@pytest.mark.parametrize("q, want", [
    ("Симбиот погибает, может быть?", "Симбиот погибает?"),
    ("Может быть, симбиот погибает?", "Симбиот погибает?"),
    ("Симбиот, может быть, погибает?", "Симбиот погибает?"),
    ("Наверное, симбиот погибает?", "Симбиот погибает?"),
    ("Артефакт может, кажется, двигаться?", "Артефакт может двигаться?"),
    # not set off, or a lone «может»: the asked modal stays
    ("Может быть только одна местность?", "Может быть только одна местность?"),
    ("Может, если он закрыт, двигаться?", "Может, если он закрыт, двигаться?"),
    ("Возможно ли, что артефакт двигается?", "Возможно ли, что артефакт двигается?"),
])
def test_parenthetical_words_are_not_the_asked_modal(q, want):
    assert without_parenthetical(q) == want


@pytest.mark.parametrize("q", ["Симбиот погибает, может быть?", "Может быть, симбиот погибает?",
                               "Симбиот, может быть, погибает?", "Симбиот погибает, или может быть?"])
def test_a_parenthetical_maybe_is_never_a_bare_yes_it_can(q):
    a = ask(q)
    assert a.verdict != "Да, может" and not (a.verdict or "").startswith("Да, может"), a.verdict
    if a.verdict is not None:
        assert a.verdict.startswith("Да, погибает, если"), a.verdict
        assert set(a.citations) <= {"209.4", "209.5", "209.6"} and a.citations, a.citations


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list("абв ,?!.") + ["может быть", "наверное", "или", "Может быть, "]), max_size=30)
       .map("".join))
def test_removing_parenthetical_words_never_grows_and_is_stable(s):
    out = without_parenthetical(s)
    assert len(out) <= len(s)
    assert without_parenthetical(out) == out or len(without_parenthetical(out)) < len(out)


# ------------------------------------------------------------ a claim naming its own opposite
@pytest.mark.parametrize("prop, alt", [
    ("артефакт может двигаться или не может", True),
    ("артефакт не может двигаться, или может", True),
    ("симбиот погибает, или нет", True),
    ("артефакт может двигаться, а может и нет", True),
    ("симбиота можно положить на летающее существо", False),
    ("артефакт не может двигаться или атаковать", False),
    ("можно положить симбиота или экипировку", False),
])
def test_self_alternative(prop, alt):
    assert self_alternative(prop) is alt


@pytest.mark.parametrize("q", [
    "Я думаю, что артефакт может двигаться или не может. Верно?",
    "Противник говорит, что артефакт может двигаться или не может. Он прав?",
    "Я думаю, что артефакт не может двигаться, или может. Верно?",
    "Противник говорит, что артефакт может двигаться, а может и не может. Он прав?",
    "Я думаю, что артефакт может двигаться, или нет. Верно?",
    "Я думаю, что симбиот погибает? или не погибает? Верно?",
])
def test_a_claim_naming_its_own_opposite_gets_no_verdict(q):
    a = ask(q)
    assert a.verdict is None, a.verdict


@pytest.mark.parametrize("q, lead", [
    ("Противник говорит, что артефакт не может двигаться. Он прав?", "Да, противник прав"),
    ("Противник говорит, что симбиота можно положить на летающее существо. Так или нет?", "Нет, противник не прав"),
    ("Я думаю, что артефакт не может двигаться. Верно или нет?", "Да, вы правы"),
])
def test_a_plain_claim_or_an_or_not_check_is_still_judged(q, lead):
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] in {"210.2", "209.4"}


# ------------------------------------------------------------ chat: /rule floods and the /reading round trip
def test_a_chat_rule_message_answers_each_number_once_and_at_most_ten():
    from bot.chat.handlers import handle
    from bot.limits import CHAT_RULE_QUERIES

    r = handle("/rule " + "209.5 " * 300)
    assert len(r.answers) == 1 and r.answers[0].citations == ["209.5"]
    nums = " ".join(f"209.{i}" for i in range(1, 12)) + " 210.1 210.2"
    r = handle("/rule " + nums)
    assert [a.citations for a in r.answers[:CHAT_RULE_QUERIES]] == [[f"209.{i}"] for i in range(1, 11)]
    assert len(r.answers) == CHAT_RULE_QUERIES + 1
    note = " ".join(b.text for b in r.answers[-1].blocks)
    assert "первые 10 номеров из 13" in note


@pytest.mark.parametrize("q", [
    "Противник говорит, что шмотку можно надеть на летуна. Он прав?",
    "Я думаю, что артефакт не может двигаться. Верно?",
    "У моего мага «Закройте выбранное открытое существо противника, в противном случае нанесите себе 1 рану». "
    "У противника все существа закрыты. Что будет?",
])
def test_reading_gives_the_scenario_ask_answered_on_and_scenario_takes_it_back(q):
    """A claim or card text on a board is answered on a compiled scenario (``ask --json`` has
    ``reading``): ``/reading`` gives that YAML (it said «Сценарий не составлен: не понял слова:
    «говорит» …») and ``/scenario`` with it runs and passes."""
    from bot.chat.handlers import handle

    a = ask(q)
    assert a.verdict is not None and a.reading is not None
    code = [b.text for ans in handle("/reading " + q).answers for b in ans.blocks if b.kind == "code"]
    assert len(code) == 1 and code[0].startswith("title:")
    back = handle("/scenario\n" + code[0]).answers
    assert [x.verdict for x in back] == ["сценарий выполнен"]


def test_a_pdf_numbered_with_one_digit_sections_imports_with_its_numbers(tmp_path):
    pytest.importorskip("pypdf")
    from tests.pdfmake import make_pdf

    src = tmp_path / "rules.pdf"
    src.write_bytes(make_pdf([["1. Общие положения", "1.1. Игра ведётся двумя игроками.", "1.2. Каждый игрок имеет колоду.",
                               "2. Колода", "2.1. В колоде не более трёх одинаковых карт."]]))
    data, _ = import_sources([src], "one-pdf")
    assert [(c["number"], c["text"]) for c in data["clauses"]] == [
        ("1.1", "Игра ведётся двумя игроками."), ("1.2", "Каждый игрок имеет колоду."),
        ("2.1", "В колоде не более трёх одинаковых карт.")]
    assert [s["number"] for s in data["sections"]] == ["1", "2"]


@pytest.mark.parametrize("q", [
    "Я говорю, что симбиота можно положить на летающее существо. Я говорю, что нельзя. Кто прав?",
    "Противник говорит, что артефакт может двигаться. Противник говорит, что не может. Кто прав?",
    "Противник говорит, что артефакт может двигаться, а потом говорит, что не может. Он прав?",
])
def test_one_side_saying_a_statement_and_its_opposite_gets_no_verdict(q):
    """Was «Прав противник» (nobody else spoke) or «Нет, противник не прав» (he also said the
    right thing)."""
    a = ask(q)
    assert a.verdict is None, a.verdict
    assert "в вопросе противоречие" in " ".join(b.text for b in a.blocks)


def test_two_sides_each_with_a_statement_are_still_a_dispute():
    a = ask("Противник говорит, что артефакт может двигаться. Я говорю, что не может. Кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "210.2"


# ------------------------------------------------------------ card text: a run of icons with no colon
def test_the_cost_terminal_and_the_granted_cost_are_bounded_runs():
    """The lexer tries COST at every icon; an unbounded run of icons scanned every icon after it,
    so 20,000 characters of «{tap}» took over a minute to parse (quadratic). The run is bounded at
    16 icons: a longer one is no cost where it starts."""
    import re

    from bot.abilities.grammar import load
    from bot.abilities.recovery import _GRANTED

    cost = next(t for t in load().terminals if t.name == "COST")
    rx = re.compile(cost.pattern.to_regexp())
    assert rx.match("{tap}{counter}{counter}:") and rx.match("3 {counter}{tap} (1 раз за ход):")
    assert rx.match("{tap}" * 16 + ":") and not rx.match("{tap}" * 17 + ":")
    assert rx.match("{tap}" * 17 + ":", 5)
    assert _GRANTED.search("получает {tap}: ранить") and not _GRANTED.match("{tap}" * 17 + ":")


@pytest.mark.parametrize("n", [5, 20, 2000])
def test_a_run_of_payment_icons_is_a_payment_without_an_action_whatever_its_length(n):
    """A run of more than 60 characters of icons was reported «complete» (the payment-only check
    skipped long leaves)."""
    from bot.abilities.parser import parse

    r = parse("{tap}" * n)
    assert not r.complete
    assert [u.reason for u in r.unparsed] == ["оплата без особенности: после значков оплаты нет действия"]


# ------------------------------------------------------------ card files: control characters
from tests.cards_support import card_home, write_json  # noqa: E402,F401


def test_a_card_with_a_control_character_is_refused_at_its_record(card_home):
    """A NUL in a name was imported and printed as is by ``card`` (and in chat)."""
    from bot.cards import db
    from bot.cards.importer import import_files

    cards = [{"name": "Лесной страж", "type": 0, "text": "{tap}: Ранить выбранное существо на 2\nПервый удар."},
             {"name": "\x00Нуль", "type": 0, "text": "Первый удар."},
             {"name": "Ночной ястреб", "type": 1, "text": "Первый\x1b[31m удар."}]
    r = import_files([str(write_json(card_home / "c.json", cards))])
    assert r.added == 1
    reasons = [why for *_, why in r.rejected]
    assert any("в имени карты управляющий символ (код 0, позиция 1)" in w for w in reasons), r.rejected
    assert any("в тексте карты управляющий символ (код 27" in w for w in reasons), r.rejected
    assert [c.name for c in db.all_cards(db.cards_store())] == ["Лесной страж"]


def test_a_zero_byte_in_a_complete_html_rulebook_is_refused_with_its_offset(tmp_path):
    """The complete-book reader took «Иг\\x00ра» into the clause text (and ``rule`` printed the
    NUL); the scraped-page reader refused it as binary only within its first 8 KB."""
    src = tmp_path / "rules.html"
    body = "<p><b>101. Общие положения.</b></p><ol><li>Иг\x00ра ведётся двумя игроками.</li></ol>"
    src.write_bytes(_html(body).encode("utf-8"))
    with pytest.raises(RulebookError) as e:
        import_sources([src], "nul")
    at = _html(body).encode("utf-8").index(0)
    assert str(e.value).startswith(f"rules.html: двоичный файл (байт {at} — нулевой)")


@pytest.mark.parametrize("msg", ["/glossary \x00", "/rule 209.5\x00", "/search симбиот\x1b[31m"])
def test_a_control_character_in_a_chat_message_is_never_quoted_back(msg):
    from bot.chat.handlers import handle

    r = handle(msg)
    shown = " ".join(b.text for a in r.answers for b in a.blocks)
    assert r.answers and "\x00" not in shown and "\x1b" not in shown
