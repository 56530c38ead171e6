"""The ``ability`` route: question words -> Outcome, connective questions, card-text
questions (the eval questions of tests/data/questions.yaml through bot.judge.ask),
and the ``explain`` CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from bot.abilities import route
from bot.abilities.outcome_words import quotes, read, sentences
from bot.abilities.resolve import Part

DATA = Path(__file__).parent / "data"
QUESTIONS = yaml.safe_load((DATA / "questions.yaml").read_text(encoding="utf-8"))


# --- question words -> Outcome ------------------------------------------------

EXTRA = [Part(1, "Снять с вашего существа Х дополнительных жизней"), Part(2, "излечить выбранное существо на Х")]
DESTROY = [Part(1, "Уничтожить ваше существо"), Part(2, "разряд на 4")]
OPEN_MOVE = [Part(1, "открыться"), Part(2, "переместиться на соседнюю клетку")]


def test_quotes_keep_nested_guillemets_and_straight_quotes():
    q = 'Карта: «{tap}: Воздействие «удар молнии» – разряд на 2». И ещё "Разряд на 1"?'
    assert [t for _, _, t in quotes(q)] == ["{tap}: Воздействие «удар молнии» – разряд на 2", "Разряд на 1"]
    assert sentences("Текст «A. B». Существо погибло. Что будет?") == ["Текст ⟪Q⟫.", "Существо погибло.",
                                                                        "Что будет?"]


def test_a_message_of_thousands_of_quotes_parses_only_the_first_few_as_card_text(monkeypatch):
    """«а» written 5,000 times was parsed 10,000 times (about 2 s); a judge quotes a card or two."""
    from bot.abilities.outcome_words import MAX_CARD_QUOTES
    from bot.judge import ask

    calls = []
    real = route.parse_card
    monkeypatch.setattr(route, "parse_card", lambda text: calls.append(text) or real(text))
    q = "«а» " * 4999 + "?"
    assert ask(q).verdict is None
    assert 0 < len(calls) <= 2 * MAX_CARD_QUOTES
    assert sentences("Карта «а; б». Будет ли «в»? Да.") == ["Карта ⟪Q⟫.", "Будет ли ⟪Q⟫?", "Да."]


@pytest.mark.parametrize("q, parts, kw, field, value, asked", [
    ("«…». Существо не уничтожилось. Будет ли разряд?", DESTROY, {}, "failed", {1}, [2]),
    ("«…». Не удалось снять с существа дополнительные жизни. Сработает ли излечение?", EXTRA, {}, "failed", {1}, [2]),
    ("«…». Противник отказался. Что будет?", DESTROY, {"refusable_first": [1]}, "refuse", True, []),
    ("«…». Противник не хочет терять кристаллы. Что дальше?", DESTROY, {"refusable_first": [1]}, "refuse", True, []),
    ("«…». Ресурсов не хватает. Что будет?", DESTROY, {}, "no_resources", True, []),
    ("«…». Игрок выбрал второе. Что будет?", DESTROY, {"choices": [[1, 2]]}, "choose", 2, []),
    ("«…». Первую способность нельзя объявить. Что будет?", DESTROY, {}, "illegal", {1}, []),
    ("«…». Игрок объявил только перемещение. Что будет?", OPEN_MOVE, {"optional_items": [[[1], [2]]]},
     "declare", {2}, []),
])
def test_reading_maps_words_to_outcome(q, parts, kw, field, value, asked):
    r = read(q, parts, **kw)
    got = getattr(r.outcome, field)
    assert (set(got) if isinstance(got, frozenset) else got) == value
    assert r.asked == asked
    assert not r.not_understood


def test_reading_lists_sentences_it_cannot_map():
    r = read("«…». Луна была полной. Будет ли разряд?", DESTROY)
    assert r.not_understood == ["Луна была полной"]
    assert r.outcome.describe() == []
    r = read("«…». Существо не уничтожилось, а противник доволен. Будет ли разряд?", DESTROY)
    assert r.outcome.failed == {1} and r.not_understood == ["противник доволен"]


# --- connective questions (generic structures) ---------------------------------

@pytest.mark.parametrize("q, cite, word", [
    ("Кто выбирает, какую способность применить, если на карте написано «или»?", "505.5", "контролирующий игрок"),
    ("Что значит «в противном случае» в тексте особенности?", "505.6", "нелегально"),
    ("Как работает запись «способность 1; способность 2» на карте?", "505.4.1", "только если выполнена"),
    ("Что означает запись «способность 1 – способность 2»?", "505.4.2", "только если выполнена"),
    ("Противник не хочет получать эффект первой способности. Что тогда?", "505.7", "часть 2"),
    ("Когда оплачивается составная особенность?", "505.4", "после того, как игрок пройдёт все способности"),
    ("Что будет, если на карте «уничтожить себя, при этом …», а ресурсов не хватает?", "505.9", "505.9"),
])
def test_connective_questions(q, cite, word):
    a = route.answer(q, "5ed")
    assert a is not None and a.route == "ability"
    assert a.citations[0] == cite
    assert word in a.verdict.lower() or word in a.verdict


def test_refusal_question_resolves_refusal_step_by_step():
    a = route.answer("Противник не хочет получать эффект первой способности. Что тогда?", "5ed")
    steps = [b for b in a.blocks if b.kind == "steps"][0].items
    assert "Часть 1" in steps[0] and "не выполнено" in steps[0] and "505.7" in steps[0]
    assert "Часть 2" in steps[1] and "— выполнено" in steps[1] and "505.7" in steps[1]


def test_connective_explanation_shows_both_ways():
    a = route.answer("Что значит «в противном случае» в тексте особенности?", "5ed")
    titles = [b.title for b in a.blocks if b.kind == "steps"]
    assert titles == ["Разрешение:", "Если часть 1 объявить нелегально:"]


def test_optional_obligation_generic_is_no():
    g = route.GENERICS["optional"]
    a = route.resolve_question("Обязательно делать обе части?", route.generic_node(g), "5ed", generic=g)
    assert a.verdict.startswith("Нет") and a.citations[0] == "505.8"


def test_and_then_obligation_generic_is_yes():
    g = route.GENERICS["and_then"]
    a = route.resolve_question("Обязательно объявлять обе способности?", route.generic_node(g), "5ed", generic=g)
    assert a.verdict.startswith("Да") and a.citations[0] == "505.4"


@pytest.mark.parametrize("q", [
    "Я отказался от особенности «в начале боя». Можно сыграть её позже?",
    "Если карта «помещается» на клетку, это перемещение?",
    "Может ли второй игрок не вскрывать карты третьего ряда?",
    "Можно ли положить симбиота на летающее существо?",
])
def test_not_this_route(q):
    assert route.answer(q, "5ed") is None


# --- card-text questions (need the grammar) --------------------------------------

OURS = [c for c in QUESTIONS if any(x.startswith("505") for x in c["cites"])]


@pytest.mark.parametrize("case", OURS, ids=[c["q"][:40] for c in OURS])
def test_eval_questions_through_judge_ask(case):
    from bot.judge import ask

    a = ask(case["q"])
    assert a.route == "ability"
    assert a.citations and a.citations[0] in case["cites"]
    if "verdict" in case:
        words = case["verdict"] if isinstance(case["verdict"], list) else [case["verdict"]]
        assert any(w.lower() in a.verdict.lower() for w in words)
        if case["verdict"] in ("да", "нет"):
            assert a.verdict.lower().startswith(case["verdict"])


CARD_TEXT_BOTH_WAYS = [
    ("Карта: «Снять с вашего существа Х дополнительных жизней, при этом излечить выбранное существо на Х». "
     "Не удалось снять дополнительные жизни. Сработает ли излечение?", "Нет", "505.4"),
    ("Карта: «Снять с вашего существа Х дополнительных жизней, при этом излечить выбранное существо на Х». "
     "Дополнительные жизни сняты. Сработает ли излечение?", "Да", "505.4"),
    ("У карты способность «Уничтожить ваше существо – разряд на 4». Существо уничтожено. Будет ли разряд?",
     "Да", "505.4.2"),
    ("«В начале хода противника может открыться и переместиться на соседнюю клетку». "
     "Обязательно открываться, если хочу переместиться?", "Нет", "505.8"),
    ("«Противник теряет 2 кристалла; если противник не может или не хочет этого сделать – ранить выбранное "
     "существо противника на 3». Противник отказался. Будет ли ранение?", "Да", "505.7"),
    ("«Противник теряет 2 кристалла; если противник не может или не хочет этого сделать – ранить выбранное "
     "существо противника на 3». Противник потерял кристаллы. Будет ли ранение?", "Нет", "505.7"),
    ("«Переместить выбранное существо противника на соседнюю клетку, в противном случае – ранить его на 2». "
     "Переместить нельзя объявить. Будет ли ранение?", "Да", "505.6"),
    ("«Излечить ваше существо на 2 или ранить существо противника на 1». Игрок выбрал второе. "
     "Будет ли излечение?", "Нет", "505.5"),
    ("«Уничтожить себя, при этом ранить выбранное существо на 3». Ресурсов не хватает. "
     "Будет ли ранение?", "Да", "505.9"),
]


def test_unmapped_words_listed_with_search_beside():
    a = route.answer("У карты способность «Уничтожить ваше существо – разряд на 4». Луна была полной. "
                     "Будет ли разряд?", "5ed")
    notes = [b.text for b in a.blocks if b.kind == "note"]
    assert any("Не понял" in n and "Луна была полной" in n for n in notes)
    # issue 11 honesty gate: a told circumstance nothing read withholds the verdict; the would-be one is shown
    assert a.verdict is None
    assert a.blocks[0].text.startswith("Вердикт не даю") and "«Луна была полной»" in a.blocks[0].text
    assert "Да: часть 2" in a.blocks[0].text


def test_a_stated_opposite_state_makes_the_part_performable():
    a = route.answer("Карта «Закрыть ваше существо – излечить выбранное существо на 3». Моё существо открыто. "
                     "Лечение будет?", "5ed")
    assert a.verdict.startswith("Да") and a.citations[0] == "505.4.2"
    assert any("объявить можно" in u for u in a.trace)


def test_outcome_not_fitting_text_is_reported():
    a = route.answer("У карты способность «Уничтожить ваше существо – разряд на 4». Противник отказался. "
                     "Что будет?", "5ed")
    assert a is not None
    assert any("505.7" in b.text for b in a.blocks if b.kind == "note")


# --- the explain CLI ------------------------------------------------------------

def test_cli_explain_json(capsys):
    from bot.cli import main

    assert main(["explain", "Уничтожить ваше существо – разряд на 4", "--failed", "1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [(s["part"], s["done"], s["rule"]) for s in d["steps"]] == [(1, False, "505.4.2"), (2, False, "505.4.2")]
    assert d["citations"][0] == "505.4.2"


def test_cli_explain_plain_numbers_parts(capsys):
    from bot.cli import main

    assert main(["explain", "В начале хода противника может открыться и переместиться на соседнюю клетку",
                 "--declare", "2"]) == 0
    out = capsys.readouterr().out
    assert "1. открыться" in out and "не объявлено" in out and "505.8" in out


@pytest.mark.parametrize("argv, words", [
    (["--refuse"], "505.7"),
    (["--choose", "1"], "505.5"),
    (["--failed", "7"], "такой части нет"),
    (["--declare", "1,x"], "через запятую"),
])
def test_cli_explain_bad_flags_exit_2(capsys, argv, words):
    from bot.cli import main

    assert main(["explain", "Уничтожить ваше существо – разряд на 4", *argv]) == 2
    err = capsys.readouterr().err
    assert "ошибка" in err and words in err


# --- more question forms ----------------------------------------------------------

def test_condition_clause_inside_the_question_sets_the_outcome():
    r = read("Будет ли разряд, если существо не уничтожилось?", DESTROY)
    assert r.outcome.failed == {1} and r.asked == [2]
    r = read("Если способность 1 нелегальна, а написано «в противном случае», что делать?", DESTROY)
    assert r.outcome.illegal == {1} and r.asked == []


def test_generic_otherwise_with_illegal_first_in_condition_505_6():
    a = route.answer("Если способность 1 нелегальна, а написано «в противном случае», что делать?", "5ed")
    assert a.citations[0] == "505.6"
    assert "часть 2 «[способность 2]» выполняется" in a.verdict


def test_refusable_cannot_means_second_is_declared_505_7():
    r = read("«…». У противника нет кристаллов. Что будет?",
             [Part(1, "Противник теряет 2 кристалла"), Part(2, "ранить выбранное существо противника на 3")],
             refusable_first=[1])
    assert r.outcome.failed == {1}


MORE_CARD_TEXT_FORMS = [
    ("Может ли игрок применить обе способности «Излечить ваше существо на 2 или ранить существо противника на 1»?",
     "Нет", "505.5"),
    ("Можно ли сделать обе части «может открыться и переместиться на соседнюю клетку»?", "Да", "505.8"),
    ("Карта «{tap}: Уничтожить ваше существо – разряд на 4». Когда закрывается карта?", "Оплата происходит после",
     "505.4"),
    ("Будет ли разряд, если существо не уничтожилось: «Уничтожить ваше существо – разряд на 4»?", "Нет", "505.4.2"),
    ("«Противник теряет 2 кристалла; если противник не может или не хочет этого сделать – ранить выбранное "
     "существо противника на 3». У противника нет кристаллов. Будет ли ранение?", "Да", "505.7"),
]


NESTED_AND_NAMED_CARD_TEXTS = [
    ("«Излечить ваше существо на 3 или получить фишку; противник получает фишку». Выбрал получить фишку. "
     "Получит ли противник фишку?", "Да: часть 3", "505.4.1"),
    ("«Излечить ваше существо на 3 или получить фишку; противник получает фишку». Излечить не удалось. "
     "Получит ли противник фишку?", "Нет: часть 3", "505.4.1"),
    ("«{tap}: Заклинание «каменная кожа» — выбранное существо получает броню 2 до конца хода, в противном случае — "
     "получить фишку». Броню дать нельзя. Что будет?", "Часть 1", "505.6"),
    ("«Снять с вашего существа Х дополнительных жизней, при этом излечить выбранное существо на Х» — если у существа "
     "нет дополнительных жизней, будет ли излечение?", "Нет", "505.4"),
    ("«В начале хода противника может открыться и переместиться на соседнюю клетку». Игрок не стал открываться. "
     "Переместится ли существо?", "Да", "505.8"),
    ("«В начале хода противника может открыться и переместиться на соседнюю клетку». Игрок решил только открыться. "
     "Будет ли перемещение?", "Нет", "505.8"),
]


def test_failed_option_counts_as_chosen_505_5():
    from bot.abilities.resolve import Outcome, explain
    from tests.ast_build import build

    t = "Излечить ваше существо на 2 или ранить существо противника на 1"
    node = build(t, ("choice", "505.5", ["Излечить ваше существо на 2", "ранить существо противника на 1"]))
    e = explain(node, Outcome(failed={2}))
    assert [(s.part, s.status) for s in e.steps if s.part] == [(1, "not_declared"), (2, "failed")]


SUPPOSED_OUTCOME_QUESTIONS = [
    ("Может ли противник отказаться от эффекта первой способности?", "Да", "505.7"),
    ("Обязан ли игрок объявлять вторую способность, если написано «в противном случае»?", "Нет", "505.6"),
    ("Обязан ли игрок объявлять вторую способность, если первую объявить нелегально, а на карте "
     "«в противном случае»?", "Да", "505.6"),
    ("Что происходит, если первую часть составной особенности выполнить не удалось?", "Часть 1", "505.4"),
]


CARD_TEXT_SUPPOSED_OUTCOME = [
    ("«Уничтожить ваше существо – разряд на 4». Можно ли сделать разряд, не уничтожая существо?", "Нет", "505.4.2"),
    ("«Излечить ваше существо на 2 или ранить существо противника на 1». Может ли противник отказаться?",
     "Нет", "505.7"),
    ("«Излечить ваше существо на 2 или ранить существо противника на 1». Может ли игрок выбрать второе?",
     "Да", "505.5"),
]


CONNECTIVE_PHRASINGS = [
    ("Если в способности написано «или», может ли игрок применить обе?", "Нет", "505.5"),
    ("Что значит тире между способностями?", "Запись", "505.4.2"),
    ("Что значит точка с запятой в тексте способности?", "Запись", "505.4.1"),
    ("Как понимать «при этом» в тексте карты?", "Следующая способность", "505.4"),
    ("В каком порядке выполняются способности составной особенности?", "Следующая способность", "505.4"),
    ("Если противник не может выполнить первую способность, что будет?", "Часть 1", "505.7"),
]


@pytest.mark.parametrize("q, start, cite", CARD_TEXT_BOTH_WAYS + MORE_CARD_TEXT_FORMS + NESTED_AND_NAMED_CARD_TEXTS
                         + SUPPOSED_OUTCOME_QUESTIONS + CARD_TEXT_SUPPOSED_OUTCOME + CONNECTIVE_PHRASINGS)
def test_verdict_opening_and_first_citation(q, start, cite):
    """Card texts (an outcome stated both ways, more question forms, nested and named
    texts), questions that suppose an outcome, connective phrasings: the verdict opens
    with ``start`` and the deciding paragraph ``cite`` is cited first."""
    a = route.answer(q, "5ed")
    assert a is not None
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == cite


# --- comparing two notations of a connective (505.4.1, 505.4.2, 505.5) ---------

NOTATION_COMPARISONS = [
    # «;» is fully equivalent to «при этом» (505.4.1): no difference
    ("Есть ли разница между записью «А; Б» и «А, при этом Б»?", "Нет, разницы нет", "505.4.1"),
    # «–» likewise (505.4.2)
    ("Отличается ли запись «А – Б» от «А, при этом Б»?", "Нет, разницы нет", "505.4.2"),
    # «или» and «либо» are both the choice of 505.5
    ("Есть ли разница между «X или Y» и «X, либо Y»?", "Нет, разницы нет", "505.5"),
    ("«А; Б» и «А, при этом Б» — это одно и то же?", "Да:", "505.4.1"),
    ("Равносильны ли «или» и «либо» в тексте способности?", "Да:", "505.5"),
    ("Есть ли разница между точкой с запятой и тире в тексте карты?", "Нет, разницы нет", "505.4.1"),
    # different connectives do differ
    ("Есть ли разница между «А или Б» и «А, при этом Б»?", "Да, разница есть", "505.5"),
    ("Одно и то же ли «А; Б» и «А, в противном случае – Б»?", "Нет:", "505.4.1"),
]


@pytest.mark.parametrize("q, start, cite", NOTATION_COMPARISONS)
def test_notation_comparison_answers_yes_no_from_resolution(q, start, cite):
    """Two notations are compared by the connective each resolves as: equivalent ones
    give «Нет, разницы нет» / «Да» with the equivalence paragraph cited first."""
    from bot.judge import ask

    a = ask(q, "5ed")
    assert a.route == "ability"
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == cite
    assert "Текст:" not in " ".join(b.title or "" for b in a.blocks)  # letters are no card text


@pytest.mark.parametrize("text, expected", [
    ("А; Б", True), ("А, при этом Б", True), ("А – Б", True), ("X или Y", True), ("может А и Б", True),
    ("Ранить на X", False), ("Б", False), ("ранить на 1; ранить на 2", False),
])
def test_letters_for_parts_make_a_template(text, expected):
    assert route.is_template(text) is expected
    assert (route.parse_card(text) is None) or not expected


def test_notation_of_maps_notations_to_connectives():
    assert route.notation_of("А; Б").rule == "505.4.1"
    assert route.notation_of("[способность 1] – [способность 2]").rule == "505.4.2"
    assert route.notation_of("либо").rule == route.notation_of("А или Б").rule == "505.5"
    assert route.notation_of("ранить на 1; ранить на 2") is None  # card text is not a notation


def test_comparison_needs_two_notations():
    assert route.compare_answer("Есть ли разница, когда пишут «А; Б»?", "5ed") is None
    assert route.compare_answer("Как работает «А; Б»?", "5ed") is None


@pytest.mark.parametrize("q, start, cite", [
    ("Есть ли разница между «Ранить на 1; разряд на 2» и «Ранить на 1, при этом разряд на 2»?",
     "Нет, разницы нет", "505.4.1"),
    ("Есть ли разница между «Ранить на 1; разряд на 2» и «Ранить на 1, при этом разряд на 3»?",
     "Да, разница есть: связка одна и та же", "505.4.1"),
    ("Есть ли разница между «Ранить на 1 или разряд на 2» и «Ранить на 1, при этом разряд на 2»?",
     "Да, разница есть", "505.5"),
])
def test_card_texts_compare_by_connective_and_parts(q, start, cite):
    """Two quoted card texts are equivalent when their connectives resolve alike and
    their parts are the same."""
    a = route.answer(q, "5ed")
    assert a is not None and a.verdict.startswith(start), a and a.verdict
    assert a.citations[0] == cite


# --- issue 11: the described board decides which parts can be declared (505.4–505.9)
def test_all_neighbour_cells_occupied_makes_a_relocation_part_illegal():
    a = route.answer("«Переместить выбранное существо на соседнюю клетку – разряд на 1 по нему». "
                     "Вокруг выбранного существа все соседние клетки заняты. Разряд будет?", "5ed")
    assert a.verdict.startswith("Нет") and "507.2" in a.citations


def test_every_candidate_already_in_the_state_makes_the_part_impossible():
    a = route.answer("«Закрыть выбранное открытое существо противника; если противник не может или не хочет "
                     "этого сделать – получить фишку». У противника все существа уже закрыты. Фишку получу?", "5ed")
    assert a.verdict.startswith("Да") and a.citations[0] == "505.7"


def test_an_argument_clause_naming_no_part_withholds_the_verdict():
    a = route.answer("«Уничтожить эту карту, при этом получить фишку». Карта же себя уничтожила, луна же полная. "
                     "Фишка будет?", "5ed")
    assert a.verdict is None and "«луна же полная»" in a.blocks[0].text


@pytest.mark.parametrize("q, verdict", [
    # 505.5: «контролирующий игрок использует одну из этих способностей на свой выбор»
    ("«Нанесите выбранному существу 2 раны или излечите его». Противник выбрал излечить. Он так может?",
     "Нет, выбирает контролирующий игрок"),
    ("«Нанесите выбранному существу 2 раны, либо излечите его». Соперник выбрал излечить. Так можно?",
     "Нет, выбирает контролирующий игрок"),
    ("«Нанесите выбранному существу 2 раны или излечите его». Я выбрал излечить. Я так могу?", "Да"),
])
def test_who_chose_an_option_is_checked_against_505_5(q, verdict):
    a = route.answer(q, "5ed")
    assert a.verdict.startswith(verdict), a.verdict
    assert a.citations[0] == "505.5"
