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
