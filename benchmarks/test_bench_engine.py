"""The game engine (issue 13; the C table behind :class:`~badeucey_fast.play.Hand`
since issue 28): random legal play of whole hands through the public API
(``legal()``, then ``fold``/``check_call``/``bet_raise``/``discard``; heads-up
also by words, ``legal_actions()`` then ``act(text)``), full history kept,
against pokerkit's fixed-limit deuce-to-seven triple draw with the same random
policy (:mod:`badeucey_fast._bench.playout`), heads-up and six-handed.

Each group holds the two peers; the pokerkit test (run second) records the
ratio of its time per hand to ours (TARGETS in conftest.py: at least 100x,
issue 28's aim).
"""

from __future__ import annotations

from typing import Any

import pytest

from badeucey_fast._bench.playout import pokerkit_random_hands, random_hands

OURS_HANDS = 500
"""Hands in one round of our benchmark."""
POKERKIT_HANDS = 100
"""Hands in one round of pokerkit's (about 100 times slower)."""


def _check(payoffs: list[tuple[int, ...]], count: int, seats: int) -> None:
    assert len(payoffs) == count
    assert all(len(p) == seats and sum(p) == 0 for p in payoffs)
    assert any(any(p) for p in payoffs)  # chips moved: the hands were played


@pytest.mark.parametrize("seats", [2, 6], ids=["heads-up", "six-handed"])
def test_engine_random_hands(benchmark: Any, figures: Any, seats: int) -> None:
    """Our engine: deal, bet, draw three times, settle, with the full history."""
    benchmark.group = f"engine: random hands, {seats} seats"
    payoffs = benchmark(random_hands, OURS_HANDS, seats, seed=1)
    _check(payoffs, OURS_HANDS, seats)
    figures.per_hand(f"engine_{seats}", benchmark, OURS_HANDS)


def test_engine_random_hands_by_words(benchmark: Any, figures: Any) -> None:
    """The same hands heads-up, each action chosen from ``legal_actions()`` and taken by ``act(text)``."""
    benchmark.group = "engine: random hands, 2 seats"
    payoffs = benchmark(random_hands, OURS_HANDS, 2, seed=1, words=True)
    _check(payoffs, OURS_HANDS, 2)
    assert payoffs == random_hands(OURS_HANDS, 2, seed=1)  # fixed limit: the same hands
    figures.per_hand("engine_words_2", benchmark, OURS_HANDS)


@pytest.mark.parametrize("seats", [2, 6], ids=["heads-up", "six-handed"])
def test_pokerkit_random_hands(benchmark: Any, figures: Any, seats: int) -> None:
    """pokerkit's fixed-limit 2-7 triple draw with the same random policy."""
    pytest.importorskip("pokerkit")
    benchmark.group = f"engine: random hands, {seats} seats"
    payoffs = benchmark(pokerkit_random_hands, POKERKIT_HANDS, seats, seed=1)
    _check(payoffs, POKERKIT_HANDS, seats)
    if figures.per_hand(f"pokerkit_engine_{seats}", benchmark, POKERKIT_HANDS) is not None:
        figures.ratio(benchmark, f"pokerkit/engine_{seats}", f"pokerkit_engine_{seats}", f"engine_{seats}")
        if seats == 2:
            figures.ratio(benchmark, "pokerkit/engine_words_2", "pokerkit_engine_2", "engine_words_2")
