"""Running a big job in chunks on any :class:`concurrent.futures.Executor`.

The machinery every job shares (discard charts, self-play matches):

- the work is cut into numbered chunks, each run as one task
  ``task(chunk, seed_sequence, payload)`` on the executor;
- a chunk's randomness comes from ``numpy.random.SeedSequence(seed,
  spawn_key=(chunk,))`` and nothing else, and results are combined in chunk
  order, so the answer is bit-identical whatever the executor and however many
  workers ran it (the chunk size is part of a seeded job's definition);
- with a checkpoint file, finished chunks are kept (the file is replaced
  atomically) and skipped when the job is run again, so a killed or failed job
  resumes where it stopped;
- Ctrl-C cancels the chunks not started, stops the running ones on a pool that
  can stop them (the local pool, a Dask cluster), keeps the finished ones in the
  checkpoint and raises :class:`JobInterrupted`, a :class:`KeyboardInterrupt`
  that says how many chunks were kept;
- a worker of the local pool ends by itself when the process that started the
  job ends, however it ends (killed included).

A chunk's result is a dict of numpy arrays, each at least one-dimensional;
checkpoints store them without pickle.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import multiprocessing
import multiprocessing.context
import os
import pickle
import signal
import sys
import threading
import time
import types
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import (
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
)
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from queue import Empty, SimpleQueue
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast, overload

from badeucey_fast._checks import check_count
from badeucey_fast._interrupts import sigint_held

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

ChunkResult = dict[str, "npt.NDArray[Any]"]
"""What one chunk returns: named numpy arrays, each at least one-dimensional."""
ChunkTask = Callable[[int, "np.random.SeedSequence | None", Any], ChunkResult]
"""``task(chunk, seed_sequence, payload)``: a picklable (module-level) function."""

WINDOW_PER_WORKER = 4
"""Chunks kept submitted per worker while a job runs: enough that no worker
waits while the parent collects a result, few enough that a job of millions
of chunks does not hold a future (and its payload, and its result) for each."""
UNKNOWN_WINDOW = 256
"""The window on an executor whose number of workers cannot be read."""
WINDOW_REREAD = 5.0
"""Seconds between readings of the number of workers while a job runs (a Dask
cluster answers over the network; workers may join or leave)."""

CHECKPOINT_FORMAT = "badeucey-fast job checkpoint 2"
CHECKPOINT_INTERVAL = 20.0
"""Seconds between checkpoint writes while a job runs (it is written at the end,
on failure and on Ctrl-C too): a killed job loses at most this much work."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


class JobError(RuntimeError):
    """A chunk of a job failed (its task raised, or a worker died and the
    executor could not rerun it).  Finished chunks are kept in the checkpoint,
    if there is one: run the job again to resume."""


