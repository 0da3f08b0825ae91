"""The C core's Mersenne Twister (csrc/bdc_mt.c) is CPython's random.Random for
an int seed: the same doubles from ``random()``, across the 624-word blocks
it regenerates lazily, for seeds at the 32-bit word boundaries CPython splits
a seed at and many others; a key or state it cannot take is refused.  (The
fuzz driver, tests/c/fuzz.c, checks it against mt19937ar with keys of any length.)"""

from __future__ import annotations

import random

import pytest

from badeucey_fast._native import ffi, lib

SEEDS = (0, 1, 5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 7, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 3**200)


def _key(seed: int) -> list[int]:
    """The seed's 32-bit words as CPython takes them: as few as hold it, one for 0."""
    return [(seed >> (32 * i)) & 0xFFFFFFFF for i in range(max(1, (seed.bit_length() + 31) // 32))]


def _stream(seed: int) -> object:
    start = ffi.new("bdc_mt *")
    assert lib.bdc_mt_start(start) == lib.BDC_OK
    mt = ffi.new("bdc_mt *")
    key = _key(seed)
    assert lib.bdc_mt_seed(mt, start, ffi.new("uint32_t[]", key), len(key)) == lib.BDC_OK
    return mt


def _draw(mt: object, n: int) -> list[float]:
    out = ffi.new("double[]", max(n, 1))
    assert lib.bdc_mt_uniforms(mt, out, n) == lib.BDC_OK
    return list(out)[:n]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("draws", [0, 1, 8, 311, 312, 313, 700])
def test_the_stream_is_random_random(seed: int, draws: int) -> None:
    mt, rng = _stream(seed), random.Random(seed)
    assert _draw(mt, draws) == [rng.random() for _ in range(draws)]
    assert [x for n in (1, 2, 310, 1) for x in _draw(mt, n)] == [rng.random() for _ in range(314)]  # in pieces


def test_many_seeds_deal_as_random_random() -> None:
    pick = random.Random(38)
    for seed in [pick.randrange(2**64) for _ in range(200)] + [pick.randrange(2**32) for _ in range(200)]:
        mt, rng = _stream(seed), random.Random(seed)
        assert _draw(mt, 20) == [rng.random() for _ in range(20)]


def test_the_start_made_there_or_in_place_is_the_start() -> None:
    """No start given: made in mt; the start given as mt itself: seeded in place."""
    key = ffi.new("uint32_t[]", [7])
    made, in_place = ffi.new("bdc_mt *"), ffi.new("bdc_mt *")
    assert lib.bdc_mt_seed(made, ffi.NULL, key, 1) == lib.BDC_OK
    assert lib.bdc_mt_start(in_place) == lib.BDC_OK
    assert lib.bdc_mt_seed(in_place, in_place, key, 1) == lib.BDC_OK
    rng = random.Random(7)
    expected = [rng.random() for _ in range(5)]
    assert _draw(made, 5) == expected and _draw(in_place, 5) == expected


def test_what_the_stream_cannot_take_is_refused_untouched() -> None:
    mt = _stream(3)
    before = bytes(ffi.buffer(mt))
    key, out = ffi.new("uint32_t[]", [1]), ffi.new("double[]", 1)
    assert lib.bdc_mt_start(ffi.NULL) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_seed(ffi.NULL, ffi.NULL, key, 1) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_seed(mt, ffi.NULL, ffi.NULL, 1) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_seed(mt, ffi.NULL, key, 0) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_uniforms(ffi.NULL, out, 1) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_uniforms(mt, ffi.NULL, 1) == lib.BDC_E_ARGUMENT
    assert bytes(ffi.buffer(mt)) == before
    assert lib.bdc_mt_uniforms(mt, ffi.NULL, 0) == lib.BDC_OK
    for field in ("index", "twisted"):
        damaged = ffi.new("bdc_mt *", mt[0])
        setattr(damaged, field, lib.BDC_MT_WORDS + 1)
        kept = bytes(ffi.buffer(damaged))
        assert lib.bdc_mt_uniforms(damaged, out, 1) == lib.BDC_E_ARGUMENT
        assert bytes(ffi.buffer(damaged)) == kept
