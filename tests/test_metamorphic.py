"""The metamorphic checker (benchmarks/metamorphic.py) and the faults it found (issues 11, 14).

The questions here are written for these tests in chat style; none is from an evaluation set.
"""

from __future__ import annotations

import pytest

from benchmarks import metamorphic as mm
from bot.answer import Answer
from bot.judge import ask


def _a(verdict, citations=("209.4",), trace=(), route="scenario"):
    return Answer(question="", route=route, verdict=verdict, citations=list(citations), trace=list(trace))


# ---------------------------------------------------------------- variants

@pytest.mark.parametrize("q, want", [
    ("а симбиота можно ли сажать на летуна?", "а симбиота нельзя сажать на летуна?"),
    ("Можно ли надеть шмотку на орка?", "Нельзя надеть шмотку на орка?"),
    ("закрытый гном может ходить?", "закрытый гном не может ходить?"),
    ("арт не может бить?", "арт может бить?"),
    ("Орк стоит рядом. может ли он атаковать?", "Орк стоит рядом. не может он атаковать?"),
])
def test_modal_negated(q, want):
    v = mm.negate_modal(q)
    assert v is not None and v.family == "modal" and v.question == want


@pytest.mark.parametrize("q", [
    "разве можно сажать симба на летуна?",       # rhetorical: the lead word agrees with the negation
    "сколько симбов можно на одно сущ?",          # a value question
    "можно ли атаковать, если он может летать?",   # two modals
    "как приготовить борщ",
])
def test_modal_not_negated(q):
    assert mm.negate_modal(q) is None


def test_trait_owner_reorder_typo_condition():
    q = "Мой орк не летающий. Противник закрыт. Можно ли надеть на моего орка шмотку?"
    assert mm.negate_trait(q).question == "Мой орк летающий. Противник закрыт. Можно ли надеть на моего орка шмотку?"
    assert mm.negate_trait("гном без класса. шмотку можно?").question == "гном с классом. шмотку можно?"
    assert mm.negate_trait("гном стал летающим. что с симбом?") is None      # an event, not a set-up trait
    assert mm.swap_owner(q).question == "Чужой орк не летающий. Противник закрыт. Можно ли надеть на чужого орка шмотку?"
    assert mm.reorder(q).question == "Противник закрыт. Мой орк не летающий. Можно ли надеть на моего орка шмотку?"
    assert mm.reorder("Посадил симба на орка. Потом орка убили. Что с симбом?") is None   # an order of events
    assert mm.typo("можно ли телепортировать артефакт?").question == "можно ли телепоритровать артефакт?"
    assert mm.add_condition("можно ли ходить по диагонали").question == \
        "можно ли ходить по диагонали, если это первый бой турнира?"


def test_claims():
    q = "Гном закрыт. а можно ли ему ходить?"
    assert mm.claim(q).question == "Гном закрыт. Друг говорит, что можно ему ходить. Он прав?"
    assert mm.claim(q, negated=True).question == "Гном закрыт. Друг говорит, что нельзя ему ходить. Он прав?"
    assert mm.claim("противник говорит, что можно. он прав?") is None    # already a dispute
    assert mm.claim("кто получает приоритет?") is None


def test_every_family_is_generated():
    fams = {v.family for v in mm.variants("Мой гном не летающий. Противник закрыт. Можно ли надеть на него экипировку?")}
    assert fams == {"modal", "trait", "owner", "reorder", "chatter", "typo", "claim", "claim_neg", "condition"}


# ---------------------------------------------------------------- reading verdicts

@pytest.mark.parametrize("q, verdict, want", [
    ("можно ли X?", "Нет, нельзя: …", False),
    ("можно ли X?", "Да, можно", True),
    ("X остаётся?", "Нет, экипировка уничтожается", False),
    ("нельзя надеть шмотку?", "Нельзя: экипировку нельзя помещать …", False),
    ("нельзя надеть шмотку?", "Можно: …", True),
    ("гном не может ходить?", "Не может: …", False),
    ("гном не может ходить?", "Нет, гном …", None),      # a bare lead to a negated question reads both ways
    ("сколько?", "Одна", None),
])
def test_truth(q, verdict, want):
    assert mm.truth(q, verdict) is want


def test_claim_truth_and_gist():
    assert mm.claim_truth("Да, друг прав: …") is True
    assert mm.claim_truth("Нет, друг не прав: …") is False
    assert mm.claim_truth("Нет, нельзя") is None
    assert mm.gist("Только одного (1): …") == mm.gist("1 («одного симбиота»)") == "1"
    assert mm.gist("Одна: под контролем …") == "1" != mm.gist("2 («две местности»)")
    assert mm.gist("Его экипировка уничтожается") == mm.gist("Экипировка уничтожается")


