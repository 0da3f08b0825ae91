"""Big jobs: canonical hands, the chunked runner, discard charts, Dask.

Charts here are Badugi charts over a spread of canonical hands (a few
milliseconds a hand) and a few Badeucey hands; the same charts run inline, on
the local process pool with one and two workers, and on a real two-process
Dask cluster on the loopback interface must agree bit for bit.
"""

from __future__ import annotations

import concurrent.futures
import csv
import importlib
import itertools
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import _jobrun as jobs_run
from badeucey_fast import jobs
from badeucey_fast._canonical import SUIT_PERMUTATIONS, relabel
from badeucey_fast._chart import FORMAT
from badeucey_fast._storage import read_arrays, write_arrays
from badeucey_fast.jobs import (
    DiscardChart,
    InlineExecutor,
    JobError,
    discard_chart,
    local_executor,
    run_chunks,
)

from .conftest import RunCli

try:
    import distributed
except ImportError:  # pragma: no cover - the dask extra is optional
    distributed = None

# Workers unpickle a task by its module's name: the folder of the tasks' module goes on
# sys.path, which a process pool's workers (started afresh, never forked) take from this
# process. Dask's workers get the file itself (upload_file).
TASKS_FILE = Path(__file__).parent / "workers" / "jobs_test_tasks.py"
if str(TASKS_FILE.parent) not in sys.path:
    sys.path.append(str(TASKS_FILE.parent))
tasks = importlib.import_module("jobs_test_tasks")
seeded_task, failing_task, not_arrays_task = tasks.seeded_task, tasks.failing_task, tasks.not_arrays_task

needs_dask = pytest.mark.skipif(distributed is None, reason="dask[distributed] is not installed (the dask extra)")

BADUGI_HANDS = jobs.canonical_hands(4)[::257]  # 64 canonical hands spread over all 16,432
TARGET = "badugi:9"
CHUNK = 8


def chart_arrays(chart: DiscardChart) -> dict[str, Any]:
    return {name: getattr(chart, name) for name in ("hands", "score", "probability", "mean_rank", "exact")}


def assert_identical(a: DiscardChart, b: DiscardChart) -> None:
    for name, array in chart_arrays(a).items():
        other = chart_arrays(b)[name]
        assert (array is None) == (other is None), name
        if array is not None:
            assert array.dtype == other.dtype and array.tobytes() == other.tobytes(), name  # bit for bit
    assert (a.game, a.draws, a.target, a.objective, a.seed) == (b.game, b.draws, b.target, b.objective, b.seed)


@pytest.fixture(scope="module")
def serial_chart() -> DiscardChart:
    return discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=InlineExecutor(), chunk_size=CHUNK)


def every_form(ids: tuple[int, ...], rng: random.Random) -> Iterator[list[int]]:
    """The hand under every suit relabelling, its cards in a random order."""
    for perm in SUIT_PERMUTATIONS:
        cards = [relabel(c, perm) for c in ids]
        rng.shuffle(cards)
        yield cards


def assert_agrees(chart: DiscardChart, cards: list[int], **kwargs: Any) -> None:
    expected = bf.best_discards(cards, game=chart.game, **kwargs)
    got = chart.lookup(cards)
    assert [(o.discard, o.keep, o.probability, o.mean_rank, o.score) for o in expected] == [
        (o.discard, o.keep, o.probability, o.mean_rank, o.score) for o in got
    ]
    assert all(o.exact for o in got)
    assert chart.best(cards) == got[0]


# ---- canonical hands --------------------------------------------------------------


def test_canonical_counts_four_cards() -> None:
    hands = jobs.canonical_hands(4)
    assert len(hands) == jobs.CANONICAL_COUNTS[4] == 16_432
    assert not hands.flags.writeable


@pytest.mark.slow
def test_canonical_counts_five_cards_and_orbits() -> None:
    hands = jobs.canonical_hands(5)
    assert len(hands) == jobs.CANONICAL_COUNTS[5] == 134_459
    # the classes cover every hand once: orbit sizes (24 / stabiliser) add up to C(52, 5)
    total = 0
    for row in hands[::97].tolist():
        forms = {tuple(sorted(relabel(c, p) for c in row)) for p in SUIT_PERMUTATIONS}
        assert min(forms, key=lambda f: sum(1 << c for c in f)) == tuple(row)
        total += len(forms)
    assert total > 0


