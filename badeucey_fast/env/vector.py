"""The vector environment as a Gymnasium vector environment (the ``rl`` extra).

:class:`TripleDrawVectorEnv` is a :class:`gymnasium.vector.VectorEnv` over
:class:`~badeucey_fast.play.VectorEnv`: ``num_envs`` tables stepped in one C
call, one caller playing every seat.

- ``single_observation_space``: the observation space of
  :mod:`~badeucey_fast.env.triple_draw_v1`, a ``Dict`` of ``observation``
  (float32 in 0..1) and ``action_mask`` (int8); batched, each is an array with
  one row per table.  The observation is that of the seat to act
  (``infos["seat"]``).
- ``single_action_space``: ``Discrete(6 + 2**cards)``, the v1 actions; an
  action the mask does not allow raises a ValueError naming the table.
- Auto-reset in the same step (``metadata["autoreset_mode"]`` is
  ``AutoresetMode.SAME_STEP``): when a hand ends, ``terminations`` is True
  and the observation is the first of the table's next hand.  No
  ``infos["final_obs"]`` is given: at the end of a hand nobody acts, and its
  value is the reward.
- Rewards: a Gymnasium vector environment has one reward per table; this one
  gives the result (in big blinds) of **the seat that acted** at this step,
  when its action ended the hand, else 0.  Every seat's result of a finished
  hand is in ``infos["rewards"]`` (``(num_envs, n_seats)``, summing to 0 per
  table), the seat that acted in ``infos["acted"]``: self-play training,
  which credits every seat's decisions, reads those (or uses
  :class:`~badeucey_fast.play.VectorEnv` directly).  Truncations are always False.

>>> from badeucey_fast.env.vector import TripleDrawVectorEnv
>>> import numpy as np
>>> envs = TripleDrawVectorEnv("badugi", num_envs=2)
>>> obs, infos = envs.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, envs.action_space
((2, 209), (2, 22), MultiDiscrete([22 22]))
>>> obs, rewards, terminations, truncations, infos = envs.step(np.array([1, 1]))
>>> rewards.shape, sorted(infos)
((2,), ['acted', 'payoffs', 'rewards', 'seat'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from badeucey_fast.games import Game
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.vector import VectorEnv, VectorStep

__all__ = ["TripleDrawVectorEnv"]


class TripleDrawVectorEnv(GymVectorEnv):
    """``num_envs`` tables of triple draw as a Gymnasium vector environment (see the module docstring).

    Arguments as :class:`~badeucey_fast.play.VectorEnv`.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str | Game = "badeucey",
        num_envs: int = 1,
        *,
        n_seats: int = 2,
        rules: TableRules | None = None,
        stacks: int | Sequence[int] = 200,
        seed: int | None = None,
        first_table: int = 0,
    ) -> None:
        self.env = VectorEnv(game, num_envs, n_seats=n_seats, rules=rules, stacks=stacks, seed=seed,
                             first_table=first_table)
        """The tables (:class:`~badeucey_fast.play.VectorEnv`)."""
        self.num_envs = self.env.num_envs
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.env.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.env.n_actions,), np.int8),
        })
        self.single_action_space = spaces.Discrete(self.env.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._seats: np.ndarray[Any, np.dtype[np.int32]] | None = None

    def _observation(self, result: VectorStep) -> dict[str, Any]:
        return {"observation": result.observations, "action_mask": result.action_masks}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand at every table (``seed`` as :meth:`badeucey_fast.play.VectorEnv.reset`;
        ``options`` are not used).

        :return: the observations, and ``infos["seat"]``: the seat to act at each table.
        """
        super().reset(seed=seed)
        result = self.env.reset(seed)
        self._seats = result.seats
        return self._observation(result), {"seat": result.seats}

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """Each table's seat to act takes its action (see the module docstring for the rewards).

        :raises TypeError: for actions that are not integers.
        :raises ValueError: for the wrong shape, a step before :meth:`reset`, or an illegal action.
        """
        acted = self._seats
        if acted is None:
            raise ValueError("step before reset(): no hands are dealt")
        result = self.env.step(actions)
        self._seats = result.seats
        rewards = result.rewards[np.arange(self.num_envs), acted].astype(np.float64)
        infos = {"seat": result.seats, "acted": acted, "rewards": result.rewards, "payoffs": result.info["payoffs"]}
        return self._observation(result), rewards, result.dones, np.zeros(self.num_envs, dtype=np.bool_), infos

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
