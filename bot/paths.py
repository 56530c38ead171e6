"""Where the data folders (grammar/, rulebook/, scenarios/) and the user's own data live.

Two layouts of the bot's data, one place that knows both:

- **source checkout** (a clone, also after ``pip install -e .``): the folders sit at
  the repository root, next to ``bot/``; edits there take effect at once, for
  ``python -m bot`` and for the ``berserk-judge`` script alike;
- **installed wheel** (``pip install .``): they are shipped inside the package as
  ``bot/_data/<name>`` (``[tool.hatch.build.targets.wheel.force-include]`` in
  pyproject.toml).

A source checkout is recognised by ``pyproject.toml`` and ``rulebook/`` beside the
package, and wins over a bundled copy. ``berserk-judge paths`` prints what the
running bot reads.

What a user adds (imported editions, cards) goes to ``user_data_dir()``, never
into the installed package.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_BUNDLED = _PACKAGE / "_data"
_SOURCE_ROOT = _PACKAGE.parent

USER_DIR_ENV = "BERSERK_USER_DIR"
"""Environment variable that sets the user data folder (tests, several profiles)."""

APP_NAME = "berserk-judge"
"""The folder name of the user data folder (platformdirs ``appname``)."""


def is_source_checkout() -> bool:
    """True when the package runs from a source tree (a clone or an editable install):
    ``pyproject.toml`` and ``rulebook/`` lie next to ``bot/``."""
    return (_SOURCE_ROOT / "pyproject.toml").is_file() and (_SOURCE_ROOT / "rulebook").is_dir()


def data_root() -> Path:
    """Return the folder holding ``grammar/``, ``rulebook/`` and ``scenarios/``:
    the repository root in a source checkout, else the wheel's bundled ``bot/_data``
    (the source root again when neither is there, so that errors name it)."""
    if is_source_checkout():
        return _SOURCE_ROOT
    if (_BUNDLED / "rulebook").is_dir():
        return _BUNDLED
    return _SOURCE_ROOT


def grammar_dir() -> Path:
    """Folder of the ``*.lark`` card-text grammar files."""
    return data_root() / "grammar"


def rulebook_dir() -> Path:
    """Folder of ``<edition>.yaml`` rulebooks, their ``sources/`` pages and ``glossary/``."""
    return data_root() / "rulebook"


def glossary_file() -> Path:
    """The glossary's term list ``rulebook/glossary/terms.yaml`` (names and code names)."""
    return rulebook_dir() / "glossary" / "terms.yaml"


def layout() -> str:
    """``"source"`` when the data is read from a source tree (``data_root()`` is the
    repository root), ``"wheel"`` when from the copy bundled in an installed package."""
    return "source" if data_root() == _SOURCE_ROOT else "wheel"


def package_dir() -> Path:
    """The folder of the running ``bot`` package (absolute)."""
    return _PACKAGE


def scenarios_dir() -> Path:
    """Folder of the bundled judge scenarios (``*.yaml``)."""
    return data_root() / "scenarios"


def user_data_dir() -> Path:
    """The user's own data folder (imported editions, cards): ``$BERSERK_USER_DIR``
    when set, else the platform's user data folder for ``berserk-judge``
    (platformdirs: ``~/.local/share/berserk-judge`` on Linux, honouring
    ``XDG_DATA_HOME``). Not created here; it may not exist yet."""
    override = os.environ.get(USER_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser().resolve()
    from platformdirs import user_data_dir as platform_user_data_dir

    return Path(platform_user_data_dir(APP_NAME, appauthor=False))


DEFAULT_EDITION = "5ed"
"""The edition built from the seed pages in ``rulebook/sources/``."""
