"""The project's own contract: README commands, CI script, entry points."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Установка и запуск", 1)[1].split("## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", setup, re.S)


def test_readme_has_exactly_two_setup_commands():
    cmds = _readme_commands()
    assert len(cmds) == 2
    assert cmds[0].endswith("berserk-judge")
    assert "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _readme_commands()[1] in ci.splitlines()


def test_python_m_bot_help_is_russian():
    out = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0
    assert "консольный чат" in out.stdout


def test_unknown_subcommand_exits_2_with_russian_message():
    out = subprocess.run([sys.executable, "-m", "bot", "нетакой"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2
    assert "ошибка" in out.stderr


def _long_options(parser, path=()):
    """``(sub-command path, --option)`` for every long option of the CLI."""
    import argparse

    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sp in a.choices.items():
                yield from _long_options(sp, (*path, name))
        else:
            for o in a.option_strings:
                if o.startswith("--") and o != "--help":
                    yield path, o


def test_every_cli_option_is_documented_in_the_readme():
    """A new user learns the CLI from README.md: every sub-command's long option is
    named there, and those of ``rulebook import`` are shown in its command block."""
    from bot.cli.parser import build_parser

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = "\n".join(re.findall(r"```sh\n(.+?)\n```", text, re.S))
    missing = [f"{' '.join(path)} {opt}" for path, opt in _long_options(build_parser())
               if not re.search(rf"{re.escape(opt)}(?![\w-])", text)]
    assert missing == []
    shown = {o for line in blocks.splitlines() if "rulebook import" in line for o in re.findall(r"--[\w-]+", line)}
    declared = {o for path, o in _long_options(build_parser()) if path == ("rulebook", "import")}
    assert declared <= shown, declared - shown
