"""Two cards of a kind on one host, read compositionally (209.6, 212.4).

``read_count_asked(rd, sent, yes_no, neg_word)`` reads the asked sentence when a count word
stands before an attachable card noun: «можно ли надеть на существо две экипировки одного
класса?», «можно ли носить одновременно две экипировки разных классов?», «можно ли
положить второго симбиота на орка?», «сколько симбиотов можно поместить на одно существо?».
The reading then has two cards of that kind: the first already on the host, the asked one
placed after it — so the simulator's own limits decide (one symbiote per creature, 209.6;
one piece of equipment per class, 212.4).

Equipment needs its classes: «одного / того же / одинакового класса» (same) or «разных /
другого класса» (different). Two pieces of equipment with no class said run both cases
(``either_class``): the answer names the condition («Да, если у них разные классы …»). «Сколько …?»
is read for symbiotes and parasites (one run answers it) and, with no class said, for equipment
(both cases run: one piece of each class, 212.4).

Words: ``reader.count_two``, ``reader.class_same``, ``reader.class_different`` and
``reader.together_words`` of ``grammar/lexicon.yaml``.
"""

from __future__ import annotations

from functools import lru_cache

from bot.vocab import section

# The equipment classes the model gives two pieces told to be of one / of different classes.
SAME_CLASS = ("оружие", "оружие")
DIFFERENT_CLASSES = ("оружие", "броня")


@lru_cache(maxsize=1)
def _words() -> dict[str, tuple]:
    from bot.textnorm import fold

    r = section("reader")

    def phrases(key: str) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(fold(x) for x in str(p).split()) for p in r[key])
    return {"two": frozenset(fold(str(w)) for w in r["count_two"]), "same": phrases("class_same"),
            "how_many": frozenset(fold(str(w)) for w in r.get("how_many") or ("сколько",)),
            "most": frozenset(fold(str(w)) for w in r.get("count_most") or ()),
            "class_nouns": frozenset(fold(str(w)) for w in r.get("equipment_class_nouns") or ()),
            "different": phrases("class_different"), "together": frozenset(fold(str(w)) for w in r["together_words"])}


def _phrase(sent: list, phrases) -> list[int] | None:
    """Token indices of the first phrase of ``phrases`` found in the sentence ``sent``
    (``bot.reading.tokens.phrase_at``: lemma or text items, ``x*`` a prefix), by position."""
    from bot.reading.tokens import phrase_at

    for k, t in enumerate(sent):
        for p in phrases:
            if phrase_at(sent, k, p, within="sent"):
                return [sent[k + j].i for j in range(len(p))]
    return None


def _plural(t) -> bool:
    """The noun at token ``t`` may be a plural nominative / accusative («экипировки», «шмотки»)."""
    from bot.morph import analyzer

    return any(p.tag.number == "plur" and p.tag.case in ("nomn", "accs") for p in analyzer().parse(t.text))


