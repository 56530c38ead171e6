"""Chat layer speed: rendering/splitting answers to Telegram HTML and handling a
message end to end (handlers + owning module), warm, in one process."""

from __future__ import annotations

from common import percentiles_ms

from bot.answer import Answer, Block
from bot.chat.handlers import Ctx, handle
from bot.chat.html import deep_links, render_reply_html


def _long_answer(n_blocks: int) -> Answer:
    text = "Если существо стало бестелесным, его небестелесный симбиот погибает (см. 209.4 & 209.5). " * 6
    return Answer(question="q", route="rule", blocks=[Block("rule", text, number=f"209.{i}") for i in range(n_blocks)], citations=["209.4"])


def rows() -> list[tuple[str, float, str, str]]:
    link = deep_links("judge_bot")
    short, long_ = _long_answer(1), _long_answer(80)
    out = []
    p50, p99 = percentiles_ms(lambda a: render_reply_html([a], link), [short] * 200)
    out.append(("chat: render one paragraph to HTML p99", p99, "ms", "< 1 ms"))
    p50, p99 = percentiles_ms(lambda a: render_reply_html([a], link), [long_] * 20)
    out.append(("chat: render+split an 80-paragraph answer p99", p99, "ms", "< 20 ms"))
    ctx = Ctx(transport="telegram", bot_username="judge_bot")
    handle("/help", ctx)
    p50, p99 = percentiles_ms(lambda t: handle(t, ctx), ["/help"] * 200)
    out.append(("chat: handle /help p99", p99, "ms", "< 1 ms"))
    msgs = ["/rule 209.5", "/rule 209", "/glossary хозяин", "Можно ли положить симбиота на летающее существо?"]
    for m in msgs:
        handle(m, ctx)
    p50, p99 = percentiles_ms(lambda t: render_reply_html(handle(t, ctx).answers, link), msgs, repeat=25)
    out.append(("chat: handle+render rule/glossary/ask messages p99", p99, "ms", "< 20 ms"))
    return out
