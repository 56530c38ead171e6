"""Every scenario file is a golden test; the CLI reports them as the contract says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sim.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").glob("*.yaml"))


def test_there_are_at_least_40_scenarios():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path):
    res = run_file(path)
    assert res.passed, "\n".join(res.failures + res.trace)
    assert res.expected, "a scenario must expect something"
    assert res.citations, "a scenario run cites paragraphs"


def test_every_checkable_seed_paragraph_has_a_scenario():
    cited: set[str] = set()
    for p in FILES:
        cited.update(run_file(p).citations)
    wanted = {f"209.{i}" for i in range(1, 12)} | {"210.1", "210.2", "210.3", "211.1", "211.2", "211.3", "211.4"} \
        | {f"212.{i}" for i in range(1, 10)} | {"302.2", "302.3", "302.4", "302.5", "302.6", "302.7", "303.1", "303.2",
                                               "303.3", "303.4", "303.5", "303.6", "304.1", "304.2", "304.3", "305.1",
                                               "405.1", "405.2", "406.1", "407.1", "408.1", "408.2"} \
        | {f"506.{i}" for i in range(1, 8)} | {"507.1", "507.2", "507.3", "508.1.1"}
    assert wanted - cited == set()


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "scenario", "run", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_json_reports_every_scenario_passed():
    out = _cli("scenarios/", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data) == len(FILES)
    assert all(d["passed"] for d in data)
    assert set(data[0]) >= {"file", "passed", "expected", "actual", "trace"}


def test_cli_exit_1_when_a_scenario_fails(tmp_path: Path):
    f = tmp_path / "wrong.yaml"
    f.write_text(
        "title: неверное ожидание\n"
        "state:\n  cards:\n    - {id: Воин, owner: first, cell: c2}\n"
        "steps:\n  - die: Воин\n"
        "expect:\n  cards:\n    Воин: {zone: battlefield}\n", encoding="utf-8")
    out = _cli(str(f), "--json")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data[0]["passed"] is False
    assert data[0]["actual"]["cards"]["Воин"]["zone"] == "graveyard"


def test_cli_exit_2_on_load_error_with_russian_message(tmp_path: Path):
    f = tmp_path / "bad.yaml"
    f.write_text("title: x\nstate:\n  cards:\n    - {id: Воин, owner: first, cell: z9}\nsteps: []\n", encoding="utf-8")
    out = _cli(str(f))
    assert out.returncode == 2
    assert "строка 4" in out.stderr and "неверная клетка" in out.stderr


def test_every_cited_paragraph_exists_in_the_rulebook():
    from bot.rulebook import load

    rb = load("5ed")
    for p in FILES:
        res = run_file(p)
        assert [n for n in res.citations if rb.get(n) is None] == [], p.name
