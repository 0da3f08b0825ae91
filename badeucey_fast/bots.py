"""Bots and bot matches, kept as a re-export: the bots are in
:mod:`badeucey_fast.play.bots`, the matches in :mod:`badeucey_fast.play.matches`.

>>> from badeucey_fast.bots import CallingBot, make_bot
>>> make_bot("calling")
CallingBot()
"""

from __future__ import annotations

from badeucey_fast.play.bots import BOTS, Bot, CallingBot, DrawingBot, RandomBot, bot_name, make_bot
from badeucey_fast.play.matches import CHUNK_DEALS, IllegalActionError, MatchResult, play_match

__all__ = ["BOTS", "CHUNK_DEALS", "Bot", "CallingBot", "DrawingBot", "IllegalActionError", "MatchResult", "RandomBot", "bot_name",
           "make_bot", "play_match"]
