"""``rulebook import`` / ``rulebook html``: edition names that would escape the
folder are refused, folders and missing pages get Russian messages, the written
yaml has ordinary permissions and its full path is reported."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bot.cli import main
from bot.errors import RulebookError
from bot.importer import import_sources, write_edition

ROOT = Path(__file__).resolve().parent.parent
PAGE = sorted((ROOT / "rulebook" / "sources").glob("*.txt"))[0]


@pytest.mark.parametrize("name", ["../evil", "", "a/b", ".x"])
def test_import_refuses_bad_edition_name_exit_2(name, tmp_path, capsys):
    assert main(["rulebook", "import", str(PAGE), "--edition", name, "--out-dir", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "berserk-judge rulebook import: ошибка: имя редакции" in err and "не годится" in err
    assert not (tmp_path / "o").exists() and not (tmp_path / "evil.yaml").exists()


def test_library_calls_refuse_bad_names_too(tmp_path):
    with pytest.raises(RulebookError, match="не годится"):
        import_sources([PAGE], "../evil")
    with pytest.raises(RulebookError, match="не годится"):
        write_edition({"edition": "../evil"}, tmp_path)


def test_import_empty_folder_and_missing_page(tmp_path, capsys):
    (tmp_path / "adir").mkdir()
    assert main(["rulebook", "import", str(tmp_path / "adir"), "--edition", "x", "--out-dir", str(tmp_path)]) == 1
    assert f"{tmp_path / 'adir'}: это папка, и в ней нет ни одной страницы правил" in capsys.readouterr().err
    assert main(["rulebook", "import", str(tmp_path / "nope.txt"), "--edition", "x", "--out-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err.endswith(f"{tmp_path / 'nope.txt'}: файл не найден\n")


def test_written_yaml_respects_umask_and_report_has_full_path(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old = os.umask(0o022)
    try:
        assert main(["rulebook", "import", str(PAGE.parent), "--edition", "t1", "--out-dir", "out"]) == 0
        os.umask(0o027)
        assert main(["rulebook", "import", str(PAGE.parent), "--edition", "t2", "--out-dir", "out"]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out" / "t1.yaml").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "out" / "t2.yaml").stat().st_mode) == 0o640
    out = capsys.readouterr().out
    assert f"Записано: {tmp_path / 'out' / 't1.yaml'}" in out


def test_out_dir_help_names_the_default_places(capsys):
    with pytest.raises(SystemExit):
        main(["rulebook", "import", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "по умолчанию папка редакций пользователя" in text and "berserk-judge paths" in text
    assert "--force" in text


def test_html_refuses_empty_outdir(capsys):
    assert main(["rulebook", "html", ""]) == 2
    assert "укажите папку для сайта" in capsys.readouterr().err
