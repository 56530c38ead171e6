"""Edition-true answers (issue 13): every citation names its edition, the simulator's rule
effects are bound to the chosen edition's paragraphs by content, and an effect no
paragraph of that edition states gives no verdict and no citation."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from conftest import clear_edition_caches
import yaml

from bot.chat.render import render_plain
from bot.check import check_report
from bot.cli import main
from bot.importer import dump_yaml
from bot.judge import ask
from bot.rulebook import load, number_key
from bot.sim import binding as B

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
QUESTIONS = [q["q"] for q in yaml.safe_load((DATA / "questions.yaml").read_text(encoding="utf-8"))]


def _clear():
    clear_edition_caches()


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path / "user"))
    _clear()
    yield tmp_path / "user"
    _clear()


def _install(user_dir: pathlib.Path, data: dict) -> None:
    (user_dir / "editions").mkdir(parents=True, exist_ok=True)
    (user_dir / "editions" / f"{data['edition']}.yaml").write_text(dump_yaml(data), encoding="utf-8")
    _clear()


def _shifted() -> dict:
    """5ed with every section renumbered +100 (209 -> 309) and the sections in reverse
    order of their paragraphs' words kept: the same rules under other numbers."""
    data = yaml.safe_load((ROOT / "rulebook" / "5ed.yaml").read_text(encoding="utf-8"))
    shift = lambda n: str(int(n.split(".")[0]) + 100) + n[3:]  # noqa: E731
    for s in data["sections"]:
        s["number"] = shift(s["number"])
    for c in data["clauses"]:
        c["number"], c["section"] = shift(c["number"]), shift(c["section"])
    data["edition"] = "shifted"
    return data


def test_effect_list_covers_every_paragraph_the_code_cites():
    listed = {e.number for e in B.effects()}
    cited = set()
    for p in [*(ROOT / "bot" / "sim").rglob("*.py"), *(ROOT / "bot" / "abilities").rglob("*.py")]:
        cited |= set(re.findall(r"[\"'](\d{3}\.\d{1,2}(?:\.\d{1,2})?(?:\.[а-я])?)[\"']", p.read_text(encoding="utf-8")))
    assert cited <= listed
    assert all(load("5ed").get(n) is not None for n in listed)
    assert B.binding("5ed") == {n: n for n in listed}  # every effect still said by its 5ed paragraph


def test_binding_by_content_follows_the_text_not_the_number(user_dir):
    _install(user_dir, _shifted())
    b = B.binding("shifted")
    assert b["209.4"] == "309.4" and b["303.2"] == "403.2" and b["505.4.1"] == "605.4.1"
    assert sum(1 for v in b.values() if v) >= 0.9 * len(b)
    a = ask("Можно ли положить симбиота на летающее существо?", "shifted")
    assert a.verdict.startswith("Нет") and a.citations == ["309.4"] and a.edition == "shifted"
    assert "309.4. Нельзя помещать симбиота на летающее существо" in a.text and "209.4" not in a.text


def test_a_rule_the_edition_does_not_state_is_not_applied_nor_cited(user_dir):
    data = _shifted()
    data["clauses"] = [c for c in data["clauses"] if c["number"] != "309.4"]  # this edition lacks the rule
    _install(user_dir, data)
    assert B.binding("shifted")["209.4"] is None
    a = ask("Можно ли положить симбиота на летающее существо?", "shifted")
    assert a.verdict is None and a.route == "search" and a.edition == "shifted"  # the edition's own text answers
    assert a.blocks[0].text.startswith("Текст редакции shifted этого не покрывает: ни в одном её пункте нет правила "
                                       "«Нельзя помещать симбиота на летающее существо»")
    rb = load("shifted")
    assert a.citations and all(rb.get(n) is not None for n in a.citations)
    assert not re.search(r"\b2\d\d\.\d", a.text)  # no 5ed number, no simulated outcome
    problems, info = check_report(load("shifted"))
    assert any("правила симулятора без пункта в этой редакции (1)" in i for i in info)


def test_replacing_5ed_by_a_page_without_its_rules_is_flagged_by_check(user_dir, tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<p><u>209. Симбиоты.</u></p><ol><li><p>Один.</p></li></ol><p><u>210. Ещё.</u></p><ol><li><p>Два.</p></li></ol>",
                    encoding="utf-8")
    assert main(["rulebook", "import", str(page), "--edition", "5ed", "--force"]) == 0
    _clear()
    problems, _ = check_report(load("5ed"))
    assert any(p.startswith("правило симулятора 209.4 («Нельзя помещать симбиота на летающее существо») не найдено") for p in problems)
    a = ask("Можно ли положить симбиота на летающее существо?", "5ed")
    assert a.verdict is None and "209.4" not in a.citations and a.route == "search"


