"""Families of fresh phrasing the reader declined or ruled wrongly on (issue 11, read12):
events told over two or three sentences, disputes, card text with a board. Every question
here was written for its test in chat style, not taken from an evaluation set; scenario
answers are checked to run with `scenario run` (tests/reading_support.scenario_answer)."""

from __future__ import annotations

import pytest

from tests.reading_support import scenario_answer


# ------------------------------------------------------------------ «уничтожили» as a told death
@pytest.mark.parametrize("q, lead, cite", [
    ("надел топор на варвара. потом варвара уничтожили. что с топором?", "Экипировка уничтожается", "212.3"),
    ("на гоблина противника я кинул паразита. гоблина уничтожили. паразит жив?", "Нет, паразит погибает", "209.4"),
    ("у меня симб на шамане, шамана уничтожили особенностью. симб остаётся?", "Нет, симбиот погибает", "209.4"),
])
def test_destroyed_host_is_a_host_that_left_the_battlefield(q, lead, cite):
    """«уничтожили» in a told sentence is the host leaving the battlefield, as «убили»: the
    symbiote dies (209.4), the equipment is destroyed (212.3)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_asked_destruction_is_still_the_asked_fate():
    """«уничтожится?» in the asked sentence stays the fate asked, not a told event."""
    a = scenario_answer("надел шлем на паладина. паладин стал летающим. шлем уничтожится?")
    assert a.verdict.startswith("Да"), a.verdict
    assert a.citations[0] == "212.3"


# ------------------------------------------------------------------ «где X?» after the host's event
@pytest.mark.parametrize("q, lead, cite", [
    ("кинул паразита на орка соперника. орка потом завалили. а паразит где?", "Паразит погибает", "209.4"),
    ("на моём жреце висит посох. жреца сделали бестелесным. где посох?", "Экипировка уничтожается", "212.3"),
    ("посадил симба на эльфа. эльф стал летающим. симб где теперь?", "Симбиот погибает", "209.4"),
    ("на рыцаре висит плащ. рыцаря закрыли. где плащ?", "Экипировка не уничтожается", "212.3"),
])
def test_where_after_the_hosts_event_asks_the_cards_fate(q, lead, cite):
    """«где паразит?» after an event of its host asks where the card is after it: on the host
    or gone (209.4, 212.3) — the same reading as «что с паразитом?»."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


def test_where_without_an_event_is_not_a_fate():
    """With nothing told to have happened to the host, «где симб?» is no fate question for the
    simulator (the place before reveal, 209.2, is the rule text's)."""
    from bot.judge import ask

    a = ask("где лежит симбиот до вскрытия?")
    assert a.route != "scenario" or a.reading is None or "fate" not in str(a.reading)


# ------------------------------------------------------------------ «потом» inside a clause
def test_then_between_object_and_verb_keeps_the_object_with_its_verb():
    """«орка потом вернули в колоду»: «потом» before the clause's verb is an adverb inside
    it, so the object before it is what the verb acts on (209.4)."""
    a = scenario_answer("посадил симба на орка. орка потом вернули в колоду. что с симбом?")
    assert a.verdict.startswith("Симбиот погибает"), a.verdict
    from bot.reading.tokens import tokenize

    toks, _ = tokenize("орка потом убили")
    assert len({t.clause for t in toks}) == 1
    toks, _ = tokenize("посадил симба потом орка убили")
    assert len({t.clause for t in toks}) == 2      # after a told verb «потом» still opens a clause


# ------------------------------------------------------------------ «у X Y»: the verbless «есть»
@pytest.mark.parametrize("q, lead, cite", [
    ("у моего минотавра симбиот. минотавр перестал быть существом. что с симбиотом?", "Симбиот уничтожается", "209.3"),
    ("у гнома противника мой паразит. гнома убили. паразит выжил?", "Нет, паразит погибает", "209.4"),
    ("у моего друида кольчуга. друид стал летающим. что с кольчугой?", "Экипировка уничтожается", "212.3"),
])
def test_card_of_a_creature_without_a_verb_lies_on_it(q, lead, cite):
    """«у моего минотавра симбиот» (no verb) tells the symbiote lying on the minotaur, as «у
    него есть симбиот» does (209.2, 212.1)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_verbless_possession_does_not_read_an_asked_placing():
    """«у тролля симбиот. можно положить ещё одного?» — the first symbiote lies there, the
    asked placing is not turned into a second relation (no verdict without its reading)."""
    from bot.reading.reader import read

    r = read("у моего тролля симбиот. тролля убили. что с симбиотом?")
    sym = next(c for c in r.cards.values() if c.kind == "symbiote")
    assert sym.host == next(c.key for c in r.cards.values() if c.kind == "creature")


# ------------------------------------------------------------------ «собственный» is «свой»
@pytest.mark.parametrize("q", [
    "можно кинуть паразита на собственное существо?",
    "оппонент уверяет, что паразита можно кинуть на его собственного гоблина. он прав?",
])
def test_own_creature_is_no_host_of_a_parasite(q):
    """«собственное существо» is the player's own: a parasite goes only onto a card of the
    opponent's squad (209.1) — it was read as any creature and answered «можно»."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    assert "209.1" in a.citations[:3]


