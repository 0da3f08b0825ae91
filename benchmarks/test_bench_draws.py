"""Draw odds and equity: best discards of a five-card hand, and
two-player one-draw exact equity.

Every run is exact (no sampling), so each has one right answer: the tests
check it against an independent figure (docs/rules.rst's draw facts, or a sum rule).
"""

from __future__ import annotations

from typing import Any

import pytest

import badeucey_fast as bf
from badeucey_fast._bench.hands import SINGLE_HANDS
from badeucey_fast._bench.jobs import (
    DRAW_HAND,
    DRAW_TARGET,
    EQUITY_DISCARDS,
    EQUITY_HANDS,
    Inputs,
)

from .conftest import run_job

BEST_DISCARDS = "best discards: all 32 options of a five-card hand, exact"
EQUITY = "equity: two players, one draw, exact"
MIN_ROUNDS = 10

HAND = DRAW_HAND  # rough: every option draws, and throwing all five is an option


def record_ms(figures: Any, benchmark: Any, name: str) -> None:
    if benchmark.enabled and benchmark.stats is not None:
        ms = float(benchmark.stats.stats.min) * 1e3
        benchmark.extra_info["ms"] = round(ms, 2)
        figures.set(f"ms.{name}", ms)


@pytest.mark.benchmark(group=BEST_DISCARDS, min_rounds=MIN_ROUNDS)
def test_best_discards_target(benchmark: Any, figures: Any, inputs: Inputs) -> None:
    """All 32 discards of a Badeucey hand ranked by the chance of a badugi and a 9-low at once
    (``badeucey bench``'s job)."""
    assert DRAW_TARGET == "badugi+low:9"
    options = run_job(benchmark, "best_discards", inputs)
    assert len(options) == 32 and all(o.outcomes.exact for o in options)
    # the 32 options enumerate every five-card hand that shares no card with
    # the thrown ones exactly once per option: their outcome counts add up so
    assert sum(o.outcomes.total for o in options) == 2_598_960
    assert bf.format_cards(options[0].discard) == "Ks Qh"
    record_ms(figures, benchmark, "best_discards")


@pytest.mark.benchmark(group=BEST_DISCARDS, min_rounds=MIN_ROUNDS)
def test_best_discards_expected_rank(benchmark: Any, figures: Any) -> None:
    """The same 32 options ranked by expected rank (no target)."""
    options = benchmark(bf.best_discards, HAND)
    assert len(options) == 32
    record_ms(figures, benchmark, "best_discards_expected")


CHART_HANDS = 64
"""Hands a round of the chart-like benchmark: distinct canonical hands, as a chart's chunk meets them."""


@pytest.mark.benchmark(group=BEST_DISCARDS, min_rounds=MIN_ROUNDS)
def test_best_discards_distinct_hands(benchmark: Any, figures: Any) -> None:
    """All 32 options of each of 64 distinct canonical Badeucey hands a round (by expected
    rank, as the default chart scores them): a hand after another, not the same one again."""
    from badeucey_fast.jobs import canonical_hands

    hands = [tuple(row) for row in canonical_hands(5)[50_000 : 50_000 + CHART_HANDS].tolist()]

    def every_hand() -> list[list[Any]]:
        return [bf.best_discards(hand) for hand in hands]

    results = benchmark(every_hand)
    assert all(len(options) == 32 and sum(o.outcomes.total for o in options) == 2_598_960 for options in results)
    if benchmark.enabled and benchmark.stats is not None:
        ms = float(benchmark.stats.stats.min) * 1e3 / CHART_HANDS
        benchmark.extra_info["ms_per_hand"] = round(ms, 3)
        figures.set("ms.best_discards_distinct", ms)


@pytest.mark.benchmark(group=BEST_DISCARDS, min_rounds=MIN_ROUNDS)
def test_chart_chunk_one_draw(benchmark: Any, figures: Any) -> None:
    """A chunk of a one-draw Badeucey chart (64 distinct canonical hands, every option
    scored): the same figures as best_discards gives those hands."""
    import numpy as np

    from badeucey_fast._chart import ChartSpec, chart_chunk
    from badeucey_fast.games import get_game
    from badeucey_fast.jobs import canonical_hands

    hands = np.ascontiguousarray(canonical_hands(5)[60_000 : 60_000 + CHART_HANDS])
    payload = (ChartSpec(get_game("badeucey"), 1, None, "expected"), hands)
    result = benchmark(chart_chunk, 0, None, payload)
    first = sorted(bf.best_discards(tuple(hands[0].tolist())), key=lambda o: sum(1 << hands[0].tolist().index(c) for c in o.discard))
    assert result["score"][0].tolist() == [o.score for o in first] and bool(result["exact"].all())
    if benchmark.enabled and benchmark.stats is not None:
        ms = float(benchmark.stats.stats.min) * 1e3 / CHART_HANDS
        benchmark.extra_info["ms_per_hand"] = round(ms, 3)
        figures.set("ms.chart_one_draw_hand", ms)


COLD_SCRIPT = """
import json, resource, sys, time
import badeucey_fast as bf

first, second = bf.parse_cards("7s 5h 4d Jc Ks"), bf.parse_cards("Kd Qc 9h 6s 3d")  # no rank in common
start = time.process_time()
bf.best_discards(first)  # the tables, the held counts and this thread's buffers
first_ms = (time.process_time() - start) * 1e3
faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
start = time.process_time()
options = bf.best_discards(second)
cold_ms = (time.process_time() - start) * 1e3
faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
json.dump({"first_ms": first_ms, "cold_ms": cold_ms, "faults": faults, "hand": list(second),
           "best": list(options[0].discard), "score": options[0].score}, sys.stdout)
"""
COLD_ROUNDS = 3


