"""Strength floors: every shipped strategy against DrawingBot over a seeded
duplicate match, whose 95% interval's lower end must stay above a floor (a
weaker strategy file, or a bot or engine change that makes it play worse,
fails).  The games come from tools/strength.py's table of shipped strategies
(``SHIPPED_GAMES``), so a newly shipped file is covered when it is added
there, against the default floors until it has floors of its own.

The quick suite plays 1,000 deals (2,000 hands) a game; the slow one 10,000
(20,000 hands), whose default floor is what a shipped strategy must reach
(+300 mbb/hand at the lower end).  The floors sit well below what the matches
measure (docs/bots.rst, "Strength"), so only a real loss of strength fails.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import play_match
from badeucey_fast.play.bots import CFRBot, DrawingBot

from .support import load_module

TOOL = Path(__file__).resolve().parent.parent / "tools" / "strength.py"
STRENGTH: ModuleType = load_module(TOOL, "strength_tool")

QUICK_DEALS, SLOW_DEALS = 1_000, 10_000
SEED = 1

DEFAULT_FLOORS = (100.0, 300.0)
"""The lower end a shipped strategy must keep against DrawingBot (mbb/hand): quick match, slow match."""
FLOORS: dict[str, tuple[float, float]] = {
    "badeucey": (450.0, 650.0),  # the matches' lower ends: about +763 and +839 (reach buckets; docs/bots.rst)
}
"""Floors of the games whose matches were measured (the rest take :data:`DEFAULT_FLOORS`)."""


def lower_end(game: str, deals: int) -> float:
    """The lower end of the shipped strategy's 95% interval against DrawingBot, in mbb/hand."""
    strategy = STRENGTH.shipped_strategy(game)
    result = play_match([CFRBot(strategy), DrawingBot()], hands=2 * deals, rules=strategy.rules, seed=SEED,
                        engine="python", executor=InlineExecutor(), keep_deals=False)
    assert result.deals == deals and result.duplicate
    return float(result.ci95[0][0])


@pytest.mark.parametrize("game", STRENGTH.SHIPPED_GAMES)
def test_the_shipped_strategy_beats_the_drawing_bot(game: str) -> None:
    floor = FLOORS.get(game, DEFAULT_FLOORS)[0]
    assert lower_end(game, QUICK_DEALS) > floor


@pytest.mark.slow
@pytest.mark.parametrize("game", STRENGTH.SHIPPED_GAMES)
def test_the_shipped_strategy_beats_the_drawing_bot_over_a_long_match(game: str) -> None:
    floor = FLOORS.get(game, DEFAULT_FLOORS)[1]
    assert lower_end(game, SLOW_DEALS) > floor
