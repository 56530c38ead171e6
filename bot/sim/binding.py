"""Rule effects bound to the paragraphs of the chosen edition, by content.

The simulator and the ability resolver were written against the paragraphs of
``SIM_EDITION`` (5ed): a rule effect («симбиот погибает, когда хозяин покидает поле боя»)
carries the 5ed paragraph that states it. For another edition the same effect is cited
by *that* edition's paragraph stating the same content, never by the 5ed number (which
means something else there): ``binding(edition)`` maps every effect paragraph of
``rulebook/sim/effects.yaml`` to the paragraph of ``edition`` stating it, or to ``None`` when no
paragraph of that edition states it. An effect with a signature (key terms, consequence
verb, sense: ``bot.sim.effect_match``) is found by it, so a paraphrase binds («Симбиота
нельзя назначить летающему существу» states «Нельзя помещать симбиота на летающее
существо»); one without, by whole-paragraph similarity (``bind_by_content``: mutual best
match, similarity ≥ ``MIN_SIMILARITY``). An effect without a paragraph in the chosen edition
is not applied and not cited: ``bind_answer`` withholds a verdict that rests on it and
says that this edition's text does not cover it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

import yaml

from bot.errors import RulebookError
from bot.paths import rulebook_dir
from bot.sim.effect_match import Signature, match_effects, signature_of

SIM_EDITION = "5ed"
"""The edition whose paragraph numbers the simulator's rule effects carry."""
MIN_SIMILARITY = 0.55
"""Cosine similarity (0–1) of rarity-weighted lemma sets from which two paragraphs state the same rule."""

_WORD = re.compile(r"[а-яёa-z]+(?:-[а-яёa-z]+)*", re.IGNORECASE)
_NUM = re.compile(r"\b\d{3}(?:\.\d{1,2}){1,2}(?:\.[а-я])?\b")


@dataclass(frozen=True)
class Effect:
    """A rule effect of the simulator: ``number`` (its ``SIM_EDITION`` paragraph),
    ``what`` (a short Russian description) and ``signature`` – its key terms, consequence
    verbs and sense (``bot.sim.effect_match.Signature``) when the list gives them."""

    number: str
    what: str
    signature: Signature | None = field(default=None, compare=False)


def effects_path():
    """Path of the effect list ``rulebook/sim/effects.yaml``."""
    return rulebook_dir() / "sim" / "effects.yaml"


@lru_cache(maxsize=1)
def effects() -> tuple[Effect, ...]:
    """The rule effects the simulator and the ability resolver apply, from
    ``rulebook/sim/effects.yaml``; raises ``RulebookError`` when it is unreadable."""
    path = effects_path()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        return tuple(Effect(str(d["number"]), str(d["what"]), signature_of(str(d["number"]), d, str(path))) for d in data)
    except ValueError as e:
        raise RulebookError(str(e)) from e
    except (OSError, yaml.YAMLError, KeyError, TypeError) as e:
        raise RulebookError(f"{path}: не читается список правил симулятора ({e}); ожидался список {{number, what}}") from e


@lru_cache(maxsize=100_000)
def _lemma(word: str) -> str:
    from bot.morph import lemma

    return lemma(word.lower())


def _lemmas(text: str) -> frozenset[str]:
    from bot.lexicon import STOP_WORDS

    return frozenset(_lemma(w) for w in _WORD.findall(text) if len(w) > 2 and w.lower() not in STOP_WORDS)


def _clause_text(rb, c) -> str:
    return " ".join((c.text, *(s.text for s in rb.subpoints(c.number))))


@lru_cache(maxsize=8)
def binding(edition: str) -> dict[str, str | None]:
    """Effect paragraph (``SIM_EDITION`` number) -> the paragraph of ``edition`` that
    states the same rule, or ``None``. Identity for ``SIM_EDITION`` itself. Raises
    ``RulebookError`` when an edition does not exist."""
    from bot.rulebook import load

    return binding_of(load(edition))


def binding_of(rb) -> dict[str, str | None]:
    """``binding`` for a loaded ``Rulebook``. For ``SIM_EDITION`` an effect keeps its own
    paragraph only while that paragraph still says what the effect says (its text opens
    with the effect's ``what``): a re-imported 5ed that lost or changed the paragraph
    leaves the effect unbound."""
    from bot.rulebook import load
    from bot.textnorm import fold

    if rb.edition == SIM_EDITION:
        out: dict[str, str | None] = {}
        for e in effects():
            c = rb.get(e.number)
            head = fold(e.what.removesuffix(" …"))
            out[e.number] = e.number if c is not None and fold(c.text).startswith(head) else None
        return out
    return bind_effects(load(SIM_EDITION), rb, list(effects()))


