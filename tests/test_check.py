"""``rulebook check`` (issue 2, part 4)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.check import check, check_report
from bot.rulebook import Rulebook, load

ROOT = Path(__file__).resolve().parent.parent


def _rb(clauses, sections=None):
    secs = sections or sorted({c["number"].split(".")[0] for c in clauses}, key=int)
    return Rulebook.from_dict({"edition": "t", "sections": [{"number": s, "title": s} for s in secs], "clauses": clauses})


def test_seed_edition_is_valid_and_503_is_outside():
    problems, info = check_report(load("5ed"))
    assert problems == []
    assert info == ["ссылка на 503 (из 301.1, 303.6) – вне этой редакции"]


def test_cli_check_exits_0():
    r = subprocess.run([sys.executable, "-m", "bot", "rulebook", "check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout
    assert "Проблем нет." in r.stdout and "503" in r.stdout


def test_duplicates_order_and_missing_refs_are_problems():
    rb = _rb([
        {"number": "209.2", "text": "См. 209.4 и (п. 209.1)."},
        {"number": "209.1", "text": "Первый."},
        {"number": "209.2", "text": "Снова второй (п. 302.6)."},
    ])
    problems = check(rb)
    assert "номер 209.2 встречается 2 раза" in problems
    assert "нарушен порядок: 209.1 стоит после 209.2" in problems
    assert "209.2: ссылка на 209.4, но такого пункта в редакции нет" in problems
    assert not any("209.1, но" in p for p in problems)
    # 302 is not a section of this edition: information, not a problem
    assert not any("302.6" in p for p in problems)
    info = check_report(rb)[1]
    assert info[0] == "ссылка на 302.6 (из 209.2) – вне этой редакции"
    assert info[1].startswith("правила симулятора, найденные в тексте этой редакции: ")  # bound by content


def test_cli_check_exits_1_with_problems(tmp_path, monkeypatch):
    bad = tmp_path / "rulebook"
    bad.mkdir()
    (bad / "bad.yaml").write_text(
        "edition: bad\nsections: [{number: '209', title: X}]\nclauses:\n"
        "- {number: '209.2', text: 'см. 209.7'}\n- {number: '209.1', text: 'a'}\n",
        encoding="utf-8",
    )
    from bot import check as check_mod
    from bot.cli import rulebook_check

    monkeypatch.setattr(check_mod, "edition_path", lambda e: bad / f"{e}.yaml")

    class A:
        edition = "bad"
        json = False

    assert rulebook_check.run(A()) == 1


def test_subpoint_needs_its_paragraph():
    rb = _rb([
        {"number": "302.3", "text": "Игродействия, использующие стек, это:"},
        {"number": "302.3.а", "text": "действие карты;"},
        {"number": "302.4.а", "text": "потерянный пункт списка;"},
    ])
    assert check(rb) == ["302.4.а: подпункт без пункта 302.4"]
