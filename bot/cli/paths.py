"""``berserk-judge paths [--json]``: the data folders the running bot reads (bot.paths).

Plain text, one line per folder («Грамматика: /…/grammar»), one line per installed
edition (the user's copy wins over the packaged one, ``bot.rulebook.edition_path``);
JSON::

    {"code": "/…/bot", "layout": "source" | "wheel", "data_root": …,
     "grammar": …, "rulebook": …, "editions": [{"edition": "5ed", "path": …}],
     "glossary": "/…/rulebook/glossary/terms.yaml", "scenarios": …,
     "user_data_dir": …, "user_data_dir_exists": false,
     "user_editions_dir": "/…/editions",
     "database": "sqlite:////…/berserk.sqlite3"}

``database`` is the store of imported cards and chat settings (``DATABASE_URL``, or
SQLite in the user data folder; a password in the address is shown as ``***``).

All paths are absolute. Exit 0.
"""

from __future__ import annotations

from bot.cli.parser import json_flag

LAYOUT_LABEL = {
    "source": "исходники (правки в папках ниже действуют сразу)",
    "wheel": "установленный пакет (копия данных внутри пакета)",
}


def add_parser(sub) -> None:
    """Declare ``paths``."""
    sp = sub.add_parser("paths", help="папки данных, которые читает бот")
    json_flag(sp)
    sp.set_defaults(run=run, cli_name="paths")


def paths_report() -> dict:
    """The JSON object above, for the running process."""
    from bot import paths
    from bot.rulebook import edition_path, editions, user_editions_dir
    from bot.store import shown_url

    user = paths.user_data_dir()
    return {
        "code": str(paths.package_dir()),
        "layout": paths.layout(),
        "data_root": str(paths.data_root()),
        "grammar": str(paths.grammar_dir()),
        "rulebook": str(paths.rulebook_dir()),
        "editions": [{"edition": e, "path": str(edition_path(e))} for e in editions()],
        "glossary": str(paths.glossary_file()),
        "scenarios": str(paths.scenarios_dir()),
        "user_data_dir": str(user),
        "user_data_dir_exists": user.is_dir(),
        "user_editions_dir": str(user_editions_dir()),
        "database": shown_url(),
    }


def _user_dir_state(path: str) -> str:
    """« (пока не создана)», or why nothing can be written there (a file in its place, no
    write permission), or «» for a usable folder."""
    import os
    from pathlib import Path

    p = Path(path)
    if p.is_dir():
        return "" if os.access(p, os.W_OK | os.X_OK) else " (нет прав на запись: rulebook import и cards import туда не запишут)"
    if p.exists() or p.is_symlink():
        return " (на этом месте не папка, а файл: rulebook import и cards import туда не запишут)"
    return " (пока не создана)"


def run(args) -> int:
    """Print ``paths_report()`` as text or JSON; exit 0."""
    import sys

    from bot.cli.output import print_json

    rep = paths_report()
    if args.json:
        print_json(rep)
        return 0
    lines = [
        f"Код: {rep['code']}",
        f"Данные: {rep['data_root']} — {LAYOUT_LABEL[rep['layout']]}",
        f"Грамматика: {rep['grammar']}",
        f"Правила: {rep['rulebook']}",
        *(f"  редакция {e['edition']}: {e['path']}" for e in rep["editions"]),
        f"Глоссарий: {rep['glossary']}",
        f"Сценарии: {rep['scenarios']}",
        f"Папка пользователя: {rep['user_data_dir']}" + _user_dir_state(rep["user_data_dir"]),
        f"Редакции пользователя (сюда пишет rulebook import): {rep['user_editions_dir']}",
        f"База карт и настроек: {rep['database']}",
    ]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
