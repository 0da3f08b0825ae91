"""Running jobs on a Dask cluster (the optional ``dask`` extra)."""

from __future__ import annotations

import concurrent.futures as cf
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

DASK_MISSING = (
    "running on a Dask cluster needs dask.distributed, which is not installed: "
    "pip install 'badeucey-fast[dask]' (or pip install 'dask[distributed]')"
)

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a scheduler given by address to answer (Dask's own default
is 30): a scheduler that is up answers at once, so a wrong address or port fails
within seconds."""


@contextmanager
def dask_executor(
    address: str | None = None, *, connect_timeout: float = CONNECT_TIMEOUT, **cluster_options: Any
) -> Iterator[Executor]:
    """A :class:`concurrent.futures.Executor` on a Dask cluster, for any job's
    ``executor``: each call is a ``Client(address).submit`` (:class:`DaskExecutor`).

    :param address: the scheduler, e.g. ``"tcp://10.0.0.5:8786"`` (start one with
        ``dask scheduler`` and workers with ``dask worker tcp://...``); None to
        start a ``LocalCluster`` for the context and stop it after.
    :param connect_timeout: seconds to wait for the scheduler at ``address``
        (default :data:`CONNECT_TIMEOUT`).
    :param cluster_options: passed to ``LocalCluster`` (``n_workers``,
        ``threads_per_worker``, ``processes``, ...) when ``address`` is None.
    :raises ImportError: naming the ``dask`` extra when dask.distributed is not installed.
    :raises ValueError: for cluster options given with an address.
    :raises ConnectionError: when the scheduler at ``address`` does not answer
        within ``connect_timeout`` seconds.

    Dask reruns the tasks of a worker that dies (up to its
    ``distributed.scheduler.allowed-failures``, 3 by default), so a lost worker
    does not change a job's result.
    """
    if address is not None and cluster_options:
        raise ValueError(f"dask_executor: cluster options {sorted(cluster_options)} only apply without an address")
    if address is not None and not isinstance(address, str):
        raise TypeError(f"dask_executor: address is text such as 'tcp://host:8786', not {type(address).__name__}")
    if isinstance(connect_timeout, bool) or not isinstance(connect_timeout, (int, float)) or not connect_timeout > 0:
        raise ValueError(f"dask_executor: connect_timeout is a number of seconds above 0, not {connect_timeout!r}")
    import importlib

    try:
        distributed: Any = importlib.import_module("distributed")  # untyped: kept as Any
    except ImportError as exc:
        raise ImportError(DASK_MISSING) from exc
    if address is not None:
        try:
            client = distributed.Client(address, timeout=connect_timeout)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach the Dask scheduler at {address} within {connect_timeout:g} s ({exc})") from None
        with client:
            yield DaskExecutor(client)  # (no shutdown(wait=True) on the way out: closing the client ends its tasks)
        return
    options = {"threads_per_worker": 1, **cluster_options}  # one process per core: the C loops hold no GIL, Python does
    with distributed.LocalCluster(**options) as cluster, distributed.Client(cluster) as client:
        yield DaskExecutor(client)


class DaskExecutor(Executor):
    """``concurrent.futures`` on a Dask client, through its public API only.

    Why not ``client.get_executor()``: its futures read the task's state twice,
    once to fetch the result and once to judge it, and a worker that dies in
    between (its results are then lost, and rerun) turned a finished chunk into
    ``ValueError: too many values to unpack`` (distributed 2026.8.0, seen once in
    this project's CI).  Here each task's result is read once, with
    ``Future.result()``, which waits for a rerun.
    """

    def __init__(self, client: Any) -> None:
        self._client = client  # (the name submit_window reads a cluster's size from)
        self._tasks: set[Any] = set()
        self._lock = threading.Lock()
        self._shutdown = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        with self._lock:
            if self._shutdown:
                raise RuntimeError("cannot schedule new futures after shutdown")
            task = self._client.submit(fn, *args, pure=False, **kwargs)
            self._tasks.add(task)
        done: cf.Future[Any] = cf.Future()

        def cancel_task(future: cf.Future[Any]) -> None:
            if future.cancelled():
                task.cancel()

        def settle(finished: Any) -> None:  # in a thread of the client's, once the task is done
            with self._lock:
                self._tasks.discard(finished)
            if finished.cancelled():
                done.cancel()
                done.set_running_or_notify_cancel()  # wakes wait() and as_completed()
            elif done.set_running_or_notify_cancel():  # False: the caller cancelled it
                try:
                    done.set_result(finished.result())
                except BaseException as exc:  # noqa: BLE001 - the task's error, for the caller
                    done.set_exception(exc)

        done.add_done_callback(cancel_task)
        task.add_done_callback(settle)
        return done

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._shutdown = True
            tasks = list(self._tasks)
        if cancel_futures or not wait:
            self._client.cancel(tasks)
        elif tasks:
            import importlib

            importlib.import_module("distributed").wait(tasks)
