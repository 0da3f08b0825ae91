"""The test oracle: the engine's Python state machine for whole hands of triple
draw, kept in the tests when the package's :class:`~badeucey_fast.play.Hand`
moved onto the C core's table (``csrc/bdc_table.c``).

tests/test_engine_c.py plays the same random hands through both, action by
action, and requires the same legality, state, events, errors and payoffs.
It is written from docs/rules.rst, "How a hand is played: triple draw", and
shares with the package only its values (events, views, the showdown).

>>> hand = Hand(TableRules("badugi"), [100, 100], seed=7)
>>> hand.to_act, hand.legal_actions()     # heads-up: the button posts the small blind and acts first
(0, ('f', 'cc', 'cbr 4'))
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from typing import Any

from badeucey_fast._cards import check_card, hand_ids, quick_ids
from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import Game
from badeucey_fast.play.events import (
    BetRaise,
    CheckCall,
    Deal,
    Draw,
    Event,
    Fold,
    Post,
    Show,
    phh_history,
    player_label,
)
from badeucey_fast._checks import check_int
from badeucey_fast.play.rules import STRUCTURES, TableRules
from badeucey_fast.play.view import HandView, Legal
from badeucey_fast.showdown import (
    HalfSettlement,
    Ranks,
    ShowdownResult,
    rank_hands,
    settle,
    settlement_result,
)

from badeucey_fast.play.hand import (  # the package's helpers that are not the state machine
    DealState,
    Replay,
    Uncontested,
    _copy_random,
    _digits,
    _random_state,
    _seed,
    _state_or_none,
)
from badeucey_fast.play import seeded_generator

__all__ = ["STRUCTURES", "DealState", "Hand", "Replay", "TableRules", "Uncontested"]

_PHASES = ("bet", "draw", "over")


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Seats in the order of play from left of the button, by (seats, button)."""


_new_object = object.__new__

_LIST_SLOTS = ("_all_in", "_bets", "_burns", "_can_raise", "_committed", "_folded", "_log", "_muck", "_pending",
               "_stacks", "_stub")
"""Hand slots holding a flat list that actions change: a copy gets its own."""
_SHARED_SLOTS = ("_active", "_bb_seat", "_cap", "_game", "_last_raise", "_level", "_live", "_n", "_nbets",
                 "_order", "_ordered", "_payoffs", "_phase", "_posted", "_pots", "_ranks", "_result", "_round", "_sb_seat",
                 "_replay", "_settled", "_size", "_start", "_structure", "_to_act", "_unit", "button", "rules")
"""Hand slots a copy may share: immutable values, or set once at the end and never changed
(``_replay``, the deals a recorded hand prescribes, is only read)."""


