"""The card abstraction (badeucey_fast.abstraction): buckets, features, candidates, the cache.

The features of Badeucey and Badugi are computed once for the module (in a
temporary cache folder); the other games' full tables are checked by the slow suite.
"""

from __future__ import annotations

import itertools
import math
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast import abstraction
from badeucey_fast._canonical import SUIT_PERMUTATIONS, canonical_hands, canonical_masks, relabel
from badeucey_fast.abstraction import (
    MAX_BUCKETS,
    MAX_CANDIDATES,
    NO_CANDIDATE,
    CardFeatures,
    card_abstraction,
    card_features,
    class_masks,
    grid_shape,
)
from badeucey_fast.draws import best_discards, draw_outcomes
from badeucey_fast.games import GAMES, get_game


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("abstraction-cache")


@pytest.fixture(scope="module")
def badeucey(folder: Path) -> CardFeatures:
    return card_features("badeucey", cache=folder)


@pytest.fixture(scope="module")
def badugi(folder: Path) -> CardFeatures:
    return card_features("badugi", cache=folder)


@pytest.fixture(params=["badeucey", "badugi"])
def features(request: pytest.FixtureRequest) -> CardFeatures:
    result: CardFeatures = request.getfixturevalue(request.param)
    return result


def _sample_hands(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


def _relabelled(hand: tuple[int, ...], perm: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(relabel(c, perm) for c in hand)


# ---- buckets ----------------------------------------------------------------------


@pytest.mark.parametrize("buckets", [1, 7, 64, 128])
def test_every_holding_gets_a_bucket_in_range(features: CardFeatures, buckets: int) -> None:
    for r in range(4):
        table = features.abstraction(r, buckets)
        assert table.bucket.shape == (len(canonical_hands(features.game.hand_size)),)
        assert int(table.bucket.min()) >= 0 and int(table.bucket.max()) < buckets
        assert table.bands * table.splits == buckets
        assert math.isclose(float(table.shares().sum()), 1.0)


def test_buckets_hold_equal_shares_of_the_hands(badeucey: CardFeatures, badugi: CardFeatures) -> None:
    for r in range(4):
        shares = badeucey.abstraction(r, 64).shares()
        assert np.all(np.abs(shares - 1 / 64) < 0.1 / 64)  # few ties among the values of five-card hands
        assert np.all(badugi.abstraction(r, 64).shares() > 0)  # ties make Badugi's uneven, none empty


def test_the_nuts_are_in_the_first_value_band(badeucey: CardFeatures) -> None:
    for r in range(4):
        table = badeucey.abstraction(r)
        assert table.bucket_of("7s 5h 4d 3c 2s") // table.splits == 0
        assert table.bucket_of("As Ah Ad Ac Ks") // table.splits == table.bands - 1


def test_bands_are_monotone_in_value_and_splits_in_balance(features: CardFeatures) -> None:
    """Bands follow value (higher value, never a later band); within a band the
    splits follow the balance between the halves (more Badugi-leaning, never later)."""
    for r in range(4):
        table = features.abstraction(r, 64)
        band = table.bucket.astype(np.int64) // table.splits
        order = np.argsort(-table.value, kind="stable")
        assert np.all(np.diff(band[order]) >= 0)
        equal = table.value[order][1:] == table.value[order][:-1]
        assert np.all(np.diff(band[order])[equal] == 0)  # equal values share a band
        if features.game.is_split:
            balance = table.pot[:, 0] - table.pot[:, 1]
            split = table.bucket.astype(np.int64) % table.splits
            for b in range(table.bands):
                rows = np.flatnonzero(band == b)
                within = rows[np.argsort(-np.round(balance[rows], 12), kind="stable")]
                assert np.all(np.diff(split[within]) >= 0)


def test_with_no_draw_left_a_better_made_hand_never_gets_a_worse_band(features: CardFeatures) -> None:
    rules = features.game
    table = features.abstraction(0, 64)
    hands = _sample_hands(rules.hand_size, 400, seed=3)
    for a, b in zip(hands, hands[1:]):
        ranks_a, ranks_b = rules.ranks(a), rules.ranks(b)
        if all(x <= y for x, y in zip(ranks_a, ranks_b)):  # a at least as good in every half
            assert table.bucket_of(a) // table.splits <= table.bucket_of(b) // table.splits
        if all(x >= y for x, y in zip(ranks_a, ranks_b)):
            assert table.bucket_of(a) // table.splits >= table.bucket_of(b) // table.splits


def test_suit_relabelled_hands_share_a_bucket_and_equivalent_candidates(features: CardFeatures) -> None:
    rng = random.Random(11)
    for r in range(4):
        table = features.abstraction(r)
        for hand in _sample_hands(features.game.hand_size, 60, seed=r):
            perm = rng.choice(SUIT_PERMUTATIONS)
            other = _relabelled(hand, perm)
            other = tuple(rng.sample(other, len(other)))  # any card order too
            assert table.bucket_of(other) == table.bucket_of(hand)
            mine, theirs = table.discards_of(hand), table.discards_of(other)
            assert len(mine) == len(theirs)
            for d1, d2 in zip(mine, theirs):  # the same discard up to a relabelling that keeps the hand
                assert any(set(_relabelled(hand, p)) == set(other) and set(_relabelled(d1, p)) == set(d2)
                           for p in SUIT_PERMUTATIONS)


# ---- features ---------------------------------------------------------------------


def _share_of_rank(features: CardFeatures) -> list[dict[int, float]]:
    """Each half's strength by rank, read from the table."""
    rules = features.game
    out: list[dict[int, float]] = [{} for _ in rules.halves]
    for hand, strength in zip(features.hands.tolist(), features.strength.tolist()):
        for k, rank in enumerate(rules.ranks(tuple(hand))):
            out[k][rank] = strength[k]
    return out


def test_strength_is_the_share_of_hands_beaten(badugi: CardFeatures) -> None:
    rules = badugi.game
    every = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    from badeucey_fast import badugi_rank_batch

    ranks = badugi_rank_batch(every).astype(np.int64)
    for hand in _sample_hands(4, 20, seed=5):
        rank = rules.ranks(hand)[0]
        share = (np.sum(ranks > rank) + np.sum(ranks == rank) / 2) / len(ranks)
        assert badugi.strength[badugi.abstraction(0).row(hand), 0] == pytest.approx(share, abs=1e-12)


def test_one_draw_features_are_exact_expectations_over_the_draw(features: CardFeatures) -> None:
    """With one draw left: the potential of each half is the best option's mean
    strength over every outcome (from draw_outcomes' exact counts), the pot the
    per-half means of the option best for their mean."""
    rules = features.game
    table = features.abstraction(1)
    shares = _share_of_rank(features)
    for hand in _sample_hands(rules.hand_size, 6, seed=7):
        means = []
        for n in range(len(hand) + 1):
            for thrown in itertools.combinations(hand, n):
                out = draw_outcomes(hand, thrown, game=rules)
                means.append([sum(int(c) * shares[k].get(rank, 0.0) for rank, c in enumerate(out.counts(h).tolist()))
                              / out.total for k, h in enumerate(rules.halves)])
        each = np.array(means)
        row = table.row(hand)
        assert table.potential[row] == pytest.approx(each.max(axis=0), abs=1e-9)
        assert table.value[row] == pytest.approx(each.mean(axis=1).max(), abs=1e-9)


@pytest.mark.parametrize("r", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_each_later_draw_is_the_best_mean_of_the_table_one_draw_fewer(badeucey: CardFeatures, r: int) -> None:
    """With r draws left, each feature is the mean over every final hand of one
    draw (enumerated here) of the table with r - 1 draws left, for the best discard."""
    hand = (3, 14, 22, 33, 47)  # 2s 5h 7h Tc Ks
    unseen = [c for c in range(52) if c not in hand]
    before, table = badeucey.abstraction(r - 1), badeucey.abstraction(r)
    each, both = [], []
    for n in range(6):
        for thrown in itertools.combinations(hand, n):
            kept = [c for c in hand if c not in thrown]
            draws = np.array(list(itertools.combinations(unseen, n)), dtype=np.uint8).reshape(math.comb(47, n), n)
            finals = np.sort(np.hstack([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)), draws]), axis=1)
            rows = before.rows(np.ascontiguousarray(finals))
            each.append(before.potential[rows].mean(axis=0))
            both.append(before.pot[rows].mean(axis=0))
    row = table.row(hand)
    assert table.potential[row] == pytest.approx(np.max(each, axis=0), abs=1e-9)
    assert table.value[row] == pytest.approx(np.max(np.mean(both, axis=1)), abs=1e-9)


def test_more_draws_never_lower_the_potential_or_value(features: CardFeatures) -> None:
    for r in range(3):
        now, later = features.abstraction(r), features.abstraction(r + 1)
        assert np.all(later.potential >= now.potential - 1e-9)
        assert np.all(later.value >= now.value - 1e-9)
        assert np.all(later.potential >= later.pot - 1e-9)  # each half does best drawing for itself


def test_features_are_read_only_and_in_range(features: CardFeatures) -> None:
    table = features.abstraction(2)
    for array in (table.hands, table.weight, table.strength, table.potential, table.pot, table.value,
                  table.bucket, table.candidates):
        assert not array.flags.writeable
    assert int(features.weight.astype(np.int64).sum()) == math.comb(52, features.game.hand_size)
    assert float(table.value.min()) >= 0 and float(table.value.max()) <= 1


# ---- candidates -------------------------------------------------------------------


def test_candidates_are_legal_discards(features: CardFeatures) -> None:
    size = features.game.hand_size
    for r in range(4):
        masks = features.abstraction(r).candidates
        assert masks.shape[1] == MAX_CANDIDATES
        listed = masks != NO_CANDIDATE
        assert np.all(listed[:, 0])
        assert np.all(np.diff(listed.astype(np.int8), axis=1) <= 0)  # the fill only after the last candidate
        assert np.all(masks[listed] < 1 << size)
        for row in masks[:200].tolist():
            real = [m for m in row if m != NO_CANDIDATE]
            assert len(set(real)) == len(real)
    assert np.all(features.abstraction(0).candidates[:, 0] == 0)  # no draw left: stand pat


def test_candidates_include_best_discards_best_option(features: CardFeatures) -> None:
    rules = features.game
    for r in (1, 2, 3):
        table = features.abstraction(r)
        for hand in _sample_hands(rules.hand_size, 25, seed=20 + r):
            options = best_discards(hand, game=rules)
            score = {frozenset(o.discard): o.score for o in options}
            masks = table.candidates_of(hand)
            discards = table.discards_of(hand)
            assert discards == tuple(tuple(c for i, c in enumerate(hand) if m >> i & 1) for m in masks)
            assert any(score[frozenset(d)] == options[0].score for d in discards)  # ties: any option as good


def test_the_whole_pot_candidate_comes_first(badeucey: CardFeatures) -> None:
    table = badeucey.abstraction(1)
    assert table.candidates_of("7s 5h 4d 3c 2s") == (0,)  # the nuts stand pat
    assert table.discards_of("As Ah Ad Ac Ks") == ((51, 50, 49, 48, 47),)
    hand = "Ks Qh 9d 8c 2s"
    assert table.discards_of(hand)[0] == ()  # pat for the whole pot; Badugi draws to the king
    assert (47,) in table.discards_of(hand)


# ---- lookups ----------------------------------------------------------------------


def test_rows_agree_with_row(features: CardFeatures) -> None:
    table = features.abstraction(1)
    hands = _sample_hands(features.game.hand_size, 50, seed=9)
    rows = table.rows(np.array(hands, dtype=np.uint8))
    assert rows.tolist() == [table.row(h) for h in hands]
    assert table.rows(np.array(hands, dtype=np.int64)).tolist() == rows.tolist()


def test_class_masks_agree_with_canonical_masks() -> None:
    hands = np.array(_sample_hands(5, 3000, seed=1), dtype=np.uint8)
    assert np.array_equal(class_masks(hands), canonical_masks(hands))
    fours = np.array(_sample_hands(4, 2000, seed=2), dtype=np.uint8)
    assert np.array_equal(class_masks(fours), canonical_masks(fours))


def test_the_table_rows_are_the_canonical_hands(features: CardFeatures) -> None:
    assert np.array_equal(features.hands, canonical_hands(features.game.hand_size))


# ---- the cache --------------------------------------------------------------------


def test_the_cache_round_trips_bit_identically(badeucey: CardFeatures, folder: Path, tmp_path: Path) -> None:
    cached = abstraction.cache_file("badeucey", folder)
    assert cached.exists()
    assert CardFeatures.load(cached, game="badeucey") == badeucey
    badeucey.save(tmp_path / "again.npz")
    assert (tmp_path / "again.npz").read_bytes() == cached.read_bytes()
    loaded = CardFeatures.load(tmp_path / "again.npz")
    for a, b in zip(loaded._arrays().values(), badeucey._arrays().values()):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
        assert not a.flags.writeable
    assert loaded.abstraction(2).bucket.tobytes() == badeucey.abstraction(2).bucket.tobytes()


def test_a_damaged_cache_file_is_refused_reported_and_replaced(badugi: CardFeatures, folder: Path,
                                                               tmp_path: Path) -> None:
    good = abstraction.cache_file("badugi", folder).read_bytes()
    path = abstraction.cache_file("badugi", tmp_path)
    damaged = bytearray(good)
    damaged[len(damaged) // 2] ^= 0xFF
    path.write_bytes(bytes(damaged))
    with pytest.raises(ValueError, match="card features file .*damaged|not a readable"):
        CardFeatures.load(path)
    with pytest.warns(RuntimeWarning, match=r"card features file .*: (damaged|not a readable).*; replacing it"):
        again = card_features("badugi", cache=tmp_path)
    assert again == badugi
    assert path.read_bytes() == good


def test_a_cache_folder_that_cannot_be_written_is_reported(badugi: CardFeatures, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("a file where the folder should be")
    with pytest.warns(RuntimeWarning, match="card features not kept in the cache"):
        assert card_features("badugi", cache=tmp_path / "file") == badugi


def test_a_cache_file_of_other_rankings_is_refused(badugi: CardFeatures, tmp_path: Path) -> None:
    badugi.save(tmp_path / "badugi.npz")
    with pytest.raises(ValueError, match="whose rankings differ"):
        CardFeatures.load(tmp_path / "badugi.npz", game="badeucey")
    (tmp_path / "text.npz").write_text("not a zip")
    with pytest.raises(ValueError, match="not a readable card features file"):
        CardFeatures.load(tmp_path / "text.npz")
    with pytest.raises(TypeError, match="file path"):
        CardFeatures.load(3)  # type: ignore[arg-type]


def test_the_cache_folder_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(abstraction.CACHE_ENV, str(tmp_path / "mine"))
    assert abstraction.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv(abstraction.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert abstraction.cache_dir() == tmp_path / "xdg" / "badeucey_fast"
    assert abstraction.cache_file("badeucey", tmp_path).name.startswith("card-features-badeucey-")


def test_a_variant_with_the_same_rankings_shares_the_features(badeucey: CardFeatures, folder: Path) -> None:
    from dataclasses import replace

    variant = replace(get_game("badeucey"), low_qualifier=100)
    table = card_abstraction(variant, 1, cache=folder)
    assert table.game == variant
    assert table.bucket.tobytes() == badeucey.abstraction(1).bucket.tobytes()


# ---- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"game": "holdem"}, ValueError, "unknown game 'holdem'"),
    ({"game": 3}, TypeError, "game must be a name or a Game"),
    ({"draws_left": 4}, ValueError, r"draws_left must be 0\.\.3, got 4"),
    ({"draws_left": -1}, ValueError, r"draws_left must be 0\.\.3, got -1"),
    ({"draws_left": "1"}, TypeError, "draws_left must be an integer"),
    ({"draws_left": True}, TypeError, "draws_left must be an integer"),
    ({"buckets": 0}, ValueError, "buckets must be 1..4,096"),
    ({"buckets": MAX_BUCKETS + 1}, ValueError, "buckets must be 1..4,096"),
    ({"buckets": 1.5}, TypeError, "buckets must be an integer"),
    ({"buckets": 64, "splits": 5}, ValueError, r"splits must divide buckets \(64\), got 5"),
    ({"buckets": 64, "splits": 0}, ValueError, "splits must divide buckets"),
    ({"game": "badugi", "splits": 2}, ValueError, "splits must be 1 in a game with one half"),
    ({"cache": 3}, TypeError, "cache must be True, False or a folder"),
])
def test_bad_arguments_are_refused_before_any_work(kwargs: dict[str, Any], error: type[Exception],
                                                   message: str) -> None:
    arguments: dict[str, Any] = {"game": "badeucey", "draws_left": 1, "cache": False, **kwargs}
    with pytest.raises(error, match=message):
        card_abstraction(**arguments)


@pytest.mark.parametrize(("hand", "error", "message"), [
    ("7s 5h 4d 3c", ValueError, "takes 5 cards, got 4"),
    ("7s 5h 4d 3c 3c", ValueError, "duplicate card 3c"),
    ("7s 5h 4d 3c 1x", ValueError, "unknown card text .1x."),
    ((1, 2, 3, 4, 52), ValueError, "card id 52 is outside 0..51"),
    (3.5, TypeError, "a hand is card text or a sequence"),
])
def test_bad_hands_are_refused(badeucey: CardFeatures, hand: Any, error: type[Exception], message: str) -> None:
    table = badeucey.abstraction(1)
    for lookup in (table.bucket_of, table.candidates_of, table.discards_of, table.row):
        with pytest.raises(error, match=message):
            lookup(hand)


def test_bad_batches_are_refused(badeucey: CardFeatures) -> None:
    table = badeucey.abstraction(1)
    with pytest.raises(TypeError, match="numpy array of card ids"):
        table.rows([[0, 1, 2, 3, 4]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="numpy array of card ids"):
        table.rows(np.zeros((1, 5), dtype=np.float64))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"shape \(N, 5\)"):
        table.rows(np.zeros((1, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="card ids are 0..51"):
        table.rows(np.array([[0, 1, 2, 3, 52]], dtype=np.uint8))
    with pytest.raises(ValueError, match=r"hands\[1\] = \[0, 1, 2, 3, 3\] has a card twice"):
        table.rows(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], dtype=np.uint8))


def test_the_command_builds_into_the_folder(badugi: CardFeatures, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert abstraction.main(["badugi", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    path = abstraction.cache_file("badugi", tmp_path)
    assert str(path) in out and f"{path.stat().st_size:,} bytes" in out
    assert CardFeatures.load(path) == badugi


# ---- the full tables of every game (slow) ----------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 5])
def test_class_masks_agree_with_canonical_masks_on_every_hand(size: int) -> None:
    """Once for each hand size: the classes of every game's table come from these masks."""
    every = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), size)), dtype=np.uint8)
    every = every.reshape(-1, size)
    assert len(every) == math.comb(52, size)
    assert np.array_equal(class_masks(every), canonical_masks(every))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_s_full_table(name: str, tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        features = card_features(name, cache=tmp_path)
    rules = get_game(name)
    size = rules.hand_size
    assert np.array_equal(features.hands, canonical_hands(size))
    assert int(features.weight.astype(np.int64).sum()) == math.comb(52, size)
    for r in range(4):
        table = features.abstraction(r)
        assert int(table.bucket.max()) < table.buckets
        band = table.bucket.astype(np.int64) // table.splits
        assert np.all(np.diff(band[np.argsort(-table.value, kind="stable")]) >= 0)
        masks = table.candidates
        assert np.all((masks < 1 << size) | (masks == NO_CANDIDATE))
        if r < 3:
            assert np.all(features.abstraction(r + 1).value >= table.value - 1e-9)
    assert grid_shape(64, rules.is_split)[0] * grid_shape(64, rules.is_split)[1] == 64