def test_canonical_form_is_shared_by_every_suit_permutation() -> None:
    rng = random.Random(15)
    for _ in range(200):
        ids = tuple(rng.sample(range(52), 5))
        canon, perm = jobs.canonical(ids)
        assert tuple(sorted(relabel(c, perm) for c in ids)) == canon
        forms = {tuple(sorted(relabel(c, p) for c in ids)) for p in SUIT_PERMUTATIONS}
        assert canon == min(forms, key=lambda f: sum(1 << c for c in f))
        for cards in every_form(ids, rng):
            assert jobs.canonical(tuple(cards))[0] == canon


# ---- the runner ----------------------------------------------------------------


def test_chunk_seeds_make_runs_identical_on_any_executor(tmp_path: Path) -> None:
    job = {"job": "test"}
    sizes = [3, 5, 2, 4, 1, 6]
    serial = run_chunks(seeded_task, sizes, sizes, job=job, seed=99, executor=InlineExecutor())
    assert [int(r["chunk"][0]) for r in serial] == list(range(len(sizes)))
    first = np.random.default_rng(np.random.SeedSequence(99, spawn_key=(0,))).integers(0, 2**62, size=3)
    assert serial[0]["draws"].tolist() == first.tolist()
    for workers in (1, 2):
        with local_executor(workers) as pool:
            pooled = run_chunks(seeded_task, sizes, sizes, job=job, seed=99, executor=pool)
        assert all(a["draws"].tobytes() == b["draws"].tobytes() for a, b in zip(serial, pooled))
    other = run_chunks(seeded_task, sizes, sizes, job=job, seed=100, executor=InlineExecutor())
    assert other[0]["draws"].tolist() != serial[0]["draws"].tolist()


