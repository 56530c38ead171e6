"""A host moving and what becomes of the cards on it (209.11, 212.8), read compositionally.

The reader (``bot.reading.reader``) calls three functions here:

- ``read_host_moves(rd)`` — events «хозяина переместили на соседнюю клетку», «орка со шмоткой
  передвинули» (``Event`` op ``move`` — a declared movement, 506.1 — or ``relocate`` — a
  relocation by an ability, 507.1) on the creature of their clause, and the relation «X со
  шмоткой» / «X с симбиотом» (the attached card lies on X);
- ``read_asked_position(rd, sent, yes_no)`` — the asked place of an attached card: «симбиот
  остаётся на старой клетке?» (``Asked.predicate`` ``stays_put``), «шмотка идёт за ним?»,
  «симбиот перемещается вместе с хозяином?» (``moves_with``), or both with «или» (an open
  question: the answer names where the card is). A host move the question implies («…
  вместе с хозяином?») without telling it is added as an event;
- nothing else: the compiled scenario (``bot.reading.compile``) declares the movement or
  relocation, both players pass, it resolves, and the simulator moves the attached cards.

Words: ``reader.host_move_verbs``, ``reader.position_stay`` and ``reader.position_follow`` of
``grammar/lexicon.yaml``. A bare «остаётся?» after a host move is ambiguous (on the host?
on the old cell?): no asked proposition is read, so no verdict is given.
"""

from __future__ import annotations

from functools import lru_cache

from bot.reading.tokens import phrase_at
from bot.vocab import section


