"""The rule language of ``grammar/rule_language.yaml`` as lookup tables, loaded once per process.

Every word is folded (``bot.textnorm.fold``); a missing or malformed file raises
``bot.errors.RulebookError`` naming it (the file ships with the bot).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from bot.textnorm import fold

FILE = "rule_language.yaml"


@dataclass(frozen=True)
class RuleLanguage:
    """Tables of the rule-sentence reader: modal lemma -> modality (``can`` / ``cannot`` /
    ``must`` / ``is``), phrase modals (tuple of folded words -> modality), the ``only`` and
    ``limit`` words, consequence verbs, condition / exception openers, override phrases
    (tuples of lemmas), aspect pairs (perfective -> imperfective), antonym pairs, ignored
    lemmas, kept prepositions, «what happens» verbs, number words -> int, «дважды» words ->
    (count, noun) and the openers of a reason clause («поэтому»)."""

    personal: dict[str, str]
    impersonal: dict[str, str]
    state: dict[str, str]
    phrases: dict[tuple[str, ...], str]
    only: frozenset[str]
    limit: frozenset[str]
    consequence: frozenset[str]
    condition: frozenset[str]
    exception: frozenset[str]
    override: tuple[tuple[str, ...], ...]
    aspect: dict[str, str]
    antonyms: dict[str, str]
    ignore: frozenset[str]
    keep_prepositions: frozenset[str]
    what_happens: frozenset[str]
    numbers: dict[str, int]
    times: dict[str, tuple[int, str]]
    reason: frozenset[str]
    synonyms: dict[str, str] = field(default_factory=dict)
    terms: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = field(default_factory=dict)
    broader: dict[str, frozenset[str]] = field(default_factory=dict)
    light: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()
    """Nouns naming the role a card plays in an act («цель», «защитник»): «быть целью атаки»
    asks about that role, so a rule that does not name it does not decide (``role_nouns``)."""
    filler: frozenset[str] = frozenset()
    implicit: frozenset[str] = frozenset()
    default_conditions: tuple[frozenset[str], ...] = ()
    widening: tuple[tuple[str, ...], ...] = ()
    lower_limit: frozenset[str] = frozenset()
    upto: frozenset[str] = frozenset()
    count_words: frozenset[str] = frozenset()
    limit_verbs: frozenset[str] = frozenset()
    people: frozenset[str] = frozenset()
    where_words: frozenset[str] = frozenset()
    """Question words asking a place or whose it is («куда», «где», «чей»)."""
    """Animate nouns that name people, not creatures («друг», «судья»)."""
    """«X не может превышать N»: the same as «не более N»."""
    collocations: dict[str, dict[str, str]] = field(default_factory=dict)
    """noun concept -> {verb concept as read: the verb concept it means next to that noun}
    («защитник»: {«поставить»: «назначить»})."""
    exclusive: frozenset[str] = frozenset()
    """Concepts of an antonym pair of which a thing is always one («вверх» / «вниз» of a
    rounding): a rule stating one answers «нет» for the other."""
    means: frozenset[str] = frozenset()
    """Concepts naming by what an action is done, in the instrumental («абилкой»): a
    circumstance of a question, not a word a rule must name."""
    owners: frozenset[str] = frozenset()
    owner_implies: dict[str, str] = field(default_factory=dict)
    """Owner concept -> what a question naming it names with it («противник» -> «отряд»: his
    cards are his squad); added to a question's context (``bot.rules_text.question.read``)."""
    """Concepts naming whose a card is, in the genitive after it («сущ противника»): a
    circumstance of a question, not a word a rule must name."""
    remain: dict[str, str] = field(default_factory=dict)
    """State concept -> the verb concept of leaving it («закрытый» -> «открывать»): «X
    остаётся закрытым?» asks «X не открывается?»."""
    remain_verbs: frozenset[str] = frozenset()
    pass_verbs: frozenset[str] = frozenset()
    """Verbs of an attack getting through («пройти», «пробить»): with a protection told, «удар
    пройдёт?» asks «защита не защищает от удара?» (``bot.rules_text.question._passes``)."""
    against: dict[str, str] = field(default_factory=dict)
    """Verb concept -> the concept it means with «против» after it («защита действует против
    атак» = «защищает от атак»; ``bot.rules_text.propositions.against``)."""
    remain_lose: str = ""
    """The verb concept of losing what one has («терять»): «страж остался?» asks «не теряет
    стража?» (``bot.rules_text.question._kept``)."""
    """Verbs of staying in a state («оставаться», «остаться»), read with ``remain``."""
    each: frozenset[str] = frozenset()
    """Words of a rule counting per unit («не более одной … каждого названия»)."""
    distinct: frozenset[str] = frozenset()
    """Words of a question saying its things differ («разные названия»): a limit per unit
    does not count them together."""
    needs_stack: frozenset[str] = frozenset()
    """Acts done to a game action lying on the stack («отражать»: a response is declared while
    what it answers lies there): a rule saying the action does not use the stack rules the act
    out (``bot.rules_text.needs``)."""
    stack_reason: frozenset[str] = frozenset()
    """The concepts of the sentence saying why (an action not using the stack resolves at once,
    priority not passed: 303.5 of 5ed)."""
    wording_says: frozenset[str] = frozenset()
    """Words of a card text saying something («написано», «говорит», «текст»): beside a quoted
    wording they ask nothing (``bot.rules_text.wording``)."""
    card_kinds: frozenset[str] = frozenset()
    """Kinds of card a question may name as the card a wording is about («поместите этого
    симбиота …, это перемещение симбиота?»)."""
    all_of: frozenset[str] = frozenset()
    """Words of a rule's condition counting who or what must all do it («оба», «все»): a
    question telling one («я пасанул») does not meet that part (``bot.rules_text.sufficient``)."""
    alone: tuple[str, ...] = ()
    """Phrases of a question asking whether one part of a condition is enough («как только»,
    «сразу», «сама», «и всё») (``bot.rules_text.sufficient``)."""
    chat_spelling: dict[str, str] = field(default_factory=dict)
    """Chat forms of a word (folded, as written) -> the written word(s): applied to a
    question before it is read (``bot.rules_text.question.respell``)."""

    def norm(self, lemma: str, text: str = "") -> str:
        """The concept of a lemma (``text``: the word as written, tried too): its synonym
        group's head, after folding its aspect pair («поместить» -> «помещать»,
        «атаковать» -> «атака», «скока» -> «сколько»)."""
        for w in (lemma, text, self.aspect.get(lemma, lemma)):
            if w and w in self.synonyms:
                return self.synonyms[w]
        return self.aspect.get(lemma, lemma)

    def is_kind_of(self, narrow: str, broad: str) -> bool:
        """``narrow`` is ``broad`` or a kind of it («существо» of «карта», «разряд» of «атака»),
        or the other aspect of the same verb («сработать» / «срабатывать»: ``verb_key``)."""
        return narrow == broad or broad in self.broader.get(narrow, ()) or (
            narrow[-2:] in _VERB_ENDS and broad[-2:] in _VERB_ENDS and verb_key(narrow) == verb_key(broad))

    def broader_named(self, words) -> set[str]:
        """The words of ``words`` some other word of it is a kind of (``is_kind_of``) — in
        one pass over the words instead of a test of every pair: their broader concepts, and
        the verbs another verb of ``words`` is the other aspect of (``verb_key``)."""
        words = set(words)
        out: set[str] = set()
        verbs: dict[str, list[str]] = {}
        for o in words:
            out.update(b for b in self.broader.get(o, ()) if b != o and b in words)
            if o[-2:] in _VERB_ENDS:
                verbs.setdefault(verb_key(o), []).append(o)
        for same in verbs.values():
            if len(same) > 1:
                out.update(same)
        return out


