"""The one way a request's file name becomes a path: :func:`served_path`,
which never leaves the folder served.

>>> from pathlib import Path
>>> from badeucey_fast.web.files import served_path
>>> served_path(Path("/srv/hands"), "2026/one.phh").as_posix()
'/srv/hands/2026/one.phh'
>>> served_path(Path("/srv/hands"), "../../etc/passwd")
Traceback (most recent call last):
...
ValueError: not a file of the folder served: '../../etc/passwd'
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

__all__ = ["served_path"]

MAX_NAME_CHARS = 255
"""The longest name a request may give."""


def served_path(folder: str | os.PathLike[str], name: str) -> Path:
    """The path of the file ``name`` (a relative, ``/``-separated name from a
    request) inside ``folder``, refused unless it stays inside: no ``..``, no
    absolute name, drive or backslash, no hidden part (``.git``), no control
    character, and, once the links on the way are followed, still inside
    ``folder``.  The file need not exist (opening it says so).

    :raises ValueError: for a name that is not a file of the folder.
    """
    root = Path(folder).resolve()
    bad = ValueError(f"not a file of the folder served: {name[:80]!r}")
    if not isinstance(name, str) or not name or len(name) > MAX_NAME_CHARS:
        raise bad
    if "\\" in name or ":" in name or any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise bad
    parts = PurePosixPath(name).parts
    if name.startswith("/") or any(part in ("..", ".") or part.startswith(".") for part in parts):
        raise bad
    path = root.joinpath(*parts)
    resolved = path.resolve()
    if resolved == root or root not in resolved.parents:
        raise bad
    return resolved
