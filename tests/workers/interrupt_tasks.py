"""Tasks for the interrupt tests, importable by the local pool's workers."""

from __future__ import annotations

import time
from typing import Any

import numpy as np


def quick_or_stuck(chunk: int, seeds: object, payload: int) -> dict[str, Any]:
    """Payload 0: done at once; otherwise stuck for ``payload`` seconds (a chunk Ctrl-C must cancel)."""
    time.sleep(payload)
    return {"chunk": np.array([chunk])}
