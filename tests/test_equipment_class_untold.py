"""Whether equipment may go on a creature depends on the creature having a class (212.2):
when the question does not tell it, the answer says the fact that decides it and cites
212.2 first — never a silent «Да» on an assumed class."""

from bot.judge import ask


def test_untold_class_gives_a_conditional_answer():
    a = ask("можно ли надеть топор на гнома?")
    assert a.verdict is not None and a.verdict.startswith("Да, можно, если у ")
    assert "есть класс" in a.verdict and a.citations[0] == "212.2"


def test_told_class_stays_unconditional():
    a = ask("можно ли надеть экипировку на существо с классом?")
    assert a.verdict is not None and a.verdict.startswith("Да, можно:") and "если" not in a.verdict


def test_told_no_class_stays_no():
    a = ask("можно ли надеть экипировку на существо без класса?")
    assert a.verdict is not None and a.verdict.startswith("Нет") and "212.2" in a.citations
