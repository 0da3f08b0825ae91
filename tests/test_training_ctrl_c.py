"""A training stopped by a real SIGINT at random moments keeps a whole checkpoint:
the iterations it reports are the checkpoint's, and training on from it gives the
uninterrupted strategy, array for array.

The signal comes while the solver's thread runs and this one waits for it: before
Python 3.13, a KeyboardInterrupt inside ``Thread.join`` marks the running thread as
ended, which depends on the interpreter, so CI runs this file on every Python it
has (the smoke set of ``.ci/run``).  Every wait is bounded by a generous guard
against hangs; nothing is timed.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="signals: POSIX")

GUARD = 300.0
"""Seconds before the run counts as a hang (never a measure of speed)."""

# Run in a process of its own: a signal handler of its own, and SIGINT never near pytest.
# The handler raises KeyboardInterrupt (as Python's own does) while train() is running, and
# ignores a signal that comes once it has returned (the timer raced the training's end).
SCRIPT = textwrap.dedent("""
    import os, random, signal, sys, threading
    from pathlib import Path

    import numpy as np

    from badeucey_fast._storage import read_arrays
    from badeucey_fast.play import TableRules
    from badeucey_fast.solve import TrainingInterrupted, train

    module = sys.modules["badeucey_fast.solve.train"]
    tries, iterations, seed, folder = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    MAX_INTERRUPTIONS = 4  # a try's runs sent SIGINT, then one left to finish
    rules = TableRules.mini("badugi")
    expected = train(rules, iterations, seed=7, abstraction=None)

    def handler(signum, frame):
        while frame is not None:
            if frame.f_code is module.train.__code__:
                raise KeyboardInterrupt
            frame = frame.f_back

    signal.signal(signal.SIGINT, handler)
    rng = random.Random(seed)
    interruptions = 0
    for attempt in range(tries):
        path = folder / f"c{attempt}.ckpt"
        for run in range(MAX_INTERRUPTIONS + 1):
            timers = []

            def progress(done, total):
                # the solver runs: SIGINT at once in a try's first run (each try is interrupted on
                # any machine), at a random moment after that in the others
                if not timers and run < MAX_INTERRUPTIONS:
                    delay = 0.0 if run == 0 else rng.uniform(0.0, 0.15)
                    timers.append(threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT)))
                    timers[0].start()

            try:
                got = train(rules, iterations, seed=7, abstraction=None, checkpoint=path, progress=progress)
            except TrainingInterrupted as exc:
                interruptions += 1
                meta, _ = read_arrays(path, kind=module.CHECKPOINT_FORMAT, where=str(path))
                assert meta["iterations"] == exc.iterations, (
                    f"try {attempt}: {exc.iterations:,} iterations reported, {meta['iterations']:,} in the checkpoint")
                continue
            except KeyboardInterrupt:  # outside the solver's run (its set-up, the last save): nothing reported
                interruptions += 1
                continue
            finally:
                for timer in timers:
                    timer.join()
            break
        else:
            raise AssertionError(f"try {attempt}: the last run was interrupted")
        assert got.iterations == expected.iterations == iterations
        differ = [name for name in ("keys", "offsets", "averages")
                  if not np.array_equal(getattr(got, name), getattr(expected, name))]
        assert not differ, f"try {attempt}: the resumed strategy's {', '.join(differ)} differ from the uninterrupted one's"
    print(interruptions, flush=True)
""")


def _check_trainings_interrupted_at_random_moments(tmp_path: Path, tries: int, iterations: int, seed: int) -> None:
    try:
        done = subprocess.run([sys.executable, "-c", SCRIPT, str(tries), str(iterations), str(seed), str(tmp_path)],
                              capture_output=True, text=True, timeout=GUARD, cwd=tmp_path, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the trainings still run after {GUARD:.0f} s")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= tries  # each try was interrupted at least once


def test_training_interrupted_by_sigint_at_random_moments_keeps_a_whole_checkpoint(tmp_path: Path) -> None:
    """(Before, on Python 3.11 and 3.12: a Ctrl-C inside the wait for the
    solver's thread left the solver running while the checkpoint was written:
    more iterations reported than saved, and another strategy at the end.)"""
    _check_trainings_interrupted_at_random_moments(tmp_path, tries=3, iterations=20_000, seed=1)


@pytest.mark.slow
def test_training_interrupted_by_sigint_at_random_moments_keeps_a_whole_checkpoint_many_times(tmp_path: Path) -> None:
    _check_trainings_interrupted_at_random_moments(tmp_path, tries=20, iterations=20_000, seed=2)


# Ctrl-C as the solver's thread is being started: SIGINT sent (signal.raise_signal, from a trace
# function) at each line Thread.start runs in turn, one training of a few iterations each, until
# a training runs through without one.
AT_THREAD_START = textwrap.dedent("""
    import signal, sys

    from badeucey_fast.play import TableRules
    from badeucey_fast.solve import TrainingInterrupted, train

    signal.signal(signal.SIGINT, signal.default_int_handler)
    rules = TableRules.mini("badugi")

    def at_line(n):
        count = [0]

        def trace(frame, event, arg):
            if event != "call" or frame.f_code.co_name != "start" or not frame.f_code.co_filename.endswith("threading.py"):
                return None

            def local(frame, event, arg):
                if event == "line":
                    count[0] += 1
                    if count[0] == n:
                        sys.settrace(None)
                        signal.raise_signal(signal.SIGINT)
                return local

            return local

        return trace

    n = 0
    while True:
        n += 1
        sys.settrace(at_line(n))
        try:
            got = train(rules, 3, seed=7, abstraction=None)
        except TrainingInterrupted as exc:
            assert exc.iterations <= 3
            continue
        finally:
            sys.settrace(None)
        break
    assert got == train(rules, 3, seed=7, abstraction=None)
    print(n, flush=True)
""")


def test_training_interrupted_as_its_solver_thread_starts_stops(tmp_path: Path) -> None:
    """SIGINT at each line of ``Thread.start`` as the solver's thread starts:
    the training ends as interrupted each time (before: one that came before
    the thread existed was waited for as if the thread ran, for ever)."""
    try:
        done = subprocess.run([sys.executable, "-c", AT_THREAD_START], capture_output=True, text=True, timeout=60,
                              cwd=tmp_path, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("a training interrupted as its solver's thread started still waits after 60 s")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 3  # the signal came at several lines of Thread.start


def test_a_solver_thread_that_cannot_start_is_an_error_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Thread.start`` raising (no thread can be started) ends the training with
    that error, without waiting for a thread that does not exist."""
    from badeucey_fast.play import TableRules
    from badeucey_fast.solve import train

    start = threading.Thread.start

    def refuse(self: threading.Thread) -> None:
        if self.name == "badeucey-train":
            raise RuntimeError("can't start new thread")
        start(self)

    monkeypatch.setattr(threading.Thread, "start", refuse)
    raised: list[BaseException] = []

    def run() -> None:
        try:
            train(TableRules.mini("badugi"), 3, seed=7, abstraction=None)
        except BaseException as exc:  # noqa: BLE001 - looked at below
            raised.append(exc)

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    runner.join(GUARD)
    assert not runner.is_alive(), f"the training still waits after {GUARD:.0f} s"
    assert len(raised) == 1 and isinstance(raised[0], RuntimeError) and "can't start new thread" in str(raised[0])
