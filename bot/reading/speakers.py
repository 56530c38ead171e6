"""Pronouns of a reported claim resolved to the speakers (issue 11, disputes).

A claim is told by the asker about what someone said: «противник говорит, что порядок моих
сработок выбирает он». In reported speech («говорит, что …») the asker's words stay his own
(«я», «мой» — the asker) and the third person names the claimer («он», «его карта» — the
opponent); in direct speech («говорит: я …», «…, теперь ты пасуй») the claimer speaks of
himself in the first person and of the asker in the second. The routes read a question from
the asker's side, so the claim is restated in the asker's terms before it is asked
(``in_asker_terms``: «порядок моих сработок выбирает противник») and shown to him as the bot
addresses him (``addressed``: «порядок ваших сработок выбирает противник»).

Only a pronoun that can stand for no card is resolved: a subject «он» whose clause has a
player's verb or noun (``claims.player_words`` of grammar/lexicon.yaml: «выбирает»,
«спасовал», «приоритет»), a possessive «его <noun>» beside the asker's own «мой» / «я» with
no other masculine card before it that «его» could name («хозяин … его симбиот» is left as
written; with no card of the asker's named, every card of the claim is of one side). Everything
else is left as the asker wrote it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.morph import analyzer, lemma
from bot.textnorm import fold

_TOKEN = re.compile(r"[А-Яа-яЁё]+|[^А-Яа-яЁё]+")
_CLAUSE_END = re.compile(r"[,.;:!?()«»\"—–]|\s-\s")

PLAYER = "противник"
"""How a restated claim names the other player (the word the routes read as the opponent)."""


@lru_cache(maxsize=1)
def _words() -> dict:
    from bot.vocab import section

    return section("claims")


@lru_cache(maxsize=1)
def _player_lemmas() -> frozenset[str]:
    return frozenset(fold(w) for w in _words()["player_words"])


def _parse(word: str):
    return analyzer().parse(fold(word))[0]


def _inflect(word: str, grammemes: set[str]) -> str | None:
    p = _parse(word).inflect(grammemes)
    return p.word if p is not None else None


def _as_written(word: str, like: str) -> str:
    return word.upper() if like.isupper() and len(like) > 1 else word


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _clause(toks: list[str], i: int) -> tuple[int, int]:
    """``(start, end)`` token indexes of the clause holding token ``i`` (punctuation bounds it)."""
    s = i
    while s > 0 and not _CLAUSE_END.search(toks[s - 1]):
        s -= 1
    e = i
    while e + 1 < len(toks) and not _CLAUSE_END.search(toks[e + 1]):
        e += 1
    return s, e + 1


def _words_in(toks: list[str], lo: int, hi: int) -> list[int]:
    return [k for k in range(max(lo, 0), min(hi, len(toks))) if toks[k][:1].isalpha()]


def _player_clause(toks: list[str], i: int) -> bool:
    """Whether the subject pronoun at ``i`` acts as a player: its verb (the nearest finite verb
    of its clause, after it first) or a word next to the two is a player's word («выбирает
    он», «он спасовал», «приоритет получает он»; not «он остаётся у меня и я могу объявить»,
    where «объявить» is another subject's)."""
    s, e = _clause(toks, i)
    ws = _words_in(toks, s, e)
    at = ws.index(i)
    after = [n for n in range(at + 1, min(at + 5, len(ws))) if _parse(toks[ws[n]]).tag.POS == "VERB"]
    before = [n for n in range(at - 1, max(at - 5, -1), -1) if _parse(toks[ws[n]]).tag.POS == "VERB"]
    verb = (after or before or [None])[0]
    if verb is None:
        return False
    lo, hi = min(verb, at) - 1, max(verb, at) + 1
    return any(lemma(fold(toks[ws[n]])) in _player_lemmas() for n in range(max(lo, 0), min(hi + 1, len(ws))) if n != at)


