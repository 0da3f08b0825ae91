"""badugi_cards: the cards that make the best badugi, against the reference on every hand."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import badeucey_fast as bf

_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.insert(0, _TESTS_DIR)

import reference as ref  # noqa: E402

Hands = npt.NDArray[np.uint8]


@pytest.mark.parametrize(
    ("hand", "ace_high", "expected"),
    [
        ("7s 5h 4d 3c 2s", True, "5h 4d 3c 2s"),
        ("7s 5h 4d 3c 2s", False, "5h 4d 3c 2s"),
        ("Kd 7s 5h 4d 3c", False, "7s 5h 4d 3c"),
        ("As 2s 3d 4h", False, "4h 3d As"),  # aces low: As and 2s share a suit, and 4-3-A beats 4-3-2
        ("As 2s 3d 4h", True, "4h 3d 2s"),
        ("6s 6h 4h 3d 2c", True, "6s 4h 3d 2c"),  # the pair of sixes: the spade six plays
        ("2c 3d 4h 4s 9d", False, "4h 3d 2c"),  # 4h or 4s: the lower card id
        ("2c 2d 2h 2s", False, "2c"),
        ("Kc Qc Jc Tc 9c", False, "9c"),
    ],
)
def test_known_hands(hand: str, ace_high: bool, expected: str) -> None:
    assert bf.format_cards(bf.badugi_cards(hand, ace_high=ace_high)) == expected


def test_cards_rank_as_the_hand_names_them() -> None:
    """The returned cards, highest first, are the ranks hand_name gives the hand's rank."""
    for hand in ("Kd 7s 5h 4d 3c", "6s 6h 4h 3d 2c", "Ac 2d 3h 4s Ks", "Qs Qh Qd Qc 2s"):
        for ace_high in (False, True):
            ranking = "badugi_high" if ace_high else "badugi_low"
            played = bf.badugi_cards(hand, ace_high=ace_high)
            rank = bf.badugi_rank(hand, ace_high=ace_high)
            ranks, _ = bf.class_ranks(rank, ranking)
            assert tuple(c >> 2 for c in played) == tuple(ranks)


def test_order_of_the_cards_does_not_matter() -> None:
    hand = bf.parse_cards("2c 3d 4h 4s 9d")
    answers = {bf.badugi_cards(list(p)) for p in itertools.permutations(hand)}
    assert answers == {bf.parse_cards("4h 3d 2c")}


def test_every_card_form() -> None:
    ids = bf.parse_cards("Kd 7s 5h 4d 3c")
    expected = bf.badugi_cards(ids)
    assert bf.badugi_cards("Kd7s5h4d3c") == expected
    assert bf.badugi_cards(["Kd", "7s", "5h", "4d", "3c"]) == expected
    assert bf.badugi_cards(list(ids)) == expected
    assert bf.badugi_cards(np.array(ids, dtype=np.uint8)) == expected


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="takes 4 or 5 cards, got 3"):
        bf.badugi_cards("As 2s 3d")
    with pytest.raises(ValueError, match="duplicate card As"):
        bf.badugi_cards("As As 3d 4h")
    with pytest.raises(TypeError, match="ace_high must be True or False"):
        bf.badugi_cards("As 2s 3d 4h", ace_high=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="numpy array"):
        bf.badugi_cards_batch([[1, 2, 3, 4]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dtype uint8"):
        bf.badugi_cards_batch(np.array([[1, 2, 3, 4]]))
    with pytest.raises(ValueError, match=r"shape \(N, 4\) or \(N, 5\)"):
        bf.badugi_cards_batch(np.array([[1, 2, 3]], dtype=np.uint8))
    with pytest.raises(ValueError, match=r"hands\[1\] = \[1, 2, 3, 52\] has a card id outside 0..51"):
        bf.badugi_cards_batch(np.array([[1, 2, 3, 4], [1, 2, 3, 52]], dtype=np.uint8))
    with pytest.raises(ValueError, match="C-contiguous"):
        bf.badugi_cards_batch(np.zeros((4, 10), dtype=np.uint8)[:, ::2])
    assert bf.badugi_cards_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0, 5)


def test_batch_agrees_with_one_hand() -> None:
    hands = bf.random_hands(300, seed=5)
    for ace_high in (False, True):
        selected = bf.badugi_cards_batch(hands, ace_high=ace_high)
        for row, chosen in zip(hands, selected):
            assert sorted(row[chosen].tolist()) == sorted(bf.badugi_cards(row.tolist(), ace_high=ace_high))


def _check_against_reference(hands: Hands, ace_high: bool) -> None:
    """The package's cards: the reference's choice, a badugi, and ranked as the hand."""
    selected = bf.badugi_cards_batch(hands, ace_high=ace_high)
    np.testing.assert_array_equal(selected, ref.badugi_cards(hands, ace_high=ace_high))
    size = selected.sum(axis=1)
    assert size.min() >= 1 and size.max() <= 4
    np.testing.assert_array_equal(size, ref.badugi_size(hands))
    # a badugi: no rank and no suit twice among the chosen cards
    ranks_seen = np.zeros((len(hands), 13), dtype=np.int64)
    suits_seen = np.zeros((len(hands), 4), dtype=np.int64)
    for col in range(hands.shape[1]):
        ranks_seen += selected[:, col, None] & ((hands[:, col, None] >> 2) == np.arange(13))
        suits_seen += selected[:, col, None] & ((hands[:, col, None] & 3) == np.arange(4))
    assert ranks_seen.max() == 1 and suits_seen.max() == 1
    # ranked as the hand: the chosen card ranks are the ranks of the hand's class
    ranking = "badugi_high" if ace_high else "badugi_low"
    class_masks = np.zeros(bf.BADUGI_CLASSES + 1, dtype=np.int64)
    for rank in range(1, bf.BADUGI_CLASSES + 1):
        class_masks[rank] = sum(1 << r for r in bf.class_ranks(rank, ranking)[0])
    np.testing.assert_array_equal((ranks_seen << np.arange(13)).sum(axis=1),
                                  class_masks[bf.badugi_rank_batch(hands, ace_high=ace_high)])


@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_sampled_hands_against_reference(ace_high: bool) -> None:
    for cards in (4, 5):
        _check_against_reference(bf.random_hands(20_000, cards=cards, seed=11 + cards), ace_high)


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
@pytest.mark.parametrize("cards", [4, 5])
def test_every_hand_against_reference(cards: int, ace_high: bool) -> None:
    """Every 4- and 5-card hand, in ascending order and with each row shuffled (in blocks of
    65,536 hands, whose arrays stay in the processor's cache: every check is row by row)."""
    hands = ref.all_hands(cards)
    shuffled = np.ascontiguousarray(np.random.default_rng(cards).permuted(hands, axis=1))
    for start in range(0, len(hands), 1 << 16):
        _check_against_reference(hands[start:start + (1 << 16)], ace_high)
        _check_against_reference(shuffled[start:start + (1 << 16)], ace_high)
