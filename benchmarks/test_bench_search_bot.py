"""SearchBot's decision times over a match: the median and the 99th percentile.

SearchBot (the shipped Badeucey strategy, re-solving the last betting round)
plays CFRBot heads-up for ``HANDS`` hands from fixed seeds; every decision of
each bot is timed (wall and CPU time of its ``act``), and ``extra_info``
reports the median and the 99th percentile of each, with the number of
decisions and of re-solves.  CFRBot's decisions in the same hands are the
peer.  The issue's budgets (50 ms at the median, 1 s at the 99th percentile)
are speed targets (benchmarks/conftest.py), met or missed, never asserted.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from badeucey_fast.play import Hand
from badeucey_fast.play.bots import CFRBot, SearchBot
from badeucey_fast.solve import heads_up_rules
from badeucey_fast.solve.particle_search import searchable

GROUP = "SearchBot: decision times over a match"
HANDS = 60


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def match() -> dict[str, Any]:
    rules = heads_up_rules("badeucey")
    bots = {"search": SearchBot(seed=1), "cfr": CFRBot(seed=2)}
    wall: dict[str, list[float]] = {"search": [], "cfr": []}
    cpu: dict[str, list[float]] = {"search": [], "cfr": []}
    searches = 0
    for h in range(HANDS):
        hand = Hand(rules, [200, 200], seed=h, button=h % 2)
        names = ("search", "cfr") if h % 4 < 2 else ("cfr", "search")
        while hand.to_act is not None:
            seat = hand.to_act
            name = names[seat]
            view = hand.view(seat)
            searches += name == "search" and searchable(view)
            started, started_cpu = time.perf_counter(), time.process_time()
            action = bots[name].act(view)
            wall[name].append(time.perf_counter() - started)
            cpu[name].append(time.process_time() - started_cpu)
            hand.act(action)
    return {"wall": wall, "cpu": cpu, "searches": searches}


def test_search_bot_decision_times(benchmark: Any, figures: Any) -> None:
    benchmark.group = GROUP
    result = benchmark.pedantic(match, rounds=1)
    for name in ("search", "cfr"):
        for kind in ("wall", "cpu"):
            times = result[kind][name]
            benchmark.extra_info[f"{name}_{kind}_median_ms"] = round(statistics.median(times) * 1e3, 3)
            benchmark.extra_info[f"{name}_{kind}_p99_ms"] = round(percentile(times, 0.99) * 1e3, 1)
            benchmark.extra_info[f"{name}_{kind}_max_ms"] = round(max(times) * 1e3, 1)
        benchmark.extra_info[f"{name}_decisions"] = len(result["wall"][name])
    benchmark.extra_info["searches"] = result["searches"]
    benchmark.extra_info["load_average"] = round(os.getloadavg()[0], 2)
    figures.set("ms.search_decision_median", statistics.median(result["cpu"]["search"]) * 1e3)
    figures.set("ms.search_decision_p99", percentile(result["cpu"]["search"], 0.99) * 1e3)
    assert result["searches"] > 0
