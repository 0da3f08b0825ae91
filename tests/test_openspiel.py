"""badeucey_fast.openspiel: the mini game registered with OpenSpiel passes its checks, and
OpenSpiel's exploitability of a policy agrees with the package's exact best response; the
full games load, pass the random simulation checks, run outcome-sampling MCCFR, end as the
package's Hand does, and take a trained strategy as a policy with CFRBot's probabilities."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.best_response")

import badeucey_fast.openspiel as mini_openspiel  # noqa: E402 - after the skip
from open_spiel.python.algorithms import evaluate_bots, outcome_sampling_mccfr  # noqa: E402
from open_spiel.python.algorithms import best_response as openspiel_best_response  # noqa: E402
from open_spiel.python.bots import policy as policy_bot  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from badeucey_fast._native import lib  # noqa: E402
from badeucey_fast.play.bots import CFRBot  # noqa: E402
from badeucey_fast.solve import (  # noqa: E402
    SolverAbstraction,
    Strategy,
    deep_stacks,
    exploitability,
    heads_up_rules,
    train,
)


def test_the_game_is_registered() -> None:
    assert mini_openspiel.GAME_NAME in pyspiel.registered_names()
    assert "badeucey" in mini_openspiel.GAME_NAME
    game = pyspiel.load_game(mini_openspiel.GAME_NAME)
    assert game.num_players() == 2 and game.num_distinct_actions() == 3 + 16
    assert game.max_chance_outcomes() == 630 + 9


def test_openspiel_s_random_simulation_checks() -> None:
    game = pyspiel.load_game(mini_openspiel.GAME_NAME)
    pyspiel.random_sim_test(game, num_sims=50, serialize=False, verbose=False)


def test_information_states_have_perfect_recall() -> None:
    """Along a hand, a player's information state string and tensor only grow: no fact is forgotten."""
    game = pyspiel.load_game(mini_openspiel.GAME_NAME)
    state = game.new_initial_state()
    state.apply_action(0)  # the first deal
    seen: dict[int, tuple[str, list[float]]] = {}
    for action in (1, 1, 3 + 1, None, 3 + 2, None, 2, 1):  # call, check, draw one each, bet, call
        if action is None:
            (outcome, _), = state.chance_outcomes()  # the one card the stub rule allows
            state.apply_action(outcome)
            continue
        player = state.current_player()
        text, tensor = state.information_state_string(player), state.information_state_tensor(player)
        if player in seen:
            earlier_text, earlier_tensor = seen[player]
            assert text.startswith(earlier_text) and text != earlier_text
            assert all(e <= t for e, t in zip(earlier_tensor, tensor)) and earlier_tensor != tensor
        seen[player] = (text, tensor)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.is_terminal() and sum(state.returns()) == 0


@pytest.mark.slow
def test_openspiel_exploitability_of_a_trained_strategy_agrees_with_ours() -> None:
    """The issue's check: the trained mini policy (badeucey_fast.solve.train, exact hands),
    wrapped for OpenSpiel, has the same exploitability by OpenSpiel's algorithm as by ours:
    each seat's best response value, by OpenSpiel's Python best response, is ours.

    (OpenSpiel's ``exploitability()``, the mean of the same two values, takes them from its C++
    TabularBestResponse instead, which builds a tree of every state for each seat through the
    game's Python methods, several calls a state. The C++ side calling into the game, clones,
    actions, chance outcomes and strings, is checked by OpenSpiel's random simulation test.)"""
    from badeucey_fast.solve import train

    table = mini_openspiel.table_game()
    policy = train(table.rules, 20_000, seed=1, abstraction=None, stacks=(table.stack, table.stack)).as_policy()
    game = pyspiel.load_game(mini_openspiel.GAME_NAME)
    exact = exploitability(table, policy)
    wrapped, root = mini_openspiel.openspiel_policy(game, policy), game.new_initial_state()
    theirs = [openspiel_best_response.BestResponsePolicy(game, seat, wrapped).value(root) for seat in range(2)]
    assert 0 < exact.exploitability < 0.15
    assert theirs == pytest.approx(list(exact.best_response), abs=1e-6)
    assert sum(theirs) / 2 == pytest.approx(exact.exploitability, abs=1e-6)


def test_openspiel_policy_takes_the_mini_game_only() -> None:
    with pytest.raises(TypeError, match="must be pyspiel.load_game"):
        mini_openspiel.openspiel_policy(pyspiel.load_game("kuhn_poker"), lambda state, seat: {})


