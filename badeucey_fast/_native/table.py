"""The hand's state machine of the C core (``csrc/bdc_table.c``), thinly wrapped.

Private: :class:`~badeucey_fast.play.Hand` wraps the C table itself (it takes
:func:`table_rules` from here); the tests, the benchmarks and :func:`selfplay`
use this module.  A :class:`Table` holds one
``bdc_table`` (a flat struct: :meth:`Table.copy` copies it), plays integer
actions (the header's encoding: :data:`FOLD`, :data:`CHECK_CALL`, a positive
raise-to amount in a betting round, a discard mask in a draw) and keeps the
events the C state machine reports, as plain tuples.

Where the random picks of the stub come from: the table's own generator
(seeded by ``seed``), or a :class:`random.Random` whose ``random()`` values
are handed to C one by one in the order the picks are made, so that a table
given :func:`~badeucey_fast.play.seeded_generator` of ``seed`` deals exactly
as ``Hand(..., seed=seed)`` does.

>>> from badeucey_fast._native.table import CHECK_CALL, Table
>>> from badeucey_fast.play import TableRules
>>> table = Table(TableRules("badugi"), [50, 50], seed=1)
>>> table.legal()
(0, 0, 1, True, 4, 4, None, 0)
>>> table.act(CHECK_CALL); table.act(CHECK_CALL); table.phase
1
>>> table.act(-5)
Traceback (most recent call last):
...
ValueError: table action -5: an action the seat to act may not take now
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import check_int, ffi, lib, status_text

FOLD: int = lib.BDC_ACTION_FOLD
CHECK_CALL: int = lib.BDC_ACTION_CHECK_CALL
BET, DRAW, OVER = lib.BDC_PHASE_BET, lib.BDC_PHASE_DRAW, lib.BDC_PHASE_OVER
MAX_CHIPS: int = lib.BDC_TABLE_MAX_CHIPS

_BADUGI = {None: lib.BDC_NO_HALF, "low": lib.BDC_BADUGI_LOW, "high": lib.BDC_BADUGI_HIGH}
_LOW = {None: lib.BDC_NO_HALF, "deuce_seven": lib.BDC_DEUCE_SEVEN, "ace_five": lib.BDC_ACE_FIVE}
_STRUCTURES = {"fixed": lib.BDC_FIXED_LIMIT, "pot": lib.BDC_POT_LIMIT, "no": lib.BDC_NO_LIMIT}
POLICIES: dict[str, int] = {"random": lib.BDC_POLICY_RANDOM, "calling": lib.BDC_POLICY_CALLING,
                            "drawing": lib.BDC_POLICY_DRAWING}
"""The built-in policies of :func:`selfplay`, by name."""
DEALINGS: dict[str, int] = {"shuffled": lib.BDC_SELFPLAY_SHUFFLED, "drawn": lib.BDC_SELFPLAY_DRAWN}
"""How :func:`selfplay` deals, by name: the whole deck shuffled per deal (the
deals of :func:`~badeucey_fast.play.matches.play_match`), or each card drawn
as it is dealt (:func:`~badeucey_fast.play.selfplay`'s)."""
_UNIFORMS = 64  # the uniforms buffer: more than a start or an action takes
_START, _ACT = lib.BDC_TABLE_START_UNIFORMS, lib.BDC_TABLE_ACT_UNIFORMS

_EVENT_SIZE: int = ffi.sizeof("bdc_table_event")
_AMOUNT_AT: int = ffi.offsetof("bdc_table_event", "amount")
_EVENT_HEAD = struct.Struct("=bbbBB10s")  # kind, seat, round, n_thrown, n_cards, cards (badeucey.h's order)
_EVENT_AMOUNT = struct.Struct("=q")
Event = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int]
"""(kind, seat, round, cards, dealt, amount): ``cards`` is the hand dealt or
shown, the card burnt, or a draw's thrown cards; ``dealt`` a draw's new cards."""


