"""``berserk-judge card NAME [--json] [--edition E]``: a card of the user's database by
name — any case and inflection, typos (bot.cards.index, bot.cards.answer)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``card``."""
    sp = sub.add_parser("card", help="карта из загруженной базы по имени (любая форма слова, опечатки)")
    sp.add_argument("name", nargs="+", metavar="ИМЯ", help="имя карты, можно без кавычек")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="card")


def run(args) -> int:
    """One card: stats, text, the tree in words, the 505 resolution, paragraphs (JSON:
    ``{name, kind, traits, stats, text, ast, …}``; several near names: a list of them).
    Exit 0 when a card is found; 1 with a Russian message when there is no card
    database (it says how to import one) or no card is near the name; 2 for a blank name."""
    import sys

    from bot.cards.answer import NO_DATABASE, card_json, find_hits, one_card_answer
    from bot.chat.render import render_plain
    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import BerserkError

    name = " ".join(args.name).strip()
    if not name:  # «card ""»: nothing to look up, said so rather than «карта «» не найдена»
        print_error("укажите имя карты, например: berserk-judge card Гном-басаарг", wants_json(args), "card")
        return 2
    try:
        found = find_hits(name)
    except BerserkError as e:
        print_error(str(e), wants_json(args), "card")
        return 1
    if found is None:
        print_error(NO_DATABASE, wants_json(args), "card")
        return 1
    hits, total = found
    if not hits:
        print_error(f"карта «{name[:60]}» в базе не найдена (карт в базе: {total}).", wants_json(args), "card")
        return 1
    one = len({h.card.name.casefold() for h in hits}) == 1
    if wants_json(args):
        objs = [card_json(h.card) for h in hits]
        print_json(objs[0] if len(objs) == 1 else objs)
        return 0
    if one:
        sys.stdout.write(render_plain(one_card_answer(hits[0].card, name, args.edition, tuple(h.card for h in hits[1:]))))
    else:
        from bot.cards.answer import list_answer

        sys.stdout.write(render_plain(list_answer(hits, name)))
    return 0
