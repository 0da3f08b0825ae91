"""Ctrl-C around C runs and worker processes: holding it back while a thread or
a process starts, and waiting for a C run in a worker thread so that it is seen
at once.

A KeyboardInterrupt handled between a lock being taken in a ``with`` statement
and the block that releases it leaves the lock held.  So the code that must
survive Ctrl-C at any step never makes its worker wait for it: the worker's
outcome is a list it appends to (atomic), and it then releases a lock the waiting
thread wakes on (a release never waits, whoever holds the lock).  (Not
``Thread.join`` either: before Python 3.13, a KeyboardInterrupt inside it marks a
thread that still runs as ended, and a later ``join`` returns at once.)
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

T = TypeVar("T")

POLL = 0.05
"""Seconds between two calls of ``while_waiting`` while a worker thread runs (its
end wakes the waiting thread at once)."""


@contextmanager
def sigint_held() -> Iterator[None]:
    """Ctrl-C held back while the block runs, which starts processes or takes
    locks in ``with`` statements (a future's: a KeyboardInterrupt handled just
    after such a lock is taken, before its block, leaves it held).

    SIGINT is blocked in this thread, and a process started meanwhile inherits
    the mask: a terminal's Ctrl-C, which reaches the whole process group, then
    cannot interrupt a worker, or the forkserver, as it imports its modules (a
    KeyboardInterrupt traceback of theirs under the command's own line); a
    worker ignores SIGINT once started (:func:`~badeucey_fast._jobrun._start_worker`), the forkserver
    ignores it by itself.  In the main thread, Python's handler is deferred
    too (the signal may reach another thread, and Python runs its handler in
    the main thread all the same): a KeyboardInterrupt inside the start of a
    process would leave it running unknown to the pool, which then cannot end
    it.  A Ctrl-C meanwhile is handled when the block ends.
    """
    if not hasattr(signal, "pthread_sigmask"):  # (Windows: no process groups to signal)
        yield
        return
    came: list[Any] = []
    handler = signal.getsignal(signal.SIGINT)
    deferred = threading.current_thread() is threading.main_thread() and callable(handler)
    run_handler = cast(Callable[[int, Any], Any], handler)
    if deferred:
        signal.signal(signal.SIGINT, lambda signum, frame: came.append(frame))
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
        if deferred:
            signal.signal(signal.SIGINT, handler)
            if came:
                run_handler(signal.SIGINT, came[0])


def run_in_thread(work: Callable[[], T], stop: Any, *, name: str, while_waiting: Callable[[], object] | None = None) -> T:
    """``work()`` in a daemon worker thread while this one waits, so that Ctrl-C
    is seen at once; its result, or what it raised.

    ``work`` is a C run that polls ``stop[0]`` (an ``int *`` or a list), and the
    C core releases the GIL meanwhile.  A KeyboardInterrupt (or whatever
    ``while_waiting``, called between looks, raises) sets ``stop[0]``, waits until
    ``work`` has returned (nothing writes the run's buffers any longer; a further
    Ctrl-C waits on), and propagates.  The thread starts with Ctrl-C held back
    (:func:`sigint_held`): a KeyboardInterrupt inside ``Thread.start`` could not
    tell whether there is a thread to wait for."""
    outcome: list[tuple[bool, Any]] = []
    ended = threading.Lock()
    ended.acquire()  # released by the worker once its outcome is in

    def worker() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            outcome.append((False, exc))
        finally:
            ended.release()

    thread = threading.Thread(target=worker, name=name, daemon=True)
    try:
        with sigint_held():
            thread.start()
        while not outcome:
            ended.acquire(timeout=POLL)
            if while_waiting is not None:
                while_waiting()
    except BaseException:
        stop[0] = 1
        if thread.ident is not None:  # it started (a thread has its ident before start() returns)
            _wait_through_interrupts(outcome, ended)
        raise
    ok, value = outcome[0]
    if not ok:
        raise value
    return cast(T, value)


def _wait_through_interrupts(outcome: list[Any], ended: threading.Lock) -> None:
    """Wait until the worker has put its outcome, a further Ctrl-C included."""
    while not outcome:
        try:
            ended.acquire(timeout=POLL)
        except KeyboardInterrupt:
            continue
