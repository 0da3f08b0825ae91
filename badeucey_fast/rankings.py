"""Hand rankings through the C core: one hand at a time, or numpy batches.

Every function returns a dense rank, **lower is better**: 1 is the best class,
classes are consecutive, and two hands have the same rank exactly when they
tie.  Scales: Badugi 1..1092 (4 or 5 cards, aces low or high), deuce-to-seven
1..7462, ace-to-five 1..6175.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from badeucey_fast._checks import check_int
from badeucey_fast._native import (
    DECK_SIZE,
    MAX_HAND_CARDS,
    RANKINGS,
    SPLIT_SHIFT,
    Ranking,
    ffi,
    lib,
    one_hand,
    raise_for_status,
)
from badeucey_fast._cards import check_card, hand_ids
from badeucey_fast.cards import CardsLike

BADUGI_CLASSES = RANKINGS["badugi_low"].scale
DEUCE_SEVEN_CLASSES = RANKINGS["deuce_seven"].scale
ACE_FIVE_CLASSES = RANKINGS["ace_five"].scale

_FOUR_OR_FIVE = RANKINGS["badugi_low"].sizes
_FIVE = RANKINGS["deuce_seven"].sizes
_SPLIT = 1 << SPLIT_SHIFT  # the C core packs split-game results as (badugi << 16) | low

if TYPE_CHECKING:  # numpy is imported by the first batch call, not at import time
    import numpy as np
    import numpy.typing as npt

    RankArray = npt.NDArray[np.uint16]


class Halves(NamedTuple):
    """The two ranks of a split-game hand (lower is better in each)."""

    badugi: int
    """Rank of the best badugi, 1..1092."""
    low: int
    """Rank of the low hand: 2-7 (1..7462) in Badeucey, A-5 (1..6175) in Badacey."""

    def to_dict(self) -> dict[str, int]:
        """``{"badugi": ..., "low": ...}`` (JSON-ready)."""
        return {"badugi": self.badugi, "low": self.low}


def _raise_for(status: int, ids: Sequence[object], what: str) -> NoReturn:
    """Turn a C status code (or a conversion failure) into an exception that names the card."""
    for card in ids:
        check_card(card)  # raises TypeError / ValueError naming the card
    if status == lib.BDC_E_DUPLICATE or len(set(ids)) != len(ids):
        hand_ids(ids, (len(ids),), what)  # type: ignore[arg-type]  # raises naming the duplicate
    raise_for_status(status, what, "the hand")
    raise ValueError(f"{what}: the C core could not take the hand")


def _rank_slowly(c_functions: dict[int, Callable[..., int]], cards: CardsLike, sizes: tuple[int, ...], what: str) -> int:
    """The slow path of a one-hand call: normalise the hand (card text, numpy
    integers, card objects; raising for bad input, a bool or a float among the
    ids included), then rank it with the C entry point for its size."""
    ids = hand_ids(cards, sizes, what)
    result: int = c_functions[len(ids)](*ids)
    if result < 0:  # hand_ids let nothing bad through: this is a safety net
        _raise_for(result, ids, what)
    return result


def _split_slowly(c_function: Callable[..., int], cards: CardsLike, what: str) -> Halves:
    """The slow path of a split-game call: normalise the hand, then rank it."""
    return _halves(_rank_slowly({5: c_function}, cards, _FIVE, what))


_new_tuple = tuple.__new__  # builds a Halves without NamedTuple.__new__'s keyword handling
_SMALL_INTS = tuple(range(max(RANKINGS[name].scale for name in RANKINGS) + 1))
"""Every rank as one shared int, so that the memo's Halves share their ints."""
_HALVES: dict[int, Halves] = {}
"""Memo of the split-game results: packed int -> its Halves.  The C core
returns 38,064 packed values per split game (every Badugi and low rank pair
some five cards have), 72,921 for both, so the memo never holds more (a few MB
with every one in it, after one process has ranked nearly every hand
of both games one at a time); a hit returns a shared, immutable Halves instead
of building one (three allocations, the most of a one-hand call's own work)."""


