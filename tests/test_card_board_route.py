"""Card text with a board in ``ask``: the board the question states decides the verdict
(bot.sim.card_board_route, bot.sim.board_text)."""

from __future__ import annotations

from bot.judge import ask
from bot.sim.board_text import board_for, read_board_facts, resolve_text

OTHERWISE = "Уничтожьте выбранное закрытое существо противника, в противном случае нанесите себе 1 рану"


def test_no_closed_enemy_creature_makes_the_first_part_illegal_and_the_second_happens():
    a = ask(f"«{OTHERWISE}». У противника нет ни одного закрытого существа — что будет?")
    assert a.route == "ability"
    # the verdict leads with what happens (issue 11), then every part's fate
    assert a.verdict.startswith("Нанесите себе 1 рану: часть 1 «Уничтожьте выбранное закрытое существо противника» "
                                "не объявляется")
    assert "часть 2 «нанесите себе 1 рану» выполняется" in a.verdict
    assert a.citations == ["505.6", "508.1.1"]


def test_a_closed_enemy_creature_makes_the_first_part_happen_instead():
    a = ask(f"«{OTHERWISE}». У противника есть закрытое существо — что будет?")
    assert a.verdict.startswith("Уничтожьте выбранное закрытое существо противника: часть 1 «Уничтожьте выбранное "
                                "закрытое существо противника» выполняется")
    assert "часть 2 «нанесите себе 1 рану» не объявляется" in a.verdict
    assert a.citations == ["505.6"]


def test_whether_question_gets_yes_or_no_from_the_board():
    text = "Нанесите 2 раны выбранному закрытому существу противника; излечите себя на 1"
    no = ask(f"«{text}». У противника нет ни одного закрытого существа — будет ли излечение?")
    assert no.verdict.startswith("Нет: часть 2 «излечите себя на 1» не выполняется") and "505.4.1" in no.citations
    yes = ask("«Закройте выбранное открытое существо противника, в противном случае нанесите себе 1 рану». "
              "Все существа противника закрыты. Будет ли рана?")
    assert yes.verdict.startswith("Да: часть 2 «нанесите себе 1 рану» выполняется")


def test_refusal_and_facts_are_read_and_the_board_keeps_them():
    q = ("«Противник закрывает выбранное открытое существо; если противник не может или не хочет этого сделать – "
         "нанесите 2 раны выбранному существу противника». Противник отказался. Что будет?")
    f = read_board_facts(q)
    assert [(x.kind, x.owner) for x in f.facts] == [("refuse", "enemy")] and f.unread == []
    text = q.split("»")[0].lstrip("«")
    st, src, use, assumed = board_for(text, f)
    bv = resolve_text(text, st, src, use, q, assumed)
    assert bv.resolution.results == {1: "not_declared", 2: "done"}
    enemy = [v for k, v in bv.board.items() if k.startswith("Существо противника")]
    assert enemy and enemy[0]["wounds"] == 2 and enemy[0]["open"] is True


def test_without_a_board_fact_the_flag_reading_route_still_answers():
    from bot.sim.card_board_route import answer

    assert answer(f"«{OTHERWISE}». Что будет, если противник не смог?", "5ed") is None
    assert answer("У противника нет ни одного закрытого существа — что будет?", "5ed") is None


def test_explain_with_a_scenario_resolves_the_text_on_that_board(capsys):
    import json
    from pathlib import Path

    from bot.cli import main

    root = Path(__file__).resolve().parents[1] / "scenarios"
    text = "Закройте выбранное открытое существо противника, в противном случае нанесите себе 1 рану."
    assert main(["explain", text, "--scenario", str(root / "505_6_otherwise_all_closed.yaml"), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [(s["done"], s["rule"]) for s in d["steps"]] == [(False, "505.6"), (True, "505.6"), (True, "508.1.1")]
    assert d["citations"] == ["505.6", "508.1.1"] and d["results"] == {"1": "not_declared", "2": "done"}
    assert d["board"]["Чародей"]["wounds"] == 1 and d["board"]["Орк"]["open"] is False
    # the same text on a board with an open enemy creature: the first part happens
    assert main(["explain", text, "--scenario", str(root / "505_6_otherwise_open_enemy.yaml"), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["results"] == {"1": "done", "2": "not_declared"} and d["board"]["Орк"]["open"] is False
    # the board decides legality: the outcome flags are refused
    assert main(["explain", text, "--scenario", str(root / "505_6_otherwise_open_enemy.yaml"), "--illegal", "1"]) == 2
    assert "решает поле" in capsys.readouterr().err
    assert main(["explain", "Нанесите 2 раны выбранному существу противника.", "--scenario",
                 str(root / "505_6_otherwise_open_enemy.yaml"), "--card", "Чародей", "--target", "1=Гоблин", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["board"]["Гоблин"]["zone"] == "graveyard" and d["citations"] == ["508.1.1", "303.6"]


def test_a_fact_about_lives_or_a_creature_that_is_not_none_is_not_a_board_fact():
    f = read_board_facts("«Снять с вашего существа 2 дополнительных жизни, при этом излечить выбранное существо на 2». "
                         "У существа нет дополнительных жизней. Будет ли излечение?")
    assert f.facts == [] and f.unread == ["У существа нет дополнительных жизней."]
    f = read_board_facts("«Уничтожьте выбранное существо противника – разряд на 2». Существо противника не уничтожилось, нет?")
    assert [x.kind for x in f.facts] == []
