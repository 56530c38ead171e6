"""``berserk-judge ask TEXT... [--json] [--edition E]``: answer judge questions (bot.judge.ask)."""

from __future__ import annotations

from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``ask``."""
    sp = sub.add_parser("ask", help="ответить на вопрос судье")
    sp.add_argument("text", nargs="+", metavar="ВОПРОС", help="вопрос(ы); несколько вопросов — несколько аргументов")
    json_flag(sp); edition_flag(sp)
    sp.set_defaults(run=run, cli_name="ask")


def run(args) -> int:
    """One JSON object per question (a list for several), or plain-text answers.
    Exit 0; 1 on an unreadable rulebook; 2 for a question longer than
    ``bot.limits.QUESTION_CHARS`` (Russian message on stderr; with ``--json`` also
    ``{"error": message}`` on stdout). An unknown ``--edition`` is refused by
    ``bot.cli.parser.main`` (exit 2)."""
    from bot.cli.output import print_answers, print_error
    from bot.errors import InputLimitError, RulebookError
    from bot.judge import ask

    try:
        answers = [ask(q, args.edition) for q in args.text]
    except InputLimitError as e:
        print_error(str(e), args.json, "ask")
        return 2
    except RulebookError as e:
        print_error(str(e), args.json, "ask")
        return 1
    return print_answers(answers, as_json=args.json, json_of=lambda a: a.to_json())
