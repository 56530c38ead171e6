"""Load figures for the Telegram bot against the fake Bot API server (issue 16).

Not part of the test suite and not a ``bench_*`` module (it runs for minutes):

    python benchmarks/telegram_load.py            # all three scenarios
    python benchmarks/telegram_load.py mixed      # one of: mixed, capacity, group

- ``mixed``: the real entry point (``python -m bot telegram`` in a subprocess,
  polling the fake server through ``TELEGRAM_API_URL``) gets 3,000 mixed updates —
  ``/rule`` in 100 private chats, judge questions, button presses, inline
  queries, twice (new chats the second time). Reports updates/s end to end
  (first push to last answer), whether every update was answered exactly once
  and in order per chat, the bot's RSS before and after each round. Telegram's own limits are on (30 messages/s in all), so this is the
  rate a real deployment gets.
- ``capacity``: the same updates through the same code in process with the
  rate limits off: what the bot itself can do (handlers + rendering + HTTP).
- ``group``: 40 updates in one busy group, then 5 in private chats: how long each
  private one waits for its answer while the group's answers are held at 20 a
  minute; then waits for the group's 40 (about a minute) to check none is lost.

Everything runs on 127.0.0.1 and stops by itself; figures are printed, runs
repeated ``--runs N`` times (median and range).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fake_bot_api import FakeBotApi  # noqa: E402
from tg_fault_support import TOKEN, BotProcess, paragraph_of, short_paragraphs  # noqa: E402

QUESTIONS = [
    "Можно ли положить симбиота на летающее существо?",
    "Что будет с симбиотом, если хозяин станет летающим?",
    "Когда погибает существо с нулевой жизнью?",
    "Можно ли закрыть существо, которое уже закрыто?",
    "/search симбиот летающий",
    "/help",
]


def rss_kib(pid: int) -> int:
    """Resident set size of process ``pid`` in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def mixed_updates(api: FakeBotApi, total: int = 3000, base: int = 0) -> dict:
    """``total`` updates: half ``/rule`` (100 private chats, distinct paragraphs
    per chat), a tenth questions (30 chats), a fifth button presses, a fifth
    inline queries; interleaved. Chat and user ids start at ``base`` + 10,000.
    Returns the updates and what to expect."""
    p = short_paragraphs()
    n_rule, n_q = total // 2, total // 10
    n_cb = (total - n_rule - n_q) // 2
    n_inl = total - n_rule - n_q - n_cb
    rules: dict[int, list[str]] = {}
    streams: list[list[dict]] = []
    per_chat = n_rule // 100
    for c in range(100):
        cid = base + 10_000 + c
        nums = [p[(c + i) % len(p)] for i in range(per_chat)]
        rules[cid] = nums
        streams.append([api.message(f"/rule {n}", chat_id=cid) for n in nums])
    questions: dict[int, int] = {}
    for i in range(n_q):
        cid = base + 20_000 + i % 30
        questions[cid] = questions.get(cid, 0) + 1
        streams.append([api.message(QUESTIONS[i % len(QUESTIONS)], chat_id=cid)])
    callbacks = [api.callback(f"r:{p[i % len(p)]}", chat_id=base + 30_000 + i % 50, message_id=base + 1_000 + i) for i in range(n_cb)]
    inlines = [api.inline(p[i % len(p)], user_id=base + 40_000 + i) for i in range(n_inl)]
    streams += [[u] for u in callbacks] + [[u] for u in inlines]
    # interleave: round-robin over the streams keeps each chat's order
    updates: list[dict] = []
    while streams:
        rest = []
        for s in streams:
            updates.append(s.pop(0))
            if s:
                rest.append(s)
        streams = rest
    return {"updates": updates, "rules": rules, "questions": questions, "callbacks": callbacks, "inlines": inlines}


