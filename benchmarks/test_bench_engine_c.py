"""The C state machine (issue 28): whole random hands played in C by
``bdc_selfplay`` (on self-play's deals and on play_match's), and random hands stepped from Python through the C table's
private wrapper, beside the Python engine and pokerkit in the groups of
test_bench_engine.py (fixed-limit deuce-to-seven, blinds 1/2, stacks 200, the
same random policy).

This file runs after test_bench_engine.py, so its tests record the ratios of
the Python engine's and pokerkit's time per hand to ours when both ran.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from badeucey_fast._native import table as ctable
from badeucey_fast.engine import TableRules

SELFPLAY_HANDS = 20_000
"""Hands in one round of self-play in C."""
STEPPED_HANDS = 500
"""Hands in one round of Python stepping the C table."""
RULES = TableRules("deuce_seven", heads_up_cap=4)  # as badeucey_fast.playout.random_hands plays


def stepped_random_hands(count: int, seats: int, seed: int) -> list[tuple[int, ...]]:
    """Random legal actions chosen in Python (the random bot's rule), taken by the C table."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        table = ctable.Table(RULES, [200] * seats, button=i % seats, seed=rnd.getrandbits(64))
        act, legal = table.act, table.legal
        while True:
            seat, phase, _to_call, can_fold, low, high, _left, most = legal()
            if seat is None:
                break
            if phase == ctable.DRAW:
                act(rnd.getrandbits(most))
                continue
            options = [ctable.FOLD, ctable.CHECK_CALL] if can_fold else [ctable.CHECK_CALL]
            if low is not None and high is not None:
                options.append(rnd.randint(low, high))
            act(rnd.choice(options))
        payoffs = table.payoffs
        assert payoffs is not None
        out.append(payoffs)
    return out


@pytest.mark.parametrize("seats", [2, 6], ids=["heads-up", "six-handed"])
def test_selfplay_random_hands(benchmark: Any, figures: Any, seats: int) -> None:
    """bdc_selfplay: deal, bet, draw three times, settle, every hand in C."""
    benchmark.group = f"engine: random hands, {seats} seats"
    won = benchmark(ctable.selfplay, RULES, [200] * seats, ["random"] * seats, SELFPLAY_HANDS, 1, duplicate=False)
    assert won.shape == (SELFPLAY_HANDS, seats) and not won.sum(axis=1).any() and won.any()
    if figures.per_hand(f"selfplay_{seats}", benchmark, SELFPLAY_HANDS) is not None:
        figures.ratio(benchmark, f"engine/selfplay_{seats}", f"engine_{seats}", f"selfplay_{seats}")
        figures.ratio(benchmark, f"pokerkit/selfplay_{seats}", f"pokerkit_engine_{seats}", f"selfplay_{seats}")


def test_selfplay_match_deals_heads_up(benchmark: Any) -> None:
    """bdc_selfplay on play_match's deals (each deal's deck shuffled whole), beside
    self-play's own deals (each card drawn as it is dealt) above."""
    benchmark.group = "engine: random hands, 2 seats"
    won = benchmark(ctable.selfplay, RULES, [200, 200], ["random", "random"], SELFPLAY_HANDS, 1, duplicate=False,
                    dealing="shuffled")
    assert won.shape == (SELFPLAY_HANDS, 2) and not won.sum(axis=1).any() and won.any()


@pytest.mark.parametrize("seats", [2, 6], ids=["heads-up", "six-handed"])
def test_c_table_stepped_from_python(benchmark: Any, figures: Any, seats: int) -> None:
    """Each action chosen in Python and taken by the C table (the wrapper's cost per step)."""
    benchmark.group = f"engine: random hands, {seats} seats"
    payoffs = benchmark(stepped_random_hands, STEPPED_HANDS, seats, 1)
    assert len(payoffs) == STEPPED_HANDS and all(sum(p) == 0 for p in payoffs)
    if figures.per_hand(f"c_table_{seats}", benchmark, STEPPED_HANDS) is not None:
        figures.ratio(benchmark, f"engine/c_table_{seats}", f"engine_{seats}", f"c_table_{seats}")
        figures.ratio(benchmark, f"pokerkit/c_table_{seats}", f"pokerkit_engine_{seats}", f"c_table_{seats}")


PUBLIC_SELFPLAY_HANDS = 100_000
"""Hands in one round of the public self-play (whole chunks, as a user runs it)."""


def test_public_selfplay_random_heads_up(benchmark: Any, figures: Any) -> None:
    """badeucey_fast.play.selfplay: random heads-up hands in C through the public
    API (checks, the job runner in this process, the result's means and
    intervals), beside pokerkit's random play."""
    from badeucey_fast.jobs import InlineExecutor
    from badeucey_fast.play import selfplay

    benchmark.group = "engine: random hands, 2 seats"
    result = benchmark(selfplay, RULES, ["random", "random"], PUBLIC_SELFPLAY_HANDS, 1, duplicate=False,
                       executor=InlineExecutor(), keep_deals=False)
    assert result.hands == PUBLIC_SELFPLAY_HANDS and abs(sum(result.mbb_per_hand)) < 1e-6
    if figures.per_hand("play_selfplay_2", benchmark, PUBLIC_SELFPLAY_HANDS) is not None:
        figures.ratio(benchmark, "pokerkit/play_selfplay_2", "pokerkit_engine_2", "play_selfplay_2")
        figures.ratio(benchmark, "engine/play_selfplay_2", "engine_2", "play_selfplay_2")