_VERB_ENDS = frozenset({"ть", "ся", "сь", "ти"})


@lru_cache(maxsize=8192)
def verb_key(verb: str) -> str:
    """A verb's stem with its aspect suffix and the «о / а» alternation folded, so both
    aspects of one verb meet without an ``aspect`` entry: «сработать» and «срабатывать»
    -> «срабат», «закрыть» and «закрывать» -> «закр», «получить» and «получать» -> «получ».
    Too short a stem (under 4 letters) is returned whole: no two short verbs are merged."""
    w = verb
    for end in ("ться", "тись", "ться", "ть", "ти"):
        if w.endswith(end):
            w = w[:-len(end)]
            break
    for suf in ("ыва", "ива", "ва"):
        if w.endswith(suf) and len(w) - len(suf) >= 4:
            w = w[:-len(suf)]
            break
    w = w.rstrip("аеиоуыяэ")
    w = w.replace("о", "а")
    return w if len(w) >= 4 else verb


def _set(xs) -> frozenset[str]:
    return frozenset(fold(str(x)) for x in xs or ())


def _map_folded(d) -> dict[str, str]:
    return {fold(str(k)): fold(str(v)) for k, v in (d or {}).items()}


def _map(d) -> dict[str, str]:
    return {fold(str(k)): str(v) for k, v in (d or {}).items()}


