"""Independent reference rankings, written only from ``RULES.md``.

This module shares no code with ``badeucey_fast`` (nor with its table generator); the
exhaustive tests compare the package against it on every 4- and 5-card hand.

Conventions (RULES.md "Cards"):

- card id = ``4 * rank + suit``; rank 0 = deuce ... 12 = ace; suit 0..3 = c, d, h, s.
- every ranking is a *dense* rank: 1 = best class, consecutive integers, equal rank iff
  the hands tie, on one scale per game whatever the number of cards.

Everything is vectorised with numpy: a hand's value is computed as an integer *key*
(lower = better) column by column over the whole batch, and a key is turned into a dense
rank through a table of every class key of the game, built by enumerating the classes
(not the hands), so a rank never depends on which hands happen to be in the batch.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = [
    "ACE_FIVE_CLASSES",
    "BADUGI_CLASSES",
    "DEUCE_SEVEN_CLASSES",
    "ACE_FIVE_NO_PAIR",
    "ACE_FIVE_PAIR",
    "ACE_FIVE_TWO_PAIR",
    "ACE_FIVE_TRIPS",
    "ACE_FIVE_FULL_HOUSE",
    "ACE_FIVE_QUADS",
    "DEUCE_SEVEN_NO_PAIR",
    "DEUCE_SEVEN_PAIR",
    "DEUCE_SEVEN_TWO_PAIR",
    "DEUCE_SEVEN_TRIPS",
    "DEUCE_SEVEN_STRAIGHT",
    "DEUCE_SEVEN_FLUSH",
    "DEUCE_SEVEN_FULL_HOUSE",
    "DEUCE_SEVEN_QUADS",
    "DEUCE_SEVEN_STRAIGHT_FLUSH",
    "ace_five_category",
    "ace_five_rank",
    "all_hands",
    "badugi_cards",
    "badugi_rank",
    "badugi_size",
    "deuce_seven_category",
    "deuce_seven_rank",
    "parse_cards",
]

IntArray = npt.NDArray[np.int64]

NUM_RANKS: Final = 13  # deuce .. ace
NUM_SUITS: Final = 4  # clubs, diamonds, hearts, spades
DECK_SIZE: Final = NUM_RANKS * NUM_SUITS
BADUGI_MAX_CARDS: Final = 4  # a badugi has at most one card per suit

# Number of classes of each scale (RULES.md).
BADUGI_CLASSES: Final = 1092  # 715 + 286 + 78 + 13
DEUCE_SEVEN_CLASSES: Final = 7462
ACE_FIVE_CLASSES: Final = 6175

# Base of the positional keys: one digit per card value 0..12.
_BASE: Final = NUM_RANKS
# Badugi key = (4 - size) * 13**4 + the card values, highest first, as base-13 digits.
_BADUGI_SIZE_WEIGHT: Final = _BASE**BADUGI_MAX_CARDS
# 5-card lowball key = category * 13**5 + the five values as base-13 digits.
_CATEGORY_WEIGHT: Final = _BASE**5

# Deuce-to-seven categories, best first (= high-poker categories, weakest first).
DEUCE_SEVEN_NO_PAIR: Final = 0  # no pair, not a straight, not a flush
DEUCE_SEVEN_PAIR: Final = 1
DEUCE_SEVEN_TWO_PAIR: Final = 2
DEUCE_SEVEN_TRIPS: Final = 3
DEUCE_SEVEN_STRAIGHT: Final = 4
DEUCE_SEVEN_FLUSH: Final = 5
DEUCE_SEVEN_FULL_HOUSE: Final = 6
DEUCE_SEVEN_QUADS: Final = 7
DEUCE_SEVEN_STRAIGHT_FLUSH: Final = 8

# Ace-to-five categories, best first (straights and flushes do not exist).
ACE_FIVE_NO_PAIR: Final = 0
ACE_FIVE_PAIR: Final = 1
ACE_FIVE_TWO_PAIR: Final = 2
ACE_FIVE_TRIPS: Final = 3
ACE_FIVE_FULL_HOUSE: Final = 4
ACE_FIVE_QUADS: Final = 5

# Sum over the five cards of "how many cards of the hand share my rank" identifies the
# paired pattern uniquely: 1+1+1+1+1, 2+2+1+1+1, 2+2+2+2+1, 3+3+3+1+1, 3+3+3+2+2, 4*4+1.
_PATTERN_NO_PAIR: Final = 5
_PATTERN_PAIR: Final = 7
_PATTERN_TWO_PAIR: Final = 9
_PATTERN_TRIPS: Final = 11
_PATTERN_FULL_HOUSE: Final = 13
_PATTERN_QUADS: Final = 17

_RANK_CHARS: Final = "23456789TJQKA"
_SUIT_CHARS: Final = "cdhs"
_SUIT_SYMBOLS: Final = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


# --------------------------------------------------------------------------- helpers


def parse_cards(text: str) -> list[int]:
    """Card ids of a text like ``"7s 5h 4d 3c 2s"`` or ``"7s5h4d3c2s"`` (RULES.md "Cards").

    Ranks ``2..9 T J Q K A`` (``10`` accepted for ``T``), suits ``c d h s`` or the symbols.
    """
    s = text.replace("10", "T")
    for symbol, letter in _SUIT_SYMBOLS.items():
        s = s.replace(symbol, letter)
    s = "".join(s.split())
    if len(s) % 2:
        raise ValueError(f"cannot parse cards: {text!r}")
    ids: list[int] = []
    for i in range(0, len(s), 2):
        rank_char, suit_char = s[i].upper(), s[i + 1].lower()
        if rank_char not in _RANK_CHARS or suit_char not in _SUIT_CHARS:
            raise ValueError(f"cannot parse card {s[i:i + 2]!r} in {text!r}")
        ids.append(NUM_SUITS * _RANK_CHARS.index(rank_char) + _SUIT_CHARS.index(suit_char))
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate card in {text!r}")
    return ids


def all_hands(k: int) -> npt.NDArray[np.uint8]:
    """Every ``k``-card combination of the 52-card deck exactly once, shape (C(52, k), k).

    Rows are in lexicographic order with ascending card ids within a row (itertools order).
    """
    if k not in (4, 5):
        raise ValueError(f"k must be 4 or 5, got {k}")
    count = math.comb(DECK_SIZE, k)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(DECK_SIZE), k)),
        dtype=np.uint8,
        count=count * k,
    )
    return flat.reshape(count, k)


def _validated(hands: npt.ArrayLike, sizes: tuple[int, ...]) -> IntArray:
    """``hands`` as an int64 (N, k) array after checking k, the ids and distinct cards."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise ValueError(f"hands must have shape (N, k) with k in {sizes}, got {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"hands must be integer card ids, got dtype {arr.dtype}")
    out = arr.astype(np.int64)
    if out.size:
        if out.min() < 0 or out.max() >= DECK_SIZE:
            raise ValueError("card ids must be in 0..51")
        ordered = np.sort(out, axis=1)
        if np.any(ordered[:, 1:] == ordered[:, :-1]):
            raise ValueError("a hand contains the same card twice")
    return out


