"""Card abstraction for solvers: strength features, buckets and candidate
discards for every starting holding, per number of draws left.

Every holding is looked up through its class under the 24 relabellings of the
suits (:mod:`badeucey_fast._canonical`: 134,459 classes of five-card hands,
16,432 of four-card hands).  For a game and a number of draws left ``r``
(0..3), each class gets:

- **strength** per half: the share of all hands of the game's size that the
  hand beats in that half, ties counted as half (higher is better: the best
  hand is just under 1);
- **potential** per half: the expected strength in that half after ``r``
  draws, drawing each time to maximise it;
- **pot** per half: the expected strength in each half after ``r`` draws
  drawing each time to maximise their mean (the whole pot), and **value**, that
  mean;
- a **bucket** in ``0 .. K-1``: a quantile grid on ``value`` (bands of equal
  shares of all hands, best first) and, in a split game, on the balance between
  the halves within each band (the most Badugi-leaning first);
- up to :data:`MAX_CANDIDATES` **candidate discards**: the option that is best
  for the whole pot, for each half, and :func:`~badeucey_fast.best_discards`'
  best one-draw option, as masks over the holding's cards (bit ``b`` throws the
  ``b``-th card).

Expectations over one draw are exact (every outcome counted, by inclusion and
exclusion over the hands holding each subset of the hand); a later draw is
taken from the cards unseen by the hand it then holds (the cards thrown earlier
are not removed from the deck).  The docs (``docs/abstraction.rst``) give the
definitions in full.

>>> from badeucey_fast.abstraction import card_abstraction
>>> table = card_abstraction("badugi", draws_left=1, buckets=16, cache=False)
>>> table
<CardAbstraction badugi, 1 draw(s) left, 16 buckets (16 x 1), 16,432 classes>
>>> table.bucket_of("As 2c 3d 4h"), table.bucket_of("Ks Kc Kd Kh")
(0, 15)
>>> from badeucey_fast import format_cards
>>> [format_cards(d) for d in table.discards_of("As 2c 3d Ks")]
['Ks']
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from badeucey_fast._canonical import (
    canonical,
    canonical_hands,
    hand_mask_array,
    masks_to_hands,
    relabel,
)
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import CardsLike
from badeucey_fast._native import DECK_SIZE, MAX_DRAWS, check_int
from badeucey_fast.games import Game, Half, get_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]
    Ints = npt.NDArray[np.int64]

__all__ = [
    "CACHE_ENV",
    "DEFAULT_BUCKETS",
    "FORMAT",
    "MAX_BUCKETS",
    "MAX_CANDIDATES",
    "NO_CANDIDATE",
    "CardAbstraction",
    "CardFeatures",
    "cache_dir",
    "cache_file",
    "card_abstraction",
    "card_features",
    "class_masks",
    "grid_shape",
    "tie_order",
]

FORMAT = "badeucey-fast card abstraction 1"
"""The kind of a features file (see :mod:`badeucey_fast._storage`)."""
DEFAULT_BUCKETS = 64
"""Buckets per number of draws left when none is asked for."""
MAX_BUCKETS = 4096
"""The most buckets a table may have: far fewer than the classes of hands, so
that a bucket holds many."""
MAX_CANDIDATES = 4
"""Candidate discards a holding has at most: the whole pot's, each half's, and best_discards'."""
NO_CANDIDATE = 0xFF
"""Fills a holding's row of candidate masks after its last candidate (no real mask is this)."""
CACHE_ENV = "BADEUCEY_FAST_CACHE"
"""The environment variable naming the cache folder (see :func:`cache_dir`)."""
DECIMALS = 12
"""Features are rounded to this many decimals: values that differ only by
rounding error in the sums compare equal, so ties go to the documented order."""


# ---- the subsets of a hand and of the deck ----------------------------------


def _binomials() -> Ints:
    """``C(n, k)`` for ``n`` in 0..52 and ``k`` in 0..5, as a (53, 6) table."""
    import numpy as np

    return np.array([[math.comb(n, k) for k in range(6)] for n in range(DECK_SIZE + 1)], dtype=np.int64)


def _colex(cards: npt.NDArray[np.uint8], binomials: Ints) -> Ints:
    """The combinatorial (colex) index of each row of ascending card ids among
    the sets of its size: ``sum(C(card_i, i + 1))``."""
    import numpy as np

    index = np.zeros(len(cards), dtype=np.int64)
    for i in range(cards.shape[1]):
        index += binomials[cards[:, i], i + 1]
    return index


def _positions(mask: int, size: int) -> list[int]:
    return [b for b in range(size) if mask >> b & 1]


def tie_order(size: int) -> list[int]:
    """Discard masks of a hand of ``size`` ascending cards in the order
    :func:`~badeucey_fast.best_discards` breaks ties: fewer cards thrown first,
    then the lower cards.

    >>> from badeucey_fast.abstraction import tie_order
    >>> tie_order(2)
    [0, 1, 2, 3]
    """
    return sorted(range(1 << size), key=lambda j: (j.bit_count(), _positions(j, size)))