def check(api: FakeBotApi, plan: dict) -> tuple[bool, str]:
    """Every update answered exactly once (per-chat order for ``/rule``)."""
    sent: dict[int, list] = {}
    cb_ids = {u["callback_query"]["id"] for u in plan["callbacks"]}
    iq_ids = {u["inline_query"]["id"] for u in plan["inlines"]}
    cb_msgs = {u["callback_query"]["message"]["message_id"] for u in plan["callbacks"]}
    for d in api.sent("sendMessage"):
        sent.setdefault(int(d.params["chat_id"]), []).append(d)
    problems = []
    for cid, nums in plan["rules"].items():
        got = [paragraph_of(d) for d in sent.get(cid, [])]
        if got != nums:
            problems.append(f"chat {cid}: {len(got)} answers for {len(nums)} updates or out of order")
    for cid, n in plan["questions"].items():
        if len(sent.get(cid, [])) != n:
            problems.append(f"chat {cid}: {len(sent.get(cid, []))} answers for {n} questions")
    cq = [d.params["callback_query_id"] for d in api.sent("answerCallbackQuery") if d.params["callback_query_id"] in cb_ids]
    if sorted(cq) != sorted(u["callback_query"]["id"] for u in plan["callbacks"]):
        problems.append(f"{len(cq)} button answers for {len(plan['callbacks'])} presses")
    edits = [d.params["message_id"] for d in api.sent("editMessageText") if d.params["message_id"] in cb_msgs]
    if len(edits) != len(set(edits)) or len(edits) != len(plan["callbacks"]):
        problems.append(f"{len(edits)} edits for {len(plan['callbacks'])} presses")
    iq = [d.params["inline_query_id"] for d in api.sent("answerInlineQuery") if d.params["inline_query_id"] in iq_ids]
    if sorted(iq) != sorted(u["inline_query"]["id"] for u in plan["inlines"]):
        problems.append(f"{len(iq)} inline answers for {len(plan['inlines'])} queries")
    apologies = sum("Извините" in d.params.get("text", "") for d in api.delivered)
    if apologies:
        problems.append(f"{apologies} apologies")
    return not problems, "; ".join(problems[:5])


def expected_count(plan: dict) -> int:
    return (sum(len(v) for v in plan["rules"].values()) + sum(plan["questions"].values())
            + 2 * len(plan["callbacks"]) + len(plan["inlines"]))


def run_mixed(total: int, batches: int = 2) -> dict:
    """``batches`` rounds of ``total`` updates (new chats each round) through the
    subprocess; RSS is read before the first and after each round (the first
    round also warms the caches: search index, parsed grammar)."""
    with FakeBotApi(TOKEN, long_poll=0.5) as api, BotProcess(api) as bot:
        if not api.wait_for(lambda: api.called("getUpdates"), 60):
            raise RuntimeError("bot did not start:\n" + bot.output()[-2000:])
        time.sleep(1.0)
        rss = [rss_kib(bot.proc.pid) / 1024]
        rates, oks, whys = [], [], []
        for b in range(batches):
            plan = mixed_updates(api, total, base=b * 100_000)
            want = len(api.delivered) + expected_count(plan)
            t0 = time.monotonic()
            api.push(*plan["updates"])
            ok_wait = api.wait_for(lambda: len(api.delivered) >= want, 600)
            t1 = max(d.at for d in api.delivered)
            api.wait_for(lambda: False, 2.0)  # late duplicates
            rss.append(rss_kib(bot.proc.pid) / 1024)
            ok, why = check(api, plan)
            rates.append(total / (t1 - t0))
            oks.append(ok and ok_wait and len(api.delivered) == want)
            whys.append(why)
        code = bot.stop()
    return {"updates": total, "per_s": rates, "ok": all(oks), "why": "; ".join(w for w in whys if w),
            "rss_mib": rss, "exit": code}


