"""random_hands and Deck: distinct cards, dead cards, seeds, uniformity, errors.

The uniformity tests compare a chi-square statistic with the critical value at
alpha = 1e-6 (z = 4.753, Wilson-Hilferty), with fixed seeds: they check the
generator, and cannot flake.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, permutations
from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast._core import ffi, lib

Z_TINY_ALPHA = 4.753  # the standard normal's upper 1e-6 point


def chi_square_critical(df: int) -> float:
    """Wilson-Hilferty: the chi-square value exceeded with probability 1e-6."""
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + Z_TINY_ALPHA * math.sqrt(h)) ** 3


def chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def assert_uniform(counter: Counter[Any], cells: list[Any], total: int) -> None:
    assert set(counter) <= set(cells)
    counts = [counter.get(cell, 0) for cell in cells]
    statistic = chi_square(counts, total / len(cells))
    assert statistic < chi_square_critical(len(cells) - 1), (statistic, len(cells))


def distinct_rows(hands: np.ndarray) -> bool:
    ordered = np.sort(hands, axis=1)
    return bool((ordered[:, 1:] != ordered[:, :-1]).all())


# --------------------------------------------------------------------------- #
# random_hands
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("cards", [1, 2, 4, 5, 7, 13, 26, 52])
def test_shape_dtype_and_distinct_cards(cards: int) -> None:
    hands = bf.random_hands(3000, cards=cards, seed=cards)
    assert hands.shape == (3000, cards) and hands.dtype == np.uint8 and hands.flags.c_contiguous
    assert int(hands.max()) <= 51
    assert distinct_rows(hands)
    if cards == 52:  # every row is a permutation of the deck
        assert (np.sort(hands, axis=1) == np.arange(52)).all()


def test_dead_cards_never_dealt() -> None:
    dead = "As Ks Qs 2c 7d"
    dead_ids = set(bf.parse_cards(dead))
    hands = bf.random_hands(5000, cards=5, seed=11, dead=dead)
    assert distinct_rows(hands)
    assert not dead_ids & set(np.unique(hands).tolist())
    assert set(np.unique(hands).tolist()) == set(range(52)) - dead_ids
    every_live = bf.random_hands(50, cards=47, seed=3, dead=sorted(dead_ids))
    assert (np.sort(every_live, axis=1) == sorted(set(range(52)) - dead_ids)).all()
    assert (bf.random_hands(10, seed=4, dead=list(bf.to_pokerkit(dead))) == bf.random_hands(10, seed=4, dead=dead)).all()


def test_reproducible_for_a_seed_and_different_across_seeds() -> None:
    first = bf.random_hands(1000, seed=12345)
    assert (bf.random_hands(1000, seed=12345) == first).all()
    assert (bf.random_hands(1000, seed=np.uint64(12345)) == first).all()
    assert (bf.random_hands(1000, seed=np.int32(12345)) == first).all()
    assert (bf.random_hands(400, seed=12345) == first[:400]).all()  # rows do not depend on n
    assert (bf.random_hands(1000, seed=12346) != first).any(axis=1).mean() > 0.99
    assert (bf.random_hands(1000, seed=2**64 - 1) != first).any(axis=1).mean() > 0.99
    assert (bf.random_hands(1000) != bf.random_hands(1000)).any(axis=1).mean() > 0.99  # fresh seeds


def test_zero_hands() -> None:
    assert bf.random_hands(0).shape == (0, 5)
    assert bf.random_hands(0, cards=3).shape == (0, 3)


def test_feeds_the_batch_functions() -> None:
    hands = bf.random_hands(2000, seed=99)
    ranks = bf.badeucey_batch(hands)
    assert [tuple(r) for r in ranks.tolist()] == [tuple(bf.badeucey(tuple(h))) for h in hands.tolist()]
    four = bf.random_hands(2000, cards=4, seed=98)
    assert bf.badugi_rank_batch(four).tolist() == [bf.badugi_rank(tuple(h)) for h in four.tolist()]


def test_uniform_over_hands_on_a_seven_card_deck() -> None:
    """45 dead cards leave 7: every one of the 35 three-card hands, and every one
    of the 210 ordered deals, equally likely."""
    live = (3, 10, 17, 24, 31, 38, 45)
    dead = [c for c in range(52) if c not in live]
    n = 35 * 6000
    hands = bf.random_hands(n, cards=3, seed=20261201, dead=dead)
    rows = [tuple(h) for h in hands.tolist()]
    assert_uniform(Counter(tuple(sorted(r)) for r in rows), list(combinations(live, 3)), n)
    assert_uniform(Counter(rows), list(permutations(live, 3)), n)


def test_uniform_positions_and_pairs_on_the_full_deck() -> None:
    """Each position's card is uniform over 52, and so is the ordered pair of the
    5th and 6th cards of 7-card hands, which come from different 32-bit words
    (the first five picks share one)."""
    n = 52 * 51 * 40
    hands = bf.random_hands(n, cards=7, seed=7)
    for position in range(7):
        assert_uniform(Counter(hands[:, position].tolist()), list(range(52)), n)
    pairs = Counter(zip(hands[:, 4].tolist(), hands[:, 5].tolist()))
    assert_uniform(pairs, list(permutations(range(52), 2)), n)


def test_uniform_is_detected_when_broken() -> None:
    """The chi-square check rejects a visibly skewed deal (so the tests above can fail)."""
    live = (3, 10, 17, 24, 31, 38, 45)
    dead = [c for c in range(52) if c not in live]
    hands = bf.random_hands(35 * 6000, cards=3, seed=5, dead=dead)
    rows = [tuple(sorted(h)) for h in hands.tolist()]
    skewed = rows + [rows[0]] * 1500  # one hand 25% more likely than the rest
    with pytest.raises(AssertionError):
        assert_uniform(Counter(skewed), list(combinations(live, 3)), len(skewed))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n": -1}, ValueError, "n must be at least 0, got -1"),
        ({"n": 2.0}, TypeError, r"n must be an integer, got 2\.0 \(float\)"),
        ({"n": True}, TypeError, r"n must be an integer, got True \(bool\)"),
        ({"n": "5"}, TypeError, r"n must be an integer, got '5' \(str\)"),
        ({"cards": 0}, ValueError, r"cards must be 1 \.\. 52"),
        ({"cards": 53}, ValueError, r"cards must be 1 \.\. 52"),
        ({"cards": 50, "dead": "2c 2d 2h"}, ValueError, r"cards must be 1 \.\. 49 \(52 cards less 3 dead\), got 50"),
        ({"cards": 5.0}, TypeError, "cards must be an integer"),
        ({"cards": np.True_}, TypeError, r"cards must be an integer, got np\.True_ \(bool\)"),
        ({"seed": -1}, ValueError, r"seed must be in 0 \.\. 2\*\*64 - 1, got -1"),
        ({"seed": 2**64}, ValueError, "seed must be in"),
        ({"seed": 1.5}, TypeError, r"seed must be an integer or None, got 1\.5 \(float\)"),
        ({"seed": True}, TypeError, r"seed must be an integer or None, got True \(bool\)"),
        ({"seed": "7"}, TypeError, r"seed must be an integer or None, got '7' \(str\)"),
        ({"dead": "7x"}, ValueError, "unknown card text '7x'"),
        ({"dead": [52]}, ValueError, "card id 52 is outside 0..51"),
        ({"dead": "2c 2c"}, ValueError, "duplicate card 2c"),
        ({"dead": 5}, TypeError, r"random_hands \(dead\)"),
    ],
)
def test_random_hands_errors(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    n = kwargs.pop("n", 10)
    with pytest.raises(error, match=message):
        bf.random_hands(n, **kwargs)


def test_the_c_core_checks_its_arguments() -> None:
    out = np.zeros((4, 5), dtype=np.uint8)
    buffer = ffi.from_buffer("uint8_t[]", out)

    def run(deck: bytes, n_deck: int, n_cards: int) -> int:
        return int(lib.bdc_random_hands(1, ffi.from_buffer("uint8_t[]", deck), n_deck, n_cards, buffer, 4))

    assert run(bytes(range(52)), 52, 5) == lib.BDC_OK
    assert run(bytes([*range(51), 52]), 52, 5) == lib.BDC_E_CARD
    assert run(bytes([0, 1, 2, 3, 4, 0]), 6, 5) == lib.BDC_E_DUPLICATE
    assert run(bytes(range(5)), 5, 6) == lib.BDC_E_COUNT
    assert run(bytes(range(5)), 5, 0) == lib.BDC_E_COUNT
    assert run(bytes(range(5)), 0, 1) == lib.BDC_E_ARGUMENT
    assert run(bytes(range(53)), 53, 5) == lib.BDC_E_ARGUMENT
    assert lib.bdc_random_hands(1, ffi.from_buffer("uint8_t[]", bytes(range(52))), 52, 5, ffi.NULL, 4) == lib.BDC_E_ARGUMENT
    assert lib.bdc_random_hands(1, ffi.NULL, 52, 5, buffer, 4) == lib.BDC_E_ARGUMENT


# --------------------------------------------------------------------------- #
# Deck
# --------------------------------------------------------------------------- #
def test_a_new_deck_is_in_id_order() -> None:
    deck = bf.Deck()
    assert len(deck) == 52 and list(deck) == list(range(52))
    assert 51 in deck and 52 not in deck
    assert repr(deck).startswith("Deck(52 cards: 2c 2d 2h 2s 3c") and repr(deck).endswith("Ah As)")


def test_deal_takes_cards_off_the_top() -> None:
    deck = bf.Deck(seed=1)
    assert deck.deal(3) == (0, 1, 2)
    assert deck.deal(0) == ()
    assert len(deck) == 49 and list(deck)[:2] == [3, 4]
    assert deck.deal(np.int64(49)) == tuple(range(3, 52))
    assert len(deck) == 0 and repr(deck) == "Deck(0 cards: )"
    with pytest.raises(ValueError, match="1 cards asked for, 0 left in the deck"):
        deck.deal(1)


@pytest.mark.parametrize(
    ("n", "error", "message"),
    [(-1, ValueError, "at least 0"), (1.0, TypeError, r"got 1\.0 \(float\)"), (True, TypeError, r"got True \(bool\)"), (53, ValueError, "53 cards")],
)
def test_deal_errors(n: Any, error: type[Exception], message: str) -> None:
    deck = bf.Deck()
    with pytest.raises(error, match=message):
        deck.deal(n)
    assert len(deck) == 52


def test_remove() -> None:
    deck = bf.Deck(seed=2)
    deck.remove("As Ks")
    deck.remove([0, 1])
    deck.remove(bf.to_pokerkit("7s"))
    assert len(deck) == 47 and not {51, 47, 0, 1, 23} & set(deck)
    deck.remove(())
    assert len(deck) == 47
    with pytest.raises(ValueError, match="As not in the deck"):
        deck.remove("Qs As")
    assert 43 in deck and len(deck) == 47  # nothing removed on an error
    with pytest.raises(ValueError, match="duplicate card Qs"):
        deck.remove("Qs Qs")
    with pytest.raises(ValueError, match="unknown card text"):
        deck.remove("Qx")
    with pytest.raises(TypeError):
        deck.remove(5)  # type: ignore[arg-type]


def test_shuffle_is_reproducible_and_keeps_the_cards() -> None:
    a, b, c = bf.Deck(seed=5), bf.Deck(seed=5), bf.Deck(seed=6)
    a.remove("2c 3c")
    b.remove("2c 3c")
    c.remove("2c 3c")
    for deck in (a, b, c):
        deck.shuffle()
    assert list(a) == list(b) != list(c)
    assert sorted(a) == sorted(set(range(52)) - {0, 4})
    a.shuffle()
    assert list(a) != list(b)  # a second shuffle continues the stream
    assert list(bf.Deck(seed=np.uint64(5))) == list(bf.Deck(seed=5))


def test_shuffle_is_uniform() -> None:
    cells = list(permutations((0, 1, 2, 3)))
    n = 24 * 1000
    seen: Counter[tuple[int, ...]] = Counter()
    deck = bf.Deck(seed=8)
    deck.remove(list(range(4, 52)))
    for _ in range(n):
        deck.shuffle()
        seen[tuple(deck)] += 1
    assert_uniform(seen, cells, n)


@pytest.mark.parametrize(("seed", "error"), [(-1, ValueError), (2**64, ValueError), (1.0, TypeError), (False, TypeError)])
def test_deck_seed_errors(seed: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="Deck: seed"):
        bf.Deck(seed=seed)