class CheckpointWarning(UserWarning):
    """A job's checkpoint could not be written (a full device, a file-size
    limit, ...).  The job goes on and its result is whole; only resuming from
    the work done since the last checkpoint written is lost."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot write the checkpoint {path}: {reason}; the job goes on without it")
        self.path = path
        """The checkpoint file."""
        self.reason = reason
        """Why it could not be written (the system's words)."""


def keep_checkpoint(path: Path, write: Callable[[], None]) -> bool:
    """``write()``, which writes the checkpoint ``path``: True once written;
    False, with a :class:`CheckpointWarning` naming the file, when it could
    not be (an OSError: a checkpoint only serves to resume, so the job that
    asked for it goes on)."""
    try:
        write()
    except OSError as exc:
        warnings.warn(CheckpointWarning(path, exc.strerror or str(exc)), stacklevel=3)
        return False
    return True


class JobInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a job: the chunks not started were cancelled, the running
    ones stopped where the executor can stop them, and every finished chunk was
    written to the checkpoint, if there is one (run the job again with it to
    resume).  A :class:`KeyboardInterrupt`, so code that stops on Ctrl-C still does."""

    def __init__(self, chunks_done: int, chunks_total: int, checkpoint: Path | None) -> None:
        super().__init__(chunks_done, chunks_total, checkpoint)
        self.chunks_done = chunks_done
        """Chunks finished (those resumed from the checkpoint included)."""
        self.chunks_total = chunks_total
        self.checkpoint = checkpoint
        """The job's checkpoint, which keeps the finished chunks, or None (they are lost)."""

    def __str__(self) -> str:
        done = f"{self.chunks_done:,} of {self.chunks_total:,} chunks"
        if self.checkpoint is None:
            return f"interrupted; {done} had finished, none kept (no checkpoint)"
        if not self.chunks_done:
            return f"interrupted before any of {self.chunks_total:,} chunks finished; nothing kept in {self.checkpoint}"
        return f"interrupted; {done} kept in {self.checkpoint}: run the job again with it to resume"


@dataclass(frozen=True)
class JobProgress:
    """How far a job has got, as passed to a ``progress`` callback after every chunk."""

    chunks_done: int
    chunks_total: int
    items_done: int
    items_total: int
    items_resumed: int
    """Items that were already done in the checkpoint when the job started."""
    elapsed: float
    """Seconds since this run started."""
    unit: str = "items"

    @property
    def fraction(self) -> float:
        """Share of the items done, 0.0 .. 1.0."""
        return self.items_done / self.items_total if self.items_total else 1.0

    @property
    def rate(self) -> float | None:
        """Items a second in this run (resumed items not counted), or None before the first chunk."""
        fresh = self.items_done - self.items_resumed
        return fresh / self.elapsed if fresh and self.elapsed > 0 else None

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left at the current rate, or None before the first chunk."""
        rate = self.rate
        return (self.items_total - self.items_done) / rate if rate else None

    def describe(self) -> str:
        """One line: chunks done, items done, items a second, time left.  A
        report of no chunks (``chunks_total`` 0: a training's iterations) leaves
        the chunks out.

        >>> from badeucey_fast.jobs import JobProgress
        >>> JobProgress(3, 10, 96, 320, 0, 4.0, "hands").describe()
        '3/10 chunks  96/320 hands  24.0 hands/s  time left 0:00:09'
        >>> JobProgress(0, 0, 96, 320, 0, 4.0, "iterations").describe()
        '96/320 iterations  24.0 iterations/s  time left 0:00:09'
        """
        rate = self.rate
        left = self.remaining
        speed = f"{rate:,.1f} {self.unit}/s" if rate is not None else f"- {self.unit}/s"
        eta = _clock(left) if left is not None else "-"
        chunks = f"{self.chunks_done:,}/{self.chunks_total:,} chunks  " if self.chunks_total else ""
        return f"{chunks}{self.items_done:,}/{self.items_total:,} {self.unit}  {speed}  time left {eta}"


def _clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class InlineExecutor(Executor):
    """An executor that runs each task at once, in the caller's thread (serial
    runs, tests, debugging).  ``submit`` returns a finished future."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        future.set_running_or_notify_cancel()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - a task's failure belongs to its future (Ctrl-C propagates)
            future.set_exception(exc)
        return future


def _start_worker() -> None:
    """The local pool's worker initializer.

    Ctrl-C is left to the parent, which cancels the job.  A thread waits for the
    parent to end and then ends the worker: a pool worker otherwise outlives a
    killed parent for ever (it holds its own end of the task queue, so it never
    reads end-of-file), and so do the forkserver and the resource tracker, which
    end only when no worker holds their pipes any longer.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back while the worker started (sigint_held): ignored from now on
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="badeucey-parent-watch", daemon=True).start()


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns when the parent's end of the process's pipe closes: the parent has ended
    os._exit(1)


def _unguarded_line() -> int | None:
    """The line of the running script's top level (outside its ``if __name__ ==
    "__main__":`` block) that is starting a job now, or None.

    A worker started afresh imports the script again; top-level code would then
    start the job again inside the worker, which multiprocessing refuses (its
    ``freeze_support()`` error) and the pool breaks.
    """
    main = sys.modules.get("__main__")
    main_file = getattr(main, "__file__", None)
    if main_file is None or not os.path.isfile(main_file):
        return None
    spec_name = getattr(getattr(main, "__spec__", None), "name", None) or ""
    if spec_name.rpartition(".")[2] == "__main__":  # python -m package: workers do not run its __main__ again
        return None
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_code.co_name == "<module>" and frame.f_globals is vars(main)):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    line = frame.f_lineno
    try:
        with open(main_file, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, ast.If) and _is_main_guard(node.test) and node.lineno <= line <= (node.end_lineno or line):
            return None
    return line


def _is_main_guard(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = {ast.dump(test.left), ast.dump(test.comparators[0])}
    return sides == {ast.dump(ast.Name("__name__", ast.Load())), ast.dump(ast.Constant("__main__"))}


def _start_method() -> multiprocessing.context.BaseContext:
    """How the default pool starts its workers: ``forkserver`` where the platform
    has it, else the platform's default (``spawn`` on Windows).

    Not ``fork``: forking a process that runs other threads (a test runner, a
    notebook, a Dask client, a sanitizer's allocator) can copy a lock held by one of
    them into the child, which then waits on it forever. A worker imports what it
    runs afresh instead, the script too (under its ``if __name__ == "__main__":``
    guard), as with any spawned process pool. The one exception is a script read
    from stdin (``python -``): a ``__main__`` whose ``__file__`` is no file cannot be
    imported again, so its workers are forked, the only way it can have any.
    A script that starts the job from its top level, outside the guard, would
    start it again in each worker: its workers are forked too, while the process
    runs no other thread (a fork is then safe); otherwise the job is refused
    before any work with a ``RuntimeError`` that says to add the guard.
    """
    main_file = getattr(sys.modules.get("__main__"), "__file__", None)
    if main_file is not None and not os.path.isfile(main_file) and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    line = _unguarded_line()
    if line is not None:
        if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
            return multiprocessing.get_context("fork")
        raise RuntimeError(
            f"{main_file} starts a job on the process pool at its top level (line {line}), which each worker "
            'would run again: put that code under `if __name__ == "__main__":`'
        )
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


class _MainFinder(pickle.Pickler):
    """Pickles into a scratch buffer, noting the classes and functions defined in ``__main__``."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), protocol=pickle.HIGHEST_PROTOCOL)
        self.found: set[str] = set()

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, (type, types.FunctionType)) and getattr(obj, "__module__", None) == "__main__":
            self.found.add(obj.__qualname__)
        return NotImplemented  # pickled as usual


