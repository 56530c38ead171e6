"""The polarity of a yes/no answer (bot.yesno: asked_form, settle, contradicts): a negated
question is answered as a Russian speaker answers, the lead word never contradicting the
verdict's own content word, on every route."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
import yaml

from bot.judge import ask
from bot.yesno import asked_form, contradicts, positive_question, settle

DATA = Path(__file__).parent / "data"
NEGATED = yaml.safe_load((DATA / "negated_questions.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("q,word,positive,rhetorical", [
    ("Разве нельзя положить орка в отряд?", "нельзя", "можно", True),
    ("неужели паразита нельзя посадить во второй ряд", "нельзя", "можно", True),
    ("не могут же игроки договориться о ничьей", "не могут", "могут", False),   # «же» asks to confirm, it does not doubt
    ("нельзя ли атаковать арт?", "нельзя", "можно", True),
    ("Игродействия без стека не требуют оплаты?", "не требуют", "требуют", False),
    ("Шмотка ведь не уничтожается, да?", "не уничтожается", "уничтожается", False),
    # the subordinate clause's predicate is told, not asked; a card noun («сущ») is no predicate
    ("Симбиот не погибает, если хозяин взлетел?", "не погибает", "погибает", False),
    ("пока стек не пустой медленное нельзя объявлять?", "нельзя", "можно", False),
    ("шмотка которой никто не носит разве не погибает?", "не погибает", "погибает", True),
    ("закрытое сущ не может ходить да?", "не может", "может", False),
    # the last clause asks: «не сходил — можно потом?» is a positive question
    ("Не сходил в свой черёд — можно потом?", "можно", "можно", False),
])
def test_the_asked_predicate_and_its_form(q, word, positive, rhetorical):
    f = asked_form(q)
    assert (f.word, f.positive, f.rhetorical) == (word, positive, rhetorical)
    assert f.negated == (word != positive)


def test_the_positive_question_drops_the_denial():
    assert positive_question("Игродействия без стека не требуют оплаты?") == "Игродействия без стека требуют оплаты?"
    assert positive_question("Разве нельзя взять вторую местность?") == "Разве можно взять вторую местность?"
    assert positive_question("Можно ли взять вторую местность?") is None


@pytest.mark.parametrize("q,verdict,probe,out", [
    # the content word tells what holds, whatever the lead said
    ("не могут же игроки договориться о ничьей", "Нет, может", None, "Могут"),
    ("разве симба нельзя посадить на симба?", "Да, нельзя: x", None, "Нет, нельзя: x"),
    ("Симб нельзя двигать?", "Нет, можно: x", None, "Можно: x"),
    ("разве симб не может атаковать хозяина?", "Нет, может атаковать существо", None, "Да, может атаковать существо"),
    # no content word: the same route asked the positive question tells what its lead answers
    ("Разве нельзя взять вторую местность?", "Нет, не более одной", "Нет, не более одной", "Нет, нельзя: не более одной"),
    ("Шмотка не остаётся на месте?", "Да, перемещается", "Нет, перемещается", "Не остаётся: перемещается"),
    ("Шмотка не остаётся на месте?", "Да, перемещается", None, "Да, перемещается"),
    # a bare negated infinitive asks whether the action is possible: «можно» / «нельзя» answer it
    ("а без золота элитку никак не оплатить?", "Да, нельзя: x", None, "Нельзя оплатить: x"),
    ("разве никак не сходить?", "Да, можно: x", None, "Да, можно сходить: x"),
    # a verdict answering another predicate of the question («можно …, ведь не мешает?») is left as it is
    ("его ж можно на летуна посадить, бестелесность ведь не мешает?", "Нет, нельзя: x", "Нет, нельзя: x", "Нет, нельзя: x"),
    # a positive question and a ruling on a person are left as they are
    ("Можно ли взять вторую местность?", "Нет, нельзя", None, "Нет, нельзя"),
    ("Противник не прав, что нельзя?", "Да, противник прав: x", None, "Да, противник прав: x"),
])
def test_settle_phrases_the_verdict_relative_to_the_question(q, verdict, probe, out):
    assert settle(q, verdict, (lambda _q: probe) if probe else None) == out


@pytest.mark.parametrize("q,verdict,bad", [
    ("не могут же игроки договориться?", "Нет, может", True),
    ("Можно ли X?", "Да, нельзя", True),
    ("разве нельзя X?", "Да, нельзя", True),
    ("X нельзя?", "Да, нельзя", False),
    ("Может ли неактивный игрок объявить движение?", "Нет, может только активный", False),
    ("Можно ли X?", "Нет, нельзя", False),
])
def test_a_lead_word_contradicting_its_content_word_is_found(q, verdict, bad):
    assert (contradicts(q, verdict) is not None) == bad


@pytest.mark.parametrize("case", NEGATED, ids=[c["q"] for c in NEGATED])
def test_negated_questions_lead_as_a_russian_speaker_answers(case):
    a = ask(case["q"])
    assert a.verdict is not None and a.verdict.startswith(case["start"]), a.verdict
    assert a.citations[0] == case["cite"], a.citations


def _all_questions() -> list[str]:
    qs: list[str] = []
    for f in sorted(glob.glob(str(DATA / "questions*.yaml"))) + [str(DATA / "negated_questions.yaml"),
                                                                  str(DATA / "holdout_ability.yaml")]:
        qs += [str(c["q"]) for c in yaml.safe_load(Path(f).read_text(encoding="utf-8")) if isinstance(c, dict) and "q" in c]
    return qs


def test_no_verdict_on_the_question_files_opens_against_its_content_word():
    bad = [(q, a.verdict, why) for q in _all_questions() if (why := contradicts(q, (a := ask(q)).verdict))]
    assert not bad, bad


def test_a_tag_clause_does_not_turn_the_ruling_on_the_main_clause():
    a = ask("Симб у меня бестелесный. Его ж можно на летуна посадить, бестелесность ведь не мешает?")
    assert a.verdict.startswith("Нет, нельзя"), a.verdict
    assert a.citations[0] == "209.4"


def test_a_negative_pronoun_keeps_the_negated_question_from_its_positive_form():
    # «не … ничего»: removing «не» would not give the positive statement
    a = ask("Второй игрок не может ничего оставить закрытым?")
    assert not any("прочитан через утвердительный" in t for t in a.trace), a.trace
    b = ask("Движение не медленное игродействие?")
    assert any("прочитан через утвердительный" in t for t in b.trace), b.trace
