#!/usr/bin/env python3
"""A best response to a strategy within its abstraction, learned by the solver
(:func:`badeucey_fast.solve.response.best_response`), written as a strategy
file; its duplicate match against the strategy (tools/strength.py) measures a
lower bound on the strategy's exploitability within the abstraction::

    python tools/best_response.py --strategy badeucey_fast/solve/badeucey-cfr.npz --iterations 200000 \\
        --seed 1 --out response.npz
    python tools/strength.py --strategy response.npz --opponent badeucey_fast/solve/badeucey-cfr.npz --deals 10000

``--strategy`` may also be a training's checkpoint file: its average strategy so far.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from badeucey_fast._storage import read_arrays
from badeucey_fast.solve import Strategy
from badeucey_fast.solve.response import best_response
from badeucey_fast.solve.strategy import from_file
from badeucey_fast.solve.train import CHECKPOINT_FORMAT


def read(path: str) -> Strategy:
    """A strategy file, or the average strategy of a checkpoint."""
    try:
        return Strategy.load(path)
    except ValueError:
        meta, arrays = read_arrays(path, kind=CHECKPOINT_FORMAT, where=path, unreadable="checkpoint file")
        return from_file(meta, arrays, path, None, regrets=True)[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strategy", required=True, help="a strategy or checkpoint file")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="write the response here (.npz)")
    args = parser.parse_args(argv)
    strategy = read(args.strategy)
    started = time.monotonic()
    answer = best_response(strategy, args.iterations, seed=args.seed)
    answer.save(args.out)
    print(f"best response to {args.strategy} ({strategy.iterations:,} iterations): {answer.iterations:,} iterations "
          f"(seed {args.seed}), {answer.information_sets:,} information sets, "
          f"{time.monotonic() - started:.0f} s; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