def unsendable(obj: object, start_method: str) -> str | None:
    """Why ``obj`` cannot reach a worker process started by ``start_method``
    (``"fork"``, ``"forkserver"``, ``"spawn"``), or None when it can.

    A worker unpickles what it is sent by importing the modules named in it. A class
    or function of an interactive session (a REPL, a notebook, ``python -c``) lives in
    a ``__main__`` with no file, which a worker cannot import: its unpickling would
    fail in the worker and break the pool, so it is caught here. (A script's
    ``__main__`` is imported again by each worker, under the usual ``if __name__ ==
    "__main__":`` guard; one read from stdin gets forked workers, which have it.)
    """
    finder = _MainFinder()
    try:
        finder.dump(obj)
    except Exception as exc:  # noqa: BLE001 - whatever pickle raises means the same thing here
        return f"{type(exc).__name__}: {exc}"
    interactive = getattr(sys.modules.get("__main__"), "__file__", None) is None
    if finder.found and interactive and start_method != "fork":  # a forked worker has this __main__
        names = ", ".join(sorted(finder.found))
        return f"{names} is defined in an interactive session (__main__ has no file), which worker processes cannot import"
    return None


@contextmanager
def _sigint_noted() -> Iterator[Callable[[], bool]]:
    """Ctrl-C noted as well as raised while the block runs: yields a function
    that says whether one came.

    Python's handler may run where its KeyboardInterrupt cannot leave: in a
    finaliser or a weakref callback (printed as "Exception ignored" and
    dropped), or in a C extension's import that clears it.  The job then looks
    at the note and stops all the same.  The handler in place (Python's own or
    the caller's) still runs; nothing changes outside the main thread, or when
    SIGINT is ignored or left to the system.
    """
    came: list[bool] = []
    handler = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(handler):
        yield lambda: False
        return
    run_handler = cast(Callable[[int, Any], Any], handler)

    def noted(signum: int, frame: Any) -> Any:
        came.append(True)
        return run_handler(signum, frame)

    signal.signal(signal.SIGINT, noted)
    try:
        yield lambda: bool(came)
    finally:
        signal.signal(signal.SIGINT, handler)


