"""Exhaustive checks: the reference against RULES.md, then the package against the reference.

``test_reference_*`` check ``tests/reference.py`` (written only from RULES.md) against the
"Facts to check against" and the worked examples; they do not need the package's
results. ``test_package_*`` compare every ranking of ``badeucey_fast`` with the reference
on every 4- and 5-card hand, in sorted and in shuffled card order.
"""

from __future__ import annotations

import collections
import itertools
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import badeucey_fast as bf
from badeucey_fast._bench.peers import order_disagreement

from .support import BADEUCEY_NUMBER_ONE, BADEUCEY_SIXES, BADUGI_ACES_LOW_BEATS

# The reference sits beside this file; make it importable whatever pytest's import mode.
_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.insert(0, _TESTS_DIR)

import reference as ref  # noqa: E402

Hands = npt.NDArray[np.uint8]
Ranks = npt.NDArray[np.uint16]

SHUFFLE_SEED = 20240607
SAMPLE_SEED = 12345


def cards(text: str) -> Hands:
    """One hand as a (1, k) uint8 array of card ids."""
    return np.array([ref.parse_cards(text)], dtype=np.uint8)


def rank_of(function: Callable[..., Ranks], text: str, **kwargs: Any) -> int:
    """Reference rank of a single hand written as text."""
    return int(function(cards(text), **kwargs)[0])


def counts(values: npt.NDArray[Any]) -> dict[int, int]:
    """How many times each value occurs."""
    keys, numbers = np.unique(values, return_counts=True)
    return dict(zip(keys.tolist(), numbers.tolist()))


# ------------------------------------------------------------------ shared fixtures


@pytest.fixture(scope="module")
def hands4() -> Hands:
    """All 270,725 four-card hands."""
    return ref.all_hands(4)


@pytest.fixture(scope="module")
def hands5() -> Hands:
    """All 2,598,960 five-card hands."""
    return ref.all_hands(5)


@pytest.fixture(scope="module")
def shuffled4(hands4: Hands) -> Hands:
    """All four-card hands, each row's cards in a random (seeded) order."""
    rng = np.random.default_rng(SHUFFLE_SEED)
    return np.ascontiguousarray(rng.permuted(hands4, axis=1))


@pytest.fixture(scope="module")
def shuffled5(hands5: Hands) -> Hands:
    """All five-card hands, each row's cards in a random (seeded) order."""
    rng = np.random.default_rng(SHUFFLE_SEED + 1)
    return np.ascontiguousarray(rng.permuted(hands5, axis=1))


@pytest.fixture(scope="module")
def ref_badugi4_low(hands4: Hands) -> Ranks:
    return ref.badugi_rank(hands4, ace_high=False)


@pytest.fixture(scope="module")
def ref_badugi4_high(hands4: Hands) -> Ranks:
    return ref.badugi_rank(hands4, ace_high=True)


@pytest.fixture(scope="module")
def ref_badugi5_low(hands5: Hands) -> Ranks:
    return ref.badugi_rank(hands5, ace_high=False)


@pytest.fixture(scope="module")
def ref_badugi5_high(hands5: Hands) -> Ranks:
    return ref.badugi_rank(hands5, ace_high=True)


@pytest.fixture(scope="module")
def ref_deuce_seven(hands5: Hands) -> Ranks:
    return ref.deuce_seven_rank(hands5)


@pytest.fixture(scope="module")
def ref_ace_five(hands5: Hands) -> Ranks:
    return ref.ace_five_rank(hands5)


# ======================================================= reference self-checks (RULES.md)


def test_reference_hand_counts(hands4: Hands, hands5: Hands) -> None:
    """C(52,4) = 270,725 and C(52,5) = 2,598,960 hands, each exactly once."""
    assert hands4.shape == (270_725, 4) == (math.comb(52, 4), 4)
    assert hands5.shape == (2_598_960, 5) == (math.comb(52, 5), 5)
    for hands in (hands4, hands5):
        assert hands.dtype == np.uint8
        assert np.all(hands[:, 1:] > hands[:, :-1])  # distinct cards, ascending rows
        # Rows read as base-52 numbers strictly increase: no hand appears twice.
        code = np.zeros(len(hands), dtype=np.int64)
        for col in range(hands.shape[1]):
            code = code * 52 + hands[:, col]
        assert np.all(code[1:] > code[:-1])