@pytest.mark.benchmark(group=BEST_DISCARDS)
def test_best_discards_cold(benchmark: Any, figures: Any) -> None:
    """The second distinct hand of a fresh process (``python -I``), after a first call has
    loaded the tables and filled the caches: its CPU time and page faults, measured in the
    process (its start-up is what the benchmark's own time measures).  The answer is the
    one this process gives."""
    import json
    import subprocess
    import sys

    runs: list[dict[str, Any]] = []

    def fresh_process() -> None:
        done = subprocess.run([sys.executable, "-I", "-c", COLD_SCRIPT], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout))

    benchmark.pedantic(fresh_process, rounds=COLD_ROUNDS if benchmark.enabled else 1, iterations=1)
    options = bf.best_discards(tuple(runs[0]["hand"]))
    assert all(r["best"] == list(options[0].discard) and r["score"] == options[0].score for r in runs)
    if benchmark.enabled:
        best = min(runs, key=lambda r: r["cold_ms"])
        benchmark.extra_info.update(cold_ms=round(best["cold_ms"], 3), cold_page_faults=best["faults"],
                                    first_call_ms=round(min(r["first_ms"] for r in runs), 1))
        figures.set("ms.best_discards_cold", best["cold_ms"])


@pytest.mark.benchmark(group=BEST_DISCARDS, min_rounds=MIN_ROUNDS)
def test_draw_outcomes_three_draws_badugi(benchmark: Any, figures: Any) -> None:
    """The rules' fact (docs/rules.rst), exactly: a one-card draw to a three-card badugi over three draws."""
    out = benchmark(bf.draw_outcomes, "As 2c 3d Ks", "Ks", game="badugi", draws=3)
    assert out.exact and round(out.four_card_badugi, 3) == 0.512
    record_ms(figures, benchmark, "draw_three_draws")


@pytest.mark.benchmark(group=EQUITY, min_rounds=MIN_ROUNDS)
def test_equity_two_players_one_draw(benchmark: Any, figures: Any, inputs: Inputs) -> None:
    """A two-card draw against a one-card draw: C(42, 2) x 40 = 34,440 outcomes (``badeucey bench``'s job)."""
    assert (EQUITY_HANDS, EQUITY_DISCARDS) == (("7s 5h 4d Jc Ks", "8s 7h 6d 4c Qh"), ("Jc Ks", "Qh"))
    result = run_job(benchmark, "equity", inputs)
    assert result.exact and result.outcomes == 34_440
    assert sum(result.share) == pytest.approx(1.0)
    record_ms(figures, benchmark, "equity_two_players_one_draw")


@pytest.mark.benchmark(group=EQUITY, min_rounds=MIN_ROUNDS)
def test_equity_two_players_two_card_draws(benchmark: Any, figures: Any) -> None:
    """Two-card draws on both sides: C(42, 2) x C(40, 2) = 671,580 outcomes."""
    result = benchmark(bf.equity, ["7s 5h 4d Jc Ks", "8s 7h 6d Qc Qh"], discards=["Jc Ks", "Qc Qh"], draws=1)
    assert result.exact and result.outcomes == 671_580
    assert sum(result.share) == pytest.approx(1.0)
    record_ms(figures, benchmark, "equity_two_players_two_card_draws")


FIXED = "fixed costs: one short draw or equity call, against the no-op cffi call"
PAT_HANDS = ("As 2c 3d 4h", "5s 6c 7d 8h")
"""Two pat Badugi hands: one outcome, so an exact equity call is nearly all fixed cost."""
DRAW_ONE = ("7s 5h 4d Jc Ks", "Jc Ks")
"""A Badeucey two-card draw: C(47, 2) = 1,081 outcomes."""


@pytest.mark.benchmark(group=FIXED, min_rounds=MIN_ROUNDS)
def test_fixed_cost_floor(benchmark: Any, figures: Any, inputs: Inputs) -> None:
    """The floor of the group: a cffi call of a C function that does nothing, timed as the
    one-hand group's floor is (``badeucey bench``'s job: 2,000 calls a round), since one call
    a round measures pytest-benchmark's own loop as much as the call (118-175 ns a call
    against 94-98 ns)."""
    results = run_job(benchmark, "cffi_floor", inputs)
    assert len(results) == SINGLE_HANDS and all(isinstance(r, int) for r in results)
    figures.per_hand("fixed_floor", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=FIXED, min_rounds=MIN_ROUNDS)
def test_equity_pat_against_pat(benchmark: Any, figures: Any) -> None:
    """Exact equity of two pat hands (one outcome): the Python fixed cost of an equity call."""
    result = benchmark(bf.equity, list(PAT_HANDS), game="badugi")
    assert result.exact and result.outcomes == 1 and result.badugi_win == (1.0, 0.0)
    figures.per_hand("equity_pat", benchmark, 1)
    figures.ratio(benchmark, "equity_pat/floor", "equity_pat", "fixed_floor")


@pytest.mark.benchmark(group=FIXED, min_rounds=MIN_ROUNDS)
@pytest.mark.parametrize("form", ["text", "ids"])
def test_draw_outcomes_one_draw(benchmark: Any, figures: Any, form: str) -> None:
    """One two-card draw, default target, the hand as text or as pre-parsed ids."""
    hand, discard = DRAW_ONE
    args = (hand, discard) if form == "text" else (bf.parse_cards(hand), bf.parse_cards(discard))
    out = benchmark(bf.draw_outcomes, *args)
    assert out.exact and out.total == 1_081
    figures.per_hand(f"draw_one_{form}", benchmark, 1)
    figures.ratio(benchmark, f"draw_one_{form}/floor", f"draw_one_{form}", "fixed_floor")
