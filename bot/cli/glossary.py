"""``berserk-judge glossary [WORD...] [--json] [--edition E]``: rule terms and their paragraphs (bot.glossary)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``glossary``."""
    sp = sub.add_parser("glossary", help="термины правил и пункты, где они определены")
    sp.add_argument("word", nargs="*", default=[], metavar="ТЕРМИН", help="термин, можно из нескольких слов без кавычек")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="glossary")


def run(args) -> int:
    """Without a word: every term with its paragraph (JSON: ``[{name, code_name,
    number, forms}]``). With a word (several words are one term, «летающее существо»
    without quotes): the term and its defining paragraph (JSON: ``{name, code_name,
    number, forms, text}``, or ``{"error": …}`` for an unknown word). Exit 0; 1 for an
    unknown word or an unreadable edition."""
    import sys

    from bot.chat.render import render_plain
    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import RulebookError
    from bot.glossary import glossary_answer, lookup_term, terms
    from bot.rulebook import load

    words = args.word if isinstance(args.word, list) else [args.word] if args.word else []
    word = " ".join(words).strip() or None
    try:
        ans = glossary_answer(word, args.edition)
        if wants_json(args):
            if word is None:
                obj = [_term_json(t) for t in terms(args.edition)]
            else:
                t = lookup_term(word, args.edition)
                obj = {"error": ans.text} if t is None else _term_json(t) | {
                    "text": load(args.edition).text_with_subpoints(t.number) if t.number else None,
                }
            print_json(obj)
        else:
            sys.stdout.write(render_plain(ans))
        return 0 if (word is None or lookup_term(word, args.edition)) else 1
    except RulebookError as e:
        print_error(str(e), wants_json(args), "glossary")
        return 1


def _term_json(t) -> dict:
    """A glossary term as JSON: ``{name, code_name, number, forms, edition, entry:
    {term, section, text} | null, citations}``."""
    entry = None if t.entry is None else {"term": t.entry.term, "section": t.entry.section, "text": t.entry.text}
    return {"name": t.name, "code_name": t.code_name, "number": t.number, "forms": list(t.forms),
            "edition": t.edition, "entry": entry, "citations": t.citations}
