"""The smaller games of TableRules (deck, draws, max_discard), the mini preset and exact best responses."""

from __future__ import annotations

import random

import pytest

from badeucey_fast._native import ffi, lib
from badeucey_fast._native.mini import ChanceTable
from badeucey_fast._native.table import CHECK_CALL, DRAW, OVER, Table, selfplay, table_rules
from badeucey_fast.play import Hand, TableRules
from badeucey_fast.solve import TableGame, exploitability

MINI = TableRules.mini()
RESHUFFLE = lib.BDC_EVENT_RESHUFFLE


# ---- the rules -------------------------------------------------------------------


def test_defaults_are_the_full_game() -> None:
    rules = TableRules()
    assert (rules.deck, rules.draws, rules.max_discard, rules.is_full_game) == (None, 3, None, True)
    assert TableRules(deck=range(52)) == rules  # the whole deck is stored as None
    c_rules = table_rules(rules)
    assert (c_rules.deck, c_rules.draws, c_rules.max_discard) == (0, 3, 0)  # 0: the whole deck, the whole hand
    assert (TableRules("badugi").max_seats, TableRules().max_seats) == (10, 8)
    assert repr(rules).endswith("cap_counts_blind=True)")  # the full game's repr as before
    assert repr(MINI).endswith("deck=(1, 2, 3, 5, 6, 7, 49, 50, 51), draws=1, max_discard=1)")


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"draws": 0}, ValueError, "draws must be 1..3, got 0"),
    ({"draws": True}, TypeError, "draws must be an integer"),
    ({"draws": 2.0}, TypeError, "draws must be an integer"),
    ({"max_discard": 5}, ValueError, "max_discard must be 1..4, got 5"),
    ({"max_discard": "1"}, TypeError, "max_discard must be an integer"),
    ({"deck": "As 2s 3s 4s Ah 2h 3h 4h"}, ValueError, "a deck of 8 cards is too small"),
    ({"deck": [0, 1, 52]}, ValueError, "52"),
    ({"deck": [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, ValueError, "duplicate"),
    ({"deck": 3.5}, TypeError, "deck"),
])
def test_bad_settings_are_named(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        TableRules("badugi", **kwargs)  # type: ignore[arg-type]


def test_the_mini_preset() -> None:
    assert MINI.deck_size == 9 and MINI.draws == 1 and MINI.discard_limit == 1 and MINI.max_seats == 2
    assert not MINI.is_full_game
    five = TableRules.mini("badeucey")
    assert (five.deck_size, five.max_seats) == (11, 2)


def test_the_python_engine_refuses_a_smaller_game() -> None:
    with pytest.raises(ValueError, match="plays on the C table"):
        Hand(MINI, [20, 20])


# ---- the C table -------------------------------------------------------------------


def _start(c_rules: object, seats: int = 2) -> int:
    table = ffi.new("bdc_table *")
    stacks = ffi.new("int64_t[]", [20] * seats)
    return int(lib.bdc_table_start(table, c_rules, seats, stacks, 0, ffi.NULL, 1, ffi.NULL))


@pytest.mark.parametrize(("field", "value"), [
    ("draws", 4), ("draws", -1), ("max_discard", 5), ("max_discard", -1),
    ("deck", 1 << 52), ("deck", 0xFF),  # a card outside the deck; a deck too small for two seats
])
def test_c_refuses_bad_smaller_games(field: str, value: int) -> None:
    c_rules = table_rules(TableRules("badugi"))
    setattr(c_rules, field, value)
    assert _start(c_rules) == lib.BDC_E_ARGUMENT


def test_seats_are_bounded_by_the_deck() -> None:
    nine = table_rules(MINI)
    assert _start(nine, 2) == lib.BDC_OK
    assert _start(nine, 3) == lib.BDC_E_ARGUMENT
    thirteen = TableRules("badugi", deck=range(13), max_discard=1)
    assert thirteen.max_seats == 3 and _start(table_rules(thirteen), 3) == lib.BDC_OK


def test_a_draw_throws_at_most_max_discard() -> None:
    table = Table(MINI, [20, 20], seed=3)
    table.act(CHECK_CALL)
    table.act(CHECK_CALL)
    assert table.phase == DRAW and table.legal()[-1] == 1
    assert table.can(1) and table.can(8) and not table.can(3)


@pytest.mark.parametrize("seed", range(40))
def test_random_hands_of_the_mini_game(seed: int) -> None:
    """Cards stay in the deck, one draw then the last round, chips conserved; when both
    seats throw, the second is dealt the first one's discard (the stub is reformed)."""
    rng = random.Random(seed)
    table = Table(MINI, [20, 20], seed=seed)
    rounds = set()
    while table.phase != OVER:
        seat, phase, _, can_fold, raise_to, *_ = table.legal()
        rounds.add((phase, table.round))
        for s in (0, 1):
            assert set(table.cards(s)) <= set(MINI.deck)  # type: ignore[arg-type]
        if phase == DRAW:
            table.act(rng.choice([0, 0, 1, 2, 4, 8]))
        else:
            table.act(rng.choice([CHECK_CALL] + ([-1] if can_fold else []) + ([raise_to] if raise_to else [])))
    assert rounds <= {(0, 0), (1, 1), (0, 1)}
    payoffs = table.payoffs
    assert payoffs is not None and sum(payoffs) == 0
    draws = [e for e in table.events if e[0] == lib.BDC_EVENT_DRAW]
    if len(draws) == 2 and draws[0][3] and draws[1][3]:
        assert any(e[0] == RESHUFFLE for e in table.events)
        assert draws[1][4] == draws[0][3]


@pytest.mark.parametrize("policies", [["random", "calling"], ["drawing", "random"]])
def test_selfplay_plays_the_mini_game(policies: list[str]) -> None:
    won = selfplay(MINI, [20, 20], policies, 30, seed=5)
    assert won.shape == (30, 2) and (won.sum(axis=1) == 0).all()


# ---- chance chosen by the caller -----------------------------------------------------------


def test_draw_outcomes_follow_the_stub_rule() -> None:
    table = ChanceTable(MINI, [20, 20], [(1, 2, 3, 5), (6, 7, 49, 50)])
    table.bet(0)
    table.bet(0)
    assert table.to_act == 1  # heads-up, the big blind draws first
    assert table.draw_outcomes(1) == [((51,), 1.0)]  # the one card left
    table.draw(1, (51,))
    assert table.cards(1) == (7, 49, 50, 51)
    assert table.draw_outcomes(2) == [((6,), 1.0)]  # the stub is empty: the other seat's discard
    with pytest.raises(ValueError, match="cannot come"):
        table.copy().draw(2, (3,))
    table.draw(2, (6,))
    assert table.cards(0) == (1, 3, 5, 6)


# ---- exact best responses ---------------------------------------------------------------------


def passive(state: object, seat: int) -> dict[int, float]:
    actions = state.legal_actions()  # type: ignore[attr-defined]
    return {-1 if -1 in actions else 0: 1.0}


def test_best_responses_known_by_hand() -> None:
    """Folding to every bet: the button folds its small blind (the big blind wins 1);
    against the passive big blind, the button bets after the draw and wins the blind (2)."""
    result = exploitability(TableGame(MINI), passive)
    assert result.best_response == (2.0, 1.0)
    assert result.policy_value == (-1.0, 1.0)
    assert result.exploitability == 1.5 and result.per_big_blind == 0.75
    assert result.nodes == 162541 and result.information_states == 21798
    # the gifts: every information state's, at least 0 and 0 for its best action; folding the
    # small blind gives up 3 chips with any hand (-1, against +2 calling and betting after the draw)
    assert sum(map(len, result.gifts)) == sum(map(len, result.strategies)) == result.information_states
    assert all(min(gifts.values()) == 0.0 for seat in result.gifts for gifts in seat.values())
    first = {key: gifts for key, gifts in result.gifts[0].items() if key.endswith("|")}
    assert len(first) == 126 and all(gifts == {-1: 3.0, 0: 0.0} for gifts in first.values())


@pytest.mark.slow  # exact traversals through a Python policy
def test_the_best_response_is_worth_its_value() -> None:
    """Playing the best response found earns exactly its value; exploitability >= 0."""
    game = TableGame(MINI)

    def mixed(state: object, seat: int) -> dict[int, float]:
        actions = state.legal_actions()  # type: ignore[attr-defined]
        weights = [1 + (len(state.information_state(seat)) + i) % 3 for i in range(len(actions))]  # type: ignore[attr-defined]
        total = sum(weights)
        return {a: w / total for a, w in zip(actions, weights)}

    result = exploitability(game, mixed)
    assert result.exploitability >= 0
    assert result.best_response[0] >= result.policy_value[0] and result.best_response[1] >= result.policy_value[1]
    strategy = result.strategies[0]

    def responder(state: object, seat: int) -> dict[int, float]:
        if seat == 0:
            return {strategy[state.information_state(0)]: 1.0}  # type: ignore[attr-defined]
        return mixed(state, seat)

    played = exploitability(game, responder)
    assert played.policy_value[0] == pytest.approx(result.best_response[0], abs=1e-9)


def test_a_bad_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="sum to"):
        exploitability(TableGame(MINI), lambda state, seat: {0: 0.5})
    with pytest.raises(ValueError, match="probability -1"):
        exploitability(TableGame(MINI), lambda state, seat: {0: 2.0, -1: -1.0} if -1 in state.legal_actions()
                       else {0: 1.0})


