"""A C table whose every chance event is chosen by the caller: the solvers' view of a hand.

Private: :mod:`badeucey_fast.solve` builds on it.  A :class:`ChanceTable`
holds one ``bdc_table`` of ``csrc/bdc_table.c`` and plays it with uniforms
picked so that the deal and each draw give exactly the cards asked for: the
state machine's own rules (the stub, its reforming from the cards out of
play) decide which cards a draw *can* bring, this class only picks among
them.  :meth:`ChanceTable.draw_outcomes` lists those cards and their
probabilities, as the table would deal them at random.

>>> from badeucey_fast._native.mini import ChanceTable
>>> from badeucey_fast.play import TableRules
>>> rules = TableRules.mini()
>>> rules.deck
(1, 2, 3, 5, 6, 7, 49, 50, 51)
>>> table = ChanceTable(rules, [20, 20], [(1, 2, 3, 5), (6, 7, 49, 50)])
>>> table.cards(0), table.cards(1)
((1, 2, 3, 5), (6, 7, 49, 50))
>>> table.draw_outcomes(0b1)  # nothing to draw before the draw; one card: the one left
[((51,), 1.0)]
>>> ChanceTable(rules, [20, 20], [(1, 2, 3, 5), (1, 7, 49, 50)])
Traceback (most recent call last):
...
ValueError: the hands hold card 1 twice
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb
from typing import Any

from badeucey_fast._native import check_int, ffi, lib, status_text
from badeucey_fast._native.table import table_rules

_UNIFORMS = 64  # more than a start (41) or an action (6) may take
_START, _ACT = lib.BDC_TABLE_START_UNIFORMS, lib.BDC_TABLE_ACT_UNIFORMS


class _Scratch(threading.local):
    """Each thread's buffers for a call (a table is one struct: copying it copies nothing else)."""

    def __init__(self) -> None:
        self.uniforms = ffi.new("double[]", _UNIFORMS)
        self.io = ffi.new("bdc_table_io *")
        self.io.uniforms = self.uniforms
        self.legal = ffi.new("bdc_legal *")


_scratch = _Scratch()


def _uniform(index: int, left: int) -> float:
    """The uniform the C table turns into ``index`` among ``left`` (it takes floor(u * left))."""
    return (index + 0.5) / left


