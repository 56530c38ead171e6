"""Built data kept between processes in the user's cache folder (``<user data>/cache/``).

One file a kind of data: ``<prefix>.<key>.pickle``; a file of another key (older code, grammar
or dictionaries) is removed when the new one is written. A folder that cannot be read or
written only costs the build: nothing here raises.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import Any


def stored(prefix: str, key: Callable[[], str], make: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
    """The value stored under ``prefix`` and ``key()`` when it is there and ``valid``, else
    ``make()`` written there for the next process (``key()`` raising counts as no cache)."""
    from bot.paths import user_data_dir

    path = None
    try:
        folder = user_data_dir() / "cache"
        path = folder / f"{prefix}.{key()}.pickle"
        if path.is_file():
            got = pickle.loads(path.read_bytes())
            if valid(got):
                return got
    except Exception:  # noqa: BLE001 - an unreadable cache is rebuilt
        pass
    value = make()
    if path is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for old in folder.glob(f"{prefix}.*.pickle"):
                old.unlink(missing_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            tmp.replace(path)
        except OSError:
            pass
    return value
