"""A heads-up table game as a tree: chance outcomes with their probabilities, actions, information states.

:class:`TableGame` turns a :class:`~badeucey_fast.play.TableRules` for two
seats into the extensive-form game the solvers traverse, on the C table's
state machine (:class:`~badeucey_fast._native.mini.ChanceTable`): a state is
a chance node (the deal, or the cards a draw brings), a seat's decision, or
the end of the hand.

- **Seats.** Seat 0 is the button (it posts the small blind and acts first
  before the draw), seat 1 the big blind; both start with ``stack`` chips.
- **Chance.** The deal: every ordered pair of hands from the rules' deck,
  equally likely.  A draw of ``k`` cards: every set the stub rule allows,
  with the probability the table deals it at random.
- **Actions** are table actions: in a betting round -1 folds, 0 checks or
  calls, a positive number raises to that amount (every legal amount); in a
  draw, a mask over the seat's cards as :meth:`TableState.cards` lists them
  (ascending card ids), at most ``max_discard`` bits.
- **Information states** (perfect recall): the seat, its dealt hand, every
  betting action, its own draws (the cards thrown and the cards received)
  and the number of cards the other seat drew; :meth:`TableState.information_state`
  writes them as a string, equal for exactly the states the seat cannot tell apart.

>>> from badeucey_fast.play import TableRules
>>> from badeucey_fast.solve import TableGame
>>> game = TableGame(TableRules.mini())
>>> len(game.deals), game.deals[0]
(630, ((1, 2, 3, 5), (6, 7, 49, 50)))
>>> state = game.root().child(game.deals[0])
>>> state.current_seat(), state.legal_actions()
(0, (-1, 0))
>>> state.information_state(0)
'seat 0 | hand 2d 2h 2s 3d |'
>>> TableGame(TableRules.mini(), stack=0)
Traceback (most recent call last):
...
ValueError: stack must be 1..1099511627776, got 0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from math import comb
from typing import Any, cast

from badeucey_fast._checks import check_int
from badeucey_fast._native import lib
from badeucey_fast._native.mini import ChanceTable
from badeucey_fast.cards import format_cards
from badeucey_fast.games import Game
from badeucey_fast.play.rules import TableRules

__all__ = ["SEATS", "TableGame", "TableState"]

SEATS = 2
"""The solvers' games are heads-up."""

_BET, _DRAW = lib.BDC_PHASE_BET, lib.BDC_PHASE_DRAW
_CHANCE_NODE, _TERMINAL_NODE = -1, -2  # a state's status; else the seat to act
# The solver's codes of an information set (badeucey.h, "THE INFORMATION-SET KEY"): public
# actions, and a card of the seat's own draws as two codes (card // 8 + 1, card % 8 + 1).
_FOLD_CODE, _CALL_CODE, _RAISE_CODE, _DRAW_CODE, _CARD_CODE_BASE = 1, 2, 3, 4, 8


