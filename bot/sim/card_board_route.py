"""The «card text with a board» route of ``ask``: a quoted card text plus the board facts
the question states («…». У противника нет ни одного закрытого существа — что будет?).

The facts are read by ``bot.sim.board_text.read_board_facts``; the smallest board on which
they hold is built (``board_for``) and the text is executed on it by the simulator
(``bot.sim.ability``), so the board — not a reading of words into outcomes — decides which
parts are legal (505.6, 505.7), which happen (505.4) and what follows. ``answer`` returns
``None`` (the ``ability`` route then answers as before) when no quote is card text, when
the question states no board fact, or when a clause about cards was not understood.

A card of the user's database named in the question stands for its text when nothing
is quoted («Каменный страж использует способность. У противника нет ни одного открытого
существа — что будет?»): ``bot.judge.ask`` passes the mentions (``CARD_AWARE``), the text is
the card's as imported, and the answer says which card it took.
"""

from __future__ import annotations

import re

from bot.answer import Answer, Block
from bot.textnorm import fold

ROUTE = "ability"


CARD_AWARE = True
"""``bot.judge.ask`` passes the card mentions of the user's database (``cards=``) with the
question as asked."""


_OPEN_STATE = re.compile(r"(?<![а-яё])(?:все|всех)\s+(?:\w+\s+)?(?:(?:за|от)крыт(?:о|ы|ые|ых)?|(?:повернут|тапнут)\w*)(?![а-яё])")
"""An open / closed state told of all cards («всё закрыто», «все уже открыты»), not the act
(«закрыл»), nor one card's state («существо уже открыто»: the outcome reader takes it for the
part's target, 505.4)."""


def _executable(text: str):
    """The parse of ``text`` when it is complete card text with a typed effect, else ``None``."""
    from bot.errors import BerserkError
    from bot.sim.ability import parse_ability

    try:
        result = parse_ability(text)
    except BerserkError:
        return None
    leaves = [n for n in result.ast.walk() if n.kind == "effect"] if result.ast else []
    if result.complete and leaves and any(n.attr("action") for n in leaves):
        return result
    return None


def _card_text(question: str):
    from bot.abilities.outcome_words import card_quotes
    from bot.abilities.route import is_template

    for _, _, text in card_quotes(question):
        if is_template(text):
            continue
        result = _executable(text)
        if result is not None:
            return result
    return None


def _named_card_text(question: str, cards: list):
    """``(parse, mention, question without the card names)`` for the one named card of the
    user's database whose text is executable (reprints must share it; the import found it
    complete), when the rest of the question states board facts; else ``None``. The text
    is parsed only then (a question with no board fact never loads the grammar here)."""
    from bot.sim.board_text import read_board_facts

    usable = [m for m in cards if m.card.text and m.card.complete is not False
              and len({c.text for c in (m.card, *m.others)}) == 1]
    if len({m.card.key for m in usable}) != 1:
        return None
    m = usable[0]
    rest = question
    for x in sorted(cards, key=lambda x: -x.span[0]):
        rest = rest[:x.span[0]] + " " * (x.span[1] - x.span[0]) + rest[x.span[1]:]
    facts = read_board_facts(rest)
    if not facts.facts or facts.unread:
        return None
    result = _executable(m.card.text)
    if result is None:
        return None
    return result, m, rest