def test_judge_pair_statuses():
    q = "можно ли сажать симба на летуна?"
    mod = mm.negate_modal(q)
    assert mm.judge_pair("modal", q, _a("Нет, нельзя"), mod, _a("Нельзя: …")).status == "consistent"
    assert mm.judge_pair("modal", q, _a("Нет, нельзя"), mod, _a("Можно: …")).status == "inconsistent"
    assert mm.judge_pair("modal", q, _a("Нет, нельзя"), mod, _a(None)).status == "declined"
    cl = mm.claim(q)
    f = mm.judge_pair("claim", q, _a("Нет, нельзя"), cl, _a("Да, друг прав", trace=["утверждение: …"]))
    assert (f.status, f.route) == ("inconsistent", "claims")
    ch = mm.chatter(q)[0]
    assert mm.judge_pair("chatter", q, _a("Нет, нельзя"), ch, _a("Нет, нельзя")).status == "consistent"
    assert mm.judge_pair("chatter", q, _a("Нет, нельзя"), ch, _a("Да, можно")).status == "inconsistent"


# ---------------------------------------------------------------- the checker on ask

@pytest.mark.parametrize("q", [
    "можно ли посадить симбиота на летающее существо?",
    "может ли артефакт двигаться?",
])
def test_ask_is_consistent_on_plain_rules(q):
    findings, asked = mm.run([q], families=("modal", "claim", "claim_neg", "chatter"))
    assert asked == 1 and findings
    assert [f for f in findings if f.status == "inconsistent"] == []


# ---------------------------------------------------------------- the faults it found

CARD = "«{tap}: Ранить выбранное существо противника на 2, в противном случае – закрыть эту карту»"


def test_negated_question_reads_no_modal_of_the_reasons():
    """«…легально, поэтому игрок обязан объявить её» is a reason, not the answer to «не могу …?»
    (bot.yesno._content reads the first clause only)."""
    pos = ask(f"карта {CARD}. у противника есть открытые сущи. могу сразу выбрать закрыть карту?")
    neg = ask(f"карта {CARD}. у противника есть открытые сущи. не могу сразу выбрать закрыть карту?")
    assert pos.verdict.startswith("Нет") and "505.6" in pos.citations
    assert neg.verdict is None or neg.verdict.startswith(("Не могу", "Нет, не могу"))


def test_count_of_each_class_is_no_count_in_all():
    """212.4 «только одну экипировку каждого класса»: «сколько всего шмоток» gets no «1»."""
    from bot.rules_text import route as rule_text

    a = rule_text.answer("сколько всего шмоток можно повесить на один отряд героя максимум?", "5ed")
    assert a is None or a.verdict is None or not a.verdict.startswith("1")
    b = rule_text.answer("сколько экипировок одного класса можно поместить на существо?", "5ed")
    assert b is not None and b.verdict.startswith("1") and "каждого класса" in b.verdict and b.citations[0] == "212.4"


def test_count_under_an_untold_condition_is_not_given():
    """211.4 «Если особенность позволяет взять вторую местность, … две» counts for another
    situation: «сколько местностей берут» does not get «2»."""
    from bot.rules_text import route as rule_text

    a = rule_text.answer("ну и скока местностей берут в отряд", "5ed")
    assert a is None or a.verdict is None or not a.verdict.startswith("2")
    b = rule_text.answer("если особенность позволяет взять в отряд вторую местность, скока местностей можно контролировать?",
                         "5ed")
    assert b is not None and b.verdict.startswith("2") and b.citations[0] == "211.4"


@pytest.mark.parametrize("q, verdict, other", [
    ("раз на сущ без класса шмотку нельзя надевать, она теперь уничтожается?", "Да, нельзя", True),
    ("если симба нельзя на летуна, то он погибнет?", "Нет, можно: …", True),
    ("если сущ закрыто разве оно может двигаться", "Нет, не может: …", False),   # one clause: it asks the modal
    ("раз закрыто, можно ли ему ходить?", "Нет, нельзя: …", False),
    ("можно ли симба на летуна?", "Нет, нельзя: …", False),
    ("раз симба нельзя на летуна, он погибает?", "Да, симбиот погибает", False),
    ("у него ещё осталось движение?", "Нет, не может: …", False),                 # no modal asked at all
])
def test_premise_modal_is_not_the_answer(q, verdict, other):
    from bot.yesno import answers_other_predicate

    assert answers_other_predicate(q, verdict) is other


