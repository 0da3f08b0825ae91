"""Strength floors: every shipped strategy against DrawingBot over a seeded
duplicate match, whose 95% interval's lower end must stay above a floor (a
weaker strategy file, or a bot or engine change that makes it play worse,
fails).  The games come from tools/strength.py's table of shipped strategies
(``SHIPPED_GAMES``), so a newly shipped file is covered when it is added
there, against the default floors until it has floors of its own.

The quick suite plays 1,000 deals (2,000 hands) a game.  The slow one plays
longer matches, held to the slow floors: the default one is what a shipped
strategy must reach (+300 mbb/hand at the lower end) over 10,000 deals (20,000
hands); a game whose match was measured plays as many deals as keep its lower
end above its floor by at least twice the interval's half-width (fewer deals,
a wider interval: the same floor is harder to clear).  The floors sit well
below what the matches measure (docs/bots.rst, "Strength"), so only a real
loss of strength fails.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import play_match
from badeucey_fast.play.bots import CFRBot, DrawingBot

from .support import load_module

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): long matches of the bots on
# the C table, which the bots' and self-play's tests play
pytestmark = pytest.mark.no_sanitize

TOOL = Path(__file__).resolve().parent.parent / "tools" / "strength.py"
STRENGTH: ModuleType = load_module(TOOL, "strength_tool")

QUICK_DEALS, DEFAULT_SLOW_DEALS = 1_000, 10_000
SEED = 1

DEFAULT_FLOORS = (100.0, 300.0)
"""The lower end a shipped strategy must keep against DrawingBot (mbb/hand): quick match, slow match."""
FLOORS: dict[str, tuple[float, float]] = {
    "badeucey": (450.0, 650.0),  # the matches' lower ends: +762 and +877 (reach buckets, purified; docs/bots.rst)
}
"""Floors of the games whose matches were measured (the rest take :data:`DEFAULT_FLOORS`)."""
SLOW_DEALS: dict[str, int] = {
    # the deals of a measured game's slow match, its 95% interval with seed 1 (mbb/hand)
    "badeucey": 4_000,  # +951.4 [+877.1, +1025.7] (floor +650)
    "badugi": 3_000,  # +658.4 [+543.7, +773.1]
    "badacey": 2_000,  # +999.1 [+899.0, +1099.2]
    "deuce_seven": 2_000,  # +1861.2 [+1705.7, +2016.8]
    "ace_five": 2_000,  # +1757.2 [+1611.8, +1902.7]
}
"""Deals of the slow match of the games whose matches were measured (the rest play :data:`DEFAULT_SLOW_DEALS`)."""


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
    assert lower_end(game, SLOW_DEALS.get(game, DEFAULT_SLOW_DEALS)) > floor


def test_every_slow_match_is_longer_than_the_quick_one() -> None:
    """A slow match that is the quick one's deals again checks nothing new."""
    assert all(deals > QUICK_DEALS for deals in SLOW_DEALS.values()) and DEFAULT_SLOW_DEALS > QUICK_DEALS