@lru_cache(maxsize=1)
def _words() -> tuple[dict[str, str], tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """``(verb lemma -> move | relocate, stay phrases, follow phrases)``: phrases as tuples of
    lemmas («на», «старый», «клетка»), a trailing ``*`` item matching any word so starting."""
    from bot.textnorm import fold

    r = section("reader")
    verbs = {fold(w): op for op, ws in r["host_move_verbs"].items() for w in ws}
    stay = tuple(tuple(fold(x) for x in str(p).split()) for p in r["position_stay"])
    follow = tuple(tuple(fold(x) for x in str(p).split()) for p in r["position_follow"])
    return verbs, stay, follow


def move_op(lemma: str) -> str | None:
    """``move`` / ``relocate`` for a verb lemma that moves a card («передвинуть»,
    «переместить»), else ``None``."""
    return _words()[0].get(lemma)




def _phrases_in(toks, sent: list, phrases) -> list[list[int]]:
    out = []
    for t in sent:
        for p in phrases:
            if phrase_at(toks, t.i, p):
                out.append(list(range(t.i, t.i + len(p))))
    return out


def read_host_moves(rd) -> None:
    """Host-move events and «X со шмоткой» relations of the told sentences (see module doc)."""
    from bot.reading.reader import ATTACHABLE, Event

    toks = rd.toks
    # «орка со шмоткой», «хозяин с симбиотом»: the attached card lies on the creature before «с»
    for t in toks:
        if t.text not in ("с", "со") or t.i in rd.r.used:
            continue
        nxt = next((k for k in (t.i + 1, t.i + 2) if k in rd.mention and toks[k].clause == t.clause), None)
        prev = next((k for k in (t.i - 1, t.i - 2, t.i - 3) if k in rd.mention and toks[k].clause == t.clause), None)
        if nxt is None or prev is None:
            continue
        subj, host = rd.r.cards[rd.mention[nxt]], rd.r.cards[rd.mention[prev]]
        if subj.kind in ATTACHABLE and host.kind == "creature" and subj.key != host.key:
            rd.attach(subj, host)
            rd.use(t.i)
    for t in toks:
        op = move_op(t.lemma)
        if op is None or t.i in rd.r.used or t.i > 0 and toks[t.i - 1].text == "не":
            continue        # «ещё не ходил»: no move (read_untouched_moves)
        if t.sent == rd.asked_sent and not (t.tense == "past" or rd.premise_clause(t) and t.pos != "INFN"):
            continue        # «он может походить?» asks; «хозяина передвинули, шмотка …?» tells
        if t.pos == "INFN" and any(u.lemma in ("хотеть", "собираться", "планировать", "думать") and u.i < t.i
                                   for u in toks if u.clause == t.clause):
            continue        # «хозяин хочет переместиться …. можно?»: an intention, asked — no move told
        target = next((c for _, c in rd.clause_cards(t) if c.kind == "creature"), None)
        if target is None:
            continue
        if t.sent == rd.asked_sent and t.tense != "past" and any(
                u.clause == t.clause and u.i < t.i and u.i in rd.mention and u.case in ("nomn", None)
                and rd.r.cards[rd.mention[u.i]].kind in ATTACHABLE for u in toks):
            continue        # «…, симб поедет с ним?»: the attached card's asked move with its host, no host move
        rd.r.events.append(Event(op, target.key, None, t.i))
        rd.use(t.i)
        _use_destination(rd, t)


@lru_cache(maxsize=1)
def _directions() -> frozenset[str]:
    from bot.textnorm import fold

    return frozenset(fold(str(w)) for w in section("reader").get("move_directions") or ())


def _use_destination(rd, t) -> None:
    """«на соседнюю / другую клетку», «на клетку рядом», «на клетку влево», «вперёд»: where the
    host went (any free cell: the attached card follows wherever it goes, 209.11, 212.8; the
    direction words are ``reader.move_directions``)."""
    toks = rd.toks
    for j in range(t.i + 1, min(t.i + 7, len(toks))):
        u = toks[j]
        if u.clause != t.clause:
            break
        if u.text in _directions() and j not in rd.r.used:
            rd.use(j)
    for j in range(t.i + 1, min(t.i + 9, len(toks))):   # «переместили от какой-то способки на соседнюю клетку»
        u = toks[j]
        if u.clause != t.clause:
            break
        if u.lemma == "клетка":
            for k in range(t.i + 1, j + 1):
                if toks[k].text in ("на", "в") or toks[k].lemma in ("соседний", "другой", "новый", "клетка", "свободный",
                                                                   "пустой", "один", "рядом"):
                    rd.use(k)
            if j + 1 < len(toks) and toks[j + 1].text == "рядом" and toks[j + 1].clause == t.clause:
                rd.use(j + 1)
            return


@lru_cache(maxsize=1)
def _same_cell() -> tuple[tuple[str, ...], ...]:
    from bot.textnorm import fold

    return tuple(tuple(fold(x) for x in str(p).split()) for p in section("reader").get("same_cell") or ())


def read_same_cell(rd) -> None:
    """«если они на одной клетке стоят», «симб на той же клетке, что и хозяин»: a told premise
    that an attached card and its host share the host's cell — what lying on a host means
    (209.9, 212.7), so the words are read as the attachment the reading already has. Not in
    the asked clause of a question about the cell itself («стоит на той же клетке?»)."""
    from bot.reading.reader import ATTACHABLE

    toks = rd.toks
    attached = [c for c in rd.r.cards.values() if c.kind in ATTACHABLE and (c.host or any(
        h.is_host_role for h in rd.r.cards.values()))]
    if not attached:
        return
    for t in toks:
        for p in _same_cell():
            if not phrase_at(toks, t.i, p):
                continue
            if t.sent == rd.asked_sent and not rd.premise_clause(t) and not any(
                    u.clause == t.clause and u.text in ("если", "раз", "когда") for u in toks):
                continue
            rd.use(*range(t.i, t.i + len(p)))
            for u in toks:
                if u.clause == t.clause and (u.lemma in ("стоять", "находиться", "быть", "лежать") or u.text in ("они", "оба")):
                    rd.use(u.i)


def read_independent(rd) -> None:
    """«симбиот по тексту становится самостоятельным существом»: the symbiote's own text makes
    it an independent creature when its host dies (302.5) — a property of that card
    (``CardInfo.independent``), not an event."""
    toks = rd.toks
    for t in toks:
        nxt = rd.tok(t.i + 1)
        if not t.text.startswith("самостоятельн") or nxt is None or not nxt.text.startswith("существ"):
            continue
        card = next((c for _, c in rd.clause_cards(t) if c.kind == "symbiote"), None)
        if card is None:
            continue
        card.independent = True
        rd.complement.add(nxt.i)
        rd.use(t.i, nxt.i)
        for u in toks:
            if u.clause == t.clause and (u.lemma in ("становиться", "стать") or u.lemma == "текст"
                                         or u.text == "по" and rd.tok(u.i + 1) is not None and rd.tok(u.i + 1).lemma == "текст"):
                rd.use(u.i)


_TEXT_SILENT = frozenset({"у", "в", "по", "про", "о", "об", "нет", "не", "ни", "ничего", "ничто", "его", "её", "ее", "карта",
                          "этот", "такой", "что", "он", "самостоятельный", "существо", "становиться", "стать"})


def read_text_silent(rd) -> None:
    """«у симба в тексте ничего про гибель хозяина нет»: a set-up sentence saying the attached
    card's text says nothing of its host's death — the card is no independent creature then
    (the default; 209.4 decides), and the death named there is no told event. The whole
    sentence must be of those words (``_TEXT_SILENT``, the text, the host, a death word, a
    «сказано / написано» word), else it is left to the other readings."""
    from bot.reading.reader import ATTACHABLE

    w = rd.w
    for s in {t.sent for t in rd.toks if t.lemma == "текст" and t.sent != rd.asked_sent}:
        sent = [t for t in rd.toks if t.sent == s]
        cards = [rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention and rd.r.cards[rd.mention[t.i]].kind in ATTACHABLE]
        if not cards or not any(t.text in ("нет", "ничего", "не", "ни") for t in sent) \
                or not any(w.events.get(t.lemma) == "dies" for t in sent):
            continue
        if all(t.i in rd.mention or t.lemma == "текст" or t.text in _TEXT_SILENT or t.lemma in _TEXT_SILENT
               or w.events.get(t.lemma) == "dies" or t.lemma in w.no_host_told or t.lemma in w.host_words for t in sent):
            cards[0].text_silent = True
            rd.use(*(t.i for t in sent))


def read_asked_position(rd, sent: list, yes_no: bool) -> bool:
    """The asked place of an attached card after (or with) its host's move; sets
    ``rd.r.asked`` and returns ``True`` when read (see module doc)."""
    from bot.reading.reader import ATTACHABLE, Asked, Event

    _, stay, follow = _words()
    toks = rd.toks
    subj = next((rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention
                 and rd.r.cards[rd.mention[t.i]].kind in ATTACHABLE), None)
    if subj is None:
        return False
    stays = _phrases_in(toks, sent, stay)
    follows = _phrases_in(toks, sent, follow)
    told = [e for e in rd.r.events if e.op in ("move", "relocate")]
    if not (stays or follows):
        return False
    verbs = [t for t in sent if move_op(t.lemma) or t.lemma in ("идти", "следовать", "пойти", "уйти", "уходить",
                                                                 "переноситься", "перенестись")
             or t.lemma in rd.w.move_verbs or t.lemma in rd.w.fate_stays]
    if not verbs:
        return False
    if not told:
        # «… перемещается вместе с хозяином?»: an implied host move needs a verb of moving, not «остался»
        if not follows or not any(move_op(t.lemma) or t.lemma in rd.w.move_verbs for t in verbs):
            return False
        if subj.host is None and not any(c.is_host_role for c in rd.cards_of(("creature",))):
            return False
        if any(rd.tok(t.i - 1) is not None and rd.tok(t.i - 1).text == "без" for t in rd.toks if t.lemma in rd.w.host_words):
            return False    # «симбиот без хозяина»: no host to move
        host = rd.r.cards[subj.host] if subj.host else next(c for c in rd.cards_of(("creature",)) if c.is_host_role)
        subj.host = host.key
        rd.r.events.append(Event("move", host.key, None, verbs[0].i))     # «… вместе с хозяином?»: the host moves
    for idx in (*stays, *follows):
        rd.use(*idx)
    for t in verbs:
        rd.use(t.i)
    for t in sent:
        if t.text == "или":
            rd.use(t.i)
    either = bool(stays and follows) and any(t.text == "или" for t in sent)
    pred = None if either or not yes_no else ("stays_put" if stays else "moves_with")
    neg = any(toks[t.i - 1].text == "не" for t in verbs if t.i > 0)
    if neg:
        rd.use(*(t.i - 1 for t in verbs if t.i > 0 and toks[t.i - 1].text == "не"))
    rd.r.asked = Asked("fate", subj.key, predicate=pred, negated=neg, yes_no=yes_no and not either)
    return True


def position_fact(word: str, moved: bool, host_ru: str) -> str:
    """The answer's fact for an attached card whose host moved: «симбиот перемещается вместе
    с хозяином на ту же клетку» (``moved``) or «симбиот остаётся на прежней клетке»."""
    if moved:
        return f"{word} перемещается вместе с хозяином ({host_ru}) на ту же клетку"
    return f"{word} остаётся на прежней клетке"


def read_host_role_asked(rd, sent: list, neg_word: str | None, yes_no: bool) -> bool:
    """«может ли симбиот быть хозяином экипировки?», «артефакт может стать хозяином симба?»: being
    the host of an attachable card is that card lying on it — the asked placing of the card
    named after «хозяином» onto the card named in the nominative (209.3, 212.1). Sets
    ``rd.r.asked``; ``False`` when the sentence is not so built."""
    from bot.reading.reader import ATTACHABLE, Asked

    for t in sent:
        if t.lemma not in rd.w.host_words or t.case != "ablt":
            continue
        cop = next((u for u in (rd.tok(t.i - 1), rd.tok(t.i - 2)) if u is not None and u.clause == t.clause
                    and u.lemma in ("быть", "стать", "становиться", "являться", "оказаться")), None)
        nxt = rd.tok(t.i + 1)
        if cop is None or nxt is None or nxt.i not in rd.mention:
            continue
        attached = rd.r.cards[rd.mention[nxt.i]]
        role = rd.r.cards.get(rd.mention.get(t.i, ""))
        holder = next((rd.r.cards[rd.mention[u.i]] for u in sent if u.i in rd.mention and u.case == "nomn"
                       and u.i != t.i and rd.mention[u.i] != attached.key), None)
        if attached.kind not in ATTACHABLE or holder is None:
            continue
        if role is not None and role.key != holder.key and set(role.mentions) <= {t.i}:
            del rd.r.cards[role.key]        # «хозяином» names no card of its own here: the holder is the host asked
            for c in rd.r.cards.values():
                if c.host == role.key:
                    c.host = None
        rd.mention.pop(t.i, None)
        attached.host = None
        rd.use(t.i, cop.i)
        rd.r.asked = Asked("place", attached.key, on=holder.key, negated=neg_word is not None, yes_no=yes_no,
                           neg_word=neg_word)
        return True
    return False
