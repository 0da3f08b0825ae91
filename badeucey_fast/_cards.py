"""Card text and card ids: the one place card input is normalised.

A card id is ``4 * rank + suit`` with rank 0 = deuce .. 12 = ace and suit
0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (the ids of phevaluator), so
``2c`` is 0 and ``As`` is 51.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Protocol, Union, cast

from badeucey_fast._checks import check_card_id
from badeucey_fast._native import DECK_SIZE, lib, one_hand, quote

if TYPE_CHECKING:  # numpy is imported only when a batch needs it: it would triple import time
    import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

class CardObject(Protocol):
    """A card object of another library, read by its text: pokerkit's ``Card``
    (``rank`` and ``suit`` are text) or eval7's (``str(card)`` is its text)."""

    @property
    def rank(self) -> object: ...

    @property
    def suit(self) -> object: ...


CardsLike = Union[
    str,
    Sequence[int],
    Sequence[str],
    Iterable[CardObject],
    "np.ndarray[tuple[int], np.dtype[np.integer]]",
]
"""A hand: card text such as ``"7s 5h 4d 3c 2s"``, a sequence of card ids, a
sequence of card texts (``["7s", "5h"]``), or pokerkit or eval7 ``Card`` objects."""


def _card_tokens() -> dict[str, int]:
    """Every accepted spelling of every card: ranks any case, ``10`` for ``T``,
    suits as letters (any case) or symbols."""
    tokens: dict[str, int] = {}
    for rank, rank_char in enumerate(RANK_CHARS):
        rank_spellings = {rank_char, rank_char.lower()} | ({"10"} if rank_char == "T" else set())
        for suit, (letter, symbol) in enumerate(zip(SUIT_CHARS, SUIT_SYMBOLS)):
            for r in rank_spellings:
                for s in (letter, letter.upper(), symbol, symbol + "\ufe0f"):
                    tokens[r + s] = 4 * rank + suit
    return tokens


_CARD_OF = _card_tokens()
NAME_OF = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
_MAX_COMPACT = 2 * DECK_SIZE
_PAIR_SLICES = tuple(slice(i, i + 2) for i in range(0, _MAX_COMPACT, 2))
# _PAIRS[k](text): the first k two-character slices of text, cut in one C call (k >= 2)
_PAIRS: tuple[Callable[[str], Sequence[str]], ...] = tuple(
    itemgetter(*_PAIR_SLICES[: max(k, 2)]) for k in range(len(_PAIR_SLICES) + 1)
)
# a variation selector (U+FE0F, emoji style) may follow a suit symbol, not a letter
_TOKEN = re.compile(r"(10|[2-9TJQKA])([cdhs]|[♣♦♥♠]\ufe0f?)", re.IGNORECASE)


def parse_cards(text: str) -> tuple[int, ...]:
    """Parse card text into card ids.

    Cards may be separated by spaces or commas or written together; ranks are
    ``2-9 T J Q K A`` (any case, ``10`` for ``T``), suits ``c d h s`` (any
    case) or ``♣ ♦ ♥ ♠``.

    :param text: the cards, e.g. ``"7s 5h 4d 3c 2s"`` or ``"7s5h4d3c2s"``.
    :return: the card ids in the order given.
    :raises TypeError: if ``text`` is not a string.
    :raises ValueError: on text that is not a card, or the same card twice; the
        message quotes at most about 60 characters of the text.

    >>> parse_cards("7s 5h 4d 3c 2s")
    (23, 14, 9, 4, 3)
    >>> parse_cards("10♥ Ac")
    (34, 48)
    >>> parse_cards("7s 7s")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 7s in '7s 7s'
    >>> parse_cards("7x")
    Traceback (most recent call last):
    ...
    ValueError: unknown card text '7x' in '7x' (cards look like 7s, Th, 10h or A♠)
    """
    if type(text) is not str and not isinstance(text, str):
        raise TypeError(f"card text must be a str, not {type(text).__name__}")
    tokens: Sequence[str] = (text.replace(",", " ") if "," in text else text).split()
    count = len(tokens)
    if count == 1 and len(tokens[0]) <= _MAX_COMPACT:  # written together: two characters a card
        compact = tokens[0]
        count = (len(compact) + 1) // 2
        if count > 1:
            tokens = _PAIRS[count](compact)
    try:  # one itemgetter call looks every token up in C
        ids: tuple[int, ...] = itemgetter(*tokens)(_CARD_OF) if count > 1 else tuple(map(_CARD_OF.__getitem__, tokens))
    except KeyError:  # "10", an odd token, or not a card: go card by card to name it
        ids = _parse_slowly("".join(tokens), text)
        count = len(ids)
    if len(set(ids)) != count:
        seen: set[int] = set()
        for card in ids:
            if card in seen:
                raise ValueError(f"duplicate card {NAME_OF[card]} in {quote(text)}")
            seen.add(card)
    return ids


