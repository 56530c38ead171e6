"""Claims that name who does something (issue 11): «первым в стек кладёт неактивный игрок»,
«приоритет получает тот, кто его объявил», «сначала играет он, потому что он второй игрок».

A route answers «кто …?» with a value naming a player by role («Активный игрок», «Первый
игрок; затем …», «Контролирующий игрок использует …»). The claim names a person three ways:

- by role: «второй игрок», «неактивный» (``claim_persons.roles`` of grammar/lexicon.yaml);
- by a description «тот, кто …»: one the lexicon knows as a role («тот, кто контролирует
  карту» is the controlling player, «тот, чей ход» the active one:
  ``claim_persons.descriptions``), or another criterion («тот, кто его объявил», «тот, кто
  последним пасовал») — which the rule does not use when the value names the active or the
  inactive player (whose turn it is, 303.1): the claim is then false;
- by a player word («он», «противник», «я») whose role the question tells («я был первым
  игроком», «противник (неактивный)», «…, потому что он второй игрок»), the other player
  having the other role.

``person_of_claim`` finds the person and the words naming him; ``person_of_value`` reads the
player a value names first; ``same_person`` compares them (``None``: cannot tell).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.textnorm import fold

TURN_ROLES = ("first", "second", "active", "inactive")
"""Roles a player has by the turn order (405.1, 303.1); a criterion by action is not one."""
ACTIVE_ROLES = ("active", "inactive")
"""Roles by whose turn it is (303.1): an action in the story («тот, кто его объявил») is never
what makes a player active; who is first (405.1) may be told by such a story («кто выиграл бросок»)."""
_OPPOSITE = {"first": "second", "second": "first", "active": "inactive", "inactive": "active"}
ROLE_RU = {"first": "Первый игрок", "second": "Второй игрок", "active": "Активный игрок",
           "inactive": "Неактивный игрок", "controlling": "контролирующий игрок"}


@lru_cache(maxsize=1)
def _words() -> dict:
    from bot.vocab import section

    return section("claim_persons")


@lru_cache(maxsize=1)
def _role_re() -> re.Pattern:
    """A role word (any form: «первым», «неактивного») with an optional «игрок» after it."""
    stems = sorted(_words()["roles"], key=len, reverse=True)
    return re.compile(r"(?<![а-я])(" + "|".join(map(re.escape, stems)) + r")[а-я]*(?:\s+игрок[а-я]*)?(?![а-я])")


def is_role_phrase(text: str) -> bool:
    """Whether ``text`` names a player by role («второй игрок»), not by a player word («он»)."""
    return _role_re().fullmatch(fold(text).strip()) is not None


def _role_of(word: str) -> str | None:
    w = fold(word)
    for stem, role in sorted(_words()["roles"].items(), key=lambda x: -len(x[0])):
        if w.startswith(stem):
            return role
    return None


@dataclass(frozen=True)
class Person:
    """``role``: a key of ``claim_persons.roles`` values (``first`` …, ``controlling``) or
    ``None`` for a criterion the lexicon does not know as a role; ``span``: the words naming
    him in the proposition (folded); ``criterion``: the description's words when it is one."""

    role: str | None
    span: str
    criterion: str = ""


def story_roles(question: str) -> dict[str, str]:
    """``{"me": role, "other": role}`` the question tells of its players by turn role: «я был
    первым игроком», «я активный», «противник (второй)», «он второй игрок», «чел второй»; the
    other player has the opposite role. A role is told by a nominative role word after the
    player («я первый»), by a copula («был первым», «ходил первым»), or in brackets / after a
    dash («противник (неактивный)»); «противник первым сыграл» tells an order, not a role.
    Empty when nothing, or something contradictory, is told."""
    f = fold(question)
    people = "|".join(map(re.escape, sorted((fold(p) for p in _words()["players"]), key=len, reverse=True)))
    told = r"(?:(первый|второй|активный|неактивный)(?:\s+игрок)?(?![а-я])" \
        r"|(?:был[аи]?|буду|ходил[аи]?|являюсь|является)\s+(первым|вторым|активным|неактивным)(?![а-я])" \
        r"|\(\s*(перв|втор|активн|неактивн)[а-я]*(?:\s+игрок[а-я]*)?\s*\))"
    out: dict[str, str] = {}
    for m in re.finditer(rf"(?<![а-я])({people})\s*(?:же\s+|ведь\s+|тут\s+|—\s*|–\s*|-\s+)?{told}", f):
        who = "me" if m.group(1) in ("я", "мы") else "other"
        role = _role_of(next(g for g in m.groups()[1:] if g))
        if role is None:
            continue
        for side, got in ((who, role), ("other" if who == "me" else "me", _OPPOSITE.get(role))):
            if got is None:
                continue
            if out.get(side, got) != got:
                return {}   # contradictory
            out[side] = got
    return out


