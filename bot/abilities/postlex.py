"""Post-lexer of the card-text grammar: turns raw words into connectives (505).

The Lark lexer (grammar/terminals.lark) cuts the text into tokens; this pass walks
each sentence and decides, from positions and parts of speech, what the LALR
grammar (grammar/card.lark) should see:

- a header word (TRIGGER_KW, CONDITION_KW, NAMED_KW) opens a header only at the start
  of a sentence (after an optional cost); its end becomes HEAD_END: the first dash
  or colon; otherwise, for a clause ("Когда …", "Если …", "Пока …") the first comma;
  otherwise an empty HEAD_END before the first verb, «может» or effect noun
  ("В начале хода противника может …"). Elsewhere the header word is a WORD.
- «может» (MAY) opening an ability, not after «не», becomes MAY_V (505.8);
- «или» (ILI) followed by a verb, «может» or an effect noun becomes ILI_V (505.5),
  otherwise it joins nouns inside one ability and is a WORD; also a WORD when it
  joins the infinitives governed by a modal that is a property of a creature
  ("оно не может двигаться или атаковать", "существо может A или B": only «может»
  opening an ability is 505.8);
- «или» inside a subordinate clause («…, которое атакует или защищается, …»,
  «если …», «когда …» up to the clause's comma) joins that clause's words: a WORD;
- «либо» (LIBO) likewise: 505.5 only before an ability ("…, либо излечиться"),
  otherwise a WORD ("существо либо артефакт");
- a dash after "где X" defines a value ("на X, где X – число фишек") and is a sign,
  not 505.4.2;
- after a header's end the body may open with a cost or another header (nested:
  "В начале хода — если … — …", "Строй: при гибели — …", "Пока … — {tap}: …"); a
  trigger's header ends before «если»/«пока» ("В начале хода, если …, …");
- «если»/«пока» right after a connective opens a condition over the next part
  ("A; если оно погибло – B"): its end is HEAD_END, not 505.4.2;
- "Раз в ход:" (LIMIT_HEAD) opening a sentence is the ability's limit; elsewhere a WORD;
- «и» (AND), or a comma, followed by a verb, inside the part governed by «может»,
  becomes AND_V (505.8: several abilities listed after «может»);
- a limit in parentheses that does not end the sentence becomes PAREN.
Connective tokens and positions are kept (spans refer to the normalised text).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from lark import Token
from lark.exceptions import LarkError

from bot.abilities import lexicon

HEADER_KW = ("TRIGGER_KW", "CONDITION_KW", "NAMED_KW")
# Tokens after which a new ability (operand of a connective) starts.
OPERAND_START = frozenset({"HEAD_END", "AND_THEN", "AND_IN", "SEMI", "DASH", "LIBO", "ILI_V", "AND_V", "COND_COMMA",
                           "OTHERWISE", "REFUSE", "COST"})
SENTENCE_END = frozenset({"DOT", "NL", "_END"})
# Header words that open a clause with its own verb: it ends at a comma.
_CLAUSE_HEADS = ("когда", "если", "пока", "каждый", "после того")
_RAW_WORDS = ("ILI", "AND", "MAY")
# inside a header: a definition dash is a sign; a cost, «либо», a limit header are words
_HEAD_RETYPE = {"LIMIT": "PAREN", "DASH": "PUNCT", "COST": "WORD", "LIMIT_HEAD": "WORD", "LIBO": "WORD"}

# Separators after which a part may be a condition ("A; если … – B"), and the ones
# that end such a condition's search for its end.
_PART_SEPS = frozenset({"AND_THEN", "SEMI", "DASH", "OTHERWISE", "REFUSE", "COND_COMMA"})
_PART_STOPS = frozenset({"AND_THEN", "SEMI", "OTHERWISE", "REFUSE", "LIBO"})

MAX_DEPTH = 3
"""Most headers one ability opens with ("В начале хода — если … — …" is two); a
deeper header word is read as a word of the body."""


MAX_CONNECTIVES = 40
"""Most connectives one sentence may hold (real card sentences hold a handful); more
would only nest the tree deeper than any card, so such a sentence is not read."""

_CONNECTIVES = frozenset({"AND_THEN", "SEMI", "DASH", "LIBO", "OTHERWISE", "REFUSE", "ILI", "MAY"})


class TooComplex(LarkError):
    """A sentence with more than ``MAX_CONNECTIVES`` connectives."""

    def __init__(self, count: int, start: int) -> None:
        super().__init__(f"{count} связок в одном предложении (не больше {MAX_CONNECTIVES})")
        self.count = count
        self.pos_in_stream = start


def _retype(tok: Token, type_: str) -> Token:
    return Token.new_borrow_pos(type_, tok.value, tok)


def _empty(type_: str, at: Token) -> Token:
    """A zero-width token placed just before ``at``."""
    return Token(type_, "", start_pos=at.start_pos, line=at.line, column=at.column,
                 end_line=at.line, end_column=at.column, end_pos=at.start_pos)


def _opens_ability(tok: Token | None, nxt: Token | None = None) -> bool:
    """Does an ability start at ``tok`` (a verb, «может», an effect noun)?"""
    if tok is None:
        return False
    if tok.type == "MAY":
        return True
    if tok.type not in ("WORD",):
        return False
    w = tok.value
    if w.casefold() == "не" and nxt is not None and nxt.type in ("WORD", "MAY"):
        return nxt.type == "MAY" or lexicon.is_predicate(nxt.value)
    return lexicon.is_predicate(w) or lexicon.is_effect_noun(w)


def _clause_follows(toks: list[Token], i: int) -> bool:
    """After «или» at ``i``: a subject and its verb ("или она получает -1 к удару", "или
    существо позади Химеры может получить …": a place phrase inside the subject)."""
    for j in range(i + 1, min(len(toks), i + 8)):
        t = toks[j]
        if t.type in ("WORD", "MAY") and (t.type == "MAY" or lexicon.is_finite_verb(t.value)):
            return j > i + 1
        if t.type == "WORD" and j > i + 1 and lexicon.word_lemma(t.value) in _PLACE_WORDS and j + 1 < len(toks) \
                and toks[j + 1].type == "WORD" and lexicon.is_nominal(toks[j + 1].value):
            continue
        if t.type != "WORD" or not lexicon.is_nominal(t.value) or (j > i + 4 and not t.value[:1].isupper()):
            return False
    return False


# words of a place inside a subject ("существо позади Химеры", "карта рядом с ним")
_PLACE_WORDS = frozenset({"позади", "перед", "напротив", "слева", "справа"})


_VARIABLES = frozenset({"X", "Y", "Z"})


def _defines_value(toks: list[Token], i: int) -> bool:
    """Is the dash at ``i`` the one of a definition ("на X, где X – число фишек на нём",
    "… . X – число ваших существ")? Such a dash is not 505.4.2: «где» and a name (one to
    three words, no verb) precede it, or the variable alone opens the sentence or clause."""
    if i >= 1 and toks[i - 1].type == "WORD" and toks[i - 1].value in _VARIABLES and (
            i == 1 or toks[i - 2].type in ("COMMA", "COST")):
        return True
    for k in range(i - 1, max(-1, i - 5), -1):
        t = toks[k]
        if t.type == "WORD" and t.value.casefold() == "где":
            return k < i - 1
        if t.type not in ("WORD", "NUMBER", "AND") or lexicon.is_predicate(t.value):
            return False
    return False


def _names_a_value(toks: list[Token], i: int) -> bool:
    """Is the dash at ``i`` one of a definition inside a clause ("…, пока Отпрыск твари
    – его паразит"): a «пока»/«если»/«где»/«когда» clause before it, and after it, to the
    end of the sentence or the next separator, no verb, effect noun, icon or number."""
    k = i - 1
    while k >= 0 and toks[k].type not in ("COMMA", "SEMI", "AND_THEN", "DASH", "HEAD_END", "COST"):
        k -= 1
    if k + 1 >= i or toks[k + 1].value.casefold() not in ("пока", "если", "где", "когда"):
        return False
    for t in toks[i + 1:]:
        if t.type in ("SEMI", "AND_THEN", "DASH", "OTHERWISE", "REFUSE", "COST"):
            break
        if t.type in ("ICON", "NUMBER", "MAY") or (t.type == "WORD" and (
                lexicon.is_predicate(t.value) or lexicon.is_effect_noun(t.value))):
            return False
    return i + 1 < len(toks)


def _opens_condition(tok: Token) -> bool:
    """«если» / «пока»: a condition clause (inside a trigger's header it opens the body)."""
    return tok.type == "CONDITION_KW" and tok.value.casefold() in ("если", "пока")


_SUBCLAUSE_WORDS = frozenset({"который", "если", "когда", "пока", "чтобы", "где", "при"})


def _opens_subclause(tok: Token) -> bool:
    """A word opening a subordinate clause inside an ability («которое», «если»): an
    «или» in it joins that clause's verbs ("существо, которое атакует или защищается")."""
    return lexicon.word_lemma(tok.value) in _SUBCLAUSE_WORDS


def _modal_verbs_follow(toks: list[Token], i: int) -> bool:
    """After «или» at ``i``: another infinitive governed by the same modal
    ("не может двигаться или атаковать", "может быть целью … или быть атакован")."""
    j = i + 1
    if j < len(toks) and toks[j].type == "WORD" and toks[j].value.casefold() == "не":
        j += 1
    return j < len(toks) and toks[j].type == "WORD" and lexicon.is_infinitive(toks[j].value)


def _next_content(toks: list[Token], i: int) -> tuple[Token | None, Token | None]:
    """The token after position ``i`` skipping adjectives (and the one after it)."""
    j = i + 1
    while j < len(toks) and toks[j].type == "WORD" and lexicon.is_adjective(toks[j].value) \
            and j + 1 < len(toks) and toks[j + 1].type == "WORD" and lexicon.is_effect_noun(toks[j + 1].value):
        j += 1
    a = toks[j] if j < len(toks) else None
    b = toks[j + 1] if j + 1 < len(toks) else None
    return a, b


def _instead(toks: list[Token], j: int) -> bool:
    """Do ``toks[j:j + 2]`` read «вместо этого» (the body replaces the event of the header)?"""
    return j + 2 < len(toks) and toks[j].value.casefold() == "вместо" and toks[j + 1].type == "WORD" \
        and toks[j + 1].value.casefold() == "этого"


# Verbs of a state (not an event): «когда не имеет ран», «когда стоит рядом с …».
_STATE_LEMMAS = frozenset({"иметь", "стоять", "находиться", "являться", "лежать", "обладать"})


def _state_when_words(toks: list[Token], i: int) -> None:
    """Inside the «если»/«пока» clause opened at ``toks[i]``: a «, когда [не] <state verb>»
    ("Если должен излечиться на X, когда не имеет ран …") states a circumstance of that
    condition, not an event: its «когда» is retyped a WORD in place (the clause stays one
    condition header instead of opening a trigger)."""
    for j in range(i + 1, len(toks) - 1):
        t = toks[j]
        if t.type in ("DASH", "COLON", "SEMI", "AND_THEN", "OTHERWISE", "REFUSE", "HEAD_END"):
            return
        if t.type == "TRIGGER_KW" and t.value.casefold() == "когда" and _states(toks, j):
            toks[j] = _retype(t, "WORD")


def _states(toks: list[Token], j: int) -> bool:
    """Does the «когда» at ``toks[j]`` open a state, «когда [не] имеет / стоит / является …»
    (not an event: «когда не имеет ран» holds for as long as it is true)?"""
    k = j + 1
    if k + 1 < len(toks) and toks[k].type == "WORD" and toks[k].value.casefold() == "не":
        k += 1
    return k < len(toks) and toks[k].type == "WORD" and lexicon.is_finite_verb(toks[k].value) \
        and lexicon.word_lemma(toks[k].value) in _STATE_LEMMAS


def _after_state_when(toks: list[Token], j: int) -> bool:
    """Is ``toks[j]`` the [«не»] verb of a state «когда» kept in a condition header (a
    WORD «когда», see ``_state_when_words``)?"""
    def when(k: int) -> bool:
        return k >= 0 and toks[k].type == "WORD" and toks[k].value.casefold() == "когда"
    return when(j - 1) or (when(j - 2) and toks[j - 1].value.casefold() == "не")


def _emit_header(toks: list[Token], i: int, end: tuple[str, int]) -> tuple[list[Token], int]:
    """Tokens of the header opened at ``toks[i]`` and ending at ``end`` (see
    ``CardPostLex._header_end``): keyword, words, HEAD_END; and where the body starts."""
    kind, j = end
    out = [toks[i]]
    for t in toks[i + 1:j]:
        out.append(t if t.type not in _RAW_WORDS + HEADER_KW + tuple(_HEAD_RETYPE)
                   else _retype(t, _HEAD_RETYPE.get(t.type, "WORD")))
    if kind == "insert" and j > i + 1 and toks[j].type == "WORD" and lexicon.is_infinitive(toks[j].value) \
            and toks[j - 1].type == "WORD" and toks[j - 1].value.casefold() in _MANNER_ADVERBS:
        j -= 1      # "если хозяин болотный полностью излечить хозяина": the adverb is the ability's
        out.pop()
    if kind == "insert" and _instead(toks, j):
        kind = "instead"    # "воздействие «украсть добычу» вместо этого может …"
    if kind == "instead" or (kind == "token" and _instead(toks, j + 1)):
        # the header's end, then «вместо этого»: one HEAD_END ("— вместо этого", "вместо этого")
        a, b = toks[j], toks[j + 1] if kind == "instead" else toks[j + 2]
        out.append(Token("HEAD_END", " ".join(x.value for x in toks[j:toks.index(b) + 1]), start_pos=a.start_pos,
                         line=a.line, column=a.column, end_line=b.end_line, end_column=b.end_column, end_pos=b.end_pos))
        return out, toks.index(b) + 1
    if kind == "insert":
        out.append(_empty("HEAD_END", toks[j]))
        return out, j
    if toks[j].type == "COMMA" and j + 1 < len(toks) and toks[j + 1].value.casefold() == "то":
        # "Если …, то …": the «то» belongs to the header's end
        out.append(Token("HEAD_END", ", то", start_pos=toks[j].start_pos, line=toks[j].line,
                         column=toks[j].column, end_line=toks[j + 1].end_line,
                         end_column=toks[j + 1].end_column, end_pos=toks[j + 1].end_pos))
        return out, j + 2
    out.append(_retype(toks[j], "HEAD_END"))
    return out, j + 1


# Words before a cost that grant it ("имеет {tap}: …", "получает {tap}: …"): the cost
# is then part of a granted ability, not a new sentence.
_GRANT_LEMMAS = frozenset({"иметь", "получать", "получить", "обладать", "терять", "потерять"})


def _granted_label(toks: list[Token], j: int) -> bool:
    """Is the colon at ``j`` the end of the label of a granted ability ("… получает
    Бешенство X: …", "… получает Вальхалла: …"): a grant verb, then one to three words or
    numbers, the first capitalised?"""
    for k in range(j - 1, max(-1, j - 5), -1):
        t = toks[k]
        if t.type == "WORD" and lexicon.word_lemma(t.value) in _GRANT_LEMMAS:
            if k < j - 1 and toks[k + 1].value[:1].isupper():
                return True
            break
        if t.type not in ("WORD", "NUMBER", "TRIGGER_KW", "CONDITION_KW"):
            break
    # "… имеет {instant}, потерять жетон инкарнации: …": a granted ability's payment
    for k in range(j - 1, max(-1, j - MAX_COST_WORDS - 3), -1):
        t = toks[k]
        if t.type in ("DASH", "SEMI", "AND_THEN", "COLON", "COST"):
            return False
        if t.type == "WORD" and lexicon.word_lemma(t.value) in _GRANT_LEMMAS and k + 1 < j and toks[k + 1].type == "ICON":
            return True
    return False


def _is_keyword(tok: Token) -> bool:
    """A keyword ability («броню», «регенерацию», «полет»: grammar/effects.yaml keywords)."""
    return tok.type == "WORD" and _keyword_word(tok.value)


@lru_cache(maxsize=20_000)
def _keyword_word(word: str) -> bool:
    from bot.abilities.effects import vocabulary

    return lexicon.word_lemma(word) in vocabulary().keywords


_GRANT_VERBS = frozenset({"получать", "получить", "иметь"})


def _granted_keyword_pair(toks: list[Token], i: int) -> bool:
    """Is the «или» at ``i`` between two keyword abilities granted by one verb ("существо
    получает благословление или проклятие", "получить полет или броню 1")? Then the player
    gets one of two abilities (505.5), not one ability with «или» in its name."""
    if i + 1 >= len(toks) or not _is_keyword(toks[i + 1]):
        return False
    k = i - 1
    if k >= 0 and toks[k].type == "NUMBER":
        k -= 1
    if k < 1 or not _is_keyword(toks[k]) or lexicon.word_lemma(toks[k].value) in _PARAMETER_LEMMAS \
            or lexicon.word_lemma(toks[i + 1].value) in _PARAMETER_LEMMAS:
        return False
    return toks[k - 1].type == "WORD" and lexicon.word_lemma(toks[k - 1].value) in _GRANT_VERBS


_MAY_FORMS = frozenset({"можете", "могут"})
# Verbs that, after «существо может», grant a permission even in the perfective form
# ("Выбранное существо может атаковать или двигаться до конца хода").
_PERMISSION_LEMMAS = frozenset({"атаковать", "инкарнировать"})


@lru_cache(maxsize=20_000)
def _one_time(infinitive: str) -> bool:
    """A perfective infinitive (one action done now: «получить», «посмотреть»), not an
    imperfective one, which after «существо может» grants a permission («перемещаться
    между …», «объявлять {strike} …», «выбирать в качестве хозяина …»)."""
    from bot.morph import analyzer

    if lexicon.word_lemma(infinitive) in _PERMISSION_LEMMAS:
        return False
    return analyzer().parse(infinitive.casefold())[0].tag.aspect == "perf"
MAX_SUBJECT = 6
_OPPONENT = frozenset({"противник", "соперник"})
"""Most tokens of the subject written before «может» opening an ability."""


def _restriction_follows(toks: list[Token], i: int) -> bool:
    """Does «только» follow the «может» at ``i`` before the next separator ("Может нападать
    {strike} только на карту напротив": a restriction, not an option of 505.8)?"""
    for t in toks[i + 1:]:
        if t.type in _PART_SEPS or t.type in ("ILI", "LIBO", "COMMA"):
            return False
        if t.type == "WORD" and t.value.casefold() == "только":
            return True
    return False


def _standing_permission(toks: list[Token], i: int) -> bool:
    """Is the «может»/«могут» at ``i``, opening a static ability (no trigger, cost or
    named effect before it), a standing permission ("Может двигаться по диагонали",
    "Может нападать 2 раза за ход", "Может атаковать летающих"): an imperfective
    infinitive follows (``_one_time`` is false)? Such an ability is always on — not a
    part the player may decline (505.8 covers abilities listed after «может» that are
    used now: "Может открыться и переместиться …")."""
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if nxt is not None and nxt.type == "WORD" and nxt.value.casefold() == "не" and i + 2 < len(toks) \
            and toks[i + 2].type == "WORD" and lexicon.is_infinitive(toks[i + 2].value):
        return True     # "Может не открываться в начале вашего хода": a standing leave not to
    return nxt is not None and nxt.type == "WORD" and lexicon.is_infinitive(nxt.value) and not _one_time(nxt.value)


def _until_end(toks: list[Token], i: int) -> bool:
    """Does the part opened by «может» at ``i`` say how long it lasts, «до конца (вашего)
    хода / боя», before the next separator ("Концентрация: может двигаться по диагонали до
    конца вашего хода": a permission for that while, not an act the player may decline)?"""
    for k in range(i + 1, len(toks) - 1):
        t = toks[k]
        if t.type in _PART_SEPS or t.type in ("ILI", "LIBO", "AND", "COMMA"):
            return False
        if t.type == "WORD" and t.value.casefold() == "до" and toks[k + 1].value.casefold() == "конца":
            return True
    return False


def _subject_may(out: list[Token], start: int, toks: list[Token], i: int, headed: bool = False) -> bool:
    """Is «может»/«можете»/«могут» at ``toks[i]`` an ability opened after its subject
    (``out[start:]``: one to ``MAX_SUBJECT`` words — pronouns, possessives, nouns, names,
    «X» — with no verb or preposition): "вы можете посмотреть …", "оно может получить …"?
    An infinitive must follow — perfective (``_one_time``) in a static ability, where an
    imperfective one grants a permission ("Возница может перемещаться …"), any after a
    trigger, condition or cost (``headed``) — and a restriction ("… могут объявлять
    разряд только по …") is not an ability of its own: then no."""
    subj = out[start:]
    if not subj or len(subj) > MAX_SUBJECT or i + 1 >= len(toks):
        return False
    last = subj[-2] if len(subj) > 1 and subj[-1].value.casefold() in _ALSO else subj[-1]
    if last.type != "WORD" or not (lexicon.is_nominal(last.value) or last.value[:1].isupper()):
        return False
    if any(t.type == "WORD" and t.value.casefold() in ("раз", "раза") for t in subj):
        return False    # "Один раз в течение хода может …": a limit, not a subject
    if not headed and any(t.type == "WORD" and lexicon.word_lemma(t.value) in _OPPONENT
                          and lexicon.may_be_nominative(t.value) for t in subj):
        return False    # "Противник может перенаправить …" in a static ability: a standing permission
    # (after a trigger, cost or named effect, "– противник может вскрыть …" is the opponent's
    # option of 505.8: its subject says who decides)
    for k, t in enumerate(subj):
        if t.type == "NUMBER" or (t.type == "WORD" and t.value in _VARIABLES):
            continue
        if t.type == "WORD" and (t.value.casefold() == "не" or pos_of(t.value) == "ADVB") and k + 1 < len(subj):
            continue    # "ваш не стоящий рядом дух может …"
        if t.type == "WORD" and t.value.casefold() in _ALSO and k > 0:
            continue    # "Заступник Ордена также может …"
        if t.type == "WORD" and k > 0 and lexicon.is_preposition(t.value) and k + 1 < len(subj):
            continue    # "ваше стоящее рядом существо с ранами может …"
        if t.type != "WORD" or t.value.casefold() in ("не", "и", "или", "а", "только") or lexicon.is_predicate(t.value) \
                or lexicon.is_preposition(t.value) or not (lexicon.is_nominal(t.value) or t.value[:1].isupper()):
            return False
    nxt = toks[i + 1]
    if nxt.type == "WORD" and nxt.value.casefold() in _ALSO and i + 2 < len(toks):
        nxt = toks[i + 2]   # "он может также стать {human}"
    if nxt.type != "WORD" or not lexicon.is_infinitive(nxt.value) or not (headed or _one_time(nxt.value)):
        return False
    for t in toks[i + 1:]:
        if t.type in _PART_SEPS or t.type in ("ILI", "LIBO"):
            break
        if t.type == "WORD" and t.value.casefold() == "только":
            return False
    return True


def _grants(out: list[Token]) -> bool:
    """Do the tokens just emitted end with a verb granting an ability ("получает",
    "получает:"), so that a cost next is the granted ability's, not this one's?"""
    k = len(out) - 1
    if k >= 0 and out[k].type == "COLON":
        k -= 1
    return k >= 0 and out[k].type == "WORD" and lexicon.word_lemma(out[k].value) in _GRANT_LEMMAS


# tokens between «может» and a later part that keep «может» over the rest (not MAY_B)
_MAY_B_BLOCKERS = frozenset({"AND_THEN", "SEMI", "DASH", "COND_COMMA", "OTHERWISE", "REFUSE", "HEAD_END", "MAY_V",
                             "MAY_B"})

# tokens a granted ability keeps as they are (the atoms of an effect)
_GRANTED_KEEP = frozenset({"WORD", "NUMBER", "ICON", "QUOTED", "PAREN", "PUNCT", "COMMA", "COLON"})

_ENDS_ABILITY = frozenset({"WORD", "NUMBER", "ICON", "QUOTED", "PAREN", "LIMIT", "PUNCT"})


def split_points(toks: list[Token]) -> list[int]:
    """Where a new ability starts inside one written sentence (the card databases often
    drop the full stop): before a cost after an ability ("… (до 2 раз в ход) {tap}:
    Разряд на 1"), before a capitalised header word after an ability ("… (воздействие
    «все пропало») В конце вашего хода …", "… на 2 Пока …"), before a capitalised word
    after a limit in parentheses ("(1 раз за ход) Вальхалла: …"). Never inside «» or
    a header's own words (a cost after "…:" or "… –" is that header's body).
    A sentence that is only a run of property icons ("{unq}{prm}{regen}-1") is one
    property per icon, each with its number (``_property_run_cuts``)."""
    run = _property_run_cuts(toks)
    if run:
        return run
    if len(toks) >= 2 and toks[-1].type == "WORD" and toks[-1].value[:1].isupper() \
            and all(t.type == "ICON" for t in toks[:-1]) \
            and all(lexicon.icon_roles().get(t.value[1:-1], "value") == "value" for t in toks[:-1]) \
            and lexicon.word_lemma(toks[-1].value) in _class_words():
        return [len(toks) - 1]   # "{unq} Койар.": the property icon, then the card's class (a full stop lost)
    paid = word_cost_end(toks) if toks and toks[0].type == "ICON" else None
    cuts = []
    for j in range(1, len(toks)):
        t, prev = toks[j], toks[j - 1]
        if prev.type not in _ENDS_ABILITY or (prev.type == "WORD" and prev.value.casefold() in ("и", "или", "не")):
            continue
        if prev.type == "WORD" and lexicon.word_lemma(prev.value) in _GRANT_LEMMAS:
            continue     # "получает {tap}: …", "получает Когда …": the granted ability is the object
        if t.type == "COST":
            if j != paid:   # (not the end of a payment in words: "{instant} снять 2 {counter}: …")
                cuts.append(j)
        elif t.value[:1].isupper() and (
                (t.type in HEADER_KW and t.value.casefold() not in ("при",) or t.type == "LIMIT_HEAD")
                or (prev.type in ("PAREN", "LIMIT") and t.type in ("WORD", "TRIGGER_KW", "CONDITION_KW", "NAMED_KW"))):
            cuts.append(j)
        elif t.type == "TRIGGER_KW" and t.value[:1].isupper() and prev.type in ("PAREN", "LIMIT", "NUMBER", "ICON"):
            cuts.append(j)   # "… на 1-2-2 При атаке …"
        elif t.type == "NUMBER" and t.value[:1] in "+-" and prev.type in ("LIMIT", "PAREN") and j + 1 < len(toks) \
                and toks[j + 1].type == "WORD" and toks[j + 1].value.casefold() in ("к", "от"):
            cuts.append(j)   # "… (1 раз за ход) -1 от средних {strike}", "… (максимум 3) +1 к {strike}"
        elif t.type == "NUMBER" and t.value[:1] in "+-" and prev.type in ("ICON", "WORD") and j + 1 < len(toks) \
                and toks[j + 1].type == "WORD" and toks[j + 1].value.casefold() in ("к", "от") \
                and not (prev.type == "WORD" and (lexicon.is_predicate(prev.value) or lexicon.is_preposition(prev.value)
                                                  or pos_of(prev.value) in ("CONJ", "PRCL", "ADVB"))) \
                and any(_is_modifier(toks[k], toks[k + 1]) for k in range(j - 1)) \
                and not any(x.type in HEADER_KW or x.type == "COST" for x in toks[:j]):
            cuts.append(j)   # "+1 к {strike} за каждую карту с {health} +3 к {strike} по машинам": two modifiers
    return cuts


@lru_cache(maxsize=1)
def _class_words() -> frozenset[str]:
    """Class and race labels of grammar/effects.yaml (``classes``), as lemmas."""
    from bot.abilities.effects import vocabulary

    return frozenset(lexicon.word_lemma(w) for w in vocabulary().classes)


def _property_run_cuts(toks: list[Token]) -> list[int]:
    """Cuts before every icon but the first when the sentence is only glued property
    icons, each with an optional number ("{unq}{prm}", "{unq}{drs}{regen}-1"): a player
    reads each icon as a property of its own. Icons whose role is a payment or a
    condition (grammar/icons.yaml) never form such a run; [] when it is not one."""
    if len(toks) < 2 or any(t.type not in ("ICON", "NUMBER") for t in toks) or toks[0].type != "ICON":
        return []
    roles = lexicon.icon_roles()
    icons = [j for j, t in enumerate(toks) if t.type == "ICON"]
    if len(icons) < 2 or any(roles.get(toks[j].value[1:-1], "value") != "value" for j in icons):
        return []
    return icons[1:]


def _is_modifier(a: Token | None, b: Token | None) -> bool:
    """Do ``a b`` open a modifier of a value ("+1 к {move}", "-1 от выстрелов")?"""
    return a is not None and b is not None and a.type == "NUMBER" and a.value[:1] in "+-" \
        and b.type == "WORD" and b.value.casefold() in ("к", "от")


def _signed_icon(a: Token | None, b: Token | None) -> bool:
    """Do ``a b`` write a modifier with «к» left out ("+1 {armor}", "-1 {move}")?"""
    return a is not None and b is not None and a.type == "NUMBER" and a.value[:1] in "+-" and b.type == "ICON"


def _has_modifier(toks: list[Token]) -> bool:
    """Does the operand so far hold a modifier ("получить +1 к {move}"): then «или +1 к
    {strike}» after it is the alternative of a choice (505.5), not a word of it."""
    return any(_is_modifier(a, b) for a, b in zip(toks, toks[1:]))


# Keywords that are a parameter of the ability before them, not an ability of their own
# ("Прыжок, дальность 4", "+1 к {strike} (максимум +3)").
_PARAMETER_LEMMAS = frozenset({"дальность", "максимум"})
# Icons that a modifier may name as its value ("+1 к {strike} и {move}"): after «и» they
# are the modifier's second value, not an ability of their own.
_STAT_ICONS = frozenset({"strike", "atk", "attack", "health", "move", "shot", "direct", "uchr", "regen",
                         "armor", "stamina", "fly"})


def _value_operand(op: list[Token]) -> bool:
    """Is the operand so far a value ability: a property icon or a keyword (with its
    number: "{prm}", "подлость 2", "Броня 1") or a modifier ("+1 к {strike} по …")?"""
    if not op:
        return False
    if op[0].type == "ICON" and all(t.type in ("ICON", "NUMBER") for t in op):
        return True
    if _is_keyword(op[0]) and len(op) <= 4 and all(t.type in ("WORD", "NUMBER") for t in op) \
            and not any(lexicon.is_predicate(t.value) for t in op if t.type == "WORD"):
        return True
    if len(op) >= 2 and op[0].type == "NUMBER" and op[0].value[:1] in "+-" and op[1].type == "ICON":
        return True     # "+4 {health}" (a value added to a stat written as an icon)
    # "+1 к {strike} по …", "получает +1 к …", "Эорвал получает +1 к …" (a subject, a grant verb, a modifier)
    return _is_modifier(op[0], op[1] if len(op) > 1 else None) or any(
        op[k].type == "WORD" and lexicon.word_lemma(op[k].value) in ("получать", "получить", "иметь")
        and _is_modifier(op[k + 1], op[k + 2]) for k in range(min(len(op) - 2, MAX_SUBJECT + 1)))


def _value_opens(toks: list[Token], j: int, after_and: bool) -> bool:
    """Does a value ability start at ``toks[j]``: a modifier, a keyword in the nominative
    (not a parameter such as «дальность»), or, after «и», a property icon that no modifier
    takes as its value ("{drs}")?"""
    if j >= len(toks):
        return False
    a = toks[j]
    if _is_modifier(a, toks[j + 1] if j + 1 < len(toks) else None):
        return True
    if _is_keyword(a) and lexicon.word_lemma(a.value) not in _PARAMETER_LEMMAS and lexicon.may_be_nominative(a.value):
        return True
    if a.type == "ICON" and not after_and:
        # "+1 к {strike}, {ova} 1 и …": after a comma only a property icon with its value
        return a.value[1:-1] not in _STAT_ICONS and j + 1 < len(toks) and toks[j + 1].type == "NUMBER"
    # ("+2 к {strike} и {direct} по существам с отравлением": the qualifier after it is shared,
    # bot/abilities/shared.py)
    return after_and and a.type == "ICON" and a.value[1:-1] not in _STAT_ICONS and lexicon.icon_roles().get(
        a.value[1:-1], "value") == "value" and (j + 1 >= len(toks) or toks[j + 1].type in ("NUMBER", "COMMA", "AND") or (
            toks[j + 1].type == "WORD" and toks[j + 1].value.casefold() in ("по", "против")))


def _elided_modifier_opens(op: list[Token], toks: list[Token], i: int) -> bool:
    """Is the «и» (or comma) at ``toks[i]`` the start of a second modifier whose sign, number
    and «к»/«от» are left out ("+1 к {strike} и {direct} по героям": +1 to each, two effects;
    "-1 от {shot}, {throw} и {uchr}")? The operand so far ends with a modifier of a stat icon,
    the next token is another stat icon, and after it the clause ends, a shared qualifier
    («по», «против», «до конца») follows, or the list goes on."""
    if i + 1 >= len(toks) or not op:
        return False
    c = op[-1]
    if len(op) == 1 and i >= 3 and c.type == "ICON" and c.value[1:-1] in _STAT_ICONS and toks[i - 2].type == "COMMA" \
            and toks[i - 3].type == "ICON" and toks[i - 3].value[1:-1] in _STAT_ICONS:
        pass            # the list goes on: "-1 от {shot}, {direct} и {uchr}"
    elif len(op) < 3 or not (_is_modifier(op[-3], op[-2]) and c.type == "ICON" and c.value[1:-1] in _STAT_ICONS):
        return False
    nxt = toks[i + 1]
    if nxt.type != "ICON" or nxt.value[1:-1] not in _STAT_ICONS or nxt.value == c.value:
        return False
    after = toks[i + 2] if i + 2 < len(toks) else None
    if toks[i].type == "COMMA" and not (after is not None and after.type in ("AND", "COMMA")):
        return False    # (a comma only inside a list that goes on: "{shot}, {throw} и {uchr}")
    return after is None or after.type in ("AND", "COMMA", "DOT", "NL", "SEMI", "LIMIT", "PAREN") or (
        after.type == "WORD" and after.value.casefold() in ("по", "против", "до"))


def _amount_effect(op: list[Token]) -> bool:
    """Does ``op`` open with an effect named by a noun with its amount ("магический удар на
    2-2-3", "особый удар ядовитым шипом на 2"): adjectives, an effect noun, then «на» and a
    number within a few words?"""
    k = 0
    while k < len(op) and op[k].type == "WORD" and lexicon.is_adjective(op[k].value):
        k += 1
    if k >= len(op) or op[k].type != "WORD" or not lexicon.is_effect_noun(op[k].value) or lexicon.is_predicate(op[k].value):
        return False
    return any(a.type == "WORD" and a.value.casefold() == "на" and b.type == "NUMBER"
               for a, b in zip(op[k + 1:k + 6], op[k + 2:k + 7]))


def _shares_object(op: list[Token]) -> bool:
    """Does the verb of ``op`` (a transitive one, not reflexive) have no object of its own
    ("взять под контроль и открыть выбранное существо": both verbs act on the object
    written after the second), so that «и» joins two verbs of one effect?"""
    k = next((k for k, t in enumerate(op) if t.type == "WORD" and lexicon.is_predicate(t.value)), None)
    if k is not None and lexicon.is_modal(op[k].value) and k + 1 < len(op):
        k += 1      # "не может двигаться и получает …": the modal's infinitive is the verb
    if k is None or op[k].value.casefold().endswith(("ся", "сь")):
        return False
    for j in range(k + 1, len(op)):
        t = op[j]
        if t.type in ("ICON", "NUMBER", "QUOTED"):
            return False
        if t.type == "WORD" and lexicon.is_nominal(t.value) and not (
                op[j - 1].type == "WORD" and lexicon.is_preposition(op[j - 1].value)):
            return False
    return True


def _same_value(op: list[Token], toks: list[Token], i: int) -> bool:
    """After «или» at ``toks[i]`` a modifier of a bare signed number before «или» ("получает
    -1 или +1 к броску"): one effect ("a sign, then the value"), not a choice of two. (A
    value and a modifier of it, "получает {ova} 1 или +1 к {ova}", are two effects: 505.5.)"""
    return bool(op) and op[-1].type == "NUMBER" and op[-1].value[:1] in "+-" and not (
        len(op) > 1 and op[-2].type == "ICON")     # ("{regen}-1 или +1 к {regen}": an icon's value)


def _colon_ahead(toks: list[Token], i: int) -> bool:
    """Is there a colon after ``toks[i]`` before the next separator (the words are a
    granted ability's payment: "имеет {instant}, потерять жетон: …")?"""
    for t in toks[i + 1:]:
        if t.type in _PART_STOPS or t.type in ("SEMI", "DASH", "DOT", "NL"):
            return False
        if t.type in ("COLON", "COST"):
            return True
    return False


# prepositions opening a qualifier of the value before them ("по существам с …", "против …")
_QUALIFIER_PREPS = frozenset({"по", "против", "с", "со", "без"})


def _choice_follows(toks: list[Token], i: int) -> bool:
    """Is there an «или»/«либо» after ``toks[i]`` before the next separator ("+1 к {strike} и
    {ova} 1 или +1 к {ova}"): then «и» joins the first alternative, it does not end it?"""
    for k in range(i + 1, len(toks)):
        t = toks[k]
        if t.type in _PART_STOPS or t.type in ("SEMI", "DASH", "DOT", "NL", "COMMA"):
            return False
        if t.type == "LIBO" and not _opens_ability(*_next_content(toks, k)):
            continue        # "…, либо элитное существо …": alternatives of an object, not of abilities
        if t.type == "ILI" and any(x.type == "WORD" and x.value.casefold() in _QUALIFIER_PREPS for x in toks[i + 1:k]) \
                and not _is_modifier(toks[k + 1] if k + 1 < len(toks) else None, toks[k + 2] if k + 2 < len(toks) else None):
            continue        # "+2 к {strike} и {direct} по существам с отравлением или {zoo}": inside the qualifier
        if t.type in ("ILI", "LIBO") and not (k + 1 < len(toks) and toks[k + 1].value.casefold() in _COMPARATIVES):
            return True     # (not "стоимостью 5 или менее")
    return False


_MANNER_ADVERBS = frozenset({"полностью", "сразу", "немедленно", "снова", "дополнительно"})
_COMPARATIVES = frozenset({"менее", "более", "меньше", "больше", "наоборот"})


def _extra_lives_follow(toks: list[Token], j: int) -> bool:
    """Do extra lives follow a count at ``toks[j - 1]``: «дополнительные {health}»,
    «дополнительных жизни», «{health}»?"""
    if j < len(toks) and toks[j].type == "WORD" and lexicon.word_lemma(toks[j].value) == "дополнительный":
        j += 1
    return j < len(toks) and ((toks[j].type == "ICON" and toks[j].value == "{health}") or (
        toks[j].type == "WORD" and lexicon.word_lemma(toks[j].value) == "жизнь"))


def _elliptic_clause(toks: list[Token], j: int) -> int | None:
    """Index of the dash after a subject of one to three nominal words at ``toks[j]`` when
    an effect follows it ("а Дегустатор – отравление на X": the verb left out), or ``None``."""
    k = j
    while k < len(toks) and k < j + 5 and toks[k].type == "WORD" and (
            lexicon.is_nominal(toks[k].value) or toks[k].value[:1].isupper()
            or (k > j and lexicon.is_preposition(toks[k].value))) and not lexicon.is_predicate(toks[k].value):
        k += 1
    if k == j or k + 1 >= len(toks) or toks[k].type != "DASH" or lexicon.is_preposition(toks[k - 1].value):
        return None
    a, b = toks[k + 1], (toks[k + 2] if k + 2 < len(toks) else None)
    if a.type == "WORD" and a.value.casefold() == "на" and b is not None and b.type == "NUMBER":
        return k    # "ранить карты на клетке на 3, а карты на соседних клетках – на 1": the amount alone
    return k if k <= j + 3 and a.type in ("WORD", "NUMBER", "ICON") and (_opens_ability(a, b) or _is_modifier(a, b)
                                                                       or lexicon.is_effect_noun(a.value)) else None


def _if_clause_ahead(toks: list[Token], i: int) -> bool:
    """Is there «, если …» after ``toks[i]`` before the next separator or «или»?"""
    for k in range(i + 1, len(toks) - 1):
        t = toks[k]
        if t.type in _PART_STOPS or t.type in ("SEMI", "DASH", "ILI", "DOT", "NL"):
            return False
        if t.type == "COMMA" and toks[k + 1].value.casefold() == "если":
            return True
    return False


def _second_effect(op: list[Token], toks: list[Token], i: int, has_pred: bool) -> bool:
    """Is the comma or «и» at ``toks[i]`` the end of one effect and the start of another
    in the same clause: after a value ability (``_value_operand``) a value ability or a
    clause with its own subject and verb; after a verb's ability, «и» and another
    infinitive, imperative or finite verb ("излечить … и снять …", "помещается … и
    переходит …")?"""
    if i + 1 >= len(toks):
        return False
    after_and = toks[i].type == "AND"
    nxt = toks[i + 1]
    if nxt.type == "WORD" and (_opens_subclause(nxt) or nxt.value.casefold() in _SUBCLAUSE_WORDS):
        return False    # "+1 к выстрелу по картам, которые получали раны …": a relative clause
    rel = next((k for k, t in enumerate(op) if t.type == "WORD" and lexicon.word_lemma(t.value) == "который"), None)
    closed_rel = rel is not None and toks[i].type == "COMMA" \
        and op and op[0].type == "WORD" and _imperative(op[0].value) and nxt.type == "WORD" and _imperative(nxt.value)
    # ("найдите в колоде карту, которой не было среди показанных, покажите ее": the relative
    # clause closed before the comma, an imperative after it is the next part)
    if not closed_rel and any(t.value.casefold() in ("пока", "если", "когда", "где", "чтобы") or lexicon.word_lemma(t.value) == "который"
                              for t in op if t.type in ("WORD", "CONDITION_KW", "TRIGGER_KW")):
        return False    # "+1 к метанию, пока имеет проклятие, неповоротливость и отравление": inside the clause
    if _value_operand(op) and (_value_opens(toks, i + 1, after_and) or (not after_and and _subject_verb_follows(toks, i))):
        return True
    if _elided_modifier_opens(op, toks, i):
        return True     # "+1 к {strike} и {direct}": +1 to each stat, two effects
    if after_and and 1 <= len(op) <= 2 and op[0].type == "ICON" and all(t.type in ("ICON", "NUMBER") for t in op) \
            and lexicon.icon_roles().get(op[0].value[1:-1], "value") == "value" and nxt.type == "ICON" \
            and nxt.value[1:-1] not in ("counter", "token", "tok", "tap") \
            and lexicon.icon_roles().get(nxt.value[1:-1], "value") == "value" and (
                i + 2 >= len(toks) or toks[i + 2].type in ("NUMBER", "COMMA", "AND", "DOT", "NL", "SEMI", "LIMIT", "PAREN")):
        return True     # "Строй: {ova}1 и {stamina}": two properties, two effects
    if not after_and and toks[i].type == "COMMA" and nxt.type == "MAY" and op and not any(
            t.type == "MAY" or (t.type == "WORD" and lexicon.is_modal(t.value)) for t in op) and any(
            t.type == "WORD" and lexicon.is_finite_verb(t.value) for t in op):
        return True     # "оно не закрывается после этого {strike}, может сразу же нападать …": a part of its own
    if after_and and op and not _is_keyword(op[-1]) and not any(t.type == "COMMA" for t in op) \
            and any(t.type == "WORD" and lexicon.word_lemma(t.value) in ("получать", "получить", "иметь") for t in op) \
            and any(t.type in ("NUMBER", "ICON") for t in op) and _is_keyword(nxt) and lexicon.may_be_nominative(nxt.value) \
            and lexicon.word_lemma(nxt.value) not in _PARAMETER_LEMMAS and (
                i + 2 >= len(toks) or toks[i + 2].type in ("DOT", "NL", "SEMI", "COMMA", "LIMIT", "PAREN", "AND_THEN")):
        return True     # "получить 1 дополнительную {health} и благословление": a value, then a keyword granted
    if not after_and and toks[i].type == "COMMA" and op and (op[0].type == "WORD" and (
            lexicon.is_infinitive(op[0].value) or _imperative(op[0].value)) or _value_operand(op) or any(
                t.type == "WORD" and lexicon.is_finite_verb(t.value) and not lexicon.is_modal(t.value) for t in op)) \
            and _subject_clause_follows(toks, i):
        # "изгнать все карты столбца, свободные клетки этого столбца получают маркеры": after an
        # order, a clause with its own subject (a noun in the nominative) and verb
        return True
    if after_and and len(op) >= 2 and (_is_keyword(op[-1]) or (op[-1].type == "ICON" and lexicon.icon_roles().get(
            op[-1].value[1:-1], "value") == "value" and not _has_modifier(op))) and nxt.type == "ICON" \
            and lexicon.icon_roles().get(nxt.value[1:-1], "value") == "value" \
            and nxt.value[1:-1] not in ("counter", "token", "tok", "tap") and any(
                t.type == "WORD" and lexicon.word_lemma(t.value) in ("получать", "получить", "иметь", "обладать")
                for t in op) and (
            i + 2 >= len(toks) or toks[i + 2].type in ("NUMBER", "COMMA", "AND", "DOT", "NL", "SEMI", "LIMIT", "PAREN")
            or (toks[i + 2].type == "WORD" and toks[i + 2].value.casefold() in ("по", "против", "до"))):
        return True     # "Аира имеет полет и {direct}", "Получить {direct} и {zoal}": two abilities granted
    if after_and and has_pred and nxt.type == "WORD" and (nxt.value[:1].isupper() or (
            lexicon.may_be_nominative(nxt.value) and not lexicon.is_predicate(nxt.value)
            and lexicon.is_nominal(nxt.value))) and _subject_verb_follows(toks, i) \
            and any(t.type == "WORD" and lexicon.is_finite_verb(t.value) for t in op):
        return True     # "атака блокируется и Небесный патруль приземляется": a clause with its own named subject
        #                 ("… ранится на 2 и ледяная цепь пропадает": or any subject in the nominative)
    if after_and and nxt.type == "QUOTED" and op and op[0].type == "ICON" and _value_operand(op):
        return True     # "{ovz}1 и «После нападения {strike} не закрывается»": a value and a quoted ability
    if _amount_effect(op) and _amount_effect(toks[i + 1:i + 8]):
        return True     # "магический удар на 2-2-3 и особый удар ядовитым шипом на 2": two attacks
        #                 (or with a comma: "разряд на 2 по летающему, разряд на 2 по наземному")
    if after_and and (_is_modifier(nxt, toks[i + 2] if i + 2 < len(toks) else None) or (
            _value_opens(toks, i + 1, True) and i + 2 < len(toks) and toks[i + 2].type == "NUMBER") or (
            _value_opens(toks, i + 1, True) and i + 3 < len(toks) and toks[i + 2].value.casefold() == "на"
            and toks[i + 3].type == "NUMBER" and op and _is_keyword(op[-1])) or (
            nxt.type == "ICON" and nxt.value[1:-1] not in ("counter", "token", "tok", "tap") and (any(
                a.type == "ICON" and b.type == "NUMBER" for a, b in zip(op, op[1:])) or (
                _has_modifier(op) and lexicon.icon_roles().get(nxt.value[1:-1]) == "value"
                and not (i + 2 < len(toks) and toks[i + 2].value.casefold() in ("на", "к", "от"))))) or nxt.type == "QUOTED") and (any(
            t.type == "WORD" and lexicon.word_lemma(t.value) in _GRANT_LEMMAS for t in op) or (
            _value_operand(op) and nxt.type == "ICON" and i + 2 < len(toks) and toks[i + 2].type == "NUMBER")) \
            and not any(t.type in ("COLON", "COST") for t in op):   # (not inside a granted "…: {tap}: …")
        # ("…, +2 к {strike} и {armor}2": a modifier listed after the grant, then an icon with its
        # own value; "+1 к {strike} и {direct}" is one modifier of two values)
        # "получить полет и +1 к {strike}", "получает проклятие и отравление 1"
        return True
    if after_and and (nxt.type == "NUMBER" and nxt.value[:1].isdigit() or nxt.value == "X") and _has_modifier(op) and any(
            t.type == "WORD" and lexicon.word_lemma(t.value) in _GRANT_LEMMAS for t in op) \
            and not any(t.type in ("COLON", "COST") for t in op) and _extra_lives_follow(toks, i + 2):
        return True     # "получает +1 к {strike} до конца хода и 2 дополнительные {health}": a modifier, then lives gained
    trait = bool(op) and (op[0].type == "ICON" or _is_keyword(op[0]))   # "{direct} по картам с {counter}"
    nxt2 = toks[i + 2] if i + 2 < len(toks) else None
    if after_and and has_pred and nxt.type == "WORD" and nxt.value.casefold() == "не" and nxt2 is not None \
            and (nxt2.type == "MAY" or (nxt2.type == "WORD" and lexicon.is_finite_verb(nxt2.value))) and any(
                t.type == "WORD" and lexicon.is_finite_verb(t.value) for t in op) and not any(
                t.type == "WORD" and lexicon.word_lemma(t.value) == lexicon.word_lemma(nxt2.value) for t in op):
        return True     # "атакованный закрывается и не открывается …" (not "считается A и не считается B")
    if not after_and and has_pred and nxt.type == "WORD" and lexicon.is_infinitive(nxt.value) and _one_time(nxt.value) \
            and op and (op[-1].type in ("ICON", "NUMBER", "QUOTED") or (op[-1].type == "WORD" and lexicon.is_nominal(op[-1].value))) \
            and any(t.type == "WORD" and lexicon.is_finite_verb(t.value) and not lexicon.is_modal(t.value) for t in op) \
            and not _colon_ahead(toks, i):
        return True     # "выбранная клетка получает маркер омута, ранить все карты …" (not a payment "…, потерять …:")
    if after_and and (has_pred or trait) and (nxt.type == "MAY" or (nxt.type == "WORD" and lexicon.is_finite_verb(nxt.value))) \
            and not _shares_object(op) and (trait or any(t.type == "WORD" and lexicon.is_predicate(t.value) for t in op)):
        return True     # "… не закрывается после {strike} и может нападать …", "{direct} … и игнорирует …"
    if not has_pred or nxt.type != "WORD" or lexicon.word_lemma(nxt.value) == "мочь" or lexicon.is_modal(nxt.value):
        return False
    if after_and and lexicon.is_predicate(nxt.value):
        return any(t.type == "WORD" and lexicon.is_predicate(t.value) for t in op) and not _shares_object(op)
    if not after_and and toks[i].type == "COMMA" and _same_verb_clause(op, toks, i):
        return True     # "все существа слева получают проклятие, на клетках справа получают благословление"
    # "потерять класс …, получить -1 к {move}, излечиться на 5 …": infinitives (or
    # imperatives) listed with commas are parts of their own, like the last one after «и»
    first = next((t for t in op if t.type == "WORD" and lexicon.is_predicate(t.value)), None)
    subject_first = first is not None and all(t.type == "WORD" and (lexicon.is_nominal(t.value) or t.value[:1].isupper())
                                              for t in op[:op.index(first)])
    # ("Ваша местность теряет особенности, становится существом …": its subject before the verbs)
    if not after_and and first is not None and subject_first and lexicon.is_finite_verb(first.value) \
            and not lexicon.is_modal(first.value) and lexicon.is_finite_verb(nxt.value) \
            and _same_person(first.value, nxt.value) and not any(t.type == "COMMA" for t in op):
        return True     # "теряет благословление, приземляется на клетку …": finite verbs listed with a comma
    return not after_and and first is not None and op[0] is first and (
        lexicon.is_infinitive(first.value) or _imperative(first.value)) and (
        lexicon.is_infinitive(nxt.value) or _imperative(nxt.value))


@lru_cache(maxsize=20_000)
def _only_nominative(word: str) -> bool:
    """Is every noun reading of ``word`` in the nominative («противник», not «противника»,
    «карту»; not «существо», which is also the accusative)?"""
    from bot.morph import analyzer

    cases = {p.tag.case for p in analyzer().parse(word.casefold()) if p.tag.POS == "NOUN"}
    return cases == {"nomn"}


def _subject_clause_follows(toks: list[Token], i: int) -> bool:
    """After the comma at ``toks[i]``: a subject — adjectives, then a noun in the nominative,
    then words in the genitive («этого столбца») — and its finite verb within a few words
    ("…, свободные клетки этого столбца получают …"); not a participle or a relative clause."""
    k = i + 1
    while k < len(toks) and k < i + 4 and toks[k].type == "WORD" and (
            pos_of(toks[k].value) == "ADJF" or toks[k].value.casefold() in ("все", "всё", "каждое", "каждый", "каждая",
                                                                             "его", "ее", "её", "их")):
        k += 1
    if k < len(toks) and toks[k].type == "ICON" and k > i + 1 and toks[k - 1].value.casefold() in ("его", "ее", "её", "их"):
        pass    # "…, его {strike} становится 2-4-5": a stat of the card named before
    elif k >= len(toks) or toks[k].type != "WORD" or not lexicon.is_noun(toks[k].value) \
            or not lexicon.may_be_nominative(toks[k].value) or lexicon.is_predicate(toks[k].value):
        return False
    for j in range(k + 1, min(len(toks), k + 7)):
        t = toks[j]
        if t.type == "MAY" or (t.type == "WORD" and lexicon.is_finite_verb(t.value) and not lexicon.is_infinitive(t.value)):
            return True
        if t.type == "WORD" and t.value.casefold() in ("равен", "равна", "равно", "равны"):
            return True     # "…, следующий бросок кубика этого существа равен 6"
        if t.type == "WORD" and lexicon.is_preposition(t.value) and j + 1 < len(toks) and toks[j + 1].type == "WORD" \
                and lexicon.is_nominal(toks[j + 1].value):
            continue        # "все карты на этой клетке ранятся": a place phrase inside the subject
        if t.type != "WORD" or not lexicon.is_nominal(t.value) or lexicon.word_lemma(t.value) == "который":
            return False
    return False


def _same_verb_clause(op: list[Token], toks: list[Token], i: int) -> bool:
    """After the comma at ``toks[i]``: a clause of its own — a few words (its place or subject),
    then the same finite verb as the one of ``op`` ("все существа на клетках слева получают
    проклятие, на клетках справа получают благословление"): the verb written twice is two
    effects, not one list."""
    verbs = [t for t in op if t.type == "WORD" and lexicon.is_finite_verb(t.value) and not lexicon.is_modal(t.value)]
    if not verbs:
        return False
    lemma = lexicon.word_lemma(verbs[-1].value)
    for k in range(i + 1, min(len(toks), i + 9)):
        t = toks[k]
        if t.type not in ("WORD", "NUMBER", "ICON", "AND") or (t.type == "WORD" and (
                _opens_subclause(t) or lexicon.word_lemma(t.value) == "который")):
            return False
        if t.type == "WORD" and lexicon.is_finite_verb(t.value):
            return k > i + 1 and lexicon.word_lemma(t.value) == lemma
    return False


@lru_cache(maxsize=20_000)
def _same_person(a: str, b: str) -> bool:
    """Two finite verbs in the same person and number, present or future («теряет»,
    «приземляется»): the predicates of one subject listed with a comma."""
    from bot.morph import analyzer

    def forms(w: str) -> set:
        return {(p.tag.person, p.tag.number) for p in analyzer().parse(w.casefold())
                if p.tag.POS == "VERB" and p.tag.tense in ("pres", "futr")}
    return bool(forms(a) & forms(b))


# Words of a time header: "В начале [вашего] хода [противника]", "В конце боя".
# "в первый ход", "в свой первый ход" opening an ability: a time window (a condition)
_FIRST_TURN = re.compile(r"в (ваш |свой |его )?первый ход")
_TIME_OWNERS = frozenset({"ваш", "свой", "он", "каждый", "следующий", "этот", "первый"})
_TIME_NOUNS = frozenset({"ход", "бой", "фаза", "раунд"})
# Words that open the subject of an ability after a header with no comma ("Когда
# карта противника теряет X {counter} ваши X существ могут получить …").
_SUBJECT_LEMMAS = frozenset({"вы", "ваш", "следующий", "первый", "стоять", "стоящий", "это", "каждый", "весь", "этот", "другой", "он", "она", "оно", "они",
                             "выбранный", "выбрать", "атаковать", "атакованный", "ее", "их"})
_CLAUSE_VERB_POS = frozenset({"VERB", "INFN", "PRTS", "PRED", "ADJS"})


def _subject_verb_follows(toks: list[Token], j: int) -> bool:
    """After the comma at ``j``: a subject (one to three nouns, names, pronouns) and its
    verb or «может» ("…, Воронга может объявлять …", "…, ваше существо получает …")."""
    for k in range(j + 1, min(len(toks), j + 5)):
        t = toks[k]
        if t.type == "MAY" or (t.type == "WORD" and lexicon.is_finite_verb(t.value)):
            return k > j + 1
        if t.type == "WORD" and t.value.casefold() == "не" and k > j + 1 and k + 1 < len(toks) and (
                toks[k + 1].type == "MAY" or (toks[k + 1].type == "WORD" and lexicon.is_finite_verb(toks[k + 1].value))):
            return True     # "…, оно не может перемещаться …": the negated verb
        if t.type == "WORD" and t.value.casefold() == "это" and k + 1 < len(toks) and toks[k + 1].type == "WORD" \
                and lexicon.is_noun(toks[k + 1].value):
            continue    # "…, это существо получает …": «это» determines the noun after it
        if t.type != "WORD" or not (lexicon.is_nominal(t.value) or t.value[:1].isupper() or pos_of(t.value) is None):
            return False
    return False


def _clause_end_without_comma(toks: list[Token], i: int, stop: int) -> int | None:
    """Where the ability starts after a clause header with no comma («Когда», «Если»,
    «Пока», «После того как»): at the first verb, «может» or effect noun after the
    clause's own verb, moved back over that ability's subject when one is written
    (a possessive, a pronoun, a capitalised name: "… уничтожает существо противника
    Фенрир может …"). A clause with no verb of its own ("Пока у X больше 8 {health}
    может …") ends before its first verb. ``None`` when no ability follows."""
    verb = None
    for j in range(i + 1, stop):
        t = toks[j]
        if t.type in ("SEMI", "AND_THEN", "OTHERWISE", "REFUSE", "DASH"):
            stop = j
            break
        if verb is None and j > i + 1 and t.type == "WORD" and _imperative(t.value):
            return j    # "если это демон положите …": an imperative is never the clause's verb
        if verb is None and (t.type == "MAY" or (t.type == "WORD" and t.value.casefold() != "не" and (
                lexicon.is_predicate(t.value) or (pos_of(t.value) in _CLAUSE_VERB_POS and not (
                    j > i + 1 and t.value[:1].isupper()))))):   # ("со Стражем Тоа-Дана": a name, not «дана»)
            verb = j
    if verb is None:
        return None
    if toks[verb].type == "MAY" and toks[verb - 1].value.casefold() == "не" and verb + 1 < stop \
            and toks[verb + 1].type == "WORD" and lexicon.is_infinitive(toks[verb + 1].value):
        verb += 1       # "если не может переместиться получает 3 раны": the clause's own negated modal
    elif toks[verb].type == "MAY":
        # "Пока у X больше 8 {health} может блокировать …": «может» opens the ability
        return verb if verb > i + 1 else None
    own_modal = False
    if (lexicon.is_modal(toks[verb].value) or lexicon.word_lemma(toks[verb].value) in _PHASE_VERBS) \
            and verb + 1 < stop and toks[verb + 1].type == "WORD" and lexicon.is_infinitive(toks[verb + 1].value):
        verb += 1
        own_modal = True     # "Когда ваш слуа должен получить X …": the clause's verb is "должен получить"
    main = None
    relative_to = -1      # the end of a relative clause inside the clause («…, на которое уже нападал …»)
    for j in range(verb + 1, stop):
        nxt = toks[j + 1] if j + 1 < len(toks) else None
        if j <= relative_to:
            continue
        if toks[j].type == "COMMA" and _relative_opens(toks, j):
            relative_to = next((k for k in range(j + 2, stop) if toks[k].type == "WORD"
                                and lexicon.is_finite_verb(toks[k].value)), j)
            continue     # "Когда нападает на существо, на которое уже нападал в этот ход получает …"
        if _after_state_when(toks, j):
            continue     # "Если должен излечиться, когда не имеет ран …": the clause's own state
        if toks[j].type == "WORD" and lexicon.is_effect_noun(toks[j].value) and (
                j == verb + 1 or (toks[j - 1].type == "WORD" and lexicon.is_preposition(toks[j - 1].value))
                or (not toks[verb].value.casefold().endswith(("ся", "сь"))
                    and all(toks[k].type == "WORD" and lexicon.is_adjective(toks[k].value) for k in range(verb + 1, j)))):
            continue     # the verb's object ("получает отравление на 2", "закрывается на удар",
            #              "должно нанести ответный удар")
        if toks[j].type in ("WORD", "MAY") and toks[j - 1].type != "COMMA" and _opens_ability(toks[j], nxt) \
                and toks[j - 1].value.casefold() not in ("не", "и", "или", "чтобы"):
            main = j
            break
    if main is None and lexicon.is_finite_verb(toks[verb].value):
        # "если обе карты {ordinary} атакованный получает отравление": a verbless clause,
        # then the ability's subject and verb
        for k in range(i + 2, verb):
            t = toks[k]
            if t.type == "WORD" and lexicon.word_lemma(t.value) in _SUBJECT_LEMMAS and lexicon.may_be_nominative(t.value) \
                    and not lexicon.is_finite_verb(t.value) and toks[k - 1].type != "COMMA":
                return k    # (not a participle after a comma: "Когда ваше существо, стоящее рядом, получает …")
            if t.type == "WORD" and t.value[:1].isupper() and k > i + 2 and toks[k - 1].type == "WORD" \
                    and not toks[k - 1].value[:1].isupper() and pos_of(toks[k - 1].value) in ("ADJF", "ADJS", "PRTS") \
                    and not lexicon.is_preposition(toks[k - 1].value):
                return k    # "если оно темное Мика Безбожник получает …": a name after the verbless clause
            if t.type == "WORD" and k > i + 1 and lexicon.word_lemma(t.value) in _SUBJECT_NOUNS \
                    and lexicon.may_be_nominative(t.value) and toks[k - 1].type == "WORD" \
                    and pos_of(toks[k - 1].value) in ("ADJF", "PRTF") and not lexicon.may_be_nominative(toks[k - 1].value):
                return k    # "…, если четной существо получает проклятие": a noun after the elliptic clause
    if main is None and verb > i + 2 and lexicon.is_finite_verb(toks[verb].value) and toks[verb - 1].type == "WORD" \
            and pos_of(toks[verb - 1].value) == "ADJF" and lexicon.may_be_nominative(toks[verb - 1].value) \
            and all(toks[k].type == "WORD" and lexicon.is_nominal(toks[k].value) for k in range(i + 1, verb)):
        return verb     # "если значения одинаковые получает +1": a verbless clause («значения одинаковые»)
    if main is None and own_modal:
        return None     # "Если … можно назначить защитника, …": the modal and its verb are the clause's
    if main is None:
        if toks[verb].type == "MAY" or lexicon.is_modal(toks[verb].value) or (
                verb > i + 2 and lexicon.is_infinitive(toks[verb].value)
                and toks[verb].value.casefold() not in ("есть", "нет")) or (
                verb > i + 1 and lexicon.is_finite_verb(toks[verb].value) and
                not any(lexicon.is_nominal(toks[k].value) for k in range(i + 1, verb) if toks[k].type == "WORD")):
            return verb if verb > i + 1 else None
        return None
    if toks[main - 1].type == "WORD" and toks[main - 1].value.casefold() == "не":
        main -= 1
    if main - 1 > verb + 1 and toks[main - 1].type == "WORD" and pos_of(toks[main - 1].value) == "ADVB" \
            and toks[main - 1].value.casefold() not in _COMPARATIVES and lexicon.is_infinitive(toks[main].value):
        return main - 1     # "Когда перемещается на клетку противника полностью излечиться"
    if toks[main].type == "WORD" and lexicon.is_effect_noun(toks[main].value):
        k = main
        while k - 1 > verb and toks[k - 1].type == "WORD" and lexicon.is_adjective(toks[k - 1].value):
            k -= 1
        if k < main:
            return k        # "Когда открывается (…) особый удар лапищей на 1-2-2"
    # a reflexive clause verb takes no object: the word after it opens the subject of an
    # ability opened by «может» ("Когда открывается каждое стоящее рядом существо
    # противника может …"); before another verb it is the clause's own subject ("Когда
    # изгоняется выбранная карта получает {token}")
    reflexive = toks[verb].type == "WORD" and toks[verb].value.casefold().endswith(("ся", "сь")) \
        and (toks[main].type == "MAY" or lexicon.is_modal(toks[main].value))
    # a short passive participle takes no object either: after "Когда ваше существо атаковано"
    # (its subject written before it) a word opens the ability's subject ("… Заступник Ордена
    # также может открыться")
    passive = toks[verb].type == "WORD" and pos_of(toks[verb].value) == "PRTS" and any(
        toks[k].type == "WORD" and lexicon.is_noun(toks[k].value) and lexicon.may_be_nominative(toks[k].value)
        for k in range(i + 1, verb))
    return _subject_start(toks, verb, main, object_guard=not (reflexive or passive))


_PRONOUN_SUBJECTS = frozenset({"он", "она", "оно", "они", "вы"})
# Verbs of a phase of an act: their infinitive is the clause's own verb ("когда они перестают
# стоять рядом …", "когда начинает двигаться …"), not the ability after the clause.
_PHASE_VERBS = frozenset({"перестать", "переставать", "начать", "начинать", "продолжать", "прекратить", "прекращать"})
# Quantifiers of a subject "каждое из них", "одно из них", "любое из ваших существ"
_PART_OF = frozenset({"каждый", "один", "любой", "другой"})
# Passive verbs of a clause whose subject follows them ("если показана карта …", "если выпала …").
_PASSIVE_SHOWN = frozenset({"показать", "показанный", "открыть", "открытый", "выпасть", "вскрыть", "вскрытый"})
# Nouns that open an ability's subject right after the value of a clause with no comma
# ("если выпало 5 или 6 атака блокируется", "если показана карта с {regen} существо получает …").
_SUBJECT_NOUNS = frozenset({"атака", "существо", "карта", "хозяин", "артефакт", "местность", "герой", "удар"})
_PRONOUN_LEMMAS = frozenset({"он", "она", "оно", "они", "вы"})


def _brackets_gerund(toks: list[Token], i: int, j: int) -> bool:
    """Is the comma at ``j`` one of the pair around a gerund right after the header word
    at ``i`` ("Если, сражаясь, выбрасывает …"): not the end of the clause."""
    gerund = (lambda k: 0 <= k < len(toks) and toks[k].type == "WORD" and pos_of(toks[k].value) == "GRND")
    return (j == i + 1 and gerund(j + 1)) or (j == i + 3 and gerund(j - 1) and toks[i + 1].type == "COMMA")


def _lists_effect_nouns(toks: list[Token], j: int) -> bool:
    """Is the comma at ``j`` inside a list of effect nouns closed by «и» / «или» ("Когда …
    выполняют удар, выстрел и излечение подряд …"): the objects of the clause's verb,
    not the end of the clause."""
    def noun(k: int) -> bool:
        return 0 <= k < len(toks) and toks[k].type == "WORD" and lexicon.is_effect_noun(toks[k].value) \
            and not lexicon.is_predicate(toks[k].value)

    return noun(j - 1) and noun(j + 1) and j + 3 < len(toks) and toks[j + 2].value.casefold() in ("и", "или") \
        and noun(j + 3)


def _unpunctuated_clause(op: list[Token], toks: list[Token], i: int) -> bool:
    """Does a clause of its own start at ``toks[i]`` with no punctuation before it, after
    the operand ``op`` that already holds its verb? Two shapes: after a bracket that closes
    the operand, a noun in the nominative (its modifiers and prepositional phrases) and a
    finite verb ("… (до конца хода противника) клетка с маркером костра считается
    занятой"); after a grant verb and its object, a negated «может» ("… получает сеть на
    свой следующий ход не может передвигаться": what the marker does is a restriction)."""
    t, prev = toks[i], op[-1] if op else None
    low = t.value.casefold()
    if prev is not None and len(op) >= 3 and op[0].type == "WORD" and _imperative(op[0].value) \
            and t.type == "WORD" and lexicon.is_infinitive(t.value) and _one_time(t.value) \
            and prev.type == "WORD" and lexicon.is_noun(prev.value) and not lexicon.is_preposition(prev.value) \
            and not any(x.type == "WORD" and (lexicon.is_predicate(x.value) or x.value.casefold() in _SUBCLAUSE_WORDS
                                              | {"что", "чтобы", "и", "или"}) for x in op[1:]):
        # "выберите до 3 клеток подряд (…) от Атланта ранить каждую карту на них на 2": an order,
        # then a second one in the infinitive with no comma before it
        return True
    if prev is not None and len(op) >= 2 and op[0].type == "WORD" and (_imperative(op[0].value) or lexicon.is_infinitive(
            op[0].value)) and t.type == "WORD" and t.value[:1].islower() and lexicon.is_noun(t.value) \
            and _only_nominative(t.value) and prev.type == "WORD" and not lexicon.is_preposition(prev.value) \
            and i + 1 < len(toks) and toks[i + 1].type == "WORD" and lexicon.is_finite_verb(toks[i + 1].value) \
            and not lexicon.is_infinitive(toks[i + 1].value) \
            and not any(x.type == "WORD" and (lexicon.is_predicate(x.value) or x.value.casefold() in _SUBCLAUSE_WORDS
                                              | {"что", "чтобы", "и", "или"}) for x in op[1:]):
        # "вскройте Следопыта противник вскрывает карты своего ряда": an order, then a clause
        # with its own subject (only a nominative: «противник») and verb, no comma between
        return True
    if prev is None or not (prev.type == "PAREN" or low in ("не", "до") or low.startswith("кажд")):
        return False
    if any(x.type == "WORD" and x.value.casefold() in _SUBCLAUSE_WORDS | {"что", "чтобы"} for x in op):
        return False
    if prev.type == "PAREN" and t.value[:1].islower() and lexicon.is_noun(t.value) and lexicon.may_be_nominative(t.value) \
            and not lexicon.is_effect_noun(t.value):
        for k in range(i + 1, min(len(toks), i + 8)):
            x = toks[k]
            if x.type == "WORD" and lexicon.is_finite_verb(x.value) and not lexicon.is_infinitive(x.value):
                return True
            if x.type != "WORD" or not (lexicon.is_nominal(x.value) or lexicon.is_preposition(x.value)):
                return False
        return False
    if lexicon.word_lemma(t.value) == "каждый" and lexicon.may_be_nominative(t.value) and prev.type == "WORD" \
            and lexicon.is_nominal(prev.value) and not lexicon.is_preposition(prev.value) and op[0].type == "WORD" \
            and (lexicon.is_infinitive(op[0].value) or _imperative(op[0].value)):
        # "закрыть до двух ваших линунгов каждый закрытый таким образом линунг получает {token}"
        for k in range(i + 1, min(len(toks), i + 7)):
            x = toks[k]
            if x.type == "WORD" and lexicon.is_finite_verb(x.value) and not lexicon.is_infinitive(x.value):
                return k > i + 1
            if x.type != "WORD" or lexicon.is_preposition(x.value):
                return False
        return False
    if low == "до" and i + 3 < len(toks) and toks[i + 1].value.casefold() == "конца" and op[0].type == "WORD" \
            and (lexicon.is_infinitive(op[0].value) or _imperative(op[0].value)) \
            and prev.type in ("WORD", "NUMBER", "PAREN", "ICON", "QUOTED"):
        # "выберите до 3 клеток … от Бул'Багура до конца вашего следующего хода карты получают …"
        k = i + 2
        while k < len(toks) and k < i + 6 and toks[k].type == "WORD" and (
                lexicon.word_lemma(toks[k].value) in _TIME_OWNERS | _TIME_NOUNS or toks[k].value.casefold() == "противника"):
            k += 1
        if k == i + 2 or k >= len(toks) or toks[k].type != "WORD" or not lexicon.is_noun(toks[k].value) \
                or not lexicon.may_be_nominative(toks[k].value):
            return False
        return k + 1 < len(toks) and toks[k + 1].type == "WORD" and lexicon.is_finite_verb(toks[k + 1].value) \
            and not lexicon.is_infinitive(toks[k + 1].value)
    if t.value.casefold() == "не" and i + 2 < len(toks) and toks[i + 1].type == "MAY" and toks[i + 2].type == "WORD" \
            and lexicon.is_infinitive(toks[i + 2].value) and prev.type in ("WORD", "NUMBER", "ICON", "PAREN", "QUOTED") \
            and prev.value.casefold() not in ("и", "или", "а", "но", "если", "пока", "когда"):
        grant = next((k for k, x in enumerate(op) if x.type == "WORD" and lexicon.is_finite_verb(x.value)
                      and lexicon.word_lemma(x.value) in _GRANT_VERBS), None)
        return grant is not None and len(op) - grant >= 2 and not any(
            x.type == "WORD" and lexicon.is_predicate(x.value) for x in op[grant + 1:])
    return False


# Nouns in a form that is only the nominative (or accusative) singular, opening an ability's
# subject inside a header with no comma ("После прыжка Детей топи существо противника … перемещается")
_BARE_SUBJECTS = frozenset({"существо", "карта"})


def _bare_subject(toks: list[Token], i: int, j: int) -> int:
    """Where the subject of the ability whose finite verb is at ``toks[j]`` starts inside the
    event header opened at ``toks[i]``: a bare «существо» / «карта» after the event's own words
    (not after a preposition — after an icon or a number ending them it is: "При гибели вашего
    существа с {regen} существо противника …"; at least two words after the keyword, no comma
    between it and the verb); ``j`` when there is none."""
    for m in range(i + 3, j):
        t = toks[m]
        if t.type == "WORD" and t.value.casefold() in _BARE_SUBJECTS and (toks[m - 1].type in ("ICON", "NUMBER") or (
                toks[m - 1].type == "WORD" and not lexicon.is_preposition(toks[m - 1].value))) \
                and all(x.type in ("WORD", "NUMBER", "ICON", "QUOTED") for x in toks[m + 1:j]):
            return m
    return j


@lru_cache(maxsize=20_000)
def _agrees(noun: str, participle: str) -> bool:
    """Can the noun ``noun`` and the participle ``participle`` be in the same case, number
    and (in the singular) gender («клетку» — «занятую»)?"""
    from bot.morph import analyzer

    nouns = [p.tag for p in analyzer().parse(noun.casefold()) if p.tag.POS == "NOUN"]
    parts = [p.tag for p in analyzer().parse(participle.casefold()) if p.tag.POS == "PRTF"]
    return any(a.case == b.case and a.number == b.number and (a.number == "plur" or a.gender == b.gender)
               for a in nouns for b in parts)


def _relative_opens(toks: list[Token], j: int) -> bool:
    """Does a relative clause with a preposition open after the comma at ``j`` («, на которое»,
    «, в котором», «, с которыми»)?"""
    return j + 2 < len(toks) and toks[j + 1].type == "WORD" and lexicon.is_preposition(toks[j + 1].value) \
        and toks[j + 2].type == "WORD" and lexicon.word_lemma(toks[j + 2].value) == "который"


def _brackets_participle(toks: list[Token], i: int, j: int) -> bool:
    """Is the comma at ``j`` one of the pair around a participle phrase after a noun in the
    header opened at ``i`` ("Когда существо с магической способностью, не стоявшее рядом
    с Айрин, перемещается …"): not the end of the clause."""
    def opens(k: int) -> bool:
        if k < len(toks) and toks[k].type == "WORD" and toks[k].value.casefold() == "не":
            k += 1
        return k < len(toks) and toks[k].type == "WORD" and (pos_of(toks[k].value) == "PRTF" or _may_be_participle(
            toks[k].value))     # («стоящее» is read first as the adjective «стоящий»)

    close = next((k for k in range(j + 2, min(len(toks), j + 10)) if toks[k].type == "COMMA"), None)
    p = j + 1 if j + 1 < len(toks) and toks[j + 1].value.casefold() != "не" else j + 2
    if close is None and p < len(toks) and toks[p].type == "WORD" and toks[j - 1].type == "WORD" \
            and _agrees(toks[j - 1].value, toks[p].value) and not (
                p + 1 < len(toks) and toks[p + 1].type == "WORD" and _agrees(toks[p + 1].value, toks[p].value)):
        # "Когда двигается на клетку, занятую существом оно получает …": a participle agreeing
        # with the noun before the comma (and not before a noun of its own) describes that noun
        return True
    if opens(j + 1):
        # (not "…, выбранное существо получает …, если …": the comma after the next part opens a case)
        return close is not None and not (close + 1 < len(toks) and _opens_condition(toks[close + 1]))
    for k in range(j - 1, i, -1):
        if toks[k].type == "COMMA":
            return opens(k + 1)
    return False


@lru_cache(maxsize=20_000)
def _may_be_participle(word: str) -> bool:
    """Has ``word`` a reading as a full participle of one of the game's verbs of place or state
    («стоящее», «стоящий» — of «стоять»)?"""
    from bot.morph import analyzer

    return any(p.tag.POS == "PRTF" and p.normal_form in ("стоять", "находиться", "лежать")
               for p in analyzer().parse(word.casefold()))


@lru_cache(maxsize=20_000)
def _imperative(word: str) -> bool:
    """An imperative verb («положите», «выберите», «нанесите»)."""
    from bot.morph import analyzer

    if not lexicon.is_predicate(word):
        return False
    return any(p.tag.mood == "impr" for p in analyzer().parse(word.casefold()))


# "Когда … Заступник Ордена также может …": a particle between the subject and its verb
_ALSO = frozenset({"также", "тоже", "еще", "ещё"})


def _subject_start(toks: list[Token], left: int, main: int, object_guard: bool = True) -> int:
    """Where the subject of the ability whose verb is at ``main`` starts, looking back
    over nominal words no further than ``left`` (exclusive): the leftmost word in the
    nominative that opens a subject (a possessive, a pronoun, «выбранное», a capitalised
    name), not right after a preposition; ``main`` when none. A word right after
    ``left`` (the clause's verb) is its object, unless it is a pronoun in the
    nominative ("атакует он получает …")."""
    start = main
    k = main
    # "При {strike} атакованный до конца хода получает …": a time phrase between the subject and its verb
    for n_words in (5, 4, 3):
        if k - n_words > left and toks[k - n_words].type == "WORD" and toks[k - n_words].value.casefold() == "до" \
                and toks[k - n_words + 1].value.casefold() == "конца" and all(
                    toks[x].type == "WORD" and lexicon.word_lemma(toks[x].value) in _TIME_OWNERS | _TIME_NOUNS | {"противник"}
                    for x in range(k - n_words + 2, k)):
            k -= n_words
            break
    while True:
        if k - 3 > left and toks[k - 2].type == "WORD" and toks[k - 2].value.casefold() == "из" \
                and toks[k - 1].type == "WORD" and lexicon.is_nominal(toks[k - 1].value) \
                and toks[k - 3].type == "WORD" and lexicon.word_lemma(toks[k - 3].value) in _PART_OF:
            k -= 2      # "… каждое из них ранится": the part of a group is the subject
        if not (k - 1 > left and toks[k - 1].type in ("WORD", "NUMBER", "ICON", "QUOTED") and (
                toks[k - 1].type != "WORD" or toks[k - 1].value in _VARIABLES or lexicon.is_nominal(toks[k - 1].value)
                or toks[k - 1].value[:1].isupper() or pos_of(toks[k - 1].value) in (None, "ADVB")
                or toks[k - 1].value.casefold() in _ALSO
                or lexicon.word_lemma(toks[k - 1].value) in ("это", "этот"))):
            break
        k -= 1
        t = toks[k]
        if t.type != "WORD" or not lexicon.may_be_nominative(t.value):
            continue
        before = toks[k - 1] if k >= 1 else None
        if before is not None and before.type == "WORD" and (lexicon.is_preposition(before.value)
                                                             or before.value.casefold() == "чем"):
            continue    # (after «чем» a pronoun is the comparison's: "…, чем оно само")
        low = t.value.casefold()
        if object_guard and k == left + 1 and low not in _PRONOUN_SUBJECTS:
            continue
        if before is not None and before.type in ("NUMBER", "ICON") and k > left + 2 and lexicon.is_noun(t.value) \
                and lexicon.word_lemma(t.value) in _SUBJECT_NOUNS:
            start = k       # "если выпало 5 или 6 атака блокируется": a noun after the clause's value
            continue
        if object_guard and k > left + 2 and lexicon.is_noun(t.value) and lexicon.word_lemma(t.value) in _SUBJECT_NOUNS \
                and lexicon.word_lemma(toks[left].value) in _PASSIVE_SHOWN and any(
                    x.type == "WORD" and lexicon.is_noun(x.value)
                    and lexicon.may_be_nominative(x.value) for x in toks[left + 1:k]):
            start = k       # "если показана карта нечетной стоимости существо получает …", "если выпало
            continue        # четное число атака блокируется": the clause has its subject already (any
            #                 noun: «число»); a second one opens the ability's
        if t.value[:1].isupper() or lexicon.word_lemma(t.value) in _SUBJECT_LEMMAS or low in _PRONOUN_SUBJECTS \
                or (not object_guard and pos_of(t.value) in ("PRTF", "ADJF")):
            start = k       # (after an event word: "При гибели показанный демон переходит …")
    if start < main and start - 1 > left and toks[start - 1].type in ("WORD", "AND") \
            and toks[start - 1].value.casefold() == "и" and not toks[start].value[:1].isupper():
        name = next((k for k in range(start + 1, main) if toks[k].type == "WORD" and toks[k].value[:1].isupper()
                     and all(toks[x].type == "WORD" and toks[x].value[:1].isupper() for x in range(k, main))), None)
        if name is not None:
            start = name    # "если есть герой-маг, герой-жрец и другой герой-воин Эрманд берется …": the
            #                 words after «и» end the list, the name before the verb is the subject
    if start < main and start - 1 > left and toks[start - 1].type == "WORD" \
            and toks[start - 1].value.casefold() in ("рядом", "напротив") \
            and lexicon.word_lemma(toks[start].value) in ("стоять", "стоящий"):
        start -= 1          # "При гибели рядом стоящее существо …": «рядом» belongs to the participle
    return start


def pos_of(word: str) -> str | None:
    """Part of speech of ``word`` (bot.morph), ``None`` for a non-word."""
    from bot.morph import pos

    return pos(word) if word[:1].isalpha() else None


def _label_end(toks: list[Token], i: int) -> int | None:
    """Index of the colon ending a label that opens an ability ("Вальхалла:", "Бешенство
    3:", "На поверхности:", "Бестелесный:"): one to three words or numbers, the first
    capitalised, none a verb or a header word, then «:» with an ability after it."""
    if i >= len(toks) or toks[i].type != "WORD" or not toks[i].value[:1].isupper():
        return None
    for j in range(i + 1, min(len(toks), i + 4)):
        t = toks[j]
        if t.type == "COLON":
            if j + 1 >= len(toks):
                return None
            words = [x for x in toks[i:j] if x.type == "WORD"]
            if any(lexicon.is_predicate(w.value) or lexicon.is_modal(w.value) for w in words):
                return None
            return j
        if t.type not in ("WORD", "NUMBER"):
            return None
    return None


def _gerund_condition_end(toks: list[Token], i: int) -> int | None:
    """Index of the comma ending a gerund phrase that opens an ability ("Выступая
    защитником, …", "Находясь в вашем третьем ряду, …", "Сражаясь {strike} с …, может
    …"): a capitalised gerund, words of its phrase (no connective, no verb), then a comma
    with an ability after it. ``None`` otherwise."""
    if i >= len(toks) or toks[i].type != "WORD" or not toks[i].value[:1].isupper() \
            or not toks[i].value.endswith(("я", "а", "в", "вши", "сь")) or pos_of(toks[i].value) != "GRND":
        return None
    for j in range(i + 1, min(len(toks) - 1, i + 16)):
        t = toks[j]
        if t.type == "COMMA":
            nxt = toks[j + 1]
            if nxt.type == "MAY" or _opens_ability(nxt, toks[j + 2] if j + 2 < len(toks) else None) \
                    or _subject_verb_follows(toks, j):
                return j
            return None
        if t.type not in ("WORD", "NUMBER", "ICON", "QUOTED", "PAREN") or (
                t.type == "WORD" and lexicon.is_predicate(t.value)):
            return None
    return None


def _colonless_cost_end(toks: list[Token]) -> int | None:
    """Where payment icons written with no colon end ("{tap} Метание на 1-1-2", "{tap}
    Разряд на 1"): one or more icons of role ``cost`` (grammar/icons.yaml), then a
    capitalised effect noun with «на» and an amount, or a capitalised infinitive. ``None``
    otherwise."""
    roles = lexicon.icon_roles()
    j = 0
    while j < len(toks) and toks[j].type == "ICON" and roles.get(toks[j].value[1:-1]) == "cost":
        j += 1
    if not j or j + 1 >= len(toks) or toks[j].type != "WORD" or not toks[j].value[:1].isupper():
        return None
    w = toks[j]
    if lexicon.is_infinitive(w.value) or (lexicon.is_effect_noun(w.value) and _amount_effect(toks[j:j + 6])):
        return j
    return None


def _keyword_label(toks: list[Token], i: int, colon: int) -> bool:
    """Is the label ``toks[i:colon]`` one adjective naming a keyword ability of the card
    (grammar/effects.yaml ``keywords``: «Бестелесный:»), not a state or an event?"""
    if colon != i + 1 or not lexicon.is_adjective(toks[i].value):
        return False
    from bot.abilities.effects import vocabulary

    return lexicon.word_lemma(toks[i].value) in vocabulary().keywords


def _condition_icons(cost: Token) -> list[Token]:
    """A COST token "{second}:" as a condition header: CONDITION_KW "{second}" + HEAD_END ":"."""
    v = cost.value
    colon = v.rindex(":")
    head = v[:colon].rstrip()
    kw = Token("CONDITION_KW", head, start_pos=cost.start_pos, line=cost.line, column=cost.column,
               end_line=cost.line, end_column=cost.column + len(head), end_pos=cost.start_pos + len(head))
    end = Token("HEAD_END", ":", start_pos=cost.start_pos + colon, line=cost.line, column=cost.column + colon,
                end_line=cost.line, end_column=cost.column + colon + 1, end_pos=cost.start_pos + colon + 1)
    return [kw, end]


# Words that end an unquoted name of an effect ("Воздействие лесные тропы переместить …",
# "Заклинание шит света другое существо получает …"): the ability's subject.
_NAME_STOP_LEMMAS = _SUBJECT_LEMMAS | frozenset({"выбрать", "другой", "все", "атакованный", "атаковавший", "можете"})
_KIND_LEMMAS = frozenset({"существо", "карта", "местность", "хозяин", "артефакт", "герой"})
_EVENT_LEMMAS = frozenset({"гибель", "объявление", "атака", "удар", "выстрел", "перемещение", "движение",
                           "нападение", "промах", "открытие", "закрытие"})
MAX_NAME_WORDS = 4
"""Most words of an effect's name written without quotes or a dash."""


def named_end(toks: list[Token], i: int) -> tuple[str, int] | None:
    """Where the header of a named effect opened at ``toks[i]`` (NAMED_KW «Воздействие»,
    «Заклинание») ends when no dash or colon follows its name: right after a quoted
    name ("Заклинание «варево из котла» ранить …"), or, for a name without quotes,
    before the first verb, «может», condition word, icon, signed number or subject
    after the name's first word ("Воздействие лесные тропы переместить …", "воздействие
    обрушиться выберите …", "Воздействие карта если …"). ``None`` when a dash or colon
    ends the header instead, or no such point is found within ``MAX_NAME_WORDS``."""
    n = len(toks)
    if i + 1 >= n:
        return None
    first = toks[i + 1]
    if first.type == "QUOTED":
        if i + 2 < n and toks[i + 2].type in ("WORD", "MAY", "NUMBER", "ICON", "CONDITION_KW", "TRIGGER_KW"):
            return "insert", i + 2
        return None
    if first.type not in ("WORD", "NUMBER", "ILI", "AND", "TRIGGER_KW") or (
            first.type == "WORD" and lexicon.is_preposition(first.value)) or (
            first.type == "NUMBER" and first.value[:1] in "+-"):
        return None
    for j in range(i + 2, min(n, i + 2 + MAX_NAME_WORDS + 2)):
        t = toks[j]
        if t.type == "COMMA" and j + 3 < n and toks[j + 1].value.casefold() == "дальность" \
                and toks[j + 2].type == "NUMBER" and toks[j + 3].type in ("WORD", "MAY"):
            return "insert", j + 3      # "Заклинание песнь девы, дальность 3 выбрать …": the range is the name's
        if t.type in ("COMMA", "AND") and j + 1 < n and toks[j + 1].type == "WORD" and lexicon.is_noun(toks[j + 1].value) \
                and lexicon.may_be_nominative(toks[j + 1].value) and lexicon.word_lemma(toks[j + 1].value) not in _KIND_LEMMAS \
                and any(x.type == "AND" for x in toks[j:min(n, j + 4)]):
            continue    # "Заклинание мороз, мгла и ливень выбрать …": nouns listed in the name
        if t.type in ("DASH", "COLON", "COMMA", "SEMI", "AND_THEN", "OTHERWISE", "REFUSE", "LIBO", "COST"):
            return None
        if j >= i + 2 + MAX_NAME_WORDS and t.type != "WORD":
            return None
        if t.type in ("MAY", "ICON") or _opens_condition(t) or (t.type == "NUMBER" and t.value[:1] in "+-") or (
                t.type == "NUMBER" and toks[j - 1].type == "WORD" and lexicon.is_effect_noun(toks[j - 1].value)):
            return ("insert", j - 1) if t.type == "NUMBER" and t.value[:1] not in "+-" else ("insert", j)
        if t.type == "WORD" and t.value.casefold() == "до" and j + 1 < n and toks[j + 1].value.casefold() == "конца":
            return "insert", j          # "Воздействие сила ненависти до конца этого хода …"
        if t.type == "WORD" and t.value.casefold() in ("в", "во") and j + 2 < n and toks[j + 1].type == "WORD" \
                and (lexicon.word_lemma(toks[j + 1].value) in _TIME_NOUNS or (
                    lexicon.word_lemma(toks[j + 1].value) in _TIME_OWNERS and toks[j + 2].type == "WORD"
                    and lexicon.word_lemma(toks[j + 2].value) in _TIME_NOUNS)):
            return "insert", j          # "Заклинание щит гор в следующий ход противника …": a time phrase
        if t.type == "TRIGGER_KW":
            if t.value.casefold() != "при" or (j + 1 < n and lexicon.word_lemma(toks[j + 1].value) in _EVENT_LEMMAS):
                return "insert", j      # "Воздействие черная метка когда …", "… при гибели …"
            continue
        if t.type != "WORD":
            continue
        low = t.value.casefold()
        lem = lexicon.word_lemma(t.value)
        if pos_of(t.value) == "ADVB" and j + 1 < n and toks[j + 1].type == "WORD" and lexicon.is_infinitive(toks[j + 1].value) \
                and toks[j - 1].type == "WORD" and lexicon.is_noun(toks[j - 1].value):
            return "insert", j          # "Воздействие ремонт полностью восстановить …"
        if lexicon.is_infinitive(t.value) and _name_verb(toks, j):
            continue    # "воздействие а мне летать охота бросить кубик": a verb of the name, the effect's later
        if lexicon.is_predicate(t.value) or low in _PRONOUN_SUBJECTS or low == "нельзя" or lem in ("выбранный", "выбрать") or (
                lem in _NAME_STOP_LEMMAS and lexicon.may_be_nominative(t.value)) or (
                lexicon.is_effect_noun(t.value) and j + 1 < n and toks[j + 1].value.casefold() == "на"):
            return "insert", j
        if lem in _KIND_LEMMAS and lexicon.may_be_nominative(t.value) and not (
                toks[j - 1].type == "WORD" and lexicon.is_preposition(toks[j - 1].value)):
            # "Заклинание ужас существо противника …", "… крепость гор небестелесное
            # нелетающее существо получает …": the subject, with its adjectives
            k = j
            while k - 1 > i + 1 and toks[k - 1].type == "WORD" and lexicon.is_adjective(toks[k - 1].value) \
                    and lexicon.may_be_nominative(toks[k - 1].value):
                k -= 1
            return "insert", k
    return None


def _name_verb(toks: list[Token], j: int) -> bool:
    """Is the infinitive at ``toks[j]``, inside an unquoted name, a word of the name: no action
    of grammar/effects.yaml has its lemma, and within the next two words comes an infinitive or
    imperative that names one ("воздействие а мне летать охота бросить кубик")?"""
    from bot.abilities.effects import vocabulary

    by_verb = vocabulary().by_verb
    if by_verb.get(lexicon.word_lemma(toks[j].value)):
        return False
    for k in range(j + 1, min(len(toks), j + 3)):
        x = toks[k]
        if x.type != "WORD":
            return False
        if (lexicon.is_infinitive(x.value) or _imperative(x.value)) and by_verb.get(lexicon.word_lemma(x.value)):
            return True
    return False


_COST_STOPS = frozenset({"DASH", "SEMI", "AND_THEN", "OTHERWISE", "REFUSE", "LIBO", "COST"})
MAX_COST_WORDS = 12
"""Most tokens of a payment written in words before its colon."""


def _payment_verb(tok: Token) -> bool:
    """An infinitive or imperative of a payment verb (grammar/effects.yaml payment_verbs)."""
    return tok.type == "WORD" and _is_payment_word(tok.value)


@lru_cache(maxsize=20_000)
def _is_payment_word(word: str) -> bool:
    from bot.abilities.effects import vocabulary

    if lexicon.word_lemma(word) not in vocabulary().payment_verbs:
        return False
    return lexicon.is_infinitive(word) or word.casefold().endswith(("те", "йте"))


TAP_VERB = "закрыть"
"""The payment verb that, with no object before the colon («Закройте: …», «Закрыть: …»),
is closing the card itself — the {tap} cost written in words."""


def is_bare_tap(words: str) -> bool:
    """Whether ``words`` (a payment before its colon, without the colon) is a bare
    «закрыть» / «закройте»: the {tap} cost written in words."""
    ws = words.split()
    return len(ws) == 1 and lexicon.word_lemma(ws[0].strip(" :")) == TAP_VERB and _is_payment_word(ws[0].strip(" :"))


def word_cost_end(toks: list[Token]) -> int | None:
    """Index of the colon ending a payment written in words at the start of ``toks``
    ("Закрыть стоящее рядом ваше существо: …", "{instant}, изгнать карту с вашего
    кладбища: …", "{tap}, снять X {health} с ваших слуа: …"): optional icons and a
    comma, a payment verb (infinitive or imperative), its object (no finite verb, dash
    or other connective), then «:» with an ability after it. ``None`` otherwise."""
    j = 0
    while j < len(toks) and toks[j].type == "ICON":
        j += 1
    if j and j < len(toks) and toks[j].type == "COMMA":
        j += 1          # ("{instant} снять 2 {counter}: …" with no comma after the icons too)
    if j >= len(toks) or not _payment_verb(toks[j]):
        return None
    for k in range(j + 1, min(len(toks), j + 1 + MAX_COST_WORDS)):
        t = toks[k]
        if t.type == "COST" and k + 1 < len(toks) and toks[0].type == "ICON":
            return k    # "{instant}{tap}, потерять 2 {health}: …": the payment's icons end at its colon
        if t.type == "COLON":
            if k == j + 1 and k + 1 < len(toks) and is_bare_tap(toks[j].value):
                return k    # "Закройте: …": closing the card itself, the {tap} cost in words
            return k if k + 1 < len(toks) and k > j + 1 else None
        if t.type in _COST_STOPS or t.type in HEADER_KW or t.type == "MAY" or (
                t.type == "WORD" and lexicon.is_finite_verb(t.value)):
            return None
    return None


def _merge_cost(toks: list[Token], end: int) -> Token:
    """One COST token spanning ``toks[:end + 1]`` (a payment written in words)."""
    a, b = toks[0], toks[end]
    return Token("COST", " ".join(t.value for t in toks[:end + 1]), start_pos=a.start_pos, line=a.line,
                 column=a.column, end_line=b.end_line, end_column=b.end_column, end_pos=b.end_pos)


_COUNT_OPENING = re.compile(r"(X|\d+)\s*(?=\{)")


def _amount_before_cost(toks: list[Token]) -> list[Token]:
    """"Разряд на 1 {counter}{tap}: Выстрел на 2": a count opening a COST right after «на»
    is the amount of the ability before it, not a number of counters paid — split off as
    a NUMBER."""
    out: list[Token] = []
    for k, t in enumerate(toks):
        m = _COUNT_OPENING.match(t.value) if t.type == "COST" else None
        if m and out and out[-1].type == "WORD" and out[-1].value.casefold() == "на":
            n = len(m.group(1))
            out.append(Token("NUMBER", m.group(1), start_pos=t.start_pos, line=t.line, column=t.column,
                             end_line=t.line, end_column=t.column + n, end_pos=t.start_pos + n))
            rest = m.end()
            out.append(Token("COST", t.value[rest:], start_pos=t.start_pos + rest, line=t.line,
                             column=t.column + rest, end_line=t.end_line, end_column=t.end_column, end_pos=t.end_pos))
            continue
        out.append(t)
    return out


_DECLARE_LEMMAS = frozenset({"объявить", "использовать", "применить", "сыграть"})


def _declared_named(toks: list[Token], i: int) -> int | None:
    """Index of the dash (or colon) ending a named effect written as an operand of its own,
    «[объявить] заклинание «…» [(limit)] –» / «воздействие «…» –», with a part after it;
    ``None`` otherwise."""
    j = i
    if toks[j].type == "WORD" and lexicon.word_lemma(toks[j].value) in _DECLARE_LEMMAS:
        j += 1
    if j + 2 >= len(toks) or toks[j].type != "NAMED_KW" or toks[j + 1].type != "QUOTED":
        return None
    j += 2
    if toks[j].type in ("PAREN", "LIMIT"):
        j += 1
    if j + 1 < len(toks) and toks[j].type in ("DASH", "COLON") and toks[j + 1].type in ("WORD", "MAY", "NUMBER", "ICON"):
        return j
    return None


def _stray_stop(prev: list[Token], end: Token, nxt: list[Token]) -> bool:
    """Is the full stop ``end`` between ``prev`` and ``nxt`` a typo inside a phrase ("нежить на
    вашем. кладбище может получить …"): it follows a word that cannot end a phrase (a
    preposition, an adjective or a possessive in agreement with a noun to come) and a
    lowercase noun follows it?"""
    if end.value != "." or not prev or not nxt or prev[-1].type != "WORD" or nxt[0].type != "WORD":
        return False
    last, first = prev[-1].value, nxt[0].value
    if not first[:1].islower() or not lexicon.is_noun(first) or lexicon.is_predicate(first):
        return False
    return lexicon.is_preposition(last) or (pos_of(last) == "ADJF" and not lexicon.is_noun(last))


_DEMONSTRATIVES = frozenset({"эта", "этот", "эти", "это"})


def _continues(prev: list[Token], nxt: list[Token]) -> bool:
    """Does the sentence ``nxt`` continue the ability of ``prev`` ("Когда открывается –
    поместить на себя экипировку с кладбища. Эта экипировка переходит под ваш контроль"):
    it opens with «этот» and a noun that names what the effect of ``prev`` (a triggered or a
    paid ability) just acted on, then its verb — the same act goes on, it is no ability of
    its own."""
    if len(nxt) < 3 or not prev or prev[0].type not in ("TRIGGER_KW", "COST") or nxt[0].type != "WORD" \
            or nxt[0].value.casefold() not in _DEMONSTRATIVES or nxt[1].type != "WORD" or not lexicon.is_noun(nxt[1].value):
        return False
    noun = lexicon.word_lemma(nxt[1].value)
    if noun in ("карта", "существо") or not (nxt[2].type == "WORD" and lexicon.is_finite_verb(nxt[2].value)):
        return False    # (a bare «эта карта» may be the card itself)
    return any(t.type == "WORD" and lexicon.word_lemma(t.value) == noun for t in prev[1:])


def _joined(held: list[Token], end: Token | None, nxt: list[Token]) -> list[Token] | None:
    """The one sentence ``held`` + ``nxt`` make when the sentence end ``end`` between them does
    not end an ability: a typo inside a phrase (``_stray_stop``: the end is dropped) or the
    same act going on (``_continues``: the end is 505.4, ``AND_THEN``); None when both stay
    sentences of their own (or either is empty)."""
    if not held or not nxt or end is None:
        return None
    if _stray_stop(held, end, nxt):
        return held + nxt       # "… нежить на вашем. кладбище может …": a typo
    if _continues(held, nxt):
        # "Когда открывается – поместить на себя экипировку … . Эта экипировка
        # переходит под ваш контроль": the full stop is 505.4 inside one ability
        return held + [_retype(end, "AND_THEN")] + nxt
    return None


class CardPostLex:
    """Lark ``postlex`` object: ``process(stream)`` yields the retyped tokens."""

    # Raw terminals that no rule uses but the lexer must still produce.
    always_accept = ("ILI", "AND", "MAY", "LIMIT", "TRIGGER_KW", "CONDITION_KW", "NAMED_KW")

    def process(self, stream: Iterable[Token]) -> Iterator[Token]:
        """The tokens of ``stream`` retyped sentence by sentence; every sentence end is kept
        (the grammar reads ``_END+`` between sentences) unless it joins two sentences into one
        (``_joined``)."""
        sentence: list[Token] = []
        held: list[Token] = []      # a sentence whose next one may continue it (``_continues``)
        held_end: Token | None = None
        for tok in stream:
            if tok.type in SENTENCE_END:
                joined = _joined(held, held_end, sentence)
                if joined is not None:
                    sentence = joined
                else:
                    yield from self._sentences(held)
                    if held_end is not None:
                        yield held_end
                held, held_end, sentence = sentence, tok, []
            else:
                sentence.append(tok)
        joined = _joined(held, held_end, sentence)
        if joined is not None:
            held, sentence = joined, []
        yield from self._sentences(held)
        if held_end is not None:
            yield held_end
        yield from self._sentences(sentence)

    def _sentences(self, toks: list[Token]) -> Iterator[Token]:
        """One written sentence, cut where a new ability starts without a full stop
        (``split_points``); the cuts are zero-width sentence ends."""
        toks = _amount_before_cost(toks)
        start = 0
        for cut in split_points(toks):
            yield from self._sentence(toks[start:cut])
            yield _empty("_END", toks[cut])
            start = cut
        yield from self._sentence(toks[start:])

    # -- one sentence ------------------------------------------------------------------
    def _sentence(self, toks: list[Token]) -> list[Token]:
        if not toks:
            return []
        count = sum(t.type in _CONNECTIVES for t in toks)
        if count > MAX_CONNECTIVES:
            raise TooComplex(count, toks[0].start_pos)
        if toks[0].type == "COLON":
            # a cost whose icons were lost (the seeds print " : Уничтожить …")
            toks[0] = _retype(toks[0], "COST")
        for k in range(1, len(toks)):
            if toks[k].type in HEADER_KW and toks[k - 1].type == "WORD" and toks[k - 1].value.casefold() == "даже":
                # "вызвать местность, даже если у вас есть …": concessive, a word of the effect
                # (it happens in any case), not a condition over it
                toks[k] = _retype(toks[k], "WORD")
        if toks[0].type == "LIMIT_HEAD":
            # "Раз в ход: …" opens the ability; elsewhere it is a word
            return toks[:1] + self._statement(toks[1:], 0)
        return self._statement(toks, 0)

    def _statement(self, toks: list[Token], depth: int, in_cond: bool = False, headed: bool = False) -> list[Token]:
        """[cost] [header HEAD_END statement | body]; headers nest up to ``MAX_DEPTH``.
        ``in_cond``: the statement is the body of a condition (a later ", если … –" is
        then the next case of a case split). ``headed``: a trigger, named effect or cost
        opens it (a one-time ability, not a static one: see ``_subject_may``)."""
        out: list[Token] = []
        i = 0
        paid = word_cost_end(toks) if toks and toks[0].type in ("WORD", "ICON") else None
        if paid is not None:
            # "Закрыть стоящее рядом ваше существо: переместить …": a payment in words
            toks = [_merge_cost(toks, paid)] + toks[paid + 1:]
        bare = _colonless_cost_end(toks) if depth == 0 else None
        if bare is not None:
            # "{tap} Метание на 1-1-2": a payment whose colon the database lost
            a, b = toks[0], toks[bare - 1]
            toks = [Token("COST", " ".join(t.value for t in toks[:bare]), start_pos=a.start_pos, line=a.line,
                          column=a.column, end_line=b.end_line, end_column=b.end_column, end_pos=b.end_pos)] + toks[bare:]
        if toks and toks[0].type == "COST" and lexicon.is_condition_icons(toks[0].value) and depth < MAX_DEPTH:
            # "{second}: Начинает бой с {counter}", "{wolf}: …": a condition on the card
            # (who moves second, its form), not a payment
            return _condition_icons(toks[0]) + self._statement(toks[1:], depth + 1, True, headed)
        if len(toks) > 1 and toks[0].type == "ICON" and lexicon.icon_roles().get(toks[0].value[1:-1]) == "condition" \
                and toks[1].type in ("NUMBER", "WORD", "ICON") and depth < MAX_DEPTH:
            # "{second} +3 к {health}" (the colon lost): a condition on the card, then its ability
            kw = _retype(toks[0], "CONDITION_KW")
            return [kw, _empty("HEAD_END", toks[1])] + self._statement(toks[1:], depth + 1, True, headed)
        if len(toks) > 1 and toks[0].type == "COST" and lexicon.is_value_icons(toks[0].value) and depth < MAX_DEPTH \
                and toks[0].value.rstrip().endswith(":") and toks[1].type == "WORD" and toks[1].value[:1].isupper() \
                and lexicon.is_finite_verb(toks[1].value):
            # "{strike}: Начинает бой с {counter}": a value icon heading a sentence with its own
            # verb is the circumstance the ability applies in (as "{second}: …"), not a payment
            # and not the value of a trait ("{armor}: 1")
            return _condition_icons(toks[0]) + self._statement(toks[1:], depth + 1, True, headed)
        if toks and toks[0].type == "COST" and lexicon.is_value_icons(toks[0].value):
            # "{armor}: 1": a value icon before a colon is a trait, not a payment
            toks = [_retype(toks[0], "ICON")] + toks[1:]
        if toks and toks[0].type == "COST":
            out.append(toks[0])
            i = 1
        label = _label_end(toks, i) if depth < MAX_DEPTH else None
        if label is not None:
            # "Вальхалла: …", "Бешенство 3: …", "На поверхности: {tap}: …": a named
            # ability header (a location "На …"/"В …" or a state "Бестелесный:" is a
            # condition, an event "Вальхалла:", "Бешенство 3:" a trigger)
            # (a keyword ability of the card named as a label, "Бестелесный: -1 от ударов", is
            # that keyword with what it does on this card: a named node, not a condition)
            # (a label over a real trigger, "Отпор: В начале хода – …", gates that trigger:
            # the trigger stays the event, the label is the state it works in)
            kind = "NAMED_KW" if _keyword_label(toks, i, label) else \
                "CONDITION_KW" if toks[i].value.casefold() in ("на", "в", "во") or \
                lexicon.is_adjective(toks[i].value) or (
                    label + 1 < len(toks) and toks[label + 1].type == "TRIGGER_KW" and not (
                        label + 2 < len(toks) and toks[label + 1].value.casefold() == "после"
                        and lexicon.word_lemma(toks[label + 2].value) == "этот")) else "TRIGGER_KW"
            out.append(_retype(toks[i], kind))
            out.extend(t if t.type in ("WORD", "NUMBER") else _retype(t, "WORD") for t in toks[i + 1:label])
            out.append(_retype(toks[label], "HEAD_END"))
            return out + self._statement(toks[label + 1:], depth + 1, kind == "CONDITION_KW",
                                         headed or i == 1 or kind == "TRIGGER_KW")
        if depth < MAX_DEPTH and i + 2 < len(toks) and toks[i].type == "QUOTED" and toks[i + 1].type in ("COLON", "DASH") \
                and toks[i + 2].type in ("WORD", "MAY", "NUMBER", "ICON", "CONDITION_KW", "TRIGGER_KW"):
            # "«Опьянение»: если …", "… – «напомнить о себе» – особый удар …": a name in quotes
            # opening an ability (the name of an effect, a marker defined by what follows)
            out.extend([_retype(toks[i], "NAMED_KW"), _retype(toks[i + 1], "HEAD_END")])
            return out + self._statement(toks[i + 2:], depth + 1, False, headed or i == 1)
        gerund = _gerund_condition_end(toks, i) if depth < MAX_DEPTH else None
        if gerund is not None:
            # "Выступая защитником, не закрывается", "Находясь в третьем ряду, получает …":
            # a gerund phrase opening the ability is the circumstance it applies in
            head, body_start = _emit_header([_retype(toks[i], "CONDITION_KW")] + toks[i + 1:], 0,
                                            ("token", gerund - i))
            out.extend(head)
            return out + self._statement(toks[i + 1 + gerund - i:], depth + 1, True, headed or i == 1)
        if i + 1 < len(toks) and toks[i].type == "TRIGGER_KW" and toks[i].value.casefold() == "после" \
                and toks[i + 1].type == "WORD" and lexicon.word_lemma(toks[i + 1].value) == "этот":
            # "Бешенство 1: после этой атаки не закрывается": the attack at hand, not an event
            toks = toks[:i] + [_retype(toks[i], "WORD")] + toks[i + 1:]
        if i < len(toks) and toks[i].type == "TRIGGER_KW" and toks[i].value.casefold() == "когда" and _states(toks, i):
            toks = toks[:i] + [_retype(toks[i], "CONDITION_KW")] + toks[i + 1:]    # "Когда не имеет ран, …": a state
        if i < len(toks) and toks[i].type in HEADER_KW and depth < MAX_DEPTH:
            end = self._header_end(toks, i)
            if end is None and toks[i].type == "NAMED_KW":
                toks[i] = _retype(toks[i], "WORD")  # "Воздействие на …" without a name
            elif end is not None:
                head, body_start = _emit_header(toks, i, end)
                out.extend(head)
                # the body may open with a cost or another header (nested headers)
                return out + self._statement(toks[body_start:], depth + 1, toks[i].type == "CONDITION_KW",
                                             headed or i == 1 or toks[i].type != "CONDITION_KW")
            else:
                # a header that never ends: keep the keyword, the grammar reports it
                return out + toks[i:i + 1] + self._body(toks[i + 1:])
        return out + self._body(toks[i:], in_cond, headed=headed or bool(out))

    def _new_clause(self, toks: list[Token], i: int) -> bool:
        """Does a clause of its own start after the comma at ``i``: a subject and its
        finite verb ("…, ваше существо получает …"; not a subordinate clause «…, которое
        атакует»), or a trigger «при …» whose header ends before a subject and verb
        ("…, при сильном разряде атакованный получает …")?"""
        if i + 2 >= len(toks):
            return False
        nxt = toks[i + 1]
        if nxt.type == "TRIGGER_KW" and nxt.value.casefold() == "после":
            # "Может нападать {strike} два раза за ход, после первого {strike} не закрывается": a
            # clause with its own event and negated verb is the next part
            stop = next((k for k in range(i + 2, len(toks)) if toks[k].type in _PART_STOPS or toks[k].type == "COMMA"),
                        len(toks))
            end = self._header_end(toks[i + 1:stop], 0)
            j = i + 1 + end[1] if end is not None and end[0] == "insert" else None
            return j is not None and j + 1 < stop and toks[j].value.casefold() == "не" and toks[j + 1].type == "WORD" \
                and lexicon.is_finite_verb(toks[j + 1].value)
        if nxt.type == "TRIGGER_KW" and " ".join(nxt.value.casefold().split()) in ("при", "в начале", "в конце"):
            stop = next((k for k in range(i + 2, len(toks)) if toks[k].type in _PART_STOPS or toks[k].type == "COMMA"),
                        len(toks))
            end = self._header_end(toks[i + 1:stop], 0)
            if end is None or end[0] != "insert":
                return False
            j = i + 1 + end[1]
            if j < stop and nxt.value.casefold() != "при" and toks[j].type == "WORD" \
                    and lexicon.word_lemma(toks[j].value) in _SUBJECT_LEMMAS and lexicon.may_be_nominative(toks[j].value):
                return True     # "…, в конце хода выбранное существо противника, стоящее рядом, получает …"
            if j < stop and nxt.value.casefold() != "при" and toks[j].type == "WORD" and lexicon.is_infinitive(toks[j].value):
                return True     # "выберите ряд, в начале вашего следующего хода ранить …": a delayed part
            return j < stop and _subject_verb_follows(toks, j - 1)
        if nxt.type != "WORD" or _opens_subclause(nxt) or nxt.value.casefold() in _SUBCLAUSE_WORDS:
            return False
        return _subject_verb_follows(toks, i)

    def _time_part(self, toks: list[Token], i: int) -> bool:
        """Does a time trigger («в начале / в конце …») at ``toks[i]``, right after «при этом»
        or «;», end its header before a subject and its verb or an infinitive ("…, при этом –
        в конце хода оно возвращается в колоду")?"""
        if " ".join(toks[i].value.casefold().split()) not in ("в начале", "в конце"):
            return False
        stop = next((k for k in range(i + 1, len(toks)) if toks[k].type in _PART_STOPS), len(toks))
        end = self._header_end(toks[i:stop], 0)
        if end is None or end[0] != "insert":
            return False
        j = i + end[1]
        if j >= stop or toks[j].type != "WORD":
            return False
        return lexicon.is_infinitive(toks[j].value) or _subject_verb_follows(toks, j - 1) \
            or _subject_clause_follows(toks, j - 1)     # ("…; в начале хода все карты на клетке ранятся …")

    def _bare_verb_trigger(self, toks: list[Token], i: int) -> bool:
        """Does the «при» trigger at ``toks[i]`` end its header right before a finite verb
        with no subject ("…, при магическом ударе теряет все {counter}")?"""
        stop = next((k for k in range(i + 1, len(toks)) if toks[k].type in _PART_STOPS or toks[k].type == "COMMA"),
                    len(toks))
        end = self._header_end(toks[i:stop], 0)
        if end is None or end[0] != "insert":
            return False
        j = i + end[1]
        return j < stop and toks[j].type == "WORD" and lexicon.is_finite_verb(toks[j].value) \
            and not lexicon.is_modal(toks[j].value)

    def _trigger_part(self, toks: list[Token], i: int) -> bool:
        """Does the trigger at ``toks[i]`` end its header before an infinitive, an imperative
        or a subject and its verb ("… и При {strike} по карте приземлиться …")?"""
        stop = next((k for k in range(i + 1, len(toks)) if toks[k].type in _PART_STOPS), len(toks))
        end = self._header_end(toks[i:stop], 0)
        if end is None:
            return False
        j = i + end[1] + (1 if end[0] == "token" else 0)
        if end[0] not in ("insert", "token") or j >= stop or toks[j].type not in ("WORD", "MAY"):
            return False
        return toks[j].type == "MAY" or lexicon.is_infinitive(toks[j].value) or _imperative(toks[j].value) \
            or _subject_verb_follows(toks, j - 1)

    def _dash_ends(self, toks: list[Token], i: int) -> bool:
        """Does the header opened at ``toks[i]`` end with a dash before the next separator
        ("…; при гибели Бронзового дракона – вернуть …")?"""
        stop = next((k for k in range(i + 1, len(toks)) if toks[k].type in _PART_STOPS), len(toks))
        end = self._header_end(toks[i:stop], 0)
        if end is not None and end[0] == "insert" and " ".join(toks[i].value.casefold().split()) in ("в начале", "в конце") \
                and i + end[1] < len(toks) and toks[i + end[1]].type == "NAMED_KW":
            return True     # "…; в конце вашего следующего хода заклинание «…» ранить …"
        if end is not None and end[0] == "insert" and toks[i].value.casefold() == "когда" and end[1] > 2:
            return True     # "…; когда погибают двое получить +2 к …": a clause header with its own verb
        if end is None or end[0] != "token":
            return False
        j = i + end[1]
        # "…; в конце этого хода, если они не стоят рядом – …": the condition opens its body
        return toks[j].type == "DASH" or (toks[j].type == "COMMA" and j + 1 < len(toks) and _opens_condition(toks[j + 1]))

    def _next_case(self, toks: list[Token], i: int, in_cond: bool) -> bool:
        """Does the «если» at ``toks[i]`` (after a comma) open a condition over the next
        part: its clause ends with a dash ("…, если оно закрыто – B"), or, inside a
        condition's body, it ends at all (the next case of a case split)?"""
        stop = next((k for k in range(i + 1, len(toks)) if toks[k].type in _PART_STOPS), len(toks))
        end = self._header_end(toks[i:stop], 0)
        if end is None:
            return False
        kind, j = end
        if kind == "token" and toks[i + j].type == "DASH":
            # (not "…, если хозяин – страж леса": the dash says what the host is, nothing follows)
            return not (i + j + 1 < stop and toks[i + j + 1].type == "WORD" and _names_a_value(toks, i + j)
                        and not any(x.type in HEADER_KW or x.type in ("DASH", "COLON", "MAY") for x in toks[i + j + 1:stop]))
        if i + 2 < len(toks) and toks[i + 1].value.casefold() == "после" and toks[i + 2].value.casefold() == "этого" \
                and i + j < stop:
            return True     # "A, если после этого у X нет ран B": a condition over the next part
        if kind == "insert" and i + j < stop and toks[i + j].value[:1].isupper() and toks[i + j].type == "WORD":
            return True     # "A, если оно темное Мика получает {counter}": the next ability's subject
        return in_cond and i + j < stop

    def _header_end(self, toks: list[Token], i: int) -> tuple[str, int] | None:
        """Where the header opened at ``toks[i]`` ends: ("token", j) or ("insert", j)."""
        kw = " ".join(toks[i].value.casefold().split())
        if _opens_condition(toks[i]) or (toks[i].type == "CONDITION_KW" and kw == "когда"):
            _state_when_words(toks, i)
        first_turn = _FIRST_TURN.match(kw) is not None
        if kw.startswith(("до набора", "в ваш ход", "в свой ход", "в его ход", "в этот ход", "в ход противника")) or first_turn:
            # a fixed phrase is the whole header: "До набора отряда вы можете …",
            # "В ваш ход атаки ваших эльфов … сводятся к сильным", "В первый ход противника – …"
            j = i + 1
            if kw == "до набора" and j < len(toks) and toks[j].value.casefold() == "отряда":
                j += 1
            if first_turn and j < len(toks) and toks[j].type == "WORD" and toks[j].value.casefold() == "противника":
                j += 1
            if j < len(toks) and toks[j].type in ("WORD", "MAY", "NUMBER", "ICON", "PUNCT", "QUOTED", "NAMED_KW"):
                return "insert", j
            if kw != "до набора" and j + 1 < len(toks) and toks[j].type == "COMMA" and toks[j + 1].type in ("WORD", "MAY"):
                return "token", j   # "…, в свой ход, может получить …": the comma closes the phrase
        if kw in ("в начале", "в конце", "до начала", "в течение"):
            # "В начале вашего хода пророчество 1; …": the time phrase is the whole header
            # ([possessive] [первого] хода|боя [противника]; "В начале боя ваше существо …";
            # "В течение вашего первого хода – …", a time window: a condition)
            j = i + 1
            for _ in range(2):
                if j + 1 < len(toks) and toks[j].type == "WORD" and lexicon.word_lemma(toks[j].value) in _TIME_OWNERS \
                        and toks[j + 1].type == "WORD" and (lexicon.word_lemma(toks[j + 1].value) in _TIME_NOUNS or (
                            lexicon.word_lemma(toks[j + 1].value) in _TIME_OWNERS and j + 2 < len(toks)
                            and lexicon.word_lemma(toks[j + 2].value) in _TIME_NOUNS)):
                    j += 1
            if j < len(toks) and toks[j].type == "WORD" and lexicon.word_lemma(toks[j].value) in _TIME_NOUNS:
                j += 1
                if j < len(toks) and toks[j].type == "WORD" and toks[j].value.casefold() == "противника":
                    j += 1
            else:
                j = i + 1
            if i + 1 < j < len(toks) and (toks[j].type in ("WORD", "MAY", "NUMBER", "ICON", "PUNCT", "QUOTED", "NAMED_KW") or (
                    kw == "в течение" and toks[j].type == "TRIGGER_KW")):
                return "insert", j      # ("В течение хода при {strike} хозяина – …": the event opens the body)
            if i + 1 < j < len(toks) - 1 and toks[j].type == "COMMA" and _opens_condition(toks[j + 1]):
                return "token", j       # "В конце хода противника, если …"
        if toks[i].type == "NAMED_KW":
            found = named_end(toks, i)
            if found is not None:
                return found
        for j in range(i + 1, len(toks)):
            t = toks[j]
            if t.type == "COMMA" and kw.startswith(_CLAUSE_HEADS) and j > i + 1 and j + 2 < len(toks) \
                    and toks[j + 1].type == "WORD" and lexicon.word_lemma(toks[j + 1].value) in _GRANT_LEMMAS \
                    and toks[j + 2].type in HEADER_KW and toks[j + 2].value[:1].isupper():
                return "token", j   # "Пока не имеет ран, получает Если должен …": the granted ability is the body's
            if _instead(toks, j) and j > i + 2 and toks[i].type != "NAMED_KW" and toks[j - 1].type == "WORD" \
                    and toks[j - 1].value.casefold() in _PRONOUN_SUBJECTS and toks[j + 2].type in ("WORD", "MAY"):
                return "insert", j - 1  # "Когда … должно излечиться на X оно вместо этого излечивается …"
            if _instead(toks, j) and j > i + 1 and toks[i].type != "NAMED_KW" and toks[j + 2].type in ("WORD", "MAY") \
                    and not any(toks[k].type == "WORD" and lexicon.is_infinitive(toks[k].value)
                                and not lexicon.is_modal(toks[k - 1].value) for k in range(i + 1, j)):
                # "Если должен погибнуть … вместо этого получает полет": «вместо этого» ends
                # the header and says the body replaces the event
                return "instead", j
            if t.type == "NAMED_KW" and j > i + 1 and toks[i].type != "NAMED_KW" and not (
                    toks[j - 1].type == "WORD" and ((lexicon.is_predicate(toks[j - 1].value)
                                                     and not toks[j - 1].value.casefold().endswith(("ся", "сь")))
                                                    or lexicon.is_preposition(toks[j - 1].value))) and (
                    named_end(toks, j) is not None or (j + 2 < len(toks) and toks[j + 1].type == "QUOTED"
                                                       and toks[j + 2].type in ("DASH", "COLON"))
                    or (j == i + 2 and kw == "при" and toks[i + 1].type in ("ICON", "WORD"))):
                # "При ударе по Огнегривому заклинание жар ранить …": the header ends before
                # the named effect, which opens the body
                return "insert", j
            if t.type == "COLON" and _granted_label(toks, j):
                continue    # "Когда … получает Бешенство X: …": the label of a granted ability
            if t.type == "COLON" and kw == "при" and any(toks[k].type == "WORD" and _imperative(toks[k].value)
                                                        for k in range(i + 2, j)):
                break       # "При прыжке бросьте кубик: если …": the colon is the body's, after its verb
            if t.type == "COMMA" and toks[i].type == "CONDITION_KW" and kw.startswith(_CLAUSE_HEADS) and j > i + 1 \
                    and j + 1 < len(toks) and toks[j + 1].type == "TRIGGER_KW" \
                    and toks[j + 1].value.casefold() in ("при", "когда") and self._dash_ends(toks, j + 1):
                return "token", j   # "Если носит оружие, при {strike} – …": the trigger opens the body
            if (t.type == "DASH" and not _defines_value(toks, j)) or t.type == "COLON":
                return "token", j
            if t.type == "COMMA" and kw == "если" and j > i + 2 and j + 1 < len(toks) and _opens_condition(toks[j + 1]) \
                    and toks[j + 1].value.casefold() == "если" and any(
                        toks[k].type == "COMMA" and _subject_verb_follows(toks, k) for k in range(i + 2, j)):
                break       # "если выпало нечетное, атакованный получает …, если четное – …": the dash
                #             ends the next case's header, this one ends at its own comma
            if kw == "вместо" and t.type == "CONDITION_KW" and t.value.casefold() == "если" and j > i + 2 \
                    and toks[j - 1].type == "COMMA" and self._header_end(toks[j:], 0) is not None \
                    and any(x.type == "WORD" and lexicon.is_infinitive(x.value) for x in toks[j + 1:]):
                return "token", j - 1   # "Вместо гибели хозяина, если он стоит … излечить его …": the condition opens the body
            if toks[i].type == "TRIGGER_KW" and _opens_condition(t) and j > i + 1 \
                    and toks[j - 1].value.casefold() not in ("или", "и") and not (   # ("При промахе или если …": one event)
                    kw.startswith(_CLAUSE_HEADS) and toks[j - 1].type == "COMMA"
                    and _clause_end_without_comma(toks, i, j - 1) is not None) and (
                    kw.startswith(_CLAUSE_HEADS) or not any(_opens_ability(toks[k]) for k in range(i + 2, j))) and (
                    not kw.startswith(_CLAUSE_HEADS) or any(toks[k].type in ("COMMA", "DASH", "COLON")
                                                            for k in range(j + 1, len(toks)))
                    or (toks[j - 1].type != "COMMA" and self._header_end(toks[j:], 0) is not None)):
                # "В начале хода, если … — …": the condition opens the trigger's body
                return ("token", j - 1) if toks[j - 1].type == "COMMA" else ("insert", j)
            if t.type in ("AND_THEN", "SEMI", "OTHERWISE", "REFUSE") or (
                    t.type == "LIBO" and _opens_ability(*_next_content(toks, j))):
                break
        if kw.startswith(_CLAUSE_HEADS):
            # the first comma followed by «то», «может» or an infinitive ("…, получить
            # фишку"); else the last comma followed by a verb ("…, получает +1");
            # else the first comma
            # (a comma before «чтобы», «который» opens a subordinate clause inside the header)
            commas = [j for j in range(i + 1, len(toks)) if toks[j].type == "COMMA" and not (
                j + 1 < len(toks) and toks[j + 1].type == "WORD" and (lexicon.word_lemma(toks[j + 1].value)
                in ("чтобы", "который", "чем") or toks[j + 1].value.casefold() == "когда"))
                and not (_relative_opens(toks, j) and not any(
                    toks[k].type == "COMMA" for k in range(j + 2, len(toks))))
                and not _brackets_gerund(toks, i, j)
                and not (toks[j - 1].type == "NUMBER" and j + 1 < len(toks) and toks[j + 1].type == "NUMBER")  # "7,8 и 9"
                and not _brackets_participle(toks, i, j)
                and not (toks[j - 1].type == "ICON" and toks[j - 2].type == "WORD"
                         and lexicon.word_lemma(toks[j - 2].value) in _GRANT_LEMMAS)   # "имеет {instant}, …:"
                and not _lists_effect_nouns(toks, j)]   # "выполняют удар, выстрел и излечение"
            for j in commas:
                nxt = toks[j + 1] if j + 1 < len(toks) else None
                if nxt is not None and nxt.type == "WORD" and lexicon.is_effect_noun(nxt.value) and not lexicon.is_infinitive(
                        nxt.value) and toks[j - 1].type == "WORD" and lexicon.is_effect_noun(toks[j - 1].value):
                    continue    # "Когда … выполняют удар, выстрел и излечение …": nouns listed in the clause
                if nxt is not None and (nxt.value.casefold() == "то" or nxt.type == "MAY" or (
                        nxt.type == "WORD" and (lexicon.is_infinitive(nxt.value) or lexicon.is_effect_noun(nxt.value)))):
                    return "token", j
            for j in commas:
                nxt = toks[j + 1] if j + 1 < len(toks) else None
                if nxt is not None and nxt.type == "TRIGGER_KW" and " ".join(nxt.value.casefold().split()) in (
                        "в начале", "в конце") and self._header_end(toks[j + 1:], 0) is not None:
                    return "token", j   # "если … не нападет {strike}, в конце своего хода оно ранится …"
                if nxt is not None and nxt.type == "WORD" and lexicon.word_lemma(nxt.value) in _PRONOUN_LEMMAS \
                        and j + 2 < len(toks) and toks[j + 2].type == "WORD" \
                        and lexicon.word_lemma(toks[j + 2].value) in ("обязать", "обязанный", "должный"):
                    return "token", j   # "Если … может атаковать …, он обязан это сделать"
            if commas and commas[0] + 1 < len(toks) and toks[commas[0] + 1].type == "WORD" \
                    and lexicon.is_finite_verb(toks[commas[0] + 1].value):
                # "Когда получает проклятие теряет благословление, приземляется …": the
                # comma joins the body's verbs; the clause ends before the first of them
                ins = _clause_end_without_comma(toks, i, commas[0])
                if ins is not None and any(toks[k].type == "WORD" and lexicon.is_predicate(toks[k].value)
                                           for k in range(i + 1, ins)):
                    return "insert", ins
            for j in reversed(commas):
                nxt = toks[j + 1] if j + 1 < len(toks) else None
                if nxt is not None and nxt.type == "WORD" and lexicon.is_effect_noun(nxt.value) and not lexicon.is_predicate(
                        nxt.value) and toks[j - 1].type == "WORD" and lexicon.is_effect_noun(toks[j - 1].value):
                    continue    # nouns listed in the clause ("выполняют удар, выстрел и излечение")
                if _opens_ability(nxt, toks[j + 2] if j + 2 < len(toks) else None):
                    return "token", j
            if commas and _subject_verb_follows(toks, commas[0]) and any(
                    toks[k].type == "WORD" and lexicon.is_finite_verb(toks[k].value) for k in range(i + 1, commas[0])) \
                    and not any(toks[k].type == "MAY" or (toks[k].type == "WORD" and (
                        lexicon.is_infinitive(toks[k].value) or _imperative(toks[k].value))) for k in range(i + 1, commas[0])):
                return "token", commas[0]   # "Пока рядом стоят ваши существа, он получает …"
            if not commas or not _opens_ability(toks[commas[0] + 1] if commas[0] + 1 < len(toks) else None):
                # no comma ends the clause ("Когда получает третью {counter} потерять все
                # {counter}"): the ability starts at the verb after the clause's own verb
                ins = _clause_end_without_comma(toks, i, commas[0] if commas else len(toks))
                if ins is not None:
                    return "insert", ins
            for j in commas:
                if _subject_verb_follows(toks, j):
                    return "token", j     # "Пока …, Воронга может объявлять …"
            if commas and not any(_opens_ability(toks[j + 1] if j + 1 < len(toks) else None) for j in commas):
                ins = _clause_end_without_comma(toks, i, len(toks))
                tail = toks[commas[-1] + 1:ins] if ins is not None else []
                if ins is not None and ins > commas[-1] + 1 and any(x.value.casefold() == "и" for x in tail) and all(
                        x.value.casefold() == "и" or (x.type == "WORD" and (lexicon.is_nominal(x.value) or x.value[:1].isupper()))
                        for x in tail):
                    return "insert", ins  # "если есть герой-маг, герой-жрец и герой-воин Эрманд берется …": nouns listed
            if commas:
                return "token", commas[0]
            # every comma brackets a participle ("… и существо, стоящее напротив нее, имеют …"):
            # the one closing it before a verb, as a last resort (no end is worse)
            closing = next((j for j in range(i + 2, len(toks) - 1) if toks[j].type == "COMMA"
                            and toks[j + 1].type == "WORD" and lexicon.is_finite_verb(toks[j + 1].value)), None)
            return ("token", closing) if closing is not None else None
        if toks[i].type == "NAMED_KW":
            return None
        # "В начале хода противника может …", "При гибели ранить …": before the
        # first verb / «может» / effect noun (not the event word right after «При»)
        relative = None       # the comma opening ", которые …, " inside the header
        for j in range(i + 2, len(toks)):
            if toks[j].type in _PART_STOPS or toks[j].type == "DASH":
                break
            if toks[j].type == "COMMA" and j + 1 < len(toks) and (lexicon.word_lemma(toks[j + 1].value) == "который" or (
                    any(lexicon.word_lemma(x.value) == "который" for x in toks[j + 2:j + 4])
                    and toks[j + 1].type == "WORD" and (lexicon.is_preposition(toks[j + 1].value)
                                                        or pos_of(toks[j + 1].value) == "ADVB")) or (
                    toks[j + 1].type == "WORD" and pos_of(toks[j + 1].value) == "PRTF" and toks[j - 1].type == "WORD"
                    and lexicon.is_nominal(toks[j - 1].value) and lexicon.may_be_nominative(toks[j - 1].value))):
                relative = j    # (or a participle phrase: "При {strike} ваше существо, обладающее разрядом, получает …")
                continue
            if relative is not None:
                if toks[j].type == "COMMA":
                    # "… существа, которые стояли с ним в строю, получают …": the noun before
                    # the relative clause opens the ability's subject
                    if j + 1 < len(toks) and _opens_ability(toks[j + 1], toks[j + 2] if j + 2 < len(toks) else None):
                        k = relative
                        while k - 1 > i + 1 and toks[k - 1].type == "WORD" and lexicon.is_nominal(toks[k - 1].value) \
                                and lexicon.may_be_nominative(toks[k - 1].value) and not lexicon.is_preposition(toks[k - 2].value):
                            k -= 1
                        nxt_ = toks[j + 1]
                        if k < relative and not (nxt_.type == "WORD" and (lexicon.is_infinitive(nxt_.value)
                                                                          or _imperative(nxt_.value))):
                            return "insert", k      # (an infinitive after the clause has no subject)
                        # "При перемещении на клетку, рядом с которой стоит …, может …": the
                        # relative clause is the header's, its closing comma ends it
                        return "token", j
                    if j + 1 < len(toks) and toks[j + 1].type == "WORD" and lexicon.is_nominal(toks[j + 1].value) \
                            and not lexicon.may_be_nominative(toks[j + 1].value):
                        continue    # "…, обладающее разрядом, магическим ударом или заклинанием, …": a list in it
                    relative = None
                continue
            nxt = toks[j + 1] if j + 1 < len(toks) else None
            if _opens_ability(toks[j], nxt):
                k = j
                while k - 1 > i + 1 and toks[k - 1].type == "WORD" and lexicon.is_adjective(toks[k - 1].value) \
                        and toks[j].type == "WORD" and lexicon.is_effect_noun(toks[j].value) \
                        and not (toks[k - 2].type == "WORD" and lexicon.is_preposition(toks[k - 2].value)):
                    k -= 1          # "При гибели особый удар на 2": the adjectives of the effect noun
                    #               (not one governed by a preposition: "При прыжке по прямой особый удар")
                if k == j and toks[k - 1].type == "WORD" and pos_of(toks[k - 1].value) == "ADVB" and k - 1 > i + 1 \
                        and toks[k - 1].value.casefold() not in _COMPARATIVES \
                        and toks[j].type == "WORD" and lexicon.is_infinitive(toks[j].value):
                    k -= 1          # "… полностью излечиться"
                negated_verb = toks[j].type == "WORD" and toks[j].value.casefold() == "не" and nxt is not None and (
                    nxt.type == "MAY" or (nxt.type == "WORD" and lexicon.is_finite_verb(nxt.value)))
                if k == j and (toks[j].type == "MAY" or negated_verb
                               or (toks[j].type == "WORD" and lexicon.is_finite_verb(toks[j].value))):
                    # "При гибели … Мститель получает +2": the subject belongs to the ability
                    k = _subject_start(toks, i + 1, j, object_guard=False)
                    if k == j:
                        k = _bare_subject(toks, i, j)
                elif k == j and j - 1 > i + 1 and toks[j].type == "WORD" and lexicon.is_infinitive(toks[j].value) \
                        and toks[j - 1].type == "WORD" and lexicon.word_lemma(toks[j - 1].value) in ("обязать", "обязанный", "должный"):
                    # "При движении Тови противник обязан переместить …": «обязан» and its subject open the ability
                    k = _subject_start(toks, i + 1, j - 1, object_guard=False)
                    if k == j - 1 and j - 2 > i + 1 and toks[j - 2].type == "WORD" and lexicon.is_noun(toks[j - 2].value) \
                            and lexicon.may_be_nominative(toks[j - 2].value) \
                            and not (toks[j - 3].type == "WORD" and lexicon.is_preposition(toks[j - 3].value)):
                        k = j - 2
                if toks[k - 1].type == "COMMA" and k - 1 > i + 1:
                    return "token", k - 1   # "При перемещении на клетку, занятую …, это существо получает …"
                m = k
                while m - 1 > i + 1 and toks[m - 1].type == "WORD" and (lexicon.word_lemma(toks[m - 1].value) in
                                                                       _TIME_OWNERS | _TIME_NOUNS | {"противник"}):
                    m -= 1
                if m < k and m - 1 > i + 1 and toks[m - 1].type == "TRIGGER_KW" and " ".join(
                        toks[m - 1].value.casefold().split()) in ("в начале", "в конце") \
                        and lexicon.word_lemma(toks[k - 1].value) in _TIME_NOUNS | {"противник"}:
                    return "insert", m - 1  # "После метания в начале своего следующего хода не открывается": the time is the effect's
                return "insert", k
        return None

    def _body(self, toks: list[Token], in_cond: bool = False, headed: bool = False) -> list[Token]:
        """The compound ability after the headers and cost (``headed``: there were some —
        then «X может <infinitive>» is an ability of its own whatever the verb's aspect)."""
        out: list[Token] = []
        start = True          # an ability starts at the next token
        has_pred = False      # the current operand has a verb / effect noun
        may_scope = False     # inside the part governed by «может» (505.8)
        modal = False         # the current operand holds a modal that is a property
                              # ("оно не может …", "существо может …"), not 505.8
        subclause = False     # inside a subordinate clause up to its closing comma
                              # ("существо, которое атакует или защищается, …")
        prev: Token | None = None
        n = len(toks)
        # «либо A, либо B[, либо C]» after a word: a choice between the alternatives
        # even when they are not abilities of their own ("получает либо {regen} 2, либо …")
        libos = [k for k, x in enumerate(toks) if x.type == "LIBO"]
        first_libo = libos[0] if libos else -1
        libo_pair = len(libos) >= 2 and first_libo > 0 and toks[first_libo].value.strip().casefold() == "либо" \
            and toks[first_libo - 1].type == "WORD" and all(toks[k].value.lstrip()[:1] == "," for k in libos[1:]) \
            and all(k + 1 < n and (toks[k + 1].type in ("NUMBER", "ICON") or _opens_ability(toks[k + 1])
                                   or _is_keyword(toks[k + 1]))
                    for k in libos)   # alternatives that are values, traits or abilities, not nouns
        # "получает отравление на 1, либо проклятие (…), либо ранить его на 2": several «, либо»
        # of which one opens an ability list alternatives of one choice, nouns included
        libo_list = len(libos) >= 2 and all(toks[k].value.lstrip()[:1] == "," for k in libos) and any(
            _opens_ability(*_next_content(toks, k)) for k in libos)
        # the «либо» that join abilities (or a pair / list of alternatives): «, либо элитное
        # существо …» joining two objects of one verb leaves «A и B» two effects
        libo_joins = libo_pair or libo_list or any(_opens_ability(*_next_content(toks, k)) for k in libos)
        op_start = 0          # where the current operand starts in ``out``
        comma_trigger = -1    # a trigger header opened by a comma after an ability
        closed_sub = False    # the previous token is the comma closing a subordinate clause
        inner_part = False    # inside the body of a later part's header ("A; если … – B"): its body is one
        #                       choice, so two effects written in it are not split (they would leave it)
        granted = False       # after "получает {tap}: …": the rest of the sentence is the granted ability
        elliptic_dash = -1    # the dash standing for a verb left out ("…, а Дегустатор – отравление на X")
        may_at = -1           # where the last MAY_V is in ``out`` (it may become MAY_B: see ``bound_may``)
        may_opponent = False  # its subject is the opponent or the opponent's card

        def bound_may() -> None:
            """The «может» at ``may_at`` covers only the part it opens (MAY_B): what follows
            is a part of its own. Only when no separator stands between them."""
            nonlocal may_at, may_scope
            if may_at >= 0 and out[may_at].type == "MAY_V" and not any(
                    x.type in _MAY_B_BLOCKERS for x in out[may_at + 1:]):
                out[may_at] = _retype(out[may_at], "MAY_B")
                may_scope = False
            may_at = -1

        i = -1
        while i + 1 < n:
            i += 1
            t = toks[i]
            typ = t.type
            if granted and (typ in ("SEMI", "OTHERWISE", "REFUSE") or (typ == "AND_THEN" and "затем" in t.value.casefold())):
                granted = False     # "… получает {tap}: Выстрел на 1-2-2 до конца хода, затем выберите …"
            if granted:
                # "получает {tap}: {uchr} на 2, при этом может получить {counter}": the granted
                # ability is one unit of the effect that grants it; its own connectives are its words
                if typ not in _GRANTED_KEEP and not (typ == "LIMIT" and i == n - 1):
                    t = _retype(t, "PUNCT" if typ in ("DASH", "SEMI") else "WORD")
                out.append(t)
                prev = t
                continue
            if prev is not None and prev.type in _PART_SEPS and typ == "WORD" and t.value.casefold() == "для" \
                    and i + 2 < n and toks[i + 1].type == "WORD" and toks[i + 1].value.casefold().startswith("кажд"):
                d = next((k for k in range(i + 2, min(n, i + 8)) if toks[k].type == "DASH"), None)
                if d is not None and all(toks[k].type == "WORD" for k in range(i + 1, d)):
                    # "…; для каждого из них – другое ваше существо … получает …": the scope the
                    # next part is done for, as a header over it (not a part of its own, 505.4.2)
                    out.append(_retype(t, "CONDITION_KW"))
                    out.extend(toks[i + 1:d])
                    out.append(_retype(toks[d], "HEAD_END"))
                    i = d
                    prev = out[-1]
                    start, has_pred, modal = True, False, False
                    op_start = len(out)
                    in_cond = True
                    inner_part = True
                    continue
            declared = _declared_named(toks, i) if prev is not None and prev.type in _PART_SEPS | {"MAY_V"} else None
            if declared is not None:
                # "…может объявить заклинание «ледяная броня» (один раз за ход) – <effect>": the
                # spell declared is a named header over the part after the dash, not a leaf
                kw = toks[i] if toks[i].type == "NAMED_KW" else Token.new_borrow_pos("NAMED_KW", toks[i + 1].value, toks[i])
                head = [x if x.type in ("WORD", "QUOTED", "PAREN", "NUMBER") else
                        _retype(x, "PAREN" if x.type == "LIMIT" else "WORD") for x in toks[i + 1:declared]]
                if toks[i].type != "NAMED_KW":
                    head = head[1:]
                    head.insert(0, _retype(toks[i + 1], "WORD"))
                out.extend([kw, *head, _retype(toks[declared], "HEAD_END")])
                i = declared
                prev = out[-1]
                start, has_pred, modal = True, False, False
                op_start = len(out)
                in_cond = True
                inner_part = True
                continue
            if prev is not None and (prev.type in _PART_SEPS or (prev.type == "HEAD_END" and typ in ("NAMED_KW", "CONDITION_KW"))
                                     or (prev.type == "ILI_V" and typ == "CONDITION_KW")) and (
                    (typ == "CONDITION_KW" and _opens_condition(t)) or
                    (typ == "NAMED_KW" and i + 1 < n and toks[i + 1].type == "QUOTED") or
                    # "…, при этом заклинание – ранить …": the kind of the next part with no name
                    (typ == "NAMED_KW" and i + 2 < n and toks[i + 1].type == "DASH" and prev.type != "HEAD_END") or
                    (typ == "NAMED_KW" and prev.type == "HEAD_END" and i + 1 < n and toks[i + 1].type == "QUOTED") or
                    (typ == "NAMED_KW" and prev.type == "HEAD_END" and named_end(toks, i) is not None) or
                    (typ == "TRIGGER_KW" and prev.type in ("SEMI", "COND_COMMA") and self._dash_ends(toks, i)) or
                    (typ == "TRIGGER_KW" and prev.type in ("AND_THEN", "SEMI") and self._time_part(toks, i)) or
                    (typ == "TRIGGER_KW" and i == comma_trigger)):
                # ("…, при этом – воздействие «лопнуть» – ранить …": a named part)
                # "A; если оно погибло – B": a condition over the next part
                stop = next((k for k in range(i + 1, n) if toks[k].type in _PART_STOPS), n)
                end = self._header_end(toks[i:stop], 0)
                if end is not None:
                    head, body_start = _emit_header(toks[i:stop], 0, end)
                    out.extend(head)
                    i += body_start - 1
                    prev = head[-1]
                    start, has_pred, modal = True, False, False
                    op_start = len(out)
                    in_cond = True
                    inner_part = True
                    continue
            if typ == "COMMA" and i + 2 < n and toks[i + 1].type == "WORD" and toks[i + 1].value.casefold() == "а" \
                    and _opens_condition(toks[i + 2]) and toks[i + 2].value.casefold() == "если" and not subclause \
                    and self._next_case(toks, i + 2, True):
                # "…, а если средний-промах может …": the next case; «а» belongs to the separator
                c = toks[i + 1]
                t = Token("COND_COMMA", t.value + " " + c.value, start_pos=t.start_pos, line=t.line, column=t.column,
                          end_line=c.end_line, end_column=c.end_column, end_pos=c.end_pos)
                out.append(t)
                prev = t
                i += 1
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            if typ == "COMMA" and i + 1 < n and _opens_condition(toks[i + 1]) \
                    and toks[i + 1].value.casefold() == "если" and not subclause and self._next_case(toks, i + 1, in_cond):
                # "…, если герой-маг – B": a condition over the next part (a case split
                # inside a condition's body, or "A, если оно закрыто – B")
                t = _retype(t, "COND_COMMA")
                out.append(t)
                prev = t
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            if typ == "COLON" and i + 1 < n and not start and _opens_condition(toks[i + 1]) \
                    and toks[i + 1].value.casefold() == "если" and self._next_case(toks, i + 1, True):
                # "бросает кубик: если выпало 3 или менее – A; если 4 или более – B": the
                # colon opens the conditions over the next parts
                t = _retype(t, "COND_COMMA")
                out.append(t)
                prev = t
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            if typ in ("COMMA", "AND") and i + 1 < n and toks[i + 1].type == "TRIGGER_KW" and not start and not subclause \
                    and " ".join(toks[i + 1].value.casefold().split()) in ("в начале", "в конце") and self._dash_ends(toks, i + 1):
                # "…, в конце этого хода, если … – B": a later trigger as the next part
                # ("Опыт в атаке и в начале боя – получает {fly}": after «и» too)
                # (after «может A» it is a part of its own: "…может объявить удар на 3, в конце
                # этого хода, если … – …" does not wait for the optional one)
                bound_may()
                t = _retype(t, "COND_COMMA")
                out.append(t)
                prev = t
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            nxt, nxt2 = (toks[i + 1] if i + 1 < n else None), (toks[i + 2] if i + 2 < n else None)
            if typ == "AND" and not start and not subclause and has_pred and nxt is not None \
                    and nxt.type == "TRIGGER_KW" and nxt.value[:1].isupper() and self._trigger_part(toks, i + 1):
                # "Пока летающий, имеет {direct} и При {strike} по карте … приземлиться …": a capitalised
                # trigger after «и» is the next part of its own (the database lost the full stop)
                t = _retype(t, "AND_IN" if inner_part else "AND_THEN")
                comma_trigger = i + 1
                out.append(t)
                prev = t
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            if typ == "WORD" and not start and not subclause and prev is not None \
                    and prev.type in ("WORD", "NUMBER", "ICON", "QUOTED", "PAREN") and t.value[:1].islower() \
                    and t.value.casefold().endswith("те") and out[op_start].type == "WORD" \
                    and (_imperative(out[op_start].value) or (may_scope and lexicon.is_infinitive(out[op_start].value))) \
                    and _imperative(t.value) \
                    and not any(x.type in ("ILI_V", "LIBO") for x in out[op_start:]):
                # "найдите в колоде до двух существ покажите их и возьмите …": a second order
                # written with no comma before it is the next part (505.4)
                sep = _empty("AND_IN" if inner_part else "AND_THEN", t)
                out.append(sep)
                prev = sep
                start, has_pred, modal = True, False, False
                op_start = len(out)
            if typ == "WORD" and not start and not subclause and has_pred and prev is not None \
                    and _unpunctuated_clause(out[op_start:], toks, i):
                # "положите маркер … (до конца хода противника) клетка с маркером считается занятой",
                # "существо получает сеть на свой ход не может передвигаться": a clause of its own
                # written with no punctuation before it is the next part (505.4), not words of the leaf
                sep = _empty("AND_IN" if inner_part else "AND_THEN", t)
                out.append(sep)
                prev = sep
                start, has_pred, modal = True, False, False
                op_start = len(out)
            if (typ == "MAY" or (typ == "WORD" and t.value.casefold() in _MAY_FORMS)) and not start \
                    and not subclause and not modal and _subject_may(out, op_start, toks, i, headed):
                # "вы можете посмотреть …", "оно может получить …", "Фенрир может открыть …":
                # a subject, then «может» opening the ability (505.8)
                for k in range(op_start, len(out)):
                    out[k] = _retype(out[k], "SUBJ")
                may_opponent = any(lexicon.word_lemma(x.value) in _OPPONENT for x in out[op_start:])
                t = _retype(t, "MAY_V")
                may_scope = True
                may_at = len(out)
                out.append(t)
                prev = t
                start, has_pred, modal = True, False, False
                op_start = len(out)
                continue
            if typ == "MAY" or (typ == "WORD" and start and t.value.casefold() in _MAY_FORMS):
                after_not = prev is not None and prev.value.casefold() == "не"
                passive_only = nxt is not None and nxt.value.casefold() == "быть" and _restriction_follows(toks, i)
                if start and not after_not and not passive_only and not (not headed and (_restriction_follows(toks, i)
                                                                     or _standing_permission(toks, i))) \
                        and not (headed and _standing_permission(toks, i) and _until_end(toks, i)):
                    # ("При рассадке может быть помещена только на …": a restriction, not 505.8)
                    t = _retype(t, "MAY_V")     # (also «могут …» opening an ability after a header)
                    may_scope = True
                    may_at, may_opponent = len(out), False
                else:
                    t = _retype(t, "WORD")
                    modal = True
            elif typ == "ILI":
                # «или» joins two abilities when an ability follows it ("или ранить …"),
                # or a clause follows an ability ("ранить …, или она получает …");
                # not when it joins the infinitives of one modal ("не может A или B";
                # no comma before it: ", или …" after a clause starts another ability)
                a, b = _next_content(toks, i)
                if a is not None and a.type == "WORD" and lexicon.is_effect_noun(a.value) and not lexicon.is_predicate(a.value) \
                        and not (b is not None and (b.type in ("NUMBER", "ICON") or b.value.casefold() == "на")):
                    a = None     # "выстрел или метание со стоящей рядом карты": nouns, not an ability
                joins = not start and not subclause \
                    and (_opens_ability(a, b) or (has_pred and _clause_follows(toks, i))
                         or (_is_modifier(a, b) and op_start > 0 and out[op_start - 1].type == "AND_IN")
                         or (_is_modifier(a, b) and (_has_modifier(out[op_start:]) or (
                             has_pred and not _same_value(out[op_start:], toks, i))))
                         or (_signed_icon(a, b) and any(x.type == "ICON" and y.type == "NUMBER"
                                                        for x, y in zip(out[op_start:], out[op_start + 1:])))) \
                    and not (modal and prev is not None and prev.type != "COMMA" and _modal_verbs_follow(toks, i))
                if not joins and not start and not subclause and a is not None and a.type == "CONDITION_KW" \
                        and a.value.casefold() == "если" and a is toks[i + 1] and self._dash_ends(toks, i + 1):
                    joins = True    # "излечиться на X или если не имеет ран – получить …": an option under its condition
                if not joins and not start and not subclause and _granted_keyword_pair(toks, i):
                    joins = True    # "получает благословление или проклятие": two keywords granted, one of them
                if not joins and not start and prev is not None and prev.type == "COMMA" and not modal \
                        and any(x.value.casefold() == "если" for x in out[op_start:]) and _if_clause_ahead(toks, i):
                    # "получают благословление, если оба ваши, или проклятие, если оба противника":
                    # options each with its own condition (the second may leave its verb out)
                    joins = True
                if joins and closed_sub and a is not None and (lexicon.is_finite_verb(a.value) or (
                        a.value.casefold() == "не" and b is not None and lexicon.is_finite_verb(b.value))):
                    joins = False   # "…, пока Василиск не переместится, или не покинет поле боя": the clause's verbs
                t = _retype(t, "ILI_V" if joins else "WORD")
                if joins and out and out[-1].type == "COMMA":
                    # "A, или B": the comma belongs to the connective, not to A
                    c = out.pop()
                    t = Token("ILI_V", c.value + " " + t.value, start_pos=c.start_pos, line=c.line, column=c.column,
                              end_line=t.end_line, end_column=t.end_column, end_pos=t.end_pos)
            elif typ == "LIBO" and libo_pair and i == first_libo:
                t = _retype(t, "WORD")   # "получает либо A, либо B": the first «либо» opens the pair
            elif typ == "LIBO" and (libo_pair or libo_list):
                pass                     # "…, либо +2 к {strike}": the next alternative (505.5)
            elif typ == "LIBO":
                # «либо» is 505.5 only before an ability, like «или»: "…, либо излечиться
                # на 3"; "существо либо артефакт" joins nouns inside one ability
                a, b = _next_content(toks, i)
                value_alt = has_pred and a is not None and (_is_modifier(a, b) or (
                    a.type == "NUMBER" and a.value[:1].isdigit() and _extra_lives_follow(toks, i + 2))) and any(
                    x.type == "WORD" and lexicon.word_lemma(x.value) in _GRANT_VERBS for x in out[op_start:])
                # ("получает +1 к {move} до конца хода либо 2 дополнительные {health}": two values granted)
                if a is not None and not (_opens_ability(a, b) or (has_pred and _clause_follows(toks, i)) or value_alt):
                    t = _retype(t, "WORD")   # (a dangling «, либо» stays: reported as unread)
            elif typ == "DASH" and i == elliptic_dash:
                t = _retype(t, "PUNCT")     # "…, а Дегустатор – отравление на X": the verb left out
            elif typ == "COMMA" and not start and i + 3 < n and toks[i + 1].type == "WORD" \
                    and toks[i + 1].value.casefold() == "а" and _elliptic_clause(toks, i + 2) is not None:
                # "оно может получить {zoo}, а Дегустатор – отравление на X": «, а» and a subject
                # whose verb the dash stands for is the next part (505.4); the dash is no connective
                elliptic_dash = _elliptic_clause(toks, i + 2)
                c = toks[i + 1]
                t = Token("AND_IN" if inner_part else "AND_THEN", t.value + " " + c.value, start_pos=t.start_pos,
                          line=t.line, column=t.column, end_line=c.end_line, end_column=c.end_column, end_pos=c.end_pos)
                i += 1
            elif typ == "DASH" and (_defines_value(toks, i) or _names_a_value(toks, i)):
                t = _retype(t, "PUNCT")
            elif typ == "DASH" and nxt is not None and nxt.type == "NUMBER" and prev is not None and prev.type == "WORD" \
                    and prev.value.casefold() == "дальность":
                t = _retype(t, "PUNCT")     # "дальность – 4": the value of the range
            elif typ == "DASH" and nxt is not None and nxt.type == "NUMBER" and nxt.value[:1].isdigit() and nxt2 is not None \
                    and nxt2.type == "WORD" and nxt2.value.casefold() in ("к", "от") and prev is not None \
                    and prev.type == "WORD" and lexicon.word_lemma(prev.value) in _GRANT_LEMMAS:
                t = _retype(t, "PUNCT")     # "получает – 1 от атак": a minus written as a dash
            elif typ == "COMMA" and not start and not may_scope and i + 3 < n \
                    and toks[i + 1].type == "WORD" and toks[i + 1].value.casefold() == "а" \
                    and (has_pred or _value_operand(out[op_start:])) and _subject_verb_follows(toks, i + 1):
                # "получает +1 к удару, а противник теряет фишку": «, а» and a clause of its
                # own is the next part (505.4); «а» belongs to the separator (also after a
                # subordinate clause the comma closes: "…, пока X его паразит, а X получает …")
                # (inside a later part's body, "…; пока оно летающее, он может …, а оно может …",
                # both clauses stay under that part's header: AND_IN)
                c = toks[i + 1]
                t = Token("AND_IN" if inner_part else "AND_THEN", t.value + " " + c.value, start_pos=t.start_pos,
                          line=t.line, column=t.column, end_line=c.end_line, end_column=c.end_column, end_pos=c.end_pos)
                i += 1
            elif typ == "AND" and not start and not may_scope and not subclause and not modal and not libos \
                    and not any(x.type in ("ILI_V", "LIBO") for x in out) and _choice_follows(toks, i) \
                    and _value_operand(out[op_start:]) and _value_opens(toks, i + 1, True) \
                    and _second_effect(out[op_start:], toks, i, has_pred):
                # "+1 к сильному {strike} и {ova} 1 или +1 к {ova}": two values of the first
                # alternative are two effects of that alternative (505.4 inside 505.5: AND_IN binds
                # tighter than «или»), not one leaf
                t = _retype(t, "AND_IN")
            elif typ in ("COMMA", "AND") and not start and not may_scope and (not subclause or (
                    typ == "COMMA" and nxt is not None and nxt.type == "WORD" and _imperative(nxt.value)
                    and out[op_start:op_start + 1] and out[op_start].type == "WORD" and _imperative(out[op_start].value))) and (
                    not modal or (typ == "AND" and nxt is not None and nxt.type == "WORD" and lexicon.is_finite_verb(nxt.value))) \
                    and not any(x.type in ("ILI_V", "LIBO") for x in out) and not libo_joins \
                    and not _choice_follows(toks, i) \
                    and _second_effect(out[op_start:], toks, i, has_pred):
                # "подлость 2, атакованный получает …", "{drs} и +1 к {strike}", "+1 к {strike}
                # и опыт в защите", "излечить … на 2 и снять с излеченного отравление": two
                # effects written in one clause are two parts (505.4), each its own leaf
                # (inside a later part's body, "…; когда … – оно теряет полет и ранится на 2",
                # they stay in that body: AND_IN)
                sep = "AND_IN" if inner_part else "AND_THEN"
                if inner_part and nxt is not None and (nxt.type == "MAY" or nxt.value.casefold() in _MAY_FORMS) \
                        and not (_standing_permission(toks, i + 1) and (
                            not headed or _until_end(toks, i + 1))):
                    # "…, если X – не закрывается и может открыться …": «может» cannot open a part
                    # inside that body; kept in one leaf (a standing permission, "… и может нападать
                    # {strike} еще раз до конца хода", is a leaf of its own: «может» stays a word)
                    t = _retype(t, "WORD") if typ == "AND" else t
                else:
                    t = _retype(t, sep)
                if t.type == sep and typ == "AND" and out and out[-1].type == "COMMA":
                    # "…, и имеет +2 к {strike}": the comma belongs to the connective
                    c = out.pop()
                    t = Token(sep, c.value + " " + t.value, start_pos=c.start_pos, line=c.line,
                              column=c.column, end_line=t.end_line, end_column=t.end_column, end_pos=t.end_pos)
            elif typ == "COMMA" and may_scope and not start and not subclause and nxt is not None and nxt.type == "WORD" \
                    and nxt.value.casefold().endswith("те") and _imperative(nxt.value) \
                    and out[op_start:op_start + 1] and out[op_start].type == "WORD" and lexicon.is_infinitive(out[op_start].value):
                # "вы можете изгнать … существо, положите на кладбище …": an order after the optional
                # part is what comes with it (505.4), not one more ability listed after «может»
                t = _retype(t, "AND_THEN")
            elif typ == "COMMA" and not start and not subclause and not may_scope and nxt is not None \
                    and nxt.type == "TRIGGER_KW" and nxt.value.casefold() == "при" \
                    and (has_pred or _value_operand(out[op_start:])) and self._bare_verb_trigger(toks, i + 1):
                # "+1 к магическому удару за каждую {counter}, при магическом ударе теряет все {counter}":
                # a trigger with its own verb after a comma is the next part (505.4)
                t = _retype(t, "AND_THEN")
                comma_trigger = i + 1
            elif typ == "COMMA" and not start and not subclause and has_pred and (
                    not may_scope or (nxt is not None and nxt.type == "WORD" and (
                        nxt.value.casefold() in _PRONOUN_SUBJECTS or (nxt.value[:1].isupper() and nxt2 is not None
                                                                      and nxt2.type == "WORD"
                                                                      and lexicon.is_finite_verb(nxt2.value))))) \
                    and self._new_clause(toks, i):
                # (after «может …» too when a pronoun opens the clause: "может найти …, оно
                # считается погибшим": its own subject, not one more ability to decline)
                # "излечить … на 1, ваше существо получает …", "Разряд на 1, при сильном
                # разряде атакованный получает …": a clause with its own subject and verb
                # (or its own trigger) after a comma is the next part (505.4)
                t = _retype(t, "AND_THEN")
                if toks[i + 1].type == "TRIGGER_KW":
                    comma_trigger = i + 1
            elif typ == "AND" and not start and op_start > 0 and out[op_start - 1].type in ("ILI_V", "LIBO") and ((
                    len(out) - op_start >= 2 and _is_modifier(out[op_start], out[op_start + 1])
                    and _is_modifier(nxt, nxt2)) or (
                    len(out) - op_start <= 2 and (_is_keyword(out[op_start]) or out[op_start].type == "ICON")
                    and all(x.type in ("WORD", "ICON", "NUMBER") for x in out[op_start:])
                    and nxt is not None and nxt.type == "ICON" and lexicon.icon_roles().get(nxt.value[1:-1]) == "value"
                    and nxt2 is not None and nxt2.type == "NUMBER")):
                # ("…, либо полет и {ova} 1": a keyword and a value icon of one option)
                # "получает либо {regen} 2, либо +2 к {strike} и +1 к {move}": two modifiers of one
                # option are two effects of that option (505.4 inside the choice)
                t = _retype(t, "AND_IN")
            elif typ in ("AND", "COMMA"):
                if may_scope and not start and not modal and nxt is not None and nxt.type == "WORD" and (
                        lexicon.is_infinitive(nxt.value) or (typ == "AND" and lexicon.is_predicate(nxt.value))):
                    t = _retype(t, "AND_V")
                elif may_scope and typ == "AND" and not start and not modal and _is_modifier(nxt, nxt2) and any(
                        x.type == "WORD" and lexicon.word_lemma(x.value) in _GRANT_LEMMAS for x in out[op_start:]):
                    t = _retype(t, "AND_V")     # "может получить полет и +1 к {strike}": two abilities (505.8)
                elif may_scope and typ == "AND" and not start and not modal and nxt is not None and _is_keyword(nxt) \
                        and _second_effect(out[op_start:], toks, i, has_pred):
                    t = _retype(t, "AND_V")     # "может получить 1 дополнительную {health} и благословление"
                elif typ == "AND":
                    t = _retype(t, "WORD")
            elif typ in HEADER_KW:
                subclause = subclause or _opens_subclause(t)
                t = _retype(t, "WORD")
            elif typ == "LIMIT_HEAD":
                t = _retype(t, "WORD")
            elif typ == "COST" and prev is not None and _grants(out):
                # "Получает {tap}: Магический удар на 3": a granted ability is a word of
                # the effect that grants it, not a payment of this ability
                t = _retype(t, "ICON")
                granted = t.value.rstrip().endswith(":")
            elif typ == "LIMIT" and i != n - 1:
                t = _retype(t, "PAREN")
            elif typ == "WORD" and lexicon.is_modal(t.value):
                modal = True
            elif typ == "WORD" and _opens_subclause(t):
                subclause = True
            closed_sub = t.type == "COMMA" and subclause
            if t.type in ("AND_THEN", "SEMI", "DASH", "COND_COMMA", "OTHERWISE", "REFUSE"):
                inner_part = False
            if t.type == "COMMA":
                subclause = False
            if may_scope and t.type == "AND_THEN" and may_opponent and re.search(r"затем", t.value, re.I) \
                    and (_subject_verb_follows(toks, i) or (nxt is not None and nxt.type == "WORD"
                                                            and lexicon.is_infinitive(nxt.value))):
                # "существо противника может переместиться …, затем он ранит …", "противник может
                # вскрыть …, затем ранить …": after the opponent's option the card's own act
                # is not declined with it
                bound_may()
            elif may_scope and t.type == "SEMI" and nxt is not None and nxt.type == "TRIGGER_KW" \
                    and self._time_part(toks, i + 1):
                # "может объявить удар; в конце этого хода оно возвращается …": a part at a time
                # of its own, not one more to decline (an event part, "…; при гибели X – вернуть
                # его …", may speak of what the optional one did: it stays under «может»)
                bound_may()
            out.append(t)
            start = t.type in OPERAND_START or t.type == "MAY_V"
            if t.type in ("AND_THEN", "SEMI", "DASH") and may_scope:
                # "может объявить X, при этом раниться на 2 и получить -1 …": after «при этом»
                # the parts are what comes with the declared one, not more abilities to decline
                may_scope = False
            if start:
                has_pred = False
                modal = subclause = False
                op_start = len(out)
            elif t.type == "WORD" and not has_pred:
                has_pred = _opens_ability(t)
            prev = t
        return out
