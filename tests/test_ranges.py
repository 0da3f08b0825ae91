"""Ranges (badeucey_fast.solve.ranges) against brute force over whole hands on small decks.

The brute force walks the C table's game tree (:class:`TableGame`): every deal
that gives the owner its hand, every action and draw of the opponent's with the
policy's probability, every chance outcome of the opponent's draws with the
table's probability, the owner's own draws fixed to what it saw.  The posterior
over the opponent's cards is the sum of the path weights by its final cards;
the range must match it to 1e-12 after every event of the hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badeucey_fast._native import lib
from badeucey_fast.play import TableRules
from badeucey_fast.solve.game import TableGame, TableState
from badeucey_fast.solve import train
from badeucey_fast.solve.ranges import Holding, Range, table_range

Private = tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]  # dealt, draws
Public = tuple[Any, ...]
# policy(seat, dealt, draws, cards now, public events, legal actions) -> probability per legal action
Policy = Callable[[int, Private, tuple[int, ...], Public, tuple[int, ...]], dict[int, float]]
# decide(state, seat, private, public, legal): either kind of policy at a state of the walk
Decide = Callable[[TableState, int, Private, Public, tuple[int, ...]], Mapping[int, float]]


def of_history(policy: Policy) -> Decide:
    return lambda state, seat, private, public, legal: policy(seat, private, state.cards(seat), public, legal)


def of_table(policy: Callable[[TableState, int], Mapping[int, float]]) -> Decide:
    return lambda state, seat, private, public, legal: policy(state, seat)


def information_policy(state: TableState, seat: int) -> dict[int, float]:
    """A policy of the game's states: fixed probabilities drawn from a generator
    seeded by the seat's information state."""
    rng = random.Random(state.information_state(seat))
    weights = {a: (0.02 + 0.1 * rng.random()) if a == -1 else 0.05 + rng.random() for a in state.legal_actions()}
    total = sum(weights.values())
    return {a: w / total for a, w in weights.items()}


def history_policy(seat: int, private: Private, cards: tuple[int, ...], public: Public,
                   legal: tuple[int, ...]) -> dict[int, float]:
    """A perfect-recall policy that reads everything its seat knows: arbitrary
    but fixed probabilities drawn from a generator seeded by that knowledge."""
    rng = random.Random(repr((seat, private, cards, public)))
    weights = {a: (0.02 + 0.1 * rng.random()) if a == -1 else 0.05 + rng.random() for a in legal}  # rare folds
    total = sum(weights.values())
    return {a: w / total for a, w in weights.items()}


def holding_policy(seat: int, private: Private, cards: tuple[int, ...], public: Public,
                   legal: tuple[int, ...]) -> dict[int, float]:
    """A policy that reads only the seat's cards now and the public events."""
    return history_policy(seat, ((), ()), cards, public, legal)


def blind_policy(seat: int, private: Private, cards: tuple[int, ...], public: Public,
                 legal: tuple[int, ...]) -> dict[int, float]:
    """A policy that never reads the cards: in a betting round any probabilities;
    at a draw (more than the three betting actions a fixed-limit round offers) a
    probability for each number of cards, shared by every set of that many."""
    if len(legal) <= 3:
        return history_policy(seat, ((), ()), (), public, legal)
    counts = sorted({bin(mask).count("1") for mask in legal})
    per_count = history_policy(seat, ((), ()), (), public, tuple(counts))
    sets = {k: sum(bin(mask).count("1") == k for mask in legal) for k in counts}
    return {mask: per_count[bin(mask).count("1")] / sets[bin(mask).count("1")] for mask in legal}


@dataclass(frozen=True)
class Event:
    seat: int
    public: Public  # the public events before it
    legal: tuple[int, ...]
    action: int  # a bet, or a draw mask over the seat's ascending cards
    is_draw: bool
    thrown: tuple[int, ...] = ()  # a draw's cards (the actor's view)
    dealt: tuple[int, ...] = ()


