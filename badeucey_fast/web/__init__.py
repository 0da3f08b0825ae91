"""The server of ``badeucey serve`` (the ``web`` extra: Starlette and uvicorn).

- :mod:`~badeucey_fast.web.app`: :func:`create_app`, the application, made from its settings;
- :mod:`~badeucey_fast.web.limits`: :class:`Limits`, what one client can make the server hold or do;
- :mod:`~badeucey_fast.web.access`: loopback hosts, seats' tokens and the gate that asks for them;
- :mod:`~badeucey_fast.web.files`: :func:`served_path`, the one way a request names a file;
- :mod:`~badeucey_fast.web.match`: :class:`ArenaMatch`, a duplicate match played one decision at a time;
- :mod:`~badeucey_fast.web.arena`: the ``/api/play`` WebSocket that plays it with a remote bot;
- :mod:`~badeucey_fast.web.leaderboard`: :class:`Leaderboard`, the matches kept in SQLite;
- :mod:`~badeucey_fast.web.pages`: the browser pages' routes;
- :mod:`~badeucey_fast.web.serve`: :func:`serve`, the command: the app under uvicorn.

Names load on first use, so that ``import badeucey_fast.web`` needs no extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from badeucey_fast.web.app import create_app
    from badeucey_fast.web.files import served_path
    from badeucey_fast.web.leaderboard import Leaderboard
    from badeucey_fast.web.limits import Limits
    from badeucey_fast.web.match import ArenaMatch, ArenaResult
    from badeucey_fast.web.serve import serve

__all__ = ["ArenaMatch", "ArenaResult", "Leaderboard", "Limits", "create_app", "serve", "served_path"]

_LAZY = {
    "create_app": "badeucey_fast.web.app",
    "served_path": "badeucey_fast.web.files",
    "Leaderboard": "badeucey_fast.web.leaderboard",
    "Limits": "badeucey_fast.web.limits",
    "ArenaMatch": "badeucey_fast.web.match",
    "ArenaResult": "badeucey_fast.web.match",
    "serve": "badeucey_fast.web.serve",
}


def __getattr__(name: str) -> Any:
    """The module's names, imported on first use."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
