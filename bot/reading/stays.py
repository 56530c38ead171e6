"""A card left alone «on its own cell», read as its fate (issue 11; 209.7, 209.8, 212.5, 212.6).

Players ask whether a symbiote or a piece of equipment with no host simply stays where it lies:
«он же не погибает? просто лежит на своей клетке», «разве не может просто постоять на своей
клетке?», «она так и останется стоять на своей клетке?». The phrase (a verb of standing or lying,
«на (своей) клетке», a few softening words) says the card stays on the battlefield — the fate
«stays» of a card with no host (left without one at the seating step, or summoned with none
told). ``read_stays_on_cell(rd, sent, neg_word, yes_no)`` reads it in the asked sentence, with
that sentence's mood, as the asked fate when no fate is asked yet; ``read_stays_told_again(rd)``
in a sentence after it (the same proposition told again): its words are used. Only the first
sets a fate: an asked sentence it does not read (a placing verb in it, «его некуда посадить, разве
он не может просто стоять на своей клетке?») is not read again without its mood (it was asked
as «может стоять?», the negation lost). Words: ``reader.cell_stay`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from functools import lru_cache

from bot.vocab import section


@lru_cache(maxsize=1)
def _words() -> dict[str, frozenset[str]]:
    from bot.textnorm import fold

    told = section("reader").get("cell_stay") or {}
    return {k: frozenset(fold(str(w)) for w in v) for k, v in told.items()}


def _phrase(rd, clause: list) -> list[int] | None:
    """The word indices of ``clause`` when it is only «(просто) стоит / лежит / останется стоять на
    (своей) клетке» (``cell_stay``: ``verbs``, ``soft`` words), else ``None``."""
    w = _words()
    verbs, soft = w.get("verbs", frozenset()), w.get("soft", frozenset())
    cell = next((t for t in clause if t.lemma == "клетка"), None)
    if cell is None or not any(t.lemma in verbs or t.text in verbs for t in clause):
        return None
    p = rd.tok(cell.i - 1)
    on = p if p is not None and p.text == "на" else rd.tok(cell.i - 2) if p is not None and p.lemma == "свой" else None
    if on is None or on.text != "на":
        return None
    taken = {cell.i, on.i, *(t.i for t in clause if t.lemma in verbs or t.text in verbs)}
    if p is not None and p.lemma == "свой":
        taken.add(p.i)
    rest = [t for t in clause if t.i not in taken and not (t.lemma in soft or t.text in soft)]
    from bot.vocab import words as vocab_words

    stop = vocab_words("stop_words")
    if any(t.i not in rd.mention and t.i not in rd.r.used and t.text not in stop for t in rest):
        return None     # a word of its own in the clause («стоять на клетке рядом с орком»): not only staying
    return sorted(taken | {t.i for t in clause if t.lemma in soft or t.text in soft})


def _alone(card) -> bool:
    return card.kind in ("symbiote", "parasite", "equipment") and card.host is None and (card.unhosted or card.summoned)


def _by_clause(toks: list) -> list[list]:
    """``toks`` grouped by clause, clauses in order, tokens in their order (one pass: a list
    comprehension per clause made 10,000 one-word clauses quadratic — 2.6 s)."""
    groups: dict[int, list] = {}
    for t in toks:
        groups.setdefault(t.clause, []).append(t)
    return [groups[c] for c in sorted(groups)]


def read_stays_on_cell(rd, sent: list, neg_word: str | None, yes_no: bool) -> bool:
    """Read the phrase in ``sent``, the asked sentence, whose modal negation is ``neg_word`` («не
    может», ``None``) and which asks yes or no when ``yes_no`` (module doc). ``True`` when it set the
    asked fate «stays» of a card with no host («может просто постоять на своей клетке?», «останется
    стоять на своей клетке?»); when a fate is asked already, ``read_stays_told_again`` (``False``)."""
    from bot.reading.reader import Asked

    if rd.r.asked is not None:
        read_stays_told_again(rd)
        return False
    for clause in _by_clause(sent):
        got = _phrase(rd, clause)
        if got is None:
            continue
        card = next((rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention and t.i not in rd.complement
                     and _alone(rd.r.cards[rd.mention[t.i]])), None)
        if card is None or not yes_no:
            return False
        rd.use(*got)
        rd.r.asked = Asked("fate", card.key, predicate="stays", negated=neg_word is not None, yes_no=True,
                           neg_word=neg_word)
        return True
    return False


def read_stays_told_again(rd) -> None:
    """Use the words of the phrase told again in a sentence after the asked one, when the asked fate
    is that a card with no host stays («он же не погибает? просто лежит на своей клетке»); nothing
    else is read (the asked sentence is ``read_stays_on_cell``'s, with that sentence's mood)."""
    a = rd.r.asked
    if a is None:
        return
    after = [t for t in rd.toks if t.sent > rd.asked_sent]
    card = rd.r.cards.get(a.card) if a.card else None
    stays = a.what == "fate" and (a.predicate == "stays" and not a.negated or a.predicate == "gone" and a.negated)
    if not (stays and card is not None and _alone(card)) or not after:
        return
    for clause in _by_clause(after):
        got = _phrase(rd, clause)
        if got is not None:
            rd.use(*got)
