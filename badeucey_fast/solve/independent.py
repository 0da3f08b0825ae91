"""An exact best response that does not use the C table: heads-up fixed-limit
Badugi with a small deck, written in pure Python from RULES.md.

:func:`~badeucey_fast.solve.exploitability` walks a
:class:`~badeucey_fast.solve.game.TableGame`, whose states, chance outcomes
and payoffs come from the C table (``csrc/bdc_table.c``) that the solver also
trains on: a mistake shared by both would not show.  This module plays the
same small games from the rules text alone (the betting, the stub, the
showdown; its own Badugi ranking), so that a strategy's exploitability can be
checked by code that shares nothing with the table but the card ids.

- **Seats.** Seat 0 is the button: it posts the small blind and acts first in
  round 0; the big blind (seat 1) is live, draws first and acts first after
  every draw.  Rounds 0 and 1 bet the small bet, later ones the big bet; a
  round allows ``cap`` bets, the big blind counting as round 0's.  Stacks are
  deep (nobody is ever all in: :class:`DrawGame` refuses shorter ones).
- **Draws.** A seat throws at most ``max_discard`` cards and is dealt as many
  from the stub, every set of the stub equally likely; a stub that runs short
  is dealt out and the cards out of play, except the ones just thrown, become
  the new stub.
- **Information.** A seat knows its dealt hand, every public action (the
  other seat's draw counts included) and its own draws: perfect recall.

A policy is asked with a :class:`Decision`, which carries what the seat knows
in the solver's codes (:meth:`Strategy.probabilities_at
<badeucey_fast.solve.strategy.Strategy.probabilities_at>` takes them), so a
trained strategy is mapped onto the exact game by :func:`strategy_policy`:
each exact information set takes the probabilities of its key in the
strategy (its bucket's, with card buckets and the round history).

>>> from badeucey_fast.play import TableRules
>>> from badeucey_fast.solve.independent import DrawGame, best_response_values
>>> game = DrawGame.from_rules(TableRules.mini())
>>> len(game.deals())
630
>>> def passive(decision):  # folds to any bet, else checks; stands pat
...     return {-1 if decision.can_fold else 0: 1.0}
>>> [round(value, 9) for value in best_response_values(game, passive)]  # as the table's (best_response.py)
[2.0, 1.0]
>>> DrawGame.from_rules(TableRules("badeucey", heads_up_cap=4))
Traceback (most recent call last):
...
ValueError: the independent game plays Badugi, not badeucey
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from badeucey_fast.play.rules import TableRules

if TYPE_CHECKING:
    from badeucey_fast.solve.strategy import Strategy

__all__ = ["REDUCED_DECK", "Decision", "DrawGame", "IndependentPolicy", "badugi_value", "best_response_values",
           "exploitability", "reduced_rules", "strategy_policy"]

REDUCED_DECK = "As 2s 3s Ah 2h 3h Ad 2d 3d 4c"
"""The reduced game's deck: the mini game's nine cards and the four of clubs,
so that every size of Badugi hand occurs (a four-card badugi needs four suits
and four ranks)."""

_ROUNDS_AT_SMALL_BET = 2  # RULES.md: rounds 1 and 2 (0 and 1 here) bet the small bet
_FOLD_CODE, _CALL_CODE, _RAISE_CODE, _DRAW_CODE = 1, 2, 3, 4  # the solver's codes of public actions (4 + k: a draw of k)
_CARD_CODE_BASE = 8  # the solver's codes of a card of a seat's own draw: c // 8 + 1, c % 8 + 1
_TOLERANCE = 1e-9  # how far a policy's probabilities may sum from 1 (rounding)


@functools.lru_cache(maxsize=1 << 16)
def badugi_value(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A Badugi hand's value, aces low (RULES.md, "Badugi"): larger is better,
    equal exactly for hands that tie.  Its best subset of different ranks and
    different suits, more cards first, then the lowest highest card, and so on.

    >>> from badeucey_fast import parse_cards
    >>> from badeucey_fast.solve.independent import badugi_value
    >>> badugi_value(tuple(parse_cards("2s 4c 5d 6h"))) > badugi_value(tuple(parse_cards("As 2c 3d 7h")))
    True
    >>> badugi_value(tuple(parse_cards("As 5d 9d 9h"))) > badugi_value(tuple(parse_cards("Ac 2s 2h Jd")))
    True
    """
    best: tuple[int, ...] = ()
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            ranks = {(c // 4 + 1) % 13 for c in subset}  # ace (rank 12) lowest: 0, deuce 1, ...
            if len(ranks) == size and len({c % 4 for c in subset}) == size:
                lows = sorted(ranks, reverse=True)
                value = (size, *(-r for r in lows))
                if value > best:
                    best = value
        if best:
            return best
    return best


@dataclass(frozen=True)
class Decision:
    """What the seat to act knows, in the terms :meth:`Strategy.probabilities_at
    <badeucey_fast.solve.strategy.Strategy.probabilities_at>` takes."""

    seat: int
    """0 the button, 1 the big blind."""
    round: int
    """The betting round, or in a draw the draw's number (1 for the first)."""
    phase: str
    """``"bet"`` or ``"draw"``."""
    cards: tuple[int, ...]
    """The seat's cards now, ascending (draw masks are over them)."""
    public: tuple[int, ...]
    """The solver's codes of the public actions: 1 fold, 2 check or call, 3 raise, 4 + k a draw of k."""
    own: tuple[int, ...]
    """The seat's own draws: the cards thrown then those dealt, each ascending, a card ``c`` as ``c // 8 + 1, c % 8 + 1``."""
    actions: tuple[int, ...]
    """The legal actions: -1 fold, 0 check or call, a raise-to amount; in a draw the masks over :attr:`cards`."""
    can_fold: bool = False
    raise_to: int | None = None
    max_discard: int = 0


IndependentPolicy = Callable[[Decision], Mapping[int, float]]
"""``policy(decision)``: the probability of each legal action; actions left out have probability 0."""


@dataclass(frozen=True)
class DrawGame:
    """A heads-up fixed-limit Badugi game with a small deck (see the module docstring).

    :raises ValueError: for stacks too short for deep play, or a deck that cannot fill every draw.
    """

    deck: tuple[int, ...]
    draws: int
    max_discard: int
    cap: int
    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2
    big_bet: int = 4
    stack: int = 20
    hand_size: int = 4

    def __post_init__(self) -> None:
        most = self.big_blind + sum(self.cap * self.bet(r) for r in range(self.draws + 1))
        if self.stack < most:
            raise ValueError(f"the independent game plays deep stacks: at least {most} chips, got {self.stack}")
        if len(self.deck) < 2 * self.hand_size + self.max_discard:
            raise ValueError(f"a deck of {len(self.deck)} cards cannot fill every draw")

    @classmethod
    def from_rules(cls, rules: TableRules, stack: int = 20) -> DrawGame:
        """The game of a table's rules (only their numbers are read).

        :raises ValueError: for another game than Badugi, another structure than
            capped fixed limit, burns or a blind that does not count toward the cap.
        """
        game = rules.game
        if getattr(game, "name", None) != "badugi":
            raise ValueError(f"the independent game plays Badugi, not {getattr(game, 'name', game)}")
        if rules.structure != "fixed" or rules.heads_up_cap is None or rules.burn or not rules.cap_counts_blind:
            raise ValueError("the independent game plays capped fixed limit, no burns, the blind counting as a bet")
        deck = tuple(range(52)) if rules.deck is None else cast(tuple[int, ...], rules.deck)
        return cls(deck, rules.draws, rules.discard_limit, rules.heads_up_cap, rules.small_blind, rules.big_blind,
                   cast(int, rules.small_bet), cast(int, rules.big_bet), stack)

    def bet(self, round_: int) -> int:
        """The fixed bet of a betting round."""
        return self.small_bet if round_ < _ROUNDS_AT_SMALL_BET else self.big_bet

    def deals(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every deal (the button's hand, the big blind's), each ascending, all equally likely."""
        return [(first, second) for first in combinations(self.deck, self.hand_size)
                for second in combinations([c for c in self.deck if c not in first], self.hand_size)]

    def draw_masks(self, size: int) -> tuple[int, ...]:
        """The draw actions of a hand of ``size`` cards: masks of at most ``max_discard`` bits."""
        return tuple(m for m in range(1 << size) if bin(m).count("1") <= self.max_discard)


def reduced_rules(cap: int = 1) -> TableRules:
    """The reduced game: Badugi on :data:`REDUCED_DECK` (3,150 deals, five
    times the mini game's), one draw of at most one card, fixed limit capped
    at ``cap`` bets a round (blinds 1 and 2, bets 2): small enough for an
    exact best response in pure Python (1.6 million states at ``cap=1``, 7.4
    million at 2), with hands enough that card buckets merge them.

    >>> from badeucey_fast.solve.independent import reduced_rules
    >>> rules = reduced_rules()
    >>> rules.deck_size, rules.draws, rules.max_discard, rules.heads_up_cap
    (10, 1, 1, 1)
    """
    return TableRules("badugi", small_blind=1, big_blind=2, cap=cap, heads_up_cap=cap, deck=REDUCED_DECK, draws=1,
                      max_discard=1)


class _State:
    """A history of a :class:`DrawGame` up to a decision, a draw's chance or the end."""

    __slots__ = ("acted", "bets", "committed", "hands", "muck", "n_bets", "own", "phase", "public", "round", "stub",
                 "thrown", "to_act")
    acted: tuple[bool, bool]
    """Whether each seat has acted since the round's last raise."""
    bets: tuple[int, int]
    """Each seat's bet in this betting round."""
    committed: tuple[int, int]
    """Each seat's chips in the pot from the rounds before (all of them once the hand is over)."""
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    """Each seat's cards now, ascending."""
    muck: tuple[int, ...]
    """The cards out of play (discards)."""
    n_bets: int
    """Bets and raises in this round (the big blind counts in round 0)."""
    own: tuple[tuple[int, ...], tuple[int, ...]]
    """Each seat's own codes (:attr:`Decision.own`)."""
    phase: int
    public: tuple[int, ...]
    round: int
    stub: tuple[int, ...]
    thrown: tuple[int, ...]
    """In a draw's chance: the cards the seat to act threw."""
    to_act: int
    """The seat to act (once folded: the seat that folded)."""

    def copy(self) -> _State:
        twin = _State.__new__(_State)
        _copy_slots(twin, _get_slots(self))
        return twin


_get_slots = attrgetter(*_State.__slots__)


def _copy_slots(state: _State, values: Any) -> None:
    (state.acted, state.bets, state.committed, state.hands, state.muck, state.n_bets, state.own, state.phase,
     state.public, state.round, state.stub, state.thrown, state.to_act) = values


_BET, _DRAW, _CHANCE, _FOLDED, _SHOWDOWN = 0, 1, 2, 3, 4


class _Walker:
    """The game's moves; :meth:`best_response` walks them for one seat."""

    def __init__(self, game: DrawGame, policy: IndependentPolicy) -> None:
        self.game = game
        self.policy = policy
        self.asked: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}

    # ---- the rules -------------------------------------------------------------

    def start(self, hands: tuple[tuple[int, ...], tuple[int, ...]]) -> _State:
        g = self.game
        s = _State.__new__(_State)
        s.hands = hands
        s.stub = tuple(c for c in g.deck if c not in hands[0] and c not in hands[1])
        s.muck = ()
        s.round, s.phase, s.to_act = 0, _BET, 0
        s.bets = (g.small_blind, g.big_blind)
        s.committed = (0, 0)
        s.n_bets, s.acted = 1, (False, False)
        s.public, s.own, s.thrown = (), ((), ()), ()
        return s

    def legal(self, s: _State) -> tuple[tuple[int, ...], bool, int | None]:
        """The legal actions at a betting decision, whether it may fold, the raise-to amount."""
        seat = s.to_act
        top = max(s.bets)
        can_fold = s.bets[seat] < top
        raise_to = top + self.game.bet(s.round) if s.n_bets < self.game.cap else None
        actions = ((-1,) if can_fold else ()) + (0,) + ((raise_to,) if raise_to is not None else ())
        return actions, can_fold, raise_to

    def bet(self, s: _State, action: int) -> _State:
        seat = s.to_act
        t = s.copy()
        bets = list(s.bets)
        if action == -1:
            t.public = s.public + (_FOLD_CODE,)
            t.phase = _FOLDED
            t.to_act = seat  # the seat that folded
            t.committed = (s.committed[0] + bets[0], s.committed[1] + bets[1])
            return t
        acted = [s.acted[0], s.acted[1]]
        if action == 0:
            bets[seat] = max(bets)
            t.public = s.public + (_CALL_CODE,)
            acted[seat] = True
        else:
            bets[seat] = action
            t.public = s.public + (_RAISE_CODE,)
            t.n_bets = s.n_bets + 1
            acted = [False, False]
            acted[seat] = True
        t.bets = (bets[0], bets[1])
        t.acted = (acted[0], acted[1])
        if acted[0] and acted[1] and bets[0] == bets[1]:  # the round is over
            t.committed = (s.committed[0] + bets[0], s.committed[1] + bets[1])
            t.bets = (0, 0)
            if s.round == self.game.draws:
                t.phase = _SHOWDOWN
            else:
                t.phase, t.to_act, t.round = _DRAW, 1, s.round + 1
        else:
            t.to_act = 1 - seat
        return t

    def throw(self, s: _State, mask: int) -> _State:
        """The seat to act throws the cards of ``mask`` (over its ascending cards)."""
        seat = s.to_act
        held = s.hands[seat]
        out = tuple(c for i, c in enumerate(held) if mask >> i & 1)
        if out:
            t = s.copy()
            t.phase, t.thrown = _CHANCE, out
            return t
        return self.after_draw(s, seat, s.hands, s.public + (_DRAW_CODE,), s.own)

    def outcomes(self, s: _State) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]]:
        """The cards a draw can bring: (cards, stub after, muck after, probability)."""
        k = len(s.thrown)
        if len(s.stub) >= k:
            p = 1.0 / math.comb(len(s.stub), k)
            return [(got, tuple(c for c in s.stub if c not in got), s.muck + s.thrown, p)
                    for got in combinations(s.stub, k)]
        first, rest = s.stub, k - len(s.stub)  # the stub runs short: its cards, then the reshuffled muck's
        fresh = s.muck  # the cards out of play, not the ones just thrown
        p = 1.0 / math.comb(len(fresh), rest)
        return [(first + got, tuple(c for c in fresh if c not in got), s.thrown, p) for got in combinations(fresh, rest)]

    def receive(self, s: _State, got: tuple[int, ...], stub: tuple[int, ...], muck: tuple[int, ...]) -> _State:
        seat = s.to_act
        kept = tuple(c for c in s.hands[seat] if c not in s.thrown)
        hand = tuple(sorted(kept + got))
        hands = (hand, s.hands[1]) if seat == 0 else (s.hands[0], hand)
        codes: list[int] = []
        for c in (*sorted(s.thrown), *sorted(got)):
            codes += [c // _CARD_CODE_BASE + 1, c % _CARD_CODE_BASE + 1]
        own = (s.own[0] + tuple(codes), s.own[1]) if seat == 0 else (s.own[0], s.own[1] + tuple(codes))
        t = s.copy()
        t.stub, t.muck, t.thrown = stub, muck, ()
        return self.after_draw(t, seat, hands, s.public + (_DRAW_CODE + len(got),), own)

    def after_draw(self, s: _State, seat: int, hands: tuple[tuple[int, ...], tuple[int, ...]],
                   public: tuple[int, ...], own: tuple[tuple[int, ...], tuple[int, ...]]) -> _State:
        t = s.copy()
        t.hands, t.public, t.own = hands, public, own
        if seat == 1:
            t.phase, t.to_act = _DRAW, 0
        else:  # both have drawn: the next betting round, the big blind first
            t.phase, t.to_act, t.n_bets, t.acted = _BET, 1, 0, (False, False)
        return t

    def payoff(self, s: _State, seat: int) -> float:
        """``seat``'s net chips at the end."""
        if s.phase == _FOLDED:
            loser = s.to_act
            chips = s.committed[loser]
            return float(-chips if seat == loser else chips)
        a, b = badugi_value(s.hands[0]), badugi_value(s.hands[1])
        if a == b:
            return 0.0
        winner = 0 if a > b else 1
        chips = s.committed[1 - winner]
        return float(chips if seat == winner else -chips)

    # ---- the policy --------------------------------------------------------------

    def ask(self, s: _State, dealt: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The policy's actions and probabilities at a decision (asked once an information state)."""
        seat = s.to_act
        key = (seat, dealt[seat], s.public, s.own[seat])
        known = self.asked.get(key)
        if known is not None:
            return known
        cards = s.hands[seat]
        if s.phase == _DRAW:
            actions = self.game.draw_masks(len(cards))
            d = Decision(seat, s.round, "draw", cards, s.public, s.own[seat], actions,
                         max_discard=min(self.game.max_discard, len(cards)))
        else:
            actions, can_fold, raise_to = self.legal(s)
            d = Decision(seat, s.round, "bet", cards, s.public, s.own[seat], actions, can_fold, raise_to)
        given = self.policy(d)
        for action in given:
            if action not in actions:
                raise ValueError(f"the policy gives action {action} at {d}, which is not legal there")
        probs = tuple(float(given.get(a, 0.0)) for a in actions)
        if min(probs) < 0.0 or abs(math.fsum(probs) - 1.0) > _TOLERANCE:
            raise ValueError(f"the policy's probabilities at {d} are not a distribution: {probs}")
        self.asked[key] = (actions, probs)
        return actions, probs

    def moves(self, s: _State) -> tuple[int, ...]:
        if s.phase == _DRAW:
            return self.game.draw_masks(len(s.hands[s.to_act]))
        return self.legal(s)[0]

    def act(self, s: _State, action: int) -> _State:
        return self.throw(s, action) if s.phase == _DRAW else self.bet(s, action)

    # ---- the best response -----------------------------------------------------------

    def best_response(self, responder: int) -> float:
        """The responder's expected payoff best responding to the policy."""
        g = self.game
        deals = g.deals()
        p = 1.0 / len(deals)
        return self.value([(self.start(deal), deal, p) for deal in deals], responder)

    def value(self, items: list[tuple[_State, tuple[tuple[int, ...], ...], float]], responder: int) -> float:
        """The best value of histories the responder cannot tell apart (each with
        the chance's and the policy's probability of reaching it)."""
        total = 0.0
        groups: dict[tuple[object, ...], list[tuple[_State, tuple[tuple[int, ...], ...], float]]] = {}
        stack = list(items)
        while stack:
            s, dealt, w = stack.pop()
            phase = s.phase
            if phase == _FOLDED or phase == _SHOWDOWN:
                total += w * self.payoff(s, responder)
            elif phase == _CHANCE:
                for got, stub, muck, q in self.outcomes(s):
                    stack.append((self.receive(s, got, stub, muck), dealt, w * q))
            elif s.to_act == responder:
                groups.setdefault((dealt[responder], s.public, s.own[responder]), []).append((s, dealt, w))
            else:
                actions, probs = self.ask(s, dealt)
                for action, q in zip(actions, probs):
                    if q:
                        stack.append((self.act(s, action), dealt, w * q))
        for members in groups.values():
            first = members[0][0]
            best = -math.inf
            for action in self.moves(first):
                v = self.value([(self.act(s, action), dealt, w) for s, dealt, w in members], responder)
                if v > best:
                    best = v
            total += best
        return total


def best_response_values(game: DrawGame, policy: IndependentPolicy) -> tuple[float, float]:
    """Each seat's expected payoff (chips) best responding to ``policy`` played by the other seat.

    :raises ValueError: for a policy that gives an illegal action or probabilities that are not a distribution.
    """
    walker = _Walker(game, policy)
    return walker.best_response(0), walker.best_response(1)


def exploitability(game: DrawGame, policy: IndependentPolicy) -> float:
    """The policy's exploitability in chips: the mean of the two seats' best-response values
    (:mod:`badeucey_fast.solve.best_response`'s convention)."""
    first, second = best_response_values(game, policy)
    return (first + second) / 2


def strategy_policy(strategy: Strategy) -> IndependentPolicy:
    """A trained strategy as a policy of the independent game: each exact
    information set takes the probabilities :meth:`Strategy.probabilities_at
    <badeucey_fast.solve.strategy.Strategy.probabilities_at>` gives its key
    (the seat's own draws only with a perfect-recall abstraction)."""
    recall = strategy.abstraction.recall

    def policy(d: Decision) -> dict[int, float]:
        own = d.own if recall else ()
        if d.phase == "draw":
            return strategy.probabilities_at(d.seat, d.round, "draw", d.cards, d.public, own, max_discard=d.max_discard)
        return strategy.probabilities_at(d.seat, d.round, "bet", d.cards, d.public, own, can_fold=d.can_fold,
                                         raise_to=d.raise_to)

    return policy