def table_rules(rules: Any) -> Any:
    """A ``bdc_table_rules`` from a :class:`~badeucey_fast.play.TableRules`."""
    game = rules.game
    out = ffi.new("bdc_table_rules *")
    out.game.badugi = _BADUGI[game.badugi]
    out.game.low = _LOW[game.low]
    out.game.n_cards = game.hand_size
    out.odd_chip_badugi = int(game.is_split and game.odd_chip == "badugi")
    out.badugi_qualifier = game.badugi_qualifier or 0
    out.low_qualifier = game.low_qualifier or 0
    out.structure = _STRUCTURES[rules.structure]
    out.small_blind = rules.small_blind
    out.big_blind = rules.big_blind
    out.small_bet = rules.small_bet
    out.big_bet = rules.big_bet
    out.cap = rules.cap
    out.heads_up_cap = rules.heads_up_cap or 0
    out.burn = int(rules.burn)
    out.cap_counts_blind = int(rules.cap_counts_blind)
    out.deck = 0 if rules.deck is None else sum(1 << card for card in rules.deck)  # 0: all 52
    out.draws = rules.draws
    out.max_discard = rules.max_discard or 0  # 0: the whole hand
    out.ante = rules.ante
    return out


def _check(status: int, what: str) -> None:
    if status < 0:
        raise ValueError(f"{what}: {status_text(status)}")


