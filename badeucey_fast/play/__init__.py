"""Playing hands: rules, events, the hand, views, PHH, scripts, bots and matches.

One concern a module; each imports only those above it in this list:

- :mod:`~badeucey_fast.play.rules`: :class:`TableRules`, how a table plays;
- :mod:`~badeucey_fast.play.events`: the history as typed, frozen events, each
  rendering its own PHH words;
- :mod:`~badeucey_fast.play.view`: :class:`HandView` (what a seat may know) and
  :class:`Legal` (what the seat to act may do, as numbers);
- :mod:`~badeucey_fast.play.hand`: :class:`Hand`, the state machine of a hand;
- :mod:`~badeucey_fast.play.phh`: PHH histories, written from and read into
  hands (:meth:`Hand.to_phh`, :meth:`Hand.from_phh`);
- :mod:`~badeucey_fast.play.scripts`: :func:`play_script` and :func:`describe`;
- :mod:`~badeucey_fast.play.bots`: the :class:`Bot` protocol and the built-in bots;
- :mod:`~badeucey_fast.play.actions`: the environment's integer actions and PHH words;
- :mod:`~badeucey_fast.play.matches`: :func:`play_match` and :class:`MatchResult`;
- :mod:`~badeucey_fast.play.self_play`: :func:`selfplay`, the built-in policies playing whole hands in C;
- :mod:`~badeucey_fast.play.vector`: :class:`VectorEnv`, many tables stepped in one call, in C.

The bots, actions, matches, self-play and the vector environment load on first use (matches bring the job runner).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from badeucey_fast._lazy import lazy_attribute

from badeucey_fast.play import phh as phh  # gives Hand its to_phh and from_phh
from badeucey_fast.play.events import BetRaise, CheckCall, Deal, Draw, Event, Fold, Post, Show
from badeucey_fast._native.seeding import seeded_generator
from badeucey_fast.play.hand import STRUCTURES, DealState, Hand, Replay, Uncontested
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.scripts import describe, play_script
from badeucey_fast.play.view import HandView, Legal

if TYPE_CHECKING:
    from badeucey_fast.play.bots import Bot, CallingBot, DrawingBot, RandomBot, bot_name, make_bot
    from badeucey_fast.play.matches import IllegalActionError, MatchResult, play_match
    from badeucey_fast.play.self_play import selfplay
    from badeucey_fast.play.vector import VectorEnv, VectorStep

__all__ = [
    "STRUCTURES", "BetRaise", "Bot", "CallingBot", "CheckCall", "Deal", "DealState", "Draw", "DrawingBot", "Event",
    "Fold", "Hand", "HandView", "IllegalActionError", "Legal", "MatchResult", "Post", "RandomBot", "Replay", "Show",
    "TableRules", "Uncontested", "VectorEnv", "VectorStep", "bot_name", "describe", "make_bot", "play_match",
    "play_script", "seeded_generator", "selfplay",
]

_LAZY = {
    **dict.fromkeys(("Bot", "CallingBot", "DrawingBot", "RandomBot", "bot_name", "make_bot"), "badeucey_fast.play.bots"),
    **dict.fromkeys(("IllegalActionError", "MatchResult", "play_match"), "badeucey_fast.play.matches"),
    "selfplay": "badeucey_fast.play.self_play",
    **dict.fromkeys(("VectorEnv", "VectorStep"), "badeucey_fast.play.vector"),
}


def __getattr__(name: str) -> Any:
    """The bots and matches, imported on first use."""
    return lazy_attribute(globals(), _LAZY, name)