def _spread() -> npt.NDArray[np.uint64]:
    """For each 13-bit set of ranks, the card mask of those ranks in suit 0 (bit ``4 * rank``)."""
    import numpy as np

    sets = np.arange(1 << 13, dtype=np.uint64)
    out = np.zeros(1 << 13, dtype=np.uint64)
    for rank in range(13):
        out |= ((sets >> np.uint64(rank)) & np.uint64(1)) << np.uint64(4 * rank)
    return out


def class_masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """The canonical card mask of each row of a (N, k) array of card ids, as
    ``badeucey_fast._canonical.canonical_masks`` gives it, in one pass over
    the suits instead of one over each of their 24 relabellings.

    The mask is smallest when the suit holding the largest set of ranks (a
    13-bit number, high ranks first) is renamed suit 0, the next suit 1, and so
    on: the highest rank where two suits' sets differ decides which of them
    takes the lower suit (its bit is the highest bit that differs).

    >>> from badeucey_fast.abstraction import class_masks
    >>> import numpy as np
    >>> int(class_masks(np.array([[3, 7, 10, 14, 17]], dtype=np.uint8))[0]) == sum(1 << c for c in (2, 6, 9, 13, 16))
    True
    """
    import numpy as np

    _, (a, b, c, d) = _suit_sets(hands)
    # the four sets, largest first: a sorting network of five exchanges (a sort along rows
    # of four costs more per row than these whole-column steps)
    a, b = np.maximum(a, b), np.minimum(a, b)
    c, d = np.maximum(c, d), np.minimum(c, d)
    a, c = np.maximum(a, c), np.minimum(a, c)
    b, d = np.maximum(b, d), np.minimum(b, d)
    b, c = np.maximum(b, c), np.minimum(b, c)
    spread = _spread()
    out = np.zeros(len(hands), dtype=np.uint64)
    for suit, ranks in enumerate((a, b, c, d)):
        out |= spread[ranks] << np.uint64(suit)
    return out


def _suit_sets(hands: npt.NDArray[np.uint8]) -> tuple[list[npt.NDArray[np.int32]], list[npt.NDArray[np.int32]]]:
    """For a (N, k) array of card ids: each column's suits, and each suit's set of
    ranks (a 13-bit number, bit r for rank r), column by column (whole columns are
    numpy's fast path; rows of five are not)."""
    import numpy as np

    columns = [np.ascontiguousarray(hands[:, i], dtype=np.int32) for i in range(hands.shape[1])]
    suits = [column & 3 for column in columns]
    bits = [np.left_shift(np.int32(1), column >> 2) for column in columns]
    sets = []
    for suit in range(4):
        ranks = np.zeros(len(hands), dtype=np.int32)
        for of_card, bit in zip(suits, bits):
            ranks += np.where(of_card == suit, bit, 0)  # ranks are distinct in a suit
        sets.append(ranks)
    return suits, sets


def _all_sets(k: int) -> npt.NDArray[np.uint8]:
    """Every set of ``k`` cards (ascending ids), one a row, in colex order (row = colex index).

    Built a card at a time: in colex order the sets whose highest card is ``m``
    come together, as the sets of one card fewer below ``m``, in their own colex
    order, each with ``m`` added."""
    import numpy as np

    sets = np.zeros((1, 0), dtype=np.uint8)
    for size in range(1, k + 1):
        blocks = []
        for m in range(size - 1, DECK_SIZE):
            below = sets[: math.comb(m, size - 1)]
            blocks.append(np.hstack([below, np.full((len(below), 1), m, dtype=np.uint8)]))
        sets = np.concatenate(blocks)
    return sets