def person_of_claim(proposition: str, question: str) -> Person | None:
    """The one person ``proposition`` names as doing the act, or ``None`` (none, several, or
    one named by an order after the first: «вторым», «потом»)."""
    low = fold(proposition)
    desc = re.search(r"(?<![а-я])(?:тот|та|тот\s+игрок)\s*,?\s*(кто|чей|чья|чьё|чье|у\s+кого)\s+([^,;.?!]+)", low)
    if desc is not None:
        rest = low[:desc.start()] + " " + low[desc.end():]
        if _role_re().search(rest):
            return None
        criterion = desc.group(1) + " " + desc.group(2).strip()
        criterion = re.sub(r"\s*(?:,\s*)?то\s+есть\s+.*$", "", criterion).strip()
        return Person(_described_role(criterion), low[desc.start():desc.end()].strip(), criterion)
    # «первым … назначает второй игрок»: a role with «игрок» names the person, «первым» alone is the order
    roles = [m for m in _role_re().finditer(low) if "игрок" in m.group(0)]
    if len(roles) == 1:
        return Person(_role_of(roles[0].group(1)), roles[0].group(0))
    if roles or re.search(r"(?<![а-я])(?:активн|неактивн)[а-я]*(?![а-я])", low):
        return None     # several players, or «активный» alone («кладёт неактивный, а потом активный»)
    # «сначала играет он»: a player word whose role the question tells
    people = "|".join(map(re.escape, sorted((fold(p) for p in _words()["players"]), key=len, reverse=True)))
    found = list(re.finditer(rf"(?<![а-я])({people})(?![а-я])", low))
    if len(found) != 1:
        return None
    roles_told = story_roles(question)
    who = "me" if found[0].group(1) in ("я", "мы") else "other"
    if who not in roles_told:
        return None
    return Person(roles_told[who], found[0].group(0))


def _described_role(criterion: str) -> str | None:
    """The role a description names («кто контролирует карту» -> ``controlling``, «чей ход» ->
    ``active``: ``claim_persons.descriptions``), ``None`` for another criterion."""
    from bot.morph import lemma

    lemmas = {lemma(w) for w in re.findall(r"[а-яё]+", criterion)}
    for key, role in _words()["descriptions"].items():
        need = {lemma(w) for w in key.split()}
        if need <= lemmas:
            return role
    return None


def person_of_value(verdict: str | None) -> str | None:
    """The role of the player a value verdict names first («Активный игрок», «Первый игрок;
    затем …», «Контролирующий игрок использует …»), ``None`` for a yes/no verdict or none."""
    if not verdict or re.match(r"(?:Да|Нет)\b", verdict):
        return None
    head = re.split(r"[;:—–(]", fold(verdict), maxsplit=1)[0].strip()
    m = _role_re().match(head)
    if m is None or "игрок" not in m.group(0):
        return None
    if len(_role_re().findall(head)) != 1:
        return None
    return _role_of(m.group(1))


def same_person(claimed: Person, value_role: str) -> bool | None:
    """Whether the claimed person is the one the value names: the same role -> ``True``; two
    different roles of one kind, or a criterion by action against a turn role -> ``False``;
    else ``None``."""
    if claimed.role is not None:
        if claimed.role == value_role:
            return True
        kinds = ({"first", "second"}, {"active", "inactive"})
        if any(claimed.role in k and value_role in k for k in kinds):
            return False
        return None
    if value_role in ACTIVE_ROLES and re.search(r"(?<![а-я])кто(?![а-я])", claimed.criterion):
        return False        # «тот, кто его объявил» / «кто последним пасовал»: the rule names whose turn it is
    return None             # «тот, кто выиграл бросок» may well be the first player: not told apart


def without_role_sentences(setup: str) -> str:
    """``setup`` without the sentences that only tell the players' roles and frame the game
    («играли турнир, я был первым игроком.»): every word a role, a player, a copula or a
    ``claim_persons.framing`` word. The roles are read by ``story_roles``; a route asked «кто
    …?» would take the rest for words of a situation it cannot place."""
    from bot.morph import lemma

    from bot.vocab import section

    keep_out = {fold(w) for w in (*_words()["players"], *_words().get("framing", ()), *section("claims")["framing"])}
    kept = []
    for sentence in re.split(r"(?<=[.!?…])\s+", setup.strip()):
        ws = re.findall(r"[а-яё]+", fold(sentence))
        if ws and all(w in keep_out or lemma(w) in keep_out or _role_of(w) or lemma(w) == "игрок" for w in ws):
            continue
        kept.append(sentence)
    return " ".join(k for k in kept if k.strip())