def _halves(packed: int) -> Halves:
    """The Halves of a packed split-game result, through the memo."""
    try:
        return _HALVES[packed]
    except KeyError:
        badugi, low = divmod(packed, _SPLIT)
        halves = _HALVES[packed] = _new_tuple(Halves, (_SMALL_INTS[badugi], _SMALL_INTS[low]))
        return halves


_FLAG = lib.BDC_FLAG_ID_0_OR_1  # the C core's mark on a result whose hand has card id 0 or 1
# The plain C entry points (a rank, or a negative error code), by hand size: the
# one-hand functions' Python paths call them once hand_ids has normalised the hand (their
# common case runs in csrc/bindings/one_hand.c, which calls the same C functions).  The flagged ones
# serve the showdown.
_C_BADUGI_LOW: dict[int, Callable[..., int]] = {4: lib.bdc_badugi_low4, 5: lib.bdc_badugi_low5}
_C_BADUGI_HIGH: dict[int, Callable[..., int]] = {4: lib.bdc_badugi_high4, 5: lib.bdc_badugi_high5}
_C_DEUCE_SEVEN: dict[int, Callable[..., int]] = {5: lib.bdc_deuce_seven}
_C_ACE_FIVE: dict[int, Callable[..., int]] = {5: lib.bdc_ace_five}
_c_badugi_low: dict[int, Callable[..., int]] = {4: lib.bdc_badugi_low4_flagged, 5: lib.bdc_badugi_low5_flagged}
_c_badugi_high: dict[int, Callable[..., int]] = {4: lib.bdc_badugi_high4_flagged, 5: lib.bdc_badugi_high5_flagged}
_c_deuce_seven = lib.bdc_deuce_seven_flagged
_c_ace_five = lib.bdc_ace_five_flagged
_c_badeucey = lib.bdc_badeucey_flagged  # both halves in one call (also the showdown's)
_c_badacey = lib.bdc_badacey_flagged

FLAG: int = _FLAG
"""What the flagged entry points add to a rank (the hand holds card 0 or 1): take it off."""
LOW_MASK = _SPLIT - 1
"""A packed split-game result is ``(badugi << SPLIT_SHIFT) | low``: ``low = packed & LOW_MASK``."""
FLAGGED: dict[tuple[Ranking, int], Callable[..., int]] = {
    **{("badugi_low", n): f for n, f in _c_badugi_low.items()},
    **{("badugi_high", n): f for n, f in _c_badugi_high.items()},
    ("deuce_seven", 5): _c_deuce_seven,
    ("ace_five", 5): _c_ace_five,
}
"""The flagged C entry point of each ranking and hand size (card ids as arguments):
what :meth:`Game.ranker <badeucey_fast.games.Game.ranker>` calls."""
FLAGGED_SPLIT: dict[tuple[Ranking, Ranking], Callable[..., int]] = {
    ("badugi_high", "deuce_seven"): _c_badeucey,
    ("badugi_low", "ace_five"): _c_badacey,
}
"""The flagged C entry points ranking both halves of a split game in one call, packed."""


def _badugi_rank(cards: CardsLike, *, ace_high: bool = False) -> int:
    """Badugi rank of four cards, or of the best subset of five.

    :param cards: 4 or 5 cards, as text or card ids.
    :param ace_high: aces rank above kings (the Badeucey Badugi half) instead
        of below deuces (standalone Badugi, the default).
    :return: 1..1092, lower is better (1..715 four-card badugis, then 286
        three-card, 78 two-card and 13 one-card classes).
    :raises ValueError: for the wrong number of cards, unknown card text, an
        id outside 0..51 or a duplicate card.
    :raises TypeError: for a card id that is not an integer (``bool`` included).

    >>> from badeucey_fast import badugi_rank
    >>> badugi_rank("Ac 2d 3h 4s")
    1
    >>> badugi_rank("5c 4d 3h 2s", ace_high=True)
    1
    >>> badugi_rank("Ac 2d 3h")
    Traceback (most recent call last):
    ...
    ValueError: badugi_rank takes 4 or 5 cards, got 3
    """
    return _rank_slowly(_C_BADUGI_HIGH if ace_high else _C_BADUGI_LOW, cards, _FOUR_OR_FIVE, "badugi_rank")


