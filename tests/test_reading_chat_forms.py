"""Chat spellings and typos read as the lexicon's own words (issue 11, read11): a word the
dictionary does not know is read as the one form of a lexicon word it sounds like, a chat
spelling («ваще», «плиз») as the word it stands for, calls before the question («народ
подскажите плиз:») as courtesy. Questions written for these tests, not from an evaluation set."""

from __future__ import annotations

import time

import pytest

from bot.courtesy import strip
from bot.reading.forms import lexicon_forms, nearest_form, sound_key
from bot.reading.tokens import tokenize
from tests.reading_support import scenario_answer


@pytest.mark.parametrize("typed, meant", [
    ("палажить", "положить"),       # unstressed vowels by ear
    ("полжить", "положить"),        # a letter dropped
    ("сущиство", "существо"),
    ("артифакт", "артефакт"),
    ("уничтожаеться", "уничтожается"),  # «-ться» for «-тся»
    ("летаюшее", "летающее"),       # «ш» for «щ»
    ("погибаит", "погибает"),       # «и» for an unstressed «е»
])
def test_typo_read_as_the_lexicon_form_it_sounds_like(typed, meant):
    assert nearest_form(typed) == meant


@pytest.mark.parametrize("word", [
    "одеть",        # a real word: never corrected
    "орка",         # short and known
    "гобгоблин",    # a card name nothing in the lexicon sounds like
    "летающиее",    # «летающее» and «летающие» as near: two forms, no guess
    "симб",         # shorter than five letters
    "способкой",    # a form of the lexicon's own slang («способка»), not a typo of «способной»
    "абилкой",
])
def test_no_correction_without_one_near_form(word):
    assert nearest_form(word) is None


def test_form_table_holds_every_form_of_a_lexicon_word():
    forms = lexicon_forms()
    for f in ("положить", "положил", "положат", "симбиота", "летающему"):
        assert f in forms, f
    assert sound_key("можно") == sound_key("можна")


def test_capitalised_word_inside_a_sentence_is_a_name_not_a_typo():
    toks, _ = tokenize("Можна ли палажить Сущиство?")
    assert [t.text for t in toks] == ["можно", "ли", "положить", "сущиство"]


def test_chat_spelling_is_read_as_the_word_it_stands_for():
    toks, _ = tokenize("ваще кароч плиз")
    assert [t.text for t in toks] == ["вообще", "короче", "пожалуйста"]


@pytest.mark.parametrize("clean, typed", [
    ("можно ли положить симбиота на летающее существо?", "можна ли палажить симбиота на летающее сущиство?"),
    ("можно ли положить симбиота на летающее существо?", "ваще можно ли полжить симбиота на летающее существо плиз?"),
    ("у меня рыцарь, на нём висит симбиот. рыцаря убили. симбиот погибает?",
     "у меня рыцарь, на нём висит симбеот. рыцаря убеили. симбиот погибаит?"),
])
def test_typed_question_gets_the_verdict_of_the_clean_one(clean, typed):
    a, b = scenario_answer(clean), scenario_answer(typed)
    assert b.verdict == a.verdict and b.citations == a.citations
    assert a.verdict.startswith(("Да", "Нет"))


@pytest.mark.parametrize("q", [
    "народ подскажите плиз: можно ли симбиота на артефакт?",
    "плиз подскажите, можно ли симбиота на артефакт?",
    "пожалуйста подскажите, можно ли симбиота на артефакт?",
    "можно ли симбиота на артефакт? пжлст",
])
def test_calls_and_please_around_the_question_are_courtesy(q):
    assert strip(q) == "можно ли симбиота на артефакт?"
    assert scenario_answer(q).verdict.startswith("Нет")


def test_courtesy_run_without_a_mark_is_linear():
    q = "подскажите пожалуйста " * 300 + "можно ли"
    t = time.perf_counter()
    assert strip(q) == q
    assert time.perf_counter() - t < 0.5


