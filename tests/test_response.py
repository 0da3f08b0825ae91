"""The learned best response (badeucey_fast.solve.response) against the exact one of the mini game."""

from __future__ import annotations

import pytest

from badeucey_fast._native import lib
from badeucey_fast.play import TableRules
from badeucey_fast.solve import Strategy, TableGame, exploitability, train
from badeucey_fast.solve.response import argmax_one_hot, best_response
from badeucey_fast.solve.strategy import make_cgame

MINI = TableRules.mini()


@pytest.fixture(scope="module")
def weak() -> Strategy:
    return train(MINI, 200, seed=1, abstraction=None, stacks=(20, 20))


@pytest.mark.slow  # three exact walks of the mini game's tree
def test_the_learned_response_approaches_the_exact_best_response(weak: Strategy) -> None:
    game = TableGame(MINI)
    policy = weak.as_policy()
    exact = exploitability(game, policy)
    answer = best_response(weak, 20_000, seed=2)
    assert answer.iterations == 20_000 and answer.variant == "vanilla"
    reply = answer.as_policy()
    for seat in (0, 1):
        def profile(state: object, s: int, seat: int = seat) -> dict[int, float]:
            return (reply if s == seat else policy)(state, s)  # type: ignore[arg-type]

        value = exploitability(game, profile).policy_value[seat]
        # a strategy's value is at most the best response's, and this one comes close
        assert exact.best_response[seat] * 0.9 <= value <= exact.best_response[seat] + 1e-9, (seat, value)


def test_the_response_is_pure_and_learns_only_its_own_sets(weak: Strategy) -> None:
    answer = best_response(weak, 500, seed=3)
    starts = answer.offsets.astype(int).tolist() + [len(answer.averages)]
    for e in range(len(answer.offsets)):
        row = answer.averages[starts[e]:starts[e + 1]].tolist()
        assert sorted(row) == [0.0] * (len(row) - 1) + [1.0]
    assert answer.information_sets < 2 * weak.information_sets


def test_argmax_takes_the_first_of_equal_regrets() -> None:
    import numpy as np

    got = argmax_one_hot(np.array([1.0, 3.0, 3.0, -1.0, -2.0, 0.0]), np.array([0, 3, 5], dtype=np.uint64))
    assert got.tolist() == [0, 1, 0, 1, 0, 1]


def test_bad_arguments_are_refused(weak: Strategy) -> None:
    with pytest.raises(TypeError, match="a Strategy"):
        best_response("weak", 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="iterations"):
        best_response(weak, 0)
    from badeucey_fast._native import cfr

    own = cfr.Memory.empty(1)
    own_game = make_cgame(weak.rules, weak.stacks, "vanilla", weak.abstraction, against=own)
    assert own.run(own_game, 1, cfr.ffi.NULL) == lib.BDC_E_ARGUMENT  # against itself