class CountingPool(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that records the most futures it ever had submitted and unfinished."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers)
        self.live = 0
        self.most = 0
        self.lock = threading.Lock()

    def _done(self, future: concurrent.futures.Future[Any]) -> None:
        with self.lock:
            self.live -= 1

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        with self.lock:
            self.live += 1
            self.most = max(self.most, self.live)
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_chunks_are_submitted_in_a_bounded_window(workers: int) -> None:
    """At most WINDOW_PER_WORKER chunks a worker are submitted at once (a match of
    10^8 hands does not hold every future), and the results are the same, in order."""
    sizes = [1 + c % 5 for c in range(300)]
    serial = run_chunks(seeded_task, sizes, sizes, job={"job": "w"}, seed=5, executor=InlineExecutor())
    seen: list[jobs.JobProgress] = []
    with CountingPool(workers) as pool:
        assert jobs_run.submit_window(pool) == jobs_run.WINDOW_PER_WORKER * workers
        windowed = run_chunks(seeded_task, sizes, sizes, job={"job": "w"}, seed=5, executor=pool, progress=seen.append)
    assert 1 <= pool.most <= jobs_run.WINDOW_PER_WORKER * workers
    assert [r["draws"].tobytes() for r in windowed] == [r["draws"].tobytes() for r in serial]
    assert [p.chunks_done for p in seen] == list(range(len(sizes) + 1))  # one report at the start, one a chunk


class OpaquePool(concurrent.futures.Executor):
    """An executor whose number of workers cannot be read (it hands work on to ``inner``)."""

    def __init__(self, inner: concurrent.futures.Executor) -> None:
        self.inner = inner

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        return self.inner.submit(fn, *args, **kwargs)


def test_an_executor_of_unknown_size_gets_the_fallback_window() -> None:
    sizes = [1] * (jobs_run.UNKNOWN_WINDOW + 40)
    with CountingPool(2) as inner:
        pool = OpaquePool(inner)
        assert jobs_run.submit_window(pool) == jobs_run.UNKNOWN_WINDOW
        out = run_chunks(seeded_task, sizes, sizes, job={"job": "u"}, seed=1, executor=pool)
    assert [int(r["chunk"][0]) for r in out] == list(range(len(sizes)))
    assert inner.most <= jobs_run.UNKNOWN_WINDOW
    assert jobs_run.submit_window(InlineExecutor()) == 1


def test_the_default_pool_refuses_what_its_workers_cannot_import() -> None:
    """Caught in this process with a TypeError that says what to do, before a worker
    fails to unpickle its task and breaks the pool."""
    def local_task(chunk: int, seeds: Any, payload: Any) -> dict[str, Any]:
        return {"chunk": np.array([chunk])}

    with pytest.raises(TypeError, match=r"cannot be sent to the local process pool .*local_task.*InlineExecutor\(\)"):
        run_chunks(local_task, [1, 2], [1, 1], job={"job": "local"})
    with pytest.raises(TypeError, match=r"cannot be sent .*lock"):
        run_chunks(seeded_task, [threading.Lock()] * 2, [1, 1], job={"job": "lock"})
    out = run_chunks(local_task, [1, 2], [1, 1], job={"job": "local"}, executor=InlineExecutor())
    assert [int(r["chunk"][0]) for r in out] == [0, 1]


def test_failed_chunk_is_a_job_error_and_the_rest_resume(tmp_path: Path) -> None:
    path = tmp_path / "fail.ckpt"
    with pytest.raises(JobError, match=r"chunk 3 of 6 failed: ValueError: chunk three is bad.*run again to resume"):
        run_chunks(failing_task, [2] * 6, [2] * 6, job={"job": "fail"}, executor=InlineExecutor(), checkpoint=path)
    kept = jobs.run_chunks.__globals__["read_checkpoint"](path, {"job": "fail"})
    assert sorted(kept) == [0, 1, 2]
    with pytest.raises(JobError, match="not a dict of named"):
        run_chunks(not_arrays_task, [1], [1], job={"job": "bad"}, executor=InlineExecutor())


def test_progress_reports_chunks_items_and_rate() -> None:
    seen: list[jobs.JobProgress] = []
    run_chunks(seeded_task, [4, 4], [4, 4], job={"job": "p"}, seed=1, executor=InlineExecutor(),
               progress=seen.append, unit="hands")
    assert [(p.chunks_done, p.items_done) for p in seen] == [(0, 0), (1, 4), (2, 8)]
    assert seen[0].rate is None and seen[-1].fraction == 1.0
    assert "2/2 chunks  8/8 hands" in seen[-1].describe()


# ---- charts on every executor ------------------------------------------------------


def test_chart_rows_and_options(serial_chart: DiscardChart) -> None:
    assert len(serial_chart) == len(BADUGI_HANDS)
    assert serial_chart.score.shape == (len(BADUGI_HANDS), 16)
    assert serial_chart.hands.tobytes() == BADUGI_HANDS.tobytes()
    assert serial_chart.objective == "target" and serial_chart.seed is None
    with pytest.raises(ValueError, match="read-only"):
        serial_chart.score[0, 0] = 0.0
    assert "badugi, 1 draw(s), 64 hands" in repr(serial_chart)


@pytest.mark.parametrize("workers", [1, 2])
def test_chart_on_the_local_pool_is_bit_identical(serial_chart: DiscardChart, workers: int) -> None:
    with local_executor(workers) as pool:
        chart = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=pool, chunk_size=CHUNK)
    assert_identical(serial_chart, chart)


def test_chart_on_the_default_pool_is_bit_identical(serial_chart: DiscardChart) -> None:
    chart = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS[:16], chunk_size=CHUNK)
    assert chart.score.tobytes() == serial_chart.score[:16].tobytes()


def test_every_row_agrees_with_best_discards_in_every_suit_permutation(serial_chart: DiscardChart) -> None:
    rng = random.Random(1)
    quads = (0, 1, 2, 3)  # 2c 2d 2h 2s: many tied options, so the tie order is tested
    rows = [quads, *(tuple(r) for r in rng.sample(serial_chart.hands.tolist(), 3))]
    for ids in rows:
        for cards in every_form(ids, rng):
            assert_agrees(serial_chart, cards, target=TARGET)


