"""Typed effects: what an effect leaf of the card-text AST does (grammar/effects.yaml).

``type_tree(ast, name=None) -> Node`` returns the same tree whose ``effect`` leaves carry
``action`` (a vocabulary name: "wound", "destroy", … or ``None`` when the meaning is not
recognised) and ``args`` (``{"target": {who, owner, kind, restrictions}, "amount": {n, x,
range}, "icon", "keyword", "stat"}``, keys present only when written). A simulator
executes an effect from these two; ``typed`` of a result is true when every leaf has an
action. ``name``: the card's own name, so that «уничтожьте Гроксу, при этом …» names the
card itself (who = self) and the ``and_then`` node is marked 505.9.

The words live in grammar/effects.yaml (a judge may edit them); see its header for how
an action is found.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

import yaml

from bot.abilities import lexicon
from bot.abilities.ast import Node
from bot.paths import grammar_dir

_TOKEN = re.compile(r"\{[a-z0-9_]+\}:?|[+\-]?\d+(?:-\d+)*|[+\-]?X(?![A-Za-zА-Яа-яЁё])|[А-Яа-яЁёA-Za-z]+(?:-[А-Яа-яЁёA-Za-z]+)*")
_NAMED_WORDS = frozenset({"воздействие", "заклинание"})
_NUM_OR_X = re.compile(r"\d+|X")
_AMOUNT_TOKEN = re.compile(r"[+\-]?\d+(?:-\d+)*|X")
_SIGNED = re.compile(r"[+\-](\d+|X)")
_NUM = re.compile(r"\d+")
_NUMERIC_START = re.compile(r"[+\-]?\d|[+\-]?X$")
_INT = re.compile(r"-?\d+")
_RANGE = re.compile(r"(\d+)((?:-\d+)+)")
# Verbs whose subject, when none is written, is the card itself.
_SELF_VERBS = frozenset({"получить", "получать", "потерять", "терять", "иметь", "накопить", "стать"})


class Vocabulary:
    """grammar/effects.yaml, indexed: lemma -> actions (verbs, nouns), icon -> action,
    and the word lists of args."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.actions: dict[str, dict[str, Any]] = data.get("actions") or {}
        self.by_verb: dict[str, list[str]] = {}
        self.by_noun: dict[str, list[str]] = {}
        self.by_icon: dict[str, str] = {}
        for name, spec in self.actions.items():
            for v in spec.get("verbs") or ():
                self.by_verb.setdefault(str(v), []).append(name)
            for v in spec.get("nouns") or ():
                self.by_noun.setdefault(str(v), []).append(name)
            for v in spec.get("icons") or ():
                self.by_icon.setdefault(str(v), name)

        def index(section: str) -> dict[str, str]:
            return {str(w): key for key, words in (data.get(section) or {}).items() for w in words or ()}

        self.who = index("who")
        self.owner = index("owner")
        self.kinds = index("kinds")
        self.restrictions = index("restrictions")
        self.keywords = frozenset(str(w) for w in data.get("keywords") or ())
        self.classes = frozenset(str(w) for w in data.get("classes") or ())
        self.equipment_classes = frozenset(str(w) for w in data.get("equipment_classes") or ())
        self.payment_verbs = frozenset(str(w) for w in data.get("payment_verbs") or ())
        self.act_keywords: dict[str, str] = {str(k): str(v) for k, v in (data.get("act_keywords") or {}).items()}
        rr = data.get("roll_result") or {}
        self.roll_nouns = frozenset(str(w) for w in rr.get("rolls") or ())
        self.roll_equal = frozenset(str(w) for w in rr.get("equal") or ())
        self.roll_making = frozenset(str(w) for w in rr.get("making") or ())
        self.roll_changing = frozenset(str(w) for w in rr.get("changing") or ())
        self.game_lemmas = frozenset(set(self.by_verb) | set(self.by_noun) | set(self.owner) | set(self.kinds)
                                     | set(self.restrictions) | self.keywords | self.classes
                                     | {"противник", "ход", "бой", "атака", "рана", "фишка", "кубик", "отряд",
                                        "поле", "клетка", "жизнь", "кристалл", "колода", "кладбище"})

    def mentions_game(self, text: str) -> bool:
        """Does ``text`` hold a word of the game (any lemma of this vocabulary)?"""
        return any(lexicon.word_lemma(w) in self.game_lemmas
                   for w in re.findall(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*", text))


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The effect vocabulary, loaded once from grammar/effects.yaml."""
    path = grammar_dir() / "effects.yaml"
    return Vocabulary(yaml.safe_load(path.read_text(encoding="utf-8")) or {})


# a grant verb, a colon, then the label of the ability granted and its own colon
_GRANTED_LABEL = re.compile(r"\b(?:получа\w*|получи\w*|имеют|имеет)\s*:\s*([А-ЯЁ][а-яё-]+(?:\s+\d+)?)\s*:")

# a grant verb, then the event of the triggered ability it grants («получает при перемещении …»)
_GRANTED_TRIGGER = re.compile(r"\b(?:получа\w*|получи\w*|имеют|имеет)\s+(при|когда|в\s+начале|в\s+конце)\s+", re.I)

# nouns of a parameter of an effect («дальность метания», «сила удара»): the effect noun after
# one names whose parameter it is, not the effect of the leaf
_PARAMETER_HEADS = frozenset({"дальность", "сила", "величина", "значение", "тип"})

# «может <verb> … только на / по / в …» with an unknown verb: a restriction of how it may be done
_ONLY_WAY = re.compile(r"\bмо(жет|гут|жете)\s+[А-Яа-яЁё]+(ть|ться|ти)\b[^.;]*?\bтолько\s+(на|по|в|во|с|со|через|против|для|\{)",
                       re.I)

FUZZY_MIN = 7
"""Shortest vocabulary word a misspelling may be read as (grammar/effects.yaml verbs, nouns
and keywords): shorter words are too close to other words to guess."""


@lru_cache(maxsize=50_000)
def _lemma(word: str) -> str:
    """Lemma of a leaf's word; a word the dictionary does not know that is one letter off a
    word of the vocabulary («отравленме», «отравленмя» for «отравление») is read as that
    word (``vocabulary_typo``), so a misspelling does not change the typed action."""
    lem = lexicon.word_lemma(word)
    v = vocabulary()
    if lem in v.game_lemmas or len(word) < FUZZY_MIN - 1 or not word.isalpha():
        return lem
    fixed = vocabulary_typo(word)
    return fixed if fixed is not None else lem


@lru_cache(maxsize=1)
def _typo_targets() -> tuple[str, ...]:
    v = vocabulary()
    return tuple(sorted(w for w in set(v.by_verb) | set(v.by_noun) | v.keywords
                        if len(w) >= FUZZY_MIN and w.isalpha()))


def vocabulary_typo(word: str) -> str | None:
    """The vocabulary word (grammar/effects.yaml: an action's verb or noun, a keyword) that
    ``word`` misspells, or ``None``: only for a word the dictionary does not know, one edit
    (OSA: a letter changed, added, dropped or two swapped) from the word itself or, for an
    inflected form, from the word with the same ending cut (up to two letters each side,
    leaving at least ``FUZZY_MIN`` letters),
    the first three letters the same, and the target unique."""
    from rapidfuzz.distance import OSA

    from bot.morph import analyzer

    w = word.casefold().replace("ё", "е")
    if analyzer().word_is_known(w):
        return None
    found = set()
    for t in _typo_targets():
        if t[:3] != w[:3] or abs(len(t) - len(w)) > 2:
            continue
        if OSA.distance(w, t, score_cutoff=1) <= 1 or any(
                len(t) - k >= FUZZY_MIN and OSA.distance(w[:-k], t[:-k], score_cutoff=1) <= 1 for k in (1, 2)):
            found.add(t)
    return found.pop() if len(found) == 1 else None


@lru_cache(maxsize=20_000)
def _stem_match(word: str, name: str | None) -> bool:
    """Is ``word`` a form of the card's ``name`` (one of its words, any case ending)?"""
    if not name:
        return False
    w = word.casefold()
    for part in re.findall(r"[А-Яа-яЁёA-Za-z-]+", name.casefold().replace("ё", "е")):
        if len(part) >= 3 and w[:max(3, len(part) - 2)] == part[:max(3, len(part) - 2)]:
            return True
    return False


def _amount(tokens: list[str]) -> dict[str, Any] | None:
    """«на 2», «на X», «на 1-2-3», «2 раны», «X {counter}»: ``{n, x, range}``."""
    for i, t in enumerate(tokens):
        prev = tokens[i - 1].casefold() if i else ""
        m = _RANGE.fullmatch(t)
        if m:
            rng = [int(x) for x in t.split("-")]
            return {"n": None, "x": False, "range": rng}
        if _INT.fullmatch(t) and prev in ("на", "до", "") or (_NUM.fullmatch(t) and i + 1 < len(tokens)
                                                                   and _lemma(tokens[i + 1]) in ("рана", "фишка")):
            return {"n": abs(int(t)), "x": False, "range": None}
        if t == "X" and prev in ("на", ""):
            return {"n": None, "x": True, "range": None}
    nums = [t for t in tokens if _NUM.fullmatch(t)]
    if nums:
        return {"n": int(nums[0]), "x": False, "range": None}
    if "X" in tokens:
        return {"n": None, "x": True, "range": None}
    return None


def _target(tokens: list[str], start: int, name: str | None, reflexive: bool) -> dict[str, Any] | None:
    """Who or what the effect acts on, from the words after the action word (and the
    subject before it for a finite verb)."""
    v = vocabulary()
    who = owner = kind = None
    restrictions: list[str] = []
    for i, t in enumerate(tokens):
        if t.startswith("{"):
            continue
        low = t.casefold()
        lem = _lemma(t)
        if t[:1].isupper() and _stem_match(t, name):
            if i and not tokens[i - 1].startswith("{") and lexicon.is_noun(tokens[i - 1]) \
                    and not lexicon.is_preposition(tokens[i - 1]) and not _stem_match(tokens[i - 1], name):
                continue    # "экипировку Хелгата": the card's own name owns the noun, the target is the noun
            who = who or "self"
            continue
        if (low in v.who or lem in v.who) and any(v.kinds.get(_lemma(x)) == "cell" for x in tokens[i + 1:i + 3]):
            continue    # «на любую свободную клетку»: the word is the destination cell's, not the target's
        if low in v.who:
            w = v.who[low]
            who = w if who is None or (w == "self") else who
        elif lem in v.who and low not in ("все",):
            w = v.who[lem]
            who = w if who is None or w == "chosen" else who
        elif lem in v.who:
            who = who or v.who[lem]
        if lem in v.owner or low in v.owner:
            owner = owner or v.owner.get(lem) or v.owner.get(low)
        if lem in v.kinds and kind is None:
            kind = v.kinds[lem]
        r = v.restrictions.get(lem) or v.restrictions.get(low)
        if r and r not in restrictions:
            restrictions.append(r)
        if i > start and t[:1].isupper() and who is None and lem not in v.keywords and lem not in v.classes:
            who = "named"
    if who is None and reflexive and owner is None and kind is None:
        who = "self"
    if who is None and owner is not None:
        who = owner
    if who is None and kind is None and not restrictions:
        return None
    return {"who": who, "owner": owner, "kind": kind, "restrictions": restrictions}


def classify(text: str, name: str | None = None, keyword: str | None = None) -> tuple[str | None, dict[str, Any]]:
    """``(action, args)`` of one effect leaf's text (see the module docstring)."""
    v = vocabulary()
    if "–" in text or "—" in text:
        text = _DASH_MINUS.sub("-", text)    # "– 1 от атак": a minus as a dash
    if "+ " in text or "- " in text:
        text = _SPACED_SIGN.sub(r"\1", text)     # "+ 2 к {strike} по героям": a sign set apart
    tokens = _TOKEN.findall(text)
    if not tokens:
        return None, {}
    if len(tokens) == 2 and _NUM_OR_X.fullmatch(tokens[0]) and tokens[1].startswith("{") \
            and lexicon.icon_roles().get(tokens[1].strip("{}:")) == "value" \
            and tokens[1].strip("{}:") not in ("elite", "ordinary", "health"):
        tokens = tokens[::-1]    # "Строй: 2{armor}": the value written before its icon
    words = [t for t in tokens if t[:1].isalpha() and t != "X"]
    if len(tokens) > 1 and tokens[0].startswith("{") and tokens[0].endswith(":") and "{" + tokens[0].strip("{}:") + "}:" in text:
        # "{strike}: {uchr} на 2", "{strike}: Начинает бой с {counter}": an icon label left in
        # the leaf — the effect is what follows it
        sub = classify(text.split(":", 1)[1], name, keyword)
        if sub[0] is not None:
            return sub
    lemmas = [_lemma(t) if not t.startswith("{") and not _NUMERIC_START.match(t) else t for t in tokens]
    icons = [t.strip("{}:") for t in tokens if t.startswith("{")]
    args: dict[str, Any] = {}
    # a modifier: "+1 к {strike}", "-1 от выстрелов", "+X к удару"
    first = tokens[0]
    if _SIGNED.fullmatch(first):
        stat_words = tokens[1:4]
        args["amount"] = {"n": None if first[1:] == "X" else int(first), "x": first[1:] == "X", "range": None}
        for t in stat_words:
            if t.startswith("{"):
                args["stat"] = t.strip("{}:")
                break
            if t.casefold() not in ("к", "от", "на"):
                args["stat"] = _lemma(t)
                break
        args["direction"] = "from" if len(tokens) > 1 and tokens[1].casefold() == "от" else "to"
        return "modify", args
    # an icon-only keyword ability: "{unq}", "{regen}-1", "{armor} 2"
    if icons and not words and tokens[0].startswith("{"):
        icon = icons[0]
        if icon in v.by_icon and len(tokens) > 1:
            act = v.by_icon[icon]
            amt = _amount(tokens[1:])
            return act, {"icon": icon, **({"amount": amt} if amt else {})}
        args = {"icon": icon}
        amt = _amount(tokens[1:])
        if amt:
            args["amount"] = amt
        return "trait", args
    # an icon ability with words after it: "{direct} по героям", "{ova} 2, пока …" (a value
    # written after the icon makes it one even with a verb later: "{ova} 2 по картам, на
    # которые … двигался")
    if tokens[0].startswith("{") and icons[0] not in ("tap", "counter", "token", "tok", "instant") and len(tokens) > 1 and (
            (icons[0] not in v.by_icon and _NUM.fullmatch(tokens[1])) or tokens[1].casefold() in ("пока", "если")):
        # ("{zoz}, пока стоит рядом с …": a property icon under a condition written after it)
        return "trait", {"icon": icons[0], **({"amount": _amount(tokens[1:2])} if _amount(tokens[1:2]) else {})}
    if tokens[0].startswith("{") and icons[0] not in ("tap", "counter", "token", "tok", "instant") and not (
            icons[0] in v.by_icon and len(tokens) > 1 and tokens[1].casefold() == "на") and not any(
            lexicon.is_predicate(w) for w in words):
        amt = _amount(tokens[1:2])
        return "trait", {"icon": icons[0], **({"amount": amt} if amt else {})}
    if len(tokens) > 2 and tokens[0].casefold() == "только" and tokens[1].casefold() == "для" \
            and not any(lexicon.is_predicate(w) for w in words):
        # "Только для слуа", "Только для горных карт" (equipment): who may have the card
        return "restrict", {"only": " ".join(tokens[2:])}
    granted = _GRANTED_LABEL.search(text)
    trig = _GRANTED_TRIGGER.search(text)
    if granted is None and trig is not None and any(lexicon.is_infinitive(w) for w in _TOKEN.findall(text[trig.end():])
                                                    if w[:1].isalpha()):
        # "оно получает при перемещении потерять отравление до конца своего хода": a triggered
        # ability (its event, then what it does) is granted, not done now
        return "gain", {"granted": " ".join(text[trig.start(1):].split())}
    if granted is not None:
        # "… получают: Концентрация: Фарро получает +1 …": an ability with its own label is granted
        return "gain", {"granted": granted.group(1)}
    if "нельзя" in (w.casefold() for w in words) and not any(t.startswith("«") for t in tokens):
        # "использовать прыжок или телепортацию нельзя", "Нельзя излечивать": a prohibition
        what = next((c for w in words if lexicon.is_infinitive(w) and w.casefold() != "нельзя"
                     for c in v.by_verb.get(_lemma(w), [])[:1]), None)
        return "restrict", ({"what": what} if what else {})
    # class / race labels; an equipment class alone («Доспех.», 212.4)
    if len(words) == 1 == len(tokens) and (_lemma(words[0]) in v.equipment_classes
                                          or words[0].casefold() in v.equipment_classes):
        return "class", {"equipment_class": words[0]}
    if 0 < len(words) <= 3 and len(words) == len(tokens) and (_lemma(words[0]) in v.classes or words[0].casefold() in v.classes) \
            and not any(lexicon.is_predicate(w) for w in words):
        return "class", {"classes": [w for w in words]}
    if ("бросок" in lemmas or "результат" in lemmas or "кубик" in lemmas) and _sets_roll(re.findall(r"[А-Яа-яЁё]+", _ASIDE.sub(" ", text))):
        amt = _amount(tokens)
        return "roll_result", {**({"amount": amt} if amt else {})}
    # a keyword ability named by its leaf («Безответный удар», «Опыт в метании», «Защита
    # от безответных ударов»): a trait, even when a later word names an attack
    if keyword is None and words and lemmas[0] in v.keywords and "на" not in (w.casefold() for w in words):
        keyword = " ".join(words[:3])   # "безответный удар по существам с …": maybe a keyword's name
    clause = next((k for k, w in enumerate(words) if w.casefold() in ("пока", "если", "когда")), len(words))
    if lemmas[0] in _TRAIT_NOUNS and len(words) <= 2 and all(
            w.casefold() == "на" for w in words[1:]) and _NUM_OR_X.fullmatch(tokens[-1]):
        # "Отравление на 2" written alone: the card's keyword ability (it poisons what it
        # strikes), not a poison done now (in a trigger's or a paid body: ``_done_keyword``)
        keyword = keyword or words[0]
        return "trait", {"keyword": keyword, "amount": _amount(tokens[1:])}
    if keyword and (lemmas[0] in v.keywords or tokens[0].casefold() in v.keywords) and (
            not v.by_noun.get(lemmas[0]) or (lemmas[0] in _TRAIT_NOUNS and len(words) == 1)) \
            and not any(lexicon.is_predicate(w) for w in words[:clause]):
        # ("Безответный удар, пока имеет больше 10 {health}": the trait under a condition)
        amt = _amount(tokens[1:])
        return "trait", {"keyword": keyword, **({"amount": amt} if amt else {})}
    # find the action word, skipping a named effect's words
    skip = 0
    if lemmas[0] in _NAMED_WORDS:
        skip = 1
    # «на 1 рану больше от отравления», «на 2 раны меньше»: a modifier of the wounds taken
    more = _more_wounds(tokens, lemmas) if "больше" in text or "меньше" in text else None
    if more is not None:
        return "modify", more
    # "Ваши существа с выстрелом … получают +1 к дальности": a grant verb with a signed
    # number is a modifier of its subject, whatever nouns the subject names
    # not the words of a granted ability or a marker in «»
    unquoted = len(_TOKEN.findall(text.split("«")[0])) if "«" in text else len(tokens)
    quoted = _quoted_mask(text) if "«" in text else ()
    for i in range(skip, min(len(tokens), unquoted) - 1):
        j = i + 1
        while j < len(tokens) - 1 and tokens[j].casefold() in _UNTIL_WORDS:
            j += 1      # "получает до конца хода противника +1 к {strike}"
        if lemmas[i] in _GAIN_LEMMAS and (lexicon.is_finite_verb(tokens[i]) or lexicon.is_infinitive(tokens[i])) \
                and _SIGNED.fullmatch(tokens[j]):
            sub_action, sub_args = classify(" ".join(tokens[j:]), name)
            if sub_action == "modify":
                tgt = _target(tokens[:i], i - 1, name, False) if i else None
                sub_args["target"] = tgt or {"who": "self", "owner": None, "kind": None, "restrictions": []}
                return "modify", sub_args
            break
    priced = None
    if "стоить" in lemmas or "тратить" in lemmas:
        bare = _TOKEN.findall(_ASIDE.sub(" ", text))    # not "(этот демон стоит на 3 кристалла меньше)"
        priced = _cost_change(bare, [_lemma(t) for t in bare], name)
    if priced is not None:
        return priced
    started = _starts_with(tokens, lemmas, name)
    if started is not None:
        return started

    related = _relative_mask(text) if "котор" in text else ()
    found: tuple[int, str] | None = None
    negated = False
    qualifier = False     # inside a noun's qualifier «с выстрелом, метанием или разрядом»
    for i in range(skip, len(tokens)):
        t, lem = tokens[i], lemmas[i]
        if i < len(related) and related[i]:
            continue    # "клетка, на которой стоит Йети, получает …": the relative clause's words
        if i > skip and t[:1].isupper() and not t.startswith("{") and (
                lexicon.is_preposition(tokens[i - 1]) or _stem_match(t, name)):
            continue    # "атаки по Вереселеню сводятся …": a name, even one that looks like a verb
        if not t.startswith("{") and not lexicon.is_predicate(t) and i > skip and (
                tokens[i - 1].casefold() in _QUALIFIER_PREPS or (qualifier and tokens[i - 1].casefold() in ("или", "и"))
                or (qualifier and lexicon.is_noun(tokens[i - 1]))):
            qualifier = qualifier or tokens[i - 1].casefold() in _QUALIFIER_PREPS
            if qualifier and v.by_noun.get(lem):
                continue    # "существа с выстрелом": the noun qualifies, it is not the effect
        else:
            qualifier = False
        if i > skip and lemmas[i - 1] in _PARAMETER_HEADS and v.by_noun.get(lem) and not lexicon.is_predicate(t):
            continue    # "Дальность метания … не может быть изменена": the noun names whose parameter
        if t.startswith("{"):
            icon = t.strip("{}:")
            if icon in v.by_icon and v.by_icon[icon] in ("strike", "shot") and i + 1 < len(tokens) \
                    and tokens[i + 1].casefold() == "на":
                found = (i, v.by_icon[icon])
                args["icon"] = icon
                break
            continue
        if lem in ("не", "нельзя") and i + 1 < len(tokens):
            negated = True
            continue
        if lem in _GAIN_LEMMAS and i + 1 < len(tokens) and tokens[i + 1].casefold() == "не" \
                and not (i + 1 < len(quoted) and quoted[i + 1]):
            continue    # "получает Не может передвигаться до конца хода": the restriction it gets
        if lem == "быть" and i and lexicon.is_modal(tokens[i - 1]) and i + 1 < len(tokens) \
                and v.by_verb.get(lemmas[i + 1]):
            # "может быть излечена", "Не может быть вызван": a passive after a modal — what may
            # (or may not) be done to the card
            what = next((c for c in v.by_verb[lemmas[i + 1]]
                         if not v.actions[c].get("needs") or any(n in lemmas for n in v.actions[c]["needs"])), None)
            if what is not None:
                neg = negated or (i >= 2 and tokens[i - 2].casefold() == "не")
                rest = tokens[i + 2:]
                only = any(w.casefold() == "только" and k + 1 < len(rest) and (
                    lexicon.is_preposition(rest[k + 1]) or rest[k + 1].startswith("{")) for k, w in enumerate(rest))
                # ("может быть помещена только на существо с …": where it may go, a restriction)
                return ("restrict" if neg or only else "permission"), {"what": what, "passive": True}
        pred = lexicon.is_predicate(t)
        cands = v.by_verb.get(lem, []) if pred else v.by_noun.get(lem, [])
        if not cands and lexicon.is_modal(t):
            continue
        if cands and not pred and _subject_of_later_verb(tokens, lemmas, i):
            continue    # "следующий магический удар Финириарха сводится к сильному": the noun is the subject
        for c in cands:
            needs = v.actions[c].get("needs")
            if needs and not any(n in lemmas for n in needs):
                continue
            found = (i, c)
            break
        if found:
            break
        if lexicon.is_predicate(t) and lem not in ("мочь",) and not lexicon.is_modal(t):
            # an unknown verb: the effect is not typed (never guessed from a later word),
            # except inside the unquoted name of a named effect ("Воздействие натравить
            # сову закрыть …": the name comes first, then the effect's verb)
            if not negated and not skip:
                break
    if found is not None and not negated and _permits(tokens, found[0]):
        # "Может двигаться по диагонали", "Могут нападать {strike} два раза за ход": a
        # standing permission (an imperfective verb after «может»), not a one-time action
        what = found[1]
        rest = tokens[found[0] + 1:]
        if what in ("attack", "perform") and lemmas[found[0]] in _DECLARE_LEMMAS | {"совершать", "совершить"}:
            # "Может объявлять движение на клетку …", "Может объявлять {shot} через …": what
            # is permitted is the act the verb's object names
            sub, _ = classify(" ".join(tokens[found[0]:]), name)
            if sub and sub not in ("trait", "permission", "restrict"):
                what = sub
        if any(t.casefold() == "только" and k + 1 < len(rest) and (lexicon.is_preposition(rest[k + 1])
                                                                  or rest[k + 1].startswith("{"))
               for k, t in enumerate(rest)):
            return "restrict", {"what": what}     # "могут объявлять атаки только по Пугалу": a restriction
        amt = _amount(rest)
        tgt = _target(rest, -1, name, False)
        return "permission", {"what": what, **({"target": tgt} if tgt else {}), **({"amount": amt} if amt else {})}
    if negated and found is not None and found[0] >= 2 and tokens[found[0] - 1].casefold() == "не" \
            and tokens[found[0] - 2].casefold() in ("может", "могут", "можете") \
            and not (found[0] >= 3 and tokens[found[0] - 3].casefold() == "не"):
        # "Хозяин может не открываться в свой ход": leave to the player not to do it
        return "permission", {"what": found[1], "negated": True}
    if negated and found is not None and found[1] == "gain" and lemmas[found[0]] in ("иметь", "обладать") \
            and found[0] >= 1 and tokens[found[0] - 1].casefold() == "не":
        # "Не имеет особенностей": the card is without them (a standing loss), not a «не может»
        rest = tokens[found[0] + 1:]
        kw = next((_lemma(t) for t in rest if not t.startswith("{") and lexicon.is_noun(t)), None)
        return "lose", {**({"keyword": kw} if kw else {}),
                        "target": _target(tokens[:found[0] - 1], found[0] - 2, name, False)
                        or {"who": "self", "owner": None, "kind": None, "restrictions": []}}
    if negated and (found is None or found[0] > 0):
        verb = found[1] if found else None
        return "restrict", {"what": verb} if verb else {}
    if found is None:
        if lemmas and (lemmas[0] in v.keywords or tokens[0].casefold() in v.keywords) and not _own_predicate(text):
            # (a keyword's name with no verb of its own: "Опыт в стрельбе +2 по картам, рядом с
            # которыми …"; not "Первая за ход … атака … перенаправляется …", whose verb is unknown)
            kw = keyword or " ".join(words[:3])
            amt = _amount(tokens[1:])
            return "trait", {"keyword": kw, **({"amount": amt} if amt else {})}
        if _ONLY_WAY.search(text):
            # "может использовать трупоедство только на {ordinary} существах": how the card may use
            # what it has — a restriction, whatever the verb
            return "restrict", {}
        return None, {}
    i, action = found
    if action == "modify":
        # "Усилить следующий удар стоящего рядом йордлинга на 2": +N to the object's stat
        stat = next((lemmas[k] for k in range(i + 1, len(tokens))
                     if not tokens[k].startswith("{") and lexicon.is_noun(tokens[k])), None)
        stat = stat or next((t.strip("{}:") for t in tokens[i + 1:] if t.startswith("{")), None)
        amt = _amount(tokens[i + 1:])
        out: dict[str, Any] = {"direction": "to", **({"stat": stat} if stat else {}), **({"amount": amt} if amt else {})}
        tgt = _target(tokens[i + 1:], -1, name, False)
        if tgt:
            out["target"] = tgt
        return "modify", out
    if action in ("gain", "lose") and i + 1 < len(quoted) and quoted[i + 1]:
        # "до конца хода он получает «+1 к {strike}. Может нападать …»": the ability in
        # quotes is granted whole (gain of that ability), not a modifier of its first words
        tgt = _target(tokens[:i], i - 1, name, False) if lexicon.is_finite_verb(tokens[i]) and i else None
        m = re.search(r"«(.*)»", text)
        return action, {"ability": m.group(1) if m else "",
                        "target": tgt or {"who": "self", "owner": None, "kind": None, "restrictions": []}}
    if action in ("gain", "lose") and i + 1 < len(tokens) and _SIGNED.fullmatch(tokens[i + 1]):
        # "получает -1 к {strike}", "получить +2 к удару": a modifier of that card
        sub_action, sub_args = classify(" ".join(tokens[i + 1:]), name)
        if sub_action == "modify":
            subject = tokens[:i]
            tgt = _target(subject, len(subject) - 1, name, False) if subject else None
            sub_args["target"] = tgt or {"who": "self", "owner": None, "kind": None, "restrictions": []}
            return "modify", sub_args
    if action == "attack" and lemmas[i] in _DECLARE_LEMMAS and i + 1 < len(tokens):
        nxt = next((k for k in range(i + 1, min(len(tokens), i + 3)) if _lemma(tokens[k]) not in _PRONOUN_OBJECTS
                    and not (k > i + 1 and tokens[k - 1].casefold() in ("по",))), i + 1)
        icon = tokens[nxt].strip("{}:") if tokens[nxt].startswith("{") else None
        if icon and v.by_icon.get(icon) in ("strike", "shot"):
            action = v.by_icon[icon]      # "объявить {uchr} на 1", "объявить {shot} на 3 в атакованного"
            args["icon"] = icon
        elif lemmas[nxt] in _DECLARED_ABILITIES:
            # "объявить воздействие «сила болот»", "объявить его особенность вальхаллы": the
            # named effect or ability is used, not an attack
            m = re.search(r"«([^«»]*)»", text)
            return "perform", {"what": lemmas[nxt], **({"named": m.group(1)} if m else {})}
    becomes = v.actions[action].get("becomes") or {}
    in_phrase = False   # inside a prepositional phrase ("наносит по стоящей рядом карте {strike}")
    for k, (t, lem) in enumerate(zip(tokens[i + 1:i + 9], lemmas[i + 1:i + 9]), start=i + 1):
        if k < len(quoted) and quoted[k]:
            break           # "получает «незаживающие раны»": a named marker, not wounds
        key = t.strip("{}:") if t.startswith("{") else lem
        if key in becomes and not in_phrase:
            if key == "рана" and k > i + 1 and lemmas[k - 1] == "незаживающий":
                break       # "получает незаживающие раны": a status, not wounds
            action = becomes[key]
            break
        if action == "wound" and _AMOUNT_TOKEN.fullmatch(t):
            break           # "ранит его на 2 (воздействие удар …)": the amount ends the object
        if _AMOUNT_TOKEN.fullmatch(t):
            in_phrase = False   # "получить на 1 {counter} больше": a count, then what is counted
        elif not t.startswith("{") and lexicon.is_preposition(t):
            in_phrase = True
        elif in_phrase and _lemma(t) in _PRONOUN_OBJECTS:
            in_phrase = False   # "объявить по нему особый удар": the pronoun ends the phrase
        elif not t.startswith("{") and lexicon.is_noun(t):
            if not in_phrase:
                break       # "получают защиту от ран": the first noun is the object, not a later one
            in_phrase = False
    if action == "wound" and lemmas[i] in _GAIN_LEMMAS and any(t.casefold() == "только" for t in tokens[i + 1:]):
        return "restrict", {"what": "wound"}    # "получает раны только от хозяина": a restriction
    rest = tokens[i + 1:]
    amt = _amount(rest)
    if amt:
        args["amount"] = amt
    reflexive = tokens[i].casefold().endswith(("ся", "сь"))
    subject = tokens[:i] if lexicon.is_finite_verb(tokens[i]) else []
    tgt = _target(subject + rest, len(subject) - 1, name, reflexive)
    if tgt is None and (lexicon.is_finite_verb(tokens[i]) or lemmas[i] in _SELF_VERBS):
        # "получает +1 …", "получить 2 раны", "потерять {counter}": the card itself
        tgt = {"who": "self", "owner": None, "kind": None, "restrictions": []}
    if tgt is not None:
        args["target"] = tgt
    if action in ("gain", "lose"):
        got = [t.strip("{}:") for t in rest if t.startswith("{")]
        if got:
            args["icon"] = got[0]
        else:
            kw = [t for t, lem in zip(rest, lemmas[i + 1:]) if lem in v.keywords]
            if kw:
                args["keyword"] = _lemma(kw[0])
    return action, args


# Effect nouns that, written alone as a card's property with its value, name a keyword
# ability («Отравление 1»: the card poisons what it strikes), not an effect done now.
_TRAIT_NOUNS = frozenset({"отравление"})
_GRANT_GAP = re.compile(r"\s*(,|,?\s*и|,?\s*или|,?\s*либо)\s*", re.I)
_SPACED_SIGN = re.compile(r"(?<![\w)])([+\-]) (?=(?:\d+|X) (?:к|от)\b)")
_DASH_MINUS = re.compile(r"(?<![\w–-])[–—]\s?(?=\d+\s+(?:к|от)\b)")
_GAIN_LEMMAS = frozenset({"получить", "получать", "иметь"})
_DECLARE_LEMMAS = frozenset({"объявить", "объявлять"})
_DECLARED_ABILITIES = frozenset({"воздействие", "заклинание", "особенность", "способность"})
_PRONOUN_OBJECTS = frozenset({"он", "она", "оно", "они", "себя", "него", "нее", "неё", "них", "нему", "ней", "ним"})
_UNTIL_WORDS = frozenset({"до", "конца", "хода", "боя", "противника", "своего", "вашего", "следующего", "этого", "либо"})
# prepositions opening a noun's qualifier ("существо с выстрелом", "карты без брони")
_QUALIFIER_PREPS = frozenset({"с", "со", "без", "обладающий"})


_COUNT_WORDS = {"одну": "1", "один": "1", "две": "2", "два": "2", "три": "3"}


_RELATIVE = re.compile(r",\s*(?:[А-Яа-яЁё]+\s+){0,2}котор[А-Яа-яЁё]*[^,;.]*", re.I)
_ASIDE = re.compile(r"\([^()]*\)|«[^«»]*»")


def _relative_mask(text: str) -> list[bool]:
    """For each token of ``text`` (``_TOKEN``): is it inside a relative clause «…, на
    которой стоит Йети, …» (its verb is the clause's, not the effect's)?"""
    spans = [m.span() for m in _RELATIVE.finditer(text)]
    return [any(a <= m.start() < b for a, b in spans) for m in _TOKEN.finditer(text)]


def _own_predicate(text: str) -> bool:
    """Does ``text`` have a verb outside brackets, quotes and relative clauses?"""
    bare = _RELATIVE.sub(" ", _ASIDE.sub(" ", text))
    return any(lexicon.is_predicate(w) for w in re.findall(r"[А-Яа-яЁё]+", bare))


def _cost_change(tokens: list[str], lemmas: list[str], name: str | None) -> tuple[str, dict[str, Any]] | None:
    """«Присягнувшая стоит на X {ordinary} меньше», «ваша местность стоит на 1 кристалл
    меньше», «вы тратите на 2 {elite} меньше при наборе …»: a modifier of what a card costs
    (``stat`` стоимость, signed ``amount``); ``None`` for other texts."""
    for k, lem in enumerate(lemmas):
        if lem not in ("стоить", "тратить") or k + 2 >= len(tokens) or tokens[k + 1].casefold() != "на":
            continue
        amount = tokens[k + 2]
        if not _NUM_OR_X.fullmatch(amount):
            return None
        sign = next((t.casefold() for t in tokens[k + 3:k + 7] if t.casefold() in ("меньше", "больше")), None)
        if sign is None:
            return None
        n = None if amount == "X" else int(amount) * (1 if sign == "больше" else -1)
        args: dict[str, Any] = {"amount": {"n": n, "x": amount == "X", "range": None}, "stat": "стоимость",
                                "direction": "to"}
        tgt = _target(tokens[:k], k - 1, name, False) if k and lem == "стоить" else None
        args["target"] = tgt or {"who": "self", "owner": None, "kind": None, "restrictions": []}
        return "modify", args
    return None


def _sets_roll(words: list[str]) -> bool:
    """«следующий бросок кубика … равен 6», «… броска кубика ваших карт равны этим
    значениям», «сделать результатом сражения …» (``words`` outside brackets and quotes):
    the result of a roll or battle is set (grammar/effects.yaml roll_result) — as the
    leaf's first act, with no verb of another act before it."""
    v = vocabulary()
    lemmas = [_lemma(w) for w in words]
    for k, lem in enumerate(lemmas):
        if lem in v.roll_changing and k < 2 and any(x in ("бросок", "кубик") for x in lemmas[k + 1:k + 5]):
            return True     # "изменить между собой эти броски", "перевернуть кубик на …"
        if lem == "результат" and k and lemmas[k - 1] in v.roll_making:
            return not any(lexicon.is_predicate(w) for w in words[:k - 1])
        if lem == "бросок" and any(x in v.roll_equal for x in lemmas[k + 1:k + 12]):
            return not any(lexicon.is_predicate(w) for w in words[:k])
    return False


_START_NOUNS = frozenset({"бой", "игра"})


def _starts_with(tokens: list[str], lemmas: list[str], name: str | None) -> tuple[str, dict[str, Any]] | None:
    """«Начинает бой с {counter}», «начинает бой с 2 дополнительными {health}», «Начинает
    бой с 4 ранами», «начинает игру с +X к {strike}»: what the card has when the battle
    starts — counters, gain (extra lives, a keyword), wound or modify, with ``when``
    "battle_start"; ``None`` for other texts."""
    for i in range(len(tokens) - 3):
        if lemmas[i] in ("начинать", "начать") and lemmas[i + 1] in _START_NOUNS \
                and tokens[i + 2].casefold() in ("с", "со"):
            break
    else:
        return None
    v = vocabulary()
    if i > 3 or any(v.by_noun.get(lem) or v.by_verb.get(lem) for lem in lemmas[:i]):
        return None     # the words of another effect come first (a missed split): not this one
    rest = tokens[i + 3:]
    subject = tokens[:i]
    tgt = (_target(subject, len(subject) - 1, name, False) if subject else None) \
        or {"who": "self", "owner": None, "kind": None, "restrictions": []}
    if _SIGNED.fullmatch(rest[0]):
        sub_action, sub_args = classify(" ".join(rest), name)
        if sub_action == "modify":
            return "modify", {**sub_args, "target": tgt, "when": "battle_start"}
        return None
    amt = _amount(rest)
    args: dict[str, Any] = {"target": tgt, "when": "battle_start", **({"amount": amt} if amt else {})}
    for t in rest[:4]:
        lem = _lemma(t) if not t.startswith("{") else t.strip("{}:")
        if lem in ("counter", "token", "tok", "фишка", "жетон"):
            return "counters", args
        if lem == "рана":
            return "wound", args
        if lem in ("health", "жизнь"):
            return "gain", {**args, "icon": "health"}
    kw = [_lemma(t) for t in rest if _lemma(t) in vocabulary().keywords]
    if kw:
        return "gain", {**args, "keyword": kw[0]}
    return None


def _quoted_mask(text: str) -> list[bool]:
    """For each token of ``text`` (``_TOKEN``): is it inside «…»?"""
    spans = [m.span() for m in re.finditer(r"«[^«»]*»", text)]
    return [any(a <= m.start() < b for a, b in spans) for m in _TOKEN.finditer(text)]


def _more_wounds(tokens: list[str], lemmas: list[str]) -> dict[str, Any] | None:
    """«получают на 1 рану больше от отравления», «получает от отравления на 2 раны
    больше», «на 1 рану меньше»: a modifier of the wounds taken (``stat`` рана, signed
    ``amount``); ``None`` otherwise."""
    for k in range(len(tokens) - 2):
        count = _COUNT_WORDS.get(tokens[k + 1].casefold(), tokens[k + 1])
        if tokens[k].casefold() == "на" and _NUM_OR_X.fullmatch(count) and lemmas[k + 2] == "рана" \
                and k + 3 < len(tokens) and tokens[k + 3].casefold() in ("больше", "меньше"):
            n = None if count == "X" else int(count) * (1 if tokens[k + 3].casefold() == "больше" else -1)
            args: dict[str, Any] = {"amount": {"n": n, "x": count == "X", "range": None}, "stat": "рана",
                                    "direction": "to"}
            tgt = _target(tokens[:k], k - 1, None, False)
            if tgt:
                args["target"] = tgt
            return args
    return None


def _subject_of_later_verb(tokens: list[str], lemmas: list[str], i: int) -> bool:
    """Is the effect noun at ``tokens[i]`` the subject of a later finite verb that names an
    action of its own ("следующий магический удар … сводится к сильному", "атаки по Вилиму
    сводятся к 1"), not the effect itself («Разряд на 2», «удар на 1-2-2»)?"""
    v = vocabulary()
    if i + 1 < len(tokens) and (tokens[i + 1].casefold() == "на" or _AMOUNT_TOKEN.fullmatch(tokens[i + 1])):
        return False
    if not lexicon.may_be_nominative(tokens[i]):
        return False
    for k in range(i + 1, min(len(tokens), i + 9)):
        if tokens[k].casefold() == "на" or _AMOUNT_TOKEN.fullmatch(tokens[k]):
            return False    # "Выстрел огненной стрелой на 5 (игнорирует …)": the effect's own amount
        if lexicon.is_finite_verb(tokens[k]):
            return bool(v.by_verb.get(lemmas[k]))
    return False


def _permits(tokens: list[str], i: int) -> bool:
    """Is the verb at ``tokens[i]`` an imperfective infinitive right after «может» /
    «могут» / «можете» (not «не может»): a standing permission?"""
    from bot.abilities.postlex import _one_time

    if i < 1 or tokens[i - 1].casefold() not in ("может", "могут", "можете"):
        return False
    if i >= 2 and tokens[i - 2].casefold() == "не":
        return False
    return lexicon.is_infinitive(tokens[i]) and not _one_time(tokens[i])


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return ("__list__",) + tuple(_freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Args as stored on a frozen node -> plain dicts and lists (for JSON)."""
    if isinstance(value, tuple):
        if value and value[0] == "__list__":
            return [thaw(v) for v in value[1:]]
        return {k: thaw(v) for k, v in value}
    return value


_with = Node.with_attrs     # the short local name of the one attribute-setting copy


def type_tree(node: Node, name: str | None = None, done: bool = False) -> Node:
    """The tree with every ``effect`` leaf typed (``action``, ``args`` attributes), and
    505.9 marked on an ``and_then`` whose earlier part destroys or returns the card
    itself by its own ``name``. ``done``: the node is the body of a trigger or of a
    paid (activated) ability, where a keyword that names an act («телепортация»,
    «отравление на 1») is that act done then, not a trait of the card."""
    if node.kind == "effect":
        action, args = _classified(node.text, name, node.attr("keyword"))
        leaf = _with(node, action=action, args=args)
        if not done and action in _ARRIVALS and _indicative_verb(node.text, action):
            # "Другие ваши существа инкарнируют в открытом виде": a static ability stating
            # how the act happens whenever it happens, not the act done now
            return _with(node, action="manner", args=_freeze({"what": action, **thaw(args)}))
        return _done_keyword(leaf) if done else leaf
    inner = done or node.kind in ("trigger", "cost")
    kids = tuple(type_tree(c, name, inner) for c in node.children)
    if node.kind == "condition" and node.attr("head"):
        kids = tuple(_obliged(node.attr("head"), k, name) for k in kids)
    if node.kind in ("and_then", "choice"):
        kids = _elided_modifiers(node, kids, name)
    if node.kind == "and_then":
        kids = _elided_verbs(kids, name)
    if node.kind in ("and_then", "choice", "optional"):
        kids = _granted_keywords(node, kids)
    elif node.kind == "cases" and all(k.kind == "condition" and len(k.children) == 1 and k.children[0].kind == "effect"
                                      for k in kids):
        # "получают благословление, если …, или проклятие, если …": the grant verb of the
        # first case is elided in the next ones
        leaves = _granted_keywords(node, tuple(k.children[0] for k in kids), gaps=False)
        kids = tuple(replace(k, children=(leaf,)) for k, leaf in zip(kids, leaves))
    out = replace(node, children=kids)
    if node.kind == "and_then" and not node.attr("self_source") and name:
        for c in kids[:-1]:
            if c.kind == "effect" and c.attr("action") in ("destroy", "return_to_deck"):
                tgt = thaw(c.attr("args") or ()).get("target") or {}
                if tgt.get("who") == "self":
                    rules = tuple(node.attr("rules") or ()) + ("505.9",)
                    out = _with(out, self_source=True, rules=rules)
                    break
    return out


# "он обязан это сделать", "противник обязана это сделать": the act named by the condition
# over the leaf («Если может напасть {strike} на …», «Если … можно назначить защитника»)
_OBLIGED = re.compile(r"^(?:[А-Яа-яЁё-]+\s+){0,2}?(обязан[аоы]?|долж(?:ен|на|но|ны))\s+(это|так)\s+с?делать\s*$", re.I)
_CONDITION_OPENING = re.compile(r"^(если|пока|когда)\s+(.*?)\b(может|можно|могут|в\s+состоянии)\s+", re.I | re.S)


def _obliged(head: str, leaf: Node, name: str | None) -> Node:
    """``leaf`` typed as the act its condition ``head`` names when the leaf only obliges
    to do «это» ("Если может напасть {strike} на X – обязана это сделать": attack, with
    ``obliged`` true); the leaf unchanged otherwise."""
    if leaf.kind != "effect" or leaf.attr("action") or not _OBLIGED.match(leaf.text):
        return leaf
    m = _CONDITION_OPENING.match(head)
    if m is None:
        return leaf
    action, args = _classified(head[m.end():], name, None)
    if action is None:
        return leaf
    return _with(leaf, action=action, args=_freeze({**thaw(args), "obliged": True}))


@lru_cache(maxsize=20_000)
def _classified(text: str, name: str | None, keyword: str | None) -> tuple[str | None, Any]:
    """``classify`` with frozen args, cached per leaf text (a card's leaves recur across
    cards and parses)."""
    try:
        action, args = classify(text, name, keyword)
    except Exception:  # noqa: BLE001 — typing never breaks a parse
        action, args = None, {}
    return action, _freeze(args)


# Acts of a card coming into play: in a static ability, written in the indicative
# («инкарнирует», «вызываются»), they state how that act happens (action manner).
_ARRIVALS = frozenset({"resurrect", "summon"})


def _indicative_verb(text: str, action: str) -> bool:
    """Is the verb naming ``action`` in ``text`` an indicative finite form («инкарнирует»,
    «инкарнируют»), not an infinitive, an imperative or a verb after «может»?"""
    from bot.morph import analyzer

    verbs = set(vocabulary().actions.get(action, {}).get("verbs") or ())
    words = re.findall(r"[А-Яа-яЁё]+", text)
    for k, w in enumerate(words):
        if _lemma(w) in verbs:
            if k and lexicon.is_modal(words[k - 1]):
                return False
            return lexicon.is_finite_verb(w) and not any(p.tag.mood == "impr" for p in analyzer().parse(w.casefold()))
    return False


def _done_keyword(leaf: Node) -> Node:
    """«При {strike} – прыжок, дальность 2», «{tap}: Воздействие «…» – телепортация, при
    этом – …», «При {strike} – отравление на 1», «При метании – подлость 1»: a keyword that
    names an act (grammar/effects.yaml ``act_keywords``) or an effect noun written as a
    keyword, in the body of a trigger or a paid ability, is the act done then (action move /
    wound / poison, the keyword's value its amount), not a trait the card has."""
    if leaf.kind != "effect" or leaf.attr("action") != "trait":
        return leaf
    first = re.match(r"\s*([А-Яа-яЁё]+)", leaf.text)
    lemma = lexicon.word_lemma(first.group(1)) if first else ""
    acts = vocabulary().act_keywords
    if lemma in acts:
        action = acts[lemma]
    elif lemma in _TRAIT_NOUNS:
        action = vocabulary().by_noun[lemma][0]     # "При {strike} – отравление 1": poison then
    else:
        return leaf
    args = thaw(leaf.attr("args") or ())
    args.pop("keyword", None)
    leaf = replace(leaf, attrs=tuple((k, v) for k, v in leaf.attrs if k not in ("keyword", "value")))
    if action == "move":
        args["target"] = {"who": "self", "owner": None, "kind": None, "restrictions": []}
    elif not args.get("amount"):
        value = re.match(r"\s*[А-Яа-яЁё]+\s*(\d+|X)\b", leaf.text)
        if value:       # "подлость 2": wounds by 2
            n = value.group(1)
            args["amount"] = {"n": None if n == "X" else int(n), "x": n == "X", "range": None}
    return _with(leaf, action=action, args=_freeze(args))


_MODIFIER_HEAD = re.compile(r"^(.*?[+\-]\s?(?:\d+|X)\s+(?:к|от)\s+)\{[a-z0-9_]+\}$", re.S)
# stats a modifier may be written for, listed after it with the sign left out («+1 к {strike} и
# {direct}»); an ability icon after a modifier («получает +1 к {strike} и {ova}») is gained
_BARE_ICON = re.compile(r"^\{(strike|atk|attack|health|move|shot|direct|uchr|regen|armor|stamina)\}$")
_LIST_GAP = re.compile(r"\s*(,|и|,\s*и)\s*")


_ELLIPTIC_AMOUNT = re.compile(r"^(?P<obj>[^–]+?)\s+–\s+(?P<amount>на\s+(?:\d+(?:-\d+)*|X)\b.*)$", re.S)


def _elided_verbs(kids: tuple[Node, ...], name: str | None) -> tuple[Node, ...]:
    """"ранить карты на этой клетке на 3, а карты на соседних клетках – на 1": an untyped leaf of
    an object, a dash and an amount is the previous leaf's act on that object (the dash stands
    for its verb), typed as that verb with this object and amount."""
    out: list[Node] = []
    for j, k in enumerate(kids):
        m = _ELLIPTIC_AMOUNT.match(k.text) if k.kind == "effect" and not k.attr("action") else None
        prev = out[-1] if out else None
        if m and prev is not None and prev.kind == "effect" and prev.attr("action"):
            verb = next((w for w in re.findall(r"[А-Яа-яЁё]+", prev.text) if lexicon.is_predicate(w)
                         and vocabulary().by_verb.get(_lemma(w))), None)
            if verb is not None:
                action, args = _classified(f"{verb} {m.group('obj')} {m.group('amount')}", name, None)
                if action == prev.attr("action"):
                    k = _with(k, action=action, args=args)
        out.append(k)
    return tuple(out)


def _elided_modifiers(parent: Node, kids: tuple[Node, ...], name: str | None) -> tuple[Node, ...]:
    """"+1 к {strike} и {direct}", "-1 от {shot}, {direct} и {uchr}": a bare stat icon listed
    right after a modifier of another stat is that modifier's sign, number and «к»/«от» for
    this stat (action modify, stat the icon), not a trait of the card."""
    out: list[Node] = []
    head = None
    for j, k in enumerate(kids):
        if j and head is not None and k.kind == "effect" and _BARE_ICON.match(k.text) and _LIST_GAP.fullmatch(
                parent.text[kids[j - 1].span[1] - parent.span[0]:k.span[0] - parent.span[0]]):
            action, args = _classified(head + k.text, name, None)
            if action == "modify":
                k = replace(k, attrs=tuple((a, v) for a, v in k.attrs if a != "keyword"))
                k = _with(k, action=action, args=args)
                out.append(k)
                continue
        m = _MODIFIER_HEAD.match(k.text) if k.kind == "effect" else None
        head = m.group(1) if m else None
        out.append(k)
    return tuple(out)


def _granted_keywords(parent: Node, kids: tuple[Node, ...], gaps: bool = True, granting: bool = False
                      ) -> tuple[Node, ...]:
    """"получает +1 к {move}, благословление и +2 к {strike}", "получает отравление на 1, либо
    проклятие": a bare keyword leaf after a sibling whose verb grants («получает», «получить»,
    «имеет») is granted by that verb — action gain with the keyword — not a trait of the card
    (also inside a later option of two values: "получить либо +1 к {strike}, либо полет и {ova} 1";
    ``granting``: a grant verb stands before ``kids``)."""
    out: list[Node] = []
    for j, k in enumerate(kids):
        if granting and k.kind == "and_then" and k.children and all(c.kind == "effect" for c in k.children) \
                and parent.kind == "choice":
            k = replace(k, children=_granted_keywords(k, k.children, granting=True))
            out.append(k)
            continue
        if gaps and j and not _GRANT_GAP.fullmatch(parent.text[kids[j - 1].span[1] - parent.span[0]:k.span[0] - parent.span[0]]):
            granting = False    # only a list of the same clause ("…, A и B"), not "при этом" / ";"
        if k.kind == "effect":
            words = [lexicon.word_lemma(w) for w in re.findall(r"[А-Яа-яЁё]+", k.text)]
            quoted = re.match(r"\s*«([^«»]*)»", k.text)
            if granting and quoted:
                # "получает +1 к {move} и «Может двигаться по диагонали»": a granted ability
                k = _with(k, action="gain", args=_freeze({"ability": quoted.group(1)}))
            elif granting and k.attr("action") == "trait" and (k.attr("keyword") or _names_trait(k)) and not any(
                    lexicon.is_predicate(w) for w in re.findall(r"[А-Яа-яЁё]+", re.sub(r"\([^()]*\)", " ", k.text))):
                # ("либо проклятие (если уже имеет отравление)": the words in brackets are
                # the option's condition, not its verb)
                args = thaw(k.attr("args") or ())
                noun = vocabulary().by_noun.get(words[0], []) if words else []
                if noun:    # "получает проклятие и отравление 1": the poison itself
                    args.pop("keyword", None)
                args["target"] = {"who": "self", "owner": None, "kind": None, "restrictions": []}
                k = _with(k, action=noun[0] if noun else "gain", args=_freeze(args))
            elif granting and k.attr("action") is None and (k.text[:1].isdigit() or k.text.startswith("X ")):
                # "получает +1 к {strike} и 2 дополнительные {health}": the grant verb is elided
                action, args = _classified("получить " + k.text, None, None)
                if action in ("gain", "counters"):
                    k = _with(k, action=action, args=args)
            elif any(w in _GAIN_LEMMAS for w in words[:8]):
                granting = True
        out.append(k)
    return tuple(out)


def _names_trait(leaf: Node) -> bool:
    """Does a ``trait`` leaf name a keyword or an icon ability (its args)?"""
    args = thaw(leaf.attr("args") or ())
    return isinstance(args, dict) and bool(args.get("keyword") or args.get("icon"))


def is_typed(node: Node | None) -> bool:
    """Every effect leaf of ``node`` has an action."""
    if node is None:
        return False
    leaves = [n for n in node.walk() if n.kind == "effect"]
    return bool(leaves) and all(n.attr("action") for n in leaves)


__all__ = ["classify", "type_tree", "is_typed", "thaw", "vocabulary", "Vocabulary"]


def target_of(text: str, name: str | None = None) -> dict[str, Any] | None:
    """The target spec (``{who, owner, kind, restrictions}``, as ``args.target``) of a phrase
    of card text alone — «на другое ваше существо» -> ``{who: own, owner: own, kind:
    creature, …}`` — or ``None`` when it names none. The destination of a placement is read
    with it (``bot.sim.ability``: the words after «на» are where the card goes)."""
    tokens = _TOKEN.findall(text)
    return _target(tokens, -1, name, False) if tokens else None
