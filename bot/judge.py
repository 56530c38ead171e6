"""A question -> route -> Answer (docs/architecture.md, «How a message flows»).

Routes are tried in order; each is a module with
``answer(question: str, edition: str) -> Answer | None`` that returns ``None``
when the question is not its kind:

1. ``rule``     – the question is a paragraph number (bot.lookup)
2. ``claim``    – a claim to check («противник говорит, что …, он прав?», bot.reading.claims):
                  its proposition asked through every route below that gives a verdict
                  (``PROPOSITION_ROUTES``), then ruled on relative to who claimed it
   ``card``     – a card of the user's database that changes host and what its text gives
                  the host (bot.reading.host_change, 209.3 / 212.1)
3. ``ability``  – card text quoted with the board facts the question states, executed
                  on that board by the simulator (bot.sim.card_board_route); else card
                  text quoted in «…», "…", “…” or a question about a compound-ability
                  connective (bot.abilities.route, 505.*)
4. ``scenario`` – a movement, relocation or jump of a creature (bot.reading.movement_run, 506–507),
                  a board situation read compositionally into a scenario (bot.reading.route),
                  a stack story (bot.reading.stack), a game action's stack / speed /
                  priority facts (bot.reading.game_actions), simultaneous triggers
                  (bot.reading.triggers), the preliminary phase (bot.reading.preliminary),
                  the reveal step (bot.reading.reveal), lives (bot.reading.lives), the
                  phases of a turn (bot.reading.turn),
                  the stack's order, a phase's end, payment (bot.reading.stack_order)
5. ``rule_text`` – a yes/no or «что будет» question matched against the edition's own
                  sentences (bot.rules_text.route, issue 14); never before the simulator
6. ``glossary`` – «Что такое X?» from the edition's dictionary (bot.glossary)
   ``scenario`` – a described situation whose cards the reader found but not every word:
                  no verdict, the words it could not place named (bot.reading.partial)
7. ``search``   – everything else; always answers (bot.search)

An answer of the ability or scenario routes that cites a number the asked edition
does not have is not given: the next route answers and the trace says why (the
simulator and the resolver know the rules by the seed edition's numbers).

Before routing, card names of the user's card database are read
(``bot.cards.reading.read_cards``): the routes get the question with each card told as
its kind and traits (and its text when the ability is asked about), and the answer
says which card it took (a ``note`` block, ``trace``, ``cards`` in JSON).
"""

from __future__ import annotations

import importlib
import re

from bot.answer import Answer
from bot.errors import RulebookError
from bot.limits import QUESTION_CHARS, check_length
from bot.memo import new_question
from bot.textnorm import clean_user_text, fold
from bot.paths import DEFAULT_EDITION

ROUTE_MODULES: tuple[str, ...] = (
    "bot.lookup",
    "bot.reading.claims",
    "bot.reading.host_change",
    "bot.sim.card_board_route",
    "bot.abilities.route",
    "bot.reading.reasoning",
    "bot.reading.movement_run",
    "bot.reading.route",
    "bot.reading.stack",
    "bot.reading.game_actions",
    "bot.reading.triggers",
    "bot.reading.preliminary",
    "bot.reading.reveal",
    "bot.reading.lives",
    "bot.reading.turn",
    "bot.reading.stack_order",
    "bot.rules_text.route",
    "bot.glossary",
    "bot.reading.partial",
    "bot.search",
)


BOUND_ROUTES = ("scenario", "ability")
"""Routes whose conclusions carry the simulator's rule-effect paragraphs (5ed numbers):
their citations are rebound to the chosen edition by ``bot.sim.binding.bind_answer``
(the paragraph of that edition stating the same rule). When a conclusion rests on a
rule effect no paragraph of the edition states, the effect is not applied: the next
route answers from the edition's own text, opened by a note that this edition's text
does not cover the rule (``bot.sim.binding.uncovered_note``). The other routes read
the chosen edition's own text."""


