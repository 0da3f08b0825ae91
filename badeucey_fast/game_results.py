"""Per-game result types: what a type checker knows of a result once it knows the game.

A result's half is None for a game without that half: ``Equity.low_win`` is None
for Badugi, ``DrawOutcomes.badugi`` is None for deuce-to-seven.  The general
classes type such a field ``X | None``.  Given the game's name, the public
functions say more: :func:`~badeucey_fast.equity`,
:func:`~badeucey_fast.draw_outcomes` and :func:`~badeucey_fast.best_discards`
are overloaded on it, so that ``equity(hands, game="deuce_seven").low_win`` is a
``tuple[float, ...]`` and its ``badugi_win`` is ``None`` to mypy and pyright:

- ``game="badeucey"`` (the default) or ``"badacey"``: ``SplitEquity``,
  ``SplitDrawOutcomes``, a list of ``SplitDiscardOption`` (both halves
  never None);
- ``game="badugi"``: ``BadugiEquity``, ``BadugiDrawOutcomes``, a list
  of ``BadugiDiscardOption`` (the Badugi half never None, the low half None);
- ``game="deuce_seven"`` or ``"ace_five"``: ``LowEquity``,
  ``LowDrawOutcomes``, a list of ``LowDiscardOption`` (the low half
  never None, the Badugi half None);
- any other name, or a :class:`~badeucey_fast.Game`: the general classes.

The ``stderr`` and ``counts`` of an equity are narrowed the same way
(``SplitEquityFigures``, ``SplitEquityCounts``, ...).

Only type checkers see the difference.  At run time every name here *is* the
general class (``SplitEquity is Equity``), and the functions are the very
functions of :mod:`badeucey_fast`: nothing is wrapped, so no call is slower.  Use
the names in annotations (``def report(e: bf.LowEquity) -> None``); an
``isinstance`` test with one is true of every result of the general class.
The overloads are on the names of :mod:`badeucey_fast` (and of this module):
``badeucey_fast.draws.draw_outcomes``, imported from its own module, keeps the
general types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from badeucey_fast.pot_equity import Equity, EquityCounts, EquityFigures
from badeucey_fast.draws import DiscardOption, DrawOutcomes
from badeucey_fast.games import BadugiGame, LowGame, SplitGame  # the game names, defined once

__all__ = [
    "BadugiDiscardOption",
    "BadugiDrawOutcomes",
    "BadugiEquity",
    "BadugiEquityCounts",
    "BadugiEquityFigures",
    "BadugiGame",
    "LowDiscardOption",
    "LowDrawOutcomes",
    "LowEquity",
    "LowEquityCounts",
    "LowEquityFigures",
    "LowGame",
    "SplitDiscardOption",
    "SplitDrawOutcomes",
    "SplitEquity",
    "SplitEquityCounts",
    "SplitEquityFigures",
    "SplitGame",
    "best_discards",
    "draw_outcomes",
    "equity",
]


if TYPE_CHECKING:
    from collections.abc import Sequence
    from dataclasses import dataclass

    from badeucey_fast.cards import CardsLike
    from badeucey_fast._runs import Progress
    from badeucey_fast._targets import TargetLike
    from badeucey_fast.draws import MAX_EXACT, Counts, Objective
    from badeucey_fast.games import Game

    # Each class narrows the fields that depend on the game, and nothing else.
    @dataclass(frozen=True)
    class SplitEquityFigures(EquityFigures):
        badugi_win: tuple[float, ...]
        badugi_tie: tuple[float, ...]
        low_win: tuple[float, ...]
        low_tie: tuple[float, ...]

    @dataclass(frozen=True)
    class BadugiEquityFigures(EquityFigures):
        badugi_win: tuple[float, ...]
        badugi_tie: tuple[float, ...]
        low_win: None
        low_tie: None

    @dataclass(frozen=True)
    class LowEquityFigures(EquityFigures):
        badugi_win: None
        badugi_tie: None
        low_win: tuple[float, ...]
        low_tie: tuple[float, ...]

    @dataclass(frozen=True)
    class SplitEquityCounts(EquityCounts):
        badugi_win: tuple[int, ...]
        badugi_tie: tuple[int, ...]
        low_win: tuple[int, ...]
        low_tie: tuple[int, ...]

    @dataclass(frozen=True)
    class BadugiEquityCounts(EquityCounts):
        badugi_win: tuple[int, ...]
        badugi_tie: tuple[int, ...]
        low_win: None
        low_tie: None

    @dataclass(frozen=True)
    class LowEquityCounts(EquityCounts):
        badugi_win: None
        badugi_tie: None
        low_win: tuple[int, ...]
        low_tie: tuple[int, ...]

    @dataclass(frozen=True)
    class SplitEquity(Equity):
        badugi_win: tuple[float, ...]
        badugi_tie: tuple[float, ...]
        low_win: tuple[float, ...]
        low_tie: tuple[float, ...]
        stderr: SplitEquityFigures
        counts: SplitEquityCounts

    @dataclass(frozen=True)
    class BadugiEquity(Equity):
        badugi_win: tuple[float, ...]
        badugi_tie: tuple[float, ...]
        low_win: None
        low_tie: None
        stderr: BadugiEquityFigures
        counts: BadugiEquityCounts

    @dataclass(frozen=True)
    class LowEquity(Equity):
        badugi_win: None
        badugi_tie: None
        low_win: tuple[float, ...]
        low_tie: tuple[float, ...]
        stderr: LowEquityFigures
        counts: LowEquityCounts

    @dataclass(frozen=True, eq=False)
    class SplitDrawOutcomes(DrawOutcomes):
        badugi: Counts
        low: Counts

    @dataclass(frozen=True, eq=False)
    class BadugiDrawOutcomes(DrawOutcomes):
        badugi: Counts
        low: None

    @dataclass(frozen=True, eq=False)
    class LowDrawOutcomes(DrawOutcomes):
        badugi: None
        low: Counts

    @dataclass(frozen=True)
    class SplitDiscardOption(DiscardOption):
        outcomes: SplitDrawOutcomes

    @dataclass(frozen=True)
    class BadugiDiscardOption(DiscardOption):
        outcomes: BadugiDrawOutcomes

    @dataclass(frozen=True)
    class LowDiscardOption(DiscardOption):
        outcomes: LowDrawOutcomes

    # The overloads.  Each implementation signature is the real function's
    # (tests/test_typing.py checks that they stay the same).
    @overload
    def equity(
        hands: Sequence[CardsLike | None], *, discards: Sequence[CardsLike | None] | None = None,
        dead: CardsLike | None = (), draws: int = 0, game: SplitGame = "badeucey", target: TargetLike = None,
        samples: int | None = None, seed: int | None = None, max_exact: int = MAX_EXACT,
        progress: Progress | None = None,
    ) -> SplitEquity: ...
    @overload
    def equity(
        hands: Sequence[CardsLike | None], *, discards: Sequence[CardsLike | None] | None = None,
        dead: CardsLike | None = (), draws: int = 0, game: BadugiGame, target: TargetLike = None,
        samples: int | None = None, seed: int | None = None, max_exact: int = MAX_EXACT,
        progress: Progress | None = None,
    ) -> BadugiEquity: ...
    @overload
    def equity(
        hands: Sequence[CardsLike | None], *, discards: Sequence[CardsLike | None] | None = None,
        dead: CardsLike | None = (), draws: int = 0, game: LowGame, target: TargetLike = None,
        samples: int | None = None, seed: int | None = None, max_exact: int = MAX_EXACT,
        progress: Progress | None = None,
    ) -> LowEquity: ...
    @overload
    def equity(
        hands: Sequence[CardsLike | None], *, discards: Sequence[CardsLike | None] | None = None,
        dead: CardsLike | None = (), draws: int = 0, game: str | Game, target: TargetLike = None,
        samples: int | None = None, seed: int | None = None, max_exact: int = MAX_EXACT,
        progress: Progress | None = None,
    ) -> Equity: ...
    def equity(
        hands: Sequence[CardsLike | None], *, discards: Sequence[CardsLike | None] | None = None,
        dead: CardsLike | None = (), draws: int = 0, game: str | Game = "badeucey", target: TargetLike = None,
        samples: int | None = None, seed: int | None = None, max_exact: int = MAX_EXACT,
        progress: Progress | None = None,
    ) -> Equity: ...

    @overload
    def draw_outcomes(
        hand: CardsLike, discard: CardsLike | None, *, dead: CardsLike | None = (), game: SplitGame = "badeucey",
        draws: int = 1, target: TargetLike = None, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> SplitDrawOutcomes: ...
    @overload
    def draw_outcomes(
        hand: CardsLike, discard: CardsLike | None, *, dead: CardsLike | None = (), game: BadugiGame,
        draws: int = 1, target: TargetLike = None, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> BadugiDrawOutcomes: ...
    @overload
    def draw_outcomes(
        hand: CardsLike, discard: CardsLike | None, *, dead: CardsLike | None = (), game: LowGame,
        draws: int = 1, target: TargetLike = None, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> LowDrawOutcomes: ...
    @overload
    def draw_outcomes(
        hand: CardsLike, discard: CardsLike | None, *, dead: CardsLike | None = (), game: str | Game,
        draws: int = 1, target: TargetLike = None, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> DrawOutcomes: ...
    def draw_outcomes(
        hand: CardsLike, discard: CardsLike | None, *, dead: CardsLike | None = (), game: str | Game = "badeucey",
        draws: int = 1, target: TargetLike = None, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> DrawOutcomes: ...

    @overload
    def best_discards(  # pyright: ignore[reportOverlappingOverload]  (see below)
        hand: CardsLike, *, dead: CardsLike | None = (), game: SplitGame = "badeucey", target: TargetLike = None,
        objective: Objective | None = None, draws: int = 1, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> list[SplitDiscardOption]: ...
    @overload
    def best_discards(  # pyright: ignore[reportOverlappingOverload]  (see below)
        hand: CardsLike, *, dead: CardsLike | None = (), game: BadugiGame, target: TargetLike = None,
        objective: Objective | None = None, draws: int = 1, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> list[BadugiDiscardOption]: ...
    @overload
    def best_discards(  # pyright: ignore[reportOverlappingOverload]  (see below)
        hand: CardsLike, *, dead: CardsLike | None = (), game: LowGame, target: TargetLike = None,
        objective: Objective | None = None, draws: int = 1, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> list[LowDiscardOption]: ...
    @overload  # list is invariant: pyright calls list[DiscardOption] incompatible with the lists above, mypy does not
    def best_discards(
        hand: CardsLike, *, dead: CardsLike | None = (), game: str | Game, target: TargetLike = None,
        objective: Objective | None = None, draws: int = 1, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> list[DiscardOption]: ...
    def best_discards(
        hand: CardsLike, *, dead: CardsLike | None = (), game: str | Game = "badeucey", target: TargetLike = None,
        objective: Objective | None = None, draws: int = 1, samples: int | None = None, seed: int | None = None,
        max_exact: int = MAX_EXACT, progress: Progress | None = None,
    ) -> list[SplitDiscardOption] | list[BadugiDiscardOption] | list[LowDiscardOption] | list[DiscardOption]: ...

else:  # at run time: the general classes themselves, and the functions as they are
    from badeucey_fast.pot_equity import equity
    from badeucey_fast.draws import best_discards, draw_outcomes

    SplitEquityFigures = BadugiEquityFigures = LowEquityFigures = EquityFigures
    SplitEquityCounts = BadugiEquityCounts = LowEquityCounts = EquityCounts
    SplitEquity = BadugiEquity = LowEquity = Equity
    SplitDrawOutcomes = BadugiDrawOutcomes = LowDrawOutcomes = DrawOutcomes
    SplitDiscardOption = BadugiDiscardOption = LowDiscardOption = DiscardOption
