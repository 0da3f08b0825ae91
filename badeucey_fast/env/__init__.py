"""PettingZoo environments (the optional ``rl`` extra: ``pip install "badeucey-fast[rl]"``).

:mod:`~badeucey_fast.env.triple_draw_v1` is the environment to learn from;
:mod:`~badeucey_fast.env.triple_draw_v0` stays as it was.
:class:`SingleAgentEnv` plays one seat of v1 against bots as a Gymnasium environment.

>>> from badeucey_fast.env import triple_draw_v0
>>> env = triple_draw_v0.env(game="badugi", num_players=3)
>>> env.reset(seed=1)
>>> env.num_agents
3
"""

from badeucey_fast.env import triple_draw_v0, triple_draw_v1
from badeucey_fast.env.single_agent import SingleAgentEnv

__all__ = ["SingleAgentEnv", "triple_draw_v0", "triple_draw_v1"]