# ------------------------------------------------------------------ a card moved by a replacing verb
@pytest.mark.parametrize("q, host", [
    ("мой симб сидел на тролле, а противник способкой переложил его на моего мага. кто теперь хозяин?", "«Маг»"),
    ("симбиот сидел на тролле, противник эффектом переложил симбиота на гоблина. кто теперь хозяин?", "«Гоблин»"),
    ("на моём тролле висел щит, противник особенностью переложил его на своего гоблина. кто теперь хозяин щита?",
     "«Гоблин» (противника)"),
])
def test_replaced_card_names_its_new_host(q, host):
    """«переложил его / симбиота на X»: the pronoun before the place is the attached card, and the
    creature after «на» is where it was put, not where it lay (209.3, 212.1); «свой» after the
    agent «противник» is the opponent's."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Хозяином становится существо " + host), a.verdict
    assert a.citations[0] in ("209.3", "212.1")


# ------------------------------------------------------------------ one reader's word missing from its list
@pytest.mark.parametrize("q, lead, cite", [
    # «сверху в стеке» is the top of the stack, as «верхнее» (303.4)
    ("когда выполняется действие, которое сейчас сверху в стеке?", "Когда оба игрока подряд пасуют", "303.4"),
    # the two roles after «кто первым …» are the answer's options (305.1)
    ("сейчас ход соперника, у нас обоих одновременно сработали особенности. кто первым кладёт их в стек, "
     "активный игрок или неактивный?", "Сначала особенности противника", "305.1"),
    # «рубашкой вверх» says «hidden» (405.1)
    ("до какого момента можно держать карты третьего ряда рубашкой вверх?", "До конца первого хода", "405.1"),
    # a sentence after the question that only gives an example of the «что-то» asked (408.2)
    ("может ли что-то случиться между фазами? например сыграть внезапку", "Нет", "408.2"),
    # «некому симбиота отдать»: the placing verb after the card that nobody can take (209.7, 405.2)
    ("в рассадку некому симбиота отдать, все мои сущи летающие. что с ним будет?", "Симбиот погибает", "209.7"),
])
def test_reader_places_the_word_its_list_lacked(q, lead, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


@pytest.mark.parametrize("q, lead, cite", [
    # a quoted rule term in another case is still the term, not card text (304.2)
    ("использование «авангарда» — быстрое игродействие?", "Нет, медленное", "304.2"),
    # «плачу стоимость сразу при объявлении» is a payment before the resolution (302.6)
    ("я плачу стоимость сразу при объявлении игродействия, ещё до его выполнения. так правильно?", "Нет", "302.6"),
    # «действие, которое идёт в стек» is a game action that uses the stack; «сразу» asks when (303.3)
    ("я объявил действие, которое идёт в стек. приоритет сразу переходит к сопернику?", "Нет", "303.3"),
    # «если больше ничего не происходило»: what was told is all that happened (506.5)
    ("моё существо подействовало. может оно после этого двигаться в тот же ход, если больше ничего не происходило?",
     "Нет", "506.5"),
])
def test_told_practice_and_nothing_else(q, lead, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]


# ------------------------------------------------------------------ «X. так можно?»
@pytest.mark.parametrize("q, lead, cite", [
    ("соперник перенаправил атаку в мою шмотку. так можно?", "Нет", "212.9"),
    ("оппонент перенаправил атаку в мою экипировку. а так можно?", "Нет", "212.9"),
    ("противник атаковал мой артефакт. так можно вообще?", "Да", "210.3"),
])
def test_told_action_then_a_bare_legality_question(q, lead, cite):
    """A last sentence that only asks «так можно?» asks about the action told just before it —
    the same verdict as with a comma («…, так можно?»)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert cite in a.citations[:3]
    assert scenario_answer(q.replace(". ", ", ", 1)).verdict == a.verdict


def test_bare_legality_after_a_claim_is_left_to_the_dispute():
    from bot.reading.tokens import tokenize

    toks, ends = tokenize("соперник говорит, что перенаправил атаку в мою шмотку. так можно?")
    assert len(ends) == 2 and toks[-1].sent == 1


@pytest.mark.parametrize("q", [
    "можно ли поставить арт защитником от простого удара?",
    "а мой артефакт можно назначить защитником?",
])
def test_placing_verb_with_a_role_names_the_role(q):
    """«поставить / назначить X защитником» asks the defender role (210.2), not a placing on a host."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "210.2"


@pytest.mark.parametrize("q, lead, cite", [
    # «его шмотка»: the piece the creature named before wears (212.3)
    ("моему паладину дали полёт. что с его шмоткой?", "Экипировка уничтожается", "212.3"),
    ("мою гарпию сделали летающей. её шмотка остаётся?", "Нет", "212.3"),
    # no placing verb: «на него» follows the modal word (212.2)
    ("у меня кентавр без класса, можно на него меч?", "Нет", "212.2"),
])
def test_host_named_by_a_possessive_or_a_bare_modal(q, lead, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


@pytest.mark.parametrize("q", [
    "у меня две местности в отряде, норм?",
    "я набрал в отряд 2 местности. так можно?",
])
def test_terrains_told_in_the_squad_then_asked_allowed(q):
    """Two terrains told in the squad (a digit too), the modal asks if that is allowed (211.3)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет"), a.verdict
    assert a.citations[0] == "211.3"


