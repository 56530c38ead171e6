"""Card abilities executed on a board (bot.sim.ability, the engine's ``use``): exact steps,
citations and the board afterwards."""

from __future__ import annotations

import pytest

from bot.sim.ability import Use, UseError, resolve_on_board
from bot.sim.engine import Simulator
from bot.sim.state import Card, GameState, parse_cell


def board(*cards: Card) -> GameState:
    st = GameState()
    for c in cards:
        st.cards[c.id] = c
    return st


def card(cid: str, owner: str, cell: str, **kw) -> Card:
    return Card(id=cid, owner=owner, cell=parse_cell(cell), **kw)


OTHERWISE = "Закройте выбранное открытое существо противника, в противном случае нанесите себе 1 рану."


def test_otherwise_with_an_open_enemy_closes_it_and_skips_the_second_part():
    st = board(card("Чародей", "first", "c2", lives=3), card("Орк", "second", "c4", lives=3))
    r = resolve_on_board(st, st.cards["Чародей"], OTHERWISE, Use("Чародей"))
    assert [(s.part, s.status, s.rule) for s in r.steps] == [
        (1, "done", "505.6"), (1, "done", None), (2, "not_declared", "505.6")]
    assert r.steps[1].text == "Существо «Орк» закрывается"
    assert r.results == {1: "done", 2: "not_declared"}
    assert r.citations == ["505.6"]
    assert st.cards["Орк"].open is False and st.cards["Чародей"].wounds == 0


def test_otherwise_with_every_enemy_closed_the_board_makes_part_one_illegal():
    st = board(card("Чародей", "first", "c2", lives=3), card("Орк", "second", "c4", lives=3, open=False))
    r = resolve_on_board(st, st.cards["Чародей"], OTHERWISE, Use("Чародей"))
    assert r.results == {1: "not_declared", 2: "done"}
    first = r.steps[0]
    assert first.done is False and first.rule == "505.6"
    assert "нет ни одного открытого существа противника" in first.reason
    assert r.citations == ["505.6", "508.1.1"]
    assert st.cards["Чародей"].wounds == 1 and st.cards["Чародей"].current_lives == 2


def test_and_then_stops_when_the_destroy_did_not_happen():
    text = "Уничтожьте выбранное закрытое существо противника, при этом нанесите 2 раны выбранному существу противника."
    st = board(card("Маг", "first", "c2", lives=3), card("Голем", "second", "c4", lives=4, open=False, immune={"destroy"}),
               card("Тролль", "second", "d4", lives=5))
    r = resolve_on_board(st, st.cards["Маг"], text, Use("Маг", targets={2: "Тролль"}))
    assert r.results == {1: "failed", 2: "failed"}
    assert r.steps[-1].rule == "505.4" and "только если выполнена предыдущая" in r.steps[-1].reason
    assert st.cards["Голем"].zone == "battlefield" and st.cards["Тролль"].wounds == 0


def test_engine_use_resolves_through_the_stack_pays_after_all_parts_and_applies_rule_effects():
    st = board(card("Шаман", "first", "c2", lives=3, abilities={"Жертва": "{tap}: Уничтожьте ваше закрытое существо – разряд на 4."}),
               card("Слуга", "first", "b2", lives=1, open=False), card("Орк", "second", "c4", lives=4))
    sim = Simulator(st)
    res = sim.use(Use("Шаман", "Жертва", targets={2: "Орк"}))
    assert res.legal
    assert res.value == "часть 1 — выполнено; часть 2 — выполнено"
    assert [c.result for c in res.consequences if c.result] == [
        "заносится", "выполняется", "выполнено", "уничтожается", "выполнено", "ранен", "закрывается", "погибает"]
    assert res.cites[:3] == ["302.2", "304.3", "302.3"]
    for n in ("303.4", "505.4.2", "505.4", "508.1.1", "302.6", "302.6", "303.6"):
        assert n in res.cites
    # payment comes after both parts, the death after payment (rule effects before priority)
    texts = [c.text for c in res.consequences]
    assert texts.index("Существо «Шаман» закрывается — оплата {tap}: оплата игродействия не использует стек") \
        > texts.index("Существо «Орк» получает 4 ран(ы): жизней 0 из 4")
    assert texts[-1].startswith("Существо «Орк» погибает: жизней не осталось")
    assert sim.state.cards["Слуга"].zone == "graveyard" and sim.state.cards["Орк"].zone == "graveyard"
    assert sim.state.cards["Шаман"].open is False and sim.state.priority == "first" and sim.state.stack == []


