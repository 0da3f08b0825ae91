"""Running sums of a match's per-deal results: what a chunk keeps, and combining them.

Private helpers of :mod:`~badeucey_fast.play.matches` and
:mod:`~badeucey_fast.play.self_play` (the Python and the C paths of a match), and of the
web table's and the arena's results.
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def mbb_per_chip(big_blind: int, hands: int = 1) -> float:
    """What a chip won over ``hands`` hands is worth in mbb per hand (thousandths
    of a big blind, a hand's share): the unit of every match's result."""
    return 1000 / big_blind / hands


def check_memory(deals: int, bots: int, hands: int) -> None:
    """Refuse, before any work, a match whose per-deal results the machine cannot hold."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows): not known
        return
    need = 2 * 8 * deals * bots  # the chunks' arrays and their concatenation
    if memory > 0 and need > memory:
        raise ValueError(
            f"a match of {hands:,} hands keeps {need / 2**30:,.1f} GiB of per-deal results, more than this "
            f"machine's {memory / 2**30:,.1f} GiB: pass keep_deals=False (the results and intervals do not need them)"
        )


def chunk_sums(out: npt.NDArray[np.floating[Any]], keep_deals: bool) -> dict[str, npt.NDArray[Any]]:
    """A chunk's running sums of its per-deal results ``out`` (deals, bots): its
    count, totals and sums of squared deviations (and ``out`` itself with
    ``keep_deals``)."""
    import numpy as np

    mean = out.mean(axis=0)
    result: dict[str, npt.NDArray[Any]] = {
        "deals": np.array([len(out)], dtype=np.int64),
        "total": out.sum(axis=0)[None, :],
        "m2": ((out - mean) ** 2).sum(axis=0)[None, :],
    }
    if keep_deals:
        result["per_deal"] = out
    return result


def combine(
    chunks: list[dict[str, npt.NDArray[Any]]], bots: int,
) -> tuple[int, tuple[float, ...], tuple[tuple[float, float], ...]]:
    """Each bot's mean and 95% interval from the chunks' running sums, combined in
    chunk order (Chan's pairwise update: bit-identical whatever ran the chunks)."""
    import numpy as np

    deals = 0
    mean = np.zeros(bots)
    m2 = np.zeros(bots)
    for chunk in chunks:
        count = int(chunk["deals"][0])
        chunk_mean = chunk["total"][0] / count
        total = deals + count
        delta = chunk_mean - mean
        mean = mean + delta * (count / total)
        m2 = m2 + chunk["m2"][0] + delta**2 * (deals * count / total)
        deals = total
    if deals >= 2:
        half = 1.959963984540054 * np.sqrt(m2 / (deals - 1)) / math.sqrt(deals)
        ci = tuple((float(m - h), float(m + h)) for m, h in zip(mean, half, strict=True))
    else:
        ci = tuple((math.nan, math.nan) for _ in mean)
    return deals, tuple(float(m) for m in mean), ci
