"""The C core's Mersenne Twister (csrc/bdc_mt.c) is CPython's random.Random for
an int seed: the same doubles from ``random()``, across the 624-word blocks
it regenerates lazily, for seeds at the 32-bit word boundaries CPython splits
a seed at and many others."""

from __future__ import annotations

import random

import pytest

from badeucey_fast._native import ffi, lib

SEEDS = (0, 1, 5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 7, 2**63, 2**64 - 1)


def _stream(seed: int) -> object:
    start = ffi.new("bdc_mt *")
    lib.bdc_mt_start(start)
    mt = ffi.new("bdc_mt *")
    lib.bdc_mt_seed(mt, start, seed)
    return mt


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("draws", [0, 1, 8, 311, 312, 313, 700])
def test_the_stream_is_random_random(seed: int, draws: int) -> None:
    mt, rng = _stream(seed), random.Random(seed)
    assert [lib.bdc_mt_random(mt) for _ in range(draws)] == [rng.random() for _ in range(draws)]


def test_many_seeds_deal_as_random_random() -> None:
    pick = random.Random(38)
    for seed in [pick.randrange(2**64) for _ in range(200)] + [pick.randrange(2**32) for _ in range(200)]:
        mt, rng = _stream(seed), random.Random(seed)
        assert [lib.bdc_mt_random(mt) for _ in range(20)] == [rng.random() for _ in range(20)]
