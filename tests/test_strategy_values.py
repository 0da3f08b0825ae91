"""The values of strategy and checkpoint files: every one a finite probability (or
a non-negative weight of one), every distribution summing to 1, or the file is
refused with a ValueError naming it (issue 43, 2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast._storage import read_arrays, write_arrays
from badeucey_fast.play import TableRules
from badeucey_fast.solve import Strategy, TableGame, train
from badeucey_fast.solve.strategy import FORMAT, PROBABILITY_TOLERANCE
from badeucey_fast.solve.train import CHECKPOINT_FORMAT

RULES = TableRules.mini()
STACKS = (20, 20)
Arrays = dict[str, Any]


@pytest.fixture(scope="module")
def trained() -> Strategy:
    return train(RULES, 100, seed=1, abstraction=None, stacks=STACKS)


def rewrite(path: Path, kind: str, edit: Callable[[dict[str, Any], Arrays], None], compress: bool = True) -> None:
    """Edit a checked file's metadata and arrays and write it again, its checksums made anew
    (as a tool that edits a file, or a damaged writer, would)."""
    meta, stored = read_arrays(path, kind=kind, where=str(path))
    arrays = {name: np.array(array) for name, array in stored.items()}
    edit(meta, arrays)
    write_arrays(path, arrays, kind=kind, meta=meta, compress=compress)


def first_learned(arrays: Arrays) -> tuple[int, int]:
    """Where the first information set with a positive total starts, and its actions."""
    starts = arrays["offsets"].astype(np.int64)
    ends = np.append(starts[1:], len(arrays["averages"]))
    for start, end in zip(starts, ends, strict=True):
        if end - start >= 2 and arrays["averages"][start:end].sum() > 0:
            return int(start), int(end - start)
    raise AssertionError("no information set learned")


def probabilities_of(strategy: Strategy, deals: int) -> list[dict[int, float]]:
    """The strategy's probabilities at every decision of the first hands its game deals."""
    policy = strategy.as_policy()
    out = []
    root = TableGame(RULES, stack=STACKS[0]).root()
    for deal, _ in root.chance_outcomes()[:deals]:
        todo = [root.child(deal)]
        while todo:
            state = todo.pop()
            if state.is_terminal():
                continue
            if state.is_chance():
                todo.extend(state.child(outcome) for outcome, _ in state.chance_outcomes()[:2])
                continue
            out.append(policy(state, state.current_seat()))
            todo.extend(state.child(action) for action in state.legal_actions())
    return out


def test_a_trained_strategy_gives_distributions_within_the_tolerance(trained: Strategy, tmp_path: Path) -> None:
    for strategy in (trained, trained.compacted()):
        strategy.save(tmp_path / "s.npz")
        decisions = probabilities_of(Strategy.load(tmp_path / "s.npz"), 20)
        assert len(decisions) > 100
        for got in decisions:
            assert all(0 <= p <= 1 for p in got.values())
            assert abs(sum(got.values()) - 1) <= PROBABILITY_TOLERANCE


def _negated(meta: dict[str, Any], arrays: Arrays) -> None:
    arrays["averages"] = -arrays["averages"]


def _one(value: float) -> Callable[[dict[str, Any], Arrays], None]:
    def edit(meta: dict[str, Any], arrays: Arrays) -> None:
        start, _ = first_learned(arrays)
        arrays["averages"][start] = value

    return edit


def _overflowing_total(meta: dict[str, Any], arrays: Arrays) -> None:
    start, n = first_learned(arrays)
    arrays["averages"][start:start + n] = 1e308  # each finite, their sum not


@pytest.mark.parametrize("edit", [_negated, _one(-1e-300), _one(float("nan")), _one(float("inf")),
                                  _one(float("-inf")), _overflowing_total],
                         ids=["negated", "tiny negative", "nan", "inf", "-inf", "overflowing total"])
def test_averages_that_are_not_weights_of_a_distribution_are_refused(trained: Strategy, tmp_path: Path,
                                                                     edit: Callable[[dict[str, Any], Arrays], None]
                                                                     ) -> None:
    """The issue's file of negated averages loaded and gave {-1: -0.0147, 0: 0.769, 4: 0.246};
    NaN played uniform; inf and 1e308 failed in random.choices at play time."""
    path = tmp_path / "strategy.npz"
    trained.save(path)
    rewrite(path, FORMAT, edit)
    with pytest.raises(ValueError, match=f"strategy file {path}: damaged .*averages"):
        Strategy.load(path)