def test_ask_with_the_tested_edition_never_cites_another_edition(user_dir):
    assert main(["rulebook", "import", str(DATA / "edition_tested.html"), "--edition", "tested"]) == 0
    rb = load("tested")
    labels = {e.label for e in rb.dictionary}
    for q in [*QUESTIONS, "Что такое мулиган?", "Что такое броня?"]:
        a = ask(q, "tested")
        assert a.edition == "tested", q
        for n in a.citations:
            assert rb.get(n) is not None or rb.section(n) is not None or n in labels, (q, n)
        for blk in a.blocks:
            if blk.kind == "rule":
                assert blk.text.startswith(rb.get(blk.number).text), (q, blk.number)  # the edition's own text


def test_citations_name_their_edition(user_dir, capsys):
    q = "Можно ли положить симбиота на летающее существо?"
    assert render_plain(ask(q, "5ed")).rstrip().endswith("Пункты: 209.4")  # one edition installed
    _install(user_dir, _shifted())
    assert render_plain(ask(q, "5ed")).rstrip().endswith("Пункты: 209.4 (5ed)")
    assert render_plain(ask(q, "shifted")).rstrip().endswith("Пункты: 309.4 (shifted)")
    assert main(["ask", "--json", "--edition", "shifted", q]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["edition"] == "shifted" and obj["citations"] == ["309.4"]
    assert obj["cited"] == [{"number": "309.4", "edition": "shifted"}]
    assert sorted(load("shifted").clauses[0].number for _ in [0]) == ["309.1"]
    assert sorted([c.number for c in load("shifted").clauses], key=number_key)[0] == "309.1"


def test_explain_under_another_edition_cites_only_its_paragraphs(user_dir, capsys):
    text = "{tap}: Уничтожить ваше существо – разряд на 4"
    _install(user_dir, _shifted())
    assert main(["explain", text, "--edition", "shifted"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("Пункты: 605.4.2 (shifted), 605.4 (shifted), 402.6 (shifted)")
    assert "605.4.2. Запись вида «[способность 1] – [способность 2]»" in out and "505.4" not in out
    data = _shifted()
    data["clauses"] = [c for c in data["clauses"] if not c["number"].startswith("605")]
    _install(user_dir, data)
    assert main(["explain", text, "--edition", "shifted"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Текст редакции shifted этого не покрывает") and "Вердикт:" not in out
    assert not re.search(r"\b[56]05\.\d", out)


def test_chat_scenario_cites_the_chats_edition(user_dir):
    from bot.chat import handlers
    from bot.chat.handlers import Ctx

    _install(user_dir, _shifted())
    yaml_text = (ROOT / "scenarios" / "209_4_host_dies.yaml").read_text(encoding="utf-8")
    seed = handlers.handle("/scenario\n" + yaml_text, Ctx()).answers[0]
    ans = handlers.handle("/scenario\n" + yaml_text, Ctx(edition="shifted")).answers[0]
    assert "209.4" in seed.citations and ans.edition == "shifted"
    assert ans.citations == [B.binding("shifted")[n] for n in seed.citations]
    assert "309.4" in ans.citations and "209.4" not in ans.text


def test_scenario_run_tells_its_paragraphs_by_the_edition(user_dir, capsys):
    data = _shifted()
    data["clauses"] = [c for c in data["clauses"] if c["number"] != "403.6"]  # 5ed 303.6 is not stated
    _install(user_dir, data)
    path = str(ROOT / "scenarios" / "209_4_host_dies.yaml")
    assert main(["scenario", "run", path, "--edition", "shifted", "--json"]) == 0
    (res,) = json.loads(capsys.readouterr().out)
    assert res["passed"] is True and res["edition"] == "shifted"
    assert res["expected"]["steps"][0]["cites"] == ["309.4", "—"]
    assert res["not_in_edition"] == [next(e.what for e in B.effects() if e.number == "303.6")]
    assert "209.4" not in json.dumps(res, ensure_ascii=False)
    assert main(["scenario", "run", path, "--edition", "shifted"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Пункты – по редакции shifted") and "в редакции shifted нет правил: «Если в какой-то момент" in out