def _digits_key(values: IntArray) -> IntArray:
    """Columns of ``values`` (each 0..12) read as base-13 digits, first column most significant."""
    key = np.zeros(values.shape[0], dtype=np.int64)
    for col in range(values.shape[1]):
        key = key * _BASE + values[:, col]
    return key


def _dense_lookup(class_keys: IntArray, size: int) -> npt.NDArray[np.uint16]:
    """Table key -> dense rank (1 = smallest key), 0 for keys that are no class."""
    unique = np.unique(class_keys)
    lookup = np.zeros(size, dtype=np.uint16)
    lookup[unique] = np.arange(1, unique.size + 1, dtype=np.uint16)
    return lookup


def _to_rank(lookup: npt.NDArray[np.uint16], keys: IntArray) -> npt.NDArray[np.uint16]:
    """Dense ranks of ``keys`` through ``lookup``; a key that is no class is a bug here."""
    ranks = lookup[keys]
    if ranks.size and ranks.min() == 0:
        raise AssertionError("reference produced a key outside the class table")
    return ranks


# ---------------------------------------------------------------------------- Badugi


def _badugi_value(ranks: IntArray, ace_high: bool) -> IntArray:
    """Card value for Badugi, 0 = best: aces low A=0, 2=1 .. K=12; aces high 2=0 .. A=12."""
    return ranks if ace_high else (ranks + 1) % NUM_RANKS