PROPOSITION_ROUTES: tuple[str, ...] = tuple(
    m for m in ROUTE_MODULES if m not in ("bot.lookup", "bot.reading.claims", "bot.glossary", "bot.search"))
"""The routes that rule on a proposition (a verdict from the board, the card text, the
simulator or the rule text): a claim's proposition is asked through them, in this order."""


def proposition_routes():
    """The ``PROPOSITION_ROUTES`` modules in order, imported lazily."""
    for name in PROPOSITION_ROUTES:
        yield importlib.import_module(name)


def usable(ans: Answer, edition: str) -> bool:
    """Whether ``ask`` could give ``ans`` under ``edition``: a simulator or ability answer
    resting on no rule effect the edition leaves unstated, and no cited number the edition
    lacks (``bot.sim.binding``; the checks ``ask`` makes route by route)."""
    if ans.route in BOUND_ROUTES:
        from bot.sim.binding import uncovered_effects

        if uncovered_effects(ans, edition):
            return False
        return True
    if ans.route in ("rule_text", "glossary", "search", "rule"):
        return True
    return not _missing_citations(ans.citations, edition)


def _routes():
    """Yield the route modules in order, imported lazily (a route the question
    never reaches costs no start-up time). A missing module raises
    ``ModuleNotFoundError``: every route ships with the bot."""
    for name in ROUTE_MODULES:
        yield importlib.import_module(name)


def ask(question: str, edition: str = DEFAULT_EDITION) -> Answer:
    """Answer one judge question.

    Returns the first route's ``Answer``; the search route always answers, so the
    result is never ``None``. ``citations`` are most relevant first.
    Raises ``RulebookError`` when ``edition`` does not exist and ``InputLimitError``
    for a question longer than ``bot.limits.QUESTION_CHARS`` characters.
    """
    q = clean_user_text(check_length(question, QUESTION_CHARS, "Вопрос")).strip()
    new_question()      # the per-question memos (bot.memo) of the last question are forgotten
    from bot.courtesy import strip

    asked = strip(q)    # «привет, вопрос: …», «… заранее спс»: no fact of the game, nothing asked
    ans = _ask(asked, edition)
    if not ans.verdict:
        ans = _negated_by_positive(ans, asked, edition)
    if asked != q:
        ans.question = q
    return ans


NEGATED_FILL_CHARS = 100
"""The longest negated question answered through its positive form when no route read it
(a plain rule question; a longer one tells a situation, and a second pass costs ask's p99)."""


def _negated_by_positive(declined: Answer, q: str, edition: str) -> Answer:
    """A negated yes/no question no route gave a verdict on («авангард разве не быстрое
    игродействие?») answered through its positive form (``bot.yesno.positive_question``):
    a route's verdict on the positive statement rules the negated one, phrased relative to it
    (``bot.yesno.settle``: «Нет, не быстрое: …»). Not when the sentence has a negative pronoun
    («ничего», «никто»: removing «не» would not give the positive statement) or is long;
    else ``declined``."""
    from bot.yesno import positive_question, settle

    pq = positive_question(q) if len(q) <= NEGATED_FILL_CHARS else None
    if pq is None or re.search(r"(?<![а-яё])ни(?:что|чего|чем|кто|кого|кому|когда|где|куда|как|какой|какая|какие|"
                               r"какого|сколько)?(?![а-яё])", fold(pq)):
        return declined
    alt = _ask(pq, edition)
    if not alt.verdict or alt.route not in (*BOUND_ROUTES, "rule_text"):
        return declined
    verdict = settle(q, alt.verdict, lambda _q: alt.verdict)     # the route answered the positive statement
    if verdict == alt.verdict:
        return declined     # nothing tells how the positive verdict reads for the negated question
    alt.question, alt.verdict = q, verdict
    alt.trace = [f"вопрос с отрицанием прочитан через утвердительный: «{pq}» — {alt.verdict}", *alt.trace]
    return alt


