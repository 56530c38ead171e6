"""Card lookup by name (issue 15: p99 < 5 ms warm on 10,000 cards) and card names read
inside questions, on 10,000 invented cards.

Cards: names of one to three words — synthesised Russian-like words (benchmarks/
synthetic.py) and ordinary adjectives and nouns of the game's style, some joined by a
hyphen («Кравол-мотешир», «Болотный жимапес»). Queries per run: ``Config.questions``
distinct ones — exact names, lower case, one word of a name, a name with its words
inflected, with one typo, glued into one word, and names of no card; never asked
before in the process for the warm rows; the same set after the per-word caches were
emptied for the cold rows. ``mentions``: card names inside generated questions
(benchmarks/questions.py) with a card name put in a third of them, read by the whole
in-memory index and as ``ask`` reads them (``find_cards_in_text`` on a SQLite store:
the name tables, then only the cards named). Start: the cards
written to a store in a scratch user folder as an import writes them, then in a
fresh process ``python -m bot ask`` with a question naming one of them (only the
cards the question may name are loaded, bot/cards/name_keys.py), one naming none, and
``python -m bot card NAME`` (the cards the name reaches; the whole index only when that does not settle it).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, clear_word_caches, time_each, time_once, worker  # noqa: E402
from benchmarks.questions import generate, typo  # noqa: E402
from benchmarks.synthetic import Vocabulary  # noqa: E402

CARDS = 10_000
ADJECTIVES = ["Болотный", "Каменный", "Огненный", "Лесной", "Тёмный", "Светлый", "Древний", "Горный", "Ледяной",
              "Морской", "Дикий", "Верный", "Старый", "Кровавый", "Золотой", "Степной", "Ночной", "Быстрый"]
NOUNS = ["тролль", "страж", "гном", "дракон", "ястреб", "воин", "маг", "дух", "волк", "змей", "рыцарь",
         "шаман", "лучник", "великан", "охотник", "ворон", "голем", "жрец"]
_GEN = {"ый": "ого", "ий": "его", "ой": "ого"}


def invented_cards(n: int, seed: int) -> list:
    """``n`` cards with distinct invented names (``bot.cards.model.Card``)."""
    from bot.cards.model import KINDS, Card

    rng = random.Random(seed)
    vocab = Vocabulary(set(), rng)
    names: set[str] = set()
    out = []
    while len(out) < n:
        r = rng.random()
        new = vocab.word(0.6).capitalize()
        if r < 0.35:
            name = f"{rng.choice(ADJECTIVES)} {new.lower()}"
        elif r < 0.6:
            name = f"{new}-{rng.choice(NOUNS)}"
        elif r < 0.8:
            name = new
        else:
            name = f"{new} {vocab.word(0.6)}"
        if name in names:
            continue
        names.add(name)
        out.append(Card(key=f"bench-{len(out)}", name=name, kind=rng.choice(KINDS)))
    return out


def _inflect(name: str, rng: random.Random) -> str:
    words = []
    for w in name.split(" "):
        end = w[-2:]
        words.append(w[:-2] + _GEN[end] if end in _GEN else w + rng.choice(("а", "у", "ом")))
    return " ".join(words)


def queries(cards: list, n: int, seed: int, exclude: set[str]) -> list[str]:
    """``n`` distinct name queries not in ``exclude`` (added to it), see the module doc."""
    rng = random.Random(seed)
    out: list[str] = []
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        name = rng.choice(cards).name
        r = rng.random()
        if r < 0.2:
            q = name
        elif r < 0.35:
            q = name.lower()
        elif r < 0.5:
            q = rng.choice(name.replace("-", " ").split())
        elif r < 0.65:
            q = _inflect(name, rng)
        elif r < 0.85:
            q = " ".join(typo(w, rng) if len(w) >= 5 else w for w in name.split(" "))
        elif r < 0.92:
            q = name.replace(" ", "").replace("-", "").lower()
        else:
            q = typo(typo(rng.choice(cards).name, rng), rng) + " " + rng.choice(NOUNS)
        if q not in exclude:
            exclude.add(q)
            out.append(q)
    return out


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.cards.index import CardIndex
    from bot.rulebook import load

    n_cards = CARDS if cfg.questions >= 1000 else 500
    cards = invented_cards(n_cards, cfg.seed + 900)
    first = time_once(lambda: CardIndex(cards))
    index = CardIndex(cards)
    seen: set[str] = set()
    for q in queries(cards, max(10, cfg.questions // 5), cfg.seed + 901, seen):
        index.find(q)
    cold = queries(cards, cfg.questions, cfg.seed + 902, seen)
    rb = load()
    rng = random.Random(cfg.seed + 903)
    runs = Runs()
    asked: set[str] = set()
    import tempfile

    from bot.cards import db
    from bot.cards.index import find_cards_in_text, name_keys_of
    from bot.store import Store

    scratch = tempfile.TemporaryDirectory(prefix="bench_cards_store_")
    store = db.cards_store(Store(f"sqlite:///{scratch.name}/cards.sqlite3"))
    with store.transaction():
        db.upsert(store, [replace(c, name_keys=name_keys_of(c.name)) for c in cards])
    for r in range(cfg.runs):
        clear_word_caches()
        runs.add_percentiles("cold", time_each(index.find, cold))
        runs.add_percentiles("warm", time_each(index.find, queries(cards, cfg.questions, cfg.seed + 910 + r, seen)))
        texts = [q.text if rng.random() < 0.67 else f"{q.text} У меня {rng.choice(cards).name}."
                 for q in generate(max(10, cfg.questions // 2), cfg.seed + 920 + r, rb, asked)]
        runs.add_percentiles("mentions", time_each(index.mentions, texts))
        runs.add_percentiles("stored mentions", time_each(lambda t: find_cards_in_text(t, store), texts))
        runs.add("build", time_once(lambda: CardIndex(cards)))
    store.close()
    scratch.cleanup()
    from benchmarks.bench_core import start_ms

    with tempfile.TemporaryDirectory(prefix="bench_cards_") as tmp:
        env = {"BERSERK_USER_DIR": tmp, "DATABASE_URL": ""}
        made = worker("cards_db", env=env, cards=n_cards, seed=cfg.seed + 900)
        question = f"Может ли {made['name']} атаковать летающее существо?"
        plain = "Может ли симбиот атаковать летающее существо?"
        for _ in range(cfg.runs):
            runs.add("start", start_ms(question, env))
            runs.add("start plain", start_ms(plain, env))
            runs.add("start card", start_ms(made["name"].lower(), env, command="card"))
    v = runs.values
    label = f"{n_cards:,} cards"
    return [
        Row(f"card index first build ({label}, incl. name morphology)", [first], "ms"),
        Row(f"card index build, word caches warm ({label})", v["build"], "ms"),
        Row(f"card lookup CardIndex.find p50 (warm, new queries, {label})", v["warm p50"], "ms"),
        Row(f"card lookup CardIndex.find p99 (warm, new queries, {label})", v["warm p99"], "ms", "< 5"),
        Row(f"card lookup CardIndex.find p99 (cold caches, {label})", v["cold p99"], "ms"),
        Row(f"card names in a question CardIndex.mentions p99 (whole index in memory, {label})", v["mentions p99"], "ms"),
        Row(f"card names in a question as ask reads them p99 (SQLite name tables, {label})", v["stored mentions p99"],
            "ms"),
        Row(f"process start to first answer, {label} imported (question names a card)", v["start"], "ms", "< 1000"),
        Row(f"process start to first answer, {label} imported (question names no card)", v["start plain"], "ms",
            "< 1000"),
        Row(f"process start to `card NAME`, {label} imported (name tables; whole index only if unsettled)", v["start card"], "ms"),
    ]
