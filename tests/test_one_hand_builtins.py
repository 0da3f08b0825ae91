"""The one-hand functions are builtins of csrc/bindings/one_hand.c: a C fast path for a
tuple or list of plain int ids (or an int mask), and the package's Python
function (the fallback) for every other call.  These tests hold the builtins to
their fallbacks: the same answers, the same errors, the same signatures, and no
reference leaked or lost on either path."""

from __future__ import annotations

import inspect
import pickle
import random
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import _cards, rankings
from badeucey_fast._core import ffi, lib

# public name -> its fallback (the Python function it passes unusual calls to)
FALLBACKS: dict[str, Callable[..., Any]] = {
    "badeucey": rankings._badeucey,
    "badacey": rankings._badacey,
    "deuce_seven_rank": rankings._deuce_seven_rank,
    "ace_five_rank": rankings._ace_five_rank,
    "badugi_rank": rankings._badugi_rank,
    "badeucey_mask": rankings._badeucey_mask,
    "badacey_mask": rankings._badacey_mask,
}
HAND_FUNCTIONS = [name for name in FALLBACKS if not name.endswith("_mask")]
MASK_FUNCTIONS = [name for name in FALLBACKS if name.endswith("_mask")]


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """What a call gives: ("value", result) or ("error", (type, message))."""
    try:
        return "value", function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return "error", (type(error), str(error))


def random_hands(n: int, size: int = 5, seed: int = 7) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(n)]


class IntLike:
    """Not an int, but cffi would take it as one (it has __int__)."""

    def __int__(self) -> int:
        return 12


class MyInt(int):
    pass


class MyTuple(tuple):  # type: ignore[type-arg]
    pass


# Inputs every hand function must treat exactly as its fallback does: the fast
# path's edges (types, ranges, counts) and everything it must not take.
ODD_HANDS: list[Any] = [
    (0, 5, 10, 15, 20),
    [0, 5, 10, 15, 20],
    (0, 5, 10, 15),
    (0, 5, 10, 15, 20, 25),
    (),
    (51, 50, 49, 48, 47),
    (0, 5, 10, 15, 52),
    (0, 5, 10, 15, -1),
    (0, 5, 10, 15, 2**31),
    (0, 5, 10, 15, 2**64),
    (0, 5, 10, 15, -(2**70)),
    (0, 5, 10, 15, 15),
    (True, 5, 10, 15, 20),
    (0, 5, 10, 15, False),
    (0, 5, 10, 15, 20.0),
    (0, 5, 10, 15, Decimal(20)),
    (0, 5, 10, 15, IntLike()),
    (0, 5, 10, 15, MyInt(20)),
    MyTuple((0, 5, 10, 15, 20)),
    (0, 5, 10, 15, np.int64(20)),
    (0, 5, 10, 15, np.float32(20.7)),
    (0, 5, 10, 15, "7s"),
    (0, 5, 10, 15, None),
    np.array([0, 5, 10, 15, 20], dtype=np.uint8),
    "7s 5h 4d 3c 2s",
    "7s 5h 4d 3c",
    b"\x00\x05\x0a\x0f\x14",
    {0, 5, 10, 15, 20},
    None,
    12,
]

ODD_MASKS: list[Any] = [
    0b11111,
    0b1111,
    0b111111,
    0,
    -1,
    -(2**70),
    1 << 52 | 0b1111,
    (1 << 52) - 1,
    2**64 + 0b11111,
    2**200,
    True,
    np.uint64(0b11111),
    np.int32(0b11111),
    31.0,
    Decimal(31),
    IntLike(),
    MyInt(0b11111),
    "31",
    None,
]


@pytest.mark.parametrize("name", HAND_FUNCTIONS)
def test_random_hands_match_the_fallback(name: str) -> None:
    public, fallback = getattr(bf, name), FALLBACKS[name]
    size = 4 if name == "badugi_rank" else 5
    for hand in random_hands(3_000) + random_hands(1_000, size, seed=8):
        if len(hand) == 5 or name == "badugi_rank":
            assert public(hand) == fallback(hand) == public(list(hand)), hand


@pytest.mark.parametrize("name", HAND_FUNCTIONS)
@pytest.mark.parametrize("hand", ODD_HANDS, ids=lambda hand: type(hand).__name__)
def test_odd_hands_are_judged_as_the_fallback_judges_them(name: str, hand: Any) -> None:
    public, fallback = getattr(bf, name), FALLBACKS[name]
    assert outcome(public, hand) == outcome(fallback, hand)
    if isinstance(hand, tuple):  # an iterator (each call gets its own)
        assert outcome(public, iter(hand)) == outcome(fallback, iter(hand))