def test_badeucey_chart_agrees_with_best_discards_in_every_suit_permutation() -> None:
    rng = random.Random(2)
    hands = ["Ks Qh 9d 8c 2s", "7s 7h 4d 3c 2s", "As Ah Ad Kc Kd"]
    chart = discard_chart(hands=hands, executor=InlineExecutor())
    assert len(chart) == 3 and chart.objective == "expected" and chart.probability is None
    with local_executor(2) as pool:
        assert_identical(chart, discard_chart(hands=hands, executor=pool, chunk_size=1))
    for text in hands[1:]:
        forms = list(every_form(bf.parse_cards(text), rng))
        for cards in [*forms[:: 6], *forms[1::6]] if text != hands[-1] else forms:
            assert_agrees(chart, cards)


def test_chart_option_is_a_discard_option_without_its_outcomes() -> None:
    """ChartOption stays a class of its own (a chart keeps no outcome counts, the
    DrawOutcomes a DiscardOption must hold); this keeps the two from drifting apart."""
    import dataclasses

    chart_fields = [f.name for f in dataclasses.fields(jobs.ChartOption)]
    option_fields = [f.name for f in dataclasses.fields(bf.DiscardOption)]
    assert chart_fields == [*(n for n in option_fields if n != "outcomes"), "exact"]
    option = bf.best_discards("Ks Qh 9d 8c 2s")[0]
    got = discard_chart(hands=["Ks Qh 9d 8c 2s"], executor=InlineExecutor()).best("Ks Qh 9d 8c 2s")
    assert {k: v for k, v in got.to_dict().items() if k != "score"} == option.to_dict()


def test_lookup_gives_the_hands_own_cards() -> None:
    chart = discard_chart("badugi", hands=["As 2c 3d Ks"], target="badugi", executor=InlineExecutor())
    for cards in ("As 2c 3d Ks", "Ah 2s 3c Kh", "Kd 3s 2h Ad"):
        best = chart.best(cards)
        ids = bf.parse_cards(cards)
        assert best.discard == tuple(c for c in ids if c // 4 == 11)  # the king, in this hand's suit
        assert best.probability == bf.best_discards(cards, game="badugi", target="badugi")[0].probability
    assert "As 2c 3d Ks" in chart and "As 2c 3d 4h" not in chart and "nonsense" not in chart
    with pytest.raises(KeyError, match="no row for"):
        chart.lookup("As 2c 3d 4h")
    with pytest.raises(ValueError, match="takes 4 cards"):
        chart.lookup("As 2c 3d 4h 5s")


# ---- killed workers, checkpoints --------------------------------------------------


def test_killed_pool_worker_fails_clearly_and_the_checkpoint_resumes(serial_chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.ckpt"
    killed: list[int] = []
    others = {child.pid for child in multiprocessing.active_children()}  # (an earlier test's, say a Dask worker)

    def kill_after_two(p: jobs.JobProgress) -> None:
        if p.chunks_done >= 2 and not killed:
            victim = next(child for child in multiprocessing.active_children() if child.pid not in others)
            assert victim.pid is not None
            os.kill(victim.pid, signal.SIGKILL)
            killed.append(victim.pid)

    with local_executor(2) as pool, pytest.raises(JobError, match=r"failed: .*run again to resume"):
        discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=pool, chunk_size=4,
                      progress=kill_after_two, checkpoint=path)
    assert killed and path.exists()
    seen: list[jobs.JobProgress] = []
    resumed = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=InlineExecutor(), chunk_size=4,
                            progress=seen.append, checkpoint=path)
    assert seen[0].items_resumed >= 8  # the chunks finished before the kill were not run again
    assert_identical(serial_chart, resumed)
    # a finished checkpoint answers without running anything
    again = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=None, chunk_size=4, checkpoint=path)
    assert_identical(serial_chart, again)


def test_checkpoint_of_another_job_or_damaged_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "chart.ckpt"
    discard_chart("badugi", hands=BADUGI_HANDS[:4], executor=InlineExecutor(), checkpoint=path)
    with pytest.raises(ValueError, match="belongs to another job"):
        discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS[:4], executor=InlineExecutor(), checkpoint=path)
    path.write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="not a readable checkpoint"):
        discard_chart("badugi", hands=BADUGI_HANDS[:4], executor=InlineExecutor(), checkpoint=path)


# ---- files -------------------------------------------------------------------------


