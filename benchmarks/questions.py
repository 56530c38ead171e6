"""Varied judge questions for the speed benchmarks, generated reproducibly from a seed.

``generate(n, seed, rulebook)`` returns ``n`` distinct ``Question(text, kind)``:

- ``rule``: a paragraph number in the ways players write it («209.5», «п. 302.3»,
  «§405.1», a section «209», a range «209.4-209.6», a lettered item, an unknown one);
- ``card``: a card text in «…» or "…" inside a question (texts of tests/data, their
  numbers re-rolled), and the card questions of tests/data/holdout_ability.yaml;
- ``situation``: the judge questions of tests/data/questions*.yaml (board and rules
  situations, the scenario and search routes);
- ``search``: two to four words of a random paragraph of ``rulebook`` in a question
  frame (with a 10x edition these are mostly synthesised words);
- ``offtopic``: questions about anything but the game;
- ``long``: one of the above inside chatter of about 500 characters (one in
  ``1 / LONGEST_SHARE`` about 1,500 — fewer than 1 % of a set, so they show in their
  own row rather than decide the p99 of all questions).

Any question may then get typos (a letter swapped, dropped, doubled or replaced),
players' slang, filler words, lower case or no punctuation. Questions are data files'
texts and words recombined, never timed answers to one phrasing.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

KINDS = ("rule", "card", "situation", "search", "offtopic", "long")
SHARES = {"rule": 0.14, "card": 0.2, "situation": 0.26, "search": 0.2, "offtopic": 0.08, "long": 0.12}
"""Share of each kind in a generated set."""

LONGEST_SHARE = 0.05
"""Share of the ``long`` questions made about 1,500 characters long (the rest about 500)."""
_LETTERS = "абвгдежзийклмнопрстуфхцчшщыьэюя"
_WORD = re.compile(r"[А-Яа-яЁё]{4,}")
_NUMBER = re.compile(r"\b\d\b")

SLANG = {
    "существо": "юнит", "существа": "юнита", "существу": "юниту", "существом": "юнитом",
    "экипировка": "шмотка", "экипировку": "шмотку", "экипировки": "шмотки",
    "симбиот": "симб", "симбиота": "симба", "симбиоты": "симбы",
    "артефакт": "арт", "артефакта": "арта", "погиб": "сдох", "погибает": "умирает",
    "поместить": "положить", "особенность": "абилка", "особенности": "абилки",
    "способность": "абилка", "ранить": "дамажить", "жизни": "хп", "жизней": "хп",
    "закрыть": "тапнуть", "закрытое": "тапнутое", "выполняется": "резолвится",
    "быстрое": "внезапка", "летающее": "летун", "летающий": "летун", "кубик": "дайс",
}
FILLER_BEFORE = ["ребята, подскажите, ", "короче, ", "слушайте, такой вопрос: ", "а вот ", "народ, ",
                 "ну вот, ", "вопрос к судьям: ", "привет! ", "такая ситуация. ", "подскажите пожалуйста "]
FILLER_AFTER = [" заранее спасибо", " плиз", " )", "??", "!!!", " а то мы поспорили", " спасибо!", " вообще?"]
CHATTER = [
    "Вчера играли с другом небольшой турнир в клубе.", "У меня была колода на лесах, у него болота.",
    "Партия шла уже минут сорок, оба почти без карт.", "Мы долго спорили и так и не договорились.",
    "Судьи рядом не было, а в правилах мы не нашли.", "Карты новые, из последнего выпуска.",
    "Сначала он сыграл пару существ, потом я ответил своими.", "До этого всё было понятно.",
    "Кубики кидали честно, никто не жульничал.", "Ставки были высокие, финал как-никак.",
    "Знакомый говорит, что раньше было по-другому.", "Я думал, что это очевидно, но нет.",
    "Потом ещё минут десять листали форум.", "Короче, ситуация спорная.",
    "Противник уверен, что прав, а я сомневаюсь.", "Это было на третьем ходу, поле почти пустое.",
]
OFFTOPIC = [
    "как приготовить {x}?", "где купить {x} недорого", "посоветуй {x} на вечер", "что лучше, {x} или {y}?",
    "сколько стоит {x} в Москве", "какая завтра погода", "кто выиграл {x} вчера", "{x} {y} {z}",
    "как починить {x}", "почему {x} не работает", "можно ли кормить {x} хлебом?",
]
OFFTOPIC_WORDS = ["борщ", "пельмени", "велосипед", "ноутбук", "футбол", "сериал", "кошку", "принтер",
                  "машину", "телефон", "отпуск", "пиццу", "гитару", "диван", "чайник", "рыбалку",
                  "шахматы", "квартиру", "собаку", "самолёт", "кофе", "матч", "ремонт", "огурцы"]
SEARCH_FRAMES = [
    "{a} {b}", "можно ли {a} {b}?", "что происходит с {a}, когда {b} {c}?", "как работает {a}?",
    "что такое {a}?", "{a} и {b} — это одно и то же?", "{a} {b} {c} {d}", "если {a} {b}, то что?",
    "когда {a} {b}?", "правила про {a} и {b}", "может ли {a} {b} {c}?",
]
CARD_FRAMES = [
    "Как работает «{t}»?", "Что значит «{t}»?", "У карты способность «{t}». Как она разыгрывается?",
    'На карте написано "{t}". Если первая часть не выполнилась, будет вторая?', "«{t}»",
    "Разбери текст карты «{t}»", "«{t}» — это сколько особенностей?", "как разыграть «{t}» по шагам?",
]
RULE_FRAMES = ["{n}", "п.{n}", "п. {n}", "§{n}", "пункт {n}", "{n}.", "правило {n}", "что в пункте {n}?"]


@dataclass(frozen=True)
class Question:
    """One generated question: ``text`` as typed, ``kind`` one of ``KINDS``."""

    text: str
    kind: str


@lru_cache(maxsize=1)
def _data() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(situation questions, off-topic questions, card questions, card texts) of tests/data."""
    situations, offtopic, card_qs = [], [], []
    for p in sorted(DATA.glob("questions*.yaml")):
        for c in yaml.safe_load(p.read_text(encoding="utf-8")):
            (offtopic if c.get("offtopic") else situations).append(c["q"])
    for c in yaml.safe_load((DATA / "holdout_ability.yaml").read_text(encoding="utf-8")):
        card_qs.append(c["q"])
    texts = []
    for p in sorted(DATA.glob("abilities*.yaml")):
        texts.extend(c["text"] for c in yaml.safe_load(p.read_text(encoding="utf-8")))
    for ln in (DATA / "cards.txt").read_text(encoding="utf-8").splitlines():
        if ln.strip() and not ln.startswith("#"):
            texts.append(ln.replace("\\n", "\n"))
    return tuple(situations), tuple(offtopic), tuple(card_qs), tuple(texts)