def play(game: TableGame, decide: Decide, seed: int
         ) -> tuple[tuple[tuple[int, ...], ...], list[Event], list[TableState]]:
    """One hand sampled with the policy: the deal, its events and the state after each (and after the deal)."""
    rng = random.Random(seed)
    deal = rng.choice(game.deals)
    state = game.root().child(deal)
    private: list[Private] = [(deal[0], ()), (deal[1], ())]
    public: list[Any] = []
    events = []
    states = [state]
    while not state.is_terminal():
        seat = state.current_seat()
        legal = state.legal_actions()
        cards = state.cards(seat)
        probs = decide(state, seat, private[seat], tuple(public), legal)
        action = rng.choices(list(probs), weights=list(probs.values()))[0]
        is_draw = state.phase == lib.BDC_PHASE_DRAW
        pub = tuple(public)
        state = state.child(action)
        if not is_draw:
            public.append((seat, action))
            events.append(Event(seat, pub, legal, action, False))
            states.append(state)
            continue
        thrown = tuple(c for i, c in enumerate(cards) if action >> i & 1)
        dealt: tuple[int, ...] = ()
        if state.is_chance():
            outcomes = state.chance_outcomes()
            dealt = tuple(rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0])
            state = state.child(dealt)
        private[seat] = (private[seat][0], (*private[seat][1], (thrown, dealt)))
        public.append((seat, "d", len(thrown)))
        events.append(Event(seat, pub, legal, action, True, thrown, dealt))
        states.append(state)
    return deal, events, states


def current_cards(private: Private) -> tuple[int, ...]:
    cards = set(private[0])
    for thrown, dealt in private[1]:
        cards = (cards - set(thrown)) | set(dealt)
    return tuple(sorted(cards))


def brute_force(game: TableGame, decide: Decide, owner: int, hand: tuple[int, ...],
                events: list[Event]) -> dict[tuple[int, ...], float]:
    """The posterior over the opponent's cards after ``events``, by walking every consistent path."""
    posterior: dict[tuple[int, ...], float] = {}

    def walk(state: TableState, weight: float, private: Private, at: int) -> None:
        if at == len(events):
            cards = current_cards(private)  # the table shows no cards once a seat folds
            posterior[cards] = posterior.get(cards, 0.0) + weight
            return
        event = events[at]
        assert state.current_seat() == event.seat and state.legal_actions() == event.legal
        if event.seat == owner:
            nxt = state.child(event.action)
            if nxt.is_chance():
                chances = dict(nxt.chance_outcomes())
                if event.dealt not in chances:
                    return
                weight *= chances[event.dealt]
                nxt = nxt.child(event.dealt)
            walk(nxt, weight, private, at + 1)
            return
        cards = state.cards(event.seat)
        probs = decide(state, event.seat, private, event.public, event.legal)
        if not event.is_draw:
            walk(state.child(event.action), weight * probs[event.action], private, at + 1)
            return
        for mask in event.legal:
            if bin(mask).count("1") != len(event.thrown):
                continue
            thrown = tuple(c for i, c in enumerate(cards) if mask >> i & 1)
            nxt = state.child(mask)
            outcomes = nxt.chance_outcomes() if nxt.is_chance() else [((), 1.0)]
            for dealt, p in outcomes:
                after = nxt.child(dealt) if nxt.is_chance() else nxt
                walk(after, weight * probs[mask] * p, (private[0], (*private[1], (thrown, tuple(dealt)))), at + 1)

    root = game.root()
    for deal, p in root.chance_outcomes():
        if deal[owner] == hand:
            walk(root.child(deal), p, (deal[1 - owner], ()), 0)
    total = sum(posterior.values())
    return {cards: w / total for cards, w in posterior.items() if w > 0.0}


def range_after(game: TableGame, policy: Policy, owner: int, hand: tuple[int, ...], events: list[Event],
                *, recall: bool = True) -> Range:
    """The range of the owner after ``events``, driven by the same policy."""
    belief = Range.initial(game, hand, recall=recall)
    opponent = 1 - owner
    for event in events:
        if event.seat == owner:
            if event.is_draw:
                belief = belief.after_own_draw(event.thrown, event.dealt)
            continue
        if not event.is_draw:
            def likelihood(h: Holding, e: Event = event) -> float:
                return policy(opponent, (h.dealt, h.draws), h.cards, e.public, e.legal)[e.action]
            belief = belief.after_action(likelihood)
            continue

        def throws(h: Holding, e: Event = event) -> dict[tuple[int, ...], float]:
            probs = policy(opponent, (h.dealt, h.draws), h.cards, e.public, e.legal)
            return {tuple(c for i, c in enumerate(h.cards) if m >> i & 1): p for m, p in probs.items()}
        belief = belief.after_draw(len(event.thrown), throws)
    return belief


def assert_same(got: dict[tuple[int, ...], float], want: dict[tuple[int, ...], float]) -> None:
    assert set(got) == set(want)
    for cards, p in want.items():
        assert got[cards] == pytest.approx(p, abs=1e-12), cards