def _apposition(toks: list[str], i: int) -> bool:
    """«он как второй игрок …»: the pronoun's role is told beside it, and the readers take it so."""
    nxt = _words_in(toks, i + 1, i + 3)
    return bool(nxt) and fold(toks[nxt[0]]) == "как"


def _card_before(toks: list[str], i: int) -> bool:
    """A masculine or neuter noun before token ``i`` not owned by a possessive: «его» could name it."""
    from bot.morph import pos

    for k in _words_in(toks, 0, i):
        w = fold(toks[k])
        if pos(w) not in ("NOUN", "ADJS", None):     # «сущ», «симб»: slang nouns the analyser does not know
            continue
        p = _parse(lemma(w))
        if p.tag.POS == "NOUN" and (p.tag.gender == "femn" or _parse(w).tag.number == "plur"):
            continue
        if lemma(w) in _player_lemmas():
            continue
        prev = _words_in(toks, 0, k)[-2:]
        if any(_parse(toks[j]).tag.POS == "ADJF" and "Apro" in _parse(toks[j]).tag for j in prev):
            continue    # «мой летун», «его тварь»: its owner is told
        return True
    return False


def _noun_phrase_end(toks: list[str], i: int) -> int | None:
    """The token index of the noun of the phrase that starts after ``i`` («его наземный сущ»:
    the «сущ»), or ``None`` when no noun follows (``его`` is then an object: «его кидать»)."""
    ws = _words_in(toks, i + 1, i + 8)
    for n, k in enumerate(ws[:3]):
        if k != ws[0] and _CLAUSE_END.search("".join(toks[ws[0]:k])):
            return None
        t = _parse(toks[k]).tag
        if t.POS == "NOUN":
            return k
        if t.POS not in ("ADJF", "PRTF"):
            return None
    return None


def in_asker_terms(text: str, *, claimer: str, direct: bool) -> str:
    """``text`` (a claim of ``claimer``: ``me`` | ``other``) as the asker would say it, the
    other side named «противник» where a pronoun names him. ``direct``: the claimer's own
    words («говорит: я …»), where «я / мой» are the claimer and «ты / твой» the one he
    speaks to (the asker; in the asker's own words, the other side).""" 
    toks = _tokens(text)
    if direct and claimer == "other":
        return "".join(_direct(toks))
    if direct:
        return "".join(_addressing_other(toks))
    out = list(toks)
    # «его карта» is the claimer's beside the asker's own cards («мой летун … его тварь»); with
    # none of the asker's in the claim every card is of one side and reads the same from either
    mixed = any(_parse(t).normal_form in ("я", "мой") for t in toks if t[:1].isalpha())
    for i, t in enumerate(toks):
        w = fold(t)
        if w == "он" and _player_clause(toks, i) and not _apposition(toks, i):
            out[i] = _as_written(PLAYER, t)
        elif w == "его" and mixed and not _card_before(toks, i):
            _possessed_by_player(toks, out, i)
    return "".join(out)


def _direct(toks: list[str]) -> list[str]:
    """Direct speech of the other side turned to the asker's: «я» -> «противник» (its verb in
    the third person), «мне» -> «противнику», «мой X» -> «X противника», «ты» -> «я», «твой» -> «мой»."""
    out = list(toks)
    for i, t in enumerate(toks):
        w = fold(t)
        p = _parse(w)
        tag = p.tag
        if tag.POS == "NPRO" and tag.person == "1per" and tag.number == "sing":
            out[i] = _inflect(PLAYER, {tag.case or "nomn"}) or PLAYER
            if tag.case == "nomn":
                _reperson(toks, out, i, "3per")
        elif tag.POS == "NPRO" and tag.person == "2per" and tag.number == "sing":
            out[i] = _inflect("я", {tag.case or "nomn"}) or "я"
            if tag.case == "nomn":
                _reperson(toks, out, i, "1per")
        elif p.normal_form == "мой" and "Apro" in tag:
            _possessed_by_player(toks, out, i)
        elif p.normal_form == "твой" and "Apro" in tag:
            out[i] = _inflect("мой", {g for g in (tag.case, tag.gender, tag.number) if g}) or "мой"
    return out


