"""Regret minimisation for heads-up fixed-limit triple draw: the C solver
(external-sampling Monte Carlo CFR, ``csrc/bdc_cfr.c``), its training and the
strategy it finds (docs/training.rst).

- :func:`train`: run the solver, with checkpoints that resume bit-identically;
- :class:`Strategy`: the average strategy, its lookups and its file
  (:func:`default_strategy`: the one that ships with the package, if any);
- :class:`SolverAbstraction`: the card abstraction as the solver reads it.
"""

from __future__ import annotations

from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.strategy import Strategy, default_strategy
from badeucey_fast.solve.train import DEFAULT_MEMORY_LIMIT, TrainingInterrupted, deep_stacks, train

__all__ = ["DEFAULT_MEMORY_LIMIT", "SolverAbstraction", "Strategy", "TrainingInterrupted", "deep_stacks", "default_strategy", "train"]
