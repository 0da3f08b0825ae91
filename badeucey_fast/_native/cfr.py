"""The solver of the C core (``csrc/bdc_cfr.c``), thinly wrapped.

Private: :mod:`badeucey_fast.solve` builds on it.  :class:`CGame` holds one
``bdc_cfr_game`` (the rules, the stacks, the abstraction's arrays, kept alive
here); :class:`Memory` holds one ``bdc_cfr_memory`` over numpy arrays the
binding allocates (the C core never does) and grows between iterations.
"""

from __future__ import annotations

import math
import mmap
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import ffi, lib, status_text
from badeucey_fast._native.table import table_rules

KEY_BYTES: int = lib.BDC_CFR_KEY_BYTES
MAX_HISTORY: int = lib.BDC_CFR_MAX_HISTORY
MAX_ACTIONS: int = lib.BDC_CFR_MAX_ACTIONS
CANDIDATES: int = lib.BDC_CFR_CANDIDATES
NO_CANDIDATE: int = lib.BDC_CFR_NO_CANDIDATE
MIN_ROOM: int = lib.BDC_CFR_MIN_ROOM
SLOT_WORDS: int = lib.BDC_CFR_SLOT_WORDS
VARIANTS: dict[str, int] = {"vanilla": lib.BDC_CFR_VANILLA, "linear": lib.BDC_CFR_LINEAR, "plus": lib.BDC_CFR_PLUS}
"""The solver's variants (badeucey.h, "VARIANTS"), by name."""
HISTORIES: dict[str, int] = {"full": lib.BDC_CFR_FULL_HISTORY, "round": lib.BDC_CFR_ROUND_HISTORY,
                             "round_own": lib.BDC_CFR_ROUND_OWN_HISTORY}
"""What a key holds of the public history (badeucey.h, "THE ROUND HISTORY"), by name."""
OK, STOPPED, MEMORY = lib.BDC_OK, lib.BDC_E_STOPPED, lib.BDC_E_MEMORY

_FIRST_ENTRIES = 1 << 15  # the first capacity: room for BDC_CFR_MIN_ROOM and more
_VALUES_PER_ENTRY = 8  # values allocated per entry (betting sets have 2 or 3 actions, draws up to 32)
_HUGE_PAGE = 1 << 21  # a transparent huge page of x86-64 and arm64 Linux: its size, and its alignment
# Arrays of this size or more get huge pages (numpy advises its own from there): a small
# memory's page faults would cost more than its walk gains.
_HUGE_FROM = 1 << 22


def entry_bytes() -> int:
    """Bytes one entry takes: its key, its offset and two slots."""
    return KEY_BYTES + 8 + 2 * 8 * SLOT_WORDS


def hands_of(n_cards: int) -> int:
    """Hands of ``n_cards`` cards: the length of every abstraction array (the colex indices)."""
    return math.comb(lib.BDC_DECK_SIZE, n_cards)


class CGame:
    """A ``bdc_cfr_game``: the game the solver plays (checked by the C core).

    :param buckets: four uint32 arrays or None (by draws left 0..3).
    :param candidates: four (hands, CANDIDATES) uint8 arrays or None ([0] is ignored).
    :raises ValueError: for a game the C core refuses.
    """

    def __init__(self, rules: Any, stacks: Sequence[int], *, deck: Sequence[int] | None, draws: int,
                 fixed_deal: bool, variant: str, buckets: Sequence[npt.NDArray[np.uint32] | None],
                 candidates: Sequence[npt.NDArray[np.uint8] | None], recall: bool = False,
                 history: str = "full", against: Memory | None = None) -> None:
        self.struct = ffi.new("bdc_cfr_game *")
        g = self.struct
        g.rules = table_rules(rules)[0]
        g.stacks[0], g.stacks[1] = stacks
        self._keep: list[Any] = []
        if deck is not None:
            self._deck = ffi.new("uint8_t[]", list(deck))
            g.deck = self._deck
            g.n_deck = len(deck)
        g.draws = draws
        g.fixed_deal = int(fixed_deal)
        g.variant = VARIANTS[variant]
        g.hands = hands_of(rules.game.hand_size)
        g.recall = int(recall)
        g.history = HISTORIES[history]
        if against is not None:  # kept alive with the game
            self._against = against
            g.against = against.struct
        for r in range(4):
            b, c = buckets[r], candidates[r]
            if b is not None:
                self._keep.append(b)
                g.buckets[r] = ffi.cast("const uint32_t *", ffi.from_buffer(b))
            if c is not None and r:
                self._keep.append(c)
                g.candidates[r] = ffi.cast("const uint8_t *", ffi.from_buffer(c))
        status = lib.bdc_cfr_check(g)
        if status < 0:
            raise ValueError(f"solver: the game has {status_text(status)}")


