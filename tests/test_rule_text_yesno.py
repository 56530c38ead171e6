"""Yes/no verdicts from the rule text on the full-layout test edition
(tests/data/edition_tested.html, imported as «tested»), issue 14: an ability's name written
inflected and without quotes is that ability (so the exception about it decides, and the
broader rule it narrows does not fit), «остаётся закрытым» asks «не открывается», the
clause after «но» is the asked one, and «только N» in a question asks whether N is the
rule's bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.judge import ask

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def tested_edition(tmp_path_factory):
    from conftest import clear_edition_caches

    from bot.cli import main

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_USER_DIR", str(tmp_path_factory.mktemp("rty") / "user"))
        clear_edition_caches()
        assert main(["rulebook", "import", str(DATA / "edition_tested.html"), "--edition", "tested"]) == 0
        yield "tested"
    clear_edition_caches()


VERDICTS = [
    # «направленным ударом» is the edition's «Направленный удар» (303.5), not a plain «удар»
    # swallowed by «простой удар»: 303.4 («можно … только от простого удара») does not fit
    ("у врага сущ с направленным ударом. можно назначить защитника от его простого удара?", "Нет, нельзя", "303.5"),
    ("от простого удара существа с направленным ударом можно поставить защитника?", "Нет, нельзя", "303.5"),
    ("от простого удара можно поставить защитника?", "Да, можно", "303.4"),
    # «остаётся закрытым» = «не открывается» (grammar/rule_language.yaml, remain)
    ("существо со счётчиком оцепенения в начале своего хода остаётся закрытым?", "Да, не открывается", "408.7"),
    # «…, но …?»: the contrasted clause is asked, not the one before it
    ("обычно в начале хода карты открываются, но существо со счётчиком оцепенения остаётся закрытым?",
     "Да, не открывается", "408.7"),
    # «только N?» asks whether N is the bound: «до трёх» answers «нет»
    ("карта с уникальностью в колоде может быть только в одной копии?", "Нет, не более 3", "201.3.в"),
]


@pytest.mark.parametrize("q,verdict,number", VERDICTS, ids=[q[:40] for q, _, _ in VERDICTS])
def test_yes_no_verdicts(tested_edition, q, verdict, number):
    a = ask(q, tested_edition)
    assert (a.route, a.verdict, a.citations[0]) == ("rule_text", verdict, number)


def test_inflected_ability_name_is_quoted_as_the_edition_writes_it(tested_edition):
    from bot.rules_text.index import index_for
    from bot.rules_text.question import _quote_names, read

    assert ("направленный удар", ("направить", "удар")) in index_for(tested_edition).inflected_names
    assert _quote_names("бьёт с направленным ударом", tested_edition) == "бьёт с «направленным ударом»"
    q = read("от простого удара с направленным ударом можно назначить защитника?", tested_edition)
    assert {"направленный_удар", "простой_удар"} <= q.bag
    # a lower-case quoted phrase of card text («все существа») is no ability name
    assert all(n[0] != "все существа" for n in index_for(tested_edition).inflected_names)


def test_staying_open_is_not_read_as_staying_closed(tested_edition):
    # «остаётся открытым» asks «не закрывается»: 408.7 says nothing of closing
    a = ask("существо со счётчиком оцепенения в начале хода остаётся открытым?", tested_edition)
    assert not (a.verdict or "").startswith(("Да", "Нет"))