def _possessed_by_player(toks: list[str], out: list[str], i: int) -> None:
    """«его / мой / твой X» at ``i`` written «X противника» in ``out``: the possessive dropped,
    the genitive player put after its noun phrase (nothing when no noun phrase follows)."""
    k = _noun_phrase_end(toks, i)
    if k is None:
        return
    out[i] = ""
    if i + 1 < len(out) and out[i + 1].isspace():
        out[i + 1] = ""
    out[k] = toks[k] + " " + _inflect(PLAYER, {"gent"})


def _addressing_other(toks: list[str]) -> list[str]:
    """The asker's own words to the other side («я говорю ему: ты не можешь …»): «ты» is the
    other side — «противник» (its verb in the third person), «твой X» -> «X противника»."""
    out = list(toks)
    for i, t in enumerate(toks):
        p = _parse(fold(t))
        tag = p.tag
        if tag.POS == "NPRO" and tag.person == "2per" and tag.number == "sing":
            out[i] = _inflect(PLAYER, {tag.case or "nomn"}) or PLAYER
            if tag.case == "nomn":
                _reperson(toks, out, i, "3per")
        elif p.normal_form == "твой" and "Apro" in tag:
            _possessed_by_player(toks, out, i)
    return out


def _reperson(toks: list[str], out: list[str], i: int, person: str) -> None:
    """The verb of the subject pronoun at ``i`` (within three words after it, in the pronoun's
    own person: «я контролирую», «ты пасуешь») put in ``person``."""
    was = _parse(toks[i]).tag.person
    s, e = _clause(toks, i)
    for k in _words_in(toks, i + 1, e)[:3]:
        t = _parse(toks[k]).tag
        if t.POS == "VERB" and t.person is not None:
            if t.person == was:
                out[k] = _inflect(toks[k], {person, "sing"}) or toks[k]
            return


_ADDRESSED = {"я": "вы", "меня": "вас", "мне": "вам", "мной": "вами", "мною": "вами"}


def _short_plural(word: str) -> str | None:
    """The plural of a short adjective or participle in the singular («обязан» -> «обязаны»,
    «уверен» -> «уверены», «должен» -> «должны»): the shortest form any such parse gives
    (the analyser also offers «уверенны»); ``None`` for another word."""
    forms = [f.word for p in analyzer().parse(fold(word)) if p.tag.POS in ("ADJS", "PRTS") and p.tag.number == "sing"
             for f in [p.inflect({"plur"})] if f is not None]
    return min(forms, key=len) if forms else None


def addressed(text: str) -> str:
    """``text`` in the asker's terms as the bot says it to him: «мой» -> «ваш» (in its case),
    «меня / мне» -> «вас / вам», «я» -> «вы» with its verb in the plural («я проиграл» ->
    «вы проиграли»)."""
    toks = _tokens(text)
    out = list(toks)
    for i, t in enumerate(toks):
        w = fold(t)
        if w in _ADDRESSED:
            out[i] = _as_written(_ADDRESSED[w], t)
            if w == "я":
                s, e = _clause(toks, i)
                for k in _words_in(toks, i + 1, e)[:3]:
                    tag = _parse(toks[k]).tag
                    if tag.POS == "VERB":
                        g = {"plur"} | ({"2per"} if tag.tense != "past" else set())
                        out[k] = _inflect(toks[k], g) or toks[k]
                        break
                    plural = _short_plural(toks[k])
                    if plural:
                        out[k] = _as_written(plural, toks[k])     # «я обязан» -> «вы обязаны»
                        break
            continue
        p = _parse(w)
        if p.normal_form == "мой" and "Apro" in p.tag:
            g = {x for x in (p.tag.case, p.tag.number) if x}
            if p.tag.number != "plur" and p.tag.gender:
                g.add(p.tag.gender)
            if p.tag.animacy and p.tag.case == "accs":
                g.add(p.tag.animacy)
            out[i] = _as_written(_inflect("ваш", g) or "ваш", t)
    return "".join(out)