def check_hand(game: TableGame, policy: Policy, seed: int, *, recall: bool = True) -> int:
    """Compare range and brute force after every prefix of a sampled hand, from both seats; the events seen."""
    deal, events, _ = play(game, of_history(policy), seed)
    for owner in (0, 1):
        for n in range(len(events) + 1):
            got = range_after(game, policy, owner, deal[owner], events[:n], recall=recall).probabilities()
            assert_same(got, brute_force(game, of_history(policy), owner, deal[owner], events[:n]))
    return len(events)


MINI = TableGame(TableRules.mini())
# Two draws of up to two cards from ten cards: the stub (two cards after the deal) runs
# short at most draws, so the cards out of play are dealt again.
TWO_DRAWS = TableGame(TableRules("badugi", cap=1, heads_up_cap=1, deck="As 2s 3s Ah 2h 3h Ad 2d 3d Ac",
                                 draws=2, max_discard=2))


@pytest.mark.parametrize("seed", range(12))
def test_mini_game_matches_brute_force(seed: int) -> None:
    check_hand(MINI, history_policy, seed)


@pytest.mark.parametrize("seed", range(8))
def test_two_draws_with_reshuffles_match_brute_force(seed: int) -> None:
    check_hand(TWO_DRAWS, history_policy, seed)


@pytest.mark.parametrize("seed", range(4))
def test_without_recall_matches_brute_force_for_a_policy_of_the_cards(seed: int) -> None:
    check_hand(TWO_DRAWS, holding_policy, seed, recall=False)


def test_sampled_hands_draw_and_reshuffle() -> None:
    """The sampled hands exercise what the tests claim: draws of two cards and
    stubs running short (a draw dealt from the cards out of play), under both kinds of policy."""
    for game in (MINI, TWO_DRAWS):
        draws = [sum(e.is_draw for e in play(game, of_table(information_policy), seed)[1]) for seed in range(6)]
        assert sum(d >= 2 for d in draws) >= 3, draws
    drew_two = short = False
    for seed in range(8):
        _, events, _ = play(TWO_DRAWS, of_history(history_policy), seed)
        stub = len(TWO_DRAWS.deck) - 8
        for event in events:
            if event.is_draw:
                drew_two |= len(event.thrown) == 2
                short |= len(event.thrown) > stub
                stub = max(stub - len(event.thrown), 0) if len(event.thrown) <= stub else 0
    assert drew_two and short


def test_the_same_cards_with_different_throws_are_different_hypotheses() -> None:
    """Two opponent histories that end in the same cards can differ in the cards
    thrown, which stay out of play and so change what the owner can be dealt:
    a belief over the cards alone could not be exact."""
    game = TableGame(TableRules("badugi", deck=tuple(range(10)), draws=2, max_discard=2))
    belief = Range.initial(game, (0, 1, 2, 3), recall=False)
    after = belief.after_draw(1, lambda h: {(c,): 0.25 for c in h.cards})  # throws any card
    throws: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for holding, _ in after:
        throws.setdefault(holding.cards, set()).add(holding.out_of_play)
    assert max(len(t) for t in throws.values()) > 1


def test_a_policy_blind_to_cards_leaves_the_range_uniform() -> None:
    """With a policy that ignores the cards, the opponent holds any set of the
    cards the owner has not seen in play, all equally likely, whatever happens."""
    rules = TableRules("badugi", cap=1, heads_up_cap=1, deck=tuple(range(16)), draws=2, max_discard=2)
    game = TableGame(rules)
    for seed in range(3):
        deal, events, _ = play(game, of_history(blind_policy), seed)
        for owner in (0, 1):
            belief = range_after(game, blind_policy, owner, deal[owner], events, recall=False)
            unseen = [c for c in game.deck if c not in {*belief.own_cards, *belief.own_out_of_play}]
            want: dict[tuple[int, ...], float] = {cards: 1 / comb(len(unseen), 4) for cards in combinations(unseen, 4)}
            assert_same(belief.probabilities(), want)


def test_card_removal_at_the_deal() -> None:
    """The opponent holds any five of the cards the owner does not, equally likely."""
    belief = Range.initial(TableRules("deuce_seven", deck=tuple(range(20))), [0, 5, 10, 15, 19])
    rest = [c for c in range(20) if c not in (0, 5, 10, 15, 19)]
    assert_same(belief.probabilities(), {cards: 1 / comb(15, 5) for cards in combinations(rest, 5)})
    assert all(holding.dealt == holding.cards and holding.out_of_play == () for holding, _ in belief)


