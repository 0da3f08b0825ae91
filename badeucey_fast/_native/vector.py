"""The observation encoder and the vector environment of the C core
(``csrc/bdc_vector.c``), thinly wrapped.

Private: :mod:`badeucey_fast.env.triple_draw_v1` encodes its observations
with :func:`encode_table` from its hand's table (:func:`encode_observation`,
from the facts as Python gathers them, is the tests' reference), and :class:`badeucey_fast.play.VectorEnv`
steps its tables with :class:`VectorTables`.  The C layer checks every field
it reads and answers with a status; this module turns a status into a
ValueError naming what was refused.

>>> from badeucey_fast._native.vector import observation_parts
>>> observation_parts(2, 5)
(95, 52, 8, 2, 5, 6, 5, 1, 60)
>>> observation_parts(1, 5)
Traceback (most recent call last):
...
ValueError: no observation for 1 seats of 5 cards: a setting outside its range
"""

from __future__ import annotations

import os
import struct
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import ffi, lib, status_text
from badeucey_fast._native.table import table_rules

SLOT_SIZE: int = lib.BDC_OBS_SLOT_SIZE
"""Numbers per card slot: rank one-hot (13), suit one-hot (4), rank shared, suit shared."""
SEAT_FLAGS: int = lib.BDC_OBS_SEAT_FLAGS
"""Numbers per seat before its draws: stack, bet, chips in the hand and six flags."""
PARTS = ("cards", "thrown", "phase", "position", "raises", "raises_left", "money", "to_act", "seats")
"""The observation's parts, in order (the C encoder's order)."""
DRAW: int = lib.BDC_OBS_DRAW
"""The first discard action: ``DRAW + m`` throws the cards of slot mask ``m``."""

_PHASES = {"bet": lib.BDC_PHASE_BET, "draw": lib.BDC_PHASE_DRAW, "over": lib.BDC_PHASE_OVER}


def observation_parts(n_seats: int, n_cards: int) -> tuple[int, ...]:
    """The sizes of the observation's parts (:data:`PARTS`) for ``n_seats`` seats of ``n_cards`` cards.

    :raises ValueError: for a table the state machine does not seat.
    """
    sizes = ffi.new("int32_t[]", len(PARTS))
    status = lib.bdc_observation_parts(n_seats, n_cards, sizes)
    if status < 0:
        raise ValueError(f"no observation for {n_seats} seats of {n_cards} cards: {status_text(status)}")
    return tuple(sizes[0:len(PARTS)])


def observation_layout(n_seats: int, n_cards: int) -> dict[str, slice]:
    """The observation's parts (name -> slice), in order.

    :raises ValueError: for a table the state machine does not seat.
    """
    out, start = {}, 0
    for name, size in zip(PARTS, observation_parts(n_seats, n_cards)):
        out[name] = slice(start, start + size)
        start += size
    return out


def _observer_struct() -> struct.Struct:
    """The bytes of a ``bdc_observer``, field by field at the compiled offsets
    (one ``pack`` fills it: far cheaper than setting each field through cffi)."""
    fields = (
        ("n_seats", "i"), ("n_cards", "i"), ("seat", "i"), ("button", "i"), ("to_act", "i"), ("phase", "i"),
        ("round", "i"), ("n_held", "i"), ("held", "5B"), ("thrown", "Q"), ("raises", "4i"), ("aggressor", "4i"),
        ("raises_left", "i"), ("pot", "q"), ("chips", "q"), ("stacks", "10q"), ("bets", "10q"), ("committed", "10q"),
        ("folded", "10B"), ("all_in", "10B"), ("drew", "30b"),
    )
    legal = (("seat", "i"), ("phase", "i"), ("can_fold", "i"), ("can_raise", "i"), ("to_call", "q"),
             ("min_raise_to", "q"), ("max_raise_to", "q"), ("raises_left", "i"), ("max_discard", "i"))
    if [name for name, _ in ffi.typeof("bdc_observer").fields] != [name for name, _ in fields] + ["legal"]:
        raise ImportError("bdc_observer's fields are not the ones badeucey_fast._native.vector packs")  # pragma: no cover
    at = [(ffi.offsetof("bdc_observer", name), code) for name, code in fields]
    base = ffi.offsetof("bdc_observer", "legal")
    at += [(base + ffi.offsetof("bdc_legal", name), code) for name, code in legal]
    layout, position = "=", 0
    for offset, code in at:
        layout += f"{offset - position}x{code}" if offset > position else code
        position = offset + struct.calcsize("=" + code)
    total = ffi.sizeof("bdc_observer")
    return struct.Struct(layout + (f"{total - position}x" if total > position else ""))


_OBSERVER = _observer_struct()
_NO_SEATS = (0,) * 10


