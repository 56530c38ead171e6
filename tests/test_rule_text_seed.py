"""Rule-text verdicts on the 5ed seed pages for the question families chat players use
(issue 14): lists of kinds («Игродействия, использующие стек, это: …»), chat spelling
(«тока», «сущ», «юзает»), «… или нет» / «…, да?» tails, «A или B?» choices, and the
rule text answering where the simulator declines. Questions written here, in chat style."""

from __future__ import annotations

import pytest

from bot.judge import ask
from bot.rules_text.index import index_for
from bot.rules_text.question import read, respell
from bot.rules_text.route import answer


@pytest.mark.parametrize("q, lead, cite", [
    # 302.3 / 302.5: lists of game actions using the stack or not
    ("использует ли бросок кубика стек?", "Да", "302.3"),
    ("перемещение карты юзает стек?", "Да", "302.3"),
    ("эффект правил игры использует стек?", "Нет", "302.5"),
    ("эффект правил игры не использует стек?", "Да", "302.5"),
    # 304.2 / 304.3: slow and fast game actions, the class's opposite answered «нет»
    ("действие карты это медленное игродействие?", "Да", "304.2"),
    ("бросок кубика медленный?", "Нет", "304.3"),
    ("особенность «авангард» быстрая?", "Нет", "304.2"),
    ("движение существа медленное?", "Да", "304.2"),
])
def test_list_items_answer_from_their_head(q, lead, cite):
    a = answer(q, "5ed")
    assert a is not None and a.verdict and a.verdict.startswith(lead), (q, a and a.verdict)
    assert a.citations[0] == cite


def test_list_item_exception_is_kept():
    """«действие карты (кроме внезапного)»: a sudden action is not ruled slow by 304.2.б."""
    a = answer("внезапное действие это медленное игродействие?", "5ed")
    assert a is None or not (a.verdict or "").startswith("Да")


def test_list_props_carry_head_number_and_sentence():
    idx = index_for("5ed")
    items = [p for p in idx.props if p.number == "302.3" and p.kind == "fact"]
    assert {p.action for p in items} == {"использовать"}
    dice = [p for p in items if "бросок" in p.words]
    assert dice and dice[0].positive and dice[0].sentence.startswith("Игродействия, использующие стек, это")
    assert all(not p.positive for p in idx.props if p.number == "302.5" and p.kind == "fact")


def test_respell_chat_forms():
    assert respell("тока сущ юзает") == "только существо использует"
    assert respell("Арт стоит") == "Артефакт стоит"
    assert respell("токарь") == "токарь"        # whole words only


@pytest.mark.parametrize("q, lead", [
    ("пас щитается игродействием или нет", "Нет"),      # typo + «или нет» tail, no «?»
    ("закрытое сущ не может ходить да?", "Да"),          # negated question: «Да, не может»
    ("арт может двигаться?", "Нет"),
])
def test_chat_questions(q, lead):
    a = ask(q)
    assert a.verdict and a.verdict.startswith(lead), (q, a.route, a.verdict)


def test_choice_names_the_option_that_holds():
    q = read("бросок кубика это быстрое или медленное игродействие", "5ed")
    assert q is not None and {c for c, _ in q.choice} == {"быстрый", "медленный"}
    a = ask("бросок кубика это быстрое или медленное игродействие")
    assert a.verdict.startswith("Быстрое") and "304.3" in a.citations[:3]   # the simulator's or the rule text's
    a = answer("движение быстрое или медленное?", "5ed")
    assert a.verdict == "Медленное" and a.citations[0] == "304.2"


def test_rule_text_fills_a_declined_simulator_answer_only():
    """One-sentence question the simulator declines: the rule text rules; a simulator
    verdict is never replaced."""
    a = ask("пас это игродействие или нет?")
    assert a.verdict and a.verdict.startswith("Нет") and "303.2" in a.citations[:3]
    sim = ask("Можно ли положить симбиота на летающее существо?")
    assert sim.route == "scenario" and sim.verdict.startswith("Нет")


# ------------------------------------------------------------------ the asker's premise is not a fact
from bot.rules_text import premise  # noqa: E402


