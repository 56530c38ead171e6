"""Two cards of a kind on one host, read compositionally (209.6, 212.4).

``read_count_asked(rd, sent, yes_no, neg_word)`` reads the asked sentence when a count word
stands before an attachable card noun: «можно ли надеть на существо две экипировки одного
класса?», «можно ли носить одновременно две экипировки разных классов?», «можно ли
положить второго симбиота на орка?», «сколько симбиотов можно поместить на одно существо?».
The reading then has two cards of that kind: the first already on the host, the asked one
placed after it — so the simulator's own limits decide (one symbiote per creature, 209.6;
one piece of equipment per class, 212.4).

Equipment needs its classes: «одного / того же / одинакового класса» (same) or «разных /
другого класса» (different). Two pieces of equipment with no class said are not read (the
answer depends on it): the count word stays unread, so no verdict is given. «Сколько …?»
is read for symbiotes and parasites (one run answers it); for equipment it is not.

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
            "different": phrases("class_different"), "together": frozenset(fold(str(w)) for w in r["together_words"])}


def _phrase(sent: list, phrases) -> list[int] | None:
    """Indices of the first phrase of ``phrases`` (lemma or text items, ``x*`` a prefix) in ``sent``."""
    for k, t in enumerate(sent):
        for p in phrases:
            if k + len(p) > len(sent):
                continue
            ok = all(item.rstrip("*") and (sent[k + j].text.startswith(item[:-1]) or sent[k + j].lemma.startswith(item[:-1]))
                     if item.endswith("*") else item in (sent[k + j].text, sent[k + j].lemma) for j, item in enumerate(p))
            if ok:
                return [sent[k + j].i for j in range(len(p))]
    return None


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
    how_many = next((t for t in sent if t.text in ("сколько", "скока", "скоко")), None)
    if not (count is not None and count.sent == subj_at.sent and (count.lemma in w["two"] or count.text in w["two"])) \
            and how_many is None:
        return False
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
    if subj.kind == "equipment":
        same, diff = _phrase(sent, w["same"]), _phrase(sent, w["different"])
        if how_many is not None or bool(same) == bool(diff):
            return False    # «две экипировки» with no class said (or both said): the answer depends on it
        classes = SAME_CLASS if same else DIFFERENT_CLASSES
        rd.use(*(same or diff))
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
    else:
        rd.use(count.i)
    for t in sent:
        if t.lemma in w["together"] or t.text in w["together"]:
            rd.use(t.i)
        if t.text in ("одно", "одного", "одну", "одной", "один") and rd.tok(t.i + 1) is not None \
                and rd.tok(t.i + 1).i in rd.mention and rd.r.cards[rd.mention[t.i + 1]] is host:
            rd.use(t.i)     # «на одно существо»
    rd.r.asked = Asked("place", subj.key, on=host.key, negated=neg_word is not None, yes_no=yes_no and how_many is None,
                       neg_word=neg_word, actions=("count",) if how_many is not None else ("second",))
    return True


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
