"""Solving small table games exactly: the game tree of a heads-up table and exact best responses.

- :mod:`badeucey_fast.solve.game`: :class:`TableGame`, a heads-up
  :class:`~badeucey_fast.play.TableRules` as an extensive-form game on the C
  table (chance outcomes with their probabilities, actions, information states);
- :mod:`badeucey_fast.solve.best_response`: :func:`exploitability`, each seat's
  exact best response to a policy, the policy's value and exploitability.

The games are meant small: :meth:`TableRules.mini() <badeucey_fast.play.TableRules.mini>`.
:mod:`badeucey_fast.openspiel` registers the same game with OpenSpiel.
"""

from badeucey_fast.solve.best_response import Exploitability, Policy, exploitability
from badeucey_fast.solve.game import TableGame, TableState

__all__ = ["Exploitability", "Policy", "TableGame", "TableState", "exploitability"]
