"""Chat layer speed: rendering/splitting answers to Telegram HTML and handling a
message end to end (handlers + owning module), warm, in one process."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import FULL, Config, Row, Runs, percentile, time_each  # noqa: E402


def _long_answer(n_blocks: int):
    from bot.answer import Answer, Block

    text = "Если существо стало бестелесным, его небестелесный симбиот погибает (см. 209.4 & 209.5). " * 6
    return Answer(question="q", route="rule", blocks=[Block("rule", text, number=f"209.{i}") for i in range(n_blocks)], citations=["209.4"])


def rows(cfg: Config = FULL) -> list[Row]:
    from bot.chat.handlers import Ctx, handle
    from bot.chat.html import deep_links, render_reply_html

    link = deep_links("judge_bot")
    short, long_ = _long_answer(1), _long_answer(80)
    ctx = Ctx(transport="telegram", bot_username="judge_bot")
    msgs = ["/rule 209.5", "/rule 209", "/glossary хозяин", "/help", "Можно ли положить симбиота на летающее существо?"]
    for m in msgs:
        handle(m, ctx)
    n = max(cfg.questions, 20)
    runs = Runs()
    for _ in range(cfg.runs):
        runs.add("one", percentile(time_each(lambda a: render_reply_html([a], link), [short] * n), 99))
        runs.add("long", percentile(time_each(lambda a: render_reply_html([a], link), [long_] * max(20, n // 20)), 99))
        runs.add("help", percentile(time_each(lambda t: handle(t, ctx), ["/help"] * n), 99))
        runs.add("msgs", percentile(time_each(lambda t: render_reply_html(handle(t, ctx).answers, link), msgs * (n // len(msgs))), 99))
    v = runs.values
    return [
        Row("chat: render one paragraph to HTML p99", v["one"], "ms", "< 1"),
        Row("chat: render+split an 80-paragraph answer p99", v["long"], "ms", "< 20"),
        Row("chat: handle /help p99", v["help"], "ms", "< 1"),
        Row("chat: handle+render rule/glossary/help/ask messages p99", v["msgs"], "ms", "< 20"),
    ]
