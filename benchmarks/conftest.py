"""Shared hands, the figures registry and the summary of the pytest-benchmark suite.

Every benchmark ranks fixed-seed hands (``badeucey_fast._bench.hands.SEED``),
built by the same generators ``badeucey bench`` uses, and the jobs both tools
share are written once (``badeucey_fast._bench.jobs.JOBS``), so two runs, and
the two tools, time the same work.

Each test records its time per hand in the session's :class:`Figures`; a test
that runs after its peers (tests run in file order) writes the ratios to them
into ``benchmark.extra_info``, and the end of the session prints every figure
against the project's speed targets (``TARGETS``).  With ``--benchmark-disable`` each benchmarked
function runs once, its results are still checked, and no figures are recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from badeucey_fast._bench import DEFAULT_BATCH
from badeucey_fast._bench.hands import SINGLE_HANDS as _SINGLE_HANDS
from badeucey_fast._bench.jobs import JOBS, Inputs, Job

Hands = npt.NDArray[np.uint8]

BATCH_HANDS = DEFAULT_BATCH
"""Hands in the random batch, and in each thread's batch: 1,000,000."""
SINGLE_HANDS = _SINGLE_HANDS
"""Hands in one round of a one-hand benchmark: time per call = round time / SINGLE_HANDS."""


# --------------------------------------------------------------------------- #
# Figures
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Target:
    """One of the project's speed targets: ``figure`` compared with ``limit`` (``at_most`` or at least)."""

    figure: str
    label: str
    limit: float
    at_most: bool
    unit: str

    def met(self, value: float) -> bool:
        return value <= self.limit if self.at_most else value >= self.limit


TARGETS = (
    Target("ratio.pokerkit/badeucey", "one hand: pokerkit time / ours", 300, False, "x"),
    Target("ratio.phevaluator/badeucey", "one hand: phevaluator time / ours", 1, False, "x"),
    Target("ratio.badeucey/floor", "one hand: ours / cffi no-op floor", 2.5, True, "x"),
    Target("ratio.pokerkit/badeucey_mask", "one hand as a mask: pokerkit / ours", 300, False, "x"),
    Target("ratio.badeucey_mask/floor", "one hand as a mask: ours / floor", 1.5, True, "x"),
    Target("ns.batch_badeucey", "batch of 1M random hands, ns a hand", 5, True, "ns"),
    Target("ratio.badacey/badeucey", "badacey_batch / badeucey_batch, a hand", 1, True, "x"),
    Target("ratio.badugi_low/badeucey", "Badugi aces low batch / badeucey_batch", 1, True, "x"),
    Target("ratio.badugi_high/badeucey", "Badugi aces high batch / badeucey_batch", 1, True, "x"),
    Target("ratio.deuce_seven/badeucey", "deuce_seven batch / badeucey_batch", 1, True, "x"),
    Target("ratio.ace_five/badeucey", "ace_five batch / badeucey_batch", 1, True, "x"),
    Target("ms.all_hands", "all 2,598,960 hands, ms", 10, True, "ms"),
    Target("ratio.two_threads/one", "two threads / one thread throughput", 1.8, False, "x"),
    Target("ms.import", "import badeucey_fast, ms", 50, True, "ms"),
    Target("mb.tables_rss", "resident tables, MB", 16, True, "MB"),
    Target("ns.parse_cards_spaced", "parse one card string, ns", 1000, True, "ns"),
    Target("ms.best_discards", "best_discards, 32 options, ms", 50, True, "ms"),
    # issue 25: every hand of a one-draw chart at most 2 ms, a hand after another and in a fresh process
    Target("ms.best_discards_distinct", "best_discards, distinct hands in turn, ms a hand", 2, True, "ms"),
    Target("ms.best_discards_cold", "best_discards, fresh process, second hand, CPU ms", 2, True, "ms"),
    Target("ms.chart_one_draw_hand", "one-draw chart chunk, ms a hand", 2, True, "ms"),
    # issue 16: a Python fixed cost of 15 us and a one-draw call of 10 us, at its 83 ns no-op call
    Target("ratio.equity_pat/floor", "equity, pat against pat / cffi no-op", 180, True, "x"),
    Target("ratio.draw_one_text/floor", "draw_outcomes, one draw (text) / cffi no-op", 120, True, "x"),
    # issue 28: random play through the public API at least 100x pokerkit
    Target("ratio.pokerkit/engine_2", "random hands heads-up, pokerkit / ours", 100, False, "x"),
    Target("ratio.pokerkit/engine_6", "random hands six-handed, pokerkit / ours", 100, False, "x"),
    Target("ns.random_hands", "random_hands, ns a hand (50M/s)", 20, True, "ns"),
    Target("ratio.pokerkit/play_selfplay_2", "play.selfplay random heads-up, pokerkit / ours", 1000, False, "x"),
    Target("ratio.aec_env/vector_env", "VectorEnv 1,024 tables / AEC env, steps", 100, False, "x"),
    # issue 37: CFRBot(game=G) decides within 1 s of its call in a fresh process, adding at most 200 MB
    Target("ms.cfr_first_decision_badeucey", "CFRBot() first decision, fresh process, ms", 1000, True, "ms"),
    Target("cpu_ms.cfr_first_decision_badeucey", "CFRBot() first decision, CPU ms", 1000, True, "ms"),
    Target("mb.cfr_first_decision_badeucey", "CFRBot() first decision, RSS added, MB", 200, True, "MB"),
    # issue 39: SearchBot's decisions over a match, CPU time: 50 ms at the median, 1 s at the 99th percentile
    Target("ms.search_decision_median", "SearchBot decision, median over a match, CPU ms", 50, True, "ms"),
    Target("ms.search_decision_p99", "SearchBot decision, 99th percentile over a match, CPU ms", 1000, True, "ms"),
)