@dataclass(frozen=True)
class TableGame:
    """A heads-up game of a :class:`~badeucey_fast.play.TableRules` (see the module docstring).

    :param rules: the table's rules, without burns (their chance is not enumerated).
    :param stack: each seat's chips at the start.
    :raises TypeError: for rules that are not a :class:`TableRules`.
    :raises ValueError: for burns, or a stack outside 1..2**40.
    """

    rules: TableRules
    stack: int = 20
    deck: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, TableRules):
            raise TypeError(f"rules must be a TableRules, not {type(self.rules).__name__}")
        if self.rules.burn:
            raise ValueError("a solver's game has no burns")
        object.__setattr__(self, "stack", check_int(self.stack, "stack", low=1, high=lib.BDC_TABLE_MAX_CHIPS))
        deck = tuple(range(lib.BDC_DECK_SIZE)) if self.rules.deck is None else cast(tuple[int, ...], self.rules.deck)
        object.__setattr__(self, "deck", deck)

    @cached_property
    def deals(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Every deal: (seat 0's hand, seat 1's hand), each ascending; listed when
        first read (a small deck's game: the full deck's are far too many to list)."""
        deck, size = self.deck, self.hand_size
        return tuple((first, second) for first in combinations(deck, size)
                     for second in combinations([c for c in deck if c not in first], size))

    @property
    def hand_size(self) -> int:
        return cast(Game, self.rules.game).hand_size

    @property
    def deal_probability(self) -> float:
        """The probability of each deal."""
        n, size = len(self.deck), self.hand_size
        return 1.0 / (comb(n, size) * comb(n - size, size))

    def root(self) -> TableState:
        """The state before the deal (a chance node)."""
        return TableState(self)


class TableState:
    """A state of a :class:`TableGame` (see the module docstring); :meth:`child` makes the next one."""

    __slots__ = ("_actions", "_codes", "_dealt", "_draw", "_history", "_status", "_table", "game")

    def __init__(self, game: TableGame) -> None:
        self.game = game
        self._table: ChanceTable | None = None
        self._draw: int | None = None  # a throw (table mask) waiting for its cards
        self._history: list[tuple[int, str]] = []  # (seat seeing it, or -1 for both; token)
        self._codes: list[tuple[int, int]] = []  # (seat seeing it, or -1 for both; the solver's code)
        self._dealt: tuple[tuple[int, ...], ...] = ()
        self._actions: tuple[int, ...] | None = None  # the legal actions, once asked (a state never changes)
        self._status = _CHANCE_NODE

    def _copy(self) -> TableState:
        twin = TableState.__new__(TableState)
        twin.game = self.game
        twin._table = None if self._table is None else self._table.copy()
        twin._draw = self._draw
        twin._history = self._history[:]
        twin._codes = self._codes[:]
        twin._dealt = self._dealt
        twin._actions = None
        twin._status = self._status
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> TableState:
        return self._copy()

    # ---- what the state is -------------------------------------------------

    def is_chance(self) -> bool:
        return self._status == _CHANCE_NODE

    def is_terminal(self) -> bool:
        return self._status == _TERMINAL_NODE

    def current_seat(self) -> int:
        """The seat to act; -1 at a chance node or once the hand is over."""
        return self._status if self._status >= 0 else -1

    @property
    def phase(self) -> int:
        """The C table's phase (betting round, draw, over); a betting round before the deal."""
        return _BET if self._table is None else self._table.phase

    @property
    def round(self) -> int:
        """The C table's round: the betting round, or the draw's number (0 before the deal)."""
        return 0 if self._table is None else self._table.round

    @property
    def dealt(self) -> tuple[tuple[int, ...], ...]:
        """The hands as dealt, per seat (none before the deal)."""
        return self._dealt

    def cards(self, seat: int) -> tuple[int, ...]:
        """The seat's cards now, ascending (none before the deal or once folded)."""
        return () if self._table is None else tuple(sorted(self._table.cards(seat)))

    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in this betting round (none before the deal)."""
        return () if self._table is None else self._table.bets()

    def pot(self) -> int:
        """Chips in the middle, this round's bets included (0 before the deal)."""
        return 0 if self._table is None else sum(self._table.committed())

    def payoffs(self) -> tuple[int, ...]:
        """Net chips per seat once the hand is over.

        :raises ValueError: before the end.
        """
        if not self.is_terminal():
            raise ValueError("the hand is not over")
        return cast(ChanceTable, self._table).payoffs()

    # ---- chance -----------------------------------------------------------

    def card_outcomes(self, received: Sequence[int] = ()) -> list[tuple[int, float]]:
        """At a draw's chance node, the next card the draw can bring after
        ``received`` (its cards dealt so far, one at a time) with its probability:
        the draw of :meth:`chance_outcomes` dealt one card at a time, for a deck
        whose sets of cards are too many to list.

        :raises ValueError: at a state that is not a draw's chance node, or for
            as many cards received as the draw brings.

        >>> from badeucey_fast.play import TableRules
        >>> from badeucey_fast.solve import TableGame
        >>> game = TableGame(TableRules.mini())
        >>> state = game.root().child(game.deals[0]).child(0).child(0).child(0b1)  # call, check, seat 1 throws 3h
        >>> state.card_outcomes()
        [(51, 1.0)]
        >>> state.card_outcomes((51,))
        Traceback (most recent call last):
        ...
        ValueError: the draw brings 1 card, 1 received
        """
        if self._table is None or self._draw is None:
            raise ValueError("not a draw's chance node")
        if len(received) >= bin(self._draw).count("1"):
            count = bin(self._draw).count("1")
            raise ValueError(f"the draw brings {count} card{'s' if count > 1 else ''}, {len(received)} received")
        pool = self._table.next_cards(received)
        p = 1.0 / len(pool)
        return [(card, p) for card in pool]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance node, (outcome, probability) pairs: a deal (two hands)
        or the cards a draw brings (ascending)."""
        if self._table is None:
            p = self.game.deal_probability
            return [(deal, p) for deal in self.game.deals]
        if self._draw is None:
            raise ValueError("not a chance node")
        return cast(list[tuple[Any, float]], self._table.draw_outcomes(self._draw))

    # ---- actions ----------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The table actions the seat to act may take (ascending)."""
        if self._actions is None:
            self._actions = self._legal_actions()
        return self._actions

    def _legal_actions(self) -> tuple[int, ...]:
        if self.is_chance() or self.is_terminal():
            return ()
        table = cast(ChanceTable, self._table)
        legal = table.legal()
        if legal.phase == _DRAW:
            size, limit = len(table.cards(legal.seat)), legal.max_discard
            return tuple(m for m in range(1 << size) if bin(m).count("1") <= limit)
        actions = [-1] if legal.can_fold else []
        actions.append(0)
        if legal.can_raise:
            actions.extend(range(legal.min_raise_to, legal.max_raise_to + 1))
        return tuple(actions)

    def child(self, action: Any) -> TableState:
        """The state after ``action``: a table action, or at a chance node one
        of :meth:`chance_outcomes`' outcomes.

        :raises ValueError: for an action or outcome not possible here.
        """
        nxt = self._copy()
        nxt._apply(action)
        table = nxt._table
        if table is None or nxt._draw is not None:
            nxt._status = _CHANCE_NODE
        else:
            seat = table.to_act
            nxt._status = seat if seat >= 0 else _TERMINAL_NODE
        return nxt

    def _apply(self, action: Any) -> None:
        table = self._table
        if table is None:
            first, second = action
            self._table = ChanceTable(self.game.rules, [self.game.stack] * SEATS, [first, second])
            self._dealt = (tuple(first), tuple(second))
            return
        if self._draw is not None:
            thrown, self._draw = self._draw, None
            seat = table.to_act
            held = table.cards(seat)
            cards = tuple(action)
            table.draw(thrown, cards)
            out = [card for i, card in enumerate(held) if thrown >> i & 1]
            self._history.append((seat, f"{seat}:d{format_cards(sorted(out)) or '-'}/{format_cards(cards)}"))
            self._history.append((1 - seat, f"{seat}:d{len(cards)}"))
            self._codes.append((-1, _DRAW_CODE + len(cards)))
            for card in (*sorted(out), *sorted(cards)):
                self._codes += [(seat, card // _CARD_CODE_BASE + 1), (seat, card % _CARD_CODE_BASE + 1)]
            return
        seat = table.to_act
        if table.phase == _DRAW:
            held = table.cards(seat)
            ordered = sorted(held)
            if not 0 <= action < 1 << len(held) or bin(action).count("1") > table.legal().max_discard:
                raise ValueError(f"draw action {action}: not a mask of at most the cards a seat may throw")
            mask = 0  # the mask over the cards as the table holds them
            for i, card in enumerate(ordered):
                if action >> i & 1:
                    mask |= 1 << held.index(card)
            if mask:
                self._draw = mask
            else:
                table.draw(0, ())
                self._history.append((-1, f"{seat}:d0"))
                self._codes.append((-1, _DRAW_CODE))
            return
        table.bet(action)
        word = "f" if action == -1 else "c" if action == 0 else f"r{action}"
        self._history.append((-1, f"{seat}:{word}"))
        self._codes.append((-1, _FOLD_CODE if action == -1 else _CALL_CODE if action == 0 else _RAISE_CODE))

    # ---- what a seat knows ---------------------------------------------------

    def information_state(self, seat: int) -> str:
        """What ``seat`` knows, as a string (see the module docstring)."""
        if self._table is None:
            return f"seat {seat} |"
        tokens = [token for who, token in self._history if who in (-1, seat)]
        return f"seat {seat} | hand {format_cards(self._dealt[seat])} | {' '.join(tokens)}".rstrip()

    def solver_codes(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What ``seat`` knows in the solver's codes (badeucey.h, "THE
        INFORMATION-SET KEY"): the hand's public actions (1 fold, 2 check or
        call, 3 bet or raise, 4 + k a draw of k cards) and the seat's own draws
        (the cards thrown then those dealt, each ascending, a card ``c`` as
        ``c // 8 + 1`` and ``c % 8 + 1``), as
        :func:`~badeucey_fast.solve.strategy.history_codes` and
        :func:`~badeucey_fast.solve.strategy.own_codes` write them for a hand."""
        public = tuple(code for who, code in self._codes if who == -1)
        own = tuple(code for who, code in self._codes if who == seat)
        return public, own
