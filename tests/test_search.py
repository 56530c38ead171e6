"""Search engine on a small fixture edition (Rulebook.from_dict): lemmas, typos,
synonyms, negation, snippets, off-topic questions, the answer shape."""

from __future__ import annotations

import pytest

from bot.rulebook import Rulebook
from bot.search import MARK, Hit, SearchIndex, result_answer

FIXTURE = {
    "edition": "fixture",
    "title": "fixture",
    "sections": [
        {"number": "209", "title": "Симбиоты, паразиты"},
        {"number": "212", "title": "Экипировки"},
        {"number": "303", "title": "Приоритет"},
        {"number": "304", "title": "Медленные и быстрые игродействия"},
        {"number": "506", "title": "Движение"},
        {"number": "507", "title": "Перемещение"},
    ],
    "clauses": [
        {"number": "209.4", "text": "Нельзя помещать симбиота на летающее существо. Если существо покидает поле боя (например, погибает, становится летающим и т.п.), его симбиот погибает."},
        {"number": "209.5", "text": "Небестелесного симбиота нельзя поместить на бестелесное существо. Если существо стало бестелесным, его небестелесный симбиот погибает."},
        {"number": "209.6", "text": "На существо можно поместить только одного симбиота. На симбиота нельзя помещать другого симбиота."},
        {"number": "209.10", "text": "Нельзя объявить движение симбиота."},
        {"number": "212.2", "text": "Экипировку нельзя помещать на существ без класса."},
        {"number": "212.4", "text": "На существо можно поместить только одну экипировку каждого класса."},
        {"number": "303.2", "text": "Пас – это передача приоритета противнику без объявления какого-либо игродействия. Пас не является игродействием."},
        {"number": "304.2", "text": "Медленные игродействия – это:\n· движение существа по полю боя;\n· действие карты (кроме внезапного)."},
        {"number": "304.3", "text": "Быстрые игродействия – это все другие использующие стек игродействия, кроме медленных:\n· внезапное действие (в том числе внезапная атака);\n· бросок кубика."},
        {"number": "506.1", "text": "Движение – это перемещение существа на соседнюю по вертикали или горизонтали незанятую клетку поля боя."},
        {"number": "507.2", "text": "Перемещение может быть объявлено и выполнено только на незанятую клетку."},
    ],
}


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return SearchIndex(Rulebook.from_dict(FIXTURE))


def numbers(index: SearchIndex, text: str, k: int = 3) -> list[str]:
    return [h.number for h in index.search(text, k).hits]


def test_lemmas_match_other_word_forms(index):
    assert numbers(index, "симбиоты летающих существ")[0] == "209.4"
    assert numbers(index, "бестелесным существам")[0] == "209.5"


def test_typos_are_corrected_against_the_rulebook_words(index):
    res = index.search("пожно ли положть симбиота на летающего", 3)
    assert res.hits[0].number == "209.4"
    assert ("положть", "положить") in res.query.corrections
    assert numbers(index, "симбеот на бестелестное сущесво")[0] == "209.5"


def test_slang_and_other_editions_words_are_synonyms(index):
    # «надеть» / «положить» = поместить; «внезапное» = быстрое; «не внезапное» = медленное
    assert numbers(index, "надеть две шмотки одного класса")[0] == "212.4"
    assert numbers(index, "положить симбиота на летуна")[0] == "209.4"
    assert numbers(index, "внезапное игродействие")[0] == "304.3"
    assert numbers(index, "не внезапное игродействие")[0] == "304.2"


def test_negated_adjective_meets_its_base(index):
    # «занятую» has to find the rules about «незанятую клетку»
    assert set(numbers(index, "переместить на занятую клетку", 2)) == {"507.2", "506.1"}


def test_definition_question_prefers_the_defining_paragraph(index):
    assert numbers(index, "Что такое пас?")[0] == "303.2"


