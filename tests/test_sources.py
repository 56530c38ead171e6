"""Rule pages named by what they are, in answers and on the site (bot/sources.py, issue 17)."""

from __future__ import annotations

import json

import pytest

from bot.chat.handlers import handle
from bot.chat.render import render_plain
from bot.cli import main
from bot.lookup import rule_answer
from bot.rulebook import Rulebook, load
from bot.site import render_edition
from bot.sources import edition_rules_title, page_titles, section_ranges

SEED_TITLES = {
    "000_ec5f41f764c60386.txt": "Правила 5-й редакции: разделы 209–212, 301–304",
    "001_1790efee646fcc05.txt": "Правила 5-й редакции: разделы 505–508",
    "002_5c00df85aaf93d2c.txt": "Правила 5-й редакции: разделы 302–305",
    "003_a9ef4a6298fdc175.txt": "Правила 5-й редакции: раздел 209",
    "004_310e152d5ffa412c.txt": "Правила 5-й редакции: разделы 405–408",
}


def test_seed_pages_get_their_title_and_section_range():
    assert page_titles(load("5ed")) == SEED_TITLES


@pytest.mark.parametrize(
    "sections, text",
    [
        (["209"], "раздел 209"),
        (["212", "209", "210", "211", "209"], "разделы 209–212"),
        (["209", "210", "211", "212", "301", "302", "303", "304"], "разделы 209–212, 301–304"),
        (["505", "507"], "разделы 505, 507"),
        (["10", "9", "1"], "разделы 1, 9–10"),
        (["1.2", "1.3", "2"], "разделы 1.2, 1.3, 2"),
    ],
)
def test_section_ranges(sections, text):
    assert section_ranges(sections) == text


@pytest.mark.parametrize("edition, title", [("5ed", "Правила 5-й редакции"), ("4ed", "Правила 4-й редакции"),
                                            ("demo", "Правила редакции demo"), ("5ed-2023", "Правила редакции 5ed-2023")])
def test_edition_rules_title(edition, title):
    assert edition_rules_title(edition) == title


def test_pages_with_the_same_sections_are_told_apart():
    rb = Rulebook.from_dict({
        "edition": "4ed",
        "sections": [{"number": "1", "title": "Карты"}],
        "clauses": [
            {"number": "1.1", "text": "a", "sources": ["a.html"]},
            {"number": "1.2", "text": "b", "sources": ["a.html"]},
            {"number": "1.3", "text": "c", "sources": ["b.html"]},
            {"number": "1.4", "text": "d", "sources": ["c.html", "d.html"]},  # the same paragraphs: file names decide
        ],
    })
    assert page_titles(rb) == {
        "a.html": "Правила 4-й редакции: раздел 1 (пп. 1.1–1.2)",
        "b.html": "Правила 4-й редакции: раздел 1 (п. 1.3)",
        "c.html": "Правила 4-й редакции: раздел 1 (п. 1.4), c.html",
        "d.html": "Правила 4-й редакции: раздел 1 (п. 1.4), d.html",
    }


def test_rule_answers_name_pages_not_files(capsys):
    out = render_plain(rule_answer("209.1"))
    assert "Источник: Правила 5-й редакции: раздел 209\n" in out
    assert main(["rule", "302.8"]) == 0
    out = capsys.readouterr().out
    assert "Источники: Правила 5-й редакции: разделы 209–212, 301–304; Правила 5-й редакции: разделы 302–305" in out
    assert ".txt" not in out
    assert main(["rule", "209", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["source_titles"] == [SEED_TITLES["000_ec5f41f764c60386.txt"], SEED_TITLES["003_a9ef4a6298fdc175.txt"]]


def test_chat_rule_reply_names_pages():
    text = "\n".join(a.text for a in handle("/rule 209.1").answers)
    assert "Источник: Правила 5-й редакции: раздел 209" in text
    assert ".txt" not in text


def test_site_names_pages_per_paragraph_and_lists_them():
    page = render_edition(load("5ed"))
    assert '<p class="cited src">Источник: Правила 5-й редакции: раздел 209</p>' in page
    assert ("<li>Правила 5-й редакции: разделы 209–212, 301–304</li>" in page
            and "<li>Правила 5-й редакции: разделы 505–508</li>" in page)
    assert "ec5f41f764c60386" not in page
