"""Rulebook model: numbers and lettered sub-points (list items of a paragraph)."""

from __future__ import annotations

import pytest

from bot.rulebook import Rulebook, is_subpoint, number_key, parse_number, subpoint_label


@pytest.mark.parametrize(
    "raw,expected",
    [
        ("302.3.в", "302.3.в"),
        ("302.3.В", "302.3.в"),
        ("п. 302.3.в.", "302.3.в"),
        ("302.3в", "302.3.в"),
        ("302.3 в", "302.3.в"),
        ("302.3.в)", "302.3.в"),
        ("302.3(в)", "302.3.в"),
        ("302.3.b", None),  # Latin: «б» or «в»? not guessed
        ("209.5", "209.5"),
        ("209", "209"),
    ],
)
def test_parse_number_lettered_spellings(raw, expected):
    assert parse_number(raw) == expected


def test_lettered_numbers_sort_after_numeric_children():
    nums = ["302.3.б", "302.4", "302.3", "302.3.а", "302.3.1"]
    assert sorted(nums, key=number_key) == ["302.3", "302.3.1", "302.3.а", "302.3.б", "302.4"]
    assert is_subpoint("302.3.а") and not is_subpoint("302.3") and not is_subpoint("505.4.1")
    assert subpoint_label("302.3.в") == "в)"


RB = Rulebook.from_dict({
    "edition": "t",
    "sections": [{"number": "505", "title": "Особенности"}],
    "clauses": [
        {"number": "505.4", "text": "Составная особенность:"},
        {"number": "505.4.1", "text": "Запись вида А."},
        {"number": "505.4.а", "text": "первое;", "inferred": True},
        {"number": "505.4.б", "text": "второе.", "inferred": True},
        {"number": "505.5", "text": "Другое."},
    ],
})


def test_parent_of_and_subpoints():
    assert RB.parent_of("505.4.б").number == "505.4"
    assert RB.parent_of("505.4.1").number == "505.4"
    assert RB.parent_of("505.4") is None  # its parent is the section
    assert RB.parent_of("505.9.а") is None  # no such paragraph
    assert [c.number for c in RB.subpoints("505.4")] == ["505.4.а", "505.4.б"]  # numeric children excluded
    assert [c.number for c in RB.children("505.4")] == ["505.4.1", "505.4.а", "505.4.б"]
    assert RB.subpoints("505.5") == [] and RB.subpoints("нет") == []


def test_text_with_subpoints_reads_as_the_printed_list():
    assert RB.text_with_subpoints("505.4") == "Составная особенность:\n  а) первое;\n  б) второе."
    assert RB.text_with_subpoints("505.5") == "Другое."
    assert RB.text_with_subpoints("505.9") == ""


def test_full_width_digits_are_a_paragraph_number():
    from bot.rulebook import parse_number

    assert parse_number("２０９．５") == "209.5"
    assert parse_number("п. ２０９.１０") == "209.10"