def card_texts() -> tuple[str, ...]:
    """The card texts of tests/data (abilities*.yaml and cards.txt)."""
    return _data()[3]


def typo(word: str, rng: random.Random) -> str:
    """``word`` with one random edit: two letters swapped, one dropped, doubled or replaced."""
    i = rng.randrange(1, len(word) - 1) if len(word) > 3 else 0
    kind = rng.randrange(4)
    if kind == 0 and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    return word[:i] + rng.choice(_LETTERS) + word[i + 1 :]


def _with_typos(text: str, rng: random.Random, count: int) -> str:
    words = [m for m in _WORD.finditer(text) if len(m.group(0)) >= 5]
    for m in sorted(rng.sample(words, min(count, len(words))), key=lambda m: -m.start()):
        text = text[: m.start()] + typo(m.group(0), rng) + text[m.end() :]
    return text


def _with_slang(text: str, rng: random.Random) -> str:
    return _WORD.sub(lambda m: SLANG.get(m.group(0).lower(), m.group(0)) if rng.random() < 0.7 else m.group(0), text)


def perturb(text: str, rng: random.Random) -> str:
    """Typos, slang, filler, case and punctuation changes, each at random."""
    if rng.random() < 0.35:
        text = _with_typos(text, rng, rng.choice((1, 1, 2, 3)))
    if rng.random() < 0.2:
        text = _with_slang(text, rng)
    if rng.random() < 0.25:
        text = rng.choice(FILLER_BEFORE) + text[:1].lower() + text[1:]
    if rng.random() < 0.15:
        text = text.rstrip("?.!") + rng.choice(FILLER_AFTER)
    r = rng.random()
    if r < 0.15:
        text = text.lower()
    elif r < 0.2:
        text = re.sub(r"[?,.!]", "", text)
    return text


