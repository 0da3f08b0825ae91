"""Hands as card ids: the one place the package's functions normalise card input.

Private helpers the package's modules share (public-looking names, for them):
:func:`hand_ids`, :func:`quick_ids`, :func:`seat_hands`, :data:`DECK_BYTES`.
The public card functions are in :mod:`badeucey_fast.cards`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from badeucey_fast._checks import check_card_id as check_card
from badeucey_fast._native import DECK_SIZE, lib, one_hand, quote
from badeucey_fast.cards import CARD_OF, NAME_OF, CardsLike, parse_cards

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DECK_BYTES", "check_card", "hand_ids", "quick_ids", "seat_hands"]


def _card_id(card: object) -> int:
    """One card of a sequence as an id: an id, one card's text (``"7s"``), or a
    card object with ``rank`` and ``suit`` (pokerkit's ``Card``, whose rank and
    suit are text, or eval7's, whose ``str()`` is the card's text)."""
    if isinstance(card, str):
        found = CARD_OF.get(card.strip())
        if found is None:
            ids = parse_cards(card)  # raises naming text that is not a card
            if len(ids) != 1:
                raise ValueError(f"each card of a sequence is one card, got {quote(card)}")
            found = ids[0]
        return found
    rank, suit = getattr(card, "rank", None), getattr(card, "suit", None)
    if rank is None or suit is None or isinstance(card, int):
        return check_card(card)  # an id, or a TypeError naming what the card is
    rank, suit = getattr(rank, "value", rank), getattr(suit, "value", suit)
    text = rank + suit if isinstance(rank, str) and isinstance(suit, str) else str(card)
    found = CARD_OF.get(text)
    if found is None:  # pokerkit's unknown card "??", for one
        raise ValueError(f"{quote(card)} is not a known card (its text is {quote(text)})")
    return found


DECK_BYTES = bytes(range(DECK_SIZE))
"""Every card id once, as bytes: ``DECK_BYTES.translate(None, bytes(ids))`` is the deck without ``ids``."""


def _quick_ids(cards: object) -> tuple[int, ...] | None:
    """The usual hands at once: card text (parsed: its errors are
    :func:`parse_cards`'), or a tuple or list of valid, distinct ``int`` ids;
    None for anything else, which :func:`hand_ids` then checks in full (and
    names what is wrong).  The number of cards is the caller's to check.

    A tuple or list of ids is checked in C (``csrc/bindings/one_hand.c``, through
    :func:`~badeucey_fast._native.one_hand`); the loop below is what it
    does, and runs for what C does not take.

    The ids of the last ``_KEPT_TEXTS`` texts parsed are kept, for the calls
    whose hand is the same text again and again (a draw's hand and discard,
    an equity call's hands), where parsing would be a large part of the call.  The ids
    are a tuple: a caller cannot change what is kept.

    >>> from badeucey_fast._cards import quick_ids
    >>> quick_ids("7s 5h"), quick_ids("7s 5h"), quick_ids([23, 14]), quick_ids([23, 23]), quick_ids((True, 2))
    ((23, 14), (23, 14), (23, 14), None, None)
    """
    if type(cards) is str:
        ids = _TEXT_IDS.get(cards)
        if ids is None:
            ids = parse_cards(cards)  # raises on bad text: only good text is kept
            if len(_TEXT_IDS) >= _KEPT_TEXTS:
                _TEXT_IDS.clear()
            _TEXT_IDS[cards] = ids
        return ids
    if type(cards) is tuple or type(cards) is list:
        for card in cards:
            if type(card) is not int:  # bool, numpy integers, text, objects: the full path
                return None
        try:
            # every id in 0..51, none twice: each takes one card out of the deck (bytes() refuses
            # ids outside 0..255; one C call, no set built)
            if len(DECK_BYTES.translate(None, bytes(cards))) == DECK_SIZE - len(cards):
                return cards if type(cards) is tuple else tuple(cards)  # (a tuple of ints is immutable: no copy)
        except ValueError:
            pass
    return None


quick_ids = one_hand(lib.BDC_PY_QUICK_IDS, "quick_ids", _quick_ids)  # in C: ids, as above; the rest here

_TEXT_IDS: dict[str, tuple[int, ...]] = {}
_KEPT_TEXTS = 4096


def hand_ids(cards: CardsLike, sizes: tuple[int, ...], what: str) -> tuple[int, ...]:
    """Normalise a hand to a tuple of valid, distinct card ids.

    :param cards: card text, or a sequence (or iterable) whose items are card
        ids, one card's text each (``["7s", "5h"]``) or card objects with
        ``rank`` and ``suit`` (pokerkit's and eval7's ``Card``).
    :param sizes: the numbers of cards the caller takes.
    :param what: the caller's name, for messages.
    :raises TypeError: for a non-text, non-sequence hand or a non-integer id.
    :raises ValueError: for the wrong number of cards, an id outside 0..51 or a
        duplicate card.
    """
    ids = quick_ids(cards)
    if ids is not None and len(ids) in sizes:
        return ids
    if isinstance(cards, str):
        ids = parse_cards(cards)
    elif type(cards).__name__ == "ndarray":  # numpy, without importing it
        cards = cast("np.ndarray[tuple[int], np.dtype[np.integer]]", cards)
        if cards.ndim != 1:
            raise ValueError(f"{what}: a hand must be one-dimensional, got shape {cards.shape}")
        if cards.dtype.kind not in "iu":
            raise TypeError(f"{what}: card ids must be integers, got dtype {cards.dtype}")
        ids = tuple(check_card(c) for c in cards.tolist())
    elif isinstance(cards, (Sequence, Iterable)) and not isinstance(cards, (bytes, bytearray)):
        ids = tuple(c if type(c) is int and 0 <= c < DECK_SIZE else _card_id(c) for c in cards)
    else:
        raise TypeError(f"{what}: a hand is card text or a sequence of card ids, not {type(cards).__name__}")
    if len(ids) not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise ValueError(f"{what} takes {wanted} cards, got {len(ids)}")
    if len(set(ids)) != len(ids):
        dup = next(c for i, c in enumerate(ids) if c in ids[:i])
        raise ValueError(f"{what}: duplicate card {NAME_OF[dup]}")
    return ids


def seat_hands(hands: object, size: int, game: str, what: str) -> list[tuple[int, ...] | None]:
    """Each seat's cards as ids (None stays None: an unknown or folded seat), no card
    held by two seats.

    :param hands: one hand (card text or ids) or None per seat.
    :param size: the game's hand size.
    :param game: the game's name, for messages.
    :param what: the caller's name, for messages.
    :raises TypeError: if ``hands`` is not a sequence (text is not).
    :raises ValueError: for a bad hand, or a card held by two seats.

    >>> from badeucey_fast._cards import seat_hands
    >>> seat_hands(["7s 5h 4d 3c 2s", None], 5, "badeucey", "equity")
    [(23, 14, 9, 4, 3), None]
    >>> seat_hands(["7s 5h 4d 3c 2s", "7s 6h 4h 3d 2c"], 5, "badeucey", "equity")
    Traceback (most recent call last):
    ...
    ValueError: seats 0 and 1 both hold 7s
    """
    if type(hands) is not list and type(hands) is not tuple and (isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence)):
        raise TypeError(f"{what}: hands must be a sequence with one hand (or None) per seat")
    seats: list[tuple[int, ...] | None] = []
    held: set[int] = set()
    for seat, cards in enumerate(hands):
        if cards is None:
            seats.append(None)
            continue
        ids = quick_ids(cards)
        if ids is None or len(ids) != size:  # the full checks, naming the seat
            ids = hand_ids(cards, (size,), f"seat {seat} ({game})")
        if not held.isdisjoint(ids):  # a card of an earlier seat: name the seat and the card
            card = next(c for c in ids if c in held)
            first = next(s for s, earlier in enumerate(seats) if earlier is not None and card in earlier)
            raise ValueError(f"seats {first} and {seat} both hold {NAME_OF[card]}")
        held.update(ids)
        seats.append(ids)
    return seats
