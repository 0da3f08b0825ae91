"""Big jobs: exact discard charts for every starting hand (and, through the
same machinery, long self-play matches), on all local cores by default or on
any :class:`concurrent.futures.Executor`, such as a Dask cluster's.

>>> from badeucey_fast.jobs import InlineExecutor, discard_chart
>>> chart = discard_chart("badugi", hands=["As 2c 3d Ks"], executor=InlineExecutor())
>>> len(chart), chart.best("Ks 3d 2c As").discard      # any suit permutation, its own cards
(1, (47,))
>>> discard_chart("badugi", draws=4)
Traceback (most recent call last):
...
ValueError: draws must be 1..3, got 4

How a job runs (:func:`run_chunks`): the work is cut into chunks of a size
that never depends on the executor; chunk ``c`` gets its randomness from
``numpy.random.SeedSequence(seed, spawn_key=(c,))``; results are combined in
chunk order, so the answer is bit-identical whatever the executor and the
number of workers.  ``executor=None`` is a process pool over every local core
(nothing to install or start), whose workers are started by ``forkserver``,
never forked (see :func:`local_executor`): a script that runs a job on it needs
the usual ``if __name__ == "__main__":`` guard, and a bot or task class of an
interactive session is refused with a ``TypeError`` (run it with
:class:`InlineExecutor`, or define it in a module); :func:`dask_executor` gives
one on a Dask cluster.  With ``checkpoint=path`` finished chunks are kept in a file
(replaced atomically) and skipped when the job runs again; Ctrl-C cancels the
chunks not started, stops the running ones (on the local pool and on Dask),
keeps the finished ones and raises :class:`JobInterrupted` (a
``KeyboardInterrupt``) saying how many were kept.  The local pool's workers end
by themselves when the process that started them ends, however it ends.

**Canonical hands.**  Suit names do not change a hand's ranks or draws, so a
chart has one row per class of hands under the 24 relabellings of the suits:
134,459 of the 2,598,960 five-card hands, 16,432 of the 270,725 four-card
hands.  A class's canonical hand is the relabelling whose card mask (bit
``id`` per card) is the smallest integer, i.e. with its cards sorted from the
highest id down, the lexicographically smallest list of ids.
"""

from badeucey_fast._canonical import CANONICAL_COUNTS, canonical, canonical_hands
from badeucey_fast._chart import (
    DEFAULT_CHUNK_SIZE,
    DEFAULT_SEED,
    ChartOption,
    DiscardChart,
    discard_chart,
)
from badeucey_fast._dask import dask_executor
from badeucey_fast._jobrun import (
    CHECKPOINT_INTERVAL,
    CheckpointWarning,
    ChunkResult,
    InlineExecutor,
    JobError,
    JobInterrupted,
    JobProgress,
    LocalPool,
    chunk_seed,
    local_executor,
    run_chunks,
)

__all__ = [
    "CANONICAL_COUNTS",
    "CHECKPOINT_INTERVAL",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_SEED",
    "ChartOption",
    "CheckpointWarning",
    "ChunkResult",
    "DiscardChart",
    "InlineExecutor",
    "JobError",
    "JobInterrupted",
    "JobProgress",
    "LocalPool",
    "canonical",
    "canonical_hands",
    "chunk_seed",
    "dask_executor",
    "discard_chart",
    "local_executor",
    "run_chunks",
]