def read_count_asked(rd, sent: list, yes_no: bool, neg_word: str | None, told: bool = False) -> bool:
    """The asked placing of a second card of a kind (see module doc); sets ``rd.r.asked``.
    ``told``: ``sent`` is the sentence before a bare «так можно?» — its told state is asked."""
    from bot.reading.reader import ATTACHABLE, Asked

    w = _words()
    subj_at = next((t for t in sent if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind in ATTACHABLE
                    and t.i not in rd.complement), None)
    if subj_at is None:
        return False
    count = rd.tok(subj_at.i - 1)
    how_many = next((t for t in sent if t.text in w["how_many"]), None)
    counted = count is not None and count.sent == subj_at.sent and (count.lemma in w["two"] or count.text in w["two"])
    plural = _plural(subj_at) and rd.r.cards[rd.mention[subj_at.i]].kind == "equipment" \
        and (_phrase(sent, w["same"]) or _phrase(sent, w["different"]))
    if not counted and how_many is None and not plural:
        return False
    if not counted and how_many is None:
        count = subj_at      # «носить экипировки разных классов»: the plural with classes is two pieces
    subj = rd.r.cards[rd.mention[subj_at.i]]
    verb = next((t for t in sent if t.lemma in rd.w.place_verbs or t.lemma in rd.w.attached_verbs), None)
    modal = next((t for t in sent if t.lemma in rd.w.modal or t.text in rd.w.modal), None)
    told_host = None
    if subj.host is not None:
        if not (told or modal is not None and verb is not None and verb.lemma in rd.w.attached_verbs):
            return False    # «второй симбиот на нём»: told as lying there, not asked
        # «может ли существо носить две шмотки?», «на ней две шмотки. так можно?»: the told state is asked
        told_host, subj.host = rd.r.cards[subj.host], None
    if verb is None and modal is None and not told:
        return False
    verb = verb or modal or subj_at     # «скока симбов можно на одно существо», «на ней две шмотки»: no verb
    classes = None
    class_noun = subj_at.lemma in w["class_nouns"]     # «два оружия»: the noun is the class, so both share it
    if subj.kind == "equipment" and class_noun and not (_phrase(sent, w["same"]) or _phrase(sent, w["different"])) \
            and how_many is None:
        classes = SAME_CLASS
    either = False
    if subj.kind == "equipment" and not classes:
        same, diff = _phrase(sent, w["same"]), _phrase(sent, w["different"])
        labels = _class_labels(rd, sent)
        # «одна класса оружие, другая класса доспех»: a piece's own class told, not «одного / другого класса»
        same = None if same and labels and set(same) & set(labels) else same
        diff = None if diff and labels and set(diff) & set(labels) else diff
        if how_many is not None and (same or diff or labels):
            return False    # «сколько экипировок одного класса?»: a count with a class said is not read
        if same and diff:
            return False    # both classes said: not read
        if labels and (same or diff):
            return False    # «разных классов: оружие и оружие» — two ways of telling the classes: not read
        if same or diff:
            classes = SAME_CLASS if same else DIFFERENT_CLASSES
            rd.use(*(same or diff))
        elif labels:
            classes = SAME_CLASS if len(set(labels.values())) == 1 else DIFFERENT_CLASSES
            rd.use(*labels)
        else:
            either = True   # «две шмотки» with no class said: both cases run, the answer names the condition (212.4)
    on = rd.on_target(verb)
    host = told_host or (on[1] if on else None) or next((rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention
                                  and rd.r.cards[rd.mention[t.i]].kind == "creature"), None)
    if host is None:
        host = rd.new_card("creature", verb.i, "neut")      # «носить две экипировки»: some creature
    first = rd.new_card(subj.kind, subj_at.i, subj.gender)
    first.host = host.key
    first.owner = subj.owner
    if classes:
        first.equipment_class, subj.equipment_class = classes
    rd.use(verb.i, subj_at.i)
    if told_host is not None:
        for t in sent:      # «на ней», «носить»: the told relation, now the asked placing
            if t.text == "на" and rd.tok(t.i + 1) is not None and rd.mention.get(t.i + 1) == host.key:
                rd.use(t.i)
    if how_many is not None:
        rd.use(how_many.i)
        for t in sent:      # «максимум», «больше всего»: the count asked is the most one may place
            if t.lemma in w["most"] or t.text in w["most"]:
                rd.use(t.i)
    else:
        rd.use(count.i)
    for t in sent:
        if t.lemma in w["together"] or t.text in w["together"]:
            rd.use(t.i)
        if t.text in ("одно", "одного", "одну", "одной", "один") and rd.tok(t.i + 1) is not None \
                and rd.tok(t.i + 1).i in rd.mention and rd.r.cards[rd.mention[t.i + 1]] is host:
            rd.use(t.i)     # «на одно существо»
    rd.r.asked = Asked("place", subj.key, on=host.key, negated=neg_word is not None, yes_no=yes_no and how_many is None,
                       neg_word=neg_word, actions=("count", "either_class") if how_many is not None and either else
                       ("count",) if how_many is not None else ("second", "either_class") if either else ("second",))
    return True


