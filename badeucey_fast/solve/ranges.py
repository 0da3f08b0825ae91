"""Ranges: one seat's exact belief over the other seat's cards in a heads-up hand.

A :class:`Range` is held by one seat (the *owner*) about the other (the
*opponent*).  It starts uniform over every hand the opponent can be dealt
given the owner's own hand (card removal) and is updated by Bayes' rule, one
event of the hand at a time, with a *policy* supplied as functions, so that any
blueprint can drive it:

- :meth:`Range.after_action`: the opponent took a betting action; each
  hypothesis is weighted by the probability the policy takes it there;
- :meth:`Range.after_draw`: the opponent threw and drew ``count`` cards; each
  hypothesis becomes (kept cards) + (cards dealt), weighted by the probability
  the policy throws those cards and by the chance of the cards dealt;
- :meth:`Range.after_own_draw`: the owner threw and drew; hypotheses that hold
  (or threw) the cards the owner was dealt become impossible.

The owner's own betting actions change nothing: they depend only on what the
owner knows.  :func:`table_range` applies every event of a hand of a
:class:`~badeucey_fast.solve.game.TableGame` for a policy of the game, such as
a trained strategy's.

**What a hypothesis is.** The stub rule of RULES.md deals a draw from the
stub, and when the stub runs short, the rest from the cards out of play (both
seats' discards, not the drawer's own throw).  Which cards the opponent can
be dealt, and which cards the owner can be dealt, thus depend on the cards the
opponent has *thrown* as well as on those it holds: two histories that end in
the same holding are different beliefs.  A hypothesis (:class:`Holding`)
therefore keeps the opponent's cards, its thrown cards still out of play and,
with ``recall=True`` (the default), its whole private history (its dealt hand
and every draw), which a perfect-recall policy such as the CFR strategy reads.
With ``recall=False`` hypotheses that differ only in history merge: exact for
a policy that reads only :attr:`Holding.cards`.  The belief is exact either
way; its size is the number of distinct hypotheses, so it suits small decks
and the late streets of a hand (a full 52-card deal starts at C(47, 5) =
1,533,939 hypotheses).

>>> from badeucey_fast.play import TableRules
>>> from badeucey_fast.solve.ranges import Range
>>> rules = TableRules.mini()                      # Badugi, nine cards, one draw of one card
>>> from badeucey_fast.cards import format_cards, parse_cards
>>> belief = Range.initial(rules, parse_cards("2d 2h 2s 3d"))  # the owner's hand
>>> len(belief), belief.probabilities()[parse_cards("3h 3s Ad Ah")]
(5, 0.2)
>>> ace_of_spades = parse_cards("As")[0]
>>> def calls(holding):                             # the policy's chance of the call seen
...     return 0.9 if ace_of_spades in holding.cards else 0.3
...
>>> after = belief.after_action(calls)
>>> {format_cards(cards): round(p, 4) for cards, p in after.probabilities().items()}
{'3h 3s Ad Ah': 0.0769, '3h 3s Ad As': 0.2308, '3h 3s Ah As': 0.2308, '3h Ad Ah As': 0.2308, '3s Ad Ah As': 0.2308}
>>> Range.initial(rules, [1, 2, 3])
Traceback (most recent call last):
...
ValueError: hand must be 4 cards of the deck, got (1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, NamedTuple, cast

from badeucey_fast.games import Game
from badeucey_fast.play.rules import TableRules
from badeucey_fast.solve.game import _CARD_CODE_BASE, _DRAW_CODE, _FOLD_CODE, _RAISE_CODE, TableGame, TableState

if TYPE_CHECKING:
    from badeucey_fast.solve.best_response import Policy

__all__ = ["ActionLikelihood", "Holding", "Range", "ThrowPolicy", "table_range"]

_FULL_DECK = tuple(range(52))


class Holding(NamedTuple):
    """One hypothesis about the opponent: what it holds and what it has done.

    :param cards: its cards now, ascending.
    :param out_of_play: the cards it has thrown that are still out of play
        (not yet shuffled back into the stub), ascending.
    :param dealt: its hand as dealt, ascending (empty when the range keeps no recall).
    :param draws: each of its draws so far as (cards thrown, cards dealt), each
        ascending (empty when the range keeps no recall).
    """

    cards: tuple[int, ...]
    out_of_play: tuple[int, ...] = ()
    dealt: tuple[int, ...] = ()
    draws: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


ActionLikelihood = Callable[[Holding], float]
"""The probability that the opponent takes the observed action, given a hypothesis."""

ThrowPolicy = Callable[[Holding], Mapping[tuple[int, ...], float]]
"""The opponent's policy at a draw, given a hypothesis: the probability of each
set of cards it may throw (ascending card tuples; () stands pat).  Sets of
other sizes than the observed count are ignored; missing sets have probability 0."""


def _sorted_cards(cards: Iterable[int], what: str) -> tuple[int, ...]:
    out = tuple(sorted(int(c) for c in cards))
    if len(set(out)) != len(out):
        raise ValueError(f"{what} repeats a card: {out}")
    return out


def _check_weight(value: float, what: str) -> float:
    weight = float(value)
    if not weight >= 0.0 or weight == float("inf"):
        raise ValueError(f"{what} must be a probability >= 0, got {value!r}")
    return weight


class Range:
    """One seat's exact belief over the other seat's cards (see the module docstring).

    Immutable: every update returns a new range.  Build one with :meth:`initial`.
    """

    __slots__ = ("_deck", "_hand_size", "_own", "_own_out", "_recall", "_weights")

    def __init__(self, deck: tuple[int, ...], hand_size: int, own: tuple[int, ...], own_out: tuple[int, ...],
                 weights: dict[Holding, float], recall: bool) -> None:
        self._deck = deck
        self._hand_size = hand_size
        self._own = own
        self._own_out = own_out
        self._weights = weights
        self._recall = recall

    @classmethod
    def initial(cls, game: TableGame | TableRules, hand: Sequence[int], *, recall: bool = True) -> Range:
        """The owner's belief as the hand is dealt: the opponent holds any hand
        of the cards the owner does not, all equally likely.

        :param game: the table's rules (or its solver game): the deck and hand size.
        :param hand: the owner's dealt cards (ids).
        :param recall: keep each hypothesis's history (see the module docstring).
        :raises TypeError: for a ``game`` that is neither.
        :raises ValueError: for a hand that is not ``hand_size`` distinct cards of the deck.
        """
        rules = game.rules if isinstance(game, TableGame) else game
        if not isinstance(rules, TableRules):
            raise TypeError(f"game must be a TableGame or TableRules, not {type(game).__name__}")
        deck = _FULL_DECK if rules.deck is None else tuple(sorted(cast(tuple[int, ...], rules.deck)))
        size = cast(Game, rules.game).hand_size
        own = tuple(sorted(int(c) for c in hand))
        if len(own) != size or len(set(own)) != size or not set(own) <= set(deck):
            raise ValueError(f"hand must be {size} cards of the deck, got {tuple(hand)}")
        rest = [c for c in deck if c not in own]
        weights = {Holding(cards, (), cards if recall else ()): 1.0 for cards in combinations(rest, size)}
        return cls(deck, size, own, (), _normalised(weights), recall)

    # ---- what the range holds ------------------------------------------------

    @property
    def own_cards(self) -> tuple[int, ...]:
        """The owner's cards now, ascending."""
        return self._own

    @property
    def own_out_of_play(self) -> tuple[int, ...]:
        """The owner's thrown cards still out of play, ascending."""
        return self._own_out

    def __len__(self) -> int:
        """The number of hypotheses with positive probability."""
        return len(self._weights)

    def __iter__(self) -> Iterator[tuple[Holding, float]]:
        """Each hypothesis with its probability (they sum to 1)."""
        return iter(self._weights.items())

    def __repr__(self) -> str:
        return f"Range(own={self._own}, hypotheses={len(self._weights)})"

    def probabilities(self) -> dict[tuple[int, ...], float]:
        """The probability of each holding of the opponent's (ascending cards),
        its history summed out."""
        out: dict[tuple[int, ...], float] = {}
        for holding, weight in self._weights.items():
            out[holding.cards] = out.get(holding.cards, 0.0) + weight
        return out

    # ---- updates ---------------------------------------------------------------

    def after_action(self, likelihood: ActionLikelihood) -> Range:
        """The belief after the opponent's betting action.

        :param likelihood: the probability the opponent's policy takes the
            observed action, given a hypothesis (and the public history, which
            the caller knows).
        :raises ValueError: for a negative likelihood, or when the action has
            probability 0 under every hypothesis.
        """
        weights = {}
        for holding, weight in self._weights.items():
            p = _check_weight(likelihood(holding), "likelihood")
            if p > 0.0:
                weights[holding] = weight * p
        return self._with(self._own, self._own_out, weights)

    def after_draw(self, count: int, throws: ThrowPolicy) -> Range:
        """The belief after the opponent threw and was dealt ``count`` cards.

        Each hypothesis holding ``H`` with its cards ``O`` out of play becomes,
        for each set ``T`` of ``count`` cards the policy throws with probability
        ``p(T)`` and each set ``N`` the stub can deal, the hypothesis
        ``H - T + N`` with ``T`` out of play, weighted by ``p(T)`` times the
        chance of ``N``: uniform over the stub (the deck less both seats' cards
        and the cards out of play), or when the stub holds fewer than ``count``,
        all of it and the rest uniform over the cards out of play other than ``T``,
        which then form the new stub.

        :param count: the number of cards the opponent drew (0: it stood pat).
        :param throws: the opponent's policy at this draw.
        :raises ValueError: for a count outside 0..hand size, a negative
            probability, or when no hypothesis throws ``count`` cards.
        """
        if not isinstance(count, int) or not 0 <= count <= self._hand_size:
            raise ValueError(f"count must be 0..{self._hand_size}, got {count!r}")
        weights: dict[Holding, float] = {}
        own_out = self._own_out
        for holding, weight in self._weights.items():
            stub = self._stub(holding)
            reshuffle = len(stub) < count
            if reshuffle:
                own_out = ()
            for thrown, p in throws(holding).items():
                thrown = _sorted_cards(thrown, "a throw")
                if len(thrown) != count:
                    continue
                p = _check_weight(p, "a throw's probability")
                if p == 0.0:
                    continue
                if not set(thrown) <= set(holding.cards):
                    raise ValueError(f"a throw {thrown} of cards not held: {holding.cards}")
                kept = [c for c in holding.cards if c not in thrown]
                if reshuffle:
                    muck = sorted({*holding.out_of_play, *self._own_out})
                    rest = count - len(stub)
                    chance = p / comb(len(muck), rest)
                    dealt_sets: Iterable[tuple[int, ...]] = (tuple(sorted((*stub, *more)))
                                                             for more in combinations(muck, rest))
                    out_of_play = thrown
                else:
                    chance = p / comb(len(stub), count)
                    dealt_sets = combinations(stub, count)
                    out_of_play = tuple(sorted((*holding.out_of_play, *thrown)))
                for dealt in dealt_sets:
                    nxt = self._holding(tuple(sorted((*kept, *dealt))), out_of_play, holding, thrown, dealt)
                    weights[nxt] = weights.get(nxt, 0.0) + weight * chance
        return self._with(self._own, own_out, weights)

    def after_own_draw(self, thrown: Iterable[int], dealt: Iterable[int]) -> Range:
        """The belief after the owner threw ``thrown`` and was dealt ``dealt``.

        A hypothesis keeps its weight times the chance the stub deals ``dealt``
        under it: 0 when the opponent holds one of those cards, or has thrown
        one that is still out of play.

        :raises ValueError: for thrown cards the owner does not hold, a dealt
            set of another size or holding a card the owner already has, or
            cards no hypothesis allows.
        """
        thrown = _sorted_cards(thrown, "thrown")
        dealt = _sorted_cards(dealt, "dealt")
        if not set(thrown) <= set(self._own):
            raise ValueError(f"thrown {thrown} must be among the owner's cards {self._own}")
        if len(dealt) != len(thrown):
            raise ValueError(f"dealt {dealt} must be as many cards as thrown {thrown}")
        kept = [c for c in self._own if c not in thrown]
        if set(dealt) & set(self._own):
            raise ValueError(f"dealt {dealt} holds a card the owner has: {self._own}")
        own = tuple(sorted((*kept, *dealt)))
        own_out = tuple(sorted((*self._own_out, *thrown)))
        weights: dict[Holding, float] = {}
        for holding, weight in self._weights.items():
            if not dealt:
                weights[holding] = weight
                continue
            stub = self._stub(holding)
            if len(stub) >= len(dealt):
                if set(dealt) <= set(stub):
                    weights[holding] = weight / comb(len(stub), len(dealt))
                continue
            # The stub ran short: the owner took all of it, then the rest from
            # the reformed stub (every card out of play but its own throw).
            own_out = thrown
            muck = {*holding.out_of_play, *self._own_out}
            rest = set(dealt) - set(stub)
            if set(stub) <= set(dealt) and rest <= muck:
                moved = Holding(holding.cards, (), holding.dealt, holding.draws)
                weights[moved] = weights.get(moved, 0.0) + weight / comb(len(muck), len(rest))
        return self._with(own, own_out, weights)

    # ---- helpers ---------------------------------------------------------------

    def _stub(self, holding: Holding) -> list[int]:
        """The stub under a hypothesis: the deck less both seats' cards and the cards out of play."""
        gone = {*self._own, *self._own_out, *holding.cards, *holding.out_of_play}
        return [c for c in self._deck if c not in gone]

    def _holding(self, cards: tuple[int, ...], out_of_play: tuple[int, ...], before: Holding,
                 thrown: tuple[int, ...], dealt: tuple[int, ...]) -> Holding:
        if not self._recall:
            return Holding(cards, out_of_play)
        return Holding(cards, out_of_play, before.dealt, (*before.draws, (thrown, dealt)))

    def _with(self, own: tuple[int, ...], own_out: tuple[int, ...], weights: dict[Holding, float]) -> Range:
        return Range(self._deck, self._hand_size, own, own_out, _normalised(weights), self._recall)


