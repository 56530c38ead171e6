"""Every input path has a documented bound and a Russian message at it (issue 16,
items 9 and «every input path»), and the text normalisation is linear (issue 12)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot import limits
from bot.chat import console
from bot.chat.handlers import handle
from bot.cli import main
from bot.errors import InputFileError, InputLimitError
from bot.judge import ask
from bot.textfile import read_text_file
from bot.textnorm import normalize_card_text, normalize_typography
from tests.work_bounds import cpu_bound


def test_question_over_the_bound_is_refused_in_russian():
    with pytest.raises(InputLimitError) as e:
        ask("симбиот " * 2600)
    assert e.value.limit == limits.QUESTION_CHARS == 20_000 and e.value.size == 20_800
    assert str(e.value).startswith("Вопрос: слишком много символов — 20\u00a0800 (не больше 20\u00a0000).")
    ask("симбиот " * 2400)  # under the bound: answered


def test_ask_cli_over_the_bound_exits_2(capsys):
    assert main(["ask", "--json", "а" * (limits.QUESTION_CHARS + 1)]) == 2
    out = capsys.readouterr()
    assert "слишком много символов" in out.err and '"error"' in out.out


def test_megabyte_chat_line_is_refused_at_once():
    line = "Можно ли положить симбиота на летающее существо? " * 21_000  # about 1 MB
    with cpu_bound(0.5, "refusing a 1 MB line"):   # it took 43 s before
        reply = handle(line)
    text = reply.answers[0].blocks[0].text
    shown = f"{len(line):,}".replace(",", "\u00a0")
    assert text.startswith(f"Сообщение: слишком много символов — {shown} (не больше 20\u00a0000).")
    assert len(reply.answers[0].question) <= 80  # the echo is clipped


def test_megabyte_console_line_is_refused_and_the_chat_goes_on():
    out = io.StringIO()
    console.chat(io.StringIO("а" * 1_000_000 + "\n/rule 209.5\n"), out, interactive=False)
    assert "не больше 20\u00a0000" in out.getvalue() and "209.5" in out.getvalue()


def test_an_endless_console_line_is_read_in_bounded_pieces_and_refused_by_its_real_length():
    """A binary file or an endless line piped in is not held whole: the chat keeps its first
    characters, counts the rest, and goes on with the next line."""
    lines = list(console.bounded_lines(io.StringIO("x" * 250_001 + "\nкоротко\nпоследняя"), 100_000))
    assert [len(x) for x in lines] == [100_001, 7, 9]
    assert lines[0].size == 250_001 and lines[1:] == ["коротко", "последняя"]
    out = io.StringIO()
    console.chat(io.StringIO("а" * 3_000_000 + "\n/rule 209.5\n"), out, interactive=False)
    assert "Сообщение: слишком много символов — 3\u00a0000\u00a0000 (не больше 20\u00a0000)" in out.getvalue()
    assert "209.5" in out.getvalue()


def test_a_console_scenario_beyond_its_bound_is_counted_not_kept():
    body = "".join(f"k{i}: 1\n" for i in range(20_000))     # 168,890 characters up to the blank line
    out = io.StringIO()
    console.chat(io.StringIO("/scenario\n" + body + "\n/rule 209.5\n"), out, interactive=False)
    size = f"{len(body) - 1:,}".replace(",", "\u00a0")
    assert f"Сценарий: слишком много символов — {size} (не больше 100\u00a0000)" in out.getvalue()
    assert "209.5" in out.getvalue()


@pytest.mark.parametrize("command", ["/rule ", "/search ", "/glossary ", "/parse ", "/explain "])
def test_every_chat_command_has_the_message_bound(command):
    reply = handle(command + "а" * limits.QUESTION_CHARS)
    assert "слишком много символов" in reply.answers[0].blocks[0].text


def test_scenario_message_may_be_as_long_as_a_scenario_file():
    body = "title: t\n" + "# комментарий\n" * 2000  # 28,000 characters: longer than a question
    reply = handle("/scenario\n" + body)
    assert "слишком много символов" not in reply.answers[0].blocks[0].text
    reply = handle("/scenario\n" + "#" * (limits.SCENARIO_CHARS + 1))
    assert "не больше 100\u00a0000" in reply.answers[0].blocks[0].text


@pytest.mark.parametrize("argv", [["search"], ["search", "--json"], ["ask"]])
def test_cli_arguments_over_the_bound_exit_2(argv, capsys):
    assert main(argv + ["а" * (limits.QUESTION_CHARS + 1)]) == 2
    out = capsys.readouterr()
    assert "Запрос" in out.err or "Вопрос" in out.err
    assert "слишком много символов" in out.err and "Traceback" not in out.err


def test_text_file_size_bound(tmp_path: Path):
    f = tmp_path / "big.txt"
    f.write_bytes(b"a" * 101)
    with pytest.raises(InputFileError) as e:
        read_text_file(f, "файл", max_bytes=100)
    assert e.value.reason == "слишком большой: больше 100 байт"
    assert read_text_file(f, "файл", max_bytes=101) == "a" * 101


def test_unreadable_page_message_agrees_in_gender(capsys):
    assert main(["rulebook", "import", "/dev/null", "--edition", "x", "--out-dir", "/tmp"]) != 0
    err = capsys.readouterr().err
    assert "ожидалось: страница правил" in err and "ожидался страница" not in err


def test_rulebook_import_of_a_folder_reads_its_pages(tmp_path: Path, capsys):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "a.txt").write_text("209. Симбиоты\n209.1. Симбиот кладётся на существо.\n209.2. Паразит — симбиот.\n",
                                 encoding="utf-8")
    assert main(["rulebook", "import", str(pages), "--edition", "t1", "--out-dir", str(tmp_path)]) == 0
    assert "Страниц: 1; пунктов: 2" in capsys.readouterr().out
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["rulebook", "import", str(empty), "--edition", "t2", "--out-dir", str(tmp_path)]) == 1
    assert "это папка, и в ней нет ни одной страницы правил" in capsys.readouterr().err


def test_parse_file_where_every_line_fails_exits_1(tmp_path: Path, capsys):
    f = tmp_path / "cards.txt"
    f.write_text("hello world\n!!!\n", encoding="utf-8")
    assert main(["parse", "--file", str(f)]) == 1
    err = capsys.readouterr().err
    assert "ни одна строка не прочитана как текст карты (2 из 2 — ошибки)" in err
    f.write_text("# только комментарий\n\n", encoding="utf-8")
    assert main(["parse", "--file", str(f)]) == 1
    assert "нет ни одного текста карты" in capsys.readouterr().err
    f.write_text("hello\nРанить выбранное существо на 2\n", encoding="utf-8")
    assert main(["parse", "--file", str(f)]) == 0


_PUNCTUATION = ["?", "!!!", "…", "«»", "«;»", "—?", ":", "; – :", "«?»", "(", "\"\"", "{}", "*", ".,;:!?", "«–»?"]


@pytest.mark.parametrize("text", _PUNCTUATION)
def test_punctuation_alone_gets_no_verdict(text):
    assert ask(text).verdict is None
    for answer in handle(text).answers + handle("/explain " + text).answers + handle("/parse " + text).answers:
        assert answer.verdict is None, (text, answer.route)


# -- linear text normalisation (issue 12) --------------------------------------------------
def test_unclosed_quote_before_many_line_breaks_is_normalised_quickly():
    text = "\"" + "\n" * 19_000 + "Ранить"
    with cpu_bound(0.5, "normalising 19,000 line breaks"):   # 6 s or more before
        assert normalize_typography(text) == text
        assert normalize_typography("\"" + " \n" * 19_000 + "а") == "\"" + "\n" * 19_000 + "а"
        assert normalize_card_text("а" + "\n" * 19_000 + "\"") == "а"


def test_quote_repair_keeps_its_meaning():
    assert normalize_typography('особенность " Паразит" и “Симбиот”') == "особенность «Паразит» и «Симбиот»"
    assert normalize_typography('"\nсимбиот\n"') == "«симбиот»"
    assert normalize_typography('„нет пары\nи "да"') == "„нет пары\nи «да»"
    assert normalize_typography("A - B\n\n - C") == "A – B – C"
    assert normalize_card_text('" : Уничтожить" ') == ": Уничтожить"


def test_quoted_spans_matches_the_regular_expression_it_replaces():
    from bot.textnorm import quoted_spans

    rx = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”|„[^“”]*[“”]")
    closers = {"«": "»", '"': '"', "“": "”", "„": "“”"}
    for s in ["«а» «б", "««»", "\"a\"b\"", "„x“ “y”", "«", "»«»", "a«b»c«d»", "„“"]:
        assert quoted_spans(s, closers) == [m.span() for m in rx.finditer(s)], s
    assert quoted_spans("«»«а»", {"«": "»"}, 1) == [(2, 5)]


def test_run_of_opening_quotes_costs_linear_work():
    from bot.textnorm import quoted_spans

    with cpu_bound(0.5, "quoted_spans on 20,000 opening quotes"):   # quadratic work took minutes
        assert quoted_spans("«" * 20_000, {"«": "»"}) == []
    with cpu_bound(5.0, "ask on 19,990 opening quotes"):   # every route reads the quotes
        assert ask("«" * 19_990).route


@pytest.mark.parametrize("content,words", [
    ('[{"name": "Воин", "life": ' + "9" * 5000 + "}]", "в JSON слишком длинное число"),
    ('{"a": 1}', "ожидался JSON-список карт, а в файле словарь"),
    ('[{"name": }]', "строка 1, столбец 11: это не JSON (здесь ожидалось значение)"),
    ('[{name: 1}]', "это не JSON (ожидалось имя поля в двойных кавычках)"),
    ("[] x", "это не JSON (лишний текст после конца JSON)"),
])
def test_card_file_errors_are_russian(tmp_path: Path, content, words):
    from bot.cards.formats import CardImportError, read_file

    f = tmp_path / "cards.json"
    f.write_text(content, encoding="utf-8")
    with pytest.raises(CardImportError) as e:
        read_file(str(f))
    assert words in str(e.value)
    assert not re.search(r"Expecting|Extra data|Exceeds the limit|dict\b", str(e.value))


def test_card_csv_with_an_unclosed_quote_is_russian(tmp_path: Path):
    from bot.cards.formats import CardImportError, read_file

    f = tmp_path / "cards.csv"
    f.write_text("name;text\n\"" + "а" * 30_000 + "\n", encoding="utf-8")
    with pytest.raises(CardImportError) as e:
        read_file(str(f))
    assert "поле длиннее 20000 символов (незакрытая кавычка?)" in str(e.value)
    assert "field larger" not in str(e.value)


@pytest.mark.parametrize("command", ["parse", "explain"])
def test_card_text_over_the_bound_exits_1_as_readme_says(command, capsys):
    # README («Границы входа»): code 2 beyond a bound, except parse, explain and rulebook import (1)
    assert main([command, "а" * (limits.CARD_TEXT_CHARS + 1)]) == 1
    err = capsys.readouterr().err
    assert f"не больше {limits.CARD_TEXT_CHARS}" in err and "Traceback" not in err
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "(у `parse`, `explain` и `rulebook import` — 1" in readme