def _ask(q: str, edition: str) -> Answer:
    """``ask`` of a cleaned question (see ``ask``)."""
    skipped: list[str] = []
    uncovered: list = []  # rule effects (bot.sim.binding.Effect) the edition does not state
    cards, no_store = _read_cards(q, skipped)
    asked = cards.question if cards is not None else q
    for route in _routes():
        if route.__name__ == "bot.search":
            ans = route.answer(asked, edition)
            from bot.reading.claims import framed

            ans = framed(asked, ans)    # a claim no route ruled on: which claim was read, and no ruling
        else:
            try:
                if cards is not None and getattr(route, "CARD_AWARE", False):
                    ans = route.answer(q, edition, cards=list(cards.mentions))
                else:
                    ans = route.answer(asked, edition)
            except RulebookError:
                raise
            except Exception as e:  # a failing specialised route must not cost the user an answer
                skipped.append(f"маршрут {route.__name__} не справился ({type(e).__name__}: {e}); отвечает поиск")
                continue
        if ans is not None and ans.route in BOUND_ROUTES and route.__name__ not in _EDITION_BOUND:
            from bot.sim.binding import bind_answer, uncovered_effects

            unstated = uncovered_effects(ans, edition)
            if unstated:  # a rule effect this edition does not state: not applied, not cited
                skipped.append(f"маршрут {route.__name__} ссылается на пункты, которых нет в редакции {edition} "
                               f"({', '.join(e.number for e in unstated)}); отвечает следующий маршрут")
                uncovered.extend(e for e in unstated if e not in uncovered)
                continue
            ans = bind_answer(ans, edition)
        if ans is not None and route.__name__ not in _EDITION_BOUND:
            missing = _missing_citations(ans.citations, edition)
            if missing:
                skipped.append(f"маршрут {route.__name__} ссылается на пункты, которых нет в редакции {edition} "
                               f"({', '.join(missing)}); отвечает следующий маршрут")
                continue
        if ans is not None and ans.route in BOUND_ROUTES and not ans.verdict:
            ans = _rule_text_instead(ans, asked, edition)
        if ans is not None:
            had = bool(ans.verdict)
            _lead_gate(ans, q, _prober(route, asked, edition))
            if had and not ans.verdict and ans.route in BOUND_ROUTES:
                # «что значит перемещение?» read as an argument: the simulator's «да / нет» answers no
                # wh-question — the rule text may state the value asked
                alt = _rule_text_instead(ans, asked, edition)
                if alt is not ans and alt.verdict:
                    _lead_gate(alt, q)
                    if alt.verdict:
                        ans = alt
            if cards is not None:
                _with_cards(ans, q, cards, getattr(route, "CARD_AWARE", False))
            if no_store:
                from bot.answer import Block

                ans.blocks.insert(0, Block("note", no_store, title="База карт недоступна"))
            if skipped:
                ans.trace = skipped + list(ans.trace)
            if uncovered:
                from bot.sim.binding import uncovered_note

                ans.blocks = [uncovered_note(uncovered, edition), *ans.blocks]
                if ans.route != "rule_text":  # a rule-text verdict rests on this edition's own sentence
                    ans.verdict = None
            if not ans.verdict and ans.route in (*BOUND_ROUTES, "rule_text"):
                _with_nearest(ans, asked, edition)
            ans.edition = edition
            return ans
    raise RuntimeError("no route answered; the search route must always answer")


UNKNOWN_KIND_TRACE = "вид карты не указан"
"""How the trace of a reader's answer that asks a card's kind back opens (``bot.reading.route``)."""

RULE_TEXT_FILL_CHARS = 160
"""The longest question the rule text rules on after the simulator declined it: a plain
rule question («пас щитается игродействием или нет») is short; a longer one tells a
situation."""