# ------------------------------------------------------------------ card text: who refused; a part not needed
def test_the_askers_own_refusal_is_not_the_opponents():
    """«я в свой черёд отказался» is the asker declining his own ability, not the opponent's
    refusal of 505.7: the board fact is not read as «противник отказался», so the run on it
    gives no «Да» (406.1 decides such a story, not the card text)."""
    from bot.judge import ask
    from bot.sim.board_text import read_board_facts

    q = "у моего стрелка «в начале боя – ранить выбранное существо на 2». я в свою очередь отказался, хочу потом. можно?"
    assert not any(f.kind == "refuse" for f in read_board_facts(q).facts)
    a = ask(q)
    assert a.verdict is None or not a.verdict.startswith("Да"), a.verdict
    facts = read_board_facts("у мага «Закройте выбранное существо противника; если противник не может или не хочет "
                             "этого сделать – нанесите себе 1 рану». противник отказался. что будет?").facts
    assert [f.kind for f in facts] == ["refuse"]


_MAY = "у моего воина «В начале своего хода может открыться и переместиться на соседнюю клетку». "


@pytest.mark.parametrize("q, lead", [
    (_MAY + "можно только открыться, а ходить не нужно?", "Да"),
    (_MAY + "можно открыться, а перемещаться не обязательно?", "Не обязательно"),
    (_MAY + "перемещаться не обязательно?", "Не обязательно"),
])
def test_a_part_not_needed_beside_a_permission_asks_leave_to_skip_it(q, lead):
    """«можно только A, а B не надо?» asks leave to declare A alone: after «может» the
    controller may leave parts out (505.8) — «Да», not «Нет: B не объявляется»; «B не
    обязательно?» is answered by its own word — it was «Обязательно: … можно не объявлять»
    (the leave «вправе не объявлять» read as a «yes» to the obligation)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "505.8"


def test_an_obligation_asked_is_still_an_obligation():
    """«обязательно перемещаться?» (no permission word) asks whether part 2 must be declared:
    «Нет», it may be left out (505.8)."""
    from bot.judge import ask

    a = ask("у моего воина «В начале своего хода может открыться и переместиться на соседнюю клетку». "
            "обязательно перемещаться?")
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "505.8"


# ------------------------------------------------------------------ «его переложили на гнома»: the pronoun is the moved card
@pytest.mark.parametrize("q, host, cite", [
    ("симбиот сидел на орке. его переложили на гнома. кто теперь хозяин?", "«Гном»", "209.3"),
    ("мой симб был на тролле, потом особенностью его пересадили на моего эльфа. кто теперь хозяин?", "«Эльф»", "209.3"),
    ("на рыцаре висела шмотка. её перевесили на мага. кто теперь её носит?", "«Маг»", "212.1"),
])
def test_pronoun_of_a_moved_card_is_the_attached_card(q, host, cite):
    """«его переложили на гнома»: what a placing verb puts onto a creature is an attached card,
    not the creature named last (a creature is put on nothing) — the new host is the one
    after «на» (209.3, 212.1); and that clause tells a placing, not a card lying there."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Хозяином становится") and host in a.verdict, a.verdict
    assert a.citations[0] == cite


def test_pronoun_onto_a_creature_is_still_the_creature():
    """«надеть на него ещё один меч»: after «на» the pronoun is the creature the card goes on."""
    a = scenario_answer("на орке висит меч. хочу надеть на него ещё один меч. можно?")
    assert a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "212.4"


