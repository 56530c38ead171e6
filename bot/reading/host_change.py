"""A card of the user's database that changes host, and what its text gives the host
(issue 15): «Может ли Дхиру, сменив хозяина, оставить -1 к удару?».

The question names an imported card (``bot.judge.ask`` passes the mentions: ``CARD_AWARE``),
tells a host change («сменив хозяина», «перешёл на другое существо», «новый хозяин») and asks
whether a part of the card's text about its host («Хозяин получает -1 к {strike}») stays
with the previous host, or goes to the new one. The rules decide it for a lasting part:
when a symbiote (209.3) or an equipment (212.1) is put on another card, that card becomes
its host and the previous host stops being its host — so a part that gives «хозяин» something
now gives it to the new host, and the previous one keeps nothing of it.

Where the rules do not decide — the card has no host (not a symbiote, parasite or
equipment), its text has no part about the host, the part asked about is not in the text,
or the part holds only for a time or fires once («до конца хода», a trigger, a payment) —
the answer says what was understood and what is missing, without a verdict.
Words: grammar/card_formats.yaml ``host_change``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.answer import Answer, Block

ROUTE = "card"

CARD_AWARE = True
"""``bot.judge.ask`` passes the card mentions of the user's database (``cards=``)."""

_MODIFIER = re.compile(r"([+\-−–])\s?(\d+)\s+(?:к|от)\s+([а-яё]+)")


def _words() -> dict:
    from bot.cards.model import vocabulary

    return vocabulary().get("host_change") or {}


def _lemmas(text: str) -> list[str]:
    from bot.morph import lemma
    from bot.textnorm import fold

    return [lemma(w) for w in re.findall(r"[а-яё]+", fold(text))]


def role(card) -> str | None:
    """``symbiote`` | ``parasite`` | ``equipment`` for a card that has a host, else ``None``."""
    if card.kind == "equipment":
        return "equipment"
    return next((t for t in ("parasite", "symbiote") if t in card.traits), None)


def host_change(lemmas: list[str], w: dict) -> bool:
    """The question tells a host change: a change verb with a host noun, a host noun after
    a «new» word («новый хозяин»), or a change verb with «другое существо»."""
    s = set(lemmas)
    hosts = set(w.get("host_nouns") or ())
    changes = s & set(w.get("change_verbs") or ())
    if changes and s & hosts:
        return True
    if any(a in (w.get("new_words") or ()) and b in hosts for a, b in zip(lemmas, lemmas[1:])):
        return True
    return bool(changes) and set(w.get("other_creature") or ()) <= s


@dataclass(frozen=True)
class HostPart:
    """A part of a card's text about its host: ``text`` as written, ``amount`` (signed
    number of a modifier or ``None``), ``stat`` (what it modifies), ``lasting`` (a
    top-level part of the text with no trigger, payment, condition or duration),
    ``bound`` (the text itself limits it to the host relation: «…, пока Дха его паразит»),
    ``typed`` (the grammar typed the part; else it was found by its words in an effect
    the grammar did not type)."""

    text: str
    amount: int | None
    stat: str | None
    lasting: bool
    bound: bool = False
    typed: bool = True


def _modifiers(text: str, w: dict) -> list[tuple[str, int, str, str]]:
    """``(clause, amount, stat, rest)`` for each «хозяин получает -1 к {strike}…» in
    ``text``: the host word, at most two words, a signed number, «к»/«от» and the stat (an
    icon or a word); ``rest`` the words after it up to «, а …», «;» or the end."""
    stems = "|".join(re.escape(str(x)) for x in w.get("host_subject") or ())
    if not stems:
        return []
    pat = re.compile(rf"(?<![а-яё])(?:{stems})[а-яё]*\s+(?:[а-яё]+\s+){{0,2}}?([+\-−–])\s?(\d+)\s+(?:к|от)\s+"
                     rf"(\{{[a-z0-9_]+\}}|[а-яё]+)([^;]*?)(?=,\s+а\s|;|$)", re.IGNORECASE)
    out = []
    for m in pat.finditer(text):
        sign, n, stat, rest = m.groups()
        stat = stat.strip("{}") if stat.startswith("{") else stat.casefold()
        out.append((m.group(0).strip(" ,."), int(n) * (1 if sign == "+" else -1), stat, rest))
    return out


def _bound(rest: str, w: dict) -> bool:
    """The words after a host part limit it to the host relation: a «while» word and then,
    within four words, a relation noun («пока Дха его паразит»)."""
    lem = _lemmas(rest)
    whiles = set(w.get("while_words") or ())
    nouns = set(w.get("relation_nouns") or ())
    return any(x in whiles and set(lem[k + 1:k + 5]) & nouns for k, x in enumerate(lem))