def _reroll_numbers(text: str, rng: random.Random) -> str:
    return _NUMBER.sub(lambda m: str(rng.randint(1, 6)), text)


class Generator:
    """Draws questions of each kind for one rulebook (``bot.rulebook.Rulebook``)."""

    def __init__(self, rulebook, rng: random.Random) -> None:
        self.rb = rulebook
        self.rng = rng
        self.numbers = [c.number for c in rulebook.clauses]
        self.sections = [s.number for s in rulebook.sections]
        self.situations, self.offtopic, self.card_qs, self.texts = _data()

    def rule(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.6:
            n = rng.choice(self.numbers)
        elif r < 0.75:
            n = rng.choice(self.sections)
        elif r < 0.92:  # a range inside one section
            i = rng.randrange(len(self.numbers) - 1)
            j = min(len(self.numbers) - 1, i + rng.randint(1, 4))
            n = f"{self.numbers[i]}{rng.choice(('-', '–', ' - '))}{self.numbers[j]}"
        else:  # a number the rules do not have
            n = f"{rng.randint(100, 999)}.{rng.randint(1, 40)}"
        return rng.choice(RULE_FRAMES).format(n=n)

    def card(self) -> str:
        rng = self.rng
        if rng.random() < 0.3:
            return self.rng.choice(self.card_qs)
        t = _reroll_numbers(rng.choice(self.texts), rng)
        if rng.random() < 0.2:
            t += ". " + _reroll_numbers(rng.choice(self.texts), rng)
        return rng.choice(CARD_FRAMES).format(t=t.replace("\n", " "))

    def situation(self) -> str:
        return self.rng.choice(self.situations)

    def search(self) -> str:
        rng = self.rng
        c = rng.choice(self.rb.clauses)
        words = [w.lower() for w in _WORD.findall(c.text)] or ["правило"]
        picks = rng.sample(words, min(4, len(words))) + ["карта"] * 4
        return rng.choice(SEARCH_FRAMES).format(a=picks[0], b=picks[1], c=picks[2], d=picks[3])

    def off(self) -> str:
        rng = self.rng
        if rng.random() < 0.4 and self.offtopic:
            return rng.choice(self.offtopic)
        x, y, z = rng.sample(OFFTOPIC_WORDS, 3)
        return rng.choice(OFFTOPIC).format(x=x, y=y, z=z)

    def long(self) -> str:
        rng = self.rng
        inner = rng.choice((self.situation, self.card, self.search, self.off))()
        size = 1500 if rng.random() < LONGEST_SHARE else 500
        before, after = [], []
        while sum(map(len, before + after)) + len(inner) < size:
            (before if rng.random() < 0.7 else after).append(rng.choice(CHATTER))
        return " ".join(before + [inner] + after)

    def one(self, kind: str) -> Question:
        text = {"rule": self.rule, "card": self.card, "situation": self.situation, "search": self.search,
                "offtopic": self.off, "long": self.long}[kind]()
        if kind != "rule" or self.rng.random() < 0.15:
            text = perturb(text, self.rng)
        return Question(text, kind)


def generate(n: int, seed: int, rulebook, exclude: set[str] | None = None) -> list[Question]:
    """``n`` distinct questions (``SHARES`` of each kind, shuffled), the same for the
    same ``seed``, rulebook and ``exclude``. Texts in ``exclude`` are not drawn, and the
    drawn ones are added to it (so successive sets share no question)."""
    rng = random.Random(seed)
    gen = Generator(rulebook, rng)
    want = {k: max(1, round(n * s)) for k, s in SHARES.items()}
    out: list[Question] = []
    seen: set[str] = exclude if exclude is not None else set()
    for kind, count in want.items():
        got, tries = 0, 0
        while got < count and tries < count * 50:
            tries += 1
            q = gen.one(kind)
            if q.text.strip() and q.text not in seen:
                seen.add(q.text)
                out.append(q)
                got += 1
    rng.shuffle(out)
    return out[:n]
