"""The reach-bucket abstraction (badeucey_fast.solve.reach): buckets by draws
left over the hands that reach that point, its table, its strategies' files
and the command that trains one."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from badeucey_fast import cli
from badeucey_fast.abstraction import card_abstraction, card_features
from badeucey_fast.play import TableRules
from badeucey_fast.solve import SolverAbstraction, Strategy, train
from badeucey_fast.solve.class_buckets import ClassBuckets
from badeucey_fast.solve import reach
from badeucey_fast.solve.reach import reach_counts, reach_spec, reach_table

RULES = TableRules("badugi", heads_up_cap=4)
DEALS = 20_000
SPEC = reach_spec("badugi", (16, 8, 8, 8), deals=DEALS, seed=3)
COUNTS_SHA256 = "ceb47d6d5966023b8ebfb7e27f516bf5bde20b0140ff5f8d537cfd15c303b793"
"""The counts of DEALS deals of seed 3 by draws left and class (little-endian int64)."""


@pytest.fixture(scope="module")
def table() -> ClassBuckets:
    return reach_table(SPEC, cache=False)


def test_every_deal_is_counted_once_by_draws_left() -> None:
    features = card_features("badugi", cache=False)
    counts = reach_counts(features, DEALS, 3)
    assert counts.shape == (4, len(features.hands)) and counts.sum(axis=1).tolist() == [DEALS] * 4
    assert np.array_equal(counts, reach_counts(features, DEALS, 3))  # seeded
    # the same deals on any machine and numpy version (numpy promises its bit generators' streams,
    # not its Generator methods'): a change here changes every reach table and the strategies on them
    assert hashlib.sha256(counts.astype("<i8").tobytes()).hexdigest() == COUNTS_SHA256
    # the hands held improve draw by draw: their mean value with 0 draws left is above the deal's
    value = features.strength.mean(axis=1)
    assert float(counts[0] @ value) > float(counts[3] @ value) + 0.2 * DEALS


def test_the_last_rounds_bands_are_shares_of_the_hands_that_reach_it(table: ClassBuckets) -> None:
    features = card_features("badugi", cache=False)
    counts = reach_counts(features, DEALS, 3)
    assert table.bucket.shape == (4, len(features.hands)) and table.spec == SPEC
    for left, buckets in enumerate(SPEC["buckets"]):
        assert set(table.bucket[left].tolist()) == set(range(buckets))
    # with 0 draws left, each of the 16 buckets holds about 1/16 of the hands that get there,
    # where the grid over all hands puts most of them into its best bucket
    reached = np.bincount(table.bucket[0], weights=counts[0], minlength=16) / DEALS
    assert reached.max() < 3 / 16
    everyone = card_abstraction("badugi", 0, buckets=16, cache=False).bucket
    assert np.bincount(everyone, weights=counts[0], minlength=16).max() / DEALS > 0.4
    assert reach_table(SPEC, cache=False).bucket.tobytes() == table.bucket.tobytes()  # the same spec, the same table


def test_bad_specs_are_refused() -> None:
    with pytest.raises(ValueError, match="four numbers of buckets"):
        reach_spec("badugi", (16, 8, 8))
    with pytest.raises(ValueError, match="each 1..4,096"):
        reach_spec("badugi", (0, 8, 8, 8))
    with pytest.raises(ValueError, match="splits must be 1"):
        reach_spec("badugi", (16, 8, 8, 8), (2, 1, 1, 1))
    with pytest.raises(ValueError, match="deals"):
        reach_spec("badugi", (16, 8, 8, 8), deals=0)
    with pytest.raises(ValueError, match="other fields"):
        reach_table({**SPEC, "extra": 1})


@pytest.mark.slow  # its abstraction made again from the card features as the file is loaded
def test_a_strategy_saves_loads_and_is_looked_up_from_its_table(table: ClassBuckets, tmp_path: Path) -> None:
    made = SolverAbstraction.reach_buckets("badugi", (16, 8, 8, 8), deals=DEALS, seed=3, cache=False)
    assert made.history == "round_own" and made.spec == {**SPEC, "history": "round_own"}
    trained = train(RULES, 200, seed=2, abstraction=made)
    trained.save(tmp_path / "s.npz")
    assert Strategy.load(tmp_path / "s.npz") == trained  # the abstraction made again from its spec
    # the table written with its digests gives the same abstraction in microseconds
    recorded = table.with_digests({"round_own": made.digest})
    recorded.save(tmp_path / "table.npz")
    again = SolverAbstraction.from_classes(ClassBuckets.load(tmp_path / "table.npz"), "round_own")
    assert again.digest == made.digest and again.spec == made.spec
    assert Strategy.load(tmp_path / "s.npz", abstraction=again) == trained


@pytest.mark.slow  # the card features of the game, computed when no cache holds them
def test_the_command_trains_with_reach_buckets(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reach, "DEALS", DEALS)  # fewer deals than the default million: the same code
    out = tmp_path / "r.npz"
    assert cli.main(["train", "--game", "badugi", "--reach-buckets", "8,4x1,4,4", "--iterations", "30", "--seed",
                     "1", "--out", str(out)]) == 0
    assert "reach buckets 8,4x1,4,4, round_own history" in capsys.readouterr().out
    spec = Strategy.load(out).abstraction.spec
    assert spec["buckets"] == [8, 4, 4, 4] and spec["splits"] == [1, 1, 1, 1] and spec["history"] == "round_own"
    assert cli.main(["train", "--game", "badugi", "--reach-buckets", "8,4", "--iterations", "30",
                     "--out", str(out)]) == cli.EXIT_USAGE
    assert "four grids" in capsys.readouterr().err


@pytest.mark.slow  # the game's card features, and every hand's entries checked
def test_gen_buckets_writes_a_reach_table_recording_each_historys_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    from .support import load_module

    monkeypatch.setattr(reach, "DEALS", DEALS)
    tool = load_module(Path(__file__).resolve().parent.parent / "tools" / "gen_buckets.py", "gen_buckets")
    table = tool.build("badugi", 32, None, "16,8,8,8")
    assert table.spec == {**SPEC, "seed": 1}
    for history in ("full", "round", "round_own"):
        made = SolverAbstraction.reach_buckets("badugi", (16, 8, 8, 8), deals=DEALS, history=history)
        assert table.digests[history] == made.digest


@pytest.mark.slow  # the workers make the abstraction again from its spec
def test_reach_buckets_train_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from badeucey_fast.jobs import InlineExecutor

    monkeypatch.setattr(reach, "DEALS", DEALS)
    made = SolverAbstraction.reach_buckets("badugi", (16, 8, 8, 8), cache=False)
    chunked = train(RULES, 200, seed=2, abstraction=made, chunks=2, chunk_iterations=50, executor=InlineExecutor())
    assert chunked.iterations == 200 and chunked.abstraction.digest == made.digest
    assert chunked != train(RULES, 200, seed=2, abstraction=made)  # another training than one process's
