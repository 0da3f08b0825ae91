"""The card abstraction kept per class of hands (badeucey_fast.solve.class_buckets)
and the shipped tables: each hand's buckets and candidates, looked up one at a
time as the CFR bot does, are bit for bit those of the numpy path the solver
trained with (SolverAbstraction.card_buckets); slow: over every hand of every game
(one at a time over a hand of every class in Badeucey)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast.games import GAMES
from badeucey_fast.play import TableRules
from badeucey_fast.play.hand import Hand
from badeucey_fast.solve import SolverAbstraction, Strategy, train
from badeucey_fast.solve.abstraction import all_hands
from badeucey_fast.solve.class_buckets import NO_CANDIDATE, ClassBuckets
from badeucey_fast.solve.shipped import BUCKET_TABLES, FOLDER, shipped_abstraction

RULES = TableRules("badugi", heads_up_cap=4)


def shipped_table(game: str) -> ClassBuckets:
    return ClassBuckets.load(FOLDER / BUCKET_TABLES[game].file)


@pytest.fixture(scope="module")
def badugi_full() -> SolverAbstraction:
    """Badugi's 32-bucket abstraction by the numpy path (quick in Badugi; not cached on disk)."""
    return SolverAbstraction.card_buckets("badugi", 32, cache=False)


def lookups_agree(table: ClassBuckets, buckets: list[np.ndarray], candidates: list[np.ndarray | None],
                  indices: list[int], rows: list[int] | None = None) -> None:
    """Each hand of ``indices``, in a shuffled order, looked up alone gets its entries of the arrays
    (their rows ``rows``, or the hands' indices)."""
    hands = all_hands(table.hand_size)
    rng = random.Random(len(indices))
    found = np.empty(len(indices), dtype=np.int64)
    got_buckets = np.empty((len(indices), 4), dtype=np.int64)
    got_masks = np.empty((len(indices), 3, 4), dtype=np.int64)
    for i, index in enumerate(indices):
        cards = hands[index].tolist()
        rng.shuffle(cards)
        found[i], bucket, masks = table.hand(cards)
        got_buckets[i] = bucket
        got_masks[i] = masks[1:]
    assert np.array_equal(found, np.asarray(indices, dtype=np.int64))
    at = np.asarray(indices if rows is None else rows, dtype=np.int64)
    for r in range(4):
        assert np.array_equal(got_buckets[:, r], buckets[r][at]), r
        if r:
            assert np.array_equal(got_masks[:, r - 1], candidates[r][at]), r  # type: ignore[index]


def test_the_badugi_table_is_the_numpy_path_for_every_hand(badugi_full: SolverAbstraction) -> None:
    table = shipped_table("badugi")
    made = ClassBuckets.from_features("badugi", 32, cache=False)
    assert made.spec == table.spec and made.masks.tobytes() == table.masks.tobytes()
    assert made.bucket.tobytes() == table.bucket.tobytes()
    assert made.candidates.tobytes() == table.candidates.tobytes()
    buckets, candidates = table.expand()
    for r in range(4):
        assert buckets[r].tobytes() == badugi_full.buckets[r].tobytes()  # type: ignore[union-attr]
        if r:
            assert candidates[r].tobytes() == badugi_full.candidates[r].tobytes()  # type: ignore[union-attr]
    assert table.digests["round"] == badugi_full.digest  # card_buckets keeps the round history by default
    lookups_agree(table, buckets, candidates, random.Random(1).sample(range(table.hands), 20_000))


@pytest.mark.parametrize("game", list(BUCKET_TABLES))
def test_one_hand_looked_up_is_its_entry_of_the_expanded_arrays(game: str) -> None:
    table = shipped_table(game)
    assert table.spec["game"] == game and table.spec["buckets"] == 32 and set(table.digests) == {"full", "round"}
    indices = random.Random(2).sample(range(table.hands), 20_000)
    buckets, candidates = table.expand(indices)  # the rows of those hands (slow: all of them, against the numpy path)
    lookups_agree(table, buckets, candidates, indices, rows=list(range(len(indices))))
    for r in range(1, 4):  # the candidates are discards of the hand, padded after the last
        masks = candidates[r]
        assert masks is not None and np.all((masks < 1 << table.hand_size) | (masks == NO_CANDIDATE))


