"""Card buckets by draws left, each a grid over the hands that reach that
point of a hand: the ``"reach_buckets"`` abstraction (docs/training.rst,
"Buckets where hands are").

The card buckets of :func:`~badeucey_fast.abstraction.card_abstraction` cut
the value of a hand into bands of equal shares of *all* hands.  After two or
three draws the hands still held are far better than a random deal, so most of
them fall into the top few bands: on the last round a 7-5 low with a 5-4-3-2
badugi and a 9-8 low share a bucket.  Here the bands of ``r`` draws left are
equal shares of the hands that reach ``r`` draws left: ``deals`` seeded deals
of the whole deck, each seat drawing each time the whole pot's candidate
discard (the first of :attr:`CardFeatures.candidates
<badeucey_fast.abstraction.CardFeatures.candidates>`), the replacement cards
taken from the rest of the deal's deck.  Each class's weight in the grid is
:data:`REACH_SCALE` times the deals that reached it plus its own number of
hands (so that a class no deal reached still has a place), and each number of
draws left has its own number of buckets: far more for the last round.  The
values, balance splits and candidate discards are those of the card features.

The result is a :class:`~badeucey_fast.solve.class_buckets.ClassBuckets`, as
the shipped 32-bucket tables: a strategy trained with it is looked up from its
table in milliseconds.  The deals are numpy's ``Generator.permuted`` over PCG64;
numpy promises the stream of its bit generators across versions, not that of
the Generator's methods, so a test pins the counts of a small spec (a numpy
that shuffled otherwise would make other tables, and a strategy file's
recorded digest would then refuse the abstraction made again).

>>> from badeucey_fast.solve.reach import reach_spec
>>> reach_spec("badugi", (64, 32, 32, 16))["buckets"]
[64, 32, 32, 16]
>>> reach_spec("badugi", (64, 32, 32))
Traceback (most recent call last):
...
ValueError: reach buckets: four numbers of buckets (0..3 draws left), got (64, 32, 32)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from badeucey_fast.games import get_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from badeucey_fast.abstraction import CardFeatures
    from badeucey_fast.solve.class_buckets import ClassBuckets

__all__ = ["DEALS", "REACH_SCALE", "SEED", "reach_counts", "reach_spec", "reach_table"]

DEALS = 1_000_000
"""Deals simulated to weigh the classes (the default of :func:`reach_spec`)."""
SEED = 1
"""Seeds the deals (the default of :func:`reach_spec`)."""
REACH_SCALE = 64
"""A deal that reaches a class weighs this many of the class's own hands in the grid."""
DRAWS_LEFT = 4