@pytest.mark.slow
def test_reference_badugi_sizes_four_cards(hands4: Hands) -> None:
    """4-card hands by Badugi size: 17,160 / 154,440 / 96,252 / 2,873 (4 = 715 x 4!)."""
    assert counts(ref.badugi_size(hands4)) == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    assert 17_160 == 715 * math.factorial(4)
    assert round(100 * 17_160 / math.comb(52, 4), 2) == 6.34  # pat 4-card badugi: 6.34%


@pytest.mark.slow
def test_reference_badugi_sizes_five_cards(hands5: Hands) -> None:
    """Best badugi from 5 cards by size: 514,800 / 1,647,360 / 431,652 / 5,148."""
    assert counts(ref.badugi_size(hands5)) == {4: 514_800, 3: 1_647_360, 2: 431_652, 1: 5_148}


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_reference_badugi_classes_four_cards(
    ace_high: bool, hands4: Hands, ref_badugi4_low: Ranks, ref_badugi4_high: Ranks
) -> None:
    """1,092 dense classes over 4-card hands: 715 four-, 286 three-, 78 two-, 13 one-card."""
    ranks = ref_badugi4_high if ace_high else ref_badugi4_low
    assert ranks.dtype == np.uint16
    assert np.array_equal(np.unique(ranks), np.arange(1, 1093))
    sizes = ref.badugi_size(hands4)
    for size, first, last in [(4, 1, 715), (3, 716, 1001), (2, 1002, 1079), (1, 1080, 1092)]:
        of_size = ranks[sizes == size]
        assert (of_size.min(), of_size.max()) == (first, last)
        assert np.unique(of_size).size == last - first + 1


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_reference_badugi_classes_five_cards(
    ace_high: bool, ref_badugi5_low: Ranks, ref_badugi5_high: Ranks
) -> None:
    """5-card hands use 1..1,088 of the same 1..1,092 scale (the 4 worst one-card classes
    cannot occur)."""
    ranks = ref_badugi5_high if ace_high else ref_badugi5_low
    assert ranks.dtype == np.uint16
    assert np.array_equal(np.unique(ranks), np.arange(1, 1089))


@pytest.mark.slow
def test_reference_deuce_seven_categories(hands5: Hands) -> None:
    """2-7 category counts over all 5-card hands (RULES.md facts)."""
    assert counts(ref.deuce_seven_category(hands5)) == {
        ref.DEUCE_SEVEN_NO_PAIR: 1_303_560,
        ref.DEUCE_SEVEN_PAIR: 1_098_240,
        ref.DEUCE_SEVEN_TWO_PAIR: 123_552,
        ref.DEUCE_SEVEN_TRIPS: 54_912,
        ref.DEUCE_SEVEN_STRAIGHT: 9_180,
        ref.DEUCE_SEVEN_FLUSH: 5_112,
        ref.DEUCE_SEVEN_FULL_HOUSE: 3_744,
        ref.DEUCE_SEVEN_QUADS: 624,
        ref.DEUCE_SEVEN_STRAIGHT_FLUSH: 36,
    }
    assert 1_303_560 == 1_278 * 1_020


@pytest.mark.slow
def test_reference_ace_five_categories(hands5: Hands) -> None:
    """A-5 category counts: no pair 1,317,888 = 1,287 x 1,024; paired ones as in 2-7."""
    assert counts(ref.ace_five_category(hands5)) == {
        ref.ACE_FIVE_NO_PAIR: 1_317_888,
        ref.ACE_FIVE_PAIR: 1_098_240,
        ref.ACE_FIVE_TWO_PAIR: 123_552,
        ref.ACE_FIVE_TRIPS: 54_912,
        ref.ACE_FIVE_FULL_HOUSE: 3_744,
        ref.ACE_FIVE_QUADS: 624,
    }
    assert 1_317_888 == 1_287 * 1_024


