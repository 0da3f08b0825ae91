"""The shared test helpers themselves: a snapshot sees a change at any depth."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from badeucey_fast import TableRules

from .oracle_hand import Hand
from .support import Snapshot


def _hand_after_a_draw() -> Hand:
    hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    hand.check_call()
    hand.check_call()
    hand.discard(hand.cards(hand.to_act)[:1])
    assert hand._draws and isinstance(hand._draws[-1], list)
    return hand


def test_a_snapshot_of_an_unchanged_hand_is_equal() -> None:
    hand = _hand_after_a_draw()
    before = Snapshot(hand)
    hand.legal_actions()
    assert Snapshot(hand) == before


def test_a_snapshot_sees_a_write_inside_a_nested_list() -> None:
    """A write to the last draw's record (a list in a list) was missed by a copy one level deep."""
    hand = _hand_after_a_draw()
    before = Snapshot(hand)
    hand._draws[-1].append(7)
    assert Snapshot(hand) != before
    hand._draws[-1].pop()
    assert Snapshot(hand) == before
    hand._hole[0][0], hand._hole[0][1] = hand._hole[0][1], hand._hole[0][0]
    assert Snapshot(hand) != before


def test_a_snapshot_sees_randomness_drawn() -> None:
    hand = _hand_after_a_draw()
    before = Snapshot(hand)
    hand._rng.random()
    assert Snapshot(hand) != before


@dataclass
class _Holder:
    counts: np.ndarray
    rng: np.random.Generator
    plain: random.Random


def test_a_snapshot_compares_arrays_and_generators_element_by_element() -> None:
    holder = _Holder(np.zeros(4, dtype=np.int64), np.random.default_rng(1), random.Random(2))
    before = Snapshot(holder)
    assert Snapshot(holder) == before
    holder.counts[3] = 1
    assert Snapshot(holder) != before
    holder.counts[3] = 0
    holder.rng.integers(10)
    assert Snapshot(holder) != before
    holder.rng = np.random.default_rng(1)
    assert Snapshot(holder) == before
    holder.counts = holder.counts.astype(np.int32)  # the same numbers, another dtype
    assert Snapshot(holder) != before


@dataclass(frozen=True)
class _Result:
    names: dict[str, str]


def test_a_snapshot_sees_a_write_inside_a_frozen_value() -> None:
    """A frozen dataclass can hold a dict that changes in place: it is copied, not shared."""
    holder = _Holder(np.zeros(1), np.random.default_rng(1), random.Random(2))
    holder.result = _Result({"low": "7-5-4-3-2"})  # type: ignore[attr-defined]
    before = Snapshot(holder)
    holder.result.names["low"] = "8-7"  # type: ignore[attr-defined]
    assert Snapshot(holder) != before