# ------------------------------------------------------------------ a told act asked «так можно?»
@pytest.mark.parametrize("q, lead, cite", [
    ("соперник перенаправил атаку в мою местность. так можно?", "Нет", "211.2"),
    ("противник перевёл атаку в мою шмотку. так можно?", "Нет", "212.9"),
    ("враг ударил по моей местности. так можно?", "Нет", "211.2"),
    ("противник атаковал мой артефакт. так можно?", "Да", "210.3"),
    ("мой артефакт атаковал гоблина. так можно?", "Нет", "210.2"),
])
def test_told_attack_asked_whether_allowed(q, lead, cite):
    """«X сделал Y. так можно?» asks whether the act told just before is allowed: the attack
    reader reads the sentence before a bare «так можно?» (211.2, 212.9, 210.2). The card in the
    nominative before the act's verb acted; a card after it is the object — «мой артефакт» after
    «атаковал» is attacked (an inanimate accusative reads as a nominative), not the attacker."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


# ------------------------------------------------------------------ a summoned card: the open question of its fate
@pytest.mark.parametrize("q, lead, cite", [
    ("у моего некроманта «возродить выбранного симбиота из вашего кладбища». больше в тексте ничего нет. "
     "на кого он сядет?", "Ни на какую — вызванный симбиот погибает", "209.8"),
    ("у моего шамана «возродить выбранного симбиота из вашего кладбища». что с ним будет?",
     "Вызванный симбиот погибает", "209.8"),
    ("у оружейника «вызвать экипировку из вашей колоды». куда её класть, не сказано. чё с ней будет?",
     "Вызванная экипировка погибает", "212.6"),
    ("у оружейника «вызвать экипировку из вашей колоды и поместить её на ваше существо». что с ней будет?",
     "Вызванная экипировка помещается «на ваше существо»", "212.6"),
])
def test_summoned_card_fate_asked_openly(q, lead, cite):
    """«что с ним будет?», «на кого он сядет?» about a card the quoted text summons: the text
    decides — it names a card to put it on (that card is its host) or it perishes (209.8, 212.6).
    «больше в тексте ничего нет» tells what the text itself gives, not a board."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


def test_summoned_card_with_a_board_is_not_ruled_from_the_text_alone():
    """A board told beside the text («у меня открытый орк»): whether that creature may host the
    card is not this reading's — no verdict from the text alone."""
    from bot.judge import ask

    a = ask("у оружейника «вызвать экипировку из вашей колоды». у меня открытый орк. что с ней будет?")
    assert a.verdict is None or "погибает" not in a.verdict


# ------------------------------------------------------------------ a fact told after the check
@pytest.mark.parametrize("q, lead, cite", [
    ("соперник набрал в отряд 2 местности и говорит, что так можно. прав? особых особенностей у него нет",
     "Нет, соперник не прав", "211.3"),
    ("друг говорит, что симба можно на летуна. он прав? симб у меня обычный", "Нет, друг не прав", "209.4"),
])
def test_fact_after_the_check_is_a_set_up_sentence(q, lead, cite):
    """«… говорит, что так можно. прав? особенностей у него нет»: the statement after the check is
    read as a set-up told before the claim; «2 местности» is two terrains (211.3)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_a_second_question_after_the_check_is_not_moved():
    from bot.reading.claims import _fact_after_check

    assert _fact_after_check("друг говорит, что можно. прав? а он говорит иначе") is None
    assert _fact_after_check("друг говорит, что можно. прав?") is None
    assert _fact_after_check("друг говорит, что можно. прав? у меня обычный симб") == \
        "У меня обычный симб. друг говорит, что можно. прав?"


# ------------------------------------------------------------------ «поставить защитником», «некому отдать», «по открытому артефакту»
@pytest.mark.parametrize("q", [
    "можно поставить мой артефакт защитником?",
    "разве артефакт нельзя выставить защитником от простого удара?",
])
def test_making_a_card_the_defender_is_defending(q):
    """«поставить X защитником»: the player makes X the defender — an artifact cannot be one
    (210.2); «поставить» there puts no card on another."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет, нельзя"), a.verdict
    assert a.citations[0] == "210.2"


def test_no_one_to_give_the_symbiote_to():
    """«некому отдать симбиота, все мои существа летающие»: «отдать» places it (209.4, 209.7)."""
    a = scenario_answer("на вскрытии некому отдать симба, все мои сущи летающие. что с ним?")
    assert a.verdict.startswith("Симбиот погибает"), a.verdict


def test_attributive_state_of_the_struck_artifact_is_told():
    """«бью по открытому артефакту. считается как по закрытой?»: the state before the artifact is
    the one told of it; the strike is still calculated as on a closed card (210.3)."""
    a = scenario_answer("бью простым ударом по открытому артефакту. удар считается как по закрытой карте?")
    assert a.verdict.startswith("Да"), a.verdict
    assert a.citations[0] == "210.3"