def test_premise_answered_gets_no_verdict():
    a = ask("у орка шмотка, его лишили класса. раз шмотку нельзя надевать на сущ без класса, она теперь слетает?")
    assert a.verdict is None or not a.verdict.startswith(("Да, нельзя", "Нет, можно"))


def test_ordinals_of_nouns():
    from bot.rules_text.ordinals import conflict, ordinals

    assert ordinals("карты 3-го ряда и второго ряда, в начале первого хода") == {"ряд": frozenset({2, 3}),
                                                                                "ход": frozenset({1})}
    rule = "Второй игрок может оставить любые карты своего 3-го ряда скрытыми до конца первого хода."
    assert conflict("а карты второго ряда второй игрок может оставить скрытыми?", rule) == "ряд"
    assert conflict("а карты 3го ряда второй игрок может оставить скрытыми?", rule) is None
    assert conflict("может ли второй игрок оставить карты скрытыми?", rule) is None    # no ordinal of «ряд» asked


def test_rule_text_withholds_a_verdict_on_another_row():
    from bot.rules_text import route as rule_text

    a = rule_text.answer("второй игрок может оставить скрытыми карты второго ряда до конца первого хода?", "5ed")
    assert a is None or a.verdict is None
    if a is not None:
        assert any("разными номерами" in t for t in a.trace)


def test_greeting_and_thanks_keep_the_verdict():
    """«привет, вопрос: …», «… заранее спс» are chat around the question (lexicon fillers, claim
    framing, rule-text fillers): the verdict is the one without them."""
    findings, asked = mm.run(["можно ли посадить симбиота на летающее существо?"], families=("chatter",))
    assert asked == 1 and [f.status for f in findings] == ["consistent"] * len(mm.CHATTER)
    a = ask("привет, вопрос: друг говорит, что симбиота можно посадить на летающее существо. он прав?")
    assert a.verdict.startswith("Нет, друг не прав") and "209.4" in a.citations


@pytest.mark.parametrize("q, want", [
    ("привет, вопрос: можно ли симба на летуна? заранее спс", "можно ли симба на летуна?"),
    ("Народ, подскажите: артефакт может ходить?", "Артефакт может ходить?"),
    ("Здравствуйте! Может ли арт двигаться? Спасибо!", "Может ли арт двигаться?"),
    ("вопрос по оплате. карта закрывается сразу?", "вопрос по оплате. карта закрывается сразу?"),  # «вопрос» is told
    ("спасибо", "спасибо"),
])
def test_courtesy_at_the_edges(q, want):
    from bot.courtesy import strip

    assert strip(q) == want


def test_thanks_after_a_reasoned_question_keep_its_verdict():
    q = "мой гном уже ударил в этот ход. запас движения же у него восстановился в начале хода, может он теперь походить?"
    plain, thanked = ask(q), ask(q + " заранее спс")
    assert plain.verdict and thanked.verdict == plain.verdict and thanked.citations == plain.citations
    assert thanked.question.endswith("заранее спс")
    assert mm.gist("Контролирующий игрок: одну из способностей …") == "контролирующий"


@pytest.mark.parametrize("q", [
    "закрытая карта может быть целью атаки, если мы играем в клубе?",
    "закрытая карта может быть целью выстрела, если идёт финал турнира?",
])
def test_a_prohibition_of_acting_does_not_decide_being_the_target(tested_edition, q):
    """«Закрытая карта не может объявлять атаки» applied to a narrower case used to decide «может
    быть целью атаки?» once a condition no rule names kept the sentence about targets from fitting."""
    from bot.rules_text import route as rule_text

    a = rule_text.answer(q, tested_edition)
    assert a is None or a.verdict is None or a.verdict.startswith("Да")
    plain = rule_text.answer("может ли закрытая карта быть целью атаки?", tested_edition)
    assert plain.verdict.startswith("Да") and plain.citations[0] == "408.8"


def test_another_creature_is_not_the_source():
    """«Ранить другое ваше существо» does not target the card itself: with no other creature of
    yours the part cannot be declared and «;» uses no next part (505.4.1)."""
    text = "«{tap}: Излечить другое ваше существо на 2; разряд на 1 по выбранному существу»"
    none = ask(f"у моего мага {text}. других моих существ на поле нет. разряд будет?")
    told = ask(f"у моего мага {text}. у меня есть ещё одно раненое существо. разряд будет?")
    assert none.verdict.startswith("Нет") and "505.4.1" in none.citations, none.verdict
    assert told.verdict.startswith("Да") and "505.4.1" in told.citations, told.verdict
    assert not any("«Источник»" in t and "излечива" in t for t in told.trace)