class Hand:
    """One hand of triple draw at a table (see the module docstring).

    :param rules: the table's :class:`TableRules`.
    :param stacks: each seat's chips at the start, clockwise from seat 0
        (2..8 seats, 2..10 for Badugi; every stack at least 1).
    :param button: the button's seat.
    :param seed: an integer in ``0 .. 2**64 - 1`` (numpy integers too) or a
        :class:`random.Random`, which makes the deal and every reshuffle of the
        stub reproducible; None for a fresh random deal.
    :param deck: the order of the 52 cards (text or ids), dealt from the front,
        instead of a shuffle; a reshuffle of the stub still uses ``seed``.
    :param deal: a :class:`Replay`: the cards a recorded hand deals (its
        hands, each draw's cards and the burns), dealt instead of the table's
        until :meth:`resume`; the replay path of
        :func:`~badeucey_fast.play.phh.loads`.
    :param posted: the seats that post a big blind out of turn (a new player's
        post, as the sites take it: a live big blind, the player's bet of the
        first round, so it may check when the action comes back unraised).
    :raises ValueError: for bad stacks, a bad button, a seed out of range or a bad deck,
        or a ``deal`` that does not fit the table (or cards play never asks for).
    :raises TypeError: for rules that are not a :class:`TableRules`, a
        ``deal`` that is not a :class:`Replay`, or a stack or seed that is not an
        integer (the package's rule, :mod:`badeucey_fast._checks`).

    The history is kept as typed events (:attr:`events`) and rendered as PHH
    (:attr:`history`, :meth:`to_phh`) when read.

    Two hands are equal (``==``) when they would play on the same way: the same
    rules, seats and history, and, until the hand is over, the same cards left
    to deal and the same random state.  :meth:`copy` (and :func:`copy.copy`,
    :func:`copy.deepcopy`) gives an equal hand that acts independently.
    """

    __slots__ = (
        "_active",
        "_all_in",
        "_bb_seat",
        "_bets",
        "_burns",
        "_can_raise",
        "_cap",
        "_committed",
        "_draws",
        "_folded",
        "_game",
        "_hole",
        "_last_raise",
        "_level",
        "_live",
        "_log",
        "_muck",
        "_n",
        "_nbets",
        "_order",
        "_ordered",
        "_payoffs",
        "_pending",
        "_phase",
        "_pots",
        "_queue",
        "_replay",
        "_ranks",
        "_result",
        "_rng",
        "_round",
        "_sb_seat",
        "_settled",
        "_size",
        "_stacks",
        "_start",
        "_structure",
        "_stub",
        "_posted",
        "_to_act",
        "_unit",
        "_views",
        "button",
        "rules",
    )

    def __init__(
        self,
        rules: TableRules,
        stacks: Sequence[int],
        *,
        button: int = 0,
        seed: int | random.Random | None = None,
        deck: str | Sequence[int] | None = None,
        deal: Replay | None = None,
        posted: Iterable[int] | None = None,
    ) -> None:
        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be a TableRules, not {type(rules).__name__}")
        game: Game = rules.game  # type: ignore[assignment]  # TableRules stores the Game
        if type(stacks) is not list and type(stacks) is not tuple and (
                isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
            raise ValueError("stacks must be a sequence of chip counts, one per seat")
        n = len(stacks)
        if not 2 <= n <= (10 if game.hand_size == 4 else 8):
            raise ValueError(f"{game.name} seats 2..{rules.max_seats} players, got {n} stacks")
        start = tuple(stacks)
        for s in start:
            if type(s) is not int or s < 1:
                start = tuple(check_int(s, f"stack of seat {i}", low=1) for i, s in enumerate(stacks))
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ValueError(f"button must be a seat 0..{n - 1}, got {button!r}")
        self._posted = self._posted_seats(posted, n, button)
        if isinstance(seed, random.Random):
            rng = seed
        else:
            checked = _seed(seed)
            rng = random.Random() if checked is None else seeded_generator(checked)  # an int seed's generator
        self.rules = rules
        self._game = game
        self._size = game.hand_size
        self._structure = rules.structure
        self._n = n
        self.button = button
        self._start = start
        self._stacks = list(start)
        self._bets = [0] * n
        self._committed = [0] * n
        self._folded = [False] * n
        self._all_in = [False] * n
        self._hole: list[list[int]] = [[] for _ in range(n)]
        self._muck: list[int] = []
        self._rng = rng
        if deal is not None and not isinstance(deal, Replay):
            raise TypeError(f"deal must be a Replay, not {type(deal).__name__}")
        self._replay = deal
        self._burns: list[int] = []
        self._log: list[Event] = []
        # What each seat has seen of the log so far (the events, other seats' cards
        # hidden) and, under None, the whole history's PHH lines: how many log entries,
        # and what they gave.  The log only grows, so a view masks only what happened
        # since the last one (a cache: not part of equality).
        self._views: dict[int | None, tuple[int, tuple[Any, ...]]] = {}
        self._draws: list[list[int | None]] = []
        self._payoffs: tuple[int, ...] | None = None
        self._result: ShowdownResult | Uncontested | None = None
        self._settled: tuple[list[int], list[list[HalfSettlement]]] | None = None
        self._ranks: list[Ranks | None] | None = None
        self._pots: list[tuple[int, tuple[int, ...]]] = []
        order = _ORDERS.get((n, button))
        if order is None:
            order = _ORDERS[n, button] = tuple((button + 1 + i) % n for i in range(n))
        self._order = order
        self._live = n
        self._active = n  # players neither folded nor all in
        self._to_act: int | None = None
        self._level = self._nbets = self._last_raise = self._unit = 0
        self._cap: int | None = None
        # The stub: with a deck, the cards in order (the next one last); otherwise
        # the unseen cards in no order, each card dealt picked uniformly among them
        # (the same as dealing from the top of a shuffled stub, without shuffling).
        self._ordered = deck is not None
        if deck is not None:
            if deal is not None:
                raise ValueError("deck and deal exclude each other")
            self._stub = list(reversed(hand_ids(deck, (52,), "deck")))
        else:
            self._stub = list(range(52))
        self._post_blinds()
        self._deal_hands()
        self._start_round(0)

    # ------------------------------------------------------------------ #
    # Dealing
    # ------------------------------------------------------------------ #
    def _deal_hands(self) -> None:
        """Deal every hand one card at a time, clockwise from left of the button."""
        n, order, hole, size = self._n, self._order, self._hole, self._size
        if self._replay is not None:
            hands = self._replay.hands
            if len(hands) != n:
                raise ValueError(f"the history deals {len(hands)} hands, not {n}")
            unseen = set(self._stub)
            for i, cards in enumerate(hands):
                seat = order[i]
                if len(cards) != size:
                    raise ValueError(f"the history deals seat {seat} {len(cards)} cards, not {size}")
                for c in cards:
                    if c not in unseen:
                        raise ValueError(f"the history deals {NAME_OF[c]} twice")
                    unseen.discard(c)
                hole[seat] = list(cards)
            self._stub = [c for c in self._stub if c in unseen]
        elif self._ordered:
            stub = self._stub
            dealt = n * size
            top = stub[-dealt:]  # the next card is the last: seat order[i] gets top[-1 - i], top[-1 - i - n], ...
            del stub[-dealt:]
            for i, seat in enumerate(order):
                hole[seat] = top[dealt - 1 - i::-n]
        else:
            stub = self._stub
            rnd = self._rng.random
            left = 52
            for _ in range(size):
                for seat in order:
                    j = int(rnd() * left)
                    left -= 1
                    hole[seat].append(stub[j])
                    stub[j] = stub[left]
            del stub[left:]
        self._log.extend([Deal(seat, size, tuple(hole[seat])) for seat in order])

    def _take(self, count: int, thrown: Sequence[int], seat: int) -> list[int]:
        """Deal ``count`` cards from the stub; when it runs out, deal what is
        left, then reform it from every card out of play (``thrown``, which the
        drawer has just thrown, is not yet among them)."""
        stub = self._stub
        if self._replay is None:
            left = len(stub)
            if left < count:  # deal what is left, then reform the stub
                out = stub[::-1]
                self._reform()
                return out + self._take(count - left, thrown, seat)
            if self._ordered:
                out = stub[-count:]
                del stub[-count:]
                out.reverse()
                return out
            rnd = self._rng.random
            out = []
            for _ in range(count):
                j = int(rnd() * left)
                left -= 1
                out.append(stub[j])
                stub[j] = stub[left]
            del stub[left:]
            return out
        out = []
        wanted = self._replay.draws.get((len(self._draws), seat), ())
        if len(wanted) != count:
            raise ValueError(
                f"seat {seat} threw {count} cards in draw {len(self._draws)} but the history deals {len(wanted)}")
        for c in wanted:
            if c not in stub:
                if stub:
                    raise ValueError(f"the history deals {NAME_OF[c]}, which is not in the stub")
                self._reform()
                stub = self._stub
                if c not in stub:
                    raise ValueError(f"the history deals {NAME_OF[c]}, which is not out of play")
            stub.remove(c)
            out.append(c)
        return out

    def _reform(self) -> None:
        """The stub ran out: every card out of play so far becomes the new stub."""
        self._stub = self._muck
        self._muck = []
        self._ordered = False  # dealt at random from now on

    def resume(self, state: DealState | None = None) -> None:
        """Leave the cards a :class:`Replay` prescribed for the table's own
        dealing, so that a replayed hand plays on: from ``state`` (a
        :attr:`deal_state` of the hand that was recorded: the same cards to come)
        or, without one, with the unseen cards dealt at random by a fresh generator.
        Nothing to do once the hand is over.

        :raises ValueError: if ``state``'s stub is not the cards still unseen.
        """
        if self._phase == "over":
            return
        rng = random.Random()
        if state is not None:
            stub = list(state.stub)
            if len(stub) != len(self._stub) or set(stub) != set(self._stub):
                raise ValueError("the deal state does not fit: the stub is not the cards the history leaves unseen")
            self._stub = stub
            self._ordered = bool(state.ordered)
            if state.random_state is not None:
                try:
                    rng.setstate(state.random_state)
                except (TypeError, ValueError) as exc:
                    raise ValueError(f"the deal state's random state is not one ({exc})") from None
        self._rng = rng
        self._replay = None

    @property
    def deal_state(self) -> DealState:
        """What decides the cards still to come (a :class:`DealState`)."""
        return DealState(tuple(self._stub), self._ordered, _state_or_none(self._rng))

    def _burn(self) -> None:
        if self._replay is not None:
            burns = self._replay.burns
            if len(self._burns) >= len(burns):
                raise ValueError("the history burns fewer cards than the table's rules do")
            c = burns[len(self._burns)]
            if c not in self._stub:
                if self._stub:
                    raise ValueError(f"the history burns {NAME_OF[c]}, which is not in the stub")
                self._reform()
            self._stub.remove(c)
        else:
            c = self._take(1, (), -1)[0]
        self._burns.append(c)
        self._muck.append(c)

    # ------------------------------------------------------------------ #
    # Betting
    # ------------------------------------------------------------------ #
    def _post(self, seat: int, amount: int) -> None:
        amount = min(amount, self._stacks[seat])
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._committed[seat] += amount
        if not self._stacks[seat] and not self._all_in[seat]:
            self._all_in[seat] = True
            self._active -= 1

    @staticmethod
    def _posted_seats(posted: object, n: int, button: int) -> tuple[int, ...]:
        """The seats that post a big blind out of turn: each a seat of the table, once, and
        none the small or the big blind's (whose blinds are posted in turn)."""
        if posted is None:
            return ()
        if isinstance(posted, (str, bytes)) or not isinstance(posted, Iterable):
            raise TypeError(f"posted must be seats (integers), not {type(posted).__name__}")
        seats = tuple(check_int(s, "a posted seat") for s in posted)
        in_turn = {button: "small", (button + 1) % n: "big"} if n == 2 else {
            (button + 1) % n: "small", (button + 2) % n: "big"}
        for s in seats:
            if s < 0 or s >= n:
                raise ValueError(f"posted: {s} is not a seat 0..{n - 1}")
            if s in in_turn:
                raise ValueError(f"posted: seat {s} posts the {in_turn[s]} blind in turn")
        if len(seats) > len(set(seats)):
            raise ValueError(f"posted: a seat is listed twice ({list(seats)})")
        return tuple(sorted(seats))

    @property
    def posted(self) -> tuple[int, ...]:
        return self._posted

    def _post_blinds(self) -> None:
        n, b = self._n, self.button
        sb, bb = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)
        self._sb_seat, self._bb_seat = sb, bb
        stacks, log = self._stacks, self._log
        if self.rules.small_blind:
            log.append(Post(sb, min(self.rules.small_blind, stacks[sb]), "small"))
            self._post(sb, self.rules.small_blind)
        log.append(Post(bb, min(self.rules.big_blind, stacks[bb]), "big"))
        self._post(bb, self.rules.big_blind)
        for seat in self._posted:  # a new player's big blind: a bet like the big blind's, live
            log.append(Post(seat, min(self.rules.big_blind, stacks[seat]), "posted"))
            self._post(seat, self.rules.big_blind)

    def _start_round(self, r: int) -> None:
        """Begin betting round ``r`` (or skip it when nobody can bet)."""
        while True:
            self._phase = "bet"
            self._round = r
            n = self._n
            folded, all_in = self._folded, self._all_in
            rules = self.rules
            if r:
                self._bets = [0] * n
                self._level = 0
                self._nbets = 0
            else:
                self._level = rules.big_blind
                self._nbets = 1 if rules.cap_counts_blind else 0
            self._last_raise = rules.big_blind
            self._unit = rules.small_bet if r < 2 else rules.big_bet  # type: ignore[assignment]  # set by TableRules
            if self._structure == "fixed":
                self._cap = rules.heads_up_cap if self._live == 2 else rules.cap
            else:
                self._cap = None
            if self._active == n:  # nobody folded or all in: the common case
                pending = [True] * n
                self._pending = pending
                self._can_raise = [True] * n
                self._to_act = (self._bb_seat + 1) % n if r == 0 else (self.button + 1) % n
                return
            pending = [not (folded[s] or all_in[s]) for s in range(n)]
            self._pending = pending
            self._can_raise = pending[:]
            active = [s for s in range(n) if pending[s]]
            if len(active) == 1 and self._bets[active[0]] >= self._level:
                pending[active[0]] = False  # nobody left to bet against
                active = []
            if active:
                first = (self._bb_seat + 1) % n if r == 0 else (self.button + 1) % n
                self._to_act = self._next_pending(first)
                return
            if not self._end_round():
                return
            r += 1

    def _next_pending(self, start: int) -> int | None:
        n, pending = self._n, self._pending
        for i in range(n):
            seat = (start + i) % n
            if pending[seat]:
                return seat
        return None

    def _return_uncalled(self) -> None:
        """Give back the part of the biggest stake that nobody matched."""
        committed = self._committed
        top, second = sorted(committed)[-2:][::-1]
        if top != second:
            seat = committed.index(top)
            back = top - second
            committed[seat] = second
            self._bets[seat] -= back
            self._stacks[seat] += back
            if self._all_in[seat]:
                self._all_in[seat] = False
                self._active += not self._folded[seat]

    def _end_round(self) -> bool:
        """Close the betting round; True if the hand goes on to another round
        right away (a draw is handled by :meth:`_start_draw`)."""
        self._return_uncalled()
        if self._round == 3:
            self._showdown()
            return False
        return self._start_draw(self._round + 1)

    def _after_bet_action(self, seat: int) -> None:
        """Move the turn on after a betting action by ``seat``."""
        if self._live == 1:
            self._win_uncontested()
            return
        n, pending = self._n, self._pending
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if pending[nxt]:
                if self._active > 1 or self._bets[nxt] < self._level:
                    self._to_act = nxt  # (a lone player who can still act, owing nothing, has nobody to bet against)
                    return
                break
        if self._end_round():
            self._start_round(self._round + 1)

    # ------------------------------------------------------------------ #
    # Draws
    # ------------------------------------------------------------------ #
    def _start_draw(self, d: int) -> bool:
        """Begin draw ``d`` (1..3); True if it needs nobody (never: every
        player still in draws, all-in or not)."""
        self._phase = "draw"
        self._round = d
        self._draws.append([None] * self._n)
        if self.rules.burn:
            self._burn()
        folded = self._folded
        self._queue = [s for s in self._order if not folded[s]]  # who draws, in order, the next last
        self._queue.reverse()
        self._to_act = self._queue.pop()
        return False

    # ------------------------------------------------------------------ #
    # The end
    # ------------------------------------------------------------------ #
    def _win_uncontested(self) -> None:
        self._return_uncalled()
        winner = self._folded.index(False)
        self._stacks[winner] += sum(self._committed)
        self._finish()

    def _showdown(self) -> None:
        committed, folded, n = self._committed, self._folded, self._n
        live = [s for s in range(n) if not folded[s]]
        levels = sorted({committed[s] for s in live})
        pots: list[tuple[int, tuple[int, ...]]]
        if len(levels) == 1:  # nobody all in for less: one pot (folded chips are never above a live stake)
            pots = [(sum(committed), tuple(live))]
        else:
            pots = []
            prev = 0
            for level in levels:
                amount = sum([min(c, level) - min(c, prev) for c in committed])
                if amount:
                    pots.append((amount, tuple([s for s in live if committed[s] >= level])))
                prev = level
            rest = sum([c - min(c, prev) for c in committed])  # chips of folded seats above every live stake
            if rest:  # pragma: no cover - uncalled chips are returned first, so this cannot happen
                amount, eligible = pots[-1]
                pots[-1] = (amount + rest, eligible)
        hole = self._hole
        hands: list[Sequence[int] | None] = [None if folded[s] else hole[s] for s in range(n)]
        self._log.extend([Show(s, tuple(hole[s])) for s in self._order if not folded[s]])
        ranks = rank_hands(self._game, hands)
        settled = settle(self._game, ranks, pots, self._order)
        stacks = self._stacks
        for seat, won in enumerate(settled[0]):
            stacks[seat] += won
        self._ranks, self._pots, self._settled = ranks, pots, settled
        self._finish()

    def _finish(self) -> None:
        self._phase = "over"
        self._to_act = None
        self._bets = [0] * self._n
        self._pending = [False] * self._n
        self._payoffs = tuple(map(operator.sub, self._stacks, self._start))

    # ------------------------------------------------------------------ #
    # Public state
    # ------------------------------------------------------------------ #
    @property
    def n_seats(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def game(self) -> Game:
        """The game played."""
        return self._game

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (to bet or to draw), or None when the hand is over."""
        return self._to_act

    @property
    def phase(self) -> str:
        """``"bet"``, ``"draw"`` or ``"over"``."""
        return self._phase

    @property
    def round(self) -> int:
        """The betting round (0..3) or the draw (1..3, before betting round of the same number)."""
        return self._round

    @property
    def pot(self) -> int:
        """Chips in the middle, this round's bets included (0 once the hand is settled)."""
        return 0 if self._phase == "over" else sum(self._committed)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not yet bet)."""
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each seat's chips when the hand began."""
        return self._start

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in this betting round."""
        return tuple(self._bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """Each seat's chips in the middle over the whole hand."""
        return tuple(self._committed)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple(self._folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Whether each seat is all in."""
        return tuple(self._all_in)

    def cards(self, seat: int) -> tuple[int, ...]:
        """That seat's card ids now (a folded seat's hand is out of play: empty)."""
        self._seat(seat)
        return tuple(self._hole[seat])

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} (seats 0..{self._n - 1})")
        return seat

    @property
    def draws(self) -> tuple[tuple[int | None, ...], ...]:
        """For each draw so far, how many cards each seat drew (None: not drawn)."""
        return tuple(tuple(d) for d in self._draws)

    @property
    def result(self) -> ShowdownResult | Uncontested | None:
        """The settlement once the hand is over: a :class:`ShowdownResult`, or
        :class:`Uncontested` when everyone else folded; None before."""
        if self._result is None and self._phase == "over":
            if self._settled is None:
                self._result = Uncontested(self._folded.index(False), sum(self._committed))
            else:
                hands = [None if self._folded[s] else tuple(self._hole[s]) for s in range(self._n)]
                assert self._ranks is not None
                self._result = settlement_result(self._game, hands, self._ranks, self._pots, self._settled)
        return self._result

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """After a showdown, the pots settled: (amount, eligible seats), main pot first."""
        return tuple(self._pots)

    @property
    def payoffs(self) -> tuple[int, ...] | None:
        """Net chips per seat once the hand is over (final minus starting stack); None before."""
        return self._payoffs

    # ------------------------------------------------------------------ #
    # Actions
    # ------------------------------------------------------------------ #
    def _raise_bounds(self, seat: int) -> tuple[int, int] | None:
        """The smallest and largest bet-or-raise-to amounts, or None if the seat may not raise."""
        stack, bet, level = self._stacks[seat], self._bets[seat], self._level
        if stack <= level - bet or not self._can_raise[seat]:
            return None
        cap = self._cap
        if cap is not None and self._nbets >= cap:
            return None
        stacks, bets, folded = self._stacks, self._bets, self._folded
        for t in range(self._n):
            if t != seat and not folded[t] and stacks[t] + bets[t] > level:
                break
        else:
            return None  # everyone else has folded or is all in
        most = bet + stack
        if self._structure == "fixed":
            to = min(level + self._unit, most)
            return to, to
        low = min(level + self._last_raise, most)
        if self._structure == "pot":
            return low, min(level + sum(self._committed) + level - bet, most)
        return low, most

    def legal(self) -> Legal:
        """What the seat to act may do now, as numbers (:class:`Legal`): the chips
        to call, whether it may fold, the raise-to range, the raises left before
        the cap, and in a draw the most cards it may throw."""
        seat = self._to_act
        if seat is None:
            return Legal(None, "over")
        if self._phase == "draw":
            return Legal(seat, "draw", max_discard=len(self._hole[seat]))
        owed = self._level - self._bets[seat]
        bounds = self._raise_bounds(seat)
        cap = self._cap
        return Legal(seat, "bet", to_call=min(max(owed, 0), self._stacks[seat]), can_fold=owed > 0,
                     min_raise_to=None if bounds is None else bounds[0],
                     max_raise_to=None if bounds is None else bounds[1],
                     raises_left=None if cap is None else max(cap - self._nbets, 0))

    def legal_actions(self) -> tuple[str, ...]:
        """The actions the seat to act may take, in PHH words: ``"f"`` (only
        when there is a bet to call), ``"cc"``, ``"cbr N"`` (fixed limit: the one
        amount; pot and no limit: the smallest and the largest, any amount
        between is legal), or ``"sd"`` in a draw (discard any 0..5 of one's
        cards, 0..4 in Badugi).  Empty when the hand is over."""
        legal = self.legal()
        if legal.seat is None:
            return ()
        if legal.phase == "draw":
            return ("sd",)
        out = ["f", "cc"] if legal.can_fold else ["cc"]
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None:
            out.append(f"cbr {low}")
            if high != low:
                out.append(f"cbr {high}")
        return tuple(out)

    def _betting_seat(self, what: str) -> int:
        seat = self._to_act
        if seat is None:
            raise ValueError(f"cannot {what}: the hand is over")
        if self._phase != "bet":
            raise ValueError(f"cannot {what}: seat {seat} is to draw (discard cards or stand pat)")
        return seat

    def fold(self) -> None:
        """The seat to act folds (only when facing a bet)."""
        seat = self._to_act
        if seat is None or self._phase != "bet":
            seat = self._betting_seat("fold")
        if self._bets[seat] >= self._level:
            raise ValueError(f"seat {seat} has nothing to call, so may not fold: check (cc) instead")
        self._folded[seat] = True
        self._pending[seat] = False
        self._live -= 1
        self._active -= 1
        self._muck.extend(self._hole[seat])
        self._hole[seat] = []
        self._log.append(Fold(seat))
        self._after_bet_action(seat)

    def check_call(self) -> None:
        """The seat to act checks, or calls the bet (all in if short)."""
        seat = self._to_act
        if seat is None or self._phase != "bet":
            seat = self._betting_seat("check or call")
        owed = self._level - self._bets[seat]
        if owed > 0:
            stack = self._stacks[seat]
            if owed >= stack:
                owed = stack
                self._all_in[seat] = True
                self._active -= 1
            self._stacks[seat] = stack - owed
            self._bets[seat] += owed
            self._committed[seat] += owed
        else:
            owed = 0
        self._pending[seat] = False
        self._can_raise[seat] = False
        self._log.append(CheckCall(seat, owed))
        self._after_bet_action(seat)

    def bet_raise(self, to: int | None = None) -> None:
        """The seat to act bets or raises to ``to`` chips this round.

        :param to: the seat's total bet this round after the raise; in fixed limit
            it may be left out (it can only be one amount); required in pot and
            no limit, between the two amounts :meth:`legal_actions` gives.
        :raises ValueError: if the seat may not raise, or not to that amount.
        """
        seat = self._to_act
        if seat is None or self._phase != "bet":
            seat = self._betting_seat("bet or raise")
        bounds = self._raise_bounds(seat)
        if bounds is None:
            raise ValueError(f"seat {seat} may not bet or raise now ({self._why_no_raise(seat)})")
        low, high = bounds
        if to is None:
            if low != high:
                raise ValueError(f"bet_raise needs an amount in {self._structure} limit: to {low}..{high}")
            to = low
        if type(to) is not int and (isinstance(to, bool) or not isinstance(to, int)):
            raise ValueError(f"a bet or raise is to a whole number of chips, got {to!r}")
        if not low <= to <= high:
            allowed = f"to {low}" if low == high else f"to {low}..{high}"
            raise ValueError(f"seat {seat} may bet or raise only {allowed}, not to {to}")
        size = to - self._level
        self._post(seat, to - self._bets[seat])
        if self._structure == "fixed":
            full = 2 * size >= self._unit
        else:
            full = size >= self._last_raise
            if full:
                self._last_raise = size
        self._level = to
        pending, can_raise, folded, all_in = self._pending, self._can_raise, self._folded, self._all_in
        for t in range(self._n):
            if t != seat and not (folded[t] or all_in[t]):
                pending[t] = True
                if full:
                    can_raise[t] = True
        if full:
            self._nbets += 1
        pending[seat] = False
        can_raise[seat] = False
        self._log.append(BetRaise(seat, to))
        self._after_bet_action(seat)

    def _why_no_raise(self, seat: int) -> str:
        if self._stacks[seat] <= self._level - self._bets[seat]:
            return "it cannot cover more than a call"
        if not self._can_raise[seat]:
            return "a short all-in raise did not reopen the betting for a player who has acted"
        if self._cap is not None and self._nbets >= self._cap:
            return f"the round is capped at {self._cap} bets"
        return "everyone else has folded or is all in"

    def discard(self, cards: str | Iterable[int] = ()) -> None:
        """The seat to draw throws ``cards`` (text or ids of cards it holds;
        none is standing pat) and is dealt as many at once.

        :raises ValueError: out of turn, or for cards the seat does not hold.
        :raises TypeError: for cards that are neither text nor card ids.
        """
        seat = self._to_act
        if seat is None:
            raise ValueError("cannot discard: the hand is over")
        if self._phase != "draw":
            raise ValueError(f"cannot discard: seat {seat} is to bet (f, cc or cbr), not to draw")
        hole = self._hole[seat]
        if isinstance(cards, str) and not cards.strip():
            thrown: tuple[int, ...] = ()
        elif (quick := quick_ids(cards)) is not None:  # text, or plain distinct ids
            thrown = quick
        elif isinstance(cards, str):
            thrown = parse_cards(cards)
        else:
            try:
                thrown = tuple(cards)  # (a numpy array too: never tested for truth)
            except TypeError:
                raise TypeError(f"cards must be card text or card ids, got {cards!r}") from None
            thrown = tuple(check_card(x) for x in thrown)  # raises, naming the bad id
            if len(set(thrown)) != len(thrown):
                raise ValueError(f"seat {seat} cannot throw the same card twice")
        for c in thrown:
            if c not in hole:
                raise ValueError(f"seat {seat} does not hold {NAME_OF[c]}")
        if thrown:
            kept = [c for c in hole if c not in thrown]
            dealt = self._take(len(thrown), thrown, seat)
            kept.extend(dealt)
            self._hole[seat] = kept
            self._muck.extend(thrown)
        else:
            dealt = []
        self._draws[-1][seat] = len(thrown)
        self._log.append(Draw(seat, self._round, len(thrown), thrown, tuple(dealt)))
        if self._queue:
            self._to_act = self._queue.pop()
        else:
            self._start_round(self._round)

    def act(self, text: str) -> None:
        """Take an action written in PHH words: ``"f"``, ``"cc"``, ``"cbr 8"``,
        ``"sd"`` or ``"sd 7s Kd"``, optionally after the acting player's PHH
        label (``"p3 cc"``: players p1, p2, ... from left of the button).

        :raises ValueError: for text that is not an action, or an illegal one.
        """
        if not isinstance(text, str):
            raise ValueError(f"an action is text such as 'cc' or 'sd 7s', not {type(text).__name__}")  # noqa: TRY004 - the API promises ValueError
        words = text.split("#", 1)[0].split()
        if words and words[0][:1] == "p" and _digits(words[0][1:]):
            label = words.pop(0)
            if self._to_act is None:
                raise ValueError(f"cannot {text!r}: the hand is over")
            if label != self._label(self._to_act):
                raise ValueError(f"{label} is not to act: {self._label(self._to_act)} (seat {self._to_act}) is")
        if not words:
            raise ValueError(f"no action in {text!r}")
        word, rest = words[0], words[1:]
        if word == "f" and not rest:
            self.fold()
        elif word == "cc" and not rest:
            self.check_call()
        elif word == "cbr" and len(rest) <= 1:
            if rest and not _digits(rest[0]):
                raise ValueError(f"cbr takes a whole number of chips, got {rest[0]!r}")
            self.bet_raise(int(rest[0]) if rest else None)
        elif word == "sd":
            self.discard(" ".join(rest))
        else:
            raise ValueError(f"unknown action {text!r} (actions: f, cc, cbr N, sd [cards])")

    def _label(self, seat: int) -> str:
        return player_label(seat, self.button, self._n)

    # ------------------------------------------------------------------ #
    # History
    # ------------------------------------------------------------------ #
    def _render(self, entry: Event, hide: int | None = None) -> list[str]:
        """The PHH lines of one event as ``hide`` sees it (None: every card shown)."""
        seen = entry if hide is None else entry.seen_by(hide)
        return list(seen.phh(self._label(entry.seat)))

    @property
    def events(self) -> tuple[Event, ...]:
        """The hand so far as typed events (:mod:`badeucey_fast.play.events`), in
        the order it was played, every card shown: the blinds posted, the deals,
        each action and draw, and the hands shown at the showdown."""
        return tuple(self._log)

    @property
    def history(self) -> tuple[str, ...]:
        """The hand so far in PHH notation, in the order it was played: each
        deal (``d dh p1 7s5h4d3c2s``) and action (``p2 cbr 4``, ``p1 sd 7s``
        followed by that player's new cards).  Players are labelled ``p1``.. from
        the first seat left of the button; the button is last."""
        log = self._log
        done, lines = self._views.get(None, (0, ()))
        if done < len(log):
            lines += phh_history(log[done:], self.button, self._n)
            self._views[None] = (len(log), lines)
        return lines

    def _seen(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` sees them, masking only the log entries added
        since the last call for that seat."""
        log = self._log
        done, seen = self._views.get(seat, (0, ()))
        if done < len(log):
            seen += tuple([e.seen_by(seat) for e in log[done:]])
            self._views[seat] = (len(log), seen)
        return seen

    @property
    def burns(self) -> tuple[int, ...]:
        """The cards burnt so far, in order (a table whose rules burn)."""
        return tuple(self._burns)

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know now, as an immutable :class:`HandView`."""
        self._seat(seat)
        # Built as draws.py builds a DrawOutcomes: the frozen __init__ would set the fields
        # one by one through object.__setattr__, and every field is checked here already.
        # The history's text is left to the view to render when read (None).
        view = _new_object(HandView)
        view.__dict__.update(
            seat=seat, n_seats=self._n, button=self.button, to_act=self._to_act, phase=self._phase,
            round=self._round, pot=self.pot, stacks=self.stacks, bets=self.bets, folded=self.folded,
            all_in=self.all_in, cards=tuple(self._hole[seat]), draws=self.draws,
            legal_actions=self.legal_actions() if seat == self._to_act else (), rules=self.rules,
            **self._view_extras(seat), history=None, events=self._seen(seat), payoffs=self._payoffs,
        )
        return view

    def _view_extras(self, seat: int) -> dict[str, Any]:
        """The view's derived facts: the numbers of :meth:`legal`, discards, position."""
        legal = self.legal() if seat == self._to_act else Legal(seat, self._phase)
        raises_left = None
        if self._phase == "bet" and self._cap is not None:
            raises_left = max(self._cap - self._nbets, 0)
        thrown = tuple([c for e in self._log if type(e) is Draw and e.seat == seat and e.thrown for c in e.thrown])
        acts_last = False
        if self._phase == "bet":
            n, folded, all_in = self._n, self._folded, self._all_in
            first = (self._bb_seat + 1) % n if self._round == 0 else (self.button + 1) % n
            able = [s for s in ((first + i) % n for i in range(n)) if not (folded[s] or all_in[s])]
            acts_last = bool(able) and able[-1] == seat
        return {"to_call": legal.to_call, "min_raise_to": legal.min_raise_to, "max_raise_to": legal.max_raise_to,
                "raises_left": raises_left, "thrown": thrown, "acts_last": acts_last}

    def _key(self) -> tuple[Any, ...]:
        key = (self.rules, self._start, self.button, self._posted, self._log, self._stacks, self._committed, self._folded,
               self._hole, self._phase, self._round, self._to_act, self._burns)
        if self._phase == "over":
            return key  # nothing more is dealt
        # What the next cards will be: the stub (in order), the cards out of play that
        # reform it when it runs out, and the random state that picks from them.
        return (*key, self._stub, self._ordered, self._muck, _random_state(self._rng))

    def copy(self) -> Hand:
        """An independent copy: acting on either never changes the other, and the
        copy plays on exactly as the original would (it deals the same cards:
        its random state is a copy of the original's).

        >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
        >>> twin = hand.copy()
        >>> twin.bet_raise()
        >>> hand.bets, twin.bets, twin == hand
        ((1, 2), (4, 2), False)
        """
        twin: Hand = _new_object(Hand)
        for name in _SHARED_SLOTS:
            setattr(twin, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(twin, name, getattr(self, name)[:])
        twin._hole = [cards[:] for cards in self._hole]
        twin._draws = [counts[:] for counts in self._draws]
        twin._views = dict(self._views)
        twin._rng = _copy_random(self._rng)
        if hasattr(self, "_queue"):  # set by the first draw
            twin._queue = self._queue[:]
        return twin

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()  # every other part is immutable, or never changed once set

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Hand({self._game.name}, {self._n} seats, button {self.button}, {self._phase} {self._round}, "
                f"to act {self._to_act}, pot {self.pot})")