@pytest.mark.parametrize("q, lead, cite", [
    ("паразит и его хозяин на одной клетке?", "Да", "209.9"),
    ("шмотка и её хозяин занимают одну клетку?", "Да", "212.7"),
])
def test_verbless_place_question(q, lead, cite):
    """A verbless yes/no states the place it asks, as with «находятся» (209.9, 212.7)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == cite


def test_trait_adjective_opening_the_clause_is_the_creature():
    """«бестелесный может шмотку носить?»: the creature with the trait is the subject (212.3)."""
    a = scenario_answer("бестелесный может шмотку носить?")
    assert a.verdict.startswith("Нет") and a.citations[0] == "212.3"


@pytest.mark.parametrize("q, lead", [
    ("кто первым получает приоритет в начале хода?", "Активный игрок"),
    ("у кого приоритет в начале хода соперника?", "Активный игрок (противник)"),
])
def test_priority_at_the_start_of_a_turn(q, lead):
    """A turn starts with its Start phase: at a new phase the active player gets priority (303.1, 408.2)."""
    a = scenario_answer(q)
    assert a.verdict.startswith(lead), a.verdict
    assert a.citations[0] == "303.1"


def test_told_state_of_the_struck_artifact():
    """«по открытому артефакту» tells its state; the strike is still on a closed card (210.3)."""
    a = scenario_answer("бью по открытому артефакту простым ударом. считается как по открытой карте?")
    assert a.verdict.startswith("Нет, как по закрытой карте") and a.citations[0] == "210.3"


@pytest.mark.parametrize("q, lead, cite", [
    ("вызвал шмотку с кладбища, про хозяина в тексте ничего. что с ней будет?", "Экипировка погибает", "212.6"),
    ("возродил симба способкой, в тексте про хозяина ничего нет. что с ним?", "Симбиот погибает", "209.8"),
])
def test_summoning_text_silent_on_the_host_without_a_verb(q, lead, cite):
    a = scenario_answer(q)
    assert a.verdict.startswith(lead) and a.citations[0] == cite, a.verdict


def test_second_piece_presupposes_the_first():
    """«второй меч …, если у него уже есть меч»: the bare «меч» in the condition is the first
    piece, not the second one again — the same answer as told the other way round (212.4)."""
    a = scenario_answer("можно повесить второй меч на паладина, если у него уже есть меч?")
    b = scenario_answer("у паладина уже есть меч. можно повесить на него второй меч?")
    assert a.verdict == b.verdict and a.citations[0] == "212.4"


@pytest.mark.parametrize("q", ["чел, симбиота можно двигать отдельно?", "слушайте, симбиота можно двигать отдельно?"])
def test_address_before_the_question_is_courtesy(q):
    """«чел, …» addresses the reader: no creature «чел» that moves (209.10)."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == "209.10"


@pytest.mark.parametrize("q, cite", [("паразит может носить шмотку?", "212.3"), ("артефакт может носить шмотку?", "212.1")])
def test_any_card_asked_to_wear_a_piece(q, cite):
    """«X может носить шмотку?» for a card that is no creature: the simulator refuses the placing."""
    a = scenario_answer(q)
    assert a.verdict.startswith("Нет") and a.citations[0] == cite


def test_near_keys_are_the_one_edit_keys_of_the_table():
    """``_near_keys`` (start/end buckets, compared in C) finds the same sound keys as every
    one-edit string of ``_edits`` looked up in the table — on table keys edited by hand, on
    made-up words of the benchmark's kind and on short keys."""
    import random

    from bot.reading.forms import _by_sound, _edits, _near_keys, _one_edit

    table = _by_sound()
    rng = random.Random(7)
    keys = sorted(table)
    probes = {sound_key(w) for w in ("палажить", "сущиство", "погибаит", "кравалами", "матешираит", "гобгоблин",
                                     "симбиат", "летаюшие", "абракадабра", "xлетающее")}
    for k in rng.sample(keys, 300):
        for e in rng.sample(sorted(_edits(k)), 3):
            probes.add(e)
        probes.add(k)
    probes.update(rng.choice(keys)[:rng.randint(3, 9)] + rng.choice("абвгдкмнпрст") * rng.randint(0, 2)
                  for _ in range(300))
    for p in sorted(probes):
        want = sorted(k for k in _edits(p) if k in table)
        assert sorted(_near_keys(p)) == want, p
    assert _one_edit("абвгд", "абгвд") and _one_edit("абвгд", "абвд") and _one_edit("абвд", "абвгд")
    assert not _one_edit("абвгд", "абвгд") and not _one_edit("абвгд", "агвба") and not _one_edit("абвгд", "абвгдxx")
    assert not _one_edit("абвгд", "абвxд")      # «x» is no letter of a sound key


def test_known_words_do_not_build_the_form_table():
    from bot.reading import forms

    forms.lexicon_forms.cache_clear()
    forms.nearest_form.cache_clear()
    assert nearest_form("существо") is None and nearest_form("положить") is None
    assert forms.lexicon_forms.cache_info().currsize == 0
    assert nearest_form("палажить") == "положить"
    assert forms.lexicon_forms.cache_info().currsize == 1


def test_form_tables_are_stored_and_read_back(tmp_path, monkeypatch):
    """The form table is built once into the user's cache folder; the next process reads it
    (the same tables, no build), and a stale file of other code is replaced."""
    from bot.reading import forms

    monkeypatch.setenv("BERSERK_USER_DIR", str(tmp_path))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "lexicon_forms.0000.pickle").write_bytes(b"stale")
    forms._stored_tables.cache_clear()
    built = forms._stored_tables()
    files = list((tmp_path / "cache").glob("lexicon_forms.*.pickle"))
    assert len(files) == 1 and files[0].name != "lexicon_forms.0000.pickle"
    forms._stored_tables.cache_clear()
    monkeypatch.setattr(forms, "_build_forms", lambda: (_ for _ in ()).throw(AssertionError("built twice")))
    again = forms._stored_tables()
    assert again == built and again[0]["положить"] == built[0]["положить"]
    forms._stored_tables.cache_clear()
