"""Regret minimisation for heads-up fixed-limit triple draw, and the exact checks
of what it finds.

- :func:`train`: the C solver (external-sampling Monte Carlo CFR,
  ``csrc/bdc_cfr.c``), with checkpoints that resume bit-identically
  (docs/training.rst);
- :class:`Strategy`: the average strategy, its lookups and its file
  (:func:`default_strategy`: a game's that ships with the package,
  :mod:`badeucey_fast.solve.shipped`);
- :class:`SolverAbstraction`: the card abstraction as the solver reads it;
- :class:`TableGame`: a heads-up :class:`~badeucey_fast.play.TableRules` as an
  extensive-form game on the C table (chance outcomes with their
  probabilities, actions, information states), for small games such as
  :meth:`TableRules.mini() <badeucey_fast.play.TableRules.mini>`;
- :func:`exploitability`: each seat's exact best response to a policy, the
  policy's value and exploitability (docs/solver.rst).
  :mod:`badeucey_fast.openspiel` registers the same game with OpenSpiel;
- :class:`SearchPolicy`: a blueprint that re-solves the last betting round
  at play time (:mod:`badeucey_fast.solve.search`, docs/solver.rst);
- :mod:`badeucey_fast.solve.local_response`: a local best response in the
  full game, a lower bound on a bot's exploitability (docs/solver.rst).
"""

from __future__ import annotations

from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.best_response import Exploitability, Policy, exploitability
from badeucey_fast.solve.game import TableGame, TableState
from badeucey_fast.solve.search import SearchPolicy
from badeucey_fast.solve.strategy import Strategy, default_strategy
from badeucey_fast.solve.train import DEFAULT_MEMORY_LIMIT, TrainingInterrupted, deep_stacks, heads_up_rules, train

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "Exploitability",
    "Policy",
    "SearchPolicy",
    "SolverAbstraction",
    "Strategy",
    "TableGame",
    "TableState",
    "TrainingInterrupted",
    "deep_stacks",
    "default_strategy",
    "exploitability",
    "heads_up_rules",
    "train",
]
