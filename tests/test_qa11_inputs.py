"""New-user and hostile-input faults found in the qa11 pass, each pinned by a test that
failed before its fix.

- A complete rulebook in plain text (or an HTML page of numbered paragraphs, or a PDF) lost
  its three-level paragraphs: «505.4.1. Запись вида …» was glued onto the text of 505.4, so
  ``rule 505.4.1`` of that edition said «нет пункта» while 505.4 quoted both (the 5ed rules
  have 505.4.1, 505.4.2 and 508.1.1). A line opening with a number that is no paragraph
  number («209.1234.», five levels) was glued the same way, in silence; now it is a Russian
  error naming the line. A scraped page cut such a number short instead: «209.99999. …»
  became paragraph 209.999 whose text began «99. …».
- A text with nothing of the game joined by a plain «и» / «–» («как приготовить борщ и съесть
  его?», the README's own non-card example with a second verb) was card text: ``parse`` said
  «Разобрано полностью» (exit 0) and ``explain`` gave «Вердикт: Выполняется: часть 1, часть 2».
  The connective was taken for a sign of card text; between untyped parts it is none. With
  one part of the game and one not («Ранить существо на 2 и станцевать») explain marked the
  unknown «станцевать» «выполнено» with no word that its action is unknown; now a note names it.
- A dispute where the asker's one-word stance agrees with the other side («друг говорит, что
  артефакт может двигаться, а я говорю, что тоже может. Кто прав?») was judged as if the asker
  held the opposite: «Вы правы: артефакты не могут двигаться» — a wrong verdict. A stance of
  the same polarity as the statement (or «да») is that statement held by both sides.
- «rule 209,5» / «что в пункте 212,3?» (a decimal comma, as Russian writes numbers) showed the
  whole section 209 and «Пункта 5 нет» (exit 1): the comma was taken for a list separator.
"""

import pytest

from bot.errors import ParseError, RulebookError
from bot.importer import import_sources


def _clauses(tmp_path, name: str, text: str) -> dict:
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    data, _ = import_sources([src], "qa11")
    return {c["number"]: c["text"] for c in data["clauses"]}


THREE_LEVELS = ["505. Составные особенности",
                "505.4. Оплата составной особенности происходит после всех её частей.",
                "505.4.1. Запись с точкой с запятой равносильна записи «при этом».",
                "505.4.2 Запись с тире равносильна записи «при этом».",
                "505.5. Запись «или» — выбор контролирующего игрока."]


def test_a_three_level_paragraph_of_a_text_rulebook_is_its_own_paragraph(tmp_path):
    got = _clauses(tmp_path, "rules.txt", "\n".join(THREE_LEVELS) + "\n")
    assert list(got) == ["505.4", "505.4.1", "505.4.2", "505.5"]
    assert got["505.4"] == "Оплата составной особенности происходит после всех её частей."
    assert got["505.4.1"] == "Запись с точкой с запятой равносильна записи «при этом»."
    assert got["505.4.2"] == "Запись с тире равносильна записи «при этом»."


def test_a_three_level_paragraph_of_an_html_page_of_numbered_paragraphs_is_its_own_paragraph(tmp_path):
    head, *paras = THREE_LEVELS
    html = (f'<html><head><meta charset="utf-8"></head><body><h2>{head}</h2>'
            + "".join(f"<p>{p}</p>" for p in paras) + "</body></html>")
    got = _clauses(tmp_path, "rules.html", html)
    assert list(got) == ["505.4", "505.4.1", "505.4.2", "505.5"]
    assert got["505.4.1"] == "Запись с точкой с запятой равносильна записи «при этом»."


@pytest.mark.parametrize("line", ["209.1234. Пункт с номером из четырёх цифр.",
                                  "209.2.1.1.1. Пункт пятого уровня."])
def test_a_line_opening_with_a_number_that_is_no_paragraph_number_is_an_error_naming_it(tmp_path, line):
    text = "\n".join(["209. Симбиоты", "209.1. Первый пункт.", line, "209.2. Второй пункт."]) + "\n"
    with pytest.raises(RulebookError) as e:
        _clauses(tmp_path, "rules.txt", text)
    msg = str(e.value)
    assert "rules.txt, строка 3" in msg and line.split(" ")[0].rstrip(".") in msg