class _Deck:
    """Every hand of one size and the subsets of the canonical hands: what one
    exact draw needs.  :meth:`expect` gives, for every canonical hand and every
    discard, the mean of a function of the final hand over all the ways the
    draw can fall."""

    def __init__(self, size: int) -> None:
        import numpy as np

        self.size = size
        self.binomials = _binomials()
        self.sets = [_all_sets(k) for k in range(size + 1)]
        """Every set of ``k`` cards (ascending ids) in colex order, for each ``k`` up to ``size``."""
        masks, class_of = np.unique(class_masks(self.sets[size]), return_inverse=True)
        self.canon = masks_to_hands(masks, size)
        """The canonical hands in increasing order of card mask (as :func:`canonical_hands`)."""
        self.class_of = class_of.astype(np.int64).reshape(-1)
        """The class (row of :attr:`canon`) of each hand of ``size`` cards, in colex order."""
        self.weight = np.bincount(self.class_of, minlength=len(self.canon)).astype(np.int64)
        """How many hands each class holds."""
        width = 1 << size
        self.offsets = np.cumsum([0] + [math.comb(DECK_SIZE, k) for k in range(size + 1)]).astype(np.int64)
        subset = np.empty((len(self.canon), width), dtype=np.int64)
        for u in range(width):
            cols = _positions(u, size)
            subset[:, u] = self.offsets[len(cols)] + _colex(self.canon[:, cols], self.binomials)
        self.subset = subset
        """Each canonical hand's subsets (bit ``b``: its ``b``-th card) as indices
        into the sums over the sets of each size, end to end."""
        self.outcomes = np.array([math.comb(DECK_SIZE - size, d.bit_count()) for d in range(width)], dtype=np.float64)
        """How many ways the draw can fall, by discard."""

    def subset_sums(self, values: Floats) -> Floats:
        """For every set of 0..size cards, the sum of ``values`` (one row a
        class, one column a function) over the hands holding it: the sets of
        each size in colex order, end to end.

        The sums over the sets of ``k`` cards come from those of ``k + 1``: a
        hand holding a set of ``k`` cards holds ``size - k`` of the sets of
        ``k + 1`` that contain it.  Sums of integers stay exact (each division
        is of a multiple)."""
        import numpy as np

        sums = np.zeros((int(self.offsets[-1]), values.shape[1]), dtype=np.float64)
        top = int(self.offsets[self.size])
        sums[top:] = values[self.class_of]
        for k in range(self.size - 1, -1, -1):
            start, count = int(self.offsets[k]), math.comb(DECK_SIZE, k)
            source = self.sets[k + 1]
            weights = sums[int(self.offsets[k + 1]) : int(self.offsets[k + 2])]
            for cols in itertools.combinations(range(k + 1), k):
                index = _colex(source[:, list(cols)], self.binomials)
                for j in range(values.shape[1]):
                    sums[start : start + count, j] += np.bincount(index, weights=weights[:, j], minlength=count)
            sums[start : start + count] /= self.size - k
        return sums

    def expect(self, values: Floats) -> Floats:
        """The mean of ``values`` (one row a class, one column a function) over
        the final hands of each discard of each canonical hand: shape (classes,
        discards, functions), discard ``d`` throwing the cards of its bits."""
        import numpy as np

        width = 1 << self.size
        # per subset u of the hand (bit b: its b-th card), the sums over the final hands holding u
        table = np.ascontiguousarray(self.subset_sums(values)[self.subset].transpose(1, 0, 2))
        for bit in range(self.size):  # the Moebius transform over supersets, one card at a time
            for u in range(width):
                if not u >> bit & 1:
                    table[u] -= table[u | 1 << bit]
        # table[k] now counts the final hands holding k and no other card of the hand:
        # the hands of the discard that keeps k, each outcome once
        full = width - 1
        out = np.empty((len(self.canon), width, values.shape[1]), dtype=np.float64)
        for d in range(width):
            out[:, d] = table[full ^ d] / self.outcomes[d]
        return out


_DECKS: dict[int, _Deck] = {}
_DECKS_LOCK = threading.Lock()


def _deck(size: int) -> _Deck:
    with _DECKS_LOCK:
        if size not in _DECKS:
            _DECKS[size] = _Deck(size)
        return _DECKS[size]


# ---- features ---------------------------------------------------------------


def _ranks(rules: Game, half: Half, hands: npt.NDArray[np.uint8]) -> Ints:
    """The rank of each hand in a half (lower is better), from the batch functions."""
    import numpy as np

    from badeucey_fast.rankings import ace_five_rank_batch, badugi_rank_batch, deuce_seven_rank_batch

    ranking = rules.ranking(half)
    rows = np.ascontiguousarray(hands)
    if ranking == "badugi_low" or ranking == "badugi_high":
        ranks = badugi_rank_batch(rows, ace_high=ranking == "badugi_high")
    elif ranking == "deuce_seven":
        ranks = deuce_seven_rank_batch(rows)
    else:
        ranks = ace_five_rank_batch(rows)
    return ranks.astype(np.int64)


def _strength(ranks: Ints, weight: Ints) -> Floats:
    """The share of all hands each rank beats, ties counted as half: the hands
    of a worse (higher) rank plus half those of the same rank, over all hands."""
    import numpy as np

    counts = np.bincount(ranks, weights=weight).astype(np.int64)
    worse = np.cumsum(counts[::-1])[::-1] - counts  # hands of a higher rank than each rank
    total = int(weight.sum())
    share: Floats = (2 * worse[ranks] + counts[ranks]) / (2 * total)
    return share


def _best(scores: Floats, order: list[int], *, highest: bool) -> Ints:
    """Each row's best discard (column) by ``scores``, ties to the first in ``order``."""
    import numpy as np

    ranked = scores[:, order]
    pick = np.argmax(ranked, axis=1) if highest else np.argmin(ranked, axis=1)
    best: Ints = np.asarray(order, dtype=np.int64)[pick]
    return best


def _rounded(values: Floats) -> Floats:
    import numpy as np

    out: Floats = np.round(values, DECIMALS)
    return out


