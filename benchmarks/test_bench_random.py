"""Random hands: bf.random_hands (C) against numpy, and against ranking them.

Every test of the group makes or ranks 1,000,000 five-card hands, so the
ratios say whether dealing the hands can keep up with ranking them:
``ratio.random_hands/batch_ranking`` below 1 means dealing costs less than
ranking.  Results are checked in every mode: every row holds distinct cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast._bench import DEFAULT_BATCH
from badeucey_fast._bench.hands import SEED
from badeucey_fast._bench.hands import random_hands as numpy_random_hands

BATCH_HANDS = DEFAULT_BATCH
MIN_ROUNDS = 15
GROUP = "1,000,000 random five-card hands: dealt, and ranked"


def assert_distinct_rows(hands: Any) -> None:
    ordered = np.sort(hands, axis=1)
    assert hands.shape == (BATCH_HANDS, 5) and bool((ordered[:, 1:] != ordered[:, :-1]).all())


@pytest.mark.benchmark(group=GROUP, min_rounds=MIN_ROUNDS)
def test_numpy_random_hands(benchmark: Any, figures: Any) -> None:
    """The suite's own numpy generator (integers, then rows with a repeat drawn again)."""
    hands = benchmark(numpy_random_hands, BATCH_HANDS, SEED)
    assert_distinct_rows(hands)
    figures.per_hand("numpy_random_hands", benchmark, BATCH_HANDS)


@pytest.mark.benchmark(group=GROUP, min_rounds=MIN_ROUNDS)
def test_badeucey_batch_of_random_hands(benchmark: Any, figures: Any) -> None:
    """Ranking the hands: badeucey_batch on 1,000,000 hands from random_hands."""
    hands = bf.random_hands(BATCH_HANDS, seed=SEED)
    ranks = benchmark(bf.badeucey_batch, hands)
    assert ranks.shape == (BATCH_HANDS, 2) and int(ranks.min()) >= 1
    figures.per_hand("batch_ranking", benchmark, BATCH_HANDS)


@pytest.mark.benchmark(group=GROUP, min_rounds=MIN_ROUNDS)
def test_random_hands(benchmark: Any, figures: Any) -> None:
    """bf.random_hands: the C generator (splitmix64, one 32-bit word per hand)."""
    hands = benchmark(bf.random_hands, BATCH_HANDS, seed=SEED)
    assert_distinct_rows(hands)
    figures.per_hand("random_hands", benchmark, BATCH_HANDS)
    figures.ratio(benchmark, "random_hands/batch_ranking", "random_hands", "batch_ranking")
    figures.ratio(benchmark, "numpy_random_hands/random_hands", "numpy_random_hands", "random_hands")
