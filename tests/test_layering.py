"""Rules know no transport: no module under bot/ outside the command-line package
(bot/cli/) and the chat package (bot/chat/) imports either of them (issue 17).

The scan reads every module's AST: ``import bot.chat…``, ``from bot.cli import …``,
relative imports that land there (``from ..chat import render``) and
``importlib.import_module("bot.chat…")`` / ``__import__`` with a literal name.
``bot/__main__.py`` is the entry point of ``python -m bot`` and may import
``bot.cli`` (it does nothing else).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "bot"
TRANSPORTS = ("bot.cli", "bot.chat")
EXEMPT = {"bot/__main__.py"}


def module_name(path: Path) -> str:
    """``bot/abilities/parser.py`` -> ``bot.abilities.parser``; a package's
    ``__init__.py`` -> the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``source`` of ``module``."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def transport_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """«line: name» for each import of ``bot.cli`` / ``bot.chat`` (or anything inside them)."""
    return [f"{line}: {name}" for line, name in imported_names(source, module, is_package)
            if any(name == t or name.startswith(t + ".") for t in TRANSPORTS)]


def domain_modules() -> list[Path]:
    """Every ``*.py`` under bot/ except bot/cli/, bot/chat/ and the entry point."""
    out = []
    for path in sorted(BOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("bot/cli/", "bot/chat/")) or rel in EXEMPT:
            continue
        out.append(path)
    return out


def test_the_scan_covers_the_domain():
    names = {module_name(p) for p in domain_modules()}
    assert {"bot.search", "bot.lookup", "bot.judge", "bot.abilities.parser", "bot.sim.engine", "bot.site"} <= names
    assert not any(n.startswith(("bot.cli", "bot.chat")) for n in names)
    assert len(names) > 40


def test_no_domain_module_imports_the_cli_or_the_chat():
    offenders = {}
    for path in domain_modules():
        hits = transport_imports(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")
        if hits:
            offenders[path.relative_to(ROOT).as_posix()] = hits
    assert offenders == {}


@pytest.mark.parametrize(
    "source, module, hit",
    [
        ("from bot.chat.render import dump_json", "bot.search", "1: bot.chat.render"),
        ("import bot.cli", "bot.sim.engine", "1: bot.cli"),
        ("def f():\n    from bot import chat", "bot.lookup", "2: bot.chat"),
        ("from ..chat import render", "bot.sim.engine", "1: bot.chat"),
        ("from . import cli", "bot.judge", "1: bot.cli"),
        ("import importlib\nimportlib.import_module('bot.cli.ask')", "bot.judge", "2: bot.cli.ask"),
    ],
)
def test_the_scan_sees_every_form_of_import(source, module, hit):
    assert hit in transport_imports(source, module)


def test_the_scan_ignores_names_that_only_look_alike():
    src = '"""see bot.cli.parse"""\nimport bot.chatter\nfrom bot.client import x\nfrom bot.abilities import parser'
    assert transport_imports(src, "bot.judge") == []
