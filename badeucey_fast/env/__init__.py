"""PettingZoo environments (the optional ``rl`` extra: ``pip install "badeucey-fast[rl]"``).

>>> from badeucey_fast.env import triple_draw_v0
>>> env = triple_draw_v0.env(game="badugi", num_players=3)
>>> env.reset(seed=1)
>>> env.num_agents
3
"""

from badeucey_fast.env import triple_draw_v0

__all__ = ["triple_draw_v0"]
