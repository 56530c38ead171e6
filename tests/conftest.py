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
