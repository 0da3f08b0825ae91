"""A card-bucket abstraction kept per class of hands: the compact form of
:meth:`SolverAbstraction.card_buckets <badeucey_fast.solve.SolverAbstraction.card_buckets>`
that a strategy's lookups read (docs/bots.rst, "Ready at once").

The solver reads a bucket and candidate discards for each of the C(52, n)
hands; they depend only on the hand's class under the suits' relabellings
(:mod:`badeucey_fast.abstraction`).  A :class:`ClassBuckets` keeps them once a
class: the classes' card masks (ascending), the bucket of each class for 0..3
draws left and its candidate discards (masks over the canonical hand) for 1..3.
:meth:`ClassBuckets.hand` gives one hand's entries as the solver's arrays hold
them, in microseconds; :meth:`ClassBuckets.expand` gives every hand's, bit
for bit the arrays of ``card_buckets``.  A file of them (a few hundred
kilobytes) records the digest of the solver's abstraction for each history,
so that a strategy file's digest is checked without the full arrays.

>>> from badeucey_fast.solve.class_buckets import ClassBuckets
>>> import numpy as np
>>> table = ClassBuckets(
...     {"kind": "card_buckets", "game": "badugi", "hand_size": 4, "buckets": 2, "splits": 1}, {},
...     np.array([0b1111], dtype=np.uint64), np.zeros((4, 1), dtype=np.uint16),
...     np.zeros((3, 1, 4), dtype=np.uint8))
>>> table.hand([0, 1, 2, 3])[0]   # the colex index of the hand
0
>>> table.hand([0, 1, 2, 4])
Traceback (most recent call last):
...
ValueError: ClassBuckets (badugi): no class holds the hand (0, 1, 2, 4)
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["FORMAT", "ClassBuckets"]

FORMAT = "badeucey-fast class buckets 1"
"""The kind of a class-buckets file (see :mod:`badeucey_fast._storage`)."""
DRAWS_LEFT = 4
"""Numbers of draws left a table covers: 0..3."""
CANDIDATES = 4
"""Candidate masks a class has at most (``MAX_CANDIDATES`` of the card abstraction)."""
NO_CANDIDATE = 0xFF
"""Fills a class's candidates after its last (``NO_CANDIDATE`` of the card abstraction)."""
SPEC_KEYS = ("kind", "game", "hand_size", "buckets", "splits")
"""What a table's spec holds: a card-bucket spec without its history."""
REACH_SPEC_KEYS = (*SPEC_KEYS, "deals", "seed")
"""What the spec of a reach-bucket table holds (:mod:`badeucey_fast.solve.reach`)."""
_COMB = tuple(tuple(math.comb(n, k) for k in range(6)) for n in range(53))
"""``C(n, k)`` for ``n`` in 0..52, ``k`` in 0..5: the colex index's terms."""


