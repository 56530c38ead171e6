"""Claims and negated questions composed over the reader's propositions (hypothesis): a
proposition the attack reader reads (kind × action, 210.2, 210.3, 211.2, 212.9) is put in a
claim (who says it × say verb × check × a counter-word) or in a negated question («разве
нельзя …», «… нельзя?», «не может же …»); the ruling must be the direct simulation's."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from bot.judge import ask
from tests.test_reading_attacks import _NOUN, _direct

_SPEAKERS = {"противник": "противник", "друг": "друг", "соперник": "соперник"}


def _proposition(kind: str, action: str, neg: bool) -> str:
    nom, acc, _ = _NOUN[kind]
    modal = "нельзя" if neg else "можно"
    return {"attack": f"{acc} противника {modal} атаковать",
            "wound": f"{nom} {'не может' if neg else 'может'} получать раны"}[action]


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), action=st.sampled_from(["attack", "wound"]), neg=st.booleans(),
       speaker=st.sampled_from(sorted(_SPEAKERS) + ["я"]), verb=st.integers(0, 2),
       check=st.sampled_from(["right", "who", "verno"]), counter=st.booleans())
def test_property_a_claim_is_ruled_as_the_simulator_rules_its_proposition(kind, action, neg, speaker, verb, check, counter):
    p = _proposition(kind, action, neg)
    holds = _direct(kind, action) != neg
    me = speaker == "я"
    say = (["говорю", "утверждаю", "считаю"] if me else ["говорит", "утверждает", "считает"])[verb]
    q = f"{speaker.capitalize()} {say}, что {p}."
    if counter:     # the other side's bare counter-word: he denies P
        q += " Он говорит — нет." if me else " Я говорю — нет."
    q += {"right": " Я прав?" if me else " Он прав?", "who": " Кто прав?", "verno": " Верно?"}[check]
    a = ask(q)
    if a.verdict is None:
        return      # no route read it: an honest partial answer is allowed, a wrong one is not
    claimer_right = holds
    if check == "who" and not me and not counter and not claimer_right:
        want = f"{speaker.capitalize()} не прав"     # the asker said nothing: the claimer is named as not right
    elif check == "who":
        want = "Вы правы" if claimer_right == me else f"Прав {speaker if not me else 'противник'}"
    elif check == "right" and counter and not me:       # «он прав?» asked of the claimer
        want = f"{'Да' if claimer_right else 'Нет'}, {speaker} {'прав' if claimer_right else 'не прав'}"
    elif check == "right" or check == "verno":
        if me:
            want = "Да, вы правы" if claimer_right else "Нет, вы не правы"
        else:
            want = f"Да, {speaker} прав" if claimer_right else f"Нет, {speaker} не прав"
    assert a.verdict.startswith(want), (q, a.verdict, want)
    assert a.citations, a.citations


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(sorted(_NOUN)), action=st.sampled_from(["attack", "wound"]),
       form=st.sampled_from(["разве", "plain", "же"]))
def test_property_a_negated_question_leads_with_the_word_of_its_answer(kind, action, form):
    nom, acc, _ = _NOUN[kind]
    allowed = _direct(kind, action)
    if action == "attack":
        q = {"разве": f"Разве {acc} противника нельзя атаковать?",
             "plain": f"{acc.capitalize()} противника нельзя атаковать?", "же": f"Нельзя же атаковать {acc} противника?"}[form]
        yes_word, no_word = "можно", "нельзя"
    else:
        q = {"разве": f"Разве {nom} не может получать раны?",
             "plain": f"{nom.capitalize()} не может получать раны?", "же": f"Не может же {nom} получать раны?"}[form]
        yes_word, no_word = "может", "не может"
    a = ask(q)
    assert a.verdict is not None, (q, a.trace[:3])
    v = a.verdict
    if form in ("plain", "же"):     # the word that answers leads: «Нельзя …» / «Можно …» (never «Нет, можно»)
        assert v.startswith((yes_word if allowed else no_word).capitalize()), (q, v)
    else:                   # «разве»: the asker doubts the denial: «Да, можно» / «Нет, нельзя»
        assert v.startswith(f"Да, {yes_word}" if allowed else f"Нет, {no_word}"), (q, v)