def _build(rules: Game, progress: Callable[[int, float], None] | None = None) -> dict[str, Any]:
    """Every array of a game's features (see :class:`CardFeatures`);
    ``progress(r, seconds)`` is called as each number of draws left is done."""
    import numpy as np

    started = time.perf_counter()
    deck = _deck(rules.hand_size)
    n, halves = len(deck.canon), rules.halves
    order = tie_order(rules.hand_size)
    rows = np.arange(n)
    ranks = np.stack([_ranks(rules, h, deck.canon) for h in halves], axis=1)
    strength = _rounded(np.stack([_strength(ranks[:, k], deck.weight) for k in range(len(halves))], axis=1))
    arrays: dict[str, Any] = {"hands": np.array(deck.canon), "weight": deck.weight.astype(np.uint8),
                              "strength": strength}
    if progress is not None:
        progress(0, time.perf_counter() - started)
    potential, pot = strength, strength
    for r in range(1, MAX_DRAWS + 1):
        started = time.perf_counter()
        if r == 1:
            # best_discards' default one-draw option (objective "expected"): the mean final
            # rank of each half over its scale, averaged, lowest first; integer sums, exact.
            sums = deck.expect(ranks.astype(np.float64))
            score = sums[:, :, 0] / rules.scale(halves[0])
            for k in range(1, len(halves)):
                score = score + sums[:, :, k] / rules.scale(halves[k])
            default = _best(score / len(halves), order, highest=False)
        means = deck.expect(np.concatenate([potential, pot], axis=1))
        each = _rounded(means[:, :, : len(halves)])  # each half drawing for itself
        both = _rounded(means[:, :, len(halves) :])  # each half when drawing for the whole pot
        picks = [_best(each[:, :, k], order, highest=True) for k in range(len(halves))]
        whole = _best(_rounded(both.mean(axis=2)), order, highest=True)
        potential = np.stack([each[rows, picks[k], k] for k in range(len(halves))], axis=1)
        pot = both[rows, whole]
        candidates = np.full((n, MAX_CANDIDATES), NO_CANDIDATE, dtype=np.uint8)
        count = np.zeros(n, dtype=np.int64)
        for pick in [whole, *picks, default]:
            new = ~np.any(candidates == pick[:, None], axis=1)  # dropped when already listed
            candidates[rows[new], count[new]] = pick[new]
            count += new
        arrays[f"potential{r}"] = potential
        arrays[f"pot{r}"] = pot
        arrays[f"candidates{r}"] = candidates
        if progress is not None:
            progress(r, time.perf_counter() - started)
    return arrays


# ---- buckets ----------------------------------------------------------------


def grid_shape(buckets: int, split: bool, splits: int | None = None) -> tuple[int, int]:
    """``(bands, splits)`` of a grid of ``buckets``.  By default, in a split
    game ``splits`` is the largest divisor of ``buckets`` at most its square
    root (8 x 8 for 64), in a one-half game 1.

    :raises ValueError: for ``splits`` that does not divide ``buckets``, or is
        not 1 in a one-half game.

    >>> from badeucey_fast.abstraction import grid_shape
    >>> grid_shape(64, True), grid_shape(128, True), grid_shape(64, False), grid_shape(64, True, 4)
    ((8, 8), (16, 8), (64, 1), (16, 4))
    >>> grid_shape(64, True, 5)
    Traceback (most recent call last):
    ...
    ValueError: splits must divide buckets (64), got 5
    """
    if splits is None:
        splits = max(d for d in range(1, math.isqrt(buckets) + 1) if buckets % d == 0) if split else 1
    splits = check_int(splits, "splits")
    if not split and splits != 1:
        raise ValueError(f"splits must be 1 in a game with one half, got {splits}")
    if splits < 1 or buckets % splits:
        raise ValueError(f"splits must divide buckets ({buckets}), got {splits}")
    return buckets // splits, splits


def _ahead(keys: Floats, weight: Ints, groups: Ints) -> tuple[Ints, Ints]:
    """For each row: the weight of the rows of its group with a strictly higher
    key, and the weight of its group."""
    import numpy as np

    order = np.lexsort((-keys, groups))  # by group, then highest key first
    k, g, w = keys[order], groups[order], weight[order]
    before = np.cumsum(w) - w
    first_of_group = np.r_[True, g[1:] != g[:-1]]
    group_start = np.maximum.accumulate(np.where(first_of_group, before, 0))
    first_of_key = first_of_group | np.r_[True, k[1:] != k[:-1]]
    key_start = np.maximum.accumulate(np.where(first_of_key, before, 0))
    group_weight = np.bincount(g, weights=w).astype(np.int64)
    ahead = np.empty_like(before)
    ahead[order] = key_start - group_start
    size = np.empty_like(before)
    size[order] = group_weight[g]
    return ahead, size


def _bucket_ids(value: Floats, balance: Floats | None, weight: Ints, bands: int, splits: int) -> Ints:
    """The bucket of each class: its value band (``bands`` equal shares of all
    hands, the highest values first), then in a split game its balance split
    within the band (``splits`` equal shares, the most Badugi-leaning first).
    Rows of equal keys share a bucket."""
    import numpy as np

    zero = np.zeros(len(value), dtype=np.int64)
    ahead, total = _ahead(value, weight, zero)
    band = ahead * bands // total
    if balance is None:
        ids: Ints = band
        return ids
    ahead, size = _ahead(balance, weight, band)
    ids = band * splits + ahead * splits // size
    return ids


# ---- checked input ----------------------------------------------------------


def _check_draws_left(draws_left: object) -> int:
    value = check_int(draws_left, "draws_left")
    if not 0 <= value <= MAX_DRAWS:
        raise ValueError(f"draws_left must be 0..{MAX_DRAWS}, got {value}")
    return value