def test_self_destruction_is_505_9_even_when_the_source_cannot_pay():
    st = board(card("Смертник", "first", "c3", lives=2, open=False,
                    abilities={"x": "{tap}: Уничтожьте себя, при этом нанесите 3 раны выбранному существу противника."}),
               card("Тролль", "second", "c4", lives=5))
    res = Simulator(st).use(Use("Смертник"))
    assert res.legal and res.value == "часть 1 — выполнено; часть 2 — выполнено"
    rules = [c.rules for c in res.consequences]
    assert ("505.9",) in rules and ("505.9", "505.4") in rules
    st2 = board(card("Маг", "first", "c2", lives=3, open=False,
                     abilities={"x": "{tap}: Нанесите 2 раны выбранному существу противника."}),
                card("Тролль", "second", "c4", lives=5))
    sim2 = Simulator(st2)
    refused = sim2.use(Use("Маг"))
    assert refused.legal is False and refused.cites == ["505.4", "302.6"]
    assert sim2.state.cards["Тролль"].wounds == 0


def test_refusable_both_ways_by_board_and_by_refusal():
    text = ("Противник закрывает выбранное открытое существо; если противник не может или не хочет этого сделать – "
            "нанесите 2 раны выбранному существу противника.")
    for is_open, refuse, want, wounds in ((True, False, {1: "done", 2: "not_declared"}, 0),
                                          (True, True, {1: "not_declared", 2: "done"}, 2),
                                          (False, False, {1: "not_declared", 2: "done"}, 2)):
        st = board(card("Вождь", "first", "c2", lives=4), card("Орк", "second", "c4", lives=3, open=is_open))
        r = resolve_on_board(st, st.cards["Вождь"], text, Use("Вождь", refuse=refuse))
        assert r.results == want, (is_open, refuse)
        assert st.cards["Орк"].wounds == wounds
        assert r.citations[0] == "505.7"


def test_choice_auto_picks_the_only_legal_option_and_refuses_an_illegal_choice():
    text = "Излечите выбранное раненое ваше существо на 2 или нанесите 1 рану выбранному закрытому существу противника."
    st = board(card("Друид", "first", "c2", lives=3), card("Страж", "first", "b2", lives=4, wounds=2),
               card("Орк", "second", "c4", lives=3))
    with pytest.raises(UseError, match="505.5"):
        resolve_on_board(st.copy(), st.cards["Друид"], text, Use("Друид", choose=2))
    r = resolve_on_board(st, st.cards["Друид"], text, Use("Друид"))
    assert r.results == {1: "done", 2: "not_declared"}
    assert r.steps[0].status == "decision" and "нет ни одного закрытого существа противника" in r.steps[0].reason
    assert st.cards["Страж"].wounds == 0


def test_optional_part_is_dropped_by_an_occupied_cell():
    text = "Может открыться и переместиться на соседнюю клетку."
    st = board(card("Разведчик", "first", "c2", lives=2, open=False), Card("Камень", "first", kind="artifact", cell=parse_cell("c3")))
    r = resolve_on_board(st, st.cards["Разведчик"], text, Use("Разведчик", targets={2: "c3"}))
    assert r.results == {1: "done", 2: "not_declared"}
    assert r.steps[-1].rules == ("505.8", "507.2")
    assert st.cards["Разведчик"].open and st.cards["Разведчик"].cell == parse_cell("c2")


def test_untyped_or_unexecuted_effects_are_reported_never_assumed():
    st = board(card("Игрок", "first", "c2", lives=3), card("Орк", "second", "c4", lives=4))
    r = resolve_on_board(st, st.cards["Игрок"], "Бросьте кубик, при этом нанесите 1 рану выбранному существу противника.",
                         Use("Игрок"))
    assert r.results == {1: "unsupported", 2: "unknown"}
    assert r.steps[0].text.endswith("— не умею выполнить") and r.steps[0].done is None
    assert r.unsupported == ["Бросьте кубик"]
    assert st.cards["Орк"].wounds == 0


def test_several_fitting_targets_without_a_named_one_stay_undecided():
    st = board(card("Маг", "first", "c2", lives=3), card("Орк", "second", "c4", lives=4), card("Гоблин", "second", "d4", lives=2))
    r = resolve_on_board(st, st.cards["Маг"], "Нанесите 2 раны выбранному существу противника.", Use("Маг"))
    assert r.results == {1: "conditional"}
    assert "подходят: «Гоблин», «Орк»" in r.steps[0].reason
    assert st.cards["Орк"].wounds == 0 and st.cards["Гоблин"].wounds == 0


def test_the_grammar_never_imports_the_simulator():
    """One direction: bot.sim evaluates the AST of bot.abilities, never the other way. (The
    edition binding of cited paragraphs, bot.sim.binding, is rulebook data both use.)"""
    import ast
    from pathlib import Path

    for path in (Path(__file__).resolve().parents[1] / "bot" / "abilities").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            sim = [n for n in names if (n == "bot.sim" or n.startswith("bot.sim.")) and n != "bot.sim.binding"]
            assert not sim, (path.name, sim)