badugi_rank = one_hand(lib.BDC_PY_BADUGI, "badugi_rank", _badugi_rank)


def _deuce_seven_rank(cards: CardsLike) -> int:
    """Deuce-to-seven lowball rank of five cards.

    :param cards: 5 cards, as text or card ids.
    :return: 1..7462, lower is better; 1 is 7-5-4-3-2 not all one suit.
    :raises ValueError: for the wrong number of cards or bad cards.
    :raises TypeError: for a card id that is not an integer (``bool`` included).

    >>> from badeucey_fast import deuce_seven_rank
    >>> deuce_seven_rank("7s 5h 4d 3c 2s")
    1
    >>> deuce_seven_rank([48, 49, 50, 51, 52])
    Traceback (most recent call last):
    ...
    ValueError: card id 52 is outside 0..51
    """
    return _rank_slowly(_C_DEUCE_SEVEN, cards, _FIVE, "deuce_seven_rank")


deuce_seven_rank = one_hand(lib.BDC_PY_DEUCE_SEVEN, "deuce_seven_rank", _deuce_seven_rank)


def _ace_five_rank(cards: CardsLike) -> int:
    """Ace-to-five lowball rank of five cards.

    :param cards: 5 cards, as text or card ids.
    :return: 1..6175, lower is better; 1 is 5-4-3-2-A.
    :raises ValueError: for the wrong number of cards or bad cards.
    :raises TypeError: for a card id that is not an integer (``bool`` included).

    >>> from badeucey_fast import ace_five_rank
    >>> ace_five_rank("5h 4h 3h 2h Ah")
    1
    >>> ace_five_rank("5h 4h 3h 2h 2h")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 2h in '5h 4h 3h 2h 2h'
    """
    return _rank_slowly(_C_ACE_FIVE, cards, _FIVE, "ace_five_rank")


ace_five_rank = one_hand(lib.BDC_PY_ACE_FIVE, "ace_five_rank", _ace_five_rank)


def _badeucey(cards: CardsLike) -> Halves:
    """Both Badeucey ranks of five cards: Badugi aces high, and deuce-to-seven.

    :param cards: 5 cards, as text or card ids.
    :return: ``Halves(badugi, low)``, each lower-is-better.
    :raises ValueError: for the wrong number of cards or bad cards.
    :raises TypeError: for a card id that is not an integer (``bool`` included).

    >>> from badeucey_fast import badeucey
    >>> badeucey("7s 5h 4d 3c 2s")
    Halves(badugi=1, low=1)
    >>> badeucey("7s 5h 4d 3c")
    Traceback (most recent call last):
    ...
    ValueError: badeucey takes 5 cards, got 4
    >>> badeucey((True, 2, 3, 4, 5))
    Traceback (most recent call last):
    ...
    TypeError: card ids must be integers, got True
    """
    return _split_slowly(lib.bdc_badeucey, cards, "badeucey")


badeucey = one_hand(lib.BDC_PY_BADEUCEY, "badeucey", _badeucey, _HALVES, _halves)


def _badacey(cards: CardsLike) -> Halves:
    """Both Badacey ranks of five cards: Badugi aces low, and ace-to-five.

    :param cards: 5 cards, as text or card ids.
    :return: ``Halves(badugi, low)``, each lower-is-better.
    :raises ValueError: for the wrong number of cards or bad cards.
    :raises TypeError: for a card id that is not an integer (``bool`` included).

    >>> from badeucey_fast import badacey
    >>> badacey("5c 4d 3h 2s Ad")
    Halves(badugi=2, low=1)
    >>> badacey("5c 4d 3h 2s Ax")
    Traceback (most recent call last):
    ...
    ValueError: unknown card text 'Ax' in '5c 4d 3h 2s Ax' (cards look like 7s, Th, 10h or A♠)
    """
    return _split_slowly(lib.bdc_badacey, cards, "badacey")


