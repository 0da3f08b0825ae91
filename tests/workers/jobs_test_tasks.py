"""Chunk tasks for the job-runner tests, in a module of their own so that worker
processes can import it (the tests hand it to Dask workers with ``upload_file``)."""

from __future__ import annotations

from typing import Any

import numpy as np


def seeded_task(chunk: int, seeds: np.random.SeedSequence | None, payload: int) -> dict[str, Any]:
    """``payload`` random integers from the chunk's seed sequence."""
    rng = np.random.default_rng(seeds)
    return {"draws": rng.integers(0, 2**62, size=payload), "chunk": np.array([chunk])}


def failing_task(chunk: int, seeds: object, payload: int) -> dict[str, Any]:
    if chunk == 3:
        raise ValueError("chunk three is bad")
    return {"x": np.full(payload, chunk)}


def not_arrays_task(chunk: int, seeds: object, payload: int) -> Any:
    return [chunk]