@pytest.mark.slow
def test_reference_deuce_seven_classes(ref_deuce_seven: Ranks, hands5: Hands) -> None:
    """7,462 dense 2-7 classes; categories occupy consecutive blocks, best first."""
    assert ref_deuce_seven.dtype == np.uint16
    assert np.array_equal(np.unique(ref_deuce_seven), np.arange(1, 7463))
    category = ref.deuce_seven_category(hands5)
    blocks = [
        (ref.DEUCE_SEVEN_NO_PAIR, 1_278),
        (ref.DEUCE_SEVEN_PAIR, 2_860),
        (ref.DEUCE_SEVEN_TWO_PAIR, 858),
        (ref.DEUCE_SEVEN_TRIPS, 858),
        (ref.DEUCE_SEVEN_STRAIGHT, 9),
        (ref.DEUCE_SEVEN_FLUSH, 1_278),
        (ref.DEUCE_SEVEN_FULL_HOUSE, 156),
        (ref.DEUCE_SEVEN_QUADS, 156),
        (ref.DEUCE_SEVEN_STRAIGHT_FLUSH, 9),
    ]
    _assert_blocks(ref_deuce_seven, category, blocks, 7_462)


@pytest.mark.slow
def test_reference_ace_five_classes(ref_ace_five: Ranks, hands5: Hands) -> None:
    """6,175 dense A-5 classes; categories occupy consecutive blocks, best first."""
    assert ref_ace_five.dtype == np.uint16
    assert np.array_equal(np.unique(ref_ace_five), np.arange(1, 6176))
    category = ref.ace_five_category(hands5)
    blocks = [
        (ref.ACE_FIVE_NO_PAIR, 1_287),
        (ref.ACE_FIVE_PAIR, 2_860),
        (ref.ACE_FIVE_TWO_PAIR, 858),
        (ref.ACE_FIVE_TRIPS, 858),
        (ref.ACE_FIVE_FULL_HOUSE, 156),
        (ref.ACE_FIVE_QUADS, 156),
    ]
    _assert_blocks(ref_ace_five, category, blocks, 6_175)


def _assert_blocks(ranks: Ranks, category: npt.NDArray[np.uint8], blocks: list[tuple[int, int]], classes: int) -> None:
    """Each category holds the next ``size`` consecutive ranks, best category first,
    and the blocks cover all ``classes`` ranks."""
    first = 1
    for code, size in blocks:
        in_block = ranks[category == code]
        assert (in_block.min(), in_block.max(), np.unique(in_block).size) == (
            first,
            first + size - 1,
            size,
        )
        first += size
    assert first - 1 == classes


@pytest.mark.parametrize(("better", "worse"), BADUGI_ACES_LOW_BEATS)
def test_reference_badugi_worked_examples(better: str, worse: str) -> None:
    """RULES.md Badugi worked examples, aces low: each hand beats the next."""
    assert rank_of(ref.badugi_rank, better) < rank_of(ref.badugi_rank, worse)