class Table:
    """One hand at a table, in C (see the module docstring).

    :param rules: a :class:`~badeucey_fast.play.TableRules`.
    :param stacks: each seat's chips (1 .. ``MAX_CHIPS``).
    :param button: the button's seat.
    :param seed: seeds the table's own generator (``rng`` None).
    :param deck: the 52 card ids in the order dealt, or None to deal at random.
    :param rng: a :class:`random.Random` giving the uniforms of every random pick.
    :raises ValueError: for settings, stacks, a button or a deck the C core refuses.
    """

    __slots__ = ("_buffer", "_events", "_io", "_legal", "_raw", "_rng", "_table")

    def __init__(self, rules: Any, stacks: Sequence[int], *, button: int = 0, seed: int = 0,
                 deck: Sequence[int] | None = None, rng: random.Random | None = None) -> None:
        self._table = ffi.new("bdc_table *")
        self._events = ffi.new("bdc_table_event[]", lib.BDC_TABLE_MAX_EVENTS)
        self._io = ffi.new("bdc_table_io *")
        self._io.events = self._events
        self._io.max_events = lib.BDC_TABLE_MAX_EVENTS
        self._rng = rng
        self._buffer: Any = None  # the uniforms handed to C (a double[] with rng)
        if rng is not None:
            self._buffer = ffi.new("double[]", _UNIFORMS)
            self._io.uniforms = self._buffer
            self._io.n_uniforms = self._io.used = 0
        self._legal = ffi.new("bdc_legal *")
        self._raw: list[bytes] = []  # each call's events as the C structs' bytes, decoded when asked
        n = len(stacks)
        c_stacks = ffi.new("int64_t[]", [check_int(s, "a stack") for s in stacks] or [0])
        c_deck = ffi.NULL
        if deck is not None:
            ids = [check_int(c, "a card") for c in deck]
            if len(ids) != lib.BDC_DECK_SIZE:
                raise ValueError(f"table: a deck has {lib.BDC_DECK_SIZE} cards, not {len(ids)}")
            c_deck = ffi.new("uint8_t[]", [c if 0 <= c <= 255 else 255 for c in ids])  # C refuses 52..255
        self._refill(_START)
        status = lib.bdc_table_start(self._table, table_rules(rules), n, c_stacks, check_int(button, "button"),
                                     c_deck, check_int(seed, "seed") & (2**64 - 1), self._io)
        _check(status, "table")
        self._collect()

    def _refill(self, need: int) -> None:
        """Have at least ``need`` uniforms of ``rng`` ready for C, in order."""
        io, rng = self._io, self._rng
        if rng is None or io.n_uniforms - io.used >= need:
            return
        buffer = self._buffer
        rest = [buffer[i] for i in range(io.used, io.n_uniforms)]
        draw = rng.random
        buffer[0:_UNIFORMS] = rest + [draw() for _ in range(_UNIFORMS - len(rest))]
        io.used, io.n_uniforms = 0, _UNIFORMS

    def _collect(self) -> None:
        n = self._io.n_events
        if n:
            self._raw.append(ffi.buffer(self._events, n * _EVENT_SIZE)[:])

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order."""
        out: list[Event] = []
        head, amount = _EVENT_HEAD.unpack_from, _EVENT_AMOUNT.unpack_from
        for raw in self._raw:
            for offset in range(0, len(raw), _EVENT_SIZE):
                kind, seat, round_, n_thrown, n_cards, cards = head(raw, offset)
                (chips,) = amount(raw, offset + _AMOUNT_AT)
                if kind == lib.BDC_EVENT_DRAW:
                    out.append((kind, seat, round_, tuple(cards[:n_thrown]), tuple(cards[n_thrown:n_cards]), chips))
                else:
                    out.append((kind, seat, round_, tuple(cards[:n_cards]), (), chips))
        return out

    def act(self, action: int) -> None:
        """The seat to act takes ``action``.

        :raises ValueError: for an action it may not take now (nothing changes).
        """
        self._refill(_ACT)
        status = lib.bdc_table_act(self._table, action, self._io)
        if status < 0:
            raise ValueError(f"table action {action}: {status_text(status)}")
        self._collect()

    def can(self, action: int) -> bool:
        """Whether ``action`` is legal now."""
        status = lib.bdc_table_can(self._table, action)
        _check(status, "table")
        return bool(status)

    def legal(self) -> tuple[int | None, int, int, bool, int | None, int | None, int | None, int]:
        """(seat, phase, to_call, can_fold, min_raise_to, max_raise_to, raises_left,
        max_discard): the numbers of the engine's ``Legal`` (None where it has None)."""
        legal = self._legal
        _check(lib.bdc_table_legal(self._table, legal), "table")
        seat = None if legal.seat < 0 else legal.seat
        raising = bool(legal.can_raise)
        return (seat, legal.phase, legal.to_call, bool(legal.can_fold),
                legal.min_raise_to if raising else None, legal.max_raise_to if raising else None,
                None if legal.raises_left < 0 else legal.raises_left, legal.max_discard)

    def copy(self) -> Table:
        """An independent copy that plays on as this table would (the struct
        copied, and the uniforms source: its buffer and a twin of ``rng``)."""
        twin = Table.__new__(Table)
        twin._table = ffi.new("bdc_table *", self._table[0])
        twin._events = ffi.new("bdc_table_event[]", lib.BDC_TABLE_MAX_EVENTS)
        twin._io = ffi.new("bdc_table_io *", self._io[0])
        twin._io.events = twin._events
        twin._rng = None
        twin._buffer = None
        if self._rng is not None:
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
            twin._buffer = ffi.new("double[]", self._buffer[0:_UNIFORMS])
            twin._io.uniforms = twin._buffer
        twin._legal = ffi.new("bdc_legal *")
        twin._raw = self._raw[:]
        return twin

    def cards(self, seat: int) -> tuple[int, ...]:
        """A seat's cards now (none once folded)."""
        out = ffi.new("uint8_t[5]")
        n = lib.bdc_table_cards(self._table, seat, out)
        _check(n, "table")
        return tuple(out[0:n])

    def _seats(self, field: str) -> tuple[int, ...]:
        return tuple(getattr(self._table, field)[0:self._table.n_seats])

    @property
    def phase(self) -> int:
        return int(self._table.phase)

    @property
    def round(self) -> int:
        return int(self._table.round)

    @property
    def to_act(self) -> int | None:
        seat = int(self._table.to_act)
        return None if seat < 0 else seat

    @property
    def stacks(self) -> tuple[int, ...]:
        return self._seats("stacks")

    @property
    def bets(self) -> tuple[int, ...]:
        return self._seats("bets")

    @property
    def committed(self) -> tuple[int, ...]:
        return self._seats("committed")

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(map(bool, self._seats("folded")))

    @property
    def all_in(self) -> tuple[bool, ...]:
        return tuple(map(bool, self._seats("all_in")))

    @property
    def pot(self) -> int:
        """Chips in the middle (0 once the hand is over)."""
        return 0 if self._table.phase == OVER else sum(self.committed)

    @property
    def payoffs(self) -> tuple[int, ...] | None:
        """Net chips per seat once the hand is over; None before."""
        return self._seats("payoffs") if self._table.phase == OVER else None

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """After a showdown, the pots settled: (amount, eligible seats), main pot first."""
        t = self._table
        return tuple((t.pot_amount[p], tuple(s for s in range(t.n_seats) if t.pot_eligible[p] >> s & 1))
                     for p in range(t.n_pots))


