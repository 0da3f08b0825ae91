"""Starting hands up to suit relabelling: one canonical hand per class.

Every ranking here is blind to the names of the suits (a hand and the same
hand with its suits renamed have the same ranks, and draw to the same
outcomes from a full deck), so a chart needs one row per class of hands
under the 24 relabellings of the four suits.

**The canonical form** of a hand is the relabelling of its suits whose card
mask (bit ``id`` set for each card, ``id = 4 * rank + suit``) is the smallest
integer: equivalently, with the cards sorted from the highest id down, the
relabelling whose list of ids is lexicographically smallest.  Canonical hands
are given as their ids in ascending order.  There are **134,459** classes of
five-card hands (of 2,598,960) and **16,432** of four-card hands (of 270,725);
:func:`canonical_hands` enumerates them and the tests count them.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Hands = npt.NDArray[np.uint8]
    Masks = npt.NDArray[np.uint64]

SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(4)))
"""The 24 relabellings of the suits: ``perm[suit]`` is the new suit."""
CANONICAL_COUNTS = {4: 16_432, 5: 134_459}
"""How many classes of hands there are, by hand size (counted by the tests)."""


def relabel(card: int, perm: tuple[int, ...]) -> int:
    """A card with its suit renamed by ``perm``."""
    return card - card % 4 + perm[card % 4]


def canonical(ids: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The canonical form of a hand (ascending ids) and the relabelling that
    takes the hand to it (the first of :data:`SUIT_PERMUTATIONS` that does).

    >>> from badeucey_fast.jobs import canonical
    >>> canonical((3, 7, 10, 14, 17))   # 2s 3s 4h 5h 6d: becomes 2h 3h 4d 5d 6c
    ((2, 6, 9, 13, 16), (3, 0, 1, 2))
    """
    best_mask, best_perm = -1, SUIT_PERMUTATIONS[0]
    for perm in SUIT_PERMUTATIONS:
        mask = 0
        for card in ids:
            mask |= 1 << relabel(card, perm)
        if best_mask < 0 or mask < best_mask:
            best_mask, best_perm = mask, perm
    return tuple(sorted(relabel(c, best_perm) for c in ids)), best_perm


_BLOCK = 1 << 14
"""Rows at a time in :func:`canonical_masks`: the 24 relabellings' arrays of a block stay in the processor's cache."""


def canonical_masks(hands: Hands) -> Masks:
    """The canonical card mask of each row of a (N, k) array of card ids."""
    import numpy as np

    best = np.empty(len(hands), dtype=np.uint64)
    for start in range(0, len(hands), _BLOCK):
        block = hands[start:start + _BLOCK]
        ranks4 = (block // 4).astype(np.uint64) * np.uint64(4)
        suits = block % 4
        out = best[start:start + _BLOCK]
        out.fill(np.iinfo(np.uint64).max)
        for perm in SUIT_PERMUTATIONS:
            mapped = ranks4 + np.asarray(perm, dtype=np.uint64)[suits]
            mask = np.bitwise_or.reduce(np.left_shift(np.uint64(1), mapped), axis=1)
            np.minimum(out, mask, out=out)
    return best


def masks_to_hands(masks: Masks, size: int) -> Hands:
    """The cards (ascending ids) of each card mask, ``size`` cards each."""
    import numpy as np

    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    rows, cols = np.nonzero(bits)
    if len(rows) != size * len(masks):
        raise ValueError(f"card masks that do not hold {size} cards each")
    return cols.astype(np.uint8).reshape(len(masks), size)


@lru_cache(maxsize=2)
def _all_canonical(size: int) -> Hands:
    import numpy as np

    every = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), size)), dtype=np.uint8)
    masks = np.unique(canonical_masks(every.reshape(-1, size)))  # sorted
    hands = masks_to_hands(masks, size)
    hands.flags.writeable = False
    return hands


def canonical_hands(size: int) -> Hands:
    """Every canonical hand of ``size`` (4 or 5) cards, one row each (ascending
    ids), rows in increasing order of card mask.  Read-only; computed once per
    process (seconds for five cards).

    :raises ValueError: for a size other than 4 or 5.
    """
    if size not in CANONICAL_COUNTS:
        raise ValueError(f"starting hands have 4 or 5 cards, not {size!r}")
    return _all_canonical(size)


def hand_mask_array(hands: Hands) -> Masks:
    """The card mask of each row of a (N, k) array of card ids, as it stands."""
    import numpy as np

    masks: Masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    return masks