# ------------------------------------------------------------------ a quoted keyword read as words of the question
def test_quoted_keyword_is_read_by_the_situation_reader():
    """«у гнома «вместо движения: Прыжок», запас движения 0»: a keyword of a few words the ability
    route gives no verdict on is read unquoted — every word used (506.7)."""
    from bot.judge import ask

    a = ask("у моего эльфа «вместо движения: Прыжок», а запас движения 0. могу прыгнуть?")
    assert a.route == "scenario" and a.verdict is not None and a.verdict.startswith("Да"), a.verdict
    assert "506.7" in a.citations[:2]
    assert any("ключевое слово" in t for t in a.trace)


def test_long_quoted_text_is_not_read_unquoted():
    from bot.judge import _unquoted_instead

    assert _unquoted_instead("у мага «закройте выбранное существо противника, в противном случае нанесите себе рану». "
                             "что будет?", "5ed") is None


# ------------------------------------------------------------------ a claim told by no one named
@pytest.mark.parametrize("q, lead, cite", [
    ("мне сказали, что артефакт может ходить. это правда?", "Нет, это не так", "210.2"),
    ("говорят, что симба нельзя сажать на летающее существо. верно?", "Да, это так", "209.4"),
])
def test_claim_of_no_one_named_names_no_opponent(q, lead, cite):
    """«мне сказали, что P», «говорят, что P»: the claimer is nobody in particular — the ruling
    says whether P is so, not «противник не прав» (no opponent said it)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert "противник" not in a.verdict and cite in a.citations[:2]
    assert a.understood.startswith("Как я понял: вам сказали, что")


def test_named_claimer_is_still_named():
    from bot.judge import ask

    a = ask("соперник сказал, что артефакт может ходить. прав?")
    assert a.verdict.startswith("Нет, соперник не прав"), a.verdict


# ------------------------------------------------------------------ «симб ещё на поле?» after the host's event
@pytest.mark.parametrize("q, lead, cite", [
    ("мой симб сидит на гноме. гном погиб. симб ещё на поле?", "Нет, симбиот погибает", "209.4"),
    ("надел на варвара секиру. варвар стал бестелесным. секира на нём?", "Нет, экипировка уничтожается", "212.3"),
    ("надел на варвара секиру. варвар поменял класс. секира всё ещё на варваре?", "Да", "212.2"),
])
def test_still_there_after_the_event_asks_the_fate(q, lead, cite):
    """«X ещё на поле?», «X на нём?» after an event of X's host: is X still there (209.4,
    212.2, 212.3) — a yes/no fate, read only when every word is «на» + the field or the host and
    words that only repeat «still»."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:2]


def test_still_there_after_a_move_is_not_read():
    """After the host moved, «на поле» or «на старой клетке» is not told apart: no verdict."""
    from bot.judge import ask

    a = ask("симб на орке. орка передвинули на соседнюю клетку. симб на поле?")
    assert a.verdict is None


