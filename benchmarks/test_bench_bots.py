"""Bot matches and the environment: hands and steps per second.

Time with ``pytest benchmarks/test_bench_bots.py --benchmark-enable``; as tests
each job runs once and its result is checked."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badeucey_fast.bots import DrawingBot, RandomBot, play_match


@pytest.mark.parametrize("kind", ["random", "drawing"])
def test_bench_match(benchmark: Any, kind: str) -> None:
    def run() -> int:
        bots = [RandomBot(), RandomBot()] if kind == "random" else [DrawingBot(), DrawingBot()]
        return play_match(bots, hands=200, game="badeucey", seed=1).hands

    assert benchmark(run) == 200


def test_bench_env_steps(benchmark: Any) -> None:
    pytest.importorskip("pettingzoo")
    from badeucey_fast.env import triple_draw_v0

    env = triple_draw_v0.env(game="badeucey", num_players=2)
    rng = np.random.default_rng(1)

    def run() -> int:
        steps = 0
        env.reset(seed=1)
        while steps < 1000:
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
            env.reset()
        return steps

    assert benchmark(run) >= 1000