DERIVED_RATIOS = (
    # (name, slower figure, faster figure): ratios between tests of different files,
    # computed at the end of the session
    ("ratio.one_hand/batch", "ns.badeucey", "ns.batch_badeucey"),
)


@dataclass
class Figures:
    """Figures recorded by the benchmarks of this session, by name."""

    values: dict[str, float] = field(default_factory=dict)

    def per_hand(self, name: str, benchmark: Any, hands: int) -> float | None:
        """Record the benchmark's best round time divided by ``hands``, in ns, as
        ``ns.<name>``, and put it in ``extra_info``; None if timing is disabled."""
        if not benchmark.enabled or benchmark.stats is None:
            return None
        stats = benchmark.stats.stats
        ns = float(stats.min) / hands * 1e9
        benchmark.extra_info["hands_per_round"] = hands
        benchmark.extra_info["ns_per_hand"] = round(ns, 2)
        benchmark.extra_info["ns_per_hand_median"] = round(stats.median / hands * 1e9, 2)
        benchmark.extra_info["hands_per_second"] = round(1e9 / ns)
        self.values[f"ns.{name}"] = ns
        return ns

    def ratio(self, benchmark: Any, name: str, slower: str, faster: str) -> float | None:
        """Record ``ns.slower / ns.faster`` as ``ratio.<name>`` in ``extra_info``,
        if both were measured in this run."""
        a, b = self.values.get(f"ns.{slower}"), self.values.get(f"ns.{faster}")
        if a is None or b is None:
            return None
        value = a / b
        self.values[f"ratio.{name}"] = value
        benchmark.extra_info[f"ratio {name}"] = round(value, 3)
        return value

    def set(self, name: str, value: float) -> None:
        self.values[name] = value


_FIGURES = pytest.StashKey[Figures]()


@pytest.fixture(scope="session")
def figures(pytestconfig: pytest.Config) -> Figures:
    """The session's figures, also read by the summary at the end."""
    return pytestconfig.stash.setdefault(_FIGURES, Figures())


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Every recorded figure, and the speed targets: met or missed, by how much."""
    recorded = config.stash.get(_FIGURES, None)
    if recorded is None or not recorded.values:
        return
    for name, slower, faster in DERIVED_RATIOS:
        if name not in recorded.values and slower in recorded.values and faster in recorded.values:
            recorded.values[name] = recorded.values[slower] / recorded.values[faster]
    write = terminalreporter.write_line
    terminalreporter.section("badeucey-fast figures (this run)")
    for name, value in sorted(recorded.values.items()):
        write(f"  {name:<36} {value:12.3f}")
    terminalreporter.section("speed targets (this run; ratios compare figures of the same run)")
    timed = not config.getoption("benchmark_disable", False)
    for target in TARGETS:
        measured = recorded.values.get(target.figure)
        sign = "<=" if target.at_most else ">="
        if measured is None:
            if timed:
                write(f"  {target.label:<40} {'not measured':>12}     target {sign} {target.limit:g} {target.unit}")
            continue
        value = measured
        if target.met(value):
            verdict = "met"
        elif target.at_most:
            verdict = f"MISSED: {value / target.limit:.2f}x the limit"
        else:
            verdict = f"MISSED: {value / target.limit:.2f} of the target"
        write(f"  {target.label:<40} {value:12.2f} {target.unit:<2}  target {sign} {target.limit:g}  {verdict}")


# --------------------------------------------------------------------------- #
# Hands
# --------------------------------------------------------------------------- #
@pytest.fixture(scope="session")
def pool() -> Iterator[ThreadPoolExecutor]:
    """Two worker threads, started once, outside the timing."""
    with ThreadPoolExecutor(max_workers=2) as executor:
        list(executor.map(abs, range(4)))  # start both threads now
        yield executor


@pytest.fixture(scope="session")
def inputs(pool: ThreadPoolExecutor) -> Inputs:
    """The fixed-seed hands of ``badeucey bench``'s jobs, made once for the session."""
    return Inputs(BATCH_HANDS, pool)


@pytest.fixture(scope="session")
def single_hands(inputs: Inputs) -> list[tuple[int, ...]]:
    """The one-hand benchmarks' hands: SINGLE_HANDS random hands as tuples of ids."""
    return inputs.single


@pytest.fixture(scope="session")
def batch_hands(inputs: Inputs) -> Hands:
    """BATCH_HANDS random five-card hands, uint8 (N, 5)."""
    return inputs.batch


@pytest.fixture(scope="session")
def second_batch_hands(inputs: Inputs) -> Hands:
    """Another BATCH_HANDS random hands (another seed), the second thread's batch."""
    return inputs.second_batch


@pytest.fixture(scope="session")
def all_hands(inputs: Inputs) -> Hands:
    """All 2,598,960 five-card hands, in itertools.combinations order."""
    return inputs.every


def run_job(benchmark: Any, key: str, inputs: Inputs) -> Any:
    """Time one of ``badeucey bench``'s jobs and check its result as the command does."""
    job: Job = JOBS[key]
    result = benchmark(job.make(inputs))
    if job.check is not None:
        job.check(result)
    return result