# ------------------------------------------------------------------ connectives written with letters or a bare mark
@pytest.mark.parametrize("q, cite", [
    ("в записи «А; Б» выполнится ли Б, если А не выполнилось?", "505.4.1"),
    ("при «;» вторая способность сработает, если первая не сработала?", "505.4.1"),
    ("в записи «А – Б» будет ли Б, если А не получилось?", "505.4.2"),
])
def test_connective_by_letters_or_a_bare_mark(q, cite):
    """A letter template («А; Б») keeps its capitals when it is recognised, and its letters name the
    parts outside the quote; a bare «;» quoted is the semicolon connective: the next part is
    used only when the one before it was done (505.4.1, 505.4.2)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == cite


def test_claim_with_a_negated_condition_is_ruled():
    """«вторая выполняется, если первая не выполнилась» states «выполняется»: the «не» of its
    condition does not make the claim a negated one (which a «Нет» could not rule)."""
    from bot.judge import ask

    a = ask("кореш уверяет, что при «;» вторая способность выполняется, даже если первая не выполнилась. он прав?")
    assert a.verdict is not None and a.verdict.startswith("Нет, кореш не прав"), a.verdict
    assert a.citations[0] == "505.4.1"


# ------------------------------------------------------------------ card text on a board: a side not told
def test_any_sides_target_with_only_the_opponents_side_told_names_the_missing_fact():
    """«уничтожьте выбранный артефакт» when only «у противника нет артефактов» is told: the part may
    choose the asker's own artifact, so whether part 1 can be declared (505.6) is not known — no
    verdict, and the answer names the fact missing; told of the whole field, the board decides."""
    from bot.judge import ask

    text = "у карты «Уничтожить выбранный артефакт, в противном случае – ранить себя на 1». "
    a = ask(text + "у противника нет артефактов. что будет?")
    assert a.verdict is None, a.verdict
    assert any("ваши артефакты" in (b.text or "") for b in a.blocks)
    b = ask(text + "на поле нет ни одного артефакта. что будет?")
    assert b.verdict is not None and b.verdict.startswith("Ранить себя на 1"), b.verdict
    assert b.citations[0] == "505.6"
    c = ask("у карты «Уничтожить выбранный артефакт противника, в противном случае – ранить себя на 1». "
            "у противника нет артефактов. что будет?")
    assert c.verdict is not None and c.verdict.startswith("Ранить себя на 1"), c.verdict


def test_only_the_source_told_means_no_other_creature_of_the_asker():
    """«у меня только этот орк» with the orc's own text: no other creature of the asker is there —
    «ранить другое ваше существо» cannot be declared and «;» uses no next part (505.4.1); the
    source itself is still a creature of his («уничтожить ваше существо» may take it, 505.9)."""
    from bot.judge import ask
    from bot.sim.board_text import read_board_facts

    q = "у тролля «Ранить другое ваше существо на 1; получить фишку». у меня только этот тролль. фишка будет?"
    assert [(f.kind, f.owner) for f in read_board_facts(q).facts] == [("none", "own")]
    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "505.4.1"
    b = ask("у тролля «Уничтожить ваше существо – разряд на 3». у меня только этот тролль. разряд будет?")
    assert b.verdict is not None and b.verdict.startswith("Да"), b.verdict


# ------------------------------------------------------------------ an event verb whose object is told before it
@pytest.mark.parametrize("q, lead, cite", [
    ("мой симб сидит на шамане. шамана закрыли, потом добили. что с симбом?", "Симбиот погибает", "209.4"),
    ("жреца, на котором висит посох, убили. что с посохом?", "Экипировка уничтожается", "212.3"),
])
def test_event_verb_takes_the_creature_told_before_it(q, lead, cite):
    """«X закрыли, потом убили»: the second verb acts on the creature of the event just before it;
    «X, на котором …, убили»: on the creature the sentence opens with (209.4, 212.3)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


def test_event_verb_after_a_placing_names_no_creature():
    """«посадил симба на гнома, потом убили» — the symbiote or the gnome? Not read: no verdict."""
    from bot.judge import ask

    assert ask("посадил симба на гнома, потом убили. что с симбом?").verdict is None


def test_claim_with_a_copula_noun_is_the_ruled_action():
    """«артефакт не может быть защитником» is ruled by «не могут … выступать защитником» (210.2):
    the noun after the copula names the action — it was taken for a ruling on another action."""
    from bot.judge import ask

    a = ask("я сказал сопернику, что артефакт не может быть защитником, а он спорит. кто прав?")
    assert a.verdict is not None and a.verdict.startswith("Вы правы"), a.verdict
    assert a.citations[0] == "210.2"


@pytest.mark.parametrize("told, lead", [
    ("противник не отказался", "Закройте выбранное существо противника"),
    ("соперник не стал отказываться", "Закройте выбранное существо противника"),
    ("противник согласился", "Закройте выбранное существо противника"),
    ("противник отказался", "Нанесите себе 1 рану"),
])
def test_a_negated_refusal_is_no_refusal(told, lead):
    """«противник не отказался» was read as «отказался» (the stem alone) and ruled «Нанесите себе 1
    рану»: a refusal negated, or the opponent agreeing, leaves part 1 declared (505.7)."""
    from bot.judge import ask

    a = ask("у мага «Закройте выбранное существо противника; если противник не может или не хочет этого сделать – "
            f"нанесите себе 1 рану». {told}. что будет?")
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "505.7"


def test_a_negated_refusal_of_a_generic_connective_is_no_refusal():
    """The outcome reader (no board) read «противник не отказался» as a refusal too: part 2 is
    then not declared (505.7)."""
    from bot.judge import ask

    t = "«[способность 1]; если противник не может или не хочет этого сделать – [способность 2]». "
    a = ask(t + "противник не стал отказываться. будет способность 2?")
    assert a.verdict is not None and a.verdict.startswith("Нет"), a.verdict
    b = ask(t + "противник отказался. будет способность 2?")
    assert b.verdict is not None and b.verdict.startswith("Да"), b.verdict


