"""The peers ``badeucey bench`` and the tests compare with, and the one check that two
rankings order hands alike.

pokerkit (the same games, in pure Python) and phevaluator (a hold'em evaluator:
the reference for one table lookup from Python) are optional: each loader
returns None when its package is not installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import DECK_SIZE, RANKINGS

DECK = DECK_SIZE
PHEVALUATOR_RANKS = RANKINGS["deuce_seven"].scale
"""phevaluator ranks five-card hold'em hands 1 (royal flush) .. 7462: the 2-7 classes in reverse."""

Scores = Sequence[int] | npt.NDArray[np.integer[Any]]


def _optional(module: str) -> ModuleType | None:
    """The module, or None if it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def _version(module: ModuleType) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(module.__name__)
    except PackageNotFoundError:  # pragma: no cover - a module without metadata
        return str(getattr(module, "__version__", "?"))


class PokerkitPeer:
    """pokerkit ranking one hand the fastest way its public API allows.

    Cards are converted to pokerkit ``Card`` objects once, outside the timing
    (pokerkit has no integer ids).  One Badeucey hand is
    ``(StandardBadugiHand.from_game(cards), StandardLowHand(cards))``: two hand
    objects that compare like our ranks (``from_game`` tries every subset, as
    our table did at build time).  Building the hand objects is what is timed;
    their strength (``hand.entry.index``, 0 = best, what pokerkit compares) is
    read afterwards, for checking, and costs one more lookup each.
    """

    def __init__(self, pokerkit: ModuleType) -> None:
        suits = (pokerkit.Suit.CLUB, pokerkit.Suit.DIAMOND, pokerkit.Suit.HEART, pokerkit.Suit.SPADE)
        standard = pokerkit.RankOrder.STANDARD  # deuce .. ace, as our rank = id // 4
        self.card_of: tuple[Any, ...] = tuple(pokerkit.Card(standard[i // 4], suits[i % 4]) for i in range(DECK))
        self.version = _version(pokerkit)
        self._badugi_high = pokerkit.StandardBadugiHand.from_game
        self._badugi_low = pokerkit.BadugiHand.from_game
        self._deuce_seven = pokerkit.StandardLowHand
        self._ace_five = pokerkit.RegularLowHand
        self.parse_cards: Callable[[str], Any] = pokerkit.Card.parse

    def cards(self, hands: Sequence[Sequence[int]]) -> list[tuple[Any, ...]]:
        """Each hand of card ids as a tuple of pokerkit cards."""
        return [tuple(self.card_of[card] for card in hand) for hand in hands]

    def badeucey(self, cards: tuple[Any, ...]) -> tuple[Any, Any]:
        """Both Badeucey halves: the best aces-high badugi and the 2-7 hand."""
        return self._badugi_high(cards), self._deuce_seven(cards)

    def badugi(self, cards: tuple[Any, ...], ace_high: bool = False) -> Any:
        """The best badugi among the cards."""
        return (self._badugi_high if ace_high else self._badugi_low)(cards)

    def deuce_seven(self, cards: tuple[Any, ...]) -> Any:
        """Five cards as a deuce-to-seven low hand."""
        return self._deuce_seven(cards)

    def ace_five(self, cards: tuple[Any, ...]) -> Any:
        """Five cards as an ace-to-five low hand."""
        return self._ace_five(cards)

    @staticmethod
    def strength(hand: Any) -> int:
        """pokerkit's strength index of a hand: 0 is the best, equal means a tie."""
        index: int = hand.entry.index
        return index


def load_pokerkit() -> PokerkitPeer | None:
    """The pokerkit adapter, or None if pokerkit is not installed."""
    module = _optional("pokerkit")
    return None if module is None else PokerkitPeer(module)


def load_phevaluator() -> tuple[Callable[..., int], str] | None:
    """phevaluator's public ``evaluate_cards`` and its version, or None if not installed."""
    module = _optional("phevaluator")
    if module is None:
        return None
    evaluate: Callable[..., int] = module.evaluate_cards
    return evaluate, _version(module)


class Disagreement(NamedTuple):
    """Where two lower-is-better scores order a set of hands differently."""

    neighbours: int
    """How many neighbouring pairs of their classes (in their order) disagree."""
    tie: bool
    """True: hands they tie, we do not; False: hands they order, we tie or reverse."""
    first: int
    """A row of the hand they rank better (or the first of a tie)."""
    second: int
    """A row of the other hand."""


def order_disagreement(ours: Scores, theirs: Scores) -> Disagreement | None:
    """None when two lower-is-better scores rank a set of hands identically: hands
    tie under one exactly when they tie under the other, and otherwise come in the
    same order ("their score -> our score" is a strictly increasing bijection
    between the scores that occur).  Else the first disagreement found.

    >>> from badeucey_fast._bench.peers import order_disagreement
    >>> order_disagreement([1, 5, 5, 9], [0, 3, 3, 4]) is None
    True
    >>> order_disagreement([1, 5, 6], [0, 3, 3])
    Disagreement(neighbours=1, tie=True, first=1, second=2)
    >>> order_disagreement([2, 1], [0, 1])
    Disagreement(neighbours=1, tie=False, first=0, second=1)
    """
    a = np.asarray(ours, dtype=np.int64).reshape(-1)
    b = np.asarray(theirs, dtype=np.int64).reshape(-1)
    if a.shape != b.shape:
        raise ValueError(f"{a.size} scores of ours against {b.size} of theirs")
    if a.size == 0:
        return None
    a_shifted, b_shifted = a - a.min(), b - b.min()
    _, rows = np.unique(b_shifted * (int(a_shifted.max()) + 1) + a_shifted, return_index=True)
    their_score, our_score = b_shifted[rows], a_shifted[rows]  # sorted by their score, then ours
    split = np.flatnonzero(their_score[1:] == their_score[:-1])
    if split.size:
        i = int(split[0])
        return Disagreement(int(split.size), True, int(rows[i]), int(rows[i + 1]))
    wrong = np.flatnonzero(our_score[1:] <= our_score[:-1])
    if wrong.size:
        i = int(wrong[0])
        return Disagreement(int(wrong.size), False, int(rows[i]), int(rows[i + 1]))
    return None


def same_order(ours: Scores, theirs: Scores) -> bool:
    """Whether two lower-is-better scores rank a set of hands identically
    (:func:`order_disagreement` finds none; scores of different lengths never do).

    >>> from badeucey_fast._bench.peers import same_order
    >>> same_order([1, 5, 5, 9], [0, 3, 3, 4])
    True
    >>> same_order([1, 5, 6], [0, 3, 3])
    False
    """
    if len(ours) != len(theirs):
        return False
    return order_disagreement(ours, theirs) is None