def _rule_text_instead(declined: Answer, question: str, edition: str) -> Answer:
    """The rule-text verdict on ``question`` when the simulator route declined it
    (``declined`` has no verdict), else ``declined``. Only a question the rule text reads
    whole — one sentence, no set-up told before it that the rule text would ignore — and
    not one the reader found contradictory; the rule text never overrides a simulator
    verdict (issue 14), it only fills a silence. Several sentences are read when all but the
    asked one are the asker's premise (``bot.rules_text.premise``), or when the sentence the
    verdict rests on says every concept they tell (``bot.rules_text.route.story_said``)."""
    from bot.rules_text import premise, route as rule_text

    contradicted = any("противоречие" in (b.text or "") for b in declined.blocks)
    if any(t.startswith(UNKNOWN_KIND_TRACE) for t in declined.trace):
        return declined     # a card of unknown kind: the reader asks back; the rule text would rule on a guess
    try:   # a printed table's value, a rule of effect whose every condition the story tells: any length
        told = None if contradicted else rule_text.story_answer(question, edition)
    except RulebookError:
        raise
    except Exception:  # noqa: BLE001 - the simulator's honest partial answer stands
        told = None
    if told is not None and told.verdict:
        told.trace = [f"симулятор вердикта не дал ({declined.route}): ответ по тексту правил", *told.trace]
        return told
    if len(question) > RULE_TEXT_FILL_CHARS:
        return declined     # a long story is the simulator's to read (and a rule-text pass costs ask's p99)
    if contradicted and not rule_text.roles_apart(question, edition):
        return declined     # «летающее и не летающее» of one card; not two cards, one acting, one acted on
    story = len(premise.chat_sentences(question)) != 1 and premise.split(question) is None
    try:
        ans = rule_text.answer(question, edition)
    except RulebookError:
        raise
    except Exception:  # noqa: BLE001 - the simulator's honest partial answer stands
        return declined
    if ans is None or not ans.verdict:
        return declined
    if story and not rule_text.story_said(question, edition, ans):
        return declined     # set-up sentences telling what the sentence ruled on does not say
    from bot.yesno import question_kind

    if question_kind(question) == "open" and ans.verdict.startswith(("Да", "Нет")):
        return declined     # «на какие сущи можно вешать симба?» asks which, not whether
    ans.trace = [f"симулятор вердикта не дал ({declined.route}): ответ по тексту правил", *ans.trace]
    return ans


NEAREST = 3
"""How many nearest paragraphs of the asked edition a declined answer carries."""


def _with_nearest(ans: Answer, question: str, edition: str) -> None:
    """A declined answer (no verdict) of the simulator, ability or rule-text route never
    leaves the user without the rules: its citations are completed with the search route's
    nearest paragraphs of ``edition`` (``bot.search.nearest``, up to ``NEAREST`` in all),
    and a «Ближайшие пункты» list shows them when no block of the answer quotes or lists
    paragraphs. Changes ``ans`` in place."""
    from bot import search
    from bot.answer import Block

    near: list[str] = []
    if len(ans.citations) < NEAREST:
        try:
            found = search.nearest(question, edition, NEAREST)
        except RulebookError:
            raise
        except Exception as e:  # noqa: BLE001 - the declined answer stands without them
            ans.trace = list(ans.trace) + [f"ближайшие пункты не найдены ({type(e).__name__}: {e})"]
            found = []
        near = [n for n in found if n not in ans.citations][:NEAREST - len(ans.citations)]
    if near:
        ans.citations = list(ans.citations) + near
        ans.trace = list(ans.trace) + [f"вердикта нет: ближайшие пункты редакции {edition} — {', '.join(near)}"]
    if not ans.citations or any(b.kind == "rule" or (b.kind == "list" and b.items) for b in ans.blocks):
        return
    from bot.rulebook import load

    rb = load(edition)
    items = tuple(f"{n} — {_snippet(rb.get(n).text)}" for n in ans.citations[:NEAREST] if rb.get(n) is not None)
    if items:
        ans.blocks = list(ans.blocks) + [Block("list", title="Ближайшие пункты:", items=items)]


