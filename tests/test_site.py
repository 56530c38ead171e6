"""The hyperlinked rulebook site (bot/site.py): anchors, reference links, cited-by,
escaping, offline pages, the index and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import bot.rulebook as rulebook
from bot.rulebook import Rulebook, find_refs, iter_ref_spans
from bot.site import build_site, render_edition, rule_url, segments
from tests.sitehtml import El, parse

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "data" / "site_rulebook.yaml"


@pytest.fixture(scope="module")
def fixture_rb() -> Rulebook:
    return Rulebook.load_file(FIXTURE)


@pytest.fixture(scope="module")
def page(fixture_rb) -> El:
    return parse(render_edition(fixture_rb))


def ids_of(doc: El) -> list[str]:
    return [e.attrs["id"] for e in doc.iter() if e.attrs.get("id")]


def article(doc: El, number: str) -> El:
    found = [e for e in doc.find_all("article") if e.attrs.get("id") == number]
    assert len(found) == 1, number
    return found[0]


def check_site(rb: Rulebook, doc: El) -> None:
    """The acceptance checks, for any edition: anchors unique and complete, every
    in-page link resolves, every reference in a text is a link exactly when its
    number is in the edition, every cited-by list matches the rulebook."""
    ids = ids_of(doc)
    assert len(ids) == len(set(ids)), "duplicate ids"
    id_set = set(ids)
    numbers = {c.number for c in rb.clauses}
    sections = {s.number for s in rb.sections} | {c.section for c in rb.clauses}
    assert numbers <= id_set
    articles = {a.attrs["id"]: a for a in doc.find_all("article", "clause")}
    assert list(articles) == [c.number for c in rb.clauses]
    links = [a.attrs["href"] for a in doc.find_all("a") if (a.attrs.get("href") or "").startswith("#")]
    assert links
    dangling = [h for h in links if h[1:] not in id_set]
    assert dangling == []
    for c in rb.clauses:
        art = articles[c.number]
        num = art.find_all("a", "num")
        assert [(a.attrs["href"], a.text()) for a in num] == [(f"#{c.number}", c.number)]
        linked = [a.attrs["href"][1:] for a in art.find_all("a", "ref")]
        unlinked = [s.text() for s in art.find_all("span", "ref-out")]
        for r in c.refs:
            if r in numbers:
                assert r in linked, (c.number, r)
            elif r in sections:
                assert r in linked or f"section-{r}" in linked, (c.number, r)
            else:
                assert any(t.endswith(r) for t in unlinked), (c.number, r)
        cited = [p for p in art.find_all("p", "cited")]
        expected = rb.cited_by(c.number)
        got = [a.text() for a in cited[0].find_all("a")] if cited else []
        assert got == expected, c.number


# -- the reference finder the site shares with Clause.refs ---------------------------

def test_ref_spans_cover_the_mention_and_name_the_number():
    text = "погибает (см. Эффекты правил игры, п.503); см. 209.4 и 505.4.1, (п. 302.6)."
    spans = list(iter_ref_spans(text))
    assert [text[s.start:s.end] for s in spans] == ["п.503", "см. 209.4", "505.4.1", "п. 302.6"]
    assert [s.number for s in spans] == ["503", "209.4", "505.4.1", "302.6"]
    assert find_refs(text + " снова 209.4") == ["503", "209.4", "505.4.1", "302.6"]


@given(st.lists(st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20),
    st.sampled_from(["п.503", "см. 209.4", "505.4.1", " 999.9 ", "п. 302.6"]),
), max_size=8))
def test_segments_reassemble_the_text(parts):
    text = "".join(parts)
    segs = segments(text, lambda n: f"#{n}" if n != "999.9" else None)
    assert "".join(s.text for s in segs) == text
    assert [s.ref for s in segs if s.ref] == [s.number for s in iter_ref_spans(text)]
    assert all((s.href is None) == (s.ref in (None, "999.9")) for s in segs)


# -- the edition page -------------------------------------------------------------------

def test_fixture_page_passes_the_site_checks(fixture_rb, page):
    check_site(fixture_rb, page)


def test_references_link_to_their_anchor_or_are_shown_unlinked(page):
    art = article(page, "209.5")
    refs = [(a.text(), a.attrs["href"]) for a in art.find_all("a", "ref")]
    assert refs == [("см. 209.4", "#209.4"), ("п.503", "#503"), ("505.4.1", "#505.4.1"), ("см. 302.6", "#302.6")]
    out = art.find_all("span", "ref-out")
    assert [s.text() for s in out] == ["701.2"]
    assert "нет в этой редакции" in out[0].attrs["title"]
    assert [s.text() for s in article(page, "503.1").find_all("span", "ref-out")] == ["999.9"]


def test_sections_are_anchored_and_list_who_cites_them(page):
    h3 = [e for e in page.find_all("h3") if e.attrs.get("id") == "503"]
    assert len(h3) == 1
    cited = h3[0].parent.find_all("p", "cited")[0]
    assert [a.attrs["href"] for a in cited.find_all("a")] == ["#209.5"]


def test_cited_by_lists_citing_paragraphs(page):
    cited = article(page, "209.5").find_all("p", "cited")[0]
    assert [a.attrs["href"] for a in cited.find_all("a")] == ["#210.1", "#505.4.2"]
    assert article(page, "209.6").find_all("p", "cited") == []


def test_inferred_examples_notes_and_variants_are_marked(page):
    assert article(page, "209.6").find_all("span", "inferred")
    assert not article(page, "209.5").find_all("span", "inferred")
    art = article(page, "209.5")
    examples = art.find_all("p", "example")
    assert len(examples) == 1 and examples[0].text().startswith("ПРИМЕР. Симбиот на существе")
    notes = art.find_all("p", "note")
    assert [n.text() for n in notes] == ["Обратите внимание! Симбиот погибает, а не уничтожается (см. 302.6)."]
    assert [a.attrs["href"] for a in notes[0].find_all("a", "ref")] == ["#302.6"]
    variants = art.find_all("p", "variant")
    assert len(variants) == 1 and variants[0].text().endswith("нельзя поместить на бестелесное существо.")


def test_nested_numbers_are_indented_deeper(page):
    assert "d1" in article(page, "505.4").classes
    assert "d2" in article(page, "505.4.1").classes


def test_rule_text_is_escaped(fixture_rb):
    html = render_edition(fixture_rb)
    assert "<b>жирный</b>" not in html
    assert "&lt;b&gt;жирный&lt;/b&gt; &amp; «кавычки»" in html
    assert "Текст с разметкой <b>жирный</b> & «кавычки»" in article(parse(html), "209.6").text()


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=60))
def test_any_text_survives_the_page_verbatim(text):
    rb = Rulebook.from_dict({"edition": "t", "title": "<t>", "sections": [{"number": "101", "title": "&"}],
                             "clauses": [{"number": "101.1", "text": text}]})
    doc = parse(render_edition(rb))
    p = article(doc, "101.1").find_all("p", "text")[0]
    assert p.text() == f"101.1 {text}"


def test_table_of_contents_follows_parts_and_sections(page):
    toc = [e for e in page.find_all("details") if e.attrs.get("id") == "toc"][0]
    assert [p.text() for p in toc.find_all("p", "toc-part")] == [
        "Часть 2. Типы карт", "Часть 3. Приоритет и Пас. Стек.", "Часть 5. Особенности"]
    assert [a.attrs["href"] for a in toc.find_all("a")] == ["#209", "#210", "#302", "#503", "#505", "#601"]
    # a paragraph whose section is not in the section list still gets a header
    assert [e.text() for e in page.find_all("h3") if e.attrs.get("id") == "601"] == ["601 Раздел 601"]


def test_section_number_shared_by_a_paragraph_keeps_the_bare_id_for_the_paragraph():
    rb = Rulebook.from_dict({"edition": "t", "title": "T", "sections": [{"number": "100", "title": "Общее"}],
                             "clauses": [{"number": "100", "text": "Вступление."},
                                         {"number": "100.1", "text": "См. п.100."}]})
    doc = parse(render_edition(rb))
    check_site(rb, doc)
    assert article(doc, "100").attrs["id"] == "100"
    assert [e.attrs["id"] for e in doc.find_all("h3")] == ["section-100"]
    assert [a.attrs["href"] for a in article(doc, "100.1").find_all("a", "ref")] == ["#100"]


def test_repeated_numbers_keep_ids_unique():
    rb = Rulebook.from_dict({"edition": "t", "sections": [{"number": "101", "title": "А"}, {"number": "101", "title": "А"}],
                             "clauses": [{"number": "101.1", "text": "Один."}, {"number": "101.1", "text": "Два."}]})
    doc = parse(render_edition(rb))
    assert [i for i in ids_of(doc) if i[0].isdigit()] == ["101", "101.1", "101.1~2"]
    assert [a.attrs["href"] for a in doc.find_all("a", "num")] == ["#101", "#101.1", "#101.1"]


def test_page_is_self_contained_and_phone_ready(fixture_rb):
    html = render_edition(fixture_rb)
    doc = parse(html)
    metas = {m.attrs.get("name"): m.attrs.get("content") for m in doc.find_all("meta")}
    assert "width=device-width" in metas["viewport"]
    assert not doc.find_all("link")
    assert all("src" not in s.attrs for s in doc.find_all("script"))
    assert "@import" not in html and "url(" not in html and "http://" not in html and "https://" not in html
    assert len(doc.find_all("style")) == 1 and "@media" in doc.find_all("style")[0].text()
    assert [i.attrs.get("type") for i in doc.find_all("input")] == ["search"]


# -- files, index, CLI ------------------------------------------------------------------

def test_build_site_writes_pages_and_an_index_that_accumulates(tmp_path, fixture_rb):
    other = Rulebook.from_dict({"edition": "4ed", "title": "Старые правила",
                                "clauses": [{"number": "101.1", "text": "Текст."}]})
    written = build_site(tmp_path / "site", [fixture_rb])
    assert [p.name for p in written] == ["fixture.html", "index.html"]
    build_site(tmp_path / "site", [other])
    index = parse((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))
    links = [(a.attrs["href"], a.text()) for a in index.find_all("ul", "editions")[0].find_all("a")]
    assert links == [("4ed.html", "Старые правила"), ("fixture.html", "Правила (тестовая редакция)")]
    manifest = json.loads((tmp_path / "site" / "editions.json").read_text(encoding="utf-8"))
    assert [(e["edition"], e["clauses"]) for e in manifest] == [("4ed", 1), ("fixture", 10)]


def test_edition_name_unfit_for_a_file_name_is_refused(tmp_path):
    rb = Rulebook.from_dict({"edition": "../x", "clauses": []})
    with pytest.raises(rulebook.RulebookError, match="имя редакции"):
        build_site(tmp_path, [rb])
    assert not any(tmp_path.iterdir())


def _html_all(tmp_path, monkeypatch, files: dict[str, str]) -> int:
    """``rulebook html OUT --edition all`` over a rulebook folder holding ``files``
    (name -> YAML text); the exit code."""
    from bot.cli import main

    books = tmp_path / "rulebook"
    books.mkdir()
    for name, text in files.items():
        (books / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(rulebook, "rulebook_dir", lambda: books)
    monkeypatch.setattr("bot.site.rulebook_dir", lambda: books)
    rulebook.load.cache_clear()
    try:
        return main(["rulebook", "html", str(tmp_path / "out"), "--edition", "all"])
    finally:
        rulebook.load.cache_clear()


def test_cli_builds_a_named_edition(tmp_path, monkeypatch, capsys):
    assert _html_all(tmp_path, monkeypatch, {"fixture.yaml": FIXTURE.read_text(encoding="utf-8")}) == 0
    assert (tmp_path / "out" / "fixture.html").is_file()
    assert "записано:" in capsys.readouterr().out


def test_cli_builds_every_edition_but_a_broken_one_and_names_it(tmp_path, monkeypatch, capsys):
    assert _html_all(tmp_path, monkeypatch, {"fixture.yaml": FIXTURE.read_text(encoding="utf-8"),
                                             "broken.yaml": "edition: broken\nclauses: [\n",
                                             "empty.yaml": "title: нет пунктов\n"}) == 1
    assert sorted(p.name for p in (tmp_path / "out").glob("*.html")) == ["fixture.html", "index.html"]
    out, err = capsys.readouterr()
    assert "fixture.html" in out and "broken.html" not in out
    assert "редакция «broken» не собрана" in err and "broken.yaml, строка 3" in err
    assert "редакция «empty» не собрана" in err and "нет ключа «clauses»" in err
    assert "Error" not in err and "Traceback" not in err


def test_cli_unknown_edition_is_a_russian_error(tmp_path):
    out = subprocess.run([sys.executable, "-m", "bot", "rulebook", "html", str(tmp_path / "o"), "--edition", "нетакой"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2
    assert "нет редакции «нетакой»" in out.stderr
    assert "Traceback" not in out.stderr


def test_rule_url_joins_the_edition_page_and_the_anchor(monkeypatch):
    monkeypatch.delenv("BERSERK_RULES_URL", raising=False)
    assert rule_url("209.5") is None
    assert rule_url("505.4.1", "https://example.org/rules/5ed.html#top") == "https://example.org/rules/5ed.html#505.4.1"
    monkeypatch.setenv("BERSERK_RULES_URL", "https://example.org/5ed.html")
    assert rule_url("209.5") == "https://example.org/5ed.html#209.5"


def test_cli_unwritable_folder_is_a_russian_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "bot", "rulebook", "html", str(blocker / "site")],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr == (f"berserk-judge rulebook html: ошибка: не удалось записать сайт в {blocker / 'site'}: "
                          "часть пути — файл, а не папка\n")


# -- the real edition ---------------------------------------------------------------------

def test_5ed_site_every_paragraph_anchored_every_reference_resolves(tmp_path):
    rb = rulebook.load("5ed")
    assert len(rb.clauses) > 50
    written = build_site(tmp_path, ["5ed"])
    doc = parse(written[0].read_text(encoding="utf-8"))
    check_site(rb, doc)
    assert article(doc, "209.5")
    assert article(doc, "505.4.1")
