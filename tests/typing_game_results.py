"""What type checkers know of a result from the game's name (checked by ``mypy --strict``
in the lint step and by tests/test_typing.py; it also runs: every assert_type is a no-op
at run time, so the checked types are the ones the results have)."""

from __future__ import annotations

from typing import assert_type

import numpy as np
import numpy.typing as npt

import badeucey_fast as bf

Counts = npt.NDArray[np.uint64]
A, B = "7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c"


def check_compare() -> None:
    assert_type(bf.compare(A, B), bf.SplitComparison)
    assert_type(bf.compare(A, B, game="badacey"), bf.SplitComparison)
    assert_type(bf.compare(A, B, game="deuce_seven"), int)
    assert_type(bf.compare("2s 4c 5d 6h", "As 2c 3d 7h", game="badugi"), int)


def check_equity() -> None:
    split = bf.equity([A, B])
    assert_type(split, bf.SplitEquity)
    assert_type(split.badugi_win, tuple[float, ...])
    assert_type(split.low_tie, tuple[float, ...])
    assert_type(split.stderr.low_win, tuple[float, ...])
    assert_type(split.counts.badugi_win, tuple[int, ...])
    assert split.badugi_win[0] + split.low_win[1] >= 0  # no None check needed
    assert_type(bf.equity([A, B], game="badacey").low_win, tuple[float, ...])

    badugi = bf.equity(["As 2c 3d Ks", "5s 6c 7d 8h"], discards=["Ks", None], draws=1, game="badugi")
    assert_type(badugi, bf.BadugiEquity)
    assert_type(badugi.badugi_win, tuple[float, ...])
    assert_type(badugi.low_win, None)
    assert_type(badugi.counts.low_tie, None)
    assert badugi.low_win is None and round(badugi.badugi_win[0], 4) == 0.0909

    low = bf.equity([A, B], game="deuce_seven")
    assert_type(low, bf.LowEquity)
    assert_type(low.low_win, tuple[float, ...])
    assert_type(low.stderr.low_tie, tuple[float, ...])
    assert_type(low.badugi_win, None)
    assert low.badugi_win is None and low.low_win == (1.0, 0.0)
    assert_type(bf.equity([A, B], game="ace_five").low_tie, tuple[float, ...])

    assert_type(low.share, tuple[float, ...])  # the fields every game has keep their types
    assert_type(low.game, bf.Game)
    general = bf.equity([A, B], game=bf.GAMES["deuce_seven"])  # a Game: the general class
    assert_type(general, bf.Equity)
    assert_type(general.low_win, tuple[float, ...] | None)
    assert_type(any_game("deuce_seven"), bf.Equity)  # a name only known as a str: the general class


def any_game(name: str) -> bf.Equity:
    return bf.equity([A, B], game=name)


def check_draws() -> None:
    split = bf.draw_outcomes("7s 5h 4d Jc Ks", "Ks")
    assert_type(split, bf.SplitDrawOutcomes)
    assert_type(split.badugi, Counts)
    assert_type(split.low, Counts)
    assert int(split.badugi.sum()) == split.total == int(split.low.sum())

    badugi = bf.draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
    assert_type(badugi, bf.BadugiDrawOutcomes)
    assert_type(badugi.badugi, Counts)
    assert_type(badugi.low, None)
    assert badugi.low is None and int(badugi.badugi.sum()) == badugi.total

    low = bf.draw_outcomes("7s 5h 4d Jc Ks", "Ks", game="ace_five")
    assert_type(low, bf.LowDrawOutcomes)
    assert_type(low.low, Counts)
    assert_type(low.badugi, None)
    assert low.badugi is None and int(low.low.sum()) == low.total
    assert_type(bf.draw_outcomes("7s 5h 4d Jc Ks", "Ks", game=bf.GAMES["badeucey"]).low, Counts | None)

    options = bf.best_discards("7s 5h 4d Jc Ks", target="low:8")
    assert_type(options, list[bf.SplitDiscardOption])
    assert_type(options[0].outcomes.low, Counts)
    assert_type(bf.best_discards("As 2c 3d Ks", game="badugi")[0].outcomes.badugi, Counts)
    assert_type(bf.best_discards("7s 5h 4d Jc Ks", game="deuce_seven")[0].outcomes, bf.LowDrawOutcomes)
    assert_type(bf.best_discards("7s 5h 4d Jc Ks", game="deuce_seven")[0].probability, float | None)
    assert_type(bf.best_discards("7s 5h 4d Jc Ks", game=bf.GAMES["ace_five"]), list[bf.DiscardOption])


def check_halves() -> None:
    assert_type(bf.badeucey(A).low, int)
    assert_type(bf.badacey(A).badugi, int)


if __name__ == "__main__":
    for check in (check_compare, check_equity, check_draws, check_halves):
        check()