@lru_cache(maxsize=1)
def language() -> RuleLanguage:
    """The tables of ``grammar/rule_language.yaml``."""
    from bot.errors import RulebookError
    from bot.paths import grammar_dir
    from bot.yamlsafe import load_data_file

    path = grammar_dir() / FILE
    d = load_data_file(path, "язык правил")
    if not isinstance(d, dict) or not isinstance(d.get("modal"), dict):
        raise RulebookError(f"язык правил {path}: ожидался словарь с разделом «modal»")
    m = d["modal"]
    ants: dict[str, str] = {}
    for pair in d.get("antonyms") or ():
        a, b = (fold(str(x)) for x in pair)
        ants[a], ants[b] = b, a
    return RuleLanguage(
        personal=_map(m.get("personal")), impersonal=_map(m.get("impersonal")), state=_map(m.get("state")),
        phrases={tuple(fold(k).split()): str(v) for k, v in (m.get("phrases") or {}).items()},
        only=_set(d.get("only")), limit=_set(d.get("limit")), consequence=_set(d.get("consequence")),
        condition=_set(d.get("condition")), exception=_set(d.get("exception")),
        override=tuple(tuple(fold(p).split()) for p in d.get("override") or ()),
        aspect=_map(d.get("aspect")), antonyms=ants, ignore=_set(d.get("ignore")),
        keep_prepositions=_set(d.get("keep_prepositions")), what_happens=_set(d.get("what_happens")),
        numbers={fold(str(k)): int(v) for k, v in (d.get("numbers") or {}).items()},
        times={fold(str(k)): (int(v[0]), fold(str(v[1]))) for k, v in (d.get("times") or {}).items()},
        reason=_set(d.get("reason")),
        **_meaning(d),
    )


def _closure(direct: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for k in direct:
        seen: set[str] = set()
        todo = list(direct[k])
        while todo:
            c = todo.pop()
            if c not in seen:
                seen.add(c)
                todo.extend(direct.get(c, ()))
        out[k] = frozenset(seen)
    return out


def _meaning(d: dict) -> dict:
    """The matching tables: synonyms (word -> head), multi-word terms (by first lemma),
    broader concepts (transitive), light verbs, fillers, default conditions, widening
    phrases, lower-limit / «до» words and count words."""
    syn: dict[str, str] = {}
    for head, others in (d.get("synonyms") or {}).items():
        h = fold(str(head))
        syn.setdefault(h, h)
        for w in others or ():
            syn[fold(str(w))] = h
    terms: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for k, v in (d.get("phrases") or {}).items():
        ws = tuple(fold(str(k)).split())
        terms.setdefault(ws[0], []).append((ws, fold(str(v))))
    for k in terms:
        terms[k].sort(key=lambda x: -len(x[0]))
    direct = {fold(str(k)): {fold(str(x)) for x in v or ()} for k, v in (d.get("broader") or {}).items()}
    return dict(
        synonyms=syn, terms={k: tuple(v) for k, v in terms.items()}, broader=_closure(direct),
        light=_set(d.get("light_verbs")), roles=_set(d.get("role_nouns")), filler=_set(d.get("filler")),
        implicit=_set(d.get("implicit")),
        default_conditions=tuple(frozenset(fold(str(x)) for x in ws) for ws in d.get("default_conditions") or ()),
        widening=tuple(tuple(fold(str(p)).split()) for p in d.get("widening") or ()),
        lower_limit=_set(d.get("lower_limit")), upto=_set(d.get("upto")), count_words=_set(d.get("count_words")),
        limit_verbs=_set(d.get("limit_verbs")), people=_set(d.get("people")),
        chat_spelling=_map(d.get("chat_spelling")), remain=_map(d.get("remain")),
        remain_verbs=_set(d.get("remain_verbs")), pass_verbs=_set(d.get("pass_verbs")), against=_map_folded(d.get("against")), remain_lose=fold(str(d.get("remain_lose") or "")), each=_set(d.get("each")), distinct=_set(d.get("distinct")),
        wording_says=_set(d.get("wording_says")), card_kinds=_set(d.get("card_kinds")), needs_stack=_set(d.get("needs_stack")), stack_reason=_set(d.get("stack_reason")),
        all_of=_set(d.get("all_of")), alone=tuple(fold(str(w)) for w in d.get("alone") or ()),
        where_words=_set(d.get("where_words")), owners=_set(d.get("owners")), owner_implies=_map_folded(d.get("owner_implies")), means=_set(d.get("means")),
        exclusive=frozenset(fold(str(w)) for pair in d.get("exclusive") or () for w in pair),
        collocations={fold(str(n)): {fold(str(v)): fold(str(m)) for v, m in (vs or {}).items()}
                      for n, vs in (d.get("collocations") or {}).items()},
    )
