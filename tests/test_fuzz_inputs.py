"""Hypothesis fuzzing of every input path (issue 16): ask, chat commands, parse,
explain, the scenario loader and the rulebook importer.

Over texts built from the pieces real input is made of (and arbitrary text), each path
returns its value or raises one of the project's errors (``BerserkError``, a
``ValueError``) with a Russian message — never another exception. Examples are few and
small, and each has a bound on its CPU time (not wall time), so the suite stays fast and a hang fails.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.abilities.parser import parse_answer
from bot.abilities.resolve import explain_answer, outcome_from_args
from bot.answer import Answer
from bot.chat.handlers import handle
from bot.errors import BerserkError, ScenarioError
from bot.importer import import_sources
from bot.judge import ask
from bot.pages import read_page
from bot.sim.scenario import load, run, scenario_answer
from tests.work_bounds import cpu_per_call

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,  # bounded per example by CPU_SECONDS
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CPU_SECONDS = 10
"""Each example's bound in CPU time of this process (tests/work_bounds.cpu_per_call)."""
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")

QUESTION_PIECES = ["Можно ли ", "положить ", "симбиота ", "на ", "летающее ", "существо", "?", "«", "»", '"',
                   "“", "„", "ли ", "не ", "209.5", " п. 505.4.1 ", "{tap}", ": ", "Уничтожить ваше существо",
                   " – ", "разряд на 4", ". ", ", ", "\n", "  ", "если ", "или ", "при этом ", "хозяин ",
                   "экипировку ", "атаковать ", "пас", "Х", "ё", "…", "(", ")", "!", "—", "🙂", "\u00a0", "\t"]
_PUNCT = st.text(alphabet=list(".,;:!?-–—«»\"'()[]{}…/*&%#@~|<>=+_ \n"), min_size=1, max_size=30)


def _pieces(pieces: list[str], max_size: int = 25) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=max_size).map("".join)


_TEXT = st.one_of(_pieces(QUESTION_PIECES), st.text(max_size=80), _PUNCT,
                  st.tuples(st.sampled_from(QUESTION_PIECES), st.integers(1, 3000)).map(lambda t: t[0] * t[1]))


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Load the rulebook, grammar and indexes once, so that deadlines time the input."""
    ask("Можно ли положить симбиота на летающее существо?")
    handle("/parse Ранить выбранное существо на 2")
    scenario_answer(GOOD)


def _russian_error(e: BaseException) -> None:
    assert isinstance(e, BerserkError) and isinstance(e, ValueError), type(e)
    assert _CYRILLIC.search(str(e)), str(e)
    assert "Traceback" not in str(e) and "unicode string" not in str(e)


@SETTINGS
@given(_TEXT)
@cpu_per_call(CPU_SECONDS)
def test_ask_answers_or_raises_a_russian_error(text):
    try:
        a = ask(text)
    except BerserkError as e:
        _russian_error(e)
        return
    assert isinstance(a, Answer) and a.route
    if a.verdict:
        assert a.citations, "a verdict carries paragraph numbers"


@SETTINGS
@given(_PUNCT)
@cpu_per_call(CPU_SECONDS)
def test_punctuation_alone_never_gets_a_verdict(text):
    assert ask(text).verdict is None
    for ans in handle(text).answers:
        assert ans.verdict is None


@SETTINGS
@given(st.sampled_from(["", "/rule ", "/search ", "/glossary ", "/parse ", "/explain ", "/explain --failed 1 ",
                        "/scenario ", "/scenario\n", "/start ", "/help ", "/nope "]), _TEXT)
@cpu_per_call(CPU_SECONDS)
def test_chat_message_never_raises(command, text):
    reply = handle(command + text)
    for ans in reply.answers:
        assert isinstance(ans, Answer)
        for b in ans.blocks:
            assert "Traceback" not in (b.text or "")


CARD_PIECES = ["{tap}", "{counter}", "X", ":", "; ", " – ", " - ", ", при этом ", ", либо ", " или ", "может ",
               "не ", ", в противном случае – ", "; если противник не может или не хочет этого сделать – ",
               "При гибели — ", "Когда ", "Если ", "«", "»", "(", ")", "(1 раз за ход)", ".", "\n", "ранить ",
               "существо ", "на 2", "получить фишку", "себя", "уничтожить ", "Броня 2", ",", '"', "[:tap]"]
_CARD = st.one_of(_pieces(CARD_PIECES, 30), st.text(max_size=60),
                  st.tuples(st.sampled_from(CARD_PIECES), st.integers(1, 2000)).map(lambda t: t[0] * t[1]))


@SETTINGS
@given(_CARD)
@cpu_per_call(CPU_SECONDS)
def test_parse_answers_or_raises_a_russian_error(text):
    try:
        a = parse_answer(text)
    except BerserkError as e:
        _russian_error(e)
        return
    assert isinstance(a, Answer)


@SETTINGS
@given(_CARD, st.lists(st.integers(0, 12), max_size=3), st.lists(st.integers(0, 12), max_size=2),
       st.booleans(), st.none() | st.integers(0, 9).map(lambda n: [n]),
       st.none() | st.text(alphabet="0123456789, x", max_size=6).map(lambda s: [s]), st.booleans())
@cpu_per_call(CPU_SECONDS)
def test_explain_answers_or_raises_a_russian_error(text, failed, illegal, refuse, choose, declare, no_resources):
    flags = argparse.Namespace(failed=failed, illegal=illegal, refuse=refuse, choose=choose, declare=declare,
                               no_resources=no_resources)
    try:
        a = explain_answer(text, outcome_from_args(flags))
    except BerserkError as e:
        _russian_error(e)
        return
    assert isinstance(a, Answer)


# -- scenario YAML ------------------------------------------------------------------------
GOOD = """title: t
state:
  cards:
    - {id: Воин, owner: first, cell: c2}
    - {id: Лиана, owner: first, traits: [symbiote], host: Воин}
