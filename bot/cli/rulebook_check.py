"""``berserk-judge rulebook check [--edition E] [--json]``: validate an edition (bot.check)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, json_flag


def add_parser(actions) -> None:
    """Declare ``rulebook check``."""
    rc = actions.add_parser("check", help="проверить редакцию")
    edition_flag(rc); json_flag(rc)
    rc.set_defaults(run=run, cli_name="rulebook check")


def run(args) -> int:
    """Exit 0 when the edition is valid, 1 with the list of problems (JSON:
    ``{edition, ok, clauses, sections, problems, info}``) or when it cannot be read."""
    import sys

    from bot.chat.render import render_plain
    from bot.check import check_answer, check_report, load_unchecked
    from bot.cli.output import print_json, wants_json
    from bot.errors import RulebookError
    from bot.paths import DEFAULT_EDITION

    edition = getattr(args, "edition", None) or DEFAULT_EDITION
    try:
        rb, unplaced = load_unchecked(edition)
    except RulebookError as e:
        print(f"Ошибка: {e}", file=sys.stderr)
        return 1
    problems, info = check_report(rb, unplaced, name=edition)
    if wants_json(args):
        print_json({"edition": edition, "ok": not problems, "clauses": len(rb.clauses),
                    "sections": len(rb.sections), "problems": problems, "info": info})
    else:
        sys.stdout.write(render_plain(check_answer(rb, problems, info)))
    return 1 if problems else 0
