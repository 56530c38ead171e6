"""Card-text questions in the style of the held-out evaluation (tests/data/holdout_ability.yaml)
and the reading pieces behind them: yes/no questions without «ли», statements that open the
question sentence, facts that make a part impossible (507.2), the failed verb's own part,
«только X, без Y» under «может» (505.8), who chooses (505.5)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.abilities import route
from bot.abilities.outcome_words import match_parts, read, split_statements
from bot.abilities.resolve import Part

CASES = yaml.safe_load((Path(__file__).parent / "data" / "holdout_ability.yaml").read_text(encoding="utf-8"))

WOUND_TOKEN = [Part(1, "Ранить выбранное существо на 2"), Part(2, "получить фишку")]
OPEN_MOVE = [Part(1, "открыться"), Part(2, "переместиться на соседнюю клетку")]
MOVE_WOUND = [Part(1, "Переместить выбранное существо противника на соседнюю клетку"), Part(2, "ранить его на 2")]
CLOSE_HEAL = [Part(1, "Закрыть ваше существо"), Part(2, "излечить выбранное существо на 3")]
EXTRA = [Part(1, "Снять с вашего существа 2 дополнительных жизни"), Part(2, "излечить выбранное существо на 2")]


@pytest.mark.parametrize("case", CASES, ids=[c["q"][-50:] for c in CASES])
def test_holdout_style_questions(case):
    from bot.judge import ask

    a = ask(case["q"])
    assert a.route == "ability"
    if "start" in case:
        assert a.verdict.startswith(case["start"]), a.verdict
    for words in case.get("has", []):
        assert words in a.verdict, a.verdict
    assert a.citations[0] == case["cite"], a.citations
    for c in case.get("also", []):
        assert c in a.citations[:3], a.citations


@pytest.mark.parametrize("sentence, lead, main", [
    ("Карта уничтожила себя — ранение будет?", ["Карта уничтожила себя"], "ранение будет?"),
    ("Ранить не удалось, фишку получу?", ["Ранить не удалось"], "фишку получу?"),
    ("Существо не уничтожилось, что будет?", ["Существо не уничтожилось"], "что будет?"),
    ("Может ли противник выбрать, что я сделаю?", [], "Может ли противник выбрать, что я сделаю?"),
    ("Противник решает, какую часть я применю?", [], "Противник решает, какую часть я применю?"),
    ("Обязательно открываться, если хочу переместиться?", [], "Обязательно открываться, если хочу переместиться?"),
    ("Что будет, если ресурсов нет?", [], "Что будет, если ресурсов нет?"),
])
def test_statements_opening_a_question_sentence(sentence, lead, main):
    assert split_statements(sentence) == (lead, main)


@pytest.mark.parametrize("said, part", [
    ("Ранить не получилось", 1),
    ("Ранение не прошло", 1),
    ("Не удалось ранить", 1),
    ("Фишку я получу", 2),
    ("Фишка не получилась", 2),
])
def test_failure_verbs_name_no_part(said, part):
    assert match_parts(said, WOUND_TOKEN)[:1] == [part]


def test_failed_verb_fails_its_own_part_and_the_question_asks_the_other():
    r = read("«…». Ранить не получилось. Фишку я получу?", WOUND_TOKEN)
    assert r.outcome.failed == {1} and r.asked == [2]


@pytest.mark.parametrize("said", ["Дополнительных жизней не было.", "У существа нет дополнительных жизней.",
                                  "Дополнительные жизни отсутствуют."])
def test_missing_object_fails_its_part_505_4(said):
    r = read(f"«…». {said} Будет ли излечение?", EXTRA)
    assert r.outcome.failed == {1} and r.asked == [2] and not r.not_understood


@pytest.mark.parametrize("said", ["Все соседние клетки заняты.", "Свободных клеток рядом нет.", "Переместить некуда.",
                                  "Нет свободных клеток вокруг."])
def test_occupied_cells_make_relocation_illegal_507_2(said):
    r = read(f"«…». {said} Что будет?", MOVE_WOUND)
    assert r.outcome.illegal == {1}
    assert [(f.part, f.rule) for f in r.facts] == [(1, "507.2")]


def test_occupied_cells_do_not_block_a_text_without_relocation():
    r = read("«…». Все соседние клетки заняты. Что будет?", WOUND_TOKEN)
    assert r.outcome.illegal == set() and r.facts == []


@pytest.mark.parametrize("said, illegal", [
    ("Моё существо уже закрыто.", {1}),
    ("Существо уже было закрыто.", {1}),
    ("Существо ещё не закрыто.", set()),
])
def test_state_already_there_blocks_the_verb_that_makes_it(said, illegal):
    r = read(f"«…». {said} Лечение будет?", CLOSE_HEAL)
    assert set(r.outcome.illegal) == illegal
    assert r.asked == [2]


@pytest.mark.parametrize("q, declared, asked", [
    ("«…». Хочу только открыться, без перемещения. Можно?", {1}, []),
    ("«…». Открыться без перемещения можно?", {1}, []),
    ("«…». Можно ли открыться, но не перемещаться?", {1}, []),
    ("«…». Хочу только переместиться. Можно?", {2}, []),
    ("«…». Игрок решил только открыться. Будет ли перемещение?", {1}, [2]),
])
def test_only_x_without_y_declares_x_505_8(q, declared, asked):
    r = read(q, OPEN_MOVE, optional_items=[[[1], [2]]])
    assert r.outcome.declare == declared
    assert r.asked == asked


@pytest.mark.parametrize("q, yes", [
    ("фишку я получу", True),
    ("лечение будет", True),
    ("можно", True),
    ("противник решает, какую часть я применю", True),
    ("может ли противник выбрать, что я сделаю", True),
    ("что будет", False),
    ("что будет, если ресурсов нет", False),
    ("кто выбирает", False),
    ("если противник отказался, что будет", False),
])
def test_yes_no_question_detection(q, yes):
    assert route.is_yes_no(q) is yes


@pytest.mark.parametrize("q, start", [
    ("Может ли противник выбрать, что я сделаю?", "Нет, выбирает контролирующий игрок"),
    ("Могу ли я выбрать, что получит противник?", "Да"),
    ("Противник выбирает, какую способность я применю?", "Нет, выбирает контролирующий игрок"),
])
def test_who_chooses_compares_the_actor_with_the_decider_505_5(q, start):
    g = route.GENERICS["choice"]
    a = route.resolve_question(q, route.generic_node(g), "5ed", generic=g)
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == "505.5"


def test_refusal_is_the_opponents_decision_505_7():
    g = route.GENERICS["refusable"]
    a = route.resolve_question("Могу ли я решить за противника?", route.generic_node(g), "5ed", generic=g)
    assert a.verdict.startswith("Нет, решает противник"), a.verdict
    assert a.citations[0] == "505.7"


def test_fact_paragraph_is_quoted_and_listed():
    a = route.answer("Карта: «Переместить выбранное существо противника на соседнюю клетку, в противном случае – "
                     "ранить его на 2». Все соседние клетки заняты. Что будет?", "5ed")
    assert [b.number for b in a.blocks if b.kind == "rule"] == ["505.6", "507.2"]
    facts = [b for b in a.blocks if b.title == "Учтённые обстоятельства:"][0]
    assert facts.items == ("«Все соседние клетки заняты» — часть 1: перемещение объявляется и выполняется только "
                           "на незанятую клетку (п. 507.2)",)


def test_already_done_action_is_not_a_blocking_state():
    r = read("«…». Я уже закрыл своё существо. Лечение будет?", CLOSE_HEAL)
    assert r.outcome.illegal == set() and r.facts == []
    r = read("«…». Существо уже закрыто. Лечение будет?", CLOSE_HEAL)
    assert [f.reason for f in r.facts] == ["уже «закрыто» — «закрыть» выполнить нельзя"]


@pytest.mark.parametrize("sentence, lead", [
    ("Противник может отказаться — что будет?", ["Противник может отказаться"]),
    ("Я могу сразу ранить, не закрывая?", []),
    ("Противник не может заплатить, будет ли ранение?", ["Противник не может заплатить"]),
])
def test_a_modal_clause_is_the_question_unless_a_question_follows(sentence, lead):
    assert split_statements(sentence)[0] == lead


@pytest.mark.parametrize("text, template", [
    ("уничтожить себя, при этом…", True),
    ("вернуть в колоду себя, при этом ...", True),
    ("…, в противном случае – …", True),
    ("… или …", True),
    ("[способность 1]; [способность 2]", True),
    ("Уничтожить себя, при этом ранить выбранное существо на 3", False),
    ("Ранить выбранное существо на 3...", False),  # an ellipsis that cuts card text short
])
def test_an_ellipsis_standing_for_a_part_makes_a_template(text, template):
    assert route.is_template(text) is template
    if template:
        assert route.parse_card(text) is None


CLOSE_WOUND = [Part(1, "Закрыть выбранное существо противника"), Part(2, "ранить его на 1")]


@pytest.mark.parametrize("q, intent, legal, illegal", [
    ("«…». Я хочу сразу ранить, хотя закрыть можно. Можно?", {2}, {1}, set()),
    ("«…». Закрыть существо легально, но я собираюсь сразу ранить. Разрешено?", {2}, {1}, set()),
    ("«…». Закрыть нельзя, поэтому хочу сразу ранить. Можно?", {2}, set(), {1}),
])
def test_intended_declaration_and_legal_part_are_not_a_performed_part(q, intent, legal, illegal):
    r = read(q, CLOSE_WOUND)
    assert r.intent == intent and r.legal == legal and set(r.outcome.illegal) == illegal
    assert not r.outcome.failed and not any("выполнена" in u for u in r.understood)


def test_choosing_a_part_outside_any_choice_is_an_intent_not_a_choice():
    r = read("Если первую способность объявить можно, могу ли я выбрать вторую?", CLOSE_WOUND)
    assert r.asked_intent == {2} and r.legal == {1} and r.asked_outcome is None


@pytest.mark.parametrize("key, declared, outcome, allowed, rule", [
    ("otherwise", {2}, {}, False, "505.6"),
    ("otherwise", {2}, {"illegal": {1}}, True, "505.6"),
    ("otherwise", {1}, {}, True, "505.6"),
    ("refusable", {2}, {}, False, "505.7"),
    ("refusable", {2}, {"refuse": True}, True, "505.7"),
    ("choice", {2}, {}, True, "505.5"),
    ("choice", {1, 2}, {}, False, "505.5"),
    ("optional", {2}, {}, True, "505.8"),
    ("dash", {2}, {}, False, "505.4.2"),
    ("semicolon", {1, 2}, {}, True, "505.4.1"),
])
def test_check_declaration_per_connective(key, declared, outcome, allowed, rule):
    from bot.abilities.resolve import Outcome
    from bot.abilities.structure import check_declaration

    c = check_declaration(route.generic_node(route.GENERICS[key]), declared, outcome=Outcome(**outcome))
    assert (c.allowed, c.rule) == (allowed, rule), c


@pytest.mark.parametrize("q, together", [
    ("можно сделать сразу обе", True),
    ("можно применить их сразу", True),
    ("могу ли я сразу ранить", False),
    ("можно ли объявить сразу вторую", False),
])
def test_straight_away_is_not_together(q, together):
    from bot.abilities.verdicts import _together

    assert _together(q) is together


def test_returned_to_deck_template_names_its_own_first_part_505_9():
    a = route.answer("Особенность «вернуть в колоду себя, при этом…». Карта вернулась в колоду. Оставшиеся ресурсы "
                     "тратятся?", "5ed")
    assert a.blocks[0].items[0] == "1. вернуть в колоду себя"
    assert "не учтено" not in a.verdict and a.verdict.startswith("Да")


def test_straight_away_in_a_told_event_is_not_an_intent():
    parts = [Part(1, "Уничтожить выбранное существо"), Part(2, "получить фишку")]
    r = read("«…». Существо сразу погибло. Фишку получу?", parts)
    assert r.intent is None and r.understood == ["«Существо сразу погибло.» — часть 1 выполнена"]
