"""The console chat: lines piped into the real entry point (``python -m bot``),
plus the multi-line /scenario input in-process."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from bot.answer import Answer, Block
from bot.chat import console

ROOT = Path(__file__).resolve().parent.parent


def chat_pipe(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, input=text, capture_output=True, text=True, timeout=120)


def test_piped_help_prints_commands_without_prompt_and_exits_0():
    out = chat_pipe("/help\n")
    assert out.returncode == 0, out.stderr
    for cmd in ("/rule", "/search", "/parse", "/explain", "/scenario", "/glossary"):
        assert cmd in out.stdout
    assert console.PROMPT not in out.stdout and "Ctrl-D." in out.stdout
    assert "Судья по правилам «Берсерка». Задайте" not in out.stdout  # no banner on a pipe


def test_empty_input_and_blank_lines_exit_0_silently():
    out = chat_pipe("\n   \n")
    assert out.returncode == 0 and out.stdout == ""
    assert chat_pipe("").returncode == 0


def test_each_line_is_one_answer_separated_by_a_rule():
    out = chat_pipe("/foo\n/rule\n")
    assert out.returncode == 0
    first, second = out.stdout.split(console.SEPARATOR)
    assert "Неизвестная команда /foo" in first
    assert "Пример: /rule 209.5" in second


def test_acceptance_rule_then_question():
    """README acceptance: the text of 209.5, then an answer citing 209.4 (needs the
    rulebook and the lookup/search routes on main)."""
    out = chat_pipe("/rule 209.5\nМожно ли положить симбиота на летающее существо?\n")
    assert out.returncode == 0, out.stderr
    rule, answer = out.stdout.split(console.SEPARATOR)
    assert "Небестелесного симбиота нельзя поместить на бестелесное существо" in rule
    assert "209.4" in answer.split("Пункты:")[-1]
    assert out.stderr == ""  # no log noise from libraries


def test_scenario_reads_following_lines_or_a_file(monkeypatch, tmp_path):
    seen = []

    def scenario_answer(text):
        seen.append(text)
        return Answer(question="s", route="scenario", verdict="погибает", blocks=[Block("text", "ok")], citations=["209.4"])

    monkeypatch.setattr("bot.sim.scenario.scenario_answer", scenario_answer)
    f = tmp_path / "s.yaml"
    f.write_text("board: {}\nexpect: погибает\n", encoding="utf-8")
    out = io.StringIO()
    code = console.chat(io.StringIO(f"/scenario\nboard:\n  a1: симбиот\n\n/scenario {f}\n/help\n"), out, interactive=False)
    assert code == 0
    assert seen == ["board:\n  a1: симбиот", "board: {}\nexpect: погибает"]
    text = out.getvalue()
    assert text.count("Вердикт: погибает") == 2 and "/glossary" in text


def test_a_failing_line_does_not_end_the_chat(monkeypatch):
    def broken(q, e=None):
        raise RuntimeError("boom")

    monkeypatch.setattr("bot.judge.ask", broken)
    out = io.StringIO()
    assert console.chat(io.StringIO("Что будет?\n/help\n"), out, interactive=False) == 0
    first, second = out.getvalue().split(console.SEPARATOR)
    assert "Извините" in first and "/rule" in second


def test_terminal_session_has_prompt_banner_and_history(tmp_path):
    """On a terminal (a pty): banner, prompt, readline history saved at exit."""
    import os
    import pty
    import select
    import time

    env = {**os.environ, "HOME": str(tmp_path), "TERM": "dumb"}
    pid, fd = pty.fork()
    if pid == 0:  # child: the real entry point on the pty
        os.chdir(ROOT)
        os.execvpe(sys.executable, [sys.executable, "-m", "bot"], env)
    out = b""

    def read_until(marker: bytes, limit: float = 30.0, times: int = 1) -> None:
        nonlocal out
        end = time.monotonic() + limit
        while out.count(marker) < times and time.monotonic() < end:
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    return

    read_until(console.PROMPT.encode())
    os.write(fd, b"/help\n")
    read_until(b"/glossary")
    read_until(console.PROMPT.encode(), 10, times=2)  # answered, prompt again
    os.write(fd, b"/quit\n")
    read_until(b"\x00", 5)  # drain until the child closes the pty
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 0
    assert "Судья по правилам «Берсерка»" in text and console.PROMPT in text and "/glossary" in text
    assert "/help" in (tmp_path / ".berserk_judge_history").read_text(encoding="utf-8")
