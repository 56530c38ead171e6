"""``berserk-judge explain TEXT [--failed N] [--illegal N] [--refuse] [--choose N]
[--declare N,M] [--no-resources] [--scenario FILE [--card ID] [--target N=ID]] [--json]
[--edition E]``: step-by-step resolution of a compound ability (505; bot.abilities.resolve);
with ``--scenario`` the text is executed on that file's board (bot.sim.board_text)."""

from __future__ import annotations

from bot.argparse_ru import whole_number
from bot.cli.parser import edition_flag, json_flag


def add_parser(sub) -> None:
    """Declare ``explain``."""
    sp = sub.add_parser("explain", help="пошаговое разрешение составной особенности (505)")
    sp.add_argument("text", nargs="+", metavar="ТЕКСТ",
                    help="текст карты; без кавычек его слова соединяются через пробел")
    sp.add_argument("--failed", type=whole_number, action="append", default=[], metavar="N", help="часть N не выполнена")
    sp.add_argument("--illegal", type=whole_number, action="append", default=[], metavar="N", help="часть N нелегально объявить")
    sp.add_argument("--refuse", action="store_true", help="противник отказался (505.7)")
    sp.add_argument("--choose", type=whole_number, action="append", default=None, metavar="N",
                    help="выбран вариант, в который входит часть N (505.5); один раз")
    sp.add_argument("--declare", action="append", default=None, metavar="N,M",
                    help="объявлены только части N,M (505.8); один раз, списком")
    sp.add_argument("--no-resources", action="store_true", help="ресурсов для оплаты не хватает (505.9)")
    sp.add_argument("--scenario", metavar="ФАЙЛ", help="выполнить текст на поле из файла сценария (его state)")
    sp.add_argument("--card", metavar="ID", help="чья это особенность (карта поля из --scenario)")
    sp.add_argument("--target", action="append", default=[], metavar="N=ID",
                    help="цель части N: карта или клетка (с --scenario)")
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

    args.text = " ".join(args.text) if isinstance(args.text, list) else args.text   # «explain Ранить на 1» unquoted
    if getattr(args, "scenario", None):
        return run_on_board(args)
    if getattr(args, "card", None) or getattr(args, "target", None):
        print_error("--card и --target задаются вместе с --scenario ФАЙЛ (поле, на котором выполняется текст)",
                    wants_json(args), "explain")
        return 2
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


def run_on_board(args) -> int:
    """``explain TEXT --scenario FILE``: the text executed on the board of FILE. JSON:
    ``{steps:[{text, done, rule, …}], citations, verdict, parts, results, unsupported, board}``.
    Exit 0; 1 when the text is not card text; 2 for a file / card / target / choice problem and
    for the outcome flags the board decides itself (--failed, --illegal, --no-resources)."""
    import sys

    from bot.abilities.resolve import _once
    from bot.cli.output import print_error, print_json, wants_json
    from bot.errors import OutcomeError, ParseError, ScenarioError
    from bot.sim.ability import UseError
    from bot.sim.board_text import explain_on_scenario

    js = wants_json(args)
    if args.failed or args.illegal or args.no_resources:
        print_error("с --scenario выполнено ли, легально ли и хватает ли ресурсов решает поле: "
                    "--failed, --illegal и --no-resources не задаются", js, "explain")
        return 2
    try:
        targets = {}
        for t in args.target or []:
            n, _, cid = t.partition("=")
            if not n.strip().isdigit() or not cid.strip():
                raise OutcomeError(f"--target {t}: ожидалось N=ID, например 2=Орк или 1=c3")
            targets[int(n)] = cid.strip()
        choose = _once(args.choose, "--choose", "выбирается один вариант «или» (505.5).")
        raw = _once(args.declare, "--declare", "укажите объявленные части одним списком, например 1,2.")
        declare = frozenset(int(x) for x in str(raw).replace(" ", "").split(",") if x) if raw is not None else None
        bv = explain_on_scenario(args.text, args.scenario, args.card, targets, choose, bool(args.refuse), declare)
    except ParseError as e:
        print_error(str(e), js, "explain")
        return 1
    except (ScenarioError, UseError, OutcomeError, ValueError) as e:
        print_error(str(e), js, "explain")
        return 2
    if args.json:
        print_json(bv.to_json())
        return 0
    res = bv.resolution
    lines = [f"Вердикт: {bv.verdict}" if bv.verdict else "Вердикт не даю: результат части текста неизвестен", "",
             "Части текста:", *(f"{n}. {t}" for n, t in res.parts), "", "Выполнение на поле:",
             *(f"{i}. {s.line()}" for i, s in enumerate(res.steps, 1))]
    if res.unsupported:
        lines += ["", "Не умею выполнить: " + "; ".join(f"«{u}»" for u in res.unsupported)]
    lines += ["", "Пункты: " + ", ".join(bv.citations)]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
