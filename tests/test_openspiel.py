"""badeucey_fast.openspiel: the mini game registered with OpenSpiel passes its checks, and
OpenSpiel's exploitability of a policy agrees with the package's exact best response."""

from __future__ import annotations


import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.exploitability")

import badeucey_fast.openspiel as mini_openspiel  # noqa: E402 - after the skip
from open_spiel.python.algorithms import exploitability as openspiel_exploitability  # noqa: E402

from badeucey_fast.solve import exploitability  # noqa: E402


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
    wrapped for OpenSpiel, has the same exploitability by OpenSpiel's algorithm as by ours."""
    from badeucey_fast.solve import train

    table = mini_openspiel.table_game()
    policy = train(table.rules, 20_000, seed=1, abstraction=None, stacks=(table.stack, table.stack)).as_policy()
    game = pyspiel.load_game(mini_openspiel.GAME_NAME)
    exact = exploitability(table, policy)
    theirs = openspiel_exploitability.exploitability(game, mini_openspiel.openspiel_policy(game, policy))
    assert 0 < exact.exploitability < 0.15
    assert theirs == pytest.approx(exact.exploitability, abs=1e-6)


def test_openspiel_policy_takes_the_mini_game_only() -> None:
    with pytest.raises(TypeError, match="must be pyspiel.load_game"):
        mini_openspiel.openspiel_policy(pyspiel.load_game("kuhn_poker"), lambda state, seat: {})
