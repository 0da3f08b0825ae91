"""Cards to and from other poker libraries.

pokerkit and eval7 ``Card`` objects, and lists of card texts, are accepted
wherever a hand is; these functions cover the rest:

- treys (and deuces, its ancestor) cards are plain ints, which would be
  ambiguous with card ids, so they convert explicitly: :func:`from_treys`
  and :func:`to_treys`;
- :func:`to_pokerkit` gives pokerkit ``Card`` objects back.

A treys card packs one card in 29 bits, as its ``Card`` class documents::

    xxxbbbbb bbbbbbbb cdhsrrrr xxpppppp

``b``: one bit for the rank (bit 16 + rank); ``cdhs``: one bit for the suit
(clubs 8, diamonds 4, hearts 2, spades 1, at bit 12); ``r``: the rank (deuce
0 .. ace 12, at bit 8); ``p``: the rank's prime (deuce 2 .. ace 41).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING

from badeucey_fast._native import DECK_SIZE
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import NAME_OF, CardsLike

if TYPE_CHECKING:
    import pokerkit

_ANY_COUNT = tuple(range(DECK_SIZE + 1))
_TREYS_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # deuce .. ace
_TREYS_SUIT_BIT = (8, 4, 2, 1)  # our suits clubs, diamonds, hearts, spades
_TREYS_RANK_SHIFT = 8
_TREYS_SUIT_SHIFT = 12
_TREYS_BIT_SHIFT = 16


def _treys_int(card: int) -> int:
    rank, suit = divmod(card, 4)
    return (
        (1 << (_TREYS_BIT_SHIFT + rank))
        | (_TREYS_SUIT_BIT[suit] << _TREYS_SUIT_SHIFT)
        | (rank << _TREYS_RANK_SHIFT)
        | _TREYS_PRIMES[rank]
    )


_TREYS_OF = tuple(_treys_int(card) for card in range(DECK_SIZE))
_ID_OF_TREYS = {value: card for card, value in enumerate(_TREYS_OF)}


def from_treys(cards: Iterable[int]) -> tuple[int, ...]:
    """Card ids of treys (or deuces) integer cards.

    :param cards: treys ints, e.g. ``treys.Card.new("7s")`` (2102541).
    :return: the card ids, in the order given (duplicates are kept: the
        functions that take a hand reject them).
    :raises TypeError: if ``cards`` is not an iterable of integers (``bool``
        is not one).
    :raises ValueError: for an int that is not a treys card.

    >>> from badeucey_fast import from_treys
    >>> from_treys([2102541, 268442665])
    (23, 51)
    >>> from_treys([23])
    Traceback (most recent call last):
    ...
    ValueError: from_treys: 23 is not a treys card (treys.Card.new('7s') is 2102541)
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"from_treys: cards must be an iterable of treys ints, not {type(cards).__name__}")
    ids = []
    for value in cards:
        if isinstance(value, bool) or type(value).__name__ == "bool_":
            raise TypeError(f"from_treys: treys cards are integers, got {value!r}")
        try:
            number = operator.index(value)
        except TypeError:
            raise TypeError(f"from_treys: treys cards are integers, got {value!r} ({type(value).__name__})") from None
        card = _ID_OF_TREYS.get(number)
        if card is None:
            raise ValueError(f"from_treys: {number} is not a treys card (treys.Card.new('7s') is {_TREYS_OF[23]})")
        ids.append(card)
    return tuple(ids)


def to_treys(cards: CardsLike) -> list[int]:
    """treys (and deuces) integer cards of a set of cards.

    A list, as treys takes: its evaluator adds a board and a hand with ``+``.

    :param cards: distinct cards, as text, card ids or card objects.
    :return: the treys ints, in the order given.
    :raises TypeError: / :raises ValueError: for bad or duplicate cards.

    >>> from badeucey_fast import to_treys
    >>> to_treys("7s As")
    [2102541, 268442665]
    >>> to_treys([52])
    Traceback (most recent call last):
    ...
    ValueError: card id 52 is outside 0..51
    """
    return [_TREYS_OF[card] for card in hand_ids(cards, _ANY_COUNT, "to_treys")]


def to_pokerkit(cards: CardsLike) -> tuple[pokerkit.Card, ...]:
    """pokerkit ``Card`` objects of a set of cards (pokerkit must be installed).

    :param cards: distinct cards, as text, card ids or card objects.
    :return: one ``pokerkit.Card`` per card, in the order given.
    :raises ImportError: if pokerkit is not installed.
    :raises TypeError: / :raises ValueError: for bad or duplicate cards.

    >>> from badeucey_fast import to_pokerkit
    >>> to_pokerkit([23, 51])
    (7s, As)
    """
    ids = hand_ids(cards, _ANY_COUNT, "to_pokerkit")
    try:
        from pokerkit import Card
    except ImportError as error:
        raise ImportError("to_pokerkit needs pokerkit: pip install pokerkit") from error
    return tuple(Card.parse("".join(NAME_OF[card] for card in ids)))