def _snippet(text: str, width: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + " …"


def _prober(route, asked: str, edition: str):
    """``str -> verdict | None``: ``route`` asked another wording of ``asked`` (the positive
    form of a negated question, ``bot.yesno.settle``); a failing route gives ``None``."""
    def probe(question: str) -> str | None:
        try:
            a = route.answer(question, edition)
        except Exception:  # noqa: BLE001 - the probe only tells the lead word; no verdict from it is fine
            return None
        return a.verdict if a is not None else None
    return probe


def _lead_gate(ans: Answer, q: str, probe=None) -> None:
    """A negated yes/no question gets its verdict phrased relative to its statement
    (``bot.yesno.settle``: «разве нельзя …?» -> «Нет, нельзя: …»). A yes/no question («…?»,
    «разве …», «прав ли …») is answered «Да» / «Нет», «кто прав?»
    with the person (``bot.yesno.fits``); a finding of the ability, scenario or rule-text route that
    does not say whether the asked proposition holds is shown, but not given as the
    verdict (issue 11: an honest partial answer, never a bare statement for a yes/no). A
    wh-question closed by the asker's guess («у кого приоритет, у противника?») gets «Да, …» /
    «Нет, …» before the value where the guess compares for certain (``bot.proposed.weigh``). A
    message that asks nothing (``bot.yesno.asks``: «Посадил симба на орка.») gets no verdict."""
    from bot.proposed import weigh
    from bot.yesno import answers_other_predicate, asks, fits, settle

    if ans.route not in (*BOUND_ROUTES, "rule_text"):
        return
    ans.verdict = settle(q, ans.verdict, probe)    # a negated question: the lead word agrees with the content word
    if ans.verdict and not asks(q):     # «Посадил симба на орка.»: a statement gets no ruling
        _withhold(ans, "Вердикт не даю: в сообщении нет вопроса. Спросите, что нужно узнать (например: «Можно ли "
                       "…?», «Что будет с …?»). Найдено: " + ans.verdict, "в сообщении нет вопроса")
        return
    if ans.verdict and _LEAD_YES_NO_RE.match(ans.verdict.lstrip()) and _opens_with_wh(q):
        # «кто может атаковать летающее существо?» asks who: «Да, может» answers nothing asked
        _withhold(ans, "Вердикт «да» или «нет» не даю: вопрос спрашивает не «да или нет», а что именно. Найдено: "
                  + ans.verdict, "вопрос «кто / что / какой / сколько …», а найденное — «да / нет»")
        return
    if _opens_with_wh(q):
        ans.verdict = weigh(q, ans.verdict)     # «у кого приоритет, у противника?» -> «Нет, у …»
    if answers_other_predicate(q, ans.verdict):
        # «раз шмотку нельзя надевать, она уничтожается?» — «Да, нельзя» rules on the premise
        _withhold(ans, "Вердикт «да» или «нет» не даю: найденное говорит о «можно / нельзя», а спрошено другое. "
                       "Найдено: " + ans.verdict, "«да / нет» о разрешении, а спрошено не о нём")
        return
    if fits(q, ans.verdict):
        return
    _withhold(ans, "Вердикт «да» или «нет» не даю: найденное не говорит прямо, верно ли то, о чём спрошено. "
                   "Найдено: " + ans.verdict, "вопрос да/нет, а найденное не отвечает ни «да», ни «нет»")


def _withhold(ans: Answer, note: str, why: str) -> None:
    """Show the finding of ``ans`` without giving it as the verdict: ``note`` (Russian, the
    finding quoted) becomes its first block, «вердикт не дан: ``why``» the last trace line, and
    the verdict ``None`` (issue 11: an honest partial answer)."""
    from bot.answer import Block

    ans.blocks.insert(0, Block("text", text=note))
    ans.trace = list(ans.trace) + [f"вердикт не дан: {why}"]
    ans.verdict = None


_LEAD_YES_NO_RE = re.compile(r"(?i)(да|нет)(?![а-яё])")


def _opens_with_wh(question: str) -> bool:
    """The asked sentence of ``question`` (the last one with «?», else the last) opens with a
    question word asking a value (``bot.rules_text.values.opens_with_wh``)."""
    from bot.rules_text.values import opens_with_wh
    from bot.textnorm import fold
    from bot.yesno import _WHO_RIGHT

    from bot.asked import last_asked

    asked = last_asked(question)
    if asked is None or _WHO_RIGHT.search(fold(question)):   # «кто прав?» is answered «Да, вы правы» too
        return False
    return opens_with_wh(asked)


_EDITION_BOUND = ("bot.lookup", "bot.rules_text.route", "bot.glossary", "bot.reading.partial", "bot.search")
"""Routes that read the asked edition itself, so they cite only its paragraphs (the partial
answer's citations are the search route's: never read as the simulator's numbers)."""


def _missing_citations(citations: list[str], edition: str) -> list[str]:
    """The cited numbers that are neither a paragraph nor a section of ``edition``.
    The simulator and the ability resolver know the rules by the numbers of the seed
    edition; under another edition such an answer would cite paragraphs the user's
    rulebook does not have (or that say something else), so it is not given."""
    from bot.rulebook import load

    rb = load(edition)
    return [n for n in citations if rb.get(n) is None and rb.section(n) is None]


def _read_cards(q: str, skipped: list[str]):
    """``(cards, unavailable)``: the cards the question names
    (``bot.cards.reading.CardReading``) or ``None``, and the Russian note shown in the
    answer when the card database is configured but cannot be opened (an unreachable
    ``DATABASE_URL``), else ``None``. A failing card store never costs the user an
    answer, and is never taken as «no such card»: the answer says the base was not
    consulted (the trace says why)."""
    from bot.store import StoreError

    try:
        from bot.cards.reading import read_cards

        return read_cards(q), None
    except StoreError as e:
        skipped.append(f"база карт недоступна ({e}); карты в вопросе не учтены")
        return None, (f"{str(e).rstrip('.')}. Ответ дан без вашей базы карт: если в вопросе названа карта "
                      "из неё, она прочитана как карта неизвестного вида.")
    except Exception as e:  # noqa: BLE001 - the card database is optional
        skipped.append(f"база карт не прочитана ({type(e).__name__}: {e}); карты в вопросе не учтены")
        return None, None


def _with_cards(ans: Answer, q: str, cards, card_aware: bool) -> None:
    """Say in ``ans`` which cards the question was read with (``card_aware``: the route
    read the cards itself; else it got the question with each card told as its kind):
    a note block, the trace, ``cards`` in JSON, and «Как я понял: … карта «X» из вашей
    базы: …, текст: «…»» (``bot.cards.reading.took``) unless the route's own reading says it."""
    from bot.answer import Block

    from bot.cards.reading import took

    ans.question = q
    ans.blocks.insert(0, Block("note", "\n".join(cards.notes), title="Карты из вашей базы"))
    if ans.route == "scenario" and ans.verdict:
        _withhold_for_card_text(ans, q, cards)
    said = [t for t in dict.fromkeys(took(m.card) for m in cards.mentions) if t not in (ans.understood or "")]
    if said:   # «Как я понял» names every card taken from the database, with its kind and text
        ans.understood = (ans.understood.rstrip(". ") + "; " if ans.understood else "Как я понял: ") + "; ".join(said) + "."
    how = [] if card_aware else [f"вопрос прочитан как: {cards.question}"]
    ans.trace = [f"карта: {n}" for n in cards.notes] + how + list(ans.trace)
    ans.cards = cards.facts()


def _withhold_for_card_text(ans: Answer, q: str, cards) -> None:
    """A situation verdict the simulator reached without a named card's text is not given
    when that text bears on what is asked (``bot.cards.reading.text_bears_on``): the
    simulator does not execute lasting card text, so the verdict could be wrong. The
    finding is shown with the part of the text that may change it."""
    from bot.cards.reading import text_bears_on

    for m in cards.mentions:
        part = text_bears_on(m.card, q)
        if part is None:
            continue
        _withhold(ans, f"Вердикт не даю: в тексте карты «{m.card.name}» есть «{part}» — это может менять ответ, а "
                       f"такой текст карты я на поле не выполняю. По правилам без учёта текста: {ans.verdict}",
                  f"текст карты «{m.card.name}» («{part}») касается спрошенного, симулятор его не выполняет")
        return