@pytest.mark.parametrize("q, asked, lead, cite", [
    ("арт это ж карта. значит он может двигаться?", "Арт может двигаться?", "Нет", "210.2"),
    ("особенность «авангард» это же срабатывающая типа как «в начале хода» значит быстрая?",
     "Особенность «авангард» быстрая?", "Нет", "304.2"),
    ("в правилах написано что эффект правил игры это тоже игродействие. значит он юзает стек?",
     "Эффект правил игры юзает стек?", "Нет", "302.5"),
])
def test_premise_split_and_conclusion_ruled(q, asked, lead, cite):
    s = premise.split(q)
    assert s is not None and s.asked.casefold() == asked.casefold()
    a = answer(q, "5ed")
    assert a.verdict.startswith(lead) and cite in a.citations[:3]
    assert "не принимал за факт" in a.blocks[0].text


def test_false_premise_is_said_with_its_paragraph():
    a = answer("пас это ж игродействие, значит пас является передачей приоритета?", "5ed")
    assert a is not None and a.verdict.startswith("Да") and "303.2" in a.citations
    assert "Неверно, что «пас это ж игродействие»: п. 303.2" in a.blocks[0].text


def test_told_board_fact_is_no_premise():
    """«у меня …», a past event: the situation routes read it, not the premise reader."""
    assert premise.split("у меня арт на поле. значит он может двигаться?") is None
    assert premise.split("сходил сущем. значит оно может ещё раз ходить?") is None


@pytest.mark.parametrize("q, lead, cite", [
    ("пас это передача приоритета противнику?", "Да", "303.2"),
    ("пас является игродействием?", "Нет", "303.2"),        # the definition names no kind «игродействие»
    ("движение это перемещение или нет?", "Да", "507.1"),    # «Движение – частный случай перемещения»
    ("приоритет это возможность объявлять игродействия?", "Да", "303.1"),
])
def test_definitions(q, lead, cite):
    a = answer(q, "5ed")
    assert a is not None and a.verdict.startswith(lead) and cite in a.citations[:3], (q, a and a.verdict)


def test_definition_reader_shapes():
    from bot.rules_text.definitions import read_definition

    [p] = read_definition("Пас – это передача приоритета противнику без объявления какого-либо игродействия.", "303.2")
    assert p.kind == "state" and p.positive and p.subject_words == {"пас"}
    assert "передача" in p.words and "~игродействие" in p.words
    assert read_definition("Симбиот не может перемещаться отдельно от хозяина.", "209.11") == []


# ------------------------------------------------------------------ «кто …?» and «только X может»
def test_who_gets_priority_names_the_player():
    a = answer("кто первым получает приоритет при переходе к новой подфазе", "5ed")
    assert a is not None and a.verdict == "Активный игрок" and a.citations[0] in ("303.1", "408.2")


def test_who_declines_when_the_doer_is_no_player_or_too_little_is_asked():
    assert answer("кто может использовать движение?", "5ed") is None    # 506.3: an open creature
    assert answer("кто получает приоритет?", "5ed") is None              # one concept: too broad


@pytest.mark.parametrize("q, lead", [
    ("движение может объявлять тока активный игрок?", "Да"),
    ("неактивный игрок может объявить движение?", "Нет"),
    ("неактивный игрок разве не может подвигать сущей в чужой ход", "Да"),   # «Да, не может»
])
def test_only_rule_answers_who_may_whatever_its_circumstance(q, lead):
    a = answer(q, "5ed")
    assert a is not None and a.verdict.startswith(lead) and a.citations[0] == "506.2", (q, a and a.verdict)


def test_only_rule_circumstance_still_needed_without_only():
    """«активный игрок может объявить движение?» — the rule allows it only in the choice
    sub-phase: no plain «Да» from the rule text."""
    a = answer("активный игрок может объявить движение?", "5ed")
    assert a is None or not (a.verdict or "").startswith("Да")