def _compact_sum(total: int) -> Callable[[dict[str, Any], Arrays], None]:
    def edit(meta: dict[str, Any], arrays: Arrays) -> None:
        start, n = first_learned(arrays)
        arrays["averages"][start:start + n] = 0
        arrays["averages"][start] = total

    return edit


@pytest.mark.parametrize("total", [254, 200, 1])
def test_compacted_probabilities_that_do_not_sum_to_255_are_refused(trained: Strategy, tmp_path: Path,
                                                                     total: int) -> None:
    path = tmp_path / "strategy.npz"
    trained.compacted().save(path)
    rewrite(path, FORMAT, _compact_sum(255))
    assert Strategy.load(path).compact  # 255ths summing to 255: a distribution
    rewrite(path, FORMAT, _compact_sum(total))
    with pytest.raises(ValueError, match=f"strategy file {path}: damaged .*averages"):
        Strategy.load(path)


def _regret(value: float) -> Callable[[dict[str, Any], Arrays], None]:
    def edit(meta: dict[str, Any], arrays: Arrays) -> None:
        arrays["regrets"][len(arrays["regrets"]) // 2] = value

    return edit


@pytest.mark.parametrize("edit", [_negated, _one(float("nan")), _overflowing_total, _regret(float("nan")),
                                  _regret(float("-inf")), _regret(1e308)],
                         ids=["negated averages", "nan average", "overflowing total", "nan regret", "-inf regret",
                              "huge regret"])
def test_a_checkpoint_of_values_out_of_range_is_refused(tmp_path: Path,
                                                        edit: Callable[[dict[str, Any], Arrays], None]) -> None:
    path = tmp_path / "train.ckpt"
    train(RULES, 50, seed=2, abstraction=None, stacks=STACKS, checkpoint=path)
    rewrite(path, CHECKPOINT_FORMAT, _regret(-3.5), compress=False)  # a negative regret is a regret
    assert train(RULES, 60, seed=2, abstraction=None, stacks=STACKS, checkpoint=path).iterations == 60
    rewrite(path, CHECKPOINT_FORMAT, edit, compress=False)
    with pytest.raises(ValueError, match=f"checkpoint file {path}: damaged .*(averages|regrets)"):
        train(RULES, 100, seed=2, abstraction=None, stacks=STACKS, checkpoint=path)


@pytest.mark.parametrize("value", [-1.0, float("nan"), float("inf")])
def test_a_strategy_made_of_values_out_of_range_is_refused_by_the_solver(trained: Strategy, value: float) -> None:
    """Arrays given to Strategy directly, not read from a file, meet the C core's own check
    (bdc_cfr_rehash; bdc_cfr_policy checks the entry it reads too)."""
    averages = np.array(trained.averages)
    start, _ = first_learned({"offsets": trained.offsets, "averages": averages})
    averages[start] = value
    strategy = Strategy(trained.rules, trained.stacks, trained.variant, trained.abstraction, trained.iterations,
                        trained.seed, trained.keys, trained.offsets, averages)
    with pytest.raises(ValueError, match="the stored strategy has a setting outside its range"):
        probabilities_of(strategy, 1)


def test_a_round_history_lookup_of_a_history_no_hand_plays_is_refused() -> None:
    """Two draw codes first, then 60 betting codes: the round history is the summary's four
    codes and the 60, more than a key holds (before: bdc_cfr_policy wrote past its codes
    array on the stack, seen by AddressSanitizer, and answered)."""
    from badeucey_fast.solve import default_strategy

    shipped = default_strategy("badugi")
    assert shipped.abstraction.history == "round"
    with pytest.raises(ValueError, match="solver"):
        shipped.probabilities_at(1, 1, "bet", [0, 5, 10, 15], [4, 4] + [2] * 60)
    assert shipped.probabilities_at(1, 1, "bet", [0, 5, 10, 15], [2, 2, 4, 4] + [2] * 58)  # a summary that fits
