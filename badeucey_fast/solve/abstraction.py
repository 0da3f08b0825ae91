"""The card abstraction as the solver reads it: per number of draws left, a
bucket for every hand and its candidate discards, indexed by the hand's colex
index (docs/training.rst).

A hand is read with its card ids sorted ascending, ``c0 < c1 < ...``; its
index is ``sum(C(c_i, i + 1))``, 0 .. ``C(52, n) - 1``.  :meth:`SolverAbstraction.exact`
keys every hand by its index (the exact hand) and offers every discard: the
abstraction of a small game solved exactly.  :meth:`SolverAbstraction.card_buckets`
takes the buckets and candidate discards of
:func:`~badeucey_fast.abstraction.card_abstraction` for every hand (through its
class under the suits' relabellings); :meth:`SolverAbstraction.from_classes`
gives the same arrays from a :class:`~badeucey_fast.solve.class_buckets.ClassBuckets`,
each hand's entries written when it is first looked up.

>>> from badeucey_fast.solve import SolverAbstraction
>>> exact = SolverAbstraction.exact("badugi")
>>> exact.spec
{'kind': 'exact', 'game': 'badugi', 'hand_size': 4, 'recall': True}
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from badeucey_fast.games import Game, get_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from badeucey_fast.solve.class_buckets import ClassBuckets, HandEntries

__all__ = ["SolverAbstraction", "all_hands", "colex_index"]

DECK_SIZE = 52


def all_hands(size: int) -> npt.NDArray[np.uint8]:
    """Every hand of ``size`` cards (ascending ids), one a row, row = colex index."""
    from badeucey_fast.abstraction import _all_sets

    return _all_sets(size)


def colex_index(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """The colex index of each row of ascending card ids: ``sum(C(c_i, i + 1))``.

    >>> from badeucey_fast.solve.abstraction import colex_index
    >>> import numpy as np
    >>> colex_index(np.array([[0, 1, 2, 3], [48, 49, 50, 51]], dtype=np.uint8)).tolist()
    [0, 270724]
    """
    import numpy as np

    binomials = np.array([[math.comb(n, k) for k in range(6)] for n in range(DECK_SIZE + 1)], dtype=np.int64)
    index = np.zeros(len(hands), dtype=np.int64)
    for i in range(hands.shape[1]):
        index += binomials[hands[:, i].astype(np.int64), i + 1]
    return index


def _positions_in_class(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """For each sorted hand, where each card of its canonical hand (ascending)
    sits in it: the relabelling of :func:`~badeucey_fast.abstraction.class_masks`
    (the suit of the largest set of ranks becomes suit 0, and so on; of two
    suits with the same set, the lower takes the lower place).  Places are
    counted by comparing whole columns: sorts along rows this short cost more
    per row than all of the comparisons."""
    import numpy as np

    from badeucey_fast.abstraction import _suit_sets

    n, k = hands.shape
    suits, sets = _suit_sets(hands)
    new_suit = []
    for s in range(4):  # the suits placed before s: a larger set of ranks, or the same set and a lower suit
        place = np.zeros(n, dtype=np.int32)
        for t in range(4):
            if t != s:
                place += (sets[t] >= sets[s]) if t < s else (sets[t] > sets[s])
        new_suit.append(place)
    relabelled = [(hands[:, i].astype(np.int32) & ~3) + np.choose(suits[i], new_suit) for i in range(k)]
    at = np.empty(n * k, dtype=np.int64)  # canonical card b is the hand's card at[b]
    row = np.arange(n, dtype=np.int64) * k
    for i in range(k):  # the cards are distinct: card i's place is the number of cards below it
        place64 = np.zeros(n, dtype=np.int64)
        for j in range(k):
            if j != i:
                place64 += relabelled[j] < relabelled[i]
        at[row + place64] = i
    return at.reshape(n, k)


@dataclass(frozen=True, eq=False)
class SolverAbstraction:
    """Buckets and candidate discards for every hand of a game, by draws left
    (0..3), as the solver reads them (see the module docs).  Read-only arrays.

    ``buckets[r]``: uint32 per hand index, or None (the index itself);
    ``candidates[r]`` (r = 1..3): (hands, 4) uint8 masks over the sorted hand,
    255 after the last, or None (every discard).  ``spec`` names it in files.
    """

    game: Game
    spec: dict[str, Any]
    buckets: tuple[npt.NDArray[np.uint32] | None, ...]
    candidates: tuple[npt.NDArray[np.uint8] | None, ...]
    recall: bool = False
    """Whether keys hold the seat's own draws, card by card (perfect recall; exact hands only)."""
    history: str = "full"
    """What keys hold of the public history: ``"full"`` every action, ``"round"``
    this round's and a summary of the rest (badeucey.h, "THE ROUND HISTORY")."""
    entries: HandEntries | None = field(default=None, repr=False)
    """None, or the per-class table whose hands' entries the arrays receive as
    they are needed (:meth:`from_classes`): :meth:`prepare` before a lookup,
    :meth:`complete` before a training."""

    def __repr__(self) -> str:
        return f"<SolverAbstraction {json.dumps(self.spec, sort_keys=True)}>"

    def __reduce_ex__(self, protocol: Any) -> Any:
        if self.entries is not None:  # pickled as its table, not its memory map
            return (SolverAbstraction.from_classes, (self.entries.table, self.history))
        return super().__reduce_ex__(protocol)

    @classmethod
    def from_classes(cls, table: ClassBuckets, history: str = "round") -> SolverAbstraction:
        """The abstraction :meth:`card_buckets` makes with ``table``'s game,
        buckets and splits and ``history``, from the table: its arrays hold a
        hand's entries once :meth:`prepare` (a lookup) or :meth:`complete` (a
        training) has written them, and its digest is the table's record.
        Made in microseconds, where ``card_buckets`` takes seconds.

        :raises ValueError: for a table that records no digest for ``history``.
        """
        from badeucey_fast.solve.class_buckets import HandEntries

        if history not in table.digests:
            raise ValueError(f"{table!r} records no digest for the history {history!r}")
        spec = dict(table.spec)
        if history != "full":  # as card_buckets writes it
            spec["history"] = history
        entries = HandEntries(table)
        return cls(get_game(str(spec["game"])), spec, entries.buckets, entries.candidates, history=history,
                   entries=entries)

    def prepare(self, cards: Any) -> None:
        """Make sure the arrays hold the entries of this hand (any card order):
        what a lookup of it reads.  Nothing to do for most abstractions."""
        if self.entries is not None:
            self.entries.prepare(cards)

    def prepare_many(self, hands: npt.NDArray[np.uint8]) -> None:
        """:meth:`prepare` for each row of a (N, hand size) uint8 array of hands."""
        if self.entries is not None:
            self.entries.prepare_many(hands)

    def complete(self) -> None:
        """Make sure the arrays hold every hand's entries: what a training
        reads.  Nothing to do for most abstractions."""
        if self.entries is not None:
            self.entries.complete()

    @classmethod
    def exact(cls, game: str | Game = "badeucey", *, recall: bool = True) -> SolverAbstraction:
        """Every hand its own key, every discard an action; with ``recall``
        (the default) a key also holds the cards the seat threw and drew in
        each draw, so that it forgets nothing (perfect recall: what an exact
        solution needs; the keys then hold the histories of small games only:
        one draw, or two of four cards).

        :raises ValueError: for an unknown game.
        """
        rules = get_game(game)
        if not isinstance(recall, bool):
            raise TypeError(f"recall must be True or False, not {recall!r}")
        return cls(rules, {"kind": "exact", "game": rules.name, "hand_size": rules.hand_size, "recall": recall},
                   (None,) * 4, (None,) * 4, recall)

    @classmethod
    def card_buckets(cls, game: str | Game = "badeucey", buckets: int = 64, *, splits: int | None = None,
                     cache: bool = True, history: str = "round") -> SolverAbstraction:
        """The buckets and candidates of :func:`~badeucey_fast.abstraction.card_abstraction`
        for every hand (computing the game's card features on first use: see
        docs/abstraction.rst for the time it takes).

        :param history: ``"round"`` (the default: keys hold this round's
            actions and a summary of the earlier ones, which keeps a full
            game's strategy small) or ``"full"`` (every public action).
        :raises ValueError: for an unknown game, a bad number of buckets or an
            unknown history.
        """
        import numpy as np

        from badeucey_fast._native.cfr import HISTORIES
        from badeucey_fast.abstraction import card_abstraction

        if history not in HISTORIES:
            raise ValueError(f"history must be one of {', '.join(map(repr, HISTORIES))}, got {history!r}")
        rules = get_game(game)
        tables = [card_abstraction(rules, r, buckets=buckets, splits=splits, cache=cache) for r in range(4)]
        hands = all_hands(rules.hand_size)
        rows = tables[0].rows(hands)
        at = _positions_in_class(hands)
        bucket_arrays: list[Any] = []
        candidate_arrays: list[Any] = [None]
        for r, table in enumerate(tables):
            bucket = table.bucket.astype(np.uint32)[rows]
            bucket.flags.writeable = False
            bucket_arrays.append(bucket)
            if r == 0:
                continue
            canon = table.candidates[rows].astype(np.int64)  # masks over the canonical hand
            masks = np.zeros_like(canon)
            for b in range(rules.hand_size):
                masks |= ((canon >> b) & 1) << at[:, b : b + 1]
            out = np.where(canon == 255, 255, masks).astype(np.uint8)
            out.flags.writeable = False
            candidate_arrays.append(out)
        spec = {"kind": "card_buckets", "game": rules.name, "hand_size": rules.hand_size, "buckets": tables[0].buckets,
                "splits": tables[0].splits}
        if history != "full":  # the spec of a full-history abstraction is as before the round history
            spec["history"] = history
        return cls(rules, spec, tuple(bucket_arrays), tuple(candidate_arrays), history=history)

    @classmethod
    def reach_buckets(cls, game: str | Game = "badeucey", buckets: Any = (128, 64, 32, 32), *, splits: Any = None,
                      deals: int | None = None, seed: int | None = None, cache: bool = True,
                      history: str = "round_own") -> SolverAbstraction:
        """Buckets by draws left (``buckets[r]`` for ``r`` = 0..3 draws left),
        each a grid over the hands that reach that point of a hand
        (:mod:`badeucey_fast.solve.reach`), with the card features' candidate
        discards: finer where the late rounds' hands are than
        :meth:`card_buckets`.  Seconds (and the card features on first use).

        :param history: as for :meth:`card_buckets`; by default
            ``"round_own"``, the round history with the seat's own last draw.
        :raises ValueError: as :func:`~badeucey_fast.solve.reach.reach_spec`,
            or for an unknown history.
        """
        from badeucey_fast._native.cfr import HISTORIES
        from badeucey_fast.solve import reach

        if history not in HISTORIES:
            raise ValueError(f"history must be one of {', '.join(map(repr, HISTORIES))}, got {history!r}")
        spec = reach.reach_spec(game, buckets, splits, deals=deals, seed=seed)
        return cls.from_table(reach.reach_table(spec, cache=cache), history)

    @classmethod
    def from_table(cls, table: ClassBuckets, history: str) -> SolverAbstraction:
        """Every hand's entries of ``table`` (:meth:`ClassBuckets.expand
        <badeucey_fast.solve.class_buckets.ClassBuckets.expand>`), as arrays:
        the abstraction a training reads, whose digest is computed from them."""
        buckets, candidates = table.expand()
        for array in (*buckets, *candidates):
            if array is not None:
                array.flags.writeable = False
        spec = dict(table.spec)
        if history != "full":
            spec["history"] = history
        return cls(get_game(str(spec["game"])), spec, tuple(buckets), tuple(candidates), history=history)

    @cached_property
    def digest(self) -> str:
        """SHA-256 of the spec and every array: what a strategy file records
        (of an abstraction :meth:`from_classes`, the table's record of it)."""
        if self.entries is not None:
            return self.entries.table.digests[self.history]
        h = hashlib.sha256(json.dumps(self.spec, sort_keys=True).encode())
        for array in (*self.buckets, *self.candidates):
            h.update(b"-" if array is None else array.tobytes())
        return h.hexdigest()

    def fits(self, game: Game) -> bool:
        """Whether it keys hands of ``game``'s size (and, for card buckets, its rankings)."""
        if self.spec["kind"] == "exact":
            return game.hand_size == self.game.hand_size
        return (game.hand_size, game.badugi, game.low) == (self.game.hand_size, self.game.badugi, self.game.low)