badacey = one_hand(lib.BDC_PY_BADACEY, "badacey", _badacey, _HALVES, _halves)


# --------------------------------------------------------------------------- #
# One hand as a card mask: the cheapest call
# --------------------------------------------------------------------------- #
def _rank_mask(c_function: Callable[[int], int], mask: object, what: str) -> int:
    """A mask's packed result through a C entry point, or the exception that names
    what is wrong with the mask (numpy integers are taken, a bool or a float is not)."""
    try:
        value = check_int(mask, "a mask")
    except TypeError:
        raise TypeError(f"{what}: a mask is an int, not {type(mask).__name__}") from None
    if value < 0 or value >> DECK_SIZE:
        raise ValueError(f"{what}: a mask has bits 0..{DECK_SIZE - 1} only (one per card id), got {value:#x}")
    packed = c_function(value)
    if packed < 0:
        raise ValueError(f"{what}: the mask has {value.bit_count()} cards, not {MAX_HAND_CARDS}")
    return packed


_ANY_COUNT = tuple(range(DECK_SIZE + 1))


def hand_mask(cards: CardsLike) -> int:
    """A hand as one integer: bit ``id`` set for each card, the input of
    :func:`~badeucey_fast.badeucey_mask` and :func:`~badeucey_fast.badacey_mask`.

    :param cards: distinct cards, as text or card ids.
    :return: ``sum(1 << id for id in ids)``, below ``2**52``.
    :raises ValueError: for unknown card text, an id outside 0..51 or a duplicate card.
    :raises TypeError: for a card id that is not an integer.

    >>> from badeucey_fast import hand_mask
    >>> hand_mask("2c 2d As")
    2251799813685251
    >>> hand_mask([0, 1, 51]) == (1 << 0) | (1 << 1) | (1 << 51)
    True
    >>> hand_mask("2c 2c")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 2c in '2c 2c'
    """
    mask = 0
    for card in hand_ids(cards, _ANY_COUNT, "hand_mask"):
        mask |= 1 << card
    return mask


def _badeucey_mask(mask: int) -> int:
    """Both Badeucey ranks of five cards given as a card mask, packed in one int.

    The fastest way to rank one hand from Python: one integer crosses into C
    and one comes back (no :class:`Halves` is built).

    :param mask: bit ``id`` set for each of the five cards (:func:`hand_mask`).
    :return: ``(badugi << 16) | low``: Badugi aces high (1..1092) and
        deuce-to-seven (1..7462), each lower-is-better; ``divmod(packed, 65536)``
        splits them.
    :raises ValueError: for a mask without exactly five cards, or with a bit
        outside 0..51.
    :raises TypeError: for a mask that is not an integer (``bool`` included).

    >>> from badeucey_fast import badeucey_mask, hand_mask
    >>> divmod(badeucey_mask(hand_mask("7s 5h 4d 3c 2s")), 65536)
    (1, 1)
    >>> badeucey_mask(hand_mask("7s 5h 4d 3c"))
    Traceback (most recent call last):
    ...
    ValueError: badeucey_mask: the mask has 4 cards, not 5
    """
    return _rank_mask(lib.bdc_badeucey_mask, mask, "badeucey_mask")


badeucey_mask = one_hand(lib.BDC_PY_BADEUCEY_MASK, "badeucey_mask", _badeucey_mask)


def _badacey_mask(mask: int) -> int:
    """Both Badacey ranks of five cards given as a card mask, packed in one int.

    :param mask: bit ``id`` set for each of the five cards (:func:`hand_mask`).
    :return: ``(badugi << 16) | low``: Badugi aces low (1..1092) and ace-to-five
        (1..6175), each lower-is-better.
    :raises ValueError: for a mask without exactly five cards, or with a bit
        outside 0..51.
    :raises TypeError: for a mask that is not an integer (``bool`` included).

    >>> from badeucey_fast import badacey_mask, hand_mask
    >>> divmod(badacey_mask(hand_mask("5c 4d 3h 2s Ad")), 65536)
    (2, 1)
    >>> badacey_mask(1 << 52)
    Traceback (most recent call last):
    ...
    ValueError: badacey_mask: a mask has bits 0..51 only (one per card id), got 0x10000000000000
    """
    return _rank_mask(lib.bdc_badacey_mask, mask, "badacey_mask")