def _badugi_key(hands: IntArray, ace_high: bool) -> IntArray:
    """Key (lower = better) of the best badugi in each hand (RULES.md "Badugi").

    Tries every non-empty subset of at most four cards; a subset counts when its ranks are
    all different and its suits are all different (so "drop the card that leaves the better
    hand" is automatic: the best valid subset wins). Key = (4 - size) * 13**4 + values,
    highest first, as base-13 digits: more cards win, then highest card lower wins, then
    the next highest, and so on. Suits never enter the key.
    """
    n, k = hands.shape
    values = _badugi_value(hands >> 2, ace_high)
    suits = hands & 3
    # Sort each hand by value, highest first, so that any subset of columns taken in
    # increasing column order lists its values highest first.
    order = np.argsort(-values, axis=1, kind="stable")
    values = np.take_along_axis(values, order, axis=1)
    suits = np.take_along_axis(suits, order, axis=1)
    compatible = {
        (i, j): (values[:, i] != values[:, j]) & (suits[:, i] != suits[:, j])
        for i, j in itertools.combinations(range(k), 2)
    }
    no_hand = BADUGI_MAX_CARDS * _BADUGI_SIZE_WEIGHT  # larger than any real key
    best = np.full(n, no_hand, dtype=np.int64)
    for size in range(1, min(k, BADUGI_MAX_CARDS) + 1):
        for cols in itertools.combinations(range(k), size):
            key = np.full(n, (BADUGI_MAX_CARDS - size) * _BADUGI_SIZE_WEIGHT, dtype=np.int64)
            for pos, col in enumerate(cols):
                key += values[:, col] * _BASE ** (BADUGI_MAX_CARDS - 1 - pos)
            valid = np.ones(n, dtype=bool)
            for pair in itertools.combinations(cols, 2):
                valid &= compatible[pair]
            np.minimum(best, np.where(valid, key, no_hand), out=best)
    return best


@lru_cache(maxsize=None)
def _badugi_lookup() -> npt.NDArray[np.uint16]:
    """Badugi key -> dense rank over all 1,092 classes (715 + 286 + 78 + 13, RULES.md).

    A class is a set of 1..4 distinct card values; the same table serves both ace
    conventions since keys are built from values (0 = best card of the convention).
    """
    keys: list[int] = []
    for size in range(1, BADUGI_MAX_CARDS + 1):
        for combo in itertools.combinations(range(NUM_RANKS), size):
            key = (BADUGI_MAX_CARDS - size) * _BADUGI_SIZE_WEIGHT
            for pos, value in enumerate(sorted(combo, reverse=True)):
                key += value * _BASE ** (BADUGI_MAX_CARDS - 1 - pos)
            keys.append(key)
    lookup = _dense_lookup(np.array(keys, dtype=np.int64), BADUGI_MAX_CARDS * _BADUGI_SIZE_WEIGHT)
    assert int(lookup.max()) == BADUGI_CLASSES
    return lookup