def _check_buckets(buckets: object) -> int:
    value = check_int(buckets, "buckets")
    if not 1 <= value <= MAX_BUCKETS:
        raise ValueError(f"buckets must be 1..{MAX_BUCKETS:,} (MAX_BUCKETS), got {value}")
    return value


def _ranking_key(rules: Game) -> dict[str, Any]:
    """What the features depend on: the hand size and the ranking of each half."""
    return {"hand_size": rules.hand_size, "badugi": rules.badugi, "low": rules.low}


def _read_only(*arrays: Any) -> None:
    for array in arrays:
        array.flags.writeable = False


# ---- the features of a game -------------------------------------------------


@dataclass(frozen=True, eq=False)  # numpy arrays: __eq__ below compares them bit for bit
class CardFeatures:
    """A game's features for every class of hands and every number of draws
    left (index ``r`` of the tuples), as :func:`card_features` computes them.
    Rows are the canonical hands (:attr:`hands`); every array is read-only."""

    game: Game
    hands: npt.NDArray[np.uint8]
    """The canonical hands, one row each (ascending ids), in increasing order of card mask."""
    weight: npt.NDArray[np.uint8]
    """How many hands each class holds (1 .. 24)."""
    strength: Floats
    """The made hand's strength per half (a column per half of the game)."""
    potential: tuple[Floats, ...]
    """By draws left: the expected strength per half, each half drawing for itself."""
    pot: tuple[Floats, ...]
    """By draws left: the expected strength per half, drawing for the whole pot."""
    candidates: tuple[npt.NDArray[np.uint8], ...]
    """By draws left: up to :data:`MAX_CANDIDATES` discard masks a row, then :data:`NO_CANDIDATE`."""

    def __eq__(self, other: object) -> bool:
        """Equal when the games and every array are, bit for bit."""
        if not isinstance(other, CardFeatures):
            return NotImplemented
        return self.game == other.game and all(
            a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
            for a, b in zip(self._arrays().values(), other._arrays().values())
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<CardFeatures {self.game.name}, {len(self.hands):,} classes, 0..{MAX_DRAWS} draws left>"

    def _arrays(self) -> dict[str, Any]:
        arrays: dict[str, Any] = {"hands": self.hands, "weight": self.weight, "strength": self.strength}
        for r in range(1, MAX_DRAWS + 1):
            arrays[f"potential{r}"] = self.potential[r]
            arrays[f"pot{r}"] = self.pot[r]
            arrays[f"candidates{r}"] = self.candidates[r]
        return arrays

    @property
    def nbytes(self) -> int:
        """The bytes its arrays take in memory."""
        return sum(int(a.nbytes) for a in self._arrays().values())

    def abstraction(self, draws_left: int, buckets: int = DEFAULT_BUCKETS, splits: int | None = None) -> CardAbstraction:
        """The :class:`CardAbstraction` of these features with ``draws_left``
        draws left and ``buckets`` buckets, in ``buckets / splits`` value bands
        of ``splits`` balance splits each (default :func:`grid_shape`'s).

        :raises ValueError: for ``draws_left`` outside 0..3, ``buckets`` outside
            1 .. :data:`MAX_BUCKETS`, or ``splits`` that does not divide ``buckets``
            (or is not 1 in a one-half game).
        :raises TypeError: for a value that is not an integer.
        """
        import numpy as np

        r = _check_draws_left(draws_left)
        k = _check_buckets(buckets)
        pot = self.pot[r]
        value = _rounded(pot.mean(axis=1))
        split = self.game.is_split
        bands, splits = grid_shape(k, split, splits)
        balance = _rounded(pot[:, 0] - pot[:, 1]) if split else None
        bucket = _bucket_ids(value, balance, self.weight.astype(np.int64), bands, splits).astype(np.uint16)
        _read_only(value, bucket)
        return CardAbstraction(self.game, r, k, bands, splits, self.hands, self.weight, self.strength,
                               self.potential[r], pot, value, bucket, self.candidates[r])

    @classmethod
    def _from_arrays(cls, rules: Game, arrays: dict[str, Any]) -> CardFeatures:
        import numpy as np

        n = len(arrays["hands"])
        pat = np.full((n, MAX_CANDIDATES), NO_CANDIDATE, dtype=np.uint8)
        pat[:, 0] = 0  # no draw left: the hand stands pat
        _read_only(pat, *arrays.values())
        strength = arrays["strength"]
        rs = range(1, MAX_DRAWS + 1)
        return cls(rules, arrays["hands"], arrays["weight"], strength,
                   (strength, *(arrays[f"potential{r}"] for r in rs)),
                   (strength, *(arrays[f"pot{r}"] for r in rs)),
                   (pat, *(arrays[f"candidates{r}"] for r in rs)))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the features to ``path``: a compressed checked file (each
        array's digest in a manifest, :mod:`badeucey_fast._storage`) written
        beside ``path`` and renamed over it.  The same features give the same bytes.

        :raises ValueError: for a path that cannot be written.
        :raises OSError: when writing fails (a full device, ...).
        """
        from badeucey_fast._storage import write_arrays

        meta = {"format": FORMAT, "game": self.game.to_dict()}
        write_arrays(path, self._arrays(), kind=FORMAT, meta=meta, compress=True, what="card features file")

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, game: str | Game | None = None) -> CardFeatures:
        """Read features written by :meth:`save`; given ``game``, they must be of
        a game with the same hand size and rankings (and are given that game).

        :raises FileNotFoundError: for a file that does not exist (``filename``: the path).
        :raises ValueError: for a file that is damaged, not features,
            or of a game with other rankings.
        """
        from badeucey_fast._storage import read_arrays

        if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"CardFeatures.load: a file path is text or a path object, not {type(path).__name__}")
        where = f"card features file {os.fspath(path)}"
        meta, arrays = read_arrays(path, kind=FORMAT, where=where, unreadable="card features file")
        try:
            stored = Game(**meta["game"])
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"{where}: damaged (its game)") from None
        rules = stored if game is None else get_game(game)
        if _ranking_key(rules) != _ranking_key(stored):
            raise ValueError(f"{where}: holds the features of {stored!r}, whose rankings differ from {rules!r}'s")
        _check_arrays(rules, arrays, where)
        return cls._from_arrays(rules, arrays)


def _check_arrays(rules: Game, arrays: dict[str, Any], where: str) -> None:
    """The arrays of a features file agree with each other and with the game."""
    import numpy as np

    size, halves = rules.hand_size, len(rules.halves)
    n = len(canonical_hands(size))
    wanted: dict[str, tuple[tuple[int, ...], Any]] = {
        "hands": ((n, size), np.uint8), "weight": ((n,), np.uint8), "strength": ((n, halves), np.float64),
    }
    for r in range(1, MAX_DRAWS + 1):
        wanted[f"potential{r}"] = ((n, halves), np.float64)
        wanted[f"pot{r}"] = ((n, halves), np.float64)
        wanted[f"candidates{r}"] = ((n, MAX_CANDIDATES), np.uint8)
    if set(arrays) != set(wanted):
        raise ValueError(f"{where}: damaged (it holds the arrays {sorted(arrays)})")
    for name, (shape, dtype) in wanted.items():
        if arrays[name].shape != shape or arrays[name].dtype != dtype:
            raise ValueError(f"{where}: damaged ({name} is {arrays[name].dtype}{list(arrays[name].shape)}, "
                             f"not {np.dtype(dtype)}{list(shape)})")
    if not np.array_equal(arrays["hands"], canonical_hands(size)):
        raise ValueError(f"{where}: damaged (its hands are not the canonical hands in order)")
    for name in wanted:
        if name.startswith(("strength", "pot")) and not np.all((arrays[name] >= 0) & (arrays[name] <= 1)):
            raise ValueError(f"{where}: damaged ({name} outside 0..1)")
        if name.startswith("candidates"):
            masks = arrays[name]
            if not np.all((masks < 1 << size) | (masks == NO_CANDIDATE)) or np.any(masks[:, 0] == NO_CANDIDATE):
                raise ValueError(f"{where}: damaged ({name} holds masks that are not discards)")


# ---- one number of draws left -----------------------------------------------


@dataclass(frozen=True, eq=False)  # numpy arrays: compared by CardFeatures
class CardAbstraction:
    """The card abstraction of a game with ``draws_left`` draws left and
    ``buckets`` buckets: per class of hands (rows of :attr:`hands`), its
    features, bucket and candidate discards.  Every array is read-only; a hand
    is looked up through its class (:meth:`row`, :meth:`rows`)."""

    game: Game
    draws_left: int
    buckets: int
    bands: int
    """Value bands of the grid (``buckets = bands * splits``)."""
    splits: int
    """Balance splits of each band (1 in a one-half game)."""
    hands: npt.NDArray[np.uint8]
    """The canonical hands, one row each (ascending ids), in increasing order of card mask."""
    weight: npt.NDArray[np.uint8]
    """How many hands each class holds."""
    strength: Floats
    """The made hand's strength per half (share of hands beaten, ties half)."""
    potential: Floats
    """The expected strength per half after the draws left, each half drawing for itself."""
    pot: Floats
    """The expected strength per half after the draws left, drawing for the whole pot."""
    value: Floats
    """The mean of :attr:`pot` over the halves: what the buckets are banded by."""
    bucket: npt.NDArray[np.uint16]
    """The bucket of each class, 0 .. buckets - 1 (0: the highest value band)."""
    candidates: npt.NDArray[np.uint8]
    """Candidate discard masks over the canonical hand's cards, best for the
    whole pot first, then :data:`NO_CANDIDATE`."""

    def __repr__(self) -> str:
        return (f"<CardAbstraction {self.game.name}, {self.draws_left} draw(s) left, {self.buckets} buckets "
                f"({self.bands} x {self.splits}), {len(self.hands):,} classes>")

    @cached_property
    def _masks(self) -> npt.NDArray[np.uint64]:
        return hand_mask_array(self.hands)

    def row(self, hand: CardsLike) -> int:
        """The row of a hand's class.

        :raises ValueError: for a hand of the wrong size, a bad or repeated card.
        :raises TypeError: for a hand that is not cards.
        """
        ids = hand_ids(hand, (self.game.hand_size,), f"CardAbstraction ({self.game.name})")
        return self._row(canonical(ids)[0])

    def _row(self, canon: tuple[int, ...]) -> int:
        import numpy as np

        return int(np.searchsorted(self._masks, np.uint64(sum(1 << c for c in canon))))

    def rows(self, hands: npt.NDArray[np.uint8]) -> Ints:
        """The row of each hand's class, for an (N, hand size) ``uint8`` array of card ids.

        :raises TypeError: for anything but a numpy array of integers.
        :raises ValueError: for a wrong shape, an id outside 0..51 or a row with a card twice.
        """
        import numpy as np

        size = self.game.hand_size
        if not isinstance(hands, np.ndarray) or hands.dtype.kind not in "iu":
            raise TypeError(f"CardAbstraction.rows: hands must be a numpy array of card ids, not {type(hands).__name__}"
                            + (f" of {hands.dtype}" if isinstance(hands, np.ndarray) else ""))
        if hands.ndim != 2 or hands.shape[1] != size:
            raise ValueError(f"CardAbstraction.rows: hands must have shape (N, {size}), got {hands.shape}")
        if hands.size and (hands.min() < 0 or hands.max() >= DECK_SIZE):
            raise ValueError(f"CardAbstraction.rows: card ids are 0..{DECK_SIZE - 1}")
        ids = hands.astype(np.uint8)
        masks = class_masks(ids)
        found = np.searchsorted(self._masks, masks)
        bad = (found >= len(self._masks)) | (self._masks[np.minimum(found, len(self._masks) - 1)] != masks)
        if np.any(bad):
            row = int(np.argmax(bad))
            raise ValueError(f"CardAbstraction.rows: hands[{row}] = {hands[row].tolist()} has a card twice")
        out: Ints = found.astype(np.int64)
        return out

    def bucket_of(self, hand: CardsLike) -> int:
        """The bucket of a hand (any suits, any card order).

        :raises ValueError: for a hand of the wrong size, a bad or repeated card.
        :raises TypeError: for a hand that is not cards.
        """
        return int(self.bucket[self.row(hand)])

    def candidates_of(self, hand: CardsLike) -> tuple[int, ...]:
        """A hand's candidate discards as masks over its cards as given (bit
        ``b``: throw the ``b``-th card), best for the whole pot first.

        :raises ValueError: for a hand of the wrong size, a bad or repeated card.
        :raises TypeError: for a hand that is not cards.
        """
        ids = hand_ids(hand, (self.game.hand_size,), f"CardAbstraction ({self.game.name})")
        canon, perm = canonical(ids)
        back = [0] * 4
        for suit, new in enumerate(perm):
            back[new] = suit
        position = {card: i for i, card in enumerate(ids)}
        at = [position[relabel(card, tuple(back))] for card in canon]  # each canonical card's place in the hand
        out = []
        for mask in self.candidates[self._row(canon)].tolist():
            if mask == NO_CANDIDATE:
                break
            out.append(sum(1 << at[b] for b in range(len(canon)) if mask >> b & 1))
        return tuple(out)

    def discards_of(self, hand: CardsLike) -> tuple[tuple[int, ...], ...]:
        """A hand's candidate discards as the card ids thrown (in the hand's order).

        :raises ValueError: for a hand of the wrong size, a bad or repeated card.
        :raises TypeError: for a hand that is not cards.
        """
        ids = hand_ids(hand, (self.game.hand_size,), f"CardAbstraction ({self.game.name})")
        return tuple(tuple(c for i, c in enumerate(ids) if mask >> i & 1) for mask in self.candidates_of(ids))

    def shares(self) -> Floats:
        """The share of all hands in each bucket."""
        import numpy as np

        counts = np.bincount(self.bucket, weights=self.weight, minlength=self.buckets)
        out: Floats = counts / counts.sum()
        return out


# ---- computed once, kept in a cache -----------------------------------------


def cache_dir() -> Path:
    """The folder that keeps computed features: ``$BADEUCEY_FAST_CACHE`` when
    set, else ``$XDG_CACHE_HOME/badeucey_fast``, else ``~/.cache/badeucey_fast``."""
    named = os.environ.get(CACHE_ENV)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "badeucey_fast"


def cache_file(game: str | Game = "badeucey", folder: str | os.PathLike[str] | None = None) -> Path:
    """The file in ``folder`` (default :func:`cache_dir`) that keeps a game's
    features: named by the game and a digest of the format and the rankings."""
    rules = get_game(game)
    key = json.dumps({"format": FORMAT, **_ranking_key(rules)}, sort_keys=True)
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return Path(cache_dir() if folder is None else folder) / f"card-features-{rules.name}-{digest}.npz"


_KEPT: dict[str, CardFeatures] = {}
"""The features computed or read in this process, by the rankings they depend on."""
_CHECKED: set[tuple[str, str]] = set()
"""The cache files read or written in this process (rankings, path): not read again."""
_KEPT_LOCK = threading.Lock()


def card_features(
    game: str | Game = "badeucey",
    *,
    cache: bool | str | os.PathLike[str] = True,
    progress: Callable[[int, float], None] | None = None,
) -> CardFeatures:
    """A game's features for every class of hands and 0..3 draws left:
    computed on first use (docs/abstraction.rst gives the time it takes), then
    kept in this process and in a cache file, which is read once a process.

    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :param cache: True for the folder :func:`cache_dir`, a folder, or False to
        compute without reading or writing a file.  A cached file that is
        damaged or of another format is refused (:meth:`CardFeatures.load`
        raises ``ValueError``): a warning names it, and it is computed again
        and replaced.  A folder that cannot be written is warned about too.
    :param progress: called with ``(draws_left, seconds)`` as each number of
        draws left is computed (not when the features are read).
    :raises ValueError: for an unknown game.
    :raises TypeError: for a game or ``cache`` of another type.
    """
    rules = get_game(game)
    if not isinstance(cache, (bool, str, os.PathLike)):
        raise TypeError(f"cache must be True, False or a folder, not {type(cache).__name__}")
    memo = json.dumps(_ranking_key(rules), sort_keys=True)
    path = None if cache is False else cache_file(rules, None if cache is True else cache)
    with _KEPT_LOCK:
        features = _KEPT.get(memo)
        if path is not None and (memo, str(path)) not in _CHECKED:
            damaged = False
            if path.exists():
                try:
                    loaded = CardFeatures.load(path, game=rules)
                except (ValueError, FileNotFoundError) as exc:  # (removed since it was seen)
                    warnings.warn(f"{exc}; replacing it", RuntimeWarning, stacklevel=2)
                    damaged = True
                else:
                    features = loaded if features is None else features
            if features is None:
                features = CardFeatures._from_arrays(rules, _build(rules, progress))
            if damaged or not path.exists():
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    features.save(path)
                except (OSError, ValueError) as exc:
                    warnings.warn(f"card features not kept in the cache ({exc})", RuntimeWarning, stacklevel=2)
            _CHECKED.add((memo, str(path)))
        elif features is None:
            features = CardFeatures._from_arrays(rules, _build(rules, progress))
        _KEPT[memo] = features
    return features if features.game == rules else CardFeatures(rules, *_fields(features))


def _fields(features: CardFeatures) -> tuple[Any, ...]:
    return (features.hands, features.weight, features.strength, features.potential, features.pot,
            features.candidates)


def card_abstraction(
    game: str | Game = "badeucey",
    draws_left: int = 1,
    *,
    buckets: int = DEFAULT_BUCKETS,
    splits: int | None = None,
    cache: bool | str | os.PathLike[str] = True,
) -> CardAbstraction:
    """The card abstraction of a game with ``draws_left`` draws left: every
    class of hands with its features, bucket (``0 .. buckets - 1``) and
    candidate discards (see the module docs).  The features come from
    :func:`card_features` (computed on first use, then cached).

    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :param draws_left: 0..3.
    :param buckets: 1 .. :data:`MAX_BUCKETS` (default :data:`DEFAULT_BUCKETS`).
    :param splits: balance splits of each value band: a divisor of ``buckets``
        (default :func:`grid_shape`'s; 1 in a one-half game).
    :param cache: as for :func:`card_features`.
    :raises ValueError: for an unknown game, ``draws_left`` or ``buckets`` out
        of range, or ``splits`` that does not divide ``buckets``.
    :raises TypeError: for a value that is not an integer.

    >>> from badeucey_fast.abstraction import card_abstraction
    >>> card_abstraction("badeucey", 4)
    Traceback (most recent call last):
    ...
    ValueError: draws_left must be 0..3, got 4
    """
    rules = get_game(game)
    r = _check_draws_left(draws_left)
    k = _check_buckets(buckets)
    grid_shape(k, rules.is_split, splits)  # bad splits: refused before any work
    return card_features(rules, cache=cache).abstraction(r, k, splits)


# ---- command line -----------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m badeucey_fast.abstraction [GAME ...]``: compute each game's
    features (unless cached) and print the cache file and its size."""
    from badeucey_fast.games import GAMES

    parser = argparse.ArgumentParser(prog="python -m badeucey_fast.abstraction",
                                     description="Build the card abstraction's features into the cache.")
    parser.add_argument("games", nargs="*", default=["badeucey"], choices=list(GAMES), metavar="GAME",
                        help=f"games to build (default badeucey; any of {', '.join(GAMES)})")
    parser.add_argument("--cache-dir", help=f"the cache folder (default ${CACHE_ENV} or ~/.cache/badeucey_fast)")
    parser.add_argument("--rebuild", action="store_true", help="compute again even when cached")
    args = parser.parse_args(argv)
    folder = Path(args.cache_dir) if args.cache_dir else cache_dir()
    for name in args.games:
        path = cache_file(name, folder)
        if args.rebuild and path.exists():
            path.unlink()

        def report(r: int, seconds: float, name: str = name) -> None:
            print(f"{name}: {r} draw(s) left computed in {seconds:.1f} s", file=sys.stderr, flush=True)

        card_features(name, cache=folder, progress=report)
        print(f"{path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