badacey_mask = one_hand(lib.BDC_PY_BADACEY_MASK, "badacey_mask", _badacey_mask)


# --------------------------------------------------------------------------- #
# Batches
# --------------------------------------------------------------------------- #
def _check_batch(hands: object, sizes: tuple[int, ...], what: str) -> None:
    """Raise for anything but a C-contiguous uint8 array of shape (N, size)."""
    import numpy as np

    if not isinstance(hands, np.ndarray):
        raise TypeError(f"{what}: hands must be a numpy array of dtype uint8, not {type(hands).__name__}")
    if hands.dtype != np.uint8:
        raise TypeError(f"{what}: hands must have dtype uint8, got {hands.dtype} (use hands.astype(np.uint8))")
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        wanted = " or ".join(f"(N, {s})" for s in sizes)
        raise ValueError(f"{what}: hands must have shape {wanted}, got {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ValueError(f"{what}: hands must be C-contiguous (use np.ascontiguousarray(hands))")


class _Numpy:
    """What the batch calls use of numpy, loaded by the first one (not at import time)."""

    ndarray: type | None = None
    uint8: object = None  # the uint8 dtype object
    empty: Callable[..., Any]
    uint16: object = None


_NUMPY = _Numpy()
_BATCH_STATE: Any = None
"""Per thread: the ``size_t *`` a batch call's C loop writes its bad row to (one call at a time
per thread, so each thread reuses one instead of allocating one per call); a
``threading.local`` made by the first batch call (threading is not imported at import time)."""


def _bad_row() -> Any:
    """This thread's bad-row cell."""
    global _BATCH_STATE
    state = _BATCH_STATE
    if state is None:
        import threading

        state = _BATCH_STATE = threading.local()  # two first calls at once: one local wins, each gets a cell
    try:
        return state.bad_row
    except AttributeError:
        cell = state.bad_row = ffi.new("size_t *")
        return cell


def _batch(hands: object, ranking: int, sizes: tuple[int, ...], what: str, split: bool) -> RankArray:
    """Validate a batch once, then rank every row in one C loop (GIL released).  The
    common case (an exact ndarray with numpy's uint8 dtype object) is checked by identity."""
    numpy = _NUMPY
    if numpy.ndarray is None:
        import numpy as np

        numpy.ndarray, numpy.uint8, numpy.empty, numpy.uint16 = np.ndarray, np.dtype(np.uint8), np.empty, np.uint16
    if not (
        type(hands) is numpy.ndarray
        and hands.dtype is numpy.uint8  # type: ignore[attr-defined]
        and hands.ndim == 2  # type: ignore[attr-defined]
        and hands.shape[1] in sizes  # type: ignore[attr-defined]
        and hands.flags.c_contiguous  # type: ignore[attr-defined]
    ):
        _check_batch(hands, sizes, what)  # raises, or passes an equal dtype or an ndarray subclass
    array: Any = hands
    n = array.shape[0]
    out: RankArray = numpy.empty((n, 2) if split else (n,), dtype=numpy.uint16)
    if n == 0:
        return out
    bad_row = _bad_row()
    status = lib.bdc_rank_batch(
        ranking, ffi.from_buffer("uint8_t[]", array), n, array.shape[1], ffi.from_buffer("uint16_t[]", out), bad_row
    )
    if status != lib.BDC_OK:
        row = int(bad_row[0])
        raise_for_status(status, what, f"hands[{row}] = {array[row].tolist()}")
    return out


def badugi_rank_batch(hands: npt.NDArray[np.uint8], *, ace_high: bool = False) -> RankArray:
    """Badugi ranks of many hands.

    :param hands: C-contiguous ``uint8`` array of shape (N, 4) or (N, 5), one
        hand of card ids per row.
    :param ace_high: aces high, as in the Badeucey Badugi half.
    :return: ``uint16`` array of shape (N,), ranks 1..1092.
    :raises TypeError: if ``hands`` is not a numpy array of dtype uint8.
    :raises ValueError: for a wrong shape or layout, or a row with an id
        outside 0..51 or a duplicate card (the message gives the row).

    >>> from badeucey_fast import badugi_rank_batch
    >>> import numpy as np
    >>> badugi_rank_batch(np.array([[48, 1, 6, 11], [0, 1, 2, 3]], dtype=np.uint8))
    array([   1, 1081], dtype=uint16)
    >>> badugi_rank_batch(np.array([[48, 1, 6, 6]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: badugi_rank_batch: hands[0] = [48, 1, 6, 6] has the same card twice
    """
    ranking = RANKINGS["badugi_high" if ace_high else "badugi_low"].code
    return _batch(hands, ranking, _FOUR_OR_FIVE, "badugi_rank_batch", split=False)


def deuce_seven_rank_batch(hands: npt.NDArray[np.uint8]) -> RankArray:
    """Deuce-to-seven ranks of many five-card hands: ``uint8`` (N, 5) in, ``uint16`` (N,) out.

    Errors as :func:`badugi_rank_batch`.
    """
    return _batch(hands, RANKINGS["deuce_seven"].code, _FIVE, "deuce_seven_rank_batch", split=False)


def ace_five_rank_batch(hands: npt.NDArray[np.uint8]) -> RankArray:
    """Ace-to-five ranks of many five-card hands: ``uint8`` (N, 5) in, ``uint16`` (N,) out.

    Errors as :func:`badugi_rank_batch`.
    """
    return _batch(hands, RANKINGS["ace_five"].code, _FIVE, "ace_five_rank_batch", split=False)


def badeucey_batch(hands: npt.NDArray[np.uint8]) -> RankArray:
    """Both Badeucey ranks of many five-card hands.

    :param hands: C-contiguous ``uint8`` array of shape (N, 5).
    :return: ``uint16`` array of shape (N, 2): column 0 the Badugi rank (aces
        high), column 1 the deuce-to-seven rank.
    :raises TypeError: if ``hands`` is not a numpy array of dtype uint8.
    :raises ValueError: for a wrong shape or layout, or a bad row.

    >>> from badeucey_fast import badeucey_batch
    >>> import numpy as np
    >>> badeucey_batch(np.array([[23, 14, 9, 4, 3]], dtype=np.uint8))
    array([[1, 1]], dtype=uint16)
    >>> badeucey_batch(np.array([[23, 14, 9, 4]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: badeucey_batch: hands must have shape (N, 5), got (1, 4)
    """
    return _batch(hands, lib.BDC_BADEUCEY, _FIVE, "badeucey_batch", split=True)


def badacey_batch(hands: npt.NDArray[np.uint8]) -> RankArray:
    """Both Badacey ranks of many five-card hands: ``uint16`` (N, 2), column 0
    the Badugi rank (aces low), column 1 the ace-to-five rank.

    Errors as :func:`badeucey_batch`.
    """
    return _batch(hands, lib.BDC_BADACEY, _FIVE, "badacey_batch", split=True)


def _badugi_high_rank_batch(hands: npt.NDArray[np.uint8]) -> RankArray:
    return badugi_rank_batch(hands, ace_high=True)


BATCH: dict[Ranking, Callable[[npt.NDArray[np.uint8]], RankArray]] = {
    "badugi_low": badugi_rank_batch,
    "badugi_high": _badugi_high_rank_batch,
    "deuce_seven": deuce_seven_rank_batch,
    "ace_five": ace_five_rank_batch,
}
"""The batch function of each ranking: what :meth:`Game.batch_ranker
<badeucey_fast.games.Game.batch_ranker>` calls."""