@pytest.mark.parametrize("q, lead", [
    ("при «или» можно выбрать только одну способность?", "Да, только одну"),
    ("я думаю, что при «или» можно использовать только одну из способностей. верно?", "Да, вы правы: только одну"),
    ("у карты «Ранить выбранное существо на 2 или излечить ваше существо на 2». можно выбрать лишь одну?",
     "Да, только одну"),
])
def test_only_one_option_of_a_choice(q, lead):
    """«только одну» of «… или …»: the controller uses one of them, his pick (505.5); the verdict
    says «только», so a claim restricted by it is ruled, not taken for a mere possibility."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "505.5"


# ------------------------------------------------------------------ a claimer named by his turn role
@pytest.mark.parametrize("q, lead, cite", [
    ("второй игрок уверяет, что особенности «в начале боя» первым применяет он. так?", "Нет, второй игрок не прав", "406.1"),
    ("первый игрок говорит, что в подфазу начала боя первым играет он. прав?", "Да, первый игрок прав", "406.1"),
    ("второй игрок говорит, что может держать карты третьего ряда скрытыми. прав?", "Да, второй игрок прав", "405.1"),
])
def test_claimer_named_by_role(q, lead, cite):
    """«второй игрок говорит, что … он» — the claimer is the player of that role: his «он», or his
    subject-less «может …», is that role, checked against the one the rule names (406.1, 405.1)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


def test_counting_as_is_not_a_say_verb():
    """«считаем как по закрытой карте» counts a strike as something — not the asker claiming: the
    opponent's claim is the one ruled (210.3); «я считаю, что …» still claims."""
    from bot.judge import ask

    a = ask("бью простым ударом по открытому артефакту. оппонент говорит, что считаем как по закрытой карте. это правда?")
    assert a.verdict is not None and a.verdict.startswith("Да, оппонент прав"), a.verdict
    assert a.citations[0] == "210.3"
    b = ask("я считаю, что артефакт не может ходить. верно?")
    assert b.verdict is not None and b.verdict.startswith("Да, вы правы"), b.verdict


# ------------------------------------------------------------------ the card the opponent puts is his own
@pytest.mark.parametrize("q, lead, cite", [
    ("соперник посадил паразита на своё существо. так можно?", "Нет", "209.1"),
    ("соперник посадил паразита на моё существо. так можно?", "Да", "405.2"),
    ("противник надел шмотку на своего летуна и говорит, что так можно. он прав?", "Нет, противник не прав", "212.3"),
    ("противник говорит, что может кинуть своего паразита на своё существо. прав?", "Нет, противник не прав", "209.1"),
])
def test_the_card_the_opponent_places_is_his(q, lead, cite):
    """«противник положил паразита на …»: the card the opponent puts is his own (no owner told) —
    on his own creature a parasite may not go (209.1), on the asker's it may; «свой» is his. It
    was read as the asker's parasite: «на своё существо» was «Да, можно»."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


@pytest.mark.parametrize("q, lead", [
    ("друг говорит, что в записи «А; Б» Б выполняется, даже если А не выполнилось. он прав?", "Нет, друг не прав"),
    ("в записи «[способность 1] или [способность 2]» можно выбрать и первую, и вторую?", "Нет"),
    ("я думаю, что в записи «А или Б» можно выбрать и А, и Б. верно?", "Нет, вы не правы"),
])
def test_letters_and_both_options_in_claims(q, lead):
    """A folded «А не …» of a letter template read as the contrast «…, а не …» and «А; Б» claims were
    ruled on a garbled statement («Да, друг прав»); «и первую, и вторую» of «… или …» asks both
    together — one of them only (505.4.1, 505.5)."""
    from bot.judge import ask

    a = ask(q)
    assert a.verdict is not None and a.verdict.startswith(lead), a.verdict
    assert a.citations[0] in ("505.4.1", "505.5")


def test_the_creature_the_opponent_puts_his_card_on_is_told_by_kind():
    """«соперник посадил двух симбиотов на одно существо»: his symbiotes on a creature of no owner
    told — his own (where a symbiote goes), so 209.6 is what rules, not 209.1."""
    from bot.judge import ask

    a = ask("соперник посадил двух симбиотов на одно существо и говорит, что можно. так?")
    assert a.verdict.startswith("Нет, соперник не прав") and a.citations[0] == "209.6", a.verdict