def _class_labels(rd, sent: list) -> dict[int, str]:
    """The class names told of the pieces in ``sent`` («одна класса оружие, другая доспех»:
    ``rd.class_labels``), with the class word before each (``{token: class}``, the class words
    mapped to their class too); ``{}`` unless two pieces get a class each — one class named for
    two pieces («две шмотки, одна класса оружие») leaves the other's class untold."""
    got = {t.i: rd.class_labels[t.i] for t in sent if t.i in rd.class_labels}
    if len(got) != 2:
        return {}
    for i, c in list(got.items()):
        p = rd.tok(i - 1)
        if p is not None and p.lemma in rd.w.class_word:
            got[p.i] = c
    return got


@lru_cache(maxsize=1)
def _each_other() -> tuple[tuple[str, ...], ...]:
    from bot.textnorm import fold

    return tuple(tuple(fold(x) for x in str(p).split()) for p in section("reader").get("on_each_other") or ())


def read_on_each_other(rd) -> None:
    """«сим на сима можно положить? хочу два симбиота друг на друга»: a sentence telling two
    cards of the asked kind one on the other restates the asked placing of a card on a card of
    its own kind (209.6, 212.3) — its words are used, it adds nothing."""
    a = rd.r.asked
    if a is None or a.what != "place" or a.on is None:
        return
    kind = rd.r.cards[a.card].kind
    if rd.r.cards[a.on].kind != kind:
        return
    w = _words()
    for sent_no in {t.sent for t in rd.toks}:
        sent = [t for t in rd.toks if t.sent == sent_no]
        phrase = _phrase(sent, _each_other())
        if phrase is None:
            continue
        nouns = [t for t in sent if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind == kind]
        counts = [t for t in sent if (t.lemma in w["two"] or t.text in w["two"]) and rd.tok(t.i + 1) in nouns]
        if nouns and counts:
            rd.use(*phrase, *(t.i for t in counts))


def read_pair_asked(rd, sent: list, yes_no: bool, neg_word: str | None) -> bool:
    """«может ли на существе быть симбиот и паразит одновременно?», «можно ли надеть на воина шлем
    и кольчугу?»: two attachable cards joined by «и» on one creature — the first lies on it, the
    second is the asked placing (a parasite is a symbiote, one per creature, 209.6; one piece of
    equipment per class, 212.4 — with no class said both cases run, ``either_class``). Sets
    ``rd.r.asked``."""
    from bot.reading.reader import ATTACHABLE, Asked

    w = _words()
    for t in sent:
        if t.text != "и":
            continue
        a, b = rd.mention.get(t.i - 1), rd.mention.get(t.i + 1)
        if a is None or b is None or a == b:
            continue
        first, second = rd.r.cards[a], rd.r.cards[b]
        pieces = first.kind == second.kind == "equipment"
        if first.kind not in ATTACHABLE or second.kind not in ATTACHABLE or (first.kind == second.kind) != pieces \
                or not pieces and "equipment" in (first.kind, second.kind):
            continue
        actions: tuple[str, ...] = ("second",)
        if pieces:      # «меч и щит»: named pieces whose classes decide (212.4)
            same, diff = _phrase(sent, w["same"]), _phrase(sent, w["different"])
            if same or diff:
                first.equipment_class, second.equipment_class = SAME_CLASS if same else DIFFERENT_CLASSES
                rd.use(*(same or diff))
            else:
                actions = ("second", "either_class")
        modal = any(u.lemma in rd.w.modal or u.text in rd.w.modal or u.lemma == "мочь" for u in sent)
        verb = next((u for u in sent if u.lemma in rd.w.place_verbs or u.lemma in rd.w.attached_verbs
                     or u.lemma == "быть"), None)
        if not modal or verb is None:
            return False
        on = rd.on_target(verb)
        host = on[1] if on else next((rd.r.cards[rd.mention[u.i]] for u in sent if u.i in rd.mention
                                      and rd.r.cards[rd.mention[u.i]].kind == "creature"), None)
        if host is None or host.kind != "creature":
            return False
        first.host, second.host = host.key, None
        rd.use(t.i, verb.i, t.i - 1, t.i + 1)
        for u in sent:
            if u.lemma in w["together"] or u.text in w["together"]:
                rd.use(u.i)
        rd.r.asked = Asked("place", second.key, on=host.key, negated=neg_word is not None, yes_no=yes_no,
                           neg_word=neg_word, actions=actions)
        return True
    return False


