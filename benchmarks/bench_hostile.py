"""``ask``, ``parse`` and reading a rulebook page on hostile text (qa5, qa7): the shapes that were quadratic in the
readers and the grammar's lexer, not only in ``normalize_typography`` (see
bench_typography): an open quote before thousands of line breaks took 166 s in ``ask``,
a card text with 16,000 line breaks 14 s in ``parse``.

Each shape is built at 2,000 and at 19,000 characters (inside the 20,000-character
bound). A row gives the time of the slowest 19,000-character shape; the linearity row
gives, for the worst shape, the time per character of the long text over that of the
short one (1 = linear; start-up costs of a route make short texts dearer, so < 3).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, time_once  # noqa: E402

ASK_SHAPES = {
    "open quote + line breaks": lambda n: "«" + "\n" * (n - 40) + "можно ли симбиота на летуна?",
    "quoted card text with line breaks": lambda n: "У карты способность «Ранить" + "\n" * (n - 40) + "на 2». Что будет?",
    "word + line breaks + «можно»": lambda n: "можно" + "\n" * (n - 10) + "x",
    "«да,» ×": lambda n: "да, " * (n // 4),
    "«а,» ×": lambda n: "а," * (n // 2),
    "sentences ×": lambda n: "Орк погиб. " * (n // 11) + "Что с симбиотом?",
    "«ранить на 1;» ×": lambda n: "ранить на 1; " * (n // 13),
}
PARSE_SHAPES = {
    "line breaks between two abilities": lambda n: "Ранить выбранное существо на 2." + "\n" * (n - 50) + "Получить фишку.",
    "line break and space ×": lambda n: "Ранить на 1." + "\n " * ((n - 30) // 2) + "Получить фишку.",
    "«; ранить на 1» ×": lambda n: "Ранить на 1" + "; ранить на 1" * ((n - 11) // 13),
}

IMPORT_SHAPES = {   # a whole rulebook page (qa7: a regex over the tags was quadratic in 50,000 unclosed <div>)
    "unclosed <div> ×": lambda n: "<html><body>" + "<div>" * (n // 5) + "<h2>101. Общие.</h2><ol><li>Пункт.</li></ol>",
    "numbered paragraphs ×": lambda n: "<html><body><h2>101. Общие.</h2>" + "".join(
        f"<p>101.{i}. Пункт.</p>" for i in range(1, n // 24)),
    "open quote + <br> ×": lambda n: "<html><body><h2>101. Общие.</h2><p>101.1. «Текст" + "<br>" * (n // 4) + "</p>"
                                     "<p>101.2. Дальше.</p>",
}


def _rows_of(kind: str, fn, shapes: dict, cfg: Config, target: str) -> list[Row]:
    runs = Runs()
    for _ in range(cfg.runs):
        worst_ms, worst_ratio = 0.0, 0.0
        for make in shapes.values():
            short, long_ = make(2000), make(19_000)
            s = time_once(lambda: fn(short))
            lg = time_once(lambda: fn(long_))
            worst_ms = max(worst_ms, lg)
            worst_ratio = max(worst_ratio, (lg / len(long_)) / max(s / len(short), 1e-6))
        runs.add("ms", worst_ms)
        runs.add("ratio", worst_ratio)
    v = runs.values
    return [Row(f"{kind}: slowest of {len(shapes)} hostile shapes, 19,000 chars", v["ms"], "ms", target),
            Row(f"{kind}: hostile shapes, time per char 19,000 vs 2,000 (worst; 1 = linear)", v["ratio"], "×", "< 3")]


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.abilities.parser import parse
    from bot.errors import BerserkError
    from bot.judge import ask

    def parsed(text: str) -> None:
        try:
            parse(text)
        except BerserkError:
            pass

    from bot.fullbook import read_full

    def imported(page: str) -> None:
        try:
            read_full(page.encode("utf-8"), "page.html")
        except BerserkError:
            pass

    ask("прогрев: можно ли симбиота на летуна?")
    parsed("Ранить на 2")
    return (_rows_of("ask", ask, ASK_SHAPES, cfg, "< 2000") + _rows_of("parse", parsed, PARSE_SHAPES, cfg, "< 200")
            + _rows_of("rulebook page", imported, IMPORT_SHAPES, cfg, "< 500"))
