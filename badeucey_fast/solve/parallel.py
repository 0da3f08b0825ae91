"""Training on the job runner: rounds of chunks run from one state and merged
in chunk order (docs/training.rst, "Training on many cores").

Round ``r`` starts from the merged state after ``r`` rounds: each of its
``chunks`` chunks runs its iterations from that state with its own generator
(seeded from ``SeedSequence(seed, spawn_key=(r,))`` and the chunk's number, as
:func:`~badeucey_fast.jobs.run_chunks` derives it) and returns what it changed.
The merge adds every chunk's changes to the regrets and average strategy of
the state (chunk 0 first) and appends the information sets the chunks met
first, in chunk order.  Chunk ``c`` weighs its iterations as if the chunks
before it had run first (linear weights continue across them).  The result
depends on the seed, ``chunks`` and ``chunk_iterations``, never on the
executor or its workers.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from badeucey_fast._native import cfr, ffi, status_text
from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.strategy import abstraction_of, make_cgame, rules_from_dict

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["merge", "round_sizes", "run_rounds"]


def round_sizes(iterations: int, chunks: int) -> list[int]:
    """The iterations of each chunk of a round of ``iterations``: as even as can be, the first ones the larger."""
    return [iterations // chunks + (c < iterations % chunks) for c in range(chunks)]


@functools.lru_cache(maxsize=2)
def _game(job_text: str) -> tuple[cfr.CGame, SolverAbstraction]:
    """A worker's C game, made once a process for a training."""
    job = json.loads(job_text)
    abstraction = abstraction_of(job["abstraction"], "training")
    if abstraction.digest != job["abstraction_digest"]:
        raise ValueError("training: this worker makes another abstraction than the training's")
    rules = rules_from_dict(job["rules"])
    deal = None if job["deal"] is None else tuple(job["deal"])
    return make_cgame(rules, (job["stacks"][0], job["stacks"][1]), job["variant"], abstraction, deal), abstraction


def chunk_task(chunk: int, seed: np.random.SeedSequence | None, payload: dict[str, Any]) -> dict[str, Any]:
    """One chunk of a round: its iterations from the round's state; returns the
    regrets and averages of every value and the information sets it added."""
    import numpy as np

    if seed is None:
        raise ValueError("training: a chunk needs its seed")
    game, _ = _game(payload["job"])
    base = payload["state"]
    n_entries, n_values = len(base["offsets"]), len(base["averages"])
    rng = [int(w) for w in seed.generate_state(4, dtype=np.uint64)]
    start = int(payload["start"])
    memory = cfr.Memory.from_arrays(base["keys"], base["offsets"], base["regrets"], base["averages"],
                                    (*rng, start, *payload["peaks"]))
    target = start + int(payload["iterations"])
    while memory.iterations < target:
        kept = memory.copy() if memory.struct.peak_entries == 0 else None
        status = memory.run(game, 1 if kept is not None else target - memory.iterations, ffi.NULL)
        if status == cfr.MEMORY:
            if memory.damaged:
                if kept is None:
                    raise ValueError("training: the solver ran out of room inside an iteration")
                memory = kept
            memory = memory.grown()
        elif status != cfr.OK:
            raise ValueError(f"training: the solver stopped on {status_text(status)}")
    arrays = memory.arrays()
    return {"keys": arrays["keys"][n_entries:], "offsets": arrays["offsets"][n_entries:] - n_values,
            "regrets": arrays["regrets"], "averages": arrays["averages"],
            "peaks": np.array(memory.counters()[5:], dtype=np.uint64)}


def merge(state: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any]:
    """The state after a round: each chunk's changes added to it in chunk
    order, then the information sets they added (each once, where first met)."""
    import numpy as np

    n_values = len(state["averages"])
    regrets, averages = state["regrets"].copy(), state["averages"].copy()
    for result in results:
        regrets += result["regrets"][:n_values] - state["regrets"]
        averages += result["averages"][:n_values] - state["averages"]
    added: dict[bytes, int] = {}
    new_keys: list[npt.NDArray[np.uint8]] = []
    new_regrets: list[npt.NDArray[np.float64]] = []
    new_averages: list[npt.NDArray[np.float64]] = []
    for result in results:
        keys, offsets = result["keys"], result["offsets"].astype(np.int64)
        ends = np.append(offsets[1:], len(result["averages"]) - n_values)
        tail_r, tail_a = result["regrets"][n_values:], result["averages"][n_values:]
        for e in range(len(keys)):
            key = keys[e].tobytes()
            r, a = tail_r[offsets[e]:ends[e]], tail_a[offsets[e]:ends[e]]
            at = added.get(key)
            if at is None:
                added[key] = len(new_keys)
                new_keys.append(keys[e])
                new_regrets.append(r.copy())
                new_averages.append(a.copy())
            else:
                new_regrets[at] += r
                new_averages[at] += a
    sizes = np.array([len(r) for r in new_regrets], dtype=np.uint64)
    offsets = np.concatenate([state["offsets"], n_values + np.cumsum(sizes) - sizes]).astype(np.uint64)
    keys = np.vstack([state["keys"], *new_keys]) if new_keys else state["keys"]
    return {"keys": keys, "offsets": offsets, "regrets": np.concatenate([regrets, *new_regrets]),
            "averages": np.concatenate([averages, *new_averages])}


def run_rounds(memory: cfr.Memory, total: int, *, job: dict[str, Any], chunks: int, chunk_iterations: int,
               executor: Executor | None, limit: int, after_round: Callable[[cfr.Memory], None]) -> cfr.Memory:
    """Rounds of ``chunks`` chunks from ``memory`` until ``total`` iterations;
    ``after_round(memory)`` after each (progress, checkpoints).  A Ctrl-C
    (:class:`~badeucey_fast.jobs.JobInterrupted`) propagates with the last
    merged state kept by ``after_round``."""
    import numpy as np

    from badeucey_fast._jobrun import local_executor, run_chunks

    job_text = json.dumps(job, sort_keys=True)
    pool = local_executor(min(chunks, _cores())) if executor is None else executor
    try:
        while memory.iterations < total:
            done = memory.iterations
            round_index = done // (chunks * chunk_iterations)
            sizes = round_sizes(min(chunks * chunk_iterations, total - done), chunks)
            state = memory.arrays()
            peaks = memory.counters()[5:]
            payloads, start = [], done
            for size in sizes:
                payloads.append({"job": job_text, "state": state, "start": start, "iterations": size,
                                 "peaks": peaks})
                start += size
            round_seed = int(np.random.SeedSequence(job["seed"], spawn_key=(round_index,)).generate_state(1)[0])
            results = run_chunks(chunk_task, payloads, sizes, job={"training round": round_index, **job},
                                 seed=round_seed, executor=pool, unit="iterations")
            merged = merge(state, [r for r, size in zip(results, sizes, strict=True) if size])
            peak = [max(int(r["peaks"][i]) for r in results) for i in (0, 1)]
            memory = cfr.Memory.from_arrays(merged["keys"], merged["offsets"], merged["regrets"], merged["averages"],
                                            (0, 0, 0, 0, start, *peak))
            if memory.nbytes > limit:
                raise MemoryError(f"train: the solver needs more than memory_limit={limit:,} bytes after "
                                  f"{memory.iterations:,} iterations ({memory.entries:,} information sets)")
            after_round(memory)
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)
    return memory


def _cores() -> int:
    import os

    return os.cpu_count() or 1