def bind_effects(source, target, effs: list[Effect]) -> dict[str, str | None]:
    """Effect number -> the paragraph of ``target`` stating it, or ``None``. An effect
    with a signature (key terms, consequence verb, sense) is found by it
    (``bot.sim.effect_match``: paraphrase allowed, the words compared as lemmas); one
    without, by the whole-paragraph similarity of ``bind_by_content``. Candidates of a
    signature are ranked by the similarity of their paragraph to the effect's
    ``source`` paragraph."""
    sims = _Similarity(source, target)
    keyed = [e.signature for e in effs if e.signature is not None]
    found = match_effects(keyed, target, sims.cos) if keyed else {}
    rest = bind_by_content(source, target, [e.number for e in effs if e.signature is None], sims)
    return {e.number: found.get(e.number) if e.signature is not None else rest.get(e.number) for e in effs}


class _Similarity:
    """Cosine similarity of rarity-weighted lemma sets (lettered sub-points included) of
    the paragraphs of a ``source`` and a ``target`` edition."""

    def __init__(self, source, target) -> None:
        tv = [(c.number, _lemmas(_clause_text(target, c))) for c in target.clauses]
        sv = [(c.number, _lemmas(_clause_text(source, c))) for c in source.clauses]
        df: dict[str, int] = {}
        for _, ls in tv + sv:
            for lem in ls:
                df[lem] = df.get(lem, 0) + 1
        n_docs = len(tv) + len(sv)

        def vec(ls: frozenset[str]) -> tuple[dict[str, float], float]:
            v = {lem: math.log(n_docs / df[lem]) for lem in ls}
            return v, math.sqrt(sum(x * x for x in v.values())) or 1.0

        self.tvec = [(n, *vec(ls)) for n, ls in tv]
        self.tby = {n: (v, m) for n, v, m in self.tvec}
        self.svec = {n: vec(ls) for n, ls in sv}

    @staticmethod
    def pair(a, b) -> float:
        (va, na), (vb, nb) = a, b
        if len(va) > len(vb):
            va, vb = vb, va
        return sum(w * vb[k] for k, w in va.items() if k in vb) / (na * nb)

    def cos(self, source_number: str, target_number: str) -> float:
        """Similarity (0–1) of a ``source`` paragraph and a ``target`` paragraph (0 when either is missing)."""
        if source_number not in self.svec or target_number not in self.tby:
            return 0.0
        return self.pair(self.svec[source_number], self.tby[target_number])


def bind_by_content(source, target, numbers: list[str], sims: "_Similarity | None" = None) -> dict[str, str | None]:
    """For each paragraph ``number`` of the ``source`` Rulebook, the paragraph of
    ``target`` that states the same rule, or ``None``: the ``target`` paragraph most
    similar to it (cosine of rarity-weighted lemma sets, lettered sub-points included)
    when the similarity is at least ``MIN_SIMILARITY`` and the ``source`` paragraph is in
    turn the most similar one to it (mutual best match). Precision over recall: an
    effect left unbound gives no verdict, a wrong binding would give a wrong one."""
    sims = sims or _Similarity(source, target)
    tvec, svec, cos = sims.tvec, sims.svec, sims.pair
    out: dict[str, str | None] = {}
    for num in numbers:
        if num not in svec:
            out[num] = None
            continue
        sc, best = max(((cos(svec[num], (v, n)), cn) for cn, v, n in tvec), default=(0.0, None))
        if best is None or sc < MIN_SIMILARITY:
            out[num] = None
            continue
        t = sims.tby[best]
        back = max(svec, key=lambda m: cos(svec[m], t))
        out[num] = best if back == num else None
    return out


def unbound(rb) -> list[Effect]:
    """Rule effects no paragraph of the loaded edition ``rb`` states (``rulebook check`` lists them)."""
    b = binding_of(rb)
    return [e for e in effects() if b.get(e.number) is None]


