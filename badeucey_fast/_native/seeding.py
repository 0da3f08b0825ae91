"""The generator an int seed deals from: :func:`seeded_generator`, the one
definition of the seeding (``csrc/bdc_mt.c`` computes the same state).

A hand, a table or an environment given an int seed deals from a Mersenne
Twister (MT19937, :class:`random.Random`'s generator) whose 624-word state is
filled from the seed by a counter-based mixer, each word on its own: word 0
is ``0x80000000`` (as CPython's own seeding leaves it: only its top bit is
read, and it keeps the state from being all zero), word ``i`` of ``1 .. 623``
the low 32 bits of splitmix64's ``i``-th output from the seed
(``seed + i * 0x9e3779b97f4a7c15`` modulo 2**64, mixed by splitmix64's
finaliser).  So the C core deals from the state without computing it whole,
where ``random.Random(seed)``'s seeding is a chain of 1,247 dependent steps,
several times the rest of a deal.  ``random.Random(seed)`` itself, passed as
the seed, deals as it always did.

>>> from badeucey_fast._native.seeding import seeded_generator, seed_words
>>> seed_words(0)[:3]
(2147483648, 2065550767, 2713282036)
>>> seeded_generator(2**64)
Traceback (most recent call last):
...
ValueError: seed must be in 0 .. 2**64 - 1, got 18446744073709551616
"""

from __future__ import annotations

import random
import struct

from badeucey_fast._checks import SEED_LIMIT, check_seed
from badeucey_fast._native import ffi, lib

_WORDS = int(lib.BDC_MT_WORDS)
_STATE = struct.Struct(f"={_WORDS + 1}I")  # the words and the index, as random.Random's state tuple holds them
_new_random = random.Random.__new__
_setstate = random.Random.setstate


def _state(seed: object) -> tuple[int, ...]:
    """The seed's words, then the index 624 (a new block due): random.Random's internal state."""
    checked = seed if type(seed) is int and 0 <= seed < SEED_LIMIT else check_seed(seed)
    if checked is None:
        raise TypeError("seed must be an integer, got None")
    out = ffi.new("uint32_t[]", _WORDS + 1)
    if lib.bdc_mt_seed_words(checked, out, _WORDS) != lib.BDC_OK:  # pragma: no cover - the size is the header's
        raise RuntimeError("bdc_mt_seed_words refused its own size")
    out[_WORDS] = _WORDS
    return _STATE.unpack(ffi.buffer(out))  # (faster than a list of the words: no list)


def seed_words(seed: int) -> tuple[int, ...]:
    """The 624 state words of the generator ``seed`` (``0 .. 2**64 - 1``) gives (see the module docstring).

    :raises ValueError: for a seed out of range.
    :raises TypeError: for a seed that is not an integer.
    """
    return _state(seed)[:_WORDS]


def seeded_generator(seed: int) -> random.Random:
    """The :class:`random.Random` an int seed deals from: ``Hand(rules, stacks,
    seed=seed)`` deals, draws and reshuffles exactly as ``Hand(rules, stacks,
    seed=seeded_generator(seed))`` does, and so do the tables and environments
    given an int seed.  Its state: word 0 of the 624 is ``0x80000000``, word
    ``i`` the low 32 bits of splitmix64's ``i``-th output from the seed
    (``seed + i * 0x9e3779b97f4a7c15`` modulo 2**64, mixed by splitmix64's
    finaliser), a new block due (the index 624), no Gaussian kept.  Not
    ``random.Random(seed)``'s state: pass that as the seed to deal its cards.

    :param seed: an integer in ``0 .. 2**64 - 1`` (numpy integers too).
    :return: a new generator in the seed's state.
    :raises ValueError: for a seed out of range.
    :raises TypeError: for a seed that is not an integer.

    >>> from badeucey_fast.play import Hand, TableRules, seeded_generator
    >>> rules = TableRules("badugi")
    >>> Hand(rules, [50, 50], seed=7).cards(0) == Hand(rules, [50, 50], seed=seeded_generator(7)).cards(0)
    True
    """
    rng = _new_random(random.Random)  # setstate gives it the state
    _setstate(rng, (3, _state(seed), None))
    return rng
