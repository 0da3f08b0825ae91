"""Equity against poker-equity 0.1.1 (a Rust equity library) on the same spots,
exact and at 1,000,000 samples, one thread each; the results must agree (1e-9
exact, a few standard errors sampled).  Skipped when poker-equity is not
installed (``pip install ".[bench]"`` installs it).

Each spot times ours, then theirs (the later test records the ratio, theirs
over ours, in ``extra_info``): ratios of one run, never absolute speeds.
"""

from __future__ import annotations

from typing import Any

import pytest

from badeucey_fast._bench import equity_peer

poker_equity = equity_peer.load_poker_equity()
pytestmark = pytest.mark.skipif(
    poker_equity is None,
    reason=f"poker-equity is not installed (pip install poker-equity=={equity_peer.POKER_EQUITY_VERSION})",
)

GROUP = "equity against poker-equity"
_PAIRS = {p.key: p for p in equity_peer.pairs(poker_equity)} if poker_equity is not None else {}
_KEYS = [f"{s.key}_{how}" for s in equity_peer.SPOTS for how in ("exact", "sampled")]
_OURS: dict[str, float] = {}


def _rounds(key: str) -> int:
    return 3 if key.endswith("sampled") else 20


@pytest.mark.parametrize("key", _KEYS)
def test_ours(benchmark: Any, key: str) -> None:
    benchmark.group = f"{GROUP}: {key}"
    pair = _PAIRS[key]
    benchmark.pedantic(pair.ours, rounds=_rounds(key), iterations=1)
    if benchmark.enabled and benchmark.stats is not None:
        _OURS[key] = float(benchmark.stats.stats.min)


@pytest.mark.parametrize("key", _KEYS)
def test_poker_equity(benchmark: Any, key: str) -> None:
    benchmark.group = f"{GROUP}: {key}"
    pair = _PAIRS[key]
    benchmark.pedantic(pair.theirs, rounds=_rounds(key), iterations=1)
    if benchmark.enabled and benchmark.stats is not None and key in _OURS:
        benchmark.extra_info["poker_equity_vs_ours"] = round(float(benchmark.stats.stats.min) / _OURS[key], 2)