def encode_observation(
    *,
    n_seats: int,
    n_cards: int,
    seat: int,
    button: int,
    to_act: int | None,
    phase: str,
    round_: int,
    held: Sequence[int],
    thrown: Sequence[int],
    raises: Sequence[int],
    aggressors: Sequence[int | None],
    raises_left: int | None,
    pot: int,
    chips: int,
    stacks: Sequence[int],
    bets: Sequence[int],
    committed: Sequence[int],
    folded: Sequence[bool],
    all_in: Sequence[bool],
    draws: Sequence[Sequence[int | None]],
    legal: tuple[int, bool, int | None, int | None, int] | None,
    obs_size: int,
    n_actions: int,
    observation: bool = True,
) -> tuple[npt.NDArray[np.float32] | None, npt.NDArray[np.int8], tuple[int | None, ...]]:
    """One seat's observation, action mask and raise sizes, by the C encoder
    (``bdc_observation_encode``) from the facts of a hand.

    :param to_act: the seat to act; None once the hand is over.
    :param phase: ``"bet"``, ``"draw"`` or ``"over"``.
    :param draws: for each draw so far, the cards each seat drew (None: not drawn).
    :param legal: for the seat to act (read only when ``seat`` is to act): the
        chips to call, whether it may fold, the raise-to bounds (None when it
        may not raise) and the most cards it may throw.
    :param observation: False to leave the observation out (only the mask and the raise sizes).
    :return: the observation (float32; None without ``observation``), the
        mask (int8) and the raise-to amounts of the four raise actions (None
        where masked).
    :raises ValueError: for facts the encoder refuses.
    """
    pad = _NO_SEATS[n_seats:]
    mask = 0
    for card in thrown:
        mask |= 1 << card
    drew: list[int] = []
    for d in range(3):
        row = draws[d] if d < len(draws) else ()
        drew += [-1 if d >= len(draws) or row[s] is None else row[s] for s in range(n_seats)]  # type: ignore[misc]
        drew += pad
    phase_code = _PHASES[phase]
    if legal is not None and to_act == seat:
        to_call, can_fold, low, high, most = legal
        legal_values = (seat, phase_code, int(can_fold), int(low is not None), to_call, low or 0, high or 0, 0, most)
    else:
        legal_values = (0,) * 9
    buffer = bytearray(_OBSERVER.size)
    _OBSERVER.pack_into(
        buffer, 0, n_seats, n_cards, seat, button, -1 if to_act is None else to_act, phase_code, round_, len(held),
        *held, *_NO_SEATS[len(held):5], mask, *raises, *[-1 if a is None else a for a in aggressors],
        -1 if raises_left is None else raises_left, pot, chips, *stacks, *pad, *bets, *pad, *committed, *pad,
        *map(int, folded), *pad, *map(int, all_in), *pad, *drew, *legal_values)
    o = ffi.cast("bdc_observer *", ffi.from_buffer(buffer))
    obs = np.empty(obs_size, dtype=np.float32) if observation else None
    actions = np.empty(n_actions, dtype=np.int8)
    raise_to = ffi.new("int64_t[4]")
    status = lib.bdc_observation_encode(o, ffi.NULL if obs is None else ffi.cast("float *", ffi.from_buffer(obs)),
                                        obs_size, ffi.cast("int8_t *", ffi.from_buffer(actions)), n_actions, raise_to)
    if status < 0:
        raise ValueError(f"observation of seat {seat}: {status_text(status)}")
    return obs, actions, tuple(raise_to[i] or None for i in range(4))


def new_record() -> Any:
    """A ``bdc_obs_record`` for a hand just dealt: nothing thrown, raised or drawn."""
    record = ffi.new("bdc_obs_record *")
    record.aggressor = [-1] * 4
    ffi.memmove(record.drew, b"\xff" * ffi.sizeof(record.drew), ffi.sizeof(record.drew))
    return record


def encode_table(table: Any, seat: int, record: Any, *, obs_size: int, n_actions: int,
                 observation: bool = True) -> tuple[npt.NDArray[np.float32] | None, npt.NDArray[np.int8], tuple[int | None, ...]]:
    """``seat``'s observation, action mask and raise sizes at a hand's C table
    (``bdc_table *``), with the hand's ``bdc_obs_record`` (:func:`new_record`),
    by ``bdc_observation_of_table``: the table's numbers read in C, as the
    vector environment reads them.  The caller holds the hand for the call.

    :param observation: False to leave the observation out (only the mask and the raise sizes).
    :return: as :func:`encode_observation`.
    :raises ValueError: for a table or record the encoder refuses.
    """
    obs = np.empty(obs_size, dtype=np.float32) if observation else None
    actions = np.empty(n_actions, dtype=np.int8)
    raise_to = ffi.new("int64_t[4]")
    status = lib.bdc_observation_of_table(table, seat, record,
                                          ffi.NULL if obs is None else ffi.from_buffer("float[]", obs), obs_size,
                                          ffi.from_buffer("int8_t[]", actions), n_actions, raise_to)
    if status < 0:
        raise ValueError(f"observation of seat {seat}: {status_text(status)}")
    return obs, actions, (raise_to[0] or None, raise_to[1] or None, raise_to[2] or None, raise_to[3] or None)


