"""Session-wide test setup.

The user data folder (imported editions, the chat store) is pointed at a temporary
folder unless ``BERSERK_USER_DIR`` is already set: tests never read or write the real
``~/.local/share/berserk-judge``. Setting it to a folder with more editions installed
runs the whole suite against that installation (issue 13: the suite passes with two
editions installed).
"""

from __future__ import annotations

import os
import tempfile

import pytest

if not os.environ.get("BERSERK_USER_DIR"):
    os.environ["BERSERK_USER_DIR"] = tempfile.mkdtemp(prefix="berserk-user-")


def clear_edition_caches() -> None:
    """Forget every edition loaded in this process (rulebooks, search indexes, glossaries,
    rule-effect bindings): for tests that install or replace editions."""
    import bot.search
    from bot import glossary
    from bot.rulebook import load
    from bot.sim import binding

    load.cache_clear()
    bot.search.index_for.cache_clear()
    glossary._edition_terms.cache_clear()
    binding.binding.cache_clear()
    from bot.rules_text import index as rule_text_index

    rule_text_index.clear()


@pytest.fixture(scope="module")
def tested_edition(tmp_path_factory):
    """The full-layout test edition «tested» (tests/data/edition_tested.html) imported into a
    fresh user folder for one test module; yields the edition name. Shared by the rule-text
    test modules (issue 14), which each had a copy of this fixture."""
    from pathlib import Path

    from bot.cli import main

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_USER_DIR", str(tmp_path_factory.mktemp("tested") / "user"))
        clear_edition_caches()
        data = Path(__file__).parent / "data"
        assert main(["rulebook", "import", str(data / "edition_tested.html"), "--edition", "tested"]) == 0
        yield "tested"
    clear_edition_caches()