@pytest.mark.slow
@pytest.mark.parametrize("game", list(BUCKET_TABLES))
def test_every_hand_looked_up_is_the_numpy_path(game: str) -> None:
    """Every hand's entries of the expanded table are the numpy path's; looked up one at a
    time, in Badeucey one hand of every class (every entry of the table read once) and
    100,000 hands at random, each in a shuffled order; a sample of 100,000 in
    the other games (the relabelling of a hand to its class is the same code for every
    five-card game; what differs by game, the class arrays, is compared whole through
    expand)."""
    table = shipped_table(game)
    full = SolverAbstraction.card_buckets(game, 32, history="full")
    assert table.digests["full"] == full.digest
    assert SolverAbstraction.card_buckets(game, 32).digest == table.digests["round"]
    buckets, candidates = table.expand()
    for r in range(4):
        assert buckets[r].tobytes() == full.buckets[r].tobytes(), r  # type: ignore[union-attr]
        if r:
            assert candidates[r].tobytes() == full.candidates[r].tobytes(), r  # type: ignore[union-attr]
    indices = random.Random(3).sample(range(table.hands), 100_000)
    if game == "badeucey":
        from badeucey_fast.abstraction import class_masks

        _, first = np.unique(class_masks(all_hands(table.hand_size)), return_index=True)
        assert len(first) == len(table.masks)
        indices = sorted(set(indices) | set(first.tolist()))
    lookups_agree(table, full.buckets, full.candidates, indices)  # type: ignore[arg-type]


def test_expand_gives_the_rows_asked_for_in_their_order() -> None:
    table = shipped_table("badugi")
    buckets, candidates = table.expand()
    some = [5, 0, table.hands - 1, 5]
    chosen_buckets, chosen_candidates = table.expand(some)
    for r in range(4):
        assert chosen_buckets[r].tolist() == buckets[r][some].tolist()
        if r:
            assert chosen_candidates[r].tolist() == candidates[r][some].tolist()  # type: ignore[index]
    assert [len(b) for b in table.expand([])[0]] == [0] * 4
    for bad in ([-1], [table.hands], [[1, 2]], [1.5], [True]):
        with pytest.raises(ValueError, match="ClassBuckets.expand"):
            table.expand(bad)


def test_a_hand_that_is_no_hand_is_refused() -> None:
    table = shipped_table("badugi")
    for cards in ([0, 1, 2], [0, 1, 2, 52], [0, 0, 1, 2], [0, 1, 2, 3, 4]):
        with pytest.raises(ValueError, match="ClassBuckets"):
            table.hand(cards)


def test_a_card_twice_is_named_as_such() -> None:
    """A hand holding a card twice is refused for that, not as a hand no class holds."""
    table = shipped_table("badugi")
    with pytest.raises(ValueError, match="distinct"):
        table.hand([0, 0, 1, 2])


def test_the_file_is_checked(tmp_path: Path) -> None:
    table = shipped_table("badugi")
    path = tmp_path / "table.npz"
    table.save(path)
    assert path.read_bytes() == (FOLDER / BUCKET_TABLES["badugi"].file).read_bytes()  # the same bytes
    again = ClassBuckets.load(path)
    assert again.digests == table.digests and again.masks.tobytes() == table.masks.tobytes()
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(ValueError, match="class buckets file"):
        ClassBuckets.load(path)


@pytest.mark.parametrize(("game", "edit"), [
    ("badugi", lambda bucket, candidates: bucket.__setitem__((0, 5), 32)),  # 32 buckets: 0..31
    ("badugi", lambda bucket, candidates: bucket.__setitem__((3, 0), 65535)),
    ("badeucey", lambda bucket, candidates: bucket.__setitem__((1, 7), 32)),
    ("badugi", lambda bucket, candidates: candidates.__setitem__((2, 3, 0), 16)),  # four cards: masks 0..15
], ids=["bucket 32", "bucket 65535", "bucket 32 of five cards", "a mask of a fifth card"])
def test_a_file_of_buckets_or_candidates_out_of_range_is_refused(game: str, edit: Any, tmp_path: Path) -> None:
    """A table's buckets beyond its spec's count and candidate masks beyond its hand loaded (issue 43, 2)."""
    table = shipped_table(game)
    bucket, candidates = np.array(table.bucket), np.array(table.candidates)
    edit(bucket, candidates)
    path = tmp_path / "table.npz"
    ClassBuckets(table.spec, table.digests, table.masks, bucket, candidates).save(path)
    with pytest.raises(ValueError, match=f"^class buckets file {path}: damaged .*(bucket|candidate)"):
        ClassBuckets.load(path)


