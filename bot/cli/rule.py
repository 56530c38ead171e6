"""``berserk-judge rule NUM... [--json] [--edition E]``: paragraphs, sections and ranges (bot.lookup)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``rule``."""
    sp = sub.add_parser("rule", help="пункт правил по номеру, раздел или диапазон")
    sp.add_argument("numbers", nargs="+", metavar="НОМЕР", help="209.5, п.209.5, 209, 209.4-209.6")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="rule")


def run(args) -> int:
    """Print each number's paragraph (JSON: one object, a list for several or for a
    range). Exit 0 when every number exists, 1 when some is unknown (answered with the
    nearest numbers) or the edition cannot be read."""
    import sys

    from bot.chat.render import render_plain
    from bot.cli.output import RULE_LINE, print_error, print_json
    from bot.errors import RulebookError
    from bot.lookup import answer_for, json_for, resolve, split_queries
    from bot.rulebook import load

    try:
        rb = load(args.edition)
    except RulebookError as e:
        print_error(str(e), args.json, "rule")
        return 1
    resolved = [resolve(q, rb) for q in split_queries(" ".join(args.numbers))]
    if args.json:
        objs = [json_for(r, rb) for r in resolved]
        print_json(objs[0] if len(objs) == 1 else objs)
    else:
        sys.stdout.write(RULE_LINE.join(render_plain(answer_for(r, rb)) for r in resolved))
    return 1 if any(r.kind == "unknown" for r in resolved) else 0
