"""``rule`` with malformed ranges and out-of-range numbers: one clear message each."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.lookup import resolve
from bot.rulebook import load


@pytest.fixture(scope="module")
def rb():
    return load("5ed")


def test_double_dot_between_section_numbers_is_no_number(rb, capsys):
    res = resolve("209..5", rb)
    assert res.kind == "unknown" and res.nearest == ()
    assert main(["rule", "209..5"]) == 1
    assert "«209..5» – не номер пункта" in capsys.readouterr().out


def test_ranges_that_are_fine(rb):
    for q in ("209.4-209.6", "209.4-6", "209.4..209.6", "209.6-209.4"):
        res = resolve(q, rb)
        assert res.kind == "range" and res.number == "209.4-209.6", q
        assert [c.number for c in res.clauses] == ["209.4", "209.5", "209.6"]


def test_range_across_sections_is_refused(rb, capsys):
    res = resolve("209.4-301.2", rb)
    assert res.kind == "unknown"
    assert res.reason.startswith("Диапазон 209.4-301.2: концы в разных разделах (209 и 301).")
    assert main(["rule", "--json", "209.4-301.2"]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == res.reason


def test_range_end_that_does_not_exist(rb, capsys):
    res = resolve("209.4-999", rb)
    assert res.kind == "unknown" and res.number == "209.4-209.999"
    assert res.reason == f"Диапазон 209.4-209.999: пункта 209.999 нет в редакции 5ed. Ближайшие: {', '.join(res.nearest)}."
    assert res.nearest and all(n.startswith("209.") for n in res.nearest)


def test_long_and_unknown_numbers_are_answered_alike(rb, capsys):
    for q, section in (("209.1000", "209."), ("999.999", "")):
        assert main(["rule", q]) == 1
        out = capsys.readouterr().out
        assert out.startswith(f"Пункта {q} нет в редакции 5ed. Ближайшие: "), out
        assert section in out.split("Ближайшие: ")[1]
