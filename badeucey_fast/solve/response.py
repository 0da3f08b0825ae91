"""A best response to a trained strategy within its abstraction, learned by
the solver against the strategy held fixed (badeucey.h, "A BEST RESPONSE";
docs/solver.rst, "Checking a full-game strategy").

The full game is far too large for an exact best response.  Here the solver
runs external-sampling iterations in which the other seat plays the fixed
strategy and the traverser sums each action's sampled counterfactual value;
the response plays, at each of its information sets, the action of largest
sum.  It sees what the strategy sees (the same buckets, candidates and round
history), so its value against the strategy, measured by a duplicate match,
is a lower bound on the strategy's exploitability within its abstraction
that rises towards it with iterations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from badeucey_fast._checks import check_count, check_seed
from badeucey_fast._native import cfr
from badeucey_fast.solve.strategy import Strategy, make_cgame
from badeucey_fast.solve.train import DEFAULT_MEMORY_LIMIT, job_of, run_slices

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["best_response"]


def best_response(strategy: Strategy, iterations: int, *, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None,
                  memory_limit: int = DEFAULT_MEMORY_LIMIT) -> Strategy:
    """A strategy that answers ``strategy`` (both seats) with the action of
    largest summed counterfactual value at each of its information sets,
    learned in ``iterations`` iterations against it (uniform where it met none).

    >>> from badeucey_fast.play import TableRules
    >>> from badeucey_fast.solve import train
    >>> from badeucey_fast.solve.response import best_response
    >>> rules = TableRules.mini()
    >>> weak = train(rules, 200, seed=1, abstraction=None, stacks=(20, 20))
    >>> answer = best_response(weak, 2000, seed=1)
    >>> answer.iterations, answer.variant
    (2000, 'vanilla')

    :raises TypeError: for a strategy that is not a :class:`Strategy`.
    :raises ValueError: for bad ``iterations`` or ``seed``.
    :raises TrainingInterrupted: on Ctrl-C, with the response so far.
    """
    if not isinstance(strategy, Strategy):
        raise TypeError(f"best_response: a Strategy, not {type(strategy).__name__}")
    total = check_count(iterations, "iterations")
    seed_value = check_seed(seed)
    if seed_value is None:
        raise ValueError("best_response: seed must be an integer")
    fixed = strategy._lookup[1]
    game = make_cgame(strategy.rules, strategy.stacks, "vanilla", strategy.abstraction, against=fixed)
    job = job_of(strategy.rules, strategy.stacks, "vanilla", strategy.abstraction, seed_value, None)
    memory = run_slices(game, cfr.Memory.empty(seed_value), total, check_count(memory_limit, "memory_limit"), None, job,
                  strategy.rules, strategy.abstraction, progress)
    arrays = memory.arrays()
    return Strategy(strategy.rules, strategy.stacks, "vanilla", strategy.abstraction, memory.iterations, seed_value,
                    arrays["keys"], arrays["offsets"], argmax_one_hot(arrays["regrets"], arrays["offsets"]))


def argmax_one_hot(regrets: npt.NDArray[np.float64], offsets: npt.NDArray[np.uint64]) -> npt.NDArray[np.float64]:
    """1 at each entry's action of largest regret (the first of equals), 0 elsewhere."""
    import numpy as np

    out = np.zeros_like(regrets)
    n = len(regrets)
    if n == 0:
        return out
    starts = offsets.astype(np.int64)
    entry = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, n)))
    order = np.lexsort((np.arange(n), -regrets, entry))  # by entry, then the largest regret, then the first
    firsts = order[np.r_[True, entry[order][1:] != entry[order][:-1]]]
    out[firsts] = 1.0
    return out