def test_the_reach_table_s_buckets_are_counted_by_draws_left(tmp_path: Path) -> None:
    """Badeucey's reach table has 80 buckets with no draw left, 48 with one, 40 with two, 32 with three."""
    table = ClassBuckets.load(FOLDER / "badeucey-reach.npz")
    assert table.spec["buckets"] == [80, 48, 40, 32] and int(table.bucket[0].max()) == 79
    assert [int(table.bucket[r].max()) for r in (1, 2, 3)] == [47, 39, 31]
    bucket = np.array(table.bucket)
    bucket[1, 0] = 60
    path = tmp_path / "table.npz"
    ClassBuckets(table.spec, table.digests, table.masks, bucket, table.candidates).save(path)
    with pytest.raises(ValueError, match=f"^class buckets file {path}: damaged .*bucket"):
        ClassBuckets.load(path)


# ---- the abstraction made from a table ------------------------------------------


@pytest.fixture(scope="module")
def trained(badugi_full: SolverAbstraction) -> Strategy:
    return train(RULES, 300, seed=5, abstraction=badugi_full)


def test_a_strategy_file_loads_from_the_table_and_plays_as_before(trained: Strategy, badugi_full: SolverAbstraction,
                                                                  tmp_path: Path) -> None:
    path = tmp_path / "badugi.npz"
    trained.save(path)
    loaded = Strategy.load(path)
    assert loaded.abstraction.entries is not None  # from the shipped table, not the card features
    assert loaded == trained and repr(loaded.abstraction) == repr(trained.abstraction)
    decisions = 0
    for seed in range(200):
        hand = Hand(RULES, [66, 66], seed=seed)
        rng = random.Random(seed)
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            assert loaded.probabilities(view) == trained.probabilities(view)
            decisions += 1
            hand.act(rng.choice(hand.legal_actions()))
    assert decisions > 800


def test_a_file_of_other_buckets_makes_its_abstraction_from_the_features(tmp_path: Path) -> None:
    other = train(RULES, 20, seed=5, abstraction=SolverAbstraction.card_buckets("badugi", 16, cache=False))
    other.save(tmp_path / "badugi16.npz")
    assert Strategy.load(tmp_path / "badugi16.npz").abstraction.entries is None
    assert shipped_abstraction(other.abstraction.spec, other.abstraction.digest) is None
    assert shipped_abstraction({**other.abstraction.spec, "buckets": 32}, "0" * 64) is None  # not the table's digest


def test_training_on_the_table_trains_the_same_strategy(trained: Strategy, badugi_full: SolverAbstraction) -> None:
    made = SolverAbstraction.from_classes(shipped_table("badugi"), "round")
    assert made.digest == badugi_full.digest and made.spec == badugi_full.spec
    assert train(RULES, 300, seed=5, abstraction=made) == trained  # every hand's entries written first
    for r in range(4):
        assert made.buckets[r].tobytes() == badugi_full.buckets[r].tobytes()  # type: ignore[union-attr]


def test_the_abstraction_pickles_as_its_table(trained: Strategy, tmp_path: Path) -> None:
    trained.save(tmp_path / "badugi.npz")
    loaded = Strategy.load(tmp_path / "badugi.npz")
    data = pickle.dumps(loaded.abstraction)
    assert len(data) < 2_000_000  # the table, not the arrays over every hand
    again = pickle.loads(data)
    assert again.digest == loaded.abstraction.digest and again.entries is not None
    copy = pickle.loads(pickle.dumps(loaded))
    hand = Hand(RULES, [66, 66], seed=3)
    seat = hand.to_act
    assert seat is not None and copy.probabilities(hand, seat) == loaded.probabilities(hand, seat)


def test_a_lookup_of_bad_cards_is_the_solvers_error(trained: Strategy, tmp_path: Path) -> None:
    trained.save(tmp_path / "badugi.npz")
    loaded = Strategy.load(tmp_path / "badugi.npz")
    with pytest.raises(ValueError, match="solver"):  # a card twice: the solver's refusal
        loaded.probabilities_at(0, 0, "bet", [0, 0, 1, 2], [])
    with pytest.raises(ValueError, match="card id 60 is outside 0..51"):  # the one card check, before the solver
        loaded.probabilities_at(0, 0, "bet", [0, 1, 2, 60], [])


def test_every_game_has_a_table() -> None:
    assert set(BUCKET_TABLES) == set(GAMES)