# --------------------------------------------------------------------------- #
# The full heads-up games (python_<game>_triple_draw)
# --------------------------------------------------------------------------- #
def _random_hand(game: Any, rng: random.Random, choose: Any = None) -> Any:
    """A hand of ``game`` to the end: chance by its probabilities, each player's action
    uniformly at random or by ``choose(state)`` (a dict of action probabilities)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            continue
        given = choose(state) if choose else dict.fromkeys(state.legal_actions(), 1.0)
        state.apply_action(rng.choices(list(given), weights=list(given.values()))[0])
    return state


@pytest.mark.parametrize("name", sorted(mini_openspiel.FULL_GAMES))
def test_each_full_game_loads_with_the_training_rules(name: str) -> None:
    game = pyspiel.load_game(name)
    table = mini_openspiel.full_table_game(mini_openspiel.FULL_GAMES[name])
    assert table.rules == heads_up_rules(mini_openspiel.FULL_GAMES[name]) and table.stack == deep_stacks(table.rules)
    size = 4 if "badugi" in name else 5
    assert game.num_players() == 2 and game.num_distinct_actions() == 3 + (1 << size)
    assert game.max_chance_outcomes() == 52 and game.get_parameters() == {"stack": 66}
    assert game.information_state_tensor_shape() == [2 + 52 + 2 * 3 * 52 + 3 * (size + 1) + 4 * 11 * 3]
    assert pyspiel.load_game(name, {"stack": 30}).max_utility() == 30


@pytest.mark.parametrize("name", sorted(mini_openspiel.FULL_GAMES))
def test_openspiel_s_random_simulation_checks_on_the_full_game(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=5, serialize=False, verbose=False)


def test_the_full_game_deals_one_card_at_a_time_with_exact_probabilities() -> None:
    game = pyspiel.load_game("python_badugi_triple_draw")
    state = game.new_initial_state()
    for dealt in range(8):  # seat 1's first card, seat 0's, ...: the C table's order
        outcomes = state.chance_outcomes()
        assert [card for card, _ in outcomes] == [c for c in range(52) if c not in range(dealt)]
        assert all(p == pytest.approx(1 / (52 - dealt)) for _, p in outcomes)
        state.apply_action(dealt)
    assert state.state.dealt == ((1, 3, 5, 7), (0, 2, 4, 6)) and state.current_player() == 0
    state.apply_action(mini_openspiel.CALL)
    state.apply_action(mini_openspiel.CALL)  # the big blind checks: seat 1 draws first
    state.apply_action(mini_openspiel.DRAW + 0b0011)  # throws 2c 2h
    for received in range(2):
        outcomes = state.chance_outcomes()
        assert [card for card, _ in outcomes] == list(range(8, 52 - received))  # the stub: no card out yet
        assert all(p == pytest.approx(1 / (44 - received)) for _, p in outcomes)
        state.apply_action(51 - received)
    assert state.current_player() == 0 and state.state.cards(1) == (4, 6, 50, 51)
    with pytest.raises(ValueError, match="cannot be dealt"):
        game.new_initial_state().child(52)


@pytest.mark.parametrize("name", sorted(mini_openspiel.FULL_GAMES))
def test_full_game_returns_are_the_package_s_hand_s(name: str) -> None:
    """On the same cards and actions the package's Hand (the Python engine) ends the same
    way: returns zero-sum, the chips conserved, each seat's payoff the same."""
    game, rng = pyspiel.load_game(name), random.Random(name)
    for _ in range(20):
        state = _random_hand(game, rng)
        returns, hand = state.returns(), state.hand()
        assert sum(returns) == 0 and all(abs(r) <= 66 for r in returns)
        assert list(hand.payoffs) == returns and sum(hand.stacks) == 2 * 66


def test_full_game_information_states_have_perfect_recall() -> None:
    """At each of its decisions a player's string only grows and its tensor only gains facts."""
    game, rng = pyspiel.load_game("python_ace_five_triple_draw"), random.Random(5)
    for _ in range(20):
        state, seen = game.new_initial_state(), {}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            text, tensor = state.information_state_string(player), state.information_state_tensor(player)
            if player in seen:
                earlier_text, earlier_tensor = seen[player]
                assert text.startswith(earlier_text) and text != earlier_text
                assert all(e <= t for e, t in zip(earlier_tensor, tensor, strict=True)) and earlier_tensor != tensor
            seen[player] = (text, tensor)
            state.apply_action(rng.choice(state.legal_actions()))


def test_outcome_sampling_mccfr_runs_on_the_full_game() -> None:
    """OpenSpiel's Python outcome-sampling MCCFR (one sampled hand an iteration); external
    sampling walks every action of the traverser, which the full game's draws make infeasible."""
    game = pyspiel.load_game("python_badugi_triple_draw")
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    state = game.new_initial_state()
    for card in range(8):
        state.apply_action(card)
    probabilities = solver.average_policy().action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions() and sum(probabilities.values()) == pytest.approx(1)


