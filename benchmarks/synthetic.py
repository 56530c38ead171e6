"""A generated edition N times larger than a real one, with an N times larger
vocabulary, for the speed benchmarks.

New paragraphs keep the shape of real ones (a real sentence's function words,
punctuation and length) but most content words are replaced by synthesised
Russian-like words: new stems built from syllables with Russian inflections
(noun, adjective and verb endings), none of them a word of the real edition. New
words appear at the rate needed for the edition's distinct words to grow about
``factor`` × (a Heaps-like stream: a fresh word, or a Zipf-chosen earlier one), so
the search index, the typo index and the morphology meet a vocabulary of the
larger size, not the seed's words again. The real paragraphs stay, so real
questions still find their answers. Deterministic for a given ``seed``.
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import yaml

_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")
_WORD = re.compile(r"[А-Яа-яЁё]+")
_CONSONANTS = "бвгдзклмнпрстфхчшж"
_VOWELS = "аеиоуыя"
_ENDINGS = {
    "noun": ["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах"],
    "adj": ["ый", "ая", "ое", "ого", "ому", "ым", "ые", "ых", "ую", "ой"],
    "verb": ["ать", "ает", "ают", "ал", "ала", "ающий", "ающего", "ается", "ив", "енный"],
}


def _stem(rng: random.Random) -> str:
    """A pronounceable stem of 2–3 syllables: «кравол», «мотешир»."""
    out = []
    for _ in range(rng.randint(2, 3)):
        out.append(rng.choice(_CONSONANTS) + rng.choice(_VOWELS))
    out.append(rng.choice(_CONSONANTS + "лнр"))
    return "".join(out)


class Vocabulary:
    """Synthesised lexemes (stem + part of speech); ``word(rng)`` yields a surface form
    of a fresh lexeme with probability ``fresh``, else of an earlier one (Zipf-like:
    earlier lexemes are more frequent)."""

    def __init__(self, taken: set[str], rng: random.Random) -> None:
        self.taken = taken
        self.rng = rng
        self.lexemes: list[tuple[str, str]] = []
        self.seen: set[str] = set()

    def _new_lexeme(self) -> tuple[str, str]:
        while True:
            stem = _stem(self.rng)
            pos = self.rng.choice(("noun", "noun", "adj", "verb"))
            if all((stem + e) not in self.taken for e in _ENDINGS[pos]):
                self.taken.update(stem + e for e in _ENDINGS[pos])
                lex = (stem, pos)
                self.lexemes.append(lex)
                return lex

    def word(self, fresh: float) -> str:
        rng = self.rng
        if not self.lexemes or rng.random() < fresh:
            stem, pos = self._new_lexeme()
        else:  # Zipf-like over earlier lexemes: index ~ n ** u
            n = len(self.lexemes)
            stem, pos = self.lexemes[min(n - 1, int(n ** rng.random()) - 1)]
        w = stem + rng.choice(_ENDINGS[pos])
        self.seen.add(w)
        return w


def seed_words(data: dict) -> set[str]:
    """Distinct lower-case words of an edition mapping (texts, examples, variants, titles)."""
    out: set[str] = set()
    for c in data["clauses"]:
        for part in [c.get("text", ""), *c.get("examples", []), *c.get("variants", [])]:
            out.update(w.lower() for w in _WORD.findall(part))
    for s in data.get("sections", []):
        out.update(w.lower() for w in _WORD.findall(s.get("title", "")))
    return out


def _replace_words(sentence: str, vocab: Vocabulary, fresh: float, share: float, keep: frozenset[str]) -> str:
    def sub(m: re.Match) -> str:
        w = m.group(0)
        if len(w) < 4 or w.lower() in keep or vocab.rng.random() > share:
            return w
        new = vocab.word(fresh)
        return new.capitalize() if w[0].isupper() else new

    return _WORD.sub(sub, sentence)


def scaled_edition(data: dict, factor: int = 10, seed: int = 7, name: str = "x10", share: float = 0.8) -> dict:
    """The edition mapping ``data`` (YAML shape of bot.rulebook) grown to about
    ``factor`` × as many clauses and ``factor`` × as many distinct words: new
    paragraphs are real sentences with a ``share`` of their content words replaced by
    synthesised ones (see the module doc). Deterministic for a given ``seed``."""
    from bot.lexicon import STOP_WORDS

    rng = random.Random(seed)
    clauses = list(data["clauses"])
    sentences = [s for c in clauses for s in _SENTENCE.split(c["text"]) if len(s) > 15]
    base_words = seed_words(data)
    want_words = len(base_words) * (factor - 1)
    vocab = Vocabulary(set(base_words), rng)
    keep = frozenset(STOP_WORDS)
    want = len(clauses) * (factor - 1)
    per_section = 12
    # replaced word slots in the new paragraphs ≈ want × (mean sentences 2 × content words)
    mean_slots = sum(len([w for w in _WORD.findall(s) if len(w) >= 4 and w.lower() not in keep]) for s in sentences) / len(sentences)
    slots = want * 2 * mean_slots * share + (want // per_section + 1) * 2
    new_sections, new_clauses = [], []
    sec = 600
    while len(new_clauses) < want:
        fresh = min(1.0, max(0.0, (want_words - len(vocab.seen)) / max(1.0, slots)) * 1.15)
        title = " ".join(vocab.word(fresh) for _ in range(rng.randint(1, 3))).capitalize()
        new_sections.append({"number": str(sec), "title": title})
        for i in range(1, per_section + 1):
            if len(new_clauses) >= want:
                break
            fresh = min(1.0, max(0.0, (want_words - len(vocab.seen)) / max(1.0, slots)) * 1.15)
            text = " ".join(_replace_words(s, vocab, fresh, share, keep) for s in rng.sample(sentences, rng.randint(1, 3)))
            slots = max(1.0, slots - text.count(" ") * share * 0.5)
            new_clauses.append({"number": f"{sec}.{i}", "section": str(sec), "text": text})
        sec += 1
    return {
        "edition": name,
        "title": f"{data.get('title', '')} ×{factor} (synthetic)",
        "sections": list(data.get("sections", [])) + new_sections,
        "clauses": clauses + new_clauses,
    }


def write_editions(folder: Path, extra: dict[str, dict]) -> Path:
    """Copy the real editions into ``folder`` and add ``extra`` (name -> mapping) as
    ``<name>.yaml``; returns ``folder``."""
    import bot.rulebook as rb

    folder.mkdir(parents=True, exist_ok=True)
    for p in rb.rulebook_dir().glob("*.yaml"):
        shutil.copy(p, folder / p.name)
    for name, data in extra.items():
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def use_rulebook_dir(folder: Path):
    """Make ``bot.rulebook`` read editions from ``folder`` (in this process); returns
    the function to call to restore the real folder."""
    import bot.rulebook as rb

    old = rb.rulebook_dir
    rb.rulebook_dir = lambda: folder
    rb.load.cache_clear()

    def restore() -> None:
        rb.rulebook_dir = old
        rb.load.cache_clear()

    return restore


@contextmanager
def editions_dir(extra: dict[str, dict]):
    """Temporarily make ``bot.rulebook`` read editions from a scratch folder holding
    copies of the real editions plus ``extra`` (name -> mapping); restores on exit."""
    tmp = Path(tempfile.mkdtemp(prefix="bench_rulebook_"))
    write_editions(tmp, extra)
    restore = use_rulebook_dir(tmp)
    try:
        yield tmp
    finally:
        restore()
        shutil.rmtree(tmp, ignore_errors=True)
