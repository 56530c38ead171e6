"""New-user and hostile-input faults found in the qa7 pass, each pinned by a test that
failed before its fix.

- A yes/no question naming only the subject of a rule of effect whose condition names that
  same subject («Если существо стало симбиотом, его симбиот погибает» — 209.6) got a bare
  «Да, погибает»: the condition is not told, the answer is conditional (or none).
- A dispute where the other side only agrees («я говорю, что он прав», «я с ним согласен»)
  was read as the asker denying the claim: «Вы правы» for a claim both sides hold.
"""

import pytest

from bot.judge import ask
from bot.reading.claims import find_claim

FALSE_CLAIM = "Противник говорит, что симбиота можно положить на летающее существо."


# ------------------------------------------------------------ rule text: an untold condition
@pytest.mark.parametrize("q", ["Симбиот погибает?", "Симбиот погибнет?"])
def test_a_conditional_consequence_is_never_a_bare_yes(q):
    a = ask(q)
    assert a.verdict != "Да, погибает" and a.verdict != "Да, погибнет"
    if a.verdict is not None:   # «Да, погибает, если существо покидает поле боя»
        assert a.verdict.startswith("Да") and ", если " in a.verdict, a.verdict
        assert a.citations[0] in {"209.4", "209.5", "209.6"}, a.citations


def test_the_condition_told_with_the_subject_still_fits_its_rule():
    a = ask("Если существо стало симбиотом, симбиот погибает?")
    assert a.verdict is not None and a.verdict.startswith("Да, погибает"), a.verdict
    assert a.citations[0] == "209.6", a.citations


# ------------------------------------------------------------ disputes: the other side agrees
@pytest.mark.parametrize("agree", [
    "Я говорю, что он прав.",
    "Я считаю, что противник прав.",
    "Я согласен.",
    "Я с ним согласен.",
    "Я тоже так думаю.",
])
def test_an_agreement_is_the_same_statement_not_its_denial(agree):
    claim = find_claim(f"{FALSE_CLAIM} {agree} Кто прав?")
    assert claim is not None and claim.who == "other"
    assert claim.counter == claim.proposition == "симбиота можно положить на летающее существо"
    assert claim.counter_who == "me"


@pytest.mark.parametrize("q", [
    f"{FALSE_CLAIM} Я говорю, что он прав. Кто прав?",
    f"{FALSE_CLAIM} Я согласен. Кто прав?",
    f"{FALSE_CLAIM} Я считаю, что он прав. Я прав?",
    "Противник говорит, что симбиота можно положить на летающее существо, и я с ним согласен. Мы правы?",
])
def test_both_sides_holding_a_false_claim_is_never_you_are_right(q):
    a = ask(q)
    assert a.verdict is None or "вы правы" not in a.verdict.lower(), a.verdict


@pytest.mark.parametrize("deny", ["Я говорю, что он не прав.", "Я не согласен.", "Я говорю, что он ошибается."])
def test_saying_the_other_is_wrong_denies_his_claim(deny):
    claim = find_claim(f"{FALSE_CLAIM} {deny} Кто прав?")
    assert claim is not None and claim.counter == ""
    a = ask(f"{FALSE_CLAIM} {deny} Кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "209.4"


def test_he_is_wrong_is_a_dispute_not_a_second_statement():
    a = ask("Противник говорит, что симбиота нельзя положить на летающее существо. Я говорю, что он ошибается. Кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Прав противник"), a.verdict
    assert "проверить не смог" not in a.verdict and a.citations[0] == "209.4"
