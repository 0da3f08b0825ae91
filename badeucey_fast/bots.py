"""Bots and bot matches, kept as a re-export: every public name of
:mod:`badeucey_fast.play.bots` (the bots) and :mod:`badeucey_fast.play.matches`
(the matches), whose ``__all__`` lists are the one list of both.

>>> from badeucey_fast.bots import CallingBot, make_bot
>>> make_bot("calling")
CallingBot()
"""

from __future__ import annotations

from badeucey_fast.play import bots as _bots
from badeucey_fast.play import matches as _matches
from badeucey_fast.play.bots import *  # noqa: F403
from badeucey_fast.play.matches import *  # noqa: F403

__all__ = [*_bots.__all__, *_matches.__all__]