def test_quoted_words_keep_their_stop_words():
    idx = SearchIndex(Rulebook.from_dict({"clauses": [
        {"number": "505.5", "text": "Если составная особенность содержит запись «[способность 1] или [способность 2]», то игрок выбирает."},
        {"number": "505.6", "text": "Если составная особенность содержит запись «[способность 1], в противном случае – [способность 2]», то игрок обязан."},
    ]}))
    assert idx.search("что значит «в противном случае»", 2).hits[0].number == "505.6"


def test_snippet_marks_matched_words(index):
    hit = index.search("летающее существо", 1).hits[0]
    assert isinstance(hit, Hit)
    assert f"{MARK}летающее{MARK}" in hit.snippet
    assert hit.to_json().keys() == {"number", "score", "snippet"}


def test_long_paragraph_snippet_is_cut_around_the_matches():
    long = "Вступление без смысла. " * 30 + "Здесь про симбиота на летающем существе. " + "Хвост текста. " * 30
    idx = SearchIndex(Rulebook.from_dict({"clauses": [{"number": "1.1", "text": long}, {"number": "1.2", "text": "Другое."}]}))
    snip = idx.search("симбиот", 1).hits[0].snippet
    assert snip.startswith("…") and snip.endswith("…")
    assert f"{MARK}симбиота{MARK}" in snip
    assert len(snip) < 260


def test_paragraph_number_in_the_question_comes_first(index):
    assert numbers(index, "что значит 212.4 про классы")[0] == "212.4"


@pytest.mark.parametrize("question", [
    "как приготовить борщ?",
    "Какая погода в Москве завтра?",
    "как сыграть в шахматы",
    "привет",
])
def test_off_topic_question_is_not_answered_confidently(index, question):
    res = index.search(question, 3)
    assert not res.found
    ans = result_answer(question, res, index)
    assert ans.verdict is None
    assert "не нашёл в правилах" in ans.text


def test_answer_quotes_and_cites_best_first(index):
    res = index.search("Можно ли положить симбиота на летающее существо?", 5)
    ans = result_answer("q", res, index)
    assert ans.route == "search" and ans.verdict is None
    assert ans.citations[0] == "209.4"
    assert ans.blocks[0].kind == "rule" and ans.blocks[0].number == "209.4"
    assert "летающее существо" in ans.blocks[0].text
    assert any("209.4" in line for line in ans.trace)


def test_empty_question_says_so(index):
    res = index.search("   ?! ", 3)
    ans = result_answer("", res, index)
    assert res.hits == [] and not res.found
    assert "не нашёл в правилах" in ans.text and ans.citations == []


def test_latin_lookalikes_yo_and_case_are_folded(index):
    # Latin «c», «o», «e» inside Cyrillic words; «ё»; capitals
    assert numbers(index, "CИМБИOТ на лeтающее сущёство")[0] == "209.4"


def test_reflexive_verb_joins_its_synonym_group():
    from bot.search import canonical

    assert canonical("назначаться") == canonical("назначить") == "поместить"
    assert canonical("умереть") == "погибнуть"


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list("абвгдеёжзийклмнопрстуфхцчшщъыьэюяABCxo .,?!«»-–0123456789\n")), max_size=80),
       st.integers(min_value=1, max_value=6))
def test_any_text_gives_at_most_k_hits_best_first_and_an_honest_answer(index, text, k):
    idx = index
    res = idx.search(text, k)
    assert len(res.hits) <= k
    scores = [h.score for h in res.hits]
    assert scores == sorted(scores, reverse=True)
    ans = result_answer(text, res, idx)
    assert ans.verdict is None and ans.route == "search"
    assert ans.citations == [h.number for h in res.hits[: len(ans.citations)]]


def test_first_paragraph_of_a_section_defines_its_title():
    idx = SearchIndex(Rulebook.from_dict({
        "sections": [{"number": "302", "title": "Стек"}],
        "clauses": [
            {"number": "302.1", "text": "Стек состоит из последовательности объявленных игродействий."},
            {"number": "302.3", "text": "Игродействия, использующие стек, это: · действие карты; · бросок кубика."},
        ]}))
    assert idx.search("что такое стек", 2).hits[0].number == "302.1"


