"""Files named by the user (parse --file, scenario run, console /scenario FILE):
Russian messages and exit codes instead of tracebacks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.chat import console
from bot.cli import main
from bot.errors import InputFileError
from bot.textfile import read_text_file

BINARY = b"\xff\xfe\x00binary"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "bin.yaml").write_bytes(BINARY)
    (tmp_path / "latin1.txt").write_bytes("Ранить".encode("utf-8") + "é".encode("latin-1"))
    (tmp_path / "nul.txt").write_bytes(b"abc\x00def")
    (tmp_path / "empty").mkdir()
    return {"bin": tmp_path / "bin.yaml", "latin1": tmp_path / "latin1.txt", "nul": tmp_path / "nul.txt",
            "dir": tmp_path / "empty", "missing": tmp_path / "nope.yaml"}


def test_read_text_file_reasons(files):
    with pytest.raises(InputFileError) as e:
        read_text_file(files["latin1"], "страница")
    assert e.value.reason == "не читается как UTF-8 (байт 12); ожидалось: страница"
    assert str(e.value).startswith(f"{files['latin1']}: не читается как UTF-8 (байт 12)")
    with pytest.raises(InputFileError, match="файл не найден"):
        read_text_file(files["missing"])
    with pytest.raises(InputFileError, match="это папка, а не файл сценария"):
        read_text_file(files["dir"], "файл сценария")
    with pytest.raises(InputFileError, match=r"не обычный файл \(устройство или канал\)"):
        read_text_file("/dev/null")
    with pytest.raises(InputFileError, match=r"двоичный файл \(байт 3"):
        read_text_file(files["nul"])


def test_parse_file_errors_are_russian(files, capsys):
    assert main(["parse", "--file", str(files["nul"])]) == 1
    err = capsys.readouterr().err
    assert f"{files['nul']}: двоичный файл (байт 3 — нулевой); ожидалось: файл с текстами карт" in err
    assert "Traceback" not in err
    assert main(["parse", "--file", str(files["latin1"])]) == 1  # neither UTF-8 nor Russian cp1251
    assert "не читается как UTF-8 (байт 12) и не похож на русский текст в cp1251" in capsys.readouterr().err
    assert main(["parse", "--file", str(files["missing"])]) == 1
    assert capsys.readouterr().err.endswith(f"{files['missing']}: файл не найден\n")
    assert main(["parse", "--file", str(files["dir"])]) == 1
    assert "это папка, а не файл с текстами карт" in capsys.readouterr().err


def test_parse_text_and_file_together_is_usage_error(files, capsys):
    assert main(["parse", "--file", str(files["missing"]), "Ранить"]) == 2
    assert "укажите либо текст, либо --file" in capsys.readouterr().err


def test_scenario_run_non_utf8_and_device_exit_2(files, capsys):
    assert main(["scenario", "run", str(files["bin"])]) == 2
    err = capsys.readouterr().err
    assert f"{files['bin']}: не читается как UTF-8 (байт 0)" in err
    assert main(["scenario", "run", "/dev/null"]) == 2
    assert "/dev/null: не обычный файл" in capsys.readouterr().err


def test_scenario_run_empty_folder_exit_2_with_json_error(files, capsys):
    assert main(["scenario", "run", "--json", str(files["dir"])]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out) == {"error": f"нет ни одного сценария (*.yaml) в папке {files['dir']}"}
    assert "нет ни одного сценария (*.yaml)" in out.err


def _chat(text: str) -> str:
    out = io.StringIO()
    assert console.chat(io.StringIO(text), out, interactive=False) == 0
    return out.getvalue()


def test_console_scenario_file_errors(files):
    out = _chat(f"/scenario {files['bin']}\n/scenario {files['missing']}\n/scenario {files['dir']}\n")
    parts = out.split(console.SEPARATOR)
    assert len(parts) == 3
    assert "не читается как UTF-8 (байт 0)" in parts[0]
    assert f"{files['missing']}: файл не найден" in parts[1]
    assert "это папка" in parts[2]
    assert "ожидался словарь" not in out


def test_console_multiline_scenario_stops_at_a_command_and_at_end_of_input():
    out = _chat("/scenario\ntitle: x\n/rule 209.5\n/scenario\n- a\n")
    parts = out.split(console.SEPARATOR)
    assert len(parts) == 3
    assert "нет обязательного ключа «state» в сценарии" in parts[0]
    assert "209.5." in parts[1]  # the command that ended the YAML is answered
    assert "строка 1: ожидался словарь (ключ: значение) в сценарии" in parts[2]


def test_console_refuses_unknown_edition_from_environment(monkeypatch, capsys):
    monkeypatch.setenv("BERSERK_EDITION", "nope")
    assert console.run(None) == 2
    from bot.rulebook import editions

    assert "5ed" in editions()
    want = f"berserk-judge: ошибка: BERSERK_EDITION: нет редакции «nope»; есть: {', '.join(editions())}\n"
    assert capsys.readouterr().err == want


def test_parse_usage_and_file_errors_as_json(files, capsys):
    assert main(["parse", "--json", "--file", str(files["missing"])]) == 1
    assert json.loads(capsys.readouterr().out) == {"error": f"{files['missing']}: файл не найден"}
    assert main(["parse", "--json"]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out) == {"error": "укажите текст карты или --file ФАЙЛ"}
    assert "текст карты" in out.err


def test_parse_file_dash_reads_card_texts_from_stdin():
    import json
    import subprocess
    import sys
    from pathlib import Path

    out = subprocess.run([sys.executable, "-m", "bot", "parse", "--file", "-"], input="Ранить выбранное существо на 2; получить фишку\n",
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0
    assert json.loads(out.stdout.splitlines()[0])["ast"]["kind"] == "and_then"


CP1251_TEXTS = "Ранить выбранное существо на 2\n# пропуск\n{tap}: Уничтожить ваше существо – разряд на 4\n"


def test_parse_file_reads_cp1251_and_utf16_as_the_card_importer_does(tmp_path, capsys):
    for encoding, note in (("cp1251", "прочитан как cp1251 (Windows-1251)"), ("utf-16", "в кодировке UTF-16")):
        f = tmp_path / f"{encoding}.txt"
        f.write_bytes(CP1251_TEXTS.encode(encoding))
        assert main(["parse", "--file", str(f)]) == 0
        out = capsys.readouterr()
        rows = [json.loads(line) for line in out.out.splitlines()]
        assert [r["text"] for r in rows] == ["Ранить выбранное существо на 2", "{tap}: Уничтожить ваше существо – разряд на 4"]
        assert all(r["complete"] for r in rows)
        assert f"{f}: файл {note}" in out.err or note in out.err


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_parse_file_reads_utf16_without_a_byte_order_mark(tmp_path, capsys, codec):
    """Russian text saved as UTF-16 without a BOM used to be «двоичный файл (байт 13 — нулевой)»."""
    f = tmp_path / "nobom.txt"
    f.write_bytes(CP1251_TEXTS.encode(codec))
    assert main(["parse", "--file", str(f)]) == 0
    out = capsys.readouterr()
    assert [json.loads(line)["text"] for line in out.out.splitlines()] == [
        "Ранить выбранное существо на 2", "{tap}: Уничтожить ваше существо – разряд на 4"]
    assert "в кодировке UTF-16 (без метки порядка байтов)" in out.err


def test_binary_with_zero_bytes_is_still_refused_as_binary(tmp_path, capsys):
    import random

    f = tmp_path / "random.bin"
    f.write_bytes(bytes(random.Random(5).randrange(256) for _ in range(4000)) + b"\x00\x00")
    assert main(["parse", "--file", str(f)]) == 1
    assert "двоичный файл" in capsys.readouterr().err


def test_empty_standard_input_is_named_as_such(capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"# only a comment\n")))
    assert main(["parse", "--file", "-"]) == 1
    err = capsys.readouterr().err
    assert "стандартный ввод: нет ни одного текста карты" in err and "-: нет" not in err


def test_scenario_file_in_cp1251_is_refused_naming_the_encoding(tmp_path, capsys):
    f = tmp_path / "win.yaml"
    f.write_bytes("title: Симбиот\nstate: {}\n".encode("cp1251"))
    assert main(["scenario", "run", str(f)]) == 2
    assert "похоже на кодировку cp1251 (Windows-1251) — сохраните файл в UTF-8" in capsys.readouterr().err
