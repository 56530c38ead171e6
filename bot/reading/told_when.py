"""When a told event happened, where that does not change what it does.

«в подфазу начала боя воина убили», «на рассадке посадил симба на воина»: a creature's death,
its leaving play, a trait or class it gains or loses do the same to the cards on it in any
phase (209.4, 209.5, 212.2, 212.3) — so the words saying when they happened are read (used)
for such a told event, in its own clause, and nothing is added to the scenario. A placing
told in a set-up sentence «на рассадке» is the seating step that put the card there (405.2):
the scenario starts with the card on its host. The words are in ``grammar/lexicon.yaml``
(``reader.event_time``, ``reader.phase_names``, ``reader.seating_words``).
"""

from __future__ import annotations

# Told events whose effect on attached cards does not depend on the phase.
_TIMELESS = ("die", "leave", "gain", "lose", "set_class")


def read_event_times(rd) -> None:
    """Use «в / во <фаза | подфаза | шаг …> <names of the phase>» in the clause of a told
    event of ``_TIMELESS`` (not the asked one) and «на / при рассадке» in the clause of a
    placing told before the question. ``rd`` is the reader (``bot.reading.reader._Reader``)."""
    w = rd.w
    clauses = {rd.toks[e.at].clause for e in rd.r.events if e.op in _TIMELESS}
    for t in rd.toks:
        if t.clause not in clauses or t.lemma not in w.event_time or t.i in rd.r.used:
            continue
        prev = rd.tok(t.i - 1)
        if prev is None or prev.text not in ("в", "во") or prev.clause != t.clause:
            continue
        idx = [prev.i, t.i]
        for k in range(t.i + 1, min(t.i + 4, len(rd.toks))):
            u = rd.toks[k]
            if u.clause != t.clause or u.i in rd.mention or u.lemma not in w.phase_names:
                break
            idx.append(k)
        rd.use(*idx)
    from bot.reading.lexicon import section_sets

    seating = section_sets("reader")["seating_words"]
    placed = {t.clause for t in rd.toks if t.lemma in w.place_verbs and t.i in rd.r.used and t.sent != rd.asked_sent}
    for t in rd.toks:
        if t.clause in placed and t.lemma in seating and t.i not in rd.r.used and t.lemma not in ("назначить", "назначать"):
            prev = rd.tok(t.i - 1)
            rd.use(t.i, prev.i if prev is not None and prev.text in ("на", "при", "во", "в") else None)
