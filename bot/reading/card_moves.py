"""The asked movement of a card of any kind, read compositionally (506, 507; 209.10, 209.11,
210.2, 212.8): «может ли артефакт двигаться?», «симбиот может ходить сам?», «может ли артефакт
использовать телепортацию?», «можно ли переместить существо на клетку, где стоит артефакт?»,
«особенность запрещает симбиоту перемещаться на клетку. может ли туда переместиться его
хозяин?».

``read_card_move(rd, sent, neg_word, yes_no)`` sets ``Asked("move", mover, actions=(kind,),
on=occupant)``: the kind — ``movement`` (a move verb, «объявить движение»), ``relocation``
(«переместить(ся)», 507.1) or ``instead_of_movement`` («телепортация», «прыжок», 506.6); the
destination occupied by a card («где стоит артефакт», «с артефактом», ``Asked.on``); a ban told
before on a card moving onto a cell (``CardInfo.banned``), which «туда» then names. The compiled
scenario (``bot.reading.compile``) puts the occupant / the ban on the cell next to the mover and
declares the motion there; the simulator's movement checks decide. Words: section
``card_moves`` of ``grammar/lexicon.yaml`` and ``reader.move_verbs``.
"""

from __future__ import annotations

from bot.reading.lexicon import section_sets


def _w() -> dict[str, frozenset[str]]:
    return section_sets("card_moves")


def _is(name: str, t) -> bool:
    ws = _w()[name]
    return t is not None and (t.lemma in ws or t.text in ws)


_ROWS = {"первый": 1, "второй": 2, "третий": 3}


def read_bans(rd) -> None:
    """«особенность запрещает моему симбиоту перемещаться на клетку»: a told ban on a card moving
    onto a cell (``CardInfo.banned``; it binds its host too, 209.11, 212.8). Not in the asked
    sentence."""
    from bot.reading.hosts import move_op

    for t in rd.toks:
        nx = rd.tok(t.i + 1)
        # «у симба написано, что он не может перемещаться на клетки первого ряда»: «не может» bans too
        cannot = t.text == "не" and nx is not None and nx.lemma == "мочь" and nx.clause == t.clause
        if not (_is("ban_words", t) or cannot):
            continue
        clause = [u for u in rd.toks if u.clause == t.clause]
        if t.sent == rd.asked_sent and not (clause[0].text in ("если", "раз", "куда") or any(u.text == "куда" for u in clause)):
            continue        # the asked sentence bans only in a premise («если симбиоту запрещено …») or «куда … запрещено»
        verb = next((u for u in clause if move_op(u.lemma) or u.lemma in rd.w.move_verbs), None)
        cell = next((u for u in clause if _is("cell_words", u)), None)
        row_only = None
        if cell is None:    # «не может перемещаться в первый ряд»: the cells of that row
            row_only = next((u for u in clause if u.lemma == "ряд" and rd.tok(u.i - 1) is not None
                             and rd.toks[u.i - 1].lemma in ("первый", "второй", "третий")
                             and rd.tok(u.i - 2) is not None and rd.toks[u.i - 2].text in ("в", "на", "во")), None)
        where = next((u for u in clause if u.text == "куда"), None)
        if cell is None and where is not None:      # «на клетку, куда экипировке перемещаться запрещено»
            cell = next((u for u in reversed(rd.toks[:where.i]) if _is("cell_words", u)), None)
            if cell is not None:
                rd.use(where.i)
        card = next((rd.r.cards[rd.mention[u.i]] for u in clause if u.i in rd.mention
                     and rd.r.cards[rd.mention[u.i]].kind in ("symbiote", "parasite", "equipment", "creature")), None)
        if row_only is not None and verb is not None and card is not None:
            card.banned = True
            card.banned_row = _ROWS[rd.toks[row_only.i - 1].lemma]
            rd.use(t.i, verb.i, nx.i if cannot else None, row_only.i, row_only.i - 1, row_only.i - 2)
            for u in clause:    # «висит эффект, что …»: who bans does not matter
                if u.lemma in ("особенность", "способность", "эффект", "текст", "по"):
                    rd.use(u.i)
            continue
        if verb is None or cell is None or card is None:
            continue
        card.banned = True
        rd.use(t.i, verb.i, cell.i, nx.i if cannot else None)
        row, num = rd.tok(cell.i + 2), rd.tok(cell.i + 1)
        if row is not None and row.lemma == "ряд" and row.clause == cell.clause and num is not None and \
                num.lemma in ("первый", "второй", "третий"):
            rd.use(num.i, row.i)    # «на клетки первого ряда»: which cells — the asked motion goes «туда»
            card.banned_row = _ROWS[num.lemma]
        for u in clause:
            if u.text == "на" and rd.tok(u.i + 1) is not None and (rd.tok(u.i + 1) is cell or _is("cell_adjectives", rd.tok(u.i + 1))):
                rd.use(u.i)
            if _is("cell_adjectives", u) and u.i < cell.i:
                rd.use(u.i)
        for u in clause:    # «особенность запрещает»: who bans does not matter
            if u.lemma in ("особенность", "способность", "эффект", "текст", "по"):
                rd.use(u.i)


