"""Long jobs you can trust: Ctrl-C stops a job at once and keeps what finished, a
second Ctrl-C exits, a killed parent leaves no process behind, a match resumes from
its checkpoint and keeps constant memory, and a script without a ``__main__`` guard
runs (or is told what to add).

Every wait is bounded by a generous guard against hangs; no test times anything.
"""

from __future__ import annotations

import itertools
import linecache
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast import _jobrun, jobs
from badeucey_fast._jobrun import read_checkpoint
from badeucey_fast.bots import CallingBot, RandomBot, play_match
from badeucey_fast.play.matches import _match_chunk
from badeucey_fast.jobs import InlineExecutor, JobInterrupted, JobProgress, local_executor, run_chunks

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the jobs' machinery, signals
# and pools, in subprocesses; what the jobs run in the C core, the library's tests run
pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="signals and /proc: POSIX"), pytest.mark.no_sanitize]

TASKS = Path(__file__).parent / "workers"
if str(TASKS) not in sys.path:
    sys.path.append(str(TASKS))
import interrupt_tasks  # noqa: E402 - after its folder is on the path

GUARD = 120.0
"""Seconds before a wait counts as a hang (never a measure of speed)."""

TESTS = Path(__file__).parent


def _descendants(root: int) -> set[int]:
    """Every process below ``root`` (workers are the forkserver's children)."""
    found: set[int] = set()
    frontier = {root}
    while frontier:
        step = set()
        for entry in os.listdir("/proc"):
            if entry.isdigit() and int(entry) not in found:
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if ppid in frontier:
                    step.add(int(entry))
        found |= step
        frontier = step
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def _wait_until(condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + GUARD
    while not condition():
        assert time.monotonic() < end, f"still waiting after {GUARD:.0f} s: {what}"
        time.sleep(0.05)


def _all_end(pids: set[int]) -> None:
    _wait_until(lambda: not any(_alive(p) for p in pids), f"processes {sorted(p for p in pids if _alive(p))} live on")


def _badeucey(*args: str) -> subprocess.Popen[bytes]:
    # SIGINT back to its default in the child: a test run started in the background by a
    # shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt
    return subprocess.Popen([sys.executable, "-m", "badeucey_fast", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=TESTS,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _read_until(proc: subprocess.Popen[bytes], marker: bytes) -> bytes:
    assert proc.stderr is not None
    seen = b""
    while marker not in seen:
        piece = os.read(proc.stderr.fileno(), 4096)
        assert piece, f"the command ended early: {seen.decode(errors='replace')}"
        seen += piece
    return seen


def _workers_started(proc: subprocess.Popen[bytes], count: int) -> set[int]:
    _wait_until(lambda: len(_descendants(proc.pid)) >= count, f"{count} processes under the command")
    return _descendants(proc.pid)


# ---- Ctrl-C ---------------------------------------------------------------------


def test_ctrl_c_cancels_running_chunks_and_keeps_the_finished_ones(tmp_path: Path) -> None:
    """One quick chunk, then chunks stuck for minutes: Ctrl-C returns without waiting
    for them, with the quick chunk in the checkpoint, and stops the pool's workers
    (before: it waited for every running chunk, then exited with a line claiming
    kept chunks)."""
    path = tmp_path / "job.ckpt"
    job = {"job": "interrupt-test"}
    processes: list[Any] = []
    threads: list[threading.Thread] = []

    def interrupt_after_first(p: JobProgress) -> None:
        if p.chunks_done == 1:
            processes.extend(multiprocessing.active_children())  # the pool's workers, to see them stopped
            threads.append(pool._executor_manager_thread)  # the pool's own thread
            raise KeyboardInterrupt

    with local_executor(2) as pool, pytest.raises(JobInterrupted) as caught:
        run_chunks(interrupt_tasks.quick_or_stuck, [0, 600, 600, 600], [1, 1, 1, 1], job=job, executor=pool,
                   checkpoint=path, progress=interrupt_after_first)
    assert isinstance(caught.value, KeyboardInterrupt)
    assert (caught.value.chunks_done, caught.value.chunks_total, caught.value.checkpoint) == (1, 4, path)
    assert "1 of 4 chunks kept in" in str(caught.value)
    assert list(read_checkpoint(path, job)) == [0]
    assert processes and not any(p.is_alive() for p in processes)
    # ended before the job returned: Python's exit hook never writes to the pipe it closes
    assert threads and not threads[0].is_alive()


def test_ctrl_c_during_the_last_save_keeps_every_chunk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every chunk finished, then Ctrl-C while the checkpoint is written: a JobInterrupted
    counting every chunk, all of them in the checkpoint (so a job that returns has saved them)."""
    path = tmp_path / "job.ckpt"
    job = {"job": "interrupt-test"}
    write = _jobrun.write_checkpoint
    calls: list[int] = []

    def interrupted_once(*args: Any) -> None:
        calls.append(len(args[2]))
        if len(calls) == 1:
            raise KeyboardInterrupt
        write(*args)

    monkeypatch.setattr(_jobrun, "write_checkpoint", interrupted_once)
    try:
        run_chunks(interrupt_tasks.quick_or_stuck, [0, 0, 0], [1, 1, 1], job=job, executor=InlineExecutor(),
                   checkpoint=path)
    except JobInterrupted as exc:
        assert (exc.chunks_done, exc.chunks_total) == (3, 3)
    except KeyboardInterrupt:  # (not left to escape: pytest would take it for the user's Ctrl-C)
        pytest.fail("the Ctrl-C left run_chunks as a bare KeyboardInterrupt")
    else:
        pytest.fail("run_chunks returned after a Ctrl-C")
    assert calls == [3, 3]
    assert sorted(read_checkpoint(path, job)) == [0, 1, 2]


def test_ctrl_c_without_a_checkpoint_says_nothing_was_kept() -> None:
    def interrupt(p: JobProgress) -> None:
        if p.chunks_done == 2:
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted, match=r"2 of 3 chunks had finished, none kept \(no checkpoint\)"):
        run_chunks(interrupt_tasks.quick_or_stuck, [0, 0, 0], [1, 1, 1], job={}, executor=InlineExecutor(),
                   progress=interrupt)


def test_chart_command_ctrl_c_stops_at_once_and_resumes(tmp_path: Path) -> None:
    """The command's one line names the chunks kept; the checkpoint holds them, no
    worker outlives the command, and the same command resumes."""
    out, ckpt = tmp_path / "c.npz", tmp_path / "c.ckpt"
    # Chunks of one two-draw hand (a few tenths of a second each): the 14 left after the second
    # are seconds of work, which the command cannot finish before the signal arrives
    args = ["chart", "--game", "badugi", "--draws", "2", "--limit", "16", "--chunk-size", "1", "--workers", "2",
            "--checkpoint", str(ckpt), "--out", str(out), "--progress"]
    proc = _badeucey(*args)
    _read_until(proc, b" 2/16 chunks")
    below = _descendants(proc.pid)
    proc.send_signal(signal.SIGINT)
    stderr = proc.communicate(timeout=GUARD)[1].decode()
    assert proc.returncode == 130, stderr
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("badeucey: interrupted; ") and " of 16 chunks kept in " in line, stderr
    assert line.endswith(": run the same command to resume"), line
    kept = int(line.split("interrupted; ")[1].split(" of ")[0])
    assert kept >= 2 and not out.exists()
    _all_end(below)
    again = subprocess.run([sys.executable, "-m", "badeucey_fast", *args[:-1]], capture_output=True, text=True,
                           timeout=600, cwd=TESTS, check=False)
    assert again.returncode == 0, again.stderr
    assert f"; {kept:,} from the checkpoint" in again.stdout


def test_second_ctrl_c_exits_at_once() -> None:
    """Two Ctrl-C a second apart during a match: the command ends with 130 and
    leaves no process (before: it hung for ever in multiprocessing's exit)."""
    proc = _badeucey("match", "--hands", "200000", "--workers", "2", "--progress")
    below = _workers_started(proc, 4)  # the forkserver, the resource tracker, two workers
    proc.send_signal(signal.SIGINT)
    time.sleep(1)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    stderr = proc.communicate(timeout=GUARD)[1].decode()
    assert proc.returncode == 130, stderr
    assert "badeucey: interrupted" in stderr
    _all_end(below)


def test_second_ctrl_c_while_the_first_is_handled_exits_at_once() -> None:
    """The command line's handler: the first Ctrl-C raises KeyboardInterrupt; a second,
    while that is handled (here: a cleanup stuck for minutes), ends the process."""
    code = textwrap.dedent("""
        import sys, time
        from badeucey_fast.cli import _second_interrupt_exits
        with _second_interrupt_exits():
            try:
                print("ready", flush=True)
                time.sleep(600)
            except KeyboardInterrupt:
                print("cleaning up", flush=True)
                time.sleep(600)
        sys.exit(3)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=TESTS,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"ready\n"
    proc.send_signal(signal.SIGINT)
    assert proc.stdout.readline() == b"cleaning up\n"
    proc.send_signal(signal.SIGINT)
    stderr = proc.communicate(timeout=GUARD)[1].decode()
    assert proc.returncode == 130 and "interrupted again: exiting now" in stderr


# ---- a killed parent ------------------------------------------------------------


@pytest.mark.parametrize("command", [["match", "--hands", "200000"],
                                     ["chart", "--game", "badugi", "--draws", "3", "--limit", "60",
                                      "--chunk-size", "30"]])
def test_killed_parent_leaves_no_process_behind(command: list[str], tmp_path: Path) -> None:
    """SIGKILL of the command: its workers, the forkserver and the resource tracker all
    end by themselves (before: they waited on their pipes for ever)."""
    extra = ["--out", str(tmp_path / "c.npz")] if command[0] == "chart" else []
    proc = _badeucey(*command, *extra, "--workers", "2")
    below = _workers_started(proc, 4)
    time.sleep(0.5)  # the workers are busy with chunks
    below |= _descendants(proc.pid)
    proc.kill()
    proc.communicate(timeout=GUARD)
    try:
        _all_end(below)
    finally:
        for pid in below:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


# ---- matches: checkpoints and memory --------------------------------------------


def test_match_checkpoint_resumes_bit_identically(tmp_path: Path) -> None:
    path = tmp_path / "match.ckpt"
    bots = [RandomBot(), CallingBot()]
    hands = 2 * (4 * 256 + 10)  # five chunks
    whole = play_match(bots, hands=hands, seed=4, executor=InlineExecutor(), engine="python")  # chunks of 256 deals

    def stop_after_two(p: JobProgress) -> None:
        if p.chunks_done == 2:
            raise KeyboardInterrupt

    with pytest.raises(JobInterrupted, match="2 of 5 chunks kept in"):
        play_match(bots, hands=hands, seed=4, executor=InlineExecutor(), checkpoint=path, progress=stop_after_two,
                   engine="python")
    seen: list[JobProgress] = []
    with local_executor(2) as pool:
        resumed = play_match(bots, hands=hands, seed=4, executor=pool, checkpoint=path, progress=seen.append,
                             engine="python")
    assert seen[0].items_resumed == 2 * 2 * 256
    assert resumed == whole and np.array_equal(resumed.per_deal, whole.per_deal)
    with pytest.raises(ValueError, match="belongs to another job"):
        play_match(bots, hands=hands + 2, seed=4, executor=InlineExecutor(), checkpoint=path, engine="python")
    with pytest.raises(ValueError, match="belongs to another job"):
        play_match(bots, hands=hands, seed=4, game="badugi", executor=InlineExecutor(), checkpoint=path,
                   engine="python")
    with pytest.raises(ValueError, match="needs a seed"):
        play_match(bots, hands=hands, executor=InlineExecutor(), checkpoint=path)


def test_match_command_checkpoint_resumes(tmp_path: Path) -> None:
    ckpt = tmp_path / "m.ckpt"
    common = ["match", "--bots", "random,calling", "--hands", "2600", "--seed", "5", "--json", "--engine", "python"]
    whole = subprocess.run([sys.executable, "-m", "badeucey_fast", *common, "--workers", "1"], capture_output=True,
                           text=True, timeout=600, cwd=TESTS, check=False)
    assert whole.returncode == 0, whole.stderr
    proc = _badeucey(*common, "--workers", "1", "--checkpoint", str(ckpt), "--progress")
    _read_until(proc, b" 2/6 chunks")
    proc.send_signal(signal.SIGINT)
    stderr = proc.communicate(timeout=GUARD)[1].decode()
    assert proc.returncode == 130 and " of 6 chunks kept in " in stderr, stderr
    again = subprocess.run([sys.executable, "-m", "badeucey_fast", *common, "--workers", "2", "--checkpoint", str(ckpt)],
                           capture_output=True, text=True, timeout=600, cwd=TESTS, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout == whole.stdout


def test_match_keeps_running_sums_not_deals() -> None:
    """A chunk of a match without per-deal results returns a few numbers per bot, and
    a match of any length starts at once (its chunks' payloads are made when asked)."""
    from badeucey_fast.engine import TableRules

    seeds = jobs.chunk_seed(1, 0)
    payload = ([RandomBot(), CallingBot()], TableRules("badugi"), (200, 200), 0, 40, True, False, None)
    result = _match_chunk(0, seeds, payload)
    assert sorted(result) == ["deals", "m2", "total"] and all(a.size <= 2 for a in result.values())
    kept = _match_chunk(0, seeds, payload[:-2] + (True, None))
    assert kept["per_deal"].shape == (40, 2)
    assert np.allclose(kept["total"], kept["per_deal"].sum(axis=0))

    def stop(p: JobProgress) -> None:
        raise KeyboardInterrupt

    with pytest.raises(JobInterrupted, match="of 1,953,125 chunks"):
        play_match([RandomBot(), CallingBot()], hands=10**9, seed=1, keep_deals=False, progress=stop, engine="python")


def test_a_match_whose_deals_cannot_fit_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="pass keep_deals=False"):
        play_match([RandomBot(), CallingBot()], hands=10**15, seed=1)


def test_per_deal_is_a_read_only_array() -> None:
    result = play_match([RandomBot(), CallingBot()], hands=60, seed=2)
    assert result.per_deal.shape == (30, 2) and result.deals == 30
    assert np.allclose(result.per_deal.mean(axis=0), result.mbb_per_hand)
    with pytest.raises(ValueError, match="read-only"):
        result.per_deal[0, 0] = 1.0
    lean = play_match([RandomBot(), CallingBot()], hands=60, seed=2, keep_deals=False)
    assert lean == result and lean.per_deal.shape == (0, 2)


# ---- scripts without a __main__ guard -------------------------------------------


SNIPPET = """\
from badeucey_fast.bots import DrawingBot, RandomBot, play_match
result = play_match([DrawingBot(), RandomBot()], hands=40_000, game="badeucey", seed=1)
print(result.hands)
"""


def test_a_script_without_a_main_guard_runs_its_job(tmp_path: Path) -> None:
    """The README's snippet saved as a file (before: each worker ran the script again:
    freeze_support() RuntimeError, then a BrokenProcessPool)."""
    script = tmp_path / "snippet.py"
    script.write_text(SNIPPET)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["40000"]


def test_a_script_without_a_main_guard_that_runs_threads_is_told_what_to_add(tmp_path: Path) -> None:
    script = tmp_path / "threaded.py"
    script.write_text("import threading, time\n"
                      "threading.Thread(target=time.sleep, args=(600,), daemon=True).start()\n" + SNIPPET)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          check=False)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("RuntimeError: ") and "line 4" in last and 'if __name__ == "__main__":' in last, last
    assert "freeze_support" not in done.stderr and "BrokenProcessPool" not in done.stderr


def test_a_guarded_script_s_pool_is_not_forked(tmp_path: Path) -> None:
    script = tmp_path / "guarded.py"
    script.write_text("from badeucey_fast.jobs import local_executor\n"
                      "def main():\n"
                      "    with local_executor(1) as pool:\n"
                      "        print(pool._mp_context.get_start_method())\n"
                      "if __name__ == '__main__':\n"
                      "    main()\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("forkserver", "spawn")




def _interrupt_at_line(n: int, files: tuple[str, ...]) -> Callable[..., Any]:
    """A trace function that raises KeyboardInterrupt (as Ctrl-C would) at the
    ``n``-th line run in ``files``, once.  Not where a ``with`` block exits (the
    trace sees its line again before ``__exit__`` runs, a point a signal cannot
    reach: Python handles signals after ``__exit__`` returns)."""
    count = [0]

    def trace(frame: Any, event: str, arg: Any) -> Any:
        if event != "call" or not frame.f_code.co_filename.endswith(files):
            return None
        lines: set[int] = set()

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event != "line":
                return local
            line = frame.f_lineno
            leaving_with = line in lines and linecache.getline(frame.f_code.co_filename, line).lstrip().startswith("with ")
            lines.add(line)
            if not leaving_with:
                count[0] += 1
                if count[0] == n:
                    sys.settrace(None)
                    raise KeyboardInterrupt
            return local

        return local

    return trace


def _interrupted_job_locks_left(n: int, files: tuple[str, ...], tracer: Callable[..., Any] | None = None) -> bool | None:
    """Run a small job on a thread pool with Ctrl-C at the ``n``-th line run in
    ``files`` (or where ``tracer`` sends it): None if the job ended before that line, else whether every
    future's lock is free afterwards."""
    from concurrent.futures import ThreadPoolExecutor

    futures: list[Any] = []
    with ThreadPoolExecutor(2) as pool:
        submit = pool.submit

        def recorded(*args: Any, **kwargs: Any) -> Any:
            futures.append(submit(*args, **kwargs))
            return futures[-1]

        pool.submit = recorded  # type: ignore[method-assign]
        sys.settrace(tracer or _interrupt_at_line(n, files))
        try:
            run_chunks(interrupt_tasks.quick_or_stuck, [0] * 6, [1] * 6, job={}, executor=pool)
        except JobInterrupted:
            pass
        else:
            return None
        finally:
            sys.settrace(None)
        free: list[bool] = []

        def probe() -> None:  # from another thread: the main thread's own locks are reentrant to it
            for f in futures:
                free.append(f._condition.acquire(timeout=5))
                if free[-1]:
                    f._condition.release()

        prober = threading.Thread(target=probe)
        prober.start()
        prober.join()
        for f, was_free in zip(futures, free):
            if not was_free:  # held by this thread: released, for the pool to end
                f._condition.release()
        return all(free)


def test_ctrl_c_at_any_line_of_the_futures_machinery_leaves_no_future_locked() -> None:
    """Ctrl-C lands wherever the job is, inside concurrent.futures too: at every
    line it runs there, the job is interrupted and every future's lock is free
    afterwards (before, a Ctrl-C inside concurrent.futures.wait, which takes the
    futures' locks one by one, could leave one held, and the pool's own thread then
    blocked for ever on that future at exit)."""
    files = (os.path.join("concurrent", "futures", "_base.py"),)  # the futures and wait(), not a pool's own code
    for n in itertools.count(1):
        free = _interrupted_job_locks_left(n, files)
        if free is None:  # past the job's last line there
            break
        assert free, f"a Ctrl-C at line {n} left a future's lock held"
    assert n > 20  # the trace reached the waiting, not only the start


def _signal_after_lock(n: int) -> Callable[..., Any]:
    """A trace function that sends this process SIGINT (as Ctrl-C would) as the
    ``n``-th lock a ``with`` statement takes (``__enter__`` in threading) has just
    been taken, once: the point where a Ctrl-C that came as the lock was taken
    is handled, before the ``with`` block runs."""
    count = [0]

    def trace(frame: Any, event: str, arg: Any) -> Any:
        if event != "call" or frame.f_code.co_name != "__enter__" or not frame.f_code.co_filename.endswith("threading.py"):
            return None

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "return":
                count[0] += 1
                if count[0] == n:
                    sys.settrace(None)
                    signal.raise_signal(signal.SIGINT)
            return local

        return local

    return trace


def test_ctrl_c_as_a_future_s_lock_is_taken_leaves_no_future_locked() -> None:
    """Ctrl-C that comes as the job takes a future's lock (every lock the job's
    ``with`` statements take, one at a time): the job is interrupted and every
    future's lock is free afterwards (before, the KeyboardInterrupt was raised
    once the lock was taken, before its ``with`` block, which never released it:
    the pool's own thread then blocked for ever on that future at exit)."""
    # Python's own handler for the signal this process sends itself: a suite started in the
    # background by a shell (as CI's lanes are) inherits SIGINT ignored
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for n in itertools.count(1):
            free = _interrupted_job_locks_left(n, (), _signal_after_lock(n))
            if free is None:
                break
            assert free, f"a Ctrl-C as lock {n} was taken left a future's lock held"
    finally:
        signal.signal(signal.SIGINT, handler)
    assert n > 5


# ---- a training interrupted at random moments -------------------------------------


def _train_args(iterations: int, out: Path, checkpoint: Path | None) -> list[str]:
    return ["train", "--game", "badugi", "--buckets", "4", "--iterations", str(iterations), "--seed", "3",
            "--out", str(out)] + (["--checkpoint", str(checkpoint)] if checkpoint is not None else [])


def _train_until_finished(iterations: int, out: Path, checkpoint: Path, rng: np.random.Generator) -> int:
    """``badeucey train`` with a checkpoint, sent SIGINT as soon as its first
    progress report shows the solver running (so that the first run is
    interrupted on any machine), then run again with the same command, each
    run sent SIGINT at a random moment after its first report, until it
    finishes; the number of interruptions."""
    interrupted = 0
    for run in range(100):
        proc = _badeucey(*_train_args(iterations, out, checkpoint), "--progress")
        try:
            _read_until(proc, b"%")  # the solver is running
        except AssertionError:  # finished before its first report (a resumed run near its end)
            pass
        if run:
            time.sleep(float(rng.uniform(0.0, 0.6)))
        proc.send_signal(signal.SIGINT)
        stderr = proc.communicate(timeout=GUARD)[1].decode(errors="replace")
        if proc.returncode == 0:
            return interrupted
        # 130: the command's own status for Ctrl-C; -SIGINT: the signal came as the interpreter ended
        assert proc.returncode in (130, -signal.SIGINT), stderr
        assert "Traceback" not in stderr, stderr
        interrupted += 1
    pytest.fail("the training never finished in 100 runs")


def _check_trainings_resume_bit_identically(tmp_path: Path, tries: int, iterations: int, seed: int) -> None:
    from badeucey_fast.solve import Strategy

    whole = tmp_path / "whole.npz"
    done = subprocess.run([sys.executable, "-m", "badeucey_fast", *_train_args(iterations, whole, None)],
                          capture_output=True, text=True, timeout=600, cwd=TESTS, check=False)
    assert done.returncode == 0, done.stderr
    expected = Strategy.load(whole)
    rng = np.random.default_rng(seed)
    interruptions = 0
    for attempt in range(tries):
        out, checkpoint = tmp_path / f"s{attempt}.npz", tmp_path / f"c{attempt}.ckpt"
        interruptions += _train_until_finished(iterations, out, checkpoint, rng)
        got = Strategy.load(out)
        assert got.iterations == expected.iterations == iterations
        differ = [name for name in ("keys", "offsets", "averages")
                  if not np.array_equal(getattr(got, name), getattr(expected, name))]
        assert not differ, f"try {attempt}: the resumed strategy's {', '.join(differ)} differ from the uninterrupted one's"
    assert interruptions >= tries  # each try was interrupted at least once


def test_training_interrupted_at_random_moments_resumes_bit_identically(tmp_path: Path) -> None:
    """Ctrl-C (a real SIGINT) at random moments of ``badeucey train --checkpoint``,
    then the same command until it finishes: the strategy is the uninterrupted
    run's, array for array (before: a Ctrl-C inside the wait for the solver's
    thread left the solver running while the checkpoint was written, on CPython
    before 3.13).  One try here, through the command line: the invariant at
    many random moments, on every Python CI has, is
    tests/test_training_ctrl_c.py's, in one process."""
    _check_trainings_resume_bit_identically(tmp_path, tries=1, iterations=1000, seed=1)


@pytest.mark.slow
def test_training_interrupted_at_random_moments_resumes_bit_identically_many_times(tmp_path: Path) -> None:
    _check_trainings_resume_bit_identically(tmp_path, tries=6, iterations=4000, seed=2)


# ---- Ctrl-C from a terminal: the whole process group ----------------------------


def _group_members(group: int) -> set[int]:
    """The live processes of a process group (a pool's workers stay in their parent's)."""
    members = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                members.add(int(entry))
    return members


def _check_terminal_ctrl_c_at_random_moments(tmp_path: Path, tries: int, seed: int) -> None:
    """``badeucey chart`` of many chunks with a checkpoint, in a process group of
    its own as a terminal's foreground job is, sent SIGINT to the whole group
    at a random moment (the workers starting, running or sending results), a
    second one soon after in some tries: the command ends within the guard with
    the status of SIGINT and one line, no traceback from it or a worker, and
    leaves no process of its group."""
    rng = np.random.default_rng(seed)
    for attempt in range(tries):
        out, checkpoint = tmp_path / f"c{attempt}.npz", tmp_path / f"c{attempt}.ckpt"
        # 500 chunks of four two-draw hands (a few tenths of a second each): minutes of work, which the
        # command cannot finish before the signal
        proc = subprocess.Popen(
            [sys.executable, "-m", "badeucey_fast", "chart", "--game", "badugi", "--draws", "2", "--limit", "2000",
             "--chunk-size", "4", "--workers", "2", "--checkpoint", str(checkpoint), "--out", str(out)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=TESTS,
            preexec_fn=lambda: (os.setpgid(0, 0), signal.signal(signal.SIGINT, signal.SIG_DFL)))
        try:
            # once the job has started its pool (the forkserver is there: before, Python itself is starting)
            _wait_until(lambda p=proc: len(_group_members(p.pid)) > 1 or p.poll() is not None, "the pool")
            # then as the pool starts its workers, or at any moment of the job
            time.sleep(float(rng.uniform(0.0, 4.0 if attempt % 2 else 0.4)))
            os.killpg(proc.pid, signal.SIGINT)
            if attempt % 3 == 2:  # an impatient user
                time.sleep(float(rng.uniform(0.0, 1.0)))
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGINT)
            try:
                stderr = proc.communicate(timeout=GUARD)[1].decode(errors="replace")
            except subprocess.TimeoutExpired:
                pytest.fail(f"try {attempt}: the command still runs {GUARD:.0f} s after Ctrl-C")
            # 130: the command's status for Ctrl-C; -SIGINT: a second one came once the interpreter had
            # given its signals back to the system, as it ended (a shell reports both as 130)
            assert proc.returncode == 130 or (proc.returncode == -signal.SIGINT and attempt % 3 == 2), (attempt, stderr)
            assert "Traceback" not in stderr and "Exception ignored" not in stderr, (attempt, stderr)
            lines = stderr.strip().splitlines()
            assert lines and lines[-1].startswith("badeucey: interrupted"), (attempt, stderr)
            _wait_until(lambda p=proc: not _group_members(p.pid), f"try {attempt}: the command's processes to end")
        finally:
            for pid in _group_members(proc.pid):
                os.kill(pid, signal.SIGKILL)


def test_terminal_ctrl_c_ends_a_chart_and_its_workers_with_one_line(tmp_path: Path) -> None:
    _check_terminal_ctrl_c_at_random_moments(tmp_path, tries=3, seed=1)


@pytest.mark.slow
def test_terminal_ctrl_c_ends_a_chart_and_its_workers_with_one_line_many_times(tmp_path: Path) -> None:
    _check_terminal_ctrl_c_at_random_moments(tmp_path, tries=20, seed=2)



# ---- the pool's own thread after stop() -------------------------------------------


def test_stop_ends_the_pool_thread_reading_a_killed_worker_s_result() -> None:
    """A worker killed while it sends a result leaves part of a message in the
    pool's result pipe (written here as such a worker would): the pool's thread
    waits for the rest, which no worker will send.  stop() ends that thread too,
    and the process then exits (before: it waited for the thread at exit for
    ever)."""
    code = textwrap.dedent("""
        import os, struct, sys
        sys.path.append(sys.argv[1])
        import interrupt_tasks
        from badeucey_fast.jobs import local_executor

        if __name__ == "__main__":
            pool = local_executor(1)
            pool.submit(interrupt_tasks.quick_or_stuck, 0, None, 600)
            manager = pool._executor_manager_thread
            os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1000) + bytes(10))
            pool.stop()
            print("pool thread alive:", manager.is_alive(), flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code, str(TASKS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=TESTS)
    try:
        stdout, stderr = proc.communicate(timeout=GUARD)
    except subprocess.TimeoutExpired:
        proc.kill()
        stdout, stderr = proc.communicate()
        pytest.fail(f"the process still runs {GUARD:.0f} s after stop(): {stdout.decode()}")
    assert stdout.decode() == "pool thread alive: False\n", stderr.decode()
    assert proc.returncode == 0, stderr.decode()


def test_stop_after_cancels_leaves_the_pool_thread_without_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A job cancels its chunks not started (still in the pool's own list of work)
    and then stops the pool, killing its workers.  Whenever the pool's thread notices
    the dead workers, before or after the shutdown that stop() asks for (here forced
    after: each kill waits for the thread to end), it marks its work failed and ends
    without an error (before, on Python 3.11: InvalidStateError on a cancelled
    future, printed as the thread's traceback)."""
    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    pool = local_executor(1)
    try:
        futures = [pool.submit(interrupt_tasks.quick_or_stuck, c, None, 600) for c in range(6)]
        manager = pool._executor_manager_thread
        assert isinstance(manager, threading.Thread)
        for process in pool._processes.values():
            kill = process.kill

            def kill_then_wait(process: Any = process, kill: Callable[[], None] = kill) -> None:
                kill()
                process.join(GUARD)
                manager.join(GUARD)  # the thread has seen the dead worker before the shutdown

            process.kill = kill_then_wait
        # Once chunk 1 is handed on, chunks 3 to 5 stay in the pool's list (its worker runs one
        # chunk, its call queue holds two): cancelled, they stay there too.
        deadline = time.monotonic() + GUARD
        while not futures[1].running() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [future.cancel() for future in futures[3:]] == [True] * 3
    finally:
        pool.stop()
    assert not manager.is_alive()
    assert errors == []


def test_a_chunk_cancelled_while_the_pool_marks_its_work_failed_leaves_its_thread_without_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker dies; as the pool's thread marks its work failed, the job, seeing the
    first chunk fail, cancels the chunks not started (here at once, from the first
    chunk's done callback, which that thread runs).  The thread leaves the cancelled
    chunk cancelled, marks the others failed and ends without an error (before, on
    Python 3.11: InvalidStateError on the future cancelled after the thread had
    looked, its traceback printed, the pool's queues never closed)."""
    from concurrent.futures.process import BrokenProcessPool

    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    pool = local_executor(1)
    try:
        futures = [pool.submit(interrupt_tasks.quick_or_stuck, c, None, 600) for c in range(6)]
        manager = pool._executor_manager_thread
        assert isinstance(manager, threading.Thread)
        _wait_until(futures[0].running, "the first chunk to run")
        cancelled: list[bool] = []
        futures[0].add_done_callback(lambda f: cancelled.append(futures[4].cancel()))
        for process in list(pool._processes.values()):
            process.kill()
        manager.join(GUARD)
        assert not manager.is_alive(), "the pool's thread still runs"
    finally:
        pool.stop()
    assert errors == []
    assert cancelled == [True] and futures[4].cancelled()
    assert all(isinstance(futures[c].exception(timeout=0), BrokenProcessPool) for c in (0, 1, 2, 3, 5))


def test_stop_twice_and_then_shutdown_is_harmless() -> None:
    """stop() may come again (a second Ctrl-C, a job's cleanup after the command's)
    and the ``with`` block's shutdown after it: the pool stays stopped, no error."""
    errors: list[BaseException | None] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: errors.append(args.exc_value)
    try:
        with local_executor(1) as pool:
            future = pool.submit(interrupt_tasks.quick_or_stuck, 0, None, 600)
            _wait_until(future.running, "the chunk to run")
            manager = pool._executor_manager_thread
            pool.stop()
            pool.stop()
        assert isinstance(manager, threading.Thread) and not manager.is_alive()
        with pytest.raises(RuntimeError):  # (BrokenProcessPool, or "cannot schedule new futures after shutdown")
            pool.submit(interrupt_tasks.quick_or_stuck, 1, None, 0)
        assert future.done()
    finally:
        threading.excepthook = hook
    assert errors == []


def test_stop_after_cancels_of_big_chunks_lets_the_process_exit() -> None:
    """As above, with payloads bigger than a pipe holds: the pool's queue to its
    workers is left writing one to the killed workers, and the process exits all
    the same (before, on Python 3.11: the pool's thread ended on its InvalidStateError
    before it closed that queue, and the process waited at exit for ever for the
    thread that writes to it)."""
    code = textwrap.dedent("""
        import sys, time
        sys.path.append(sys.argv[1])
        import interrupt_tasks
        from badeucey_fast.jobs import local_executor

        if __name__ == "__main__":
            pool = local_executor(1)
            futures = [pool.submit(interrupt_tasks.stuck_with, c, None, bytes(300_000)) for c in range(6)]
            manager = pool._executor_manager_thread
            while not futures[1].running():
                time.sleep(0.01)
            for process in pool._processes.values():
                def kill_then_wait(process=process, kill=process.kill):
                    kill()
                    process.join()
                    manager.join()
                process.kill = kill_then_wait
            for future in futures[3:]:
                future.cancel()
            pool.stop()
            print("stopped", flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code, str(TASKS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=TESTS)
    try:
        stdout, stderr = proc.communicate(timeout=GUARD)
    except subprocess.TimeoutExpired:
        proc.kill()
        stdout, stderr = proc.communicate()
        pytest.fail(f"the process still runs {GUARD:.0f} s after stop(): {stdout.decode()} {stderr.decode()}")
    assert stdout.decode() == "stopped\n", stderr.decode()
    assert proc.returncode == 0 and not stderr, stderr.decode()


# ---- a checkpoint that cannot be written ------------------------------------------


def _run_with_file_size_limit(limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with files limited to ``limit`` bytes (RLIMIT_FSIZE; SIGXFSZ
    ignored, so that a write past it fails with EFBIG as on a full device)."""
    import resource

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "badeucey_fast", *args], capture_output=True, text=True,
                          timeout=600, cwd=TESTS, check=False, preexec_fn=limited)


def _one_line_naming(stderr: str, path: Path) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("badeucey: error: ") and str(path) in lines[0], stderr
    assert "File too large" in lines[0], stderr


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="RLIMIT_FSIZE: POSIX")
def test_train_writes_its_strategy_when_its_checkpoint_cannot_be_written(tmp_path: Path) -> None:
    """The checkpoint (700 KB) cannot be written, the strategy (90 KB) can: it is
    written, and one line names the checkpoint (before: neither, and the error
    named no file)."""
    from badeucey_fast.solve import Strategy

    out, checkpoint = tmp_path / "s.npz", tmp_path / "s.ckpt"
    done = _run_with_file_size_limit(300_000, *_train_args(300, out, checkpoint))
    assert done.returncode == 2, done.stderr  # as when --out cannot be written
    _one_line_naming(done.stderr, checkpoint)
    assert Strategy.load(out).iterations == 300


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="RLIMIT_FSIZE: POSIX")
def test_chart_writes_its_chart_when_its_checkpoint_cannot_be_written(tmp_path: Path) -> None:
    from badeucey_fast.jobs import DiscardChart

    out, checkpoint = tmp_path / "c.npz", tmp_path / "c.ckpt"
    done = _run_with_file_size_limit(150_000, "chart", "--game", "badugi", "--draws", "1", "--limit", "600",
                                     "--chunk-size", "20", "--workers", "2", "--checkpoint", str(checkpoint),
                                     "--out", str(out))
    assert done.returncode == 2, done.stderr  # as when --out cannot be written
    _one_line_naming(done.stderr, checkpoint)
    assert len(DiscardChart.load(out)) == 600
    assert f"wrote {out}" in done.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="RLIMIT_FSIZE: POSIX")
def test_match_prints_its_result_when_its_checkpoint_cannot_be_written(tmp_path: Path) -> None:
    checkpoint = tmp_path / "m.ckpt"
    done = _run_with_file_size_limit(2_000, "match", "--hands", "2000", "--workers", "2", "--seed", "1",
                                     "--checkpoint", str(checkpoint))
    assert done.returncode == 2, done.stderr  # as when --out cannot be written
    _one_line_naming(done.stderr, checkpoint)
    assert "mbb/hand" in done.stdout


# ---- a killed worker ----------------------------------------------------------------


def test_train_chunks_with_a_killed_worker_ends_with_one_line(tmp_path: Path) -> None:
    """SIGKILL of the pool's workers during ``badeucey train --chunks``: one line
    saying a chunk failed, status 1, as chart and match end (before: an uncaught
    JobError traceback)."""
    proc = _badeucey("train", "--game", "badugi", "--buckets", "4", "--iterations", "1000000", "--chunks", "2",
                     "--chunk-iterations", "2000", "--workers", "2", "--seed", "3", "--out", str(tmp_path / "s.npz"),
                     "--checkpoint", str(tmp_path / "s.ckpt"))
    _workers_started(proc, 4)  # the forkserver, the resource tracker, two workers
    time.sleep(0.5)
    workers = {pid for pid in _descendants(proc.pid) if pid not in _children(proc.pid)}
    assert workers
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    stderr = proc.communicate(timeout=GUARD)[1].decode(errors="replace")
    assert proc.returncode == 1, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("badeucey: error: "), stderr
    assert "Traceback" not in stderr


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (a pool's workers are the forkserver's)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return found


def test_a_job_on_a_pool_broken_before_it_is_a_job_error() -> None:
    """A pool whose worker died between two jobs refuses new chunks: a JobError
    naming the chunk (before: the executor's BrokenProcessPool)."""
    with local_executor(1) as pool:
        pool.submit(interrupt_tasks.quick_or_stuck, 0, None, 0).result(timeout=GUARD)
        for process in multiprocessing.active_children():
            process.kill()
        _wait_until(lambda: bool(getattr(pool, "_broken", False)), "the pool to see its worker gone")
        with pytest.raises(jobs.JobError, match=r"chunk 0 of 2 could not be started: BrokenProcessPool"):
            run_chunks(interrupt_tasks.quick_or_stuck, [0, 0], [1, 1], job={}, executor=pool)


# ---- a job of very many chunks ------------------------------------------------------


def test_a_selfplay_of_10_to_the_18_hands_starts_at_once() -> None:
    """The first progress report of ``selfplay(hands=10**18, keep_deals=False)``
    (about 10**14 chunks) comes before any chunk, and Ctrl-C there ends it
    (before: run_chunks summed every chunk's size first, for hours)."""
    code = textwrap.dedent("""
        from badeucey_fast.jobs import InlineExecutor, JobInterrupted
        from badeucey_fast.play.self_play import selfplay

        def stop(progress):
            print(progress.items_total, progress.chunks_total, flush=True)
            raise KeyboardInterrupt

        try:
            selfplay("badugi", ["random", "calling"], 10**18, seed=1, keep_deals=False, executor=InlineExecutor(),
                     progress=stop)
        except JobInterrupted as exc:
            print(exc, flush=True)
    """)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=GUARD, cwd=TESTS,
                              check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"no progress report within {GUARD:.0f} s")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{10**18} {-(-10**18 // 2 // 8192)}",
                                        f"interrupted; 0 of {-(-10**18 // 2 // 8192):,} chunks had finished, none kept "
                                        "(no checkpoint)"]


class _SwallowsCtrlC:
    """Sends this process SIGINT from its finaliser: Python runs the handler there, and a
    KeyboardInterrupt raised in a finaliser is printed and dropped, as in a C extension's
    import or a weakref callback, which the job cannot see into."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # (the dropped KeyboardInterrupt)
def test_a_ctrl_c_whose_keyboard_interrupt_is_swallowed_still_stops_the_job() -> None:
    """A Ctrl-C handled where its KeyboardInterrupt cannot leave (a finaliser) still ends the
    job as interrupted, with its finished chunks, rather than the job running on as if no
    Ctrl-C had come."""
    from concurrent.futures import ThreadPoolExecutor

    reports: list[JobProgress] = []

    def progress(p: JobProgress) -> None:
        reports.append(p)
        if p.chunks_done == 1:
            _SwallowsCtrlC()  # made and dropped at once

    handler = signal.signal(signal.SIGINT, signal.default_int_handler)  # (CI's lanes start with SIGINT ignored)
    try:
        with ThreadPoolExecutor(1) as pool, pytest.raises(JobInterrupted) as stopped:
            run_chunks(interrupt_tasks.quick_or_stuck, [0] + [1] * 9, [1] * 10, job={}, executor=pool, progress=progress)
    finally:
        signal.signal(signal.SIGINT, handler)
    assert 1 <= stopped.value.chunks_done < 10