class Memory:
    """The solver's state: entries (keys, offsets), values (regrets, averages),
    slots, the generator and the counts, in a ``bdc_cfr_memory`` over numpy arrays."""

    def __init__(self, *, keys: npt.NDArray[np.uint8], offsets: npt.NDArray[np.uint64],
                 regrets: npt.NDArray[np.float64] | None, averages: npt.NDArray[np.float64],
                 n_entries: int, n_values: int) -> None:
        self.keys, self.offsets, self.regrets, self.averages = keys, offsets, regrets, averages
        max_entries = len(offsets)
        n_slots = max(2, 1 << (2 * max_entries - 1).bit_length())
        # Huge pages pay over a training's millions of walks; a strategy only played (no
        # regrets) is looked up a few times a hand, and faulting huge pages in can make the
        # kernel compact memory first, which a bot's first decision would wait for.
        self.slots = (_zeros((SLOT_WORDS * n_slots,), np.uint64) if regrets is not None
                      else np.zeros(SLOT_WORDS * n_slots, dtype=np.uint64))
        m = self.struct = ffi.new("bdc_cfr_memory *")
        m.slots = ffi.cast("uint64_t *", ffi.from_buffer(self.slots))
        m.n_slots = n_slots
        m.keys = ffi.cast("uint8_t *", ffi.from_buffer(keys))
        m.offsets = ffi.cast("uint64_t *", ffi.from_buffer(offsets))
        m.max_entries = max_entries
        m.n_entries = n_entries
        if regrets is not None:
            m.regrets = ffi.cast("double *", ffi.from_buffer(regrets))
        m.averages = ffi.cast("double *", ffi.from_buffer(averages))
        m.max_values = len(averages)
        m.n_values = n_values
        status = lib.bdc_cfr_rehash(m)
        if status < 0:
            raise ValueError(f"solver: the stored strategy has {status_text(status)}")

    @classmethod
    def empty(cls, seed: int) -> Memory:
        """A new solver state, its generator seeded by ``seed``."""
        memory = cls(keys=_zeros((_FIRST_ENTRIES, KEY_BYTES), np.uint8), offsets=_zeros((_FIRST_ENTRIES,), np.uint64),
                     regrets=_zeros((_FIRST_ENTRIES * _VALUES_PER_ENTRY,), np.float64),
                     averages=_zeros((_FIRST_ENTRIES * _VALUES_PER_ENTRY,), np.float64), n_entries=0, n_values=0)
        lib.bdc_rng_seed(seed, memory.struct.rng)
        return memory

    @classmethod
    def from_arrays(cls, keys: npt.NDArray[np.uint8], offsets: npt.NDArray[np.uint64],
                    regrets: npt.NDArray[np.float64] | None, averages: npt.NDArray[np.float64],
                    state: Sequence[int] = (0,) * 7) -> Memory:
        """A state from its trimmed arrays (:meth:`arrays`) and :meth:`counters`
        (rng words, iterations, peaks), given room to run on.

        :raises ValueError: for arrays that do not hold together.
        """
        n, values = len(offsets), len(averages)
        if keys.shape != (n, KEY_BYTES) or (regrets is not None and regrets.shape != averages.shape):
            raise ValueError("solver: the stored strategy has arrays of mismatched shapes")
        room_e = n + 2 * int(state[5]) + MIN_ROOM + 1
        room_v = values + 2 * int(state[6]) + 8 * MIN_ROOM + 1
        max_e = max(_FIRST_ENTRIES, 1 << room_e.bit_length()) if regrets is not None else max(n, 1)
        max_v = max(_FIRST_ENTRIES * _VALUES_PER_ENTRY, 1 << room_v.bit_length()) if regrets is not None else max(values, 1)
        if regrets is None and n and values and _fits(keys, (max_e, KEY_BYTES), np.uint8) and \
                _fits(offsets, (max_e,), np.uint64) and _fits(averages, (max_v,), np.float64):
            # A strategy to play, never trained on: the C side only reads these, so a bot
            # loads without a second copy of its largest arrays.
            memory = cls(keys=keys, offsets=offsets, regrets=None, averages=averages, n_entries=n, n_values=values)
            _set_counters(memory.struct, state)
            return memory
        k = _zeros((max_e, KEY_BYTES), np.uint8)
        k[:n] = keys
        o = _zeros((max_e,), np.uint64)
        o[:n] = offsets
        a = _zeros((max_v,), np.float64)
        a[:values] = averages
        r = None
        if regrets is not None:
            r = _zeros((max_v,), np.float64)
            r[:values] = regrets
        memory = cls(keys=k, offsets=o, regrets=r, averages=a, n_entries=n, n_values=values)
        _set_counters(memory.struct, state)
        return memory

    def with_averages(self, averages: npt.NDArray[np.float64]) -> Memory:
        """A memory for lookups only over other averages of the same shape: the
        same information sets, its keys, offsets and slots shared, not rehashed.

        :raises ValueError: for a memory with regrets (one that trains) or
            averages of another shape or type.
        """
        if self.regrets is not None or averages.dtype != np.float64 or averages.shape != self.averages.shape:
            raise ValueError("solver: other averages share a lookup memory only, with the same shape")
        other = object.__new__(Memory)
        other.keys, other.offsets, other.regrets, other.averages = self.keys, self.offsets, None, averages
        other.slots = self.slots
        m = other.struct = ffi.new("bdc_cfr_memory *")
        m[0] = self.struct[0]
        m.averages = ffi.cast("double *", ffi.from_buffer(averages))
        return other

    @property
    def nbytes(self) -> int:
        """Bytes its arrays take."""
        return sum(int(a.nbytes) for a in (self.keys, self.offsets, self.slots, self.averages)) + (
            0 if self.regrets is None else int(self.regrets.nbytes))

    def grown_bytes(self) -> int:
        """Bytes :meth:`grown` would take."""
        return 2 * self.nbytes

    def copy(self) -> Memory:
        """The same state in new arrays of the same size."""
        m = self.struct
        n, values = int(m.n_entries), int(m.n_values)
        copy = Memory(keys=_copy(self.keys), offsets=_copy(self.offsets),
                      regrets=None if self.regrets is None else _copy(self.regrets),
                      averages=_copy(self.averages), n_entries=n, n_values=values)
        _set_counters(copy.struct, self.counters())
        return copy

    def grown(self) -> Memory:
        """The same state with twice the room (or more: room for twice the most
        an iteration has added)."""
        m = self.struct
        n, values = int(m.n_entries), int(m.n_values)
        grown = Memory.from_arrays(self.keys[:n], self.offsets[:n],
                                   None if self.regrets is None else self.regrets[:values],
                                   self.averages[:values], self.counters())
        if len(grown.offsets) <= len(self.offsets) or len(grown.averages) < len(self.averages):
            grown = Memory(keys=_double(self.keys, n), offsets=_double(self.offsets, n),
                           regrets=None if self.regrets is None else _double(self.regrets, values),
                           averages=_double(self.averages, values), n_entries=n, n_values=values)
            _set_counters(grown.struct, self.counters())
        return grown

    def counters(self) -> tuple[int, ...]:
        """The generator's four words, the iterations done, the peaks of entries and values."""
        m = self.struct
        return (*(int(m.rng[i]) for i in range(4)), int(m.iterations), int(m.peak_entries), int(m.peak_values))

    @property
    def iterations(self) -> int:
        return int(self.struct.iterations)

    @property
    def entries(self) -> int:
        return int(self.struct.n_entries)

    @property
    def damaged(self) -> bool:
        return bool(self.struct.damaged)

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """Copies of the used part of each array: keys, offsets, regrets, averages."""
        m = self.struct
        n, values = int(m.n_entries), int(m.n_values)
        out: dict[str, npt.NDArray[Any]] = {"keys": self.keys[:n].copy(), "offsets": self.offsets[:n].copy(),
                                            "averages": self.averages[:values].copy()}
        if self.regrets is not None:
            out["regrets"] = self.regrets[:values].copy()
        return out

    def run(self, game: CGame, iterations: int, stop: Any) -> int:
        """``bdc_cfr_run``: its status (the GIL released while it runs)."""
        status: int = lib.bdc_cfr_run(game.struct, self.struct, iterations, stop)
        return status