@pytest.mark.parametrize("name", MASK_FUNCTIONS)
@pytest.mark.parametrize("mask", ODD_MASKS, ids=lambda mask: type(mask).__name__)
def test_odd_masks_are_judged_as_the_fallback_judges_them(name: str, mask: Any) -> None:
    assert outcome(getattr(bf, name), mask) == outcome(FALLBACKS[name], mask)


@pytest.mark.parametrize("mask", [Decimal(31), Fraction(31), np.float32(31.0), IntLike(), True, np.bool_(True)])
def test_a_mask_must_be_an_integer(mask: Any) -> None:
    """cffi would convert anything with __int__ (the old wrapper passed these on)."""
    for name in MASK_FUNCTIONS:
        with pytest.raises(TypeError, match=f"^{name}: a mask is an int, not "):
            getattr(bf, name)(mask)


QUICK_IDS_INPUTS: list[Any] = [
    *ODD_HANDS,
    tuple(range(52)),
    list(range(51, -1, -1)),
    (*range(52), 0),
    tuple(range(53)),
    [7],
    [],
    (51, 0, 51),
    [3, 2, 1, True],
]


@pytest.mark.parametrize("cards", QUICK_IDS_INPUTS, ids=lambda cards: type(cards).__name__)
def test_quick_ids_is_its_fallback(cards: Any) -> None:
    """The first check of every hand the package takes: ids as a tuple, or None."""
    ours, theirs = outcome(_cards.quick_ids, cards), outcome(_cards._quick_ids, cards)
    assert ours == theirs
    if ours[0] == "value" and ours[1] is not None:
        assert type(ours[1]) is tuple
        assert (ours[1] is cards) == (type(cards) is tuple)  # a tuple comes back as it is, a list is copied


def test_masks_match_the_hands() -> None:
    for hand in random_hands(3_000):
        packed = bf.badeucey_mask(bf.hand_mask(hand))
        assert divmod(packed, 1 << lib.BDC_SPLIT_SHIFT) == tuple(bf.badeucey(hand))
        packed = bf.badacey_mask(bf.hand_mask(hand))
        assert divmod(packed, 1 << lib.BDC_SPLIT_SHIFT) == tuple(bf.badacey(hand))


def test_errors_name_the_public_function() -> None:
    with pytest.raises(TypeError, match=r"^badeucey\(\) missing 1 required positional argument: 'cards'"):
        bf.badeucey()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^badeucey\(\) takes 1 positional argument but 2 were given"):
        bf.badeucey((0, 5, 10, 15, 20), (1, 6, 11, 16, 21))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^badugi_rank\(\) takes 1 positional argument but 2 were given"):
        bf.badugi_rank((0, 5, 10, 15), True)  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"^badugi_rank\(\) got an unexpected keyword argument 'aces_high'"):
        bf.badugi_rank((0, 5, 10, 15), aces_high=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^badeucey_mask\(\) got an unexpected keyword argument 'cards'"):
        bf.badeucey_mask(cards=31)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="^badeucey: duplicate card 2d"):
        bf.badeucey((1, 1, 5, 10, 15))


def test_keywords_are_taken_as_the_fallback_takes_them() -> None:
    hand = (48, 5, 10, 15, 20)
    assert bf.badeucey(cards=hand) == bf.badeucey(hand)
    assert bf.badeucey_mask(mask=bf.hand_mask(hand)) == bf.badeucey_mask(bf.hand_mask(hand))
    high, low = bf.badugi_rank(hand, ace_high=True), bf.badugi_rank(hand, ace_high=False)
    assert high != low == bf.badugi_rank(hand)
    # any truthy value, as before: only True and False take the fast path
    assert bf.badugi_rank(hand, ace_high=1) == bf.badugi_rank(cards=hand, ace_high=np.bool_(True)) == high
    assert bf.badugi_rank(list(hand), ace_high=0) == low


@pytest.mark.parametrize("name", list(FALLBACKS))
def test_builtins_look_like_the_functions_they_replace(name: str) -> None:
    public, fallback = getattr(bf, name), FALLBACKS[name]
    assert inspect.isbuiltin(public)
    assert public.__name__ == public.__qualname__ == fallback.__name__ == name
    assert public.__module__ == "badeucey_fast.rankings"
    parameters = "(cards, *, ace_high=False)" if name == "badugi_rank" else "(mask)" if name in MASK_FUNCTIONS else "(cards)"
    assert str(inspect.signature(public)) == parameters
    assert ">>> " in (public.__doc__ or "") and ":raises ValueError:" in (public.__doc__ or "")
    assert fallback.__doc__ is None  # moved to the builtin: its doctests run once
    assert pickle.loads(pickle.dumps(public)) is public


