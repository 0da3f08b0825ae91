"""Property tests (hypothesis) of the public API: invariances every ranking must have.

- card order never changes a rank, for 4- and 5-card hands and every single-hand function;
- relabelling the suits (any permutation of the four, applied to every card) never
  changes a rank;
- each batch function equals its single-hand function, row by row;
- text and ids agree: ``parse_cards(format_cards(ids)) == ids`` and a rank of the text
  is the rank of the ids; every text form RULES.md accepts parses to the same ids;
- ranks stay on the documented scales (Badugi 1..1,092, from 5 cards 1..1,088; 2-7
  1..7,462; A-5 1..6,175);
- the split games are their two halves (Badeucey: Badugi aces high + 2-7; Badacey: Badugi
  aces low + A-5), and a 5-card Badugi is the best of its 4-card subsets.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badeucey_fast as bf

BADUGI_CLASSES = 1092
BADUGI_FIVE_CARD_WORST = 1088  # RULES.md: 5 cards cannot make the four worst one-card classes
DEUCE_SEVEN_CLASSES = 7462
ACE_FIVE_CLASSES = 6175

RANK_CHARS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

SETTINGS = settings(max_examples=150, deadline=None)

Cards = Sequence[int]


def hand(k: int) -> st.SearchStrategy[list[int]]:
    """k distinct card ids."""
    return st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)


four_or_five = st.one_of(hand(4), hand(5))


def badugi_aces_low(cards: Any) -> int:
    return bf.badugi_rank(cards)


def badugi_aces_high(cards: Any) -> int:
    return bf.badugi_rank(cards, ace_high=True)


# Every single-hand function, by the hand sizes it takes.
SINGLE_FUNCTIONS: dict[str, tuple[Callable[[Any], Any], tuple[int, ...]]] = {
    "badugi_rank": (badugi_aces_low, (4, 5)),
    "badugi_rank(ace_high=True)": (badugi_aces_high, (4, 5)),
    "deuce_seven_rank": (bf.deuce_seven_rank, (5,)),
    "ace_five_rank": (bf.ace_five_rank, (5,)),
    "badeucey": (bf.badeucey, (5,)),
    "badacey": (bf.badacey, (5,)),
}


def functions_for(size: int) -> list[tuple[str, Callable[[Any], Any]]]:
    return [(name, f) for name, (f, sizes) in SINGLE_FUNCTIONS.items() if size in sizes]


def all_results(cards: Cards | str, size: int) -> dict[str, Any]:
    """Every single-hand function that takes ``size`` cards, applied to the cards (ids or text)."""
    return {name: f(cards) for name, f in functions_for(size)}


def relabel(cards: Cards, suit_map: Sequence[int]) -> list[int]:
    return [4 * (c // 4) + suit_map[c % 4] for c in cards]


def text_of(cards: Cards) -> str:
    """RULES.md's plain text form, e.g. ``"7s 5h 4d 3c 2s"`` (built here, not by the package)."""
    return " ".join(RANK_CHARS[c // 4] + SUIT_LETTERS[c % 4] for c in cards)


# ------------------------------------------------------------------ invariances


@SETTINGS
@given(data=st.data(), cards=four_or_five)
def test_card_order_never_changes_a_rank(data: st.DataObject, cards: list[int]) -> None:
    reordered = data.draw(st.permutations(cards), label="reordered")
    size = len(cards)
    expected = all_results(cards, size)
    assert all_results(reordered, size) == expected
    assert all_results(tuple(reordered), size) == expected
    assert all_results(text_of(reordered), size) == expected


@SETTINGS
@given(cards=four_or_five, suit_map=st.permutations(range(4)))
def test_suit_relabelling_never_changes_a_rank(cards: list[int], suit_map: list[int]) -> None:
    assert all_results(relabel(cards, suit_map), len(cards)) == all_results(cards, len(cards))


# ------------------------------------------------------------------ batch == single


def batch_array(hands: list[list[int]]) -> np.ndarray[Any, np.dtype[np.uint8]]:
    array = np.ascontiguousarray(np.array(hands, dtype=np.uint8))
    assert array.flags.c_contiguous
    return array


def check_batch(result: Any, expected: list[Any], columns: int | None) -> None:
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.uint16
    shape = (len(expected),) if columns is None else (len(expected), columns)
    assert result.shape == shape
    assert [tuple(row) if columns else row for row in result.tolist()] == expected


@SETTINGS
@given(hands=st.sampled_from([4, 5]).flatmap(lambda k: st.lists(hand(k), min_size=1, max_size=40)))
def test_badugi_batch_equals_single(hands: list[list[int]]) -> None:
    array = batch_array(hands)
    check_batch(bf.badugi_rank_batch(array), [bf.badugi_rank(h) for h in hands], None)
    check_batch(
        bf.badugi_rank_batch(array, ace_high=False), [bf.badugi_rank(h) for h in hands], None
    )
    check_batch(
        bf.badugi_rank_batch(array, ace_high=True),
        [bf.badugi_rank(h, ace_high=True) for h in hands],
        None,
    )


@SETTINGS
@given(hands=st.lists(hand(5), min_size=1, max_size=40))
def test_five_card_batches_equal_single(hands: list[list[int]]) -> None:
    array = batch_array(hands)
    check_batch(bf.deuce_seven_rank_batch(array), [bf.deuce_seven_rank(h) for h in hands], None)
    check_batch(bf.ace_five_rank_batch(array), [bf.ace_five_rank(h) for h in hands], None)
    check_batch(bf.badeucey_batch(array), [tuple(bf.badeucey(h)) for h in hands], 2)
    check_batch(bf.badacey_batch(array), [tuple(bf.badacey(h)) for h in hands], 2)


# ------------------------------------------------------------------ text and ids


@SETTINGS
@given(cards=four_or_five)
def test_format_then_parse_gives_the_ids_back(cards: list[int]) -> None:
    text = bf.format_cards(cards)
    assert isinstance(text, str)
    assert bf.parse_cards(text) == tuple(cards)
    assert bf.format_cards(tuple(cards)) == text
    assert all_results(text, len(cards)) == all_results(cards, len(cards))


@st.composite
def accepted_text(draw: st.DrawFn, cards: list[int]) -> str:
    """One of the text forms RULES.md accepts for the cards: ``T`` or ``10``, suit letters
    or symbols, cards separated by a space or by nothing."""
    parts = []
    for c in cards:
        rank = RANK_CHARS[c // 4]
        if rank == "T":
            rank = draw(st.sampled_from(["T", "10"]))
        suit = draw(st.sampled_from([SUIT_LETTERS[c % 4], SUIT_SYMBOLS[c % 4]]))
        parts.append(rank + suit)
    text = parts[0]
    for part in parts[1:]:
        text += draw(st.sampled_from(["", " "])) + part
    return text


@SETTINGS
@given(data=st.data(), cards=four_or_five)
def test_every_accepted_text_form_parses_to_the_ids(data: st.DataObject, cards: list[int]) -> None:
    text = data.draw(accepted_text(cards), label="text")
    assert bf.parse_cards(text) == tuple(cards)
    assert all_results(text, len(cards)) == all_results(cards, len(cards))


# ------------------------------------------------------------------ scales


@SETTINGS
@given(cards=hand(4))
def test_four_card_badugi_ranks_are_on_the_scale(cards: list[int]) -> None:
    for rank in (bf.badugi_rank(cards), bf.badugi_rank(cards, ace_high=True)):
        assert isinstance(rank, int)
        assert 1 <= rank <= BADUGI_CLASSES


@SETTINGS
@given(cards=hand(5))
def test_five_card_ranks_are_on_the_scales(cards: list[int]) -> None:
    for rank in (bf.badugi_rank(cards), bf.badugi_rank(cards, ace_high=True)):
        assert isinstance(rank, int)
        assert 1 <= rank <= BADUGI_FIVE_CARD_WORST
    d27, a5 = bf.deuce_seven_rank(cards), bf.ace_five_rank(cards)
    assert isinstance(d27, int) and 1 <= d27 <= DEUCE_SEVEN_CLASSES
    assert isinstance(a5, int) and 1 <= a5 <= ACE_FIVE_CLASSES


@pytest.mark.parametrize(
    ("text", "badugi_low", "badugi_high", "deuce_seven", "ace_five"),
    [
        # the ends of every scale (RULES.md)
        ("Ac 2d 3h 4s", 1, None, None, None),
        ("5s 4h 3d 2c", None, 1, None, None),
        ("Kc Kd Kh Ks", BADUGI_CLASSES, None, None, None),
        ("Ac Ad Ah As", None, BADUGI_CLASSES, None, None),
        ("9c Tc Jc Qc Kc", BADUGI_FIVE_CARD_WORST, None, None, None),
        ("Tc Jc Qc Kc Ac", None, BADUGI_FIVE_CARD_WORST, None, None),
        ("7s 5h 4d 3c 2s", None, 1, 1, None),
        ("As Ks Qs Js Ts", None, None, DEUCE_SEVEN_CLASSES, None),
        ("Ac 2d 3h 4s 5c", 1, None, None, 1),
        ("Kc Kd Kh Ks Qc", None, None, None, ACE_FIVE_CLASSES),
    ],
)
def test_scale_ends(
    text: str,
    badugi_low: int | None,
    badugi_high: int | None,
    deuce_seven: int | None,
    ace_five: int | None,
) -> None:
    if badugi_low is not None:
        assert bf.badugi_rank(text) == badugi_low
    if badugi_high is not None:
        assert bf.badugi_rank(text, ace_high=True) == badugi_high
    if deuce_seven is not None:
        assert bf.deuce_seven_rank(text) == deuce_seven
    if ace_five is not None:
        assert bf.ace_five_rank(text) == ace_five


# ------------------------------------------------------------------ composition


@SETTINGS
@given(cards=hand(5))
def test_split_games_are_their_two_halves(cards: list[int]) -> None:
    badeucey = bf.badeucey(cards)
    assert badeucey.badugi == bf.badugi_rank(cards, ace_high=True)
    assert badeucey.low == bf.deuce_seven_rank(cards)
    assert tuple(badeucey) == (badeucey.badugi, badeucey.low)
    badacey = bf.badacey(cards)
    assert badacey.badugi == bf.badugi_rank(cards)
    assert badacey.low == bf.ace_five_rank(cards)
    assert tuple(badacey) == (badacey.badugi, badacey.low)


@SETTINGS
@given(cards=hand(5))
def test_five_card_badugi_is_the_best_four_card_subset(cards: list[int]) -> None:
    """RULES.md: one scale whatever the number of cards; the best subset of 5 cards is a
    subset of one of its 4-card subsets, so the 5-card rank is the best 4-card rank."""
    for ace_high in (False, True):
        best_of_fours = min(
            bf.badugi_rank(list(four), ace_high=ace_high)
            for four in itertools.combinations(cards, 4)
        )
        assert bf.badugi_rank(cards, ace_high=ace_high) == best_of_fours