@pytest.mark.parametrize("number", ["209.99999", "209.2.1.1.1"])
def test_a_scraped_page_does_not_cut_a_bad_number_into_a_paragraph_and_its_text(tmp_path, number):
    page = ("<html><body><h2>209. Симбиоты</h2><p>209.1. Первый пункт.</p>\n"
            f"<p>{number}. Пункт с испорченным номером.</p></body></html>")
    src = tmp_path / "page.html"
    src.write_text(page, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        import_sources([src], "qa11", keep_unplaced=True)
    assert f"page.html, строка 2: «{number}» – не номер пункта" in str(e.value)


# ------------------------------------------------------------ no card text joined by «и»
@pytest.mark.parametrize("text", ["как приготовить борщ и съесть его?", "Сварить суп – и съесть его",
                                  "Сварить суп, при этом съесть его", "Сварить суп; съесть его"])
def test_words_of_no_game_joined_by_a_plain_connective_are_no_card_text(text):
    from bot.abilities.parser import parse

    with pytest.raises(ParseError, match="не похоже на текст карты"):
        parse(text)


def test_explain_of_words_of_no_game_joined_by_and_is_exit_1_not_a_verdict(capsys):
    from bot.cli import main

    assert main(["explain", "Сварить суп и съесть его"]) == 1
    out, err = capsys.readouterr()
    assert "Вердикт" not in out and "не похоже на текст карты" in err


@pytest.mark.parametrize("text", ["Открыться и переместиться на соседнюю клетку",
                                  "Ранить существо на 2 и станцевать", "Закрыть выбранное существо или открыться"])
def test_card_text_joined_by_a_plain_connective_still_parses(text):
    from bot.abilities.parser import parse

    assert parse(text).ast is not None


# ------------------------------------------------------------ paths: a file where the user folder should be
def test_paths_says_a_file_in_place_of_the_user_folder_is_no_folder(tmp_path, monkeypatch, capsys):
    from bot.cli import main

    spot = tmp_path / "berserk"
    spot.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("BERSERK_USER_DIR", str(spot))
    assert main(["paths"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Папка пользователя:"))
    assert "пока не создана" not in line and "не папка, а файл" in line
    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path / "later"))
    assert main(["paths"]) == 0
    assert "(пока не создана)" in capsys.readouterr().out


# ------------------------------------------------------------ the asker's stance agrees with the claim
def _verdict(question: str) -> str:
    from bot.chat.render import render_plain
    from bot.judge import ask

    return render_plain(ask(question, "5ed"))


@pytest.mark.parametrize("mine", ["что тоже может", "что может", "да"])
def test_an_agreeing_stance_in_a_dispute_is_not_taken_for_the_opposite(mine):
    text = _verdict(f"Друг говорит, что артефакт может двигаться, а я говорю {mine}. Кто прав?")
    assert "Вы правы" not in text and "Оба утверждения неверны" in text and "210.2" in text


def test_an_agreeing_negative_stance_makes_both_right():
    text = _verdict("Противник говорит, что экипировку нельзя надеть на летающее существо, "
                    "а я говорю, что тоже нельзя. Кто прав?")
    assert "Прав противник" not in text and "Оба утверждения верны" in text and "212.3" in text


@pytest.mark.parametrize("mine, right", [("что не может", "Вы правы"), ("нет", "Вы правы")])
def test_an_opposite_stance_still_decides_the_dispute(mine, right):
    text = _verdict(f"Друг говорит, что артефакт может двигаться, а я говорю {mine}. Кто прав?")
    assert right in text and "210.2" in text


# ------------------------------------------------------------ a decimal comma in a paragraph number
def test_a_paragraph_number_with_a_decimal_comma_is_that_paragraph(capsys):
    from bot.cli import main
    from bot.lookup import split_queries

    assert split_queries("212,3") == ["212.3"]
    assert split_queries("209,210") == ["209", "210"]     # two sections stay a list
    assert split_queries("209, 5") == ["209", "5"]        # parted by a space: a list as typed
    assert main(["rule", "212,3"]) == 0
    out = capsys.readouterr().out
    assert "212.3. Нельзя помещать экипировку" in out and "212.1." not in out


def test_a_question_naming_a_paragraph_with_a_decimal_comma_gets_that_paragraph():
    from bot.judge import ask

    a = ask("Что в пункте 212,3?", "5ed")
    assert a.route == "rule" and a.citations == ["212.3"]


def test_explain_names_a_part_whose_action_is_not_recognised(capsys):
    from bot.abilities.resolve import explain
    from bot.cli import main

    assert explain("Ранить существо на 2 и сплясать").untyped == (2,)
    assert explain("Ранить существо на 2; получить фишку").untyped == ()
    assert main(["explain", "Ранить существо на 2 и сплясать"]) == 0
    out = capsys.readouterr().out
    assert "Действие не распознано: часть 2 «сплясать»" in out
    assert main(["explain", "Ранить существо на 2; получить фишку"]) == 0
    assert "не распознано" not in capsys.readouterr().out
