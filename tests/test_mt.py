"""The C core's Mersenne Twister (csrc/bdc_mt.c) is the generator an int seed
deals from, :func:`~badeucey_fast.play.seeded_generator`: its state words are
those of a splitmix64 reference written here from the documented rule, and the
stream gives the same doubles as that :class:`random.Random` across the
624-word blocks it regenerates lazily, for seeds at the edges of the range and
many others; a size or state it cannot take is refused.  (The fuzz driver,
tests/c/fuzz.c, checks it against mt19937ar too.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from badeucey_fast._native import ffi, lib
from badeucey_fast._native.seeding import seed_words
from badeucey_fast.play import Hand, TableRules, seeded_generator

SEEDS = (0, 1, 5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 7, 2**63 - 1, 2**63, 2**64 - 1)
MASK64 = 2**64 - 1


def _reference_words(seed: int) -> tuple[int, ...]:
    """The rule as the docs state it: word 0 is 0x80000000, word i the low 32 bits of splitmix64's i-th output."""
    words = [0x80000000]
    for i in range(1, 624):
        z = (seed + i * 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        words.append((z ^ (z >> 31)) & 0xFFFFFFFF)
    return tuple(words)


def _stream(seed: int) -> object:
    mt = ffi.new("bdc_mt *")
    assert lib.bdc_mt_seed(mt, seed) == lib.BDC_OK
    return mt


def _draw(mt: object, n: int) -> list[float]:
    out = ffi.new("double[]", max(n, 1))
    assert lib.bdc_mt_uniforms(mt, out, n) == lib.BDC_OK
    return list(out)[:n]


def test_splitmix64_reference_is_splitmix64() -> None:
    """The reference's first word after word 0 is splitmix64's published first output from 0 (0xe220a8397b1dcdaf)."""
    assert _reference_words(0)[1] == 0xE220A8397B1DCDAF & 0xFFFFFFFF


@pytest.mark.parametrize("seed", SEEDS)
def test_the_state_is_the_documented_one(seed: int) -> None:
    rng = seeded_generator(seed)
    assert seed_words(seed) == _reference_words(seed)
    assert rng.getstate() == (3, (*_reference_words(seed), 624), None)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("draws", [0, 1, 8, 311, 312, 313, 700])
def test_the_stream_is_the_seeded_generator(seed: int, draws: int) -> None:
    mt, rng = _stream(seed), seeded_generator(seed)
    assert _draw(mt, draws) == [rng.random() for _ in range(draws)]
    assert [x for n in (1, 2, 310, 1) for x in _draw(mt, n)] == [rng.random() for _ in range(314)]  # in pieces


def test_many_seeds_deal_as_the_seeded_generator() -> None:
    pick = random.Random(38)
    for seed in [pick.randrange(2**64) for _ in range(200)] + [pick.randrange(2**32) for _ in range(200)]:
        mt, rng = _stream(seed), seeded_generator(seed)
        assert _draw(mt, 20) == [rng.random() for _ in range(20)]


@pytest.mark.parametrize("seed", (*SEEDS, 12345, 2**53 + 1))
@pytest.mark.parametrize("rules", [TableRules("badugi"), TableRules("deuce_seven", structure="pot")])
def test_an_int_seed_deals_as_its_generator(seed: int, rules: TableRules) -> None:
    """The hand dealt in C from the seed is the one its Python generator deals, and the
    generator it reports after the deal and a draw is that generator, advanced alike."""
    fast, slow = Hand(rules, [60, 60], seed=seed), Hand(rules, [60, 60], seed=seeded_generator(seed))
    for hand in (fast, slow):
        while hand.phase == "bet":
            hand.check_call()
        if hand.phase == "draw":
            hand.discard(hand.cards(hand.to_act)[:2])
    assert [fast.cards(s) for s in (0, 1)] == [slow.cards(s) for s in (0, 1)]
    assert fast.events == slow.events
    assert fast._rng.getstate() == slow._rng.getstate()


def test_numpy_seeds_and_the_python_path_deal_alike() -> None:
    """A numpy integer seed (the fallback's check) and a burning table (the Python path) use the same generator."""
    rules, burn = TableRules("badugi"), TableRules("badugi", burn=True)
    assert Hand(rules, [50, 50], seed=np.uint64(2**64 - 1)).cards(1) == Hand(rules, [50, 50], seed=2**64 - 1).cards(1)
    assert Hand(burn, [50, 50], seed=9).cards(0) == Hand(burn, [50, 50], seed=seeded_generator(9)).cards(0)


def test_random_random_still_deals_its_own_cards() -> None:
    """``random.Random(seed)`` passed as the seed deals what an int seed dealt before (the way to the old cards)."""
    given = Hand(TableRules("badugi"), [50, 50], seed=random.Random(3))
    twin = Hand(TableRules("badugi"), [50, 50], seed=random.Random(3))
    assert given.cards(0) == twin.cards(0)
    assert given.cards(0) != Hand(TableRules("badugi"), [50, 50], seed=3).cards(0)


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(ValueError, match="2\\*\\*64 - 1"):
        seeded_generator(2**64)
    with pytest.raises(ValueError, match="2\\*\\*64 - 1"):
        seeded_generator(-1)
    with pytest.raises(TypeError):
        seeded_generator(1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        seeded_generator(None)  # type: ignore[arg-type]


def test_what_the_stream_cannot_take_is_refused_untouched() -> None:
    mt = _stream(3)
    before = bytes(ffi.buffer(mt))
    out, words = ffi.new("double[]", 1), ffi.new("uint32_t[]", lib.BDC_MT_WORDS + 1)
    assert lib.bdc_mt_seed(ffi.NULL, 3) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_uniforms(ffi.NULL, out, 1) == lib.BDC_E_ARGUMENT
    assert lib.bdc_mt_uniforms(mt, ffi.NULL, 1) == lib.BDC_E_ARGUMENT
    assert bytes(ffi.buffer(mt)) == before
    assert lib.bdc_mt_uniforms(mt, ffi.NULL, 0) == lib.BDC_OK
    for field, bad in (("index", lib.BDC_MT_WORDS + 1), ("twisted", lib.BDC_MT_WORDS + 1), ("lazy", 2)):
        damaged = ffi.new("bdc_mt *", mt[0])
        setattr(damaged, field, bad)
        kept = bytes(ffi.buffer(damaged))
        assert lib.bdc_mt_uniforms(damaged, out, 1) == lib.BDC_E_ARGUMENT
        assert bytes(ffi.buffer(damaged)) == kept
    kept = bytes(ffi.buffer(words))
    assert lib.bdc_mt_seed_words(3, words, lib.BDC_MT_WORDS + 1) == lib.BDC_E_ARGUMENT  # past the state
    assert lib.bdc_mt_seed_words(3, ffi.NULL, 1) == lib.BDC_E_ARGUMENT
    assert bytes(ffi.buffer(words)) == kept
    assert lib.bdc_mt_seed_words(3, ffi.NULL, 0) == lib.BDC_OK
    assert lib.bdc_mt_seed_words(3, words, 2) == lib.BDC_OK and list(words)[:2] == list(_reference_words(3)[:2])
