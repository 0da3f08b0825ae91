"""Random hands and a deck of cards, in card ids.

:func:`random_hands` deals many independent hands at once in C, ready for the
batch functions; :class:`Deck` is a deck to shuffle and deal from one hand at a
time.

Seeds: ``None`` (the default) draws a fresh seed from the operating system
(``os.urandom``); an integer in ``0 .. 2**64 - 1`` (a Python ``int`` or any
integral type such as ``numpy.int64``, but not ``bool``) makes the output
reproducible: the same seed gives the same hands on every machine.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from badeucey_fast._checks import check_count, check_seed
from badeucey_fast._native import DECK_SIZE
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import CardsLike, format_cards

if TYPE_CHECKING:
    import random

    import numpy as np
    import numpy.typing as npt

_ANY_COUNT = tuple(range(DECK_SIZE + 1))


def _seed(seed: object, what: str) -> int:
    """A seed as an int in 0 .. 2**64 - 1; a fresh one from the OS for ``None``."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    value = check_seed(seed, f"{what}: seed")
    assert value is not None
    return value


def _count(value: object, name: str, what: str, high: int | None = None) -> int:
    """A non-negative integer argument, or a TypeError/ValueError naming it."""
    return check_count(value, f"{what}: {name}", low=0, high=high)


def random_hands(
    n: int, *, cards: int = 5, seed: int | None = None, dead: CardsLike = ()
) -> npt.NDArray[np.uint8]:
    """``n`` random hands of distinct cards, one per row, dealt in C.

    Every row is drawn uniformly from the hands of ``cards`` cards that avoid
    ``dead``, independently of the other rows; the cards of a row are in the
    order dealt (not sorted).  The result feeds the batch functions as it is.

    :param n: the number of hands (rows), 0 or more.
    :param cards: cards per hand, 1 up to the cards left in the deck.
    :param seed: ``None`` for a fresh seed from the OS, or an integer in
        ``0 .. 2**64 - 1`` for the same hands every time.
    :param dead: cards no hand may hold, as text or card ids.
    :return: a C-contiguous ``uint8`` array of shape ``(n, cards)`` of card ids.
    :raises TypeError: for a non-integer ``n``, ``cards`` or ``seed``, or bad dead cards.
    :raises ValueError: for a negative ``n``, ``cards`` outside its range, a
        seed outside 0 .. 2**64 - 1, or bad or duplicate dead cards.

    >>> from badeucey_fast import random_hands
    >>> hands = random_hands(3, seed=7)
    >>> hands.shape, hands.dtype.name
    ((3, 5), 'uint8')
    >>> (random_hands(3, seed=7) == hands).all()
    np.True_
    >>> random_hands(2, cards=3, seed=1, dead="2c 2d")[0].tolist() != [0, 1]
    True
    >>> random_hands(1, cards=51, dead="As 2c")
    Traceback (most recent call last):
    ...
    ValueError: random_hands: cards must be 1 .. 50 (52 cards less 2 dead), got 51
    """
    import numpy as np

    from badeucey_fast._native import ffi, lib

    what = "random_hands"
    rows = _count(n, "n", what, high=sys.maxsize)  # a larger array has no size numpy can hold
    size = _count(cards, "cards", what)
    dead_ids = set(hand_ids(dead, _ANY_COUNT, f"{what} (dead)"))
    live = bytes(c for c in range(DECK_SIZE) if c not in dead_ids)
    if not 1 <= size <= len(live):
        raise ValueError(
            f"{what}: cards must be 1 .. {len(live)} ({DECK_SIZE} cards less {len(dead_ids)} dead), got {size}"
        )
    stream = _seed(seed, what)
    out = np.empty((rows, size), dtype=np.uint8)
    status = lib.bdc_random_hands(
        stream, ffi.from_buffer("uint8_t[]", live), len(live), size, ffi.from_buffer("uint8_t[]", out), rows
    )
    if status != lib.BDC_OK:  # pragma: no cover - every argument was checked above
        raise ValueError(f"{what}: the C core rejected the arguments (status {status})")
    return out


class Deck:
    """A deck of card ids to shuffle and deal from.

    A new deck holds all 52 cards in id order (``2c 2d 2h 2s 3c .. As``);
    :meth:`shuffle` puts the cards still in it in random order, :meth:`deal`
    takes cards off the top.  ``seed`` makes the shuffles reproducible (see
    the module's notes on seeds).

    >>> from badeucey_fast import Deck
    >>> deck = Deck(seed=42)
    >>> len(deck)
    52
    >>> deck.remove("As Ks")
    >>> deck.shuffle()
    >>> hand = deck.deal(5)
    >>> len(hand), len(deck), 51 in hand
    (5, 45, False)
    >>> Deck(seed=42).deal(3)
    (0, 1, 2)
    >>> Deck().deal(53)
    Traceback (most recent call last):
    ...
    ValueError: Deck.deal: 53 cards asked for, 52 left in the deck
    """

    __slots__ = ("_cards", "_random")

    def __init__(self, seed: int | None = None) -> None:
        import random

        self._random: random.Random = random.Random(_seed(seed, "Deck"))
        self._cards: list[int] = list(range(DECK_SIZE))

    def shuffle(self) -> None:
        """Put the cards still in the deck in a uniformly random order."""
        self._random.shuffle(self._cards)

    def deal(self, n: int) -> tuple[int, ...]:
        """Take ``n`` cards off the top of the deck.

        :param n: how many cards, 0 up to :func:`len` of the deck.
        :return: their ids, in the order dealt.
        :raises TypeError: if ``n`` is not an integer.
        :raises ValueError: if ``n`` is negative or more than the cards left.
        """
        count = _count(n, "n", "Deck.deal")
        if count > len(self._cards):
            raise ValueError(f"Deck.deal: {count} cards asked for, {len(self._cards)} left in the deck")
        dealt = tuple(self._cards[:count])
        del self._cards[:count]
        return dealt

    def remove(self, cards: CardsLike) -> None:
        """Take the given cards out of the deck (dead cards, known hands).

        :param cards: the cards, as text or card ids (or card objects).
        :raises ValueError: for a card not in the deck (nothing is removed
            then), bad card text or ids, or a card given twice.
        :raises TypeError: for input that is not cards.
        """
        ids = hand_ids(cards, _ANY_COUNT, "Deck.remove")
        held = set(self._cards)
        missing = [c for c in ids if c not in held]
        if missing:
            raise ValueError(f"Deck.remove: {format_cards(missing)} not in the deck")
        gone = set(ids)
        self._cards = [c for c in self._cards if c not in gone]

    def copy(self) -> Deck:
        """An independent copy: the same cards in the same order and the same
        random state, so it shuffles and deals as this deck would, while dealing
        from either leaves the other as it was (:func:`copy.copy` and
        :func:`copy.deepcopy` give the same).

        >>> from badeucey_fast import Deck
        >>> deck = Deck(seed=5)
        >>> twin = deck.copy()
        >>> twin.shuffle(); deck.shuffle()
        >>> twin.deal(3) == deck.deal(3), twin.deal(2) != (), len(twin), len(deck)
        (True, True, 47, 49)
        """
        import random

        twin: Deck = object.__new__(Deck)
        twin._cards = self._cards[:]
        twin._random = random.Random.__new__(random.Random)  # unseeded: setstate gives it the state
        twin._random.setstate(self._random.getstate())
        return twin

    def __copy__(self) -> Deck:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        return self.copy()

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[int]:
        """The ids of the cards in the deck, top first."""
        return iter(tuple(self._cards))

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards: {format_cards(self._cards)})"