def badugi_rank(hands: npt.ArrayLike, ace_high: bool = False) -> npt.NDArray[np.uint16]:
    """Dense Badugi rank (1..1,092, 1 = best) of each 4- or 5-card hand.

    RULES.md "Badugi": best subset of distinct ranks and suits, more cards win, then the
    highest card (lower wins) and so on. Aces low (standalone Badugi, Badacey): best
    A-2-3-4 rainbow; ``ace_high=True`` (Badeucey): best 5-4-3-2 rainbow. From 5 cards the
    best subset of four or fewer, on the same 1..1,092 scale.
    """
    arr = _validated(hands, (4, 5))
    return _to_rank(_badugi_lookup(), _badugi_key(arr, ace_high))


def badugi_size(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Number of cards (1..4) in the best badugi of each 4- or 5-card hand (either convention)."""
    arr = _validated(hands, (4, 5))
    key = _badugi_key(arr, ace_high=False)
    return (BADUGI_MAX_CARDS - key // _BADUGI_SIZE_WEIGHT).astype(np.uint8)


# Sorting networks: the compare-exchanges that sort 1 to 4 columns (numpy's row sort is
# slow on rows this short, and the cards' subsets are sorted 30 times over every hand).
_NETWORKS: Final = {1: (), 2: ((0, 1),), 3: ((0, 1), (1, 2), (0, 1)), 4: ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2))}
_BLOCK: Final = 1 << 15  # hands at a time: their arrays stay in the processor's cache


def _descending(columns: list[IntArray]) -> list[IntArray]:
    """The columns (1 to 4, one value a hand each) sorted per hand, highest first."""
    out = list(columns)
    for a, b in _NETWORKS[len(out)]:
        out[a], out[b] = np.maximum(out[a], out[b]), np.minimum(out[a], out[b])
    return out


def badugi_cards(hands: npt.ArrayLike, ace_high: bool = False) -> npt.NDArray[np.bool_]:
    """Which cards of each 4- or 5-card hand make its best badugi: bool (N, k), True for a card that plays.

    The best badugi as in :func:`badugi_rank` (every subset of distinct ranks and suits,
    compared by size, then values highest first). Different cards can make the same best
    badugi (a pair of which either card fits): the choice is then the subset whose card ids,
    listed highest first, are lexicographically smallest (the lower highest differing card).
    """
    arr = _validated(hands, (4, 5))
    out = np.zeros(arr.shape, dtype=bool)
    for start in range(0, len(arr), _BLOCK):
        out[start:start + _BLOCK] = _badugi_cards_block(arr[start:start + _BLOCK], ace_high)
    return out


def _badugi_cards_block(arr: IntArray, ace_high: bool) -> npt.NDArray[np.bool_]:
    """:func:`badugi_cards` of validated hands."""
    n, k = arr.shape
    values = _badugi_value(arr >> 2, ace_high)
    suits = arr & 3
    # A subset's score, lower = better: its key (size, then values highest first, as in
    # _badugi_key), then its card ids highest first as base-52 digits (zeros after the last
    # card: only subsets of one size, so of one key, are compared by their ids).
    no_hand = BADUGI_MAX_CARDS * _BADUGI_SIZE_WEIGHT * DECK_SIZE**BADUGI_MAX_CARDS
    best_score = np.full(n, no_hand, dtype=np.int64)
    best_cols = np.zeros((n, k), dtype=bool)
    for size in range(1, min(k, BADUGI_MAX_CARDS) + 1):
        for cols in itertools.combinations(range(k), size):
            valid = np.ones(n, dtype=bool)
            for a, b in itertools.combinations(cols, 2):
                valid &= (values[:, a] != values[:, b]) & (suits[:, a] != suits[:, b])
            key = np.full(n, (BADUGI_MAX_CARDS - size) * _BADUGI_SIZE_WEIGHT, dtype=np.int64)
            for pos, value in enumerate(_descending([values[:, col] for col in cols])):
                key += value * _BASE ** (BADUGI_MAX_CARDS - 1 - pos)
            score = key * DECK_SIZE**BADUGI_MAX_CARDS
            for pos, card in enumerate(_descending([arr[:, col] for col in cols])):
                score += card * DECK_SIZE ** (BADUGI_MAX_CARDS - 1 - pos)
            better = valid & (score < best_score)
            best_score = np.where(better, score, best_score)
            chosen = np.zeros(k, dtype=bool)
            chosen[list(cols)] = True
            best_cols = np.where(better[:, None], chosen, best_cols)
    return best_cols


# ------------------------------------------------------------------ 5-card lowballs


def _pattern_and_tiebreak(values: IntArray) -> tuple[IntArray, IntArray]:
    """Paired pattern code and high-poker tiebreak of 5-card value rows (any value order).

    Tiebreak = the five values ordered by (multiplicity, value) descending, as base-13
    digits: pair/trips/quads rank first, then kickers highest first ("like high poker").
    Larger tiebreak = stronger in high poker.
    """
    multiplicity = np.zeros_like(values)
    for i in range(values.shape[1]):
        for j in range(values.shape[1]):
            multiplicity[:, i] += values[:, i] == values[:, j]
    order_key = -np.sort(-(multiplicity * _BASE + values), axis=1)
    return multiplicity.sum(axis=1), _digits_key(order_key % _BASE)


def _deuce_seven_category_and_key(
    ranks: IntArray, flush: npt.NDArray[np.bool_]
) -> tuple[IntArray, IntArray]:
    """2-7 category and key (lower = better) from ranks (deuce 0 .. ace 12) and a flush flag.

    RULES.md "Deuce-to-seven": high-poker order reversed, aces always high, only 6-high to
    ace-high runs are straights (A-2-3-4-5 is ace-high no pair). Key = category * 13**5 +
    high-poker tiebreak, since within a category a stronger high hand is a worse low hand.
    """
    pattern, tiebreak = _pattern_and_tiebreak(ranks)
    no_pair = pattern == _PATTERN_NO_PAIR
    straight = no_pair & (ranks.max(axis=1) - ranks.min(axis=1) == 4)
    flush = no_pair & flush
    category = np.select(
        [
            straight & flush,
            straight,
            flush,
            no_pair,
            pattern == _PATTERN_PAIR,
            pattern == _PATTERN_TWO_PAIR,
            pattern == _PATTERN_TRIPS,
            pattern == _PATTERN_FULL_HOUSE,
            pattern == _PATTERN_QUADS,
        ],
        [
            DEUCE_SEVEN_STRAIGHT_FLUSH,
            DEUCE_SEVEN_STRAIGHT,
            DEUCE_SEVEN_FLUSH,
            DEUCE_SEVEN_NO_PAIR,
            DEUCE_SEVEN_PAIR,
            DEUCE_SEVEN_TWO_PAIR,
            DEUCE_SEVEN_TRIPS,
            DEUCE_SEVEN_FULL_HOUSE,
            DEUCE_SEVEN_QUADS,
        ],
        default=-1,
    ).astype(np.int64)
    assert not np.any(category < 0)
    return category, category * _CATEGORY_WEIGHT + tiebreak


def _ace_five_category_and_key(ranks: IntArray) -> tuple[IntArray, IntArray]:
    """A-5 category and key (lower = better) from ranks (deuce 0 .. ace 12).

    RULES.md "Ace-to-five": aces low (A=0, 2=1 .. K=12), straights and flushes ignored,
    no pair < pair < two pair < trips < full house < quads (best first); within a category
    compare like high poker (pair rank, then kickers) with lower winning.
    """
    values = (ranks + 1) % NUM_RANKS
    pattern, tiebreak = _pattern_and_tiebreak(values)
    category = np.select(
        [
            pattern == _PATTERN_NO_PAIR,
            pattern == _PATTERN_PAIR,
            pattern == _PATTERN_TWO_PAIR,
            pattern == _PATTERN_TRIPS,
            pattern == _PATTERN_FULL_HOUSE,
            pattern == _PATTERN_QUADS,
        ],
        [
            ACE_FIVE_NO_PAIR,
            ACE_FIVE_PAIR,
            ACE_FIVE_TWO_PAIR,
            ACE_FIVE_TRIPS,
            ACE_FIVE_FULL_HOUSE,
            ACE_FIVE_QUADS,
        ],
        default=-1,
    ).astype(np.int64)
    assert not np.any(category < 0)
    return category, category * _CATEGORY_WEIGHT + tiebreak


@lru_cache(maxsize=None)
def _rank_multisets() -> IntArray:
    """All 6,175 multisets of five ranks with at most four of a rank, shape (6175, 5)."""
    rows = [
        combo
        for combo in itertools.combinations_with_replacement(range(NUM_RANKS), 5)
        if combo[0] != combo[4]  # five of a kind does not exist
    ]
    return np.array(rows, dtype=np.int64)


@lru_cache(maxsize=None)
def _deuce_seven_lookup() -> npt.NDArray[np.uint16]:
    """2-7 key -> dense rank over all 7,462 classes: every rank multiset unsuited, plus
    every five-distinct-rank set as a flush (RULES.md "Deuce-to-seven")."""
    multisets = _rank_multisets()
    distinct = multisets[np.all(multisets[:, 1:] != multisets[:, :-1], axis=1)]
    _, plain = _deuce_seven_category_and_key(multisets, np.zeros(len(multisets), dtype=bool))
    _, suited = _deuce_seven_category_and_key(distinct, np.ones(len(distinct), dtype=bool))
    lookup = _dense_lookup(np.concatenate([plain, suited]), 9 * _CATEGORY_WEIGHT)
    assert int(lookup.max()) == DEUCE_SEVEN_CLASSES
    return lookup


@lru_cache(maxsize=None)
def _ace_five_lookup() -> npt.NDArray[np.uint16]:
    """A-5 key -> dense rank over all 6,175 classes (one per rank multiset, RULES.md)."""
    _, keys = _ace_five_category_and_key(_rank_multisets())
    lookup = _dense_lookup(keys, 6 * _CATEGORY_WEIGHT)
    assert int(lookup.max()) == ACE_FIVE_CLASSES
    return lookup


def _ranks_and_flush(hands: IntArray) -> tuple[IntArray, npt.NDArray[np.bool_]]:
    """Ranks (deuce 0 .. ace 12) of 5-card hands and whether all five share a suit."""
    suits = hands & 3
    return hands >> 2, np.all(suits == suits[:, :1], axis=1)


def deuce_seven_category(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """2-7 category code (``DEUCE_SEVEN_*``, 0 = no pair = best) of each 5-card hand."""
    ranks, flush = _ranks_and_flush(_validated(hands, (5,)))
    category, _ = _deuce_seven_category_and_key(ranks, flush)
    return category.astype(np.uint8)


def deuce_seven_rank(hands: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """Dense deuce-to-seven rank (1..7,462, 1 = 7-5-4-3-2 not suited) of each 5-card hand.

    RULES.md "Deuce-to-seven": exactly high-poker order reversed, aces high, A-2-3-4-5 is
    not a straight; worst is a royal flush.
    """
    ranks, flush = _ranks_and_flush(_validated(hands, (5,)))
    _, key = _deuce_seven_category_and_key(ranks, flush)
    return _to_rank(_deuce_seven_lookup(), key)


def ace_five_category(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """A-5 category code (``ACE_FIVE_*``, 0 = no pair = best) of each 5-card hand."""
    ranks, _ = _ranks_and_flush(_validated(hands, (5,)))
    category, _ = _ace_five_category_and_key(ranks)
    return category.astype(np.uint8)


def ace_five_rank(hands: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """Dense ace-to-five rank (1..6,175, 1 = 5-4-3-2-A, 6,175 = K-K-K-K-Q) of each 5-card hand.

    RULES.md "Ace-to-five": aces low, straights and flushes ignored, pairs count against.
    """
    ranks, _ = _ranks_and_flush(_validated(hands, (5,)))
    _, key = _ace_five_category_and_key(ranks)
    return _to_rank(_ace_five_lookup(), key)