def selfplay(rules: Any, stacks: Sequence[int], policies: Sequence[str], deals: int, seed: int, *,
             first_deal: int = 0, duplicate: bool = True, dealing: str = "drawn") -> npt.NDArray[np.int64]:
    """Deals ``first_deal`` .. ``first_deal + deals - 1`` played in C by built-in
    policies (:data:`POLICIES`; bot ``b`` sits in seat ``b``, the button at seat
    ``deal % seats``), duplicate (every deal once per rotation of the bots) or not,
    dealt as :data:`DEALINGS` says (``bdc_selfplay`` in ``csrc/badeucey.h``:
    a ``"drawn"`` deal ``d`` is dealt as :class:`Table` with the seed
    :func:`drawn_table_seed` deals).

    :return: the chips each bot won in each deal, over its rotations: (deals, seats) int64.
        A deal's result depends on ``seed`` and its number only.
    :raises ValueError: for an unknown policy or dealing, or settings the C core refuses.

    >>> from badeucey_fast._native.table import selfplay
    >>> from badeucey_fast.play import TableRules
    >>> won = selfplay(TableRules("badugi"), [100, 100], ["random", "calling"], 4, seed=1)
    >>> won.shape, bool((won.sum(axis=1) == 0).all())
    ((4, 2), True)
    >>> selfplay(TableRules("badugi"), [100, 100], ["random", "folding"], 4, seed=1)
    Traceback (most recent call last):
    ...
    ValueError: selfplay: unknown policy 'folding' (known: random, calling, drawing)
    """
    n = len(stacks)
    if len(policies) != n:
        raise ValueError(f"selfplay: {len(policies)} policies for {n} seats")
    codes = []
    for name in policies:
        if name not in POLICIES:
            raise ValueError(f"selfplay: unknown policy {name!r} (known: {', '.join(POLICIES)})")
        codes.append(POLICIES[name])
    if dealing not in DEALINGS:
        raise ValueError(f"selfplay: unknown dealing {dealing!r} (known: {', '.join(DEALINGS)})")
    deals = check_int(deals, "deals")
    if deals < 0:
        raise ValueError(f"selfplay: deals must be at least 0, got {deals}")
    out = np.zeros((deals, n), dtype=np.int64)
    status = lib.bdc_selfplay(table_rules(rules), n, ffi.new("int64_t[]", [check_int(s, "a stack") for s in stacks]),
                              ffi.new("int[]", codes), check_int(seed, "seed") & (2**64 - 1),
                              check_int(first_deal, "first_deal"), deals, int(bool(duplicate)), DEALINGS[dealing],
                              ffi.cast("int64_t *", ffi.from_buffer(out)))
    _check(status, "selfplay")
    return out


_SPLITMIX_STEP = 0x9E3779B97F4A7C15  # splitmix64's increment (csrc/badeucey.h's G)


def drawn_table_seed(seed: int, deal: int) -> int:
    """The seed of the :class:`Table` that deals as :func:`selfplay`'s
    ``"drawn"`` deal ``deal`` of ``seed`` does: the same hands, draws and
    reshuffles (``bdc_selfplay`` in ``csrc/badeucey.h``).

    >>> from badeucey_fast._native.table import drawn_table_seed
    >>> drawn_table_seed(0, 0) == 4 * 0x9E3779B97F4A7C15 % 2**64
    True
    """
    return (seed + (8 * deal + 4) * _SPLITMIX_STEP) % 2**64
