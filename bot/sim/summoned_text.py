"""Whether a summoned equipment or symbiote perishes, decided by the card text quoted in
the question (209.8, 212.6).

212.6 (209.8 for symbiotes): when the text of the summoning (resurrecting) card says the
summoned equipment is put on some card, that card becomes its host; when the text does not
say it, the summoned equipment perishes. The condition is the quoted text's, so it is read
from the text, never assumed:

- the text places the card («…, поместите её на ваше существо», «вызовите экипировку на
  выбранное ваше существо») — «погибает?» is «Нет»: the card named becomes its host;
- the text summons the card and names no card it goes on («вызовите экипировку из вашего
  сброса») — «погибает?» is «Да»;
- anything else (no summoning or placing part, both kinds told, a negated or an open
  question, a board described next to the text) — no verdict here (``None``).

Words: ``card_board.summoned`` of grammar/lexicon.yaml.
"""

from __future__ import annotations

import re

from bot.answer import Answer, Block
from bot.textnorm import fold

RULES = {"equipment": ("212.6", "212.1"), "symbiote": ("209.8", "209.3")}
WHAT_RU = {"equipment": ("вызванная экипировка", "она", "её хозяином", "не погибает"),
           "symbiote": ("вызванный симбиот", "он", "его хозяином", "не погибает")}


def _words() -> dict:
    from bot.vocab import section

    return section("card_board")["summoned"]


def _has(text: str, stems) -> bool:
    return any(re.search(r"(?<![а-яё])" + re.escape(fold(s)), text) for s in stems)


def mentions_summon(question: str) -> bool:
    """Whether ``question`` speaks of summoning or resurrecting a card at all (cheap: no parse)."""
    return _has(fold(question), _words()["summon"])


def _placed_on(result) -> str | None:
    """The words naming the creature the text puts the summoned card on («ваше существо»);
    ``""`` when the text puts it on a card it restricts («летающее», an opponent's, an artifact: the placement
    rules 209, 212.2–212.3 decide, not this module); ``None`` when no part places it."""
    from bot.sim.ability import leaf_action, placement_specs

    for leaf in (n for n in result.ast.walk() if n.kind == "effect"):
        action, _ = leaf_action(leaf)
        if action not in ("place", "summon", "resurrect"):
            continue
        split = placement_specs(leaf.text)
        if split is None:
            continue
        onto = split[1]
        if onto.get("restrictions") or onto.get("kind") not in (None, "creature") \
                or "enemy" in (onto.get("owner"), onto.get("who")):
            return ""   # «на выбранное летающее существо»: whether it may go there is 209 / 212.3's, not decided here
        if onto.get("kind") == "creature" or onto.get("who") in ("own", "enemy", "chosen", "self"):
            return fold(leaf.text).rsplit(" на ", 1)[-1].strip(" .")
    return None


def _kind(question: str, result) -> str | None:
    """``equipment`` | ``symbiote``: the kind of the summoned card, as the text's summoning
    part or the question names it (one kind only), else ``None``."""
    from bot.sim.ability import leaf_action

    kinds = set()
    for leaf in (n for n in result.ast.walk() if n.kind == "effect"):
        action, args = leaf_action(leaf)
        target = (args.get("target") or {}) if isinstance(args, dict) else {}
        if action in ("summon", "resurrect") and target.get("kind") in ("equipment", "symbiote"):
            kinds.add(target["kind"])
    q = fold(question)
    for kind, stems in _words()["kinds"].items():
        if _has(q, stems):
            kinds.add(kind)
    return next(iter(kinds)) if len(kinds) == 1 else None


def _asks_fate(asked: str, w: dict) -> str | None:
    """What an open question about the summoned card asks (``asked``: the folded asked
    sentence): ``onto`` — on which card it goes («на кого он сядет?», «куда её класть?»),
    ``fate`` — what becomes of it («что с ним будет?», «чё с ней?»); ``None`` otherwise.
    Words: ``card_board.summoned.asked_onto`` / ``asked_fate``."""
    if any(re.search(p, asked) for p in w.get("asked_onto", ())):
        return "onto"
    if any(re.search(p, asked) for p in w.get("asked_fate", ())):
        return "fate"
    return None