if sys.version_info < (3, 12):
    from concurrent.futures import process as _process

    class _ManagerThread(_process._ExecutorManagerThread):
        """Python 3.11's thread of a process pool, which marks its work failed when
        a worker dies as 3.12's does: a future cancelled in the meantime is left
        cancelled.  3.11's own raises InvalidStateError on it, which ends the
        thread with a traceback and leaves the pool's queues open: so after
        :meth:`LocalPool.stop` whenever the thread sees the killed workers before
        the shutdown that cancels the work not started (a job cancels its futures
        first, and those beyond the call queue are still in the thread's list of
        work), and whenever a job cancels its chunks not started as the first
        failed chunk wakes it, while this thread is still marking the others.

        The pool is marked broken first, under the lock ``submit`` takes (no
        chunk is added to the list after), then each future failed, one
        cancelled in between left as it is; 3.11's own then finds no work left
        to mark and ends the workers and queues."""

        def terminate_broken(self, cause: Any) -> None:
            failure = _process.BrokenProcessPool(
                "A process in the process pool was terminated abruptly while the future was running or pending.")
            if cause is not None:  # the worker's formatted traceback, as 3.11's own gives it
                remote: Any = _process._RemoteTraceback
                failure.__cause__ = remote(f"\n'''\n{''.join(cause)}'''")
            with self.shutdown_lock:  # from now on, no chunk is submitted: the list of work stays as it is
                executor = self.executor_reference()
                if executor is not None:
                    executor._broken = "A child process terminated abruptly, the process pool is not usable anymore"
                    executor._shutdown_thread = True
                    executor = None
            for work_item in self.pending_work_items.values():  # (their callbacks run here, the lock free)
                try:
                    work_item.future.set_exception(failure)
                except InvalidStateError:  # cancelled meanwhile (the job's own thread): left cancelled
                    pass
            self.pending_work_items.clear()
            super().terminate_broken(cause)


class LocalPool(ProcessPoolExecutor):
    """The local process pool of :func:`local_executor`: a
    :class:`~concurrent.futures.ProcessPoolExecutor` whose workers end by
    themselves when the process that started them ends, and that a job stops on
    Ctrl-C (:meth:`stop`)."""

    _stopped = False

    def stop(self) -> None:
        """Kill the workers, cancelling every task (the running ones too); the pool
        cannot run tasks after this."""
        self._stopped = True
        # ProcessPoolExecutor's own, private attributes (read with a fallback)
        processes = dict(getattr(self, "_processes", None) or {})
        manager = getattr(self, "_executor_manager_thread", None)
        results = getattr(self, "_result_queue", None)
        for process in processes.values():
            process.kill()
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            process.join(timeout=5)
        # A worker killed while it sent a result left part of a message, whose rest
        # the pool's thread would wait for as long as a writer of the pipe is open:
        # with every worker gone, this process's own end is the last (it never
        # writes there), and closed, the thread reads end-of-file and ends.
        writer = getattr(results, "_writer", None)
        if writer is not None and not any(process.is_alive() for process in processes.values()):
            writer.close()
        # The pool's thread closes its wake-up pipe as it ends; joined here, it is not
        # closing it while concurrent.futures' exit hook writes to it (an OSError
        # "Bad file descriptor" printed as the process ends).
        if isinstance(manager, threading.Thread) and manager is not threading.current_thread():
            manager.join(timeout=5)

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        """As :meth:`ProcessPoolExecutor.submit`, which starts the workers (and
        the pool's thread) as they are needed: with SIGINT held back
        (:func:`sigint_held`), so that they never see a terminal's Ctrl-C."""
        with sigint_held():
            return super().submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait=wait and not self._stopped, cancel_futures=cancel_futures)

    if sys.version_info < (3, 12):

        def _start_executor_manager_thread(self) -> None:
            # Python 3.11's own (concurrent.futures.process), with the thread above
            if self._executor_manager_thread is None:
                if not self._safe_to_dynamically_spawn_children:  # (fork)
                    self._launch_processes()
                self._executor_manager_thread = _ManagerThread(self)
                self._executor_manager_thread.start()
                _process._threads_wakeups[self._executor_manager_thread] = self._executor_manager_thread_wakeup


