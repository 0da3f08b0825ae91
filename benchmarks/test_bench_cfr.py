"""The solver (issue 29): iterations a second of external-sampling MCCFR
(``csrc/bdc_cfr.c``) on heads-up fixed-limit Badeucey (the round capped at
four bets, deep stacks) with the 64-bucket card abstraction.

Each round runs ``ITERATIONS`` iterations from the same state, a copy of a
solver warmed by ``WARM`` iterations (so the round adds few new information
sets, as most of a long training does).  The first run computes Badeucey's
card features, or reads them from the cache (docs/abstraction.rst): the
setup takes most of a minute, so the test is marked slow (``-m slow``)::

    pytest benchmarks/test_bench_cfr.py -p no:cacheprovider --benchmark-enable -m slow
"""

from __future__ import annotations

from typing import Any

import pytest

from badeucey_fast._native import cfr, ffi
from badeucey_fast.play import TableRules
from badeucey_fast.solve import SolverAbstraction, deep_stacks
from badeucey_fast.solve.strategy import make_cgame

ITERATIONS = 200
"""Iterations in one round."""
WARM = 2_000
"""Iterations the state has run before the rounds."""
RULES = TableRules("badeucey", heads_up_cap=4)


@pytest.fixture(scope="module")
def solver() -> tuple[cfr.CGame, cfr.Memory]:
    abstraction = SolverAbstraction.card_buckets("badeucey", 64)
    chips = deep_stacks(RULES)
    game = make_cgame(RULES, (chips, chips), "linear", abstraction)
    memory = cfr.Memory.empty(1)
    while memory.iterations < WARM:
        status = memory.run(game, WARM - memory.iterations, ffi.NULL)
        if status == cfr.MEMORY:
            memory = memory.grown()
        else:
            assert status == cfr.OK
    while memory.struct.max_entries - memory.entries < 4 * (memory.struct.peak_entries + cfr.MIN_ROOM):
        memory = memory.grown()  # room for every round without growing
    return game, memory


@pytest.mark.slow
def test_cfr_iterations(benchmark: Any, solver: tuple[cfr.CGame, cfr.Memory]) -> None:
    """bdc_cfr_run: ITERATIONS iterations (two traversals each) of heads-up Badeucey, 64 buckets."""
    game, warm = solver
    benchmark.group = "solver: MCCFR iterations, heads-up Badeucey, 64 buckets"

    def setup() -> tuple[tuple[cfr.Memory], dict[str, Any]]:
        return (warm.copy(),), {}

    def run(memory: cfr.Memory) -> int:
        return memory.run(game, ITERATIONS, ffi.NULL)

    status = benchmark.pedantic(run, setup=setup, rounds=5, iterations=1)
    assert status == cfr.OK
    if benchmark.stats is not None:
        benchmark.extra_info["iterations_per_second"] = ITERATIONS / benchmark.stats.stats.mean
