"""Tasks for the interrupt tests, importable by the local pool's workers."""

from __future__ import annotations

import time
from typing import Any

import numpy as np


def quick_or_stuck(chunk: int, seeds: object, payload: int) -> dict[str, Any]:
    """Payload 0: done at once; otherwise stuck for ``payload`` seconds (a chunk Ctrl-C must cancel)."""
    time.sleep(payload)
    return {"chunk": np.array([chunk])}


def big_after_marker(chunk: int, seeds: object, payload: tuple[str, int]) -> dict[str, Any]:
    """A result of ``payload[1]`` bytes, made after the file ``payload[0]`` is
    created (the parent then knows the result is about to be sent)."""
    marker, size = payload
    data = np.ones(size, dtype=np.uint8)
    with open(marker, "w"):
        pass
    return {"data": data}


def stuck_with(chunk: int, seeds: object, payload: bytes) -> dict[str, Any]:
    """Stuck for ten minutes, whatever its payload (one bigger than a pipe holds: the
    pool's queue to its workers then waits for a worker to read it)."""
    time.sleep(600)
    return {"chunk": np.array([chunk])}