def local_executor(workers: int | None = None) -> LocalPool:
    """A process pool over ``workers`` local processes (default: every core),
    started by ``forkserver`` where the platform has it (never by ``fork``, which
    can hang a worker of a process that runs threads). Tasks and payloads reach the
    workers pickled; a task is a module-level function.

    Its workers end by themselves when this process ends, however it ends. Ctrl-C
    during a job stops them (the running chunks are cancelled, see
    :func:`run_chunks`): the pool runs nothing more after that.

    :raises TypeError: for ``workers`` that is not an integer (a bool included).
    :raises ValueError: for fewer than one worker.
    :raises RuntimeError: when a script starts it from its top level, outside
        ``if __name__ == "__main__":``, and its workers cannot be forked.
    """
    if workers is None:
        workers = os.cpu_count() or 1
    workers = check_count(workers, "workers")
    return LocalPool(max_workers=workers, mp_context=_start_method(), initializer=_start_worker)


def submit_window(pool: Executor) -> int:
    """How many chunks to keep submitted on ``pool``: one at a time inline,
    :data:`WINDOW_PER_WORKER` per worker of a process or thread pool or of a Dask
    cluster (read again every :data:`WINDOW_REREAD` seconds as a job runs), else
    :data:`UNKNOWN_WINDOW`."""
    if isinstance(pool, InlineExecutor):
        return 1  # one chunk at a time, saved as it goes
    workers = getattr(pool, "_max_workers", None)  # ProcessPoolExecutor, ThreadPoolExecutor
    client = getattr(pool, "_client", None)  # DaskExecutor, and distributed's own ClientExecutor
    if workers is None and client is not None and hasattr(client, "nthreads"):
        try:
            workers = sum(client.nthreads().values())
        except Exception:  # noqa: BLE001 - a scheduler that does not answer: the fallback window
            workers = None
    if isinstance(workers, int) and not isinstance(workers, bool) and workers > 0:
        return WINDOW_PER_WORKER * workers
    return UNKNOWN_WINDOW