def test_save_load_round_trip(serial_chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.npz"
    serial_chart.save(path)
    loaded = DiscardChart.load(path, game="badugi", draws=1, target=TARGET, objective="target")
    assert_identical(serial_chart, loaded)
    assert loaded.version == bf.__version__ and loaded.chunk_size == CHUNK
    cards = BADUGI_HANDS[5].tolist()[::-1]
    assert loaded.lookup(cards) == serial_chart.lookup(cards)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_load_refuses_bad_and_mismatched_files(serial_chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.npz"
    serial_chart.save(path)
    for wanted, match in [({"game": "badeucey"}, "game"), ({"draws": 2}, "draws"), ({"target": "badugi"}, "target"),
                          ({"objective": "expected"}, "objective")]:
        with pytest.raises(ValueError, match=f"holds a chart with {match}"):
            DiscardChart.load(path, **wanted)
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"garbage")
    with pytest.raises(ValueError, match="not a readable .npz"):
        DiscardChart.load(bad)
    with pytest.raises(FileNotFoundError, match="no such chart file"):
        DiscardChart.load(tmp_path / "missing.npz")
    np.savez(bad, hands=serial_chart.hands)
    with pytest.raises(ValueError, match="not a badeucey-fast discard chart"):
        DiscardChart.load(bad)
    meta, arrays = read_arrays(path, kind=FORMAT, where="chart")
    for name, change in [("score", lambda a: a[:, :8]), ("hands", lambda a: a[::-1]),
                         ("mean_rank", lambda a: a.astype(np.float32)), ("probability", None)]:
        broken = dict(arrays)
        if change is None:
            del broken[name]
        else:
            broken[name] = change(arrays[name])
        write_arrays(bad, broken, kind=FORMAT, meta=meta)  # intact checksums, arrays that disagree
        with pytest.raises(ValueError, match="damaged"):
            DiscardChart.load(bad)


def test_csv(serial_chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.csv"
    serial_chart.to_csv(path)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["hand", "choice", "discard", "keep", "score", "probability", "mean_badugi", "exact"]
    assert len(rows) == 16 * len(serial_chart)
    for hand, group in itertools.groupby(rows, key=lambda r: r["hand"]):
        options = list(group)
        expected = serial_chart.lookup(hand)  # the canonical hand as given: its own order
        assert [r["choice"] for r in options] == [str(i) for i in range(1, 17)]
        assert [(r["discard"], r["keep"], float(r["score"]), float(r["probability"]), float(r["mean_badugi"]))
                for r in options] == [(bf.format_cards(o.discard), bf.format_cards(o.keep), o.score, o.probability,
                                       o.mean_rank["badugi"]) for o in expected]


def test_to_frame(serial_chart: DiscardChart, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        import pandas  # noqa: F401
    except ImportError:
        pass
    else:
        frame = serial_chart.to_frame()
        assert len(frame) == 16 * len(serial_chart) and frame["score"].dtype == np.float64
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="needs pandas: pip install pandas"):
        serial_chart.to_frame()


# ---- bad arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"game": "holdem"}, ValueError, "unknown game"),
        ({"draws": 0}, ValueError, "draws must be 1..3"),
        ({"draws": "1"}, TypeError, "draws must be an integer"),
        ({"target": "low:8"}, ValueError, "has no low half"),
        ({"objective": "best"}, ValueError, "unknown objective"),
        ({"objective": "target"}, ValueError, "needs a target"),
        ({"objective": "low"}, ValueError, "has no low half"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be at least 1"),
        ({"chunk_size": 2.5}, TypeError, "chunk_size must be an integer"),
        ({"hands": []}, ValueError, "hands is empty"),
        ({"hands": "As 2c 3d Ks"}, TypeError, "not one text"),
        ({"hands": ["As 2c 3d"]}, ValueError, r"hands\[0\] takes 4 cards"),
        ({"hands": ["As 2c 3d As"]}, ValueError, "duplicate card"),
        ({"draws": 2, "seed": -1}, ValueError, "seed must be"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    args = {"game": "badugi", "hands": ["As 2c 3d Ks"], "executor": InlineExecutor(), **kwargs}
    with pytest.raises(error, match=match):
        discard_chart(**args)


def test_bad_executor_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="workers must be at least 1"):
        local_executor(0)
    with pytest.raises(ValueError, match="only apply without an address"), jobs.dask_executor("tcp://127.0.0.1:1", n_workers=2):
        pass
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install 'badeucey-fast\[dask\]'"), jobs.dask_executor():
        pass


# ---- Dask ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A real scheduler and two worker processes on the loopback interface."""
    assert distributed is not None
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as local:
        yield local


@needs_dask
@pytest.mark.no_sanitize  # the jobs run in Dask's worker processes; the other tests run them in-process
def test_dask_chart_is_bit_identical(serial_chart: DiscardChart, cluster: Any) -> None:
    with jobs.dask_executor(cluster.scheduler_address) as executor:
        chart = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=executor, chunk_size=CHUNK)
    assert_identical(serial_chart, chart)


@needs_dask
@pytest.mark.no_sanitize  # the jobs run in Dask's worker processes; the other tests run them in-process
def test_dask_seeded_chunks_are_bit_identical(cluster: Any) -> None:
    assert distributed is not None
    with distributed.Client(cluster.scheduler_address) as client:
        client.upload_file(str(TASKS_FILE))  # the workers cannot import tests/
    sizes = [3, 5, 2, 4]
    serial = run_chunks(seeded_task, sizes, sizes, job={"job": "t"}, seed=7, executor=InlineExecutor())
    with jobs.dask_executor(cluster.scheduler_address) as executor:
        assert jobs_run.submit_window(executor) == jobs_run.WINDOW_PER_WORKER * 2  # two workers of one thread
        remote = run_chunks(seeded_task, sizes, sizes, job={"job": "t"}, seed=7, executor=executor)
    assert all(a["draws"].tobytes() == b["draws"].tobytes() for a, b in zip(serial, remote))


@pytest.mark.slow  # a process pool started, and the cluster's workers import the solver
@needs_dask
def test_dask_chunked_training_writes_the_bytes_of_the_process_pool(cluster: Any, tmp_path: Path) -> None:
    """The same chunked training (the mini game, 2 chunks of 100 iterations a
    round) on the local process pool and on the two-worker cluster writes the
    same strategy file, byte for byte."""
    from badeucey_fast.play import TableRules
    from badeucey_fast.solve import train

    def trained(executor: Any, name: str) -> bytes:
        strategy = train(TableRules.mini(), 500, seed=3, abstraction=None, stacks=(20, 20), chunks=2,
                         chunk_iterations=100, executor=executor)
        assert strategy.iterations == 500
        strategy.save(tmp_path / name)
        return (tmp_path / name).read_bytes()

    with local_executor(2) as pool:
        pooled = trained(pool, "pool.npz")
    with jobs.dask_executor(cluster.scheduler_address) as executor:
        assert jobs_run.submit_window(executor) == jobs_run.WINDOW_PER_WORKER * 2  # both workers take chunks
        on_dask = trained(executor, "dask.npz")
    assert on_dask == pooled
    assert on_dask == trained(InlineExecutor(), "inline.npz")


class WorkerKiller:
    """A cluster of its own (one worker dies) and the job's ``progress`` callback
    that kills that worker with SIGKILL once two chunks are done."""

    def __init__(self, address: str, pids: list[int]) -> None:
        self.address = address
        self.pids = pids
        self.killed: list[int] = []

    def __call__(self, p: jobs.JobProgress) -> None:
        if p.chunks_done >= 2 and not self.killed:
            os.kill(self.pids[0], signal.SIGKILL)
            self.killed.append(self.pids[0])


@pytest.fixture
def worker_killer() -> Iterator[WorkerKiller]:
    """A fresh two-worker scheduler (not the shared ``cluster``: a worker dies) and its killer."""
    assert distributed is not None
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as local, distributed.Client(local) as client:
        yield WorkerKiller(local.scheduler_address, list(client.run(os.getpid).values()))


@needs_dask
@pytest.mark.no_sanitize  # the jobs run in Dask's worker processes; the other tests run them in-process
def test_dask_worker_killed_mid_job_does_not_change_the_chart(serial_chart: DiscardChart,
                                                              worker_killer: WorkerKiller) -> None:
    with jobs.dask_executor(worker_killer.address) as executor:
        chart = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS, executor=executor, chunk_size=4,
                              progress=worker_killer)
    assert worker_killer.killed
    assert_identical(serial_chart, chart)


BIG_HANDS = jobs.canonical_hands(4)[::8][:2000]  # 2,000 canonical Badugi hands spread over all 16,432
MATCH_HANDS = 20_000


@pytest.fixture(scope="module")
def big_serial_chart() -> DiscardChart:
    return discard_chart("badugi", hands=BIG_HANDS, executor=InlineExecutor(), chunk_size=64)


def big_match(executor: Any) -> Any:
    from badeucey_fast.bots import RandomBot, play_match

    return play_match([RandomBot(), RandomBot()], hands=MATCH_HANDS, game="badeucey", seed=15, executor=executor)


@pytest.mark.slow
@needs_dask
def test_dask_big_chart_and_match_are_bit_identical_to_serial_and_the_local_pool(
    big_serial_chart: DiscardChart, cluster: Any
) -> None:
    """The issue's check: a chart over a few thousand starting hands and a
    20,000-hand duplicate match, through dask_executor(address) on a real
    scheduler with two worker processes, as serially and on the local pool."""
    serial_match = big_match(InlineExecutor())
    assert serial_match.hands == MATCH_HANDS and serial_match.deals == MATCH_HANDS // 2
    with local_executor(2) as pool:
        pooled_chart = discard_chart("badugi", hands=BIG_HANDS, executor=pool, chunk_size=64)
        pooled_match = big_match(pool)
    with jobs.dask_executor(cluster.scheduler_address) as executor:
        dask_chart = discard_chart("badugi", hands=BIG_HANDS, executor=executor, chunk_size=64)
        dask_match = big_match(executor)
    assert len(big_serial_chart) == 2000
    assert_identical(big_serial_chart, pooled_chart)
    assert_identical(big_serial_chart, dask_chart)
    for match in (pooled_match, dask_match):
        assert match == serial_match and match.per_deal.tobytes() == serial_match.per_deal.tobytes()  # bit for bit


@pytest.mark.slow
@needs_dask
def test_dask_worker_killed_mid_match_does_not_change_the_result(worker_killer: WorkerKiller) -> None:
    from badeucey_fast.bots import CallingBot, RandomBot, play_match

    bots = [RandomBot(), CallingBot()]
    # the Python bots: 8 chunks of 256 deals (in C the match is one chunk)
    serial = play_match(bots, hands=4000, seed=3, executor=InlineExecutor(), engine="python")
    with jobs.dask_executor(worker_killer.address) as executor:
        remote = play_match(bots, hands=4000, seed=3, executor=executor, progress=worker_killer, engine="python")
    assert worker_killer.killed
    assert remote == serial and remote.per_deal.tobytes() == serial.per_deal.tobytes()


@needs_dask
def test_match_command_on_a_scheduler(run_cli: Any, cluster: Any) -> None:
    from badeucey_fast.bots import CallingBot, RandomBot, play_match

    result = run_cli("match", "--bots", "random,calling", "--hands", "600", "--seed", "4", "--json",
                     "--scheduler", cluster.scheduler_address)
    assert result.returncode == 0, result.stderr
    direct = play_match([RandomBot(), CallingBot()], hands=600, seed=4, executor=InlineExecutor())
    assert [b["mbb_per_hand"] for b in json.loads(result.stdout)["bots"]] == list(direct.mbb_per_hand)


@needs_dask
@pytest.mark.no_sanitize  # the jobs run in Dask's worker processes; the other tests run them in-process
def test_dask_executor_is_a_concurrent_futures_executor(cluster: Any) -> None:
    """Results, errors, cancelling and shutdown, as concurrent.futures promises them."""
    import time

    with jobs.dask_executor(cluster.scheduler_address) as executor:
        assert executor.submit(pow, 2, 10).result(timeout=60) == 1024
        assert list(executor.map(abs, [-1, -2, 3], timeout=60)) == [1, 2, 3]
        failing = executor.submit(divmod, 1, 0)
        assert isinstance(failing.exception(timeout=60), ZeroDivisionError)
        first, second = executor.submit(time.sleep, 1.0), executor.submit(time.sleep, 1.0)
        blocked = executor.submit(time.sleep, 1.0)  # two workers of one thread: this one waits
        assert blocked.cancel() and blocked.cancelled()
        done, _ = concurrent.futures.wait([first, second, blocked], timeout=60)
        assert len(done) == 3 and first.result() is None and second.result() is None
        executor.shutdown(wait=True)
        with pytest.raises(RuntimeError, match="after shutdown"):
            executor.submit(pow, 2, 2)


@needs_dask
def test_dask_executor_starts_and_stops_a_local_cluster(serial_chart: DiscardChart) -> None:
    with jobs.dask_executor(n_workers=1, processes=False, dashboard_address=":0") as executor:
        chart = discard_chart("badugi", target=TARGET, hands=BADUGI_HANDS[:8], executor=executor, chunk_size=CHUNK)
    assert chart.score.tobytes() == serial_chart.score[:8].tobytes()


# ---- command line ------------------------------------------------------------------


def test_chart_command(run_cli: Any, tmp_path: Path) -> None:
    out, table, ckpt = tmp_path / "c.npz", tmp_path / "c.csv", tmp_path / "c.ckpt"
    result = run_cli("chart", "--game", "badugi", "--target", TARGET, "--limit", "20", "--out", str(out),
                     "--csv", str(table), "--workers", "1", "--checkpoint", str(ckpt), "--progress")
    assert result.returncode == 0, result.stderr
    assert "20 canonical hands x 16 options, exact" in result.stdout
    assert "chunks" in result.stderr and "hands/s" in result.stderr and "time left" in result.stderr
    chart = DiscardChart.load(out, game="badugi", target=TARGET)
    assert chart.hands.tobytes() == jobs.canonical_hands(4)[:20].tobytes()
    assert len(table.read_text().splitlines()) == 1 + 20 * 16
    again = run_cli("chart", "--game", "badugi", "--target", TARGET, "--limit", "20", "--out", str(out),
                    "--checkpoint", str(ckpt))
    assert again.returncode == 0, again.stderr
    assert "hands computed in this run" not in again.stdout  # all 20 came from the checkpoint


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["--limit", "0"], "--limit must be at least 1"),
        (["--draws", "4"], "draws must be 1..3"),
        (["--target", "low:8"], "no low half"),
        (["--workers", "0"], "workers must be at least 1"),
        (["--workers", "1", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with argument"),
    ],
)
def test_chart_command_bad_arguments(run_cli: Any, tmp_path: Path, args: list[str], match: str) -> None:
    result = run_cli("chart", "--game", "badugi", "--out", str(tmp_path / "x.npz"), *args)
    assert result.returncode == 2 and match in result.stderr
    assert not (tmp_path / "x.npz").exists()