def host_parts(text: str, w: dict) -> list[HostPart]:
    """The parts of ``text`` (parsed by the card grammar) whose subject is the host; in an
    effect the grammar did not type, the host modifiers its words state (``_modifiers``)."""
    from bot.abilities.effects import thaw
    from bot.abilities.parser import parse
    from bot.errors import ParseError

    try:
        res = parse(text)
    except ParseError:
        return []
    if res.ast is None:
        return []
    subjects = set(w.get("host_subject") or ())
    durations = [str(d) for d in w.get("durations") or ()]
    abilities = list(res.ast.children) if res.ast.kind == "card" else [res.ast]
    out = []
    for ab in abilities:
        # a condition written after the part («…, пока Дха его паразит») is the part's own
        # bound, read from its head below, not a header that makes the part occasional
        heads = {id(leaf): str(c.attr("head") or "") for c in ab.walk() if c.kind == "condition"
                 and c.attr("written_after") for leaf in c.walk() if leaf.kind == "effect"}
        core = ab.children[0] if ab.kind == "condition" and ab.attr("written_after") else ab
        top = core.kind == "effect" or (core.kind == "and_then" and all(c.kind == "effect" for c in core.children))
        about_host = not top and bool(set(_lemmas(ab.text)) & subjects)   # «При вскрытии хозяин получает …»
        for leaf in (n for n in ab.walk() if n.kind == "effect"):
            lem = _lemmas(leaf.text)
            if not leaf.attr("action") or not (about_host or lem[:1] and lem[0] in subjects):
                # not typed, or the host is not the part's subject as the grammar read it: its words
                out += [HostPart(clause, n, stat, False, _bound(rest, w), typed=False)
                        for clause, n, stat, rest in _modifiers(leaf.text, w) if set(lem) & subjects]
                continue
            args = thaw(leaf.attr("args")) or {}
            amount = args.get("amount") or {}
            n = amount.get("n") if isinstance(amount, dict) else None
            stat = args.get("stat")
            lasting = top and not any(d in leaf.text.casefold() for d in durations)
            bound = any(_bound(rest, w) for *_, rest in _modifiers(leaf.text, w)) or _bound(heads.get(id(leaf), ""), w)
            text = f"{leaf.text}, {heads[id(leaf)]}" if id(leaf) in heads else leaf.text
            out.append(HostPart(text, n if isinstance(n, int) else None, stat, lasting, bound))
    return out


def _stat_lemmas(stat: str | None) -> set[str]:
    """Lemmas naming ``stat``: its own word and the Russian name of its icon
    (grammar/icons.yaml: strike -> «простой удар»)."""
    if not stat:
        return set()
    from bot.abilities.lexicon import icon_words

    return {stat, *_lemmas(icon_words().get(stat, ""))}


def asked_modifier(question: str) -> tuple[int, str, str] | None:
    """``(signed amount, stat lemma, the words as written)`` of a modifier written in the
    question («-1 к удару» -> ``(-1, "удар", "-1 к удару")``)."""
    from bot.morph import lemma
    from bot.textnorm import fold

    m = _MODIFIER.search(fold(question))
    if m is None:
        return None
    n = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
    return n, lemma(m.group(3)), m.group(0)


def _rule_blocks(numbers: list[str], edition: str) -> list[Block]:
    from bot.abilities.resolve import rule_blocks

    return rule_blocks(numbers, edition)