# ---- a trained strategy as a policy of the game -------------------------------------------------------


@pytest.fixture(scope="module")
def trained_policies() -> dict[int, object]:
    from badeucey_fast.solve import train

    return {n: train(MINI, n, seed=1, abstraction=None, stacks=(20, 20)) for n in (200, 20_000)}


@pytest.mark.slow  # two exact exploitabilities of trained strategies
def test_a_trained_strategy_s_exploitability_falls_with_iterations(trained_policies: dict[int, object]) -> None:
    """Exact hands and perfect recall: the average strategy approaches an equilibrium, so its
    exact exploitability falls (a policy that missed the strategy's information sets would play
    uniformly, worth well over a chip to a best response)."""
    game = TableGame(MINI)
    few, many = (exploitability(game, trained_policies[n].as_policy()) for n in (200, 20_000))  # type: ignore[attr-defined]
    assert 0 < many.exploitability < few.exploitability
    assert many.exploitability < 0.15 and many.per_big_blind < 0.075


@pytest.mark.slow  # three exact traversals, two through a Python policy
def test_the_best_response_to_a_trained_strategy_is_worth_its_value(trained_policies: dict[int, object]) -> None:
    """Replaying each seat's best response against the trained policy earns exactly the value found
    (information states its own choices never reach have no choice: any action does there)."""
    game = TableGame(MINI)
    policy = trained_policies[20_000].as_policy()  # type: ignore[attr-defined]
    result = exploitability(game, policy)
    for responder in (0, 1):
        choice = result.strategies[responder]

        def replay(state: object, seat: int, responder: int = responder, choice: object = choice) -> dict[int, float]:
            if seat == responder:
                key = state.information_state(seat)  # type: ignore[attr-defined]
                return {choice.get(key, state.legal_actions()[0]): 1.0}  # type: ignore[attr-defined]
            return policy(state, seat)

        played = exploitability(game, replay)
        assert played.policy_value[responder] == pytest.approx(result.best_response[responder], abs=1e-9)