@pytest.mark.parametrize(
    ("hand", "ace_high", "expected"),
    [
        ("Ac 2d 3h 4s", False, 1),  # aces low: A-2-3-4 rainbow is the best
        ("5c 4d 3h 2s", True, 1),  # aces high: 5-4-3-2 rainbow is the best
        ("5c 3d 2h As", False, 2),  # aces low: 5-3-2-A second
        ("6c 4d 3h 2s", True, 2),  # aces high: 6-4-3-2 second
        ("Ac 2d 3h 4c", False, 716),  # best three-card class: A-2-3
        ("Ac 2d 2c 3c", False, 1002),  # best two-card class: A-2
        ("Kc Kd Kh Ks", False, 1092),  # worst class: one-card king
        ("Ac Ad Ah As", True, 1092),  # aces high: one-card ace is the worst
        ("Ac Ad Ah As", False, 1080),  # aces low: one-card ace is the best one-card
        ("Ac 2d 3h 4s 5c", False, 1),  # from five cards: the 5 is dropped
        (BADEUCEY_NUMBER_ONE, True, 1),  # RULES.md Badeucey: drop 7s, 5h4d3c2s
        (BADEUCEY_SIXES, True, 2),  # RULES.md Badeucey: 6s-4h-3d-2c, only 5432 better
        ("As 5s 4d 3h 2c", True, 1),  # aces high: drop the ace
        ("Kc Kd Kh Ks Ac", False, 1002 + 66),  # A-K: best K-high two-card, after C(12,2)
    ],
)
def test_reference_badugi_known_ranks(hand: str, ace_high: bool, expected: int) -> None:
    """Known Badugi ranks: best hands per convention, size boundaries, worst class."""
    assert rank_of(ref.badugi_rank, hand, ace_high=ace_high) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7s 5h 4d 3c 2s", 1),  # number one
        ("7s 6h 4d 3c 2s", 2),  # a 76
        ("8s 5h 4d 3c 2s", 5),  # best 8: after the 4 sevens (C(5,4) = 5 minus 7-6-5-4-3)
        ("As Kh Qd Jc 9s", 1_278),  # worst no pair
        ("2s 2h 3d 4c 5s", 1_279),  # best pair: any no pair beats it
        ("6s 5h 4d 3c 2s", 1_278 + 2_860 + 858 + 858 + 1),  # best (6-high) straight
        ("As Ks Qs Js Ts", 7_462),  # royal flush is the worst
    ],
)
def test_reference_deuce_seven_known_ranks(hand: str, expected: int) -> None:
    """Known 2-7 ranks: number one, a 76, block boundaries, the royal flush last."""
    assert rank_of(ref.deuce_seven_rank, hand) == expected


def test_reference_deuce_seven_rules() -> None:
    """RULES.md 2-7: a 7-5-4-3-2 flush is not number one; A-2-3-4-5 is ace-high no pair
    (not a straight), so it beats a pair and loses to K-high; pairs lose to any no pair."""
    assert rank_of(ref.deuce_seven_rank, "7s 5s 4s 3s 2s") != 1
    assert int(ref.deuce_seven_category(cards("7s 5s 4s 3s 2s"))[0]) == ref.DEUCE_SEVEN_FLUSH
    wheel = cards("As 2h 3d 4c 5s")
    assert int(ref.deuce_seven_category(wheel)[0]) == ref.DEUCE_SEVEN_NO_PAIR
    assert int(ref.deuce_seven_rank(wheel)[0]) < rank_of(ref.deuce_seven_rank, "2s 2h 3d 4c 5s")
    assert int(ref.deuce_seven_rank(wheel)[0]) > rank_of(ref.deuce_seven_rank, "Ks Qh Jd Tc 8s")
    wheel_flush = cards("As 2s 3s 4s 5s")
    assert int(ref.deuce_seven_category(wheel_flush)[0]) == ref.DEUCE_SEVEN_FLUSH
    assert rank_of(ref.deuce_seven_rank, BADEUCEY_SIXES) > 1_278  # Badeucey example: weak


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("5s 4h 3d 2c As", 1),  # the wheel (suited or not: flushes ignored)
        ("5s 4s 3s 2s As", 1),
        ("6s 4h 3d 2c As", 2),
        ("Ks Qh Jd Tc 9s", 1_287),  # worst no pair
        ("As Ah 2d 3c 4s", 1_288),  # best pair
        ("Ks Kh Kd Kc Qs", 6_175),  # worst hand
    ],
)
def test_reference_ace_five_known_ranks(hand: str, expected: int) -> None:
    """Known A-5 ranks: wheel best, K-K-K-K-Q worst, no pair before any pair."""
    assert rank_of(ref.ace_five_rank, hand) == expected


