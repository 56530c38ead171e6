"""Hostile and broken scenario YAML (issue 16, items 1 and 8): refused fast, before
anything large is built, with a Russian message naming file and line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot import limits
from bot.chat.handlers import handle
from bot.cli import main
from bot.errors import ScenarioError
from bot.sim.scenario import load, scenario_answer
from bot.sim.yamlnode import compose
from tests.work_bounds import cpu_bound, memory_bound

GOOD = """title: t
state:
  cards:
    - {id: Воин, owner: first, cell: c2}
steps:
  - die: Воин
expect:
  cards:
    Воин: {zone: graveyard}
"""

# 8 nested levels of 9 aliases each: 9**9 leaves once expanded.
ALIAS_BOMB = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join(["*" + chr(97 + i)] * 9) + "]\n" for i in range(8))

_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _err(text: str, file: str = "s.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        load(text, file)
    return e.value


def _english(message: str) -> list[str]:
    """Latin words of a message except the YAML tags and keys it quotes on purpose."""
    return [w for w in _LATIN_WORD.findall(message) if w not in {"yaml", "YAML", "str", "int", "float", "bool", "null"}]


def test_alias_bomb_is_refused_at_its_first_anchor():
    assert 330 < len(ALIAS_BOMB.encode()) < 420
    # bounded work, not wall time: the old loader grew to 4-6 GB and never returned
    with cpu_bound(0.5, "refusing the alias bomb"), memory_bound(2, "refusing the alias bomb"):
        e = _err(ALIAS_BOMB)
    assert (e.file, e.line, e.column) == ("s.yaml", 1, 4)
    assert "якорь YAML «&a» не поддерживается" in str(e)


def test_alias_bomb_in_chat_is_a_note_not_a_hang():
    reply = handle("/scenario\n" + ALIAS_BOMB)
    note = reply.answers[0]
    assert note.verdict is None and "якорь YAML «&a»" in note.blocks[0].text


def test_alias_alone_and_self_reference_are_refused():
    assert "ссылка YAML «*x» не поддерживается" in str(_err("title: *x\n"))
    assert "якорь" in str(_err("a: &a [*a]\n"))
    assert "ссылка YAML «*k»" in str(_err("{*k : 1}\n"))


def test_depth_nodes_size_and_scalar_bounds():
    deep = "a: " + "[" * (limits.SCENARIO_DEPTH + 1) + "]" * (limits.SCENARIO_DEPTH + 1) + "\n"
    assert "слишком глубокая вложенность" in str(_err(deep))
    assert "слишком глубокая вложенность" in str(_err("[" * 100_000))
    many = "a: [" + ", ".join(["1"] * (limits.SCENARIO_NODES + 5)) + "]\n"
    assert len(many) <= limits.SCENARIO_CHARS
    assert "слишком много значений" in str(_err(many))
    big = "title: " + "x" * limits.SCENARIO_CHARS + "\n"
    e = _err(big)
    assert "файл сценария слишком большой" in str(e) and e.file == "s.yaml"
    e = _err("title: " + "я" * (limits.SCENARIO_SCALAR_CHARS + 1) + "\n")
    assert e.line == 1 and "слишком длинное значение" in str(e)


def test_five_thousand_digit_integer_is_refused_with_line():
    e = _err(GOOD.replace("cell: c2}", "cell: c2, lives: " + "9" * 5000 + "}"))
    assert (e.file, e.line) == ("s.yaml", 4)
    assert f"слишком длинное целое число: 5000 цифр (не больше {limits.SCENARIO_INT_DIGITS})" in str(e)
    assert load(GOOD.replace("cell: c2}", "cell: c2, lives: 999999999}"), "s.yaml").state.cards["Воин"].lives == 999999999


def test_five_thousand_digit_integer_cli_exit_2(tmp_path: Path, capsys):
    f = tmp_path / "big.yaml"
    f.write_text(GOOD.replace("cell: c2}", "cell: c2, wounds: " + "1" * 5000 + "}"), encoding="utf-8")
    assert main(["scenario", "run", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{f}, строка 4, столбец" in err and "слишком длинное целое число" in err and "Traceback" not in err


def test_tags_are_refused_or_read_in_russian():
    assert "тег YAML «!~» не поддерживается" in str(_err("!~\n"))
    assert "не поддерживается" in str(_err("title: !!binary aGVsbG8=\n"))
    assert "не поддерживается" in str(_err("title: !!python/object:os.system x\n"))
    assert "«maybe» не читается как true или false" in str(_err("a: !!bool maybe\n"))
    assert "не читается как целое число" in str(_err("a: !!int десять\n"))
    # the core scalar tags still work
    assert compose("a: !!str 12\n").value["a"].value == "12"


def test_chat_scenario_with_unknown_tag_is_a_note():
    reply = handle("/scenario !~")
    assert "тег YAML" in reply.answers[0].blocks[0].text


def test_several_documents_are_refused():
    e = _err(GOOD + "---\ntitle: u\n")
    assert e.line == 10 and "несколько документов YAML" in str(e)


@pytest.mark.parametrize("text,line,col,words", [
    ("title: [\n", 2, 1, "здесь ожидалось значение"),
    ("a: {b\n", 2, 1, "«,» или «}»"),
    ("a: - b\n", 1, 4, "элемент списка «-»"),
    ("a: b: c\n", 1, 5, "двоеточие «:»"),
    ("a:\n  b: 1\n c: 2\n", 3, 2, "ожидался ключ словаря"),
    ("a: \"abc\n", 2, 1, "кавычка не закрыта"),
    ("a: \"\\q\"\n", 1, 5, "экранированная последовательность"),
    ("title: x\nstate:\n\tcards: []\n", 3, 1, "табуляция"),
    ("a: b\x00\n", 1, 5, "управляющий символ"),
])
def test_yaml_syntax_errors_are_russian_with_line_and_column(text, line, col, words):
    e = _err(text)
    assert (e.line, e.column) == (line, col)
    msg = str(e)
    assert msg.startswith(f"s.yaml, строка {line}, столбец {col}: не читается как YAML: ")
    assert words in msg
    assert _english(msg.removeprefix("s.yaml")) == [], msg
    assert "unicode string" not in msg and "position" not in msg


def test_unknown_yaml_problem_has_a_russian_fallback():
    from bot.sim.yamlnode import yaml_problem_ru

    assert yaml_problem_ru("something entirely new") == "синтаксическая ошибка YAML"


def test_symbiote_hosted_on_itself_is_refused_with_line():
    e = _err(GOOD.replace("cell: c2}\n", "cell: c2}\n    - {id: Лиана, owner: first, traits: [symbiote], host: Лиана}\n"))
    assert (e.file, e.line) == ("s.yaml", 5) and "«Лиана» не может быть хозяином сама себе" in str(e)


def test_two_card_host_loop_is_refused_with_line():
    e = _err(GOOD.replace("cell: c2}\n", "cell: c2}\n"
                          "    - {id: Лиана, owner: first, traits: [symbiote], host: Мох}\n"
                          "    - {id: Мох, owner: first, traits: [symbiote], host: Лиана}\n"))
    assert (e.file, e.line) == ("s.yaml", 5)
    assert "хозяева карт образуют круг: «Лиана» → «Мох» → «Лиана»" in str(e)


def test_host_chain_without_loop_still_loads():
    sc = load(GOOD.replace("cell: c2}\n", "cell: c2}\n"
                           "    - {id: Меч, owner: first, kind: equipment, host: Воин}\n"), "s.yaml")
    assert sc.state.cards["Меч"].cell == sc.state.cards["Воин"].cell


@pytest.mark.parametrize("expect,line", [
    ("expect: {}\n", 7),
    ("expect:\n  steps: [{step: 1}]\n", 7),
    ("expect:\n  cards: {Воин: {}}\n  cites: []\n", 7),
])
def test_expectation_that_checks_nothing_is_refused(expect, line):
    e = _err(GOOD.split("expect:")[0] + expect)
    assert e.line == line and "в «expect» нет ни одной проверки" in str(e)


def test_missing_expect_is_refused():
    e = _err(GOOD.split("expect:")[0])
    assert e.line == 1 and "нет ключа «expect»" in str(e)


def test_scenario_answer_with_empty_expect_has_no_verdict():
    a = scenario_answer(GOOD.split("expect:")[0] + "expect: {}\n")
    assert a.verdict is None and "нет ни одной проверки" in a.blocks[0].text


def test_one_broken_file_does_not_stop_a_folder_run(tmp_path: Path, capsys):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("title: [\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(GOOD.replace("title: t", "title: третий"), encoding="utf-8")
    assert main(["scenario", "run", str(tmp_path)]) == 2
    out = capsys.readouterr()
    assert f"OK   {tmp_path / 'a.yaml'}: t" in out.out and f"OK   {tmp_path / 'c.yaml'}: третий" in out.out
    assert f"ОШИБКА {tmp_path / 'b.yaml'}, строка 2, столбец 1: не читается как YAML" in out.out
    assert "Пройдено 2 из 3; не загружено: 1" in out.out
    assert f"{tmp_path / 'b.yaml'}, строка 2" in out.err

    assert main(["scenario", "run", "--json", str(tmp_path)]) == 2
    data = json.loads(capsys.readouterr().out)
    assert [d["passed"] for d in data] == [True, False, True]
    assert data[1]["file"] == str(tmp_path / "b.yaml") and "строка 2" in data[1]["error"]
    assert "error" not in data[0]


def test_edition_file_with_aliases_or_bad_yaml_is_refused_in_russian(tmp_path: Path):
    from bot.errors import RulebookError
    from bot.rulebook import Rulebook

    f = tmp_path / "x.yaml"
    f.write_text(ALIAS_BOMB, encoding="utf-8")
    with cpu_bound(0.5, "refusing the edition file"), memory_bound(2, "refusing the edition file"), \
            pytest.raises(RulebookError) as e:
        Rulebook.load_file(f)
    assert f"{f}, строка 1, столбец 4: не читается как YAML: якоря и ссылки YAML («&a») не поддерживаются" == str(e.value)
    f.write_text("edition: x\nclauses: [\n", encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        Rulebook.load_file(f)
    assert str(e.value) == f"{f}, строка 3, столбец 1: не читается как YAML: здесь ожидалось значение"


def test_data_file_errors_are_russian_with_line_and_column(tmp_path: Path):
    from bot.errors import RulebookError
    from bot.yamlsafe import load_data_file

    f = tmp_path / "lexicon.yaml"
    f.write_text("a: [\n", encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        load_data_file(f, "словарь вопросов")
    assert str(e.value) == f"{f}, строка 2, столбец 1: не читается словарь вопросов: здесь ожидалось значение"
    f.write_text("a: b\x07\n", encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        load_data_file(f, "словарь вопросов")
    assert "строка 1, столбец 5" in str(e.value) and "position" not in str(e.value)
    with pytest.raises(RulebookError, match="нет файла"):
        load_data_file(tmp_path / "missing.yaml", "список терминов")
    f.write_text("a: &x 1\nb: *x\n", encoding="utf-8")
    with pytest.raises(RulebookError, match="«&x»"):
        load_data_file(f, "словарь вопросов")