def test_the_policy_is_the_strategy_s_lookup(trained_policies: dict[int, object]) -> None:
    """The policy asks the strategy with the state's codes: the first decision was met in
    training, and a draw's masks are over the cards in ascending id."""
    strategy = trained_policies[20_000]
    policy = strategy.as_policy()  # type: ignore[attr-defined]
    state = TableGame(MINI).root().child(((1, 2, 3, 5), (6, 7, 49, 50)))
    assert policy(state, 0) == strategy.probabilities_at(0, 0, "bet", (1, 2, 3, 5), (), can_fold=True)  # type: ignore[attr-defined]
    state = state.child(0).child(0)  # the button calls, the big blind checks: the big blind draws
    assert state.solver_codes(1) == ((2, 2), ())
    probabilities = policy(state, 1)
    assert sorted(probabilities) == [0, 1, 2, 4, 8] and sum(probabilities.values()) == pytest.approx(1)
    state = state.child(8).child((51,))  # it throws 50 (its fourth card) and is dealt 51
    assert state.solver_codes(1) == ((2, 2, 5), (50 // 8 + 1, 50 % 8 + 1, 51 // 8 + 1, 51 % 8 + 1))
    assert state.solver_codes(0) == ((2, 2, 5), ())


def test_the_policy_refuses_another_game(trained_policies: dict[int, object]) -> None:
    policy = trained_policies[200].as_policy()  # type: ignore[attr-defined]
    deal = ((1, 2, 3, 5), (6, 7, 49, 50))
    with pytest.raises(ValueError, match="stacks"):
        policy(TableGame(MINI, stack=30).root().child(deal), 0)
    with pytest.raises(ValueError, match="trained with"):
        five = TableGame(TableRules.mini("badeucey"))
        policy(five.root().child(five.deals[0]), 0)
    with pytest.raises(ValueError, match="seat 0 is to act"):
        policy(TableGame(MINI).root().child(deal), 1)


def test_a_draw_dealt_one_card_at_a_time_is_the_draw_dealt_at_once() -> None:
    """TableState.card_outcomes, card after card, gives each set of chance_outcomes its
    probability: from the stub, and from the cards out of play once the stub is dealt out."""
    from itertools import permutations
    from math import prod

    rules = TableRules("badugi", cap=1, heads_up_cap=1, deck="As 2s 3s 4s Ah 2h 3h 4h Ad 2d 3d", draws=1, max_discard=2)
    game = TableGame(rules)
    checked = []
    for deal in random.Random(3).sample(game.deals, 20):
        state = game.root().child(deal).child(0).child(0)  # call, check: the draw
        while not state.is_terminal() and state.phase == lib.BDC_PHASE_DRAW:
            state = state.child(0b11)  # each seat throws two
            for cards, p in state.chance_outcomes():
                by_card = 0.0
                for order in permutations(cards):
                    steps = [dict(state.card_outcomes(order[:i])).get(card, 0.0) for i, card in enumerate(order)]
                    by_card += prod(steps)
                assert by_card == pytest.approx(p)
            checked.append(len(state.chance_outcomes()))
            state = state.child(state.chance_outcomes()[0][0])
    assert set(checked) == {3, 2}  # the stub (3 cards) gives the first seat 2, the second its last and 1 thrown
    with pytest.raises(ValueError, match="not a draw's chance node"):
        game.root().card_outcomes()
