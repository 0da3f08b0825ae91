"""Fixed-seed hands: every run of ``badeucey bench`` and of the benchmark suite times the same hands."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import DECK_SIZE, MAX_HAND_CARDS

Hands = npt.NDArray[np.uint8]

SEED = 20240601
"""Seed of every generated set of hands: each run times the same hands."""
DECK = DECK_SIZE
HAND_SIZE = MAX_HAND_CARDS
FIVE_CARD_HANDS = math.comb(DECK, HAND_SIZE)
"""C(52, 5): every five-card hand."""
SINGLE_HANDS = 2_000
"""Hands in one timed loop of one-hand calls; per-call time is the loop's time / this."""


def random_hands(count: int, seed: int = SEED) -> Hands:
    """``count`` random five-card hands, uniform over ordered hands of distinct cards.

    Rows with a repeated card are drawn again until none is left (rejection
    sampling keeps the distribution uniform); the same seed gives the same hands.

    :param count: number of hands (rows).
    :param seed: seed of :func:`numpy.random.default_rng`.
    :return: C-contiguous ``uint8`` array of shape (count, 5).
    :raises ValueError: if ``count`` is negative.

    >>> from badeucey_fast._bench.hands import random_hands
    >>> hands = random_hands(3)
    >>> hands.shape, hands.dtype.name, all(len(set(row)) == 5 for row in hands.tolist())
    ((3, 5), 'uint8', True)
    >>> random_hands(-1)
    Traceback (most recent call last):
    ...
    ValueError: count must be >= 0, got -1
    """
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, DECK, size=(count, HAND_SIZE), dtype=np.uint8)
    todo = np.arange(count)
    while todo.size:
        ordered = np.sort(hands[todo], axis=1)
        todo = todo[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        hands[todo] = rng.integers(0, DECK, size=(todo.size, HAND_SIZE), dtype=np.uint8)
    return hands


def all_five_card_hands() -> Hands:
    """Every five-card hand, in the order of ``itertools.combinations(range(52), 5)``.

    Built column by column in numpy (about 0.5 s, against several seconds for
    ``itertools``): each partial hand is extended by every card above its last.

    :return: C-contiguous ``uint8`` array of shape (2598960, 5), cards increasing
        along each row.

    >>> from badeucey_fast._bench.hands import all_five_card_hands
    >>> hands = all_five_card_hands()
    >>> hands.shape, hands[0].tolist(), hands[1].tolist(), hands[-1].tolist()
    ((2598960, 5), [0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [47, 48, 49, 50, 51])
    """
    hands = np.arange(DECK, dtype=np.int64)[:, None]
    for _ in range(HAND_SIZE - 1):
        last = hands[:, -1]
        extensions = DECK - 1 - last  # cards above the last one
        first_row_of = np.cumsum(extensions) - extensions
        rows = np.repeat(hands, extensions, axis=0)
        # row j of hand i gets card last[i] + 1 + (j - first_row_of[i])
        new = np.repeat(last + 1 - first_row_of, extensions) + np.arange(rows.shape[0])
        hands = np.hstack([rows, new[:, None]])
    return np.ascontiguousarray(hands, dtype=np.uint8)


def hand_tuples(hands: Hands) -> list[tuple[int, ...]]:
    """The rows as tuples of Python ints: pre-parsed hands for the one-hand functions."""
    return [tuple(row) for row in hands.tolist()]