def test_reference_badacey_best_hand() -> None:
    """RULES.md Badacey: A-2-3-4-5 with A-2-3-4 rainbow is best in both halves."""
    hand = cards("Ac 2d 3h 4s 5c")
    assert int(ref.badugi_rank(hand, ace_high=False)[0]) == 1
    assert int(ref.ace_five_rank(hand)[0]) == 1


def test_reference_three_card_badugi_outs() -> None:
    """RULES.md facts: a 3-card badugi drawing one card has 10 outs of 48 unseen (20.8%
    per draw) and about 51% to make a 4-card badugi over three draws."""
    kept = ref.parse_cards("Ac 2d 3h")
    discarded = ref.parse_cards("Kh")
    unseen = [c for c in range(52) if c not in kept + discarded]
    assert len(unseen) == 48
    hands = np.array([kept + [c] for c in unseen], dtype=np.uint8)
    outs = int(np.sum(ref.badugi_size(hands) == 4))
    assert outs == 10
    assert round(100 * outs / 48, 1) == 20.8
    miss_three = math.prod((48 - outs - i) / (48 - i) for i in range(3))
    assert round(100 * (1 - miss_three)) == 51


def test_reference_rejects_bad_input() -> None:
    """The reference refuses wrong shapes, out-of-range ids and repeated cards."""
    with pytest.raises(ValueError):
        ref.badugi_rank(np.zeros((1, 3), dtype=np.uint8))
    with pytest.raises(ValueError):
        ref.deuce_seven_rank(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(ValueError):
        ref.ace_five_rank(np.array([[0, 1, 2, 3, 3]]))
    with pytest.raises(ValueError):
        ref.parse_cards("Xs")


# Independent, deliberately naive per-hand comparison keys (plain Python, lower = better),
# used to check the vectorised reference orders sampled hands exactly as the rules say.


def _naive_badugi_key(hand: Sequence[int], ace_high: bool) -> tuple[int, tuple[int, ...]]:
    """Best (-(size), values highest first) over subsets of distinct ranks and suits."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(1, 5):
        for subset in itertools.combinations(hand, size):
            ranks = [c // 4 for c in subset]
            if len(set(ranks)) < size or len({c % 4 for c in subset}) < size:
                continue
            values = [r if ace_high else (r + 1) % 13 for r in ranks]
            key = (-size, tuple(sorted(values, reverse=True)))
            best = key if best is None or key < best else best
    assert best is not None
    return best


def _high_poker_groups(values: Sequence[int]) -> tuple[list[int], tuple[int, ...]]:
    """Group sizes (largest first) and values ordered by (group size, value), descending."""
    counter = collections.Counter(values)
    ordered = sorted(counter.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return [n for _, n in ordered], tuple(v for v, n in ordered for _ in range(n))


def _naive_deuce_seven_key(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """High-poker strength (aces high, no wheel); in 2-7 a larger strength is worse."""
    ranks = [c // 4 for c in hand]
    groups, order = _high_poker_groups(ranks)
    flush = len({c % 4 for c in hand}) == 1
    straight = groups == [1] * 5 and max(ranks) - min(ranks) == 4
    strength = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 6,
        (4, 1): 7,
    }[tuple(groups)]
    if straight and flush:
        strength = 8
    elif flush:
        strength = 5
    elif straight:
        strength = 4
    return strength, order


def _naive_ace_five_key(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(category, values by group then value), aces low; lower = better."""
    groups, order = _high_poker_groups([(c // 4 + 1) % 13 for c in hand])
    category = [[1] * 5, [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1]].index(groups)
    return category, order


def _assert_same_order(keys: Sequence[Any], ranks: Ranks) -> None:
    """Ranks order the hands exactly as ``keys`` do, ties included."""
    dense = {key: i for i, key in enumerate(sorted(set(keys)))}  # the keys as a dense lower-is-better score
    found = order_disagreement(ranks, [dense[key] for key in keys])
    assert found is None, (keys[found.first], keys[found.second], ranks[found.first], ranks[found.second])


def _random_hands(k: int, n: int, seed: int) -> Hands:
    """``n`` random k-card hands (distinct cards, random order within rows)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_reference_badugi_matches_naive_order(k: int, ace_high: bool) -> None:
    """On random hands, reference Badugi ranks sort exactly like the naive rule key."""
    hands = _random_hands(k, 3_000, SAMPLE_SEED + k)
    keys = [_naive_badugi_key(row.tolist(), ace_high) for row in hands]
    _assert_same_order(keys, ref.badugi_rank(hands, ace_high=ace_high))


def test_reference_deuce_seven_matches_naive_order() -> None:
    """On random hands (plus every straight/flush class sample), 2-7 ranks sort like the
    naive high-poker strength."""
    extra = [ref.parse_cards(t) for t in ("As 2s 3s 4s 5s", "6h 5h 4h 3h 2h", "Ac Kd Qh Js Ts")]
    hands = np.vstack([_random_hands(5, 3_000, SAMPLE_SEED), np.array(extra, dtype=np.uint8)])
    keys = [_naive_deuce_seven_key(row.tolist()) for row in hands]
    _assert_same_order(keys, ref.deuce_seven_rank(hands))


def test_reference_ace_five_matches_naive_order() -> None:
    """On random hands, A-5 ranks sort like the naive (category, groups) key."""
    hands = _random_hands(5, 3_000, SAMPLE_SEED + 1)
    keys = [_naive_ace_five_key(row.tolist()) for row in hands]
    _assert_same_order(keys, ref.ace_five_rank(hands))


def test_reference_card_order_irrelevant() -> None:
    """Reference ranks do not depend on the order of cards within a row."""
    hands = _random_hands(5, 20_000, SAMPLE_SEED + 2)
    shuffled = np.random.default_rng(SAMPLE_SEED).permuted(hands, axis=1)
    for function in (ref.deuce_seven_rank, ref.ace_five_rank, ref.badugi_rank):
        np.testing.assert_array_equal(function(hands), function(shuffled))
    np.testing.assert_array_equal(
        ref.badugi_rank(hands, ace_high=True), ref.badugi_rank(shuffled, ace_high=True)
    )


# =============================================== package == reference on every hand


def _check(result: npt.NDArray[Any], expected: npt.NDArray[Any]) -> None:
    """Package output has the documented dtype and shape and equals the reference."""
    assert result.dtype == np.uint16
    assert result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_package_badugi_four_cards(
    implementation: str,
    ace_high: bool, hands4: Hands, ref_badugi4_low: Ranks, ref_badugi4_high: Ranks
) -> None:
    expected = ref_badugi4_high if ace_high else ref_badugi4_low
    _check(bf.badugi_rank_batch(hands4, ace_high=ace_high), expected)


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_package_badugi_five_cards(
    implementation: str,
    ace_high: bool, hands5: Hands, ref_badugi5_low: Ranks, ref_badugi5_high: Ranks
) -> None:
    expected = ref_badugi5_high if ace_high else ref_badugi5_low
    _check(bf.badugi_rank_batch(hands5, ace_high=ace_high), expected)


@pytest.mark.slow
def test_package_badugi_default_is_aces_low(implementation: str, hands4: Hands, ref_badugi4_low: Ranks) -> None:
    _check(bf.badugi_rank_batch(hands4), ref_badugi4_low)


@pytest.mark.slow
def test_package_deuce_seven(implementation: str, hands5: Hands, ref_deuce_seven: Ranks) -> None:
    _check(bf.deuce_seven_rank_batch(hands5), ref_deuce_seven)


@pytest.mark.slow
def test_package_ace_five(implementation: str, hands5: Hands, ref_ace_five: Ranks) -> None:
    _check(bf.ace_five_rank_batch(hands5), ref_ace_five)


@pytest.mark.slow
def test_package_badeucey(implementation: str, hands5: Hands, ref_badugi5_high: Ranks, ref_deuce_seven: Ranks) -> None:
    """Badeucey: column 0 Badugi aces high, column 1 deuce-to-seven."""
    _check(bf.badeucey_batch(hands5), np.column_stack([ref_badugi5_high, ref_deuce_seven]))


@pytest.mark.slow
def test_package_badacey(implementation: str, hands5: Hands, ref_badugi5_low: Ranks, ref_ace_five: Ranks) -> None:
    """Badacey: column 0 Badugi aces low, column 1 ace-to-five."""
    _check(bf.badacey_batch(hands5), np.column_stack([ref_badugi5_low, ref_ace_five]))


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_package_shuffled_badugi(
    implementation: str,
    ace_high: bool,
    shuffled4: Hands,
    shuffled5: Hands,
    ref_badugi4_low: Ranks,
    ref_badugi4_high: Ranks,
    ref_badugi5_low: Ranks,
    ref_badugi5_high: Ranks,
) -> None:
    """Card order within a row never changes a Badugi rank (4 and 5 cards)."""
    _check(
        bf.badugi_rank_batch(shuffled4, ace_high=ace_high),
        ref_badugi4_high if ace_high else ref_badugi4_low,
    )
    _check(
        bf.badugi_rank_batch(shuffled5, ace_high=ace_high),
        ref_badugi5_high if ace_high else ref_badugi5_low,
    )


@pytest.mark.slow
def test_package_shuffled_lowball(
    implementation: str,
    shuffled5: Hands,
    ref_deuce_seven: Ranks,
    ref_ace_five: Ranks,
    ref_badugi5_low: Ranks,
    ref_badugi5_high: Ranks,
) -> None:
    """Card order within a row never changes a 2-7, A-5, Badeucey or Badacey rank."""
    _check(bf.deuce_seven_rank_batch(shuffled5), ref_deuce_seven)
    _check(bf.ace_five_rank_batch(shuffled5), ref_ace_five)
    _check(bf.badeucey_batch(shuffled5), np.column_stack([ref_badugi5_high, ref_deuce_seven]))
    _check(bf.badacey_batch(shuffled5), np.column_stack([ref_badugi5_low, ref_ace_five]))


FIVE_CARD_RANKINGS = ("BDC_BADUGI_LOW", "BDC_BADUGI_HIGH", "BDC_DEUCE_SEVEN", "BDC_ACE_FIVE", "BDC_BADEUCEY", "BDC_BADACEY")
"""Every ranking of the C batch entry point that takes five cards (the split games write two ranks a hand)."""


def _c_batch(hands: Hands, ranking: int) -> tuple[int, int, Ranks]:
    """(status, bad row, output) of one ``bdc_rank_batch`` call, on the implementation in use."""
    from badeucey_fast._core import ffi, lib

    split = ranking in (lib.BDC_BADEUCEY, lib.BDC_BADACEY)
    out = np.zeros((len(hands), 2) if split else (len(hands),), dtype=np.uint16)
    bad_row = ffi.new("size_t *")
    status = lib.bdc_rank_batch(
        ranking, ffi.from_buffer("uint8_t[]", hands), len(hands), hands.shape[1], ffi.from_buffer("uint16_t[]", out), bad_row
    )
    return status, bad_row[0], out


def _on(name: str, hands: Hands, ranking: int) -> tuple[int, int, Ranks]:
    """:func:`_c_batch` on implementation ``name``, then back to the one in use."""
    before = bf.implementation()
    bf.use_implementation(name)
    try:
        return _c_batch(hands, ranking)
    finally:
        bf.use_implementation(before)


@pytest.mark.slow
@pytest.mark.parametrize("ranking", FIVE_CARD_RANKINGS)
def test_batches_equal_portable_loop(implementation: str, ranking: str, hands5: Hands, shuffled5: Hands) -> None:
    """Each 5-card batch (vector loops on AVX2 processors, in blocks of 64 hands,
    the rest by the scalar one) equals the portable loop on every hand, in both
    card orders and for batch lengths that leave every possible tail."""
    from badeucey_fast._core import lib

    code = getattr(lib, ranking)
    for hands in (hands5, shuffled5):
        status, _, fast = _c_batch(hands, code)
        portable_status, _, portable = _on("portable", hands, code)
        assert status == portable_status == lib.BDC_OK
        _check(fast, portable)
    for length in range(0, 3 * 64 + 1):
        rows = np.ascontiguousarray(shuffled5[1000 : 1000 + length])
        status, _, fast = _c_batch(rows, code)
        assert status == lib.BDC_OK
        assert np.array_equal(fast, _on("portable", rows, code)[2]), length


def test_batches_report_bad_rows(implementation: str) -> None:
    """A short batch with a duplicate or a bad id: its status and row, for every
    ranking and hand size, on every implementation."""
    from badeucey_fast._core import ffi, lib

    hands5 = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3], [0, 1, 2, 3, 99]], dtype=np.uint8)
    hands4 = np.array([[0, 1, 2, 4], [0, 1, 3, 3], [0, 1, 2, 99]], dtype=np.uint8)
    cases = [(hands5, getattr(lib, ranking)) for ranking in FIVE_CARD_RANKINGS]
    cases += [(hands4, ranking) for ranking in (lib.BDC_BADUGI_LOW, lib.BDC_BADUGI_HIGH)]
    for hands, ranking in cases:
        for rows, status, row in ((hands[:2], lib.BDC_E_DUPLICATE, 1), (hands[::2], lib.BDC_E_CARD, 1)):
            rows = np.ascontiguousarray(rows)
            out = np.zeros(len(rows) * 2, dtype=np.uint16)
            bad_row = ffi.new("size_t *")
            got = lib.bdc_rank_batch(
                ranking,
                ffi.from_buffer("uint8_t[]", rows),
                len(rows),
                rows.shape[1],
                ffi.from_buffer("uint16_t[]", out),
                bad_row,
            )
            assert (got, bad_row[0]) == (status, row)


@pytest.mark.parametrize("ranking", FIVE_CARD_RANKINGS)
def test_batches_report_bad_rows_as_portable_loop(implementation: str, ranking: str) -> None:
    """Bad rows anywhere in a long batch (in a vector block, at its edges, in the
    scalar tail): the first bad row and its status as the portable loop reports
    them, and every row before it ranked."""
    from badeucey_fast._core import lib

    code = getattr(lib, ranking)
    rng = np.random.default_rng(SAMPLE_SEED)
    n = 5 * 64 + 37
    good = np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.uint8)
    bad_cards = [52, 55, 63, 64, 99, 128, 255]
    cases: list[tuple[list[tuple[int, int, int]], int, int]] = []  # ([(row, column, id)], status, first bad row)
    for row in (0, 1, 3, 4, 62, 63, 64, 65, 127, 200, 319, 320, 321, n - 1):
        cases.append(([(row, 4, -1)], lib.BDC_E_DUPLICATE, row))  # -1: a copy of the row's first card
        cases.append(([(row, row % 5, bad_cards[row % len(bad_cards)])], lib.BDC_E_CARD, row))
    cases.append(([(70, 2, -1), (71, 0, 60)], lib.BDC_E_DUPLICATE, 70))  # two bad rows in one block
    cases.append(([(70, 0, 60), (71, 2, -1)], lib.BDC_E_CARD, 70))
    cases.append(([(75, 3, 200), (70, 1, -1)], lib.BDC_E_DUPLICATE, 70))
    cases.append(([(5, 1, 52), (5, 2, 52)], lib.BDC_E_CARD, 5))  # the same bad id twice
    cases.append(([(6, k, 51) for k in range(5)], lib.BDC_E_DUPLICATE, 6))  # one card five times
    expected = _on("portable", good, code)[2]
    for changes, status, first in cases:
        hands = good.copy()
        for row, column, card in changes:
            hands[row, column] = hands[row, 0] if card < 0 else card
        for name in (implementation, "portable"):
            got, bad_row, out = _on(name, hands, code)
            assert (got, bad_row) == (status, first), (name, changes)
            assert np.array_equal(out[:first], expected[:first]), (name, changes)
