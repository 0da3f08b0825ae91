"""The interval the measuring tools print (``tools/strength.py``, ``tools/search_gain.py``).

A tool run as ``python tools/NAME.py`` finds this module beside it (Python puts
the script's folder first on ``sys.path``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def mbb_interval(values: Sequence[float], big_blind: int) -> tuple[float, float, float]:
    """Chips a hand (or a deal) as mbb/hand: the mean, the half-width of its 95%
    normal interval (infinite for fewer than two values), and the variance in chips²."""
    n = len(values)
    if not n:
        raise ValueError("no values to summarise")
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
    scale = 1000 / big_blind
    return mean * scale, 1.96 * math.sqrt(variance / n) * scale, variance