def read_card_move(rd, sent: list, neg_word: str | None, yes_no: bool) -> bool:
    """Set ``rd.r.asked`` to the asked motion of ``sent`` (module doc); ``False`` if none."""
    from bot.reading.hosts import move_op
    from bot.reading.reader import Asked

    if not yes_no:
        return False        # «где теперь симб?», «куда он пойдёт?»: not whether it may move
    kind, acts = None, []
    sent = [t for t in sent if not (t.tense == "past" and t.pos == "VERB")]     # «орка переместили, …»: told, not asked
    for t in sent:
        if _is("instead_verbs", t):
            kind, acts = "instead_of_movement", [t]
            break
        if _is("instead_nouns", t):
            use = next((u for u in sent if _is("use_verbs", u)), None)
            kind, acts = "instead_of_movement", [t, *([use] if use else [])]
            break
    if kind is None:
        acts = [t for t in sent if t.lemma in rd.w.move_verbs or move_op(t.lemma)]      # «передвинуть» moves too
        nouns = [t for t in sent if _is("move_nouns", t) and any(_is("declare_verbs", u) for u in sent)]
        if nouns:
            acts += [nouns[0], next(u for u in sent if _is("declare_verbs", u))]
        if not acts:
            return False
        kind = "relocation" if all(move_op(t.lemma) == "relocate" for t in acts) else "movement"
    occupant = None
    for t in sent:      # «на клетку, где стоит артефакт», «на клетку с артефактом»
        if not _is("cell_words", t):
            continue
        after = [u for u in sent if t.i < u.i <= t.i + 4]
        for u in after:
            if u.i in rd.mention and rd.tok(u.i - 1) is not None and (rd.tok(u.i - 1).text in ("с", "со") or any(
                    v.text == "где" for v in after if v.i < u.i)):
                occupant = rd.r.cards[rd.mention[u.i]]
                rd.use(t.i, *(v.i for v in after if v.i <= u.i and (v.text in ("с", "со", "где") or _is("stand_verbs", v))))
                prev = rd.tok(t.i - 1)
                if prev is not None and prev.text == "на":
                    rd.use(prev.i)
                break
        if occupant is not None:
            break
    mover = next((rd.r.cards[rd.mention[t.i]] for t in sent if t.i in rd.mention
                  and (occupant is None or rd.mention[t.i] != occupant.key)), None)
    if mover is None:
        return False
    there = [t for t in sent if _is("there", t)]
    banned = [c for c in rd.r.cards.values() if c.banned]
    for t in sent:      # «переместиться в первый ряд» after a ban on the cells of the first row: onto them
        num, prep = rd.tok(t.i - 1), rd.tok(t.i - 2)
        if t.lemma == "ряд" and num is not None and num.lemma in _ROWS and prep is not None and prep.text in ("в", "во", "на") \
                and any(c.banned_row == _ROWS[num.lemma] for c in banned):
            there += [t, num, prep]
    onto_banned = any(t.text == "куда" and t.i in rd.r.used for t in sent)     # «на клетку, куда … запрещено»
    if there and not banned:
        return False        # «туда» names a cell the reading does not know
    if banned and not (there or onto_banned):
        return False        # a ban told, but the asked motion is not onto that cell
    if banned and onto_banned:
        rd.use(*(t.i for t in sent if _is("cell_words", t) or t.text == "на" and rd.tok(t.i + 1) is not None
                 and _is("cell_words", rd.tok(t.i + 1))))
    for t in sent:      # «на соседнюю клетку»: the next cell, where the model moves it
        nxt = rd.tok(t.i + 1)
        if t.text == "на" and nxt is not None and _is("cell_adjectives", nxt) and _is("cell_words", rd.tok(t.i + 2)):
            rd.use(t.i, nxt.i, t.i + 2)
    rd.use(*(t.i for t in acts), *(t.i for t in there))
    for t in sent:
        if t.lemma in ("сам", "самостоятельно", "отдельно", "ещё", "еще", "снова") or t.text in ("сам", "сама", "само"):
            rd.use(t.i)       # «сам», «ещё»: the card's own movement, now
    rd.r.asked = Asked("move", mover.key, actions=(kind,), on=occupant.key if occupant else None,
                       negated=neg_word is not None, yes_no=yes_no, neg_word=neg_word)
    return True
