"""The raw environment's bad input: actions that are not integers, None out of turn,
steps before reset and after the end, seeds of other integer types or out of range."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from badeucey_fast.env import triple_draw_v0


def _fresh(seed: int = 1) -> triple_draw_v0.raw_env:
    env = triple_draw_v0.raw_env(game="badugi")
    env.reset(seed=seed)
    return env


def _play_out(env: triple_draw_v0.raw_env) -> None:
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))


@pytest.mark.parametrize("action", [1.9, 1.0, "1", True, np.bool_(True), [1], None])
def test_an_action_that_is_not_an_integer_is_a_type_error_and_changes_nothing(action: object) -> None:
    env = _fresh()
    hand = env.hand
    assert hand is not None
    before = (hand.history, env.agent_selection)
    with pytest.raises(TypeError, match="player_0"):
        env.step(action)
    assert (hand.history, env.agent_selection) == before


def test_numpy_integer_actions_are_actions() -> None:
    env = _fresh()
    env.step(np.int64(1))
    env.step(np.uint8(1))
    assert env.hand is not None and env.hand.phase == "draw"
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.int64(99))


def test_done_agents_take_only_none_and_then_the_episode_is_over() -> None:
    env = _fresh()
    while env.hand is not None and env.hand.to_act is not None:
        env.step(1 if env.hand.phase == "bet" else 3)
    assert all(env.terminations.values())
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(1)  # PettingZoo's rule for a dead agent
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(ValueError, match="every agent is done: call reset"):
        env.step(None)
    env.reset(seed=2)
    _play_out(env)
    assert env.agents == []


def test_step_before_reset_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="before reset"):
        triple_draw_v0.raw_env().step(1)


def test_seeds_follow_the_package_rule() -> None:
    env = triple_draw_v0.raw_env(game="badugi")
    env.reset(seed=np.int64(3))
    assert env.hand is not None
    numpy_seeded = env.hand.history
    env.reset(seed=3)
    assert env.hand.history == numpy_seeded
    env.reset(seed=2**64 - 1)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=bad)
    for bad in (1.5, "3", True):
        with pytest.raises(TypeError, match="seed"):
            env.reset(seed=bad)  # type: ignore[arg-type]