def _normalised(weights: dict[Holding, float]) -> dict[Holding, float]:
    total = sum(weights.values())
    if not total > 0.0:
        raise ValueError("the observed event has probability 0 under every hypothesis")
    return {holding: weight / total for holding, weight in weights.items() if weight > 0.0}


def table_range(state: TableState, seat: int, policy: Policy) -> Range:
    """The belief of ``seat`` at ``state`` over the other seat's cards, the other
    seat playing ``policy``: what search at play time starts from in a
    :class:`~badeucey_fast.solve.game.TableGame`.

    It reads only what ``seat`` knows (its hand, its own draws and the public
    actions, :meth:`TableState.solver_codes
    <badeucey_fast.solve.game.TableState.solver_codes>`), and asks the policy
    about the other seat on the state each hypothesis makes (the hand replayed
    with the hypothesis's cards and draws), so any policy of the game drives
    it, such as :meth:`Strategy.as_policy() <badeucey_fast.solve.Strategy.as_policy>`.
    Fixed limit only (a raise's code does not say its amount).

    :param state: a state after the deal.
    :param seat: the seat whose belief it is (0 or 1).
    :param policy: the other seat's policy,
        :data:`~badeucey_fast.solve.best_response.Policy`.
    :raises ValueError: for a seat other than 0 or 1, a state before the deal,
        a game that is not fixed limit, or actions the policy gives probability 0
        under every hypothesis.

    >>> from badeucey_fast.play import TableRules
    >>> from badeucey_fast.solve import TableGame
    >>> from badeucey_fast.solve.ranges import table_range
    >>> state = TableGame(TableRules.mini()).root().child(((1, 2, 3, 5), (6, 7, 49, 50)))
    >>> state = state.child(0)                      # the button calls
    >>> always_call = lambda state, seat: {0: 1.0}
    >>> len(table_range(state, 1, always_call))     # no news: the five hands it may hold
    5
    >>> table_range(state.game.root(), 1, always_call)
    Traceback (most recent call last):
    ...
    ValueError: a range starts after the deal
    """
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    if not state.dealt:
        raise ValueError("a range starts after the deal")
    if state.game.rules.structure != "fixed":
        raise ValueError(f"table_range needs fixed limit, the game is {state.game.rules.structure!r} limit")
    game, other = state.game, 1 - seat
    public, own = state.solver_codes(seat)
    own_cards = [(own[i] - 1) * _CARD_CODE_BASE + own[i + 1] - 1 for i in range(0, len(own), 2)]
    belief = Range.initial(game, state.dealt[seat])
    root = game.root()
    # The state each opponent history makes, keyed by (dealt, draws).
    states: dict[tuple[object, ...], TableState] = {}

    def key(holding: Holding) -> tuple[object, ...]:
        return holding.dealt, holding.draws

    for holding, _ in belief:
        deal = [state.dealt[seat], holding.dealt]
        states[key(holding)] = root.child((deal[seat], deal[other]))
    for code in public:
        actor = next(iter(states.values())).current_seat()
        if code < _DRAW_CODE:
            any_state = next(iter(states.values()))
            if code == _RAISE_CODE:
                raises = [a for a in any_state.legal_actions() if a > 0]
                if len(raises) != 1:
                    raise ValueError("table_range needs fixed limit: one raise amount a decision")
                action = raises[0]
            else:
                action = -1 if code == _FOLD_CODE else 0
            if actor == other:
                def likelihood(holding: Holding, action: int = action, states: dict[tuple[object, ...], TableState]
                               = states) -> float:
                    return float(policy(states[key(holding)], other).get(action, 0.0))
                belief = belief.after_action(likelihood)
            alive = {key(h) for h, _ in belief}
            states = {k: s.child(action) for k, s in states.items() if k in alive}
            continue
        count = code - _DRAW_CODE
        if actor == seat:
            thrown, dealt = own_cards[:count], own_cards[count:2 * count]
            own_cards = own_cards[2 * count:]
            belief = belief.after_own_draw(thrown, dealt)
            alive = {key(h) for h, _ in belief}
            nxt = {}
            for k, s in states.items():
                if k in alive:
                    held = s.cards(seat)
                    after = s.child(sum(1 << held.index(c) for c in thrown))
                    nxt[k] = after.child(tuple(sorted(dealt))) if count else after
            states = nxt
            continue

        def throws(holding: Holding, states: dict[tuple[object, ...], TableState] = states
                   ) -> dict[tuple[int, ...], float]:
            got = policy(states[key(holding)], other)
            cards = holding.cards
            return {tuple(c for i, c in enumerate(cards) if mask >> i & 1): float(p) for mask, p in got.items()}
        before = belief
        belief = belief.after_draw(count, throws)
        parents = {key(h): h for h, _ in before}
        nxt = {}
        for holding, _ in belief:
            k = key(holding)
            if k in nxt:
                continue
            thrown_now, dealt_now = holding.draws[-1]
            s = states[(holding.dealt, holding.draws[:-1])]
            parent = parents[(holding.dealt, holding.draws[:-1])]
            after = s.child(sum(1 << parent.cards.index(c) for c in thrown_now))
            nxt[k] = after.child(dealt_now) if count else after
        states = nxt
    return belief
