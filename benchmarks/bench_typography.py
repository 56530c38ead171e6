"""Typography normalisation speed on hostile text (``bot.textnorm.normalize_typography``,
issue 12: «an unclosed quote plus 19,000 line breaks took 6 s — make it linear»).

Each shape is built at 2,000 and at 19,000 characters: an unclosed opening quote followed
by line breaks, opening quotes each followed by line breaks, spaced dashes between line
breaks, runs of white space of every kind, and quotes that never close on their line.
A row gives the time of the 19,000-character text; the linearity row gives, for the worst
shape, the time per character of the long text over that of the short one (1 = linear).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, time_once  # noqa: E402

SHAPES = {
    "unclosed quote + line breaks": lambda n: '"' + "\n" * (n - 1),
    "quote, line break ×": lambda n: '"\n' * (n // 2),
    "curly quote, spaces, line break ×": lambda n: "“  \n" * (n // 4),
    "dash between line breaks ×": lambda n: "а\n \n-\n \n" * (n // 8),
    "white space of every kind ×": lambda n: " \t\u00a0\u2003\n\r\n" * (n // 6),
    "quote unclosed on its line ×": lambda n: "слово «и» \"фраза\n" * (n // 16),
}


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.textnorm import normalize_typography

    runs = Runs()
    for _ in range(cfg.runs):
        worst = 0.0
        for name, make in SHAPES.items():
            short, long_ = make(2000), make(19_000)
            s = time_once(lambda: [normalize_typography(short) for _ in range(10)]) / 10
            lg = time_once(lambda: normalize_typography(long_))
            runs.add(name, lg)
            worst = max(worst, (lg / len(long_)) / max(s / len(short), 1e-9))
        runs.add("ratio", worst)
    v = runs.values
    out = [Row(f"typography: {name}, 19,000 chars", v[name], "ms", "< 50") for name in SHAPES]
    out.append(Row("typography: time per char, 19,000 vs 2,000 (worst; 1 = linear)",
                   v["ratio"], "×", "< 3"))
    return out
