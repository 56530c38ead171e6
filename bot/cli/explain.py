"""``berserk-judge explain TEXT [--failed N] [--illegal N] [--refuse] [--choose N]
[--declare N,M] [--no-resources] [--json] [--edition E]``: step-by-step resolution of a
compound ability (505; bot.abilities.resolve)."""

from __future__ import annotations

from bot.argparse_ru import whole_number
from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``explain``."""
    sp = sub.add_parser("explain", help="пошаговое разрешение составной особенности (505)")
    sp.add_argument("text", metavar="ТЕКСТ")
    sp.add_argument("--failed", type=whole_number, action="append", default=[], metavar="N", help="часть N не выполнена")
    sp.add_argument("--illegal", type=whole_number, action="append", default=[], metavar="N", help="часть N нелегально объявить")
    sp.add_argument("--refuse", action="store_true", help="противник отказался (505.7)")
    sp.add_argument("--choose", type=whole_number, action="append", default=None, metavar="N",
                    help="выбран вариант, в который входит часть N (505.5); один раз")
    sp.add_argument("--declare", action="append", default=None, metavar="N,M",
                    help="объявлены только части N,M (505.8); один раз, списком")
    sp.add_argument("--no-resources", action="store_true", help="ресурсов для оплаты не хватает (505.9)")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="explain")


def run(args) -> int:
    """The steps and the verdict with the paragraphs quoted (JSON: ``{steps, citations, …}``).
    Exit 0; 1 when the text is not card text (``ParseError``, as ``parse``), 2 on an
    outcome flag that does not fit the text (Russian message on stderr; with ``--json``
    also ``{"error": message}`` on stdout)."""
    import sys

    from bot.abilities.resolve import explain, explanation_answer, outcome_from_args
    from bot.chat.render import render_plain
    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import OutcomeError, ParseError

    try:
        outcome = outcome_from_args(args)
        expl = explain(args.text, outcome)
    except (OutcomeError, ParseError) as e:
        print_error(str(e), wants_json(args), "explain")
        return 1 if isinstance(e, ParseError) else 2
    if args.json:
        print_json(expl.to_json())
    else:
        sys.stdout.write(render_plain(explanation_answer(args.text, expl, args.edition)))
    return 0