# ------------------------------------------------------------------ disputes and set-up sentences
def test_claim_argument_after_particle_is_not_the_claim():
    from bot.reading.claims import find_claim

    c = find_claim("я считаю что симба можно посадить на арт если арт открыт, он же тоже карта. я прав?")
    assert c is not None and c.proposition == "симба можно посадить на арт если арт открыт"
    assert c.reason == "он же тоже карта"
    c = find_claim("друг говорит что пас это игродействие. по мне бред, пас же просто передача. кто прав")
    assert c is not None and c.proposition == "пас это игродействие" and c.other_word == "друг"


def test_claim_ruled_by_rule_text_quotes_its_sentence():
    a = ask("я думаю что шмотку можно повесить на симба если у него есть класс, он же тоже сущ. верно же?")
    assert a.verdict.startswith("Нет, вы не правы") and "212.3" in a.citations[:3]
    assert "«Нельзя помещать экипировку на летающее существо, симбиота" in a.verdict


def test_coordinated_participle_members_split():
    """212.3 «на летающее существо, симбиота или бестелесное существо»: three members, the
    participle stays with its noun."""
    a = answer("шмотку можно надеть на симба?", "5ed")
    assert a is not None and a.verdict.startswith("Нет") and a.citations[0] == "212.3"


def test_rule_text_does_not_fill_a_declined_story_of_several_lowercase_sentences():
    """A chat story («… есть. на существо с классом можно?») the simulator declines is not
    ruled by the rule text from its last sentence: the gate counts sentences whatever the
    case of the next letter."""
    from bot.rules_text.premise import chat_sentences

    q = ("у меня бестелесный гоблин и я хочу надеть на него шмотку, класс у него есть. на существо с классом "
         "можно поместить экипировку?")
    assert len(chat_sentences(q)) == 2
    assert route_answer_verdict(q) is not None     # the rule text alone would rule on the last sentence
    from bot.answer import Answer
    from bot.judge import _rule_text_instead

    declined = Answer(question=q, route="scenario")
    assert _rule_text_instead(declined, q, "5ed") is declined


def route_answer_verdict(q):
    a = answer(q, "5ed")
    return a.verdict if a is not None else None


@pytest.mark.parametrize("q, lead, cite", [
    ("если игродействие без стека, приоритет противнику переходит?", "Нет", "303.5"),
    ("перемещение карты юзает стек", "Да", "302.3"),       # a chat statement-question without «?»
])
def test_chat_phrases_and_statement_questions(q, lead, cite):
    a = ask(q)
    assert a.verdict and a.verdict.startswith(lead) and cite in a.citations[:3], (q, a.route, a.verdict)


def test_respell_phrases():
    assert respell("игродействие без стека") == "игродействие не использующее стек"
    assert respell("это через стек идёт?") == "это использует стек?"


@pytest.mark.parametrize("q, lead, cite", [
    ("нельзя ли объявить движение симбиота?", "Нет", "209.10"),             # «нельзя ли» asks «можно ли»
    ("можно объявить движение симба ну хоть на одну клетку?", "Нет", "209.10"),   # «хоть одну» is no count
])
def test_polite_negation_and_minimal_count(q, lead, cite):
    a = answer(q, "5ed")
    assert a is not None and a.verdict.startswith(lead) and a.citations[0] == cite, (q, a and a.verdict)


def test_contrast_takes_back_the_premise_object():
    s = premise.split("атаку в шмотку перенаправить нельзя это я знаю. а в местность можно перенаправить?")
    assert s is not None and s.asked == "В местность можно перенаправить атаку?"
    a = answer("атаку в шмотку перенаправить нельзя это я знаю. а в местность можно перенаправить?", "5ed")
    assert a.verdict.startswith("Нет") and a.citations[0] == "211.2"


def test_claim_ruled_by_a_verdict_restating_another_action_gets_none():
    from bot.reading.claims import holds_of

    assert holds_of("Да, можно: симбиота можно поместить на это существо",
                    "если симбу нельзя на клетку, то и хозяину туда нельзя") is None
    assert holds_of("Нет, нельзя: нельзя помещать экипировку на симбиота", "шмотку можно повесить на симба") \
        == (False, "нельзя помещать экипировку на симбиота")
    assert holds_of("Нет, нельзя: между ходами никакое событие произойти не может",
                    "между ходами можно сыграть внезапное действие")[0] is False