def _text_silent(clause: str, w: dict) -> bool:
    """A clause telling that the card text says nothing more («больше в тексте ничего нет», «про
    то, куда её класть, ничего нет», «куда её класть, не сказано»): the same fact the quoted
    text itself gives, no board. Words: ``card_board.summoned.silent`` (patterns)."""
    return any(re.search(p, clause) for p in w.get("silent", ()))


def _summons(result) -> bool:
    from bot.sim.ability import leaf_action

    return any(leaf_action(n)[0] in ("summon", "resurrect") for n in result.ast.walk() if n.kind == "effect")


def answer(question: str, result, edition: str) -> Answer | None:
    """The ``ability``-route ``Answer`` to «вызванная экипировка погибает?» about the parsed
    card text ``result`` quoted in ``question`` (see module doc), or ``None``."""
    from bot.abilities.outcome_words import sentences
    from bot.sim.board_text import read_board_facts
    from bot.yesno import question_kind

    w = _words()
    if result.ast is None or not mentions_summon(question):
        return None
    sents = sentences(question)
    asked = fold(([s for s in sents if "?" in s] or [sents[-1] if sents else ""])[-1])
    perish = [m for s in w["perish"] for m in re.finditer(r"(?<![а-яё])" + re.escape(fold(s)) + r"\w*", asked)]
    open_fate = _asks_fate(asked, w) if not perish else None
    if (not perish or question_kind(question) != "yes_no") and open_fate is None \
            or any(re.search(r"(?<![а-яё])(?:не|ни)\s+(?:\w+\s+)?$", asked[:m.start()]) for m in perish) \
            or re.search(r"(?<![а-яё])(?:если|когда|раз)(?![а-яё])", asked):
        return None     # «не погибнет?», «погибнет, если …?»: not the plain question this rules
    kind = _kind(question, result)
    if kind is None:
        return None
    facts = read_board_facts(question)
    told = [u for u in facts.unread if not (_has(fold(u), w["summon"]) or _has(fold(u), w["perish"])
                                            or _text_silent(fold(u), w) or fold(u).strip(" .?!") in asked)]
    if facts.facts or told:
        return None     # a board is described: whether the card it names may host it is the simulator's
    on = _placed_on(result)
    if on == "":
        return None
    if on is None and not _summons(result):
        return None     # the quoted text neither summons nor places the card: it decides nothing here
    what, pron, host, alive = WHAT_RU[kind]
    rules = RULES[kind]
    if open_fate is not None:
        # «что с ним будет?», «на кого он сядет?»: the fate itself leads the answer
        if on is not None:
            verdict = (f"{what[:1].upper() + what[1:]} помещается «на {on}»: так сказано в тексте карты, эта карта "
                       f"становится {host} (п. {rules[0]})")
        else:
            verdict = ("Ни на какую — " if open_fate == "onto" else "") + \
                (f"{what} погибает: в тексте карты не сказано, на какую карту {pron} помещается (п. {rules[0]})")
            verdict = verdict[:1].upper() + verdict[1:]
    elif on is not None:
        verdict = (f"Нет, {alive}: в тексте карты сказано, на какую карту {pron} помещается («на {on}»), — "
                   f"эта карта становится {host} (п. {rules[0]})")
    else:
        verdict = (f"Да, {what} погибает: в тексте карты не сказано, на какую карту {pron} помещается "
                   f"(п. {rules[0]})")
    from bot.abilities.resolve import rule_blocks

    blocks = [Block("text", text=f"Текст: «{result.text}»"), *rule_blocks([rules[0]], edition)]
    return Answer(question=question, route="ability", verdict=verdict, blocks=blocks, citations=list(rules),
                  trace=[f"текст карты: «{result.text}»",
                         (f"часть текста помещает карту «на {on}»" if on else "ни одна часть текста не помещает карту на "
                                                                              "другую карту") + f" (п. {rules[0]})"],
                  understood=f"Как я понял: {what}; спрошено, погибает ли {pron}, — это решает сам текст карты "
                             f"(п. {rules[0]})")


__all__ = ["answer", "mentions_summon"]
