"""Running jobs on a Dask cluster (the optional ``dask`` extra)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

DASK_MISSING = (
    "running on a Dask cluster needs dask.distributed, which is not installed: "
    "pip install 'badeucey-fast[dask]' (or pip install 'dask[distributed]')"
)


@contextmanager
def dask_executor(address: str | None = None, **cluster_options: Any) -> Iterator[Executor]:
    """A :class:`concurrent.futures.Executor` on a Dask cluster, for any job's
    ``executor``: ``Client(address).get_executor()``.

    :param address: the scheduler, e.g. ``"tcp://10.0.0.5:8786"`` (start one with
        ``dask scheduler`` and workers with ``dask worker tcp://...``); None to
        start a ``LocalCluster`` for the context and stop it after.
    :param cluster_options: passed to ``LocalCluster`` (``n_workers``,
        ``threads_per_worker``, ``processes``, ...) when ``address`` is None.
    :raises ImportError: naming the ``dask`` extra when dask.distributed is not installed.
    :raises ValueError: for cluster options given with an address.

    Dask reruns the tasks of a worker that dies (up to its
    ``distributed.scheduler.allowed-failures``, 3 by default), so a lost worker
    does not change a job's result.
    """
    if address is not None and cluster_options:
        raise ValueError(f"dask_executor: cluster options {sorted(cluster_options)} only apply without an address")
    if address is not None and not isinstance(address, str):
        raise TypeError(f"dask_executor: address is text such as 'tcp://host:8786', not {type(address).__name__}")
    import importlib

    try:
        distributed: Any = importlib.import_module("distributed")  # untyped: kept as Any
    except ImportError as exc:
        raise ImportError(DASK_MISSING) from exc
    if address is not None:
        with distributed.Client(address) as client:
            yield client.get_executor()
        return
    options = {"threads_per_worker": 1, **cluster_options}  # one process per core: the C loops hold no GIL, Python does
    with distributed.LocalCluster(**options) as cluster, distributed.Client(cluster) as client:
        yield client.get_executor()
