"""Scenario-route fixes of wrong verdicts: the owner of an equipment host, the single top
action of the stack, the phase a turn starts with, slang for placing a symbiote, a second
terrain. Each family is tested with paraphrases the fix was not written against."""

from __future__ import annotations

import pytest

from tests.sim_support import ask_judge, ask_judge as _ask


@pytest.mark.parametrize("q", [
    "шмотку при рассадке можно надеть на существо противника?",
    "можно ли надеть экипировку на вражеское существо?",
    "Могу я повесить меч на чужое существо во время рассадки?",
])
def test_equipment_goes_on_an_own_creature_only(q):
    a = _ask(q)
    assert a.verdict.startswith("Нет"), a.verdict
    assert "212.1" in a.citations and "405.2" in a.citations, a.citations


def test_equipment_on_an_own_creature_is_still_allowed():
    a = _ask("можно надеть экипировку на своё существо?")
    assert a.verdict.startswith("Да"), a.verdict


@pytest.mark.parametrize("q,start", [
    ("С какой фазы начинается каждый ход игрока?", "Ход начинается с Начальной фазы"),
    ("С какой фазы каждый ход начинается?", "Ход начинается с Начальной фазы"),
    ("Каждый ход начинается с главной фазы?", "Нет, ход начинается с Начальной фазы"),
])
def test_every_turn_starts_with_the_start_phase(q, start):
    a = ask_judge(q)        # the phases of a turn: bot.reading.turn
    assert a.verdict.startswith(start), a.verdict
    assert a.citations[0] == "408.2", a.citations


def test_how_often_a_phase_happens_is_still_a_count():
    a = ask_judge("Сколько раз за ход бывает начальная фаза?")
    assert a.verdict.startswith("Один раз за ход"), a.verdict


@pytest.mark.parametrize("q", [
    "хочу кинуть обычного небестелесного симба на бестелесного, так можно?",
    "можно ли положить небестелесного симба на бестелесное существо?",
    "кидаю симба на бестелесного, норм?",
])
def test_slang_symbiote_onto_an_incorporeal_creature(q):
    a = _ask(q)
    assert a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "209.5", a.citations


def test_slang_incorporeal_symbiote_onto_an_incorporeal_creature_is_allowed():
    a = _ask("можно кинуть бестелесного симба на бестелесного?")
    assert a.verdict.startswith("Да"), a.verdict


@pytest.mark.parametrize("q", [
    "у меня в отряде уже есть местность, можно набрать ещё одну без всяких особенностей?",
    "Если в отряде уже есть местность, могу я взять еще одну?",
    "Можно ли набрать ещё одну местность, если одна уже есть?",
])
def test_one_more_terrain_is_refused(q):
    a = _ask(q)
    assert a.verdict.startswith("Нет, не более одной местности"), a.verdict
    assert a.citations[0] == "211.3", a.citations


def test_one_more_terrain_with_an_allowing_ability_is_two():
    a = _ask("у меня есть карта, которая позволяет взять ещё одну местность, можно?")
    assert a.verdict.startswith("Да, две местности"), a.verdict


def test_lexicon_file_has_no_duplicate_keys():
    """A repeated key in grammar/lexicon.yaml silently replaces the earlier words (YAML keeps the last)."""
    import yaml
    from bot.paths import grammar_dir
    root = yaml.compose((grammar_dir() / "lexicon.yaml").read_text(encoding="utf-8"))
    dups = []

    def walk(node, where):
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value]
            dups.extend(f"{where}/{k}" for k in set(keys) if keys.count(k) > 1)
            for k, v in node.value:
                walk(v, f"{where}/{k.value}")
    walk(root, "")
    assert not dups, sorted(dups)
    from bot.reading.tokens import _spelling_stems
    assert {"симбиот", "экипиров", "артефакт", "паразит"} <= set(_spelling_stems())


@pytest.mark.parametrize("q", [
    "Артефакты располагаются на поле боя или во вспомогательной зоне?",
    "Где лежат артефакты: на поле или в дополнительной зоне?",
    "Артефакт находится во вспомогательной зоне?",
])
def test_artifact_zone_is_the_battlefield(q):
    a = _ask(q)
    assert a.route == "scenario", a.route
    assert "на поле боя" in a.verdict.lower(), a.verdict
    assert a.citations[0] == "210.1", a.citations


def test_terrain_zone_is_the_additional_zone():
    a = _ask("Местность находится на поле боя?")
    assert a.verdict.startswith("Нет, во вспомогательной"), a.verdict
    assert a.citations[0] == "211.1", a.citations


@pytest.mark.parametrize("q", [
    "Может ли текущий максимум жизней карты меняться по ходу игры?",
    "Меняется ли текущий максимум жизней в процессе игры?",
    "Может ли максимум жизней карты увеличиться во время игры?",
])
def test_current_lives_maximum_may_change(q):
    a = ask_judge(q)
    assert a.route == "scenario", a.route
    assert a.verdict.startswith("Да, может: в процессе игры карта может увеличивать или уменьшать текущий максимум"), a.verdict
    assert a.citations[0] == "508.1", a.citations