class ChanceTable:
    """One hand at a table in C, its deal given (see the module docstring).

    :param rules: a :class:`~badeucey_fast.play.TableRules` without burns.
    :param stacks: each seat's chips.
    :param hands: each seat's cards, in the order the seat holds them.
    :param button: the button's seat.
    :raises ValueError: for settings the C core refuses, burns, or hands
        that are not the game's hands from the rules' deck.
    """

    __slots__ = ("_table", "deck")

    def __init__(self, rules: Any, stacks: Sequence[int], hands: Sequence[Sequence[int]], *,
                 button: int = 0) -> None:
        if rules.burn:
            raise ValueError("a table whose chance the caller picks has no burns")
        n = len(stacks)
        if len(hands) != n:
            raise ValueError(f"{len(hands)} hands for {n} seats")
        deck = tuple(range(lib.BDC_DECK_SIZE)) if rules.deck is None else tuple(rules.deck)
        self.deck = deck
        size = rules.game.hand_size
        seen: set[int] = set()
        for hand in hands:
            if len(hand) != size:
                raise ValueError(f"a hand has {size} cards, got {len(hand)}")
            for card in hand:
                if card not in deck:
                    raise ValueError(f"card {card} is not in the rules' deck")
                if card in seen:
                    raise ValueError(f"the hands hold card {card} twice")
                seen.add(card)
        button = check_int(button, "button", low=0, high=n - 1)
        stub = list(deck)  # the C table's stub before the deal: the deck in id order
        picks = []
        for k in range(size):  # one card at a time, clockwise from left of the button
            for i in range(n):
                card = hands[(button + 1 + i) % n][k]
                left = len(stub)
                j = stub.index(card)
                picks.append(_uniform(j, left))
                stub[j] = stub[left - 1]
                stub.pop()
        self._table = ffi.new("bdc_table *")
        io = self._feed(picks, _START)
        status = lib.bdc_table_start(self._table, table_rules(rules), n,
                                     ffi.new("int64_t[]", [check_int(s, "a stack") for s in stacks]), button,
                                     ffi.NULL, 0, io)
        if status < 0:
            raise ValueError(f"table: {status_text(status)}")

    @staticmethod
    def _feed(picks: list[float], need: int) -> Any:
        """The io that hands ``picks`` to the next call, padded to the uniforms it may ask for."""
        values = picks + [0.0] * max(0, need - len(picks))
        scratch = _scratch
        scratch.uniforms[0:len(values)] = values
        io = scratch.io
        io.n_uniforms = len(values)
        io.used = 0
        return io

    def copy(self) -> ChanceTable:
        """An independent copy (the struct copied)."""
        twin = ChanceTable.__new__(ChanceTable)
        twin._table = ffi.new("bdc_table *", self._table[0])
        twin.deck = self.deck
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceTable:
        return self.copy()

    # ---- reading ---------------------------------------------------------

    @property
    def phase(self) -> int:
        return int(self._table.phase)

    @property
    def round(self) -> int:
        return int(self._table.round)

    @property
    def to_act(self) -> int:
        """The seat to act; -1 once the hand is over."""
        return int(self._table.to_act)

    def cards(self, seat: int) -> tuple[int, ...]:
        """A seat's cards in the order it holds them (none once folded)."""
        t = self._table
        return tuple(t.hole[seat][0:t.n_hole[seat]])

    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in this betting round."""
        t = self._table
        return tuple(t.bets[0:t.n_seats])

    def committed(self) -> tuple[int, ...]:
        """The chips each seat has put in this hand, this round's bets included."""
        t = self._table
        return tuple(t.committed[0:t.n_seats])

    def payoffs(self) -> tuple[int, ...]:
        """Net chips per seat (the hand must be over)."""
        t = self._table
        return tuple(t.payoffs[0:t.n_seats])

    def legal(self) -> Any:
        """The C ``bdc_legal`` of the seat to act (the thread's buffer: read it before the next call)."""
        legal = _scratch.legal
        status = lib.bdc_table_legal(self._table, legal)
        if status < 0:
            raise ValueError(f"table: {status_text(status)}")
        return legal

    # ---- playing ---------------------------------------------------------

    def bet(self, action: int) -> None:
        """The seat to act folds (-1), checks or calls (0) or raises to ``action``."""
        if self._table.phase != lib.BDC_PHASE_BET:
            raise ValueError("table: not a betting round")
        self._act(action, [])

    def draw_outcomes(self, thrown: int) -> list[tuple[tuple[int, ...], float]]:
        """Every set of cards (ascending) the seat to act can be dealt for
        throwing ``popcount(thrown)`` cards, with its probability: the stub's
        cards when it holds enough, else all of the stub and the rest from the
        cards out of play (the seat's own throw not among them)."""
        k = bin(thrown).count("1")
        if k == 0:
            return [((), 1.0)]
        t = self._table
        stub = sorted(t.stub[0:t.n_stub])
        if len(stub) >= k:
            p = 1.0 / comb(len(stub), k)
            return [(cards, p) for cards in combinations(stub, k)]
        muck = sorted(t.muck[0:t.n_muck])
        rest = k - len(stub)
        p = 1.0 / comb(len(muck), rest)
        return [(tuple(sorted(stub + list(more))), p) for more in combinations(muck, rest)]

    def next_cards(self, received: Sequence[int]) -> tuple[int, ...]:
        """The cards the next card of the seat to act's draw can be (each as
        likely), ``received`` its cards dealt so far: the stub's cards left, and
        once the draw has taken the whole stub, the cards out of play left (the
        seat's own throw not among them), as :meth:`draw_outcomes` deals them."""
        t = self._table
        taken = set(received)
        stub = [card for card in t.stub[0:t.n_stub] if card not in taken]
        if stub:
            return tuple(sorted(stub))
        return tuple(sorted(card for card in t.muck[0:t.n_muck] if card not in taken))

    def draw(self, thrown: int, cards: Iterable[int]) -> None:
        """The seat to act throws the mask ``thrown`` (over its cards as
        :meth:`cards` lists them) and is dealt exactly ``cards`` (one of
        :meth:`draw_outcomes`).

        :raises ValueError: for cards the draw cannot bring.
        """
        t = self._table
        if t.phase != lib.BDC_PHASE_DRAW:
            raise ValueError("table: not a draw")
        wanted = sorted(cards)
        if len(wanted) != bin(thrown).count("1"):
            raise ValueError(f"table: {len(wanted)} cards for a throw of {bin(thrown).count('1')}")
        stub = list(t.stub[0:t.n_stub])
        picks = []
        if len(stub) < len(wanted):  # the stub deals what it has, then is reformed from the cards out of play
            if not set(stub) <= set(wanted):
                raise ValueError("table: a draw takes the whole stub first")
            rest = [c for c in wanted if c not in stub]
            stub = list(t.muck[0:t.n_muck])
        else:
            rest = wanted
        for card in rest:
            if card not in stub:
                raise ValueError(f"table: card {card} cannot come in this draw")
            left = len(stub)
            j = stub.index(card)
            picks.append(_uniform(j, left))
            stub[j] = stub[left - 1]
            stub.pop()
        self._act(thrown, picks)

    def _act(self, action: int, picks: list[float]) -> None:
        # a bet or a pat draw picks no card: no uniforms to hand over
        io = self._feed(picks, _ACT) if picks else ffi.NULL
        status = lib.bdc_table_act(self._table, action, io)
        if status < 0:
            raise ValueError(f"table action {action}: {status_text(status)}")