class EvenChunks(Sequence[int]):
    """The sizes of chunks of ``per_chunk`` items each (the last one the rest)
    of ``items`` in all, every item counting ``weight`` (e.g. a deal's hands):
    made when asked, and summed by arithmetic (:attr:`total`), so that a job of
    any number of chunks starts at once.

    >>> from badeucey_fast._jobrun import EvenChunks
    >>> sizes = EvenChunks(10, 4, 2)
    >>> list(sizes), sizes.total
    ([8, 8, 4], 20)
    """

    def __init__(self, items: int, per_chunk: int, weight: int = 1) -> None:
        self.items, self.per_chunk, self.weight = items, per_chunk, weight
        self.total = items * weight
        """The sum of the sizes."""

    def __len__(self) -> int:
        return -(-self.items // self.per_chunk)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[c] for c in range(len(self))[index]]
        c = range(len(self))[index]  # IndexError past the end
        return min(self.per_chunk, self.items - c * self.per_chunk) * self.weight


def chunk_seed(seed: int | None, chunk: int) -> np.random.SeedSequence | None:
    """The randomness of one chunk: ``SeedSequence(seed, spawn_key=(chunk,))``
    (None for a job without a seed)."""
    if seed is None:
        return None
    import numpy as np

    return np.random.SeedSequence(seed, spawn_key=(chunk,))


def check_chunk_size(chunk_size: object) -> int:
    """Hands a chunk: a count (:mod:`badeucey_fast._checks`)."""
    return check_count(chunk_size, "chunk_size")


# ---- checkpoints ---------------------------------------------------------------


def _job_text(job: Mapping[str, Any]) -> str:
    return json.dumps(dict(job), sort_keys=True)


def read_checkpoint(path: Path, job: Mapping[str, Any]) -> dict[int, ChunkResult]:
    """The finished chunks kept in a checkpoint (none if the file does not exist).

    The path is checked first, as the job will write there: its folder must
    exist and take a new file, and it must not be a symbolic link, folder or
    device.  The file's checksums, and every array's name, dtype and shape,
    are checked (see :mod:`badeucey_fast._storage`).

    :raises ValueError: for a path that cannot be written, a file that is not a
        checkpoint, is damaged, was written by an earlier version without
        checksums, or belongs to another job.
    """
    import numpy as np

    from badeucey_fast._storage import check_output_path, read_arrays

    where = f"checkpoint {path}"
    check_output_path(path, "checkpoint")
    if not path.exists():
        return {}
    meta, arrays = read_arrays(path, kind=CHECKPOINT_FORMAT, where=where, unreadable="checkpoint file",
                               legacy="__header__")
    if meta.get("job") != _job_text(job):
        raise ValueError(
            f"checkpoint {path} belongs to another job ({meta.get('job')}); "
            f"this job is {_job_text(job)}: remove the file or name another"
        )
    chunk_array = arrays.pop("__chunks__", None)
    if chunk_array is None or chunk_array.dtype != np.int64 or chunk_array.ndim != 1:
        raise ValueError(f"{where}: damaged (no list of chunks)")
    chunks = chunk_array.tolist()
    if len(set(chunks)) != len(chunks) or any(c < 0 for c in chunks):
        raise ValueError(f"{where}: damaged (the list of chunks repeats a chunk or has a negative one)")
    names = [n for n in arrays if not n.endswith("@lengths")]
    if len(names) * 2 != len(arrays):
        raise ValueError(f"{where}: damaged (arrays without their chunk lengths)")
    out: dict[int, ChunkResult] = {c: {} for c in chunks}
    for name in names:
        values, lengths = arrays[name], arrays.get(f"{name}@lengths")
        if (lengths is None or lengths.dtype != np.int64 or lengths.shape != (len(chunks),) or values.ndim < 1
                or bool((lengths < 0).any()) or int(lengths.sum()) != len(values)):
            raise ValueError(f"{where}: damaged (array {name!r} does not match its chunks)")
        values = values.copy()  # writable, as a chunk's fresh result is
        start = 0
        for chunk, length in zip(chunks, lengths.tolist()):
            out[chunk][name] = values[start : start + length]
            start += length
    return out


def write_checkpoint(path: Path, job: Mapping[str, Any], done: Mapping[int, ChunkResult]) -> None:
    """Keep the finished chunks in ``path``: written to a temporary file of a
    unique name in the same folder, then renamed over the old one, so a kill
    leaves the old or the new checkpoint, never a partial one, and jobs in
    several threads or processes sharing the path never share a temporary file."""
    import numpy as np

    from badeucey_fast._storage import write_arrays

    chunks = sorted(done)
    arrays: dict[str, Any] = {"__chunks__": np.array(chunks, dtype=np.int64)}
    names = sorted({name for result in done.values() for name in result})
    for name in names:
        parts = [done[c][name] for c in chunks]
        arrays[name] = np.concatenate(parts) if parts else np.zeros(0)
        arrays[f"{name}@lengths"] = np.array([len(p) for p in parts], dtype=np.int64)
    write_arrays(path, arrays, kind=CHECKPOINT_FORMAT, meta={"job": _job_text(job)}, what="checkpoint")


def _check_result(result: object, chunk: int) -> ChunkResult:
    import numpy as np

    if not isinstance(result, dict) or not all(
        isinstance(k, str) and "@" not in k and not k.startswith("__") and isinstance(v, np.ndarray) and v.ndim >= 1
        for k, v in result.items()
    ):
        raise JobError(f"chunk {chunk} returned {type(result).__name__}, not a dict of named 1-d+ numpy arrays")
    return result


# ---- running -------------------------------------------------------------------


def _take_finished(finished: SimpleQueue[Future[ChunkResult]], timeout: float) -> list[Future[ChunkResult]]:
    """The futures finished so far: waits up to ``timeout`` seconds for the first."""
    try:
        taken = [finished.get(timeout=timeout)]
    except Empty:
        return []
    while True:
        try:
            taken.append(finished.get_nowait())
        except Empty:
            return taken


def run_chunks(
    task: ChunkTask,
    payloads: Sequence[Any],
    sizes: Sequence[int],
    *,
    job: Mapping[str, Any],
    seed: int | None = None,
    executor: Executor | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[JobProgress], None] | None = None,
    unit: str = "items",
    checkpoint_interval: float = CHECKPOINT_INTERVAL,
) -> list[ChunkResult]:
    """Run ``task(chunk, chunk_seed(seed, chunk), payloads[chunk])`` for every
    chunk and return the results in chunk order.

    :param task: a module-level function (it is pickled by reference).
    :param payloads: one picklable payload a chunk.
    :param sizes: how many items each chunk holds (for progress); an
        :class:`EvenChunks` is summed without reading every chunk's.
    :param job: what identifies the job (JSON-ready): a checkpoint of another
        job is refused.
    :param seed: the job's seed (None: the chunks get no seed sequence).
    :param executor: any executor; None for a process pool over all local
        cores, started and shut down here.
    :param checkpoint: a file that keeps finished chunks; chunks found in it
        are not run again.
    :param progress: called with a :class:`JobProgress` at the start and after
        each chunk.
    :raises JobError: when a chunk fails (the finished chunks are kept).
    :warns CheckpointWarning: when the checkpoint cannot be written (named,
        with the reason): the job goes on, and returns its whole result.
    :raises JobInterrupted: on Ctrl-C, once the chunks not started are cancelled,
        the running ones stopped (on a :class:`LocalPool`, ``executor=None``
        included, its workers are killed; on Dask the tasks are cancelled; any
        other executor's running tasks are left to finish, unawaited) and the
        finished ones saved in the checkpoint.
    :raises ValueError: for a damaged checkpoint or one of another job.
    :raises TypeError: on a process pool (``executor=None`` included), for a task
        or payload that its workers could not import or unpickle.
    """
    if len(payloads) != len(sizes):
        raise ValueError("run_chunks: one size a payload")
    path = Path(checkpoint) if checkpoint is not None else None
    done: dict[int, ChunkResult] = read_checkpoint(path, job) if path is not None else {}
    stale = [c for c in done if not 0 <= c < len(payloads)]
    if stale:
        raise ValueError(f"checkpoint {path}: holds chunk {stale[0]}, which this job does not have")
    todo = (c for c in range(len(payloads)) if c not in done)  # made as submitted: a job of any length
    first = next(todo, None)
    items_total = sizes.total if isinstance(sizes, EvenChunks) else sum(sizes)  # (of 10**14 chunks: at once)
    resumed = sum(sizes[c] for c in done)
    start = time.monotonic()
    counts = {"chunks": len(done), "items": resumed}

    def report() -> None:
        if progress is not None:
            progress(JobProgress(counts["chunks"], len(payloads), counts["items"], items_total, resumed,
                                 time.monotonic() - start, unit))

    if first is None:
        report()
        return [done[c] for c in range(len(payloads))]
    own = executor is None
    # What a process pool's workers cannot import is caught here, not as a broken pool
    # (ProcessPoolExecutor's context: a private attribute, read with a fallback).
    context = _start_method() if own else getattr(executor, "_mp_context", None) if isinstance(executor, ProcessPoolExecutor) else None
    if isinstance(context, multiprocessing.context.BaseContext):
        reason = unsendable((task, payloads[first]), context.get_start_method())
        if reason is not None:
            which = "the local process pool (executor=None)" if own else "the process pool's workers"
            raise TypeError(f"the job cannot be sent to {which}: {reason}; "
                            "pass executor=InlineExecutor() (from badeucey_fast.jobs) to run it in this process")
    # numpy.random is imported here, not by the first chunk_seed among the chunks' submits: a Ctrl-C inside
    # the import of its compiled modules is lost (the KeyboardInterrupt does not leave them), and the job
    # then runs on with the pool's workers as if no Ctrl-C had come.
    first_seed = chunk_seed(seed, first)
    pool: Executor = local_executor() if executor is None else executor
    pending: dict[Future[ChunkResult], int] = {}
    # Futures report themselves here as they finish.  Not concurrent.futures.wait():
    # a Ctrl-C inside it can leave a future's lock held (it takes them one by one),
    # and then the pool's own thread blocks for ever on that future at exit.
    finished_queue: SimpleQueue[Future[ChunkResult]] = SimpleQueue()
    queue = itertools.chain((first,), todo)
    unsaved = False
    kept = True  # the checkpoint's last write succeeded (else a CheckpointWarning said so)
    last_save = time.monotonic()
    window, window_read = submit_window(pool), time.monotonic()  # a bounded window, refilled as chunks finish
    interrupted = False
    with _sigint_noted() as ctrl_c:
        try:
            report()
            while True:
                if time.monotonic() - window_read >= WINDOW_REREAD:  # a cluster may have grown or shrunk
                    window, window_read = submit_window(pool), time.monotonic()
                for c in queue if len(pending) < window else ():
                    try:
                        with sigint_held():  # (the pool's and the future's locks, see below)
                            future = pool.submit(task, c, first_seed if c == first else chunk_seed(seed, c), payloads[c])
                            pending[future] = c
                            future.add_done_callback(finished_queue.put)
                    except BrokenExecutor as broken:  # a worker died since the last chunk: a chunk failed, as below
                        where = f"; {len(done)} finished chunk(s) kept in {path}: run again to resume" if path else ""
                        raise JobError(f"chunk {c} of {len(payloads)} could not be started: {type(broken).__name__}: "
                                       f"{broken}{where}") from broken
                    if len(pending) >= window:
                        break
                if not pending:
                    break
                finished = _take_finished(finished_queue, checkpoint_interval)
                failed: tuple[int, BaseException] | None = None
                for future in sorted((f for f in finished if f in pending), key=pending.__getitem__):
                    c = pending.pop(future)
                    # A future's methods take its lock in a with statement: a Ctrl-C handled just after the lock is
                    # taken, before the block, would leave it held, and the pool's thread would wait for it for ever
                    # (at exit).  Held back meanwhile, it is handled as the block ends.
                    with sigint_held():
                        error = CancelledError(f"chunk {c} was cancelled") if future.cancelled() else future.exception()
                        result = future.result() if error is None else None
                    if error is not None:
                        failed = failed or (c, error)
                        continue
                    done[c] = _check_result(result, c)
                    unsaved = True
                    counts["chunks"] += 1
                    counts["items"] += sizes[c]
                    report()
                if failed is not None:
                    c, exc = failed
                    where = f"; {len(done)} finished chunk(s) kept in {path}: run again to resume" if path else ""
                    raise JobError(f"chunk {c} of {len(payloads)} failed: {type(exc).__name__}: {exc}{where}") from exc
                if ctrl_c():  # a Ctrl-C whose KeyboardInterrupt was dropped where it was raised
                    raise KeyboardInterrupt
                if path is not None and unsaved and time.monotonic() - last_save >= checkpoint_interval:
                    kept = keep_checkpoint(path, lambda: write_checkpoint(path, job, done))
                    unsaved, last_save = False, time.monotonic()
            if path is not None and unsaved:  # every chunk, saved before the job returns (a Ctrl-C here is caught)
                kept = keep_checkpoint(path, lambda: write_checkpoint(path, job, done))
                unsaved = False
        except KeyboardInterrupt:
            interrupted = True  # raised as a JobInterrupted below, once the finished chunks are saved
        finally:
            with sigint_held():  # (a future's lock, as above)
                for future in pending:
                    future.cancel()  # (a Dask task is cancelled with its future, running or not)
                finished_late = {c: future.result() for future, c in pending.items() if interrupted
                                 and future.done() and not future.cancelled() and future.exception() is None}
            if interrupted:
                for c, result in finished_late.items():  # finished since the last look: kept too
                    try:
                        done[c] = _check_result(result, c)
                        unsaved = True
                    except JobError:
                        pass
                if isinstance(pool, LocalPool):
                    pool.stop()  # the running chunks: their workers are killed, not waited for
            if path is not None and unsaved:
                kept = keep_checkpoint(path, lambda: write_checkpoint(path, job, done))
            if own:
                pool.shutdown(wait=not pending, cancel_futures=True)
    if interrupted:
        raise JobInterrupted(len(done), len(payloads), path if kept else None)
    return [done[c] for c in range(len(payloads))]