def _set_counters(m: Any, state: Sequence[int]) -> None:
    for i in range(4):
        m.rng[i] = int(state[i])
    m.iterations, m.peak_entries, m.peak_values = (int(v) for v in state[4:7])


def _zeros(shape: tuple[int, ...], dtype: type[np.generic]) -> npt.NDArray[Any]:
    """A new array of zeros; a large one in memory the kernel is asked to back
    with transparent huge pages (Linux's ``madvise(MADV_HUGEPAGE)``), from a
    huge-page boundary: the walk reads its arrays at random, and a 2 MiB page
    spares the address translation of 512 small ones.  Elsewhere, or small,
    ``numpy.zeros`` (which leaves huge pages to a system set to ``always``)."""
    size = math.prod(shape) * np.dtype(dtype).itemsize
    if size < _HUGE_FROM or not hasattr(mmap, "MADV_HUGEPAGE"):
        return np.zeros(shape, dtype=dtype)
    block = mmap.mmap(-1, size + _HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)  # zeroed, + a page to align
    block.madvise(mmap.MADV_HUGEPAGE)
    start = -np.frombuffer(block, dtype=np.uint8, count=1).ctypes.data % _HUGE_PAGE
    return np.frombuffer(block, dtype=dtype, count=math.prod(shape), offset=start).reshape(shape)