def test_chart_command_ctrl_c_keeps_finished_chunks_and_resumes(tmp_path: Path, run_cli: RunCli) -> None:
    out, ckpt = tmp_path / "c.npz", tmp_path / "c.ckpt"
    args = ["chart", "--game", "badugi", "--limit", "400", "--chunk-size", "4",
            "--workers", "1", "--checkpoint", str(ckpt), "--out", str(out), "--progress"]
    # SIGINT back to its default in the child: a test run started in the background by a
    # shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt
    proc = run_cli.start(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stderr is not None
    seen = b""
    while b" 2/100 chunks" not in seen:  # wait for two finished chunks, then press Ctrl-C
        piece = os.read(proc.stderr.fileno(), 4096)
        assert piece, f"the command ended early: {seen.decode()}"
        seen += piece
    proc.send_signal(signal.SIGINT)
    rest = proc.communicate(timeout=120)[1]
    assert proc.returncode == 130, (seen + rest).decode()
    assert b" of 100 chunks kept in " in rest and b"run the same command to resume" in rest
    assert ckpt.exists() and not out.exists()
    again = run_cli(*args[:-1])
    assert again.returncode == 0, again.stderr
    resumed = int(again.stdout.split(" from the checkpoint")[0].rsplit(" ", 1)[1].replace(",", ""))
    assert 8 <= resumed < 400
