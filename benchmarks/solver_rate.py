"""Iterations a second of the solver (issue 38): ``Memory.run`` on the mini game
or on heads-up Badeucey with card buckets, in CPU time (``time.process_time``),
the game built as ``benchmarks/test_bench_cfr.py`` builds it.

Run it as a script in each build to compare, in turn, and compare the ratios of
runs made side by side::

    python benchmarks/solver_rate.py mini 20000 60000   # warm 20,000 iterations, time 60,000
    python benchmarks/solver_rate.py 32 2000 1500       # 32 card buckets

A memory warmed by the first number of iterations is copied, and the copy runs
the second number; growing its arrays is not timed.  With ``--serve`` it prints
``ready`` once warmed, then runs that many iterations more for each line read
and prints their CPU seconds: ``benchmarks/solver_pairs.py`` drives two builds
so, chunk by chunk (the same iterations in each).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from badeucey_fast._native import cfr, ffi
from badeucey_fast.cli import MINI_STACK
from badeucey_fast.play import TableRules
from badeucey_fast.solve import SolverAbstraction, deep_stacks
from badeucey_fast.solve.strategy import make_cgame


def main() -> None:
    which, warm, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    serve = sys.argv[4:] == ["--serve"]
    if which == "mini":
        game = make_cgame(TableRules.mini("badeucey"), (MINI_STACK, MINI_STACK), "linear",
                          SolverAbstraction.exact("badeucey"))
    else:
        rules = TableRules("badeucey", heads_up_cap=4)
        chips = deep_stacks(rules)
        game = make_cgame(rules, (chips, chips), "linear", SolverAbstraction.card_buckets("badeucey", int(which)))
    memory = cfr.Memory.empty(1)
    while memory.iterations < warm:
        if memory.run(game, warm - memory.iterations, ffi.NULL) == cfr.MEMORY:
            memory = memory.grown()
    timed = memory.copy()
    if serve:
        print("ready", flush=True)
        for line in sys.stdin:
            timed, seconds = run_timed(game, timed, int(line))
            print(seconds, flush=True)
        return
    timed, seconds = run_timed(game, timed, iterations)
    print(f"{which} {iterations / seconds:.1f} iterations a second, {timed.entries} information sets")


def run_timed(game: Any, timed: Any, iterations: int) -> tuple[Any, float]:
    """Runs ``iterations`` more on ``timed`` (grown as needed): the memory and the CPU seconds of the runs."""
    seconds, target = 0.0, timed.iterations + iterations
    while timed.iterations < target:
        start = time.process_time()
        status = timed.run(game, target - timed.iterations, ffi.NULL)
        seconds += time.process_time() - start
        if status == cfr.MEMORY:
            timed = timed.grown()
        elif status != cfr.OK:
            raise SystemExit(f"the solver stopped: status {status}")
    return timed, seconds


if __name__ == "__main__":
    main()