def test_the_draw_transform() -> None:
    """The opponent keeps what the policy keeps and is dealt from the stub, uniformly."""
    game = TableGame(TableRules("badugi", deck=tuple(range(12)), draws=1, max_discard=1))
    belief = Range.initial(game, (0, 1, 2, 3), recall=False)
    # It holds 4..11 but one of two hands: 4 5 6 7 or 8 9 10 11, equally likely.
    belief = belief.after_action(lambda h: float(h.cards in ((4, 5, 6, 7), (8, 9, 10, 11))))
    after = belief.after_draw(1, lambda h: {(h.cards[0],): 1.0})  # throws its lowest card
    # Stub: the four cards of the other hand; the new card is one of them.
    want = {(5, 6, 7, c): 0.125 for c in (8, 9, 10, 11)} | {(9, 10, 11, c): 0.125 for c in (4, 5, 6, 7)}
    assert_same(after.probabilities(), {tuple(sorted(k)): v for k, v in want.items()})
    assert {h.out_of_play for h, _ in after} == {(4,), (8,)}


def test_errors() -> None:
    belief = Range.initial(MINI, (1, 2, 3, 5))  # 2d 2h 2s 3d
    with pytest.raises(ValueError, match="probability 0 under every hypothesis"):
        belief.after_action(lambda h: 0.0)
    with pytest.raises(ValueError, match="likelihood must be a probability"):
        belief.after_action(lambda h: -1.0)
    with pytest.raises(ValueError, match="count must be 0..4"):
        belief.after_draw(5, lambda h: {})
    with pytest.raises(ValueError, match="thrown"):
        belief.after_own_draw([7], [6])
    with pytest.raises(ValueError, match="as many cards"):
        belief.after_own_draw([1], [])
    with pytest.raises(TypeError, match="TableGame or TableRules"):
        Range.initial("badugi", (0, 1, 2, 3))  # type: ignore[arg-type]


def check_table_range(game: TableGame, policy: Callable[[TableState, int], Mapping[int, float]], seed: int) -> None:
    """table_range at every state of a sampled hand, from both seats, against brute force."""
    deal, events, states = play(game, of_table(policy), seed)
    for owner in (0, 1):
        for n, state in enumerate(states):
            got = table_range(state, owner, policy).probabilities()
            assert_same(got, brute_force(game, of_table(policy), owner, deal[owner], events[:n]))


@pytest.mark.parametrize("seed", range(6))
def test_table_range_matches_brute_force(seed: int) -> None:
    check_table_range(MINI, information_policy, seed)
    check_table_range(TWO_DRAWS, information_policy, seed)


def test_table_range_under_a_trained_strategy() -> None:
    """The blueprint of the mini game drives the range as any policy does."""
    policy = train(MINI.rules, 500, seed=1, abstraction=None, stacks=(MINI.stack, MINI.stack)).as_policy()
    for seed in range(6):
        check_table_range(MINI, policy, seed)


def test_table_range_reads_only_what_the_seat_knows() -> None:
    """Changing the other seat's cards changes nothing in the range."""
    first = MINI.root().child(((1, 2, 3, 5), (6, 7, 49, 50))).child(0)
    second = MINI.root().child(((1, 2, 3, 5), (7, 49, 50, 51))).child(0)
    assert table_range(first, 0, information_policy).probabilities() == \
        table_range(second, 0, information_policy).probabilities()


def test_table_range_errors() -> None:
    state = MINI.root().child(((1, 2, 3, 5), (6, 7, 49, 50)))
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        table_range(state, 2, information_policy)
    with pytest.raises(ValueError, match="after the deal"):
        table_range(MINI.root(), 0, information_policy)
    with pytest.raises(ValueError, match="probability 0 under every hypothesis"):
        table_range(state.child(-1), 1, lambda state, seat: {0: 1.0})


@settings(max_examples=5)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_any_hand_of_two_draws_matches_brute_force(seed: int) -> None:
    """Whatever hand is dealt and played, the range at its end is the brute force's."""
    deal, events, states = play(TWO_DRAWS, of_table(information_policy), seed)
    for owner in (0, 1):
        got = table_range(states[-1], owner, information_policy).probabilities()
        assert_same(got, brute_force(TWO_DRAWS, of_table(information_policy), owner, deal[owner], events))
