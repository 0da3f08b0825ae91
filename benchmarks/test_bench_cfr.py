"""The solver (issues 29 and 38): iterations a second of external-sampling
MCCFR (``csrc/bdc_cfr.c``) on heads-up fixed-limit Badeucey (the round capped
at four bets, deep stacks) with the 32- and 64-bucket card abstractions, and
on the mini game (``TableRules.mini("badeucey")``, exact hands with recall, as
``badeucey train --mini`` trains it).

Each round runs a fixed number of iterations from the same state, a copy of a
solver warmed beforehand (so the round adds few new information sets, as most
of a long training does).  The first run of a bucketed game computes
Badeucey's card features, or reads them from the cache (docs/abstraction.rst):
the setup takes most of a minute, so those tests are marked slow (``-m slow``)::

    pytest benchmarks/test_bench_cfr.py -p no:cacheprovider --benchmark-enable -m slow
    pytest benchmarks/test_bench_cfr.py -p no:cacheprovider --benchmark-enable -k mini
"""

from __future__ import annotations

from typing import Any

import pytest

from badeucey_fast._native import cfr, ffi
from badeucey_fast.cli import MINI_STACK
from badeucey_fast.play import TableRules
from badeucey_fast.solve import SolverAbstraction, deep_stacks
from badeucey_fast.solve.strategy import make_cgame

ITERATIONS = 200
"""Iterations in one round."""
WARM = 2_000
"""Iterations the state has run before the rounds."""
RULES = TableRules("badeucey", heads_up_cap=4)
MINI_ITERATIONS = 2_000
"""Iterations in one round of the mini game."""
MINI_WARM = 20_000
"""Iterations the mini game's state has run before the rounds."""


def warmed(game: cfr.CGame, warm: int) -> cfr.Memory:
    """A memory that has run ``warm`` iterations of game, with room for the rounds without growing."""
    memory = cfr.Memory.empty(1)
    while memory.iterations < warm:
        status = memory.run(game, warm - memory.iterations, ffi.NULL)
        if status == cfr.MEMORY:
            memory = memory.grown()
        else:
            assert status == cfr.OK
    while memory.struct.max_entries - memory.entries < 4 * (memory.struct.peak_entries + cfr.MIN_ROOM):
        memory = memory.grown()  # room for every round without growing
    return memory


@pytest.fixture(scope="module", params=[64, 32], ids=["64 buckets", "32 buckets"])
def solver(request: Any) -> tuple[int, cfr.CGame, cfr.Memory]:
    buckets: int = request.param
    abstraction = SolverAbstraction.card_buckets("badeucey", buckets)
    chips = deep_stacks(RULES)
    game = make_cgame(RULES, (chips, chips), "linear", abstraction)
    return buckets, game, warmed(game, WARM)


@pytest.mark.slow
def test_cfr_iterations(benchmark: Any, solver: tuple[int, cfr.CGame, cfr.Memory]) -> None:
    """bdc_cfr_run: ITERATIONS iterations (two traversals each) of heads-up Badeucey, 32 or 64 buckets."""
    buckets, game, warm = solver
    benchmark.group = f"solver: MCCFR iterations, heads-up Badeucey, {buckets} buckets"

    def setup() -> tuple[tuple[cfr.Memory], dict[str, Any]]:
        return (warm.copy(),), {}

    def run(memory: cfr.Memory) -> int:
        return memory.run(game, ITERATIONS, ffi.NULL)

    status = benchmark.pedantic(run, setup=setup, rounds=5, iterations=1)
    assert status == cfr.OK
    if benchmark.stats is not None:
        benchmark.extra_info["iterations_per_second"] = ITERATIONS / benchmark.stats.stats.mean


def test_cfr_mini_iterations(benchmark: Any) -> None:
    """bdc_cfr_run: MINI_ITERATIONS iterations of the mini game (exact hands, recall), as ``train --mini``."""
    game = make_cgame(TableRules.mini("badeucey"), (MINI_STACK, MINI_STACK), "linear",
                      SolverAbstraction.exact("badeucey"))
    warm = warmed(game, MINI_WARM)
    benchmark.group = "solver: MCCFR iterations, the mini game (badeucey)"

    def setup() -> tuple[tuple[cfr.Memory], dict[str, Any]]:
        return (warm.copy(),), {}

    def run(memory: cfr.Memory) -> int:
        return memory.run(game, MINI_ITERATIONS, ffi.NULL)

    status = benchmark.pedantic(run, setup=setup, rounds=5, iterations=1)
    assert status == cfr.OK
    if benchmark.stats is not None:
        benchmark.extra_info["iterations_per_second"] = MINI_ITERATIONS / benchmark.stats.stats.mean
