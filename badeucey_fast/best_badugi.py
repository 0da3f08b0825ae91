"""Which cards make a hand's best badugi, one hand or a numpy batch at a time.

The C core (``csrc/bdc_cards.c``) tries every subset of one to four cards with
distinct ranks and suits and keeps the best badugi.  When different cards make
the same badugi (a pair of which either card fits: ``4h`` or ``4s`` in
``2c 3d 4h 4s 9d``), the cards with the lower ids are chosen (the smaller card
mask: the lower highest differing card), so the answer does not depend on the
order in which the hand is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from badeucey_fast._native import RANKINGS, ffi, lib, raise_for_status
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import CardsLike

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["badugi_cards", "badugi_cards_batch"]

_FOUR_OR_FIVE = RANKINGS["badugi_low"].sizes
_ACES_LOW_VALUE = [(rank + 1) % 13 for rank in range(13)]  # aces low: A = 0, 2 = 1 .. K = 12


def _check_ace_high(ace_high: object, what: str) -> int:
    if not isinstance(ace_high, bool):
        raise TypeError(f"{what}: ace_high must be True or False, not {type(ace_high).__name__}")
    return int(ace_high)


def badugi_cards(cards: CardsLike, *, ace_high: bool = False) -> tuple[int, ...]:
    """The cards that make the best badugi of four or five cards: the cards that play.

    :param cards: four or five cards, as text or card ids (any :data:`CardsLike`).
    :param ace_high: aces high, as in the Badeucey Badugi half (default: aces low).
    :return: the card ids of the best badugi (one to four cards, distinct ranks
        and suits), highest card first in the ace convention, as
        :func:`hand_name` names them; :func:`badugi_rank` of the hand is the
        rank of this badugi.  When different cards make the same badugi, the
        ones with the lower card ids.
    :raises TypeError: for a hand that is not cards, or a non-bool ``ace_high``.
    :raises ValueError: for a hand of another size, a bad or a duplicate card.

    >>> from badeucey_fast import badugi_cards, format_cards
    >>> format_cards(badugi_cards("Kd 7s 5h 4d 3c"))
    '7s 5h 4d 3c'
    >>> format_cards(badugi_cards("As 2s 3d 4h", ace_high=True))
    '4h 3d 2s'
    >>> badugi_cards("As 2s 3d")
    Traceback (most recent call last):
    ...
    ValueError: badugi_cards takes 4 or 5 cards, got 3
    """
    high = _check_ace_high(ace_high, "badugi_cards")
    ids = hand_ids(cards, _FOUR_OR_FIVE, "badugi_cards")
    hand = ffi.new("uint8_t[]", ids)
    out = ffi.new("uint8_t[1]")
    bad_row = ffi.new("size_t *")
    status = lib.bdc_badugi_cards_batch(high, hand, 1, len(ids), out, bad_row)
    raise_for_status(status, "badugi_cards", "the hand")  # pragma: no cover - hand_ids checked it
    chosen = [c for j, c in enumerate(ids) if out[0] >> j & 1]
    value = (lambda c: c >> 2) if high else (lambda c: _ACES_LOW_VALUE[c >> 2])
    return tuple(sorted(chosen, key=value, reverse=True))


def badugi_cards_batch(hands: npt.NDArray[np.uint8], *, ace_high: bool = False) -> npt.NDArray[np.bool_]:
    """Which cards make the best badugi of many hands, in one C loop.

    :param hands: C-contiguous ``uint8`` array of shape (N, 4) or (N, 5), one
        hand of card ids per row (as :func:`badugi_rank_batch` takes).
    :param ace_high: aces high, as in the Badeucey Badugi half.
    :return: ``bool`` array of the shape of ``hands``: True where the card is
        one of the row's best badugi (the cards :func:`badugi_cards` returns),
        so ``hands[i][selected[i]]`` are row ``i``'s cards that play.
    :raises TypeError: if ``hands`` is not a numpy array of dtype uint8.
    :raises ValueError: for a wrong shape or layout, or a row with an id
        outside 0..51 or a duplicate card (the message gives the row).

    >>> from badeucey_fast import badugi_cards_batch
    >>> import numpy as np
    >>> from badeucey_fast import parse_cards
    >>> badugi_cards_batch(np.array([parse_cards("Kd 7s 5h 4d 3c")], dtype=np.uint8))
    array([[False,  True,  True,  True,  True]])
    >>> badugi_cards_batch(np.array([[1, 1, 2, 3]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: badugi_cards_batch: hands[0] = [1, 1, 2, 3] has the same card twice
    """
    import numpy as np

    what = "badugi_cards_batch"
    high = _check_ace_high(ace_high, what)
    if not isinstance(hands, np.ndarray):
        raise TypeError(f"{what}: hands must be a numpy array of dtype uint8, not {type(hands).__name__}")
    if hands.dtype != np.uint8:
        raise TypeError(f"{what}: hands must have dtype uint8, got {hands.dtype} (use hands.astype(np.uint8))")
    if hands.ndim != 2 or hands.shape[1] not in _FOUR_OR_FIVE:
        raise ValueError(f"{what}: hands must have shape (N, 4) or (N, 5), got {hands.shape}")
    if not hands.flags.c_contiguous:
        raise ValueError(f"{what}: hands must be C-contiguous (use np.ascontiguousarray(hands))")
    n, k = hands.shape
    masks = np.zeros(n, dtype=np.uint8)
    if n:
        bad_row = ffi.new("size_t *")
        status = lib.bdc_badugi_cards_batch(
            high, ffi.from_buffer("uint8_t[]", hands), n, k, ffi.from_buffer("uint8_t[]", masks), bad_row
        )
        if status != lib.BDC_OK:
            row = int(bad_row[0])
            raise_for_status(status, what, f"hands[{row}] = {hands[row].tolist()}")
    selected: npt.NDArray[np.bool_] = (masks[:, None] >> np.arange(k, dtype=np.uint8)) & 1 == 1
    return selected
