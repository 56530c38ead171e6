"""Inputs a new user produced while following README.md (QA pass): each test failed
before its fix."""

from __future__ import annotations

import pytest

from bot.cards import db
from bot.cards.formats import detect
from bot.cards.importer import import_files
from bot.judge import ask
from tests.cards_support import card_home, write_json  # noqa: F401


def test_nxt_json_with_only_the_documented_fields_is_recognised(card_home):
    # README: «JSON редакции 2023+ (поля name, type, text со значками {tap})».
    cards = [{"name": "Лесной страж", "type": 0, "text": "{tap}: Ранить выбранное существо на 2"},
             {"name": "Ночной ястреб", "type": 1, "text": "Первый удар."}]
    path = write_json(card_home / "minimal.json", cards)
    assert detect(path.read_text(encoding="utf-8"), str(path)) == "nxt"
    r = import_files([str(path)])
    assert (r.added, r.rejected, r.files[0][1]) == (2, [], "nxt")
    by_name = {c.name: c for c in db.all_cards(db.cards_store())}
    assert by_name["Ночной ястреб"].traits == ("flying",)


def _plain():
    return ask("Можно ли положить симбиота на летающее существо?")


def test_zero_width_space_inside_a_word_is_not_a_word_break():
    # Copied from a web page: «сим\u200bбиота» is one word, the answer is 209.4's.
    a = ask("Можно ли положить сим\u200bбиота на летающее\u2060 существо?\ufeff")
    assert (a.verdict, a.citations[:1]) == (_plain().verdict, ["209.4"])
    assert a.verdict is not None


def test_full_width_letters_are_read_as_ordinary_ones():
    # A phone keyboard's full-width «Ｍ» (U+FF2D) opening the question.
    a = ask("Ｍожно ли положить симбиота на летающее существо？")
    assert (a.verdict, a.citations[:1]) == (_plain().verdict, ["209.4"])
    assert a.verdict is not None


def test_stress_marks_and_decomposed_letters_are_read_as_plain_words():
    # A text with stress marks («симби́ота») or pasted from an NFD source («и» + breve = «й»).
    import unicodedata

    from bot.textnorm import clean_user_text

    a = ask("Можно ли положить симби\u0301ота на лета\u0301ющее существо?")
    assert (a.verdict, a.citations[:1]) == (_plain().verdict, ["209.4"])
    assert clean_user_text(unicodedata.normalize("NFD", "свой ёж, \u0450")) == "свой ёж, е"


def test_rule_number_with_pasted_bidi_mark_or_numero_sign():
    from bot.rulebook import parse_number

    assert parse_number("209.5\u202e") == "209.5"
    assert parse_number("\u200b209.5") == "209.5"
    assert parse_number("№209.5") == "209.5"
    assert parse_number("２０９．５") == "209.5"


def test_a_pasted_text_taken_for_a_file_name_is_clipped_and_told_in_russian():
    # Console chat «/scenario <5 000 characters>» reads the argument as a file name.
    import pytest

    from bot.errors import InputFileError
    from bot.textfile import read_text_file

    with pytest.raises(InputFileError) as e:
        read_text_file("x" * 5000, "файл сценария (YAML, UTF-8)")
    msg = str(e.value)
    assert len(msg) < 300 and "слишком длинное имя файла" in msg and "File name" not in msg
    assert e.value.path == "x" * 5000


@pytest.mark.parametrize("cmd", [["parse"], ["rulebook", "import"], ["telegram"]])
def test_help_names_every_value_in_russian(cmd, capsys):
    # argparse's default metavar is the option name in capitals: «--file FILE».
    import re

    from bot.cli import main

    with pytest.raises(SystemExit):
        main([*cmd, "--help"])
    out = capsys.readouterr().out
    assert re.findall(r"--[a-z-]+ [A-Z_]{2,}", out) == []


def test_an_unusable_user_folder_or_database_file_is_told_in_russian(tmp_path, monkeypatch):
    # BERSERK_USER_DIR set to a file; a database file that is random bytes.
    from bot.store import Store, StoreError

    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(bytes(range(256)) * 20)
    for url, reason in ((f"sqlite:///{afile}/berserk.sqlite3", "на этом месте уже есть файл"),
                        (f"sqlite:///{garbage}", "не база SQLite")):
        with pytest.raises(StoreError) as e:
            Store(url)
        assert reason in str(e.value), str(e.value)
        assert "File exists" not in str(e.value) and "not a database" not in str(e.value)


def test_a_card_type_written_as_a_word_gets_the_codes_the_format_knows(card_home):
    # QA pass: a new user wrote «"type": "Существо"» and read «неизвестный тип карты
    # «Существо» (известные — в grammar/card_formats.yaml)» — a file an installed bot hides.
    cards = [{"name": "Лесной страж", "type": "Существо", "text": "Ранить выбранное существо на 1"},
             {"name": "Ночной ястреб", "type": None, "text": ""},
             {"name": "Ночная сова", "type": 1, "text": ""}]
    r = import_files([str(write_json(card_home / "words.json", cards))])
    assert r.added == 1
    (_, w1, why1), (_, w2, why2) = r.rejected
    assert (w1, w2) == ("запись 1", "запись 2")
    codes = ("ожидался один из кодов: 0 — существо; 1 — существо, летающее; 2 — существо, симбиот; "
             "3 — существо, паразит; 4 — артефакт; 5 — местность")
    assert why1.startswith("неизвестный тип карты «Существо»; " + codes)
    assert why2.startswith("не указан тип карты (поле «type»); " + codes)


@pytest.mark.parametrize("content", ["", "  \n\t\n"])
def test_an_empty_card_file_is_called_empty_whatever_its_name(card_home, content):
    from bot.cards.formats import CardImportError

    path = card_home / "cards.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CardImportError) as e:
        import_files([str(path)])
    assert str(e.value).startswith(f"{path}: пустой файл; ожидался список карт: JSON")   # not «ожидалась строка заголовков»


@pytest.mark.parametrize("command", ["parse", "explain"])
def test_an_unquoted_card_text_is_read_as_one_text(command, capsys):
    # QA pass: «berserk-judge explain Ранить на 1» said «неизвестные аргументы: на 1»
    from bot.cli import main

    assert main([command, "--json", "Уничтожить", "ваше", "существо", "–", "разряд", "на", "4"]) == 0
    out = capsys.readouterr().out
    assert '"text": "Уничтожить ваше существо – разряд на 4"' in out