@dataclass(frozen=True, eq=False)
class ClassBuckets:
    """The buckets and candidate discards of a card-bucket abstraction, one
    row per class of hands (see the module docs).  Read-only arrays.

    :param spec: the abstraction's spec without its history (:data:`SPEC_KEYS`).
    :param digests: the :attr:`SolverAbstraction.digest
        <badeucey_fast.solve.SolverAbstraction.digest>` of the full
        abstraction for each history (``"full"``, ``"round"``) it was checked for.
    :param masks: the classes' canonical card masks, ascending (uint64).
    :param bucket: (4, classes) uint16: the bucket of each class by draws left.
    :param candidates: (3, classes, 4) uint8: by draws left 1..3, the candidate
        discards over the canonical hand, :data:`NO_CANDIDATE` after the last.
    """

    spec: dict[str, Any]
    digests: dict[str, str]
    masks: npt.NDArray[np.uint64]
    bucket: npt.NDArray[np.uint16]
    candidates: npt.NDArray[np.uint8]

    def __post_init__(self) -> None:
        for array in (self.masks, self.bucket, self.candidates):
            array.flags.writeable = False

    def __reduce__(self) -> tuple[Any, ...]:
        return (ClassBuckets, (self.spec, self.digests, self.masks, self.bucket, self.candidates))

    def __repr__(self) -> str:
        return (f"<ClassBuckets {self.spec['game']}, {self.spec['buckets']} buckets, "
                f"{len(self.masks):,} classes>")

    @property
    def hand_size(self) -> int:
        return int(self.spec["hand_size"])

    @property
    def hands(self) -> int:
        """Hands of the game's size: the length of the solver's arrays."""
        return math.comb(52, self.hand_size)

    def hand(self, cards: Any) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """One hand's entries in the solver's arrays: its colex index, its
        bucket for 0..3 draws left, and for 1..3 its candidate masks over the
        sorted hand (bit ``b`` throws the ``b``-th lowest card), padded with
        :data:`NO_CANDIDATE` (the tuple for 0 draws left is empty).

        :raises ValueError: for a hand of the wrong size, a card outside
            0..51 or a card twice.
        """
        import numpy as np

        ids = sorted(int(c) for c in cards)
        if len(ids) != self.hand_size or len(set(ids)) != len(ids) or (ids and not 0 <= ids[0] <= ids[-1] < 52):
            raise ValueError(f"ClassBuckets ({self.spec['game']}): {self.hand_size} distinct cards 0..51, "
                             f"not {tuple(ids)}")
        ranks = [0, 0, 0, 0]
        for card in ids:
            ranks[card & 3] |= 1 << (card >> 2)
        # the canonical relabelling (badeucey_fast.abstraction.class_masks): the suit with the
        # largest set of ranks becomes suit 0, and so on; equal sets keep their suits' order
        order = sorted(range(4), key=lambda suit: -ranks[suit])
        new_suit = [0, 0, 0, 0]
        mask = 0
        for new, suit in enumerate(order):
            new_suit[suit] = new
            mask |= sum(1 << (4 * rank) for rank in range(13) if ranks[suit] >> rank & 1) << new
        row = int(np.searchsorted(self.masks, np.uint64(mask)))
        if row == len(self.masks) or int(self.masks[row]) != mask:
            raise ValueError(f"ClassBuckets ({self.spec['game']}): no class holds the hand {tuple(ids)}")
        relabelled = [(card & ~3) | new_suit[card & 3] for card in ids]
        at = sorted(range(len(ids)), key=relabelled.__getitem__)  # canonical card b is the hand's card at[b]
        index = sum(_COMB[card][i + 1] for i, card in enumerate(ids))
        buckets = tuple(int(b) for b in self.bucket[:, row].tolist())
        candidates: list[tuple[int, ...]] = [()]
        for masks in self.candidates[:, row].tolist():
            candidates.append(tuple(m if m == NO_CANDIDATE else sum(1 << at[b] for b in range(len(at)) if m >> b & 1)
                                    for m in masks))
        return index, buckets, tuple(candidates)

    def expand(self, indices: Any = None) -> tuple[list[npt.NDArray[np.uint32]], list[npt.NDArray[np.uint8] | None]]:
        """Every hand's entries, as :meth:`SolverAbstraction.card_buckets
        <badeucey_fast.solve.SolverAbstraction.card_buckets>` makes them: four
        uint32 bucket arrays by colex index, and the candidate arrays (None for
        0 draws left, then three (hands, 4) uint8 arrays).  Seconds for a
        five-card game.  With ``indices`` (colex indices of hands), the rows of
        those hands only, in that order.

        :raises ValueError: for an index outside ``0 .. hands - 1``.
        """
        import numpy as np

        from badeucey_fast.abstraction import class_masks
        from badeucey_fast.solve.abstraction import all_hands

        hands = all_hands(self.hand_size)
        if indices is not None:
            chosen = np.asarray(indices)
            if chosen.ndim != 1 or (chosen.size and not np.issubdtype(chosen.dtype, np.integer)):
                raise ValueError("ClassBuckets.expand: indices must be a sequence of hand indices (integers)")
            if chosen.size and not (0 <= chosen.min() and chosen.max() < len(hands)):
                raise ValueError(f"ClassBuckets.expand: hand indices must be in 0 .. {len(hands) - 1}")
            hands = hands[chosen.astype(np.int64)]
        rows = np.searchsorted(self.masks, class_masks(hands))
        return self._entries(hands, rows)

    def _entries(self, hands: npt.NDArray[np.uint8], rows: npt.NDArray[np.intp]
                 ) -> tuple[list[npt.NDArray[np.uint32]], list[npt.NDArray[np.uint8] | None]]:
        """:meth:`expand`'s arrays for these hands (ascending ids, one a row), of these classes."""
        import numpy as np

        from badeucey_fast.solve.abstraction import _positions_in_class

        at = _positions_in_class(hands)
        buckets = [np.ascontiguousarray(self.bucket[r][rows], dtype=np.uint32) for r in range(DRAWS_LEFT)]
        candidates: list[npt.NDArray[np.uint8] | None] = [None]
        for r in range(1, DRAWS_LEFT):
            canon = self.candidates[r - 1][rows].astype(np.int64)
            mapped = np.zeros_like(canon)
            for b in range(self.hand_size):
                mapped |= ((canon >> b) & 1) << at[:, b : b + 1]
            candidates.append(np.where(canon == NO_CANDIDATE, NO_CANDIDATE, mapped).astype(np.uint8))
        return buckets, candidates

    @classmethod
    def from_features(cls, game: Any, buckets: int, *, splits: int | None = None,
                      cache: bool | str | os.PathLike[str] = True) -> ClassBuckets:
        """The table of :func:`~badeucey_fast.abstraction.card_abstraction`'s
        buckets and candidates of a game (its features computed or read from
        the cache), without digests.

        :raises ValueError: for an unknown game or a bad number of buckets.
        """
        import numpy as np

        from badeucey_fast._canonical import hand_mask_array
        from badeucey_fast.abstraction import card_abstraction

        tables = [card_abstraction(game, r, buckets=buckets, splits=splits, cache=cache) for r in range(DRAWS_LEFT)]
        first = tables[0]
        spec = {"kind": "card_buckets", "game": first.game.name, "hand_size": first.game.hand_size,
                "buckets": first.buckets, "splits": first.splits}
        return cls(spec, {}, hand_mask_array(first.hands),
                   np.stack([t.bucket for t in tables]).astype(np.uint16),
                   np.stack([t.candidates for t in tables[1:]]).astype(np.uint8))

    def with_digests(self, digests: dict[str, str]) -> ClassBuckets:
        """The same table recording these digests."""
        return ClassBuckets(dict(self.spec), dict(digests), self.masks, self.bucket, self.candidates)

    # ---- files -----------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table to ``path`` (a compressed checked file; the masks as
        their steps, which compress well).  The same table gives the same bytes.

        :raises ValueError: for a path that cannot be written.
        :raises OSError: when writing fails.
        """
        import numpy as np

        from badeucey_fast._storage import write_arrays

        steps = np.diff(self.masks, prepend=np.uint64(0))
        meta = {"format": FORMAT, "spec": self.spec, "digests": self.digests}
        write_arrays(path, {"mask_steps": steps, "bucket": self.bucket, "candidates": self.candidates}, kind=FORMAT,
                     meta=meta, compress=True, what="class buckets file")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ClassBuckets:
        """Read a table :meth:`save` wrote.

        :raises ValueError: for a file that is missing, damaged or not a table.
        """
        import numpy as np

        from badeucey_fast._storage import read_arrays

        where = f"class buckets file {os.fspath(path)}"
        meta, arrays = read_arrays(path, kind=FORMAT, where=where, unreadable="class buckets file")
        try:
            names = REACH_SPEC_KEYS if meta["spec"]["kind"] == "reach_buckets" else SPEC_KEYS
            spec = {key: meta["spec"][key] for key in names}
            digests = {str(k): str(v) for k, v in dict(meta["digests"]).items()}
            size = int(spec["hand_size"])
            steps, bucket, candidates = arrays["mask_steps"], arrays["bucket"], arrays["candidates"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{where}: damaged ({exc})") from None
        n = len(steps)
        if (size not in (4, 5) or set(arrays) != {"mask_steps", "bucket", "candidates"} or steps.dtype != np.uint64
                or bucket.dtype != np.uint16 or bucket.shape != (DRAWS_LEFT, n) or candidates.dtype != np.uint8
                or candidates.shape != (DRAWS_LEFT - 1, n, CANDIDATES)):
            raise ValueError(f"{where}: damaged (its arrays)")
        masks = np.cumsum(steps, dtype=np.uint64)
        if n and (np.any(steps[1:] == 0) or int(masks[-1]) >> 52):
            raise ValueError(f"{where}: damaged (its classes)")
        try:  # buckets by draws left: one count (card buckets) or one count each (reach buckets)
            counts = ([int(c) for c in spec["buckets"]] if isinstance(spec["buckets"], list)
                      else [int(spec["buckets"])] * DRAWS_LEFT)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: damaged ({exc})") from None
        if len(counts) != DRAWS_LEFT:
            raise ValueError(f"{where}: damaged (its spec's buckets {spec['buckets']!r})")
        for left, count in enumerate(counts):
            if n and int(bucket[left].max()) >= count:
                raise ValueError(f"{where}: damaged (a bucket of {int(bucket[left].max())} with {left} draws left, "
                                 f"where the spec has {count})")
        if not np.all((candidates < 1 << size) | (candidates == NO_CANDIDATE)):
            raise ValueError(f"{where}: damaged (candidates that are not discards of {size} cards)")
        return cls(spec, digests, masks, np.array(bucket), np.array(candidates))


class HandEntries:
    """The solver's per-hand arrays of a :class:`ClassBuckets`, written as they
    are needed: :meth:`prepare` writes one hand's entries before a lookup of
    that hand, :meth:`complete` every hand's before a training.

    The arrays lie in one anonymous memory map, all zeros until written: the
    operating system gives a page memory when it is first written, so a bot
    that has looked up a few hundred hands holds a few hundred pages, not the
    73 MB of a five-card game's arrays.  An entry is a function of its hand
    only, so writing it again, from any thread, writes the same bytes.
    """

    def __init__(self, table: ClassBuckets) -> None:
        import mmap
        import threading

        import numpy as np

        self.table = table
        n = table.hands
        # the arrays, then one byte a hand: 1 once its entries are written
        self._area = mmap.mmap(-1, (DRAWS_LEFT + DRAWS_LEFT - 1) * 4 * n + n)
        whole = np.frombuffer(self._area, dtype=np.uint8)
        self._written = whole[(DRAWS_LEFT + DRAWS_LEFT - 1) * 4 * n :]
        self._buckets = [whole[4 * n * r : 4 * n * (r + 1)].view(np.uint32) for r in range(DRAWS_LEFT)]
        start = 4 * n * DRAWS_LEFT
        self._candidates = [whole[start + 4 * n * (r - 1) : start + 4 * n * r].reshape(n, CANDIDATES)
                            for r in range(1, DRAWS_LEFT)]
        self.buckets: tuple[npt.NDArray[np.uint32], ...] = tuple(_read_only(a) for a in self._buckets)
        """Read-only views of the bucket arrays, by draws left 0..3."""
        self.candidates: tuple[npt.NDArray[np.uint8] | None, ...] = (None, *(_read_only(a) for a in self._candidates))
        """Read-only views of the candidate arrays, by draws left (None for 0)."""
        k = table.hand_size
        self._terms = np.array([[math.comb(c, i + 1) for i in range(k)] for c in range(53)], dtype=np.int64)
        """The colex index's terms: row c, column i is ``C(c, i + 1)``, for the i-th lowest card c."""
        self._columns = np.arange(k)
        self._lock = threading.Lock()
        self._complete = False
        self._last: frozenset[Any] = frozenset()
        """The cards of the hand last prepared."""

    def prepare(self, cards: Any) -> None:
        """Write the entries of a hand (any order); nothing for what is not a
        hand of the table's size (the solver then says what is wrong with it)."""
        try:
            key = frozenset(cards)
        except TypeError:
            return
        if self._complete or key == self._last:  # a seat's decisions until it draws share their hand
            return
        try:
            index, buckets, candidates = self.table.hand(cards)
        except (TypeError, ValueError):
            return
        for r in range(DRAWS_LEFT):
            self._buckets[r][index] = buckets[r]
            if r:
                self._candidates[r - 1][index] = candidates[r]
        self._written[index] = 1
        self._last = key  # after its entries: another thread that sees it finds them written

    def prepare_many(self, hands: npt.NDArray[np.uint8]) -> None:
        """:meth:`prepare` for each row of a (N, hand size) uint8 array, in a
        few numpy steps: the entries of the hands not written yet.  Nothing for
        a row that is not a hand (the solver then says what is wrong with it)."""
        import numpy as np

        from badeucey_fast.abstraction import class_masks

        if self._complete or hands.ndim != 2 or hands.shape[1] != self.table.hand_size or not len(hands):
            return
        ordered = np.sort(hands, axis=1)
        valid = (ordered[:, -1] < 52) & (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        ordered = ordered[valid]
        indices = self._terms[ordered, self._columns].sum(axis=1)  # the colex indices
        new = self._written[indices] == 0
        if not new.any():
            return
        indices, first = np.unique(indices[new], return_index=True)
        ordered = ordered[new][first]
        masks = class_masks(ordered)
        rows = np.minimum(np.searchsorted(self.table.masks, masks), len(self.table.masks) - 1)
        held = self.table.masks[rows] == masks  # a hand no class holds is left unwritten, as prepare leaves it
        indices, ordered, rows = indices[held], ordered[held], rows[held]
        buckets, candidates = self.table._entries(ordered, rows)
        for r in range(DRAWS_LEFT):
            self._buckets[r][indices] = buckets[r]
        for r, masks_of in enumerate(candidates[1:], 1):
            assert masks_of is not None  # every number of draws left from 1 has candidates
            self._candidates[r - 1][indices] = masks_of
        self._written[indices] = 1  # after their entries, as prepare's _last

    def complete(self) -> None:
        """Write every hand's entries (seconds for a five-card game; once)."""
        with self._lock:
            if self._complete:
                return
            buckets, candidates = self.table.expand()
            for r in range(DRAWS_LEFT):
                self._buckets[r][:] = buckets[r]
            for r, masks in enumerate(candidates[1:], 1):
                assert masks is not None  # every number of draws left from 1 has candidates
                self._candidates[r - 1][:] = masks
            self._complete = True


def _read_only(array: Any) -> Any:
    view = array.view()
    view.flags.writeable = False
    return view
