"""``berserk-judge search TEXT [-k N] [--json] [--edition E]``: ranked paragraphs (bot.search)."""

from __future__ import annotations

from bot.argparse_ru import whole_number
from bot.cli.parser import edition_flag, json_flag
from bot.limits import SEARCH_K, SEARCH_K_DEFAULT


def add_parser(sub) -> None:
    """Declare ``search``."""
    sp = sub.add_parser("search", help="поиск по правилам")
    sp.add_argument("text", nargs="+", metavar="ТЕКСТ")
    sp.add_argument("-k", type=whole_number, default=SEARCH_K_DEFAULT, metavar="ЧИСЛО", help=f"сколько пунктов показать (1–{SEARCH_K}, по умолчанию {SEARCH_K_DEFAULT})")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="search")


def run(args) -> int:
    """JSON ``[{number, score, snippet}]`` or lines «209.4  (5.31)  snippet». Exit 0
    (also when nothing matched); 2 when ``-k`` is not 1..SEARCH_K (``bot.limits``); 1 with a Russian
    message for an unreadable edition (with ``--json`` errors are also
    ``{"error": message}`` on stdout)."""
    import sys

    from bot.cli.output import print_error, print_json
    from bot.errors import InputLimitError, RulebookError
    from bot.limits import check_search_k
    from bot.search import search

    text = " ".join(args.text)
    try:
        k = check_search_k(int(args.k))
    except InputLimitError as e:
        print_error(str(e), args.json, "search")
        return 2
    try:
        hits = search(text, k, args.edition)
    except RulebookError as e:
        print_error(str(e), args.json, "search")
        return 1
    if args.json:
        print_json([h.to_json() for h in hits])
    elif not hits:
        sys.stdout.write("Ничего не нашёл в правилах.\n")
    else:
        for h in hits:
            sys.stdout.write(f"{h.number}  ({h.score:.2f})  {h.snippet}\n")
    return 0