def answer(question: str, edition: str = "5ed", cards: list | None = None) -> Answer | None:
    """The ruling on a named card's host part after a host change, an honest partial
    answer when the rules or the text do not decide it, or ``None`` when the question is
    not about a named card changing host (see the module doc). Citations: 209.3 / 212.1."""
    if not cards:
        return None
    w = _words()
    rest = question
    for m in sorted(cards, key=lambda x: -x.span[0]):
        rest = rest[:m.span[0]] + " " + rest[m.span[1]:]
    lem = _lemmas(rest)
    if not host_change(lem, w):
        return None
    keep = bool(set(lem) & set(w.get("keep_verbs") or ()))
    gets = not keep and bool(set(lem) & set(w.get("get_verbs") or ())) and \
        bool(set(lem) & set(w.get("new_words") or ()))
    wanted = asked_modifier(rest)
    if not (keep or gets or wanted):
        return None         # «может ли Дхиру сменить хозяина?»: another question
    from bot.cards.reading import took

    named = list({m.card.key: m for m in cards}.values())
    hosted = [m for m in named if role(m.card)]
    if len(hosted) > 1:
        return None
    if not hosted:
        c = named[0].card
        return _partial(question, f"{took(c)}", f"«{c.name}» в вашей базе — {c.kind_words()}: не симбиот, не паразит и "
                        "не экипировка, хозяина у этой карты нет (209.1, 212.1); о смене хозяина правила для неё не говорят",
                        ["209.1", "212.1"], edition)
    m = hosted[0]
    card = m.card
    if len({c.text for c in (card, *m.others)}) > 1:
        return _partial(question, took(card), f"в вашей базе несколько карт «{card.name}» с разными текстами — "
                        "какой из них имеется в виду, неизвестно", [], edition)
    rule = str((w.get("rules") or {}).get(role(card), "209.3"))
    parts = host_parts(card.text, w) if card.text else []
    asked_what = "часть текста о хозяине"
    if wanted is not None:
        n, stat, written = wanted
        asked_what = f"«{written}»"
        parts = [p for p in parts if p.amount == n and (stat in _stat_lemmas(p.stat) or p.stat is None)]
    event = f"«{card.name}» помещается на другую карту (меняет хозяина)"
    asked = ("остаётся ли у прежнего хозяина " if keep else "получает ли новый хозяин " if gets else
             "что становится с ") + (f"«{parts[0].text}»" if parts else asked_what)
    understood = f"Как я понял: {took(card)}; событие: {event}; вопрос: {asked}."
    if not parts:
        missing = (f"в тексте карты нет части о хозяине, которая давала бы {asked_what}" if wanted is not None
                   else "в тексте карты нет части о хозяине") if card.text else "у карты в вашей базе нет текста"
        return _partial(question, understood, missing, [rule], edition, ready=True)
    p = parts[0]
    moved = (f"когда карту «{card.name}» помещают на другую карту, та становится её хозяином, а прежний хозяин "
             f"перестаёт быть хозяином (п. {rule})")
    if p.lasting:
        why = f"{moved}; «{p.text}» действует на того, кто хозяин сейчас, — теперь на нового хозяина, у прежнего этого не остаётся"
    elif p.bound and not gets:
        why = (f"по тексту карты «{p.text}» действует, только пока «{card.name}» на этом существе (пока оно её "
               f"хозяин); {moved} — у прежнего хозяина этого не остаётся")
    else:
        return _partial(question, understood, f"«{p.text}» действует не постоянно (при срабатывании, оплате или на "
                        f"время), а п. {rule} говорит только, кто хозяин после перемещения: "
                        + ("получит ли это новый хозяин и когда, зависит от срабатывания" if gets else
                           "остаётся ли у прежнего хозяина уже полученное, правила не решают"), [rule], edition, ready=True)
    from bot.yesno import lead, question_kind

    negated = bool(re.search(r"(?<![а-яё])не\s+(?:\w+\s+)?(?:" + "|".join(
        map(re.escape, (*w.get("keep_verbs", ()), *w.get("get_verbs", ())))) + r")", " ".join(lem)))
    if question_kind(question) == "yes_no" and (keep or gets) and not negated:
        verdict = lead(gets, why)
    elif keep or gets:      # «разве … не оставит?»: «да» / «нет» would be read either way — the fact itself
        verdict = ("Новый хозяин получает это: " if gets else "У прежнего хозяина это не остаётся: ") + why
    else:
        verdict = why[:1].upper() + why[1:]
    notes = [] if p.typed else [Block("note", text=f"Текст карты грамматика прочитала не полностью; учтена его часть "
                                                      f"«{p.text}» — по её словам.")]
    return Answer(question=question, route=ROUTE, verdict=verdict,
                  blocks=[Block("list", title="Почему", items=(why[:1].upper() + why[1:],)), *notes,
                          *_rule_blocks([rule], edition)],
                  citations=[rule, *[r for r in card.rules() if r != rule]],
                  trace=[f"карта: {took(card)}", f"событие: {event}", f"часть текста о хозяине: «{p.text}»",
                         f"по п. {rule}: прежний хозяин перестаёт быть хозяином"],
                  understood=understood)


def _partial(question: str, understood: str, missing: str, citations: list[str], edition: str,
             ready: bool = False) -> Answer:
    """What was understood and what is missing, without a verdict."""
    said = understood if ready else f"Как я понял: {understood}."
    return Answer(question=question, route=ROUTE, verdict=None,
                  blocks=[Block("text", text=f"Вердикт не даю: {missing}."), *_rule_blocks(citations, edition)],
                  citations=list(citations), trace=[f"не решено: {missing}"], understood=said)