def run_capacity(total: int) -> dict:
    """In process, rate limits off: ``serve`` in this thread, a watcher stops it."""
    from bot.chat import telegram as tg
    from bot.chat.tg_retry import ResilientLimiter

    with FakeBotApi(TOKEN, long_poll=0.5) as api:
        app = tg.build_application(TOKEN, edition="5ed", base_url=api.url + "/bot", base_file_url=api.url + "/file/bot",
                                   limiter=ResilientLimiter(overall_rate=0, group_rate=0))
        holder: dict = {}
        orig = app.post_init

        async def capture(a):
            holder["loop"] = asyncio.get_running_loop()
            await orig(a)

        app.post_init = capture
        plan = mixed_updates(api, total)
        want = expected_count(plan)
        result: dict = {}

        def drive() -> None:
            api.wait_for(lambda: api.called("getUpdates"), 60)
            t0 = time.monotonic()
            api.push(*plan["updates"])
            api.wait_for(lambda: len(api.delivered) >= want, 600)
            t1 = max(d.at for d in api.delivered)
            api.wait_for(lambda: False, 1.0)
            result.update(seconds=t1 - t0)
            holder["loop"].call_soon_threadsafe(app.stop_running)

        watcher = threading.Thread(target=drive, daemon=True)
        watcher.start()
        args = argparse.Namespace(webhook_url=None, webhook_secret=None, listen="127.0.0.1", port=0)
        tg.serve(app, args, stop_signals=None)
        watcher.join(30)
        ok, why = check(api, plan)
    return {"updates": total, "seconds": result["seconds"], "per_s": total / result["seconds"], "ok": ok, "why": why}


def run_group() -> dict:
    p = short_paragraphs()
    with FakeBotApi(TOKEN, long_poll=0.5) as api, BotProcess(api) as bot:
        if not api.wait_for(lambda: api.called("getUpdates"), 60):
            raise RuntimeError("bot did not start:\n" + bot.output()[-2000:])
        group = [api.message(f"/rule {p[i % len(p)]}", chat_id=-777, chat_type="supergroup") for i in range(40)]
        private = [api.message(f"/rule {p[i]}", chat_id=600 + i) for i in range(5)]
        t0 = time.monotonic()
        api.push(*group, *private)
        api.wait_for(lambda: sum(int(d.params["chat_id"]) > 0 for d in api.sent()) >= 5, 60)
        waits = sorted(d.at - t0 for d in api.sent() if int(d.params["chat_id"]) > 0)
        group_by_then = sum(int(d.params["chat_id"]) < 0 for d in api.sent())
        all_group = api.wait_for(lambda: sum(int(d.params["chat_id"]) < 0 for d in api.sent()) >= 40, 150)
        g = [d for d in api.sent() if int(d.params["chat_id"]) < 0]
        in_order = [d.params["reply_parameters"]["message_id"] for d in g] == [u["message"]["message_id"] for u in group]
        group_time = (max(d.at for d in g) - t0) if g else float("nan")
        bot.stop()
    return {"private_max_s": max(waits) if waits else float("nan"), "private_waits": waits,
            "group_answered_when_private_done": group_by_then, "group_all": all_group and len(g) == 40,
            "group_in_order": in_order, "group_seconds": group_time}


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} (range {min(values):.1f}–{max(values):.1f})"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("which", nargs="*", default=["mixed", "capacity", "group"])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--updates", type=int, default=3000)
    a = ap.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    if "mixed" in a.which:
        rs = [run_mixed(a.updates) for _ in range(a.runs)]
        for r in rs:
            print(f"mixed (real entry point, Telegram limits on): rounds of {r['updates']} updates at "
                  f"{', '.join(f'{x:.1f}' for x in r['per_s'])} updates/s; all answered once, in order: {r['ok']} "
                  f"{r['why']}; RSS {' -> '.join(f'{m:.0f}' for m in r['rss_mib'])} MiB; exit {r['exit']}")
        print("  updates/s:", summary([x for r in rs for x in r["per_s"]]))
    if "capacity" in a.which:
        rs = [run_capacity(a.updates) for _ in range(a.runs)]
        for r in rs:
            print(f"capacity (in process, limits off): {r['updates']} updates in {r['seconds']:.1f} s = "
                  f"{r['per_s']:.1f} updates/s; all answered once, in order: {r['ok']} {r['why']}")
        print("  updates/s:", summary([r["per_s"] for r in rs]))
    if "group" in a.which:
        rs = [run_group() for _ in range(a.runs)]
        for r in rs:
            print(f"group: 40 group + 5 private updates: private answered after "
                  f"{', '.join(f'{w:.2f}' for w in r['private_waits'])} s (max {r['private_max_s']:.2f} s); "
                  f"group answers by then {r['group_answered_when_private_done']}; all 40 group answered once, "
                  f"in order: {r['group_all'] and r['group_in_order']} after {r['group_seconds']:.0f} s")
        print("  private max wait s:", summary([r["private_max_s"] for r in rs]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