def uncovered_effects(ans, edition: str) -> list[Effect]:
    """The rule effects ``ans`` cites (``SIM_EDITION`` numbers) that no paragraph of
    ``edition`` states: a conclusion resting on one of them is not given for ``edition``."""
    b = binding(edition)
    known = {e.number: e for e in effects()}
    return [known[n] for n in dict.fromkeys(ans.citations) if n in known and b.get(n) is None]


def uncovered_note(unstated: list[Effect], edition: str):
    """The note that opens an answer when the simulator's conclusion rested on rules the
    edition does not state (no number of another edition is named)."""
    from bot.answer import Block

    what = "; ".join(f"«{e.what}»" for e in unstated)
    return Block("note", (
        f"Текст редакции {edition} этого не покрывает: ни в одном её пункте нет правила {what}. "
        "Вердикт по этой редакции не даю и пункты другой редакции не привожу; ниже – ближайшее в её тексте."))


def scenario_result_for(result: dict, edition: str) -> dict:
    """A ``scenario run --json`` result (``ScenarioResult.to_json()``) told in the paragraphs
    of ``edition``: every effect paragraph number in it (cites, trace lines, failures)
    replaced by the paragraph of ``edition`` stating the same rule («—» when none does);
    plus ``edition`` and ``not_in_edition`` (what the unbound effects say). The run
    itself is the simulator's: pass/fail does not change."""
    b = binding(edition)
    known = {e.number: e for e in effects()}
    seen: list[str] = []

    def walk(x):
        if isinstance(x, str):
            for n in _NUM.findall(x):
                if n in known and b.get(n) is None and n not in seen:
                    seen.append(n)
            return _map_line(x, b) if _NUM.search(x) else x
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x

    out = walk(result)
    out["edition"] = edition
    out["not_in_edition"] = [known[n].what for n in seen]
    return out


def _map_line(line: str, b: dict[str, str | None]) -> str:
    """Rewrite the paragraph numbers of a trace line «… (п. 209.4, 405.2)» for the edition."""
    def sub(m: re.Match) -> str:
        n = m.group(0)
        return b.get(n) or "—" if n in b else n
    return _NUM.sub(sub, line)


def bind_answer(ans, edition: str):
    """The answer of a route whose conclusions carry ``SIM_EDITION`` paragraphs
    (``scenario``, ``ability``), made true to ``edition``: citations and rule quotes are
    that edition's paragraphs stating the same rules; a conclusion resting on a rule this
    edition does not state loses its verdict, and a note says that the edition's text
    does not cover it (no number of another edition is cited). ``ans`` unchanged for
    ``SIM_EDITION`` while its paragraphs still state the effects."""
    from bot.answer import Block
    from bot.rulebook import load

    b = binding(edition)
    known = {e.number: e for e in effects()}
    if all(b.get(n) == n for n in ans.citations if n in known) and edition == SIM_EDITION:
        return ans  # the effects' own paragraphs, still saying what the effects say
    missing = [n for n in ans.citations if n in known and b.get(n) is None]
    cites: list[str] = []
    for n in ans.citations:
        m = b.get(n) if n in known else None
        if m and m not in cites:
            cites.append(m)
    rb = load(edition)
    blocks = []
    for blk in ans.blocks:
        if blk.kind == "rule":
            continue  # quoted again below from this edition
        if blk.items:
            blk = replace(blk, items=tuple(_map_line(i, b) for i in blk.items))
        elif blk.text:
            blk = replace(blk, text=_map_line(blk.text, b))
        blocks.append(blk)
    verdict = ans.verdict
    trace = [_map_line(t, b) for t in ans.trace]
    if missing:
        what = "; ".join(f"«{known[n].what}»" for n in missing)
        # the rule is not applied: nothing concluded from it is shown
        blocks = [Block("note", (
            f"Текст редакции {edition} этого не покрывает: ни в одном её пункте нет правила {what}. "
            "Вердикт по этой редакции не даю и пункты другой редакции не привожу."))]
        trace = [f"правило симулятора {what} в тексте редакции {edition} не найдено – не применяется"]
        verdict = None
        cites = []
    quoted = [Block("rule", rb.get(n).text, number=n) for n in cites[:3] if rb.get(n) is not None]
    at = next((i for i, blk in enumerate(blocks) if blk.kind == "steps"), len(blocks))
    blocks[at:at] = quoted
    return replace(ans, verdict=verdict, blocks=blocks, citations=cites, trace=trace)