def answer(question: str, edition: str, cards: list | None = None) -> Answer | None:
    """An ``Answer`` (route ``ability``) resolving the quoted card text — or the text of the
    named card of the user's database (``cards``: ``bot.cards.index.CardMention``) — on the
    board the question describes, or ``None`` (see module doc). Verdict: every part's fate
    with its reason and paragraph, led by what happens («что будет?»: «Разряд на 3: …»), or
    «Да/Нет: …» for «будет ли X?», «могу ли X?», «имеет право отказаться?»
    (``bot.sim.board_ask``); ``None`` when a part the verdict needs is not executable («не
    умею выполнить»)."""
    from bot.sim.ability import self_source_text
    from bot.sim.board_ask import answer_on_board
    from bot.sim.board_text import read_board_facts
    from bot.sim.state import Card

    from bot.sim import summoned_text
    from bot.sim.board_ask import asks_host, form_asked

    form = None     # an order or «both» asked: the connective alone may decide it (read only when no fact is)
    first = None
    if not cards:   # the board facts are cheap to read, the card text is not: no fact, no parse
        if not any(m in question for m in '«»"“”„‟'):
            return None     # no quote, no card text: nothing of this route's
        first = read_board_facts(question)
        if not (first.facts or first.unread or (form := form_asked(question)) or asks_host(question, first)) \
                and not summoned_text.mentions_summon(question):
            return None
    result = _card_text(question)
    named = None
    facts_text = question
    if result is None and cards:
        found = _named_card_text(question, cards)
        if found is not None:
            result, named, facts_text = found
    if result is None:
        return None
    if summoned_text.mentions_summon(facts_text):
        told = summoned_text.answer(facts_text, result, edition)     # «вызванная экипировка погибает?» (212.6)
        if told is not None:
            return told
    facts = first if first is not None and facts_text == question else read_board_facts(facts_text)
    if not (facts.facts or facts.unread or (form if form is not None else form_asked(facts_text))
            or asks_host(facts_text, facts)):
        return None
    from bot.sim.board_text import own_noun_ambiguous

    if own_noun_ambiguous(result, facts):
        return None     # «моё существо закрыто» with a text about another creature of mine: which one is not told
    if facts.of("no_resources") and not self_source_text(result, Card(id="Источник", owner="first")) \
            and not facts.of("chosen_self"):
        return None     # nothing to pay with: 505 says what happens only when the source destroys itself (505.9)
    bv = answer_on_board(result.text, facts, facts_text)
    if facts.unread and not (bv.form_decided and bv.verdict):
        # a told clause the board could not place may change what the run shows: no verdict, and the
        # clause is named (the outcome reader would read it again, and took states for events:
        # «противник всех своих уже закрыл» -> «часть 1 выполнена»)
        bv.verdict = None
    if not facts.facts and bv.verdict is not None and not bv.form_decided:
        return None     # the verdict would rest on an assumed board: the question describes none
    if not facts.facts and bv.verdict is None and not any(_OPEN_STATE.search(fold(u)) for u in facts.unread):
        # nothing of the board was read: the outcome reader reads the told events («противник закрыл своё
        # существо»); not a told open / closed state («всё закрыто»), which it would take for a part done
        return None
    if bv.verdict and not bv.citations:
        # «ранить выбранное существо рядом на 1» with nobody near: no paragraph of this edition rules it — a
        # verdict always carries one, so the run is shown without it
        bv.verdict = None
    assumed = bv.assumed
    res = bv.resolution
    said = "; ".join(f"«{f.said.rstrip('.')}»" for f in facts.facts)
    blocks = [Block("list", title=f"Текст: «{result.text}»", items=tuple(f"{n}. {t}" for n, t in res.parts)),
              Block("list", title="Поле, на котором выполняется текст:", items=tuple(assumed) or ("источник — ваше существо",)),
              Block("steps", title="Выполнение на поле:", items=tuple(f"{i}. {s.line()}" for i, s in enumerate(res.steps, 1)))]
    if facts.unread and bv.verdict is not None:
        blocks.insert(0, Block("note", text="Не учтено: " + "; ".join(f"«{u}»" for u in facts.unread)
                                            + " — на вердикт это не влияет: его решает сама запись текста (п. 505), "
                                              "а не поле."))
    elif facts.unread:
        blocks.insert(0, Block("note", text="Вердикт не даю: не понял, что на поле значит "
                                            + "; ".join(f"«{u}»" for u in facts.unread)
                                            + " — от этого может зависеть, какие части текста выполняются. "
                                              "Ниже — выполнение на поле без этих слов."))
    if bv.missing:
        blocks.insert(0, Block("note", text="Вердикт не даю: в вопросе не сказано — " + "; ".join(bv.missing) + "."))
    if bv.refused is not None:
        blocks.insert(2, Block("note", text=f"Особенность не используется: {bv.refused[0]}"
                                            + (f" (п. {', '.join(bv.refused[1])})" if bv.refused[1] else "")))
    if res.unsupported and bv.verdict is None:
        # an untyped or unexecuted part: the verdict waits for the fact the question does not tell
        which = [f"{n} «{t}»" for n, t in res.parts if res.results.get(n) == "unsupported"]
        if which:
            blocks.insert(0, Block("note", text="Вердикт не даю: в вопросе не сказано, выполнена ли часть "
                                                + ", ".join(which) + " (её действие симулятор не выполняет), а от этого "
                                                "зависит остальное. Скажите, выполнилась ли она, — тогда ответ даст п. "
                                                + ", ".join(c for c in bv.citations if c.startswith("505"))[:40] + "."))
    if res.unsupported:
        blocks.append(Block("note", text="Не умею выполнить: " + "; ".join(f"«{u}»" for u in res.unsupported)
                                         + " — результат этих частей неизвестен, он не считается выполненным."))
    from bot.abilities.resolve import rule_blocks

    blocks += rule_blocks([c for c in bv.citations if c.startswith("505")][:2], edition)
    whose = "текст карты"
    if named is not None:
        from bot.cards.reading import took

        whose = f"текст карты — {took(named.card)} —"
    from bot.sim.board_reading import scenario_of

    reading = scenario_of(result.text, bv, f"Текст карты «{result.text}» на поле из вопроса")
    return Answer(question=question, route=ROUTE, verdict=bv.verdict, blocks=blocks, citations=list(bv.citations),
                  reading=reading, unread=list(facts.unread),
                  trace=[f"обстоятельство на поле: {f.said}" for f in facts.facts] + [s.line() for s in res.steps],
                  understood=(f"Как я понял: {whose} выполняется на поле, где {said}" if said else
                              f"Как я понял: {whose}; спрошено то, что решает сама запись текста (505), а не поле"))


__all__ = ["answer"]
