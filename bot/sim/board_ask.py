"""What a question about a card text on a described board asks, and the simulator run
that answers it (issue 11, «card text plus a described board»; issue 12, part 3).

``read_asked(question, parts) -> Asked`` reads the asking clause:

- ``consequence`` — «что будет?», «что происходит?»: the verdict leads with what happens
  («Разряд на 3 по выбранной карте: …»), then every part's fate with its paragraph;
- ``whether`` — «разряд всё равно будет?», «лечение пройдёт?»: «Да» / «Нет» for the part named;
- ``may`` — «могу (ли) просто вылечить своего?», «могу я выбрать рану вместо перемещения?»,
  «хоть излечиться то могу?»: the controller's choice is put into the ``use`` step (505.5
  ``choose``, 505.6 a later alternative, 505.8 ``declare``) and the simulator says whether
  the board allows it;
- ``may_skip`` — «могу ли я не перемещаться?»: after «может» yes (505.8); the first
  alternative of «в противном случае» no while it is legal (505.6); otherwise no verdict;
- ``may_refuse`` — «имеет право отказаться?», «может ли противник отказаться?»: the text's
  505.7 part is run refused; a text with no 505.7 part gets no verdict (the rule that
  would forbid the refusal is not this text's);
- ``order`` — «могу я сначала кинуть разряд, а потом решить, кого уничтожать?»: the asked
  order of two parts; after «при этом», «;», «–» the parts are declared in the text's order,
  a later one only when the earlier was performed (505.4, 505.4.1, 505.4.2); of «или»,
  «в противном случае», «если противник не хочет» only one part is used (505.5–505.7), so
  no order of both exists; after «может» the rules set no order (no verdict);
- ``both`` — «могу сделать и разряд и лечилку?», «будут обе?»: «или» — no, one of them
  (505.5); «в противном случае» / 505.7 — no, one (the board says which); «при этом» and
  «может» — the simulator runs both and says whether both happen.

- ``all_or_none`` — «либо оба делаю, либо ничего», «я обязан сделать и то и другое?»: no
  after «может» (505.8), «или» (505.5), «в противном случае» (505.6) and 505.7; no verdict
  after «при этом» (the rules say when a later part is used, not that all must be);
- ``leftover`` — «ресурсы сгорят или останутся?»: spent after «уничтожить / вернуть в колоду
  источник, при этом …» (505.9); no verdict otherwise;
- ``may`` with ``only`` — «могу только полечиться?»: with no board told, the connective rules
  (505.8 yes, 505.5 yes, a later part after «при этом» no, 505.4); with ``target="host"`` —
  «могу ранить своего же хозяина?»: the part's chosen target is the source's host (a symbiote
  and its host stand next to each other, 209.9).

The asked sentence is the last one that asks; of «A? или B?» and «A? он же рядом?» the first
(``_yes_no_of``); the reverse order («в обратном порядке», «поменять местами») is an ``order``.

A part the question gives up («без перемещения», «вместо ран») is ``instead``: after «при
этом» a later part without the earlier one is «Нет» (505.4), whatever the board (when the
board makes the earlier part impossible the verdict says so, with its paragraph).

``answer_on_board(text, facts, question) -> BoardVerdict`` builds the board the facts
describe (``bot.sim.board_text.board_for``), sets the ``use`` step from the asked kind and
resolves the text on it (``bot.sim.board_text.resolve_text``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.abilities.asked_order import _FIRST, PAYMENT as _PAYMENT, REVERSED, asks_order, ordered
from bot.textnorm import fold
from bot.vocab import alternation, section

_ASKED_WORDS = section("card_board")["asked"]


def _alt(key: str) -> str:
    """The word list ``key`` of ``card_board.asked`` (grammar/lexicon.yaml) as one regex alternation."""
    return alternation(_ASKED_WORDS[key], ending=r"\w*")


_BOTH_WORD = re.compile(r"(?<![а-я])" + _alt("both") + r"(?![а-я])")
_AND = re.compile(r"(?<![а-я])и\s+")
_WITHOUT = re.compile(r"(?<![а-я])" + _alt("without") + r"\s+")
_MUST = re.compile(r"(?<![а-я])" + _alt("must") + r"(?![а-я])")
_MAY = re.compile(r"(?<![а-я])" + _alt("may") + r"(?![а-я])")
_CONSEQUENCE = re.compile(r"(?<![а-я])что(?![а-я])")
_USE = re.compile(r"(?<![а-я])" + _alt("use"))


@dataclass(frozen=True)
class Asked:
    """``kind``: ``consequence`` | ``whether`` | ``may`` | ``may_skip`` | ``may_refuse`` | ``order`` |
    ``both`` | ``unread`` (a part left out that names no single part); ``part``: the part the
    asking clause names (1-based) or ``None``; ``instead``: the part it gives up («рану вместо
    перемещения», «лечение без перемещения»), or ``None``; ``parts``: for ``order`` (first
    asked, then asked), for ``both`` the parts asked together."""

    kind: str
    part: int | None = None
    instead: int | None = None
    parts: tuple[int, ...] = ()
    target: str | None = None
    """The card the asking clause names as the part's target: ``host`` («могу ранить своего
    же хозяина?»), else ``None``."""
    only: bool = False
    """For ``may``: the part is asked without the others («могу только полечиться?»)."""
    lead: str | None = None
    """For ``whether`` asked as «X сработает или …?»: the verb asked («сработает»), which leads
    the verdict instead of «Да» / «Нет» («Сработает: …», «Не сработает: …»)."""
    told: bool = True
    """Whether the question tells a board (set by ``answer_on_board``): without one, a verdict
    the connective decides does not describe the board the run assumed."""


def _asked_sentence(question: str) -> str:
    """The asked sentence of ``question`` (folded; quotes replaced by the quote mark)."""
    from bot.abilities.outcome_words import sentences
    from bot.yesno import asks

    sents = sentences(question)
    asked = _last_asking(sents, asks)
    return fold(_yes_no_of(asked) or (asked or sents or [question])[-1])


_OR_ELSE = re.compile(r"\s*(?:а\s+)?(?:или|либо)(?![а-яё])", re.I)


def _yes_no_of(asked: list[str]) -> str | None:
    """«Могу я сам решить …? Или выбор за ним?»: the asked sentence is the first of the two —
    the second only names the alternative; ``None`` when the last asked sentence is no «или …?»."""
    from bot.yesno import question_kind

    if len(asked) < 2 or "?" not in asked[-2] or question_kind(asked[-2]) != "yes_no" \
            or re.search(r"(?<![а-яё])(?:или|либо|что|как|кто|какой|какая|какие)(?![а-яё])", fold(asked[-2])):
        return None     # not «что делаю, симба можно посадить или …? или …?» (an open question)
    if _OR_ELSE.match(asked[-1]) or _REMARK.fullmatch(fold(asked[-1]).strip(" ?!.…")):
        return asked[-2]    # «… или выбор за ним?», «он же рядом?»: the question is the one before
    return None


_REMARK = re.compile(r"(?:а\s+|и\s+|но\s+)?(?:[а-яё-]+\s+){0,2}(?:же|ведь)(?:\s+[а-яё-]+){0,2}")
"""«он же рядом?», «там ведь точка с запятой?»: a short remark that backs the question before it."""


_PAY_BEFORE = re.compile(r"(?<![а-я])" + _alt("pay_before") + r"(?![а-я])")
_PAY_AFTER = re.compile(r"(?<![а-я])" + _alt("pay_after") + r"(?![а-я])")
_PAY_WHEN = re.compile(r"(?<![а-я])" + _alt("pay_when") + r"(?![а-я])")


_RESOURCE = re.compile(r"(?<![а-я])(?:ресурс\w*|кристалл\w*|они|их|остаток|остатки|оставш\w*|(?:для|на)\s+оплат\w*|"
                       r"что\s+(?:у\s+меня\s+)?(?:есть|осталось))(?![а-я])")
_LEFTOVER = re.compile(r"(?<![а-я])" + _alt("leftover") + r"(?![а-я])")
"""«оставшиеся ресурсы сгорят или останутся?»: what becomes of the resources left for the payment."""


_KEPT = re.compile(_alt("kept"))
"""Of the ``_LEFTOVER`` verbs, those that say the resources are kept (the others: spent)."""


_NOTHING = re.compile(r"(?<![а-я])ничего\s+(?:вообще\s+|тогда\s+|совсем\s+)?не\s+(?:делаю|делаем|делать|будет|происходит|"
                      r"произойд[её]т|случится|сработает|выйдет|выполня\w*|выполнится)(?![а-я])")
"""«ничего не делаю?», «ничего не произойдёт?»: whether no part of the text happens."""


_DECIDE = re.compile(r"(?<![а-я])" + _alt("decide"))
_OPPONENT = re.compile(r"(?<![а-я])" + _alt("opponent") + r"(?![а-я])")
_CONTROLLER = re.compile(r"(?<![а-я])" + _alt("controller") + r"(?![а-я])")


_STATE_VERBS = (
    # (pattern of the asked change, results of the run's steps that are it)
    (r"получ\w*\s+(?:\d+\s+)?ран|ран\w*\s+получ|ранен\w*|ранят|поранит", ("ранен",)),
    (r"уничтож\w*|умр[её]т|помр[её]т|погибн\w*|погибает|сдохн\w*|умирает", ("уничтожается", "погибает")),
    (r"закро[её]тся|закрыва\w*ся|закроют|будет\s+закрыт\w*", ("закрывается",)),
    (r"откро[её]тся|открыва\w*ся|откроют|будет\s+открыт\w*", ("открывается",)),
    (r"излеч\w*|вылеч\w*|подлеч\w*", ("излечен",)),
    (r"перемест\w*ся|сдвин\w*ся|передвин\w*ся", ("перемещается",)),
    (r"(?:уйд[её]т|вернется|вернётся|отправится)\s+в\s+колоду", ("в колоду",)),
)
_OWN_CARD = re.compile(r"(?<![а-я])(?:мо[ёеяй]|мою|моего|мое|сво[ёея]|свою|своего|наш\w*)\s+(?:\w+\s+)?(?:существ\w*|сущ\w*|"
                       r"карт\w*|[а-я]{3,})")
_ENEMY_CARD = re.compile(r"(?<![а-я])(?:его|её|ее|чуж\w*|вражеск\w*)\s+(?:существ\w*|сущ\w*|карт\w*)|"
                         r"(?:существ\w*|сущ\w*|карт\w*)\s+(?:противника|соперника|врага)")
_SELF_CARD = re.compile(r"(?<![а-я])(?:эта\s+карта|это\s+существо|источник\w*|сама\s+карта|она\s+сама|само\s+существо)")


_STAYS = re.compile(r"(?<![а-я])(?:остал\w*|оста[её]тся|останется)\s+(?:\w+\s+)?на\s+(?:старой|прежней|своей|той\s+же|"
                    r"исходной|старом|прежнем|том\s+же)\s+(?:клетке|месте)|(?<![а-я])остал\w*\s+на\s+месте")
"""«шмотка осталась на старой клетке?»: the card did not move — the inverse of «перемещается»."""


def _card_state(clause: str, source_kind: str | None = None) -> tuple | None:
    """``(whose, results, inverse)``: the card the clause asks about — ``self`` («эта карта»,
    «источник», the noun of the source's kind: «шмотка» for an equipment's text), ``own``
    («моё существо», «мой гоблин»), ``enemy`` («его существо», «существо противника») — and
    the change asked («получит раны», «закроется», «умрёт») as the result words of the
    run's steps; ``inverse`` for a change asked not to happen («осталась на старой клетке?»:
    not moved). ``None`` when it names no card and change."""
    from bot.sim.board_text import _has, _words

    kind_words = _words()["source_kinds"].get(source_kind or "", ())
    whose = "self" if _SELF_CARD.search(clause) or (kind_words and _has(clause, kind_words)) else \
        "enemy" if _ENEMY_CARD.search(clause) else "own" if _OWN_CARD.search(clause) else None
    if whose is None:
        return None
    if _STAYS.search(clause):
        return (whose, ("перемещается",), True)
    for pattern, results in _STATE_VERBS:
        if re.search(r"(?<![а-я])(?:" + pattern + ")", clause):
            return (whose, results, False)
    return None


def _head_of(sent: str) -> str:
    """The asking clause that governs the rest: the first clause of the sentence («кто
    решает, отказаться или нет» -> «кто решает»; «я выбираю, что из двух делать»)."""
    return re.split(r"[,;:—–]|\s-\s", sent, maxsplit=1)[0]


def _decider(clause: str) -> int | None:
    """Who the clause asks about as the one who decides: 2 the opponent («выбирать будет
    он?», «противник решает?»), 1 the controlling player («я выбираю?»), 0 an open «кто
    выбирает?»; ``None`` when no one is named."""
    if re.search(r"(?<![а-я])кто(?![а-я])", clause):
        return 0
    if _OPPONENT.search(clause):
        return 2
    if _CONTROLLER.search(clause):
        return 1
    return None


def _pay_when(sent: str, yes_no: bool) -> tuple[int, ...] | None:
    """When the payment is asked to happen: ``(0,)`` before a part, ``(1,)`` after all,
    ``()`` an open «когда?»; ``None`` when the sentence asks no time of the payment. A
    yes/no sentence naming both («до разряда или после?») is open."""
    if not _PAY_WHEN.search(sent):
        return None
    before, after = bool(_PAY_BEFORE.search(sent)), bool(_PAY_AFTER.search(sent))
    if yes_no and before != after:
        return (0,) if before else (1,)
    return ()


_JUST = re.compile(r"(?<![а-я])" + _alt("just") + r"(?![а-я])")
"""«хочу просто полечить»: the part wanted alone, without the ones before it."""
_ONLY_ASKED = re.compile(r"(?<![а-я])" + _alt("only") + r"(?![а-я])")
"""«могу только полечиться?»: one part asked without the others (505.8 after «может»)."""


def form_asked(question: str) -> bool:
    """Whether the asked sentence asks an order of parts, two parts together, who decides
    or when the ability is paid — what a connective may decide with no board described
    (cheap: no parse)."""
    sent = _asked_sentence(question)
    return bool(ordered(sent) or asks_order(sent) or (_ONLY_ASKED.search(sent) and _MAY.search(sent))
                or _BOTH_WORD.search(sent) or _ALL_OR_NONE.search(sent) or len(_AND.findall(sent)) >= 2
                or (_DECIDE.search(sent) and _decider(sent) is not None)
                or (_PAYMENT.search(sent) and _PAY_WHEN.search(sent)))


def asks_host(question: str, facts) -> bool:
    """Whether the asked sentence names the host of the card with the text as a target («могу
    ранить своего же хозяина?») and that card sits on a host (a symbiote's or equipment's
    text, ``BoardFacts.source_kind``): the host is then on the board whatever else is told."""
    return getattr(facts, "source_kind", None) in ("symbiote", "equipment") \
        and _HOST_WORD.search(_asked_sentence(question)) is not None


def _one_part(words: str, ps, actions) -> int | None:
    """The part ``words`` name best (its own words, else its action's verb)."""
    hits = _parts_named(words, ps, actions)
    return hits[0] if hits else None


_ORDINAL = re.compile(r"(?<![а-я])(перв|втор|трет)(?:ое|ую|ой|ый|ая|ого|ому|ым|ом)(?![а-я])(?:\s+([а-я]+))?")
_NUMBER = re.compile(r"(?<![\d.])\d+(?![\d.])")


def _ordinal_part(words: str, ps) -> int | None:
    """The part ``words`` name by its ordinal — «второй вариант», «вторую часть», «хочу сразу
    второе, по земле» (an ordinal before a part noun of ``card_board.facts.part_nouns``, a
    preposition or nothing; not «второго гоблина») — when they name exactly one; else ``None``."""
    from bot.sim.board_text import _has, _words

    nouns = _words()["part_nouns"]
    numbers = set()
    for m in _ORDINAL.finditer(words):
        after = m.group(2)
        if after is None or _has(after, nouns) or after in ("по", "на", "в", "с", "без", "вместо", "тогда", "сразу"):
            numbers.add({"перв": 1, "втор": 2, "трет": 3}[m.group(1)])
    known = {p.number for p in ps}
    return numbers.pop() if len(numbers) == 1 and numbers <= known else None


def _state_words(text: str) -> set[str]:
    """The target states a folded text names: ``closed``, ``open``, ``flying``, ``ground``."""
    from bot.sim.board_text import _has, _words

    w = _words()
    out = {r for r in ("closed", "open") if _has(text, w[r])}
    if _has(text, w["ground"]):
        out.add("ground")
    elif _has(text, w["flying"]):
        out.add("flying")
    return out


_CONFLICT = {"open": {"closed"}, "closed": {"open"}, "ground": {"flying"}, "flying": {"ground"}}


def _tie_broken(words: str, hits: list[int], ps, scores: dict[int, int]) -> list[int]:
    """``hits`` with a tie at the top broken by what ``words`` add to the verb: a number only
    one of the tied parts has («ранить на 1» of «ранить … на 2 / ранить … на 1»), a target
    state that rules a part out («по открытому» against «по выбранному закрытому существу»)."""
    if len(hits) < 2 or scores.get(hits[0]) != scores.get(hits[1]):
        return hits
    top = [n for n in hits if scores.get(n) == scores.get(hits[0])]
    text = {p.number: fold(p.text) for p in ps}
    said_numbers = set(_NUMBER.findall(words))
    keep = top
    if said_numbers:
        having = [n for n in keep if said_numbers & set(_NUMBER.findall(text[n]))]
        keep = having or keep
    said_states = _state_words(words)
    if said_states and len(keep) > 1:
        fitting = [n for n in keep if not any(_CONFLICT[s] & _state_words(text[n]) for s in said_states)]
        keep = fitting or keep
    if keep == top:
        return hits
    return keep + [n for n in hits if n not in keep]


def _parts_named(words: str, ps, actions) -> list[int]:
    """The parts ``words`` name, best first: by ordinal («второй вариант»), else by the parts'
    own words, else by the action the verb names; a tie is broken by the number or target
    state the words add (``_tie_broken``)."""
    from bot.abilities.outcome_words import match_parts, same_stem, stems

    folded = fold(words)
    by_number = _ordinal_part(folded, ps)
    if by_number is not None:
        return [by_number]
    hits = match_parts(words, ps)
    if hits:
        ss = stems(words)
        scores = {p.number: sum(1 for a in ss if any(same_stem(a, b) for b in stems(p.text))) for p in ps}
        return _tie_broken(folded, hits, ps, scores)
    hits = _by_action(words, actions)
    return _tie_broken(folded, hits, ps, {n: 1 for n in hits})


def _reversed(sent: str, ps, actions) -> tuple[int, int] | None:
    """«Можно в обратном порядке?», «поменять местами, сначала лечение?»: ``(first, then)`` —
    the part named after «сначала» first and the other one, or for a text of two parts the
    second first; ``None`` when it asks no reverse order or which parts is not told."""
    if not REVERSED.search(sent) or _PAYMENT.search(sent):
        return None
    m = _FIRST.search(sent)
    named = _one_part(sent[m.end():], ps, actions) if m else None
    numbers = [p.number for p in ps]
    if named is not None and len(numbers) == 2:
        return named, next(n for n in numbers if n != named)
    if named is None and len(numbers) == 2 and not m:
        return numbers[1], numbers[0]
    return None


def _order(sent: str, ps, actions) -> tuple[int, int] | None:
    """``(first, then)``: the parts in the order the sentence asks them done («сначала разряд,
    а потом уничтожение»; «разряд раньше уничтожения»); ``None`` when it asks no order of
    two different parts (or the order of the payment, which ``bot.abilities.route`` answers)."""
    m = ordered(sent)
    if m is None or _PAYMENT.search(sent):
        return None
    a, b = _one_part(m[0], ps, actions), _one_part(m[1], ps, actions)
    return (a, b) if a is not None and b is not None and a != b else None


def _both(clause: str, ps, actions) -> tuple[int, ...] | None:
    """The parts asked together («и разряд и лечилку», «разряд и лечение», «обе»)."""
    pieces = [x for x in _AND.split(clause) if x.strip()]
    if len(pieces) >= 2:
        named = [_one_part(x, ps, actions) for x in pieces[-2:]]
        if None not in named and named[0] != named[1]:
            return tuple(sorted(named))
    if _BOTH_WORD.search(clause):
        return tuple(p.number for p in ps)
    return None


_ALL_OR_NONE = re.compile(r"(?<![а-я])(?:либо|или)\s+(?:оба|обе|все|всё|и\s+то\s+и\s+другое)(?![а-я])[^?]*?"
                          r"(?<![а-я])(?:либо|или)\s+(?:ничего|ни\s+одн\w*|никак\w*)(?![а-я])|"
                          r"(?<![а-я])(?:всё|все|оба|обе)\s+или\s+ничего(?![а-я])")
"""«либо оба делаю, либо ничего», «всё или ничего»: the claim that no part may be left out."""


_TAG = re.compile(r"(?:да|верно|так|правда|ведь|ведь\s+так|правильно|нет|не\s+так|так\s+ведь)")


def _last_asking(sents: list[str], asks) -> list[str]:
    """The last two of ``sents`` that ask (a «?» or ``asks``), in order: all that
    ``_asking_clause`` reads (``_yes_no_of`` looks at the last two) — the sentences before
    them are not tested (each test of a «?»-less chat sentence reads its verbs)."""
    out: list[str] = []
    for x in reversed(sents):
        if "?" in x or asks(x):
            out.append(x)
            if len(out) == 2:
                break
    return out[::-1]


def _asking_clause(question: str) -> str:
    from bot.abilities.outcome_words import sentences
    from bot.yesno import asks

    sents = sentences(question)
    # the last sentence that asks: a remark after it («лечение будет? там же точка с запятой») asks nothing;
    # of «A? или B?» the first (B names the alternative)
    asking = _last_asking(sents, asks)
    last = (_yes_no_of(asking) or (asking[-1] if asking else None)) if sents else question
    if last is None:
        return ""
    clauses = [c for c in re.split(r"[,;:—–]|\s-\s|\s(?=(?:если|Если)\s)|(?<=[а-яё])\s+(?=(?:когда|пока)\s+\S+\s+\S+)",
                                  last) if c.strip()]
    # the asking clause is not a condition: «лечение будет если я ушёл в колоду?» asks «лечение будет»,
    # «разряд выполнится когда она уничтожит себя?» asks «разряд выполнится»
    main = [c for c in clauses if not re.match(r"\s*(?:а\s+)?(?:если|когда|пока)(?![а-яё])", fold(c))]
    # «разряда не будет, да?»: a confirmation tag asks about the clause before it
    tags = [c for c in main if not _TAG.fullmatch(fold(c).strip(" ?!.…"))]
    return fold((tags or main or clauses or [last])[-1])


def _asking_sentence(question: str) -> str:
    """The asked sentence from its permission word on («могу я открыться и не перемещаться?»,
    «могу переместиться, не открываясь?»), folded; ``""`` without a permission word."""
    sent = _asked_sentence(question)
    m = _MAY.search(sent)
    return sent[m.start():] if m else ""


# «не X» up to the next «и / а / но / или», comma or the end: one left-out span; not «не могу»,
# «не только», «не ли» («без X» is a part given up: ``_WITHOUT``).
_LEFT_OUT = re.compile(r"(?<![а-я])не\s+(?!мог|мож|смог|вправе|только|ли(?![а-я]))"
                       r"((?:(?!(?:и|а|но|или|либо)(?![а-я]))[а-я0-9-]+\s*)+)")


def _left_out(sentence: str, parts, actions: dict[int, str | None]) -> int | None:
    """The part the asked sentence leaves out: the one its «не …» span names (by
    words, else by the action its verb names). ``None``: no such span; ``0``: a span that
    names no single part (which part is skipped is not read)."""
    from bot.abilities.outcome_words import match_parts

    spans = [m.group(1) for m in _LEFT_OUT.finditer(sentence)] if sentence else []
    if not spans:
        return None
    named = {(_parts_named(s, parts, actions) or [0])[0] for s in spans}
    return named.pop() if len(named) == 1 else 0


def _by_action(clause: str, actions: dict[int, str | None]) -> list[int]:
    """Parts whose action is the one the clause's verb names («вылечить» -> heal), when the
    words themselves match no part («вылечить своего» against «излечить ваше существо»)."""
    from bot.sim.board_text import _action_named

    act = _action_named(clause)
    return [n for n, a in actions.items() if act and a == act]


def read_asked(question: str, parts: list[tuple[int, str]], actions: dict[int, str | None] | None = None,
               source_kind: str | None = None) -> Asked:
    """The asked kind of ``question`` about a text with ``parts`` (see module doc);
    ``actions``: part number -> the action of its effect (for verbs the parts spell
    otherwise); ``source_kind``: what the card with the text is (``BoardFacts.source_kind``:
    «шмотка осталась …?» asks about the source of an equipment's text)."""
    actions = actions or {}
    from bot.abilities.outcome_words import match_parts
    from bot.abilities.resolve import Part
    from bot.sim.board_text import _has, _words
    from bot.yesno import question_kind

    clause = _asking_clause(question)
    if not clause:
        return Asked("consequence")
    ps = [Part(n, t) for n, t in parts]
    head = _head_of(_asked_sentence(question))
    if _DECIDE.search(head) and _decider(head) is not None and _one_part(head, ps, actions) is None:
        return Asked("who_decides", parts=(_decider(head),))     # «кто решает, отказаться или нет?»
    if _has(clause, _words()["refuse"]) and _has(clause, ["отказ"]):
        own = re.search(r"(?<![а-я])(?:могу|можно|смогу|можем|я|мне)(?![а-я])", clause) \
            and not _OPPONENT.search(clause)
        given = re.search(r"(?<![а-я])от(?![а-я])(.*)", clause)
        if own and given:
            # «могу отказаться от ран?»: the controller leaves that part out (505.6, 505.8), not the
            # opponent's refusal of 505.7
            skipped = _one_part(given.group(1), ps, actions)
            return Asked("may_skip", skipped) if skipped else Asked("unread")
        return Asked("may_refuse")
    sent = _asked_sentence(question)
    if _HE_MAY.fullmatch(clause.strip(" ?!.")) and _refusal_before(question):
        return Asked("may_refuse")      # «… он говорит не хочу их терять. он так может?»: the refusal told is asked
    if _NOTHING.search(clause) and question_kind(question) == "yes_no":
        return Asked("nothing")         # «я тогда просто ничего не делаю?», «ничего не произойдёт?»
    if _LEFTOVER.search(sent) and _RESOURCE.search(sent):
        # «ресурсы сгорят или останутся?»: open; «потратятся или нет?», «ресурсы тратятся?»: yes / no on the
        # verb asked; «оставшиеся ресурсы не тратятся?»: negated (``target`` carries the verb as asked)
        m = _LEFTOVER.search(sent)
        either = re.search(r"(?<![а-я])(?:или|либо)(?![а-я])", sent) is not None
        polar = re.search(r"(?<![а-я])(?:или|либо)\s+(?:нет|не\s)", sent) is not None or (
            not either and question_kind(question) == "yes_no")
        negated = re.search(r"(?<![а-я])не\s+$", sent[:m.start()]) is not None and not either
        return Asked("leftover", parts=((0,) if _KEPT.match(m.group(0)) else (1,)) if polar else (),
                     target=m.group(0) if negated else None)
    if _PAYMENT.search(sent):
        when = _pay_when(sent, question_kind(question) == "yes_no")
        if when is not None:
            return Asked("payment", parts=when)
    order = _order(sent, ps, actions) or _reversed(sent, ps, actions)
    if order is None and _BARE_MAY.fullmatch(clause.strip()):
        # «хочу сначала фишку, потом ранить. можно?»: the order is told in the want before the bare question
        before = _wanted_sentence(question)
        order = (_order(before, ps, actions) or _reversed(before, ps, actions)) if before else None
    if order is not None:
        return Asked("order", parts=order)
    skipped = _left_out(_asking_sentence(question), ps, actions)
    if skipped is not None:
        # «могу ли я не перемещаться?», «могу я открыться и не перемещаться?», «переместиться, не
        # открываясь?»: the part under «не» is the one left out (not two parts asked together);
        # an unplaced «не …» — no verdict
        return Asked("may_skip", skipped) if skipped else Asked("unread")
    if _ALL_OR_NONE.search(sent) or (_MUST.search(sent) and _BOTH_WORD.search(sent)):
        # «либо оба делаю, либо ничего», «я обязан сделать и то и другое?»: no part may be left out
        return Asked("all_or_none", parts=tuple(p.number for p in ps))
    both = _both(clause, ps, actions) if question_kind(question) == "yes_no" else None
    if both is not None and len(both) >= 2:
        return Asked("both", parts=both)
    cut = _WITHOUT.search(clause)
    head, given_up = (clause[:cut.start()], clause[cut.end():]) if cut else (clause, "")
    if given_up:
        # «могу вместо ран подлечиться?»: the words the preposition governs are given up,
        # a verb after them is what is asked
        words = given_up.split()
        k = next((i for i, x in enumerate(words) if i and re.search(r"(?:ть|ться|тся|ет|ит|ем|им|у|ю)$", x.strip("?!.,…"))), len(words))
        given_up, head = " ".join(words[:k]), head + " " + " ".join(words[k:])
    state = _card_state(clause, source_kind)
    if state is not None and not _MAY.search(clause):
        return Asked("card_state", parts=state)     # «моё существо получит раны?», «моя карта закроется?»
    if _MUST.search(clause):
        part = _one_part(head, ps, actions) or _one_part(_asked_sentence(question).replace("⟪q⟫", " "), ps, actions)
        if part is not None:
            return Asked("must", part)      # «обязан ли я перемещаться?»
    hits = _parts_named(head, ps, actions)
    if not hits and not given_up:
        # «я хочу просто разряд кинуть, можно так?»: the asking clause points back at the
        # clause before it, which names the part
        sent = _asked_sentence(question).replace("⟪q⟫", " ")
        head = sent[:sent.rfind(clause.strip())] if clause.strip() in sent else sent
        hits = _parts_named(head, ps, actions)
    if not hits and not given_up and _BARE_MAY.fullmatch(clause.strip()):
        # «… я хочу туда переместить своего сущ. можно так?»: «так» is what the sentence before
        # says the asker wants to do
        wanted = _wanted_before(question)
        hits = _parts_named(wanted, ps, actions) if wanted else []
        head = wanted or head     # «мне лучше просто полечить. так можно?»: the want tells what is left out
        if not hits and len(ps) == 1:
            hits = [ps[0].number]       # «можно?» about a text of one part: that part
        elif not hits and wanted is not None and len(ps) > 1:
            # «мне удобнее кинуть по открытому. так можно?»: the asker's own choice is asked, and which
            # part it is the words do not say — not the ability as a whole
            return Asked("unread")
        elif not hits and question_kind(question) == "yes_no":
            return Asked("use")         # «можно?»: the ability as a whole
    instead = (_parts_named(given_up, ps, actions) or [None])[0] if given_up else None
    part = next((h for h in hits if h != instead), None)
    if part is None and not given_up and _USE.search(clause) and question_kind(question) == "yes_no":
        return Asked("use")     # «могу юзнуть?», «можно использовать?»: the ability as a whole
    target = "host" if _HOST_WORD.search(clause) else None
    if target is not None:
        # «могу ранить своего же хозяина?»: the verb names the part, «хозяин» its target (not the part
        # «излечить хозяина» that names him too)
        acted = [h for h in _by_action(head, actions) if h != instead]
        part = acted[0] if len(acted) == 1 else part
    only = bool(_ONLY_ASKED.search(clause))
    just = only or _JUST.search(head) is not None
    if just and instead is None and part is not None and part > 1 and _MAY.search(clause):
        # «могу только полечить?», «мне лучше просто полечить. так можно?» of a later part: without the
        # part before it (after «при этом» a «Нет», 505.4; another connective runs the choice as asked)
        instead = part - 1
    if _MAY.search(clause) and part is not None:
        return Asked("may", part, instead, target=target, only=only)
    if question_kind(question) == "yes_no" and part is not None:
        return Asked("whether", part, instead, target=target)
    if question_kind(question) != "yes_no" and not _MAY.search(clause):
        from bot.abilities.verdicts import first_alternative

        alt = first_alternative(_asked_sentence(question).replace("⟪q⟫", " "), ps)
        if alt is not None:
            return Asked("whether", alt[0], lead=alt[1])    # «раны пройдут или раз его нет, то ничего?»
    if _CONSEQUENCE.search(clause) or question_kind(question) != "yes_no":
        return Asked("consequence")
    return Asked("whether", part)


_HOST_WORD = re.compile(r"(?<![а-я])" + _alt("host") + r"(?![а-я])")


_HE_MAY = re.compile(r"(?:а\s+|и\s+|но\s+)?(?:он|она|противник|соперник)\s+(?:так\s+)?(?:может|можно|вправе|имеет\s+право)"
                     r"(?:\s+так)?(?:\s+делать|\s+сделать)?")
"""«он так может?»: whether the opponent may do what the sentence before says he does."""


def _refusal_before(question: str) -> bool:
    """Whether the sentence before the asked one tells the opponent refusing («он говорит не
    хочу их терять», «противник отказывается»)."""
    from bot.abilities.outcome_words import sentences
    from bot.sim.board_text import _has, _words

    sents = sentences(question)
    if len(sents) < 2:
        return False
    prev = fold(sents[-2])
    return _has(prev, _words()["refuse"]) and (_has(prev, _words()["enemy"]) or _OPPONENT.search(prev) is not None)


_BARE_MAY = re.compile(r"(?:а\s+|и\s+|ну\s+)?(?:так\s+)?(?:можно|могу|можно\s+ли|разрешено|нельзя)(?:\s+(?:так|ли\s+так|это))?\s*\??")


def _wanted_sentence(question: str) -> str | None:
    """The whole sentence before the asked one, folded, when it says what the asker wants or
    prefers («хочу сначала фишку, потом ранить»); else ``None``."""
    from bot.abilities.outcome_words import sentences
    from bot.sim.board_text import _stems_re, _words

    sents = sentences(question)
    if len(sents) < 2:
        return None
    prev = fold(sents[-2])
    return prev if _stems_re(tuple(_words()["preference"])).search(prev) else None


def _wanted_before(question: str) -> str | None:
    """The clause of the sentence before the asked one that says what the asker wants or
    prefers to do («я хочу туда переместить своего сущ», «мне удобнее кинуть второй вариант
    по открытому»: ``card_board.facts.preference``), folded: up to the next clause, or the
    one after when nothing follows the want word («хочу сразу второе, по земле» keeps
    «сразу второе»); ``None`` when that sentence says no want."""
    from bot.abilities.outcome_words import sentences
    from bot.sim.board_text import _stems_re, _words

    sents = sentences(question)
    if len(sents) < 2:
        return None
    prev = fold(sents[-2])
    m = _stems_re(tuple(_words()["preference"])).search(prev)
    if not m:
        return None
    end = re.search(r"[а-я]*", prev[m.end():]).end() + m.end()     # the rest of the want word
    return re.split(r"[,;:—–]|\s-\s", prev[end:], maxsplit=1)[0]


def _holder(root, leaf_id: int, kinds: tuple[str, ...]):
    """The innermost node of ``kinds`` above the leaf with ``id`` ``leaf_id``."""
    found = None

    def walk(node, above):
        nonlocal found
        if id(node) == leaf_id:
            found = above
            return True
        here = node if node.kind in kinds else above
        return any(walk(c, here) for c in node.children)

    walk(root, None)
    return found


def answer_on_board(text: str, facts, question: str):
    """The ``BoardVerdict`` of ``text`` on the board ``facts`` describe, for what
    ``question`` asks (``bot.sim.board_text.BoardVerdict``; its ``verdict`` is ``None``
    when the board does not decide it, or when an event the question tells as done — «карта
    себя уничтожила» — did not happen in the run: the question and the board disagree).
    Raises ``ParseError`` for text that is not card text."""
    bv = _answer_on_board(text, facts, question)
    told = facts.of("done")
    if told and bv.verdict is not None:
        from bot.abilities.resolve import number_parts

        from bot.sim.ability import parse_ability

        from bot.sim.ability import leaf_action

        result = parse_ability(text)
        nums, _ = number_parts(result.ast)
        acts = {n: leaf_action(leaf)[0] for leaf in result.ast.walk() if (n := nums.get(id(leaf)))}
        for f in told:
            mine = [n for n, a in acts.items() if a == f.action]
            if not mine or not any(bv.resolution.results.get(n) == "done" for n in mine):
                bv.verdict = None   # «карта ушла в колоду», but no part did that on this board
                bv.form_decided = False
                break
    return bv


def _answer_on_board(text: str, facts, question: str):
    from bot.abilities.resolve import number_parts
    from bot.sim.ability import leaf_action
    from bot.sim.ability import UseError, parse_ability
    from bot.sim.board_text import BoardVerdict, board_for, part_phrase, resolve_text

    missing: list[str] = []
    state, src, use, assumed = board_for(text, facts, missing)
    result = parse_ability(text)
    nums, parts = number_parts(result.ast)
    leaf_of = {n: i for i, n in nums.items()}
    node_of = {id(x): x for x in result.ast.walk()}
    asked = read_asked(question, [(p.number, p.text) for p in parts],
                       {p.number: leaf_action(node_of[leaf_of[p.number]])[0] for p in parts if p.number in leaf_of},
                       getattr(facts, "source_kind", None))
    # the asker's own «не брать фишку» is a decision, not the board: it does not make the verdict the board's
    asked = replace(asked, told=any(f.kind != "decline" for f in facts.facts))
    bv = _answer_asked(text, state, src, use, assumed, result, parts, leaf_of, asked)
    if not facts.facts and bv.form_decided and bv.verdict and "; на этом поле " in bv.verdict:
        # no board told: the verdict rests on the connective, not on the board the run assumed
        bv.verdict = bv.verdict.split("; на этом поле ")[0]
    from bot.sim.board_text import still_missing

    missing = still_missing(missing, bv.resolution)
    if missing and not bv.form_decided:
        # the board lacks a fact a part needs: what the run shows is not the question's board
        bv.verdict = None
        bv.missing = list(missing)
    if bv.refused is not None and not bv.form_decided and asked.kind not in ("payment", "who_decides", "order"):
        # the ability cannot be used on this board at all (506.3 for «вместо движения», a closed {tap}):
        # that, not a part's fate, answers «могу?», «будет ли …?», «что будет?»
        why, rules = bv.refused
        ref = f" (п. {', '.join(rules)})" if rules else ""
        lead = "Ничего не происходит" if asked.kind == "consequence" else "Нет"
        bv.verdict = f"{lead}: особенность использовать нельзя — {why}{ref}"
        bv.citations = [*rules, *(c for c in bv.citations if c not in rules)]
    if asked.kind in ("whether", "card_state") and bv.verdict and _NEGATED.search(_asking_clause(question)):
        bv.verdict = agree_with_negation(bv.verdict)
    return bv


_NEGATED = re.compile(r"(?<![а-я])не\s+(?!мож|мог|смож|смог|нужн|надо|обязан|должн|вправе|хоч|только|ли(?![а-я]))[а-я]+")
"""A negated asked clause («разряда не будет?», «лечение не пройдёт, да?»), modals aside."""


def agree_with_negation(verdict: str) -> str:
    """The answer to a negated question agrees with its statement, as Russian speakers
    answer (``bot.yesno.agree_with_negation`` for modals): «разряда не будет?» ->
    «Да, не будет: …» when the part does not happen, «Нет, будет: …» when it does.
    ``verdict``: the answer to the positive question («Да: …» / «Нет: …»)."""
    m = re.match(r"(Да|Нет): (.*)", verdict, re.S)
    if not m:
        return verdict
    return f"Нет, будет: {m.group(2)}" if m.group(1) == "Да" else f"Да, не будет: {m.group(2)}"


def _answer_asked(text, state, src, use, assumed, result, parts, leaf_of, asked):
    """The ``BoardVerdict`` for ``asked`` on the built board (see ``answer_on_board``)."""
    from bot.sim.ability import UseError
    from bot.sim.ability import leaf_action
    from bot.sim.board_text import BoardVerdict, part_phrase, resolve_text

    if asked.kind == "may_refuse":
        holder = next((n for n in result.ast.walk() if n.kind == "refusable"), None)
        if holder is None:
            bv = resolve_text(text, state, src, use, "", assumed)
            return replace(bv, verdict=None)
        bv = resolve_text(text, state, src, replace(use, refuse=True), "", assumed)
        first = [p for p in parts if id(holder.children[0]) == leaf_of.get(p.number)
                 or any(id(x) == leaf_of.get(p.number) for x in holder.children[0].walk())]
        rest = [p.number for p in parts if p not in first and any(
            id(x) == leaf_of.get(p.number) for c in holder.children[1:] for x in c.walk())]
        then = "; ".join(part_phrase(bv.resolution, n) for n in rest)
        label = ", ".join(f"части {p.number} «{p.text}»" for p in first)
        bv.verdict = f"Да: противник вправе отказаться от эффекта {label} (п. 505.7)" + (f"; тогда {then}" if then else "")
        bv.form_decided = True      # 505.7 gives him the right whatever the board
        if "505.7" not in bv.citations:
            bv.citations.insert(0, "505.7")
        return bv
    if asked.kind == "unread":     # a part left out that the words do not name: no verdict
        bv = resolve_text(text, state, src, use, "", assumed)
        return replace(bv, verdict=None)
    if asked.kind == "may_skip":
        return _skip(text, state, src, use, assumed, result, parts, leaf_of, asked.part)
    if asked.kind == "nothing":
        bv = resolve_text(text, state, src, use, "", assumed)
        res = bv.resolution
        if not all(res.results.get(n) in ("done", "failed", "not_declared") for n, _ in res.parts):
            return replace(bv, verdict=None)
        done = [n for n, _ in res.parts if res.results.get(n) == "done"]
        phrases = "; ".join(part_phrase(res, n) for n in (done or [n for n, _ in res.parts]))
        bv.verdict = ("Нет: " if done else "Да: ни одна часть не выполняется — ") + phrases
        return _cited_first(bv)
    if asked.kind == "leftover":
        return _cited_first(_leftover(text, state, src, use, assumed, result, asked))
    if asked.kind == "all_or_none":
        return _cited_first(_all_or_none(text, state, src, use, assumed, result, leaf_of, asked))
    if asked.kind in ("order", "both"):
        return _together(text, state, src, use, assumed, result, parts, leaf_of, asked)
    if asked.kind == "payment":
        return _cited_first(_payment(text, state, src, use, assumed, result, asked))
    if asked.kind == "who_decides":
        return _cited_first(_who_decides(text, state, src, use, assumed, result, asked))
    if asked.kind in ("may", "whether") and asked.instead is not None and asked.part is not None:
        bv = _without(text, state, src, use, assumed, result, parts, leaf_of, asked)
        if bv is not None:
            return bv
    host_target = False
    node = next((x for x in result.ast.walk() if id(x) == leaf_of.get(asked.part)), None) \
        if asked.target == "host" and asked.part is not None else None
    from bot.sim.ability import host_object

    if asked.kind == "may" and node is not None and src.host and not host_object(node.text):
        # «могу ранить своего же хозяина?»: the asked part's chosen target is the source's host
        # (a part that itself names the host, «излечите хозяина», needs no such choice)
        _, args = leaf_action(node)
        restrictions = set((args.get("target") or {}).get("restrictions") or ())
        if ((args.get("target") or {}).get("who")) != "chosen" or not restrictions <= {"adjacent"} \
                or ("adjacent" in restrictions and not src.is_symbiote):
            # not a chosen target, or one whose state the question does not tell («закрытое существо
            # рядом»), or «рядом» for equipment, which no rule puts next to its host: no verdict
            bv = resolve_text(text, state, src, use, "", assumed)
            return replace(bv, verdict=None)
        use = replace(use, targets={**use.targets, asked.part: src.host})
        assumed = [*assumed, f"цель части {asked.part} — хозяин «{src.host}» (так спрошено)"]
        host_target = "adjacent" if restrictions else "any"
    if asked.kind == "may":
        holder = _holder(result.ast, leaf_of[asked.part], ("choice", "otherwise", "optional"))
        kind = holder.kind if holder is not None else None
        if kind in ("choice", "otherwise"):
            use = replace(use, choose=asked.part)
        elif kind == "optional":
            use = replace(use, declare=frozenset({asked.part}))
        try:
            bv = resolve_text(text, state, src, use, "", assumed)
        except UseError as e:
            bv = resolve_text(text, state, src, replace(use, choose=None), "", assumed)
            rules = [r for r in e.rules if r]
            bv.verdict = "Нет: " + re.sub(r"^choose \d+:\s*", "", str(e))
            bv.citations = [*rules, *(c for c in bv.citations if c not in rules)]
            return bv
        r = bv.resolution.results.get(asked.part)
        phrase = _with_cause(bv, result.ast, leaf_of, asked.part)
        if kind == "optional" and r == "done":
            # «могу только открыться?»: the other parts after «может» are left undeclared (505.8)
            left = [n for n in _parts_of(holder, leaf_of) if n != asked.part
                    and bv.resolution.results.get(n) == "not_declared"]
            phrase += "".join("; " + part_phrase(bv.resolution, n) for n in left)
        bv.verdict = "Да: " + phrase if r == "done" else "Нет: " + phrase if r in ("failed", "not_declared") else None
        if kind == "choice" and r in ("done", "conditional") and asked.only and not asked.told:
            # «могу только полечить?» of «A или B»: one of them is used, the controller's choice (505.5)
            bv.verdict = (f"Да: используется только одна из способностей, на выбор контролирующего игрока, — "
                          f"{_label(parts, asked.part)} выбрать можно (п. {_rule_of(holder)})")
            bv.form_decided = True
        if kind == "optional" and r in ("done", "conditional") and asked.only and not asked.told:
            # «могу только полечиться?»: 505.8 lets the controller leave the other parts undeclared,
            # whatever the board makes of the part he keeps
            others = [n for n in _parts_of(holder, leaf_of) if n != asked.part]
            bv.verdict = (f"Да: контролирующий игрок вправе объявить только {_label(parts, asked.part)} и не объявлять "
                          + ", ".join(_label(parts, n) for n in others) + f" (п. {_rule_of(holder)})")
            bv.form_decided = True
        step = next((x for x in bv.resolution.steps if x.part == asked.part and x.status == "conditional"), None)
        if r == "conditional" and step is not None and step.reason.startswith("цель не указана; подходят"):
            # «могу ли я кинуть разряд?» with several fitting targets: declaring it is legal
            label = _label(parts, asked.part)
            rule = next((c for c in step.rules if c.startswith("505")), None)
            bv.verdict = (f"Да: {label} объявить можно — {step.reason.replace('цель не указана; подходят', 'подходящие цели')}"
                          + (f" (п. {rule})" if rule else ""))
        if host_target and bv.verdict:
            # the host is on the board with the symbiote whatever else is told; «рядом» is 209.9
            bv.form_decided = True
            if host_target == "adjacent" and r == "done":
                bv.verdict += "; симбиот и его хозяин считаются стоящими рядом картами (п. 209.9)"
        return _cited_first(bv)
    if asked.kind == "use":
        return _cited_first(_use_whole(text, state, src, use, assumed))
    if asked.kind == "card_state":
        return _cited_first(_state_of(text, state, src, use, assumed, asked))
    if asked.kind == "must":
        return _cited_first(_must(text, state, src, use, assumed, result, parts, leaf_of, asked))
    if asked.kind == "whether":
        bv = resolve_text(text, state, src, use, "", assumed)
        r = bv.resolution.results.get(asked.part) if asked.part else None
        phrase = _with_cause(bv, result.ast, leaf_of, asked.part) if asked.part else ""
        yes, no = (asked.lead[:1].upper() + asked.lead[1:], "Не " + asked.lead) if asked.lead else ("Да", "Нет")
        bv.verdict = f"{yes}: " + phrase if r == "done" else f"{no}: " + phrase if r in ("failed", "not_declared") else None
        return _cited_first(bv)
    bv = resolve_text(text, state, src, use, "", assumed)
    return bv if isinstance(bv, BoardVerdict) else bv


_CITED = re.compile(r"п\. ([\d.,\s]+)")


def _cited_first(bv):
    """``bv`` with the paragraphs its verdict cites first, in the verdict's order (the rule
    that decided the asked proposition leads the citations)."""
    if not bv.verdict:
        return bv
    said = [c for m in _CITED.finditer(bv.verdict) for c in re.split(r",\s*", m.group(1).strip(" .,")) if c]
    said = list(dict.fromkeys(c.rstrip(".") for c in said))
    bv.citations = said + [c for c in bv.citations if c not in said]
    return bv


def _parts_of(node, leaf_of: dict[int, int]) -> list[int]:
    """Part numbers of the leaves under ``node``, in reading order."""
    ids = {id(x) for x in node.walk()}
    return sorted(n for n, i in leaf_of.items() if i in ids)


def _common(root, leaf_of: dict[int, int], numbers) -> object | None:
    """The innermost compound node (505 connective) holding every part of ``numbers``."""
    from bot.abilities.ast import COMPOUND_KINDS

    best = None
    for node in root.walk():
        if node.kind in COMPOUND_KINDS and set(numbers) <= set(_parts_of(node, leaf_of)):
            best = node     # walk is top-down: the last hit is the innermost
    return best


def _rule_of(node) -> str:
    from bot.abilities.resolve import DEFAULT_RULES

    return node.rule or DEFAULT_RULES.get(node.kind, "505.4")


def _cause(res, root, leaf_of: dict[int, int], n: int) -> int | None:
    """The earlier part whose failure stopped part ``n`` after «при этом» (505.4): the last
    part of the previous child of the ``and_then`` holding ``n``, when that one did not
    happen; else ``None``."""
    if res.results.get(n) != "failed":
        return None
    for node in root.walk():
        if node.kind != "and_then":
            continue
        for i, child in enumerate(node.children):
            if i and n in _parts_of(child, leaf_of) and _parts_of(child, leaf_of)[0] == n:
                before = [k for k in _parts_of(node.children[i - 1], leaf_of) if res.results.get(k) != "done"]
                return before[-1] if before else None
    return None


def _with_cause(bv, root, leaf_of: dict[int, int], n: int) -> str:
    """``part_phrase`` of part ``n``, followed by why the earlier part it needed did not
    happen («…, а часть 1 … не объявляется (объявить нелегально: клетка b2 занята …)»)."""
    from bot.sim.board_text import part_phrase

    phrase = part_phrase(bv.resolution, n)
    seen = {n}
    k = _cause(bv.resolution, root, leaf_of, n)
    while k is not None and k not in seen:
        seen.add(k)
        phrase += "; " + part_phrase(bv.resolution, k)
        k = _cause(bv.resolution, root, leaf_of, k)
    return phrase


def _label(parts, n: int) -> str:
    return next(f"часть {p.number} «{p.text}»" for p in parts if p.number == n)


def _together(text, state, src, use, assumed, result, parts, leaf_of, asked):
    """``order`` and ``both`` (see module doc): the connective holding the asked parts says
    whether they can go in that order or both be used; the board, run through the
    simulator, says what happens where that depends on it."""
    from bot.sim.board_text import part_phrase, resolve_text

    node = _common(result.ast, leaf_of, asked.parts)
    kind = node.kind if node is not None else None
    rule = _rule_of(node) if node is not None else None
    a, b = asked.parts[0], asked.parts[-1]
    if kind == "optional":
        inside = set(_parts_of(node, leaf_of))
        use = replace(use, declare=frozenset(inside & set(asked.parts)))
    bv = resolve_text(text, state, src, use, "", assumed)
    res = bv.resolution
    if kind in ("choice", "otherwise", "refusable"):
        only = {"choice": "используется только одна из способностей — на выбор контролирующего игрока",
                "otherwise": (f"используется только одна: {_label(parts, min(a, b))}, а если её объявить нелегально — "
                              f"{_label(parts, max(a, b))}"),
                "refusable": (f"{_label(parts, max(a, b))} объявляется, только если противник отказался от эффекта "
                              f"{_label(parts, min(a, b)).replace('часть', 'части', 1)} или её объявить нелегально")}[kind]
        done = [n for n in asked.parts if res.results.get(n) == "done"]
        here = "; на этом поле " + "; ".join(part_phrase(res, n) for n in done) if done and kind != "choice" else ""
        what = "одну за другой, ни в каком порядке" if asked.kind == "order" else "обе сразу"
        bv.verdict = f"Нет: {what} их использовать нельзя: {only} (п. {rule}){here}"
        bv.form_decided = True
        return _cited_first(bv)
    if kind == "and_then" and asked.kind == "order":
        first, then = sorted(asked.parts)
        how = (f"способности объявляются по порядку текста: вначале {_label(parts, first)}, и только если она выполнена, "
               f"используется {_label(parts, then)} (п. {rule}, 505.4)")
        bv.verdict = ("Да: " if (a, b) == (first, then) else "Нет: ") + how
        bv.form_decided = True      # the order is the text's, whatever the board makes of each part
        return _cited_first(bv)
    if kind in ("and_then", "optional") and asked.kind == "both":
        ok = all(res.results.get(n) == "done" for n in asked.parts)
        known = all(res.results.get(n) in ("done", "failed", "not_declared") for n in asked.parts)
        phrases = "; ".join(_with_cause(bv, result.ast, leaf_of, n) for n in asked.parts)
        bv.verdict = None if not known else ("Да: " if ok else "Нет: ") + phrases
        if kind == "optional" and ok:
            bv.verdict += f" (п. {rule}: контролирующий игрок вправе объявить обе)"
        return _cited_first(bv)
    bv.verdict = None     # «может …» asked in an order: the rules set none; no connective holds both
    return bv


def _leftover(text, state, src, use, assumed, result, asked=None):
    """«Оставшиеся ресурсы сгорят или останутся?»: after «уничтожить / вернуть в колоду
    источник, при этом …» they are spent (505.9); for any other text no verdict (the rules
    say when the payment happens, 505.4, not what becomes of resources beyond it). A yes / no
    «потратятся или нет?» (``asked.parts``: ``(1,)`` asks «spent», ``(0,)`` «kept») leads
    with «Да» / «Нет»."""
    from bot.sim.ability import self_source_text
    from bot.sim.board_text import resolve_text

    from bot.sim.board_text import part_phrase

    bv = resolve_text(text, state, src, use, "", assumed)
    if self_source_text(result, src):
        bv.verdict = ("Потратятся: источник этой особенности уничтожен / возвращён в колоду — оставшиеся для оплаты "
                      "ресурсы потратятся (п. 505.9)")
        res = bv.resolution
        later = [n for n, _ in res.parts[1:2] if res.results.get(n) == "done"]
        if later:
            # the part after «при этом» is what the resources were short for: it is performed all the same
            bv.verdict += "; " + part_phrase(res, later[0])
        if asked is not None and asked.parts and asked.target:
            # «оставшиеся ресурсы не тратятся?»: the asked verb, positive, leads («Тратятся: …»);
            # «не останутся?»: «Да, не останутся»
            body = bv.verdict.split(": ", 1)[1]
            bv.verdict = (f"{asked.target[:1].upper()}{asked.target[1:]}: " if asked.parts == (1,)
                          else f"Да, не {asked.target} — потратятся: ") + body
        elif asked is not None and asked.parts:
            bv.verdict = ("Да, " if asked.parts == (1,) else "Нет, ") + bv.verdict[:1].lower() + bv.verdict[1:]
        bv.form_decided = True
    else:
        bv.verdict = None
    return bv


def _all_or_none(text, state, src, use, assumed, result, leaf_of, asked):
    """«Либо оба, либо ничего?», «я обязан сделать и то и другое?»: whether every part must be
    used or none. «Нет» after «может» (505.8: the controller may leave some undeclared) and
    where only one part is used (505.5 «или», 505.6, 505.7); no verdict after «при этом» (the
    rules say when a later part is used, not that the controller must use every part)."""
    from bot.sim.board_text import resolve_text

    node = _common(result.ast, leaf_of, asked.parts)
    kind = node.kind if node is not None else None
    bv = resolve_text(text, state, src, use, "", assumed)
    bv.form_decided = kind in ("optional", "choice", "otherwise", "refusable")
    rule = _rule_of(node) if node is not None else None
    why = {"optional": "контролирующий игрок вправе не объявлять некоторые из способностей, перечисленных после "
                       "«может», и объявить только часть из них",
           "choice": "используется только одна из способностей, на выбор контролирующего игрока",
           "otherwise": "используется только одна способность: первая, а если её объявить нелегально, вторая",
           "refusable": "используется только одна способность: вторая объявляется, только если противник отказался "
                        "от эффекта первой или её объявить нелегально"}.get(kind)
    bv.verdict = f"Нет: {why} (п. {rule})" if why else None
    return bv


def _use_whole(text, state, src, use, assumed):
    """«Можно использовать?» — the ability as a whole: «Нет» when the board forbids using it
    (``bot.sim.ability.use_problems``, set by the caller), «Да» when it can be used and some
    part is declared on this board (each part's fate follows); no verdict when no part is."""
    from bot.sim.board_text import part_phrase, resolve_text

    bv = resolve_text(text, state, src, use, "", assumed)
    if bv.refused is not None:
        return bv
    res = bv.resolution
    declared = [n for n, _ in res.parts if res.results.get(n) in ("done", "failed")]
    if not declared:
        bv.verdict = None
        return bv
    bv.verdict = "Да: особенность можно использовать — " + "; ".join(part_phrase(res, n) for n, _ in res.parts)
    return bv


def _state_of(text, state, src, use, assumed, asked):
    """Whether the card asked about ends the run with the change asked: «Да» when every
    card of that side («моё существо») — or the source («эта карта») — went through it
    (a part's effect, the payment, a death by the rule effects), «Нет» when none did and
    every part's result is known; no verdict when the cards of that side differ (which one
    is meant is not said) or a part's result is not known."""
    from bot.sim.board_text import part_phrase, resolve_text

    whose, results, inverse = asked.parts
    bv = resolve_text(text, state, src, use, "", assumed)
    res = bv.resolution
    if whose == "self":
        cards = [src.id]
    else:
        side = src.owner if whose == "own" else next((c.owner for c in state.cards.values() if c.owner != src.owner), None)
        cards = [c.id for c in state.cards.values() if side is not None and c.owner == side]
    hit = {cid: next((st for st in res.steps if st.card == cid and st.result in results), None) for cid in cards}
    got = [cid for cid, st in hit.items() if st is not None]
    unknown = any(r in ("unsupported", "unknown", "conditional", "option") for r in res.results.values())
    if not cards or (got and len(got) != len(cards)) or (not got and unknown):
        bv.verdict = None
        return bv
    if got:
        st = hit[got[0]]
        ref = f" (п. {', '.join(st.rules)})" if st.rules else ""
        if st.part and st.part in dict(res.parts):
            how = part_phrase(res, st.part)
        elif st.status == "payment":
            how = "оплата происходит после того, как пройдены все способности (п. 505.4)"
        else:
            how = "эффекты правил игры применяются до получения приоритета (п. 303.6)"
        bv.verdict = f"{'Нет' if inverse else 'Да'}: {how}: {st.text[:1].lower() + st.text[1:]}{ref}"
    else:
        bv.verdict = f"{'Да' if inverse else 'Нет'}: " + "; ".join(part_phrase(res, n) for n, _ in res.parts)
    return bv


def _must(text, state, src, use, assumed, result, parts, leaf_of, asked):
    """«Обязан ли я объявить часть N?»: after «может» no (505.8); a part of «или» no — one
    of them on the controller's choice (505.5); the first alternative of «в противном
    случае» yes while the board makes it legal, a later one only when the earlier is
    illegal (505.6); the opponent's part of 505.7 no — he may refuse. No verdict after
    «при этом» (the rules say when a later part is used, not that it must be)."""
    from bot.sim.board_text import part_phrase, resolve_text

    n = asked.part
    holder = _holder(result.ast, leaf_of[n], ("choice", "otherwise", "optional", "refusable"))
    bv = resolve_text(text, state, src, use, "", assumed)
    label = _label(parts, n)
    if holder is None:
        bv.verdict = None
        return bv
    rule = _rule_of(holder)
    first = n in _parts_of(holder.children[0], leaf_of)
    if holder.kind == "optional":
        bv.verdict = f"Нет: {label} перечислена после «может» — контролирующий игрок вправе её не объявлять (п. {rule})"
    elif holder.kind == "choice":
        bv.verdict = f"Нет: используется одна из способностей на выбор контролирующего игрока (п. {rule})"
    elif holder.kind == "refusable" and first:
        bv.verdict = f"Нет: противник вправе отказаться от эффекта {label.replace('часть', 'части', 1)} (п. {rule})"
    elif holder.kind == "otherwise":
        r = bv.resolution.results.get(n)
        if r == "done" or (r == "failed"):
            bv.verdict = f"Да: {label} объявить легально, а игрок обязан её объявить (п. {rule}); {part_phrase(bv.resolution, n)}"
        elif r == "not_declared":
            bv.verdict = f"Нет: {part_phrase(bv.resolution, n)}"
        else:
            bv.verdict = None
    else:
        bv.verdict = None
    return bv


def _who_decides(text, state, src, use, assumed, result, asked):
    """Who decides (505.5 «или» and 505.8 «может»: the controlling player; 505.7: the
    opponent, whether to refuse the first part; 505.6: no one — the first part is declared
    when legal): «Да» / «Нет» for the person asked, the person for «кто?». No verdict for a
    text with none of these connectives."""
    from bot.sim.board_text import resolve_text

    bv = resolve_text(text, state, src, use, "", assumed)
    node = next((n for n in result.ast.walk() if n.kind in ("choice", "optional", "refusable", "otherwise")), None)
    bv.form_decided = node is not None
    if node is None:
        bv.verdict = None
        return bv
    rule = _rule_of(node)
    asked_who = asked.parts[0]
    if node.kind == "otherwise":
        body = (f"выбора нет — игрок обязан объявить способность 1, и только если это нелегально — способность 2 "
                f"(п. {rule})")
        bv.verdict = ("Нет: " if asked_who else "Никто: ") + body
        return bv
    decider = 2 if node.kind == "refusable" else 1
    body = {"choice": f"одну из способностей на свой выбор использует контролирующий игрок (п. {rule})",
            "optional": f"какие из способностей после «может» объявить, решает контролирующий игрок (п. {rule})",
            "refusable": f"отказаться ли от эффекта способности 1, решает противник (п. {rule})"}[node.kind]
    if asked_who == 0:
        bv.verdict = ("Противник: " if decider == 2 else "Контролирующий игрок: ") + body
    else:
        bv.verdict = ("Да: " if asked_who == decider else "Нет: ") + body
    return bv


def _payment(text, state, src, use, assumed, result, asked):
    """When the ability is paid (505.4: after every part; 505.9: with the source gone the
    rest of the payment is spent anyway): «Нет» to «до …?», «Да» to «после …?», the time
    itself to «когда?». The connective's own paragraph (505.4.1, 505.4.2) is cited after
    505.4. A quoted text without its cost is asked about the same way (505.4 is about any
    use that requires payment; the question says it does)."""
    from bot.sim.ability import self_source_text
    from bot.sim.board_text import resolve_text

    bv = resolve_text(text, state, src, use, "", assumed)
    joins = [n.rule for n in result.ast.walk() if n.kind == "and_then" and n.rule and n.rule != "505.4"]
    rules = ", ".join(["505.4", *dict.fromkeys(joins)])
    body = f"оплата происходит после того, как игрок пройдёт все способности особенности (п. {rules})"
    if self_source_text(result, src):
        body += "; источник уничтожен / возвращён в колоду — оставшиеся для оплаты ресурсы потратятся (п. 505.9)"
    bv.verdict = ("Нет: " if asked.parts == (0,) else "Да: " if asked.parts == (1,) else "") + body
    if not asked.parts:
        bv.verdict = bv.verdict[:1].upper() + bv.verdict[1:]
    bv.form_decided = True
    return bv


def _without(text, state, src, use, assumed, result, parts, leaf_of, asked):
    """A part asked without an earlier one it follows after «при этом» (505.4, 505.4.1,
    505.4.2): «Нет» — it is used only when the earlier part was performed; the board says
    whether that one can be. ``None`` for any other connective (the caller runs the
    choice as asked)."""
    from bot.sim.board_text import part_phrase, resolve_text

    node = _common(result.ast, leaf_of, (asked.part, asked.instead))
    if node is None or node.kind != "and_then" or asked.instead > asked.part:
        return None
    rule = _rule_of(node)
    bv = resolve_text(text, state, src, use, "", assumed)
    earlier = part_phrase(bv.resolution, asked.instead)
    bv.verdict = (f"Нет: {_label(parts, asked.part)} используется, только если выполнена "
                  f"{_label(parts, asked.instead)} (п. {rule})"
                  + f"; на этом поле {earlier}")
    bv.form_decided = True      # a later part is never used without the earlier one (505.4), whatever the board
    return _cited_first(bv)


def _skip(text, state, src, use, assumed, result, parts, leaf_of, n):
    """«Могу ли я не объявлять часть N?»: after «может» yes (505.8, the rest declared as
    legal); the first alternative of «в противном случае» no while it is legal (505.6); any
    other connective — no verdict (whether the part may be left out is not this text's rule)."""
    from bot.sim.board_text import part_phrase, resolve_text

    holder = _holder(result.ast, leaf_of[n], ("optional", "otherwise", "choice", "refusable", "and_then"))
    kind = holder.kind if holder is not None else None
    label = next(f"часть {p.number} «{p.text}»" for p in parts if p.number == n)
    if kind == "optional":
        inside = {p.number for p in parts if any(id(x) == leaf_of.get(p.number) for x in holder.walk())}
        bv = resolve_text(text, state, src, replace(use, declare=frozenset(inside - {n})), "", assumed)
        others = "; ".join(part_phrase(bv.resolution, k) for k in sorted(inside - {n}))
        bv.verdict = f"Да: контролирующий игрок вправе не объявлять {label} (п. 505.8)" + (f"; {others}" if others else "")
        return bv
    bv = resolve_text(text, state, src, use, "", assumed)
    if kind == "refusable" and any(id(x) == leaf_of.get(n) for x in holder.children[0].walk()):
        # «могу сразу ранить, не предлагая ему вернуть шмотку?»: the first part is declared when legal;
        # only the opponent may refuse its effect (505.7)
        r = bv.resolution.results.get(n)
        if r == "not_declared":
            bv.verdict = f"Да: {part_phrase(bv.resolution, n)}"
        elif r in ("done", "failed"):
            bv.verdict = (f"Нет: {label} объявить легально, и она объявляется; отказаться от её эффекта вправе только "
                          "противник, и только тогда объявляется другая способность (п. 505.7)")
            bv.form_decided = True
        else:
            bv.verdict = None
        return bv
    if kind == "otherwise" and not any(id(x) == leaf_of.get(n) for x in holder.children[0].walk()):
        # «могу отказаться от ран?»: the later alternative must be declared when the earlier is illegal
        r = bv.resolution.results.get(n)
        if r in ("done", "failed"):
            bv.verdict = f"Нет: {part_phrase(bv.resolution, n)}"
        elif r == "not_declared":
            bv.verdict = f"Да: {part_phrase(bv.resolution, n)}"
        else:
            bv.verdict = None
        return bv
    if kind == "otherwise" and any(id(x) == leaf_of.get(n) for x in holder.children[0].walk()):
        r = bv.resolution.results.get(n)
        if r == "not_declared":
            bv.verdict = f"Да: {part_phrase(bv.resolution, n)}"
        elif r in ("done", "failed"):
            bv.verdict = (f"Нет: {label} объявить легально, а игрок обязан её объявить; другая способность — только "
                          "если её объявить нелегально (п. 505.6)")
        else:
            bv.verdict = None
        return bv
    bv.verdict = None
    return bv


__all__ = ["Asked", "read_asked", "answer_on_board", "asks_order"]
