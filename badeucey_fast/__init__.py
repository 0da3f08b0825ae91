"""badeucey-fast: exact, fast hand rankings for Badeucey and its component games.

Card ids are ``4 * rank + suit`` (``2c`` = 0 .. ``As`` = 51, the ids of
phevaluator).  Every ranking is a dense rank where **lower is better**: 1 is the
best class and two hands tie exactly when their ranks are equal.

>>> import badeucey_fast as bf
>>> bf.badeucey("7s 5h 4d 3c 2s")
Halves(badugi=1, low=1)
"""

try:  # the compiled core (built by pip, imported by the native layer): without it, say why rather than "No module named ..._core"
    import badeucey_fast._native  # noqa: F401
except ModuleNotFoundError as _error:
    if _error.name != "badeucey_fast._core":
        raise
    import os as _os

    _folder = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
    if _os.path.exists(_os.path.join(_folder, "setup.py")):
        _message = (
            f"badeucey_fast was imported from the source tree in {_folder} instead of the installed package: "
            "the source folder has no compiled core (_core). Build it in place with `pip install -e .`, "
            "or run Python from another folder (and `pytest`, not `python -m pytest`, from the repository root)."
        )
    else:
        _message = (
            f"badeucey_fast in {_folder} has no compiled core (_core): the installation is incomplete; "
            "reinstall it with `pip install --force-reinstall badeucey-fast`."
        )
    raise ImportError(_message, name="badeucey_fast._core") from None

from badeucey_fast.best_badugi import badugi_cards, badugi_cards_batch
from badeucey_fast.cards import CardsLike, card_name, format_cards, parse_cards
from badeucey_fast.dispatch import implementation, implementations, use_implementation
from badeucey_fast.rankings import (
    ACE_FIVE_CLASSES,
    BADUGI_CLASSES,
    DEUCE_SEVEN_CLASSES,
    Halves,
    ace_five_rank,
    ace_five_rank_batch,
    badacey,
    badacey_batch,
    badacey_mask,
    badeucey,
    badeucey_batch,
    badeucey_mask,
    badugi_rank,
    badugi_rank_batch,
    deuce_seven_rank,
    deuce_seven_rank_batch,
    hand_mask,
)
from typing import TYPE_CHECKING, Any

from badeucey_fast._lazy import lazy_attribute
from badeucey_fast.games import GAMES, Game, SplitComparison, compare, get_game
from badeucey_fast.names import class_ranks, hand_name
from badeucey_fast.showdown import HalfResult, Pot, PotResult, SeatHand, ShowdownResult, showdown



if TYPE_CHECKING:
    from badeucey_fast.draws import DiscardOption, DrawOutcomes, Target, parse_target
    from badeucey_fast.pot_equity import Equity
    # equity, draw_outcomes and best_discards with their per-game overloads (the same functions at run time)
    from badeucey_fast.game_results import (
        BadugiDiscardOption,
        BadugiDrawOutcomes,
        BadugiEquity,
        LowDiscardOption,
        LowDrawOutcomes,
        LowEquity,
        SplitDiscardOption,
        SplitDrawOutcomes,
        SplitEquity,
        best_discards,
        draw_outcomes,
        equity,
    )
    from badeucey_fast.play import Hand, HandView, TableRules, Uncontested
    from badeucey_fast.convert import from_treys, to_pokerkit, to_treys
    from badeucey_fast.deck import Deck, random_hands
    from badeucey_fast.frames import to_frame

# Draw odds and equity load on first use: import time is part of the package's promise.
_LAZY = {
    **dict.fromkeys(
        ("DiscardOption", "DrawOutcomes", "Target", "best_discards", "draw_outcomes", "parse_target"),
        "badeucey_fast.draws",
    ),
    **dict.fromkeys(("Equity", "equity"), "badeucey_fast.pot_equity"),
    **dict.fromkeys(("Hand", "HandView", "TableRules", "Uncontested"), "badeucey_fast.play"),
    **dict.fromkeys(("from_treys", "to_pokerkit", "to_treys"), "badeucey_fast.convert"),
    **dict.fromkeys(("Deck", "random_hands"), "badeucey_fast.deck"),
    "to_frame": "badeucey_fast.frames",
    **dict.fromkeys(
        (f"{game}{result}" for game in ("Split", "Badugi", "Low") for result in ("Equity", "DrawOutcomes", "DiscardOption")),
        "badeucey_fast.game_results",
    ),
}


def __getattr__(name: str) -> Any:
    """``__version__``, read from the installed metadata on first use (importlib.metadata
    is slow to import, and import time is part of the package's promise), and the
    draw and equity API, imported on first use."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("badeucey-fast")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            return "0+unknown"
    return lazy_attribute(globals(), _LAZY, name)


def __dir__() -> list[str]:
    """The module's names, the lazily loaded ones too (so tab completion finds them)."""
    return sorted(set(globals()) | set(__all__))

__all__ = [
    "ACE_FIVE_CLASSES",
    "BADUGI_CLASSES",
    "DEUCE_SEVEN_CLASSES",
    "GAMES",
    "BadugiDiscardOption",
    "BadugiDrawOutcomes",
    "BadugiEquity",
    "CardsLike",
    "Deck",
    "DiscardOption",
    "DrawOutcomes",
    "Equity",
    "Game",
    "HalfResult",
    "Halves",
    "Hand",
    "HandView",
    "LowDiscardOption",
    "LowDrawOutcomes",
    "LowEquity",
    "Pot",
    "PotResult",
    "SeatHand",
    "ShowdownResult",
    "SplitComparison",
    "SplitDiscardOption",
    "SplitDrawOutcomes",
    "SplitEquity",
    "TableRules",
    "Target",
    "Uncontested",
    "__version__",
    "ace_five_rank",
    "ace_five_rank_batch",
    "badacey",
    "badacey_batch",
    "badacey_mask",
    "badeucey",
    "badeucey_batch",
    "badeucey_mask",
    "badugi_cards",
    "badugi_cards_batch",
    "badugi_rank",
    "badugi_rank_batch",
    "best_discards",
    "card_name",
    "class_ranks",
    "compare",
    "deuce_seven_rank",
    "deuce_seven_rank_batch",
    "draw_outcomes",
    "equity",
    "format_cards",
    "from_treys",
    "get_game",
    "hand_mask",
    "hand_name",
    "implementation",
    "implementations",
    "parse_cards",
    "parse_target",
    "random_hands",
    "showdown",
    "use_implementation",
    "to_frame",
    "to_pokerkit",
    "to_treys",
]
