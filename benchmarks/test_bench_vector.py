"""The vector environment against the AEC environment (issue 28): steps a
second with random masked actions, heads-up Badeucey, fixed limit, blinds 1/2,
stacks 200 at every table.

The AEC environment (triple_draw_v1, through PettingZoo's order-enforcing
wrapper) is stepped first, one action at a time with ``agent_iter``/``last``;
then :class:`~badeucey_fast.play.VectorEnv` steps 1,024 tables a call, the
random legal action of each table drawn in numpy from its mask (that choice is
part of the timed work, as the AEC side's ``rng.choice`` is).  The second test
records the ratio of the two times a step (``ratio.aec_env/vector_env``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badeucey_fast.play import VectorEnv

AEC_STEPS = 2_000
"""Steps of the AEC environment in one round (every agent's turn counts, as in PettingZoo)."""
TABLES = 1_024
"""Tables of the vector environment."""
VECTOR_CALLS = 40
"""Calls of VectorEnv.step in one round: TABLES steps each."""


def random_masked_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A uniformly random legal action per row."""
    counts = masks.cumsum(axis=1, dtype=np.int64)
    pick = (rng.random(len(masks)) * counts[:, -1]).astype(np.int64)
    return (counts > pick[:, None]).argmax(axis=1)


def test_aec_env_steps(benchmark: Any, figures: Any) -> None:
    """triple_draw_v1: each step an agent's ``last()`` and ``step()``."""
    pytest.importorskip("pettingzoo")
    from badeucey_fast.env import triple_draw_v1

    benchmark.group = "environment: random masked actions, heads-up"
    env = triple_draw_v1.env(game="badeucey", num_players=2, stacks=200)
    rng = np.random.default_rng(1)

    def run() -> tuple[int, float]:
        steps, total = 0, 0.0
        env.reset(seed=1)
        while steps < AEC_STEPS:
            for agent in env.agent_iter():
                obs, reward, term, trunc, _ = env.last()
                if term or trunc:
                    total += reward
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                    steps += 1
                del agent
            env.reset()
        return steps, total

    steps, total = benchmark(run)
    assert steps >= AEC_STEPS and total == 0  # the agents' results of each hand sum to 0
    figures.per_hand("aec_env_step", benchmark, steps)


def test_vector_env_steps(benchmark: Any, figures: Any) -> None:
    """VectorEnv: 1,024 tables a call, each table's action drawn from its mask."""
    benchmark.group = "environment: random masked actions, heads-up"
    env = VectorEnv("badeucey", num_envs=TABLES, stacks=200, seed=1)
    rng = np.random.default_rng(1)

    def run() -> tuple[int, int]:
        result = env.reset(seed=1)
        hands = 0
        for _ in range(VECTOR_CALLS):
            result = env.step(random_masked_actions(result.action_masks, rng))
            hands += int(result.dones.sum())
            assert not result.info["payoffs"].sum(axis=1).any()
        return VECTOR_CALLS * TABLES, hands

    steps, hands = benchmark(run)
    assert steps == VECTOR_CALLS * TABLES and hands > 0
    if figures.per_hand("vector_env_step", benchmark, steps) is not None:
        figures.ratio(benchmark, "aec_env/vector_env", "aec_env_step", "vector_env_step")
