"""Glossary: terms and their defining paragraphs, found in the edition (issue 2, part 6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.glossary import glossary_answer, lookup_term, term_list, terms, terms_path
from bot.rulebook import is_subpoint, load

ROOT = Path(__file__).resolve().parent.parent

DEFINED = {
    "symbiote": "209.1",
    "parasite": "209.1",
    "host": "209.2",
    "equipment": "212.1",
    "artifact": "210.1",
    "terrain": "211.1",
    "game_action": "301.1",
    "stack": "302.1",
    "top": "302.7",
    "priority": "303.1",
    "pass": "303.2",
    "slow": "304.2",
    "fast": "304.3",
    "calculate": "302.6",
    "pay": "302.6",
    "movement": "506.1",
    "relocation": "507.1",
    "compound_ability": "505.4",
    "incorporeal": "209.5",
    "flying": "209.4",
    "reveal_subphase": "405.1",
    "seating_step": "405.2",
    "main_phase": "408.1",
    "choice_subphase": "506.2",
    "lives": "508.1",
}


@pytest.mark.parametrize("code,number", sorted(DEFINED.items()))
def test_defining_paragraph_found_in_edition(code, number):
    t = next(t for t in terms() if t.code_name == code)
    assert t.number == number, (t.name, t.number)
    # the paragraph really mentions the term
    assert t.forms, t.name


def test_definition_clause_text():
    rb = load()
    t = lookup_term("пас")
    assert rb.get(t.number).text.startswith("Пас – это передача приоритета")
    t = lookup_term("перемещение")
    assert "называется перемещением" in rb.get(t.number).text


def test_code_names_are_unique_and_from_the_list():
    codes = [c for _, c in term_list()]
    assert len(codes) == len(set(codes))
    assert len(terms()) == len(term_list()) >= 40


@pytest.mark.parametrize(
    "word,name",
    [
        ("пасом", "пас"),
        ("ПАСА", "пас"),
        ("симбиота", "симбиот"),
        ("симбиотами", "симбиот"),
        ("хозяину", "хозяин"),
        ("экипировку", "экипировка"),
        ("медленных игродействий", "медленное игродействие"),
        ("быстрым игродействием", "быстрое игродействие"),
        ("стека", "стек"),
        ("игродействиями", "игродействие"),
        ("перемещением", "перемещение"),
        ("местностей", "местность"),
        ("pass", "пас"),
        ("game_action", "игродействие"),
        ("запаса движения", "запас движения"),
    ],
)
def test_any_inflected_form_finds_the_term(word, name):
    t = lookup_term(word)
    assert t is not None and t.name == name


def test_unknown_word():
    assert lookup_term("фыва") is None
    a = glossary_answer("фыва")
    assert "не найден" in a.text and a.citations == []


def test_terms_are_found_from_text_not_stored(tmp_path, monkeypatch):
    """Another edition numbers «Пас – это …» differently: the glossary follows the text."""
    data = {
        "edition": "alt",
        "sections": [{"number": "7", "title": "Приоритет"}],
        "clauses": [
            {"number": "7.1", "text": "Приоритет передаётся по очереди."},
            {"number": "7.2", "text": "Пас – это передача приоритета противнику."},
        ],
    }
    (tmp_path / "alt.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    import bot.rulebook as rbmod

    monkeypatch.setattr(rbmod, "rulebook_dir", lambda: tmp_path)
    rbmod.load.cache_clear()
    try:
        t = next(t for t in terms("alt") if t.code_name == "pass")
        assert t.number == "7.2"
        assert next(t for t in terms("alt") if t.code_name == "priority").number == "7.1"
        assert next(t for t in terms("alt") if t.code_name == "symbiote").number is None
    finally:
        rbmod.load.cache_clear()


def test_glossary_answer_lists_all_and_cites():
    a = glossary_answer(None)
    assert "пас – п. 303.2" in a.text and "(pass)" not in a.text  # code names only in --json
    assert "303.2" in a.citations
    a = glossary_answer("пасом")
    assert a.citations == ["303.2"]
    assert "303.2. Пас – это" in a.text


def test_cli_glossary():
    r = subprocess.run([sys.executable, "-m", "bot", "glossary", "пасом", "--json"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0
    obj = json.loads(r.stdout)
    assert obj["number"] == "303.2" and obj["code_name"] == "pass"
    r = subprocess.run([sys.executable, "-m", "bot", "glossary"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and "перемещение – п. 507.1" in r.stdout and "relocation" not in r.stdout
    r = subprocess.run([sys.executable, "-m", "bot", "glossary", "фыва"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and "не найден" in r.stdout


def test_term_list_file_is_data_in_rulebook_folder():
    assert terms_path().parent.parent.name == "rulebook"
    assert terms_path().exists()


def test_list_definition_cites_the_paragraph_and_shows_its_items():
    """«Медленные игродействия – это:» + items 304.2.а–в: the paragraph defines, not an item."""
    a = glossary_answer("медленных игродействий")
    assert a.citations == ["304.2"]
    assert "304.2. Медленные игродействия – это:\n  а) движение существа по полю боя" in a.text
    assert not any(t.number and is_subpoint(t.number) for t in terms())