steps:
  - die: Воин
expect:
  cards:
    Лиана: {zone: graveyard}
"""
YAML_PIECES = ["&a ", "*a", "!!int ", "!x ", "[", "]", "{", "}", ", ", ": ", "- ", "\n", "  ", "\t", "#", "'", '"',
               "---\n", "? ", "|", ">", "%YAML 1.1\n", "\\x", "9" * 30, "-1", "null", "true", "~", "host: Лиана",
               "host: Воин", "expect: {}", "cell: z9", "lives: 2", "step: 1", "die: Лиана", "\x00", "\ufeff", "é"]


@st.composite
def _mutated_scenario(draw) -> str:
    text = GOOD
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 6))
        text = text[:at] + draw(st.sampled_from(YAML_PIECES)) + text[at + cut:]
    return text


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.text(max_size=12),
                     st.sampled_from(["Воин", "Лиана", "c2", "first", "second", "symbiote", "graveyard"]))
_TREES = st.recursive(_SCALARS, lambda c: st.lists(c, max_size=4) | st.dictionaries(
    st.sampled_from(["title", "state", "cards", "steps", "expect", "id", "owner", "cell", "host", "die", "zone",
                     "traits", "step", "legal", "x"]), c, max_size=4), max_leaves=25)


def _check_scenario(text: str) -> None:
    try:
        sc = load(text, "f.yaml")
    except ScenarioError as e:
        _russian_error(e)
        assert str(e).startswith("f.yaml"), str(e)
        return
    res = run(sc)
    assert isinstance(res.passed, bool)
    assert res.passed or res.failures


@SETTINGS
@given(_mutated_scenario())
@cpu_per_call(CPU_SECONDS)
def test_mutated_scenario_loads_runs_or_is_refused_in_russian(text):
    _check_scenario(text)


@SETTINGS
@given(_TREES)
@cpu_per_call(CPU_SECONDS)
def test_arbitrary_yaml_tree_loads_or_is_refused_in_russian(tree):
    _check_scenario(yaml.safe_dump(tree, allow_unicode=True))


@SETTINGS
@given(st.text(max_size=200))
@cpu_per_call(CPU_SECONDS)
def test_arbitrary_text_as_scenario_is_refused_in_russian(text):
    _check_scenario(text)
    a = scenario_answer(text)
    assert isinstance(a, Answer)


# -- rulebook importer --------------------------------------------------------------------
PAGE_PIECES = ["209. Симбиоты\n", "209.1. ", "209.2.", "209.1.а ", "1.2.а ", "Симбиот кладётся на существо. ",
               "(см. 209.5)", "\n", "\n\n", "<html>", "<ol>", "<li>", "</li>", "</ol>", "<p>", "</p>", "<h2>",
               "</h2>", "<br>", "&nbsp;", "&amp;", "<script>x</script>", "«", "»", "•", "— ", "505.4.1 ",
               "Раздел 3. ", "</html>", "<!--", "-->", "\ufeff", "999.999.999. "]


@SETTINGS
@given(_pieces(PAGE_PIECES, 40).map(str.encode) | st.binary(max_size=200))
@cpu_per_call(CPU_SECONDS)
def test_page_reader_reads_or_raises_a_russian_error(raw):
    try:
        items, orphans = read_page(raw, "p.txt")
    except BerserkError as e:
        _russian_error(e)
        return
    assert isinstance(items, list) and isinstance(orphans, list)


@SETTINGS
@given(st.lists(_pieces(PAGE_PIECES, 40), min_size=1, max_size=3))
@cpu_per_call(CPU_SECONDS)
def test_import_builds_an_edition_or_raises_a_russian_error(tmp_path_factory, pages):
    folder: Path = tmp_path_factory.mktemp("pages")
    for i, text in enumerate(pages):
        (folder / f"{i}.html").write_text(text, encoding="utf-8")
    try:
        data, report = import_sources([folder], "fuzz")
    except BerserkError as e:
        _russian_error(e)
        return
    assert data["edition"] == "fuzz" and data["clauses"]


# -- structured scenarios: loadable files whose steps the simulator must survive ----------
_IDS = ["А", "Б", "В", "Г"]
_CELLS = [f"{c}{r}" for c in "abcde" for r in range(1, 7)]


@st.composite
def _scenario_tree(draw) -> dict:
    from bot.sim.actions import ACTIONS
    from bot.sim.scenario import PHASES, STEP_OPS
    from bot.sim.state import KINDS, PLAYERS, TRAITS, ZONES

    ids = _IDS[:draw(st.integers(1, len(_IDS)))]
    cells = draw(st.lists(st.sampled_from(_CELLS), min_size=len(ids), max_size=len(ids), unique=True))
    cards = []
    for i, cid in enumerate(ids):
        card = {"id": cid, "owner": draw(st.sampled_from(PLAYERS)), "cell": cells[i]}
        if draw(st.booleans()):
            card["kind"] = draw(st.sampled_from(KINDS))
        if draw(st.booleans()):
            card["traits"] = draw(st.lists(st.sampled_from(TRAITS), max_size=2, unique=True))
        if draw(st.integers(0, 3)) == 0:
            card["host"] = draw(st.sampled_from(ids))
            del card["cell"]
        if draw(st.integers(0, 3)) == 0:
            card["zone"] = draw(st.sampled_from(ZONES))
        for key in ("lives", "wounds", "movement"):
            if draw(st.integers(0, 4)) == 0:
                card[key] = draw(st.integers(0, 5))
        if draw(st.booleans()):
            card["open"] = draw(st.booleans())
        cards.append(card)
    ref = st.sampled_from(ids)
    player = st.sampled_from(PLAYERS)
    makers = {
        "die": ref, "leave": ref, "open": ref, "close": ref, "act": ref, "redirect": ref, "defend": ref,
        "gain": st.fixed_dictionaries({"card": ref, "trait": st.sampled_from(TRAITS + ("creature", "artifact"))}),
        "lose": st.fixed_dictionaries({"card": ref, "trait": st.sampled_from(TRAITS + ("creature",))}),
        "place": st.fixed_dictionaries({"card": ref, "on": ref}),
        "wound": st.fixed_dictionaries({"card": ref, "n": st.integers(0, 4)}),
        "start_turn": player, "end_turn": player, "pass": player,
        "put": st.fixed_dictionaries({"card": ref, "to": st.sampled_from(_CELLS)}),
        "declare": st.fixed_dictionaries({"player": player, "kind": st.sampled_from(list(ACTIONS))},
                                         optional={"card": ref, "to": st.sampled_from(_CELLS), "target": ref}),
        "set_class": st.fixed_dictionaries({"card": ref, "class": st.sampled_from(["воин", None])}),
        "main_phase": st.none(),
    }
    ops = [op for op in makers if op in STEP_OPS]
    steps = [{op: draw(makers[op])} for op in draw(st.lists(st.sampled_from(ops), min_size=1, max_size=5))]
    state = {"cards": cards}
    if draw(st.booleans()):
        state["phase"] = draw(st.sampled_from(PHASES))
    return {"title": "т", "state": state, "steps": steps,
            "expect": {"steps": [{"step": 1, "legal": draw(st.booleans())}], "unchanged": draw(st.booleans())}}


@SETTINGS
@given(_scenario_tree())
@cpu_per_call(CPU_SECONDS)
def test_structured_scenario_runs_or_is_refused_in_russian(tree):
    text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
    _check_scenario(text)
    assert isinstance(scenario_answer(text), Answer)


# -- card files (cards import) --------------------------------------------------------------
CARD_FILE_PIECES = ['[', ']', '{', '}', '"name": "Воин"', '"text": "Ранить на 2"', '"desc": "[:tap]: x"', '"type": 0',
                    '"life": ', "9" * 40, "-1", "null", "true", ", ", ": ", '"', "\n", "name;type;text\n",
                    "Воин;существо;Ранить на 2\n", ";", ",", "\t", "\\", "\\u12", "NaN", "1e999", "\ufeff", "é"]


@SETTINGS
@given(_pieces(CARD_FILE_PIECES, 30).map(str.encode) | st.binary(max_size=120),
       st.sampled_from(["auto", "nxt", "classic", "csv"]), st.sampled_from(["cards.json", "cards.csv"]))
@cpu_per_call(CPU_SECONDS)
def test_card_file_reads_or_raises_a_russian_error(tmp_path_factory, raw, fmt, name):
    from bot.cards.formats import read_file

    f = tmp_path_factory.mktemp("cards") / name
    f.write_bytes(raw)
    try:
        rows = read_file(str(f), fmt)
    except BerserkError as e:
        _russian_error(e)
        assert not re.search(r"Expecting|Unterminated|field larger|line contains|unexpected end", str(e)), str(e)
        return
    for row in rows.rows:
        assert (row.fields is None) != (row.error is None)
        if row.error is not None:
            assert _CYRILLIC.search(row.error), row.error


_JSON_VALUE = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
                           | st.text(max_size=12) | st.sampled_from(["Существо", "1", "0", "Орк", "Ранить на 2", "[:tap]"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                           max_leaves=6)
_CARD_KEYS = ["name", "type", "text", "desc", "id", "proto", "set_id", "series", "number", "class", "classes", "color", "race",
              "cost", "crystalCount", "life", "health", "move", "steps", "hit", "kick", "icons", "elite", "uniq", "fly",
              "abilities", "crystal", "case", "typeEquipment"]


@SETTINGS
@given(st.lists(st.dictionaries(st.sampled_from(_CARD_KEYS), _JSON_VALUE, max_size=8), min_size=1, max_size=3),
       st.sampled_from(["nxt", "classic"]))
@cpu_per_call(CPU_SECONDS)
def test_card_json_of_any_field_types_is_read_row_by_row_or_refused_in_russian(tmp_path_factory, cards, fmt):
    """A JSON card list whose fields hold any JSON value (a list as the type, an object as
    the name): each row becomes a card or is rejected with a Russian reason, never a crash."""
    import json

    from bot.cards.formats import read_file

    f = tmp_path_factory.mktemp("cards") / "cards.json"
    f.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    try:
        rows = read_file(str(f), fmt)
    except BerserkError as e:
        _russian_error(e)
        return
    for row in rows.rows:
        assert (row.fields is None) != (row.error is None)
        if row.error is not None:
            assert _CYRILLIC.search(row.error), row.error