def test_the_memo_fills_on_a_miss_and_is_shared() -> None:
    hand = (0, 5, 10, 15, 20)
    packed = lib.bdc_badeucey(*hand)
    rankings._HALVES.pop(packed, None)
    made = bf.badeucey(hand)  # a miss: C asks the package to make and memoise it
    assert rankings._HALVES[packed] is made
    assert bf.badeucey(list(hand)) is made is bf.badeucey("2c 3d 4h 5s 7c")
    assert type(made) is bf.Halves and made == (1, 1)


def test_no_reference_is_leaked_or_lost() -> None:
    hands = random_hands(50)
    odd = [(True, 5, 10, 15, 20), (1, 1, 5, 10, 15), (0, 5, 10, 15, 2**64), "7s 5h 4d 3c 2s"]

    def calls(rounds: int) -> None:
        for _ in range(rounds):
            for hand in hands:
                bf.badeucey(hand)
                bf.deuce_seven_rank(hand)
                bf.badugi_rank(hand, ace_high=True)
                bf.badeucey_mask(bf.hand_mask(hand))
                _cards.quick_ids(hand)
                _cards.quick_ids(list(hand))
            for hand in odd:
                outcome(_cards.quick_ids, hand)
                outcome(bf.badeucey, hand)
                outcome(bf.badugi_rank, hand, ace_high=True)
                outcome(bf.badeucey, cards=hand)
            outcome(bf.badeucey_mask, True)
            outcome(bf.badeucey_mask, 31)

    calls(1)  # the memo and the card-text cache take their references once
    watched: list[object] = [*hands, *(bf.badeucey(hand) for hand in hands), *odd, True, 31]
    before = [sys.getrefcount(x) for x in watched]
    calls(200)
    assert [sys.getrefcount(x) for x in watched] == before


def test_an_exception_from_the_fallback_comes_through_unchanged() -> None:
    class Loud:
        def __iter__(self) -> Any:
            raise KeyboardInterrupt  # not a ValueError or TypeError: it must not be swallowed

    with pytest.raises(KeyboardInterrupt):
        bf.badeucey(Loud())  # type: ignore[arg-type]


def test_the_factory_refuses_what_it_cannot_make() -> None:
    from badeucey_fast import _native

    make = _native._one_hand
    module = sys.modules["badeucey_fast.rankings"]
    with pytest.raises(ValueError, match="unknown kind 99"):
        make(99, "f", "f()\n--\n\n", module, print, None, None)
    with pytest.raises(TypeError, match="needs a module and a callable fallback"):
        make(lib.BDC_PY_DEUCE_SEVEN, "f", "", module, None, None, None)
    with pytest.raises(TypeError, match="a split game needs a dict memo"):
        make(lib.BDC_PY_BADEUCEY, "f", "", module, print, [], print)
    with pytest.raises(TypeError, match="must be a Python function"):
        _native.one_hand(lib.BDC_PY_DEUCE_SEVEN, "f", print)
    # a kind is made once: a second make would rewire the first builtin
    with pytest.raises(RuntimeError, match=r"kind \d+ is made once per process \(as deuce_seven_rank\)"):
        make(lib.BDC_PY_DEUCE_SEVEN, "other", "other(x)\n--\n\n", module, print, None, None)
    assert bf.deuce_seven_rank.__name__ == "deuce_seven_rank" and bf.deuce_seven_rank((0, 5, 10, 15, 20)) == 1
    assert _native.ONE_HAND_FALLBACKS[bf.badeucey] is rankings._badeucey
    assert lib.bdc_py_install(ffi.NULL, b"x") == -1 and lib.bdc_py_install(b"x", ffi.NULL) == -1


def test_a_keyword_is_matched_as_python_matches_it() -> None:
    """A str subclass as the keyword's name goes to the fallback (whose matching calls its __eq__)."""

    class Never(str):
        __hash__ = str.__hash__

        def __eq__(self, other: object) -> bool:
            return False

    hand = (48, 5, 10, 15, 20)
    keywords: dict[Any, Any] = {Never("ace_high"): True}
    assert outcome(bf.badugi_rank, hand, **keywords) == outcome(rankings._badugi_rank, hand, **keywords)
