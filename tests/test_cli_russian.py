"""argparse speaks Russian: usage errors and help headings (bot.argparse_ru)."""

from __future__ import annotations

import pytest

from bot.cli import build_parser, main


def _err(argv, capsys) -> str:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err


def test_required_argument_missing(capsys):
    err = _err(["rule"], capsys)
    assert err.startswith("использование: berserk-judge rule")
    assert "berserk-judge rule: ошибка: не указаны обязательные аргументы: НОМЕР" in err


def test_invalid_int_value(capsys):
    assert "аргумент -k: неверное значение 'x': ожидалось целое число" in _err(["search", "-k", "x", "пас"], capsys)


def test_unrecognized_arguments(capsys):
    assert "ошибка: неизвестные аргументы: --bogus" in _err(["rule", "209.5", "--bogus"], capsys)


def test_expected_one_argument(capsys):
    assert "аргумент --failed: ожидалось одно значение" in _err(["explain", "x", "--failed"], capsys)


def test_invalid_choice(capsys):
    err = _err(["foo"], capsys)
    assert "аргумент КОМАНДА: недопустимое значение 'foo' (возможны: 'ask', 'rule'" in err


def test_help_headings_are_russian():
    text = build_parser().format_help()
    assert text.startswith("использование: berserk-judge")
    assert "параметры:" in text and "показать эту справку и выйти" in text
    for english in ("usage:", "options:", "positional arguments", "show this help"):
        assert english not in text
    sub = build_parser()._subparsers._group_actions[0].choices["rule"].format_help()
    assert "аргументы:" in sub and "НОМЕР" in sub


def test_scenario_yaml_error_detail_has_russian_prefix(tmp_path, capsys):
    f = tmp_path / "tab.yaml"
    f.write_text("title: x\nstate:\n\tcards: []\n", encoding="utf-8")
    assert main(["scenario", "run", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{f}, строка 3, столбец 1: не читается как YAML: табуляция" in err
