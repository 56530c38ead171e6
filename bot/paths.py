"""Where the data folders (grammar/, rulebook/, scenarios/) live.

In a source checkout they sit at the repository root, next to ``bot/``; in an
installed wheel they are shipped inside the package as ``bot/_data/<name>``
(see ``[tool.hatch.build.targets.wheel.force-include]`` in pyproject.toml).
This module is the single place that knows both layouts.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_BUNDLED = _PACKAGE / "_data"
_SOURCE_ROOT = _PACKAGE.parent


def data_root() -> Path:
    """Return the folder holding ``grammar/``, ``rulebook/`` and ``scenarios/``.

    The bundled copy inside an installed wheel wins; otherwise the source
    checkout's root is used.
    """
    if (_BUNDLED / "rulebook").is_dir():
        return _BUNDLED
    return _SOURCE_ROOT


def grammar_dir() -> Path:
    """Folder of the ``*.lark`` card-text grammar files."""
    return data_root() / "grammar"


def rulebook_dir() -> Path:
    """Folder of ``<edition>.yaml`` rulebooks and their ``sources/`` pages."""
    return data_root() / "rulebook"


def scenarios_dir() -> Path:
    """Folder of the bundled judge scenarios (``*.yaml``)."""
    return data_root() / "scenarios"


def user_data_dir() -> Path:
    """Folder for what a user adds (card databases, per-chat settings; DESIGN.md «Data and
    state»): ``$BERSERK_DATA_DIR`` when set, else the platform's user data folder
    (platformdirs, e.g. ``~/.local/share/berserk-judge``). Not created here; never inside
    the installed package."""
    import os

    env = os.environ.get("BERSERK_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("berserk-judge", appauthor=False))


DEFAULT_EDITION = "5ed"
"""The edition built from the seed pages in ``rulebook/sources/``."""