def reach_spec(game: Any, buckets: Any, splits: Any = None, *, deals: int | None = None,
               seed: int | None = None) -> dict[str, Any]:
    """The spec of a reach-bucket abstraction (without its history): the game,
    the buckets and balance splits by draws left 0..3, the deals (default
    :data:`DEALS`) and seed (default :data:`SEED`).

    :param buckets: four numbers of buckets, for 0, 1, 2 and 3 draws left.
    :param splits: four numbers of balance splits, or None for
        :func:`~badeucey_fast.abstraction.grid_shape`'s default of each.
    :raises ValueError: for an unknown game, not four numbers, a number of
        buckets outside 1 .. MAX_BUCKETS, splits that do not divide it, or
        deals or a seed out of range.
    """
    from badeucey_fast.abstraction import MAX_BUCKETS, grid_shape

    rules = get_game(game)
    counts = tuple(buckets) if isinstance(buckets, (list, tuple)) else ()
    if len(counts) != DRAWS_LEFT or not all(isinstance(b, int) and not isinstance(b, bool) for b in counts):
        raise ValueError(f"reach buckets: four numbers of buckets (0..3 draws left), got {buckets!r}")
    if not all(1 <= b <= MAX_BUCKETS for b in counts):
        raise ValueError(f"reach buckets: each 1..{MAX_BUCKETS:,}, got {buckets!r}")
    parts = (None,) * DRAWS_LEFT if splits is None else tuple(splits)
    if len(parts) != DRAWS_LEFT:
        raise ValueError(f"reach buckets: four numbers of splits (0..3 draws left), got {splits!r}")
    shapes = [grid_shape(b, rules.is_split, s) for b, s in zip(counts, parts, strict=True)]
    deals = DEALS if deals is None else deals
    seed = SEED if seed is None else seed
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 100_000_000:
        raise ValueError(f"reach buckets: deals 1..100,000,000, got {deals!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"reach buckets: a seed 0 .. 2**63 - 1, got {seed!r}")
    return {"kind": "reach_buckets", "game": rules.name, "hand_size": rules.hand_size, "buckets": list(counts),
            "splits": [s for _, s in shapes], "deals": deals, "seed": seed}


def reach_counts(features: CardFeatures, deals: int, seed: int) -> npt.NDArray[np.int64]:
    """(4, classes): how many of ``deals`` seeded deals hold each class with
    0..3 draws left, each drawing the whole pot's candidate every time."""
    import numpy as np

    from badeucey_fast._canonical import hand_mask_array
    from badeucey_fast.abstraction import class_masks
    from badeucey_fast.solve.abstraction import _positions_in_class

    size = features.game.hand_size
    masks = hand_mask_array(features.hands)
    counts = np.zeros((DRAWS_LEFT, len(masks)), dtype=np.int64)
    rng = np.random.Generator(np.random.PCG64(seed))
    block = 100_000  # deals a step: bounded memory
    for first in range(0, deals, block):
        n = min(block, deals - first)
        decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)
        hand = np.sort(decks[:, :size], axis=1)
        taken = np.full(n, size, dtype=np.int64)
        for left in range(DRAWS_LEFT - 1, -1, -1):
            rows = np.searchsorted(masks, class_masks(hand))
            counts[left] += np.bincount(rows, minlength=len(masks))
            if left == 0:
                break
            canon = features.candidates[left][rows, 0].astype(np.int64)  # the whole pot's discard
            canon = np.where(canon == 0xFF, 0, canon)
            at = _positions_in_class(hand)
            thrown = np.zeros((n, size), dtype=bool)
            for b in range(size):  # canonical card b is the hand's card at[:, b]
                thrown[np.arange(n), at[:, b]] |= (canon >> b & 1).astype(bool)
            pick = taken[:, None] + np.cumsum(thrown, axis=1) - 1
            fresh = np.take_along_axis(decks, np.minimum(pick, 51), axis=1)
            hand = np.sort(np.where(thrown, fresh, hand), axis=1).astype(np.uint8)
            taken += thrown.sum(axis=1)
    return counts


def reach_table(spec: dict[str, Any], *, cache: bool = True) -> ClassBuckets:
    """The class-bucket table of a :func:`reach_spec` (without digests): the
    game's card features (computed or read from the cache), weighed by
    :func:`reach_counts`.  The same spec gives the same table.

    :raises ValueError: for a spec :func:`reach_spec` would not write.
    """
    import numpy as np

    from badeucey_fast.abstraction import _bucket_ids, _rounded, card_features
    from badeucey_fast.solve.class_buckets import ClassBuckets

    if not isinstance(spec, dict) or spec.get("kind") != "reach_buckets":
        raise ValueError(f"reach buckets: not a reach-bucket spec: {spec!r}")
    again = reach_spec(spec.get("game"), spec.get("buckets"), spec.get("splits"), deals=spec.get("deals"),
                       seed=spec.get("seed"))
    if again != spec:
        raise ValueError(f"reach buckets: a spec with other fields: {spec!r}")
    features = card_features(spec["game"], cache=cache)
    counts = reach_counts(features, spec["deals"], spec["seed"])
    split = features.game.is_split
    buckets = np.zeros((DRAWS_LEFT, len(features.hands)), dtype=np.uint16)
    for left in range(DRAWS_LEFT):
        pot = features.pot[left]
        value = _rounded(pot.mean(axis=1))
        balance = _rounded(pot[:, 0] - pot[:, 1]) if split else None
        weight = REACH_SCALE * counts[left] + features.weight.astype(np.int64)
        bands = spec["buckets"][left] // spec["splits"][left]
        buckets[left] = _bucket_ids(value, balance, weight, bands, spec["splits"][left]).astype(np.uint16)
    from badeucey_fast._canonical import hand_mask_array

    candidates = np.stack([features.candidates[r] for r in range(1, DRAWS_LEFT)]).astype(np.uint8)
    return ClassBuckets(dict(spec), {}, hand_mask_array(features.hands), buckets, candidates)