def read_told_count(rd) -> None:
    """«Существо носит две экипировки разных классов и потеряло класс»: two cards of a kind told
    lying on one host (not asked) — a second card of the kind on that host, with the classes
    said for equipment (212.4; no class said: not read, the count word stays unread)."""
    from bot.reading.reader import ATTACHABLE

    w = _words()
    bare = not any(u.i in rd.mention for u in rd.toks if u.sent == rd.asked_sent)
    for t in rd.toks:
        if t.sent == rd.asked_sent or not (t.lemma in w["two"] or t.text in w["two"]) or t.i in rd.r.used:
            continue
        if bare and t.sent == rd.asked_sent - 1:
            continue        # «на ней две шмотки. так можно?»: the told state is what is asked (read_count_asked)
        nxt = rd.tok(t.i + 1)
        if nxt is None or nxt.i not in rd.mention:
            continue
        first = rd.r.cards[rd.mention[nxt.i]]
        if first.kind not in ATTACHABLE or first.host is None:
            continue
        sent = [u for u in rd.toks if u.sent == t.sent]
        classes = None
        if first.kind == "equipment":
            same, diff = _phrase(sent, w["same"]), _phrase(sent, w["different"])
            if not same and not diff and _pieces_named(rd, first, [u for u in sent if u.i > nxt.i]):
                rd.use(t.i)     # «две шмотки: оружие и броня»: the two pieces named by their classes
                continue
            if bool(same) == bool(diff):
                continue
            classes = SAME_CLASS if same else DIFFERENT_CLASSES
            rd.use(*(same or diff))
        second = rd.new_card(first.kind, nxt.i, first.gender)
        second.host, second.owner = first.host, first.owner
        if classes:
            first.equipment_class, second.equipment_class = classes
        rd.use(t.i)


def _pieces_named(rd, first, after: list) -> bool:
    """«две шмотки: оружие и броня»: right after the counted noun, two equipment nouns that name
    classes (``reader.equipment_class_names``) joined by «и» / «,»: the two pieces, of those
    classes, on ``first``'s host — ``first`` is the first of them (the count word's noun and the
    first class noun are one card). ``False`` (nothing set) unless exactly two are so named."""
    named = []
    for u in after[:4]:
        key = rd.mention.get(u.i)
        if key is None:
            if u.text not in ("и", "а", "да"):
                break
            continue
        card = rd.r.cards[key]
        cls = rd.w.class_names.get(u.lemma)
        if card.kind != "equipment" or cls is None:
            break
        named.append((card, cls))
    keys = {c.key for c, _ in named}
    if len(named) != 2 or len(keys) != 2 or first.key not in keys:
        return False
    for card, cls in named:
        card.equipment_class = cls
        card.host, card.owner = first.host, first.owner
    return True


def plural_others(rd, subj, at) -> tuple[str, ...]:
    """«что с экипировками?»: a plural noun asks the fate of every card of its kind on a host."""
    from bot.reading.reader import ATTACHABLE

    from bot.morph import analyzer

    if subj.kind not in ATTACHABLE or at.text == at.lemma or not all(
            p.tag.number == "plur" for p in analyzer().parse(at.text)[:1]):
        return ()
    return tuple(c.key for c in rd.r.cards.values() if c.kind == subj.kind and c.key != subj.key and c.host)