def test_glossary_phrase_is_one_extra_term():
    idx = SearchIndex(Rulebook.from_dict({"clauses": [
        {"number": "1.1", "text": "Существо может летать над полем, если это летающее существо."},
        {"number": "1.2", "text": "Летающее существо переносится во вспомогательную зону."},
    ]}), glossary_names=["летающее существо", "вспомогательная зона"])
    q = idx.query_terms("летающие существа во вспомогательной зоне")
    assert "=летать_существо" in q.weights and "=вспомогательный_зона" in q.weights
    assert idx.search("летающие существа во вспомогательной зоне", 1).hits[0].number == "1.2"


def test_typo_correction_prefers_one_swap_and_question_words(index):
    q = index.query_terms("что таоке пас сколко симбиотов")
    fixed = dict(q.corrections)
    assert fixed["таоке"] == "такое"      # a swap is one edit (not «также»)
    assert fixed["сколко"] == "сколько"   # question words are correction targets too
    assert index.search("что таоке пас", 1).hits[0].number == "303.2"
    # nothing close: the word is reported, not guessed
    assert index.query_terms("абырвалг").ignored == ["абырвалг"]


def test_real_word_one_letter_from_a_rule_word_is_treated_as_a_typo(index):
    # «карпы» is a dictionary word (carp) that the rules never use; «карты» is one letter away
    idx = SearchIndex(Rulebook.from_dict({"clauses": [
        {"number": "1.1", "text": "Второй игрок может оставить карты скрытыми."},
        {"number": "1.2", "text": "Пас не является игродействием."},
    ]}))
    q = idx.query_terms("оставить карпы скрытыми")
    assert ("карпы", "карты") in q.corrections
    # but an unrelated dictionary word far from every rule word stays as typed
    assert idx.query_terms("борщ").corrections == []


def test_quoted_punctuation_and_ordinal_digits_are_read_as_words():
    idx = SearchIndex(Rulebook.from_dict({"clauses": [
        {"number": "505.4.1", "text": "Запись вида «[способность 1]; [способность 2]» (две способности, разделённые точкой с запятой) эквивалентна записи «при этом»."},
        {"number": "505.4.2", "text": "Запись вида «[способность 1] – [способность 2]» (две способности, разделённые тире) эквивалентна записи «при этом»."},
        {"number": "405.1", "text": "Второй игрок может оставить любые карты своего 3-го ряда скрытыми."},
    ]}))
    assert idx.search("что значит «;» в тексте", 1).hits[0].number == "505.4.1"
    assert idx.search("что значит «–» в тексте", 1).hits[0].number == "505.4.2"
    assert "третий" in idx.doc_terms[2]
    assert idx.search("можно не вскрывать третий ряд", 1).hits[0].number == "405.1"


def test_lettered_items_are_searched_and_cited_with_their_paragraph():
    rb = Rulebook.from_dict({"clauses": [
        {"number": "304.3", "text": "Быстрые игродействия – это все другие использующие стек игродействия, кроме медленных:"},
        {"number": "304.3.а", "text": "внезапное действие (в том числе внезапная атака);", "inferred": True},
        {"number": "304.3.б", "text": "бросок кубика.", "inferred": True},
        {"number": "304.2", "text": "Медленные игродействия – это движение существа."},
    ]})
    idx = SearchIndex(rb)
    assert "304.3.б" not in idx.numbers
    res = idx.search("бросок кубика быстрое игродействие?", 2)
    assert res.hits[0].number == "304.3"
    assert "*бросок*" in res.hits[0].snippet
    ans = result_answer("q", res, idx)
    assert ans.citations[0] == "304.3" and "б) бросок кубика." in ans.blocks[0].text


def test_rules_question_inside_chatter_is_still_answered(index):
    text = ("Вчера вечером мы с друзьями собрались, приготовили пиццу, обсуждали футбол, погоду и фильмы, "
            "а потом спорили, можно ли положить небестелесного симбиота на бестелесное существо")
    res = index.search(text, 3)
    assert res.found and res.hits[0].number == "209.5"
