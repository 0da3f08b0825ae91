"""The browser table, the hand replayer and the arena, served by ``badeucey serve``
(the ``web`` extra: Starlette and uvicorn).

- :mod:`~badeucey_fast.web.app`: :func:`create_app`, the application, made from its settings;
- :mod:`~badeucey_fast.web.serve`: :func:`serve`, the command: the app under uvicorn;
- :mod:`~badeucey_fast.web.limits`: :class:`Limits`, what one client can make the server hold or do;
- :mod:`~badeucey_fast.web.access`: loopback hosts, seats' tokens and the gate that asks for them;
- :mod:`~badeucey_fast.web.table`: a person's table against a built-in bot, one
  :class:`~badeucey_fast.web.table.TableSession` per browser, kept in a bounded
  :class:`~badeucey_fast.web.table.Sessions`;
- :mod:`~badeucey_fast.web.replay`: a PHH history as steps, with each seat's equity;
- :mod:`~badeucey_fast.web.pages`: the pages' routes (:func:`~badeucey_fast.web.pages.routes`),
  each handler turning JSON into a call of the two modules above and back;
- :mod:`~badeucey_fast.web.match`: :class:`ArenaMatch`, a duplicate match played one decision at a time;
- :mod:`~badeucey_fast.web.arena`: the ``/api/play`` WebSocket that plays it with a remote bot;
- :mod:`~badeucey_fast.web.leaderboard`: :class:`Leaderboard`, the arena's matches kept in SQLite.

table, replay, match and limits import neither Starlette nor uvicorn: they are plain Python on
the play API.  Names load on first use, so that ``import badeucey_fast.web`` needs no extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from badeucey_fast._lazy import lazy_attribute

if TYPE_CHECKING:
    from badeucey_fast.web.app import create_app
    from badeucey_fast.web.leaderboard import Leaderboard
    from badeucey_fast.web.limits import Limits
    from badeucey_fast.web.match import ArenaMatch, ArenaResult
    from badeucey_fast.web.serve import serve

__all__ = ["ArenaMatch", "ArenaResult", "Leaderboard", "Limits", "create_app", "serve"]

_LAZY = {
    "create_app": "badeucey_fast.web.app",
    "Leaderboard": "badeucey_fast.web.leaderboard",
    "Limits": "badeucey_fast.web.limits",
    "ArenaMatch": "badeucey_fast.web.match",
    "ArenaResult": "badeucey_fast.web.match",
    "serve": "badeucey_fast.web.serve",
}


def __getattr__(name: str) -> Any:
    """The module's names, imported on first use."""
    return lazy_attribute(globals(), _LAZY, name)
