"""Which data folders the bot reads (bot/paths.py) and ``berserk-judge paths`` (issue 17)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bot import paths
from bot.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _json(capsys, *argv) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_a_checkout_reads_its_own_folders(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv(paths.USER_DIR_ENV, str(tmp_path / "user"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    rep = _json(capsys, "paths", "--json")
    assert rep["layout"] == "source"
    assert rep["code"] == str(ROOT / "bot")
    assert rep["data_root"] == str(ROOT)
    assert rep["grammar"] == str(ROOT / "grammar")
    assert rep["rulebook"] == str(ROOT / "rulebook")
    assert rep["scenarios"] == str(ROOT / "scenarios")
    assert rep["glossary"] == str(ROOT / "rulebook" / "glossary" / "terms.yaml")
    assert {"edition": "5ed", "path": str(ROOT / "rulebook" / "5ed.yaml")} in rep["editions"]
    assert rep["user_data_dir"] == str(tmp_path / "user")
    assert rep["user_data_dir_exists"] is False
    assert rep["user_editions_dir"] == str(tmp_path / "user" / "editions")
    assert rep["database"] == f"sqlite:///{tmp_path / 'user' / 'berserk.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", "postgresql://judge:secret@127.0.0.1/berserk")
    assert _json(capsys, "paths", "--json")["database"] == "postgresql://judge:***@127.0.0.1/berserk"


def test_plain_paths_in_russian(capsys, monkeypatch, tmp_path):
    user = tmp_path / "user"
    monkeypatch.setenv(paths.USER_DIR_ENV, str(user))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["paths"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Код: {ROOT / 'bot'}"
    assert lines[1] == f"Данные: {ROOT} — исходники (правки в папках ниже действуют сразу)"
    assert f"Грамматика: {ROOT / 'grammar'}" in lines
    assert f"  редакция 5ed: {ROOT / 'rulebook' / '5ed.yaml'}" in lines
    assert lines[-3] == f"Папка пользователя: {user} (пока не создана)"
    assert lines[-2] == f"Редакции пользователя (сюда пишет rulebook import): {user / 'editions'}"
    assert lines[-1] == f"База карт и настроек: sqlite:///{user / 'berserk.sqlite3'}"
    user.mkdir()
    assert main(["paths"]) == 0
    assert capsys.readouterr().out.splitlines()[-3] == f"Папка пользователя: {user}"


def _tree(root: Path, *, pyproject: bool, bundled: bool) -> tuple[Path, Path]:
    """A fake layout: ``root/bot`` (the package) with or without ``pyproject.toml``
    and ``rulebook/`` beside it, with or without ``bot/_data/rulebook``."""
    pkg = root / "bot"
    (pkg / "_data" / "rulebook").mkdir(parents=True) if bundled else pkg.mkdir(parents=True)
    (root / "rulebook").mkdir()
    if pyproject:
        (root / "pyproject.toml").write_text("[project]\nname='x'\n", encoding="utf-8")
    return pkg, root


@pytest.mark.parametrize(
    "pyproject, bundled, expect",
    [
        (True, False, "source"),   # a clone / an editable install
        (True, True, "source"),    # a checkout that also holds a stray bundled copy: the sources win
        (False, True, "wheel"),    # site-packages/bot/_data of an installed wheel
    ],
)
def test_source_tree_wins_over_a_bundled_copy(tmp_path, monkeypatch, pyproject, bundled, expect):
    pkg, root = _tree(tmp_path, pyproject=pyproject, bundled=bundled)
    monkeypatch.setattr(paths, "_PACKAGE", pkg)
    monkeypatch.setattr(paths, "_BUNDLED", pkg / "_data")
    monkeypatch.setattr(paths, "_SOURCE_ROOT", root)
    assert paths.layout() == expect
    want = root if expect == "source" else pkg / "_data"
    assert paths.rulebook_dir() == want / "rulebook"
    assert paths.grammar_dir() == want / "grammar"
    assert paths.glossary_file() == want / "rulebook" / "glossary" / "terms.yaml"


def test_user_data_dir_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.delenv(paths.USER_DIR_ENV, raising=False)
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        assert paths.user_data_dir() == tmp_path / "xdg" / "berserk-judge"
    else:  # pragma: no cover - CI is Linux
        assert paths.user_data_dir().name == "berserk-judge"
    monkeypatch.setenv(paths.USER_DIR_ENV, "  ")  # blank: ignored
    assert paths.user_data_dir().name == "berserk-judge"


def test_an_imported_edition_is_listed_from_the_user_folder(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv(paths.USER_DIR_ENV, str(tmp_path / "user"))
    page = tmp_path / "4ed.txt"
    page.write_text("303. Приоритет.\n\n303.1. Приоритет – это право игрока объявить игродействие.\n", encoding="utf-8")
    assert main(["rulebook", "import", str(page), "--edition", "4ed"]) == 0
    capsys.readouterr()
    rep = _json(capsys, "paths", "--json")
    assert {"edition": "4ed", "path": str(tmp_path / "user" / "editions" / "4ed.yaml")} in rep["editions"]
    assert {"edition": "5ed", "path": str(ROOT / "rulebook" / "5ed.yaml")} in rep["editions"]
