"""Rule effects bound to another edition's paragraphs by key terms, consequence verb and
sense, not wording (issue 13): a paraphrase binds, a sentence about another rule or saying
the opposite does not. The edition below is our own text in another edition's wording."""

from __future__ import annotations

import pytest
from conftest import clear_edition_caches

from bot.check import check_report
from bot.importer import dump_yaml
from bot.judge import ask
from bot.rulebook import Rulebook, load
from bot.sim import binding as B
from bot.sim.effect_match import Signature, matched_groups, read_claim

CLAUSES = [
    # paraphrases of 5ed effects
    ("610.1", "На шаге расстановки симбиот ставится на клетку поля боя; на шаге вскрытия он помещается на клетку своего хозяина."),
    ("610.2", "Симбиота нельзя назначить летающему существу."),
    ("610.3", "Бестелесному существу можно назначить только бестелесного симбиота."),
    ("610.4", "Одному существу можно назначить лишь одного симбиота."),
    ("610.5", "Симбиот не может быть перемещён отдельно от хозяина."),
    ("620.1", "Экипировка перемещается вместе с хозяином и не может быть перемещена отдельно от него."),
    ("620.2", "Хозяином экипировки может быть назначено только существо, имеющее класс."),
    ("630.1", "Закрытые существа не могут использовать движение."),
    # sentences about other rules, or saying the opposite
    ("640.1", "Нельзя объявлять особенности, перемещающие карты на летающих существ."),
    ("640.2", "Симбиоты и летающие существа не могут носить экипировку и не могут быть назначены её хозяевами."),
    ("640.3", "Артефакты не сражаются."),
]
EXPECTED = {"209.2": "610.1", "209.4": "610.2", "209.5": "610.3", "209.6": "610.4", "209.11": "610.5",
            "212.8": "620.1", "212.2": "620.2", "506.3": "630.1"}


def _edition(clauses=CLAUSES, name="para") -> dict:
    sections = sorted({n.split(".")[0] for n, _ in clauses})
    return {
        "edition": name, "title": "Пересказ",
        "sections": [{"number": s, "title": "", "part": None} for s in sections],
        "clauses": [{"number": n, "section": n.split(".")[0], "text": t, "examples": [], "notes": [],
                     "inferred": False, "sources": ["test"], "variants": []} for n, t in clauses],
    }


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path / "user"))
    clear_edition_caches()
    yield tmp_path / "user"
    clear_edition_caches()


def test_paraphrases_bind_and_other_rules_do_not():
    b = B.binding_of(Rulebook.from_dict(_edition()))
    assert {k: v for k, v in b.items() if v} == EXPECTED  # 640.1-640.3 state none of the effects


def test_a_sentence_saying_the_opposite_is_not_the_effect():
    text = [("610.2", "Симбиота можно назначить летающему существу.")]  # permission, not the prohibition
    assert B.binding_of(Rulebook.from_dict(_edition(text)))["209.4"] is None
    text = [("610.2", "Симбиота нельзя назначить летающему существу.")]
    assert B.binding_of(Rulebook.from_dict(_edition(text)))["209.4"] == "610.2"


def test_a_sentence_about_equipment_does_not_state_where_symbionts_go():
    b = B.binding_of(Rulebook.from_dict(_edition([n for n in CLAUSES if n[0] in ("640.1", "640.2")])))
    assert b["209.4"] is None and b["209.5"] is None  # 640.1 lacks «симбиот», 640.2 is about equipment


def test_claim_reading():
    c = read_claim("1.1", "Если хозяин погибает, то симбиот не может перемещаться (кроме особенностей).")
    assert c.negated and c.restricted and "перемещаться" in c.predicates and "погибать" not in c.predicates
    c = read_claim("1.2", "Игрок может взять в отряд не более одной местности.")
    assert c.restricted and not c.negated and {"брать", "местность", "один"} <= c.lemmas
    sig = Signature("211.3", (frozenset({"местность"}), frozenset({"один"})), frozenset({"брать"}), "запрет")
    assert matched_groups(sig, c) == 3
    assert matched_groups(sig, read_claim("1.3", "Игрок может взять в отряд две местности.")) == 0


def test_ask_cites_the_paraphrase_and_check_lists_the_unbound(user_dir):
    (user_dir / "editions").mkdir(parents=True)
    (user_dir / "editions" / "para.yaml").write_text(dump_yaml(_edition()), encoding="utf-8")
    clear_edition_caches()
    a = ask("Можно ли положить на существо двух симбиотов?", "para")
    assert a.edition == "para" and "610.4" in a.citations and not any(n.startswith("209") for n in a.citations)
    _, info = check_report(load("para"))
    assert info[-2].startswith(f"правила симулятора, найденные в тексте этой редакции: {len(EXPECTED)} из {len(B.effects())}")
    assert info[-1].startswith(f"правила симулятора без пункта в этой редакции ({len(B.effects()) - len(EXPECTED)})")
    unbound = [e for e in B.effects() if e.number not in EXPECTED]
    assert all(f"{e.number} (5ed) «{e.what}»" in info[-1] for e in unbound)  # every one, to look up its signature
    assert "209.4 (5ed)" not in info[-1] and "212.8 (5ed)" not in info[-1]
