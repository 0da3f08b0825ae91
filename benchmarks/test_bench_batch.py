"""Batches: 1,000,000 random hands, all 2,598,960 hands, two threads against one.

The batch functions take a uint8 (N, 5) array and loop in C with the GIL
released.  Results are checked in every mode: against the one-hand API on a
fixed sample of rows (the same ranking), the Badeucey pair against the two
single-ranking batches, and, over all hands, the number of classes that occur.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import badeucey_fast as bf
from badeucey_fast._bench.hands import FIVE_CARD_HANDS, SEED
from badeucey_fast._bench.jobs import BATCH_RANKINGS, Inputs

from .conftest import BATCH_HANDS, run_job

Hands = npt.NDArray[np.uint8]
Ranks = npt.NDArray[np.uint16]

CHECKED_ROWS = 2_000
MIN_ROUNDS = 15
"""At least this many rounds of each batch job: on a noisy machine the best of few is not the best."""
BADUGI_FIVE_CARD_CLASSES = 1088  # from five cards the four worst one-card classes cannot occur (docs/rules.rst)
DEUCE_SEVEN_CLASSES = 7462
DEUCE_SEVEN_BEST_HANDS = 4**5 - 4  # 7-5-4-3-2, any suits but not all one suit

BATCH = "batch of 1,000,000 random hands"
ALL_HANDS = "all 2,598,960 hands in one batch"
THREADS = "two batches of 1,000,000: two threads against one"


def assert_matches_single(hands: Hands, ranks: Ranks) -> None:
    """A fixed sample of rows: the batch's Badeucey pairs are bf.badeucey's."""
    rows = np.random.default_rng(SEED).choice(hands.shape[0], CHECKED_ROWS, replace=False)
    for row in rows.tolist():
        ids = tuple(hands[row].tolist())
        assert tuple(ranks[row].tolist()) == bf.badeucey(ids), f"row {row}: {bf.format_cards(ids)}"


# --------------------------------------------------------------------------- #
# 1,000,000 random hands
# --------------------------------------------------------------------------- #
@pytest.mark.benchmark(group=BATCH, min_rounds=MIN_ROUNDS)
def test_badeucey_batch(benchmark: Any, batch_hands: Hands, figures: Any, inputs: Inputs) -> None:
    """Both Badeucey halves of 1,000,000 random hands: the yardstick of the other batches
    (each one's time a hand over this one's, as ``ratio.<ranking>/badeucey``)."""
    ranks = run_job(benchmark, "batch", inputs)
    assert ranks.shape == (BATCH_HANDS, 2) and ranks.dtype == np.uint16
    assert ranks.min() >= 1 and ranks[:, 0].max() <= bf.BADUGI_CLASSES and ranks[:, 1].max() <= DEUCE_SEVEN_CLASSES
    assert_matches_single(batch_hands, ranks)
    ns = figures.per_hand("batch_badeucey", benchmark, BATCH_HANDS)
    if ns is not None:
        benchmark.extra_info["ms_per_batch"] = round(ns * BATCH_HANDS / 1e6, 2)


def _check_batch(key: str, hands: Hands, ranks: Ranks) -> None:
    """Each other batch against the split-game batches' columns (Badugi aces high and 2-7
    are Badeucey's halves, Badugi aces low and A-5 Badacey's)."""
    if key == "batch_badacey":
        assert np.array_equal(ranks[:, 0], bf.badugi_rank_batch(hands, ace_high=False))
        assert np.array_equal(ranks[:, 1], bf.ace_five_rank_batch(hands))
        return
    column = {
        "batch_badugi_low": (bf.badacey_batch, 0),
        "batch_badugi_high": (bf.badeucey_batch, 0),
        "batch_deuce_seven": (bf.badeucey_batch, 1),
        "batch_ace_five": (bf.badacey_batch, 1),
    }
    split, half = column[key]
    assert ranks.shape == (hands.shape[0],) and np.array_equal(ranks, split(hands)[:, half])


@pytest.mark.benchmark(group=BATCH, min_rounds=MIN_ROUNDS)
@pytest.mark.parametrize("key", [key for key, _, _ in BATCH_RANKINGS])
def test_other_batches(benchmark: Any, batch_hands: Hands, figures: Any, inputs: Inputs, key: str) -> None:
    """Every other 5-card batch ranking on the same hands: no slower a hand than Badeucey's
    (``ratio.<ranking>/badeucey`` at most 1, a speed target)."""
    ranks = run_job(benchmark, key, inputs)
    _check_batch(key, batch_hands, ranks)
    name = key.removeprefix("batch_")
    figures.per_hand(key, benchmark, BATCH_HANDS)
    figures.ratio(benchmark, f"{name}/badeucey", key, "batch_badeucey")


# --------------------------------------------------------------------------- #
# Each batch ranking on each implementation of the C loops
# --------------------------------------------------------------------------- #
BY_IMPLEMENTATION = "batch of 1,000,000 random hands, each ranking on each implementation"
RANKINGS: dict[str, Any] = {
    "badugi_low4": lambda hands: bf.badugi_rank_batch(np.ascontiguousarray(hands[:, :4]), ace_high=False),
    "badugi_low5": lambda hands: bf.badugi_rank_batch(hands, ace_high=False),
    "badugi_high5": lambda hands: bf.badugi_rank_batch(hands, ace_high=True),
    "deuce_seven": bf.deuce_seven_rank_batch,
    "ace_five": bf.ace_five_rank_batch,
    "badeucey": bf.badeucey_batch,
    "badacey": bf.badacey_batch,
}


@pytest.mark.benchmark(group=BY_IMPLEMENTATION, min_rounds=MIN_ROUNDS)
@pytest.mark.parametrize("ranking", list(RANKINGS))
@pytest.mark.parametrize("implementation", ["portable", "bmi2", "avx2", "avx512"])
def test_batch_by_implementation(
    benchmark: Any, batch_hands: Hands, figures: Any, implementation: str, ranking: str
) -> None:
    """Every implementation this machine runs ranks like the one in use; its time a hand."""
    if implementation not in bf.implementations():
        pytest.skip(f"implementation {implementation!r}: this processor lacks it (it runs {bf.implementations()})")
    rank = RANKINGS[ranking]
    hands = batch_hands if ranking != "badugi_low4" else np.ascontiguousarray(batch_hands[:, :4])
    expected = rank(batch_hands)
    before = bf.implementation()
    bf.use_implementation(implementation)
    try:
        if ranking == "badugi_low4":
            ranks = benchmark(bf.badugi_rank_batch, hands, ace_high=False)
        else:
            ranks = benchmark(rank, hands)
    finally:
        bf.use_implementation(before)
    assert np.array_equal(ranks, expected)
    figures.per_hand(f"batch_{ranking}_{implementation}", benchmark, BATCH_HANDS)


# --------------------------------------------------------------------------- #
# Every hand
# --------------------------------------------------------------------------- #
@pytest.mark.benchmark(group=ALL_HANDS, min_rounds=MIN_ROUNDS)
def test_all_hands(benchmark: Any, all_hands: Hands, figures: Any, inputs: Inputs) -> None:
    """Both Badeucey halves of all 2,598,960 hands, itertools.combinations order."""
    ranks = run_job(benchmark, "all_hands", inputs)
    assert ranks.shape == (FIVE_CARD_HANDS, 2)
    badugi, low = ranks[:, 0], ranks[:, 1]
    assert np.array_equal(np.unique(badugi), np.arange(1, BADUGI_FIVE_CARD_CLASSES + 1))
    assert np.array_equal(np.unique(low), np.arange(1, DEUCE_SEVEN_CLASSES + 1))
    assert int((low == 1).sum()) == DEUCE_SEVEN_BEST_HANDS
    assert_matches_single(all_hands, ranks)
    ns = figures.per_hand("batch_all_hands", benchmark, FIVE_CARD_HANDS)
    if ns is not None:
        ms = ns * FIVE_CARD_HANDS / 1e6
        benchmark.extra_info["ms_all_hands"] = round(ms, 2)
        figures.set("ms.all_hands", ms)


# --------------------------------------------------------------------------- #
# Threads
# --------------------------------------------------------------------------- #
@pytest.mark.benchmark(group=THREADS, min_rounds=MIN_ROUNDS)
def test_one_thread(
    benchmark: Any, batch_hands: Hands, second_batch_hands: Hands, figures: Any, inputs: Inputs
) -> None:
    """One thread ranks both batches, one after the other."""
    first, second = run_job(benchmark, "one_thread", inputs)
    assert np.array_equal(first, bf.badeucey_batch(batch_hands))
    assert_matches_single(second_batch_hands, second)
    figures.per_hand("one_thread", benchmark, 2 * BATCH_HANDS)


@pytest.mark.benchmark(group=THREADS, min_rounds=MIN_ROUNDS)
def test_two_threads(
    benchmark: Any, batch_hands: Hands, second_batch_hands: Hands, figures: Any, inputs: Inputs
) -> None:
    """Two threads rank one batch each, at once (the C loop releases the GIL)."""
    first, second = run_job(benchmark, "two_threads", inputs)
    assert np.array_equal(first, bf.badeucey_batch(batch_hands))
    assert np.array_equal(second, bf.badeucey_batch(second_batch_hands))
    figures.per_hand("two_threads", benchmark, 2 * BATCH_HANDS)
    figures.ratio(benchmark, "two_threads/one", "one_thread", "two_threads")