def _parse_slowly(compact: str, text: str) -> tuple[int, ...]:
    """Tokenise card by card, naming the first thing that is not a card."""
    ids = []
    pos = 0
    while pos < len(compact):
        match = _TOKEN.match(compact, pos)
        if match is None:
            if compact[pos] == "\ufe0f":  # invisible: name it, and the card it follows
                shown = quote(text).replace("\ufe0f", "\\ufe0f")
                raise ValueError(
                    f"U+FE0F (an emoji variation selector) after {compact[max(pos - 2, 0) : pos]!r} in {shown}:"
                    " it may follow a suit symbol (K♠\\ufe0f), not a letter"
                )
            bad = compact[pos : pos + 3] if compact[pos : pos + 2] == "10" else compact[pos : pos + 2]
            raise ValueError(f"unknown card text {bad!r} in {quote(text)} (cards look like 7s, Th, 10h or A♠)")
        ids.append(_CARD_OF[match.group(0)])  # every spelling the pattern takes is a key
        pos = match.end()
    return tuple(ids)


def card_name(card: int) -> str:
    """The two-character name of one card id, e.g. ``card_name(51) == "As"``."""
    return NAME_OF[check_card(card)]


def format_cards(ids: Iterable[int]) -> str:
    """Format card ids as text, space separated.

    :param ids: card ids, each in 0..51: a sequence, an iterable or a numpy
        array of integers (not text, bytes or a single id).
    :return: text such as ``"7s 5h 4d 3c 2s"``.
    :raises TypeError: for ids that are not an iterable of integers.
    :raises ValueError: if an id is outside 0..51.

    >>> format_cards([23, 14, 9, 4, 3])
    '7s 5h 4d 3c 2s'
    >>> format_cards([52])
    Traceback (most recent call last):
    ...
    ValueError: card id 52 is outside 0..51
    >>> format_cards(7)
    Traceback (most recent call last):
    ...
    TypeError: format_cards takes an iterable of card ids, not int
    """
    if isinstance(ids, (str, bytes, bytearray, memoryview)) or not isinstance(ids, Iterable):
        raise TypeError(f"format_cards takes an iterable of card ids, not {type(ids).__name__}")
    return " ".join(NAME_OF[check_card(c)] for c in ids)


check_card = check_card_id
"""One card id as a plain int, or a TypeError/ValueError that names it (:mod:`badeucey_fast._checks`)."""


_ANY_COUNT = tuple(range(DECK_SIZE + 1))


def hand_mask(cards: CardsLike) -> int:
    """A hand as one integer: bit ``id`` set for each card, the input of
    :func:`~badeucey_fast.badeucey_mask` and :func:`~badeucey_fast.badacey_mask`.

    :param cards: distinct cards, as text or card ids.
    :return: ``sum(1 << id for id in ids)``, below ``2**52``.
    :raises ValueError: for unknown card text, an id outside 0..51 or a duplicate card.
    :raises TypeError: for a card id that is not an integer.

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


def _card_id(card: object) -> int:
    """One card of a sequence as an id: an id, one card's text (``"7s"``), or a
    card object with ``rank`` and ``suit`` (pokerkit's ``Card``, whose rank and
    suit are text, or eval7's, whose ``str()`` is the card's text)."""
    if isinstance(card, str):
        found = _CARD_OF.get(card.strip())
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
    found = _CARD_OF.get(text)
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