@pytest.fixture(scope="module")
def badugi_strategy() -> Strategy:
    """A small Badugi strategy of the full game's rules (16 buckets, quick to train)."""
    return train(heads_up_rules("badugi"), 300, seed=7,
                 abstraction=SolverAbstraction.card_buckets("badugi", 16, cache=False))


def _solver_lookup(strategy: Strategy, state: Any) -> dict[int, float]:
    """The strategy's probabilities at an OpenSpiel state by the other door: the table
    state's solver codes (Strategy.probabilities_at), not a Hand's view."""
    table = state.state
    seat, actions = table.current_seat(), table.legal_actions()
    history, own = table.solver_codes(seat)
    own = own if strategy.abstraction.recall else ()
    if table.phase == lib.BDC_PHASE_DRAW:
        most = max(bin(mask).count("1") for mask in actions)
        got = strategy.probabilities_at(seat, table.round, "draw", table.cards(seat), history, own, max_discard=most)
        return {mini_openspiel.DRAW + mask: p for mask, p in got.items()}
    raises = [action for action in actions if action > 0]
    got = strategy.probabilities_at(seat, table.round, "bet", table.cards(seat), history, own,
                                    can_fold=-1 in actions, raise_to=raises[0] if raises else None)
    return {mini_openspiel.FOLD if a == -1 else mini_openspiel.CALL if a == 0 else mini_openspiel.RAISE: p
            for a, p in got.items()}


def _check_policy_is_the_bot_s(name: str, bot: CFRBot, hands: int) -> int:
    """Along hands the policy plays, its probabilities are the bot's strategy's on the
    player's view of the same hand, and the solver's lookup's; returns the decisions checked."""
    game = pyspiel.load_game(name)
    policy, rng, decisions = mini_openspiel.openspiel_policy(game, bot), random.Random(2), 0

    def choose(state: Any) -> dict[int, float]:
        nonlocal decisions
        given = policy.action_probabilities(state)
        view = state.hand().view(state.current_player())
        by_view = bot.strategy.probabilities(view)
        assert sorted(given.values()) == pytest.approx(sorted(by_view.values()))
        assert given == pytest.approx(_solver_lookup(bot.strategy, state))
        assert set(given) <= set(state.legal_actions()) and sum(given.values()) == pytest.approx(1)
        decisions += 1
        return given

    for _ in range(hands):
        _random_hand(game, rng, choose)
    return decisions


def test_a_strategy_is_an_openspiel_policy_of_the_full_game(badugi_strategy: Strategy) -> None:
    assert _check_policy_is_the_bot_s("python_badugi_triple_draw", CFRBot(badugi_strategy), 20) > 40


@pytest.mark.slow
def test_the_shipped_strategy_is_an_openspiel_policy_of_the_full_game() -> None:
    """The shipped Badeucey strategy, as CFRBot() plays it (slow: its buckets take seconds)."""
    assert _check_policy_is_the_bot_s("python_badeucey_triple_draw", CFRBot(), 20) > 40


def test_sampled_policy_evaluation_with_openspiel_s_bots(badugi_strategy: Strategy) -> None:
    """The full game is too large for expected_game_score.policy_value: its value is sampled
    by OpenSpiel's evaluate_bots, the strategy a PolicyBot."""
    game, rng = pyspiel.load_game("python_badugi_triple_draw"), np.random.RandomState(3)
    policy = mini_openspiel.openspiel_policy(game, badugi_strategy)
    bots = [policy_bot.PolicyBot(0, rng, policy), uniform_random.UniformRandomBot(1, rng)]
    returns = [evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng) for _ in range(10)]
    assert all(sum(r) == 0 for r in returns)


def test_openspiel_policy_checks_the_strategy_s_game(badugi_strategy: Strategy) -> None:
    with pytest.raises(ValueError, match="the strategy was trained with"):
        mini_openspiel.openspiel_policy(pyspiel.load_game("python_badeucey_triple_draw"), badugi_strategy)
    with pytest.raises(ValueError, match="the strategy was trained with"):
        mini_openspiel.openspiel_policy(pyspiel.load_game("python_badugi_triple_draw", {"stack": 30}),
                                        badugi_strategy)
    with pytest.raises(TypeError, match="a Strategy, a CFRBot or a policy callable"):
        mini_openspiel.openspiel_policy(pyspiel.load_game("python_badugi_triple_draw"), 42)
    with pytest.raises(ValueError, match="no record for a Hand"):
        pyspiel.load_game(mini_openspiel.GAME_NAME).new_initial_state().hand()
