"""Rule lookup: ``rule NUM`` and the ``rule`` route of judge.ask (issue 2, part 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.chat.render import render_plain
from bot.lookup import answer, resolve, rule_answer, rule_json
from bot.rulebook import load

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "bot", "rule", *args], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("spelling", ["209.5", "п. 209.5", "п.209.5", "209.5.", "§209.5", " пункт 209.5 "])
def test_spellings_of_a_number(spelling):
    res = resolve(spelling, load())
    assert (res.kind, res.number) == ("clause", "209.5")


def test_no_prefix_collisions():
    rb = load()
    assert resolve("209.1", rb).clauses[0].text.startswith("У симбиотов")
    assert resolve("209.10", rb).clauses[0].text == "Нельзя объявить движение симбиота."
    assert resolve("209.1", rb).clauses[0].number == "209.1"


def test_rule_json_209_5_is_incorporeal_host_paragraph():
    r = _cli("209.5", "--json")
    assert r.returncode == 0
    obj = json.loads(r.stdout)
    assert obj["number"] == "209.5" and obj["edition"] == "5ed"
    assert "бестелесное существо" in obj["text"]
    assert obj["inferred"] is False
    assert obj["title"] == "Симбиоты, паразиты"
    assert set(obj) >= {"edition", "number", "title", "text", "inferred", "sources", "children", "refs",
                        "cited_by", "examples", "variants"}
    assert obj["sources"] == ["000_ec5f41f764c60386.txt", "003_a9ef4a6298fdc175.txt"]
    assert obj["source_titles"] == ["Правила 5-й редакции: разделы 209–212, 301–304", "Правила 5-й редакции: раздел 209"]


def test_section_lists_children_in_order():
    obj = rule_json("209")
    assert obj["title"] == "Симбиоты, паразиты"
    assert obj["children"] == [f"209.{i}" for i in range(1, 12)]
    text = _cli("209").stdout
    positions = [text.index(f"209.{i}. ") for i in range(1, 12)]
    assert positions == sorted(positions)
    assert "Раздел 209. Симбиоты, паразиты" in text


def test_section_of_inferred_paragraphs():
    assert rule_json("212")["children"] == [f"212.{i}" for i in range(1, 10)]
    assert rule_json("210")["title"] == "Артефакты"


def test_range():
    objs = rule_json("209.4-209.6")
    assert [o["number"] for o in objs] == ["209.4", "209.5", "209.6"]
    assert [o["number"] for o in rule_json("209.9–11")] == ["209.9", "209.10", "209.11"]
    # a range over 505.4 includes its sub-points
    assert [o["number"] for o in rule_json("505.4-505.5")] == ["505.4", "505.4.1", "505.4.2", "505.5"]


def test_children_refs_and_cited_by():
    obj = rule_json("505.4")
    assert obj["children"] == ["505.4.1", "505.4.2"]
    assert obj["inferred"] is True
    assert obj["examples"][0].startswith("ПРИМЕР.")
    obj = rule_json("301.1")
    assert obj["refs"] == ["503"] and obj["outside_refs"] == ["503"]
    assert rule_json("508.1")["children"] == ["508.1.1"]


def test_cited_by_is_derived_from_texts():
    rb = load()
    assert rb.cited_by("503") == ["301.1", "303.6"]


def test_variants_are_shown():
    obj = rule_json("209.9")
    assert len(obj["variants"]) == 1 and "объявлять атаку" in obj["variants"][0]
    assert "Другая редакция" in render_plain(rule_answer("209.9"))


def test_plain_text_shows_inferred_sources_and_refs():
    out = render_plain(rule_answer("303.6"))
    assert out.startswith("Раздел 303. Приоритет")
    assert "303.6. Если в какой-то момент игры" in out
    assert "Номер выведен по положению" in out
    assert "503 (вне этой редакции)" in out
    assert "Источники: Правила 5-й редакции: разделы 209–212, 301–304; Правила 5-й редакции: разделы 302–305" in out
    assert ".txt" not in out
    assert out.rstrip().endswith("Пункты: 303.6")


def test_unknown_number_gives_nearest_and_exit_1():
    r = _cli("209.55")
    assert r.returncode == 1
    assert "Пункта 209.55 нет в редакции 5ed" in r.stdout
    assert "209.11" in r.stdout and "Traceback" not in r.stderr
    obj = json.loads(_cli("212.12", "--json").stdout)
    assert obj["nearest"][0] == "212.9" and "error" in obj
    r = _cli("абв")
    assert r.returncode == 1 and "не номер пункта" in r.stdout


def test_several_numbers_give_a_json_list():
    r = _cli("209.5", "п.303.2", "--json")
    assert r.returncode == 0
    objs = json.loads(r.stdout)
    assert [o["number"] for o in objs] == ["209.5", "303.2"]


def test_unknown_edition_is_a_russian_error():
    r = _cli("209.5", "--edition", "nope")
    assert r.returncode == 2 and "нет редакции «nope»" in r.stderr


@pytest.mark.parametrize(
    "q,cites",
    [
        ("209.5", ["209.5"]),
        ("п. 209.5", ["209.5"]),
        ("что в 209.5?", ["209.5"]),
        ("пункт 505.4.1", ["505.4.1"]),
        ("Что говорит п.303.2 и 303.4?", ["303.2", "303.4"]),
        ("покажи 209.4-209.5", ["209.4", "209.5"]),
    ],
)
def test_route_answers_paragraph_references(q, cites):
    a = answer(q, "5ed")
    assert a is not None and a.route == "rule"
    assert a.citations == cites


@pytest.mark.parametrize(
    "q",
    [
        "Можно ли положить симбиота на летающее существо?",
        "Что будет с симбиотом по 209.5, если хозяин стал бестелесным?",
        "Сколько 5 карт?",
        "2014",
        "«Уничтожить ваше существо – разряд на 4»",
    ],
)
def test_route_declines_real_questions(q):
    assert answer(q, "5ed") is None


@pytest.mark.parametrize("q", ["п.999", "пункт 999", "§ 999", "раздел 999", "что говорит пункт 999?", "п 999"])
def test_route_says_a_named_missing_section_is_not_there(q):
    # QA pass: «п.999» fell to search, which answered with 506.6 and 209.4 — paragraphs never asked for
    a = answer(q, "5ed")
    assert a is not None and a.route == "rule" and a.citations == []
    assert a.text.startswith("Пункта 999 нет в редакции 5ed.")


def test_route_unknown_paragraph_answers_with_nearest():
    a = answer("что в 209.55?", "5ed")
    assert a.route == "rule" and a.citations == []
    assert "Ближайшие: 209.11" in a.text


# --- lettered sub-points (the «·» list items of the seeds) ------------------------


def test_paragraph_with_a_list_reads_as_the_printed_list():
    out = render_plain(rule_answer("302.3"))
    assert "302.3. Игродействия, использующие стек, это:\n  а) действие карты;\n  б) срабатывающая" in out
    assert "  г) бросок кубика." in out
    assert "Подпункты: 302.3.а, 302.3.б, 302.3.в, 302.3.г" in out
    obj = rule_json("302.3")
    assert obj["text"] == "Игродействия, использующие стек, это:"
    assert obj["children"] == ["302.3.а", "302.3.б", "302.3.в", "302.3.г"]
    assert obj["subpoints"][2] == {"number": "302.3.в", "text": "перемещение карты;"}
    assert obj["parent"] is None


@pytest.mark.parametrize("spelling", ["302.3.в", "п. 302.3.в", "302.3в", "302.3(в)", "302.3.В"])
def test_subpoint_lookup(spelling):
    res = resolve(spelling, load())
    assert (res.kind, res.number) == ("clause", "302.3.в")


def test_subpoint_is_shown_with_the_lead_in_of_its_paragraph():
    r = _cli("302.3.в")
    assert r.returncode == 0
    assert "Из пункта 302.3: Игродействия, использующие стек, это:" in r.stdout
    assert "302.3.в. перемещение карты;" in r.stdout
    assert "Буква подпункта дана по порядку в списке" in r.stdout
    obj = rule_json("302.3.в")
    assert obj["parent"] == "302.3" and obj["inferred"] is True and obj["text"] == "перемещение карты;"
    assert rule_json("505.4.1")["parent"] == "505.4"
    r = _cli("302.3.b")
    assert r.returncode == 1 and "подпункт 302.3.в" in r.stdout


def test_ranges_and_sections_include_subpoints_in_order():
    assert [o["number"] for o in rule_json("302.3-302.4")] == [
        "302.3", "302.3.а", "302.3.б", "302.3.в", "302.3.г", "302.4"]
    assert [o["number"] for o in rule_json("302.3.а-в")] == ["302.3.а", "302.3.б", "302.3.в"]
    assert rule_json("304")["children"] == [
        "304.1", "304.2", "304.2.а", "304.2.б", "304.2.в", "304.3", "304.3.а", "304.3.б", "304.3.в"]
    out = render_plain(rule_answer("302"))
    assert out.count("действие карты;") == 1  # items under their paragraph, not repeated
    assert "302.3.а." not in out
    assert out.index("  г) бросок кубика.") < out.index("302.4. ")
    out = render_plain(rule_answer("302.3.б-302.4"))
    assert out.count("Из пункта 302.3:") == 1  # the lead-in once for the run of items
    assert out.rstrip().endswith("Пункты: 302.3.б, 302.3.в, 302.3.г, 302.4")


@pytest.mark.parametrize(
    "q,cites",
    [("что в 302.3.в?", ["302.3.в"]), ("пункт 302.3в", ["302.3.в"]), ("302.3.а-в", ["302.3.а", "302.3.б", "302.3.в"])],
)
def test_route_answers_subpoint_references(q, cites):
    assert answer(q, "5ed").citations == cites
