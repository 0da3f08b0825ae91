"""Card text and card ids: reading and writing cards.

A card id is ``4 * rank + suit`` with rank 0 = deuce .. 12 = ace and suit
0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (the ids of phevaluator), so
``2c`` is 0 and ``As`` is 51.  The package's other modules normalise hands
through :mod:`badeucey_fast._cards`, built on this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Protocol, Union

from badeucey_fast._checks import check_card_id as check_card
from badeucey_fast._native import DECK_SIZE, quote

if TYPE_CHECKING:  # numpy is imported only when a batch needs it: it would triple import time
    import numpy as np

__all__ = ["NAME_OF", "RANK_CHARS", "SUIT_CHARS", "SUIT_SYMBOLS", "CardObject", "CardsLike", "card_name",
           "format_cards", "parse_cards"]

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


CARD_OF = _card_tokens()
"""Every accepted spelling of every card, to its id."""
NAME_OF = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
"""Each card id's two-character name: ``NAME_OF[51] == "As"``."""
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

    >>> from badeucey_fast import parse_cards
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
        ids: tuple[int, ...] = itemgetter(*tokens)(CARD_OF) if count > 1 else tuple(map(CARD_OF.__getitem__, tokens))
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
        ids.append(CARD_OF[match.group(0)])  # every spelling the pattern takes is a key
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

    >>> from badeucey_fast import format_cards
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
