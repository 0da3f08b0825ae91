"""Big jobs: the per-task overhead of each executor, and a chart's cost a hand.

The overhead is timed on empty chart chunks (the real task, its payload
pickled, no hands to score): ``TASKS`` of them through ``run_chunks`` inline,
on a two-process local pool and on a two-worker Dask cluster on the loopback
interface.  Per-task overhead = (pool time - inline time) / ``TASKS``.  Each
result is checked: every chunk comes back, in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pytest

from badeucey_fast import jobs
from badeucey_fast._chart import ChartSpec, chart_chunk
from badeucey_fast.games import get_game

TASKS = 200
OVERHEAD = f"jobs: per-task overhead, {TASKS} empty chart chunks"
CHART = "jobs: one-draw Badeucey chart, 4 canonical hands, inline"
SPEC = ChartSpec(get_game("badeucey"), 1, None, "expected")
PAYLOADS = [(SPEC, np.zeros((0, 5), dtype=np.uint8))] * TASKS


def run_empty(executor: Executor) -> None:
    results = jobs.run_chunks(chart_chunk, PAYLOADS, [0] * TASKS, job={"job": "overhead"}, executor=executor)
    assert len(results) == TASKS and all(r["score"].shape == (0, 32) for r in results)


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (the dask extra)")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.mark.benchmark(group=OVERHEAD, min_rounds=3)
def test_overhead_inline(benchmark: Any) -> None:
    benchmark(run_empty, jobs.InlineExecutor())


@pytest.mark.benchmark(group=OVERHEAD, min_rounds=3)
def test_overhead_local_pool(benchmark: Any) -> None:
    with jobs.local_executor(2) as pool:
        pool.submit(int).result()  # the workers are up before timing
        benchmark(run_empty, pool)


@pytest.mark.slow  # starts a Dask cluster
@pytest.mark.benchmark(group=OVERHEAD, min_rounds=3)
def test_overhead_dask(benchmark: Any, dask_address: str) -> None:
    with jobs.dask_executor(dask_address) as executor:
        run_empty(executor)  # the workers have imported the package before timing
        benchmark(run_empty, executor)


@pytest.mark.benchmark(group=CHART, min_rounds=3)
def test_chart_hands_inline(benchmark: Any) -> None:
    hands = jobs.canonical_hands(5)[::33_000][:4]
    chart = benchmark(jobs.discard_chart, hands=hands, executor=jobs.InlineExecutor())
    assert len(chart) == 4 and bool(chart.exact.all())