class VectorTables:
    """``num_envs`` tables of ``bdc_vector_table`` and the C calls that reset
    and step them (the checks of arguments are the caller's: shapes and types
    arrive right).

    :param rules: a :class:`~badeucey_fast.play.TableRules`.
    :param stacks: each seat's chips at the start of every hand.

    One call at a time: the C calls run without the GIL and write the tables and
    the outputs struct, so a call while another thread's has them (``_busy``) raises
    RuntimeError before anything is written.
    """

    __slots__ = ("_busy", "_out", "_rules", "_stacks", "_tables", "n_actions", "n_seats", "num_envs", "obs_size")

    def __init__(self, rules: Any, stacks: Sequence[int], num_envs: int) -> None:
        self.num_envs = num_envs
        self.n_seats = len(stacks)
        n_cards = rules.game.hand_size
        self.obs_size = sum(observation_parts(self.n_seats, n_cards))
        self.n_actions = DRAW + 2 ** n_cards
        self._rules = table_rules(rules)
        self._stacks = ffi.new("int64_t[]", list(stacks))
        self._tables = ffi.new("bdc_vector_table[]", num_envs)
        self._out = ffi.new("bdc_vector_out *")
        self._out.obs_size, self._out.n_actions, self._out.n_seats = self.obs_size, self.n_actions, self.n_seats
        self._busy = threading.Lock()  # (taken without waiting: a second call is refused, never queued)

    def _take(self) -> None:
        """Take the tables for a call, or raise RuntimeError when another call has them."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError("VectorEnv is being used by another call (another thread's): "
                               "a VectorEnv takes one call at a time")

    def _outputs(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int32],
                                npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
        """Fresh output arrays, pointed at by the outputs struct."""
        n = self.num_envs
        obs = np.empty((n, self.obs_size), dtype=np.float32)
        masks = np.empty((n, self.n_actions), dtype=np.int8)
        seats = np.empty(n, dtype=np.int32)
        rewards = np.empty((n, self.n_seats), dtype=np.float32)
        payoffs = np.empty((n, self.n_seats), dtype=np.int64)
        dones = np.empty(n, dtype=np.bool_)
        out = self._out
        out.observations = ffi.cast("float *", ffi.from_buffer(obs))
        out.masks = ffi.cast("int8_t *", ffi.from_buffer(masks))
        out.seats = ffi.cast("int32_t *", ffi.from_buffer(seats))
        out.rewards = ffi.cast("float *", ffi.from_buffer(rewards))
        out.payoffs = ffi.cast("int64_t *", ffi.from_buffer(payoffs))
        out.dones = ffi.cast("uint8_t *", ffi.from_buffer(dones))
        return obs, masks, seats, rewards, payoffs, dones

    def reset(self, seed: int | None, first_table: int) -> tuple[Any, ...]:
        """Deal a first hand at every table: every deal stream seeded from
        ``seed`` (None: each table goes on with its own stream)."""
        self._take()
        try:
            arrays = self._outputs()
            bad = ffi.new("size_t *")
            status = lib.bdc_vector_reset(self._tables, self.num_envs, self._rules, self.n_seats, self._stacks,
                                          0 if seed is None else seed, first_table, int(seed is not None), self._out,
                                          bad)
        finally:
            self._busy.release()
        if status < 0:
            raise ValueError(f"reset of table {bad[0]}: {status_text(status)}")
        return arrays

    def step(self, actions: npt.NDArray[np.int64], given: npt.NDArray[Any] | None = None) -> tuple[Any, ...]:
        """Every table's seat to act takes its action (an int64 array, C-contiguous, one per table).

        :param given: the actions as the caller gave them, which messages quote
            (an unsigned action beyond int64 is a negative one in ``actions``).
        :raises ValueError: naming the first table whose action is not legal now (nothing moved).
        """
        self._take()
        try:
            arrays = self._outputs()
            bad = ffi.new("size_t *")
            status = lib.bdc_vector_step(self._tables, self.num_envs, ffi.cast("int64_t *", ffi.from_buffer(actions)),
                                         self._out, bad)
        finally:
            self._busy.release()
        if status < 0:
            table = int(bad[0])
            if status == lib.BDC_E_ILLEGAL:
                action = int((actions if given is None else given)[table])
                raise ValueError(f"table {table}: action {action} is not legal now (see the action mask)")
            raise ValueError(f"table {table}: {status_text(status)}")
        return arrays

    def deal(self, index: int) -> tuple[int, tuple[int, ...], int]:
        """Table ``index``'s hand in play: its button, its deck (in the order
        dealt) and its table seed (of the reshuffles)."""
        self._take()
        try:
            v = self._tables[index]
            cards = int(v.table.rules.deck)  # the rules' deck as a bit set; 0: all 52 cards
            size = bin(cards).count("1") if cards else 52
            return int(v.table.button), tuple(v.deck[0:size]), int(v.seed)
        finally:
            self._busy.release()

    def hands(self) -> npt.NDArray[np.uint64]:
        """Hands dealt at each table since the reset (the hand in play included)."""
        self._take()
        try:
            return np.array([self._tables[i].hands for i in range(self.num_envs)], dtype=np.uint64)
        finally:
            self._busy.release()


def fresh_seed() -> int:
    """A seed from the operating system's randomness."""
    return int.from_bytes(os.urandom(8), "little")