def _copy(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    out = _zeros(array.shape, array.dtype.type)
    out[...] = array
    return out


def _double(array: npt.NDArray[Any], used: int) -> npt.NDArray[Any]:
    out = _zeros((2 * len(array), *array.shape[1:]), array.dtype.type)
    out[:used] = array[:used]
    return out


def policy(game: CGame, memory: Memory, position: int, round_: int, legal: Any, cards: Sequence[int],
           history: Sequence[int], own: Sequence[int] = ()) -> tuple[list[int], list[float], bool]:
    """``bdc_cfr_policy``: the actions, their probabilities, and whether the
    information set was met.  ``legal`` is a ``bdc_legal *``; ``own`` the
    seat's own codes (a game with recall).

    :raises ValueError: for what the C core refuses.
    """
    actions = ffi.new("int64_t[]", MAX_ACTIONS)
    probabilities = ffi.new("double[]", MAX_ACTIONS)
    seen = ffi.new("int *")
    c_cards = ffi.new("uint8_t[]", list(cards) or [0])
    c_history = ffi.new("uint8_t[]", list(history) or [0])
    c_own = ffi.new("uint8_t[]", list(own) or [0])
    n = lib.bdc_cfr_policy(game.struct, memory.struct, position, round_, legal, c_cards, len(cards), c_history,
                           len(history), c_own, len(own), actions, probabilities, seen)
    if n < 0:
        raise ValueError(f"solver: the position has {status_text(n)}")
    return [int(actions[i]) for i in range(n)], [float(probabilities[i]) for i in range(n)], bool(seen[0])


def policy_many(game: CGame, memory: Memory, position: int, round_: int, legal: Any, hands: npt.NDArray[np.uint8],
                history: Sequence[int], own: Sequence[int] = (), *, what: str = "solver: hands"
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.intc], npt.NDArray[np.intc]]:
    """``bdc_cfr_policy_many``: :func:`policy` for each row of ``hands`` (a
    C-contiguous uint8 (N, n_cards) array), in one call: the actions (N,
    MAX_ACTIONS), their probabilities (N, MAX_ACTIONS), each row's number of
    actions (the columns after it are zeros) and whether its information set was met.

    :raises ValueError: for what the C core refuses: ``"<what>[row] = [...] has
        <problem>"``, the first row refused (row 0 for what every row shares).
    """
    n, n_cards = hands.shape
    actions = np.zeros((n, MAX_ACTIONS), dtype=np.int64)
    probabilities = np.zeros((n, MAX_ACTIONS), dtype=np.float64)
    counts = np.zeros(n, dtype=np.intc)
    seen = np.zeros(n, dtype=np.intc)
    bad_row = ffi.new("size_t *", n)
    c_history = ffi.new("uint8_t[]", list(history) or [0])
    c_own = ffi.new("uint8_t[]", list(own) or [0])
    status = lib.bdc_cfr_policy_many(game.struct, memory.struct, position, round_, legal,
                                     ffi.from_buffer("uint8_t[]", hands), n, n_cards, c_history, len(history), c_own,
                                     len(own), ffi.from_buffer("int64_t[]", actions),
                                     ffi.from_buffer("double[]", probabilities), ffi.from_buffer("int[]", counts),
                                     ffi.from_buffer("int[]", seen), bad_row)
    if status < 0:
        row = int(bad_row[0]) if int(bad_row[0]) < n else 0  # none named: the game or memory, with row 0
        raise ValueError(f"{what}[{row}] = {hands[row].tolist()} has {status_text(status)}")
    return actions, probabilities, counts, seen


def key(game: CGame, position: int, round_: int, legal: Any, cards: Sequence[int], history: Sequence[int],
        own: Sequence[int] = ()) -> bytes:
    """``bdc_cfr_key``: the information-set key the solver files that decision under.

    :raises ValueError: for what the C core refuses.
    """
    out = ffi.new("uint8_t[]", KEY_BYTES)
    c_cards = ffi.new("uint8_t[]", list(cards) or [0])
    c_history = ffi.new("uint8_t[]", list(history) or [0])
    c_own = ffi.new("uint8_t[]", list(own) or [0])
    n = lib.bdc_cfr_key(game.struct, position, round_, legal, c_cards, len(cards), c_history, len(history), c_own,
                        len(own), out)
    if n < 0:
        raise ValueError(f"solver: {status_text(n)}")
    return bytes(ffi.buffer(out, KEY_BYTES))


def _fits(array: npt.NDArray[Any], shape: tuple[int, ...], dtype: Any) -> bool:
    """Whether ``array`` can be handed to C as it is: that shape and type, one block."""
    return array.shape == shape and array.dtype == dtype and bool(array.flags.c_contiguous)
